/* bench-speed: single-thread speed figures of the engine and of expectimax.
 *
 *   random games  full games of uniformly random legal moves (spawns included):
 *                 games/s and moves/s, the cost floor of any playout solver
 *   expectimax    nodes/s (player moves tried, nneonneo/2048-ai's moves_evaled)
 *                 and ms per move at a fixed depth, over the positions of
 *                 games played at that depth
 *   first search  what the window and a one-board `analyze` pay: a new
 *                 solver (its transposition table reserved) and its first
 *                 search (the heuristic's tables built, the table's pages
 *                 first touched), wall time, against the same search once
 *                 warm; the median of --fresh solvers
 *   cancel        how soon a search with two threads (depth 8 without
 *                 cutoff: hours of work) comes back after its GCancellable
 *                 is cancelled 30 ms in, the median and the worst of
 *                 --cancels searches (ARCHITECTURE.md's target: 10 ms, on
 *                 an idle machine; test-expectimax-parallel only checks
 *                 that the search stops)
 *
 * Usage: bench-speed [--seconds S] [--depth D] [--games N] [--seed S]
 * Figures, not tests: nothing here asserts a speed.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-rng.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static double opt_seconds = 3.0;
static int opt_depth = 3;
static int opt_games = 3;
static gint64 opt_seed = 1;
static int opt_fresh = 21;
static int opt_cancels = 11;

static const GOptionEntry entries[] = {
  { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &opt_seconds, "Time for the random-games figure (default 3)", "S" },
  { "depth", 0, 0, G_OPTION_ARG_INT, &opt_depth, "Expectimax depth in player moves (default 3)", "D" },
  { "games", 0, 0, G_OPTION_ARG_INT, &opt_games, "Games for the expectimax figure (default 3)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "First seed (default 1)", "S" },
  { "fresh", 0, 0, G_OPTION_ARG_INT, &opt_fresh, "Fresh solvers timed for the first-search figure (default 21)", "N" },
  { "cancels", 0, 0, G_OPTION_ARG_INT, &opt_cancels, "Cancelled searches for the cancel figure (default 11)", "N" },
  { NULL }
};

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The first-search figure: the median over @n fresh solvers of @params of
 * the wall time of lh_solver_new() and the first search of @board, and of
 * the same search repeated on the warm solver, in ms. */
static gboolean
time_fresh_solvers (const LhSolverParams *params, LhBoard board, int n, double *fresh_ms,
                    double *warm_ms, GError **error)
{
  g_autofree double *fresh = g_new (double, n);
  g_autofree double *warm = g_new (double, n);

  for (int i = 0; i < n; i++)
    {
      struct timespec a, b, c;
      LhSolverResult result;
      LhSolver *solver;
      gboolean ok;

      clock_gettime (CLOCK_MONOTONIC, &a);
      solver = lh_solver_new (params, error);
      if (solver == NULL)
        return FALSE;
      ok = lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, &result, error);
      clock_gettime (CLOCK_MONOTONIC, &b);
      ok = ok && lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, &result,
                                   error);
      clock_gettime (CLOCK_MONOTONIC, &c);
      lh_solver_free (solver);
      if (!ok)
        return FALSE;
      fresh[i] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
      warm[i] = (c.tv_sec - b.tv_sec) * 1e3 + (c.tv_nsec - b.tv_nsec) / 1e6;
    }
  qsort (fresh, (gsize) n, sizeof (double), compare_doubles);
  qsort (warm, (gsize) n, sizeof (double), compare_doubles);
  *fresh_ms = fresh[n / 2];
  *warm_ms = warm[n / 2];
  return TRUE;
}

/* The cancel figure: the median and the largest, over @n searches of
 * @board at depth 8 without cutoff with two threads, of the time from the
 * cancel to the search's return, in ms. */
static gboolean
time_cancels (LhBoard board, int n, double *median_ms, double *worst_ms, GError **error)
{
  g_autofree double *latency = g_new (double, n);
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;

  lh_solver_params_init_default (&params);
  params.depth = 8;
  params.probability_cutoff = 0;
  params.threads = 2;
  solver = lh_solver_new (&params, error);
  if (solver == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      g_autoptr (GError) search_error = NULL;
      LhSolverResult result;
      gint64 latency_us;

      lh_test_search_cancelled_after (solver, board, 30, &result, &latency_us, &search_error);
      if (!g_error_matches (search_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the search was not cancelled%s%s",
                       search_error != NULL ? ": " : "",
                       search_error != NULL ? search_error->message : "");
          return FALSE;
        }
      latency[i] = latency_us / 1e3;
    }
  qsort (latency, (gsize) n, sizeof (double), compare_doubles);
  *median_ms = latency[n / 2];
  *worst_ms = latency[n - 1];
  return TRUE;
}

