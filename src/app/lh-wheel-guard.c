/* lh-wheel-guard.c: the wheel scrolls the page unless the control has the focus (see lh-wheel-guard.h). */
#include "lh-wheel-guard.h"

#include <math.h>

/* GtkScrolledWindow's step for one notch of the wheel (gtkscrolledwindow.c). */
static double
wheel_step (GtkAdjustment *adjustment)
{
  return pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0);
}

static void
scroll_adjustment (GtkAdjustment *adjustment, double delta, gboolean discrete)
{
  double value;

  if (adjustment == NULL || delta == 0.0)
    return;
  value = gtk_adjustment_get_value (adjustment) + (discrete ? delta * wheel_step (adjustment) : delta);
  gtk_adjustment_set_value (adjustment,
                            CLAMP (value, gtk_adjustment_get_lower (adjustment),
                                   gtk_adjustment_get_upper (adjustment)
                                   - gtk_adjustment_get_page_size (adjustment)));
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller, double dx, double dy, gpointer user_data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *scrolled;
  gboolean discrete;

  if (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_FOCUS_WITHIN)
    return FALSE;  /* focused: the control's own handling */
  scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled != NULL)
    {
      discrete = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;
      scroll_adjustment (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), dy, discrete);
      scroll_adjustment (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled)), dx, discrete);
    }
  return TRUE;  /* the value stays */
}

void
lh_wheel_guard_attach (GtkWidget *widget)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_name (controller, "lh-wheel-guard");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), NULL);
  gtk_widget_add_controller (widget, controller);
}

void
lh_wheel_guard_attach_all (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_RANGE (root) || GTK_IS_SPIN_BUTTON (root))
    {
      lh_wheel_guard_attach (root);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    lh_wheel_guard_attach_all (child);
}
