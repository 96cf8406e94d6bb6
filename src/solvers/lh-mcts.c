/* lh-mcts.c: PLACEHOLDER until the issue-4 implementation lands (not for release). */
#include "lh-mcts.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
lh_mcts_params_init_default (LhMctsParams *params)
{
  memset (params, 0, sizeof *params);
}

gboolean
lh_mcts_params_validate (const LhMctsParams *params, GError **error)
{
  return TRUE;
}

gboolean
lh_mcts_search (const LhSolverParams *params, const LhHeuristic *heuristic, LhBoard board,
              LhGeometry geometry, GCancellable *cancellable, LhSolverProgressFunc progress,
              gpointer user_data, LhSolverResult *result, GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
  return FALSE;
}

const char *
lh_final_move_to_string (LhFinalMove final_move)
{
  return final_move == LH_FINAL_BEST_MEAN ? "mean" : "visits";
}

gboolean
lh_final_move_from_string (const char *text, LhFinalMove *final_move)
{
  return FALSE;
}
