/* lh-mcts.h: Monte Carlo tree search with UCT (see LhSolverKind and LhMctsParams in lh-solver.h). */
#pragma once

#include "lh-solver.h"

G_BEGIN_DECLS

/** lh_final_move_to_string: "visits", "mean"; static. */
const char *lh_final_move_to_string (LhFinalMove final_move);
/** lh_final_move_from_string: FALSE when @text names no final-move rule. */
gboolean lh_final_move_from_string (const char *text, LhFinalMove *final_move);

/** lh_mcts_params_init_default: the reference's settings (see LhMctsParams). */
void lh_mcts_params_init_default (LhMctsParams *params);

/**
 * lh_mcts_params_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_mcts_params_validate (const LhMctsParams *params, GError **error);

/**
 * lh_mcts_search:
 * The search behind lh_solver_search() for this kind: same contract (a
 * decision or an error, cancellation within 10 ms, @params->tree and
 * @params->trace filled when given).
 */
gboolean lh_mcts_search (const LhSolverParams *params,
                       const LhHeuristic    *heuristic,
                       LhBoard               board,
                       LhGeometry            geometry,
                       GCancellable         *cancellable,
                       LhSolverProgressFunc  progress,
                       gpointer              user_data,
                       LhSolverResult       *result,
                       GError              **error);

G_END_DECLS
