/* test-window-inspector.c: the search-tree inspector of the real Lookahead
 * window (started as test-window does, lh_tw_start()): a hint's tree drawn,
 * clicked, explored with the real pointer and keys (zoom, pan, collapse),
 * pinched; the scrubber and its step buttons; MCTS's opening view; the
 * record's budget; the export; the tree as a page of the folded window.
 */
#include <gtk/gtk.h>
#include <string.h>

#include "lh-ai-panel.h"
#include "lh-move-chart.h"
#include "lh-search-tree-json.h"
#include "lh-test-util.h"
#include "lh-tree-render.h"
#include "lh-window.h"

#include "lh-gui-test-util.h"
#include "test-window-common.h"

/* The window under test, lh_tw_start ()'s. */
static LhWindow *window;

/* Renders @widget's own drawing into a texture with the window's renderer
 * and counts the pixels that differ from the first one (the background). */
static guint
count_drawn_pixels (GtkWidget *widget)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autofree guint32 *pixels = NULL;
  guint differing = 0;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return 0;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, w);
  pixels = g_new (guint32, (gsize) w * h);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  for (gsize i = 1; i < (gsize) w * h; i++)
    if (pixels[i] != pixels[0])
      differing++;
  return differing;
}

/* Hint fills the inspector: the chart shows the search's values, the tree
 * view draws nodes (its rendering is not blank), the root is selected and
 * its board is the position searched. */
static void
test_inspector_hint (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhTreeView *view = lh_tw_hint_and_wait_for_tree ();
  LhSearchRecord *record = lh_inspector_pane_get_record (pane);
  const LhSolverResult *result;
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  guint pixels;
  double value;

  g_assert_nonnull (record);
  result = lh_search_record_get_result (record);
  g_assert_cmpint (lh_move_chart_get_chosen (lh_window_get_move_chart (window)), ==, result->move);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (lh_move_chart_get_value (lh_window_get_move_chart (window), m, &value),
                       ==, result->legal[m]);
      if (result->legal[m])
        g_assert_cmpfloat (value, ==, result->values[m]);
    }
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), >, 10);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->board, ==,
                    lh_game_model_get_board (lh_window_get_model (window)));
  g_assert_cmpuint (lh_tree_view_get_selected (view), ==, 0);
  g_assert_cmpuint (lh_tree_view_count_drawn (view), >, 1);
  pixels = count_drawn_pixels (GTK_WIDGET (view));
  g_test_message ("%u of %d px drawn", pixels, gtk_widget_get_width (GTK_WIDGET (view)) * gtk_widget_get_height (GTK_WIDGET (view)));
  g_assert_cmpuint (pixels, >, 500);
}

static gboolean
selected_is (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));
  return lh_tree_view_get_selected (view) == GPOINTER_TO_UINT (data);
}

/* A click on a node (at its place computed from the layout) selects it. */
static void
test_inspector_click (void)
{
  LhTreeView *view = lh_tw_hint_and_wait_for_tree ();
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  guint32 target = LH_SEARCH_NODE_NONE;
  graphene_rect_t b;
  graphene_point_t p;
  double sx = 0, sy = 0;
  char x[32], y[32];

  /* The first node other than the root wholly in view. */
  for (guint32 i = 1; i < lh_search_tree_get_n_nodes (tree) && target == LH_SEARCH_NODE_NONE; i++)
    if (lh_tree_view_get_node_bounds (view, i, &b) && b.origin.x >= 0 && b.origin.y >= 0
        && b.origin.x + b.size.width <= w && b.origin.y + b.size.height <= h)
      target = i;
  g_assert_cmpuint (target, !=, LH_SEARCH_NODE_NONE);
  lh_tree_view_get_node_bounds (view, target, &b);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (b.origin.x + b.size.width / 2,
                                                                 b.origin.y + b.size.height / 2), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (x, sizeof x, "%d", (int) (p.x + sx));
  g_snprintf (y, sizeof y, "%d", (int) (p.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), x, y, "click", "1", NULL });
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (target), 3000))
    g_error ("clicking node %u at %s,%s selected node %u", target, x, y,
             lh_tree_view_get_selected (view));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));

  /* Clicked or reached with Tab, the tree walks with the arrows (test-focus
   * checks that the board does not move): Up is the parent, Down its first
   * child. */
  lh_gui_test_press ("Up");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (lh_search_tree_get_node (tree, target)->parent), 3000))
    g_error ("Up did not select the parent of node %u", target);
  lh_gui_test_press ("Down");
  if (!lh_gui_test_iterate_until (selected_is,
                      GUINT_TO_POINTER (lh_search_tree_get_node (tree, lh_search_tree_get_node (tree, target)->parent)->first_child),
                      3000))
    g_error ("Down did not select the first child");
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* The scrubber replays iterative deepening: at depth 1 the chart shows
 * other values than at depth 3. */
