/* lh-search-tree-json.h: a search-tree record as JSON, and back.
 *
 * The document (format "lookahead-search-tree", version 1):
 *   { "format": "lookahead-search-tree", "version": 1,
 *     "solver": "expectimax", "depth": D,          search metadata (depth in
 *                                                   player moves; 0 unknown)
 *     "rows": R, "cols": C,                         the boards' geometry, 2 to 5
 *     "max_nodes": B, "truncated": false,           the budget; TRUE when the
 *                                                   budget dropped nodes
 *     "nodes": [ { "id": 0, "parent": null, "kind": "player",
 *                  "board": "0000000000000000",     hex form (ARCHITECTURE.md;
 *                                                   digits g to v past
 *                                                   32768)
 *                  "depth": 0,                      the node's ply
 *                  "value": V, "probability": 1, "visits": 1,
 *                  "move": "left",                  under a player node only
 *                  "spawn": {"row": r, "col": c, "tile": 2},  under a chance node only
 *                  "truncated": true, "cached": true }  (only when set)
 *                ... ] }
 * Nodes are listed with id = index, each after its parent (a search's
 * record lists sibling groups in the order the search offered them), so
 * "parent" always names an earlier node; siblings are in "id" order.  Values are in the evaluator's units (heuristic points, or points with a network); probabilities of the edge from
 * the parent (1 under a player node).  A document of a geometry with a
 * side of 5, or with a board past 32768, reads as a wide record
 * (lh_search_tree_is_wide()); version 1 is unchanged, since every board
 * a 4x4 record wrote before reads as it did.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * lh_search_tree_to_json:
 * @solver: (nullable): the solver's name for the metadata
 * @depth: the search depth in player moves (0 when unknown)
 * Returns: (transfer full): the document as a JSON object node.
 */
JsonNode *lh_search_tree_to_json (const LhSearchTree *tree,
                                  const char         *solver,
                                  guint               depth);

/**
 * lh_search_tree_to_json_file:
 * Writes the document (pretty-printed) to @path atomically (a temporary file
 * renamed over @path, g_file_set_contents()).
 * Returns: FALSE with @error (GFileError) when writing fails.
 */
gboolean lh_search_tree_to_json_file (const LhSearchTree *tree,
                                      const char         *solver,
                                      guint               depth,
                                      const char         *path,
                                      GError            **error);

/**
 * lh_search_tree_new_from_json:
 * @root: a document as written by lh_search_tree_to_json()
 * @solver: (out) (optional) (transfer full): the solver's name, or NULL
 * @depth: (out) (optional): the search depth
 *
 * Validates every field of every node: the structure (ids in order, parents
 * earlier, kinds under their parents, a move under a player
 * node, a spawn under a chance node), the values' types and ranges, boards in
 * hex form of the document's geometry.
 * Returns: (transfer full): the record, or NULL with @error
 *   (G_IO_ERROR_INVALID_DATA) whose message names the node id and the field
 *   ("node 12, field “kind”: ...").
 */
LhSearchTree *lh_search_tree_new_from_json (JsonNode  *root,
                                            char     **solver,
                                            guint     *depth,
                                            GError   **error);

/**
 * lh_search_tree_new_from_json_file:
 * Reads @path and calls lh_search_tree_new_from_json().
 * Returns: (transfer full): the record, or NULL with @error (a GFileError or
 *   JSON_PARSER_ERROR when the file cannot be read or parsed, else as above).
 */
LhSearchTree *lh_search_tree_new_from_json_file (const char  *path,
                                                 char       **solver,
                                                 guint       *depth,
                                                 GError     **error);

G_END_DECLS
