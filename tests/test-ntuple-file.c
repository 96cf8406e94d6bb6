/* test-ntuple-file.c: the n-tuple network's weights file (lh-ntuple-file.h):
 * round trips (float32 bit for bit, int16 within its documented error, the
 * header's information), and the rejection of a wrong magic, a newer
 * version, a truncated file, a flipped byte, a bad shape and other damage,
 * each with a message that names the file; version 2's TC tables; version
 * 3's staged networks and their damaged stage blocks. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "lh-le-bytes.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-rng.h"
#include "lh-test-util.h"

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lh-ntuple-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Every weight random, of mixed signs and sizes (a few exactly 0), or,
 * when @sparse, one in a thousand. */
static void
randomise (LhNtuple *net, guint64 seed, gboolean sparse)
{
  LhRng rng;

  lh_rng_init (&rng, seed);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      float *w = lh_ntuple_get_weights (net, i, &n);

      for (guint64 k = 0; k < n; k++)
        {
          if (sparse && lh_rng_below (&rng, 1000) != 0)
            continue;
          if (lh_rng_below (&rng, 20) == 0)
            w[k] = 0.0f;
          else
            w[k] = (float) ((lh_rng_uniform (&rng) - 0.5) * pow (10.0, lh_rng_below (&rng, 7)));
        }
    }
}

static void
assert_same_shapes (const LhNtuple *a, const LhNtuple *b)
{
  g_assert_true (lh_geometry_equal (lh_ntuple_get_geometry (a), lh_ntuple_get_geometry (b)));
  g_assert_cmpuint (lh_ntuple_get_n_shapes (a), ==, lh_ntuple_get_n_shapes (b));
  for (guint i = 0; i < lh_ntuple_get_n_shapes (a); i++)
    {
      const LhNtupleShape *sa = lh_ntuple_get_shape (a, i), *sb = lh_ntuple_get_shape (b, i);

      g_assert_cmpuint (sa->n_cells, ==, sb->n_cells);
      g_assert_cmpmem (sa->cells, sa->n_cells, sb->cells, sb->n_cells);
    }
}

static void
test_round_trip_float32 (void)
{
  static const struct {
    const char *name;
    LhGeometry  geometry;
  } cases[] = {
    { "lines+squares", { 4, 4 } }, { "lines+squares", { 3, 3 } }, { "lines+squares", { 2, 4 } },
    { "lines+squares", { 4, 3 } }, { "lines+squares", { 2, 2 } },
    /* Wide networks: cells of 5 a row. */
    { "lines+squares", { 5, 5 } }, { "lines+squares", { 3, 5 } },
  };
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(LhNtuple) net = lh_test_named_network (cases[c].name, cases[c].geometry);
      g_autoptr(LhNtuple) back = NULL;
      g_autoptr(GError) error = NULL;
      LhNtupleFileInfo info = { 12345 + c, 987654321, (char *) "alpha=0.1 tc=yes", (char *) "Ünïcode nét" };
      LhNtupleFileInfo read = { 0 };

      randomise (net, c, FALSE);
      g_assert_true (lh_ntuple_file_save (net, &info, LH_NTUPLE_FILE_FLOAT32, path, &error));
      g_assert_no_error (error);
      back = lh_ntuple_file_load (path, &read, &error);
      g_assert_no_error (error);
      assert_same_shapes (net, back);
      for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
        {
          guint64 n, m;
          const float *a = lh_ntuple_get_weights (net, i, &n);
          const float *b = lh_ntuple_get_weights (back, i, &m);

          g_assert_cmpuint (n, ==, m);
          g_assert_cmpmem (a, n * sizeof (float), b, m * sizeof (float));
        }
      g_assert_cmpuint (read.games, ==, info.games);
      g_assert_cmpuint (read.moves, ==, info.moves);
      g_assert_cmpstr (read.options, ==, info.options);
      g_assert_cmpstr (read.name, ==, info.name);
      lh_ntuple_file_info_clear (&read);
      g_assert_null (read.name);
    }

  /* No info: 0 games, empty texts. */
  {
    g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 4 });
    g_autoptr(LhNtuple) back = NULL;
    g_autoptr(GError) error = NULL;
    LhNtupleFileInfo read = { 7, 7, NULL, NULL };

    g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, path, &error));
    back = lh_ntuple_file_load (path, &read, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (read.games, ==, 0);
    g_assert_cmpuint (read.moves, ==, 0);
    g_assert_cmpstr (read.options, ==, "");
    g_assert_cmpstr (read.name, ==, "");
    lh_ntuple_file_info_clear (&read);
  }
  lh_test_remove_tree (dir);
}

