/* test-game.c: seeded spawns and the game (lh-game.h), and the generator
 * they draw from (lh-rng.h). */
#include <math.h>
#include <string.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-rng.h"
#include "lh-test-util.h"

/* The game's undo history as 64-bit boards (every game here fits them), in
 * one of two buffers used in turn, so that two histories can be compared. */
static const LhBoard *
narrow_history (const LhGame *game, guint *n_history, const guint64 **scores)
{
  static LhBoard buffers[2][LH_GAME_MAX_UNDO];
  static guint turn;
  const LhWideBoard *history = lh_game_get_history (game, n_history, scores);
  LhBoard *boards = buffers[turn++ % 2];

  for (guint i = 0; i < *n_history; i++)
    g_assert_true (lh_wide_board_to_board (history[i], lh_game_get_geometry (game), &boards[i]));
  return boards;
}

/* A 64-bit board in the wide layout, cells outside @geometry kept (read
 * as 4x4), so that lh_game_new_from_state() sees them. */
static LhWideBoard
wide (LhBoard board)
{
  return lh_wide_board_from_board (board, LH_GEOMETRY_DEFAULT);
}

/* lh_game_new_from_state() of a capped game given by 64-bit boards. */
static LhGame *
from_state (LhGeometry geometry, LhBoard board, guint64 score, guint64 n_moves, const LhRng *rng,
            const LhBoard *history, const guint64 *scores, guint n_history)
{
  g_autofree LhWideBoard *boards = g_new (LhWideBoard, n_history + 1);

  for (guint i = 0; i < n_history; i++)
    boards[i] = wide (history[i]);
  return lh_game_new_from_state (geometry, LH_RULES_2048_CAPPED, wide (board), score, n_moves, rng,
                                 boards, scores, n_history);
}

/* 0.999 quantiles of the chi-square distribution (any statistics table, e.g.
 * NIST/SEMATECH e-Handbook 1.3.6.7.4), by degrees of freedom.  A correct
 * generator fails one of these with probability 0.001; the seeds are fixed,
 * so the test is reproducible and was seen to pass. */
static double
chi_square_999 (guint dof)
{
  static const double quantile[16] = {
    0, 10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124,
    27.877, 29.588, 31.264, 32.909, 34.528, 36.123, 37.697,
  };

  g_assert_cmpuint (dof, >=, 1);
  g_assert_cmpuint (dof, <=, 15);
  return quantile[dof];
}

static double
chi_square (const guint64 *observed, guint n, double expected_each)
{
  double chi = 0;

  for (guint i = 0; i < n; i++)
    chi += (observed[i] - expected_each) * (observed[i] - expected_each) / expected_each;
  return chi;
}

static guint
count_tiles (LhBoard b)
{
  guint n = 0;

  for (; b != 0; b >>= 4)
    n += (b & 0xf) != 0;
  return n;
}

/* ---- Generator ---------------------------------------------------------------- */

static guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 and SplitMix64, transcribed from prng.di.unimi.it. */
static guint64
reference_next (guint64 s[4])
{
  const guint64 result = rotl (s[1] * 5, 7) * 9;
  const guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

static guint64
reference_splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void
test_rng_reference (void)
{
  static const guint64 seeds[] = { 0, 1, 42, 0xdeadbeefULL, G_MAXUINT64 };
  LhRng rng;

  /* SplitMix64's first output from 0 is the well-known 0xe220a8397b1dcdaf. */
  lh_rng_init (&rng, 0);
  g_assert_cmpuint (rng.s[0], ==, 0xe220a8397b1dcdafULL);

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      guint64 x = seeds[i], s[4];

      for (guint k = 0; k < 4; k++)
        s[k] = reference_splitmix64 (&x);
      lh_rng_init (&rng, seeds[i]);
      for (guint k = 0; k < 4; k++)
        g_assert_cmpuint (rng.s[k], ==, s[k]);
      for (guint n = 0; n < 10000; n++)
        g_assert_cmpuint (lh_rng_next (&rng), ==, reference_next (s));
    }
}

