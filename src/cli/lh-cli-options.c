/* lh-cli-options.c: the solver options shared by analyze, bench, tree and
 * sweep; the heuristic's --preset and --set are parsed by
 * lh-cli-heuristic-options.c. */

#include "lh-config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-heuristic-options.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-mcts.h"
#include "lh-playout.h"
#include "lh-preset.h"
#include "lh-transposition-table.h"

#define KIND(k) (1u << (k))
#define ALL_KINDS ((1u << LH_N_SOLVERS) - 1)
/* The solvers with an expectimax search: depth, cutoff, table. */
#define EXPECTIMAX_KINDS (KIND (LH_SOLVER_EXPECTIMAX) | KIND (LH_SOLVER_HYBRID))
/* The solvers a time budget bounds. */
#define TIMED_KINDS (EXPECTIMAX_KINDS | KIND (LH_SOLVER_MCTS))
/* The solvers that run playouts. */
#define SAMPLING_KINDS (ALL_KINDS & ~KIND (LH_SOLVER_EXPECTIMAX))
/* The solvers with a playout count of their own. */
#define PLAYOUT_COUNT_KINDS (KIND (LH_SOLVER_MONTE_CARLO) | KIND (LH_SOLVER_HYBRID))

typedef enum {
  VALUE_FLAG,     /* no argument */
  VALUE_UINT,     /* a whole number in [min, max] */
  VALUE_REAL,     /* a finite real number; its range is the validator's */
  VALUE_CUTOFF,   /* a probability in [0, 1) */
  VALUE_SOLVER,
  VALUE_POLICY,
  VALUE_MEASURE,
  VALUE_FINAL,
} ValueType;

typedef struct {
  const char *name;           /* without "--" */
  char        short_name;
  ValueType   type;
  guint64     min, max;       /* VALUE_UINT */
  guint       kinds;          /* the solvers that use it */
  const char *arg_description;
} OptSpec;

/* In LhCliOpt's order. */
static const OptSpec specs[LH_CLI_N_OPTS] = {
  [LH_CLI_OPT_SOLVER] = { "solver", 's', VALUE_SOLVER, 0, 0, ALL_KINDS, N_("NAME") },
  [LH_CLI_OPT_THREADS] = { "threads", 0, VALUE_UINT, 0, G_MAXUINT, ALL_KINDS, N_("N") },
  [LH_CLI_OPT_SEED] = { "seed", 0, VALUE_UINT, 0, G_MAXINT64, ALL_KINDS, N_("S") },
  [LH_CLI_OPT_DEPTH] = { "depth", 'd', VALUE_UINT, 1, LH_MAX_DEPTH, EXPECTIMAX_KINDS, N_("D") },
  [LH_CLI_OPT_ADAPTIVE] = { "adaptive", 'a', VALUE_FLAG, 0, 0, EXPECTIMAX_KINDS, NULL },
  [LH_CLI_OPT_MIN_DEPTH] = { "min-depth", 0, VALUE_UINT, 1, LH_MAX_DEPTH, EXPECTIMAX_KINDS, N_("D") },
  [LH_CLI_OPT_CUTOFF] = { "cutoff", 'p', VALUE_CUTOFF, 0, 0, EXPECTIMAX_KINDS, N_("P") },
  [LH_CLI_OPT_NO_CACHE] = { "no-cache", 0, VALUE_FLAG, 0, 0, EXPECTIMAX_KINDS, NULL },
  [LH_CLI_OPT_TABLE_SIZE] = { "table-size", 0, VALUE_UINT, 1, LH_TRANSPOSITION_TABLE_MAX_MIB, EXPECTIMAX_KINDS, N_("MIB") },
  [LH_CLI_OPT_TIME_MS] = { "time-ms", 't', VALUE_UINT, 0, G_MAXINT, TIMED_KINDS, N_("T") },
  [LH_CLI_OPT_PLAYOUTS] = { "playouts", 0, VALUE_UINT, 0, G_MAXUINT, PLAYOUT_COUNT_KINDS, N_("N") },
  [LH_CLI_OPT_PLAYOUT_DEPTH] = { "playout-depth", 0, VALUE_UINT, 0, G_MAXUINT, SAMPLING_KINDS, N_("N") },
  [LH_CLI_OPT_DISCOUNT] = { "discount", 0, VALUE_REAL, 0, 0, SAMPLING_KINDS, N_("G") },
  [LH_CLI_OPT_POLICY] = { "policy", 0, VALUE_POLICY, 0, 0, SAMPLING_KINDS, N_("POLICY") },
  [LH_CLI_OPT_MEASURE] = { "measure", 0, VALUE_MEASURE, 0, 0, SAMPLING_KINDS, N_("MEASURE") },
  [LH_CLI_OPT_ITERATIONS] = { "iterations", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_MCTS), N_("N") },
  [LH_CLI_OPT_EXPLORATION] = { "exploration", 0, VALUE_REAL, 0, 0, KIND (LH_SOLVER_MCTS), N_("C") },
  [LH_CLI_OPT_FINAL] = { "final", 0, VALUE_FINAL, 0, 0, KIND (LH_SOLVER_MCTS), N_("RULE") },
  [LH_CLI_OPT_THETA1] = { "theta1", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("N") },
  [LH_CLI_OPT_THETA2] = { "theta2", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("N") },
  [LH_CLI_OPT_THETA3] = { "theta3", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("N") },
  [LH_CLI_OPT_THETA4] = { "theta4", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("N") },
  [LH_CLI_OPT_THETA5] = { "theta5", 0, VALUE_REAL, 0, 0, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("R") },
  [LH_CLI_OPT_THETA6] = { "theta6", 0, VALUE_REAL, 0, 0, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("P") },
  [LH_CLI_OPT_IMMEDIATE_REWARD] = { "immediate-reward", 0, VALUE_FLAG, 0, 0, KIND (LH_SOLVER_MDP_MONTE_CARLO), NULL },
  [LH_CLI_OPT_GAMMA] = { "gamma", 0, VALUE_REAL, 0, 0, KIND (LH_SOLVER_MDP_MONTE_CARLO), N_("G") },
  [LH_CLI_OPT_EMPTY_THRESHOLD] = { "empty-threshold", 0, VALUE_UINT, 0, G_MAXUINT, KIND (LH_SOLVER_HYBRID), N_("N") },
};

