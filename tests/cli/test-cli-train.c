/* test-cli-train.c: `lookahead-cli train`: a tiny network trained for a few
 * hundred games, its learning curve, resuming it (the same file as one
 * uninterrupted run), a damaged file refused, Ctrl+C still saving a valid
 * network, staged networks (--stages, new or promoted on --resume), and
 * the usage errors. */

#include <math.h>
#include <signal.h>
#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "cli-test-run.h"
#include "lh-board-text.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

/* train with @args (NULL-terminated) and --json; the parsed summary. */
static JsonObject *
train_json (JsonParser **parser, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  CliRun run = { 0 };
  JsonObject *object;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, (gpointer) "train");
  va_start (ap, parser);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, (gpointer) "--json");
  cli_run_argv (&run, NULL, args);
  if (run.status != 0)
    g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  object = cli_parse_object (run.out, parser);
  cli_run_clear (&run);
  return object;
}

static void
test_train_and_resume (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.lhnet", NULL);
  g_autofree char *curve = g_build_filename (dir, "curve.csv", NULL);
  g_autofree char *jsonl = g_build_filename (dir, "curve.jsonl", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *text = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gsize a_length, b_length;
  JsonObject *o, *last;

  /* 300 games, a curve point every 100. */
  o = train_json (&parser, "--network", "lines+squares", "--games", "300", "--seed", "5",
                  "--out", net, "--curve", curve, "--curve-every", "100", NULL);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (o, "run_games"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (o, "memory_bytes"), ==, 1310720);
  g_assert_cmpint (json_object_get_array_member (o, "shapes") == NULL, ==, FALSE);
  g_assert_false (json_object_get_boolean_member (o, "interrupted"));
  last = json_object_get_object_member (o, "last");
  g_assert_cmpint (json_object_get_int_member (last, "games"), ==, 100);
  g_assert_cmpfloat (json_object_get_double_member (last, "mean_score"), >, 1000);
  g_assert_true (g_file_test (net, G_FILE_TEST_IS_REGULAR));
  text = cli_read_text (curve);
  g_assert_true (g_str_has_prefix (text, "games,moves,block_games,mean_score,"));
  g_assert_cmpuint (count_lines (text), ==, 4);
  g_assert_nonnull (strstr (text, "\n300,"));
  g_clear_pointer (&text, g_free);

  /* 200 more from the file: its games count and seed go on; the curve grows. */
  g_clear_object (&parser);
  o = train_json (&parser, "--resume", net, "--games", "200", "--out", net, "--curve", curve,
                  "--curve-every", "100", NULL);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 500);
  g_assert_cmpint (json_object_get_int_member (o, "run_games"), ==, 200);
  g_assert_cmpstr (json_object_get_string_member (o, "options"), ==,
                   "alpha=0.1 decay=1 decay-every=0 tc=no seed=5 jobs=1");
  text = cli_read_text (curve);
  g_assert_cmpuint (count_lines (text), ==, 6);
  g_assert_nonnull (strstr (text, "\n500,"));
  g_clear_pointer (&text, g_free);

  /* The same 500 games in one run: the same file, byte for byte. */
  g_clear_object (&parser);
  o = train_json (&parser, "--network", "lines+squares", "--games", "500", "--seed", "5",
                  "--out", whole, "--curve", jsonl, "--curve-every", "250", NULL);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 500);
  g_assert_true (g_file_get_contents (net, &a, &a_length, NULL));
  g_assert_true (g_file_get_contents (whole, &b, &b_length, NULL));
  g_assert_cmpmem (a, a_length, b, b_length);
  text = cli_read_text (jsonl);
  g_assert_cmpuint (count_lines (text), ==, 2);
  g_assert_true (g_str_has_prefix (text, "{\"games\":250,\"moves\":"));
  g_clear_pointer (&text, g_free);

  /* --quantise, TC, two jobs, a small board. */
  g_clear_object (&parser);
  o = train_json (&parser, "--network", "lines+squares", "--rows", "3", "--cols", "3",
                  "--games", "200", "--tc", "--jobs", "2", "--quantise", "--out", whole, NULL);
  g_assert_cmpint (json_object_get_int_member (o, "rows"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (o, "encoding"), ==, "int16");
  g_assert_true (g_str_has_prefix (json_object_get_string_member (o, "options"),
                                   "alpha=1 decay=1 decay-every=0 tc=yes"));
  g_assert_false (json_object_get_boolean_member (o, "tc_tables"));

  /* 5x5: a wide network, which bench then plays on 5x5. */
  g_clear_object (&parser);
  o = train_json (&parser, "--network", "lines+squares", "--rows", "5", "--cols", "5",
                  "--games", "10", "--out", whole, NULL);
  g_assert_cmpint (json_object_get_int_member (o, "rows"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (o, "cols"), ==, 5);
  {
    JsonArray *shapes = json_object_get_array_member (o, "shapes");

    g_assert_cmpuint (json_array_get_length (shapes), ==, 6);
  }
  {
    CliRun run;

    cli_run (&run, NULL, "bench", "--rows", "5", "--cols", "5", "--depth", "1", "-n", "2",
             "--evaluator", "ntuple", "--weights", whole, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Games "));
    cli_run_clear (&run);
    cli_run (&run, NULL, "bench", "--depth", "1", "-n", "2", "--evaluator", "ntuple",
             "--weights", whole, NULL);
    cli_assert_usage_error (&run, "5×5");
    cli_run_clear (&run);
  }

  cli_remove_temp_dir (dir);
}

/* TC: the file keeps the TC tables, so 150 games and 150 resumed are
 * the 300 of one run, byte for byte; resuming a file without them says
 * that every rate starts again. */
static void
test_resume_coherence (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.lhnet", NULL);
  g_autofree char *small = g_build_filename (dir, "small.lhnet", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gsize a_length, b_length;
  CliRun run = { 0 };
  JsonObject *o;

  o = train_json (&parser, "--network", "lines+squares", "--rows", "3", "--cols", "3",
                  "--games", "150", "--tc", "--seed", "4", "--out", net, NULL);
  g_assert_true (json_object_get_boolean_member (o, "tc_tables"));
  g_clear_object (&parser);
  o = train_json (&parser, "--resume", net, "--games", "150", "--out", net, NULL);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 300);
  g_clear_object (&parser);
  train_json (&parser, "--network", "lines+squares", "--rows", "3", "--cols", "3",
              "--games", "300", "--tc", "--seed", "4", "--out", whole, NULL);
  g_assert_true (g_file_get_contents (net, &a, &a_length, NULL));
  g_assert_true (g_file_get_contents (whole, &b, &b_length, NULL));
  g_assert_cmpmem (a, a_length, b, b_length);

  /* A quantised file has no tables: the run goes on, and says so. */
  cli_run (&run, NULL, "train", "--network", "lines+squares", "--rows", "3", "--cols", "3",
           "--games", "50", "--tc", "--quantise", "--out", small, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_null (strstr (run.out, "TC tables"));
  cli_run_clear (&run);
  cli_run (&run, NULL, "train", "--resume", small, "--games", "50", "--out", small, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "has no temporal coherence tables"));
  g_assert_nonnull (strstr (run.out, "float32, with the TC tables"));
  cli_run_clear (&run);

  cli_remove_temp_dir (dir);
}

/* --optimistic V: a new network values every board at V before it
 * learns (Guei et al. 2022's optimistic initialisation): a board no game
 * of a short run reaches is still worth V; the boards played are not. */
static void
test_optimistic (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net_path = g_build_filename (dir, "otd.lhnet", NULL);
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(GError) error = NULL;
  LhBoard unseen = 0, start = 0;
  LhGeometry g;
  CliRun run = { 0 };

  cli_run (&run, NULL, "train", "--network", "lines+squares", "--rows", "3", "--cols", "3",
           "--games", "20", "--optimistic", "1000", "--out", net_path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  net = lh_ntuple_file_load (net_path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (lh_board_parse ("1024 2048 4096/8192 16384 32768/512 256 128", &unseen, &g, NULL));
  g_assert_cmpfloat_with_epsilon (lh_ntuple_evaluate (net, unseen), 1000, 1e-3);
  /* An early board of every game has been learnt from: no longer 1000. */
  g_assert_true (lh_board_parse ("2 0 0/0 0 0/0 0 0", &start, &g, NULL));
  g_assert_cmpfloat (fabs (lh_ntuple_evaluate (net, start) - 1000), >, 1);
  cli_remove_temp_dir (dir);
}

/* --stages: a new staged network; a network of one stage promoted on
 * --resume with its TC tables (it then plays as before, and goes on as a
 * staged network); a staged network keeps its stages. */
static void
test_stages (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *staged = g_build_filename (dir, "staged.lhnet", NULL);
  g_autoptr(JsonParser) parser = NULL;
  CliRun run = { 0 };
  JsonObject *o;

  o = train_json (&parser, "--network", "lines+squares", "--rows", "3", "--cols", "3",
                  "--stages", "256,256+128", "--games", "100", "--out", staged, NULL);
  g_assert_cmpstr (json_object_get_string_member (o, "stages"), ==, "256,256+128");
  g_clear_object (&parser);

  o = train_json (&parser, "--network", "lines+squares", "--games", "300", "--tc", "--seed", "3",
                  "--out", net, NULL);
  g_assert_cmpstr (json_object_get_string_member (o, "stages"), ==, "");
  g_assert_cmpint (json_object_get_int_member (o, "memory_bytes"), ==, 1310720);
  g_clear_object (&parser);
  o = train_json (&parser, "--resume", net, "--stages", "128,128+64", "--games", "100",
                  "--out", staged, NULL);
  g_assert_cmpstr (json_object_get_string_member (o, "stages"), ==, "128,128+64");
  g_assert_cmpint (json_object_get_int_member (o, "memory_bytes"), ==, 3 * 1310720);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 400);
  g_assert_true (json_object_get_boolean_member (o, "tc_tables"));
  g_clear_object (&parser);

  /* Resumed again: without --stages, or with the same, it goes on. */
  o = train_json (&parser, "--resume", staged, "--games", "50", "--out", staged, NULL);
  g_assert_cmpstr (json_object_get_string_member (o, "stages"), ==, "128,128+64");
  g_clear_object (&parser);
  cli_run (&run, NULL, "train", "--resume", staged, "--stages", "128+64,128", "--games", "10",
           "--out", staged, NULL);
  g_assert_cmpint (run.status, !=, 0);
  cli_run_clear (&run);
  cli_run (&run, NULL, "train", "--resume", staged, "--stages", "128,128+64", "--games", "10",
           "--out", staged, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Stages:       3 (stage 0, then 128,128+64)"));
  cli_run_clear (&run);
  cli_run (&run, NULL, "train", "--resume", staged, "--stages", "64", "--games", "10",
           "--out", net, NULL);
  cli_assert_usage_error (&run, "already has the stages 128,128+64");
  cli_run_clear (&run);

  /* A promoted network plays as the one it came from: the same games. */
  cli_run (&run, NULL, "train", "--resume", net, "--stages", "512", "--games", "1",
           "--alpha", "1e-30", "--out", staged, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  {
    CliRun a = { 0 }, b = { 0 };

    cli_run (&a, NULL, "bench", "--solver", "expectimax", "--depth", "1", "--no-cache", "-n", "5",
             "--seed", "9", "--evaluator", "ntuple", "--weights", net, "--json", NULL);
    cli_run (&b, NULL, "bench", "--solver", "expectimax", "--depth", "1", "--no-cache", "-n", "5",
             "--seed", "9", "--evaluator", "ntuple", "--weights", staged, "--json", NULL);
    g_assert_cmpint (a.status, ==, 0);
    g_assert_cmpint (b.status, ==, 0);
    {
      JsonParser *pa = NULL, *pb = NULL;
      JsonObject *oa = cli_parse_object (a.out, &pa), *ob = cli_parse_object (b.out, &pb);

      g_assert_cmpint (json_object_get_int_member (oa, "moves"), >, 100);
      g_assert_cmpint (json_object_get_int_member (oa, "moves"), ==,
                       json_object_get_int_member (ob, "moves"));
      g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (oa, "score"), "mean"),
                         ==, json_object_get_double_member (json_object_get_object_member (ob, "score"), "mean"));
      g_object_unref (pa);
      g_object_unref (pb);
    }
    cli_run_clear (&a);
    cli_run_clear (&b);
  }

  cli_remove_temp_dir (dir);
}

static void
test_damaged_file (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net = g_build_filename (dir, "net.lhnet", NULL);
  g_autofree char *out = g_build_filename (dir, "out.lhnet", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *data = NULL;
  CliRun run = { 0 };
  gsize length;

  train_json (&parser, "--network", "lines+squares", "--games", "50", "--out", net, NULL);
  g_assert_true (g_file_get_contents (net, &data, &length, NULL));
  data[length / 2] ^= 0x40;
  g_assert_true (g_file_set_contents (net, data, (gssize) length, NULL));
  cli_run (&run, NULL, "train", "--resume", net, "--games", "10", "--out", out, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "net.lhnet"));
  g_assert_nonnull (strstr (run.err, "checksum"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  cli_run_clear (&run);

  /* Not a network at all. */
  g_assert_true (g_file_set_contents (net, "hello", -1, NULL));
  cli_run (&run, NULL, "train", "--resume", net, "--games", "10", "--out", out, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "not an n-tuple network"));
  cli_run_clear (&run);
  cli_remove_temp_dir (dir);
}

/* Ctrl+C: the run stops, says so, and the saved network resumes. */
static void
test_interrupt (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-train-XXXXXX");
  g_autofree char *net = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *line = NULL;
  g_autofree char *out_text = NULL;
  g_autofree char *err_text = NULL;
  JsonObject *o;
  gint64 games;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "C", TRUE);
  process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("LOOKAHEAD_CLI"), "train",
                                         "--network", "lines+squares", "--games", "100000000",
                                         "--curve-every", "20", "--jobs", "2", "--out", net,
                                         "--json", NULL);
  g_assert_no_error (error);
  /* Wait for the first progress line, then interrupt. */
  err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (process));
  line = g_data_input_stream_read_line_utf8 (err, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "Games "));
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out_text, &err_text, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_test_message ("stderr: %s", err_text);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
  g_assert_nonnull (strstr (err_text, "Interrupted after"));
  o = cli_parse_object (out_text, &parser);
  g_assert_true (json_object_get_boolean_member (o, "interrupted"));
  games = json_object_get_int_member (o, "games");
  g_assert_cmpint (games, >=, 20);
  g_assert_cmpint (games, <, 100000000);

  /* The saved network is valid and knows its games. */
  {
    g_autoptr(JsonParser) again = NULL;
    JsonObject *resumed = train_json (&again, "--resume", net, "--games", "10", "--out", net, NULL);

    g_assert_cmpint (json_object_get_int_member (resumed, "games"), ==, games + 10);
  }
  cli_remove_temp_dir (dir);
}

