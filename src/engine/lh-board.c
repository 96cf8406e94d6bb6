/* lh-board.c: move tables and board queries.  See lh-board.h for the layout
 * and the rules. */
#include "lh-board.h"

#include <string.h>

guint16 lh_row_left_table[3][65536];
guint16 lh_row_right_table[3][65536];
guint64 lh_col_up_table[3][65536];
guint64 lh_col_down_table[3][65536];
guint32 lh_row_points_table[3][65536];
guint64 lh_row_moves_table[3][65536];

/* Slides one line of @length exponents towards index 0: tiles move as far as
 * they go, equal neighbours merge once, the pair nearest index 0 first.
 * Exponent 15 never merges (see lh-board.h).  Returns the points scored. */
static guint32
slide_line_towards_start (guint line[4], guint length)
{
  guint out[4] = { 0, 0, 0, 0 };
  guint n = 0;
  gboolean last_merged = TRUE; /* no merge into an empty output */
  guint32 points = 0;

  for (guint i = 0; i < length; i++)
    {
      guint e = line[i];
      if (e == 0)
        continue;
      if (n > 0 && !last_merged && out[n - 1] == e && e < LH_MAX_EXPONENT)
        {
          out[n - 1] = e + 1;
          points += (guint32) 1 << (e + 1);
          last_merged = TRUE;
        }
      else
        {
          out[n++] = e;
          last_merged = FALSE;
        }
    }
  memcpy (line, out, sizeof out);
  return points;
}

static void
build_tables (void)
{
  for (guint length = 2; length <= 4; length++)
    {
      guint w = length - 2;
      guint limit = 1u << (4 * length);

      /* Rows with cells beyond @length set never occur for this length; the
       * tables map them to themselves so a stray read is harmless. */
      for (guint row = 0; row < 65536; row++)
        {
          lh_row_left_table[w][row] = (guint16) row;
          lh_row_right_table[w][row] = (guint16) row;
          lh_col_up_table[w][row] = 0;
          lh_col_down_table[w][row] = 0;
          lh_row_points_table[w][row] = 0;
          for (guint i = 0; i < 4; i++)
            {
              guint64 e = (row >> (4 * i)) & 0xf;
              lh_col_up_table[w][row] |= e << (16 * i);
              lh_col_down_table[w][row] |= e << (16 * i);
            }
        }

      for (guint row = 0; row < limit; row++)
        {
          guint line[4] = { 0, 0, 0, 0 }, rev[4] = { 0, 0, 0, 0 };
          guint left = 0, right = 0;
          guint32 points;

          for (guint i = 0; i < length; i++)
            {
              line[i] = (row >> (4 * i)) & 0xf;
              rev[length - 1 - i] = line[i];
            }
          points = slide_line_towards_start (line, length);
          slide_line_towards_start (rev, length);
          for (guint i = 0; i < length; i++)
            {
              left |= line[i] << (4 * i);
              right |= rev[length - 1 - i] << (4 * i);
            }

          lh_row_left_table[w][row] = (guint16) left;
          lh_row_right_table[w][row] = (guint16) right;
          lh_row_points_table[w][row] = points;
          lh_col_up_table[w][row] = 0;
          lh_col_down_table[w][row] = 0;
          for (guint i = 0; i < 4; i++)
            {
              lh_col_up_table[w][row] |= (guint64) ((left >> (4 * i)) & 0xf) << (16 * i);
              lh_col_down_table[w][row] |= (guint64) ((right >> (4 * i)) & 0xf) << (16 * i);
            }
        }

      for (guint row = 0; row < 65536; row++)
        lh_row_moves_table[w][row] = (guint64) lh_row_left_table[w][row]
                                     | (guint64) lh_row_right_table[w][row] << 16
                                     | (guint64) lh_row_points_table[w][row] << 32;
    }
}

void
lh_engine_init (void)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      build_tables ();
      g_once_init_leave (&initialised, 1);
    }
}

