/* test-heuristic.c: the weighted heuristic (lh-heuristic.h): the table-driven
 * evaluation against a plain reference written from the header's term
 * definitions, the breakdown, hand-made line values, the snake matrix of
 * reference 004, the game-over value and parameter validation. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-heuristic.h"
#include "lh-rng.h"
#include "lh-test-util.h"
#include "lh-wide-board.h"


/* Every term switched on, with the shape parameters away from their defaults. */
static void
params_all_terms (LhHeuristicParams *p)
{
  *p = (LhHeuristicParams) {
    .empty_weight = 270.0,
    .merges_weight = 700.0,
    .monotonicity_weight = 47.0,
    .monotonicity_power = 4.0,
    .smoothness_weight = 30.0,
    .sum_weight = 11.0,
    .sum_power = 3.5,
    .snake_weight = 5.0,
    .snake_base = 2.5,
    .neighbour_diff_weight = 0.7,
    .game_over_penalty = 200000.0,
    .gradient_weight = 0.3,
    .gradient_base = 3.0,
    .corner_weight = 2.0,
  };
}

/* Only @term on, with weight 1 (penalties are then subtracted once). */
static void
params_only (LhHeuristicParams *p, LhHeuristicTerm term, double power, double base)
{
  memset (p, 0, sizeof *p);
  p->monotonicity_power = power;
  p->sum_power = power;
  p->snake_base = base;
  p->gradient_base = base;
  switch (term)
    {
    case LH_TERM_EMPTY: p->empty_weight = 1; break;
    case LH_TERM_MERGES: p->merges_weight = 1; break;
    case LH_TERM_MONOTONICITY: p->monotonicity_weight = 1; break;
    case LH_TERM_SMOOTHNESS: p->smoothness_weight = 1; break;
    case LH_TERM_SUM: p->sum_weight = 1; break;
    case LH_TERM_SNAKE: p->snake_weight = 1; break;
    case LH_TERM_NEIGHBOUR_DIFF: p->neighbour_diff_weight = 1; break;
    case LH_TERM_GRADIENT: p->gradient_weight = 1; break;
    case LH_TERM_CORNER: p->corner_weight = 1; break;
    case LH_N_TERMS:
    default: g_assert_not_reached ();
    }
}



/* ---- Reference, from the header's definitions ----------------------------------- */

/* Raw terms of one line of @n exponents (snake excluded), each as the header
 * defines it, before weights and signs. */
static void
ref_line (const int *e, int n, double mono_power, double sum_power, double raw[LH_N_TERMS])
{
  int tiles[LH_WIDE_MAX_SIDE], k = 0;
  double rises = 0, falls = 0;

  memset (raw, 0, sizeof (double) * LH_N_TERMS);
  for (int i = 0; i < n; i++)
    {
      if (e[i] == 0)
        raw[LH_TERM_EMPTY] += 1;
      else
        tiles[k++] = e[i];
      raw[LH_TERM_SUM] += pow (e[i], sum_power);
    }
  /* Runs of equal tiles, gaps ignored: a run of length >= 2 counts its length. */
  for (int i = 0; i < k;)
    {
      int j = i;
      while (j < k && tiles[j] == tiles[i])
        j++;
      if (j - i >= 2)
        raw[LH_TERM_MERGES] += j - i;
      i = j;
    }
  for (int i = 1; i < n; i++)
    {
      double d = pow (e[i], mono_power) - pow (e[i - 1], mono_power);
      if (d > 0)
        rises += d;
      else
        falls -= d;
      if (e[i] != 0 && e[i - 1] != 0)
        raw[LH_TERM_SMOOTHNESS] += abs (e[i] - e[i - 1]);
      raw[LH_TERM_NEIGHBOUR_DIFF] += fabs ((e[i] ? ldexp (1, e[i]) : 0)
                                           - (e[i - 1] ? ldexp (1, e[i - 1]) : 0));
    }
  raw[LH_TERM_MONOTONICITY] = MIN (rises, falls);
}

/* Reference 004's snake exponent for cell (r, c): the 4x4 matrix of the paper
 *   15 14 13 12 /  8  9 10 11 /  7  6  5  4 /  0  1  2  3
 * read as a path from the top-left corner (rows*cols - 1) along the top row,
 * back along the next row, and so on; the same path on every geometry. */
static int
ref_snake_exponent (LhGeometry g, guint r, guint c)
{
  int n = g.rows * g.cols;
  int along = (r % 2 == 0) ? (int) c : (int) (g.cols - 1 - c);

  return n - 1 - ((int) r * g.cols + along);
}

static const int paper_snake[4][4] = {
  { 15, 14, 13, 12 }, { 8, 9, 10, 11 }, { 7, 6, 5, 4 }, { 0, 1, 2, 3 },
};

/* Reference value of the board @cells (exponents, cells[r][c]), without
 * the snake term (tested on its own below). */
