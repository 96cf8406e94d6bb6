/* test-mcts.c: the MCTS (UCT) solver through lh_solver_search() (lh-solver.h,
 * lh-mcts.h): forced moves, reproducibility with one and two threads,
 * cancellation and time budgets, the visit statistics on the recorded tree,
 * the final-move rules, the trace and parameter validation.  The statistics
 * checked here hold whatever values the playouts return. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-mcts.h"
#include "lh-playout.h"
#include "lh-search-trace.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static void
mcts_params (LhSolverParams *params, guint iterations, guint64 seed, guint threads)
{
  lh_solver_params_init_default (params);
  params->kind = LH_SOLVER_MCTS;
  params->mcts.iterations = iterations;
  params->seed = seed;
  params->threads = threads;
  /* Short playouts keep the tests quick; the statistics do not depend on them. */
  params->mcts.playout.max_moves = 20;
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

static LhBoard
mid_game (guint64 seed)
{
  LhBoard b = 0;

  for (guint64 k = seed; b == 0; k++)
    b = lh_test_mid_game_board (LH_GEOMETRY_DEFAULT, k, 60, 0x5eed);
  return b;
}

static guint64
visits_sum (const LhSolverResult *r)
{
  guint64 total = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    total += r->visits[m];
  return total;
}

/* ---- Tests --------------------------------------------------------------------- */

static void
test_defaults_and_names (void)
{
  LhMctsParams p;
  LhFinalMove rule;

  lh_mcts_params_init_default (&p);
  g_assert_cmpuint (p.iterations, ==, 1000);
  g_assert_cmpfloat (p.exploration, ==, 1.0);
  g_assert_cmpint (p.final_move, ==, LH_FINAL_BEST_MEAN);
  g_assert_cmpint (p.playout.policy, ==, LH_PLAYOUT_GREEDY);
  g_assert_cmpint (p.playout.measure, ==, LH_MEASURE_CORNER);
  g_assert_cmpuint (p.playout.max_moves, ==, 0);

  for (guint k = 0; k < LH_N_FINAL_MOVES; k++)
    {
      g_assert_true (lh_final_move_from_string (lh_final_move_to_string ((LhFinalMove) k), &rule));
      g_assert_cmpint (rule, ==, (LhFinalMove) k);
    }
  g_assert_cmpstr (lh_final_move_to_string (LH_FINAL_MOST_VISITS), ==, "visits");
  g_assert_cmpstr (lh_final_move_to_string (LH_FINAL_BEST_MEAN), ==, "mean");
  rule = LH_FINAL_BEST_MEAN;
  g_assert_false (lh_final_move_from_string ("robust", &rule));
  g_assert_false (lh_final_move_from_string (NULL, &rule));
  g_assert_cmpint (rule, ==, LH_FINAL_BEST_MEAN);
}

