/* lh-expectimax.c: depth-bounded expectimax (see lh-expectimax.h). */
#include "lh-expectimax-private.h"
#include "lh-search-tree-recording.h"
#include "lh-clock.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

typedef LhExpectimaxState Search;

/* The variants of the plain search come in two shapes: the general one,
 * which reads the geometry from @s, and one for 4x4 with the heuristic
 * (@square4 a constant TRUE), where the geometry is a constant so that the
 * move and heuristic line loops unroll, the way nneonneo/2048-ai's
 * fixed-size code runs, and the leaves call the heuristic without asking
 * the evaluator's kind.  A network on 4x4 runs the general variant: its
 * look-ups cost far more than the geometry's loads.  (`bench --games 3
 * --depth 3` under callgrind: 3.70 G instructions before the evaluator,
 * 3.88 G with a test of the kind at every leaf, 3.59 G with this variant
 * and score_leaf_moves()'s one test per move.) */
G_ALWAYS_INLINE static inline LhGeometry
shape (const Search *s, const gboolean square4)
{
  return square4 ? LH_GEOMETRY_DEFAULT : s->geometry;
}

/* Bits of the empty cells' lowest nibble bits inside the geometry. */
G_ALWAYS_INLINE static inline guint64
empty_bits (const Search *s, LhBoard board, const gboolean square4)
{
  LhBoard x = board | (board >> 1);
  x |= x >> 2;
  return ~x & (square4 ? 0x1111111111111111ULL : s->empty_probe);
}

/* Offers the legal-move afterstates of the recorded player node @board
 * (member @parent_member at tree level @level, at @ply, reached with
 * probability @cprob) to the record as one group at level @level + 1.
 * Returns TRUE when the record kept it; fill_move() fills each member in. */
static gboolean
reserve_moves (Search *s, guint level, guint parent_member, LhBoard board, const LhBoard *after,
               guint ply, double cprob)
{
  guint n = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    n += after[m] != board ? 1 : 0;
  return n > 0 && lh_search_tree_reserve (s->tree, level + 1, parent_member, ply + 1, cprob, n) != NULL;
}

/* Fills member @member of the group reserve_moves() offered at level
 * @level + 1 with the afterstate @after of move @m, at @ply + 1, once
 * searched: its @value and record @flags.  A member is filled as soon as
 * its subtree is searched, before its siblings' subtrees, so that a mark
 * the record adds later (TRUNCATED, when a compaction drops its children)
 * stays.  Nothing when the record dropped the group meanwhile. */
static inline void
fill_move (Search *s, guint level, guint member, LhSearchNodeKind kind, LhBoard after, guint m,
           guint ply, double value, guint flags)
{
  LhSearchNode *node = lh_search_tree_get_member (s->tree, level + 1, member);

  if (node != NULL)
    lh_search_tree_fill_member (node, kind, after, ply + 1, (int) m, -1, 0, 1.0, value, 1, flags);
}

/* The evaluator's value of the afterstate @board: on the 4x4 variant the
 * heuristic's, without asking the kind. */
G_ALWAYS_INLINE static inline double
evaluate (Search *s, LhBoard board, const gboolean square4)
{
  if (square4)
    return lh_heuristic_evaluate_shaped (s->evaluator.heuristic, board, LH_GEOMETRY_DEFAULT);
  return lh_evaluator_evaluate_shaped (&s->evaluator, board, s->geometry);
}

/* The value of a leaf: the afterstate @board scored by the evaluator (or
 * the context's leaf function). */
G_ALWAYS_INLINE static inline double
leaf_value (Search *s, LhBoard board, const gboolean square4)
{
  if (s->leaf != NULL)
    return s->leaf (board, s->leaf_data);
  /* A Bellman search counts only the points scored within its horizon. */
  if (s->reward != NULL)
    return 0;
  return evaluate (s, board, square4);
}

/* The search comes in two variants made from the same bodies, each also
 * specialised for 4x4 boards with the heuristic (s->square4): the plain
 * one, which records nothing, and the recording one, for a node the record
 * holds (its record handle is @level and @member_index; *@flags receives the
 * flags its record node is filled with, lh_search_tree_fill_member()).  A
 * recorded node whose children the record refuses searches them with the
 * plain variant, so a search without a record, and the parts of a search
 * the record does not keep, pay nothing for recording. */
