/* lh-search-tree-recording.h: how a solver records its search into an
 * LhSearchTree under the node budget (the selection is described at the top
 * of lh-search-tree.h).
 *
 * For solvers only: the record's readers (the inspector, the export, the
 * CLI) include lh-search-tree.h.  What a search calls once per node or per
 * group (reserve, fill, get_member, add_move_leaves) is inline here, with
 * the record's structure, because at this rate a function call is a fair
 * part of the cost: on the depth-3 expectimax searches of
 * benchmarks/bench-record.c the search does about 180 instructions per node
 * it records, and recording adds about 38 (callgrind,
 * benchmarks/record-instructions.sh; benchmarks/README.md, "The
 * search-tree inspector").
 *
 * A search names the nodes it recorded by their tree level (edges from the
 * root) and their member index in their sibling group.  The record keeps,
 * per level, the group most recently offered at that level, which is the
 * one on the search's current path when the search is depth-first: a node's
 * group must stay the latest at its level until the node is filled.
 */
#pragma once

#include "lh-search-tree.h"

#include <string.h>

G_BEGIN_DECLS

/** Deepest tree level a recording takes (the root is level 0). */
#define LH_SEARCH_TREE_MAX_LEVEL 512

/** Largest sibling group a recording takes (2 spawns x 16 cells is 32). */
#define LH_SEARCH_TREE_MAX_GROUP 64

/* Private: one kept sibling group while recording, in the dense array of the
 * groups in offer order (the pool's order).  Compaction ranks groups by
 * (ply, cprob, offer order). */
typedef struct {
  double  cprob;     /* cumulative probability of reaching the parent */
  guint32 first;     /* pool index of the first member (whose parent link names the
                      * parent); for folded leaves, index of the group's header in
                      * pool_leaves */
  guint16 n;         /* members (nodes) */
  guint8  ply;
  guint8  folded;    /* TRUE for a group of folded leaves (lh_search_tree_add_move_leaves) */
} LhSearchTreeGroup;

/* Private: folded leaves.  A group of last-ply leaves is stored as one
 * header word, the parent's pool index with the legal moves in the top 4
 * bits, then each leaf's value as a float, in move order: 4 bytes a leaf
 * instead of a 48-byte node.  The leaves' boards are the parent's
 * afterstates, which lh_search_tree_get_node() computes again when it
 * unfolds them (lh-search-tree.c). */
#define LH_SEARCH_TREE_FOLD_PARENT_MASK 0x0fffffffu
#define LH_SEARCH_TREE_FOLD_LEGAL_SHIFT 28

/* Private: the record.  Only lh-search-tree.c and the inline functions
 * below touch these fields. */
struct _LhSearchTree {
  LhSearchNode *nodes;         /* nodes_cap nodes, n_nodes used once unfolded, else n_inner */
  guint         n_nodes;       /* nodes, folded leaves included */
  guint         nodes_cap;
  guint         n_inner;       /* nodes stored whole; the rest are folded leaves, in leaves */
  guint32      *leaves;        /* leaves_cap words, n_leaf_words used: the folded leaf groups */
  guint32       n_leaf_words;
  guint32       leaves_cap;
  gsize         unfolded;      /* 0 until the folded leaves are nodes: set once by
                                * g_once_init_enter/leave (the first reader), set back
                                * to 0 only by what changes the record (finish, swap),
                                * which no reader may overlap */
  guint         max_nodes;
  gboolean      full;
  LhGeometry    geometry;
  gboolean      wide;          /* the nodes hold wide boards (board, board_high) */
  int           chosen_move;   /* the solver's decision at the root, or -1 */

