/* lh-cli-bench.c: `lookahead-cli bench`, whole games played by a solver.
 *
 * Game i (0 <= i < N) is lh_game_new (geometry, seed + i) played with the
 * solver's move each turn until no move is legal.  The randomised solvers
 * search game i with the seed lh_parallel_task_seed (seed, i), so a game's
 * moves depend on the seed and i only.  Worker threads (--jobs) take games
 * from a shared counter, each with its own LhSolver; every game's result
 * lands in its own slot, so the statistics are computed in seed order and
 * do not depend on the number of jobs.  Each search may itself use --threads
 * threads for its playouts (MCTS's result depends on that count: one tree
 * per thread, lh-mcts.h), so a bench runs up to jobs x threads threads.
 * Statistics come from GSL; the metrics include 003's (win rate, score mean,
 * standard deviation, min, max, ms per move).
 */

#include "lh-config.h"

#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "lh-board-text.h"
#include "lh-cli-bench.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-table.h"
#include "lh-game.h"
#include "lh-parallel.h"

#define MAX_JOBS 256
#define MAX_GAMES 10000000

/* The milestones reported as "reached": 2048 to 32768 (exponents 11 to 15). */
#define FIRST_MILESTONE_EXPONENT 11

typedef struct {
  guint64 score;
  guint32 max_tile;
  guint64 moves;
  guint64 nodes;
  guint64 playouts;
  guint64 iterations;
  double  search_ms;   /* sum of the searches' elapsed_ms */
} GameResult;

typedef struct {
  LhSolverParams params;
  LhGeometry     geometry;
  guint64        first_seed;
  guint          n_games;
  GameResult    *results;      /* n_games slots, indexed by game */
  gint           next_game;    /* atomic */
  gint           failed;       /* atomic: stop taking games */
  gboolean       show_progress;

  GMutex         lock;         /* protects the fields below */
  guint          n_done;
  double         score_sum;
  GError        *error;        /* the first failure */
} Bench;

static void
bench_fail (Bench *bench, GError *error)
{
  g_atomic_int_set (&bench->failed, TRUE);
  g_mutex_lock (&bench->lock);
  if (bench->error == NULL)
    bench->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&bench->lock);
}

/* Plays game @index to the end.  Returns FALSE with @error on failure, or
 * FALSE without error when another worker failed and the bench stops. */
static gboolean
play_game (Bench      *bench,
           LhSolver   *solver,
           guint       index,
           GameResult *out,
           GError    **error)
{
  g_autoptr(LhGame) game = lh_game_new (bench->geometry, bench->first_seed + index);
  GameResult result = { 0 };

  while (!lh_game_is_over (game))
    {
      LhBoard board = lh_game_get_board (game);
      LhSolverResult decision;

      if (g_atomic_int_get (&bench->failed))
        return FALSE;

      if (!lh_solver_search (solver, board, bench->geometry, NULL, NULL, NULL,
                             &decision, error))
        return FALSE;

      if (decision.move == LH_MOVE_NONE ||
          !lh_game_move (game, (LhMove) decision.move, NULL, NULL))
        {
          g_autofree char *hex = lh_board_to_hex (board, bench->geometry);
          g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, bench->first_seed + index);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       /* TRANSLATORS: a solver bug; the first %s is the board in hex form,
                        * the second the game's seed */
                       _("the solver chose no legal move on board %s (game with seed %s)"),
                       hex, seed);
          return FALSE;
        }

      result.moves++;
      result.nodes += decision.nodes;
      result.playouts += decision.playouts;
      result.iterations += decision.iterations;
      result.search_ms += decision.elapsed_ms;
    }

  result.score = lh_game_get_score (game);
  result.max_tile = lh_game_get_max_tile (game);
  *out = result;
  return TRUE;
}

static void
report_progress (Bench *bench, const GameResult *result)
{
  g_mutex_lock (&bench->lock);
  bench->n_done++;
  bench->score_sum += (double) result->score;
  if (bench->show_progress)
    {
      /* TRANSLATORS: progress line: games done / games, mean score so far */
      fputc ('\r', stderr);
      fprintf (stderr, _("Games %u/%u, mean score %.0f"),
               bench->n_done, bench->n_games, bench->score_sum / bench->n_done);
      fputs ("\033[K", stderr);
    }
  g_mutex_unlock (&bench->lock);
}