/* A mid-game position: the 200th of the game of seed --seed played by
 * @solver (its last position when the game ends before). */
static LhBoard
mid_game_board (LhSolver *solver)
{
  g_autoptr (LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, (guint64) opt_seed);

  for (int i = 0; i < 200 && !lh_game_is_over (game); i++)
    {
      LhSolverResult result;

      if (!lh_solver_search (solver, lh_game_get_board (game), LH_GEOMETRY_DEFAULT, NULL, NULL,
                             NULL, &result, NULL))
        break;
      lh_game_move (game, (LhMove) result.move, NULL, NULL);
    }
  return lh_game_get_board (game);
}

/* Plays one game of random legal moves; returns the number of moves. */
static guint64
random_game (LhRng *rng, guint64 *score)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = lh_board_spawn (lh_board_spawn (0, g, rng), g, rng);
  guint64 moves = 0;

  for (;;)
    {
      LhBoard after[LH_N_MOVES];
      guint32 points[LH_N_MOVES];
      guint legal[LH_N_MOVES], n = 0, pick;

      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          after[m] = lh_board_move (board, g, (LhMove) m, &points[m]);
          if (after[m] != board)
            legal[n++] = m;
        }
      if (n == 0)
        return moves;
      pick = legal[lh_rng_below (rng, n)];
      *score += points[pick];
      board = lh_board_spawn (after[pick], g, rng);
      moves++;
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- Lookahead speed figures");
  g_autoptr (GError) error = NULL;
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  LhRng rng;
  guint64 games = 0, moves = 0, score = 0, nodes = 0, searches = 0;
  double search_ms = 0;
  gint64 start, end;
  LhBoard board = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-speed: %s\n", error->message);
      return 2;
    }
  lh_engine_init ();

  lh_rng_init (&rng, (guint64) opt_seed);
  start = g_get_monotonic_time ();
  do
    {
      moves += random_game (&rng, &score);
      games++;
      end = g_get_monotonic_time ();
    }
  while (end - start < (gint64) (opt_seconds * 1e6));
  printf ("random games: %" G_GUINT64_FORMAT " games in %.2f s: %.0f games/s, %.2f M moves/s,"
          " mean score %.0f\n",
          games, (end - start) / 1e6, games / ((end - start) / 1e6),
          moves / ((end - start) / 1e6) / 1e6, (double) score / games);

  lh_solver_params_init_default (&params);
  params.depth = (guint) opt_depth;
  solver = lh_solver_new (&params, &error);
  if (solver == NULL)
    {
      g_printerr ("bench-speed: %s\n", error->message);
      return 2;
    }
  for (int i = 0; i < opt_games; i++)
    {
      g_autoptr (LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, (guint64) opt_seed + i);

      while (!lh_game_is_over (game))
        {
          LhSolverResult result;

          if (!lh_solver_search (solver, lh_game_get_board (game), LH_GEOMETRY_DEFAULT, NULL,
                                 NULL, NULL, &result, &error))
            {
              g_printerr ("bench-speed: %s\n", error->message);
              return 1;
            }
          nodes += result.nodes;
          search_ms += result.elapsed_ms;
          searches++;
          lh_game_move (game, (LhMove) result.move, NULL, NULL);
        }
    }
  printf ("expectimax depth %d: %" G_GUINT64_FORMAT " searches, %.1f M nodes/s,"
          " %.3f ms per move (one thread)\n",
          opt_depth, searches, nodes / (search_ms / 1000.0) / 1e6, search_ms / searches);

  if (opt_fresh > 0 || opt_cancels > 0)
    board = mid_game_board (solver);
  if (opt_fresh > 0)
    {
      double fresh_ms, warm_ms;

      if (!time_fresh_solvers (&params, board, opt_fresh, &fresh_ms, &warm_ms, &error))
        {
          g_printerr ("bench-speed: %s\n", error->message);
          return 1;
        }
      printf ("first search of a fresh solver, depth %d: %.3f ms (solver made, heuristic built,"
              " search); the same search warm: %.3f ms (medians of %d)\n",
              opt_depth, fresh_ms, warm_ms, opt_fresh);
    }
  if (opt_cancels > 0)
    {
      double median_ms, worst_ms;

      if (!time_cancels (board, opt_cancels, &median_ms, &worst_ms, &error))
        {
          g_printerr ("bench-speed: %s\n", error->message);
          return 1;
        }
      printf ("cancel, two threads, depth 8 without cutoff: back %.2f ms after the cancel"
              " (median of %d), %.2f ms at worst\n", median_ms, opt_cancels, worst_ms);
    }
  return 0;
}
