/* lh-tree-view-draw.c: the search tree's drawing, disclosure marks and
 * tooltip (see lh-tree-view-private.h). */
#include "lh-tree-view-private.h"
#include "lh-theme-colour.h"

#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "lh-tree-fold.h"
#include "lh-tree-render.h"
#include "lh-tree-tooltip.h"

/* ---- drawing -------------------------------------------------------------- */

/* Disclosure marks: a pill under a node with children, BADGE_HEIGHT
 * layout units high, its width from its text (an estimate of the bold
 * 9-unit font's advance, so that drawing and hit testing agree). */
#define BADGE_HEIGHT 14.0
#define BADGE_FONT_SIZE 9.0
#define BADGE_CHAR_WIDTH 6.0

/* The disclosure mark of visible node @index: "▸ +N" when it hides N nodes
 * (a click or Enter shows them), "▾" when it shows all its children (a
 * click collapses it); its box in layout units, beside the edges to the
 * children it shows.  Returns: FALSE when @index has no children. */
static gboolean
badge_geometry (LhTreeView *self, guint32 index, char *text, gsize text_size, graphene_rect_t *rect)
{
  const LhTreeLayoutNode *node = lh_tree_layout_get_node (self->shown.layout, index);
  const LhSearchNode *record_node = lh_search_tree_get_node (self->shown.tree, index);
  guint32 hidden;
  double width, cx, top;

  if (record_node->first_child == LH_SEARCH_NODE_NONE || isnan (node->x))
    return FALSE;
  hidden = lh_tree_view_n_hidden_below (self, index);
  if (hidden > 0)
    g_snprintf (text, text_size, "▸ +%u", hidden);
  else
    g_snprintf (text, text_size, "▾");
  /* (The triangle is wider than a digit.) */
  width = MAX (BADGE_HEIGHT, 13 + BADGE_CHAR_WIDTH * g_utf8_strlen (text, -1));
  cx = node->x + LH_TREE_LAYOUT_NODE_WIDTH / 2;
  top = node->y + LH_TREE_LAYOUT_NODE_HEIGHT + 4;
  if (lh_tree_view_first_visible_from (self, record_node->first_child) != LH_SEARCH_NODE_NONE)
    {
      /* Right of the edges, one mark lower than the marks of nodes that
       * show no child, so that a neighbour's mark never overlaps it. */
      cx += width / 2 + 6;
      top += BADGE_HEIGHT + 2;
    }
  graphene_rect_init (rect, cx - width / 2, top, width, BADGE_HEIGHT);
  return TRUE;
}

typedef struct {
  LhTreeView *self;
  double      x, y;    /* the point, layout units */
  guint32     found;
} BadgeHit;

static void
badge_hit_cb (guint32 index, gpointer user_data)
{
  BadgeHit *hit = user_data;
  graphene_rect_t rect;
  char text[32];

  if (badge_geometry (hit->self, index, text, sizeof text, &rect)
      && graphene_rect_contains_point (&rect, &GRAPHENE_POINT_INIT (hit->x, hit->y)))
    hit->found = index;
}

/* The node whose disclosure mark is under widget point (@wx, @wy), or
 * NONE; marks are drawn (and hit) from LH_TREE_RENDER_TEXT_ZOOM. */
guint32
lh_tree_view_badge_hit_test (LhTreeView *self, double wx, double wy)
{
  BadgeHit hit = { self, 0, 0, LH_SEARCH_NODE_NONE };

  if (self->shown.layout == NULL || self->zoom < LH_TREE_RENDER_TEXT_ZOOM)
    return LH_SEARCH_NODE_NONE;
  lh_tree_view_widget_to_layout (self, wx, wy, &hit.x, &hit.y);
  /* The mark's node is in the row above, at most a node and a mark away. */
  lh_tree_layout_foreach_visible (self->shown.layout, hit.x - 2 * LH_TREE_LAYOUT_NODE_WIDTH,
                                  hit.y - LH_TREE_LAYOUT_NODE_HEIGHT - 6 - 2 * BADGE_HEIGHT,
                                  4 * LH_TREE_LAYOUT_NODE_WIDTH, LH_TREE_LAYOUT_NODE_HEIGHT + 6 + 2 * BADGE_HEIGHT,
                                  badge_hit_cb, &hit);
  return hit.found;
}

