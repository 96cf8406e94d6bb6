/* lh-cli-sweep.c: `lookahead-cli sweep`, a grid of parameter values, each
 * point played over the same games.
 *
 * Each --param NAME=FROM:TO:STEP is one axis: the values FROM + i × STEP
 * (i = 0, 1, ...; computed by multiplication, not repeated addition, so no
 * rounding error accumulates) up to TO, TO itself included when the last
 * value is within STEP × 1e-9 of it.  Each value is rounded to as many
 * decimals as FROM and STEP have (their shortest round-trip texts; at most
 * 15), so that 0:0.3:0.1 gives 0.3 and not 0.30000000000000004, and
 * -0.3:0.3:0.1 gives 0 and not 5.55e-17.  The grid is the cartesian product
 * of the axes, the first axis varying slowest.
 *
 * Every point plays the same N games (lh_cli_games_play(), seeds S to
 * S + N - 1): common random numbers, so the differences between points are
 * the parameters' and not the deal's.  The text output follows reference
 * 004's Table 1 ("Highscore averages for different heuristics"): with one
 * axis, a row of the values and a row per statistic below them.
 */

#include "lh-config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lh-cli-games.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-sweep.h"
#include "lh-cli-table.h"

/* The largest grid, in points. */
#define MAX_POINTS 10000
/* With one axis of at most this many values the text table is column-wise
 * (004's Table 1); a longer axis gets a row per value, which stays readable. */
#define MAX_COLUMNS 16
/* Exponents of the rates reported: 2048 and 4096. */
#define RATE_EXPONENT_A 11
#define RATE_EXPONENT_B 12

/* One --param: a parameter and its values. */
typedef struct {
  const char *name;     /* canonical, static (lh_cli_search_options_canonical_name) */
  char       *text;     /* the --param as typed, owned */
  double      from, to, step;
  guint       n_values;
  double     *values;   /* owned */
} Axis;

static void
axis_clear (Axis *axis)
{
  g_clear_pointer (&axis->text, g_free);
  g_clear_pointer (&axis->values, g_free);
}

/* One grid point's outcome. */
typedef struct {
  LhCliGamesSummary summary;
  double            ms_per_move;  /* all search time / all moves */
} PointResult;

/* The most decimals a grid value is rounded to. */
#define MAX_DECIMALS 15

/* The decimals of @value's shortest round-trip text, at most MAX_DECIMALS:
 * 2 for 0.25, 5 for 1e-05, 0 for 1500 or 1.5e+20. */
static int
count_decimals (double value)
{
  g_autofree char *buffer = lh_cli_format_number (value);
  const char *dot, *exponent;
  int decimals = 0;

  exponent = strpbrk (buffer, "eE");
  dot = strchr (buffer, '.');
  if (dot != NULL)
    decimals = (int) ((exponent != NULL ? exponent : buffer + strlen (buffer)) - dot - 1);
  if (exponent != NULL)
    decimals -= atoi (exponent + 1);
  return CLAMP (decimals, 0, MAX_DECIMALS);
}

/* @value rounded to @decimals (0 to MAX_DECIMALS) decimals: the double
 * nearest to k / 10^@decimals (k an integer; both are exact doubles, so the
 * division is correctly rounded); never -0.  A value too large for k to be
 * exact is rounded to 15 significant digits instead. */
static double
round_decimals (double value, int decimals)
{
  double scale = pow (10.0, decimals);
  double scaled = value * scale;

  if (fabs (scaled) < 0x1p53)
    value = round (scaled) / scale;
  else
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (buffer, sizeof buffer, "%.15g", value);
      value = g_ascii_strtod (buffer, NULL);
    }
  return value == 0.0 ? 0.0 : value;
}

