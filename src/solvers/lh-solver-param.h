/* lh-solver-param.h: each solver's own parameters, as data.
 *
 * One LhSolverParamInfo per parameter of a solver's own sub-struct of
 * LhSolverParams (LhMctsParams, LhMonteCarloParams, LhMdpParams,
 * LhHybridParams and the LhPlayoutParams inside each), in one table,
 * solver by solver in LhSolverKind order, each solver's own fields before
 * its playouts'.  The window builds its rows (lh-ai-panel.c) and reads its
 * settings (lh-solver-settings.c) from it; the CLI (lh-cli-options*.c)
 * takes from it which solver accepts an option, where the value goes and
 * the parameters it prints with its results.  test-solver-registry checks
 * it against the GSettings schema and lh_solver_params_init_default().
 *
 * The model is the heuristic's registry (lh-heuristic-params.h): a field
 * is reached through its byte offset in LhSolverParams.
 */
#pragma once

#include <glib.h>
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * LhSolverParamType: how a parameter is stored in LhSolverParams and edited
 * @LH_SOLVER_PARAM_UINT: a guint (a "u" GSettings key, the CLI's whole number)
 * @LH_SOLVER_PARAM_REAL: a double (a "d" key, the CLI's real number)
 * @LH_SOLVER_PARAM_BOOL: a gboolean (a "b" key, the CLI's flag, which
 *   turns it on)
 * @LH_SOLVER_PARAM_CHOICE: an enum stored as an int, from 0 to
 *   n_choices - 1 (an "s" key with <choices>, the CLI's name)
 */
typedef enum {
  LH_SOLVER_PARAM_UINT,
  LH_SOLVER_PARAM_REAL,
  LH_SOLVER_PARAM_BOOL,
  LH_SOLVER_PARAM_CHOICE,
} LhSolverParamType;

/**
 * LhSolverParamInfo: one parameter of one solver
 * @kind: the solver whose parameter it is
 * @name: its name in the CLI's result lists and JSON ("playout_depth");
 *   with '-' for '_' the CLI's option ("--playout-depth").  Solvers share a
 *   name when they share the option (each sampling solver has its own
 *   "policy")
 * @key: (nullable): its GSettings key ("mcts-iterations"), NULL when the
 *   window does not offer it (the CLI does)
 * @type: how it is stored and edited
 * @offset: its byte offset in LhSolverParams
 * @min, @max: numbers: the range its GSettings key accepts (for one
 *   without a key, that of the same field of another solver);
 *   lh_solver_params_validate() may accept less
 * @default_value: lh_solver_params_init_default()'s value (the key's
 *   default too): a number, 0 or 1 for a bool, the index of a choice
 * @choices: (nullable): CHOICE: the names, in enum order, NULL-terminated
 *   (the key's choices and the CLI's values)
 * @choice_labels: (nullable): CHOICE: N_() the window's names of @choices
 * @label: N_() the window row's title ("Playouts per Move")
 * @description: N_() the window row's subtitle: what it does, with its unit
 * @list_label: N_() its label in the CLI's result lists ("Playouts per move")
 * @unit: (nullable): N_() the unit in those lists ("player moves")
 * @enabled_by: (nullable): the key of the bool parameter of the same
 *   solver without which it has no effect (the window greys its row out)
 * @step: numbers: the window's step; @digits: REAL: decimals shown
 * @slider_max: numbers: the end of the window's slider (its start is
 *   @min); 0 for @max
 * @powers_of_two: UINT: only the powers of two from @min to @max are
 *   valid (a tile); the window offers them as a list
 */
typedef struct {
  LhSolverKind       kind;
  const char        *name;
  const char        *key;
  LhSolverParamType  type;
  gsize              offset;
  double             min, max;
  double             default_value;
  const char *const *choices;
  const char *const *choice_labels;
  const char        *label;
  const char        *description;
  const char        *list_label;
  const char        *unit;
  const char        *enabled_by;
  double             step;
  guint              digits;
  double             slider_max;
  gboolean           powers_of_two;
} LhSolverParamInfo;

/**
 * lh_solver_param_list:
 * @n_params: (out): the number of parameters
 * Returns: (transfer none): every solver's own parameters, solver by
 *   solver in LhSolverKind order, each solver's in the window's and the
 *   result lists' order; static.
 */
const LhSolverParamInfo *lh_solver_param_list (guint *n_params);

/**
 * lh_solver_param_find:
 * @kind: a solver
 * @name: a parameter's name, with '_' or '-' ("playout-depth")
 * Returns: (transfer none) (nullable): @kind's parameter called @name,
 *   NULL when it has none; static.
 */
const LhSolverParamInfo *lh_solver_param_find (LhSolverKind kind, const char *name);

/**
 * lh_solver_param_kinds:
 * @name: a parameter's name, with '_' or '-'
 * Returns: the mask (bit 1 << kind) of the solvers with a parameter called
 *   @name; 0 for none.
 */
guint lh_solver_param_kinds (const char *name);

/**
 * lh_solver_param_get:
 * Returns: @info's value in @params as a double: the number, 0 or 1 for a
 *   bool, the index of a choice.
 */
double lh_solver_param_get (const LhSolverParamInfo *info, const LhSolverParams *params);

/**
 * lh_solver_param_set:
 * Stores @value in @info's field of @params: rounded to a guint (clamped
 *   to 0..G_MAXUINT), a double, a gboolean (TRUE for nonzero), a choice's
 *   index (clamped to the choices).  No other check: that is
 *   lh_solver_params_validate()'s.
 */
void lh_solver_param_set (const LhSolverParamInfo *info, LhSolverParams *params, double value);

/**
 * lh_solver_param_n_choices:
 * Returns: the number of @info's choices; 0 for a parameter of another type.
 */
guint lh_solver_param_n_choices (const LhSolverParamInfo *info);

/**
 * lh_solver_param_choice_from_string:
 * @index: (out): the index of @text among @info's choices
 * Returns: FALSE (leaving @index) when @text is none of them.
 */
gboolean lh_solver_param_choice_from_string (const LhSolverParamInfo *info,
                                             const char              *text,
                                             guint                   *index);

G_END_DECLS
