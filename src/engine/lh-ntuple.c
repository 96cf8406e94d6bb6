/* lh-ntuple.c: an n-tuple network (see lh-ntuple.h). */
#include "lh-ntuple.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lh-wide-board.h"

/* Tables from this size on are mapped on their own, aligned to and advised
 * for 2 MiB pages (transparent huge pages, Linux's MADV_HUGEPAGE): a 6-tuple's
 * 64 MiB table is read at random, and with 4 KiB pages nearly every look-up
 * would also miss the TLB. */
#define HUGE_PAGE ((gsize) 2 << 20)

float *
lh_ntuple_table_alloc (guint64 n_entries)
{
  gsize bytes = (gsize) n_entries * sizeof (float);

  if (n_entries > G_MAXSIZE / sizeof (float))
    return NULL;
#ifdef MADV_HUGEPAGE
  if (bytes >= HUGE_PAGE)
    {
      gsize mapped = bytes + HUGE_PAGE;
      guint8 *p = mmap (NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      guint8 *aligned;
      gsize head, tail;

      if (p == MAP_FAILED)
        return NULL;
      aligned = (guint8 *) (((guintptr) p + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
      head = (gsize) (aligned - p);
      tail = mapped - head - bytes;
      if (head > 0)
        munmap (p, head);
      if (tail > 0)
        munmap (aligned + bytes, tail);
      madvise (aligned, bytes, MADV_HUGEPAGE);   /* advice: failure is harmless */
      return (float *) aligned;
    }
#endif
  return calloc ((size_t) n_entries, sizeof (float));
}

void
lh_ntuple_table_free (float *table, guint64 n_entries)
{
  gsize bytes = (gsize) n_entries * sizeof (float);

  if (table == NULL)
    return;
#ifdef MADV_HUGEPAGE
  if (bytes >= HUGE_PAGE)
    {
      munmap (table, bytes);
      return;
    }
#endif
  free (table);
}

/* Symmetry @s of a @g board maps cell (@r, @c) to (*@row, *@col).
 * 0..3 (every geometry): identity, left-right flip, up-down flip, half
 * turn; 4..7 (square only): the transpose and its compositions with the
 * flips (the quarter turns and the anti-diagonal reflection). */
static void
symmetry_map (guint s, LhGeometry g, guint r, guint c, guint *row, guint *col)
{
  guint R = g.rows - 1, C = g.cols - 1;
  guint rr, cc;

  switch (s)
    {
    case 0: rr = r; cc = c; break;
    case 1: rr = r; cc = C - c; break;
    case 2: rr = R - r; cc = c; break;
    case 3: rr = R - r; cc = C - c; break;
    case 4: rr = c; cc = r; break;
    case 5: rr = c; cc = R - r; break;
    case 6: rr = C - c; cc = r; break;
    case 7: rr = C - c; cc = R - r; break;
    default: g_assert_not_reached ();
    }
  *row = rr;
  *col = cc;
}

/* ---- Batch evaluation ---------------------------------------------------- */

static void
evaluate_batch_generic (const LhNtuple *net, const LhBoard *boards, guint n, float *values,
                        guint32 *indices)
{
  guint nf = net->n_features;

  for (guint b = 0; b < n; b++)
    {
      guint stage = lh_ntuple_stage (net, boards[b]);

      for (guint i = 0; i < nf; i++)
        indices[b * nf + i] = lh_ntuple_feature_index (&net->features[i], boards[b])
                              + stage * net->features[i].stage_stride;
    }
  for (guint b = 0; b < n; b++)
    values[b] = lh_ntuple_sum_indices (net, indices + b * nf);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_BMI2_PATH 1

/* Cell (r, c) of the result is cell (r, 3 - c) of @x: each row mirrored. */
static inline LhBoard
mirror_rows (LhBoard x)
{
  return ((x & 0x000f000f000f000fULL) << 12) | ((x & 0x00f000f000f000f0ULL) << 4)
         | ((x & 0x0f000f000f000f00ULL) >> 4) | ((x & 0xf000f000f000f000ULL) >> 12);
}

/* Cell (r, c) of the result is cell (3 - r, c) of @x: upside down. */
static inline LhBoard
flip_rows (LhBoard x)
{
  return (x << 48) | ((x & 0xffff0000ULL) << 16) | ((x >> 16) & 0xffff0000ULL) | (x >> 48);
}

/* The 4x4 board's eight images, image s holding at cell c the cell that
 * symmetry_map (s, c) names, so that feature (shape, s) is the shape's
 * cells read on image s. */
static inline void
images_4x4 (LhBoard b, LhBoard image[8])
{
  LhBoard t = lh_board_transpose (b);

  image[0] = b;
  image[1] = mirror_rows (b);
  image[2] = flip_rows (b);
  image[3] = flip_rows (image[1]);
  image[4] = t;
  image[5] = flip_rows (t);
  image[6] = mirror_rows (t);
  image[7] = flip_rows (image[6]);
}

/* The BMI2 batch, compiled twice: @staged a constant, so that a network of
 * one stage runs no stage code at all (evaluate_batch_bmi2()), and a staged
 * one adds its board's stage offset (evaluate_batch_bmi2_staged()). */
__attribute__ ((target ("bmi2"), always_inline))
static inline void
batch_bmi2 (const LhNtuple *net, const LhBoard *boards, guint n, float *values,
            guint32 *indices, gboolean staged)
{
  guint nf = net->n_features;

  for (guint b = 0; b < n; b++)
    {
      LhBoard image[8];
      guint32 *out = indices + b * nf;
      guint stage = staged ? lh_ntuple_stage (net, boards[b]) : 0;

      images_4x4 (boards[b], image);
      for (guint i = 0; i < net->n_shapes; i++)
        {
          /* The stage's part of the table. */
          guint32 offset = staged ? stage * net->features[8 * i].stage_stride : 0;

          for (guint s = 0; s < 8; s++)
            {
              guint32 index = (guint32) _pext_u64 (image[s], net->masks[i]) + offset;

              __builtin_prefetch (&net->tables[i][index], 0, 3);
              *out++ = index;
            }
        }
    }
  /* lh_ntuple_sum_indices() with each shape's table in a register: the
   * same additions in the same order (feature 8 i + s into sum s mod 4). */
  for (guint b = 0; b < n; b++)
    {
      const guint32 *index = indices + b * nf;
      float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };

      for (guint i = 0; i < net->n_shapes; i++, index += 8)
        {
          const float *table = net->tables[i];

          for (guint s = 0; s < 8; s++)
            {
              float w;

              __atomic_load (&table[index[s]], &w, __ATOMIC_RELAXED);
              sum[s % 4] += w;
            }
        }
      values[b] = (sum[0] + sum[1]) + (sum[2] + sum[3]);
    }
}

__attribute__ ((target ("bmi2")))
static void
evaluate_batch_bmi2 (const LhNtuple *net, const LhBoard *boards, guint n, float *values,
                     guint32 *indices)
{
  batch_bmi2 (net, boards, n, values, indices, FALSE);
}

__attribute__ ((target ("bmi2")))
static void
evaluate_batch_bmi2_staged (const LhNtuple *net, const LhBoard *boards, guint n, float *values,
                            guint32 *indices)
{
  batch_bmi2 (net, boards, n, values, indices, TRUE);
}
#endif

/* The BMI2 path needs a 4x4 board and each shape's cells in ascending
 * order (PEXT keeps the bits' order), and a CPU that has it. */
static void
choose_batch (LhNtuple *net)
{
  net->evaluate_batch = evaluate_batch_generic;
#ifdef HAVE_BMI2_PATH
  if (net->geometry.rows != 4 || net->geometry.cols != 4 || !__builtin_cpu_supports ("bmi2"))
    return;
  for (guint i = 0; i < net->n_shapes; i++)
    {
      net->masks[i] = 0;
      for (guint k = 0; k < net->shapes[i].n_cells; k++)
        {
          if (k > 0 && net->shapes[i].cells[k] <= net->shapes[i].cells[k - 1])
            return;
          net->masks[i] |= (guint64) 0xf << (4 * net->shapes[i].cells[k]);
        }
    }
  if (g_getenv ("LOOKAHEAD_NO_BMI2") == NULL)
    net->evaluate_batch = net->n_stages > 1 ? evaluate_batch_bmi2_staged : evaluate_batch_bmi2;
#endif
}

static gboolean
check_shapes (LhGeometry geometry, const LhNtupleShape *shapes, guint n_shapes, guint n_stages,
              guint64 *total, GError **error)
{
  guint stride = lh_geometry_cell_stride (geometry);

  *total = 0;
  if (!lh_wide_geometry_is_valid (geometry))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("An n-tuple network needs a board of 2 to 5 rows and columns, not %ux%u"),
                   geometry.rows, geometry.cols);
      return FALSE;
    }
  if (n_shapes == 0 || n_shapes > LH_NTUPLE_MAX_SHAPES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("An n-tuple network has 1 to %u shapes, not %u"),
                   LH_NTUPLE_MAX_SHAPES, n_shapes);
      return FALSE;
    }
  for (guint i = 0; i < n_shapes; i++)
    {
      const LhNtupleShape *shape = &shapes[i];
      guint seen = 0;

      if (shape->n_cells == 0 || shape->n_cells > LH_NTUPLE_MAX_CELLS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Shape %u has %u cells; a shape has 1 to %u"),
                       i + 1, shape->n_cells, LH_NTUPLE_MAX_CELLS);
          return FALSE;
        }
      for (guint k = 0; k < shape->n_cells; k++)
        {
          guint cell = shape->cells[k];

          if (cell >= stride * stride || cell / stride >= geometry.rows
              || cell % stride >= geometry.cols)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Shape %u: cell %u (row %u, column %u) is outside the %ux%u board"),
                           i + 1, cell, cell / stride + 1, cell % stride + 1, geometry.rows,
                           geometry.cols);
              return FALSE;
            }
          if (seen & (1u << cell))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Shape %u: cell %u appears twice"), i + 1, cell);
              return FALSE;
            }
          seen |= 1u << cell;
        }
      *total += (guint64) n_stages << (4 * shape->n_cells);
    }
  if (*total > LH_NTUPLE_MAX_WEIGHTS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("These shapes need %llu weights; a network holds at most %llu (%u MiB)"),
                   (unsigned long long) *total, (unsigned long long) LH_NTUPLE_MAX_WEIGHTS, (guint) (LH_NTUPLE_MAX_WEIGHTS * 4 >> 20));
      return FALSE;
    }
  return TRUE;
}