static void
test_only_legal_move (void)
{
  static const struct { guint8 rows, cols; LhBoard board; LhMove move; } cases[] = {
    { 2, 2, 0x000000ffULL, LH_MOVE_DOWN },               /* 32768 32768 / . . */
    { 2, 3, 0x00000321ULL, LH_MOVE_DOWN },               /* 2 4 8 / . . . */
    { 4, 4, 0x0000cba987654321ULL, LH_MOVE_DOWN },
    { 4, 2, 0x0004000300020001ULL, LH_MOVE_RIGHT },      /* 2 . / 4 . / 8 . / 16 . */
    { 2, 3, 0x03210000ULL, LH_MOVE_UP },                 /* . . . / 2 4 8 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint threads = 1; threads <= 2; threads++)
      for (LhFinalMove rule = 0; rule < LH_N_FINAL_MOVES; rule++)
        {
          LhGeometry g = { cases[i].rows, cases[i].cols };
          LhSolverParams params;
          g_autoptr (LhSolver) solver = NULL;
          LhSolverResult result;

          g_assert_cmpuint (lh_board_legal_moves (cases[i].board, g), ==, 1u << cases[i].move);
          mcts_params (&params, 50, 3, threads);
          params.mcts.final_move = rule;
          solver = make_solver (&params);
          search_ok (solver, cases[i].board, g, &result);
          g_assert_cmpint (result.move, ==, cases[i].move);
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              g_assert_cmpint (result.legal[m], ==, m == (guint) cases[i].move);
              g_assert_cmpuint (result.visits[m], ==, m == (guint) cases[i].move ? 50 : 0);
            }
          g_assert_cmpuint (result.iterations, ==, 50);
        }
}

static void
test_no_legal_move (void)
{
  LhSolverParams params;
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (100);
  g_autoptr (LhSearchTrace) trace = lh_search_trace_new (100);
  g_autoptr (LhSolver) solver = NULL;
  LhGeometry g = { 2, 2 };
  LhBoard b = 0x00120021ULL;   /* 2 4 / 4 2 */
  LhSolverResult result;

  mcts_params (&params, 100, 1, 1);
  params.tree = tree;
  params.trace = trace;
  solver = make_solver (&params);
  search_ok (solver, b, g, &result);
  g_assert_cmpint (result.move, ==, LH_MOVE_NONE);
  for (guint m = 0; m < LH_N_MOVES; m++)
    g_assert_false (result.legal[m]);
  g_assert_cmpuint (result.iterations, ==, 0);
  g_assert_cmpuint (visits_sum (&result), ==, 0);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 1);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->board, ==, b);
  g_assert_cmpuint (lh_search_trace_get_n_steps (trace), ==, 1);
  g_assert_cmpint (lh_search_trace_get_step (trace, 0)->move, ==, LH_MOVE_NONE);
}

static void
assert_same_result (const LhSolverResult *a, const LhSolverResult *b)
{
  g_assert_cmpint (a->move, ==, b->move);
  g_assert_cmpuint (a->iterations, ==, b->iterations);
  g_assert_cmpuint (a->playouts, ==, b->playouts);
  g_assert_cmpuint (a->nodes, ==, b->nodes);
  g_assert_cmpuint (a->depth, ==, b->depth);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (a->legal[m], ==, b->legal[m]);
      g_assert_cmpuint (a->visits[m], ==, b->visits[m]);
      /* Bit for bit: the same operations in the same order. */
      g_assert_true (memcmp (&a->values[m], &b->values[m], sizeof (double)) == 0);
    }
}

static void
test_reproducible (void)
{
  for (guint threads = 1; threads <= 3; threads++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        LhBoard b = mid_game (seed * 11);
        LhSolverParams params;
        g_autoptr (LhSolver) one = NULL;
        g_autoptr (LhSolver) two = NULL;
        LhSolverResult r1, r2, r3;

        mcts_params (&params, 301, seed, threads);
        params.mcts.playout.policy = seed % 2 ? LH_PLAYOUT_GREEDY : LH_PLAYOUT_RANDOM;
        one = make_solver (&params);
        two = make_solver (&params);
        search_ok (one, b, LH_GEOMETRY_DEFAULT, &r1);
        search_ok (two, b, LH_GEOMETRY_DEFAULT, &r2);
        search_ok (one, b, LH_GEOMETRY_DEFAULT, &r3);   /* the same solver again */
        assert_same_result (&r1, &r2);
        assert_same_result (&r1, &r3);
        g_assert_cmpuint (r1.iterations, ==, 301);
      }
}