static gpointer
worker (gpointer data)
{
  Bench *bench = data;
  g_autoptr(LhSolver) solver = NULL;
  /* Expectimax draws no random numbers: one solver (and table) for all games. */
  gboolean seeded = bench->params.kind != LH_SOLVER_EXPECTIMAX;
  GError *error = NULL;

  while (!g_atomic_int_get (&bench->failed))
    {
      guint index = (guint) g_atomic_int_add (&bench->next_game, 1);

      if (index >= bench->n_games)
        break;
      if (solver == NULL || seeded)
        {
          LhSolverParams params = bench->params;

          if (seeded)
            params.seed = lh_parallel_task_seed (bench->first_seed, index);
          g_clear_pointer (&solver, lh_solver_free);
          solver = lh_solver_new (&params, &error);
          if (solver == NULL)
            {
              bench_fail (bench, error);
              break;
            }
        }
      if (!play_game (bench, solver, index, &bench->results[index], &error))
        {
          if (error != NULL)
            bench_fail (bench, error);
          break;
        }
      report_progress (bench, &bench->results[index]);
    }
  return NULL;
}

/* Runs every game on @n_jobs threads.  Returns FALSE with @error on failure. */
static gboolean
bench_run (Bench *bench, guint n_jobs, GError **error)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  guint i;

  for (i = 0; i < n_jobs; i++)
    {
      GError *thread_error = NULL;
      GThread *thread = g_thread_try_new ("lh-bench", worker, bench, &thread_error);

      if (thread == NULL)
        {
          bench_fail (bench, thread_error);
          break;
        }
      g_ptr_array_add (threads, thread);
    }
  for (i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));

  if (bench->show_progress)
    fputs ("\r\033[K", stderr);

  if (bench->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&bench->error));
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  guint   n_games;
  guint   reached[LH_MAX_EXPONENT + 1];      /* games whose largest tile >= 2^e */
  guint   max_tile_counts[LH_MAX_EXPONENT + 1];
  double  mean, median, sd, min, max;
  guint64 moves;
  guint64 playouts;
  guint64 iterations;
  double  playouts_per_move;
  double  iterations_per_move;
  double  moves_per_second;  /* all games' moves / wall time: the bench's throughput */
  double  ms_per_move;       /* search time per move, ms (one thread's view) */
  double  nodes_per_second;  /* all nodes / all search time */
  double  wall_seconds;
} Summary;

static void
summarize (const GameResult *results,
           guint             n_games,
           double            wall_seconds,
           Summary          *summary)
{
  g_autofree double *scores = g_new (double, n_games);
  guint64 nodes = 0;
  double search_ms = 0.0;
  guint i, e;

  *summary = (Summary) { 0 };
  summary->n_games = n_games;
  summary->wall_seconds = wall_seconds;

  for (i = 0; i < n_games; i++)
    {
      guint top = g_bit_storage (results[i].max_tile) - 1;

      scores[i] = (double) results[i].score;
      summary->max_tile_counts[top]++;
      for (e = 1; e <= top; e++)
        summary->reached[e]++;
      summary->moves += results[i].moves;
      nodes += results[i].nodes;
      summary->playouts += results[i].playouts;
      summary->iterations += results[i].iterations;
      search_ms += results[i].search_ms;
    }

  /* GSL: mean, sample standard deviation (n - 1), median of sorted data. */
  gsl_sort (scores, 1, n_games);
  summary->mean = gsl_stats_mean (scores, 1, n_games);
  summary->sd = n_games > 1 ? gsl_stats_sd (scores, 1, n_games) : 0.0;
  summary->median = gsl_stats_median_from_sorted_data (scores, 1, n_games);
  summary->min = scores[0];
  summary->max = scores[n_games - 1];

  summary->moves_per_second = wall_seconds > 0.0 ? summary->moves / wall_seconds : 0.0;
  summary->ms_per_move = summary->moves > 0 ? search_ms / summary->moves : 0.0;
  summary->playouts_per_move = summary->moves > 0 ? (double) summary->playouts / summary->moves : 0.0;
  summary->iterations_per_move = summary->moves > 0 ? (double) summary->iterations / summary->moves : 0.0;
  summary->nodes_per_second = search_ms > 0.0 ? nodes / (search_ms / 1000.0) : 0.0;
}

