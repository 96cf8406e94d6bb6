/* lh-playout-wide.c: playouts on the wide board (see lh-playout-wide.h). */
#include "lh-playout-wide.h"

#include <math.h>

#include "lh-playout-pick.h"

double
lh_measure_board_wide (LhMeasure measure, const LhEvaluator *evaluator, LhGeometry geometry,
                       LhRules rules, LhWideBoard board)
{
  double sum = 0;

  switch (measure)
    {
    case LH_MEASURE_SUM:
      for (guint r = 0; r < geometry.rows; r++)
        for (guint c = 0; c < geometry.cols; c++)
          sum += (double) lh_wide_tile_value (lh_wide_board_get_cell (board, r, c));
      return sum;
    case LH_MEASURE_BEST:
      return (double) lh_wide_tile_value (lh_wide_board_max_exponent (board));
    case LH_MEASURE_CORNER:
      return lh_heuristic_corner_measure_wide (board, geometry);
    case LH_MEASURE_HEURISTIC:
      g_return_val_if_fail (evaluator != NULL, 0);
      return lh_evaluator_position_value_wide (evaluator, board, rules);
    case LH_MEASURE_SCORE:
    case LH_N_MEASURES:
    default:
      return 0;
    }
}

double
lh_playout_run_wide_counted (const LhPlayoutParams *params,
                             const LhEvaluator     *evaluator,
                             LhGeometry             geometry,
                             LhRules                rules,
                             LhWideBoard            board,
                             LhRng                 *rng,
                             guint64               *moves,
                             guint                 *plies)
{
  double points = 0, weight = 1;
  guint played = 0;
  gboolean greedy = params->policy == LH_PLAYOUT_GREEDY;
  gboolean add_points = greedy && lh_evaluator_counts_points (evaluator);

  for (;;)
    {
      LhWideBoard after[LH_N_MOVES];
      guint64 gained[LH_N_MOVES];
      guint legal[LH_N_MOVES];
      double values[LH_N_MOVES];
      guint n_legal = 0, pick;

      if (params->max_moves != 0 && played >= params->max_moves)
        break;
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          gained[m] = 0;
          after[m] = lh_rules_move (rules, board, geometry, (LhMove) m, &gained[m]);
          if (after[m] != board)
            legal[n_legal++] = m;
        }
      *moves += LH_N_MOVES;
      if (n_legal == 0)
        break;
      /* The greedy player: the evaluator's value of each afterstate, a
       * network's with the move's points (r + V(afterstate)). */
      if (greedy && n_legal > 1)
        for (guint i = 0; i < n_legal; i++)
          values[i] = lh_evaluator_evaluate_wide (evaluator, after[legal[i]])
                      + (add_points ? (double) gained[legal[i]] : 0);
      pick = lh_playout_pick (legal, n_legal, values, greedy, rng);

      points += weight * (double) gained[pick];
      weight *= params->discount;
      board = lh_wide_board_spawn (after[pick], geometry, rng);
      played++;
    }

  *plies = played;
  if (params->measure == LH_MEASURE_SCORE)
    return points;
  if (lh_measure_counts_points (params->measure, evaluator))
    return points + weight * lh_evaluator_position_value_wide (evaluator, board, rules);
  return lh_measure_board_wide (params->measure, evaluator, geometry, rules, board);
}

double
lh_playout_run_wide (const LhPlayoutParams *params,
                     const LhEvaluator     *evaluator,
                     LhGeometry             geometry,
                     LhRules                rules,
                     LhWideBoard            board,
                     LhRng                 *rng,
                     guint64               *moves)
{
  guint plies;

  g_return_val_if_fail (params != NULL && rng != NULL && moves != NULL, 0);
  g_return_val_if_fail (evaluator != NULL || (params->policy != LH_PLAYOUT_GREEDY
                                               && params->measure != LH_MEASURE_HEURISTIC), 0);
  return lh_playout_run_wide_counted (params, evaluator, geometry, rules, board, rng, moves,
                                      &plies);
}
