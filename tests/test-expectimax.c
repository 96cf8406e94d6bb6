/* test-expectimax.c: the expectimax solver through lh_solver_search()
 * (lh-solver.h): decisions against a hand-written reference expectimax, the
 * transposition table, cancellation, iterative deepening, the search-tree
 * record and parameter validation. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-rng.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-test-util.h"

/* Values with the transposition table must equal values without it: the
 * table is keyed on the exact remaining depth (lh-expectimax.h: "so that it
 * never changes a value"). */
#define EXACT_RELATIVE 1e-9

static gboolean
close_relative (double a, double b, double rel)
{
  return fabs (a - b) <= rel * MAX (1.0, MAX (fabs (a), fabs (b)));
}

static LhSolver *
make_solver (guint depth, double cutoff, gboolean table, LhSearchTree *tree)
{
  return lh_test_expectimax_solver_new (depth, cutoff, table, 1, tree);
}

static void
search_ok (LhSolver *solver, LhBoard board, LhGeometry g, LhSolverResult *result)
{
  g_autoptr (GError) error = NULL;

  memset (result, 0xa5, sizeof *result);
  if (!lh_solver_search (solver, board, g, NULL, NULL, NULL, result, &error))
    g_error ("search of %016" G_GINT64_MODIFIER "x failed: %s", board,
             error ? error->message : "(no error)");
  g_assert_no_error (error);
  g_assert_false (result->cancelled);
}


/* A few dozen mid-game positions of several sizes. */
static guint
collect_boards (LhBoard *boards, LhGeometry *geometries, guint max)
{
  static const LhGeometry sizes[] = { { 4, 4 }, { 4, 4 }, { 3, 3 }, { 3, 4 }, { 2, 3 }, { 4, 2 } };
  guint n = 0;

  for (guint64 seed = 1; n < max; seed++)
    {
      LhGeometry g = sizes[seed % G_N_ELEMENTS (sizes)];
      guint cells = g.rows * g.cols;
      LhBoard b = lh_test_mid_game_board (g, seed, 5 + (guint) (seed * 7) % (cells * 3), 0xabcdef);

      if (b == 0)
        continue;
      boards[n] = b;
      geometries[n] = g;
      n++;
    }
  return n;
}

/* ---- Reference expectimax (brute force over spawns, no cutoff, no table) ---- */

static double ref_chance (const LhHeuristic *h, LhGeometry g, LhBoard after, guint depth_left);

/* A player node with @depth_left player moves still to make. */
static double
ref_player (const LhHeuristic *h, LhGeometry g, LhBoard board, guint depth_left)
{
  double best = -INFINITY;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard after = lh_board_move (board, g, (LhMove) m, NULL);
      if (after != board)
        best = MAX (best, ref_chance (h, g, after, depth_left - 1));
    }
  return best == -INFINITY ? lh_heuristic_game_over_value (h) : best;
}

/* The afterstate @after: scored by the heuristic when no move is left,
 * otherwise the average over every empty cell (1/n each) of a 2 (0.9) or a
 * 4 (0.1) followed by the best reply. */
static double
ref_chance (const LhHeuristic *h, LhGeometry g, LhBoard after, guint depth_left)
{
  guint8 cells[16];
  guint n;
  double total = 0;

  if (depth_left == 0)
    return lh_heuristic_evaluate (h, after);
  n = lh_board_empty_cells (after, g, cells);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      LhBoard two = after | ((LhBoard) 1 << (4 * cells[i]));
      LhBoard four = after | ((LhBoard) 2 << (4 * cells[i]));
      total += 0.9 / n * ref_player (h, g, two, depth_left);
      total += 0.1 / n * ref_player (h, g, four, depth_left);
    }
  return total;
}

/* ---- Tests --------------------------------------------------------------------- */

