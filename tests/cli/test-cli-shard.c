/* test-cli-shard.c: runs split into shards (--shard I/N) and put together by
 * `lookahead-cli merge`.
 *
 * The required property: the 4 shards of a run, merged, print exactly what
 * the run prints in one go.  Two runs never measure the same times, so the
 * outputs are compared without their timing figures (bench's moves per
 * second, ms per move, nodes per second and wall time; sweep's ms per
 * move; tune's time line) and, in text, with runs of spaces taken as one
 * (a table's columns are as wide as their widest cell, a time among them);
 * every other figure must be equal to the last digit.  How merge computes
 * the timing figures (the parts' summed wall time, each game's own search
 * time) is checked against the parts themselves.  The games are tiny: a
 * 3×3 board at depth 1 or 2, a few games.
 */

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

/* The members and rows that hold measured times. */
static const char *const timing_members[] = {
  "seconds", "moves_per_second", "ms_per_move", "nodes_per_second",
};
static const char *const timing_rows[] = {
  "Moves per second", "ms per move", "Nodes per second", "Wall time (s)", "Time:",
};

static void
write_text (const char *path, const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* Runs lookahead-cli with @base (NULL-terminated) and then @extra
 * (NULL-terminated, nullable); checks that it succeeds. */
static void
run_ok (CliRun *run, const char *const *base, const char *const *extra)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; base[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  cli_run_argv (run, NULL, args);
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, 0);
}

/* Runs @base with --shard I/@n --out DIR/@name-I.json for each shard (shard
 * 2 with --jobs 2 when @jobs_vary, since --jobs never changes a result);
 * returns the parts' paths, the last shard first.  The last shard writes
 * to standard output instead of --out, which the test saves. */
static GPtrArray *
write_shards (const char *dir, const char *name, const char *const *base, guint n,
              gboolean jobs_vary)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  for (guint i = n; i >= 1; i--)
    {
      g_autofree char *spec = g_strdup_printf ("%u/%u", i, n);
      g_autofree char *file = g_strdup_printf ("%s-%u.json", name, i);
      char *path = g_build_filename (dir, file, NULL);
      const char *with_out[] = { "--shard", spec, "--out", path, NULL, NULL, NULL };
      const char *to_stdout[] = { "--shard", spec, NULL };
      CliRun run = { 0 };

      if (jobs_vary && i == 2)
        {
          with_out[4] = "--jobs";
          with_out[5] = "2";
        }
      run_ok (&run, base, i == n ? to_stdout : with_out);
      if (i == n)
        write_text (path, run.out);
      else
        g_assert_cmpstr (run.out, ==, "");
      cli_run_clear (&run);
      g_ptr_array_add (paths, path);
    }
  return paths;
}

/* Runs `merge @options... @paths...`. */
static void
run_merge (CliRun *run, GPtrArray *paths, const char *const *options)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  g_ptr_array_add (args, (gpointer) "merge");
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) options[i]);
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (args, g_ptr_array_index (paths, i));
  cli_run_argv (run, NULL, args);
}

static void
merge_ok (CliRun *run, GPtrArray *paths, const char *const *options)
{
  run_merge (run, paths, options);
  if (run->status != 0)
    g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, 0);
}

/* @text without the lines of timing_rows, each line's runs of white space
 * made one space. */
static char *
normalise_text (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (lines[i], " \t", -1);
      GString *line = g_string_new (NULL);
      gboolean timing = FALSE;

      for (guint w = 0; words[w] != NULL; w++)
        if (*words[w] != '\0')
          g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", words[w]);
      for (guint t = 0; t < G_N_ELEMENTS (timing_rows); t++)
        timing = timing || g_str_has_prefix (line->str, timing_rows[t]);
      if (!timing)
        g_string_append_printf (out, "%s\n", line->str);
      g_string_free (line, TRUE);
    }
  return g_string_free (out, FALSE);
}

static void
remove_timing (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = NULL;

      for (guint t = 0; t < G_N_ELEMENTS (timing_members); t++)
        if (json_object_has_member (object, timing_members[t]))
          json_object_remove_member (object, timing_members[t]);
      members = json_object_get_members (object);
      for (GList *l = members; l != NULL; l = l->next)
        remove_timing (json_object_get_member (object, l->data));
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        remove_timing (json_array_get_element (array, i));
    }
}

