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
 */

#include "lh-config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gsl/gsl_qrng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_statistics_double.h>
#include <nlopt.h>

#include "lh-cli-games.h"
#include "lh-cli-options.h"
#include "lh-cli-table.h"
#include "lh-cli-tune.h"
#include "lh-heuristic-params.h"
#include "lh-preset.h"

#define MAX_EVALS 100000

/* The optimiser's first step on the normalised variables, and the step
 * below which it is not restarted. */
#define INITIAL_STEP 0.1
#define MIN_STEP 1e-3
/* The optimiser stops when a step changes every normalised variable by
 * less than this. */
#define X_TOLERANCE 1e-4
/* Calls of the objective at points already evaluated that one run of the
 * optimiser may make on top of the evaluations left. */
#define MAX_REPEATED_POINTS 1000

/* A logged point matches the point asked for within this relative error. */
#define POINT_TOLERANCE 1e-9

/* The largest dimension of GSL's gsl_qrng_sobol (SOBOL_MAX_DIMENSION in
 * GSL's qrng/sobol.c; gsl_qrng_alloc calls the error handler beyond it). */
#define SOBOL_MAX_DIMENSION 40u

#define LOG_SETTINGS_PREFIX "# lookahead-cli tune:"

typedef enum {
  DESIGN_SOBOL,
  DESIGN_LHS,
  N_DESIGNS
} Design;

static const char *const design_names[N_DESIGNS] = { "sobol", "lhs" };

static const struct {
  const char      *name;
  nlopt_algorithm  algorithm;
} algorithms[] = {
  { "bobyqa", NLOPT_LN_BOBYQA },
  { "cobyla", NLOPT_LN_COBYLA },
  { "sbplx", NLOPT_LN_SBPLX },
  { "neldermead", NLOPT_LN_NELDERMEAD },
};

/* One tuned parameter and its bounds. */
typedef struct {
  const LhHeuristicParamInfo *info;
  double lo, hi;
} TuneParam;

typedef enum {
  SOURCE_BASELINE,
  SOURCE_DESIGN,
  SOURCE_OPTIMISER,
} Source;

/* One evaluation. */
typedef struct {
  double          *x;          /* d values */
  double          *u;          /* d normalised values, clamped to [0, 1] */
  gboolean         in_box;     /* x lies within the bounds (u is exact) */
  double           mean, sem;
  LhCliGameResult *results;    /* NULL when answered from the log */
} Evaluation;

/* One row of a log read back. */
typedef struct {
  double *x;
  double  mean, sem;
} LogRow;

typedef struct {
  TuneParam      *params;
  guint           n_params;
  LhSolverParams  base;
  LhGeometry      geometry;
  guint64         first_seed;
  guint           n_games;
  guint           n_jobs;
  guint           n_evals;
  gboolean        show_progress;

  const char     *log_path;    /* nullable */
  FILE           *log;
  GPtrArray      *logged;      /* LogRow *, the rows read back */

  GPtrArray      *evaluations; /* Evaluation * */
  guint           best;
  guint           n_played;
  double          play_seconds;
  GError         *error;       /* the failure that stopped the optimiser */
  nlopt_opt       opt;
} Tune;

static void
evaluation_free (gpointer data)
{
  Evaluation *evaluation = data;

  g_free (evaluation->x);
  g_free (evaluation->u);
  g_free (evaluation->results);
  g_free (evaluation);
}

static void
log_row_free (gpointer data)
{
  LogRow *row = data;

  g_free (row->x);
  g_free (row);
}

static Evaluation *
get_evaluation (const Tune *tune, guint index)
{
  return g_ptr_array_index (tune->evaluations, index);
}

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
  return algorithms[index].name;
}

/* ---- the log ---- */

/* The settings line: everything that makes the sequence of evaluations
 * what it is, the size of the initial design @n_initial included (left out
 * when negative, to compare with a log of the older form that lacks it),
 * except the number of evaluations (a log can be extended) and the number
 * of jobs (which never changes a result).  Keys and values are
 * machine-readable, space-separated key=value pairs; not translated. */
