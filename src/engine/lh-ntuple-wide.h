/* lh-ntuple-wide.h: an n-tuple network (lh-ntuple.h) valuing wide boards
 * (lh-wide-board.h) by tile-downgrading.
 *
 * A network's cells hold 4 bits: it has never seen a tile above 32768.  A
 * board that holds one (a 4x4 game past 65536) is valued as the board it
 * resembles: its tiles downgraded (lh_wide_board_downgrade(); Guei, Chen
 * and Wu, "Optimistic Temporal Difference Learning for 2048", IEEE
 * Transactions on Games 14(3), 2022, as TDL2048+'s `-h` does) until its
 * largest tile is 32768, then valued by lh_ntuple_evaluate(), stage
 * included (the stage of the downgraded board, as TDL2048+).
 *
 * Thread safety: as lh_ntuple_evaluate().
 */
#pragma once

#include <glib.h>

#include "lh-ntuple.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * lh_ntuple_downgrade:
 * @afterstate: a wide board of @net's geometry (2 to 4 rows and columns)
 * @board_out: (out): the board @net values for @afterstate
 * @closed: (out) (optional): how many missing tiles were closed (0 when
 *   @afterstate has no tile above 32768)
 *
 * @afterstate itself when its tiles are at most 32768; otherwise
 * lh_wide_board_downgrade() by as many missing tiles as its largest tile
 * is above 32768 (one for a 65536, two for a 131072).  A board that misses
 * too few tiles for that (every tile from 2 up, on 16 cells: not a board
 * a game reaches) has its tiles above 32768 read as 32768.
 */
void lh_ntuple_downgrade (const LhNtuple *net,
                          LhWideBoard     afterstate,
                          LhBoard        *board_out,
                          guint          *closed);

/**
 * lh_ntuple_evaluate_wide:
 * @afterstate: a wide board of @net's geometry (2 to 4 rows and columns)
 * Returns: lh_ntuple_evaluate() of lh_ntuple_downgrade()'s board: for a
 *   board with no tile above 32768, the same float as lh_ntuple_evaluate().
 */
float lh_ntuple_evaluate_wide (const LhNtuple *net, LhWideBoard afterstate);

G_END_DECLS
