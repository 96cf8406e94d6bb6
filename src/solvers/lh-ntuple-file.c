/* lh-ntuple-file.c: an n-tuple network's weights file (see lh-ntuple-file.h). */
#include "lh-config.h"
#include "lh-ntuple-file.h"
#include "lh-le-bytes.h"
#include "lh-tdl2048-file.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (lh-ntuple-file-error-quark, lh_ntuple_file_error)

/* Fixed header: magic 8, version 4, four u8, rules 8, games 8, moves 8,
 * two u32 lengths. */
#define HEADER_SIZE 48
#define SHAPE_SIZE 9
#define DIGEST_SIZE 32
/* Entries encoded or decoded at a time. */
#define STAGE_ENTRIES (1u << 18)
/* Bytes of compressed output produced at a time. */
#define OUT_SIZE (1u << 20)
/* zlib's largest expansion: 1032 bytes out per byte in (zlib's FAQ). */
#define ZLIB_MAX_RATIO 1032
/* The largest int16 weight; -32767 .. 32767, symmetric. */
#define Q_MAX 32767

void
lh_ntuple_file_info_clear (LhNtupleFileInfo *info)
{
  g_clear_pointer (&info->options, g_free);
  g_clear_pointer (&info->name, g_free);
}

/* ---- Writing ------------------------------------------------------------ */

static void
put_u8 (GByteArray *out, guint8 v)
{
  g_byte_array_append (out, &v, 1);
}

static void
put_u32 (GByteArray *out, guint32 v)
{
  v = GUINT32_TO_LE (v);
  g_byte_array_append (out, (const guint8 *) &v, 4);
}

static void
put_u64 (GByteArray *out, guint64 v)
{
  v = GUINT64_TO_LE (v);
  g_byte_array_append (out, (const guint8 *) &v, 8);
}

static void
put_f64 (GByteArray *out, double d)
{
  guint64 v;

  memcpy (&v, &d, 8);
  put_u64 (out, v);
}

static void
put_f32 (GByteArray *out, float f)
{
  guint32 v;

  memcpy (&v, &f, 4);
  put_u32 (out, v);
}

/* Feeds @length bytes of @in to @z, appending what it produces to @out; with
 * @last, until the stream is finished. */
static gboolean
compress_feed (GConverter *z, const guint8 *in, gsize length, gboolean last, guint8 *buffer,
               GByteArray *out, GError **error)
{
  for (;;)
    {
      gsize read = 0, written = 0;
      GConverterResult r;

      if (length == 0 && !last)
        return TRUE;
      r = g_converter_convert (z, in, length, buffer, OUT_SIZE,
                               last ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS,
                               &read, &written, error);
      if (r == G_CONVERTER_ERROR)
        return FALSE;
      g_byte_array_append (out, buffer, (guint) written);
      in += read;
      length -= read;
      if (r == G_CONVERTER_FINISHED)
        return TRUE;
    }
}

/* Shape @i's scale for @encoding: 0 for float32; for int16 max |w| / Q_MAX,
 * or @quantum when that is coarser (every weight still fits 16 bits). */
static float
shape_scale (const LhNtuple *net, guint i, LhNtupleFileEncoding encoding, double quantum)
{
  guint64 n;
  const float *w = lh_ntuple_get_weights (net, i, &n);
  float max = 0.0f;

  if (encoding == LH_NTUPLE_FILE_FLOAT32)
    return 0.0f;
  for (guint64 k = 0; k < n; k++)
    max = MAX (max, fabsf (w[k]));
  return MAX (max / Q_MAX, (float) quantum);
}

