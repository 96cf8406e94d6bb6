/* test-cli-tune.c: `lookahead-cli tune` run as a program.
 *
 * The path of the built executable comes from LOOKAHEAD_CLI (set by
 * tests/cli/meson.build).  Every run is tiny (3×3 board, depth 1, 2 or 3
 * games per evaluation) and writes into a fresh temporary directory: the
 * log's shape, the preset it writes, resuming (a resumed log is the log of
 * an unstopped run), refusing a log of other settings, usage errors.
 */

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

/* Runs `lookahead-cli tune` with (when @tiny) the tiny settings, then the
 * arguments of @args (NULL-terminated). */
static void
run_tune_argv (CliRun *run, gboolean tiny, GPtrArray *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "tune");
  if (tiny)
    {
      static const char *const settings[] = {
        "--rows", "3", "--cols", "3", "--depth", "1", "--seed", "5",
      };

      for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
        g_ptr_array_add (argv, (gpointer) settings[i]);
    }
  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (args, i));
  cli_run_argv (run, NULL, argv);
}

static GPtrArray *
collect_args (const char *first, va_list args)
{
  GPtrArray *all = g_ptr_array_new ();

  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (all, (gpointer) arg);
  return all;
}

/* Runs tune with the tiny settings and the NULL-terminated arguments. */
static void
run_tune (CliRun *run, const char *first, ...)
{
  g_autoptr(GPtrArray) all = NULL;
  va_list args;

  va_start (args, first);
  all = collect_args (first, args);
  va_end (args);
  run_tune_argv (run, TRUE, all);
}

/* As run_tune(), and checks that the run succeeded. */
static void
run_tune_ok (const char *first, ...)
{
  g_autoptr(GPtrArray) all = NULL;
  CliRun run = { 0 };
  va_list args;

  va_start (args, first);
  all = collect_args (first, args);
  va_end (args);
  run_tune_argv (&run, TRUE, all);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
}

static guint
count_lines_starting (const char *text, const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      n++;
  return n;
}

/* ---- a whole run ---- */