static double
fraction (guint count, guint total)
{
  return total > 0 ? (double) count / total : 0.0;
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
  json_builder_add_int_value (builder, summary->n_games);
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
  json_builder_set_member_name (builder, "seed");
  json_builder_add_int_value (builder, (gint64) bench->first_seed);
  json_builder_set_member_name (builder, "jobs");
  json_builder_add_int_value (builder, n_jobs);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, bench->geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, bench->geometry.cols);

  json_builder_set_member_name (builder, "reached");
  json_builder_begin_object (builder);
  for (e = FIRST_MILESTONE_EXPONENT; e <= LH_MAX_EXPONENT; e++)
    {
      char key[16];

      g_snprintf (key, sizeof key, "%u", lh_tile_value (e));
      lh_cli_json_add_double (builder, key, fraction (summary->reached[e], summary->n_games));
    }
  json_builder_end_object (builder);
  lh_cli_json_add_double (builder, "win_rate",
                          fraction (summary->reached[FIRST_MILESTONE_EXPONENT], summary->n_games));

  json_builder_set_member_name (builder, "score");
  json_builder_begin_object (builder);
  lh_cli_json_add_double (builder, "mean", summary->mean);
  lh_cli_json_add_double (builder, "median", summary->median);
  lh_cli_json_add_double (builder, "sd", summary->sd);
  lh_cli_json_add_double (builder, "min", summary->min);
  lh_cli_json_add_double (builder, "max", summary->max);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "max_tile_counts");
  json_builder_begin_object (builder);
  for (e = 1; e <= LH_MAX_EXPONENT; e++)
    if (summary->max_tile_counts[e] > 0)
      {
        char key[16];

        g_snprintf (key, sizeof key, "%u", lh_tile_value (e));
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
  guint e;

  lh_cli_table_add_solver_params (settings, &bench->params);
  lh_cli_table_add (settings, "%s\t%u×%u", _("Board"), bench->geometry.rows, bench->geometry.cols);
  seeds = g_strdup_printf ("%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT,
                           bench->first_seed, bench->first_seed + summary->n_games - 1);
  lh_cli_table_add (settings, "%s\t%s", _("Seeds"), seeds);
  lh_cli_table_add (settings, "%s\t%u", _("Jobs"), n_jobs);
  lh_cli_table_print (settings);
  g_print ("\n");

  lh_cli_table_add (table, "%s\t%u", _("Games"), summary->n_games);
  /* TRANSLATORS: a row label: the share of games whose largest tile reached 2048 */
  lh_cli_table_add (table, "%s\t%.1f %%\t%u", _("Win rate"),
                    100.0 * fraction (summary->reached[FIRST_MILESTONE_EXPONENT], summary->n_games),
                    summary->reached[FIRST_MILESTONE_EXPONENT]);
  for (e = FIRST_MILESTONE_EXPONENT; e <= LH_MAX_EXPONENT; e++)
    {
      /* TRANSLATORS: a row label: the share of games whose largest tile reached %u */
      g_autofree char *label = g_strdup_printf (_("Reached %u"), lh_tile_value (e));

      lh_cli_table_add (table, "%s\t%.1f %%\t%u", label,
                        100.0 * fraction (summary->reached[e], summary->n_games),
                        summary->reached[e]);
    }
  lh_cli_table_add (table, "%s\t%.1f", _("Score mean"), summary->mean);
  lh_cli_table_add (table, "%s\t%.1f", _("Score median"), summary->median);
  lh_cli_table_add (table, "%s\t%.1f", _("Score standard deviation"), summary->sd);
  lh_cli_table_add (table, "%s\t%.0f", _("Score min"), summary->min);
  lh_cli_table_add (table, "%s\t%.0f", _("Score max"), summary->max);
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
  for (e = LH_MAX_EXPONENT; e >= 1; e--)
    if (summary->max_tile_counts[e] > 0)
      lh_cli_table_add (tiles, "%u\t%u\t%.1f %%", lh_tile_value (e), summary->max_tile_counts[e],
                        100.0 * fraction (summary->max_tile_counts[e], summary->n_games));
  lh_cli_table_print (tiles);

  g_print ("\n");
  /* TRANSLATORS: "Win rate (reached 2048): 85.0% (17 of 20 games)" */
  g_print (_("Win rate (reached 2048): %.1f%% (%u of %u games)\n"),
           100.0 * fraction (summary->reached[FIRST_MILESTONE_EXPONENT], summary->n_games),
           summary->reached[FIRST_MILESTONE_EXPONENT], summary->n_games);
}

