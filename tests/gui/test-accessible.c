/* test-accessible.c: what screen readers are told, read back through GTK's
 * test accessibility backend (GTK_A11Y=test): the inspector's mini board
 * and tree view, the heuristic panel's rows, and names without mnemonic
 * underscores. */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <string.h>

#include "lh-board-text.h"
#include "lh-mini-board.h"
#include "lh-search-record.h"
#include "lh-tree-view.h"

/* The value of @property of @accessible (a string property); "" when unset. */
static char *
accessible_string (GtkAccessible *accessible, GtkAccessibleProperty property)
{
  /* check_property returns the actual value when it differs from the one
   * asked for, NULL when it is that one: ask for one it cannot be. */
  char *value = gtk_test_accessible_check_property (accessible, property, "\\x01 never");

  return value != NULL ? value : g_strdup ("\\x01 never");
}

/* The mini board says its tiles, and follows the board it is given. */
static void
test_mini_board_description (void)
{
  GtkWidget *board = g_object_ref_sink (lh_mini_board_new (20));
  g_autofree char *empty = NULL;
  g_autofree char *text = NULL;
  LhBoard b = 0;
  LhGeometry g;

  empty = accessible_string (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull (strstr (empty, "Row 1: empty, empty, empty, empty."));

  g_assert_true (lh_board_parse ("2 0 0/0 0 0/0 0 1024", &b, &g, NULL));
  lh_mini_board_set_board (LH_MINI_BOARD (board), b, g);
  text = accessible_string (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (text, ==, "Row 1: 2, empty, empty. Row 2: empty, empty, empty. "
                             "Row 3: empty, empty, 1024.");
  g_object_unref (board);
}

static void
iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

static gboolean
laid_out (LhTreeView *view)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (lh_tree_view_is_laying_out (view) || lh_tree_view_get_tree (view) == NULL)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  return TRUE;
}

/* A record of the root and its moves, built by hand (@solver names it). */
static LhSearchRecord *
small_record (LhSolverKind solver)
{
  LhSearchTree *tree = lh_search_tree_new (8);
  const double values[LH_N_MOVES] = { 900, 300, 1470, 1200 };
  LhSolverResult result = { 0 };
  guint32 root = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      guint32 child = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, m, -1, 0, 1.0);
      lh_search_tree_set_value (tree, child, values[m], 10 * (m + 1));
    }
  lh_search_tree_set_value (tree, root, 1470, 100);
  return lh_search_record_new (0, LH_GEOMETRY_DEFAULT, solver, &result, tree);
}

/* The tree view's description is the selected node in words, and follows
 * the selection (a click or the keys) and the kind of search. */
static void
test_tree_view_announces_selection (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = lh_tree_view_new ();
  g_autoptr(LhSearchRecord) record = small_record (LH_SOLVER_EXPECTIMAX);
  g_autoptr(LhSearchRecord) mcts = small_record (LH_SOLVER_MCTS);
  g_autofree char *root = NULL;
  g_autofree char *left = NULL;
  g_autofree char *up = NULL;
  g_autofree char *none = NULL;

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_present (GTK_WINDOW (window));
  iterate_for (50);

  lh_tree_view_set_tree (LH_TREE_VIEW (view), record, lh_search_record_get_tree (record));
  g_assert_true (laid_out (LH_TREE_VIEW (view)));
  g_assert_cmpuint (lh_tree_view_get_selected (LH_TREE_VIEW (view)), ==, 0);
  root = accessible_string (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (root, ==, "Root position, value 1.47k, 4 moves, ply 0");

  lh_tree_view_select (LH_TREE_VIEW (view), 1 + LH_MOVE_LEFT);
  left = accessible_string (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (left, ==, "Move left, value 1.47k, best of 4, ply 1");

  lh_tree_view_set_tree (LH_TREE_VIEW (view), mcts, lh_search_record_get_tree (mcts));
  g_assert_true (laid_out (LH_TREE_VIEW (view)));
  lh_tree_view_select (LH_TREE_VIEW (view), 1 + LH_MOVE_UP);
  up = accessible_string (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (up, ==, "Move up, 10 visits, mean 900, ply 1");

  lh_tree_view_set_tree (LH_TREE_VIEW (view), NULL, NULL);
  none = accessible_string (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (none, ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("no display: run under xvfb-run -a\n");
      return 1;
    }
  adw_init ();

  g_test_add_func ("/accessible/mini-board-description", test_mini_board_description);
  g_test_add_func ("/accessible/tree-view-announces-selection", test_tree_view_announces_selection);
  return g_test_run ();
}
