/* lh-cli-bench.c: `lookahead-cli bench`, whole games played by a solver.
 *
 * The games are lh_cli_games_play()'s (lh-cli-games.h): game i (0 <= i < N)
 * is lh_game_new (geometry, seed + i) played with the solver's move each
 * turn until no move is legal; the randomised solvers search game i with
 * the seed lh_parallel_task_seed (seed, i), so a game's moves depend on the
 * seed and i only.  Worker threads (--jobs) take games from a shared
 * counter, each with its own LhSolver; every game's result lands in its own
 * slot, so the statistics are computed in seed order and do not depend on
 * the number of jobs.  Each search may itself use --threads
 * threads for its playouts (MCTS's result depends on that count: one tree
 * per thread, lh-mcts.h), so a bench runs up to jobs x threads threads.
 * Statistics come from GSL; the metrics include 003's (win rate, score mean,
 * standard deviation, min, max, ms per move).
 *
 * With --shard I/N the bench plays only its shard's games (lh-cli-shard.h)
 * and writes them as a part (lh-cli-part.h: "options", "run" and "games",
 * one LhCliGameResult each); lh_cli_bench_merge() reads the N parts back
 * into the one array of results a whole run has, in seed order, and
 * computes and prints the statistics with the same code.  The wall time
 * of a merged bench is its shards' summed (so moves per second is the
 * throughput of one machine running the shards one after another); ms per
 * move and nodes per second come from each game's own search times, as
 * in one run.
 *
 * With --versus-optimal (boards of at most 9 cells) each move is also
 * measured against the exact solution (lh-cli-regret.h: its regret), and
 * the exact solver plays the same games; a part then holds each game's
 * regret and optimal moves, the optimal games as "optimal_games" and the
 * solution's start value as "optimal_expected_score".
 */

#include "lh-config.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-bench.h"
#include "lh-cli-games.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-part.h"
#include "lh-cli-regret.h"
#include "lh-cli-table.h"
#include "lh-exact.h"
#include "lh-format.h"

/* The solver options the command offers: the command line and merge, which
 * reads a part's options back, must offer the same. */
#define BENCH_SEARCH_FLAGS (LH_CLI_SEARCH_GAME_SEED | LH_CLI_SEARCH_TIME_BUDGET)

/* The milestones reported as "reached": 2048 to 32768 (exponents 11 to 15),
 * and the tiles past 32768 some game reached. */
#define FIRST_MILESTONE_EXPONENT 11

/* What the text and JSON output need besides the statistics. */
typedef struct {
  LhSolverParams params;
  LhGeometry     geometry;
  LhRules        rules;        /* --rules, lh_rules_default() for the geometry without */
  LhWideBoard    start;        /* --start, 0 for new games */
  guint64        first_seed;
  guint          n_games;
  const char    *preset_name;  /* (nullable) --preset's, owned by the search options */
  const char    *weights_path; /* (nullable) --weights's, owned by the search options */
  gboolean       versus_optimal;  /* --versus-optimal: regrets and optimal games */
} Bench;

/* The progress line, when standard error is a terminal. */
typedef struct {
  double score_sum;
} Progress;

static void
report_progress (guint                  n_done,
                 guint                  n_games,
                 const LhCliGameResult *result,
                 gpointer               user_data)
{
  Progress *progress = user_data;

  progress->score_sum += (double) result->score;
  /* TRANSLATORS: progress line: games done / games, mean score so far */
  fputc ('\r', stderr);
  fprintf (stderr, _("Games %u/%u, mean score %.0f"),
           n_done, n_games, progress->score_sum / n_done);
  fputs ("\033[K", stderr);
}

typedef struct {
  LhCliGamesSummary games;   /* the scores' statistics, the milestones */
  guint   max_tile_counts[LH_WIDE_MAX_EXPONENT + 1];
  guint64 moves;
  guint64 playouts;
  guint64 iterations;
  double  playouts_per_move;
  double  iterations_per_move;
  double  moves_per_second;  /* all games' moves / wall time: the bench's throughput */
  double  ms_per_move;       /* search time per move, ms (one thread's view) */
  double  nodes_per_second;  /* all nodes / all search time */
  double  wall_seconds;
  gboolean           has_versus;  /* the fields below are set */
  LhCliVersusSummary versus;
} Summary;

/* @optimal: (nullable): the optimal games of --versus-optimal, whose
 * solution's start value is @expected_score */
