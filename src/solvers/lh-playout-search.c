/* lh-playout-search.c: sliced playout batches with trace and progress (see lh-playout-search.h). */
#include "lh-playout-search.h"
#include "lh-search-tree-recording.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Fills @node with the root (@m < 0) or move @m's afterstate of @boards. */
static void
fill_node (const LhPlayoutRecordBoards *boards, LhSearchNode *node, int m, double value,
           guint64 visits)
{
  LhSearchNodeKind kind = m < 0 ? LH_SEARCH_NODE_PLAYER : LH_SEARCH_NODE_CHANCE;
  guint32 n = (guint32) MIN (visits, G_MAXUINT32);

  if (boards->wide)
    lh_search_tree_fill_member_wide (node, kind, m < 0 ? boards->wide_board : boards->wide_after[m],
                                     m < 0 ? 0 : 1, m, -1, 0, 1, value, n, 0);
  else
    lh_search_tree_fill_member (node, kind, m < 0 ? boards->board : boards->after[m], m < 0 ? 0 : 1,
                                m, -1, 0, 1, value, n, 0);
}

LhSearchNode *
lh_playout_record_root_and_moves (LhSearchTree *tree, const LhPlayoutRecordBoards *boards,
                                  const LhSolverResult *r, double root_value)
{
  LhSearchNode *root, *moves;
  guint n = 0, k = 0;

  if (boards->wide)
    lh_search_tree_begin_wide (tree, boards->geometry);
  else
    lh_search_tree_begin (tree, boards->geometry);
  root = lh_search_tree_reserve (tree, 0, 0, 0, 1.0, 1);
  if (root == NULL)
    return NULL;
  fill_node (boards, root, -1, root_value, r->playouts);
  for (guint m = 0; m < LH_N_MOVES; m++)
    n += r->legal[m] ? 1 : 0;
  moves = n > 0 ? lh_search_tree_reserve (tree, 1, 0, 1, 1.0, n) : NULL;
  if (moves != NULL)
    for (guint m = 0; m < LH_N_MOVES; m++)
      if (r->legal[m])
        fill_node (boards, &moves[k++], (int) m, r->values[m], r->visits[m]);
  return moves;
}

/* A trace step of @r, its tree @working's nodes (taken) as @record filled them. */
static void
add_step (LhSearchTrace *trace, LhSearchTree *working, const LhSolverResult *r, double root_value,
          LhPlayoutRecordFunc record, gpointer data)
{
  LhSearchStep step;

  record (working, r, root_value, data);
  lh_search_step_init_from_result (&step, r, lh_search_tree_steal (working));
  step.depth = 1;
  lh_search_trace_add_step (trace, &step);
}

gboolean
lh_playout_search_run (const LhSolverParams   *params,
                       const LhPlayoutParams  *playout,
                       const LhEvaluator      *evaluator,
                       LhGeometry              geometry,
                       LhPlayoutJob           *jobs,
                       guint                   n_jobs,
                       guint                   n_rounds,
                       gint64                  start,
                       GCancellable           *cancellable,
                       LhSolverProgressFunc    progress,
                       gpointer                user_data,
                       LhPlayoutSummariseFunc  summarise,
                       LhPlayoutRecordFunc     record,
                       gpointer                data,
                       LhSolverResult         *r,
                       GError                **error)
{
  gint64 deadline = params->time_budget_ms > 0 ? start + (gint64) params->time_budget_ms * 1000 : 0;
  g_autoptr (LhSearchTree) working = NULL;
  LhPlayoutStats stats = { 0 };
  guint n_slices;
  double root_value;

  if (params->tree != NULL)
    lh_search_tree_clear (params->tree);
  if (params->trace != NULL)
    {
      lh_search_trace_clear (params->trace);
      working = lh_search_tree_new (lh_search_trace_get_max_nodes_per_step (params->trace));
    }
  lh_solver_std_errors_clear (r->std_errors);
  r->lost_value = lh_measure_lost_value (playout->measure, evaluator);
  r->nodes = LH_N_MOVES;
  r->depth = 1;
  r->max_ply = n_jobs > 0 ? 1 : 0;

  n_slices = (progress != NULL || params->trace != NULL)
             ? MIN (LH_PLAYOUT_SEARCH_SLICES, n_rounds) : 1;
  for (guint s = 0; s < n_slices && n_jobs > 0; s++)
    {
      guint first = (guint) ((guint64) n_rounds * s / n_slices);
      guint end = (guint) ((guint64) n_rounds * (s + 1) / n_slices);

      lh_playout_jobs_run (playout, evaluator, geometry, jobs, n_jobs, first, end,
                           params->seed, params->threads, cancellable, deadline, &stats);
      summarise (r, data);
      r->nodes = LH_N_MOVES + stats.moves;
      r->max_ply = 1 + stats.max_plies;
      r->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
      /* A decision needs a playout from every batch. */
      for (guint j = 0; j < n_jobs; j++)
        if (jobs[j].done == 0)
          {
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("the search was cancelled"));
            return FALSE;
          }
      if (params->trace != NULL)
        add_step (params->trace, working, r, r->move == LH_MOVE_NONE ? 0 : r->values[r->move],
                  record, data);
      if (progress != NULL)
        progress (r, user_data);
      if (stats.stopped)
        break;
    }

  root_value = r->move == LH_MOVE_NONE
               ? (evaluator != NULL ? lh_evaluator_lost_value (evaluator) : 0)
               : r->values[r->move];
  /* No legal move: a single step with the root alone. */
  if (n_jobs == 0 && params->trace != NULL)
    add_step (params->trace, working, r, root_value, record, data);
  if (params->tree != NULL)
    record (params->tree, r, root_value, data);
  r->elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  r->cancelled = stats.stopped && g_cancellable_is_cancelled (cancellable);
  return TRUE;
}
