/* lh-tree-describe.h: a search-tree node in words, for screen readers.
 *
 * The inspector's tree view is a drawing; when its selection moves, it
 * tells assistive technologies which node is selected with one sentence
 * from here.  GLib only.
 */
#pragma once

#include <glib.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * lh_tree_node_describe:
 * @tree: a record
 * @index: one of its nodes (< lh_search_tree_get_n_nodes())
 * @visits: TRUE for an MCTS record: a node is described by its visits and
 *   mean value (node->value is the mean of its playouts); FALSE for
 *   expectimax: by its value and, for a move, its rank among its parent's
 *   moves
 *
 * One sentence of comma-separated parts (translated), what the node is
 * first, its ply last, then whatever the drawing marks:
 *   "Move left, value 14.7k, best of 4, ply 1"
 *   "Tile 2 spawns in row 1, column 3, probability 9 %, value 12.1k, ply 2"
 *   "Move up, 120 visits, mean 143, ply 1"
 *   "Root position, value 15k, 4 moves, ply 0"
 * A move's rank counts the siblings with a strictly greater value ("rank
 * 2 of 4"; ties share a rank).  Values are compact (lh_format_compact()),
 * probabilities in percent with 3 significant digits.  Then ", leaf" for a
 * scored leaf, ", children not recorded" for a node the budget cut
 * (LH_SEARCH_NODE_FLAG_TRUNCATED), ", value from the transposition table"
 * for a cached one.
 *
 * Returns: (transfer full): the sentence, valid UTF-8; free with g_free().
 */
char *lh_tree_node_describe (const LhSearchTree *tree, guint32 index, gboolean visits);

G_END_DECLS
