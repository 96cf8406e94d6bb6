/* lh-search-tree.h: the bounded record of a search, for the inspector.
 *
 * An arena of nodes with a node budget fixed when it is created.  Index
 * order is a topological order: node 0 is the root and every node comes
 * after its parent.  Children are linked (first_child, next_sibling); in a
 * record a search made, siblings are also contiguous (a node's next sibling
 * is the next index) and the index order is the order in which the search
 * offered its groups, but for the last-ply leaves of an expectimax search,
 * which come after all the other nodes, in the order offered (see "Folded
 * leaves" below; a record copied into a smaller one by
 * lh_search_tree_copy_into() has them in depth-first order).
 *
 * What a search keeps: a search offers the record each sibling group as it
 * expands a node (lh_search_tree_reserve: all legal-move afterstates of a
 * player node, or all spawn outcomes of a chance node), and the record keeps
 * the best groups that fit the budget, ranked by
 *   1. ply (player moves from the root), smaller first: the top of the tree
 *      is kept whole, ply by ply, as far as the budget allows;
 *   2. then the cumulative probability of reaching the group's parent, larger
 *      first: below the whole plies, the most probable branches;
 *   3. then the order of the offers, earlier first.
 * A group always ranks strictly below its parent's group (its ply is no
 * smaller, its probability no larger, and it is offered later), so the kept
 * groups are exactly those that rank above a threshold, and they form a tree.
 * The record keeps that threshold, starting with "everything": a group is
 * appended to a scratch pool when it ranks above it, in one comparison, and
 * refused otherwise (its whole subtree is then not offered).  Once the pool
 * holds the budget, the record reviews its counts of nodes per ply and per
 * quarter octave of probability every eighth of the budget, and raises the
 * threshold to the first bound above which the budget is already held (no
 * group below it can ever be kept), so most of what will not fit is refused
 * at once, its subtree searched without recording.  When the pool (two to
 * three times the budget) runs out, the record computes the rank of the
 * best group that does not fit the budget, makes it the threshold and
 * compacts the pool, keeping the order (O(pool), at most once per budget's
 * worth of nodes accepted); lh_search_tree_finish does the same once more
 * if needed, so every kept group ranks above every dropped one and the
 * budget is never exceeded.
 * The price is some unused room, less than one group (32 nodes) in
 * practice.  The search itself is never limited.  A group is kept whole or
 * not at all, so a recorded player node has all its legal moves or no child,
 * and a recorded chance node all its spawn outcomes or no child.
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
 * Folded leaves: the afterstates a last-ply player node scores (three
 * nodes in four of an expectimax search) are offered by
 * lh_search_tree_add_move_leaves() and kept folded, as their values alone
 * (4 bytes a leaf and 4 a group, where a node takes 48): writing whole
 * nodes made recording cost the search about a third more (benchmarks/
 * README.md, "The search-tree inspector").  The first read of a node
 * (lh_search_tree_get_node(), from any thread; the others wait) unfolds
 * them into nodes after the others, their boards computed again from their
 * parent's (lh_board_move(), a few nanoseconds a leaf).  A record is read
 * the same way whether or not it has been unfolded; it can be read from
 * several threads at once while nothing changes it.
 *
 * Wide records: a search of a wide board (lh-wide-board.h: 5x5, or a tile
 * past 32768) records into a wide record (lh_search_tree_begin_wide()),
 * whose nodes hold the 128-bit board in @board and @board_high; it folds no
 * leaves.  Every reader takes boards through lh_search_tree_get_wide_board()
 * and spawn cells through lh_search_tree_get_spawn(), the same for both.
 *
 * Memory: sizeof (LhSearchNode) = 48 bytes per node, a folded leaf 4 bytes
 * and its group 4 more until read.  A record holds room for its budget
 * (20,000 nodes = 938 KiB; 1,000,000 nodes = 46 MiB).  A record that has
 * recorded a search holds, from its first lh_search_tree_begin on and kept
 * for the next search, a scratch pool of three times the budget (up to
 * 100,000 nodes more than twice the budget; plus one group) with, per pool
 * node, a 16-byte group entry, a 4-byte index map, a 4-byte sort entry and
 * 8 bytes of folded leaves, and its own node array and folded leaves grow
 * to the pool's size, since finish hands the pool over as the record and
 * takes the old arrays as the next pool (no copy): 136 bytes per pool node,
 * plus 128 KiB of counts (lh_search_tree_recording_bytes(); 20,000 nodes =
 * 7.9 MiB; 1,000,000 = 272 MiB), of which only the pages used are ever
 * touched.  lh_search_tree_swap and lh_search_tree_copy move or copy the
 * nodes only: a record handed to the UI by a swap carries no pool.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

typedef enum {
  LH_SEARCH_NODE_PLAYER,   /* max node: the player picks a move */
  LH_SEARCH_NODE_CHANCE,   /* afterstate: a tile spawns at random */
  LH_SEARCH_NODE_LEAF,     /* scored by the evaluator (or game over) */
} LhSearchNodeKind;

#define LH_SEARCH_NODE_NONE G_MAXUINT32