static void
test_round_trip_int16 (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });
  g_autoptr(LhNtuple) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize float_size, int_size;

  randomise (net, 99, FALSE);
  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_true (g_file_get_contents (path, &contents, &float_size, NULL));
  g_clear_pointer (&contents, g_free);
  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_INT16, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &int_size, NULL));
  g_assert_cmpuint (int_size, <, float_size * 3 / 4);
  back = lh_ntuple_file_load (path, NULL, &error);
  g_assert_no_error (error);
  assert_same_shapes (net, back);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *a = lh_ntuple_get_weights (net, i, &n);
      const float *b = lh_ntuple_get_weights (back, i, NULL);
      float max = 0.0f;
      double worst = 0.0;

      for (guint64 k = 0; k < n; k++)
        max = MAX (max, fabsf (a[k]));
      for (guint64 k = 0; k < n; k++)
        {
          double bound = max / 65534.0 + 2.5e-7 * fabs (a[k]);

          if (fabs ((double) a[k] - b[k]) > bound)
            g_error ("shape %u weight %" G_GUINT64_FORMAT ": %g came back as %g (max %g)",
                     i, k, a[k], b[k], max);
          worst = MAX (worst, fabs ((double) a[k] - b[k]));
          if (a[k] == 0.0f)
            g_assert_cmpfloat (b[k], ==, 0.0f);
        }
      /* The bound is nearly reached: the quantisation really is 16-bit. */
      g_assert_cmpfloat (worst, >, max / 65534.0 * 0.9);
    }
  lh_test_remove_tree (dir);
}

/* A larger, mostly untrained network (as after a short training run):
 * 128.5 MiB of weights compress to little. */
/* A coarser step: each weight within quantum / 2 (and within the finest
 * step's bound where that is coarser), smaller weights become 0, the file
 * is smaller; a bad step is an error. */
static void
test_round_trip_quantum (void)
{
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });
  g_autoptr(LhNtuple) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) fine = NULL, coarse = NULL;
  const double quantum = 100.0;   /* coarser than max / 32767 = 15 here */

  randomise (net, 7, FALSE);
  fine = lh_ntuple_file_to_bytes (net, NULL, LH_NTUPLE_FILE_INT16, &error);
  g_assert_no_error (error);
  coarse = lh_ntuple_file_to_bytes_full (net, NULL, LH_NTUPLE_FILE_INT16, quantum, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (coarse), <, g_bytes_get_size (fine));
  back = lh_ntuple_file_load_bytes (g_bytes_get_data (coarse, NULL), g_bytes_get_size (coarse),
                                    "coarse.lhnet", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *a = lh_ntuple_get_weights (net, i, &n);
      const float *b = lh_ntuple_get_weights (back, i, NULL);
      float max = 0.0f;

      for (guint64 k = 0; k < n; k++)
        max = MAX (max, fabsf (a[k]));
      for (guint64 k = 0; k < n; k++)
        {
          double step = MAX (quantum, max / 32767.0);

          g_assert_cmpfloat (fabs ((double) a[k] - b[k]), <=, step / 2 + 1e-6 * fabs (a[k]));
          if (fabsf (a[k]) < quantum / 2 - 1e-3)
            g_assert_cmpfloat (b[k], ==, 0.0f);
        }
    }

  g_clear_pointer (&coarse, g_bytes_unref);
  coarse = lh_ntuple_file_to_bytes_full (net, NULL, LH_NTUPLE_FILE_INT16, -1.0, NULL, &error);
  g_assert_null (coarse);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "step"));
}