static gboolean
check_coherence_finite (const LhTdCoherence *tc, guint n_shapes, GError **error)
{
  for (guint i = 0; i < n_shapes; i++)
    {
      float *e, *a;
      guint64 n = lh_td_coherence_get_tables (tc, i, &e, &a);

      for (guint64 k = 0; k < n; k++)
        if (!isfinite (e[k]) || !(isfinite (a[k]) && a[k] >= 0.0f))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Temporal coherence entry %llu of shape %u is not valid"),
                         (unsigned long long) k, i + 1);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
check_weights_finite (const LhNtuple *net, GError **error)
{
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *w = lh_ntuple_get_weights (net, i, &n);

      for (guint64 k = 0; k < n; k++)
        if (!isfinite (w[k]))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Weight %llu of shape %u is not a finite number"),
                         (unsigned long long) k, i + 1);
            return FALSE;
          }
    }
  return TRUE;
}

/* One table of the file's compressed sections: @n floats, saved as int16
 * in steps of @scale (a weights table of an int16 file) or as float32. */
typedef struct {
  float    *w;
  guint64   n;
  float     scale;
  gboolean  non_negative;   /* a TC table A: no entry below 0 */
} Table;

/* The tables of @net's weights, in file order, with their scales. */
static guint
weight_tables (const LhNtuple *net, const float *scales, Table *tables)
{
  guint n_shapes = lh_ntuple_get_n_shapes (net);

  for (guint i = 0; i < n_shapes; i++)
    {
      tables[i].w = (float *) lh_ntuple_get_weights (net, i, &tables[i].n);
      tables[i].scale = scales[i];
      tables[i].non_negative = FALSE;
    }
  return n_shapes;
}

/* The TC tables of @tc, in file order: shape 0's E and A, then shape 1's... */
static guint
coherence_tables (const LhTdCoherence *tc, guint n_shapes, Table *tables)
{
  for (guint i = 0; i < n_shapes; i++)
    {
      guint64 n = lh_td_coherence_get_tables (tc, i, &tables[2 * i].w, &tables[2 * i + 1].w);

      tables[2 * i].n = tables[2 * i + 1].n = n;
      tables[2 * i].scale = tables[2 * i + 1].scale = 0.0f;
      tables[2 * i].non_negative = FALSE;
      tables[2 * i + 1].non_negative = TRUE;
    }
  return 2 * n_shapes;
}

/* Appends one zlib stream of @tables to @out, each entry an f32 (@int16
 * FALSE) or an s16 in steps of its table's scale. */
