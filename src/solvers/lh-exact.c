/* lh-exact.c: the exact solver (see lh-exact.h). */
#include "lh-exact.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include "lh-clock.h"
#include "lh-exact-cache.h"
#include "lh-exact-solve.h"

/* The last solution made from a position off the start's (see
 * solution_for()), kept for the next search of the same game. */
static GMutex position_lock;
static LhExactSolution *position_solution;

void
lh_exact_params_init_default (LhExactParams *params)
{
  *params = (LhExactParams) {
    .objective = LH_EXACT_OBJECTIVE_SCORE,
    .target = 1024,
    .discount = 1.0,
    .spawns = LH_EXACT_SPAWNS_STANDARD,
    .loss = LH_EXACT_LOSS_NONE,
  };
}

gboolean
lh_exact_params_get_rules (const LhExactParams *params, LhExactRules *rules, GError **error)
{
  g_return_val_if_fail (params != NULL && rules != NULL, FALSE);

  lh_exact_rules_init_default (rules);
  rules->objective = params->objective;
  rules->spawns = params->spawns;
  if (params->objective == LH_EXACT_OBJECTIVE_TILE)
    {
      if (params->target < 2 || params->target > 32768 || (params->target & (params->target - 1)) != 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("target tile %u is not a power of two from 2 to 32768"), params->target);
          return FALSE;
        }
      rules->target = (guint) __builtin_ctz (params->target);
    }
  else
    {
      rules->discount = params->discount;
      rules->loss = params->loss;
    }
  return lh_exact_rules_validate (rules, error);
}

gboolean
lh_exact_geometry_check (LhGeometry geometry, GError **error)
{
  if (geometry.rows * geometry.cols <= LH_EXACT_MAX_CELLS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               _("Perfect play is known for boards of at most 9 cells (3x3, 2x4 and smaller): "
                 "a %ux%u board has too many positions to solve here (3x4 has about 1.15 × 10¹² "
                 "positions)"),
               geometry.rows, geometry.cols);
  return FALSE;
}

static guint
solve_threads (void)
{
  return CLAMP (g_get_num_processors (), 1, 64);
}

/* A solution with @board's move values: the start's, else the last one
 * solved from a position whose game @board continues, else a new one
 * solved from @board. */
static LhExactSolution *
solution_for (LhGeometry geometry, const LhExactRules *rules, LhBoard board,
              GCancellable *cancellable, GError **error)
{
  g_autoptr (LhExactSolution) start = NULL;
  LhExactSolution *solution;
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];

  start = lh_exact_cache_get (geometry, rules, solve_threads (), cancellable, NULL, NULL, error);
  if (start == NULL)
    return NULL;
  if (lh_exact_solution_move_values (start, board, legal, values))
    return g_steal_pointer (&start);

  g_mutex_lock (&position_lock);
  solution = position_solution != NULL ? lh_exact_solution_ref (position_solution) : NULL;
  g_mutex_unlock (&position_lock);
  if (solution != NULL
      && lh_geometry_equal (lh_exact_solution_get_geometry (solution), geometry)
      && lh_exact_rules_equal (lh_exact_solution_get_rules (solution), rules)
      && lh_exact_solution_move_values (solution, board, legal, values))
    return solution;
  g_clear_pointer (&solution, lh_exact_solution_unref);

  solution = lh_exact_solve (geometry, rules, board, solve_threads (), cancellable, NULL, NULL, error);
  if (solution == NULL)
    return NULL;
  g_mutex_lock (&position_lock);
  g_clear_pointer (&position_solution, lh_exact_solution_unref);
  position_solution = lh_exact_solution_ref (solution);
  g_mutex_unlock (&position_lock);
  return solution;
}

gboolean
lh_exact_search (const LhSolverParams  *params,
                 const LhSolverContext *context,
                 LhBoard                board,
                 LhGeometry             geometry,
                 GCancellable          *cancellable,
                 LhSolverProgressFunc   progress,
                 gpointer               user_data,
                 LhSolverResult        *result,
                 GError               **error)
{
  gint64 start_ns = lh_clock_monotonic_ns ();
  g_autoptr (LhExactSolution) solution = NULL;
  LhExactRules rules;

  if (!lh_exact_params_get_rules (&params->exact, &rules, error) || !lh_exact_geometry_check (geometry, error))
    return FALSE;
  if (params->tree != NULL)
    lh_search_tree_clear (params->tree);
  if (params->trace != NULL)
    lh_search_trace_clear (params->trace);

  solution = solution_for (geometry, &rules, board, cancellable, error);
  if (solution == NULL)
    return FALSE;

  *result = (LhSolverResult) { 0 };
  lh_exact_solution_move_values (solution, board, result->legal, result->values);
  lh_solver_std_errors_clear (result->std_errors);
  result->move = lh_exact_best_move (result->legal, result->values);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (!result->legal[m])
      result->values[m] = 0.0;
  /* The bottom of the scale: nothing more to score (or lose), or no chance. */
  result->lost_value = 0.0;
  if (rules.loss == LH_EXACT_LOSS_SCORE)
    for (guint m = 0; m < LH_N_MOVES; m++)
      if (result->legal[m])
        result->lost_value = MIN (result->lost_value, result->values[m]);
  result->nodes = lh_exact_solution_get_n_positions (solution);
  result->depth = 0;
  result->max_ply = 0;
  result->elapsed_ms = lh_clock_elapsed_ms (start_ns);
  if (progress != NULL)
    progress (result, user_data);
  return TRUE;
}
