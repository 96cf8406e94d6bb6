/* test-cli-evaluator.c: lookahead-cli's --evaluator and --weights.
 *
 * The weights files are written here (lh_ntuple_new, lh_ntuple_update,
 * lh_ntuple_file_save) so that the values can be computed here too:
 * analyze at depth 1 gives each move its points plus the network's value
 * of its afterstate.  Then the errors (each option without the other, an
 * unknown evaluator, a missing or damaged file, a network of another
 * board size, a solver without an evaluator), and a bench run in shards
 * merged back, which reads the options' JSON with the weights again. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include <json-glib/json-glib.h>

#include "cli-test-run.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-rng.h"

/* Writes a "lines+squares" network of @rows x @cols with varied weights
 * to @path; returns it. */
static LhNtuple *
write_network (const char *path, guint rows, guint cols)
{
  LhGeometry g = { rows, cols };
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint n_shapes = 0;
  g_autoptr(GError) error = NULL;
  LhNtuple *net;
  LhRng rng;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", g, shapes, &n_shapes, &error));
  net = lh_ntuple_new (g, shapes, n_shapes, &error);
  g_assert_no_error (error);
  lh_rng_init (&rng, 42);
  for (guint i = 0; i < 2000; i++)
    {
      LhBoard b = 0;

      /* Boards of small tiles, as early games have. */
      for (guint r = 0; r < rows; r++)
        for (guint c = 0; c < cols; c++)
          b |= (LhBoard) lh_rng_below (&rng, 5) << (4 * (4 * r + c));
      lh_ntuple_update (net, b, ((float) lh_rng_below (&rng, 41) - 20.0f) / 50);
    }
  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_no_error (error);
  return net;
}

static void
run_args (CliRun *run, const char *const *args)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new ();

  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (list, (gpointer) args[i]);
  cli_run_argv (run, NULL, list);
}

/* --evaluator ntuple without --weights plays with the shipped network
 * (LOOKAHEAD_NETWORK_DIR, as the window's Learned): the same values as
 * with --weights naming that file. */
static void
test_shipped_network (void)
{
  g_autofree char *shipped = g_build_filename (g_getenv ("LOOKAHEAD_NETWORK_DIR"), "default.lhnet", NULL);
  const char *implicit[] = { "analyze", "--board", "0112012101120000", "--depth", "2", "--evaluator", "ntuple",
                             "--json", NULL };
  const char *explicit[] = { "analyze", "--board", "0112012101120000", "--depth", "2", "--evaluator", "ntuple",
                             "--weights", shipped, "--json", NULL };
  CliRun a = { 0 }, b = { 0 };
  g_autoptr(JsonNode) ja = NULL;
  g_autoptr(JsonNode) jb = NULL;
  JsonObject *ma, *mb;

  g_assert_true (g_file_test (shipped, G_FILE_TEST_EXISTS));
  run_args (&a, implicit);
  run_args (&b, explicit);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  ja = json_from_string (a.out, NULL);
  jb = json_from_string (b.out, NULL);
  g_assert_nonnull (ja);
  g_assert_nonnull (jb);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (ja), "move"), ==,
                   json_object_get_string_member (json_node_get_object (jb), "move"));
  ma = json_object_get_object_member (json_node_get_object (ja), "moves");
  mb = json_object_get_object_member (json_node_get_object (jb), "moves");
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      const char *name = lh_move_to_string ((LhMove) m);
      JsonObject *x = json_object_get_object_member (ma, name), *y = json_object_get_object_member (mb, name);

      g_assert_cmpint (json_object_get_boolean_member (x, "legal"), ==, json_object_get_boolean_member (y, "legal"));
      if (json_object_get_boolean_member (x, "legal"))
        g_assert_cmpfloat (json_object_get_double_member (x, "value"), ==, json_object_get_double_member (y, "value"));
    }
  cli_run_clear (&a);
  cli_run_clear (&b);
}

/* analyze at depth 1: each move's value is its points plus V(afterstate),
 * the move the best of them. */