static double chance_plain (Search *s, LhBoard board, double cprob, guint ply, guint depth_left);
static double chance_plain_4x4 (Search *s, LhBoard board, double cprob, guint ply,
                                guint depth_left);
static double chance_recorded (Search *s, LhBoard board, double cprob, guint ply, guint level,
                               guint depth_left, guint member_index, guint *flags);
static double chance_recorded_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint level,
                                   guint depth_left, guint member_index, guint *flags);
static double player_plain (Search *s, LhBoard board, double cprob, guint ply, guint depth_left);
static double player_plain_4x4 (Search *s, LhBoard board, double cprob, guint ply,
                                guint depth_left);
static double player_recorded (Search *s, LhBoard board, double cprob, guint ply, guint level,
                               guint depth_left, guint member_index, guint *flags);
static double player_recorded_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint level,
                                   guint depth_left, guint member_index, guint *flags);

/* score_leaf_moves() for a network (s->batch_leaves): the legal
 * afterstates evaluated in one batch (lh_evaluator_evaluate_moves(), the
 * same values as one by one), each move's points added. */
G_NO_INLINE static double
score_leaf_moves_batch (Search *s, LhBoard board, const LhBoard after[LH_N_MOVES], guint ply,
                        double values[LH_N_MOVES], guint *legal)
{
  LhBoard legal_after[LH_N_MOVES];
  double v[LH_N_MOVES];
  guint moves[LH_N_MOVES], n = 0;
  double best = -INFINITY;

  *legal = 0;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      values[m] = 0;
      if (after[m] == board)
        continue;
      *legal |= 1u << m;
      legal_after[n] = after[m];
      moves[n++] = m;
    }
  lh_evaluator_evaluate_moves (&s->evaluator, legal_after, n, v);
  for (guint i = 0; i < n; i++)
    {
      values[moves[i]] = lh_expectimax_move_value (s, board, legal_after[i], moves[i], v[i]);
      best = MAX (best, values[moves[i]]);
    }
  if (*legal != 0)
    s->max_ply = MAX (s->max_ply, ply + 1);
  return best;
}

/* The leaf part of a player node: the afterstates @after of @board's moves
 * scored directly, as chance_node() would score them.  Fills @values (each
 * legal move's value, 0 for an illegal one) and *@legal (a bit per legal
 * move); returns the best value, -INFINITY when no move is legal. */
G_ALWAYS_INLINE static inline double
score_leaf_moves (Search *s, LhBoard board, const LhBoard after[LH_N_MOVES], guint ply,
                  double values[LH_N_MOVES], guint *legal, const gboolean square4)
{
  double best = -INFINITY;

  /* The 4x4 variant runs only with the heuristic: no test there. */
  if (!square4 && G_UNLIKELY (s->batch_leaves))
    return score_leaf_moves_batch (s, board, after, ply, values, legal);
  *legal = 0;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      values[m] = 0;
      if (after[m] == board)
        continue;
      *legal |= 1u << m;
      /* One test per move on the common path (the heuristic's leaves). */
      values[m] = G_LIKELY (s->plain_leaves)
                  ? evaluate (s, after[m], square4)
                  : lh_expectimax_move_value (s, board, after[m], m, leaf_value (s, after[m], square4));
      best = MAX (best, values[m]);
    }
  if (*legal != 0)
    s->max_ply = MAX (s->max_ply, ply + 1);
  return best;
}

/* The plain variant of the shape @square4, or of the search's own shape
 * when @square4 is FALSE (from the root, or from a node of the generic
 * code). */
G_ALWAYS_INLINE static inline double
chance_plain_of (Search *s, LhBoard board, double cprob, guint ply, guint depth_left,
                 const gboolean square4)
{
  return square4 || s->square4 ? chance_plain_4x4 (s, board, cprob, ply, depth_left)
                               : chance_plain (s, board, cprob, ply, depth_left);
}

