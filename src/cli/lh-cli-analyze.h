/* lh-cli-analyze.h: the "analyze" subcommand of lookahead-cli. */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_analyze:
 * Runs `lookahead-cli analyze`; @argv[0] is "analyze".  See the command's --help
 * for what it reads and prints.
 * Returns: an LhCliExit.
 */
int lh_cli_analyze (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
