/* test-focus.c: where the keys go, in the real window (issue 26, item 3).
 *
 * - The search tree, once it has the focus (a click or Tab), walks with the
 *   arrows and its focus ring says so; Escape gives the keys back to the
 *   board, where the arrows play.
 * - Tab leaves the tree forward and Shift+Tab comes back to it.
 * - Every stop of the Tab chain has an accessible name.
 * - The tree's nodes are a tree for assistive technologies: tree items with
 *   their level, place among their siblings, expanded and selected states,
 *   and the tree's active descendant following the focus node.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-test-util.h"
#include "lh-application.h"
#include "lh-window.h"
#include "lh-inspector-pane.h"
#include "lh-tree-view.h"
#include "lh-search-tree.h"

static char *window_xid;
static LhApplication *app;
static LhWindow *window;
static char *data_home;

static gboolean
inspector_has_tree (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));

  return lh_tree_view_get_tree (view) != NULL && !lh_tree_view_is_laying_out (view)
      && gtk_widget_get_mapped (GTK_WIDGET (view))
      && !lh_window_is_searching (window);
}

/* Asks for a hint on a known position and waits for its tree. */
static LhTreeView *
hint_and_wait_for_tree (void)
{
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (inspector_has_tree, NULL, 20000))
    g_error ("the inspector shows no tree after a hint");
  lh_gui_test_iterate_for (100);
  return lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));
}

static gboolean
selected_is (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));

  return lh_tree_view_get_selected (view) == GPOINTER_TO_UINT (data);
}

static gboolean
has_focus (gpointer data)
{
  return gtk_widget_has_focus (GTK_WIDGET (data));
}

static gboolean
focus_moved_from (gpointer data)
{
  return gtk_root_get_focus (GTK_ROOT (window)) != data;
}

/* Says which ancestor of @widget claims Tab (returns TRUE from its focus
 * handler) while the focus stays on @widget. */
static void
explain_stuck (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      gboolean claimed;

      gtk_widget_grab_focus (widget);
      claimed = gtk_widget_child_focus (w, GTK_DIR_TAB_FORWARD);
      g_test_message ("Tab from a %s, asked of its ancestor %s (%s): %s, focus on a %s",
                      G_OBJECT_TYPE_NAME (widget), G_OBJECT_TYPE_NAME (w), gtk_widget_get_css_name (w),
                      claimed ? "claimed" : "passed on",
                      G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (window))));
    }
}

/* Clicks the middle of node @index of @view. */
static void
click_node (LhTreeView *view, guint32 index)
{
  graphene_rect_t b;

  g_assert_true (lh_tree_view_get_node_bounds (view, index, &b));
  lh_gui_test_click_at (GTK_WIDGET (view), b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2);
}

/* The first child of the root wholly in view whose children are laid out. */
static guint32
child_in_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;

  for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    if (lh_tree_view_get_node_bounds (view, c, &b) && b.origin.x >= 0 && b.origin.y >= 0
        && b.origin.x + b.size.width <= w && b.origin.y + b.size.height <= h
        && lh_search_tree_get_node (tree, c)->first_child != LH_SEARCH_NODE_NONE
        && lh_tree_view_get_node_bounds (view, lh_search_tree_get_node (tree, c)->first_child, &b))
      return c;
  return LH_SEARCH_NODE_NONE;
}

/* A click on a node gives the tree the keys: the arrows walk the tree (the
 * board does not move) until Escape gives them back to the board. */
static void
test_click_takes_arrows (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  guint32 target = child_in_view (view);
  LhBoard before;

  g_assert_cmpuint (target, !=, LH_SEARCH_NODE_NONE);
  click_node (view, target);
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (target), 3000))
    g_error ("clicking node %u did not select it", target);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, "5", "5", NULL });

  before = lh_game_model_get_board (lh_window_get_model (window));
  lh_gui_test_press ("Down");
  if (!lh_gui_test_iterate_until (selected_is,
                                  GUINT_TO_POINTER (lh_search_tree_get_node (tree, target)->first_child), 3000))
    g_error ("Down after a click did not select the first child of node %u", target);
  lh_gui_test_press ("Up");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (target), 3000))
    g_error ("Up did not select node %u again", target);
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (lh_game_model_get_board (lh_window_get_model (window)), ==, before);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));

  /* Escape: the board has the keys again, and the arrows play. */
  lh_gui_test_press ("Escape");
  if (!lh_gui_test_iterate_until (has_focus, board, 3000))
    g_error ("Escape did not give the focus back to the board");
  lh_gui_test_press ("Left");
  lh_gui_test_iterate_for (300);
  g_assert_cmpuint (lh_game_model_get_board (lh_window_get_model (window)), !=, before);
}