/* lh_cli_parse_number(), with a message naming the --param and @what. */
static gboolean
parse_number (const char *param, const char *what, const char *text, double *out, GError **error)
{
  double value;

  if (!lh_cli_parse_number (text, &value))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:x:1: TO “x” is not a number"; the
                    * second %s is FROM, TO or STEP, not translated */
                   _("--param %s: %s “%s” is not a number"), param, what, text);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* Parses "NAME=FROM:TO:STEP" into @axis and checks each value with
 * lh_cli_search_options_set_value() (the name, the form and the key's
 * range).  The solver's validator checks the rest at each grid point. */
static gboolean
parse_axis (LhCliSearchOptions *search,
            const char         *text,
            Axis               *axis,
            GError            **error)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *name = NULL;
  const char *equals = strchr (text, '=');
  double span;
  int decimals;
  guint i;

  *axis = (Axis) { 0 };
  axis->text = g_strdup (text);
  if (equals == NULL || equals == text ||
      g_strv_length (parts = g_strsplit (equals + 1, ":", -1)) != 3)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param: “depth=1:3” is not NAME=FROM:TO:STEP" */
                   _("--param: “%s” is not NAME=FROM:TO:STEP"), text);
      return FALSE;
    }
  name = g_strndup (text, equals - text);
  axis->name = lh_cli_search_options_canonical_name (name);
  if (axis->name == NULL)
    {
      g_autoptr(GError) name_error = NULL;

      /* set_value's message lists the names. */
      lh_cli_search_options_set_value (search, name, parts[0], &name_error);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--param: %s",
                   name_error->message);
      return FALSE;
    }

  if (!parse_number (text, "FROM", parts[0], &axis->from, error) ||
      !parse_number (text, "TO", parts[1], &axis->to, error) ||
      !parse_number (text, "STEP", parts[2], &axis->step, error))
    return FALSE;
  if (axis->from > axis->to)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=3:1:1: FROM 3 is more than TO 1" */
                   _("--param %s: FROM %g is more than TO %g"), text, axis->from, axis->to);
      return FALSE;
    }
  if (!(axis->step > 0.0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:3:0: STEP 0 is not more than 0" */
                   _("--param %s: STEP %g is not more than 0"), text, axis->step);
      return FALSE;
    }

  /* The last i with FROM + i × STEP <= TO + STEP × 1e-9. */
  span = (axis->to - axis->from) / axis->step + 1e-9;
  if (!(span < MAX_POINTS))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:100000:1: more than 10000 values" */
                   _("--param %s: more than %d values"), text, MAX_POINTS);
      return FALSE;
    }
  axis->n_values = (guint) floor (span) + 1;
  axis->values = g_new (double, axis->n_values);
  decimals = MAX (count_decimals (axis->from), count_decimals (axis->step));
  for (i = 0; i < axis->n_values; i++)
    {
      g_autofree char *buffer = NULL;
      g_autoptr(GError) value_error = NULL;
      double value = axis->from + i * axis->step;

      /* TO as given, else the decimals of FROM and STEP: 0.1 × 3 is 0.3, not
       * 0.30000000000000004; -0.3 + 3 × 0.1 is 0, not 5.55e-17. */
      if (i == axis->n_values - 1 && fabs (value - axis->to) <= axis->step * 1e-9)
        axis->values[i] = axis->to;
      else
        axis->values[i] = round_decimals (value, decimals);

      buffer = lh_cli_format_number (axis->values[i]);
      if (!lh_cli_search_options_set_value (search, axis->name, buffer, &value_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--param depth=0:2:1: --depth: 0 is out of range
                        * (1 to 12)" */
                       _("--param %s: %s"), text, value_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* Sets every axis to its value at grid point @point (the first axis varies
 * slowest) and writes the values to @values (one per axis). */
static gboolean
set_point (LhCliSearchOptions *search,
           const Axis         *axes,
           guint               n_axes,
           guint               point,
           double             *values,
           GError            **error)
{
  for (guint a = n_axes; a-- > 0;)
    {
      g_autofree char *buffer = NULL;

      values[a] = axes[a].values[point % axes[a].n_values];
      point /= axes[a].n_values;
      buffer = lh_cli_format_number (values[a]);
      if (!lh_cli_search_options_set_value (search, axes[a].name, buffer, error))
        return FALSE;
    }
  return TRUE;
}

/* "depth=2, empty_weight=500" */
static char *
describe_point (const Axis *axes, guint n_axes, const double *values)
{
  GString *text = g_string_new (NULL);

  for (guint a = 0; a < n_axes; a++)
    g_string_append_printf (text, "%s%s=%g", a > 0 ? ", " : "", axes[a].name, values[a]);
  return g_string_free (text, FALSE);
}

typedef struct {
  guint point;
  guint n_points;
} Progress;

static void
report_progress (guint                  n_done,
                 guint                  n_games,
                 const LhCliGameResult *result,
                 gpointer               user_data)
{
  const Progress *progress = user_data;

  (void) result;
  fputc ('\r', stderr);
  /* TRANSLATORS: progress line: grid point done / points, games done / games */
  fprintf (stderr, _("Point %u/%u, games %u/%u"),
           progress->point + 1, progress->n_points, n_done, n_games);
  fputs ("\033[K", stderr);
}

static double
fraction (guint count, guint total)
{
  return total > 0 ? (double) count / total : 0.0;
}

static void
summarize_point (const LhCliGameResult *results, guint n_games, PointResult *out)
{
  guint64 moves = 0;
  double search_ms = 0.0;

  lh_cli_games_summarize (results, n_games, &out->summary);
  for (guint i = 0; i < n_games; i++)
    {
      moves += results[i].moves;
      search_ms += results[i].search_ms;
    }
  out->ms_per_move = moves > 0 ? search_ms / moves : 0.0;
}

/* CSV: the header, then a row per point as it completes. */
static void
csv_write_header (FILE *csv, const Axis *axes, guint n_axes)
{
  for (guint a = 0; a < n_axes; a++)
    fprintf (csv, "%s,", axes[a].name);
  fputs ("games,mean,sem,sd,median,min,max,rate_2048,rate_4096,ms_per_move\n", csv);
}

static void
csv_write_row (FILE *csv, guint n_axes, const double *values, const PointResult *result)
{
  const LhCliGamesSummary *s = &result->summary;
  const double numbers[] = {
    s->mean, s->sem, s->sd, s->median, s->min, s->max,
    fraction (s->reached[RATE_EXPONENT_A], s->n_games),
    fraction (s->reached[RATE_EXPONENT_B], s->n_games),
    result->ms_per_move,
  };

  for (guint a = 0; a < n_axes; a++)
    {
      g_autofree char *text = lh_cli_format_number (values[a]);

      fprintf (csv, "%s,", text);
    }
  fprintf (csv, "%u", s->n_games);
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *text = lh_cli_format_number (numbers[i]);

      fprintf (csv, ",%s", text);
    }
  fputc ('\n', csv);
}

typedef struct {
  LhSolverParams base;       /* the options without the sweep */
  LhGeometry     geometry;
  guint64        first_seed;
  guint          n_games;
  guint          n_jobs;
  const char    *preset_name;
  const Axis    *axes;
  guint          n_axes;
  guint          n_points;
  const double  *values;     /* n_points × n_axes */
  const PointResult *results;
} Sweep;

static void
print_json (const Sweep *sweep)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "solver");
  json_builder_add_string_value (builder, lh_solver_kind_to_string (sweep->base.kind));
  lh_cli_json_add_solver_params (builder, "parameters", &sweep->base);
  lh_cli_heuristic_add_json (builder, "heuristic", &sweep->base.heuristic);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, sweep->geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, sweep->geometry.cols);
  json_builder_set_member_name (builder, "seed");
  json_builder_add_int_value (builder, (gint64) sweep->first_seed);
  json_builder_set_member_name (builder, "games");
  json_builder_add_int_value (builder, sweep->n_games);
  json_builder_set_member_name (builder, "jobs");
  json_builder_add_int_value (builder, sweep->n_jobs);

  json_builder_set_member_name (builder, "axes");
  json_builder_begin_array (builder);
  for (guint a = 0; a < sweep->n_axes; a++)
    {
      const Axis *axis = &sweep->axes[a];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, axis->name);
      lh_cli_json_add_double (builder, "from", axis->from);
      lh_cli_json_add_double (builder, "to", axis->to);
      lh_cli_json_add_double (builder, "step", axis->step);
      json_builder_set_member_name (builder, "values");
      json_builder_begin_array (builder);
      for (guint i = 0; i < axis->n_values; i++)
        json_builder_add_double_value (builder, axis->values[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "points");
  json_builder_begin_array (builder);
  for (guint p = 0; p < sweep->n_points; p++)
    {
      const PointResult *result = &sweep->results[p];
      const LhCliGamesSummary *s = &result->summary;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "values");
      json_builder_begin_object (builder);
      for (guint a = 0; a < sweep->n_axes; a++)
        lh_cli_json_add_double (builder, sweep->axes[a].name, sweep->values[p * sweep->n_axes + a]);
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, s->n_games);
      lh_cli_json_add_double (builder, "mean", s->mean);
      lh_cli_json_add_double (builder, "sem", s->sem);
      lh_cli_json_add_double (builder, "sd", s->sd);
      lh_cli_json_add_double (builder, "median", s->median);
      lh_cli_json_add_double (builder, "min", s->min);
      lh_cli_json_add_double (builder, "max", s->max);
      lh_cli_json_add_double (builder, "rate_2048", fraction (s->reached[RATE_EXPONENT_A], s->n_games));
      lh_cli_json_add_double (builder, "rate_4096", fraction (s->reached[RATE_EXPONENT_B], s->n_games));
      lh_cli_json_add_double (builder, "ms_per_move", result->ms_per_move);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  lh_cli_print_json (builder);
}