static double
ref_evaluate_cells (const LhHeuristicParams *p, LhGeometry g,
                    const guint cells[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE], double *magnitude)
{
  double w[LH_N_TERMS] = {
    [LH_TERM_EMPTY] = p->empty_weight,
    [LH_TERM_MERGES] = p->merges_weight,
    [LH_TERM_MONOTONICITY] = -p->monotonicity_weight,
    [LH_TERM_SMOOTHNESS] = -p->smoothness_weight,
    [LH_TERM_SUM] = -p->sum_weight,
    [LH_TERM_SNAKE] = 0,
    [LH_TERM_NEIGHBOUR_DIFF] = -p->neighbour_diff_weight,
  };
  double total = 0;

  *magnitude = 0;
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < (pass == 0 ? g.rows : g.cols); i++)
      {
        int e[LH_WIDE_MAX_SIDE];
        int n = pass == 0 ? g.cols : g.rows;
        double raw[LH_N_TERMS];

        for (int k = 0; k < n; k++)
          e[k] = (int) (pass == 0 ? cells[i][k] : cells[k][i]);
        ref_line (e, n, p->monotonicity_power, p->sum_power, raw);
        for (guint t = 0; t < LH_N_TERMS; t++)
          {
            total += w[t] * raw[t];
            *magnitude += fabs (w[t] * raw[t]);
          }
      }
  return total;
}

static double
ref_evaluate (const LhHeuristicParams *p, LhGeometry g, LhBoard b, double *magnitude)
{
  guint cells[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE] = { { 0 } };

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      cells[r][c] = lh_board_get_cell (b, r, c);
  return ref_evaluate_cells (p, g, cells, magnitude);
}

/* ---- Tests ------------------------------------------------------------------------ */

static void
test_evaluate_matches_reference (void)
{
  LhHeuristicParams p;
  LhRng rng;

  params_all_terms (&p);
  /* The per-cell and whole-board terms are tested on their own below. */
  p.snake_weight = 0;
  p.gradient_weight = 0;
  p.corner_weight = 0;
  /* Different powers, so a term that used the other's power would show. */
  p.monotonicity_power = 4.0;
  p.sum_power = 3.5;
  lh_rng_init (&rng, 17);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      g_autoptr (LhHeuristic) h = lh_heuristic_new (&p, g);

      g_assert_true (lh_geometry_equal (lh_heuristic_get_geometry (h), g));
      for (guint i = 0; i < 20000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          double magnitude, expected = ref_evaluate (&p, g, b, &magnitude);
          double got = lh_heuristic_evaluate (h, b);

          /* Tables hold floats: allow float rounding of each line. */
          if (fabs (got - expected) > 1e-5 * (magnitude + 1))
            g_error ("%ux%u board %016" G_GINT64_MODIFIER "x: evaluate %.9g, reference %.9g",
                     g.rows, g.cols, b, got, expected);
        }
    }
}

static void
test_breakdown_adds_up (void)
{
  LhHeuristicParams all, def;
  LhRng rng;

  params_all_terms (&all);
  lh_heuristic_params_init_default (&def);
  lh_rng_init (&rng, 23);
  for (guint k = 0; k < 2; k++)
    {
      const LhHeuristicParams *p = k == 0 ? &all : &def;
      for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
        {
          LhGeometry g = lh_test_geometries[gi];
          g_autoptr (LhHeuristic) h = lh_heuristic_new (p, g);

          for (guint i = 0; i < 3000; i++)
            {
              LhBoard b = lh_test_random_board (&rng, g);
              double terms[LH_N_TERMS], sum = 0, magnitude = 0;
              double value = lh_heuristic_evaluate (h, b);

              lh_heuristic_breakdown (p, g, b, terms);
              for (guint t = 0; t < LH_N_TERMS; t++)
                {
                  g_assert_true (isfinite (terms[t]));
                  sum += terms[t];
                  magnitude += fabs (terms[t]);
                }
              if (fabs (sum - value) > 1e-5 * MAX (magnitude, 1.0))
                g_error ("%ux%u board %016" G_GINT64_MODIFIER "x: terms add up to %.9g,"
                         " evaluate gives %.9g", g.rows, g.cols, b, sum, value);
              if (k == 1)
                {
                  /* The default preset has no snake, smoothness or neighbour term. */
                  g_assert_cmpfloat (terms[LH_TERM_SNAKE], ==, 0);
                  g_assert_cmpfloat (terms[LH_TERM_SMOOTHNESS], ==, 0);
                  g_assert_cmpfloat (terms[LH_TERM_NEIGHBOUR_DIFF], ==, 0);
                }
            }
        }
    }
}

static void
test_each_term_alone (void)
{
  LhRng rng;

  /* With one weight on, evaluate equals that term of the breakdown and the
   * others are 0; penalties come out negative, bonuses positive. */
  lh_rng_init (&rng, 29);
  for (guint t = 0; t < LH_N_TERMS; t++)
    for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
      {
        LhGeometry g = lh_test_geometries[gi];
        LhHeuristicParams p;
        g_autoptr (LhHeuristic) h = NULL;

        params_only (&p, (LhHeuristicTerm) t, 2.0, 2.0);
        h = lh_heuristic_new (&p, g);
        for (guint i = 0; i < 500; i++)
          {
            LhBoard b = lh_test_random_board (&rng, g);
            double terms[LH_N_TERMS];
            double v = lh_heuristic_evaluate (h, b);

            lh_heuristic_breakdown (&p, g, b, terms);
            for (guint k = 0; k < LH_N_TERMS; k++)
              if (k != t)
                g_assert_cmpfloat (terms[k], ==, 0);
            g_assert_cmpfloat (fabs (v - terms[t]), <=, 1e-5 * (fabs (v) + 1));
            if (t == LH_TERM_EMPTY || t == LH_TERM_MERGES || t == LH_TERM_SNAKE
                || t == LH_TERM_GRADIENT || t == LH_TERM_CORNER)
              g_assert_cmpfloat (terms[t], >=, 0);
            else
              g_assert_cmpfloat (terms[t], <=, 0);
          }
      }
}

