/* lh-mcts-params.c: MCTS's parameters and its final-move rule (see
 * lh-mcts.h); the search is lh-mcts.c. */
#include "lh-mcts.h"
#include "lh-names.h"
#include "lh-playout.h"

#include <glib/gi18n-lib.h>

#include <string.h>

int
lh_mcts_choose_move (LhFinalMove    rule,
                     const gboolean legal[LH_N_MOVES],
                     const double   means[LH_N_MOVES],
                     const guint64  visits[LH_N_MOVES])
{
  int best = LH_MOVE_NONE;

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      gboolean better;

      if (!legal[m])
        continue;
      if (best == LH_MOVE_NONE)
        {
          best = m;
          continue;
        }
      if (visits[best] == 0 || visits[m] == 0)
        better = visits[best] == 0 && visits[m] > 0;
      else if (rule == LH_FINAL_BEST_MEAN)
        better = means[m] > means[best]
                 || (means[m] == means[best] && visits[m] > visits[best]);
      else
        better = visits[m] > visits[best]
                 || (visits[m] == visits[best] && means[m] > means[best]);
      if (better)
        best = m;
    }
  return best;
}

void
lh_mcts_params_init_default (LhMctsParams *params)
{
  memset (params, 0, sizeof *params);
  params->iterations = 1000;
  params->exploration = 1.0;
  params->final_move = LH_FINAL_BEST_MEAN;
  params->max_tree_nodes = LH_MCTS_DEFAULT_TREE_NODES;
  params->playout = (LhPlayoutParams) {
    .policy = LH_PLAYOUT_GREEDY,
    .max_moves = 0,
    .discount = 1.0,
    .measure = LH_MEASURE_CORNER,
  };
}

gboolean
lh_mcts_params_validate (const LhMctsParams *params, GError **error)
{
  if (params->iterations < 1 || params->iterations > LH_MCTS_MAX_ITERATIONS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mcts iterations %u is out of range (1 to %u)"), params->iterations,
                   LH_MCTS_MAX_ITERATIONS);
      return FALSE;
    }
  if (!(params->exploration >= 0 && params->exploration <= LH_MCTS_MAX_EXPLORATION))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mcts exploration %g is out of range (0 to %g)"), params->exploration,
                   LH_MCTS_MAX_EXPLORATION);
      return FALSE;
    }
  if (params->max_tree_nodes < LH_MCTS_MIN_TREE_NODES || params->max_tree_nodes > LH_MCTS_MAX_TREE_NODES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mcts max_tree_nodes %u is out of range (%u to %u)"), params->max_tree_nodes,
                   LH_MCTS_MIN_TREE_NODES, LH_MCTS_MAX_TREE_NODES);
      return FALSE;
    }
  if ((guint) params->final_move >= LH_N_FINAL_MOVES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mcts final move %d is unknown (visits or mean)"), (int) params->final_move);
      return FALSE;
    }
  return lh_playout_params_validate (&params->playout, "mcts", error);
}

static const char *const final_move_names[LH_N_FINAL_MOVES] = { "visits", "mean" };

const char *
lh_final_move_to_string (LhFinalMove final_move)
{
  g_return_val_if_fail ((guint) final_move < LH_N_FINAL_MOVES, "none");
  return final_move_names[final_move];
}

gboolean
lh_final_move_from_string (const char *text, LhFinalMove *final_move)
{
  int k = lh_names_lookup (final_move_names, LH_N_FINAL_MOVES, text);

  if (k < 0)
    return FALSE;
  *final_move = (LhFinalMove) k;
  return TRUE;
}