  /* Recording: the scratch pool, allocated by the first begin and kept.
   * Groups are appended in the order they are offered, each with its links
   * set; compaction keeps the order. */
  LhSearchNode      *pool;     /* pool_cap nodes */
  guint32           *pool_leaves;    /* 2 * pool_cap + 4 words: folded leaf groups, in offer order */
  guint32            pool_leaf_used;
  guint32            n_accepted;     /* nodes in the pool's groups, folded leaves included */
  LhSearchTreeGroup *groups;   /* pool_cap entries, n_groups used */
  guint32            n_groups;
  guint32           *remap;    /* pool_cap: compaction's old index -> new index */
  guint32           *order;    /* pool_cap: compaction's sort scratch */
  guint32           *bucket_nodes;  /* compaction's histogram */
  guint32            pool_cap;
  guint32            pool_used;
  guint32            pool_limit;    /* the fast path's room for n_accepted: 0 when not
                                     * recording, else MIN (pool_cap, review_at) */
  guint32            review_at;     /* n_accepted at which to review the plies */
  guint32            n_reviewed;    /* groups counted in nodes_by_ply */
  guint32           *ply_buckets;   /* REVIEW_PLIES x REVIEW_BUCKETS: those nodes by ply and
                                     * by quarter octave of cprob (lh-search-tree.c) */
  guint              buckets_zeroed;  /* rows of ply_buckets zeroed in this recording */
  guint32            group_limit;   /* largest group that can be kept: MIN (MAX_GROUP, max_nodes) */
  guint              max_level;     /* deepest level offered so far */
  guint              cut_ply;       /* threshold: a new group is kept when its ply is */
  double             cut_cprob;     /* below cut_ply, or equal with a larger cprob */
  guint32            cut_groups;    /* groups [0, cut_groups) of the pool with the threshold's
                                     * rank were offered before the group that set it: kept */
  gboolean           recording;     /* between begin and finish/abandon */
  LhGeometry         rec_geometry;  /* the recording's, the record's from finish on */
  gboolean           rec_wide;      /* the recording's wide flag, the record's from finish on */
  gboolean           rec_full;      /* a group was refused or dropped */
  /* Last, the arrays that only a recording uses (begin sets them). */
  guint              nodes_by_ply[256];  /* nodes of groups [0, n_reviewed) per ply */
  guint32            path[LH_SEARCH_TREE_MAX_LEVEL];  /* latest group per level, or NONE */
};

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
 * lh_search_tree_begin_wide:
 * @geometry: 2 to 5 rows and columns
 * As lh_search_tree_begin(), for a search of wide boards: the record is
 * wide from lh_search_tree_finish() on, its members filled with
 * lh_search_tree_fill_member_wide(); it takes no folded leaves
 * (lh_search_tree_add_move_leaves()).
 */
void lh_search_tree_begin_wide (LhSearchTree *tree, LhGeometry geometry);

/* Private: a new group of (@ply, @cprob) ranks above the threshold. */
static inline gboolean
lh_search_tree_above_threshold (const LhSearchTree *tree, guint ply, double cprob)
{
  return ply < tree->cut_ply || (ply == tree->cut_ply && cprob > tree->cut_cprob);
}

/* Private: appends a kept group of @n nodes under pool node @parent (NONE
 * for the root) as the latest of @level, with its links set. */
G_ALWAYS_INLINE static inline LhSearchNode *
lh_search_tree_append_group (LhSearchTree *tree,
                             guint         level,
                             guint32       parent,
                             guint         ply,
                             double        cprob,
                             guint         n)
{
  LhSearchNode *pool = tree->pool;
  guint32 first = tree->pool_used;

  tree->pool_used += n;
  tree->n_accepted += n;
  tree->groups[tree->n_groups++] = (LhSearchTreeGroup) {
    .cprob = cprob, .first = first, .n = (guint16) n,
    .ply = (guint8) MIN (ply, 255u),
  };
  tree->path[level] = first;
  if (parent != LH_SEARCH_NODE_NONE)
    pool[parent].first_child = first;
  for (guint32 k = 0; k < n; k++)
    {
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
      /* parent and first_child in one store */
      guint64 links = (guint64) parent | (guint64) LH_SEARCH_NODE_NONE << 32;

      G_STATIC_ASSERT (G_STRUCT_OFFSET (LhSearchNode, first_child) == G_STRUCT_OFFSET (LhSearchNode, parent) + 4);
      memcpy (&pool[first + k].parent, &links, sizeof links);
#else
      pool[first + k].parent = parent;
      pool[first + k].first_child = LH_SEARCH_NODE_NONE;
#endif
      pool[first + k].next_sibling = first + k + 1;
    }
  pool[first + n - 1].next_sibling = LH_SEARCH_NODE_NONE;
  return &pool[first];
}