/* The value of @term alone (weight 1, @power, @base) on @board. */
static double
term_value (LhHeuristicTerm term, LhGeometry g, LhBoard board, double power, double base)
{
  LhHeuristicParams p;
  double terms[LH_N_TERMS];
  g_autoptr (LhHeuristic) h = NULL;
  double v;

  params_only (&p, term, power, base);
  h = lh_heuristic_new (&p, g);
  v = lh_heuristic_evaluate (h, board);
  lh_heuristic_breakdown (&p, g, board, terms);
  g_assert_cmpfloat (fabs (v - terms[term]), <=, 1e-6 * (fabs (v) + 1));
  return v;
}

static void
test_hand_made_lines (void)
{
  LhGeometry g44 = LH_GEOMETRY_DEFAULT, g22 = { 2, 2 }, g23 = { 2, 3 };
  /* Row 0 is the line under test; the rest of the board is empty, so each
   * column holds at most one tile. */
  LhBoard merges_2202 = lh_test_board_from_values (4, 4, (const guint[]) { 2, 2, 0, 2, 0, 0, 0, 0,
                                                                   0, 0, 0, 0, 0, 0, 0, 0 });
  LhBoard mono = lh_test_board_from_values (4, 4, (const guint[]) { 2, 4, 8, 16, 0, 0, 0, 0,
                                                            0, 0, 0, 0, 0, 0, 0, 0 });
  LhBoard up_down = lh_test_board_from_values (2, 3, (const guint[]) { 4, 2, 4, 0, 0, 0 });
  LhBoard single8 = lh_test_board_from_values (2, 2, (const guint[]) { 8, 0, 0, 0 });

  /* Empty cells count once in their row and once in their column. */
  g_assert_cmpfloat (term_value (LH_TERM_EMPTY, g44, 0, 1, 2), ==, 32);
  g_assert_cmpfloat (term_value (LH_TERM_EMPTY, g22, single8, 1, 2), ==, 6);
  g_assert_cmpfloat (term_value (LH_TERM_EMPTY, g44, merges_2202, 1, 2), ==, 32 - 6);

  /* nneonneo's merges: "2 2 0 2" is a run of three equal tiles: 3. */
  g_assert_cmpfloat (term_value (LH_TERM_MERGES, g44, merges_2202, 1, 2), ==, 3);
  g_assert_cmpfloat (term_value (LH_TERM_MERGES, g44,
                                 lh_test_board_from_values (4, 4, (const guint[]) { 2, 2, 4, 4, 0, 0, 0, 0,
                                                                            0, 0, 0, 0, 0, 0, 0, 0 }),
                                 1, 2), ==, 4);
  g_assert_cmpfloat (term_value (LH_TERM_MERGES, g44,
                                 lh_test_board_from_values (4, 4, (const guint[]) { 2, 4, 2, 4, 0, 0, 0, 0,
                                                                            0, 0, 0, 0, 0, 0, 0, 0 }),
                                 1, 2), ==, 0);
  /* A 2x2 of four 2s: each of 2 rows and 2 columns is a run of 2. */
  g_assert_cmpfloat (term_value (LH_TERM_MERGES, g22,
                                 lh_test_board_from_values (2, 2, (const guint[]) { 2, 2, 2, 2 }), 1, 2),
                     ==, 8);

  /* Monotonicity: zero on a monotone line (and its one-tile columns). */
  g_assert_cmpfloat (term_value (LH_TERM_MONOTONICITY, g44, mono, 4, 2), ==, 0);
  g_assert_cmpfloat (term_value (LH_TERM_MONOTONICITY, g44, mono, 1, 2), ==, 0);
  /* "4 2 4" (exponents 2 1 2): rises 2^p - 1, falls 2^p - 1. */
  g_assert_cmpfloat (term_value (LH_TERM_MONOTONICITY, g23, up_down, 1, 2), ==, -1);
  g_assert_cmpfloat (term_value (LH_TERM_MONOTONICITY, g23, up_down, 2, 2), ==, -3);

  /* Smoothness: adjacent non-empty cells only, in exponent units. */
  g_assert_cmpfloat (term_value (LH_TERM_SMOOTHNESS, g23, up_down, 1, 2), ==, -2);
  g_assert_cmpfloat (term_value (LH_TERM_SMOOTHNESS, g23,
                                 lh_test_board_from_values (2, 3, (const guint[]) { 2, 0, 8, 0, 0, 0 }),
                                 1, 2), ==, 0);
  g_assert_cmpfloat (term_value (LH_TERM_SMOOTHNESS, g44, mono, 1, 2), ==, -3);

  /* Sum: each tile counts in its row and its column: 2 * 3^2 for one 8. */
  g_assert_cmpfloat (term_value (LH_TERM_SUM, g22, single8, 2, 2), ==, -18);
  g_assert_cmpfloat (term_value (LH_TERM_SUM, g22, single8, 1, 2), ==, -6);

  /* Neighbour difference in tile values, each adjacent pair once: |8 - 0| twice. */
  g_assert_cmpfloat (term_value (LH_TERM_NEIGHBOUR_DIFF, g22, single8, 1, 2), ==, -16);
  g_assert_cmpfloat (term_value (LH_TERM_NEIGHBOUR_DIFF, g23, up_down, 1, 2), ==, -(2 + 2 + 4 + 2 + 4));

  /* The empty board: only the empty term is non-zero, and MyMeasure's 100
   * for a largest "tile" (none) that is in a corner. */
  g_assert_cmpfloat (term_value (LH_TERM_CORNER, g44, 0, 2, 2), ==, 100);
  for (guint t = 0; t < LH_N_TERMS; t++)
    if (t != LH_TERM_EMPTY && t != LH_TERM_CORNER)
      g_assert_cmpfloat (term_value ((LhHeuristicTerm) t, g44, 0, 2, 2), ==, 0);
}

