/* lh-playout.h: playouts (rollouts) and leaf measures, shared by the
 * sampling solvers (Monte Carlo, MDP Monte Carlo, MCTS, hybrid leaves).
 *
 * A playout starts from a position with the player to move, plays moves by
 * its policy, spawning a tile after each (2 at 0.9, 4 at 0.1 on a uniformly
 * random empty cell, as the game does), until no move is legal or
 * max_moves moves were played, and returns the measure (LhMeasure).
 */
#pragma once

#include "lh-solver.h"
#include "lh-rng.h"

G_BEGIN_DECLS

/** lh_playout_policy_to_string: "random", "greedy"; static. */
const char *lh_playout_policy_to_string (LhPlayoutPolicy policy);
/** lh_playout_policy_from_string: FALSE when @text names no policy. */
gboolean lh_playout_policy_from_string (const char *text, LhPlayoutPolicy *policy);
/** lh_measure_to_string: "score", "sum", "best", "corner", "heuristic"; static. */
const char *lh_measure_to_string (LhMeasure measure);
/** lh_measure_from_string: FALSE when @text names no measure. */
gboolean lh_measure_from_string (const char *text, LhMeasure *measure);

/**
 * lh_playout_params_validate:
 * @what: the solver's name for the message ("montecarlo", "mcts"...)
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_playout_params_validate (const LhPlayoutParams *params, const char *what, GError **error);

/**
 * lh_measure_board:
 * The measure of a final board, for the measures that look at the board
 * (SUM, BEST, CORNER, HEURISTIC; 0 for SCORE, which counts points on the
 * way).  @heuristic is used by HEURISTIC only (nullable otherwise).
 * Formulas (tile values 2^e): SUM = sum of the tiles (003 SumMeasure);
 * BEST = the largest tile (003 BestMeasure); CORNER = 003 MyMeasure:
 * 10 x best when the best tile is in a corner, plus 100 when the best
 * corner tile is the best tile or else 10 x (best - best corner tile),
 * plus the sum of the tiles.
 */
double lh_measure_board (LhMeasure measure, const LhHeuristic *heuristic, LhGeometry geometry,
                         LhBoard board);

/**
 * lh_playout_run:
 * @params: the playout's policy, depth limit, discount and measure
 * @heuristic: (nullable): the solver's heuristic, for the GREEDY policy and
 *   the HEURISTIC measure
 * @board: the position, the player to move
 * @rng: the playout's random stream (advanced)
 * @moves: (inout): incremented by the moves tried (afterstates generated)
 *
 * Returns: the measure of the playout.
 */
double lh_playout_run (const LhPlayoutParams *params,
                       const LhHeuristic     *heuristic,
                       LhGeometry             geometry,
                       LhBoard                board,
                       LhRng                 *rng,
                       guint64               *moves);

G_END_DECLS