static char *
build_settings (const Tune *tune, Design design, int n_initial, int algorithm)
{
  LhCliParam list[LH_CLI_MAX_PARAMS];
  const LhHeuristicParamInfo *infos;
  GString *text = g_string_new (LOG_SETTINGS_PREFIX);
  guint n, i;

  g_string_append_printf (text, " games=%u seed=%" G_GUINT64_FORMAT " rows=%u cols=%u solver=%s",
                          tune->n_games, tune->first_seed, tune->geometry.rows,
                          tune->geometry.cols, lh_solver_kind_to_string (tune->base.kind));
  n = lh_cli_solver_params_list (&tune->base, list);
  for (i = 0; i < n; i++)
    {
      g_autofree char *value = NULL;

      switch (list[i].type)
        {
        case LH_CLI_PARAM_UINT:
          value = g_strdup_printf ("%" G_GUINT64_FORMAT, list[i].uint_value);
          break;
        case LH_CLI_PARAM_REAL:
          value = lh_cli_format_number (list[i].real_value);
          break;
        case LH_CLI_PARAM_BOOL:
          value = g_strdup (list[i].bool_value ? "true" : "false");
          break;
        case LH_CLI_PARAM_STRING:
        default:
          value = g_strdup (list[i].string_value);
          break;
        }
      g_string_append_printf (text, " search.%s=%s", list[i].key, value);
    }
  g_string_append_printf (text, " design=%s", design_names[design]);
  if (n_initial >= 0)
    g_string_append_printf (text, " initial=%d", n_initial);
  g_string_append_printf (text, " algorithm=%s bounds=", algorithms[algorithm].name);
  for (i = 0; i < tune->n_params; i++)
    {
      g_autofree char *lo = lh_cli_format_number (tune->params[i].lo);
      g_autofree char *hi = lh_cli_format_number (tune->params[i].hi);

      g_string_append_printf (text, "%s%s:%s:%s", i > 0 ? ";" : "",
                              tune->params[i].info->key, lo, hi);
    }
  g_string_append (text, " base=");
  infos = lh_heuristic_param_list (&n);
  for (i = 0; i < n; i++)
    {
      g_autofree char *value = lh_cli_format_number (lh_heuristic_params_get (&tune->base.heuristic,
                                                                       &infos[i]));

      g_string_append_printf (text, "%s%s:%s", i > 0 ? ";" : "", infos[i].key, value);
    }
  return g_string_free (text, FALSE);
}

/* Compares two settings lines.  Returns FALSE with @error
 * (G_OPTION_ERROR_BAD_VALUE: a usage error) naming the first setting that
 * differs. */
static gboolean
compare_settings (const char *path,
                  const char *ours,
                  const char *theirs,
                  GError    **error)
{
  g_auto(GStrv) our_tokens = NULL;
  g_auto(GStrv) their_tokens = NULL;
  g_autoptr(GHashTable) their_values = g_hash_table_new (g_str_hash, g_str_equal);
  guint i;

  if (g_strcmp0 (ours, theirs) == 0)
    return TRUE;

  if (!g_str_has_prefix (theirs, LOG_SETTINGS_PREFIX))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s is a file name */
                   _("%s is not a log of lookahead-cli tune (its first line is not the "
                     "settings comment); give another --log"), path);
      return FALSE;
    }
  our_tokens = g_strsplit (ours + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  their_tokens = g_strsplit (theirs + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  for (i = 0; their_tokens[i] != NULL; i++)
    {
      char *equals = strchr (their_tokens[i], '=');

      if (equals != NULL)
        {
          *equals = '\0';
          g_hash_table_insert (their_values, their_tokens[i], equals + 1);
        }
    }
  for (i = 0; our_tokens[i] != NULL; i++)
    {
      char *equals = strchr (our_tokens[i], '=');
      const char *their_value;

      if (equals == NULL)
        continue;
      *equals = '\0';
      their_value = g_hash_table_lookup (their_values, our_tokens[i]);
      if (g_strcmp0 (their_value, equals + 1) != 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: refusing to resume a tuning run: the first %s is the
                        * log's file name, the second a setting's key ("games", "search.depth",
                        * "bounds"), the third its value in this run, the fourth in the log */
                       _("%s was written with other settings, so this run cannot resume it: "
                         "%s is %s here but %s in the log; give the same settings or "
                         "another --log"),
                       path, our_tokens[i], equals + 1,
                       their_value != NULL ? their_value : _("(missing)"));
          return FALSE;
        }
      g_hash_table_remove (their_values, our_tokens[i]);
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: %s is the log's file name */
               _("%s was written with other settings (its settings line differs), so this "
                 "run cannot resume it; give the same settings or another --log"), path);
  return FALSE;
}