/* The snake term alone (weight 1, base @a) of @board with @h built for it;
 * the breakdown must agree. */
static double
snake_value (const LhHeuristic *h, double a, LhBoard board)
{
  LhHeuristicParams p;
  double terms[LH_N_TERMS];
  LhGeometry g = lh_heuristic_get_geometry (h);
  double v = lh_heuristic_evaluate (h, board);

  params_only (&p, LH_TERM_SNAKE, 1, a);
  lh_heuristic_breakdown (&p, g, board, terms);
  g_assert_cmpfloat (fabs (v - terms[LH_TERM_SNAKE]), <=, 1e-6 * (fabs (v) + 1));
  return v;
}

static LhHeuristic *
snake_heuristic (LhGeometry g, double a)
{
  LhHeuristicParams p;

  params_only (&p, LH_TERM_SNAKE, 1, a);
  return lh_heuristic_new (&p, g);
}

static void
test_snake_4x4 (void)
{
  const double bases[] = { 2.0, 1.5, 4.0 };

  /* 4x4: the matrix of reference 004, a^k / a^15 for a tile of value 2. */
  for (guint bi = 0; bi < G_N_ELEMENTS (bases); bi++)
    {
      double a = bases[bi];
      g_autoptr (LhHeuristic) h = snake_heuristic (LH_GEOMETRY_DEFAULT, a);

      for (guint r = 0; r < 4; r++)
        for (guint c = 0; c < 4; c++)
          {
            double expected = 2 * pow (a, paper_snake[r][c] - 15);
            double got = snake_value (h, a, lh_board_set_cell (0, r, c, 1));
            g_assert_cmpfloat (fabs (got - expected), <=, 1e-6 * expected);
            g_assert_cmpint (ref_snake_exponent (LH_GEOMETRY_DEFAULT, r, c), ==, paper_snake[r][c]);
          }
      /* The top-left 32768 counts in full. */
      g_assert_cmpfloat (snake_value (h, a, lh_board_set_cell (0, 0, 0, 15)), ==, 32768);
    }

}

static void
test_snake_every_geometry (void)
{
  /* Every geometry: top-left weight 1 (the header's normalisation), and the
   * weights a^0 ... a^-(cells-1) laid along the snake path of reference 004
   * (each step to an adjacent cell), starting in the top-left corner. */
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      double a = 2.0;
      int n = g.rows * g.cols;
      guint seen = 0;
      g_autoptr (LhHeuristic) h = snake_heuristic (g, a);

      g_test_message ("snake on %ux%u", g.rows, g.cols);
      g_assert_cmpfloat (fabs (snake_value (h, a, lh_board_set_cell (0, 0, 0, 1)) - 2.0), <=, 1e-6);
      for (guint r = 0; r < g.rows; r++)
        for (guint c = 0; c < g.cols; c++)
          {
            double got = snake_value (h, a, lh_board_set_cell (0, r, c, 1));
            int k = ref_snake_exponent (g, r, c);
            double expected = 2 * pow (a, k - (n - 1));

            g_assert_cmpfloat (fabs (got - expected), <=, 1e-6 * expected);
            seen |= 1u << k;
            /* The cell one step further down the snake is adjacent. */
            if (k > 0)
              {
                gboolean found = FALSE;
                for (guint r2 = 0; r2 < g.rows; r2++)
                  for (guint c2 = 0; c2 < g.cols; c2++)
                    if (ref_snake_exponent (g, r2, c2) == k - 1)
                      found = abs ((int) r2 - (int) r) + abs ((int) c2 - (int) c) == 1;
                g_assert_true (found);
              }
          }
      g_assert_cmpuint (seen, ==, (1u << n) - 1);
    }
}

