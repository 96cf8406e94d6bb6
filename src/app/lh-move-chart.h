/* lh-move-chart.h: the value of each move of a search, as a person reads it.
 *
 * One row per move (Up, Down, Left, Right): the move's name, a bar, and
 * under the bar the value in words and numbers; the chosen move's bar in
 * the accent colour.  A move that changes nothing reads "not possible",
 * dimmed.  Numbers have one format everywhere, the breakdown table's and
 * the tree's (lh_format_compact()): three significant
 * digits with k and M suffixes ("14.4k", "−1.2k", "141"), whatever the
 * depth.  The texts and bars are computed by lh-move-rows.
 *
 * What the row shows depends on the solver:
 * - expectimax and the hybrid: the best move reads "best" (and its value);
 *   every other move its difference from the best ("−1.2k") and that
 *   difference as a share of the best's value ("−3.4 %").
 * - Monte Carlo and MDP Monte Carlo: the mean with its 95 % confidence
 *   interval (mean ± 1.96 standard errors), drawn as an error bar on the
 *   bar, and the playouts; a move whose interval overlaps the best move's
 *   is marked "≈ tied": the search cannot tell them apart.
 * - MCTS: the share of the root's visits as the bar (as KataGo's and Leela's
 *   GUIs show it), the mean value and its interval beside it, ties marked
 *   as above.
 *
 * The bars' scale: a bar's length is proportional to the value measured
 * from the bottom of the scale up to the best value (the top of the best
 * interval for the sampling solvers); MCTS's visit shares from 0 to the
 * largest share.  The bottom is 0 while every legal value is positive, so
 * that a bar and its percentage are the move's share of the best's value;
 * once a value is negative (heuristic points of a position that may be
 * lost), the bottom of the solver's scale (LhSolverResult.lost_value, the
 * value of a lost game), where every value is still above it.  The bars never start
 * at the smallest legal value: that stretched a 4 % gap over the whole
 * width and made a close call look like a landslide; measured from the
 * bottom of the scale, two moves 4 % apart get bars 4 % apart, and the
 * labels give the exact difference.
 *
 * On a board with an exact solution (lh_move_chart_set_optimal()) each
 * legal move's optimal value stands at the right end of its text line
 * ("opt 5,468", "opt 73.7 %"; the optimal moves' in bold), and a line under
 * the rows says what the chosen move loses against perfect play ("Left:
 * −12.3 points vs optimal", "Left: −0.8 % chance of 1024", "Left:
 * optimal").  Perfect Play's own values are not repeated: its rows read
 * "best" and the others' losses in the objective's units.
 *
 * Each row has a tooltip that says what the unit is and gives the raw
 * value; the widget's accessible description reads every row as its
 * labels do.  The row under the pointer (or the one clicked) is shaded
 * and named by the "hovered-move" property, so the window can show that
 * move's expected line.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"
#include "lh-solver.h"
#include "lh-exact-rules.h"

G_BEGIN_DECLS

#define LH_TYPE_MOVE_CHART (lh_move_chart_get_type ())
G_DECLARE_FINAL_TYPE (LhMoveChart, lh_move_chart, LH, MOVE_CHART, GtkWidget)

/** lh_move_chart_new: (transfer floating): an empty chart. */
GtkWidget *lh_move_chart_new (void);

/**
 * lh_move_chart_set_result:
 * @solver: the solver that gave @result: it decides how the values read
 *   (see the top of this file)
 * @result: (transfer none): the search's result, copied; its values,
 *   visits, std_errors (NAN where undefined), lost_value, move and depth
 *   are used
 *
 * Shows @result.  A search step (LhSearchStep) is shown the same way
 * through lh_search_step_get_result().
 */
void lh_move_chart_set_result (LhMoveChart          *self,
                               LhSolverKind          solver,
                               const LhSolverResult *result);

/**
 * lh_move_chart_set_values:
 * @legal: which moves are legal
 * @values: value of each legal move, heuristic points
 * @visits: (nullable): visits per move (MCTS), or NULL / all zero for none
 * @chosen: the chosen LhMove, or LH_MOVE_NONE
 *
 * The older form of lh_move_chart_set_result(), which knows neither the
 * solver nor the standard errors nor the bottom of the scale: shown as
 * MCTS when some move has visits, as expectimax otherwise, the scale's
 * bottom being 0, or below a negative value the best's distance from 0
 * (so a negative value still gets a bar).  Prefer
 * lh_move_chart_set_result().
 */
void lh_move_chart_set_values (LhMoveChart    *self,
                               const gboolean  legal[LH_N_MOVES],
                               const double    values[LH_N_MOVES],
                               const guint64  *visits,
                               int             chosen);

/**
 * lh_move_chart_set_optimal:
 * @rules: (nullable): the rules of the exact solution of the position shown,
 *   or NULL for none
 * @legal: (nullable): the legal moves by the solution, or NULL when only
 *   the rules are known (the position is not in the solution)
 * @values: (nullable): each legal move's optimal value Q*(s, m) in @rules'
 *   units (points, or a probability from 0 to 1); given with @legal
 * Shows (or hides) the optimal values beside the solver's and what the
 * chosen move loses against them; kept across lh_move_chart_set_result()
 * until the next call.  The chart is one line taller while a loss is shown.
 */
