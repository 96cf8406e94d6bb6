/* test-principal-variation.c: the expected line read from a search-tree
 * record (issue 12, item 5): the walk's rules on a hand-made tree (the
 * most probable spawn, its tie rule, the best move by value or by visits,
 * where the line stops), its words and its path, and on real expectimax
 * and MCTS records (every step follows the rules and the boards chain). */
#include <math.h>
#include <locale.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-principal-variation.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static LhBoard
spawn (LhBoard board, guint cell, guint exponent)
{
  return lh_board_set_cell (board, cell / 4, cell % 4, exponent);
}

/* The hand-made record:
 *   0 root
 *   1 left (value 10)            2 right (value 20, chosen)
 *   under 2: 3 "2 at cell 2" p .45 value 30, 4 "2 at cell 3" p .45 value 18,
 *            5 "4 at cell 2" p .1 value 0
 *   under 4: 6 up (value 15, 5 visits), 7 down (value 18, 2 visits)
 *   under 6: 8 "2 at cell 0" p .9 value 15, a leaf
 *   7 has no child (truncated). */
static LhSearchTree *
hand_made (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  guint values[16] = { 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
  LhBoard root = lh_test_board_from_values (4, 4, values);
  LhBoard left = lh_board_move (root, g, LH_MOVE_LEFT, NULL);
  LhBoard right = lh_board_move (root, g, LH_MOVE_RIGHT, NULL);
  LhBoard s4 = spawn (right, 2, 1);
  LhSearchTree *tree = lh_search_tree_new (16);
  guint32 r, m_right, s, m_up;

  r = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, root, 0, -1, -1, 0, 1.0);
  lh_search_tree_add (tree, r, LH_SEARCH_NODE_CHANCE, left, 1, LH_MOVE_LEFT, -1, 0, 1.0);
  m_right = lh_search_tree_add (tree, r, LH_SEARCH_NODE_CHANCE, right, 1, LH_MOVE_RIGHT, -1, 0, 1.0);
  lh_search_tree_add (tree, m_right, LH_SEARCH_NODE_PLAYER, spawn (right, 1, 1), 1, -1, 1, 1, 0.45);
  s = lh_search_tree_add (tree, m_right, LH_SEARCH_NODE_PLAYER, s4, 1, -1, 2, 1, 0.45);
  lh_search_tree_add (tree, m_right, LH_SEARCH_NODE_PLAYER, spawn (right, 1, 2), 1, -1, 1, 2, 0.1);
  m_up = lh_search_tree_add (tree, s, LH_SEARCH_NODE_CHANCE, lh_board_move (s4, g, LH_MOVE_UP, NULL),
                             2, LH_MOVE_UP, -1, 0, 1.0);
  lh_search_tree_add (tree, s, LH_SEARCH_NODE_CHANCE, lh_board_move (s4, g, LH_MOVE_DOWN, NULL),
                      2, LH_MOVE_DOWN, -1, 0, 1.0);
  lh_search_tree_add (tree, m_up, LH_SEARCH_NODE_LEAF,
                      spawn (lh_board_move (s4, g, LH_MOVE_UP, NULL), 0, 1), 2, -1, 0, 1, 0.9);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 9);

  lh_search_tree_set_value (tree, 0, 20, 7);
  lh_search_tree_set_value (tree, 1, 10, 1);
  lh_search_tree_set_value (tree, 2, 20, 6);
  lh_search_tree_set_value (tree, 3, 30, 3);
  lh_search_tree_set_value (tree, 4, 18, 3);
  lh_search_tree_set_value (tree, 5, 0, 1);
  lh_search_tree_set_value (tree, 6, 15, 5);
  lh_search_tree_set_value (tree, 7, 18, 2);
  lh_search_tree_set_value (tree, 8, 15, 5);
  lh_search_tree_set_flags (tree, 7, LH_SEARCH_NODE_FLAG_TRUNCATED);
  lh_search_tree_set_chosen_move (tree, LH_MOVE_RIGHT);
  return tree;
}

static const LhPvStep *
step_at (GArray *steps, guint i)
{
  g_assert_cmpuint (i, <, steps->len);
  return &g_array_index (steps, LhPvStep, i);
}

