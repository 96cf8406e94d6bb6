/* lh-search-tree.c: the bounded arena of search nodes and the selection of
 * what a search keeps in it (see lh-search-tree.h). */
#include "lh-search-tree-recording.h"
#include "lh-search-tree-private.h"

#include <math.h>
#include <string.h>

typedef LhSearchTreeGroup Group;

G_STATIC_ASSERT (sizeof (Group) == 16);

/* Probability buckets of compaction's selection: the exponent and the top
 * 4 mantissa bits of a double in [0, 1] (whose bit pattern orders like its
 * value), so a bucket spans a ratio of at most 1 + 1/16. */
#define N_BUCKETS (1u << 14)

static inline guint
cprob_bucket (double cprob)
{
  guint64 bits;

  if (!(cprob > 0))
    return 0;
  memcpy (&bits, &cprob, sizeof bits);
  return MIN ((guint) (bits >> 48), N_BUCKETS - 1);
}

G_STATIC_ASSERT (sizeof (LhSearchNode) == 48);

/* Pool nodes between two reviews of the threshold (review()). */
static guint32
review_interval (const LhSearchTree *tree)
{
  return MAX (tree->max_nodes / 8, 64u);
}

/* The review's counts: the plies it tells apart (deeper groups are not
 * counted, which only makes it refuse less; expectimax searches at most
 * LH_MAX_DEPTH plies) and, per ply, buckets of a quarter octave of
 * cumulative probability, the most probable first: bucket 4e + j holds
 * cprob in [2^-e (1 + (3 - j) / 4), 2^-e (1 + (4 - j) / 4)), the last one
 * everything smaller. */
#define REVIEW_PLIES 16
#define REVIEW_BUCKETS 1024

static inline guint
review_bucket (double cprob)
{
  guint64 bits;
  guint octave, quarter;

  if (!(cprob > 0))
    return REVIEW_BUCKETS - 1;
  memcpy (&bits, &cprob, sizeof bits);
  octave = 1023u - MIN ((guint) (bits >> 52), 1023u);   /* cprob <= 1: exponent <= 0 */
  quarter = 3u - (guint) ((bits >> 50) & 3);
  return MIN (4 * octave + quarter, REVIEW_BUCKETS - 1);
}

/* The smallest cprob of review bucket @k (< REVIEW_BUCKETS - 1). */
static inline double
review_bucket_floor (guint k)
{
  return ldexp (1.0 + (3.0 - (k & 3)) / 4.0, -(int) (k / 4));
}


/* Nodes of the scratch pool of a record of @max_nodes: three times the
 * budget up to POOL_EXTRA_MAX extra nodes, then twice the budget plus
 * those: compaction, O(pool), runs at most once per (pool - budget) nodes
 * accepted, and a search that offers a few times a small budget (the
 * window's 20,000 at depth 4) then compacts only at finish (bench-record,
 * callgrind: the recording's instructions at depth 4 fall from +45 % of
 * the search's to +38 %), while a record of a million nodes stays near
 * twice its budget.  Plus room for one group. */
#define POOL_EXTRA_MAX 100000u

/* A folded group's header holds a pool index in 28 bits. */
G_STATIC_ASSERT (2 * (guint64) LH_SEARCH_TREE_MAX_NODES + POOL_EXTRA_MAX + LH_SEARCH_TREE_MAX_GROUP
                 <= LH_SEARCH_TREE_FOLD_PARENT_MASK);

static guint32
pool_capacity (guint max_nodes)
{
  return 2 * max_nodes + MIN (max_nodes, POOL_EXTRA_MAX) + LH_SEARCH_TREE_MAX_GROUP;
}

/* Words of folded leaves for a pool of @pool_cap nodes: a value and at most
 * one group header a leaf, and room for lh_search_tree_add_move_leaves()
 * to write past the last group. */
static guint32
leaf_words_capacity (guint32 pool_cap)
{
  return 2 * pool_cap + LH_N_MOVES;
}

guint64
lh_search_tree_recording_bytes (guint max_nodes)
{
  guint64 pool = pool_capacity (max_nodes);

  if (max_nodes == 0)
    return 0;
  /* Per pool node: the pool's node and the record's, a group entry, the
   * remap and sort entries, and two words in each of the pool's and the
   * record's folded leaves (a value and at most one group header a leaf). */
  return pool * (2 * sizeof (LhSearchNode) + sizeof (Group) + 2 * sizeof (guint32)
                 + 2 * 2 * sizeof (guint32))
         + (N_BUCKETS + REVIEW_PLIES * REVIEW_BUCKETS) * sizeof (guint32);
}