static void
summarize (const LhCliGameResult *results,
           const LhCliGameResult *optimal,
           double                 expected_score,
           guint                  n_games,
           double                 wall_seconds,
           Summary               *summary)
{
  guint64 nodes = 0;
  double search_ms = 0.0;
  guint i;

  *summary = (Summary) { 0 };
  lh_cli_games_summarize (results, n_games, &summary->games);
  summary->wall_seconds = wall_seconds;

  for (i = 0; i < n_games; i++)
    {
      summary->max_tile_counts[g_bit_storage (results[i].max_tile) - 1]++;
      summary->moves += results[i].moves;
      nodes += results[i].nodes;
      summary->playouts += results[i].playouts;
      summary->iterations += results[i].iterations;
      search_ms += results[i].search_ms;
    }

  summary->moves_per_second = wall_seconds > 0.0 ? summary->moves / wall_seconds : 0.0;
  summary->ms_per_move = summary->moves > 0 ? search_ms / summary->moves : 0.0;
  summary->playouts_per_move = summary->moves > 0 ? (double) summary->playouts / summary->moves : 0.0;
  summary->iterations_per_move = summary->moves > 0 ? (double) summary->iterations / summary->moves : 0.0;
  summary->nodes_per_second = search_ms > 0.0 ? nodes / (search_ms / 1000.0) : 0.0;
  if (optimal != NULL)
    {
      summary->has_versus = TRUE;
      lh_cli_versus_summarize (results, optimal, n_games, expected_score, &summary->versus);
    }
}

static double
fraction (guint count, guint total)
{
  return total > 0 ? (double) count / total : 0.0;
}

/* The last milestone reported: 32768, or the largest tile a game reached
 * past it. */
static guint
last_milestone (const Summary *summary)
{
  guint last = LH_MAX_EXPONENT;

  while (last < LH_WIDE_MAX_EXPONENT && summary->games.reached[last + 1] > 0)
    last++;
  return last;
}

/* "rules": the rules' name, when they are not lh_rules_default()'s for the
 * geometry (absent then, as before the option). */
static void
add_rules (JsonBuilder *builder, const Bench *bench)
{
  if (bench->rules == lh_rules_default (bench->geometry))
    return;
  json_builder_set_member_name (builder, "rules");
  json_builder_add_string_value (builder, lh_rules_to_string (bench->rules));
}

/* "start": the start's hex form, when the games start from one (absent
 * otherwise, as before the option). */
static void
add_start (JsonBuilder *builder, const Bench *bench)
{
  g_autofree char *hex = NULL;

  if (bench->start == 0)
    return;
  hex = lh_wide_board_to_hex (bench->start, bench->geometry);
  json_builder_set_member_name (builder, "start");
  json_builder_add_string_value (builder, hex);
}

