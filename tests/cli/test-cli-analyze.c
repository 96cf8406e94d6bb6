/* test-cli-analyze.c: `lookahead-cli analyze --positions` (one solver over
 * many positions: the table, JSON Lines, bad lines, standard input) and
 * --preset with a built-in preset's name. */
#include <string.h>
#include <glib/gstdio.h>

#include "cli-test-run.h"

/* Writes @text to a new temporary file; returns its path (free it, and
 * remove the file, with remove_file()). */
static char *
temp_file (const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("lookahead-positions-XXXXXX.txt", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
remove_file (char *path)
{
  g_remove (path);
  g_free (path);
}

static const char positions[] =
  "# a comment, then a blank line\n"
  "\n"
  "2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2\n"
  "1100020000000001\n"
  "  2 4 8 16/32 64 128 256/512 1024 2 4/8 16 32 64  \n"
  "2 0/0 2\n";

/* JSON Lines: one object a line, in order, with the line numbers of the
 * file; "values" null for an illegal move; "ms" the search's time. */
static void
test_positions_json (void)
{
  g_autofree char *path = temp_file (positions);
  g_auto(GStrv) lines = NULL;
  CliRun run = { 0 };
  static const gint64 expected_lines[] = { 3, 4, 5, 6 };

  cli_run (&run, NULL, "analyze", "--positions", path, "--depth", "2", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (g_strchomp (run.out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(JsonParser) parser = NULL;
      JsonObject *object = cli_parse_object (lines[i], &parser);
      JsonObject *values = json_object_get_object_member (object, "values");

      g_assert_cmpint (json_object_get_int_member (object, "line"), ==, expected_lines[i]);
      g_assert_true (json_object_has_member (object, "board"));
      g_assert_true (json_object_has_member (object, "move"));
      g_assert_true (json_object_has_member (object, "nodes"));
      g_assert_cmpfloat (json_object_get_double_member (object, "ms"), >=, 0);
      g_assert_nonnull (values);
      g_assert_cmpuint (json_object_get_size (values), ==, 4);
      if (i == 0)
        {
          g_assert_cmpstr (json_object_get_string_member (object, "board"), ==, "1100020000000001");
          g_assert_cmpint (json_object_get_int_member (object, "depth"), ==, 2);
          g_assert_false (json_object_has_member (object, "std_errors"));
        }
      if (i == 2)
        {
          /* No move is possible: every value null, the move null. */
          g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (object, "move")));
          g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (values, "up")));
        }
      if (i == 3)
        g_assert_cmpstr (json_object_get_string_member (object, "board"), ==, "10/01");
    }
  /* The same position twice gives the same move and values (one solver,
   * its tables warm). */
  {
    g_autoptr(JsonParser) a = NULL;
    g_autoptr(JsonParser) b = NULL;
    JsonObject *first = cli_parse_object (lines[0], &a);
    JsonObject *second = cli_parse_object (lines[1], &b);

    g_assert_cmpstr (json_object_get_string_member (first, "move"), ==,
                     json_object_get_string_member (second, "move"));
    g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (first, "values"), "left"), ==,
                       json_object_get_double_member (json_object_get_object_member (second, "values"), "left"));
  }
  cli_run_clear (&run);
  remove_file (g_steal_pointer (&path));
}