guint64
lh_search_tree_held_bytes (guint max_nodes)
{
  return (guint64) max_nodes * (sizeof (LhSearchNode) + 2 * sizeof (guint32));
}

/* A record of @max_nodes holding @nodes (@n_nodes used of @nodes_cap; taken)
 * and no pool.  The recording state's arrays (path, counts) are left
 * unset: lh_search_tree_begin sets them, and a record that never records
 * (a trace's step) skips zeroing their few kilobytes. */
LhSearchTree *
lh_search_tree_alloc (guint max_nodes, LhSearchNode *nodes, guint n_nodes, guint nodes_cap)
{
  LhSearchTree *tree = g_new (LhSearchTree, 1);

  memset (tree, 0, G_STRUCT_OFFSET (LhSearchTree, nodes_by_ply));
  tree->nodes = nodes;
  tree->n_nodes = n_nodes;
  tree->n_inner = n_nodes;
  tree->unfolded = 1;
  tree->nodes_cap = nodes_cap;
  tree->max_nodes = max_nodes;
  tree->geometry = LH_GEOMETRY_DEFAULT;
  tree->chosen_move = -1;
  return tree;
}

LhSearchTree *
lh_search_tree_new (guint max_nodes)
{
  g_return_val_if_fail (max_nodes >= 1 && max_nodes <= LH_SEARCH_TREE_MAX_NODES, NULL);

  return lh_search_tree_alloc (max_nodes, g_new (LhSearchNode, max_nodes), 0, max_nodes);
}

static void
free_pool (LhSearchTree *tree)
{
  g_clear_pointer (&tree->pool, g_free);
  g_clear_pointer (&tree->pool_leaves, g_free);
  g_clear_pointer (&tree->groups, g_free);
  g_clear_pointer (&tree->remap, g_free);
  g_clear_pointer (&tree->order, g_free);
  g_clear_pointer (&tree->bucket_nodes, g_free);
  g_clear_pointer (&tree->ply_buckets, g_free);
}

void
lh_search_tree_free (LhSearchTree *tree)
{
  if (tree == NULL)
    return;
  free_pool (tree);
  g_free (tree->nodes);
  g_free (tree->leaves);
  g_free (tree);
}

void
lh_search_tree_set_geometry (LhSearchTree *tree, LhGeometry geometry)
{
  g_return_if_fail (lh_geometry_is_valid (geometry));
  tree->geometry = geometry;
}

LhGeometry
lh_search_tree_get_geometry (const LhSearchTree *tree)
{
  return tree->geometry;
}

void
lh_search_tree_clear (LhSearchTree *tree)
{
  tree->recording = FALSE;
  tree->pool_limit = 0;
  tree->n_nodes = 0;
  tree->n_inner = 0;
  tree->n_leaf_words = 0;
  tree->unfolded = 1;
  tree->full = FALSE;
  tree->chosen_move = -1;
}

guint
lh_search_tree_get_n_nodes (const LhSearchTree *tree)
{
  return tree->n_nodes;
}

guint
lh_search_tree_get_max_nodes (const LhSearchTree *tree)
{
  return tree->max_nodes;
}

gboolean
lh_search_tree_is_full (const LhSearchTree *tree)
{
  return tree->full;
}

void
lh_search_tree_set_full (LhSearchTree *tree, gboolean full)
{
  tree->full = full;
}

/* Turns the folded leaf groups into nodes, after the nodes stored whole:
 * each group's parent gets its first child, each leaf its board again (the
 * afterstate of its move from the parent's board) and the fields
 * lh_search_tree_add_move_leaves() implies.  O(leaves); the node array
 * already has room for them (finish leaves it the pool's size, and
 * steal and copy size it for n_nodes). */
