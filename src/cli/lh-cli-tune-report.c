/* lh-cli-tune-report.c: the end of a tune run on standard output: the best
 * point against the baseline on the same games (the paired comparison),
 * the preset written with --output, and the bench commands that play the
 * best point again and on fresh seeds. */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gsl/gsl_statistics_double.h>

#include "lh-cli-options.h"
#include "lh-cli-table.h"
#include "lh-cli-tune-private.h"
#include "lh-preset.h"

/* ---- the report ---- */

/* Plays the games of evaluation @index again when the log answered it, for
 * the paired comparison. */
static gboolean
ensure_results (Tune *tune, guint index, GError **error)
{
  Evaluation *evaluation = lh_cli_tune_get_evaluation (tune, index);
  LhSolverParams params;
  LhCliGamesSummary summary;

  if (evaluation->results != NULL)
    return TRUE;
  /* TRANSLATORS: %u is an evaluation's number */
  g_printerr (_("Playing evaluation %u's games again (it came from the log) for the paired "
                "comparison\n"), index + 1);
  lh_cli_tune_point_params (tune, evaluation->x, &params);
  evaluation->results = g_new0 (LhCliGameResult, tune->n_games);
  if (!lh_cli_games_play (&params, tune->geometry, tune->first_seed, tune->n_games, NULL,
                          tune->n_jobs, evaluation->results, NULL, NULL, error))
    return FALSE;
  lh_cli_games_summarize (evaluation->results, tune->n_games, &summary);
  if (summary.mean != evaluation->mean)
    g_printerr (_("Warning: evaluation %u's games now give a mean of %.1f, the log says %.1f "
                  "(was the log written by another version?)\n"),
                index + 1, summary.mean, evaluation->mean);
  return TRUE;
}

/* Whether @arg is the long option @name ("--name" or "--name=value"). */
static gboolean
is_option (const char *arg, const char *name, gboolean *has_value)
{
  gsize length = strlen (name);

  if (!g_str_has_prefix (arg, "--") || strncmp (arg + 2, name, length) != 0)
    return FALSE;
  if (arg[2 + length] == '\0')
    {
      *has_value = FALSE;
      return TRUE;
    }
  if (arg[2 + length] == '=')
    {
      *has_value = TRUE;
      return TRUE;
    }
  return FALSE;
}

/* Appends " @arg", quoted for a POSIX shell when it needs to be. */
static void
append_argument (GString *command, const char *arg)
{
  if (*arg == '\0' || strpbrk (arg, " \t\n'\"\\$`*?[]{}()<>|&;#~!") != NULL)
    {
      g_autofree char *quoted = g_shell_quote (arg);

      g_string_append_printf (command, " %s", quoted);
    }
  else
    g_string_append_printf (command, " %s", arg);
}

/* Appends to @command the arguments of @args after the first, but for the
 * long options named in @drop (NULL-terminated; each takes a value, given
 * as "--name=value" or as the next argument). */
static void
append_arguments (GString *command, char **args, const char *const *drop)
{
  for (guint i = 1; args[i] != NULL; i++)
    {
      gboolean dropped = FALSE, has_value = FALSE;

      for (guint j = 0; drop[j] != NULL && !dropped; j++)
        dropped = is_option (args[i], drop[j], &has_value);
      if (dropped)
        {
          if (!has_value && args[i + 1] != NULL)
            i++;
          continue;
        }
      append_argument (command, args[i]);
    }
}

/* The bench command that plays the best point: the solver options of
 * @args (tune's own, --seed, a shard's --shard and --out and, with
 * @preset_path, --preset and --set dropped), then --games, --seed and the
 * best point. */
