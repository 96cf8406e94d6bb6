/* bench-downgrade: what tile-downgrading (Guei, Chen and Wu 2022;
 * TDL2048+'s -h; lh-ntuple-wide.h) does for an n-tuple network past 32768
 * on 4x4 (issue 28, item 5).
 *
 * A network trained on 4x4 never saw a tile above 32768.  Games start from
 * one position (--start, by default a 65536 with a 32768-to-32 snake below
 * it, so every game is past 32768 from its first move) and are played by
 * the original rules (two 32768s merge), 1-ply: each move the one with the
 * most points plus the network's value of its afterstate.  The afterstate
 * is valued three ways, the same games (seeds) for each:
 *   downgrade  lh_ntuple_evaluate_wide(): tiles past 32768 downgraded
 *   cap        every tile above 32768 read as 32768 (what a 64-bit board
 *              would hold): the naive reading
 *   heuristic  the Balanced heuristic on the wide board, for scale
 * and the share of games reaching each tile past the start's is printed
 * with the mean score and moves.
 *
 * Usage: bench-downgrade --weights FILE [--games N] [--seed S] [--start BOARD]
 * Figures, not tests.
 */
#include <glib.h>
#include <math.h>
#include <stdio.h>

#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-ntuple-file.h"
#include "lh-ntuple-wide.h"

static char *opt_weights = NULL;
static int opt_games = 200;
static gint64 opt_seed = 1;
static char *opt_start = NULL;

static const GOptionEntry entries[] = {
  { "weights", 0, 0, G_OPTION_ARG_FILENAME, &opt_weights, "A 4x4 network (.lhnet)", "FILE" },
  { "games", 0, 0, G_OPTION_ARG_INT, &opt_games, "Games per player (default 200)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "First seed (default 1)", "S" },
  { "start", 0, 0, G_OPTION_ARG_STRING, &opt_start, "The start (tiles or hex form, 4x4)", "BOARD" },
  { NULL }
};

typedef enum { PLAYER_DOWNGRADE, PLAYER_CAP, PLAYER_HEURISTIC, N_PLAYERS } Player;

static const char *const player_names[N_PLAYERS] = { "downgrade", "cap", "heuristic" };

typedef struct {
  const LhNtuple    *net;
  const LhHeuristic *heuristic;
} Evaluators;

/* @board with every tile above 32768 read as 32768. */
static LhBoard
capped (LhWideBoard board)
{
  LhBoard narrow = 0;

  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 4; c++)
      narrow = lh_board_set_cell (narrow, r, c, MIN (lh_wide_board_get_cell (board, r, c), 15u));
  return narrow;
}

static double
value (const Evaluators *e, Player player, LhWideBoard afterstate, guint64 points)
{
  switch (player)
    {
    case PLAYER_DOWNGRADE:
      return (double) points + lh_ntuple_evaluate_wide (e->net, afterstate);
    case PLAYER_CAP:
      return (double) points + lh_ntuple_evaluate (e->net, capped (afterstate));
    case PLAYER_HEURISTIC:
    case N_PLAYERS:
    default:
      return lh_heuristic_evaluate_wide (e->heuristic, afterstate);
    }
}

/* Plays one game from @start; returns its largest exponent. */
static guint
play (const Evaluators *e, Player player, LhWideBoard start, guint64 seed, double *score,
      guint64 *moves)
{
  LhRng rng;
  g_autoptr(LhGame) game = NULL;

  lh_rng_init (&rng, seed);
  game = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048, start, 0, 0, &rng, NULL, NULL, 0);
  while (!lh_game_is_over (game))
    {
      LhWideBoard board = lh_game_get_wide_board (game);
      double best = -INFINITY;
      int pick = -1;

      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          guint64 points = 0;
          LhWideBoard after = lh_rules_move (LH_RULES_2048, board, LH_GEOMETRY_DEFAULT, (LhMove) m,
                                             &points);
          double v;

          if (after == board)
            continue;
          v = value (e, player, after, points);
          if (v > best)
            best = v, pick = (int) m;
        }
      g_assert (pick >= 0);
      lh_game_move (game, (LhMove) pick, NULL, NULL);
      (*moves)++;
    }
  *score = (double) lh_game_get_score (game);
  return lh_wide_board_max_exponent (lh_game_get_wide_board (game));
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- tile-downgrading past 32768");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhHeuristic) heuristic = NULL;
  LhHeuristicParams params;
  LhWideBoard start;
  LhGeometry geometry;
  Evaluators e;
  g_autofree char *start_text = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || opt_weights == NULL
      || opt_games < 1)
    {
      fprintf (stderr, "%s\n", error != NULL ? error->message : "give --weights FILE");
      return 2;
    }
  lh_engine_init ();
  if (!lh_wide_board_parse (opt_start != NULL ? opt_start
                                              : "65536 32768 16384 8192/512 1024 2048 4096/"
                                                "256 128 64 32/0 0 2 16",
                            &start, &geometry, &error)
      || !lh_geometry_equal (geometry, LH_GEOMETRY_DEFAULT))
    {
      fprintf (stderr, "--start: %s\n", error != NULL ? error->message : "not a 4x4 board");
      return 2;
    }
  net = lh_ntuple_file_load (opt_weights, NULL, &error);
  if (net == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  lh_heuristic_params_init_default (&params);
  heuristic = lh_heuristic_new (&params, LH_GEOMETRY_DEFAULT);
  e = (Evaluators) { net, heuristic };
  start_text = lh_wide_board_to_tiles (start, geometry);

  printf ("start %s, %d games a player, seeds %" G_GINT64_FORMAT "-%" G_GINT64_FORMAT
          ", 1-ply, rules 2048\n",
          start_text, opt_games, opt_seed, opt_seed + opt_games - 1);
  printf ("%-10s %8s %8s %8s %20s %10s %8s\n", "player", "65536", "131072", "262144",
          "mean score (± sem)", "mean moves", "seconds");
  for (guint p = 0; p < N_PLAYERS; p++)
    {
      guint reached[LH_WIDE_MAX_EXPONENT + 1] = { 0 };
      guint64 moves = 0;
      double sum = 0, sum_sq = 0, mean, sem;
      gint64 t0 = g_get_monotonic_time ();

      for (int i = 0; i < opt_games; i++)
        {
          double score;
          guint top = play (&e, (Player) p, start, (guint64) (opt_seed + i), &score, &moves);

          sum += score;
          sum_sq += score * score;
          for (guint x = 0; x <= top; x++)
            reached[x]++;
        }
      mean = sum / opt_games;
      /* The standard error of the mean: the sample standard deviation / sqrt (n). */
      sem = opt_games > 1 ? sqrt (MAX (sum_sq - opt_games * mean * mean, 0) / (opt_games - 1)
                                  / opt_games)
                          : 0;
      printf ("%-10s %7.1f%% %7.1f%% %7.1f%% %11.0f ± %6.0f %10.0f %8.1f\n", player_names[p],
              100.0 * reached[16] / opt_games, 100.0 * reached[17] / opt_games,
              100.0 * reached[18] / opt_games, mean, sem,
              (double) moves / opt_games, (g_get_monotonic_time () - t0) / 1e6);
    }
  return 0;
}
