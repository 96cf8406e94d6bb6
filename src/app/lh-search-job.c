/* lh-search-job.c: an AI search in a GTask thread (see lh-search-job.h). */
#include "lh-search-job.h"

#include <string.h>

#include "lh-exact.h"

/* How long the latest progress waits before it is delivered, ms: at most
 * one delivery per frame of a 60 Hz display. */
#define PROGRESS_INTERVAL_MS 16

typedef struct {
  LhWideBoard    board;
  LhGeometry     geometry;
  LhRules        rules;
  LhSolverParams params;
  guint          record_nodes;
  LhSearchRecord *record;   /* the outcome, set by the thread */

  /* Progress: the latest partial result, handed from the searching thread
   * to the caller's main context by one pending timeout at a time. */
  LhSearchJobProgressFunc progress;
  gpointer       progress_data;
  GMainContext  *context;
  GMutex         mutex;
  LhSolverResult partial;
  gboolean       partial_pending;
} SearchData;

static void
search_data_free (gpointer p)
{
  SearchData *data = p;

  lh_search_record_unref (data->record);
  g_clear_pointer (&data->params.network, lh_ntuple_unref);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_mutex_clear (&data->mutex);
  g_free (data);
}

/* In the caller's main context: the latest partial result, unless the
 * search ended or was cancelled since. */
