/* cli-test-run.h: running the built lookahead-cli from the CLI tests.
 *
 * The executable's path comes from the environment variable LOOKAHEAD_CLI
 * (set by tests/cli/meson.build).  Every run has LC_ALL=C.UTF-8 and
 * LANGUAGE=C (cli_run_argv_in_language() sets another): untranslated messages and a '.' decimal point, whatever the
 * machine's locale.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/**
 * CliRun: one run's exit status and output
 * @out, @err: standard output and error (owned; free with cli_run_clear())
 */
typedef struct {
  int   status;
  char *out;
  char *err;
} CliRun;

/**
 * cli_test_init:
 * g_test_init() with G_TEST_OPTION_ISOLATE_DIRS (every test has its own
 * temporary HOME and XDG directories; cli_run_argv() gives a run the
 * test's HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME and XDG_DATA_HOME), then exits with status 1 and a message unless
 * LOOKAHEAD_CLI names the executable to test.
 */
void cli_test_init (int *argc, char ***argv);

/** cli_run_clear: frees @run's output. */
void cli_run_clear (CliRun *run);

/**
 * cli_run_argv:
 * Runs lookahead-cli with the arguments in @args (a GPtrArray of
 * const char *, not NULL-terminated), @input (nullable) on standard
 * input; fails the test if it cannot be started or does not exit, or if
 * its standard output or error is not valid UTF-8.
 */
void cli_run_argv (CliRun *run, const char *input, GPtrArray *args);

/**
 * cli_run_argv_in_locale:
 * As cli_run_argv() with LC_ALL=@locale ("C": ASCII) instead of C.UTF-8.
 */
void cli_run_argv_in_locale (CliRun *run, const char *locale, const char *input, GPtrArray *args);

/**
 * cli_run_argv_in_language:
 * As cli_run_argv_in_locale() with LANGUAGE=@language ("de", "fr"; "C"
 * for untranslated messages).  The catalogs are the installed ones unless
 * the test's environment has LOOKAHEAD_LOCALEDIR, which is passed on.
 */
void cli_run_argv_in_language (CliRun *run, const char *locale, const char *language,
                               const char *input, GPtrArray *args);

/** cli_run_in_locale: as cli_run_argv_in_locale() with NULL-terminated arguments. */
void cli_run_in_locale (CliRun *run, const char *locale, const char *input, ...)
  G_GNUC_NULL_TERMINATED;

/** cli_run_valist: as cli_run_argv() with NULL-terminated @args. */
void cli_run_valist (CliRun *run, const char *input, va_list args);

/** cli_run: as cli_run_argv() with NULL-terminated arguments. */
void cli_run (CliRun *run, const char *input, ...) G_GNUC_NULL_TERMINATED;

/**
 * cli_parse_object:
 * Returns: (transfer none): the JSON object @text holds (fails the test
 *   otherwise), owned by *@parser (transfer full)
 */
JsonObject *cli_parse_object (const char *text, JsonParser **parser);

/**
 * cli_assert_usage_error:
 * Fails the test unless @run was a usage error: exit status 2, nothing on
 * standard output and @expected in the message on standard error.
 */
void cli_assert_usage_error (const CliRun *run, const char *expected);

/**
 * cli_make_temp_dir:
 * @name_template: as g_dir_make_tmp()'s ("test-cli-XXXXXX")
 * Returns: (transfer full): a new temporary directory; fails the test when
 *   it cannot be made
 */
char *cli_make_temp_dir (const char *name_template);

/** cli_remove_temp_dir: removes @dir and the files in it. */
void cli_remove_temp_dir (const char *dir);

/**
 * cli_read_text:
 * Returns: (transfer full): the contents of @path; fails the test when it
 *   cannot be read
 */
char *cli_read_text (const char *path);

G_END_DECLS