void lh_move_chart_set_optimal (LhMoveChart        *self,
                                const LhExactRules *rules,
                                const gboolean     *legal,
                                const double       *values);

/**
 * lh_move_chart_get_optimal_text:
 * Returns: (transfer none) (nullable): @move's optimal value as shown
 *   ("opt 5,468", "opt 73.7 %"), NULL when none is (no optimal values,
 *   not legal, or the solver is Perfect Play).
 */
const char *lh_move_chart_get_optimal_text (LhMoveChart *self, LhMove move);

/**
 * lh_move_chart_get_loss_text:
 * Returns: (transfer none) (nullable): what the chosen move loses against
 *   perfect play ("−12.3 points vs optimal", "−0.8 % chance of 1024",
 *   "optimal"), NULL when the chart shows none.
 */
const char *lh_move_chart_get_loss_text (LhMoveChart *self);

/** lh_move_chart_clear: shows no values (before the first search). */
void lh_move_chart_clear (LhMoveChart *self);

/**
 * lh_move_chart_get_value:
 * @value: (out) (optional): the raw value of @move, in the solver's units
 * Returns: TRUE when the chart shows a value for @move (it is legal).
 */
gboolean lh_move_chart_get_value (LhMoveChart *self, LhMove move, double *value);

/** lh_move_chart_get_chosen: Returns: the move marked as chosen, or LH_MOVE_NONE. */
int lh_move_chart_get_chosen (LhMoveChart *self);

/**
 * lh_move_chart_get_value_text:
 * Returns: (transfer none) (nullable): the main label of @move's row as
 *   shown ("best", "−1.2k", "141 ± 2.87", "62 %", "not possible"), owned
 *   by the chart until its next change; NULL before the first result.
 */
const char *lh_move_chart_get_value_text (LhMoveChart *self, LhMove move);

/**
 * lh_move_chart_get_detail_text:
 * Returns: (transfer none) (nullable): the dimmed text after the main
 *   label ("−3.4 %", "≈ tied · 200 playouts", "mean 141 ± 2.87 · 620
 *   visits"), owned by the chart; NULL when there is none.
 */
const char *lh_move_chart_get_detail_text (LhMoveChart *self, LhMove move);

/**
 * lh_move_chart_get_tooltip_text:
 * Returns: (transfer none) (nullable): @move's tooltip (unit and raw
 *   value), owned by the chart; NULL when the chart shows no result.
 */
const char *lh_move_chart_get_tooltip_text (LhMoveChart *self, LhMove move);

/**
 * lh_move_chart_get_tied:
 * Returns: TRUE when @move is marked statistically tied with the best
 *   move: a sampling solver's move, not the best, whose 95 % confidence
 *   interval overlaps the best move's.
 */
gboolean lh_move_chart_get_tied (LhMoveChart *self, LhMove move);

/**
 * lh_move_chart_get_bar_fraction:
 * @lo: (out) (optional): the error bar's left end, a fraction of the
 *   track; NAN when the row has no error bar
 * @hi: (out) (optional): its right end, likewise
 * Returns: the length of @move's bar as a fraction of the bar's track, 0
 *   to 1 (0 for a move that is not possible or before any result).
 */
double lh_move_chart_get_bar_fraction (LhMoveChart *self, LhMove move, double *lo, double *hi);

/**
 * lh_move_chart_get_hovered_move:
 * Returns: the "hovered-move" property: the legal move whose row is under
 *   the pointer, else the selected one, else LH_MOVE_NONE.
 */
int lh_move_chart_get_hovered_move (LhMoveChart *self);

/**
 * lh_move_chart_set_selected_move:
 * @move: an LhMove, or LH_MOVE_NONE
 * Selects @move's row, as a click on it does (a click on the selected row
 * unselects it): "hovered-move" gives it while the pointer is on no row.
 * The selection is kept across results; a move that is not legal in the
 * result shown counts as none.
 */
void lh_move_chart_set_selected_move (LhMoveChart *self, int move);

/**
 * lh_move_chart_set_scale:
 * @counts_points: expectimax's and the hybrid's values are points (a
 *   learned network's), else a heuristic's scores
 * @score: the score of the position searched, points
 * How those values read (lh_move_rows_set_scale()): with points, the
 * expected final score and the points each move gives up; with the
 * heuristic, each gap as a share of the moves' range.  Kept across results.
 */
void lh_move_chart_set_scale (LhMoveChart *self, gboolean counts_points, guint64 score);

/**
 * lh_move_chart_set_played_move:
 * @move: the move played from the position shown (a position of a
 *   reviewed game), or LH_MOVE_NONE
 * Marks that move's row "played" (lh_move_rows_set_played()), kept across
 * results until the next call.
 */
void lh_move_chart_set_played_move (LhMoveChart *self, int move);

/** lh_move_chart_get_selected_move: Returns: the selected move, or LH_MOVE_NONE. */
int lh_move_chart_get_selected_move (LhMoveChart *self);

G_END_DECLS
