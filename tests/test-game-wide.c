/* test-game-wide.c: the game on wide boards (lh-game.h): its rules (the
 * original game and the capped one), 5x5 and rectangular games, tiles past
 * 32768, and the 64-bit games it must still play exactly as before. */
#include <glib.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-rng.h"
#include "lh-test-util.h"
#include "lh-wide-board.h"

/* A 4x4 board of 64-bit cells in the wide layout. */
static LhWideBoard
wide4 (LhBoard board)
{
  return lh_wide_board_from_board (board, LH_GEOMETRY_DEFAULT);
}

static void
test_rules_names (void)
{
  LhRules rules;

  g_assert_cmpstr (lh_rules_to_string (LH_RULES_2048), ==, "2048");
  g_assert_cmpstr (lh_rules_to_string (LH_RULES_2048_CAPPED), ==, "2048-32768");
  for (guint i = 0; i < LH_N_RULES; i++)
    {
      g_assert_true (lh_rules_from_string (lh_rules_to_string ((LhRules) i), &rules));
      g_assert_cmpint (rules, ==, i);
    }
  g_assert_false (lh_rules_from_string ("2048-65536", &rules));
  g_assert_false (lh_rules_from_string (NULL, &rules));

  /* Today's defaults: the capped rules where the 64-bit board holds the game. */
  g_assert_cmpint (lh_rules_default (LH_GEOMETRY_DEFAULT), ==, LH_RULES_2048_CAPPED);
  g_assert_cmpint (lh_rules_default ((LhGeometry) { 2, 3 }), ==, LH_RULES_2048_CAPPED);
  g_assert_cmpint (lh_rules_default ((LhGeometry) { 5, 5 }), ==, LH_RULES_2048);
  g_assert_cmpint (lh_rules_default ((LhGeometry) { 4, 5 }), ==, LH_RULES_2048);

  /* What each accepts. */
  g_assert_true (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 5, 5 }, 0));
  g_assert_true (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 2, 5 }, 0));
  g_assert_false (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 6, 5 }, 0));
  g_assert_false (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 1, 5 }, 0));
  g_assert_false (lh_rules_accept (LH_RULES_2048_CAPPED, (LhGeometry) { 5, 5 }, 0));
  g_assert_false (lh_rules_accept (LH_RULES_2048_CAPPED, (LhGeometry) { 4, 5 }, 0));
  g_assert_true (lh_rules_accept (LH_RULES_2048_CAPPED, (LhGeometry) { 4, 4 },
                                  lh_wide_board_set_cell (0, 3, 3, 15)));
  g_assert_false (lh_rules_accept (LH_RULES_2048_CAPPED, (LhGeometry) { 4, 4 },
                                   lh_wide_board_set_cell (0, 3, 3, 16)));
  g_assert_true (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 4, 4 },
                                  lh_wide_board_set_cell (0, 3, 3, 31)));
  /* A tile outside the geometry: a 5th column or row. */
  g_assert_false (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 4, 4 },
                                   lh_wide_board_set_cell (0, 0, 4, 1)));
  g_assert_false (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 4, 5 },
                                   lh_wide_board_set_cell (0, 4, 0, 1)));
  g_assert_true (lh_rules_accept (LH_RULES_2048, (LhGeometry) { 5, 4 },
                                  lh_wide_board_set_cell (0, 4, 0, 1)));
  g_assert_false (lh_rules_accept ((LhRules) LH_N_RULES, LH_GEOMETRY_DEFAULT, 0));
}

