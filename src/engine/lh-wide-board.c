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
 * points.  @n_tiles (optional) gets the tiles left, @last_merged (optional)
 * whether the last of them came from a merge. */
static guint64
slide_line_full (guint line[LH_WIDE_MAX_SIDE], guint n, guint *n_tiles, gboolean *last_merged)
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
  if (n_tiles != NULL)
    *n_tiles = k;
  if (last_merged != NULL)
    *last_merged = k > 0 && !can_merge;
  return points;
}

static guint64
slide_line (guint line[LH_WIDE_MAX_SIDE], guint n)
{
  return slide_line_full (line, n, NULL, NULL);
}

/* The line table: every line of 4 cells whose exponents are 0..15 (4 bits
 * a cell, cell i at bit 4i, cell 0 at the wall), slid toward the wall:
 *   bits 0-19   the slid cells, 5 bits each (so 32768 + 32768 = 65536 is
 *               in the table),
 *   bits 20-22  how many cells are not empty after the slide,
 *   bit 23      set when the last of them is the product of a merge (it
 *               cannot merge again in this move),
 *   bits 32-63  the points.
 * 65,536 entries, 512 KiB: small enough to stay in the cache.  A line of 2
 * or 3 cells is a line of 4 whose last cells are empty; a line of 5 goes
 * through the table for its first 4 cells, and its 5th is put after them
 * (merged into the last one when it can).  A line holding a tile above
 * 32768 (a 4x4 game past 65536: rare) is slid cell by cell (slide_line()). */
static guint64 *line_table;

#define LINE_COUNT_SHIFT 20
#define LINE_LAST_MERGED (1u << 23)

static void
build_line_table (void)
{
  guint64 *table = g_new (guint64, 65536);

  for (guint index = 0; index < 65536; index++)
    {
      guint cells[LH_WIDE_MAX_SIDE] = { 0 }, k;
      guint64 points, entry = 0;
      gboolean last_merged;

      for (guint i = 0; i < 4; i++)
        cells[i] = (index >> (4 * i)) & 0xf;
      points = slide_line_full (cells, 4, &k, &last_merged);
      for (guint i = 0; i < k; i++)
        entry |= (guint64) cells[i] << (LH_WIDE_CELL_BITS * i);
      entry |= (guint64) k << LINE_COUNT_SHIFT;
      if (last_merged)
        entry |= LINE_LAST_MERGED;
      table[index] = entry | points << 32;
    }
  line_table = table;
}

static void
ensure_line_table (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      build_line_table ();
      g_once_init_leave (&built, 1);
    }
}

/* Slides @line (@n exponents, line[0] at the wall) toward the wall, in
 * place; returns the points. */
static inline guint64
slide_toward_wall (guint line[LH_WIDE_MAX_SIDE], guint n)
{
  guint index = 0, k;
  guint64 e;

  for (guint i = 0; i < n; i++)
    if (line[i] > LH_MAX_EXPONENT)
      return slide_line (line, n);
  for (guint i = 0; i < n && i < 4; i++)
    index |= line[i] << (4 * i);
  e = line_table[index];
  k = (guint) (e >> LINE_COUNT_SHIFT) & 7;
  if (n == LH_WIDE_MAX_SIDE)
    {
      guint last = line[4];

      for (guint i = 0; i < 4; i++)
        line[i] = (guint) (e >> (LH_WIDE_CELL_BITS * i)) & CELL_MASK;
      line[4] = 0;
      if (last != 0)
        {
          if (k > 0 && !(e & LINE_LAST_MERGED) && line[k - 1] == last)
            {
              line[k - 1] = last + 1;
              return (e >> 32) + ((guint64) 1 << (last + 1));
            }
          line[k] = last;
        }
      return e >> 32;
    }
  for (guint i = 0; i < n; i++)
    line[i] = (guint) (e >> (LH_WIDE_CELL_BITS * i)) & CELL_MASK;
  return e >> 32;
}

