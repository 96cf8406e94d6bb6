/* lh-tree-view.c: the search tree drawn and explored (see lh-tree-view.h). */
#include "lh-tree-view.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "lh-tree-describe.h"
#include "lh-tree-fold.h"
#include "lh-tree-layout.h"
#include "lh-tree-render.h"
#include "lh-tree-tooltip.h"

/* Empty border around the drawing, px; zoom step of a button or a wheel notch. */
#define MARGIN 24.0
#define ZOOM_STEP 1.25
/* Zoom of a newly shown tree: values and edge labels read at their design
 * size (lh-tree-render.h: labels from LH_TREE_RENDER_LABEL_ZOOM). */
#define OPENING_ZOOM 1.0
/* How far from a node's box a click or the pointer still hits it, px. */
#define HIT_SLOP 3.0

/* A tree with its layout, as shown: the layout belongs to this tree. */
typedef struct {
  LhSearchRecord     *record;     /* keeps tree alive */
  const LhSearchTree *tree;
  LhTreeLayout       *layout;
  guint8             *collapsed;  /* one byte per node */
  guint8             *highlight;  /* LH_TREE_HIGHLIGHT_* bits, one byte per node */
  guint32            *sizes;      /* nodes in each node's subtree, itself included */
} Shown;

/* A layout request, the task data of its thread. */
typedef struct {
  LhSearchRecord     *record;
  const LhSearchTree *tree;
  guint8             *collapsed;
  guint8             *highlight;
  guint32            *path;         /* an MCTS iteration's path to mark, or NULL */
  guint               path_length;
  LhTreeLayout       *layout;       /* the thread's result */
  guint32            *sizes;        /* subtree sizes, computed for a new tree */
  gboolean            new_tree;     /* FALSE for a relayout after a collapse */
  gboolean            visits;       /* an MCTS record: lines follow visits */
  double              view_width;   /* px, for the opening collapse of a new tree */
  guint32             anchor;       /* node to keep in place on a relayout */
  double              anchor_x, anchor_y;  /* its widget position before */
} LayoutJob;

struct _LhTreeView
{
  GtkWidget            parent_instance;

  GtkAdjustment       *hadjustment;
  GtkAdjustment       *vadjustment;
  GtkScrollablePolicy  hscroll_policy;
  GtkScrollablePolicy  vscroll_policy;

  Shown                shown;
  guint                layout_generation;
  GCancellable        *layout_cancellable;   /* non-NULL while a layout runs */

  double               zoom;
  double               drawn_zoom_y;   /* the vertical scale of the last frame, 0 before one */
  double               drawn_top;      /* the layout y at the view's top in that frame */
  guint32              selected;
  guint32              focus;

  double               drag_start_h, drag_start_v;
  double               zoom_gesture_start;
  double               pointer_x, pointer_y;
  gboolean             has_pointer;
};

static void lh_tree_view_scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LhTreeView, lh_tree_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE,
                                                      lh_tree_view_scrollable_init))

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
  N_PROPS
};

