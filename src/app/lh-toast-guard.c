/* lh-toast-guard.c: a workaround for libadwaita 1.2's toast overlay (see
 * lh-toast-guard.h). */
#include "lh-toast-guard.h"

/* On a toast: when its widget appeared (gint64 *, g_get_monotonic_time()). */
#define SHOWN_KEY "lh-toast-guard-shown"
/* On a toast: lh_toast_guard_add_toast() connected the guard's handler. */
#define GUARDED_KEY "lh-toast-guard-guarded"
/* On a toast: a deferred dismissal is pending. */
#define PENDING_KEY "lh-toast-guard-pending"

gboolean
lh_toast_guard_needed (void)
{
  guint major = adw_get_major_version (), minor = adw_get_minor_version ();

  return major == 1 && (minor < 2 || (minor == 2 && adw_get_micro_version () < 3));
}

static gboolean
dismiss_again_cb (gpointer user_data)
{
  AdwToast *toast = ADW_TOAST (user_data);

  g_object_set_data (G_OBJECT (toast), PENDING_KEY, NULL);
  /* Not adw_toast_dismiss(): the toast's own handler of the first
   * emission forgot its overlay already, so that would do nothing.  The
   * overlay's handler is still connected while the toast is its toast,
   * and disconnected once the overlay let it go (then this does nothing). */
  g_signal_emit_by_name (toast, "dismissed");
  return G_SOURCE_REMOVE;
}

/* The toast's "dismissed", before the overlay's handler: a toast that
 * appeared less than LH_TOAST_GUARD_MS ago is dismissed again then. */
static void
dismissed_cb (AdwToast *toast, gpointer user_data)
{
  const gint64 *shown = g_object_get_data (G_OBJECT (toast), SHOWN_KEY);
  gint64 age_us;
  guint wait_ms;

  if (shown == NULL)
    return;  /* still queued: no animation runs */
  age_us = g_get_monotonic_time () - *shown;
  if (age_us >= (gint64) LH_TOAST_GUARD_MS * 1000)
    return;
  g_signal_stop_emission_by_name (toast, "dismissed");
  if (g_object_get_data (G_OBJECT (toast), PENDING_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (toast), PENDING_KEY, GINT_TO_POINTER (TRUE));
  wait_ms = (guint) (((gint64) LH_TOAST_GUARD_MS * 1000 - age_us) / 1000) + 1;
  g_timeout_add_full (G_PRIORITY_DEFAULT, wait_ms, dismiss_again_cb, g_object_ref (toast), g_object_unref);
}

void
lh_toast_guard_add_toast (AdwToastOverlay *overlay, AdwToast *toast)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  if (lh_toast_guard_needed ())
    {
      /* Connected before adw_toast_overlay_add_toast() connects the
       * overlay's handler, so it runs first and can stop the emission. */
      g_signal_connect (toast, "dismissed", G_CALLBACK (dismissed_cb), NULL);
      g_object_set_data (G_OBJECT (toast), GUARDED_KEY, GINT_TO_POINTER (TRUE));
    }
  adw_toast_overlay_add_toast (overlay, toast);
}

/* A new child of the overlay: a toast widget (AdwToastWidget is private,
 * so known by its type name) appears as its show animation starts. */
static void
children_changed_cb (GListModel *children, guint position, guint removed, guint added, gpointer user_data)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) child = g_list_model_get_item (children, i);
      g_autoptr(AdwToast) toast = NULL;
      gint64 *shown;

      if (!g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwToastWidget"))
        continue;
      g_object_get (child, "toast", &toast, NULL);
      if (toast == NULL)
        continue;
      if (g_object_get_data (G_OBJECT (toast), GUARDED_KEY) == NULL)
        g_critical ("a toast (“%s”) was added without lh_toast_guard_add_toast(): an early "
                    "dismissal can crash libadwaita %u.%u.%u", adw_toast_get_title (toast),
                    adw_get_major_version (), adw_get_minor_version (), adw_get_micro_version ());
      shown = g_new (gint64, 1);
      *shown = g_get_monotonic_time ();
      g_object_set_data_full (G_OBJECT (toast), SHOWN_KEY, shown, g_free);
    }
}

void
lh_toast_guard_attach (AdwToastOverlay *overlay)
{
  GListModel *children;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));

  if (!lh_toast_guard_needed ())
    return;
  /* The list lives as long as the overlay: it is kept on it. */
  children = gtk_widget_observe_children (GTK_WIDGET (overlay));
  g_signal_connect (children, "items-changed", G_CALLBACK (children_changed_cb), NULL);
  g_object_set_data_full (G_OBJECT (overlay), "lh-toast-guard", children, g_object_unref);
}