static void
print_json (const Bench   *bench,
            guint          n_jobs,
            const Summary *summary)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  guint e;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "games");
  json_builder_add_int_value (builder, summary->games.n_games);
  json_builder_set_member_name (builder, "solver");
  json_builder_add_string_value (builder, lh_solver_kind_to_string (bench->params.kind));
  json_builder_set_member_name (builder, "depth");
  json_builder_add_int_value (builder, bench->params.depth);
  json_builder_set_member_name (builder, "adaptive");
  json_builder_add_boolean_value (builder, bench->params.adaptive);
  lh_cli_json_add_double (builder, "cutoff", bench->params.probability_cutoff);
  json_builder_set_member_name (builder, "transposition_table");
  json_builder_add_boolean_value (builder, bench->params.use_transposition_table);
  json_builder_set_member_name (builder, "threads");
  json_builder_add_int_value (builder, bench->params.threads);
  lh_cli_json_add_solver_params (builder, "parameters", &bench->params);
  lh_cli_heuristic_add_json (builder, "heuristic", &bench->params.heuristic);
  json_builder_set_member_name (builder, "seed");
  json_builder_add_int_value (builder, (gint64) bench->first_seed);
  json_builder_set_member_name (builder, "jobs");
  json_builder_add_int_value (builder, n_jobs);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, bench->geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, bench->geometry.cols);
  json_builder_set_member_name (builder, "rules");
  json_builder_add_string_value (builder, lh_rules_to_string (bench->rules));
  add_start (builder, bench);

  json_builder_set_member_name (builder, "reached");
  json_builder_begin_object (builder);
  for (e = FIRST_MILESTONE_EXPONENT; e <= last_milestone (summary); e++)
    {
      char key[16];

      g_snprintf (key, sizeof key, "%" G_GUINT64_FORMAT, lh_wide_tile_value (e));
      lh_cli_json_add_double (builder, key, fraction (summary->games.reached[e], summary->games.n_games));
    }
  json_builder_end_object (builder);
  lh_cli_json_add_double (builder, "win_rate",
                          fraction (summary->games.reached[FIRST_MILESTONE_EXPONENT], summary->games.n_games));

  json_builder_set_member_name (builder, "score");
  json_builder_begin_object (builder);
  lh_cli_json_add_double (builder, "mean", summary->games.mean);
  lh_cli_json_add_double (builder, "median", summary->games.median);
  lh_cli_json_add_double (builder, "sd", summary->games.sd);
  lh_cli_json_add_double (builder, "min", summary->games.min);
  lh_cli_json_add_double (builder, "max", summary->games.max);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "max_tile_counts");
  json_builder_begin_object (builder);
  for (e = 1; e <= LH_WIDE_MAX_EXPONENT; e++)
    if (summary->max_tile_counts[e] > 0)
      {
        char key[16];

        g_snprintf (key, sizeof key, "%" G_GUINT64_FORMAT, lh_wide_tile_value (e));
        json_builder_set_member_name (builder, key);
        json_builder_add_int_value (builder, summary->max_tile_counts[e]);
      }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "moves");
  json_builder_add_int_value (builder, (gint64) summary->moves);
  lh_cli_json_add_double (builder, "moves_per_second", summary->moves_per_second);
  lh_cli_json_add_double (builder, "ms_per_move", summary->ms_per_move);
  json_builder_set_member_name (builder, "playouts");
  json_builder_add_int_value (builder, (gint64) summary->playouts);
  json_builder_set_member_name (builder, "iterations");
  json_builder_add_int_value (builder, (gint64) summary->iterations);
  lh_cli_json_add_double (builder, "playouts_per_move", summary->playouts_per_move);
  lh_cli_json_add_double (builder, "iterations_per_move", summary->iterations_per_move);
  lh_cli_json_add_double (builder, "nodes_per_second", summary->nodes_per_second);
  lh_cli_json_add_double (builder, "seconds", summary->wall_seconds);
  if (summary->has_versus)
    lh_cli_versus_add_json (builder, &summary->versus);
  json_builder_end_object (builder);

  lh_cli_print_json (builder);
}

