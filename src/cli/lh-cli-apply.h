/* lh-cli-apply.h: the "apply" subcommand of lookahead-cli. */
#pragma once

#include "lh-board.h"
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
 * @board: (out): the board
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
                                  LhBoard    *board,
                                  LhGeometry *geometry,
                                  LhMove     *move);

G_END_DECLS
