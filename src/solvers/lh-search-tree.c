/* lh-search-tree.c: the bounded arena of search nodes and the selection of
 * what a search keeps in it (see lh-search-tree.h). */
#include "lh-search-tree.h"

#include <string.h>

/* One kept sibling group while recording.  When free, @first links the free list. */
typedef struct {
  guint64 key;        /* rank: larger is better (see make_key) */
  guint32 parent;     /* parent slot, LH_SEARCH_NODE_NONE for the root group */
  guint32 first;      /* first member slot; members linked by next_sibling */
  guint32 heap_pos;
  guint32 n;
} Group;

G_STATIC_ASSERT (sizeof (Group) == 24);

struct _LhSearchTree {
  LhSearchNode *nodes;
  guint         n_nodes;
  guint         max_nodes;
  gboolean      full;
  LhGeometry    geometry;

  /* Recording (NULL pool when not recording). */
  LhSearchNode *pool;          /* slots; a free slot's next_sibling links the free list */
  guint32       pool_used;     /* slots ever handed out (bump allocator) */
  guint32       pool_free;     /* head of the free-slot list */
  guint32       n_live;        /* slots in kept groups */
  Group        *groups;
  guint32       groups_used;
  guint32       groups_free;
  guint32      *heap;          /* min-heap of group indices by key */
  guint32       heap_len;
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
  return tree;
}

