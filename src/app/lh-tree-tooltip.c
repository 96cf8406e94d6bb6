/* lh-tree-tooltip.c: the tooltip of a search-tree node (see lh-tree-tooltip.h). */
#include "lh-config.h"
#include "lh-tree-tooltip.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-mini-board.h"
#include "lh-exact-cache.h"
#include "lh-exact-format.h"

char *
lh_tree_tooltip_exact_text (const LhSearchTree *tree, guint32 index, const LhExactRules *rules)
{
  const LhSearchNode *node;
  g_autoptr(LhExactSolution) solution = NULL;
  g_autofree char *value_text = NULL;
  gboolean afterstate;
  double value;
  gboolean found;

  g_return_val_if_fail (tree != NULL && index < lh_search_tree_get_n_nodes (tree), NULL);

  /* The exact solver's boards are 64-bit ones (9 cells at most). */
  if (rules == NULL || lh_search_tree_is_wide (tree))
    return NULL;
  node = lh_search_tree_get_node (tree, index);
  solution = lh_exact_cache_lookup (lh_search_tree_get_geometry (tree), rules);
  if (solution == NULL)
    return NULL;
  afterstate = node->kind == LH_SEARCH_NODE_CHANCE
               || (node->kind == LH_SEARCH_NODE_LEAF && node->parent != LH_SEARCH_NODE_NONE
                   && lh_search_tree_get_node (tree, node->parent)->kind == LH_SEARCH_NODE_PLAYER);
  found = afterstate ? lh_exact_solution_afterstate_value (solution, node->board, &value)
                     : lh_exact_solution_position_value (solution, node->board, &value);
  if (!found)
    return NULL;
  value_text = lh_exact_format_value (rules, value);
  /* Translators: tooltip of a search-tree node: its value under perfect play;
   * %s "1,234.5 points" or "12.3 % chance of 1024" */
  return g_strdup_printf (_("Exact: %s"), value_text);
}

static const char *
kind_name (guint kind)
{
  switch (kind)
    {
    case LH_SEARCH_NODE_PLAYER: return _("Player node");
    case LH_SEARCH_NODE_CHANCE: return _("Chance node (afterstate)");
    case LH_SEARCH_NODE_LEAF: return _("Leaf");
    default: return "";
    }
}

void
lh_tree_tooltip_fill (GtkTooltip            *tooltip,
                      const LhSearchTree    *tree,
                      guint32                index,
                      const graphene_rect_t *area,
                      const LhExactRules    *exact_rules)
{
  const LhSearchNode *node;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *value = NULL;
  g_autofree char *exact = NULL;
  GtkWidget *box, *board, *label;

  g_return_if_fail (GTK_IS_TOOLTIP (tooltip));
  g_return_if_fail (tree != NULL && index < lh_search_tree_get_n_nodes (tree));
  g_return_if_fail (area != NULL);

  node = lh_search_tree_get_node (tree, index);
  g_string_append_printf (text, "<b>%s</b>\n", kind_name (node->kind));
  value = g_strdup_printf ("%'.1f", node->value);
  /* Translators: tooltip of a search-tree node; %s a value in heuristic points */
  g_string_append_printf (text, _("Value: %s"), value);
  g_string_append_c (text, '\n');
  exact = lh_tree_tooltip_exact_text (tree, index, exact_rules);
  if (exact != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (exact, -1);

      g_string_append (text, escaped);
      g_string_append_c (text, '\n');
    }
  /* Translators: tooltip: the probability of the edge into the node, in percent */
  g_string_append_printf (text, _("Probability: %.3g %%"), node->probability * 100.0);
  g_string_append_c (text, '\n');
  /* Translators: tooltip: player moves from the root to the node */
  g_string_append_printf (text, _("Depth: %u (ply)"), (guint) node->ply);
  g_string_append_c (text, '\n');
  /* Translators: tooltip: MCTS visits of the node (1 for expectimax) */
  g_string_append_printf (text, _("Visits: %u"), node->visits);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  board = lh_mini_board_new (22);
  lh_mini_board_set_wide_board (LH_MINI_BOARD (board), lh_search_tree_get_wide_board (tree, node),
                                lh_search_tree_get_geometry (tree));
  gtk_widget_set_valign (board, GTK_ALIGN_CENTER);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), text->str);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), board);
  gtk_box_append (GTK_BOX (box), label);
  gtk_tooltip_set_custom (tooltip, box);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) area->origin.x, (int) area->origin.y,
                                                       (int) ceil (area->size.width), (int) ceil (area->size.height) });
}
