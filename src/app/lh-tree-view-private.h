/* lh-tree-view-private.h: what the files of LhTreeView share (lh-tree-view.c:
 * the GObject, the layout thread and the shown tree; lh-tree-view-geometry.c:
 * layout units and widget pixels, zoom and scrolling; lh-tree-view-draw.c:
 * the drawing, the disclosure marks and the tooltip; lh-tree-view-input.c:
 * selection, keyboard, pointer and zoom gestures; lh-tree-view-accessible.c:
 * the tree items assistive technologies walk).  Not for other units:
 * they use lh-tree-view.h. */
#pragma once

#include "lh-tree-view.h"
#include "lh-tree-layout.h"

G_BEGIN_DECLS

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

  /* The accessible tree items (GtkWidget, role tree item) and their nodes,
   * slot by slot (lh-tree-view-accessible.c). */
  GPtrArray           *items;
  GArray              *item_nodes;       /* guint32 */

  gboolean             has_exact_rules;  /* the tooltips look exact values up */
  LhExactRules         exact_rules;
};


/* lh-tree-view.c */
void lh_tree_view_emit_node_selected (LhTreeView *self, guint32 index);

/* lh-tree-view-accessible.c */
/* The view's description (the selected node) and its tree items (the nodes
 * around the focus path), after the tree, its layout, the selection or the
 * focus node changed. */
void lh_tree_view_update_accessible (LhTreeView *self);
/* Gives each tree item its node's box: from size_allocate. */
void lh_tree_view_allocate_items (LhTreeView *self);
/* Removes every tree item: from dispose. */
void lh_tree_view_clear_items (LhTreeView *self);

/* lh-tree-view-geometry.c */
double lh_tree_view_min_zoom (LhTreeView *self);
double lh_tree_view_zoom_y (LhTreeView *self);
gboolean lh_tree_view_node_visible (LhTreeView *self, guint32 index);
guint32 lh_tree_view_first_visible_from (LhTreeView *self, guint32 index);
guint32 lh_tree_view_hit_test (LhTreeView *self, double wx, double wy);
guint32 lh_tree_view_n_hidden_below (LhTreeView *self, guint32 index);
void lh_tree_view_configure_adjustments (LhTreeView *self);
void lh_tree_view_fit_scales (LhTreeView *self, double *fit_w, double *fit_h);
void lh_tree_view_get_origin (LhTreeView *self, double *ox, double *oy);
void lh_tree_view_place_point (LhTreeView *self, double lx, double ly, double wx, double wy);
void lh_tree_view_scroll_to_node (LhTreeView *self, guint32 index);
void lh_tree_view_widget_to_layout (LhTreeView *self, double wx, double wy, double *lx, double *ly);
void lh_tree_view_zoom_about (LhTreeView *self, double zoom, double wx, double wy);

/* lh-tree-view-draw.c */
guint32 lh_tree_view_badge_hit_test (LhTreeView *self, double wx, double wy);
void lh_tree_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);
gboolean lh_tree_view_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard_mode, GtkTooltip *tooltip);

/* lh-tree-view-input.c */
void lh_tree_view_input_init (LhTreeView *self);

G_END_DECLS
