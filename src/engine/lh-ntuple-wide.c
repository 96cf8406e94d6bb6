/* lh-ntuple-wide.c: an n-tuple network valuing wide boards (see lh-ntuple-wide.h). */
#include "lh-ntuple-wide.h"

void
lh_ntuple_downgrade (const LhNtuple *net, LhWideBoard afterstate, LhBoard *board_out,
                     guint *closed)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  guint max = lh_wide_board_max_exponent (afterstate), n = 0;
  LhBoard board = 0;

  if (max > LH_MAX_EXPONENT)
    afterstate = lh_wide_board_downgrade (afterstate, max - LH_MAX_EXPONENT, &n);
  if (closed != NULL)
    *closed = n;
  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      board = lh_board_set_cell (board, r, c,
                                 MIN (lh_wide_board_get_cell (afterstate, r, c), LH_MAX_EXPONENT));
  *board_out = board;
}

float
lh_ntuple_evaluate_wide (const LhNtuple *net, LhWideBoard afterstate)
{
  LhBoard board;

  lh_ntuple_downgrade (net, afterstate, &board, NULL);
  return lh_ntuple_evaluate (net, board);
}
