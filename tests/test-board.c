/* test-board.c: the move tables and board queries of lh-board.h, checked
 * against a plain reference implementation (a 2-D array, slid and merged cell
 * by cell) on random boards of every size, plus the rule cases of the issue. */
#include <glib.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-rng.h"
#include "lh-test-util.h"

#define N_RANDOM_BOARDS 100000

/* ---- Reference implementation (independent of the table code) ---------- */

typedef struct {
  int rows, cols;
  int cell[4][4];   /* exponents; 0 empty */
} RefGrid;

static RefGrid
ref_from_board (LhBoard board, LhGeometry g)
{
  RefGrid grid = { g.rows, g.cols, { { 0 } } };

  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      grid.cell[r][c] = (int) ((board >> (4 * (4 * r + c))) & 0xf);
  return grid;
}

static LhBoard
ref_to_board (const RefGrid *grid)
{
  LhBoard board = 0;

  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      board |= (LhBoard) grid->cell[r][c] << (4 * (4 * r + c));
  return board;
}

/* Slides @n cells of @line towards line[0], the textbook way: gather the
 * tiles, then walk them merging each equal pair once (the pair nearest the
 * wall first); exponent 15 never merges.  Returns the points scored. */
static guint32
ref_slide (int *line, int n)
{
  int tiles[4], out[4] = { 0, 0, 0, 0 };
  int k = 0, o = 0;
  guint32 points = 0;

  for (int i = 0; i < n; i++)
    if (line[i] != 0)
      tiles[k++] = line[i];
  for (int i = 0; i < k; i++)
    {
      if (i + 1 < k && tiles[i] == tiles[i + 1] && tiles[i] < 15)
        {
          out[o++] = tiles[i] + 1;
          points += 1u << (tiles[i] + 1);
          i++;
        }
      else
        out[o++] = tiles[i];
    }
  for (int i = 0; i < n; i++)
    line[i] = out[i];
  return points;
}

static guint32
ref_move (RefGrid *grid, LhMove move)
{
  guint32 points = 0;
  int lines = (move == LH_MOVE_LEFT || move == LH_MOVE_RIGHT) ? grid->rows : grid->cols;
  int length = (move == LH_MOVE_LEFT || move == LH_MOVE_RIGHT) ? grid->cols : grid->rows;

  for (int l = 0; l < lines; l++)
    {
      int *cells[4];
      int line[4];

      for (int i = 0; i < length; i++)
        {
          switch (move)
            {
            case LH_MOVE_LEFT:  cells[i] = &grid->cell[l][i]; break;
            case LH_MOVE_RIGHT: cells[i] = &grid->cell[l][length - 1 - i]; break;
            case LH_MOVE_UP:    cells[i] = &grid->cell[i][l]; break;
            case LH_MOVE_DOWN:  cells[i] = &grid->cell[length - 1 - i][l]; break;
            default: g_assert_not_reached ();
            }
          line[i] = *cells[i];
        }
      points += ref_slide (line, length);
      for (int i = 0; i < length; i++)
        *cells[i] = line[i];
    }
  return points;
}

/* ---- Random boards --------------------------------------------------------- */




/* ---- Tests ------------------------------------------------------------------ */

