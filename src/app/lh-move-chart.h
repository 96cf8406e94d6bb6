/* lh-move-chart.h: a bar chart of the value of each move of a search.
 *
 * One row per move (Up, Down, Left, Right): a bar whose length is the move's
 * value, the chosen move's bar in the accent colour and marked, a move that
 * changes nothing shown as "not possible", and for MCTS the visits as a
 * second label.  Values are heuristic points, often negative and close
 * together, so the bars start at the smallest legal value (which gets a stub
 * of MIN_BAR_FRACTION of the width) and end at the largest: the differences
 * show, whatever the offset.  Each bar is labelled with its value.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"

G_BEGIN_DECLS

#define LH_TYPE_MOVE_CHART (lh_move_chart_get_type ())
G_DECLARE_FINAL_TYPE (LhMoveChart, lh_move_chart, LH, MOVE_CHART, GtkWidget)

/** lh_move_chart_new: (transfer floating): an empty chart. */
GtkWidget *lh_move_chart_new (void);

/**
 * lh_move_chart_set_values:
 * @legal: which moves are legal
 * @values: value of each legal move, heuristic points
 * @visits: (nullable): visits per move (MCTS), or NULL / all zero for none
 * @chosen: the chosen LhMove, or LH_MOVE_NONE
 */
void lh_move_chart_set_values (LhMoveChart    *self,
                               const gboolean  legal[LH_N_MOVES],
                               const double    values[LH_N_MOVES],
                               const guint64  *visits,
                               int             chosen);

/** lh_move_chart_clear: shows no values (before the first search). */
void lh_move_chart_clear (LhMoveChart *self);

/**
 * lh_move_chart_get_value:
 * @value: (out) (optional): the value shown for @move
 * Returns: TRUE when the chart shows a value for @move (it is legal).
 */
gboolean lh_move_chart_get_value (LhMoveChart *self, LhMove move, double *value);

/** lh_move_chart_get_chosen: Returns: the move marked as chosen, or LH_MOVE_NONE. */
int lh_move_chart_get_chosen (LhMoveChart *self);

G_END_DECLS
