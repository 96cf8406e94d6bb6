/* lh-search-tree-copy.c: records copied, handed over and exchanged (see
 * lh-search-tree.h): lh_search_tree_copy(), _steal(), _copy_into() and
 * _swap(). */
#include "lh-search-tree-recording.h"
#include "lh-search-tree-private.h"

#include <string.h>

#define SWAP(type, field) G_STMT_START { type t_ = a->field; a->field = b->field; b->field = t_; } G_STMT_END

void
lh_search_tree_swap (LhSearchTree *a, LhSearchTree *b)
{
  g_return_if_fail (a->max_nodes == b->max_nodes);
  g_return_if_fail (!a->recording && !b->recording);
  /* The nodes change hands, folded or not; each record keeps its own
   * scratch pool, so a search that swaps its record out keeps its pool for
   * the next search. */
  SWAP (LhSearchNode *, nodes);
  SWAP (guint, nodes_cap);
  SWAP (guint, n_nodes);
  SWAP (guint, n_inner);
  SWAP (guint32 *, leaves);
  SWAP (guint32, n_leaf_words);
  SWAP (guint32, leaves_cap);
  SWAP (gsize, unfolded);
  SWAP (gboolean, full);
  SWAP (LhGeometry, geometry);
  SWAP (gboolean, wide);
  SWAP (int, chosen_move);
}

#undef SWAP

LhSearchTree *
lh_search_tree_copy (const LhSearchTree *tree)
{
  LhSearchTree *copy;

  g_return_val_if_fail (!tree->recording, NULL);
  lh_search_tree_unfold_once (tree);
  /* Room for the nodes only (lh_search_tree_add and begin grow it): a
   * trace's steps are copies, mostly far smaller than their budget. */
  copy = lh_search_tree_alloc (tree->max_nodes, g_new (LhSearchNode, MAX (tree->n_nodes, 1)), tree->n_nodes,
                     MAX (tree->n_nodes, 1));
  memcpy (copy->nodes, tree->nodes, tree->n_nodes * sizeof (LhSearchNode));
  copy->full = tree->full;
  copy->geometry = tree->geometry;
  copy->wide = tree->wide;
  copy->chosen_move = tree->chosen_move;
  return copy;
}

/* Records up to this size (nodes stored whole and folded leaves) are
 * copied out by lh_search_tree_steal() rather than handed over: a copy of
 * a few kilobytes costs less than the new pool-sized arrays the next
 * recording would then allocate (bench-record, the trace at depth 2: +20 %
 * with every record handed over, +16 % with this), while handing over a
 * depth-3 record (60 KB) beats copying it (+19 % against +22 %). */
#define STEAL_COPY_BYTES (16 * 1024)

LhSearchTree *
lh_search_tree_steal (LhSearchTree *tree)
{
  LhSearchTree *stolen;

  g_return_val_if_fail (!tree->recording, NULL);
  if (tree->n_inner * sizeof (LhSearchNode) + tree->n_leaf_words * sizeof (guint32) <= STEAL_COPY_BYTES)
    {
      /* A small record is copied (into arrays of its size, the node array
       * with room to unfold the folded leaves), and @tree keeps its arrays
       * for its next recording, which then needs no new ones. */
      stolen = lh_search_tree_alloc (tree->max_nodes, g_new (LhSearchNode, MAX (tree->n_nodes, 1)), tree->n_nodes,
                           MAX (tree->n_nodes, 1));
      memcpy (stolen->nodes, tree->nodes, tree->n_inner * sizeof (LhSearchNode));
      stolen->leaves = g_memdup2 (tree->leaves, tree->n_leaf_words * sizeof (guint32));
    }
  else
    {
      /* A larger one's arrays change hands, shrunk to what they hold (the
       * node array with room to unfold the folded leaves). */
      stolen = lh_search_tree_alloc (tree->max_nodes, g_renew (LhSearchNode, tree->nodes, MAX (tree->n_nodes, 1)),
                           tree->n_nodes, MAX (tree->n_nodes, 1));
      if (tree->n_leaf_words > 0)
        stolen->leaves = g_renew (guint32, tree->leaves, tree->n_leaf_words);
      else
        g_free (tree->leaves);
      tree->nodes = NULL;
      tree->nodes_cap = 0;
      tree->leaves = NULL;
      tree->leaves_cap = 0;
    }
  /* Folded leaves stay folded. */
  stolen->n_inner = tree->n_inner;
  stolen->n_leaf_words = tree->n_leaf_words;
  stolen->leaves_cap = tree->n_leaf_words;
  stolen->unfolded = tree->unfolded;
  stolen->full = tree->full;
  stolen->geometry = tree->geometry;
  stolen->wide = tree->wide;
  stolen->chosen_move = tree->chosen_move;
  lh_search_tree_clear (tree);
  return stolen;
}