/* Two 32768s: the original rules merge them, the capped ones do not. */
static void
test_32768_pair (void)
{
  /* 32768 32768 . . / . . . . / . . . . / . . . 2 */
  LhWideBoard board = lh_wide_board_set_cell (lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 15),
                                                                      0, 1, 15),
                                              3, 3, 1);
  guint64 points = 0;
  LhRng rng;
  int cell = -2;

  lh_rng_init (&rng, 3);
  {
    g_autoptr(LhGame) full = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048, board, 1000, 5,
                                                     &rng, NULL, NULL, 0);
    g_autoptr(LhGame) capped = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048_CAPPED,
                                                       board, 1000, 5, &rng, NULL, NULL, 0);
    LhWideBoard after;

    g_assert_nonnull (full);
    g_assert_nonnull (capped);
    g_assert_true (lh_game_board_fits (full));
    g_assert_cmpuint (lh_game_get_max_tile (full), ==, 32768);

    /* Left merges the pair under the original rules ... */
    g_assert_true (lh_game_move (full, LH_MOVE_LEFT, &points, &cell));
    g_assert_cmpuint (points, ==, 65536);
    g_assert_cmpuint (lh_game_get_score (full), ==, 1000 + 65536);
    g_assert_cmpuint (lh_game_get_max_tile (full), ==, 65536);
    g_assert_false (lh_game_board_fits (full));
    after = lh_game_get_wide_board (full);
    g_assert_cmpuint (lh_wide_board_get_cell (after, 0, 0), ==, 16);
    g_assert_true (lh_wide_board_get_cell (after, 0, 1) == 0 || cell == LH_GAME_CELL (0, 1));
    g_assert_cmpuint (lh_wide_board_get_cell (after, 3, 0), ==, 1);
    g_assert_cmpint (cell % LH_WIDE_MAX_SIDE, <, 4);
    g_assert_cmpint (cell / LH_WIDE_MAX_SIDE, <, 4);
    g_assert_cmpuint (lh_wide_board_get_cell (after, cell / LH_WIDE_MAX_SIDE,
                                              cell % LH_WIDE_MAX_SIDE), >=, 1);
    /* ... and undo brings back the board that fits. */
    g_assert_true (lh_game_undo (full));
    lh_assert_cmpwide (lh_game_get_wide_board (full), board);
    g_assert_true (lh_game_board_fits (full));

    /* The capped rules only slide the 2. */
    g_assert_true (lh_game_move (capped, LH_MOVE_LEFT, &points, NULL));
    g_assert_cmpuint (points, ==, 0);
    g_assert_cmpuint (lh_game_get_max_tile (capped), ==, 32768);
    g_assert_cmpuint (lh_wide_board_get_cell (lh_game_get_wide_board (capped), 0, 0), ==, 15);
    g_assert_cmpuint (lh_wide_board_get_cell (lh_game_get_wide_board (capped), 0, 1), ==, 15);
    g_assert_true (lh_game_board_fits (capped));
  }

  /* A full 4x4 board whose only merge is the pair: over when capped. */
  {
    LhBoard narrow = 0x1212212112122121ULL;
    LhWideBoard pair = lh_wide_board_set_cell (lh_wide_board_set_cell (wide4 (narrow), 0, 0, 15),
                                               0, 1, 15);
    g_autoptr(LhGame) full = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048, pair, 0, 0,
                                                     &rng, NULL, NULL, 0);
    g_autoptr(LhGame) capped = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048_CAPPED,
                                                       pair, 0, 0, &rng, NULL, NULL, 0);

    g_assert_false (lh_game_is_over (full));
    g_assert_true (lh_game_is_over (capped));
    g_assert_cmpuint (lh_rules_legal_moves (LH_RULES_2048, pair, LH_GEOMETRY_DEFAULT), ==,
                      (1u << LH_MOVE_LEFT) | (1u << LH_MOVE_RIGHT));
    g_assert_cmpuint (lh_rules_legal_moves (LH_RULES_2048_CAPPED, pair, LH_GEOMETRY_DEFAULT), ==, 0);
  }
}

/* A board of random tiles 2^@low ... 2^(@low + @n_values - 1) on two
 * cells in three of @geometry. */
static LhWideBoard
random_board (LhGeometry geometry, LhRng *rng, guint low, guint n_values)
{
  LhWideBoard board = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      if (lh_rng_below (rng, 3) != 0)
        board = lh_wide_board_set_cell (board, r, c, low + lh_rng_below (rng, n_values));
  return board;
}

/* Games by the original rules on every size from 2x2 to 5x5, from starts
 * with tiles far past 32768, move by move against the wide board's own
 * move and spawn drawn from a copy of the generator: board, points, the
 * spawned cell, score, history and undo. */
