/* test-game-review.c: the analysis of a whole game (lh-game-review.h).
 *
 * - the identity F_0 - sum e + sum l = F_n in every game, with the exact
 *   solver (2x3, 2x4; 3x3 with LOOKAHEAD_TEST_3X3) and with the network
 *   on 4x4;
 * - with the exact solver, each error is the move's regret against the
 *   exact solution, V*(s) - Q*(s, m), and exactly 0 for the best move;
 * - the tile objective reads in percentage points of the chance;
 * - games on 5x5 and past 32768 on 4x4, reviewed by the solver that played
 *   them: its own moves cost 0;
 * - the summary's counts, largest errors and turning point agree with the
 *   moves; the runner's values do not depend on its threads; a cancelled
 *   run stops and says so.
 */
#include <math.h>
#include <glib.h>

#include "lh-board-text.h"
#include "lh-exact.h"
#include "lh-exact-cache.h"
#include "lh-game-review.h"
#include "lh-ntuple-file.h"
#include "lh-test-util.h"

/* A game played by random legal moves (@solver NULL) or by @solver. */
static LhGameRecord *
play_record (LhGeometry geometry, guint64 seed, LhSolver *solver, guint max_moves)
{
  g_autoptr(LhGame) game = lh_game_new (geometry, seed);
  LhRng rng;

  lh_rng_init (&rng, seed * 7 + 1);
  for (guint i = 0; i < max_moves && !lh_game_is_over (game); i++)
    {
      LhMove move;

      if (solver != NULL)
        {
          LhSolverResult result;

          g_assert_true (lh_solver_search (solver, lh_game_get_board (game), geometry, NULL, NULL,
                                           NULL, &result, NULL));
          move = (LhMove) result.move;
        }
      else
        do
          move = (LhMove) (lh_rng_next (&rng) % LH_N_MOVES);
        while (lh_board_move (lh_game_get_board (game), geometry, move, NULL)
               == lh_game_get_board (game));
      g_assert_true (lh_game_move_by (game, move, solver != NULL ? LH_PLAYER_AI : LH_PLAYER_PERSON,
                                      NULL, NULL));
    }
  return lh_game_record_new_from_game (game);
}

