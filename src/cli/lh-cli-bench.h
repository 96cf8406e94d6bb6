/* lh-cli-bench.h: the "bench" subcommand of lookahead-cli. */
#pragma once

#include "lh-cli-common.h"
#include "lh-cli-part.h"

G_BEGIN_DECLS

/**
 * lh_cli_bench:
 * Runs `lookahead-cli bench`; @argv[0] is "bench".  See the command's --help
 * for what it reads and prints.
 * Returns: an LhCliExit.
 */
int lh_cli_bench (const LhCliCommand *command, int argc, char **argv);

/**
 * lh_cli_bench_merge:
 * @merge: the checked parts of one bench run (lh_cli_parts_check())
 *
 * Prints what the bench would have printed had it played every game in one
 * run (--json as @merge->json says): the statistics computed from the
 * parts' games put back in seed order, with the parts' summed wall time.
 *
 * Returns: an LhCliExit: LH_CLI_EXIT_FAILURE after a message naming the
 *   part and what is wrong with its options or games.
 */
int lh_cli_bench_merge (const LhCliMerge *merge);

G_END_DECLS
