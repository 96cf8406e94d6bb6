/* lh-move-rows.h: what each row of the move chart says, for a search's result.
 *
 * The texts, bar lengths and marks of the four rows (Up, Down, Left, Right)
 * of LhMoveChart, computed from an LhSolverResult without a widget:
 * - expectimax and hybrid: the best move "best", every other move its
 *   difference from the best, in one number format at every depth
 *   (lh_format_compact(): 3 significant digits); with a learned network
 *   (points) the best's expected final score ("24.3k final score") and each
 *   other move's points given up ("−1.24k points", "5.1 % of the final
 *   score"); with the heuristic the best's "24k heuristic score" and each
 *   gap as a share of the legal moves' range ("35 % of the range"), the
 *   heuristic's scores meaning nothing outside the position;
 * - Monte Carlo and MDP Monte Carlo: each mean with its 95 % confidence
 *   interval (mean ± 1.96 standard errors, LhSolverResult.std_errors) as
 *   text and as error-bar ends, the playouts per move, and "≈ tied" where an
 *   interval overlaps the best move's;
 * - MCTS: the share of the root's visits as the bar (as KataGo and Leela
 *   GUIs show), the mean value and its interval beside it;
 * - Perfect Play (the exact solver), once the rules of its solution are
 *   known (lh_move_rows_set_optimal()): "best" and the others' differences
 *   from it in the objective's units (points, or percentage points of the
 *   chance of the target tile), each value in words beside it;
 * - illegal moves "not possible".
 * Beside any other solver's, each legal move's optimal value from an exact
 * solution ("opt 5,468", "opt 73.7 %"; lh_move_rows_set_optimal()), and
 * for the chosen move what it loses against perfect play ("−12.3 points vs
 * optimal", "−0.8 % chance of 1024", "optimal").
 * Bars run from a bottom of 0 while every value is positive (so their
 * lengths are shares of the best, and a 4 % gap looks like 4 %), or from the
 * value of a lost game (LhSolverResult.lost_value) once one is not; never
 * from the smallest legal value, which would blow small gaps up.  Each row's
 * tooltip says the unit and the raw value.  GLib only; main thread.
 */
#pragma once

#include <glib.h>
#include "lh-solver.h"
#include "lh-exact-rules.h"

G_BEGIN_DECLS

/**
 * LhMoveRow:
 * @value_text: the main label ("best", "−1.2k", "141 ± 2.87", "60 %")
 * @detail_text: (nullable): dimmed after it ("−6.6 %", "≈ tied · 200 playouts")
 * @tooltip: (nullable): the unit and the raw value
 * @fraction: the bar's length as a share of the track, 0 to 1
 * @lo, @hi: the error bar's ends as shares of the track, or NAN for none
 * @tied: the move's interval overlaps the best move's (sampling solvers)
 * @optimal_text: (nullable): the move's optimal value beside the solver's
 *   ("opt 5,468"), when optimal values are given and the solver is not
 *   Perfect Play itself
 * @optimal: the move is (one of) the best under perfect play
 */
typedef struct {
  char    *value_text;
  char    *detail_text;
  char    *tooltip;
  char    *optimal_text;
  gboolean optimal;
  double   fraction;
  double   lo, hi;
  gboolean tied;
} LhMoveRow;

/**
 * LhMoveRows:
 * @has_values: a result is shown
 * @solver: the solver of that result
 * @result: the result (legal moves, values, visits, standard errors)
 * @rows: each move's row, indexed by LhMove; the texts are owned
 * @has_rules: @rules are known (lh_move_rows_set_optimal())
 * @rules: the rules of the exact solution
 * @has_optimal: @optimal_legal and @optimal_values hold the position's
 *   optimal values
 * @optimal_legal, @optimal_values: each move's Q* (lh-exact-solution.h)
 * @loss_text: (nullable): what the chosen move loses against perfect play
 *   ("−12.3 points vs optimal", "−0.8 % chance of 1024", "optimal"); NULL
 *   without optimal values (or rules, for Perfect Play) or a chosen move
 * @counts_points: expectimax's and the hybrid's values are points (a
 *   learned network's): shown with the expected final score (@score plus
 *   the best value) and each gap as a share of it; else a heuristic's
 *   scores, each gap as a share of the legal moves' range
 *   (lh_move_rows_set_scale())
 * @score: the position's score, points
 * @played: the move played from the position in a reviewed game, marked
 *   "played" before its detail, or LH_MOVE_NONE
 */
typedef struct {
  gboolean       has_values;
  LhSolverKind   solver;
  LhSolverResult result;
  LhMoveRow      rows[LH_N_MOVES];
  gboolean       has_rules;
  LhExactRules   rules;
  gboolean       has_optimal;
  gboolean       optimal_legal[LH_N_MOVES];
  double         optimal_values[LH_N_MOVES];
  char          *loss_text;
  int            played;
  gboolean       counts_points;
  guint64        score;
} LhMoveRows;

/** lh_move_rows_init: @rows holds no result (call once before use). */
void lh_move_rows_init (LhMoveRows *rows);

/**
 * lh_move_rows_set:
 * @result: (nullable): the result to describe (copied), or NULL for none
 * Fills every row of @rows for @result of @solver.
 */
void lh_move_rows_set (LhMoveRows *rows, LhSolverKind solver, const LhSolverResult *result);

/**
 * lh_move_rows_set_optimal:
 * @rules: (nullable): the rules of the exact solution of the position
 *   shown, or NULL for none (then @legal and @values are ignored)
 * @legal: (nullable): the legal moves by the solution, or NULL when only
 *   the rules are known (Perfect Play's values then read in their units,
 *   and no other solver's rows get optimal values)
 * @values: (nullable): each legal move's optimal value Q*(s, m), in
 *   @rules' units; given with @legal
 * Sets (or clears) the optimal values shown beside the solver's and fills
 * the rows again.  Kept across lh_move_rows_set() until the next call.
 */
void lh_move_rows_set_optimal (LhMoveRows         *rows,
                               const LhExactRules *rules,
                               const gboolean     *legal,
                               const double       *values);

/**
 * lh_move_rows_set_scale:
 * @counts_points: the values of expectimax and the hybrid are points (the
 *   evaluator counts points: a learned network), else a heuristic's scores
 * @score: the score of the position searched, points
 * Sets how expectimax's and the hybrid's values read (see LhMoveRows) and
 * fills the rows again.  Kept across lh_move_rows_set() until the next call.
 */
void lh_move_rows_set_scale (LhMoveRows *rows, gboolean counts_points, guint64 score);

/**
 * lh_move_rows_set_played:
 * @move: the move played from the position shown (a reviewed game's), or
 *   LH_MOVE_NONE
 * Marks @move's row "played" (before its detail, and in the description)
 * and fills the rows again.  Kept across lh_move_rows_set() until the next call.
 */
void lh_move_rows_set_played (LhMoveRows *rows, int move);

/** lh_move_rows_clear: frees the rows' texts; @rows then holds no result. */
void lh_move_rows_clear (LhMoveRows *rows);

/**
 * lh_move_rows_describe:
 * Returns: (transfer full): the rows in words, as a screen reader should
 *   read them ("Up: best, 27.5k. Down: −151, −0.56 %. ... Chosen: Up."), or
 *   "No search yet."; free with g_free().
 */
char *lh_move_rows_describe (const LhMoveRows *rows);

G_END_DECLS