/* @text (JSON) without the members of timing_members, pretty-printed. */
static char *
normalise_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  remove_timing (json_parser_get_root (parser));
  return json_to_string (json_parser_get_root (parser), TRUE);
}

static void
assert_same_text (const char *merged, const char *single)
{
  g_autofree char *a = normalise_text (merged);
  g_autofree char *b = normalise_text (single);

  g_test_message ("merged:\n%s\none run:\n%s", merged, single);
  g_assert_cmpstr (a, ==, b);
}

static void
assert_same_json (const char *merged, const char *single)
{
  g_autofree char *a = normalise_json (merged);
  g_autofree char *b = normalise_json (single);

  g_assert_cmpstr (a, ==, b);
}

/* merge of @paths fails with status @status and a message holding each of
 * the NULL-terminated @expected. */
static void
check_merge_fails (GPtrArray *paths, const char *const *options, int status, ...)
{
  CliRun run = { 0 };
  const char *expected;
  va_list args;

  run_merge (&run, paths, options);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, status);
  g_assert_cmpstr (run.out, ==, "");
  va_start (args, status);
  while ((expected = va_arg (args, const char *)) != NULL)
    g_assert_nonnull (strstr (run.err, expected));
  va_end (args);
  cli_run_clear (&run);
}

/* A new array of @paths' elements at the indices that follow (ending with
 * -1), then @extra when not NULL. */
static GPtrArray *
pick (GPtrArray *paths, const char *extra, ...)
{
  GPtrArray *some = g_ptr_array_new ();
  va_list args;
  int i;

  va_start (args, extra);
  while ((i = va_arg (args, int)) >= 0)
    g_ptr_array_add (some, g_ptr_array_index (paths, i));
  va_end (args);
  if (extra != NULL)
    g_ptr_array_add (some, (gpointer) extra);
  return some;
}

/* ---- bench ---- */

static const char *const bench_base[] = {
  "bench", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "10", "--seed", "3", NULL,
};
/* A randomised solver: each game's searches are seeded from its index. */
static const char *const bench_mc_base[] = {
  "bench", "--rows", "3", "--cols", "3", "--solver", "montecarlo", "--playouts", "4",
  "--playout-depth", "5", "--games", "9", "--seed", "11", "--set", "empty_weight=1500", NULL,
};

static void
test_bench_text (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autoptr(GPtrArray) paths = write_shards (dir, "bench", bench_base, 4, FALSE);
  g_autoptr(GPtrArray) whole = write_shards (dir, "whole", bench_base, 1, FALSE);
  CliRun merged = { 0 }, single = { 0 }, one_part = { 0 };

  run_ok (&single, bench_base, NULL);
  merge_ok (&merged, paths, NULL);
  g_assert_nonnull (strstr (merged.out, "Seeds                        3–12"));
  assert_same_text (merged.out, single.out);
  g_assert_cmpstr (merged.err, ==, "");

  /* One shard of one is the whole run. */
  merge_ok (&one_part, whole, NULL);
  assert_same_text (one_part.out, single.out);
  cli_run_clear (&merged);
  cli_run_clear (&single);
  cli_run_clear (&one_part);
  cli_remove_temp_dir (dir);
}

/* A part holds the preset's parameters: merge needs no preset file.  The
 * time budget is far more than a search of depth 2 on a 3×3 board needs, so
 * the games do not depend on the machine. */
static void
test_bench_preset (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autofree char *preset = g_build_filename (dir, "mine.json", NULL);
  const char *base[] = {
    "bench", "--rows", "3", "--cols", "3", "--depth", "2", "--games", "4", "--seed", "8",
    "--preset", preset, "--set", "sum_weight=12.5", "--time-ms", "60000", NULL,
  };
  g_autoptr(GPtrArray) paths = NULL;
  CliRun merged = { 0 }, single = { 0 };

  write_text (preset, "{ \"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"Mine\", "
                      "\"heuristic\": { \"empty_weight\": 1234.5 } }\n");
  paths = write_shards (dir, "preset", base, 2, FALSE);
  run_ok (&single, base, NULL);
  g_remove (preset);
  merge_ok (&merged, paths, NULL);
  g_assert_nonnull (strstr (merged.out, "Preset"));
  g_assert_nonnull (strstr (merged.out, "Mine"));
  g_assert_nonnull (strstr (merged.out, "empty_weight 1234.5"));
  g_assert_nonnull (strstr (merged.out, "60000 ms"));
  assert_same_text (merged.out, single.out);
  cli_run_clear (&merged);
  cli_run_clear (&single);
  cli_remove_temp_dir (dir);
}

