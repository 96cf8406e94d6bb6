/* lh-cli-options.h: the solver options shared by analyze, bench and tree.
 *
 * One parser for every option that becomes part of an LhSolverParams:
 * --solver, --threads, --seed; expectimax's --depth, --adaptive,
 * --min-depth, --cutoff, --no-cache and (when offered) --time-ms; the
 * playouts' --playouts, --playout-depth, --discount, --policy, --measure;
 * MCTS's --iterations, --exploration, --final; MDP Monte Carlo's
 * --theta1 ... --theta6, --immediate-reward, --gamma; the hybrid's
 * --empty-threshold; the evaluator's --evaluator heuristic|ntuple and
 * --weights FILE (lh-cli-evaluator-options.c: the network's file is
 * loaded once, when the option is parsed); and the heuristic's --preset
 * NAME|FILE and --set NAME=VALUE (repeatable), parsed by
 * lh-cli-heuristic-options.c.
 *
 * --preset takes a built-in preset's name (balanced, nneonneo, snake,
 * weight-matrix, corner) unless a file of that name exists; otherwise it
 * loads a preset file (lh_preset_load_file(), lh-preset.h) when it is
 * parsed, so a file that cannot be read or holds a bad value fails the
 * parse with the loader's message (which names the file and the key).  Its
 * parameters replace the default heuristic; then each --set applies, in
 * order (a later --set of the same key wins): NAME is a key of the
 * heuristic's registry (lh_heuristic_param_find(): '-' is accepted for '_'),
 * VALUE a real number in the key's range (lh_heuristic_param_check()).  An
 * unknown key, a VALUE that is not a number or is out of range fails the
 * parse with a message naming the key and listing the keys or the range.
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
#include <json-glib/json-glib.h>

#include "lh-cli-common.h"
#include "lh-heuristic-params.h"
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
  LH_CLI_OPT_TABLE_SIZE,
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
  LH_CLI_OPT_EVALUATION,
  LH_CLI_OPT_WEIGHTING,
  LH_CLI_OPT_OBJECTIVE,
  LH_CLI_OPT_TARGET,
  LH_CLI_OPT_SPAWNS,
  LH_CLI_OPT_LOSS,
  LH_CLI_OPT_EVALUATOR,
  LH_CLI_OPT_WEIGHTS,
  LH_CLI_N_OPTS
} LhCliOpt;

/* Room for the heuristic's parameters (lh_heuristic_param_list()), indexed
 * as the registry lists them; checked when the options are initialised. */
#define LH_CLI_MAX_HEURISTIC_PARAMS 32

/**
 * LhCliSearchFlags:
 * @LH_CLI_SEARCH_TIME_BUDGET: offer --time-ms (analyze, tree, and bench for
 *   strength per second, where the results then depend on the machine and
 *   its load; sweep and tune do not, for reproducible comparisons)
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

  /* The heuristic: --preset's parameters, then the --set values by key. */
  gboolean          have_preset;
  char             *preset_name;        /* --preset's "name", owned */
  LhHeuristicParams preset;
  gboolean          heuristic_set[LH_CLI_MAX_HEURISTIC_PARAMS];
  double            heuristic_value[LH_CLI_MAX_HEURISTIC_PARAMS];

  /* --weights: the file as given (UTF-8, owned) and its network (a reference). */
  char             *weights_path;
  LhNtuple         *network;
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

/**
 * lh_cli_search_options_add_json:
 * Adds member @name to the current object of @builder: the options given,
 * as given, so that lh_cli_search_options_read_json() gives back options
 * equal to @options: each solver option given, keyed by its long name
 * ("depth", "no-cache", "playout-depth"): a whole number, a real number,
 * true for a flag, or a name ("mcts", "greedy"); "preset" with --preset's
 * preset in its file form (its name and every parameter: no file is
 * needed to read it back) and "set" with the --set values by key, when
 * given.  For `lookahead-cli merge`, which rebuilds a run from its parts.
 */
void lh_cli_search_options_add_json (const LhCliSearchOptions *options,
                                     JsonBuilder              *builder,
                                     const char               *name);

/**
 * lh_cli_search_options_read_json:
 * @options: initialised (lh_cli_search_options_init()) with the flags of
 *   the command that wrote @node, nothing given yet
 * @node: (nullable): an object lh_cli_search_options_add_json() wrote
 *
 * Gives each option of @node as the command line would, through the same
 * checks of each value's form and range.
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the option
 *   that is unknown, of the wrong kind or out of range, or when @node is
 *   not an object.
 */
gboolean lh_cli_search_options_read_json (LhCliSearchOptions *options,
                                          JsonNode           *node,
                                          GError            **error);

/** lh_cli_search_options_get_kind: the --solver given, or expectimax. */
LhSolverKind lh_cli_search_options_get_kind (const LhCliSearchOptions *options);

/** lh_cli_search_options_get_seed: the --seed given, or the default seed
 * of lh_solver_params_init_default(). */
guint64 lh_cli_search_options_get_seed (const LhCliSearchOptions *options);

