/* lh-wide-board.c: the wide board (see lh-wide-board.h). */
#include "lh-wide-board.h"

#define CELL_MASK 0x1fu

gboolean
lh_wide_geometry_is_valid (LhGeometry geometry)
{
  return geometry.rows >= LH_GEOMETRY_MIN_SIDE && geometry.rows <= LH_WIDE_MAX_SIDE
         && geometry.cols >= LH_GEOMETRY_MIN_SIDE && geometry.cols <= LH_WIDE_MAX_SIDE;
}

/* Slides the @n exponents of @line toward line[0] (the wall) and merges
 * equal neighbours once, the pair nearest the wall first; returns the
 * points. */
static guint64
slide_line (guint line[LH_WIDE_MAX_SIDE], guint n)
{
  guint out[LH_WIDE_MAX_SIDE] = { 0 };
  guint k = 0;
  guint64 points = 0;
  gboolean can_merge = FALSE;

  for (guint i = 0; i < n; i++)
    {
      guint e = line[i];

      if (e == 0)
        continue;
      if (can_merge && out[k - 1] == e && e < LH_WIDE_MAX_EXPONENT)
        {
          out[k - 1] = e + 1;
          points += (guint64) 1 << (e + 1);
          can_merge = FALSE;
        }
      else
        {
          out[k++] = e;
          can_merge = TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    line[i] = out[i];
  return points;
}

LhWideBoard
lh_wide_board_move (LhWideBoard board, LhGeometry g, LhMove move, guint64 *points)
{
  /* Each line from its wall: the first cell and the step between cells. */
  gboolean rows = move == LH_MOVE_LEFT || move == LH_MOVE_RIGHT;
  gboolean reverse = move == LH_MOVE_RIGHT || move == LH_MOVE_DOWN;
  guint n_lines = rows ? g.rows : g.cols, length = rows ? g.cols : g.rows;
  LhWideBoard result = board;
  guint64 gained = 0;

  g_return_val_if_fail (lh_wide_geometry_is_valid (g), board);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, board);

  for (guint l = 0; l < n_lines; l++)
    {
      guint line[LH_WIDE_MAX_SIDE];

      for (guint i = 0; i < length; i++)
        {
          guint k = reverse ? length - 1 - i : i;

          line[i] = rows ? lh_wide_board_get_cell (board, l, k) : lh_wide_board_get_cell (board, k, l);
        }
      gained += slide_line (line, length);
      for (guint i = 0; i < length; i++)
        {
          guint k = reverse ? length - 1 - i : i;

          result = rows ? lh_wide_board_set_cell (result, l, k, line[i])
                        : lh_wide_board_set_cell (result, k, l, line[i]);
        }
    }
  if (points != NULL)
    *points = result == board ? 0 : gained;
  return result;
}

guint
lh_wide_board_legal_moves (LhWideBoard board, LhGeometry geometry)
{
  guint legal = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (lh_wide_board_move (board, geometry, (LhMove) m, NULL) != board)
      legal |= 1u << m;
  return legal;
}

guint
lh_wide_board_count_empty (LhWideBoard board, LhGeometry geometry)
{
  guint n = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      n += lh_wide_board_get_cell (board, r, c) == 0;
  return n;
}

guint
lh_wide_board_max_exponent (LhWideBoard board)
{
  guint best = 0;

  for (; board != 0; board >>= LH_WIDE_CELL_BITS)
    best = MAX (best, (guint) board & CELL_MASK);
  return best;
}

LhWideBoard
lh_wide_board_spawn (LhWideBoard board, LhGeometry geometry, LhRng *rng)
{
  guint n = lh_wide_board_count_empty (board, geometry), k;

  if (n == 0)
    return board;
  k = lh_rng_below (rng, n);
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      if (lh_wide_board_get_cell (board, r, c) == 0 && k-- == 0)
        /* 4 with probability 1/10 (LH_SPAWN_FOUR_PROBABILITY), else 2. */
        return lh_wide_board_set_cell (board, r, c, lh_rng_below (rng, 10) == 0 ? 2 : 1);
  g_assert_not_reached ();
}

LhWideBoard
lh_wide_board_from_board (LhBoard board, LhGeometry geometry)
{
  LhWideBoard wide = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      wide = lh_wide_board_set_cell (wide, r, c, lh_board_get_cell (board, r, c));
  return wide;
}

gboolean
lh_wide_board_to_board (LhWideBoard board, LhGeometry geometry, LhBoard *board_out)
{
  LhBoard narrow = 0;

  if (!lh_geometry_is_valid (geometry) || lh_wide_board_max_exponent (board) > LH_MAX_EXPONENT)
    return FALSE;
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      narrow = lh_board_set_cell (narrow, r, c, lh_wide_board_get_cell (board, r, c));
  *board_out = narrow;
  return TRUE;
}