static void
test_snake_rows_only (void)
{
  /* The snake is a position term added per row: the whole-board value is the
   * sum of the single-tile values (it is linear in the tile values). */
  LhRng rng;

  lh_rng_init (&rng, 31);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      LhHeuristicParams p;
      g_autoptr (LhHeuristic) h = NULL;

      params_only (&p, LH_TERM_SNAKE, 1, 1.7);
      h = lh_heuristic_new (&p, g);
      for (guint i = 0; i < 200; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          double total = lh_heuristic_evaluate (h, b), parts = 0;

          for (guint r = 0; r < g.rows; r++)
            for (guint c = 0; c < g.cols; c++)
              if (lh_board_get_cell (b, r, c) != 0)
                parts += lh_heuristic_evaluate (h, lh_board_set_cell (0, r, c,
                                                                      lh_board_get_cell (b, r, c)));
          g_assert_cmpfloat (fabs (total - parts), <=, 1e-5 * (parts + 1));
        }
    }
}

static void
test_game_over_value (void)
{
  LhHeuristicParams p;

  params_all_terms (&p);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      g_autoptr (LhHeuristic) h = NULL;

      p.game_over_penalty = 200000.0;
      h = lh_heuristic_new (&p, g);
      g_assert_cmpfloat (lh_heuristic_game_over_value (h), ==, -200000.0 * (g.rows + g.cols));
      lh_heuristic_free (g_steal_pointer (&h));
      p.game_over_penalty = 0;
      h = lh_heuristic_new (&p, g);
      g_assert_cmpfloat (lh_heuristic_game_over_value (h), ==, 0);
    }
  lh_heuristic_params_init_default (&p);
  {
    g_autoptr (LhHeuristic) h = lh_heuristic_new (&p, LH_GEOMETRY_DEFAULT);
    g_assert_cmpfloat (lh_heuristic_game_over_value (h), ==, -1600000.0);
  }
}

