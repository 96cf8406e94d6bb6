/* lh-expectimax.h: depth-bounded expectimax (private to the solvers layer;
 * callers use lh_solver_search()).
 *
 * Player (max) nodes take the best legal move; chance nodes average over every
 * empty cell (each 1/empty) and both tiles (2 at 0.9, 4 at 0.1).  Leaves are
 * afterstates scored by the evaluator (lh-evaluator.h); a position with no
 * legal move gets the evaluator's lost value.  With an evaluator that counts
 * points (a network), a player node's value of a move is the move's points
 * plus its chance node's value, so depth 1 is the greedy 1-ply player
 * argmax r + V(afterstate) of Szubert and Jaśkowski 2014; the chance nodes'
 * values (and the transposition table's) are then the points expected
 * from the afterstate on.  Probability cutoff and transposition table as
 * in nneonneo/2048-ai (2048.cpp: score_tilechoose_node, score_move_node).  The
 * table is keyed on the afterstate and the exact remaining depth: with the
 * cutoff at 0 it never changes a value; with a cutoff, a subtree scored on one
 * path may be reused on a path of another probability, where the cutoff would
 * have pruned differently (nneonneo/2048-ai does the same), so values may then
 * differ slightly from a search without the table.
 *
 * With a time budget (iterative deepening) and a search-tree record, each
 * depth records into a scratch record that replaces the caller's only when
 * that depth completes, so the record always matches the returned result.
 */
#pragma once

#include "lh-solver.h"
#include "lh-transposition-table.h"
#include "lh-parallel.h"

G_BEGIN_DECLS

/**
 * LhExpectimaxLeafFunc:
 * Values a leaf afterstate (a chance node the search does not expand) in
 * place of the evaluator, as the hybrid solver does with playouts (in the
 * evaluator's units).  Called
 * from the searching thread; the value is cached by the transposition
 * table like any other.
 */
typedef double (*LhExpectimaxLeafFunc) (LhBoard afterstate, gpointer user_data);

/**
 * LhExpectimaxReward: the values of a Bellman search (reference 000;
 * LH_EVALUATION_BELLMAN): a move from s to the afterstate a is worth
 * r = S_w(a) - S_w(s) plus @discount times a's expected value; a leaf (depth
 * exhausted or cut) is worth 0; a lost position 0, or -S(s) with
 * @loss_score.  S_w(b) is the weighted board score, the sum over cells of
 * w(cell) (n - 1) 2^n for a tile 2^n (000's "score from the board",
 * lh_exact_board_score(), with weights): a merge into 2^n adds exactly 2^n
 * to the plain score S, so with every weight 1 the reward is the points the
 * move scores.
 * @discount: gamma in (0, 1]
 * @cell_weight: w of each cell (index 4 row + column); all 1, or the
 *   corner weights of lh_expectimax_reward_init()
 * @loss_score: a lost position costs its plain board score
 */
typedef struct {
  double   discount;
  double   cell_weight[16];
  gboolean loss_score;
} LhExpectimaxReward;

/**
 * lh_expectimax_reward_init:
 * Fills @reward from @params (its evaluation must be BELLMAN) for @geometry.
 * The corner weights (000 keeps "the top left corner prioritized" without
 * giving its weights; these are ours): w(r, c) = (rows + cols - 1 - r - c)
 * / (rows + cols - 1): 1 in the top left corner, falling by a step per cell
 * of Manhattan distance to 1/7 in the opposite corner of 4x4.
 */
void lh_expectimax_reward_init (LhExpectimaxReward       *reward,
                                const LhExpectimaxParams *params,
                                LhGeometry                geometry);

/**
 * lh_expectimax_params_init_default: the evaluator's values; for Bellman,
 * 000's discount 0.95, its loss penalty, plain points.
 */
void lh_expectimax_params_init_default (LhExpectimaxParams *params);

/**
 * LhExpectimaxContext: what a search works with besides its parameters
 * @evaluator: the evaluation, of the search's geometry (copied when the
 *   search starts); a Bellman search (@reward) does not use it
 * @table: (nullable): used when params->use_transposition_table
 * @scratch: (nullable): a working record with the trace's budget, kept by
 *   the caller across searches so that its scratch pool is reused (with a
 *   trace and no scratch, the search makes one)
 * @leaf: (nullable): leaf values instead of the evaluator's
 * @leaf_data: for @leaf
 * @pool: (nullable): threads for the root of a search of depth 4 or more
 *   without a record and without @leaf (see search_root_parallel() in
 *   lh-expectimax.c for the method and how values may differ); NULL: one
 *   thread
 * @reward: (nullable): a Bellman search's values instead of the evaluator's
 *   (ignored with @leaf)
 */
typedef struct {
  const LhEvaluator    *evaluator;
  LhTranspositionTable *table;
  LhSearchTree         *scratch;
  LhExpectimaxLeafFunc  leaf;
  gpointer              leaf_data;
  LhParallelPool       *pool;
  const LhExpectimaxReward *reward;
} LhExpectimaxContext;

/**
 * lh_expectimax_search:
 * See lh_solver_search() and LhExpectimaxContext.
 */
gboolean lh_expectimax_search (const LhSolverParams      *params,
                               const LhExpectimaxContext *context,
                               LhBoard               board,
                               LhGeometry            geometry,
                               GCancellable         *cancellable,
                               LhSolverProgressFunc  progress,
                               gpointer              user_data,
                               LhSolverResult       *result,
                               GError              **error);

/**
 * lh_expectimax_choose_depth:
 * Returns: the depth (player moves) the search uses on @board: params->depth,
 *   or with params->adaptive max(min_depth, distinct tiles - 1) capped at params->depth.
 */
guint lh_expectimax_choose_depth (const LhSolverParams *params, LhBoard board);

/**
 * lh_expectimax_table_bits:
 * How much of the transposition table a search of @depth player moves uses:
 * 2^(3 depth) entries, at least 2^12 (96 KiB), capped by the table's size.
 * A search of depth d stores about 8^(d-1) to 8^d / 3 chance nodes with the
 * default cutoff on the fixed positions of ../shared/anchors (depth 4: 850
 * on average, 2,158 at most; depth 6: 33,500 and 84,200), so this leaves
 * room for 2 to 8 times as many and keeps shallow searches in the caches.
 * The rule and its figures: benchmarks/README.md, "Transposition table size".
 * Returns: log2 of the number of entries.
 */
guint lh_expectimax_table_bits (guint depth);

G_END_DECLS