static void
test_tune_run (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-tune-XXXXXX");
  g_autofree char *log = g_build_filename (dir, "tune.csv", NULL);
  g_autofree char *preset = g_build_filename (dir, "best.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  JsonObject *root, *heuristic;
  double best_mean = -1.0, best_empty = 0.0, best_mono = 0.0;
  CliRun run = { 0 };
  guint i;

  run_tune (&run, "--params", "empty_weight=100:3000,monotonicity_weight=0.1:40.3",
            "--games-per-eval", "2", "--evals", "6",
            "--log", log, "--output", preset, "--name", "Test tuned", NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  /* One progress line per evaluation, each with a mean and its standard error. */
  g_assert_cmpuint (count_lines_starting (run.err, "eval "), ==, 6);
  g_assert_nonnull (strstr (run.err, "eval 1/6: empty_weight=1000 monotonicity_weight=10 mean "));
  g_assert_nonnull (strstr (run.err, "[baseline]"));
  g_assert_nonnull (strstr (run.err, " ± "));
  g_assert_nonnull (strstr (run.out, "Baseline"));
  g_assert_nonnull (strstr (run.out, "Difference (paired)"));
  g_assert_nonnull (strstr (run.out, "lookahead-cli bench --rows 3 --cols 3 --depth 1 --games 2 --seed 5 --preset"));
  g_assert_nonnull (strstr (run.out, "--seed 7 --preset"));
  cli_run_clear (&run);

  /* The log: settings, header, 6 rows of 6 numbers; the games and seed columns. */
  text = cli_read_text (log);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);   /* and "" after the last newline */
  g_assert_true (g_str_has_prefix (lines[0], "# lookahead-cli tune: games=2 seed=5 rows=3 cols=3 "));
  /* Numbers in their shortest form that reads back exactly: 0.1, not the
   * 0.10000000000000001 of %.17g. */
  g_assert_nonnull (strstr (lines[0], " bounds=empty_weight:100:3000;monotonicity_weight:0.1:40.3 "));
  g_assert_nonnull (strstr (lines[0], " search.cutoff=0.0001 "));
  g_assert_cmpstr (lines[1], ==, "empty_weight,monotonicity_weight,mean,sem,games,seed");
  g_assert_cmpstr (lines[8], ==, "");
  for (i = 2; i < 8; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      double empty, mono, mean;

      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      empty = g_ascii_strtod (fields[0], NULL);
      mono = g_ascii_strtod (fields[1], NULL);
      mean = g_ascii_strtod (fields[2], NULL);
      g_assert_cmpfloat (g_ascii_strtod (fields[3], NULL), >=, 0.0);
      g_assert_cmpstr (fields[4], ==, "2");
      g_assert_cmpstr (fields[5], ==, "5");
      g_assert_cmpfloat (mean, >, 0.0);
      if (i == 2)
        {
          /* The baseline: the defaults. */
          g_assert_cmpfloat (empty, ==, 1000.0);
          g_assert_cmpfloat (mono, ==, 10.0);
        }
      else
        {
          g_assert_cmpfloat (empty, >=, 100.0);
          g_assert_cmpfloat (empty, <=, 3000.0);
        }
      if (mean > best_mean)
        {
          best_mean = mean;
          best_empty = empty;
          best_mono = mono;
        }
    }

  /* The preset: the best row's values, the other keys as the base. */
  json_parser_load_from_file (parser, preset, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "lookahead-preset");
  g_assert_cmpstr (json_object_get_string_member (root, "name"), ==, "Test tuned");
  g_assert_nonnull (strstr (json_object_get_string_member (root, "description"), "2 games"));
  heuristic = json_object_get_object_member (root, "heuristic");
  g_assert_nonnull (heuristic);
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "empty_weight"), ==, best_empty);
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "monotonicity_weight"), ==, best_mono);
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "merges_weight"), ==, 700.0);
  g_assert_true (json_object_has_member (heuristic, "game_over_penalty"));

  /* The preset plays through bench, and gives the best mean. */
  {
    g_autoptr(GSubprocess) process = NULL;
    g_autofree char *out = NULL;
    g_autofree char *expected = g_strdup_printf ("\"mean\" : %.1f", best_mean);

    process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                g_getenv ("LOOKAHEAD_CLI"), "bench", "--rows", "3", "--cols", "3",
                                "--depth", "1", "--games", "2", "--seed", "5", "--preset", preset,
                                "--json", NULL);
    g_assert_no_error (error);
    g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
    g_test_message ("bench: %s", out);
    g_assert_nonnull (strstr (out, expected));
  }

  cli_remove_temp_dir (dir);
}

/* The same log whatever --jobs; an LHS design reproducible from --seed. */
static void
test_tune_deterministic (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-tune-XXXXXX");
  g_autofree char *a = g_build_filename (dir, "a.csv", NULL);
  g_autofree char *b = g_build_filename (dir, "b.csv", NULL);
  g_autofree char *c = g_build_filename (dir, "c.csv", NULL);
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  g_autofree char *text_c = NULL;

  run_tune_ok ("--params", "empty_weight,sum_weight", "--games-per-eval", "2", "--evals", "7",
               "--initial", "3", "--design", "lhs", "--log", a, NULL);
  run_tune_ok ("--params", "empty_weight,sum_weight", "--games-per-eval", "2", "--evals", "7",
               "--initial", "3", "--design", "lhs", "--jobs", "2", "--log", b, NULL);
  run_tune_ok ("--params", "empty_weight,sum_weight", "--games-per-eval", "2", "--evals", "7",
               "--initial", "3", "--log", c, NULL);
  text_a = cli_read_text (a);
  text_b = cli_read_text (b);
  text_c = cli_read_text (c);
  g_assert_cmpstr (text_a, ==, text_b);
  g_assert_nonnull (strstr (text_a, " design=lhs "));
  /* Sobol's points differ from the hypercube's. */
  g_assert_cmpstr (strchr (text_a, '\n'), !=, strchr (text_c, '\n'));
  cli_remove_temp_dir (dir);
}

