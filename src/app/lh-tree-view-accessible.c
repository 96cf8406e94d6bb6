/* lh-tree-view-accessible.c: the search tree as assistive technologies see
 * it (see lh-tree-view-private.h).
 *
 * The view (role tree) has one child widget of role tree item for each node
 * a person walking the tree with the keys can reach next, as WAI-ARIA's
 * tree pattern describes it (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/):
 * the nodes on the path from the root to the focus node, the siblings of
 * each of them and the focus node's children.  A record holds up to
 * millions of nodes, and GTK 4.8 can only expose widgets, so the items are
 * this bounded window of the tree (at most the path's length times the
 * widest branching, 4 moves or 30 spawns a level), made again when the focus
 * node or the layout changes.  Each item carries:
 *   - its label: the node in words (lh_tree_node_describe());
 *   - its level (the root is level 1), and its place among the siblings laid
 *     out (position in set, set size);
 *   - expanded (a node with children, laid out or collapsed) and selected;
 *   - its node's box as its allocation, so a magnifier or a screen reader's
 *     review finds it where it is drawn.
 * The view's active descendant is the focus node's item.  The items are
 * never drawn nor targeted by the pointer: the view draws the tree.
 */
#include "lh-tree-view-private.h"

#include "lh-tree-describe.h"

/* The number of visible children of @index (the siblings' set size). */
static guint
n_visible_children (LhTreeView *self, guint32 index)
{
  const LhSearchTree *tree = self->shown.tree;
  guint n = 0;

  for (guint32 c = lh_search_tree_get_node (tree, index)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    n += lh_tree_view_node_visible (self, c);
  return n;
}

/* TRUE if @index is the focus node or one of its ancestors. */
static gboolean
on_focus_path (LhTreeView *self, guint32 index)
{
  const LhSearchTree *tree = self->shown.tree;

  for (guint32 n = self->focus; n != LH_SEARCH_NODE_NONE; n = lh_search_tree_get_node (tree, n)->parent)
    if (n == index)
      return TRUE;
  return FALSE;
}

static GtkWidget *
item_new (LhTreeView *self)
{
  GtkWidget *item = g_object_new (GTK_TYPE_BOX,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_TREE_ITEM,
                                  "can-target", FALSE,
                                  "focusable", FALSE,
                                  NULL);

  gtk_widget_set_parent (item, GTK_WIDGET (self));
  return item;
}

/* Gives item @slot the node @index, at @level (1 for the root), place
 * @position (1-based) of @set_size siblings. */
static void
item_set_node (LhTreeView *self, guint slot, guint32 index, int level, int position, int set_size)
{
  const LhSearchTree *tree = self->shown.tree;
  const LhSearchNode *node = lh_search_tree_get_node (tree, index);
  gboolean visits = lh_search_record_get_solver (self->shown.record) == LH_SOLVER_MCTS;
  g_autofree char *label = lh_tree_node_describe (tree, index, visits);
  GtkWidget *item;

  if (slot >= self->items->len)
    g_ptr_array_add (self->items, item_new (self));
  item = g_ptr_array_index (self->items, slot);
  g_array_index (self->item_nodes, guint32, slot) = index;

  gtk_accessible_update_property (GTK_ACCESSIBLE (item),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, level,
                                  -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (item),
                                  GTK_ACCESSIBLE_RELATION_POS_IN_SET, position,
                                  GTK_ACCESSIBLE_RELATION_SET_SIZE, set_size,
                                  -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (item),
                               GTK_ACCESSIBLE_STATE_SELECTED, index == self->selected,
                               -1);
  if (node->first_child != LH_SEARCH_NODE_NONE)
    gtk_accessible_update_state (GTK_ACCESSIBLE (item),
                                 GTK_ACCESSIBLE_STATE_EXPANDED, n_visible_children (self, index) > 0,
                                 -1);
  else
    gtk_accessible_reset_state (GTK_ACCESSIBLE (item), GTK_ACCESSIBLE_STATE_EXPANDED);
}

/* Adds the items of @index's visible children from slot *@slot on, in the
 * tree's order, going down into the child on the focus path. */
static void
add_children (LhTreeView *self, guint32 index, int level, guint *slot)
{
  const LhSearchTree *tree = self->shown.tree;
  int set_size = (int) n_visible_children (self, index), position = 0;

  for (guint32 c = lh_search_tree_get_node (tree, index)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      if (!lh_tree_view_node_visible (self, c))
        continue;
      if (*slot >= self->item_nodes->len)
        g_array_set_size (self->item_nodes, *slot + 1);
      item_set_node (self, (*slot)++, c, level, ++position, set_size);
      if (on_focus_path (self, c))
        add_children (self, c, level + 1, slot);
    }
}

void
lh_tree_view_update_accessible (LhTreeView *self)
{
  g_autofree char *text = NULL;
  guint n = 0;

  /* Screen readers hear the selected node as the view's description too
   * (its label stays the view's name, the inspector's "Search Tree"). */
  if (self->shown.tree != NULL && self->selected != LH_SEARCH_NODE_NONE)
    text = lh_tree_node_describe (self->shown.tree, self->selected,
                                  lh_search_record_get_solver (self->shown.record) == LH_SOLVER_MCTS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);

  if (self->shown.tree != NULL && self->shown.layout != NULL && lh_tree_view_node_visible (self, 0))
    {
      g_array_set_size (self->item_nodes, MAX (self->item_nodes->len, 1));
      item_set_node (self, n++, 0, 1, 1, 1);
      add_children (self, 0, 2, &n);
    }
  /* The items left over go. */
  while (self->items->len > n)
    {
      gtk_widget_unparent (g_ptr_array_index (self->items, self->items->len - 1));
      g_ptr_array_set_size (self->items, self->items->len - 1);
    }
  g_array_set_size (self->item_nodes, n);

  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT);
  for (guint i = 0; i < n; i++)
    if (g_array_index (self->item_nodes, guint32, i) == self->focus)
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                      g_ptr_array_index (self->items, i), -1);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
lh_tree_view_allocate_items (LhTreeView *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      GtkWidget *item = g_ptr_array_index (self->items, i);
      graphene_rect_t b;
      int min, nat;

      if (!lh_tree_view_get_node_bounds (self, g_array_index (self->item_nodes, guint32, i), &b))
        graphene_rect_init (&b, 0, 0, 0, 0);
      gtk_widget_measure (item, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_measure (item, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_size_allocate (item, &(GtkAllocation) { (int) b.origin.x, (int) b.origin.y,
                                                         MAX (0, (int) b.size.width),
                                                         MAX (0, (int) b.size.height) }, -1);
    }
}

void
lh_tree_view_clear_items (LhTreeView *self)
{
  if (self->items == NULL)
    return;
  for (guint i = 0; i < self->items->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->items, i));
  g_ptr_array_set_size (self->items, 0);
  g_array_set_size (self->item_nodes, 0);
}

GtkWidget *
lh_tree_view_get_node_item (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);

  for (guint i = 0; i < self->item_nodes->len; i++)
    if (g_array_index (self->item_nodes, guint32, i) == index)
      return g_ptr_array_index (self->items, i);
  return NULL;
}
