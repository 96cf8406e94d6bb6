/* lh-wheel-guard.h: a slider or a number field takes the mouse wheel only
 * while it has the keyboard focus.
 *
 * GTK's GtkRange and GtkSpinButton change their value on every wheel step
 * under the pointer, so scrolling a page of sliders with the wheel changes
 * whichever slider passes under the pointer (issue 26: the Heuristic page's
 * weights changed while a person scrolled it).  Guarded, a control without
 * the focus passes the wheel on: the nearest scrolled window around it
 * scrolls as it would have (GtkScrolledWindow's step for a wheel notch,
 * page_size^(2/3), gtkscrolledwindow.c), and the value stays.  Once the
 * control has the focus (a click, Tab) the wheel changes it as before, as
 * in GNOME Settings.  Main thread only.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * lh_wheel_guard_attach:
 * @widget: a GtkRange (GtkScale), a GtkSpinButton or any widget whose own
 *   scroll handling should need the focus (a controller is added; nothing
 *   else is kept)
 */
void lh_wheel_guard_attach (GtkWidget *widget);

/**
 * lh_wheel_guard_attach_all:
 * @root: a widget, e.g. a template just initialised
 * Guards every GtkRange and GtkSpinButton among @root and its descendants
 * (those there now: a control added later needs its own call).
 */
void lh_wheel_guard_attach_all (GtkWidget *root);

G_END_DECLS
