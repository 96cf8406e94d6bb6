/* lh-heuristic.h: the static evaluation of a board, a weighted sum of terms.
 *
 * Every term is computed per line (each row and each column) and summed, so it
 * comes from 65536-entry tables built once per parameter set (the technique of
 * nneonneo/2048-ai).  Units are "points of heuristic"; only differences matter.
 *
 * Terms, for a line of tiles with exponents e_i (0 = empty) and values v_i:
 *   empty          +w * number of empty cells (counted in its row and its column)
 *   merges         +w * number of adjacent equal tiles, ignoring gaps (a run of k
 *                  equal tiles counts k), as nneonneo/2048-ai
 *   monotonicity   -w * min(sum of rises, sum of falls) of e_i^p along the line
 *   smoothness     -w * sum |e_i - e_j| over adjacent non-empty cells (exponent units)
 *   sum            -w * sum e_i^p (a penalty: fewer, larger tiles are better)
 *   snake          +w * sum v_i * a^k(r,c) / a^(cells-1): reference 004's snake
 *                  weight matrix with parameter a (k = cells-1 at the top-left,
 *                  along the rows, alternating direction, 0 at the path's end),
 *                  normalised so the top-left cell's weight is 1; rows only
 *   neighbour_diff -w * sum |v_i - v_j| over adjacent cells, tile values
 *                  (reference 001's clustering penalty; each adjacent pair once)
 *   gradient       +w * sum v_i * g^-(r+c): a corner weight matrix (reference
 *                  001's "push the larger tiles to one corner"; 001 gives no
 *                  numbers, so the matrix is a geometric gradient of ratio g
 *                  from the top-left cell, whose weight is 1); rows only
 *   corner         +w * reference 003's MyMeasure of the whole board (not a
 *                  line term): with b the largest tile value and c the
 *                  largest in a corner, 10 b if the largest tile is in a
 *                  corner, plus 100 if c = b or 10 (b - c) if not (003,
 *                  Algorithm 3, as written), plus the sum of tile values
 * A position with no legal move is valued -game_over_penalty * (rows + cols)
 * instead (so a per-line penalty of 200000 is nneonneo/2048-ai's SCORE_LOST_PENALTY:
 * it adds that constant to every line of a live board and values a dead one 0).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-heuristic-params.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

typedef struct _LhHeuristic LhHeuristic;
typedef struct _LhHeuristicLines LhHeuristicLines;

/* The tables, in the header only so that the search's hot path inlines the
 * evaluation (lh_heuristic_evaluate_shaped); read-only and private: use the
 * functions below. */
struct _LhHeuristic {
  LhGeometry geometry;
  double     game_over_value;
  double     corner_weight;   /* the corner term is not a line term */
  /* row_tables[r] scores row r (line terms for a line of geometry.cols cells,
   * plus the per-cell terms of that row: snake and gradient); they share one
   * table when both per-cell weights are 0.  col_table scores each column
   * (geometry.rows cells).  On a square board without per-cell terms all of
   * them are one table, as in nneonneo/2048-ai. */
  float     *row_tables[LH_WIDE_MAX_SIDE];
  float     *col_table;
  float     *storage;
  LhHeuristicParams params;   /* a copy, for lh_evaluator_breakdown() */
  LhHeuristicLines *lines;    /* for a wide board's lines the tables lack */
};

/**
 * lh_heuristic_new:
 * @geometry: 2 to 5 rows and columns (lh_wide_geometry_is_valid())
 * Builds the line tables for @params and @geometry: 1 to 5 tables of 16^n
 * floats for lines of n cells, each cell's exponent 0..15 (256 KiB for 4
 * cells, about 10 ms; 4 MiB for 5 cells).  A line holding a tile above
 * 32768 is not in a table: lh_heuristic_evaluate_wide() computes it.  The
 * result is immutable and may be shared between threads.
 * Returns: (transfer full): free with lh_heuristic_free().
 */
LhHeuristic *lh_heuristic_new (const LhHeuristicParams *params, LhGeometry geometry);
/** lh_heuristic_free: frees the tables; NULL is allowed. */
void lh_heuristic_free (LhHeuristic *heuristic);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhHeuristic, lh_heuristic_free)

/** lh_heuristic_get_geometry: the geometry the tables were built for. */
LhGeometry lh_heuristic_get_geometry (const LhHeuristic *heuristic);

/** lh_heuristic_get_params: (transfer none): the parameters the tables were
 * built from (a copy inside @heuristic). */
const LhHeuristicParams *lh_heuristic_get_params (const LhHeuristic *heuristic);

/**
 * lh_heuristic_evaluate:
 * Returns: the heuristic value of @board (a live board; the caller handles
 *   game over with lh_heuristic_game_over_value()).  For a heuristic of
 *   2 to 4 rows and columns only.
 */
double lh_heuristic_evaluate (const LhHeuristic *heuristic, LhBoard board);

