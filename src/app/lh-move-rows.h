/* lh-move-rows.h: what each row of the move chart says, for a search's result.
 *
 * The texts, bar lengths and marks of the four rows (Up, Down, Left, Right)
 * of LhMoveChart, computed from an LhSolverResult without a widget:
 * - expectimax and hybrid (heuristic points): the best move "best" with its
 *   value; every other move as its difference from the best ("−1.2k") and
 *   that difference as a share of the best's value ("−6.6 %"), in one
 *   number format at every depth (lh_format_compact(): 3 significant digits);
 * - Monte Carlo and MDP Monte Carlo: each mean with its 95 % confidence
 *   interval (mean ± 1.96 standard errors, LhSolverResult.std_errors) as
 *   text and as error-bar ends, the playouts per move, and "≈ tied" where an
 *   interval overlaps the best move's;
 * - MCTS: the share of the root's visits as the bar (as KataGo and Leela
 *   GUIs show), the mean value and its interval beside it;
 * - illegal moves "not possible".
 * Bars run from a bottom of 0 while every value is positive (so their
 * lengths are shares of the best, and a 4 % gap looks like 4 %), or from the
 * value of a lost game (LhSolverResult.lost_value) once one is not; never
 * from the smallest legal value, which would blow small gaps up.  Each row's
 * tooltip says the unit and the raw value.  GLib only; main thread.
 */
#pragma once

#include <glib.h>
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * LhMoveRow:
 * @value_text: the main label ("best", "−1.2k", "141 ± 2.87", "60 %")
 * @detail_text: (nullable): dimmed after it ("−6.6 %", "≈ tied · 200 playouts")
 * @tooltip: (nullable): the unit and the raw value
 * @fraction: the bar's length as a share of the track, 0 to 1
 * @lo, @hi: the error bar's ends as shares of the track, or NAN for none
 * @tied: the move's interval overlaps the best move's (sampling solvers)
 */
typedef struct {
  char    *value_text;
  char    *detail_text;
  char    *tooltip;
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
 */
typedef struct {
  gboolean       has_values;
  LhSolverKind   solver;
  LhSolverResult result;
  LhMoveRow      rows[LH_N_MOVES];
} LhMoveRows;

/** lh_move_rows_init: @rows holds no result (call once before use). */
void lh_move_rows_init (LhMoveRows *rows);

/**
 * lh_move_rows_set:
 * @result: (nullable): the result to describe (copied), or NULL for none
 * Fills every row of @rows for @result of @solver.
 */
void lh_move_rows_set (LhMoveRows *rows, LhSolverKind solver, const LhSolverResult *result);

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
