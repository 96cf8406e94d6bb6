/* lh-tile-motion.c: per-tile paths of a move (see lh-tile-motion.h). */
#include "lh-tile-motion.h"

/* Cell of position @k (0 = the wall the tiles slide to) on line @line. */
static void
line_cell (LhGeometry geometry, LhMove move, guint line, guint k, guint *row, guint *col)
{
  switch (move)
    {
    case LH_MOVE_LEFT:
      *row = line;
      *col = k;
      break;
    case LH_MOVE_RIGHT:
      *row = line;
      *col = geometry.cols - 1 - k;
      break;
    case LH_MOVE_UP:
      *row = k;
      *col = line;
      break;
    case LH_MOVE_DOWN:
    default:
      *row = geometry.rows - 1 - k;
      *col = line;
      break;
    }
}

guint
lh_tile_motions_compute (LhWideBoard   board,
                         LhGeometry    geometry,
                         LhRules       rules,
                         LhMove        move,
                         LhTileMotion  motions[LH_TILE_MOTIONS_MAX],
                         LhWideBoard  *afterstate)
{
  gboolean horizontal = move == LH_MOVE_LEFT || move == LH_MOVE_RIGHT;
  guint n_lines = horizontal ? geometry.rows : geometry.cols;
  guint line_length = horizontal ? geometry.cols : geometry.rows;
  /* The largest tile that still merges is one below the rules' cap. */
  guint cap = rules == LH_RULES_2048_CAPPED ? LH_MAX_EXPONENT : LH_WIDE_MAX_EXPONENT;
  LhWideBoard result = 0;
  guint n = 0;

  for (guint line = 0; line < n_lines; line++)
    {
      int dest = -1;            /* last occupied position of the afterstate */
      guint dest_exponent = 0;  /* its exponent while it can still merge, else 0 */
      guint dest_motion = 0;    /* index of the motion that occupies dest */

      for (guint k = 0; k < line_length; k++)
        {
          guint row, col, to_row, to_col;
          guint e;

          line_cell (geometry, move, line, k, &row, &col);
          e = lh_wide_board_get_cell (board, row, col);
          if (e == 0)
            continue;

          if (dest_exponent != 0 && dest_exponent == e && e < cap)
            {
              /* Merge into the tile at dest; it cannot merge again this move. */
              line_cell (geometry, move, line, (guint) dest, &to_row, &to_col);
              motions[dest_motion].merged = TRUE;
              motions[n] = (LhTileMotion) { row, col, to_row, to_col, e, TRUE };
              result = lh_wide_board_set_cell (result, to_row, to_col, e + 1);
              dest_exponent = 0;
              n++;
            }
          else
            {
              dest++;
              line_cell (geometry, move, line, (guint) dest, &to_row, &to_col);
              motions[n] = (LhTileMotion) { row, col, to_row, to_col, e, FALSE };
              result = lh_wide_board_set_cell (result, to_row, to_col, e);
              dest_exponent = e;
              dest_motion = n;
              n++;
            }
        }
    }

  if (afterstate != NULL)
    *afterstate = result;
  return n;
}
