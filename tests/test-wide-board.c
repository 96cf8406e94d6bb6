/* test-wide-board.c: the wide board (lh-wide-board.h) against a plain
 * implementation of the rules written here (a grid of ints, every move as
 * "left" on a turned grid), over many random boards of every size from
 * 2x2 to 5x5, with tiles up to 2^31: merges of 32768 + 32768 = 65536 and
 * beyond, and two 2^31 tiles that do not merge.  And against the 64-bit
 * board where both hold the board: the same moves, points, spawns. */
#include <string.h>

#include "lh-board.h"
#include "lh-rng.h"
#include "lh-wide-board.h"

typedef struct {
  guint rows, cols;
  guint cell[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE];
} Grid;

/* "Left" on every row of @grid: the plain rules. */
static guint64
plain_left (Grid *grid)
{
  guint64 points = 0;

  for (guint r = 0; r < grid->rows; r++)
    {
      guint tiles[LH_WIDE_MAX_SIDE], n = 0, out[LH_WIDE_MAX_SIDE] = { 0 }, k = 0;

      for (guint c = 0; c < grid->cols; c++)
        if (grid->cell[r][c] != 0)
          tiles[n++] = grid->cell[r][c];
      for (guint i = 0; i < n; )
        if (i + 1 < n && tiles[i] == tiles[i + 1] && tiles[i] < 31)
          {
            out[k++] = tiles[i] + 1;
            points += (guint64) 1 << (tiles[i] + 1);
            i += 2;
          }
        else
          out[k++] = tiles[i++];
      for (guint c = 0; c < grid->cols; c++)
        grid->cell[r][c] = out[c];
    }
  return points;
}

/* @grid turned a quarter clockwise (rows become columns). */
static Grid
turn (const Grid *grid)
{
  Grid t = { .rows = grid->cols, .cols = grid->rows };

  for (guint r = 0; r < grid->rows; r++)
    for (guint c = 0; c < grid->cols; c++)
      t.cell[c][grid->rows - 1 - r] = grid->cell[r][c];
  return t;
}

/* @move on @grid: turned until the move is "left", moved, turned back. */
static guint64
plain_move (Grid *grid, LhMove move)
{
  /* Quarter turns clockwise that make @move "left". */
  static const guint turns[LH_N_MOVES] = { [LH_MOVE_UP] = 3, [LH_MOVE_DOWN] = 1,
                                           [LH_MOVE_LEFT] = 0, [LH_MOVE_RIGHT] = 2 };
  Grid g = *grid;
  guint64 points;

  for (guint i = 0; i < turns[move]; i++)
    g = turn (&g);
  points = plain_left (&g);
  for (guint i = turns[move]; i % 4 != 0; i++)
    g = turn (&g);
  *grid = g;
  return points;
}

static LhWideBoard
to_wide (const Grid *grid)
{
  LhWideBoard b = 0;

  for (guint r = 0; r < grid->rows; r++)
    for (guint c = 0; c < grid->cols; c++)
      b = lh_wide_board_set_cell (b, r, c, grid->cell[r][c]);
  return b;
}

/* A board with many equal neighbours: exponents near a random base, a
 * quarter of the cells empty; the base sometimes 14 to 16 (32768 merges),
 * sometimes 29 to 31 (the top). */
static Grid
random_grid (LhRng *rng, guint rows, guint cols)
{
  Grid g = { .rows = rows, .cols = cols };
  guint base;

  switch (lh_rng_below (rng, 4))
    {
    case 0:
      base = 14 + lh_rng_below (rng, 3);
      break;
    case 1:
      base = 29 + lh_rng_below (rng, 3);
      break;
    default:
      base = 1 + lh_rng_below (rng, 28);
      break;
    }
  for (guint r = 0; r < rows; r++)
    for (guint c = 0; c < cols; c++)
      if (lh_rng_below (rng, 4) != 0)
        {
          int e = (int) base + (int) lh_rng_below (rng, 5) - 2;

          g.cell[r][c] = (guint) CLAMP (e, 1, 31);
        }
  return g;
}