/* Private: appends a kept group of @n folded leaves, the afterstates of the
 * moves in @legal of pool node @parent, at @level (which then has no latest
 * group: leaves have no children).  Returns the words for their values. */
G_ALWAYS_INLINE static inline guint32 *
lh_search_tree_append_leaves (LhSearchTree *tree,
                              guint         level,
                              guint32       parent,
                              guint         ply,
                              double        cprob,
                              guint         n,
                              guint         legal)
{
  guint32 *words = &tree->pool_leaves[tree->pool_leaf_used];

  tree->groups[tree->n_groups++] = (LhSearchTreeGroup) {
    .cprob = cprob, .first = tree->pool_leaf_used, .n = (guint16) n,
    .ply = (guint8) MIN (ply, 255u), .folded = TRUE,
  };
  tree->pool_leaf_used += 1 + n;
  tree->n_accepted += n;
  tree->path[level] = LH_SEARCH_NODE_NONE;
  words[0] = parent | (guint32) legal << LH_SEARCH_TREE_FOLD_LEGAL_SHIFT;
  return words + 1;
}

/* Private: lh_search_tree_reserve()'s rare cases (a misuse, a refusal for
 * room, a full pool), out of line.  @parent is the parent's pool index;
 * @legal is 0 for a group of nodes (which it returns, an LhSearchNode *), or
 * the moves of a group of folded leaves (it returns their value words). */
gpointer lh_search_tree_reserve_slow (LhSearchTree *tree,
                                      guint         level,
                                      guint32       parent,
                                      guint         parent_member,
                                      guint         ply,
                                      double        cprob,
                                      guint         n,
                                      guint         legal);

/* Private: lh_search_tree_reserve() when @legal (a constant) is 0, else the
 * same for a group of folded leaves, the afterstates of the moves in @legal
 * (lh_search_tree_add_move_leaves()). */
G_ALWAYS_INLINE static inline gpointer
lh_search_tree_reserve_group (LhSearchTree *tree,
                              guint         level,
                              guint         parent_member,
                              guint         ply,
                              double        cprob,
                              guint         n,
                              const guint   legal)
{
  guint32 parent;

  if (G_UNLIKELY (level == 0 || level > tree->max_level))
    return lh_search_tree_reserve_slow (tree, level, LH_SEARCH_NODE_NONE, parent_member, ply, cprob, n,
                                        legal);
  parent = tree->path[level - 1];
  if (parent == LH_SEARCH_NODE_NONE)
    {
      /* Its parent was refused: nothing below it is recorded. */
      tree->path[level] = LH_SEARCH_NODE_NONE;
      return NULL;
    }
  parent += parent_member;
  /* Not recording (pool_limit 0), a group too large, a full pool or a
   * review due: the slow path sorts them out. */
  if (G_UNLIKELY (tree->n_accepted + n > tree->pool_limit || n - 1 >= tree->group_limit))
    return lh_search_tree_reserve_slow (tree, level, parent, parent_member, ply, cprob, n, legal);
  if (!lh_search_tree_above_threshold (tree, ply, cprob))
    {
      /* Ranked below what the budget keeps: refused, its parent marked. */
      tree->rec_full = TRUE;
      tree->pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
      tree->path[level] = LH_SEARCH_NODE_NONE;
      return NULL;
    }
  if (legal != 0)
    return lh_search_tree_append_leaves (tree, level, parent, ply, cprob, n, legal);
  return lh_search_tree_append_group (tree, level, parent, ply, cprob, n);
}

