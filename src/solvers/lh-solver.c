/* lh-solver.c: the solver interface: parameters, validation, dispatch. */
#include "lh-solver.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "lh-monte-carlo.h"
#include "lh-mdp-monte-carlo.h"
#include "lh-mcts.h"
#include "lh-hybrid.h"
#include "lh-exact.h"
#include "lh-expectimax.h"
#include "lh-expectimax-wide.h"
#include "lh-solver-registry.h"
#include "lh-transposition-table.h"

struct _LhSolver {
  LhSolverParams        params;      /* .network: the solver's own reference */
  LhHeuristic          *heuristic;   /* built for heuristic_geometry, lazily */
  LhGeometry            heuristic_geometry;
  LhEvaluator           evaluator;   /* of the last search's geometry */
  LhTranspositionTable *table;
  LhSearchTree         *scratch;     /* a trace's working record, kept for its pool */
  LhParallelPool       *pool;        /* nullable: expectimax's threads */
};

const char *
lh_solver_kind_to_string (LhSolverKind kind)
{
  g_return_val_if_fail ((guint) kind < LH_N_SOLVERS, "none");
  return lh_solver_info_get (kind)->name;
}

const char *
lh_solver_kind_get_label (LhSolverKind kind)
{
  g_return_val_if_fail ((guint) kind < LH_N_SOLVERS, "");
  return _(lh_solver_info_get (kind)->label);
}

gboolean
lh_solver_kind_from_string (const char *text, LhSolverKind *kind)
{
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    if (g_strcmp0 (text, lh_solver_info_get ((LhSolverKind) k)->name) == 0)
      {
        *kind = (LhSolverKind) k;
        return TRUE;
      }
  return FALSE;
}

void
lh_solver_params_init_default (LhSolverParams *params)
{
  /* Zeroed first, padding included: the window compares parameters with memcmp. */
  memset (params, 0, sizeof *params);
  *params = (LhSolverParams) {
    .kind = LH_SOLVER_EXPECTIMAX,
    .depth = 3,
    .adaptive = FALSE,
    .min_depth = 2,
    .probability_cutoff = LH_DEFAULT_PROBABILITY_CUTOFF,
    .use_transposition_table = TRUE,
    .table_bits = LH_TRANSPOSITION_TABLE_DEFAULT_BITS,
    .time_budget_ms = 0,
    .seed = 1,
    .threads = 1,
    .tree = NULL,
    .trace = NULL,
  };
  lh_heuristic_params_init_default (&params->heuristic);
  params->evaluator = LH_EVALUATOR_HEURISTIC;
  params->network = NULL;
  lh_expectimax_params_init_default (&params->expectimax);
  lh_monte_carlo_params_init_default (&params->monte_carlo);
  lh_mdp_monte_carlo_params_init_default (&params->mdp);
  lh_mcts_params_init_default (&params->mcts);
  lh_hybrid_params_init_default (&params->hybrid);
  lh_exact_params_init_default (&params->exact);
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
  if (params->table_bits < LH_TRANSPOSITION_TABLE_MIN_BITS
      || params->table_bits > LH_TRANSPOSITION_TABLE_MAX_BITS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("transposition table size 2^%u entries is out of range (2^%d to 2^%d)"),
                   params->table_bits, LH_TRANSPOSITION_TABLE_MIN_BITS,
                   LH_TRANSPOSITION_TABLE_MAX_BITS);
      return FALSE;
    }
  if (params->threads < 1 || params->threads > LH_MAX_THREADS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("threads %u is out of range (1 to %d)"), params->threads, LH_MAX_THREADS);
      return FALSE;
    }
  if ((guint) params->evaluator >= LH_N_EVALUATOR_KINDS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("unknown evaluator kind %d"), (int) params->evaluator);
      return FALSE;
    }
  if (params->evaluator == LH_EVALUATOR_NTUPLE && params->network == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("the n-tuple evaluator needs a network (none was given)"));
      return FALSE;
    }
  /* Only the chosen solver's own parameters matter. */
  {
    const LhSolverInfo *info = lh_solver_info_get (params->kind);

    if (info->validate != NULL && !info->validate (params, error))
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
  /* The solver's own reference; a heuristic solver holds none. */
  solver->params.network = params->evaluator == LH_EVALUATOR_NTUPLE
                           ? lh_ntuple_ref (params->network) : NULL;
  if (params->use_transposition_table && lh_solver_kind_uses (params->kind, LH_SOLVER_USES_DEPTH))
    solver->table = lh_transposition_table_new (params->table_bits);
  if (params->threads > 1 && lh_solver_kind_uses (params->kind, LH_SOLVER_USES_ROOT_THREADS))
    solver->pool = lh_parallel_pool_new (params->threads);
  return solver;
}

void
lh_solver_free (LhSolver *solver)
{
  if (solver == NULL)
    return;
  lh_heuristic_free (solver->heuristic);
  g_clear_pointer (&solver->params.network, lh_ntuple_unref);
  lh_transposition_table_free (solver->table);
  lh_search_tree_free (solver->scratch);
  lh_parallel_pool_free (solver->pool);
  g_free (solver);
}

/* The working record of a trace, made once with the trace's budget and
 * kept, so its scratch pool is not allocated (and faulted in) per search. */
static LhSearchTree *
lh_solver_get_scratch (LhSolver *solver)
{
  guint budget;

  if (solver->params.trace == NULL)
    return NULL;
  budget = lh_search_trace_get_max_nodes_per_step (solver->params.trace);
  if (solver->scratch == NULL || lh_search_tree_get_max_nodes (solver->scratch) != budget)
    {
      lh_search_tree_free (solver->scratch);
      solver->scratch = lh_search_tree_new (budget);
    }
  return solver->scratch;
}