/* Every optimiser runs, spends the evaluations and starts from the best
 * point; a base value outside the bounds is noted and still the baseline. */
static void
test_tune_algorithms (void)
{
  static const char *const names[] = { "bobyqa", "cobyla", "sbplx", "neldermead" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CliRun run = { 0 };

      run_tune (&run, "--params", "empty_weight=1500:3000,sum_weight", "--games-per-eval", "2",
                "--evals", "7", "--initial", "1", "--algorithm", names[i], NULL);
      g_test_message ("%s: %s", names[i], run.err);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.err, "base value of empty_weight, 1000, lies outside"));
      g_assert_nonnull (strstr (run.err, "eval 1/7: empty_weight=1000 sum_weight=11 mean"));
      g_assert_nonnull (strstr (run.err, "eval 2/7: empty_weight=2250 sum_weight=50 mean"));
      g_assert_cmpuint (count_lines_starting (run.err, "eval "), ==, 7);
      g_assert_cmpuint (count_lines_starting (run.err, "eval 7/7: "), ==, 1);
      g_assert_nonnull (strstr (run.out, "Best of 7 evaluations"));
      cli_run_clear (&run);
    }
}

/* ---- resuming ---- */

static void
test_tune_resume (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-tune-XXXXXX");
  g_autofree char *fresh = g_build_filename (dir, "fresh.csv", NULL);
  g_autofree char *resumed = g_build_filename (dir, "resumed.csv", NULL);
  g_autofree char *fresh_opt = g_build_filename (dir, "fresh-opt.csv", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.csv", NULL);
  g_autofree char *text_fresh = NULL;
  g_autofree char *text_resumed = NULL;
  g_autofree char *text_cut = NULL;
  g_autoptr(GError) error = NULL;
  CliRun run = { 0 };
  gsize length;

  /* --evals 4 (K = 3, at most E − 1), then --evals 6 on the same log, which
   * keeps the log's K: the log of a fresh --evals 6 --initial 3. */
  run_tune_ok ("--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
               "--evals", "6", "--initial", "3", "--log", fresh, NULL);
  run_tune_ok ("--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
               "--evals", "4", "--log", resumed, NULL);
  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
            "--evals", "6", "--log", resumed, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "Resuming from 4 evaluations"));
  g_assert_cmpuint (count_lines_starting (run.err, "eval "), ==, 6);
  cli_run_clear (&run);
  text_fresh = cli_read_text (fresh);
  text_resumed = cli_read_text (resumed);
  g_assert_cmpstr (text_resumed, ==, text_fresh);

  /* Into the optimiser: a log cut in the middle of a row (a run stopped
   * while writing) resumes to the unstopped run's log. */
  run_tune_ok ("--params", "empty_weight,monotonicity_weight", "--games-per-eval", "3",
               "--evals", "10", "--initial", "2", "--log", fresh_opt, NULL);
  g_clear_pointer (&text_fresh, g_free);
  text_fresh = cli_read_text (fresh_opt);
  /* Keep the settings, the header and 6 rows, then 5 bytes of the 7th:
   * evaluations 1 to 3 are the baseline and the design, 4 to 6 the
   * optimiser's. */
  {
    const char *end = text_fresh;

    for (guint line = 0; line < 8; line++)
      {
        end = strchr (end, '\n');
        g_assert_nonnull (end);
        end++;
      }
    length = (gsize) (end - text_fresh) + 5;
  }
  g_file_set_contents (cut, text_fresh, (gssize) length, &error);
  g_assert_no_error (error);
  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "3",
            "--evals", "10", "--initial", "2", "--log", cut, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "cut short"));
  g_assert_nonnull (strstr (run.err, "[optimiser] [from the log]"));
  cli_run_clear (&run);
  text_cut = cli_read_text (cut);
  g_assert_cmpstr (text_cut, ==, text_fresh);

  cli_remove_temp_dir (dir);
}