static void
test_analyze_depth1 (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-evaluator-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(LhNtuple) net = write_network (path, 4, 4);
  static const char *const boards[] = {
    "0000000000001100", "0112012101120000", "1212212112120001", "0232123100110000",
  };
  static const char *const names[LH_N_MOVES] = { "up", "down", "left", "right" };

  lh_engine_init ();
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      const char *args[] = {
        "analyze", "--board", boards[i], "--depth", "1", "--evaluator", "ntuple", "--weights",
        path, "--json", NULL,
      };
      g_autoptr(JsonParser) parser = NULL;
      CliRun run = { 0 };
      JsonObject *root, *moves;
      LhBoard board = g_ascii_strtoull (boards[i], NULL, 16);
      LhBoard flipped = 0;
      double best = -INFINITY;
      int best_move = -1;

      /* Hex form, reading order: the first digit is cell 0. */
      for (guint c = 0; c < 16; c++)
        flipped |= ((board >> (4 * (15 - c))) & 0xf) << (4 * c);
      run_args (&run, args);
      if (run.status != 0)
        g_test_message ("stderr: %s", run.err);
      g_assert_cmpint (run.status, ==, 0);
      root = cli_parse_object (run.out, &parser);
      g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "parameters"),
                                                      "evaluator"), ==, "ntuple");
      moves = json_object_get_object_member (root, "moves");
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          JsonObject *move = json_object_get_object_member (moves, names[m]);
          guint32 points;
          LhBoard after = lh_board_move (flipped, LH_GEOMETRY_DEFAULT, (LhMove) m, &points);
          double v;

          g_assert_cmpint (json_object_get_boolean_member (move, "legal"), ==, after != flipped);
          if (after == flipped)
            continue;
          v = points + (double) lh_ntuple_evaluate (net, after);
          g_assert_cmpfloat (fabs (json_object_get_double_member (move, "value") - v), <, 1e-9);
          if (v > best)
            best = v, best_move = (int) m;
        }
      g_assert_cmpstr (json_object_get_string_member (root, "move"), ==, names[best_move]);
      cli_run_clear (&run);
    }
  cli_remove_temp_dir (dir);
}

static void
check_usage (const char *const *args, const char *expected)
{
  CliRun run = { 0 };

  run_args (&run, args);
  cli_assert_usage_error (&run, expected);
  cli_run_clear (&run);
}

static void
check_file_error (const char *const *args, const char *expected)
{
  CliRun run = { 0 };

  run_args (&run, args);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, expected));
  cli_run_clear (&run);
}

static void
test_errors (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-evaluator-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.lhnet", NULL);
  g_autofree char *damaged = g_build_filename (dir, "damaged.lhnet", NULL);
  g_autoptr(LhNtuple) net = write_network (path, 4, 4);
  g_autofree char *text = NULL;
  gsize length;

  {
    const char *args[] = { "bench", "--games", "1", "--depth", "1", "--weights", path, NULL };
    check_usage (args, "--weights needs --evaluator ntuple");
  }
  /* Without --weights and without a shipped network: a file error that
   * names the file and says to give --weights. */
  {
    const char *args[] = { "analyze", "--board", "0000000000001100", "--evaluator", "ntuple", NULL };
    g_autofree char *saved = g_strdup (g_getenv ("LOOKAHEAD_NETWORK_DIR"));

    g_setenv ("LOOKAHEAD_NETWORK_DIR", dir, TRUE);
    check_file_error (args, "--evaluator ntuple without --weights plays with the network that ships "
                            "with Lookahead, which cannot be read");
    check_file_error (args, "default.lhnet");
    if (saved != NULL)
      g_setenv ("LOOKAHEAD_NETWORK_DIR", saved, TRUE);
    else
      g_unsetenv ("LOOKAHEAD_NETWORK_DIR");
  }
  {
    const char *args[] = { "analyze", "--board", "0000000000001100", "--evaluator", "network", NULL };
    check_usage (args, "--evaluator: “network” is not one of heuristic or ntuple");
  }
  {
    const char *args[] = {
      "bench", "--rows", "3", "--cols", "3", "--games", "1", "--depth", "1",
      "--evaluator", "ntuple", "--weights", path, NULL,
    };
    check_usage (args, "is a network for 4×4 boards, the board is 3×3");
  }
  {
    const char *args[] = {
      "analyze", "--board", "000/000/011", "--evaluator", "ntuple", "--weights", path, NULL,
    };
    check_usage (args, "is a network for 4×4 boards, the board is 3×3");
  }
  {
    const char *args[] = {
      "analyze", "--board", "0000/0000/0011", "--solver", "exact", "--evaluator", "ntuple",
      "--weights", path, NULL,
    };
    check_usage (args, "--evaluator is not an option of the exact solver");
  }
  {
    const char *args[] = {
      "analyze", "--board", "0000000000001100", "--evaluator", "ntuple", "--weights", path,
      "--set", "empty_weight=10", NULL,
    };
    check_usage (args, "--evaluator ntuple does not use the heuristic");
  }
  {
    const char *args[] = {
      "sweep", "--param", "empty_weight=100:200:100", "--games", "1", "--depth", "1",
      "--evaluator", "ntuple", "--weights", path, NULL,
    };
    check_usage (args, "--evaluator ntuple does not use the heuristic");
  }
  {
    const char *args[] = {
      "analyze", "--board", "0000000000001100", "--evaluator", "ntuple", "--weights", missing, NULL,
    };
    check_file_error (args, "missing.lhnet");
  }
  /* A damaged file: its last bytes changed. */
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  text[length - 1] ^= 0x55;
  g_assert_true (g_file_set_contents (damaged, text, (gssize) length, NULL));
  {
    const char *args[] = {
      "analyze", "--board", "0000000000001100", "--evaluator", "ntuple", "--weights", damaged, NULL,
    };
    check_file_error (args, "damaged.lhnet");
  }
  cli_remove_temp_dir (dir);
}