static void
test_inspector_scrubber (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  GtkRange *scrubber;
  double last[LH_N_MOVES] = { 0 }, first[LH_N_MOVES] = { 0 };
  gboolean differ = FALSE;
  guint n;

  lh_tw_hint_and_wait_for_tree ();
  scrubber = lh_inspector_pane_get_scrubber (pane);
  n = lh_search_record_get_n_steps (lh_inspector_pane_get_record (pane));
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    lh_move_chart_get_value (chart, m, &last[m]);

  gtk_range_set_value (scrubber, 0);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, 0);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      lh_move_chart_get_value (chart, m, &first[m]);
      differ |= first[m] != last[m];
    }
  g_assert_true (differ);
  if (!lh_gui_test_iterate_until (lh_tw_inspector_has_tree, NULL, 10000))
    g_error ("no tree for the first step");

  /* Export writes the tree shown, the format by the extension. */
  {
    g_autofree char *dir = g_dir_make_tmp ("lookahead-export-XXXXXX", NULL);
    const char *names[] = { "tree.svg", "tree.PNG", "tree.json" };
    const char *magic[] = { "<?xml", "\x89PNG", "{" };
    g_autoptr(GError) error = NULL;

    g_assert_nonnull (dir);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);
        g_autofree char *contents = NULL;
        gsize length = 0;

        g_assert_true (lh_inspector_pane_export (pane, path, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
        g_assert_cmpuint (length, >, 100);
        g_assert_true (i == 1 ? memcmp (contents, "\x89PNG", 4) == 0
                              : g_str_has_prefix (g_strchug (contents), magic[i]));
      }
    {
      g_autofree char *path = g_build_filename (dir, "tree.txt", NULL);
      g_assert_false (lh_inspector_pane_export (pane, path, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "tree.txt"));
    }
    lh_test_remove_tree (dir);
  }

  /* Back at the last step, the chart shows the result again. */
  lh_inspector_pane_set_step (pane, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value = 0;
      lh_move_chart_get_value (chart, m, &value);
      g_assert_cmpfloat (value, ==, last[m]);
    }
}

/* How many nodes of the tree shown have a place in the layout (are not
 * inside a collapsed subtree). */
static guint
count_laid_out (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  graphene_rect_t b;
  guint n = 0;

  for (guint32 i = 0; tree != NULL && i < lh_search_tree_get_n_nodes (tree); i++)
    n += lh_tree_view_get_node_bounds (view, i, &b);
  return n;
}

typedef struct {
  LhTreeView *view;
  guint       n;
} CountIs;

static gboolean
laid_out_count_is (gpointer data)
{
  CountIs *c = data;

  return !lh_tree_view_is_laying_out (c->view) && count_laid_out (c->view) == c->n;
}

static gboolean
laid_out_count_below (gpointer data)
{
  CountIs *c = data;

  return !lh_tree_view_is_laying_out (c->view) && count_laid_out (c->view) < c->n;
}