static LhGameReview *
review_game (LhGameRecord *record, const LhSolverParams *params, guint threads)
{
  LhGameReview *review = lh_game_review_new (record, params);
  g_autoptr(GError) error = NULL;

  g_assert_true (lh_game_review_run (review, threads, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return review;
}

/* The identity, to rounding: sums of n values of size F_0. */
static void
assert_identity (LhGameReview *review)
{
  LhReviewSummary summary;
  double tolerance;

  lh_game_review_summarize (review, &summary);
  g_assert_cmpuint (summary.n_reviewed, ==, summary.n_moves);
  tolerance = 1e-9 * (summary.n_moves + 1) * MAX (1.0, fabs (summary.start_outcome)
                                                   + summary.total_error + fabs (summary.total_luck));
  g_assert_false (isnan (summary.identity_gap));
  g_assert_cmpfloat (fabs (summary.identity_gap), <=, tolerance);
  g_assert_cmpfloat (fabs (summary.start_outcome - summary.total_error + summary.total_luck
                           - summary.end_outcome), <=, tolerance);
}

/* Exact solver: the identity, errors as regrets, 0 for the best move. */
static void
check_exact (LhGeometry geometry, guint n_games)
{
  LhSolverParams params;
  LhExactRules rules;
  g_autoptr(LhExactSolution) solution = NULL;
  g_autoptr(LhSolver) player = lh_test_expectimax_solver_new (2, 0.0, TRUE, 1, NULL);
  guint best_played = 0;

  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXACT;
  g_assert_true (lh_exact_params_get_rules (&params.exact, &rules, NULL));
  solution = lh_exact_cache_get (geometry, &rules, 2, NULL, NULL, NULL, NULL);
  g_assert_nonnull (solution);

  for (guint64 g = 0; g < n_games; g++)
    {
      g_autoptr(LhGameRecord) record = play_record (geometry, 100 + g, g % 2 ? player : NULL, 5000);
      g_autoptr(LhGameReview) review = review_game (record, &params, 2);
      guint n = lh_game_record_get_n_moves (record);
      LhReviewSummary summary;
      double v0;

      g_assert_cmpint (lh_game_review_get_unit (review), ==, LH_REVIEW_UNIT_POINTS);
      assert_identity (review);
      lh_game_review_summarize (review, &summary);
      /* A finished game from score 0: its score = V(s_0) - sum e + sum l. */
      g_assert_true (lh_game_record_is_over (record));
      g_assert_cmpfloat (summary.end_value, ==, 0.0);
      g_assert_cmpfloat (summary.end_outcome, ==, (double) summary.final_score);
      g_assert_true (lh_exact_solution_position_value (solution, lh_game_record_get_board (record, 0),
                                                       &v0));
      g_assert_cmpfloat_with_epsilon (summary.start_value, v0, 1e-9 * MAX (1.0, v0));

      for (guint i = 0; i < n; i++)
        {
          LhReviewMove move;
          gboolean legal[LH_N_MOVES];
          double values[LH_N_MOVES], v;

          g_assert_true (lh_game_review_get_move (review, i, &move));
          g_assert_true (lh_exact_solution_move_values (solution, lh_game_record_get_board (record, i),
                                                        legal, values));
          lh_assert_cmpwide (move.board, lh_game_record_get_wide_board (record, i));
          v = values[lh_exact_best_move (legal, values)];
          g_assert_cmpfloat_with_epsilon (move.error, v - values[move.played], 1e-9 * MAX (1.0, v));
          g_assert_cmpfloat (move.error, >=, 0.0);
          if (values[move.played] == v)
            {
              g_assert_cmpfloat (move.error, ==, 0.0);
              g_assert_cmpint (move.error_class, ==, LH_ERROR_NONE);
              best_played++;
            }
          else
            g_assert_cmpfloat (move.error, >, 0.0);
          g_assert_cmpint (move.best, ==, lh_exact_best_move (legal, values));
        }
    }
  g_assert_cmpuint (best_played, >, 0);
}

static void
test_exact_small (void)
{
  check_exact ((LhGeometry) { 2, 3 }, 12);
  check_exact ((LhGeometry) { 2, 4 }, 6);
}

static void
test_exact_3x3 (void)
{
  if (!g_test_slow () && g_getenv ("LOOKAHEAD_TEST_3X3") == NULL)
    {
      g_test_skip ("3x3 takes 15 s and 900 MB: run with -m slow or LOOKAHEAD_TEST_3X3=1");
      return;
    }
  check_exact ((LhGeometry) { 3, 3 }, 4);
}

/* The tile objective: a chance, errors and luck in percentage points. */
static void
test_tile_objective (void)
{
  LhGeometry geometry = { 2, 3 };
  LhSolverParams params;

  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXACT;
  params.exact.objective = LH_EXACT_OBJECTIVE_TILE;
  params.exact.target = 64;
  for (guint64 g = 0; g < 8; g++)
    {
      g_autoptr(LhGameRecord) record = play_record (geometry, 300 + g, NULL, 5000);
      g_autoptr(LhGameReview) review = review_game (record, &params, 1);
      LhReviewSummary summary;
      guint n = lh_game_record_get_n_moves (record);
      gboolean reached = lh_board_max_exponent (lh_game_record_get_board (record, n)) >= 6;

      g_assert_cmpint (lh_game_review_get_unit (review), ==, LH_REVIEW_UNIT_PROBABILITY);
      assert_identity (review);
      lh_game_review_summarize (review, &summary);
      g_assert_cmpfloat (summary.end_outcome, ==, reached ? 1.0 : 0.0);
      g_assert_cmpfloat (summary.start_outcome, >=, 0.0);
      g_assert_cmpfloat (summary.start_outcome, <=, 1.0);
      for (guint i = 0; i < n; i++)
        {
          LhReviewMove move;

          g_assert_true (lh_game_review_get_move (review, i, &move));
          g_assert_cmpfloat_with_epsilon (move.error_scaled, 100.0 * move.error, 1e-9);
          g_assert_cmpfloat (move.value, <=, 1.0 + 1e-12);
        }
    }
}

/* The network on 4x4 (the shipped one: values in points), played by the
 * heuristic at depth 1 and at random: the identity; threads do not
 * change the values. */
static void
test_network (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "networks",
                                                 LH_NTUPLE_FILE_SHIPPED_NAME, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) network = lh_ntuple_file_load (path, NULL, &error);
  g_autoptr(LhSolver) player = lh_test_expectimax_solver_new (1, 0.0, FALSE, 1, NULL);
  LhSolverParams params;

  g_assert_no_error (error);
  lh_solver_params_init_default (&params);
  params.evaluator = LH_EVALUATOR_NTUPLE;
  params.network = network;
  params.depth = 2;
  g_assert_cmpint (lh_review_unit_for_params (&params), ==, LH_REVIEW_UNIT_POINTS);
  for (guint64 g = 0; g < 3; g++)
    {
      g_autoptr(LhGameRecord) record = play_record (LH_GEOMETRY_DEFAULT, 500 + g,
                                                    g == 0 ? NULL : player, 400);
      g_autoptr(LhGameReview) one = review_game (record, &params, 1);
      g_autoptr(LhGameReview) two = review_game (record, &params, 2);
      LhReviewSummary a, b;

      assert_identity (one);
      assert_identity (two);
      lh_game_review_summarize (one, &a);
      lh_game_review_summarize (two, &b);
      g_assert_cmpfloat (a.total_error, ==, b.total_error);
      g_assert_cmpfloat (a.total_luck, ==, b.total_luck);
      g_assert_cmpfloat (a.accuracy, ==, b.accuracy);
      /* The spawn's own luck averages 0 over the spawns: the values of
       * every spawn after the move played, at depth 1 (the depth inside
       * the depth-2 search), weighted by their chances, are Q - r. */
      for (guint i = 0; i < lh_game_record_get_n_moves (record); i += 37)
        {
          LhReviewMove move;
          LhBoard after;
          guint n_empty;
          double expected = 0.0;
          LhSolverParams shallow = params;
          g_autoptr(LhSolver) solver = NULL;

          shallow.depth = 1;
          solver = lh_solver_new (&shallow, NULL);
          g_assert_true (lh_game_review_get_move (one, i, &move));
          g_assert_cmpfloat_with_epsilon (move.spawn_luck + move.drift, move.luck,
                                          1e-9 * MAX (1.0, fabs (move.luck)));
          after = lh_board_move (lh_game_record_get_board (record, i), LH_GEOMETRY_DEFAULT, move.played,
                                 NULL);
          n_empty = lh_board_count_empty (after, LH_GEOMETRY_DEFAULT);
          for (guint cell = 0; cell < 16; cell++)
            for (guint tile = 1; tile <= 2; tile++)
              {
                LhBoard spawned;
                LhSolverResult result;
                double value = 0.0;

                if (((after >> (4 * cell)) & 0xf) != 0)
                  continue;
                spawned = after | ((LhBoard) tile << (4 * cell));
                if (!lh_board_is_game_over (spawned, LH_GEOMETRY_DEFAULT))
                  {
                    value = -G_MAXDOUBLE;
                    g_assert_true (lh_solver_search (solver, spawned, LH_GEOMETRY_DEFAULT, NULL, NULL,
                                                     NULL, &result, NULL));
                    for (guint m = 0; m < LH_N_MOVES; m++)
                      if (result.legal[m])
                        value = MAX (value, result.values[m]);
                  }
                expected += (tile == 1 ? 0.9 : 0.1) / n_empty * value;
              }
          g_assert_cmpfloat_with_epsilon (expected, move.values[move.played] - move.points,
                                          1e-9 * MAX (1.0, expected));
        }
      /* A game cut at 400 moves may go on: its end is then valued. */
      if (!lh_game_record_is_over (record))
        g_assert_cmpfloat (a.end_value, >, 0.0);
    }
}

/* A game played from @game on by the solver of @params (every third move
 * a random legal one, the person's), through lh_solver_search_wide(). */
static LhGameRecord *
play_wide (LhGame *game, const LhSolverParams *params, guint max_moves)
{
  g_autoptr(LhSolver) solver = lh_solver_new (params, NULL);
  LhGeometry g = lh_game_get_geometry (game);
  LhRules rules = lh_game_get_rules (game);
  LhRng rng;

  lh_rng_init (&rng, 77);
  for (guint i = 0; i < max_moves && !lh_game_is_over (game); i++)
    {
      LhWideBoard board = lh_game_get_wide_board (game);
      LhSolverResult result;
      LhMove move;

      if (i % 3 == 2)
        {
          do
            move = (LhMove) (lh_rng_next (&rng) % LH_N_MOVES);
          while (!(lh_rules_legal_moves (rules, board, g) & (1u << move)));
          g_assert_true (lh_game_move_by (game, move, LH_PLAYER_PERSON, NULL, NULL));
          continue;
        }
      g_assert_true (lh_solver_search_wide (solver, board, g, rules, NULL, NULL, NULL, &result, NULL));
      g_assert_true (lh_game_move_by (game, (LhMove) result.move, LH_PLAYER_AI, NULL, NULL));
    }
  return lh_game_record_new_from_game (game);
}

/* Games on the wide board: 5x5, and 4x4 by the original rules past 32768
 * (two 32768s merged by the first move).  Reviewed by the solver that
 * played them, the AI's moves cost exactly 0; the identity holds. */
static void
test_wide (void)
{
  LhSolverParams params;
  g_autoptr(LhGame) five = lh_game_new ((LhGeometry) { 5, 5 }, 8);
  g_autoptr(LhGame) past = NULL;
  LhWideBoard start;
  LhGeometry g;
  LhRng rng;

  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXPECTIMAX;
  params.depth = 1;
  params.threads = 1;
  g_assert_true (lh_wide_board_parse ("32768 32768 0 0/16384 4 2 0/0 0 0 0/0 0 0 2", &start, &g, NULL));
  lh_rng_init (&rng, 3);
  past = lh_game_new_from_state (g, LH_RULES_2048, start, 2000000, 40000, &rng, NULL, NULL, 0);

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(LhGameRecord) record = play_wide (k == 0 ? five : past, &params, k == 0 ? 90 : 40);
      g_autoptr(LhGameReview) review = review_game (record, &params, 2);
      guint n = lh_game_record_get_n_moves (record), ai = 0;

      g_assert_cmpuint (n, >, 30);
      assert_identity (review);
      for (guint i = 0; i < n; i++)
        {
          LhReviewMove move;

          g_assert_true (lh_game_review_get_move (review, i, &move));
          lh_assert_cmpwide (move.board, lh_game_record_get_wide_board (record, i));
          g_assert_cmpfloat (move.error, >=, 0.0);
          g_assert_true (move.legal[move.best]);
          if (move.player == LH_PLAYER_AI)
            {
              g_assert_cmpfloat (move.error, ==, 0.0);
              ai++;
            }
        }
      g_assert_cmpuint (ai, >, n / 2);
      if (k == 1)
        g_assert_cmpuint (lh_wide_board_max_exponent (lh_game_record_get_wide_board (record, 1)), ==, 16);
    }
}