/* The heuristic is the default; --evaluator heuristic changes nothing. */
static void
test_heuristic_default (void)
{
  const char *plain[] = { "analyze", "--board", "0112012101120000", "--depth", "2", "--json", NULL };
  const char *named[] = {
    "analyze", "--board", "0112012101120000", "--depth", "2", "--json", "--evaluator", "heuristic",
    NULL,
  };
  CliRun a = { 0 }, b = { 0 };

  run_args (&a, plain);
  run_args (&b, named);
  g_assert_cmpint (a.status, ==, 0);
  /* All but the time, the last member. */
  g_assert_nonnull (strstr (a.out, "\"ms\""));
  *strstr (a.out, "\"ms\"") = '\0';
  *strstr (b.out, "\"ms\"") = '\0';
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_nonnull (strstr (a.out, "\"evaluator\" : \"heuristic\""));
  cli_run_clear (&a);
  cli_run_clear (&b);
}

/* A bench with the network in two shards, merged: the one run's output;
 * the parts carry the options with the weights file, and merge reads it. */
static void
test_bench_shards (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-evaluator-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *part1 = g_build_filename (dir, "part-1.json", NULL);
  g_autofree char *part2 = g_build_filename (dir, "part-2.json", NULL);
  g_autoptr(LhNtuple) net = write_network (path, 3, 3);
  const char *single[] = {
    "bench", "--rows", "3", "--cols", "3", "--games", "6", "--depth", "2", "--seed", "5",
    "--evaluator", "ntuple", "--weights", path, NULL,
  };
  const char *shard1[] = {
    "bench", "--rows", "3", "--cols", "3", "--games", "6", "--depth", "2", "--seed", "5",
    "--evaluator", "ntuple", "--weights", path, "--shard", "1/2", "--out", part1, NULL,
  };
  const char *shard2[] = {
    "bench", "--rows", "3", "--cols", "3", "--games", "6", "--depth", "2", "--seed", "5",
    "--evaluator", "ntuple", "--weights", path, "--shard", "2/2", "--out", part2, NULL,
  };
  const char *merge[] = { "merge", part1, part2, NULL };
  CliRun one = { 0 }, s1 = { 0 }, s2 = { 0 }, merged = { 0 };
  g_autofree char *part_text = NULL;

  run_args (&one, single);
  run_args (&s1, shard1);
  run_args (&s2, shard2);
  run_args (&merged, merge);
  g_test_message ("merge stderr: %s", merged.err);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_cmpint (s1.status, ==, 0);
  g_assert_cmpint (s2.status, ==, 0);
  g_assert_cmpint (merged.status, ==, 0);
  g_assert_nonnull (strstr (one.out, "Weights"));
  g_assert_nonnull (strstr (one.out, "ntuple"));
  /* The same games: the mean scores agree (the figures, not the lines:
   * the table's padding follows its widest figure, a time among them). */
  {
    const char *a = strstr (one.out, "Score mean"), *b = strstr (merged.out, "Score mean");

    g_assert_nonnull (a);
    g_assert_nonnull (b);
    g_assert_cmpfloat (g_ascii_strtod (a + strlen ("Score mean"), NULL), ==,
                       g_ascii_strtod (b + strlen ("Score mean"), NULL));
    g_assert_cmpfloat (g_ascii_strtod (a + strlen ("Score mean"), NULL), >, 0.0);
  }
  part_text = cli_read_text (part1);
  g_assert_nonnull (strstr (part_text, "\"evaluator\":\"ntuple\""));
  g_assert_nonnull (strstr (part_text, "\"weights\":"));

  /* The weights file gone: merge cannot read the options back. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  cli_run_clear (&merged);
  run_args (&merged, merge);
  g_assert_cmpint (merged.status, !=, 0);
  g_assert_nonnull (strstr (merged.err, "net.lhnet"));

  cli_run_clear (&one);
  cli_run_clear (&s1);
  cli_run_clear (&s2);
  cli_run_clear (&merged);
  cli_remove_temp_dir (dir);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);
  g_test_add_func ("/cli/evaluator/analyze-depth1", test_analyze_depth1);
  g_test_add_func ("/cli/evaluator/errors", test_errors);
  g_test_add_func ("/cli/evaluator/shipped-network", test_shipped_network);
  g_test_add_func ("/cli/evaluator/heuristic-default", test_heuristic_default);
  g_test_add_func ("/cli/evaluator/bench-shards", test_bench_shards);
  return g_test_run ();
}