/* The sum of member @name of the parts' games (of a run with seed
 * @first_seed and at most 16 games), in game order, and the parts' summed
 * "seconds" in shard order. */
static void
sum_parts (GPtrArray *paths, guint64 first_seed, const char *name, double *sum, double *seconds)
{
  double by_game[16] = { 0 };

  *sum = 0.0;
  *seconds = 0.0;
  /* write_shards() lists the last shard first. */
  for (guint i = paths->len; i-- > 0;)
    {
      g_autoptr(JsonParser) parser = NULL;
      g_autofree char *text = cli_read_text (g_ptr_array_index (paths, i));
      JsonObject *part = cli_parse_object (text, &parser);
      JsonArray *games = json_object_get_array_member (part, "games");

      *seconds += json_object_get_double_member (part, "seconds");
      for (guint g = 0; g < json_array_get_length (games); g++)
        {
          JsonObject *game = json_array_get_object_element (games, g);
          gint64 index = json_object_get_int_member (game, "index");

          g_assert_cmpint (index, <, (gint64) G_N_ELEMENTS (by_game));
          g_assert_cmpint (index % 4, ==, 3 - (gint64) i);   /* shard 4 - i */
          g_assert_cmpint (json_object_get_int_member (game, "seed"), ==, (gint64) first_seed + index);
          by_game[index] = json_object_get_double_member (game, name);
        }
    }
  for (guint g = 0; g < G_N_ELEMENTS (by_game); g++)
    *sum += by_game[g];
}

static void
test_bench_json (void)
{
  static const char *const json[] = { "--json", NULL };
  static const char *const json_two_jobs[] = { "--json", "--jobs", "2", NULL };
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autoptr(GPtrArray) paths = write_shards (dir, "mc", bench_mc_base, 4, TRUE);
  g_autoptr(JsonParser) parser = NULL;
  CliRun merged = { 0 }, single = { 0 };
  JsonObject *object;
  double search_ms, seconds;

  merge_ok (&merged, paths, json);
  /* Shard 2 ran with --jobs 2: the merged run reports the largest. */
  run_ok (&single, bench_mc_base, json_two_jobs);
  assert_same_json (merged.out, single.out);

  /* The timing figures: the parts' summed wall time, each game's own
   * search time over all the moves. */
  object = cli_parse_object (merged.out, &parser);
  g_assert_cmpint (json_object_get_int_member (object, "jobs"), ==, 2);
  sum_parts (paths, 11, "search_ms", &search_ms, &seconds);
  g_assert_cmpfloat (json_object_get_double_member (object, "seconds"), ==, seconds);
  g_assert_cmpfloat (json_object_get_double_member (object, "ms_per_move"), ==,
                     search_ms / json_object_get_int_member (object, "moves"));
  g_assert_cmpfloat (json_object_get_double_member (object, "moves_per_second"), ==,
                     json_object_get_int_member (object, "moves") / seconds);
  cli_run_clear (&merged);
  cli_run_clear (&single);
  cli_remove_temp_dir (dir);
}

/* --versus-optimal: each game's regret and the optimal games travel in the
 * parts; merged, the text and JSON are one run's.  2×3, solved at once in
 * each test's own cache directory (cli_test_init()). */
static const char *const bench_versus_base[] = {
  "bench", "--rows", "2", "--cols", "3", "--depth", "1", "--games", "10", "--seed", "3",
  "--versus-optimal", NULL,
};