static void
test_rng_below_and_uniform (void)
{
  LhRng rng;
  guint64 counts[7] = { 0 };
  const guint n = 140000;

  lh_rng_init (&rng, 7);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (lh_rng_below (&rng, 1), ==, 0);
  for (guint i = 0; i < 100000; i++)
    {
      guint32 bound = 1 + (guint32) (lh_rng_next (&rng) >> 33);
      g_assert_cmpuint (lh_rng_below (&rng, bound), <, bound);
      g_assert_cmpuint (lh_rng_below (&rng, G_MAXUINT32), <, G_MAXUINT32);
    }
  for (guint i = 0; i < 100000; i++)
    {
      double u = lh_rng_uniform (&rng);
      g_assert_cmpfloat (u, >=, 0.0);
      g_assert_cmpfloat (u, <, 1.0);
    }
  /* lh_rng_below (7) is uniform: chi-square with 6 dof below its 0.999
   * quantile 22.458. */
  for (guint i = 0; i < n; i++)
    counts[lh_rng_below (&rng, 7)]++;
  g_assert_cmpfloat (chi_square (counts, 7, n / 7.0), <, 22.458);

  /* Same seed, same stream; different seeds, different streams. */
  {
    LhRng a, b, c;
    lh_rng_init (&a, 12345);
    lh_rng_init (&b, 12345);
    lh_rng_init (&c, 12346);
    for (guint i = 0; i < 100; i++)
      {
        guint64 x = lh_rng_next (&a);
        g_assert_cmpuint (x, ==, lh_rng_next (&b));
        g_assert_cmpuint (x, !=, lh_rng_next (&c));
      }
  }
}

/* ---- Spawns ------------------------------------------------------------------- */

static void
check_spawn_distribution (LhBoard board, LhGeometry g, guint n_spawns, guint64 seed)
{
  guint8 empty[16];
  guint n_empty = lh_board_empty_cells (board, g, empty);
  guint64 per_cell[16] = { 0 }, fours = 0;
  LhRng rng;
  double share, se, chi;

  lh_rng_init (&rng, seed);
  for (guint i = 0; i < n_spawns; i++)
    {
      LhBoard after = lh_board_spawn (board, g, &rng);
      LhBoard added = after ^ board;
      guint cell, exponent, slot;

      /* Exactly one new nibble, in an empty cell, holding 1 or 2. */
      g_assert_cmpuint (after & board, ==, board);
      g_assert_cmpuint (added, !=, 0);
      cell = (guint) __builtin_ctzll (added) / 4;
      exponent = (guint) (added >> (4 * cell));
      g_assert_true (exponent == 1 || exponent == 2);
      for (slot = 0; slot < n_empty && empty[slot] != cell; slot++)
        ;
      g_assert_cmpuint (slot, <, n_empty);
      per_cell[slot]++;
      fours += exponent == 2;
    }

  /* The share of 4s: within 5 standard errors of 0.1 (a correct spawn fails
   * this with probability 6e-7). */
  share = (double) fours / n_spawns;
  se = sqrt (LH_SPAWN_FOUR_PROBABILITY * (1 - LH_SPAWN_FOUR_PROBABILITY) / n_spawns);
  g_test_message ("%ux%u, %u empty: 4-share %.5f (se %.5f)", g.rows, g.cols, n_empty, share, se);
  g_assert_cmpfloat (fabs (share - LH_SPAWN_FOUR_PROBABILITY), <, 5 * se);

  /* Every empty cell equally likely. */
  chi = chi_square (per_cell, n_empty, (double) n_spawns / n_empty);
  g_test_message ("chi-square %.3f with %u dof", chi, n_empty - 1);
  g_assert_cmpfloat (chi, <, chi_square_999 (n_empty - 1));
}

static void
test_spawn_distribution (void)
{
  /* The case: 200,000 spawns on an empty 4x4 board. */
  check_spawn_distribution (0, LH_GEOMETRY_DEFAULT, 200000, 31337);
  /* Only the empty cells of a partly filled board are chosen. */
  check_spawn_distribution (0x1234012300120001ULL, LH_GEOMETRY_DEFAULT, 100000, 99);
  /* Other sizes. */
  check_spawn_distribution (0, (LhGeometry) { 3, 3 }, 100000, 5);
  check_spawn_distribution (0x0000000000110000ULL, (LhGeometry) { 2, 3 }, 100000, 6);
  check_spawn_distribution (0x0000000000000001ULL, (LhGeometry) { 2, 2 }, 100000, 8);
  check_spawn_distribution (0, (LhGeometry) { 4, 2 }, 100000, 9);
}

