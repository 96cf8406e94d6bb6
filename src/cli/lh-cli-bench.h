/* lh-cli-bench.h: the "bench" subcommand of lookahead-cli. */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_bench:
 * Runs `lookahead-cli bench`; @argv[0] is "bench".  See the command's --help
 * for what it reads and prints.
 * Returns: an LhCliExit.
 */
int lh_cli_bench (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