static void
test_original_rules_games (void)
{
  guint games = 0, merges_past_32768 = 0;  /* moves that made a 65536 or more */

  for (guint rows = 2; rows <= LH_WIDE_MAX_SIDE; rows++)
    for (guint cols = 2; cols <= LH_WIDE_MAX_SIDE; cols++)
      for (guint64 seed = 1; seed <= 12; seed++)
        {
          LhGeometry g = { (guint8) rows, (guint8) cols };
          LhRng draw, model;
          LhWideBoard start, board;
          g_autoptr(LhGame) game = NULL;
          g_autoptr(GArray) boards = g_array_new (FALSE, FALSE, sizeof (LhWideBoard));
          guint64 score = 0;

          lh_rng_init (&draw, seed * 100 + rows * 10 + cols);
          start = seed % 2 ? random_board (g, &draw, 14, 4) : random_board (g, &draw, 1, 3);
          if (lh_wide_board_count_empty (start, g) == 0u + rows * cols)
            start = lh_wide_board_set_cell (start, 0, 0, 1);
          model = draw;
          if (seed % 4 != 0)
            game = lh_game_new_from_state (g, LH_RULES_2048, start, 0, 0, &draw, NULL, NULL, 0);
          else
            {
              /* A new game: the same two spawns as on the model. */
              game = lh_game_new_with_rules (g, LH_RULES_2048, seed);
              lh_rng_init (&model, seed);
              start = lh_wide_board_spawn (lh_wide_board_spawn (0, g, &model), g, &model);
            }
          lh_assert_cmpwide (lh_game_get_wide_board (game), start);
          g_assert_cmpint (lh_game_get_rules (game), ==, LH_RULES_2048);
          board = start;
          games++;

          for (guint step = 0; step < 3000; step++)
            {
              guint legal = lh_wide_board_legal_moves (board, g);
              LhMove move;
              guint64 points = 0, expected = 0;
              LhWideBoard after, spawned;
              int cell = -2;

              g_assert_cmpint (lh_game_is_over (game), ==, legal == 0);
              if (legal == 0)
                break;
              do
                move = (LhMove) lh_rng_below (&draw, LH_N_MOVES);
              while (!(legal & (1u << move)));
              after = lh_wide_board_move (board, g, move, &expected);
              merges_past_32768 += expected >= 65536;
              spawned = lh_wide_board_spawn (after, g, &model);
              g_assert_true (lh_game_move_by (game, move, LH_PLAYER_AI, &points, &cell));
              g_assert_cmpuint (points, ==, expected);
              lh_assert_cmpwide (lh_game_get_wide_board (game), spawned);
              g_assert_cmpint (cell, >=, 0);
              g_assert_cmpuint (lh_wide_board_get_cell (after, cell / LH_WIDE_MAX_SIDE,
                                                        cell % LH_WIDE_MAX_SIDE), ==, 0);
              g_assert_cmpuint (lh_wide_board_get_cell (spawned, cell / LH_WIDE_MAX_SIDE,
                                                        cell % LH_WIDE_MAX_SIDE), !=, 0);
              g_array_append_val (boards, board);
              score += expected;
              g_assert_cmpuint (lh_game_get_score (game), ==, score);
              board = spawned;
            }

          /* The steps replay to the board; undo walks the history back. */
          {
            guint n_steps, n_history;
            const LhGameStep *steps = lh_game_get_steps (game, &n_steps);
            const LhWideBoard *history = lh_game_get_history (game, &n_history, NULL);
            LhWideBoard replay = start;

            g_assert_cmpuint (n_steps, ==, boards->len);
            for (guint i = 0; i < n_steps; i++)
              {
                lh_assert_cmpwide (steps[i].before, replay);
                replay = lh_game_step_after (&steps[i], g, LH_RULES_2048);
              }
            lh_assert_cmpwide (replay, board);
            g_assert_cmpuint (n_history, ==, MIN (boards->len, LH_GAME_MAX_UNDO));
            for (guint k = 0; k < n_history; k++)
              lh_assert_cmpwide (history[k],
                                 g_array_index (boards, LhWideBoard, boards->len - n_history + k));
            for (guint k = 1; k <= MIN (n_history, 50u); k++)
              {
                g_assert_true (lh_game_undo (game));
                lh_assert_cmpwide (lh_game_get_wide_board (game),
                                   g_array_index (boards, LhWideBoard, boards->len - k));
              }
          }
        }
  g_test_message ("%u games, %u merges past 32768", games, merges_past_32768);
  g_assert_cmpuint (merges_past_32768, >, 200);
}

/* A 64-bit game (the capped rules) is the game it was before the wide
 * board: every spawn is lh_board_spawn()'s from the same generator, so a
 * seed gives the same game as in every earlier version (benchmarks and
 * the adaptive run's shards replay their games). */
static void
test_capped_game_as_before (void)
{
  for (guint gi = 0; gi < LH_TEST_N_GEOMETRIES; gi++)
    for (guint64 seed = 1; seed <= 5; seed++)
      {
        LhGeometry g = lh_test_geometries[gi];
        g_autoptr(LhGame) game = lh_game_new (g, seed);
        LhRng model;
        LhBoard board;

        g_assert_cmpint (lh_game_get_rules (game), ==, LH_RULES_2048_CAPPED);
        lh_rng_init (&model, seed);
        board = lh_board_spawn (lh_board_spawn (0, g, &model), g, &model);
        g_assert_cmphex (lh_game_get_board (game), ==, board);
        for (guint step = 0; !lh_game_is_over (game); step++)
          {
            guint legal = lh_board_legal_moves (board, g);
            LhMove move = (LhMove) __builtin_ctz (legal);
            guint32 expected = 0;
            guint64 points = 0;
            int cell = -1;

            if (step % 3 == 1 && (legal & (1u << LH_MOVE_DOWN)))
              move = LH_MOVE_DOWN;
            board = lh_board_spawn (lh_board_move (board, g, move, &expected), g, &model);
            g_assert_true (lh_game_move (game, move, &points, &cell));
            g_assert_cmphex (lh_game_get_board (game), ==, board);
            g_assert_cmpuint (points, ==, expected);
            g_assert_cmpmem (lh_game_get_rng (game), sizeof model, &model, sizeof model);
            g_assert_cmpint (lh_game_cell_to_nibble (cell), >=, 0);
          }
        g_assert_true (lh_board_is_game_over (board, g));
      }
}

