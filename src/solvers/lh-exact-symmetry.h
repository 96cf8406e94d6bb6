/* lh-exact-symmetry.h: one representative of each class of boards that a
 * reflection or rotation of the board turns into each other.
 *
 * The game is the same when the board is mirrored or (on a square board)
 * turned: a move's mirror is the mirrored move, and spawns are uniform over
 * the empty cells.  So every position's optimal value equals its mirror
 * image's, and an exact solution (lh-exact-solution.h) stores one board of
 * each class: the smallest as a 64-bit word of the boards that the
 * symmetries of its geometry make of it.  A rectangle has four (identity,
 * left-right and top-bottom mirrors, the half turn); a square eight (those
 * and the transposes of each: the dihedral group of order 8).  This cuts the
 * 3x3 solve's positions about eight times (Yamashita et al.'s 3x3 solve
 * merges symmetric boards the same way).
 */
#pragma once

#include "lh-board.h"

G_BEGIN_DECLS

/**
 * lh_exact_mirror_columns:
 * Returns: @board mirrored left to right within @cols columns (2 to 4).
 */
static inline LhBoard
lh_exact_mirror_columns (LhBoard board, guint cols)
{
  switch (cols)
    {
    case 2:
      return ((board & 0x000F000F000F000FULL) << 4) | ((board & 0x00F000F000F000F0ULL) >> 4);
    case 3:
      return ((board & 0x000F000F000F000FULL) << 8) | (board & 0x00F000F000F000F0ULL)
             | ((board & 0x0F000F000F000F00ULL) >> 8);
    default:
      return ((board & 0x000F000F000F000FULL) << 12) | ((board & 0x00F000F000F000F0ULL) << 4)
             | ((board & 0x0F000F000F000F00ULL) >> 4) | ((board & 0xF000F000F000F000ULL) >> 12);
    }
}

/**
 * lh_exact_mirror_rows:
 * Returns: @board mirrored top to bottom within @rows rows (2 to 4).
 */
static inline LhBoard
lh_exact_mirror_rows (LhBoard board, guint rows)
{
  switch (rows)
    {
    case 2:
      return ((board & 0xFFFFULL) << 16) | ((board >> 16) & 0xFFFFULL);
    case 3:
      return ((board & 0xFFFFULL) << 32) | (board & 0xFFFF0000ULL) | ((board >> 32) & 0xFFFFULL);
    default:
      return ((board & 0xFFFFULL) << 48) | ((board & 0xFFFF0000ULL) << 16)
             | ((board >> 16) & 0xFFFF0000ULL) | ((board >> 48) & 0xFFFFULL);
    }
}

static inline LhBoard
lh_exact_min4 (LhBoard a, LhBoard b, LhBoard c, LhBoard d)
{
  LhBoard ab = a < b ? a : b;
  LhBoard cd = c < d ? c : d;
  return ab < cd ? ab : cd;
}

/**
 * lh_exact_canonical:
 * Returns: the representative of @board's class under @geometry's
 *   symmetries: the smallest of its images.  Two boards have the same
 *   representative exactly when a symmetry turns one into the other.
 */
static inline LhBoard
lh_exact_canonical (LhBoard board, LhGeometry geometry)
{
  LhBoard h = lh_exact_mirror_columns (board, geometry.cols);
  LhBoard v = lh_exact_mirror_rows (board, geometry.rows);
  LhBoard hv = lh_exact_mirror_rows (h, geometry.rows);
  LhBoard best = lh_exact_min4 (board, h, v, hv);

  if (geometry.rows == geometry.cols)
    {
      LhBoard t = lh_exact_min4 (lh_board_transpose (board), lh_board_transpose (h),
                                 lh_board_transpose (v), lh_board_transpose (hv));
      best = best < t ? best : t;
    }
  return best;
}

G_END_DECLS
