/* lh-format.h: numbers and boards written for people, shared by the app's
 * views and the inspector's descriptions (GLib only). */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * lh_format_compact:
 * @value: a number (heuristic points, a mean value)
 * @show_sign: TRUE to write "+" before a positive value (for changes)
 * Returns: (transfer full): @value in at most 3 significant digits with a
 *   suffix k (thousand), M (million), G (10^9), T (10^12), e.g. "12.3k",
 *   "−1.50M", "0.25"; negative values take the minus sign U+2212; "NaN",
 *   "∞" and "−∞" for the values that are not finite.  Uses the locale's
 *   decimal separator.  Free with g_free().
 */
char *lh_format_compact (double value, gboolean show_sign);

/**
 * lh_format_move_label:
 * @move: an LhMove, or LH_MOVE_NONE (or any other value)
 * Returns: (transfer none): the move's name for people, translated: "Up",
 *   "Down", "Left", "Right", or "none".
 */
const char *lh_format_move_label (int move);

/**
 * lh_board_describe_append:
 * @text: where the words go; a sentence is separated from what @text
 *   already holds by a space
 * @board: the position
 * @geometry: its shape (2 to 4 rows and columns)
 *
 * lh_board_describe_wide_append() of the 64-bit @board.
 */
void lh_board_describe_append (GString *text, LhBoard board, LhGeometry geometry);

/**
 * lh_board_describe_wide_append:
 * @text: where the words go, as lh_board_describe_append()
 * @board: the position, a wide board
 * @geometry: its shape (2 to 5 rows and columns)
 *
 * Appends @board in words for screen readers, one sentence per row, top to
 * bottom, each cell left to right as its tile value or "empty":
 * "Row 1: empty, 2, empty, empty. Row 2: 4, 8, empty, empty." (translated).
 * The board view's description (after the score) and the inspector's mini
 * board both read this way.
 */
void lh_board_describe_wide_append (GString *text, LhWideBoard board, LhGeometry geometry);

/** The most characters of a token or value that a message quotes. */
#define LH_FORMAT_EXCERPT_SHORT 40
/** The most characters of another library's message (json-glib's, GOption's)
 * passed on. */
#define LH_FORMAT_EXCERPT_MESSAGE 2000

/**
 * lh_format_excerpt:
 * @text: (nullable): text from outside (a file, the command line, another
 *   library's message): any bytes
 * @length: the length of @text in bytes, or -1 when it ends at a NUL
 * @max_chars: the most characters of @text to keep, 0 for no limit
 * Returns: (transfer full): @text made safe to quote in a message, the one
 *   place every message that quotes outside text goes through: always valid
 *   UTF-8; a byte that is not part of a UTF-8 character written \xNN; tab,
 *   line feed and carriage return written \t, \n, \r, any other ASCII
 *   control character \xNN and any other character that does not print
 *   (C1 controls, format characters such as U+202E) \u{NNNN}; cut after
 *   @max_chars characters of @text with "…".  "" for NULL.  Free with
 *   g_free().
 */
char *lh_format_excerpt (const char *text, gssize length, gsize max_chars);

G_END_DECLS
