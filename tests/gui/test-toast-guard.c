/* test-toast-guard.c: the workaround for libadwaita 1.2's toast overlay
 * (lh-toast-guard.h) on an X display (xvfb-run).
 *
 * Checked, with a libadwaita that needs it: a new toast's widget ignores
 * the pointer and the keyboard for LH_TOAST_GUARD_MS and takes them again
 * after; and toasts dismissed as soon as a click could reach them, one
 * after another, do not crash (without the guard, libadwaita 1.2.2 frees a
 * toast's record under its show animation within a few dozen such toasts:
 * tests/gui/test-soak.c crashed so). */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-gui-test-util.h"
#include "lh-toast-guard.h"

static AdwToastOverlay *
new_overlay (GtkWidget **window)
{
  GtkWidget *overlay = adw_toast_overlay_new ();

  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), gtk_label_new ("board"));
  lh_toast_guard_attach (ADW_TOAST_OVERLAY (overlay));
  *window = lh_gui_test_show_in_window (overlay, 600, 400);
  return ADW_TOAST_OVERLAY (overlay);
}

/* The toast widget a click could reach now, or NULL. */
static GtkWidget *
clickable_toast (AdwToastOverlay *overlay)
{
  for (GtkWidget *c = gtk_widget_get_last_child (GTK_WIDGET (overlay)); c != NULL; c = gtk_widget_get_prev_sibling (c))
    if (g_str_equal (G_OBJECT_TYPE_NAME (c), "AdwToastWidget") && gtk_widget_get_mapped (c)
        && gtk_widget_get_can_target (c))
      return c;
  return NULL;
}

static GtkWidget *
any_toast (AdwToastOverlay *overlay)
{
  for (GtkWidget *c = gtk_widget_get_last_child (GTK_WIDGET (overlay)); c != NULL; c = gtk_widget_get_prev_sibling (c))
    if (g_str_equal (G_OBJECT_TYPE_NAME (c), "AdwToastWidget"))
      return c;
  return NULL;
}

static void
test_guard_time (void)
{
  GtkWidget *window, *widget;
  AdwToastOverlay *overlay;
  gint64 start;

  if (!lh_toast_guard_needed ())
    {
      g_test_skip ("this libadwaita does not have the bug (1.2.3 or later)");
      return;
    }
  overlay = new_overlay (&window);
  start = g_get_monotonic_time ();
  adw_toast_overlay_add_toast (overlay, adw_toast_new ("Hello"));
  widget = any_toast (overlay);
  g_assert_nonnull (widget);
  g_assert_false (gtk_widget_get_can_target (widget));
  g_assert_false (gtk_widget_get_can_focus (widget));
  while (clickable_toast (overlay) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, LH_TOAST_GUARD_MS * 1000);
  g_assert_true (gtk_widget_get_can_focus (widget));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_quick_dismissals (void)
{
  GtkWidget *window;
  AdwToastOverlay *overlay = new_overlay (&window);

  for (guint i = 0; i < 20; i++)
    {
      g_autoptr(AdwToast) toast = g_object_ref (adw_toast_new ("Hello"));

      adw_toast_overlay_add_toast (overlay, g_object_ref (toast));
      g_object_unref (toast);
      /* A click as soon as one can land: the dismissal of a toast whose
       * show animation is over. */
      while (clickable_toast (overlay) == NULL)
        g_main_context_iteration (NULL, TRUE);
      adw_toast_dismiss (toast);
      lh_gui_test_iterate_for (g_random_int_range (0, 60));
    }
  lh_gui_test_iterate_for (1000);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/toast-guard/guard-time", test_guard_time);
  g_test_add_func ("/toast-guard/quick-dismissals", test_quick_dismissals);
  return g_test_run ();
}
