/* lh-expectimax-wide.c: expectimax on the wide board (see lh-expectimax-wide.h). */
#include "lh-expectimax-wide.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "lh-clock.h"
#include "lh-expectimax.h"

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

static double player_node (Search *s, LhWideBoard board, double cprob, guint ply, guint depth_left);

/* The value of move @move's afterstate, @points its points, valued by
 * @afterstate_value: a network's values count points from the afterstate
 * on, so the move's are added; the heuristic's are not points. */
static inline double
move_value (const Search *s, guint64 points, double afterstate_value)
{
  return s->evaluator->counts_points ? (double) points + afterstate_value : afterstate_value;
}

/* Chance node: the afterstate @board, reached with probability @cprob. */
static double
chance_node (Search *s, LhWideBoard board, double cprob, guint ply, guint depth_left)
{
  double total = 0, p2, p4;
  guint n_empty;
  Entry *entry = NULL;

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
          return entry->value;
        }
    }

  n_empty = lh_wide_board_count_empty (board, s->geometry);
  /* An afterstate of a legal move always has an empty cell. */
  g_assert (n_empty > 0);
  p2 = 0.9 / n_empty;
  p4 = 0.1 / n_empty;
  for (guint r = 0; r < s->geometry.rows && !s->aborted; r++)
    for (guint c = 0; c < s->geometry.cols && !s->aborted; c++)
      {
        if (lh_wide_board_get_cell (board, r, c) != 0)
          continue;
        double v2 = player_node (s, lh_wide_board_set_cell (board, r, c, 1), cprob * p2, ply,
                                 depth_left);
        double v4 = player_node (s, lh_wide_board_set_cell (board, r, c, 2), cprob * p4, ply,
                                 depth_left);

        /* Summed as the 64-bit search sums, so both give the same values. */
        total += p2 * v2 + p4 * v4;
      }
  if (entry != NULL && !s->aborted)
    *entry = (Entry) { .board = board, .value = total, .depth_left = depth_left };
  return total;
}

/* Player node: the best legal move from @board, searched @depth_left more
 * player moves; fills @values and @legal when not NULL (the root). */
static double
search_moves (Search *s, LhWideBoard board, double cprob, guint ply, guint depth_left,
              double values[LH_N_MOVES], gboolean legal[LH_N_MOVES])
{
  double best = -INFINITY;

  for (guint m = 0; m < LH_N_MOVES && !s->aborted; m++)
    {
      guint64 points = 0;
      LhWideBoard after = lh_rules_move (s->rules, board, s->geometry, (LhMove) m, &points);
      double v;

      s->nodes++;
      if (after == board)
        continue;
      v = move_value (s, points, chance_node (s, after, cprob, ply + 1, depth_left - 1));
      if (values != NULL)
        {
          values[m] = v;
          legal[m] = TRUE;
        }
      best = MAX (best, v);
    }
  check_abort (s);
  return best;
}

static double
player_node (Search *s, LhWideBoard board, double cprob, guint ply, guint depth_left)
{
  double best = search_moves (s, board, cprob, ply, depth_left, NULL, NULL);

  return best == -INFINITY ? lh_evaluator_lost_value (s->evaluator) : best;
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

  *result = (LhSolverResult) { .move = LH_MOVE_NONE, .depth = depth };
  lh_solver_std_errors_clear (result->std_errors);
  result->lost_value = lh_evaluator_lost_value (s->evaluator);
  search_moves (s, board, 1.0, 0, depth, result->values, result->legal);
  if (s->aborted)
    return FALSE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (result->legal[m] && result->values[m] > best)
      {
        best = result->values[m];
        result->move = (int) m;
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
  };
  LhSolverResult best = { .move = LH_MOVE_NONE }, attempt;
  gboolean have_result = FALSE;

  g_return_val_if_fail (lh_wide_geometry_is_valid (geometry), FALSE);
  g_return_val_if_fail (lh_rules_accept (rules, geometry, board), FALSE);

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

  /* With a time budget, iterative deepening as the 64-bit search does
   * (lh_expectimax_search()): depth 1, 2, ... up to the target, the first
   * depth whatever the clock says, the deepest completed one kept. */
  for (guint depth = params->time_budget_ms > 0 ? 1 : target; depth <= target; depth++)
    {
      s.deadline_us = have_result ? start_us + (gint64) params->time_budget_ms * 1000 : 0;
      if (!search_depth (&s, board, depth, &attempt))
        break;
      best = attempt;
      have_result = TRUE;
      best.nodes = s.nodes;
      best.cache_hits = s.cache_hits;
      best.max_ply = s.max_ply;
      best.elapsed_ms = lh_clock_elapsed_ms (start);
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
  best.elapsed_ms = lh_clock_elapsed_ms (start);
  best.cancelled = s.aborted && g_cancellable_is_cancelled (cancellable);
  *result = best;
  return TRUE;
}