static void
test_rules (void)
{
  LhRng rng;
  guint merges_past_15 = 0, top_pairs = 0;

  lh_rng_init (&rng, 2028);
  for (guint rows = 2; rows <= LH_WIDE_MAX_SIDE; rows++)
    for (guint cols = 2; cols <= LH_WIDE_MAX_SIDE; cols++)
      for (guint i = 0; i < 3000; i++)
        {
          LhGeometry geometry = { (guint8) rows, (guint8) cols };
          Grid grid = random_grid (&rng, rows, cols);
          LhWideBoard board = to_wide (&grid);
          guint legal = 0, empty = 0, max = 0;

          for (guint r = 0; r < rows; r++)
            for (guint c = 0; c < cols; c++)
              {
                g_assert_cmpuint (lh_wide_board_get_cell (board, r, c), ==, grid.cell[r][c]);
                empty += grid.cell[r][c] == 0;
                max = MAX (max, grid.cell[r][c]);
              }
          g_assert_cmpuint (lh_wide_board_count_empty (board, geometry), ==, empty);
          g_assert_cmpuint (lh_wide_board_max_exponent (board), ==, max);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              Grid expected = grid;
              guint64 plain_points = plain_move (&expected, (LhMove) m);
              guint64 points = 7;
              LhWideBoard after = lh_wide_board_move (board, geometry, (LhMove) m, &points);

              g_assert_true (after == to_wide (&expected));
              if (after != board)
                {
                  legal |= 1u << m;
                  g_assert_cmpuint (points, ==, plain_points);
                  merges_past_15 += lh_wide_board_max_exponent (after) >= 16
                                    && lh_wide_board_max_exponent (board) == 15;
                }
              else
                g_assert_cmpuint (points, ==, 0);
              top_pairs += max == 31 && plain_points == 0 && after == board;
            }
          g_assert_cmpuint (lh_wide_board_legal_moves (board, geometry), ==, legal);
        }
  /* The cases the issue names did occur. */
  g_assert_cmpuint (merges_past_15, >, 100);
  g_assert_cmpuint (top_pairs, >, 0);
}

/* Hand cases: 32768 + 32768 = 65536 on 4x4; two 2^31 stay apart; a 5-cell
 * line merges the pair nearest the wall first. */
static void
test_cases (void)
{
  LhGeometry g4 = { 4, 4 }, g5 = { 5, 5 };
  LhWideBoard b = 0, after;
  guint64 points;

  b = lh_wide_board_set_cell (b, 0, 0, 15);
  b = lh_wide_board_set_cell (b, 0, 1, 15);
  after = lh_wide_board_move (b, g4, LH_MOVE_LEFT, &points);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 0, 0), ==, 16);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 0, 1), ==, 0);
  g_assert_cmpuint (points, ==, 65536);

  b = lh_wide_board_set_cell (0, 2, 3, 31);
  b = lh_wide_board_set_cell (b, 2, 4, 31);
  g_assert_true (lh_wide_board_move (b, g5, LH_MOVE_RIGHT, &points) == b);
  g_assert_cmpuint (points, ==, 0);
  after = lh_wide_board_move (b, g5, LH_MOVE_LEFT, &points);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 2, 0), ==, 31);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 2, 1), ==, 31);
  g_assert_cmpuint (points, ==, 0);

  /* 2 2 2 2 2 -> 4 4 2 . . (left) and . . 2 4 4 (right). */
  b = 0;
  for (guint c = 0; c < 5; c++)
    b = lh_wide_board_set_cell (b, 4, c, 1);
  after = lh_wide_board_move (b, g5, LH_MOVE_LEFT, &points);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 0), ==, 2);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 1), ==, 2);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 2), ==, 1);
  g_assert_cmpuint (points, ==, 8);
  after = lh_wide_board_move (b, g5, LH_MOVE_RIGHT, NULL);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 4), ==, 2);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 3), ==, 2);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 4, 2), ==, 1);

  /* No cell outside the geometry is ever written. */
  b = lh_wide_board_set_cell (0, 0, 0, 3);
  after = lh_wide_board_move (b, (LhGeometry) { 2, 3 }, LH_MOVE_RIGHT, NULL);
  g_assert_cmpuint (lh_wide_board_get_cell (after, 0, 2), ==, 3);
  g_assert_true (after == lh_wide_board_set_cell (0, 0, 2, 3));
}

/* Where the 64-bit board holds the board (sides up to 4, no tile of 32768
 * twice on a line), the two agree on moves, points, spawns and the
 * conversion both ways. */