/**
 * lh_search_tree_reserve:
 * @level: the members' tree level, 0 for the root group (one node, offered
 *   first), below LH_SEARCH_TREE_MAX_LEVEL
 * @parent_member: the parent's member index in the latest group of level
 *   @level - 1 (ignored for the root)
 * @ply: the members' ply
 * @cprob: cumulative probability of reaching the parent (1 at the top)
 * @n: the group's size, 1 to LH_SEARCH_TREE_MAX_GROUP
 *
 * Offers one whole sibling group.  The rank is tested first: a refusal
 * costs one comparison and marks the parent TRUNCATED (a group whose parent
 * the record does not hold is refused without a mark).  A kept group
 * becomes the latest of @level, and its @n nodes are returned with their
 * links (parent, first_child, next_sibling) set, for the caller to fill
 * with lh_search_tree_fill_member(), which leaves the links alone.  A
 * member may be filled right away, or once its subtree is searched (with
 * its value then) through lh_search_tree_get_member(): the record reads
 * nothing of a member but its links until lh_search_tree_finish().  It
 * marks the parent TRUNCATED when it refuses or drops a group; a member
 * filled after its subtree carries that mark from the fill instead (the
 * search sees the group gone: lh_search_tree_get_member() returns NULL).
 * Returns: (transfer none) (nullable): the @n nodes, valid until the next
 *   reserve; NULL when the group is refused.
 */
static inline LhSearchNode *
lh_search_tree_reserve (LhSearchTree *tree,
                        guint         level,
                        guint         parent_member,
                        guint         ply,
                        double        cprob,
                        guint         n)
{
  return lh_search_tree_reserve_group (tree, level, parent_member, ply, cprob, n, 0);
}

/**
 * lh_search_tree_fill_member:
 * @node: a node lh_search_tree_reserve() returned
 * @kind: an LhSearchNodeKind
 * @board: the position (a chance node's: its afterstate)
 * @ply: player moves from the root
 * @move: the move that led here (an LhMove), or -1
 * @spawn_cell: the spawned tile's cell 4 * row + col, or -1
 * @spawn_exponent: the spawned tile's exponent, or 0
 * @probability: the edge's probability (1 under a player node)
 * @value: the node's value, in the evaluator's units (heuristic points, or points)
 * @visits: MCTS visits; 1 for expectimax
 * @flags: LhSearchNodeFlags: CACHED for a value from the transposition
 *   table; TRUNCATED for a node filled after its subtree whose child group
 *   the record refused or dropped (see lh_search_tree_reserve())
 *
 * Writes every field of @node but its links.
 */
static inline void
lh_search_tree_fill_member (LhSearchNode    *node,
                            LhSearchNodeKind kind,
                            LhBoard          board,
                            guint            ply,
                            int              move,
                            int              spawn_cell,
                            guint            spawn_exponent,
                            double           probability,
                            double           value,
                            guint32          visits,
                            guint            flags)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  /* The same stores as below, kind to flags (and the padding) merged into
   * one: this runs once per recorded node (benchmarks/bench-record.c). */
  guint64 bytes = (guint64) (guint8) kind
                  | (guint64) (guint8) MIN (ply, 255u) << 8
                  | (guint64) (guint8) move << 16
                  | (guint64) (spawn_cell < 0 ? 255u : (guint8) spawn_cell) << 24
                  | (guint64) (guint8) spawn_exponent << 32
                  | (guint64) (guint8) flags << 40;

  G_STATIC_ASSERT (G_STRUCT_OFFSET (LhSearchNode, kind) + 8 == sizeof (LhSearchNode));
  node->visits = visits;
  node->board = board;
  node->board_high = 0;
  node->value = (float) value;
  node->probability = (float) probability;
  memcpy (&node->kind, &bytes, sizeof bytes);
#else
  node->visits = visits;
  node->board = board;
  node->board_high = 0;
  node->value = (float) value;
  node->probability = (float) probability;
  node->kind = (guint8) kind;
  node->ply = (guint8) MIN (ply, 255u);
  node->move = (gint8) move;
  node->spawn_cell = spawn_cell < 0 ? 255 : (guint8) spawn_cell;
  node->spawn_exponent = (guint8) spawn_exponent;
  node->flags = (guint8) flags;
#endif
}

/**
 * lh_search_tree_fill_member_wide:
 * lh_search_tree_fill_member() in a wide recording
 * (lh_search_tree_begin_wide()): @board a wide board, @spawn_cell stride x
 * row + col of the recording's geometry (lh_geometry_cell_stride()).
 */
