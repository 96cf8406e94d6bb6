/* lh-principal-variation.c: the line a search expects (see
 * lh-principal-variation.h). */
#include "lh-config.h"
#include "lh-principal-variation.h"

#include <math.h>
#include <glib/gi18n-lib.h>

/* Relative tolerance under which two probabilities (floats in the record)
 * count as equal. */
#define PROBABILITY_EPSILON 1e-5

static gboolean
probability_equal (double a, double b)
{
  return fabs (a - b) <= PROBABILITY_EPSILON * MAX (fabs (a), fabs (b));
}

/* Whether @node is a move's afterstate: a chance node, or a leaf (the last
 * ply's afterstates, an MCTS move not expanded) reached by a move. */
static gboolean
is_move (const LhSearchNode *node)
{
  return node->kind != LH_SEARCH_NODE_PLAYER && node->move >= 0 && node->move < LH_N_MOVES
         && node->spawn_exponent == 0;
}

/* Whether child @c ranks above @best under @parent (a Better function). */
typedef gboolean (*Better) (const LhSearchNode *c, const LhSearchNode *best, const LhSearchNode *parent,
                            gboolean visits);

/* The first of @node's children that no later one ranks above, or NONE. */
static guint32
best_of_children (const LhSearchTree *tree, guint32 node, Better better, gboolean visits)
{
  const LhSearchNode *parent = lh_search_tree_get_node (tree, node);
  guint32 best = LH_SEARCH_NODE_NONE;

  for (guint32 child = parent->first_child; child != LH_SEARCH_NODE_NONE;
       child = lh_search_tree_get_node (tree, child)->next_sibling)
    if (best == LH_SEARCH_NODE_NONE
        || better (lh_search_tree_get_node (tree, child), lh_search_tree_get_node (tree, best), parent, visits))
      best = child;
  return best;
}

static gboolean
better_move (const LhSearchNode *c, const LhSearchNode *best, const LhSearchNode *parent, gboolean visits)
{
  if (visits && c->visits != best->visits)
    return c->visits > best->visits;
  return c->value > best->value;
}

static gboolean
better_spawn (const LhSearchNode *c, const LhSearchNode *best, const LhSearchNode *parent, gboolean visits)
{
  double expected = parent->value;

  if (!probability_equal (c->probability, best->probability))
    return c->probability > best->probability;
  return fabs ((double) c->value - expected) < fabs ((double) best->value - expected);
}

guint32
lh_principal_variation_best_child (const LhSearchTree *tree, guint32 node, gboolean visits)
{
  g_return_val_if_fail (tree != NULL, LH_SEARCH_NODE_NONE);
  g_return_val_if_fail (node < lh_search_tree_get_n_nodes (tree), LH_SEARCH_NODE_NONE);
  return best_of_children (tree, node, better_move, visits);
}

guint32
lh_principal_variation_typical_spawn (const LhSearchTree *tree, guint32 node)
{
  g_return_val_if_fail (tree != NULL, LH_SEARCH_NODE_NONE);
  g_return_val_if_fail (node < lh_search_tree_get_n_nodes (tree), LH_SEARCH_NODE_NONE);
  return best_of_children (tree, node, better_spawn, FALSE);
}

