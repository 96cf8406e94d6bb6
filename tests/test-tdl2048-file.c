/* test-tdl2048-file.c: reading TDL2048+'s weight files (lh-tdl2048-file.h).
 *
 * The values test uses two networks made by TDL2048+ itself and the values
 * TDL2048+'s own estimator gives for a fixed set of boards
 * (tests/data/tdl2048/README.md says how they were made): Lookahead's value
 * of every board must equal TDL2048+'s up to the order of the float
 * additions.  The other tests build small files by hand, as TDL2048+ writes
 * them, for the element sizes, the containers, the stage names and every
 * kind of damage. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "lh-board-text.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-tdl2048-file.h"
#include "lh-test-util.h"

static char *
data_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "tdl2048", file, NULL);
}

/* TDL2048+ sums in float, in another order than Lookahead: at most a few
 * units in the last place of each partial sum apart.  16 or 32 weights, each
 * below the value's magnitude: 32 x 2^-24 relative, and an absolute floor
 * for values near 0. */
static void
assert_value_near (float lookahead, double tdl2048, const char *board)
{
  double tolerance = 32.0 * ldexp (1.0, -24) * MAX (fabs (tdl2048), 64.0);

  if (fabs (lookahead - tdl2048) > tolerance)
    g_error ("board %s: Lookahead values it %.9g, TDL2048+ %.9g", board, lookahead, tdl2048);
}

/* Checks @net against @values: lines "BOARD V0 [V1]", Vk TDL2048+'s value
 * with stage k's tables; the board's stage (lh_ntuple_stage()) picks the
 * column.  Returns the number of boards. */
static guint
check_values (const LhNtuple *net, const char *values, guint *n_later_stage)
{
  g_autofree char *path = data_path (values);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  *n_later_stage = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], " ", -1);
      LhBoard board;
      LhGeometry geometry;
      guint stage;

      if (lines[i][0] == '\0')
        continue;
      g_assert_cmpuint (g_strv_length (fields), ==, 1 + lh_ntuple_get_n_stages (net));
      g_assert_true (lh_board_parse (fields[0], &board, &geometry, &error));
      g_assert_no_error (error);
      stage = lh_ntuple_stage (net, board);
      *n_later_stage += stage > 0;
      assert_value_near (lh_ntuple_evaluate (net, board), g_ascii_strtod (fields[1 + stage], NULL),
                         fields[0]);
      n++;
    }
  return n;
}

static void
assert_shapes (const LhNtuple *net, const char *const *expected)
{
  g_assert_cmpuint (lh_ntuple_get_n_shapes (net), ==, g_strv_length ((char **) expected));
  for (guint i = 0; expected[i] != NULL; i++)
    {
      g_autofree char *cells = lh_ntuple_shape_to_string (lh_ntuple_get_shape (net, i));

      g_assert_cmpstr (cells, ==, expected[i]);
    }
}

static void
test_values (void)
{
  static const char *const shapes[] = { "0123", "4567", NULL };
  g_autofree char *path = data_path ("tiny-2x4patt.w");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  LhNtupleFileInfo info = { 0 };
  guint n_later;

  /* Through the loader every part of Lookahead uses. */
  net = lh_ntuple_file_load (path, &info, &error);
  g_assert_no_error (error);
  g_assert_nonnull (net);
  g_assert_cmpstr (info.name, ==, "TDL2048+ 2x4patt");
  g_assert_cmpuint (info.games, ==, 0);
  g_assert_cmpstr (info.options, ==, "");
  assert_shapes (net, shapes);
  g_assert_cmpuint (lh_ntuple_get_n_stages (net), ==, 1);
  g_assert_cmpuint (lh_ntuple_get_n_symmetries (net), ==, 8);
  g_assert_cmpuint (check_values (net, "values-2x4patt.txt", &n_later), >=, 50);
  lh_ntuple_file_info_clear (&info);
}