static void
assert_invalid (const LhHeuristicParams *p, const char *field)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (lh_heuristic_params_validate (p, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s: %s", field, error->message);
  if (strstr (error->message, field) == NULL)
    g_error ("message does not name %s: %s", field, error->message);
}

static void
test_params_validate (void)
{
  LhHeuristicParams def, p;
  g_autoptr (GError) error = NULL;

  lh_heuristic_params_init_default (&def);
  g_assert_true (lh_heuristic_params_validate (&def, &error));
  g_assert_no_error (error);
  /* The Balanced preset of the header. */
  g_assert_cmpfloat (def.empty_weight, ==, 1000);
  g_assert_cmpfloat (def.merges_weight, ==, 700);
  g_assert_cmpfloat (def.monotonicity_weight, ==, 10);
  g_assert_cmpfloat (def.monotonicity_power, ==, 4);
  g_assert_cmpfloat (def.sum_weight, ==, 11);
  g_assert_cmpfloat (def.sum_power, ==, 3.5);
  g_assert_cmpfloat (def.game_over_penalty, ==, 200000);

  params_all_terms (&p);
  g_assert_true (lh_heuristic_params_validate (&p, NULL));

  /* Edges of the documented ranges are accepted. */
  p = def;
  p.monotonicity_power = 0.25;
  p.sum_power = 8;
  p.snake_base = 16;
  p.empty_weight = -1e9;
  p.merges_weight = 1e9;
  p.game_over_penalty = 0;
  g_assert_true (lh_heuristic_params_validate (&p, NULL));
  p.snake_base = 1.0001;
  p.game_over_penalty = 1e12;
  g_assert_true (lh_heuristic_params_validate (&p, NULL));

#define CHECK_BAD(field, value) \
  G_STMT_START { p = def; p.field = (value); assert_invalid (&p, #field); } G_STMT_END

  CHECK_BAD (empty_weight, NAN);
  CHECK_BAD (merges_weight, NAN);
  CHECK_BAD (monotonicity_weight, INFINITY);
  CHECK_BAD (smoothness_weight, -INFINITY);
  CHECK_BAD (sum_weight, 2e9);
  CHECK_BAD (snake_weight, -2e9);
  CHECK_BAD (neighbour_diff_weight, NAN);
  CHECK_BAD (monotonicity_power, NAN);
  CHECK_BAD (monotonicity_power, 0.2);
  CHECK_BAD (monotonicity_power, 8.5);
  CHECK_BAD (sum_power, 0);
  CHECK_BAD (sum_power, -1);
  CHECK_BAD (sum_power, 9);
  CHECK_BAD (snake_base, 1.0);
  CHECK_BAD (snake_base, 0.5);
  CHECK_BAD (snake_base, 16.5);
  CHECK_BAD (snake_base, NAN);
  CHECK_BAD (game_over_penalty, -1);
  CHECK_BAD (game_over_penalty, 2e12);
  CHECK_BAD (game_over_penalty, NAN);
#undef CHECK_BAD
}

static void
test_term_names (void)
{
  static const char *const names[LH_N_TERMS] = {
    "empty", "merges", "monotonicity", "smoothness", "sum", "snake", "neighbour_diff",
    "gradient", "corner",
  };

  for (guint t = 0; t < LH_N_TERMS; t++)
    g_assert_cmpstr (lh_term_to_string ((LhHeuristicTerm) t), ==, names[t]);
}

static void
test_gradient (void)
{
  LhGeometry g44 = LH_GEOMETRY_DEFAULT, g23 = { 2, 3 };
  /* Weight g^-(r + c): the top-left corner 1, each step right or down / g. */
  LhBoard corner = lh_test_board_from_values (4, 4, (const guint[]) { 256, 0, 0, 0, 0, 0, 0, 0,
                                                              0, 0, 0, 0, 0, 0, 0, 0 });
  LhBoard far = lh_test_board_from_values (4, 4, (const guint[]) { 0, 0, 0, 0, 0, 0, 0, 0,
                                                           0, 0, 0, 0, 0, 0, 0, 256 });
  LhBoard two = lh_test_board_from_values (2, 3, (const guint[]) { 0, 8, 0, 0, 0, 4 });

  g_assert_cmpfloat (term_value (LH_TERM_GRADIENT, g44, corner, 1, 2), ==, 256);
  g_assert_cmpfloat (term_value (LH_TERM_GRADIENT, g44, far, 1, 2), ==, 256.0 / 64);
  g_assert_cmpfloat (fabs (term_value (LH_TERM_GRADIENT, g44, far, 1, 4) - 256.0 / 4096), <=, 1e-9);
  /* (0, 1): 8 / 2; (1, 2): 4 / 8. */
  g_assert_cmpfloat (term_value (LH_TERM_GRADIENT, g23, two, 1, 2), ==, 4 + 0.5);
}

static void
test_corner_measure (void)
{
  LhGeometry g44 = LH_GEOMETRY_DEFAULT;
  /* 003's Algorithm 3: largest tile 64 in a corner: 10 * 64 + 100 + sum. */
  LhBoard in_corner = lh_test_board_from_values (4, 4, (const guint[]) { 0, 0, 0, 64, 0, 0, 0, 0,
                                                                 0, 2, 0, 0, 0, 0, 0, 0 });
  /* Largest 64 in the middle, 16 the largest in a corner: 10 * (64 - 16) + sum. */
  LhBoard off = lh_test_board_from_values (4, 4, (const guint[]) { 16, 0, 0, 0, 0, 64, 0, 0,
                                                           0, 0, 0, 0, 0, 0, 0, 0 });
  /* Two 64s, one in a corner: the largest is in a corner. */
  LhBoard tie = lh_test_board_from_values (4, 4, (const guint[]) { 0, 64, 0, 0, 0, 0, 0, 0,
                                                           0, 0, 0, 0, 64, 0, 0, 0 });

  g_assert_cmpfloat (lh_heuristic_corner_measure (in_corner, g44), ==, 640 + 100 + 66);
  g_assert_cmpfloat (lh_heuristic_corner_measure (off, g44), ==, 480 + 80);
  g_assert_cmpfloat (lh_heuristic_corner_measure (tie, g44), ==, 640 + 100 + 128);
  g_assert_cmpfloat (term_value (LH_TERM_CORNER, g44, off, 1, 2), ==, 560);
}

static void
test_cell_contributions (void)
{
  LhHeuristicParams p;
  LhRng rng;
  double cells[16];

  /* Off unless a per-cell term has a weight. */
  lh_heuristic_params_init_default (&p);
  g_assert_false (lh_heuristic_params_has_cell_terms (&p));
  g_assert_false (lh_heuristic_cell_contributions (&p, LH_GEOMETRY_DEFAULT, 0x1234, cells));
  for (guint i = 0; i < 16; i++)
    g_assert_cmpfloat (cells[i], ==, 0);
  /* Either per-cell term alone is enough (even a negative weight). */
  p.snake_weight = -1;
  g_assert_true (lh_heuristic_params_has_cell_terms (&p));
  p.snake_weight = 0;
  p.gradient_weight = 0.25;
  g_assert_true (lh_heuristic_params_has_cell_terms (&p));
  p.gradient_weight = 0;
  /* The other terms are not per-cell. */
  p.corner_weight = 5;
  p.neighbour_diff_weight = 5;
  g_assert_false (lh_heuristic_params_has_cell_terms (&p));
  lh_heuristic_params_init_default (&p);

  /* With snake and gradient on, the cells add up to the two terms of the
   * breakdown, empty cells and cells off the board are 0. */
  p.snake_weight = 3;
  p.snake_base = 2.5;
  p.gradient_weight = 0.5;
  p.gradient_base = 3;
  lh_rng_init (&rng, 41);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];

      for (guint i = 0; i < 500; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          double terms[LH_N_TERMS], sum = 0;

          g_assert_true (lh_heuristic_cell_contributions (&p, g, b, cells));
          lh_heuristic_breakdown (&p, g, b, terms);
          for (guint r = 0; r < 4; r++)
            for (guint c = 0; c < 4; c++)
              {
                if (r >= g.rows || c >= g.cols || lh_board_get_cell (b, r, c) == 0)
                  g_assert_cmpfloat (cells[r * 4 + c], ==, 0);
                sum += cells[r * 4 + c];
              }
          g_assert_cmpfloat (fabs (sum - terms[LH_TERM_SNAKE] - terms[LH_TERM_GRADIENT]), <=,
                             1e-9 * (fabs (sum) + 1));
        }
    }

  /* On the wide board: every size to 5x5, tiles past 32768; the same
   * property, and the 64-bit board's values where it holds the board. */
  for (guint rows = 2; rows <= LH_WIDE_MAX_SIDE; rows++)
    for (guint cols = 2; cols <= LH_WIDE_MAX_SIDE; cols++)
      for (guint i = 0; i < 200; i++)
        {
          LhGeometry g = { (guint8) rows, (guint8) cols };
          LhWideBoard w = 0;
          double wide[LH_WIDE_N_CELLS], terms[LH_N_TERMS], sum = 0;
          LhBoard narrow;

          for (guint r = 0; r < rows; r++)
            for (guint c = 0; c < cols; c++)
              if (lh_rng_below (&rng, 3) != 0)
                w = lh_wide_board_set_cell (w, r, c, 1 + lh_rng_below (&rng, i % 2 ? 20 : 12));
          g_assert_true (lh_heuristic_cell_contributions_wide (&p, g, w, wide));
          lh_heuristic_breakdown_wide (&p, g, w, terms);
          for (guint r = 0; r < LH_WIDE_MAX_SIDE; r++)
            for (guint c = 0; c < LH_WIDE_MAX_SIDE; c++)
              {
                if (r >= g.rows || c >= g.cols || lh_wide_board_get_cell (w, r, c) == 0)
                  g_assert_cmpfloat (wide[LH_WIDE_CELL (r, c)], ==, 0);
                sum += wide[LH_WIDE_CELL (r, c)];
              }
          g_assert_cmpfloat (fabs (sum - terms[LH_TERM_SNAKE] - terms[LH_TERM_GRADIENT]), <=,
                             1e-9 * (fabs (sum) + 1));
          if (lh_wide_board_to_board (w, g, &narrow))
            {
              g_assert_true (lh_heuristic_cell_contributions (&p, g, narrow, cells));
              for (guint r = 0; r < g.rows; r++)
                for (guint c = 0; c < g.cols; c++)
                  g_assert_cmpfloat (cells[r * 4 + c], ==, wide[LH_WIDE_CELL (r, c)]);
            }
        }
}

static void
test_param_registry (void)
{
  guint n;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n);
  LhHeuristicParams p, def;
  gboolean seen[sizeof (LhHeuristicParams) / sizeof (double)] = { FALSE };
  g_autoptr(GError) error = NULL;

  /* Every field once; setting through the table reaches the field. */
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (seen));
  lh_heuristic_params_init_default (&def);
  for (guint i = 0; i < n; i++)
    {
      const LhHeuristicParamInfo *info = &list[i];
      double inside = info->min_exclusive ? info->min + 0.5 : info->min;

      g_assert_cmpuint (info->offset % sizeof (double), ==, 0);
      g_assert_false (seen[info->offset / sizeof (double)]);
      seen[info->offset / sizeof (double)] = TRUE;
      g_assert_true (lh_heuristic_param_find (info->key) == info);
      g_assert_cmpfloat (info->slider_min, <, info->slider_max);
      g_assert_true (lh_heuristic_param_check (info, info->slider_min, NULL));
      g_assert_true (lh_heuristic_param_check (info, info->slider_max, NULL));
      g_assert_true (lh_heuristic_param_check (info, lh_heuristic_params_get (&def, info), NULL));
      g_assert_cmpuint (info->term, <=, LH_N_TERMS);
      g_assert_true (info->label != NULL && info->description != NULL);

      p = def;
      lh_heuristic_params_set (&p, info, inside);
      g_assert_cmpfloat (lh_heuristic_params_get (&p, info), ==, inside);
      g_assert_true (memcmp (&p, &def, sizeof p) != 0 || lh_heuristic_params_get (&def, info) == inside);

      g_assert_false (lh_heuristic_param_check (info, NAN, &error));
      g_assert_nonnull (strstr (error->message, info->key));
      g_clear_error (&error);
      g_assert_false (lh_heuristic_param_check (info, info->max * 2 + 1, &error));
      g_clear_error (&error);
    }
  /* '-' stands for '_'; unknown keys are not found. */
  g_assert_true (lh_heuristic_param_find ("neighbour-diff-weight")
                 == lh_heuristic_param_find ("neighbour_diff_weight"));
  g_assert_null (lh_heuristic_param_find ("empty"));
  g_assert_null (lh_heuristic_param_find (NULL));
  /* The bases exclude 1 itself. */
  g_assert_false (lh_heuristic_param_check (lh_heuristic_param_find ("gradient_base"), 1.0, NULL));
  g_assert_true (lh_heuristic_param_check (lh_heuristic_param_find ("gradient_base"), 1.0001, NULL));
  for (guint t = 0; t < LH_N_TERMS; t++)
    g_assert_cmpstr (lh_term_get_label ((LhHeuristicTerm) t), !=, "");
}

