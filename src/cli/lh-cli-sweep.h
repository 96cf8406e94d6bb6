/* lh-cli-sweep.h: `lookahead-cli sweep`, a grid of parameter values, each
 * point played over the same games. */
#pragma once

#include "lh-cli-common.h"

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

G_END_DECLS
