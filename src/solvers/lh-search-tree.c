/* lh-search-tree.c: the bounded arena of search nodes and the selection of
 * what a search keeps in it (see lh-search-tree.h). */
#include "lh-search-tree.h"

#include <string.h>

/* While recording, a slot (what lh_search_tree_offer() hands out) names a
 * member of a group: group * GROUP_SPAN + member.  A group's members lie
 * side by side in the pool, and the pool is compacted now and then, so the
 * slot does not say where a node lies: the group does. */
#define GROUP_BITS 6
#define GROUP_SPAN (1u << GROUP_BITS)
G_STATIC_ASSERT (LH_SEARCH_TREE_MAX_NODES < (G_MAXUINT32 >> GROUP_BITS));

/* Marks a run of the pool whose group was evicted; the low bits hold its length. */
#define RUN_DEAD 0x80000000u

/* One kept sibling group while recording.  When free, @first links the free list. */
typedef struct {
  guint64 key;        /* rank: larger is better (see make_key) */
  guint32 parent;     /* parent slot, LH_SEARCH_NODE_NONE for the root group */
  guint32 first;      /* pool index of the first member */
  guint32 n;
  guint32 unused;
} Group;

G_STATIC_ASSERT (sizeof (Group) == 24);

/* A heap entry carries its group's rank, so sifting reads the heap only. */
typedef struct {
  guint64 key;
  guint32 group;
  guint32 unused;
} HeapEntry;

G_STATIC_ASSERT (sizeof (HeapEntry) == 16);

/* One open sibling group of finish's depth-first walk. */
typedef struct {
  guint32 group;
  guint32 next;         /* next member to lay out */
  guint32 parent_pos;   /* the parent's position in the record, or NONE */
  guint32 last_pos;     /* position of member next - 1, whose subtree is being laid out */
} WalkEntry;


struct _LhSearchTree {
  LhSearchNode *nodes;
  guint         n_nodes;
  guint         max_nodes;
  gboolean      full;
  LhGeometry    geometry;
  int           chosen_move;   /* the solver's decision at the root, or -1 */

  /* Recording: the scratch pool, allocated by the first begin and kept.
   * Groups are stored in the pool in the order they were offered (a bump
   * allocator; compaction keeps the order), which is close to the
   * pre-order finish lays the kept tree out in. */
  LhSearchNode *pool;          /* pool_cap nodes */
  guint32      *runs;          /* per pool index: the group starting there (or RUN_DEAD | length) */
  guint32      *child_of;      /* per pool index: the node's kept child group, or NONE */
  WalkEntry    *walk;           /* finish's scratch: the depth-first walk's stack */
  guint32       walk_cap;
  guint32       pool_cap;
  guint32       pool_used;     /* bump pointer */
  guint32       n_live;        /* nodes in kept groups */
  Group        *groups;
  guint32       groups_used;
  guint32       groups_free;
  HeapEntry    *heap;          /* min-heap of the kept groups by key, built lazily */
  guint32       heap_len;
  gboolean      heap_built;    /* FALSE until the budget is first short of room: until then
                                * groups are only appended (no group was ever dropped, so
                                * every group in groups[0, groups_used) is kept) */
  guint32       root;          /* root slot or NONE */
  gboolean      recording;     /* between begin and finish/abandon */
  guint64       floor;         /* best rank ever evicted or refused: no group at or below it is kept */
  gboolean      rec_full;
};

G_STATIC_ASSERT (sizeof (LhSearchNode) == 40);

LhSearchTree *
lh_search_tree_new (guint max_nodes)
{
  LhSearchTree *tree;

  g_return_val_if_fail (max_nodes >= 1 && max_nodes <= LH_SEARCH_TREE_MAX_NODES, NULL);

  tree = g_new0 (LhSearchTree, 1);
  tree->nodes = g_new (LhSearchNode, max_nodes);
  tree->max_nodes = max_nodes;
  tree->geometry = LH_GEOMETRY_DEFAULT;
  tree->chosen_move = -1;
  return tree;
}

static void
free_pool (LhSearchTree *tree)
{
  g_clear_pointer (&tree->pool, g_free);
  g_clear_pointer (&tree->runs, g_free);
  g_clear_pointer (&tree->child_of, g_free);
  g_clear_pointer (&tree->walk, g_free);
  g_clear_pointer (&tree->groups, g_free);
  g_clear_pointer (&tree->heap, g_free);
}