static void
test_spawn_full_board (void)
{
  LhRng rng;
  LhBoard full = 0x1212212112122121ULL;

  lh_rng_init (&rng, 3);
  g_assert_cmpuint (lh_board_spawn (full, LH_GEOMETRY_DEFAULT, &rng), ==, full);
  /* A full 2x2 board (cells outside it are not empty cells of the board). */
  g_assert_cmpuint (lh_board_spawn (0x00120021ULL, (LhGeometry) { 2, 2 }, &rng), ==, 0x00120021ULL);
  g_assert_cmpuint (lh_board_spawn (0x0fff0fff0fffULL, (LhGeometry) { 3, 3 }, &rng), ==,
                    0x0fff0fff0fffULL);
}

/* ---- Games -------------------------------------------------------------------- */

/* A fixed policy: the first legal move in a rotating order. */
static LhMove
policy_move (LhBoard board, LhGeometry g, guint step)
{
  guint legal = lh_board_legal_moves (board, g);

  for (guint k = 0; k < LH_N_MOVES; k++)
    {
      guint m = (step + k) % LH_N_MOVES;
      if (legal & (1u << m))
        return (LhMove) m;
    }
  return (LhMove) LH_MOVE_NONE;
}

static void
test_new_game (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    for (guint64 seed = 0; seed < 200; seed++)
      {
        LhGeometry g = lh_test_geometries[gi];
        g_autoptr (LhGame) game = lh_game_new (g, seed);
        LhBoard b = lh_game_get_board (game);
        guint n_history = 99;

        g_assert_cmpuint (count_tiles (b), ==, 2);
        g_assert_cmpuint (b & ~lh_geometry_cell_mask (g), ==, 0);
        for (LhBoard x = b; x != 0; x >>= 4)
          g_assert_true ((x & 0xf) <= 2);
        g_assert_cmpuint (lh_game_get_score (game), ==, 0);
        g_assert_cmpuint (lh_game_get_n_moves (game), ==, 0);
        g_assert_false (lh_game_can_undo (game));
        g_assert_false (lh_game_undo (game));
        g_assert_false (lh_game_is_over (game));
        g_assert_true (lh_geometry_equal (lh_game_get_geometry (game), g));
        g_assert_true (lh_game_get_max_tile (game) == 2 || lh_game_get_max_tile (game) == 4);
        narrow_history (game, &n_history, NULL);
        g_assert_cmpuint (n_history, ==, 0);
      }
}

/* Plays up to @max_moves with the fixed policy, checking each move against
 * the rules.  Returns the number of moves played. */
static guint
play_checked (LhGame *game, guint max_moves)
{
  LhGeometry g = lh_game_get_geometry (game);
  guint played = 0;

  for (guint step = 0; step < max_moves; step++)
    {
      LhBoard before = lh_game_get_board (game);
      guint64 score = lh_game_get_score (game);
      guint64 n_moves = lh_game_get_n_moves (game);
      LhMove m = policy_move (before, g, step);
      guint32 expected_points = 0;
      guint64 points = 0xdeadbeef;
      LhBoard after, added;
      int spawned = -2;

      if ((int) m == LH_MOVE_NONE)
        {
          g_assert_true (lh_game_is_over (game));
          break;
        }
      g_assert_false (lh_game_is_over (game));
      after = lh_board_move (before, g, m, &expected_points);
      g_assert_true (lh_game_move (game, m, &points, &spawned));
      played++;

      /* Board = afterstate + exactly one 2 or 4 in a cell empty in the afterstate. */
      added = lh_game_get_board (game) ^ after;
      g_assert_cmpuint (lh_game_get_board (game) & after, ==, after);
      g_assert_cmpuint (count_tiles (added), ==, 1);
      g_assert_cmpint (spawned, >=, 0);
      g_assert_cmpint (spawned, <, LH_GAME_CELL (4, 0));
      g_assert_cmpint (spawned % LH_WIDE_MAX_SIDE, <, 4);
      spawned = lh_game_cell_to_nibble (spawned);
      g_assert_cmpuint (lh_board_get_cell (after, spawned / 4, spawned % 4), ==, 0);
      g_assert_cmpuint (added, ==, (added >> (4 * spawned)) << (4 * spawned));
      g_assert_true ((added >> (4 * spawned)) == 1 || (added >> (4 * spawned)) == 2);
      g_assert_cmpuint (lh_game_get_board (game) & ~lh_geometry_cell_mask (g), ==, 0);

      g_assert_cmpuint (points, ==, expected_points);
      g_assert_cmpuint (lh_game_get_score (game), ==, score + expected_points);
      g_assert_cmpuint (lh_game_get_n_moves (game), ==, n_moves + 1);
      g_assert_true (lh_game_can_undo (game));
    }
  return played;
}

