/* test-cli.c: lookahead-cli run as a program.
 *
 * The path of the built executable comes from the environment variable
 * LOOKAHEAD_CLI (set by tests/cli/meson.build).  Each test runs it with
 * GSubprocess, feeds standard input, and checks the exit status, standard
 * output and standard error.
 */

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"

/* ---- help and usage ---- */

static void
test_help (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "apply"));
  g_assert_nonnull (strstr (run.out, "analyze"));
  g_assert_nonnull (strstr (run.out, "bench"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "--version", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "lookahead-cli "));
  cli_run_clear (&run);

  cli_run (&run, NULL, "apply", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "lookahead-cli apply"));
  g_assert_nonnull (strstr (run.out, "illegal"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "analyze", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--board"));
  g_assert_nonnull (strstr (run.out, "--depth"));
  g_assert_nonnull (strstr (run.out, "--time-ms"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "bench", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--jobs"));
  g_assert_nonnull (strstr (run.out, "--adaptive"));
  /* bench has a time budget for strength per second (issue 13); sweep has
   * none, for reproducible comparisons. */
  g_assert_nonnull (strstr (run.out, "--time-ms"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "sweep", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "--time-ms"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "help", "bench", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "lookahead-cli bench"));
  cli_run_clear (&run);
}

/* A usage error: exit status 2, nothing on stdout, and a message on stderr
 * that contains @expected. */
static void
check_usage_error (const char *expected, ...)
{
  CliRun run = { 0 };
  va_list args;

  va_start (args, expected);
  cli_run_valist (&run, NULL, args);
  va_end (args);
  cli_assert_usage_error (&run, expected);
  cli_run_clear (&run);
}

static void
test_usage_errors (void)
{
  check_usage_error ("COMMAND", NULL);
  check_usage_error ("frob", "frob", NULL);
  check_usage_error ("--frob", "--frob", NULL);
  check_usage_error ("--bogus", "apply", "--bogus", NULL);
  check_usage_error ("extra", "apply", "extra", NULL);
  check_usage_error ("--board", "analyze", NULL);
  check_usage_error ("row 1, cell 2", "analyze", "--board", "2 5/0 0", NULL);
  check_usage_error ("--depth", "analyze", "--board", "0000000000000000", "--depth", "0", NULL);
  check_usage_error ("--depth", "analyze", "--board", "0000000000000000", "--depth", "13", NULL);
  check_usage_error ("--depth", "analyze", "--board", "0000000000000000", "--depth", "two", NULL);
  check_usage_error ("--cutoff", "analyze", "--board", "0000000000000000", "--cutoff", "1.5", NULL);
  check_usage_error ("--min-depth", "analyze", "--board", "0000000000000000", "--min-depth", "2", NULL);
  check_usage_error ("--solver", "analyze", "--board", "0000000000000000", "--solver", "oracle", NULL);
  check_usage_error ("--games", "bench", "--games", "0", NULL);
  check_usage_error ("--jobs", "bench", "--jobs", "0", NULL);
  check_usage_error ("--rows", "bench", "--rows", "6", NULL);
  check_usage_error ("--cols", "bench", "--cols", "1", NULL);
  check_usage_error ("--seed", "bench", "--seed", "-1", NULL);
  /* bench takes a time budget now; sweep and tune still do not. */
  check_usage_error ("--time-ms", "sweep", "--param", "depth=1:2:1", "--time-ms", "100", NULL);
}

/* ---- apply ---- */

typedef struct {
  const char *line;
  const char *expected;
} ApplyCase;

static const ApplyCase apply_cases[] = {
  /* The rule cases. */
  { "2 2 2 2/0 0 0 0/0 0 0 0/0 0 0 0 left", "2200000000000000 8" },   /* 4 4 . . */
  { "4 4 8 0/0 0 0 0/0 0 0 0/0 0 0 0 left", "3300000000000000 8" },   /* 8 8 . . */
  { "2 2 2 ./. . . ./. . . ./. . . . right", "0012000000000000 4" },  /* . . 2 4 */
  /* Two merges in one row; a merged tile does not merge again. */
  { "2 2 4 4/0 0 0 0/0 0 0 0/0 0 0 0 l", "2300000000000000 12" },
  { "4 4 4 4/0 0 0 0/0 0 0 0/0 0 0 0 r", "0033000000000000 16" },
  { "4 4 8 0/0 0 0 0/0 0 0 0/0 0 0 0 right", "0033000000000000 8" },
  /* Columns. */
  { "2 0 0 0/2 0 0 0/4 0 0 0/4 0 0 0 up", "2000300000000000 12" },
  { "2 0 0 0/0 0 0 0/0 0 0 0/2 0 0 0 down", "0000000000002000 4" },
  /* Hex form in, with and without '/', commas, short moves, any case. */
  { "1111000000000000 LEFT", "2200000000000000 8" },
  { "1111/0000/0000/0000 l", "2200000000000000 8" },
  { "2,2,2,2/0,0,0,0/0,0,0,0/0,0,0,0 left", "2200000000000000 8" },
  /* Other geometries keep their shape. */
  { "4 4 8 ./. . . . left", "3300/0000 8" },
  { "2 2 2/0 0 0/0 0 2 d", "000/000/112 4" },
  { "2 2/2 2 up", "22/00 8" },
  /* Two 32768 tiles never merge. */
  { "0 32768 32768 0/0 0 0 0/0 0 0 0/0 0 0 0 left", "g000000000000000 65536" },
  /* White space around the fields and a CR before the newline. */
  { "  2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0\t left  \r", "2000000000000000 4" },
  /* Illegal moves change nothing. */
  { "2 4 8 16/0 0 0 0/0 0 0 0/0 0 0 0 left", "illegal" },
  { "2 4 8 16/0 0 0 0/0 0 0 0/0 0 0 0 up", "illegal" },
  /* Past 32768 (issue 28): two 32768s make 65536, written with hex digit g. */
  { "32768 32768 0 0/0 0 0 0/0 0 0 0/0 0 0 0 left", "g000000000000000 65536" },
  { "ffff000000000000 right", "00gg000000000000 131072" },
  { "ffff0000000000e0 right", "00gg00000000000e 131072" },
  { "g000/g000/0000/0000 u", "h000000000000000 131072" },
  { "v000/v000/0000/0000 u", "illegal" },
  /* 5x5 and rectangles up to 5 cells a side. */
  { "2 2 2 2 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 4 left", "22100/00000/00000/00000/20000 8" },
  { "2 2 2 2 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 4 right", "00122/00000/00000/00000/00002 8" },
  { "10000/10000/10000/10000/10000 down", "00000/00000/10000/20000/20000 8" },
  { "10/10/10/10/10 up", "20/20/10/00/00 8" },
  { "00000/00001 left", "00000/10000 0" },
  { "0000000000000000 right", "illegal" },
};

static void
test_apply_rules (void)
{
  g_autoptr(GString) input = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  CliRun run = { 0 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (apply_cases); i++)
    g_string_append_printf (input, "%s\n", apply_cases[i].line);

  cli_run (&run, input->str, "apply", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);

  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (apply_cases) + 1);
  for (i = 0; i < G_N_ELEMENTS (apply_cases); i++)
    {
      g_test_message ("line %u: %s", i + 1, apply_cases[i].line);
      g_assert_cmpstr (lines[i], ==, apply_cases[i].expected);
    }
  g_assert_cmpstr (lines[i], ==, "");
  cli_run_clear (&run);
}

static void
test_apply_malformed (void)
{
  g_auto(GStrv) lines = NULL;
  CliRun run = { 0 };

  cli_run (&run,
           "2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0 left\n"
           "2 2 3 2/0 0 0 0/0 0 0 0/0 0 0 0 left\n"    /* 3 is no tile */
           "2 2 2/0 0 0 0 left\n"                       /* ragged rows */
           "2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0 sideways\n"
           "left\n"
           "\n"
           "2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0 right\n"
           "2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0 r",        /* no final newline */
           "apply", NULL);
  g_assert_cmpint (run.status, ==, 1);

  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  g_assert_cmpstr (lines[0], ==, "2000000000000000 4");
  g_assert_cmpstr (lines[1], ==, "error");
  g_assert_cmpstr (lines[2], ==, "error");
  g_assert_cmpstr (lines[3], ==, "error");
  g_assert_cmpstr (lines[4], ==, "error");
  g_assert_cmpstr (lines[5], ==, "error");
  g_assert_cmpstr (lines[6], ==, "0002000000000000 4");
  g_assert_cmpstr (lines[7], ==, "0002000000000000 4");

  /* Each message names its line and what is wrong. */
  g_assert_nonnull (strstr (run.err, "line 2: "));
  g_assert_nonnull (strstr (run.err, "'3'"));
  g_assert_nonnull (strstr (run.err, "line 3: "));
  g_assert_nonnull (strstr (run.err, "line 4: "));
  g_assert_nonnull (strstr (run.err, "sideways"));
  g_assert_nonnull (strstr (run.err, "line 5: "));
  g_assert_nonnull (strstr (run.err, "line 6: "));
  g_assert_null (strstr (run.err, "line 1: "));
  g_assert_null (strstr (run.err, "line 7: "));
  cli_run_clear (&run);
}

/* A rejected token is quoted by a short excerpt, valid UTF-8 whatever its
 * bytes (cli_run() fails the test otherwise), never whole. */
static void
test_apply_long_token (void)
{
  g_autofree char *token = g_strnfill (2 * 1024 * 1024, 'x');
  g_autofree char *input = NULL;
  CliRun run = { 0 };

  token[0] = '\x80';
  token[1] = '\x01';
  token[2] = '\xff';
  input = g_strdup_printf ("2 2 0 0/0 0 0 0/0 0 0 0/0 0 0 0 %s\n"
                           "%s\n"
                           "2 \033[2J/0 0 left\n", token, token);
  cli_run (&run, input, "apply", NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "error\nerror\nerror\n");
  g_assert_cmpuint (strlen (run.err), <, 1000);
  g_assert_nonnull (strstr (run.err, "line 1: “\\x80\\x01\\xFFxxx"));
  g_assert_nonnull (strstr (run.err, "xxx…” is not a move"));
  g_assert_nonnull (strstr (run.err, "line 2: expected a board and a move, found only “\\x80"));
  g_assert_nonnull (strstr (run.err, "line 3: row 1, cell 2: '\\x1B[2J'"));
  cli_run_clear (&run);
}

/* Text options are read as bytes and checked: a value that is not text names
 * its option, also in the C locale, where GOption's conversion used to fail
 * with "Invalid byte sequence in conversion input" and no option; every
 * message is UTF-8 and quotes a short excerpt. */
static void
test_option_bytes (void)
{
  g_autofree char *long_value = g_strnfill (100000, '7');  /* under MAX_ARG_STRLEN */
  g_autofree char *long_board = g_strdup_printf ("2 %s/0 0", long_value);
  g_autofree char *dir = cli_make_temp_dir ("test-cli-XXXXXX");
  g_autofree char *preset = g_build_filename (dir, "\xff-preset.json", NULL);
  static const char *const locales[] = { "C", "C.UTF-8" };
  CliRun run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      static const struct { const char *option; const char *args[8]; } cases[] = {
        { "--board", { "analyze", "-b", "2 \xff/0 0", NULL } },
        { "--board", { "analyze", "--board=2 \xff/0 0", NULL } },
        { "--board", { "tree", "--board", "2 \xff/0 0", "--json", "t.json", NULL } },
        { "--param", { "sweep", "--param", "\xff=1:2:1", NULL } },
        { "--params", { "tune", "--params", "\xff", NULL } },
        { "--name", { "tune", "--params", "empty_weight", "--name", "\xff", NULL } },
        { "--design", { "tune", "--params", "empty_weight", "--design", "\xff", NULL } },
        { "--objective", { "solve", "--rows", "2", "--cols", "2", "--objective", "\xff", NULL } },
        { "--spawns", { "solve", "--rows", "2", "--cols", "2", "--spawns", "\xff", NULL } },
        { "--shard", { "bench", "--shard", "\xff", NULL } },
        { "--depth", { "analyze", "-b", "0000000000000000", "--depth", "\xff", NULL } },
        { "--policy", { "bench", "--solver", "montecarlo", "--policy", "\xff", NULL } },
        { "--set", { "bench", "--set", "\xff=1", NULL } },
      };

      for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
        {
          g_autoptr(GPtrArray) args = g_ptr_array_new ();

          for (guint a = 0; cases[k].args[a] != NULL; a++)
            g_ptr_array_add (args, (gpointer) cases[k].args[a]);
          g_test_message ("LC_ALL=%s, %s", locales[i], cases[k].option);
          cli_run_argv_in_locale (&run, locales[i], NULL, args);
          cli_assert_usage_error (&run, cases[k].option);
          g_assert_nonnull (strstr (run.err, "\\xFF"));
          g_assert_null (strstr (run.err, "conversion"));
          cli_run_clear (&run);
        }
    }

  /* Not UTF-8 in the C.UTF-8 locale: said so. */
  cli_run (&run, NULL, "analyze", "-b", "2 \xff/0 0", NULL);
  cli_assert_usage_error (&run, "--board: “2 \\xFF/0 0” is not valid UTF-8 text");
  cli_run_clear (&run);

  /* UTF-8 in the C locale is text: the board's own message. */
  cli_run_in_locale (&run, "C", NULL, "analyze", "-b", "2 \xc3\xa9/0 0", NULL);
  cli_assert_usage_error (&run, "--board: row 1, cell 2");
  cli_run_clear (&run);

  /* GOption's own messages (an integer option, an unknown option), a
   * command, an argument: quoted as UTF-8. */
  check_usage_error ("--games", "bench", "--games", "\xff", NULL);
  check_usage_error ("--\\xFF", "bench", "--\xff", NULL);
  check_usage_error ("unknown command “\\xFF\\x01”", "\xff\x01", NULL);
  check_usage_error ("unknown option “-\\xFF”", "-\xff", NULL);
  check_usage_error ("unexpected argument “\\xFF”", "apply", "\xff", NULL);

  /* A long value: the message quotes its start. */
  cli_run (&run, NULL, "analyze", "-b", long_board, NULL);
  cli_assert_usage_error (&run, "--board: row 1, cell 2: '7777");
  g_assert_nonnull (strstr (run.err, "777…'"));
  g_assert_cmpuint (strlen (run.err), <, 1000);
  cli_run_clear (&run);
  cli_run (&run, NULL, "bench", "--solver", long_value, NULL);
  cli_assert_usage_error (&run, "--solver: no solver is called “7777");
  g_assert_cmpuint (strlen (run.err), <, 1000);
  cli_run_clear (&run);

  /* A file name is bytes: a preset file whose name is not UTF-8 loads, in
   * either locale. */
  g_assert_true (g_file_set_contents (preset,
    "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {}}\n",
    -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      cli_run_in_locale (&run, locales[i], NULL, "analyze", "-b", "0000000000000002", "--depth", "1",
                         "--preset", preset, NULL);
      g_test_message ("stderr: %s", run.err);
      g_assert_cmpint (run.status, ==, 0);
      cli_run_clear (&run);
    }
  g_assert_cmpint (g_remove (preset), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- analyze ---- */

static const char *
analyze_json (const char *board, JsonParser **parser, JsonObject **object)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "analyze", "--board", board, "--depth", "2", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  *object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return json_object_get_string_member_with_default (*object, "move", NULL);
}

static void
test_analyze_json (void)
{
  static const char *const move_names[] = { "up", "down", "left", "right" };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object, *moves, *chosen;
  const char *move;
  guint m;

  move = analyze_json ("2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", &parser, &object);
  g_assert_cmpstr (json_object_get_string_member (object, "board"), ==, "1100020000000001");
  g_assert_nonnull (move);
  moves = json_object_get_object_member (object, "moves");
  g_assert_nonnull (moves);
  for (m = 0; m < G_N_ELEMENTS (move_names); m++)
    {
      JsonObject *entry = json_object_get_object_member (moves, move_names[m]);

      g_assert_nonnull (entry);
      g_assert_true (json_object_get_boolean_member (entry, "legal"));
      g_assert_true (JSON_NODE_HOLDS_VALUE (json_object_get_member (entry, "value")));
      /* Expectimax samples nothing: no standard error. */
      g_assert_false (json_object_has_member (entry, "std_error"));
    }
  chosen = json_object_get_object_member (moves, move);
  g_assert_nonnull (chosen);
  g_assert_true (json_object_get_boolean_member (chosen, "legal"));
  /* The chosen move has the largest value. */
  for (m = 0; m < G_N_ELEMENTS (move_names); m++)
    g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (moves, move_names[m]), "value"),
                       <=, json_object_get_double_member (chosen, "value"));
  g_assert_cmpint (json_object_get_int_member (object, "depth"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "nodes"), >, 0);
  g_assert_cmpint (json_object_get_int_member (object, "max_ply"), >=, 1);
  g_assert_true (json_object_has_member (object, "cache_hits"));
  g_assert_cmpfloat (json_object_get_double_member (object, "ms"), >=, 0.0);
  g_clear_object (&parser);

  /* Only down is legal: the move must be down, the others flagged illegal. */
  move = analyze_json ("2 4 8 16/0 0 0 0/0 0 0 0/0 0 0 0", &parser, &object);
  g_assert_cmpstr (move, ==, "down");
  moves = json_object_get_object_member (object, "moves");
  for (m = 0; m < G_N_ELEMENTS (move_names); m++)
    {
      JsonObject *entry = json_object_get_object_member (moves, move_names[m]);
      gboolean legal = g_str_equal (move_names[m], "down");

      g_assert_cmpint (json_object_get_boolean_member (entry, "legal"), ==, legal);
      g_assert_cmpint (JSON_NODE_HOLDS_NULL (json_object_get_member (entry, "value")), ==, !legal);
    }
  g_clear_object (&parser);

  /* Game over: no move. */
  move = analyze_json ("2 4/8 16", &parser, &object);
  g_assert_null (move);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (object, "move")));
}

