/* lh-board-arrow.h: the arrows drawn over the board: the AI's best move and,
 * on a position of a reviewed game, the move played there.  Functions of
 * the board view's drawing, no widget of their own; main thread. */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"

G_BEGIN_DECLS

/**
 * LhBoardArrowStyle:
 * @LH_BOARD_ARROW_BEST: a solid arrow in the accent blue, through the
 *   board's centre: the move the AI prefers
 * @LH_BOARD_ARROW_PLAYED: a dashed arrow in orange: the move played
 *   (drawn beside the best one, so each stays readable)
 */
typedef enum {
  LH_BOARD_ARROW_BEST,
  LH_BOARD_ARROW_PLAYED,
} LhBoardArrowStyle;

/**
 * lh_board_arrow_append:
 * @snapshot: the board view's snapshot
 * @area: the board's frame, in the widget's coordinates (px)
 * @move: the direction (LhMove); nothing is drawn for another value
 * @style: which arrow
 * @shifted: draw the arrow shorter and moved ahead of the centre, so two
 *   arrows of different directions (best and played) do not cross
 * Draws an arrow pointing in @move's direction, its length about a quarter
 * of the board's smaller side.
 */
void lh_board_arrow_append (GtkSnapshot           *snapshot,
                            const graphene_rect_t *area,
                            int                    move,
                            LhBoardArrowStyle      style,
                            gboolean               shifted);

G_END_DECLS
