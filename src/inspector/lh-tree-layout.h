/* lh-tree-layout.h: positions for every node of a search-tree record.
 *
 * A tidy top-down layout (parents centred over their children, subtrees side
 * by side, depth by ply): player nodes, chance nodes and leaves get boxes of
 * fixed size in layout units (1 unit = 1 px at zoom 1).  Computing it is pure
 * and thread-safe, so the window runs it in a GTask thread (as sysprof's flame
 * graph does); the result is immutable.
 *
 * Collapsed nodes keep their box but hide their descendants (which get no
 * position: x = y = NAN).  Nodes are stored in the record's index order.
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
 * lh_tree_layout_new:
 * @tree: the record (read only; must outlive nothing: the layout copies what it needs)
 * @collapsed: (nullable): one byte per node, non-zero for a collapsed node
 * Returns: (transfer full): the layout; O(n) time and memory (40 B per node).
 */
LhTreeLayout *lh_tree_layout_new (const LhSearchTree *tree, const guint8 *collapsed);
void lh_tree_layout_free (LhTreeLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhTreeLayout, lh_tree_layout_free)

/** lh_tree_layout_get_n_nodes: the record's node count at layout time. */
guint lh_tree_layout_get_n_nodes (const LhTreeLayout *layout);

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
