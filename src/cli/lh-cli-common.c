/* lh-cli-common.c: what the subcommands of lookahead-cli share. */

#include "lh-config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-common.h"
#include "lh-format.h"
#include "lh-i18n.h"
#include "lh-cli-options.h"

G_DEFINE_QUARK (lh-cli-error-quark, lh_cli_error)

static void
print_main_help (FILE               *stream,
                 const LhCliCommand *commands,
                 guint               n_commands)
{
  guint width = 0;
  guint i;

  for (i = 0; i < n_commands; i++)
    width = MAX (width, (guint) strlen (commands[i].name));

  fprintf (stream, "%s\n  %s %s\n\n", _("Usage:"), LH_CLI_PROGRAM_NAME,
           /* TRANSLATORS: placeholders in the usage line */
           _("COMMAND [OPTION…]"));
  fprintf (stream, "%s\n\n",
           _("Plays, analyses and benchmarks 2048 with the solvers of Lookahead, without a window."));
  fprintf (stream, "%s\n", _("Commands:"));
  for (i = 0; i < n_commands; i++)
    fprintf (stream, "  %-*s  %s\n", (int) width, commands[i].name, _(commands[i].summary));
  fprintf (stream, "\n%s\n", _("Options:"));
  fprintf (stream, "  -h, --help     %s\n", _("Show this help"));
  fprintf (stream, "  --version      %s\n\n", _("Show the version"));
  /* TRANSLATORS: %s is the program name, lookahead-cli */
  fprintf (stream, _("Run “%s COMMAND --help” for the options of a command.\n"),
           LH_CLI_PROGRAM_NAME);
}

static const LhCliCommand *
find_command (const LhCliCommand *commands,
              guint               n_commands,
              const char         *name)
{
  guint i;

  for (i = 0; i < n_commands; i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

int
lh_cli_main (const LhCliCommand *commands,
             guint               n_commands,
             int                 argc,
             char              **argv)
{
  const LhCliCommand *command;
  const char *first;

  lh_i18n_init ();
  g_set_prgname (LH_CLI_PROGRAM_NAME);

  if (argc < 2)
    {
      print_main_help (stderr, commands, n_commands);
      return LH_CLI_EXIT_USAGE;
    }

  first = argv[1];
  if (g_str_equal (first, "--help") || g_str_equal (first, "-h") || g_str_equal (first, "-?"))
    {
      print_main_help (stdout, commands, n_commands);
      return lh_cli_finish_output ();
    }
  if (g_str_equal (first, "--version"))
    {
      g_print ("%s %s\n", LH_CLI_PROGRAM_NAME, PACKAGE_VERSION);
      return lh_cli_finish_output ();
    }
  if (g_str_equal (first, "help"))
    {
      char *help_argv[3];

      if (argc < 3)
        {
          print_main_help (stdout, commands, n_commands);
          return lh_cli_finish_output ();
        }
      command = find_command (commands, n_commands, argv[2]);
      if (command == NULL)
        {
          g_autofree char *quoted = lh_format_excerpt (argv[2], -1, LH_FORMAT_EXCERPT_SHORT);

          /* TRANSLATORS: %s is what the user typed as a command name */
          return lh_cli_usage_error (_("unknown command “%s”"), quoted);
        }
      help_argv[0] = argv[2];
      help_argv[1] = (char *) "--help";
      help_argv[2] = NULL;
      lh_engine_init ();
      return command->run (command, 2, help_argv);
    }
  command = find_command (commands, n_commands, first);
  if (command == NULL)
    {
      g_autofree char *quoted = lh_format_excerpt (first, -1, LH_FORMAT_EXCERPT_SHORT);

      if (first[0] == '-')
        /* TRANSLATORS: %s is an option the user typed before any command */
        return lh_cli_usage_error (_("unknown option “%s”"), quoted);
      return lh_cli_usage_error (_("unknown command “%s”"), quoted);
    }

  lh_engine_init ();
  return command->run (command, argc - 1, argv + 1);
}

/* A text option of a command (G_OPTION_ARG_STRING or _STRING_ARRAY), read as
 * bytes and made UTF-8 by lh_cli_parse_options(). */
typedef struct {
  char     *option;    /* "--board" */
  gpointer  arg_data;  /* char ** or char *** */
  gboolean  array;
} TextOption;

#define TEXT_OPTIONS_KEY "lh-cli-text-options"

static void
text_option_clear (gpointer data)
{
  g_free (((TextOption *) data)->option);
}

char *
lh_cli_option_to_utf8 (const char *option, const char *value, GError **error)
{
  const char *charset;
  gboolean utf8_locale;
  g_autofree char *quoted = NULL;

  if (value == NULL)
    return NULL;
  if (g_utf8_validate (value, -1, NULL))
    return g_strdup (value);
  utf8_locale = g_get_charset (&charset);
  if (!utf8_locale)
    {
      char *converted = g_locale_to_utf8 (value, -1, NULL, NULL, NULL);

      if (converted != NULL)
        return converted;
    }
  quoted = lh_format_excerpt (value, -1, LH_FORMAT_EXCERPT_SHORT);
  if (utf8_locale)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 /* TRANSLATORS: "--board: “2 \xFF/0 0” is not valid UTF-8 text" */
                 _("%s: “%s” is not valid UTF-8 text"), option, quoted);
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 /* TRANSLATORS: "--board: “2 \xFF/0 0” is neither UTF-8 text nor text in the
                  * locale's character set (ANSI_X3.4-1968)" */
                 _("%s: “%s” is neither UTF-8 text nor text in the locale's character set (%s)"),
                 option, quoted, charset);
  return NULL;
}

