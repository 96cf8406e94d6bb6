/* lh-heuristic.c: line tables for the weighted heuristic (see lh-heuristic.h). */
#include "lh-heuristic.h"

#include <math.h>
#include <string.h>

/* Powers e^p for e = 0..31 (the wide board's exponents), precomputed once
 * per parameter set. */
typedef struct {
  double mono[LH_WIDE_MAX_EXPONENT + 1];
  double sum[LH_WIDE_MAX_EXPONENT + 1];
} PowerTables;


static void
power_tables_init (PowerTables *pt, const LhHeuristicParams *params)
{
  for (guint e = 0; e <= LH_WIDE_MAX_EXPONENT; e++)
    {
      pt->mono[e] = pow ((double) e, params->monotonicity_power);
      pt->sum[e] = pow ((double) e, params->sum_power);
    }
}

/* Raw (unweighted, unsigned) line terms of @n exponents @e.  Only the line
 * terms are filled; LH_TERM_SNAKE is left 0. */
static void
line_terms (const guint *e, guint n, const PowerTables *pt, double raw[LH_N_TERMS])
{
  double mono_left = 0, mono_right = 0;
  guint prev = 0, counter = 0, merges = 0;

  memset (raw, 0, sizeof (double) * LH_N_TERMS);
  for (guint i = 0; i < n; i++)
    {
      raw[LH_TERM_SUM] += pt->sum[e[i]];
      if (e[i] == 0)
        {
          raw[LH_TERM_EMPTY] += 1;
          continue;
        }
      /* nneonneo/2048-ai's merge count: equal tiles adjacent when gaps are
       * ignored; a run of k equal tiles counts k. */
      if (prev == e[i])
        counter++;
      else if (counter > 0)
        {
          merges += 1 + counter;
          counter = 0;
        }
      prev = e[i];
    }
  if (counter > 0)
    merges += 1 + counter;
  raw[LH_TERM_MERGES] = merges;

  for (guint i = 1; i < n; i++)
    {
      if (e[i - 1] > e[i])
        mono_left += pt->mono[e[i - 1]] - pt->mono[e[i]];
      else
        mono_right += pt->mono[e[i]] - pt->mono[e[i - 1]];
      if (e[i - 1] != 0 && e[i] != 0)
        raw[LH_TERM_SMOOTHNESS] += fabs ((double) e[i - 1] - (double) e[i]);
      raw[LH_TERM_NEIGHBOUR_DIFF] += fabs ((double) lh_tile_value (e[i - 1])
                                           - (double) lh_tile_value (e[i]));
    }
  raw[LH_TERM_MONOTONICITY] = MIN (mono_left, mono_right);
}

/* Reference 004's snake index of cell (r, c) on a rows x cols board: the top
 * row counts down from rows * cols - 1 left to right, the row below continues
 * right to left, and so on, so the top-left cell always gets the largest index
 * and the path ends at 0 on the bottom row.  On 4x4 this is 004's matrix. */
static guint
snake_index (LhGeometry g, guint r, guint c)
{
  guint along = r * g.cols + ((r % 2 == 0) ? c : g.cols - 1u - c);

  return (guint) g.rows * g.cols - 1u - along;
}

/* The per-cell terms' factor of each cell: the snake's a^(index - (cells - 1))
 * and the gradient's g^-(r + c), computed once per table rather than once
 * per table entry. */
typedef struct {
  gboolean snake;
  gboolean gradient;
  double   snake_factor[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE];
  double   gradient_factor[LH_WIDE_MAX_SIDE][LH_WIDE_MAX_SIDE];
} CellFactors;

static void
cell_factors_init (CellFactors *f, const LhHeuristicParams *p, LhGeometry g)
{
  int top = g.rows * g.cols - 1;

  f->snake = p->snake_weight != 0.0;
  f->gradient = p->gradient_weight != 0.0;
  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      {
        f->snake_factor[r][c] = pow (p->snake_base, (int) snake_index (g, r, c) - top);
        f->gradient_factor[r][c] = pow (p->gradient_base, -(double) (r + c));
      }
}

/* What a line's value is computed from when it is not in a table (a wide
 * board's line with a tile above 32768): the powers, the terms' signed
 * weights, and the per-cell factors of the snake and gradient terms. */
struct _LhHeuristicLines {
  PowerTables powers;
  double      weights[LH_N_TERMS];
  gboolean    per_row;
  CellFactors cells;
};

/* Fills the per-cell raw terms of row @r from its @n exponents @e: the
 * snake's sum v * a^(index - (cells - 1)) and the gradient's sum v * g^-(r + c). */