static void
test_move_rules (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    for (guint64 seed = 0; seed < 20; seed++)
      {
        g_autoptr (LhGame) game = lh_game_new (lh_test_geometries[gi], 1000 + seed);
        play_checked (game, 3000);
        g_assert_true (lh_game_is_over (game));
      }
}

static void
test_illegal_move_changes_nothing (void)
{
  /* 2 4 . . / 8 2 . . / . . . . / . . . . : left and up change nothing. */
  LhBoard board = 0x0000000000130021ULL;
  LhBoard hist_boards[2] = { 0x0000000000100021ULL, 0x0000000000130001ULL };
  guint64 hist_scores[2] = { 0, 4 };
  LhRng rng, saved_rng;
  g_autoptr (LhGame) game = NULL;

  g_assert_cmpuint (lh_board_legal_moves (board, LH_GEOMETRY_DEFAULT), ==,
                    (1u << LH_MOVE_DOWN) | (1u << LH_MOVE_RIGHT));
  lh_rng_init (&rng, 11);
  game = from_state (LH_GEOMETRY_DEFAULT, board, 40, 7, &rng,
                                 hist_boards, hist_scores, 2);
  g_assert_nonnull (game);
  saved_rng = *lh_game_get_rng (game);

  for (guint k = 0; k < 2; k++)
    {
      LhMove m = k == 0 ? LH_MOVE_LEFT : LH_MOVE_UP;
      guint64 points = 0xdeadbeef;
      int spawned = 1234;
      guint n_history;
      const guint64 *scores;
      const LhBoard *boards;

      g_assert_false (lh_game_move (game, m, &points, &spawned));
      g_assert_cmpuint (points, ==, 0);
      g_assert_cmpint (spawned, ==, -1);
      g_assert_false (lh_game_move (game, m, NULL, NULL));
      g_assert_cmpuint (lh_game_get_board (game), ==, board);
      g_assert_cmpuint (lh_game_get_score (game), ==, 40);
      g_assert_cmpuint (lh_game_get_n_moves (game), ==, 7);
      g_assert_cmpmem (lh_game_get_rng (game), sizeof (LhRng), &saved_rng, sizeof (LhRng));
      boards = narrow_history (game, &n_history, &scores);
      g_assert_cmpuint (n_history, ==, 2);
      g_assert_cmpmem (boards, sizeof hist_boards, hist_boards, sizeof hist_boards);
      g_assert_cmpmem (scores, sizeof hist_scores, hist_scores, sizeof hist_scores);
    }
}