/* A random wide board of @g in @cells and as returned: a quarter of the
 * cells empty, the others near a base exponent that is sometimes above 15
 * (lines the tables lack), sometimes small (lines they hold). */
static LhWideBoard
random_wide (LhRng *rng, LhGeometry g, guint cells[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE])
{
  guint base = lh_rng_below (rng, 2) == 0 ? 3 + lh_rng_below (rng, 10) : 14 + lh_rng_below (rng, 16);
  LhWideBoard b = 0;

  memset (cells, 0, sizeof (guint) * LH_WIDE_MAX_SIDE * LH_WIDE_MAX_SIDE);
  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      if (lh_rng_below (rng, 4) != 0)
        {
          int e = (int) base + (int) lh_rng_below (rng, 7) - 3;

          cells[r][c] = (guint) CLAMP (e, 1, LH_WIDE_MAX_EXPONENT);
          b = lh_wide_board_set_cell (b, r, c, cells[r][c]);
        }
  return b;
}

/* Every size from 2x2 to 5x5, tiles up to 2^31: the wide evaluation against
 * the reference (line terms), and against its own breakdown (every term). */
static void
test_wide_matches_reference (void)
{
  LhHeuristicParams lines, all;
  LhRng rng;

  params_all_terms (&all);
  lines = all;
  lines.snake_weight = 0;
  lines.gradient_weight = 0;
  lines.corner_weight = 0;
  lh_rng_init (&rng, 28);
  for (guint rows = 2; rows <= LH_WIDE_MAX_SIDE; rows++)
    for (guint cols = 2; cols <= LH_WIDE_MAX_SIDE; cols++)
      {
        LhGeometry g = { (guint8) rows, (guint8) cols };
        g_autoptr (LhHeuristic) h = lh_heuristic_new (&lines, g);
        g_autoptr (LhHeuristic) h_all = lh_heuristic_new (&all, g);
        guint n = rows == 5 && cols == 5 ? 3000 : 600;

        for (guint i = 0; i < n; i++)
          {
            guint cells[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE];
            LhWideBoard b = random_wide (&rng, g, cells);
            double magnitude, expected = ref_evaluate_cells (&lines, g, cells, &magnitude);
            double got = lh_heuristic_evaluate_wide (h, b);
            double terms[LH_N_TERMS], sum = 0, term_magnitude = 0;

            if (fabs (got - expected) > 1e-5 * (magnitude + 1))
              g_error ("%ux%u board %d: evaluate_wide %.9g, reference %.9g", rows, cols, i, got,
                       expected);

            lh_heuristic_breakdown_wide (&all, g, b, terms);
            for (guint t = 0; t < LH_N_TERMS; t++)
              {
                g_assert_true (isfinite (terms[t]));
                sum += terms[t];
                term_magnitude += fabs (terms[t]);
              }
            got = lh_heuristic_evaluate_wide (h_all, b);
            if (fabs (sum - got) > 1e-5 * (term_magnitude + 1))
              g_error ("%ux%u board %d: terms add up to %.9g, evaluate_wide gives %.9g", rows,
                       cols, i, sum, got);
          }
      }
}