typedef struct {
  LhTreeView *self;
  cairo_t    *cr;
  gboolean    text;
  gboolean    dark;
} BadgeContext;

/* Under a node with children, its disclosure mark (badge_geometry()): a
 * pill with the text when zoomed in enough to read it; zoomed out, just
 * the pill, and only under a node that hides nodes. */
static void
badge_cb (guint32 index, gpointer user_data)
{
  BadgeContext *ctx = user_data;
  LhTreeView *self = ctx->self;
  char text[32];
  cairo_text_extents_t extents;
  graphene_rect_t r;
  double top, left, width, height = BADGE_HEIGHT;
  gboolean hides;

  if (!badge_geometry (self, index, text, sizeof text, &r))
    return;
  hides = lh_tree_view_n_hidden_below (self, index) > 0;
  if (!hides && !ctx->text)
    return;
  left = r.origin.x;
  top = r.origin.y;
  width = ctx->text ? r.size.width : 24;
  if (!ctx->text)
    left = r.origin.x + r.size.width / 2 - width / 2;
  cairo_new_sub_path (ctx->cr);
  cairo_arc (ctx->cr, left + height / 2, top + height / 2, height / 2, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (ctx->cr, left + width - height / 2, top + height / 2, height / 2, -G_PI / 2, G_PI / 2);
  cairo_close_path (ctx->cr);
  if (ctx->dark)
    cairo_set_source_rgba (ctx->cr, 0.36, 0.36, 0.38, hides ? 1.0 : 0.6);
  else
    cairo_set_source_rgba (ctx->cr, 0.86, 0.86, 0.87, hides ? 1.0 : 0.6);
  cairo_fill (ctx->cr);
  if (ctx->text)
    {
      cairo_text_extents (ctx->cr, text, &extents);
      if (ctx->dark)
        cairo_set_source_rgb (ctx->cr, 0.95, 0.95, 0.95);
      else
        cairo_set_source_rgb (ctx->cr, 0.2, 0.2, 0.22);
      cairo_move_to (ctx->cr, left + width / 2 - extents.x_advance / 2,
                     top + height / 2 - extents.y_bearing - extents.height / 2);
      cairo_show_text (ctx->cr, text);
    }
}

void
lh_tree_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhTreeView *self = LH_TREE_VIEW (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  LhTreeRenderStyle style;
  GdkRGBA accent;
  double ox, oy, zy;
  cairo_t *cr;

  if (self->shown.layout == NULL || self->shown.tree == NULL || w <= 0 || h <= 0)
    return;

  lh_tree_render_style_init (&style);
  style.selected = self->selected;
  style.focus = gtk_widget_has_focus (widget) ? self->focus : LH_SEARCH_NODE_NONE;
  style.highlight = self->shown.highlight;
  style.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  if (lh_theme_colour (widget, "accent_bg_color", NULL, &accent))
    {
      style.accent[0] = accent.red;
      style.accent[1] = accent.green;
      style.accent[2] = accent.blue;
    }

  lh_tree_view_get_origin (self, &ox, &oy);
  zy = lh_tree_view_zoom_y (self);
  self->drawn_zoom_y = zy;
  self->drawn_top = -oy / zy;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, self->zoom, zy);
  lh_tree_render (cr, self->shown.tree, self->shown.layout, &style,
                  -ox / self->zoom, -oy / zy, w / self->zoom, h / zy);
  if (self->zoom >= LH_TREE_RENDER_SHAPES_ZOOM)
    {
      BadgeContext ctx = { self, cr, self->zoom >= LH_TREE_RENDER_TEXT_ZOOM, style.dark };

      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, BADGE_FONT_SIZE);
      /* Badges hang below their node's box: widen the rectangle by one. */
      lh_tree_layout_foreach_visible (self->shown.layout, -ox / self->zoom,
                                      -oy / self->zoom - LH_TREE_LAYOUT_LEVEL_GAP,
                                      w / self->zoom, h / self->zoom + LH_TREE_LAYOUT_LEVEL_GAP,
                                      badge_cb, &ctx);
    }
  cairo_destroy (cr);
}

