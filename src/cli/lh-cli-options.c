/* lh-cli-options.c: the solver options shared by analyze, bench, tree,
 * sweep and tune: the table of options, their parsing, their JSON form and
 * the solver parameters they give.  Their help texts and the parameters'
 * list for the output are in lh-cli-options-text.c; the heuristic's
 * --preset and --set are parsed by lh-cli-heuristic-options.c. */

#include "lh-config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-evaluator-options.h"
#include "lh-cli-heuristic-options.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-options-private.h"
#include "lh-format.h"
#include "lh-preset.h"
#include "lh-transposition-table.h"


typedef enum {
  VALUE_FLAG,     /* no argument */
  VALUE_UINT,     /* a whole number in [min, max] */
  VALUE_REAL,     /* a finite real number; its range is the validator's */
  VALUE_CUTOFF,   /* a probability in [0, 1) */
  VALUE_SOLVER,
  VALUE_CHOICE,   /* one of its parameters' choices (lh-solver-param.h) */
  VALUE_OBJECTIVE, /* "score" or "tile:T" (lh_exact_objective_parse()): the
                      "objective" choice, and for a tile the "target" (the
                      tile's value in uint_value) */
  VALUE_EVALUATOR, /* an evaluator's name (lh_evaluator_kind_names()) */
  VALUE_WEIGHTS,  /* a network's weights file, loaded when parsed
                     (lh-cli-evaluator-options.h) */
} ValueType;

typedef struct {
  const char *name;           /* without "--" */
  char        short_name;
  ValueType   type;
  guint64     min, max;       /* VALUE_UINT */
  guint       kinds;          /* ALL_KINDS for an option of every solver */
  LhSolverUses uses;          /* a shared option: the registry's solvers that
                                 use all of these (@kinds is 0) */
  /* With neither (OWN), the option of a solver's own parameter: the
   * solvers with an LhSolverParamInfo of its name take it
   * (lh-solver-param.h), which also says where its value goes. */
  const char *arg_description;
} OptSpec;

#define OWN 0, 0

