/* lh-hybrid.c: PLACEHOLDER until the issue-4 implementation lands (not for release). */
#include "lh-hybrid.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
lh_hybrid_params_init_default (LhHybridParams *params)
{
  memset (params, 0, sizeof *params);
}

gboolean
lh_hybrid_params_validate (const LhHybridParams *params, GError **error)
{
  return TRUE;
}

gboolean
lh_hybrid_search (const LhSolverParams *params, const LhHeuristic *heuristic, LhTranspositionTable *table, LhBoard board,
              LhGeometry geometry, GCancellable *cancellable, LhSolverProgressFunc progress,
              gpointer user_data, LhSolverResult *result, GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
  return FALSE;
}
