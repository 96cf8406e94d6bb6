/* lh-expectimax-parallel.c: expectimax's root on several threads (see
 * lh-expectimax-private.h).
 *
 * Without a record: root splitting.  The root's chance children are split
 * into their spawns: each (move, empty cell, tile) is one task, a player
 * node.  The tasks are listed in the sequential search's order and the pool
 * gives each thread a contiguous run of them, stealing from the others' ends
 * when its own is done (lh_parallel_pool_run()), so each thread searches
 * neighbouring subtrees in the sequential order and finds the same
 * transpositions: the threads together search as many nodes as one thread
 * (34.7 against 34.6 million on 30 positions at depth 6; handing tasks out
 * one at a time from one counter searched 8 % more).  Every thread has its
 * own state, and all share the one transposition table (lockless,
 * lh-transposition-table.h).  Each move's value is then summed from its
 * tasks' values in the order the sequential search adds them, so with the
 * table off (or cutoff 0) the values are exactly the one-thread values.
 * With the table and a cutoff, which thread stores a shared subtree first
 * can change a value slightly, as the table alone can (lh-expectimax.h).
 * Root splitting is the simplest of the parallel game-tree searches
 * (Marsland and Campbell, "Parallel search of strongly ordered game trees",
 * Computing Surveys 14(4), 1982): expectimax has no alpha-beta window, so
 * its subtrees are independent and nothing is lost by searching them at once.
 *
 * With a record (the window): the record is filled in search order by one
 * thread, so the calling thread runs the ordinary recorded search while the
 * other threads search the same root tasks from the last one back, into the
 * shared table, until the recorded search ends: once the two meet, every
 * subtree the record does not keep is found in the table at its top (the
 * helper threads' entries are a generation of their own, which only the
 * unrecorded nodes read, so the record shows the same nodes, "cached" marks
 * included, as a one-thread search).  Helpers that fill a shared table
 * for one main search are the idea of "lazy SMP" (Hyatt's shared hash table
 * parallel search, as used by Stockfish since 2015).
 */
#include "lh-expectimax-private.h"

#include <math.h>

typedef struct {
  LhBoard board;   /* the position after the spawn: a player node */
  double  cprob;   /* its probability */
  double  value;
} RootTask;

/* At most 16 empty cells, two tiles each, for each move. */
#define MAX_ROOT_TASKS (LH_N_MOVES * 32)

/* A thread's state on cache lines of its own: the node counters are
 * written at every node, and two threads writing one line would slow both. */
typedef union {
  LhExpectimaxState s;
  char              pad[(sizeof (LhExpectimaxState) + 127) / 128 * 128];
} ThreadState;

typedef struct {
  ThreadState       *states;      /* one per thread */
  RootTask          *tasks;
  guint              n_tasks;
  guint              depth_left;
  /* With a record: */
  LhExpectimaxState *main;        /* the recorded search, task 0 */
  LhBoard            board;
  guint              depth;
  LhSolverResult    *result;
  gboolean           main_ok;
  gint               next_back;   /* atomic: the next root task a helper takes, counting down */
} RootRun;

/* The root's afterstates @after and its tasks, in the sequential search's
 * order; first[m] is move m's first task, first[LH_N_MOVES] the count. */
static guint
list_root_tasks (const LhExpectimaxState *s, LhBoard board, LhBoard after[LH_N_MOVES],
                 RootTask tasks[MAX_ROOT_TASKS], guint first[LH_N_MOVES + 1])
{
  guint n_tasks = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    after[m] = lh_board_move (board, s->geometry, (LhMove) m, NULL);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard x = after[m] | (after[m] >> 1);
      guint64 empty;
      guint n_empty;

      x |= x >> 2;
      empty = ~x & s->empty_probe;
      n_empty = (guint) __builtin_popcountll (empty);
      first[m] = n_tasks;
      if (after[m] == board)
        continue;
      for (guint64 rest = empty; rest != 0; rest &= rest - 1)
        {
          guint shift = (guint) __builtin_ctzll (rest);

          tasks[n_tasks++] = (RootTask) { after[m] | ((LhBoard) 1 << shift), 0.9 / n_empty, 0 };
          tasks[n_tasks++] = (RootTask) { after[m] | ((LhBoard) 2 << shift), 0.1 / n_empty, 0 };
        }
    }
  first[LH_N_MOVES] = n_tasks;
  return n_tasks;
}

/* One state per thread, copies of @s with their own counters. */
static ThreadState *
thread_states_new (const LhExpectimaxState *s, guint n_threads, gint *stop)
{
  ThreadState *states = g_aligned_alloc (n_threads, sizeof (ThreadState), 128);

  for (guint t = 0; t < n_threads; t++)
    {
      LhExpectimaxState *ts = &states[t].s;

      *ts = *s;
      ts->nodes = 0;
      ts->next_check = LH_EXPECTIMAX_CHECK_INTERVAL;
      ts->cache_hits = 0;
      ts->max_ply = 0;
      ts->aborted = FALSE;
      ts->tree = NULL;
      ts->stop = stop;
    }
  return states;
}

/* Adds the threads' counters into @s and frees them; @count_aborted: whether
 * a thread's abort aborts @s (not for helpers, whom the main search stops). */
