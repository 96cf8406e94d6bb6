/* lh-tree-tooltip.h: the tooltip of a search-tree node in the inspector.
 *
 * What LhTreeView shows when the pointer rests on a node (or the keyboard
 * asks, for the focused node): the node's board drawn small (LhMiniBoard)
 * beside its kind, value, probability, ply and visits.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * lh_tree_tooltip_fill:
 * @tooltip: the tooltip of a ::query-tooltip (its custom widget is set)
 * @tree: the record shown
 * @index: the node (< lh_search_tree_get_n_nodes())
 * @area: the node's box in the widget's coordinates, px: the tooltip stays
 *   while the pointer is in it
 */
void lh_tree_tooltip_fill (GtkTooltip            *tooltip,
                           const LhSearchTree    *tree,
                           guint32                index,
                           const graphene_rect_t *area);

G_END_DECLS