/**
 * LhSearchNode:
 * @parent: index of the parent, LH_SEARCH_NODE_NONE for the root
 * @first_child, @next_sibling: child list, LH_SEARCH_NODE_NONE at the end
 * @board: the position (for a chance node: the afterstate); in a wide
 *   record (lh_search_tree_is_wide()) the low 64 bits of its wide board:
 *   read a node's board with lh_search_tree_get_wide_board(), which serves
 *   both kinds of record
 * @board_high: in a wide record, the high 64 bits of the wide board; 0
 *   otherwise
 * @value: the node's value in the evaluator's units (heuristic points; with a
 *   network, points)
 * @probability: probability of this edge from its parent: 1 under a player
 *   node, P(cell) * P(tile) under a chance node
 * @visits: MCTS visits; for expectimax 1
 * @kind: an LhSearchNodeKind
 * @ply: player moves from the root to this node
 * @move: the move that led here (an LhMove) or -1
 * @spawn_cell: cell index stride x row + col of the spawned tile
 *   (lh_geometry_cell_stride() of the record's geometry: 4 up to 4x4, 5
 *   on a board with a side of 5; lh_search_tree_get_spawn()), or 255
 * @spawn_exponent: exponent of the spawned tile (1 or 2), or 0
 * @flags: LhSearchNodeFlags
 */
typedef struct {
  guint32 parent;
  guint32 first_child;
  guint32 next_sibling;
  guint32 visits;
  LhBoard board;
  guint64 board_high;
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
 * lh_search_tree_recording_bytes:
 * Returns: the most memory a record of @max_nodes nodes takes once it has
 *   recorded a search, in bytes (see "Memory" above).
 */
guint64 lh_search_tree_recording_bytes (guint max_nodes);

/**
 * lh_search_tree_held_bytes:
 * Returns: the most memory a finished record of @max_nodes nodes takes
 *   once handed over by lh_search_tree_steal() (a trace's step), in bytes:
 *   48 per node, and until it is first read 8 more per node at most for its
 *   folded leaves (a value and at most one group header per leaf).
 */
guint64 lh_search_tree_held_bytes (guint max_nodes);

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
 * lh_search_tree_is_wide:
 * Returns: TRUE when the record's boards are wide boards (a search of a
 *   wide board recorded it, or lh_search_tree_set_wide()).
 */
gboolean lh_search_tree_is_wide (const LhSearchTree *tree);

/**
 * lh_search_tree_set_wide:
 * Makes an empty record (one about to be built with lh_search_tree_add_wide())
 * wide or not, with @geometry (2 to 5 rows and columns; a narrow record's
 * up to 4x4).
 */
void lh_search_tree_set_wide (LhSearchTree *tree, gboolean wide, LhGeometry geometry);

/**
 * lh_search_tree_get_wide_board:
 * @node: a node of @tree
 * Returns: @node's board as a wide board, in either kind of record (in a
 *   narrow one lh_wide_board_from_board() of its 64-bit board).
 */
LhWideBoard lh_search_tree_get_wide_board (const LhSearchTree *tree, const LhSearchNode *node);

/**
 * lh_search_tree_get_spawn:
 * @node: a node of @tree
 * @row: (out) (optional): the spawned tile's row, from 0 at the top
 * @col: (out) (optional): its column, from 0 at the left
 * Returns: TRUE when @node is a spawn (a child of a chance node), FALSE
 *   otherwise (@row and @col untouched).
 */
gboolean lh_search_tree_get_spawn (const LhSearchTree *tree, const LhSearchNode *node, guint *row,
                                   guint *col);

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
 * lh_search_tree_add_wide:
 * lh_search_tree_add() in a wide record (lh_search_tree_set_wide()): @board
 *   a wide board, @spawn_cell stride x row + col of the record's geometry.
 */
guint32 lh_search_tree_add_wide (LhSearchTree    *tree,
                                 guint32          parent,
                                 LhSearchNodeKind kind,
                                 LhWideBoard      board,
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
 * lh_search_tree_set_value: sets the value (and visits) of node @index of a
 * record that is not recording (one built with lh_search_tree_add()).
 */
void lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits);

/**
 * lh_search_tree_set_flags: adds @flags (LhSearchNodeFlags) to node @index
 * of a record that is not recording.
 */
void lh_search_tree_set_flags (LhSearchTree *tree, guint32 index, guint flags);

/* Recording a search under the budget: lh-search-tree-recording.h (for
 * solvers). */

/**
 * lh_search_tree_copy:
 * Returns: (transfer full): a new record with the same budget, geometry,
 *   nodes and full flag as @tree (which must not be recording).
 */
LhSearchTree *lh_search_tree_copy (const LhSearchTree *tree);

/**
 * lh_search_tree_steal:
 * Moves @tree's nodes (which must not be recording; folded leaves stay
 * folded) into a new record with the same budget, geometry, full flag and
 * chosen move.  A record of more than 16 KiB is not copied: its arrays are
 * handed over, shrunk to what they hold, and @tree's next recording
 * allocates new ones (which the allocator mostly serves from memory just
 * freed); a smaller one is copied, and @tree keeps its arrays, which costs
 * less than allocating new ones.  @tree is left empty; it keeps its scratch
 * pool.  A solver hands each step of a trace its record this way.
 * Returns: (transfer full): the new record.
 */
LhSearchTree *lh_search_tree_steal (LhSearchTree *tree);

/**
 * lh_search_tree_copy_into:
 * Replaces @dest's nodes with @src's (same geometry).  When @src holds more
 * nodes than @dest's budget, @dest keeps the best groups by the same ranking
 * a search uses: @src is replayed depth-first, each node's children offered
 * as one group, with cumulative probabilities recomputed from the edges.
 */
void lh_search_tree_copy_into (LhSearchTree *dest, const LhSearchTree *src);

G_END_DECLS