/* The statistics' labels, in the table's order. */
enum { STAT_MEAN, STAT_SEM, STAT_MEDIAN, STAT_RATE_A, STAT_RATE_B, STAT_MS, N_STATS };

static const char *
stat_label (guint stat)
{
  switch (stat)
    {
    case STAT_MEAN:
      return _("Mean score");
    case STAT_SEM:
      /* TRANSLATORS: a row label: the standard error of the mean score */
      return _("± standard error");
    case STAT_MEDIAN:
      return _("Median");
    case STAT_RATE_A:
      /* TRANSLATORS: a label: the share of games whose largest tile reached 2048 */
      return _("2048 rate");
    case STAT_RATE_B:
      return _("4096 rate");
    case STAT_MS:
      return _("ms per move");
    default:
      g_assert_not_reached ();
    }
}

static char *
stat_value (const PointResult *result, guint stat)
{
  const LhCliGamesSummary *s = &result->summary;

  switch (stat)
    {
    case STAT_MEAN:
      return g_strdup_printf ("%.1f", s->mean);
    case STAT_SEM:
      return g_strdup_printf ("%.1f", s->sem);
    case STAT_MEDIAN:
      return g_strdup_printf ("%.1f", s->median);
    case STAT_RATE_A:
      return g_strdup_printf ("%.1f %%", 100.0 * fraction (s->reached[RATE_EXPONENT_A], s->n_games));
    case STAT_RATE_B:
      return g_strdup_printf ("%.1f %%", 100.0 * fraction (s->reached[RATE_EXPONENT_B], s->n_games));
    case STAT_MS:
      return g_strdup_printf ("%.4f", result->ms_per_move);
    default:
      g_assert_not_reached ();
    }
}

