/* lh-tree-tooltip.h: the tooltip of a search-tree node in the inspector.
 *
 * What LhTreeView shows when the pointer rests on a node (or the keyboard
 * asks, for the focused node): the node's board drawn small (LhMiniBoard)
 * beside its kind, value, probability, ply and visits, and on a small
 * board whose exact solution this process holds, the exact value of the
 * node's position or afterstate.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-search-tree.h"
#include "lh-exact-rules.h"

G_BEGIN_DECLS

/**
 * lh_tree_tooltip_fill:
 * @tooltip: the tooltip of a ::query-tooltip (its custom widget is set)
 * @tree: the record shown
 * @index: the node (< lh_search_tree_get_n_nodes())
 * @area: the node's box in the widget's coordinates, px: the tooltip stays
 *   while the pointer is in it
 * @exact_rules: (nullable): the rules of the exact solution to show values
 *   of, or NULL for none.  The solution is looked up in this process's
 *   memory only (lh_exact_cache_lookup()); without it, or for a board the
 *   solution does not reach, the tooltip says nothing exact.  A player
 *   node shows its position's value V*(s), a chance node its afterstate's
 *   V(a), a leaf the one its parent makes of it (an afterstate below a
 *   player node, a position below a chance node):
 *   "Exact: 1,234.5 points", "Exact: 12.3 % chance of 1024".
 */
void lh_tree_tooltip_fill (GtkTooltip            *tooltip,
                           const LhSearchTree    *tree,
                           guint32                index,
                           const graphene_rect_t *area,
                           const LhExactRules    *exact_rules);

/**
 * lh_tree_tooltip_exact_text:
 * @tree: a search-tree record
 * @index: the node (< lh_search_tree_get_n_nodes())
 * @rules: (nullable): the rules of the exact solution, or NULL for none
 * The line of lh_tree_tooltip_fill() that gives the node's exact value,
 * looked up in this process's memory only (lh_exact_cache_lookup()).
 * Returns: (transfer full) (nullable): "Exact: 1,234.5 points" or
 *   "Exact: 12.3 % chance of 1024", or NULL without @rules, without the
 *   solution in memory, or for a board the solution does not reach.
 */
char *lh_tree_tooltip_exact_text (const LhSearchTree *tree, guint32 index, const LhExactRules *rules);

G_END_DECLS