static void
test_same_seed_same_game (void)
{
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      g_autoptr (LhGame) a = lh_game_new (g, 777);
      g_autoptr (LhGame) b = lh_game_new (g, 777);
      g_autoptr (LhGame) c = lh_game_new (g, 778);
      gboolean differs = lh_game_get_board (a) != lh_game_get_board (c);

      g_assert_cmpuint (lh_game_get_board (a), ==, lh_game_get_board (b));
      for (guint step = 0; step < 5000; step++)
        {
          LhMove m = policy_move (lh_game_get_board (a), g, step);
          LhMove mc = policy_move (lh_game_get_board (c), g, step);
          int cell_a, cell_b;

          if ((int) m == LH_MOVE_NONE)
            break;
          g_assert_true (lh_game_move (a, m, NULL, &cell_a));
          g_assert_true (lh_game_move (b, m, NULL, &cell_b));
          g_assert_cmpint (cell_a, ==, cell_b);
          g_assert_cmpuint (lh_game_get_board (a), ==, lh_game_get_board (b));
          g_assert_cmpuint (lh_game_get_score (a), ==, lh_game_get_score (b));
          if ((int) mc != LH_MOVE_NONE)
            lh_game_move (c, mc, NULL, NULL);
          differs |= lh_game_get_board (a) != lh_game_get_board (c);
        }
      g_assert_true (lh_game_is_over (b));
      g_assert_true (differs);
    }

  /* Different seeds give different starting boards for most seeds. */
  {
    GHashTable *seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
    for (guint64 seed = 0; seed < 100; seed++)
      {
        g_autoptr (LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, seed);
        gint64 *key = g_new (gint64, 1);
        *key = (gint64) lh_game_get_board (game);
        g_hash_table_add (seen, key);
      }
    /* 120 cell pairs, 2+2 at 0.81, 2+4 at 0.18: 100 independent starts
     * hold about 77 distinct boards on average (sum of 1 - (1 - p)^100). */
    g_assert_cmpuint (g_hash_table_size (seen), >, 60);
    g_hash_table_unref (seen);
  }
}

static void
test_undo (void)
{
  g_autoptr (LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, 4242);
  LhBoard boards[31];
  guint64 scores[31];
  guint n = 0;

  boards[0] = lh_game_get_board (game);
  scores[0] = lh_game_get_score (game);
  for (guint step = 0; n < 30; step++)
    {
      LhMove m = policy_move (lh_game_get_board (game), LH_GEOMETRY_DEFAULT, step);
      g_assert_cmpint (m, !=, LH_MOVE_NONE);
      g_assert_true (lh_game_move (game, m, NULL, NULL));
      n++;
      boards[n] = lh_game_get_board (game);
      scores[n] = lh_game_get_score (game);
    }
  g_assert_cmpuint (scores[30], >, 0);

  {
    guint n_history;
    const guint64 *hs;
    const LhBoard *hb = narrow_history (game, &n_history, &hs);
    g_assert_cmpuint (n_history, ==, 30);
    g_assert_cmpmem (hb, 30 * sizeof (LhBoard), boards, 30 * sizeof (LhBoard));
    g_assert_cmpmem (hs, 30 * sizeof (guint64), scores, 30 * sizeof (guint64));
  }

  for (guint level = 30; level > 0; level--)
    {
      g_assert_true (lh_game_can_undo (game));
      g_assert_true (lh_game_undo (game));
      g_assert_cmpuint (lh_game_get_board (game), ==, boards[level - 1]);
      g_assert_cmpuint (lh_game_get_score (game), ==, scores[level - 1]);
      g_assert_cmpuint (lh_game_get_n_moves (game), ==, level - 1);
    }
  g_assert_false (lh_game_can_undo (game));
  g_assert_false (lh_game_undo (game));
  g_assert_cmpuint (lh_game_get_board (game), ==, boards[0]);
  g_assert_cmpuint (lh_game_get_score (game), ==, 0);

  /* After undo the game goes on normally, and undo works again. */
  g_assert_true (play_checked (game, 5) == 5);
  g_assert_true (lh_game_undo (game));
}

