/* test-tree-describe.c: a search-tree node in words (lh-tree-describe.h),
 * what the inspector's tree view tells screen readers: hand-built records
 * of both kinds with the exact sentences, and every node of a real
 * expectimax record described in a distinct sentence among its siblings. */
#include <locale.h>
#include <string.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-tree-describe.h"

static void
assert_describes (const LhSearchTree *tree, guint32 index, gboolean visits, const char *expected)
{
  g_autofree char *text = lh_tree_node_describe (tree, index, visits);

  g_assert_cmpstr (text, ==, expected);
}

/* Root, its four moves (two tied best), a spawn under Left and a leaf. */
static LhSearchTree *
hand_built (void)
{
  LhSearchTree *tree = lh_search_tree_new (16);
  const double values[LH_N_MOVES] = { 9000, 3000, 14700, 14700 };
  guint32 root, moves[LH_N_MOVES], spawn, leaf;

  root = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      moves[m] = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, m, -1, 0, 1.0);
      lh_search_tree_set_value (tree, moves[m], values[m], 1);
    }
  spawn = lh_search_tree_add (tree, moves[LH_MOVE_LEFT], LH_SEARCH_NODE_PLAYER, 0, 1, -1,
                              0 * 4 + 2, 1, 0.09);
  lh_search_tree_set_value (tree, spawn, 12100, 1);
  leaf = lh_search_tree_add (tree, spawn, LH_SEARCH_NODE_LEAF, 0, 2, LH_MOVE_DOWN, -1, 0, 1.0);
  lh_search_tree_set_value (tree, leaf, 250.5, 1);
  lh_search_tree_set_flags (tree, moves[LH_MOVE_UP], LH_SEARCH_NODE_FLAG_TRUNCATED);
  lh_search_tree_set_value (tree, root, 15000, 1);
  return tree;
}

static void
test_expectimax_sentences (void)
{
  g_autoptr(LhSearchTree) tree = hand_built ();

  assert_describes (tree, 0, FALSE, "Root position, value 15k, 4 moves, ply 0");
  assert_describes (tree, 1, FALSE, "Move up, value 9k, rank 3 of 4, ply 1, children not recorded");
  assert_describes (tree, 2, FALSE, "Move down, value 3k, rank 4 of 4, ply 1");
  /* Ties share the best rank. */
  assert_describes (tree, 3, FALSE, "Move left, value 14.7k, best of 4, ply 1");
  assert_describes (tree, 4, FALSE, "Move right, value 14.7k, best of 4, ply 1");
  assert_describes (tree, 5, FALSE, "Tile 2 spawns in row 1, column 3, probability 9 %, value 12.1k, ply 1");
  /* An only child has no rank. */
  assert_describes (tree, 6, FALSE, "Move down, value 250, ply 2, leaf");
}

static void
test_mcts_sentences (void)
{
  g_autoptr(LhSearchTree) tree = lh_search_tree_new (8);
  guint32 root, up, down;

  root = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);
  up = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, LH_MOVE_UP, -1, 0, 0.6);
  down = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, LH_MOVE_DOWN, -1, 0, 0.4);
  lh_search_tree_set_value (tree, root, 140.04, 200);
  lh_search_tree_set_value (tree, up, 143.2, 120);
  lh_search_tree_set_value (tree, down, 7.25, 1);

  assert_describes (tree, up, TRUE, "Move up, 120 visits, mean 143, ply 1");
  assert_describes (tree, down, TRUE, "Move down, 1 visit, mean 7.25, ply 1");
  assert_describes (tree, root, TRUE, "Root position, 200 visits, mean 140, 2 moves, ply 0");
}

/* Every node of a real record has a sentence, and siblings' sentences
 * differ (what tells them apart when one walks the tree). */
static void
test_real_record_siblings_differ (void)
{
  g_autoptr(LhSearchTree) tree = lh_search_tree_new (4000);
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(GError) error = NULL;
  LhSolverParams params;
  LhSolverResult result;
  LhBoard board = 0;
  LhGeometry g;
  guint n;

  g_assert_true (lh_board_parse ("2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0", &board, &g, NULL));
  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXPECTIMAX;
  params.depth = 2;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, &result, &error));
  n = lh_search_tree_get_n_nodes (tree);
  g_assert_cmpuint (n, >, 10);
  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autofree char *text = lh_tree_node_describe (tree, i, FALSE);

      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_nonnull (strstr (text, "ply "));
      for (guint32 child = node->first_child; child != LH_SEARCH_NODE_NONE;
           child = lh_search_tree_get_node (tree, child)->next_sibling)
        {
          char *sentence = lh_tree_node_describe (tree, child, FALSE);

          if (!g_hash_table_add (seen, sentence))
            g_error ("two children of node %u read “%s”", i, sentence);
        }
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tree-describe/expectimax", test_expectimax_sentences);
  g_test_add_func ("/tree-describe/mcts", test_mcts_sentences);
  g_test_add_func ("/tree-describe/real-record-siblings-differ", test_real_record_siblings_differ);
  return g_test_run ();
}
