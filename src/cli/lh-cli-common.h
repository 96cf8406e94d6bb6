/* lh-cli-common.h: what the subcommands of lookahead-cli share.
 *
 * Exit statuses, the subcommand table entry and the dispatch, option
 * parsing (one GOptionContext per subcommand, usage errors reported the same
 * way everywhere), board parsing for options.  The solver options are in
 * lh-cli-options.h, text tables in lh-cli-table.h, JSON in lh-cli-json.h.
 */
#pragma once

#include <glib.h>

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

/**
 * LH_CLI_ERROR:
 * Errors of lookahead-cli's own.  An option's callback that fails with
 * LH_CLI_ERROR_FILE makes lh_cli_parse_options() exit with status 1
 * (LH_CLI_EXIT_FAILURE), not 2: the command line was fine, the file it
 * names was not (a preset file that cannot be read or parsed).
 */
#define LH_CLI_ERROR (lh_cli_error_quark ())
GQuark lh_cli_error_quark (void);

typedef enum {
  LH_CLI_ERROR_FILE,
} LhCliError;

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
 * @search: (nullable): when not NULL, the solver options of
 *   lh-cli-options.h (--solver, --threads, --seed, expectimax's and each
 *   sampling solver's) follow the command's own and write into @search,
 *   which must outlive the context; a malformed value fails the parse with
 *   a message naming the option
 *
 * Makes the GOptionContext of @command: its summary is the command's summary,
 * help enabled, every option in the main group (so --help lists them all),
 * gettext domain set.  Also sets the program name to "lookahead-cli NAME", so
 * --help and error messages name the subcommand.
 *
 * The values of @entries' text options (G_OPTION_ARG_STRING and
 * G_OPTION_ARG_STRING_ARRAY) are read as bytes, as file names are, and made
 * UTF-8 by lh_cli_parse_options() (lh_cli_option_to_utf8()), so that a value
 * that is not text fails with a message naming the option, in any locale.
 * An option with a callback does that itself.
 *
 * Returns: (transfer full): free with g_option_context_free().
 */
GOptionContext *lh_cli_command_context_new (const LhCliCommand *command,
                                            const char         *description,
                                            const GOptionEntry *entries,
                                            LhCliSearchOptions *search);

/**
 * lh_cli_context_add_entries:
 * @context: from lh_cli_command_context_new()
 * @entries: (nullable): more options, NULL-terminated
 *
 * Adds @entries to @context's main group as lh_cli_command_context_new()
 * adds its own (text options read as bytes and made UTF-8 by
 * lh_cli_parse_options()).
 */
void lh_cli_context_add_entries (GOptionContext *context, const GOptionEntry *entries);

/**
 * lh_cli_parse_options:
 * @context: from lh_cli_command_context_new()
 * @argc, @argv: (inout): the subcommand's arguments
 *
 * Parses the options; --help prints the help on standard output and exits 0
 * (GLib's behaviour).  Any argument left over is an error: a subcommand that
 * takes positional arguments (merge's parts) collects them with a
 * G_OPTION_REMAINING entry.
 *
 * Returns: LH_CLI_EXIT_OK, or LH_CLI_EXIT_USAGE after printing what is wrong
 *   (and a hint to use --help) on standard error; LH_CLI_EXIT_FAILURE for an
 *   LH_CLI_ERROR_FILE.
 */
int lh_cli_parse_options (GOptionContext *context, int *argc, char ***argv);

/**
 * lh_cli_option_to_utf8:
 * @option: the option as typed ("--board"), for the message
 * @value: (nullable): its value as the command line has it (bytes)
 * Returns: (transfer full) (nullable): @value as UTF-8: as it is when it is
 *   UTF-8, else converted from the locale's character set when that is not
 *   UTF-8; NULL with @error (G_OPTION_ERROR_BAD_VALUE, naming @option and
 *   quoting an excerpt) when it is neither, and NULL for NULL.
 */
char *lh_cli_option_to_utf8 (const char *option, const char *value, GError **error);

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
 * lh_cli_format_number:
 * @value: a number
 *
 * @value as the shortest of its "%.15g", "%.16g" and "%.17g" texts ('.' as
 * the decimal point in any locale) that reads back as the same double with
 * lh_cli_parse_number(): "0.3", not the "0.29999999999999999" of "%.17g".
 * 17 significant digits always read back exactly (IEEE 754-2008, 5.12.2);
 * since "%g" drops trailing zeros, a value with a shorter exact text gets
 * it.  Not finite: "inf", "-inf" or "nan".  For logs, CSV and the command
 * lines the CLI prints.
 *
 * Returns: (transfer full): the text; free with g_free().
 */
char *lh_cli_format_number (double value);

/**
 * lh_cli_parse_number:
 * @text: (nullable): the text, such as "0.25" or "-1e3"
 * @out: (out): the number, set only on success
 *
 * Parses all of @text as a finite number with g_ascii_strtod() ('.' as the
 * decimal point in any locale; leading white space is skipped, nothing may
 * follow).  Each caller words its own error, naming the option or the
 * field.
 *
 * Returns: FALSE when @text is NULL, empty, not a number, followed by
 *   anything, or not finite (inf, nan, out of the double's range).
 */
gboolean lh_cli_parse_number (const char *text,
                              double     *out);

/**
 * lh_cli_parse_real_option:
 * @option: the option as typed ("--discount"), for the message
 * Parses @text with lh_cli_parse_number().
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE: "--discount: “x” is
 *   not a number") when it is not a number.
 */
gboolean lh_cli_parse_real_option (const char *option,
                                   const char *text,
                                   double     *out,
                                   GError    **error);

/**
 * lh_cli_parse_wide_board_option:
 * @option: the option as typed ("--board"), for the message
 * lh_wide_board_parse() of @text: any board of 2 to 5 rows and columns,
 * tiles up to 2^31.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE: "--board: row 2,
 *   cell 3: ...") when @text is no board.
 */
gboolean lh_cli_parse_wide_board_option (const char  *option,
                                         const char  *text,
                                         LhWideBoard *board,
                                         LhGeometry  *geometry,
                                         GError     **error);

/**
 * lh_cli_parse_rules_option:
 * @text: (nullable): --rules as given, or NULL for lh_rules_default()
 * @geometry: the board the rules are for
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) when @text names
 *   no rules, or rules that do not take @geometry (the capped rules on a
 *   side of 5).
 */
gboolean lh_cli_parse_rules_option (const char *text,
                                    LhGeometry  geometry,
                                    LhRules    *rules,
                                    GError    **error);

/**
 * lh_cli_rules_for_board:
 * @option: the board's option as typed ("--board", "--start"), for the message
 * @text: (nullable): --rules as given
 * @board: the position, a wide board of @geometry
 * The rules of a position: lh_cli_parse_rules_option(), except that without
 * --rules a board past 32768 is one of the original game's.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) as
 *   lh_cli_parse_rules_option(), or when the rules given do not allow a
 *   tile of @board.
 */
gboolean lh_cli_rules_for_board (const char  *option,
                                 const char  *text,
                                 LhGeometry   geometry,
                                 LhWideBoard  board,
                                 LhRules     *rules,
                                 GError     **error);

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
 * lh_cli_finish_output:
 * Flushes standard output.
 * Returns: LH_CLI_EXIT_OK, or LH_CLI_EXIT_FAILURE after a message when
 *   writing failed (a full disk, a closed pipe).
 */
int lh_cli_finish_output (void);

G_END_DECLS
