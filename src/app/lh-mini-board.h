/* lh-mini-board.h: a small, static drawing of a board.
 *
 * The inspector's picture of a node's position (the selected node, and the
 * tooltip of a hovered node): the board's colours and tile values, at a
 * fixed cell size, without animation or input.  Its accessible description
 * is the board in words (lh_board_describe_append()), kept current.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

#define LH_TYPE_MINI_BOARD (lh_mini_board_get_type ())
G_DECLARE_FINAL_TYPE (LhMiniBoard, lh_mini_board, LH, MINI_BOARD, GtkWidget)

/**
 * lh_mini_board_new:
 * @cell_size: side of a cell in px (12 to 64)
 * Returns: (transfer floating): an empty 4x4 mini-board.
 */
GtkWidget *lh_mini_board_new (int cell_size);

/** lh_mini_board_set_board: shows the 64-bit @board of @geometry (an invalid geometry shows nothing). */
void lh_mini_board_set_board (LhMiniBoard *self, LhBoard board, LhGeometry geometry);
/**
 * lh_mini_board_set_wide_board:
 * Shows the wide @board of @geometry (2 to 5 a side, tiles to 2^31; an
 * invalid geometry shows nothing).
 */
void lh_mini_board_set_wide_board (LhMiniBoard *self, LhWideBoard board, LhGeometry geometry);

/**
 * lh_mini_board_set_marked_cell:
 * @cell: stride x row + column (row 0 at the top; lh_geometry_cell_stride()
 *   of the board's geometry: 4 up to 4x4, 5 with a side of 5) of a cell to
 *   ring in the accent colour (a tile that just spawned), or -1 for none
 */
void lh_mini_board_set_marked_cell (LhMiniBoard *self, int cell);

/** lh_mini_board_get_marked_cell: Returns: the ringed cell, or -1. */
int lh_mini_board_get_marked_cell (LhMiniBoard *self);

/** lh_mini_board_get_board: the board shown on the 64-bit board, or 0 when it does not fit one. */
LhBoard lh_mini_board_get_board (LhMiniBoard *self);
/** lh_mini_board_get_wide_board: the board shown. */
LhWideBoard lh_mini_board_get_wide_board (LhMiniBoard *self);

G_END_DECLS