static void
test_root_visits (void)
{
  static const LhGeometry sizes[] = { { 4, 4 }, { 3, 3 }, { 2, 4 }, { 4, 3 } };

  for (guint i = 0; i < 12; i++)
    {
      LhGeometry g = sizes[i % G_N_ELEMENTS (sizes)];
      LhBoard b = 0;
      LhSolverParams params;
      g_autoptr (LhSolver) solver = NULL;
      LhSolverResult result;
      guint iterations = 1 + 37 * i;

      for (guint64 k = i; b == 0; k += 100)
        b = lh_test_mid_game_board (g, k, 3 + i, 0x77);
      mcts_params (&params, iterations, 100 + i, 1 + i % 3);
      solver = make_solver (&params);
      search_ok (solver, b, g, &result);
      g_assert_cmpuint (result.iterations, ==, iterations);
      g_assert_cmpuint (result.playouts, ==, iterations);
      g_assert_cmpuint (visits_sum (&result), ==, iterations);
      g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
      g_assert_true (result.legal[result.move]);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          g_assert_cmpint (result.legal[m], ==,
                           (lh_board_legal_moves (b, g) >> m & 1) != 0);
          if (!result.legal[m])
            g_assert_cmpuint (result.visits[m], ==, 0);
        }
      g_assert_cmpuint (result.max_ply, ==, result.depth);
      g_assert_cmpuint (result.depth, >=, 1);
    }
}

/* Checks the statistics invariant of lh-mcts.h on every node of @tree, the
 * record of @n_trees trees merged, and returns the root's visits. */
static guint32
check_record (const LhSearchTree *tree, LhGeometry g, guint n_trees)
{
  guint n = lh_search_tree_get_n_nodes (tree);

  g_assert_false (lh_search_tree_is_full (tree));
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      guint64 children = 0;
      guint n_children = 0;
      guint32 own;

      for (guint32 k = node->first_child; k != LH_SEARCH_NODE_NONE;
           k = lh_search_tree_get_node (tree, k)->next_sibling)
        {
          const LhSearchNode *c = lh_search_tree_get_node (tree, k);

          g_assert_cmpuint (c->parent, ==, i);
          children += c->visits;
          n_children++;
          if (node->kind == LH_SEARCH_NODE_PLAYER)
            {
              /* Under a player node: one afterstate per legal move. */
              g_assert_cmpint (c->kind, !=, LH_SEARCH_NODE_PLAYER);
              g_assert_cmpuint (c->board, ==, lh_board_move (node->board, g, c->move, NULL));
              g_assert_cmpuint (c->ply, ==, node->ply + 1);
              g_assert_cmpfloat (c->probability, ==, 1.0f);
            }
          else
            {
              /* Under a chance node: distinct sampled spawns, each with its
               * probability. */
              LhBoard diff = c->board ^ node->board;
              guint empty = lh_board_count_empty (node->board, g);
              double p = (c->spawn_exponent == 1 ? 0.9 : 0.1) / empty;

              g_assert_cmpint (c->kind, ==, LH_SEARCH_NODE_PLAYER);
              g_assert_cmpuint (diff, ==, (LhBoard) c->spawn_exponent << (4 * c->spawn_cell));
              g_assert_cmpuint (lh_board_get_cell (node->board, c->spawn_cell / 4,
                                                   c->spawn_cell % 4), ==, 0);
              g_assert_cmpfloat_with_epsilon (c->probability, p, 1e-6);
              g_assert_cmpuint (c->ply, ==, node->ply);
              for (guint32 j = node->first_child; j != k;
                   j = lh_search_tree_get_node (tree, j)->next_sibling)
                g_assert_cmpuint (lh_search_tree_get_node (tree, j)->board, !=, c->board);
            }
        }
      if (node->kind == LH_SEARCH_NODE_PLAYER)
        g_assert_true (n_children == 0
                       || n_children == (guint) __builtin_popcount (lh_board_legal_moves (node->board, g)));
      if (node->kind == LH_SEARCH_NODE_LEAF)
        g_assert_cmpuint (n_children, ==, 0);
      g_assert_cmpuint (children, <=, node->visits);
      own = node->visits - (guint32) children;
      /* Playouts started at the node: none at the root, one at the first
       * visit of any other node (in each tree that visited it), every
       * visit of a position with no move; an afterstate made at expansion
       * may not be visited yet. */
      if (i == 0 || node->visits == 0)
        g_assert_cmpuint (own, ==, 0);
      else if (node->kind == LH_SEARCH_NODE_PLAYER && lh_board_is_game_over (node->board, g))
        g_assert_cmpuint (own, ==, node->visits);
      else
        {
          g_assert_cmpuint (own, >=, 1);
          g_assert_cmpuint (own, <=, n_trees);
        }
    }
  return lh_search_tree_get_node (tree, 0)->visits;
}

