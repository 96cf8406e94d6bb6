/* lh-theme-colour.c: a named colour of the theme (see lh-theme-colour.h). */
#include "lh-theme-colour.h"

gboolean
lh_theme_colour (GtkWidget *widget, const char *name, const char *fallback, GdkRGBA *rgba)
{
  gboolean found;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (rgba != NULL, FALSE);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!found && fallback != NULL && !gdk_rgba_parse (rgba, fallback))
    g_critical ("lh_theme_colour: “%s” is not a colour", fallback);
  return found;
}
