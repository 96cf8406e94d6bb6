/* lh-json-member.h: reading the members of a JSON object of a Lookahead
 * file (the save file, the game record), each failure a message that names
 * where it is and what is wrong: "game.json, move 17: the member “points”
 * is 8, outside 0..4".
 *
 * Every message is valid UTF-8 however broken the file is (the file's own
 * text is quoted as an excerpt, lh_format_excerpt()).  Errors are
 * G_IO_ERROR_INVALID_DATA.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * lh_json_member_invalid:
 * Sets @error to G_IO_ERROR_INVALID_DATA with the formatted message (made
 * valid UTF-8).  Returns: FALSE, so that a reader can `return lh_json_member_invalid (...)`.
 */
gboolean lh_json_member_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

/**
 * lh_json_member_int:
 * @where: the place named in a message ("game.json", "game.json, move 3")
 * The member @name of @object, an integer in [@min, @max], in @value.
 * Returns: FALSE with @error when it is missing, not an integer or out of range.
 */
gboolean lh_json_member_int (JsonObject  *object,
                             const char  *where,
                             const char  *name,
                             gint64       min,
                             gint64       max,
                             gint64      *value,
                             GError     **error);

/**
 * lh_json_member_string:
 * Returns: (transfer none) (nullable): the member @name of @object, a
 *   string owned by @object; NULL with @error when missing or not a string.
 */
const char *lh_json_member_string (JsonObject  *object,
                                   const char  *where,
                                   const char  *name,
                                   GError     **error);

/**
 * lh_json_member_object:
 * Returns: (transfer none) (nullable): the member @name of @object, an
 *   object; NULL with @error when missing or not an object.
 */
JsonObject *lh_json_member_object (JsonObject  *object,
                                   const char  *where,
                                   const char  *name,
                                   GError     **error);

/**
 * lh_json_member_wide_board:
 * The member @name of @object, a board in text form (lh_wide_board_parse():
 * the hex form as written, any size 2x2 to 5x5, tiles up to 2^31) that
 * must have @geometry, in @board.
 * Returns: FALSE with @error when it is missing, no board, or another size.
 */
gboolean lh_json_member_wide_board (JsonObject  *object,
                                    const char  *where,
                                    const char  *name,
                                    LhGeometry   geometry,
                                    LhWideBoard *board,
                                    GError     **error);

/**
 * lh_json_parse:
 * @where: the file's name, for messages
 * Parses @data (@length bytes, -1 when NUL-terminated) whose root must be
 * an object.
 * Returns: (transfer full) (nullable): the parser holding it (the root is
 *   json_parser_get_root()), or NULL with @error: a JSON_PARSER_ERROR with
 *   line and column (its message made valid UTF-8), or
 *   G_IO_ERROR_INVALID_DATA when the root is no object.
 */
JsonParser *lh_json_parse (const char  *data,
                           gssize       length,
                           const char  *where,
                           GError     **error);

G_END_DECLS
