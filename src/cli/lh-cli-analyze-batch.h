/* lh-cli-analyze-batch.h: `lookahead-cli analyze --positions FILE`, one
 * solver over many positions. */
#pragma once

#include <glib.h>
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * lh_cli_analyze_positions:
 * @path: a file of positions, one board a line in tiles or hex form (blank
 *   lines and lines starting with '#' are skipped), or "-" for standard input
 * @params: the solver's parameters (valid); one solver searches every
 *   position, so its tables stay warm from one search to the next
 * @json: print one JSON object a line (JSON Lines) instead of a table
 *
 * Searches each position in turn and prints its line at once: the table's
 * columns are the line number, the board in hex form, the move chosen, the
 * value of each move ("illegal" for a move that changes nothing), the
 * nodes searched and the search's wall time in ms; a JSON line holds
 * "line", "board" (hex), "move" (null when no move is legal), "values"
 * ({"up": V or null, ...}), "std_errors" (only for the moves where the
 * solver defines one), "nodes", "depth" and "ms" (the search alone, not the
 * parsing or the printing).
 *
 * Returns: LH_CLI_EXIT_OK; LH_CLI_EXIT_FAILURE after a message on standard
 *   error when the file cannot be read, or at the first line that is not a
 *   board (the message names the line's number and what is wrong, and the
 *   lines before it are printed).
 */
int lh_cli_analyze_positions (const char *path, const LhSolverParams *params, gboolean json);

G_END_DECLS
