/* lh-tree-describe.c: a search-tree node in words (see lh-tree-describe.h). */
#include "lh-config.h"
#include "lh-tree-describe.h"

#include <glib/gi18n-lib.h>

#include "lh-format.h"

static const char *const move_names[LH_N_MOVES] = {
  /* Translators: a search-tree node read by a screen reader: the move that led to it */
  N_("Move up"), N_("Move down"), N_("Move left"), N_("Move right"),
};

/* What the node is: the root, a move, a spawn, or else its kind.
 * Returns: TRUE when that named its kind. */
static gboolean
append_what (GString *text, const LhSearchTree *tree, const LhSearchNode *node)
{
  guint row, col;

  if (node->parent == LH_SEARCH_NODE_NONE)
    /* Translators: the root of a search tree, read by a screen reader */
    g_string_append (text, _("Root position"));
  else if (lh_search_tree_get_spawn (tree, node, &row, &col))
    {
      char percent[32];

      g_snprintf (percent, sizeof percent, "%.3g", node->probability * 100.0);
      /* Translators: a chance outcome of a search tree, read by a screen
       * reader: the tile value, its row and column (from 1, row 1 at the
       * top) and the probability of this outcome in percent */
      g_string_append_printf (text, _("Tile %u spawns in row %u, column %u, probability %s %%"),
                              lh_tile_value (node->spawn_exponent),
                              row + 1, col + 1, percent);
    }
  else if (node->move >= 0 && node->move < LH_N_MOVES)
    g_string_append (text, _(move_names[node->move]));
  else if (node->kind == LH_SEARCH_NODE_CHANCE)
    g_string_append (text, _("Chance node"));
  else if (node->kind == LH_SEARCH_NODE_LEAF)
    g_string_append (text, _("Leaf"));
  else
    g_string_append (text, _("Player node"));
  return node->parent != LH_SEARCH_NODE_NONE && node->spawn_exponent == 0 && node->move < 0;
}

/* For a move under a player node: ", best of 4" or ", rank 2 of 4". */
static void
append_rank (GString *text, const LhSearchTree *tree, guint32 index, const LhSearchNode *node)
{
  guint n = 0, above = 0;

  if (node->parent == LH_SEARCH_NODE_NONE || node->move < 0 || node->spawn_exponent > 0)
    return;
  for (guint32 child = lh_search_tree_get_node (tree, node->parent)->first_child;
       child != LH_SEARCH_NODE_NONE;
       child = lh_search_tree_get_node (tree, child)->next_sibling)
    {
      n++;
      if (child != index && lh_search_tree_get_node (tree, child)->value > node->value)
        above++;
    }
  if (n < 2)
    return;
  g_string_append (text, ", ");
  if (above == 0)
    /* Translators: a move's rank among the moves of its position, %u their number */
    g_string_append_printf (text, _("best of %u"), n);
  else
    /* Translators: a move's rank (2, 3, ...) among the %u moves of its position */
    g_string_append_printf (text, _("rank %u of %u"), above + 1, n);
}

char *
lh_tree_node_describe (const LhSearchTree *tree, guint32 index, gboolean visits)
{
  const LhSearchNode *node;
  GString *text;
  g_autofree char *value = NULL;
  guint n_children = 0;
  gboolean said_kind;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (index < lh_search_tree_get_n_nodes (tree), NULL);

  node = lh_search_tree_get_node (tree, index);
  for (guint32 child = node->first_child; child != LH_SEARCH_NODE_NONE;
       child = lh_search_tree_get_node (tree, child)->next_sibling)
    n_children++;

  text = g_string_new (NULL);
  said_kind = append_what (text, tree, node);
  value = lh_format_compact (node->value, FALSE);
  g_string_append (text, ", ");
  if (visits)
    /* Translators: MCTS statistics of a search-tree node: its visits and the
     * mean value of its playouts (heuristic points) */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u visit, mean %s", "%u visits, mean %s",
                                               node->visits),
                            node->visits, value);
  else
    {
      /* Translators: the value of a search-tree node in heuristic points */
      g_string_append_printf (text, _("value %s"), value);
      append_rank (text, tree, index, node);
    }
  if (node->parent == LH_SEARCH_NODE_NONE && node->kind == LH_SEARCH_NODE_PLAYER && n_children > 0)
    {
      g_string_append (text, ", ");
      /* Translators: the moves searched from the root position */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n_children),
                              n_children);
    }
  g_string_append (text, ", ");
  /* Translators: player moves from the root to a search-tree node */
  g_string_append_printf (text, _("ply %u"), (guint) node->ply);
  if (node->kind == LH_SEARCH_NODE_LEAF && !said_kind)
    /* Translators: a search-tree node scored by the heuristic, not searched further */
    g_string_append_printf (text, ", %s", _("leaf"));
  if (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED)
    /* Translators: a search-tree node whose children the record had no room for */
    g_string_append_printf (text, ", %s", _("children not recorded"));
  if (node->flags & LH_SEARCH_NODE_FLAG_CACHED)
    g_string_append_printf (text, ", %s", _("value from the transposition table"));
  return g_string_free (text, FALSE);
}
