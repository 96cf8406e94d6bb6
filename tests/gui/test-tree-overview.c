/* test-tree-overview.c: the search tree in miniature (issue 26, item 7):
 * shown only while the tree overflows its view, its frame is the part in
 * view, and a click in it centres the view there.  On an X display. */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <math.h>

#include "lh-gui-test-util.h"
#include "lh-search-record.h"
#include "lh-tree-overview.h"
#include "lh-tree-view.h"

/* The root, 4 moves, @n_spawns spawns under each and 4 moves under each
 * spawn: 5 + 20 @n_spawns nodes. */
static LhSearchRecord *
record_of (guint n_spawns)
{
  LhSearchTree *tree = lh_search_tree_new (8 + 20 * n_spawns);
  LhSolverResult result = { 0 };
  guint32 root = lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      guint32 move = lh_search_tree_add (tree, root, LH_SEARCH_NODE_CHANCE, 0, 1, m, -1, 0, 1.0);

      lh_search_tree_set_value (tree, move, 100 + m, 0);
      for (guint s = 0; s < n_spawns; s++)
        {
          guint32 spawn = lh_search_tree_add (tree, move, LH_SEARCH_NODE_PLAYER, 0, 2, -1, (int) (s % 16), 1,
                                              1.0 / n_spawns);

          lh_search_tree_set_value (tree, spawn, 100 + m, 0);
          for (int k = 0; k < LH_N_MOVES; k++)
            lh_search_tree_set_value (tree, lh_search_tree_add (tree, spawn, LH_SEARCH_NODE_LEAF, 0, 3, k, -1, 0, 1.0),
                                      100 + m, 0);
        }
    }
  lh_search_tree_set_value (tree, root, 103, 0);
  return lh_search_record_new (0, LH_GEOMETRY_DEFAULT, LH_SOLVER_EXPECTIMAX, &result, tree);
}

static void
wait_for_layout (LhTreeView *view)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (lh_tree_view_is_laying_out (view) && g_get_monotonic_time () < end)
    lh_gui_test_iterate_for (10);
  g_assert_false (lh_tree_view_is_laying_out (view));
  lh_gui_test_iterate_for (100);
}

static void
test_overview (void)
{
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = lh_tree_view_new ();
  GtkWidget *overview = g_object_new (LH_TYPE_TREE_OVERVIEW, "halign", GTK_ALIGN_END,
                                      "valign", GTK_ALIGN_END, NULL);
  GtkWidget *window;
  g_autoptr(LhSearchRecord) small = record_of (1);
  g_autoptr(LhSearchRecord) big = record_of (30);
  GtkAdjustment *h = NULL;
  graphene_rect_t frame, moved, area;
  double lx, ly, before;

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), scrolled);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), overview);
  lh_tree_overview_set_view (LH_TREE_OVERVIEW (overview), LH_TREE_VIEW (view));
  window = lh_gui_test_show_in_window (overlay, 700, 500);
  h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));

  /* No tree, or one that fits: no overview, and the pointer goes through. */
  g_assert_false (lh_tree_overview_get_needed (LH_TREE_OVERVIEW (overview)));
  lh_tree_view_set_tree (LH_TREE_VIEW (view), small, lh_search_record_get_tree (small));
  wait_for_layout (LH_TREE_VIEW (view));
  lh_tree_view_zoom_to_fit (LH_TREE_VIEW (view));
  lh_gui_test_iterate_for (50);
  g_assert_false (lh_tree_overview_get_needed (LH_TREE_OVERVIEW (overview)));
  g_assert_false (gtk_widget_get_can_target (overview));

  /* A tree far wider than its view, opened whole. */
  lh_tree_view_set_tree (LH_TREE_VIEW (view), big, lh_search_record_get_tree (big));
  wait_for_layout (LH_TREE_VIEW (view));
  lh_tree_view_expand_subtree (LH_TREE_VIEW (view), 0);
  wait_for_layout (LH_TREE_VIEW (view));
  g_assert_true (lh_tree_overview_get_needed (LH_TREE_OVERVIEW (overview)));
  g_assert_true (gtk_widget_get_can_target (overview));
  g_assert_cmpfloat (gtk_widget_get_opacity (overview), ==, 1.0);

  /* The frame is the part in view: inside the overview, narrower than it. */
  g_assert_true (lh_tree_overview_get_frame (LH_TREE_OVERVIEW (overview), &frame));
  g_test_message ("frame %.1f,%.1f %.1fx%.1f in %dx%d", frame.origin.x, frame.origin.y,
                  frame.size.width, frame.size.height,
                  gtk_widget_get_width (overview), gtk_widget_get_height (overview));
  g_assert_cmpfloat (frame.size.width, >, 0);
  g_assert_cmpfloat (frame.size.width, <, gtk_widget_get_width (overview) / 2.0);
  g_assert_true (lh_tree_view_get_visible_area (LH_TREE_VIEW (view), &area));
  g_assert_true (lh_tree_overview_to_layout (LH_TREE_OVERVIEW (overview), frame.origin.x, frame.origin.y, &lx, &ly));
  g_assert_cmpfloat_with_epsilon (lx, area.origin.x, 1e-6 * MAX (1.0, fabs (lx)));
  g_assert_cmpfloat_with_epsilon (ly, area.origin.y, 1e-6 * MAX (1.0, fabs (ly)));

  /* A click near the overview's right end centres the view there: the
   * view scrolls right, and the frame follows. */
  before = gtk_adjustment_get_value (h);
  {
    double x = gtk_widget_get_width (overview) * 0.9, y = gtk_widget_get_height (overview) / 2.0;
    double cx, cy;

    g_assert_true (lh_tree_overview_to_layout (LH_TREE_OVERVIEW (overview), x, y, &lx, &ly));
    lh_gui_test_click_at (overview, x, y);
    lh_gui_test_iterate_for (100);
    g_assert_cmpfloat (gtk_adjustment_get_value (h), >, before);
    g_assert_true (lh_tree_overview_get_frame (LH_TREE_OVERVIEW (overview), &moved));
    g_assert_cmpfloat (moved.origin.x, >, frame.origin.x);
    g_assert_true (lh_tree_view_get_visible_area (LH_TREE_VIEW (view), &area));
    cx = area.origin.x + area.size.width / 2;
    cy = area.origin.y + area.size.height / 2;
    /* Centred, unless the scroll range ends first. */
    if (gtk_adjustment_get_value (h) < gtk_adjustment_get_upper (h) - gtk_adjustment_get_page_size (h) - 1)
      g_assert_cmpfloat (fabs (cx - lx), <, 2.0);
    (void) cy;
  }

  /* No tree again: hidden. */
  lh_tree_view_set_tree (LH_TREE_VIEW (view), NULL, NULL);
  lh_gui_test_iterate_for (50);
  g_assert_false (lh_tree_overview_get_needed (LH_TREE_OVERVIEW (overview)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/tree-overview/overview", test_overview);
  return g_test_run ();
}