/* The solvers of @kinds, comma-separated, in LhSolverKind order. */
static char *
kinds_to_string (guint kinds)
{
  GString *names = g_string_new (NULL);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    if (kinds & KIND (k))
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                              lh_solver_kind_to_string ((LhSolverKind) k));
  return g_string_free (names, FALSE);
}

static const LhPlayoutParams *
get_playout (const LhSolverParams *params, LhSolverKind kind)
{
  switch (kind)
    {
    case LH_SOLVER_MONTE_CARLO:
      return &params->monte_carlo.playout;
    case LH_SOLVER_MDP_MONTE_CARLO:
      return &params->mdp.playout;
    case LH_SOLVER_MCTS:
      return &params->mcts.playout;
    case LH_SOLVER_HYBRID:
      return &params->hybrid.playout;
    case LH_SOLVER_EXPECTIMAX:
    case LH_N_SOLVERS:
    default:
      return NULL;
    }
}

/* "montecarlo 100, mdp-mc 20, mcts 0, hybrid 50": @opt's default for each
 * sampling solver, from the defaults @d. */
static char *
playout_defaults (const LhSolverParams *d, LhCliOpt opt)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhPlayoutParams *playout = get_playout (d, (LhSolverKind) k);

      if (playout == NULL)
        continue;
      g_string_append_printf (text, "%s%s ", text->len > 0 ? ", " : "",
                              lh_solver_kind_to_string ((LhSolverKind) k));
      switch (opt)
        {
        case LH_CLI_OPT_PLAYOUT_DEPTH:
          g_string_append_printf (text, "%u", playout->max_moves);
          break;
        case LH_CLI_OPT_DISCOUNT:
          g_string_append_printf (text, "%g", playout->discount);
          break;
        case LH_CLI_OPT_POLICY:
          g_string_append (text, lh_playout_policy_to_string (playout->policy));
          break;
        case LH_CLI_OPT_MEASURE:
          g_string_append (text, lh_measure_to_string (playout->measure));
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return g_string_free (text, FALSE);
}

/* The names @to_string gives for 0 to @n - 1, "a, b or c". */
static char *
names_to_string (const char *(*to_string) (int), int n)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? "" : i == n - 1 ? _(" or ") : ", ",
                            to_string (i));
  return g_string_free (text, FALSE);
}

static const char *
solver_name (int i)
{
  return lh_solver_kind_to_string ((LhSolverKind) i);
}

static const char *
policy_name (int i)
{
  return lh_playout_policy_to_string ((LhPlayoutPolicy) i);
}

static const char *
measure_name (int i)
{
  return lh_measure_to_string ((LhMeasure) i);
}

static const char *
final_name (int i)
{
  return lh_final_move_to_string ((LhFinalMove) i);
}