/* In LhCliOpt's order. */
static const OptSpec specs[LH_CLI_N_OPTS] = {
  [LH_CLI_OPT_SOLVER] = { "solver", 's', VALUE_SOLVER, 0, 0, ALL_KINDS, 0, N_("NAME") },
  [LH_CLI_OPT_THREADS] = { "threads", 0, VALUE_UINT, 0, G_MAXUINT, ALL_KINDS, 0, N_("N") },
  [LH_CLI_OPT_SEED] = { "seed", 0, VALUE_UINT, 0, G_MAXINT64, ALL_KINDS, 0, N_("S") },
  [LH_CLI_OPT_DEPTH] = { "depth", 'd', VALUE_UINT, 1, LH_MAX_DEPTH, 0, LH_SOLVER_USES_DEPTH, N_("D") },
  [LH_CLI_OPT_ADAPTIVE] = { "adaptive", 'a', VALUE_FLAG, 0, 0, 0, LH_SOLVER_USES_DEPTH, NULL },
  [LH_CLI_OPT_MIN_DEPTH] = { "min-depth", 0, VALUE_UINT, 1, LH_MAX_DEPTH, 0, LH_SOLVER_USES_DEPTH, N_("D") },
  [LH_CLI_OPT_CUTOFF] = { "cutoff", 'p', VALUE_CUTOFF, 0, 0, 0, LH_SOLVER_USES_DEPTH, N_("P") },
  [LH_CLI_OPT_NO_CACHE] = { "no-cache", 0, VALUE_FLAG, 0, 0, 0, LH_SOLVER_USES_DEPTH, NULL },
  [LH_CLI_OPT_TABLE_SIZE] = { "table-size", 0, VALUE_UINT, 1, LH_TRANSPOSITION_TABLE_MAX_MIB, 0, LH_SOLVER_USES_DEPTH, N_("MIB") },
  [LH_CLI_OPT_TIME_MS] = { "time-ms", 't', VALUE_UINT, 0, G_MAXINT, 0, LH_SOLVER_USES_TIME_BUDGET, N_("T") },
  [LH_CLI_OPT_PLAYOUTS] = { "playouts", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_PLAYOUT_DEPTH] = { "playout-depth", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_DISCOUNT] = { "discount", 0, VALUE_REAL, 0, 0, OWN, N_("G") },
  [LH_CLI_OPT_POLICY] = { "policy", 0, VALUE_CHOICE, 0, 0, OWN, N_("POLICY") },
  [LH_CLI_OPT_MEASURE] = { "measure", 0, VALUE_CHOICE, 0, 0, OWN, N_("MEASURE") },
  [LH_CLI_OPT_ITERATIONS] = { "iterations", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_EXPLORATION] = { "exploration", 0, VALUE_REAL, 0, 0, OWN, N_("C") },
  [LH_CLI_OPT_FINAL] = { "final", 0, VALUE_CHOICE, 0, 0, OWN, N_("RULE") },
  [LH_CLI_OPT_THETA1] = { "theta1", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_THETA2] = { "theta2", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_THETA3] = { "theta3", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_THETA4] = { "theta4", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_THETA5] = { "theta5", 0, VALUE_REAL, 0, 0, OWN, N_("R") },
  [LH_CLI_OPT_THETA6] = { "theta6", 0, VALUE_REAL, 0, 0, OWN, N_("P") },
  [LH_CLI_OPT_IMMEDIATE_REWARD] = { "immediate-reward", 0, VALUE_FLAG, 0, 0, OWN, NULL },
  [LH_CLI_OPT_GAMMA] = { "gamma", 0, VALUE_REAL, 0, 0, OWN, N_("G") },
  [LH_CLI_OPT_EMPTY_THRESHOLD] = { "empty-threshold", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("N") },
  [LH_CLI_OPT_EVALUATION] = { "evaluation", 0, VALUE_CHOICE, 0, 0, OWN, N_("VALUES") },
  [LH_CLI_OPT_WEIGHTING] = { "weighting", 0, VALUE_CHOICE, 0, 0, OWN, N_("REWARD") },
  [LH_CLI_OPT_OBJECTIVE] = { "objective", 0, VALUE_OBJECTIVE, 0, 0, OWN, N_("score|tile:T") },
  [LH_CLI_OPT_TARGET] = { "target", 0, VALUE_UINT, 0, G_MAXUINT, OWN, N_("T") },
  [LH_CLI_OPT_SPAWNS] = { "spawns", 0, VALUE_CHOICE, 0, 0, OWN, N_("RULE") },
  [LH_CLI_OPT_LOSS] = { "loss", 0, VALUE_CHOICE, 0, 0, OWN, N_("PENALTY") },
  [LH_CLI_OPT_EVALUATOR] = { "evaluator", 0, VALUE_EVALUATOR, 0, 0, 0, LH_SOLVER_USES_EVALUATOR, N_("KIND") },
  [LH_CLI_OPT_WEIGHTS] = { "weights", 0, VALUE_WEIGHTS, 0, 0, 0, LH_SOLVER_USES_EVALUATOR, N_("FILE") },
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

#undef OWN

/* Whether @spec is the option of a solver's own parameter. */
static gboolean
spec_is_own (const OptSpec *spec)
{
  return spec->uses == 0 && spec->kinds == 0;
}

/* The solvers that accept @spec. */
static guint
spec_kinds (const OptSpec *spec)
{
  if (spec_is_own (spec))
    return lh_solver_param_kinds (spec->name);
  return spec->uses != 0 ? lh_solver_kinds_using (spec->uses) : spec->kinds;
}

/* Whether the value of @spec, a solver's own parameter's option, is of the
 * type of each of its parameters. */
static gboolean
own_spec_fits (const OptSpec *spec)
{
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverParamInfo *info = lh_solver_param_find ((LhSolverKind) k, spec->name);
      gboolean fits;

      if (info == NULL)
        continue;
      switch (info->type)
        {
        case LH_SOLVER_PARAM_UINT:
          fits = spec->type == VALUE_UINT;
          break;
        case LH_SOLVER_PARAM_REAL:
          fits = spec->type == VALUE_REAL;
          break;
        case LH_SOLVER_PARAM_BOOL:
          fits = spec->type == VALUE_FLAG;
          break;
        case LH_SOLVER_PARAM_CHOICE:
        default:
          fits = (spec->type == VALUE_CHOICE && info->choices == lh_cli_options_choices (spec - specs))
                 || (spec->type == VALUE_OBJECTIVE && g_str_equal (info->name, "objective")
                     && lh_solver_param_find (k, "target") != NULL);
          break;
        }
      if (!fits)
        return FALSE;
    }
  return TRUE;
}