static void
free_pool (LhSearchTree *tree)
{
  g_clear_pointer (&tree->pool, g_free);
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

static LhSearchNode *
node_at (LhSearchTree *tree, guint32 index)
{
  if (tree->recording)
    {
      g_return_val_if_fail (index < tree->pool_used, NULL);
      return &tree->pool[index];
    }
  g_return_val_if_fail (index < tree->n_nodes, NULL);
  return &tree->nodes[index];
}

void
lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits)
{
  LhSearchNode *node = node_at (tree, index);

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

  g_return_if_fail (a->max_nodes == b->max_nodes);
  g_return_if_fail (!a->recording && !b->recording);
  /* The nodes change hands; each record keeps its own scratch pool, so a
   * search that swaps its record out keeps its pool for the next search. */
  nodes = a->nodes; a->nodes = b->nodes; b->nodes = nodes;
  n_nodes = a->n_nodes; a->n_nodes = b->n_nodes; b->n_nodes = n_nodes;
  full = a->full; a->full = b->full; b->full = full;
  geometry = a->geometry; a->geometry = b->geometry; b->geometry = geometry;
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
   * the memory untouched, so only the pages used cost anything. */
  if (tree->pool == NULL)
    {
      tree->pool = g_new (LhSearchNode, tree->max_nodes);
      tree->groups = g_new (Group, tree->max_nodes);
      tree->heap = g_new (guint32, tree->max_nodes);
    }
  tree->recording = TRUE;
  tree->pool_used = 0;
  tree->pool_free = LH_SEARCH_NODE_NONE;
  tree->n_live = 0;
  tree->groups_used = 0;
  tree->groups_free = LH_SEARCH_NODE_NONE;
  tree->heap_len = 0;
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

static inline gboolean
heap_less (const LhSearchTree *tree, guint32 a, guint32 b)
{
  return tree->groups[a].key < tree->groups[b].key;
}

static void
heap_set (LhSearchTree *tree, guint32 pos, guint32 group)
{
  tree->heap[pos] = group;
  tree->groups[group].heap_pos = pos;
}

static void
heap_push (LhSearchTree *tree, guint32 group)
{
  guint32 pos = tree->heap_len++;

  while (pos > 0)
    {
      guint32 up = (pos - 1) / 2;
      if (!heap_less (tree, group, tree->heap[up]))
        break;
      heap_set (tree, pos, tree->heap[up]);
      pos = up;
    }
  heap_set (tree, pos, group);
}

static guint32
heap_pop (LhSearchTree *tree)
{
  guint32 top = tree->heap[0];
  guint32 last = tree->heap[--tree->heap_len];
  guint32 pos = 0;

  if (tree->heap_len == 0)
    return top;
  for (;;)
    {
      guint32 child = 2 * pos + 1;
      if (child >= tree->heap_len)
        break;
      if (child + 1 < tree->heap_len && heap_less (tree, tree->heap[child + 1], tree->heap[child]))
        child++;
      if (!heap_less (tree, tree->heap[child], last))
        break;
      heap_set (tree, pos, tree->heap[child]);
      pos = child;
    }
  heap_set (tree, pos, last);
  return top;
}

/* Drops the smallest group: it has no kept child (every child group ranks
 * strictly below it and would have been the smallest). */
static void
evict_min (LhSearchTree *tree)
{
  guint32 g = heap_pop (tree);
  Group *group = &tree->groups[g];
  guint32 slot = group->first;

  while (slot != LH_SEARCH_NODE_NONE)
    {
      guint32 next = tree->pool[slot].next_sibling;
      g_assert (tree->pool[slot].first_child == LH_SEARCH_NODE_NONE);
      tree->pool[slot].next_sibling = tree->pool_free;
      tree->pool_free = slot;
      tree->n_live--;
      slot = next;
    }
  if (group->parent != LH_SEARCH_NODE_NONE)
    {
      tree->pool[group->parent].first_child = LH_SEARCH_NODE_NONE;
      tree->pool[group->parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
    }
  else
    tree->root = LH_SEARCH_NODE_NONE;
  group->first = tree->groups_free;
  tree->groups_free = g;
  tree->floor = MAX (tree->floor, group->key);
  tree->rec_full = TRUE;
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
  if (key > tree->floor && n <= tree->max_nodes
      && (tree->max_nodes - tree->n_live >= n
          || (tree->heap_len > 0 && tree->groups[tree->heap[0]].key < key)))
    return TRUE;
  /* Refused: the same bookkeeping as lh_search_tree_offer(). */
  if (!(tree->max_nodes - tree->n_live >= n))
    tree->floor = MAX (tree->floor, key);
  tree->rec_full = TRUE;
  if (parent != LH_SEARCH_NODE_NONE)
    tree->pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
  return FALSE;
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
  guint64 key = make_key (ply, level, cprob);
  guint32 g, prev = LH_SEARCH_NODE_NONE;

  g_return_val_if_fail (tree->recording, FALSE);
  g_return_val_if_fail (n >= 1, FALSE);
  g_return_val_if_fail (parent == LH_SEARCH_NODE_NONE || parent < tree->pool_used, FALSE);

  /* Make room by evicting groups that rank below this one.  A group ranked
   * at or below one already dropped is refused even if there is room, so
   * every kept group ranks above every dropped one. */
  if (key <= tree->floor)
    goto refuse;
  while (tree->max_nodes - tree->n_live < n)
    {
      if (tree->heap_len == 0 || tree->groups[tree->heap[0]].key >= key || n > tree->max_nodes)
        {
          tree->floor = MAX (tree->floor, key);
          goto refuse;
        }
      evict_min (tree);
    }

  if (tree->groups_free != LH_SEARCH_NODE_NONE)
    {
      g = tree->groups_free;
      tree->groups_free = tree->groups[g].first;
    }
  else
    g = tree->groups_used++;

  for (guint i = 0; i < n; i++)
    {
      guint32 slot;
      LhSearchNode *node;

      if (tree->pool_free != LH_SEARCH_NODE_NONE)
        {
          slot = tree->pool_free;
          tree->pool_free = tree->pool[slot].next_sibling;
        }
      else
        slot = tree->pool_used++;
      node = &tree->pool[slot];
      *node = members[i];
      node->parent = parent;
      node->first_child = LH_SEARCH_NODE_NONE;
      node->next_sibling = LH_SEARCH_NODE_NONE;
      if (prev == LH_SEARCH_NODE_NONE)
        tree->groups[g].first = slot;
      else
        tree->pool[prev].next_sibling = slot;
      prev = slot;
      slots[i] = slot;
    }
  tree->n_live += n;
  tree->groups[g].key = key;
  tree->groups[g].parent = parent;
  tree->groups[g].n = n;
  heap_push (tree, g);

  if (parent == LH_SEARCH_NODE_NONE)
    tree->root = tree->groups[g].first;
  else
    {
      /* A node's children are offered once; a second offer replaces them only
       * after an eviction cleared them. */
      g_warn_if_fail (tree->pool[parent].first_child == LH_SEARCH_NODE_NONE);
      tree->pool[parent].first_child = tree->groups[g].first;
    }
  return TRUE;

refuse:
  tree->rec_full = TRUE;
  if (parent != LH_SEARCH_NODE_NONE)
    tree->pool[parent].flags |= LH_SEARCH_NODE_FLAG_TRUNCATED;
  return FALSE;
}

void
lh_search_tree_finish (LhSearchTree *tree)
{
  guint32 *stack, *last;
  guint32 sp = 0, n = 0;

  g_return_if_fail (tree->recording);

  tree->recording = FALSE;
  tree->n_nodes = 0;
  tree->full = tree->rec_full;
  if (tree->root == LH_SEARCH_NODE_NONE)
    return;

  /* Pre-order copy.  The stack holds pool slots still to copy, each with its
   * new parent index in the slot's (no longer needed) parent field. */
  stack = g_new (guint32, tree->n_live + 1);
  last = g_new (guint32, tree->n_live);
  tree->pool[tree->root].parent = LH_SEARCH_NODE_NONE;
  stack[sp++] = tree->root;
  while (sp > 0)
    {
      guint32 slot = stack[--sp];
      LhSearchNode *src = &tree->pool[slot];
      LhSearchNode *dst = &tree->nodes[n];
      guint32 index = n++;
      guint32 child, count = 0;

      *dst = *src;
      dst->first_child = LH_SEARCH_NODE_NONE;
      dst->next_sibling = LH_SEARCH_NODE_NONE;
      last[index] = LH_SEARCH_NODE_NONE;
      if (dst->parent != LH_SEARCH_NODE_NONE)
        {
          /* Siblings come out in order, each after the previous one's
           * subtree: link from the parent's last child so far. */
          LhSearchNode *p = &tree->nodes[dst->parent];
          if (p->first_child == LH_SEARCH_NODE_NONE)
            p->first_child = index;
          else
            tree->nodes[last[dst->parent]].next_sibling = index;
          last[dst->parent] = index;
        }
      /* Push the children in reverse so the first is copied first. */
      for (child = src->first_child; child != LH_SEARCH_NODE_NONE;
           child = tree->pool[child].next_sibling)
        count++;
      sp += count;
      {
        guint32 k = sp;
        for (child = src->first_child; child != LH_SEARCH_NODE_NONE;
             child = tree->pool[child].next_sibling)
          {
            tree->pool[child].parent = index;
            stack[--k] = child;
          }
      }
    }
  g_free (stack);
  g_free (last);
  g_assert (n == tree->n_live);
  tree->n_nodes = n;
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
}