static void
unfold (LhSearchTree *tree)
{
  guint32 index = tree->n_inner, w = 0;

  /* A wide recording folds nothing (lh_search_tree_begin_wide()). */
  g_assert (!tree->wide || tree->n_leaf_words == 0);

  while (w < tree->n_leaf_words)
    {
      guint32 header = tree->leaves[w++];
      guint32 parent = header & LH_SEARCH_TREE_FOLD_PARENT_MASK;
      guint legal = header >> LH_SEARCH_TREE_FOLD_LEGAL_SHIFT;
      LhSearchNode *p = &tree->nodes[parent];
      LhBoard board = p->board;
      guint ply = p->ply + 1u;

      g_assert (parent < tree->n_inner && legal != 0);
      p->first_child = index;
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (legal & (1u << m))
          {
            LhSearchNode *leaf = &tree->nodes[index];
            float value;

            g_assert (index < tree->n_nodes && w < tree->n_leaf_words);
            memcpy (&value, &tree->leaves[w++], sizeof value);
            leaf->parent = parent;
            leaf->first_child = LH_SEARCH_NODE_NONE;
            leaf->next_sibling = ++index;
            lh_search_tree_fill_member (leaf, LH_SEARCH_NODE_LEAF,
                                        lh_board_move (board, tree->geometry, (LhMove) m, NULL), ply,
                                        (int) m, -1, 0, 1.0, value, 1, 0);
          }
      tree->nodes[index - 1].next_sibling = LH_SEARCH_NODE_NONE;
    }
  g_assert (index == tree->n_nodes);
  tree->n_inner = tree->n_nodes;
  tree->n_leaf_words = 0;
  /* Not needed any more (the next recording allocates them again), but
   * while recording: the record being read is the previous one, and
   * finish takes its array as the next pool. */
  if (!tree->recording)
    {
      g_clear_pointer (&tree->leaves, g_free);
      tree->leaves_cap = 0;
    }
}

/* Unfolds @tree's leaves once, whichever thread reads it first (the
 * others wait): a record that is not being changed may be read from
 * several threads (the window's layout thread and its main thread). */
static inline void
ensure_unfolded (const LhSearchTree *tree)
{
  LhSearchTree *mutable_tree = (LhSearchTree *) tree;

  if (g_once_init_enter (&mutable_tree->unfolded))
    {
      unfold (mutable_tree);
      g_once_init_leave (&mutable_tree->unfolded, 1);
    }
}

void
lh_search_tree_unfold_once (const LhSearchTree *tree)
{
  ensure_unfolded (tree);
}

const LhSearchNode *
lh_search_tree_get_node (const LhSearchTree *tree, guint index)
{
  g_return_val_if_fail (index < tree->n_nodes, NULL);
  ensure_unfolded (tree);
  return &tree->nodes[index];
}

gboolean
lh_search_tree_is_wide (const LhSearchTree *tree)
{
  return tree->wide;
}

void
lh_search_tree_set_wide (LhSearchTree *tree, gboolean wide, LhGeometry geometry)
{
  g_return_if_fail (!tree->recording && tree->n_nodes == 0);
  g_return_if_fail (wide ? lh_wide_geometry_is_valid (geometry) : lh_geometry_is_valid (geometry));
  tree->wide = wide;
  tree->geometry = geometry;
}

LhWideBoard
lh_search_tree_get_wide_board (const LhSearchTree *tree, const LhSearchNode *node)
{
  if (tree->wide)
    return (LhWideBoard) node->board_high << 64 | node->board;
  return lh_wide_board_from_board (node->board, tree->geometry);
}

gboolean
lh_search_tree_get_spawn (const LhSearchTree *tree, const LhSearchNode *node, guint *row,
                          guint *col)
{
  guint stride = lh_geometry_cell_stride (tree->geometry);

  if (node->spawn_exponent == 0 || node->spawn_cell == 255)
    return FALSE;
  if (row != NULL)
    *row = node->spawn_cell / stride;
  if (col != NULL)
    *col = node->spawn_cell % stride;
  return TRUE;
}

