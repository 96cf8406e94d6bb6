/* lh-breakdown-view.h: the evaluator's terms for the current board and for
 * each move's afterstate, as a table.
 *
 * Rows are the evaluator's terms (lh_evaluator_get_n_terms(): the
 * heuristic's terms whose weight is not 0, lh_evaluator_term_is_used(); or
 * one per shape of an n-tuple network, named by its cells) and a Total
 * row; columns are Now (the board shown) and the four moves in LhMove order
 * (Up, Down, Left, Right, headed by arrows).  The Now column shows each
 * term's weighted contribution (lh_evaluator_breakdown()); a move's column
 * shows the change from Now of the term in that move's afterstate
 * (lh_board_move(), before the spawn), so a person sees which term drives
 * the choice.  In each row the move with the largest value (the one the
 * term favours most; all of them on a tie) is highlighted, unless every
 * legal move scores the same; the Total of the best afterstate is bold.  A move that changes
 * nothing is shown as not possible (a dash, dimmed).  Numbers are compact
 * (12.3k, −1.5M); each cell's tooltip has the exact value.  The totals are
 * the sums of the terms, which are lh_evaluator_evaluate()'s values (up to
 * float rounding).  The caption says what the numbers are: for a network,
 * the points still to score that it expects.
 *
 * Layout, for tests: the view's only child is a GtkGrid of GtkLabels;
 * row 0 holds the headers, column 0 the terms' names, column 1 Now and
 * column 2 + m move m; the last row is the Total.  Below the grid a caption
 * explains the table.  About 300 px wide at the default font.
 */
#pragma once

#include <gtk/gtk.h>

#include "lh-board.h"
#include "lh-owned-evaluator.h"

G_BEGIN_DECLS

#define LH_TYPE_BREAKDOWN_VIEW (lh_breakdown_view_get_type ())
G_DECLARE_FINAL_TYPE (LhBreakdownView, lh_breakdown_view, LH, BREAKDOWN_VIEW, GtkWidget)

/** Column of the grid that shows the current board ("Now"). */
#define LH_BREAKDOWN_VIEW_NOW_COLUMN 1
/** Grid column of move @m (an LhMove). */
#define LH_BREAKDOWN_VIEW_MOVE_COLUMN(m) (2 + (m))
/** Grid row of the name of the @i-th row shown (from 0): on a line of its
 * own, across the whole grid, so a long name ("Monotonicity", "Corner 2×3")
 * is never cut; its numbers are on the next row.  The Total too, after a
 * separator: its name on the row after the separator, its numbers on the
 * next. */
#define LH_BREAKDOWN_VIEW_NAME_ROW(i) (1 + 2 * (i))
/** Grid row of the numbers of the @i-th row shown. */
#define LH_BREAKDOWN_VIEW_VALUE_ROW(i) (2 + 2 * (i))

/** lh_breakdown_view_new: (transfer floating): a view that shows no position yet. */
GtkWidget *lh_breakdown_view_new (void);

/**
 * lh_breakdown_view_set_position:
 * @evaluation: (transfer none): the evaluator (its geometry is the board's);
 *   only used during the call
 * @board: the board to analyse, a wide board (any size to 5x5, tiles to
 *   2^31: lh_evaluator_breakdown_wide())
 * @rules: the rules its moves are played by
 * Shows the breakdown of @board and of each move's afterstate.  Fast enough
 * to call on every change (five breakdowns; microseconds).  The chosen move
 * is kept (call lh_breakdown_view_set_chosen_move() to change it).
 */
void lh_breakdown_view_set_position (LhBreakdownView  *self,
                                     LhOwnedEvaluator *evaluation,
                                     LhWideBoard       board,
                                     LhRules           rules);

/** lh_breakdown_view_get_n_terms: the evaluator's terms (shown or not), 0 without a position. */
guint lh_breakdown_view_get_n_terms (LhBreakdownView *self);

/** lh_breakdown_view_get_term_name: (transfer none): term @term's name, as its row shows it. */
const char *lh_breakdown_view_get_term_name (LhBreakdownView *self, guint term);

/** lh_breakdown_view_clear: shows no position (a placeholder text). */
void lh_breakdown_view_clear (LhBreakdownView *self);

/**
 * lh_breakdown_view_set_chosen_move:
 * @move: the solver's choice (an LhMove) to mark in the header, or
 *   LH_MOVE_NONE
 */
void lh_breakdown_view_set_chosen_move (LhBreakdownView *self, int move);

/**
 * lh_breakdown_view_get_value:
 * @move: an LhMove, or LH_MOVE_NONE for the current board
 * @term: a term (below lh_breakdown_view_get_n_terms(): an LhHeuristicTerm
 *   for the heuristic, a shape for a network), or the number of terms
 *   (LH_N_TERMS for the heuristic) for the total
 * @value: (out) (optional): the weighted contribution of @term (or the
 *   total) in @move's afterstate (or the current board): the absolute
 *   value, not the change the cell shows
 * Returns: FALSE when no position is shown or @move is not possible
 */
gboolean lh_breakdown_view_get_value (LhBreakdownView *self,
                                      int              move,
                                      guint            term,
                                      double          *value);

/**
 * lh_breakdown_view_get_caption:
 * Returns: (transfer none): the caption under the table: what the numbers
 *   are, led by a warning when the Total's best move is not the search's
 *   ("The Total looks one move ahead only; the search, looking further,
 *   prefers Left.").
 */
const char *lh_breakdown_view_get_caption (LhBreakdownView *self);

G_END_DECLS
