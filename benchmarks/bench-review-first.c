/* bench-review-first.c: how soon the window's review shows its first points.
 *
 * The window's Review page draws the graph from LhReview's "moves" list
 * (src/app/lh-review.h), which fills as the moves become known.  This
 * measures, for a 4x4 game played by the shipped network, the wall time
 * from lh_review_start() (what Review Game calls) to the first move in that
 * list, seen from the main loop as the window sees it: cold (the first
 * review of the process, which loads the shipped network) and warm (the
 * network kept).  The goal: within 0.5 s.
 *
 *   LOOKAHEAD_NETWORK_DIR=data/networks ./build-rel/benchmarks/bench-review-first [--moves N] [--runs N]
 */
#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>

#include "lh-game.h"
#include "lh-game-record.h"
#include "lh-ntuple-file.h"
#include "lh-review.h"
#include "lh-solver.h"

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* A game of up to @moves moves by the shipped network at 1 ply (greedy
 * afterstate values), seed 1. */
static LhGameRecord *
network_game (guint moves)
{
  g_autofree char *path = lh_ntuple_file_get_shipped_path ();
  g_autoptr(GError) error = NULL;
  LhNtuple *network = lh_ntuple_file_load (path, NULL, &error);
  LhGame *game = lh_game_new (LH_GEOMETRY_DEFAULT, 1);
  LhSolverParams params;
  LhGameRecord *record;

  if (network == NULL)
    {
      g_printerr ("bench-review-first: %s\n", error->message);
      exit (1);
    }
  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXPECTIMAX;
  params.depth = 1;
  params.evaluator = LH_EVALUATOR_NTUPLE;
  params.network = network;
  {
    g_autoptr(LhSolver) solver = lh_solver_new (&params, NULL);

    for (guint i = 0; solver != NULL && i < moves && !lh_game_is_over (game); i++)
      {
        LhSolverResult result;

        if (!lh_solver_search (solver, lh_game_get_board (game), lh_game_get_geometry (game), NULL, NULL,
                               NULL, &result, NULL)
            || result.move == LH_MOVE_NONE)
          break;
        lh_game_move_by (game, (LhMove) result.move, LH_PLAYER_AI, NULL, NULL);
      }
  }
  record = lh_game_record_new_from_game (game);
  lh_game_free (game);
  lh_ntuple_unref (network);
  return record;
}

/* Seconds from the start of a review to its first known move. */
static double
time_to_first (LhGameRecord *record)
{
  g_autoptr(LhReview) review = lh_review_new ();
  LhSolverParams params;
  gint64 start;

  lh_review_default_params (lh_game_record_get_geometry (record), 2, &params);
  start = g_get_monotonic_time ();
  lh_review_start (review, record, &params);
  while (g_list_model_get_n_items (lh_review_get_moves (review)) == 0)
    g_main_context_iteration (NULL, TRUE);
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (int argc, char **argv)
{
  int moves = 1000, runs = 9;
  GOptionEntry entries[] = {
    { "moves", 0, 0, G_OPTION_ARG_INT, &moves, "Moves of the game reviewed (at most; default 1000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Warm runs (default 9)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time to the review's first points");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGameRecord) record = NULL;
  double cold, *warm;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || moves < 1 || runs < 1)
    {
      g_printerr ("bench-review-first: %s\n", error != NULL ? error->message : "--moves and --runs must be >= 1");
      return 2;
    }
  record = network_game ((guint) moves);
  cold = time_to_first (record);
  warm = g_new (double, runs);
  for (int i = 0; i < runs; i++)
    warm[i] = time_to_first (record);
  qsort (warm, (size_t) runs, sizeof *warm, compare_double);
  printf ("game: %u moves (4x4, the shipped network at 1 ply, seed 1); reviewer: expectimax depth 2 + network\n",
          lh_game_record_get_n_moves (record));
  printf ("first points: cold (loads the network) %.0f ms; warm median %.1f ms (min %.1f, max %.1f, %d runs)\n",
          cold * 1e3, warm[runs / 2] * 1e3, warm[0] * 1e3, warm[runs - 1] * 1e3, runs);
  g_free (warm);
  return 0;
}
