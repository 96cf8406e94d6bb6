/* test-monte-carlo.c: the sampling solvers of issue 4 other than MCTS (pure
 * Monte Carlo, MDP Monte Carlo, hybrid) through lh_solver_search(), and the
 * playouts and measures they share (lh-playout.h): forced moves,
 * reproducibility across seeds and thread counts, cancellation, time
 * budgets, 002's playout counts, the measures' formulas, the records and
 * parameter validation. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-heuristic.h"
#include "lh-hybrid.h"
#include "lh-mdp-monte-carlo.h"
#include "lh-monte-carlo.h"
#include "lh-playout.h"
#include "lh-rng.h"
#include "lh-search-trace.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static const LhSolverKind sampling_kinds[] = {
  LH_SOLVER_MONTE_CARLO, LH_SOLVER_MDP_MONTE_CARLO, LH_SOLVER_HYBRID,
};

/* Parameters small enough for a test: a few playouts per move. */
static void
small_params (LhSolverParams *params, LhSolverKind kind)
{
  lh_solver_params_init_default (params);
  params->kind = kind;
  params->depth = 2;
  params->monte_carlo.playouts = 24;
  params->mdp.theta[0] = 24;
  params->mdp.theta[1] = 12;
  params->mdp.theta[2] = 8;
  params->mdp.theta[3] = 4;
  params->mdp.theta5 = 2;
  params->hybrid.empty_threshold = 16;
  params->hybrid.playouts = 4;
}

static LhSolver *
make_solver (const LhSolverParams *params)
{
  g_autoptr (GError) error = NULL;
  LhSolver *solver = lh_solver_new (params, &error);

  g_assert_no_error (error);
  g_assert_nonnull (solver);
  return solver;
}

static void
search_ok (const LhSolverParams *params, LhBoard board, LhGeometry g, LhSolverResult *result)
{
  g_autoptr (LhSolver) solver = make_solver (params);
  g_autoptr (GError) error = NULL;

  memset (result, 0xa5, sizeof *result);
  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, result, &error));
  g_assert_no_error (error);
  g_assert_false (result->cancelled);
}

/* A board of @g with exactly one legal move, drawn deterministically. */
static LhBoard
board_with_one_move (LhGeometry g, int *move)
{
  LhRng rng;

  lh_rng_init (&rng, 7);
  for (guint tries = 0; tries < 1000000; tries++)
    {
      LhBoard board = lh_test_random_board (&rng, g);
      guint legal = lh_board_legal_moves (board, g);

      if (legal != 0 && (legal & (legal - 1)) == 0)
        {
          *move = __builtin_ctz (legal);
          return board;
        }
    }
  g_assert_not_reached ();
}

static void
test_only_legal_move (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    for (guint gi = 0; gi < LH_TEST_N_GEOMETRIES; gi += 4)
      {
        LhGeometry g = lh_test_geometries[gi];
        LhSolverParams params;
        LhSolverResult result;
        int move;
        LhBoard board = board_with_one_move (g, &move);

        small_params (&params, sampling_kinds[k]);
        search_ok (&params, board, g, &result);
        g_assert_cmpint (result.move, ==, move);
        for (guint m = 0; m < LH_N_MOVES; m++)
          g_assert_cmpint (result.legal[m], ==, (int) m == move);
        if (sampling_kinds[k] != LH_SOLVER_HYBRID)
          g_assert_cmpuint (result.visits[move], ==, result.playouts);
        g_assert_cmpuint (result.playouts, >, 0);
      }
}

static void
test_no_legal_move (void)
{
  /* 2 4 / 4 2: no move. */
  static const guint values[] = { 2, 4, 4, 2 };
  LhBoard board = lh_test_board_from_values (2, 2, values);

  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    {
      LhSolverParams params;
      LhSolverResult result;

      small_params (&params, sampling_kinds[k]);
      search_ok (&params, board, (LhGeometry) { 2, 2 }, &result);
      g_assert_cmpint (result.move, ==, LH_MOVE_NONE);
      for (guint m = 0; m < LH_N_MOVES; m++)
        g_assert_false (result.legal[m]);
      g_assert_cmpuint (result.playouts, ==, 0);
    }
}