static void
test_round_trip_sparse (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(LhNtuple) net = lh_test_named_network ("2x4+2x6", (LhGeometry) { 4, 4 });
  g_autoptr(LhNtuple) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize size;

  randomise (net, 5, TRUE);
  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
  g_assert_cmpuint (size, <, 4 << 20);
  back = lh_ntuple_file_load (path, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *a = lh_ntuple_get_weights (net, i, &n);

      g_assert_cmpmem (a, n * sizeof (float), lh_ntuple_get_weights (back, i, NULL),
                       n * sizeof (float));
    }
  lh_test_remove_tree (dir);
}

/* ---- Damaged files ------------------------------------------------------ */

static void
assert_rejected (const char *path, const guint8 *data, gsize length, LhNtupleFileError code,
                 const char *detail)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autofree char *base = g_path_get_basename (path);
  LhNtupleFileInfo info = { 0 };

  lh_test_write_bytes (path, data, length);
  net = lh_ntuple_file_load_full (path, &info, &tc, &error);
  g_assert_null (net);
  g_assert_null (tc);
  g_assert_error (error, LH_NTUPLE_FILE_ERROR, (gint) code);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, base));
  g_assert_null (info.name);
  if (g_test_verbose ())
    g_test_message ("%s", error->message);
  if (detail != NULL && strstr (error->message, detail) == NULL)
    g_error ("“%s” does not say “%s”", error->message, detail);
}

