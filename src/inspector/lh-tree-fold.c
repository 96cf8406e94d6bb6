/* lh-tree-fold.c: which nodes of a record the inspector shows (see
 * lh-tree-fold.h). */
#include "lh-config.h"
#include "lh-tree-fold.h"

#include <glib/gi18n-lib.h>

#include "lh-principal-variation.h"
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
lh_tree_fold_open_line (const LhSearchTree *tree, gboolean visits, guint open_row, guint8 *collapsed)
{
  g_autoptr(GArray) line = NULL;
  g_autofree guint32 *nodes = NULL;
  guint n_nodes;

  if (lh_search_tree_get_n_nodes (tree) == 0)
    return;
  line = lh_principal_variation_for_move (tree, LH_MOVE_NONE, visits, G_MAXUINT);
  nodes = lh_principal_variation_nodes (line, 0, &n_nodes);
  lh_tree_fold_open_path (tree, nodes, n_nodes, open_row, collapsed);
}

char *
lh_tree_fold_describe_hidden (const LhSearchTree *tree, const guint8 *collapsed, const guint32 *sizes,
                              guint32 index)
{
  guint32 hidden = lh_tree_fold_n_hidden (tree, collapsed, sizes, index);
  gboolean whole = (collapsed[index] & LH_TREE_LAYOUT_COLLAPSED) != 0;
  guint moves = 0, twos = 0, fours = 0, others = 0, n_parts = 0;
  GString *text;
  char *parts[4];

  if (hidden == 0)
    return NULL;
  for (guint32 c = lh_search_tree_get_node (tree, index)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, c);

      if (!whole && !(collapsed[c] & LH_TREE_LAYOUT_ELIDED))
        continue;
      if (node->spawn_exponent == 1)
        twos++;
      else if (node->spawn_exponent == 2)
        fours++;
      else
        moves++;
    }
  /* The rest of the hidden nodes are below those children. */
  others = hidden - moves - twos - fours;

  if (moves > 0)
    parts[n_parts++] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", moves), moves);
  if (twos > 0)
    /* Translators: hidden children of a search-tree node: chance outcomes
     * where a 2 tile spawns */
    parts[n_parts++] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u spawn of a 2", "%u spawns of a 2",
                                                     twos), twos);
  if (fours > 0)
    parts[n_parts++] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u spawn of a 4", "%u spawns of a 4",
                                                     fours), fours);
  if (others > 0)
    /* Translators: the hidden nodes further down, below the hidden children */
    parts[n_parts++] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more below them",
                                                     "%u more below them", others), others);

  text = g_string_new (NULL);
  /* Translators: tooltip of a "+N" badge of the search tree: the number of
   * nodes a collapsed node hides, then what they are */
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u node below: ", "%u nodes below: ", hidden),
                          hidden);
  for (guint i = 0; i < n_parts; i++)
    {
      if (i > 0)
        /* Translators: between the parts of a list, and before its last */
        g_string_append (text, i + 1 < n_parts ? ", " : _(" and "));
      g_string_append (text, parts[i]);
      g_free (parts[i]);
    }
  g_string_append (text, "; ");
  /* Translators: how to open a collapsed search-tree node */
  g_string_append (text, _("click the ▸ mark or press Enter to open"));
  return g_string_free (text, FALSE);
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