/* The help text of @opt, translated, with the defaults @d. */
static char *
describe (LhCliSearchFlags flags, const LhSolverParams *d, LhCliOpt opt)
{
  g_autofree char *defaults = NULL;
  g_autofree char *names = NULL;

  switch (opt)
    {
    case LH_CLI_OPT_SOLVER:
      names = names_to_string (solver_name, LH_N_SOLVERS);
      return g_strdup_printf (_("The solver: %s (default %s)"), names,
                              lh_solver_kind_to_string (d->kind));
    case LH_CLI_OPT_THREADS:
      return g_strdup_printf (_("Threads of each search, 1 to %d (default %u): expectimax splits "
                                "the root of searches of depth 4 or more (the same values as one "
                                "thread with --cutoff 0 or --no-cache), the sampling solvers "
                                "spread their playouts (mcts searches one tree per thread, so its "
                                "result depends on the count)"), LH_MAX_THREADS, d->threads);
    case LH_CLI_OPT_SEED:
      {
        g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, d->seed);

        if (flags & LH_CLI_SEARCH_GAME_SEED)
          return g_strdup_printf (_("Seed: game i (from 0) starts from seed S + i and its searches "
                                    "use a seed derived from S and i (default %s)"), seed);
        return g_strdup_printf (_("Seed of the random playouts; the same seed, board, options and "
                                  "--threads give the same result (default %s)"), seed);
      }
    case LH_CLI_OPT_DEPTH:
      return g_strdup_printf (_("Expectimax depth in player moves, 1 to %d (default %u); with "
                                "--adaptive or a time budget, the largest depth (default %d) "
                                "[expectimax, hybrid]"), LH_MAX_DEPTH, d->depth, LH_MAX_DEPTH);
    case LH_CLI_OPT_ADAPTIVE:
      return g_strdup (_("Choose the depth from the board: distinct tiles − 1, at least "
                         "--min-depth [expectimax, hybrid]"));
    case LH_CLI_OPT_MIN_DEPTH:
      return g_strdup_printf (_("Smallest adaptive depth in player moves (with --adaptive; "
                                "default %u) [expectimax, hybrid]"), d->min_depth);
    case LH_CLI_OPT_CUTOFF:
      return g_strdup_printf (_("Probability cutoff: chance branches less likely than P are "
                                "scored by the heuristic, 0 to less than 1 (0 disables; default "
                                "%g) [expectimax, hybrid]"), d->probability_cutoff);
    case LH_CLI_OPT_NO_CACHE:
      return g_strdup (_("Do not use the transposition table (used by default) "
                         "[expectimax, hybrid]"));
    case LH_CLI_OPT_TABLE_SIZE:
      return g_strdup_printf (_("Largest transposition table in MiB, 1 to %d, rounded down to "
                                "a power of two of 24-byte entries (default %zu); a search uses "
                                "the part its depth needs [expectimax, hybrid]"),
                              LH_TRANSPOSITION_TABLE_MAX_MIB,
                              lh_transposition_table_bytes_of_bits (d->table_bits) >> 20);
    case LH_CLI_OPT_TIME_MS:
      return g_strdup_printf (_("Time budget per search in ms (0: none; default %u): expectimax "
                                "and hybrid deepen iteratively from depth 1 and keep the deepest "
                                "finished search, MCTS runs iterations until time is up "
                                "[expectimax, hybrid, mcts]"), d->time_budget_ms);
    case LH_CLI_OPT_PLAYOUTS:
      return g_strdup_printf (_("Playouts per legal move (montecarlo; default %u) or per "
                                "Monte Carlo leaf (hybrid; default %u)"),
                              d->monte_carlo.playouts, d->hybrid.playouts);
    case LH_CLI_OPT_PLAYOUT_DEPTH:
      defaults = playout_defaults (d, opt);
      return g_strdup_printf (_("Longest playout in player moves, 0 to play to game over "
                                "(default: %s)"), defaults);
    case LH_CLI_OPT_DISCOUNT:
      defaults = playout_defaults (d, opt);
      return g_strdup_printf (_("Playout discount per move, more than 0 and at most 1 "
                                "(default: %s)"), defaults);
    case LH_CLI_OPT_POLICY:
      defaults = playout_defaults (d, opt);
      names = names_to_string (policy_name, LH_N_PLAYOUT_POLICIES);
      return g_strdup_printf (_("Playout policy: %s; greedy plays the move whose afterstate the "
                                "heuristic scores best (default: %s)"), names, defaults);
    case LH_CLI_OPT_MEASURE:
      defaults = playout_defaults (d, opt);
      names = names_to_string (measure_name, LH_N_MEASURES);
      return g_strdup_printf (_("What a playout returns: %s; score is the discounted points "
                                "scored, sum the sum of the final tiles, best the largest tile, "
                                "corner 003's MyMeasure, heuristic the heuristic's points of the "
                                "final board (default: %s)"), names, defaults);
    case LH_CLI_OPT_ITERATIONS:
      if (flags & LH_CLI_SEARCH_TIME_BUDGET)
        return g_strdup_printf (_("MCTS iterations per search (default %u); with --time-ms the "
                                  "time decides"), d->mcts.iterations);
      return g_strdup_printf (_("MCTS iterations per search (default %u)"), d->mcts.iterations);
    case LH_CLI_OPT_EXPLORATION:
      return g_strdup_printf (_("MCTS: UCB1's exploration constant, on values scaled to [0, 1] "
                                "(default %g)"), d->mcts.exploration);
    case LH_CLI_OPT_FINAL:
      names = names_to_string (final_name, LH_N_FINAL_MOVES);
      return g_strdup_printf (_("MCTS's move: %s; visits picks the root child visited most, "
                                "mean the one with the best mean value (default %s)"),
                              names, lh_final_move_to_string (d->mcts.final_move));
    case LH_CLI_OPT_THETA1:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 1 empty cell, "
                                "halved per further empty cell up to 3 (default %u)"),
                              d->mdp.theta[0]);
    case LH_CLI_OPT_THETA2:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 4 empty cells, "
                                "scaled likewise up to 6 (default %u)"), d->mdp.theta[1]);
    case LH_CLI_OPT_THETA3:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 7 empty cells, "
                                "scaled likewise up to 9 (default %u)"), d->mdp.theta[2]);
    case LH_CLI_OPT_THETA4:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 10 to 15 empty "
                                "cells (default %u)"), d->mdp.theta[3]);
    case LH_CLI_OPT_THETA5:
      return g_strdup_printf (_("MDP Monte Carlo: how many times more playouts a 2 spawn gets "
                                "than a 4 spawn, at least 1 (default %g)"), d->mdp.theta5);
    case LH_CLI_OPT_THETA6:
      return g_strdup_printf (_("MDP Monte Carlo: the top proportion of playout results kept, "
                                "more than 0 and at most 1 (default %g)"), d->mdp.theta6);
    case LH_CLI_OPT_IMMEDIATE_REWARD:
      return g_strdup_printf (_("MDP Monte Carlo: add the move's points to its value and "
                                "discount the rest by --gamma (default %s)"),
                              d->mdp.immediate_reward ? _("on") : _("off"));
    case LH_CLI_OPT_GAMMA:
      return g_strdup_printf (_("MDP Monte Carlo: the discount of --immediate-reward, more than "
                                "0 and at most 1 (default %g)"), d->mdp.gamma);
    case LH_CLI_OPT_EMPTY_THRESHOLD:
      return g_strdup_printf (_("Hybrid: leaves with at most N empty cells are valued by "
                                "playouts, the others by the heuristic, 0 to 16 (default %u)"),
                              d->hybrid.empty_threshold);
    case LH_CLI_N_OPTS:
    default:
      g_assert_not_reached ();
    }
}

