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

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
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
        /* TRANSLATORS: %s is what the user typed as a command name */
        return lh_cli_usage_error (_("unknown command “%s”"), argv[2]);
      help_argv[0] = argv[2];
      help_argv[1] = (char *) "--help";
      help_argv[2] = NULL;
      lh_engine_init ();
      return command->run (command, 2, help_argv);
    }
  if (first[0] == '-')
    /* TRANSLATORS: %s is an option the user typed before any command */
    return lh_cli_usage_error (_("unknown option “%s”"), first);

  command = find_command (commands, n_commands, first);
  if (command == NULL)
    return lh_cli_usage_error (_("unknown command “%s”"), first);

  lh_engine_init ();
  return command->run (command, argc - 1, argv + 1);
}

static gboolean on_search_option (const char *option_name,
                                  const char *value,
                                  gpointer    user_data,
                                  GError    **error);

static const GOptionEntry search_entries[] = {
  { "depth", 'd', 0, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Search depth in player moves (1 to 12; default 3); with --adaptive or a time budget, the largest depth (default 12)"),
    N_("D") },
  { "adaptive", 'a', G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Choose the depth from the board: distinct tiles − 1, at least --min-depth"),
    NULL },
  { "min-depth", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Smallest adaptive depth (with --adaptive)"), N_("D") },
  { "cutoff", 'p', 0, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Probability cutoff: chance branches less likely than P are scored by the heuristic (0 disables; default 0.0001)"),
    N_("P") },
  { "no-cache", 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Do not use the transposition table"), NULL },
  { NULL }
};

static const GOptionEntry time_entries[] = {
  { "time-ms", 't', 0, G_OPTION_ARG_CALLBACK, (gpointer) on_search_option,
    N_("Time budget in ms: deepen iteratively from depth 1 and keep the deepest finished search (0: none)"),
    N_("T") },
  { NULL }
};

GOptionContext *
lh_cli_command_context_new (const LhCliCommand *command,
                            const char         *description,
                            const GOptionEntry *entries,
                            LhCliSearchOptions *search)
{
  g_autofree char *prgname = g_strdup_printf ("%s %s", LH_CLI_PROGRAM_NAME, command->name);
  GOptionContext *context;
  GOptionGroup *group;

  /* Usage lines and messages read "lookahead-cli bench ..." */
  g_set_prgname (prgname);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _(command->summary));
  if (description != NULL)
    g_option_context_set_description (context, description);
  g_option_context_set_help_enabled (context, TRUE);

  /* One main group, so that --help lists every option (another group would
   * show only under --help-all); its user data reaches the callbacks. */
  group = g_option_group_new (NULL, NULL, NULL, search, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  if (entries != NULL)
    g_option_group_add_entries (group, entries);
  if (search != NULL)
    {
      g_option_group_add_entries (group, search_entries);
      if (search->with_time_budget)
        g_option_group_add_entries (group, time_entries);
    }
  g_option_context_set_main_group (context, group);
  return context;
}

static void
print_prefixed (const char *format, va_list args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

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

  if (!g_option_context_parse (context, argc, argv, &error))
    return lh_cli_usage_error ("%s", error->message);

  if (*argc > 1)
    /* TRANSLATORS: %s is an argument the user typed that the command does not take */
    return lh_cli_usage_error (_("unexpected argument “%s”"), (*argv)[1]);

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

/* Parses a whole decimal integer in [min, max] for an option callback. */
static gboolean
parse_uint_value (const char *option,
                  const char *text,
                  guint       min,
                  guint       max,
                  guint      *out,
                  GError    **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--depth: “x” is not a whole number" */
                   _("%s: “%s” is not a whole number"), option, text);
      return FALSE;
    }
  if (!lh_cli_check_int_range (option, value > G_MAXINT64 ? G_MAXINT64 : (gint64) value,
                               min, max, error))
    return FALSE;

  *out = (guint) value;
  return TRUE;
}

static gboolean
on_search_option (const char *option_name,
                  const char *value,
                  gpointer    user_data,
                  GError    **error)
{
  LhCliSearchOptions *options = user_data;

  /* @option_name is the option as typed: "--depth" or "-d". */
  if (g_str_equal (option_name, "--adaptive") || g_str_equal (option_name, "-a"))
    {
      options->adaptive = TRUE;
      return TRUE;
    }
  if (g_str_equal (option_name, "--no-cache"))
    {
      options->no_cache = TRUE;
      return TRUE;
    }
  if (g_str_equal (option_name, "--depth") || g_str_equal (option_name, "-d"))
    {
      options->depth_set = TRUE;
      return parse_uint_value (option_name, value, 1, LH_MAX_DEPTH, &options->depth, error);
    }
  if (g_str_equal (option_name, "--min-depth"))
    {
      options->min_depth_set = TRUE;
      return parse_uint_value (option_name, value, 1, LH_MAX_DEPTH, &options->min_depth, error);
    }
  if (g_str_equal (option_name, "--time-ms") || g_str_equal (option_name, "-t"))
    return parse_uint_value (option_name, value, 0, G_MAXINT, &options->time_ms, error);
  if (g_str_equal (option_name, "--cutoff") || g_str_equal (option_name, "-p"))
    {
      char *end = NULL;
      double cutoff = g_ascii_strtod (value, &end);

      if (end == value || *end != '\0' || !isfinite (cutoff) || cutoff < 0.0 || cutoff >= 1.0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--cutoff: “2” is not a probability in [0, 1)" */
                       _("%s: “%s” is not a probability in [0, 1)"), option_name, value);
          return FALSE;
        }
      options->cutoff = cutoff;
      options->cutoff_set = TRUE;
      return TRUE;
    }

  g_return_val_if_reached (FALSE);
}