static void
print_text (const Bench   *bench,
            guint          n_jobs,
            const Summary *summary)
{
  g_autoptr(LhCliTable) settings = lh_cli_table_new ("ll");
  g_autoptr(LhCliTable) table = lh_cli_table_new ("lrr");
  g_autoptr(LhCliTable) tiles = lh_cli_table_new ("rrr");
  g_autofree char *seeds = NULL;
  g_autofree char *changes = lh_cli_heuristic_describe_changes (&bench->params.heuristic);
  guint e;

  lh_cli_table_add_solver_params (settings, &bench->params);
  if (bench->preset_name != NULL)
    lh_cli_table_add (settings, "%s\t%s", _("Preset"), bench->preset_name);
  if (bench->weights_path != NULL)
    /* TRANSLATORS: a row label: the n-tuple network's file */
    lh_cli_table_add (settings, "%s\t%s", _("Weights"), bench->weights_path);
  if (changes != NULL)
    /* TRANSLATORS: a row label: the heuristic parameters that differ from the default */
    lh_cli_table_add (settings, "%s\t%s", _("Heuristic changes"), changes);
  lh_cli_table_add (settings, "%s\t%u×%u", _("Board"), bench->geometry.rows, bench->geometry.cols);
  /* TRANSLATORS: a row label: the rules the games are played by ("2048", "2048-32768") */
  lh_cli_table_add (settings, "%s\t%s", _("Rules"), lh_rules_to_string (bench->rules));
  if (bench->start != 0)
    {
      g_autofree char *start = lh_wide_board_to_tiles (bench->start, bench->geometry);

      /* TRANSLATORS: a row label: the board every game starts from */
      lh_cli_table_add (settings, "%s\t%s", _("Start"), start);
    }
  seeds = g_strdup_printf ("%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT,
                           bench->first_seed, bench->first_seed + summary->games.n_games - 1);
  lh_cli_table_add (settings, "%s\t%s", _("Seeds"), seeds);
  lh_cli_table_add (settings, "%s\t%u", _("Jobs"), n_jobs);
  lh_cli_table_print (settings);
  g_print ("\n");

  lh_cli_table_add (table, "%s\t%u", _("Games"), summary->games.n_games);
  /* TRANSLATORS: a row label: the share of games whose largest tile reached 2048 */
  lh_cli_table_add (table, "%s\t%.1f %%\t%u", _("Win rate"),
                    100.0 * fraction (summary->games.reached[FIRST_MILESTONE_EXPONENT], summary->games.n_games),
                    summary->games.reached[FIRST_MILESTONE_EXPONENT]);
  for (e = FIRST_MILESTONE_EXPONENT; e <= last_milestone (summary); e++)
    {
      /* TRANSLATORS: a row label: the share of games whose largest tile reached %s */
      g_autofree char *tile = g_strdup_printf ("%" G_GUINT64_FORMAT, lh_wide_tile_value (e));
      g_autofree char *label = g_strdup_printf (_("Reached %s"), tile);

      lh_cli_table_add (table, "%s\t%.1f %%\t%u", label,
                        100.0 * fraction (summary->games.reached[e], summary->games.n_games),
                        summary->games.reached[e]);
    }
  lh_cli_table_add (table, "%s\t%.1f", _("Score mean"), summary->games.mean);
  lh_cli_table_add (table, "%s\t%.1f", _("Score median"), summary->games.median);
  lh_cli_table_add (table, "%s\t%.1f", _("Score standard deviation"), summary->games.sd);
  lh_cli_table_add (table, "%s\t%.0f", _("Score min"), summary->games.min);
  lh_cli_table_add (table, "%s\t%.0f", _("Score max"), summary->games.max);
  lh_cli_table_add (table, "%s\t%" G_GUINT64_FORMAT, _("Moves"), summary->moves);
  lh_cli_table_add (table, "%s\t%.1f", _("Moves per second"), summary->moves_per_second);
  lh_cli_table_add (table, "%s\t%.4f", _("ms per move"), summary->ms_per_move);
  if (bench->params.kind != LH_SOLVER_EXPECTIMAX)
    lh_cli_table_add (table, "%s\t%.1f", _("Playouts per move"), summary->playouts_per_move);
  if (bench->params.kind == LH_SOLVER_MCTS)
    lh_cli_table_add (table, "%s\t%.1f", _("Iterations per move"), summary->iterations_per_move);
  lh_cli_table_add (table, "%s\t%.0f", _("Nodes per second"), summary->nodes_per_second);
  lh_cli_table_add (table, "%s\t%.2f", _("Wall time (s)"), summary->wall_seconds);
  lh_cli_table_print (table);

  g_print ("\n");
  lh_cli_table_add (tiles, "%s\t%s\t%s", _("Max tile"), _("Games"), _("Share"));
  for (e = LH_WIDE_MAX_EXPONENT; e >= 1; e--)
    if (summary->max_tile_counts[e] > 0)
      lh_cli_table_add (tiles, "%" G_GUINT64_FORMAT "\t%u\t%.1f %%", lh_wide_tile_value (e),
                        summary->max_tile_counts[e],
                        100.0 * fraction (summary->max_tile_counts[e], summary->games.n_games));
  lh_cli_table_print (tiles);

  g_print ("\n");
  /* TRANSLATORS: "Win rate (reached 2048): 85.0% (17 of 20 games)" */
  g_print (_("Win rate (reached 2048): %.1f%% (%u of %u games)\n"),
           100.0 * fraction (summary->games.reached[FIRST_MILESTONE_EXPONENT], summary->games.n_games),
           summary->games.reached[FIRST_MILESTONE_EXPONENT], summary->games.n_games);
  if (summary->has_versus)
    lh_cli_versus_print_text (&summary->versus, summary->ms_per_move);
}

/* Checks the options (but --jobs) and settles @bench; @search must
 * outlive it.  Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE). */
