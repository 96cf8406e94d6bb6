/* lh-preset-store.h: the presets the window offers, built in and the
 * user's, kept in GSettings.
 *
 * Built-in presets come first, in lh_preset_get_builtin()'s order, then the
 * user's presets in the order they were added.  User presets are kept in
 * the GSettings key "user-presets" (type as): one preset file (lh-preset.h's
 * JSON form) per entry, so they survive restarts and an entry can be read by
 * the same code that imports files.  An entry that does not parse is
 * skipped with a g_warning naming the reason, and kept in the key (nothing
 * the user made is lost because of a newer or damaged entry).
 *
 * A preset is named by a stable key, what the "preset" GSettings key stores:
 * a built-in preset's id ("balanced"), or "user:" followed by the user
 * preset's name.  User preset names are unique, and differ from the
 * built-in presets' names.
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
 * Adds a copy of @preset as a user preset (its id is dropped).
 * Returns: the new preset's index, or -1 with @error (LH_PRESET_ERROR_INVALID)
 *   when the name is invalid or taken (the message names it)
 */
int lh_preset_store_add (LhPresetStore *self, const LhPreset *preset, GError **error);

/**
 * lh_preset_store_rename:
 * Returns: FALSE with @error when preset @index is built in or @name is
 *   invalid or taken
 */
gboolean lh_preset_store_rename (LhPresetStore *self,
                                 guint          index,
                                 const char    *name,
                                 GError       **error);

/**
 * lh_preset_store_replace:
 * Saves @heuristic (valid) over user preset @index.
 * Returns: FALSE with @error when the preset is built in
 */
gboolean lh_preset_store_replace (LhPresetStore           *self,
                                  guint                    index,
                                  const LhHeuristicParams *heuristic,
                                  GError                 **error);

/**
 * lh_preset_store_remove:
 * Returns: FALSE with @error when preset @index is built in
 */
gboolean lh_preset_store_remove (LhPresetStore *self, guint index, GError **error);

/**
 * lh_preset_store_unique_name:
 * Returns: (transfer full): @base if no preset has that name, else
 *   "@base 2", "@base 3", ... (for imports and "Save as")
 */
char *lh_preset_store_unique_name (LhPresetStore *self, const char *base);

G_END_DECLS
