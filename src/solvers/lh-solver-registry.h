/* lh-solver-registry.h: the table of solvers.
 *
 * One LhSolverInfo per LhSolverKind, in enum order: its name (the CLI's
 * --solver value and the "solver" GSettings choice), its label and
 * description for the window, the shared parameters of LhSolverParams it
 * uses, where its playouts' parameters are, how its own parameters are
 * checked, and its one search function.  lh_solver_search() dispatches
 * through it, and the window (lh-ai-panel.c, lh-solver-settings.c) and the
 * CLI (lh-cli-options*.c) read from it which shared rows and options apply
 * to which solver, so the two cannot drift apart.
 *
 * A new solver is one file with a function of LhSolverSearchFunc's shape,
 * one LhSolverKind value and one entry of the table in
 * lh-solver-registry.c, its own parameters' entries in lh-solver-param.c
 * (LhSolverParamInfo) (and its "solver" choice in the GSettings schema,
 * which test-solver-registry checks).
 */
#pragma once

#include <gio/gio.h>
#include "lh-parallel.h"
#include "lh-solver.h"
#include "lh-solver-param.h"

G_BEGIN_DECLS

/**
 * LhSolverUses:
 * The shared parameters of LhSolverParams a solver uses; the window shows
 * their rows and the CLI accepts their options for it only.
 * @LH_SOLVER_USES_DEPTH: an expectimax search: @depth, @adaptive and
 *   @min_depth, @probability_cutoff, @use_transposition_table and
 *   @table_bits (lh_solver_new() makes its transposition table); the
 *   window's depth, cutoff rows, the CLI's --depth, --adaptive,
 *   --min-depth, --cutoff, --no-cache, --table-size
 * @LH_SOLVER_USES_ADAPTIVE_ROW: the window offers adaptive depth and its
 *   smallest depth ("ai-adaptive", "ai-min-depth") and reads them.  Only
 *   expectimax: the hybrid honours @adaptive too (the CLI's --adaptive,
 *   which follows @LH_SOLVER_USES_DEPTH), but the window keeps its rows short
 * @LH_SOLVER_USES_TIME_BUDGET: honours @time_budget_ms (the CLI's
 *   --time-ms); the window's "ai-time-budget" row shows for the solvers
 *   that also have @LH_SOLVER_USES_DEPTH (iterative deepening), since one
 *   key serves them all
 * @LH_SOLVER_USES_PLAYOUTS: a randomised solver that runs playouts: its
 *   LhPlayoutParams sit at LhSolverInfo.playout_offset; @seed applies (the
 *   CLI lists it with the parameters); the CLI's --playout-depth,
 *   --discount, --policy, --measure; @threads spread the playouts (the
 *   window's "solver-threads")
 * @LH_SOLVER_USES_ROOT_THREADS: @threads split the root of the search
 *   among a pool of threads that lh_solver_new() makes (expectimax; the
 *   window's "ai-threads", 0 for every processor)
 * @LH_SOLVER_USES_TRACE_SCRATCH: with a trace, the search is given a
 *   working record kept across searches (LhSolverContext.scratch)
 * @LH_SOLVER_USES_EVALUATOR: scores positions with an evaluator
 *   (LhSolverContext.evaluator: @evaluator, @heuristic, @network of
 *   LhSolverParams); the CLI's --evaluator and --weights
 */
typedef enum {
  LH_SOLVER_USES_DEPTH         = 1 << 0,
  LH_SOLVER_USES_ADAPTIVE_ROW  = 1 << 1,
  LH_SOLVER_USES_TIME_BUDGET   = 1 << 2,
  LH_SOLVER_USES_PLAYOUTS      = 1 << 3,
  LH_SOLVER_USES_ROOT_THREADS  = 1 << 4,
  LH_SOLVER_USES_TRACE_SCRATCH = 1 << 5,
  LH_SOLVER_USES_EVALUATOR     = 1 << 6,
} LhSolverUses;

