/* lh-hybrid.h: hybrid expectimax with Monte Carlo leaves (see LhSolverKind and LhHybridParams in lh-solver.h).
 *
 * 002's dynamic policy switching: expectimax (lh-expectimax.h, with its
 * depth, cutoff, table, deepening, record and trace) whose leaf afterstates
 * with at most empty_threshold empty cells are valued by Monte Carlo through
 * the expectimax leaf hook, the others by the evaluator (lh-evaluator.h).
 *
 * One scale: a playout leaf is valued by the mean, over its playouts, of the
 * evaluator's value of the board each playout ends on (measure HEURISTIC,
 * the only one accepted: lh_hybrid_params_validate refuses the others), the
 * lost value when it ends lost, the very values expectimax gives its own
 * leaves.  A playout leaf thus reads "the heuristic a few moves later",
 * comparable with its siblings' heuristic in the max and the mean.  With an
 * evaluator that counts points (a network) a playout's value is the points
 * it scored plus the network's value of where it stops
 * (lh_evaluator_position_value()): the points still to score from the leaf,
 * as the network's own leaves are.
 *
 * Leaf k (in the order the search meets them) draws playout i from stream k
 * (LhPlayoutJob.stream), so the result depends on the seed and not on
 * LhSolverParams.threads (a leaf spreads its playouts over the threads, one
 * per 16 playouts at most).  Past time_budget_ms a leaf gets one playout,
 * until expectimax stops at its next check and keeps its last complete
 * depth; once cancelled, leaves take the evaluator's value and the result, if any,
 * is flagged cancelled.  Result as expectimax's, plus playouts, and nodes
 * including the playouts' moves; visits stay 0.
 */
#pragma once

#include "lh-solver-registry.h"
#include "lh-transposition-table.h"

G_BEGIN_DECLS

/** lh_hybrid_params_init_default: the reference's settings (see LhHybridParams). */
void lh_hybrid_params_init_default (LhHybridParams *params);

/**
 * lh_hybrid_params_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_hybrid_params_validate (const LhHybridParams *params, GError **error);

/**
 * lh_hybrid_search:
 * The search behind lh_solver_search() for this kind: same contract (a
 * decision or an error, cancellation within 10 ms, @params->tree and
 * @params->trace filled when given).  The transposition table is context->table
 * (nullable), as for expectimax.
 */
LhSolverSearch lh_hybrid_search;

/**
 * lh_hybrid_search_wide:
 * lh_hybrid_search() of a wide board (5x5, tiles past 32768), its moves by
 * @rules: lh_expectimax_wide_search() with the same leaves (playouts from
 * the leaves with at most empty_threshold empty cells, lh-playout-wide.h,
 * one stream a leaf in the order the search meets them).  No time budget
 * (lh_solver_search_wide() refuses one), no record.
 */
gboolean lh_hybrid_search_wide (const LhSolverParams *params,
                                const LhEvaluator    *evaluator,
                                LhWideBoard           board,
                                LhGeometry            geometry,
                                LhRules               rules,
                                GCancellable         *cancellable,
                                LhSolverResult       *result,
                                GError              **error);

G_END_DECLS