static void
test_moves_match_reference (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhRng rng;
      guint64 n_legal = 0, n_merging = 0, n_blocked_15 = 0;

      lh_rng_init (&rng, 0x5eed0000 + gi);
      for (guint i = 0; i < N_RANDOM_BOARDS; i++)
        {
          LhBoard board = lh_test_random_board (&rng, g);
          guint legal = lh_board_legal_moves (board, g);
          gboolean any_legal = FALSE;

          g_assert_cmpuint (board & ~lh_geometry_cell_mask (g), ==, 0);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              RefGrid grid = ref_from_board (board, g);
              guint32 ref_points = ref_move (&grid, (LhMove) m);
              LhBoard expected = ref_to_board (&grid);
              guint32 points = 0xdeadbeef;
              LhBoard got = lh_board_move (board, g, (LhMove) m, &points);

              if (got != expected || points != ref_points)
                g_error ("%ux%u board %016" G_GINT64_MODIFIER "x, move %s: got %016"
                         G_GINT64_MODIFIER "x (%u points), reference %016"
                         G_GINT64_MODIFIER "x (%u points)",
                         g.rows, g.cols, board, lh_move_to_string ((LhMove) m), got, points,
                         expected, ref_points);
              g_assert_cmpuint (got & ~lh_geometry_cell_mask (g), ==, 0);
              g_assert_cmpuint (lh_board_move (board, g, (LhMove) m, NULL), ==, expected);
              g_assert_cmpuint (!!(legal & (1u << m)), ==, expected != board);
              if (expected != board)
                {
                  any_legal = TRUE;
                  n_legal++;
                }
              if (ref_points > 0)
                n_merging++;
            }
          g_assert_cmpint (lh_board_is_game_over (board, g), ==, !any_legal);

          /* Count boards where two adjacent 32768s sit in a row. */
          for (guint r = 0; r < g.rows; r++)
            for (guint c = 0; c + 1 < g.cols; c++)
              if (lh_board_get_cell (board, r, c) == 15 && lh_board_get_cell (board, r, c + 1) == 15)
                n_blocked_15++;
        }
      /* The generator must actually exercise merges, blocked moves and the
       * 32768 rule, or the comparison above proves little. */
      g_assert_cmpuint (n_merging, >, N_RANDOM_BOARDS / 2);
      g_test_message ("%ux%u: %" G_GUINT64_FORMAT " legal moves, %" G_GUINT64_FORMAT
                      " merging moves, %" G_GUINT64_FORMAT " 32768 pairs",
                      g.rows, g.cols, n_legal, n_merging, n_blocked_15);
      g_assert_cmpuint (n_legal, <, 4ull * N_RANDOM_BOARDS * 99 / 100);
      g_assert_cmpuint (n_blocked_15, >, 1000);
    }
}

typedef struct {
  guint values[4];
  LhMove move;
  guint expected[4];
  guint32 points;
} LineCase;

/* The issue's rule cases, on a line of length 4. */
static const LineCase line_cases[] = {
  { { 2, 2, 2, 2 }, LH_MOVE_LEFT,  { 4, 4, 0, 0 }, 8 },
  { { 4, 4, 8, 0 }, LH_MOVE_LEFT,  { 8, 8, 0, 0 }, 8 },
  { { 2, 2, 2, 0 }, LH_MOVE_RIGHT, { 0, 0, 2, 4 }, 4 },
  { { 2, 2, 2, 2 }, LH_MOVE_RIGHT, { 0, 0, 4, 4 }, 8 },
  { { 2, 0, 0, 2 }, LH_MOVE_LEFT,  { 4, 0, 0, 0 }, 4 },
  { { 2, 4, 0, 4 }, LH_MOVE_LEFT,  { 2, 8, 0, 0 }, 8 },
  { { 8, 4, 4, 0 }, LH_MOVE_RIGHT, { 0, 0, 8, 8 }, 8 },
  { { 0, 0, 0, 2 }, LH_MOVE_LEFT,  { 2, 0, 0, 0 }, 0 },
  { { 16384, 16384, 2, 2 }, LH_MOVE_LEFT, { 32768, 4, 0, 0 }, 32768 + 4 },
  { { 32768, 32768, 2, 2 }, LH_MOVE_LEFT, { 32768, 32768, 4, 0 }, 4 },
  { { 32768, 32768, 0, 0 }, LH_MOVE_RIGHT, { 0, 0, 32768, 32768 }, 0 },
  { { 0, 32768, 0, 32768 }, LH_MOVE_LEFT, { 32768, 32768, 0, 0 }, 0 },
};

