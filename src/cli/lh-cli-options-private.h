/* lh-cli-options-private.h: what lh-cli-options.c (the options' table,
 * parsing and JSON) and lh-cli-options-text.c (their help texts, the
 * parameters' list) share.  Not for other units: they use lh-cli-options.h. */
#pragma once

#include "lh-cli-options.h"
#include "lh-solver-registry.h"

G_BEGIN_DECLS

/* Which shared parameters apply to which solver is the registry's
 * (lh-solver-registry.h: LhSolverUses), which solver has which own
 * parameter lh-solver-param.h's; these masks are of solver kinds. */
#define KIND(k) (1u << (k))
#define ALL_KINDS ((1u << LH_N_SOLVERS) - 1)

/* Returns: (transfer full): the names @to_string gives for 0 to @n - 1,
 *   "a, b or c" (translated "or"). */
char *lh_cli_options_names_to_string (const char *(*to_string) (int), int n);

/* Returns: (transfer full): @names (NULL-terminated), "a, b or c"
 *   (translated "or"). */
char *lh_cli_options_choices_to_string (const char *const *names);

/* The name of solver kind @i (LhSolverKind), as --solver takes it. */
const char *lh_cli_options_solver_name (int i);

/* Returns: (transfer none) (nullable): the names @opt takes, the choices
 *   of its solvers' parameters of its name (lh-solver-param.h;
 *   NULL-terminated, static); NULL for an option that is not of a
 *   solver's own parameter with choices. */
const char *const *lh_cli_options_choices (LhCliOpt opt);

/* Returns: (transfer none): @opt's name, without "--" ("playout-depth"); static. */
const char *lh_cli_options_name (LhCliOpt opt);

/* Returns: (transfer full): the help text of @opt, translated, with its
 *   unit and the defaults @d (for each solver that uses it); the time
 *   budget's and --seed's depend on @flags. */
char *lh_cli_options_describe (LhCliSearchFlags flags, const LhSolverParams *d, LhCliOpt opt);

G_END_DECLS