static void
test_undo_cap (void)
{
  const guint n = LH_GAME_MAX_UNDO - 1;
  LhGeometry g = { 3, 3 };
  LhBoard *hist_boards = g_new (LhBoard, n);
  guint64 *hist_scores = g_new (guint64, n);
  LhBoard board = 0x0000000000000001ULL;    /* a 2 in the top-left corner */
  LhRng rng;
  g_autoptr (LhGame) game = NULL;
  guint n_history;
  const LhBoard *hb;
  const guint64 *hs;
  guint undone = 0;

  /* Distinct, recognisable history entries: cell (1, 1) counts. */
  for (guint i = 0; i < n; i++)
    {
      hist_boards[i] = lh_board_set_cell (lh_board_set_cell (0, 2, 2, 1 + i % 15), 1, 1, 1 + i / 15 % 15);
      hist_scores[i] = i;
    }
  lh_rng_init (&rng, 5);
  game = from_state (g, board, 5000, n, &rng, hist_boards, hist_scores, n);
  g_assert_nonnull (game);
  hb = narrow_history (game, &n_history, &hs);
  g_assert_cmpuint (n_history, ==, n);
  g_assert_cmpmem (hb, n * sizeof (LhBoard), hist_boards, n * sizeof (LhBoard));

  /* Move 1 fills the history to the cap; move 2 drops the oldest entry. */
  g_assert_true (lh_game_move (game, LH_MOVE_RIGHT, NULL, NULL));
  hb = narrow_history (game, &n_history, &hs);
  g_assert_cmpuint (n_history, ==, LH_GAME_MAX_UNDO);
  g_assert_cmpuint (hb[0], ==, hist_boards[0]);
  g_assert_cmpuint (hb[LH_GAME_MAX_UNDO - 1], ==, board);
  g_assert_cmpuint (hs[LH_GAME_MAX_UNDO - 1], ==, 5000);

  for (guint step = 0; step < 5; step++)
    {
      LhBoard before = lh_game_get_board (game);
      LhMove m = policy_move (before, g, step);
      g_assert_cmpint (m, !=, LH_MOVE_NONE);
      g_assert_true (lh_game_move (game, m, NULL, NULL));
      hb = narrow_history (game, &n_history, &hs);
      g_assert_cmpuint (n_history, ==, LH_GAME_MAX_UNDO);
      g_assert_cmpuint (hb[0], ==, hist_boards[step + 1]);
      g_assert_cmpuint (hs[0], ==, step + 1);
      g_assert_cmpuint (hb[LH_GAME_MAX_UNDO - 1], ==, before);
    }

  /* Exactly LH_GAME_MAX_UNDO levels can be taken back. */
  while (lh_game_undo (game))
    undone++;
  g_assert_cmpuint (undone, ==, LH_GAME_MAX_UNDO);
  g_assert_cmpuint (lh_game_get_board (game), ==, hist_boards[5]);
  g_assert_cmpuint (lh_game_get_score (game), ==, 5);
  g_assert_false (lh_game_can_undo (game));

  g_free (hist_boards);
  g_free (hist_scores);
}

/* Several thousand moves in one game (a lost position is undone a few
 * moves, deeper when lost again soon, and played on another way): the
 * history is always the last LH_GAME_MAX_UNDO positions before each move
 * kept (a plain model of it here), through several hundred drops of its
 * oldest entry, which the game removes from memory 128 at a time; a copy
 * keeps the same history, and undo walks back through it. */
static void
test_undo_cap_long (void)
{
  static const LhMove order[] = { LH_MOVE_DOWN, LH_MOVE_LEFT, LH_MOVE_RIGHT, LH_MOVE_UP };
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhGame) game = lh_game_new (g, 11);
  g_autoptr (GArray) model = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  guint moves = 0, step = 0, losses = 0, last_loss = 0, drops = 0;

  while (drops <= 400 && moves < 100000)
    {
      LhBoard before = lh_game_get_board (game);
      guint legal = lh_board_legal_moves (before, g);
      LhMove m = (LhMove) LH_MOVE_NONE;
      const LhBoard *hb;
      guint n_history;

      /* The legal move that leaves the most empty cells, ties to the
       * first of down, left, right, up (rotated just after a loss). */
      for (guint k = 0, best = 0; k < G_N_ELEMENTS (order); k++)
        {
          LhMove candidate = order[(k + step) % G_N_ELEMENTS (order)];
          guint empty;

          if (!(legal & (1u << candidate)))
            continue;
          empty = 1 + lh_board_count_empty (lh_board_move (before, g, candidate, NULL), g);
          if (empty > best)
            best = empty, m = candidate;
        }
      step = 0;
      if (m == (LhMove) LH_MOVE_NONE)
        {
          losses = moves - last_loss < 50 ? losses + 1 : 0;
          last_loss = moves;
          for (guint k = 0; k < MIN (3u << losses, 300u) && lh_game_undo (game); k++)
            g_array_set_size (model, model->len - 1);
          step = 1 + moves % 3;
          continue;
        }
      g_assert_true (lh_game_move (game, m, NULL, NULL));
      moves++;
      if (model->len == LH_GAME_MAX_UNDO)
        {
          g_array_remove_index (model, 0);
          drops++;
        }
      g_array_append_val (model, before);
      hb = narrow_history (game, &n_history, NULL);
      g_assert_cmpuint (n_history, ==, model->len);
      g_assert_cmpuint (hb[0], ==, g_array_index (model, LhBoard, 0));
      g_assert_cmpuint (hb[n_history - 1], ==, before);
    }
  g_test_message ("%u moves, %u drops", moves, drops);
  g_assert_cmpuint (drops, >, 400);

  {
    g_autoptr (LhGame) copy = lh_game_copy (game);
    guint n_history, n_copy, undone = 0;
    const LhBoard *hb = narrow_history (game, &n_history, NULL);
    const LhBoard *hc = narrow_history (copy, &n_copy, NULL);

    g_assert_cmpmem (hb, n_history * sizeof (LhBoard), model->data, model->len * sizeof (LhBoard));
    g_assert_cmpmem (hc, n_copy * sizeof (LhBoard), model->data, model->len * sizeof (LhBoard));
    while (lh_game_undo (game))
      {
        undone++;
        g_assert_cmpuint (lh_game_get_board (game), ==,
                          g_array_index (model, LhBoard, model->len - undone));
      }
    g_assert_cmpuint (undone, ==, model->len);
  }
}

