/* lh-search-tree.h: the bounded record of a search, for the inspector.
 *
 * An arena of nodes whose capacity (the node budget) is fixed when it is
 * created.  Nodes are stored parent before child, so index order is a
 * pre-order of the recorded tree; the root is node 0.
 *
 * What a search keeps: a search offers the record each sibling group as it
 * expands a node (lh_search_tree_offer: all legal-move afterstates of a player
 * node, or all spawn outcomes of a chance node), and the record keeps the best
 * groups that fit the budget, ranked by
 *   1. ply (player moves from the root), smaller first: the top of the tree
 *      is kept whole, ply by ply, as far as the budget allows;
 *   2. then the cumulative probability of reaching the group's parent, larger
 *      first: below the whole plies, the most probable branches;
 *   3. then the tree level (edges from the root), smaller first.
 * A group always ranks strictly below its parent's group, so the group with
 * the smallest rank never has a kept child: when a better group arrives and
 * the budget is spent, the record evicts the smallest groups (a bounded
 * min-heap) until the new group fits, or refuses the new group when it ranks
 * no higher than the smallest kept one (one comparison; its whole subtree is
 * then not offered at all).  The search itself is never limited.  A group is
 * kept whole or not at all, so a recorded player node has all its legal moves
 * or no child, and a recorded chance node all its spawn outcomes or no child.
 * Once a group has been evicted or refused, no group ranked at or below it
 * is kept any more (even where it would fit), so every kept group ranks above
 * every dropped one; the price is some unused room, less than one group
 * (32 nodes) in practice.
 *
 * Values: every stored value is the search's own value (a double rounded to
 * float).  Since groups are whole, a player node with children has the
 * maximum of its children's values, and a chance node with children the
 * probability-weighted mean of its children (their probabilities sum to 1,
 * so "renormalised over what the record kept" is the plain mean).  A node
 * without children is a leaf, or carries LH_SEARCH_NODE_FLAG_TRUNCATED (the
 * budget dropped its children) or LH_SEARCH_NODE_FLAG_CACHED (the value came
 * from the transposition table, so this search expanded nothing below it).
 *
 * Memory: sizeof (LhSearchNode) = 40 bytes per node, allocated up front
 * (20,000 nodes = 781 KiB; 1,000,000 nodes = 38 MiB).  A record a search
 * has filled also holds the scratch pool of the selection, allocated by the
 * first lh_search_tree_begin and kept for the next search: room for twice
 * the budget in nodes (groups are stored side by side in offer order and the
 * pool is compacted when it runs out, at most once per budget's worth of
 * nodes offered) with a 4-byte run entry and a 4-byte child entry each, and
 * a 24-byte group entry and a 16-byte heap entry per node of budget: 136
 * bytes per node of budget (20,000 nodes = 2.6 MiB; 1,000,000 = 130 MiB), of
 * which only the pages used are touched (the heap only once the budget is
 * first short of room: until then groups are just appended).  lh_search_tree_finish needs no
 * further memory.  lh_search_tree_swap and lh_search_tree_copy move or copy
 * the nodes only: a record handed to the UI by a swap carries no pool.
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
 * @flags: LhSearchNodeFlags
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
  guint8  flags;
} LhSearchNode;

/**
 * LhSearchNodeFlags:
 * @LH_SEARCH_NODE_FLAG_TRUNCATED: the search expanded this node but the
 *   record dropped its children for want of room
 * @LH_SEARCH_NODE_FLAG_CACHED: a chance node whose value came from the
 *   transposition table: this search did not expand it
 */
typedef enum {
  LH_SEARCH_NODE_FLAG_TRUNCATED = 1 << 0,
  LH_SEARCH_NODE_FLAG_CACHED    = 1 << 1,
} LhSearchNodeFlags;

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

/**
 * lh_search_tree_set_chosen_move / lh_search_tree_get_chosen_move:
 * The solver's decision at the root (an LhMove, or -1 when none or unknown).
 * The record's values are floats, so moves whose values differ only beyond
 * float precision look tied; the chosen line starts from this move.
 */
void lh_search_tree_set_chosen_move (LhSearchTree *tree, int move);
int lh_search_tree_get_chosen_move (const LhSearchTree *tree);

/** lh_search_tree_clear: forgets every node; keeps the capacity. */
void lh_search_tree_clear (LhSearchTree *tree);

/** lh_search_tree_get_n_nodes: nodes recorded so far. */
guint lh_search_tree_get_n_nodes (const LhSearchTree *tree);
/** lh_search_tree_get_max_nodes: the node budget fixed at creation. */
guint lh_search_tree_get_max_nodes (const LhSearchTree *tree);
/** lh_search_tree_is_full: TRUE when a node could not be recorded for want of room
 * (some node carries LH_SEARCH_NODE_FLAG_TRUNCATED, or a lh_search_tree_add failed). */
gboolean lh_search_tree_is_full (const LhSearchTree *tree);

/** lh_search_tree_set_full: sets the full flag (a record read back from a file). */
void lh_search_tree_set_full (LhSearchTree *tree, gboolean full);

/** lh_search_tree_get_node: (transfer none): node @index (< n_nodes). */
const LhSearchNode *lh_search_tree_get_node (const LhSearchTree *tree, guint index);

