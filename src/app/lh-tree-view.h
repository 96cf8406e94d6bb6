/* lh-tree-view.h: the inspector's drawing of a search-tree record.
 *
 * A GtkScrollable: put it in a GtkScrolledWindow for scroll bars.  It draws
 * the record with lh_tree_render() through gtk_snapshot_append_cairo(), only
 * the visible rectangle.  The layout (lh_tree_layout_new) is computed in a
 * GTask thread, as sysprof's flame graph does; until a new layout arrives the
 * old one stays on screen, and a layout that a newer request overtook is
 * dropped.
 *
 * A new tree opens at a readable zoom with the root at the top centre and
 * only as many rows as fit the view's width side by side (at least the root
 * and its children); below them the expected line from the chosen move
 * (lh-principal-variation.h) goes on to its end, alone; the other nodes
 * with children are collapsed, drawn with a "▸ +N" mark (N: the nodes they
 * hide; its tooltip says what they are), and expand one row at a time (or
 * wholly with *).  A node that shows its children has a "▾" mark.  One
 * click on a mark opens or closes its node.  An MCTS iteration's path goes on below those
 * rows alone: its nodes there show only their child on the path (their
 * other children elided, counted in the badge), so the root's moves stay
 * side by side in view however many spawns a chance node on the path has.
 *
 * Explore: Ctrl+scroll and pinch zoom about the pointer, lh_tree_view_zoom()
 * and lh_tree_view_zoom_to_fit_legible() (never below legible) for buttons, lh_tree_view_zoom_to_fit() for the overview; dragging pans; a click selects a
 * node (::node-selected); a click on its mark, a double click or Enter
 * collapses or expands its subtree (a relayout), * expands all of it; the keyboard moves the focus:
 * Up the parent, Down the first child, Left and Right the previous and next
 * sibling, Home the root;
 * hovering shows a tooltip with the node's board drawn small, its value,
 * probability, ply and visits (lh-tree-tooltip.h).  Its accessible
 * description is the selected node in words (lh_tree_node_describe()),
 * so a screen reader hears each node the keys move to.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-exact-rules.h"
#include "lh-search-record.h"
#include "lh-tree-render.h"

G_BEGIN_DECLS

#define LH_TYPE_TREE_VIEW (lh_tree_view_get_type ())
G_DECLARE_FINAL_TYPE (LhTreeView, lh_tree_view, LH, TREE_VIEW, GtkWidget)

/** Zoom limits, device-independent pixels per layout unit (a tree too wide
 * to fit the view at LH_TREE_VIEW_MIN_ZOOM zooms out as far as it needs). */
#define LH_TREE_VIEW_MIN_ZOOM 0.02
#define LH_TREE_VIEW_MAX_ZOOM 4.0

/** lh_tree_view_new: (transfer floating): an empty view. */
GtkWidget *lh_tree_view_new (void);

/**
 * lh_tree_view_set_tree:
 * @record: (nullable): keeps @tree alive; a reference is taken
 * @tree: (nullable): the record to draw (owned by @record), or NULL for none
 * Starts laying @tree out in a thread; the previous tree stays shown until
 * the layout is ready.  Selection and focus go to the root.
 */
void lh_tree_view_set_tree (LhTreeView *self, LhSearchRecord *record, const LhSearchTree *tree);

/**
 * lh_tree_view_set_exact_rules:
 * @rules: (nullable): the rules of the exact solution whose values the node
 *   tooltips show (copied), or NULL for none
 * A node's tooltip then adds the exact value of its position (a player
 * node) or afterstate (a chance node) when this process holds the solution
 * of the tree's board size and @rules in memory (lh_exact_cache_lookup():
 * a tooltip never loads or solves one).
 */
void lh_tree_view_set_exact_rules (LhTreeView *self, const LhExactRules *rules);

