/* lh-tree-view-geometry.c: layout units and widget pixels, zoom and scrolling of the
 * search tree (see lh-tree-view-private.h). */
#include "lh-tree-view-private.h"

#include "lh-tree-fold.h"
#include "lh-tree-render.h"

/* ---- geometry: layout units <-> widget pixels ---------------------------- */

static void
layout_size (LhTreeView *self, double *width, double *height)
{
  *width = *height = 0;
  if (self->shown.layout != NULL)
    lh_tree_layout_get_size (self->shown.layout, width, height);
}

/* The scales at which the whole drawing fits the view's width and height
 * (0 when there is no drawing or no room). */
void
lh_tree_view_fit_scales (LhTreeView *self, double *fit_w, double *fit_h)
{
  double lw, lh, w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  layout_size (self, &lw, &lh);
  *fit_w = lw > 0 && w > 2 * MARGIN ? (w - 2 * MARGIN) / lw : 0;
  *fit_h = lh > 0 && h > 2 * MARGIN ? (h - 2 * MARGIN) / lh : 0;
}

/* The vertical zoom (lh_tree_render_row_zoom(): below
 * LH_TREE_RENDER_SHAPES_ZOOM a very wide tree's rows spread). */
double
lh_tree_view_zoom_y (LhTreeView *self)
{
  double fit_w, fit_h;

  if (self->zoom >= LH_TREE_RENDER_SHAPES_ZOOM)
    return self->zoom;
  lh_tree_view_fit_scales (self, &fit_w, &fit_h);
  return lh_tree_render_row_zoom (self->zoom, fit_w, fit_h);
}

/* The smallest zoom: LH_TREE_VIEW_MIN_ZOOM, or less for a tree whose width
 * needs less to fit the view. */
double
lh_tree_view_min_zoom (LhTreeView *self)
{
  double fit_w, fit_h;

  lh_tree_view_fit_scales (self, &fit_w, &fit_h);
  return fit_w > 0 ? MIN (LH_TREE_VIEW_MIN_ZOOM, fit_w) : LH_TREE_VIEW_MIN_ZOOM;
}

/* Where layout point (0, 0) is in widget coordinates: the border, the
 * scroll position, and centring when the drawing is smaller than the view. */
void
lh_tree_view_get_origin (LhTreeView *self, double *ox, double *oy)
{
  double lw, lh;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double cw;

  layout_size (self, &lw, &lh);
  cw = lw * self->zoom + 2 * MARGIN;
  *ox = MARGIN - (self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0)
        + MAX (0.0, (w - cw) / 2);
  *oy = MARGIN - (self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0);
}

void
lh_tree_view_configure_adjustments (LhTreeView *self)
{
  double lw, lh;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  layout_size (self, &lw, &lh);
  if (self->hadjustment != NULL)
    {
      double upper = MAX (w, lw * self->zoom + 2 * MARGIN);
      gtk_adjustment_configure (self->hadjustment,
                                CLAMP (gtk_adjustment_get_value (self->hadjustment), 0, upper - w),
                                0, upper, 24, w * 0.9, w);
    }
  if (self->vadjustment != NULL)
    {
      double upper = MAX (h, lh * lh_tree_view_zoom_y (self) + 2 * MARGIN);
      gtk_adjustment_configure (self->vadjustment,
                                CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, upper - h),
                                0, upper, 24, h * 0.9, h);
    }
}

/* Sets the scroll position so that layout point (@lx, @ly) is at widget
 * point (@wx, @wy), as far as the scroll range allows. */
void
lh_tree_view_place_point (LhTreeView *self, double lx, double ly, double wx, double wy)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  lh_tree_view_configure_adjustments (self);
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, CLAMP (MARGIN + lx * self->zoom - wx, 0,
                                                        gtk_adjustment_get_upper (self->hadjustment) - w));
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, CLAMP (MARGIN + ly * lh_tree_view_zoom_y (self) - wy, 0,
                                                        gtk_adjustment_get_upper (self->vadjustment) - h));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_tree_view_widget_to_layout (LhTreeView *self, double wx, double wy, double *lx, double *ly)
{
  double ox, oy;

  lh_tree_view_get_origin (self, &ox, &oy);
  *lx = (wx - ox) / self->zoom;
  *ly = (wy - oy) / lh_tree_view_zoom_y (self);
}

/* Sets the zoom, keeping widget point (@wx, @wy) over the same layout point. */
void
lh_tree_view_zoom_about (LhTreeView *self, double zoom, double wx, double wy)
{
  double lx, ly;

  /* (Never below the zoom already shown: a collapse that narrows the tree
   * raises lh_tree_view_min_zoom(), and zooming out must not then zoom in.) */
  zoom = CLAMP (zoom, MIN (lh_tree_view_min_zoom (self), self->zoom), LH_TREE_VIEW_MAX_ZOOM);
  if (zoom == self->zoom)
    return;
  lh_tree_view_widget_to_layout (self, wx, wy, &lx, &ly);
  self->zoom = zoom;
  lh_tree_view_place_point (self, lx, ly, wx, wy);
}