static void
test_same_as_board (void)
{
  LhRng rng;

  lh_engine_init ();
  lh_rng_init (&rng, 11);
  for (guint rows = 2; rows <= 4; rows++)
    for (guint cols = 2; cols <= 4; cols++)
      for (guint i = 0; i < 3000; i++)
        {
          LhGeometry geometry = { (guint8) rows, (guint8) cols };
          LhBoard board = 0, back = 0;
          LhWideBoard wide;
          LhRng a, b;

          for (guint r = 0; r < rows; r++)
            for (guint c = 0; c < cols; c++)
              if (lh_rng_below (&rng, 3) != 0)
                board = lh_board_set_cell (board, r, c, 1 + lh_rng_below (&rng, 14));
          wide = lh_wide_board_from_board (board, geometry);
          g_assert_true (lh_wide_board_to_board (wide, geometry, &back));
          g_assert_cmpuint (back, ==, board);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              guint32 points;
              guint64 wide_points;
              LhBoard after = lh_board_move (board, geometry, (LhMove) m, &points);
              LhWideBoard wide_after = lh_wide_board_move (wide, geometry, (LhMove) m, &wide_points);

              g_assert_true (wide_after == lh_wide_board_from_board (after, geometry));
              g_assert_cmpuint (wide_points, ==, points);
            }
          g_assert_cmpuint (lh_wide_board_legal_moves (wide, geometry), ==,
                            lh_board_legal_moves (board, geometry));
          lh_rng_init (&a, i);
          lh_rng_init (&b, i);
          g_assert_true (lh_wide_board_spawn (wide, geometry, &a)
                         == lh_wide_board_from_board (lh_board_spawn (board, geometry, &b), geometry));
          g_assert_cmpuint (lh_rng_below (&a, 1000000), ==, lh_rng_below (&b, 1000000));
        }

  /* What does not fit: a side of 5, a tile above 32768. */
  {
    LhBoard out = 42;

    g_assert_false (lh_wide_board_to_board (0, (LhGeometry) { 5, 4 }, &out));
    g_assert_false (lh_wide_board_to_board (lh_wide_board_set_cell (0, 1, 1, 16),
                                            LH_GEOMETRY_DEFAULT, &out));
    g_assert_cmpuint (out, ==, 42);
    g_assert_true (lh_wide_board_to_board (lh_wide_board_set_cell (0, 1, 1, 15),
                                           LH_GEOMETRY_DEFAULT, &out));
    g_assert_cmpuint (out, ==, lh_board_set_cell (0, 1, 1, 15));
  }
}

/* Spawns on 5x5: only empty cells inside the geometry, 2 or 4 at 9 to 1. */
static void
test_spawn (void)
{
  LhGeometry g = { 5, 5 };
  LhRng rng;
  guint fours = 0, counts[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE] = { { 0 } };
  const guint n = 50000;

  lh_rng_init (&rng, 3);
  for (guint i = 0; i < n; i++)
    {
      LhWideBoard board = lh_wide_board_set_cell (0, 2, 2, 5);
      LhWideBoard after = lh_wide_board_spawn (board, g, &rng);
      LhWideBoard added = after ^ board;
      guint cell = 0;

      g_assert_true (added != 0);
      while ((added & 0x1f) == 0)
        added >>= LH_WIDE_CELL_BITS, cell++;
      g_assert_cmpuint (cell % LH_WIDE_MAX_SIDE, <, 5);
      g_assert_cmpuint (cell, !=, 2 * LH_WIDE_MAX_SIDE + 2);
      g_assert_true (added == 1 || added == 2);
      fours += added == 2;
      counts[cell / LH_WIDE_MAX_SIDE][cell % LH_WIDE_MAX_SIDE]++;
    }
  /* 10 % fours within 5 standard errors; every one of the 24 cells. */
  g_assert_cmpfloat (ABS ((double) fours / n - 0.1), <, 5 * 0.0014);
  for (guint r = 0; r < 5; r++)
    for (guint c = 0; c < 5; c++)
      if (r != 2 || c != 2)
        g_assert_cmpuint (counts[r][c], >, n / 24 / 2);

  /* A full board gets nothing. */
  {
    LhWideBoard full = 0;

    for (guint r = 0; r < 5; r++)
      for (guint c = 0; c < 5; c++)
        full = lh_wide_board_set_cell (full, r, c, 1 + (r + c) % 2);
    g_assert_true (lh_wide_board_spawn (full, g, &rng) == full);
    g_assert_cmpuint (lh_wide_board_legal_moves (full, g), ==, 0);
  }
}