/* The summary agrees with the moves. */
static void
test_summary (void)
{
  LhGeometry geometry = { 2, 4 };
  g_autoptr(LhGameRecord) record = play_record (geometry, 77, NULL, 5000);
  LhSolverParams params;
  g_autoptr(LhGameReview) review = NULL;
  LhReviewSummary summary;
  guint n = lh_game_record_get_n_moves (record);
  guint error_counts[LH_N_ERROR_CLASSES] = { 0 }, luck_total = 0, class_total = 0, choices = 0;
  double worst_drop = -G_MAXDOUBLE, loss = 0.0, weight_sum = 0.0;
  int turning = -1;

  lh_solver_params_init_default (&params);
  params.kind = LH_SOLVER_EXACT;
  review = review_game (record, &params, 2);
  lh_game_review_summarize (review, &summary);

  for (guint i = 0; i < n; i++)
    {
      LhReviewMove move;

      g_assert_true (lh_game_review_get_move (review, i, &move));
      if (move.n_legal > 1)
        {
          /* KaTrain's weight: the position's complexity (the mean loss of
           * its legal moves, each alike), or a quarter of the move's own
           * loss if more, within [0.05, 1]. */
          double complexity = 0.0, weight;

          for (guint m = 0; m < LH_N_MOVES; m++)
            if (move.legal[m])
              {
                double scaled;

                lh_review_move_try (&move, (LhMove) m, NULL, &scaled);
                g_assert_cmpfloat (scaled, >=, 0.0);
                complexity += scaled / move.n_legal;
              }
          weight = MIN (1.0, MAX (0.05, MAX (complexity, move.error_scaled / 4.0)));
          choices++;
          error_counts[move.error_class]++;
          loss += weight * move.error_scaled;
          weight_sum += weight;
        }
      else
        g_assert_cmpint (move.error_class, ==, LH_ERROR_NONE);
      g_assert_cmpint (move.error_class, ==,
                       move.error_scaled >= lh_review_error_threshold (LH_REVIEW_UNIT_POINTS, LH_ERROR_BLUNDER)
                       && move.n_legal > 1 ? LH_ERROR_BLUNDER : move.error_class);
      /* Trying the move again: the played move costs its error, the best 0. */
      {
        double error, error_scaled;

        g_assert_cmpint (lh_review_move_try (&move, move.played, &error, &error_scaled), ==,
                         move.error_class);
        g_assert_cmpfloat (error, ==, move.error);
        g_assert_cmpfloat (error_scaled, ==, move.error_scaled);
        g_assert_cmpint (lh_review_move_try (&move, move.best, &error, NULL), ==, LH_ERROR_NONE);
        g_assert_cmpfloat (error, ==, 0.0);
      }
      if (move.outcome - move.outcome_after > worst_drop)
        {
          worst_drop = move.outcome - move.outcome_after;
          turning = (int) i;
        }
    }
  g_assert_cmpuint (summary.n_with_choice, ==, choices);
  for (guint c = 0; c < LH_N_ERROR_CLASSES; c++)
    {
      g_assert_cmpuint (summary.error_counts[c], ==, error_counts[c]);
      class_total += summary.error_counts[c];
    }
  g_assert_cmpuint (class_total, ==, choices);
  for (guint c = 0; c < LH_N_LUCK_CLASSES; c++)
    luck_total += summary.luck_counts[c];
  g_assert_cmpuint (luck_total, ==, n);
  g_assert_cmpfloat_with_epsilon (summary.mean_loss, loss / weight_sum, 1e-9);
  g_assert_cmpfloat_with_epsilon (summary.accuracy, 100.0 * pow (0.75, loss / weight_sum), 1e-9);
  g_assert_cmpint (summary.turning_point, ==, turning);
  g_assert_cmpfloat (summary.turning_drop, ==, worst_drop);
  g_assert_cmpfloat_with_epsilon (summary.error_rate, summary.total_error / choices, 1e-9);
  g_assert_cmpfloat_with_epsilon (summary.person_error, summary.total_error, 1e-9);

  /* The largest errors: largest first, none larger left out. */
  g_assert_cmpuint (summary.n_largest, >, 0);
  for (guint k = 0; k < summary.n_largest; k++)
    {
      LhReviewMove move;

      g_assert_true (lh_game_review_get_move (review, summary.largest[k], &move));
      if (k > 0)
        {
          LhReviewMove previous;
          g_assert_true (lh_game_review_get_move (review, summary.largest[k - 1], &previous));
          g_assert_cmpfloat (previous.error_scaled, >=, move.error_scaled);
        }
      for (guint i = 0; i < n && summary.n_largest == LH_REVIEW_N_LARGEST; i++)
        {
          LhReviewMove other;
          gboolean listed = FALSE;

          for (guint j = 0; j < summary.n_largest; j++)
            listed |= summary.largest[j] == i;
          g_assert_true (lh_game_review_get_move (review, i, &other));
          if (!listed && other.n_legal > 1)
            {
              LhReviewMove last;
              g_assert_true (lh_game_review_get_move (review, summary.largest[summary.n_largest - 1],
                                                      &last));
              g_assert_cmpfloat (other.error_scaled, <=, last.error_scaled);
            }
        }
    }

  /* The classes' thresholds and the accuracy formula. */
  g_assert_cmpfloat (lh_review_accuracy (0.0), ==, 100.0);
  g_assert_cmpfloat_with_epsilon (lh_review_accuracy (2.0), 56.25, 1e-12);
  g_assert_cmpfloat (lh_review_accuracy (1000.0), <, 1e-100);
  g_assert_cmpfloat (lh_review_error_threshold (LH_REVIEW_UNIT_PROBABILITY, LH_ERROR_BLUNDER), ==, 15.0);
}