guint32
lh_search_tree_add (LhSearchTree    *tree,
                    guint32          parent,
                    LhSearchNodeKind kind,
                    LhBoard          board,
                    guint            ply,
                    int              move,
                    int              spawn_cell,
                    guint            spawn_exponent,
                    double           probability)
{
  LhSearchNode *node;
  guint32 index;

  ensure_unfolded (tree);
  if (tree->n_nodes >= tree->max_nodes)
    {
      tree->full = TRUE;
      return LH_SEARCH_NODE_NONE;
    }
  g_return_val_if_fail (parent == LH_SEARCH_NODE_NONE ? tree->n_nodes == 0 : parent < tree->n_nodes,
                        LH_SEARCH_NODE_NONE);

  if (tree->n_nodes == tree->nodes_cap)
    {
      tree->nodes_cap = MIN (MAX (2 * tree->nodes_cap, 64u), MAX (tree->max_nodes, tree->nodes_cap));
      tree->nodes = g_renew (LhSearchNode, tree->nodes, tree->nodes_cap);
    }
  index = tree->n_nodes++;
  tree->n_inner = tree->n_nodes;
  node = &tree->nodes[index];
  node->parent = parent;
  node->first_child = LH_SEARCH_NODE_NONE;
  node->next_sibling = LH_SEARCH_NODE_NONE;
  lh_search_tree_fill_member (node, kind, board, ply, move, spawn_cell, spawn_exponent, probability,
                              0, 0, 0);

  if (parent != LH_SEARCH_NODE_NONE)
    {
      /* Children are appended in order; the last child is found by walking,
       * which is short (at most 2 * 16 children). */
      LhSearchNode *p = &tree->nodes[parent];
      if (p->first_child == LH_SEARCH_NODE_NONE)
        p->first_child = index;
      else
        {
          guint32 c = p->first_child;
          while (tree->nodes[c].next_sibling != LH_SEARCH_NODE_NONE)
            c = tree->nodes[c].next_sibling;
          tree->nodes[c].next_sibling = index;
        }
    }
  return index;
}

guint32
lh_search_tree_add_wide (LhSearchTree    *tree,
                         guint32          parent,
                         LhSearchNodeKind kind,
                         LhWideBoard      board,
                         guint            ply,
                         int              move,
                         int              spawn_cell,
                         guint            spawn_exponent,
                         double           probability)
{
  guint32 index;

  g_return_val_if_fail (tree->wide, LH_SEARCH_NODE_NONE);
  index = lh_search_tree_add (tree, parent, kind, (LhBoard) board, ply, move, spawn_cell,
                              spawn_exponent, probability);
  if (index != LH_SEARCH_NODE_NONE)
    tree->nodes[index].board_high = (guint64) (board >> 64);
  return index;
}

void
lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits)
{
  g_return_if_fail (!tree->recording);
  g_return_if_fail (index < tree->n_nodes);
  ensure_unfolded (tree);
  tree->nodes[index].value = (float) value;
  tree->nodes[index].visits = visits;
}

void
lh_search_tree_set_flags (LhSearchTree *tree, guint32 index, guint flags)
{
  g_return_if_fail (!tree->recording);
  g_return_if_fail (index < tree->n_nodes);
  ensure_unfolded (tree);
  tree->nodes[index].flags |= (guint8) flags;
}


/* ---- Recording ---------------------------------------------------------- */

void
lh_search_tree_begin (LhSearchTree *tree, LhGeometry geometry)
{
  g_return_if_fail (lh_geometry_is_valid (geometry));

  /* (The record's own geometry changes at finish: until then its folded
   * leaves unfold in it.) */
  tree->rec_geometry = geometry;
  tree->rec_wide = FALSE;
  /* Allocated by the first recording and kept for the next ones; g_new leaves
   * the memory untouched, so only the pages used cost anything.  The pool
   * has room for two to three times the budget (pool_capacity()), so
   * compacting it (O(pool)) happens at most once per (pool - budget) nodes
   * accepted.  finish hands the pool over as the nodes, so the nodes get
   * the pool's size. */
  if (tree->pool == NULL)
    {
      tree->pool_cap = pool_capacity (tree->max_nodes);
      tree->pool = g_new (LhSearchNode, tree->pool_cap);
      tree->pool_leaves = g_new (guint32, leaf_words_capacity (tree->pool_cap));
      tree->groups = g_new (Group, tree->pool_cap);
      tree->remap = g_new (guint32, tree->pool_cap);
      tree->order = g_new (guint32, tree->pool_cap);
      tree->bucket_nodes = g_new (guint32, N_BUCKETS);
      tree->ply_buckets = g_new (guint32, REVIEW_PLIES * REVIEW_BUCKETS);
    }
  /* (Copied only when they hold a record to keep readable.) */
  if (tree->nodes_cap < tree->pool_cap)
    {
      if (tree->n_nodes == 0)
        {
          g_free (tree->nodes);
          tree->nodes = g_new (LhSearchNode, tree->pool_cap);
        }
      else
        tree->nodes = g_renew (LhSearchNode, tree->nodes, tree->pool_cap);
      tree->nodes_cap = tree->pool_cap;
    }
  if (tree->leaves_cap < leaf_words_capacity (tree->pool_cap))
    {
      if (tree->n_leaf_words == 0)
        {
          g_free (tree->leaves);
          tree->leaves = g_new (guint32, leaf_words_capacity (tree->pool_cap));
        }
      else
        tree->leaves = g_renew (guint32, tree->leaves, leaf_words_capacity (tree->pool_cap));
      tree->leaves_cap = leaf_words_capacity (tree->pool_cap);
    }
  tree->recording = TRUE;
  /* Nothing can be refused before the pool holds the budget. */
  tree->review_at = tree->max_nodes;
  tree->n_reviewed = 0;
  memset (tree->nodes_by_ply, 0, sizeof tree->nodes_by_ply);
  tree->buckets_zeroed = 0;
  tree->pool_limit = MIN (tree->pool_cap, tree->review_at);
  tree->group_limit = MIN (LH_SEARCH_TREE_MAX_GROUP, tree->max_nodes);
  tree->pool_used = 0;
  tree->pool_leaf_used = 0;
  tree->n_accepted = 0;
  tree->n_groups = 0;
  tree->path[0] = LH_SEARCH_NODE_NONE;
  tree->max_level = 0;
  tree->cut_ply = G_MAXUINT;
  tree->cut_cprob = -1;
  tree->cut_groups = 0;
  tree->rec_full = FALSE;
}