static char *
bench_command (const Tune *tune,
               char      **args,
               guint64     seed,
               const char *preset_path,
               const double *x)
{
#define TUNE_OPTIONS "params", "games-per-eval", "evals", "initial", "design", "algorithm", \
                     "log", "output", "name", "seed", "shard", "out"
  static const char *const tune_options[] = { TUNE_OPTIONS, NULL };
  static const char *const tune_and_heuristic_options[] = { TUNE_OPTIONS, "preset", "set", NULL };
#undef TUNE_OPTIONS
  GString *command = g_string_new (LH_CLI_PROGRAM_NAME " bench");

  append_arguments (command, args,
                    preset_path != NULL ? tune_and_heuristic_options : tune_options);
  g_string_append_printf (command, " --games %u --seed %" G_GUINT64_FORMAT, tune->n_games, seed);
  if (preset_path != NULL)
    {
      g_string_append (command, " --preset");
      append_argument (command, preset_path);
    }
  else
    for (guint i = 0; i < tune->n_params; i++)
      {
        g_autofree char *value = lh_cli_format_number (x[i]);

        g_string_append_printf (command, " --set %s=%s", tune->params[i].info->key, value);
      }
  return g_string_free (command, FALSE);
}

char *
lh_cli_tune_resume_command (char **args, const char *log_path)
{
  static const char *const drop[] = { "shard", "out", "log", NULL };
  GString *command = g_string_new (LH_CLI_PROGRAM_NAME " tune");

  append_arguments (command, args, drop);
  g_string_append (command, " --log");
  append_argument (command, log_path);
  return g_string_free (command, FALSE);
}

static gboolean
write_preset (const Tune *tune,
              const char *path,
              const char *name,
              double      paired_se,
              GError    **error)
{
  const Evaluation *best = lh_cli_tune_get_evaluation (tune, tune->best);
  const Evaluation *baseline = lh_cli_tune_get_evaluation (tune, 0);
  LhSolverParams params;
  g_autoptr(LhPreset) preset = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  lh_cli_tune_point_params (tune, best->x, &params);
  g_autofree char *first = g_strdup_printf ("%" G_GUINT64_FORMAT, tune->first_seed);
  g_autofree char *last = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                           tune->first_seed + tune->n_games - 1);

  preset = lh_preset_new (name, &params.heuristic);
  g_free (preset->description);
  preset->description =
    g_strdup_printf (/* TRANSLATORS: a tuned preset's description: games per evaluation,
                      * first and last seed, board rows × cols, solver, depth, mean ± standard
                      * error, the baseline's mean and the paired standard error */
                     _("Tuned by lookahead-cli tune on %u games (seeds %s–%s), %u×%u board, "
                       "%s at depth %u: mean score %.1f ± %.1f, "
                       "baseline %.1f (difference ± %.1f paired standard error)"),
                     tune->n_games, first, last,
                     tune->geometry.rows, tune->geometry.cols,
                     lh_solver_kind_to_string (tune->base.kind), tune->base.depth,
                     best->mean, best->sem, baseline->mean, paired_se);
  return lh_preset_save_file (preset, file, error);
}

