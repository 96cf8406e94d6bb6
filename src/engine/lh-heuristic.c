/* lh-heuristic.c: line tables for the weighted heuristic (see lh-heuristic.h). */
#include "lh-heuristic.h"

#include <math.h>
#include <string.h>

/* Powers e^p for e = 0..15, precomputed once per parameter set. */
typedef struct {
  double mono[16];
  double sum[16];
} PowerTables;

static void
power_tables_init (PowerTables *pt, const LhHeuristicParams *params)
{
  for (guint e = 0; e < 16; e++)
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

/* Raw snake term of row @r: sum v * a^(index - (cells - 1)). */
static double
snake_row_term (LhGeometry g, guint r, const guint *e, double base)
{
  double total = 0;
  int top = g.rows * g.cols - 1;

  for (guint c = 0; c < g.cols; c++)
    if (e[c] != 0)
      total += lh_tile_value (e[c]) * pow (base, (int) snake_index (g, r, c) - top);
  return total;
}

/* Raw gradient term of row @r: sum v * g^-(r + c). */
static double
gradient_row_term (guint r, const guint *e, guint n, double base)
{
  double total = 0;

  for (guint c = 0; c < n; c++)
    if (e[c] != 0)
      total += lh_tile_value (e[c]) * pow (base, -(double) (r + c));
  return total;
}

/* Fills the per-cell raw terms of row @r from its exponents @e. */
static void
cell_terms_of_row (const LhHeuristicParams *p, LhGeometry g, guint r, const guint *e,
                   double raw[LH_N_TERMS])
{
  if (p->snake_weight != 0.0)
    raw[LH_TERM_SNAKE] = snake_row_term (g, r, e, p->snake_base);
  if (p->gradient_weight != 0.0)
    raw[LH_TERM_GRADIENT] = gradient_row_term (r, e, g.cols, p->gradient_base);
}

double
lh_heuristic_corner_measure (LhBoard board, LhGeometry geometry)
{
  /* Reference 003, Algorithm 3 (MyMeasure.java), as written: the else branch
   * adds 10 (best - bestCorner), which the text calls a penalty but the
   * pseudo-code adds. */
  guint best_e = lh_board_max_exponent (board);
  guint r = geometry.rows - 1u, c = geometry.cols - 1u;
  guint corner = MAX (MAX (lh_board_get_cell (board, 0, 0), lh_board_get_cell (board, 0, c)),
                      MAX (lh_board_get_cell (board, r, 0), lh_board_get_cell (board, r, c)));
  double best = lh_tile_value (best_e), best_corner = lh_tile_value (corner);
  double score = 0;

  if (corner == best_e)
    score += 10 * best + 100;
  else
    score += 10 * (best - best_corner);
  return score + (double) lh_board_tile_sum (board);
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
unpack_line (guint line, guint n, guint e[4])
{
  for (guint i = 0; i < 4; i++)
    e[i] = i < n ? (line >> (4 * i)) & 0xf : 0;
}

/* Fills @table for lines of @n cells: the line terms, and with @row_terms
 * (row @row of a board of @p and @g) the per-cell terms of that row. */
static void
fill_line_table (float *table, guint n, const PowerTables *pt, const double w[LH_N_TERMS],
                 const LhHeuristicParams *row_terms, LhGeometry g, guint row)
{
  guint limit = 1u << (4 * n);

  for (guint line = 0; line < limit; line++)
    {
      guint e[4];
      double raw[LH_N_TERMS], total = 0;

      unpack_line (line, n, e);
      line_terms (e, n, pt, raw);
      if (row_terms != NULL)
        cell_terms_of_row (row_terms, g, row, e, raw);
      for (guint t = 0; t < LH_N_TERMS; t++)
        total += w[t] * raw[t];
      table[line] = (float) total;
    }
}

LhHeuristic *
lh_heuristic_new (const LhHeuristicParams *params, LhGeometry geometry)
{
  LhHeuristic *h;
  PowerTables pt;
  double w[LH_N_TERMS];
  gboolean per_row = lh_heuristic_params_has_cell_terms (params);
  guint n_row_tables = per_row ? geometry.rows : 1;
  /* Without per-cell terms a row and a column of the same length score the
   * same: one table, half the cache footprint. */
  gboolean shared = !per_row && geometry.rows == geometry.cols;

  g_return_val_if_fail (lh_geometry_is_valid (geometry), NULL);

  h = g_new0 (LhHeuristic, 1);
  h->geometry = geometry;
  h->params = *params;
  h->game_over_value = -params->game_over_penalty * (geometry.rows + geometry.cols);
  h->corner_weight = params->corner_weight;
  h->storage = g_new (float, (gsize) 65536 * (n_row_tables + (shared ? 0 : 1)));
  power_tables_init (&pt, params);
  term_weights (params, w);

  for (guint r = 0; r < 4; r++)
    h->row_tables[r] = h->storage + (gsize) 65536 * (per_row && r < geometry.rows ? r : 0);
  for (guint r = 0; r < n_row_tables; r++)
    fill_line_table (h->row_tables[r], geometry.cols, &pt, w, per_row ? params : NULL,
                     geometry, r);
  if (shared)
    h->col_table = h->row_tables[0];
  else
    {
      h->col_table = h->storage + (gsize) 65536 * n_row_tables;
      fill_line_table (h->col_table, geometry.rows, &pt, w, NULL, geometry, 0);
    }
  return h;
}

void
lh_heuristic_free (LhHeuristic *heuristic)
{
  if (heuristic == NULL)
    return;
  g_free (heuristic->storage);
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

void
lh_heuristic_breakdown (const LhHeuristicParams *params,
                        LhGeometry               geometry,
                        LhBoard                  board,
                        double                   terms[LH_N_TERMS])
{
  PowerTables pt;
  double w[LH_N_TERMS];
  LhBoard t = lh_board_transpose (board);

  power_tables_init (&pt, params);
  term_weights (params, w);
  memset (terms, 0, sizeof (double) * LH_N_TERMS);

  for (guint pass = 0; pass < 2; pass++)
    {
      guint n_lines = pass == 0 ? geometry.rows : geometry.cols;
      guint length = pass == 0 ? geometry.cols : geometry.rows;
      LhBoard b = pass == 0 ? board : t;

      for (guint i = 0; i < n_lines; i++)
        {
          guint e[4];
          double raw[LH_N_TERMS];

          unpack_line ((guint) ((b >> (16 * i)) & 0xffff), length, e);
          line_terms (e, length, &pt, raw);
          if (pass == 0)
            cell_terms_of_row (params, geometry, i, e, raw);
          for (guint k = 0; k < LH_N_TERMS; k++)
            terms[k] += w[k] * raw[k];
        }
    }
  if (params->corner_weight != 0.0)
    terms[LH_TERM_CORNER] = w[LH_TERM_CORNER] * lh_heuristic_corner_measure (board, geometry);
}

gboolean
lh_heuristic_cell_contributions (const LhHeuristicParams *params,
                                 LhGeometry               geometry,
                                 LhBoard                  board,
                                 double                   cells[16])
{
  int top = geometry.rows * geometry.cols - 1;

  memset (cells, 0, sizeof (double) * 16);
  if (!lh_heuristic_params_has_cell_terms (params))
    return FALSE;
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      {
        guint e = lh_board_get_cell (board, r, c);
        double v;

        if (e == 0)
          continue;
        v = lh_tile_value (e);
        cells[r * 4 + c] = params->snake_weight * v
                             * pow (params->snake_base, (int) snake_index (geometry, r, c) - top)
                           + params->gradient_weight * v
                             * pow (params->gradient_base, -(double) (r + c));
      }
  return TRUE;
}
