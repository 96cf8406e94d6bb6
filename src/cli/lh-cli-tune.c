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

#include "lh-cli-options.h"
#include "lh-cli-tune.h"
#include "lh-cli-tune-private.h"
#include "lh-preset.h"

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
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %s is the option's value */
                       _("--params: an empty parameter name in “%s”"), text);
          return FALSE;
        }
      param.info = lh_heuristic_param_find (item);
      if (param.info == NULL)
        {
          g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: the first %s is the unknown name, the second lists the keys */
                       _("--params: unknown parameter “%s”; the parameters are %s"), item, keys);
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
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: the first %s is a parameter's key, the second what
                            * followed '='; keep LO:HI as it is */
                           _("--params: the bounds of “%s” must be LO:HI, two numbers, not “%s”"),
                           param.info->key, bounds);
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
  g_auto(GStrv) args = g_strdupv (argv);
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  g_autofree char *params_text = NULL;
  g_autofree char *design_text = NULL;
  g_autofree char *algorithm_text = NULL;
  g_autofree char *log_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *name = NULL;
  g_autofree char *settings = NULL;
  g_autofree char *header = NULL;
  g_autofree double *design_points = NULL;
  g_autofree double *x = NULL;
  g_autoptr(GArray) params = g_array_new (FALSE, TRUE, sizeof (TuneParam));
  g_autoptr(GPtrArray) evaluations = g_ptr_array_new_with_free_func (lh_cli_tune_evaluation_free);
  g_autoptr(GPtrArray) logged = g_ptr_array_new_with_free_func (lh_cli_tune_log_row_free);
  Tune tune = { 0 };
  Design design = DESIGN_SOBOL;
  int algorithm = 0;
  int n_games = 20, n_evals = 30, n_initial = -1, n_jobs = 1, rows = 4, cols = 4;
  guint d, k;
  int log_initial = -1;
  gboolean exists = FALSE, old_form = FALSE;
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
      N_("Rows of the board, 2 to 4 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 4 (default 4)"), N_("C") },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path,
      N_("CSV log of every evaluation; an existing log of the same settings is resumed"),
      N_("FILE") },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the best point as a preset file the window can import"), N_("FILE") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The preset's name (default “Tuned” and the date)"), N_("TEXT") },
    { NULL }
  };

  lh_cli_search_options_init (&search, LH_CLI_SEARCH_GAME_SEED);
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
      "The parameters NAME can tune, with their valid ranges (bounds must lie\n"
      "within them):"),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (!lh_cli_games_check_options ("--games-per-eval", n_games, n_jobs, rows, cols, &error) ||
      !lh_cli_check_int_range ("--evals", n_evals, 2, MAX_EVALS, &error) ||
      (n_initial != -1 &&
       !lh_cli_check_int_range ("--initial", n_initial, 0, n_evals - 1, &error)) ||
      !parse_params (params_text, params, &error) ||
      !lh_cli_search_options_to_params (&search, &tune.base, &error))
    return lh_cli_usage_error ("%s", error->message);

  if (design_text != NULL)
    {
      int found = find_name (lh_cli_tune_design_names, N_DESIGNS, design_text);

      if (found < 0)
        /* TRANSLATORS: %s is the value given */
        return lh_cli_usage_error (_("--design: unknown design “%s”; the designs are sobol "
                                     "and lhs"), design_text);
      design = (Design) found;
    }
  if (algorithm_text != NULL)
    {
      const char *names[N_ALGORITHMS];

      for (guint i = 0; i < N_ALGORITHMS; i++)
        names[i] = algorithm_name ((int) i);
      algorithm = find_name (names, N_ALGORITHMS, algorithm_text);
      if (algorithm < 0)
        /* TRANSLATORS: %s is the value given */
        return lh_cli_usage_error (_("--algorithm: unknown algorithm “%s”; the algorithms are "
                                     "bobyqa, cobyla, sbplx and neldermead"), algorithm_text);
    }
  if (name != NULL)
    {
      if (!lh_preset_check_name (name, &error))
        return lh_cli_usage_error ("--name: %s", error->message);
    }
  else
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H:%M");

      /* TRANSLATORS: the default name of a tuned preset; %s is the date and time */
      name = g_strdup_printf (_("Tuned %s"), date);
    }

  d = params->len;
  tune.params = (TuneParam *) (gpointer) params->data;
  tune.n_params = d;
  tune.geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  tune.first_seed = lh_cli_search_options_get_seed (&search);
  tune.n_games = (guint) n_games;
  tune.n_jobs = (guint) n_jobs;
  tune.n_evals = (guint) n_evals;
  tune.show_progress = isatty (STDERR_FILENO);
  tune.log_path = log_path;
  tune.logged = logged;
  tune.evaluations = evaluations;

  /* Without --initial, a log's K: the default depends on --evals, which a
   * run extending the log changes. */
  if (log_path != NULL && !lh_cli_tune_log_read_initial (log_path, &log_initial, &old_form, &error))
    return status_of (error);
  if (n_initial == -1)
    n_initial = log_initial >= 0 ? log_initial
                                 : MIN (MAX (2 * (int) d + 1, n_evals / 4), n_evals - 1);

  design_points = lh_cli_tune_make_design (design, (guint) n_initial, d, tune.first_seed, &error);
  if (design_points == NULL)
    return lh_cli_usage_error ("%s", error->message);

  for (k = 0; k < d; k++)
    {
      double value = lh_heuristic_params_get (&tune.base.heuristic, tune.params[k].info);

      if (value < tune.params[k].lo || value > tune.params[k].hi)
        /* TRANSLATORS: a note: a parameter's base value lies outside the bounds tuned */
        g_printerr (_("Note: the base value of %s, %g, lies outside the bounds %g…%g; the "
                      "baseline is still evaluated there\n"),
                    tune.params[k].info->key, value, tune.params[k].lo, tune.params[k].hi);
    }

  if (log_path != NULL)
    {
      settings = lh_cli_tune_build_settings (&tune, design, old_form ? -1 : n_initial, algorithm);
      header = lh_cli_tune_build_header (&tune);
      if (!lh_cli_tune_log_load (&tune, settings, header, &exists, &error))
        return status_of (error);
      if (logged->len > 0)
        /* TRANSLATORS: resuming: %u evaluations, %s the log's file name */
        g_printerr (_("Resuming from %u evaluations in %s\n"), logged->len, log_path);
      if (!lh_cli_tune_log_open (&tune, settings, header, exists, &error))
        return status_of (error);
    }

  start_us = g_get_monotonic_time ();

  /* Evaluation 0: the baseline. */
  x = g_new (double, d);
  for (k = 0; k < d; k++)
    x[k] = lh_heuristic_params_get (&tune.base.heuristic, tune.params[k].info);
  if (!lh_cli_tune_evaluate (&tune, x, NULL, SOURCE_BASELINE, &error))
    goto failed;

  /* The initial design. */
  for (k = 0; k < (guint) n_initial && tune.evaluations->len < tune.n_evals; k++)
    {
      const double *u = &design_points[(gsize) k * d];

      lh_cli_tune_denormalise (&tune, u, x);
      if (!lh_cli_tune_evaluate (&tune, x, u, SOURCE_DESIGN, &error))
        goto failed;
    }

  /* The local optimiser. */
  if (tune.evaluations->len < tune.n_evals &&
      !lh_cli_tune_optimise (&tune, lh_cli_tune_algorithms[algorithm].algorithm, lh_cli_tune_algorithms[algorithm].name, &error))
    goto failed;

  if (tune.log != NULL)
    fclose (tune.log);
  if (logged->len > tune.evaluations->len)
    g_printerr (_("The log holds %u evaluations, more than this run's %u\n"),
                logged->len, tune.evaluations->len);
  return lh_cli_tune_report (&tune, args, output, name,
                 (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC);

failed:
  if (tune.log != NULL)
    fclose (tune.log);
  return status_of (error);
}