static gboolean
bench_settle (Bench              *bench,
              LhCliSearchOptions *search,
              int                 n_games,
              int                 rows,
              int                 cols,
              const char         *rules,
              const char         *start,
              gboolean            versus_optimal,
              GError            **error)
{
  g_autoptr(GError) too_large = NULL;
  LhGeometry start_geometry;

  if (!lh_cli_games_check_options ("--games", n_games, 1, rows, cols, error) ||
      !lh_cli_search_options_to_params (search, &bench->params, error))
    return FALSE;
  bench->geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  if (!lh_cli_parse_rules_option (rules, bench->geometry, &bench->rules, error))
    return FALSE;
  bench->start = 0;
  if (start != NULL)
    {
      if (!lh_cli_parse_wide_board_option ("--start", start, &bench->start, &start_geometry, error))
        return FALSE;
      if (!lh_geometry_equal (start_geometry, bench->geometry))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--start: the board is %u×%u, the games %u×%u (--rows, --cols)"),
                       start_geometry.rows, start_geometry.cols, bench->geometry.rows,
                       bench->geometry.cols);
          return FALSE;
        }
      if (lh_wide_board_count_empty (bench->start, bench->geometry)
          == (guint) bench->geometry.rows * bench->geometry.cols)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               _("--start: the board has no tiles"));
          return FALSE;
        }
      if (!lh_cli_rules_for_board ("--start", rules, bench->geometry, bench->start, &bench->rules,
                                   error))
        return FALSE;
    }
  if (!lh_cli_search_options_check_geometry (search, bench->geometry, error))
    return FALSE;
  bench->versus_optimal = versus_optimal;
  if (versus_optimal && !lh_exact_geometry_check (bench->geometry, &too_large))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--versus-optimal: %s",
                   too_large->message);
      return FALSE;
    }
  bench->first_seed = lh_cli_search_options_get_seed (search);
  bench->n_games = (guint) n_games;
  bench->preset_name = lh_cli_search_options_get_preset_name (search);
  bench->weights_path = lh_cli_search_options_get_weights_path (search);
  return TRUE;
}

/* The part's "run": what every run has, and "versus_optimal": true with
 * --versus-optimal (absent without, as before the option). */
static JsonNode *
bench_run_json (const Bench *bench)
{
  JsonBuilder *builder = lh_cli_part_run_begin (&bench->params, bench->preset_name, bench->weights_path,
                                                bench->geometry, bench->first_seed,
                                                bench->n_games);

  if (bench->versus_optimal)
    {
      json_builder_set_member_name (builder, "versus_optimal");
      json_builder_add_boolean_value (builder, TRUE);
    }
  add_rules (builder, bench);
  add_start (builder, bench);
  return lh_cli_part_run_end (builder);
}

static void
print_results (const Bench *bench, guint n_jobs, gboolean json, const Summary *summary)
{
  if (json)
    print_json (bench, n_jobs, summary);
  else
    print_text (bench, n_jobs, summary);
}

int
lh_cli_bench_merge (const LhCliMerge *merge)
{
  const LhCliPart *first = lh_cli_merge_first_part (merge);
  g_auto(LhCliSearchOptions) search = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) run = NULL;
  g_autofree LhCliGameResult *results = NULL;
  g_autofree LhCliGameResult *optimal = NULL;
  Bench bench = { 0 };
  Summary summary;
  int n_games, rows, cols;
  gboolean versus_optimal = FALSE;
  const char *rules = NULL, *start = NULL;
  double expected_score = 0.0;

  lh_cli_search_options_init (&search, BENCH_SEARCH_FLAGS);
  if (!lh_cli_part_read_options (first, &search, "games", &n_games, &rows, &cols, &error))
    return lh_cli_failure ("%s", error->message);
  if (json_object_has_member (first->options, "versus_optimal"))
    {
      JsonNode *node = json_object_get_member (first->options, "versus_optimal");

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        return lh_cli_failure (_("%s: options.versus_optimal is not true or false"), first->path);
      versus_optimal = json_node_get_boolean (node);
    }
  if (json_object_has_member (first->options, "rules"))
    {
      JsonNode *node = json_object_get_member (first->options, "rules");

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        return lh_cli_failure (_("%s: options.rules is not a string"), first->path);
      rules = json_node_get_string (node);
    }
  if (json_object_has_member (first->options, "start"))
    {
      JsonNode *node = json_object_get_member (first->options, "start");

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        return lh_cli_failure (_("%s: options.start is not a string"), first->path);
      start = json_node_get_string (node);
    }
  if (!bench_settle (&bench, &search, n_games, rows, cols, rules, start, versus_optimal, &error))
    return lh_cli_failure ("%s: options: %s", first->path, error->message);
  run = bench_run_json (&bench);
  if (!lh_cli_part_check_run (first, run, &error))
    return lh_cli_failure ("%s", error->message);

  results = g_new0 (LhCliGameResult, bench.n_games);
  if (!lh_cli_merge_read_games (merge, NULL, 0, 0, bench.first_seed, bench.n_games, results,
                                &error))
    return lh_cli_failure ("%s", error->message);
  if (bench.versus_optimal)
    {
      JsonNode *node = lh_cli_part_get_member (first, first->root, NULL, "optimal_expected_score",
                                               JSON_NODE_VALUE, &error);

      if (node == NULL)
        return lh_cli_failure ("%s", error->message);
      expected_score = json_node_get_double (node);
      optimal = g_new0 (LhCliGameResult, bench.n_games);
      for (guint i = 0; i < merge->parts->len; i++)
        if (!lh_cli_part_read_games_member (g_ptr_array_index (merge->parts, i),
                                            ((LhCliPart *) g_ptr_array_index (merge->parts, i))->root,
                                            NULL, "optimal_games", bench.first_seed, bench.n_games,
                                            optimal, &error))
          return lh_cli_failure ("%s", error->message);
    }

  summarize (results, optimal, expected_score, bench.n_games, merge->seconds, &summary);
  print_results (&bench, merge->jobs, merge->json, &summary);
  return lh_cli_finish_output ();
}

