/* lh-toast-guard.c: a workaround for libadwaita 1.2's toast overlay (see
 * lh-toast-guard.h). */
#include "lh-toast-guard.h"

#include <string.h>

gboolean
lh_toast_guard_needed (void)
{
  guint major = adw_get_major_version (), minor = adw_get_minor_version ();

  return major == 1 && (minor < 2 || (minor == 2 && adw_get_micro_version () < 3));
}

static gboolean
release_cb (gpointer user_data)
{
  GtkWidget *toast_widget = user_data;

  gtk_widget_set_can_target (toast_widget, TRUE);
  gtk_widget_set_can_focus (toast_widget, TRUE);
  return G_SOURCE_REMOVE;
}

/* A new child of the overlay: its toast widgets (AdwToastWidget is
 * private, so known by its type name) ignore input for a while. */
static void
children_changed_cb (GListModel *children, guint position, guint removed, guint added, gpointer user_data)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) child = g_list_model_get_item (children, i);

      if (!g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwToastWidget"))
        continue;
      gtk_widget_set_can_target (child, FALSE);
      gtk_widget_set_can_focus (child, FALSE);
      g_timeout_add_full (G_PRIORITY_DEFAULT, LH_TOAST_GUARD_MS, release_cb,
                          g_object_ref (child), g_object_unref);
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