/* Tile-downgrading, written from its definition: the missing exponents
 * below the largest, the n highest of them, each tile down by the number
 * of those below it. */
static Grid
plain_downgrade (const Grid *grid, guint n, guint *closed)
{
  gboolean present[LH_WIDE_MAX_EXPONENT + 1] = { FALSE };
  gboolean chosen[LH_WIDE_MAX_EXPONENT + 1] = { FALSE };
  guint max = 0, k = 0;
  Grid out = *grid;

  for (guint r = 0; r < grid->rows; r++)
    for (guint c = 0; c < grid->cols; c++)
      {
        present[grid->cell[r][c]] = TRUE;
        max = MAX (max, grid->cell[r][c]);
      }
  for (guint e = max; e-- > 1 && k < n;)
    if (!present[e])
      {
        chosen[e] = TRUE;
        k++;
      }
  *closed = k;
  for (guint r = 0; r < grid->rows; r++)
    for (guint c = 0; c < grid->cols; c++)
      {
        guint e = grid->cell[r][c], below = 0;

        for (guint h = 1; h < e; h++)
          below += chosen[h];
        out.cell[r][c] = e - below;
      }
  return out;
}

static void
test_downgrade (void)
{
  LhGeometry g44 = { 4, 4 };
  LhRng rng;
  guint closed;
  /* 65536 32768 8192 2 (no 16384): 32768 16384 8192 2. */
  LhWideBoard b = lh_wide_board_set_cell (lh_wide_board_set_cell (
                    lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 16), 0, 1, 15),
                    0, 2, 13), 3, 3, 1);
  LhWideBoard d = lh_wide_board_downgrade (b, 1, &closed);
  LhBoard narrow;

  g_assert_cmpuint (closed, ==, 1);
  g_assert_true (lh_wide_board_to_board (d, g44, &narrow));
  g_assert_cmpuint (lh_board_get_cell (narrow, 0, 0), ==, 15);
  g_assert_cmpuint (lh_board_get_cell (narrow, 0, 1), ==, 14);
  g_assert_cmpuint (lh_board_get_cell (narrow, 0, 2), ==, 13);
  g_assert_cmpuint (lh_board_get_cell (narrow, 3, 3), ==, 1);
  /* Two holes closed: 14 and 12 are the highest missing; 13 goes to 12. */
  d = lh_wide_board_downgrade (b, 2, &closed);
  g_assert_cmpuint (closed, ==, 2);
  g_assert_cmpuint (lh_wide_board_get_cell (d, 0, 0), ==, 14);
  g_assert_cmpuint (lh_wide_board_get_cell (d, 0, 1), ==, 13);
  g_assert_cmpuint (lh_wide_board_get_cell (d, 0, 2), ==, 12);
  g_assert_cmpuint (lh_wide_board_get_cell (d, 3, 3), ==, 1);
  /* A board that misses nothing below its largest tile stays. */
  b = lh_wide_board_set_cell (lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 1), 0, 1, 2),
                              1, 0, 3);
  g_assert_true (lh_wide_board_downgrade (b, 3, &closed) == b);
  g_assert_cmpuint (closed, ==, 0);
  g_assert_true (lh_wide_board_downgrade (0, 1, &closed) == 0);

  lh_rng_init (&rng, 65536);
  for (guint i = 0; i < 20000; i++)
    {
      guint rows = 2 + lh_rng_below (&rng, 4), cols = 2 + lh_rng_below (&rng, 4);
      Grid grid = random_grid (&rng, rows, cols);
      guint n = 1 + lh_rng_below (&rng, 6), plain_closed;
      Grid expected = plain_downgrade (&grid, n, &plain_closed);

      g_assert_true (lh_wide_board_downgrade (to_wide (&grid), n, &closed) == to_wide (&expected));
      g_assert_cmpuint (closed, ==, plain_closed);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/wide-board/rules", test_rules);
  g_test_add_func ("/wide-board/cases", test_cases);
  g_test_add_func ("/wide-board/same-as-board", test_same_as_board);
  g_test_add_func ("/wide-board/spawn", test_spawn);
  g_test_add_func ("/wide-board/downgrade", test_downgrade);
  return g_test_run ();
}