static void
test_hand_made_expectimax (void)
{
  g_autoptr (LhSearchTree) tree = hand_made ();
  g_autoptr (GArray) steps = lh_principal_variation_for_move (tree, LH_MOVE_NONE, FALSE, 10);
  g_autofree char *words = NULL;
  g_autofree guint32 *nodes = NULL;
  guint n_nodes;
  const LhPvStep *s;

  /* Right (chosen); of the two spawns at .45, the one whose value (18) is
   * closest to the chance node's (20), not the better one (30); then down
   * (value 18 > 15), whose children were not recorded: the line stops. */
  g_assert_cmpuint (steps->len, ==, 2);
  s = step_at (steps, 0);
  g_assert_cmpint (s->move, ==, LH_MOVE_RIGHT);
  g_assert_cmpuint (s->move_node, ==, 2);
  g_assert_cmpuint (s->spawn_node, ==, 4);
  g_assert_cmpint (s->spawn_cell, ==, 2);
  g_assert_cmpuint (s->spawn_exponent, ==, 1);
  g_assert_cmpfloat_with_epsilon (s->probability, 0.45, 1e-6);
  g_assert_cmpfloat (s->value, ==, 20);
  lh_assert_cmpwide (s->board, lh_search_tree_get_wide_board (tree, lh_search_tree_get_node (tree, 4)));
  lh_assert_cmpwide (s->afterstate,
                     lh_search_tree_get_wide_board (tree, lh_search_tree_get_node (tree, 2)));
  g_assert_cmpint (s->spawn_row, ==, 0);
  g_assert_cmpint (s->spawn_col, ==, 2);
  s = step_at (steps, 1);
  g_assert_cmpint (s->move, ==, LH_MOVE_DOWN);
  g_assert_cmpuint (s->spawn_node, ==, LH_SEARCH_NODE_NONE);
  g_assert_cmpint (s->spawn_cell, ==, -1);
  g_assert_cmpfloat (s->probability, ==, 0);
  lh_assert_cmpwide (s->board, s->afterstate);

  words = lh_principal_variation_describe (steps);
  g_assert_cmpstr (words, ==, "Right, then a 2 spawns at row 1 column 3; Down");

  nodes = lh_principal_variation_nodes (steps, 0, &n_nodes);
  g_assert_cmpuint (n_nodes, ==, 4);
  g_assert_cmpuint (nodes[0], ==, 0);
  g_assert_cmpuint (nodes[1], ==, 2);
  g_assert_cmpuint (nodes[2], ==, 4);
  g_assert_cmpuint (nodes[3], ==, 7);
}

static void
test_hand_made_visits (void)
{
  g_autoptr (LhSearchTree) tree = hand_made ();
  g_autoptr (GArray) steps = lh_principal_variation_new (tree, 0, TRUE, 10);
  g_autoptr (GArray) one = lh_principal_variation_new (tree, 0, TRUE, 1);
  g_autoptr (GArray) left = lh_principal_variation_for_move (tree, LH_MOVE_LEFT, FALSE, 10);
  g_autoptr (GArray) none = lh_principal_variation_for_move (tree, LH_MOVE_UP, FALSE, 10);
  g_autoptr (GArray) from_move = lh_principal_variation_new (tree, 6, TRUE, 10);
  g_autoptr (GArray) from_leaf = lh_principal_variation_new (tree, 8, TRUE, 10);
  g_autofree char *words = NULL;

  /* By visits: right (6 > 1), then up (5 > 2) and its only spawn, a leaf. */
  g_assert_cmpuint (steps->len, ==, 2);
  g_assert_cmpint (step_at (steps, 0)->move, ==, LH_MOVE_RIGHT);
  g_assert_cmpint (step_at (steps, 1)->move, ==, LH_MOVE_UP);
  g_assert_cmpuint (step_at (steps, 1)->visits, ==, 5);
  g_assert_cmpuint (step_at (steps, 1)->spawn_node, ==, 8);
  g_assert_cmpint (step_at (steps, 1)->spawn_cell, ==, 0);
  words = lh_principal_variation_describe (steps);
  g_assert_cmpstr (words, ==, "Right, then a 2 spawns at row 1 column 3; Up, then a 2 spawns at row 1 column 1");

  g_assert_cmpuint (one->len, ==, 1);
  /* Left has no recorded spawn; the root has no up. */
  g_assert_cmpuint (left->len, ==, 1);
  g_assert_cmpint (step_at (left, 0)->move, ==, LH_MOVE_LEFT);
  g_assert_cmpuint (none->len, ==, 0);
  /* From a move node inside the tree; from a leaf, nothing. */
  g_assert_cmpuint (from_move->len, ==, 1);
  g_assert_cmpint (step_at (from_move, 0)->move, ==, LH_MOVE_UP);
  g_assert_cmpuint (from_leaf->len, ==, 0);
}

