/* test-monte-carlo-wide.c: playouts, pure Monte Carlo, MDP Monte Carlo,
 * MCTS and the hybrid on the wide board (lh-playout-wide.h,
 * lh_monte_carlo_search_wide(), lh_mdp_monte_carlo_search_wide(),
 * lh_mcts_search_wide(), lh_hybrid_search_wide()): from every board the
 * 64-bit board holds, the
 * same playouts as the 64-bit ones (the same results and the same random
 * numbers drawn), so the same values, for every policy and measure; on 5x5
 * and past 32768, legal moves. */
#include <glib.h>
#include <math.h>

#include "lh-hybrid.h"
#include "lh-mcts.h"
#include "lh-mdp-monte-carlo.h"
#include "lh-monte-carlo.h"
#include "lh-playout-wide.h"
#include "lh-solver-registry.h"
#include "lh-test-util.h"

static const LhMeasure measures[] = {
  LH_MEASURE_SCORE, LH_MEASURE_SUM, LH_MEASURE_BEST, LH_MEASURE_CORNER, LH_MEASURE_HEURISTIC,
};

/* A board of @geometry, each cell empty or a tile 2^1..2^@top. */
static LhWideBoard
random_board (LhGeometry geometry, LhRng *rng, guint top)
{
  LhWideBoard board = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      if (lh_rng_below (rng, 2) != 0)
        board = lh_wide_board_set_cell (board, r, c, 1 + lh_rng_below (rng, top));
  return board;
}

/* One playout from the same board and generator state: the same result,
 * the same moves tried, the generator left in the same state. */
static void
test_playout_same_as_narrow (void)
{
  static const LhGeometry geometries[] = { { 4, 4 }, { 3, 3 }, { 2, 4 } };
  LhHeuristicParams hp;
  guint compared = 0;

  lh_heuristic_params_init_default (&hp);
  for (guint g = 0; g < G_N_ELEMENTS (geometries); g++)
    {
      LhGeometry geometry = geometries[g];
      g_autoptr(LhHeuristic) heuristic = lh_heuristic_new (&hp, geometry);
      LhEvaluator evaluator;
      LhRng boards;

      lh_evaluator_init_heuristic (&evaluator, heuristic);
      lh_rng_init (&boards, 40 + g);
      for (guint k = 0; k < 30; k++)
        {
          LhWideBoard wide = random_board (geometry, &boards, 11);
          LhBoard narrow;

          g_assert_true (lh_wide_board_to_board (wide, geometry, &narrow));
          for (guint mi = 0; mi < G_N_ELEMENTS (measures); mi++)
            for (guint policy = 0; policy < 2; policy++)
              {
                LhPlayoutParams params = {
                  .policy = policy == 0 ? LH_PLAYOUT_RANDOM : LH_PLAYOUT_GREEDY,
                  .max_moves = k % 3 == 0 ? 0 : 40, .discount = 0.95, .measure = measures[mi],
                };
                LhRng a, b;
                guint64 moves_a = 0, moves_b = 0;
                double va, vb;

                lh_rng_init (&a, 1000 + k);
                b = a;
                va = lh_playout_run (&params, &evaluator, geometry, narrow, &a, &moves_a);
                vb = lh_playout_run_wide (&params, &evaluator, geometry, LH_RULES_2048_CAPPED, wide,
                                          &b, &moves_b);
                g_assert_cmpfloat (va, ==, vb);
                g_assert_cmpuint (moves_a, ==, moves_b);
                g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
                compared++;
              }
        }
    }
  g_assert_cmpuint (compared, ==, 3 * 30 * G_N_ELEMENTS (measures) * 2);
}

/* The wide searches of the sampling solvers (one signature). */
typedef gboolean (*WideSearch) (const LhSolverParams *, const LhSolverContext *, LhWideBoard,
                                LhGeometry, LhRules, GCancellable *, LhSolverProgressFunc,
                                gpointer, LhSolverResult *, GError **);

/* The 64-bit search of @wide (which the 64-bit board holds) by a solver of
 * @params, and @search_wide of it, give the same move, values, visits,
 * playouts and iterations, and record the same tree and trace.  Returns:
 * FALSE when @wide has no legal move. */