static void
test_record_statistics (void)
{
  for (guint i = 0; i < 6; i++)
    {
      LhGeometry g = i % 2 ? (LhGeometry) { 3, 3 } : LH_GEOMETRY_DEFAULT;
      LhBoard b = 0;
      LhSolverParams params;
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (200000);
      g_autoptr (LhSolver) solver = NULL;
      LhSolverResult result;
      guint64 root_children[LH_N_MOVES] = { 0 };
      const LhSearchNode *root;
      guint threads = 1 + i % 3;

      for (guint64 k = 7 * i; b == 0; k++)
        b = lh_test_mid_game_board (g, k, g.rows == 3 ? 4 + 2 * i : 10 + 20 * i, 0x99);
      mcts_params (&params, 200 + 150 * i, 40 + i, threads);
      params.mcts.playout.policy = i % 3 == 0 ? LH_PLAYOUT_RANDOM : LH_PLAYOUT_GREEDY;
      params.mcts.final_move = i % 2 ? LH_FINAL_MOST_VISITS : LH_FINAL_BEST_MEAN;
      params.tree = tree;
      solver = make_solver (&params);
      search_ok (solver, b, g, &result);

      /* With several threads, their trees merged. */
      g_assert_cmpuint (check_record (tree, g, threads), ==, result.iterations);
      root = lh_search_tree_get_node (tree, 0);
      g_assert_cmpuint (root->board, ==, b);
      g_assert_cmpint (lh_search_tree_get_chosen_move (tree), ==, result.move);
      for (guint32 k = root->first_child; k != LH_SEARCH_NODE_NONE;
           k = lh_search_tree_get_node (tree, k)->next_sibling)
        {
          const LhSearchNode *c = lh_search_tree_get_node (tree, k);

          root_children[c->move] = c->visits;
          g_assert_cmpfloat_with_epsilon (c->value, result.values[c->move],
                                          1e-6 * MAX (1.0, fabs (result.values[c->move])));
        }
      for (guint m = 0; m < LH_N_MOVES; m++)
        g_assert_cmpuint (root_children[m], ==, result.visits[m]);
      /* The deepest recorded ply is the result's depth. */
      {
        guint deepest = 0;

        for (guint j = 0; j < lh_search_tree_get_n_nodes (tree); j++)
          if (lh_search_tree_get_node (tree, j)->visits > 0)
            deepest = MAX (deepest, lh_search_tree_get_node (tree, j)->ply);
        g_assert_cmpuint (deepest, ==, result.depth);
      }
    }
}

/* A tree capped at a few nodes: the iterations all run, the tree stops
 * growing at the cap, and visits still add up (children's visits plus the
 * node's own playouts, which a full tree adds to its leaves). */
static void
test_tree_cap (void)
{
  for (guint threads = 1; threads <= 2; threads++)
    {
      LhGeometry g = LH_GEOMETRY_DEFAULT;
      LhSolverParams params;
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (100000);
      g_autoptr (LhSolver) solver = NULL;
      LhSolverResult result;
      guint n, own_total = 0;

      mcts_params (&params, 3000, 7, threads);
      params.mcts.max_tree_nodes = 40;
      params.tree = threads == 1 ? tree : NULL;
      solver = make_solver (&params);
      search_ok (solver, mid_game (11), g, &result);
      g_assert_cmpuint (result.iterations, ==, 3000);
      g_assert_cmpuint (visits_sum (&result), ==, 3000);
      g_assert_cmpuint (result.playouts, ==, 3000);
      if (threads > 1)
        continue;

      n = lh_search_tree_get_n_nodes (tree);
      g_assert_cmpuint (n, <=, 40);
      g_assert_cmpuint (n, >, 5);
      for (guint i = 0; i < n; i++)
        {
          const LhSearchNode *node = lh_search_tree_get_node (tree, i);
          guint64 children = 0;

          for (guint32 k = node->first_child; k != LH_SEARCH_NODE_NONE;
               k = lh_search_tree_get_node (tree, k)->next_sibling)
            children += lh_search_tree_get_node (tree, k)->visits;
          g_assert_cmpuint (children, <=, node->visits);
          own_total += node->visits - (guint32) children;
        }
      /* Every iteration ends in one playout, at some node of the tree. */
      g_assert_cmpuint (own_total, ==, 3000);
      g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->visits, ==, 3000);
    }

  /* Out of range: refused, naming the field. */
  {
    LhSolverParams params;
    g_autoptr (GError) error = NULL;

    mcts_params (&params, 10, 1, 1);
    params.mcts.max_tree_nodes = 3;
    g_assert_null (lh_solver_new (&params, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "max_tree_nodes"));
  }
}

