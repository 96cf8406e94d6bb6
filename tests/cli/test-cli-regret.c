/* test-cli-regret.c: `lookahead-cli bench --versus-optimal`, a solver's
 * moves measured against the exact solution and its games beside optimal
 * play from the same seeds.
 *
 * The boards are 2×3 (solved in milliseconds), never 3×3.  Every test runs
 * with its own empty XDG_CACHE_HOME (cli_test_init() isolates the
 * directories), so the user's cache of solutions is neither read nor
 * written.  Merging the shards of such a run is tested in test-cli-shard.c.
 */

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

/* bench on 2×3 with @solver_args (NULL-terminated), --games @games --seed 1
 * --json, and --versus-optimal when @versus; the parsed output. */
static JsonObject *
bench_json (JsonParser **parser, gboolean versus, const char *games, const char *const *solver_args)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  CliRun run = { 0 };
  JsonObject *object;
  const char *const base[] = {
    "bench", "--rows", "2", "--cols", "3", "--games", games, "--seed", "1", "--json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (base); i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  for (guint i = 0; solver_args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) solver_args[i]);
  if (versus)
    g_ptr_array_add (args, (gpointer) "--versus-optimal");
  cli_run_argv (&run, NULL, args);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  /* Not a terminal: no progress line, no notice of the solve. */
  g_assert_cmpstr (run.err, ==, "");
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

static double
member_double (JsonObject *object, const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_double_member (object, name);
}

/* Every member of "versus_optimal", consistent with the rest. */
static JsonObject *
check_versus_keys (JsonObject *object, gint64 n_games)
{
  static const char *const stats[] = { "mean", "median", "sd", "min", "max" };
  JsonObject *versus, *optimal, *score, *reached, *optimal_reached, *counts;
  gint64 moves = json_object_get_int_member (object, "moves");
  g_autoptr(GList) members = NULL;
  gint64 n_counted = 0;

  g_assert_true (json_object_has_member (object, "versus_optimal"));
  versus = json_object_get_object_member (object, "versus_optimal");
  g_assert_cmpstr (json_object_get_string_member (versus, "objective"), ==, "score");
  g_assert_cmpfloat (member_double (versus, "regret"), >=, 0.0);
  g_assert_cmpfloat_with_epsilon (member_double (versus, "regret_per_move"),
                                  member_double (versus, "regret") / moves, 1e-9);
  g_assert_cmpfloat_with_epsilon (member_double (versus, "regret_per_game"),
                                  member_double (versus, "regret") / n_games, 1e-9);
  g_assert_cmpint (json_object_get_int_member (versus, "optimal_moves"), <=, moves);
  g_assert_cmpfloat_with_epsilon (member_double (versus, "optimal_move_share"),
                                  (double) json_object_get_int_member (versus, "optimal_moves") / moves,
                                  1e-12);

  optimal = json_object_get_object_member (versus, "optimal");
  g_assert_nonnull (optimal);
  g_assert_cmpint (json_object_get_int_member (optimal, "games"), ==, n_games);
  /* V*(start) of 2×3, as `solve --rows 2 --cols 3` prints it. */
  g_assert_cmpfloat_with_epsilon (member_double (optimal, "expected_score"), 480.2582718, 1e-6);
  score = json_object_get_object_member (optimal, "score");
  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    g_assert_true (json_object_has_member (score, stats[i]));
  g_assert_cmpint (json_object_get_int_member (optimal, "moves"), >, 0);
  g_assert_cmpfloat (member_double (optimal, "ms_per_move"), >=, 0.0);
  counts = json_object_get_object_member (optimal, "max_tile_counts");
  members = json_object_get_members (counts);
  for (GList *l = members; l != NULL; l = l->next)
    n_counted += json_object_get_int_member (counts, l->data);
  g_assert_cmpint (n_counted, ==, n_games);

  /* The same tiles on both sides, from 2 up; every game reached 2. */
  reached = json_object_get_object_member (versus, "reached");
  optimal_reached = json_object_get_object_member (optimal, "reached");
  g_assert_cmpuint (json_object_get_size (reached), ==, json_object_get_size (optimal_reached));
  g_assert_cmpfloat (member_double (reached, "2"), ==, 1.0);
  g_assert_cmpfloat (member_double (optimal_reached, "2"), ==, 1.0);
  return versus;
}

/* The exact solver plays the optimal moves: no regret, and its games are
 * the optimal games. */
static void
test_exact_has_no_regret (void)
{
  static const char *const exact[] = { "--solver", "exact", NULL };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object = bench_json (&parser, TRUE, "4", exact);
  JsonObject *versus = check_versus_keys (object, 4);
  JsonObject *optimal = json_object_get_object_member (versus, "optimal");

  g_assert_cmpfloat (member_double (versus, "regret"), ==, 0.0);
  g_assert_cmpfloat (member_double (versus, "optimal_move_share"), ==, 1.0);
  g_assert_cmpint (json_object_get_int_member (versus, "optimal_moves"), ==,
                   json_object_get_int_member (object, "moves"));
  g_assert_cmpint (json_object_get_int_member (optimal, "moves"), ==,
                   json_object_get_int_member (object, "moves"));
  g_assert_cmpfloat (member_double (json_object_get_object_member (optimal, "score"), "mean"), ==,
                     member_double (json_object_get_object_member (object, "score"), "mean"));
}

/* Expectimax at depth 1 is weak on 2×3: it loses points, some moves are
 * not optimal; measuring changes none of its moves. */
static void
test_weak_solver_regret (void)
{
  static const char *const depth1[] = { "--depth", "1", NULL };
  static const char *const same[] = { "score", "moves", "max_tile_counts", "reached" };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) plain_parser = NULL;
  JsonObject *object = bench_json (&parser, TRUE, "6", depth1);
  JsonObject *plain = bench_json (&plain_parser, FALSE, "6", depth1);
  JsonObject *versus = check_versus_keys (object, 6);

  g_assert_cmpfloat (member_double (versus, "regret"), >, 0.0);
  g_assert_cmpfloat (member_double (versus, "optimal_move_share"), <, 1.0);
  g_assert_cmpfloat (member_double (versus, "optimal_move_share"), >, 0.0);
  g_assert_false (json_object_has_member (plain, "versus_optimal"));
  for (guint i = 0; i < G_N_ELEMENTS (same); i++)
    {
      g_autofree char *a = json_to_string (json_object_get_member (object, same[i]), FALSE);
      g_autofree char *b = json_to_string (json_object_get_member (plain, same[i]), FALSE);

      g_assert_cmpstr (a, ==, b);
    }
}

