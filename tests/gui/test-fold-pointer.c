/* test-fold-pointer.c: the window folds with the pointer over the tree.
 *
 * Found by test-soak (issue 15): GTK warned "Trying to snapshot
 * GtkScrolledWindow ... without a current allocation" about the board page.
 * libadwaita 1.2's leaflet takes the tree column out of view (unmaps it)
 * inside its allocation, once it has given the board page its folded
 * place; GTK then picks the widget under the pointer again and sends it the
 * crossing events at once.  When that widget is a row of the move chart,
 * the chart's "hovered-move" changes in the middle of the layout, and the
 * window rebuilt the expected line there: the resize it queued was dropped
 * and the board page drawn without a place.
 *
 * The test starts Lookahead with the tree shown and the sidebar hidden,
 * asks for a hint (values in the chart, an expected line), folds the window
 * once to learn where the chart is at the moment the tree is unmapped, then
 * unfolds it, puts the pointer (xdotool) on the tree where a row of the
 * chart will come, and folds it again.  Every "Trying to snapshot" warning
 * fails the test; the expected line must then be the hovered move's.
 */
#include <string.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-analysis.h"
#include "lh-application.h"
#include "lh-format.h"
#include "lh-gui-test-util.h"
#include "lh-line-strip.h"
#include "lh-move-chart.h"
#include "lh-test-util.h"
#include "lh-window.h"

/* The widths: the three columns side by side, and folded. */
#define WIDE_WIDTH 1400
#define FOLDED_WIDTH 600
#define HEIGHT 900

static LhApplication *app;
static LhWindow *window;
static char *window_xid;
static guint n_snapshot_warnings;

/* Where the move chart was, in the window's coordinates, when the leaflet
 * unmapped the tree column (folding), and whether that happened. */
static graphene_rect_t chart_at_unmap;
static gboolean tree_unmapped;

/* Counts and prints GTK's warnings that a widget was drawn without a
 * place; any other message is logged as usual. */
static GLogWriterOutput
log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length == -1
        && g_str_has_prefix (fields[i].value, "Trying to snapshot "))
      {
        n_snapshot_warnings++;
        g_printerr ("%s\n", (const char *) fields[i].value);
        return G_LOG_WRITER_HANDLED;
      }
  return g_log_writer_default (level, fields, n_fields, data);
}

static GtkWidget *
template_child (const char *name)
{
  GtkWidget *child = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW, name));

  g_assert_nonnull (child);
  return child;
}

static void
tree_unmap_cb (GtkWidget *tree, gpointer data)
{
  if (!gtk_widget_compute_bounds (GTK_WIDGET (lh_window_get_move_chart (window)), GTK_WIDGET (window),
                                  &chart_at_unmap))
    g_error ("the move chart is not in the window");
  tree_unmapped = TRUE;
}

/* Moves the real pointer to (@x, @y) of the window widget. */
static void
pointer_to (double x, double y)
{
  double sx = 0, sy = 0;
  char xs[32], ys[32];

  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (xs, sizeof xs, "%d", (int) (x + sx));
  g_snprintf (ys, sizeof ys, "%d", (int) (y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, xs, ys, NULL });
}

static gboolean
leaflet_folded_is (gpointer data)
{
  return adw_leaflet_get_folded (ADW_LEAFLET (template_child ("leaflet"))) == GPOINTER_TO_INT (data);
}

/* Resizes the window to @width and waits until the leaflet is @folded and
 * its animation is over. */
static void
resize_to (int width, gboolean folded)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, HEIGHT);
  if (!lh_gui_test_iterate_until (leaflet_folded_is, GINT_TO_POINTER (folded), 3000))
    g_error ("%d px wide, the window is %s", width, folded ? "not folded" : "still folded");
  lh_gui_test_iterate_for (800);
}

static gboolean
line_shown (gpointer data)
{
  return gtk_widget_get_visible (template_child ("line_strip"))
         && !lh_analysis_get_stale (lh_window_get_analysis (window));
}