/* The first node with children, other than the root, wholly in view. */
static guint32
inner_node_in_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;

  for (guint32 i = 1; i < lh_search_tree_get_n_nodes (tree); i++)
    if (lh_search_tree_get_node (tree, i)->first_child != LH_SEARCH_NODE_NONE
        && lh_tree_view_get_node_bounds (view, i, &b) && b.origin.x >= 0 && b.origin.y >= 0
        && b.origin.x + b.size.width <= w && b.origin.y + b.size.height <= h - 40)
      return i;
  return LH_SEARCH_NODE_NONE;
}

/* The opening view of a new tree: readable, the root and all its children
 * wholly in view. */
static void
assert_opening_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;
  guint children = 0;

  g_assert_cmpfloat (lh_tree_view_get_zoom (view), >=, 0.8);
  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &b));
  g_assert_true (b.origin.x >= 0 && b.origin.x + b.size.width <= w && b.origin.y >= 0);
  for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling, children++)
    {
      g_assert_true (lh_tree_view_get_node_bounds (view, c, &b));
      g_assert_true (b.origin.x >= 0 && b.origin.x + b.size.width <= w);
      g_assert_true (b.origin.y + b.size.height <= h);
    }
  g_assert_cmpuint (children, >=, 2);
}

/* Real pointer and keys on the tree: Ctrl+scroll zooms about the pointer,
 * a drag pans (the scroll bars' adjustments move), Enter and a double click
 * collapse a subtree (fewer nodes laid out) and Enter expands it again. */
