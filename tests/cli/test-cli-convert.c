/* test-cli-convert.c: `lookahead-cli convert`, and TDL2048+'s weight files
 * read by --weights: the networks made by TDL2048+ in tests/data/tdl2048
 * converted to Lookahead's format keep every weight bit for bit (float32)
 * and their stages; analyze plays the .w file and the converted file alike;
 * usage errors and a damaged file are refused with a message. */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cli-test-run.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-tdl2048-file.h"

static char *
data_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "tdl2048", file, NULL);
}

static void
assert_same_weights (const LhNtuple *a, const LhNtuple *b)
{
  g_assert_cmpuint (lh_ntuple_get_n_shapes (a), ==, lh_ntuple_get_n_shapes (b));
  g_assert_cmpuint (lh_ntuple_get_n_stages (a), ==, lh_ntuple_get_n_stages (b));
  for (guint i = 0; i < lh_ntuple_get_n_shapes (a); i++)
    {
      guint64 n, m;
      const float *wa = lh_ntuple_get_weights (a, i, &n);
      const float *wb = lh_ntuple_get_weights (b, i, &m);

      g_assert_cmpuint (n, ==, m);
      g_assert_cmpmem (wa, n * sizeof (float), wb, m * sizeof (float));
    }
}

static void
test_convert (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-convert-XXXXXX");
  g_autofree char *w = data_path ("tiny-2x4patt.w");
  g_autofree char *staged_w = data_path ("tiny-2x4patt-2stages.w");
  g_autofree char *out = g_build_filename (dir, "tiny.lhnet", NULL);
  g_autofree char *small = g_build_filename (dir, "small.lhnet", NULL);
  g_autofree char *staged = g_build_filename (dir, "staged.lhnet", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) original = NULL;
  g_autoptr(LhNtuple) converted = NULL;
  g_autoptr(LhNtuple) staged_net = NULL;
  g_autoptr(LhNtuple) staged_original = NULL;
  LhNtupleFileInfo info = { 0 };
  CliRun run = { 0 };
  GStatBuf big_stat, small_stat;

  cli_run (&run, NULL, "convert", w, "-o", out, NULL);
  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "TDL2048+ 2x4patt"));
  cli_run_clear (&run);
  original = lh_tdl2048_file_load (w, NULL, NULL, &error);
  g_assert_no_error (error);
  converted = lh_ntuple_file_load (out, &info, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info.name, ==, "TDL2048+ 2x4patt");
  assert_same_weights (original, converted);
  lh_ntuple_file_info_clear (&info);

  /* Quantised, with a name of its own: smaller. */
  cli_run (&run, NULL, "convert", w, "--quantise", "--quantum", "1", "--name", "Tiny", "-o", small,
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_cmpint (g_stat (out, &big_stat), ==, 0);
  g_assert_cmpint (g_stat (small, &small_stat), ==, 0);
  g_assert_cmpint (small_stat.st_size, <, big_stat.st_size);
  g_clear_pointer (&converted, lh_ntuple_unref);
  converted = lh_ntuple_file_load (small, &info, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info.name, ==, "Tiny");
  lh_ntuple_file_info_clear (&info);

  /* The stages it was trained with (-@ 0,256). */
  cli_run (&run, NULL, "convert", staged_w, "--stages", "256", "-o", staged, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "stages 256"));
  cli_run_clear (&run);
  staged_net = lh_ntuple_file_load (staged, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_ntuple_get_stage_tiles (staged_net, 1), ==, 1u << 8);
  staged_original = lh_tdl2048_file_load (staged_w, "256", NULL, &error);
  g_assert_no_error (error);
  assert_same_weights (staged_original, staged_net);
  cli_remove_temp_dir (dir);
}