/* A board the 64-bit board holds: the wide evaluation is the 64-bit one to
 * the bit, with every term, per-cell and corner included. */
static void
test_wide_same_as_narrow (void)
{
  LhHeuristicParams all, def;
  LhRng rng;

  params_all_terms (&all);
  lh_heuristic_params_init_default (&def);
  lh_rng_init (&rng, 2028);
  for (guint k = 0; k < 2; k++)
    for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
      {
        LhGeometry g = lh_test_geometries[gi];
        g_autoptr (LhHeuristic) h = lh_heuristic_new (k == 0 ? &all : &def, g);

        for (guint i = 0; i < 3000; i++)
          {
            LhBoard b = lh_test_random_board (&rng, g);
            double narrow = lh_heuristic_evaluate (h, b);
            double wide = lh_heuristic_evaluate_wide (h, lh_wide_board_from_board (b, g));

            if (narrow != wide)
              g_error ("%ux%u board %016" G_GINT64_MODIFIER "x: evaluate %.17g,"
                       " evaluate_wide %.17g", g.rows, g.cols, b, narrow, wide);
          }
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/heuristic/evaluate-matches-reference", test_evaluate_matches_reference);
  g_test_add_func ("/heuristic/breakdown-adds-up", test_breakdown_adds_up);
  g_test_add_func ("/heuristic/each-term-alone", test_each_term_alone);
  g_test_add_func ("/heuristic/hand-made-lines", test_hand_made_lines);
  g_test_add_func ("/heuristic/snake-4x4", test_snake_4x4);
  g_test_add_func ("/heuristic/snake-rows-only", test_snake_rows_only);
  g_test_add_func ("/heuristic/game-over-value", test_game_over_value);
  g_test_add_func ("/heuristic/params-validate", test_params_validate);
  g_test_add_func ("/heuristic/term-names", test_term_names);
  g_test_add_func ("/heuristic/snake-every-geometry", test_snake_every_geometry);
  g_test_add_func ("/heuristic/gradient", test_gradient);
  g_test_add_func ("/heuristic/corner-measure", test_corner_measure);
  g_test_add_func ("/heuristic/cell-contributions", test_cell_contributions);
  g_test_add_func ("/heuristic/param-registry", test_param_registry);
  g_test_add_func ("/heuristic/wide-matches-reference", test_wide_matches_reference);
  g_test_add_func ("/heuristic/wide-same-as-narrow", test_wide_same_as_narrow);

  return g_test_run ();
}