void
lh_search_tree_begin_wide (LhSearchTree *tree, LhGeometry geometry)
{
  g_return_if_fail (lh_wide_geometry_is_valid (geometry));

  /* begin() wants a 64-bit geometry; the recording's is set after. */
  lh_search_tree_begin (tree, LH_GEOMETRY_DEFAULT);
  tree->rec_geometry = geometry;
  tree->rec_wide = TRUE;
}

/* Raises the threshold as soon as the groups in the pool show it can rise:
 * once the groups ranked above some point hold max_nodes nodes or more, no
 * group ranked below it can ever be kept (a group is dropped only for
 * better ones), so those are refused at once, and everything below them
 * unexplored, instead of being recorded and dropped at the next compaction.
 * The points are whole plies and, within a ply, quarter octaves of
 * cumulative probability (counted in ply_buckets), so the threshold stays
 * at or below the exact one, which compaction sets.  Run every review_interval() nodes,
 * from the slow path; O(groups since the last review + REVIEW_BUCKETS). */
static void
review (LhSearchTree *tree)
{
  guint total = 0, cut_ply = G_MAXUINT;
  double cut_cprob = 0;

  for (; tree->n_reviewed < tree->n_groups; tree->n_reviewed++)
    {
      const Group *group = &tree->groups[tree->n_reviewed];

      tree->nodes_by_ply[group->ply] += group->n;
      if (group->ply < REVIEW_PLIES)
        {
          for (; tree->buckets_zeroed <= group->ply; tree->buckets_zeroed++)
            memset (&tree->ply_buckets[tree->buckets_zeroed * REVIEW_BUCKETS], 0,
                    REVIEW_BUCKETS * sizeof (guint32));
          tree->ply_buckets[group->ply * REVIEW_BUCKETS + review_bucket (group->cprob)] += group->n;
        }
    }
  for (guint ply = 0; ply < 256 && ply <= tree->cut_ply; total += tree->nodes_by_ply[ply++])
    {
      if (total >= tree->max_nodes)
        {
          /* The plies above hold the budget: none of this one fits. */
          cut_ply = ply;
          cut_cprob = G_MAXDOUBLE;
          break;
        }
      if (total + tree->nodes_by_ply[ply] >= tree->max_nodes && ply < MIN (tree->buckets_zeroed, REVIEW_PLIES))
        {
          /* The cut is in this ply: the first bucket, from the most
           * probable, that brings the budget's worth; the buckets below it
           * are out. */
          for (guint k = 0; k + 1 < REVIEW_BUCKETS; k++)
            {
              total += tree->ply_buckets[ply * REVIEW_BUCKETS + k];
              if (total >= tree->max_nodes)
                {
                  cut_ply = ply;
                  cut_cprob = nextafter (review_bucket_floor (k), 0.0);
                  break;
                }
            }
          break;
        }
    }
  if (cut_ply != G_MAXUINT
      && (cut_ply < tree->cut_ply || (cut_ply == tree->cut_ply && cut_cprob > tree->cut_cprob)))
    {
      /* (The record is full once a group is refused for it.) */
      tree->cut_ply = cut_ply;
      tree->cut_cprob = cut_cprob;
      tree->cut_groups = 0;
    }
  tree->review_at = tree->n_accepted + review_interval (tree);
  tree->pool_limit = MIN (tree->pool_cap, tree->review_at);
}