static void
assert_same_result (const LhSolverResult *a, const LhSolverResult *b)
{
  g_assert_cmpint (a->move, ==, b->move);
  g_assert_cmpuint (a->playouts, ==, b->playouts);
  g_assert_cmpuint (a->nodes, ==, b->nodes);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (a->legal[m], ==, b->legal[m]);
      if (!a->legal[m])
        continue;
      g_assert_cmpfloat (a->values[m], ==, b->values[m]);
      g_assert_cmpuint (a->visits[m], ==, b->visits[m]);
    }
}

static void
test_reproducible_and_threads (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;

  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        LhBoard board = lh_test_mid_game_board (g, seed, 60, 11);
        LhSolverParams params;
        LhSolverResult one, again, two, other_seed;
        gboolean differs = FALSE;

        if (board == 0)
          continue;
        small_params (&params, sampling_kinds[k]);
        /* Greedy playouts for the pure Monte Carlo, to cover that policy too. */
        if (seed == 2)
          params.monte_carlo.playout.policy = LH_PLAYOUT_GREEDY;
        params.seed = seed;
        search_ok (&params, board, g, &one);
        search_ok (&params, board, g, &again);
        assert_same_result (&one, &again);
        params.threads = 2;
        search_ok (&params, board, g, &two);
        assert_same_result (&one, &two);
        params.threads = 3;
        search_ok (&params, board, g, &two);
        assert_same_result (&one, &two);

        /* Another seed draws other playouts. */
        params.threads = 1;
        params.seed = seed + 1000;
        search_ok (&params, board, g, &other_seed);
        for (guint m = 0; m < LH_N_MOVES; m++)
          differs |= one.legal[m] && one.values[m] != other_seed.values[m];
        g_assert_true (differs);
      }
}

static void
test_pre_cancelled (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 5, 30, 3);

  g_cancellable_cancel (cancellable);
  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    {
      LhSolverParams params;
      g_autoptr (LhSolver) solver = NULL;
      g_autoptr (LhHeuristic) heuristic = NULL;
      g_autoptr (GError) error = NULL;
      LhSolverContext context = { 0 };
      LhEvaluator evaluator;
      LhSolverResult result;

      small_params (&params, sampling_kinds[k]);
      solver = make_solver (&params);
      g_assert_false (lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, cancellable, NULL,
                                        NULL, &result, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
      /* The solvers' own entry points check too. */
      heuristic = lh_heuristic_new (&params.heuristic, LH_GEOMETRY_DEFAULT);
      lh_evaluator_init_heuristic (&evaluator, heuristic);
      context.evaluator = &evaluator;
      if (sampling_kinds[k] == LH_SOLVER_MONTE_CARLO)
        g_assert_false (lh_monte_carlo_search (&params, &context, board, LH_GEOMETRY_DEFAULT,
                                               cancellable, NULL, NULL, &result, &error));
      else if (sampling_kinds[k] == LH_SOLVER_MDP_MONTE_CARLO)
        g_assert_false (lh_mdp_monte_carlo_search (&params, &context, board, LH_GEOMETRY_DEFAULT,
                                                   cancellable, NULL, NULL, &result, &error));
      else
        g_assert_false (lh_hybrid_search (&params, &context, board, LH_GEOMETRY_DEFAULT,
                                          cancellable, NULL, NULL, &result, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (20000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_cancel_from_thread (void)
{
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 9, 40, 5);

  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (LhSolver) solver = NULL;
      LhSolverParams params;
      LhSolverResult result;
      GThread *thread;
      gboolean ok;

      small_params (&params, sampling_kinds[k]);
      /* Far more work than 20 ms. */
      params.monte_carlo.playouts = 10000000;
      params.monte_carlo.playout.max_moves = 0;
      for (guint i = 0; i < 4; i++)
        params.mdp.theta[i] = 1000000;
      params.depth = 8;
      params.hybrid.playouts = 100000;
      params.threads = 2;
      solver = make_solver (&params);
      thread = g_thread_new ("canceller", cancel_later, cancellable);
      ok = lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, cancellable, NULL, NULL, &result,
                             &error);
      g_thread_join (thread);
      if (ok)
        {
          g_assert_true (result.cancelled);
          g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
        }
      else
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

static void
test_time_budget (void)
{
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 4, 40, 9);

  for (guint k = 0; k < 2; k++)
    {
      LhSolverParams params;
      LhSolverResult result;
      guint64 wanted = 0;

      small_params (&params, sampling_kinds[k]);
      params.time_budget_ms = 1;
      params.monte_carlo.playouts = 10000000;
      params.monte_carlo.playout.max_moves = 0;
      for (guint i = 0; i < 4; i++)
        params.mdp.theta[i] = 1000000;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
      g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (result.legal[m])
          {
            /* At least one playout per move (per outcome for MDP). */
            g_assert_cmpuint (result.visits[m], >=, 1);
            wanted += k == 0 ? 10000000u : 1000000u;
          }
      g_assert_cmpuint (result.playouts, <, wanted);
    }

  /* The hybrid keeps the deepest completed depth (depth 1 always completes). */
  {
    LhSolverParams params;
    LhSolverResult result;

    small_params (&params, LH_SOLVER_HYBRID);
    params.time_budget_ms = 1;
    params.depth = LH_MAX_DEPTH;
    params.hybrid.playouts = 1000;
    search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
    g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
    g_assert_cmpuint (result.depth, >=, 1);
    g_assert_cmpuint (result.depth, <, LH_MAX_DEPTH);
    g_assert_cmpuint (result.playouts, >, 0);
  }
}

static void
test_mdp_bucket_scaling (void)
{
  LhMdpParams mdp;

  lh_mdp_monte_carlo_params_init_default (&mdp);
  mdp.theta[0] = 500;
  mdp.theta[1] = 120;
  mdp.theta[2] = 40;
  mdp.theta[3] = 20;
  mdp.theta5 = 4;
  /* 002's example: theta1 = 500 gives 500, 250, 125 with 1, 2, 3 empty cells. */
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 1, 1), ==, 500);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 2, 1), ==, 250);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 3, 1), ==, 125);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 4, 1), ==, 120);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 5, 1), ==, 60);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 6, 1), ==, 30);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 7, 1), ==, 40);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 9, 1), ==, 10);
  /* theta4 flat for 10 to 15. */
  for (guint n = 10; n <= 15; n++)
    g_assert_cmpuint (lh_mdp_playouts_for (&mdp, n, 1), ==, 20);
  /* theta5: a 4 gets 4 times fewer, rounded, at least 1. */
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 1, 2), ==, 125);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 12, 2), ==, 5);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 9, 2), ==, 3);   /* 10 / 4 = 2.5 */
  mdp.theta[3] = 1;
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 12, 2), ==, 1);
  g_assert_cmpuint (lh_mdp_playouts_for (&mdp, 0, 1), ==, 0);
}

