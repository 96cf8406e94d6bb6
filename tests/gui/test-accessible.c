/* test-accessible.c: what screen readers are told, read back through GTK's
 * test accessibility backend (GTK_A11Y=test): the inspector's mini board
 * and tree view (its description and its tree items), the heuristic panel's rows, and names without mnemonic
 * underscores. */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-gui-test-util.h"
#include <string.h>

#include "lh-accessible.h"
#include "lh-application.h"
#include "lh-board-text.h"
#include "lh-breakdown-view.h"
#include "lh-heuristic-panel.h"
#include "lh-inspector-pane.h"
#include "lh-param-row.h"
#include "lh-mini-board.h"
#include "lh-search-record.h"
#include "lh-tree-describe.h"
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
  lh_gui_test_iterate_for (50);

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

/* A record of the root, its 4 moves and, under each move, 2 spawns. */
static LhSearchRecord *
two_ply_record (void)
{
  LhSearchTree *tree = lh_search_tree_new (16);
  LhSolverResult result = { 0 };
  guint32 root = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      guint32 move = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, m, -1, 0, 1.0);

      lh_search_tree_set_value (tree, move, 100 * (m + 1), 0);
      for (int cell = 0; cell < 2; cell++)
        {
          guint32 spawn = lh_search_tree_add (tree, move, LH_SEARCH_NODE_PLAYER, 0, 2, -1, cell, 1, 0.5);
          lh_search_tree_set_value (tree, spawn, 100 * (m + 1), 0);
        }
    }
  lh_search_tree_set_value (tree, root, 400, 0);
  return lh_search_record_new (0, LH_GEOMETRY_DEFAULT, LH_SOLVER_EXPECTIMAX, &result, tree);
}

/* Asserts that @item is a tree item at @level, place @position of
 * @set_size, selected or not, and (@expanded: 1 yes, 0 no, -1 a leaf
 * without the state) expanded. */
static void
assert_item (GtkWidget *item, int level, int position, int set_size, gboolean selected, int expanded)
{
  g_assert_nonnull (item);
  gtk_test_accessible_assert_role (item, GTK_ACCESSIBLE_ROLE_TREE_ITEM);
  gtk_test_accessible_assert_property (item, GTK_ACCESSIBLE_PROPERTY_LEVEL, level);
  gtk_test_accessible_assert_relation (item, GTK_ACCESSIBLE_RELATION_POS_IN_SET, position);
  gtk_test_accessible_assert_relation (item, GTK_ACCESSIBLE_RELATION_SET_SIZE, set_size);
  gtk_test_accessible_assert_state (item, GTK_ACCESSIBLE_STATE_SELECTED, selected);
  if (expanded < 0)
    g_assert_false (gtk_test_accessible_has_state (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_STATE_EXPANDED));
  else
    gtk_test_accessible_assert_state (item, GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
}

static gboolean
relaid_out (LhTreeView *view)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (lh_tree_view_is_laying_out (view))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  lh_gui_test_iterate_for (20);
  return TRUE;
}

/* The tree's nodes are tree items a screen reader walks: the path to the
 * focus node, the siblings of each node on it and the focus node's
 * children, each with its level, place, expanded and selected states and
 * its node in words; the view's active descendant follows the focus. */
