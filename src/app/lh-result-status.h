/* lh-result-status.h: a search's outcome in one line, for the status line
 * under the move values. */
#pragma once

#include <glib.h>
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * lh_result_status_describe:
 * @kind: the solver that searched
 * @result: its result
 * Returns: (transfer full): the best move and what the search did, in the
 *   solver's own terms, translated: "Best move: Left · depth 3 · 12,345
 *   positions · 4.2 ms" (expectimax), "· 1,234 iterations ·" (MCTS),
 *   "· 5,000 playouts ·" (Monte Carlo, MDP Monte Carlo), depth and playouts
 *   (hybrid), "· perfect play · N positions solved ·" (exact).  Free with
 *   g_free().
 */
char *lh_result_status_describe (LhSolverKind kind, const LhSolverResult *result);

G_END_DECLS
