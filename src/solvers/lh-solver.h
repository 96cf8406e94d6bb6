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
#include "lh-evaluator.h"
#include "lh-exact-rules.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-search-tree.h"
#include "lh-search-trace.h"
#include "lh-transposition-table.h"

G_BEGIN_DECLS

/**
 * LhSolverKind:
 * @LH_SOLVER_EXPECTIMAX: depth-bounded expectimax (lh-expectimax.h; 001, nneonneo/2048-ai)
 * @LH_SOLVER_MCTS: Monte Carlo tree search with UCT (lh-mcts.h; 003)
 * @LH_SOLVER_MONTE_CARLO: pure Monte Carlo, playouts per move (lh-monte-carlo.h; 000, 002 alg. 1)
 * @LH_SOLVER_MDP_MONTE_CARLO: playouts from every spawn outcome (lh-mdp-monte-carlo.h; 002)
 * @LH_SOLVER_HYBRID: expectimax with Monte Carlo leaves when few cells are
 *   empty (lh-hybrid.h; 002's dynamic policy switching)
 * @LH_SOLVER_EXACT: perfect play on small boards: the optimal value of each
 *   move from an exact solution (lh-exact.h; 000's Bellman equation solved
 *   in full)
 */
typedef enum {
  LH_SOLVER_EXPECTIMAX,
  LH_SOLVER_MCTS,
  LH_SOLVER_MONTE_CARLO,
  LH_SOLVER_MDP_MONTE_CARLO,
  LH_SOLVER_HYBRID,
  LH_SOLVER_EXACT,
  LH_N_SOLVERS
} LhSolverKind;

/** lh_solver_kind_to_string: "expectimax", "mcts", "montecarlo", "mdp-mc",
 * "hybrid" (the CLI's --solver names); static. */
const char *lh_solver_kind_to_string (LhSolverKind kind);
/** lh_solver_kind_from_string: FALSE when @text names no solver. */
gboolean lh_solver_kind_from_string (const char *text, LhSolverKind *kind);
/** lh_solver_kind_get_label: translated name for the UI ("Expectimax", "MCTS (UCT)"...); static. */
const char *lh_solver_kind_get_label (LhSolverKind kind);

/** Default probability cutoff: nneonneo/2048-ai's CPROB_THRESH_BASE. */
#define LH_DEFAULT_PROBABILITY_CUTOFF 1e-4
/** Largest search depth accepted, in player moves. */
#define LH_MAX_DEPTH 12
/** Most threads a search may use (LhSolverParams.threads). */
#define LH_MAX_THREADS 64

/**
 * LhPlayoutPolicy:
 * @LH_PLAYOUT_RANDOM: a uniformly random legal move
 * @LH_PLAYOUT_GREEDY: the legal move whose afterstate the solver's evaluator
 *   (LhSolverParams.evaluator: the heuristic or the network) values best,
 *   ties broken at random; with an evaluator that counts points
 *   (lh_evaluator_counts_points()), best by the move's points plus the
 *   afterstate's value (Szubert and Jaśkowski 2014's greedy player)
 */
typedef enum {
  LH_PLAYOUT_RANDOM,
  LH_PLAYOUT_GREEDY,
  LH_N_PLAYOUT_POLICIES
} LhPlayoutPolicy;

/**
 * LhMeasure: what a playout returns (lh-playout.h has the formulas)
 * @LH_MEASURE_SCORE: the points scored during the playout, the move k moves
 *   in weighted by discount^k (000's discounted return; the plain score
 *   gained with discount 1)
 * @LH_MEASURE_SUM: the sum of the tile values of the final board (003's SumMeasure)
 * @LH_MEASURE_BEST: the largest tile of the final board (003's BestMeasure)
 * @LH_MEASURE_CORNER: 003's MyMeasure (largest tile in a corner, plus the sum)
 * @LH_MEASURE_HEURISTIC: the solver's evaluator's value of the final board
 *   (the heuristic of the board; with an evaluator that counts points, the
 *   points scored during the playout plus the value of where it stops,
 *   lh_evaluator_position_value())
 */
