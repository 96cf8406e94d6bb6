/* lh-ntuple-wide.c: an n-tuple network valuing wide boards (see lh-ntuple-wide.h). */
#include "lh-ntuple-wide.h"

#include <string.h>

LhWideBoard
lh_ntuple_downgrade_wide (LhWideBoard afterstate, guint *closed)
{
  guint max = lh_wide_board_max_exponent (afterstate), n = 0;

  if (max > LH_MAX_EXPONENT)
    {
      afterstate = lh_wide_board_downgrade (afterstate, max - LH_MAX_EXPONENT, &n);
      if (lh_wide_board_max_exponent (afterstate) > LH_MAX_EXPONENT)
        for (guint r = 0; r < LH_WIDE_MAX_SIDE; r++)
          for (guint c = 0; c < LH_WIDE_MAX_SIDE; c++)
            if (lh_wide_board_get_cell (afterstate, r, c) > LH_MAX_EXPONENT)
              afterstate = lh_wide_board_set_cell (afterstate, r, c, LH_MAX_EXPONENT);
    }
  if (closed != NULL)
    *closed = n;
  return afterstate;
}

void
lh_ntuple_downgrade (const LhNtuple *net, LhWideBoard afterstate, LhBoard *board_out,
                     guint *closed)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  LhWideBoard readable = lh_ntuple_downgrade_wide (afterstate, closed);
  LhBoard board = 0;

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      board = lh_board_set_cell (board, r, c, lh_wide_board_get_cell (readable, r, c));
  *board_out = board;
}

guint
lh_ntuple_stage_wide (const LhNtuple *net, LhWideBoard board)
{
  guint32 present = 0;

  if (net->n_stages == 1)
    return 0;
  for (guint i = 0; i < LH_WIDE_N_CELLS; i++, board >>= LH_WIDE_CELL_BITS)
    present |= 1u << (guint) (board & 0x1f);
  for (guint k = net->n_stages - 1; k > 0; k--)
    if ((present & net->stage_tiles[k]) == net->stage_tiles[k])
      return k;
  return 0;
}

/* Feature @i's index on @board (cells 0 to 15), in its stage's part. */
static inline guint32
feature_index_wide (const LhNtuple *net, guint i, LhWideBoard board, guint stage)
{
  const LhNtupleFeature *f = &net->features[i];
  guint32 index = 0;

  for (guint k = 0; k < f->n_cells; k++)
    index |= (guint32) ((board >> net->wide_shifts[i][k]) & 0xf) << (4 * k);
  return index + stage * f->stage_stride;
}

/* The indices of every feature of a wide network on @afterstate. */
static void
wide_indices (const LhNtuple *net, LhWideBoard afterstate, guint32 *indices)
{
  LhWideBoard board = lh_ntuple_downgrade_wide (afterstate, NULL);
  guint stage = lh_ntuple_stage_wide (net, board);

  for (guint i = 0; i < net->n_features; i++)
    indices[i] = feature_index_wide (net, i, board, stage);
}

float
lh_ntuple_evaluate_indices_wide (const LhNtuple *net, LhWideBoard afterstate, guint32 *indices)
{
  LhBoard narrow;

  if (!net->wide)
    {
      lh_ntuple_downgrade (net, afterstate, &narrow, NULL);
      return lh_ntuple_evaluate_indices (net, narrow, indices);
    }
  wide_indices (net, afterstate, indices);
  return lh_ntuple_sum_indices (net, indices);
}

float
lh_ntuple_evaluate_wide (const LhNtuple *net, LhWideBoard afterstate)
{
  guint32 indices[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
  LhBoard narrow;

  if (!net->wide)
    {
      lh_ntuple_downgrade (net, afterstate, &narrow, NULL);
      return lh_ntuple_evaluate (net, narrow);
    }
  wide_indices (net, afterstate, indices);
  return lh_ntuple_sum_indices (net, indices);
}

void
lh_ntuple_contributions_wide (const LhNtuple *net, LhWideBoard board, double *per_shape)
{
  guint32 indices[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
  LhBoard narrow;

  if (!net->wide)
    {
      lh_ntuple_downgrade (net, board, &narrow, NULL);
      lh_ntuple_contributions (net, narrow, per_shape);
      return;
    }
  wide_indices (net, board, indices);
  for (guint i = 0; i < net->n_shapes; i++)
    per_shape[i] = 0.0;
  for (guint i = 0; i < net->n_features; i++)
    per_shape[i / net->n_symmetries] += net->features[i].weights[indices[i]];
}

void
lh_ntuple_cell_values_wide (const LhNtuple *net, LhWideBoard board, double cells[LH_WIDE_N_CELLS])
{
  guint32 indices[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
  LhGeometry g = net->geometry;
  double narrow_cells[16];
  LhBoard narrow;

  memset (cells, 0, sizeof (double) * LH_WIDE_N_CELLS);
  if (!net->wide)
    {
      lh_ntuple_downgrade (net, board, &narrow, NULL);
      lh_ntuple_cell_values (net, narrow, narrow_cells);
      for (guint r = 0; r < g.rows; r++)
        for (guint c = 0; c < g.cols; c++)
          cells[LH_WIDE_CELL (r, c)] = narrow_cells[4 * r + c];
      return;
    }
  wide_indices (net, board, indices);
  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];
      double share = f->weights[indices[i]] / (double) f->n_cells;

      for (guint k = 0; k < f->n_cells; k++)
        cells[net->wide_shifts[i][k] / LH_WIDE_CELL_BITS] += share;
    }
}