static void
check_line_case (const LineCase *lc, gboolean as_column, guint other_side)
{
  /* Place the line in row 1 (or column 1) of a board with @other_side lines. */
  LhGeometry g = as_column ? (LhGeometry) { 4, (guint8) other_side }
                           : (LhGeometry) { (guint8) other_side, 4 };
  LhMove move = lc->move;
  LhBoard board = 0, expected = 0, got;
  guint32 points = 0xdeadbeef;

  if (as_column)
    move = move == LH_MOVE_LEFT ? LH_MOVE_UP : LH_MOVE_DOWN;
  for (guint i = 0; i < 4; i++)
    {
      guint e = lc->values[i] ? (guint) g_bit_nth_lsf (lc->values[i], -1) : 0;
      guint x = lc->expected[i] ? (guint) g_bit_nth_lsf (lc->expected[i], -1) : 0;
      board = as_column ? lh_board_set_cell (board, i, 1, e) : lh_board_set_cell (board, 1, i, e);
      expected = as_column ? lh_board_set_cell (expected, i, 1, x)
                           : lh_board_set_cell (expected, 1, i, x);
    }
  got = lh_board_move (board, g, move, &points);
  g_assert_cmpuint (got, ==, expected);
  g_assert_cmpuint (points, ==, lc->points);
  g_assert_cmpuint (!!(lh_board_legal_moves (board, g) & (1u << move)), ==, got != board);
}

static void
test_rule_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (line_cases); i++)
    for (guint side = 2; side <= 4; side++)
      {
        check_line_case (&line_cases[i], FALSE, side);
        check_line_case (&line_cases[i], TRUE, side);
      }

  /* Lines of length 3 and 2. */
  {
    LhGeometry g = { 2, 3 };
    guint32 points;
    LhBoard b = lh_test_board_from_values (2, 3, (const guint[]) { 2, 2, 2, 0, 0, 0 });
    g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_LEFT, &points), ==,
                      lh_test_board_from_values (2, 3, (const guint[]) { 4, 2, 0, 0, 0, 0 }));
    g_assert_cmpuint (points, ==, 4);
    g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_RIGHT, &points), ==,
                      lh_test_board_from_values (2, 3, (const guint[]) { 0, 2, 4, 0, 0, 0 }));
    g_assert_cmpuint (points, ==, 4);
    g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_DOWN, &points), ==,
                      lh_test_board_from_values (2, 3, (const guint[]) { 0, 0, 0, 2, 2, 2 }));
    g_assert_cmpuint (points, ==, 0);
  }
  {
    LhGeometry g = { 2, 2 };
    guint32 points;
    LhBoard b = lh_test_board_from_values (2, 2, (const guint[]) { 2, 4, 2, 4 });
    g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_UP, &points), ==,
                      lh_test_board_from_values (2, 2, (const guint[]) { 4, 8, 0, 0 }));
    g_assert_cmpuint (points, ==, 12);
    g_assert_cmpuint (lh_board_legal_moves (b, g), ==, (1u << LH_MOVE_UP) | (1u << LH_MOVE_DOWN));
  }
}

static void
test_illegal_move (void)
{
  LhGeometry g = { 4, 4 };
  /* Tiles packed top-left with no equal neighbours: left and up change nothing. */
  LhBoard b = lh_test_board_from_values (4, 4, (const guint[]) { 2, 4, 0, 0,
                                                         8, 2, 0, 0,
                                                         0, 0, 0, 0,
                                                         0, 0, 0, 0 });
  guint32 points = 0xdeadbeef;

  g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_LEFT, &points), ==, b);
  g_assert_cmpuint (points, ==, 0);
  points = 0xdeadbeef;
  g_assert_cmpuint (lh_board_move (b, g, LH_MOVE_UP, &points), ==, b);
  g_assert_cmpuint (points, ==, 0);
  g_assert_cmpuint (lh_board_legal_moves (b, g), ==, (1u << LH_MOVE_DOWN) | (1u << LH_MOVE_RIGHT));
  g_assert_false (lh_board_is_game_over (b, g));

  /* Two 32768s side by side on a 2x2 board, nothing else mergeable: only
   * the moves that slide something are legal, and they score nothing. */
  {
    LhGeometry g2 = { 2, 2 };
    LhBoard b2 = lh_test_board_from_values (2, 2, (const guint[]) { 32768, 32768, 0, 0 });
    g_assert_cmpuint (lh_board_legal_moves (b2, g2), ==, 1u << LH_MOVE_DOWN);
    g_assert_cmpuint (lh_board_move (b2, g2, LH_MOVE_LEFT, &points), ==, b2);
    g_assert_cmpuint (points, ==, 0);
    g_assert_cmpuint (lh_board_move (b2, g2, LH_MOVE_DOWN, &points), ==,
                      lh_test_board_from_values (2, 2, (const guint[]) { 0, 0, 32768, 32768 }));
    g_assert_cmpuint (points, ==, 0);
  }

  /* The empty board: nothing is legal (and it is "game over" by the rule
   * that no move is legal). */
  g_assert_cmpuint (lh_board_legal_moves (0, g), ==, 0);
  g_assert_true (lh_board_is_game_over (0, g));
}