/* Makes the values of @texts UTF-8 in place. */
static gboolean
convert_text_options (GArray *texts, GError **error)
{
  for (guint i = 0; texts != NULL && i < texts->len; i++)
    {
      const TextOption *text = &g_array_index (texts, TextOption, i);
      char **values = text->array ? *(char ***) text->arg_data : (char **) text->arg_data;
      guint n = text->array ? (values != NULL ? g_strv_length (values) : 0) : 1;

      for (guint k = 0; k < n; k++)
        {
          char *converted;

          if (values[k] == NULL || g_utf8_validate (values[k], -1, NULL))
            continue;
          converted = lh_cli_option_to_utf8 (text->option, values[k], error);
          if (converted == NULL)
            return FALSE;
          g_free (values[k]);
          values[k] = converted;
        }
    }
  return TRUE;
}

void
lh_cli_context_add_entries (GOptionContext *context, const GOptionEntry *entries)
{
  GArray *texts = g_dataset_get_data (context, TEXT_OPTIONS_KEY);
  g_autofree GOptionEntry *raw_entries = NULL;
  gsize n_entries = 0;

  g_return_if_fail (texts != NULL);

  /* GOption converts a text option's value from the locale's character set
   * and fails with a message that names no option (in the C locale, for any
   * byte above 127); read them as bytes instead, as file names are, and let
   * lh_cli_parse_options() convert and check them with messages naming the
   * option. */
  while (entries != NULL && entries[n_entries].long_name != NULL)
    n_entries++;
  if (n_entries == 0)
    return;
  raw_entries = g_new0 (GOptionEntry, n_entries + 1);
  for (gsize i = 0; i < n_entries; i++)
    {
      raw_entries[i] = entries[i];
      if (entries[i].arg == G_OPTION_ARG_STRING || entries[i].arg == G_OPTION_ARG_STRING_ARRAY)
        {
          TextOption text = {
            g_strconcat ("--", entries[i].long_name, NULL), entries[i].arg_data,
            entries[i].arg == G_OPTION_ARG_STRING_ARRAY,
          };

          raw_entries[i].arg = text.array ? G_OPTION_ARG_FILENAME_ARRAY : G_OPTION_ARG_FILENAME;
          g_array_append_val (texts, text);
        }
    }
  g_option_group_add_entries (g_option_context_get_main_group (context), raw_entries);
}

GOptionContext *
lh_cli_command_context_new (const LhCliCommand *command,
                            const char         *description,
                            const GOptionEntry *entries,
                            LhCliSearchOptions *search)
{
  g_autofree char *prgname = g_strdup_printf ("%s %s", LH_CLI_PROGRAM_NAME, command->name);
  GArray *texts = g_array_new (FALSE, TRUE, sizeof (TextOption));
  GOptionContext *context;
  GOptionGroup *group;

  /* Usage lines and messages read "lookahead-cli bench ..." */
  g_set_prgname (prgname);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _(command->summary));
  if (description != NULL)
    g_option_context_set_description (context, description);
  g_option_context_set_help_enabled (context, TRUE);
  g_array_set_clear_func (texts, text_option_clear);
  g_dataset_set_data_full (context, TEXT_OPTIONS_KEY, texts, (GDestroyNotify) g_array_unref);

  /* One main group, so that --help lists every option (another group would
   * show only under --help-all); its user data reaches the callbacks. */
  group = g_option_group_new (NULL, NULL, NULL, search, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_context_set_main_group (context, group);
  lh_cli_context_add_entries (context, entries);
  if (search != NULL)
    lh_cli_search_options_add_entries (search, group);
  return context;
}

static void
print_prefixed (const char *format, va_list args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  /* Each quote of outside text is an excerpt already; this is the last guard
   * that every message is UTF-8. */
  if (!g_utf8_validate (message, -1, NULL))
    {
      char *valid = lh_format_excerpt (message, -1, 0);

      g_free (message);
      message = valid;
    }
  fflush (stdout);
  g_printerr ("%s: %s\n", g_get_prgname (), message);
}

int
lh_cli_usage_error (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  print_prefixed (format, args);
  va_end (args);
  /* TRANSLATORS: %s is the command, e.g. "lookahead-cli bench" */
  g_printerr (_("Try “%s --help” for more information.\n"), g_get_prgname ());
  return LH_CLI_EXIT_USAGE;
}

int
lh_cli_failure (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  print_prefixed (format, args);
  va_end (args);
  return LH_CLI_EXIT_FAILURE;
}

