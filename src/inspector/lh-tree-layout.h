/* lh-tree-layout.h: positions for every node of a search-tree record.
 *
 * A tidy top-down layout (parents centred over their children, subtrees side
 * by side, one row per tree depth): player nodes, chance nodes and leaves get
 * boxes of fixed size in layout units (1 unit = 1 px at zoom 1).
 *
 * Rows are tree depths (edges from the root), not plies: a chance node and
 * the player nodes below it share a ply but not a row.  Row r's boxes have
 * y = r * (LH_TREE_LAYOUT_NODE_HEIGHT + LH_TREE_LAYOUT_LEVEL_GAP).
 *
 * Algorithm: the simple O(n) variant of a tidy tree (no contours, unlike
 * Reingold and Tilford 1981 / Walker 1990): a post-order pass gives every
 * subtree the width of its children's subtrees side by side (at least one
 * box), a pre-order pass places subtrees left to right in sibling order, and a
 * last post-order pass centres each parent over its first and last visible
 * child.  Every box lies inside its own subtree's extent and sibling extents
 * are disjoint, so no two boxes of a row overlap (they are at least
 * LH_TREE_LAYOUT_SIBLING_GAP apart).  Computing it is pure
 * and thread-safe, so the window runs it in a GTask thread (as sysprof's flame
 * graph does); the result is immutable.
 *
 * Collapsed nodes keep their box but hide their descendants (which get no
 * position: x = y = NAN); elided nodes are left out with their subtrees while
 * their siblings show, and a parent is centred over the children it shows.
 * Nodes are stored in the record's index order.
 */
#pragma once

#include <glib.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/** Box sizes and gaps in layout units. */
#define LH_TREE_LAYOUT_NODE_WIDTH   64.0
#define LH_TREE_LAYOUT_NODE_HEIGHT  40.0
#define LH_TREE_LAYOUT_SIBLING_GAP  12.0
#define LH_TREE_LAYOUT_LEVEL_GAP    56.0

/**
 * LhTreeLayoutNode:
 * @x, @y: top-left corner of the node's box, layout units (NAN when hidden)
 * @subtree_left, @subtree_right: horizontal extent of the visible subtree
 */
typedef struct {
  double x;
  double y;
  double subtree_left;
  double subtree_right;
} LhTreeLayoutNode;

typedef struct _LhTreeLayout LhTreeLayout;

/**
 * LhTreeLayoutFold:
 * @LH_TREE_LAYOUT_COLLAPSED: the node keeps its box and hides its descendants
 * @LH_TREE_LAYOUT_ELIDED: the node and its subtree are left out while its
 *   siblings show (a parent that shows none of its children is drawn as a
 *   leaf); ignored on the root
 *
 * The bits of a node's byte in the @collapsed array of lh_tree_layout_new():
 * 0 shows the node and its children.
 */
typedef enum {
  LH_TREE_LAYOUT_COLLAPSED = 1 << 0,
  LH_TREE_LAYOUT_ELIDED    = 1 << 1,
} LhTreeLayoutFold;

/**
 * lh_tree_layout_new:
 * @tree: the record (read only; must outlive nothing: the layout copies what it needs)
 * @collapsed: (nullable): one byte per node, its LhTreeLayoutFold bits
 * Returns: (transfer full): the layout; O(n) time and memory (48 B per node,
 *   plus 16 B per node while it is computed).  An empty record gives an empty
 *   layout (size 0 x 0, no rows).
 */
LhTreeLayout *lh_tree_layout_new (const LhSearchTree *tree, const guint8 *collapsed);
void lh_tree_layout_free (LhTreeLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhTreeLayout, lh_tree_layout_free)

/** lh_tree_layout_get_n_nodes: the record's node count at layout time. */
guint lh_tree_layout_get_n_nodes (const LhTreeLayout *layout);

/** lh_tree_layout_get_n_visible: nodes with a position (neither elided nor under a collapsed or elided node). */
guint lh_tree_layout_get_n_visible (const LhTreeLayout *layout);

/** lh_tree_layout_get_n_rows: rows (tree depths) holding a visible node. */
guint lh_tree_layout_get_n_rows (const LhTreeLayout *layout);

/**
 * lh_tree_layout_get_row:
 * @row: 0 to n_rows - 1
 * @n_nodes: (out): how many visible nodes the row holds
 * Returns: (transfer none): the row's visible nodes, sorted by x (so by
 *   subtree extent too: extents in a row are disjoint).
 */
const guint32 *lh_tree_layout_get_row (const LhTreeLayout *layout, guint row, guint *n_nodes);

/**
 * lh_tree_layout_get_row_of:
 * Returns: the row (tree depth) of node @index, or -1 when it is hidden.
 */
int lh_tree_layout_get_row_of (const LhTreeLayout *layout, guint index);

/**
 * lh_tree_layout_get_mass:
 * Returns: the probability mass reaching node @index: the product of the
 *   edge probabilities from the root (1 for the root), 0..1.
 */
double lh_tree_layout_get_mass (const LhTreeLayout *layout, guint index);

/**
 * lh_tree_layout_is_visible:
 * Returns: TRUE when node @index has a position (neither it nor an ancestor
 *   elided, no collapsed ancestor).
 */
gboolean lh_tree_layout_is_visible (const LhTreeLayout *layout, guint index);

/** lh_tree_layout_row_y: top of the boxes of @row, layout units. */
double lh_tree_layout_row_y (guint row);

/** lh_tree_layout_get_size: width and height of the whole drawing, layout units. */
void lh_tree_layout_get_size (const LhTreeLayout *layout, double *width, double *height);

/** lh_tree_layout_get_node: (transfer none): position of node @index. */
const LhTreeLayoutNode *lh_tree_layout_get_node (const LhTreeLayout *layout, guint index);

/**
 * lh_tree_layout_hit_test:
 * Returns: the visible node whose box contains (@x, @y), or LH_SEARCH_NODE_NONE.
 *   O(log n): binary search within the row of the node's ply.
 */
guint32 lh_tree_layout_hit_test (const LhTreeLayout *layout, double x, double y);

/**
 * lh_tree_layout_hit_test_within:
 * @dx, @dy: how far outside a box (@x, @y) may be, layout units across and
 *   down (a few device pixels: a zoomed-out node is a mark of a pixel or two)
 * Returns: the node lh_tree_layout_hit_test() finds, or else the visible
 *   node whose box is nearest to (@x, @y) within @dx and @dy (distances
 *   measured in those units), or LH_SEARCH_NODE_NONE.  O(log n) per row
 *   within reach.
 */
guint32 lh_tree_layout_hit_test_within (const LhTreeLayout *layout, double x, double y,
                                        double dx, double dy);

/**
 * lh_tree_layout_foreach_visible:
 * Calls @func for every visible node whose box intersects the rectangle
 * (@x, @y, @width, @height); per ply a binary search, so drawing skips what is
 * off screen.
 */
void lh_tree_layout_foreach_visible (const LhTreeLayout *layout,
                                     double x, double y, double width, double height,
                                     void (*func) (guint32 index, gpointer user_data),
                                     gpointer user_data);

G_END_DECLS
