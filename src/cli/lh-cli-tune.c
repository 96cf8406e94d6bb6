/* lh-cli-tune.c: `lookahead-cli tune`, heuristic parameters tuned by games.
 *
 * The objective of a point (values of the d tuned heuristic parameters, the
 * others from the base parameters) is the mean score of N games with the
 * seeds S .. S + N - 1, the same seeds at every point (common random
 * numbers, lh-cli-games.h): the objective is then a deterministic function
 * of the point, and differences between points are not blurred by the luck
 * of the tiles, which suits a local optimiser.
 *
 * E evaluations in all:
 *   0          the base parameters (defaults, --preset, --set): the baseline;
 *   1 .. K     an initial design of K points spread over the box of bounds:
 *              GSL's Sobol sequence (gsl_qrng_sobol; its first point is the
 *              box's centre) or a Latin hypercube (each dimension cut into K
 *              strata, one point per stratum, strata matched by
 *              gsl_ran_shuffle and placed uniformly within, McKay, Beckman
 *              and Conover 1979) from a gsl_rng seeded with --seed;
 *   K+1 .. E-1 a derivative-free local optimiser from NLopt (BOBYQA, Powell
 *              2009, by default) started from the best point so far, on
 *              variables normalised to [0, 1], initial step 0.1.  When it
 *              converges before the budget is spent it restarts from the
 *              best point with half the step, down to 1/1000 of the box.
 *              A point asked for again is answered from memory and not
 *              counted.
 *
 * The log (--log FILE.csv) holds a comment line with the run's settings
 * (K among them, but not E), a header (the keys, mean, sem, games, seed) and
 * one row per evaluation, flushed as each finishes; numbers are written with
 * lh_cli_format_number(), so they read back exactly.  A run given an existing log
 * replays the same deterministic sequence, answering the evaluations the log
 * holds from it (each logged point must be the one asked for), then plays on
 * and appends: a stopped run resumes where it stopped and ends as an
 * unstopped one would, and a finished run is extended by a larger E.  As the
 * default K depends on E, a run without --initial takes the log's K.  (Logs
 * written before K was in the settings line are still read: K is then
 * --initial or the default for this E, and the point check catches a
 * mismatch.)
 *
 * Shards (--shard I/N, lh-cli-shard.h) play the baseline and the K design
 * points, each evaluation's games split by seed as bench splits them, and
 * write a part (lh-cli-part.h) with "evaluations": [{ "index": e, "x":
 * [...], "games": [...] }] for e = 0 .. K and "argv", the command line
 * (for the commands the report prints).  The optimiser's evaluations are
 * not sharded: each depends on the ones before.  lh_cli_tune_merge()
 * settles the run from part 1's options and runs the same sequence, the
 * evaluations answered from the parts' games: when E = K + 1 that is the
 * whole run, and it reports as one run does; otherwise it writes the
 * baseline and the design to a new --log, which `tune --log` resumes to
 * run the optimiser.
 *
 * The command is split along its jobs: this file holds the options and the
 * run's sequence; lh-cli-tune-search.c the evaluations, the design and the
 * optimiser; lh-cli-tune-log.c the log; lh-cli-tune-report.c the report.
 * What they share is in lh-cli-tune-private.h.
 */

#include "lh-config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-part.h"
#include "lh-cli-tune.h"
#include "lh-cli-tune-private.h"
#include "lh-format.h"
#include "lh-preset.h"

/* The solver options the command offers: the command line and merge, which
 * reads a part's options back, must offer the same. */
#define TUNE_SEARCH_FLAGS LH_CLI_SEARCH_GAME_SEED

const char *const lh_cli_tune_design_names[N_DESIGNS] = { "sobol", "lhs" };

const LhCliTuneAlgorithm lh_cli_tune_algorithms[N_ALGORITHMS] = {
  { "bobyqa", NLOPT_LN_BOBYQA },
  { "cobyla", NLOPT_LN_COBYLA },
  { "sbplx", NLOPT_LN_SBPLX },
  { "neldermead", NLOPT_LN_NELDERMEAD },
};

/* ---- options ---- */

/* Parses --params NAME[=LO:HI],...  Returns FALSE with @error
 * (G_OPTION_ERROR_BAD_VALUE) naming the entry that is wrong. */