int
lh_cli_parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr(GError) error = NULL;
  gboolean parsed = g_option_context_parse (context, argc, argv, &error);

  if (parsed)
    parsed = convert_text_options (g_dataset_get_data (context, TEXT_OPTIONS_KEY), &error);
  g_dataset_remove_data (context, TEXT_OPTIONS_KEY);
  if (!parsed)
    {
      /* GOption's own messages quote the arguments as they are. */
      g_autofree char *message = lh_format_excerpt (error->message, -1, LH_FORMAT_EXCERPT_MESSAGE);

      if (g_error_matches (error, LH_CLI_ERROR, LH_CLI_ERROR_FILE))
        return lh_cli_failure ("%s", message);
      return lh_cli_usage_error ("%s", message);
    }

  if (*argc > 1)
    {
      g_autofree char *quoted = lh_format_excerpt ((*argv)[1], -1, LH_FORMAT_EXCERPT_SHORT);

      /* TRANSLATORS: %s is an argument the user typed that the command does not take */
      return lh_cli_usage_error (_("unexpected argument “%s”"), quoted);
    }

  return LH_CLI_EXIT_OK;
}

gboolean
lh_cli_check_int_range (const char *option,
                        gint64      value,
                        gint64      min,
                        gint64      max,
                        GError    **error)
{
  char value_text[G_ASCII_DTOSTR_BUF_SIZE];
  char min_text[G_ASCII_DTOSTR_BUF_SIZE];
  char max_text[G_ASCII_DTOSTR_BUF_SIZE];

  if (value >= min && value <= max)
    return TRUE;

  g_snprintf (value_text, sizeof value_text, "%" G_GINT64_FORMAT, value);
  g_snprintf (min_text, sizeof min_text, "%" G_GINT64_FORMAT, min);
  g_snprintf (max_text, sizeof max_text, "%" G_GINT64_FORMAT, max);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--depth: 0 is out of range (1 to 12)" */
               _("%s: %s is out of range (%s to %s)"),
               option, value_text, min_text, max_text);
  return FALSE;
}

char *
lh_cli_format_number (double value)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  return g_strdup (buffer);
}

gboolean
lh_cli_parse_number (const char *text,
                     double     *out)
{
  char *end = NULL;
  double value;

  if (text == NULL || *text == '\0')
    return FALSE;
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
lh_cli_parse_board_option (const char *option,
                           const char *text,
                           LhBoard    *board,
                           LhGeometry *geometry,
                           GError    **error)
{
  g_autoptr(GError) parse_error = NULL;

  if (lh_board_parse (text, board, geometry, &parse_error))
    return TRUE;

  /* TRANSLATORS: "--board: row 2, cell 3: '5' is not a tile value ..." */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("%s: %s"),
               option, parse_error->message);
  return FALSE;
}

gboolean
lh_cli_parse_wide_board_option (const char  *option,
                                const char  *text,
                                LhWideBoard *board,
                                LhGeometry  *geometry,
                                GError     **error)
{
  g_autoptr(GError) parse_error = NULL;

  if (lh_wide_board_parse (text, board, geometry, &parse_error))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("%s: %s"),
               option, parse_error->message);
  return FALSE;
}

gboolean
lh_cli_parse_rules_option (const char *text, LhGeometry geometry, LhRules *rules, GError **error)
{
  *rules = lh_rules_default (geometry);
  if (text != NULL && !lh_rules_from_string (text, rules))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--rules: “%s” is not “%s” or “%s”"), quoted,
                   lh_rules_to_string (LH_RULES_2048), lh_rules_to_string (LH_RULES_2048_CAPPED));
      return FALSE;
    }
  if (!lh_rules_accept (*rules, geometry, 0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--rules: the rules “%s” are played on boards up to 4×4, not %u×%u"),
                   lh_rules_to_string (*rules), geometry.rows, geometry.cols);
      return FALSE;
    }
  return TRUE;
}

gboolean
lh_cli_rules_for_board (const char *option, const char *text, LhGeometry geometry,
                        LhWideBoard board, LhRules *rules, GError **error)
{
  if (!lh_cli_parse_rules_option (text, geometry, rules, error))
    return FALSE;
  if (text == NULL && !lh_rules_accept (*rules, geometry, board))
    *rules = LH_RULES_2048;
  if (!lh_rules_accept (*rules, geometry, board))
    {
      /* TRANSLATORS: %s the option ("--board"), then the rules' name */
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: a tile above 32768, which the rules “%s” do not allow"), option,
                   lh_rules_to_string (*rules));
      return FALSE;
    }
  return TRUE;
}

int
lh_cli_finish_output (void)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    return lh_cli_failure (_("could not write the output: %s"), g_strerror (errno));
  return LH_CLI_EXIT_OK;
}

/* lh_cli_parse_number(), with a message naming @option. */
gboolean
lh_cli_parse_real_option (const char *option,
                  const char *text,
                  double     *out,
                  GError    **error)
{
  double value;

  if (!lh_cli_parse_number (text, &value))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--discount: “x” is not a number" */
                   _("%s: “%s” is not a number"), option, quoted);
      return FALSE;
    }
  *out = value;
  return TRUE;
}