/**
 * lh_tree_view_set_tree_with_path:
 * @path: (array length=path_length) (nullable): nodes of @tree, root first:
 *   the path an MCTS iteration selected (LhSearchStep.path); copied
 * As lh_tree_view_set_tree(), and @path is drawn highlighted (dashed, in
 * the path colour of lh-tree-render.h) and opens uncollapsed; below the
 * rows that open whole, a path node shows only its child on the path.
 */
void lh_tree_view_set_tree_with_path (LhTreeView         *self,
                                      LhSearchRecord     *record,
                                      const LhSearchTree *tree,
                                      const guint32      *path,
                                      guint               path_length);

/** lh_tree_view_is_on_path: Returns: TRUE when node @index of the shown tree is on its highlighted path. */
gboolean lh_tree_view_is_on_path (LhTreeView *self, guint32 index);

/** lh_tree_view_get_tree: Returns: (transfer none) (nullable): the tree shown. */
const LhSearchTree *lh_tree_view_get_tree (LhTreeView *self);

/**
 * lh_tree_view_get_layout:
 * Returns: (transfer none) (nullable): the layout of the tree shown
 *   (lh-tree-layout.h), valid until the next LhTreeView::layout-changed;
 *   NULL without a tree.
 */
const LhTreeLayout *lh_tree_view_get_layout (LhTreeView *self);

/**
 * lh_tree_view_get_highlight:
 * Returns: (transfer none) (nullable): the LhTreeRenderStyle.highlight bytes
 *   of the tree shown (chosen line, iteration's path), one per node, valid
 *   as lh_tree_view_get_layout()'s result.
 */
const guint8 *lh_tree_view_get_highlight (LhTreeView *self);

/**
 * lh_tree_view_get_visible_area:
 * @area: (out): the part of the layout in view, layout units (it may reach
 *   past the layout's edges)
 * Returns: FALSE without a layout or before the view has a size.
 */
gboolean lh_tree_view_get_visible_area (LhTreeView *self, graphene_rect_t *area);

/**
 * lh_tree_view_center_on:
 * Scrolls, as far as the scroll range allows, so that layout point (@x, @y)
 * (layout units) is at the centre of the view.
 */
void lh_tree_view_center_on (LhTreeView *self, double x, double y);

/** lh_tree_view_is_laying_out: Returns: TRUE while a layout is computed. */
gboolean lh_tree_view_is_laying_out (LhTreeView *self);

/**
 * lh_tree_view_zoom:
 * @factor: multiplies the zoom (clamped to the limits), about the centre of the view
 */
void lh_tree_view_zoom (LhTreeView *self, double factor);

/**
 * lh_tree_view_zoom_to_fit: zooms so the whole tree shows.  A tree far wider
 * than high fits its width, and its rows stay apart (drawn as bands of node
 * marks): the vertical scale is then larger than the zoom, see
 * lh_tree_view_get_zoom_y().
 */
void lh_tree_view_zoom_to_fit (LhTreeView *self);

/** The smallest zoom at which node values are written (the "Fit" button's
 * floor), px per layout unit. */
#define LH_TREE_VIEW_LEGIBLE_ZOOM LH_TREE_RENDER_TEXT_ZOOM

/**
 * lh_tree_view_zoom_to_fit_legible: what the inspector's "Fit" button
 * does: as lh_tree_view_zoom_to_fit() when the whole tree fits at
 * LH_TREE_VIEW_LEGIBLE_ZOOM or more; otherwise that zoom, never less, with
 * the selected node (or the root) at the top centre, and the rest of the
 * tree reached by scrolling (the overview stays one zoom-out away).
 */
void lh_tree_view_zoom_to_fit_legible (LhTreeView *self);

/** lh_tree_view_get_zoom: Returns: the zoom, px per layout unit (across). */
double lh_tree_view_get_zoom (LhTreeView *self);

/**
 * lh_tree_view_get_zoom_y: Returns: the vertical scale, px per layout unit:
 * the zoom, but below LH_TREE_RENDER_SHAPES_ZOOM (nodes drawn as plain
 * rectangles) the rows stop closing up, and a tree too wide to fit the view
 * at that zoom spreads its rows to the view's height
 * (lh_tree_render_row_zoom()).
 */