/* Copies every field of @from into @to, a reserved node, but its links. */
static void
copy_member (LhSearchNode *to, const LhSearchNode *from)
{
  lh_search_tree_fill_member (to, from->kind, from->board, from->ply, from->move,
                              from->spawn_cell == 255 ? -1 : from->spawn_cell,
                              from->spawn_exponent, from->probability, from->value, from->visits,
                              from->flags);
  to->board_high = from->board_high;
}

/* Offers the children of @src's node @index (at tree @level, member
 * @member of its group, reached with probability @cprob) to @dest as one
 * group, then their own children, depth-first: the order of a search. */
static void
replay (LhSearchTree *dest, const LhSearchTree *src, guint32 index, guint level, guint member,
        double cprob)
{
  const LhSearchNode *node = &src->nodes[index];
  LhSearchNode *members;
  guint n = 0, k = 0;

  for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = src->nodes[c].next_sibling)
    n++;
  if (n == 0 || n > LH_SEARCH_TREE_MAX_GROUP || level + 1 >= LH_SEARCH_TREE_MAX_LEVEL)
    return;
  members = lh_search_tree_reserve (dest, level + 1, member, src->nodes[node->first_child].ply,
                                    cprob, n);
  if (members == NULL)
    return;
  for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = src->nodes[c].next_sibling)
    copy_member (&members[k++], &src->nodes[c]);
  k = 0;
  for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = src->nodes[c].next_sibling)
    replay (dest, src, c, level + 1, k++, cprob * src->nodes[c].probability);
}

void
lh_search_tree_copy_into (LhSearchTree *dest, const LhSearchTree *src)
{
  LhSearchNode *root;

  g_return_if_fail (!src->recording);
  g_return_if_fail (dest != src);
  lh_search_tree_unfold_once (src);

  if (src->n_nodes <= dest->max_nodes)
    {
      dest->recording = FALSE;
      dest->pool_limit = 0;
      if (dest->nodes_cap < src->n_nodes)
        {
          dest->nodes = g_renew (LhSearchNode, dest->nodes, src->n_nodes);
          dest->nodes_cap = src->n_nodes;
        }
      memcpy (dest->nodes, src->nodes, src->n_nodes * sizeof (LhSearchNode));
      dest->n_nodes = src->n_nodes;
      dest->n_inner = src->n_nodes;
      dest->n_leaf_words = 0;
      dest->unfolded = 1;
      dest->full = src->full;
      dest->geometry = src->geometry;
      dest->wide = src->wide;
      dest->chosen_move = src->chosen_move;
      return;
    }

  if (src->wide)
    lh_search_tree_begin_wide (dest, src->geometry);
  else
    lh_search_tree_begin (dest, src->geometry);
  root = lh_search_tree_reserve (dest, 0, 0, 0, 1.0, 1);
  copy_member (root, &src->nodes[0]);
  replay (dest, src, 0, 0, 0, 1.0);
  lh_search_tree_finish (dest);
  dest->full = TRUE;
  dest->chosen_move = src->chosen_move;
}
