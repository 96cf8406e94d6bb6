/* lh-tree-fold.h: which nodes of a search-tree record the inspector shows.
 *
 * The tree view's expand/collapse state is one byte per node of the
 * record, its LhTreeLayoutFold bits (lh-tree-layout.h: collapsed, elided).
 * Here: the state a newly shown tree opens with (the rows that fit the
 * view, a path opened below them), what expanding or collapsing a node
 * changes, and how many nodes a node hides.  GLib only and pure, so the
 * view computes the opening state in its layout thread and tests check it
 * without a display.
 */
#pragma once

#include <glib.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * lh_tree_fold_opening:
 * @tree: a record with at least its root
 * @fit: how many nodes fit the view's width side by side (at least 1)
 * @collapsed: (out caller-allocates): one byte per node, zeroed by the caller
 * @sizes: (out caller-allocates): one entry per node: the nodes of its
 *   subtree, itself included
 *
 * The opening view of a new tree: the rows from the root down to the
 * deepest row whose frontier (its nodes and the leaves above it) has at
 * most @fit nodes, at least the root and its children; every node with
 * children below that is collapsed, so expanding a node shows one more
 * row under it.  A tree that fits whole stays whole.
 *
 * Returns: the deepest row shown whole (its nodes collapsed), or the number
 *   of rows when nothing is collapsed.
 */
guint lh_tree_fold_opening (const LhSearchTree *tree, guint fit, guint8 *collapsed, guint32 *sizes);

/**
 * lh_tree_fold_open_path:
 * @path: (array length=path_length) (nullable): nodes of @tree, root first,
 *   each the child of the one before (the path stops at the first that is not)
 * @open_row: the rows shown whole (lh_tree_fold_opening()'s result)
 * @collapsed: (inout): the fold state
 *
 * Opens @path: no path node is collapsed, and below @open_row the path goes
 * on alone, the siblings of its nodes elided.  So the root's moves stay side
 * by side in the view, and a chance node's spawns (up to 30) do not spread
 * them apart; expanding a path node shows all its children.  Used for an
 * MCTS iteration's path and for the expected line (lh-principal-variation.h).
 */
void lh_tree_fold_open_path (const LhSearchTree *tree, const guint32 *path, guint path_length,
                             guint open_row, guint8 *collapsed);

/**
 * lh_tree_fold_open_line:
 * @visits: TRUE for an MCTS record (lh_principal_variation_best_child())
 * @open_row: as lh_tree_fold_open_path()
 * @collapsed: (inout): the fold state
 *
 * Opens the expected line from the record's chosen move
 * (lh_principal_variation_for_move()) to its end, as
 * lh_tree_fold_open_path() opens a path: the other branches below
 * @open_row stay hidden, counted in their parent's "+N" badge.
 */
void lh_tree_fold_open_line (const LhSearchTree *tree, gboolean visits, guint open_row, guint8 *collapsed);

/**
 * lh_tree_fold_describe_hidden:
 * @sizes: subtree sizes (lh_tree_fold_opening())
 * Returns: (transfer full) (nullable): what node @index hides, in words,
 *   translated, for the tooltip of its "+N" badge: the count, then its
 *   hidden children by kind (moves, spawns of a 2, spawns of a 4), the
 *   rest below them, then how to open it: "12 nodes below: 4 spawns of a
 *   2, 4 spawns of a 4 and 4 more below them; click the ▸ mark or press
 *   Enter to open"; NULL when it hides nothing.  Free with g_free().
 */
char *lh_tree_fold_describe_hidden (const LhSearchTree *tree, const guint8 *collapsed, const guint32 *sizes,
                                    guint32 index);

/**
 * lh_tree_fold_show_children:
 * Sets @collapsed so that node @index shows all its children: it is not
 * collapsed, and none of them is elided.
 */
void lh_tree_fold_show_children (const LhSearchTree *tree, guint8 *collapsed, guint32 index);

/**
 * lh_tree_fold_expand_subtree:
 * Clears the fold bits of @index and of every node below it.
 * Returns: TRUE when that changed @collapsed.
 */
gboolean lh_tree_fold_expand_subtree (const LhSearchTree *tree, guint8 *collapsed, guint32 index);

/**
 * lh_tree_fold_n_hidden:
 * @sizes: subtree sizes (lh_tree_fold_opening())
 * Returns: how many nodes below node @index are hidden: its whole subtree
 *   (itself excluded) when it is collapsed, else the subtrees of its elided
 *   children.
 */
guint32 lh_tree_fold_n_hidden (const LhSearchTree *tree, const guint8 *collapsed, const guint32 *sizes,
                               guint32 index);

G_END_DECLS
