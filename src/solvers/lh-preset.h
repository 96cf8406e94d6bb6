/* lh-preset.h: named sets of heuristic parameters, built in or the user's,
 * and their JSON file form.
 *
 * A preset holds the heuristic's parameters (LhHeuristicParams), nothing of
 * the search or the solver: the same preset can be searched at any depth or
 * with any solver.  The built-in presets are Balanced (the default),
 * nneonneo-style, Snake (reference 004), Weight matrix (001) and Corner
 * (003's MyMeasure).
 *
 * The file form (what `lookahead-cli --preset FILE` reads, `tune` writes and
 * the window imports and exports):
 *
 *   {
 *     "format": "lookahead-preset",
 *     "version": 1,
 *     "name": "My preset",
 *     "description": "optional text",
 *     "heuristic": { "empty_weight": 1000, "merges_weight": 700, ... }
 *   }
 *
 * "heuristic" holds numbers keyed by lh_heuristic_param_list()'s keys.  A
 * key left out takes Balanced's value (so a file written before a term
 * existed still loads and means what it meant); the writer always writes
 * every key.  Unknown keys, values that are not numbers and values out of
 * range are errors, since a typo would otherwise silently change nothing.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "lh-heuristic-params.h"

G_BEGIN_DECLS

#define LH_PRESET_ERROR (lh_preset_error_quark ())
GQuark lh_preset_error_quark (void);

/**
 * LhPresetError:
 * @LH_PRESET_ERROR_PARSE: not JSON, or not a JSON object
 * @LH_PRESET_ERROR_FORMAT: "format" is not "lookahead-preset", or "version"
 *   is newer than this reader
 * @LH_PRESET_ERROR_INVALID: a member has the wrong type, an unknown key or
 *   a value out of range; the message names the key and the reason
 */
typedef enum {
  LH_PRESET_ERROR_PARSE,
  LH_PRESET_ERROR_FORMAT,
  LH_PRESET_ERROR_INVALID,
} LhPresetError;

#define LH_PRESET_FORMAT "lookahead-preset"
#define LH_PRESET_VERSION 1
/* Longest name accepted, in characters. */
#define LH_PRESET_MAX_NAME 80

/**
 * LhPreset:
 * @id: (nullable): the built-in preset's id ("balanced", "nneonneo",
 *   "snake", "weight-matrix", "corner"); NULL for a user preset
 * @name: the name shown (translated for a built-in preset); not empty, at
 *   most LH_PRESET_MAX_NAME characters
 * @description: (nullable): one sentence on where the values come from
 * @heuristic: the parameters; always valid
 */
typedef struct {
  char              *id;
  char              *name;
  char              *description;
  LhHeuristicParams  heuristic;
} LhPreset;

/**
 * lh_preset_new:
 * @name: not empty
 * @heuristic: valid parameters (lh_heuristic_params_validate())
 * Returns: (transfer full): a user preset; free with lh_preset_free()
 */
LhPreset *lh_preset_new (const char *name, const LhHeuristicParams *heuristic);

/** lh_preset_copy: Returns: (transfer full): a deep copy. */
LhPreset *lh_preset_copy (const LhPreset *preset);

/** lh_preset_free: NULL is allowed. */
void lh_preset_free (LhPreset *preset);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhPreset, lh_preset_free)

/**
 * lh_preset_get_builtin:
 * @n_presets: (out) (optional): the number of built-in presets
 * Returns: (transfer none): the built-in presets, Balanced first; static,
 *   names translated on first use
 */
const LhPreset *lh_preset_get_builtin (guint *n_presets);

/**
 * lh_preset_find_builtin:
 * Returns: (transfer none) (nullable): the built-in preset with @id
 */
const LhPreset *lh_preset_find_builtin (const char *id);

/**
 * lh_preset_check_name:
 * Returns: FALSE with @error (LH_PRESET_ERROR_INVALID) when @name is empty,
 *   only white space, longer than LH_PRESET_MAX_NAME characters, not UTF-8,
 *   or holds a control character (a line break, a tab)
 */
gboolean lh_preset_check_name (const char *name, GError **error);

/**
 * lh_preset_from_json:
 * @node: a JSON object in the file form above
 * Returns: (transfer full) (nullable): a user preset (id NULL), or NULL
 *   with @error (LH_PRESET_ERROR_*) naming the key and the reason
 */
LhPreset *lh_preset_from_json (JsonNode *node, GError **error);

/**
 * lh_preset_to_json:
 * Returns: (transfer full): the file form of @preset, every key written
 *   (the id is not: an exported built-in preset imports as a user preset)
 */
JsonNode *lh_preset_to_json (const LhPreset *preset);

/**
 * lh_preset_load_data:
 * @data: UTF-8 JSON text, @length bytes or -1 if NUL-terminated
 * Returns: (transfer full) (nullable): the preset, or NULL with @error
 */
LhPreset *lh_preset_load_data (const char *data, gssize length, GError **error);

/** lh_preset_to_data: Returns: (transfer full): the file form, pretty
 * printed, ending in a newline. */
char *lh_preset_to_data (const LhPreset *preset);

/**
 * lh_preset_load_file:
 * Returns: (transfer full) (nullable): the preset in @file, or NULL with
 *   @error (a GIOError when the file cannot be read, LH_PRESET_ERROR_*
 *   otherwise; the message starts with the file's name)
 */
LhPreset *lh_preset_load_file (GFile *file, GError **error);

/**
 * lh_preset_save_file:
 * Writes atomically (g_file_replace_contents): a failure leaves any old
 * file as it was.
 * Returns: FALSE with @error (a GIOError) on failure
 */
gboolean lh_preset_save_file (const LhPreset *preset, GFile *file, GError **error);

G_END_DECLS