/* Reads the size of the initial design from the settings line of the log
 * at @path: *@initial is its initial=K, or -1 when there is no log (or an
 * empty one), when its first line is not tune's settings line (log_load()
 * refuses it later) or when the line is of the older form without initial=;
 * *@old_form is TRUE in the last case only.  Returns FALSE with @error
 * (G_IO_ERROR_*) when the log cannot be read or its initial= is not a whole
 * number from 0 to MAX_EVALS. */
static gboolean
log_read_initial (const char *path,
                  int        *initial,
                  gboolean   *old_form,
                  GError    **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) read_error = NULL;
  g_auto(GStrv) tokens = NULL;
  char *newline;

  *initial = -1;
  *old_form = FALSE;
  if (!g_file_get_contents (path, &contents, NULL, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
      return FALSE;
    }
  newline = strchr (contents, '\n');
  if (newline == NULL || !g_str_has_prefix (contents, LOG_SETTINGS_PREFIX))
    return TRUE;   /* empty, cut short or not a tune log: log_load() decides */
  *newline = '\0';

  tokens = g_strsplit (contents + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    if (g_str_has_prefix (tokens[i], "initial="))
      {
        const char *value = tokens[i] + strlen ("initial=");
        guint64 k;

        if (!g_ascii_string_to_unsigned (value, 10, 0, MAX_EVALS, &k, NULL))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         /* TRANSLATORS: the first %s is the log's file name, the second a
                          * value; keep initial= as it is */
                         _("%s: the settings line has initial=%s, not a whole number from "
                           "0 to %d"), path, value, MAX_EVALS);
            return FALSE;
          }
        *initial = (int) k;
        return TRUE;
      }
  *old_form = TRUE;
  return TRUE;
}

/* "empty_weight,monotonicity_weight,mean,sem,games,seed" */
static char *
build_header (const Tune *tune)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < tune->n_params; i++)
    g_string_append_printf (text, "%s,", tune->params[i].info->key);
  g_string_append (text, "mean,sem,games,seed");
  return g_string_free (text, FALSE);
}

/* Reads an existing log into tune->logged.  Sets *@exists to FALSE when
 * there is none (or it is empty).  A last line cut short (a run stopped
 * while writing it) is dropped from the file.  Returns FALSE with @error:
 * G_OPTION_ERROR_BAD_VALUE when the log belongs to other settings,
 * G_IO_ERROR_* when it cannot be read or is malformed. */