G_ALWAYS_INLINE static inline double
player_plain_of (Search *s, LhBoard board, double cprob, guint ply, guint depth_left,
                 const gboolean square4)
{
  return square4 || s->square4 ? player_plain_4x4 (s, board, cprob, ply, depth_left)
                               : player_plain (s, board, cprob, ply, depth_left);
}

/* The recording variant, chosen as chance_plain_of() chooses the plain
 * one: a recorded 4x4 search runs the same specialised code as an
 * unrecorded one (bench-record). */
G_ALWAYS_INLINE static inline double
chance_recorded_of (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                    guint member_index, guint *flags, const gboolean square4)
{
  return square4 || s->square4
         ? chance_recorded_4x4 (s, board, cprob, ply, level, depth_left, member_index, flags)
         : chance_recorded (s, board, cprob, ply, level, depth_left, member_index, flags);
}

G_ALWAYS_INLINE static inline double
player_recorded_of (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                    guint member_index, guint *flags, const gboolean square4)
{
  return square4 || s->square4
         ? player_recorded_4x4 (s, board, cprob, ply, level, depth_left, member_index, flags)
         : player_recorded (s, board, cprob, ply, level, depth_left, member_index, flags);
}

/* Chance node: the afterstate @board, reached with probability @cprob, with
 * @depth_left player moves still to search.  @ply counts player moves made;
 * @level is the tree level (edges from the root).  @record and @square4:
 * constants, the variant (see above). */
G_ALWAYS_INLINE static inline double
chance_node (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
             guint member_index, guint *flags, const gboolean record, const gboolean square4)
{
  guint64 empty;
  guint n_empty;
  double total = 0, value, p2, p4;
  gboolean kept = FALSE;
  guint i = 0;

  if (record)
    *flags = 0;
  if (depth_left == 0 || cprob < s->cutoff)
    {
      s->max_ply = MAX (s->max_ply, ply);
      return leaf_value (s, board, square4);
    }

  /* While helper threads fill the table (search_root()), a recorded node
   * takes values only from what this thread stored, as a one-thread search
   * does, and an unrecorded one also from the helpers' entries. */
  if (s->table != NULL && lh_transposition_table_lookup (s->table, board, depth_left, !record,
                                                         &value))
    {
      s->cache_hits++;
      if (record)
        *flags = LH_SEARCH_NODE_FLAG_CACHED;
      return value;
    }

  empty = empty_bits (s, board, square4);
  n_empty = (guint) __builtin_popcountll (empty);
  /* An afterstate of a legal move always has an empty cell. */
  g_assert (n_empty > 0);
  p2 = 0.9 / n_empty;
  p4 = 0.1 / n_empty;

  /* The spawns are offered as one group before their subtrees, and each is
   * filled in once searched (see fill_move()). */
  if (record)
    kept = lh_search_tree_reserve (s->tree, level + 1, member_index, ply, cprob, 2 * n_empty) != NULL;
  for (guint64 rest = empty; rest != 0 && !s->aborted; rest &= rest - 1, i += 2)
    {
      guint shift = (guint) __builtin_ctzll (rest);
      LhBoard b2 = board | ((LhBoard) 1 << shift);
      LhBoard b4 = board | ((LhBoard) 2 << shift);
      double v2, v4;

      if (record && kept)
        {
          LhSearchNode *node;
          guint f2, f4;

          v2 = player_recorded_of (s, b2, cprob * p2, ply, level + 1, depth_left, i, &f2, square4);
          if ((node = lh_search_tree_get_member (s->tree, level + 1, i)) != NULL)
            lh_search_tree_fill_member (node, LH_SEARCH_NODE_PLAYER, b2, ply, -1, (int) shift / 4,
                                        1, p2, v2, 1, f2);
          v4 = player_recorded_of (s, b4, cprob * p4, ply, level + 1, depth_left, i + 1, &f4, square4);
          if ((node = lh_search_tree_get_member (s->tree, level + 1, i + 1)) != NULL)
            lh_search_tree_fill_member (node, LH_SEARCH_NODE_PLAYER, b4, ply, -1, (int) shift / 4,
                                        2, p4, v4, 1, f4);
        }
      else
        {
          v2 = player_plain_of (s, b2, cprob * p2, ply, depth_left, square4);
          v4 = player_plain_of (s, b4, cprob * p4, ply, depth_left, square4);
        }
      total += lh_expectimax_spawn_pair_value (p2, v2, p4, v4);
    }

  /* Its spawns refused, or dropped while searched. */
  if (record && (!kept || lh_search_tree_get_member (s->tree, level + 1, 0) == NULL))
    *flags = LH_SEARCH_NODE_FLAG_TRUNCATED;
  if (s->table != NULL && !s->aborted)
    lh_transposition_table_store (s->table, board, depth_left, total, s->store_earlier);
  return total;
}