static gboolean
check_same_as_narrow (const LhSolverParams *params, WideSearch search_wide, LhWideBoard wide,
                      LhGeometry geometry)
{
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(LhHeuristic) heuristic = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSearchTree) narrow_tree = lh_search_tree_new (5000);
  g_autoptr(LhSearchTree) wide_tree = lh_search_tree_new (5000);
  g_autoptr(LhSearchTrace) narrow_trace = lh_search_trace_new (2000);
  g_autoptr(LhSearchTrace) wide_trace = lh_search_trace_new (2000);
  LhSolverParams recorded = *params;
  LhSolverContext context = { 0 };
  LhEvaluator evaluator;
  LhBoard narrow;
  LhSolverResult a, b;

  g_assert_true (lh_wide_board_to_board (wide, geometry, &narrow));
  if (lh_board_legal_moves (narrow, geometry) == 0)
    return FALSE;
  recorded.tree = narrow_tree;
  recorded.trace = narrow_trace;
  solver = lh_solver_new (&recorded, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, narrow, geometry, NULL, NULL, NULL, &a, &error));
  g_assert_no_error (error);

  heuristic = lh_heuristic_new (&params->heuristic, geometry);
  lh_evaluator_init_heuristic (&evaluator, heuristic);
  context.evaluator = &evaluator;
  recorded.tree = wide_tree;
  recorded.trace = wide_trace;
  g_assert_true (search_wide (&recorded, &context, wide, geometry, LH_RULES_2048_CAPPED, NULL, NULL,
                              NULL, &b, &error));
  g_assert_no_error (error);
  /* The same record, node for node, and the same trace's last step. */
  g_assert_true (lh_search_tree_is_wide (wide_tree));
  g_assert_cmpuint (lh_search_tree_get_n_nodes (wide_tree), ==, lh_search_tree_get_n_nodes (narrow_tree));
  lh_test_assert_same_subtree (narrow_tree, 0, wide_tree, 0);
  g_assert_cmpuint (lh_search_trace_get_n_steps (wide_trace), ==,
                    lh_search_trace_get_n_steps (narrow_trace));
  {
    const LhSearchStep *sa = lh_search_trace_get_step (narrow_trace,
                                                       lh_search_trace_get_n_steps (narrow_trace) - 1);
    const LhSearchStep *sb = lh_search_trace_get_step (wide_trace,
                                                       lh_search_trace_get_n_steps (wide_trace) - 1);

    lh_test_assert_same_subtree (sa->tree, 0, sb->tree, 0);
    /* MCTS: the iteration's path, the same nodes. */
    g_assert_cmpuint (sa->path_length, ==, sb->path_length);
    for (guint i = 0; i < sa->path_length; i++)
      g_assert_cmpuint (sa->path[i], ==, sb->path[i]);
  }
  g_assert_cmpint (a.move, ==, b.move);
  g_assert_cmpuint (a.playouts, ==, b.playouts);
  g_assert_cmpuint (a.iterations, ==, b.iterations);
  g_assert_cmpuint (a.max_ply, ==, b.max_ply);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (a.legal[m], ==, b.legal[m]);
      if (!a.legal[m])
        continue;
      g_assert_cmpfloat (a.values[m], ==, b.values[m]);
      g_assert_cmpuint (a.visits[m], ==, b.visits[m]);
    }
  return TRUE;
}

/* Monte Carlo and MDP Monte Carlo: the wide search of a board the 64-bit
 * search holds gives its values, visits and move. */
static void
test_search_same_as_narrow (void)
{
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  LhRng boards;

  lh_rng_init (&boards, 7);
  for (guint k = 0; k < 24; k++)
    {
      gboolean mdp = k >= 12;
      LhSolverParams params;
      LhWideBoard wide = random_board (geometry, &boards, 10);

      lh_solver_params_init_default (&params);
      params.kind = mdp ? LH_SOLVER_MDP_MONTE_CARLO : LH_SOLVER_MONTE_CARLO;
      params.monte_carlo.playouts = 30;
      params.monte_carlo.playout.measure = measures[k % G_N_ELEMENTS (measures)];
      params.monte_carlo.playout.policy = k % 2 ? LH_PLAYOUT_GREEDY : LH_PLAYOUT_RANDOM;
      params.mdp.playout = params.monte_carlo.playout;
      params.mdp.playout.max_moves = 30;
      params.seed = 5 + k;
      params.threads = 1 + k % 2;
      check_same_as_narrow (&params, mdp ? lh_mdp_monte_carlo_search_wide : lh_monte_carlo_search_wide,
                            wide, geometry);
    }
}