static void
test_record_budget (void)
{
  /* A small budget keeps the top of the tree and marks what it dropped. */
  LhBoard b = mid_game (5);
  LhSolverParams params;
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (60);
  g_autoptr (LhSolver) solver = NULL;
  LhSolverResult result;
  guint truncated = 0;

  mcts_params (&params, 400, 9, 1);
  params.tree = tree;
  solver = make_solver (&params);
  search_ok (solver, b, LH_GEOMETRY_DEFAULT, &result);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), <=, 60);
  g_assert_true (lh_search_tree_is_full (tree));
  g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->visits, ==, 400);
  for (guint i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);

      if (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED)
        truncated++;
      if (i > 0)
        g_assert_cmpuint (node->parent, <, i);
    }
  g_assert_cmpuint (truncated, >, 0);
}

static void
test_choose_move (void)
{
  gboolean legal[LH_N_MOVES] = { TRUE, TRUE, FALSE, TRUE };
  double means[LH_N_MOVES] = { 100, 80, 500, 120 };
  guint64 visits[LH_N_MOVES] = { 10, 50, 90, 5 };
  gboolean none[LH_N_MOVES] = { FALSE, FALSE, FALSE, FALSE };

  /* Most visits: down (50); best mean: right (120); left is illegal. */
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_MOST_VISITS, legal, means, visits), ==, LH_MOVE_DOWN);
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_BEST_MEAN, legal, means, visits), ==, LH_MOVE_RIGHT);
  /* Ties: visits tied -> better mean; means tied -> more visits. */
  visits[0] = 50;
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_MOST_VISITS, legal, means, visits), ==, LH_MOVE_UP);
  means[3] = 100;
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_BEST_MEAN, legal, means, visits), ==, LH_MOVE_UP);
  /* A move never visited is not a best mean. */
  visits[3] = 0;
  means[3] = 1e9;
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_BEST_MEAN, legal, means, visits), ==, LH_MOVE_UP);
  visits[0] = visits[1] = 0;
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_BEST_MEAN, legal, means, visits), ==, LH_MOVE_UP);
  g_assert_cmpint (lh_mcts_choose_move (LH_FINAL_MOST_VISITS, none, means, visits), ==, LH_MOVE_NONE);

  /* Through the solver: the decision follows the rule on its own statistics. */
  for (guint i = 0; i < 8; i++)
    for (LhFinalMove rule = 0; rule < LH_N_FINAL_MOVES; rule++)
      {
        LhBoard b = mid_game (30 + i);
        LhSolverParams params;
        g_autoptr (LhSolver) solver = NULL;
        LhSolverResult r;

        mcts_params (&params, 120, i, 1 + i % 2);
        params.mcts.final_move = rule;
        solver = make_solver (&params);
        search_ok (solver, b, LH_GEOMETRY_DEFAULT, &r);
        g_assert_cmpint (r.move, ==, lh_mcts_choose_move (rule, r.legal, r.values, r.visits));
        for (guint m = 0; m < LH_N_MOVES; m++)
          if (r.legal[m] && r.visits[m] > 0)
            {
              if (rule == LH_FINAL_MOST_VISITS)
                g_assert_cmpuint (r.visits[m], <=, r.visits[r.move]);
              else
                g_assert_cmpfloat (r.values[m], <=, r.values[r.move]);
            }
      }
}