enum {
  SIGNAL_NODE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
layout_job_free (gpointer p)
{
  LayoutJob *job = p;

  lh_search_record_unref (job->record);
  g_free (job->collapsed);
  g_free (job->highlight);
  g_free (job->path);
  g_free (job->sizes);
  g_clear_pointer (&job->layout, lh_tree_layout_free);
  g_free (job);
}

static void
shown_clear (Shown *shown)
{
  g_clear_pointer (&shown->record, lh_search_record_unref);
  shown->tree = NULL;
  g_clear_pointer (&shown->layout, lh_tree_layout_free);
  g_clear_pointer (&shown->collapsed, g_free);
  g_clear_pointer (&shown->highlight, g_free);
  g_clear_pointer (&shown->sizes, g_free);
}

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
static void
fit_scales (LhTreeView *self, double *fit_w, double *fit_h)
{
  double lw, lh, w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  layout_size (self, &lw, &lh);
  *fit_w = lw > 0 && w > 2 * MARGIN ? (w - 2 * MARGIN) / lw : 0;
  *fit_h = lh > 0 && h > 2 * MARGIN ? (h - 2 * MARGIN) / lh : 0;
}

/* The vertical zoom (lh_tree_render_row_zoom(): below
 * LH_TREE_RENDER_SHAPES_ZOOM a very wide tree's rows spread). */
static double
zoom_y (LhTreeView *self)
{
  double fit_w, fit_h;

  if (self->zoom >= LH_TREE_RENDER_SHAPES_ZOOM)
    return self->zoom;
  fit_scales (self, &fit_w, &fit_h);
  return lh_tree_render_row_zoom (self->zoom, fit_w, fit_h);
}

/* The smallest zoom: LH_TREE_VIEW_MIN_ZOOM, or less for a tree whose width
 * needs less to fit the view. */
static double
min_zoom (LhTreeView *self)
{
  double fit_w, fit_h;

  fit_scales (self, &fit_w, &fit_h);
  return fit_w > 0 ? MIN (LH_TREE_VIEW_MIN_ZOOM, fit_w) : LH_TREE_VIEW_MIN_ZOOM;
}

/* Where layout point (0, 0) is in widget coordinates: the border, the
 * scroll position, and centring when the drawing is smaller than the view. */
static void
get_origin (LhTreeView *self, double *ox, double *oy)
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

static void
configure_adjustments (LhTreeView *self)
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
      double upper = MAX (h, lh * zoom_y (self) + 2 * MARGIN);
      gtk_adjustment_configure (self->vadjustment,
                                CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, upper - h),
                                0, upper, 24, h * 0.9, h);
    }
}

/* Sets the scroll position so that layout point (@lx, @ly) is at widget
 * point (@wx, @wy), as far as the scroll range allows. */
static void
place_point (LhTreeView *self, double lx, double ly, double wx, double wy)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  configure_adjustments (self);
  if (self->hadjustment != NULL)
    gtk_adjustment_set_value (self->hadjustment, CLAMP (MARGIN + lx * self->zoom - wx, 0,
                                                        gtk_adjustment_get_upper (self->hadjustment) - w));
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, CLAMP (MARGIN + ly * zoom_y (self) - wy, 0,
                                                        gtk_adjustment_get_upper (self->vadjustment) - h));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
widget_to_layout (LhTreeView *self, double wx, double wy, double *lx, double *ly)
{
  double ox, oy;

  get_origin (self, &ox, &oy);
  *lx = (wx - ox) / self->zoom;
  *ly = (wy - oy) / zoom_y (self);
}

/* Sets the zoom, keeping widget point (@wx, @wy) over the same layout point. */
static void
zoom_about (LhTreeView *self, double zoom, double wx, double wy)
{
  double lx, ly;

  /* (Never below the zoom already shown: a collapse that narrows the tree
   * raises min_zoom(), and zooming out must not then zoom in.) */
  zoom = CLAMP (zoom, MIN (min_zoom (self), self->zoom), LH_TREE_VIEW_MAX_ZOOM);
  if (zoom == self->zoom)
    return;
  widget_to_layout (self, wx, wy, &lx, &ly);
  self->zoom = zoom;
  place_point (self, lx, ly, wx, wy);
}

static guint32
hit_test (LhTreeView *self, double wx, double wy)
{
  double lx, ly;

  if (self->shown.layout == NULL)
    return LH_SEARCH_NODE_NONE;
  widget_to_layout (self, wx, wy, &lx, &ly);
  /* Zoomed out, a node is a mark of a pixel or two: within HIT_SLOP px. */
  return lh_tree_layout_hit_test_within (self->shown.layout, lx, ly, HIT_SLOP / self->zoom,
                                         HIT_SLOP / zoom_y (self));
}

static gboolean
node_visible (LhTreeView *self, guint32 index)
{
  const LhTreeLayoutNode *node;

  if (self->shown.layout == NULL || index == LH_SEARCH_NODE_NONE
      || index >= lh_tree_layout_get_n_nodes (self->shown.layout))
    return FALSE;
  node = lh_tree_layout_get_node (self->shown.layout, index);
  return !isnan (node->x);
}

