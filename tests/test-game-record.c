/* test-game-record.c: the record of a whole game (lh-game-record.h): what a
 * game notes as it is played, the file's round trip, every kind of damage
 * refused with a message naming the move, and moves inferred from an old
 * save's positions. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "lh-board-text.h"
#include "lh-game-record.h"
#include "lh-game-review.h"
#include "lh-test-util.h"

/* Plays @game on for @n_moves random legal moves (or fewer, if it ends),
 * some of them taken back, each made by a player chosen at random. */
static LhGame *
play_on (LhGame *game, guint64 seed, guint n_moves)
{
  LhRng rng;

  lh_rng_init (&rng, seed ^ 0x5eed);
  for (guint i = 0; i < n_moves && !lh_game_is_over (game); i++)
    {
      LhPlayer player = (LhPlayer) (1 + lh_rng_next (&rng) % 2);

      if (lh_rng_next (&rng) % 10 == 0 && lh_game_can_undo (game))
        lh_game_undo (game);
      else
        while (!lh_game_move_by (game, (LhMove) (lh_rng_next (&rng) % 4), player, NULL, NULL))
          ;
    }
  return game;
}

/* A new game by today's rules for @geometry, played on (play_on()). */
static LhGame *
play_random_game (LhGeometry geometry, guint64 seed, guint n_moves)
{
  return play_on (lh_game_new (geometry, seed), seed, n_moves);
}

static void
assert_records_equal (const LhGameRecord *a, const LhGameRecord *b)
{
  guint n = lh_game_record_get_n_moves (a);

  g_assert_true (lh_geometry_equal (lh_game_record_get_geometry (a), lh_game_record_get_geometry (b)));
  g_assert_cmpint (lh_game_record_get_rules (a), ==, lh_game_record_get_rules (b));
  g_assert_cmpuint (n, ==, lh_game_record_get_n_moves (b));
  for (guint i = 0; i <= n; i++)
    {
      lh_assert_cmpwide (lh_game_record_get_wide_board (a, i), lh_game_record_get_wide_board (b, i));
      g_assert_cmpuint (lh_game_record_get_score (a, i), ==, lh_game_record_get_score (b, i));
    }
  for (guint i = 0; i < n; i++)
    g_assert_true (lh_game_step_equal (lh_game_record_get_step (a, i),
                                       lh_game_record_get_step (b, i)));
}

/* The game notes every move; the record replays to its board and score;
 * undo takes the step back; the file's text reads back the same record. */
static void
test_round_trip (void)
{
  static const LhGeometry geometries[] = { { 4, 4 }, { 3, 3 }, { 2, 3 }, { 4, 2 }, { 2, 2 } };

  for (guint g = 0; g < G_N_ELEMENTS (geometries); g++)
    for (guint64 seed = 1; seed <= 20; seed++)
      {
        g_autoptr(LhGame) game = play_random_game (geometries[g], seed, 400);
        g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
        g_autoptr(LhGameRecord) noted = lh_game_record_with_source (record, "test “game”",
                                                                     "2026-11-28T07:00:00Z");
        g_autoptr(LhGameRecord) read = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *text = lh_game_record_to_data (noted);
        guint n = lh_game_record_get_n_moves (record);

        g_assert_cmphex (lh_game_record_get_board (record, n), ==, lh_game_get_board (game));
        g_assert_cmpuint (lh_game_record_get_score (record, n), ==, lh_game_get_score (game));
        g_assert_cmpint (lh_game_record_is_over (record), ==, lh_game_is_over (game));
        for (guint i = 0; i < n; i++)
          {
            const LhGameStep *step = lh_game_record_get_step (record, i);
            guint32 points;

            lh_assert_cmpwide (lh_game_step_after (step, geometries[g], LH_RULES_2048_CAPPED),
                               lh_game_record_get_wide_board (record, i + 1));
            lh_board_move (lh_game_record_get_board (record, i), geometries[g],
                           (LhMove) step->move, &points);
            g_assert_cmpuint (points, ==, step->points);
            g_assert_cmpuint (lh_game_record_get_score (record, i) + points, ==,
                              lh_game_record_get_score (record, i + 1));
            g_assert_cmpuint (step->player, !=, LH_PLAYER_UNKNOWN);
          }

        read = lh_game_record_from_data (text, -1, "game.json", &error);
        g_assert_no_error (error);
        assert_records_equal (record, read);
        g_assert_cmpstr (lh_game_record_get_source (read), ==, "test “game”");
        g_assert_cmpstr (lh_game_record_get_date (read), ==, "2026-11-28T07:00:00Z");

        /* One line a move. */
        {
          guint lines = 0;
          for (const char *p = text; *p != '\0'; p++)
            lines += *p == '\n';
          g_assert_cmpuint (lines, <, n + 30);
        }
      }
}

