/* lh-expectimax-private.h: the expectimax search's state, shared by the
 * sequential search (lh-expectimax.c) and the parallel root
 * (lh-expectimax-parallel.c).  Private to those two files. */
#pragma once

#include "lh-expectimax.h"
#include "lh-parallel.h"

G_BEGIN_DECLS

/* How many nodes between two looks at the clock and the GCancellable: 2^13
 * nodes take well under 1 ms at the speeds measured, far inside 10 ms. */
#define LH_EXPECTIMAX_CHECK_INTERVAL 8192

/* The state of one thread's search (lh-expectimax.c keeps it as "Search"). */
typedef struct {
  LhEvaluator           evaluator;     /* a copy: its fields sit beside the search's own */
  LhExpectimaxLeafFunc  leaf;          /* nullable: leaf values instead of the evaluator's */
  gpointer              leaf_data;
  LhGeometry            geometry;
  gboolean              square4;       /* geometry is 4x4 and the evaluator the heuristic:
                                          the specialised variants run */
  guint64               empty_probe;   /* low bit of every nibble inside the geometry */
  double                cutoff;
  LhTranspositionTable *table_of_context;  /* nullable: the table, when turned on */
  LhTranspositionTable *table;             /* nullable: the table this depth's search uses */
  LhSearchTree         *tree;
  GCancellable         *cancellable;
  gint64                deadline_us;   /* 0: none */
  guint64               nodes;
  guint64               next_check;
  guint64               cache_hits;
  guint                 max_ply;
  gboolean              aborted;
  LhParallelPool       *pool;          /* nullable: the threads of a parallel root */
  gboolean              table_ready;   /* this depth's table passes are set up */
  gboolean              store_earlier; /* a helper thread: stores as the earlier pass */
  gint                 *stop;          /* nullable: atomic, set when the threads must stop */
  const LhExpectimaxReward *reward;    /* nullable: a Bellman search (LhExpectimaxReward) */
  gboolean              moves_score;   /* a move's value adds its points: @reward, or an
                                          evaluator that counts points */
  gboolean              plain_leaves;  /* no @leaf, no @reward, no points: a leaf move's
                                          value is the evaluator's value of its afterstate */
  gboolean              batch_leaves;  /* no @leaf, no @reward, a network: a leaf player
                                          node's afterstates are evaluated together */
} LhExpectimaxState;

/* S_w(@board) of @reward (LhExpectimaxReward). */
static inline double
lh_expectimax_weighted_score (const LhExpectimaxReward *reward, LhBoard board)
{
  double score = 0;

  for (guint cell = 0; board != 0; board >>= 4, cell++)
    {
      guint exponent = (guint) (board & 0xf);

      if (exponent >= 2)
        score += reward->cell_weight[cell] * (double) ((guint64) (exponent - 1) << exponent);
    }
  return score;
}

/* The points of move @move from @board (@after), for an evaluator that
 * counts points; out of the hot path. */
G_NO_INLINE static double
lh_expectimax_move_points (const LhExpectimaxState *s, LhBoard board, guint move)
{
  guint32 points;

  lh_board_move (board, s->geometry, (LhMove) move, &points);
  return points;
}

/* The value of move @move from @board to @after whose afterstate is worth
 * @afterstate_value: that value itself (the heuristic's); with a reward (a
 * Bellman search) the move's reward plus the discounted value; with an
 * evaluator that counts points, the move's points plus the value (r +
 * V(afterstate), Szubert and Jaśkowski 2014). */
G_ALWAYS_INLINE static inline double
lh_expectimax_move_value (const LhExpectimaxState *s, LhBoard board, LhBoard after, guint move,
                          double afterstate_value)
{
  if (G_LIKELY (!s->moves_score))
    return afterstate_value;
  if (s->reward == NULL)
    return lh_expectimax_move_points (s, board, move) + afterstate_value;
  return lh_expectimax_weighted_score (s->reward, after) - lh_expectimax_weighted_score (s->reward, board)
         + s->reward->discount * afterstate_value;
}