static void
test_damaged (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "damaged.lhnet", NULL);
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  LhNtupleFileInfo info = { 10, 20, (char *) "alpha=0.1", (char *) "test" };
  g_autofree guint8 *copy = NULL;
  const guint8 *good;
  gsize length;
  guint n_shapes = 3, shapes_at = 48, scales_at = 48 + 9 * 3;

  randomise (net, 3, FALSE);
  bytes = lh_ntuple_file_to_bytes (net, &info, LH_NTUPLE_FILE_FLOAT32, &error);
  g_assert_no_error (error);
  good = g_bytes_get_data (bytes, &length);
  copy = g_memdup2 (good, length);
  g_assert_cmpuint (good[14], ==, n_shapes);

  /* The good file loads. */
  {
    g_autoptr(LhNtuple) back = NULL;

    lh_test_write_bytes (path, good, length);
    back = lh_ntuple_file_load (path, NULL, &error);
    g_assert_no_error (error);
  }

  /* Not a network: another magic, an empty file, another file format. */
  copy[0] = 'X';
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK, "LHNTUPL");
  assert_rejected (path, copy, 0, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK, NULL);
  assert_rejected (path, (const guint8 *) "LHEXACT\0\1\0\0\0", 12,
                   LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK, NULL);
  memcpy (copy, good, length);

  /* A newer version (and an older, unknown one). */
  copy[8] = LH_NTUPLE_FILE_VERSION + 1;
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_VERSION, "newer");
  copy[8] = 0;
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_VERSION, "version 0");
  memcpy (copy, good, length);

  /* Truncated: in the header, in the shapes, in the weights, the last byte. */
  assert_rejected (path, good, 20, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
  assert_rejected (path, good, 60, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
  assert_rejected (path, good, length / 2, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
  assert_rejected (path, good, length - 1, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
  /* Longer than it says. */
  {
    g_autofree guint8 *longer = g_malloc (length + 1);

    memcpy (longer, good, length);
    longer[length] = 0;
    assert_rejected (path, longer, length + 1, LH_NTUPLE_FILE_ERROR_DAMAGED, "longer");
  }

  /* One flipped bit in any field but the counts and lengths that say
   * where the checksum is: the checksum. */
  {
    static const gsize header_fields[] = { 12, 13, 15, 16, 23, 24, 35 };
    gsize length_at = scales_at + 4 * n_shapes + strlen (info.options) + strlen (info.name);

    for (guint i = 0; i < G_N_ELEMENTS (header_fields); i++)
      {
        copy[header_fields[i]] ^= 0x10;
        assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "checksum");
        copy[header_fields[i]] ^= 0x10;
      }
    for (gsize at = shapes_at; at < length; at += length / 23 + 1)
      {
        if (at >= length_at && at < length_at + 8)
          continue;
        copy[at] ^= 0x10;
        assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "checksum");
        copy[at] ^= 0x10;
      }
  }

  /* Content that passes the checksum but breaks the format. */
  copy[shapes_at + 1 + 1] = 3;   /* shape 1's second cell: (0, 3), off the 3x3 board */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "Shape 1: cell 3");
  memcpy (copy, good, length);
  copy[shapes_at + 9 + 1 + 2] = copy[shapes_at + 9 + 1];   /* shape 2 repeats a cell */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "twice");
  memcpy (copy, good, length);
  copy[shapes_at + 8] = 5;   /* a cell past shape 1's three */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "past its length");
  memcpy (copy, good, length);
  copy[12] = 5;   /* rows */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "5x3");
  memcpy (copy, good, length);
  copy[15] = 7;   /* encoding */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "encoding");
  memcpy (copy, good, length);
  copy[16 + 7] ^= 0x01;   /* the rules' probability */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "rules");
  memcpy (copy, good, length);
  copy[scales_at] = 1;   /* a scale in a float32 file */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "scale");
  memcpy (copy, good, length);
  copy[scales_at + 4 * n_shapes] = 0xff;   /* the options text: not UTF-8 */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "UTF-8");
  memcpy (copy, good, length);
  copy[length - 40] ^= 0xff;   /* inside the zlib stream */
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "weights");
  memcpy (copy, good, length);
  copy[shapes_at] = 2;   /* shape 1 now has 2 cells: more weights than its tables */
  copy[shapes_at + 1 + 2] = 0;
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "more weights");
  memcpy (copy, good, length);
  copy[shapes_at + 9] = 4;   /* shape 2 now has 4 cells: fewer weights than its tables */
  copy[shapes_at + 9 + 4] = 8;
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "weights end");
  memcpy (copy, good, length);

  /* A file that is not there. */
  {
    g_autofree char *missing = g_build_filename (dir, "missing.lhnet", NULL);

    g_assert_null (lh_ntuple_file_load (missing, NULL, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull (strstr (error->message, "missing.lhnet"));
    g_clear_error (&error);
  }

  /* A weight that is not finite cannot be saved. */
  lh_ntuple_get_weights (net, 1, NULL)[3] = NAN;
  g_assert_null (lh_ntuple_file_to_bytes (net, NULL, LH_NTUPLE_FILE_FLOAT32, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "shape 2"));
  g_clear_error (&error);

  lh_test_remove_tree (dir);
}

/* Random TC tables for @net: E of both signs, A at least |E|. */
static LhTdCoherence *
random_coherence (const LhNtuple *net, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  LhTdCoherence *tc = lh_td_coherence_new (net, &error);
  LhRng rng;

  g_assert_no_error (error);
  lh_rng_init (&rng, seed);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      float *e, *a;
      guint64 n = lh_td_coherence_get_tables (tc, i, &e, &a);

      for (guint64 k = 0; k < n; k++)
        {
          e[k] = (float) ((double) lh_rng_next (&rng) / G_MAXUINT64 * 200.0 - 100.0);
          a[k] = fabsf (e[k]) + (float) (lh_rng_next (&rng) % 50);
        }
    }
  return tc;
}