void
lh_cli_search_options_init (LhCliSearchOptions *options,
                            LhCliSearchFlags    flags)
{
  guint n_params;

  lh_heuristic_param_list (&n_params);
  g_assert (n_params <= LH_CLI_MAX_HEURISTIC_PARAMS);

  *options = (LhCliSearchOptions) { 0 };
  options->flags = flags;
}

void
lh_cli_search_options_clear (LhCliSearchOptions *options)
{
  g_clear_pointer (&options->entries, g_free);
  g_clear_pointer (&options->texts, g_ptr_array_unref);
  g_clear_pointer (&options->preset_name, g_free);
  options->have_preset = FALSE;
}

static gboolean on_option (const char *option_name,
                           const char *value,
                           gpointer    user_data,
                           GError    **error);

void
lh_cli_search_options_add_entries (LhCliSearchOptions *options,
                                   GOptionGroup       *group)
{
  LhSolverParams defaults;
  guint n = 0;

  g_return_if_fail (options->entries == NULL);

  lh_solver_params_init_default (&defaults);
  options->texts = g_ptr_array_new_with_free_func (g_free);
  /* The solver options, --preset, --set and the terminator. */
  options->entries = g_new0 (GOptionEntry, LH_CLI_N_OPTS + 3);
  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    {
      const OptSpec *spec = &specs[i];
      char *text;

      if (i == LH_CLI_OPT_TIME_MS && !(options->flags & LH_CLI_SEARCH_TIME_BUDGET))
        continue;
      text = describe (options->flags, &defaults, (LhCliOpt) i);
      g_ptr_array_add (options->texts, text);
      options->entries[n++] = (GOptionEntry) {
        spec->name, spec->short_name,
        spec->type == VALUE_FLAG ? G_OPTION_FLAG_NO_ARG : 0,
        G_OPTION_ARG_CALLBACK, (gpointer) on_option,
        text, spec->arg_description,
      };
    }

  options->entries[n++] = (GOptionEntry) {
    "preset", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) lh_cli_heuristic_on_preset,
    N_("Heuristic parameters of a built-in preset (balanced, nneonneo, snake, weight-matrix, corner) or from a preset file (JSON, as the window exports); --set applies after it"),
    N_("FILE"),
  };
  {
    g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");
    /* TRANSLATORS: %s is the list of heuristic keys, "empty_weight, merges_weight, ..." */
    char *text = g_strdup_printf (_("Set one heuristic parameter, after --preset; repeatable.  NAME is "
                                    "one of %s; VALUE a number in its range"), keys);

    g_ptr_array_add (options->texts, text);
    options->entries[n++] = (GOptionEntry) {
      "set", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) lh_cli_heuristic_on_set, text, N_("NAME=VALUE"),
    };
  }
  g_option_group_add_entries (group, options->entries);
}

/* Parses a whole decimal number in [min, max]. */
static gboolean
parse_uint_value (const char *option,
                  const char *text,
                  guint64     min,
                  guint64     max,
                  guint64    *out,
                  GError    **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--depth: “x” is not a whole number" */
                   _("%s: “%s” is not a whole number"), option, text);
      return FALSE;
    }
  if (!lh_cli_check_int_range (option, value > G_MAXINT64 ? G_MAXINT64 : (gint64) value,
                               (gint64) min, (gint64) MIN (max, (guint64) G_MAXINT64), error))
    return FALSE;

  *out = value;
  return TRUE;
}

/* An unknown @text for a named value: the message lists the names. */
static gboolean
bad_name (const char  *option,
          const char  *text,
          const char *(*to_string) (int),
          int          n,
          GError     **error)
{
  g_autofree char *names = names_to_string (to_string, n);

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--policy: “x” is not one of random or greedy" */
               _("%s: “%s” is not one of %s"), option, text, names);
  return FALSE;
}