typedef enum {
  LH_MEASURE_SCORE,
  LH_MEASURE_SUM,
  LH_MEASURE_BEST,
  LH_MEASURE_CORNER,
  LH_MEASURE_HEURISTIC,
  LH_N_MEASURES
} LhMeasure;

/**
 * LhFinalMove: how MCTS picks its move at the end
 * @LH_FINAL_MOST_VISITS: the root child visited most ("robust child")
 * @LH_FINAL_BEST_MEAN: the root child with the best mean value ("max child")
 */
typedef enum {
  LH_FINAL_MOST_VISITS,
  LH_FINAL_BEST_MEAN,
  LH_N_FINAL_MOVES
} LhFinalMove;

/**
 * LhPlayoutParams: one playout (rollout), shared by every sampling solver
 * @policy: how moves are chosen
 * @max_moves: depth limit in player moves; 0 plays to game over
 * @discount: gamma in (0, 1]
 * @measure: what the playout returns
 */
typedef struct {
  LhPlayoutPolicy policy;
  guint           max_moves;
  double          discount;
  LhMeasure       measure;
} LhPlayoutParams;

/**
 * LhMonteCarloParams: pure Monte Carlo (002 algorithm 1; 000's Monte Carlo
 * method): each legal move is valued by the mean of @playouts playouts
 * from its afterstate (a random spawn first).
 * Defaults: 000's settings, 200 random playouts of at most 100 moves,
 * discount 0.95, measure SCORE.
 */
typedef struct {
  guint           playouts;
  LhPlayoutParams playout;
} LhMonteCarloParams;

/**
 * LhMdpParams: MDP Monte Carlo (002): playouts from every spawn outcome s'
 * of every move a; value(a) = sum over s' of P(s'|s,a) V(s').
 * @theta: theta1..theta4, playouts for a 2 spawn with 1-3, 4-6, 7-9 and
 *   10-15 empty cells; theta1..theta3 halve at each further empty cell of
 *   their bucket, as 002's example has it (theta1 = 500: 500 with one empty
 *   cell, 250 with two, 125 with three), theta4 is flat
 * @theta5: how many times more playouts a 2 spawn gets than a 4 spawn (>= 1)
 * @theta6: the top proportion of playout results kept for V(s'), in (0, 1]
 * @immediate_reward: value(a) adds the move's points R(s,a) and discounts
 *   V(s') by @gamma (002's Bellman variant, reported to hurt)
 * @gamma: the discount of @immediate_reward, in (0, 1]
 * @playout: the playouts
 */
typedef struct {
  guint           theta[4];
  double          theta5;
  double          theta6;
  gboolean        immediate_reward;
  double          gamma;
  LhPlayoutParams playout;
} LhMdpParams;

/**
 * LhMctsParams: MCTS with UCT (003; thomasahle/mcts-2048)
 * @iterations: selection-expansion-playout-backup iterations per move
 *   (default 1000, as in 003); LhSolverParams.time_budget_ms, when set,
 *   bounds the search in time instead
 * @exploration: UCB1's constant C, applied to values scaled to [0, 1] by
 *   the range seen so far
 * @final_move: most visits or best mean
 * @playout: the playouts from a new leaf (default greedy, MyMeasure)
 * @max_tree_nodes: the most nodes the search's trees hold in all (shared
 *   out among the threads' trees; default LH_MCTS_DEFAULT_TREE_NODES, 40
 *   bytes a node); once a tree is full the iterations go on without
 *   growing it: a playout starts where a node would have been added
 */
typedef struct {
  guint           iterations;
  double          exploration;
  LhFinalMove     final_move;
  LhPlayoutParams playout;
  guint           max_tree_nodes;
} LhMctsParams;

/**
 * LhHybridParams: expectimax (LhSolverParams.depth, cutoff, table) whose
 * leaves are valued by Monte Carlo playouts when the leaf has at most
 * @empty_threshold empty cells, by the heuristic otherwise (002's dynamic
 * policy switching)
 * @empty_threshold: 0 to 16
 * @playouts: playouts per Monte Carlo leaf
 * @playout: the playouts
 */
