/* test-expected-line.c: the expected line (issue 12, item 5) in real
 * widgets on an X display (run under xvfb-run): the strip of small boards
 * (one per step of a real record's line, the spawned tile ringed, the
 * line in words for screen readers, at most 300 px wide however long the
 * line) and the move chart's "hovered-move" (the row under the pointer,
 * else the one clicked, only legal moves).  With LH_LINE_STRIP_SHOTS=DIR
 * the strip is saved there as a PNG file, to look at.
 */
#include <gtk/gtk.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-line-strip.h"
#include "lh-mini-board.h"
#include "lh-move-chart.h"
#include "lh-principal-variation.h"
#include "lh-search-tree.h"
#include "lh-test-util.h"

static char *
accessible_string (GtkAccessible *accessible, GtkAccessibleProperty property)
{
  /* check_property returns the actual value when it differs from the one
   * asked for, NULL when it is that one: ask for one it cannot be. */
  char *value = gtk_test_accessible_check_property (accessible, property, "\\x01 never");

  return value != NULL ? value : g_strdup ("\\x01 never");
}

static void
maybe_save (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("LH_LINE_STRIP_SHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_strdup_printf ("%s/%s.png", dir, name);
  gdk_texture_save_to_png (texture, path);
}

static void
test_strip (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2", 3, 200000);
  g_autoptr (GArray) steps = lh_principal_variation_for_move (tree, LH_MOVE_NONE, FALSE, 12);
  g_autofree char *words = lh_principal_variation_describe (steps);
  g_autofree char *expected = g_strdup_printf ("Expected line: %s", words);
  g_autofree char *description = NULL;
  g_autofree char *empty = NULL;
  GtkWidget *strip = lh_line_strip_new ();
  GtkWidget *window = lh_gui_test_show_in_window (strip, 300, -1);

  lh_line_strip_set_line (LH_LINE_STRIP (strip), steps, LH_GEOMETRY_DEFAULT);
  lh_gui_test_iterate_for (100);
  maybe_save (strip, "strip");

  /* One board per step, showing its position, its spawn ringed. */
  g_assert_cmpuint (steps->len, ==, 3);
  g_assert_cmpuint (lh_line_strip_get_n_steps (LH_LINE_STRIP (strip)), ==, 3);
  for (guint i = 0; i < steps->len; i++)
    {
      const LhPvStep *step = &g_array_index (steps, LhPvStep, i);
      LhMiniBoard *board = LH_MINI_BOARD (lh_line_strip_get_board (LH_LINE_STRIP (strip), i));

      g_assert_true (lh_mini_board_get_wide_board (board) == step->board);
      g_assert_cmpint (lh_mini_board_get_marked_cell (board), ==, step->spawn_cell);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (board)));
    }
  g_assert_cmpint (lh_mini_board_get_marked_cell (LH_MINI_BOARD (lh_line_strip_get_board (LH_LINE_STRIP (strip), 0))),
                   >=, 0);

  /* Screen readers hear the line in words. */
  g_assert_true (strstr (words, ", then a ") != NULL);
  g_assert_cmpstr (lh_line_strip_get_text (LH_LINE_STRIP (strip)), ==, words);
  description = accessible_string (GTK_ACCESSIBLE (strip), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (description, ==, expected);

  /* The caption names the move the line follows; from a node selected deep
   * in the tree, it says so instead. */
  g_assert_true (g_str_has_prefix (lh_line_strip_get_caption (LH_LINE_STRIP (strip)), "Expected line after "));
  lh_line_strip_set_from_node (LH_LINE_STRIP (strip), TRUE);
  lh_line_strip_set_line (LH_LINE_STRIP (strip), steps, LH_GEOMETRY_DEFAULT);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_caption (LH_LINE_STRIP (strip)),
                                   "Expected line from the selected node: 3 moves, "));
  lh_line_strip_set_from_node (LH_LINE_STRIP (strip), FALSE);

  /* A long line scrolls within 300 px: 12 boards would take some 800. */
  {
    g_autoptr (GArray) long_line = g_array_new (FALSE, FALSE, sizeof (LhPvStep));
    int natural;

    for (guint i = 0; i < 12; i++)
      g_array_append_vals (long_line, &g_array_index (steps, LhPvStep, i % steps->len), 1);
    lh_line_strip_set_line (LH_LINE_STRIP (strip), long_line, LH_GEOMETRY_DEFAULT);
    gtk_widget_measure (strip, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    g_assert_cmpint (natural, <=, 300);
    lh_gui_test_iterate_for (100);
    g_assert_cmpint (gtk_widget_get_width (strip), <=, 300);
    g_assert_cmpuint (lh_line_strip_get_n_steps (LH_LINE_STRIP (strip)), ==, 12);
  }

  /* No line: no boards, nothing to hear. */
  lh_line_strip_set_line (LH_LINE_STRIP (strip), NULL, LH_GEOMETRY_DEFAULT);
  g_assert_cmpuint (lh_line_strip_get_n_steps (LH_LINE_STRIP (strip)), ==, 0);
  empty = accessible_string (GTK_ACCESSIBLE (strip), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_cmpstr (empty, ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
}


static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

static void
test_chart_hover (void)
{
  GtkWidget *chart = lh_move_chart_new ();
  GtkWidget *window = lh_gui_test_show_in_window (chart, 360, -1);
  GtkEventController *motion = lh_gui_test_find_controller (chart, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  LhSolverResult r = {
    .move = LH_MOVE_UP,
    .legal = { TRUE, TRUE, TRUE, FALSE },
    .values = { 100, 90, 80, 0 },
  };
  guint notified = 0;

  lh_solver_std_errors_clear (r.std_errors);
  g_signal_connect (chart, "notify::hovered-move", G_CALLBACK (count_notify), &notified);

  /* Without values, no row counts. */
  g_signal_emit_by_name (motion, "motion", 100.0, lh_gui_test_chart_row_middle (LH_MOVE_DOWN));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_NONE);
  g_assert_cmpuint (notified, ==, 0);

  lh_move_chart_set_result (LH_MOVE_CHART (chart), LH_SOLVER_EXPECTIMAX, &r);
  g_signal_emit_by_name (motion, "motion", 100.0, lh_gui_test_chart_row_middle (LH_MOVE_DOWN));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_DOWN);
  g_assert_cmpuint (notified, ==, 1);
  {
    int value;
    g_object_get (chart, "hovered-move", &value, NULL);
    g_assert_cmpint (value, ==, LH_MOVE_DOWN);
  }
  /* Moving within the row notifies nothing; the next row does. */
  g_signal_emit_by_name (motion, "motion", 200.0, lh_gui_test_chart_row_middle (LH_MOVE_DOWN) + 5);
  g_assert_cmpuint (notified, ==, 1);
  g_signal_emit_by_name (motion, "motion", 100.0, lh_gui_test_chart_row_middle (LH_MOVE_LEFT));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_LEFT);
  g_assert_cmpuint (notified, ==, 2);
  /* A move that is not possible is no candidate. */
  g_signal_emit_by_name (motion, "motion", 100.0, lh_gui_test_chart_row_middle (LH_MOVE_RIGHT));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_NONE);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_NONE);

  /* The selected move stands in while the pointer is on no row. */
  lh_move_chart_set_selected_move (LH_MOVE_CHART (chart), LH_MOVE_LEFT);
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_LEFT);
  g_signal_emit_by_name (motion, "motion", 100.0, lh_gui_test_chart_row_middle (LH_MOVE_UP));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_UP);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_LEFT);

  /* A new result where it is not legal: none, notified. */
  notified = 0;
  r.legal[LH_MOVE_LEFT] = FALSE;
  lh_move_chart_set_result (LH_MOVE_CHART (chart), LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_NONE);
  g_assert_cmpuint (notified, ==, 1);
  lh_move_chart_clear (LH_MOVE_CHART (chart));
  g_assert_cmpint (lh_move_chart_get_hovered_move (LH_MOVE_CHART (chart)), ==, LH_MOVE_NONE);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/expected-line/strip", test_strip);
  g_test_add_func ("/expected-line/chart-hover", test_chart_hover);
  return g_test_run ();
}