static void
print_text (const Sweep *sweep)
{
  g_autoptr(LhCliTable) settings = lh_cli_table_new ("ll");
  g_autoptr(LhCliTable) table = NULL;
  g_autofree char *changes = lh_cli_heuristic_describe_changes (&sweep->base.heuristic);
  g_autofree char *seeds = NULL;
  GString *alignment = g_string_new ("l");
  g_autofree char *alignment_text = NULL;
  gboolean columns = sweep->n_axes == 1 && sweep->n_points <= MAX_COLUMNS;

  lh_cli_table_add_solver_params (settings, &sweep->base);
  if (sweep->preset_name != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Preset"), sweep->preset_name);
  if (changes != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Heuristic changes"), changes);
  for (guint a = 0; a < sweep->n_axes; a++)
    /* TRANSLATORS: "Swept  depth from 1 to 3, step 1 (3 values)" */
    lh_cli_table_add (settings, _("%s\t%s from %g to %g, step %g (%u values)"),
                      a == 0 ? _("Swept") : "", sweep->axes[a].name, sweep->axes[a].from,
                      sweep->axes[a].to, sweep->axes[a].step, sweep->axes[a].n_values);
  lh_cli_table_add (settings, "%s\t%u×%u", _("Board"), sweep->geometry.rows, sweep->geometry.cols);
  seeds = g_strdup_printf ("%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT,
                           sweep->first_seed, sweep->first_seed + sweep->n_games - 1);
  /* TRANSLATORS: a row label: the seeds of the games every grid point plays */
  lh_cli_table_add (settings, "%s\t%s", _("Seeds (every point)"), seeds);
  lh_cli_table_add (settings, "%s\t%u", _("Jobs"), sweep->n_jobs);
  lh_cli_table_print (settings);
  g_print ("\n");

  if (columns)
    {
      /* 004's Table 1: the values in the first row, a statistic per row. */
      GString *row = g_string_new (sweep->axes[0].name);

      for (guint p = 0; p < sweep->n_points; p++)
        {
          g_string_append_c (alignment, 'r');
          g_string_append_printf (row, "\t%g", sweep->values[p]);
        }
      alignment_text = g_string_free (alignment, FALSE);
      table = lh_cli_table_new (alignment_text);
      lh_cli_table_add (table, "%s", row->str);
      g_string_free (row, TRUE);
      for (guint stat = 0; stat < N_STATS; stat++)
        {
          row = g_string_new (stat_label (stat));
          for (guint p = 0; p < sweep->n_points; p++)
            {
              g_autofree char *value = stat_value (&sweep->results[p], stat);

              g_string_append_printf (row, "\t%s", value);
            }
          lh_cli_table_add (table, "%s", row->str);
          g_string_free (row, TRUE);
        }
    }
  else
    {
      /* A row per point: the parameters, then the statistics. */
      GString *row = g_string_new (NULL);

      g_string_truncate (alignment, 0);
      for (guint i = 0; i < sweep->n_axes + N_STATS; i++)
        g_string_append_c (alignment, 'r');
      alignment_text = g_string_free (alignment, FALSE);
      table = lh_cli_table_new (alignment_text);
      for (guint a = 0; a < sweep->n_axes; a++)
        g_string_append_printf (row, "%s%s", a > 0 ? "\t" : "", sweep->axes[a].name);
      for (guint stat = 0; stat < N_STATS; stat++)
        g_string_append_printf (row, "\t%s", stat_label (stat));
      lh_cli_table_add (table, "%s", row->str);
      for (guint p = 0; p < sweep->n_points; p++)
        {
          g_string_truncate (row, 0);
          for (guint a = 0; a < sweep->n_axes; a++)
            g_string_append_printf (row, "%s%g", a > 0 ? "\t" : "",
                                    sweep->values[p * sweep->n_axes + a]);
          for (guint stat = 0; stat < N_STATS; stat++)
            {
              g_autofree char *value = stat_value (&sweep->results[p], stat);

              g_string_append_printf (row, "\t%s", value);
            }
          lh_cli_table_add (table, "%s", row->str);
        }
      g_string_free (row, TRUE);
    }
  lh_cli_table_print (table);
}

int
lh_cli_sweep (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(GStrv) param_texts = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  g_autofree Axis *axes = NULL;
  g_autofree LhSolverParams *params = NULL;
  g_autofree double *values = NULL;
  g_autofree PointResult *point_results = NULL;
  g_autofree LhCliGameResult *results = NULL;
  FILE *csv = NULL;
  Sweep sweep = { 0 };
  gboolean json = FALSE, show_progress;
  int n_games = 10, n_jobs = 1, rows = 4, cols = 4;
  guint n_axes = 0, n_points = 1, a, p;
  int status = LH_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "param", 0, 0, G_OPTION_ARG_STRING_ARRAY, &param_texts,
      N_("A parameter and its values, FROM + i × STEP up to TO; repeat for a grid (required)"),
      N_("NAME=FROM:TO:STEP") },
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games,
      N_("Games at each grid point, the same seeds for every point (default 10)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      N_("Worker threads playing games side by side, 1 to 256 (default 1); never changes the results"),
      N_("J") },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows,
      N_("Rows of the board, 2 to 4 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 4 (default 4)"), N_("C") },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
      N_("Also write one CSV row per grid point to FILE"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the results as JSON"), NULL },
    { NULL }
  };

  lh_cli_search_options_init (&search, LH_CLI_SEARCH_GAME_SEED);
  heuristic_help = lh_cli_heuristic_help ();
  description = g_strconcat (
    _("Plays the same N games (seeds S to S + N - 1, as bench plays them) at every\n"
      "point of the grid of the --param ranges: common random numbers, so that the\n"
      "differences between points are the parameters', not the deal's.  NAME is a\n"
      "heuristic key (below) or one of the solver options depth, min-depth, cutoff,\n"
      "threads, playouts, playout-depth, discount, iterations, exploration, theta1\n"
      "... theta6, gamma and empty-threshold (the chosen solver must use it).  The\n"
      "values are FROM + i × STEP for i = 0, 1, ... up to TO (TO included when\n"
      "within STEP × 1e-9), rounded to as many decimals as FROM and STEP have (at\n"
      "most 15: -0.3:0.3:0.1 gives 0, not 5.55e-17); the grid has at most 10000\n"
      "points, the first --param varying slowest.  The other options (and --preset,\n"
      "--set) hold at every point.\n"
      "\n"
      "With one --param of at most 16 values the table is as reference 004's\n"
      "Table 1: a row of the values, then mean score, its standard error, median,\n"
      "the shares of games reaching 2048 and 4096, and the search's ms per move;\n"
      "otherwise one row per grid point.  A progress line goes to standard error\n"
      "when it is a terminal.\n"
      "\n"
      "--csv FILE writes a header and one row per point as it completes: the\n"
      "parameters, then games, mean, sem, sd, median, min, max, rate_2048,\n"
      "rate_4096, ms_per_move ('.' decimal point, full precision).  --json prints\n"
      "one object: solver, parameters, heuristic (the settings before the sweep),\n"
      "rows, cols, seed, games, jobs, axes [{name, from, to, step, values}] and\n"
      "points [{values {NAME: value}, games, mean, sem, sd, median, min, max,\n"
      "rate_2048, rate_4096, ms_per_move}].\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli sweep --param depth=1:3:1 --games 20 --jobs 2\n"
      "  lookahead-cli sweep --param empty_weight=0:2000:500 \\\n"
      "      --param monotonicity_weight=0:40:10 --games 50 --csv grid.csv"),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (!lh_cli_games_check_options ("--games", n_games, n_jobs, rows, cols, &error) ||
      !lh_cli_search_options_to_params (&search, &sweep.base, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (param_texts == NULL || param_texts[0] == NULL)
    return lh_cli_usage_error (_("--param is required"));

  /* The axes: each name once, each value in range, at most MAX_POINTS points. */
  n_axes = g_strv_length (param_texts);
  axes = g_new0 (Axis, n_axes);
  for (a = 0; a < n_axes; a++)
    {
      if (!parse_axis (&search, param_texts[a], &axes[a], &error))
        {
          status = lh_cli_usage_error ("%s", error->message);
          goto out;
        }
      for (guint b = 0; b < a; b++)
        if (g_str_equal (axes[a].name, axes[b].name))
          {
            /* TRANSLATORS: "--param: depth is given twice" */
            status = lh_cli_usage_error (_("--param: %s is given twice"), axes[a].name);
            goto out;
          }
      if ((guint64) n_points * axes[a].n_values > MAX_POINTS)
        {
          status = lh_cli_usage_error (_("--param: the grid has more than %d points"), MAX_POINTS);
          goto out;
        }
      n_points *= axes[a].n_values;
    }

  /* Every point's parameters, checked before any game is played. */
  params = g_new (LhSolverParams, n_points);
  values = g_new (double, (gsize) n_points * n_axes);
  for (p = 0; p < n_points; p++)
    if (!set_point (&search, axes, n_axes, p, values + (gsize) p * n_axes, &error) ||
        !lh_cli_search_options_to_params (&search, &params[p], &error))
      {
        g_autofree char *where = describe_point (axes, n_axes, values + (gsize) p * n_axes);

        /* TRANSLATORS: "--param at depth=2, gamma=0: gamma must be more than 0" */
        status = lh_cli_usage_error (_("--param at %s: %s"), where, error->message);
        goto out;
      }

  if (csv_path != NULL)
    {
      csv = g_fopen (csv_path, "w");
      if (csv == NULL)
        {
          int saved_errno = errno;

          status = lh_cli_failure (_("could not write %s: %s"), csv_path, g_strerror (saved_errno));
          goto out;
        }
      csv_write_header (csv, axes, n_axes);
    }

  sweep.geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  sweep.first_seed = lh_cli_search_options_get_seed (&search);
  sweep.n_games = (guint) n_games;
  sweep.n_jobs = (guint) n_jobs;
  sweep.preset_name = lh_cli_search_options_get_preset_name (&search);
  sweep.axes = axes;
  sweep.n_axes = n_axes;
  sweep.n_points = n_points;
  sweep.values = values;
  sweep.results = point_results = g_new0 (PointResult, n_points);

  results = g_new0 (LhCliGameResult, n_games);
  show_progress = isatty (STDERR_FILENO);
  for (p = 0; p < n_points; p++)
    {
      Progress progress = { p, n_points };
      gboolean ok = lh_cli_games_play (&params[p], sweep.geometry, sweep.first_seed,
                                       sweep.n_games, sweep.n_jobs, results,
                                       show_progress ? report_progress : NULL, &progress,
                                       &error);

      if (!ok)
        {
          g_autofree char *where = describe_point (axes, n_axes, values + (gsize) p * n_axes);

          if (show_progress)
            fputs ("\r\033[K", stderr);
          /* TRANSLATORS: "the sweep failed at depth=2: ..." */
          status = lh_cli_failure (_("the sweep failed at %s: %s"), where, error->message);
          goto out;
        }
      summarize_point (results, sweep.n_games, &point_results[p]);
      if (csv != NULL)
        {
          csv_write_row (csv, n_axes, values + (gsize) p * n_axes, &point_results[p]);
          fflush (csv);
        }
    }
  if (show_progress)
    fputs ("\r\033[K", stderr);

  if (csv != NULL)
    {
      gboolean failed;

      errno = 0;
      failed = ferror (csv) != 0;
      failed = fclose (csv) != 0 || failed;
      csv = NULL;
      if (failed)
        {
          status = lh_cli_failure (_("could not write %s: %s"), csv_path,
                                   errno != 0 ? g_strerror (errno) : _("write error"));
          goto out;
        }
    }

  if (json)
    print_json (&sweep);
  else
    print_text (&sweep);
  status = lh_cli_finish_output ();

out:
  if (csv != NULL)
    fclose (csv);
  for (a = 0; a < n_axes; a++)
    axis_clear (&axes[a]);
  return status;
}