/* @index, or the first of its next siblings that has a position; or NONE. */
static guint32
first_visible_from (LhTreeView *self, guint32 index)
{
  while (index != LH_SEARCH_NODE_NONE && !node_visible (self, index))
    index = lh_search_tree_get_node (self->shown.tree, index)->next_sibling;
  return index;
}

/* How many nodes below visible node @index are hidden
 * (lh_tree_fold_n_hidden()). */
static guint32
n_hidden_below (LhTreeView *self, guint32 index)
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

  if (!node_visible (self, index))
    return FALSE;
  node = lh_tree_layout_get_node (self->shown.layout, index);
  get_origin (self, &ox, &oy);
  graphene_rect_init (bounds, ox + node->x * self->zoom, oy + node->y * zoom_y (self),
                      LH_TREE_LAYOUT_NODE_WIDTH * self->zoom,
                      LH_TREE_LAYOUT_NODE_HEIGHT * zoom_y (self));
  return TRUE;
}

/* Scrolls the least that shows node @index whole (if it fits). */
static void
scroll_to_node (LhTreeView *self, guint32 index)
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
  hidden = n_hidden_below (self, index);
  if (hidden > 0)
    g_snprintf (text, text_size, "▸ +%u", hidden);
  else
    g_snprintf (text, text_size, "▾");
  /* (The triangle is wider than a digit.) */
  width = MAX (BADGE_HEIGHT, 13 + BADGE_CHAR_WIDTH * g_utf8_strlen (text, -1));
  cx = node->x + LH_TREE_LAYOUT_NODE_WIDTH / 2;
  top = node->y + LH_TREE_LAYOUT_NODE_HEIGHT + 4;
  if (first_visible_from (self, record_node->first_child) != LH_SEARCH_NODE_NONE)
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
static guint32
badge_hit_test (LhTreeView *self, double wx, double wy)
{
  BadgeHit hit = { self, 0, 0, LH_SEARCH_NODE_NONE };

  if (self->shown.layout == NULL || self->zoom < LH_TREE_RENDER_TEXT_ZOOM)
    return LH_SEARCH_NODE_NONE;
  widget_to_layout (self, wx, wy, &hit.x, &hit.y);
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
  hides = n_hidden_below (self, index) > 0;
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

static void
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
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_bg_color", &accent))
    {
      style.accent[0] = accent.red;
      style.accent[1] = accent.green;
      style.accent[2] = accent.blue;
    }
  G_GNUC_END_IGNORE_DEPRECATIONS

  get_origin (self, &ox, &oy);
  zy = zoom_y (self);
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
  get_origin (self, &ox, &oy);
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  lh_tree_layout_foreach_visible (self->shown.layout, -ox / self->zoom, -oy / zoom_y (self),
                                  w / self->zoom, h / zoom_y (self), count_cb, &n);
  return n;
}

/* ---- layout in a thread --------------------------------------------------- */

/* How many nodes fit side by side in a view @view_width px wide at
 * OPENING_ZOOM (lh_tree_fold_opening()). */
static guint
opening_fit (double view_width)
{
  return (guint) MAX (1.0, (view_width - 2 * MARGIN)
                           / ((LH_TREE_LAYOUT_NODE_WIDTH + LH_TREE_LAYOUT_SIBLING_GAP) * OPENING_ZOOM));
}

static void
layout_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  LayoutJob *job = task_data;
  guint n = lh_search_tree_get_n_nodes (job->tree);

  if (job->new_tree && n > 0)
    {
      guint open_row;

      job->sizes = g_new0 (guint32, n);
      open_row = lh_tree_fold_opening (job->tree, opening_fit (job->view_width), job->collapsed, job->sizes);
      lh_tree_fold_open_line (job->tree, job->visits, open_row, job->collapsed);
      lh_tree_fold_open_path (job->tree, job->path, job->path_length, open_row, job->collapsed);
    }
  if (job->highlight == NULL)
    {
      job->highlight = g_malloc0 (MAX (n, 1));
      if (n > 0)
        {
          lh_tree_chosen_line (job->tree, job->highlight);
          lh_tree_mark_path (job->tree, job->highlight, job->path, job->path_length);
        }
    }
  job->layout = lh_tree_layout_new (job->tree, job->collapsed);
  g_task_return_boolean (task, TRUE);
}