/* MCTS: the wide tree of a board the 64-bit search holds samples the same
 * spawns and runs the same playouts, so the same values, visits and move;
 * threads 1 and 2 (root-parallel trees), both policies, every measure. */
static void
test_mcts_same_as_narrow (void)
{
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  LhRng boards;
  guint compared = 0;

  lh_rng_init (&boards, 27);
  for (guint k = 0; k < 16; k++)
    {
      LhSolverParams params;

      lh_solver_params_init_default (&params);
      params.kind = LH_SOLVER_MCTS;
      params.mcts.iterations = 300;
      params.mcts.playout.measure = measures[k % G_N_ELEMENTS (measures)];
      params.mcts.playout.policy = k % 2 ? LH_PLAYOUT_GREEDY : LH_PLAYOUT_RANDOM;
      params.mcts.playout.max_moves = 40;
      params.seed = 11 + k;
      params.threads = 1 + (k / 2) % 2;
      compared += check_same_as_narrow (&params, lh_mcts_search_wide,
                                        random_board (geometry, &boards, 10), geometry);
    }
  g_assert_cmpuint (compared, >, 10);
}

/* The hybrid: expectimax with playout leaves; the wide search of a board
 * the 64-bit search holds meets its leaves in the same order, gives them
 * the same streams, so the same values (no tables: they change which
 * leaves are met). */
static void
test_hybrid_same_as_narrow (void)
{
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  LhRng boards;
  guint compared = 0;

  lh_rng_init (&boards, 17);
  for (guint k = 0; k < 10; k++)
    {
      LhSolverParams params;
      g_autoptr(LhSolver) solver = NULL;
      g_autoptr(LhHeuristic) heuristic = NULL;
      g_autoptr(GError) error = NULL;
      LhEvaluator evaluator;
      LhWideBoard wide = random_board (geometry, &boards, 9);
      LhBoard narrow;
      LhSolverResult a, b;

      g_assert_true (lh_wide_board_to_board (wide, geometry, &narrow));
      if (lh_board_legal_moves (narrow, geometry) == 0)
        continue;
      lh_solver_params_init_default (&params);
      params.kind = LH_SOLVER_HYBRID;
      params.depth = 1 + k % 2;
      params.use_transposition_table = FALSE;
      params.hybrid.empty_threshold = 16;
      params.hybrid.playouts = 3;
      params.seed = 9 + k;
      solver = lh_solver_new (&params, &error);
      g_assert_no_error (error);
      g_assert_true (lh_solver_search (solver, narrow, geometry, NULL, NULL, NULL, &a, &error));
      g_assert_no_error (error);

      heuristic = lh_heuristic_new (&params.heuristic, geometry);
      lh_evaluator_init_heuristic (&evaluator, heuristic);
      g_assert_true (lh_hybrid_search_wide (&params, &evaluator, wide, geometry,
                                            LH_RULES_2048_CAPPED, NULL, &b, &error));
      g_assert_no_error (error);
      g_assert_cmpint (a.move, ==, b.move);
      g_assert_cmpuint (a.playouts, ==, b.playouts);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (a.legal[m])
          g_assert_cmpfloat (a.values[m], ==, b.values[m]);
      compared++;
    }
  g_assert_cmpuint (compared, >, 5);
}