static void
test_values_staged (void)
{
  static const char *const shapes[] = { "0123", "4567", NULL };
  g_autofree char *path = data_path ("tiny-2x4patt-2stages.w");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhNtuple) by_default = NULL;
  g_autofree char *stages = NULL;
  LhNtupleFileInfo info = { 0 };
  guint n_later;

  /* Trained with -@ 0,256: stage 1 from the first 256. */
  net = lh_tdl2048_file_load (path, "256", &info, &error);
  g_assert_no_error (error);
  assert_shapes (net, shapes);
  g_assert_cmpuint (lh_ntuple_get_n_stages (net), ==, 2);
  g_assert_cmpuint (lh_ntuple_get_stage_tiles (net, 1), ==, 1u << 8);
  g_assert_cmpstr (info.name, ==, "TDL2048+ 2x4patt, stages 256");
  g_assert_cmpuint (check_values (net, "values-2x4patt-2stages.txt", &n_later), >=, 35);
  g_assert_cmpuint (n_later, >=, 10);
  lh_ntuple_file_info_clear (&info);

  /* Without stages (--weights, Choose…): TDL2048+'s README's -@ 0,16384. */
  by_default = lh_ntuple_file_load (path, NULL, &error);
  g_assert_no_error (error);
  stages = lh_ntuple_stages_to_string (by_default);
  g_assert_cmpstr (stages, ==, "16384");

  /* A count that does not match, and a malformed one. */
  g_assert_null (lh_tdl2048_file_load (path, "256,512", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "has 2 stages"));
  g_clear_error (&error);
  g_assert_null (lh_tdl2048_file_load (path, "300", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
}

/* ---- Files made by hand ------------------------------------------------- */

static void
put (GByteArray *out, guint64 v, guint bytes)
{
  for (guint i = 0; i < bytes; i++)
    {
      guint8 b = (guint8) (v >> (8 * i));

      g_byte_array_append (out, &b, 1);
    }
}

static void
put_container (GByteArray *out, guint32 count)
{
  put (out, 0, 1);
  put (out, count, 4);
}

/* One table as TDL2048+ writes it: @sign on @width digits, @n_entries
 * weights of @element_size bytes, weight i = @scale x (i + 1) (in binary16
 * for 2 bytes, where @scale must keep it exact), then @extra bytes of one
 * extra block. */
static void
put_table (GByteArray *out, guint32 sign, guint width, guint element_size, guint64 n_entries,
           double scale, guint extra)
{
  put (out, 4, 1);
  put (out, sign, 4);
  put (out, width, 2);
  put (out, 0, 2);
  put (out, element_size, 2);
  put (out, n_entries, 8);
  for (guint64 i = 0; i < n_entries; i++)
    {
      double w = scale * (double) (i + 1);

      if (element_size == 8)
        {
          guint64 bits;

          memcpy (&bits, &w, 8);
          put (out, bits, 8);
        }
      else if (element_size == 4)
        {
          float f = (float) w;
          guint32 bits;

          memcpy (&bits, &f, 4);
          put (out, bits, 4);
        }
      else
        {
          /* A positive normal binary16: w = m x 2^e, 1 <= m < 2. */
          int e;
          double m = frexp (w, &e);

          put (out, (guint64) (((e - 1 + 15) << 10) | (guint) ((m * 2.0 - 1.0) * 1024.0)), 2);
        }
    }
  if (extra > 0)
    {
      put (out, 1, 2);
      put (out, extra, 8);
      for (guint i = 0; i < extra; i++)
        put (out, 0xee, 1);
    }
  put (out, 0, 2);
}

static LhNtuple *
load (GByteArray *bytes, const char *stages, GError **error)
{
  return lh_tdl2048_file_load_bytes (bytes->data, bytes->len, "hand.w", stages, NULL, error);
}

static void
test_formats (void)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  static const guint sizes[] = { 2, 4, 8 };

  /* Each element size; pattern "5" (cell 5 alone, 16 weights). */
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(LhNtuple) one = NULL;
      const float *w;

      g_byte_array_set_size (bytes, 0);
      put_container (bytes, 1);
      put_table (bytes, 0x5, 1, sizes[s], 16, 0.25, 0);
      one = load (bytes, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lh_ntuple_get_shape (one, 0)->n_cells, ==, 1);
      g_assert_cmpuint (lh_ntuple_get_shape (one, 0)->cells[0], ==, 5);
      w = lh_ntuple_get_weights (one, 0, NULL);
      for (guint i = 0; i < 16; i++)
        g_assert_cmpfloat (w[i], ==, 0.25f * (float) (i + 1));
    }

  /* The 'w' tag, two containers, an extra block (TC tables) skipped, a
   * width of 0 (legacy: the pattern's length) and a leading cell 0. */
  g_byte_array_set_size (bytes, 0);
  put (bytes, 'w', 1);
  put_container (bytes, 1);
  put_table (bytes, 0x01, 0, 4, 256, 1.0, 40);
  put_container (bytes, 1);
  put_table (bytes, 0x45, 2, 4, 256, 2.0, 0);
  g_assert_true (lh_tdl2048_file_sniff (bytes->data, bytes->len));
  net = load (bytes, NULL, &error);
  g_assert_no_error (error);
  {
    static const char *const shapes[] = { "01", "45", NULL };

    assert_shapes (net, shapes);
  }
  g_assert_cmpfloat (lh_ntuple_get_weights (net, 1, NULL)[255], ==, 512.0f);
  g_clear_pointer (&net, lh_ntuple_unref);

  /* Stages: stage 1's names carry a reversed "1" before the cells; tables
   * of stage 1 before stage 0's, and in another pattern order. */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 4);
  put_table (bytes, 0x10000045, 8, 4, 256, 3.0, 0);
  put_table (bytes, 0x10000001, 8, 4, 256, 4.0, 0);
  put_table (bytes, 0x00000001, 8, 4, 256, 1.0, 0);
  put_table (bytes, 0x00000045, 8, 4, 256, 2.0, 0);
  net = load (bytes, "2048", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_ntuple_get_n_stages (net), ==, 2);
  {
    static const char *const shapes[] = { "01", "45", NULL };
    guint64 n;
    const float *w01 = lh_ntuple_get_weights (net, 0, &n);
    const float *w45 = lh_ntuple_get_weights (net, 1, NULL);

    assert_shapes (net, shapes);
    g_assert_cmpuint (n, ==, 512);
    g_assert_cmpfloat (w01[0], ==, 1.0f);
    g_assert_cmpfloat (w01[256], ==, 4.0f);
    g_assert_cmpfloat (w45[0], ==, 2.0f);
    g_assert_cmpfloat (w45[256 + 1], ==, 6.0f);
  }
}

