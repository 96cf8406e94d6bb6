/* lh-le-bytes.h: reading little-endian numbers from a byte buffer, for the
 * binary files solvers write (lh-exact-file.c, lh-ntuple-file.c).  Each
 * function reads at @p without any alignment; the caller has checked the
 * length. */
#pragma once

#include <string.h>
#include <glib.h>

G_BEGIN_DECLS

/** lh_le_get_u32: the unsigned 32-bit little-endian number at @p. */
static inline guint32
lh_le_get_u32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

/** lh_le_get_u64: the unsigned 64-bit little-endian number at @p. */
static inline guint64
lh_le_get_u64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

/** lh_le_get_f64: the IEEE 754 double stored little-endian at @p. */
static inline double
lh_le_get_f64 (const guint8 *p)
{
  guint64 v = lh_le_get_u64 (p);
  double d;

  memcpy (&d, &v, 8);
  return d;
}

/** lh_le_get_f32: the IEEE 754 single stored little-endian at @p. */
static inline float
lh_le_get_f32 (const guint8 *p)
{
  guint32 v = lh_le_get_u32 (p);
  float f;

  memcpy (&f, &v, 4);
  return f;
}

G_END_DECLS
