/* lh-expectimax-wide.c: expectimax on the wide board (see lh-expectimax-wide.h). */
#include "lh-expectimax-wide.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "lh-clock.h"
#include "lh-expectimax.h"
#include "lh-search-trace.h"
#include "lh-search-tree-recording.h"

/* Nodes between two looks at the cancellable. */
#define CHECK_EVERY 4096

/* One entry of the transposition table: a chance node's value searched to
 * @depth_left, keyed by its board (0 for an empty entry: an afterstate of
 * a legal move is never the empty board). */
typedef struct {
  LhWideBoard board;
  double      value;
  guint       depth_left;
} Entry;

typedef struct {
  const LhSolverParams *params;
  const LhEvaluator    *evaluator;
  LhGeometry            geometry;
  LhRules               rules;
  LhExpectimaxWideLeafFunc leaf;
  gpointer              leaf_data;
  GCancellable         *cancellable;
  Entry                *table;       /* (nullable) */
  guint64               table_mask;
  guint64               nodes;
  guint64               cache_hits;
  guint64               next_check;
  gint64                deadline_us;   /* g_get_monotonic_time() to stop at; 0: none */
  guint                 max_ply;
  gboolean              aborted;
  LhSearchTree         *tree;        /* (nullable): the record */
} Search;

/* A hash of the 128-bit board (the two halves mixed as splitmix64's
 * finaliser does: Steele, Lea and Flood, "Fast splittable pseudorandom
 * number generators", OOPSLA 2014). */