static gboolean
parse_params (const char *text,
              GArray     *out,
              GError    **error)
{
  g_auto(GStrv) items = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  guint i, j;

  if (*stripped == '\0')
    {
      g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s lists the parameters' keys */
                   _("--params: give the parameters to tune, NAME[=LO:HI] separated by commas; "
                     "the parameters are %s"), keys);
      return FALSE;
    }

  items = g_strsplit (text, ",", -1);
  for (i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      char *bounds = strchr (item, '=');
      TuneParam param = { 0 };

      if (bounds != NULL)
        *bounds++ = '\0';
      g_strstrip (item);
      if (*item == '\0')
        {
          g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %s is the option's value */
                       _("--params: an empty parameter name in “%s”"), quoted);
          return FALSE;
        }
      param.info = lh_heuristic_param_find (item);
      if (param.info == NULL)
        {
          g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");
          g_autofree char *quoted = lh_format_excerpt (item, -1, LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: the first %s is the unknown name, the second lists the keys */
                       _("--params: unknown parameter “%s”; the parameters are %s"), quoted, keys);
          return FALSE;
        }
      for (j = 0; j < out->len; j++)
        if (g_array_index (out, TuneParam, j).info == param.info)
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         /* TRANSLATORS: %s is a parameter's key */
                         _("--params: parameter “%s” is given twice"), param.info->key);
            return FALSE;
          }

      param.lo = param.info->slider_min;
      param.hi = param.info->slider_max;
      if (bounds != NULL)
        {
          g_auto(GStrv) parts = g_strsplit (g_strstrip (bounds), ":", -1);
          g_autoptr(GError) range_error = NULL;

          if (g_strv_length (parts) != 2 ||
              !lh_cli_parse_number (g_strstrip (parts[0]), &param.lo) ||
              !lh_cli_parse_number (g_strstrip (parts[1]), &param.hi))
            {
              g_autofree char *quoted = lh_format_excerpt (bounds, -1, LH_FORMAT_EXCERPT_SHORT);

              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: the first %s is a parameter's key, the second what
                            * followed '='; keep LO:HI as it is */
                           _("--params: the bounds of “%s” must be LO:HI, two numbers, not “%s”"),
                           param.info->key, quoted);
              return FALSE;
            }
          if (!lh_heuristic_param_check (param.info, param.lo, &range_error) ||
              !lh_heuristic_param_check (param.info, param.hi, &range_error))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: %s is the reason, which names the parameter and its range */
                           _("--params: a bound out of range: %s"), range_error->message);
              return FALSE;
            }
          if (!(param.lo < param.hi))
            {
              g_autofree char *lo = lh_cli_format_number (param.lo);
              g_autofree char *hi = lh_cli_format_number (param.hi);

              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: "--params: the bounds of “empty_weight” must have
                            * LO < HI, not 5:2" */
                           _("--params: the bounds of “%s” must have LO < HI, not %s:%s"),
                           param.info->key, lo, hi);
              return FALSE;
            }
        }
      g_array_append_val (out, param);
    }
  return TRUE;
}

/* The index of @text in @names, or -1. */
static int
find_name (const char *const *names, guint n, const char *text)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (names[i], text) == 0)
      return (int) i;
  return -1;
}

static const char *
algorithm_name (int index)
{
  return lh_cli_tune_algorithms[index].name;
}

/* ---- the command ---- */

/* What tune is asked: its own options (the solver's are in an
 * LhCliSearchOptions). */
typedef struct {
  const char *params_text;     /* --params */
  const char *design_text;     /* (nullable) --design */
  const char *algorithm_text;  /* (nullable) --algorithm */
  int         n_games;         /* --games-per-eval */
  int         n_evals;         /* --evals */
  int         n_initial;       /* --initial, or -1 */
  int         rows, cols;
} TuneOptions;

void
lh_cli_tune_clear (Tune *tune)
{
  if (tune->log != NULL)
    fclose (tune->log);
  g_free (tune->params);
  g_clear_pointer (&tune->evaluations, g_ptr_array_unref);
  g_clear_pointer (&tune->logged, g_ptr_array_unref);
  g_clear_pointer (&tune->answers, g_ptr_array_unref);
  g_free (tune->design_points);
  *tune = (Tune) { 0 };
}