GArray *
lh_principal_variation_new (const LhSearchTree *tree, guint32 start, gboolean visits, guint max_steps)
{
  GArray *steps = g_array_new (FALSE, TRUE, sizeof (LhPvStep));
  guint32 move_node;

  g_return_val_if_fail (tree != NULL, steps);
  g_return_val_if_fail (start < lh_search_tree_get_n_nodes (tree), steps);

  if (is_move (lh_search_tree_get_node (tree, start)))
    move_node = start;
  else
    move_node = lh_principal_variation_best_child (tree, start, visits);

  while (move_node != LH_SEARCH_NODE_NONE && steps->len < max_steps)
    {
      const LhSearchNode *m = lh_search_tree_get_node (tree, move_node);
      LhPvStep step = { 0 };

      if (!is_move (m))
        break;
      step.move = m->move;
      step.move_node = move_node;
      step.afterstate = lh_search_tree_get_wide_board (tree, m);
      step.board = step.afterstate;
      step.value = m->value;
      step.visits = m->visits;
      step.spawn_cell = step.spawn_row = step.spawn_col = -1;
      step.spawn_node = lh_principal_variation_typical_spawn (tree, move_node);
      if (step.spawn_node != LH_SEARCH_NODE_NONE)
        {
          const LhSearchNode *s = lh_search_tree_get_node (tree, step.spawn_node);
          guint row, col;

          step.board = lh_search_tree_get_wide_board (tree, s);
          step.probability = s->probability;
          if (lh_search_tree_get_spawn (tree, s, &row, &col))
            {
              step.spawn_cell = s->spawn_cell;
              step.spawn_row = (int) row;
              step.spawn_col = (int) col;
              step.spawn_exponent = s->spawn_exponent;
            }
        }
      g_array_append_val (steps, step);
      if (step.spawn_node == LH_SEARCH_NODE_NONE)
        break;
      move_node = lh_principal_variation_best_child (tree, step.spawn_node, visits);
    }
  return steps;
}

GArray *
lh_principal_variation_for_move (const LhSearchTree *tree, int move, gboolean visits, guint max_steps)
{
  guint32 start = LH_SEARCH_NODE_NONE;

  g_return_val_if_fail (tree != NULL, g_array_new (FALSE, TRUE, sizeof (LhPvStep)));

  if (lh_search_tree_get_n_nodes (tree) == 0)
    return g_array_new (FALSE, TRUE, sizeof (LhPvStep));
  if (move == LH_MOVE_NONE)
    move = lh_search_tree_get_chosen_move (tree);
  if (move == LH_MOVE_NONE)
    start = 0;  /* the root: its best child */
  else
    for (guint32 child = lh_search_tree_get_node (tree, 0)->first_child;
         child != LH_SEARCH_NODE_NONE;
         child = lh_search_tree_get_node (tree, child)->next_sibling)
      if (lh_search_tree_get_node (tree, child)->move == move)
        {
          start = child;
          break;
        }
  if (start == LH_SEARCH_NODE_NONE)
    return g_array_new (FALSE, TRUE, sizeof (LhPvStep));
  return lh_principal_variation_new (tree, start, visits, max_steps);
}

const char *
lh_principal_variation_move_label (int move)
{
  static const char *const move_names[LH_N_MOVES] = {
    /* Translators: a move of the expected line */
    N_("Up"), N_("Down"), N_("Left"), N_("Right"),
  };

  return move >= 0 && move < LH_N_MOVES ? _(move_names[move]) : "";
}

char *
lh_principal_variation_describe (const GArray *steps)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (steps != NULL, g_string_free (text, FALSE));

  for (guint i = 0; i < steps->len; i++)
    {
      const LhPvStep *step = &g_array_index (steps, LhPvStep, i);

      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, lh_principal_variation_move_label (step->move));
      if (step->spawn_exponent > 0 && step->spawn_row >= 0)
        /* Translators: after a move of the expected line: the tile value
         * that spawns, its row and column (from 1, row 1 at the top) */
        g_string_append_printf (text, _(", then a %u spawns at row %d column %d"),
                                lh_tile_value (step->spawn_exponent),
                                step->spawn_row + 1, step->spawn_col + 1);
    }
  return g_string_free (text, FALSE);
}

guint32 *
lh_principal_variation_nodes (const GArray *steps, guint32 root, guint *n_nodes)
{
  guint32 *nodes;
  guint n = 0;

  g_return_val_if_fail (steps != NULL && n_nodes != NULL, NULL);

  nodes = g_new (guint32, 1 + 2 * steps->len);
  nodes[n++] = root;
  for (guint i = 0; i < steps->len; i++)
    {
      const LhPvStep *step = &g_array_index (steps, LhPvStep, i);

      nodes[n++] = step->move_node;
      if (step->spawn_node != LH_SEARCH_NODE_NONE)
        nodes[n++] = step->spawn_node;
    }
  *n_nodes = n;
  return nodes;
}