/* @names, "a, b or c". */
char *
lh_cli_options_choices_to_string (const char *const *names)
{
  GString *text = g_string_new (NULL);
  guint n = g_strv_length ((char **) names);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i == 0 ? "" : i == n - 1 ? _(" or ") : ", ", names[i]);
  return g_string_free (text, FALSE);
}

/* The names @to_string gives for 0 to @n - 1, "a, b or c". */
char *
lh_cli_options_names_to_string (const char *(*to_string) (int), int n)
{
  g_autofree const char **names = g_new0 (const char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = to_string (i);
  return lh_cli_options_choices_to_string (names);
}

const char *const *
lh_cli_options_choices (LhCliOpt opt)
{
  g_return_val_if_fail ((guint) opt < LH_CLI_N_OPTS, NULL);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverParamInfo *info = lh_solver_param_find ((LhSolverKind) k, specs[opt].name);

      if (info != NULL)
        return info->choices;
    }
  return NULL;
}

const char *
lh_cli_options_name (LhCliOpt opt)
{
  g_return_val_if_fail ((guint) opt < LH_CLI_N_OPTS, "");
  return specs[opt].name;
}

const char *
lh_cli_options_solver_name (int i)
{
  return lh_solver_kind_to_string ((LhSolverKind) i);
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
  lh_cli_evaluator_clear (options);
}

static gboolean on_option (const char *option_name,
                           const char *value,
                           gpointer    user_data,
                           GError    **error);

static gboolean
options_parsed (GOptionContext *context, GOptionGroup *group, gpointer data, GError **error)
{
  return lh_cli_evaluator_use_shipped (data, error);
}

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

      /* Every option belongs to a solver; a solver's own, to its
       * parameters, whose type its value fits. */
      g_assert (spec_kinds (spec) != 0);
      g_assert (!spec_is_own (spec) || own_spec_fits (spec));

      if (i == LH_CLI_OPT_TIME_MS && !(options->flags & LH_CLI_SEARCH_TIME_BUDGET))
        continue;
      text = lh_cli_options_describe (options->flags, &defaults, (LhCliOpt) i);
      g_ptr_array_add (options->texts, text);
      options->entries[n++] = (GOptionEntry) {
        spec->name, spec->short_name,
        /* FILENAME: the value as bytes; on_option() makes it UTF-8 (see
         * lh_cli_command_context_new()) */
        spec->type == VALUE_FLAG ? G_OPTION_FLAG_NO_ARG : G_OPTION_FLAG_FILENAME,
        G_OPTION_ARG_CALLBACK, (gpointer) on_option,
        text, spec->arg_description,
      };
    }

  options->entries[n++] = (GOptionEntry) {
    /* FILENAME: a file's name as it is (bytes) */
    "preset", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, (gpointer) lh_cli_heuristic_on_preset,
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
      "set", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, (gpointer) lh_cli_heuristic_on_set,
      text, N_("NAME=VALUE"),
    };
  }
  g_option_group_add_entries (group, options->entries);
  /* Once all are parsed: --evaluator ntuple without --weights takes the
   * shipped network.  The group's data is @options (lh-cli-common.c). */
  g_option_group_set_parse_hooks (group, NULL, options_parsed);
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
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--depth: “x” is not a whole number" */
                   _("%s: “%s” is not a whole number"), option, quoted);
      return FALSE;
    }
  if (!lh_cli_check_int_range (option, value > G_MAXINT64 ? G_MAXINT64 : (gint64) value,
                               (gint64) min, (gint64) MIN (max, (guint64) G_MAXINT64), error))
    return FALSE;

  *out = value;
  return TRUE;
}

