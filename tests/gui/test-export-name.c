/* test-export-name.c: the search tree's Export dialog gives the file name
 * the extension of the type picked (PNG saves search-tree.png, not over
 * search-tree.svg). */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-gui-test-util.h"

#include "lh-inspector-pane.h"


static GtkFileChooser *
find_file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

static void
pick (GtkFileChooser *chooser, guint index)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);
  g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, index);

  gtk_file_chooser_set_filter (chooser, filter);
  lh_gui_test_iterate_for (20);
}

static void
test_name_follows_type (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *pane = g_object_new (LH_TYPE_INSPECTOR_PANE, NULL);
  GtkWidget *button;
  GtkFileChooser *chooser;
  g_autoptr(GListModel) filters = NULL;
  char *name;

  gtk_window_set_child (GTK_WINDOW (window), pane);
  gtk_window_present (GTK_WINDOW (window));
  lh_gui_test_iterate_for (50);
  button = GTK_WIDGET (gtk_widget_get_template_child (pane, LH_TYPE_INSPECTOR_PANE, "export_button"));
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  lh_gui_test_iterate_for (100);
  chooser = find_file_chooser ();
  g_assert_nonnull (chooser);
  filters = gtk_file_chooser_get_filters (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 3);  /* SVG, PNG, JSON */

  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "search-tree.svg");
  g_free (name);

  pick (chooser, 1);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "search-tree.png");
  g_free (name);

  pick (chooser, 2);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "search-tree.json");
  g_free (name);

  /* A name typed without an extension gets one. */
  gtk_file_chooser_set_current_name (chooser, "deep search");
  pick (chooser, 0);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "deep search.svg");
  g_free (name);

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (50);
}

int
main (int argc, char *argv[])
{
  /* GTK's own dialog, whose file type can be picked in the test. */
  g_unsetenv ("GTK_USE_PORTAL");
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/export-name/follows-type", test_name_follows_type);
  return g_test_run ();
}