static void
test_measures (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhHeuristicParams hp;
  g_autoptr (LhHeuristic) heuristic = NULL;
  LhEvaluator evaluator;
  /* Best tile 64 in the top-left corner. */
  static const guint cornered[] = {
    64, 2, 0, 0,
    4, 0, 0, 0,
    0, 0, 8, 0,
    0, 0, 0, 16,
  };
  /* Best tile 128 in the middle; best corner tile 32. */
  static const guint middle[] = {
    2, 0, 0, 32,
    0, 128, 0, 0,
    0, 0, 4, 0,
    8, 0, 0, 0,
  };
  /* No move left on a 2x2. */
  static const guint dead[] = { 2, 4, 4, 2 };
  LhBoard a = lh_test_board_from_values (4, 4, cornered);
  LhBoard b = lh_test_board_from_values (4, 4, middle);

  lh_heuristic_params_init_default (&hp);
  heuristic = lh_heuristic_new (&hp, g);

  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_SUM, NULL, g, a), ==, 64 + 2 + 4 + 8 + 16);
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_BEST, NULL, g, a), ==, 64);
  /* MyMeasure: 10 x 64 + 100 + sum. */
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_CORNER, NULL, g, a), ==, 640 + 100 + 94);
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_SUM, NULL, g, b), ==, 174);
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_BEST, NULL, g, b), ==, 128);
  /* MyMeasure: 10 x (128 - 32) + sum. */
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_CORNER, NULL, g, b), ==, 960 + 174);
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_SCORE, NULL, g, b), ==, 0);
  lh_evaluator_init_heuristic (&evaluator, heuristic);
  g_assert_cmpfloat (lh_measure_board (LH_MEASURE_HEURISTIC, &evaluator, g, b), ==,
                     lh_heuristic_evaluate (heuristic, b));

  {
    LhGeometry g2 = { 2, 2 };
    g_autoptr (LhHeuristic) h2 = lh_heuristic_new (&hp, g2);
    LhBoard d = lh_test_board_from_values (2, 2, dead);
    LhEvaluator e2;

    lh_evaluator_init_heuristic (&e2, h2);
    g_assert_cmpfloat (lh_measure_board (LH_MEASURE_HEURISTIC, &e2, g2, d), ==,
                       lh_heuristic_game_over_value (h2));
    /* Every corner of a 2x2 board is a corner: 10 x 4 + 100 + 12. */
    g_assert_cmpfloat (lh_measure_board (LH_MEASURE_CORNER, NULL, g2, d), ==, 40 + 100 + 12);
  }
}