/* Through the solver: 5x5 and a 65536 on 4x4, legal moves chosen. */
static void
check_wide_boards (LhSolverKind kind)
{
  LhSolverParams params;
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(GError) error = NULL;
  LhGeometry five = { 5, 5 };
  g_autoptr(LhGame) game = lh_game_new (five, 3);

  lh_solver_params_init_default (&params);
  params.kind = kind;
  params.monte_carlo.playouts = 20;
  params.mdp.playout.max_moves = 20;
  params.mcts.iterations = 200;
  params.mcts.playout.max_moves = 30;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 40 && !lh_game_is_over (game); i++)
    {
      LhSolverResult r;
      guint legal = lh_wide_board_legal_moves (lh_game_get_wide_board (game), five);

      g_assert_true (lh_solver_search_wide (solver, lh_game_get_wide_board (game), five,
                                            LH_RULES_2048, NULL, NULL, NULL, &r, &error));
      g_assert_no_error (error);
      g_assert_true (legal & (1u << r.move));
      if (kind == LH_SOLVER_MONTE_CARLO)
        g_assert_cmpuint (r.playouts, ==, 20u * (guint) __builtin_popcount (legal));
      else if (kind == LH_SOLVER_MDP_MONTE_CARLO)
        g_assert_cmpuint (r.playouts, >=, 2u * (guint) __builtin_popcount (legal));
      else if (kind == LH_SOLVER_MCTS)
        {
          guint64 visits = 0;

          g_assert_cmpuint (r.iterations, ==, 200);
          for (guint m = 0; m < LH_N_MOVES; m++)
            visits += r.visits[m];
          g_assert_cmpuint (visits, ==, 200);
        }
      g_assert_true (lh_game_move (game, (LhMove) r.move, NULL, NULL));
    }

  {
    LhWideBoard past = lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 16), 3, 3, 1);
    LhSolverResult r;

    g_assert_true (lh_solver_search_wide (solver, past, LH_GEOMETRY_DEFAULT, LH_RULES_2048, NULL,
                                          NULL, NULL, &r, &error));
    g_assert_no_error (error);
    g_assert_cmpint (r.move, >=, 0);
    g_assert_true (isfinite (r.values[r.move]));
  }
}

static void
test_wide_boards (void)
{
  check_wide_boards (LH_SOLVER_MONTE_CARLO);
  check_wide_boards (LH_SOLVER_MDP_MONTE_CARLO);
  check_wide_boards (LH_SOLVER_HYBRID);
  check_wide_boards (LH_SOLVER_MCTS);
}

/* MCTS records its tree on 5x5: a wide record whose root's children carry
 * the result's visits, its spawns on the board (on boards both hold,
 * check_same_as_narrow() compares the records node for node). */
static void
test_mcts_tree (void)
{
  LhRng boards;

  lh_rng_init (&boards, 41);
  /* 5x5, through the solver. */
  {
    LhGeometry five = { 5, 5 };
    g_autoptr(LhSearchTree) tree = lh_search_tree_new (20000);
    g_autoptr(LhSolver) solver = NULL;
    g_autoptr(GError) error = NULL;
    LhWideBoard board = random_board (five, &boards, 17);
    LhSolverParams params;
    LhSolverResult result;
    const LhSearchNode *root;
    guint64 visits = 0;

    lh_solver_params_init_default (&params);
    params.kind = LH_SOLVER_MCTS;
    params.mcts.iterations = 300;
    params.tree = tree;
    solver = lh_solver_new (&params, &error);
    g_assert_true (lh_solver_search_wide (solver, board, five, LH_RULES_2048, NULL, NULL, NULL,
                                          &result, &error));
    g_assert_no_error (error);
    g_assert_true (lh_search_tree_is_wide (tree));
    root = lh_search_tree_get_node (tree, 0);
    lh_assert_cmpwide (lh_search_tree_get_wide_board (tree, root), board);
    for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
         c = lh_search_tree_get_node (tree, c)->next_sibling)
      {
        const LhSearchNode *child = lh_search_tree_get_node (tree, c);

        g_assert_cmpuint (child->visits, ==, result.visits[child->move]);
        visits += child->visits;
      }
    g_assert_cmpuint (visits, ==, 300);
    for (guint i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
      {
        const LhSearchNode *node = lh_search_tree_get_node (tree, i);
        guint row, col;

        if (lh_search_tree_get_spawn (tree, node, &row, &col))
          lh_assert_cmpwide (lh_search_tree_get_wide_board (tree, node),
                             lh_wide_board_set_cell (lh_search_tree_get_wide_board (
                                                       tree, lh_search_tree_get_node (tree, node->parent)),
                                                     row, col, node->spawn_exponent));
      }
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/monte-carlo-wide/playout-same-as-narrow", test_playout_same_as_narrow);
  g_test_add_func ("/monte-carlo-wide/search-same-as-narrow", test_search_same_as_narrow);
  g_test_add_func ("/monte-carlo-wide/mcts-same-as-narrow", test_mcts_same_as_narrow);
  g_test_add_func ("/monte-carlo-wide/mcts-tree", test_mcts_tree);
  g_test_add_func ("/monte-carlo-wide/hybrid-same-as-narrow", test_hybrid_same_as_narrow);
  g_test_add_func ("/monte-carlo-wide/wide-boards", test_wide_boards);

  return g_test_run ();
}
