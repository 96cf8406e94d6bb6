/* lh-mcts.h: Monte Carlo tree search with UCT (see LhSolverKind and
 * LhMctsParams in lh-solver.h; reference 003, which ran thomasahle/mcts-2048's
 * UCTStrategy with its own leaf measure).
 *
 * The tree alternates player nodes (a position, the player to move) and
 * chance nodes (the afterstate of a move, before the spawn).  One iteration:
 *   1. selection: from the root, a player node takes the child maximising
 *      UCB1, q + C * sqrt(ln N / n), where q is the child's mean value scaled
 *      to [0, 1] by the smallest and largest playout values this tree has
 *      seen (0.5 while they are equal), n its visits, N the player node's
 *      visits and C = LhMctsParams.exploration; an unvisited child is taken
 *      first, in move order (up, down, left, right).  A chance node samples
 *      a spawn with the game's probabilities (lh_board_spawn: a uniform empty
 *      cell, a 2 at 0.9, a 4 at 0.1) and goes on into the player node of
 *      that outcome, reusing it when the same outcome was sampled before
 *      (created otherwise);
 *   2. expansion: a player node visited before gets one chance child per
 *      legal move, all at once (the root is expanded before the first
 *      iteration);
 *   3. playout: the iteration stops at the first node it visits for the
 *      first time and runs one playout there (lh_playout_run with
 *      LhMctsParams.playout): from a new player node itself, from a new
 *      chance node after one sampled spawn (that spawned position is not kept
 *      in the tree, as in thomasahle/mcts-2048's SpawnNode).  A player node
 *      with no legal move is valued by a playout (its measure, no move) at
 *      every visit;
 *   4. backup: every node on the path gets one visit and the playout's value
 *      (with an evaluator that counts points and the HEURISTIC measure,
 *      plus the points of the tree's moves below the node: a chance node's
 *      value is then its move's points plus the points expected after it,
 *      r + V, as expectimax's; the SCORE measure counts the playout's points
 *      only, as 003 does).
 * Statistics invariant, exactly: every node's visits equal the sum of its
 * children's visits plus the playouts started at it, which are 0 for the
 * root, 1 for any other node (its first visit; in a record of T trees
 * merged, 1 per tree that visited it) and, for a player node with no legal
 * move, its visits.  So the root's children's visits sum to the
 * iterations, and a node's mean value is the mean of the playouts run
 * below it (values in the measure's units, not heuristic points).
 *
 * Budget: LhMctsParams.iterations, or with LhSolverParams.time_budget_ms
 * the clock instead (iterations then ignored; at least one iteration).
 * Cancellation is checked after every iteration (one playout: well under
 * 10 ms).  Memory: 40 bytes per tree node, about three nodes per
 * iteration, allocated per search, and at most LhMctsParams.max_tree_nodes
 * nodes in all (8 Mi nodes, 320 MiB, by default): a full tree goes on
 * iterating, with a playout where it would have grown.
 *
 * Threads (root parallelisation): with LhSolverParams.threads T, T
 * independent trees are searched, tree t (0 to T - 1) with its own random
 * stream seeded by lh_parallel_task_seed (seed, t) and iterations / T
 * iterations (the first iterations % T trees one more), and their root
 * statistics (visits and value sums per move) are summed before the final
 * move is chosen.  The result depends on the seed and on T, never on
 * scheduling, except with a time budget.  The record and the trace's last
 * step show the trees merged: a position's visits and value sums are summed
 * over the trees that hold it, and its children are the union of theirs
 * (matched by move, or by spawn), so the root's moves carry the result's
 * statistics exactly.  The progress callback and the trace's intermediate
 * steps, taken while the other trees still run, show the first tree only
 * and count its iterations.
 *
 * Record (LhSolverParams.tree): the search tree (the trees merged), as
 * player nodes, chance nodes (afterstates; LH_SEARCH_NODE_LEAF for an
 * afterstate never expanded below) and, under each chance node, the player
 * nodes of the spawns it sampled, probability = that spawn's probability
 * (they do not sum to 1: only sampled outcomes exist).  Each node carries
 * its visits and mean value.  Every sibling group is offered with cprob =
 * the parent's share of the root's visits, so under the whole top plies the
 * record keeps the most visited branches (lh-search-tree.h's ranking).
 *
 * Trace (LhSolverParams.trace): one step after the first tree's iterations
 * 1, 2, 3, 4, 6, 8, 12, 16, 24, ... (powers of two and 1.5 times them, at
 * most 39 of them), each with the record of the tree at that point, the
 * path of that iteration (root to the node where it ran its playout, as far
 * as the record holds it) and the per-move values and visits; the last step
 * is the final result with the last iteration's path.
 *
 * thomasahle/mcts-2048's default playout (greedy on free cells minus
 * smoothness over tile values) is LH_PLAYOUT_GREEDY with heuristic weights
 * empty 0.5 (an empty cell counts in its row and its column),
 * neighbour_diff 1 and every other weight and the game-over penalty 0; its
 * measure is SumMeasure (LH_MEASURE_SUM), 003's is MyMeasure
 * (LH_MEASURE_CORNER, the default here).
 */
