/* test-cli-review.c: `bench --record DIR` and `review FILE`.
 *
 * - bench on 2×3 writes one record a game; reviewed with the default
 *   reviewer (the exact solver), the errors of all its games add up to
 *   bench --versus-optimal's regret of the same games, and every game's
 *   identity holds (its score = V(s_0) − Σ e + Σ l);
 * - the JSON Lines: one object a move with the documented keys, then the
 *   summary; the text: the table and the summary;
 * - 4×4 with the shipped network (LOOKAHEAD_NETWORK_DIR);
 * - a missing or damaged file exits 1 with a message naming it; no file
 *   is a usage error.
 */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "cli-test-run.h"

/* The JSON Lines of `review --json @path` with @extra arguments (NULL-terminated). */
static GPtrArray *
review_lines (const char *path, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  GPtrArray *objects = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) lines = NULL;
  CliRun run = { 0 };
  const char *extra;
  va_list ap;

  g_ptr_array_add (args, (gpointer) "review");
  g_ptr_array_add (args, (gpointer) "--json");
  va_start (ap, path);
  while ((extra = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) extra);
  va_end (ap);
  g_ptr_array_add (args, (gpointer) path);
  cli_run_argv (&run, NULL, args);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      {
        JsonParser *parser = NULL;

        cli_parse_object (lines[i], &parser);
        g_ptr_array_add (objects, parser);
      }
  cli_run_clear (&run);
  return objects;
}

static JsonObject *
line_object (GPtrArray *lines, guint i)
{
  return json_node_get_object (json_parser_get_root (g_ptr_array_index (lines, i)));
}

/* The moves' keys, and the summary's identity; returns the summary. */
static JsonObject *
check_review (GPtrArray *lines, double *total_error)
{
  static const char *const keys[] = {
    "index", "board", "score", "by", "move", "best", "values", "value", "error", "error_scaled",
    "class", "points", "value_after", "luck", "spawn_luck", "drift", "luck_scaled", "luck_class", "accuracy", "outcome",
  };
  static const char *const summary_keys[] = {
    "score", "start_value", "total_error", "total_luck", "accuracy", "identity_gap", "unit",
    "moves", "moves_with_choice", "error_rate", "classes", "luck_classes", "largest_errors",
    "turning_point", "mean_spawn_luck", "spawn_luck_sem", "reviewer", "total_spawn_luck",
    "total_drift", "mean_loss",
  };
  JsonObject *summary;
  double errors = 0.0, lucks = 0.0, start, score;
  guint n = lines->len - 1;

  g_assert_cmpuint (lines->len, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *move = line_object (lines, i);
      JsonObject *values;

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        if (!json_object_has_member (move, keys[k]))
          g_error ("move %u has no “%s”", i, keys[k]);
      g_assert_cmpint (json_object_get_int_member (move, "index"), ==, i);
      values = json_object_get_object_member (move, "values");
      g_assert_true (json_object_has_member (values, json_object_get_string_member (move, "move")));
      g_assert_true (json_object_has_member (values, json_object_get_string_member (move, "best")));
      g_assert_cmpfloat (json_object_get_double_member (move, "error"), >=, 0.0);
      if (strcmp (json_object_get_string_member (move, "move"),
                  json_object_get_string_member (move, "best")) == 0)
        g_assert_cmpfloat (json_object_get_double_member (move, "error"), ==, 0.0);
      errors += json_object_get_double_member (move, "error");
      lucks += json_object_get_double_member (move, "luck");
    }
  g_assert_true (json_object_has_member (line_object (lines, n), "summary"));
  summary = json_object_get_object_member (line_object (lines, n), "summary");
  for (guint k = 0; k < G_N_ELEMENTS (summary_keys); k++)
    if (!json_object_has_member (summary, summary_keys[k]))
      g_error ("the summary has no “%s”", summary_keys[k]);
  g_assert_cmpint (json_object_get_int_member (summary, "moves"), ==, n);
  start = json_object_get_double_member (summary, "start_value");
  score = (double) json_object_get_int_member (summary, "score");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (summary, "total_error"), errors,
                                  1e-6 * MAX (1.0, errors));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (summary, "total_luck"), lucks,
                                  1e-6 * MAX (1.0, fabs (lucks)));
  /* A finished game from score 0: score = V(s_0) - sum e + sum l. */
  g_assert_cmpfloat_with_epsilon (start - errors + lucks, score, 1e-6 * MAX (1.0, score));
  g_assert_cmpfloat (fabs (json_object_get_double_member (summary, "identity_gap")), <,
                     1e-6 * MAX (1.0, score));
  *total_error = errors;
  return summary;
}

