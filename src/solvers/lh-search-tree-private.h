/* lh-search-tree-private.h: what lh-search-tree.c shares with
 * lh-search-tree-copy.c.  Private to those two files. */
#pragma once

#include "lh-search-tree-recording.h"

G_BEGIN_DECLS

/* A record of @max_nodes holding @nodes (@n_nodes used of @nodes_cap;
 * taken) and no pool (lh-search-tree.c). */
LhSearchTree *lh_search_tree_alloc (guint max_nodes, LhSearchNode *nodes, guint n_nodes,
                                    guint nodes_cap);

/* Unfolds @tree's folded leaves once, whichever thread reads it first (the
 * others wait). */
void lh_search_tree_unfold_once (const LhSearchTree *tree);

G_END_DECLS
