/* test-cli-wide.c: `lookahead-cli bench` and `analyze` on wide boards
 * (issue 28): 5x5 games by the original rules, 4x4 games by them (--rules
 * 2048), the shards of such a run merged, positions past 32768, and what
 * is refused: the capped rules on 5x5 or past 32768, a rules name that is
 * none, Perfect Play on 5x5; MCTS on 5x5, `review` of 5x5 and
 * past-32768 games (the sampling solvers: test-monte-carlo-wide.c), and
 * `tree` on 5x5 and past 32768. */

#include <string.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

/* bench --json with @args (NULL-terminated); the parsed output. */
static JsonObject *
bench_json (JsonParser **parser, ...)
{
  CliRun run = { 0 };
  JsonObject *object;
  va_list args;

  va_start (args, parser);
  cli_run_valist (&run, NULL, args);
  va_end (args);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

/* 5x5 at depth 1: games by the original rules, tiles far past 2048. */
static void
test_bench_5x5 (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o = bench_json (&parser, "bench", "--rows", "5", "--cols", "5", "--depth", "1",
                              "--games", "3", "--seed", "1", "--json", NULL);
  JsonObject *reached = json_object_get_object_member (o, "reached");

  g_assert_cmpint (json_object_get_int_member (o, "rows"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (o, "cols"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (o, "rules"), ==, "2048");
  g_assert_cmpfloat (json_object_get_double_member (reached, "2048"), ==, 1.0);
  g_assert_cmpint (json_object_get_int_member (o, "moves"), >, 3000);

  /* Text: the rules named, the milestones. */
  {
    CliRun run = { 0 };

    cli_run (&run, NULL, "bench", "--rows", "4", "--cols", "5", "--depth", "1", "--games", "2",
             NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Rules"));
    g_assert_nonnull (strstr (run.out, "4×5"));
    g_assert_nonnull (strstr (run.out, "Reached 32768"));
    cli_run_clear (&run);
  }
}

/* --rules 2048 on 4x4: the same games as the capped rules until two
 * 32768s meet, so at depth 1 (no game there reaches 32768) the same
 * scores; the JSON names the rules. */
static void
test_bench_rules (void)
{
  g_autoptr(JsonParser) pa = NULL;
  g_autoptr(JsonParser) pb = NULL;
  JsonObject *capped = bench_json (&pa, "bench", "--depth", "1", "--games", "4", "--seed", "3",
                                   "--json", NULL);
  JsonObject *original = bench_json (&pb, "bench", "--depth", "1", "--games", "4", "--seed", "3",
                                     "--rules", "2048", "--json", NULL);

  g_assert_cmpstr (json_object_get_string_member (capped, "rules"), ==, "2048-32768");
  g_assert_cmpstr (json_object_get_string_member (original, "rules"), ==, "2048");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (capped, "score"),
                                                    "mean"), ==,
                     json_object_get_double_member (json_object_get_object_member (original, "score"),
                                                    "mean"));
}

/* A 5x5 run in two shards, merged: the same as the run in one. */
static void
test_shards (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-cli-wide-XXXXXX", NULL);
  g_autofree char *p1 = g_build_filename (dir, "p1.json", NULL);
  g_autofree char *p2 = g_build_filename (dir, "p2.json", NULL);
  g_autoptr(JsonParser) whole_parser = NULL;
  g_autoptr(JsonParser) merged_parser = NULL;
  JsonObject *whole = bench_json (&whole_parser, "bench", "--rows", "4", "--cols", "4", "--rules",
                                  "2048", "--depth", "1", "--games", "4", "--seed", "9", "--json",
                                  NULL);
  JsonObject *merged;
  CliRun run = { 0 };

  for (guint i = 1; i <= 2; i++)
    {
      g_autofree char *shard = g_strdup_printf ("%u/2", i);

      cli_run (&run, NULL, "bench", "--rows", "4", "--cols", "4", "--rules", "2048", "--depth", "1",
               "--games", "4", "--seed", "9", "--shard", shard, "--out", i == 1 ? p1 : p2, NULL);
      g_assert_cmpint (run.status, ==, 0);
      cli_run_clear (&run);
    }
  cli_run (&run, NULL, "merge", "--json", p1, p2, NULL);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  merged = cli_parse_object (run.out, &merged_parser);
  g_assert_cmpstr (json_object_get_string_member (merged, "rules"), ==, "2048");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (merged, "score"),
                                                    "mean"), ==,
                     json_object_get_double_member (json_object_get_object_member (whole, "score"),
                                                    "mean"));
  cli_run_clear (&run);
  g_remove (p1);
  g_remove (p2);
  g_rmdir (dir);
}

