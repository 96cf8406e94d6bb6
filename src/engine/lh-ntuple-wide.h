/* lh-ntuple-wide.h: an n-tuple network (lh-ntuple.h) valuing wide boards
 * (lh-wide-board.h): 5x5 networks, and tiles above 32768 by
 * tile-downgrading.
 *
 * A network's cells hold 4 bits: it has never seen a tile above 32768.  A
 * board that holds one (a 4x4 game past 65536, a long 5x5 game) is valued
 * as the board it resembles: its tiles downgraded (lh_wide_board_downgrade();
 * Guei, Chen and Wu, "Optimistic Temporal Difference Learning for 2048",
 * IEEE Transactions on Games 14(3), 2022, as TDL2048+'s `-h` does) until
 * its largest tile is 32768, then valued by the network, stage included
 * (the stage of the downgraded board, as TDL2048+).
 *
 * Every function here takes a network of any geometry.  A network of 2 to
 * 4 rows and columns values the board through its 64-bit path
 * (lh_ntuple_evaluate() and its kin, the same floats); a wide network
 * (lh_ntuple_is_wide(): a side of 5) reads the wide board's 5-bit cells
 * directly, with the same feature layout, stage rule and order of the
 * additions.
 *
 * Thread safety: as lh_ntuple_evaluate().
 */
#pragma once

#include <glib.h>

#include "lh-ntuple.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * lh_ntuple_downgrade_wide:
 * @afterstate: a wide board of @net's geometry
 * @closed: (out) (optional): how many missing tiles were closed (0 when
 *   @afterstate has no tile above 32768)
 *
 * Returns: the board @net reads for @afterstate, every cell 0 to 15:
 *   @afterstate itself when its tiles are at most 32768; otherwise
 *   lh_wide_board_downgrade() by as many missing tiles as its largest tile
 *   is above 32768 (one for a 65536, two for a 131072).  A board that
 *   misses too few tiles for that (every tile from 2 up: not a board a game
 *   reaches on 16 cells, rare on 25) has its tiles above 32768 read as
 *   32768.
 */
LhWideBoard lh_ntuple_downgrade_wide (LhWideBoard afterstate, guint *closed);

/**
 * lh_ntuple_downgrade:
 * @afterstate: a wide board of @net's geometry (2 to 4 rows and columns)
 * @board_out: (out): the board @net values for @afterstate
 * @closed: (out) (optional): as lh_ntuple_downgrade_wide()
 *
 * lh_ntuple_downgrade_wide() as a 64-bit board, for a network of 2 to 4
 * rows and columns.
 */
void lh_ntuple_downgrade (const LhNtuple *net,
                          LhWideBoard     afterstate,
                          LhBoard        *board_out,
                          guint          *closed);

/**
 * lh_ntuple_stage_wide:
 * @board: a board every cell of which is 0 to 15 (lh_ntuple_downgrade_wide())
 * Returns: as lh_ntuple_stage() for the same tiles: the last stage k >= 1
 *   whose tiles @board all holds, else 0.
 */
guint lh_ntuple_stage_wide (const LhNtuple *net, LhWideBoard board);

/**
 * lh_ntuple_evaluate_wide:
 * @afterstate: a wide board of @net's geometry
 * Returns: the value of lh_ntuple_downgrade_wide()'s board, in points
 *   still to score: for a network of up to 4x4 and a board with no tile
 *   above 32768, the same float as lh_ntuple_evaluate().
 */
float lh_ntuple_evaluate_wide (const LhNtuple *net, LhWideBoard afterstate);

/**
 * lh_ntuple_evaluate_indices_wide:
 * @indices: (out caller-allocates): n_features entries, as
 *   lh_ntuple_evaluate_indices() gives them for the downgraded board
 * Returns: lh_ntuple_evaluate_wide(), also giving each feature's index, for
 *   a trainer (lh-td-train.h) on wide boards.
 */
float lh_ntuple_evaluate_indices_wide (const LhNtuple *net, LhWideBoard afterstate,
                                       guint32 *indices);

/**
 * lh_ntuple_contributions_wide:
 * @per_shape: (out caller-allocates): n_shapes entries, as
 *   lh_ntuple_contributions() of the downgraded board
 */
void lh_ntuple_contributions_wide (const LhNtuple *net, LhWideBoard board, double *per_shape);

/**
 * lh_ntuple_cell_values_wide:
 * @cells: (out caller-allocates): LH_WIDE_N_CELLS entries, cell (r, c) at
 *   LH_WIDE_CELL (r, c) (0 outside the geometry), as lh_ntuple_cell_values()
 *   of the downgraded board: each feature's weight shared among its cells.
 */
void lh_ntuple_cell_values_wide (const LhNtuple *net, LhWideBoard board,
                                 double cells[LH_WIDE_N_CELLS]);

G_END_DECLS
