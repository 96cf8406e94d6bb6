/* lh-cli-tune.h: the "tune" subcommand of lookahead-cli: heuristic
 * parameters tuned by whole games (a space-filling design, then a
 * derivative-free local optimiser from NLopt). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_tune:
 * Runs `lookahead-cli tune`; @argv[0] is "tune".  See the command's --help
 * (and lh-cli-tune.c's opening comment) for what it reads, writes and
 * prints.
 * Returns: an LhCliExit.
 */
int lh_cli_tune (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
