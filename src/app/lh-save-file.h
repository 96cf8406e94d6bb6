/* lh-save-file.h: the saved game, $XDG_DATA_HOME/lookahead/game.json.
 *
 * JSON (json-glib), format 3:
 *   { "format": 3, "rows": 4, "cols": 4,       2 to 5 each
 *     "board": "<hex form of lh-board-text.h>", "score": 1234, "moves": 56,
 *     "rng": ["<16 hex digits>" x 4],            xoshiro256** state s[0..3]
 *     "won": false,                               2048 announced, keep playing
 *     "record": { the game record's members, lh-game-record.h: "rules",
 *                 "rows", "cols", "start", "moves", "end" } }
 * The record holds every move of the game (none dropped; moves taken back
 * left out) and must end at "board" and "score"; the undo history is its
 * last LH_GAME_MAX_UNDO positions.  Format 3 holds a record of version 2,
 * format 2 one of version 1 (whose "2048" rules are the capped rules:
 * lh_game_record_from_json()); formats 1 and 2 were 64-bit boards only,
 * up to 4x4 with tiles up to 32768.  Format 1 had "history" instead, the
 * boards and scores before each of the last moves, oldest first: it still
 * loads, its moves inferred from those positions
 * (lh_game_record_new_inferred()), its players unknown.
 * Writing is atomic (g_file_set_contents_full(): a temporary file, flushed
 * to disk, renamed over the old one; then the folder is flushed): a crash or
 * SIGKILL at any moment leaves the old save or the new one, never a part of
 * one (tests/gui/test-crash-save.c kills the app mid-save to check).
 * Reading checks every member and says which one is wrong.
 */
#pragma once

#include <glib.h>
#include "lh-game.h"

G_BEGIN_DECLS

/** Version of the format written by lh_save_file_to_data(). */
#define LH_SAVE_FILE_FORMAT 3

/**
 * lh_save_file_default_path:
 * Returns: (transfer full): $XDG_DATA_HOME/lookahead/game.json.  Free with g_free().
 */
char *lh_save_file_default_path (void);

/**
 * lh_save_file_to_data:
 * @game: the game
 * @won: whether reaching 2048 was announced already
 * Returns: (transfer full): the JSON text, NUL-terminated.  Free with g_free().
 */
char *lh_save_file_to_data (const LhGame *game, gboolean won);

/**
 * lh_save_file_from_data:
 * @data: JSON text of @length bytes (-1 when NUL-terminated)
 * @won: (out) (optional): the saved won flag
 * @error: G_IO_ERROR_INVALID_DATA, the message naming the member that is
 *   wrong and why; G_IO_ERROR_NOT_SUPPORTED when a newer version of the
 *   program wrote it ("format" above LH_SAVE_FILE_FORMAT: the data may well
 *   be good, so it must not be treated as corrupt); or a JSON_PARSER_ERROR
 *   with line and column.  Messages are valid UTF-8 even when the file is not.
 * Returns: (transfer full) (nullable): the game, or NULL with @error.
 */
LhGame *lh_save_file_from_data (const char *data,
                                gssize      length,
                                gboolean   *won,
                                GError    **error);

/**
 * lh_save_file_save:
 * Writes @game atomically to @path, creating its directory.
 * Returns: FALSE with @error (G_FILE_ERROR) when it cannot be written.
 */
gboolean lh_save_file_save (const char   *path,
                            const LhGame *game,
                            gboolean      won,
                            GError      **error);

/**
 * lh_save_file_write_data:
 * Writes @data (NUL-terminated JSON from lh_save_file_to_data()) atomically
 * to @path, creating its directory: a temporary file is written, flushed to
 * disk and renamed over @path, so a crash leaves the old or the new save,
 * never half of one.  Safe to call from any thread (touches no GObject).
 * Returns: FALSE with @error (G_FILE_ERROR) when it cannot be written.
 */
gboolean lh_save_file_write_data (const char  *path,
                                  const char  *data,
                                  GError     **error);

/**
 * lh_save_file_session_path:
 * Returns: (transfer full): a path next to @path that names no existing file,
 *   "@path.session-YYYYMMDD-HHMMSS" (with "-2", "-3" ... added if needed),
 *   where a session's game goes when @path must not be overwritten (it
 *   holds a save this version cannot read but may be good).  Free with g_free().
 */
char *lh_save_file_session_path (const char *path);

/**
 * lh_save_file_find_sessions:
 * Returns: (transfer full): the "@path.session-*" files next to @path, newest
 *   name first (the names sort by time), as a NULL-terminated array of full
 *   paths; empty when there are none.  Free with g_strfreev().
 */
char **lh_save_file_find_sessions (const char *path);

/**
 * lh_save_file_load:
 * Reads @path.  Returns: (transfer full) (nullable): the game, or NULL with
 * @error: G_FILE_ERROR_NOENT when there is no saved game, another
 * G_FILE_ERROR when it cannot be read, or an error of lh_save_file_from_data().
 */
LhGame *lh_save_file_load (const char *path,
                           gboolean   *won,
                           GError    **error);

/**
 * lh_save_file_is_temporary:
 * @path: a save's path
 * @name: a file name in @path's folder
 * Returns: whether @name is a temporary file of a save of @path:
 *   "<basename of @path>.XXXXXX", where XXXXXX are the six ASCII letters and
 *   digits g_file_set_contents_full() (g_mkstemp()) draws.
 */
gboolean lh_save_file_is_temporary (const char *path, const char *name);

/**
 * lh_save_file_remove_temporaries:
 * Removes the temporary files (lh_save_file_is_temporary()) that a crash
 * inside a save of @path left in its folder: a SIGKILL or a power cut
 * between g_file_set_contents_full()'s creating its temporary file and its
 * rename.  They hold at most a part of a save, never the only copy of one.
 * Call it at start, before the first save: Lookahead is a unique
 * application, so no other instance is writing there.
 * Returns: how many were removed; a file that cannot be removed stays.
 */
guint lh_save_file_remove_temporaries (const char *path);

/**
 * lh_save_file_set_aside:
 * Renames @path to "@path.corrupt-YYYYMMDD-HHMMSS" (with "-2", "-3" ... added
 * if that exists), so a save that could not be read is kept, never overwritten.
 * Returns: (transfer full) (nullable): the new path, or NULL with @error
 *   (G_FILE_ERROR) when the rename failed.
 */
char *lh_save_file_set_aside (const char *path, GError **error);

G_END_DECLS
