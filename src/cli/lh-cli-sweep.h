/* lh-cli-sweep.h: `lookahead-cli sweep`, a grid of parameter values, each
 * point played over the same games. */
#pragma once

#include "lh-cli-common.h"
#include "lh-cli-part.h"

G_BEGIN_DECLS

/**
 * lh_cli_sweep:
 * Runs `lookahead-cli sweep`: for every point of the cartesian grid of the
 * --param ranges, plays the same --games N games (seeds S to S + N - 1:
 * common random numbers) with lh_cli_games_play() and prints one summary
 * per point (text, --json) and, with --csv FILE, one CSV row per point.
 * Returns: an LhCliExit.
 */
int lh_cli_sweep (const LhCliCommand *command, int argc, char **argv);

/**
 * lh_cli_sweep_merge:
 * @merge: the checked parts of one sweep (lh_cli_parts_check())
 *
 * Prints what the sweep would have printed had it played every game in
 * one run (--json as @merge->json says) and, with @merge->csv_path, writes
 * its CSV: each point's statistics computed from the parts' games of that
 * point, put back in seed order.
 *
 * Returns: an LhCliExit: LH_CLI_EXIT_FAILURE after a message naming the
 *   part and what is wrong with its options or games, or the CSV file that
 *   could not be written.
 */
int lh_cli_sweep_merge (const LhCliMerge *merge);

G_END_DECLS
