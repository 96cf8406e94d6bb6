/* lh-exact-file.c: an exact solution's file form (see lh-exact-file.h). */
#include "lh-exact-file.h"
#include "lh-le-bytes.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "lh-exact-solution-private.h"

G_DEFINE_QUARK (lh-exact-file-error-quark, lh_exact_file_error)

/* Fixed header: magic 8, version 4, six u8, u16 reserved, discount 8,
 * start 8, n_positions 8, start value 8, n_layers 4. */
#define HEADER_SIZE 56
#define DIGEST_SIZE 32
/* Bytes written at a time. */
#define BLOCK_SIZE (4 << 20)
/* Longest unsigned LEB128 encoding of a 64-bit number. */
#define MAX_VARINT 10

/* ---- Writing ------------------------------------------------------------ */

typedef struct {
  int        fd;
  guint8    *buffer;
  gsize      used;
  GChecksum *checksum;
  int        saved_errno;   /* of the first failed write, 0 while none */
} Writer;

static void
write_all (Writer *w, const guint8 *data, gsize length)
{
  while (length > 0 && w->saved_errno == 0)
    {
      gssize n = write (w->fd, data, length);

      if (n < 0)
        {
          if (errno != EINTR)
            w->saved_errno = errno;
          continue;
        }
      data += n;
      length -= (gsize) n;
    }
}

/* Writes out the buffer and adds it to the checksum. */
static void
writer_flush (Writer *w)
{
  g_checksum_update (w->checksum, w->buffer, (gssize) w->used);
  write_all (w, w->buffer, w->used);
  w->used = 0;
}

static inline void
writer_reserve (Writer *w, gsize n)
{
  if (w->used + n > BLOCK_SIZE)
    writer_flush (w);
}

static inline void
put_bytes (Writer *w, const void *data, gsize n)
{
  writer_reserve (w, n);
  memcpy (w->buffer + w->used, data, n);
  w->used += n;
}

static inline void
put_u8 (Writer *w, guint8 v)
{
  put_bytes (w, &v, 1);
}

static inline void
put_u16 (Writer *w, guint16 v)
{
  v = GUINT16_TO_LE (v);
  put_bytes (w, &v, 2);
}

static inline void
put_u32 (Writer *w, guint32 v)
{
  v = GUINT32_TO_LE (v);
  put_bytes (w, &v, 4);
}

static inline void
put_u64 (Writer *w, guint64 v)
{
  v = GUINT64_TO_LE (v);
  put_bytes (w, &v, 8);
}

static inline void
put_f64 (Writer *w, double d)
{
  guint64 v;

  memcpy (&v, &d, 8);
  put_u64 (w, v);
}

static inline void
put_varint (Writer *w, guint64 v)
{
  guint8 *p;

  writer_reserve (w, MAX_VARINT);
  p = w->buffer + w->used;
  while (v >= 0x80)
    {
      *p++ = (guint8) (v | 0x80);
      v >>= 7;
    }
  *p++ = (guint8) v;
  w->used = (gsize) (p - w->buffer);
}

static void
encode (Writer *w, const LhExactSolution *solution)
{
  const LhExactRules *rules = &solution->rules;

  put_bytes (w, LH_EXACT_FILE_MAGIC, sizeof LH_EXACT_FILE_MAGIC);   /* with its NUL: 8 bytes */
  put_u32 (w, LH_EXACT_FILE_VERSION);
  put_u8 (w, solution->geometry.rows);
  put_u8 (w, solution->geometry.cols);
  put_u8 (w, (guint8) rules->objective);
  put_u8 (w, (guint8) rules->target);
  put_u8 (w, (guint8) rules->spawns);
  put_u8 (w, (guint8) rules->loss);
  put_u16 (w, 0);
  put_f64 (w, rules->discount);
  put_u64 (w, solution->start);
  put_u64 (w, solution->n_positions);
  put_f64 (w, solution->start_value);
  put_u32 (w, solution->n_layers);
  for (guint i = 0; i < solution->n_layers; i++)
    put_u64 (w, solution->layers[i].n);

  for (guint i = 0; i < solution->n_layers && w->saved_errno == 0; i++)
    {
      const LhExactLayer *layer = &solution->layers[i];
      LhBoard previous = 0;

      for (guint64 k = 0; k < layer->n; k++)
        {
          put_varint (w, layer->keys[k] - previous);
          previous = layer->keys[k];
        }
      for (guint64 k = 0; k < layer->n; k++)
        put_f64 (w, layer->values[k]);
    }
  writer_flush (w);
}