static void
test_bench_versus_optimal (void)
{
  static const char *const two_jobs[] = { "--jobs", "2", NULL };
  static const char *const json_two_jobs[] = { "--json", "--jobs", "2", NULL };
  static const char *const json[] = { "--json", NULL };
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  /* Shard 2 with --jobs 2: the merged run reports the largest. */
  g_autoptr(GPtrArray) paths = write_shards (dir, "versus", bench_versus_base, 4, TRUE);
  g_autoptr(JsonParser) parser = NULL;
  CliRun merged = { 0 }, single = { 0 }, merged_json = { 0 }, single_json = { 0 };
  JsonObject *object;
  double regret, seconds;

  run_ok (&single, bench_versus_base, two_jobs);
  merge_ok (&merged, paths, NULL);
  g_assert_nonnull (strstr (merged.out, "Against optimal play"));
  assert_same_text (merged.out, single.out);

  run_ok (&single_json, bench_versus_base, json_two_jobs);
  merge_ok (&merged_json, paths, json);
  assert_same_json (merged_json.out, single_json.out);

  /* The total regret is the games' (in the parts), summed in game order. */
  object = cli_parse_object (merged_json.out, &parser);
  sum_parts (paths, 3, "regret", &regret, &seconds);
  g_assert_cmpfloat (regret, >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (object, "versus_optimal"),
                                                    "regret"), ==, regret);
  cli_run_clear (&merged);
  cli_run_clear (&single);
  cli_run_clear (&merged_json);
  cli_run_clear (&single_json);
  cli_remove_temp_dir (dir);
}

/* ---- sweep ---- */

/* Two axes: a row per point, in the text, ends with the point's ms per
 * move, so the text is compared on one axis (a row per statistic). */
static const char *const sweep_base[] = {
  "sweep", "--rows", "3", "--cols", "3", "--param", "depth=1:2:1",
  "--param", "empty_weight=500:1000:500", "--games", "8", "--seed", "2", NULL,
};
static const char *const sweep_one_axis[] = {
  "sweep", "--rows", "3", "--cols", "3", "--param", "depth=1:2:1", "--games", "5",
  "--seed", "4", NULL,
};

/* @text (CSV) without its last column, ms_per_move. */
static char *
csv_without_times (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *comma = strrchr (lines[i], ',');

      if (comma != NULL)
        *comma = '\0';
      g_string_append_printf (out, "%s\n", lines[i]);
    }
  return g_string_free (out, FALSE);
}

static void
test_sweep (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autofree char *merged_csv = g_build_filename (dir, "merged.csv", NULL);
  g_autofree char *single_csv = g_build_filename (dir, "single.csv", NULL);
  const char *merge_csv[] = { "--json", "--csv", merged_csv, NULL };
  const char *single_csv_args[] = { "--json", "--csv", single_csv, NULL };
  g_autoptr(GPtrArray) paths = write_shards (dir, "sweep", sweep_base, 4, FALSE);
  g_autoptr(GPtrArray) one_axis = write_shards (dir, "axis", sweep_one_axis, 4, FALSE);
  g_autoptr(GPtrArray) bench = write_shards (dir, "bench", bench_base, 4, FALSE);
  g_autofree char *merged_text = NULL;
  g_autofree char *single_text = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  CliRun merged = { 0 }, single = { 0 };

  /* The JSON and the CSV. */
  merge_ok (&merged, paths, merge_csv);
  run_ok (&single, sweep_base, single_csv_args);
  assert_same_json (merged.out, single.out);
  merged_text = cli_read_text (merged_csv);
  single_text = cli_read_text (single_csv);
  a = csv_without_times (merged_text);
  b = csv_without_times (single_text);
  g_assert_cmpstr (a, ==, b);
  cli_run_clear (&merged);
  cli_run_clear (&single);

  /* The text. */
  merge_ok (&merged, one_axis, NULL);
  run_ok (&single, sweep_one_axis, NULL);
  g_assert_nonnull (strstr (merged.out, "Seeds (every point)"));
  g_assert_nonnull (strstr (merged.out, "Mean score"));
  assert_same_text (merged.out, single.out);
  cli_run_clear (&merged);
  cli_run_clear (&single);

  /* A bench's part among a sweep's. */
  g_ptr_array_remove_index (paths, 0);
  g_ptr_array_add (paths, g_strdup (g_ptr_array_index (bench, 0)));
  check_merge_fails (paths, NULL, 1, "is a part of “sweep” but ", "bench-4.json of “bench”", NULL);
  cli_remove_temp_dir (dir);
}

/* ---- tune ---- */