static gboolean
log_load (Tune       *tune,
          const char *settings,
          const char *header,
          gboolean   *exists,
          GError    **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) read_error = NULL;
  gsize length;
  guint n_lines, i;

  *exists = FALSE;
  if (!g_file_get_contents (tune->log_path, &contents, &length, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
      return FALSE;
    }
  if (length == 0)
    return TRUE;
  *exists = TRUE;

  if (contents[length - 1] != '\n')
    {
      char *last = strrchr (contents, '\n');
      gsize kept = last != NULL ? (gsize) (last - contents) + 1 : 0;

      g_printerr (_("%s: dropping its last line, which was cut short\n"), tune->log_path);
      if (!g_file_set_contents (tune->log_path, contents, (gssize) kept, &read_error))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
          return FALSE;
        }
      contents[kept] = '\0';
      if (kept == 0)
        {
          *exists = FALSE;
          return TRUE;
        }
    }

  lines = g_strsplit (contents, "\n", -1);
  n_lines = g_strv_length (lines);
  if (n_lines > 0 && *lines[n_lines - 1] == '\0')
    n_lines--;   /* after the final newline */

  if (!compare_settings (tune->log_path, settings, lines[0], error))
    return FALSE;
  if (n_lines < 2 || g_strcmp0 (lines[1], header) != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: the first %s is the log's file name, the second its
                    * header line, the third this run's */
                   _("%s has the columns “%s” but this run writes “%s”; give the same "
                     "--params or another --log"),
                   tune->log_path, n_lines < 2 ? "" : lines[1], header);
      return FALSE;
    }

  for (i = 2; i < n_lines; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      LogRow *row;
      double games, seed;
      guint j;

      if (g_strv_length (fields) != tune->n_params + 4)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: "results.csv, line 5: expected 6 fields, found 3" */
                       _("%s, line %u: expected %u fields, found %u"),
                       tune->log_path, i + 1, tune->n_params + 4, g_strv_length (fields));
          return FALSE;
        }
      row = g_new0 (LogRow, 1);
      row->x = g_new0 (double, tune->n_params);
      g_ptr_array_add (tune->logged, row);
      for (j = 0; j < tune->n_params + 4; j++)
        {
          double *slot = j < tune->n_params ? &row->x[j]
                         : j == tune->n_params ? &row->mean
                         : j == tune->n_params + 1 ? &row->sem
                         : j == tune->n_params + 2 ? &games : &seed;

          if (!lh_cli_parse_number (fields[j], slot))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           /* TRANSLATORS: "results.csv, line 5, field 2: “x” is not a number" */
                           _("%s, line %u, field %u: “%s” is not a number"),
                           tune->log_path, i + 1, j + 1, fields[j]);
              return FALSE;
            }
        }
      if (games != tune->n_games || seed != (double) tune->first_seed)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: %s is the log's file name, %u a line number */
                       _("%s, line %u: the games or the seed differ from the settings line"),
                       tune->log_path, i + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* Opens the log for appending, writing the settings and the header when
 * it is new. */
