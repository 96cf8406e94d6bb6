/* bench-review.c: the calibration and speed figures of the review of a game
 * (lh-game-review.h), not a test.
 *
 * Plays games on 4x4 with fixed seeds: by the AI (expectimax at --depth,
 * with the shipped network and with the heuristic's Balanced preset) and
 * at random; reviews each with the default reviewer (expectimax at depth 2
 * with the shipped network, on --jobs threads) and prints per player: the
 * mean accuracy (and its range), the share of moves with a choice in each
 * class, the share of lucky and unlucky spawns, the largest |identity
 * gap| (F_0 - sum e + sum l - F_n, which must be 0 to rounding), and the
 * mean luck per move with its standard error over all moves.
 *
 * Then the speed: the first 1,000 moves of the first network game reviewed
 * on --jobs threads, wall time (median of 5), and the network's load time.
 *
 *   ./build/benchmarks/bench-review --games 100 --random-games 100 --jobs 2
 */
#include <math.h>
#include <stdio.h>
#include <glib.h>

#include "lh-game-review.h"
#include "lh-ntuple-file.h"

typedef struct {
  const char *name;
  guint       games;
  guint64     moves;
  guint64     choices;
  double      accuracy_sum;
  double      accuracy_min;
  double      accuracy_max;
  guint64     error_counts[LH_N_ERROR_CLASSES];
  guint64     luck_counts[LH_N_LUCK_CLASSES];
  double      max_gap;
  double      luck_sum;
  double      luck_square_sum;
  double      score_sum;
  double      start_outcome_sum;
  GArray     *scaled;   /* error_scaled of every move with a choice */
  double      drift_sum;
  double      error_sum;
} Tally;

static LhGameRecord *
play (LhSolver *solver, guint64 seed)
{
  g_autoptr(LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, seed);
  LhRng rng;

  lh_rng_init (&rng, seed ^ 0xabcdef);
  while (!lh_game_is_over (game))
    {
      LhBoard board = lh_game_get_board (game);
      LhMove move;

      if (solver != NULL)
        {
          LhSolverResult result;

          if (!lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, &result, NULL))
            g_error ("a search failed");
          move = (LhMove) result.move;
        }
      else
        do
          move = (LhMove) (lh_rng_next (&rng) % LH_N_MOVES);
        while (lh_board_move (board, LH_GEOMETRY_DEFAULT, move, NULL) == board);
      lh_game_move_by (game, move, solver != NULL ? LH_PLAYER_AI : LH_PLAYER_PERSON, NULL, NULL);
    }
  return lh_game_record_new_from_game (game);
}

static void
tally_review (Tally *tally, LhGameReview *review)
{
  LhReviewSummary s;
  guint n;

  lh_game_review_summarize (review, &s);
  n = s.n_moves;
  tally->games++;
  tally->moves += n;
  tally->choices += s.n_with_choice;
  tally->accuracy_sum += s.accuracy;
  tally->accuracy_min = tally->games == 1 ? s.accuracy : MIN (tally->accuracy_min, s.accuracy);
  tally->accuracy_max = tally->games == 1 ? s.accuracy : MAX (tally->accuracy_max, s.accuracy);
  for (guint c = 0; c < LH_N_ERROR_CLASSES; c++)
    tally->error_counts[c] += s.error_counts[c];
  for (guint c = 0; c < LH_N_LUCK_CLASSES; c++)
    tally->luck_counts[c] += s.luck_counts[c];
  tally->max_gap = MAX (tally->max_gap, fabs (s.identity_gap));
  tally->score_sum += (double) s.final_score;
  tally->start_outcome_sum += s.start_outcome;
  for (guint i = 0; i < n; i++)
    {
      LhReviewMove move;

      lh_game_review_get_move (review, i, &move);
      if (move.n_legal > 1)
        g_array_append_val (tally->scaled, move.error_scaled);
      tally->luck_sum += move.spawn_luck;
      tally->luck_square_sum += move.spawn_luck * move.spawn_luck;
      tally->drift_sum += move.drift;
      tally->error_sum += move.error;
    }
}

static void
print_tally (const Tally *t)
{
  double k = (double) t->moves;
  double mean = t->luck_sum / k;
  double sd = sqrt (MAX (0.0, (t->luck_square_sum - k * mean * mean) / (k - 1)));
  double choices = (double) MAX (t->choices, 1);

  printf ("| %s | %u | %" G_GUINT64_FORMAT " | %.0f | %.1f (%.1f–%.1f) | %.1f %% | %.2f / %.2f / %.2f %% "
          "| %.2f / %.2f %% | %.2f / %.2f %% | %.2g | %.1f ± %.1f | %.1f | %.1f |\n",
          t->name, t->games, t->moves, t->score_sum / t->games, t->accuracy_sum / t->games,
          t->accuracy_min, t->accuracy_max,
          100.0 * t->error_counts[LH_ERROR_NONE] / choices,
          100.0 * t->error_counts[LH_ERROR_INACCURACY] / choices,
          100.0 * t->error_counts[LH_ERROR_MISTAKE] / choices,
          100.0 * t->error_counts[LH_ERROR_BLUNDER] / choices,
          100.0 * t->luck_counts[LH_LUCK_LUCKY] / k, 100.0 * t->luck_counts[LH_LUCK_VERY_LUCKY] / k,
          100.0 * t->luck_counts[LH_LUCK_UNLUCKY] / k, 100.0 * t->luck_counts[LH_LUCK_VERY_UNLUCKY] / k,
          t->max_gap, mean, sd / sqrt (k), t->drift_sum / k, t->error_sum / k);
  fflush (stdout);
}