/* A log of other settings is refused (exit 2) and left as it was. */
static void
test_tune_refuse (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-tune-XXXXXX");
  g_autofree char *log = g_build_filename (dir, "tune.csv", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  CliRun run = { 0 };

  run_tune_ok ("--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
               "--evals", "3", "--log", log, NULL);
  before = cli_read_text (log);

  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "3",
            "--evals", "4", "--log", log, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "other settings"));
  g_assert_nonnull (strstr (run.err, "games is 3 here but 2 in the log"));
  cli_run_clear (&run);

  run_tune (&run, "--params", "empty_weight,monotonicity_weight=0:50", "--games-per-eval", "2",
            "--evals", "4", "--log", log, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bounds is"));
  cli_run_clear (&run);

  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
            "--evals", "4", "--set", "merges_weight=500", "--log", log, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "base is"));
  cli_run_clear (&run);

  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
            "--evals", "4", "--depth", "2", "--log", log, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "search.depth is 2 here but 1"));
  cli_run_clear (&run);

  run_tune (&run, "--params", "monotonicity_weight,empty_weight", "--games-per-eval", "2",
            "--evals", "4", "--log", log, NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);

  /* The log's K is 2 (E − 1 of --evals 3): another --initial is refused. */
  run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
            "--evals", "4", "--initial", "0", "--log", log, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "initial is 0 here but 2 in the log"));
  cli_run_clear (&run);

  after = cli_read_text (log);
  g_assert_cmpstr (after, ==, before);

  /* A log of the older form, whose settings line has no initial=: the
   * settings match, and the point check refuses another sequence. */
  {
    g_autoptr(GString) old_form = g_string_new (before);
    g_autoptr(GError) error = NULL;

    g_assert_cmpuint (g_string_replace (old_form, " initial=2 ", " ", 0), ==, 1);
    g_file_set_contents (log, old_form->str, -1, &error);
    g_assert_no_error (error);
    run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
              "--evals", "4", "--initial", "0", "--log", log, NULL);
    g_test_message ("stderr: %s", run.err);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "evaluation 2 has empty_weight="));
    cli_run_clear (&run);
    g_clear_pointer (&after, g_free);
    after = cli_read_text (log);
    g_assert_cmpstr (after, ==, old_form->str);

    /* With its K it carries on, and the line stays as it was. */
    run_tune (&run, "--params", "empty_weight,monotonicity_weight", "--games-per-eval", "2",
              "--evals", "4", "--initial", "2", "--log", log, NULL);
    g_test_message ("stderr: %s", run.err);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, "Resuming from 3 evaluations"));
    cli_run_clear (&run);
    g_clear_pointer (&after, g_free);
    after = cli_read_text (log);
    g_assert_true (g_str_has_prefix (after, old_form->str));
    g_assert_cmpuint (count_lines_starting (after, "#"), ==, 1);
    g_assert_null (strstr (after, "initial="));
  }
  cli_remove_temp_dir (dir);
}

/* A finished run is extended by a larger --evals without --initial: the
 * default K depends on --evals (3 parameters: 5 for --evals 6, at most
 * E − 1; 7 for --evals 12), so the log's K is taken, and the extended log is
 * that of a fresh run with that K. */
static void
test_tune_extend (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-tune-XXXXXX");
  g_autofree char *extended = g_build_filename (dir, "extended.csv", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh.csv", NULL);
  g_autofree char *text_extended = NULL;
  g_autofree char *text_fresh = NULL;
  g_autofree char *before = NULL;
  CliRun run = { 0 };

  run_tune_ok ("--params", "empty_weight,monotonicity_weight,sum_weight", "--games-per-eval", "2",
               "--evals", "6", "--log", extended, NULL);
  before = cli_read_text (extended);
  g_assert_nonnull (strstr (before, " design=sobol initial=5 algorithm="));

  run_tune (&run, "--params", "empty_weight,monotonicity_weight,sum_weight", "--games-per-eval",
            "2", "--evals", "12", "--log", extended, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "Resuming from 6 evaluations"));
  g_assert_cmpuint (count_lines_starting (run.err, "eval "), ==, 12);
  g_assert_nonnull (strstr (run.err, "eval 7/12: "));
  cli_run_clear (&run);

  run_tune_ok ("--params", "empty_weight,monotonicity_weight,sum_weight", "--games-per-eval", "2",
               "--evals", "12", "--initial", "5", "--log", fresh, NULL);
  text_extended = cli_read_text (extended);
  text_fresh = cli_read_text (fresh);
  g_assert_cmpstr (text_extended, ==, text_fresh);
  g_assert_cmpuint (count_lines_starting (text_fresh, "#"), ==, 1);

  /* An --initial other than the log's is refused like any other setting. */
  run_tune (&run, "--params", "empty_weight,monotonicity_weight,sum_weight", "--games-per-eval",
            "2", "--evals", "14", "--initial", "7", "--log", extended, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "initial is 7 here but 5 in the log"));
  cli_run_clear (&run);
  g_clear_pointer (&text_extended, g_free);
  text_extended = cli_read_text (extended);
  g_assert_cmpstr (text_extended, ==, text_fresh);

  cli_remove_temp_dir (dir);
}