/* analyze --weights FILE.w: the values of the same network converted. */
static void
test_weights_reads_tdl2048 (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-convert-XXXXXX");
  g_autofree char *w = data_path ("tiny-2x4patt.w");
  g_autofree char *out = g_build_filename (dir, "tiny.lhnet", NULL);
  CliRun run = { 0 }, a = { 0 }, b = { 0 };
  g_autoptr(JsonParser) pa = NULL;
  g_autoptr(JsonParser) pb = NULL;
  JsonObject *ma, *mb;
  static const char *const names[] = { "up", "down", "left", "right" };

  cli_run (&run, NULL, "convert", w, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  cli_run (&a, NULL, "analyze", "--board", "0112012101120000", "--depth", "2", "--evaluator",
           "ntuple", "--weights", w, "--json", NULL);
  cli_run (&b, NULL, "analyze", "--board", "0112012101120000", "--depth", "2", "--evaluator",
           "ntuple", "--weights", out, "--json", NULL);
  g_test_message ("stderr: %s", a.err);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  ma = json_object_get_object_member (cli_parse_object (a.out, &pa), "moves");
  mb = json_object_get_object_member (cli_parse_object (b.out, &pb), "moves");
  for (guint m = 0; m < G_N_ELEMENTS (names); m++)
    {
      JsonObject *x = json_object_get_object_member (ma, names[m]);
      JsonObject *y = json_object_get_object_member (mb, names[m]);

      g_assert_cmpint (json_object_get_boolean_member (x, "legal"), ==,
                       json_object_get_boolean_member (y, "legal"));
      if (json_object_get_boolean_member (x, "legal"))
        g_assert_cmpfloat (json_object_get_double_member (x, "value"), ==,
                           json_object_get_double_member (y, "value"));
    }
  cli_run_clear (&a);
  cli_run_clear (&b);
  cli_remove_temp_dir (dir);
}

static void
test_errors (void)
{
  g_autofree char *dir = cli_make_temp_dir ("test-cli-convert-XXXXXX");
  g_autofree char *w = data_path ("tiny-2x4patt.w");
  g_autofree char *staged_w = data_path ("tiny-2x4patt-2stages.w");
  g_autofree char *cut = g_build_filename (dir, "cut.w", NULL);
  g_autofree char *out = g_build_filename (dir, "out.lhnet", NULL);
  g_autofree char *data = NULL;
  gsize length;
  CliRun run = { 0 };
  const struct {
    const char *args[8];
    const char *expected;
  } cases[] = {
    { { "convert", "-o", out, NULL }, "give the network file" },
    { { "convert", w, w, "-o", out, NULL }, "one network file" },
    { { "convert", w, NULL }, "--out" },
    { { "convert", w, "-o", out, "--quantum", "8", NULL }, "--quantise" },
    { { "convert", w, "-o", out, "--quantise", "--quantum", "-3", NULL }, "--quantum" },
    { { "convert", staged_w, "-o", out, "--stages", "256,512", NULL }, "has 2 stages" },
    { { "convert", staged_w, "-o", out, "--stages", "300", NULL }, "300" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();

      for (guint k = 0; cases[i].args[k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) cases[i].args[k]);
      cli_run_argv (&run, NULL, args);
      cli_assert_usage_error (&run, cases[i].expected);
      cli_run_clear (&run);
    }

  /* A network of Lookahead holds its stages. */
  cli_run (&run, NULL, "convert", w, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  cli_run (&run, NULL, "convert", out, "--stages", "16384", "-o", out, NULL);
  cli_assert_usage_error (&run, "only for a network of TDL2048+");
  cli_run_clear (&run);

  /* A damaged file: status 1, the file named, nothing written. */
  g_assert_cmpint (g_remove (out), ==, 0);
  g_assert_true (g_file_get_contents (w, &data, &length, NULL));
  g_assert_true (g_file_set_contents (cut, data, (gssize) (length - 100), NULL));
  cli_run (&run, NULL, "convert", cut, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "cut.w"));
  g_assert_nonnull (strstr (run.err, "truncated"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  cli_run_clear (&run);

  /* --weights with the same damaged file. */
  cli_run (&run, NULL, "analyze", "--board", "0112012101120000", "--evaluator", "ntuple",
           "--weights", cut, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "cut.w"));
  cli_run_clear (&run);
  cli_remove_temp_dir (dir);
}

int
main (int argc, char **argv)
{
  cli_test_init (&argc, &argv);
  g_test_add_func ("/cli/convert/tdl2048", test_convert);
  g_test_add_func ("/cli/convert/weights-reads-tdl2048", test_weights_reads_tdl2048);
  g_test_add_func ("/cli/convert/errors", test_errors);
  return g_test_run ();
}
