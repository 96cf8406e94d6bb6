/* lh-cli-train.h: `lookahead-cli train`, an n-tuple network trained by
 * TD learning from self-play and saved (lh-td-train.h, lh-ntuple-file.h). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_train:
 * Runs `lookahead-cli train --network SHAPES [--rows R --cols C] --games N
 * --out FILE [--seed S] [--jobs J] [--alpha A] [--alpha-decay F
 * --alpha-decay-every K] [--tc] [--resume FILE] [--curve FILE]
 * [--curve-every K] [--quantise] [--name TEXT] [--json]`: trains a new
 * network of the named shapes, or the network of --resume FILE (its shapes,
 * its count of games, and the training options it records unless given
 * again), for N more games, with a progress line on standard error every K
 * games and the learning curve in FILE (CSV, or JSON Lines when its name
 * ends in .jsonl or .json; appended to when resuming), then saves it to
 * --out.  Ctrl+C (SIGINT) or SIGTERM stops the training within
 * milliseconds and still saves the network, its game count being the games
 * finished.
 * Returns: an LhCliExit: LH_CLI_EXIT_USAGE for a bad option;
 *   LH_CLI_EXIT_FAILURE when the resumed file cannot be loaded, the
 *   network or the curve cannot be written, or the training was
 *   interrupted (the network is saved all the same).
 */
int lh_cli_train (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