/* The rules, checked on every step of @steps from player node @start. */
static void
check_line (const LhSearchTree *tree, LhGeometry g, guint32 start, GArray *steps, gboolean visits)
{
  guint32 player = start;

  for (guint i = 0; i < steps->len; i++)
    {
      const LhPvStep *s = step_at (steps, i);
      const LhSearchNode *m = lh_search_tree_get_node (tree, s->move_node);
      const LhSearchNode *p = lh_search_tree_get_node (tree, player);

      g_assert_cmpuint (m->parent, ==, player);
      g_assert_cmpint (m->move, ==, s->move);
      lh_assert_cmpwide (s->afterstate,
                         lh_wide_board_from_board (lh_board_move (p->board, g, (LhMove) s->move, NULL), g));
      g_assert_cmpfloat (s->value, ==, m->value);
      /* Not the first move (the caller's): the best of its siblings. */
      for (guint32 c = p->first_child; i > 0 && c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        {
          const LhSearchNode *other = lh_search_tree_get_node (tree, c);

          if (visits)
            g_assert_cmpuint (other->visits, <=, m->visits);
          else
            g_assert_cmpfloat (other->value, <=, m->value);
        }
      if (s->spawn_node == LH_SEARCH_NODE_NONE)
        {
          g_assert_cmpuint (m->first_child, ==, LH_SEARCH_NODE_NONE);
          g_assert_cmpuint (i, ==, steps->len - 1);
          break;
        }
      /* The spawn: the most probable child, its tile at its cell. */
      for (guint32 c = m->first_child; c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        g_assert_cmpfloat (lh_search_tree_get_node (tree, c)->probability, <=, s->probability * (1 + 1e-5));
      g_assert_cmpuint (lh_search_tree_get_node (tree, s->spawn_node)->parent, ==, s->move_node);
      g_assert_cmpint (s->spawn_cell, ==, 4 * s->spawn_row + s->spawn_col);
      g_assert_cmpuint (lh_wide_board_get_cell (s->afterstate, (guint) s->spawn_row, (guint) s->spawn_col), ==, 0);
      lh_assert_cmpwide (s->board, lh_wide_board_set_cell (s->afterstate, (guint) s->spawn_row,
                                                           (guint) s->spawn_col, s->spawn_exponent));
      player = s->spawn_node;
    }
}

static void
test_expectimax_records (void)
{
  static const char *const boards[] = {
    "2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2",
    "2 4 8 16/0 0 4 2/0 0 0 2/0 0 0 0",
    "2 4 2/0 8 0/0 0 2",
  };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint depth = 1; depth <= 3; depth++)
      {
        g_autoptr (LhSearchTree) tree = lh_test_search_record (boards[b], depth, 200000);
        LhGeometry g = lh_search_tree_get_geometry (tree);
        g_autoptr (GArray) steps = lh_principal_variation_for_move (tree, LH_MOVE_NONE, FALSE, 10);
        g_autoptr (GArray) short_line = lh_principal_variation_for_move (tree, LH_MOVE_NONE, FALSE, 1);

        g_assert_false (lh_search_tree_is_full (tree));
        /* A whole record: one step per ply of the search, the last a leaf
         * afterstate; the first move is the search's decision. */
        g_assert_cmpuint (steps->len, ==, depth);
        g_assert_cmpint (step_at (steps, 0)->move, ==, lh_search_tree_get_chosen_move (tree));
        g_assert_cmpuint (step_at (steps, depth - 1)->spawn_node, ==, LH_SEARCH_NODE_NONE);
        check_line (tree, g, 0, steps, FALSE);
        g_assert_cmpuint (short_line->len, ==, 1);

        /* Every other move of the root has its line too. */
        for (int move = 0; move < LH_N_MOVES; move++)
          {
            g_autoptr (GArray) other = lh_principal_variation_for_move (tree, move, FALSE, 10);

            if (other->len > 0)
              {
                g_assert_cmpint (step_at (other, 0)->move, ==, move);
                check_line (tree, g, 0, other, FALSE);
              }
          }
      }
}

static void
test_mcts_record (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (200000);
  g_autoptr (LhSolver) solver = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) steps = NULL;
  LhSolverParams params;
  LhSolverResult result;
  LhBoard board = 0;

  for (guint64 k = 3; board == 0; k++)
    board = lh_test_mid_game_board (g, k, 30, 0x5);
  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_MCTS;
  params.mcts.iterations = 2000;
  params.mcts.playout.max_moves = 20;
  params.seed = 7;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);

  steps = lh_principal_variation_for_move (tree, LH_MOVE_NONE, TRUE, 8);
  /* 2000 iterations go a few plies deep along the most visited line. */
  g_assert_cmpuint (steps->len, >=, 2);
  g_assert_cmpint (step_at (steps, 0)->move, ==, result.move);
  check_line (tree, g, 0, steps, TRUE);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/principal-variation/hand-made", test_hand_made_expectimax);
  g_test_add_func ("/principal-variation/visits", test_hand_made_visits);
  g_test_add_func ("/principal-variation/expectimax", test_expectimax_records);
  g_test_add_func ("/principal-variation/mcts", test_mcts_record);
  return g_test_run ();
}
