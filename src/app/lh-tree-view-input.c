/* lh-tree-view-input.c: selection, keyboard, pointer and zoom gestures of
 * the search tree (see lh-tree-view-private.h). */
#include "lh-tree-view-private.h"

#include <math.h>

#include "lh-tree-render.h"

/* ---- selection and keyboard ----------------------------------------------- */

static void
set_focus_node (LhTreeView *self, guint32 index)
{
  if (!lh_tree_view_node_visible (self, index))
    return;
  self->focus = index;
  lh_tree_view_scroll_to_node (self, index);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_tree_view_select (LhTreeView *self, guint32 index)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (!lh_tree_view_node_visible (self, index))
    return;
  self->selected = index;
  set_focus_node (self, index);
  lh_tree_view_update_accessible (self);
  lh_tree_view_emit_node_selected (self, index);
}

guint32
lh_tree_view_get_selected (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), LH_SEARCH_NODE_NONE);
  return self->selected;
}

guint32
lh_tree_view_get_focus_node (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), LH_SEARCH_NODE_NONE);
  return self->focus;
}

/* The nearest sibling before @index that has a position, or NONE. */
static guint32
previous_visible_sibling (LhTreeView *self, guint32 index)
{
  const LhSearchTree *tree = self->shown.tree;
  const LhSearchNode *node = lh_search_tree_get_node (tree, index);
  guint32 child, previous = LH_SEARCH_NODE_NONE;

  if (node->parent == LH_SEARCH_NODE_NONE)
    return LH_SEARCH_NODE_NONE;
  for (child = lh_search_tree_get_node (tree, node->parent)->first_child;
       child != LH_SEARCH_NODE_NONE && child != index;
       child = lh_search_tree_get_node (tree, child)->next_sibling)
    if (lh_tree_view_node_visible (self, child))
      previous = child;
  return previous;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, LhTreeView *self)
{
  const LhSearchTree *tree = self->shown.tree;
  const LhSearchNode *node;
  guint32 target = LH_SEARCH_NODE_NONE;

  if (tree == NULL || self->focus == LH_SEARCH_NODE_NONE)
    return GDK_EVENT_PROPAGATE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;
  node = lh_search_tree_get_node (tree, self->focus);

  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      target = node->parent;
      break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      target = lh_tree_view_first_visible_from (self, node->first_child);
      break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      target = previous_visible_sibling (self, self->focus);
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      target = lh_tree_view_first_visible_from (self, node->next_sibling);
      break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
      target = 0;
      break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
      lh_tree_view_toggle_collapsed (self, self->focus);
      return GDK_EVENT_STOP;
    case GDK_KEY_asterisk: case GDK_KEY_KP_Multiply:
      lh_tree_view_expand_subtree (self, self->focus);
      return GDK_EVENT_STOP;
    case GDK_KEY_space: case GDK_KEY_KP_Space:
      lh_tree_view_select (self, self->focus);
      return GDK_EVENT_STOP;
    case GDK_KEY_plus: case GDK_KEY_KP_Add: case GDK_KEY_equal:
      lh_tree_view_zoom (self, ZOOM_STEP);
      return GDK_EVENT_STOP;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      lh_tree_view_zoom (self, 1 / ZOOM_STEP);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
  /* The keys move the selection (and the focus ring with it), so the
   * mini-board follows as one walks the tree. */
  if (target != LH_SEARCH_NODE_NONE)
    lh_tree_view_select (self, target);
  return GDK_EVENT_STOP;
}

/* ---- pointer -------------------------------------------------------------- */