static void
test_inspector_explore (void)
{
  LhTreeView *view = lh_tw_hint_and_wait_for_tree ();
  GtkWidget *widget = GTK_WIDGET (view);
  GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double zoom, h0, v0;
  guint all;
  guint32 inner;
  CountIs count;

  /* The opening view, the rows below collapsed. */
  assert_opening_view (view);
  g_assert_cmpuint (count_laid_out (view), <, lh_search_tree_get_n_nodes (lh_tree_view_get_tree (view)));

  /* Ctrl+scroll up over the tree zooms in, down zooms out. */
  zoom = lh_tree_view_get_zoom (view);
  lh_tw_pointer_to (widget, w / 3.0, h / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL });
  lh_gui_test_iterate_for (150);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), >, zoom * 1.1);
  zoom = lh_tree_view_get_zoom (view);
  lh_gui_test_xdotool ((const char *[]) { "keydown", "ctrl", "click", "5", "keyup", "ctrl", NULL });
  lh_gui_test_iterate_for (150);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), <, zoom / 1.1);

  /* * on the root expands the whole tree. */
  all = lh_search_tree_get_n_nodes (lh_tree_view_get_tree (view));
  g_assert_cmpuint (count_laid_out (view), <, all);
  lh_tw_focus_by_keyboard (widget);
  lh_gui_test_press ("Home");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (0), 3000))
    g_error ("Home did not select the root");
  lh_gui_test_press ("asterisk");
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("* on the root left %u of %u nodes laid out", count_laid_out (view), all);

  /* A drag pans: the view moves the other way from the pointer. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj) - gtk_adjustment_get_page_size (hadj), >, 200);
  gtk_adjustment_set_value (hadj, (gtk_adjustment_get_upper (hadj) - gtk_adjustment_get_page_size (hadj)) / 2);
  lh_gui_test_iterate_for (50);
  h0 = gtk_adjustment_get_value (hadj);
  v0 = gtk_adjustment_get_value (vadj);
  lh_tw_pointer_to (widget, w / 2.0, h / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "mousedown", "1", NULL });
  lh_gui_test_iterate_for (50);
  for (int i = 1; i <= 5; i++)
    {
      char dx[16], dy[16];

      g_snprintf (dx, sizeof dx, "%d", -30);
      g_snprintf (dy, sizeof dy, "%d", -10);
      lh_gui_test_xdotool ((const char *[]) { "mousemove_relative", "--", dx, dy, NULL });
      lh_gui_test_iterate_for (30);
    }
  lh_gui_test_xdotool ((const char *[]) { "mouseup", "1", NULL });
  lh_gui_test_iterate_for (100);
  g_test_message ("drag: h %.0f -> %.0f, v %.0f -> %.0f", h0, gtk_adjustment_get_value (hadj),
                  v0, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (gtk_adjustment_get_value (hadj), >, h0 + 100);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >=, v0);

  /* Enter on the selected root collapses the whole tree to it... */
  lh_tw_focus_by_keyboard (widget);
  lh_gui_test_press ("Home");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (0), 3000))
    g_error ("Home did not select the root again");
  lh_gui_test_press ("Return");
  count = (CountIs) { view, 1 };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("Enter on the root left %u nodes laid out", count_laid_out (view));
  g_assert_true (lh_tree_view_is_collapsed (view, 0));
  /* ... and again expands it. */
  lh_gui_test_press ("Return");
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("Enter again left %u of %u nodes laid out", count_laid_out (view), all);
  g_assert_false (lh_tree_view_is_collapsed (view, 0));

  /* A double click on a node with children collapses its subtree (at a
   * zoom where a node's box is a few pixels wide: fitting this wide tree
   * makes each node a mark narrower than a pixel). */
  lh_tree_view_zoom_to_fit (view);
  lh_gui_test_iterate_for (50);
  {
    /* The whole expanded tree fits the view: far wider than high, it fits
     * its width, and its rows stay apart (no strip). */
    const LhSearchTree *tree = lh_tree_view_get_tree (view);
    int vw = gtk_widget_get_width (widget), vh = gtk_widget_get_height (widget);
    double top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE;
    graphene_rect_t b;

    g_assert_cmpfloat (lh_tree_view_get_zoom (view), <, LH_TREE_RENDER_SHAPES_ZOOM);
    g_assert_cmpfloat (lh_tree_view_get_zoom_y (view), >, 4 * lh_tree_view_get_zoom (view));
    for (guint32 i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
      {
        g_assert_true (lh_tree_view_get_node_bounds (view, i, &b));
        g_assert_cmpfloat (b.origin.x, >=, -0.5);
        g_assert_cmpfloat (b.origin.y, >=, -0.5);
        g_assert_cmpfloat (b.origin.x + b.size.width, <=, vw + 0.5);
        g_assert_cmpfloat (b.origin.y + b.size.height, <=, vh + 0.5);
        top = MIN (top, b.origin.y);
        bottom = MAX (bottom, b.origin.y + b.size.height);
      }
    g_assert_cmpfloat (bottom - top, >, 40);
    /* Zooming back in to where shapes are drawn makes the scales equal. */
    lh_tree_view_zoom (view, 2 * LH_TREE_RENDER_SHAPES_ZOOM / lh_tree_view_get_zoom (view));
    g_assert_cmpfloat (lh_tree_view_get_zoom_y (view), ==, lh_tree_view_get_zoom (view));
    lh_tree_view_zoom_to_fit (view);
  }
  lh_tree_view_zoom (view, MAX (4.0, 0.08 / lh_tree_view_get_zoom (view)));
  lh_gui_test_iterate_for (100);
  inner = inner_node_in_view (view);
  g_assert_cmpuint (inner, !=, LH_SEARCH_NODE_NONE);
  {
    graphene_rect_t b;
    char rx[32], ry[32];

    g_assert_true (lh_tree_view_get_node_bounds (view, inner, &b));
    lh_tw_root_point (widget, b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2, rx, ry);
    lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), rx, ry,
                                "click", "--repeat", "2", "--delay", "60", "1", NULL });
  }
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_below, &count, 5000))
    g_error ("a double click on node %u collapsed nothing", inner);
  g_assert_true (lh_tree_view_is_collapsed (view, inner));
  lh_tree_view_toggle_collapsed (view, inner);
  count = (CountIs) { view, all };
  g_assert_true (lh_gui_test_iterate_until (laid_out_count_is, &count, 5000));

  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* An MCTS hint opens as expectimax does, the root's moves side by side in
 * view, and the shown iteration's path goes on below them alone: the
 * path's chance node shows only the path's spawn, right under it (not its
 * ~20 spawns, which would spread the moves out of view); expanding it shows
 * every spawn, each collapsed. */