static void
test_refused (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--rows", "5", "--cols", "5", "--rules", "2048-32768", NULL);
  cli_assert_usage_error (&run, "up to 4×4");
  cli_run_clear (&run);
  cli_run (&run, NULL, "bench", "--rules", "65536", NULL);
  cli_assert_usage_error (&run, "--rules");
  cli_run_clear (&run);

  /* Perfect Play solves boards of at most 9 cells, and says so. */
  cli_run (&run, NULL, "bench", "--rows", "5", "--cols", "5", "--solver", "exact",
           "--games", "1", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "9"));
  g_assert_null (strstr (run.err, "up to 4×4"));
  cli_run_clear (&run);
}

/* MCTS plays 5x5; `review` takes a 5x5 game's record (the heuristic
 * reviews it: the shipped network is 4x4's) and a 4x4 game's past 32768,
 * its boards written in hex with g (65536) and beyond. */
static void
test_mcts_and_review (void)
{
  g_autofree char *records = cli_make_temp_dir ("lh-cli-wide-review-XXXXXX");
  g_autofree char *path = g_build_filename (records, "game-000003.json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o = bench_json (&parser, "bench", "--rows", "5", "--cols", "5", "--solver", "mcts",
                              "--iterations", "30", "--playout-depth", "5", "--games", "1",
                              "--seed", "2", "--json", NULL);
  CliRun run = { 0 };

  g_assert_cmpint (json_object_get_int_member (o, "moves"), >, 100);

  cli_run (&run, NULL, "bench", "--rows", "5", "--cols", "5", "--depth", "1", "--games", "1",
           "--seed", "3", "--record", records, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  cli_run (&run, NULL, "review", path, "--jobs", "2", NULL);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Move  Board"));
  g_assert_nonnull (strstr (run.out, "Accuracy"));
  cli_run_clear (&run);
  g_remove (path);

  /* Past 32768 on 4x4: the first move merges the two 32768s. */
  cli_run (&run, NULL, "bench", "--start", "32768 32768 0 0/16384 0 0 0/0 0 0 0/0 0 2 0",
           "--depth", "1", "--games", "1", "--seed", "3", "--record", records, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  cli_run (&run, NULL, "review", path, NULL);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "ff00e000"));
  g_assert_nonnull (strstr (run.out, "Accuracy"));
  cli_run_clear (&run);
  cli_remove_temp_dir (records);
}

/* --start: every game from one board; past 32768 the original rules
 * without being told; a run in shards merges to the same. */