typedef struct {
  guint           empty_threshold;
  guint           playouts;
  LhPlayoutParams playout;
} LhHybridParams;

/**
 * LhEvaluation: what expectimax's values are
 * @LH_EVALUATION_HEURISTIC: leaves scored by the heuristic (001, nneonneo)
 * @LH_EVALUATION_BELLMAN: reference 000's Bellman search: no heuristic; a
 *   move is worth its reward plus the discount times its afterstate's
 *   expected value, a leaf 0 (the discounted points scored within the
 *   horizon)
 */
typedef enum {
  LH_EVALUATION_HEURISTIC,
  LH_EVALUATION_BELLMAN,
  LH_N_EVALUATIONS
} LhEvaluation;

/**
 * LhBellmanWeighting: the board score whose gain is a Bellman move's reward
 * @LH_BELLMAN_PLAIN: every cell weighs 1: the reward is the points scored
 * @LH_BELLMAN_CORNER: 000's corner-weighted score: a tile counts more the
 *   nearer it is to the top left corner (lh-expectimax.h has the weights)
 */
typedef enum {
  LH_BELLMAN_PLAIN,
  LH_BELLMAN_CORNER,
  LH_N_BELLMAN_WEIGHTINGS
} LhBellmanWeighting;

/**
 * LhExpectimaxParams: expectimax's own parameters
 * @evaluation: the heuristic's values, or 000's Bellman search
 * @discount: BELLMAN: gamma in (0, 1] (000: 0.95)
 * @loss: BELLMAN: what a lost position is worth: 0, or minus its board
 *   score (000's penalty, lh_exact_board_score(); the default)
 * @weighting: BELLMAN: plain points or 000's corner-weighted score
 * Reference 000's Bellman search is --evaluation bellman --depth 5
 * --cutoff 0 (its depth 5 counts player moves, as --depth does).
 */
typedef struct {
  LhEvaluation       evaluation;
  double             discount;
  LhExactLoss        loss;
  LhBellmanWeighting weighting;
} LhExpectimaxParams;

/**
 * LhExactParams: the exact solver's (lh-exact.h): which exact solution's
 * values it gives (lh-exact-rules.h)
 * @objective: the expected score still to come, or the probability of
 *   reaching @target
 * @target: TILE: the target tile's value (a power of two, 2 to 32768;
 *   default 1024, the largest 3x3 allows)
 * @discount: SCORE: gamma in (0, 1] (default 1); TILE: ignored
 * @spawns: which tiles spawn (default the standard 2 at 0.9, 4 at 0.1)
 * @loss: SCORE: what a loss costs (default nothing); TILE: ignored
 */
typedef struct {
  LhExactObjective objective;
  guint            target;
  double           discount;
  LhExactSpawns    spawns;
  LhExactLoss      loss;
} LhExactParams;