static void
test_inspector_mcts_opening (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhTreeView *view;
  const LhSearchTree *tree;
  LhSearchStep step;
  graphene_rect_t move_box, spawn_box, b;
  guint32 move, spawn;
  guint spawns = 0, shown = 0;
  CountIs count;

  g_settings_set_string (settings, "solver", "mcts");
  g_settings_set_uint (settings, "mcts-iterations", 200);
  lh_gui_test_iterate_for (50);
  view = lh_tw_hint_and_wait_for_tree ();
  tree = lh_tree_view_get_tree (view);
  lh_search_record_get_step (lh_inspector_pane_get_record (pane), lh_inspector_pane_get_step (pane), &step);
  g_assert_cmpuint (step.path_length, >=, 3);
  move = step.path[1];
  spawn = step.path[2];
  g_assert_cmpuint (lh_search_tree_get_node (tree, move)->kind, ==, LH_SEARCH_NODE_CHANCE);

  assert_opening_view (view);
  for (guint i = 0; i < step.path_length; i++)
    {
      g_assert_true (lh_tree_view_is_on_path (view, step.path[i]));
      g_assert_true (lh_tree_view_get_node_bounds (view, step.path[i], &b));
    }
  for (guint32 c = lh_search_tree_get_node (tree, move)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling, spawns++)
    shown += lh_tree_view_get_node_bounds (view, c, &b);
  g_assert_cmpuint (spawns, >, 1);
  g_assert_cmpuint (shown, ==, 1);
  g_assert_true (lh_tree_view_get_node_bounds (view, move, &move_box));
  g_assert_true (lh_tree_view_get_node_bounds (view, spawn, &spawn_box));
  g_assert_cmpfloat_with_epsilon (spawn_box.origin.x, move_box.origin.x, 0.01);

  count = (CountIs) { view, count_laid_out (view) + spawns - 1 };
  lh_tree_view_toggle_collapsed (view, move);
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("expanding the path's chance node laid out %u nodes, not %u", count_laid_out (view), count.n);

  /* The JSON export names the solver that searched. */
  {
    g_autofree char *dir = g_dir_make_tmp ("lookahead-export-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
    g_autofree char *solver = NULL;
    g_autoptr(LhSearchTree) loaded = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (lh_inspector_pane_export (pane, path, &error));
    g_assert_no_error (error);
    loaded = lh_search_tree_new_from_json_file (path, &solver, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (solver, ==, "mcts");
    g_assert_cmpuint (lh_search_tree_get_n_nodes (loaded), ==, lh_search_tree_get_n_nodes (tree));
    lh_test_remove_tree (dir);
  }

  lh_tw_reset_solver_settings (settings);
}

/* The tooltip: over a node the view's query-tooltip answers TRUE (and
 * fills the tooltip), over the empty space beside the tree FALSE. */
static void
test_inspector_tooltip (void)
{
  LhTreeView *view = lh_tw_hint_and_wait_for_tree ();
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  graphene_rect_t b;
  gboolean shown = FALSE;

  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &b));
  g_signal_emit_by_name (view, "query-tooltip", (int) (b.origin.x + b.size.width / 2),
                         (int) (b.origin.y + b.size.height / 2), FALSE, tooltip, &shown);
  g_assert_true (shown);

  /* Left of the root, above the first row: no node there. */
  shown = TRUE;
  g_signal_emit_by_name (view, "query-tooltip", 2, 2, FALSE, tooltip, &shown);
  g_assert_false (shown);

  /* Keyboard mode: the focused node's tooltip. */
  g_signal_emit_by_name (view, "query-tooltip", 0, 0, TRUE, tooltip, &shown);
  g_assert_true (shown);
}

/* The Step back and Step forward buttons, clicked, move the scrubber and
 * the chart through the iterations, and are disabled at the ends. */
