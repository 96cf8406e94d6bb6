/* lh-tree-overview.h: the whole search tree in miniature, with the part in
 * view framed, over a corner of the inspector's tree.
 *
 * Shown only while the tree does not fit its view (a large record cannot be
 * fitted legibly: "Fit" stops at a legible zoom, issue 26); a click or a
 * drag in it centres the tree view on that place.  The miniature is drawn
 * with lh_tree_render() at the overview's scale (far below
 * LH_TREE_RENDER_SHAPES_ZOOM: a mark per node, rows spread over the
 * height) and kept as a render node until the layout, the size or the
 * colour scheme changes; only the frame is drawn again as the view scrolls.
 * It never takes the keyboard focus: the tree itself walks with the keys.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-tree-view.h"

G_BEGIN_DECLS

#define LH_TYPE_TREE_OVERVIEW (lh_tree_overview_get_type ())
G_DECLARE_FINAL_TYPE (LhTreeOverview, lh_tree_overview, LH, TREE_OVERVIEW, GtkWidget)

/** Size of the overview, px. */
#define LH_TREE_OVERVIEW_WIDTH  180
#define LH_TREE_OVERVIEW_HEIGHT 110

/**
 * lh_tree_overview_set_view:
 * @view: (nullable): the tree view to show in miniature and to scroll
 *   (a weak reference is kept), or NULL
 */
void lh_tree_overview_set_view (LhTreeOverview *self, LhTreeView *view);

/**
 * lh_tree_overview_get_needed:
 * Returns: TRUE when the tree of the view does not fit it (the overview is
 *   then visible).
 */
gboolean lh_tree_overview_get_needed (LhTreeOverview *self);

/**
 * lh_tree_overview_get_frame:
 * @frame: (out): the frame of the part in view, in the overview's
 *   coordinates, px
 * Returns: FALSE when nothing is shown.
 */
gboolean lh_tree_overview_get_frame (LhTreeOverview *self, graphene_rect_t *frame);

/**
 * lh_tree_overview_to_layout:
 * @x, @y: a point of the overview, px
 * @lx, @ly: (out): the layout point drawn there, layout units
 * Returns: FALSE when nothing is shown.
 */
gboolean lh_tree_overview_to_layout (LhTreeOverview *self, double x, double y, double *lx, double *ly);

G_END_DECLS