/**
 * LhSolverContext: what a search works with besides its parameters; owned
 * by the LhSolver (lh-solver.c), reused across its searches, never freed
 * by the search
 * @evaluator: (nullable): the evaluation (the heuristic's tables built for
 *   the search's geometry, or the network, whose geometry is the search's),
 *   for solvers with @LH_SOLVER_USES_EVALUATOR; NULL for the others
 * @table: (nullable): the transposition table, for solvers with
 *   @LH_SOLVER_USES_DEPTH when params->use_transposition_table
 * @scratch: (nullable): a trace's working record, for solvers with
 *   @LH_SOLVER_USES_TRACE_SCRATCH when params->trace is set
 * @pool: (nullable): threads for solvers with @LH_SOLVER_USES_ROOT_THREADS
 *   when params->threads > 1
 */
typedef struct {
  const LhEvaluator    *evaluator;
  LhTranspositionTable *table;
  LhSearchTree         *scratch;
  LhParallelPool       *pool;
} LhSolverContext;

/**
 * LhSolverSearch:
 * One search of a solver, the function type every solver's entry point
 * has (declare it as `LhSolverSearch lh_mcts_search;`): the contract of lh_solver_search() (a decision
 * in @result and TRUE, or FALSE with @error: G_IO_ERROR_CANCELLED when
 * cancelled before any decision; cancellation honoured within 10 ms;
 * params->tree and params->trace filled when given).  @params has passed
 * lh_solver_params_validate(); @board fits @geometry, which is valid.
 */
typedef gboolean LhSolverSearch (const LhSolverParams  *params,
                                 const LhSolverContext *context,
                                 LhBoard                board,
                                 LhGeometry             geometry,
                                 GCancellable          *cancellable,
                                 LhSolverProgressFunc   progress,
                                 gpointer               user_data,
                                 LhSolverResult        *result,
                                 GError               **error);

/**
 * LhSolverValidateFunc:
 * Checks the solver's own parameters in @params (its sub-struct); the
 * shared ones are lh_solver_params_validate()'s.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the field.
 */
typedef gboolean (*LhSolverValidateFunc) (const LhSolverParams *params, GError **error);

/**
 * LhSolverInfo: one solver of the registry
 * @kind: its LhSolverKind (the entry's index)
 * @name: its id: the CLI's --solver value, the "solver" key's choice, the
 *   search-tree JSON's solver ("expectimax", "mcts", ...)
 * @label: N_() its name in the window ("MCTS (UCT)")
 * @description: N_() one sentence for the window: what it does
 * @uses: the shared parameters it uses (LhSolverUses)
 * @playout_offset: the offset in LhSolverParams of its LhPlayoutParams
 *   with @LH_SOLVER_USES_PLAYOUTS, 0 otherwise
 * @validate: (nullable): checks its own parameters; NULL when it has none
 * @search: its search
 */
typedef struct {
  LhSolverKind          kind;
  const char           *name;
  const char           *label;
  const char           *description;
  LhSolverUses          uses;
  gsize                 playout_offset;
  LhSolverValidateFunc  validate;
  LhSolverSearch       *search;
} LhSolverInfo;

/**
 * lh_solver_info_get:
 * @kind: a solver kind below LH_N_SOLVERS
 * Returns: (transfer none): its entry; static.  A critical warning and
 *   the expectimax entry for a kind out of range.
 */
const LhSolverInfo *lh_solver_info_get (LhSolverKind kind);

/**
 * lh_solver_kind_uses:
 * Returns: TRUE when @kind uses every parameter of @uses.
 */
gboolean lh_solver_kind_uses (LhSolverKind kind, LhSolverUses uses);

/**
 * lh_solver_kinds_using:
 * Returns: the mask (bit 1 << kind) of the solvers that use every
 *   parameter of @uses; every solver for 0.
 */
guint lh_solver_kinds_using (LhSolverUses uses);

/**
 * lh_solver_params_get_playout:
 * Returns: (transfer none) (nullable): the playout parameters of @kind in
 *   @params (inside @params), NULL for a solver without playouts.
 */
const LhPlayoutParams *lh_solver_params_get_playout (const LhSolverParams *params,
                                                     LhSolverKind          kind);

G_END_DECLS
