/* lh-cli-games.c: whole games played by a solver on worker threads, and
 * their statistics; what `bench`, `sweep` and `tune` share. */

#include "lh-config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "lh-board-text.h"
#include "lh-cli-common.h"
#include "lh-cli-games.h"
#include "lh-cli-regret.h"
#include "lh-game.h"
#include "lh-game-record.h"
#include "lh-parallel.h"

G_STATIC_ASSERT (G_N_ELEMENTS (((LhCliGamesSummary *) NULL)->reached) == LH_WIDE_MAX_EXPONENT + 1);

typedef struct {
  LhSolverParams          params;
  LhGeometry              geometry;
  LhCliGameStart          start;
  guint64                 first_seed;
  const LhExactSolution  *solution;   /* (nullable): measure the moves against it */
  const LhCliRecording   *recording;  /* (nullable): write each game's record */
  LhCliShard              shard;      /* the games played: the shard's of the set */
  guint                   n_games;    /* the games played (the shard's) */
  LhCliGameResult        *results;    /* n_games slots, indexed by the shard's game */
  gint                    next_game;  /* atomic */
  gint                    failed;     /* atomic: stop taking games */
  LhCliGamesProgressFunc  progress;
  gpointer                user_data;

  GMutex                  lock;       /* protects the fields below */
  guint                   n_done;
  GError                 *error;      /* the first failure */
} Games;

static void
games_fail (Games *games, GError *error)
{
  g_atomic_int_set (&games->failed, TRUE);
  g_mutex_lock (&games->lock);
  if (games->error == NULL)
    games->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&games->lock);
}

char *
lh_cli_recording_path (const LhCliRecording *recording, guint64 seed)
{
  g_autofree char *name = g_strdup_printf ("game-%06" G_GUINT64_FORMAT ".json", seed);

  return g_build_filename (recording->dir, name, NULL);
}

static gboolean
write_record (const LhCliRecording *recording, const LhGame *game, guint64 seed, GError **error)
{
  g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
  g_autoptr(LhGameRecord) noted = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format_iso8601 (now);
  g_autofree char *source = g_strdup_printf ("%s (seed %" G_GUINT64_FORMAT ")",
                                             recording->source, seed);
  g_autofree char *path = lh_cli_recording_path (recording, seed);

  noted = lh_game_record_with_source (record, source, date);
  return lh_game_record_save (noted, path, error);
}

/* Plays game @index (of the whole set: its seed is first_seed + @index) to
 * the end.  Returns FALSE with @error on failure, or
 * FALSE without error when another worker failed and the games stop. */
static gboolean
play_game (Games           *games,
           LhSolver        *solver,
           guint            index,
           LhCliGameResult *out,
           GError         **error)
{
  g_autoptr(LhGame) game = NULL;
  LhCliGameResult result = { 0 };

  if (games->start.start == 0)
    game = lh_game_new_with_rules (games->geometry, games->start.rules, games->first_seed + index);
  else
    {
      LhRng rng;

      lh_rng_init (&rng, games->first_seed + index);
      game = lh_game_new_from_state (games->geometry, games->start.rules, games->start.start, 0, 0,
                                     &rng, NULL, NULL, 0);
    }

  while (!lh_game_is_over (game))
    {
      LhBoard narrow;
      gboolean holds = lh_game_narrow_holds (game, &narrow);
      LhSolverResult decision;

      if (g_atomic_int_get (&games->failed))
        return FALSE;

      /* The 64-bit search straight from the game's own 64-bit board while
       * it plays the board (a 1-ply bench spends a tenth of its time in the
       * conversion otherwise); lh_solver_search_wide() sends it there too. */
      if (holds
          ? !lh_solver_search (solver, narrow, games->geometry, NULL, NULL, NULL, &decision, error)
          : !lh_solver_search_wide (solver, lh_game_get_wide_board (game), games->geometry,
                                    games->start.rules, NULL, NULL, NULL, &decision, error))
        return FALSE;

      if (decision.move == LH_MOVE_NONE ||
          !lh_game_move_by (game, (LhMove) decision.move, LH_PLAYER_AI, NULL, NULL))
        {
          g_autofree char *hex = lh_wide_board_to_hex (lh_game_get_wide_board (game), games->geometry);
          g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, games->first_seed + index);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       /* TRANSLATORS: a solver bug; the first %s is the board in hex form,
                        * the second the game's seed */
                       _("the solver chose no legal move on board %s (game with seed %s)"),
                       hex, seed);
          return FALSE;
        }

      if (games->solution != NULL)
        {
          double regret;
          gboolean optimal;

          /* Read after the move: the solver's choice is already made.  A
           * solved geometry (at most 9 cells, the capped rules) is a 64-bit
           * board's: @narrow holds it. */
          if (!lh_cli_regret_of_move (games->solution, narrow, games->geometry,
                                      (LhMove) decision.move, &regret, &optimal, error))
            return FALSE;
          result.regret += regret;
          result.optimal_moves += optimal ? 1 : 0;
        }

      result.moves++;
      result.nodes += decision.nodes;
      result.playouts += decision.playouts;
      result.iterations += decision.iterations;
      result.search_ms += decision.elapsed_ms;
    }

  result.score = lh_game_get_score (game);
  result.max_tile = lh_game_get_max_tile (game);
  if (games->recording != NULL && !write_record (games->recording, game, games->first_seed + index,
                                                 error))
    return FALSE;
  *out = result;
  return TRUE;
}