#pragma once

#include "lh-solver-registry.h"

G_BEGIN_DECLS

/** Most iterations accepted in LhMctsParams.iterations. */
#define LH_MCTS_MAX_ITERATIONS 100000000u
/** Largest exploration constant accepted. */
#define LH_MCTS_MAX_EXPLORATION 100.0
/** Default and accepted range of LhMctsParams.max_tree_nodes: 8 Mi nodes
 * (320 MiB) by default, so the largest iteration budget cannot exhaust the
 * memory (each iteration adds up to 5 nodes); at least one node per thread
 * beyond the root's children. */
#define LH_MCTS_DEFAULT_TREE_NODES (1u << 23)
#define LH_MCTS_MIN_TREE_NODES 16u
#define LH_MCTS_MAX_TREE_NODES (1u << 28)

/** lh_final_move_to_string: "visits", "mean"; static. */
const char *lh_final_move_to_string (LhFinalMove final_move);
/** lh_final_move_from_string: FALSE when @text names no final-move rule. */
gboolean lh_final_move_from_string (const char *text, LhFinalMove *final_move);

/**
 * lh_mcts_params_init_default:
 * 003's settings, which are thomasahle/mcts-2048's UCTStrategy defaults
 * with 003's MyMeasure: 1000 iterations, greedy playouts to game over
 * (discount 1), measure LH_MEASURE_CORNER, exploration C = 1 (UCTStrategy's
 * C; it scales the bonus by the node's first playout value where this
 * solver scales values by their range) and the final move by best mean
 * (UCTStrategy plays the child of best value / (visits + 1)).
 */
void lh_mcts_params_init_default (LhMctsParams *params);

/**
 * lh_mcts_params_validate:
 * iterations 1 to LH_MCTS_MAX_ITERATIONS, exploration finite in 0 to
 * LH_MCTS_MAX_EXPLORATION, a known final move, valid playout parameters.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_mcts_params_validate (const LhMctsParams *params, GError **error);

/**
 * lh_mcts_choose_move:
 * The final-move rule on per-move statistics: LH_FINAL_MOST_VISITS takes the
 * legal move with the most visits (ties: the better mean, then the first
 * move); LH_FINAL_BEST_MEAN the visited legal move with the best mean
 * (ties: more visits, then the first move).  A legal move never visited is
 * only taken when no legal move was visited (then the first legal move).
 * Returns: the move, or LH_MOVE_NONE when no move is legal.
 */
int lh_mcts_choose_move (LhFinalMove    rule,
                         const gboolean legal[LH_N_MOVES],
                         const double   means[LH_N_MOVES],
                         const guint64  visits[LH_N_MOVES]);

/**
 * lh_mcts_search:
 * The search behind lh_solver_search() for this kind: same contract (a
 * decision or an error, cancellation within 10 ms, @params->tree and
 * @params->trace filled when given).  Result: values = mean playout value
 * per move (measure units; 0 for a move never visited), visits per move,
 * iterations, playouts, nodes (afterstates generated in the tree and in
 * playouts), depth and max_ply = the deepest tree ply visited.  No legal
 * move: LH_MOVE_NONE and TRUE with no iteration.
 */
LhSolverSearch lh_mcts_search;

/**
 * lh_mcts_search_wide:
 * lh_mcts_search() of a wide board (5x5, tiles past 32768), its moves by
 * @rules, its spawns lh_wide_board_spawn()'s and its playouts
 * lh_playout_run_wide()'s: for a board the 64-bit board holds, the same
 * tree, values and visits (the same draws from the same streams).  The
 * nodes' wide boards are kept beside the tree (16 bytes more a node).
 * @params->tree and @params->trace are filled as lh_mcts_search() fills
 * them, with wide records (lh_search_tree_is_wide()): on a board both
 * hold, the same nodes, visits and values as the 64-bit search's record.
 * Returns: TRUE, as lh_mcts_search().
 */
gboolean lh_mcts_search_wide (const LhSolverParams  *params,
                              const LhSolverContext *context,
                              LhWideBoard            board,
                              LhGeometry             geometry,
                              LhRules                rules,
                              GCancellable          *cancellable,
                              LhSolverProgressFunc   progress,
                              gpointer               user_data,
                              LhSolverResult        *result,
                              GError               **error);

G_END_DECLS
