/* test-expectimax-parallel.c: expectimax with --threads: the same values as
 * one thread where they must be (cutoff 0, with or without the table; the
 * table off, with any cutoff), the same decisions where the table and a
 * cutoff may shift values, a recorded search helped by the other threads,
 * cancellation with several threads (the search stops; bench-speed times it), and the worker pool's
 * scheduling (every task once). */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "lh-parallel.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static LhSolver *
make_solver (guint depth, double cutoff, gboolean table, guint threads)
{
  return lh_test_expectimax_solver_new (depth, cutoff, table, threads, NULL);
}

static void
search_ok (LhSolver *solver, LhBoard board, LhSolverResult *result)
{
  g_autoptr (GError) error = NULL;

  memset (result, 0, sizeof *result);
  if (!lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, result, &error))
    g_error ("search of %016" G_GINT64_MODIFIER "x failed: %s", board,
             error ? error->message : "(no error)");
  g_assert_false (result->cancelled);
}

/* 4x4 positions from early to late game (few to many tiles, so from many
 * root tasks to a handful). */
static guint
collect_boards (LhBoard *boards, guint max)
{
  guint n = 0;

  for (guint64 seed = 1; n < max; seed++)
    {
      LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, seed, 10 + (guint) (seed * 37) % 300,
                                          0x5eed);

      if (b != 0 && !lh_board_is_game_over (b, LH_GEOMETRY_DEFAULT))
        boards[n++] = b;
    }
  return n;
}

/* Threads 2 and 3 against one thread: bit-identical values, the same move,
 * and (with the table off, where no node is saved by another thread's
 * store) the same node count. */
static void
check_identical (double cutoff, gboolean table, guint depth, guint n_boards)
{
  LhBoard boards[12];
  guint n = collect_boards (boards, MIN (n_boards, G_N_ELEMENTS (boards)));
  g_autoptr (LhSolver) one = make_solver (depth, cutoff, table, 1);

  for (guint threads = 2; threads <= 3; threads++)
    {
      g_autoptr (LhSolver) many = make_solver (depth, cutoff, table, threads);

      for (guint i = 0; i < n; i++)
        {
          LhSolverResult a, b;

          search_ok (one, boards[i], &a);
          search_ok (many, boards[i], &b);
          g_assert_cmpint (a.move, ==, b.move);
          g_assert_cmpuint (a.depth, ==, b.depth);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              g_assert_cmpint (a.legal[m], ==, b.legal[m]);
              if (a.values[m] != b.values[m])
                g_error ("%u threads, cutoff %g, table %d, board %016" G_GINT64_MODIFIER "x, move %u:"
                         " %.17g, one thread %.17g", threads, cutoff, table, boards[i], m,
                         b.values[m], a.values[m]);
            }
          if (!table)
            g_assert_cmpuint (a.nodes, ==, b.nodes);
        }
    }
}

static void
test_identical_without_table (void)
{
  /* The table off: every subtree is searched as one thread searches it. */
  check_identical (0, FALSE, 4, 6);
  check_identical (LH_DEFAULT_PROBABILITY_CUTOFF, FALSE, 4, 12);
}

static void
test_identical_cutoff_zero (void)
{
  /* Cutoff 0 with the table: a stored value is what searching the subtree
   * gives, whichever thread stored it. */
  check_identical (0, TRUE, 4, 6);
}

static void
test_table_and_cutoff (void)
{
  /* The table and a cutoff: a subtree reached first on another path may be
   * stored with that path's cutoff (lh-expectimax.h), and which thread gets
   * there first varies.  The values stay within 0.1 % of one thread's and the
   * move is the same on these positions. */
  LhBoard boards[12];
  guint n = collect_boards (boards, G_N_ELEMENTS (boards));
  g_autoptr (LhSolver) one = make_solver (5, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, 1);
  g_autoptr (LhSolver) two = make_solver (5, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, 2);

  for (guint i = 0; i < n; i++)
    {
      LhSolverResult a, b;

      search_ok (one, boards[i], &a);
      search_ok (two, boards[i], &b);
      g_assert_cmpint (a.move, ==, b.move);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (a.legal[m])
          g_assert_cmpfloat (fabs (a.values[m] - b.values[m]), <=,
                             1e-3 * MAX (1.0, fabs (a.values[m])));
    }
}

static void
test_recorded (void)
{
  /* A record is filled by one thread while the others fill the table for
   * it: with cutoff 0 the values are one thread's, and with the default
   * cutoff the record still matches the result it comes with. */
  LhBoard boards[8];
  guint n = collect_boards (boards, G_N_ELEMENTS (boards));
  g_autoptr (LhSearchTree) tree1 = lh_search_tree_new (20000);
  g_autoptr (LhSearchTree) tree2 = lh_search_tree_new (20000);

  for (guint k = 0; k < 2; k++)
    {
      double cutoff = k == 0 ? 0 : LH_DEFAULT_PROBABILITY_CUTOFF;
      guint depth = k == 0 ? 4 : 5;
      g_autoptr (LhSolver) one = lh_test_expectimax_solver_new (depth, cutoff, TRUE, 1, tree1);
      g_autoptr (LhSolver) two = lh_test_expectimax_solver_new (depth, cutoff, TRUE, 2, tree2);

      for (guint i = 0; i < n; i++)
        {
          LhSolverResult a, b;

          search_ok (one, boards[i], &a);
          search_ok (two, boards[i], &b);
          g_assert_cmpint (a.move, ==, b.move);
          lh_test_check_record_root (tree2, boards[i], &b);
          g_assert_cmpuint (lh_search_tree_get_n_nodes (tree2), >, 1);
          for (guint m = 0; m < LH_N_MOVES; m++)
            if (cutoff == 0)
              g_assert_cmpfloat (a.values[m], ==, b.values[m]);
            else if (a.legal[m])
              g_assert_cmpfloat (fabs (a.values[m] - b.values[m]), <=,
                                 1e-3 * MAX (1.0, fabs (a.values[m])));
        }
    }
}