static void
free_tables (LhNtuple *net)
{
  for (guint i = 0; i < net->n_shapes; i++)
    lh_ntuple_table_free (net->tables[i], net->n_entries[i]);
}

/* Stage k's tiles must be a non-empty set of tiles 2 to 32768, and no two
 * stages the same. */
static gboolean
check_stages (const guint16 *stage_tiles, guint n_stages, GError **error)
{
  if (n_stages == 0 || n_stages > LH_NTUPLE_MAX_STAGES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("An n-tuple network has 1 to %u stages, not %u"), LH_NTUPLE_MAX_STAGES,
                   n_stages);
      return FALSE;
    }
  for (guint k = 1; k < n_stages; k++)
    {
      if (stage_tiles[k] == 0 || (stage_tiles[k] & 1) != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Stage %u needs one or more tiles from 2 to 32768"), k);
          return FALSE;
        }
      for (guint j = 1; j < k; j++)
        if (stage_tiles[j] == stage_tiles[k])
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Stages %u and %u have the same tiles"), j, k);
            return FALSE;
          }
    }
  return TRUE;
}

LhNtuple *
lh_ntuple_new (LhGeometry geometry, const LhNtupleShape *shapes, guint n_shapes, GError **error)
{
  return lh_ntuple_new_staged (geometry, shapes, n_shapes, NULL, 1, error);
}

