/* test-tree-fold.c: the inspector's expand/collapse state (issue 12,
 * item 5): a new tree opens with the expected line shown to its end and
 * the other branches below the opening rows hidden behind badges; what a
 * badge's tooltip says it hides. */
#include <locale.h>
#include <string.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-principal-variation.h"
#include "lh-search-tree.h"
#include "lh-tree-fold.h"
#include "lh-tree-layout.h"
#include "lh-test-util.h"

/* Whether node @index shows under @collapsed: no ancestor collapsed, and
 * neither it nor an ancestor (but the root) elided. */
static gboolean
shown (const LhSearchTree *tree, const guint8 *collapsed, guint32 index)
{
  for (guint32 a = index; a != 0; )
    {
      guint32 parent = lh_search_tree_get_node (tree, a)->parent;

      if ((collapsed[a] & LH_TREE_LAYOUT_ELIDED) || (collapsed[parent] & LH_TREE_LAYOUT_COLLAPSED))
        return FALSE;
      a = parent;
    }
  return TRUE;
}

static void
test_open_line (void)
{
  static const char *const boards[] = {
    "2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2",
    "2 4 8 16/0 0 4 2/0 0 0 2/0 0 0 0",
  };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      g_autoptr (LhSearchTree) tree = lh_test_search_record (boards[b], 3, 200000);
      guint n = lh_search_tree_get_n_nodes (tree);
      g_autofree guint8 *collapsed = g_new0 (guint8, n);
      g_autofree guint32 *sizes = g_new0 (guint32, n);
      g_autoptr (GArray) line = lh_principal_variation_for_move (tree, LH_MOVE_NONE, FALSE, G_MAXUINT);
      g_autofree guint32 *nodes = NULL;
      guint n_nodes, open_row, n_shown = 0;
      LhTreeLayout *layout;

      /* Ten nodes side by side: the moves and a row of spawns at most. */
      open_row = lh_tree_fold_opening (tree, 10, collapsed, sizes);
      g_assert_cmpuint (open_row, <, 6);
      lh_tree_fold_open_line (tree, FALSE, open_row, collapsed);

      /* The line shows to its end (the search depth: 3 moves). */
      g_assert_cmpuint (line->len, ==, 3);
      nodes = lh_principal_variation_nodes (line, 0, &n_nodes);
      layout = lh_tree_layout_new (tree, collapsed);
      for (guint i = 0; i < n_nodes; i++)
        {
          g_assert_true (shown (tree, collapsed, nodes[i]));
          g_assert_true (lh_tree_layout_is_visible (layout, nodes[i]));
        }
      /* Below the opening rows, a line node shows its child on the line
       * alone: its other children are counted in its badge. */
      for (guint i = open_row; i + 1 < n_nodes; i++)
        {
          guint n_children = 0;

          for (guint32 c = lh_search_tree_get_node (tree, nodes[i])->first_child; c != LH_SEARCH_NODE_NONE;
               c = lh_search_tree_get_node (tree, c)->next_sibling)
            {
              n_children++;
              g_assert_true (shown (tree, collapsed, c) == (c == nodes[i + 1]));
            }
          if (n_children > 1)
            g_assert_cmpuint (lh_tree_fold_n_hidden (tree, collapsed, sizes, nodes[i]), >, 0);
        }
      /* Most of the tree stays hidden. */
      for (guint32 i = 0; i < n; i++)
        n_shown += shown (tree, collapsed, i);
      g_assert_cmpuint (n_shown, <, n / 4);
      g_assert_cmpuint (lh_tree_layout_get_n_visible (layout), ==, n_shown);
      lh_tree_layout_free (layout);
    }
}

static void
test_describe_hidden (void)
{
  /* Depth 2: under each move, two spawns per empty cell, each with its moves. */
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2", 2, 200000);
  guint n = lh_search_tree_get_n_nodes (tree);
  g_autofree guint8 *collapsed = g_new0 (guint8, n);
  g_autofree guint32 *sizes = g_new0 (guint32, n);
  guint32 move = lh_search_tree_get_node (tree, 0)->first_child;
  guint32 hidden;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *root_text = NULL;
  g_autofree char *elided_text = NULL;
  g_autofree char *root_prefix = NULL;
  guint empty;

  lh_tree_fold_opening (tree, 1000000, collapsed, sizes);
  g_assert_null (lh_tree_fold_describe_hidden (tree, collapsed, sizes, move));

  collapsed[move] = LH_TREE_LAYOUT_COLLAPSED;
  hidden = lh_tree_fold_n_hidden (tree, collapsed, sizes, move);
  g_assert_cmpuint (hidden, ==, sizes[move] - 1);
  text = lh_tree_fold_describe_hidden (tree, collapsed, sizes, move);
  empty = lh_board_count_empty (lh_search_tree_get_node (tree, move)->board, LH_GEOMETRY_DEFAULT);
  g_assert_cmpuint (empty, ==, 11);
  expected = g_strdup_printf ("%u nodes below: %u spawns of a 2, %u spawns of a 4 and %u more below them; "
                              "click the ▸ mark or press Enter to open", hidden, empty, empty, hidden - 2 * empty);
  g_assert_cmpstr (text, ==, expected);

  /* The root collapsed: its moves. */
  collapsed[0] = LH_TREE_LAYOUT_COLLAPSED;
  root_text = lh_tree_fold_describe_hidden (tree, collapsed, sizes, 0);
  root_prefix = g_strdup_printf ("%u nodes below: 4 moves and ", n - 1);
  g_assert_true (g_str_has_prefix (root_text, root_prefix));

  /* One elided spawn: only it and what is below it. */
  memset (collapsed, 0, n);
  collapsed[lh_search_tree_get_node (tree, move)->first_child] = LH_TREE_LAYOUT_ELIDED;
  elided_text = lh_tree_fold_describe_hidden (tree, collapsed, sizes, move);
  g_free (expected);
  hidden = sizes[lh_search_tree_get_node (tree, move)->first_child];
  g_assert_cmpuint (hidden, >=, 2);
  expected = g_strdup_printf ("%u nodes below: 1 spawn of a 2 and %u more below them; "
                              "click the ▸ mark or press Enter to open", hidden, hidden - 1);
  g_assert_cmpstr (elided_text, ==, expected);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/tree-fold/open-line", test_open_line);
  g_test_add_func ("/tree-fold/describe-hidden", test_describe_hidden);
  return g_test_run ();
}