static void
count_cb (guint32 index, gpointer user_data)
{
  (*(guint *) user_data)++;
}

guint
lh_tree_view_count_drawn (LhTreeView *self)
{
  double ox, oy, w, h;
  guint n = 0;

  g_return_val_if_fail (LH_IS_TREE_VIEW (self), 0);

  if (self->shown.layout == NULL)
    return 0;
  lh_tree_view_get_origin (self, &ox, &oy);
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  lh_tree_layout_foreach_visible (self->shown.layout, -ox / self->zoom, -oy / lh_tree_view_zoom_y (self),
                                  w / self->zoom, h / lh_tree_view_zoom_y (self), count_cb, &n);
  return n;
}

/* ---- tooltip -------------------------------------------------------------- */

char *
lh_tree_view_describe_mark (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);

  if (self->shown.tree == NULL || self->shown.sizes == NULL || !lh_tree_view_node_visible (self, index)
      || lh_search_tree_get_node (self->shown.tree, index)->first_child == LH_SEARCH_NODE_NONE)
    return NULL;
  if (lh_tree_view_n_hidden_below (self, index) > 0)
    return lh_tree_fold_describe_hidden (self->shown.tree, self->shown.collapsed, self->shown.sizes, index);
  return g_strdup (_("Click the ▾ mark or press Enter to collapse this subtree"));
}

gboolean
lh_tree_view_get_mark_bounds (LhTreeView *self, guint32 index, graphene_rect_t *bounds)
{
  graphene_rect_t r;
  char text[32];
  double ox, oy;

  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (!lh_tree_view_node_visible (self, index) || self->zoom < LH_TREE_RENDER_TEXT_ZOOM
      || !badge_geometry (self, index, text, sizeof text, &r))
    return FALSE;
  lh_tree_view_get_origin (self, &ox, &oy);
  graphene_rect_init (bounds, ox + r.origin.x * self->zoom, oy + r.origin.y * lh_tree_view_zoom_y (self),
                      r.size.width * self->zoom, r.size.height * lh_tree_view_zoom_y (self));
  return TRUE;
}

gboolean
lh_tree_view_query_tooltip (GtkWidget  *widget,
                            int         x,
                            int         y,
                            gboolean    keyboard_mode,
                            GtkTooltip *tooltip)
{
  LhTreeView *self = LH_TREE_VIEW (widget);
  guint32 index = keyboard_mode ? self->focus : lh_tree_view_hit_test (self, x, y);
  guint32 mark = keyboard_mode ? LH_SEARCH_NODE_NONE : lh_tree_view_badge_hit_test (self, x, y);
  graphene_rect_t b;

  if (mark != LH_SEARCH_NODE_NONE && index == LH_SEARCH_NODE_NONE)
    {
      g_autofree char *text = lh_tree_view_describe_mark (self, mark);

      gtk_tooltip_set_text (tooltip, text);
      return TRUE;
    }

  if (index == LH_SEARCH_NODE_NONE || self->shown.tree == NULL
      || !lh_tree_view_get_node_bounds (self, index, &b))
    return FALSE;
  lh_tree_tooltip_fill (tooltip, self->shown.tree, index, &b,
                        self->has_exact_rules ? &self->exact_rules : NULL);
  return TRUE;
}