static void
test_analyze_text (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "analyze", "--board", "2 4 8 16/0 0 0 0/0 0 0 0/0 0 0 0",
           "--depth", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "1234000000000000"));
  g_assert_nonnull (strstr (run.out, "illegal"));
  g_assert_nonnull (strstr (run.out, "Nodes:"));
  g_assert_nonnull (strstr (run.out, "Max ply:"));
  g_assert_nonnull (strstr (run.out, "Cache hits:"));
  cli_run_clear (&run);
}

/* ---- bench ---- */

static JsonObject *
bench_json (const char *jobs, JsonParser **parser)
{
  CliRun run = { 0 };
  JsonObject *object;

  cli_run (&run, NULL, "bench", "--games", "3", "--seed", "7", "--depth", "1",
           "--jobs", jobs, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

static void
check_bench_keys (JsonObject *object)
{
  static const char *const milestones[] = { "2048", "4096", "8192", "16384", "32768" };
  static const char *const stats[] = { "mean", "median", "sd", "min", "max" };
  JsonObject *reached, *score, *counts;
  g_autoptr(GList) members = NULL;
  gint64 n_counted = 0;
  double previous = 1.0;
  guint i;

  g_assert_cmpint (json_object_get_int_member (object, "games"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (object, "solver"), ==, "expectimax");
  g_assert_cmpint (json_object_get_int_member (object, "depth"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (object, "seed"), ==, 7);

  reached = json_object_get_object_member (object, "reached");
  g_assert_nonnull (reached);
  for (i = 0; i < G_N_ELEMENTS (milestones); i++)
    {
      double f = json_object_get_double_member (reached, milestones[i]);

      g_assert_true (json_object_has_member (reached, milestones[i]));
      g_assert_cmpfloat (f, >=, 0.0);
      g_assert_cmpfloat (f, <=, previous);   /* reaching 4096 implies 2048 */
      previous = f;
    }

  score = json_object_get_object_member (object, "score");
  g_assert_nonnull (score);
  for (i = 0; i < G_N_ELEMENTS (stats); i++)
    g_assert_true (json_object_has_member (score, stats[i]));
  g_assert_cmpfloat (json_object_get_double_member (score, "min"), >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (score, "min"), <=,
                     json_object_get_double_member (score, "median"));
  g_assert_cmpfloat (json_object_get_double_member (score, "median"), <=,
                     json_object_get_double_member (score, "max"));
  g_assert_cmpfloat (json_object_get_double_member (score, "min"), <=,
                     json_object_get_double_member (score, "mean"));
  g_assert_cmpfloat (json_object_get_double_member (score, "mean"), <=,
                     json_object_get_double_member (score, "max"));

  counts = json_object_get_object_member (object, "max_tile_counts");
  g_assert_nonnull (counts);
  members = json_object_get_members (counts);
  for (GList *l = members; l != NULL; l = l->next)
    n_counted += json_object_get_int_member (counts, l->data);
  g_assert_cmpint (n_counted, ==, 3);

  g_assert_cmpfloat (json_object_get_double_member (object, "moves_per_second"), >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "ms_per_move"), >=, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "nodes_per_second"), >=, 0.0);
  g_assert_cmpint (json_object_get_int_member (object, "moves"), >, 0);
}

static char *
member_to_string (JsonObject *object, const char *name)
{
  return json_to_string (json_object_get_member (object, name), FALSE);
}

static void
test_bench_json (void)
{
  static const char *const same[] = { "reached", "score", "max_tile_counts", "moves", "win_rate" };
  g_autoptr(JsonParser) parser1 = NULL;
  g_autoptr(JsonParser) parser2 = NULL;
  JsonObject *one = bench_json ("1", &parser1);
  JsonObject *two = bench_json ("2", &parser2);
  guint i;

  check_bench_keys (one);
  check_bench_keys (two);
  g_assert_cmpint (json_object_get_int_member (one, "jobs"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (two, "jobs"), ==, 2);

  /* The same games whatever the number of threads. */
  for (i = 0; i < G_N_ELEMENTS (same); i++)
    {
      g_autofree char *a = member_to_string (one, same[i]);
      g_autofree char *b = member_to_string (two, same[i]);

      g_test_message ("%s: %s / %s", same[i], a, b);
      g_assert_cmpstr (a, ==, b);
    }
}

static void
test_bench_text (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--games", "2", "--depth", "1", "--rows", "3", "--cols", "3", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Win rate (reached 2048): 0.0% (0 of 2 games)"));
  g_assert_nonnull (strstr (run.out, "Score median"));
  g_assert_nonnull (strstr (run.out, "Nodes per second"));
  /* Not a terminal: no progress line. */
  g_assert_cmpstr (run.err, ==, "");
  cli_run_clear (&run);
}


/* ---- tree ---- */

/* Runs `tree --json` on @board with @depth and @max_nodes, and checks the
 * file: valid JSON, at most @max_nodes nodes, each after its parent, and the root's
 * children valued as `analyze --json` values the moves. */
static void
check_tree_json (const char *board, const char *depth, const char *max_nodes, const char *extra)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-cli-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) analyze_parser = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *root, *analyze, *moves;
  JsonArray *nodes;
  CliRun run = { 0 };
  guint n, n_children = 0, n_legal = 0;

  g_assert_nonnull (dir);
  cli_run (&run, NULL, "tree", "--board", board, "--depth", depth, "--max-nodes", max_nodes,
           "--json", path, extra, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "nodes recorded"));
  cli_run_clear (&run);

  parser = json_parser_new ();
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "lookahead-search-tree");
  g_assert_cmpstr (json_object_get_string_member (root, "solver"), ==, "expectimax");
  g_assert_cmpint (json_object_get_int_member (root, "depth"), ==, g_ascii_strtoll (depth, NULL, 10));
  g_assert_cmpint (json_object_get_int_member (root, "max_nodes"), ==, g_ascii_strtoll (max_nodes, NULL, 10));
  nodes = json_object_get_array_member (root, "nodes");
  n = json_array_get_length (nodes);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, g_ascii_strtoull (max_nodes, NULL, 10));

  cli_run (&run, NULL, "analyze", "--board", board, "--depth", depth, "--json", extra, NULL);
  g_assert_cmpint (run.status, ==, 0);
  analyze = cli_parse_object (run.out, &analyze_parser);
  moves = json_object_get_object_member (analyze, "moves");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (nodes, 0), "board"),
                   ==, json_object_get_string_member (analyze, "board"));

  for (guint i = 0; i < n; i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i);
      JsonNode *parent = json_object_get_member (node, "parent");

      g_assert_cmpint (json_object_get_int_member (node, "id"), ==, i);
      if (i == 0)
        {
          g_assert_true (JSON_NODE_HOLDS_NULL (parent));
          g_assert_cmpstr (json_object_get_string_member (node, "kind"), ==, "player");
          continue;
        }
      g_assert_cmpint (json_node_get_int (parent), <, i);
      if (json_node_get_int (parent) == 0)
        {
          /* A root child: its value is analyze's value of its move (the
           * record stores floats). */
          const char *move = json_object_get_string_member (node, "move");
          JsonObject *m = json_object_get_object_member (moves, move);
          g_assert_true (json_object_get_boolean_member (m, "legal"));
          g_assert_cmpfloat ((float) json_object_get_double_member (m, "value"), ==,
                             (float) json_object_get_double_member (node, "value"));
          n_children++;
        }
    }
  {
    g_autoptr(GList) names = json_object_get_members (moves);
    for (GList *l = names; l != NULL; l = l->next)
      n_legal += json_object_get_boolean_member (json_object_get_object_member (moves, l->data), "legal") ? 1 : 0;
  }
  if (n >= 1 + n_legal)
    g_assert_cmpuint (n_children, ==, n_legal);
  cli_run_clear (&run);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_tree_json (void)
{
  check_tree_json ("2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "2", "20000", NULL);
  check_tree_json ("2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "3", "500", NULL);
  check_tree_json ("2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "3", "7", "--no-cache");
  check_tree_json ("2 4 8/0 0 2/0 0 0", "4", "1000", NULL);
  check_tree_json ("2 0/0 4", "2", "1", NULL);
}

static void
test_tree_usage (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "tree", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--max-nodes"));
  g_assert_nonnull (strstr (run.out, "--svg"));
  g_assert_nonnull (strstr (run.out, "--json"));
  cli_run_clear (&run);

  check_usage_error ("--board", "tree", "--json", "x.json", NULL);
  check_usage_error ("--json", "tree", "--board", "0000000000000000", NULL);
  check_usage_error ("--max-nodes", "tree", "--board", "2000000000000000", "--json", "x.json",
                     "--max-nodes", "0", NULL);
  check_usage_error ("--max-nodes", "tree", "--board", "2000000000000000", "--json", "x.json",
                     "--max-nodes", "1000001", NULL);
  check_usage_error ("--depth", "tree", "--board", "2000000000000000", "--json", "x.json",
                     "--depth", "13", NULL);

  /* A file that cannot be written: exit status 1 and a message naming it. */
  cli_run (&run, NULL, "tree", "--board", "2000000000000000", "--depth", "1",
           "--json", "/nonexistent-dir/tree.json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "/nonexistent-dir/tree.json"));
  cli_run_clear (&run);
}

static void
test_tree_figures (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-cli-tree-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "tree.svg", NULL);
  g_autofree char *png = g_build_filename (dir, "tree.png", NULL);
  g_autofree char *svg_text = NULL;
  g_autofree char *png_data = NULL;
  gsize png_length = 0;
  CliRun run = { 0 };

  cli_run (&run, NULL, "tree", "--board", "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "--depth", "2",
           "--max-nodes", "200", "--svg", svg, "--png", png, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_true (g_file_get_contents (png, &png_data, &png_length, NULL));
  g_assert_cmpuint (png_length, >, 8);
  g_assert_cmpmem (png_data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpint (g_remove (svg), ==, 0);
  g_assert_cmpint (g_remove (png), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- the solvers and their options ---- */

/* Runs `analyze --json` on @board with the NULL-terminated options that
 * follow and returns the object (exit status 0 checked). */
static JsonObject *
analyze_solver_json (JsonParser **parser, const char *board, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  CliRun run = { 0 };
  JsonObject *object;
  const char *arg;
  va_list ap;

  va_start (ap, board);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  /* At most 16 options: enough for every case below. */
  g_assert_cmpuint (args->len, <=, 16);
  while (args->len < 16)
    g_ptr_array_add (args, NULL);

  cli_run (&run, NULL, "analyze", "--board", board, "--json",
           args->pdata[0], args->pdata[1], args->pdata[2], args->pdata[3],
           args->pdata[4], args->pdata[5], args->pdata[6], args->pdata[7],
           args->pdata[8], args->pdata[9], args->pdata[10], args->pdata[11],
           args->pdata[12], args->pdata[13], args->pdata[14], args->pdata[15], NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

static void
test_solver_options (void)
{
  static const char *const board = "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2";
  static const char *const options[] = {
    "--solver", "--threads", "--seed", "--depth", "--cutoff", "--playouts", "--playout-depth",
    "--discount", "--policy", "--measure", "--iterations", "--exploration", "--final",
    "--theta1", "--theta4", "--theta5", "--theta6", "--immediate-reward", "--gamma",
    "--empty-threshold",
  };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object, *params;
  CliRun run = { 0 };

  /* Every option in every command's help, with its default. */
  for (guint c = 0; c < 3; c++)
    {
      static const char *const commands[] = { "analyze", "bench", "tree" };

      cli_run (&run, NULL, commands[c], "--help", NULL);
      g_assert_cmpint (run.status, ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (options); i++)
        {
          g_test_message ("%s --help: %s", commands[c], options[i]);
          g_assert_nonnull (strstr (run.out, options[i]));
        }
      g_assert_nonnull (strstr (run.out, "expectimax, mcts, montecarlo, mdp-mc, hybrid or exact"));
      g_assert_nonnull (strstr (run.out, "default 1000"));   /* MCTS iterations, 003 */
      cli_run_clear (&run);
    }

  /* Unknown solver: the message names the option, the value and the solvers. */
  check_usage_error ("--solver: no solver is called “oracle” (solvers: expectimax, mcts, montecarlo, mdp-mc, hybrid, exact)",
                     "analyze", "--board", board, "--solver", "oracle", NULL);
  check_usage_error ("--solver", "bench", "--solver", "mc", NULL);
  check_usage_error ("--solver", "tree", "--board", board, "--json", "x.json", "--solver", "MCTS", NULL);
  /* Values out of range: lh_solver_params_validate()'s message names the field. */
  check_usage_error ("iterations", "analyze", "--board", board, "--solver", "mcts",
                     "--iterations", "0", NULL);
  check_usage_error ("theta6", "analyze", "--board", board, "--solver", "mdp-mc",
                     "--theta6", "2", NULL);
  check_usage_error ("threads", "bench", "--solver", "montecarlo", "--threads", "0", NULL);
  check_usage_error ("threads", "analyze", "--board", board, "--solver", "mcts",
                     "--threads", "65", NULL);
  /* Malformed values: the parser names the option. */
  check_usage_error ("--exploration", "bench", "--solver", "mcts", "--exploration", "abc", NULL);
  check_usage_error ("--policy: “smart” is not one of random or greedy", "analyze", "--board", board,
                     "--solver", "montecarlo", "--policy", "smart", NULL);
  check_usage_error ("--measure", "analyze", "--board", board, "--solver", "mcts",
                     "--measure", "tiles", NULL);
  check_usage_error ("--final", "analyze", "--board", board, "--solver", "mcts",
                     "--final", "best", NULL);
  check_usage_error ("--playouts", "analyze", "--board", board, "--solver", "montecarlo",
                     "--playouts", "-3", NULL);
  /* An option the solver does not use. */
  check_usage_error ("--iterations is not an option of the montecarlo solver (only of mcts)",
                     "analyze", "--board", board, "--solver", "montecarlo", "--iterations", "5", NULL);
  check_usage_error ("--playouts", "tree", "--board", board, "--json", "x.json", "--playouts", "5", NULL);
  check_usage_error ("--depth", "bench", "--solver", "mcts", "--depth", "2", NULL);
  check_usage_error ("--theta1", "analyze", "--board", board, "--solver", "hybrid",
                     "--theta1", "5", NULL);

  /* Each solver runs, with the options given in its parameters and the
   * others at their defaults. */
  object = analyze_solver_json (&parser, board, "--solver", "expectimax", "--depth", "1", NULL);
  params = json_object_get_object_member (object, "parameters");
  g_assert_cmpstr (json_object_get_string_member (object, "solver"), ==, "expectimax");
  g_assert_cmpstr (json_object_get_string_member (params, "solver"), ==, "expectimax");
  g_assert_cmpint (json_object_get_int_member (params, "depth"), ==, 1);
  g_assert_false (json_object_has_member (params, "playouts"));
  g_clear_object (&parser);

  object = analyze_solver_json (&parser, board, "--solver", "montecarlo", "--playouts", "3",
                                "--playout-depth", "5", "--policy", "greedy", "--measure", "sum",
                                "--discount", "0.5", NULL);
  params = json_object_get_object_member (object, "parameters");
  g_assert_cmpstr (json_object_get_string_member (params, "solver"), ==, "montecarlo");
  g_assert_cmpint (json_object_get_int_member (params, "playouts"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (params, "playout_depth"), ==, 5);
  g_assert_cmpstr (json_object_get_string_member (params, "policy"), ==, "greedy");
  g_assert_cmpstr (json_object_get_string_member (params, "measure"), ==, "sum");
  g_assert_cmpfloat (json_object_get_double_member (params, "discount"), ==, 0.5);
  g_assert_false (json_object_has_member (params, "iterations"));
  g_clear_object (&parser);

  object = analyze_solver_json (&parser, board, "--solver", "mdp-mc", "--theta1", "2", "--theta2", "2",
                                "--theta3", "2", "--theta4", "2", "--playout-depth", "5",
                                "--immediate-reward", NULL);
  params = json_object_get_object_member (object, "parameters");
  g_assert_cmpstr (json_object_get_string_member (params, "solver"), ==, "mdp-mc");
  g_assert_cmpint (json_object_get_int_member (params, "theta4"), ==, 2);
  g_assert_true (json_object_get_boolean_member (params, "immediate_reward"));
  g_assert_nonnull (json_object_get_string_member (object, "move"));
  g_assert_cmpint (json_object_get_int_member (object, "playouts"), >, 0);
  g_clear_object (&parser);

  object = analyze_solver_json (&parser, board, "--solver", "hybrid", "--depth", "1", "--playouts", "2",
                                "--playout-depth", "5", "--empty-threshold", "16", NULL);
  params = json_object_get_object_member (object, "parameters");
  g_assert_cmpstr (json_object_get_string_member (params, "solver"), ==, "hybrid");
  g_assert_cmpint (json_object_get_int_member (params, "playouts"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (params, "empty_threshold"), ==, 16);
  g_assert_cmpint (json_object_get_int_member (params, "depth"), ==, 1);
  g_assert_nonnull (json_object_get_string_member (object, "move"));
  g_clear_object (&parser);

  object = analyze_solver_json (&parser, board, "--solver", "mcts", "--iterations", "30",
                                "--exploration", "0.5", "--final", "visits", "--seed", "9",
                                "--threads", "2", NULL);
  params = json_object_get_object_member (object, "parameters");
  g_assert_cmpint (json_object_get_int_member (params, "iterations"), ==, 30);
  g_assert_cmpfloat (json_object_get_double_member (params, "exploration"), ==, 0.5);
  g_assert_cmpstr (json_object_get_string_member (params, "final"), ==, "visits");
  g_assert_cmpint (json_object_get_int_member (params, "seed"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (params, "threads"), ==, 2);
}

static void
test_analyze_mcts (void)
{
  static const char *const move_names[] = { "up", "down", "left", "right" };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object, *moves;
  gint64 sum = 0, iterations, chosen_visits = 0, most = 0;
  CliRun run = { 0 };

  object = analyze_solver_json (&parser, "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2",
                                "--solver", "mcts", "--iterations", "50", "--final", "visits", NULL);
  iterations = json_object_get_int_member (object, "iterations");
  g_assert_cmpint (iterations, ==, 50);   /* no time budget: all of them run */
  moves = json_object_get_object_member (object, "moves");
  for (guint m = 0; m < G_N_ELEMENTS (move_names); m++)
    {
      JsonObject *entry = json_object_get_object_member (moves, move_names[m]);
      gint64 visits;

      g_assert_true (json_object_get_boolean_member (entry, "legal"));
      visits = json_object_get_int_member (entry, "visits");
      g_assert_cmpint (visits, >=, 0);
      /* A standard error where the move has 2 samples or more. */
      g_assert_cmpint (json_object_has_member (entry, "std_error"), ==, visits >= 2);
      if (visits >= 2)
        g_assert_cmpfloat (json_object_get_double_member (entry, "std_error"), >=, 0);
      sum += visits;
      most = MAX (most, visits);
      if (g_str_equal (move_names[m], json_object_get_string_member (object, "move")))
        chosen_visits = visits;
    }
  /* Every iteration goes down exactly one root move. */
  g_assert_cmpint (sum, ==, iterations);
  /* --final visits: the move visited most. */
  g_assert_cmpint (chosen_visits, ==, most);
  g_clear_object (&parser);

  /* Only down is legal: the illegal moves have no visits. */
  object = analyze_solver_json (&parser, "2 4 8 16/0 0 0 0/0 0 0 0/0 0 0 0",
                                "--solver", "mcts", "--iterations", "20", NULL);
  moves = json_object_get_object_member (object, "moves");
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (json_object_get_object_member (moves, "up"),
                                                               "visits")));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (moves, "down"), "visits"),
                   ==, json_object_get_int_member (object, "iterations"));
  g_assert_false (json_object_has_member (json_object_get_object_member (moves, "up"), "std_error"));
  g_assert_true (json_object_has_member (json_object_get_object_member (moves, "down"), "std_error"));
  g_clear_object (&parser);

  /* The text output shows the visits beside the values. */
  cli_run (&run, NULL, "analyze", "--board", "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "--solver", "mcts",
           "--iterations", "50", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Visits"));
  g_assert_nonnull (strstr (run.out, "Iterations:  50"));
  g_assert_nonnull (strstr (run.out, "Playout measure"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "analyze", "--board", "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2", "--solver",
           "montecarlo", "--playouts", "4", "--playout-depth", "3", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Playouts"));
  g_assert_nonnull (strstr (run.out, "Playouts:    16"));   /* 4 legal moves x 4 */
  cli_run_clear (&run);
}

/* bench --solver montecarlo on a 3x3 board: 003's metrics in text and JSON,
 * the same games for any --jobs. */
static JsonObject *
bench_montecarlo_json (const char *jobs, JsonParser **parser)
{
  CliRun run = { 0 };
  JsonObject *object;

  cli_run (&run, NULL, "bench", "--solver", "montecarlo", "--playouts", "5", "--playout-depth", "10",
           "--games", "2", "--rows", "3", "--cols", "3", "--jobs", jobs, "--json", NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

static void
test_bench_sampling (void)
{
  static const char *const same[] = { "score", "max_tile_counts", "moves", "win_rate", "playouts" };
  g_autoptr(JsonParser) parser1 = NULL;
  g_autoptr(JsonParser) parser2 = NULL;
  JsonObject *one, *two, *score, *params;
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--solver", "montecarlo", "--playouts", "5", "--playout-depth", "10",
           "--games", "2", "--rows", "3", "--cols", "3", NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Win rate (reached 2048): 0.0% (0 of 2 games)"));
  g_assert_nonnull (strstr (run.out, "Score mean"));
  g_assert_nonnull (strstr (run.out, "Score standard deviation"));
  g_assert_nonnull (strstr (run.out, "Score min"));
  g_assert_nonnull (strstr (run.out, "Score max"));
  g_assert_nonnull (strstr (run.out, "ms per move"));
  g_assert_nonnull (strstr (run.out, "Playouts per move"));
  g_assert_nonnull (strstr (run.out, "montecarlo"));
  cli_run_clear (&run);

  one = bench_montecarlo_json ("1", &parser1);
  two = bench_montecarlo_json ("2", &parser2);
  g_assert_cmpstr (json_object_get_string_member (one, "solver"), ==, "montecarlo");
  g_assert_cmpint (json_object_get_int_member (one, "games"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (one, "win_rate"), ==, 0.0);  /* 3x3: no 2048 */
  score = json_object_get_object_member (one, "score");
  g_assert_cmpfloat (json_object_get_double_member (score, "min"), >, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (score, "min"), <=,
                     json_object_get_double_member (score, "mean"));
  g_assert_cmpfloat (json_object_get_double_member (score, "mean"), <=,
                     json_object_get_double_member (score, "max"));
  g_assert_cmpfloat (json_object_get_double_member (score, "sd"), >=, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (one, "ms_per_move"), >=, 0.0);
  params = json_object_get_object_member (one, "parameters");
  g_assert_cmpint (json_object_get_int_member (params, "playouts"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (params, "playout_depth"), ==, 10);
  /* At most 4 legal moves x 5 playouts per move. */
  g_assert_cmpint (json_object_get_int_member (one, "playouts"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (one, "playouts_per_move"), <=, 20.0);

  for (guint i = 0; i < G_N_ELEMENTS (same); i++)
    {
      g_autofree char *a = member_to_string (one, same[i]);
      g_autofree char *b = member_to_string (two, same[i]);

      g_test_message ("%s: %s / %s", same[i], a, b);
      g_assert_cmpstr (a, ==, b);
    }

  /* MCTS with two trees per search: the games depend on --threads, not on --jobs. */
  {
    char *scores[2] = { NULL, NULL };
    static const char *const jobs[2] = { "1", "2" };

    for (guint j = 0; j < 2; j++)
      {
        g_autoptr(JsonParser) parser = NULL;
        JsonObject *object;

        cli_run (&run, NULL, "bench", "--solver", "mcts", "--iterations", "20", "--threads", "2",
                 "--games", "2", "--rows", "3", "--cols", "3", "--jobs", jobs[j], "--json", NULL);
        g_test_message ("stderr: %s", run.err);
        g_assert_cmpint (run.status, ==, 0);
        object = cli_parse_object (run.out, &parser);
        g_assert_cmpint (json_object_get_int_member (object, "threads"), ==, 2);
        g_assert_cmpint (json_object_get_int_member (object, "iterations"), ==,
                         20 * json_object_get_int_member (object, "moves"));
        scores[j] = member_to_string (object, "score");
        cli_run_clear (&run);
      }
    g_assert_cmpstr (scores[0], ==, scores[1]);
    g_free (scores[1]);
    g_free (scores[0]);
  }
}

/* tree --solver mcts: a valid record of the UCT tree whose root children
 * carry analyze's values and visits. */
static void
test_tree_mcts (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-cli-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) analyze_parser = NULL;
  g_autoptr(GError) error = NULL;
  static const char *const board = "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2";
  JsonObject *root, *analyze, *moves;
  JsonArray *nodes;
  gint64 child_visits = 0;
  guint n, n_children = 0;
  CliRun run = { 0 };

  cli_run (&run, NULL, "tree", "--board", board, "--solver", "mcts", "--iterations", "50",
           "--json", path, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "nodes recorded"));
  cli_run_clear (&run);

  parser = json_parser_new ();
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "lookahead-search-tree");
  g_assert_cmpstr (json_object_get_string_member (root, "solver"), ==, "mcts");
  nodes = json_object_get_array_member (root, "nodes");
  n = json_array_get_length (nodes);
  g_assert_cmpuint (n, >, 1);
  g_assert_cmpuint (n, <=, (guint) json_object_get_int_member (root, "max_nodes"));

  analyze = analyze_solver_json (&analyze_parser, board, "--solver", "mcts", "--iterations", "50", NULL);
  moves = json_object_get_object_member (analyze, "moves");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (nodes, 0), "board"),
                   ==, json_object_get_string_member (analyze, "board"));

  for (guint i = 0; i < n; i++)
    {
      JsonObject *node = json_array_get_object_element (nodes, i);
      JsonNode *parent = json_object_get_member (node, "parent");

      g_assert_cmpint (json_object_get_int_member (node, "id"), ==, i);
      g_assert_cmpint (json_object_get_int_member (node, "visits"), >=, 0);
      if (i == 0)
        {
          g_assert_true (JSON_NODE_HOLDS_NULL (parent));
          g_assert_cmpstr (json_object_get_string_member (node, "kind"), ==, "player");
          continue;
        }
      g_assert_cmpint (json_node_get_int (parent), <, i);
      if (json_node_get_int (parent) == 0)
        {
          /* The same seed and options: analyze's search, move by move. */
          JsonObject *m = json_object_get_object_member (moves, json_object_get_string_member (node, "move"));

          g_assert_true (json_object_get_boolean_member (m, "legal"));
          g_assert_cmpfloat ((float) json_object_get_double_member (m, "value"), ==,
                             (float) json_object_get_double_member (node, "value"));
          g_assert_cmpint (json_object_get_int_member (m, "visits"), ==,
                           json_object_get_int_member (node, "visits"));
          child_visits += json_object_get_int_member (node, "visits");
          n_children++;
        }
    }
  g_assert_cmpuint (n_children, ==, 4);
  g_assert_cmpint (child_visits, ==, 50);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}


/* ---- the heuristic: --preset and --set ---- */

/* A fresh directory for a test's files. */
static char *
make_test_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Writes @contents to @name in @dir; returns the path. */
static char *
write_test_file (const char *dir, const char *name, const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* analyze --json's "moves" member (each legal move's value) as text, with
 * the extra arguments given (NULL-terminated, at most four). */
static char *
analyze_moves (const char *a, const char *b, const char *c, const char *d)
{
  g_autoptr(JsonParser) parser = NULL;
  CliRun run = { 0 };
  JsonObject *object;
  char *moves;

  cli_run (&run, NULL, "analyze", "--board", "2 4 8 0/0 2 0 0/4 0 0 2/0 0 2 16", "--depth", "2",
           "--json", a, b, c, d, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, &parser);
  moves = member_to_string (object, "moves");
  cli_run_clear (&run);
  return moves;
}

static void
test_heuristic_preset (void)
{
  g_autofree char *dir = make_test_dir ();
  g_autofree char *path = write_test_file (dir, "preset.json",
    "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"Few empties\",\n"
    " \"heuristic\": {\"empty_weight\": 123.5, \"snake_weight\": 40}}\n");
  g_autofree char *with_default = analyze_moves (NULL, NULL, NULL, NULL);
  g_autofree char *with_preset = analyze_moves ("--preset", path, NULL, NULL);
  g_autofree char *with_set = analyze_moves ("--set", "empty_weight=123.5", "--set", "snake-weight=40");
  g_autofree char *overridden = analyze_moves ("--preset", path, "--set", "empty_weight=1000");
  g_autofree char *only_snake = analyze_moves ("--set", "snake_weight=40", NULL, NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object, *heuristic;
  CliRun run = { 0 };

  /* The preset and the same values by --set search alike; they differ from
   * the default, and a --set after --preset overrides the file's value. */
  g_assert_cmpstr (with_preset, ==, with_set);
  g_assert_cmpstr (with_preset, !=, with_default);
  g_assert_cmpstr (overridden, ==, only_snake);
  g_assert_cmpstr (overridden, !=, with_preset);

  /* bench's JSON names every heuristic parameter used; its text the preset. */
  cli_run (&run, NULL, "bench", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "2",
           "--preset", path, "--set", "game-over-penalty=5000", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, &parser);
  g_assert_true (json_object_has_member (object, "heuristic"));
  heuristic = json_object_get_object_member (object, "heuristic");
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "empty_weight"), ==, 123.5);
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "snake_weight"), ==, 40.0);
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "game_over_penalty"), ==, 5000.0);
  /* Keys left out of the file keep the default's values. */
  g_assert_cmpfloat (json_object_get_double_member (heuristic, "merges_weight"), ==, 700.0);
  g_assert_cmpuint (json_object_get_size (heuristic), >=, 14);
  cli_run_clear (&run);

  cli_run (&run, NULL, "bench", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "2",
           "--preset", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Few empties"));
  g_assert_nonnull (strstr (run.out, "empty_weight 123.5"));
  cli_run_clear (&run);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Runs lookahead-cli with the NULL-terminated arguments and checks that it
 * failed with status 1 (not a usage error) and @expected on standard error. */
static void
check_file_error (const char *expected, ...)
{
  CliRun run = { 0 };
  va_list args;

  va_start (args, expected);
  cli_run_valist (&run, NULL, args);
  va_end (args);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, expected));
  g_assert_null (strstr (run.err, "--help"));
  cli_run_clear (&run);
}

static void
test_heuristic_preset_errors (void)
{
  g_autofree char *dir = make_test_dir ();
  g_autofree char *unknown = write_test_file (dir, "unknown.json",
    "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\",\n"
    " \"heuristic\": {\"frobnication_weight\": 1}}\n");
  g_autofree char *range = write_test_file (dir, "range.json",
    "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\",\n"
    " \"heuristic\": {\"snake_base\": 0.5}}\n");
  g_autofree char *text = write_test_file (dir, "text.json", "snake_base = 2\n");
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  const char *const files[] = { unknown, range, text, missing };

  /* A file that is there but is no valid preset: the command line was fine,
   * the file was not (status 1, no usage hint). */
  check_file_error ("frobnication_weight", "analyze", "--board", "0000000000000000",
                    "--preset", unknown, NULL);
  check_file_error ("snake_base", "analyze", "--board", "0000000000000000",
                    "--preset", range, NULL);
  check_file_error ("text.json", "analyze", "--board", "0000000000000000",
                    "--preset", text, NULL);
  check_file_error ("snake_base", "tree", "--board", "0000000000000000", "--json", "t.json",
                    "--preset", range, NULL);
  check_file_error ("snake_base", "sweep", "--param", "depth=1:2:1", "--preset", range, NULL);
  check_file_error ("snake_base", "bench", "--preset", range, NULL);
  check_file_error ("not valid JSON", "tune", "--params", "empty_weight", "--preset", text, NULL);
  /* A name that is neither a built-in preset nor a file is the command
   * line's mistake. */
  check_usage_error ("missing.json", "bench", "--preset", missing, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (files) - 1; i++)
    g_assert_cmpint (g_remove (files[i]), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_heuristic_set_errors (void)
{
  /* An unknown key: named, and the valid keys listed. */
  check_usage_error ("frob_weight", "analyze", "--board", "0000000000000000",
                     "--set", "frob_weight=1", NULL);
  check_usage_error ("game_over_penalty", "analyze", "--board", "0000000000000000",
                     "--set", "frob_weight=1", NULL);
  /* Not a number, out of range (with the range), not NAME=VALUE. */
  check_usage_error ("empty_weight: “lots” is not a number", "bench",
                     "--set", "empty_weight=lots", NULL);
  check_usage_error ("empty_weight: “” is not a number", "bench", "--set", "empty_weight=", NULL);
  check_usage_error ("snake_base = 1 is out of range (more than 1", "bench",
                     "--set", "snake_base=1", NULL);
  check_usage_error ("game_over_penalty = -1 is out of range (0 to", "tree",
                     "--board", "0000000000000000", "--json", "t.json",
                     "--set", "game_over_penalty=-1", NULL);
  check_usage_error ("NAME=VALUE", "analyze", "--board", "0000000000000000",
                     "--set", "empty_weight", NULL);
  /* --set takes heuristic keys only; solver options have their own. */
  check_usage_error ("depth", "analyze", "--board", "0000000000000000", "--set", "depth=2", NULL);
}

static void
test_heuristic_help (void)
{
  CliRun run = { 0 };

  cli_run (&run, NULL, "bench", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--preset"));
  g_assert_nonnull (strstr (run.out, "--set"));
  g_assert_nonnull (strstr (run.out, "Heuristic parameters"));
  g_assert_nonnull (strstr (run.out, "game_over_penalty"));
  g_assert_nonnull (strstr (run.out, "\"heuristic\""));
  cli_run_clear (&run);

  cli_run (&run, NULL, "analyze", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--preset"));
  g_assert_nonnull (strstr (run.out, "empty_weight"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "sweep", "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--param"));
  g_assert_nonnull (strstr (run.out, "--csv"));
  g_assert_nonnull (strstr (run.out, "snake_base"));
  cli_run_clear (&run);

  cli_run (&run, NULL, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "sweep"));
  cli_run_clear (&run);
}

/* ---- sweep ---- */

/* The lines of @text, without the empty last one. */
static char **
split_lines (const char *text)
{
  char **lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);

  if (n > 0 && lines[n - 1][0] == '\0')
    {
      g_free (lines[n - 1]);
      lines[n - 1] = NULL;
    }
  return lines;
}

/* The line of @lines that starts with @prefix, or NULL. */
static const char *
find_line (char **lines, const char *prefix)
{
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return lines[i];
  return NULL;
}

static void
test_sweep_one_param (void)
{
  g_autofree char *dir = make_test_dir ();
  g_autofree char *csv_path = g_build_filename (dir, "sweep.csv", NULL);
  g_autofree char *csv = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) csv_lines = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) row = NULL;
  JsonObject *bench, *score;
  CliRun run = { 0 };

  cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "2",
           "--param", "empty_weight=500:1000:500", "--csv", csv_path, NULL);
  g_test_message ("stdout:\n%s\nstderr: %s", run.out, run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");

  /* 004's Table 1: a row of the values, then a row per statistic. */
  lines = split_lines (run.out);
  g_assert_nonnull (find_line (lines, "Swept"));
  {
    g_auto(GStrv) words = g_strsplit_set (find_line (lines, "empty_weight "), " ", -1);
    g_autoptr(GPtrArray) cells = g_ptr_array_new ();

    for (guint i = 0; words[i] != NULL; i++)
      if (words[i][0] != '\0')
        g_ptr_array_add (cells, words[i]);
    g_assert_cmpuint (cells->len, ==, 3);
    g_assert_cmpstr (g_ptr_array_index (cells, 1), ==, "500");
    g_assert_cmpstr (g_ptr_array_index (cells, 2), ==, "1000");
  }
  g_assert_nonnull (find_line (lines, "Mean score"));
  g_assert_nonnull (find_line (lines, "± standard error"));
  g_assert_nonnull (find_line (lines, "Median"));
  g_assert_nonnull (find_line (lines, "2048 rate"));
  g_assert_nonnull (find_line (lines, "4096 rate"));
  g_assert_nonnull (find_line (lines, "ms per move"));
  cli_run_clear (&run);

  /* The CSV: a header and a row per value. */
  g_file_get_contents (csv_path, &csv, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("csv:\n%s", csv);
  csv_lines = split_lines (csv);
  g_assert_cmpuint (g_strv_length (csv_lines), ==, 3);
  g_assert_cmpstr (csv_lines[0], ==,
                   "empty_weight,games,mean,sem,sd,median,min,max,rate_2048,rate_4096,ms_per_move");
  header = g_strsplit (csv_lines[0], ",", -1);
  row = g_strsplit (csv_lines[1], ",", -1);
  g_assert_cmpuint (g_strv_length (row), ==, g_strv_length (header));
  g_assert_cmpstr (row[0], ==, "500");
  g_assert_cmpstr (row[1], ==, "2");
  g_strfreev (row);
  row = g_strsplit (csv_lines[2], ",", -1);
  g_assert_cmpuint (g_strv_length (row), ==, g_strv_length (header));
  g_assert_cmpstr (row[0], ==, "1000");

  /* Common random numbers: the point with the default weight plays bench's
   * games (same seeds), so its statistics are bench's. */
  cli_run (&run, NULL, "bench", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "2",
           "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  bench = cli_parse_object (run.out, &parser);
  score = json_object_get_object_member (bench, "score");
  g_assert_cmpfloat (g_ascii_strtod (row[2], NULL), ==, json_object_get_double_member (score, "mean"));
  g_assert_cmpfloat (g_ascii_strtod (row[4], NULL), ==, json_object_get_double_member (score, "sd"));
  g_assert_cmpfloat (g_ascii_strtod (row[6], NULL), ==, json_object_get_double_member (score, "min"));
  g_assert_cmpfloat (g_ascii_strtod (row[7], NULL), ==, json_object_get_double_member (score, "max"));
  cli_run_clear (&run);

  g_assert_cmpint (g_remove (csv_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_sweep_grid (void)
{
  static const double depths[] = { 1, 1, 1, 2, 2, 2 };
  static const double weights[] = { 0, 0.1, 0.2, 0, 0.1, 0.2 };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) parser_jobs = NULL;
  JsonObject *object, *object_jobs;
  JsonArray *points, *points_jobs, *axes;
  CliRun run = { 0 };
  guint i;

  /* Two axes: the first varies slowest; 0:0.2:0.1 ends at 0.2 exactly. */
  cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--games", "2", "--json",
           "--param", "depth=1:2:1", "--param", "monotonicity-weight=0:0.2:0.1", NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, &parser);
  g_assert_cmpint (json_object_get_int_member (object, "games"), ==, 2);
  g_assert_true (json_object_has_member (object, "heuristic"));
  axes = json_object_get_array_member (object, "axes");
  g_assert_cmpuint (json_array_get_length (axes), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (axes, 1), "name"),
                   ==, "monotonicity_weight");
  points = json_object_get_array_member (object, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, G_N_ELEMENTS (depths));
  for (i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      JsonObject *point = json_array_get_object_element (points, i);
      JsonObject *values = json_object_get_object_member (point, "values");

      g_assert_cmpfloat (json_object_get_double_member (values, "depth"), ==, depths[i]);
      g_assert_cmpfloat (json_object_get_double_member (values, "monotonicity_weight"), ==, weights[i]);
      g_assert_cmpint (json_object_get_int_member (point, "games"), ==, 2);
      g_assert_cmpfloat (json_object_get_double_member (point, "min"), <=,
                         json_object_get_double_member (point, "mean"));
      g_assert_cmpfloat (json_object_get_double_member (point, "mean"), <=,
                         json_object_get_double_member (point, "max"));
    }
  cli_run_clear (&run);

  /* --jobs never changes the games. */
  cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--games", "2", "--json", "--jobs", "2",
           "--param", "depth=1:2:1", "--param", "monotonicity-weight=0:0.2:0.1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  object_jobs = cli_parse_object (run.out, &parser_jobs);
  points_jobs = json_object_get_array_member (object_jobs, "points");
  for (i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      JsonObject *a = json_array_get_object_element (points, i);
      JsonObject *b = json_array_get_object_element (points_jobs, i);

      g_assert_cmpfloat (json_object_get_double_member (a, "mean"), ==,
                         json_object_get_double_member (b, "mean"));
      g_assert_cmpfloat (json_object_get_double_member (a, "sem"), ==,
                         json_object_get_double_member (b, "sem"));
    }
  cli_run_clear (&run);

  /* The text form of a grid: a row per point, a column per parameter. */
  cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--games", "1",
           "--param", "depth=1:2:1", "--param", "empty_weight=0:1000:1000", NULL);
  g_assert_cmpint (run.status, ==, 0);
  {
    g_auto(GStrv) lines = split_lines (run.out);
    guint n = g_strv_length (lines);

    g_assert_cmpuint (n, >=, 5);
    g_assert_nonnull (strstr (lines[n - 5], "depth"));
    g_assert_nonnull (strstr (lines[n - 5], "empty_weight"));
    g_assert_nonnull (strstr (lines[n - 5], "Mean score"));
    g_assert_true (g_str_has_prefix (g_strchug (lines[n - 4]), "1 "));
    g_assert_true (g_str_has_prefix (g_strchug (lines[n - 1]), "2 "));
  }
  cli_run_clear (&run);

  /* A grid crossing zero: the values are rounded to the decimals of FROM and
   * STEP, so -0.3 + 3 × 0.1 is 0 (not 5.55e-17) and 0.3 is 0.3. */
  {
    static const double crossing[] = { -0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3 };
    static const char *const cells[] = { "-0.3", "-0.2", "-0.1", "0", "0.1", "0.2", "0.3" };
    g_autoptr(JsonParser) parser_zero = NULL;
    JsonArray *values;

    cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "1",
             "--json", "--param", "neighbour_diff_weight=-0.3:0.3:0.1", NULL);
    g_test_message ("stderr: %s", run.err);
    g_assert_cmpint (run.status, ==, 0);
    object = cli_parse_object (run.out, &parser_zero);
    values = json_object_get_array_member (json_array_get_object_element (
                                             json_object_get_array_member (object, "axes"), 0),
                                           "values");
    points = json_object_get_array_member (object, "points");
    g_assert_cmpuint (json_array_get_length (values), ==, G_N_ELEMENTS (crossing));
    g_assert_cmpuint (json_array_get_length (points), ==, G_N_ELEMENTS (crossing));
    for (i = 0; i < G_N_ELEMENTS (crossing); i++)
      {
        JsonObject *point = json_array_get_object_element (points, i);

        g_assert_cmpfloat (json_array_get_double_element (values, i), ==, crossing[i]);
        g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (point, "values"),
                                                          "neighbour_diff_weight"), ==, crossing[i]);
      }
    cli_run_clear (&run);

    cli_run (&run, NULL, "sweep", "--rows", "3", "--cols", "3", "--depth", "1", "--games", "1",
             "--param", "neighbour_diff_weight=-0.3:0.3:0.1", NULL);
    g_assert_cmpint (run.status, ==, 0);
    {
      g_auto(GStrv) lines = split_lines (run.out);
      g_auto(GStrv) words = g_strsplit_set (find_line (lines, "neighbour_diff_weight "), " ", -1);
      g_autoptr(GPtrArray) row = g_ptr_array_new ();

      for (guint j = 0; words[j] != NULL; j++)
        if (words[j][0] != '\0')
          g_ptr_array_add (row, words[j]);
      g_assert_cmpuint (row->len, ==, 1 + G_N_ELEMENTS (cells));
      for (guint j = 0; j < G_N_ELEMENTS (cells); j++)
        g_assert_cmpstr (g_ptr_array_index (row, j + 1), ==, cells[j]);
    }
    cli_run_clear (&run);
  }
}

static void
test_sweep_errors (void)
{
  check_usage_error ("--param is required", "sweep", "--games", "1", NULL);
  check_usage_error ("FROM 3 is more than TO 1", "sweep", "--param", "depth=3:1:1", NULL);
  check_usage_error ("STEP 0 is not more than 0", "sweep", "--param", "depth=1:3:0", NULL);
  check_usage_error ("STEP -1 is not more than 0", "sweep", "--param", "depth=1:3:-1", NULL);
  check_usage_error ("NAME=FROM:TO:STEP", "sweep", "--param", "depth=1:3", NULL);
  check_usage_error ("NAME=FROM:TO:STEP", "sweep", "--param", "depth", NULL);
  check_usage_error ("TO “x” is not a number", "sweep", "--param", "depth=1:x:1", NULL);
  check_usage_error ("frob", "sweep", "--param", "frob=1:2:1", NULL);
  /* Values out of the key's range, named. */
  check_usage_error ("--depth: 0 is out of range (1 to", "sweep", "--param", "depth=0:2:1", NULL);
  check_usage_error ("snake_base = 1 is out of range", "sweep", "--param", "snake_base=1:2:0.5", NULL);
  check_usage_error ("--depth: “1.5” is not a whole number", "sweep", "--param", "depth=1.5:2:1", NULL);
  /* An option the solver does not use. */
  check_usage_error ("--iterations is not an option of the expectimax solver", "sweep",
                     "--param", "iterations=10:20:10", NULL);
  /* A name given twice, in either spelling. */
  check_usage_error ("empty_weight is given twice", "sweep", "--param", "empty_weight=1:2:1",
                     "--param", "empty-weight=3:4:1", NULL);
  /* At most 10000 points. */
  check_usage_error ("more than 10000 values", "sweep", "--param", "empty_weight=0:1:0.00001", NULL);
  check_usage_error ("more than 10000 points", "sweep", "--param", "empty_weight=0:99:1",
                     "--param", "sum_weight=0:100:1", NULL);
  check_usage_error ("--games", "sweep", "--param", "depth=1:2:1", "--games", "0", NULL);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/apply/rules", test_apply_rules);
  g_test_add_func ("/cli/apply/malformed", test_apply_malformed);
  g_test_add_func ("/cli/apply/long-token", test_apply_long_token);
  g_test_add_func ("/cli/option-bytes", test_option_bytes);
  g_test_add_func ("/cli/analyze/json", test_analyze_json);
  g_test_add_func ("/cli/analyze/text", test_analyze_text);
  g_test_add_func ("/cli/bench/json", test_bench_json);
  g_test_add_func ("/cli/bench/text", test_bench_text);
  g_test_add_func ("/cli/tree/json", test_tree_json);
  g_test_add_func ("/cli/tree/usage", test_tree_usage);
  g_test_add_func ("/cli/tree/figures", test_tree_figures);
  g_test_add_func ("/cli/solver/options", test_solver_options);
  g_test_add_func ("/cli/analyze/mcts", test_analyze_mcts);
  g_test_add_func ("/cli/bench/sampling", test_bench_sampling);
  g_test_add_func ("/cli/tree/mcts", test_tree_mcts);
  g_test_add_func ("/cli/heuristic/preset", test_heuristic_preset);
  g_test_add_func ("/cli/heuristic/preset-errors", test_heuristic_preset_errors);
  g_test_add_func ("/cli/heuristic/set-errors", test_heuristic_set_errors);
  g_test_add_func ("/cli/heuristic/help", test_heuristic_help);
  g_test_add_func ("/cli/sweep/one-param", test_sweep_one_param);
  g_test_add_func ("/cli/sweep/grid", test_sweep_grid);
  g_test_add_func ("/cli/sweep/errors", test_sweep_errors);

  return g_test_run ();
}