/* The initial view of a new tree: the root at the top centre, at a zoom
 * where the values and edge labels read; the rows below the opening ones
 * are collapsed (lh_tree_fold_opening()), so what shows fits the width. */
static void
initial_view (LhTreeView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  const LhTreeLayoutNode *root;

  if (w <= 0 || self->shown.layout == NULL)
    return;
  root = lh_tree_layout_get_node (self->shown.layout, 0);
  self->zoom = OPENING_ZOOM;
  place_point (self, root->x + LH_TREE_LAYOUT_NODE_WIDTH / 2, 0, w / 2, MARGIN);
}

/* Screen readers hear the selected node: the view's accessible description
 * is its sentence (lh_tree_node_describe()), empty without a selection.
 * The label stays the view's name (the inspector's "Search Tree"). */
static void
update_accessible_description (LhTreeView *self)
{
  g_autofree char *text = NULL;

  if (self->shown.tree != NULL && self->selected != LH_SEARCH_NODE_NONE)
    text = lh_tree_node_describe (self->shown.tree, self->selected,
                                  lh_search_record_get_solver (self->shown.record) == LH_SOLVER_MCTS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

static void
layout_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhTreeView *self = LH_TREE_VIEW (source);
  GTask *task = G_TASK (res);
  LayoutJob *job = g_task_get_task_data (task);
  guint generation = GPOINTER_TO_UINT (user_data);

  if (!g_task_propagate_boolean (task, NULL) || generation != self->layout_generation)
    return;  /* overtaken by a newer tree or relayout: dropped */
  g_clear_object (&self->layout_cancellable);

  if (job->new_tree)
    {
      shown_clear (&self->shown);
      self->shown.record = g_steal_pointer (&job->record);
      self->shown.tree = job->tree;
      self->selected = self->focus = lh_search_tree_get_n_nodes (job->tree) > 0 ? 0 : LH_SEARCH_NODE_NONE;
    }
  else
    {
      g_clear_pointer (&self->shown.layout, lh_tree_layout_free);
      g_clear_pointer (&self->shown.collapsed, g_free);
      g_clear_pointer (&self->shown.highlight, g_free);
    }
  self->shown.layout = g_steal_pointer (&job->layout);
  self->shown.collapsed = g_steal_pointer (&job->collapsed);
  self->shown.highlight = g_steal_pointer (&job->highlight);
  if (job->new_tree)
    self->shown.sizes = g_steal_pointer (&job->sizes);

  if (job->new_tree)
    {
      initial_view (self);
      /* A deep MCTS path goes on below the view: show its deepest node. */
      for (guint i = job->path_length; i-- > 1;)
        if (node_visible (self, job->path[i]))
          {
            scroll_to_node (self, job->path[i]);
            break;
          }
      if (self->selected != LH_SEARCH_NODE_NONE)
        g_signal_emit (self, signals[SIGNAL_NODE_SELECTED], 0, self->selected);
    }
  else if (node_visible (self, job->anchor))
    {
      const LhTreeLayoutNode *node = lh_tree_layout_get_node (self->shown.layout, job->anchor);
      place_point (self, node->x, node->y, job->anchor_x, job->anchor_y);
    }
  if (!node_visible (self, self->selected))
    self->selected = LH_SEARCH_NODE_NONE;
  if (!node_visible (self, self->focus))
    self->focus = self->selected;
  update_accessible_description (self);
  configure_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
start_layout (LhTreeView *self, LayoutJob *job)
{
  g_autoptr(GTask) task = NULL;

  self->layout_generation++;
  if (self->layout_cancellable != NULL)
    {
      g_cancellable_cancel (self->layout_cancellable);
      g_clear_object (&self->layout_cancellable);
    }
  self->layout_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->layout_cancellable, layout_done_cb,
                     GUINT_TO_POINTER (self->layout_generation));
  g_task_set_source_tag (task, start_layout);
  g_task_set_name (task, "lh-tree-layout");
  /* The result is only used when it is still the newest request. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, job, layout_job_free);
  g_task_run_in_thread (task, layout_thread);
}

void
lh_tree_view_set_tree (LhTreeView *self, LhSearchRecord *record, const LhSearchTree *tree)
{
  lh_tree_view_set_tree_with_path (self, record, tree, NULL, 0);
}

void
lh_tree_view_set_tree_with_path (LhTreeView         *self,
                                 LhSearchRecord     *record,
                                 const LhSearchTree *tree,
                                 const guint32      *path,
                                 guint               path_length)
{
  LayoutJob *job;

  g_return_if_fail (LH_IS_TREE_VIEW (self));
  g_return_if_fail (path != NULL || path_length == 0);

  if (tree == NULL || lh_search_tree_get_n_nodes (tree) == 0)
    {
      /* Nothing to lay out: show nothing at once (and drop a pending layout). */
      self->layout_generation++;
      if (self->layout_cancellable != NULL)
        {
          g_cancellable_cancel (self->layout_cancellable);
          g_clear_object (&self->layout_cancellable);
        }
      shown_clear (&self->shown);
      self->selected = self->focus = LH_SEARCH_NODE_NONE;
      update_accessible_description (self);
      configure_adjustments (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  g_return_if_fail (record != NULL);
  job = g_new0 (LayoutJob, 1);
  job->record = lh_search_record_ref (record);
  job->tree = tree;
  job->collapsed = g_malloc0 (lh_search_tree_get_n_nodes (tree));
  job->new_tree = TRUE;
  job->visits = lh_search_record_get_solver (record) == LH_SOLVER_MCTS;
  job->view_width = gtk_widget_get_width (GTK_WIDGET (self)) > 0
                    ? gtk_widget_get_width (GTK_WIDGET (self)) : 400;
  job->anchor = LH_SEARCH_NODE_NONE;
  if (path_length > 0)
    {
      job->path = g_memdup2 (path, path_length * sizeof (guint32));
      job->path_length = path_length;
    }
  start_layout (self, job);
}

gboolean
lh_tree_view_is_on_path (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  return self->shown.tree != NULL && self->shown.highlight != NULL
         && index < lh_search_tree_get_n_nodes (self->shown.tree)
         && (self->shown.highlight[index] & LH_TREE_HIGHLIGHT_PATH) != 0;
}

const LhSearchTree *
lh_tree_view_get_tree (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.tree;
}

gboolean
lh_tree_view_is_laying_out (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  return self->layout_cancellable != NULL;
}

gboolean
lh_tree_view_is_collapsed (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);

  return self->shown.collapsed != NULL && self->shown.tree != NULL
      && index < lh_search_tree_get_n_nodes (self->shown.tree)
      && (self->shown.collapsed[index] & LH_TREE_LAYOUT_COLLAPSED) != 0;
}

const guint8 *
lh_tree_view_get_collapsed (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.tree != NULL ? self->shown.collapsed : NULL;
}

/* Lays the shown tree out again with @collapsed (taken), keeping node
 * @anchor where it is on screen. */
static void
relayout (LhTreeView *self, guint8 *collapsed, guint32 anchor)
{
  guint n = lh_search_tree_get_n_nodes (self->shown.tree);
  LayoutJob *job;
  graphene_rect_t b;

  job = g_new0 (LayoutJob, 1);
  job->record = lh_search_record_ref (self->shown.record);
  job->tree = self->shown.tree;
  job->collapsed = collapsed;
  job->highlight = g_memdup2 (self->shown.highlight, n);
  job->anchor = anchor;
  lh_tree_view_get_node_bounds (self, anchor, &b);
  job->anchor_x = b.origin.x;
  job->anchor_y = b.origin.y;
  start_layout (self, job);
}

void
lh_tree_view_toggle_collapsed (LhTreeView *self, guint32 index)
{
  guint8 *collapsed;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (self->shown.tree == NULL || !node_visible (self, index))
    return;
  if (lh_search_tree_get_node (self->shown.tree, index)->first_child == LH_SEARCH_NODE_NONE)
    return;  /* nothing below it */
  collapsed = g_memdup2 (self->shown.collapsed, lh_search_tree_get_n_nodes (self->shown.tree));
  if (n_hidden_below (self, index) > 0)
    lh_tree_fold_show_children (self->shown.tree, collapsed, index);
  else
    collapsed[index] |= LH_TREE_LAYOUT_COLLAPSED;
  relayout (self, collapsed, index);
}

void
lh_tree_view_expand_subtree (LhTreeView *self, guint32 index)
{
  const LhSearchTree *tree = self->shown.tree;
  guint8 *collapsed;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (tree == NULL || !node_visible (self, index))
    return;
  collapsed = g_memdup2 (self->shown.collapsed, lh_search_tree_get_n_nodes (tree));
  if (!lh_tree_fold_expand_subtree (tree, collapsed, index))
    {
      g_free (collapsed);
      return;
    }
  relayout (self, collapsed, index);
}

/* ---- selection and keyboard ----------------------------------------------- */

static void
set_focus_node (LhTreeView *self, guint32 index)
{
  if (!node_visible (self, index))
    return;
  self->focus = index;
  scroll_to_node (self, index);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_tree_view_select (LhTreeView *self, guint32 index)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (!node_visible (self, index))
    return;
  self->selected = index;
  set_focus_node (self, index);
  update_accessible_description (self);
  g_signal_emit (self, signals[SIGNAL_NODE_SELECTED], 0, index);
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
    if (node_visible (self, child))
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
      target = first_visible_from (self, node->first_child);
      break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      target = previous_visible_sibling (self, self->focus);
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      target = first_visible_from (self, node->next_sibling);
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
  guint32 index = hit_test (self, x, y);
  guint32 mark = badge_hit_test (self, x, y);

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
  zoom_about (self, self->zoom * pow (ZOOM_STEP, -dy), wx, wy);
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
  zoom_about (self, self->zoom_gesture_start * scale, x, y);
}

void
lh_tree_view_zoom (LhTreeView *self, double factor)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));
  g_return_if_fail (factor > 0);

  zoom_about (self, self->zoom * factor,
              gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
              gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
lh_tree_view_zoom_to_fit (LhTreeView *self)
{
  double fit_w, fit_h;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  fit_scales (self, &fit_w, &fit_h);
  if (fit_w <= 0 || fit_h <= 0)
    return;
  self->zoom = CLAMP (lh_tree_render_fit_zoom (fit_w, fit_h), min_zoom (self), LH_TREE_VIEW_MAX_ZOOM);
  place_point (self, 0, 0, MARGIN, MARGIN);
}

void
lh_tree_view_zoom_to_fit_legible (LhTreeView *self)
{
  double fit_w, fit_h, fit;
  guint32 keep;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  fit_scales (self, &fit_w, &fit_h);
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
  keep = node_visible (self, self->selected) ? self->selected : 0;
  if (node_visible (self, keep))
    {
      const LhTreeLayoutNode *node = lh_tree_layout_get_node (self->shown.layout, keep);

      place_point (self, node->x + LH_TREE_LAYOUT_NODE_WIDTH / 2, node->y,
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
  return zoom_y (self);
}

/* ---- tooltip -------------------------------------------------------------- */

char *
lh_tree_view_describe_mark (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);

  if (self->shown.tree == NULL || self->shown.sizes == NULL || !node_visible (self, index)
      || lh_search_tree_get_node (self->shown.tree, index)->first_child == LH_SEARCH_NODE_NONE)
    return NULL;
  if (n_hidden_below (self, index) > 0)
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

  if (!node_visible (self, index) || self->zoom < LH_TREE_RENDER_TEXT_ZOOM
      || !badge_geometry (self, index, text, sizeof text, &r))
    return FALSE;
  get_origin (self, &ox, &oy);
  graphene_rect_init (bounds, ox + r.origin.x * self->zoom, oy + r.origin.y * zoom_y (self),
                      r.size.width * self->zoom, r.size.height * zoom_y (self));
  return TRUE;
}

static gboolean
lh_tree_view_query_tooltip (GtkWidget  *widget,
                            int         x,
                            int         y,
                            gboolean    keyboard_mode,
                            GtkTooltip *tooltip)
{
  LhTreeView *self = LH_TREE_VIEW (widget);
  guint32 index = keyboard_mode ? self->focus : hit_test (self, x, y);
  guint32 mark = keyboard_mode ? LH_SEARCH_NODE_NONE : badge_hit_test (self, x, y);
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
  lh_tree_tooltip_fill (tooltip, self->shown.tree, index, &b);
  return TRUE;
}

/* ---- GtkWidget, GtkScrollable, GObject ------------------------------------ */

static void
lh_tree_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  LhTreeView *self = LH_TREE_VIEW (widget);
  double zy = zoom_y (self);

  configure_adjustments (self);
  /* Zoomed far out, the rows' spacing follows the view's size (zoom_y()):
   * when it changes, the row at the top of the last frame stays there
   * (unless the view was scrolled to the top). */
  if (self->vadjustment != NULL && self->drawn_zoom_y > 0 && zy != self->drawn_zoom_y
      && gtk_adjustment_get_value (self->vadjustment) > 0)
    gtk_adjustment_set_value (self->vadjustment,
                              CLAMP (MARGIN + self->drawn_top * zy, 0,
                                     gtk_adjustment_get_upper (self->vadjustment) - height));
}

static void
lh_tree_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 400 : 300;
}