static gboolean
on_option (const char *option_name,
           const char *value,
           gpointer    user_data,
           GError    **error)
{
  LhCliSearchOptions *options = user_data;
  const OptSpec *spec = NULL;
  guint i;

  /* @option_name is the option as typed: "--depth" or "-d". */
  for (i = 0; i < LH_CLI_N_OPTS; i++)
    if ((g_str_has_prefix (option_name, "--") && g_str_equal (option_name + 2, specs[i].name)) ||
        (option_name[0] == '-' && option_name[1] == specs[i].short_name && specs[i].short_name != 0 &&
         option_name[2] == '\0'))
      {
        spec = &specs[i];
        break;
      }
  g_return_val_if_fail (spec != NULL, FALSE);

  switch (spec->type)
    {
    case VALUE_FLAG:
      break;
    case VALUE_UINT:
      if (!parse_uint_value (option_name, value, spec->min, spec->max, &options->uint_value[i], error))
        return FALSE;
      break;
    case VALUE_REAL:
      if (!lh_cli_parse_real_option (option_name, value, &options->real_value[i], error))
        return FALSE;
      break;
    case VALUE_CUTOFF:
      if (!lh_cli_parse_real_option (option_name, value, &options->real_value[i], NULL) ||
          options->real_value[i] < 0.0 || options->real_value[i] >= 1.0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--cutoff: “2” is not a probability in [0, 1)" */
                       _("%s: “%s” is not a probability in [0, 1)"), option_name, value);
          return FALSE;
        }
      break;
    case VALUE_SOLVER:
      {
        LhSolverKind kind;

        if (!lh_cli_parse_solver_option (option_name, value, &kind, error))
          return FALSE;
        options->enum_value[i] = (int) kind;
      }
      break;
    case VALUE_POLICY:
      {
        LhPlayoutPolicy policy;

        if (!lh_playout_policy_from_string (value, &policy))
          return bad_name (option_name, value, policy_name, LH_N_PLAYOUT_POLICIES, error);
        options->enum_value[i] = (int) policy;
      }
      break;
    case VALUE_MEASURE:
      {
        LhMeasure measure;

        if (!lh_measure_from_string (value, &measure))
          return bad_name (option_name, value, measure_name, LH_N_MEASURES, error);
        options->enum_value[i] = (int) measure;
      }
      break;
    case VALUE_FINAL:
      {
        LhFinalMove final_move;

        if (!lh_final_move_from_string (value, &final_move))
          return bad_name (option_name, value, final_name, LH_N_FINAL_MOVES, error);
        options->enum_value[i] = (int) final_move;
      }
      break;
    default:
      g_assert_not_reached ();
    }
  options->set[i] = TRUE;
  return TRUE;
}

/* The solver options lh_cli_search_options_set_value() accepts. */
static gboolean
is_settable_option (LhCliOpt opt)
{
  switch (specs[opt].type)
    {
    case VALUE_UINT:
    case VALUE_REAL:
    case VALUE_CUTOFF:
      return opt != LH_CLI_OPT_SEED && opt != LH_CLI_OPT_TIME_MS;
    case VALUE_FLAG:
    case VALUE_SOLVER:
    case VALUE_POLICY:
    case VALUE_MEASURE:
    case VALUE_FINAL:
    default:
      return FALSE;
    }
}

/* The option @name names ('_' accepted for '-'), or LH_CLI_N_OPTS. */
static LhCliOpt
find_settable_option (const char *name)
{
  g_autofree char *canonical = g_strdelimit (g_strdup (name), "_", '-');

  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    if (is_settable_option ((LhCliOpt) i) && g_str_equal (specs[i].name, canonical))
      return (LhCliOpt) i;
  return LH_CLI_N_OPTS;
}

const char *
lh_cli_search_options_canonical_name (const char *name)
{
  const LhHeuristicParamInfo *info;
  LhCliOpt opt;

  g_return_val_if_fail (name != NULL, NULL);

  info = lh_heuristic_param_find (name);
  if (info != NULL)
    return info->key;
  opt = find_settable_option (name);
  return opt < LH_CLI_N_OPTS ? specs[opt].name : NULL;
}

gboolean
lh_cli_search_options_set_value (LhCliSearchOptions *options,
                                 const char         *name,
                                 const char         *text,
                                 GError            **error)
{
  const LhHeuristicParamInfo *info;
  LhCliOpt opt;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  info = lh_heuristic_param_find (name);
  if (info != NULL)
    {
      double number;

      if (!lh_cli_heuristic_parse_value (info, text, &number, error))
        return FALSE;
      options->heuristic_set[lh_cli_heuristic_index (info)] = TRUE;
      options->heuristic_value[lh_cli_heuristic_index (info)] = number;
      return TRUE;
    }

  opt = find_settable_option (name);
  if (opt == LH_CLI_N_OPTS)
    {
      g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");
      GString *opts = g_string_new (NULL);
      g_autofree char *opts_text = NULL;

      for (guint i = 0; i < LH_CLI_N_OPTS; i++)
        if (is_settable_option ((LhCliOpt) i))
          g_string_append_printf (opts, "%s%s", opts->len > 0 ? ", " : "", specs[i].name);
      opts_text = g_string_free (opts, FALSE);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "no parameter is called “x” (heuristic keys: empty_weight,
                    * ...; solver options: depth, ...)" */
                   _("no parameter is called “%s” (heuristic keys: %s; solver options: %s)"),
                   name, keys, opts_text);
      return FALSE;
    }

  {
    g_autofree char *option_name = g_strconcat ("--", specs[opt].name, NULL);
    LhCliSearchOptions scratch = *options;

    /* Parse into a copy, so a bad value leaves @options as it was. */
    if (!on_option (option_name, text, &scratch, error))
      return FALSE;
    options->set[opt] = TRUE;
    options->uint_value[opt] = scratch.uint_value[opt];
    options->real_value[opt] = scratch.real_value[opt];
  }
  return TRUE;
}