static gboolean
deliver_progress_cb (gpointer user_data)
{
  GTask *task = G_TASK (user_data);
  SearchData *data = g_task_get_task_data (task);
  LhSolverResult partial;

  g_mutex_lock (&data->mutex);
  partial = data->partial;
  data->partial_pending = FALSE;
  g_mutex_unlock (&data->mutex);
  if (!g_task_get_completed (task) && !g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    data->progress (&partial, data->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the searching thread (LhSolverProgressFunc): keeps @partial and, unless
 * a delivery is pending already, schedules one. */
static void
search_progress_cb (const LhSolverResult *partial, gpointer user_data)
{
  GTask *task = G_TASK (user_data);
  SearchData *data = g_task_get_task_data (task);
  gboolean schedule;

  g_mutex_lock (&data->mutex);
  data->partial = *partial;
  schedule = !data->partial_pending;
  data->partial_pending = TRUE;
  g_mutex_unlock (&data->mutex);
  if (schedule)
    {
      GSource *source = g_timeout_source_new (PROGRESS_INTERVAL_MS);

      g_source_set_callback (source, deliver_progress_cb, g_object_ref (task), g_object_unref);
      g_source_set_name (source, "lh-search-job progress");
      g_source_attach (source, data->context);
      g_source_unref (source);
    }
}

/* What a worker thread keeps between jobs: its solver (LhSolver is not
 * thread-safe to share) and the record the solver was made to fill. */
typedef struct {
  LhSolver      *solver;
  LhSearchTrace *trace;   /* params.trace of the solver, or NULL */
} ThreadSolver;

static void
thread_solver_free (gpointer p)
{
  ThreadSolver *ts = p;

  if (ts == NULL)
    return;
  lh_solver_free (ts->solver);
  lh_search_trace_free (ts->trace);
  g_free (ts);
}

/* The solver of the current worker thread, freed when the thread ends. */
static GPrivate thread_solver = G_PRIVATE_INIT (thread_solver_free);

/* Whether a solver made with @a searches as one made with @b.  The record
 * pointers (tree and trace) are left out of the comparison on purpose: the
 * job's copy of the parameters carries neither, and the thread's solver
 * holds the thread's own trace, so they always differ; the trace's budget
 * is compared on its own (record_budget()). */
static gboolean
params_equal (const LhSolverParams *a, const LhSolverParams *b)
{
  return a->kind == b->kind
      && memcmp (&a->heuristic, &b->heuristic, sizeof a->heuristic) == 0
      && a->evaluator == b->evaluator
      && a->network == b->network
      && a->depth == b->depth
      && a->adaptive == b->adaptive
      && a->min_depth == b->min_depth
      && a->probability_cutoff == b->probability_cutoff
      && a->use_transposition_table == b->use_transposition_table
      && a->time_budget_ms == b->time_budget_ms
      && a->seed == b->seed
      && a->threads == b->threads
      && memcmp (&a->monte_carlo, &b->monte_carlo, sizeof a->monte_carlo) == 0
      && memcmp (&a->mdp, &b->mdp, sizeof a->mdp) == 0
      && memcmp (&a->mcts, &b->mcts, sizeof a->mcts) == 0
      && memcmp (&a->hybrid, &b->hybrid, sizeof a->hybrid) == 0;
}

static guint
record_budget (const ThreadSolver *ts)
{
  return ts->trace != NULL ? lh_search_trace_get_max_nodes_per_step (ts->trace) : 0;
}

/* Returns the thread's solver for @data, rebuilt when the parameters or the
 * record's budget changed; NULL with @error for invalid parameters. */
static ThreadSolver *
get_thread_solver (const SearchData *data, GError **error)
{
  ThreadSolver *ts = g_private_get (&thread_solver);
  LhSolverParams params;

  if (ts != NULL && params_equal (lh_solver_get_params (ts->solver), &data->params)
      && record_budget (ts) == data->record_nodes)
    return ts;

  params = data->params;
  ts = g_new0 (ThreadSolver, 1);
  if (data->record_nodes > 0)
    ts->trace = lh_search_trace_new (data->record_nodes);
  params.tree = NULL;
  params.trace = ts->trace;
  ts->solver = lh_solver_new (&params, error);
  if (ts->solver == NULL)
    {
      thread_solver_free (ts);
      return NULL;
    }
  g_private_replace (&thread_solver, ts);
  return ts;
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchData *data = task_data;
  ThreadSolver *ts;
  LhSolverResult result;
  GError *error = NULL;
  ts = get_thread_solver (data, &error);
  if (ts == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

  /* A board the 64-bit search holds goes to it, any other to the wide
   * search; expectimax (and the hybrid) fill the trace on both, the
   * sampling solvers on the 64-bit board only. */
  if (!lh_solver_search_wide (ts->solver, data->board, data->geometry, data->rules, cancellable,
                              data->progress != NULL ? search_progress_cb : NULL, task,
                              &result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  /* A cancelled search may still carry a decision; the caller asked to stop,
   * so report the cancellation rather than a half-searched move. */
  if (g_task_return_error_if_cancelled (task))
    return;

  /* The trace belongs to the thread's solver: the record gets copies of its
   * steps and takes their trees (no copy: the next search clears the trace
   * anyway); the last step's tree is the result's. */
  data->record = lh_search_record_new_wide (data->board, data->geometry, data->rules,
                                            data->params.kind, &result, NULL);
  if (data->params.kind == LH_SOLVER_EXACT)
    {
      LhExactRules rules;

      if (lh_exact_params_get_rules (&data->params.exact, &rules, NULL))
        lh_search_record_set_exact_rules (data->record, &rules);
    }
  for (guint i = 0; ts->trace != NULL && i < lh_search_trace_get_n_steps (ts->trace); i++)
    {
      const LhSearchStep *step = lh_search_trace_get_step (ts->trace, i);

      lh_search_record_add_step (data->record, step, lh_search_trace_steal_tree (ts->trace, i));
    }
  g_task_return_boolean (task, TRUE);
}

void
lh_search_job_run_async (gpointer              source_object,
                         LhWideBoard           board,
                         LhGeometry            geometry,
                         LhRules               rules,
                         const LhSolverParams *params,
                         guint                 record_nodes,
                         GCancellable         *cancellable,
                         LhSearchJobProgressFunc progress,
                         gpointer              progress_data,
                         GAsyncReadyCallback   callback,
                         gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchData *data;

  g_return_if_fail (params != NULL);
  g_return_if_fail (record_nodes <= LH_SEARCH_TREE_MAX_NODES);
  g_return_if_fail (lh_rules_accept (rules, geometry, board));

  data = g_new0 (SearchData, 1);
  data->board = board;
  data->geometry = geometry;
  data->rules = rules;
  data->params = *params;
  data->params.tree = NULL;
  data->params.trace = NULL;
  /* The job's own reference: the caller may drop the network meanwhile. */
  if (data->params.evaluator == LH_EVALUATOR_NTUPLE && data->params.network != NULL)
    lh_ntuple_ref (data->params.network);
  else
    data->params.network = NULL;
  data->record_nodes = record_nodes;
  data->progress = progress;
  data->progress_data = progress_data;
  data->context = g_main_context_ref_thread_default ();
  g_mutex_init (&data->mutex);

  task = g_task_new (source_object, cancellable, callback, user_data);
  g_task_set_source_tag (task, lh_search_job_run_async);
  g_task_set_name (task, "lh-search-job");
  g_task_set_task_data (task, data, search_data_free);
  g_task_run_in_thread (task, search_thread);
}

LhSearchRecord *
lh_search_job_finish (GAsyncResult *res,
                      GError      **error)
{
  GTask *task = G_TASK (res);

  g_return_val_if_fail (G_IS_TASK (res), NULL);
  g_return_val_if_fail (g_task_get_source_tag (task) == lh_search_job_run_async, NULL);

  if (!g_task_propagate_boolean (task, error))
    return NULL;
  return lh_search_record_ref (((SearchData *) g_task_get_task_data (task))->record);
}