/* The value of the lost position @board. */
static inline double
lh_expectimax_lost_value (const LhExpectimaxState *s, LhBoard board)
{
  if (G_LIKELY (s->reward == NULL))
    return lh_evaluator_lost_value (&s->evaluator);
  return s->reward->loss_score ? -(double) lh_exact_board_score (board) : 0.0;
}

/* The bottom of the scale of a root's values (LhSolverResult.lost_value):
 * the evaluator's lost value; with a reward or an evaluator that counts
 * points, 0 or the lowest legal value, whichever is lower (such values
 * count points from 0, and a lost position is worth 0 or less). */
static inline double
lh_expectimax_root_lost_value (const LhExpectimaxState *s, const LhSolverResult *result)
{
  double lowest = 0;

  if (!s->moves_score)
    return lh_evaluator_lost_value (&s->evaluator);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (result->legal[m])
      lowest = MIN (lowest, result->values[m]);
  return lowest;
}

static inline void
lh_expectimax_maybe_check_abort (LhExpectimaxState *s)
{
  if (G_LIKELY (s->nodes < s->next_check))
    return;
  s->next_check = s->nodes + LH_EXPECTIMAX_CHECK_INTERVAL;
  if (g_cancellable_is_cancelled (s->cancellable)
      || (s->deadline_us != 0 && g_get_monotonic_time () >= s->deadline_us)
      || (s->stop != NULL && g_atomic_int_get (s->stop)))
    {
      s->aborted = TRUE;
      if (s->stop != NULL)
        g_atomic_int_set (s->stop, 1);
    }
}

/* A chance node's term for one empty cell: the 2 with probability @p2 and
 * value @v2, the 4 with @p4 and @v4.  One expression for the sequential and
 * the parallel search, so both add the same numbers the same way. */
G_ALWAYS_INLINE static inline double
lh_expectimax_spawn_pair_value (double p2, double v2, double p4, double v4)
{
  return p2 * v2 + p4 * v4;
}

/**
 * lh_expectimax_player_plain:
 * A player node searched without a record: @board with probability @cprob,
 * @ply player moves from the root, @depth_left moves still to search (the
 * 4x4 variant on 4x4).  Returns its value.
 */
double lh_expectimax_player_plain (LhExpectimaxState *s, LhBoard board, double cprob, guint ply,
                                   guint depth_left);

/**
 * lh_expectimax_search_root_serial:
 * One full search of the root at @depth on the calling thread, recording
 * into s->tree when set.  Returns FALSE when aborted.
 */
gboolean lh_expectimax_search_root_serial (LhExpectimaxState *s, LhBoard board, guint depth,
                                           LhSolverResult *result);

/** The depth from which a search with threads splits its root: a depth-3
 * search takes about 10 us, less than handing work to another thread. */
#define LH_EXPECTIMAX_PARALLEL_MIN_DEPTH 4
/** The depth from which helpers search beside a recorded search: at depth 4
 * the record's own cost leaves them nothing to gain (0.95 ms alone, 0.99 ms
 * helped, `bench-record --threads 2`; depth 5: 4.10 and 3.34 ms). */
#define LH_EXPECTIMAX_HELPED_MIN_DEPTH 5

/**
 * lh_expectimax_search_root_parallel:
 * lh_expectimax_search_root_serial() without a record, the root's spawns
 * spread over s->pool's threads (method: lh-expectimax-parallel.c).
 */
gboolean lh_expectimax_search_root_parallel (LhExpectimaxState *s, LhBoard board, guint depth,
                                             LhSolverResult *result);

/**
 * lh_expectimax_search_root_helped:
 * lh_expectimax_search_root_serial() with a record, on the calling thread,
 * while s->pool's other threads search the root's spawns from the last one
 * back into the shared transposition table (method: lh-expectimax-parallel.c).
 */
gboolean lh_expectimax_search_root_helped (LhExpectimaxState *s, LhBoard board, guint depth,
                                           LhSolverResult *result);

G_END_DECLS