static void
test_playout (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhPlayoutParams pp = { LH_PLAYOUT_RANDOM, 1, 0.5, LH_MEASURE_SCORE };
  int move;
  LhBoard board = board_with_one_move (g, &move);
  guint32 points;
  guint64 moves = 0;
  LhRng rng, rng2;
  double v, w;

  /* One move allowed, only one legal: the points of that move. */
  lh_board_move (board, g, (LhMove) move, &points);
  lh_rng_init (&rng, 3);
  g_assert_cmpfloat (lh_playout_run (&pp, NULL, g, board, &rng, &moves), ==, points);
  g_assert_cmpuint (moves, ==, 4);

  /* Same stream, same playout; the discount weighs later moves less. */
  board = lh_test_mid_game_board (g, 2, 20, 1);
  pp.max_moves = 0;
  pp.discount = 1;
  lh_rng_init (&rng, 9);
  lh_rng_init (&rng2, 9);
  v = lh_playout_run (&pp, NULL, g, board, &rng, &moves);
  w = lh_playout_run (&pp, NULL, g, board, &rng2, &moves);
  g_assert_cmpfloat (v, ==, w);
  g_assert_cmpfloat (v, >, 0);
  pp.discount = 0.5;
  lh_rng_init (&rng, 9);
  g_assert_cmpfloat (lh_playout_run (&pp, NULL, g, board, &rng, &moves), <, v);

  /* A playout to the end stops on a dead board: BEST is at least the start's. */
  pp.measure = LH_MEASURE_BEST;
  lh_rng_init (&rng, 9);
  g_assert_cmpfloat (lh_playout_run (&pp, NULL, g, board, &rng, &moves), >=,
                     lh_tile_value (lh_board_max_exponent (board)));
}

static void
test_job_mean_top (void)
{
  LhPlayoutJob job;
  static const double results[] = { 5, 1, 9, NAN, 3 };

  lh_playout_job_init (&job, 0, FALSE, G_N_ELEMENTS (results), 0);
  memcpy (job.results, results, sizeof results);
  /* Not run: left out. */
  g_assert_cmpfloat (lh_playout_job_mean (&job, 1.0), ==, (5 + 1 + 9 + 3) / 4.0);
  /* The top half of 4: 9 and 5. */
  g_assert_cmpfloat (lh_playout_job_mean (&job, 0.5), ==, 7);
  /* ceil (0.3 x 4) = 2. */
  g_assert_cmpfloat (lh_playout_job_mean (&job, 0.3), ==, 7);
  g_assert_cmpfloat (lh_playout_job_mean (&job, 0.01), ==, 9);
  lh_playout_job_clear (&job);
}

/* The standard error behind a job's mean: the sample variance for the
 * plain mean, the winsorised one over p^2 for the top share. */
