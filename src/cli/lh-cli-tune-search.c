/* lh-cli-tune-search.c: tune's evaluations (each point's games, answered
 * from the log when it holds them), the initial design (Sobol or Latin
 * hypercube) and NLopt's local optimiser.  The sequence of evaluations is
 * described in lh-cli-tune.c's opening comment. */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gsl/gsl_qrng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "lh-cli-options.h"
#include "lh-cli-tune-private.h"

void
lh_cli_tune_evaluation_free (gpointer data)
{
  Evaluation *evaluation = data;

  g_free (evaluation->x);
  g_free (evaluation->u);
  g_free (evaluation->results);
  g_free (evaluation);
}

Evaluation *
lh_cli_tune_get_evaluation (const Tune *tune, guint index)
{
  return g_ptr_array_index (tune->evaluations, index);
}

/* ---- evaluations ---- */

/* The parameters searched with at the point @x. */
void
lh_cli_tune_point_params (const Tune *tune, const double *x, LhSolverParams *params)
{
  *params = tune->base;
  for (guint i = 0; i < tune->n_params; i++)
    lh_heuristic_params_set (&params->heuristic, tune->params[i].info, x[i]);
}

static void
on_game_done (guint                  n_done,
              guint                  n_games,
              const LhCliGameResult *result,
              gpointer               user_data)
{
  Tune *tune = user_data;

  (void) result;
  fputc ('\r', stderr);
  /* TRANSLATORS: progress within one evaluation: "eval 3/20: game 7/50" */
  fprintf (stderr, _("eval %u/%u: game %u/%u"),
           tune->evaluations->len + 1, tune->n_evals, n_done, n_games);
  fputs ("\033[K", stderr);
}

static void
print_evaluation (const Tune *tune, guint index, Source source, gboolean from_log)
{
  const Evaluation *evaluation = lh_cli_tune_get_evaluation (tune, index);
  GString *point = g_string_new (NULL);
  const char *tag;

  for (guint i = 0; i < tune->n_params; i++)
    g_string_append_printf (point, "%s%s=%g", i > 0 ? " " : "",
                            tune->params[i].info->key, evaluation->x[i]);
  switch (source)
    {
    case SOURCE_BASELINE:
      /* TRANSLATORS: what an evaluation of the tuning was */
      tag = _("baseline");
      break;
    case SOURCE_DESIGN:
      /* TRANSLATORS: what an evaluation of the tuning was: a point of the initial design */
      tag = _("design");
      break;
    case SOURCE_OPTIMISER:
    default:
      /* TRANSLATORS: what an evaluation of the tuning was: asked for by the optimiser */
      tag = _("optimiser");
      break;
    }
  if (tune->show_progress)
    fputs ("\r\033[K", stderr);
  /* TRANSLATORS: one evaluation of the tuning: "eval 3/20: empty_weight=1200
   * monotonicity_weight=12 mean 5032.4 ± 120.3 (best so far 5032.4) [design]";
   * the last %s may be followed by " [from the log]" */
  fprintf (stderr, _("eval %u/%u: %s mean %.1f ± %.1f (best so far %.1f) [%s]"),
           index + 1, tune->n_evals, point->str, evaluation->mean, evaluation->sem,
           lh_cli_tune_get_evaluation (tune, tune->best)->mean, tag);
  if (from_log)
    /* TRANSLATORS: appended to an evaluation's line when the log answered it */
    fputs (_(" [from the log]"), stderr);
  fputc ('\n', stderr);
  g_string_free (point, TRUE);
}

/* Evaluates the point @x (normalised: @u), the next evaluation: from the
 * log when it holds it, by playing the games otherwise.  Returns FALSE with
 * @error when the games fail or the log's point differs. */
