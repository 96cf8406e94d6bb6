/* lh-search-trace.h: a search replayed step by step, for the inspector's
 * scrubber.
 *
 * A solver asked for a trace (LhSolverParams.trace) appends one step per
 * iteration in the order it happened; expectimax: one step per depth of
 * iterative deepening, 1, 2, ... D, each with the per-move values of that
 * depth and the record of that depth's tree (its own LhSearchTree, with the
 * trace's node budget, owned by the trace).  The last step is the result.
 * Memory: the steps' records, at most max_nodes_per_step * 40 bytes each.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * LhSearchStep:
 * @depth: the iteration's depth in player moves
 * @move: the move this iteration would choose, or LH_MOVE_NONE
 * @legal, @values, @visits, @std_errors: per move, as in LhSolverResult
 *   (values in the evaluator's units; visits 0 for expectimax; standard errors
 *   NAN where not defined)
 * @lost_value: as in LhSolverResult
 * @nodes: player moves tried since the search started (cumulative)
 * @elapsed_ms: wall time since the search started, ms
 * @iteration: MCTS: the iteration this step shows (1 for the first); 0 otherwise
 * @playouts: Monte Carlo and MDP Monte Carlo: the playouts played by the end
 *   of this step (cumulative); 0 otherwise
 * @path: (nullable): MCTS: the nodes of @tree on the path the iteration
 *   selected, root first (indices into @tree), owned by the trace; NULL otherwise
 * @path_length: entries of @path
 * @tree: (transfer none) (nullable): the record of this iteration's tree,
 *   owned by the trace; NULL once lh_search_trace_steal_tree() took it
 */
typedef struct {
  guint         depth;
  int           move;
  gboolean      legal[LH_N_MOVES];
  double        values[LH_N_MOVES];
  guint64       visits[LH_N_MOVES];
  double        std_errors[LH_N_MOVES];
  double        lost_value;
  guint64       nodes;
  double        elapsed_ms;
  guint64       iteration;
  guint64       playouts;
  guint32      *path;
  guint         path_length;
  LhSearchTree *tree;
} LhSearchStep;

typedef struct _LhSearchTrace LhSearchTrace;

/**
 * lh_search_trace_new:
 * @max_nodes_per_step: node budget of each step's record, 1 to
 *   LH_SEARCH_TREE_MAX_NODES
 * Returns: (transfer full): an empty trace; free with lh_search_trace_free().
 */
LhSearchTrace *lh_search_trace_new (guint max_nodes_per_step);
/** lh_search_trace_free: frees the trace and its steps' records; NULL is allowed. */
void lh_search_trace_free (LhSearchTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhSearchTrace, lh_search_trace_free)

/** lh_search_trace_get_max_nodes_per_step: the budget given at creation. */
guint lh_search_trace_get_max_nodes_per_step (const LhSearchTrace *trace);
/** lh_search_trace_get_n_steps: steps recorded (0 before a search). */
guint lh_search_trace_get_n_steps (const LhSearchTrace *trace);
/** lh_search_trace_get_step: (transfer none): step @index (< n_steps), in search order. */
const LhSearchStep *lh_search_trace_get_step (const LhSearchTrace *trace, guint index);

/** lh_search_trace_clear: forgets every step (a search clears its trace first). */
void lh_search_trace_clear (LhSearchTrace *trace);

/**
 * lh_search_trace_add_step: (for solvers) appends a copy of @step; the trace
 * takes ownership of @step->tree, which must have the trace's budget, and
 * of @step->path (g_malloc'd, nullable).
 */
void lh_search_trace_add_step (LhSearchTrace *trace, const LhSearchStep *step);

/**
 * lh_search_trace_steal_tree:
 * Takes step @index's record out of the trace (which then holds NULL
 * there), for a reader that keeps the steps after the next search clears
 * the trace: no copy.
 * Returns: (transfer full) (nullable): the record, or NULL if already taken.
 */
LhSearchTree *lh_search_trace_steal_tree (LhSearchTrace *trace, guint index);

G_END_DECLS
