/* test-toast-guard.c: the workaround for libadwaita 1.2's toast overlay
 * (lh-toast-guard.h) on an X display.
 *
 * Checked, with a libadwaita that needs it: a toast dismissed as soon as it
 * appears stays until LH_TOAST_GUARD_MS have passed, then goes; toasts
 * dismissed at random moments after they appear, one after another, do not
 * crash (without the guard, libadwaita 1.2.2 frees a toast's record under
 * its show animation: tests/gui/test-soak.c crashed so); nor does Escape,
 * the overlay's own key for dismissing its toast, pressed for real
 * (xdotool) just after a queued toast replaced the one dismissed (test-soak
 * aborted so, on a g_object_unref() critical from the freed record: issue
 * 24); and a toast added without the guard is reported.  meson runs this
 * test with freed memory filled (MALLOC_PERTURB_ without glibc's tcache, and
 * ASan's free_fill_byte), so that a read of a freed record crashes at once
 * instead of once in many runs. */
#include <gtk/gtk.h>
#include <adwaita.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "lh-gui-test-util.h"
#include "lh-toast-guard.h"

static AdwToastOverlay *
new_overlay (GtkWidget **window, GtkWidget *child)
{
  GtkWidget *overlay = adw_toast_overlay_new ();

  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), child != NULL ? child : gtk_label_new ("board"));
  lh_toast_guard_attach (ADW_TOAST_OVERLAY (overlay));
  *window = lh_gui_test_show_in_window (overlay, 600, 400);
  return ADW_TOAST_OVERLAY (overlay);
}

/* The toast widget shown and not hiding (the overlay makes a hiding toast
 * ignore the pointer), or NULL. */
static GtkWidget *
shown_toast (AdwToastOverlay *overlay)
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

static gboolean
no_toast (gpointer data)
{
  return any_toast (data) == NULL;
}

/* A toast dismissed the moment it appears stays for LH_TOAST_GUARD_MS,
 * then hides (300 ms) and goes. */
static void
test_deferred (void)
{
  GtkWidget *window, *widget;
  AdwToastOverlay *overlay;
  g_autoptr(AdwToast) toast = NULL;
  gint64 start;

  if (!lh_toast_guard_needed ())
    {
      g_test_skip ("this libadwaita does not have the bug (1.2.3 or later)");
      return;
    }
  overlay = new_overlay (&window, NULL);
  toast = g_object_ref (adw_toast_new ("Hello"));
  start = g_get_monotonic_time ();
  lh_toast_guard_add_toast (overlay, g_object_ref (toast));
  widget = shown_toast (overlay);
  g_assert_nonnull (widget);
  adw_toast_dismiss (toast);
  lh_gui_test_iterate_for (LH_TOAST_GUARD_MS / 2);
  g_assert_true (shown_toast (overlay) == widget);
  g_assert_true (lh_gui_test_iterate_until (no_toast, overlay, LH_TOAST_GUARD_MS + 2000));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, LH_TOAST_GUARD_MS * 1000);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Toasts dismissed 0 to 600 ms after they are added, one after another
 * (each replacing the last while it hides), as clicks on their buttons
 * can. */
static void
test_quick_dismissals (void)
{
  GtkWidget *window;
  AdwToastOverlay *overlay = new_overlay (&window, NULL);

  for (guint i = 0; i < 24; i++)
    {
      g_autoptr(AdwToast) toast = g_object_ref (adw_toast_new ("Hello"));

      lh_toast_guard_add_toast (overlay, g_object_ref (toast));
      lh_gui_test_iterate_for (g_random_int_range (0, 600));
      adw_toast_dismiss (toast);
      lh_gui_test_iterate_for (g_random_int_range (0, 60));
    }
  g_assert_true (lh_gui_test_iterate_until (no_toast, overlay, 24 * (LH_TOAST_GUARD_MS + 400)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A toast added without the guard is reported (where the guard is needed). */
static void
test_unguarded (void)
{
  GtkWidget *window;
  AdwToastOverlay *overlay;

  if (!lh_toast_guard_needed ())
    {
      g_test_skip ("this libadwaita does not have the bug (1.2.3 or later)");
      return;
    }
  overlay = new_overlay (&window, NULL);
  g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*(“Plain”) was added without lh_toast_guard_add_toast()*");
  adw_toast_overlay_add_toast (overlay, adw_toast_new ("Plain"));
  lh_gui_test_iterate_for (100);
  g_test_assert_expected_messages ();
  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
}

/* Escape, the overlay's key for dismissing its toast, twice in a row: the
 * first dismisses a toast whose show animation is long over, and a queued
 * toast replaces it (libadwaita 1.2.2's longest show animation, 500 ms);
 * the second comes 100 ms later, when that toast's hide (300 ms) would end
 * before its show and free its record under it.  The guard makes the
 * second wait.  With the focus on a button under the overlay, as the
 * window's board has it; real key presses (xdotool), as a person gives
 * them. */
static void
test_escape (void)
{
#ifdef GDK_WINDOWING_X11
  GtkWidget *window, *button = gtk_button_new_with_label ("board");
  AdwToastOverlay *overlay = new_overlay (&window, button);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *xid = NULL;

  if (!GDK_IS_X11_SURFACE (surface))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_test_skip ("needs X11 (xdotool)");
      return;
    }
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  gtk_widget_grab_focus (button);
  lh_gui_test_iterate_for (100);

  for (guint i = 0; i < 6; i++)
    {
      GtkWidget *first, *second;

      lh_toast_guard_add_toast (overlay, adw_toast_new ("First"));
      lh_toast_guard_add_toast (overlay, adw_toast_new ("Second"));
      first = shown_toast (overlay);
      g_assert_nonnull (first);
      lh_gui_test_iterate_for (LH_TOAST_GUARD_MS + 100);
      lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", "Escape", NULL });
      lh_gui_test_iterate_for (100);
      /* The first toast hides, the second replaced it. */
      second = shown_toast (overlay);
      g_assert_nonnull (second);
      g_assert_true (second != first);
      lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", "Escape", NULL });
      lh_gui_test_iterate_for (100);
      if (lh_toast_guard_needed ())
        g_assert_true (shown_toast (overlay) == second);  /* deferred */
      /* Then it goes: every animation ends. */
      g_assert_true (lh_gui_test_iterate_until (no_toast, overlay, LH_TOAST_GUARD_MS + 2000));
    }
  g_assert_true (gtk_widget_has_focus (button));
  gtk_window_destroy (GTK_WINDOW (window));
#else
  g_test_skip ("needs X11 (xdotool)");
#endif
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/toast-guard/deferred", test_deferred);
  g_test_add_func ("/toast-guard/quick-dismissals", test_quick_dismissals);
  g_test_add_func ("/toast-guard/escape", test_escape);
  g_test_add_func ("/toast-guard/unguarded", test_unguarded);
  return g_test_run ();
}
