/* bench-playouts: speed of the sampling solvers' playouts (issue 4).
 *
 *   games/s      full random games from a new board (two spawned tiles) to
 *                game over, through lh_playout_jobs_run (the solvers' path),
 *                on --threads threads, for about --seconds seconds; with the
 *                average game length in moves
 *   solver rows  ms per move of pure Monte Carlo, MDP Monte Carlo and the
 *                hybrid, each at its defaults (lh_solver_params_init_default)
 *                on --threads threads, over --positions positions taken
 *                every 25 moves of a random game from --seed (random play
 *                keeps the boards young: the figures are for early and
 *                middle-game positions), with the playouts per second
 *
 * Usage: bench-playouts [--seconds 2] [--threads 1] [--positions 6]
 *                       [--seed 1] [--only games|montecarlo|mdp-mc|hybrid]
 * Figures, not tests: nothing here asserts a speed.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lh-board.h"
#include "lh-playout.h"
#include "lh-solver.h"

static double opt_seconds = 2;
static int opt_threads = 1;
static int opt_positions = 6;
static gint64 opt_seed = 1;
static char *opt_only = NULL;

static const GOptionEntry entries[] = {
  { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &opt_seconds, "Time spent on random games (default 2)", "S" },
  { "threads", 0, 0, G_OPTION_ARG_INT, &opt_threads, "Threads (default 1)", "N" },
  { "positions", 0, 0, G_OPTION_ARG_INT, &opt_positions, "Positions each solver decides (default 6)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "Seed (default 1)", "S" },
  { "only", 0, 0, G_OPTION_ARG_STRING, &opt_only, "Run only: games, montecarlo, mdp-mc or hybrid", "NAME" },
  { NULL }
};

static gboolean
wanted (const char *name)
{
  return opt_only == NULL || g_strcmp0 (opt_only, name) == 0;
}

static void
bench_games (void)
{
  LhPlayoutParams pp = { LH_PLAYOUT_RANDOM, 0, 1, LH_MEASURE_SCORE };
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhRng rng;
  LhBoard start;
  guint64 games = 0, stream = 0;
  LhPlayoutStats stats = { 0 };
  gint64 t0 = g_get_monotonic_time (), elapsed;

  lh_rng_init (&rng, (guint64) opt_seed);
  start = lh_board_spawn (0, g, &rng);
  do
    {
      LhPlayoutJob job;

      /* Spawn first: every game starts with two random tiles. */
      lh_playout_job_init (&job, start, TRUE, 1000, stream++);
      lh_playout_jobs_run (&pp, NULL, g, &job, 1, 0, job.n, (guint64) opt_seed,
                           (guint) opt_threads, NULL, 0, &stats);
      games += job.done;
      lh_playout_job_clear (&job);
      elapsed = g_get_monotonic_time () - t0;
    }
  while (elapsed < opt_seconds * 1e6);
  printf ("random games, %d thread%s: %.0f games/s (%" G_GUINT64_FORMAT " games in %.2f s, "
          "%.1f moves per game, %.1f M moves tried/s)\n",
          opt_threads, opt_threads == 1 ? "" : "s", games / (elapsed / 1e6), games,
          elapsed / 1e6, stats.moves / 4.0 / games, stats.moves / (elapsed / 1e6) / 1e6);
}

/* Positions every 25 moves of a random game. */
static GArray *
positions (guint n)
{
  GArray *boards = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhRng rng;
  LhBoard board;
  guint ply = 0;

  lh_rng_init (&rng, (guint64) opt_seed);
  board = lh_board_spawn (lh_board_spawn (0, g, &rng), g, &rng);
  while (boards->len < n)
    {
      guint legal = lh_board_legal_moves (board, g), pick;

      if (legal == 0)
        {
          board = lh_board_spawn (lh_board_spawn (0, g, &rng), g, &rng);
          continue;
        }
      if (ply > 0 && ply % 25 == 0)
        g_array_append_val (boards, board);
      do
        pick = lh_rng_below (&rng, LH_N_MOVES);
      while ((legal & (1u << pick)) == 0);
      board = lh_board_spawn (lh_board_move (board, g, (LhMove) pick, NULL), g, &rng);
      ply++;
    }
  return boards;
}

static void
bench_solver (LhSolverKind kind, GArray *boards)
{
  LhSolverParams params;
  g_autoptr (LhSolver) solver = NULL;
  g_autoptr (GError) error = NULL;
  guint64 playouts = 0;
  double total_ms = 0;

  lh_solver_params_init_default (&params);
  params.kind = kind;
  params.threads = (guint) opt_threads;
  params.seed = (guint64) opt_seed;
  solver = lh_solver_new (&params, &error);
  if (solver == NULL)
    {
      fprintf (stderr, "%s: %s\n", lh_solver_kind_to_string (kind), error->message);
      exit (1);
    }
  for (guint i = 0; i < boards->len; i++)
    {
      LhSolverResult result;
      gint64 t0 = g_get_monotonic_time ();

      if (!lh_solver_search (solver, g_array_index (boards, LhBoard, i), LH_GEOMETRY_DEFAULT,
                             NULL, NULL, NULL, &result, &error))
        {
          fprintf (stderr, "%s: %s\n", lh_solver_kind_to_string (kind), error->message);
          exit (1);
        }
      total_ms += (g_get_monotonic_time () - t0) / 1000.0;
      playouts += result.playouts;
    }
  printf ("%-10s %d thread%s: %8.2f ms/move, %7.0f playouts/move, %.0f playouts/s\n",
          lh_solver_kind_to_string (kind), opt_threads, opt_threads == 1 ? " " : "s",
          total_ms / boards->len, (double) playouts / boards->len,
          playouts / (total_ms / 1000.0));
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- playout and sampling-solver speed");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) boards = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  if (opt_threads < 1 || opt_threads > LH_MAX_THREADS || opt_positions < 1 || opt_seconds <= 0)
    {
      fprintf (stderr, "--threads must be 1 to %d, --positions and --seconds positive\n",
               LH_MAX_THREADS);
      return 2;
    }
  lh_engine_init ();
  if (wanted ("games"))
    bench_games ();
  boards = positions ((guint) opt_positions);
  if (wanted ("montecarlo"))
    bench_solver (LH_SOLVER_MONTE_CARLO, boards);
  if (wanted ("mdp-mc"))
    bench_solver (LH_SOLVER_MDP_MONTE_CARLO, boards);
  if (wanted ("hybrid"))
    bench_solver (LH_SOLVER_HYBRID, boards);
  return 0;
}