static void
thread_states_free (LhExpectimaxState *s, ThreadState *states, guint n_threads,
                    gboolean count_aborted)
{
  for (guint t = 0; t < n_threads; t++)
    {
      s->nodes += states[t].s.nodes;
      s->cache_hits += states[t].s.cache_hits;
      s->max_ply = MAX (s->max_ply, states[t].s.max_ply);
      if (count_aborted)
        s->aborted |= states[t].s.aborted;
    }
  g_aligned_free (states);
}

/* Searches root task @t on the state @s unless the threads must stop. */
static void
search_task (LhExpectimaxState *s, RootTask *t, guint depth_left)
{
  if (s->aborted || g_atomic_int_get (s->stop))
    {
      s->aborted = TRUE;
      return;
    }
  t->value = lh_expectimax_player_plain (s, t->board, t->cprob, 1, depth_left);
}

static void
split_task (guint task, guint thread, gpointer data)
{
  RootRun *run = data;

  search_task (&run->states[thread].s, &run->tasks[task], run->depth_left);
}

gboolean
lh_expectimax_search_root_parallel (LhExpectimaxState *s, LhBoard board, guint depth,
                                    LhSolverResult *result)
{
  guint n_threads = lh_parallel_pool_get_n_threads (s->pool);
  RootTask tasks[MAX_ROOT_TASKS];
  guint first[LH_N_MOVES + 1];
  LhBoard after[LH_N_MOVES];
  int best_move = LH_MOVE_NONE;
  double best = -INFINITY;
  gint stop = 0;
  RootRun run = { .tasks = tasks, .depth_left = depth - 1 };

  s->table = s->table_of_context;
  if (s->table != NULL)
    lh_transposition_table_new_search (s->table, lh_expectimax_table_bits (depth));
  lh_solver_std_errors_clear (result->std_errors);
  result->lost_value = lh_evaluator_lost_value (&s->evaluator);
  run.n_tasks = list_root_tasks (s, board, after, tasks, first);
  s->nodes += LH_N_MOVES;

  run.states = thread_states_new (s, n_threads, &stop);
  lh_parallel_pool_run (s->pool, run.n_tasks, split_task, &run);
  thread_states_free (s, run.states, n_threads, TRUE);
  if (s->aborted)
    return FALSE;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      double total = 0;

      result->legal[m] = after[m] != board;
      result->values[m] = 0;
      if (after[m] == board)
        continue;
      for (guint i = first[m]; i < first[m + 1]; i += 2)
        total += lh_expectimax_spawn_pair_value (tasks[i].cprob, tasks[i].value,
                                                 tasks[i + 1].cprob, tasks[i + 1].value);
      result->values[m] = lh_expectimax_move_value (s, board, after[m], m, total);
      if (result->values[m] > best)
        {
          best = result->values[m];
          best_move = (int) m;
        }
    }
  result->move = best_move;
  result->depth = depth;
  result->lost_value = lh_expectimax_root_lost_value (s, result);
  return TRUE;
}

/* Task 0 is the recorded search (whichever thread takes it); the others are
 * helpers, each taking root tasks from the back until the search is done. */
static void
helped_task (guint task, guint thread, gpointer data)
{
  RootRun *run = data;
  LhExpectimaxState *s = &run->states[thread].s;

  if (task == 0)
    {
      run->main_ok = lh_expectimax_search_root_serial (run->main, run->board, run->depth,
                                                       run->result);
      /* Done (or aborted): the helpers stop within CHECK_INTERVAL nodes. */
      g_atomic_int_set (s->stop, 1);
      return;
    }
  for (;;)
    {
      gint i = g_atomic_int_add (&run->next_back, -1);

      if (i < 0 || g_atomic_int_get (s->stop))
        return;
      search_task (s, &run->tasks[i], run->depth_left);
    }
}

gboolean
lh_expectimax_search_root_helped (LhExpectimaxState *s, LhBoard board, guint depth,
                                  LhSolverResult *result)
{
  guint n_threads = lh_parallel_pool_get_n_threads (s->pool);
  RootTask tasks[MAX_ROOT_TASKS];
  guint first[LH_N_MOVES + 1];
  LhBoard after[LH_N_MOVES];
  gint stop = 0;
  RootRun run = {
    .tasks = tasks, .depth_left = depth - 1,
    .main = s, .board = board, .depth = depth, .result = result,
  };

  /* Two generations in one search: the helpers store as the earlier pass,
   * the recorded search as the current one (lh_transposition_table_new_pass). */
  s->table = s->table_of_context;
  lh_transposition_table_new_search (s->table, lh_expectimax_table_bits (depth));
  lh_transposition_table_new_pass (s->table);
  s->table_ready = TRUE;
  run.n_tasks = list_root_tasks (s, board, after, tasks, first);
  run.next_back = (gint) run.n_tasks - 1;

  run.states = thread_states_new (s, n_threads, &stop);
  for (guint t = 0; t < n_threads; t++)
    run.states[t].s.store_earlier = TRUE;
  /* One task per thread: 0, the recorded search, on this thread. */
  lh_parallel_pool_run (s->pool, n_threads, helped_task, &run);
  thread_states_free (s, run.states, n_threads, FALSE);
  return run.main_ok;
}