void
lh_search_tree_abandon (LhSearchTree *tree)
{
  tree->recording = FALSE;
  tree->pool_limit = 0;
}

gboolean
lh_search_tree_is_recording (const LhSearchTree *tree)
{
  return tree->recording;
}

/* Sort order of the groups (indices into @user_data) at the threshold's
 * ply: cumulative probability descending, then the order of the offers,
 * which is the groups' own order (not their first member's index: folded
 * leaves and whole nodes are numbered apart). */
static int
compare_groups (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const Group *groups = user_data;
  guint32 i = *(const guint32 *) a, j = *(const guint32 *) b;

  if (groups[i].cprob != groups[j].cprob)
    return groups[i].cprob > groups[j].cprob ? -1 : 1;
  return i < j ? -1 : i > j ? 1 : 0;
}

/* Keeps the best groups of the pool that fit in @target nodes: finds the
 * best-ranked group that does not fit (the cut), makes its rank the
 * threshold, and moves the groups ranked above it to the front of the pool,
 * in order, updating the links and the per-level path.  Nothing happens
 * when everything fits. */
static void
compact (LhSearchTree *tree, guint target)
{
  LhSearchNode *pool = tree->pool;
  guint32 *leaves = tree->pool_leaves;
  Group *groups = tree->groups;
  guint32 *remap = tree->remap;
  guint nodes_by_ply[256];
  guint total = 0, ply, n_order = 0, bucket;
  guint32 cut = LH_SEARCH_NODE_NONE, dst = 0, dst_group = 0, leaf_dst = 0, leaves_kept = 0;
  double cut_cprob;

  /* The cut's ply: the first whose groups do not all fit. */
  memset (nodes_by_ply, 0, sizeof nodes_by_ply);
  for (guint32 g = 0; g < tree->n_groups; g++)
    nodes_by_ply[groups[g].ply] += groups[g].n;
  for (ply = 0; ply < 256 && total + nodes_by_ply[ply] <= target; ply++)
    total += nodes_by_ply[ply];
  if (ply == 256)
    return;

  /* Its groups from the best down; the first that does not fit is the cut.
   * A histogram of their nodes by probability bucket finds the bucket of
   * the cut in two passes; only that bucket's groups are sorted. */
  memset (tree->bucket_nodes, 0, N_BUCKETS * sizeof (guint32));
  for (guint32 g = 0; g < tree->n_groups; g++)
    if (groups[g].ply == ply)
      tree->bucket_nodes[cprob_bucket (groups[g].cprob)] += groups[g].n;
  bucket = N_BUCKETS;
  while (bucket-- > 0 && total + tree->bucket_nodes[bucket] <= target)
    total += tree->bucket_nodes[bucket];
  g_assert (bucket < N_BUCKETS);
  for (guint32 g = 0; g < tree->n_groups; g++)
    if (groups[g].ply == ply && cprob_bucket (groups[g].cprob) == bucket)
      tree->order[n_order++] = g;
  /* Collected in offer order; often already ranked (many groups of a
   * bucket share one probability), then there is nothing to sort. */
  for (guint k = 1; k < n_order; k++)
    if (groups[tree->order[k]].cprob > groups[tree->order[k - 1]].cprob)
      {
        g_qsort_with_data (tree->order, (gint) n_order, sizeof (guint32), compare_groups, groups);
        break;
      }
  for (guint k = 0; k < n_order; k++)
    {
      guint32 g = tree->order[k];

      if (total + groups[g].n > target)
        {
          cut = g;
          break;
        }
      total += groups[g].n;
    }
  g_assert (cut != LH_SEARCH_NODE_NONE);
  cut_cprob = groups[cut].cprob;
  tree->rec_full = TRUE;

  /* Keep the groups ranked above the cut.  A group ranks below its parent's,
   * so a kept group's parent is kept, and already moved (it comes first). */
  for (guint32 g = 0; g < tree->n_groups; g++)
    {
      Group group = groups[g];
      guint32 n = group.n, first = group.first;
      guint32 parent = group.folded ? leaves[first] & LH_SEARCH_TREE_FOLD_PARENT_MASK : pool[first].parent;
      /* Above this cut, and above the threshold (which a group larger
       * than the budget may have set above it). */
      gboolean keep = (group.ply < ply
                       || (group.ply == ply
                           && (group.cprob > cut_cprob || (group.cprob == cut_cprob && g < cut))))
                      && (group.ply < tree->cut_ply
                          || (group.ply == tree->cut_ply
                              && (group.cprob > tree->cut_cprob
                                  || (group.cprob == tree->cut_cprob && g < tree->cut_groups))));

      if (parent != LH_SEARCH_NODE_NONE)
        {
          parent = remap[parent];
          g_assert (!keep || parent != LH_SEARCH_NODE_NONE);
        }
      if (!keep)
        {
          /* (Folded leaves have no children to remap.) */
          if (!group.folded)
            for (guint32 k = 0; k < n; k++)
              remap[first + k] = LH_SEARCH_NODE_NONE;
          if (parent != LH_SEARCH_NODE_NONE)
            {
              pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
              pool[parent].first_child = LH_SEARCH_NODE_NONE;
            }
          continue;
        }
      if (group.folded)
        {
          /* Folded leaves move towards the front of their own array, their
           * header naming the parent's new index (their parent's
           * first_child is set when they are unfolded). */
          leaves[leaf_dst] = parent | (leaves[first] & ~LH_SEARCH_TREE_FOLD_PARENT_MASK);
          for (guint32 k = 1; k <= n; k++)   /* (at most 4: shorter than a call to memmove) */
            leaves[leaf_dst + k] = leaves[first + k];
          group.first = leaf_dst;
          groups[dst_group++] = group;
          leaf_dst += 1 + n;
          leaves_kept += n;
          continue;
        }
      if (dst == first)
        {
          /* In place (so is its parent, which comes before it): its links
           * stand, but for the first_child of members whose child group is
           * dropped or moved, which that group's turn sets. */
          for (guint32 k = 0; k < n; k++)
            remap[first + k] = first + k;
        }
      else
        {
          /* Moved towards the front, node by node (dst < first: no
           * overlap within a node), links set on the way. */
          for (guint32 k = 0; k < n; k++)
            {
              pool[dst + k] = pool[first + k];
              remap[first + k] = dst + k;
              pool[dst + k].parent = parent;
              pool[dst + k].next_sibling = dst + k + 1;
              /* Set again by its child group, if kept (it comes later). */
              pool[dst + k].first_child = LH_SEARCH_NODE_NONE;
            }
          pool[dst + n - 1].next_sibling = LH_SEARCH_NODE_NONE;
          if (parent != LH_SEARCH_NODE_NONE)
            pool[parent].first_child = dst;
        }
      group.first = dst;
      groups[dst_group++] = group;
      dst += n;
    }
  g_assert (dst + leaves_kept <= total);
  if (ply < tree->cut_ply || (ply == tree->cut_ply && cut_cprob >= tree->cut_cprob))
    {
      tree->cut_ply = ply;
      tree->cut_cprob = cut_cprob;
    }
  /* The kept groups that share the threshold's rank were offered before the
   * group that set it. */
  tree->cut_groups = dst_group;
  tree->pool_used = dst;
  tree->pool_leaf_used = leaf_dst;
  tree->n_accepted = dst + leaves_kept;
  tree->n_groups = dst_group;
  /* The review counts again from the kept groups. */
  tree->n_reviewed = 0;
  memset (tree->nodes_by_ply, 0, sizeof tree->nodes_by_ply);
  tree->buckets_zeroed = 0;
  tree->review_at = tree->n_accepted + review_interval (tree);
  if (tree->recording)
    tree->pool_limit = MIN (tree->pool_cap, tree->review_at);
  for (guint level = 0; level <= tree->max_level; level++)
    if (tree->path[level] != LH_SEARCH_NODE_NONE)
      tree->path[level] = remap[tree->path[level]];
}