static void
assert_same_coherence (const LhTdCoherence *x, const LhTdCoherence *y, guint n_shapes)
{
  for (guint i = 0; i < n_shapes; i++)
    {
      float *ex, *ax, *ey, *ay;
      guint64 n = lh_td_coherence_get_tables (x, i, &ex, &ax);

      g_assert_cmpuint (lh_td_coherence_get_tables (y, i, &ey, &ay), ==, n);
      g_assert_cmpmem (ex, n * sizeof (float), ey, n * sizeof (float));
      g_assert_cmpmem (ax, n * sizeof (float), ay, n * sizeof (float));
    }
}

/* @good with its TC section replaced by @tables (E and A of each shape,
 * compressed here, in the host's byte order: a little-endian host's) and
 * its checksum made good again. */
static GBytes *
with_coherence_section (GBytes *good, gsize length_at, float *const *tables, const guint64 *sizes,
                        guint n_tables)
{
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1);
  g_autoptr(GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (z));
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) file = g_byte_array_new ();
  gsize size;
  const guint8 *data = g_bytes_get_data (good, &size);
  guint64 compressed = lh_le_get_u64 (data + length_at), section;

  for (guint t = 0; t < n_tables; t++)
    g_assert_true (g_output_stream_write_all (out, tables[t], sizes[t] * sizeof (float), NULL, NULL,
                                              &error));
  g_assert_true (g_output_stream_close (out, NULL, &error));
  section = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (memory));
  g_byte_array_append (file, data, (guint) (length_at + 8 + compressed));
  {
    guint64 le = GUINT64_TO_LE (section);

    g_byte_array_append (file, (const guint8 *) &le, 8);
  }
  g_byte_array_append (file, g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (memory)),
                       (guint) section);
  g_byte_array_set_size (file, file->len + 32);
  lh_test_resign_sha256 (file->data, file->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&file));
}

/* Version 2: the TC tables round trip bit for bit, a plain load skips
 * them, a file without them is version 1, and damaged tables are refused. */