/* An unknown @text for a named value: the message lists the @choices. */
static gboolean
bad_name (const char         *option,
          const char         *text,
          const char *const  *choices,
          GError            **error)
{
  g_autofree char *names = lh_cli_options_choices_to_string (choices);
  g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--policy: “x” is not one of random or greedy" */
               _("%s: “%s” is not one of %s"), option, quoted, names);
  return FALSE;
}

static gboolean on_option_text (const char *option_name,
                                const char *value,
                                gpointer    user_data,
                                GError    **error);

/* The solver options' callback: @value as the command line has it (bytes),
 * made UTF-8 first. */
static gboolean
on_option (const char *option_name,
           const char *value,
           gpointer    user_data,
           GError    **error)
{
  g_autofree char *text = NULL;

  if (value != NULL)
    {
      text = lh_cli_option_to_utf8 (option_name, value, error);
      if (text == NULL)
        return FALSE;
    }
  return on_option_text (option_name, text, user_data, error);
}

static gboolean
on_option_text (const char *option_name,
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
          g_autofree char *quoted = lh_format_excerpt (value, -1, LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--cutoff: “2” is not a probability in [0, 1)" */
                       _("%s: “%s” is not a probability in [0, 1)"), option_name, quoted);
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
    case VALUE_CHOICE:
      {
        const char *const *choices = lh_cli_options_choices ((LhCliOpt) i);
        guint index;

        for (index = 0; choices[index] != NULL; index++)
          if (g_str_equal (choices[index], value))
            break;
        if (choices[index] == NULL)
          return bad_name (option_name, value, choices, error);
        options->enum_value[i] = (int) index;
      }
      break;
    case VALUE_OBJECTIVE:
      {
        LhExactRules rules;
        g_autoptr(GError) objective_error = NULL;

        lh_exact_rules_init_default (&rules);
        if (!lh_exact_objective_parse (value, &rules, &objective_error))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: %s", option_name,
                         objective_error->message);
            return FALSE;
          }
        options->enum_value[i] = (int) rules.objective;
        options->uint_value[i] = lh_tile_value (rules.target);
      }
      break;
    case VALUE_EVALUATOR:
      {
        LhEvaluatorKind kind;

        if (!lh_cli_evaluator_parse_kind (option_name, value, &kind, error))
          return FALSE;
        options->enum_value[i] = (int) kind;
      }
      break;
    case VALUE_WEIGHTS:
      if (!lh_cli_evaluator_load_weights (options, option_name, value, error))
        return FALSE;
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
    case VALUE_CHOICE:
    case VALUE_OBJECTIVE:
    case VALUE_EVALUATOR:
    case VALUE_WEIGHTS:
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
      g_autofree char *quoted = lh_format_excerpt (name, -1, LH_FORMAT_EXCERPT_SHORT);

      opts_text = g_string_free (opts, FALSE);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "no parameter is called “x” (heuristic keys: empty_weight,
                    * ...; solver options: depth, ...)" */
                   _("no parameter is called “%s” (heuristic keys: %s; solver options: %s)"),
                   quoted, keys, opts_text);
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
          json_builder_add_string_value (builder, lh_cli_options_solver_name (options->enum_value[i]));
          break;
        case VALUE_CHOICE:
          json_builder_add_string_value (builder,
                                         lh_cli_options_choices ((LhCliOpt) i)[options->enum_value[i]]);
          break;
        case VALUE_OBJECTIVE:
          {
            g_autofree char *text = options->enum_value[i] == LH_EXACT_OBJECTIVE_TILE
                                    ? g_strdup_printf ("tile:%" G_GUINT64_FORMAT, options->uint_value[i])
                                    : g_strdup ("score");

            json_builder_add_string_value (builder, text);
          }
          break;
        case VALUE_EVALUATOR:
          json_builder_add_string_value (builder,
                                         lh_evaluator_kind_to_string (options->enum_value[i]));
          break;
        case VALUE_WEIGHTS:
          json_builder_add_string_value (builder, options->weights_path);
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
    case VALUE_CHOICE:
    case VALUE_OBJECTIVE:
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
          g_autofree char *quoted = lh_format_excerpt (name, -1, LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: %s is an option's name, "depth" */
                       _("no solver option is called “%s”"), quoted);
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
  return lh_cli_evaluator_use_shipped (options, error);
}