static void
test_job_estimate (void)
{
  LhPlayoutJob job;
  static const double results[] = { 4, 1, NAN, 3, 2, 6, 5 };
  double variance, mean;

  lh_playout_job_init (&job, 0, FALSE, G_N_ELEMENTS (results), 0);
  memcpy (job.results, results, sizeof results);
  /* 1..6: mean 3.5, sample variance 17.5 / 5. */
  mean = lh_playout_job_estimate (&job, 1.0, &variance);
  g_assert_cmpfloat_with_epsilon (mean, 3.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (variance, 3.5, 1e-12);
  /* Top half: 6 5 4, mean 5; winsorised 6 5 4 4 4 4 (mean 4.5, squared
   * deviations 3.5, variance 0.7), over (3/6)^2: 2.8. */
  mean = lh_playout_job_estimate (&job, 0.5, &variance);
  g_assert_cmpfloat (mean, ==, lh_playout_job_mean (&job, 0.5));
  g_assert_cmpfloat_with_epsilon (mean, 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (variance, 2.8, 1e-12);
  /* One playout: no variance. */
  for (guint i = 1; i < job.n; i++)
    job.results[i] = NAN;
  mean = lh_playout_job_estimate (&job, 1.0, &variance);
  g_assert_cmpfloat (mean, ==, 4);
  g_assert_true (isnan (variance));
  lh_playout_job_clear (&job);
}

/* Monte Carlo's standard errors equal the sample standard deviation of
 * the same playouts run by hand, over sqrt(n); NAN for illegal moves. */
static void
test_monte_carlo_std_error (void)
{
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 5, 40, 3);
  LhSolverParams params;
  LhSolverResult result;
  guint checked = 0;

  g_autoptr (LhSearchTrace) trace = lh_search_trace_new (100);
  LhSolverResult from_step;

  small_params (&params, LH_SOLVER_MONTE_CARLO);
  params.monte_carlo.playouts = 30;
  params.seed = 99;
  params.trace = trace;
  search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
  /* Scores count up from 0. */
  g_assert_cmpfloat (result.lost_value, ==, 0);
  /* The last step is the result, standard errors included. */
  lh_search_step_get_result (lh_search_trace_get_step (trace, lh_search_trace_get_n_steps (trace) - 1),
                             &from_step);
  g_assert_cmpint (from_step.move, ==, result.move);
  g_assert_true (memcmp (from_step.std_errors, result.std_errors, sizeof result.std_errors) == 0);
  g_assert_true (memcmp (from_step.values, result.values, sizeof result.values) == 0);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhPlayoutJob job;
      LhPlayoutStats stats = { 0 };
      guint32 points;
      LhBoard after = lh_board_move (board, LH_GEOMETRY_DEFAULT, (LhMove) m, &points);
      double sum = 0, squares = 0, mean;

      if (!result.legal[m])
        {
          g_assert_true (isnan (result.std_errors[m]));
          continue;
        }
      lh_playout_job_init (&job, after, TRUE, 30, m);
      job.base = points;
      job.scale = params.monte_carlo.playout.discount;
      lh_playout_jobs_run (&params.monte_carlo.playout, NULL, LH_GEOMETRY_DEFAULT, &job, 1, 0, 30,
                           params.seed, 1, NULL, 0, &stats);
      for (guint i = 0; i < 30; i++)
        sum += job.results[i];
      mean = sum / 30;
      for (guint i = 0; i < 30; i++)
        squares += (job.results[i] - mean) * (job.results[i] - mean);
      g_assert_cmpfloat_with_epsilon (result.values[m], mean, 1e-9 * fabs (mean) + 1e-9);
      g_assert_cmpfloat_with_epsilon (result.std_errors[m], sqrt (squares / 29 / 30),
                                      1e-9 * sqrt (squares) + 1e-12);
      g_assert_cmpfloat (result.std_errors[m], >, 0);
      lh_playout_job_clear (&job);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 2);
}

/* Four times the playouts halve the standard error (1 / sqrt(n)), within
 * the noise of the variance estimates. */
static void
test_std_error_shrinks (void)
{
  static const LhSolverKind kinds[] = { LH_SOLVER_MONTE_CARLO, LH_SOLVER_MDP_MONTE_CARLO };
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 8, 60, 4);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      LhSolverResult few, many;
      LhSolverParams params;
      guint compared = 0;

      small_params (&params, kinds[k]);
      params.monte_carlo.playouts = 150;
      params.mdp.theta[0] = params.mdp.theta[1] = params.mdp.theta[2] = params.mdp.theta[3] = 40;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &few);
      params.monte_carlo.playouts *= 4;
      for (guint i = 0; i < 4; i++)
        params.mdp.theta[i] *= 4;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &many);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          double ratio;

          if (!few.legal[m])
            continue;
          g_assert_cmpuint (many.visits[m], ==, 4 * few.visits[m]);
          ratio = few.std_errors[m] / many.std_errors[m];
          if (g_test_verbose ())
            g_printerr ("%s move %u: %g / %g = %g\n", lh_solver_kind_to_string (kinds[k]), m,
                        few.std_errors[m], many.std_errors[m], ratio);
          g_assert_cmpfloat (ratio, >, 1.6);
          g_assert_cmpfloat (ratio, <, 2.5);
          compared++;
        }
      g_assert_cmpuint (compared, >=, 2);
    }
}

/* Expectimax and the hybrid report no standard error. */
static void
test_no_std_error_without_sampling (void)
{
  static const LhSolverKind kinds[] = { LH_SOLVER_EXPECTIMAX, LH_SOLVER_HYBRID };
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 2, 40, 5);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      LhSolverParams params;
      LhSolverResult result;

      g_autoptr (LhHeuristic) heuristic = NULL;

      small_params (&params, kinds[k]);
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
      for (guint m = 0; m < LH_N_MOVES; m++)
        g_assert_true (isnan (result.std_errors[m]));
      /* Heuristic points: the bottom of the scale is a lost game. */
      heuristic = lh_heuristic_new (&params.heuristic, LH_GEOMETRY_DEFAULT);
      g_assert_cmpfloat (result.lost_value, ==, lh_heuristic_game_over_value (heuristic));
    }
}