static void
test_inspector_step_buttons (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  GtkRange *scrubber;
  GtkWidget *back, *forward;
  double last[LH_N_MOVES] = { 0 }, previous[LH_N_MOVES] = { 0 };
  gboolean differ = FALSE;
  guint n;

  lh_tw_hint_and_wait_for_tree ();
  scrubber = lh_inspector_pane_get_scrubber (pane);
  back = gtk_widget_get_prev_sibling (GTK_WIDGET (scrubber));
  forward = gtk_widget_get_next_sibling (GTK_WIDGET (scrubber));
  g_assert_true (GTK_IS_BUTTON (back) && GTK_IS_BUTTON (forward));
  n = lh_search_record_get_n_steps (lh_inspector_pane_get_record (pane));
  g_assert_cmpuint (n, >=, 2);
  g_assert_false (gtk_widget_get_sensitive (forward));
  g_assert_true (gtk_widget_get_sensitive (back));
  for (int m = 0; m < LH_N_MOVES; m++)
    lh_move_chart_get_value (chart, m, &last[m]);

  lh_tw_click_widget (back);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 2);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 2);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      lh_move_chart_get_value (chart, m, &previous[m]);
      differ |= previous[m] != last[m];
    }
  g_assert_true (differ);
  g_assert_true (gtk_widget_get_sensitive (forward));

  lh_tw_click_widget (forward);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value = 0;

      lh_move_chart_get_value (chart, m, &value);
      g_assert_cmpfloat (value, ==, last[m]);
    }
  g_assert_false (gtk_widget_get_sensitive (forward));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* The record's budget has a control in the AI panel, 1,000 to the schema's
 * 1,000,000 nodes, that says its memory cost; a search recorded after a
 * change keeps that many nodes at most per step. */
static void
test_inspector_budget (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  GtkAdjustment *budget = lh_ai_panel_get_record_adjustment (lh_window_get_ai_panel (window));
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhSearchRecord *record;
  guint n;

  g_assert_cmpfloat (gtk_adjustment_get_lower (budget), ==, 1000);
  g_assert_cmpfloat (gtk_adjustment_get_upper (budget), ==, LH_SEARCH_TREE_MAX_NODES);
  g_assert_cmpfloat (gtk_adjustment_get_value (budget), ==,
                     g_settings_get_uint (settings, "inspector-max-nodes"));

  gtk_adjustment_set_value (budget, LH_SEARCH_TREE_MAX_NODES);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, LH_SEARCH_TREE_MAX_NODES);
  gtk_adjustment_set_value (budget, 2000);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, 2000);

  lh_inspector_pane_set_record (pane, NULL);
  lh_tw_hint_and_wait_for_tree ();
  record = lh_inspector_pane_get_record (pane);
  n = lh_search_record_get_n_steps (record);
  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      LhSearchStep step;

      lh_search_record_get_step (record, i, &step);
      g_assert_nonnull (step.tree);
      g_assert_cmpuint (lh_search_tree_get_max_nodes (step.tree), ==, 2000);
      g_assert_cmpuint (lh_search_tree_get_n_nodes (step.tree), <=, 2000);
    }
  /* The depth-3 search of this position has more nodes than that: the
   * budget was what limited the last step's record. */
  {
    LhSearchStep last;

    lh_search_record_get_step (record, n - 1, &last);
    g_assert_cmpuint (lh_search_tree_get_n_nodes (last.tree), >, 1000);
  }

  gtk_adjustment_set_value (budget, 20000);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, 20000);
  lh_inspector_pane_set_record (pane, NULL);
}

/* A pinch on the tree view (its GtkGestureZoom) zooms by the pinch's
 * scale from the zoom it started at, about the centre when the gesture
 * has no touch points to centre on. */
