/* lh-search-tree.h: the bounded record of a search, for the inspector.
 *
 * An arena of nodes whose capacity is fixed when it is created: a search that
 * fills it stops recording (it never stops searching, and it never allocates
 * more).  Nodes are appended parent before child, so index order is a
 * pre-order of the recorded tree; the root is node 0.
 *
 * Memory: sizeof (LhSearchNode) = 40 bytes per node, allocated up front
 * (20,000 nodes = 781 KiB; 1,000,000 nodes = 38 MiB).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

typedef enum {
  LH_SEARCH_NODE_PLAYER,   /* max node: the player picks a move */
  LH_SEARCH_NODE_CHANCE,   /* afterstate: a tile spawns at random */
  LH_SEARCH_NODE_LEAF,     /* scored by the heuristic (or game over) */
} LhSearchNodeKind;

#define LH_SEARCH_NODE_NONE G_MAXUINT32

/**
 * LhSearchNode:
 * @parent: index of the parent, LH_SEARCH_NODE_NONE for the root
 * @first_child, @next_sibling: child list, LH_SEARCH_NODE_NONE at the end
 * @board: the position (for a chance node: the afterstate)
 * @value: the node's value in heuristic points
 * @probability: probability of this edge from its parent: 1 under a player
 *   node, P(cell) * P(tile) under a chance node
 * @visits: MCTS visits; for expectimax 1
 * @kind: an LhSearchNodeKind
 * @ply: player moves from the root to this node
 * @move: the move that led here (an LhMove) or -1
 * @spawn_cell: cell index 4 * row + col of the spawned tile, or 255
 * @spawn_exponent: exponent of the spawned tile (1 or 2), or 0
 */
typedef struct {
  guint32 parent;
  guint32 first_child;
  guint32 next_sibling;
  guint32 visits;
  LhBoard board;
  float   value;
  float   probability;
  guint8  kind;
  guint8  ply;
  gint8   move;
  guint8  spawn_cell;
  guint8  spawn_exponent;
} LhSearchNode;

typedef struct _LhSearchTree LhSearchTree;

/** Default and largest node budgets. */
#define LH_SEARCH_TREE_DEFAULT_NODES 20000
#define LH_SEARCH_TREE_MAX_NODES 1000000

/**
 * lh_search_tree_new:
 * @max_nodes: 1 to LH_SEARCH_TREE_MAX_NODES
 * Returns: (transfer full): an empty record; free with lh_search_tree_free().
 */
LhSearchTree *lh_search_tree_new (guint max_nodes);
/** lh_search_tree_free: frees the record and its nodes; NULL is allowed. */
void lh_search_tree_free (LhSearchTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhSearchTree, lh_search_tree_free)

/**
 * lh_search_tree_set_geometry / lh_search_tree_get_geometry:
 * The shape of the boards in the record (set by the solver before it adds
 * the root; 4x4 until then).
 */
void lh_search_tree_set_geometry (LhSearchTree *tree, LhGeometry geometry);
LhGeometry lh_search_tree_get_geometry (const LhSearchTree *tree);

/** lh_search_tree_clear: forgets every node; keeps the capacity. */
void lh_search_tree_clear (LhSearchTree *tree);

/** lh_search_tree_get_n_nodes: nodes recorded so far. */
guint lh_search_tree_get_n_nodes (const LhSearchTree *tree);
/** lh_search_tree_get_max_nodes: the node budget fixed at creation. */
guint lh_search_tree_get_max_nodes (const LhSearchTree *tree);
/** lh_search_tree_is_full: TRUE when a node could not be recorded for want of room. */
gboolean lh_search_tree_is_full (const LhSearchTree *tree);

/** lh_search_tree_get_node: (transfer none): node @index (< n_nodes). */
const LhSearchNode *lh_search_tree_get_node (const LhSearchTree *tree, guint index);

/**
 * lh_search_tree_add:
 * Appends a node under @parent (LH_SEARCH_NODE_NONE for the root; only once).
 * Returns: its index, or LH_SEARCH_NODE_NONE when the budget is spent (the
 *   record is then marked full).  The returned node's value is 0 until
 *   lh_search_tree_set_value().
 */
guint32 lh_search_tree_add (LhSearchTree    *tree,
                            guint32          parent,
                            LhSearchNodeKind kind,
                            LhBoard          board,
                            guint            ply,
                            int              move,
                            int              spawn_cell,
                            guint            spawn_exponent,
                            double           probability);

/**
 * lh_search_tree_swap:
 * Exchanges the contents (nodes, count, full flag) of two records of the same
 * capacity in O(1); a search records into a scratch record and swaps it in
 * only when an iteration completes.
 */
void lh_search_tree_swap (LhSearchTree *a, LhSearchTree *b);

/** lh_search_tree_set_value: sets the value (and visits) of node @index. */
void lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits);

G_END_DECLS