static inline guint64
hash_board (LhWideBoard board)
{
  guint64 x = (guint64) board ^ ((guint64) (board >> 64) * 0x9e3779b97f4a7c15ULL);

  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

static void
check_abort (Search *s)
{
  if (s->nodes < s->next_check)
    return;
  s->next_check = s->nodes + CHECK_EVERY;
  if (g_cancellable_is_cancelled (s->cancellable)
      || (s->deadline_us != 0 && g_get_monotonic_time () >= s->deadline_us))
    s->aborted = TRUE;
}

/* The search comes in two variants made from one body, as the 64-bit
 * search's (lh-expectimax.c): the plain one records nothing; the recording
 * one runs for a node the record holds (@level and @member name it there,
 * *@flags receives the flags it is filled with).  A recorded node whose
 * children the record refuses searches them with the plain variant. */
static double player_plain (Search *s, LhWideBoard board, double cprob, guint ply,
                            guint depth_left);
static double player_recorded (Search *s, LhWideBoard board, double cprob, guint ply,
                               guint level, guint depth_left, guint member, guint *flags);
static double chance_recorded (Search *s, LhWideBoard board, double cprob, guint ply,
                               guint level, guint depth_left, guint member, guint *flags);

/* The value of move @move's afterstate, @points its points, valued by
 * @afterstate_value: a network's values count points from the afterstate
 * on, so the move's are added; the heuristic's are not points. */
static inline double
move_value (const Search *s, guint64 points, double afterstate_value)
{
  return s->evaluator->counts_points ? (double) points + afterstate_value : afterstate_value;
}

/* Chance node: the afterstate @board, reached with probability @cprob
 * (@record: see above). */
G_ALWAYS_INLINE static inline double
chance_node (Search *s, LhWideBoard board, double cprob, guint ply, guint level, guint depth_left,
             guint member, guint *flags, const gboolean record)
{
  double total = 0, p2, p4;
  guint n_empty, i = 0, stride = lh_geometry_cell_stride (s->geometry);
  Entry *entry = NULL;
  gboolean kept = FALSE;

  if (record)
    *flags = 0;
  if (depth_left == 0 || cprob < s->params->probability_cutoff)
    {
      s->max_ply = MAX (s->max_ply, ply);
      return s->leaf != NULL ? s->leaf (board, s->leaf_data)
                             : lh_evaluator_evaluate_wide (s->evaluator, board);
    }
  if (s->table != NULL)
    {
      entry = &s->table[hash_board (board) & s->table_mask];
      if (entry->board == board && entry->depth_left >= depth_left)
        {
          s->cache_hits++;
          if (record)
            *flags = LH_SEARCH_NODE_FLAG_CACHED;
          return entry->value;
        }
    }

  n_empty = lh_wide_board_count_empty (board, s->geometry);
  /* An afterstate of a legal move always has an empty cell. */
  g_assert (n_empty > 0);
  p2 = 0.9 / n_empty;
  p4 = 0.1 / n_empty;
  /* The spawns are offered as one group before their subtrees, each member
   * filled in once searched (as the 64-bit search does). */
  if (record)
    kept = lh_search_tree_reserve (s->tree, level + 1, member, ply, cprob, 2 * n_empty) != NULL;
  for (guint r = 0; r < s->geometry.rows && !s->aborted; r++)
    for (guint c = 0; c < s->geometry.cols && !s->aborted; c++)
      {
        LhWideBoard b2, b4;
        double v2, v4;

        if (lh_wide_board_get_cell (board, r, c) != 0)
          continue;
        b2 = lh_wide_board_set_cell (board, r, c, 1);
        b4 = lh_wide_board_set_cell (board, r, c, 2);
        if (record && kept)
          {
            LhSearchNode *node;
            guint f2, f4;

            v2 = player_recorded (s, b2, cprob * p2, ply, level + 1, depth_left, i, &f2);
            if ((node = lh_search_tree_get_member (s->tree, level + 1, i)) != NULL)
              lh_search_tree_fill_member_wide (node, LH_SEARCH_NODE_PLAYER, b2, ply, -1,
                                               (int) (stride * r + c), 1, p2, v2, 1, f2);
            v4 = player_recorded (s, b4, cprob * p4, ply, level + 1, depth_left, i + 1, &f4);
            if ((node = lh_search_tree_get_member (s->tree, level + 1, i + 1)) != NULL)
              lh_search_tree_fill_member_wide (node, LH_SEARCH_NODE_PLAYER, b4, ply, -1,
                                               (int) (stride * r + c), 2, p4, v4, 1, f4);
          }
        else
          {
            v2 = player_plain (s, b2, cprob * p2, ply, depth_left);
            v4 = player_plain (s, b4, cprob * p4, ply, depth_left);
          }
        i += 2;
        /* Summed as the 64-bit search sums, so both give the same values. */
        total += p2 * v2 + p4 * v4;
      }
  /* Its spawns refused, or dropped while searched. */
  if (record && (!kept || lh_search_tree_get_member (s->tree, level + 1, 0) == NULL))
    *flags = LH_SEARCH_NODE_FLAG_TRUNCATED;
  if (entry != NULL && !s->aborted)
    *entry = (Entry) { .board = board, .value = total, .depth_left = depth_left };
  return total;
}

/* The moves of @board (a player node at @ply, reached with probability
 * @cprob), searched @depth_left more player moves: fills @values and
 * @legal (every move's value, 0 when illegal) and returns the best value,
 * -INFINITY when no move is legal.  @record: the node is member @member of
 * the record's level @level; its moves are offered as one group, each
 * filled once searched (a chance node, or a leaf when the afterstate is
 * scored directly), and *@kept says whether the record holds them. */
G_ALWAYS_INLINE static inline double
search_moves (Search *s, LhWideBoard board, double cprob, guint ply, guint level, guint depth_left,
              guint member, double values[LH_N_MOVES], gboolean *kept, const gboolean record)
{
  LhWideBoard after[LH_N_MOVES];
  guint64 points[LH_N_MOVES];
  double best = -INFINITY;
  /* An afterstate that chance_node() scores directly is a leaf. */
  gboolean leaf = depth_left <= 1 || cprob < s->params->probability_cutoff;
  gboolean children = FALSE;
  guint n = 0, k = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      points[m] = 0;
      after[m] = lh_rules_move (s->rules, board, s->geometry, (LhMove) m, &points[m]);
      n += after[m] != board;
    }
  if (record)
    children = n > 0 && lh_search_tree_reserve (s->tree, level + 1, member, ply + 1, cprob, n) != NULL;
  for (guint m = 0; m < LH_N_MOVES && !s->aborted; m++)
    {
      double v;

      s->nodes++;
      values[m] = 0;
      if (after[m] == board)
        continue;
      if (record && children)
        {
          LhSearchNode *node;
          guint flags;

          v = move_value (s, points[m], chance_recorded (s, after[m], cprob, ply + 1, level + 1,
                                                         depth_left - 1, k, &flags));
          if ((node = lh_search_tree_get_member (s->tree, level + 1, k)) != NULL)
            lh_search_tree_fill_member_wide (node, leaf ? LH_SEARCH_NODE_LEAF : LH_SEARCH_NODE_CHANCE,
                                             after[m], ply + 1, (int) m, -1, 0, 1.0, v, 1,
                                             leaf ? 0 : flags);
          k++;
        }
      else
        v = move_value (s, points[m], chance_node (s, after[m], cprob, ply + 1, 0, depth_left - 1, 0,
                                                   NULL, FALSE));
      values[m] = v;
      best = MAX (best, v);
    }
  check_abort (s);
  if (record)
    *kept = children && lh_search_tree_get_member (s->tree, level + 1, 0) != NULL;
  return best;
}