/* The pool index of the parent of a group offered at @level (> 0), or NONE
 * when the record does not hold it. */
static inline guint32
parent_index (const LhSearchTree *tree, guint level, guint parent_member)
{
  guint32 group = tree->path[level - 1];

  return group == LH_SEARCH_NODE_NONE ? LH_SEARCH_NODE_NONE : group + parent_member;
}

gpointer
lh_search_tree_reserve_slow (LhSearchTree *tree,
                             guint         level,
                             guint32       parent,
                             guint         parent_member,
                             guint         ply,
                             double        cprob,
                             guint         n,
                             guint         legal)
{
  g_return_val_if_fail (tree->recording, NULL);
  g_return_val_if_fail (n >= 1 && n <= LH_SEARCH_TREE_MAX_GROUP, NULL);
  g_return_val_if_fail (level < LH_SEARCH_TREE_MAX_LEVEL, NULL);
  g_return_val_if_fail (level > 0 || (n == 1 && tree->pool_used == 0 && legal == 0), NULL);
  g_return_val_if_fail (legal < (1u << LH_N_MOVES) && (legal == 0 || (guint) __builtin_popcount (legal) == n),
                        NULL);
  g_return_val_if_fail (level <= tree->max_level + 1, NULL);

  /* The inline fast path leaves a new level to this function. */
  if (level > tree->max_level)
    {
      tree->max_level = level;
      parent = parent_index (tree, level, parent_member);
      if (parent == LH_SEARCH_NODE_NONE)
        goto refused;
    }
  if (tree->n_accepted + n > tree->review_at)
    review (tree);
  if (!lh_search_tree_above_threshold (tree, ply, cprob))
    goto refused_for_room;
  if (n > tree->max_nodes)
    {
      /* A group larger than the budget never fits: the best-ranked prefix
       * ends here, so it and every group ranked below it are out. */
      tree->cut_ply = ply;
      tree->cut_cprob = cprob;
      tree->cut_groups = tree->n_groups;
      goto refused_for_room;
    }
  if (tree->n_accepted + n > tree->pool_cap)
    {
      compact (tree, tree->max_nodes);
      /* The parent may have moved, or gone, and the threshold risen. */
      if (level > 0)
        {
          parent = parent_index (tree, level, parent_member);
          if (parent == LH_SEARCH_NODE_NONE)
            goto refused;
        }
      if (!lh_search_tree_above_threshold (tree, ply, cprob))
        goto refused_for_room;
    }

  if (legal != 0)
    return lh_search_tree_append_leaves (tree, level, parent, ply, cprob, n, legal);
  return lh_search_tree_append_group (tree, level, parent, ply, cprob, n);

refused_for_room:
  tree->rec_full = TRUE;
  if (parent != LH_SEARCH_NODE_NONE)
    tree->pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
refused:
  tree->path[level] = LH_SEARCH_NODE_NONE;
  return NULL;
}

