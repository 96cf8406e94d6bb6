/* lh-solver.h: the one interface behind which every solver runs.
 *
 * One entry point (lh_solver_search), one parameter struct, one result struct,
 * an optional bounded search-tree record.  A search works on its own copy of
 * the board and parameters, may run in any thread, touches no GObject of the
 * UI, and returns within 10 ms of its GCancellable being cancelled.
 */
#pragma once

#include <gio/gio.h>
#include "lh-board.h"
#include "lh-heuristic.h"
#include "lh-search-tree.h"
#include "lh-search-trace.h"

G_BEGIN_DECLS

typedef enum {
  LH_SOLVER_EXPECTIMAX,
  /* MCTS, Monte Carlo, MDP Monte Carlo, hybrid, exact: issue 4 */
  LH_N_SOLVERS
} LhSolverKind;

/** lh_solver_kind_to_string: "expectimax" ...; static. */
const char *lh_solver_kind_to_string (LhSolverKind kind);
/** lh_solver_kind_from_string: FALSE when @text names no solver. */
gboolean lh_solver_kind_from_string (const char *text, LhSolverKind *kind);

/** Default probability cutoff: nneonneo/2048-ai's CPROB_THRESH_BASE. */
#define LH_DEFAULT_PROBABILITY_CUTOFF 1e-4
/** Largest search depth accepted, in player moves. */
#define LH_MAX_DEPTH 12

/**
 * LhSolverParams:
 * @kind: which solver
 * @heuristic: the evaluation's weights
 * @depth: expectimax depth in player moves (1..LH_MAX_DEPTH): depth 1 scores
 *   each legal move by the heuristic of its afterstate; depth 2 adds the
 *   spawn and the best reply.  nneonneo/2048-ai's depth_limit L is depth L + 1.
 *   With @adaptive, the largest depth used.
 * @adaptive: choose the depth from the board: max(@min_depth, distinct tiles - 1),
 *   capped at @depth (nneonneo/2048-ai's max(3, distinct - 2), shifted by one)
 * @min_depth: smallest adaptive depth
 * @probability_cutoff: a chance branch whose cumulative probability falls
 *   below this is scored by the heuristic (0 disables)
 * @use_transposition_table: reuse values of afterstates met again at the same
 *   remaining depth (exact with @probability_cutoff 0; see lh-expectimax.h)
 * @time_budget_ms: 0 for none; otherwise iterative deepening from depth 1,
 *   keeping the deepest fully searched depth when time runs out (the depth-1
 *   search always completes)
 * @seed: for randomised solvers
 * @tree: (nullable): a record to fill (cleared first), or NULL; it holds the
 *   tree of the search that gave the result (the deepest completed depth),
 *   kept within its node budget as lh-search-tree.h describes
 * @trace: (nullable): a step-by-step trace to fill (cleared first), or NULL.
 *   Expectimax then deepens iteratively from depth 1 even without
 *   @time_budget_ms and appends one step per completed depth, each with its
 *   own record (the trace's budget); the last step is the result.  Not owned:
 *   the caller keeps it alive during the search and reads it afterwards.
 */
typedef struct {
  LhSolverKind      kind;
  LhHeuristicParams heuristic;
  guint             depth;
  gboolean          adaptive;
  guint             min_depth;
  double            probability_cutoff;
  gboolean          use_transposition_table;
  guint             time_budget_ms;
  guint64           seed;
  LhSearchTree     *tree;
  LhSearchTrace    *trace;
} LhSolverParams;

/** lh_solver_params_init_default: expectimax, Balanced, depth 3, cutoff 1e-4, table on. */
void lh_solver_params_init_default (LhSolverParams *params);

/**
 * LhSolverResult:
 * @move: the chosen move, or LH_MOVE_NONE when no move is legal
 * @legal: which moves are legal
 * @values: value of each legal move in heuristic points (undefined if not legal)
 * @visits: per-move visits (MCTS; 0 for expectimax)
 * @nodes: player moves tried (afterstates generated), nneonneo's moves_evaled
 * @max_ply: deepest ply reached
 * @depth: the depth (player moves) of the search that gave the decision
 * @cache_hits: transposition-table hits
 * @elapsed_ms: wall time, ms
 * @cancelled: TRUE when the search was cancelled (the result is then the
 *   deepest completed iteration, if any)
 */
typedef struct {
  int      move;
  gboolean legal[LH_N_MOVES];
  double   values[LH_N_MOVES];
  guint64  visits[LH_N_MOVES];
  guint64  nodes;
  guint    max_ply;
  guint    depth;
  guint64  cache_hits;
  double   elapsed_ms;
  gboolean cancelled;
} LhSolverResult;

/**
 * LhSolverProgressFunc:
 * Called from the searching thread after each completed iteration (expectimax:
 * each depth) with the result so far.  Must be quick and thread-safe.
 */
typedef void (*LhSolverProgressFunc) (const LhSolverResult *partial, gpointer user_data);

typedef struct _LhSolver LhSolver;

/**
 * lh_solver_new:
 * A solver with its own working memory (transposition table, heuristic tables),
 * reused across searches: make one per thread and keep it.
 * Returns: (transfer full): NULL with @error when @params is invalid.
 */
LhSolver *lh_solver_new (const LhSolverParams *params, GError **error);
/** lh_solver_free: frees @solver and its tables; NULL is allowed. */
void lh_solver_free (LhSolver *solver);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhSolver, lh_solver_free)

/**
 * lh_solver_search:
 * @board, @geometry: the position, the player to move
 * @cancellable: (nullable): cancelling stops the search within 10 ms
 * @progress: (nullable)
 * @result: (out caller-allocates): filled on success
 * @error: G_IO_ERROR_CANCELLED when cancelled before any iteration finished;
 *   G_IO_ERROR_INVALID_ARGUMENT for a bad geometry or board
 * Returns: TRUE when @result holds a decision.
 */
gboolean lh_solver_search (LhSolver             *solver,
                           LhBoard               board,
                           LhGeometry            geometry,
                           GCancellable         *cancellable,
                           LhSolverProgressFunc  progress,
                           gpointer              user_data,
                           LhSolverResult       *result,
                           GError              **error);

/** lh_solver_get_params: (transfer none): the parameters it was made with. */
const LhSolverParams *lh_solver_get_params (const LhSolver *solver);

/**
 * lh_solver_params_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad field.
 */
gboolean lh_solver_params_validate (const LhSolverParams *params, GError **error);

G_END_DECLS