static void
test_usage_errors (void)
{
  static const struct {
    const char *args[10];
    const char *expected;
  } cases[] = {
    { { "--network", "4x6", "--games", "10", NULL }, "--out" },
    { { "--network", "4x6", "--out", "x.lhnet", NULL }, "--games" },
    { { "--games", "10", "--out", "x.lhnet", NULL }, "--network" },
    { { "--network", "9x9", "--games", "10", "--out", "x.lhnet", NULL }, "9x9" },
    { { "--network", "4x6", "--rows", "3", "--games", "10", "--out", "x.lhnet" }, "4x4" },
    { { "--network", "lines+squares", "--rows", "6", "--games", "10", "--out", "x.lhnet" }, "--rows" },
    { { "--network", "4x6", "--games", "0", "--out", "x.lhnet", NULL }, "--games" },
    { { "--network", "4x6", "--games", "ten", "--out", "x.lhnet", NULL }, "--games" },
    { { "--network", "4x6", "--games", "10", "--jobs", "0", "--out", "x.lhnet" }, "--jobs" },
    { { "--network", "4x6", "--games", "10", "--alpha", "2", "--out", "x.lhnet" }, "alpha" },
    { { "--network", "4x6", "--games", "10", "--alpha", "abc", "--out", "x.lhnet" }, "--alpha" },
    { { "--network", "4x6", "--games", "10", "--alpha-decay", "0", "--out", "x.lhnet" }, "decay" },
    { { "--network", "4x6", "--games", "10", "--curve-every", "0", "--out", "x.lhnet" }, "--curve-every" },
    { { "--network", "4x6", "--resume", "a.lhnet", "--games", "10", "--out", "x.lhnet" }, "--resume" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--bogus", NULL }, "--bogus" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--quantum", "8", NULL }, "--quantise" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--quantise", "--quantum", "-1" }, "--quantum" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--quantise", "--quantum", "x" }, "--quantum" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--stages", "3000" }, "“3000”" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--stages", "16384,16384" }, "same tiles" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--restarts", "2" }, "staged" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--stages", "16384", "--restarts", "17" }, "0 to 16" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--optimistic", "-1" }, "--optimistic" },
    { { "--network", "4x6", "--games", "10", "--out", "x.lhnet", "--optimistic", "many" }, "--optimistic" },
    { { "--resume", "a.lhnet", "--games", "10", "--out", "x.lhnet", "--optimistic", "5" }, "--resume" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      CliRun run = { 0 };

      g_ptr_array_add (args, (gpointer) "train");
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].args) && cases[i].args[k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) cases[i].args[k]);
      cli_run_argv (&run, NULL, args);
      cli_assert_usage_error (&run, cases[i].expected);
      cli_run_clear (&run);
    }
  /* Nothing was written. */
  g_assert_false (g_file_test ("x.lhnet", G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);

  g_test_add_func ("/cli/train/train-and-resume", test_train_and_resume);
  g_test_add_func ("/cli/train/resume-coherence", test_resume_coherence);
  g_test_add_func ("/cli/train/stages", test_stages);
  g_test_add_func ("/cli/train/optimistic", test_optimistic);
  g_test_add_func ("/cli/train/damaged-file", test_damaged_file);
  g_test_add_func ("/cli/train/interrupt", test_interrupt);
  g_test_add_func ("/cli/train/usage-errors", test_usage_errors);
  return g_test_run ();
}