LhNtuple *
lh_ntuple_new_staged (LhGeometry geometry, const LhNtupleShape *shapes, guint n_shapes,
                      const guint16 *stage_tiles, guint n_stages, GError **error)
{
  LhNtuple *net;
  guint64 total;

  g_return_val_if_fail (shapes != NULL || n_shapes == 0, NULL);
  g_return_val_if_fail (stage_tiles != NULL || n_stages <= 1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_stages (stage_tiles, n_stages, error)
      || !check_shapes (geometry, shapes, n_shapes, n_stages, &total, error))
    return NULL;

  net = g_new0 (LhNtuple, 1);
  g_atomic_ref_count_init (&net->ref_count);
  net->geometry = geometry;
  net->wide = !lh_geometry_is_valid (geometry);
  net->n_shapes = n_shapes;
  net->n_symmetries = geometry.rows == geometry.cols ? 8 : 4;
  memcpy (net->shapes, shapes, n_shapes * sizeof *shapes);
  net->n_stages = n_stages;
  for (guint k = 1; k < n_stages; k++)
    net->stage_tiles[k] = stage_tiles[k];

  for (guint i = 0; i < n_shapes; i++)
    {
      net->n_entries[i] = (guint64) n_stages << (4 * shapes[i].n_cells);
      /* Not g_malloc0: a failure is an error here, not an abort. */
      net->tables[i] = lh_ntuple_table_alloc (net->n_entries[i]);
      if (net->tables[i] == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("Not enough memory for the n-tuple network’s %llu MiB of weights"),
                       (unsigned long long) (total * 4 >> 20));
          net->n_shapes = i;
          free_tables (net);
          g_free (net);
          return NULL;
        }
    }

  for (guint i = 0; i < n_shapes; i++)
    for (guint s = 0; s < net->n_symmetries; s++)
      {
        LhNtupleFeature *f = &net->features[net->n_features++];

        f->weights = net->tables[i];
        f->stage_stride = (guint32) 1 << (4 * shapes[i].n_cells);
        f->n_cells = shapes[i].n_cells;
        for (guint k = 0; k < f->n_cells; k++)
          {
            guint stride = lh_geometry_cell_stride (geometry), cell = shapes[i].cells[k], r, c;

            symmetry_map (s, geometry, cell / stride, cell % stride, &r, &c);
            /* A wide network never reads an LhBoard: no 64-bit shift. */
            f->shifts[k] = (guint8) (net->wide ? 0 : 4 * (4 * r + c));
            net->wide_shifts[net->n_features - 1][k] = (guint8) (LH_WIDE_CELL_BITS * LH_WIDE_CELL (r, c));
          }
      }
  choose_batch (net);
  return net;
}