int
lh_cli_tune_report (Tune       *tune,
        char      **args,
        const char *output,
        const char *name,
        double      wall_seconds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhCliTable) table = lh_cli_table_new ("lrrr");
  g_autoptr(LhCliTable) scores = lh_cli_table_new ("lrrr");
  g_autofree double *differences = g_new (double, tune->n_games);
  g_autofree char *command = NULL;
  g_autofree char *fresh = NULL;
  const Evaluation *best, *baseline;
  double difference, paired_se, unpaired_se;
  guint i;

  if (!ensure_results (tune, 0, &error) || !ensure_results (tune, tune->best, &error))
    return lh_cli_failure (_("the tuning failed: %s"), error->message);
  best = lh_cli_tune_get_evaluation (tune, tune->best);
  baseline = lh_cli_tune_get_evaluation (tune, 0);

  /* The paired comparison: the same seeds, so the per-game differences. */
  for (i = 0; i < tune->n_games; i++)
    differences[i] = (double) best->results[i].score - (double) baseline->results[i].score;
  difference = gsl_stats_mean (differences, 1, tune->n_games);
  paired_se = tune->n_games > 1
    ? gsl_stats_sd (differences, 1, tune->n_games) / sqrt ((double) tune->n_games) : 0.0;
  unpaired_se = sqrt (best->sem * best->sem + baseline->sem * baseline->sem);

  /* TRANSLATORS: column headings of tune's result table */
  lh_cli_table_add (table, "%s\t%s\t%s\t%s", _("Parameter"), _("Best"), _("Base"), _("Bounds"));
  for (i = 0; i < tune->n_params; i++)
    {
      const TuneParam *param = &tune->params[i];

      lh_cli_table_add (table, "%s\t%g\t%g\t%g…%g", param->info->key, best->x[i],
                        baseline->x[i], param->lo, param->hi);
    }
  /* TRANSLATORS: "Best of 20 evaluations (evaluation 14), 50 games each (seeds 1–50):" */
  {
    g_autofree char *first = g_strdup_printf ("%" G_GUINT64_FORMAT, tune->first_seed);
    g_autofree char *last = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                             tune->first_seed + tune->n_games - 1);

    g_print (_("Best of %u evaluations (evaluation %u), %u games each (seeds %s–%s):\n"),
             tune->evaluations->len, tune->best + 1, tune->n_games, first, last);
  }
  lh_cli_table_print (table);
  g_print ("\n");

  lh_cli_table_add (scores, "%s\t%s\t%s\t%s", "", _("Mean score"), _("Standard error"), _("Games"));
  lh_cli_table_add (scores, "%s\t%.1f\t%.1f\t%u", _("Baseline"), baseline->mean, baseline->sem,
                    tune->n_games);
  lh_cli_table_add (scores, "%s\t%.1f\t%.1f\t%u", _("Best"), best->mean, best->sem, tune->n_games);
  /* TRANSLATORS: a row: best − baseline, with the paired standard error */
  lh_cli_table_add (scores, "%s\t%+.1f\t%.1f\t%u", _("Difference (paired)"), difference,
                    paired_se, tune->n_games);
  lh_cli_table_print (scores);
  g_print ("\n");

  if (tune->best == 0)
    g_print (_("No evaluated point beat the baseline.\n"));
  else if (tune->n_games < 2)
    g_print (_("With one game per evaluation there is no standard error: play more games "
               "(--games-per-eval) to tell a gain from luck.\n"));
  else if (difference > 2.0 * paired_se)
    /* TRANSLATORS: the difference, twice the paired standard error, the unpaired one */
    g_print (_("The best beats the baseline by more than 2 paired standard errors "
               "(%.1f > 2 × %.1f) on these seeds (unpaired, the standard error would be %.1f).\n"),
             difference, paired_se, unpaired_se);
  else
    g_print (_("The best does not beat the baseline by more than 2 paired standard errors "
               "(%.1f ≤ 2 × %.1f): the gain may be luck.\n"), difference, paired_se);
  if (tune->best != 0)
    g_print (_("The best of %u evaluations on the same seeds is biased upward; confirm it on "
               "fresh seeds (below).\n"), tune->evaluations->len);

  if (output != NULL)
    {
      if (!write_preset (tune, output, name, paired_se, &error))
        return lh_cli_failure (_("cannot write the preset: %s"), error->message);
      /* TRANSLATORS: %s is a file name */
      g_print (_("Preset written to %s\n"), output);
    }

  command = bench_command (tune, args, tune->first_seed, output, best->x);
  fresh = bench_command (tune, args, tune->first_seed + tune->n_games, output, best->x);
  g_print (_("Reproduce the best point's games:\n  %s\n"), command);
  g_print (_("Play it on fresh seeds:\n  %s\n"), fresh);
  /* TRANSLATORS: "Time: 12.3 s, 19 evaluations played (0.6 s each)" */
  g_print (_("Time: %.1f s, %u evaluations played (%.1f s each)\n"), wall_seconds,
           tune->n_played, tune->n_played > 0 ? tune->play_seconds / tune->n_played : 0.0);
  return lh_cli_finish_output ();
}