static gboolean
compress_tables (const Table *tables, guint n_tables, gboolean int16, GByteArray *out,
                 GError **error)
{
  /* float32 files are checkpoints, written often and large: zlib's fastest
   * level (0.6 to 1.1 s for a 4x6 network trained 2000 games here, against
   * 2.4 s at level 6, for a file 25 % larger); int16 files are for
   * shipping: level 6 (level 9 took 3.9 s for 3 % less). */
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB,
                                                        int16 ? 6 : 1);
  g_autofree guint8 *stage = g_malloc (STAGE_ENTRIES * 4);
  g_autofree guint8 *buffer = g_malloc (OUT_SIZE);

  for (guint i = 0; i < n_tables; i++)
    {
      const float *w = tables[i].w;
      guint64 n = tables[i].n;

      for (guint64 start = 0; start < n; start += STAGE_ENTRIES)
        {
          guint count = (guint) MIN (n - start, STAGE_ENTRIES);
          gboolean last = i + 1 == n_tables && start + count == n;
          gsize bytes;

          if (!int16)
            {
              guint32 *s = (guint32 *) stage;

              for (guint k = 0; k < count; k++)
                {
                  guint32 v;

                  memcpy (&v, &w[start + k], 4);
                  s[k] = GUINT32_TO_LE (v);
                }
              bytes = (gsize) count * 4;
            }
          else
            {
              guint16 *s = (guint16 *) stage;
              float inverse = tables[i].scale > 0.0f ? 1.0f / tables[i].scale : 0.0f;

              for (guint k = 0; k < count; k++)
                {
                  long q = lrintf (w[start + k] * inverse);
                  gint16 v = (gint16) CLAMP (q, -Q_MAX, Q_MAX);

                  s[k] = GUINT16_TO_LE ((guint16) v);
                }
              bytes = (gsize) count * 2;
            }
          if (!compress_feed (G_CONVERTER (z), stage, bytes, last, buffer, out, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Appends a u64 length and then one compressed section of @tables. */
static gboolean
put_section (const Table *tables, guint n_tables, gboolean int16, GByteArray *out,
             GError **error)
{
  guint length_at = out->len, start;
  guint64 compressed;

  put_u64 (out, 0);   /* the compressed length, written below */
  start = out->len;
  if (!compress_tables (tables, n_tables, int16, out, error))
    return FALSE;
  compressed = GUINT64_TO_LE ((guint64) (out->len - start));
  memcpy (out->data + length_at, &compressed, 8);
  return TRUE;
}

static gboolean
check_text (const char *text, gsize max, const char *what, GError **error)
{
  if (text == NULL)
    return TRUE;
  if (strlen (text) > max)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The network’s %s is longer than %lu bytes"), what, (unsigned long) max);
      return FALSE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The network’s %s is not UTF-8"), what);
      return FALSE;
    }
  return TRUE;
}

GBytes *
lh_ntuple_file_to_bytes (const LhNtuple *net, const LhNtupleFileInfo *info,
                         LhNtupleFileEncoding encoding, GError **error)
{
  return lh_ntuple_file_to_bytes_full (net, info, encoding, 0.0, NULL, error);
}

GBytes *
lh_ntuple_file_to_bytes_full (const LhNtuple *net, const LhNtupleFileInfo *info,
                              LhNtupleFileEncoding encoding, double quantum,
                              const LhTdCoherence *coherence, GError **error)
{
  g_autoptr(GByteArray) out = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  const char *options = info != NULL && info->options != NULL ? info->options : "";
  const char *name = info != NULL && info->name != NULL ? info->name : "";
  LhGeometry g = lh_ntuple_get_geometry (net);
  guint n_shapes = lh_ntuple_get_n_shapes (net);
  guint n_stages = lh_ntuple_get_n_stages (net);
  float scales[LH_NTUPLE_MAX_SHAPES];
  Table tables[2 * LH_NTUPLE_MAX_SHAPES];
  guint8 digest[DIGEST_SIZE];
  gsize digest_length = sizeof digest;
  guint n_tables, version;

  g_return_val_if_fail (net != NULL, NULL);
  g_return_val_if_fail (coherence == NULL || lh_td_coherence_fits (coherence, net), NULL);
  g_return_val_if_fail (encoding == LH_NTUPLE_FILE_FLOAT32 || encoding == LH_NTUPLE_FILE_INT16,
                        NULL);

  if (!(isfinite (quantum) && quantum >= 0.0 && quantum <= LH_NTUPLE_FILE_MAX_QUANTUM))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The step of 16-bit weights must be from 0 to %g points, not %g"),
                   LH_NTUPLE_FILE_MAX_QUANTUM, quantum);
      return NULL;
    }

  /* TRANSLATORS: "%s" in "The network’s %s is longer than …" */
  if (!check_text (options, LH_NTUPLE_FILE_MAX_OPTIONS, _("training options"), error)
      || !check_text (name, LH_NTUPLE_FILE_MAX_NAME, _("name"), error)
      || !check_weights_finite (net, error)
      || (coherence != NULL && !check_coherence_finite (coherence, n_shapes, error)))
    return NULL;

  out = g_byte_array_new ();
  g_byte_array_append (out, (const guint8 *) LH_NTUPLE_FILE_MAGIC, sizeof LH_NTUPLE_FILE_MAGIC);
  /* Version 1 without TC tables and 2 with them, so that a network of one
   * stage is the same as before version 3 and older readers take it; 3
   * only for a staged network. */
  version = n_stages > 1 ? 3 : coherence != NULL ? 2 : 1;
  put_u32 (out, version);
  put_u8 (out, g.rows);
  put_u8 (out, g.cols);
  put_u8 (out, (guint8) n_shapes);
  put_u8 (out, (guint8) encoding);
  put_f64 (out, LH_SPAWN_FOUR_PROBABILITY);
  put_u64 (out, info != NULL ? info->games : 0);
  put_u64 (out, info != NULL ? info->moves : 0);
  put_u32 (out, (guint32) strlen (options));
  put_u32 (out, (guint32) strlen (name));
  for (guint i = 0; i < n_shapes; i++)
    {
      const LhNtupleShape *shape = lh_ntuple_get_shape (net, i);

      put_u8 (out, shape->n_cells);
      for (guint k = 0; k < LH_NTUPLE_MAX_CELLS; k++)
        put_u8 (out, k < shape->n_cells ? shape->cells[k] : 0);
    }
  for (guint i = 0; i < n_shapes; i++)
    {
      scales[i] = shape_scale (net, i, encoding, quantum);
      put_f32 (out, scales[i]);
    }
  if (version >= 3)
    {
      put_u32 (out, n_stages);
      for (guint k = 1; k < n_stages; k++)
        put_u32 (out, lh_ntuple_get_stage_tiles (net, k));
    }
  g_byte_array_append (out, (const guint8 *) options, (guint) strlen (options));
  g_byte_array_append (out, (const guint8 *) name, (guint) strlen (name));

  n_tables = weight_tables (net, scales, tables);
  if (!put_section (tables, n_tables, encoding == LH_NTUPLE_FILE_INT16, out, error))
    return NULL;
  if (coherence != NULL)
    {
      n_tables = coherence_tables (coherence, n_shapes, tables);
      if (!put_section (tables, n_tables, FALSE, out, error))
        return NULL;
    }
  else if (version >= 3)
    put_u64 (out, 0);   /* no TC tables */

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, out->data, out->len);
  g_checksum_get_digest (checksum, digest, &digest_length);
  g_byte_array_append (out, digest, DIGEST_SIZE);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

gboolean
lh_ntuple_file_save (const LhNtuple *net, const LhNtupleFileInfo *info,
                     LhNtupleFileEncoding encoding, const char *path, GError **error)
{
  return lh_ntuple_file_save_full (net, info, encoding, 0.0, NULL, path, error);
}

gboolean
lh_ntuple_file_save_full (const LhNtuple *net, const LhNtupleFileInfo *info,
                          LhNtupleFileEncoding encoding, double quantum,
                          const LhTdCoherence *coherence, const char *path, GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (net != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = lh_ntuple_file_to_bytes_full (net, info, encoding, quantum, coherence, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  /* GLib's messages name the file. */
  return g_file_set_contents_full (path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0666, error);
}

/* ---- Reading ------------------------------------------------------------ */

gpointer
lh_ntuple_file_set_error (GError **error, LhNtupleFileError code, const char *name,
                          const char *format, ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, LH_NTUPLE_FILE_ERROR, code, "%s: %s", name, detail);
  return NULL;
}

#define fail lh_ntuple_file_set_error

#define DAMAGED LH_NTUPLE_FILE_ERROR_DAMAGED

/* Decompresses @tables from one zlib stream of @length bytes at @in:
 * exactly the tables, nothing before the stream's end, nothing after it.
 * @coherence: the stream holds TC tables (shape i's E and A are tables 2i
 * and 2i + 1), for the messages. */
static gboolean
decompress_tables (const Table *tables, guint n_tables, gboolean int16, gboolean coherence,
                   const guint8 *in, gsize length, const char *name, GError **error)
{
  g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  gsize entry_size = int16 ? 2 : 4;
  g_autofree guint8 *stage = g_malloc (STAGE_ENTRIES * entry_size);
  GConverterResult r = G_CONVERTER_CONVERTED;

  for (guint i = 0; i < n_tables; i++)
    {
      guint shape = coherence ? i / 2 : i;
      float *w = tables[i].w;
      guint64 n = tables[i].n;

      for (guint64 start = 0; start < n; start += STAGE_ENTRIES)
        {
          guint count = (guint) MIN (n - start, STAGE_ENTRIES);
          gsize want = count * entry_size, filled = 0;

          while (filled < want)
            {
              g_autoptr(GError) local = NULL;
              gsize read = 0, written = 0;

              if (r == G_CONVERTER_FINISHED)
                {
                  fail (error, DAMAGED, name,
                        coherence ? _("its temporal coherence tables end before shape %u’s are full")
                                  : _("its weights end before shape %u’s table is full"),
                        shape + 1);
                  return FALSE;
                }
              r = g_converter_convert (G_CONVERTER (z), in, length, stage + filled,
                                       want - filled, G_CONVERTER_INPUT_AT_END, &read, &written,
                                       &local);
              if (r == G_CONVERTER_ERROR)
                {
                  fail (error, DAMAGED, name,
                        coherence ? _("its temporal coherence tables do not decompress: %s")
                                  : _("its weights do not decompress: %s"),
                        local->message);
                  return FALSE;
                }
              in += read;
              length -= read;
              filled += written;
            }

          for (guint k = 0; k < count; k++)
            {
              float v;

              if (!int16)
                v = lh_le_get_f32 (stage + 4 * k);
              else
                {
                  guint16 u;

                  memcpy (&u, stage + 2 * k, 2);
                  v = (float) (gint16) GUINT16_FROM_LE (u) * tables[i].scale;
                }
              if (!isfinite (v) || (tables[i].non_negative && v < 0.0f))
                {
                  fail (error, DAMAGED, name,
                        coherence ? _("temporal coherence entry %llu of shape %u is not valid")
                                  : _("weight %llu of shape %u is not a finite number"),
                        (unsigned long long) (start + k), shape + 1);
                  return FALSE;
                }
              w[start + k] = v;
            }
        }
    }

  /* The stream must end here, and the section with it. */
  while (r != G_CONVERTER_FINISHED)
    {
      g_autoptr(GError) local = NULL;
      guint8 extra[16];
      gsize read = 0, written = 0;

      r = g_converter_convert (G_CONVERTER (z), in, length, extra, sizeof extra,
                               G_CONVERTER_INPUT_AT_END, &read, &written, &local);
      if (r == G_CONVERTER_ERROR)
        {
          fail (error, DAMAGED, name,
                coherence ? _("its temporal coherence tables do not decompress: %s")
                          : _("its weights do not decompress: %s"),
                local->message);
          return FALSE;
        }
      if (written > 0)
        {
          fail (error, DAMAGED, name,
                coherence ? _("it holds more temporal coherence entries than its shapes’ tables")
                          : _("it holds more weights than its shapes’ tables"));
          return FALSE;
        }
      in += read;
      length -= read;
    }
  if (length > 0)
    {
      fail (error, DAMAGED, name,
            coherence ? _("%lu bytes follow the end of its compressed temporal coherence tables")
                      : _("%lu bytes follow the end of its compressed weights"),
            (unsigned long) length);
      return FALSE;
    }
  return TRUE;
}

/* Whether @n entries of @entry_size bytes can come out of @compressed
 * bytes of zlib. */
static gboolean
can_decompress_to (guint64 n, guint64 entry_size, guint64 compressed)
{
  return n * entry_size <= compressed * ZLIB_MAX_RATIO + 64;
}

static char *
get_text (const guint8 *p, guint32 length)
{
  return g_strndup ((const char *) p, length);
}

LhNtuple *
lh_ntuple_file_load_bytes (const guint8 *data, gsize length, const char *name,
                           LhNtupleFileInfo *info, GError **error)
{
  return lh_ntuple_file_load_bytes_full (data, length, name, info, NULL, error);
}

LhNtuple *
lh_ntuple_file_load_bytes_full (const guint8 *data, gsize length, const char *name,
                                LhNtupleFileInfo *info, LhTdCoherence **coherence,
                                GError **error)
{
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *options = NULL;
  g_autofree char *text_name = NULL;
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  float scales[LH_NTUPLE_MAX_SHAPES];
  Table tables[2 * LH_NTUPLE_MAX_SHAPES];
  guint n_tables;
  guint8 digest[DIGEST_SIZE];
  gsize digest_length = sizeof digest;
  guint32 version, options_length, name_length;
  guint16 stage_tiles[LH_NTUPLE_MAX_STAGES] = { 0 };
  guint n_shapes, n_stages = 1;
  LhGeometry geometry;
  LhNtupleFileEncoding encoding;
  double four;
  gsize stages_at, texts_at, length_at, fixed;
  guint64 compressed, coherence_length, n_weights, entry_size;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (coherence != NULL)
    *coherence = NULL;

  /* Magic, version, length: what the file is.  A weight file of TDL2048+
   * is read as it is, with its default stages (it has no TC tables). */
  if (length < sizeof LH_NTUPLE_FILE_MAGIC
      || memcmp (data, LH_NTUPLE_FILE_MAGIC, sizeof LH_NTUPLE_FILE_MAGIC) != 0)
    {
      if (lh_tdl2048_file_sniff (data, length))
        return lh_tdl2048_file_load_bytes (data, length, name, NULL, info, error);
      return fail (error, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK, name,
                   _("not an n-tuple network: neither a network of Lookahead (it does not "
                     "start with “%s”) nor a weight file of TDL2048+"),
                   LH_NTUPLE_FILE_MAGIC);
    }
  if (length < HEADER_SIZE)
    return fail (error, DAMAGED, name, _("the file is truncated: its header is cut short "
                                         "(%lu bytes of %d)"),
                 (unsigned long) length, HEADER_SIZE);
  version = lh_le_get_u32 (data + 8);
  if (version < 1 || version > LH_NTUPLE_FILE_VERSION)
    return fail (error, LH_NTUPLE_FILE_ERROR_VERSION, name,
                 version > LH_NTUPLE_FILE_VERSION
                 ? _("an n-tuple network of format version %u, newer than this Lookahead "
                     "reads (versions 1 to %d)")
                 : _("an n-tuple network of unknown format version %u (this Lookahead reads "
                     "versions 1 to %d)"),
                 version, LH_NTUPLE_FILE_VERSION);

  n_shapes = data[14];
  options_length = lh_le_get_u32 (data + 40);
  name_length = lh_le_get_u32 (data + 44);
  if (n_shapes == 0 || n_shapes > LH_NTUPLE_MAX_SHAPES)
    return fail (error, DAMAGED, name, _("it claims %u shapes; a network has 1 to %d"),
                 n_shapes, LH_NTUPLE_MAX_SHAPES);
  if (options_length > LH_NTUPLE_FILE_MAX_OPTIONS || name_length > LH_NTUPLE_FILE_MAX_NAME)
    return fail (error, DAMAGED, name, _("its texts are longer than the format allows"));
  stages_at = HEADER_SIZE + (SHAPE_SIZE + 4) * n_shapes;
  texts_at = stages_at;
  if (version >= 3)
    {
      guint32 n;

      if (length < stages_at + 4)
        return fail (error, DAMAGED, name, _("the file is truncated (%lu bytes)"),
                     (unsigned long) length);
      n = lh_le_get_u32 (data + stages_at);
      if (n < 2 || n > LH_NTUPLE_MAX_STAGES)
        return fail (error, DAMAGED, name,
                     _("it claims %u stages; a staged network has 2 to %d"), n,
                     LH_NTUPLE_MAX_STAGES);
      n_stages = n;
      texts_at = stages_at + 4 * n_stages;
    }
  length_at = texts_at + options_length + name_length;
  /* The two length fields (one in version 1) and the checksum. */
  fixed = length_at + 8 + (version >= 2 ? 8 : 0) + DIGEST_SIZE;
  if (length < fixed)
    return fail (error, DAMAGED, name, _("the file is truncated (%lu bytes)"),
                 (unsigned long) length);
  compressed = lh_le_get_u64 (data + length_at);
  coherence_length = 0;
  if (compressed <= length - fixed && version >= 2)
    coherence_length = lh_le_get_u64 (data + length_at + 8 + compressed);
  if (compressed > length - fixed || coherence_length > length - fixed - compressed)
    return fail (error, DAMAGED, name,
                 _("the file is truncated: %lu bytes, its header says %llu"),
                 (unsigned long) length,
                 (unsigned long long) ((guint64) fixed + compressed + coherence_length));
  if (compressed + coherence_length < length - fixed)
    return fail (error, DAMAGED, name,
                 _("the file is longer than its header says (%lu bytes, not %llu)"),
                 (unsigned long) length,
                 (unsigned long long) ((guint64) fixed + compressed + coherence_length));

  /* The checksum, before believing anything else. */
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, data, (gssize) (length - DIGEST_SIZE));
  g_checksum_get_digest (checksum, digest, &digest_length);
  if (memcmp (digest, data + length - DIGEST_SIZE, DIGEST_SIZE) != 0)
    return fail (error, DAMAGED, name,
                 _("the file is damaged: its SHA-256 checksum does not match"));

  /* The content. */
  for (guint k = 1; k < n_stages; k++)
    {
      guint32 tiles = lh_le_get_u32 (data + stages_at + 4 * k);

      if (tiles > G_MAXUINT16)
        return fail (error, DAMAGED, name, _("stage %u has a tile larger than 32768"), k);
      stage_tiles[k] = (guint16) tiles;
    }
  geometry.rows = data[12];
  geometry.cols = data[13];
  if (!lh_wide_geometry_is_valid (geometry))
    return fail (error, DAMAGED, name, _("%ux%u is not a board size"), geometry.rows,
                 geometry.cols);
  encoding = (LhNtupleFileEncoding) data[15];
  if (encoding != LH_NTUPLE_FILE_FLOAT32 && encoding != LH_NTUPLE_FILE_INT16)
    return fail (error, DAMAGED, name, _("unknown weight encoding %u"), data[15]);
  four = lh_le_get_f64 (data + 16);
  if (four != LH_SPAWN_FOUR_PROBABILITY)
    return fail (error, DAMAGED, name,
                 _("it was trained for other rules (a 4 spawns with probability %g, not %g)"),
                 four, LH_SPAWN_FOUR_PROBABILITY);

  memset (shapes, 0, sizeof shapes);
  for (guint i = 0; i < n_shapes; i++)
    {
      const guint8 *p = data + HEADER_SIZE + SHAPE_SIZE * i;

      shapes[i].n_cells = p[0];
      memcpy (shapes[i].cells, p + 1, LH_NTUPLE_MAX_CELLS);
      for (guint k = MIN (p[0], LH_NTUPLE_MAX_CELLS); k < LH_NTUPLE_MAX_CELLS; k++)
        if (p[1 + k] != 0)
          return fail (error, DAMAGED, name, _("shape %u has cells past its length"), i + 1);
      scales[i] = lh_le_get_f32 (data + HEADER_SIZE + SHAPE_SIZE * n_shapes + 4 * i);
      if (encoding == LH_NTUPLE_FILE_FLOAT32 ? scales[i] != 0.0f
                                             : !(isfinite (scales[i]) && scales[i] >= 0.0f))
        return fail (error, DAMAGED, name, _("shape %u has an invalid scale"), i + 1);
    }

  options = get_text (data + texts_at, options_length);
  text_name = get_text (data + texts_at + options_length, name_length);
  if (!g_utf8_validate_len (options, options_length, NULL)
      || !g_utf8_validate_len (text_name, name_length, NULL))
    return fail (error, DAMAGED, name, _("its name or training options are not UTF-8 text"));

  /* The shapes' tables must be able to come out of the compressed bytes. */
  n_weights = 0;
  for (guint i = 0; i < n_shapes; i++)
    if (shapes[i].n_cells <= LH_NTUPLE_MAX_CELLS)
      n_weights += (guint64) n_stages << (4 * shapes[i].n_cells);
  entry_size = encoding == LH_NTUPLE_FILE_FLOAT32 ? 4 : 2;
  if (n_weights <= LH_NTUPLE_MAX_WEIGHTS && !can_decompress_to (n_weights, entry_size, compressed))
    return fail (error, DAMAGED, name,
                 _("its %llu weights cannot come from %llu compressed bytes"),
                 (unsigned long long) n_weights, (unsigned long long) compressed);

  net = lh_ntuple_new_staged (geometry, shapes, n_shapes, stage_tiles, n_stages, &local);
  if (net == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT))
        return fail (error, DAMAGED, name, "%s", local->message);
      g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
      return NULL;
    }
  n_tables = weight_tables (net, scales, tables);
  if (!decompress_tables (tables, n_tables, encoding == LH_NTUPLE_FILE_INT16, FALSE,
                          data + length_at + 8, (gsize) compressed, name, error))
    return NULL;

  /* The TC tables, only when asked for: a player does not need them. */
  if (coherence != NULL && coherence_length > 0)
    {
      if (!can_decompress_to (2 * n_weights, 4, coherence_length))
        return fail (error, DAMAGED, name,
                     _("its temporal coherence tables cannot come from %llu compressed bytes"),
                     (unsigned long long) coherence_length);
      tc = lh_td_coherence_new (net, &local);
      if (tc == NULL)
        {
          g_set_error (error, local->domain, local->code, "%s: %s", name, local->message);
          return NULL;
        }
      n_tables = coherence_tables (tc, n_shapes, tables);
      if (!decompress_tables (tables, n_tables, FALSE, TRUE,
                              data + length_at + 8 + compressed + 8, (gsize) coherence_length,
                              name, error))
        return NULL;
    }

  if (info != NULL)
    {
      info->games = lh_le_get_u64 (data + 24);
      info->moves = lh_le_get_u64 (data + 32);
      info->options = g_steal_pointer (&options);
      info->name = g_steal_pointer (&text_name);
    }
  if (coherence != NULL)
    *coherence = g_steal_pointer (&tc);
  return g_steal_pointer (&net);
}