static gboolean
log_open (Tune       *tune,
          const char *settings,
          const char *header,
          gboolean    exists,
          GError    **error)
{
  int saved_errno;

  tune->log = g_fopen (tune->log_path, exists ? "a" : "w");
  if (tune->log == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* TRANSLATORS: the first %s is a file name, the second the system's reason */
                   _("cannot open %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  if (!exists)
    fprintf (tune->log, "%s\n%s\n", settings, header);
  if (fflush (tune->log) != 0 || ferror (tune->log))
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* TRANSLATORS: the first %s is a file name, the second the system's reason */
                   _("cannot write %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
log_append (Tune *tune, const Evaluation *evaluation, GError **error)
{
  GString *line = g_string_new (NULL);
  g_autofree char *mean = lh_cli_format_number (evaluation->mean);
  g_autofree char *sem = lh_cli_format_number (evaluation->sem);
  int saved_errno;

  for (guint i = 0; i < tune->n_params; i++)
    {
      g_autofree char *value = lh_cli_format_number (evaluation->x[i]);

      g_string_append_printf (line, "%s,", value);
    }
  g_string_append_printf (line, "%s,%s,%u,%" G_GUINT64_FORMAT "\n",
                          mean, sem, tune->n_games, tune->first_seed);
  fputs (line->str, tune->log);
  g_string_free (line, TRUE);
  if (fflush (tune->log) != 0 || ferror (tune->log))
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* ---- evaluations ---- */

/* The parameters searched with at the point @x. */
static void
point_params (const Tune *tune, const double *x, LhSolverParams *params)
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
  const Evaluation *evaluation = get_evaluation (tune, index);
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
           get_evaluation (tune, tune->best)->mean, tag);
  if (from_log)
    /* TRANSLATORS: appended to an evaluation's line when the log answered it */
    fputs (_(" [from the log]"), stderr);
  fputc ('\n', stderr);
  g_string_free (point, TRUE);
}

/* Evaluates the point @x (normalised: @u), the next evaluation: from the
 * log when it holds it, by playing the games otherwise.  Returns FALSE with
 * @error when the games fail or the log's point differs. */
static gboolean
evaluate (Tune         *tune,
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
  else
    {
      LhSolverParams params;
      LhCliGamesSummary summary;
      gint64 start_us = g_get_monotonic_time ();

      point_params (tune, x, &params);
      evaluation->results = g_new0 (LhCliGameResult, tune->n_games);
      if (!lh_cli_games_play (&params, tune->geometry, tune->first_seed, tune->n_games,
                              tune->n_jobs, evaluation->results,
                              tune->show_progress ? on_game_done : NULL, tune, error))
        {
          if (tune->show_progress)
            fputs ("\r\033[K", stderr);
          evaluation_free (evaluation);
          return FALSE;
        }
      tune->play_seconds += (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC;
      tune->n_played++;
      lh_cli_games_summarize (evaluation->results, tune->n_games, &summary);
      evaluation->mean = summary.mean;
      evaluation->sem = summary.sem;
    }

  g_ptr_array_add (tune->evaluations, evaluation);
  if (index == 0 || evaluation->mean > get_evaluation (tune, tune->best)->mean)
    tune->best = index;
  if (!from_log && tune->log != NULL && !log_append (tune, evaluation, error))
    return FALSE;
  print_evaluation (tune, index, source, from_log);
  return TRUE;
}

/* x from the normalised @u. */
static void
denormalise (const Tune *tune, const double *u, double *x)
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
      const Evaluation *evaluation = get_evaluation (tune, k);

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
      return get_evaluation (tune, tune->best)->mean;
    }
  clamped = g_new (double, n);
  for (guint i = 0; i < n; i++)
    clamped[i] = CLAMP (u[i], 0.0, 1.0);
  known = find_evaluated (tune, clamped);
  if (known >= 0)
    return get_evaluation (tune, (guint) known)->mean;

  x = g_new (double, n);
  denormalise (tune, clamped, x);
  if (!evaluate (tune, x, clamped, SOURCE_OPTIMISER, &tune->error))
    {
      nlopt_force_stop (tune->opt);
      return get_evaluation (tune, tune->best)->mean;
    }
  return get_evaluation (tune, tune->evaluations->len - 1)->mean;
}

/* The initial design: @n_points normalised points, row-major, in [0, 1)^d. */
static double *
make_design (Design design, guint n_points, guint d, guint64 seed, GError **error)
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
static gboolean
optimise (Tune *tune, nlopt_algorithm algorithm, const char *name, GError **error)
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
      const Evaluation *best = get_evaluation (tune, tune->best);
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

/* ---- the report ---- */

/* Plays the games of evaluation @index again when the log answered it, for
 * the paired comparison. */
static gboolean
ensure_results (Tune *tune, guint index, GError **error)
{
  Evaluation *evaluation = get_evaluation (tune, index);
  LhSolverParams params;
  LhCliGamesSummary summary;

  if (evaluation->results != NULL)
    return TRUE;
  /* TRANSLATORS: %u is an evaluation's number */
  g_printerr (_("Playing evaluation %u's games again (it came from the log) for the paired "
                "comparison\n"), index + 1);
  point_params (tune, evaluation->x, &params);
  evaluation->results = g_new0 (LhCliGameResult, tune->n_games);
  if (!lh_cli_games_play (&params, tune->geometry, tune->first_seed, tune->n_games,
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

/* The bench command that plays the best point: the solver options of
 * @args (tune's own, --seed and, with @preset_path, --preset and --set
 * dropped), then --games, --seed and the best point. */
static char *
bench_command (const Tune *tune,
               char      **args,
               guint64     seed,
               const char *preset_path,
               const double *x)
{
  static const char *const tune_options[] = {
    "params", "games-per-eval", "evals", "initial", "design", "algorithm",
    "log", "output", "name", "seed",
  };
  static const char *const heuristic_options[] = { "preset", "set" };
  GString *command = g_string_new (LH_CLI_PROGRAM_NAME " bench");
  guint i, j;

  for (i = 1; args[i] != NULL; i++)
    {
      gboolean drop = FALSE, has_value = FALSE;

      for (j = 0; j < G_N_ELEMENTS (tune_options) && !drop; j++)
        drop = is_option (args[i], tune_options[j], &has_value);
      for (j = 0; preset_path != NULL && j < G_N_ELEMENTS (heuristic_options) && !drop; j++)
        drop = is_option (args[i], heuristic_options[j], &has_value);
      if (drop)
        {
          if (!has_value && args[i + 1] != NULL)
            i++;
          continue;
        }
      append_argument (command, args[i]);
    }
  g_string_append_printf (command, " --games %u --seed %" G_GUINT64_FORMAT, tune->n_games, seed);
  if (preset_path != NULL)
    {
      g_string_append (command, " --preset");
      append_argument (command, preset_path);
    }
  else
    for (i = 0; i < tune->n_params; i++)
      {
        g_autofree char *value = lh_cli_format_number (x[i]);

        g_string_append_printf (command, " --set %s=%s", tune->params[i].info->key, value);
      }
  return g_string_free (command, FALSE);
}

static gboolean
write_preset (const Tune *tune,
              const char *path,
              const char *name,
              double      paired_se,
              GError    **error)
{
  const Evaluation *best = get_evaluation (tune, tune->best);
  const Evaluation *baseline = get_evaluation (tune, 0);
  LhSolverParams params;
  g_autoptr(LhPreset) preset = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  point_params (tune, best->x, &params);
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

static int
report (Tune       *tune,
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
  best = get_evaluation (tune, tune->best);
  baseline = get_evaluation (tune, 0);

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
  g_autoptr(GPtrArray) evaluations = g_ptr_array_new_with_free_func (evaluation_free);
  g_autoptr(GPtrArray) logged = g_ptr_array_new_with_free_func (log_row_free);
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
      int found = find_name (design_names, N_DESIGNS, design_text);

      if (found < 0)
        /* TRANSLATORS: %s is the value given */
        return lh_cli_usage_error (_("--design: unknown design “%s”; the designs are sobol "
                                     "and lhs"), design_text);
      design = (Design) found;
    }
  if (algorithm_text != NULL)
    {
      const char *names[G_N_ELEMENTS (algorithms)];

      for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
        names[i] = algorithm_name ((int) i);
      algorithm = find_name (names, G_N_ELEMENTS (algorithms), algorithm_text);
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
  if (log_path != NULL && !log_read_initial (log_path, &log_initial, &old_form, &error))
    return status_of (error);
  if (n_initial == -1)
    n_initial = log_initial >= 0 ? log_initial
                                 : MIN (MAX (2 * (int) d + 1, n_evals / 4), n_evals - 1);

  design_points = make_design (design, (guint) n_initial, d, tune.first_seed, &error);
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
      settings = build_settings (&tune, design, old_form ? -1 : n_initial, algorithm);
      header = build_header (&tune);
      if (!log_load (&tune, settings, header, &exists, &error))
        return status_of (error);
      if (logged->len > 0)
        /* TRANSLATORS: resuming: %u evaluations, %s the log's file name */
        g_printerr (_("Resuming from %u evaluations in %s\n"), logged->len, log_path);
      if (!log_open (&tune, settings, header, exists, &error))
        return status_of (error);
    }

  start_us = g_get_monotonic_time ();

  /* Evaluation 0: the baseline. */
  x = g_new (double, d);
  for (k = 0; k < d; k++)
    x[k] = lh_heuristic_params_get (&tune.base.heuristic, tune.params[k].info);
  if (!evaluate (&tune, x, NULL, SOURCE_BASELINE, &error))
    goto failed;

  /* The initial design. */
  for (k = 0; k < (guint) n_initial && tune.evaluations->len < tune.n_evals; k++)
    {
      const double *u = &design_points[(gsize) k * d];

      denormalise (&tune, u, x);
      if (!evaluate (&tune, x, u, SOURCE_DESIGN, &error))
        goto failed;
    }

  /* The local optimiser. */
  if (tune.evaluations->len < tune.n_evals &&
      !optimise (&tune, algorithms[algorithm].algorithm, algorithms[algorithm].name, &error))
    goto failed;

  if (tune.log != NULL)
    fclose (tune.log);
  if (logged->len > tune.evaluations->len)
    g_printerr (_("The log holds %u evaluations, more than this run's %u\n"),
                logged->len, tune.evaluations->len);
  return report (&tune, args, output, name,
                 (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC);

failed:
  if (tune.log != NULL)
    fclose (tune.log);
  return status_of (error);
}