/* A game copied, and a game started from a position of a record. */
static void
test_copy_and_restart (void)
{
  g_autoptr(LhGame) game = play_random_game (LH_GEOMETRY_DEFAULT, 7, 200);
  g_autoptr(LhGame) copy = lh_game_copy (game);
  g_autoptr(LhGameRecord) a = lh_game_record_new_from_game (game);
  g_autoptr(LhGameRecord) b = lh_game_record_new_from_game (copy);
  g_autoptr(LhGame) again = lh_game_record_to_game (a, 10, 99);
  g_autoptr(LhGameRecord) c = NULL;
  guint n_steps;

  assert_records_equal (a, b);
  g_assert_cmphex (lh_game_get_board (again), ==, lh_game_record_get_board (a, 10));
  g_assert_cmpuint (lh_game_get_score (again), ==, lh_game_record_get_score (a, 10));
  lh_game_get_steps (again, &n_steps);
  g_assert_cmpuint (n_steps, ==, 0);
  while (!lh_game_move_by (again, LH_MOVE_LEFT, LH_PLAYER_PERSON, NULL, NULL)
         && !lh_game_move_by (again, LH_MOVE_UP, LH_PLAYER_PERSON, NULL, NULL))
    g_assert_not_reached ();
  c = lh_game_record_new_from_game (again);
  g_assert_cmpuint (lh_game_record_get_n_moves (c), ==, 1);
  g_assert_cmphex (lh_game_record_get_board (c, 0), ==, lh_game_record_get_board (a, 10));
  g_assert_cmpuint (lh_game_record_get_score (c, 0), ==, lh_game_record_get_score (a, 10));
}

/* Undo past the start of a restored game's record moves the start back. */
static void
test_undo_past_start (void)
{
  g_autoptr(LhGame) played = play_random_game ((LhGeometry) { 3, 3 }, 3, 20);
  const LhWideBoard *history;
  const guint64 *scores;
  guint n_history;
  g_autoptr(LhGame) restored = NULL;
  g_autoptr(LhGameRecord) record = NULL;

  history = lh_game_get_history (played, &n_history, &scores);
  g_assert_cmpuint (n_history, >, 2);
  restored = lh_game_new_from_state ((LhGeometry) { 3, 3 }, LH_RULES_2048_CAPPED,
                                     lh_game_get_wide_board (played),
                                     lh_game_get_score (played), 20, lh_game_get_rng (played),
                                     history, scores, n_history);
  g_assert_true (lh_game_undo (restored));
  record = lh_game_record_new_from_game (restored);
  g_assert_cmpuint (lh_game_record_get_n_moves (record), ==, 0);
  lh_assert_cmpwide (lh_game_record_get_wide_board (record, 0), history[n_history - 1]);
  g_assert_cmpuint (lh_game_record_get_score (record, 0), ==, scores[n_history - 1]);
}