static void
test_only_legal_move (void)
{
  static const struct { guint8 rows, cols; LhBoard board; LhMove move; } cases[] = {
    /* 32768 32768 / . . : the 32768s never merge, only down moves anything. */
    { 2, 2, 0x000000ffULL, LH_MOVE_DOWN },
    /* 2 4 8 / . . . */
    { 2, 3, 0x00000321ULL, LH_MOVE_DOWN },
    /* 2 4 8 / 16 32 64 / . . . */
    { 3, 3, 0x0000000006540321ULL, LH_MOVE_DOWN },
    /* 2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / . . . . */
    { 4, 4, 0x0000cba987654321ULL, LH_MOVE_DOWN },
    /* 2 . / 4 . / 8 . / 16 . */
    { 4, 2, 0x0004000300020001ULL, LH_MOVE_RIGHT },
    /* . 2 / . 4 / . 8 */
    { 3, 2, 0x0000003000200010ULL, LH_MOVE_LEFT },
    /* . . . / 2 4 8 */
    { 2, 3, 0x03210000ULL, LH_MOVE_UP },
  };
  LhRng rng;
  guint n_random = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LhGeometry g = { cases[i].rows, cases[i].cols };
      LhBoard b = cases[i].board;

      g_assert_cmpuint (lh_board_legal_moves (b, g), ==, 1u << cases[i].move);
      for (guint depth = 1; depth <= 3; depth++)
        {
          g_autoptr (LhSolver) solver = make_solver (depth, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
          LhSolverResult result;

          search_ok (solver, b, g, &result);
          g_assert_cmpint (result.move, ==, cases[i].move);
          for (guint m = 0; m < LH_N_MOVES; m++)
            g_assert_cmpint (result.legal[m], ==, m == (guint) cases[i].move);
          g_assert_true (isfinite (result.values[cases[i].move]));
        }
    }

  /* Random full-ish positions with exactly one legal move. */
  lh_rng_init (&rng, 404);
  {
    g_autoptr (LhSolver) solver = make_solver (2, 0, TRUE, NULL);
    for (guint tries = 0; tries < 200000 && n_random < 30; tries++)
      {
        LhGeometry g = { (guint8) (2 + lh_rng_below (&rng, 3)), (guint8) (2 + lh_rng_below (&rng, 3)) };
        LhBoard b = 0;
        guint legal;
        LhSolverResult result;

        for (guint r = 0; r < g.rows; r++)
          for (guint c = 0; c < g.cols; c++)
            if (lh_rng_below (&rng, 8) != 0)
              b = lh_board_set_cell (b, r, c, 1 + lh_rng_below (&rng, 12));
        legal = lh_board_legal_moves (b, g);
        if (__builtin_popcount (legal) != 1)
          continue;
        n_random++;
        search_ok (solver, b, g, &result);
        g_assert_cmpint (result.move, ==, __builtin_ctz (legal));
      }
  }
  g_assert_cmpuint (n_random, ==, 30);
}

static void
test_no_legal_move (void)
{
  static const struct { guint8 rows, cols; LhBoard board; } cases[] = {
    { 2, 2, 0x00120021ULL },                     /* 2 4 / 4 2 */
    { 2, 2, 0x002100ffULL },                     /* 32768 32768 / 2 4 */
    { 3, 3, 0x0000012102120121ULL },             /* checkerboard of 2s and 4s */
    { 4, 4, 0x1212212112122121ULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint depth = 1; depth <= 3; depth++)
      {
        LhGeometry g = { cases[i].rows, cases[i].cols };
        g_autoptr (LhSearchTree) tree = lh_search_tree_new (100);
        g_autoptr (LhSolver) solver = make_solver (depth, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, tree);
        g_autoptr (GError) error = NULL;
        LhSolverResult result;

        g_assert_true (lh_board_is_game_over (cases[i].board, g));
        /* The header: @move is LH_MOVE_NONE when no move is legal; the
         * result is filled, so the search succeeds. */
        g_assert_true (lh_solver_search (solver, cases[i].board, g, NULL, NULL, NULL, &result,
                                         &error));
        g_assert_no_error (error);
        g_assert_cmpint (result.move, ==, LH_MOVE_NONE);
        for (guint m = 0; m < LH_N_MOVES; m++)
          g_assert_false (result.legal[m]);
        g_assert_false (result.cancelled);
        /* The record holds the root alone. */
        g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 1);
        g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->first_child, ==, LH_SEARCH_NODE_NONE);
      }
}

static void
test_transposition_table_agrees (void)
{
  LhBoard boards[36];
  LhGeometry geometries[36];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  guint64 hits = 0;

  for (guint depth = 1; depth <= 3; depth++)
    {
      g_autoptr (LhSolver) on0 = make_solver (depth, 0, TRUE, NULL);
      g_autoptr (LhSolver) off0 = make_solver (depth, 0, FALSE, NULL);
      g_autoptr (LhSolver) on = make_solver (depth, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
      g_autoptr (LhSolver) off = make_solver (depth, LH_DEFAULT_PROBABILITY_CUTOFF, FALSE, NULL);

      for (guint i = 0; i < n; i++)
        {
          LhSolverResult a, b;

          /* Cutoff 0: same move, and the same values up to the float
           * precision of a stored entry (the strict check is
           * /expectimax/transposition-table-exact). */
          search_ok (on0, boards[i], geometries[i], &a);
          search_ok (off0, boards[i], geometries[i], &b);
          g_assert_cmpint (a.move, ==, b.move);
          g_assert_cmpuint (a.depth, ==, depth);
          g_assert_cmpuint (b.cache_hits, ==, 0);
          hits += a.cache_hits;
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              g_assert_cmpint (a.legal[m], ==, b.legal[m]);
              if (a.legal[m] && !close_relative (a.values[m], b.values[m], 1e-6))
                g_error ("depth %u, board %016" G_GINT64_MODIFIER "x, %s: %.12g with the table,"
                         " %.12g without", depth, boards[i], lh_move_to_string ((LhMove) m),
                         a.values[m], b.values[m]);
            }

          /* Default cutoff: the same move. */
          search_ok (on, boards[i], geometries[i], &a);
          search_ok (off, boards[i], geometries[i], &b);
          g_assert_cmpint (a.move, ==, b.move);
        }
    }
  /* The table must actually have been used. */
  g_assert_cmpuint (hits, >, 0);
}