/* Whether the command of @options offers @opt. */
static gboolean
is_offered (const LhCliSearchOptions *options, LhCliOpt opt)
{
  return opt != LH_CLI_OPT_TIME_MS || (options->flags & LH_CLI_SEARCH_TIME_BUDGET);
}

void
lh_cli_search_options_add_json (const LhCliSearchOptions *options,
                                JsonBuilder              *builder,
                                const char               *name)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    {
      if (!options->set[i])
        continue;
      json_builder_set_member_name (builder, specs[i].name);
      switch (specs[i].type)
        {
        case VALUE_FLAG:
          json_builder_add_boolean_value (builder, TRUE);
          break;
        case VALUE_UINT:
          json_builder_add_int_value (builder, (gint64) MIN (options->uint_value[i], (guint64) G_MAXINT64));
          break;
        case VALUE_REAL:
        case VALUE_CUTOFF:
          json_builder_add_double_value (builder, options->real_value[i]);
          break;
        case VALUE_SOLVER:
          json_builder_add_string_value (builder, solver_name (options->enum_value[i]));
          break;
        case VALUE_POLICY:
          json_builder_add_string_value (builder, policy_name (options->enum_value[i]));
          break;
        case VALUE_MEASURE:
          json_builder_add_string_value (builder, measure_name (options->enum_value[i]));
          break;
        case VALUE_FINAL:
          json_builder_add_string_value (builder, final_name (options->enum_value[i]));
          break;
        default:
          g_assert_not_reached ();
        }
    }
  lh_cli_heuristic_add_options_json (options, builder);
  json_builder_end_object (builder);
}

/* The text an option's JSON @node stands for, as it would be typed after
 * the option (NULL for a flag, which must be true).  Returns FALSE when
 * @node is not of the option's kind. */
static gboolean
option_json_text (const OptSpec *spec, JsonNode *node, char **text)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;

  *text = NULL;
  switch (spec->type)
    {
    case VALUE_FLAG:
      return type == G_TYPE_BOOLEAN && json_node_get_boolean (node);
    case VALUE_UINT:
      if (type != G_TYPE_INT64)
        return FALSE;
      *text = lh_cli_json_number_text (node);
      return TRUE;
    case VALUE_REAL:
    case VALUE_CUTOFF:
      *text = lh_cli_json_number_text (node);
      return *text != NULL;
    case VALUE_SOLVER:
    case VALUE_POLICY:
    case VALUE_MEASURE:
    case VALUE_FINAL:
    default:
      if (type != G_TYPE_STRING)
        return FALSE;
      *text = g_strdup (json_node_get_string (node));
      return TRUE;
    }
}

gboolean
lh_cli_search_options_read_json (LhCliSearchOptions *options,
                                 JsonNode           *node,
                                 GError            **error)
{
  g_autoptr(GList) members = NULL;
  JsonObject *object;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("the solver options are missing or not an object"));
      return FALSE;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *member = json_object_get_member (object, name);
      g_autofree char *option_name = g_strconcat ("--", name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) option_error = NULL;
      guint i;

      if (g_str_equal (name, "preset"))
        {
          if (!lh_cli_heuristic_read_preset_json (options, member, error))
            return FALSE;
          continue;
        }
      if (g_str_equal (name, "set"))
        {
          if (!lh_cli_heuristic_read_set_json (options, member, error))
            return FALSE;
          continue;
        }
      for (i = 0; i < LH_CLI_N_OPTS; i++)
        if (g_str_equal (specs[i].name, name) && is_offered (options, (LhCliOpt) i))
          break;
      if (i == LH_CLI_N_OPTS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: %s is an option's name, "depth" */
                       _("no solver option is called “%s”"), name);
          return FALSE;
        }
      if (!option_json_text (&specs[i], member, &text))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: "--depth: not a value of this option" */
                       _("%s: not a value of this option"), option_name);
          return FALSE;
        }
      if (!on_option (option_name, text, options, &option_error))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, option_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

LhSolverKind
lh_cli_search_options_get_kind (const LhCliSearchOptions *options)
{
  return options->set[LH_CLI_OPT_SOLVER]
         ? (LhSolverKind) options->enum_value[LH_CLI_OPT_SOLVER] : LH_SOLVER_EXPECTIMAX;
}

guint64
lh_cli_search_options_get_seed (const LhCliSearchOptions *options)
{
  LhSolverParams defaults;

  if (options->set[LH_CLI_OPT_SEED])
    return options->uint_value[LH_CLI_OPT_SEED];
  lh_solver_params_init_default (&defaults);
  return defaults.seed;
}

