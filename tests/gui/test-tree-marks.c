/* test-tree-marks.c: the inspector's tree view on an X display (run under
 * xvfb-run), issue 12 items 5 and 6: a single click on a node's disclosure
 * mark opens and closes it, the mark's tooltip says what it hides; a deep
 * MCTS path is scrolled into view when the tree opens; "Fit" never
 * shrinks nodes below the zoom where their values are written, and what
 * does not fit then scrolls.
 */
#include <gtk/gtk.h>
#include <string.h>

#include "lh-board-text.h"
#include "lh-gui-test-util.h"
#include "lh-principal-variation.h"
#include "lh-search-record.h"
#include "lh-tree-render.h"
#include "lh-tree-view.h"
#include "lh-test-util.h"

/* A real search of @board_text (no table, no cutoff) recorded whole. */
static LhSearchRecord *
search_record (LhSolverKind kind, const char *board_text, guint depth, guint iterations)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LhSolver) solver = NULL;
  LhSearchTree *tree = lh_search_tree_new (200000);
  LhSolverParams params;
  LhSolverResult result;
  LhBoard board;
  LhGeometry geometry;

  g_assert_true (lh_board_parse (board_text, &board, &geometry, &error));
  lh_solver_params_init_default (&params);
  params.kind = kind;
  params.depth = depth;
  params.probability_cutoff = 0;
  params.use_transposition_table = FALSE;
  params.mcts.iterations = iterations;
  params.mcts.playout.max_moves = 20;
  params.seed = 3;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, geometry, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  return lh_search_record_new (board, geometry, kind, &result, tree);
}

/* Runs the main loop until @view has laid its tree out (at most 5 s). */
static void
wait_laid_out (LhTreeView *view)
{
  for (guint i = 0; i < 500 && lh_tree_view_is_laying_out (view); i++)
    lh_gui_test_iterate_for (10);
  g_assert_false (lh_tree_view_is_laying_out (view));
  lh_gui_test_iterate_for (50);
}

/* A view of @width x @height in a scrolled window. */
static LhTreeView *
view_in_window (int width, int height, GtkWidget **window)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = lh_tree_view_new ();

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  *window = lh_gui_test_show_in_window (scrolled, width, height);
  return LH_TREE_VIEW (view);
}


static void
click_at (LhTreeView *view, const graphene_rect_t *r)
{
  g_signal_emit_by_name (lh_gui_test_find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK), "pressed", 1,
                         (double) r->origin.x + r->size.width / 2, (double) r->origin.y + r->size.height / 2);
}

