/* lh-tree-overview.c: the search tree in miniature (see lh-tree-overview.h). */
#include "lh-tree-overview.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lh-theme-colour.h"

/* Empty border inside the overview, px; the least width and height of
 * the frame of the part in view. */
#define PAD 6.0
#define MIN_FRAME 10.0

struct _LhTreeOverview
{
  GtkWidget      parent_instance;

  LhTreeView    *view;          /* weak */
  GtkAdjustment *hadjustment;   /* the view's, referenced while watched */
  GtkAdjustment *vadjustment;
  gboolean       needed;

  /* The miniature as drawn last, and what it was drawn for. */
  GskRenderNode *cache;
  int            cache_width, cache_height;
  gboolean       cache_dark;
};

G_DEFINE_FINAL_TYPE (LhTreeOverview, lh_tree_overview, GTK_TYPE_WIDGET)

/* The transform from layout units to overview pixels: x' = ox + sx x,
 * y' = oy + sy y.  FALSE when there is nothing to draw. */
static gboolean
get_transform (LhTreeOverview *self, double *ox, double *oy, double *sx, double *sy)
{
  const LhTreeLayout *layout = self->view != NULL ? lh_tree_view_get_layout (self->view) : NULL;
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  double h = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * PAD;
  double lw, lh;

  if (layout == NULL || w <= 0 || h <= 0)
    return FALSE;
  lh_tree_layout_get_size (layout, &lw, &lh);
  if (lw <= 0 || lh <= 0)
    return FALSE;
  *sx = w / lw;
  *sy = h / lh;
  /* A tree taller than wide keeps its proportions; a wide one spreads its
   * rows over the height, as lh_tree_render() allows far out. */
  if (*sx > *sy || *sx >= LH_TREE_RENDER_SHAPES_ZOOM)
    *sx = *sy = MIN (*sx, *sy);
  *ox = PAD + (w - lw * *sx) / 2;
  *oy = PAD + (h - lh * *sy) / 2;
  return TRUE;
}

gboolean
lh_tree_overview_to_layout (LhTreeOverview *self, double x, double y, double *lx, double *ly)
{
  double ox, oy, sx, sy;

  g_return_val_if_fail (LH_IS_TREE_OVERVIEW (self), FALSE);

  if (!get_transform (self, &ox, &oy, &sx, &sy))
    return FALSE;
  *lx = (x - ox) / sx;
  *ly = (y - oy) / sy;
  return TRUE;
}

gboolean
lh_tree_overview_get_frame (LhTreeOverview *self, graphene_rect_t *frame)
{
  double ox, oy, sx, sy;
  graphene_rect_t area;

  g_return_val_if_fail (LH_IS_TREE_OVERVIEW (self), FALSE);

  if (!self->needed || !get_transform (self, &ox, &oy, &sx, &sy)
      || !lh_tree_view_get_visible_area (self->view, &area))
    return FALSE;
  graphene_rect_init (frame, ox + area.origin.x * sx, oy + area.origin.y * sy,
                      area.size.width * sx, area.size.height * sy);
  return TRUE;
}

gboolean
lh_tree_overview_get_needed (LhTreeOverview *self)
{
  g_return_val_if_fail (LH_IS_TREE_OVERVIEW (self), FALSE);
  return self->needed;
}

static gboolean
overflows (GtkAdjustment *adjustment)
{
  return adjustment != NULL
         && gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_lower (adjustment)
            > gtk_adjustment_get_page_size (adjustment) + 1;
}

/* Shows the overview while the tree overflows its view.  Its size never
 * changes (no resize from inside the view's allocation): it fades out and
 * lets the pointer through instead. */
static void
update_needed (LhTreeOverview *self)
{
  gboolean needed = self->view != NULL && lh_tree_view_get_layout (self->view) != NULL
                    && (overflows (self->hadjustment) || overflows (self->vadjustment));

  if (needed != self->needed)
    {
      self->needed = needed;
      gtk_widget_set_opacity (GTK_WIDGET (self), needed ? 1.0 : 0.0);
      gtk_widget_set_can_target (GTK_WIDGET (self), needed);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_HIDDEN, !needed, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drop_cache (LhTreeOverview *self)
{
  g_clear_pointer (&self->cache, gsk_render_node_unref);
}

static void
layout_changed_cb (LhTreeView *view, LhTreeOverview *self)
{
  drop_cache (self);
  update_needed (self);
}

static void
adjustment_changed_cb (GtkAdjustment *adjustment, LhTreeOverview *self)
{
  update_needed (self);
}

static void
watch_adjustment (LhTreeOverview *self, GtkAdjustment **slot, GtkAdjustment *adjustment)
{
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_data (*slot, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    return;
  *slot = g_object_ref (adjustment);
  g_signal_connect (adjustment, "changed", G_CALLBACK (adjustment_changed_cb), self);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (adjustment_changed_cb), self);
}

static void
adjustments_cb (GObject *view, GParamSpec *pspec, LhTreeOverview *self)
{
  watch_adjustment (self, &self->hadjustment, gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view)));
  watch_adjustment (self, &self->vadjustment, gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view)));
  update_needed (self);
}

static void
view_gone (gpointer data, GObject *where_the_view_was)
{
  LhTreeOverview *self = data;

  self->view = NULL;
  watch_adjustment (self, &self->hadjustment, NULL);
  watch_adjustment (self, &self->vadjustment, NULL);
  drop_cache (self);
  update_needed (self);
}

