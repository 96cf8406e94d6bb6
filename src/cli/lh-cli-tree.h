/* lh-cli-tree.h: the "tree" subcommand of lookahead-cli. */
#pragma once

#include "lh-cli-common.h"

G_BEGIN_DECLS

/**
 * lh_cli_tree:
 * Runs `lookahead-cli tree`: searches one position with a search-tree record
 * of the given node budget and writes the record as JSON, SVG and/or PNG.
 * See the command's --help.
 * Returns: an LhCliExit.
 */
int lh_cli_tree (const LhCliCommand *command, int argc, char **argv);

G_END_DECLS