void
lh_solver_std_errors_clear (double std_errors[LH_N_MOVES])
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    std_errors[m] = NAN;
}

void
lh_search_step_get_result (const LhSearchStep *step, LhSolverResult *result)
{
  g_return_if_fail (step != NULL && result != NULL);

  *result = (LhSolverResult) {
    .move = step->move,
    .lost_value = step->lost_value,
    .nodes = step->nodes,
    .depth = step->depth,
    .playouts = step->playouts,
    .iterations = step->iteration,
    .elapsed_ms = step->elapsed_ms,
  };
  memcpy (result->legal, step->legal, sizeof result->legal);
  memcpy (result->values, step->values, sizeof result->values);
  memcpy (result->visits, step->visits, sizeof result->visits);
  memcpy (result->std_errors, step->std_errors, sizeof result->std_errors);
}

void
lh_search_step_init_from_result (LhSearchStep *step, const LhSolverResult *result,
                                 LhSearchTree *tree)
{
  g_return_if_fail (step != NULL && result != NULL);

  *step = (LhSearchStep) {
    .depth = result->depth,
    .move = result->move,
    .lost_value = result->lost_value,
    .nodes = result->nodes,
    .elapsed_ms = result->elapsed_ms,
    .playouts = result->playouts,
    .tree = tree,
  };
  memcpy (step->legal, result->legal, sizeof step->legal);
  memcpy (step->values, result->values, sizeof step->values);
  memcpy (step->visits, result->visits, sizeof step->visits);
  memcpy (step->std_errors, result->std_errors, sizeof step->std_errors);
}

/* Points solver->evaluator at the evaluation for @geometry: the heuristic's
 * tables, built the first time and again when the geometry changes, or the
 * network, which must be of @geometry. */
static gboolean
lh_solver_prepare_evaluator (LhSolver *solver, LhGeometry geometry, GError **error)
{
  if (solver->params.evaluator == LH_EVALUATOR_NTUPLE)
    return lh_evaluator_init_ntuple (&solver->evaluator, solver->params.network, geometry, error);

  if (solver->heuristic == NULL || !lh_geometry_equal (solver->heuristic_geometry, geometry))
    {
      lh_heuristic_free (solver->heuristic);
      solver->heuristic = lh_heuristic_new (&solver->params.heuristic, geometry);
      solver->heuristic_geometry = geometry;
    }
  lh_evaluator_init_heuristic (&solver->evaluator, solver->heuristic);
  return TRUE;
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

  {
    const LhSolverInfo *info = lh_solver_info_get (solver->params.kind);
    LhSolverContext context = {
      .evaluator = NULL,
      .table = solver->table,
      .scratch = (info->uses & LH_SOLVER_USES_TRACE_SCRATCH) ? lh_solver_get_scratch (solver) : NULL,
      .pool = solver->pool,
    };

    if (info->uses & LH_SOLVER_USES_EVALUATOR)
      {
        if (!lh_solver_prepare_evaluator (solver, geometry, error))
          return FALSE;
        context.evaluator = &solver->evaluator;
      }
    return info->search (&solver->params, &context, board, geometry, cancellable, progress,
                         user_data, result, error);
  }
}

gboolean
lh_solver_search_wide (LhSolver             *solver,
                       LhWideBoard           board,
                       LhGeometry            geometry,
                       LhRules               rules,
                       GCancellable         *cancellable,
                       LhSolverProgressFunc  progress,
                       gpointer              user_data,
                       LhSolverResult       *result,
                       GError              **error)
{
  LhBoard narrow;

  g_return_val_if_fail (solver != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (lh_rules_narrow_holds (rules, board, geometry, &narrow))
    return lh_solver_search (solver, narrow, geometry, cancellable, progress, user_data, result,
                             error);
  if (!lh_rules_accept (rules, geometry, board))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the board has tiles outside its %ux%u shape"), geometry.rows, geometry.cols);
      return FALSE;
    }
  if (solver->params.kind == LH_SOLVER_MONTE_CARLO
      || solver->params.kind == LH_SOLVER_MDP_MONTE_CARLO
      || solver->params.kind == LH_SOLVER_MCTS)
    {
      LhSolverContext context = { .evaluator = &solver->evaluator, .pool = solver->pool };

      if (g_cancellable_set_error_if_cancelled (cancellable, error)
          || !lh_solver_prepare_evaluator (solver, geometry, error))
        return FALSE;
      return (solver->params.kind == LH_SOLVER_MONTE_CARLO ? lh_monte_carlo_search_wide
              : solver->params.kind == LH_SOLVER_MDP_MONTE_CARLO ? lh_mdp_monte_carlo_search_wide
              : lh_mcts_search_wide) (&solver->params, &context, board, geometry, rules,
                                      cancellable, progress, user_data, result, error);
    }
  if (solver->params.kind == LH_SOLVER_EXACT)
    {
      /* A board of at most 9 cells always fits the 64-bit board, unless a
       * tile passed 32768 on it, which no solved game holds. */
      if (lh_exact_geometry_check (geometry, error))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _("the exact solution holds no tile above 32768"));
      return FALSE;
    }
  if (solver->params.expectimax.evaluation != LH_EVALUATION_HEURISTIC)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("expectimax on boards past 4×4 or 32768 takes no Bellman "
                             "evaluation for now"));
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error)
      || !lh_solver_prepare_evaluator (solver, geometry, error))
    return FALSE;
  if (solver->params.kind == LH_SOLVER_HYBRID)
    return lh_hybrid_search_wide (&solver->params, &solver->evaluator, board, geometry, rules,
                                  cancellable, result, error);
  return lh_expectimax_wide_search (&solver->params, &solver->evaluator, board, geometry, rules,
                                    NULL, NULL, cancellable, progress, user_data, result, error);
}