static void
test_mark_click (void)
{
  g_autoptr (LhSearchRecord) record = search_record (LH_SOLVER_EXPECTIMAX, "2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2", 3, 0);
  const LhSearchTree *tree = lh_search_record_get_tree (record);
  GtkWidget *window;
  LhTreeView *view = view_in_window (700, 500, &window);
  guint32 other = LH_SEARCH_NODE_NONE;
  graphene_rect_t mark, node;
  g_autofree char *hides = NULL;
  g_autofree char *shows = NULL;

  lh_tree_view_set_tree (view, record, tree);
  wait_laid_out (view);

  /* A move off the chosen line opens collapsed: its mark reads what it hides. */
  for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    if (lh_search_tree_get_node (tree, c)->move != lh_search_tree_get_chosen_move (tree))
      other = c;
  g_assert_cmpuint (other, !=, LH_SEARCH_NODE_NONE);
  g_assert_true (lh_tree_view_is_collapsed (view, other));
  hides = lh_tree_view_describe_mark (view, other);
  g_assert_nonnull (hides);
  g_assert_true (strstr (hides, " nodes below: ") != NULL);
  g_assert_true (strstr (hides, "spawns of a 2") != NULL);
  g_assert_true (g_str_has_suffix (hides, "click the ▸ mark or press Enter to open"));

  /* The mark is below its node, not on it, and inside the view. */
  g_assert_true (lh_tree_view_get_mark_bounds (view, other, &mark));
  g_assert_true (lh_tree_view_get_node_bounds (view, other, &node));
  g_assert_cmpfloat (mark.origin.y, >=, node.origin.y + node.size.height);
  g_assert_false (graphene_rect_intersection (&mark, &node, NULL));

  /* One click on it opens the node. */
  click_at (view, &mark);
  wait_laid_out (view);
  g_assert_false (lh_tree_view_is_collapsed (view, other));
  g_assert_cmpuint (lh_tree_view_get_selected (view), ==, other);
  shows = lh_tree_view_describe_mark (view, other);
  g_assert_true (strstr (shows, "collapse") != NULL);

  /* One more closes it again. */
  g_assert_true (lh_tree_view_get_mark_bounds (view, other, &mark));
  click_at (view, &mark);
  wait_laid_out (view);
  g_assert_true (lh_tree_view_is_collapsed (view, other));

  /* A click on a node itself only selects it. */
  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &node));
  click_at (view, &node);
  lh_gui_test_iterate_for (50);
  g_assert_false (lh_tree_view_is_laying_out (view));
  g_assert_cmpuint (lh_tree_view_get_selected (view), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_deep_path_in_view (void)
{
  g_autoptr (LhSearchRecord) record = search_record (LH_SOLVER_MCTS, "2 4 8 16/0 0 4 2/0 0 0 2/0 0 0 0", 1, 4000);
  const LhSearchTree *tree = lh_search_record_get_tree (record);
  g_autoptr (GArray) line = lh_principal_variation_for_move (tree, LH_MOVE_NONE, TRUE, G_MAXUINT);
  g_autofree guint32 *path = NULL;
  guint path_length;
  GtkWidget *window;
  LhTreeView *view = view_in_window (500, 260, &window);
  graphene_rect_t b;
  int w, h;

  path = lh_principal_variation_nodes (line, 0, &path_length);
  /* Deep enough to be below a 260 px view at the opening zoom. */
  g_assert_cmpuint (path_length, >=, 6);
  lh_tree_view_set_tree_with_path (view, record, tree, path, path_length);
  wait_laid_out (view);

  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_true (lh_tree_view_get_node_bounds (view, path[path_length - 1], &b));
  g_assert_cmpfloat (b.origin.y, >=, 0);
  g_assert_cmpfloat (b.origin.y + b.size.height, <=, h);
  g_assert_cmpfloat (b.origin.x, >=, 0);
  g_assert_cmpfloat (b.origin.x + b.size.width, <=, w);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether every node @view shows is inside it. */
static gboolean
all_in_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;

  for (guint32 i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
    if (lh_tree_view_get_node_bounds (view, i, &b)
        && (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > w + 0.5
            || b.origin.y + b.size.height > h + 0.5))
      return FALSE;
  return TRUE;
}

static void
test_fit_legible (void)
{
  g_autoptr (LhSearchRecord) small = search_record (LH_SOLVER_EXPECTIMAX, "2 4 8 16/2 4 8 16/4 8 16 32/8 16 32 64",
                                                    1, 0);
  g_autoptr (LhSearchRecord) big = search_record (LH_SOLVER_EXPECTIMAX, "2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2", 2, 0);
  GtkWidget *window;
  LhTreeView *view = view_in_window (600, 400, &window);
  GtkAdjustment *h, *v;
  graphene_rect_t b;

  /* A small tree fits whole, as the overview fits it. */
  lh_tree_view_set_tree (view, small, lh_search_record_get_tree (small));
  wait_laid_out (view);
  lh_tree_view_zoom_to_fit_legible (view);
  lh_gui_test_iterate_for (50);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), >=, LH_TREE_VIEW_LEGIBLE_ZOOM);
  g_assert_true (all_in_view (view));

  /* A big tree, all expanded (hundreds of nodes side by side): the
   * overview shrinks its nodes to marks; Fit stops at the legible zoom,
   * the root in view, and the rest scrolls. */
  lh_tree_view_set_tree (view, big, lh_search_record_get_tree (big));
  wait_laid_out (view);
  lh_tree_view_expand_subtree (view, 0);
  wait_laid_out (view);
  lh_tree_view_zoom_to_fit (view);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), <, LH_TREE_VIEW_LEGIBLE_ZOOM);
  lh_tree_view_zoom_to_fit_legible (view);
  lh_gui_test_iterate_for (50);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), ==, LH_TREE_VIEW_LEGIBLE_ZOOM);
  g_assert_false (all_in_view (view));
  h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), >, 2 * gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >=, gtk_adjustment_get_page_size (v));
  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &b));
  g_assert_cmpfloat (b.origin.x, >=, 0);
  g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (GTK_WIDGET (view)));
  g_assert_cmpfloat (b.origin.y, >=, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/tree-marks/click", test_mark_click);
  g_test_add_func ("/tree-marks/deep-path-in-view", test_deep_path_in_view);
  g_test_add_func ("/tree-marks/fit-legible", test_fit_legible);
  return g_test_run ();
}
