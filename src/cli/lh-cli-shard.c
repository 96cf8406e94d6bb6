/* lh-cli-shard.c: --shard I/N and --out FILE (see lh-cli-shard.h). */

#include "lh-config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "lh-cli-common.h"
#include "lh-cli-shard.h"
#include "lh-format.h"

gboolean
lh_cli_shard_parse (const char *text,
                    LhCliShard *shard,
                    GError    **error)
{
  g_auto(GStrv) parts = NULL;
  guint64 index, count;

  g_return_val_if_fail (text != NULL, FALSE);

  parts = g_strsplit (text, "/", -1);
  if (g_strv_length (parts) != 2 ||
      !g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &index, NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &count, NULL))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--shard: “2of4” is not I/N (shard I of N, I from 1 to N)";
                    * keep I/N as it is */
                   _("--shard: “%s” is not I/N (shard I of N, I from 1 to N)"), quoted);
      return FALSE;
    }
  if (count < 1 || count > LH_CLI_MAX_SHARDS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--shard: 1/0: N must be from 1 to 100000" */
                   _("--shard: %s: N must be from 1 to %d"), text, LH_CLI_MAX_SHARDS);
      return FALSE;
    }
  if (index < 1 || index > count)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--shard: 5/4: shards are numbered from 1 to 4" */
                   _("--shard: %s: shards are numbered from 1 to %u"), text, (guint) count);
      return FALSE;
    }
  shard->index = (guint) index;
  shard->count = (guint) count;
  return TRUE;
}

guint
lh_cli_shard_n_items (const LhCliShard *shard,
                      guint             n_items)
{
  return n_items / shard->count + (shard->index - 1 < n_items % shard->count ? 1 : 0);
}

guint
lh_cli_shard_item (const LhCliShard *shard,
                   guint             j)
{
  return shard->index - 1 + j * shard->count;
}

gboolean
lh_cli_shard_owns (const LhCliShard *shard,
                   guint             k)
{
  return k % shard->count == shard->index - 1;
}

void
lh_cli_shard_options_add_entries (LhCliShardOptions *options,
                                  GOptionContext    *context)
{
  options->entries[0] = (GOptionEntry) {
    "shard", 0, 0, G_OPTION_ARG_STRING, &options->spec,
    N_("Play only shard I of N (I from 1 to N): the games k (from 0) with k mod N = I − 1, "
       "each with its own seed; write them as a part file for “lookahead-cli merge” "
       "instead of the results"),
    N_("I/N") };
  options->entries[1] = (GOptionEntry) {
    "out", 0, 0, G_OPTION_ARG_FILENAME, &options->out_path,
    N_("With --shard: write the part file to FILE (replaced whole, never left half "
       "written) instead of standard output"),
    N_("FILE") };
  options->entries[2] = (GOptionEntry) { NULL };
  lh_cli_context_add_entries (context, options->entries);
}

gboolean
lh_cli_shard_options_check (LhCliShardOptions *options,
                            const char        *games_option,
                            guint              n_games,
                            GError           **error)
{
  options->active = options->spec != NULL;
  options->shard = (LhCliShard) { 1, 1 };
  if (!options->active)
    {
      if (options->out_path != NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--out goes with --shard: only a shard writes a part file"));
          return FALSE;
        }
      return TRUE;
    }
  if (!lh_cli_shard_parse (options->spec, &options->shard, error))
    return FALSE;
  if (options->shard.count > n_games)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--shard: 3/8: 8 shards for 4 games (--games): at most
                    * one shard a game" */
                   _("--shard: %s: %u shards for %u games (%s): at most one shard a game"),
                   options->spec, options->shard.count, n_games, games_option);
      return FALSE;
    }
  return TRUE;
}

void
lh_cli_shard_options_clear (LhCliShardOptions *options)
{
  g_clear_pointer (&options->spec, g_free);
  g_clear_pointer (&options->out_path, g_free);
}
