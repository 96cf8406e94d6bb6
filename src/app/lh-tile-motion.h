/* lh-tile-motion.h: where every tile goes in one move, for the slide animation.
 *
 * The engine gives only the afterstate of a move; the board view needs the path
 * of each tile.  This replays the slide per line on the old board with the same
 * rules as lh-board.h (tiles slide to the wall, equal tiles merge once per move,
 * the pair nearest the wall first, two 32768 tiles never merge).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

/**
 * LhTileMotion:
 * @from_row, @from_col: the tile's cell before the move
 * @to_row, @to_col: its cell in the afterstate
 * @exponent: the tile's exponent before the move (1 = 2, 2 = 4, ...)
 * @merged: TRUE when the tile ends in a merge (both tiles of a merged pair
 *   have it set; the cell they reach holds @exponent + 1 afterwards)
 */
typedef struct {
  guint8   from_row;
  guint8   from_col;
  guint8   to_row;
  guint8   to_col;
  guint8   exponent;
  gboolean merged;
} LhTileMotion;

/**
 * lh_tile_motions_compute:
 * @board: the board before the move
 * @geometry: its shape
 * @move: the move
 * @motions: (out caller-allocates): room for 16 motions, one per tile of @board
 * @afterstate: (out) (optional): the board the motions lead to
 *
 * Returns: the number of motions written (the number of tiles on @board);
 *   tiles that do not move are included with from == to.  The afterstate
 *   equals lh_board_move (@board, @geometry, @move, NULL).
 */
guint lh_tile_motions_compute (LhBoard       board,
                               LhGeometry    geometry,
                               LhMove        move,
                               LhTileMotion  motions[16],
                               LhBoard      *afterstate);

G_END_DECLS