/* Evaluation 1 the baseline, 2 to 4 the design: E = K + 1, all sharded. */
static const char *const tune_design[] = {
  "tune", "--rows", "3", "--cols", "3", "--depth", "1", "--seed", "5",
  "--params", "empty_weight=100:3000,monotonicity_weight=0.1:40.3",
  "--games-per-eval", "4", "--evals", "4", "--initial", "3", NULL,
};
/* Three more evaluations, the optimiser's. */
static const char *const tune_more[] = {
  "tune", "--rows", "3", "--cols", "3", "--depth", "1", "--seed", "5",
  "--params", "empty_weight=100:3000,monotonicity_weight=0.1:40.3",
  "--games-per-eval", "4", "--evals", "7", "--initial", "3", NULL,
};

/* Renames @path to @path + ".single". */
static char *
set_aside (const char *path)
{
  char *aside = g_strconcat (path, ".single", NULL);

  g_assert_cmpint (g_rename (path, aside), ==, 0);
  return aside;
}

static void
assert_same_file (const char *a, const char *b)
{
  g_autofree char *a_text = cli_read_text (a);
  g_autofree char *b_text = cli_read_text (b);

  g_assert_cmpstr (a_text, ==, b_text);
}

static void
test_tune_design (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autofree char *log = g_build_filename (dir, "tune.csv", NULL);
  g_autofree char *preset = g_build_filename (dir, "best.json", NULL);
  const char *outputs[] = { "--log", log, "--output", preset, "--name", "Best", NULL };
  g_autoptr(GPtrArray) paths = write_shards (dir, "tune", tune_design, 4, TRUE);
  g_autofree char *single_log = NULL;
  g_autofree char *single_preset = NULL;
  CliRun merged = { 0 }, single = { 0 };

  /* The same report, log and preset; the same lines on standard error. */
  run_ok (&single, tune_design, outputs);
  single_log = set_aside (log);
  single_preset = set_aside (preset);
  merge_ok (&merged, paths, outputs);
  g_assert_nonnull (strstr (merged.out, "Best of 4 evaluations"));
  g_assert_nonnull (strstr (merged.out, "Difference (paired)"));
  assert_same_text (merged.out, single.out);
  g_assert_cmpstr (merged.err, ==, single.err);
  assert_same_file (log, single_log);
  assert_same_file (preset, single_preset);
  cli_run_clear (&merged);
  cli_run_clear (&single);
  cli_remove_temp_dir (dir);
}

static void
test_tune_resume (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autofree char *log = g_build_filename (dir, "tune.csv", NULL);
  g_autofree char *single_log = g_build_filename (dir, "single.csv", NULL);
  g_autofree char *preset = g_build_filename (dir, "best.json", NULL);
  const char *merge_log[] = { "--log", log, NULL };
  const char *merge_output[] = { "--log", log, "--output", preset, NULL };
  const char *resume[] = { "--log", log, NULL };
  const char *single_args[] = { "--log", single_log, NULL };
  g_autoptr(GPtrArray) paths = write_shards (dir, "tune", tune_more, 4, FALSE);
  g_autofree char *expected = NULL;
  CliRun merged = { 0 }, resumed = { 0 }, single = { 0 };

  /* The optimiser's evaluations cannot be merged: refused without --log. */
  check_merge_fails (paths, NULL, 1, "the run has 7 evaluations, but its shards played only the "
                     "first 4", "give --log FILE", NULL);
  check_merge_fails (paths, merge_output, 1, "--output and --name go with the tune that runs "
                     "the optimiser", NULL);

  /* With --log: the baseline and the design logged, the command to resume. */
  merge_ok (&merged, paths, merge_log);
  expected = g_strdup_printf ("  lookahead-cli tune --rows 3 --cols 3 --depth 1 --seed 5 "
                              "--params empty_weight=100:3000,monotonicity_weight=0.1:40.3 "
                              "--games-per-eval 4 --evals 7 --initial 3 --log %s\n", log);
  g_assert_nonnull (strstr (merged.out, "The shards played the baseline and the initial design, "
                            "4 evaluations"));
  g_assert_true (g_str_has_suffix (merged.out, expected));
  cli_run_clear (&merged);
  /* A log is never overwritten. */
  check_merge_fails (paths, merge_log, 1, "tune.csv exists: merge writes a new log", NULL);

  /* Resumed, the run ends as one run does. */
  run_ok (&resumed, tune_more, resume);
  g_assert_nonnull (strstr (resumed.err, "Resuming from 4 evaluations"));
  run_ok (&single, tune_more, single_args);
  assert_same_text (resumed.out, single.out);
  assert_same_file (log, single_log);
  cli_run_clear (&resumed);
  cli_run_clear (&single);
  cli_remove_temp_dir (dir);
}

