/* lh-monte-carlo.h: pure Monte Carlo (see LhSolverKind and LhMonteCarloParams in lh-solver.h).
 *
 * 002 algorithm 1 and 000's Monte Carlo method: every legal move m gets
 * LhMonteCarloParams.playouts playouts from its afterstate, each after a
 * random spawn (lh-playout.h).  value(m) is the mean of its playouts'
 * results: with the SCORE measure, the move's own points plus the
 * playout's discounted points one discount step later (000's discounted
 * return, the move counted as step 0); with the other measures, the measure
 * of the board the playout ends on.  The move with the largest value is
 * chosen (the first in move order on a tie).
 *
 * Playout i of move m draws from its own stream (LhPlayoutJob.stream = m),
 * so the result depends on the seed, not on LhSolverParams.threads.
 * Playouts run by rounds (one playout of every move per round): a time
 * budget or a cancellation stops them between two playouts, with the moves
 * evenly sampled; the first round always completes unless cancelled.
 *
 * Result: values and visits (playouts) per move, playouts, nodes = 4 root
 * moves + the moves tried in the playouts, depth 1, max_ply 1 + the longest
 * playout.  Record (LhSolverParams.tree): the root and one chance node per
 * legal move with its value and playouts as visits.  Trace and progress:
 * the playouts run in 8 slices of rounds; after each, a step (the values
 * so far and a record as above) and a progress call; the last step is the
 * result.
 */
#pragma once

#include "lh-solver-registry.h"

G_BEGIN_DECLS

/** lh_monte_carlo_params_init_default: the reference's settings (see LhMonteCarloParams). */
void lh_monte_carlo_params_init_default (LhMonteCarloParams *params);

/**
 * lh_monte_carlo_params_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_monte_carlo_params_validate (const LhMonteCarloParams *params, GError **error);

/**
 * lh_monte_carlo_search:
 * The search behind lh_solver_search() for this kind: same contract (a
 * decision or an error, cancellation within 10 ms, @params->tree and
 * @params->trace filled when given).  The evaluator is used by the GREEDY
 * policy and the HEURISTIC measure.
 * Returns: FALSE with G_IO_ERROR_CANCELLED when cancelled before every
 *   legal move had a playout.
 */
LhSolverSearch lh_monte_carlo_search;

/**
 * lh_monte_carlo_search_wide:
 * lh_monte_carlo_search() of a wide board (5x5, tiles past 32768), its
 * moves by @rules, its playouts lh_playout_run_wide()'s: for a board the
 * 64-bit board holds, the same values (the same playouts, drawn from the
 * same streams); @params->tree and @params->trace filled as the 64-bit
 * search fills them, with wide records (the same nodes on such a board).
 */
gboolean lh_monte_carlo_search_wide (const LhSolverParams  *params,
                                     const LhSolverContext *context,
                                     LhWideBoard            board,
                                     LhGeometry             geometry,
                                     LhRules                rules,
                                     GCancellable          *cancellable,
                                     LhSolverProgressFunc   progress,
                                     gpointer               user_data,
                                     LhSolverResult        *result,
                                     GError               **error);

G_END_DECLS