guint32
lh_tree_view_hit_test (LhTreeView *self, double wx, double wy)
{
  double lx, ly;

  if (self->shown.layout == NULL)
    return LH_SEARCH_NODE_NONE;
  lh_tree_view_widget_to_layout (self, wx, wy, &lx, &ly);
  /* Zoomed out, a node is a mark of a pixel or two: within HIT_SLOP px. */
  return lh_tree_layout_hit_test_within (self->shown.layout, lx, ly, HIT_SLOP / self->zoom,
                                         HIT_SLOP / lh_tree_view_zoom_y (self));
}

gboolean
lh_tree_view_node_visible (LhTreeView *self, guint32 index)
{
  const LhTreeLayoutNode *node;

  if (self->shown.layout == NULL || index == LH_SEARCH_NODE_NONE
      || index >= lh_tree_layout_get_n_nodes (self->shown.layout))
    return FALSE;
  node = lh_tree_layout_get_node (self->shown.layout, index);
  return !isnan (node->x);
}

/* @index, or the first of its next siblings that has a position; or NONE. */
guint32
lh_tree_view_first_visible_from (LhTreeView *self, guint32 index)
{
  while (index != LH_SEARCH_NODE_NONE && !lh_tree_view_node_visible (self, index))
    index = lh_search_tree_get_node (self->shown.tree, index)->next_sibling;
  return index;
}

/* How many nodes below visible node @index are hidden
 * (lh_tree_fold_n_hidden()). */
guint32
lh_tree_view_n_hidden_below (LhTreeView *self, guint32 index)
{
  if (self->shown.sizes == NULL)
    return 0;
  return lh_tree_fold_n_hidden (self->shown.tree, self->shown.collapsed, self->shown.sizes, index);
}

gboolean
lh_tree_view_get_node_bounds (LhTreeView *self, guint32 index, graphene_rect_t *bounds)
{
  const LhTreeLayoutNode *node;
  double ox, oy;

  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (!lh_tree_view_node_visible (self, index))
    return FALSE;
  node = lh_tree_layout_get_node (self->shown.layout, index);
  lh_tree_view_get_origin (self, &ox, &oy);
  graphene_rect_init (bounds, ox + node->x * self->zoom, oy + node->y * lh_tree_view_zoom_y (self),
                      LH_TREE_LAYOUT_NODE_WIDTH * self->zoom,
                      LH_TREE_LAYOUT_NODE_HEIGHT * lh_tree_view_zoom_y (self));
  return TRUE;
}

/* Scrolls the least that shows node @index whole (if it fits). */
void
lh_tree_view_scroll_to_node (LhTreeView *self, guint32 index)
{
  graphene_rect_t b;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  if (!lh_tree_view_get_node_bounds (self, index, &b) || self->hadjustment == NULL
      || self->vadjustment == NULL)
    return;
  if (b.origin.x < 0)
    gtk_adjustment_set_value (self->hadjustment, gtk_adjustment_get_value (self->hadjustment) + b.origin.x - MARGIN);
  else if (b.origin.x + b.size.width > w)
    gtk_adjustment_set_value (self->hadjustment,
                              gtk_adjustment_get_value (self->hadjustment) + b.origin.x + b.size.width - w + MARGIN);
  if (b.origin.y < 0)
    gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment) + b.origin.y - MARGIN);
  else if (b.origin.y + b.size.height > h)
    gtk_adjustment_set_value (self->vadjustment,
                              gtk_adjustment_get_value (self->vadjustment) + b.origin.y + b.size.height - h + MARGIN);
}


const LhTreeLayout *
lh_tree_view_get_layout (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.layout;
}

const guint8 *
lh_tree_view_get_highlight (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.highlight;
}

gboolean
lh_tree_view_get_visible_area (LhTreeView *self, graphene_rect_t *area)
{
  double x0, y0, x1, y1;
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (self->shown.layout == NULL || w <= 0 || h <= 0)
    return FALSE;
  lh_tree_view_widget_to_layout (self, 0, 0, &x0, &y0);
  lh_tree_view_widget_to_layout (self, w, h, &x1, &y1);
  graphene_rect_init (area, x0, y0, x1 - x0, y1 - y0);
  return TRUE;
}

void
lh_tree_view_center_on (LhTreeView *self, double x, double y)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (self->shown.layout == NULL)
    return;
  lh_tree_view_place_point (self, x, y, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                            gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}