LhNtuple *
lh_ntuple_ref (LhNtuple *net)
{
  g_return_val_if_fail (net != NULL, NULL);
  g_atomic_ref_count_inc (&net->ref_count);
  return net;
}

void
lh_ntuple_unref (LhNtuple *net)
{
  if (net == NULL)
    return;
  if (g_atomic_ref_count_dec (&net->ref_count))
    {
      free_tables (net);
      g_free (net);
    }
}

/* ---- Stages -------------------------------------------------------------- */

LhNtuple *
lh_ntuple_new_promoted (const LhNtuple *base, const guint16 *stage_tiles, guint n_stages,
                        GError **error)
{
  LhNtuple *net;

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (base->n_stages != 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("This n-tuple network already has %u stages; only a network of one stage "
                     "can be staged"),
                   base->n_stages);
      return NULL;
    }
  net = lh_ntuple_new_staged (base->geometry, base->shapes, base->n_shapes, stage_tiles,
                              n_stages, error);
  if (net == NULL)
    return NULL;
  for (guint i = 0; i < net->n_shapes; i++)
    for (guint k = 0; k < n_stages; k++)
      memcpy (net->tables[i] + k * base->n_entries[i], base->tables[i],
              base->n_entries[i] * sizeof (float));
  return net;
}

gboolean
lh_ntuple_stages_parse (const char *text, guint16 stage_tiles[LH_NTUPLE_MAX_STAGES],
                        guint *n_stages, GError **error)
{
  g_auto(GStrv) stages = NULL;

  g_return_val_if_fail (text != NULL && stage_tiles != NULL && n_stages != NULL, FALSE);

  memset (stage_tiles, 0, LH_NTUPLE_MAX_STAGES * sizeof (guint16));
  *n_stages = 1;
  if (*text == '\0' || strcmp (text, "none") == 0)
    return TRUE;
  stages = g_strsplit (text, ",", -1);
  if (g_strv_length (stages) > LH_NTUPLE_MAX_STAGES - 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” names %u stages after the first; a network has at most %u in all"),
                   text, g_strv_length (stages), LH_NTUPLE_MAX_STAGES);
      return FALSE;
    }
  for (guint k = 0; stages[k] != NULL; k++)
    {
      g_auto(GStrv) tiles = g_strsplit (stages[k], "+", -1);
      guint16 mask = 0;

      if (tiles[0] == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("Stage %u of the stages “%s” is empty; write stages as tiles joined by "
                         "+ and separated by commas, for example “16384,16384+8192”"),
                       k + 1, text);
          return FALSE;
        }

      for (guint t = 0; tiles[t] != NULL; t++)
        {
          guint64 value = 0;
          char *end = NULL;

          g_strstrip (tiles[t]);
          if (tiles[t][0] != '\0' && g_ascii_isdigit (tiles[t][0]))
            value = g_ascii_strtoull (tiles[t], &end, 10);
          if (end == NULL || *end != '\0' || value < 2 || value > 32768
              || (value & (value - 1)) != 0)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("“%s” in the stages “%s” is not a tile (a power of two from 2 to "
                             "32768); write stages as tiles joined by + and separated by commas, "
                             "for example “16384,16384+8192”"),
                           tiles[t], text);
              return FALSE;
            }
          mask |= (guint16) (1u << __builtin_ctzll (value));
        }
      stage_tiles[k + 1] = mask;
    }
  *n_stages = g_strv_length (stages) + 1;
  return check_stages (stage_tiles, *n_stages, error);
}

