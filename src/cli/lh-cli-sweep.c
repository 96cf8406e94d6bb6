/* lh-cli-sweep.c: `lookahead-cli sweep`, a grid of parameter values, each
 * point played over the same games.
 *
 * Each --param NAME=FROM:TO:STEP is one axis of the grid; the grid, its
 * values and every point's parameters are settled by lh-cli-sweep-grid.c
 * (the rules are in lh-cli-sweep-grid.h).
 *
 * Every point plays the same N games (lh_cli_games_play(), seeds S to
 * S + N - 1): common random numbers, so the differences between points are
 * the parameters' and not the deal's.  The text output follows reference
 * 004's Table 1 ("Highscore averages for different heuristics"): with one
 * axis, a row of the values and a row per statistic below them.
 *
 * With --shard I/N every point plays only its shard's games (k mod N =
 * I - 1: the shards split the games by seed, not the grid, so that each
 * gets its share of the slow points and the fast ones) and the sweep
 * writes them as a part (lh-cli-part.h: "options" with the --param texts,
 * "run" with the axes, and "points": [{ "index": p, "games": [...] }] for
 * every point p).  lh_cli_sweep_merge() puts each point's games back
 * together and prints, and writes --csv, with the same code as one run.
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
#include "lh-cli-part.h"
#include "lh-cli-sweep-grid.h"
#include "lh-cli-sweep.h"
#include "lh-cli-table.h"

/* The solver options the command offers: the command line and merge, which
 * reads a part's options back, must offer the same. */
#define SWEEP_SEARCH_FLAGS LH_CLI_SEARCH_GAME_SEED

/* With one axis of at most this many values the text table is column-wise
 * (004's Table 1); a longer axis gets a row per value, which stays readable. */
#define MAX_COLUMNS 16
/* Exponents of the rates reported: 2048 and 4096. */
#define RATE_EXPONENT_A 11
#define RATE_EXPONENT_B 12

/* One grid point's outcome. */
typedef struct {
  LhCliGamesSummary summary;
  double            ms_per_move;  /* all search time / all moves */
} PointResult;

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
csv_write_header (FILE *csv, const LhCliSweepAxis *axes, guint n_axes)
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
  const char    *weights_path;  /* (nullable) --weights's, owned by the search options */
  const LhCliSweepGrid *grid;
  const PointResult *results;
} Sweep;