void
lh_cli_search_options_init (LhCliSearchOptions *options,
                            gboolean            with_time_budget)
{
  *options = (LhCliSearchOptions) { 0 };
  options->with_time_budget = with_time_budget;
}

gboolean
lh_cli_search_options_to_params (const LhCliSearchOptions *options,
                                 LhSolverKind              kind,
                                 LhSolverParams           *params,
                                 GError                  **error)
{
  g_autoptr(GError) invalid = NULL;

  if (options->min_depth_set && !options->adaptive)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--min-depth needs --adaptive"));
      return FALSE;
    }

  lh_solver_params_init_default (params);
  params->kind = kind;

  if (options->adaptive)
    {
      params->adaptive = TRUE;
      params->depth = options->depth_set ? options->depth : LH_MAX_DEPTH;
      if (options->min_depth_set)
        params->min_depth = options->min_depth;
      if (params->min_depth > params->depth)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--min-depth: 4 is more than the largest depth 3 (--depth)" */
                       _("--min-depth: %u is more than the largest depth %u (--depth)"),
                       params->min_depth, params->depth);
          return FALSE;
        }
    }
  else if (options->depth_set)
    params->depth = options->depth;
  else if (options->with_time_budget && options->time_ms > 0)
    params->depth = LH_MAX_DEPTH;  /* iterative deepening: the clock decides */

  if (options->cutoff_set)
    params->probability_cutoff = options->cutoff;
  if (options->no_cache)
    params->use_transposition_table = FALSE;
  if (options->with_time_budget)
    params->time_budget_ms = options->time_ms;

  if (!lh_solver_params_validate (params, &invalid))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s says which solver parameter is invalid */
                   _("invalid search options: %s"), invalid->message);
      return FALSE;
    }
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
lh_cli_parse_solver_option (const char   *option,
                            const char   *text,
                            LhSolverKind *kind,
                            GError      **error)
{
  g_autoptr(GString) names = NULL;
  guint i;

  if (text == NULL)
    {
      *kind = LH_SOLVER_EXPECTIMAX;
      return TRUE;
    }
  if (lh_solver_kind_from_string (text, kind))
    return TRUE;

  names = g_string_new (NULL);
  for (i = 0; i < LH_N_SOLVERS; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                            lh_solver_kind_to_string ((LhSolverKind) i));
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--solver: no solver is called “x” (solvers: expectimax)" */
               _("%s: no solver is called “%s” (solvers: %s)"), option, text, names->str);
  return FALSE;
}

struct _LhCliTable {
  GPtrArray *rows;   /* of GStrv */
  char      *alignment;
};

LhCliTable *
lh_cli_table_new (const char *alignment)
{
  LhCliTable *table = g_new0 (LhCliTable, 1);

  table->alignment = g_strdup (alignment);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  return table;
}

void
lh_cli_table_free (LhCliTable *table)
{
  g_ptr_array_unref (table->rows);
  g_free (table->alignment);
  g_free (table);
}

void
lh_cli_table_add (LhCliTable *table, const char *format, ...)
{
  g_autofree char *row = NULL;
  va_list args;

  va_start (args, format);
  row = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (table->rows, row[0] == '\0' ? g_new0 (char *, 1) : g_strsplit (row, "\t", -1));
}

void
lh_cli_table_print (const LhCliTable *table)
{
  g_autoptr(GArray) widths = g_array_new (FALSE, TRUE, sizeof (glong));
  gsize alignment_length = strlen (table->alignment);
  guint r, c;

  for (r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (c = 0; cells[c] != NULL; c++)
        {
          glong width = g_utf8_strlen (cells[c], -1);

          if (c >= widths->len)
            g_array_set_size (widths, c + 1);
          g_array_index (widths, glong, c) = MAX (g_array_index (widths, glong, c), width);
        }
    }

  for (r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (c = 0; cells[c] != NULL; c++)
        {
          glong pad = g_array_index (widths, glong, c) - g_utf8_strlen (cells[c], -1);
          gboolean last = cells[c + 1] == NULL;
          gboolean right = c < alignment_length && table->alignment[c] == 'r';

          if (last && c > 0 && cells[c][0] == '\0')
            break;
          if (c > 0)
            fputs ("  ", stdout);
          if (right)
            fprintf (stdout, "%*s", (int) pad, "");
          fputs (cells[c], stdout);
          if (!right && !last)
            fprintf (stdout, "%*s", (int) pad, "");
        }
      fputc ('\n', stdout);
    }
}

void
lh_cli_json_add_double (JsonBuilder *builder,
                        const char  *name,
                        double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
lh_cli_print_json (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
}

int
lh_cli_finish_output (void)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    return lh_cli_failure (_("could not write the output: %s"), g_strerror (errno));
  return LH_CLI_EXIT_OK;
}
