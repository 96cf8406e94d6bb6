/* lh-board-text.h: the board text format of ARCHITECTURE.md.
 *
 * tiles form: rows separated by '/', cells by spaces or commas, each cell a
 *   tile value (2, 4, ... 2^31), 0 or '.' for empty: "2 0 0 4/0 0 0 0/0 8 0 0/0 0 0 2".
 * hex form: one digit per cell, the exponent of the tile: 0-9, a-f (10-15,
 *   so f is 32768), then g (16, 65536) to v (31, 2^31), either case; rows
 *   separated by '/'; for a 4x4 board the '/' may be left out:
 *   "0000000000000000".  Every board of 4-bit cells reads and writes as
 *   before the digits g-v were added.
 * Boards have 2 to 5 rows and 2 to 5 columns, every row the same length.
 * The wide functions read and write all of them (LhWideBoard); the LhBoard
 * ones take those that fit 64 bits (sides up to 4, tiles up to 32768) and
 * reject the others with LH_BOARD_TEXT_ERROR_TOO_LARGE.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

#define LH_BOARD_TEXT_ERROR (lh_board_text_error_quark ())
GQuark lh_board_text_error_quark (void);

typedef enum {
  LH_BOARD_TEXT_ERROR_EMPTY,       /* nothing but white space */
  LH_BOARD_TEXT_ERROR_BAD_CELL,    /* a cell that is no tile value / hex digit */
  LH_BOARD_TEXT_ERROR_SHAPE,       /* too few/many rows or columns, ragged rows */
  LH_BOARD_TEXT_ERROR_TOO_LARGE,   /* a valid board that needs LhWideBoard: a side
                                    * of 5 or a tile above 32768 (lh_board_parse) */
} LhBoardTextError;

/**
 * lh_board_parse:
 * @text: a board in tiles or hex form; leading and trailing white space is ignored
 * @board: (out): the board
 * @geometry: (out): its shape
 * @error: LH_BOARD_TEXT_ERROR; the message names what is wrong and where
 *   ("row 2, cell 3: '5' is not a tile value (2, 4, 8 ... 32768, or 0 or . for empty)")
 *
 * A text with no space or comma and only hex digits and '/' is read as hex
 * form; anything else as tiles form.  "0/0" style ambiguity does not arise: a
 * 1-character cell '0' means empty in both forms.
 *
 * Returns: TRUE on success; on failure *board and *geometry are unchanged.
 *   A board with a side of 5 or a tile above 32768 fails with
 *   LH_BOARD_TEXT_ERROR_TOO_LARGE (lh_wide_board_parse() reads it).
 */
gboolean lh_board_parse (const char *text,
                         LhBoard    *board,
                         LhGeometry *geometry,
                         GError    **error);

/**
 * lh_board_to_hex:
 * Returns: (transfer full): the hex form; for 4x4 16 digits without '/',
 *   otherwise rows separated by '/'.  Free with g_free().
 */
char *lh_board_to_hex (LhBoard board, LhGeometry geometry);

/**
 * lh_board_to_tiles:
 * Returns: (transfer full): the tiles form, cells separated by one space,
 *   rows by '/', empty cells as 0.  Free with g_free().
 */
char *lh_board_to_tiles (LhBoard board, LhGeometry geometry);

/**
 * lh_wide_board_parse:
 * @text: a board in tiles or hex form, 2 to 5 rows and columns, tiles up
 *   to 2^31 (hex digits up to 'v')
 * @board: (out): the board
 * @geometry: (out): its shape
 * @error: LH_BOARD_TEXT_ERROR (never TOO_LARGE), as lh_board_parse()
 *
 * Returns: TRUE on success; on failure *board and *geometry are unchanged.
 */
gboolean lh_wide_board_parse (const char  *text,
                              LhWideBoard *board,
                              LhGeometry  *geometry,
                              GError     **error);

/**
 * lh_wide_board_to_hex:
 * Returns: (transfer full): the hex form (digits up to 'v'); 4x4 as 16
 *   digits without '/', other sizes with rows separated by '/'.  The same
 *   text as lh_board_to_hex() for every board LhBoard holds.
 */
char *lh_wide_board_to_hex (LhWideBoard board, LhGeometry geometry);

/**
 * lh_wide_board_to_tiles:
 * Returns: (transfer full): the tiles form, as lh_board_to_tiles().
 */
char *lh_wide_board_to_tiles (LhWideBoard board, LhGeometry geometry);

G_END_DECLS