/* Loading @bytes fails with @domain/@code and a message naming the file
 * and containing @fragment. */
static void
assert_rejected (GByteArray *bytes, const char *stages, GQuark domain, int code,
                 const char *fragment)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (load (bytes, stages, &error));
  g_assert_error (error, domain, code);
  if (domain == LH_NTUPLE_FILE_ERROR)
    g_assert_true (g_str_has_prefix (error->message, "hand.w: "));
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

static void
test_damaged (void)
{
  g_autoptr(GByteArray) good = g_byte_array_new ();
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  GQuark file = LH_NTUPLE_FILE_ERROR;
  const int damaged = LH_NTUPLE_FILE_ERROR_DAMAGED;

  put_container (good, 2);
  put_table (good, 0x01, 2, 4, 256, 1.0, 8);
  put_table (good, 0x45, 2, 4, 256, 1.0, 0);

  /* Every truncation is an error, never a crash or a network. */
  for (guint length = 0; length < good->len; length++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (lh_tdl2048_file_load_bytes (good->data, length, "cut.w", NULL, NULL,
                                                 &error));
      int code = length < 6 ? LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK : damaged;

      g_assert_error (error, LH_NTUPLE_FILE_ERROR, code);
    }

  /* Something after the last container. */
  g_byte_array_append (bytes, good->data, good->len);
  put (bytes, 7, 1);
  assert_rejected (bytes, NULL, file, damaged, "unexpected byte 7");

  /* Not a pattern: a table named by text, as TDL2048+ names "mono". */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put (bytes, 4, 1);
  g_byte_array_append (bytes, (const guint8 *) "mono    ", 8);
  put (bytes, 4, 2);
  put (bytes, 16, 8);
  for (guint i = 0; i < 16; i++)
    put (bytes, 0, 4);
  put (bytes, 0, 2);
  assert_rejected (bytes, NULL, file, damaged, "“mono”, is not an n-tuple pattern");

  /* A length that is not a power of 16; an element size TDL2048+ never
   * writes; a table code other than 4. */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put_table (bytes, 0x01, 2, 4, 200, 1.0, 0);
  assert_rejected (bytes, NULL, file, damaged, "200 entries");
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put_table (bytes, 0x01, 2, 4, 256, 1.0, 0);
  bytes->data[5 + 9] = 3;
  assert_rejected (bytes, NULL, file, damaged, "weights of 3 bytes");
  bytes->data[5 + 9] = 4;
  bytes->data[5] = 5;
  assert_rejected (bytes, NULL, LH_NTUPLE_FILE_ERROR, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK,
                   "not a weight file of TDL2048+");

  /* A weight that is not a number. */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put_table (bytes, 0x01, 2, 4, 256, 1.0, 0);
  memset (bytes->data + 5 + 19 + 4 * 17, 0xff, 4);
  assert_rejected (bytes, NULL, file, damaged, "not a finite number (entry 17)");

  /* The same cell twice, a pattern twice, a pattern only in stage 1, a
   * stage without a pattern, a stage past the fourth. */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put_table (bytes, 0x11, 2, 4, 256, 1.0, 0);
  assert_rejected (bytes, NULL, file, damaged, "twice");
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 2);
  put_table (bytes, 0x01, 2, 4, 256, 1.0, 0);
  put_table (bytes, 0x01, 2, 4, 256, 1.0, 0);
  assert_rejected (bytes, NULL, file, damaged, "appears twice");
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 2);
  put_table (bytes, 0x00000001, 8, 4, 256, 1.0, 0);
  put_table (bytes, 0x10000045, 8, 4, 256, 1.0, 0);
  assert_rejected (bytes, NULL, file, damaged, "stage 0 does not have");
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 2);
  put_table (bytes, 0x00000001, 8, 4, 256, 1.0, 0);
  put_table (bytes, 0x20000001, 8, 4, 256, 1.0, 0);
  assert_rejected (bytes, "2048,4096", file, damaged, "stage 1 has no table for the pattern 01");
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 1);
  put_table (bytes, 0x50000001, 8, 4, 256, 1.0, 0);
  assert_rejected (bytes, NULL, file, damaged, "past the 4 stages");

  /* Three stages have no default thresholds. */
  g_byte_array_set_size (bytes, 0);
  put_container (bytes, 3);
  put_table (bytes, 0x00000001, 8, 4, 256, 1.0, 0);
  put_table (bytes, 0x10000001, 8, 4, 256, 1.0, 0);
  put_table (bytes, 0x20000001, 8, 4, 256, 1.0, 0);
  assert_rejected (bytes, NULL, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "has 3 stages");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tdl2048-file/values", test_values);
  g_test_add_func ("/tdl2048-file/values-staged", test_values_staged);
  g_test_add_func ("/tdl2048-file/formats", test_formats);
  g_test_add_func ("/tdl2048-file/damaged", test_damaged);
  return g_test_run ();
}