/* Tab leaves the tree forward, to a widget outside the tree's scrolled
 * pane, and Shift+Tab comes back to the tree. */
static void
test_tab_leaves_tree (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  GtkWidget *pane = gtk_widget_get_parent (GTK_WIDGET (view));
  GtkWidget *focus;

  lh_gui_test_press ("Tab");
  lh_gui_test_iterate_for (100);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  lh_gui_test_iterate_for (100);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  lh_gui_test_press ("Tab");
  if (!lh_gui_test_iterate_until (focus_moved_from, view, 3000))
    {
      explain_stuck (GTK_WIDGET (view));
      g_error ("Tab did not leave the tree");
    }
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_test_message ("after the tree, Tab goes to a %s", G_OBJECT_TYPE_NAME (focus));
  g_assert_false (focus == pane || gtk_widget_is_ancestor (focus, pane));
  lh_gui_test_press ("shift+Tab");
  if (!lh_gui_test_iterate_until (has_focus, view, 3000))
    g_error ("Shift+Tab did not come back to the tree (the focus is on a %s)",
             G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (window))));
  lh_gui_test_press ("Escape");
  lh_gui_test_iterate_for (100);
}

/* TRUE if @widget has an accessible name: a label, a labelled-by relation,
 * or (a button, a check button) a label of its own. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  /* The text of a spin button or an entry is part of it: the editable
   * widget around it carries the name. */
  if (GTK_IS_TEXT (widget) && GTK_IS_EDITABLE (gtk_widget_get_parent (widget)))
    widget = gtk_widget_get_parent (widget);
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
      || gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return TRUE;
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    return TRUE;
  if (GTK_IS_CHECK_BUTTON (widget) && gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) != NULL)
    return TRUE;
  return FALSE;
}

/* Tab from the board around the whole window, with @page shown in the
 * sidebar: every widget that takes the focus has a name a screen reader
 * can say.  Returns the number of stops. */
static guint
walk_tab_chain (const char *page)
{
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  AdwViewStack *stack = ADW_VIEW_STACK (lh_gui_test_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));
  GtkWidget *focus = NULL;
  guint stops = 0, unnamed = 0;

  g_assert_nonnull (stack);
  adw_view_stack_set_visible_child_name (stack, page);
  lh_gui_test_iterate_for (300);
  gtk_widget_grab_focus (board);
  lh_gui_test_iterate_for (100);
  for (guint i = 0; i < 150; i++)
    {
      GtkWidget *previous = gtk_root_get_focus (GTK_ROOT (window));

      lh_gui_test_press ("Tab");
      if (!lh_gui_test_iterate_until (focus_moved_from, previous, 2000))
        {
          explain_stuck (previous);
          g_error ("Tab did not move the focus from a %s", G_OBJECT_TYPE_NAME (previous));
        }
      focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus == board)
        break;
      stops++;
      if (!has_accessible_name (focus))
        {
          GtkWidget *parent = gtk_widget_get_parent (focus);

          unnamed++;
          g_test_message ("%s page: unnamed Tab stop: a %s (css name %s) in a %s", page,
                          G_OBJECT_TYPE_NAME (focus), gtk_widget_get_css_name (focus),
                          parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "-");
        }
    }
  g_test_message ("%s page: %u Tab stops, %u without a name", page, stops, unnamed);
  g_assert_true (focus == board);
  g_assert_cmpuint (unnamed, ==, 0);
  return stops;
}

static void
test_tab_stops_named (void)
{
  hint_and_wait_for_tree ();
  g_assert_cmpuint (walk_tab_chain ("ai"), >=, 10);
  g_assert_cmpuint (walk_tab_chain ("heuristic"), >=, 10);
  g_assert_cmpuint (walk_tab_chain ("review"), >=, 3);
  walk_tab_chain ("ai");
}

int
main (int argc, char **argv)
{
  int status;

  data_home = lh_gui_test_fresh_dirs ("lookahead-focus-XXXXXX");
  lh_gui_test_init (&argc, &argv);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_boolean (settings, "show-welcome", FALSE);
    g_settings_set_boolean (settings, "live-analysis", FALSE);
  }
  window = lh_gui_test_start_on_x11 (&app, &window_xid);
  if (window == NULL)
    return 0;
  lh_gui_test_iterate_for (200);

  g_test_add_func ("/focus/click-takes-arrows", test_click_takes_arrows);
  g_test_add_func ("/focus/tab-leaves-tree", test_tab_leaves_tree);
  g_test_add_func ("/focus/tab-stops-named", test_tab_stops_named);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  lh_test_remove_tree (data_home);
  g_free (data_home);
  g_free (window_xid);
  return status;
}
