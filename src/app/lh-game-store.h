/* lh-game-store.h: where the game lives on disk, and when it is written.
 *
 * The save/restore policy of the window, apart from any widget:
 *
 * - Restoring (lh_game_store_restore()) reads the save file.  A file that
 *   holds invalid data (a JSON parse error or a member that is wrong) is
 *   corrupt: it is moved aside ("game.json.corrupt-<time>") and a new game
 *   starts.  A file that cannot be read (no permission, an I/O error), or that
 *   a newer version of Lookahead wrote, may well be good: it is left alone and
 *   never overwritten.  Then the newest earlier session saved beside it
 *   ("game.json.session-<time>", see below) is restored if there is one, and
 *   otherwise a new game starts; either way this session is saved to that
 *   separate file, and the problem says where.
 * - Every change of the model schedules a save LH_GAME_STORE_SAVE_DELAY_MS
 *   later (several changes, one write).  The JSON is made on the main thread;
 *   the write (atomic, flushed to disk) runs in a GTask thread, so the main
 *   thread never waits for the disk.  Writes are ordered: an older write
 *   that finishes late never replaces a newer one.
 * - lh_game_store_save_now() writes synchronously, for closing the window.
 * - A failed write emits ::save-failed once; after a write succeeds, the next
 *   failure is reported again.
 *
 * Main thread only (the write threads touch no GObject).
 */
#pragma once

#include <glib-object.h>
#include "lh-game-model.h"

G_BEGIN_DECLS

/** Delay between a change of the game and its write to disk, in ms. */
#define LH_GAME_STORE_SAVE_DELAY_MS 1000

#define LH_TYPE_GAME_STORE (lh_game_store_get_type ())
G_DECLARE_FINAL_TYPE (LhGameStore, lh_game_store, LH, GAME_STORE, GObject)

/**
 * lh_game_store_new:
 * @model: the game to keep; the store holds a reference and saves it after
 *   each change
 * @path: (type filename): the save file, normally lh_save_file_default_path()
 * Returns: (transfer full): a store; nothing is read until
 *   lh_game_store_restore().
 */
LhGameStore *lh_game_store_new (LhGameModel *model, const char *path);

/**
 * lh_game_store_restore:
 * @default_geometry: the shape of a new game, if one must be started
 * Restores the saved game into the model, or starts a new game, following
 * the policy above.  Restoring schedules no save.
 * Returns: TRUE when everything went as usual (a game restored, or no save
 *   yet); FALSE when there was a problem the person must be told about (see
 *   lh_game_store_get_problem()); the model holds a game either way.
 */
gboolean lh_game_store_restore (LhGameStore *self, LhGeometry default_geometry);

/**
 * lh_game_store_get_problem:
 * @details: (out) (optional) (transfer none): the full account: what went
 *   wrong, where the unreadable file is now, where this session is saved
 * Returns: (transfer none) (nullable): a one-line summary of the problem
 *   met by lh_game_store_restore(), or NULL when there was none.  Valid
 *   UTF-8.
 */
const char *lh_game_store_get_problem (LhGameStore *self, const char **details);

/**
 * lh_game_store_get_path:
 * Returns: (transfer none) (type filename): the file this session saves to:
 *   the save file, or a session file beside it after a problem.
 */
const char *lh_game_store_get_path (LhGameStore *self);

/**
 * lh_game_store_save_now:
 * Writes the game now, synchronously (for closing the window), and drops a
 * pending delayed save.  Returns: FALSE with @error (G_FILE_ERROR) when it
 * could not be written; the game is still in the model.
 */
gboolean lh_game_store_save_now (LhGameStore *self, GError **error);

/**
 * lh_game_store_discard_pending:
 * Drops a pending delayed save (the person chose to quit without saving).
 */
void lh_game_store_discard_pending (LhGameStore *self);

/**
 * lh_game_store_has_pending:
 * Returns: TRUE while a delayed save is scheduled or a write is running.
 */
gboolean lh_game_store_has_pending (LhGameStore *self);

/**
 * lh_game_store_get_n_writes:
 * Returns: the number of writes that succeeded since the store was made
 *   (delayed and immediate), for tests and diagnostics.
 */
guint lh_game_store_get_n_writes (LhGameStore *self);

G_END_DECLS
