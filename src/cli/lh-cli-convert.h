/* lh-cli-convert.h: `lookahead-cli convert`, a network of TDL2048+ (or of
 * Lookahead) saved as a network file of Lookahead (lh-ntuple-file.h). */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_convert:
 * Runs `lookahead-cli convert [OPTION…] FILE -o OUT`: reads FILE, a weight
 * file of TDL2048+ (lh_tdl2048_file_load(), with --stages when given) or a
 * network of Lookahead (lh_ntuple_file_load()), and saves it to OUT
 * (lh_ntuple_file_save_full(): float32, or 16-bit with --quantise and
 * --quantum), with --name or the name it had.  A network of Lookahead is
 * saved without its TC tables.
 * Returns: an LhCliExit: LH_CLI_EXIT_USAGE for no FILE or more than one,
 *   no --out, --stages for a network of Lookahead, --quantum without
 *   --quantise or out of range; LH_CLI_EXIT_FAILURE after a message naming
 *   the file and what is wrong (cannot be read, damaged, stages that do not
 *   match, cannot be written).
 */
int lh_cli_convert (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