/* Moves inferred from positions alone are the moves played, but for who. */
static void
test_inferred (void)
{
  for (guint64 seed = 1; seed <= 30; seed++)
    {
      LhGeometry geometry = seed % 2 ? LH_GEOMETRY_DEFAULT : (LhGeometry) { 2, 3 };
      g_autoptr(LhGame) game = play_random_game (geometry, seed, 300);
      g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
      guint n = lh_game_record_get_n_moves (record);
      g_autofree LhBoard *boards = g_new (LhBoard, n + 1);
      g_autofree guint64 *scores = g_new (guint64, n + 1);
      g_autoptr(LhGameRecord) inferred = NULL;
      guint first = 99;

      for (guint i = 0; i <= n; i++)
        {
          boards[i] = lh_game_record_get_board (record, i);
          scores[i] = lh_game_record_get_score (record, i);
        }
      inferred = lh_game_record_new_inferred (geometry, boards, scores, n + 1, &first);
      g_assert_cmpuint (first, ==, 0);
      g_assert_cmpuint (lh_game_record_get_n_moves (inferred), ==, n);
      for (guint i = 0; i < n; i++)
        {
          const LhGameStep *a = lh_game_record_get_step (record, i);
          const LhGameStep *b = lh_game_record_get_step (inferred, i);

          /* Two moves and spawns may lead to the same board with the same
           * points (up then a 2 on the left, or left then a 2 on top);
           * then either will do. */
          lh_assert_cmpwide (a->before, b->before);
          lh_assert_cmpwide (lh_game_step_after (b, geometry, LH_RULES_2048_CAPPED),
                             lh_game_step_after (a, geometry, LH_RULES_2048_CAPPED));
          g_assert_cmpuint (a->points, ==, b->points);
          if (a->move == b->move)
            {
              g_assert_cmpuint (a->spawn_cell, ==, b->spawn_cell);
              g_assert_cmpuint (a->spawn_exponent, ==, b->spawn_exponent);
            }
          g_assert_cmpuint (b->player, ==, LH_PLAYER_UNKNOWN);
        }

      /* A broken link: the record starts after it. */
      if (n > 5)
        {
          g_autoptr(LhGameRecord) tail = NULL;

          boards[2] = boards[4];
          tail = lh_game_record_new_inferred (geometry, boards, scores, n + 1, &first);
          g_assert_cmpuint (first, >=, 2);
          g_assert_cmpuint (lh_game_record_get_n_moves (tail), ==, n - first);
          g_assert_cmphex (lh_game_record_get_board (tail, lh_game_record_get_n_moves (tail)), ==,
                           boards[n]);
        }
    }
}

/* A 3x3 record written by hand: its damaged copies are refused, each with
 * a message that names the place and the fault. */
static const char *good =
  "{ \"format\": \"lookahead-game\", \"version\": 1, \"rules\": \"2048\",\n"
  "  \"rows\": 3, \"cols\": 3,\n"
  "  \"start\": { \"board\": \"110/000/000\", \"score\": 0 },\n"
  "  \"moves\": [\n"
  "    { \"move\": \"left\", \"by\": \"person\", \"points\": 4, \"spawn\": { \"cell\": 8, \"tile\": 2 } },\n"
  "    { \"move\": \"down\", \"by\": \"ai\", \"points\": 0, \"spawn\": { \"cell\": 0, \"tile\": 4 } }\n"
  "  ],\n"
  "  \"end\": { \"board\": \"200/000/201\", \"score\": 4, \"over\": false },\n"
  "  \"source\": \"by hand\" }\n";

