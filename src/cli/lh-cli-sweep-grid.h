/* lh-cli-sweep-grid.h: the grid of `lookahead-cli sweep`, settled from its
 * --param options.
 *
 * Each --param NAME=FROM:TO:STEP is one axis: the values FROM + i × STEP
 * (i = 0, 1, ...; computed by multiplication, not repeated addition, so no
 * rounding error accumulates) up to TO, TO itself included when the last
 * value is within STEP × 1e-9 of it.  Each value is rounded to as many
 * decimals as FROM and STEP have (their shortest round-trip texts; at most
 * 15), so that 0:0.3:0.1 gives 0.3 and not 0.30000000000000004, and
 * -0.3:0.3:0.1 gives 0 and not 5.55e-17.  The grid is the cartesian product
 * of the axes, the first axis varying slowest.
 */
#pragma once

#include <glib.h>

#include "lh-cli-options.h"

G_BEGIN_DECLS

/** The largest grid, in points. */
#define LH_CLI_SWEEP_MAX_POINTS 10000

/**
 * LhCliSweepAxis: one --param, a parameter and its values
 * @name: canonical, static (lh_cli_search_options_canonical_name())
 * @text: the --param as typed, owned
 * @from, @to, @step: as given
 * @n_values: how many values
 * @values: (array length=n_values): owned
 */
typedef struct {
  const char *name;
  char       *text;
  double      from, to, step;
  guint       n_values;
  double     *values;
} LhCliSweepAxis;

/**
 * LhCliSweepGrid: the grid of a sweep; owns its arrays
 * @axes: (array length=n_axes): the axes, in the order of the --param options
 * @n_points: the product of the axes' n_values
 * @params: (array length=n_points): each point's solver parameters
 * @values: point p's value on axis a at @values[p × n_axes + a]
 */
typedef struct {
  LhCliSweepAxis *axes;
  guint           n_axes;
  guint           n_points;
  LhSolverParams *params;
  double         *values;
} LhCliSweepGrid;

/**
 * lh_cli_sweep_grid_settle:
 * @grid: (out caller-allocates): the grid; clear with
 *   lh_cli_sweep_grid_clear() whatever this returns
 * @search: the options the sweep's other parameters come from; each point's
 *   values are set in a copy of it (lh_cli_search_options_set_value()), so
 *   it is left as given
 * @param_texts: (nullable): the --param values, NULL-terminated
 *
 * Parses the axes, checks each value with the parameter's range and every
 * point's parameters with the solver's validator, before any game.
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE: a usage error)
 *   when there is no --param, one is malformed or out of range, a name
 *   comes twice, the grid has more than LH_CLI_SWEEP_MAX_POINTS points, or
 *   a point's parameters are not valid ("--param at depth=2, gamma=0: ...").
 */
gboolean lh_cli_sweep_grid_settle (LhCliSweepGrid            *grid,
                                   const LhCliSearchOptions  *search,
                                   char                     **param_texts,
                                   GError                   **error);

/** lh_cli_sweep_grid_clear: frees what @grid owns; it can be settled again. */
void lh_cli_sweep_grid_clear (LhCliSweepGrid *grid);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LhCliSweepGrid, lh_cli_sweep_grid_clear)

/**
 * lh_cli_sweep_grid_describe_point:
 * Returns: (transfer full): the values of point @point, "depth=2,
 *   empty_weight=500", for messages.
 */
char *lh_cli_sweep_grid_describe_point (const LhCliSweepGrid *grid,
                                        guint                 point);

G_END_DECLS
