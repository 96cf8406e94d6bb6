/* lh-expectimax.c: depth-bounded expectimax (see lh-expectimax.h). */
#include "lh-expectimax.h"

#include <glib/gi18n-lib.h>

#include <math.h>

/* How many nodes between two looks at the clock and the GCancellable: 2^13
 * nodes take well under 1 ms at the speeds measured, far inside 10 ms. */
#define CHECK_INTERVAL 8192

typedef struct {
  const LhHeuristic    *heuristic;
  LhGeometry            geometry;
  guint64               empty_probe;   /* low bit of every nibble inside the geometry */
  double                cutoff;
  LhTranspositionTable *table;
  LhSearchTree         *tree;
  GCancellable         *cancellable;
  gint64                deadline_us;   /* 0: none */
  guint64               nodes;
  guint64               next_check;
  guint64               cache_hits;
  guint                 max_ply;
  gboolean              aborted;
} Search;

static double player_node (Search *s, LhBoard board, double cprob, guint ply, guint depth_left,
                           guint32 record);

static inline void
maybe_check_abort (Search *s)
{
  if (G_LIKELY (s->nodes < s->next_check))
    return;
  s->next_check = s->nodes + CHECK_INTERVAL;
  if (g_cancellable_is_cancelled (s->cancellable)
      || (s->deadline_us != 0 && g_get_monotonic_time () >= s->deadline_us))
    s->aborted = TRUE;
}

/* Bits of the empty cells' lowest nibble bits inside the geometry. */
static inline guint64
empty_bits (const Search *s, LhBoard board)
{
  LhBoard x = board | (board >> 1);
  x |= x >> 2;
  return ~x & s->empty_probe;
}

/* Chance node: the afterstate @board, reached with probability @cprob, with
 * @depth_left player moves still to search.  @ply counts player moves made. */
static double
chance_node (Search *s, LhBoard board, double cprob, guint ply, guint depth_left, guint32 record)
{
  guint64 empty;
  guint n_empty;
  double total = 0, value;

  if (depth_left == 0 || cprob < s->cutoff)
    {
      s->max_ply = MAX (s->max_ply, ply);
      return lh_heuristic_evaluate (s->heuristic, board);
    }

  if (s->table != NULL && lh_transposition_table_lookup (s->table, board, depth_left, &value))
    {
      s->cache_hits++;
      return value;
    }

  empty = empty_bits (s, board);
  n_empty = (guint) __builtin_popcountll (empty);
  /* An afterstate of a legal move always has an empty cell. */
  g_assert (n_empty > 0);

  {
    double p2 = 0.9 / n_empty, p4 = 0.1 / n_empty;

    for (guint64 rest = empty; rest != 0 && !s->aborted; rest &= rest - 1)
      {
        guint shift = (guint) __builtin_ctzll (rest);
        guint32 r2 = LH_SEARCH_NODE_NONE, r4 = LH_SEARCH_NODE_NONE;
        LhBoard b2 = board | ((LhBoard) 1 << shift);
        LhBoard b4 = board | ((LhBoard) 2 << shift);
        double v2, v4;

        if (record != LH_SEARCH_NODE_NONE)
          r2 = lh_search_tree_add (s->tree, record, LH_SEARCH_NODE_PLAYER, b2, ply, -1,
                                   (int) shift / 4, 1, p2);
        v2 = player_node (s, b2, cprob * p2, ply, depth_left, r2);
        if (record != LH_SEARCH_NODE_NONE)
          r4 = lh_search_tree_add (s->tree, record, LH_SEARCH_NODE_PLAYER, b4, ply, -1,
                                   (int) shift / 4, 2, p4);
        v4 = player_node (s, b4, cprob * p4, ply, depth_left, r4);
        total += p2 * v2 + p4 * v4;
      }
  }

  if (s->table != NULL && !s->aborted)
    lh_transposition_table_store (s->table, board, depth_left, total);
  return total;
}

/* Player node: the best legal move from @board. */
static double
player_node (Search *s, LhBoard board, double cprob, guint ply, guint depth_left, guint32 record)
{
  double best = -INFINITY;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard after = lh_board_move (board, s->geometry, (LhMove) m, NULL);
      guint32 child = LH_SEARCH_NODE_NONE;
      double v;

      s->nodes++;
      if (after == board)
        continue;
      if (record != LH_SEARCH_NODE_NONE)
        {
          /* An afterstate that chance_node() will score directly is a leaf. */
          gboolean leaf = depth_left <= 1 || cprob < s->cutoff;
          child = lh_search_tree_add (s->tree, record,
                                      leaf ? LH_SEARCH_NODE_LEAF : LH_SEARCH_NODE_CHANCE,
                                      after, ply + 1, (int) m, -1, 0, 1.0);
        }
      v = chance_node (s, after, cprob, ply + 1, depth_left - 1, child);
      if (child != LH_SEARCH_NODE_NONE)
        lh_search_tree_set_value (s->tree, child, v, 1);
      best = MAX (best, v);
    }

  maybe_check_abort (s);
  if (best == -INFINITY)
    best = lh_heuristic_game_over_value (s->heuristic);
  if (record != LH_SEARCH_NODE_NONE)
    lh_search_tree_set_value (s->tree, record, best, 1);
  return best;
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