static void
test_geometry_confinement (void)
{
  /* Random games on every size: no move or spawn ever writes a cell outside
   * the geometry (the 3x3 board never gets a tile in column 3 or row 3). */
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      guint64 outside = ~lh_geometry_cell_mask (g);
      LhRng rng;

      lh_rng_init (&rng, 77 + gi);
      for (guint game = 0; game < 200; game++)
        {
          LhBoard b = lh_board_spawn (lh_board_spawn (0, g, &rng), g, &rng);
          for (guint step = 0; step < 2000; step++)
            {
              guint legal = lh_board_legal_moves (b, g);
              LhMove m;

              g_assert_cmpuint (b & outside, ==, 0);
              if (legal == 0)
                break;
              do
                m = (LhMove) lh_rng_below (&rng, 4);
              while (!(legal & (1u << m)));
              b = lh_board_move (b, g, m, NULL);
              g_assert_cmpuint (b & outside, ==, 0);
              b = lh_board_spawn (b, g, &rng);
            }
          g_assert_cmpuint (b & outside, ==, 0);
        }
    }

  /* Explicit: a 3x3 board pushed right and down keeps column 3 and row 3 empty. */
  {
    LhGeometry g = { 3, 3 };
    LhBoard b = lh_test_board_from_values (3, 3, (const guint[]) { 2, 4, 8, 16, 32, 64, 2, 2, 2 });
    for (guint i = 0; i < 4; i++)
      {
        b = lh_board_move (b, g, LH_MOVE_RIGHT, NULL);
        b = lh_board_move (b, g, LH_MOVE_DOWN, NULL);
        for (guint k = 0; k < 4; k++)
          {
            g_assert_cmpuint (lh_board_get_cell (b, k, 3), ==, 0);
            g_assert_cmpuint (lh_board_get_cell (b, 3, k), ==, 0);
          }
      }
  }
}

static void
test_geometry (void)
{
  for (guint r = 0; r <= 5; r++)
    for (guint c = 0; c <= 5; c++)
      g_assert_cmpint (lh_geometry_is_valid ((LhGeometry) { (guint8) r, (guint8) c }), ==,
                       r >= 2 && r <= 4 && c >= 2 && c <= 4);
  g_assert_cmpuint (lh_geometry_cell_mask ((LhGeometry) { 4, 4 }), ==, G_MAXUINT64);
  g_assert_cmpuint (lh_geometry_cell_mask ((LhGeometry) { 2, 2 }), ==, 0x00ff00ffULL);
  g_assert_cmpuint (lh_geometry_cell_mask ((LhGeometry) { 3, 3 }), ==, 0x0fff0fff0fffULL);
  g_assert_cmpuint (lh_geometry_cell_mask ((LhGeometry) { 4, 2 }), ==, 0x00ff00ff00ff00ffULL);
  g_assert_cmpuint (lh_geometry_cell_mask ((LhGeometry) { 2, 4 }), ==, 0xffffffffULL);
  g_assert_true (lh_geometry_equal ((LhGeometry) { 3, 4 }, (LhGeometry) { 3, 4 }));
  g_assert_false (lh_geometry_equal ((LhGeometry) { 3, 4 }, (LhGeometry) { 4, 3 }));
}

typedef struct {
  guint rows, cols;
  guint values[16];
  gboolean over;
} GameOverCase;

