/* lh-cli-heuristic-options.h: the heuristic's options of lookahead-cli, for
 * lh-cli-options.c (the public functions are declared in lh-cli-options.h).
 *
 * --preset NAME|FILE takes a built-in preset's name (balanced, nneonneo,
 * snake, weight-matrix, corner; lh_preset_find_builtin()) unless a file of
 * that name exists, else a preset file (lh_preset_load_file()), loaded when
 * it is parsed.  --set NAME=VALUE sets one heuristic parameter after it. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lh-cli-options.h"
#include "lh-heuristic-params.h"

G_BEGIN_DECLS

/** lh_cli_heuristic_on_preset: the GOptionArgFunc of --preset (@user_data: the LhCliSearchOptions). */
gboolean lh_cli_heuristic_on_preset (const char *option_name, const char *value,
                                     gpointer user_data, GError **error);

/** lh_cli_heuristic_on_set: the GOptionArgFunc of --set NAME=VALUE (@user_data: the LhCliSearchOptions). */
gboolean lh_cli_heuristic_on_set (const char *option_name, const char *value,
                                  gpointer user_data, GError **error);

/**
 * lh_cli_heuristic_parse_value:
 * Parses @text as a value of @info: a finite real number in its range.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) naming the key.
 */
gboolean lh_cli_heuristic_parse_value (const LhHeuristicParamInfo *info, const char *text,
                                       double *value, GError **error);

/**
 * lh_cli_heuristic_add_options_json:
 * Adds to the current object of @builder what --preset and --set gave:
 * "preset", the preset in its file form (lh_preset_to_json(): its name and
 * every parameter, so the JSON needs no preset file), and "set", an object
 * of the --set values by key; each only when given.
 */
void lh_cli_heuristic_add_options_json (const LhCliSearchOptions *options,
                                        JsonBuilder              *builder);

/**
 * lh_cli_heuristic_read_preset_json:
 * As --preset, from the "preset" member that
 * lh_cli_heuristic_add_options_json() wrote.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA, the preset loader's
 *   message after "preset: ").
 */
gboolean lh_cli_heuristic_read_preset_json (LhCliSearchOptions *options, JsonNode *node,
                                            GError **error);

/**
 * lh_cli_heuristic_read_set_json:
 * As each --set, from the "set" member that
 * lh_cli_heuristic_add_options_json() wrote.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the key that
 *   is unknown, not a number or out of range.
 */
gboolean lh_cli_heuristic_read_set_json (LhCliSearchOptions *options, JsonNode *node,
                                         GError **error);

/** lh_cli_heuristic_index: Returns: @info's index in the registry (lh_heuristic_param_list()). */
guint lh_cli_heuristic_index (const LhHeuristicParamInfo *info);

G_END_DECLS