/* Writes the shard's games as a part; with --versus-optimal, the optimal
 * games of the same seeds as "optimal_games". */
static int
write_part (const Bench              *bench,
            const LhCliSearchOptions *search,
            const LhCliShardOptions  *shard,
            guint                     n_jobs,
            const LhCliGameResult    *results,
            const LhCliGameResult    *optimal,
            double                    expected_score,
            double                    seconds)
{
  g_autoptr(JsonBuilder) builder = lh_cli_part_begin ("bench", &shard->shard, n_jobs);

  lh_cli_part_begin_options (builder, search, "games", bench->n_games, bench->geometry.rows,
                             bench->geometry.cols);
  if (bench->versus_optimal)
    {
      json_builder_set_member_name (builder, "versus_optimal");
      json_builder_add_boolean_value (builder, TRUE);
    }
  add_rules (builder, bench);
  add_start (builder, bench);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "run");
  json_builder_add_value (builder, bench_run_json (bench));
  lh_cli_part_add_games (builder, "games", &shard->shard, bench->first_seed, results,
                         lh_cli_shard_n_items (&shard->shard, bench->n_games));
  if (optimal != NULL)
    lh_cli_part_add_games (builder, "optimal_games", &shard->shard, bench->first_seed, optimal,
                           lh_cli_shard_n_items (&shard->shard, bench->n_games));
  if (optimal != NULL)
    lh_cli_json_add_double (builder, "optimal_expected_score", expected_score);
  return lh_cli_part_finish (builder, seconds, shard->out_path);
}