static void
test_bench_start (void)
{
  static const char start[] = "65536 32768 16384 8192/512 1024 2048 4096/256 128 64 32/0 0 2 16";
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) merged_parser = NULL;
  JsonObject *o = bench_json (&parser, "bench", "--start", start, "--depth", "1", "--games", "4",
                              "--seed", "2", "--json", NULL);
  JsonObject *merged;
  g_autofree char *dir = g_dir_make_tmp ("lh-cli-start-XXXXXX", NULL);
  g_autofree char *p1 = g_build_filename (dir, "p1.json", NULL);
  g_autofree char *p2 = g_build_filename (dir, "p2.json", NULL);
  CliRun run = { 0 };

  g_assert_cmpstr (json_object_get_string_member (o, "rules"), ==, "2048");
  g_assert_cmpstr (json_object_get_string_member (o, "start"), ==, "gfed9abc87650014");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "max_tile_counts"),
                                               "65536")
                   + (json_object_has_member (json_object_get_object_member (o, "max_tile_counts"),
                                              "131072")
                      ? json_object_get_int_member (json_object_get_object_member (o, "max_tile_counts"),
                                                    "131072")
                      : 0), ==, 4);

  for (guint i = 1; i <= 2; i++)
    {
      g_autofree char *shard = g_strdup_printf ("%u/2", i);

      cli_run (&run, NULL, "bench", "--start", start, "--depth", "1", "--games", "4", "--seed", "2",
               "--shard", shard, "--out", i == 1 ? p1 : p2, NULL);
      g_assert_cmpint (run.status, ==, 0);
      cli_run_clear (&run);
    }
  cli_run (&run, NULL, "merge", "--json", p1, p2, NULL);
  g_assert_cmpint (run.status, ==, 0);
  merged = cli_parse_object (run.out, &merged_parser);
  g_assert_cmpstr (json_object_get_string_member (merged, "start"), ==, "gfed9abc87650014");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (merged, "score"),
                                                    "mean"), ==,
                     json_object_get_double_member (json_object_get_object_member (o, "score"),
                                                    "mean"));
  cli_run_clear (&run);
  g_remove (p1);
  g_remove (p2);
  g_rmdir (dir);

  cli_run (&run, NULL, "bench", "--start", "2 0 0/0 0 0/0 0 0", NULL);
  cli_assert_usage_error (&run, "the board is 3×3, the games 4×4");
  cli_run_clear (&run);
  cli_run (&run, NULL, "bench", "--start", "0000000000000000", NULL);
  cli_assert_usage_error (&run, "no tiles");
  cli_run_clear (&run);
  cli_run (&run, NULL, "bench", "--start", start, "--rules", "2048-32768", NULL);
  cli_assert_usage_error (&run, "do not allow");
  cli_run_clear (&run);
}