LhWideBoard
lh_wide_board_move (LhWideBoard board, LhGeometry g, LhMove move, guint64 *points)
{
  /* Each line numbered from its wall, read from and written to the rows as
   * 32-bit words: a 128-bit shift per row, not per cell. */
  gboolean rows = move == LH_MOVE_LEFT || move == LH_MOVE_RIGHT;
  gboolean reverse = move == LH_MOVE_RIGHT || move == LH_MOVE_DOWN;
  guint n_lines = rows ? g.rows : g.cols, length = rows ? g.cols : g.rows;
  guint32 in[LH_WIDE_MAX_SIDE], out[LH_WIDE_MAX_SIDE] = { 0 };
  LhWideBoard result = 0;
  guint64 gained = 0;

  g_return_val_if_fail (lh_wide_geometry_is_valid (g), board);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, board);

  ensure_line_table ();
  lh_wide_board_get_rows (board, g, in);
  for (guint l = 0; l < n_lines; l++)
    {
      guint line[LH_WIDE_MAX_SIDE];

      for (guint i = 0; i < length; i++)
        {
          guint k = reverse ? length - 1 - i : i;

          line[i] = rows ? (in[l] >> (LH_WIDE_CELL_BITS * k)) & CELL_MASK
                         : (in[k] >> (LH_WIDE_CELL_BITS * l)) & CELL_MASK;
        }
      gained += slide_toward_wall (line, length);
      for (guint i = 0; i < length; i++)
        {
          guint k = reverse ? length - 1 - i : i;

          if (rows)
            out[l] |= (guint32) line[i] << (LH_WIDE_CELL_BITS * k);
          else
            out[k] |= (guint32) line[i] << (LH_WIDE_CELL_BITS * l);
        }
    }
  for (guint r = 0; r < g.rows; r++)
    result |= (LhWideBoard) out[r] << (LH_WIDE_CELL_BITS * LH_WIDE_MAX_SIDE * r);
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
  guint32 rows[LH_WIDE_MAX_SIDE];
  guint n = 0;

  lh_wide_board_get_rows (board, geometry, rows);
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      n += ((rows[r] >> (LH_WIDE_CELL_BITS * c)) & CELL_MASK) == 0;
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

/* The top bit of each cell of a 4-cell row of 5-bit cells. */
#define ROW4_HIGH_BITS 0x84210u

LhWideBoard
lh_wide_board_from_board (LhBoard board, LhGeometry geometry)
{
  LhWideBoard wide = 0;

  /* Each 16-bit row spread to 5 bits a cell: a few operations a row, not
   * one 128-bit shift a cell. */
  for (guint r = 0; r < geometry.rows; r++)
    {
      guint32 x = (guint32) (board >> (16 * r)) & 0xffff;
      guint32 row = (x & 0xf) | ((x & 0xf0) << 1) | ((x & 0xf00) << 2) | ((x & 0xf000) << 3);

      wide |= (LhWideBoard) row << (LH_WIDE_CELL_BITS * LH_WIDE_MAX_SIDE * r);
    }
  return wide;
}

gboolean
lh_wide_board_to_board (LhWideBoard board, LhGeometry geometry, LhBoard *board_out)
{
  guint32 rows[LH_WIDE_MAX_SIDE];
  LhBoard narrow = 0;

  if (!lh_geometry_is_valid (geometry))
    return FALSE;
  lh_wide_board_get_rows (board, geometry, rows);
  for (guint r = 0; r < geometry.rows; r++)
    {
      guint32 y = rows[r];

      if ((y & ROW4_HIGH_BITS) != 0)
        return FALSE;  /* a tile above 32768 */
      narrow |= (LhBoard) ((y & 0xf) | ((y >> 1) & 0xf0) | ((y >> 2) & 0xf00) | ((y >> 3) & 0xf000))
                << (16 * r);
    }
  *board_out = narrow;
  return TRUE;
}

LhWideBoard
lh_wide_board_downgrade (LhWideBoard board, guint n, guint *closed)
{
  guint32 present = 0, holes, step[LH_WIDE_MAX_EXPONENT + 1];
  guint max, n_holes, lowest;
  LhWideBoard result = 0;

  for (LhWideBoard b = board; b != 0; b >>= LH_WIDE_CELL_BITS)
    present |= 1u << ((guint) b & CELL_MASK);
  present &= ~1u;  /* exponent 0 is an empty cell */
  max = present == 0 ? 0 : 31 - (guint) __builtin_clz (present);
  /* The missing exponents 1 .. max - 1 (TDL2048+'s mask: below the largest
   * tile, empty cells aside). */
  holes = max <= 1 ? 0 : ~present & (((guint32) 1 << max) - 1) & ~(guint32) 1;
  n_holes = (guint) __builtin_popcount (holes);
  /* Keep the n highest. */
  for (; n_holes > n; n_holes--)
    holes &= holes - 1;
  if (closed != NULL)
    *closed = n_holes;
  if (holes == 0)
    return board;

  lowest = (guint) __builtin_ctz (holes);
  for (guint e = 0; e <= LH_WIDE_MAX_EXPONENT; e++)
    step[e] = e > lowest ? (guint) __builtin_popcount (holes & (((guint32) 1 << e) - 1)) : 0;
  for (guint i = 0; i < LH_WIDE_MAX_SIDE * LH_WIDE_MAX_SIDE; i++)
    {
      guint e = (guint) (board >> (LH_WIDE_CELL_BITS * i)) & CELL_MASK;

      result |= (LhWideBoard) (e - step[e]) << (LH_WIDE_CELL_BITS * i);
    }
  return result;
}
