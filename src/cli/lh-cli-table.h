/* lh-cli-table.h: aligned text tables for the human-readable output of
 * lookahead-cli. */
#pragma once

#include <glib.h>

#include "lh-solver.h"

G_BEGIN_DECLS

typedef struct _LhCliTable LhCliTable;

/**
 * lh_cli_table_new:
 * @alignment: one character per column, 'l' (left) or 'r' (right); columns
 *   past its end are aligned left
 *
 * A text table for human-readable output: rows of cells, printed with each
 * column as wide as its widest cell (in characters, so translated labels
 * line up) and two spaces between columns.
 * Returns: (transfer full): free with lh_cli_table_free().
 */
LhCliTable *lh_cli_table_new (const char *alignment);
void lh_cli_table_free (LhCliTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhCliTable, lh_cli_table_free)

/**
 * lh_cli_table_add:
 * Adds a row; @format is a printf format whose output separates cells with
 * tabs ("%s\t%.1f").  An empty format adds a blank line.
 */
void lh_cli_table_add (LhCliTable *table, const char *format, ...) G_GNUC_PRINTF (2, 3);

/** lh_cli_table_print: writes the rows on standard output. */
void lh_cli_table_print (const LhCliTable *table);

/**
 * lh_cli_table_add_solver_params:
 * Adds a row "Solver<TAB>name" and one row "label<TAB>value [unit]" per
 * parameter the solver uses (lh_cli_solver_params_list()).
 */
void lh_cli_table_add_solver_params (LhCliTable           *table,
                                     const LhSolverParams *params);

G_END_DECLS