LhSolverKind
lh_cli_search_options_get_kind (const LhCliSearchOptions *options)
{
  return options->set[LH_CLI_OPT_SOLVER]
         ? (LhSolverKind) options->enum_value[LH_CLI_OPT_SOLVER] : LH_SOLVER_EXPECTIMAX;
}

gboolean
lh_cli_search_options_any_given (const LhCliSearchOptions *options)
{
  if (options->have_preset || options->network != NULL)
    return TRUE;
  for (guint h = 0; h < LH_CLI_MAX_HEURISTIC_PARAMS; h++)
    if (options->heuristic_set[h])
      return TRUE;
  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    if (options->set[i] && i != LH_CLI_OPT_THREADS && i != LH_CLI_OPT_SEED)
      return TRUE;
  return FALSE;
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

/* The value of the set option @opt of a solver's own parameter, as
 * lh_solver_param_set() takes it. */
static double
own_option_value (const LhCliSearchOptions *options, LhCliOpt opt)
{
  switch (specs[opt].type)
    {
    case VALUE_FLAG:
      return 1;
    case VALUE_UINT:
      return (double) options->uint_value[opt];
    case VALUE_REAL:
    case VALUE_CUTOFF:
      return options->real_value[opt];
    case VALUE_SOLVER:
    case VALUE_CHOICE:
    case VALUE_OBJECTIVE:
    default:
      return options->enum_value[opt];
    }
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

  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    if (set[i] && !(spec_kinds (&specs[i]) & KIND (kind)))
      {
        g_autofree char *kinds = kinds_to_string (spec_kinds (&specs[i]));

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
  else if (set[LH_CLI_OPT_TIME_MS] && u[LH_CLI_OPT_TIME_MS] > 0 && lh_solver_kind_uses (kind, LH_SOLVER_USES_DEPTH))
    params->depth = LH_MAX_DEPTH;  /* iterative deepening: the clock decides */
  if (set[LH_CLI_OPT_CUTOFF])
    params->probability_cutoff = r[LH_CLI_OPT_CUTOFF];
  if (set[LH_CLI_OPT_NO_CACHE])
    params->use_transposition_table = FALSE;
  if (set[LH_CLI_OPT_TABLE_SIZE])
    params->table_bits = lh_transposition_table_bits_of_mib ((guint) u[LH_CLI_OPT_TABLE_SIZE]);
  if (set[LH_CLI_OPT_TIME_MS])
    params->time_budget_ms = (guint) u[LH_CLI_OPT_TIME_MS];

  /* The chosen solver's own parameters; the kind check above keeps each
   * option to the solvers with its parameter. */
  for (guint i = 0; i < LH_CLI_N_OPTS; i++)
    if (set[i] && spec_is_own (&specs[i]))
      lh_solver_param_set (lh_solver_param_find (kind, specs[i].name), params,
                           own_option_value (options, (LhCliOpt) i));
  /* --objective tile:T sets the target too. */
  if (set[LH_CLI_OPT_OBJECTIVE] && options->enum_value[LH_CLI_OPT_OBJECTIVE] == LH_EXACT_OBJECTIVE_TILE)
    lh_solver_param_set (lh_solver_param_find (kind, "target"), params, (double) u[LH_CLI_OPT_OBJECTIVE]);

  if (!lh_cli_evaluator_to_params (options, params, error))
    return FALSE;
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
  g_autofree char *quoted = NULL;

  if (text == NULL)
    {
      *kind = LH_SOLVER_EXPECTIMAX;
      return TRUE;
    }
  if (lh_solver_kind_from_string (text, kind))
    return TRUE;

  names = kinds_to_string (ALL_KINDS);
  quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--solver: no solver is called “x” (solvers: expectimax, mcts)" */
               _("%s: no solver is called “%s” (solvers: %s)"), option, quoted, names);
  return FALSE;
}