/* ---- errors ---- */

static void
test_merge_errors (void)
{
  static const char *const other_depth[] = {
    "bench", "--rows", "3", "--cols", "3", "--depth", "2", "--games", "10", "--seed", "3", NULL,
  };
  static const char *const other_seed[] = {
    "bench", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "10", "--seed", "4", NULL,
  };
  static const char *const csv[] = { "--csv", "x.csv", NULL };
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  /* Shards 4, 3, 2, 1 of the run, then of runs that differ. */
  g_autoptr(GPtrArray) paths = write_shards (dir, "bench", bench_base, 4, FALSE);
  g_autoptr(GPtrArray) depth = write_shards (dir, "depth", other_depth, 4, FALSE);
  g_autoptr(GPtrArray) seed = write_shards (dir, "seed", other_seed, 4, FALSE);
  g_autoptr(GPtrArray) three = write_shards (dir, "three", bench_base, 3, FALSE);
  g_autofree char *shard3 = cli_read_text (g_ptr_array_index (paths, 1));
  g_autofree char *cut = g_build_filename (dir, "cut.json", NULL);
  g_autofree char *edited = g_build_filename (dir, "edited.json", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.json", NULL);
  g_autofree char *not_part = g_build_filename (dir, "preset.json", NULL);
  g_autofree char *absent = g_build_filename (dir, "absent.json", NULL);

  /* Another depth, another seed: the member that differs is named. */
  {
    g_autoptr(GPtrArray) list = pick (paths, g_ptr_array_index (depth, 3), 0, 1, 2, -1);

    check_merge_fails (list, NULL, 1, "bench-4.json and ", "depth-1.json are parts of different "
                       "runs: run.parameters.depth is 1 in the first, 2 in the second", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, g_ptr_array_index (seed, 3), 0, 1, 2, -1);

    check_merge_fails (list, NULL, 1, "seed-1.json",
                       "run.seed is 3 in the first, 4 in the second", NULL);
  }
  /* Another shard count. */
  {
    g_autoptr(GPtrArray) list = pick (paths, g_ptr_array_index (three, 2), 0, 1, 2, -1);

    check_merge_fails (list, NULL, 1, "three-1.json shard 1 of 3: parts of different runs", NULL);
  }

  /* Missing and duplicate shards. */
  {
    g_autoptr(GPtrArray) list = pick (paths, NULL, 0, 3, -1);

    check_merge_fails (list, NULL, 1, "shards 2, 3 of 4 are missing", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, NULL, 0, 1, 2, -1);

    check_merge_fails (list, NULL, 1, "shard 1 of 4 is missing", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, copy, 0, 1, 2, 3, -1);

    write_text (copy, shard3);
    check_merge_fails (list, NULL, 1, "bench-3.json and ", "copy.json are both shard 3 of 4",
                       NULL);
  }

  /* A damaged part: cut short, edited (the checksum), not a part, absent. */
  {
    g_autoptr(GPtrArray) list = pick (paths, cut, 0, 2, 3, -1);
    g_autofree char *half = g_strndup (shard3, strlen (shard3) / 2);

    write_text (cut, half);
    check_merge_fails (list, NULL, 1, "cut.json: not JSON or cut short", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, edited, 0, 2, 3, -1);
    g_autofree char *text = g_strdup (shard3);
    char *digit = strstr (text, "\"score\":");

    g_assert_nonnull (digit);
    digit += strlen ("\"score\":");
    *digit = *digit == '9' ? '8' : '9';
    write_text (edited, text);
    check_merge_fails (list, NULL, 1, "edited.json: its checksum does not match", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, not_part, 0, 2, 3, -1);

    write_text (not_part, "{ \"format\": \"lookahead-preset\", \"version\": 1 }\n");
    check_merge_fails (list, NULL, 1, "preset.json: not a part file", NULL);
  }
  {
    g_autoptr(GPtrArray) list = pick (paths, absent, 0, 2, 3, -1);

    check_merge_fails (list, NULL, 1, "absent.json", NULL);
  }

  /* Usage: no part, an option the parts' command does not take. */
  {
    g_autoptr(GPtrArray) list = g_ptr_array_new ();

    check_merge_fails (list, NULL, 2, "give the part files to merge", NULL);
  }
  check_merge_fails (paths, csv, 2, "--csv does not go with parts of “bench”", NULL);
  cli_remove_temp_dir (dir);
}

/* ---- parts with a valid checksum but wrong contents ---- */

typedef void (*EditFunc) (JsonObject *part);

/* Writes @path's part, edited by @edit and signed again (its checksum
 * computed as lookahead-cli computes it), to @out. */
static void
forge (const char *path, const char *out, EditFunc edit)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *text = cli_read_text (path);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *unsigned_text = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *checksum = NULL;
  g_autofree char *signed_text = NULL;
  JsonObject *part = cli_parse_object (text, &parser);

  json_object_remove_member (part, "checksum");
  edit (part);
  json_generator_set_root (generator, json_parser_get_root (parser));
  unsigned_text = json_generator_to_data (generator, NULL);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, unsigned_text, -1);
  checksum = g_strconcat ("sha256:", digest, NULL);
  json_object_set_string_member (part, "checksum", checksum);
  signed_text = json_generator_to_data (generator, NULL);
  write_text (out, signed_text);
}

