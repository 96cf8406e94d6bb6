/* lh-cli-heuristic-options.c: the heuristic's options of lookahead-cli
 * (--preset, --set) and the heuristic in its help, JSON and logs (see
 * lh-cli-heuristic-options.h and lh-cli-options.h). */
#include "lh-config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-heuristic-options.h"
#include "lh-cli-json.h"
#include "lh-format.h"
#include "lh-preset.h"

/* "balanced, nneonneo, snake, weight-matrix, corner". */
static char *
builtin_names (void)
{
  guint n = 0;
  const LhPreset *list = lh_preset_get_builtin (&n);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", list[i].id);
  return g_string_free (text, FALSE);
}

/* The heuristic starts from @preset's (--set applies after it). */
static void
use_preset (LhCliSearchOptions *options, const LhPreset *preset)
{
  options->have_preset = TRUE;
  options->preset = preset->heuristic;
  g_free (options->preset_name);
  options->preset_name = g_strdup (preset->name);
}

/* --preset NAME|FILE: a built-in preset's name (lh_preset_find_builtin():
 * balanced, nneonneo, snake, weight-matrix, corner) unless a file of that
 * name exists, else a preset file, loaded now so its errors are the
 * parse's. */
gboolean
lh_cli_heuristic_on_preset (const char *option_name,
                            const char *value,
                            gpointer    user_data,
                            GError    **error)
{
  LhCliSearchOptions *options = user_data;
  const LhPreset *builtin = lh_preset_find_builtin (value);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) load_error = NULL;
  g_autoptr(LhPreset) preset = NULL;

  if (builtin != NULL && !g_file_test (value, G_FILE_TEST_EXISTS))
    {
      use_preset (options, builtin);
      return TRUE;
    }
  file = g_file_new_for_commandline_arg (value);
  preset = lh_preset_load_file (file, &load_error);
  if (preset == NULL)
    {
      g_autofree char *names = builtin_names ();

      g_autofree char *quoted = lh_format_excerpt (value, -1, LH_FORMAT_EXCERPT_SHORT);
      /* The loader's messages quote the file safely already. */
      g_autofree char *reason = lh_format_excerpt (load_error->message, -1, 0);

      /* A name that is neither is the command line's mistake (status 2); a
       * file that is there but cannot be read or is not a preset is the
       * file's (status 1, LH_CLI_ERROR_FILE). */
      if (g_error_matches (load_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     /* TRANSLATORS: "--preset: “x” is neither a built-in preset (balanced,
                      * ...) nor a file: x: No such file or directory" */
                     _("%s: “%s” is neither a built-in preset (%s) nor a file: %s"),
                     option_name, quoted, names, reason);
      else
        g_set_error (error, LH_CLI_ERROR, LH_CLI_ERROR_FILE,
                     /* TRANSLATORS: "--preset: my.json: heuristic: unknown key “x”" (the
                      * second %s is the preset loader's message, which names the file) */
                     _("%s: %s"), option_name, reason);
      return FALSE;
    }
  use_preset (options, preset);
  return TRUE;
}

/* Parses @text as a heuristic value for @info: a finite real number in its
 * range.  The messages name the key. */
gboolean
lh_cli_heuristic_parse_value (const LhHeuristicParamInfo *info,
                       const char                 *text,
                       double                     *out,
                       GError                    **error)
{
  g_autoptr(GError) range_error = NULL;
  double value;

  if (!lh_cli_parse_real_option (info->key, text, &value, error))
    return FALSE;
  if (!lh_heuristic_param_check (info, value, &range_error))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, range_error->message);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

guint
lh_cli_heuristic_index (const LhHeuristicParamInfo *info)
{
  guint n_params;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);

  g_assert (info >= list && info < list + n_params);
  return (guint) (info - list);
}

/* An unknown heuristic key: the message lists the keys. */
static gboolean
bad_heuristic_key (const char *name, GError **error)
{
  g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");

  g_autofree char *quoted = lh_format_excerpt (name, -1, LH_FORMAT_EXCERPT_SHORT);

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "no heuristic parameter is called “x” (keys: empty_weight, ...)" */
               _("no heuristic parameter is called “%s” (keys: %s)"), quoted, keys);
  return FALSE;
}

/* --set NAME=VALUE (@raw_value as the command line has it, bytes). */
gboolean
lh_cli_heuristic_on_set (const char *option_name,
                         const char *raw_value,
                         gpointer    user_data,
                         GError    **error)
{
  LhCliSearchOptions *options = user_data;
  g_autoptr(GError) set_error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *value = lh_cli_option_to_utf8 (option_name, raw_value, error);
  const LhHeuristicParamInfo *info;
  const char *equals;
  double number = 0;

  if (value == NULL)
    return FALSE;
  equals = strchr (value, '=');
  if (equals == NULL)
    {
      g_autofree char *quoted = lh_format_excerpt (value, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--set: “x” is not NAME=VALUE" */
                   _("%s: “%s” is not NAME=VALUE"), option_name, quoted);
      return FALSE;
    }
  name = g_strndup (value, equals - value);
  info = lh_heuristic_param_find (name);
  if (info == NULL)
    bad_heuristic_key (name, &set_error);
  else
    lh_cli_heuristic_parse_value (info, equals + 1, &number, &set_error);
  if (set_error != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--set: heuristic parameter x = 3 is out of range (0 to 1)" */
                   _("%s: %s"), option_name, set_error->message);
      return FALSE;
    }
  options->heuristic_set[lh_cli_heuristic_index (info)] = TRUE;
  options->heuristic_value[lh_cli_heuristic_index (info)] = number;
  return TRUE;
}

