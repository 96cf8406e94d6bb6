/* test-expectimax-wide.c: expectimax on the wide board
 * (lh-expectimax-wide.h) and the solver's way to it
 * (lh_solver_search_wide()): on every board the 64-bit search holds, the
 * same values as that search; on 5x5 and past 32768, legal moves, the
 * original rules, cancellation, time budgets; a Bellman evaluation is
 * refused there; the search-tree record, the 64-bit search's own on the
 * boards both hold. */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-expectimax.h"
#include "lh-expectimax-wide.h"
#include "lh-game.h"
#include "lh-search-tree-json.h"
#include "lh-solver.h"
#include "lh-test-util.h"

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

/* A solver of @depth with the heuristic, the table on or off. */
static LhSolver *
new_solver (guint depth, gboolean table)
{
  return lh_test_expectimax_solver_new (depth, LH_DEFAULT_PROBABILITY_CUTOFF, table, 1, NULL);
}

/* On boards the 64-bit search holds, both searches give the same move and
 * the same values (without tables, whose replacement differs; with the
 * same leaves, to the bit). */
static void
test_same_as_narrow (void)
{
  static const LhGeometry geometries[] = { { 4, 4 }, { 3, 3 }, { 2, 4 }, { 4, 3 } };
  guint compared = 0;

  for (guint depth = 1; depth <= 3; depth++)
    {
      g_autoptr(LhSolver) solver = new_solver (depth, FALSE);

      for (guint g = 0; g < G_N_ELEMENTS (geometries); g++)
        {
          LhGeometry geometry = geometries[g];
          LhRng rng;
          g_autoptr(LhHeuristic) heuristic = lh_heuristic_new (&lh_solver_get_params (solver)->heuristic,
                                                              geometry);
          LhEvaluator evaluator;

          lh_evaluator_init_heuristic (&evaluator, heuristic);
          lh_rng_init (&rng, 77 + depth * 10 + g);
          for (guint k = 0; k < (depth == 3 ? 6u : 25u); k++)
            {
              LhWideBoard wide = random_board (geometry, &rng, depth == 3 ? 9 : 12);
              LhBoard narrow;
              LhSolverResult a, b;
              g_autoptr(GError) error = NULL;

              g_assert_true (lh_wide_board_to_board (wide, geometry, &narrow));
              if (lh_board_legal_moves (narrow, geometry) == 0)
                continue;
              g_assert_true (lh_solver_search (solver, narrow, geometry, NULL, NULL, NULL, &a, &error));
              g_assert_no_error (error);
              g_assert_true (lh_expectimax_wide_search (lh_solver_get_params (solver), &evaluator, wide,
                                                        geometry, LH_RULES_2048_CAPPED, NULL, NULL,
                                                        NULL, NULL, NULL, &b, &error));
              g_assert_no_error (error);
              g_assert_cmpint (a.move, ==, b.move);
              g_assert_cmpuint (b.depth, ==, depth);
              for (guint m = 0; m < LH_N_MOVES; m++)
                {
                  g_assert_cmpint (a.legal[m], ==, b.legal[m]);
                  if (a.legal[m])
                    g_assert_cmpfloat (a.values[m], ==, b.values[m]);
                }
              compared++;
            }
        }
    }
  g_assert_cmpuint (compared, >, 150);
}

/* The adaptive depth counts distinct tiles as the 64-bit rule does. */
static void
test_adaptive_depth (void)
{
  LhSolverParams params;
  LhRng rng;

  lh_solver_params_init_default (&params);
  params.adaptive = TRUE;
  params.min_depth = 2;
  params.depth = 8;
  lh_rng_init (&rng, 5);
  for (guint k = 0; k < 500; k++)
    {
      LhWideBoard wide = random_board (LH_GEOMETRY_DEFAULT, &rng, 14);
      LhBoard narrow;

      g_assert_true (lh_wide_board_to_board (wide, LH_GEOMETRY_DEFAULT, &narrow));
      g_assert_cmpuint (lh_expectimax_wide_choose_depth (&params, wide), ==,
                        lh_expectimax_choose_depth (&params, narrow));
    }
  /* Past 32768 and on 5x5, distinct tiles up to 2^31 count. */
  {
    LhWideBoard board = 0;

    for (guint c = 0; c < 5; c++)
      board = lh_wide_board_set_cell (board, 0, c, 16 + c);
    g_assert_cmpuint (lh_expectimax_wide_choose_depth (&params, board), ==, 4);
  }
}

/* Two 32768s side by side: by the original rules, the search sees the
 * merge (the 65536 and its points); the solver's wide path takes it. */