int
lh_cli_bench (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree LhCliGameResult *results = NULL;
  g_autofree LhCliGameResult *optimal = NULL;
  g_autoptr(LhExactSolution) solution = NULL;
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  g_auto(LhCliShardOptions) shard = { 0 };
  Summary summary;
  Bench bench = { 0 };
  Progress progress = { 0 };
  gboolean json = FALSE, versus_optimal = FALSE;
  g_autofree char *record_dir = NULL;
  g_autofree char *command_line = NULL;
  LhCliRecording recording = { 0 };
  double expected_score = 0.0;
  g_autofree char *rules = NULL;
  g_autofree char *start = NULL;
  LhCliGameStart game_start;
  int n_games = 10, n_jobs = 1, rows = 4, cols = 4;
  gboolean show_progress, ok;
  gint64 start_us;
  double seconds;
  int status;
  const GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games,
      N_("Number of games (default 10)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      N_("Worker threads playing games side by side, each with its own solver, 1 to 256 (default 1); each search may use --threads more"), N_("J") },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows,
      N_("Rows of the board, 2 to 5 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 5 (default 4)"), N_("C") },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules,
      N_("The rules: 2048 (two 32768s merge; boards with a side of 5 are played by it) or "
         "2048-32768 (tiles capped at 32768; the default up to 4×4)"), N_("RULES") },
    { "start", 0, 0, G_OPTION_ARG_STRING, &start,
      N_("Start every game from BOARD (tiles or hex form, the board of --rows and --cols), "
         "score 0, the spawns after it drawn from the game's seed"), N_("BOARD") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the statistics as JSON"), NULL },
    { "versus-optimal", 0, 0, G_OPTION_ARG_NONE, &versus_optimal,
      N_("Boards of at most 9 cells: measure every move's regret against the exact solution (expected score) and play the same seeds optimally beside"), NULL },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_dir,
      N_("Write every game's record into the folder DIR (created if needed), one file a game, game-SEED.json, for “lookahead-cli review” and the window's Open Game…"), N_("DIR") },
    { NULL }
  };

  lh_cli_search_options_init (&search, BENCH_SEARCH_FLAGS);
  heuristic_help = lh_cli_heuristic_help ();
  description = g_strconcat (
    _("Game i (0 ≤ i < N) starts from seed S + i and is played with the solver's\n"
      "move each turn until no move is legal; the randomised solvers search game i\n"
      "with a seed derived from S and i.  Each solver starts from its reference\n"
      "settings (the defaults above); only the options given change them, and an\n"
      "option the solver does not use is an error.\n"
      "\n"
      "--jobs plays games side by side (one solver each) and never changes the\n"
      "results.  --threads spreads each search's playouts (mcts, montecarlo,\n"
      "mdp-mc, hybrid) over threads: the results of montecarlo, mdp-mc and hybrid\n"
      "do not depend on it; mcts grows one tree per thread (root parallelisation,\n"
      "the iterations shared out), so its games depend on --threads, though never\n"
      "on --jobs or scheduling.  Up to jobs × threads threads run: keep that\n"
      "product at most the number of cores.  For many games --jobs scales best\n"
      "(no synchronisation); --threads shortens each move.\n"
      "\n"
      "Reported: the win rate (the share of games whose largest tile reached\n"
      "2048) and the shares for 2048 ... 32768; score mean, median, standard\n"
      "deviation (sample), min and max; the count of games by largest tile;\n"
      "moves per second (all moves / wall time, so it grows with --jobs); ms per\n"
      "move (mean search time per move, wall time of each search); nodes per\n"
      "second (all nodes / all search time); for the sampling solvers, playouts\n"
      "(and MCTS iterations) per move.  A progress line goes to standard error\n"
      "when it is a terminal.\n"
      "\n"
      "--record DIR writes each game's record (every move, who made it, its points\n"
      "and the spawn after it; docs/game-record.md) to DIR/game-SEED.json, for\n"
      "“lookahead-cli review” and the window's Open Game….\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli bench --games 20 --seed 1 --depth 2 --jobs 2\n"
      "  lookahead-cli bench --solver mcts --iterations 500 --games 10 --jobs 2\n"
      "  lookahead-cli bench --solver montecarlo --playouts 100 --playout-depth 20\n"
      "\n"
      "--versus-optimal (boards of at most 9 cells: 3×3, 2×4, 4×2 and smaller)\n"
      "measures every move the solver plays against perfect play, under the exact\n"
      "solver's default objective, the expected score: its regret is V*(s) −\n"
      "Q*(s, move), the points the move loses in expectation against optimal play\n"
      "from that position (0 for an optimal move); the moves played are the same as\n"
      "without the option.  Reported: the mean regret per move, the share of\n"
      "optimal moves (regret 0 up to 1e-9 of the position's value) and the regret\n"
      "per game (in expectation, optimal play's expected score minus the solver's).\n"
      "The exact solver then plays the same games (the same seeds, so the same\n"
      "spawn generator), shown beside: score mean and the shares of the top tiles.\n"
      "The solution comes from the user's cache (lookahead-cli solve), else it is\n"
      "solved first (3×3: about 15 s and 900 MB, then saved; 2×4: about 1 s).\n"
      "  lookahead-cli bench --rows 3 --cols 3 --depth 2 --games 20 --versus-optimal\n"
      "\n"
      "Shards: --shard I/N (I from 1 to N, N at most the games) plays only the\n"
      "games k with k mod N = I − 1, each exactly as the whole run plays it (its\n"
      "seed S + k), and writes them as a part file (JSON; --out FILE, else\n"
      "standard output) instead of the statistics.  “lookahead-cli merge” reads\n"
      "the N parts of a run (on any machine: a part needs no other file) and\n"
      "prints what one run prints, --json as well; its wall time and moves per\n"
      "second are those of the shards run one after another (their times\n"
      "summed), its jobs the largest shard's.  With --time-ms a game depends on\n"
      "the speed and load of the machine that plays it, in shards as in one run.\n"
      "  lookahead-cli bench --games 1000 --depth 2 --shard 3/8 --out part-3.json\n"
      "  lookahead-cli merge part-*.json\n"
      "\n"
      "With --json the output is one object with the keys games, solver, depth,\n"
      "adaptive, cutoff, transposition_table, threads, parameters {solver, and the\n"
      "options the solver uses, '_' for '-'}, heuristic {every heuristic parameter,\n"
      "keyed as below}, seed, jobs, rows, cols,\n"
      "reached {\"2048\": fraction, ...}, win_rate, score {mean, median, sd, min,\n"
      "max}, max_tile_counts {\"2048\": games, ...}, moves, moves_per_second,\n"
      "ms_per_move, playouts, iterations, playouts_per_move, iterations_per_move,\n"
      "nodes_per_second and seconds (wall time of the solver's games).  With\n"
      "--versus-optimal it adds versus_optimal {objective (\"score\"), regret (points,\n"
      "all moves), regret_per_move, regret_per_game, optimal_moves,\n"
      "optimal_move_share, reached {\"2\": fraction, ... up to the largest tile of\n"
      "either side}, optimal {games, expected_score (optimal play's from the\n"
      "start), score {mean, median, sd, min, max}, reached, max_tile_counts,\n"
      "moves, ms_per_move}}."),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);
  lh_cli_shard_options_add_entries (&shard, context);

  {
    g_autofree char *arguments = g_strjoinv (" ", argv);
    command_line = g_strconcat ("lookahead-cli ", arguments, NULL);
  }
  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (!lh_cli_games_check_options ("--games", n_games, n_jobs, rows, cols, &error) ||
      !bench_settle (&bench, &search, n_games, rows, cols, rules, start, versus_optimal, &error) ||
      !lh_cli_shard_options_check (&shard, "--games", (guint) n_games, &error))
    return lh_cli_usage_error ("%s", error->message);

  if (record_dir != NULL)
    {
      if (g_mkdir_with_parents (record_dir, 0777) != 0)
        {
          int saved_errno = errno;
          g_autofree char *name = g_filename_display_name (record_dir);

          return lh_cli_failure (_("--record: cannot create the folder “%s”: %s"), name,
                                 g_strerror (saved_errno));
        }
      recording = (LhCliRecording) { record_dir, command_line };
    }

  results = g_new0 (LhCliGameResult, lh_cli_shard_n_items (&shard.shard, bench.n_games));
  show_progress = isatty (STDERR_FILENO);

  start_us = g_get_monotonic_time ();
  if (bench.versus_optimal)
    {
      /* Before the clock's reading matters: a first solve takes seconds. */
      solution = lh_cli_regret_solution (bench.geometry, &error);
      if (solution == NULL)
        return lh_cli_failure (_("the bench failed: %s"), error->message);
      expected_score = lh_exact_solution_get_start_value (solution);
      start_us = g_get_monotonic_time ();
    }
  game_start = (LhCliGameStart) { bench.rules, bench.start };
  ok = lh_cli_games_play_measured (&bench.params, bench.geometry, &game_start, bench.first_seed,
                                   bench.n_games,
                                   &shard.shard, (guint) n_jobs, solution,
                                   record_dir != NULL ? &recording : NULL, results,
                                   show_progress ? report_progress : NULL, &progress, &error);
  if (show_progress)
    fputs ("\r\033[K", stderr);
  /* The solver's games only: the optimal ones have their own ms per move. */
  seconds = (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC;
  if (ok && bench.versus_optimal)
    {
      LhSolverParams optimal_params;

      /* The same games (seeds, shard) played by the exact solver. */
      lh_cli_regret_optimal_params (&optimal_params);
      optimal = g_new0 (LhCliGameResult, lh_cli_shard_n_items (&shard.shard, bench.n_games));
      ok = lh_cli_games_play (&optimal_params, bench.geometry, bench.first_seed, bench.n_games,
                              &shard.shard, (guint) n_jobs, optimal, NULL, NULL, &error);
    }
  if (!ok)
    return lh_cli_failure (_("the bench failed: %s"), error->message);

  if (shard.active)
    return write_part (&bench, &search, &shard, (guint) n_jobs, results, optimal, expected_score,
                       seconds);

  summarize (results, optimal, expected_score, bench.n_games, seconds, &summary);
  print_results (&bench, (guint) n_jobs, json, &summary);
  return lh_cli_finish_output ();
}
