/* lh-search-job.h: one AI search in a worker thread (GTask).
 *
 * The job copies the board and the solver parameters, runs
 * lh_solver_search_wide() in a GTask thread (the 64-bit search for every
 * board it holds, the wide search for the others: 5x5, tiles past 32768), and hands the LhSolverResult back to the main thread in
 * the GAsyncReadyCallback as an immutable LhSearchRecord (with the search-tree
 * records when they were asked for: the search then runs with an
 * LhSearchTrace of the chosen node budget per step, one step per depth of
 * iterative deepening, and the outcome holds copies of its steps).  The thread touches no widget and no GObject of the
 * UI.  Each worker thread keeps one LhSolver (LhSolver is not thread-safe to
 * share) and rebuilds it only when the parameters change.  Cancelling the
 * GCancellable stops the search within 10 ms (lh-solver.h).
 */
#pragma once

#include <gio/gio.h>
#include "lh-solver.h"
#include "lh-search-record.h"

G_BEGIN_DECLS

/**
 * LhSearchJobProgressFunc:
 * @partial: the search's result so far (expectimax: the deepest completed
 *   depth; MCTS: the iterations so far; Monte Carlo: the moves played out)
 * @user_data: the job's progress_data
 * Called in the caller's main context while the search runs, at most once
 * per PROGRESS_INTERVAL_MS (16 ms, a frame) with the latest partial result
 * (earlier ones that came in between are dropped), never after the job
 * completed or was cancelled.
 */
typedef void (*LhSearchJobProgressFunc) (const LhSolverResult *partial, gpointer user_data);

/**
 * lh_search_job_run_async:
 * @source_object: (nullable): the object the result belongs to (kept alive
 *   until @callback has run)
 * @board: the position to search, player to move, any board from 2x2 to 5x5
 * @geometry: its shape
 * @rules: the rules it is played by (lh_rules_accept() takes @board); a
 *   board the 64-bit board does not hold exactly (lh_rules_narrow_holds())
 *   is searched by the wide search: no search-tree record, no progress, and
 *   the solvers it refuses (MCTS) fail with G_IO_ERROR_NOT_SUPPORTED
 * @params: the parameters; copied (its tree and trace members are ignored:
 *   the job records through a trace of its worker thread, never shared
 *   between threads, and hands copies of its trees over); the job holds a
 *   reference on its network (LH_EVALUATOR_NTUPLE) until it ends
 * @record_nodes: node budget of each step's search-tree record
 *   (1 to LH_SEARCH_TREE_MAX_NODES), or 0 to record nothing
 * @cancellable: (nullable): cancels the search
 * @progress: (nullable): told the partial results as the search deepens
 * @progress_data: for @progress (not owned: keep it alive until @callback)
 * @callback: called in the thread-default main context of the caller
 * @user_data: for @callback
 */
void lh_search_job_run_async (gpointer              source_object,
                              LhWideBoard           board,
                              LhGeometry            geometry,
                              LhRules               rules,
                              const LhSolverParams *params,
                              guint                 record_nodes,
                              GCancellable         *cancellable,
                              LhSearchJobProgressFunc progress,
                              gpointer              progress_data,
                              GAsyncReadyCallback   callback,
                              gpointer              user_data);

/**
 * lh_search_job_finish:
 * Returns: (transfer full): the position, the decision, the value of each
 *   move and the search-tree record if one was asked for; NULL with @error:
 *   G_IO_ERROR_CANCELLED when cancelled, G_IO_ERROR_INVALID_ARGUMENT for
 *   invalid parameters, G_IO_ERROR_NOT_SUPPORTED for what the wide
 *   search does not do (lh_solver_search_wide()).
 */
LhSearchRecord *lh_search_job_finish (GAsyncResult *res,
                                      GError      **error);

G_END_DECLS
