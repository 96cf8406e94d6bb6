/* test-legend.c: the inspector's legend (issue 12, item 6) on an X display
 * (run under xvfb-run): shown by default, the toolbar's toggle hides and
 * shows it and is saved in GSettings ("inspector-legend"), it names the
 * node shapes, the chosen line, the edge labels and the marks (an entry
 * wraps as a whole), and it sits in a row of its own, never over the tree.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-inspector-pane.h"

/* The first GtkToggleButton under @widget, depth first. */
static GtkWidget *
find_toggle (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_toggle (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The label whose text mentions "Chance" (node) under @widget. */
static GtkWidget *
find_legend (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), "Chance") != NULL)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_legend (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_legend (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  GtkWidget *pane = g_object_new (LH_TYPE_INSPECTOR_PANE, NULL);
  GtkWidget *window = lh_gui_test_show_in_window (pane, 700, 600);
  GtkWidget *toggle = find_toggle (pane);
  GtkWidget *legend = find_legend (pane);
  GtkWidget *view = GTK_WIDGET (lh_inspector_pane_get_tree_view (LH_INSPECTOR_PANE (pane)));
  graphene_rect_t legend_box, view_box;
  const char *text;
  g_autofree char *legend_text = NULL;

  g_assert_nonnull (toggle);
  g_assert_nonnull (legend);
  /* Shown by default, and says what the drawing means. */
  g_assert_true (g_settings_get_boolean (settings, "inspector-legend"));
  g_assert_true (lh_inspector_pane_get_legend_visible (LH_INSPECTOR_PANE (pane)));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  /* An entry wraps as a whole: non-breaking spaces inside it. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (legend)), "Chance\u00a0node:\u00a0a\u00a0tile\u00a0spawns"));
  {
    g_auto(GStrv) words = g_strsplit (gtk_label_get_text (GTK_LABEL (legend)), "\u00a0", -1);

    text = legend_text = g_strjoinv (" ", words);
  }
  g_assert_nonnull (strstr (text, "Player node"));
  g_assert_nonnull (strstr (text, "row 2, column 3"));
  g_assert_nonnull (strstr (text, "Leaf"));
  g_assert_nonnull (strstr (text, "Cut or cached"));
  g_assert_nonnull (strstr (text, "Chosen line"));
  g_assert_nonnull (strstr (text, "+N"));

  /* In its own row: never over the tree. */
  lh_gui_test_iterate_for (400);
  g_assert_true (gtk_widget_get_mapped (legend));
  g_assert_true (gtk_widget_compute_bounds (legend, pane, &legend_box));
  g_assert_true (gtk_widget_compute_bounds (view, pane, &view_box));
  g_assert_cmpfloat (legend_box.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&legend_box, &view_box, NULL));
  g_assert_cmpfloat (legend_box.origin.y + legend_box.size.height, <=, view_box.origin.y);

  /* The toggle hides it, and the choice is saved. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_assert_false (lh_inspector_pane_get_legend_visible (LH_INSPECTOR_PANE (pane)));
  g_assert_false (g_settings_get_boolean (settings, "inspector-legend"));
  lh_gui_test_iterate_for (400);
  g_assert_false (gtk_widget_get_mapped (legend));

  /* The saved choice shows it again. */
  g_settings_set_boolean (settings, "inspector-legend", TRUE);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  g_assert_true (lh_inspector_pane_get_legend_visible (LH_INSPECTOR_PANE (pane)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/legend/toggle", test_legend);
  return g_test_run ();
}