gboolean
lh_exact_solution_save (const LhExactSolution *solution, const char *path, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *tmp = NULL;
  guint8 digest[DIGEST_SIZE];
  gsize digest_length = sizeof digest;
  Writer w = { -1, NULL, 0, NULL, 0 };
  gboolean renamed = FALSE;

  g_return_val_if_fail (solution != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_filename_display_name (path);
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  w.fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (w.fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not write the exact solution “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }

  w.buffer = g_malloc (BLOCK_SIZE);
  w.checksum = g_checksum_new (G_CHECKSUM_SHA256);
  encode (&w, solution);
  g_checksum_get_digest (w.checksum, digest, &digest_length);
  write_all (&w, digest, sizeof digest);
  g_checksum_free (w.checksum);
  g_free (w.buffer);

  if (w.saved_errno == 0 && fsync (w.fd) != 0)
    w.saved_errno = errno;
  if (close (w.fd) != 0 && w.saved_errno == 0)
    w.saved_errno = errno;
  if (w.saved_errno == 0)
    {
      renamed = g_rename (tmp, path) == 0;
      if (!renamed)
        w.saved_errno = errno;
    }
  if (!renamed)
    {
      g_unlink (tmp);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (w.saved_errno),
                   _("Could not write the exact solution “%s”: %s"), name,
                   g_strerror (w.saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* ---- Reading ------------------------------------------------------------ */

G_GNUC_PRINTF (4, 5)
static LhExactSolution *
fail (GError **error, LhExactFileError code, const char *name, const char *format, ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, LH_EXACT_FILE_ERROR, code, "%s: %s", name, detail);
  return NULL;
}

#define DAMAGED LH_EXACT_FILE_ERROR_DAMAGED

/* Decodes layer @index's keys and values from *@p (at most @end) into
 * @layer; FALSE with @error when they break the format. */
static gboolean
decode_layer (LhExactLayer *layer, guint index, LhGeometry geometry, const guint8 **p,
              const guint8 *end, const char *name, GError **error)
{
  guint64 outside = ~lh_geometry_cell_mask (geometry);
  const guint8 *q = *p;
  LhBoard previous = 0;

  for (guint64 k = 0; k < layer->n; k++)
    {
      guint64 delta = 0;
      guint shift = 0;
      guint8 byte;
      LhBoard key;

      do
        {
          if (q >= end)
            {
              fail (error, DAMAGED, name, _("the keys of layer %u end before the file does"), index);
              return FALSE;
            }
          if (shift > 63)
            {
              fail (error, DAMAGED, name, _("a key of layer %u is too long"), index);
              return FALSE;
            }
          byte = *q++;
          delta |= (guint64) (byte & 0x7f) << shift;
          shift += 7;
        }
      while (byte & 0x80);

      if (delta == 0 || delta > G_MAXUINT64 - previous)
        {
          fail (error, DAMAGED, name, _("the keys of layer %u are not in ascending order"), index);
          return FALSE;
        }
      key = previous + delta;
      if ((key & outside) != 0)
        {
          fail (error, DAMAGED, name, _("a key of layer %u does not fit a %ux%u board"), index,
                geometry.rows, geometry.cols);
          return FALSE;
        }
      if (lh_exact_canonical (key, geometry) != key)
        {
          fail (error, DAMAGED, name,
                _("a key of layer %u is not its symmetry class’s representative"), index);
          return FALSE;
        }
      if (lh_exact_layer_of (key) != index)
        {
          fail (error, DAMAGED, name, _("a key of layer %u has the tile sum of another layer"),
                index);
          return FALSE;
        }
      layer->keys[k] = key;
      previous = key;
    }

  if ((guint64) (end - q) / 8 < layer->n)
    {
      fail (error, DAMAGED, name, _("the values of layer %u end before the file does"), index);
      return FALSE;
    }
  for (guint64 k = 0; k < layer->n; k++, q += 8)
    {
      double v = lh_le_get_f64 (q);

      if (!isfinite (v))
        {
          fail (error, DAMAGED, name, _("a value of layer %u is not a finite number"), index);
          return FALSE;
        }
      layer->values[k] = v;
    }
  *p = q;
  return TRUE;
}

typedef struct {
  const guint8 *data;
  gsize         length;   /* bytes before the digest */
} Digest;

/* In its own thread: TRUE when the trailing SHA-256 matches. */
static gpointer
check_digest (gpointer user_data)
{
  const Digest *d = user_data;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[DIGEST_SIZE];
  gsize digest_length = sizeof digest;

  g_checksum_update (checksum, d->data, (gssize) d->length);
  g_checksum_get_digest (checksum, digest, &digest_length);
  return GINT_TO_POINTER (memcmp (digest, d->data + d->length, DIGEST_SIZE) == 0);
}

/* Everything after the checksum: the header's fields and the payload of
 * @data, @payload_end bytes before the digest. */
static LhExactSolution *
decode_content (const guint8 *data, gsize payload_end, guint32 n_layers, const char *name,
                GError **error)
{
  g_autoptr(LhExactSolution) solution = NULL;
  g_autoptr(GError) invalid = NULL;
  LhGeometry geometry;
  LhExactRules rules;
  guint64 max_layers, max_afterstates, total = 0;
  const guint8 *p, *end;

  /* The header's fields. */
  geometry.rows = data[12];
  geometry.cols = data[13];
  if (!lh_geometry_is_valid (geometry))
    return fail (error, DAMAGED, name, _("%ux%u is not a board size"), geometry.rows,
                 geometry.cols);
  rules.objective = (LhExactObjective) data[14];
  rules.target = data[15];
  rules.spawns = (LhExactSpawns) data[16];
  rules.loss = (LhExactLoss) data[17];
  rules.discount = lh_le_get_f64 (data + 20);
  if (!lh_exact_rules_validate (&rules, &invalid))
    return fail (error, DAMAGED, name, "%s", invalid->message);
  if (data[18] != 0 || data[19] != 0)
    return fail (error, DAMAGED, name, _("the reserved header field is not 0"));

  solution = lh_exact_solution_new (geometry, &rules, lh_le_get_u64 (data + 28));
  if ((solution->start & ~lh_geometry_cell_mask (geometry)) != 0)
    return fail (error, DAMAGED, name, _("the start position does not fit a %ux%u board"),
                 geometry.rows, geometry.cols);
  solution->n_positions = lh_le_get_u64 (data + 36);
  solution->start_value = lh_le_get_f64 (data + 44);
  if (!isfinite (solution->start_value))
    return fail (error, DAMAGED, name, _("the start value is not a finite number"));

  /* A layer per half tile sum: the largest sum is every cell at 32768. */
  max_layers = (guint64) geometry.rows * geometry.cols * (1u << LH_MAX_EXPONENT) / 2 + 1;
  if (n_layers > max_layers)
    return fail (error, DAMAGED, name, _("it claims %u layers, more than a %ux%u board has"),
                 n_layers, geometry.rows, geometry.cols);

  /* Each afterstate takes at least a byte of key and 8 of value. */
  p = data + HEADER_SIZE + 8 * (gsize) n_layers;
  end = data + payload_end;
  max_afterstates = (guint64) (end - p) / 9;
  solution->layers = g_new0 (LhExactLayer, MAX (n_layers, 1));
  solution->n_layers = n_layers;
  for (guint i = 0; i < n_layers; i++)
    {
      LhExactLayer *layer = &solution->layers[i];

      layer->n = lh_le_get_u64 (data + HEADER_SIZE + 8 * (gsize) i);
      if (layer->n > max_afterstates - total)
        return fail (error, DAMAGED, name,
                     _("its afterstate counts do not fit its size: the file is truncated or "
                       "damaged"));
      total += layer->n;
    }
  for (guint i = 0; i < n_layers; i++)
    {
      LhExactLayer *layer = &solution->layers[i];

      layer->keys = g_try_new (LhBoard, MAX (layer->n, 1));
      layer->values = g_try_new (double, MAX (layer->n, 1));
      if (layer->keys == NULL || layer->values == NULL)
        break;
    }
  for (guint i = 0; i < n_layers; i++)
    {
      LhExactLayer *layer = &solution->layers[i];

      if (layer->keys == NULL || layer->values == NULL)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                       _("%s: not enough memory to load this exact solution"), name);
          return NULL;
        }
      if (!decode_layer (layer, i, geometry, &p, end, name, error))
        return NULL;
    }
  if (p != end)
    return fail (error, DAMAGED, name,
                 _("its payload is longer than its counts say (by %lu B)"),
                 (unsigned long) (end - p));

  for (guint i = 0; i < n_layers; i++)
    if (!lh_exact_layer_index (&solution->layers[i]))
      {
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                     _("%s: not enough memory to load this exact solution"), name);
        return NULL;
      }
  solution->n_afterstates = total;
  return g_steal_pointer (&solution);
}

