/* lh-cli-common.h: what the subcommands of lookahead-cli share.
 *
 * Exit statuses, the subcommand table entry, option parsing (one
 * GOptionContext per subcommand, usage errors reported the same way
 * everywhere), the search options that become an LhSolverParams, board
 * parsing for options, and JSON output.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lh-board.h"
#include "lh-solver.h"

G_BEGIN_DECLS

/** Exit statuses of lookahead-cli and of every subcommand. */
typedef enum {
  LH_CLI_EXIT_OK = 0,       /* success */
  LH_CLI_EXIT_FAILURE = 1,  /* the command ran and something failed */
  LH_CLI_EXIT_USAGE = 2,    /* unknown subcommand or option, bad option value */
} LhCliExit;

#define LH_CLI_PROGRAM_NAME "lookahead-cli"

typedef struct _LhCliCommand LhCliCommand;

/**
 * LhCliCommand:
 * @name: the subcommand as typed ("apply")
 * @summary: one line for `lookahead-cli --help`, marked with N_()
 * @run: runs the subcommand; @argv[0] is the subcommand name, the rest its
 *   arguments; returns an LhCliExit
 */
struct _LhCliCommand {
  const char *name;
  const char *summary;
  int (*run) (const LhCliCommand *command, int argc, char **argv);
};

/**
 * lh_cli_main:
 * @commands: the subcommands, in the order `--help` lists them
 * @argc, @argv: main()'s
 *
 * Sets up the locale and gettext, the engine tables, then dispatches
 * `lookahead-cli COMMAND ...` to the command; handles `--help`, `-h`,
 * `help [COMMAND]` and `--version` itself.
 *
 * Returns: the exit status (an LhCliExit).
 */
int lh_cli_main (const LhCliCommand *commands,
                 guint               n_commands,
                 int                 argc,
                 char              **argv);

typedef struct _LhCliSearchOptions LhCliSearchOptions;

/**
 * lh_cli_command_context_new:
 * @command: the subcommand
 * @description: (nullable): text shown after the options by --help (examples,
 *   output format), already translated
 * @entries: (nullable): the command's own options, NULL-terminated, with
 *   N_()-marked descriptions
 * @search: (nullable): when not NULL, the search options (--depth,
 *   --adaptive, --min-depth, --cutoff, --no-cache and, when enabled,
 *   --time-ms) follow the command's own and write into @search, which must
 *   outlive the parse; a value out of range fails the parse with a message
 *   naming the option and the range
 *
 * Makes the GOptionContext of @command: its summary is the command's summary,
 * help enabled, every option in the main group (so --help lists them all),
 * gettext domain set.  Also sets the program name to "lookahead-cli NAME", so
 * --help and error messages name the subcommand.
 *
 * Returns: (transfer full): free with g_option_context_free().
 */
GOptionContext *lh_cli_command_context_new (const LhCliCommand *command,
                                            const char         *description,
                                            const GOptionEntry *entries,
                                            LhCliSearchOptions *search);

/**
 * lh_cli_parse_options:
 * @context: from lh_cli_command_context_new()
 * @argc, @argv: (inout): the subcommand's arguments
 *
 * Parses the options; --help prints the help on standard output and exits 0
 * (GLib's behaviour).  Any argument left over is an error: no subcommand takes
 * positional arguments.
 *
 * Returns: LH_CLI_EXIT_OK, or LH_CLI_EXIT_USAGE after printing what is wrong
 *   (and a hint to use --help) on standard error.
 */
int lh_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/**
 * lh_cli_usage_error:
 * Prints "lookahead-cli NAME: <message>" and a hint to run --help on standard
 * error.  @format is a printf format, already translated.
 *
 * Returns: LH_CLI_EXIT_USAGE, so callers can `return lh_cli_usage_error (...)`.
 */
int lh_cli_usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

/**
 * lh_cli_failure:
 * Prints "lookahead-cli NAME: <message>" on standard error.
 *
 * Returns: LH_CLI_EXIT_FAILURE.
 */
int lh_cli_failure (const char *format, ...) G_GNUC_PRINTF (1, 2);

/**
 * lh_cli_check_int_range:
 * @option: the option as typed ("--depth"), for the message
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) when @value is not
 *   in [@min, @max].
 */