static void
cell_terms_of_row (const CellFactors *f, guint r, const guint *e, guint n, double raw[LH_N_TERMS])
{
  double snake = 0, gradient = 0;

  for (guint c = 0; c < n; c++)
    if (e[c] != 0)
      {
        snake += lh_tile_value (e[c]) * f->snake_factor[r][c];
        gradient += lh_tile_value (e[c]) * f->gradient_factor[r][c];
      }
  if (f->snake)
    raw[LH_TERM_SNAKE] = snake;
  if (f->gradient)
    raw[LH_TERM_GRADIENT] = gradient;
}

/* Reference 003, Algorithm 3 (MyMeasure.java), as written, from the
 * largest exponent, the largest in a corner and the sum of the tile values:
 * the else branch adds 10 (best - bestCorner), which the text calls a
 * penalty but the pseudo-code adds. */
static double
corner_measure (guint best_e, guint corner_e, double tile_sum)
{
  double best = (double) lh_wide_tile_value (best_e);
  double best_corner = (double) lh_wide_tile_value (corner_e);

  if (corner_e == best_e)
    return 10 * best + 100 + tile_sum;
  return 10 * (best - best_corner) + tile_sum;
}

double
lh_heuristic_corner_measure_wide (LhWideBoard board, LhGeometry geometry)
{
  guint r = geometry.rows - 1u, c = geometry.cols - 1u;
  guint corner = MAX (MAX (lh_wide_board_get_cell (board, 0, 0), lh_wide_board_get_cell (board, 0, c)),
                      MAX (lh_wide_board_get_cell (board, r, 0), lh_wide_board_get_cell (board, r, c)));
  double sum = 0;

  for (guint i = 0; i < geometry.rows; i++)
    for (guint j = 0; j < geometry.cols; j++)
      sum += (double) lh_wide_tile_value (lh_wide_board_get_cell (board, i, j));
  return corner_measure (lh_wide_board_max_exponent (board), corner, sum);
}

double
lh_heuristic_corner_measure (LhBoard board, LhGeometry geometry)
{
  guint r = geometry.rows - 1u, c = geometry.cols - 1u;
  guint corner = MAX (MAX (lh_board_get_cell (board, 0, 0), lh_board_get_cell (board, 0, c)),
                      MAX (lh_board_get_cell (board, r, 0), lh_board_get_cell (board, r, c)));

  return corner_measure (lh_board_max_exponent (board), corner, (double) lh_board_tile_sum (board));
}

/* Sign and weight of each term: bonuses add, penalties subtract. */
static void
term_weights (const LhHeuristicParams *p, double w[LH_N_TERMS])
{
  w[LH_TERM_EMPTY] = p->empty_weight;
  w[LH_TERM_MERGES] = p->merges_weight;
  w[LH_TERM_MONOTONICITY] = -p->monotonicity_weight;
  w[LH_TERM_SMOOTHNESS] = -p->smoothness_weight;
  w[LH_TERM_SUM] = -p->sum_weight;
  w[LH_TERM_SNAKE] = p->snake_weight;
  w[LH_TERM_NEIGHBOUR_DIFF] = -p->neighbour_diff_weight;
  w[LH_TERM_GRADIENT] = p->gradient_weight;
  w[LH_TERM_CORNER] = p->corner_weight;
}

static void
unpack_line (guint line, guint n, guint e[LH_WIDE_MAX_SIDE])
{
  for (guint i = 0; i < LH_WIDE_MAX_SIDE; i++)
    e[i] = i < n ? (line >> (4 * i)) & 0xf : 0;
}

/* The weighted value of the line @e of @n cells: its line terms, and with
 * @row_terms the per-cell terms of row @row.  What a table entry
 * holds, before its rounding to float. */
static double
line_value (const guint *e, guint n, const PowerTables *pt, const double w[LH_N_TERMS],
            const CellFactors *row_terms, guint row)
{
  double raw[LH_N_TERMS], total = 0;

  line_terms (e, n, pt, raw);
  if (row_terms != NULL)
    cell_terms_of_row (row_terms, row, e, n, raw);
  for (guint t = 0; t < LH_N_TERMS; t++)
    total += w[t] * raw[t];
  return total;
}

/* Fills @table for lines of @n cells: the line terms, and with @row_terms
 * (row @row of a board of @p and @g) the per-cell terms of that row. */
static void
fill_line_table (float *table, guint n, const PowerTables *pt, const double w[LH_N_TERMS],
                 const CellFactors *row_terms, guint row)
{
  guint limit = 1u << (4 * n);

  for (guint line = 0; line < limit; line++)
    {
      guint e[LH_WIDE_MAX_SIDE];

      unpack_line (line, n, e);
      table[line] = (float) line_value (e, n, pt, w, row_terms, row);
    }
}

