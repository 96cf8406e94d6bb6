/* lh-search-tree.c: the bounded arena of search nodes (see lh-search-tree.h). */
#include "lh-search-tree.h"

struct _LhSearchTree {
  LhSearchNode *nodes;
  guint         n_nodes;
  guint         max_nodes;
  gboolean      full;
  LhGeometry    geometry;
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

void
lh_search_tree_free (LhSearchTree *tree)
{
  if (tree == NULL)
    return;
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

void
lh_search_tree_set_value (LhSearchTree *tree, guint32 index, double value, guint32 visits)
{
  g_return_if_fail (index < tree->n_nodes);
  tree->nodes[index].value = (float) value;
  tree->nodes[index].visits = visits;
}

void
lh_search_tree_swap (LhSearchTree *a, LhSearchTree *b)
{
  LhSearchTree tmp;

  g_return_if_fail (a->max_nodes == b->max_nodes);
  tmp = *a;
  *a = *b;
  *b = tmp;
}