/* Member "axes": [{name, from, to, step, values}]. */
static void
add_axes_json (JsonBuilder *builder, const LhCliSweepGrid *grid)
{
  json_builder_set_member_name (builder, "axes");
  json_builder_begin_array (builder);
  for (guint a = 0; a < grid->n_axes; a++)
    {
      const LhCliSweepAxis *axis = &grid->axes[a];

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
}

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

  add_axes_json (builder, sweep->grid);

  json_builder_set_member_name (builder, "points");
  json_builder_begin_array (builder);
  for (guint p = 0; p < sweep->grid->n_points; p++)
    {
      const PointResult *result = &sweep->results[p];
      const LhCliGamesSummary *s = &result->summary;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "values");
      json_builder_begin_object (builder);
      for (guint a = 0; a < sweep->grid->n_axes; a++)
        lh_cli_json_add_double (builder, sweep->grid->axes[a].name, sweep->grid->values[p * sweep->grid->n_axes + a]);
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
  gboolean columns = sweep->grid->n_axes == 1 && sweep->grid->n_points <= MAX_COLUMNS;

  lh_cli_table_add_solver_params (settings, &sweep->base);
  if (sweep->preset_name != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Preset"), sweep->preset_name);
  if (sweep->weights_path != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Weights"), sweep->weights_path);
  if (changes != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Heuristic changes"), changes);
  for (guint a = 0; a < sweep->grid->n_axes; a++)
    /* TRANSLATORS: "Swept  depth from 1 to 3, step 1 (3 values)" */
    lh_cli_table_add (settings, _("%s\t%s from %g to %g, step %g (%u values)"),
                      a == 0 ? _("Swept") : "", sweep->grid->axes[a].name, sweep->grid->axes[a].from,
                      sweep->grid->axes[a].to, sweep->grid->axes[a].step, sweep->grid->axes[a].n_values);
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
      GString *row = g_string_new (sweep->grid->axes[0].name);

      for (guint p = 0; p < sweep->grid->n_points; p++)
        {
          g_string_append_c (alignment, 'r');
          g_string_append_printf (row, "\t%g", sweep->grid->values[p]);
        }
      alignment_text = g_string_free (alignment, FALSE);
      table = lh_cli_table_new (alignment_text);
      lh_cli_table_add (table, "%s", row->str);
      g_string_free (row, TRUE);
      for (guint stat = 0; stat < N_STATS; stat++)
        {
          row = g_string_new (stat_label (stat));
          for (guint p = 0; p < sweep->grid->n_points; p++)
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
      for (guint i = 0; i < sweep->grid->n_axes + N_STATS; i++)
        g_string_append_c (alignment, 'r');
      alignment_text = g_string_free (alignment, FALSE);
      table = lh_cli_table_new (alignment_text);
      for (guint a = 0; a < sweep->grid->n_axes; a++)
        g_string_append_printf (row, "%s%s", a > 0 ? "\t" : "", sweep->grid->axes[a].name);
      for (guint stat = 0; stat < N_STATS; stat++)
        g_string_append_printf (row, "\t%s", stat_label (stat));
      lh_cli_table_add (table, "%s", row->str);
      for (guint p = 0; p < sweep->grid->n_points; p++)
        {
          g_string_truncate (row, 0);
          for (guint a = 0; a < sweep->grid->n_axes; a++)
            g_string_append_printf (row, "%s%g", a > 0 ? "\t" : "",
                                    sweep->grid->values[p * sweep->grid->n_axes + a]);
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

/* Checks the options (but --jobs and --csv), settles @grid and @sweep
 * (without its jobs and results); @search must outlive @sweep.  Returns:
 * FALSE with @error (G_OPTION_ERROR_BAD_VALUE: a usage error). */
static gboolean
sweep_settle (Sweep              *sweep,
              LhCliSweepGrid     *grid,
              LhCliSearchOptions *search,
              char              **param_texts,
              int                 n_games,
              int                 rows,
              int                 cols,
              GError            **error)
{
  if (!lh_cli_games_check_options ("--games", n_games, 1, rows, cols, error) ||
      !lh_cli_search_options_to_params (search, &sweep->base, error) ||
      !lh_cli_search_options_check_geometry (search, (LhGeometry) { (guint8) rows, (guint8) cols },
                                             error) ||
      !lh_cli_sweep_grid_settle (grid, search, param_texts, error))
    return FALSE;
  sweep->geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  sweep->first_seed = lh_cli_search_options_get_seed (search);
  sweep->n_games = (guint) n_games;
  sweep->preset_name = lh_cli_search_options_get_preset_name (search);
  sweep->weights_path = lh_cli_search_options_get_weights_path (search);
  sweep->grid = grid;
  return TRUE;
}

/* The part's "run": what every run has, the base parameters, and the axes. */
static JsonNode *
sweep_run_json (const Sweep *sweep)
{
  JsonBuilder *builder = lh_cli_part_run_begin (&sweep->base, sweep->preset_name, sweep->weights_path,
                                                sweep->geometry, sweep->first_seed,
                                                sweep->n_games);

  add_axes_json (builder, sweep->grid);
  return lh_cli_part_run_end (builder);
}

/* Opens @path and writes the CSV header.  Returns: NULL with @error. */
static FILE *
csv_open (const char *path, const LhCliSweepGrid *grid, GError **error)
{
  FILE *csv = g_fopen (path, "w");

  if (csv == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("could not write %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  csv_write_header (csv, grid->axes, grid->n_axes);
  return csv;
}

/* Closes @csv.  Returns: FALSE with @error when it was not all written. */
static gboolean
csv_close (FILE *csv, const char *path, GError **error)
{
  gboolean failed;

  errno = 0;
  failed = ferror (csv) != 0;
  failed = fclose (csv) != 0 || failed;
  if (failed)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("could not write %s: %s"), path,
                   errno != 0 ? g_strerror (errno) : _("write error"));
      return FALSE;
    }
  return TRUE;
}

static void
print_results (const Sweep *sweep, gboolean json)
{
  if (json)
    print_json (sweep);
  else
    print_text (sweep);
}

int
lh_cli_sweep_merge (const LhCliMerge *merge)
{
  const LhCliPart *first = lh_cli_merge_first_part (merge);
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(LhCliSweepGrid) grid = { 0 };
  g_auto(GStrv) param_texts = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) run = NULL;
  g_autofree LhCliGameResult *results = NULL;
  g_autofree PointResult *point_results = NULL;
  Sweep sweep = { 0 };
  FILE *csv = NULL;
  int n_games, rows, cols;

  lh_cli_search_options_init (&search, SWEEP_SEARCH_FLAGS);
  if (!lh_cli_part_read_options (first, &search, "games", &n_games, &rows, &cols, &error) ||
      (param_texts = lh_cli_part_get_strv (first, first->options, "options", "param",
                                           &error)) == NULL)
    return lh_cli_failure ("%s", error->message);
  if (!sweep_settle (&sweep, &grid, &search, param_texts, n_games, rows, cols, &error))
    return lh_cli_failure ("%s: options: %s", first->path, error->message);
  run = sweep_run_json (&sweep);
  if (!lh_cli_part_check_run (first, run, &error))
    return lh_cli_failure ("%s", error->message);

  if (merge->csv_path != NULL && (csv = csv_open (merge->csv_path, &grid, &error)) == NULL)
    return lh_cli_failure ("%s", error->message);
  sweep.n_jobs = merge->jobs;
  sweep.results = point_results = g_new0 (PointResult, grid.n_points);
  results = g_new0 (LhCliGameResult, sweep.n_games);
  for (guint p = 0; p < grid.n_points; p++)
    {
      if (!lh_cli_merge_read_games (merge, "points", grid.n_points, p, sweep.first_seed,
                                    sweep.n_games, results, &error))
        {
          if (csv != NULL)
            fclose (csv);
          return lh_cli_failure ("%s", error->message);
        }
      summarize_point (results, sweep.n_games, &point_results[p]);
      if (csv != NULL)
        csv_write_row (csv, grid.n_axes, grid.values + (gsize) p * grid.n_axes, &point_results[p]);
    }
  if (csv != NULL && !csv_close (csv, merge->csv_path, &error))
    return lh_cli_failure ("%s", error->message);

  print_results (&sweep, merge->json);
  return lh_cli_finish_output ();
}

/* Begins the shard's part: the envelope, "options", "run", and the open
 * array "points". */
static JsonBuilder *
begin_part (const Sweep              *sweep,
            const LhCliSearchOptions *search,
            char                    **param_texts,
            const LhCliShard         *shard,
            guint                     n_jobs)
{
  JsonBuilder *builder = lh_cli_part_begin ("sweep", shard, n_jobs);

  lh_cli_part_begin_options (builder, search, "games", sweep->n_games, sweep->geometry.rows,
                             sweep->geometry.cols);
  json_builder_set_member_name (builder, "param");
  json_builder_begin_array (builder);
  for (guint a = 0; param_texts[a] != NULL; a++)
    json_builder_add_string_value (builder, param_texts[a]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "run");
  json_builder_add_value (builder, sweep_run_json (sweep));
  json_builder_set_member_name (builder, "points");
  json_builder_begin_array (builder);
  return builder;
}

int
lh_cli_sweep (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(LhCliShardOptions) shard = { 0 };
  g_autoptr(JsonBuilder) part = NULL;
  g_auto(GStrv) param_texts = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  g_auto(LhCliSweepGrid) grid = { 0 };
  g_autofree PointResult *point_results = NULL;
  g_autofree LhCliGameResult *results = NULL;
  FILE *csv = NULL;
  Sweep sweep = { 0 };
  gboolean json = FALSE, show_progress;
  int n_games = 10, n_jobs = 1, rows = 4, cols = 4;
  guint n_results, p;
  gint64 start_us;
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
      N_("Rows of the board, 2 to 5 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 5 (default 4)"), N_("C") },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
      N_("Also write one CSV row per grid point to FILE"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the results as JSON"), NULL },
    { NULL }
  };

  lh_cli_search_options_init (&search, SWEEP_SEARCH_FLAGS);
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
      "      --param monotonicity_weight=0:40:10 --games 50 --csv grid.csv\n"
      "\n"
      "Shards: --shard I/N (I from 1 to N, N at most the games) plays, at every\n"
      "point, only the games k with k mod N = I − 1, each exactly as the whole\n"
      "sweep plays it, and writes them as a part file (JSON; --out FILE, else\n"
      "standard output) instead of the table.  “lookahead-cli merge” reads the N\n"
      "parts and prints what one sweep prints (--json, --csv FILE as well).  The\n"
      "games, not the grid, are split, so every shard plays every point.\n"
      "  lookahead-cli sweep --param depth=1:3:1 --games 400 --shard 2/4 \\\n"
      "      --out part-2.json"),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);
  lh_cli_shard_options_add_entries (&shard, context);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (!lh_cli_games_check_options ("--games", n_games, n_jobs, rows, cols, &error) ||
      !sweep_settle (&sweep, &grid, &search, param_texts, n_games, rows, cols, &error) ||
      !lh_cli_shard_options_check (&shard, "--games", (guint) n_games, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (shard.active && csv_path != NULL)
    return lh_cli_usage_error (_("--csv does not go with --shard: a shard has no point's "
                                 "statistics; give --csv to merge"));

  if (csv_path != NULL && (csv = csv_open (csv_path, &grid, &error)) == NULL)
    return lh_cli_failure ("%s", error->message);

  sweep.n_jobs = (guint) n_jobs;
  sweep.results = point_results = g_new0 (PointResult, grid.n_points);
  if (shard.active)
    part = begin_part (&sweep, &search, param_texts, &shard.shard, sweep.n_jobs);

  n_results = lh_cli_shard_n_items (&shard.shard, sweep.n_games);
  results = g_new0 (LhCliGameResult, n_results);
  show_progress = isatty (STDERR_FILENO);
  start_us = g_get_monotonic_time ();
  for (p = 0; p < grid.n_points; p++)
    {
      Progress progress = { p, grid.n_points };
      gboolean ok = lh_cli_games_play (&grid.params[p], sweep.geometry, sweep.first_seed,
                                       sweep.n_games, &shard.shard, sweep.n_jobs, results,
                                       show_progress ? report_progress : NULL, &progress,
                                       &error);

      if (!ok)
        {
          g_autofree char *where = lh_cli_sweep_grid_describe_point (&grid, p);

          if (show_progress)
            fputs ("\r\033[K", stderr);
          /* TRANSLATORS: "the sweep failed at depth=2: ..." */
          status = lh_cli_failure (_("the sweep failed at %s: %s"), where, error->message);
          goto out;
        }
      if (part != NULL)
        {
          json_builder_begin_object (part);
          json_builder_set_member_name (part, "index");
          json_builder_add_int_value (part, p);
          lh_cli_part_add_games (part, "games", &shard.shard, sweep.first_seed, results,
                                 n_results);
          json_builder_end_object (part);
          continue;
        }
      summarize_point (results, sweep.n_games, &point_results[p]);
      if (csv != NULL)
        {
          csv_write_row (csv, grid.n_axes, grid.values + (gsize) p * grid.n_axes,
                         &point_results[p]);
          fflush (csv);
        }
    }
  if (show_progress)
    fputs ("\r\033[K", stderr);

  if (part != NULL)
    {
      json_builder_end_array (part);
      status = lh_cli_part_finish (part, (g_get_monotonic_time () - start_us) /
                                         (double) G_USEC_PER_SEC, shard.out_path);
      goto out;
    }
  if (csv != NULL)
    {
      gboolean ok = csv_close (csv, csv_path, &error);

      csv = NULL;
      if (!ok)
        {
          status = lh_cli_failure ("%s", error->message);
          goto out;
        }
    }

  print_results (&sweep, json);
  status = lh_cli_finish_output ();

out:
  if (csv != NULL)
    fclose (csv);
  return status;
}