/* Player node: the best legal move from @board (see chance_node()). */
G_ALWAYS_INLINE static inline double
player_node (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
             guint member_index, guint *flags, const gboolean record, const gboolean square4)
{
  double best = -INFINITY;
  double values[LH_N_MOVES];
  LhBoard after[LH_N_MOVES];
  /* An afterstate that chance_node() will score directly is a leaf. */
  gboolean leaf = depth_left <= 1 || cprob < s->cutoff;
  gboolean children = FALSE, kept = FALSE;
  guint k = 0, legal = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    after[m] = lh_board_move (board, shape (s, square4), (LhMove) m, NULL);
  s->nodes += LH_N_MOVES;

  if (leaf)
    {
      /* The afterstates are leaves: scored here, and recorded once scored
       * (the record reads every move's value, and keeps the legal ones). */
      best = score_leaf_moves (s, board, after, ply, values, &legal, square4);
      if (record && !s->aborted && legal != 0)
        kept = lh_search_tree_add_move_leaves (s->tree, level + 1, member_index, ply + 1, cprob,
                                               legal, values);
    }
  else
    {
      /* Chance children are offered before their subtrees. */
      if (record)
        children = reserve_moves (s, level, member_index, board, after, ply, cprob);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          double v;

          if (after[m] == board)
            continue;
          if (record && children)
            {
              guint child_flags;

              v = chance_recorded_of (s, after[m], cprob, ply + 1, level + 1, depth_left - 1, k,
                                      &child_flags, square4);
              v = lh_expectimax_move_value (s, board, after[m], m, v);
              fill_move (s, level, k++, LH_SEARCH_NODE_CHANCE, after[m], m, ply, v, child_flags);
            }
          else
            v = lh_expectimax_move_value (s, board, after[m], m,
                                          chance_plain_of (s, after[m], cprob, ply + 1, depth_left - 1,
                                                           square4));
          best = MAX (best, v);
        }
      if (record && !s->aborted)
        kept = children && lh_search_tree_get_member (s->tree, level + 1, 0) != NULL;
    }

  lh_expectimax_maybe_check_abort (s);
  /* Its moves refused, or dropped while searched. */
  if (record)
    *flags = best != -INFINITY && !kept ? LH_SEARCH_NODE_FLAG_TRUNCATED : 0;
  if (best == -INFINITY)
    best = lh_expectimax_lost_value (s, board);
  return best;
}

static double
chance_plain (Search *s, LhBoard board, double cprob, guint ply, guint depth_left)
{
  return chance_node (s, board, cprob, ply, 0, depth_left, 0, NULL, FALSE, FALSE);
}

static double
chance_plain_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint depth_left)
{
  return chance_node (s, board, cprob, ply, 0, depth_left, 0, NULL, FALSE, TRUE);
}

static double
chance_recorded (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                 guint member_index, guint *flags)
{
  return chance_node (s, board, cprob, ply, level, depth_left, member_index, flags, TRUE, FALSE);
}

static double
chance_recorded_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                     guint member_index, guint *flags)
{
  return chance_node (s, board, cprob, ply, level, depth_left, member_index, flags, TRUE, TRUE);
}

static double
player_plain (Search *s, LhBoard board, double cprob, guint ply, guint depth_left)
{
  return player_node (s, board, cprob, ply, 0, depth_left, 0, NULL, FALSE, FALSE);
}