/* Player node: the best legal move from @board (@record: see above). */
G_ALWAYS_INLINE static inline double
player_node (Search *s, LhWideBoard board, double cprob, guint ply, guint level, guint depth_left,
             guint member, guint *flags, const gboolean record)
{
  double values[LH_N_MOVES];
  gboolean kept = FALSE;
  double best = search_moves (s, board, cprob, ply, level, depth_left, member, values, &kept, record);

  /* Its moves refused, or dropped while searched. */
  if (record)
    *flags = best != -INFINITY && !kept ? LH_SEARCH_NODE_FLAG_TRUNCATED : 0;
  return best == -INFINITY ? lh_evaluator_lost_value (s->evaluator) : best;
}

static double
player_plain (Search *s, LhWideBoard board, double cprob, guint ply, guint depth_left)
{
  return player_node (s, board, cprob, ply, 0, depth_left, 0, NULL, FALSE);
}

static double
player_recorded (Search *s, LhWideBoard board, double cprob, guint ply, guint level,
                 guint depth_left, guint member, guint *flags)
{
  return player_node (s, board, cprob, ply, level, depth_left, member, flags, TRUE);
}

static double
chance_recorded (Search *s, LhWideBoard board, double cprob, guint ply, guint level,
                 guint depth_left, guint member, guint *flags)
{
  return chance_node (s, board, cprob, ply, level, depth_left, member, flags, TRUE);
}

guint
lh_expectimax_wide_choose_depth (const LhSolverParams *params, LhWideBoard board)
{
  guint32 seen = 0;
  guint distinct, depth;

  if (!params->adaptive)
    return params->depth;
  for (; board != 0; board >>= LH_WIDE_CELL_BITS)
    seen |= 1u << (guint) (board & 0x1f);
  distinct = (guint) __builtin_popcount (seen & ~1u);
  depth = MAX (params->min_depth, distinct > 1 ? distinct - 1 : 1);
  return MIN (depth, params->depth);
}

/* One search of @board to @depth into @result; FALSE when it was aborted
 * (cancelled, or past the deadline) before it completed. */
static gboolean
search_depth (Search *s, LhWideBoard board, guint depth, LhSolverResult *result)
{
  double best = -INFINITY;

  gboolean recorded = FALSE, kept = FALSE;

  *result = (LhSolverResult) { .move = LH_MOVE_NONE, .depth = depth };
  lh_solver_std_errors_clear (result->std_errors);
  result->lost_value = lh_evaluator_lost_value (s->evaluator);
  for (guint m = 0; m < LH_N_MOVES; m++)
    result->legal[m] = lh_rules_move (s->rules, board, s->geometry, (LhMove) m, NULL) != board;
  if (s->tree != NULL)
    {
      /* A record of each depth; a depth the clock or a cancel interrupts
       * leaves the one before (lh-search-tree.h). */
      lh_search_tree_begin_wide (s->tree, s->geometry);
      recorded = lh_search_tree_reserve (s->tree, 0, 0, 0, 1.0, 1) != NULL;
    }
  if (recorded)
    search_moves (s, board, 1.0, 0, 0, depth, 0, result->values, &kept, TRUE);
  else
    search_moves (s, board, 1.0, 0, 0, depth, 0, result->values, &kept, FALSE);
  if (s->aborted)
    {
      if (s->tree != NULL)
        lh_search_tree_abandon (s->tree);
      return FALSE;
    }
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (result->legal[m] && result->values[m] > best)
      {
        best = result->values[m];
        result->move = (int) m;
      }
  if (s->tree != NULL)
    {
      if (recorded)
        lh_search_tree_fill_member_wide (lh_search_tree_get_member (s->tree, 0, 0),
                                         LH_SEARCH_NODE_PLAYER, board, 0, -1, -1, 0, 1.0,
                                         result->move == LH_MOVE_NONE
                                         ? lh_evaluator_lost_value (s->evaluator) : best, 1,
                                         result->move != LH_MOVE_NONE && !kept
                                         ? LH_SEARCH_NODE_FLAG_TRUNCATED : 0);
      lh_search_tree_finish (s->tree);
      lh_search_tree_set_chosen_move (s->tree, result->move);
    }
  return TRUE;
}