int
lh_cli_bench (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree GameResult *results = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  Summary summary;
  Bench bench = { 0 };
  gboolean json = FALSE;
  int n_games = 10, n_jobs = 1, rows = 4, cols = 4;
  gint64 start_us;
  int status;
  const GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games,
      N_("Number of games (default 10)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      N_("Worker threads playing games side by side, each with its own solver, 1 to 256 (default 1); each search may use --threads more"), N_("J") },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows,
      N_("Rows of the board, 2 to 4 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols,
      N_("Columns of the board, 2 to 4 (default 4)"), N_("C") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the statistics as JSON"), NULL },
    { NULL }
  };

  lh_cli_search_options_init (&search, LH_CLI_SEARCH_GAME_SEED);
  context = lh_cli_command_context_new (command,
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
      "Examples:\n"
      "  lookahead-cli bench --games 20 --seed 1 --depth 2 --jobs 2\n"
      "  lookahead-cli bench --solver mcts --iterations 500 --games 10 --jobs 2\n"
      "  lookahead-cli bench --solver montecarlo --playouts 100 --playout-depth 20\n"
      "\n"
      "With --json the output is one object with the keys games, solver, depth,\n"
      "adaptive, cutoff, transposition_table, threads, parameters {solver, and the\n"
      "options the solver uses, '_' for '-'}, seed, jobs, rows, cols,\n"
      "reached {\"2048\": fraction, ...}, win_rate, score {mean, median, sd, min,\n"
      "max}, max_tile_counts {\"2048\": games, ...}, moves, moves_per_second,\n"
      "ms_per_move, playouts, iterations, playouts_per_move, iterations_per_move,\n"
      "nodes_per_second and seconds (wall time)."),
    entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (!lh_cli_check_int_range ("--games", n_games, 1, MAX_GAMES, &error) ||
      !lh_cli_check_int_range ("--jobs", n_jobs, 1, MAX_JOBS, &error) ||
      !lh_cli_check_int_range ("--rows", rows, LH_GEOMETRY_MIN_SIDE, LH_GEOMETRY_MAX_SIDE, &error) ||
      !lh_cli_check_int_range ("--cols", cols, LH_GEOMETRY_MIN_SIDE, LH_GEOMETRY_MAX_SIDE, &error) ||
      !lh_cli_search_options_to_params (&search, &bench.params, &error))
    return lh_cli_usage_error ("%s", error->message);

  bench.geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  bench.first_seed = lh_cli_search_options_get_seed (&search);
  bench.n_games = (guint) n_games;
  bench.results = results = g_new0 (GameResult, n_games);
  bench.show_progress = isatty (STDERR_FILENO);
  g_mutex_init (&bench.lock);

  start_us = g_get_monotonic_time ();
  if (!bench_run (&bench, MIN ((guint) n_jobs, bench.n_games), &error))
    {
      g_mutex_clear (&bench.lock);
      return lh_cli_failure (_("the bench failed: %s"), error->message);
    }
  g_mutex_clear (&bench.lock);

  summarize (results, bench.n_games,
             (g_get_monotonic_time () - start_us) / (double) G_USEC_PER_SEC, &summary);

  if (json)
    print_json (&bench, (guint) n_jobs, &summary);
  else
    print_text (&bench, (guint) n_jobs, &summary);

  return lh_cli_finish_output ();
}