static const GameOverCase game_over_cases[] = {
  { 2, 2, { 2, 4, 4, 2 }, TRUE },
  { 2, 2, { 2, 4, 4, 4 }, FALSE },
  { 2, 2, { 2, 4, 2, 8 }, FALSE },                         /* column merge */
  { 2, 2, { 32768, 32768, 2, 4 }, TRUE },                  /* 32768s never merge */
  { 2, 2, { 32768, 2, 32768, 4 }, TRUE },
  { 2, 2, { 16384, 16384, 2, 4 }, FALSE },
  { 2, 3, { 2, 4, 8, 4, 8, 2 }, TRUE },
  { 2, 3, { 2, 4, 8, 4, 8, 8 }, FALSE },
  { 3, 2, { 2, 4, 4, 2, 2, 4 }, TRUE },
  { 3, 2, { 2, 4, 4, 2, 4, 8 }, FALSE },
  { 3, 3, { 2, 4, 2, 4, 2, 4, 2, 4, 2 }, TRUE },
  { 3, 3, { 2, 4, 2, 4, 2, 4, 2, 4, 4 }, FALSE },
  { 3, 3, { 2, 4, 2, 4, 2, 4, 2, 4, 0 }, FALSE },          /* one empty cell */
  { 3, 4, { 2, 4, 8, 16, 4, 8, 16, 32, 8, 16, 32, 64 }, TRUE },
  { 4, 3, { 2, 4, 8, 4, 8, 2, 8, 2, 4, 2, 4, 8 }, TRUE },
  { 4, 4, { 2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2 }, TRUE },
  { 4, 4, { 2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 4 }, FALSE },
  { 4, 4, { 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 2 }, TRUE },
  { 4, 4, { 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 32768 }, TRUE },
  { 4, 4, { 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 2 }, FALSE },
};

static void
test_game_over (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_over_cases); i++)
    {
      const GameOverCase *gc = &game_over_cases[i];
      LhGeometry g = { (guint8) gc->rows, (guint8) gc->cols };
      LhBoard b = lh_test_board_from_values (gc->rows, gc->cols, gc->values);

      g_test_message ("case %u: %ux%u", i, gc->rows, gc->cols);
      g_assert_cmpint (lh_board_is_game_over (b, g), ==, gc->over);
      g_assert_cmpint (lh_board_legal_moves (b, g) == 0, ==, gc->over);
    }
}

/* lh_board_move_all gives lh_board_move's four results. */
static void
test_move_all (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhRng rng;

      lh_rng_init (&rng, 7000 + gi);
      for (guint i = 0; i < 20000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          LhBoard after[LH_N_MOVES];
          guint32 points[LH_N_MOVES];

          lh_board_move_all (b, g, after, points);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              guint32 expected_points;
              LhBoard expected = lh_board_move (b, g, (LhMove) m, &expected_points);

              g_assert_cmphex (after[m], ==, expected);
              g_assert_cmpuint (points[m], ==, expected_points);
            }
        }
    }
}

/* lh_board_spawn draws as its definition says: a uniform index into the
 * empty cells in reading order (lh_board_empty_cells), then 4 at 1/10:
 * the same boards and the same generator state as that reference. */
static void
test_spawn_reference (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhRng rng, a, b;

      lh_rng_init (&rng, 8000 + gi);
      lh_rng_init (&a, 9000 + gi);
      b = a;
      for (guint i = 0; i < 20000; i++)
        {
          LhBoard board = lh_test_random_board (&rng, g);
          guint8 cells[16];
          guint n = lh_board_empty_cells (board, g, cells);
          LhBoard expected = board, got = lh_board_spawn (board, g, &a);

          if (n > 0)
            {
              guint cell = cells[lh_rng_below (&b, n)];
              guint exponent = lh_rng_below (&b, 10) == 0 ? 2 : 1;

              expected = board | ((LhBoard) exponent << (4 * cell));
            }
          g_assert_cmphex (got, ==, expected);
          g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
        }
    }
}

