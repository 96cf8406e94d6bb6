/* lh-board-text.h: the board text format of ARCHITECTURE.md.
 *
 * tiles form: rows separated by '/', cells by spaces or commas, each cell a
 *   tile value (2, 4, ... 32768), 0 or '.' for empty: "2 0 0 4/0 0 0 0/0 8 0 0/0 0 0 2".
 * hex form: one hex digit per cell, the exponent of the tile, rows separated
 *   by '/'; for a 4x4 board the '/' may be left out: "0000000000000000".
 * Boards have 2 to 4 rows and 2 to 4 columns, every row the same length.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

#define LH_BOARD_TEXT_ERROR (lh_board_text_error_quark ())
GQuark lh_board_text_error_quark (void);

typedef enum {
  LH_BOARD_TEXT_ERROR_EMPTY,       /* nothing but white space */
  LH_BOARD_TEXT_ERROR_BAD_CELL,    /* a cell that is no tile value / hex digit */
  LH_BOARD_TEXT_ERROR_SHAPE,       /* too few/many rows or columns, ragged rows */
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

G_END_DECLS