gboolean
lh_cli_tune_evaluate (Tune         *tune,
          const double *x,
          const double *u,
          Source        source,
          GError      **error)
{
  guint index = tune->evaluations->len;
  Evaluation *evaluation;
  gboolean from_log = index < tune->logged->len;
  guint i;

  g_return_val_if_fail (index < tune->n_evals, FALSE);

  if (from_log)
    {
      const LogRow *row = g_ptr_array_index (tune->logged, index);

      for (i = 0; i < tune->n_params; i++)
        {
          double scale = MAX (MAX (fabs (x[i]), fabs (row->x[i])),
                              tune->params[i].hi - tune->params[i].lo);

          if (fabs (x[i] - row->x[i]) > POINT_TOLERANCE * scale)
            {
              g_autofree char *logged = lh_cli_format_number (row->x[i]);
              g_autofree char *asked = lh_cli_format_number (x[i]);

              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: resuming a tuning run: the first %s is the log's file
                            * name, %u an evaluation's number, then a key and two values */
                           _("%s: evaluation %u has %s=%s in the log but this run asks for %s=%s; "
                             "the log comes from another sequence (other --evals or --initial?): "
                             "give the same options or another --log"),
                           tune->log_path, index + 1, tune->params[i].info->key, logged,
                           tune->params[i].info->key, asked);
              return FALSE;
            }
        }
    }

  evaluation = g_new0 (Evaluation, 1);
  evaluation->x = g_memdup2 (x, tune->n_params * sizeof (double));
  evaluation->u = g_new (double, tune->n_params);
  evaluation->in_box = TRUE;
  for (i = 0; i < tune->n_params; i++)
    {
      const TuneParam *param = &tune->params[i];

      evaluation->u[i] = u != NULL ? u[i] : (x[i] - param->lo) / (param->hi - param->lo);
      if (x[i] < param->lo || x[i] > param->hi)
        evaluation->in_box = FALSE;
      evaluation->u[i] = CLAMP (evaluation->u[i], 0.0, 1.0);
    }

  if (from_log)
    {
      const LogRow *row = g_ptr_array_index (tune->logged, index);

      evaluation->mean = row->mean;
      evaluation->sem = row->sem;
    }
  else if (tune->answers != NULL && index < tune->answers->len)
    {
      LhCliGamesSummary summary;

      evaluation->results = g_steal_pointer (&g_ptr_array_index (tune->answers, index));
      tune->n_played++;
      lh_cli_games_summarize (evaluation->results, tune->n_games, &summary);
      evaluation->mean = summary.mean;
      evaluation->sem = summary.sem;
    }
  else
    {
      LhSolverParams params;
      LhCliGamesSummary summary;
      gint64 start_us = g_get_monotonic_time ();

      lh_cli_tune_point_params (tune, x, &params);
      evaluation->results = g_new0 (LhCliGameResult, tune->n_games);
      if (!lh_cli_games_play (&params, tune->geometry, tune->first_seed, tune->n_games, NULL,
                              tune->n_jobs, evaluation->results,
                              tune->show_progress ? on_game_done : NULL, tune, error))
        {
          if (tune->show_progress)
            fputs ("\r\033[K", stderr);
          lh_cli_tune_evaluation_free (evaluation);
          return FALSE;
        }
      tune->play_seconds += (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC;
      tune->n_played++;
      lh_cli_games_summarize (evaluation->results, tune->n_games, &summary);
      evaluation->mean = summary.mean;
      evaluation->sem = summary.sem;
    }

  g_ptr_array_add (tune->evaluations, evaluation);
  if (index == 0 || evaluation->mean > lh_cli_tune_get_evaluation (tune, tune->best)->mean)
    tune->best = index;
  if (!from_log && tune->log != NULL && !lh_cli_tune_log_append (tune, evaluation, error))
    return FALSE;
  print_evaluation (tune, index, source, from_log);
  return TRUE;
}

/* x from the normalised @u. */
void
lh_cli_tune_denormalise (const Tune *tune, const double *u, double *x)
{
  for (guint i = 0; i < tune->n_params; i++)
    {
      const TuneParam *param = &tune->params[i];
      double value = param->lo + CLAMP (u[i], 0.0, 1.0) * (param->hi - param->lo);

      x[i] = CLAMP (value, param->lo, param->hi);
    }
}

/* The evaluation at exactly the normalised point @u, or -1. */
static int
find_evaluated (const Tune *tune, const double *u)
{
  for (guint k = 0; k < tune->evaluations->len; k++)
    {
      const Evaluation *evaluation = lh_cli_tune_get_evaluation (tune, k);

      if (evaluation->in_box &&
          memcmp (evaluation->u, u, tune->n_params * sizeof (double)) == 0)
        return (int) k;
    }
  return -1;
}

/* NLopt's objective (maximised): the mean score at the normalised point. */
static double
objective (unsigned n, const double *u, double *gradient, void *data)
{
  Tune *tune = data;
  g_autofree double *x = NULL;
  g_autofree double *clamped = NULL;
  int known;

  (void) gradient;   /* derivative-free algorithms only */
  g_assert (n == tune->n_params);

  if (tune->error != NULL || tune->evaluations->len >= tune->n_evals)
    {
      nlopt_force_stop (tune->opt);
      return lh_cli_tune_get_evaluation (tune, tune->best)->mean;
    }
  clamped = g_new (double, n);
  for (guint i = 0; i < n; i++)
    clamped[i] = CLAMP (u[i], 0.0, 1.0);
  known = find_evaluated (tune, clamped);
  if (known >= 0)
    return lh_cli_tune_get_evaluation (tune, (guint) known)->mean;

  x = g_new (double, n);
  lh_cli_tune_denormalise (tune, clamped, x);
  if (!lh_cli_tune_evaluate (tune, x, clamped, SOURCE_OPTIMISER, &tune->error))
    {
      nlopt_force_stop (tune->opt);
      return lh_cli_tune_get_evaluation (tune, tune->best)->mean;
    }
  return lh_cli_tune_get_evaluation (tune, tune->evaluations->len - 1)->mean;
}