static void
test_queries (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhRng rng;

      lh_rng_init (&rng, 1000 + gi);
      for (guint i = 0; i < 20000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          guint n_empty = 0, max = 0, n_distinct = 0;
          guint64 sum = 0;
          gboolean seen[16] = { FALSE };
          guint8 expected_cells[16], cells[16];
          guint n_cells;

          for (guint r = 0; r < g.rows; r++)
            for (guint c = 0; c < g.cols; c++)
              {
                guint e = (guint) ((b >> (4 * (4 * r + c))) & 0xf);
                if (e == 0)
                  {
                    expected_cells[n_empty++] = (guint8) (4 * r + c);
                    continue;
                  }
                max = MAX (max, e);
                sum += (guint64) 1 << e;
                if (!seen[e])
                  n_distinct++;
                seen[e] = TRUE;
              }
          g_assert_cmpuint (lh_board_count_empty (b, g), ==, n_empty);
          g_assert_cmpuint (lh_board_max_exponent (b), ==, max);
          g_assert_cmpuint (lh_board_tile_sum (b), ==, sum);
          g_assert_cmpuint (lh_board_count_distinct (b), ==, n_distinct);
          n_cells = lh_board_empty_cells (b, g, cells);
          g_assert_cmpuint (n_cells, ==, n_empty);
          g_assert_cmpmem (cells, n_cells, expected_cells, n_empty);
        }
    }

  /* Hand-made values. */
  {
    LhGeometry g = { 4, 4 };
    LhBoard b = lh_test_board_from_values (4, 4, (const guint[]) { 2, 2, 0, 0,
                                                           0, 32768, 4, 0,
                                                           0, 0, 0, 0,
                                                           0, 0, 0, 8 });
    guint8 cells[16];
    g_assert_cmpuint (lh_board_count_empty (b, g), ==, 11);
    g_assert_cmpuint (lh_board_count_distinct (b), ==, 4);
    g_assert_cmpuint (lh_board_max_exponent (b), ==, 15);
    g_assert_cmpuint (lh_board_tile_sum (b), ==, 2 + 2 + 32768 + 4 + 8);
    g_assert_cmpuint (lh_board_empty_cells (b, g, cells), ==, 11);
    g_assert_cmpuint (cells[0], ==, 2);
    g_assert_cmpuint (cells[1], ==, 3);
    g_assert_cmpuint (cells[2], ==, 4);
    g_assert_cmpuint (cells[10], ==, 14);
    g_assert_cmpuint (lh_board_max_exponent (0), ==, 0);
    g_assert_cmpuint (lh_board_count_distinct (0), ==, 0);
    g_assert_cmpuint (lh_board_tile_sum (0), ==, 0);
    g_assert_cmpuint (lh_board_count_empty (0, (LhGeometry) { 2, 3 }), ==, 6);
    g_assert_cmpuint (lh_tile_value (0), ==, 0);
    g_assert_cmpuint (lh_tile_value (1), ==, 2);
    g_assert_cmpuint (lh_tile_value (15), ==, 32768);
  }
}

static void
test_transpose (void)
{
  LhRng rng;

  lh_rng_init (&rng, 4242);
  for (guint i = 0; i < 100000; i++)
    {
      LhBoard b = lh_rng_next (&rng);
      LhBoard t = lh_board_transpose (b), expected = 0;

      for (guint r = 0; r < 4; r++)
        for (guint c = 0; c < 4; c++)
          expected |= ((b >> (4 * (4 * r + c))) & 0xf) << (4 * (4 * c + r));
      g_assert_cmpuint (t, ==, expected);
      g_assert_cmpuint (lh_board_transpose (t), ==, b);
    }

  /* A rows x cols board transposes into a cols x rows board. */
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhGeometry tg = { g.cols, g.rows };
      for (guint i = 0; i < 1000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          LhBoard t = lh_board_transpose (b);
          g_assert_cmpuint (t & ~lh_geometry_cell_mask (tg), ==, 0);
          /* Moving up is moving left on the transposed board. */
          g_assert_cmpuint (lh_board_transpose (lh_board_move (b, g, LH_MOVE_UP, NULL)), ==,
                            lh_board_move (t, tg, LH_MOVE_LEFT, NULL));
          g_assert_cmpuint (lh_board_transpose (lh_board_move (b, g, LH_MOVE_DOWN, NULL)), ==,
                            lh_board_move (t, tg, LH_MOVE_RIGHT, NULL));
        }
    }
}