static JsonObject *
first_game (JsonObject *part)
{
  return json_array_get_object_element (json_object_get_array_member (part, "games"), 0);
}

/* Game 0 of shard 1 claims to be game 1, which is shard 2's. */
static void
edit_index (JsonObject *part)
{
  json_object_set_int_member (first_game (part), "index", 1);
  json_object_set_int_member (first_game (part), "seed", 4);
}

static void
edit_drop_game (JsonObject *part)
{
  json_array_remove_element (json_object_get_array_member (part, "games"), 0);
}

/* The options say depth 2, the run depth 1: as a part of a version whose
 * defaults differ would. */
static void
edit_options (JsonObject *part)
{
  JsonObject *options = json_object_get_object_member (part, "options");

  json_object_set_int_member (json_object_get_object_member (options, "search"), "depth", 2);
}

static void
edit_max_tile (JsonObject *part)
{
  json_object_set_int_member (first_game (part), "max_tile", 96);
}

static void
test_forged_parts (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autofree char *forged = g_build_filename (dir, "forged.json", NULL);
  g_autoptr(GPtrArray) paths = write_shards (dir, "bench", bench_base, 4, FALSE);
  g_autoptr(GPtrArray) list = pick (paths, forged, 0, 1, 2, -1);
  const char *shard1 = g_ptr_array_index (paths, 3);

  forge (shard1, forged, edit_index);
  check_merge_fails (list, NULL, 1, "forged.json: games[0]: game 1 is not of shard 1 of 4", NULL);
  forge (shard1, forged, edit_drop_game);
  check_merge_fails (list, NULL, 1, "forged.json: games holds 2 games, but shard 1 of 4 of 10 "
                     "games has 3", NULL);
  forge (shard1, forged, edit_max_tile);
  check_merge_fails (list, NULL, 1, "forged.json: games[0]: max_tile 96 is not a tile", NULL);
  forge (shard1, forged, edit_options);
  check_merge_fails (list, NULL, 1, "forged.json: its options do not give back its run "
                     "(run.parameters.depth is 1 in the file, 2 read back)", NULL);
  cli_remove_temp_dir (dir);
}

/* A part written before expectimax's Bellman parameters and the
 * evaluator existed: its run's parameters lack them. */
static void
edit_old_parameters (JsonObject *part)
{
  static const char *const newer[] = { "evaluation", "discount", "loss", "weighting", "evaluator" };
  JsonObject *parameters = json_object_get_object_member (json_object_get_object_member (part, "run"),
                                                          "parameters");

  for (guint i = 0; i < G_N_ELEMENTS (newer); i++)
    {
      g_assert_true (json_object_has_member (parameters, newer[i]));
      json_object_remove_member (parameters, newer[i]);
    }
}