void
lh_search_tree_free (LhSearchTree *tree)
{
  if (tree == NULL)
    return;
  free_pool (tree);
  g_free (tree->nodes);
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
  tree->n_nodes = 0;
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

const LhSearchNode *
lh_search_tree_get_node (const LhSearchTree *tree, guint index)
{
  g_return_val_if_fail (index < tree->n_nodes, NULL);
  return &tree->nodes[index];
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

  if (tree->n_nodes >= tree->max_nodes)
    {
      tree->full = TRUE;
      return LH_SEARCH_NODE_NONE;
    }
  g_return_val_if_fail (parent == LH_SEARCH_NODE_NONE ? tree->n_nodes == 0 : parent < tree->n_nodes,
                        LH_SEARCH_NODE_NONE);

  index = tree->n_nodes++;
  node = &tree->nodes[index];
  *node = (LhSearchNode) {
    .parent = parent,
    .first_child = LH_SEARCH_NODE_NONE,
    .next_sibling = LH_SEARCH_NODE_NONE,
    .visits = 0,
    .board = board,
    .value = 0,
    .probability = (float) probability,
    .kind = (guint8) kind,
    .ply = (guint8) ply,
    .move = (gint8) move,
    .spawn_cell = spawn_cell < 0 ? 255 : (guint8) spawn_cell,
    .spawn_exponent = (guint8) spawn_exponent,
    .flags = 0,
  };

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

/* The pool node of recording slot @slot. */
static inline LhSearchNode *
slot_node (LhSearchTree *tree, guint32 slot)
{
  return &tree->pool[tree->groups[slot >> GROUP_BITS].first + (slot & (GROUP_SPAN - 1))];
}

static LhSearchNode *
node_at (LhSearchTree *tree, guint32 index)
{
  if (tree->recording)
    {
      g_return_val_if_fail ((index >> GROUP_BITS) < tree->groups_used
                            && (index & (GROUP_SPAN - 1)) < tree->groups[index >> GROUP_BITS].n, NULL);
      return slot_node (tree, index);
    }
  g_return_val_if_fail (index < tree->n_nodes, NULL);
  return &tree->nodes[index];
}

void
lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits)
{
  LhSearchNode *node;

  /* The recording search's path: one call per node, kept short. */
  if (G_LIKELY (tree->recording && (index >> GROUP_BITS) < tree->groups_used
                && (index & (GROUP_SPAN - 1)) < tree->groups[index >> GROUP_BITS].n))
    node = slot_node (tree, index);
  else
    node = node_at (tree, index);

  g_return_if_fail (node != NULL);
  node->value = (float) value;
  node->visits = visits;
}

void
lh_search_tree_set_flags (LhSearchTree *tree, guint32 index, guint flags)
{
  LhSearchNode *node = node_at (tree, index);

  g_return_if_fail (node != NULL);
  node->flags |= (guint8) flags;
}

void
lh_search_tree_swap (LhSearchTree *a, LhSearchTree *b)
{
  LhSearchNode *nodes;
  guint n_nodes;
  gboolean full;
  LhGeometry geometry;
  int chosen_move;

  g_return_if_fail (a->max_nodes == b->max_nodes);
  g_return_if_fail (!a->recording && !b->recording);
  /* The nodes change hands; each record keeps its own scratch pool, so a
   * search that swaps its record out keeps its pool for the next search. */
  nodes = a->nodes; a->nodes = b->nodes; b->nodes = nodes;
  n_nodes = a->n_nodes; a->n_nodes = b->n_nodes; b->n_nodes = n_nodes;
  full = a->full; a->full = b->full; b->full = full;
  geometry = a->geometry; a->geometry = b->geometry; b->geometry = geometry;
  chosen_move = a->chosen_move; a->chosen_move = b->chosen_move; b->chosen_move = chosen_move;
}

/* ---- Recording ---------------------------------------------------------- */

/* The rank of a group, larger is better: ply ascending, then the cumulative
 * probability of its parent descending, then level ascending.  A positive
 * double's bit pattern orders like its value; 48 bits of it (exponent and 37
 * bits of mantissa) are kept, ties being broken by the level. */
static inline guint64
make_key (guint ply, guint level, double cprob)
{
  guint64 bits;

  if (!(cprob > 0))
    cprob = 0;
  if (cprob > 1)
    cprob = 1;
  memcpy (&bits, &cprob, sizeof bits);
  return ((guint64) (255 - MIN (ply, 255u)) << 56)
         | (((bits >> 14) & G_GUINT64_CONSTANT (0xffffffffffff)) << 8)
         | (guint64) (255 - MIN (level, 255u));
}

void
lh_search_tree_begin (LhSearchTree *tree, LhGeometry geometry)
{
  g_return_if_fail (lh_geometry_is_valid (geometry));

  tree->geometry = geometry;
  /* Allocated by the first recording and kept for the next ones; g_new leaves
   * the memory untouched, so only the pages used cost anything.  The pool
   * has room for twice the budget, so compacting it (O(budget)) happens at
   * most once per budget's worth of nodes offered. */
  if (tree->pool == NULL)
    {
      tree->pool_cap = 2 * tree->max_nodes + GROUP_SPAN;
      tree->pool = g_new (LhSearchNode, tree->pool_cap);
      tree->runs = g_new (guint32, tree->pool_cap);
      tree->child_of = g_new (guint32, tree->pool_cap);
      tree->walk_cap = 64;
      tree->walk = g_new (WalkEntry, tree->walk_cap);
      tree->groups = g_new (Group, tree->max_nodes);
      tree->heap = g_new (HeapEntry, tree->max_nodes);
    }
  tree->recording = TRUE;
  tree->pool_used = 0;
  tree->n_live = 0;
  tree->groups_used = 0;
  tree->groups_free = LH_SEARCH_NODE_NONE;
  tree->heap_len = 0;
  tree->heap_built = FALSE;
  tree->root = LH_SEARCH_NODE_NONE;
  tree->floor = 0;
  tree->rec_full = FALSE;
}

void
lh_search_tree_abandon (LhSearchTree *tree)
{
  tree->recording = FALSE;
}

gboolean
lh_search_tree_is_recording (const LhSearchTree *tree)
{
  return tree->recording;
}

/* Sifts @item down from @pos in the min-heap @heap of @len entries. */
static inline void
heap_sift_down (HeapEntry *heap, guint32 len, guint32 pos, HeapEntry item)
{
  for (;;)
    {
      guint32 child = 2 * pos + 1;
      if (child >= len)
        break;
      if (child + 1 < len && heap[child + 1].key < heap[child].key)
        child++;
      if (heap[child].key >= item.key)
        break;
      heap[pos] = heap[child];
      pos = child;
    }
  heap[pos] = item;
}

static void
heap_push (LhSearchTree *tree, guint64 key, guint32 group)
{
  HeapEntry *heap = tree->heap;
  guint32 pos = tree->heap_len++;

  while (pos > 0)
    {
      guint32 up = (pos - 1) / 2;
      if (heap[up].key <= key)
        break;
      heap[pos] = heap[up];
      pos = up;
    }
  heap[pos] = (HeapEntry) { .key = key, .group = group };
}

static guint32
heap_pop (LhSearchTree *tree)
{
  HeapEntry *heap = tree->heap;
  guint32 top = heap[0].group;
  HeapEntry last = heap[--tree->heap_len];

  if (tree->heap_len > 0)
    heap_sift_down (heap, tree->heap_len, 0, last);
  return top;
}

/* Builds the min-heap over every group recorded so far, the first time the
 * budget is short of room (Floyd's bottom-up heap construction, O(groups)).
 * Until then no group was dropped, so groups[0, groups_used) are all kept. */
static void
heap_build (LhSearchTree *tree)
{
  HeapEntry *heap = tree->heap;
  guint32 len = tree->groups_used;

  for (guint32 g = 0; g < len; g++)
    heap[g] = (HeapEntry) { .key = tree->groups[g].key, .group = g };
  for (guint32 start = len / 2; start-- > 0;)
    heap_sift_down (heap, len, start, heap[start]);
  tree->heap_len = len;
  tree->heap_built = TRUE;
}

/* Replaces the smallest entry with (@key, @group) and restores the heap
 * order by sifting it down.  An insertion that needs one eviction does this
 * instead of a pop and a push: the new group usually ranks just above the
 * smallest (the search offers deep, improbable groups most), so it sinks a
 * level or two where a pop would sink the last entry all the way down and a
 * push would then raise the new one nearly to the top. */
static void
heap_replace_top (LhSearchTree *tree, guint64 key, guint32 group)
{
  heap_sift_down (tree->heap, tree->heap_len, 0, (HeapEntry) { .key = key, .group = group });
}

/* Drops group @g, the smallest (already out of the heap, or about to be
 * replaced at its top): it has no kept child (every child group ranks
 * strictly below it and would have been the smallest).  Its run of the pool
 * is marked dead, to be reclaimed by the next compaction. */
static void
drop_group (LhSearchTree *tree, guint32 g)
{
  Group *group = &tree->groups[g];

  tree->runs[group->first] = RUN_DEAD | group->n;
  tree->n_live -= group->n;
  if (group->parent != LH_SEARCH_NODE_NONE)
    {
      guint32 at = tree->groups[group->parent >> GROUP_BITS].first
                   + (group->parent & (GROUP_SPAN - 1));

      tree->pool[at].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
      tree->child_of[at] = LH_SEARCH_NODE_NONE;
    }
  else
    tree->root = LH_SEARCH_NODE_NONE;
  group->first = tree->groups_free;
  tree->groups_free = g;
  tree->floor = MAX (tree->floor, group->key);
  tree->rec_full = TRUE;
}

/* Moves the kept groups' runs to the front of the pool, in order. */
static void
compact (LhSearchTree *tree)
{
  guint32 src = 0, dst = 0;

  while (src < tree->pool_used)
    {
      guint32 run = tree->runs[src];
      guint32 n;

      if (run & RUN_DEAD)
        {
          src += run & ~RUN_DEAD;
          continue;
        }
      n = tree->groups[run].n;
      if (dst != src)
        {
          memmove (&tree->pool[dst], &tree->pool[src], n * sizeof (LhSearchNode));
          memmove (&tree->child_of[dst], &tree->child_of[src], n * sizeof (guint32));
          tree->groups[run].first = dst;
          tree->runs[dst] = run;
        }
      src += n;
      dst += n;
    }
  g_assert (dst == tree->n_live);
  tree->pool_used = dst;
}

/* The refusal's bookkeeping: the record is short of room and @parent loses its children. */
static void
refuse (LhSearchTree *tree, guint32 parent, guint64 key, guint n)
{
  /* A group refused for want of room raises the floor (a group refused
   * because it is at or below the floor already is). */
  if (tree->max_nodes - tree->n_live < n)
    tree->floor = MAX (tree->floor, key);
  tree->rec_full = TRUE;
  if (parent != LH_SEARCH_NODE_NONE)
    slot_node (tree, parent)->flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
}

/* The one comparison that decides whether a group of @n with rank @key can
 * be kept: above the floor, and room either free or held by smaller groups. */
static inline gboolean
may_keep (LhSearchTree *tree, guint64 key, guint n)
{
  if (!(key > tree->floor && n <= tree->max_nodes))
    return FALSE;
  if (G_LIKELY (tree->max_nodes - tree->n_live >= n))
    return TRUE;
  if (G_UNLIKELY (!tree->heap_built))
    heap_build (tree);
  return tree->heap_len > 0 && tree->heap[0].key < key;
}

gboolean
lh_search_tree_would_keep (LhSearchTree *tree,
                           guint32       parent,
                           guint         ply,
                           guint         level,
                           double        cprob,
                           guint         n)
{
  guint64 key = make_key (ply, level, cprob);

  g_return_val_if_fail (tree->recording, FALSE);
  if (may_keep (tree, key, n))
    return TRUE;
  refuse (tree, parent, key, n);
  return FALSE;
}

LhSearchNode *
lh_search_tree_reserve (LhSearchTree *tree,
                        guint32       parent,
                        guint         ply,
                        guint         level,
                        double        cprob,
                        guint         n,
                        guint32      *first_slot)
{
  guint64 key = make_key (ply, level, cprob);
  gboolean replace_top = FALSE;
  guint32 g;
  Group *group;

  g_return_val_if_fail (tree->recording, NULL);
  g_return_val_if_fail (n >= 1 && n <= LH_SEARCH_TREE_MAX_GROUP, NULL);
  g_return_val_if_fail (parent == LH_SEARCH_NODE_NONE
                        || (parent >> GROUP_BITS) < tree->groups_used, NULL);

  /* Refused before anything is touched: at or below a group already
   * dropped (so every kept group ranks above every dropped one), or no
   * room and nothing smaller to evict. */
  if (G_UNLIKELY (!may_keep (tree, key, n)))
    {
      refuse (tree, parent, key, n);
      return NULL;
    }
  /* Make room by evicting groups that rank below this one (may_keep saw
   * that the smallest does; every eviction raises the smallest). */
  while (tree->max_nodes - tree->n_live < n)
    {
      guint32 smallest;

      if (tree->heap_len == 0 || tree->heap[0].key >= key)
        {
          refuse (tree, parent, key, n);
          return NULL;
        }
      smallest = tree->heap[0].group;
      if (tree->max_nodes - tree->n_live + tree->groups[smallest].n >= n)
        {
          /* The last eviction: the new group takes its heap entry. */
          drop_group (tree, smallest);
          replace_top = TRUE;
          break;
        }
      heap_pop (tree);
      drop_group (tree, smallest);
    }
  if (G_UNLIKELY (tree->pool_used + n > tree->pool_cap))
    compact (tree);

  if (tree->groups_free != LH_SEARCH_NODE_NONE)
    {
      g = tree->groups_free;
      tree->groups_free = tree->groups[g].first;
    }
  else
    g = tree->groups_used++;
  group = &tree->groups[g];
  group->key = key;
  group->parent = parent;
  group->first = tree->pool_used;
  group->n = n;
  tree->runs[tree->pool_used] = g;
  memset (&tree->child_of[tree->pool_used], 0xff, n * sizeof (guint32));
  if (parent != LH_SEARCH_NODE_NONE)
    tree->child_of[tree->groups[parent >> GROUP_BITS].first + (parent & (GROUP_SPAN - 1))] = g;
  tree->pool_used += n;
  tree->n_live += n;
  if (replace_top)
    heap_replace_top (tree, key, g);
  else if (tree->heap_built)
    heap_push (tree, key, g);

  *first_slot = g << GROUP_BITS;
  if (parent == LH_SEARCH_NODE_NONE)
    tree->root = *first_slot;
  return &tree->pool[group->first];
}

gboolean
lh_search_tree_offer (LhSearchTree       *tree,
                      guint32             parent,
                      guint               ply,
                      guint               level,
                      double              cprob,
                      const LhSearchNode *members,
                      guint               n,
                      guint32            *slots)
{
  LhSearchNode *dest;
  guint32 first;

  g_return_val_if_fail (n >= 1, FALSE);
  dest = lh_search_tree_reserve (tree, parent, ply, level, cprob, n, &first);
  if (dest == NULL)
    return FALSE;
  memcpy (dest, members, n * sizeof *members);
  for (guint i = 0; i < n; i++)
    slots[i] = first + i;
  return TRUE;
}

void
lh_search_tree_finish (LhSearchTree *tree)
{
  const guint32 *child_of = tree->child_of;
  guint32 pos = 0, depth = 0;

  g_return_if_fail (tree->recording);

  tree->recording = FALSE;
  tree->n_nodes = 0;
  tree->full = tree->rec_full;
  if (tree->root == LH_SEARCH_NODE_NONE)
    return;

  /* A depth-first walk from the root group writes the record in pre-order,
   * sequentially: a node's first child follows it, a childless node's next
   * sibling follows it, and a parent's next sibling is set when the walk
   * comes back from its subtree. */
  tree->walk[0] = (WalkEntry) { tree->root >> GROUP_BITS, 0, LH_SEARCH_NODE_NONE };
  depth = 1;
  while (depth > 0)
    {
      WalkEntry *top = &tree->walk[depth - 1];
      const Group *group = &tree->groups[top->group];
      const LhSearchNode *pool = &tree->pool[group->first];
      const guint32 *children = &child_of[group->first];
      guint32 n = group->n, parent_pos = top->parent_pos, i = top->next;

      /* Back from member i - 1's subtree: its next sibling comes now. */
      if (i > 0 && i < n)
        tree->nodes[top->last_pos].next_sibling = pos;
      for (; i < n; i++)
        {
          LhSearchNode *dst = &tree->nodes[pos];
          guint32 child = children[i];

          memcpy (dst, &pool[i], sizeof *dst);
          dst->parent = parent_pos;
          if (child == LH_SEARCH_NODE_NONE)
            {
              dst->first_child = LH_SEARCH_NODE_NONE;
              dst->next_sibling = i + 1 < n ? pos + 1 : LH_SEARCH_NODE_NONE;
              pos++;
              continue;
            }
          dst->first_child = pos + 1;
          dst->next_sibling = LH_SEARCH_NODE_NONE;   /* set on the way back */
          top->next = i + 1;
          top->last_pos = pos;
          if (G_UNLIKELY (depth == tree->walk_cap))
            {
              tree->walk_cap *= 2;
              tree->walk = g_renew (WalkEntry, tree->walk, tree->walk_cap);
            }
          tree->walk[depth++] = (WalkEntry) { child, 0, pos };
          pos++;
          break;
        }
      if (i == n)
        depth--;
    }
  g_assert (pos == tree->n_live);
  tree->n_nodes = pos;
}

LhSearchTree *
lh_search_tree_copy (const LhSearchTree *tree)
{
  LhSearchTree *copy;

  g_return_val_if_fail (!tree->recording, NULL);
  copy = lh_search_tree_new (tree->max_nodes);
  memcpy (copy->nodes, tree->nodes, tree->n_nodes * sizeof (LhSearchNode));
  copy->n_nodes = tree->n_nodes;
  copy->full = tree->full;
  copy->geometry = tree->geometry;
  copy->chosen_move = tree->chosen_move;
  return copy;
}

void
lh_search_tree_copy_into (LhSearchTree *dest, const LhSearchTree *src)
{
  guint32 *map;
  guint8 *level;
  double *cprob;
  LhSearchNode members[64];
  guint32 slots[64];

  g_return_if_fail (!src->recording);
  g_return_if_fail (dest != src);

  if (src->n_nodes <= dest->max_nodes)
    {
      dest->recording = FALSE;
      memcpy (dest->nodes, src->nodes, src->n_nodes * sizeof (LhSearchNode));
      dest->n_nodes = src->n_nodes;
      dest->full = src->full;
      dest->geometry = src->geometry;
      dest->chosen_move = src->chosen_move;
      return;
    }

  /* Replay the record through the selection.  Index order is a pre-order,
   * the order in which a search offers its groups. */
  lh_search_tree_begin (dest, src->geometry);
  map = g_new (guint32, src->n_nodes);
  level = g_new (guint8, src->n_nodes);
  cprob = g_new (double, src->n_nodes);
  map[0] = LH_SEARCH_NODE_NONE;
  level[0] = 0;
  cprob[0] = 1.0;
  members[0] = src->nodes[0];
  if (lh_search_tree_offer (dest, LH_SEARCH_NODE_NONE, 0, 0, 1.0, members, 1, slots))
    map[0] = slots[0];
  for (guint32 i = 0; i < src->n_nodes; i++)
    {
      const LhSearchNode *node = &src->nodes[i];
      guint n = 0;

      for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = src->nodes[c].next_sibling)
        {
          map[c] = LH_SEARCH_NODE_NONE;
          level[c] = (guint8) MIN (level[i] + 1, 255);
          cprob[c] = cprob[i] * src->nodes[c].probability;
          if (n < G_N_ELEMENTS (members))
            members[n++] = src->nodes[c];
        }
      if (n == 0 || map[i] == LH_SEARCH_NODE_NONE)
        continue;
      if (lh_search_tree_offer (dest, map[i], members[0].ply, level[i] + 1u, cprob[i], members, n,
                                slots))
        {
          guint k = 0;
          for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE && k < n;
               c = src->nodes[c].next_sibling)
            map[c] = slots[k++];
        }
    }
  g_free (map);
  g_free (level);
  g_free (cprob);
  lh_search_tree_finish (dest);
  dest->full = TRUE;
  dest->chosen_move = src->chosen_move;
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