static void
test_inspector_pinch (void)
{
  LhTreeView *view = lh_tw_hint_and_wait_for_tree ();
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  GtkGesture *pinch = NULL;
  gulong handler;
  double start;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_ZOOM (controller))
        pinch = GTK_GESTURE (controller);
    }
  g_assert_nonnull (pinch);

  lh_tree_view_zoom_to_fit (view);
  start = lh_tree_view_get_zoom (view);
  g_assert_cmpfloat (start * 1.5, <=, LH_TREE_VIEW_MAX_ZOOM);
  /* "begin" without a real touch: after the view's handler, stop the
   * emission before GtkGestureZoom's own (which reads the event). */
  handler = g_signal_connect (pinch, "begin", G_CALLBACK (lh_gui_test_stop_gesture_begin), NULL);
  g_signal_emit_by_name (pinch, "begin", NULL);
  g_signal_handler_disconnect (pinch, handler);
  g_signal_emit_by_name (pinch, "scale-changed", 1.25);
  g_assert_cmpfloat_with_epsilon (lh_tree_view_get_zoom (view), start * 1.25, 1e-9);
  /* The scale is relative to the pinch's start, not to the last step. */
  g_signal_emit_by_name (pinch, "scale-changed", 1.5);
  g_assert_cmpfloat_with_epsilon (lh_tree_view_get_zoom (view), start * 1.5, 1e-9);
  g_signal_emit_by_name (pinch, "scale-changed", 1e-6);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), ==, LH_TREE_VIEW_MIN_ZOOM);
  lh_tree_view_zoom_to_fit (view);
}

/* Folded (360 px), the tree is a page: F9 (the toggle) goes there, a hint
 * fills it there; hidden, its page is gone; wide again, it shows beside the
 * board with the same tree. */
static void
test_inspector_narrow (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *tree_button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                      "tree_page_button"));
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  const LhSearchTree *tree;
  int width = 0, height = 0;

  g_assert_true (g_settings_get_boolean (settings, "inspector-visible"));
  lh_inspector_pane_set_record (pane, NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  lh_tw_resize_window (360, 720);
  lh_gui_test_iterate_for (200);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (pane)));

  /* F9 off: no tree page; on: the tree page comes into view. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (FALSE));
  lh_gui_test_iterate_for (100);
  g_assert_false (gtk_widget_get_visible (tree_button));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, pane, 3000))
    g_error ("folded, showing the inspector did not bring it into view");
  g_assert_true (gtk_widget_get_visible (tree_button));
  lh_gui_test_iterate_for (200);  /* its first allocation on the page */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (pane)), <=, 360);
  lh_tw_hint_and_wait_for_tree ();
  tree = lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane));
  g_assert_cmpuint (lh_tree_view_count_drawn (lh_inspector_pane_get_tree_view (pane)), >, 0);

  /* Wide again: beside the board, the same tree. */
  lh_tw_resize_window (1000, height);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, pane, 3000))
    g_error ("wide again, the inspector is not in view");
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane)) == tree);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (lh_window_get_board_view (window))));
  lh_tw_resize_window (width, height);
  lh_gui_test_iterate_for (300);
  lh_inspector_pane_set_record (pane, NULL);
}

int
main (int argc, char *argv[])
{
  window = lh_tw_start (&argc, &argv, NULL);
  g_test_add_func ("/gui/window/inspector-hint", test_inspector_hint);
  g_test_add_func ("/gui/window/inspector-click", test_inspector_click);
  g_test_add_func ("/gui/window/inspector-scrubber", test_inspector_scrubber);
  g_test_add_func ("/gui/window/inspector-explore", test_inspector_explore);
  g_test_add_func ("/gui/window/inspector-mcts-opening", test_inspector_mcts_opening);
  g_test_add_func ("/gui/window/inspector-tooltip", test_inspector_tooltip);
  g_test_add_func ("/gui/window/inspector-step-buttons", test_inspector_step_buttons);
  g_test_add_func ("/gui/window/inspector-budget", test_inspector_budget);
  g_test_add_func ("/gui/window/inspector-pinch", test_inspector_pinch);
  g_test_add_func ("/gui/window/inspector-narrow", test_inspector_narrow);
  return lh_tw_run ();
}