static void
test_transposition_table_exact (void)
{
  LhBoard boards[36];
  LhGeometry geometries[36];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  guint n_bad = 0;
  double worst = 0;

  for (guint depth = 1; depth <= 3; depth++)
    {
      g_autoptr (LhSolver) on = make_solver (depth, 0, TRUE, NULL);
      g_autoptr (LhSolver) off = make_solver (depth, 0, FALSE, NULL);

      for (guint i = 0; i < n; i++)
        {
          LhSolverResult a, b;

          search_ok (on, boards[i], geometries[i], &a);
          search_ok (off, boards[i], geometries[i], &b);
          g_assert_cmpint (a.move, ==, b.move);
          for (guint m = 0; m < LH_N_MOVES; m++)
            if (a.legal[m] && !close_relative (a.values[m], b.values[m], EXACT_RELATIVE))
              {
                double rel = fabs (a.values[m] - b.values[m]) / MAX (1.0, fabs (b.values[m]));
                if (n_bad++ < 5)
                  g_test_message ("depth %u, %ux%u board %016" G_GINT64_MODIFIER "x, %s: %.15g"
                                  " with the table, %.15g without (relative %.2g)", depth,
                                  geometries[i].rows, geometries[i].cols, boards[i],
                                  lh_move_to_string ((LhMove) m), a.values[m], b.values[m], rel);
                worst = MAX (worst, rel);
              }
        }
    }
  if (n_bad > 0)
    g_test_message ("%u values differ by more than %g relative (worst %.3g)", n_bad,
                    EXACT_RELATIVE, worst);
  g_assert_cmpuint (n_bad, ==, 0);
}

static void
test_depth_one_is_heuristic (void)
{
  LhBoard boards[36];
  LhGeometry geometries[36];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  g_autoptr (LhSolver) solver = make_solver (1, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
  const LhSolverParams *params = lh_solver_get_params (solver);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LhHeuristic) h = lh_heuristic_new (&params->heuristic, geometries[i]);
      LhSolverResult result;
      double best = -INFINITY;
      int best_move = LH_MOVE_NONE;

      search_ok (solver, boards[i], geometries[i], &result);
      g_assert_cmpuint (result.depth, ==, 1);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          LhBoard after = lh_board_move (boards[i], geometries[i], (LhMove) m, NULL);
          g_assert_cmpint (result.legal[m], ==, after != boards[i]);
          if (!result.legal[m])
            continue;
          g_assert_cmpfloat (result.values[m], ==, lh_heuristic_evaluate (h, after));
          if (result.values[m] > best)
            {
              best = result.values[m];
              best_move = (int) m;
            }
        }
      g_assert_cmpint (result.move, ==, best_move);
    }
}

