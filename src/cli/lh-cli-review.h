/* lh-cli-review.h: `lookahead-cli review FILE`, the analysis of a whole
 * game from its record: every move's error and class, every spawn's luck,
 * and the summary (lh-game-review.h). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_review:
 * The `review` subcommand (its --help has the details).
 * Returns: an LhCliExit: LH_CLI_EXIT_FAILURE after a message naming the
 *   file and what is wrong with it, or the search that failed;
 *   LH_CLI_EXIT_USAGE for a bad option.
 */
int lh_cli_review (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