static void
test_move_strings (void)
{
  static const struct { const char *text; LhMove move; } ok[] = {
    { "up", LH_MOVE_UP }, { "down", LH_MOVE_DOWN }, { "left", LH_MOVE_LEFT },
    { "right", LH_MOVE_RIGHT }, { "u", LH_MOVE_UP }, { "d", LH_MOVE_DOWN },
    { "l", LH_MOVE_LEFT }, { "r", LH_MOVE_RIGHT }, { "UP", LH_MOVE_UP },
    { "Left", LH_MOVE_LEFT }, { "R", LH_MOVE_RIGHT }, { "dOwN", LH_MOVE_DOWN },
  };
  static const char *const bad[] = { "", "x", "upp", "lef", "up ", " up", "ud", "north", "0" };

  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      LhMove m = (LhMove) 99;
      g_assert_true (lh_move_from_string (ok[i].text, &m));
      g_assert_cmpint (m, ==, ok[i].move);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      LhMove m = (LhMove) 99;
      g_assert_false (lh_move_from_string (bad[i], &m));
      g_assert_cmpint (m, ==, 99);
    }
  g_assert_cmpstr (lh_move_to_string (LH_MOVE_UP), ==, "up");
  g_assert_cmpstr (lh_move_to_string (LH_MOVE_DOWN), ==, "down");
  g_assert_cmpstr (lh_move_to_string (LH_MOVE_LEFT), ==, "left");
  g_assert_cmpstr (lh_move_to_string (LH_MOVE_RIGHT), ==, "right");
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMove back;
      g_assert_true (lh_move_from_string (lh_move_to_string ((LhMove) m), &back));
      g_assert_cmpint (back, ==, m);
    }
}

static void
test_engine_init_idempotent (void)
{
  LhBoard b = lh_test_board_from_values (4, 4, (const guint[]) { 2, 2, 4, 4, 0, 0, 0, 0,
                                                         0, 0, 0, 0, 0, 0, 0, 0 });
  LhBoard before = lh_board_move (b, LH_GEOMETRY_DEFAULT, LH_MOVE_LEFT, NULL);

  lh_engine_init ();
  lh_engine_init ();
  g_assert_cmpuint (lh_board_move (b, LH_GEOMETRY_DEFAULT, LH_MOVE_LEFT, NULL), ==, before);
}

/* lh_board_has_exponent() against a scan of the cells, on random boards and
 * on boards whose every cell is one exponent (the borrows of the SWAR test
 * run the furthest there). */
static void
test_has_exponent (void)
{
  LhRng rng;

  lh_rng_init (&rng, 42);
  for (guint i = 0; i < 20000; i++)
    {
      LhBoard board = i < 16 * 16 ? 0x1111111111111111ULL * (i / 16) : lh_test_random_board (&rng, LH_GEOMETRY_DEFAULT);

      if (i < 16 * 16 && i % 16 != 0)   /* one cell differs */
        board = (board & ~((LhBoard) 0xf << (4 * (i % 16)))) | ((LhBoard) (i % 7) << (4 * (i % 16)));
      for (guint e = 1; e < 16; e++)
        {
          gboolean found = FALSE;

          for (guint cell = 0; cell < 16; cell++)
            found = found || ((board >> (4 * cell)) & 0xf) == e;
          g_assert_cmpint (lh_board_has_exponent (board, e), ==, found);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/board/moves-match-reference", test_moves_match_reference);
  g_test_add_func ("/board/has-exponent", test_has_exponent);
  g_test_add_func ("/board/rule-cases", test_rule_cases);
  g_test_add_func ("/board/illegal-move", test_illegal_move);
  g_test_add_func ("/board/geometry-confinement", test_geometry_confinement);
  g_test_add_func ("/board/geometry", test_geometry);
  g_test_add_func ("/board/game-over", test_game_over);
  g_test_add_func ("/board/queries", test_queries);
  g_test_add_func ("/board/move-all", test_move_all);
  g_test_add_func ("/board/spawn-reference", test_spawn_reference);
  g_test_add_func ("/board/transpose", test_transpose);
  g_test_add_func ("/board/move-strings", test_move_strings);
  g_test_add_func ("/board/engine-init-idempotent", test_engine_init_idempotent);

  return g_test_run ();
}