gboolean
lh_cli_search_options_to_params (const LhCliSearchOptions *options,
                                 LhSolverParams           *params,
                                 GError                  **error)
{
  g_autoptr(GError) invalid = NULL;
  LhSolverKind kind = lh_cli_search_options_get_kind (options);
  const gboolean *set = options->set;
  const guint64 *u = options->uint_value;
  const double *r = options->real_value;
  LhPlayoutParams *playout;

  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    if (set[i] && !(specs[i].kinds & KIND (kind)))
      {
        g_autofree char *kinds = kinds_to_string (specs[i].kinds);

        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     /* TRANSLATORS: "--iterations is not an option of the montecarlo
                      * solver (only of mcts)" */
                     _("--%s is not an option of the %s solver (only of %s)"),
                     specs[i].name, lh_solver_kind_to_string (kind), kinds);
        return FALSE;
      }
  if (set[LH_CLI_OPT_MIN_DEPTH] && !set[LH_CLI_OPT_ADAPTIVE])
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--min-depth needs --adaptive"));
      return FALSE;
    }

  lh_solver_params_init_default (params);
  params->kind = kind;
  if (set[LH_CLI_OPT_SEED])
    params->seed = u[LH_CLI_OPT_SEED];
  if (set[LH_CLI_OPT_THREADS])
    params->threads = (guint) u[LH_CLI_OPT_THREADS];

  /* Expectimax's depth. */
  if (set[LH_CLI_OPT_ADAPTIVE])
    {
      params->adaptive = TRUE;
      params->depth = set[LH_CLI_OPT_DEPTH] ? (guint) u[LH_CLI_OPT_DEPTH] : LH_MAX_DEPTH;
      if (set[LH_CLI_OPT_MIN_DEPTH])
        params->min_depth = (guint) u[LH_CLI_OPT_MIN_DEPTH];
      if (params->min_depth > params->depth)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--min-depth: 4 is more than the largest depth 3 (--depth)" */
                       _("--min-depth: %u is more than the largest depth %u (--depth)"),
                       params->min_depth, params->depth);
          return FALSE;
        }
    }
  else if (set[LH_CLI_OPT_DEPTH])
    params->depth = (guint) u[LH_CLI_OPT_DEPTH];
  else if (set[LH_CLI_OPT_TIME_MS] && u[LH_CLI_OPT_TIME_MS] > 0 && (EXPECTIMAX_KINDS & KIND (kind)))
    params->depth = LH_MAX_DEPTH;  /* iterative deepening: the clock decides */
  if (set[LH_CLI_OPT_CUTOFF])
    params->probability_cutoff = r[LH_CLI_OPT_CUTOFF];
  if (set[LH_CLI_OPT_NO_CACHE])
    params->use_transposition_table = FALSE;
  if (set[LH_CLI_OPT_TABLE_SIZE])
    params->table_bits = lh_transposition_table_bits_of_mib ((guint) u[LH_CLI_OPT_TABLE_SIZE]);
  if (set[LH_CLI_OPT_TIME_MS])
    params->time_budget_ms = (guint) u[LH_CLI_OPT_TIME_MS];

  /* The playouts of the chosen solver; the kind check above keeps these
   * options away from expectimax. */
  playout = (LhPlayoutParams *) get_playout (params, kind);
  if (playout != NULL)
    {
      if (set[LH_CLI_OPT_PLAYOUT_DEPTH])
        playout->max_moves = (guint) u[LH_CLI_OPT_PLAYOUT_DEPTH];
      if (set[LH_CLI_OPT_DISCOUNT])
        playout->discount = r[LH_CLI_OPT_DISCOUNT];
      if (set[LH_CLI_OPT_POLICY])
        playout->policy = (LhPlayoutPolicy) options->enum_value[LH_CLI_OPT_POLICY];
      if (set[LH_CLI_OPT_MEASURE])
        playout->measure = (LhMeasure) options->enum_value[LH_CLI_OPT_MEASURE];
    }
  if (set[LH_CLI_OPT_PLAYOUTS])
    {
      if (kind == LH_SOLVER_HYBRID)
        params->hybrid.playouts = (guint) u[LH_CLI_OPT_PLAYOUTS];
      else
        params->monte_carlo.playouts = (guint) u[LH_CLI_OPT_PLAYOUTS];
    }

  /* MCTS. */
  if (set[LH_CLI_OPT_ITERATIONS])
    params->mcts.iterations = (guint) u[LH_CLI_OPT_ITERATIONS];
  if (set[LH_CLI_OPT_EXPLORATION])
    params->mcts.exploration = r[LH_CLI_OPT_EXPLORATION];
  if (set[LH_CLI_OPT_FINAL])
    params->mcts.final_move = (LhFinalMove) options->enum_value[LH_CLI_OPT_FINAL];

  /* MDP Monte Carlo. */
  for (guint t = 0; t < 4; t++)
    if (set[LH_CLI_OPT_THETA1 + t])
      params->mdp.theta[t] = (guint) u[LH_CLI_OPT_THETA1 + t];
  if (set[LH_CLI_OPT_THETA5])
    params->mdp.theta5 = r[LH_CLI_OPT_THETA5];
  if (set[LH_CLI_OPT_THETA6])
    params->mdp.theta6 = r[LH_CLI_OPT_THETA6];
  if (set[LH_CLI_OPT_IMMEDIATE_REWARD])
    params->mdp.immediate_reward = TRUE;
  if (set[LH_CLI_OPT_GAMMA])
    params->mdp.gamma = r[LH_CLI_OPT_GAMMA];

  /* Hybrid. */
  if (set[LH_CLI_OPT_EMPTY_THRESHOLD])
    params->hybrid.empty_threshold = (guint) u[LH_CLI_OPT_EMPTY_THRESHOLD];

  /* The heuristic: the preset's, then each --set. */
  if (options->have_preset)
    params->heuristic = options->preset;
  {
    guint n_params;
    const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n_params);

    for (guint h = 0; h < n_params; h++)
      if (options->heuristic_set[h])
        lh_heuristic_params_set (&params->heuristic, &list[h], options->heuristic_value[h]);
  }

  if (!lh_solver_params_validate (params, &invalid))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, invalid->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