static double
player_plain_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint depth_left)
{
  return player_node (s, board, cprob, ply, 0, depth_left, 0, NULL, FALSE, TRUE);
}

static double
player_recorded (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                 guint member_index, guint *flags)
{
  return player_node (s, board, cprob, ply, level, depth_left, member_index, flags, TRUE, FALSE);
}

static double
player_recorded_4x4 (Search *s, LhBoard board, double cprob, guint ply, guint level, guint depth_left,
                     guint member_index, guint *flags)
{
  return player_node (s, board, cprob, ply, level, depth_left, member_index, flags, TRUE, TRUE);
}

guint
lh_expectimax_table_bits (guint depth)
{
  return MAX (3 * depth, 12);
}

guint
lh_expectimax_choose_depth (const LhSolverParams *params, LhBoard board)
{
  guint distinct, depth;

  if (!params->adaptive)
    return params->depth;
  distinct = lh_board_count_distinct (board);
  depth = MAX (params->min_depth, distinct > 1 ? distinct - 1 : 1);
  return MIN (depth, params->depth);
}

void
lh_expectimax_params_init_default (LhExpectimaxParams *params)
{
  *params = (LhExpectimaxParams) {
    .evaluation = LH_EVALUATION_HEURISTIC,
    .discount = 0.95,
    .loss = LH_EXACT_LOSS_SCORE,
    .weighting = LH_BELLMAN_PLAIN,
  };
}

void
lh_expectimax_reward_init (LhExpectimaxReward       *reward,
                           const LhExpectimaxParams *params,
                           LhGeometry                geometry)
{
  guint span = geometry.rows + geometry.cols - 1;

  reward->discount = params->discount;
  reward->loss_score = params->loss == LH_EXACT_LOSS_SCORE;
  for (guint cell = 0; cell < 16; cell++)
    {
      guint r = cell / 4, c = cell % 4;

      if (params->weighting == LH_BELLMAN_CORNER && r < geometry.rows && c < geometry.cols)
        reward->cell_weight[cell] = (double) (span - r - c) / span;
      else
        reward->cell_weight[cell] = 1.0;
    }
}

double
lh_expectimax_player_plain (Search *s, LhBoard board, double cprob, guint ply, guint depth_left)
{
  return player_plain_of (s, board, cprob, ply, depth_left, FALSE);
}

/* One full search of the root at @depth.  Returns FALSE when aborted.  With
 * a record, it is filled and finished only when the search completes. */