static void
test_new_from_state (void)
{
  LhRng rng;
  LhBoard hist[1] = { 0 };
  guint64 hist_scores[1] = { 0 };

  lh_rng_init (&rng, 1);

  /* Tiles outside the geometry. */
  g_assert_null (from_state ((LhGeometry) { 3, 3 }, lh_board_set_cell (0, 0, 3, 1),
                                         0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 3, 3 }, lh_board_set_cell (0, 3, 0, 1),
                                         0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 2, 4 }, lh_board_set_cell (0, 2, 1, 5),
                                         0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 4, 2 }, lh_board_set_cell (0, 1, 2, 5),
                                         0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 2, 2 }, G_MAXUINT64, 0, 0, &rng,
                                         NULL, NULL, 0));
  /* Invalid geometries. */
  g_assert_null (from_state ((LhGeometry) { 5, 4 }, 1, 0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 4, 1 }, 1, 0, 0, &rng, NULL, NULL, 0));
  g_assert_null (from_state ((LhGeometry) { 0, 0 }, 0, 0, 0, &rng, NULL, NULL, 0));

  /* A valid state comes back through the getters. */
  {
    LhGeometry g = { 3, 4 };
    LhBoard b = 0x0000032100000121ULL;
    hist[0] = 0x0000002100000121ULL;
    hist_scores[0] = 96;
    g_autoptr (LhGame) game = from_state (g, b, 100, 3, &rng, hist, hist_scores, 1);
    guint n_history;
    const guint64 *hs;
    const LhBoard *hb;

    g_assert_nonnull (game);
    g_assert_true (lh_geometry_equal (lh_game_get_geometry (game), g));
    g_assert_cmpuint (lh_game_get_board (game), ==, b);
    g_assert_cmpuint (lh_game_get_score (game), ==, 100);
    g_assert_cmpuint (lh_game_get_n_moves (game), ==, 3);
    g_assert_cmpuint (lh_game_get_max_tile (game), ==, 8);
    g_assert_cmpmem (lh_game_get_rng (game), sizeof rng, &rng, sizeof rng);
    hb = narrow_history (game, &n_history, &hs);
    g_assert_cmpuint (n_history, ==, 1);
    g_assert_cmpuint (hb[0], ==, hist[0]);
    g_assert_cmpuint (hs[0], ==, 96);
    g_assert_true (lh_game_undo (game));
    g_assert_cmpuint (lh_game_get_board (game), ==, hist[0]);
    g_assert_cmpuint (lh_game_get_score (game), ==, 96);
    g_assert_cmpuint (lh_game_get_n_moves (game), ==, 2);
  }

  /* A game rebuilt from a running game's state continues exactly like it. */
  {
    g_autoptr (LhGame) original = lh_game_new (LH_GEOMETRY_DEFAULT, 31);
    g_autoptr (LhGame) rebuilt = NULL;
    guint n_history;
    const guint64 *hs;
    const LhBoard *hb;

    play_checked (original, 40);
    hb = narrow_history (original, &n_history, &hs);
    rebuilt = from_state (LH_GEOMETRY_DEFAULT, lh_game_get_board (original),
                                      lh_game_get_score (original),
                                      lh_game_get_n_moves (original),
                                      lh_game_get_rng (original), hb, hs, n_history);
    g_assert_nonnull (rebuilt);
    for (guint step = 0; step < 40; step++)
      {
        LhMove m = policy_move (lh_game_get_board (original), LH_GEOMETRY_DEFAULT, step);
        if ((int) m == LH_MOVE_NONE)
          break;
        g_assert_true (lh_game_move (original, m, NULL, NULL));
        g_assert_true (lh_game_move (rebuilt, m, NULL, NULL));
        g_assert_cmpuint (lh_game_get_board (original), ==, lh_game_get_board (rebuilt));
        g_assert_cmpuint (lh_game_get_score (original), ==, lh_game_get_score (rebuilt));
      }
  }
}