gboolean
lh_geometry_is_valid (LhGeometry geometry)
{
  return geometry.rows >= LH_GEOMETRY_MIN_SIDE && geometry.rows <= LH_GEOMETRY_MAX_SIDE
      && geometry.cols >= LH_GEOMETRY_MIN_SIDE && geometry.cols <= LH_GEOMETRY_MAX_SIDE;
}

guint64
lh_geometry_cell_mask (LhGeometry geometry)
{
  guint64 row_mask = (geometry.cols >= 4) ? 0xffff : ((1u << (4 * geometry.cols)) - 1);
  guint64 mask = 0;

  for (guint r = 0; r < geometry.rows; r++)
    mask |= row_mask << (16 * r);
  return mask;
}

guint
lh_board_legal_moves (LhBoard board, LhGeometry geometry)
{
  guint mask = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (lh_board_move (board, geometry, (LhMove) m, NULL) != board)
      mask |= 1u << m;
  return mask;
}

gboolean
lh_board_is_game_over (LhBoard board, LhGeometry geometry)
{
  /* Any empty cell makes some move legal, except on the empty board, which
   * never occurs in play and has no legal move. */
  if (board != 0 && lh_board_count_empty (board, geometry) > 0)
    return FALSE;
  return lh_board_legal_moves (board, geometry) == 0;
}

guint
lh_board_max_exponent (LhBoard board)
{
  guint best = 0;

  for (; board != 0; board >>= 4)
    best = MAX (best, (guint) (board & 0xf));
  return best;
}

guint
lh_board_count_distinct (LhBoard board)
{
  guint seen = 0;

  for (; board != 0; board >>= 4)
    seen |= 1u << (board & 0xf);
  seen &= ~1u;
  return (guint) __builtin_popcount (seen);
}

guint64
lh_board_tile_sum (LhBoard board)
{
  guint64 sum = 0;

  for (; board != 0; board >>= 4)
    sum += lh_tile_value ((guint) (board & 0xf));
  return sum;
}

guint
lh_board_empty_cells (LhBoard board, LhGeometry geometry, guint8 cells[16])
{
  guint n = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      if (lh_board_get_cell (board, r, c) == 0)
        cells[n++] = (guint8) (4 * r + c);
  return n;
}

LhBoard
lh_board_spawn (LhBoard board, LhGeometry geometry, LhRng *rng)
{
  /* One bit (the nibble's lowest) per empty cell inside the geometry; the
   * k-th set bit is the k-th empty cell in reading order, as
   * lh_board_empty_cells() lists them. */
  guint64 row = 0x1111ULL >> (4 * (4 - geometry.cols));
  guint64 inside = 0, occupied = board | (board >> 1), empty;
  guint n, k, cell, exponent;

  for (guint r = 0; r < geometry.rows; r++)
    inside |= row << (16 * r);
  occupied |= occupied >> 2;
  empty = ~occupied & inside;
  n = (guint) __builtin_popcountll (empty);
  if (n == 0)
    return board;
  for (k = lh_rng_below (rng, n); k > 0; k--)
    empty &= empty - 1;
  cell = (guint) __builtin_ctzll (empty) / 4;
  /* 4 with probability 1/10 (LH_SPAWN_FOUR_PROBABILITY), else 2. */
  exponent = lh_rng_below (rng, 10) == 0 ? 2 : 1;
  return board | ((LhBoard) exponent << (4 * cell));
}

static const char *const move_names[LH_N_MOVES] = { "up", "down", "left", "right" };

const char *
lh_move_to_string (LhMove move)
{
  g_return_val_if_fail ((guint) move < LH_N_MOVES, "none");
  return move_names[move];
}

gboolean
lh_move_from_string (const char *text, LhMove *move)
{
  static const char short_names[LH_N_MOVES] = { 'u', 'd', 'l', 'r' };

  g_return_val_if_fail (text != NULL, FALSE);

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (g_ascii_strcasecmp (text, move_names[m]) == 0
        || (text[0] != '\0' && text[1] == '\0' && g_ascii_tolower (text[0]) == short_names[m]))
      {
        *move = (LhMove) m;
        return TRUE;
      }
  return FALSE;
}