gboolean
lh_expectimax_wide_search (const LhSolverParams *params,
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
                           GError              **error)
{
  gint64 start = lh_clock_monotonic_ns ();
  gint64 start_us = params->time_budget_ms > 0 ? g_get_monotonic_time () : 0;
  guint target = lh_expectimax_wide_choose_depth (params, board);
  g_autofree Entry *table = NULL;
  Search s = {
    .params = params, .evaluator = evaluator, .geometry = geometry, .rules = rules,
    .leaf = leaf, .leaf_data = leaf_data, .cancellable = cancellable, .next_check = CHECK_EVERY,
    .tree = params->tree,
  };
  LhSolverResult best = { .move = LH_MOVE_NONE }, attempt;
  gboolean have_result = FALSE;
  /* A trace replays iterative deepening, so it deepens from depth 1. */
  gboolean deepening = params->time_budget_ms > 0 || params->trace != NULL;
  g_autoptr(LhSearchTree) working = NULL;

  g_return_val_if_fail (lh_wide_geometry_is_valid (geometry), FALSE);
  g_return_val_if_fail (lh_rules_accept (rules, geometry, board), FALSE);

  if (s.tree != NULL)
    lh_search_tree_clear (s.tree);

  /* A search of depth 2 or less stores only the root's afterstates; the
   * table serves every depth of iterative deepening (an entry keeps the
   * depth it was searched to). */
  if (params->use_transposition_table && target > 2)
    {
      guint bits = MIN (lh_expectimax_table_bits (target), params->table_bits);

      table = g_new0 (Entry, (gsize) 1 << bits);
      s.table = table;
      s.table_mask = ((guint64) 1 << bits) - 1;
    }

  /* With a time budget or a trace, iterative deepening as the 64-bit
   * search does (lh_expectimax_search()): depth 1, 2, ... up to the target,
   * the first depth whatever the clock says, the deepest completed one
   * kept.  With a trace, each depth records into a working record whose
   * nodes the step takes; the last step is copied into params->tree. */
  if (params->trace != NULL)
    {
      lh_search_trace_clear (params->trace);
      working = lh_search_tree_new (lh_search_trace_get_max_nodes_per_step (params->trace));
      s.tree = working;
    }
  for (guint depth = deepening ? 1 : target; depth <= target; depth++)
    {
      s.deadline_us = have_result && params->time_budget_ms > 0
                      ? start_us + (gint64) params->time_budget_ms * 1000 : 0;
      if (!search_depth (&s, board, depth, &attempt))
        break;
      best = attempt;
      have_result = TRUE;
      best.nodes = s.nodes;
      best.cache_hits = s.cache_hits;
      best.max_ply = s.max_ply;
      best.elapsed_ms = lh_clock_elapsed_ms (start);
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
  if (params->trace != NULL && params->tree != NULL)
    lh_search_tree_copy_into (params->tree,
                              lh_search_trace_get_step (params->trace,
                                                        lh_search_trace_get_n_steps (params->trace) - 1)->tree);
  best.nodes = s.nodes;
  best.cache_hits = s.cache_hits;
  best.max_ply = s.max_ply;
  best.elapsed_ms = lh_clock_elapsed_ms (start);
  best.cancelled = s.aborted && g_cancellable_is_cancelled (cancellable);
  *result = best;
  return TRUE;
}
