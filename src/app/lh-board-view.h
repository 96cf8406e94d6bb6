/* lh-board-view.h: the 2048 board, drawn with GtkSnapshot and animated.
 *
 * Shows a board in the familiar colours of the original game, animates moves
 * (tiles slide, merged tiles pop, the spawned tile grows) with the frame clock,
 * can show the AI's hint as an arrow and a heat map of per-cell values (the
 * heuristic's snake and gradient terms), and turns a drag across it (mouse or
 * touch) into ::move.  An animation never blocks input: showing a new board
 * finishes the running animation at once.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"
#include "lh-game.h"
#include "lh-owned-evaluator.h"

G_BEGIN_DECLS

#define LH_TYPE_BOARD_VIEW (lh_board_view_get_type ())
G_DECLARE_FINAL_TYPE (LhBoardView, lh_board_view, LH, BOARD_VIEW, GtkWidget)

/** Duration of the slide of a move, in ms. */
#define LH_BOARD_VIEW_SLIDE_MS 90
/** Duration of the pop of merged tiles and the growth of spawned ones, in ms. */
#define LH_BOARD_VIEW_POP_MS 110

/** lh_board_view_new: (transfer floating): an empty 4x4 board view. */
GtkWidget *lh_board_view_new (void);

/**
 * lh_board_view_set_board:
 * @board: a wide board of any size from 2x2 to 5x5, tiles up to 2^31
 * @geometry: its shape
 * @rules: the rules it is played by (lh_rules_accept() must take @board):
 *   the animations of later moves merge tiles by them
 * @appear: TRUE to let every tile grow in (a new game), FALSE to show it at once
 * Shows @board, ending any running animation.  Tiles are drawn in the
 * original game's colours up to 2048, in distinct colours up to 2^20, and
 * larger ones in the colour of 2^20, their value always written out.
 */
void lh_board_view_set_board (LhBoardView *self,
                              LhWideBoard  board,
                              LhGeometry   geometry,
                              LhRules      rules,
                              gboolean     appear);

/**
 * lh_board_view_animate_move:
 * @previous: the board before the move (what the view showed)
 * @move: the move played (by the rules of lh_board_view_set_board())
 * @board: the board after the move and the spawn
 * @spawned_cell: the spawned tile's cell, LH_GAME_CELL (row, col)
 *   (5 * row + col), or -1
 * Shows @board, animating the move from @previous; a running animation is
 * finished at once first.  Without animations (gtk-enable-animations off, or
 * the view not mapped) the board is shown directly.
 */
void lh_board_view_animate_move (LhBoardView *self,
                                 LhWideBoard  previous,
                                 LhMove       move,
                                 LhWideBoard  board,
                                 int          spawned_cell);

/** lh_board_view_finish_animation: jumps to the end of a running animation. */
void lh_board_view_finish_animation (LhBoardView *self);

/** lh_board_view_is_animating: TRUE while an animation runs. */
gboolean lh_board_view_is_animating (LhBoardView *self);

/** lh_board_view_get_wide_board: the board shown (the end of a running animation). */
LhWideBoard lh_board_view_get_wide_board (LhBoardView *self);
/**
 * lh_board_view_get_board:
 * Returns: the board shown on the 64-bit board, or 0 when it does not fit
 *   one (5x5, a tile past 32768).
 */
LhBoard lh_board_view_get_board (LhBoardView *self);

/**
 * lh_board_view_set_hint:
 * @move: the move to point at with an arrow, or LH_MOVE_NONE for none
 */
void lh_board_view_set_hint (LhBoardView *self, int move);

/**
 * lh_board_view_set_played:
 * @move: the move played from the position shown (a reviewed game's), or
 *   LH_MOVE_NONE for none
 * Marks it with a dashed orange arrow beside the hint's (lh-board-arrow.h);
 * when it is the hint's move, the hint's arrow alone shows.
 */
void lh_board_view_set_played (LhBoardView *self, int move);

/** lh_board_view_get_played: Returns: the move marked played, or LH_MOVE_NONE. */
int lh_board_view_get_played (LhBoardView *self);

/** lh_board_view_get_hint: Returns: the move the arrow points at, or LH_MOVE_NONE. */
int lh_board_view_get_hint (LhBoardView *self);

/**
 * lh_board_view_set_heat_map:
 * @cells: (nullable) (array fixed-size=25): a value per cell, cell (r, c)
 *   at LH_WIDE_CELL (r, c) = 5 r + c (cells outside the geometry are
 *   ignored), e.g. heuristic points; NULL hides the heat map
 * Shows a translucent colour over each cell whose value is not 0: blue for a
 * positive value, red for a negative one, more opaque the larger |value| is
 * next to the largest |value| on the board; the value itself, compact
 * (lh_format_compact()), at the bottom of the cell; and the exact value in a tooltip.  The map is
 * hidden while tiles slide and fades in as the move's animation ends, so it
 * never hides a tile's movement.  Stops following the board (see
 * lh_board_view_show_cell_values()).
 */
void lh_board_view_set_heat_map (LhBoardView *self, const double *cells);

/**
 * lh_board_view_show_cell_values:
 * @evaluation: (nullable): the evaluator whose per-cell values to show (a
 *   reference is kept), or NULL to hide the heat map
 * Shows lh_evaluator_cell_values_wide() as the heat map (the heuristic's snake
 * and corner gradient terms per cell, or what an n-tuple network values on
 * each cell), recomputed for every board the view shows from now on
 * (lh_board_view_set_board(), lh_board_view_animate_move()) while it is of
 * the evaluator's board size.  When the evaluator has no per-cell values
 * (a heuristic without a per-cell term) no heat map is shown.  The
 * tooltip's wording follows the values' unit (lh_evaluator_counts_points()).
 */
void lh_board_view_show_cell_values (LhBoardView *self, LhOwnedEvaluator *evaluation);

/**
 * lh_board_view_get_heat_map:
 * @cells: (out caller-allocates) (optional): the LH_WIDE_N_CELLS values
 *   shown, cell (r, c) at LH_WIDE_CELL (r, c) (zeros when none)
 * Returns: TRUE when a heat map is shown
 */
gboolean lh_board_view_get_heat_map (LhBoardView *self, double cells[LH_WIDE_N_CELLS]);

/**
 * lh_board_view_get_tile_colours:
 * @exponent: 0 (empty cell) to LH_WIDE_MAX_EXPONENT
 * @background, @foreground: (out) (optional): the tile's colours, as the
 *   board draws them (the original game's up to 2048; tiles past 2^20
 *   share the colour of 2^20)
 * For other drawings of boards (the inspector's mini-boards).
 */
void lh_board_view_get_tile_colours (guint exponent, GdkRGBA *background, GdkRGBA *foreground);

/**
 * lh_board_view_contrast_ratio:
 * Returns: the WCAG 2 contrast ratio of two opaque sRGB colours, 1 to 21
 *   (alpha is ignored); 4.5 is the least for text (level AA).
 */
double lh_board_view_contrast_ratio (const GdkRGBA *a, const GdkRGBA *b);


G_END_DECLS