static void
test_damage (void)
{
  static const struct {
    const char *from;     /* replaced in `good`, or NULL for a whole text */
    const char *to;
    const char *message;  /* must appear in the error */
    int         code;     /* GIOErrorEnum, -1 for a JSON parser error, -2 either */
  } cases[] = {
    { NULL, "", NULL, -2 },
    { NULL, "{ \"format\": ", NULL, -1 },
    { NULL, "[1]", "JSON object", G_IO_ERROR_INVALID_DATA },
    { "\"lookahead-game\"", "\"lookahead-tree\"", "not a game record", G_IO_ERROR_INVALID_DATA },
    { "\"version\": 1", "\"version\": 0", "version", G_IO_ERROR_INVALID_DATA },
    { "\"version\": 1", "\"version\": 3", "newer", G_IO_ERROR_NOT_SUPPORTED },
    { "\"version\": 1, \"rules\": \"2048\"", "\"version\": 2, \"rules\": \"2048-16\"", "2048-16",
      G_IO_ERROR_NOT_SUPPORTED },
    { "\"rules\": \"2048\"", "\"rules\": \"threes\"", "threes", G_IO_ERROR_NOT_SUPPORTED },
    { "\"rows\": 3", "\"rows\": 9", "rows", G_IO_ERROR_INVALID_DATA },
    { "\"board\": \"110/000/000\"", "\"board\": \"000/000/000\"", "no tiles", G_IO_ERROR_INVALID_DATA },
    { "\"board\": \"110/000/000\"", "\"board\": \"1100/0000/0000\"", "start", G_IO_ERROR_INVALID_DATA },
    { "\"score\": 0 }", "\"score\": -1 }", "score", G_IO_ERROR_INVALID_DATA },
    { "\"moves\": [", "\"moves\": 3, \"x\": [", "moves", G_IO_ERROR_INVALID_DATA },
    { "\"move\": \"left\"", "\"move\": \"sideways\"", "move 1: “sideways” is not a move",
      G_IO_ERROR_INVALID_DATA },
    { "\"move\": \"left\"", "\"move\": \"up\"", "move 1: the move “up” is not legal",
      G_IO_ERROR_INVALID_DATA },
    { "\"points\": 4", "\"points\": 8", "move 1: the move scores 4 points, not 8",
      G_IO_ERROR_INVALID_DATA },
    { "\"by\": \"ai\"", "\"by\": \"cat\"", "move 2: “cat” is not a player", G_IO_ERROR_INVALID_DATA },
    { "\"cell\": 8", "\"cell\": 9", "move 1: the member “cell” is 9, outside 0..8",
      G_IO_ERROR_INVALID_DATA },
    { "\"cell\": 8", "\"cell\": 0", "move 1: the tile spawns on cell 0", G_IO_ERROR_INVALID_DATA },
    { "\"tile\": 4", "\"tile\": 3", "move 2: the spawned tile is 3", G_IO_ERROR_INVALID_DATA },
    { "\"tile\": 4", "\"tile\": 8", "move 2: the member “tile” is 8", G_IO_ERROR_INVALID_DATA },
    { "\"spawn\": { \"cell\": 0, \"tile\": 4 }", "\"spawn\": 5", "move 2: the member “spawn” is not",
      G_IO_ERROR_INVALID_DATA },
    { "\"board\": \"200/000/201\"", "\"board\": \"200/000/202\"", "but the moves lead to 200/000/201",
      G_IO_ERROR_INVALID_DATA },
    { "\"score\": 4,", "\"score\": 5,", "with 4 points", G_IO_ERROR_INVALID_DATA },
    { "\"by hand\"", "\"\\377\"", "source", G_IO_ERROR_INVALID_DATA },
    { "\"move\": \"left\"", "\"move\": \"\\377\\001\"", "“\\xFF\\x01”", G_IO_ERROR_INVALID_DATA },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhGameRecord) record = NULL;
      g_autofree char *text = NULL;

      if (cases[i].from == NULL)
        text = g_strdup (cases[i].to);
      else
        {
          g_autoptr(GString) s = g_string_new (good);
          g_assert_nonnull (strstr (good, cases[i].from));
          g_string_replace (s, cases[i].from, cases[i].to, 1);
          text = g_strdup (s->str);
        }

      record = lh_game_record_from_data (text, -1, "game.json", &error);
      if (record != NULL)
        g_error ("case %u was accepted: %s", i, text);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      if (cases[i].message != NULL && strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: the message “%s” does not name “%s”", i, error->message, cases[i].message);
      if (cases[i].code >= 0)
        g_assert_error (error, G_IO_ERROR, cases[i].code);
      else if (cases[i].code == -1)
        g_assert_true (error->domain == JSON_PARSER_ERROR);
      g_assert_true (g_str_has_prefix (error->message, "game.json"));
    }

  /* Without "points", "by" and "end" it is fine: they are checked, not needed. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) s = g_string_new (good);
    g_autoptr(LhGameRecord) record = NULL;

    g_string_replace (s, "\"by\": \"person\", \"points\": 4, ", "", 1);
    g_string_replace (s, "  \"end\": { \"board\": \"200/000/201\", \"score\": 4, \"over\": false },\n", "", 1);
    record = lh_game_record_from_data (s->str, -1, "game.json", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (lh_game_record_get_score (record, 2), ==, 4);
    g_assert_cmpuint (lh_game_record_get_step (record, 0)->player, ==, LH_PLAYER_UNKNOWN);
    g_assert_cmpuint (lh_game_record_get_step (record, 1)->player, ==, LH_PLAYER_AI);
  }

  /* The good text, and its positions. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(LhGameRecord) record = lh_game_record_from_data (good, -1, "game.json", &error);
    g_autofree char *end = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (lh_game_record_get_n_moves (record), ==, 2);
    end = lh_board_to_hex (lh_game_record_get_board (record, 2), (LhGeometry) { 3, 3 });
    g_assert_cmpstr (end, ==, "200/000/201");
    g_assert_cmpuint (lh_game_record_get_step (record, 0)->player, ==, LH_PLAYER_PERSON);
    g_assert_cmpstr (lh_game_record_get_source (record), ==, "by hand");
    g_assert_null (lh_game_record_get_date (record));
  }
}

/* Wide games, by the original rules: 5x5 and other sizes with a side of
 * 5, and 4x4 games from starts far past 32768; the file's round trip, its
 * version and rules, the boards in hex form with digits past f. */
static void
test_wide_round_trip (void)
{
  static const LhGeometry geometries[] = { { 5, 5 }, { 4, 5 }, { 5, 2 }, { 4, 4 }, { 3, 3 } };
  guint past_32768 = 0;

  for (guint g = 0; g < G_N_ELEMENTS (geometries); g++)
    for (guint64 seed = 1; seed <= 6; seed++)
      {
        LhGeometry geometry = geometries[g];
        LhWideBoard start = 0;
        LhRng rng;
        g_autoptr(LhGame) game = NULL;
        g_autoptr(LhGameRecord) record = NULL;
        g_autoptr(LhGameRecord) read = NULL;
        g_autoptr(LhGame) again = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        guint n;

        /* Pairs of big tiles along the top row, ready to merge past 32768. */
        for (guint c = 0; c < geometry.cols; c++)
          start = lh_wide_board_set_cell (start, 0, c, 15 + c / 2 + seed % 2);
        lh_rng_init (&rng, seed);
        game = play_on (lh_game_new_from_state (geometry, LH_RULES_2048, start, 123, 0, &rng,
                                                NULL, NULL, 0),
                        seed, 300);
        record = lh_game_record_new_from_game (game);
        n = lh_game_record_get_n_moves (record);
        g_assert_cmpint (lh_game_record_get_rules (record), ==, LH_RULES_2048);
        lh_assert_cmpwide (lh_game_record_get_wide_board (record, n), lh_game_get_wide_board (game));
        g_assert_cmpuint (lh_game_record_get_score (record, n), ==, lh_game_get_score (game));
        g_assert_false (lh_game_record_fits_board (record));
        past_32768 += lh_game_get_score (game) - 123 >= 65536;  /* a merge made 65536 or more */

        text = lh_game_record_to_data (record);
        g_assert_nonnull (strstr (text, "\"version\" : 2"));
        g_assert_nonnull (strstr (text, "\"rules\" : \"2048\""));
        read = lh_game_record_from_data (text, -1, "wide.json", &error);
        g_assert_no_error (error);
        assert_records_equal (record, read);

        /* A game started again from a position of the record. */
        again = lh_game_record_to_game (read, n / 2, 5);
        g_assert_cmpint (lh_game_get_rules (again), ==, LH_RULES_2048);
        lh_assert_cmpwide (lh_game_get_wide_board (again), lh_game_record_get_wide_board (read, n / 2));

      }
  g_assert_cmpuint (past_32768, >, 5);
}

/* The rules by the version: in a version-1 file "2048" is the capped rule
 * every Lookahead before version 2 played. */
static void
test_rules_by_version (void)
{
  static const char *pair =
    "{ \"format\": \"lookahead-game\", \"version\": %d, \"rules\": \"%s\",\n"
    "  \"rows\": 4, \"cols\": 4,\n"
    "  \"start\": { \"board\": \"ff00000000000001\", \"score\": 0 },\n"
    "  \"moves\": [ { \"move\": \"left\", \"points\": %d, \"spawn\": { \"cell\": 2, \"tile\": 2 } } ] }\n";
  static const struct {
    int         version;
    const char *rules;
    int         points;
    const char *end;      /* the end board, or NULL when refused */
    const char *message;  /* ... with this in the message */
  } cases[] = {
    { 2, "2048", 65536, "g010000000001000", NULL },
    { 2, "2048-32768", 0, "ff10000000001000", NULL },
    { 1, "2048", 0, "ff10000000001000", NULL },
    { 1, "2048", 65536, NULL, "move 1: the move scores 0 points, not 65536" },
    { 2, "2048-32768", 65536, NULL, "move 1: the move scores 0 points, not 65536" },
    { 2, "2048", 0, NULL, "move 1: the move scores 65536 points, not 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (pair, cases[i].version, cases[i].rules, cases[i].points);
      g_autoptr(GError) error = NULL;
      g_autoptr(LhGameRecord) record = lh_game_record_from_data (text, -1, "pair.json", &error);

      if (cases[i].end == NULL)
        {
          g_assert_null (record);
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
          if (strstr (error->message, cases[i].message) == NULL)
            g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
        }
      else
        {
          g_autofree char *end = NULL;
          g_autofree char *written = NULL;

          g_assert_no_error (error);
          end = lh_wide_board_to_hex (lh_game_record_get_wide_board (record, 1), LH_GEOMETRY_DEFAULT);
          g_assert_cmpstr (end, ==, cases[i].end);
          g_assert_cmpint (lh_game_record_get_rules (record), ==,
                           cases[i].points != 0 ? LH_RULES_2048 : LH_RULES_2048_CAPPED);
          g_assert_cmpint (lh_game_record_fits_board (record), ==, cases[i].points == 0);
          /* Written again, a capped record names its rules. */
          written = lh_game_record_to_data (record);
          g_assert_nonnull (strstr (written, cases[i].points != 0 ? "\"rules\" : \"2048\""
                                                                  : "\"rules\" : \"2048-32768\""));
        }
    }

  /* What the capped rules cannot hold. */
  {
    static const char *const refused[][2] = {
      { "{ \"format\": \"lookahead-game\", \"version\": 2, \"rules\": \"2048-32768\", \"rows\": 5, "
        "\"cols\": 5, \"start\": { \"board\": \"10000/00000/00000/00000/00001\", \"score\": 0 }, "
        "\"moves\": [] }", "the rules “2048-32768” are played on boards up to 4×4, not 5×5" },
      { "{ \"format\": \"lookahead-game\", \"version\": 1, \"rules\": \"2048\", \"rows\": 4, "
        "\"cols\": 4, \"start\": { \"board\": \"g000000000000001\", \"score\": 0 }, "
        "\"moves\": [] }", "the start board has a tile above 32768" },
      { "{ \"format\": \"lookahead-game\", \"version\": 2, \"rules\": \"2048\", \"rows\": 6, "
        "\"cols\": 5, \"start\": { \"board\": \"10000/00000/00000/00000/00001\", \"score\": 0 }, "
        "\"moves\": [] }", "rows" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(LhGameRecord) record = lh_game_record_from_data (refused[i][0], -1, "r.json", &error);

        g_assert_null (record);
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
        if (strstr (error->message, refused[i][1]) == NULL)
          g_error ("refused %u: “%s” does not say “%s”", i, error->message, refused[i][1]);
      }
  }
}

/* Files on disk: saved, loaded; an unreadable one says so. */
static void
test_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autoptr(LhGame) game = play_random_game (LH_GEOMETRY_DEFAULT, 11, 100);
  g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
  g_autoptr(LhGameRecord) read = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (lh_game_record_save (record, path, &error));
  g_assert_no_error (error);
  read = lh_game_record_load (path, &error);
  g_assert_no_error (error);
  assert_records_equal (record, read);
  g_assert_null (lh_game_record_load (missing, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-record/round-trip", test_round_trip);
  g_test_add_func ("/game-record/copy-and-restart", test_copy_and_restart);
  g_test_add_func ("/game-record/undo-past-start", test_undo_past_start);
  g_test_add_func ("/game-record/inferred", test_inferred);
  g_test_add_func ("/game-record/damage", test_damage);
  g_test_add_func ("/game-record/files", test_files);
  g_test_add_func ("/game-record/wide-round-trip", test_wide_round_trip);
  g_test_add_func ("/game-record/rules-by-version", test_rules_by_version);
  return g_test_run ();
}
