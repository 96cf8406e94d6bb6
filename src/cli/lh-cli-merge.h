/* lh-cli-merge.h: `lookahead-cli merge`, the part files of a sharded
 * bench, sweep or tune put together (lh-cli-shard.h, lh-cli-part.h). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_merge:
 * Runs `lookahead-cli merge [OPTION…] PART…`: loads the parts
 * (lh_cli_part_load()), checks that they make one whole run
 * (lh_cli_parts_check()) and hands them to the command that wrote them
 * (lh_cli_bench_merge(), lh_cli_sweep_merge(), lh_cli_tune_merge()), which
 * prints what one run prints.
 * Returns: an LhCliExit: LH_CLI_EXIT_USAGE for no part or an option the
 *   parts' command does not take; LH_CLI_EXIT_FAILURE after a message
 *   naming the file and what is wrong (cannot be read, damaged, of another
 *   run, a shard twice or missing).
 */
int lh_cli_merge (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
