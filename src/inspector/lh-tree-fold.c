/* lh-tree-fold.c: which nodes of a record the inspector shows (see
 * lh-tree-fold.h). */
#include "lh-tree-fold.h"

#include "lh-tree-layout.h"

guint
lh_tree_fold_opening (const LhSearchTree *tree, guint fit, guint8 *collapsed, guint32 *sizes)
{
  guint n = lh_search_tree_get_n_nodes (tree);
  g_autofree guint32 *order = g_new (guint32, n);
  g_autofree guint16 *row = g_new (guint16, n);
  g_autofree guint *frontier = NULL;
  guint n_rows = 0, head = 0, tail = 0, open_row;

  g_return_val_if_fail (n > 0, 0);

  /* Rows by a breadth-first walk from the root. */
  order[tail++] = 0;
  row[0] = 0;
  while (head < tail)
    {
      guint32 index = order[head++];
      const LhSearchNode *node = lh_search_tree_get_node (tree, index);

      n_rows = MAX (n_rows, (guint) row[index] + 1);
      for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE && tail < n;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        {
          row[c] = (guint16) MIN (row[index] + 1, G_MAXUINT16);
          order[tail++] = c;
        }
    }
  /* Subtree sizes, children before parents (reverse breadth-first order). */
  for (guint i = 0; i < tail; i++)
    sizes[order[i]] = 1;
  for (guint i = tail; i-- > 1;)
    sizes[lh_search_tree_get_node (tree, order[i])->parent] += sizes[order[i]];
  /* frontier[r]: nodes at row r plus leaves above it, the width in nodes
   * of the tree shown down to row r. */
  frontier = g_new0 (guint, n_rows + 1);
  for (guint i = 0; i < tail; i++)
    {
      guint32 index = order[i];

      frontier[row[index]]++;
      if (lh_search_tree_get_node (tree, index)->first_child == LH_SEARCH_NODE_NONE)
        for (guint r = row[index] + 1; r < n_rows; r++)
          frontier[r]++;
    }
  fit = MAX (fit, 1);
  open_row = 1;
  while (open_row + 1 < n_rows && frontier[open_row + 1] <= fit)
    open_row++;
  if (open_row + 1 >= n_rows)
    return n_rows;  /* it all fits */
  for (guint i = 0; i < tail; i++)
    if (row[order[i]] >= open_row
        && lh_search_tree_get_node (tree, order[i])->first_child != LH_SEARCH_NODE_NONE)
      collapsed[order[i]] = LH_TREE_LAYOUT_COLLAPSED;
  return open_row;
}

void
lh_tree_fold_open_path (const LhSearchTree *tree, const guint32 *path, guint path_length,
                        guint open_row, guint8 *collapsed)
{
  guint n = lh_search_tree_get_n_nodes (tree);

  /* path[i] is at row i; its children, in row i + 1, are shown. */
  for (guint i = 0; i + 1 < path_length && path[i + 1] < n
                    && lh_search_tree_get_node (tree, path[i + 1])->parent == path[i]; i++)
    {
      collapsed[path[i]] &= ~LH_TREE_LAYOUT_COLLAPSED;
      if (i < open_row)
        continue;  /* in the rows shown whole */
      for (guint32 c = lh_search_tree_get_node (tree, path[i])->first_child; c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        if (c != path[i + 1])
          collapsed[c] |= LH_TREE_LAYOUT_ELIDED;
    }
}

void
lh_tree_fold_show_children (const LhSearchTree *tree, guint8 *collapsed, guint32 index)
{
  collapsed[index] &= ~LH_TREE_LAYOUT_COLLAPSED;
  for (guint32 c = lh_search_tree_get_node (tree, index)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    collapsed[c] &= ~LH_TREE_LAYOUT_ELIDED;
}

gboolean
lh_tree_fold_expand_subtree (const LhSearchTree *tree, guint8 *collapsed, guint32 index)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  gboolean changed = FALSE;

  g_array_append_val (stack, index);
  while (stack->len > 0)
    {
      guint32 i = g_array_index (stack, guint32, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      changed |= collapsed[i] != 0;
      collapsed[i] = 0;
      for (guint32 c = lh_search_tree_get_node (tree, i)->first_child; c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        g_array_append_val (stack, c);
    }
  return changed;
}

guint32
lh_tree_fold_n_hidden (const LhSearchTree *tree, const guint8 *collapsed, const guint32 *sizes,
                       guint32 index)
{
  guint32 n = 0;

  if (collapsed[index] & LH_TREE_LAYOUT_COLLAPSED)
    return sizes[index] - 1;
  for (guint32 c = lh_search_tree_get_node (tree, index)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    if (collapsed[c] & LH_TREE_LAYOUT_ELIDED)
      n += sizes[c];
  return n;
}