gboolean
lh_expectimax_search_root_serial (Search *s, LhBoard board, guint depth, LhSolverResult *result)
{
  gboolean recorded = FALSE, children = FALSE, kept, leaf = depth <= 1;
  gboolean batched = leaf && s->batch_leaves;
  int best_move = LH_MOVE_NONE;
  double best = -INFINITY;
  LhBoard after[LH_N_MOVES];
  double leaf_values[LH_N_MOVES];
  guint child_flags;
  guint k = 0, legal = 0;

  /* A search of depth 2 or less has no transpositions to find: the only
   * chance nodes it would store are the root's afterstates. */
  if (!s->table_ready)
    {
      s->table = depth > 2 ? s->table_of_context : NULL;
      if (s->table != NULL)
        lh_transposition_table_new_search (s->table, lh_expectimax_table_bits (depth));
    }
  /* No sampling at the root: no standard error (the hybrid's too). */
  lh_solver_std_errors_clear (result->std_errors);
  result->lost_value = lh_evaluator_lost_value (&s->evaluator);
  for (guint m = 0; m < LH_N_MOVES; m++)
    after[m] = lh_board_move (board, s->geometry, (LhMove) m, NULL);
  s->nodes += LH_N_MOVES;
  if (s->tree != NULL)
    {
      lh_search_tree_begin (s->tree, s->geometry);
      recorded = lh_search_tree_reserve (s->tree, 0, 0, 0, 1.0, 1) != NULL;
      if (recorded && !leaf)
        children = reserve_moves (s, 0, 0, board, after, 0, 1.0);
    }
  /* Depth 1 with a network (1-ply play, the policy it was trained with):
   * the afterstates in one batch, the same values as one by one. */
  if (batched)
    {
      guint batch_legal;

      score_leaf_moves_batch (s, board, after, 0, leaf_values, &batch_legal);
    }

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      double v;

      result->legal[m] = after[m] != board;
      result->values[m] = 0;
      if (after[m] == board)
        continue;
      legal |= 1u << m;
      if (children)
        {
          v = chance_recorded_of (s, after[m], 1.0, 1, 1, depth - 1, k, &child_flags, FALSE);
          v = lh_expectimax_move_value (s, board, after[m], m, v);
          fill_move (s, 0, k++, LH_SEARCH_NODE_CHANCE, after[m], m, 0, v, child_flags);
        }
      else if (batched)
        v = leaf_values[m];
      else
        v = lh_expectimax_move_value (s, board, after[m], m,
                                      chance_plain_of (s, after[m], 1.0, 1, depth - 1, FALSE));
      if (s->aborted)
        {
          if (s->tree != NULL)
            lh_search_tree_abandon (s->tree);
          return FALSE;
        }
      result->values[m] = v;
      if (v > best)
        {
          best = v;
          best_move = (int) m;
        }
    }
  if (s->tree != NULL)
    {
      if (recorded)
        {
          kept = leaf ? legal != 0 && lh_search_tree_add_move_leaves (s->tree, 1, 0, 1, 1.0, legal,
                                                                      result->values)
                 : children && lh_search_tree_get_member (s->tree, 1, 0) != NULL;
          lh_search_tree_fill_member (lh_search_tree_get_member (s->tree, 0, 0),
                                      LH_SEARCH_NODE_PLAYER, board, 0, -1, -1, 0, 1.0,
                                      best_move == LH_MOVE_NONE
                                      ? lh_expectimax_lost_value (s, board) : best, 1,
                                      best_move != LH_MOVE_NONE && !kept
                                      ? LH_SEARCH_NODE_FLAG_TRUNCATED : 0);
        }
      lh_search_tree_finish (s->tree);
      lh_search_tree_set_chosen_move (s->tree, best_move);
    }
  result->move = best_move;
  result->depth = depth;
  result->lost_value = lh_expectimax_root_lost_value (s, result);
  return TRUE;
}

/* One full search of the root at @depth, on the threads it deserves.
 * Threads split the root of a search deep enough to pay for them; a leaf
 * function (the hybrid's playouts) runs on the caller's thread only.  A
 * record is filled by one thread in search order, so a recorded search
 * runs on this thread while the others fill the table for it; without
 * the table they could not help, and it runs alone. */
static gboolean
search_root (Search *s, LhBoard board, guint depth, LhSolverResult *result)
{
  s->table_ready = FALSE;
  if (s->pool != NULL && s->leaf == NULL && depth >= LH_EXPECTIMAX_PARALLEL_MIN_DEPTH)
    {
      if (s->tree == NULL)
        return lh_expectimax_search_root_parallel (s, board, depth, result);
      if (s->table_of_context != NULL && depth >= LH_EXPECTIMAX_HELPED_MIN_DEPTH)
        return lh_expectimax_search_root_helped (s, board, depth, result);
    }
  return lh_expectimax_search_root_serial (s, board, depth, result);
}