static inline void
lh_search_tree_fill_member_wide (LhSearchNode    *node,
                                 LhSearchNodeKind kind,
                                 LhWideBoard      board,
                                 guint            ply,
                                 int              move,
                                 int              spawn_cell,
                                 guint            spawn_exponent,
                                 double           probability,
                                 double           value,
                                 guint32          visits,
                                 guint            flags)
{
  lh_search_tree_fill_member (node, kind, (LhBoard) board, ply, move, spawn_cell, spawn_exponent,
                              probability, value, visits, flags);
  node->board_high = (guint64) (board >> 64);
}

/**
 * lh_search_tree_add_move_leaves:
 * @level, @parent_member, @cprob: as lh_search_tree_reserve()
 * @ply: the leaves' ply, which must be the parent's ply + 1 (the ply their
 *   nodes get when unfolded)
 * @legal: bit m set for each move m (an LhMove) to record, at least one;
 *   each leaf is the afterstate of move m of the parent's board,
 *   lh_board_move() in the record's geometry (the parent is filled with
 *   that board before lh_search_tree_finish())
 * @values: (array fixed-size=4): the value of each afterstate, heuristic
 *   points; all four are read (any value for a move not in @legal)
 *
 * Offers the afterstates of the legal moves of a player node as one group
 * of leaves (no children: expectimax's last ply), already scored.  The
 * commonest group of a search, three nodes in four, so the record keeps
 * them folded: 4 bytes a leaf (its value as a float) and 4 a group, where
 * a node takes 40.  lh_search_tree_get_node() unfolds them into nodes the
 * first time a reader asks for a node, computing their boards again from
 * the parent's.  They come after the other nodes in the record's index
 * order.
 * Returns: TRUE when the record kept them (as lh_search_tree_reserve()).
 */
static inline gboolean
lh_search_tree_add_move_leaves (LhSearchTree  *tree,
                                guint          level,
                                guint          parent_member,
                                guint          ply,
                                double         cprob,
                                guint          legal,
                                const double  *values)
{
  guint n = (guint) __builtin_popcount (legal);
  guint32 *words = lh_search_tree_reserve_group (tree, level, parent_member, ply, cprob, n, legal);

  guint k = 0;

  if (words == NULL)
    return FALSE;
  /* The legal moves' values side by side, without a branch: each value is
   * written at the next free word, which only a legal move advances (so up
   * to LH_N_MOVES - 1 words past the group are written over; the array
   * has that much room beyond its last group). */
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      float value = (float) values[m];

      memcpy (&words[k], &value, sizeof value);
      k += (legal >> m) & 1;
    }
  return TRUE;
}

/**
 * lh_search_tree_get_member:
 * @level: a level offered in this recording (at most the deepest; not
 *   checked, as this runs once per recorded node)
 * Returns: (transfer none) (nullable): member @member of the latest group of
 *   @level, valid until the next reserve; NULL when the record dropped that
 *   group (or refused it), or when it was a group of folded leaves
 *   (lh_search_tree_add_move_leaves(): they have no node until read).
 */
static inline LhSearchNode *
lh_search_tree_get_member (LhSearchTree *tree,
                           guint         level,
                           guint         member)
{
  guint32 group = tree->path[level];

  return G_UNLIKELY (group == LH_SEARCH_NODE_NONE) ? NULL : &tree->pool[group + member];
}

/**
 * lh_search_tree_add_member_flags:
 * Adds @flags (LhSearchNodeFlags) to member @member of the latest group of
 * @level (at most the deepest level offered); nothing when the record
 * dropped that group.
 */
static inline void
lh_search_tree_add_member_flags (LhSearchTree *tree,
                                 guint         level,
                                 guint         member,
                                 guint         flags)
{
  guint32 group;

  g_return_if_fail (level <= tree->max_level);
  group = tree->path[level];
  if (group == LH_SEARCH_NODE_NONE)
    return;
  tree->pool[group + member].flags |= (guint8) flags;
}

/**
 * lh_search_tree_finish:
 * Ends the recording: drops what does not fit the budget and makes the kept
 * nodes the record, in the order they were offered: O(1) when everything fits,
 * else one compaction, O(pool); no copy.
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

G_END_DECLS