/* The table: a header, then a row a position; standard input with "-". */
static void
test_positions_table_stdin (void)
{
  g_auto(GStrv) lines = NULL;
  CliRun run = { 0 };

  cli_run (&run, positions, "analyze", "--positions", "-", "--depth", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (g_strchomp (run.out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_nonnull (strstr (lines[0], "line"));
  g_assert_nonnull (strstr (lines[0], "ms"));
  g_assert_nonnull (strstr (lines[1], "1100020000000001"));
  g_assert_nonnull (strstr (lines[3], "illegal"));
  cli_run_clear (&run);
}

/* A line that is not a board: the lines before it are printed, the message
 * names the line and what is wrong, the status is 1; a long line is not
 * echoed. */
static void
test_positions_bad_line (void)
{
  g_autofree char *path = temp_file ("1100020000000001\n\n2 2 5 4/0 0 0 0/0 0 0 0/0 0 0 0\n1100020000000001\n");
  g_autofree char *long_line = NULL;
  g_auto(GStrv) lines = NULL;
  GString *text;
  CliRun run = { 0 };

  cli_run (&run, NULL, "analyze", "--positions", path, "--json", "--depth", "1", NULL);
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (g_strchomp (run.out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1);
  g_assert_nonnull (strstr (run.err, "line 3"));
  g_assert_nonnull (strstr (run.err, "'5' is not a tile value"));
  cli_run_clear (&run);

  text = g_string_new ("1100020000000001\n");
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (text, 'x');
  g_string_append_c (text, '\n');
  long_line = g_string_free (text, FALSE);
  cli_run (&run, long_line, "analyze", "--positions", "-", "--depth", "1", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "line 2"));
  g_assert_cmpuint (strlen (run.err), <, 300);
  cli_run_clear (&run);

  /* A file that is not there: 1, with its name. */
  cli_run (&run, NULL, "analyze", "--positions", "/nonexistent/boards.txt", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "boards.txt"));
  cli_run_clear (&run);

  /* --board and --positions together, or neither: a usage error. */
  cli_run (&run, NULL, "analyze", "--positions", path, "--board", "1100020000000001", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);
  cli_run (&run, NULL, "analyze", NULL);
  g_assert_cmpint (run.status, ==, 2);
  cli_run_clear (&run);
  remove_file (g_steal_pointer (&path));
}

/* --preset takes the built-in presets' names; an unknown name says which
 * names there are. */
static void
test_preset_builtin_names (void)
{
  static const char *const names[] = { "balanced", "nneonneo", "snake", "weight-matrix", "corner" };
  g_autofree char *balanced_values = NULL;
  CliRun run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(JsonParser) parser = NULL;
      JsonObject *object, *values;
      g_autofree char *text = NULL;

      cli_run (&run, NULL, "analyze", "--board", "1100020000000001", "--depth", "2",
               "--preset", names[i], "--json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      object = cli_parse_object (run.out, &parser);
      values = json_object_get_object_member (object, "moves");
      text = g_strdup_printf ("%.6g", json_object_get_double_member (json_object_get_object_member (values, "left"), "value"));
      /* Each preset values the position differently from Balanced. */
      if (i == 0)
        balanced_values = g_steal_pointer (&text);
      else
        g_assert_cmpstr (text, !=, balanced_values);
      cli_run_clear (&run);
    }

  cli_run (&run, NULL, "analyze", "--board", "1100020000000001", "--preset", "no-such-preset", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "neither a built-in preset (balanced, nneonneo, snake, weight-matrix, corner)"));
  cli_run_clear (&run);
}

/* --table-size MIB: the largest table, rounded down to a power of two of
 * 24-byte entries, shown in KiB; out of range, a usage error. */
static void
test_table_size (void)
{
  static const struct { const char *mib; gint64 kib; } sizes[] = {
    { "1", 768 }, { "24", 24576 }, { "100", 98304 },
  };
  CliRun run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(JsonParser) parser = NULL;
      JsonObject *object, *params;

      cli_run (&run, NULL, "analyze", "--board", "1100020000000001", "--depth", "4",
               "--table-size", sizes[i].mib, "--json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      object = cli_parse_object (run.out, &parser);
      params = json_object_get_object_member (object, "parameters");
      g_assert_cmpint (json_object_get_int_member (params, "table_kib"), ==, sizes[i].kib);
      cli_run_clear (&run);
    }
  cli_run (&run, NULL, "analyze", "--board", "1100020000000001", "--table-size", "0", NULL);
  cli_assert_usage_error (&run, "--table-size: 0 is out of range (1 to 6144)");
  cli_run_clear (&run);
  cli_run (&run, NULL, "analyze", "--board", "1100020000000001", "--solver", "mcts",
           "--table-size", "4", NULL);
  cli_assert_usage_error (&run, "--table-size is not an option of the mcts solver");
  cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);
  g_test_add_func ("/cli/analyze/positions-json", test_positions_json);
  g_test_add_func ("/cli/analyze/positions-table-stdin", test_positions_table_stdin);
  g_test_add_func ("/cli/analyze/positions-bad-line", test_positions_bad_line);
  g_test_add_func ("/cli/analyze/preset-builtin-names", test_preset_builtin_names);
  g_test_add_func ("/cli/analyze/table-size", test_table_size);
  return g_test_run ();
}
