/* lh-search-job.c: an AI search in a GTask thread (see lh-search-job.h). */
#include "lh-search-job.h"

#include <string.h>

typedef struct {
  LhBoard        board;
  LhGeometry     geometry;
  LhSolverParams params;
  LhSolverResult result;
} SearchData;

/* The solver of the current worker thread, freed when the thread ends. */
static GPrivate thread_solver = G_PRIVATE_INIT ((GDestroyNotify) lh_solver_free);

static gboolean
params_equal (const LhSolverParams *a, const LhSolverParams *b)
{
  return a->kind == b->kind
      && memcmp (&a->heuristic, &b->heuristic, sizeof a->heuristic) == 0
      && a->depth == b->depth
      && a->adaptive == b->adaptive
      && a->min_depth == b->min_depth
      && a->probability_cutoff == b->probability_cutoff
      && a->use_transposition_table == b->use_transposition_table
      && a->time_budget_ms == b->time_budget_ms
      && a->seed == b->seed;
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchData *data = task_data;
  LhSolver *solver = g_private_get (&thread_solver);
  GError *error = NULL;

  if (solver == NULL || !params_equal (lh_solver_get_params (solver), &data->params))
    {
      solver = lh_solver_new (&data->params, &error);
      if (solver == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      g_private_replace (&thread_solver, solver);
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  if (!lh_solver_search (solver, data->board, data->geometry, cancellable,
                         NULL, NULL, &data->result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  /* A cancelled search may still carry a decision; the caller asked to stop,
   * so report the cancellation rather than a half-searched move. */
  if (g_task_return_error_if_cancelled (task))
    return;

  g_task_return_boolean (task, TRUE);
}

void
lh_search_job_run_async (gpointer              source_object,
                         LhBoard               board,
                         LhGeometry            geometry,
                         const LhSolverParams *params,
                         GCancellable         *cancellable,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchData *data;

  g_return_if_fail (params != NULL);

  data = g_new0 (SearchData, 1);
  data->board = board;
  data->geometry = geometry;
  data->params = *params;
  data->params.tree = NULL;

  task = g_task_new (source_object, cancellable, callback, user_data);
  g_task_set_source_tag (task, lh_search_job_run_async);
  g_task_set_name (task, "lh-search-job");
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, search_thread);
}

gboolean
lh_search_job_finish (GAsyncResult   *res,
                      LhSolverResult *result,
                      GError        **error)
{
  GTask *task = G_TASK (res);

  g_return_val_if_fail (G_IS_TASK (res), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (task) == lh_search_job_run_async, FALSE);

  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  *result = ((SearchData *) g_task_get_task_data (task))->result;
  return TRUE;
}