void
lh_tree_overview_set_view (LhTreeOverview *self, LhTreeView *view)
{
  g_return_if_fail (LH_IS_TREE_OVERVIEW (self));
  g_return_if_fail (view == NULL || LH_IS_TREE_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->view, self);
      g_object_weak_unref (G_OBJECT (self->view), view_gone, self);
      view_gone (self, NULL);
    }
  self->view = view;
  if (view == NULL)
    return;
  g_object_weak_ref (G_OBJECT (view), view_gone, self);
  g_signal_connect (view, "layout-changed", G_CALLBACK (layout_changed_cb), self);
  g_signal_connect (view, "notify::hadjustment", G_CALLBACK (adjustments_cb), self);
  g_signal_connect (view, "notify::vadjustment", G_CALLBACK (adjustments_cb), self);
  adjustments_cb (G_OBJECT (view), NULL, self);
}

/* The miniature of the tree, drawn once for the layout, size and scheme. */
static GskRenderNode *
miniature (LhTreeOverview *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double ox, oy, sx, sy, lw, lh;
  const LhTreeLayout *layout;
  LhTreeRenderStyle style;
  GtkSnapshot *snapshot;
  GdkRGBA accent;
  cairo_t *cr;

  if (self->cache != NULL && self->cache_width == w && self->cache_height == h && self->cache_dark == dark)
    return self->cache;
  drop_cache (self);
  if (!get_transform (self, &ox, &oy, &sx, &sy))
    return NULL;
  layout = lh_tree_view_get_layout (self->view);
  lh_tree_layout_get_size (layout, &lw, &lh);
  lh_tree_render_style_init (&style);
  style.highlight = lh_tree_view_get_highlight (self->view);
  style.dark = dark;
  if (lh_theme_colour (GTK_WIDGET (self), "accent_bg_color", NULL, &accent))
    {
      style.accent[0] = accent.red;
      style.accent[1] = accent.green;
      style.accent[2] = accent.blue;
    }
  snapshot = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, sx, sy);
  lh_tree_render (cr, lh_tree_view_get_tree (self->view), layout, &style, 0, 0, lw, lh);
  cairo_destroy (cr);
  self->cache = gtk_snapshot_free_to_node (snapshot);
  self->cache_width = w;
  self->cache_height = h;
  self->cache_dark = dark;
  return self->cache;
}

/* @r, widened and heightened about its centre to at least @least px. */
static graphene_rect_t
grow_to (graphene_rect_t r, double least)
{
  if (r.size.width < least)
    {
      r.origin.x -= (least - r.size.width) / 2;
      r.size.width = least;
    }
  if (r.size.height < least)
    {
      r.origin.y -= (least - r.size.height) / 2;
      r.size.height = least;
    }
  return r;
}

static void
lh_tree_overview_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhTreeOverview *self = LH_TREE_OVERVIEW (widget);
  GskRenderNode *node;
  graphene_rect_t frame;
  GdkRGBA accent = { 0.208f, 0.518f, 0.894f, 1 }, fill;
  GskRoundedRect rect;

  if (!self->needed || (node = miniature (self)) == NULL)
    return;
  gtk_snapshot_append_node (snapshot, node);
  if (!lh_tree_overview_get_frame (self, &frame))
    return;
  lh_theme_colour (widget, "accent_color", NULL, &accent);
  /* The part in view: a tinted box with an accent border, within the
   * overview's padding (it may reach past the tree's edges), and never
   * thinner than MIN_FRAME px, so that it shows where the view is even in
   * the miniature of a very wide tree. */
  frame = grow_to (frame, MIN_FRAME);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (PAD / 2, PAD / 2, gtk_widget_get_width (widget) - PAD,
                                                         gtk_widget_get_height (widget) - PAD));
  fill = accent;
  fill.alpha = 0.15f;
  gtk_snapshot_append_color (snapshot, &fill, &frame);
  gsk_rounded_rect_init_from_rect (&rect, &frame, 2);
  gtk_snapshot_append_border (snapshot, &rect, (float[4]) { 2, 2, 2, 2 },
                              (GdkRGBA[4]) { accent, accent, accent, accent });
  gtk_snapshot_pop (snapshot);
}

static void
lh_tree_overview_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? LH_TREE_OVERVIEW_WIDTH
                                                                  : LH_TREE_OVERVIEW_HEIGHT;
}

/* A press or a drag centres the view on the place under the pointer. */
static void
centre_on (LhTreeOverview *self, double x, double y)
{
  double lx, ly;

  if (self->needed && lh_tree_overview_to_layout (self, x, y, &lx, &ly))
    lh_tree_view_center_on (self->view, lx, ly);
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, LhTreeOverview *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  centre_on (self, x, y);
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, LhTreeOverview *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    centre_on (self, x + dx, y + dy);
}

static void
lh_tree_overview_dispose (GObject *object)
{
  LhTreeOverview *self = LH_TREE_OVERVIEW (object);

  lh_tree_overview_set_view (self, NULL);
  drop_cache (self);
  G_OBJECT_CLASS (lh_tree_overview_parent_class)->dispose (object);
}

static void
lh_tree_overview_class_init (LhTreeOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_tree_overview_dispose;
  widget_class->snapshot = lh_tree_overview_snapshot;
  widget_class->measure = lh_tree_overview_measure;
  gtk_widget_class_set_css_name (widget_class, "tree-overview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_tree_overview_init (LhTreeOverview *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_widget_set_opacity (GTK_WIDGET (self), 0.0);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("The whole tree: click or drag to move the view"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Overview of the search tree"), -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}