gboolean lh_cli_check_int_range (const char *option,
                                 gint64      value,
                                 gint64      min,
                                 gint64      max,
                                 GError    **error);

/**
 * LhCliSearchOptions:
 * The search options shared by analyze and bench.  Fill with
 * lh_cli_search_options_init(), pass to lh_cli_command_context_new(), and
 * after parsing turn into solver parameters with
 * lh_cli_search_options_to_params().
 */
struct _LhCliSearchOptions {
  guint    depth;
  gboolean depth_set;
  gboolean adaptive;
  guint    min_depth;
  gboolean min_depth_set;
  double   cutoff;
  gboolean cutoff_set;
  gboolean no_cache;
  guint    time_ms;
  gboolean with_time_budget;
};

/**
 * lh_cli_search_options_init:
 * @with_time_budget: TRUE to offer --time-ms (a bench keeps it off: a time
 *   budget would make results depend on the machine's load)
 */
void lh_cli_search_options_init (LhCliSearchOptions *options,
                                 gboolean            with_time_budget);

/**
 * lh_cli_search_options_to_params:
 * @params: (out caller-allocates): set from lh_solver_params_init_default()
 *   and then the options: --depth is the depth, or with --adaptive the
 *   largest depth (default LH_MAX_DEPTH: as in nneonneo/2048-ai the
 *   probability cutoff, not a fixed limit, keeps the adaptive search bounded)
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) naming the option
 *   whose value is out of range, or the field lh_solver_params_validate()
 *   rejects.
 */
gboolean lh_cli_search_options_to_params (const LhCliSearchOptions *options,
                                          LhSolverKind              kind,
                                          LhSolverParams           *params,
                                          GError                  **error);

/**
 * lh_cli_parse_board_option:
 * @option: the option as typed ("--board"), for the message
 * @text: a board in either text form of ARCHITECTURE.md
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) whose message names
 *   the option and then says what lh_board_parse() found wrong and where.
 */
gboolean lh_cli_parse_board_option (const char *option,
                                    const char *text,
                                    LhBoard    *board,
                                    LhGeometry *geometry,
                                    GError    **error);

/**
 * lh_cli_parse_solver_option:
 * @option: the option as typed ("--solver"), for the message
 * @text: (nullable): a solver name; NULL means expectimax
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) listing the solvers
 *   when @text names none.
 */
gboolean lh_cli_parse_solver_option (const char   *option,
                                     const char   *text,
                                     LhSolverKind *kind,
                                     GError      **error);

typedef struct _LhCliTable LhCliTable;

/**
 * lh_cli_table_new:
 * @alignment: one character per column, 'l' (left) or 'r' (right); columns
 *   past its end are aligned left
 *
 * A text table for human-readable output: rows of cells, printed with each
 * column as wide as its widest cell (in characters, so translated labels
 * line up) and two spaces between columns.
 * Returns: (transfer full): free with lh_cli_table_free().
 */
LhCliTable *lh_cli_table_new (const char *alignment);
void lh_cli_table_free (LhCliTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhCliTable, lh_cli_table_free)

/**
 * lh_cli_table_add:
 * Adds a row; @format is a printf format whose output separates cells with
 * tabs ("%s\t%.1f").  An empty format adds a blank line.
 */
void lh_cli_table_add (LhCliTable *table, const char *format, ...) G_GNUC_PRINTF (2, 3);

/** lh_cli_table_print: writes the rows on standard output. */
void lh_cli_table_print (const LhCliTable *table);

/**
 * lh_cli_json_add_double:
 * Adds member @name with @value, or null when @value is not finite (JSON has
 * no infinity or NaN).
 */
void lh_cli_json_add_double (JsonBuilder *builder,
                             const char  *name,
                             double       value);

/**
 * lh_cli_print_json:
 * @builder: a builder holding one complete value
 *
 * Writes the value, pretty-printed, and a newline on standard output.
 */
void lh_cli_print_json (JsonBuilder *builder);

/**
 * lh_cli_finish_output:
 * Flushes standard output.
 * Returns: LH_CLI_EXIT_OK, or LH_CLI_EXIT_FAILURE after a message when
 *   writing failed (a full disk, a closed pipe).
 */
int lh_cli_finish_output (void);

G_END_DECLS