/**
 * lh_heuristic_evaluate_wide:
 * @board: a live board of the heuristic's geometry, any size from 2x2 to
 *   5x5, tiles up to 2^31
 * Returns: the heuristic value of @board: the same terms, on lines of up to
 *   5 cells, a line from its table when its tiles are at most 32768 and
 *   computed otherwise.  For a board LhBoard holds, the same value as
 *   lh_heuristic_evaluate() to the bit.
 */
double lh_heuristic_evaluate_wide (const LhHeuristic *heuristic, LhWideBoard board);

/** lh_heuristic_game_over_value: the value of a board with no legal move. */
double lh_heuristic_game_over_value (const LhHeuristic *heuristic);

/**
 * lh_heuristic_breakdown:
 * @terms: (out caller-allocates): the weighted contribution of each term,
 *   indexed by LhHeuristicTerm; they add up to lh_heuristic_evaluate().
 * Slow (no tables); for display.
 */
void lh_heuristic_breakdown (const LhHeuristicParams *params,
                             LhGeometry               geometry,
                             LhBoard                  board,
                             double                   terms[LH_N_TERMS]);

/**
 * lh_heuristic_breakdown_wide:
 * lh_heuristic_breakdown() of a wide board (2x2 to 5x5, tiles up to 2^31).
 */
void lh_heuristic_breakdown_wide (const LhHeuristicParams *params,
                                  LhGeometry               geometry,
                                  LhWideBoard              board,
                                  double                   terms[LH_N_TERMS]);

/**
 * lh_heuristic_corner_measure_wide:
 * lh_heuristic_corner_measure() of a wide board.
 */
double lh_heuristic_corner_measure_wide (LhWideBoard board, LhGeometry geometry);

/**
 * lh_heuristic_corner_measure:
 * Reference 003's MyMeasure (Algorithm 3, as written), in tile values: the
 * corner term's raw value and the playouts' "corner" measure.
 */
double lh_heuristic_corner_measure (LhBoard board, LhGeometry geometry);

/**
 * lh_heuristic_evaluate_shaped:
 * @geometry: the heuristic's own geometry (lh_heuristic_get_geometry()); a
 *   compile-time constant here lets the compiler unroll the line loops, which
 *   is what the search's 4x4 path does
 * The same value as lh_heuristic_evaluate(), inlined.  Eight table lookups
 * on 4x4 (four rows, four columns of the transposed board), as
 * nneonneo/2048-ai's score_heur_board().
 */
static inline double
lh_heuristic_evaluate_shaped (const LhHeuristic *heuristic, LhBoard board, LhGeometry geometry)
{
  LhBoard t = lh_board_transpose (board);
  float rows[4] = { 0, 0, 0, 0 }, cols[4] = { 0, 0, 0, 0 };
  double total;

  /* Summed as a tree, not a chain, so the additions overlap. */
  for (guint r = 0; r < geometry.rows; r++)
    rows[r] = heuristic->row_tables[r][(board >> (16 * r)) & 0xffff];
  for (guint c = 0; c < geometry.cols; c++)
    cols[c] = heuristic->col_table[(t >> (16 * c)) & 0xffff];
  total = ((rows[0] + rows[1]) + (rows[2] + rows[3])) + ((cols[0] + cols[1]) + (cols[2] + cols[3]));
  if (G_UNLIKELY (heuristic->corner_weight != 0.0))
    total += heuristic->corner_weight * lh_heuristic_corner_measure (board, geometry);
  return total;
}

/**
 * lh_heuristic_cell_contributions:
 * @cells: (out caller-allocates): 16 entries; cell (r, c) at r * 4 + c (cells
 *   outside @geometry are 0): the weighted contribution of the per-cell
 *   terms (snake and gradient) of that cell's tile, in heuristic points
 * Slow (no tables); for the board's heat map.
 * Returns: TRUE when a per-cell term has a weight other than 0 (otherwise
 *   every entry is 0)
 */
gboolean lh_heuristic_cell_contributions (const LhHeuristicParams *params,
                                          LhGeometry               geometry,
                                          LhBoard                  board,
                                          double                   cells[16]);

/**
 * lh_heuristic_cell_contributions_wide:
 * @geometry: 2 to 5 rows and columns
 * @board: a wide board of @geometry (tiles up to 2^31)
 * @cells: (out caller-allocates): LH_WIDE_N_CELLS entries, cell (r, c) at
 *   LH_WIDE_CELL (r, c), 0 outside @geometry: as
 *   lh_heuristic_cell_contributions()
 * Returns: TRUE when a per-cell term has a weight other than 0.
 */
gboolean lh_heuristic_cell_contributions_wide (const LhHeuristicParams *params,
                                               LhGeometry               geometry,
                                               LhWideBoard              board,
                                               double                   cells[LH_WIDE_N_CELLS]);

G_END_DECLS