/* Checks tune's options (but --jobs, --log, --output and --name) and
 * settles @tune: the tuned parameters and their bounds, the base
 * parameters, the design, the algorithm, K (--initial, else @log_initial
 * when not negative, else the default) and the design's points.  Notes on
 * standard error a base value outside its bounds.  Returns: FALSE with
 * @error (G_OPTION_ERROR_BAD_VALUE: a usage error). */
static gboolean
tune_settle (Tune                     *tune,
             const LhCliSearchOptions *search,
             const TuneOptions        *options,
             int                       log_initial,
             GError                  **error)
{
  g_autoptr(GArray) params = g_array_new (FALSE, TRUE, sizeof (TuneParam));
  int n_initial = options->n_initial;
  guint d;

  *tune = (Tune) { 0 };
  tune->evaluations = g_ptr_array_new_with_free_func (lh_cli_tune_evaluation_free);
  tune->logged = g_ptr_array_new_with_free_func (lh_cli_tune_log_row_free);
  if (!lh_cli_games_check_options ("--games-per-eval", options->n_games, 1, options->rows,
                                   options->cols, error) ||
      !lh_cli_check_int_range ("--evals", options->n_evals, 2, MAX_EVALS, error) ||
      (n_initial != -1 &&
       !lh_cli_check_int_range ("--initial", n_initial, 0, options->n_evals - 1, error)) ||
      !parse_params (options->params_text, params, error) ||
      !lh_cli_search_options_to_params (search, &tune->base, error))
    return FALSE;

  if (options->design_text != NULL)
    {
      int found = find_name (lh_cli_tune_design_names, N_DESIGNS, options->design_text);

      if (found < 0)
        {
          g_autofree char *quoted = lh_format_excerpt (options->design_text, -1,
                                                       LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %s is the value given */
                       _("--design: unknown design “%s”; the designs are sobol and lhs"),
                       quoted);
          return FALSE;
        }
      tune->design = (Design) found;
    }
  if (options->algorithm_text != NULL)
    {
      const char *names[N_ALGORITHMS];

      for (guint i = 0; i < N_ALGORITHMS; i++)
        names[i] = algorithm_name ((int) i);
      tune->algorithm = find_name (names, N_ALGORITHMS, options->algorithm_text);
      if (tune->algorithm < 0)
        {
          g_autofree char *quoted = lh_format_excerpt (options->algorithm_text, -1,
                                                       LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %s is the value given */
                       _("--algorithm: unknown algorithm “%s”; the algorithms are bobyqa, "
                         "cobyla, sbplx and neldermead"), quoted);
          return FALSE;
        }
    }

  d = params->len;
  tune->n_params = d;
  tune->params = (TuneParam *) (gpointer) g_array_free (g_steal_pointer (&params), FALSE);
  tune->geometry = (LhGeometry) { (guint8) options->rows, (guint8) options->cols };
  if (!lh_cli_search_options_check_geometry (search, tune->geometry, error))
    return FALSE;
  tune->first_seed = lh_cli_search_options_get_seed (search);
  tune->n_games = (guint) options->n_games;
  tune->n_evals = (guint) options->n_evals;

  /* Without --initial, a log's K: the default depends on --evals, which a
   * run extending the log changes. */
  if (n_initial == -1)
    n_initial = log_initial >= 0 ? log_initial
                                 : MIN (MAX (2 * (int) d + 1, options->n_evals / 4),
                                        options->n_evals - 1);
  tune->n_initial = (guint) n_initial;
  tune->design_points = lh_cli_tune_make_design (tune->design, tune->n_initial, d,
                                                 tune->first_seed, error);
  if (tune->design_points == NULL)
    return FALSE;

  for (guint k = 0; k < d; k++)
    {
      double value = lh_heuristic_params_get (&tune->base.heuristic, tune->params[k].info);

      if (value < tune->params[k].lo || value > tune->params[k].hi)
        /* TRANSLATORS: a note: a parameter's base value lies outside the bounds tuned */
        g_printerr (_("Note: the base value of %s, %g, lies outside the bounds %g…%g; the "
                      "baseline is still evaluated there\n"),
                    tune->params[k].info->key, value, tune->params[k].lo, tune->params[k].hi);
    }
  return TRUE;
}