/* Old parts merge: a parameter the run lacks takes its default. */
static void
test_old_parts (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-shard-XXXXXX");
  g_autoptr(GPtrArray) paths = write_shards (dir, "bench", bench_base, 4, FALSE);
  g_autoptr(GPtrArray) old = g_ptr_array_new_with_free_func (g_free);
  CliRun merged = { 0 }, merged_old = { 0 };

  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("old-%u.json", i);
      char *path = g_build_filename (dir, name, NULL);

      forge (g_ptr_array_index (paths, i), path, edit_old_parameters);
      g_ptr_array_add (old, path);
    }
  merge_ok (&merged, paths, NULL);
  merge_ok (&merged_old, old, NULL);
  assert_same_text (merged_old.out, merged.out);

  /* A parameter that differs from its default is still caught. */
  g_ptr_array_set_size (old, 0);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("edited-%u.json", i);
      char *path = g_build_filename (dir, name, NULL);

      forge (g_ptr_array_index (paths, i), path, edit_options);
      g_ptr_array_add (old, path);
    }
  check_merge_fails (old, NULL, 1, "run.parameters.depth is 1 in the file, 2 read back", NULL);
  cli_run_clear (&merged);
  cli_run_clear (&merged_old);
  cli_remove_temp_dir (dir);
}

/* ---- --shard ---- */

/* @base with @extra fails with a usage error holding @expected. */
static void
check_usage_error (const char *const *base, const char *expected, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  CliRun run = { 0 };
  const char *arg;
  va_list ap;

  for (guint i = 0; base[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  va_start (ap, expected);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  cli_run_argv (&run, NULL, args);
  cli_assert_usage_error (&run, expected);
  cli_run_clear (&run);
}

static void
test_shard_validation (void)
{
  check_usage_error (bench_base, "--shard: 5/4: shards are numbered from 1 to 4",
                     "--shard", "5/4", NULL);
  check_usage_error (bench_base, "--shard: 0/4: shards are numbered from 1 to 4",
                     "--shard", "0/4", NULL);
  check_usage_error (bench_base, "--shard: 1/0: N must be from 1 to", "--shard", "1/0", NULL);
  check_usage_error (bench_base, "--shard: “2of4” is not I/N", "--shard", "2of4", NULL);
  check_usage_error (bench_base, "--shard: “1/2/3” is not I/N", "--shard", "1/2/3", NULL);
  check_usage_error (bench_base, "--shard: “-1/4” is not I/N", "--shard", "-1/4", NULL);
  check_usage_error (bench_base, "--shard: 1/11: 11 shards for 10 games (--games)",
                     "--shard", "1/11", NULL);
  check_usage_error (bench_base, "--out goes with --shard", "--out", "x.json", NULL);
  check_usage_error (sweep_base, "--csv does not go with --shard", "--shard", "1/2",
                     "--csv", "x.csv", NULL);
  check_usage_error (sweep_base, "--shard: 1/9: 9 shards for 8 games (--games)",
                     "--shard", "1/9", NULL);
  check_usage_error (tune_design, "--shard: 1/5: 5 shards for 4 games (--games-per-eval)",
                     "--shard", "1/5", NULL);
  check_usage_error (tune_design, "--log, --output and --name do not go with --shard",
                     "--shard", "1/2", "--log", "x.csv", NULL);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);

  g_test_add_func ("/cli/shard/bench-text", test_bench_text);
  g_test_add_func ("/cli/shard/bench-json", test_bench_json);
  g_test_add_func ("/cli/shard/bench-preset", test_bench_preset);
  g_test_add_func ("/cli/shard/bench-versus-optimal", test_bench_versus_optimal);
  g_test_add_func ("/cli/shard/sweep", test_sweep);
  g_test_add_func ("/cli/shard/tune-design", test_tune_design);
  g_test_add_func ("/cli/shard/tune-resume", test_tune_resume);
  g_test_add_func ("/cli/shard/merge-errors", test_merge_errors);
  g_test_add_func ("/cli/shard/forged-parts", test_forged_parts);
  g_test_add_func ("/cli/shard/old-parts", test_old_parts);
  g_test_add_func ("/cli/shard/validation", test_shard_validation);
  return g_test_run ();
}