static void
count_progress (guint index, guint n_done, guint n_positions, gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (index, <, n_positions);
  g_assert_cmpuint (n_done, <=, n_positions);
  (*calls)++;
}

/* Progress after every position; a cancelled run stops and says so, and
 * what it valued stays. */
static void
test_progress_and_cancel (void)
{
  g_autoptr(LhGameRecord) record = play_record ((LhGeometry) { 2, 3 }, 9, NULL, 5000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGameReview) review = NULL;
  LhSolverParams params;
  LhReviewSummary summary;
  guint calls = 0;

  lh_solver_params_init_default (&params);
  params.depth = 2;
  review = lh_game_review_new (record, &params);
  g_assert_cmpint (lh_game_review_get_unit (review), ==, LH_REVIEW_UNIT_SOLVER);
  g_cancellable_cancel (cancellable);
  g_assert_false (lh_game_review_run (review, 2, count_progress, &calls, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (calls, ==, 0);
  lh_game_review_summarize (review, &summary);
  g_assert_cmpuint (summary.n_reviewed, ==, 0);
  g_assert_true (isnan (summary.identity_gap));
  g_clear_error (&error);

  g_assert_true (lh_game_review_run (review, 2, count_progress, &calls, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, lh_game_record_get_n_moves (record) + 1);
  assert_identity (review);
}

/* Amounts written as 0 are told apart from the rest: a move that lost
 * 0.3 points is "as good as the AI's choice", not "preferred, by 0". */
static void
test_amount_shows_zero (void)
{
  g_autofree char *small = lh_review_format_amount (LH_REVIEW_UNIT_POINTS, 0.3);
  g_autofree char *zero = lh_review_format_amount (LH_REVIEW_UNIT_POINTS, 0.0);

  g_assert_cmpstr (small, ==, zero);
  g_assert_true (lh_review_amount_shows_zero (LH_REVIEW_UNIT_POINTS, 0.0));
  g_assert_true (lh_review_amount_shows_zero (LH_REVIEW_UNIT_POINTS, 0.3));
  g_assert_false (lh_review_amount_shows_zero (LH_REVIEW_UNIT_POINTS, 0.6));
  g_assert_false (lh_review_amount_shows_zero (LH_REVIEW_UNIT_POINTS, 1240.0));
  /* Percentage points with one decimal: 0.04 pp is 0.0, 0.06 pp is 0.1. */
  g_assert_true (lh_review_amount_shows_zero (LH_REVIEW_UNIT_PROBABILITY, 0.0004));
  g_assert_false (lh_review_amount_shows_zero (LH_REVIEW_UNIT_PROBABILITY, 0.0006));
  /* A solver's own units, compact: three significant digits, down to 0.01. */
  g_assert_true (lh_review_amount_shows_zero (LH_REVIEW_UNIT_SOLVER, 0.004));
  g_assert_false (lh_review_amount_shows_zero (LH_REVIEW_UNIT_SOLVER, 0.006));
  g_assert_false (lh_review_amount_shows_zero (LH_REVIEW_UNIT_SOLVER, 12300.0));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  lh_engine_init ();
  g_test_add_func ("/game-review/exact", test_exact_small);
  g_test_add_func ("/game-review/exact-3x3", test_exact_3x3);
  g_test_add_func ("/game-review/tile-objective", test_tile_objective);
  g_test_add_func ("/game-review/network", test_network);
  g_test_add_func ("/game-review/summary", test_summary);
  g_test_add_func ("/game-review/amount-shows-zero", test_amount_shows_zero);
  g_test_add_func ("/game-review/wide", test_wide);
  g_test_add_func ("/game-review/progress-and-cancel", test_progress_and_cancel);
  return g_test_run ();
}