void
lh_cli_heuristic_add_options_json (const LhCliSearchOptions *options,
                                   JsonBuilder              *builder)
{
  guint n_params;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);
  gboolean any_set = FALSE;

  if (options->have_preset)
    {
      g_autoptr(LhPreset) preset = lh_preset_new (options->preset_name, &options->preset);

      json_builder_set_member_name (builder, "preset");
      json_builder_add_value (builder, lh_preset_to_json (preset));
    }
  for (guint i = 0; i < n_params; i++)
    {
      if (!options->heuristic_set[i])
        continue;
      if (!any_set)
        {
          json_builder_set_member_name (builder, "set");
          json_builder_begin_object (builder);
          any_set = TRUE;
        }
      json_builder_set_member_name (builder, list[i].key);
      json_builder_add_double_value (builder, options->heuristic_value[i]);
    }
  if (any_set)
    json_builder_end_object (builder);
}

gboolean
lh_cli_heuristic_read_preset_json (LhCliSearchOptions *options,
                                   JsonNode           *node,
                                   GError            **error)
{
  g_autoptr(GError) preset_error = NULL;
  g_autoptr(LhPreset) preset = lh_preset_from_json (node, &preset_error);

  if (preset == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "preset: %s", preset_error->message);
      return FALSE;
    }
  use_preset (options, preset);
  return TRUE;
}

gboolean
lh_cli_heuristic_read_set_json (LhCliSearchOptions *options,
                                JsonNode           *node,
                                GError            **error)
{
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("set: not an object"));
      return FALSE;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      const LhHeuristicParamInfo *info = lh_heuristic_param_find (key);
      g_autofree char *text = lh_cli_json_number_text (json_object_get_member (object, key));
      g_autoptr(GError) value_error = NULL;
      double number = 0.0;

      if (info == NULL)
        bad_heuristic_key (key, &value_error);
      else if (text == NULL)
        g_set_error (&value_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     /* TRANSLATORS: %s is a heuristic key */
                     _("%s is not a number"), key);
      else
        lh_cli_heuristic_parse_value (info, text, &number, &value_error);
      if (value_error != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "set: %s", value_error->message);
          return FALSE;
        }
      options->heuristic_set[lh_cli_heuristic_index (info)] = TRUE;
      options->heuristic_value[lh_cli_heuristic_index (info)] = number;
    }
  return TRUE;
}

const char *
lh_cli_search_options_get_preset_name (const LhCliSearchOptions *options)
{
  return options->have_preset ? options->preset_name : NULL;
}

char *
lh_cli_heuristic_help (void)
{
  GString *text = g_string_new (NULL);
  LhHeuristicParams defaults;
  guint n_params;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);
  int width = 0;

  lh_heuristic_params_init_default (&defaults);
  for (guint i = 0; i < n_params; i++)
    width = MAX (width, (int) strlen (list[i].key));

  g_string_append (text, _("Heuristic parameters (--set NAME=VALUE and the \"heuristic\" object of a\n"
                           "preset file), each with its valid range and default:"));
  for (guint i = 0; i < n_params; i++)
    {
      const LhHeuristicParamInfo *info = &list[i];

      g_string_append_printf (text, "\n  %-*s  ", width, info->key);
      if (info->min_exclusive)
        /* TRANSLATORS: a range whose lower bound is excluded: "more than 1, up to 10" */
        g_string_append_printf (text, _("more than %g, up to %g"), info->min, info->max);
      else
        /* TRANSLATORS: a range: "0 to 1e+06" */
        g_string_append_printf (text, _("%g to %g"), info->min, info->max);
      /* TRANSLATORS: after a range: " (default 1000)" */
      g_string_append_printf (text, _(" (default %g)"), lh_heuristic_params_get (&defaults, info));
    }
  return g_string_free (text, FALSE);
}

void
lh_cli_heuristic_add_json (JsonBuilder             *builder,
                           const char              *name,
                           const LhHeuristicParams *heuristic)
{
  guint n_params;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);

  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < n_params; i++)
    {
      json_builder_set_member_name (builder, list[i].key);
      json_builder_add_double_value (builder, lh_heuristic_params_get (heuristic, &list[i]));
    }
  json_builder_end_object (builder);
}

char *
lh_cli_heuristic_describe_changes (const LhHeuristicParams *heuristic)
{
  GString *text = g_string_new (NULL);
  LhHeuristicParams defaults;
  guint n_params;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);

  lh_heuristic_params_init_default (&defaults);
  for (guint i = 0; i < n_params; i++)
    {
      double value = lh_heuristic_params_get (heuristic, &list[i]);

      if (value != lh_heuristic_params_get (&defaults, &list[i]))
        g_string_append_printf (text, "%s%s %g", text->len > 0 ? ", " : "", list[i].key, value);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

