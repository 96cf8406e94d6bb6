/* lh-solver.c: the solver interface: parameters, validation, dispatch. */
#include "lh-solver.h"

#include <glib/gi18n-lib.h>

#include "lh-expectimax.h"
#include "lh-transposition-table.h"

struct _LhSolver {
  LhSolverParams        params;
  LhHeuristic          *heuristic;   /* built for heuristic_geometry, lazily */
  LhGeometry            heuristic_geometry;
  LhTranspositionTable *table;
};

static const char *const solver_names[LH_N_SOLVERS] = { "expectimax" };

const char *
lh_solver_kind_to_string (LhSolverKind kind)
{
  g_return_val_if_fail ((guint) kind < LH_N_SOLVERS, "none");
  return solver_names[kind];
}

gboolean
lh_solver_kind_from_string (const char *text, LhSolverKind *kind)
{
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    if (g_strcmp0 (text, solver_names[k]) == 0)
      {
        *kind = (LhSolverKind) k;
        return TRUE;
      }
  return FALSE;
}

void
lh_solver_params_init_default (LhSolverParams *params)
{
  *params = (LhSolverParams) {
    .kind = LH_SOLVER_EXPECTIMAX,
    .depth = 3,
    .adaptive = FALSE,
    .min_depth = 2,
    .probability_cutoff = LH_DEFAULT_PROBABILITY_CUTOFF,
    .use_transposition_table = TRUE,
    .time_budget_ms = 0,
    .seed = 1,
    .tree = NULL,
    .trace = NULL,
  };
  lh_heuristic_params_init_default (&params->heuristic);
}

gboolean
lh_solver_params_validate (const LhSolverParams *params, GError **error)
{
  if ((guint) params->kind >= LH_N_SOLVERS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("unknown solver kind %d"), (int) params->kind);
      return FALSE;
    }
  if (params->depth < 1 || params->depth > LH_MAX_DEPTH)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("depth %u is out of range (1 to %d player moves)"), params->depth, LH_MAX_DEPTH);
      return FALSE;
    }
  if (params->adaptive && (params->min_depth < 1 || params->min_depth > params->depth))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("adaptive minimum depth %u is out of range (1 to the depth, %u)"),
                   params->min_depth, params->depth);
      return FALSE;
    }
  if (!(params->probability_cutoff >= 0 && params->probability_cutoff < 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("probability cutoff %g is out of range (0 to less than 1)"),
                   params->probability_cutoff);
      return FALSE;
    }
  return lh_heuristic_params_validate (&params->heuristic, error);
}

LhSolver *
lh_solver_new (const LhSolverParams *params, GError **error)
{
  LhSolver *solver;

  if (!lh_solver_params_validate (params, error))
    return NULL;

  lh_engine_init ();
  solver = g_new0 (LhSolver, 1);
  solver->params = *params;
  if (params->use_transposition_table)
    solver->table = lh_transposition_table_new (LH_TRANSPOSITION_TABLE_DEFAULT_BITS);
  return solver;
}

void
lh_solver_free (LhSolver *solver)
{
  if (solver == NULL)
    return;
  lh_heuristic_free (solver->heuristic);
  lh_transposition_table_free (solver->table);
  g_free (solver);
}

const LhSolverParams *
lh_solver_get_params (const LhSolver *solver)
{
  return &solver->params;
}

gboolean
lh_solver_search (LhSolver             *solver,
                  LhBoard               board,
                  LhGeometry            geometry,
                  GCancellable         *cancellable,
                  LhSolverProgressFunc  progress,
                  gpointer              user_data,
                  LhSolverResult       *result,
                  GError              **error)
{
  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (!lh_geometry_is_valid (geometry))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("board size %ux%u is out of range (2 to 4 rows and columns)"),
                   geometry.rows, geometry.cols);
      return FALSE;
    }
  if ((board & ~lh_geometry_cell_mask (geometry)) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the board has tiles outside its %ux%u shape"), geometry.rows, geometry.cols);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (solver->heuristic == NULL || !lh_geometry_equal (solver->heuristic_geometry, geometry))
    {
      lh_heuristic_free (solver->heuristic);
      solver->heuristic = lh_heuristic_new (&solver->params.heuristic, geometry);
      solver->heuristic_geometry = geometry;
    }

  switch (solver->params.kind)
    {
    case LH_SOLVER_EXPECTIMAX:
    default:
      return lh_expectimax_search (&solver->params, solver->heuristic, solver->table, board,
                                   geometry, cancellable, progress, user_data, result, error);
    }
}