static void
test_bench_and_review (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-review-XXXXXX");
  g_autofree char *records = g_build_filename (dir, "games", NULL);
  JsonParser *parser = NULL;
  JsonObject *bench;
  CliRun run = { 0 };
  double regret, errors = 0.0;

  cli_run (&run, NULL, "bench", "--rows", "2", "--cols", "3", "--games", "4", "--seed", "1",
           "--depth", "2", "--versus-optimal", "--json", "--record", records, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bench = cli_parse_object (run.out, &parser);
  regret = json_object_get_double_member (json_object_get_object_member (bench, "versus_optimal"),
                                          "regret");
  cli_run_clear (&run);

  for (guint seed = 1; seed <= 4; seed++)
    {
      g_autofree char *name = g_strdup_printf ("game-%06u.json", seed);
      g_autofree char *path = g_build_filename (records, name, NULL);
      g_autoptr(GPtrArray) lines = NULL;
      JsonObject *summary;
      double game_error;

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      lines = review_lines (path, NULL);
      summary = check_review (lines, &game_error);
      g_assert_cmpstr (json_object_get_string_member (summary, "unit"), ==, "points");
      g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (summary, "reviewer"),
                                                      "solver"), ==, "exact");
      for (guint i = 0; i + 1 < lines->len; i++)
        g_assert_cmpstr (json_object_get_string_member (line_object (lines, i), "by"), ==, "ai");
      errors += game_error;
    }
  /* The same measure two ways: the regrets of bench, the errors of review. */
  g_assert_cmpfloat_with_epsilon (errors, regret, 1e-6 * MAX (1.0, regret));
  g_object_unref (parser);

  /* The text: the table's head, a move, the summary. */
  {
    g_autofree char *path = g_build_filename (records, "game-000001.json", NULL);

    cli_run (&run, NULL, "review", path, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Move  Board"));
    g_assert_nonnull (strstr (run.out, "Accuracy"));
    g_assert_nonnull (strstr (run.out, "Turning point"));
    g_assert_nonnull (strstr (run.out, "expected points still to score"));
    cli_run_clear (&run);
  }
  cli_remove_temp_dir (records);
  cli_remove_temp_dir (dir);
}

/* 4×4: the default reviewer is expectimax at depth 2 with the shipped
 * network; a reviewer of the options' instead. */
static void
test_network (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-review-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "game-000003.json", NULL);
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) heuristic = NULL;
  JsonObject *summary, *reviewer;
  CliRun run = { 0 };
  double errors;

  cli_run (&run, NULL, "bench", "--games", "1", "--seed", "3", "--depth", "1", "--record", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);

  lines = review_lines (path, NULL);
  summary = check_review (lines, &errors);
  reviewer = json_object_get_object_member (summary, "reviewer");
  g_assert_cmpstr (json_object_get_string_member (reviewer, "solver"), ==, "expectimax");
  g_assert_cmpint (json_object_get_int_member (reviewer, "depth"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (summary, "unit"), ==, "points");

  heuristic = review_lines (path, "--depth", "1", NULL);
  summary = json_object_get_object_member (line_object (heuristic, heuristic->len - 1), "summary");
  g_assert_cmpstr (json_object_get_string_member (summary, "unit"), ==, "solver");
  cli_remove_temp_dir (dir);
}

/* A missing file, a damaged one: exit 1, the file named; no file: usage. */
static void
test_bad_files (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-review-XXXXXX");
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *damaged = g_build_filename (dir, "damaged.json", NULL);
  CliRun run = { 0 };

  cli_run (&run, NULL, "review", missing, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "missing.json"));
  g_assert_cmpstr (run.out, ==, "");
  cli_run_clear (&run);

  g_assert_true (g_file_set_contents (damaged,
    "{ \"format\": \"lookahead-game\", \"version\": 1, \"rules\": \"2048\", \"rows\": 2, \"cols\": 3,\n"
    "  \"start\": { \"board\": \"110/000\", \"score\": 0 },\n"
    "  \"moves\": [ { \"move\": \"up\", \"spawn\": { \"cell\": 3, \"tile\": 2 } } ] }\n", -1, NULL));
  cli_run (&run, NULL, "review", damaged, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "damaged.json, move 1: the move “up” is not legal"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "review", NULL);
  cli_assert_usage_error (&run, "review needs one game record FILE");
  cli_run_clear (&run);
  cli_remove_temp_dir (dir);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);
  g_test_add_func ("/cli/review/bench-and-review", test_bench_and_review);
  g_test_add_func ("/cli/review/network", test_network);
  g_test_add_func ("/cli/review/bad-files", test_bad_files);
  return g_test_run ();
}