/* ---- usage errors ---- */

/* Exit status 2, nothing on stdout, @expected in the message. */
static void
check_usage_error (const char *expected, const char *first, ...)
{
  g_autoptr(GPtrArray) all = NULL;
  CliRun run = { 0 };
  va_list args;

  va_start (args, first);
  all = collect_args (first, args);
  va_end (args);
  run_tune_argv (&run, FALSE, all);
  cli_assert_usage_error (&run, expected);
  cli_run_clear (&run);
}

static void
test_tune_usage (void)
{
  CliRun run = { 0 };

  check_usage_error ("--params", "--depth", "1", NULL);
  check_usage_error ("“emty_weight”", "--params", "emty_weight", NULL);
  check_usage_error ("empty_weight, merges_weight", "--params", "bogus", NULL);
  check_usage_error ("“empty_weight” is given twice", "--params", "empty_weight,empty-weight", NULL);
  check_usage_error ("empty_weight", "--params", "empty_weight=5:2", NULL);
  check_usage_error ("LO < HI", "--params", "empty_weight=5:5", NULL);
  check_usage_error ("“sum_weight” must be LO:HI", "--params", "sum_weight=3", NULL);
  check_usage_error ("“sum_weight” must be LO:HI", "--params", "sum_weight=a:4", NULL);
  check_usage_error ("snake_base", "--params", "snake_base=0.5:3", NULL);
  check_usage_error ("monotonicity_power", "--params", "monotonicity_power=1:100", NULL);
  check_usage_error ("empty parameter name", "--params", "empty_weight,,sum_weight", NULL);
  check_usage_error ("“halton”", "--params", "empty_weight", "--design", "halton", NULL);
  check_usage_error ("“newton”", "--params", "empty_weight", "--algorithm", "newton", NULL);
  check_usage_error ("--evals", "--params", "empty_weight", "--evals", "1", NULL);
  check_usage_error ("--games-per-eval", "--params", "empty_weight", "--games-per-eval", "0", NULL);
  check_usage_error ("--initial", "--params", "empty_weight", "--evals", "5", "--initial", "5", NULL);
  check_usage_error ("--jobs", "--params", "empty_weight", "--jobs", "0", NULL);
  check_usage_error ("--name", "--params", "empty_weight", "--name", " ", NULL);

  /* --help describes the common random numbers and lists the keys. */
  run_tune (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "common random numbers"));
  g_assert_nonnull (strstr (run.out, "--games-per-eval"));
  g_assert_nonnull (strstr (run.out, "monotonicity_weight"));
  cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);

  g_test_add_func ("/cli/tune/run", test_tune_run);
  g_test_add_func ("/cli/tune/deterministic", test_tune_deterministic);
  g_test_add_func ("/cli/tune/algorithms", test_tune_algorithms);
  g_test_add_func ("/cli/tune/resume", test_tune_resume);
  g_test_add_func ("/cli/tune/refuse", test_tune_refuse);
  g_test_add_func ("/cli/tune/extend", test_tune_extend);
  g_test_add_func ("/cli/tune/usage", test_tune_usage);

  return g_test_run ();
}
