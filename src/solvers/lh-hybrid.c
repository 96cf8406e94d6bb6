/* lh-hybrid.c: expectimax with Monte Carlo leaves (see lh-hybrid.h). */
#include "lh-hybrid.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "lh-expectimax.h"
#include "lh-expectimax-wide.h"
#include "lh-playout.h"

/* Most playouts per leaf accepted. */
#define MAX_PLAYOUTS 100000

void
lh_hybrid_params_init_default (LhHybridParams *params)
{
  memset (params, 0, sizeof *params);
  /* 002 proposes the switch without numbers; these are our choices: leaves
   * with at most 4 empty cells (a quarter of a 4x4 board, where 002 expects
   * the search to gain most) get 10 greedy playouts of at most 10 moves,
   * each valued by the heuristic of where it ends. */
  params->empty_threshold = 4;
  params->playouts = 10;
  params->playout = (LhPlayoutParams) {
    .policy = LH_PLAYOUT_GREEDY,
    .max_moves = 10,
    .discount = 1,
    .measure = LH_MEASURE_HEURISTIC,
  };
}

gboolean
lh_hybrid_params_validate (const LhHybridParams *params, GError **error)
{
  if (params->empty_threshold > 16)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("hybrid: empty threshold %u is out of range (0 to 16 cells)"),
                   params->empty_threshold);
      return FALSE;
    }
  if (params->playouts < 1 || params->playouts > MAX_PLAYOUTS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("hybrid: playouts %u is out of range (1 to %d per leaf)"),
                   params->playouts, MAX_PLAYOUTS);
      return FALSE;
    }
  if (!lh_playout_params_validate (&params->playout, "hybrid", error))
    return FALSE;
  if (params->playout.measure != LH_MEASURE_HEURISTIC)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("hybrid: playout measure %s is not allowed (only heuristic: playout "
                     "leaves must share the heuristic leaves' scale)"),
                   lh_measure_to_string (params->playout.measure));
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  const LhSolverParams *params;
  const LhEvaluator    *evaluator;
  LhGeometry            geometry;
  LhRules               rules;         /* the wide search's */
  GCancellable         *cancellable;
  gint64                deadline_us;   /* 0: none */
  guint64               n_leaves;      /* playout leaves so far: each one's stream */
  LhPlayoutStats        stats;
  guint64               playouts;
} Hybrid;

/* The playouts of a leaf with few empty cells (@job set up, @n of them),
 * their mean; NAN when none ran.  Frees @job. */
static double
leaf_playouts (Hybrid *h, LhPlayoutJob *job, guint n)
{
  const LhHybridParams *hp = &h->params->hybrid;
  double value;

  lh_playout_jobs_run (&hp->playout, h->evaluator, h->geometry, job, 1, 0, n,
                       h->params->seed, h->params->threads, h->cancellable, 0, &h->stats);
  value = lh_playout_job_mean (job, 1.0);
  h->playouts += job->done;
  lh_playout_job_clear (job);
  return value;
}

/* How many playouts a leaf with @n_empty empty cells gets: 0 for the
 * evaluator's value (many empty cells, or cancelled: expectimax is about
 * to drop the iteration); 1 out of time, on the same scale, until
 * expectimax notices the deadline and keeps its last completed depth. */
static guint
leaf_playouts_wanted (const Hybrid *h, guint n_empty)
{
  if (n_empty > h->params->hybrid.empty_threshold || g_cancellable_is_cancelled (h->cancellable))
    return 0;
  if (h->deadline_us != 0 && g_get_monotonic_time () >= h->deadline_us)
    return 1;
  return h->params->hybrid.playouts;
}

static double
hybrid_leaf (LhBoard afterstate, gpointer user_data)
{
  Hybrid *h = user_data;
  guint n = leaf_playouts_wanted (h, lh_board_count_empty (afterstate, h->geometry));
  LhPlayoutJob job;
  double value;

  if (n == 0)
    return lh_evaluator_evaluate (h->evaluator, afterstate);
  lh_playout_job_init (&job, afterstate, TRUE, n, h->n_leaves++);
  value = leaf_playouts (h, &job, n);
  return isnan (value) ? lh_evaluator_evaluate (h->evaluator, afterstate) : value;
}

static double
hybrid_leaf_wide (LhWideBoard afterstate, gpointer user_data)
{
  Hybrid *h = user_data;
  guint n = leaf_playouts_wanted (h, lh_wide_board_count_empty (afterstate, h->geometry));
  LhPlayoutJob job;
  double value;

  if (n == 0)
    return lh_evaluator_evaluate_wide (h->evaluator, afterstate);
  lh_playout_job_init_wide (&job, afterstate, h->rules, TRUE, n, h->n_leaves++);
  value = leaf_playouts (h, &job, n);
  return isnan (value) ? lh_evaluator_evaluate_wide (h->evaluator, afterstate) : value;
}

gboolean
lh_hybrid_search (const LhSolverParams *params,
                  const LhSolverContext *context,
                  LhBoard               board,
                  LhGeometry            geometry,
                  GCancellable         *cancellable,
                  LhSolverProgressFunc  progress,
                  gpointer              user_data,
                  LhSolverResult       *result,
                  GError              **error)
{
  gint64 start = g_get_monotonic_time ();
  Hybrid h = {
    .params = params,
    .evaluator = context->evaluator,
    .geometry = geometry,
    .cancellable = cancellable,
    .deadline_us = params->time_budget_ms > 0 ? start + (gint64) params->time_budget_ms * 1000 : 0,
  };
  LhExpectimaxContext expectimax = {
    .evaluator = context->evaluator,
    .table = context->table,
    .leaf = hybrid_leaf,
    .leaf_data = &h,
  };

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!lh_expectimax_search (params, &expectimax, board, geometry, cancellable, progress, user_data,
                             result, error))
    return FALSE;
  /* Playout moves count as nodes, as for the other sampling solvers. */
  result->nodes += h.stats.moves;
  result->playouts = h.playouts;
  result->cancelled |= g_cancellable_is_cancelled (cancellable);
  return TRUE;
}

gboolean
lh_hybrid_search_wide (const LhSolverParams *params,
                       const LhEvaluator    *evaluator,
                       LhWideBoard           board,
                       LhGeometry            geometry,
                       LhRules               rules,
                       GCancellable         *cancellable,
                       LhSolverResult       *result,
                       GError              **error)
{
  Hybrid h = {
    .params = params,
    .evaluator = evaluator,
    .geometry = geometry,
    .rules = rules,
    .cancellable = cancellable,
  };

  if (!lh_expectimax_wide_search (params, evaluator, board, geometry, rules, hybrid_leaf_wide, &h,
                                  cancellable, NULL, NULL, result, error))
    return FALSE;
  result->nodes += h.stats.moves;
  result->playouts = h.playouts;
  return TRUE;
}
