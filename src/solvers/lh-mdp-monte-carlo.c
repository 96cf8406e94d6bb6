/* lh-mdp-monte-carlo.c: PLACEHOLDER until the issue-4 implementation lands (not for release). */
#include "lh-mdp-monte-carlo.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
lh_mdp_monte_carlo_params_init_default (LhMdpParams *params)
{
  memset (params, 0, sizeof *params);
}

gboolean
lh_mdp_monte_carlo_params_validate (const LhMdpParams *params, GError **error)
{
  return TRUE;
}

gboolean
lh_mdp_monte_carlo_search (const LhSolverParams *params, const LhHeuristic *heuristic, LhBoard board,
              LhGeometry geometry, GCancellable *cancellable, LhSolverProgressFunc progress,
              gpointer user_data, LhSolverResult *result, GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
  return FALSE;
}