static void
test_tree_view_items (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = lh_tree_view_new ();
  LhTreeView *tv = LH_TREE_VIEW (view);
  g_autoptr(LhSearchRecord) record = two_ply_record ();
  const LhSearchTree *tree = lh_search_record_get_tree (record);
  guint32 moves[LH_N_MOVES], spawn;
  g_autofree char *label = NULL;
  g_autofree char *said = NULL;
  int n = 0;

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  gtk_window_present (GTK_WINDOW (window));
  lh_gui_test_iterate_for (50);
  lh_tree_view_set_tree (tv, record, tree);
  g_assert_true (laid_out (tv));
  lh_gui_test_iterate_for (20);
  for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    moves[n++] = c;
  g_assert_cmpint (n, ==, LH_N_MOVES);

  /* The root is the focus: it and its moves, not the spawns. */
  gtk_test_accessible_assert_role (view, GTK_ACCESSIBLE_ROLE_TREE);
  assert_item (lh_tree_view_get_node_item (tv, 0), 1, 1, 1, TRUE, 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    assert_item (lh_tree_view_get_node_item (tv, moves[m]), 2, m + 1, LH_N_MOVES, FALSE, 1);
  spawn = lh_search_tree_get_node (tree, moves[1])->first_child;
  g_assert_null (lh_tree_view_get_node_item (tv, spawn));
  gtk_test_accessible_assert_relation (view, GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                       lh_tree_view_get_node_item (tv, 0));

  /* Its label is the node in words, as the view's description says it. */
  label = lh_tree_node_describe (tree, moves[1], FALSE);
  said = gtk_test_accessible_check_property (GTK_ACCESSIBLE (lh_tree_view_get_node_item (tv, moves[1])),
                                             GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  g_assert_null (said);

  /* A spawn under the second move selected: its set, the moves, the root;
   * not the spawns of another move.  The items sit on their nodes' boxes. */
  lh_tree_view_select (tv, spawn);
  lh_gui_test_iterate_for (20);
  assert_item (lh_tree_view_get_node_item (tv, 0), 1, 1, 1, FALSE, 1);
  assert_item (lh_tree_view_get_node_item (tv, moves[1]), 2, 2, LH_N_MOVES, FALSE, 1);
  assert_item (lh_tree_view_get_node_item (tv, spawn), 3, 1, 2, TRUE, -1);
  assert_item (lh_tree_view_get_node_item (tv, lh_search_tree_get_node (tree, spawn)->next_sibling),
               3, 2, 2, FALSE, -1);
  g_assert_null (lh_tree_view_get_node_item (tv, lh_search_tree_get_node (tree, moves[2])->first_child));
  gtk_test_accessible_assert_relation (view, GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                       lh_tree_view_get_node_item (tv, spawn));
  {
    graphene_rect_t box, item;

    g_assert_true (lh_tree_view_get_node_bounds (tv, spawn, &box));
    g_assert_true (gtk_widget_compute_bounds (lh_tree_view_get_node_item (tv, spawn), view, &item));
    g_assert_cmpfloat_with_epsilon (item.origin.x, box.origin.x, 1.0);
    g_assert_cmpfloat_with_epsilon (item.origin.y, box.origin.y, 1.0);
  }

  /* Collapsed, the second move is not expanded and its spawns go. */
  lh_tree_view_select (tv, moves[1]);
  lh_tree_view_toggle_collapsed (tv, moves[1]);
  g_assert_true (relaid_out (tv));
  assert_item (lh_tree_view_get_node_item (tv, moves[1]), 2, 2, LH_N_MOVES, TRUE, 0);
  g_assert_null (lh_tree_view_get_node_item (tv, spawn));

  /* No tree, no items. */
  lh_tree_view_set_tree (tv, NULL, NULL);
  g_assert_null (lh_tree_view_get_node_item (tv, 0));
  g_assert_null (gtk_widget_get_first_child (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every slider row of a fresh heuristic panel is named after its group
 * and its title ("Empty cells: weight"): the row, its slider and its entry
 * alike, and no two rows alike (they are all titled "Weight" in groups). */
static void
test_param_rows_named_after_group (void)
{
  GtkWidget *panel = g_object_ref_sink (lh_heuristic_panel_new ());
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const LhHeuristicParamInfo *infos;
  guint n = 0;

  infos = lh_heuristic_param_list (&n);
  g_assert_cmpuint (n, >, 2);
  for (guint i = 0; i < n; i++)
    {
      LhParamRow *row = LH_PARAM_ROW (lh_heuristic_panel_get_row (LH_HEURISTIC_PANEL (panel), infos[i].key));
      GtkWidget *group = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_PREFERENCES_GROUP);
      g_autofree char *name = accessible_string (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL);
      g_autofree char *scale = accessible_string (GTK_ACCESSIBLE (lh_param_row_get_scale (row)),
                                                  GTK_ACCESSIBLE_PROPERTY_LABEL);
      g_autofree char *spin = accessible_string (GTK_ACCESSIBLE (lh_param_row_get_spin_button (row)),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL);
      g_autofree char *prefix = g_strconcat (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)),
                                             ": ", NULL);

      g_test_message ("%s: %s", infos[i].key, name);
      g_assert_true (g_str_has_prefix (name, prefix));
      g_assert_cmpstr (scale, ==, name);
      g_assert_cmpstr (spin, ==, name);
      /* One name, not the title a second time through labelled-by. */
      g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (row),
                                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY));
      if (!g_hash_table_add (names, g_steal_pointer (&name)))
        g_error ("two rows are named alike: %s", infos[i].key);
    }
  g_assert_true (g_hash_table_contains (names, "Empty cells: weight"));
  g_object_unref (panel);
}