LhHeuristic *
lh_heuristic_new (const LhHeuristicParams *params, LhGeometry geometry)
{
  LhHeuristic *h;
  PowerTables pt;
  CellFactors cells;
  double w[LH_N_TERMS];
  gboolean per_row = lh_heuristic_params_has_cell_terms (params);
  guint n_row_tables = per_row ? geometry.rows : 1;
  /* Without per-cell terms a row and a column of the same length score the
   * same: one table, half the cache footprint. */
  gboolean shared = !per_row && geometry.rows == geometry.cols;
  /* A table holds every line of 4-bit cells: 16^length entries. */
  gsize row_size, col_size;

  g_return_val_if_fail (lh_wide_geometry_is_valid (geometry), NULL);

  row_size = (gsize) 1 << (4 * geometry.cols);
  col_size = (gsize) 1 << (4 * geometry.rows);
  h = g_new0 (LhHeuristic, 1);
  h->geometry = geometry;
  h->params = *params;
  h->game_over_value = -params->game_over_penalty * (geometry.rows + geometry.cols);
  h->corner_weight = params->corner_weight;
  h->storage = g_new (float, row_size * n_row_tables + (shared ? 0 : col_size));
  power_tables_init (&pt, params);
  term_weights (params, w);
  cell_factors_init (&cells, params, geometry);

  for (guint r = 0; r < LH_WIDE_MAX_SIDE; r++)
    h->row_tables[r] = h->storage + row_size * (per_row && r < geometry.rows ? r : 0);
  for (guint r = 0; r < n_row_tables; r++)
    fill_line_table (h->row_tables[r], geometry.cols, &pt, w, per_row ? &cells : NULL, r);
  if (shared)
    h->col_table = h->row_tables[0];
  else
    {
      h->col_table = h->storage + row_size * n_row_tables;
      fill_line_table (h->col_table, geometry.rows, &pt, w, NULL, 0);
    }

  h->lines = g_new (LhHeuristicLines, 1);
  h->lines->powers = pt;
  memcpy (h->lines->weights, w, sizeof w);
  h->lines->per_row = per_row;
  h->lines->cells = cells;
  return h;
}

void
lh_heuristic_free (LhHeuristic *heuristic)
{
  if (heuristic == NULL)
    return;
  g_free (heuristic->storage);
  g_free (heuristic->lines);
  g_free (heuristic);
}

LhGeometry
lh_heuristic_get_geometry (const LhHeuristic *heuristic)
{
  return heuristic->geometry;
}

const LhHeuristicParams *
lh_heuristic_get_params (const LhHeuristic *heuristic)
{
  return &heuristic->params;
}

double
lh_heuristic_evaluate (const LhHeuristic *h, LhBoard board)
{
  return lh_heuristic_evaluate_shaped (h, board, h->geometry);
}

double
lh_heuristic_game_over_value (const LhHeuristic *heuristic)
{
  return heuristic->game_over_value;
}

/* The exponents of line @i of a board whose rows are @rows
 * (lh_wide_board_get_rows()): row @i (@is_row) or column @i, @n cells. */
static void
wide_line (const guint32 *rows, gboolean is_row, guint i, guint n, guint e[LH_WIDE_MAX_SIDE])
{
  for (guint k = 0; k < LH_WIDE_MAX_SIDE; k++)
    e[k] = k >= n ? 0 : is_row ? (rows[i] >> (LH_WIDE_CELL_BITS * k)) & 0x1f
                               : (rows[k] >> (LH_WIDE_CELL_BITS * i)) & 0x1f;
}

/* The table value of a line, or its value computed when it holds a tile
 * above 32768 (rounded to float as a table's). */
static float
wide_line_value (const LhHeuristic *h, const float *table, const guint *e, guint n,
                 gboolean row_terms, guint row)
{
  const LhHeuristicLines *lines = h->lines;
  guint index = 0;

  for (guint k = 0; k < n; k++)
    {
      if (e[k] > LH_MAX_EXPONENT)
        return (float) line_value (e, n, &lines->powers, lines->weights,
                                   row_terms ? &lines->cells : NULL, row);
      index |= e[k] << (4 * k);
    }
  return table[index];
}

