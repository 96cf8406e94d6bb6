/* lh-monte-carlo.h: pure Monte Carlo (see LhSolverKind and LhMonteCarloParams in lh-solver.h). */
#pragma once

#include "lh-solver.h"

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
 * @params->trace filled when given).
 */
gboolean lh_monte_carlo_search (const LhSolverParams *params,
                       const LhHeuristic    *heuristic,
                       LhBoard               board,
                       LhGeometry            geometry,
                       GCancellable         *cancellable,
                       LhSolverProgressFunc  progress,
                       gpointer              user_data,
                       LhSolverResult       *result,
                       GError              **error);

G_END_DECLS