double lh_tree_view_get_zoom_y (LhTreeView *self);

/**
 * lh_tree_view_select:
 * Selects node @index (< the record's node count, and visible) and gives it
 * the keyboard focus; emits ::node-selected.  Scrolls it into view.
 */
void lh_tree_view_select (LhTreeView *self, guint32 index);

/** lh_tree_view_get_selected: Returns: the selected node, or LH_SEARCH_NODE_NONE. */
guint32 lh_tree_view_get_selected (LhTreeView *self);

/** lh_tree_view_get_focus_node: Returns: the node with the keyboard focus ring, or LH_SEARCH_NODE_NONE. */
guint32 lh_tree_view_get_focus_node (LhTreeView *self);

/**
 * lh_tree_view_toggle_collapsed:
 * Collapses the subtree of @index, or, when it hides nodes below it
 * (collapsed, or showing only its child on an iteration's path), shows all
 * its children (a relayout in a thread).
 */
void lh_tree_view_toggle_collapsed (LhTreeView *self, guint32 index);

/**
 * lh_tree_view_expand_subtree:
 * Expands node @index and every node below it (a relayout in a thread);
 * the key * does it for the focused node.
 */
void lh_tree_view_expand_subtree (LhTreeView *self, guint32 index);

/** lh_tree_view_is_collapsed: Returns: TRUE when @index is collapsed (hides its descendants). */
gboolean lh_tree_view_is_collapsed (LhTreeView *self, guint32 index);

/**
 * lh_tree_view_get_collapsed:
 * Returns: (transfer none) (nullable): one byte per node of the shown tree,
 *   its LhTreeLayoutFold bits (collapsed, elided; for the export), or NULL
 *   without a tree.
 */
const guint8 *lh_tree_view_get_collapsed (LhTreeView *self);

/**
 * lh_tree_view_get_node_bounds:
 * @bounds: (out): the box of node @index in widget coordinates, px
 * Returns: FALSE when @index has no position (hidden, or no layout yet).
 */
gboolean lh_tree_view_get_node_bounds (LhTreeView *self, guint32 index, graphene_rect_t *bounds);

/**
 * lh_tree_view_get_node_item:
 * The accessible tree item (role tree item) of node @index: the view
 * exposes the nodes a person walking the tree with the keys reaches next
 * (the path from the root to the focus node, the siblings of each, the
 * focus node's children; lh-tree-view-accessible.c), with their level,
 * place in their set, expanded and selected states; the view's active
 * descendant is the focus node's item.
 * Returns: (transfer none) (nullable): the item, or NULL when @index has
 *   none (not near the focus path, hidden, or no tree shown).
 */
GtkWidget *lh_tree_view_get_node_item (LhTreeView *self, guint32 index);

/**
 * lh_tree_view_describe_mark:
 * Returns: (transfer full) (nullable): the tooltip of node @index's
 *   disclosure mark: what its "▸ +N" badge hides
 *   (lh_tree_fold_describe_hidden()), or how to collapse it; NULL for a
 *   node without children or not shown.  Free with g_free().
 */
char *lh_tree_view_describe_mark (LhTreeView *self, guint32 index);

/**
 * lh_tree_view_get_mark_bounds:
 * @bounds: (out): the box of node @index's disclosure mark in widget
 *   coordinates, px
 * Returns: FALSE when it has none (no children, hidden, or zoomed out
 *   below LH_TREE_RENDER_TEXT_ZOOM, where marks are not clickable).
 */
gboolean lh_tree_view_get_mark_bounds (LhTreeView *self, guint32 index, graphene_rect_t *bounds);

/**
 * lh_tree_view_count_drawn:
 * Returns: how many nodes intersect the visible rectangle, so are drawn by
 *   the next snapshot (0 without a layout).
 */
guint lh_tree_view_count_drawn (LhTreeView *self);

G_END_DECLS