/* analyze on a 5x5 board and on 4x4 boards past 32768. */
static void
test_analyze (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "analyze", "--board", "4 2 0 0 0/2 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 2",
           "--depth", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Board: 4 2 0 0 0/2 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 2"));
  g_assert_nonnull (strstr (run.out, "hex 21000/10000/00000/00000/00001"));
  g_assert_nonnull (strstr (run.out, "← chosen"));
  cli_run_clear (&run);

  /* A 65536 on 4x4: the original rules without being told. */
  {
    g_autoptr(JsonParser) parser = NULL;
    JsonObject *o;

    cli_run (&run, NULL, "analyze", "--board", "65536 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0", "--json", NULL);
    g_assert_cmpint (run.status, ==, 0);
    o = cli_parse_object (run.out, &parser);
    g_assert_cmpstr (json_object_get_string_member (o, "board"), ==, "g100000000000000");
    g_assert_cmpstr (json_object_get_string_member (o, "rules"), ==, "2048");
    g_assert_false (json_object_get_null_member (o, "move"));
    cli_run_clear (&run);
  }

  /* Two 32768s that only a merge moves: legal by the original rules,
   * the game is over by the capped ones. */
  cli_run (&run, NULL, "analyze", "--board", "32768 32768 2 4/4 2 4 2/2 4 2 4/4 2 4 2", "--rules",
           "2048", "--depth", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (strstr (run.out, "Move:        left") != NULL
                 || strstr (run.out, "Move:        right") != NULL);
  cli_run_clear (&run);
  cli_run (&run, NULL, "analyze", "--board", "32768 32768 2 4/4 2 4 2/2 4 2 4/4 2 4 2", "--depth",
           "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "none (game over)"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "analyze", "--board", "65536 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0", "--rules",
           "2048-32768", NULL);
  cli_assert_usage_error (&run, "do not allow");
  cli_run_clear (&run);
  cli_run (&run, NULL, "analyze", "--board", "2 2 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0",
           "--solver", "mcts", "--iterations", "50", NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
}

/* `tree` on 5x5 and past 32768: the records of expectimax, MCTS and MDP
 * Monte Carlo as JSON of 5 rows and columns, boards in hex with g past f;
 * the capped rules refuse a tile past 32768. */
static void
test_tree (void)
{
  g_autofree char *dir = cli_make_temp_dir ("lh-cli-wide-tree-XXXXXX");
  g_autofree char *json = g_build_filename (dir, "tree.json", NULL);
  g_autofree char *svg = g_build_filename (dir, "tree.svg", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  CliRun run = { 0 };
  JsonObject *root;
  JsonArray *nodes;

  cli_run (&run, NULL, "tree", "--board", "2 4 8 16 32/0 0 0 0 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 4",
           "--depth", "2", "--max-nodes", "400", "--json", json, "--svg", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Board 12345/00001/00000/00000/00002, depth 2"));
  cli_run_clear (&run);
  g_assert_true (json_parser_load_from_file (parser, json, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "rows"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (root, "cols"), ==, 5);
  nodes = json_object_get_array_member (root, "nodes");
  g_assert_cmpuint (json_array_get_length (nodes), >, 100);
  g_assert_cmpuint (json_array_get_length (nodes), <=, 400);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (nodes, 0), "board"),
                   ==, "12345/00001/00000/00000/00002");
  g_assert_true (g_file_test (svg, G_FILE_TEST_EXISTS));

  cli_run (&run, NULL, "tree", "--board", "65536 32768 0 0/0 0 0 0/0 0 0 0/0 0 0 2", "--depth", "2",
           "--json", json, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Board gf00000000000001"));
  cli_run_clear (&run);
  g_assert_true (json_parser_load_from_file (parser, json, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  nodes = json_object_get_array_member (root, "nodes");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (nodes, 0), "board"),
                   ==, "gf00000000000001");

  cli_run (&run, NULL, "tree", "--board", "2 4 8 16 32/0 0 0 0 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 4",
           "--solver", "mcts", "--iterations", "20", "--json", json, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_true (json_parser_load_from_file (parser, json, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "solver"), ==, "mcts");
  g_assert_cmpint (json_object_get_int_member (root, "rows"), ==, 5);
  cli_run (&run, NULL, "tree", "--board", "2 4 8 16 32/0 0 0 0 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 4",
           "--solver", "mdp-mc", "--json", json, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_true (json_parser_load_from_file (parser, json, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "cols"), ==, 5);
  nodes = json_object_get_array_member (root, "nodes");
  /* The root, its 4 moves, and under each its spawns (2 tiles on each empty cell). */
  g_assert_cmpuint (json_array_get_length (nodes), >, 5);
  cli_run (&run, NULL, "tree", "--board", "65536 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0", "--rules",
           "2048-32768", "--json", json, NULL);
  cli_assert_usage_error (&run, "--board: a tile above 32768");
  cli_run_clear (&run);
  g_unlink (json);
  g_unlink (svg);
  cli_remove_temp_dir (dir);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);
  g_test_add_func ("/cli-wide/bench-5x5", test_bench_5x5);
  g_test_add_func ("/cli-wide/bench-rules", test_bench_rules);
  g_test_add_func ("/cli-wide/shards", test_shards);
  g_test_add_func ("/cli-wide/tree", test_tree);
  g_test_add_func ("/cli-wide/refused", test_refused);
  g_test_add_func ("/cli-wide/analyze", test_analyze);
  g_test_add_func ("/cli-wide/bench-start", test_bench_start);
  g_test_add_func ("/cli-wide/mcts-and-review", test_mcts_and_review);
  return g_test_run ();
}
