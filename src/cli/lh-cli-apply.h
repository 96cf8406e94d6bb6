/* lh-cli-apply.h: the "apply" subcommand of lookahead-cli. */
#pragma once

#include "lh-board.h"
#include "lh-wide-board.h"
#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_apply:
 * Runs `lookahead-cli apply`; @argv[0] is "apply".  See the command's --help
 * for what it reads and prints.
 * Returns: an LhCliExit.
 */
int lh_cli_apply (const LhCliCommand *command, int argc, char **argv);

/**
 * lh_cli_apply_parse_line:
 * @line: one line of apply's input, NUL-terminated; modified in place
 * @length: its length in bytes (a NUL byte before @length is an error)
 * @line_number: the line's number, for the message
 * @board: (out): the board, any size from 2x2 to 5x5 with tiles up to 2^31
 * @geometry: (out): its shape
 * @move: (out): the move, the line's last field
 *
 * Reads one "<board> <move>" line as `apply` does (the fuzz target
 * tests/fuzz/fuzz-apply-line.c calls it too).
 * Returns: FALSE after printing a message naming @line_number on standard
 *   error (lh_cli_failure()) when the line is malformed.
 */
gboolean lh_cli_apply_parse_line (char       *line,
                                  gsize       length,
                                  gulong      line_number,
                                  LhWideBoard *board,
                                  LhGeometry *geometry,
                                  LhMove     *move);

/**
 * lh_cli_apply_move:
 * @board: a board of @geometry (2x2 to 5x5, tiles up to 2^31)
 * @points: (out): the points the move scores (0 when illegal)
 * Returns: @board after @move, before the spawn (@board itself when the
 *   move is illegal).  A board LhBoard holds moves by its tables
 *   (lh_board_move()), unless it has a 32768 that could merge into 65536;
 *   every other board by lh_wide_board_move().  So `apply` checks both.
 */
LhWideBoard lh_cli_apply_move (LhWideBoard board, LhGeometry geometry, LhMove move,
                               guint64 *points);

G_END_DECLS
