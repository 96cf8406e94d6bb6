/* lh-cli-convert.c: `lookahead-cli convert` (see lh-cli-convert.h). */

#include "lh-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "lh-cli-convert.h"
#include "lh-cli-evaluator-options.h"
#include "lh-ntuple-file.h"
#include "lh-tdl2048-file.h"

/* Reads @path: TDL2048+'s format when its bytes say so (with @stages),
 * else Lookahead's.  *@tdl2048 says which. */
static LhNtuple *
load_any (const char *path, const char *stages, LhNtupleFileInfo *info, gboolean *tdl2048,
          GError **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GMappedFile) mapped = lh_ntuple_file_map (path, &name, error);
  const guint8 *data;
  gsize length;

  if (mapped == NULL)
    return NULL;
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  length = g_mapped_file_get_length (mapped);
  *tdl2048 = lh_tdl2048_file_sniff (data, length);
  if (*tdl2048)
    return lh_tdl2048_file_load_bytes (data, length, name, stages, info, error);
  return lh_ntuple_file_load_bytes (data, length, name, info, error);
}

int
lh_cli_convert (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *out = NULL;
  g_autofree char *stages = NULL;
  g_autofree char *name = NULL;
  g_autofree char *quantum_text = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *stages_text = NULL;
  g_autofree char *memory = NULL;
  gboolean quantise = FALSE, tdl2048 = FALSE;
  LhNtupleFileEncoding encoding;
  LhNtupleFileInfo info = { 0 };
  double quantum;
  int status;
  const GOptionEntry entries[] = {
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Where to save the network"), N_("FILE") },
    { "stages", 0, 0, G_OPTION_ARG_STRING, &stages,
      N_("For a staged network of TDL2048+: the tiles that begin stages 1, 2 … (its -@ thresholds after the 0), for example 16384 or 16384,32768,32768+16384 (default: those of TDL2048+'s README for 2 and 4 stages)"),
      N_("STAGES") },
    { "quantise", 0, 0, G_OPTION_ARG_NONE, &quantise,
      N_("Save 16-bit weights with a scale per shape (smaller; error at most 1/65534 of the largest)"), NULL },
    { "quantum", 0, 0, G_OPTION_ARG_STRING, &quantum_text,
      N_("With --quantise: save the weights in steps of P points at the coarsest (far smaller files)"),
      N_("P") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("A name for the network, saved in its file (default: the name it has)"), N_("TEXT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = lh_cli_command_context_new (command, _(
    "Reads an n-tuple network, a weight file (.w) of TDL2048+ (moporgic/TDL2048) or a\n"
    "network of Lookahead, and saves it as a network file of Lookahead (.lhnet):\n"
    "compressed, checked, with its name, and smaller with --quantise.  The window\n"
    "and --weights also read TDL2048+'s files as they are; convert gives a staged\n"
    "network its stages and makes the file small.  A network of Lookahead is saved\n"
    "without its TC tables.\n"
    "\n"
    "Example:\n"
    "  lookahead-cli convert 4x6patt.w --quantise -o 4x6patt.lhnet\n"
    "  lookahead-cli convert 4x6patt@2.w --stages 16384 -o staged.lhnet"),
    entries, NULL);
  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (files == NULL || files[0] == NULL)
    return lh_cli_usage_error (_("give the network file to convert"));
  if (files[1] != NULL)
    return lh_cli_usage_error (_("give one network file to convert, not %u"),
                               g_strv_length (files));
  if (out == NULL)
    return lh_cli_usage_error (_("--out: say where to save the network"));
  if (name != NULL && strlen (name) > LH_NTUPLE_FILE_MAX_NAME)
    return lh_cli_usage_error (_("--name: longer than %d bytes"), LH_NTUPLE_FILE_MAX_NAME);
  if (!lh_cli_network_encoding_parse (quantise, quantum_text, &encoding, &quantum, &error))
    return lh_cli_usage_error ("%s", error->message);

  net = load_any (files[0], stages, &info, &tdl2048, &error);
  if (net == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT))
        return lh_cli_usage_error ("--stages: %s", error->message);
      return lh_cli_failure ("%s", error->message);
    }
  if (!tdl2048 && stages != NULL)
    {
      lh_ntuple_file_info_clear (&info);
      return lh_cli_usage_error (_("--stages: only for a network of TDL2048+; %s is a network "
                                   "of Lookahead, whose file holds its stages"),
                                 files[0]);
    }
  if (name != NULL)
    {
      g_free (info.name);
      info.name = g_steal_pointer (&name);
    }
  if (!lh_ntuple_file_save_full (net, &info, encoding, quantum, NULL, out, &error))
    {
      lh_ntuple_file_info_clear (&info);
      return lh_cli_failure ("%s", error->message);
    }

  shown = g_filename_display_name (out);
  stages_text = lh_ntuple_stages_to_string (net);
  memory = g_format_size (lh_ntuple_get_memory (net));
  /* TRANSLATORS: convert's summary: the name of the network, the file
   * written, the weights' memory ("256.0 MB") */
  printf (_("Saved “%s” to %s (%s of weights"), info.name, shown, memory);
  if (stages_text[0] != '\0')
    /* TRANSLATORS: continues the summary: the stages ("16384") */
    printf (_("; stages %s"), stages_text);
  printf (")\n");
  lh_ntuple_file_info_clear (&info);
  return LH_CLI_EXIT_OK;
}
