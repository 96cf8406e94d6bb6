/* lh-theme-colour.h: a named colour of the theme, for widgets that draw. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * lh_theme_colour:
 * @widget: the widget that draws (its style context is asked)
 * @name: a colour the theme names ("accent_color", "accent_bg_color",
 *   "success_color", "warning_color", "error_color", "window_fg_color"...:
 *   libadwaita's named colours)
 * @fallback: (nullable): a colour for gdk_rgba_parse() ("#3584e4") used
 *   when the theme does not name @name; NULL leaves @rgba as it is then
 * @rgba: (out caller-allocates): the colour
 * GTK 4.8 has no other way to read a named colour than the deprecated
 * gtk_style_context_lookup_color(); the deprecation is confined here.
 * Returns: TRUE when the theme names @name
 */
gboolean lh_theme_colour (GtkWidget  *widget,
                          const char *name,
                          const char *fallback,
                          GdkRGBA    *rgba);

G_END_DECLS