/* One full search of the root at @depth.  Returns FALSE when aborted. */
static gboolean
search_root (Search *s, LhBoard board, guint depth, LhSolverResult *result)
{
  guint32 root = LH_SEARCH_NODE_NONE;
  int best_move = LH_MOVE_NONE;
  double best = -INFINITY;

  if (s->table != NULL)
    lh_transposition_table_new_search (s->table);
  if (s->tree != NULL)
    {
      lh_search_tree_clear (s->tree);
      lh_search_tree_set_geometry (s->tree, s->geometry);
      root = lh_search_tree_add (s->tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, board, 0,
                                 -1, -1, 0, 1.0);
    }

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard after = lh_board_move (board, s->geometry, (LhMove) m, NULL);
      guint32 child = LH_SEARCH_NODE_NONE;
      double v;

      s->nodes++;
      result->legal[m] = after != board;
      result->values[m] = 0;
      if (after == board)
        continue;
      if (root != LH_SEARCH_NODE_NONE)
        child = lh_search_tree_add (s->tree, root,
                                    depth <= 1 ? LH_SEARCH_NODE_LEAF : LH_SEARCH_NODE_CHANCE,
                                    after, 1, (int) m, -1, 0, 1.0);
      v = chance_node (s, after, 1.0, 1, depth - 1, child);
      if (s->aborted)
        return FALSE;
      if (child != LH_SEARCH_NODE_NONE)
        lh_search_tree_set_value (s->tree, child, v, 1);
      result->values[m] = v;
      if (v > best)
        {
          best = v;
          best_move = (int) m;
        }
    }
  if (root != LH_SEARCH_NODE_NONE)
    lh_search_tree_set_value (s->tree, root, best_move == LH_MOVE_NONE ? 0 : best, 1);
  result->move = best_move;
  result->depth = depth;
  return TRUE;
}

gboolean
lh_expectimax_search (const LhSolverParams *params,
                      const LhHeuristic    *heuristic,
                      LhTranspositionTable *table,
                      LhBoard               board,
                      LhGeometry            geometry,
                      GCancellable         *cancellable,
                      LhSolverProgressFunc  progress,
                      gpointer              user_data,
                      LhSolverResult       *result,
                      GError              **error)
{
  gint64 start = g_get_monotonic_time ();
  guint target = lh_expectimax_choose_depth (params, board);
  gboolean deepening = params->time_budget_ms > 0;
  gboolean have_result = FALSE;
  LhSolverResult best = { 0 }, attempt;
  Search s = {
    .heuristic = heuristic,
    .geometry = geometry,
    .empty_probe = lh_geometry_cell_mask (geometry) & 0x1111111111111111ULL,
    .cutoff = params->probability_cutoff,
    .table = params->use_transposition_table ? table : NULL,
    .tree = params->tree,
    .cancellable = cancellable,
    .next_check = CHECK_INTERVAL,
  };

  /* Deepening records each depth into a scratch record and swaps it in when
   * the depth completes, so an interrupted depth never replaces the record. */
  g_autoptr (LhSearchTree) scratch = NULL;
  if (deepening && params->tree != NULL)
    {
      scratch = lh_search_tree_new (lh_search_tree_get_max_nodes (params->tree));
      s.tree = scratch;
      lh_search_tree_clear (params->tree);
    }

  best.move = LH_MOVE_NONE;
  for (guint depth = deepening ? 1 : target; depth <= target; depth++)
    {
      attempt = (LhSolverResult) { .move = LH_MOVE_NONE };
      /* The first iteration ignores the clock so there is always a decision. */
      s.deadline_us = (deepening && have_result) ? start + (gint64) params->time_budget_ms * 1000 : 0;
      if (!search_root (&s, board, depth, &attempt))
        break;
      if (scratch != NULL)
        lh_search_tree_swap (params->tree, scratch);
      best = attempt;
      have_result = TRUE;
      best.nodes = s.nodes;
      best.cache_hits = s.cache_hits;
      best.max_ply = s.max_ply;
      best.elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
      if (progress != NULL)
        progress (&best, user_data);
    }

  if (!have_result)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("the search was cancelled"));
      return FALSE;
    }
  best.nodes = s.nodes;
  best.cache_hits = s.cache_hits;
  best.max_ply = s.max_ply;
  best.elapsed_ms = (g_get_monotonic_time () - start) / 1000.0;
  best.cancelled = s.aborted && g_cancellable_is_cancelled (cancellable);
  *result = best;
  return TRUE;
}