LhNtuple *
lh_ntuple_file_load (const char *path, LhNtupleFileInfo *info, GError **error)
{
  return lh_ntuple_file_load_full (path, info, NULL, error);
}

LhNtuple *
lh_ntuple_file_load_full (const char *path, LhNtupleFileInfo *info, LhTdCoherence **coherence,
                          GError **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  mapped = lh_ntuple_file_map (path, &name, error);
  if (mapped == NULL)
    return NULL;
  return lh_ntuple_file_load_bytes_full ((const guint8 *) g_mapped_file_get_contents (mapped),
                                         g_mapped_file_get_length (mapped), name, info, coherence,
                                         error);
}

GMappedFile *
lh_ntuple_file_map (const char *path, char **name, GError **error)
{
  /* GLib's message names the file. */
  GMappedFile *mapped = g_mapped_file_new (path, FALSE, error);

  *name = mapped != NULL ? g_filename_display_name (path) : NULL;
  return mapped;
}

const char *
lh_ntuple_file_get_network_dir (void)
{
  const char *dir = g_getenv ("LOOKAHEAD_NETWORK_DIR");

  return dir != NULL && dir[0] != '\0' ? dir : NETWORKDIR;
}

char *
lh_ntuple_file_get_shipped_path (void)
{
  return g_build_filename (lh_ntuple_file_get_network_dir (), LH_NTUPLE_FILE_SHIPPED_NAME, NULL);
}