char *
lh_ntuple_stages_to_string (const LhNtuple *net)
{
  GString *s = g_string_new (NULL);

  for (guint k = 1; k < net->n_stages; k++)
    {
      gboolean first = TRUE;

      if (k > 1)
        g_string_append_c (s, ',');
      for (int e = 15; e >= 1; e--)
        if (net->stage_tiles[k] & (1u << e))
          {
            g_string_append_printf (s, "%s%u", first ? "" : "+", 1u << e);
            first = FALSE;
          }
    }
  return g_string_free (s, FALSE);
}

guint
lh_ntuple_get_n_stages (const LhNtuple *net)
{
  return net->n_stages;
}

guint16
lh_ntuple_get_stage_tiles (const LhNtuple *net, guint stage)
{
  g_return_val_if_fail (stage < net->n_stages, 0);
  return net->stage_tiles[stage];
}

/* ---- Accessors ----------------------------------------------------------- */

gboolean
lh_ntuple_is_wide (const LhNtuple *net)
{
  return net->wide;
}

LhGeometry
lh_ntuple_get_geometry (const LhNtuple *net)
{
  return net->geometry;
}

guint
lh_ntuple_get_n_shapes (const LhNtuple *net)
{
  return net->n_shapes;
}

const LhNtupleShape *
lh_ntuple_get_shape (const LhNtuple *net, guint index)
{
  g_return_val_if_fail (index < net->n_shapes, NULL);
  return &net->shapes[index];
}

guint
lh_ntuple_get_n_symmetries (const LhNtuple *net)
{
  return net->n_symmetries;
}

guint
lh_ntuple_get_n_features (const LhNtuple *net)
{
  return net->n_features;
}

void
lh_ntuple_set_initial_value (LhNtuple *net, double value)
{
  float weight;

  g_return_if_fail (net != NULL);

  weight = (float) (value / net->n_features);
  for (guint i = 0; i < net->n_shapes; i++)
    for (guint64 k = 0; k < net->n_entries[i]; k++)
      net->tables[i][k] = weight;
}

float *
lh_ntuple_get_weights (const LhNtuple *net, guint index, guint64 *n_entries)
{
  g_return_val_if_fail (index < net->n_shapes, NULL);
  if (n_entries != NULL)
    *n_entries = net->n_entries[index];
  return net->tables[index];
}

guint64
lh_ntuple_get_n_weights (const LhNtuple *net)
{
  guint64 total = 0;

  for (guint i = 0; i < net->n_shapes; i++)
    total += net->n_entries[i];
  return total;
}

gsize
lh_ntuple_get_memory (const LhNtuple *net)
{
  return (gsize) lh_ntuple_get_n_weights (net) * sizeof (float);
}

/* ---- Learning and display ------------------------------------------------ */

void
lh_ntuple_update (LhNtuple *net, LhBoard afterstate, float delta)
{
  guint stage = lh_ntuple_stage (net, afterstate);

  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];
      float *w = &f->weights[lh_ntuple_feature_index (f, afterstate) + stage * f->stage_stride];
      float v;

      __atomic_load (w, &v, __ATOMIC_RELAXED);
      v += delta;
      __atomic_store (w, &v, __ATOMIC_RELAXED);
    }
}

void
lh_ntuple_contributions (const LhNtuple *net, LhBoard board, double *per_shape)
{
  guint stage = lh_ntuple_stage (net, board);

  for (guint i = 0; i < net->n_shapes; i++)
    per_shape[i] = 0.0;
  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];

      per_shape[i / net->n_symmetries]
        += f->weights[lh_ntuple_feature_index (f, board) + stage * f->stage_stride];
    }
}

void
lh_ntuple_cell_values (const LhNtuple *net, LhBoard board, double cells[16])
{
  guint stage = lh_ntuple_stage (net, board);

  memset (cells, 0, 16 * sizeof (double));
  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];
      double share = f->weights[lh_ntuple_feature_index (f, board) + stage * f->stage_stride]
                     / (double) f->n_cells;

      for (guint k = 0; k < f->n_cells; k++)
        cells[f->shifts[k] / 4] += share;
    }
}