static void
test_matches_reference (void)
{
  LhBoard boards[36];
  LhGeometry geometries[36];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));

  for (guint depth = 2; depth <= 3; depth++)
    for (guint t = 0; t < 2; t++)
      {
        g_autoptr (LhSolver) solver = make_solver (depth, 0, t == 1, NULL);
        const LhSolverParams *params = lh_solver_get_params (solver);
        double rel = t == 1 ? 1e-6 : EXACT_RELATIVE;

        for (guint i = 0; i < n; i++)
          {
            LhGeometry g = geometries[i];
            g_autoptr (LhHeuristic) h = NULL;
            LhSolverResult result;
            double best = -INFINITY;

            /* Depth 3 on the larger boards only at a lower count, to stay fast. */
            if (depth == 3 && g.rows * g.cols > 12 && i % 3 != 0)
              continue;
            h = lh_heuristic_new (&params->heuristic, g);
            search_ok (solver, boards[i], g, &result);
            for (guint m = 0; m < LH_N_MOVES; m++)
              {
                LhBoard after = lh_board_move (boards[i], g, (LhMove) m, NULL);
                double expected;

                if (after == boards[i])
                  continue;
                expected = ref_chance (h, g, after, depth - 1);
                if (!close_relative (result.values[m], expected, rel))
                  g_error ("depth %u (table %s), %ux%u board %016" G_GINT64_MODIFIER "x, %s:"
                           " %.15g, reference %.15g", depth, t ? "on" : "off", g.rows, g.cols,
                           boards[i], lh_move_to_string ((LhMove) m), result.values[m], expected);
                best = MAX (best, expected);
              }
            g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
            g_assert_true (close_relative (result.values[result.move], best, rel));
          }
      }

  /* A hand-made 2x2 position, small enough to follow by hand: "2 . / 4 ."
   * (only right and down... are checked against the reference too). */
  {
    LhGeometry g = { 2, 2 };
    LhBoard b = 0x00200001ULL;
    g_autoptr (LhSolver) solver = make_solver (2, 0, FALSE, NULL);
    g_autoptr (LhHeuristic) h = lh_heuristic_new (&lh_solver_get_params (solver)->heuristic, g);
    LhSolverResult result;

    search_ok (solver, b, g, &result);
    for (guint m = 0; m < LH_N_MOVES; m++)
      {
        LhBoard after = lh_board_move (b, g, (LhMove) m, NULL);
        g_assert_cmpint (result.legal[m], ==, after != b);
        if (after != b)
          g_assert_true (close_relative (result.values[m], ref_chance (h, g, after, 1),
                                         EXACT_RELATIVE));
      }
  }
}

static void
test_solver_reuse_across_sizes (void)
{
  /* One solver, boards of changing sizes: the same values as a fresh solver
   * for each (no table entry or heuristic table leaks across sizes). */
  LhBoard boards[36];
  LhGeometry geometries[36];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  g_autoptr (LhSolver) shared = make_solver (2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LhSolver) fresh = make_solver (2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
      LhSolverResult a, b;

      search_ok (shared, boards[i], geometries[i], &a);
      search_ok (fresh, boards[i], geometries[i], &b);
      g_assert_cmpint (a.move, ==, b.move);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (a.legal[m])
          g_assert_cmpfloat (a.values[m], ==, b.values[m]);
    }
}

static void
test_adaptive_depth (void)
{
  LhBoard boards[12];
  LhGeometry geometries[12];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;

  lh_solver_params_init_default (&params);
  params.adaptive = TRUE;
  params.min_depth = 2;
  params.depth = 3;
  solver = lh_solver_new (&params, NULL);
  g_assert_nonnull (solver);
  for (guint i = 0; i < n; i++)
    {
      LhSolverResult result;
      guint distinct = lh_board_count_distinct (boards[i]);
      guint expected = MIN (MAX (2, distinct > 1 ? distinct - 1 : 1), 3);

      search_ok (solver, boards[i], geometries[i], &result);
      g_assert_cmpuint (result.depth, ==, expected);
    }
}