static void
cancel_on_progress (const LhSolverResult *partial, gpointer user_data)
{
  g_assert_cmpuint (partial->iterations, >, 0);
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
test_cancel (void)
{
  LhBoard b = mid_game (17);

  /* Cancelled before: an error, no decision. */
  {
    g_autoptr (GCancellable) cancellable = g_cancellable_new ();
    g_autoptr (GError) error = NULL;
    LhSolverParams params;
    g_autoptr (LhSolver) solver = NULL;
    LhSolverResult result;

    mcts_params (&params, 1000, 1, 1);
    solver = make_solver (&params);
    g_cancellable_cancel (cancellable);
    g_assert_false (lh_solver_search (solver, b, LH_GEOMETRY_DEFAULT, cancellable, NULL, NULL,
                                      &result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }

  /* Cancelled from the first progress report (after 50 ms) of a search far
   * too long to finish: it stops with the iterations done so far. */
  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      LhSolverParams params;
      g_autoptr (LhSolver) solver = NULL;
      LhSolverResult result;

      mcts_params (&params, 3000000, 1, threads);
      solver = make_solver (&params);
      g_assert_true (lh_solver_search (solver, b, LH_GEOMETRY_DEFAULT, cancellable,
                                       cancel_on_progress, cancellable, &result, &error));
      g_assert_no_error (error);
      g_assert_true (result.cancelled);
      g_assert_cmpuint (result.iterations, >, 0);
      g_assert_cmpuint (result.iterations, <, 3000000);
      g_assert_cmpuint (visits_sum (&result), ==, result.iterations);
      g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
    }
}

static void
test_time_budget (void)
{
  /* The shortest budget still gives a decision (at least one iteration),
   * and the iteration count is not the budget in iterations. */
  LhBoard b = mid_game (21);
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverResult result;

  mcts_params (&params, LH_MCTS_MAX_ITERATIONS, 1, 1);
  params.time_budget_ms = 1;
  solver = make_solver (&params);
  search_ok (solver, b, LH_GEOMETRY_DEFAULT, &result);
  g_assert_cmpuint (result.iterations, >=, 1);
  g_assert_cmpuint (result.iterations, <, LH_MCTS_MAX_ITERATIONS);
  g_assert_cmpuint (visits_sum (&result), ==, result.iterations);
  g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
}

static void
test_trace (void)
{
  for (guint threads = 1; threads <= 2; threads++)
    {
      LhBoard b = mid_game (23);
      LhSolverParams params;
      g_autoptr (LhSearchTrace) trace = lh_search_trace_new (5000);
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (5000);
      g_autoptr (LhSolver) solver = NULL;
      LhSolverResult result;
      guint n_steps;
      const LhSearchStep *last;

      mcts_params (&params, 300, 5, threads);
      params.trace = trace;
      params.tree = tree;
      solver = make_solver (&params);
      search_ok (solver, b, LH_GEOMETRY_DEFAULT, &result);

      n_steps = lh_search_trace_get_n_steps (trace);
      g_assert_cmpuint (n_steps, >=, 2);
      g_assert_cmpuint (n_steps, <=, 40);
      g_assert_cmpuint (lh_search_trace_get_step (trace, 0)->iteration, ==, 1);
      for (guint i = 0; i < n_steps; i++)
        {
          const LhSearchStep *step = lh_search_trace_get_step (trace, i);
          const LhSearchTree *rec = step->tree;
          guint64 sum = 0;

          if (i > 0)
            g_assert_cmpuint (step->iteration, >, lh_search_trace_get_step (trace, i - 1)->iteration);
          g_assert_nonnull (rec);
          g_assert_nonnull (step->path);
          g_assert_cmpuint (step->path_length, >=, 2);
          g_assert_cmpuint (step->path[0], ==, 0);
          for (guint k = 1; k < step->path_length; k++)
            {
              g_assert_cmpuint (step->path[k], <, lh_search_tree_get_n_nodes (rec));
              g_assert_cmpuint (lh_search_tree_get_node (rec, step->path[k])->parent, ==,
                                step->path[k - 1]);
            }
          /* The path ends where the iteration ran its playout: a node
           * visited exactly once, or a position with no move. */
          {
            const LhSearchNode *end = lh_search_tree_get_node (rec, step->path[step->path_length - 1]);

            g_assert_true (end->visits == 1 || lh_board_is_game_over (end->board, LH_GEOMETRY_DEFAULT));
            g_assert_cmpuint (end->first_child, ==, LH_SEARCH_NODE_NONE);
          }
          for (guint m = 0; m < LH_N_MOVES; m++)
            sum += step->visits[m];
          g_assert_cmpuint (sum, ==, step->iteration);
          g_assert_cmpint (step->move, ==,
                           lh_mcts_choose_move (params.mcts.final_move, step->legal, step->values,
                                                step->visits));
          /* Each step's record is the first tree at that point. */
          if (i + 1 < n_steps)
            g_assert_cmpuint (check_record (rec, LH_GEOMETRY_DEFAULT, 1), ==, step->iteration);
        }
      last = lh_search_trace_get_step (trace, n_steps - 1);
      g_assert_cmpuint (last->iteration, ==, result.iterations);
      g_assert_cmpint (last->move, ==, result.move);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          g_assert_cmpuint (last->visits[m], ==, result.visits[m]);
          g_assert_true (memcmp (&last->values[m], &result.values[m], sizeof (double)) == 0);
        }
      g_assert_cmpuint (lh_search_tree_get_n_nodes (last->tree), ==,
                        lh_search_tree_get_n_nodes (tree));
      /* The last step's record, like the search's, is every tree merged:
       * its root's moves hold the result's statistics. */
      g_assert_cmpuint (check_record (last->tree, LH_GEOMETRY_DEFAULT, threads), ==, result.iterations);
      g_assert_cmpuint (check_record (tree, LH_GEOMETRY_DEFAULT, threads), ==, result.iterations);
      for (guint32 k = lh_search_tree_get_node (tree, 0)->first_child; k != LH_SEARCH_NODE_NONE;
           k = lh_search_tree_get_node (tree, k)->next_sibling)
        {
          const LhSearchNode *c = lh_search_tree_get_node (tree, k);

          g_assert_cmpuint (c->visits, ==, result.visits[c->move]);
          g_assert_cmpfloat (c->value, ==, (float) result.values[c->move]);
        }
    }
}

static void
expect_invalid (const LhSolverParams *params, const char *field)
{
  g_autoptr (GError) error = NULL;
  LhSolver *solver = lh_solver_new (params, &error);

  g_assert_null (solver);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  if (strstr (error->message, field) == NULL)
    g_error ("the message “%s” does not name “%s”", error->message, field);
}

/* The root children's standard errors: NAN for illegal moves, positive
 * for visited ones, about halved by four times the iterations (1 /
 * sqrt(n); the selection policy changes as it learns, hence the wider
 * band), and with two root-parallel trees, whose samples are pooled, about
 * what one tree gives with the same iterations. */
static void
test_std_error (void)
{
  LhBoard b = mid_game (5);
  LhSolverParams params;
  LhSolverResult few, many, split;
  int best;

  mcts_params (&params, 1000, 3, 1);
  {
    g_autoptr (LhSolver) solver = make_solver (&params);
    search_ok (solver, b, LH_GEOMETRY_DEFAULT, &few);
  }
  mcts_params (&params, 4000, 3, 1);
  {
    g_autoptr (LhSolver) solver = make_solver (&params);
    search_ok (solver, b, LH_GEOMETRY_DEFAULT, &many);
  }
  mcts_params (&params, 4000, 3, 2);
  {
    g_autoptr (LhSolver) solver = make_solver (&params);
    search_ok (solver, b, LH_GEOMETRY_DEFAULT, &split);
  }
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (!many.legal[m])
      g_assert_true (isnan (many.std_errors[m]) && isnan (split.std_errors[m]));
    else if (many.visits[m] >= 2)
      g_assert_cmpfloat (many.std_errors[m], >, 0);

  /* The most visited move: enough samples for a stable estimate. */
  best = 0;
  for (guint m = 1; m < LH_N_MOVES; m++)
    if (many.visits[m] > many.visits[best])
      best = (int) m;
  if (g_test_verbose ())
    g_printerr ("move %d: 1000 it %g (%" G_GUINT64_FORMAT " visits), 4000 it %g (%" G_GUINT64_FORMAT
                "), 2 trees %g (%" G_GUINT64_FORMAT ")\n", best, few.std_errors[best],
                few.visits[best], many.std_errors[best], many.visits[best], split.std_errors[best],
                split.visits[best]);
  g_assert_cmpfloat (few.std_errors[best] / many.std_errors[best], >, 1.4);
  g_assert_cmpfloat (few.std_errors[best] / many.std_errors[best], <, 3.2);
  g_assert_cmpfloat (split.std_errors[best] / many.std_errors[best], >, 0.6);
  g_assert_cmpfloat (split.std_errors[best] / many.std_errors[best], <, 1.6);
}

/* No legal move: no standard error. */
static void
test_std_error_game_over (void)
{
  static const guint values[] = { 2, 4, 4, 2 };
  LhBoard board = lh_test_board_from_values (2, 2, values);
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverResult result;

  mcts_params (&params, 50, 1, 1);
  solver = make_solver (&params);
  search_ok (solver, board, (LhGeometry) { 2, 2 }, &result);
  for (guint m = 0; m < LH_N_MOVES; m++)
    g_assert_true (isnan (result.std_errors[m]));
}

static void
test_bad_params (void)
{
  LhSolverParams params;

  mcts_params (&params, 0, 1, 1);
  expect_invalid (&params, "iterations");
  mcts_params (&params, LH_MCTS_MAX_ITERATIONS + 1, 1, 1);
  expect_invalid (&params, "iterations");
  mcts_params (&params, 100, 1, 1);
  params.mcts.exploration = -0.5;
  expect_invalid (&params, "exploration");
  params.mcts.exploration = NAN;
  expect_invalid (&params, "exploration");
  params.mcts.exploration = INFINITY;
  expect_invalid (&params, "exploration");
  mcts_params (&params, 100, 1, 1);
  params.mcts.final_move = (LhFinalMove) 7;
  expect_invalid (&params, "final move");
  mcts_params (&params, 100, 1, 0);
  expect_invalid (&params, "threads");

  /* The same fields are ignored by another solver kind. */
  mcts_params (&params, 0, 1, 1);
  params.kind = LH_SOLVER_EXPECTIMAX;
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (LhSolver) solver = lh_solver_new (&params, &error);

    g_assert_no_error (error);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();
  g_test_add_func ("/mcts/defaults-and-names", test_defaults_and_names);
  g_test_add_func ("/mcts/only-legal-move", test_only_legal_move);
  g_test_add_func ("/mcts/no-legal-move", test_no_legal_move);
  g_test_add_func ("/mcts/reproducible", test_reproducible);
  g_test_add_func ("/mcts/root-visits", test_root_visits);
  g_test_add_func ("/mcts/record-statistics", test_record_statistics);
  g_test_add_func ("/mcts/record-budget", test_record_budget);
  g_test_add_func ("/mcts/tree-cap", test_tree_cap);
  g_test_add_func ("/mcts/choose-move", test_choose_move);
  g_test_add_func ("/mcts/cancel", test_cancel);
  g_test_add_func ("/mcts/time-budget", test_time_budget);
  g_test_add_func ("/mcts/trace", test_trace);
  g_test_add_func ("/mcts/std-error", test_std_error);
  g_test_add_func ("/mcts/std-error-game-over", test_std_error_game_over);
  g_test_add_func ("/mcts/bad-params", test_bad_params);
  return g_test_run ();
}
