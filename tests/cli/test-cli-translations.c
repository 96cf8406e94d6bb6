/* test-cli-translations.c: lookahead-cli in German and in French, from
 * the catalogs compiled into the build tree (LOOKAHEAD_LOCALEDIR, set by
 * tests/cli/meson.build): the main help, a command's help and an error
 * message are translated, and LANGUAGE=C still gives English. */
#include <string.h>

#include <glib.h>

#include "cli-test-run.h"

typedef struct {
  const char *language;
  const char *usage;        /* GOption's "Usage:" (GLib's catalog) */
  const char *summary;      /* the main help's description */
  const char *bench;        /* bench's summary line */
  const char *board_error;  /* the start of a bad board's message */
  const char *try_help;     /* the hint after a usage error */
} Language;

static const Language languages[] = {
  { "de", "Aufruf:", "Spielt, analysiert und vermisst 2048", "Ganze Spiele mit einem Löser spielen",
    "--board: Zeile 1, Zelle 3:", "Versuchen Sie „lookahead-cli analyze --help“" },
  { "fr", "Utilisation", "Joue, analyse et évalue 2048", "Jouer des parties entières avec un solveur",
    "--board : ligne 1, case 3 :", "Essayez « lookahead-cli analyze --help »" },
  { "C", "Usage:", "Plays, analyses and benchmarks 2048", "Play whole games with a solver",
    "--board: row 1, cell 3:", "Try “lookahead-cli analyze --help”" },
};

static void
run_in (CliRun *run, const Language *language, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, language);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  cli_run_argv_in_language (run, "C.UTF-8", language->language, NULL, args);
}

static void
test_language (gconstpointer data)
{
  const Language *language = data;
  CliRun run = { 0 };

  run_in (&run, language, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, language->usage));
  g_assert_nonnull (strstr (run.out, language->summary));
  cli_run_clear (&run);

  run_in (&run, language, "bench", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, language->usage));
  g_assert_nonnull (strstr (run.out, language->bench));
  cli_run_clear (&run);

  run_in (&run, language, "analyze", "-b", "2 2 x", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, language->board_error));
  g_assert_nonnull (strstr (run.err, language->try_help));
  cli_run_clear (&run);
}

int
main (int argc, char *argv[])
{
  cli_test_init (&argc, &argv);
  if (g_getenv ("LOOKAHEAD_LOCALEDIR") == NULL)
    g_error ("set LOOKAHEAD_LOCALEDIR (the build tree's po folder)");
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/translations/%s", languages[i].language);

      g_test_add_data_func (path, &languages[i], test_language);
    }
  return g_test_run ();
}
