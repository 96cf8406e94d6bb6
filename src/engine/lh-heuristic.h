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
 * A position with no legal move is valued -game_over_penalty * (rows + cols)
 * instead (so a per-line penalty of 200000 is nneonneo/2048-ai's SCORE_LOST_PENALTY:
 * it adds that constant to every line of a live board and values a dead one 0).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

typedef enum {
  LH_TERM_EMPTY,
  LH_TERM_MERGES,
  LH_TERM_MONOTONICITY,
  LH_TERM_SMOOTHNESS,
  LH_TERM_SUM,
  LH_TERM_SNAKE,
  LH_TERM_NEIGHBOUR_DIFF,
  LH_N_TERMS
} LhHeuristicTerm;

/**
 * LhHeuristicParams:
 * Weights (points per unit of the term) and shape parameters.  A weight of 0
 * switches a term off.  Valid ranges are in lh_heuristic_params_validate().
 */
typedef struct {
  double empty_weight;
  double merges_weight;
  double monotonicity_weight;
  double monotonicity_power;
  double smoothness_weight;
  double sum_weight;
  double sum_power;
  double snake_weight;
  double snake_base;            /* reference 004's a, > 1 */
  double neighbour_diff_weight;
  double game_over_penalty;     /* per line, >= 0 */
} LhHeuristicParams;

/**
 * lh_heuristic_params_init_default:
 * The Balanced preset, the default of the window and the CLI: nneonneo/2048-ai's
 * terms and powers (merges 700, monotonicity at power 4, sum 11 at power 3.5,
 * lost penalty 200000) with the empty-cell weight raised from 270 to 1000 and
 * the monotonicity weight lowered from 47 to 10, which plays much stronger at
 * depths 2 and 3 (benchmarks/README.md has the figures).
 */
void lh_heuristic_params_init_default (LhHeuristicParams *params);

/** lh_term_to_string: the term's key ("empty", "merges", ...); static. */
const char *lh_term_to_string (LhHeuristicTerm term);

/**
 * lh_heuristic_params_validate:
 * Checks that every field is finite and in range (weights in [-1e9, 1e9],
 * powers in [0.25, 8], snake_base in (1, 16], game_over_penalty in [0, 1e12]).
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the field.
 */
gboolean lh_heuristic_params_validate (const LhHeuristicParams *params, GError **error);

typedef struct _LhHeuristic LhHeuristic;

/**
 * lh_heuristic_new:
 * Builds the line tables for @params and @geometry: 2 to 5 tables of 65536
 * floats (256 KiB each).  Takes about 10 ms.  The result is immutable and may
 * be shared between threads.
 * Returns: (transfer full): free with lh_heuristic_free().
 */
LhHeuristic *lh_heuristic_new (const LhHeuristicParams *params, LhGeometry geometry);
/** lh_heuristic_free: frees the tables; NULL is allowed. */
void lh_heuristic_free (LhHeuristic *heuristic);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhHeuristic, lh_heuristic_free)

/** lh_heuristic_get_geometry: the geometry the tables were built for. */
LhGeometry lh_heuristic_get_geometry (const LhHeuristic *heuristic);

/**
 * lh_heuristic_evaluate:
 * Returns: the heuristic value of @board (a live board; the caller handles
 *   game over with lh_heuristic_game_over_value()).
 */
double lh_heuristic_evaluate (const LhHeuristic *heuristic, LhBoard board);

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

G_END_DECLS