/* MDP Monte Carlo with the immediate reward: value R + gamma V, so the
 * same playouts give gamma times the standard error; illegal moves none. */
static void
test_mdp_std_error_gamma (void)
{
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 3, 40, 6);
  LhSolverParams params;
  LhSolverResult plain, discounted;

  small_params (&params, LH_SOLVER_MDP_MONTE_CARLO);
  search_ok (&params, board, LH_GEOMETRY_DEFAULT, &plain);
  params.mdp.immediate_reward = TRUE;
  params.mdp.gamma = 0.5;
  search_ok (&params, board, LH_GEOMETRY_DEFAULT, &discounted);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (plain.legal[m])
      {
        g_assert_cmpfloat (plain.std_errors[m], >, 0);
        g_assert_cmpfloat_with_epsilon (discounted.std_errors[m], 0.5 * plain.std_errors[m],
                                        1e-12 * plain.std_errors[m]);
      }
    else
      g_assert_true (isnan (plain.std_errors[m]));
}

/* The MC record: root, one chance node per legal move with its value and
 * playouts; the trace's last step is the result. */
static void
test_monte_carlo_record (void)
{
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (1000);
  g_autoptr (LhSearchTrace) trace = lh_search_trace_new (1000);
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 3, 50, 2);
  LhSolverParams params;
  LhSolverResult result;
  const LhSearchNode *root;
  const LhSearchStep *last;
  guint n_legal = 0, seen = 0;

  small_params (&params, LH_SOLVER_MONTE_CARLO);
  params.tree = tree;
  params.trace = trace;
  search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
  for (guint m = 0; m < LH_N_MOVES; m++)
    n_legal += result.legal[m] ? 1 : 0;
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 1 + n_legal);
  root = lh_search_tree_get_node (tree, 0);
  g_assert_cmpuint (root->board, ==, board);
  g_assert_cmpuint (root->visits, ==, result.playouts);
  g_assert_cmpfloat (root->value, ==, (float) result.values[result.move]);
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      const LhSearchNode *child = lh_search_tree_get_node (tree, c);

      g_assert_cmpint (child->kind, ==, LH_SEARCH_NODE_CHANCE);
      g_assert_true (result.legal[child->move]);
      g_assert_cmpfloat (child->value, ==, (float) result.values[child->move]);
      g_assert_cmpuint (child->visits, ==, result.visits[child->move]);
      g_assert_cmpuint (result.visits[child->move], ==, 24);
      seen++;
    }
  g_assert_cmpuint (seen, ==, n_legal);
  g_assert_cmpint (lh_search_tree_get_chosen_move (tree), ==, result.move);

  g_assert_cmpuint (lh_search_trace_get_n_steps (trace), >, 1);
  last = lh_search_trace_get_step (trace, lh_search_trace_get_n_steps (trace) - 1);
  g_assert_cmpint (last->move, ==, result.move);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (result.legal[m])
      {
        g_assert_cmpfloat (last->values[m], ==, result.values[m]);
        g_assert_cmpuint (last->visits[m], ==, result.visits[m]);
      }
  /* The first step saw fewer playouts. */
  g_assert_cmpuint (lh_search_trace_get_step (trace, 0)->visits[result.move], <,
                    result.visits[result.move]);
}

/* The MDP record: each move's value is sum P(s'|s,a) V(s') over its
 * recorded outcomes (plus R and gamma with the immediate reward). */