/* One search of depth 8 without cutoff (hours of work) cancelled after 30 ms;
 * returns how long after the cancel the search came back, in us. */
static gint64
cancel_latency (guint threads, guint time_budget_ms, gboolean recorded)
{
  g_autoptr (LhSearchTree) tree = recorded ? lh_search_tree_new (20000) : NULL;
  LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 12, 10, 0xabcdef);
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  g_autoptr (GError) error = NULL;
  LhSolverResult result;
  gboolean ok;
  gint64 latency;

  g_assert_cmpuint (lh_board_count_empty (b, LH_GEOMETRY_DEFAULT), >=, 6);
  lh_solver_params_init_default (&params);
  params.depth = 8;
  params.probability_cutoff = 0;
  params.threads = threads;
  params.time_budget_ms = time_budget_ms;
  params.tree = tree;
  solver = lh_solver_new (&params, NULL);
  g_assert_nonnull (solver);

  ok = lh_test_search_cancelled_after (solver, b, 30, &result, &latency, &error);
  if (time_budget_ms == 0)
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  else
    {
      /* Iterative deepening returns its deepest finished depth. */
      g_assert_true (ok);
      g_assert_true (result.cancelled);
      g_assert_cmpuint (result.depth, <, 8);
    }
  g_assert_cmpint (latency, >=, 0);
  return latency;
}

static void
test_cancel_stops_search (void)
{
  /* Every thread looks at the GCancellable every 8192 nodes (well under a
   * millisecond) and the first to see it stops the others, so a search
   * comes back within 10 ms of a cancel on an idle machine (the target of
   * ARCHITECTURE.md).  That is a speed figure: a busy machine (the suite
   * beside other work) holds threads off the CPU for longer, and a timed
   * unit test then fails at random (18.9 ms at a load of 9).  Checked here:
   * the search, hours of work, stops at all, within a bound that only a
   * search which never looks at its cancellable misses; the latencies are
   * reported. */
  guint most = MAX (2, MIN (g_get_num_processors (), 4));

  for (guint threads = 2; threads <= most; threads++)
    for (guint deepening = 0; deepening <= 1; deepening++)
      for (guint recorded = 0; recorded <= 1; recorded++)
        {
          gint64 latency = cancel_latency (threads, deepening ? 600000 : 0, recorded);

          g_test_message ("%u threads%s%s: came back %.1f ms after the cancel", threads,
                          deepening ? ", iterative deepening" : "", recorded ? ", recorded" : "",
                          latency / 1000.0);
          if (latency > 2 * G_USEC_PER_SEC)
            g_error ("%u threads%s%s: the search came back %.1f ms after the cancel", threads,
                     deepening ? ", iterative deepening" : "", recorded ? ", recorded" : "",
                     latency / 1000.0);
        }
}

typedef struct {
  gint  *runs;      /* atomic: how often each task ran */
  gint   wrong_thread;
} PoolCheck;

static void
count_task (guint task, guint thread, gpointer data)
{
  PoolCheck *check = data;

  if (thread >= 3)
    g_atomic_int_inc (&check->wrong_thread);
  g_atomic_int_inc (&check->runs[task]);
}

static void
test_pool_runs_every_task_once (void)
{
  g_autoptr (LhParallelPool) pool = lh_parallel_pool_new (3);

  for (guint n_tasks = 0; n_tasks <= 200; n_tasks += n_tasks < 10 ? 1 : 37)
    for (guint round = 0; round < 3; round++)
      {
        g_autofree gint *runs = g_new0 (gint, MAX (n_tasks, 1));
        PoolCheck check = { runs, 0 };

        lh_parallel_pool_run (pool, n_tasks, count_task, &check);
        g_assert_cmpint (check.wrong_thread, ==, 0);
        for (guint t = 0; t < n_tasks; t++)
          g_assert_cmpint (runs[t], ==, 1);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();
  g_test_add_func ("/expectimax-parallel/identical-without-table", test_identical_without_table);
  g_test_add_func ("/expectimax-parallel/identical-cutoff-zero", test_identical_cutoff_zero);
  g_test_add_func ("/expectimax-parallel/table-and-cutoff", test_table_and_cutoff);
  g_test_add_func ("/expectimax-parallel/recorded", test_recorded);
  g_test_add_func ("/expectimax-parallel/cancel-stops-search", test_cancel_stops_search);
  g_test_add_func ("/expectimax-parallel/pool-runs-every-task-once", test_pool_runs_every_task_once);
  return g_test_run ();
}