lh_cli_parse_solver_option (const char   *option,
                            const char   *text,
                            LhSolverKind *kind,
                            GError      **error)
{
  g_autofree char *names = NULL;

  if (text == NULL)
    {
      *kind = LH_SOLVER_EXPECTIMAX;
      return TRUE;
    }
  if (lh_solver_kind_from_string (text, kind))
    return TRUE;

  names = kinds_to_string (ALL_KINDS);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--solver: no solver is called “x” (solvers: expectimax, mcts)" */
               _("%s: no solver is called “%s” (solvers: %s)"), option, text, names);
  return FALSE;
}

/* Appends one parameter to @out[*n]. */
static void
add_uint (LhCliParam *out, guint *n, const char *key, const char *label, const char *unit,
          guint64 value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label, .unit = unit,
                               .type = LH_CLI_PARAM_UINT, .uint_value = value };
}

static void
add_real (LhCliParam *out, guint *n, const char *key, const char *label, double value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_REAL, .real_value = value };
}

static void
add_bool (LhCliParam *out, guint *n, const char *key, const char *label, gboolean value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_BOOL, .bool_value = value };
}

static void
add_string (LhCliParam *out, guint *n, const char *key, const char *label, const char *value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_STRING, .string_value = value };
}

guint
lh_cli_solver_params_list (const LhSolverParams *params,
                           LhCliParam           *out)
{
  LhSolverKind kind = params->kind;
  const LhPlayoutParams *playout = get_playout (params, kind);
  guint n = 0;

  add_uint (out, &n, "threads", _("Threads"), NULL, params->threads);
  if (kind != LH_SOLVER_EXPECTIMAX)
    add_uint (out, &n, "seed", _("Seed"), NULL, params->seed);
  if (EXPECTIMAX_KINDS & KIND (kind))
    {
      add_uint (out, &n, "depth", params->adaptive ? _("Adaptive depth, at most") : _("Depth"),
                /* TRANSLATORS: the unit of a depth */
                _("player moves"), params->depth);
      add_bool (out, &n, "adaptive", _("Adaptive"), params->adaptive);
      if (params->adaptive)
        add_uint (out, &n, "min_depth", _("Smallest adaptive depth"), _("player moves"),
                  params->min_depth);
      add_real (out, &n, "cutoff", _("Probability cutoff"), params->probability_cutoff);
      add_bool (out, &n, "transposition_table", _("Transposition table"),
                params->use_transposition_table);
      if (params->use_transposition_table)
        add_uint (out, &n, "table_mib", _("Largest transposition table"), _("MiB"),
                  lh_transposition_table_bytes_of_bits (params->table_bits) >> 20);
    }
  if (TIMED_KINDS & KIND (kind))
    add_uint (out, &n, "time_ms", _("Time budget"), _("ms"), params->time_budget_ms);
  if (kind == LH_SOLVER_MONTE_CARLO)
    add_uint (out, &n, "playouts", _("Playouts per move"), NULL, params->monte_carlo.playouts);
  if (kind == LH_SOLVER_HYBRID)
    {
      add_uint (out, &n, "empty_threshold", _("Playout leaves: empty cells at most"), NULL,
                params->hybrid.empty_threshold);
      add_uint (out, &n, "playouts", _("Playouts per leaf"), NULL, params->hybrid.playouts);
    }
  if (kind == LH_SOLVER_MCTS)
    {
      add_uint (out, &n, "iterations", _("Iterations"), NULL, params->mcts.iterations);
      add_real (out, &n, "exploration", _("Exploration constant"), params->mcts.exploration);
      add_string (out, &n, "final", _("Final move"), lh_final_move_to_string (params->mcts.final_move));
    }
  if (kind == LH_SOLVER_MDP_MONTE_CARLO)
    {
      static const char *const keys[4] = { "theta1", "theta2", "theta3", "theta4" };
      static const char *const labels[4] = { "θ1", "θ2", "θ3", "θ4" };

      for (guint t = 0; t < 4; t++)
        add_uint (out, &n, keys[t], labels[t], NULL, params->mdp.theta[t]);
      add_real (out, &n, "theta5", "θ5", params->mdp.theta5);
      add_real (out, &n, "theta6", "θ6", params->mdp.theta6);
      add_bool (out, &n, "immediate_reward", _("Immediate reward"), params->mdp.immediate_reward);
      add_real (out, &n, "gamma", "γ", params->mdp.gamma);
    }
  if (playout != NULL)
    {
      add_uint (out, &n, "playout_depth", _("Playout depth (0: to game over)"), _("player moves"),
                playout->max_moves);
      add_real (out, &n, "discount", _("Playout discount"), playout->discount);
      add_string (out, &n, "policy", _("Playout policy"), lh_playout_policy_to_string (playout->policy));
      add_string (out, &n, "measure", _("Playout measure"), lh_measure_to_string (playout->measure));
    }
  return n;
}
