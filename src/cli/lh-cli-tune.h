/* lh-cli-tune.h: the "tune" subcommand of lookahead-cli: heuristic
 * parameters tuned by whole games (a space-filling design, then a
 * derivative-free local optimiser from NLopt). */
#pragma once

#include "lh-cli-common.h"
#include "lh-cli-part.h"

G_BEGIN_DECLS

/**
 * lh_cli_tune:
 * Runs `lookahead-cli tune`; @argv[0] is "tune".  See the command's --help
 * (and lh-cli-tune.c's opening comment) for what it reads, writes and
 * prints.
 * Returns: an LhCliExit.
 */
int lh_cli_tune (const LhCliCommand *command, int argc, char **argv);

/**
 * lh_cli_tune_merge:
 * @merge: the checked parts of one tune run (lh_cli_parts_check())
 *
 * Settles the run from its first part and runs its sequence with the
 * baseline and the K design evaluations answered from the parts' games
 * (each evaluation's games put back in seed order; the lines of the
 * evaluations go to standard error as in the run).  When the run has no
 * other evaluation (E = K + 1) it reports as the run does, writing the log
 * to @merge->log_path and the preset to @merge->output when given.
 * Otherwise the optimiser would have to run, which is sequential and not
 * sharded: with @merge->log_path (a new file) the K + 1 evaluations are
 * written there as the run would log them and the `tune --log` command that
 * resumes them is printed; without it merge refuses.
 *
 * Returns: an LhCliExit: LH_CLI_EXIT_FAILURE after a message naming the
 *   part and what is wrong, when the optimiser's evaluations are asked for
 *   without --log (or with --output or --name), or when the log exists.
 */
int lh_cli_tune_merge (const LhCliMerge *merge);

G_END_DECLS