/* The initial design: @n_points normalised points, row-major, in [0, 1)^d. */
double *
lh_cli_tune_make_design (Design design, guint n_points, guint d, guint64 seed, GError **error)
{
  double *points = g_new0 (double, (gsize) n_points * d + 1);

  if (n_points == 0)
    return points;

  if (design == DESIGN_SOBOL)
    {
      gsl_qrng *qrng;

      if (d > SOBOL_MAX_DIMENSION)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %u is a number of parameters */
                       _("--design sobol: at most %u parameters"),
                       SOBOL_MAX_DIMENSION);
          g_free (points);
          return NULL;
        }
      qrng = gsl_qrng_alloc (gsl_qrng_sobol, d);
      for (guint i = 0; i < n_points; i++)
        gsl_qrng_get (qrng, &points[(gsize) i * d]);
      gsl_qrng_free (qrng);
    }
  else
    {
      gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
      g_autofree size_t *strata = g_new (size_t, n_points);

      gsl_rng_set (rng, (unsigned long) seed);
      for (guint j = 0; j < d; j++)
        {
          for (guint i = 0; i < n_points; i++)
            strata[i] = i;
          gsl_ran_shuffle (rng, strata, n_points, sizeof (size_t));
          for (guint i = 0; i < n_points; i++)
            points[(gsize) i * d + j] = (strata[i] + gsl_rng_uniform (rng)) / n_points;
        }
      gsl_rng_free (rng);
    }
  return points;
}

/* Runs the optimiser from the best point until the evaluations are spent
 * or its step falls below MIN_STEP.  Returns FALSE with @error on failure. */
gboolean
lh_cli_tune_optimise (Tune *tune, nlopt_algorithm algorithm, const char *name, GError **error)
{
  guint d = tune->n_params;
  g_autofree double *lower = g_new0 (double, d);
  g_autofree double *upper = g_new (double, d);
  g_autofree double *steps = g_new (double, d);
  g_autofree double *u = g_new (double, d);
  double step = INITIAL_STEP;
  guint i;

  for (i = 0; i < d; i++)
    upper[i] = 1.0;

  /* Some NLopt algorithms draw random numbers; seed them for repeatable runs. */
  nlopt_srand ((unsigned long) tune->first_seed);

  while (tune->evaluations->len < tune->n_evals && step >= MIN_STEP)
    {
      const Evaluation *best = lh_cli_tune_get_evaluation (tune, tune->best);
      guint before = tune->evaluations->len;
      double value;
      nlopt_result result;

      memcpy (u, best->u, d * sizeof (double));
      for (i = 0; i < d; i++)
        steps[i] = step;

      tune->opt = nlopt_create (algorithm, d);
      if (tune->opt == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       /* TRANSLATORS: %s is an algorithm's name */
                       _("NLopt could not create the optimiser %s"), name);
          return FALSE;
        }
      nlopt_set_lower_bounds (tune->opt, lower);
      nlopt_set_upper_bounds (tune->opt, upper);
      nlopt_set_max_objective (tune->opt, objective, tune);
      /* The objective stops NLopt when the evaluations are spent; NLopt's own
       * count also includes the points answered from memory (the start point
       * at least), so its limit only guards against an endless loop. */
      nlopt_set_maxeval (tune->opt, (int) (tune->n_evals - tune->evaluations->len
                                           + MAX_REPEATED_POINTS));
      nlopt_set_initial_step (tune->opt, steps);
      nlopt_set_xtol_abs1 (tune->opt, X_TOLERANCE);
      result = nlopt_optimize (tune->opt, u, &value);
      nlopt_destroy (tune->opt);
      tune->opt = NULL;

      if (tune->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&tune->error));
          return FALSE;
        }
      if (result < 0 && result != NLOPT_FORCED_STOP && result != NLOPT_ROUNDOFF_LIMITED)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       /* TRANSLATORS: the first %s is an algorithm's name, the second NLopt's
                        * result code ("NLOPT_INVALID_ARGS") */
                       _("the optimiser %s failed: %s"), name, nlopt_result_to_string (result));
          return FALSE;
        }
      if (tune->evaluations->len >= tune->n_evals)
        break;
      step /= 2.0;
      if (step >= MIN_STEP)
        /* TRANSLATORS: the optimiser stopped before its budget; %u evaluations
         * were new, %g is the new step (a fraction of each parameter's range) */
        g_printerr (_("The optimiser converged after %u new evaluations; restarting from the "
                      "best point with step %g\n"), tune->evaluations->len - before, step);
    }
  if (tune->evaluations->len < tune->n_evals)
    g_printerr (_("The optimiser converged: %u evaluations of %u used\n"),
                tune->evaluations->len, tune->n_evals);
  return TRUE;
}
