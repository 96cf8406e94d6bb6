/* lh-cli-apply.h: the "apply" subcommand of lookahead-cli. */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_apply:
 * Runs `lookahead-cli apply`; @argv[0] is "apply".  See the command's --help
 * for what it reads and prints.
 * Returns: an LhCliExit.
 */
int lh_cli_apply (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