double
lh_heuristic_evaluate_wide (const LhHeuristic *h, LhWideBoard board)
{
  LhGeometry g = h->geometry;
  gboolean per_row = h->lines->per_row;
  float rows[LH_WIDE_MAX_SIDE] = { 0 }, cols[LH_WIDE_MAX_SIDE] = { 0 };
  guint32 words[LH_WIDE_MAX_SIDE];
  double total;

  lh_wide_board_get_rows (board, g, words);
  for (guint r = 0; r < g.rows; r++)
    {
      guint e[LH_WIDE_MAX_SIDE];

      wide_line (words, TRUE, r, g.cols, e);
      rows[r] = wide_line_value (h, h->row_tables[r], e, g.cols, per_row, r);
    }
  for (guint c = 0; c < g.cols; c++)
    {
      guint e[LH_WIDE_MAX_SIDE];

      wide_line (words, FALSE, c, g.rows, e);
      cols[c] = wide_line_value (h, h->col_table, e, g.rows, FALSE, 0);
    }
  /* The order of lh_heuristic_evaluate_shaped()'s float additions, so that
   * a board both hold gets the same value to the bit. */
  total = ((rows[0] + rows[1]) + (rows[2] + rows[3])) + ((cols[0] + cols[1]) + (cols[2] + cols[3]));
  if (g.rows == LH_WIDE_MAX_SIDE || g.cols == LH_WIDE_MAX_SIDE)
    total += (double) (rows[4] + cols[4]);
  if (G_UNLIKELY (h->corner_weight != 0.0))
    total += h->corner_weight * lh_heuristic_corner_measure_wide (board, g);
  return total;
}

void
lh_heuristic_breakdown_wide (const LhHeuristicParams *params,
                             LhGeometry               geometry,
                             LhWideBoard              board,
                             double                   terms[LH_N_TERMS])
{
  PowerTables pt;
  CellFactors cells;
  double w[LH_N_TERMS];
  guint32 words[LH_WIDE_MAX_SIDE];

  power_tables_init (&pt, params);
  term_weights (params, w);
  cell_factors_init (&cells, params, geometry);
  lh_wide_board_get_rows (board, geometry, words);
  memset (terms, 0, sizeof (double) * LH_N_TERMS);

  for (guint pass = 0; pass < 2; pass++)
    {
      guint n_lines = pass == 0 ? geometry.rows : geometry.cols;
      guint length = pass == 0 ? geometry.cols : geometry.rows;

      for (guint i = 0; i < n_lines; i++)
        {
          guint e[LH_WIDE_MAX_SIDE];
          double raw[LH_N_TERMS];

          wide_line (words, pass == 0, i, length, e);
          line_terms (e, length, &pt, raw);
          if (pass == 0)
            cell_terms_of_row (&cells, i, e, length, raw);
          for (guint k = 0; k < LH_N_TERMS; k++)
            terms[k] += w[k] * raw[k];
        }
    }
  if (params->corner_weight != 0.0)
    terms[LH_TERM_CORNER] = w[LH_TERM_CORNER] * lh_heuristic_corner_measure_wide (board, geometry);
}

void
lh_heuristic_breakdown (const LhHeuristicParams *params,
                        LhGeometry               geometry,
                        LhBoard                  board,
                        double                   terms[LH_N_TERMS])
{
  lh_heuristic_breakdown_wide (params, geometry, lh_wide_board_from_board (board, geometry), terms);
}

gboolean
lh_heuristic_cell_contributions_wide (const LhHeuristicParams *params,
                                      LhGeometry               geometry,
                                      LhWideBoard              board,
                                      double                   cells[LH_WIDE_N_CELLS])
{
  int top = geometry.rows * geometry.cols - 1;

  memset (cells, 0, sizeof (double) * LH_WIDE_N_CELLS);
  if (!lh_heuristic_params_has_cell_terms (params))
    return FALSE;
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      {
        guint e = lh_wide_board_get_cell (board, r, c);
        double v;

        if (e == 0)
          continue;
        v = (double) lh_wide_tile_value (e);
        cells[LH_WIDE_CELL (r, c)] = params->snake_weight * v
                                       * pow (params->snake_base, (int) snake_index (geometry, r, c) - top)
                                     + params->gradient_weight * v
                                       * pow (params->gradient_base, -(double) (r + c));
      }
  return TRUE;
}

gboolean
lh_heuristic_cell_contributions (const LhHeuristicParams *params,
                                 LhGeometry               geometry,
                                 LhBoard                  board,
                                 double                   cells[16])
{
  double wide[LH_WIDE_N_CELLS];
  gboolean any = lh_heuristic_cell_contributions_wide (params, geometry,
                                                       lh_wide_board_from_board (board, geometry), wide);

  memset (cells, 0, sizeof (double) * 16);
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      cells[r * 4 + c] = wide[LH_WIDE_CELL (r, c)];
  return any;
}