static void
click_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, LhTreeView *self)
{
  guint32 index = lh_tree_view_hit_test (self, x, y);
  guint32 mark = lh_tree_view_badge_hit_test (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (mark != LH_SEARCH_NODE_NONE && index == LH_SEARCH_NODE_NONE)
    {
      /* One click on a disclosure mark opens or closes its node. */
      if (n_press == 1)
        {
          lh_tree_view_select (self, mark);
          lh_tree_view_toggle_collapsed (self, mark);
        }
      return;
    }
  if (index == LH_SEARCH_NODE_NONE)
    return;
  if (n_press == 1)
    lh_tree_view_select (self, index);
  else if (n_press == 2)
    lh_tree_view_toggle_collapsed (self, index);
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, LhTreeView *self)
{
  self->drag_start_h = self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0;
  self->drag_start_v = self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0;
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, LhTreeView *self)
{
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, self->drag_start_h - dx);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, self->drag_start_v - dy);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller, double dx, double dy, LhTreeView *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double wx = self->has_pointer ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double wy = self->has_pointer ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  if (!(state & GDK_CONTROL_MASK))
    return GDK_EVENT_PROPAGATE;  /* the scrolled window scrolls */
  lh_tree_view_zoom_about (self, self->zoom * pow (ZOOM_STEP, -dy), wx, wy);
  return GDK_EVENT_STOP;
}

static void
motion_cb (GtkEventControllerMotion *controller, double x, double y, LhTreeView *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;
}

static void
leave_cb (GtkEventControllerMotion *controller, LhTreeView *self)
{
  self->has_pointer = FALSE;
}

static void
zoom_begin_cb (GtkGesture *gesture, GdkEventSequence *sequence, LhTreeView *self)
{
  self->zoom_gesture_start = self->zoom;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture, double scale, LhTreeView *self)
{
  double x, y;

  /* (Only an active gesture has touch points to centre on.) */
  if (!gtk_gesture_is_active (GTK_GESTURE (gesture))
      || !gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  lh_tree_view_zoom_about (self, self->zoom_gesture_start * scale, x, y);
}

void
lh_tree_view_zoom (LhTreeView *self, double factor)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));
  g_return_if_fail (factor > 0);

  lh_tree_view_zoom_about (self, self->zoom * factor,
              gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
              gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
lh_tree_view_zoom_to_fit (LhTreeView *self)
{
  double fit_w, fit_h;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  lh_tree_view_fit_scales (self, &fit_w, &fit_h);
  if (fit_w <= 0 || fit_h <= 0)
    return;
  self->zoom = CLAMP (lh_tree_render_fit_zoom (fit_w, fit_h), lh_tree_view_min_zoom (self), LH_TREE_VIEW_MAX_ZOOM);
  lh_tree_view_place_point (self, 0, 0, MARGIN, MARGIN);
}

void
lh_tree_view_zoom_to_fit_legible (LhTreeView *self)
{
  double fit_w, fit_h, fit;
  guint32 keep;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  lh_tree_view_fit_scales (self, &fit_w, &fit_h);
  if (fit_w <= 0 || fit_h <= 0)
    return;
  fit = lh_tree_render_fit_zoom (fit_w, fit_h);
  if (fit >= LH_TREE_VIEW_LEGIBLE_ZOOM)
    {
      lh_tree_view_zoom_to_fit (self);
      return;
    }
  /* Too big to fit legibly: the legible zoom, the selection (or the root)
   * at the top centre; the rest scrolls. */
  self->zoom = LH_TREE_VIEW_LEGIBLE_ZOOM;
  keep = lh_tree_view_node_visible (self, self->selected) ? self->selected : 0;
  if (lh_tree_view_node_visible (self, keep))
    {
      const LhTreeLayoutNode *node = lh_tree_layout_get_node (self->shown.layout, keep);

      lh_tree_view_place_point (self, node->x + LH_TREE_LAYOUT_NODE_WIDTH / 2, node->y,
                   gtk_widget_get_width (GTK_WIDGET (self)) / 2.0, MARGIN);
    }
}

double
lh_tree_view_get_zoom (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), 1.0);
  return self->zoom;
}

double
lh_tree_view_get_zoom_y (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), 1.0);
  return lh_tree_view_zoom_y (self);
}

/* Adds the pointer, gesture and key controllers of @self. */
void
lh_tree_view_input_init (LhTreeView *self)
{
  GtkGesture *click, *drag, *zoom;
  GtkEventController *scroll, *motion, *keys;

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                            | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

