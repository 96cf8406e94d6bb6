/* lh-cli-options.h: the solver options shared by analyze, bench and tree.
 *
 * One parser for every option that becomes part of an LhSolverParams:
 * --solver, --threads, --seed; expectimax's --depth, --adaptive,
 * --min-depth, --cutoff, --no-cache and (when offered) --time-ms; the
 * playouts' --playouts, --playout-depth, --discount, --policy, --measure;
 * MCTS's --iterations, --exploration, --final; MDP Monte Carlo's
 * --theta1 ... --theta6, --immediate-reward, --gamma; the hybrid's
 * --empty-threshold.
 *
 * The parameters start from lh_solver_params_init_default() (each solver's
 * reference settings) and only the options given override them.  An option
 * the chosen solver does not use is a usage error, so a typo in a script
 * (--iterations with --solver montecarlo) does not go unnoticed.  Ranges are
 * lh_solver_params_validate()'s; the parser itself checks only the form of
 * each value (a whole number, a real number, a name).
 */
#pragma once

#include <glib.h>

#include "lh-cli-common.h"
#include "lh-solver.h"

G_BEGIN_DECLS

/* The options, in the order --help lists them. */
typedef enum {
  LH_CLI_OPT_SOLVER,
  LH_CLI_OPT_THREADS,
  LH_CLI_OPT_SEED,
  LH_CLI_OPT_DEPTH,
  LH_CLI_OPT_ADAPTIVE,
  LH_CLI_OPT_MIN_DEPTH,
  LH_CLI_OPT_CUTOFF,
  LH_CLI_OPT_NO_CACHE,
  LH_CLI_OPT_TIME_MS,
  LH_CLI_OPT_PLAYOUTS,
  LH_CLI_OPT_PLAYOUT_DEPTH,
  LH_CLI_OPT_DISCOUNT,
  LH_CLI_OPT_POLICY,
  LH_CLI_OPT_MEASURE,
  LH_CLI_OPT_ITERATIONS,
  LH_CLI_OPT_EXPLORATION,
  LH_CLI_OPT_FINAL,
  LH_CLI_OPT_THETA1,
  LH_CLI_OPT_THETA2,
  LH_CLI_OPT_THETA3,
  LH_CLI_OPT_THETA4,
  LH_CLI_OPT_THETA5,
  LH_CLI_OPT_THETA6,
  LH_CLI_OPT_IMMEDIATE_REWARD,
  LH_CLI_OPT_GAMMA,
  LH_CLI_OPT_EMPTY_THRESHOLD,
  LH_CLI_N_OPTS
} LhCliOpt;

/**
 * LhCliSearchFlags:
 * @LH_CLI_SEARCH_TIME_BUDGET: offer --time-ms (bench does not: a time budget
 *   would make its results depend on the machine's load)
 * @LH_CLI_SEARCH_GAME_SEED: --seed also seeds games (bench), so its help
 *   says so
 */
typedef enum {
  LH_CLI_SEARCH_TIME_BUDGET = 1 << 0,
  LH_CLI_SEARCH_GAME_SEED   = 1 << 1,
} LhCliSearchFlags;

/**
 * LhCliSearchOptions:
 * The solver options of one command line.  Initialise with
 * lh_cli_search_options_init(), pass to lh_cli_command_context_new(), and
 * after parsing turn into solver parameters with
 * lh_cli_search_options_to_params(); clear with
 * lh_cli_search_options_clear() (or declare with g_auto()).
 * The fields are private to lh-cli-options.c.
 */
struct _LhCliSearchOptions {
  LhCliSearchFlags flags;
  gboolean      set[LH_CLI_N_OPTS];     /* given on the command line */
  guint64       uint_value[LH_CLI_N_OPTS];
  double        real_value[LH_CLI_N_OPTS];
  int           enum_value[LH_CLI_N_OPTS]; /* solver, policy, measure, final move */
  GOptionEntry *entries;                /* built by add_entries, help texts included */
  GPtrArray    *texts;                  /* the help texts, owned */
};

/** lh_cli_search_options_init: nothing given yet. */
void lh_cli_search_options_init (LhCliSearchOptions *options,
                                 LhCliSearchFlags    flags);

/** lh_cli_search_options_clear: frees what the options own; they can be
 * initialised again. */
void lh_cli_search_options_clear (LhCliSearchOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LhCliSearchOptions, lh_cli_search_options_clear)

/**
 * lh_cli_search_options_add_entries:
 * Adds the options to @group, whose user data must be @options (the option
 * callbacks write there).  The help texts give each option's unit and its
 * default, taken from lh_solver_params_init_default(), for each solver that
 * uses it.
 */
void lh_cli_search_options_add_entries (LhCliSearchOptions *options,
                                        GOptionGroup       *group);

/** lh_cli_search_options_get_kind: the --solver given, or expectimax. */
LhSolverKind lh_cli_search_options_get_kind (const LhCliSearchOptions *options);

/** lh_cli_search_options_get_seed: the --seed given, or the default seed
 * of lh_solver_params_init_default(). */
guint64 lh_cli_search_options_get_seed (const LhCliSearchOptions *options);

/**
 * lh_cli_search_options_to_params:
 * @params: (out caller-allocates): set from lh_solver_params_init_default(),
 *   the kind from --solver, then the options given: --depth is the depth, or
 *   with --adaptive the largest depth (default LH_MAX_DEPTH: as in
 *   nneonneo/2048-ai the probability cutoff, not a fixed limit, keeps the
 *   adaptive search bounded); the playout options go to the chosen
 *   solver's LhPlayoutParams, --playouts to its playout count
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) naming the option
 *   the chosen solver does not use, or with lh_solver_params_validate()'s
 *   message naming the field out of range.
 */
gboolean lh_cli_search_options_to_params (const LhCliSearchOptions *options,
                                          LhSolverParams           *params,
                                          GError                  **error);

/**
 * lh_cli_parse_solver_option:
 * @option: the option as typed ("--solver"), for the message
 * @text: (nullable): a solver name; NULL means expectimax
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) listing the solvers
 *   when @text names none.
 */
gboolean lh_cli_parse_solver_option (const char   *option,
                                     const char   *text,
                                     LhSolverKind *kind,
                                     GError      **error);

/**
 * LhCliParamType: the type of an LhCliParam's value
 */
typedef enum {
  LH_CLI_PARAM_UINT,
  LH_CLI_PARAM_REAL,
  LH_CLI_PARAM_BOOL,
  LH_CLI_PARAM_STRING,
} LhCliParamType;

/**
 * LhCliParam: one parameter of a solver, for the output
 * @key: the JSON key, the option's name with '_' for '-' ("playout_depth")
 * @label: the translated label of the text output
 * @unit: (nullable): the translated unit, or NULL
 * @type: which of @uint_value, @real_value, @bool_value, @string_value holds it
 */
typedef struct {
  const char     *key;
  const char     *label;
  const char     *unit;
  LhCliParamType  type;
  guint64         uint_value;
  double          real_value;
  gboolean        bool_value;
  const char     *string_value;
} LhCliParam;

/** Most parameters lh_cli_solver_params_list() gives. */
#define LH_CLI_MAX_PARAMS 24

/**
 * lh_cli_solver_params_list:
 * @params: the parameters searched with
 * @out: (out caller-allocates): LH_CLI_MAX_PARAMS entries
 *
 * The parameters the chosen solver uses, in --help's order (the kind not
 * included): one list behind both the text and the JSON output.
 * Returns: how many entries of @out were filled.
 */
guint lh_cli_solver_params_list (const LhSolverParams *params,
                                 LhCliParam           *out);

G_END_DECLS
