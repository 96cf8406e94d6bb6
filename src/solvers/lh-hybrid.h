/* lh-hybrid.h: hybrid expectimax with Monte Carlo leaves (see LhSolverKind and LhHybridParams in lh-solver.h). */
#pragma once

#include "lh-solver.h"
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
 * @params->trace filled when given).  @table (nullable) as for expectimax.
 */
gboolean lh_hybrid_search (const LhSolverParams *params,
                       const LhHeuristic    *heuristic,
                       LhTranspositionTable *table,
                       LhBoard               board,
                       LhGeometry            geometry,
                       GCancellable         *cancellable,
                       LhSolverProgressFunc  progress,
                       gpointer              user_data,
                       LhSolverResult       *result,
                       GError              **error);

G_END_DECLS