/**
 * LhSolverParams:
 * @kind: which solver
 * @heuristic: the heuristic's weights (for @evaluator HEURISTIC)
 * @evaluator: which evaluation the solvers that use one
 *   (LH_SOLVER_USES_EVALUATOR) score positions with: the heuristic of
 *   @heuristic (the default) or the n-tuple network @network
 * @network: (nullable): for @evaluator NTUPLE, the network: borrowed here
 *   (the caller keeps a reference while the parameters are in use);
 *   lh_solver_new() takes a reference of its own for the solver's life.  A
 *   network shared by solvers is never trained.  Ignored with HEURISTIC
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
 * @table_bits: log2 of the transposition table's entries (24 bytes each),
 *   LH_TRANSPOSITION_TABLE_MIN_BITS to _MAX_BITS; default 20 (24 MiB).  Its
 *   pages are committed as searches touch them, and a search uses only the
 *   part its depth needs (lh_expectimax_table_bits()), so this is a ceiling
 * @time_budget_ms: 0 for none; otherwise iterative deepening from depth 1,
 *   keeping the deepest fully searched depth when time runs out (the depth-1
 *   search always completes)
 * @seed: for randomised solvers: the same seed, board, parameters and
 *   @threads give the same result
 * @threads: threads of a search (1 to LH_MAX_THREADS): the sampling
 *   solvers spread their playouts over them; expectimax splits the root of
 *   a search of depth 4 or more among them (lh-expectimax.c,
 *   search_root_parallel(): the values are one thread's with cutoff 0 or
 *   the table off); the hybrid's expectimax runs on one thread and its
 *   leaves' playouts on all
 * @expectimax, @monte_carlo, @mdp, @mcts, @hybrid, @exact: each solver's own
 *   parameters
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
  LhEvaluatorKind   evaluator;
  LhNtuple         *network;
  guint             depth;
  gboolean          adaptive;
  guint             min_depth;
  double            probability_cutoff;
  gboolean          use_transposition_table;
  guint             table_bits;
  guint             time_budget_ms;
  guint64           seed;
  guint             threads;
  LhExpectimaxParams expectimax;
  LhMonteCarloParams monte_carlo;
  LhMdpParams       mdp;
  LhMctsParams      mcts;
  LhHybridParams    hybrid;
  LhExactParams     exact;
  LhSearchTree     *tree;
  LhSearchTrace    *trace;
} LhSolverParams;

/** lh_solver_params_init_default: expectimax, Balanced, depth 3, cutoff 1e-4,
 * table on, one thread; each solver's own parameters at its reference's
 * settings (see each struct). */
void lh_solver_params_init_default (LhSolverParams *params);

/**
 * LhSolverResult:
 * @move: the chosen move, or LH_MOVE_NONE when no move is legal
 * @legal: which moves are legal
 * @values: value of each legal move (undefined if not legal): the
 *   evaluator's units for expectimax and hybrid (heuristic points; with a
 *   network, the move's points plus the points expected after it), the
 *   playout measure's units for the sampling solvers
 * @visits: per-move visits (MCTS) or playouts (Monte Carlo solvers); 0 for expectimax
 * @std_errors: the standard error of each legal move's value, in the
 *   value's units: the standard deviation of the sampling behind the mean,
 *   so that value +- 1.96 std_error is a 95 % confidence interval for what
 *   an endless search of the same kind would give.  NAN where it is not
 *   defined: for expectimax and the hybrid (a search with no sampling at
 *   the root: the hybrid's playouts are deep in the tree and mixed by
 *   expectimax, so its values get none either), for moves that are not
 *   legal, and for a move with fewer than 2 samples.  Monte Carlo: the
 *   sample standard deviation of the move's playouts / sqrt(playouts).
 *   MDP Monte Carlo: propagated from the spawn outcomes, taken as
 *   independent: sqrt (sum over s' of (P(s'|s,a) / mass)^2 SE(s')^2), each
 *   SE(s') that of the mean of its top theta6 share
 *   (lh_playout_job_estimate()), an outcome with a single playout
 *   borrowing the move's pooled per-playout variance; times gamma with the
 *   immediate reward.  MCTS: the standard deviation of the values backed
 *   up through the root child / sqrt(visits); those values come from a
 *   selection policy that changes as it learns, not from independent
 *   draws, so this is an approximation (the usual one of MCTS GUIs).
 * @lost_value: the value a lost position gets, in @values' units: the
 *   bottom of the scale, from which values compare as proportions (a
 *   move's value is never below it).  The evaluator's lost value
 *   (lh_evaluator_lost_value(): the heuristic's game-over value) for
 *   expectimax, the hybrid and the HEURISTIC playout measure (for
 *   expectimax and the hybrid with an evaluator that counts points, 0 or
 *   the lowest legal value, whichever is lower); 0 for the other
 *   measures, which count up from 0
 * @nodes: player moves tried (afterstates generated), nneonneo's moves_evaled;
 *   for the sampling solvers, tree moves and playout moves together
 * @max_ply: deepest ply reached
 * @depth: the depth (player moves) of the search that gave the decision;
 *   MCTS: the deepest tree ply; Monte Carlo: 1
 * @cache_hits: transposition-table hits
 * @playouts: playouts run (sampling solvers)
 * @iterations: MCTS iterations run
 * @elapsed_ms: wall time, ms
 * @cancelled: TRUE when the search was cancelled (the result is then the
 *   deepest completed iteration, if any)
 */