static void
test_copy_is_independent (void)
{
  g_autoptr (LhGame) game = lh_game_new ((LhGeometry) { 4, 3 }, 2718);
  g_autoptr (LhGame) copy = NULL;
  g_autoptr (LhGame) copy2 = NULL;
  LhBoard board;
  guint64 score, n_moves;
  guint n_history, n_history_copy;
  LhRng rng;

  play_checked (game, 25);
  board = lh_game_get_board (game);
  score = lh_game_get_score (game);
  n_moves = lh_game_get_n_moves (game);
  rng = *lh_game_get_rng (game);
  narrow_history (game, &n_history, NULL);

  copy = lh_game_copy (game);
  g_assert_cmpuint (lh_game_get_board (copy), ==, board);
  g_assert_cmpuint (lh_game_get_score (copy), ==, score);
  g_assert_cmpuint (lh_game_get_n_moves (copy), ==, n_moves);
  narrow_history (copy, &n_history_copy, NULL);
  g_assert_cmpuint (n_history_copy, ==, n_history);

  /* Playing and undoing on the copy leaves the original alone. */
  copy2 = lh_game_copy (copy);
  play_checked (copy, 10);
  for (guint i = 0; i < 20; i++)
    lh_game_undo (copy);
  g_assert_cmpuint (lh_game_get_board (game), ==, board);
  g_assert_cmpuint (lh_game_get_score (game), ==, score);
  g_assert_cmpuint (lh_game_get_n_moves (game), ==, n_moves);
  g_assert_cmpmem (lh_game_get_rng (game), sizeof rng, &rng, sizeof rng);
  narrow_history (game, &n_history_copy, NULL);
  g_assert_cmpuint (n_history_copy, ==, n_history);

  /* ... and the other way round; and a copy replays the original's future. */
  play_checked (game, 10);
  play_checked (copy2, 10);
  g_assert_cmpuint (lh_game_get_board (copy2), ==, lh_game_get_board (game));
  g_assert_cmpuint (lh_game_get_score (copy2), ==, lh_game_get_score (game));
  lh_game_free (g_steal_pointer (&game));
  g_assert_true (lh_game_undo (copy2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/rng/reference", test_rng_reference);
  g_test_add_func ("/rng/below-and-uniform", test_rng_below_and_uniform);
  g_test_add_func ("/game/spawn-distribution", test_spawn_distribution);
  g_test_add_func ("/game/spawn-full-board", test_spawn_full_board);
  g_test_add_func ("/game/new-game", test_new_game);
  g_test_add_func ("/game/move-rules", test_move_rules);
  g_test_add_func ("/game/illegal-move-changes-nothing", test_illegal_move_changes_nothing);
  g_test_add_func ("/game/same-seed-same-game", test_same_seed_same_game);
  g_test_add_func ("/game/undo", test_undo);
  g_test_add_func ("/game/undo-cap", test_undo_cap);
  g_test_add_func ("/game/undo-cap-long", test_undo_cap_long);
  g_test_add_func ("/game/new-from-state", test_new_from_state);
  g_test_add_func ("/game/copy-is-independent", test_copy_is_independent);

  return g_test_run ();
}
