/* lh-search-tree-recording.h: how a solver records its search into an
 * LhSearchTree under the node budget (the selection is described at the top
 * of lh-search-tree.h).
 *
 * For solvers only: the record's readers (the inspector, the export, the
 * CLI) include lh-search-tree.h.  What a search calls once per node or per
 * group (reserve, fill, get_member, add_move_leaves) is inline here, with
 * the record's structure, because at this rate a function call is a fair
 * part of the cost: on the depth-3 expectimax searches of
 * benchmarks/bench-record.c the search does about 200 instructions per node
 * it records, and recording adds about 60 (callgrind, the README's
 * "Recording the search tree").
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
  guint32 first;     /* pool index of the first member (whose parent link names the parent) */
  guint16 n;
  guint8  ply;
} LhSearchTreeGroup;

/* Private: the record.  Only lh-search-tree.c and the inline functions
 * below touch these fields. */
struct _LhSearchTree {
  LhSearchNode *nodes;         /* nodes_cap nodes, n_nodes used */
  guint         n_nodes;
  guint         nodes_cap;
  guint         max_nodes;
  gboolean      full;
  LhGeometry    geometry;
  int           chosen_move;   /* the solver's decision at the root, or -1 */

  /* Recording: the scratch pool, allocated by the first begin and kept.
   * Groups are appended in the order they are offered, each with its links
   * set; compaction keeps the order. */
  LhSearchNode      *pool;     /* pool_cap nodes */
  LhSearchTreeGroup *groups;   /* pool_cap entries, n_groups used */
  guint32            n_groups;
  guint32           *remap;    /* pool_cap: compaction's old index -> new index */
  guint32           *order;    /* pool_cap: compaction's sort scratch */
  guint32           *bucket_nodes;  /* compaction's histogram */
  guint32            pool_cap;
  guint32            pool_used;
  guint32            pool_limit;    /* the fast path's room: 0 when not recording, else
                                     * MIN (pool_cap, review_at) */
  guint32            review_at;     /* pool_used at which to review the plies */
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

/* Private: a new group of (@ply, @cprob) ranks above the threshold. */
static inline gboolean
lh_search_tree_above_threshold (const LhSearchTree *tree, guint ply, double cprob)
{
  return ply < tree->cut_ply || (ply == tree->cut_ply && cprob > tree->cut_cprob);
}

/* Private: appends a kept group of @n nodes under pool node @parent (NONE
 * for the root) as the latest of @level, with its links set when @link (a
 * constant; FALSE for a caller that writes whole nodes). */
G_ALWAYS_INLINE static inline LhSearchNode *
lh_search_tree_append_group (LhSearchTree  *tree,
                             guint          level,
                             guint32        parent,
                             guint          ply,
                             double         cprob,
                             guint          n,
                             const gboolean link)
{
  LhSearchNode *pool = tree->pool;
  guint32 first = tree->pool_used;

  tree->pool_used += n;
  tree->groups[tree->n_groups++] = (LhSearchTreeGroup) {
    .cprob = cprob, .first = first, .n = (guint16) n,
    .ply = (guint8) MIN (ply, 255u),
  };
  tree->path[level] = first;
  if (parent != LH_SEARCH_NODE_NONE)
    pool[parent].first_child = first;
  if (!link)
    return &pool[first];
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

/* Private: lh_search_tree_reserve()'s rare cases (a misuse, a refusal for
 * room, a full pool), out of line.  @parent is the parent's pool index. */
LhSearchNode *lh_search_tree_reserve_slow (LhSearchTree *tree,
                                           guint         level,
                                           guint32       parent,
                                           guint         parent_member,
                                           guint         ply,
                                           double        cprob,
                                           guint         n);

/* Private: lh_search_tree_reserve(), the links set when @link (a constant). */
G_ALWAYS_INLINE static inline LhSearchNode *
lh_search_tree_reserve_group (LhSearchTree  *tree,
                              guint          level,
                              guint          parent_member,
                              guint          ply,
                              double         cprob,
                              guint          n,
                              const gboolean link)
{
  guint32 parent;

  if (G_UNLIKELY (level == 0 || level > tree->max_level))
    return lh_search_tree_reserve_slow (tree, level, LH_SEARCH_NODE_NONE, parent_member, ply, cprob, n);
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
  if (G_UNLIKELY (tree->pool_used + n > tree->pool_limit || n - 1 >= tree->group_limit))
    return lh_search_tree_reserve_slow (tree, level, parent, parent_member, ply, cprob, n);
  if (!lh_search_tree_above_threshold (tree, ply, cprob))
    {
      /* Ranked below what the budget keeps: refused, its parent marked. */
      tree->rec_full = TRUE;
      tree->pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
      tree->path[level] = LH_SEARCH_NODE_NONE;
      return NULL;
    }
  return lh_search_tree_append_group (tree, level, parent, ply, cprob, n, link);
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
  return lh_search_tree_reserve_group (tree, level, parent_member, ply, cprob, n, TRUE);
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
 * @value: the node's value, heuristic points
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
  node->value = (float) value;
  node->probability = (float) probability;
  memcpy (&node->kind, &bytes, sizeof bytes);
#else
  node->visits = visits;
  node->board = board;
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
 * lh_search_tree_add_move_leaves:
 * @level, @parent_member, @cprob: as lh_search_tree_reserve()
 * @ply: the leaves' ply
 * @legal: bit m set for each move m (an LhMove) to record, at least one
 * @after: (array fixed-size=4): the afterstate of each move
 * @values: (array fixed-size=4): the value of each afterstate, heuristic
 *   points
 *
 * Offers the afterstates of the legal moves of a player node as one group
 * of leaves (no children: expectimax's last ply), already scored, and
 * writes them whole in one pass (the commonest group of a search, so it
 * skips lh_search_tree_reserve()'s separate pass over the links).
 * Returns: TRUE when the record kept them (as lh_search_tree_reserve()).
 */
static inline gboolean
lh_search_tree_add_move_leaves (LhSearchTree  *tree,
                                guint          level,
                                guint          parent_member,
                                guint          ply,
                                double         cprob,
                                guint          legal,
                                const LhBoard *after,
                                const double  *values)
{
  guint n = (guint) __builtin_popcount (legal);
  LhSearchNode *node = lh_search_tree_reserve_group (tree, level, parent_member, ply, cprob, n, FALSE);
  guint32 parent, index;

  if (node == NULL)
    return FALSE;
  /* (Where the parent is now: a compaction may have moved it.) */
  parent = tree->path[level - 1] + parent_member;
  index = (guint32) (node - tree->pool);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (legal & (1u << m))
      {
        node->parent = parent;
        node->first_child = LH_SEARCH_NODE_NONE;
        node->next_sibling = ++index;
        lh_search_tree_fill_member (node++, LH_SEARCH_NODE_LEAF, after[m], ply, (int) m, -1, 0, 1.0,
                                    values[m], 1, 0);
      }
  node[-1].next_sibling = LH_SEARCH_NODE_NONE;
  return TRUE;
}

/**
 * lh_search_tree_get_member:
 * @level: a level offered in this recording (at most the deepest; not
 *   checked, as this runs once per recorded node)
 * Returns: (transfer none) (nullable): member @member of the latest group of
 *   @level, valid until the next reserve; NULL when the record dropped that
 *   group (or refused it).
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
