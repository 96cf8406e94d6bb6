/* lh-cli-json.h: JSON output of lookahead-cli. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * lh_cli_json_add_double:
 * Adds member @name with @value, or null when @value is not finite (JSON has
 * no infinity or NaN).
 */
void lh_cli_json_add_double (JsonBuilder *builder,
                             const char  *name,
                             double       value);

/**
 * lh_cli_print_json:
 * @builder: a builder holding one complete value
 *
 * Writes the value, pretty-printed, and a newline on standard output.
 */
void lh_cli_print_json (JsonBuilder *builder);

/**
 * lh_cli_print_json_line:
 * @builder: a builder holding one complete value
 *
 * Writes the value on one line (JSON Lines) and a newline on standard output.
 */
void lh_cli_print_json_line (JsonBuilder *builder);

/**
 * lh_cli_json_add_solver_params:
 * Adds member @name: an object with "solver" (its --solver name) and the
 * parameters the solver uses (lh_cli_solver_params_list(): keys as the
 * options, '_' for '-'; numbers, booleans or names).
 */
void lh_cli_json_add_solver_params (JsonBuilder          *builder,
                                    const char           *name,
                                    const LhSolverParams *params);

/**
 * lh_cli_json_add_visits:
 * Adds member "visits" to the current object: @visits (per-move visits or
 * playouts, LhSolverResult.visits), or null for an illegal move.
 */
void lh_cli_json_add_visits (JsonBuilder *builder,
                             gboolean     legal,
                             guint64      visits);

/**
 * lh_cli_json_number_text:
 * @node: (nullable): a JSON node
 * Returns: (transfer full) (nullable): the number @node holds (a whole or a
 *   real number) as lh_cli_format_number() writes it, which reads back as
 *   the same double; NULL when @node is not a number.
 */
char *lh_cli_json_number_text (JsonNode *node);

/**
 * lh_cli_json_find_difference:
 * @a, @b: (nullable): two JSON values
 * @path: (out) (optional): where they first differ, as a path of member
 *   names and array indices ("parameters.depth", "axes[0].values[2]"; ""
 *   for the values themselves); free with g_free()
 * @a_text, @b_text: (out) (optional): the values found there, as compact
 *   JSON cut to about 60 characters, or "(missing)" for a member or element
 *   that one side lacks; free with g_free()
 *
 * Walks both values in order (objects member by member, @a's order first,
 * then the members only @b has; arrays element by element).  Numbers are
 * equal when their values are (an integer 3 and a real 3.0 are).
 *
 * Returns: TRUE when they differ (the out arguments set), FALSE when equal.
 */
gboolean lh_cli_json_find_difference (JsonNode *a,
                                      JsonNode *b,
                                      char    **path,
                                      char    **a_text,
                                      char    **b_text);

G_END_DECLS