static void
report_progress (Games *games, const LhCliGameResult *result)
{
  g_mutex_lock (&games->lock);
  games->n_done++;
  if (games->progress != NULL)
    games->progress (games->n_done, games->n_games, result, games->user_data);
  g_mutex_unlock (&games->lock);
}

static gpointer
worker (gpointer data)
{
  Games *games = data;
  g_autoptr(LhSolver) solver = NULL;
  /* Expectimax draws no random numbers: one solver (and table) for all games. */
  gboolean seeded = games->params.kind != LH_SOLVER_EXPECTIMAX;
  GError *error = NULL;

  while (!g_atomic_int_get (&games->failed))
    {
      guint slot = (guint) g_atomic_int_add (&games->next_game, 1);
      guint index;

      if (slot >= games->n_games)
        break;
      index = lh_cli_shard_item (&games->shard, slot);
      if (solver == NULL || seeded)
        {
          LhSolverParams params = games->params;

          if (seeded)
            params.seed = lh_parallel_task_seed (games->first_seed, index);
          g_clear_pointer (&solver, lh_solver_free);
          solver = lh_solver_new (&params, &error);
          if (solver == NULL)
            {
              games_fail (games, error);
              break;
            }
        }
      if (!play_game (games, solver, index, &games->results[slot], &error))
        {
          if (error != NULL)
            games_fail (games, error);
          break;
        }
      report_progress (games, &games->results[slot]);
    }
  return NULL;
}

gboolean
lh_cli_games_play (const LhSolverParams   *params,
                   LhGeometry              geometry,
                   guint64                 first_seed,
                   guint                   n_games,
                   const LhCliShard       *shard,
                   guint                   n_jobs,
                   LhCliGameResult        *results,
                   LhCliGamesProgressFunc  progress,
                   gpointer                user_data,
                   GError                **error)
{
  return lh_cli_games_play_measured (params, geometry, NULL, first_seed, n_games, shard, n_jobs,
                                     NULL, NULL, results, progress, user_data, error);
}

gboolean
lh_cli_games_play_measured (const LhSolverParams   *params,
                            LhGeometry              geometry,
                            const LhCliGameStart   *start,
                            guint64                 first_seed,
                            guint                   n_games,
                            const LhCliShard       *shard,
                            guint                   n_jobs,
                            const LhExactSolution  *solution,
                            const LhCliRecording   *recording,
                            LhCliGameResult        *results,
                            LhCliGamesProgressFunc  progress,
                            gpointer                user_data,
                            GError                **error)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  Games games = { 0 };
  gboolean ok;
  guint i;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (n_games >= 1, FALSE);
  g_return_val_if_fail (n_jobs >= 1, FALSE);
  g_return_val_if_fail (results != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  games.start = start != NULL ? *start : (LhCliGameStart) { lh_rules_default (geometry), 0 };
  g_return_val_if_fail (lh_rules_accept (games.start.rules, geometry, games.start.start), FALSE);

  games.params = *params;
  games.geometry = geometry;
  games.first_seed = first_seed;
  games.solution = solution;
  games.recording = recording;
  games.shard = shard != NULL ? *shard : (LhCliShard) { 1, 1 };
  games.n_games = lh_cli_shard_n_items (&games.shard, n_games);
  games.results = results;
  games.progress = progress;
  games.user_data = user_data;
  g_mutex_init (&games.lock);

  for (i = 0; i < MIN (n_jobs, games.n_games); i++)
    {
      GError *thread_error = NULL;
      GThread *thread = g_thread_try_new ("lh-games", worker, &games, &thread_error);

      if (thread == NULL)
        {
          games_fail (&games, thread_error);
          break;
        }
      g_ptr_array_add (threads, thread);
    }
  for (i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));

  ok = games.error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&games.error));
  g_mutex_clear (&games.lock);
  return ok;
}

void
lh_cli_games_summarize (const LhCliGameResult *results,
                        guint                  n_games,
                        LhCliGamesSummary     *summary)
{
  g_autofree double *scores = NULL;
  guint i, e;

  g_return_if_fail (results != NULL);
  g_return_if_fail (n_games >= 1);

  scores = g_new (double, n_games);
  *summary = (LhCliGamesSummary) { 0 };
  summary->n_games = n_games;

  for (i = 0; i < n_games; i++)
    {
      guint top = g_bit_storage (results[i].max_tile) - 1;

      scores[i] = (double) results[i].score;
      for (e = 0; e <= MIN (top, (guint) LH_WIDE_MAX_EXPONENT); e++)
        summary->reached[e]++;
    }

  /* GSL: mean, sample standard deviation (n - 1), median of sorted data. */
  gsl_sort (scores, 1, n_games);
  summary->mean = gsl_stats_mean (scores, 1, n_games);
  summary->sd = n_games > 1 ? gsl_stats_sd (scores, 1, n_games) : 0.0;
  summary->sem = summary->sd / sqrt ((double) n_games);
  summary->median = gsl_stats_median_from_sorted_data (scores, 1, n_games);
  summary->min = scores[0];
  summary->max = scores[n_games - 1];
}

gboolean
lh_cli_games_check_options (const char *games_option,
                            int         n_games,
                            int         n_jobs,
                            int         rows,
                            int         cols,
                            GError    **error)
{
  return lh_cli_check_int_range (games_option, n_games, 1, LH_CLI_MAX_GAMES, error)
         && lh_cli_check_int_range ("--jobs", n_jobs, 1, LH_CLI_MAX_JOBS, error)
         && lh_cli_check_int_range ("--rows", rows, LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE, error)
         && lh_cli_check_int_range ("--cols", cols, LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE, error);
}
