/* lh-wide-board.h: the wide board, for 5x5 boards and tiles above 32768.
 *
 * The 64-bit LhBoard (lh-board.h) holds 4x4 cells of 4 bits: no 5th row or
 * column, no tile above 32768 (exponent 15), so two 32768 tiles cannot
 * merge.  The wide board is a 128-bit word of 5-bit cells: up to 5 rows and
 * 5 columns, exponents 0 to 31 (tiles up to 2^31).  It is the
 * representation a board moves to when it needs it (issue 28: a 5x5 game,
 * or a 32768 about to merge on 4x4); the 4x4 path stays on LhBoard and its
 * tables, at its speed.
 *
 * Layout: cell (row r, column c) is the 5 bits at bit 5 x (5r + c), row 0
 * the top row and column 0 the left column, whatever the geometry (a 4x4
 * board leaves row 4 and column 4 empty).  A cell holds the base-2
 * exponent of its tile (0 empty, 1 = 2 ... 31 = 2^31); cells outside the
 * geometry are always 0.
 *
 * Rules: those of lh-board.h, on lines of up to 5 cells: a move slides
 * every tile as far as it goes; two equal tiles that meet merge once per
 * move, the pair nearest the wall first; the points are the merged tiles'
 * values.  Two 2^31 tiles (exponent 31) do not merge: the cell cannot hold
 * 2^32.  A move that changes nothing is illegal.  Moves go line by line
 * through one table of every 4-cell line of tiles up to 32768 (512 KiB,
 * built on the first wide move; a table of every 5-cell line of 5-bit
 * cells would take 2^25 entries): a 5th cell is put after the first four,
 * and a line with a tile above 32768 is slid cell by cell.
 *
 * Thread safety: every function is pure (the table is built once, under
 * g_once_init_enter()).
 */
#pragma once

#include <glib.h>

#include "lh-board.h"
#include "lh-rng.h"

G_BEGIN_DECLS

typedef unsigned __int128 LhWideBoard;

/** Most rows and columns of a wide board. */
#define LH_WIDE_MAX_SIDE 5
/** Bits of one cell. */
#define LH_WIDE_CELL_BITS 5
/** Largest exponent a cell holds: 31 = 2^31. */
#define LH_WIDE_MAX_EXPONENT 31

/** Cells of a per-cell array of a wide board (a heat map): cell (r, c) at LH_WIDE_CELL (r, c). */
#define LH_WIDE_N_CELLS (LH_WIDE_MAX_SIDE * LH_WIDE_MAX_SIDE)
/** LH_WIDE_CELL: the index of cell (@r, @c) in such an array, 5 @r + @c, whatever the geometry. */
#define LH_WIDE_CELL(r, c) (LH_WIDE_MAX_SIDE * (r) + (c))

/** lh_wide_geometry_is_valid: TRUE when rows and cols are both in 2..5. */
gboolean lh_wide_geometry_is_valid (LhGeometry geometry);

/**
 * lh_geometry_cell_stride:
 * @geometry: a board of 2 to 5 rows and columns
 * Returns: the stride of a cell index, stride x row + col, on @geometry: 4
 *   on a board of up to 4x4 (the nibble index of lh-board.h, as every
 *   index Lookahead wrote before 5x5), 5 on a board with a side of 5
 *   (LH_WIDE_CELL()).  The n-tuple shapes' cells, the search-tree record's
 *   spawn cells, the expected line's and the mini board's ringed cell are
 *   numbered so.
 */
static inline guint
lh_geometry_cell_stride (LhGeometry geometry)
{
  return geometry.rows <= 4 && geometry.cols <= 4 ? 4 : 5;
}

/** lh_wide_board_get_cell: the exponent (0..31) at row @row, column @col. */
static inline guint
lh_wide_board_get_cell (LhWideBoard board, guint row, guint col)
{
  return (guint) (board >> (LH_WIDE_CELL_BITS * (LH_WIDE_MAX_SIDE * row + col))) & 0x1f;
}

/** lh_wide_board_set_cell: @board with (@row, @col) set to @exponent (0..31). */
static inline LhWideBoard
lh_wide_board_set_cell (LhWideBoard board, guint row, guint col, guint exponent)
{
  guint shift = LH_WIDE_CELL_BITS * (LH_WIDE_MAX_SIDE * row + col);

  return (board & ~((LhWideBoard) 0x1f << shift)) | ((LhWideBoard) (exponent & 0x1f) << shift);
}