static void
adjustment_value_changed_cb (GtkAdjustment *adjustment, LhTreeView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (LhTreeView *self, GtkAdjustment **slot, GtkAdjustment *adjustment)
{
  if (*slot == adjustment && adjustment != NULL)
    return;
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_data (*slot, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb), self);
  configure_adjustments (self);
}

static gboolean
lh_tree_view_get_border (GtkScrollable *scrollable, GtkBorder *border)
{
  return FALSE;
}

static void
lh_tree_view_scrollable_init (GtkScrollableInterface *iface)
{
  iface->get_border = lh_tree_view_get_border;
}

static void
lh_tree_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT: g_value_set_object (value, self->hadjustment); break;
    case PROP_VADJUSTMENT: g_value_set_object (value, self->vadjustment); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum (value, self->hscroll_policy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum (value, self->vscroll_policy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_tree_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT: set_adjustment (self, &self->hadjustment, g_value_get_object (value)); break;
    case PROP_VADJUSTMENT: set_adjustment (self, &self->vadjustment, g_value_get_object (value)); break;
    case PROP_HSCROLL_POLICY: self->hscroll_policy = g_value_get_enum (value); break;
    case PROP_VSCROLL_POLICY: self->vscroll_policy = g_value_get_enum (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_tree_view_dispose (GObject *object)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  self->layout_generation++;
  if (self->layout_cancellable != NULL)
    {
      g_cancellable_cancel (self->layout_cancellable);
      g_clear_object (&self->layout_cancellable);
    }
  shown_clear (&self->shown);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (lh_tree_view_parent_class)->dispose (object);
}

static void
lh_tree_view_class_init (LhTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_tree_view_dispose;
  object_class->get_property = lh_tree_view_get_property;
  object_class->set_property = lh_tree_view_set_property;
  widget_class->snapshot = lh_tree_view_snapshot;
  widget_class->size_allocate = lh_tree_view_size_allocate;
  widget_class->measure = lh_tree_view_measure;
  widget_class->query_tooltip = lh_tree_view_query_tooltip;

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * LhTreeView::node-selected:
   * @index: the selected node's index in the record
   * A node was selected (click, keyboard, lh_tree_view_select(), or the
   * root of a newly shown tree).
   */
  signals[SIGNAL_NODE_SELECTED] =
    g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "treeview-inspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TREE);
}

static void
lh_tree_view_init (LhTreeView *self)
{
  GtkGesture *click, *drag, *zoom;
  GtkEventController *scroll, *motion, *keys;

  self->zoom = 1.0;
  self->selected = self->focus = LH_SEARCH_NODE_NONE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

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

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);
}

GtkWidget *
lh_tree_view_new (void)
{
  return g_object_new (LH_TYPE_TREE_VIEW, NULL);
}