gboolean
lh_expectimax_search (const LhSolverParams      *params,
                      const LhExpectimaxContext *context,
                      LhBoard               board,
                      LhGeometry            geometry,
                      GCancellable         *cancellable,
                      LhSolverProgressFunc  progress,
                      gpointer              user_data,
                      LhSolverResult       *result,
                      GError              **error)
{
  /* Two clock reads a search without a time budget (a 1-ply bench makes
   * millions of searches): the budget's start, and the per-depth elapsed
   * time only when a trace or a progress callback shows it. */
  gint64 start = params->time_budget_ms > 0 ? g_get_monotonic_time () : 0;
  gint64 start_ns = lh_clock_monotonic_ns ();
  guint target = lh_expectimax_choose_depth (params, board);
  /* A trace replays iterative deepening, so it deepens from depth 1. */
  gboolean deepening = params->time_budget_ms > 0 || params->trace != NULL;
  gboolean have_result = FALSE;
  LhSolverResult best = { 0 }, attempt;
  g_autoptr (LhSearchTree) own_working = NULL;
  LhSearchTree *working = NULL;
  Search s = {
    .evaluator = *context->evaluator,
    .leaf = context->leaf,
    .leaf_data = context->leaf_data,
    .geometry = geometry,
    .square4 = lh_geometry_equal (geometry, LH_GEOMETRY_DEFAULT)
               && lh_evaluator_get_kind (context->evaluator) == LH_EVALUATOR_HEURISTIC,
    .empty_probe = lh_geometry_cell_mask (geometry) & 0x1111111111111111ULL,
    .cutoff = params->probability_cutoff,
    .table_of_context = params->use_transposition_table ? context->table : NULL,
    .pool = context->pool,
    .tree = params->tree,
    .cancellable = cancellable,
    .next_check = LH_EXPECTIMAX_CHECK_INTERVAL,
    .reward = context->leaf == NULL ? context->reward : NULL,
  };

  s.moves_score = s.reward != NULL || lh_evaluator_counts_points (&s.evaluator);
  s.plain_leaves = s.leaf == NULL && !s.moves_score;
  s.batch_leaves = s.leaf == NULL && s.reward == NULL
                   && lh_evaluator_get_kind (&s.evaluator) == LH_EVALUATOR_NTUPLE;

  /* Each depth records into the record's scratch pool and replaces the
   * record's nodes only when it completes (lh_search_tree_finish), so an
   * interrupted depth never touches the record.  With a trace, each depth
   * records into a working record of the trace's budget, whose nodes the
   * step then takes (lh_search_tree_steal, no copy); the last step is
   * copied into params->tree at the end. */
  if (params->tree != NULL)
    lh_search_tree_clear (params->tree);
  if (params->trace != NULL)
    {
      lh_search_trace_clear (params->trace);
      guint budget = lh_search_trace_get_max_nodes_per_step (params->trace);

      working = context->scratch;
      if (working == NULL || lh_search_tree_get_max_nodes (working) != budget)
        working = own_working = lh_search_tree_new (budget);
      s.tree = working;
    }

  best.move = LH_MOVE_NONE;
  for (guint depth = deepening ? 1 : target; depth <= target; depth++)
    {
      attempt = (LhSolverResult) { .move = LH_MOVE_NONE };
      /* The first iteration ignores the clock so there is always a decision. */
      s.deadline_us = (params->time_budget_ms > 0 && have_result)
                      ? start + (gint64) params->time_budget_ms * 1000 : 0;
      if (!search_root (&s, board, depth, &attempt))
        break;
      best = attempt;
      have_result = TRUE;
      best.nodes = s.nodes;
      best.cache_hits = s.cache_hits;
      best.max_ply = s.max_ply;
      if (params->trace != NULL || progress != NULL)
        best.elapsed_ms = lh_clock_elapsed_ms (start_ns);
      if (params->trace != NULL)
        {
          LhSearchStep step;

          lh_search_step_init_from_result (&step, &best, lh_search_tree_steal (working));
          lh_search_trace_add_step (params->trace, &step);
        }
      if (progress != NULL)
        progress (&best, user_data);
    }

  if (!have_result)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("the search was cancelled"));
      return FALSE;
    }
  /* The record holds the last completed depth's tree, the last step's. */
  if (params->trace != NULL && params->tree != NULL)
    {
      guint n_steps = lh_search_trace_get_n_steps (params->trace);

      lh_search_tree_copy_into (params->tree,
                                lh_search_trace_get_step (params->trace, n_steps - 1)->tree);
    }
  best.nodes = s.nodes;
  best.cache_hits = s.cache_hits;
  best.max_ply = s.max_ply;
  best.elapsed_ms = lh_clock_elapsed_ms (start_ns);
  best.cancelled = s.aborted && g_cancellable_is_cancelled (cancellable);
  *result = best;
  return TRUE;
}