/* A sampling solver with its own seeds: regret never negative, in every
 * game (the parts hold each game's). */
static void
test_game_regrets (void)
{
  g_autoptr(JsonParser) parser = NULL;
  CliRun run = { 0 };
  JsonObject *part;
  JsonArray *games;

  cli_run (&run, NULL, "bench", "--rows", "2", "--cols", "3", "--games", "5", "--seed", "2",
           "--solver", "montecarlo", "--playouts", "3", "--playout-depth", "3",
           "--versus-optimal", "--shard", "1/1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  part = cli_parse_object (run.out, &parser);
  games = json_object_get_array_member (part, "games");
  g_assert_cmpuint (json_array_get_length (games), ==, 5);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (part, "optimal_games")), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      JsonObject *game = json_array_get_object_element (games, i);

      g_assert_cmpfloat (member_double (game, "regret"), >=, 0.0);
      g_assert_cmpint (json_object_get_int_member (game, "optimal_moves"), <=,
                       json_object_get_int_member (game, "moves"));
    }
  cli_run_clear (&run);
}

static void
test_text (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--rows", "2", "--cols", "3", "--games", "3", "--depth", "1",
           "--versus-optimal", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Against optimal play"));
  g_assert_nonnull (strstr (run.out, "Regret per move (points)"));
  g_assert_nonnull (strstr (run.out, "Optimal moves"));
  g_assert_nonnull (strstr (run.out, "Regret per game (points)"));
  g_assert_cmpstr (run.err, ==, "");
  cli_run_clear (&run);

  /* Without the option, no such table. */
  cli_run (&run, NULL, "bench", "--rows", "2", "--cols", "3", "--games", "1", "--depth", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "Against optimal play"));
  cli_run_clear (&run);
}

static void
test_too_large (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--games", "1", "--versus-optimal", NULL);
  cli_assert_usage_error (&run, "--versus-optimal: ");
  cli_run_clear (&run);
  cli_run (&run, NULL, "bench", "--rows", "3", "--cols", "4", "--games", "1", "--versus-optimal", NULL);
  cli_assert_usage_error (&run, "3x4");
  cli_run_clear (&run);

  cli_run (&run, NULL, "bench", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--versus-optimal"));
  cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);

  g_test_add_func ("/cli/regret/exact", test_exact_has_no_regret);
  g_test_add_func ("/cli/regret/weak", test_weak_solver_regret);
  g_test_add_func ("/cli/regret/games", test_game_regrets);
  g_test_add_func ("/cli/regret/text", test_text);
  g_test_add_func ("/cli/regret/too-large", test_too_large);
  return g_test_run ();
}