/**
 * lh_cli_search_options_any_given:
 * Returns: TRUE when the command line chose anything of the search besides
 *   --threads and --seed: a solver, one of its options, the evaluator, a
 *   network, a preset or a heuristic value (for commands with a default
 *   reviewer or player of their own, `review`).
 */
gboolean lh_cli_search_options_any_given (const LhCliSearchOptions *options);

/**
 * lh_cli_search_options_get_weights_path:
 * Returns: (transfer none) (nullable): the --weights file as given, or NULL
 */
const char *lh_cli_search_options_get_weights_path (const LhCliSearchOptions *options);

/**
 * lh_cli_search_options_check_geometry:
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) when --weights
 *   gave a network of another geometry than @geometry, the board the
 *   command plays: the message names the file and both sizes.
 */
gboolean lh_cli_search_options_check_geometry (const LhCliSearchOptions *options,
                                               LhGeometry                geometry,
                                               GError                  **error);

/**
 * lh_cli_search_options_get_preset_name:
 * Returns: (transfer none) (nullable): the "name" of the --preset file
 *   given, or NULL
 */
const char *lh_cli_search_options_get_preset_name (const LhCliSearchOptions *options);

/**
 * lh_cli_search_options_canonical_name:
 * @name: a heuristic key (lh_heuristic_param_find(): '-' or '_') or the long
 *   name of a numeric solver option, without "--" (either '-' or '_': for
 *   "playout-depth")
 *
 * The numeric solver options are depth, min-depth, cutoff, threads,
 * playouts, playout-depth, discount, iterations, exploration, theta1 ...
 * theta6, gamma and empty-threshold (not seed nor time-ms: neither is a
 * parameter to tune).
 *
 * Returns: (transfer none) (nullable): the name in its one spelling, static:
 *   the registry's key ("empty_weight") or the option's name
 *   ("playout-depth"); NULL when @name is neither
 */
const char *lh_cli_search_options_canonical_name (const char *name);

/**
 * lh_cli_search_options_set_value:
 * @name: a heuristic key or a numeric solver option's long name (see
 *   lh_cli_search_options_canonical_name())
 * @text: the value as text: a real number ('.' decimal point, whatever the
 *   locale) for a heuristic key or a real option, a whole number for a
 *   whole-number option ("3", not "3.0")
 *
 * Sets one parameter, as `--set NAME=TEXT` would for a heuristic key or
 * `--NAME TEXT` for a solver option; setting it again replaces the value.
 * This is how `sweep` and `tune` vary the parameters: set each, then call
 * lh_cli_search_options_to_params(), which also checks the ranges the
 * solver's validator knows (and that the chosen solver uses the option).
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE), the options
 *   unchanged, when @name is neither (the message lists the valid names),
 *   @text is not a number of the right kind, or the value is out of the
 *   heuristic key's range or the whole-number option's range (the message
 *   names the key and gives the range).
 */
gboolean lh_cli_search_options_set_value (LhCliSearchOptions *options,
                                          const char         *name,
                                          const char         *text,
                                          GError            **error);

/**
 * lh_cli_heuristic_help:
 * Returns: (transfer full): a translated paragraph for a command's --help
 *   description: the heuristic's keys (from the registry), each with its
 *   valid range and default, one per line, for --set and preset files.
 */
char *lh_cli_heuristic_help (void);

/**
 * lh_cli_heuristic_add_json:
 * Adds member @name to the current object of @builder: an object with
 *   every heuristic parameter of @heuristic, keyed by the registry's keys
 *   (the "heuristic" object of a preset file), so a run can be reproduced.
 */
void lh_cli_heuristic_add_json (JsonBuilder             *builder,
                                const char              *name,
                                const LhHeuristicParams *heuristic);

/**
 * lh_cli_heuristic_describe_changes:
 * Returns: (transfer full) (nullable): "key value, key value" for the
 *   parameters of @heuristic that differ from the default heuristic
 *   (lh_heuristic_params_init_default()), in the registry's order, or NULL
 *   when none does; for the text output.
 */
char *lh_cli_heuristic_describe_changes (const LhHeuristicParams *heuristic);

/**
 * lh_cli_search_options_to_params:
 * @params: (out caller-allocates): set from lh_solver_params_init_default(),
 *   the kind from --solver, then the options given: --depth is the depth, or
 *   with --adaptive the largest depth (default LH_MAX_DEPTH: as in
 *   nneonneo/2048-ai the probability cutoff, not a fixed limit, keeps the
 *   adaptive search bounded); the playout options go to the chosen
 *   solver's LhPlayoutParams, --playouts to its playout count; the
 *   heuristic is --preset's (or the default) with each --set applied; the
 *   evaluator is --evaluator's, and params->network the network of
 *   --weights (borrowed: @options keeps it alive)
 *
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) naming the option
 *   the chosen solver does not use, --weights without --evaluator ntuple
 *   or --evaluator ntuple without --weights or with a heuristic parameter
 *   (--preset, --set), or with
 *   lh_solver_params_validate()'s message naming the field out of range.
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