/* Checks the magic, the version and the size, then the checksum in a
 * second thread while the content is decoded (SHA-256 takes as long as all
 * the rest on a 3x3 solution).  A checksum mismatch is the error reported
 * even when the content has another fault too. */
static LhExactSolution *
decode (const guint8 *data, gsize length, const char *name, GError **error)
{
  g_autoptr(LhExactSolution) solution = NULL;
  g_autoptr(GError) content_error = NULL;
  guint32 version, n_layers;
  Digest digest;
  GThread *thread;
  gboolean digest_ok;

  if (length < sizeof LH_EXACT_FILE_MAGIC
      || memcmp (data, LH_EXACT_FILE_MAGIC, sizeof LH_EXACT_FILE_MAGIC) != 0)
    return fail (error, LH_EXACT_FILE_ERROR_NOT_A_SOLUTION, name,
                 _("not an exact solution of Lookahead (it does not start with “%s”)"),
                 LH_EXACT_FILE_MAGIC);
  if (length < HEADER_SIZE)
    return fail (error, LH_EXACT_FILE_ERROR_NOT_A_SOLUTION, name,
                 _("not an exact solution: its header is cut short (%lu bytes of %d)"),
                 (unsigned long) length, HEADER_SIZE);
  version = lh_le_get_u32 (data + 8);
  if (version != LH_EXACT_FILE_VERSION)
    return fail (error, LH_EXACT_FILE_ERROR_VERSION, name,
                 _("an exact solution of format version %u; this Lookahead reads version %d"),
                 version, LH_EXACT_FILE_VERSION);

  n_layers = lh_le_get_u32 (data + 52);
  if (length < HEADER_SIZE + DIGEST_SIZE
      || (length - HEADER_SIZE - DIGEST_SIZE) / 8 < n_layers)
    return fail (error, DAMAGED, name, _("the file is truncated (%lu bytes)"),
                 (unsigned long) length);
  digest.data = data;
  digest.length = length - DIGEST_SIZE;
  thread = g_thread_try_new ("lh-exact-checksum", check_digest, &digest, NULL);
  solution = decode_content (data, digest.length, n_layers, name, &content_error);
  digest_ok = GPOINTER_TO_INT (thread != NULL ? g_thread_join (thread) : check_digest (&digest));
  if (!digest_ok)
    return fail (error, DAMAGED, name,
                 _("the file is damaged or truncated: its SHA-256 checksum does not match"));
  if (solution == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&content_error));
      return NULL;
    }
  return g_steal_pointer (&solution);
}

LhExactSolution *
lh_exact_solution_load (const char *path, GError **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *name = NULL;
  GError *local = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = g_filename_display_name (path);
  mapped = g_mapped_file_new (path, FALSE, &local);
  if (mapped == NULL)
    {
      /* GLib's message already names the file. */
      g_propagate_error (error, local);
      return NULL;
    }
  return decode ((const guint8 *) g_mapped_file_get_contents (mapped),
                 g_mapped_file_get_length (mapped), name, error);
}