/* @x: (out caller-allocates): evaluation @index's point: the baseline's
 * (the base parameters) for 0, else design point @index - 1; @u, when not
 * NULL: that design point, normalised (NULL for the baseline). */
static void
evaluation_point (const Tune *tune, guint index, double *x, const double **u)
{
  const double *point = NULL;

  if (index == 0)
    for (guint k = 0; k < tune->n_params; k++)
      x[k] = lh_heuristic_params_get (&tune->base.heuristic, tune->params[k].info);
  else
    {
      point = &tune->design_points[(gsize) (index - 1) * tune->n_params];
      lh_cli_tune_denormalise (tune, point, x);
    }
  if (u != NULL)
    *u = point;
}

/* Evaluates the baseline and the initial design (from the log, the
 * shards' parts or by playing). */
static gboolean
evaluate_design (Tune *tune, GError **error)
{
  g_autofree double *x = g_new (double, tune->n_params);

  for (guint e = 0; e <= tune->n_initial && tune->evaluations->len < tune->n_evals; e++)
    {
      const double *u;

      evaluation_point (tune, e, x, &u);
      if (!lh_cli_tune_evaluate (tune, x, u, e == 0 ? SOURCE_BASELINE : SOURCE_DESIGN, error))
        return FALSE;
    }
  return TRUE;
}

/* Members "evals", "initial" (K), "design" and "algorithm", as the
 * options give them and as the run settles them. */
static void
add_sequence_json (JsonBuilder *builder, const Tune *tune)
{
  json_builder_set_member_name (builder, "evals");
  json_builder_add_int_value (builder, tune->n_evals);
  json_builder_set_member_name (builder, "initial");
  json_builder_add_int_value (builder, tune->n_initial);
  json_builder_set_member_name (builder, "design");
  json_builder_add_string_value (builder, lh_cli_tune_design_names[tune->design]);
  json_builder_set_member_name (builder, "algorithm");
  json_builder_add_string_value (builder, lh_cli_tune_algorithms[tune->algorithm].name);
}

/* The part's "run": what every run has, and tune's settings. */
static JsonNode *
tune_run_json (const Tune *tune, const char *preset_name, const char *weights_path)
{
  JsonBuilder *builder = lh_cli_part_run_begin (&tune->base, preset_name, weights_path, tune->geometry,
                                                tune->first_seed, tune->n_games);

  add_sequence_json (builder, tune);
  json_builder_set_member_name (builder, "bounds");
  json_builder_begin_array (builder);
  for (guint i = 0; i < tune->n_params; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, tune->params[i].info->key);
      lh_cli_json_add_double (builder, "lo", tune->params[i].lo);
      lh_cli_json_add_double (builder, "hi", tune->params[i].hi);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return lh_cli_part_run_end (builder);
}

/* Plays the shard's games of the baseline and the design and writes them
 * as a part. */
