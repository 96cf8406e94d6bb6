/* lh-preset-store.h: the presets the window offers, built in and the
 * user's, kept in GSettings.
 *
 * Built-in presets come first, in lh_preset_get_builtin()'s order, then the
 * user's presets in the order they were added.  User presets are kept in
 * the GSettings key "user-presets" (type as): one preset file (lh-preset.h's
 * JSON form) per entry, so they survive restarts and an entry can be read by
 * the same code that imports files.  An entry that does not parse is
 * skipped with a g_warning naming the reason, and kept in the key (nothing
 * the user made is lost because of a newer or damaged entry).  So is an
 * entry whose name a built-in preset or an earlier entry already has (two
 * instances saving at once): it is offered again once the name is free.
 *
 * Every change is written to the key at once; the store follows the key
 * ("changed::user-presets"), so another window or instance that changes it
 * is seen here (the store re-reads the key only when it differs from what
 * the store holds, so its own writes are not read back).  A write that
 * GSettings refuses (the key is locked down) fails with G_IO_ERROR_PERMISSION_DENIED
 * and the store goes back to what the key holds.
 *
 * A preset is named by a stable key, what the "preset" GSettings key stores:
 * a built-in preset's id ("balanced"), or "user:" followed by the user
 * preset's name.  User preset names are unique, and differ from the
 * built-in presets' names (as shown, translated); names are compared
 * exactly ("mine" and "Mine" are two names) after white space at either end
 * is dropped, which the store does to every name it is given.
 *
 * Main thread only.
 */
#pragma once

#include <gio/gio.h>

#include "lh-preset.h"

G_BEGIN_DECLS

#define LH_TYPE_PRESET_STORE (lh_preset_store_get_type ())
G_DECLARE_FINAL_TYPE (LhPresetStore, lh_preset_store, LH, PRESET_STORE, GObject)

/**
 * lh_preset_store_new:
 * @settings: the application's settings (schema io.github.lookahead.Lookahead);
 *   the store reads and writes its "user-presets" key
 * Returns: (transfer full): the store, loaded
 *
 * Signals: "changed" (no arguments) after presets were added, renamed,
 * replaced or removed, including by another instance through GSettings.
 */
LhPresetStore *lh_preset_store_new (GSettings *settings);

/** lh_preset_store_get_n_presets: built-in and user presets. */
guint lh_preset_store_get_n_presets (LhPresetStore *self);

/**
 * lh_preset_store_get_preset:
 * Returns: (transfer none): preset @index (< n_presets); valid until the
 *   next change
 */
const LhPreset *lh_preset_store_get_preset (LhPresetStore *self, guint index);

/** lh_preset_store_is_builtin: whether preset @index is built in. */
gboolean lh_preset_store_is_builtin (LhPresetStore *self, guint index);

/**
 * lh_preset_store_get_key:
 * Returns: (transfer full): the stable key of preset @index ("balanced",
 *   "user:My preset")
 */
char *lh_preset_store_get_key (LhPresetStore *self, guint index);

/**
 * lh_preset_store_find:
 * Returns: the index of the preset with @key, or -1
 */
int lh_preset_store_find (LhPresetStore *self, const char *key);

/**
 * lh_preset_store_add:
 * Adds a copy of @preset as a user preset (its id is dropped), after the
 * other user presets.
 * Returns: the new preset's index, or -1 with @error (LH_PRESET_ERROR_INVALID)
 *   when the name is invalid or taken or the parameters are out of range
 *   (the message names the preset), or G_IO_ERROR_PERMISSION_DENIED when
 *   the setting cannot be written
 */
int lh_preset_store_add (LhPresetStore *self, const LhPreset *preset, GError **error);

/**
 * lh_preset_store_rename:
 * Renames user preset @index; its key changes to "user:" @name (the caller
 * updates a "preset" setting that named the old key).  Renaming a preset to
 * its own name does nothing and succeeds.
 * Returns: FALSE with @error (LH_PRESET_ERROR_INVALID, naming the preset)
 *   when preset @index is built in or @name is invalid or taken
 */
gboolean lh_preset_store_rename (LhPresetStore *self,
                                 guint          index,
                                 const char    *name,
                                 GError       **error);

/**
 * lh_preset_store_replace:
 * Saves @heuristic over user preset @index, keeping its name and place.
 * Returns: FALSE with @error (LH_PRESET_ERROR_INVALID, naming the preset)
 *   when the preset is built in or @heuristic is out of range
 *   (lh_heuristic_params_validate())
 */
gboolean lh_preset_store_replace (LhPresetStore           *self,
                                  guint                    index,
                                  const LhHeuristicParams *heuristic,
                                  GError                 **error);

/**
 * lh_preset_store_remove:
 * Returns: FALSE with @error (LH_PRESET_ERROR_INVALID, naming the preset)
 *   when preset @index is built in
 */
gboolean lh_preset_store_remove (LhPresetStore *self, guint index, GError **error);

/**
 * lh_preset_store_unique_name:
 * Returns: (transfer full): @base (white space at either end dropped) if
 *   no preset has that name, else "@base 2", "@base 3", ... (for imports
 *   and "Save as"); @base is shortened so the result has at most
 *   LH_PRESET_MAX_NAME characters; an empty @base becomes "Preset"
 */
char *lh_preset_store_unique_name (LhPresetStore *self, const char *base);

G_END_DECLS