static void
test_original_rules (void)
{
  g_autoptr(LhSolver) solver = new_solver (2, TRUE);
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  /* 32768 32768 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2: only left and right
   * move, by merging the pair. */
  LhWideBoard board = 0;
  static const guint cells[4][4] = { { 15, 15, 1, 2 }, { 2, 1, 2, 1 }, { 1, 2, 1, 2 }, { 2, 1, 2, 1 } };
  LhSolverResult result;
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 4; c++)
      board = lh_wide_board_set_cell (board, r, c, cells[r][c]);
  g_assert_false (lh_rules_narrow_holds (LH_RULES_2048, board, geometry, NULL));
  g_assert_true (lh_solver_search_wide (solver, board, geometry, LH_RULES_2048, NULL, NULL, NULL,
                                        &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.legal[LH_MOVE_LEFT] && result.legal[LH_MOVE_RIGHT]);
  g_assert_false (result.legal[LH_MOVE_UP] || result.legal[LH_MOVE_DOWN]);
  g_assert_true (result.move == LH_MOVE_LEFT || result.move == LH_MOVE_RIGHT);
  g_assert_cmpuint (result.depth, ==, 2);
  g_assert_cmpuint (result.nodes, >, 8);

  /* By the capped rules the same board is lost: the 64-bit search says so. */
  g_assert_true (lh_solver_search_wide (solver, board, geometry, LH_RULES_2048_CAPPED, NULL, NULL,
                                        NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.move, ==, LH_MOVE_NONE);
}

/* 5x5: games of a few hundred moves at depth 2, every move legal; a
 * cancelled search says so; a Bellman evaluation is refused. */
static void
test_5x5 (void)
{
  LhGeometry geometry = { 5, 5 };
  g_autoptr(LhSolver) solver = new_solver (2, TRUE);
  g_autoptr(LhGame) game = lh_game_new (geometry, 12);
  guint moves = 0;

  while (!lh_game_is_over (game) && moves < 300)
    {
      LhSolverResult result;
      g_autoptr(GError) error = NULL;
      guint legal = lh_wide_board_legal_moves (lh_game_get_wide_board (game), geometry);

      g_assert_true (lh_solver_search_wide (solver, lh_game_get_wide_board (game), geometry,
                                            LH_RULES_2048, NULL, NULL, NULL, &result, &error));
      g_assert_no_error (error);
      g_assert_cmpint (result.move, >=, 0);
      g_assert_true (legal & (1u << result.move));
      for (guint m = 0; m < LH_N_MOVES; m++)
        g_assert_cmpint (result.legal[m], ==, (legal >> m) & 1);
      g_assert_true (lh_game_move (game, (LhMove) result.move, NULL, NULL));
      moves++;
    }
  g_assert_cmpuint (moves, ==, 300);

  {
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(LhSolver) deep = new_solver (4, TRUE);
    g_autoptr(GError) error = NULL;
    LhSolverResult result;

    g_cancellable_cancel (cancellable);
    g_assert_false (lh_solver_search_wide (deep, lh_game_get_wide_board (game), geometry,
                                           LH_RULES_2048, cancellable, NULL, NULL, &result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }

  {
    LhSolverParams params;
    g_autoptr(LhSolver) bellman = NULL;
    g_autoptr(GError) error = NULL;
    LhSolverResult result;

    lh_solver_params_init_default (&params);
    params.kind = LH_SOLVER_EXPECTIMAX;
    params.expectimax.evaluation = LH_EVALUATION_BELLMAN;
    bellman = lh_solver_new (&params, &error);
    g_assert_no_error (error);
    g_assert_false (lh_solver_search_wide (bellman, lh_game_get_wide_board (game), geometry,
                                           LH_RULES_2048, NULL, NULL, NULL, &result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "Bellman"));
  }
}

static void
count_depths_cb (const LhSolverResult *partial, gpointer user_data)
{
  GArray *depths = user_data;

  g_array_append_val (depths, partial->depth);
}

/* A solver of @depth with a time budget of @budget_ms, no table. */
static LhSolver *
new_budget_solver (guint depth, guint budget_ms)
{
  LhSolverParams params;
  g_autoptr(GError) error = NULL;
  LhSolver *solver;

  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXPECTIMAX;
  params.depth = depth;
  params.adaptive = FALSE;
  params.use_transposition_table = FALSE;
  params.threads = 1;
  params.time_budget_ms = budget_ms;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  return solver;
}

/* A time budget on 5x5: iterative deepening, as the 64-bit search does.
 * A budget that is never reached ends at the set depth with the values of
 * the search without a budget, after one progress report per depth; a
 * budget far too short still decides, at a shallower depth. */
static void
test_time_budget (void)
{
  LhGeometry geometry = { 5, 5 };
  g_autoptr(LhGame) game = lh_game_new (geometry, 7);
  g_autoptr(LhSolver) quick = new_solver (1, FALSE);
  g_autoptr(LhSolver) plain = new_budget_solver (3, 0);
  g_autoptr(LhSolver) roomy = new_budget_solver (3, 600000);
  g_autoptr(LhSolver) tight = new_budget_solver (6, 1);
  g_autoptr(GArray) depths = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  LhSolverResult a, b, c;
  LhWideBoard board;

  /* A position some way into a game. */
  for (guint i = 0; i < 60 && !lh_game_is_over (game); i++)
    {
      g_assert_true (lh_solver_search_wide (quick, lh_game_get_wide_board (game), geometry,
                                            LH_RULES_2048, NULL, NULL, NULL, &a, &error));
      g_assert_true (lh_game_move (game, (LhMove) a.move, NULL, NULL));
    }
  board = lh_game_get_wide_board (game);

  g_assert_true (lh_solver_search_wide (plain, board, geometry, LH_RULES_2048, NULL, NULL, NULL,
                                        &a, &error));
  g_assert_true (lh_solver_search_wide (roomy, board, geometry, LH_RULES_2048, NULL,
                                        count_depths_cb, depths, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (b.depth, ==, 3);
  g_assert_cmpint (b.move, ==, a.move);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (b.legal[m], ==, a.legal[m]);
      if (a.legal[m])
        g_assert_cmpfloat (b.values[m], ==, a.values[m]);
    }
  g_assert_cmpuint (depths->len, ==, 3);
  for (guint i = 0; i < depths->len; i++)
    g_assert_cmpuint (g_array_index (depths, guint, i), ==, i + 1);

  g_assert_true (lh_solver_search_wide (tight, board, geometry, LH_RULES_2048, NULL, NULL, NULL,
                                        &c, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.depth, >=, 1);
  g_assert_cmpuint (c.depth, <, 6);
  g_assert_true (c.legal[c.move]);
  g_assert_false (c.cancelled);
}


/* The search-tree record: on boards both searches hold, the wide search
 * records the 64-bit search's tree (its leaves as nodes rather than
 * folded), whole or under a small budget; on 5x5 a wide record whose
 * root's children carry the result's values, spawns on the fifth row and
 * column, and a JSON round trip. */
static void
test_tree (void)
{
  static const LhGeometry geometries[] = { { 4, 4 }, { 3, 3 }, { 2, 4 } };
  static const guint budgets[] = { 200000, 300 };
  guint compared = 0;

  for (guint depth = 1; depth <= 3; depth++)
    for (guint bi = 0; bi < G_N_ELEMENTS (budgets); bi++)
      {
        g_autoptr(LhSearchTree) narrow_tree = lh_search_tree_new (budgets[bi]);
        g_autoptr(LhSearchTree) wide_tree = lh_search_tree_new (budgets[bi]);
        g_autoptr(LhSolver) narrow_solver = lh_test_expectimax_solver_new (depth, LH_DEFAULT_PROBABILITY_CUTOFF,
                                                                           FALSE, 1, narrow_tree);
        LhSolverParams params = *lh_solver_get_params (narrow_solver);

        params.tree = wide_tree;
        for (guint g = 0; g < G_N_ELEMENTS (geometries); g++)
          {
            LhGeometry geometry = geometries[g];
            g_autoptr(LhHeuristic) heuristic = lh_heuristic_new (&params.heuristic, geometry);
            LhEvaluator evaluator;
            LhRng rng;

            lh_evaluator_init_heuristic (&evaluator, heuristic);
            lh_rng_init (&rng, 300 + depth * 10 + g);
            for (guint k = 0; k < 4; k++)
              {
                LhWideBoard wide = random_board (geometry, &rng, 9);
                LhBoard narrow;
                LhSolverResult a, b;
                g_autoptr(GError) error = NULL;

                g_assert_true (lh_wide_board_to_board (wide, geometry, &narrow));
                if (lh_board_legal_moves (narrow, geometry) == 0)
                  continue;
                g_assert_true (lh_solver_search (narrow_solver, narrow, geometry, NULL, NULL, NULL, &a,
                                                 &error));
                g_assert_true (lh_expectimax_wide_search (&params, &evaluator, wide, geometry,
                                                          LH_RULES_2048_CAPPED, NULL, NULL, NULL, NULL,
                                                          NULL, &b, &error));
                g_assert_no_error (error);
                g_assert_false (lh_search_tree_is_wide (narrow_tree));
                g_assert_true (lh_search_tree_is_wide (wide_tree));
                g_assert_cmpuint (lh_search_tree_get_n_nodes (wide_tree), ==,
                                  lh_search_tree_get_n_nodes (narrow_tree));
                g_assert_cmpint (lh_search_tree_is_full (wide_tree), ==, lh_search_tree_is_full (narrow_tree));
                g_assert_cmpint (lh_search_tree_get_chosen_move (wide_tree), ==, a.move);
                lh_test_assert_same_subtree (narrow_tree, 0, wide_tree, 0);
                compared++;
              }
          }
      }
  g_assert_cmpuint (compared, >, 25);

  /* 5x5. */
  {
    LhGeometry geometry = { 5, 5 };
    g_autoptr(LhSearchTree) tree = lh_search_tree_new (50000);
    g_autoptr(LhSolver) solver = lh_test_expectimax_solver_new (2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE, 1,
                                                                tree);
    g_autoptr(LhSearchTree) back = NULL;
    g_autoptr(JsonNode) json = NULL;
    g_autoptr(GError) error = NULL;
    LhWideBoard board = 0;
    LhSolverResult result;
    const LhSearchNode *root;
    gboolean far_spawn = FALSE;
    guint children = 0;

    board = lh_wide_board_set_cell (board, 0, 0, 16);   /* 65536 */
    board = lh_wide_board_set_cell (board, 0, 1, 3);
    board = lh_wide_board_set_cell (board, 4, 4, 1);
    g_assert_true (lh_solver_search_wide (solver, board, geometry, LH_RULES_2048, NULL, NULL, NULL,
                                          &result, &error));
    g_assert_no_error (error);
    g_assert_true (lh_search_tree_is_wide (tree));
    g_assert_true (lh_geometry_equal (lh_search_tree_get_geometry (tree), geometry));
    root = lh_search_tree_get_node (tree, 0);
    lh_assert_cmpwide (lh_search_tree_get_wide_board (tree, root), board);
    g_assert_cmpint (lh_search_tree_get_chosen_move (tree), ==, result.move);
    for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
         c = lh_search_tree_get_node (tree, c)->next_sibling)
      {
        const LhSearchNode *child = lh_search_tree_get_node (tree, c);

        g_assert_cmpuint (child->kind, ==, LH_SEARCH_NODE_CHANCE);
        g_assert_cmpfloat (child->value, ==, (float) result.values[child->move]);
        lh_assert_cmpwide (lh_search_tree_get_wide_board (tree, child),
                           lh_wide_board_move (board, geometry, (LhMove) child->move, NULL));
        children++;
      }
    g_assert_cmpuint (children, ==, 4);
    for (guint i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
      {
        const LhSearchNode *node = lh_search_tree_get_node (tree, i);
        guint row, col;

        if (lh_search_tree_get_spawn (tree, node, &row, &col))
          {
            const LhSearchNode *parent = lh_search_tree_get_node (tree, node->parent);
            LhWideBoard before = lh_search_tree_get_wide_board (tree, parent);

            g_assert_cmpuint (row, <, 5);
            g_assert_cmpuint (col, <, 5);
            far_spawn |= row == 4 || col == 4;
            lh_assert_cmpwide (lh_search_tree_get_wide_board (tree, node),
                               lh_wide_board_set_cell (before, row, col, node->spawn_exponent));
          }
      }
    g_assert_true (far_spawn);

    json = lh_search_tree_to_json (tree, "expectimax", 2);
    back = lh_search_tree_new_from_json (json, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (lh_search_tree_is_wide (back));
    g_assert_cmpuint (lh_search_tree_get_n_nodes (back), ==, lh_search_tree_get_n_nodes (tree));
    lh_test_assert_same_subtree (tree, 0, back, 0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/expectimax-wide/same-as-narrow", test_same_as_narrow);
  g_test_add_func ("/expectimax-wide/adaptive-depth", test_adaptive_depth);
  g_test_add_func ("/expectimax-wide/original-rules", test_original_rules);
  g_test_add_func ("/expectimax-wide/5x5", test_5x5);
  g_test_add_func ("/expectimax-wide/time-budget", test_time_budget);
  g_test_add_func ("/expectimax-wide/tree", test_tree);

  return g_test_run ();
}
