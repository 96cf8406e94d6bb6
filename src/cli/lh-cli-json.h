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

G_END_DECLS
