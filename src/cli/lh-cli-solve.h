/* lh-cli-solve.h: `lookahead-cli solve`, an exact solution of a small board
 * computed and saved (lh-exact-solve.h, lh-exact-file.h). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_solve:
 * Runs `lookahead-cli solve --rows R --cols C --objective score|tile:T
 * [--discount G] [--spawns standard|twos] [--loss none|score] [--out FILE]
 * [--threads N] [--json]`: solves the board size from the start of a game,
 * with a progress line on standard error, saves the solution to FILE (by
 * default the user's cache, where analyze and the window look first) and
 * prints its positions, the start's optimal value, the time and the memory.
 * Returns: an LhCliExit: LH_CLI_EXIT_USAGE for a bad option (a board size
 *   out of 2..4, more than 9 cells, a bad objective, discount, spawn rule
 *   or penalty); LH_CLI_EXIT_FAILURE when the solve or the save fails.
 */
int lh_cli_solve (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
