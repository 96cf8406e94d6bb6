/* lh-expectimax-wide.h: expectimax on the wide board (5x5 boards, tiles
 * past 32768; issue 28, docs/wide-board.md).
 *
 * The same search as lh-expectimax.h, on LhWideBoard: player nodes take
 * the best legal move, chance nodes average every spawn (a 2 with
 * probability 0.9, a 4 with 0.1, on each empty cell, uniformly), to
 * LhSolverParams.depth player moves (or the adaptive depth: the number of
 * distinct tiles less one, at least min_depth, nneonneo/2048-ai's rule),
 * with the probability cutoff and a transposition table of chance nodes.
 * Leaves are valued by the evaluator: the heuristic on lines of up to 5
 * cells (lh_heuristic_evaluate_wide()), or an n-tuple network on up to
 * 4x4, its boards past 32768 tile-downgraded (lh_ntuple_evaluate_wide());
 * a network's values count points, so each move's points are added.
 *
 * It records the search tree (LhSolverParams.tree and .trace) as the 64-bit
 * search does, into wide records (lh_search_tree_begin_wide()), its
 * last-ply leaves as whole nodes rather than folded.  What it leaves out,
 * against the 64-bit search: the Bellman rewards and root threads.
 * It runs where the 64-bit search cannot (lh_solver_search_wide() sends
 * every board that search holds to it), about ten times slower a node.
 */
#pragma once

#include <gio/gio.h>

#include "lh-evaluator.h"
#include "lh-game.h"
#include "lh-solver.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * LhExpectimaxWideLeafFunc:
 * The value of the leaf @afterstate in place of the evaluator's (the
 * hybrid's playouts), on the evaluator's scale.
 */
typedef double (*LhExpectimaxWideLeafFunc) (LhWideBoard afterstate, gpointer data);

/**
 * lh_expectimax_wide_search:
 * @params: the solver's parameters (kind LH_SOLVER_EXPECTIMAX); read:
 *   depth, adaptive, min_depth, probability_cutoff,
 *   use_transposition_table, table_bits, time_budget_ms (with a budget the
 *   search deepens from depth 1 and keeps the deepest depth completed
 *   within it, the first one whatever the time, as lh_expectimax_search())
 * @evaluator: the evaluation, made for @geometry: a heuristic built for it
 *   (lh_heuristic_new() takes 5x5) or a network of that geometry
 * @board: the position, the player to move; tiles inside @geometry only
 * @geometry: 2 to 5 rows and columns
 * @rules: the rules the moves are played by (lh_rules_move())
 * @leaf: (nullable): values the leaves instead of @evaluator, called in
 *   the order the search meets them (moves up, down, left, right; spawns
 *   cell by cell in reading order, the 2 before the 4), as the 64-bit
 *   search calls its leaf function
 * @leaf_data: for @leaf
 * @cancellable: (nullable): checked every 4,096 nodes (so is the budget)
 * @progress: (nullable): called in this thread after each completed depth
 *   with the result so far (one call without a time budget)
 * @user_data: for @progress
 * @result: (out caller-allocates): the move (LH_MOVE_NONE when none is
 *   legal), each legal move's value (the evaluator's units), nodes,
 *   depth, cache hits, time; cancelled set when a cancel stopped a
 *   deeper depth after one completed
 * @error: G_IO_ERROR_CANCELLED when cancelled before a depth completed
 * Returns: FALSE with @error when cancelled before a depth completed.
 */
gboolean lh_expectimax_wide_search (const LhSolverParams *params,
                                    const LhEvaluator    *evaluator,
                                    LhWideBoard           board,
                                    LhGeometry            geometry,
                                    LhRules               rules,
                                    LhExpectimaxWideLeafFunc leaf,
                                    gpointer              leaf_data,
                                    GCancellable         *cancellable,
                                    LhSolverProgressFunc  progress,
                                    gpointer              user_data,
                                    LhSolverResult       *result,
                                    GError              **error);

/**
 * lh_expectimax_wide_choose_depth:
 * Returns: the depth a search of @board runs: params->depth, or with
 *   params->adaptive the number of distinct tiles on @board less one, at
 *   least params->min_depth and at most params->depth (as
 *   lh_expectimax_choose_depth()).
 */
guint lh_expectimax_wide_choose_depth (const LhSolverParams *params, LhWideBoard board);

G_END_DECLS