static void
check_mdp_record (gboolean immediate_reward)
{
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (100000);
  LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, 8, 40, 4);
  LhSolverParams params;
  LhSolverResult result;
  const LhSearchNode *root;

  small_params (&params, LH_SOLVER_MDP_MONTE_CARLO);
  params.mdp.immediate_reward = immediate_reward;
  params.mdp.gamma = 0.5;
  params.mdp.theta6 = 0.5;
  params.tree = tree;
  search_ok (&params, board, LH_GEOMETRY_DEFAULT, &result);
  root = lh_search_tree_get_node (tree, 0);
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      const LhSearchNode *chance = lh_search_tree_get_node (tree, c);
      double sum = 0, mass = 0, expected;
      guint64 visits = 0;
      guint32 points;
      guint n_empty = lh_board_count_empty (chance->board, LH_GEOMETRY_DEFAULT);
      guint n_outcomes = 0;

      lh_board_move (board, LH_GEOMETRY_DEFAULT, (LhMove) chance->move, &points);
      for (guint32 o = chance->first_child; o != LH_SEARCH_NODE_NONE;
           o = lh_search_tree_get_node (tree, o)->next_sibling)
        {
          const LhSearchNode *outcome = lh_search_tree_get_node (tree, o);

          g_assert_cmpuint (outcome->visits, ==,
                            lh_mdp_playouts_for (&params.mdp, n_empty, outcome->spawn_exponent));
          sum += outcome->probability * (double) outcome->value;
          mass += outcome->probability;
          visits += outcome->visits;
          n_outcomes++;
        }
      g_assert_cmpuint (n_outcomes, ==, 2 * n_empty);
      g_assert_cmpfloat_with_epsilon (mass, 1.0, 1e-5);
      g_assert_cmpuint (visits, ==, result.visits[chance->move]);
      expected = immediate_reward ? points + 0.5 * sum : sum;
      g_assert_cmpfloat_with_epsilon (result.values[chance->move], expected,
                                      1e-5 * MAX (1, fabs (expected)));
    }
}

static void
test_mdp_record (void)
{
  check_mdp_record (FALSE);
  check_mdp_record (TRUE);
}

/* Hybrid with no playout leaf is expectimax; with playout leaves it runs
 * playouts. */
static void
test_hybrid_reuses_expectimax (void)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      LhBoard board = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, seed, 50, 6);
      LhSolverParams params;
      LhSolverResult hybrid, expectimax;

      if (board == 0)
        continue;
      small_params (&params, LH_SOLVER_HYBRID);
      params.hybrid.empty_threshold = 0;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &hybrid);
      params.kind = LH_SOLVER_EXPECTIMAX;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &expectimax);
      g_assert_cmpuint (hybrid.playouts, ==, 0);
      assert_same_result (&hybrid, &expectimax);

      params.kind = LH_SOLVER_HYBRID;
      params.hybrid.empty_threshold = 16;
      search_ok (&params, board, LH_GEOMETRY_DEFAULT, &hybrid);
      g_assert_cmpuint (hybrid.playouts, >, 0);
      g_assert_cmpuint (hybrid.nodes, >, expectimax.nodes);
    }
}

