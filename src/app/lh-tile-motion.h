/* lh-tile-motion.h: where every tile goes in one move, for the slide animation.
 *
 * The engine gives only the afterstate of a move; the board view needs the path
 * of each tile.  This replays the slide per line on the old board with the same
 * rules as lh_rules_move() (tiles slide to the wall, equal tiles merge once
 * per move, the pair nearest the wall first; by the capped rules two 32768
 * tiles never merge, by the original game two 2^31 tiles never do).
 */
#pragma once

#include <glib.h>
#include "lh-game.h"

/** Most motions of one move: one per cell of a 5x5 board. */
#define LH_TILE_MOTIONS_MAX 25

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
 * @board: the board before the move, a wide board of any size
 * @geometry: its shape (2 to 5 a side)
 * @rules: the rules it is played by (which pair of tiles may not merge)
 * @move: the move
 * @motions: (out caller-allocates): room for LH_TILE_MOTIONS_MAX motions,
 *   one per tile of @board
 * @afterstate: (out) (optional): the board the motions lead to
 *
 * Returns: the number of motions written (the number of tiles on @board);
 *   tiles that do not move are included with from == to.  The afterstate
 *   equals lh_rules_move (@rules, @board, @geometry, @move, NULL).
 */
guint lh_tile_motions_compute (LhWideBoard   board,
                               LhGeometry    geometry,
                               LhRules       rules,
                               LhMove        move,
                               LhTileMotion  motions[LH_TILE_MOTIONS_MAX],
                               LhWideBoard  *afterstate);

G_END_DECLS