typedef struct {
  int      move;
  gboolean legal[LH_N_MOVES];
  double   values[LH_N_MOVES];
  guint64  visits[LH_N_MOVES];
  double   std_errors[LH_N_MOVES];
  double   lost_value;
  guint64  nodes;
  guint    max_ply;
  guint    depth;
  guint64  cache_hits;
  guint64  playouts;
  guint64  iterations;
  double   elapsed_ms;
  gboolean cancelled;
} LhSolverResult;

/**
 * lh_search_step_get_result:
 * Fills @result with what @step has of a result (move, legal, values,
 * visits, standard errors, lost value, depth, nodes, time, playouts and
 * iterations), the rest zero: what a view of the moves needs to show the
 * step as it shows a result.
 */
void lh_search_step_get_result (const LhSearchStep *step, LhSolverResult *result);

/**
 * lh_search_step_init_from_result:
 * @tree: (transfer full) (nullable): the step's record
 * Fills @step from @result (move, legal, values, visits, standard errors,
 * lost value, depth, nodes, time and playouts; iteration 0, no path) with
 * @tree: the step a solver adds to its trace (lh_search_trace_add_step())
 * after a completed depth or round; the inverse of
 * lh_search_step_get_result().
 */
void lh_search_step_init_from_result (LhSearchStep *step, const LhSolverResult *result,
                                      LhSearchTree *tree);

/**
 * lh_solver_std_errors_clear:
 * Sets every entry of @std_errors (LhSolverResult.std_errors,
 * LhSearchStep.std_errors) to NAN, "not defined".
 */
void lh_solver_std_errors_clear (double std_errors[LH_N_MOVES]);

/**
 * LhSolverProgressFunc:
 * Called from the searching thread after each completed iteration (expectimax:
 * each depth; MCTS: now and then, at most every 50 ms; Monte Carlo: after
 * each move's playouts) with the result so far.  Must be quick and thread-safe.
 */
typedef void (*LhSolverProgressFunc) (const LhSolverResult *partial, gpointer user_data);

typedef struct _LhSolver LhSolver;

/**
 * lh_solver_new:
 * A solver with its own working memory (transposition table, heuristic tables),
 * reused across searches: make one per thread and keep it.  With the
 * NTUPLE evaluator it holds a reference on params->network.
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
 *   G_IO_ERROR_INVALID_ARGUMENT for a bad geometry or board, or a network
 *   (LhSolverParams.network) made for another geometry than @geometry
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

/**
 * lh_solver_search_wide:
 * @board: the position, a wide board of @geometry (2 to 5 rows and columns)
 * @rules: the rules the game is played by
 * lh_solver_search() of any board: a board the 64-bit search holds
 * exactly (lh_rules_narrow_holds()) goes to it, whatever the solver; any
 * other (5x5, a tile past 32768, two 32768s by the original rules) to
 * lh_expectimax_wide_search() for the expectimax solver (@progress called
 * after each completed depth; the tree and the trace recorded as the
 * 64-bit search records them, in wide records, lh_search_tree_is_wide()),
 * to lh_hybrid_search_wide() for the hybrid, to lh_mcts_search_wide() for
 * MCTS, to lh_monte_carlo_search_wide() for Monte Carlo and to
 * lh_mdp_monte_carlo_search_wide() for MDP Monte Carlo, each recording
 * its tree and trace as its 64-bit search does, in wide records.
 * Returns: FALSE with @error as lh_solver_search(), and
 *   G_IO_ERROR_NOT_SUPPORTED for a wide board and expectimax with a
 *   Bellman evaluation (the wide search has none, nor root threads: it
 *   runs on one thread), or a network made for another geometry.
 */
gboolean lh_solver_search_wide (LhSolver             *solver,
                                LhWideBoard           board,
                                LhGeometry            geometry,
                                LhRules               rules,
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