static int
play_shard (Tune                     *tune,
            const LhCliSearchOptions *search,
            const TuneOptions        *options,
            const LhCliShard         *shard,
            const char               *out_path,
            char                    **args)
{
  g_autoptr(JsonBuilder) part = lh_cli_part_begin ("tune", shard, tune->n_jobs);
  g_autoptr(GError) error = NULL;
  g_autofree double *x = g_new (double, tune->n_params);
  guint n_results = lh_cli_shard_n_items (shard, tune->n_games);
  g_autofree LhCliGameResult *results = g_new0 (LhCliGameResult, n_results);
  gint64 start_us = g_get_monotonic_time ();

  lh_cli_part_begin_options (part, search, "games-per-eval", tune->n_games, tune->geometry.rows,
                             tune->geometry.cols);
  json_builder_set_member_name (part, "params");
  json_builder_add_string_value (part, options->params_text);
  add_sequence_json (part, tune);
  json_builder_end_object (part);
  json_builder_set_member_name (part, "run");
  json_builder_add_value (part, tune_run_json (tune, lh_cli_search_options_get_preset_name (search),
                                           lh_cli_search_options_get_weights_path (search)));
  json_builder_set_member_name (part, "argv");
  json_builder_begin_array (part);
  for (guint i = 0; args[i] != NULL; i++)
    json_builder_add_string_value (part, args[i]);
  json_builder_end_array (part);

  json_builder_set_member_name (part, "evaluations");
  json_builder_begin_array (part);
  for (guint e = 0; e <= tune->n_initial; e++)
    {
      LhSolverParams params;

      evaluation_point (tune, e, x, NULL);
      lh_cli_tune_point_params (tune, x, &params);
      if (!lh_cli_games_play (&params, tune->geometry, tune->first_seed, tune->n_games, shard,
                              tune->n_jobs, results, NULL, NULL, &error))
        return lh_cli_failure (_("the tuning failed: %s"), error->message);
      /* TRANSLATORS: a shard's progress: "eval 3/20 [shard 2/4]: 5 of 20 games played" */
      g_printerr (_("eval %u/%u [shard %u/%u]: %u of %u games played\n"), e + 1, tune->n_evals,
                  shard->index, shard->count, n_results, tune->n_games);

      json_builder_begin_object (part);
      json_builder_set_member_name (part, "index");
      json_builder_add_int_value (part, e);
      json_builder_set_member_name (part, "x");
      json_builder_begin_array (part);
      for (guint k = 0; k < tune->n_params; k++)
        json_builder_add_double_value (part, x[k]);
      json_builder_end_array (part);
      lh_cli_part_add_games (part, "games", shard, tune->first_seed, results, n_results);
      json_builder_end_object (part);
    }
  json_builder_end_array (part);
  return lh_cli_part_finish (part, (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC,
                             out_path);
}

/* The preset's name: @name checked, or "Tuned" and the date.  Returns:
 * NULL with @error (a usage error). */
static char *
preset_name_or_default (const char *name, GError **error)
{
  g_autoptr(GError) name_error = NULL;

  if (name != NULL)
    {
      if (!lh_preset_check_name (name, &name_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--name: %s",
                       name_error->message);
          return NULL;
        }
      return g_strdup (name);
    }
  {
    g_autoptr(GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");

    /* TRANSLATORS: the default name of a tuned preset; %s is the date and time */
    return g_strdup_printf (_("Tuned %s"), date);
  }
}

/* Opens the log at @log_path for @tune: reads back the evaluations it
 * holds (unless @new_log, when it must not hold any) and opens it for
 * appending.  Returns: FALSE with @error. */
static gboolean
open_log (Tune *tune, const char *log_path, gboolean old_form, gboolean new_log, GError **error)
{
  g_autofree char *settings = NULL;
  g_autofree char *header = NULL;
  gboolean exists = FALSE;

  tune->log_path = log_path;
  settings = lh_cli_tune_build_settings (tune, tune->design, old_form ? -1 : (int) tune->n_initial,
                                         tune->algorithm);
  header = lh_cli_tune_build_header (tune);
  if (new_log && g_file_test (log_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* TRANSLATORS: %s is a file name */
                   _("%s exists: merge writes a new log (remove it or give another --log)"),
                   log_path);
      return FALSE;
    }
  if (!lh_cli_tune_log_load (tune, settings, header, &exists, error))
    return FALSE;
  if (tune->logged->len > 0)
    /* TRANSLATORS: resuming: %u evaluations, %s the log's file name */
    g_printerr (_("Resuming from %u evaluations in %s\n"), tune->logged->len, log_path);
  return lh_cli_tune_log_open (tune, settings, header, exists, error);
}

/* Sets tune->answers to the games of evaluations 0 .. @n_sharded - 1 (the
 * baseline and the design), each read from every part. */
static gboolean
read_answers (Tune *tune, const LhCliMerge *merge, guint n_sharded, GError **error)
{
  tune->answers = g_ptr_array_new_with_free_func (g_free);
  for (guint e = 0; e < n_sharded; e++)
    {
      LhCliGameResult *results = g_new0 (LhCliGameResult, tune->n_games);

      g_ptr_array_add (tune->answers, results);
      if (!lh_cli_merge_read_games (merge, "evaluations", n_sharded, e, tune->first_seed,
                                    tune->n_games, results, error))
        return FALSE;
    }
  return TRUE;
}

int
lh_cli_tune_merge (const LhCliMerge *merge)
{
  const LhCliPart *first = lh_cli_merge_first_part (merge);
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(Tune) tune = { 0 };
  g_auto(GStrv) args = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) run = NULL;
  g_autofree char *name = NULL;
  TuneOptions options = { 0 };
  gint64 value;
  guint n_sharded;

  /* The run, settled from the first part's options as the command settles it. */
  lh_cli_search_options_init (&search, TUNE_SEARCH_FLAGS);
  if (!lh_cli_part_read_options (first, &search, "games-per-eval", &options.n_games,
                                 &options.rows, &options.cols, &error) ||
      !lh_cli_part_get_int (first, first->options, "options", "evals", 0, G_MAXINT, &value,
                            &error))
    return lh_cli_failure ("%s", error->message);
  options.n_evals = (int) value;
  if (!lh_cli_part_get_int (first, first->options, "options", "initial", 0, G_MAXINT, &value,
                            &error))
    return lh_cli_failure ("%s", error->message);
  options.n_initial = (int) value;
  options.params_text = json_object_get_string_member_with_default (first->options, "params", NULL);
  options.design_text = json_object_get_string_member_with_default (first->options, "design", NULL);
  options.algorithm_text = json_object_get_string_member_with_default (first->options, "algorithm",
                                                                       NULL);
  if (!tune_settle (&tune, &search, &options, -1, &error))
    return lh_cli_failure ("%s: options: %s", first->path, error->message);
  run = tune_run_json (&tune, lh_cli_search_options_get_preset_name (&search),
                       lh_cli_search_options_get_weights_path (&search));
  if (!lh_cli_part_check_run (first, run, &error))
    return lh_cli_failure ("%s", error->message);
  args = lh_cli_part_get_strv (first, first->root, NULL, "argv", &error);
  if (args == NULL)
    return lh_cli_failure ("%s", error->message);

  /* What the shards played: the baseline and the design.  The optimiser's
   * evaluations depend each on the one before: they cannot be merged. */
  n_sharded = tune.n_initial + 1;
  if (n_sharded < tune.n_evals)
    {
      if (merge->log_path == NULL)
        return lh_cli_failure (_("the run has %u evaluations, but its shards played only the "
                                 "first %u (the baseline and the initial design): the local "
                                 "optimiser's %u evaluations each depend on the one before and "
                                 "cannot be sharded or merged; give --log FILE to write the %u "
                                 "to a log that “lookahead-cli tune --log FILE” resumes, "
                                 "running the optimiser"),
                               tune.n_evals, n_sharded, tune.n_evals - n_sharded, n_sharded);
      if (merge->output != NULL || merge->name != NULL)
        return lh_cli_failure (_("--output and --name go with the tune that runs the optimiser "
                                 "(printed with --log), not with merge: the best point is not "
                                 "known before it has run"));
    }
  else if ((name = preset_name_or_default (merge->name, &error)) == NULL)
    return lh_cli_usage_error ("%s", error->message);

  if (!read_answers (&tune, merge, n_sharded, &error))
    return lh_cli_failure ("%s", error->message);

  tune.n_jobs = merge->jobs;
  tune.play_seconds = merge->seconds;
  if (merge->log_path != NULL && !open_log (&tune, merge->log_path, FALSE, TRUE, &error))
    return lh_cli_failure ("%s", error->message);
  if (!evaluate_design (&tune, &error))
    return lh_cli_failure (_("the tuning failed: %s"), error->message);
  if (tune.log != NULL)
    fclose (g_steal_pointer (&tune.log));
  if (n_sharded == tune.n_evals)
    return lh_cli_tune_report (&tune, args, merge->output, name, merge->seconds);

  {
    g_autofree char *resume = lh_cli_tune_resume_command (args, merge->log_path);

    /* TRANSLATORS: after merging a tune's shards: %u evaluations, a file name, the evaluations
     * left, then the command that runs them */
    g_print (_("The shards played the baseline and the initial design, %u evaluations, now in "
               "%s.\nThe local optimiser plays the other %u one after another; run it with:\n"
               "  %s\n"), n_sharded, merge->log_path, tune.n_evals - n_sharded, resume);
  }
  return lh_cli_finish_output ();
}

static int
status_of (const GError *error)
{
  if (error->domain == G_OPTION_ERROR)
    return lh_cli_usage_error ("%s", error->message);
  return lh_cli_failure (_("the tuning failed: %s"), error->message);
}

int
lh_cli_tune (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(LhCliShardOptions) shard = { 0 };
  g_auto(Tune) tune = { 0 };
  g_auto(GStrv) args = g_strdupv (argv);
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  g_autofree char *params_text = NULL;
  g_autofree char *design_text = NULL;
  g_autofree char *algorithm_text = NULL;
  g_autofree char *log_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *name = NULL;
  g_autofree char *preset_name = NULL;
  TuneOptions options = { 0 };
  int n_games = 20, n_evals = 30, n_initial = -1, n_jobs = 1, rows = 4, cols = 4;
  int log_initial = -1;
  gboolean old_form = FALSE;
  gint64 start_us;
  int status;
  const GOptionEntry entries[] = {
    { "params", 0, 0, G_OPTION_ARG_STRING, &params_text,
      N_("The heuristic parameters to tune, NAME or NAME=LO:HI separated by commas (bounds "
         "default to the panel's slider range)"), N_("LIST") },
    { "games-per-eval", 0, 0, G_OPTION_ARG_INT, &n_games,
      N_("Games per evaluation, the same seeds each time (default 20)"), N_("N") },
    { "evals", 0, 0, G_OPTION_ARG_INT, &n_evals,
      N_("Evaluations in all, the baseline included, at least 2 (default 30)"), N_("E") },
    { "initial", 0, 0, G_OPTION_ARG_INT, &n_initial,
      N_("Points of the initial design, 0 to E − 1 (default: an existing --log's, else "
         "max(2 d + 1, E / 4), at most E − 1, for d parameters)"), N_("K") },
    { "design", 0, 0, G_OPTION_ARG_STRING, &design_text,
      N_("Initial design: sobol (a Sobol sequence) or lhs (a Latin hypercube drawn with "
         "--seed) (default sobol)"), N_("DESIGN") },
    { "algorithm", 0, 0, G_OPTION_ARG_STRING, &algorithm_text,
      N_("NLopt's local optimiser: bobyqa, cobyla, sbplx or neldermead (default bobyqa)"),
      N_("NAME") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      N_("Worker threads playing games side by side, 1 to 256 (default 1); never changes "
         "the results"), N_("J") },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows,
      N_("Rows of the board, 2 to 5 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 5 (default 4)"), N_("C") },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path,
      N_("CSV log of every evaluation; an existing log of the same settings is resumed"),
      N_("FILE") },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the best point as a preset file the window can import"), N_("FILE") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The preset's name (default “Tuned” and the date)"), N_("TEXT") },
    { NULL }
  };

  lh_cli_search_options_init (&search, TUNE_SEARCH_FLAGS);
  heuristic_help = lh_cli_heuristic_help ();
  description = g_strconcat (
    _("Tunes heuristic parameters by playing whole games.  The objective of a\n"
      "point is the mean score of N games (--games-per-eval) with seeds S .. S+N−1,\n"
      "the same seeds at every point (common random numbers): the objective is then\n"
      "a deterministic function of the parameters, and a difference between two\n"
      "points is not the luck of the tiles, which suits a local optimiser.  The\n"
      "other parameters come from the defaults, --preset and --set.\n"
      "\n"
      "Evaluation 1 is the base parameters (the baseline); then K points of a\n"
      "Sobol sequence or a Latin hypercube spread over the bounds; then NLopt's\n"
      "derivative-free local optimiser (BOBYQA by default) from the best point so\n"
      "far, on parameters normalised to [0, 1], restarted with a smaller step when\n"
      "it converges early.  A line per evaluation, with its mean score and the\n"
      "mean's standard error, goes to standard error.  At the end the best point\n"
      "is compared with the baseline on the same games: the paired standard error\n"
      "of the per-game differences tells whether the gain is more than luck.  The\n"
      "best of many noisy evaluations is biased upward, so confirm it with the\n"
      "bench on fresh seeds (printed).\n"
      "\n"
      "--log writes a comment line with the settings (K included, E not), a header\n"
      "(the keys, mean, sem, games, seed) and a row per evaluation as it finishes.\n"
      "Given an existing log of the same settings, tune replays the same sequence,\n"
      "answers the logged evaluations from it and carries on: a stopped run resumes\n"
      "where it stopped, and a larger --evals extends a finished one.  Without\n"
      "--initial the log's K is taken (the default K depends on --evals); an\n"
      "--initial other than the log's is refused like any other setting.\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli tune --params empty_weight,monotonicity_weight \\\n"
      "      --games-per-eval 50 --evals 20 --depth 1 --jobs 2 --log tune.csv\n"
      "  lookahead-cli tune --params empty_weight=200:2000,sum_weight=0:40 \\\n"
      "      --depth 2 --output tuned.json --name \"My tuned\"\n"
      "\n"
      "Shards: --shard I/N (I from 1 to N, N at most the games per evaluation)\n"
      "plays the baseline and the K design points, each with only the games k with\n"
      "k mod N = I − 1, and writes them as a part file (JSON; --out FILE, else\n"
      "standard output); it takes no --log, --output or --name.  The local\n"
      "optimiser is not sharded: each of its steps depends on the one before.\n"
      "“lookahead-cli merge” reads the N parts: when E = K + 1 (--initial E − 1)\n"
      "the run is all design and merge prints its report (and writes --log and\n"
      "--output) as one run does; otherwise merge --log FILE writes the baseline\n"
      "and the design to a new log and prints the tune --log FILE command that\n"
      "resumes it and runs the optimiser.\n"
      "  lookahead-cli tune --params empty_weight,sum_weight --evals 40 \\\n"
      "      --initial 30 --depth 2 --shard 1/4 --out tune-1.json\n"
      "  lookahead-cli merge --log tune.csv tune-*.json\n"
      "\n"
      "The parameters NAME can tune, with their valid ranges (bounds must lie\n"
      "within them):"),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);
  lh_cli_shard_options_add_entries (&shard, context);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  options = (TuneOptions) { params_text, design_text, algorithm_text, n_games, n_evals,
                            n_initial, rows, cols };
  /* Without --initial, a log's K: the default depends on --evals, which a
   * run extending the log changes. */
  if (log_path != NULL && !lh_cli_tune_log_read_initial (log_path, &log_initial, &old_form, &error))
    return status_of (error);
  if (!lh_cli_check_int_range ("--jobs", n_jobs, 1, LH_CLI_MAX_JOBS, &error) ||
      !tune_settle (&tune, &search, &options, log_initial, &error) ||
      !lh_cli_shard_options_check (&shard, "--games-per-eval", (guint) n_games, &error))
    return lh_cli_usage_error ("%s", error->message);
  tune.n_jobs = (guint) n_jobs;
  tune.show_progress = isatty (STDERR_FILENO);

  if (shard.active)
    {
      if (log_path != NULL || output != NULL || name != NULL)
        return lh_cli_usage_error (_("--log, --output and --name do not go with --shard: give "
                                     "them to merge"));
      return play_shard (&tune, &search, &options, &shard.shard, shard.out_path, args);
    }

  if ((preset_name = preset_name_or_default (name, &error)) == NULL)
    return lh_cli_usage_error ("%s", error->message);
  if (log_path != NULL && !open_log (&tune, log_path, old_form, FALSE, &error))
    return status_of (error);

  start_us = g_get_monotonic_time ();
  if (!evaluate_design (&tune, &error) ||
      (tune.evaluations->len < tune.n_evals &&
       !lh_cli_tune_optimise (&tune, lh_cli_tune_algorithms[tune.algorithm].algorithm,
                              lh_cli_tune_algorithms[tune.algorithm].name, &error)))
    return status_of (error);

  if (tune.log != NULL)
    fclose (g_steal_pointer (&tune.log));
  if (tune.logged->len > tune.evaluations->len)
    g_printerr (_("The log holds %u evaluations, more than this run's %u\n"),
                tune.logged->len, tune.evaluations->len);
  return lh_cli_tune_report (&tune, args, output, preset_name,
                             (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC);
}