void
lh_search_tree_finish (LhSearchTree *tree)
{
  LhSearchNode *old;
  guint32 *old_leaves;

  g_return_if_fail (tree->recording);

  tree->recording = FALSE;
  tree->pool_limit = 0;
  if (tree->n_accepted > tree->max_nodes)
    compact (tree, tree->max_nodes);

  /* The pool becomes the record; the old nodes the next pool.  The node
   * array has room for the folded leaves (n_accepted <= pool_cap). */
  g_assert (tree->nodes_cap == tree->pool_cap && tree->leaves_cap >= leaf_words_capacity (tree->pool_cap));
  old = tree->nodes;
  tree->nodes = tree->pool;
  tree->pool = old;
  old_leaves = tree->leaves;
  tree->leaves = tree->pool_leaves;
  tree->pool_leaves = old_leaves;
  tree->leaves_cap = leaf_words_capacity (tree->pool_cap);
  tree->geometry = tree->rec_geometry;
  tree->wide = tree->rec_wide;
  tree->n_nodes = tree->n_accepted;
  tree->n_inner = tree->pool_used;
  tree->n_leaf_words = tree->pool_leaf_used;
  tree->unfolded = tree->n_leaf_words == 0;
  tree->full = tree->rec_full;
}

void
lh_search_tree_set_chosen_move (LhSearchTree *tree, int move)
{
  g_return_if_fail (move >= -1 && move < LH_N_MOVES);
  tree->chosen_move = move;
}

int
lh_search_tree_get_chosen_move (const LhSearchTree *tree)
{
  return tree->chosen_move;
}