/**
 * lh_search_tree_add:
 * Builds a record by hand (the JSON import, tests): appends a node under @parent (LH_SEARCH_NODE_NONE for the root; only once).
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
 * Exchanges the contents (nodes, count, full flag, geometry) of two records
 * of the same capacity in O(1), neither of them recording; each keeps its
 * own scratch pool.
 */
void lh_search_tree_swap (LhSearchTree *a, LhSearchTree *b);

/**
 * lh_search_tree_set_value: sets the value (and visits) of node @index; while
 * recording, @index is a slot returned by lh_search_tree_offer().
 */
void lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits);

/**
 * lh_search_tree_set_flags: adds @flags (LhSearchNodeFlags) to node @index;
 * while recording, @index is a slot returned by lh_search_tree_offer().
 */
void lh_search_tree_set_flags (LhSearchTree *tree, guint32 index, guint flags);

/* ---- Recording a search under the budget (see the top of this file) ---- */

/**
 * lh_search_tree_begin:
 * Starts recording one search with @geometry (allocating the scratch pool
 * the first time).
 * The nodes recorded so far stay readable (and unchanged) until
 * lh_search_tree_finish() replaces them, so an interrupted iteration never
 * touches the record.  Calling it again while recording starts over.
 */
void lh_search_tree_begin (LhSearchTree *tree, LhGeometry geometry);

/**
 * lh_search_tree_offer:
 * @parent: slot of the parent (from an earlier offer), or LH_SEARCH_NODE_NONE
 *   for the root group (one node, offered first)
 * @ply: the members' ply
 * @level: the members' tree level (edges from the root: 0 for the root)
 * @cprob: cumulative probability of reaching @parent (1 at the top)
 * @members: @n nodes to record as @parent's children, in order; their kind,
 *   board, value, probability, visits, ply, move, spawn and flags are copied
 *   (the links are not)
 * @slots: (out caller-allocates): @n slots, one per member, for
 *   lh_search_tree_set_value() and as the parent of later offers
 *
 * Offers one whole sibling group; the record keeps it if it ranks above the
 * smallest kept group or there is room, evicting smaller groups as needed.
 * A refused or evicted group marks its parent TRUNCATED.
 * Returns: TRUE when the group was kept.
 */
gboolean lh_search_tree_offer (LhSearchTree       *tree,
                               guint32             parent,
                               guint               ply,
                               guint               level,
                               double              cprob,
                               const LhSearchNode *members,
                               guint               n,
                               guint32            *slots);

/**
 * lh_search_tree_would_keep:
 * The quick test a search makes before building a group's members: FALSE
 * when lh_search_tree_offer() would refuse a group of @n nodes with this
 * rank (and then does the refusal's bookkeeping, marking @parent TRUNCATED),
 * so the members need not be built; TRUE when the offer may keep it.
 */
gboolean lh_search_tree_would_keep (LhSearchTree *tree,
                                    guint32       parent,
                                    guint         ply,
                                    guint         level,
                                    double        cprob,
                                    guint         n);

/** Largest sibling group a recording takes (2 spawns x 16 cells is 32). */
#define LH_SEARCH_TREE_MAX_GROUP 64

/**
 * lh_search_tree_reserve:
 * @parent, @ply, @level, @cprob: as for lh_search_tree_offer()
 * @n: the group's size, 1 to LH_SEARCH_TREE_MAX_GROUP
 * @first_slot: (out): the slot of the first member; member i is
 *   @first_slot + i
 *
 * lh_search_tree_offer() without the copy: the rank is tested before
 * anything else (a refusal costs one comparison and marks @parent
 * TRUNCATED), and a kept group's @n nodes are returned for the caller to
 * fill in place (every field but the links, which the record sets).
 * Returns: (transfer none) (nullable): the @n nodes, valid until the next
 *   reserve or offer; NULL when the group is refused.
 */
LhSearchNode *lh_search_tree_reserve (LhSearchTree *tree,
                                      guint32       parent,
                                      guint         ply,
                                      guint         level,
                                      double        cprob,
                                      guint         n,
                                      guint32      *first_slot);

/**
 * lh_search_tree_finish:
 * Ends the recording: replaces the record's nodes with the kept ones in
 * pre-order (parents before children, siblings in offer order).  O(kept nodes).
 */
void lh_search_tree_finish (LhSearchTree *tree);

/**
 * lh_search_tree_abandon:
 * Ends a recording without using it (an interrupted search): the record's
 * nodes stay as they were before begin.
 */
void lh_search_tree_abandon (LhSearchTree *tree);

/** lh_search_tree_is_recording: TRUE between begin and finish (or abandon). */
gboolean lh_search_tree_is_recording (const LhSearchTree *tree);

/**
 * lh_search_tree_copy:
 * Returns: (transfer full): a new record with the same budget, geometry,
 *   nodes and full flag as @tree (which must not be recording).
 */
LhSearchTree *lh_search_tree_copy (const LhSearchTree *tree);

/**
 * lh_search_tree_copy_into:
 * Replaces @dest's nodes with @src's (same geometry).  When @src holds more
 * nodes than @dest's budget, @dest keeps the best groups by the same ranking
 * a search uses (cumulative probabilities recomputed from the edges).
 */
void lh_search_tree_copy_into (LhSearchTree *dest, const LhSearchTree *src);

G_END_DECLS