/* A context follows the title, lowering its first letter, mnemonics out. */
static void
test_param_row_context (void)
{
  GtkWidget *row = g_object_ref_sink (lh_param_row_new ("Search _Depth", NULL, 1, 8, 1, 8, 1, 0));
  g_autofree char *plain = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *context = NULL;

  plain = accessible_string (GTK_ACCESSIBLE (lh_param_row_get_scale (LH_PARAM_ROW (row))),
                             GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr (plain, ==, "Search _Depth");
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  shown = accessible_string (GTK_ACCESSIBLE (lh_param_row_get_spin_button (LH_PARAM_ROW (row))),
                             GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr (shown, ==, "Search Depth");
  lh_param_row_set_accessible_context (LH_PARAM_ROW (row), "Expectimax");
  context = accessible_string (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr (context, ==, "Expectimax: search Depth");
  g_object_unref (row);
}

static void
test_strip_mnemonic (void)
{
  const char *cases[][2] = {
    { "_Hint", "Hint" }, { "S_olver", "Solver" }, { "Save __As", "Save _As" },
    { "No mnemonic", "No mnemonic" }, { "", "" }, { "end_", "end" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = lh_accessible_strip_mnemonic (cases[i][0]);
      g_assert_cmpstr (text, ==, cases[i][1]);
    }
}

/* Whether a GtkLabel with text is @widget or below it. */
static gboolean
has_text_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_text_label (child))
      return TRUE;
  return FALSE;
}

/* No widget below @root has a mnemonic underscore in its accessible label,
 * or a label and a labelled-by relation at once when it holds a text label
 * (GTK 4.8 reads both: "_Reset Reset"; the relation to an icon adds
 * nothing). */
static void
assert_names_clean (GtkWidget *root, const char *where)
{
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      g_autofree char *label = accessible_string (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL);

      if (strchr (label, '_') != NULL)
        g_error ("%s: a %s is named “%s”", where, G_OBJECT_TYPE_NAME (root), label);
      if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
          && has_text_label (root))
        g_error ("%s: a %s is named “%s” and labelled by another widget as well",
                 where, G_OBJECT_TYPE_NAME (root), label);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_names_clean (child, where);
}

static void
test_names_without_mnemonics (void)
{
  GtkWidget *panel = g_object_ref_sink (lh_heuristic_panel_new ());
  GtkWidget *pane = g_object_ref_sink (g_object_new (LH_TYPE_INSPECTOR_PANE, NULL));
  GtkWidget *breakdown = g_object_ref_sink (lh_breakdown_view_new ());
  GtkWidget *shortcuts = GTK_WIDGET (lh_application_new_shortcuts_window ());
  GtkWidget *button = g_object_ref_sink (gtk_button_new_with_mnemonic ("_Hint"));
  GtkWidget *check = g_object_ref_sink (gtk_check_button_new_with_mnemonic ("_Check"));
  g_autofree char *name = NULL;

  assert_names_clean (panel, "heuristic panel");
  assert_names_clean (pane, "inspector pane");
  assert_names_clean (breakdown, "breakdown view");
  assert_names_clean (shortcuts, "shortcuts window");

  /* The helper on GTK's own cases. */
  lh_accessible_fix_mnemonic_names (button);
  lh_accessible_fix_mnemonic_names (check);
  assert_names_clean (button, "button");
  assert_names_clean (check, "check button");
  name = accessible_string (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr (name, ==, "Hint");

  gtk_window_destroy (GTK_WINDOW (shortcuts));
  g_object_unref (check);
  g_object_unref (button);
  g_object_unref (breakdown);
  g_object_unref (pane);
  g_object_unref (panel);
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);

  g_test_add_func ("/accessible/mini-board-description", test_mini_board_description);
  g_test_add_func ("/accessible/tree-view-announces-selection", test_tree_view_announces_selection);
  g_test_add_func ("/accessible/tree-view-items", test_tree_view_items);
  g_test_add_func ("/accessible/param-rows-named-after-group", test_param_rows_named_after_group);
  g_test_add_func ("/accessible/param-row-context", test_param_row_context);
  g_test_add_func ("/accessible/strip-mnemonic", test_strip_mnemonic);
  g_test_add_func ("/accessible/names-without-mnemonics", test_names_without_mnemonics);
  return g_test_run ();
}