/* A 5x5 game, new and played: two tiles at the start, any move of the
 * wide board, and lh_game_get_board() refuses it. */
static void
test_5x5_game (void)
{
  LhGeometry g = { 5, 5 };
  g_autoptr(LhGame) game = lh_game_new (g, 2026);
  g_autoptr(LhGame) copy = NULL;
  guint moves = 0;

  g_assert_cmpint (lh_game_get_rules (game), ==, LH_RULES_2048);
  g_assert_cmpuint (lh_wide_board_count_empty (lh_game_get_wide_board (game), g), ==, 23);
  g_assert_false (lh_game_board_fits (game));
  if (g_test_undefined ())
    {
      g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*fits*");
      g_assert_cmpuint (lh_game_get_board (game), ==, 0);
      g_test_assert_expected_messages ();
    }
  while (!lh_game_is_over (game) && moves < 20000)
    {
      static const LhMove order[] = { LH_MOVE_DOWN, LH_MOVE_LEFT, LH_MOVE_RIGHT, LH_MOVE_UP };

      for (guint k = 0; k < G_N_ELEMENTS (order); k++)
        if (lh_game_move_by (game, order[k], LH_PLAYER_AI, NULL, NULL))
          {
            moves++;
            break;
          }
    }
  g_test_message ("5x5: %u moves, score %" G_GUINT64_FORMAT ", largest tile %" G_GUINT64_FORMAT,
                  moves, lh_game_get_score (game), lh_game_get_max_tile (game));
  g_assert_true (lh_game_is_over (game));
  g_assert_cmpuint (moves, >, 200);
  g_assert_cmpuint (lh_game_get_max_tile (game), >=, 256);

  copy = lh_game_copy (game);
  lh_assert_cmpwide (lh_game_get_wide_board (copy), lh_game_get_wide_board (game));
  g_assert_cmpint (lh_game_get_rules (copy), ==, LH_RULES_2048);
  g_assert_true (lh_game_undo (copy));
  g_assert_false (lh_game_is_over (copy));
  g_assert_true (lh_game_is_over (game));
}

static void
test_new_from_state_checks (void)
{
  LhRng rng;

  lh_rng_init (&rng, 9);
  /* The capped rules: no 5th row or column, no tile above 32768, in the
   * board or its history. */
  g_assert_null (lh_game_new_from_state ((LhGeometry) { 5, 5 }, LH_RULES_2048_CAPPED, 1, 0, 0, &rng,
                                         NULL, NULL, 0));
  g_assert_null (lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048_CAPPED,
                                         lh_wide_board_set_cell (0, 1, 1, 16), 0, 0, &rng,
                                         NULL, NULL, 0));
  {
    LhWideBoard history[2] = { 1, lh_wide_board_set_cell (0, 2, 2, 17) };
    guint64 scores[2] = { 0, 0 };

    g_assert_null (lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048_CAPPED, 1, 0, 0, &rng,
                                           history, scores, 2));
    {
      LhGame *game = lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048, 1, 0, 0, &rng,
                                             history, scores, 2);

      g_assert_nonnull (game);
      lh_game_free (game);
    }
    /* A tile in the 5th column of a 4x4 history. */
    history[1] = lh_wide_board_set_cell (0, 0, 4, 1);
    g_assert_null (lh_game_new_from_state (LH_GEOMETRY_DEFAULT, LH_RULES_2048, 1, 0, 0, &rng,
                                           history, scores, 2));
  }
  /* The original rules: tiles up to 2^31 on 5x5. */
  {
    g_autoptr(LhGame) game = lh_game_new_from_state ((LhGeometry) { 5, 5 }, LH_RULES_2048,
                                                     lh_wide_board_set_cell (0, 4, 4, 31), 7, 1,
                                                     &rng, NULL, NULL, 0);

    g_assert_nonnull (game);
    g_assert_cmpuint (lh_game_get_max_tile (game), ==, G_GUINT64_CONSTANT (1) << 31);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/game-wide/rules-names", test_rules_names);
  g_test_add_func ("/game-wide/32768-pair", test_32768_pair);
  g_test_add_func ("/game-wide/original-rules-games", test_original_rules_games);
  g_test_add_func ("/game-wide/capped-game-as-before", test_capped_game_as_before);
  g_test_add_func ("/game-wide/5x5-game", test_5x5_game);
  g_test_add_func ("/game-wide/new-from-state-checks", test_new_from_state_checks);

  return g_test_run ();
}