static void
test_fold_under_pointer (void)
{
  LhMoveChart *chart = lh_window_get_move_chart (window);
  LhLineStrip *strip = LH_LINE_STRIP (template_child ("line_strip"));
  GtkWidget *tree = template_child ("tree_stack");
  GtkWidget *picked;
  gulong handler;
  double x, y;
  int hovered;

  g_assert_nonnull (window_xid);
  resize_to (WIDE_WIDTH, FALSE);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (line_shown, NULL, 10000))
    g_error ("the hint gave no expected line");

  /* Folded once, the pointer away: where the chart's rows are when the
   * tree goes. */
  pointer_to (5, 5);
  handler = g_signal_connect (tree, "unmap", G_CALLBACK (tree_unmap_cb), NULL);
  resize_to (FOLDED_WIDTH, TRUE);
  g_assert_true (tree_unmapped);
  resize_to (WIDE_WIDTH, FALSE);

  /* The pointer on the tree, over the first legal move's row of the chart
   * to come, near the chart's right end, which is right of the board
   * column. */
  {
    const LhSolverResult *result = lh_search_record_get_result (lh_analysis_get_record (lh_window_get_analysis (window)));
    int row = 0;

    while (row < LH_N_MOVES && !result->legal[row])
      row++;
    g_assert_cmpint (row, <, LH_N_MOVES);
    x = chart_at_unmap.origin.x + chart_at_unmap.size.width - 10;
    y = chart_at_unmap.origin.y + lh_gui_test_chart_row_middle (row);
    g_test_message ("the chart at the unmap: %g,%g %gx%g; the pointer at %g,%g (row %d)",
                    chart_at_unmap.origin.x, chart_at_unmap.origin.y, chart_at_unmap.size.width,
                    chart_at_unmap.size.height, x, y, row);
  }
  picked = gtk_widget_pick (GTK_WIDGET (window), x, y, GTK_PICK_DEFAULT);
  g_assert_true (picked != NULL && gtk_widget_is_ancestor (picked, tree));
  pointer_to (x, y);
  lh_gui_test_iterate_for (200);
  g_assert_cmpint (lh_move_chart_get_hovered_move (chart), ==, LH_MOVE_NONE);

  /* Folded under the pointer: the chart is hovered from inside the
   * leaflet's allocation. */
  tree_unmapped = FALSE;
  n_snapshot_warnings = 0;
  resize_to (FOLDED_WIDTH, TRUE);
  g_signal_handler_disconnect (tree, handler);
  g_assert_true (tree_unmapped);
  hovered = lh_move_chart_get_hovered_move (chart);
  g_assert_cmpint (hovered, !=, LH_MOVE_NONE);
  if (n_snapshot_warnings > 0)
    g_error ("folding with the pointer over the tree drew %u widgets without a place", n_snapshot_warnings);
  /* The expected line followed the hover all the same. */
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (hovered)));

  pointer_to (5, 5);
  resize_to (WIDE_WIDTH, FALSE);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  g_log_set_writer_func (log_writer, NULL, NULL);
  /* Before GLib reads them: fresh folders, no real settings. */
  data_home = lh_gui_test_fresh_dirs ("lookahead-fold-XXXXXX");
  lh_gui_test_init (&argc, &argv);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_boolean (settings, "show-welcome", FALSE);
    g_settings_set_boolean (settings, "live-analysis", FALSE);
    g_settings_set_boolean (settings, "inspector-visible", TRUE);
    g_settings_set_boolean (settings, "sidebar-visible", FALSE);
  }

  window = lh_gui_test_start_application (&app);
  window_xid = lh_gui_test_window_xid (GTK_WIDGET (window));
  lh_gui_test_iterate_for (300);

  g_test_add_func ("/gui/fold-pointer/fold-under-pointer", test_fold_under_pointer);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
  g_clear_object (&app);
  g_free (window_xid);
  lh_test_remove_tree (data_home);
  return status;
}