static int
compare_doubles (const void *a, const void *b)
{
  double d = *(const double *) a - *(const double *) b;

  return (d > 0) - (d < 0);
}

int
main (int argc, char **argv)
{
  int n_games = 100, n_random = 100, depth = 3, jobs = 2;
  gint64 seed = 1;
  g_autofree char *network_path = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new ("— the review's calibration and speed");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) network = NULL;
  LhSolverParams reviewer, network_player, heuristic_player;
  const GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games, "AI games of each player (default 100)", "N" },
    { "random-games", 0, 0, G_OPTION_ARG_INT, &n_random, "Random games (default 100)", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, "The AI players' depth (default 3)", "D" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "First seed (default 1)", "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, "The review's threads (default 2)", "J" },
    { "network", 0, 0, G_OPTION_ARG_FILENAME, &network_path, "The network (default the shipped one)", "FILE" },
    { NULL }
  };
  gint64 start;
  double load_ms;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (network_path == NULL)
    network_path = lh_ntuple_file_get_shipped_path ();
  start = g_get_monotonic_time ();
  network = lh_ntuple_file_load (network_path, NULL, &error);
  load_ms = (g_get_monotonic_time () - start) / 1000.0;
  if (network == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  lh_solver_params_init_default (&reviewer);
  reviewer.evaluator = LH_EVALUATOR_NTUPLE;
  reviewer.network = network;
  reviewer.depth = 2;
  network_player = reviewer;
  network_player.depth = (guint) depth;
  lh_solver_params_init_default (&heuristic_player);
  heuristic_player.depth = (guint) depth;

  printf ("Reviewer: expectimax depth 2, network %s; %d threads\n\n", network_path, jobs);
  printf ("| player | games | moves | mean score | accuracy mean (range) | no class | "
          "inaccuracy / mistake / blunder | lucky / very lucky | unlucky / very unlucky | "
          "max identity gap | mean spawn luck per move ± SE | mean drift per move | mean error per move |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");

  {
    struct { const char *name; const LhSolverParams *params; int games; } players[] = {
      { "AI, network", &network_player, n_games },
      { "AI, Balanced", &heuristic_player, n_games },
      { "random", NULL, n_random },
    };
    g_autoptr(LhGameRecord) speed_record = NULL;

    for (guint p = 0; p < G_N_ELEMENTS (players); p++)
      {
        g_autoptr(LhSolver) solver = NULL;
        Tally tally = { .name = players[p].name };

        tally.scaled = g_array_new (FALSE, FALSE, sizeof (double));

        if (players[p].params != NULL && (solver = lh_solver_new (players[p].params, &error)) == NULL)
          {
            g_printerr ("%s\n", error->message);
            return 1;
          }
        for (int g = 0; g < players[p].games; g++)
          {
            g_autoptr(LhGameRecord) record = play (solver, (guint64) seed + (guint64) g);
            g_autoptr(LhGameReview) review = lh_game_review_new (record, &reviewer);

            if (!lh_game_review_run (review, (guint) jobs, NULL, NULL, NULL, &error))
              {
                g_printerr ("%s\n", error->message);
                return 1;
              }
            tally_review (&tally, review);
            if (p == 0 && speed_record == NULL && lh_game_record_get_n_moves (record) >= 1000)
              speed_record = lh_game_record_ref (record);
          }
        if (tally.games > 0)
          print_tally (&tally);
        {
          double *d = (double *) (gpointer) tally.scaled->data;
          guint k = tally.scaled->len;
          double sum = 0;

          qsort (d, k, sizeof *d, compare_doubles);
          for (guint i = 0; i < k; i++)
            sum += d[i];
          printf ("  error on the class scale: mean %.3f, median %.3f, p90 %.3f, p99 %.3f\n",
                  sum / k, d[k / 2], d[k * 9 / 10], d[k * 99 / 100]);
        }
        g_array_unref (tally.scaled);
      }

    /* Speed: the first 1,000 moves of a network game. */
    if (speed_record != NULL)
      {
        g_autoptr(LhGameRecord) cut = NULL;
        g_autofree LhGameStep *steps = g_new (LhGameStep, 1000);
        double times[5];

        for (guint i = 0; i < 1000; i++)
          steps[i] = *lh_game_record_get_step (speed_record, i);
        cut = lh_game_record_new (LH_GEOMETRY_DEFAULT, lh_game_record_get_rules (speed_record),
                                  lh_game_record_get_wide_board (speed_record, 0), 0,
                                  steps, 1000, &error);
        g_assert_no_error (error);
        for (guint r = 0; r < G_N_ELEMENTS (times); r++)
          {
            g_autoptr(LhGameReview) review = lh_game_review_new (cut, &reviewer);

            start = g_get_monotonic_time ();
            lh_game_review_run (review, (guint) jobs, NULL, NULL, NULL, NULL);
            times[r] = (g_get_monotonic_time () - start) / 1000.0;
          }
        qsort (times, G_N_ELEMENTS (times), sizeof times[0], compare_doubles);
        printf ("\nSpeed: a 1,000-move 4x4 game reviewed on %d threads in %.0f ms (median of 5; "
                "min %.0f, max %.0f); the network loads in %.0f ms\n",
                jobs, times[2], times[0], times[4], load_ms);
      }
  }
  return 0;
}