static void
test_coherence (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "tc.lhnet", NULL);
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) with = NULL;
  g_autoptr(GBytes) without = NULL;
  LhNtupleFileInfo info = { 10, 20, (char *) "alpha=1 tc=yes", (char *) "tc" };
  guint n_shapes = lh_ntuple_get_n_shapes (net);
  gsize length_at = 48 + 13 * n_shapes + strlen (info.options) + strlen (info.name);
  const guint8 *data;
  gsize length;

  randomise (net, 5, FALSE);
  tc = random_coherence (net, 6);
  with = lh_ntuple_file_to_bytes_full (net, &info, LH_NTUPLE_FILE_FLOAT32, 0.0, tc, &error);
  g_assert_no_error (error);
  without = lh_ntuple_file_to_bytes (net, &info, LH_NTUPLE_FILE_FLOAT32, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (with, &length);
  g_assert_cmpuint (lh_le_get_u32 (data + 8), ==, 2);
  g_assert_cmpuint (lh_le_get_u32 ((const guint8 *) g_bytes_get_data (without, NULL) + 8), ==, 1);
  g_assert_cmpuint (length, >, g_bytes_get_size (without));

  /* Loaded with and without asking for the tables. */
  lh_test_write_bytes (path, data, length);
  {
    g_autoptr(LhNtuple) back = NULL;
    g_autoptr(LhNtuple) plain = NULL;
    g_autoptr(LhTdCoherence) back_tc = NULL;

    back = lh_ntuple_file_load_full (path, NULL, &back_tc, &error);
    g_assert_no_error (error);
    g_assert_nonnull (back_tc);
    g_assert_true (lh_td_coherence_fits (back_tc, back));
    assert_same_coherence (tc, back_tc, n_shapes);
    plain = lh_ntuple_file_load (path, NULL, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < n_shapes; i++)
      {
        guint64 n;
        const float *a = lh_ntuple_get_weights (net, i, &n);

        g_assert_cmpmem (a, n * sizeof (float), lh_ntuple_get_weights (back, i, NULL),
                         n * sizeof (float));
        g_assert_cmpmem (a, n * sizeof (float), lh_ntuple_get_weights (plain, i, NULL),
                         n * sizeof (float));
      }
  }
  /* A version 1 file gives no tables; so does an empty TC section. */
  lh_test_write_bytes (path, g_bytes_get_data (without, NULL), g_bytes_get_size (without));
  {
    g_autoptr(LhNtuple) back = NULL;
    /* Something in the out argument beforehand: set to NULL, not freed. */
    g_autoptr(LhTdCoherence) before = random_coherence (net, 1);
    LhTdCoherence *back_tc = before;

    back = lh_ntuple_file_load_full (path, NULL, &back_tc, &error);
    g_assert_no_error (error);
    g_assert_nonnull (back);
    g_assert_null (back_tc);
  }

  /* Damaged tables: cut short, a negative A, an E that is not finite, more
   * entries than the shapes, bytes past the stream, a flipped bit. */
  {
    float *tables[2 * LH_NTUPLE_MAX_SHAPES];
    guint64 sizes[2 * LH_NTUPLE_MAX_SHAPES];
    g_autofree float *extra = g_new0 (float, 4);

    for (guint i = 0; i < n_shapes; i++)
      sizes[2 * i] = sizes[2 * i + 1]
        = lh_td_coherence_get_tables (tc, i, &tables[2 * i], &tables[2 * i + 1]);

    {
      g_autoptr(GBytes) b = with_coherence_section (with, length_at, tables, sizes, 2 * n_shapes - 1);

      assert_rejected (path, g_bytes_get_data (b, NULL), g_bytes_get_size (b),
                       LH_NTUPLE_FILE_ERROR_DAMAGED, "temporal coherence tables end");
    }
    tables[3][7] = -1.0f;   /* shape 2's A */
    {
      g_autoptr(GBytes) b = with_coherence_section (with, length_at, tables, sizes, 2 * n_shapes);
      g_autoptr(LhNtuple) plain = NULL;

      assert_rejected (path, g_bytes_get_data (b, NULL), g_bytes_get_size (b),
                       LH_NTUPLE_FILE_ERROR_DAMAGED, "temporal coherence entry 7 of shape 2");
      /* A plain load does not read them (the checksum holds). */
      lh_test_write_bytes (path, g_bytes_get_data (b, NULL), g_bytes_get_size (b));
      plain = lh_ntuple_file_load (path, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (plain);
    }
    tables[3][7] = 1.0f;
    tables[0][2] = INFINITY;
    {
      g_autoptr(GBytes) b = with_coherence_section (with, length_at, tables, sizes, 2 * n_shapes);

      assert_rejected (path, g_bytes_get_data (b, NULL), g_bytes_get_size (b),
                       LH_NTUPLE_FILE_ERROR_DAMAGED, "temporal coherence entry 2 of shape 1");
    }
    tables[0][2] = 0.0f;
    tables[2 * n_shapes] = extra;
    sizes[2 * n_shapes] = 4;
    {
      g_autoptr(GBytes) b = with_coherence_section (with, length_at, tables, sizes, 2 * n_shapes + 1);

      assert_rejected (path, g_bytes_get_data (b, NULL), g_bytes_get_size (b),
                       LH_NTUPLE_FILE_ERROR_DAMAGED, "more temporal coherence entries");
    }
    {
      g_autofree guint8 *copy = g_memdup2 (data, length);

      copy[length - 40] ^= 0xff;   /* inside the TC stream */
      lh_test_resign_sha256 (copy, length);
      assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, "temporal coherence");
      assert_rejected (path, data, length - 1, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
    }
  }

  /* Tables that are not finite, or a negative A, are not saved. */
  {
    float *e, *a;

    lh_td_coherence_get_tables (tc, 1, &e, &a);
    a[4] = -2.0f;
    g_assert_null (lh_ntuple_file_to_bytes_full (net, NULL, LH_NTUPLE_FILE_FLOAT32, 0.0, tc,
                                                 &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    a[4] = 2.0f;
    e[9] = NAN;
    g_assert_null (lh_ntuple_file_to_bytes_full (net, NULL, LH_NTUPLE_FILE_FLOAT32, 0.0, tc,
                                                 &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  lh_test_remove_tree (dir);
}

/* Version 3: a staged network and its TC tables round trip bit for bit
 * (float32) or within the 16-bit step (int16), with their stages, and a
 * damaged stage block is refused with a message that says what is wrong. */
static void
test_staged (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "staged.lhnet", NULL);
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autoptr(GError) error = NULL;
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  LhNtupleFileInfo info = { 7, 70, (char *) "alpha=1 tc=yes", (char *) "staged" };
  guint16 tiles[LH_NTUPLE_MAX_STAGES];
  guint n_shapes = 0, n_stages = 0;
  gsize stages_at;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", (LhGeometry) { 3, 3 }, shapes, &n_shapes,
                                          NULL));
  g_assert_true (lh_ntuple_stages_parse ("8,32+16", tiles, &n_stages, NULL));
  net = lh_ntuple_new_staged ((LhGeometry) { 3, 3 }, shapes, n_shapes, tiles, n_stages, &error);
  g_assert_no_error (error);
  stages_at = 48 + 13 * n_shapes;
  randomise (net, 11, FALSE);
  tc = random_coherence (net, 12);

  for (guint variant = 0; variant < 3; variant++)   /* float32 with TC, without, int16 */
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(LhNtuple) back = NULL;
      g_autoptr(LhTdCoherence) back_tc = NULL;
      g_autofree char *stages = NULL;
      LhNtupleFileInfo back_info = { 0 };
      const guint8 *data;
      gsize length;

      bytes = lh_ntuple_file_to_bytes_full (net, &info,
                                            variant == 2 ? LH_NTUPLE_FILE_INT16
                                                         : LH_NTUPLE_FILE_FLOAT32,
                                            0.0, variant == 0 ? tc : NULL, &error);
      g_assert_no_error (error);
      data = g_bytes_get_data (bytes, &length);
      g_assert_cmpuint (lh_le_get_u32 (data + 8), ==, 3);
      g_assert_cmpuint (lh_le_get_u32 (data + stages_at), ==, 3);
      g_assert_cmpuint (lh_le_get_u32 (data + stages_at + 4), ==, 1u << 3);
      g_assert_cmpuint (lh_le_get_u32 (data + stages_at + 8), ==, (1u << 5) | (1u << 4));
      lh_test_write_bytes (path, data, length);
      back = lh_ntuple_file_load_full (path, &back_info, &back_tc, &error);
      g_assert_no_error (error);
      assert_same_shapes (net, back);
      stages = lh_ntuple_stages_to_string (back);
      g_assert_cmpstr (stages, ==, "8,32+16");
      g_assert_cmpuint (back_info.games, ==, 7);
      g_assert_cmpstr (back_info.name, ==, "staged");
      lh_ntuple_file_info_clear (&back_info);
      for (guint i = 0; i < n_shapes; i++)
        {
          guint64 n, m;
          const float *a = lh_ntuple_get_weights (net, i, &n);
          const float *b = lh_ntuple_get_weights (back, i, &m);

          g_assert_cmpuint (n, ==, m);
          g_assert_cmpuint (n, ==, 3 * ((guint64) 1 << (4 * shapes[i].n_cells)));
          if (variant < 2)
            g_assert_cmpmem (a, n * sizeof (float), b, n * sizeof (float));
          else
            {
              float max = 0.0f;

              for (guint64 k = 0; k < n; k++)
                max = MAX (max, fabsf (a[k]));
              for (guint64 k = 0; k < n; k++)
                g_assert_cmpfloat (fabsf (a[k] - b[k]), <=, max / 65534.0f + fabsf (a[k]) * 2e-7f);
            }
        }
      if (variant == 0)
        {
          g_assert_nonnull (back_tc);
          assert_same_coherence (tc, back_tc, n_shapes);
        }
      else
        g_assert_null (back_tc);

      if (variant != 1)
        continue;
      /* Damage in the stage block, the checksum signed again. */
      {
        g_autofree guint8 *copy = g_memdup2 (data, length);
        static const struct {
          gsize   at;       /* from the stage block */
          guint32 value;
          const char *detail;
        } damage[] = {
          { 0, 1, "1 stages" }, { 0, 5, "5 stages" }, { 0, 0xffffffffu, "stages" },
          { 4, 0, "Stage 1 needs" }, { 4, 1, "Stage 1 needs" }, { 8, 1u << 16, "larger than 32768" },
          { 8, 1u << 3, "same tiles" },
        };

        for (guint d = 0; d < G_N_ELEMENTS (damage); d++)
          {
            guint32 le = GUINT32_TO_LE (damage[d].value);

            memcpy (copy, data, length);
            memcpy (copy + stages_at + damage[d].at, &le, 4);
            lh_test_resign_sha256 (copy, length);
            assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, damage[d].detail);
          }
        /* Cut inside the stage block. */
        assert_rejected (path, data, stages_at + 2, LH_NTUPLE_FILE_ERROR_DAMAGED, "truncated");
        /* A version 2 reader's view: the same bytes called version 2. */
        memcpy (copy, data, length);
        copy[8] = 2;
        lh_test_resign_sha256 (copy, length);
        assert_rejected (path, copy, length, LH_NTUPLE_FILE_ERROR_DAMAGED, NULL);
      }
    }

  /* A network of one stage is still written as version 1 or 2. */
  {
    g_autoptr(LhNtuple) plain = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
    g_autoptr(GBytes) bytes = lh_ntuple_file_to_bytes (plain, NULL, LH_NTUPLE_FILE_FLOAT32, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (lh_le_get_u32 ((const guint8 *) g_bytes_get_data (bytes, NULL) + 8), ==, 1);
  }
  lh_test_remove_tree (dir);
}

/* Saving over a file replaces it and leaves no temporary file behind. */
static void
test_save_replaces (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 2, 2 });
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  guint n = 0;

  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_INT16, path, &error));
  g_assert_true (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_no_error (error);
  listing = g_dir_open (dir, 0, &error);
  while (g_dir_read_name (listing) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);

  /* Into a directory that does not exist: an error naming the file. */
  {
    g_autofree char *bad = g_build_filename (dir, "no", "such", "net.lhnet", NULL);

    g_assert_false (lh_ntuple_file_save (net, NULL, LH_NTUPLE_FILE_FLOAT32, bad, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull (strstr (error->message, "net.lhnet"));
  }
  lh_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  lh_engine_init ();

  g_test_add_func ("/ntuple-file/round-trip-float32", test_round_trip_float32);
  g_test_add_func ("/ntuple-file/round-trip-int16", test_round_trip_int16);
  g_test_add_func ("/ntuple-file/round-trip-quantum", test_round_trip_quantum);
  g_test_add_func ("/ntuple-file/round-trip-sparse", test_round_trip_sparse);
  g_test_add_func ("/ntuple-file/damaged", test_damaged);
  g_test_add_func ("/ntuple-file/coherence", test_coherence);
  g_test_add_func ("/ntuple-file/staged", test_staged);
  g_test_add_func ("/ntuple-file/save-replaces", test_save_replaces);
  return g_test_run ();
}
