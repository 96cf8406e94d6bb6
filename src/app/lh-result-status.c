/* lh-result-status.c: a search's outcome in one line (see lh-result-status.h). */
#include "lh-config.h"
#include "lh-result-status.h"

#include <glib/gi18n.h>

#include "lh-format.h"

char *
lh_result_status_describe (LhSolverKind kind, const LhSolverResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  g_autofree char *nodes = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->nodes);
  g_autofree char *playouts = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->playouts);

  switch (kind)
    {
    case LH_SOLVER_MCTS:
      {
        g_autofree char *iterations = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->iterations);
        /* Translators: %s the best move (Up, Down...), %s a number of MCTS
         * iterations, %.1f a time in milliseconds */
        return g_strdup_printf (_("Best move: %s · %s iterations · %.1f ms"),
                                lh_format_move_label (result->move), iterations, result->elapsed_ms);
      }
    case LH_SOLVER_MONTE_CARLO:
    case LH_SOLVER_MDP_MONTE_CARLO:
      /* Translators: %s the best move (Up, Down...), %s a number of
       * playouts (random games), %.1f a time in milliseconds */
      return g_strdup_printf (_("Best move: %s · %s playouts · %.1f ms"),
                              lh_format_move_label (result->move), playouts, result->elapsed_ms);
    case LH_SOLVER_HYBRID:
      /* Translators: %s the best move (Up, Down...), %u the search depth in
       * moves, %s a number of playouts, %.1f a time in milliseconds */
      return g_strdup_printf (_("Best move: %s · depth %u · %s playouts · %.1f ms"),
                              lh_format_move_label (result->move), result->depth, playouts,
                              result->elapsed_ms);
    case LH_SOLVER_EXACT:
      /* Translators: %s the best move (Up, Down...), %s the number of
       * positions of the exact solution, %.1f a time in milliseconds */
      return g_strdup_printf (_("Best move: %s · perfect play · %s positions solved · %.1f ms"),
                              lh_format_move_label (result->move), nodes, result->elapsed_ms);
    case LH_SOLVER_EXPECTIMAX:
    case LH_N_SOLVERS:
    default:
      /* Translators: %s the best move (Up, Down...), %u the search depth in moves,
       * %s a number of positions, %.1f a time in milliseconds */
      return g_strdup_printf (_("Best move: %s · depth %u · %s positions · %.1f ms"),
                              lh_format_move_label (result->move), result->depth, nodes, result->elapsed_ms);
    }
}