/**
 * lh_wide_board_get_rows:
 * @rows: (out caller-allocates): @geometry.rows words: row r's cells, cell
 *   c at bit 5c
 * Reads the rows of @board as 32-bit words, one 128-bit shift a row (the
 * way to read many cells).
 */
static inline void
lh_wide_board_get_rows (LhWideBoard board, LhGeometry geometry, guint32 rows[LH_WIDE_MAX_SIDE])
{
  for (guint r = 0; r < geometry.rows; r++)
    rows[r] = (guint32) (board >> (LH_WIDE_CELL_BITS * LH_WIDE_MAX_SIDE * r)) & 0x1ffffffu;
}

/**
 * lh_wide_tile_value:
 * Returns: the tile of @exponent (0..31): 0 for 0, else 2^@exponent.
 */
static inline guint64
lh_wide_tile_value (guint exponent)
{
  return exponent == 0 ? 0 : (guint64) 1 << exponent;
}

/**
 * lh_wide_board_move:
 * @geometry: a wide geometry (lh_wide_geometry_is_valid())
 * @points: (out) (optional): the points the move scores (0 when illegal);
 *   64 bits, since 25 merges of 2^31 tiles exceed 32
 * Returns: the board after @move, before the spawn; @board itself when the
 *   move is illegal.
 */
LhWideBoard lh_wide_board_move (LhWideBoard board, LhGeometry geometry, LhMove move,
                                guint64 *points);

/** lh_wide_board_legal_moves: a bit (1 << LhMove) per legal move. */
guint lh_wide_board_legal_moves (LhWideBoard board, LhGeometry geometry);

/** lh_wide_board_count_empty: the empty cells inside @geometry. */
guint lh_wide_board_count_empty (LhWideBoard board, LhGeometry geometry);

/** lh_wide_board_max_exponent: the largest exponent on @board (0 when empty). */
guint lh_wide_board_max_exponent (LhWideBoard board);

/**
 * lh_wide_board_spawn:
 * Places one tile (2 at 0.9, 4 at 0.1) in a uniformly chosen empty cell of
 * @board, with the draws of lh_board_spawn(): one lh_rng_below (empty),
 * the k-th empty cell in reading order, then one lh_rng_below (10); so a
 * game that moves from LhBoard to the wide board keeps its tiles.
 * Returns: the new board; @board itself when it has no empty cell.
 */
LhWideBoard lh_wide_board_spawn (LhWideBoard board, LhGeometry geometry, LhRng *rng);

/**
 * lh_wide_board_from_board:
 * @geometry: @board's geometry (2..4 a side)
 * Returns: @board as a wide board: the same cells, the same tiles.
 */
LhWideBoard lh_wide_board_from_board (LhBoard board, LhGeometry geometry);

/**
 * lh_wide_board_to_board:
 * @board_out: (out): the board, when it fits
 * Returns: FALSE when @board does not fit LhBoard: @geometry has a side of
 *   5, or a tile above 32768 (exponent above 15); *@board_out unchanged.
 */
gboolean lh_wide_board_to_board (LhWideBoard board, LhGeometry geometry, LhBoard *board_out);

/**
 * lh_wide_board_downgrade:
 * @n: how many missing tiles to close, 1 or more
 * @closed: (out) (optional): how many were closed: @n, or fewer when the
 *   board misses fewer tiles
 *
 * Tile-downgrading (Guei, Chen and Wu, "Optimistic Temporal Difference
 * Learning for 2048", IEEE Transactions on Games 14(3), 2022; TDL2048+'s
 * board::shift80()): of the tiles 2, 4 ... below the largest tile on
 * @board (exponents 1 to max - 1) that no cell holds, take the @n largest; every
 * tile above one of them goes down by one step for each of them below it.
 * The board keeps the order of its tiles (equal tiles stay equal, a larger
 * tile stays larger, tiles below the closed gaps stay as they are) with
 * its largest tiles made smaller, so that an n-tuple network that never
 * saw a 65536 values a board that has one as the board it resembles.
 * For example 65536 32768 8192 2 (no 16384) becomes 32768 16384 8192 2.
 *
 * Returns: the downgraded board; @board itself when it misses no tile.
 */
LhWideBoard lh_wide_board_downgrade (LhWideBoard board, guint n, guint *closed);

G_END_DECLS