static void
expect_invalid (const LhSolverParams *params, const char *field)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (lh_solver_params_validate (params, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  if (strstr (error->message, field) == NULL)
    g_error ("message \"%s\" does not name \"%s\"", error->message, field);
}

static void
test_bad_params (void)
{
  LhSolverParams p;

  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    {
      small_params (&p, sampling_kinds[k]);
      g_assert_true (lh_solver_params_validate (&p, NULL));
    }

  small_params (&p, LH_SOLVER_MONTE_CARLO);
  p.monte_carlo.playouts = 0;
  expect_invalid (&p, "playouts");
  small_params (&p, LH_SOLVER_MONTE_CARLO);
  p.monte_carlo.playout.discount = 0;
  expect_invalid (&p, "discount");
  p.monte_carlo.playout.discount = 1.5;
  expect_invalid (&p, "discount");
  p.monte_carlo.playout.discount = NAN;
  expect_invalid (&p, "discount");
  small_params (&p, LH_SOLVER_MONTE_CARLO);
  p.monte_carlo.playout.policy = (LhPlayoutPolicy) 7;
  expect_invalid (&p, "policy");
  small_params (&p, LH_SOLVER_MONTE_CARLO);
  p.monte_carlo.playout.measure = LH_N_MEASURES;
  expect_invalid (&p, "measure");
  small_params (&p, LH_SOLVER_MONTE_CARLO);
  p.monte_carlo.playout.max_moves = 2000000;
  expect_invalid (&p, "max moves");

  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.theta[0] = 0;
  expect_invalid (&p, "theta1");
  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.theta[3] = 0;
  expect_invalid (&p, "theta4");
  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.theta5 = 0.5;
  expect_invalid (&p, "theta5");
  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.theta6 = 0;
  expect_invalid (&p, "theta6");
  p.mdp.theta6 = 1.01;
  expect_invalid (&p, "theta6");
  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.gamma = 0;
  expect_invalid (&p, "gamma");
  small_params (&p, LH_SOLVER_MDP_MONTE_CARLO);
  p.mdp.playout.discount = 2;
  expect_invalid (&p, "mdp-mc: playout discount");

  small_params (&p, LH_SOLVER_HYBRID);
  p.hybrid.empty_threshold = 17;
  expect_invalid (&p, "empty threshold");
  small_params (&p, LH_SOLVER_HYBRID);
  p.hybrid.playouts = 0;
  expect_invalid (&p, "playouts");
  small_params (&p, LH_SOLVER_HYBRID);
  p.hybrid.playout.measure = LH_MEASURE_SCORE;
  expect_invalid (&p, "measure");

  /* Only the chosen solver's parameters count. */
  small_params (&p, LH_SOLVER_EXPECTIMAX);
  p.mdp.theta6 = 0;
  p.monte_carlo.playouts = 0;
  g_assert_true (lh_solver_params_validate (&p, NULL));
}

static void
test_names (void)
{
  LhPlayoutPolicy policy;
  LhMeasure measure;

  for (guint p = 0; p < LH_N_PLAYOUT_POLICIES; p++)
    {
      g_assert_true (lh_playout_policy_from_string (lh_playout_policy_to_string (p), &policy));
      g_assert_cmpuint (policy, ==, p);
    }
  for (guint m = 0; m < LH_N_MEASURES; m++)
    {
      g_assert_true (lh_measure_from_string (lh_measure_to_string (m), &measure));
      g_assert_cmpuint (measure, ==, m);
    }
  g_assert_false (lh_playout_policy_from_string ("smart", &policy));
  g_assert_false (lh_measure_from_string ("", &measure));
}

static void
test_defaults (void)
{
  LhSolverParams p;

  lh_solver_params_init_default (&p);
  /* 000's Monte Carlo method. */
  g_assert_cmpuint (p.monte_carlo.playouts, ==, 200);
  g_assert_cmpuint (p.monte_carlo.playout.max_moves, ==, 100);
  g_assert_cmpfloat (p.monte_carlo.playout.discount, ==, 0.95);
  /* 002's example theta1. */
  g_assert_cmpuint (p.mdp.theta[0], ==, 500);
  g_assert_false (p.mdp.immediate_reward);
  g_assert_cmpint (p.hybrid.playout.measure, ==, LH_MEASURE_HEURISTIC);
  for (guint k = 0; k < G_N_ELEMENTS (sampling_kinds); k++)
    {
      p.kind = sampling_kinds[k];
      g_assert_true (lh_solver_params_validate (&p, NULL));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/monte-carlo/defaults", test_defaults);
  g_test_add_func ("/monte-carlo/names", test_names);
  g_test_add_func ("/monte-carlo/measures", test_measures);
  g_test_add_func ("/monte-carlo/playout", test_playout);
  g_test_add_func ("/monte-carlo/job-mean-top", test_job_mean_top);
  g_test_add_func ("/monte-carlo/job-estimate", test_job_estimate);
  g_test_add_func ("/monte-carlo/std-error-direct", test_monte_carlo_std_error);
  g_test_add_func ("/monte-carlo/std-error-shrinks", test_std_error_shrinks);
  g_test_add_func ("/monte-carlo/std-error-mdp", test_mdp_std_error_gamma);
  g_test_add_func ("/monte-carlo/no-std-error-without-sampling", test_no_std_error_without_sampling);
  g_test_add_func ("/monte-carlo/mdp-bucket-scaling", test_mdp_bucket_scaling);
  g_test_add_func ("/monte-carlo/only-legal-move", test_only_legal_move);
  g_test_add_func ("/monte-carlo/no-legal-move", test_no_legal_move);
  g_test_add_func ("/monte-carlo/reproducible-and-threads", test_reproducible_and_threads);
  g_test_add_func ("/monte-carlo/pre-cancelled", test_pre_cancelled);
  g_test_add_func ("/monte-carlo/cancel-from-thread", test_cancel_from_thread);
  g_test_add_func ("/monte-carlo/time-budget", test_time_budget);
  g_test_add_func ("/monte-carlo/record-and-trace", test_monte_carlo_record);
  g_test_add_func ("/monte-carlo/mdp-record", test_mdp_record);
  g_test_add_func ("/monte-carlo/hybrid-reuses-expectimax", test_hybrid_reuses_expectimax);
  g_test_add_func ("/monte-carlo/bad-params", test_bad_params);

  return g_test_run ();
}