static void
test_pre_cancelled (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (LhSolver) solver = make_solver (3, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
  g_autoptr (GError) error = NULL;
  LhSolverResult result;
  LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 5, 20, 0xabcdef);

  g_cancellable_cancel (cancellable);
  g_assert_false (lh_solver_search (solver, b, LH_GEOMETRY_DEFAULT, cancellable, NULL, NULL,
                                    &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* Also with iterative deepening. */
  {
    LhSolverParams params;
    g_autoptr (LhSolver) deepening = NULL;

    lh_solver_params_init_default (&params);
    params.time_budget_ms = 1000;
    deepening = lh_solver_new (&params, NULL);
    g_assert_false (lh_solver_search (deepening, b, LH_GEOMETRY_DEFAULT, cancellable, NULL, NULL,
                                      &result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
}

static gpointer
cancel_soon (gpointer data)
{
  g_usleep (20 * 1000);
  g_cancellable_cancel (G_CANCELLABLE (data));
  return NULL;
}

static void
test_cancel_from_thread (void)
{
  /* Depth 8 without a probability cutoff on a board with many empty cells
   * would take hours; it must come back once cancelled. */
  LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 12, 10, 0xabcdef);

  g_assert_cmpuint (lh_board_count_empty (b, LH_GEOMETRY_DEFAULT), >=, 6);
  for (guint k = 0; k < 2; k++)
    {
      LhSolverParams params;
      g_autoptr (LhSolver) solver = NULL;
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      LhSolverResult result;
      GThread *thread;
      gboolean ok;

      lh_solver_params_init_default (&params);
      params.depth = 8;
      params.probability_cutoff = 0;
      /* k == 1: iterative deepening with a budget far beyond the test. */
      params.time_budget_ms = k == 1 ? 600000 : 0;
      solver = lh_solver_new (&params, NULL);
      g_assert_nonnull (solver);

      thread = g_thread_new ("canceller", cancel_soon, cancellable);
      ok = lh_solver_search (solver, b, LH_GEOMETRY_DEFAULT, cancellable, NULL, NULL, &result,
                             &error);
      g_thread_join (thread);

      if (ok)
        {
          /* Only iterative deepening has a completed iteration to return. */
          g_assert_cmpuint (k, ==, 1);
          g_assert_no_error (error);
          g_assert_true (result.cancelled);
          g_assert_cmpuint (result.depth, >=, 1);
          g_assert_cmpuint (result.depth, <, 8);
          g_assert_cmpint (result.move, >=, 0);
          g_assert_true (result.legal[result.move]);
        }
      else
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

typedef struct {
  guint n_calls;
  guint last_depth;
  gboolean increasing;
} Progress;

static void
on_progress (const LhSolverResult *partial, gpointer user_data)
{
  Progress *p = user_data;

  p->increasing &= partial->depth == p->last_depth + 1;
  p->last_depth = partial->depth;
  p->n_calls++;
  g_assert_cmpint (partial->move, >=, 0);
  g_assert_true (partial->legal[partial->move]);
}

static void
test_time_budget (void)
{
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 77, 60, 0xabcdef);
  LhSolverResult result;
  Progress progress = { 0, 0, TRUE };
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (b, !=, 0);
  lh_solver_params_init_default (&params);
  params.depth = LH_MAX_DEPTH;
  params.time_budget_ms = 30;
  solver = lh_solver_new (&params, NULL);
  g_assert_nonnull (solver);
  g_assert_true (lh_solver_search (solver, b, LH_GEOMETRY_DEFAULT, NULL, on_progress, &progress,
                                   &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.depth, >=, 1);
  g_assert_cmpuint (result.depth, <=, LH_MAX_DEPTH);
  g_assert_cmpint (result.move, >=, 0);
  g_assert_true (result.legal[result.move]);
  g_assert_false (result.cancelled);
  /* Progress after each completed depth, 1, 2, ...; the decision is the last. */
  g_assert_true (progress.increasing);
  g_assert_cmpuint (progress.n_calls, >=, 1);
  g_assert_cmpuint (progress.last_depth, ==, result.depth);

  /* Without a budget: one iteration at the full depth, one progress call. */
  {
    g_autoptr (LhSolver) fixed = make_solver (2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
    Progress p2 = { 0, 1, TRUE };
    g_assert_true (lh_solver_search (fixed, b, LH_GEOMETRY_DEFAULT, NULL, on_progress, &p2,
                                     &result, NULL));
    g_assert_cmpuint (p2.n_calls, ==, 1);
    g_assert_cmpuint (p2.last_depth, ==, 2);
    g_assert_cmpuint (result.depth, ==, 2);
  }
}

/* Walks the record and checks every node against its children. */
static void
check_tree (const LhSearchTree *tree, LhGeometry g, double game_over)
{
  guint n = lh_search_tree_get_n_nodes (tree);
  gboolean complete = !lh_search_tree_is_full (tree);

  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      guint n_children = 0;
      double best = -INFINITY, expectation = 0, probability = 0;

      g_assert_cmpuint (node->board & ~lh_geometry_cell_mask (g), ==, 0);
      if (i > 0)
        {
          const LhSearchNode *parent;
          g_assert_cmpuint (node->parent, <, i);
          parent = lh_search_tree_get_node (tree, node->parent);
          if (parent->kind == LH_SEARCH_NODE_PLAYER)
            {
              /* Under a player node: an afterstate reached by a legal move. */
              g_assert_true (node->kind == LH_SEARCH_NODE_CHANCE || node->kind == LH_SEARCH_NODE_LEAF);
              g_assert_cmpint (node->move, >=, 0);
              g_assert_cmpint (node->move, <, LH_N_MOVES);
              g_assert_cmpuint (node->board, ==, lh_board_move (parent->board, g, node->move, NULL));
              g_assert_cmpuint (node->board, !=, parent->board);
              g_assert_cmpfloat (node->probability, ==, 1.0f);
              g_assert_cmpuint (node->ply, ==, parent->ply + 1u);
            }
          else
            {
              /* Under a chance node: one spawned 2 or 4 in an empty cell. */
              LhBoard added = node->board ^ parent->board;
              g_assert_cmpint (parent->kind, ==, LH_SEARCH_NODE_CHANCE);
              g_assert_cmpint (node->kind, ==, LH_SEARCH_NODE_PLAYER);
              g_assert_cmpuint (node->spawn_cell, <, 16);
              g_assert_true (node->spawn_exponent == 1 || node->spawn_exponent == 2);
              g_assert_cmpuint (added, ==, (LhBoard) node->spawn_exponent << (4 * node->spawn_cell));
              g_assert_cmpuint (lh_board_get_cell (parent->board, node->spawn_cell / 4,
                                                   node->spawn_cell % 4), ==, 0);
              g_assert_cmpuint (node->ply, ==, parent->ply);
            }
        }
      else
        {
          g_assert_cmpuint (node->parent, ==, LH_SEARCH_NODE_NONE);
          g_assert_cmpint (node->kind, ==, LH_SEARCH_NODE_PLAYER);
          g_assert_cmpuint (node->ply, ==, 0);
        }

      for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        {
          const LhSearchNode *child = lh_search_tree_get_node (tree, c);
          g_assert_cmpuint (c, >, i);
          g_assert_cmpuint (child->parent, ==, i);
          n_children++;
          best = MAX (best, child->value);
          expectation += (double) child->probability * child->value;
          probability += child->probability;
        }

      /* Whole sibling groups: a node has all its children or none; none
       * means a leaf, a position without a legal move, or a node whose
       * children the budget dropped (TRUNCATED) or whose value came from
       * the transposition table (CACHED). */
      if (n_children == 0 && (node->flags & (LH_SEARCH_NODE_FLAG_TRUNCATED | LH_SEARCH_NODE_FLAG_CACHED)))
        {
          g_assert_false (complete && (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED));
          continue;
        }
      switch (node->kind)
        {
        case LH_SEARCH_NODE_PLAYER:
          g_assert_cmpuint (n_children, ==,
                            (guint) __builtin_popcount (lh_board_legal_moves (node->board, g)));
          if (n_children == 0)
            g_assert_cmpfloat (node->value, ==, (float) game_over);
          else
            g_assert_cmpfloat (node->value, ==, (float) best);
          break;
        case LH_SEARCH_NODE_CHANCE:
          /* Every empty cell, twice (a 2 and a 4); probabilities add up to 1. */
          g_assert_cmpuint (n_children, ==, 2 * lh_board_count_empty (node->board, g));
          g_assert_cmpfloat (fabs (probability - 1.0), <, 1e-5);
          g_assert_true (close_relative (node->value, expectation, 1e-5));
          break;
        case LH_SEARCH_NODE_LEAF:
          g_assert_cmpuint (n_children, ==, 0);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

static void
test_search_tree (void)
{
  LhBoard boards[12];
  LhGeometry geometries[12];
  guint n = collect_boards (boards, geometries, G_N_ELEMENTS (boards));
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (LH_SEARCH_TREE_MAX_NODES);

  for (guint depth = 1; depth <= 3; depth++)
    for (guint i = 0; i < n; i++)
      {
        LhGeometry g = geometries[i];
        g_autoptr (LhSolver) solver = make_solver (depth, 0, FALSE, tree);
        g_autoptr (LhHeuristic) h = lh_heuristic_new (&lh_solver_get_params (solver)->heuristic, g);
        const LhSearchNode *root;
        LhSolverResult result;
        guint n_root_children = 0;

        search_ok (solver, boards[i], g, &result);
        g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), <=, LH_SEARCH_TREE_MAX_NODES);
        g_assert_false (lh_search_tree_is_full (tree));

        /* The root is node 0; its children are the legal moves, in order,
         * valued as in the result. */
        root = lh_search_tree_get_node (tree, 0);
        g_assert_cmpuint (root->board, ==, boards[i]);
        for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
             c = lh_search_tree_get_node (tree, c)->next_sibling)
          {
            const LhSearchNode *child = lh_search_tree_get_node (tree, c);
            g_assert_true (result.legal[child->move]);
            g_assert_cmpfloat (child->value, ==, (float) result.values[child->move]);
            g_assert_cmpint (child->kind, ==, depth == 1 ? LH_SEARCH_NODE_LEAF : LH_SEARCH_NODE_CHANCE);
            n_root_children++;
          }
        for (guint m = 0; m < LH_N_MOVES; m++)
          n_root_children -= result.legal[m] ? 1 : 0;
        g_assert_cmpuint (n_root_children, ==, 0);
        g_assert_cmpfloat (root->value, ==, (float) result.values[result.move]);

        check_tree (tree, g, lh_heuristic_game_over_value (h));
      }

  /* With the transposition table the root still matches the result. */
  {
    g_autoptr (LhSolver) solver = make_solver (3, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, tree);
    LhSolverResult result;
    const LhSearchNode *root;

    search_ok (solver, boards[0], geometries[0], &result);
    root = lh_search_tree_get_node (tree, 0);
    for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
         c = lh_search_tree_get_node (tree, c)->next_sibling)
      g_assert_cmpfloat (lh_search_tree_get_node (tree, c)->value, ==,
                         (float) result.values[lh_search_tree_get_node (tree, c)->move]);
  }
}

/* Cancels the search once depth 3 of iterative deepening has completed. */
static void
cancel_after_depth_three (const LhSolverResult *partial, gpointer user_data)
{
  if (partial->depth >= 3)
    g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
test_search_tree_deepening_interrupted (void)
{
  /* Iterative deepening towards depth 8 without cutoff, cancelled as soon as
   * depth 3 completes: depth 4 is interrupted (it takes far more than the
   * 8192 nodes between two looks at the cancellable), so the result is depth
   * 3 and the record must hold depth 3's tree, not the partial depth 4. */
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = lh_test_mid_game_board (g, 7, 40, 0xabcdef);
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (LH_SEARCH_TREE_MAX_NODES);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverResult result;
  const LhSearchNode *root;
  guint max_ply = 0;

  g_assert_cmpuint (board, !=, 0);
  lh_solver_params_init_default (&params);
  params.depth = 8;
  params.probability_cutoff = 0;
  params.time_budget_ms = 600000;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);

  g_assert_true (lh_solver_search (solver, board, g, cancellable, cancel_after_depth_three,
                                   cancellable, &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.cancelled);
  g_assert_cmpuint (result.depth, ==, 3);

  root = lh_search_tree_get_node (tree, 0);
  g_assert_cmpuint (root->board, ==, board);
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    g_assert_cmpfloat (lh_search_tree_get_node (tree, c)->value, ==,
                       (float) result.values[lh_search_tree_get_node (tree, c)->move]);
  for (guint i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
    max_ply = MAX (max_ply, lh_search_tree_get_node (tree, i)->ply);
  g_assert_cmpuint (max_ply, ==, 3);
}

static void
test_search_tree_budget (void)
{
  LhBoard b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 3, 25, 0xabcdef);
  static const guint budgets[] = { 1, 2, 5, 100, 5000 };

  g_assert_cmpuint (b, !=, 0);
  for (guint k = 0; k < G_N_ELEMENTS (budgets); k++)
    {
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (budgets[k]);
      g_autoptr (LhSolver) solver = make_solver (3, 0, FALSE, tree);
      g_autoptr (LhSolver) unrecorded = make_solver (3, 0, FALSE, NULL);
      LhSolverResult result, plain;

      g_assert_cmpuint (lh_search_tree_get_max_nodes (tree), ==, budgets[k]);
      search_ok (solver, b, LH_GEOMETRY_DEFAULT, &result);
      /* The record never exceeds its budget, says when it ran out, and does
       * not change the search.  It keeps whole sibling groups, so it may
       * leave a little of the budget unused (at most one group, 32 nodes). */
      g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), <=, budgets[k]);
      g_assert_cmpuint (lh_search_tree_get_n_nodes (tree) + 32, >, budgets[k]);
      g_assert_true (lh_search_tree_is_full (tree));
      search_ok (unrecorded, b, LH_GEOMETRY_DEFAULT, &plain);
      g_assert_cmpint (result.move, ==, plain.move);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (plain.legal[m])
          g_assert_cmpfloat (result.values[m], ==, plain.values[m]);
      g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->parent, ==, LH_SEARCH_NODE_NONE);
      check_tree (tree, LH_GEOMETRY_DEFAULT, 0);

      /* The next search clears the record first. */
      {
        g_autoptr (LhSolver) shallow = make_solver (1, 0, FALSE, tree);
        guint n_legal = (guint) __builtin_popcount (lh_board_legal_moves (b, LH_GEOMETRY_DEFAULT));
        search_ok (shallow, b, LH_GEOMETRY_DEFAULT, &result);
        g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, budgets[k] < 1 + n_legal ? 1 : 1 + n_legal);
        g_assert_cmpint (lh_search_tree_is_full (tree), ==, budgets[k] < 1 + n_legal);
      }
    }
}

static void
assert_params_rejected (const LhSolverParams *params, const char *needle)
{
  g_autoptr (GError) error = NULL;
  LhSolver *solver = lh_solver_new (params, &error);

  g_assert_null (solver);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  if (strstr (error->message, needle) == NULL)
    g_error ("the message does not mention '%s': %s", needle, error->message);
  g_clear_error (&error);
  g_assert_false (lh_solver_params_validate (params, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
test_bad_params (void)
{
  LhSolverParams def, p;
  g_autoptr (GError) error = NULL;

  lh_solver_params_init_default (&def);
  g_assert_cmpint (def.kind, ==, LH_SOLVER_EXPECTIMAX);
  g_assert_cmpuint (def.depth, ==, 3);
  g_assert_cmpfloat (def.probability_cutoff, ==, LH_DEFAULT_PROBABILITY_CUTOFF);
  g_assert_true (def.use_transposition_table);
  g_assert_true (lh_solver_params_validate (&def, &error));
  g_assert_no_error (error);

  p = def; p.depth = 0; assert_params_rejected (&p, "depth");
  p = def; p.depth = LH_MAX_DEPTH + 1; assert_params_rejected (&p, "depth");
  p = def; p.depth = 13; assert_params_rejected (&p, "depth");
  p = def; p.probability_cutoff = 1.5; assert_params_rejected (&p, "cutoff");
  p = def; p.probability_cutoff = -0.1; assert_params_rejected (&p, "cutoff");
  p = def; p.probability_cutoff = NAN; assert_params_rejected (&p, "cutoff");
  p = def; p.kind = LH_N_SOLVERS; assert_params_rejected (&p, "kind");
  p = def; p.heuristic.snake_base = 1.0; assert_params_rejected (&p, "snake_base");
  p = def; p.heuristic.empty_weight = NAN; assert_params_rejected (&p, "empty_weight");
  p = def; p.adaptive = TRUE; p.min_depth = 0; assert_params_rejected (&p, "depth");
  p = def; p.adaptive = TRUE; p.min_depth = 4; p.depth = 3; assert_params_rejected (&p, "depth");

  /* The edges are accepted. */
  p = def; p.depth = 1; g_assert_true (lh_solver_params_validate (&p, NULL));
  p = def; p.depth = LH_MAX_DEPTH; g_assert_true (lh_solver_params_validate (&p, NULL));
  p = def; p.probability_cutoff = 0; g_assert_true (lh_solver_params_validate (&p, NULL));

  /* lh_solver_get_params returns what the solver was made with. */
  {
    g_autoptr (LhSolver) solver = NULL;
    p = def;
    p.depth = 5;
    p.probability_cutoff = 1e-3;
    solver = lh_solver_new (&p, NULL);
    g_assert_cmpuint (lh_solver_get_params (solver)->depth, ==, 5);
    g_assert_cmpfloat (lh_solver_get_params (solver)->probability_cutoff, ==, 1e-3);
  }

  /* Solver kind names. */
  {
    LhSolverKind kind = LH_N_SOLVERS;
    g_assert_cmpstr (lh_solver_kind_to_string (LH_SOLVER_EXPECTIMAX), ==, "expectimax");
    g_assert_true (lh_solver_kind_from_string ("expectimax", &kind));
    g_assert_cmpint (kind, ==, LH_SOLVER_EXPECTIMAX);
    g_assert_false (lh_solver_kind_from_string ("minimax", &kind));
  }
}

static void
test_bad_search_input (void)
{
  g_autoptr (LhSolver) solver = make_solver (2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, NULL);
  g_autoptr (GError) error = NULL;
  LhSolverResult result;

  g_assert_false (lh_solver_search (solver, 0x21, (LhGeometry) { 5, 4 }, NULL, NULL, NULL,
                                    &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (lh_solver_search (solver, 0x21, (LhGeometry) { 1, 4 }, NULL, NULL, NULL,
                                    &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  /* A tile in column 4 of a 3x3 board. */
  g_assert_false (lh_solver_search (solver, 0x1021, (LhGeometry) { 3, 3 }, NULL, NULL, NULL,
                                    &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/expectimax/only-legal-move", test_only_legal_move);
  g_test_add_func ("/expectimax/no-legal-move", test_no_legal_move);
  g_test_add_func ("/expectimax/transposition-table-agrees", test_transposition_table_agrees);
  g_test_add_func ("/expectimax/depth-one-is-heuristic", test_depth_one_is_heuristic);
  g_test_add_func ("/expectimax/matches-reference", test_matches_reference);
  g_test_add_func ("/expectimax/solver-reuse-across-sizes", test_solver_reuse_across_sizes);
  g_test_add_func ("/expectimax/adaptive-depth", test_adaptive_depth);
  g_test_add_func ("/expectimax/pre-cancelled", test_pre_cancelled);
  g_test_add_func ("/expectimax/cancel-from-thread", test_cancel_from_thread);
  g_test_add_func ("/expectimax/time-budget", test_time_budget);
  g_test_add_func ("/expectimax/search-tree", test_search_tree);
  g_test_add_func ("/expectimax/search-tree-budget", test_search_tree_budget);
  g_test_add_func ("/expectimax/search-tree-deepening-interrupted",
                   test_search_tree_deepening_interrupted);
  g_test_add_func ("/expectimax/bad-params", test_bad_params);
  g_test_add_func ("/expectimax/bad-search-input", test_bad_search_input);
  /* Last, so that a failure here does not hide the others. */
  g_test_add_func ("/expectimax/transposition-table-exact", test_transposition_table_exact);

  return g_test_run ();
}
