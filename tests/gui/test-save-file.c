/* test-save-file.c: the saved game (lh-save-file): round trip, atomic write,
 * rejection of corrupt saves with a message naming the problem, and setting a
 * corrupt save aside.  Needs no display. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-game-record.h"
#include "lh-save-file.h"
#include "lh-test-util.h"

static LhGame *
played_game (LhGeometry geometry, guint64 seed, guint n_moves)
{
  LhGame *game = lh_game_new (geometry, seed);

  for (guint i = 0; i < n_moves && !lh_game_is_over (game); i++)
    for (int m = 0; m < LH_N_MOVES; m++)
      if (lh_game_move (game, (LhMove) ((i + m) % LH_N_MOVES), NULL, NULL))
        break;
  return game;
}

static void
assert_same_game (const LhGame *a, const LhGame *b)
{
  const LhWideBoard *ha, *hb;
  const guint64 *sa, *sb;
  guint na, nb;

  g_assert_true (lh_geometry_equal (lh_game_get_geometry (a), lh_game_get_geometry (b)));
  g_assert_cmpint (lh_game_get_rules (a), ==, lh_game_get_rules (b));
  lh_assert_cmpwide (lh_game_get_wide_board (a), lh_game_get_wide_board (b));
  g_assert_cmpuint (lh_game_get_score (a), ==, lh_game_get_score (b));
  g_assert_cmpuint (lh_game_get_n_moves (a), ==, lh_game_get_n_moves (b));
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (lh_game_get_rng (a)->s[i], ==, lh_game_get_rng (b)->s[i]);
  ha = lh_game_get_history (a, &na, &sa);
  hb = lh_game_get_history (b, &nb, &sb);
  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    {
      lh_assert_cmpwide (ha[i], hb[i]);
      g_assert_cmpuint (sa[i], ==, sb[i]);
    }
  {
    const LhGameStep *steps_a, *steps_b;
    LhWideBoard start_a, start_b;
    guint64 score_a, score_b;

    steps_a = lh_game_get_steps (a, &na);
    steps_b = lh_game_get_steps (b, &nb);
    g_assert_cmpuint (na, ==, nb);
    for (guint i = 0; i < na; i++)
      g_assert_true (lh_game_step_equal (&steps_a[i], &steps_b[i]));
    lh_game_get_record_start (a, &start_a, &score_a);
    lh_game_get_record_start (b, &start_b, &score_b);
    lh_assert_cmpwide (start_a, start_b);
    g_assert_cmpuint (score_a, ==, score_b);
  }
}

static void
test_round_trip (void)
{
  static const LhGeometry geometries[] = { { 4, 4 }, { 3, 3 }, { 2, 4 }, { 4, 3 }, { 2, 2 } };

  for (guint k = 0; k < G_N_ELEMENTS (geometries); k++)
    {
      g_autoptr(LhGame) game = played_game (geometries[k], 17 + k, 40);
      g_autoptr(LhGame) restored = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = lh_save_file_to_data (game, k % 2 == 0);
      gboolean won = !(k % 2 == 0);

      restored = lh_save_file_from_data (data, -1, &won, &error);
      g_assert_no_error (error);
      g_assert_nonnull (restored);
      g_assert_cmpint (won, ==, k % 2 == 0);
      assert_same_game (game, restored);

      /* The generator state came back: both games go on identically. */
      for (guint i = 0; i < 30; i++)
        {
          LhMove m = (LhMove) (i % LH_N_MOVES);
          g_assert_cmpint (lh_game_move (game, m, NULL, NULL), ==, lh_game_move (restored, m, NULL, NULL));
          g_assert_cmpuint (lh_game_get_board (game), ==, lh_game_get_board (restored));
        }

      /* And undo goes back through the saved history. */
      while (lh_game_can_undo (game))
        {
          g_assert_true (lh_game_undo (restored));
          g_assert_true (lh_game_undo (game));
          g_assert_cmpuint (lh_game_get_board (game), ==, lh_game_get_board (restored));
          g_assert_cmpuint (lh_game_get_score (game), ==, lh_game_get_score (restored));
        }
      g_assert_false (lh_game_can_undo (restored));
    }
}

/* Format 2 keeps every move (past the undo limit) and who made it; a
 * format-1 save loads with its moves inferred from its history; a damaged
 * record is refused with the move named. */
static void
test_record (void)
{
  g_autoptr(LhGame) game = lh_game_new ((LhGeometry) { 2, 2 }, 1);
  g_autoptr(LhGame) long_game = lh_game_new (LH_GEOMETRY_DEFAULT, 3);
  g_autoptr(LhGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  const LhGameStep *steps;
  const LhWideBoard *history;
  const guint64 *scores;
  guint n_steps, n_history, n_moves = 0;

  /* A long game, by two players: corner play (left, up, then right, down),
   * ten moves taken back whenever it ends, until it has 1,500 moves. */
  for (guint i = 0; n_moves < 1500; i++)
    {
      static const LhMove order[] = { LH_MOVE_LEFT, LH_MOVE_UP, LH_MOVE_RIGHT, LH_MOVE_DOWN };
      LhPlayer player = i % 3 == 0 ? LH_PLAYER_AI : LH_PLAYER_PERSON;

      g_assert_cmpuint (i, <, 100000);
      if (lh_game_is_over (long_game))
        for (guint k = 0; k < 10 && lh_game_undo (long_game); k++)
          n_moves--;
      for (guint m = 0; m < G_N_ELEMENTS (order); m++)
        if (lh_game_move_by (long_game, order[m], player, NULL, NULL))
          {
            n_moves++;
            break;
          }
    }
  data = lh_save_file_to_data (long_game, FALSE);
  restored = lh_save_file_from_data (data, -1, NULL, &error);
  g_assert_no_error (error);
  assert_same_game (long_game, restored);
  steps = lh_game_get_steps (restored, &n_steps);
  g_assert_cmpuint (n_steps, ==, 1500);
  for (guint i = 0; i < n_steps; i++)
    g_assert_cmpuint (steps[i].player, !=, LH_PLAYER_UNKNOWN);
  lh_game_get_history (restored, &n_history, NULL);
  g_assert_cmpuint (n_history, ==, LH_GAME_MAX_UNDO);
  g_assert_null (strstr (data, "\"history\""));
  g_clear_pointer (&restored, lh_game_free);

  /* Format 1: the history's moves inferred. */
  {
    g_autoptr(GString) old = g_string_new (NULL);
    LhGeometry g = { 2, 2 };

    for (guint i = 0; i < 8 && !lh_game_is_over (game); i++)
      for (int m = 0; m < LH_N_MOVES; m++)
        if (lh_game_move_by (game, (LhMove) ((i + m) % LH_N_MOVES), LH_PLAYER_PERSON, NULL, NULL))
          break;
    history = lh_game_get_history (game, &n_history, &scores);
    g_assert_cmpuint (n_history, >=, 3);
    {
      g_autofree char *board = lh_board_to_hex (lh_game_get_board (game), g);
      g_string_append_printf (old, "{ \"format\": 1, \"rows\": 2, \"cols\": 2, \"board\": \"%s\", "
                              "\"score\": %u, \"moves\": %u, \"rng\": [\"1\", \"2\", \"3\", \"4\"], "
                              "\"history\": [", board, (guint) lh_game_get_score (game), n_history);
    }
    for (guint i = 0; i < n_history; i++)
      {
        g_autofree char *board = lh_wide_board_to_hex (history[i], g);
        g_string_append_printf (old, "%s{ \"board\": \"%s\", \"score\": %u }",
                                i > 0 ? ", " : "", board, (guint) scores[i]);
      }
    g_string_append (old, "] }");
    restored = lh_save_file_from_data (old->str, -1, NULL, &error);
    g_assert_no_error (error);
    steps = lh_game_get_steps (restored, &n_steps);
    g_assert_cmpuint (n_steps, ==, n_history);
    for (guint i = 0; i < n_steps; i++)
      {
        lh_assert_cmpwide (steps[i].before, history[i]);
        g_assert_cmpuint (steps[i].player, ==, LH_PLAYER_UNKNOWN);
      }
    g_clear_pointer (&restored, lh_game_free);
  }

  /* Format 2 damaged: a move's points, and a record that ends elsewhere. */
  {
    g_autofree char *saved = lh_save_file_to_data (game, FALSE);
    g_autoptr(GString) s = g_string_new (saved);
    const char *points = strstr (saved, "\"points\" : ");

    g_assert_nonnull (points);
    g_string_replace (s, "\"points\" : 0", "\"points\" : 64", 1);
    g_string_replace (s, "\"points\" : 4", "\"points\" : 64", 1);
    g_string_replace (s, "\"points\" : 8", "\"points\" : 64", 1);
    restored = lh_save_file_from_data (s->str, -1, NULL, &error);
    g_assert_null (restored);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "“record”, move "));
    g_assert_nonnull (strstr (error->message, "not 64"));
    g_clear_error (&error);

    g_string_assign (s, saved);
    g_string_replace (s, "\"score\" : ", "\"score\" : 1", 1);
    restored = lh_save_file_from_data (s->str, -1, NULL, &error);
    g_assert_null (restored);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "does not end"));
  }
}

static void
test_save_and_load_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lookahead-save-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "lookahead", "game.json", NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(LhGame) game = played_game (LH_GEOMETRY_DEFAULT, 5, 25);
  g_autoptr(LhGame) loaded = NULL;
  gboolean won = TRUE;

  g_assert_no_error (error);

  /* No save yet: NOENT, which the window treats as "start a new game". */
  loaded = lh_save_file_load (path, NULL, &error);
  g_assert_null (loaded);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_assert_true (lh_save_file_save (path, game, FALSE, &error));
  g_assert_no_error (error);
  loaded = lh_save_file_load (path, &won, &error);
  g_assert_no_error (error);
  g_assert_false (won);
  assert_same_game (game, loaded);

  /* Saving again replaces the file (atomically: no temporary is left). */
  lh_game_move (game, LH_MOVE_LEFT, NULL, NULL);
  lh_game_move (game, LH_MOVE_UP, NULL, NULL);
  g_assert_true (lh_save_file_save (path, game, TRUE, &error));
  g_clear_pointer (&loaded, lh_game_free);
  loaded = lh_save_file_load (path, &won, &error);
  g_assert_no_error (error);
  g_assert_true (won);
  assert_same_game (game, loaded);
  {
    g_autoptr(GDir) d = g_dir_open (parent, 0, NULL);
    const char *name;
    guint n = 0;
    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_assert_cmpstr (name, ==, "game.json");
        n++;
      }
    g_assert_cmpuint (n, ==, 1);
  }

  g_remove (path);
  g_rmdir (parent);
  g_rmdir (dir);
}

static const char *good =
  "{ \"format\": 1, \"rows\": 3, \"cols\": 3, \"board\": \"100/020/003\", \"score\": 12,"
  "  \"moves\": 4, \"rng\": [\"1\", \"2\", \"3\", \"4\"], \"won\": false,"
  "  \"history\": [ { \"board\": \"110/000/002\", \"score\": 8 } ] }";

/* Games by the original rules (5x5, and 4x4 past 32768) save in format 3
 * and come back whole; a format-2 save is a game by the capped rules. */
static void
test_wide (void)
{
  static const LhGeometry geometries[] = { { 5, 5 }, { 4, 5 }, { 4, 4 } };

  for (guint k = 0; k < G_N_ELEMENTS (geometries); k++)
    {
      LhGeometry g = geometries[k];
      LhWideBoard start = 0;
      LhRng rng;
      g_autoptr(LhGame) game = NULL;
      g_autoptr(LhGame) restored = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;

      for (guint c = 0; c < g.cols; c++)
        start = lh_wide_board_set_cell (start, 0, c, 15 + c / 2);
      lh_rng_init (&rng, 40 + k);
      game = lh_game_new_from_state (g, LH_RULES_2048, start, 0, 0, &rng, NULL, NULL, 0);
      for (guint i = 0; i < 60 && !lh_game_is_over (game); i++)
        for (int m = 0; m < LH_N_MOVES; m++)
          if (lh_game_move_by (game, (LhMove) ((i + m) % LH_N_MOVES), LH_PLAYER_PERSON, NULL, NULL))
            break;
      g_assert_cmpuint (lh_game_get_max_tile (game), >=, 65536);
      data = lh_save_file_to_data (game, TRUE);
      g_assert_nonnull (strstr (data, "\"format\" : 3"));
      restored = lh_save_file_from_data (data, -1, NULL, &error);
      g_assert_no_error (error);
      assert_same_game (game, restored);
      g_assert_cmpint (lh_game_get_rules (restored), ==, LH_RULES_2048);
    }

  /* Format 2 (its record of version 1): "2048" is the capped rules. */
  {
    g_autoptr(LhGame) game = played_game (LH_GEOMETRY_DEFAULT, 8, 50);
    g_autofree char *data = lh_save_file_to_data (game, FALSE);
    g_autoptr(GString) old = g_string_new (data);
    g_autoptr(LhGame) restored = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (lh_game_get_rules (game), ==, LH_RULES_2048_CAPPED);
    g_assert_cmpuint (g_string_replace (old, "\"format\" : 3", "\"format\" : 2", 1), ==, 1);
    g_assert_cmpuint (g_string_replace (old, "\"2048-32768\"", "\"2048\"", 1), ==, 1);
    restored = lh_save_file_from_data (old->str, -1, NULL, &error);
    g_assert_no_error (error);
    assert_same_game (game, restored);

    /* A format-2 save of a 5x5 board cannot be: the record says so. */
    g_string_replace (old, "\"rows\" : 4", "\"rows\" : 5", 0);
    g_clear_pointer (&restored, lh_game_free);
    restored = lh_save_file_from_data (old->str, -1, NULL, &error);
    g_assert_null (restored);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  }
}

static void
test_corrupt (void)
{
  static const struct {
    const char *from;     /* replaced in `good`, or NULL for a whole text */
    const char *to;
    const char *message;  /* must appear in the error */
  } cases[] = {
    { NULL, "", NULL },
    { NULL, "{ \"format\": 1, ", NULL },
    { NULL, "[1, 2, 3]", "JSON object" },
    { "\"format\": 1", "\"format\": 0", "format" },
    { "\"board\": \"100/020/003\"", "\"board\": \"000/000/000\"", "no tiles" },
    { "\"rows\": 3", "\"rows\": 6", "rows" },
    { "\"board\": \"100/020/003\"", "\"board\": \"100/0g0/003\"", "format 1" },
    { "\"cols\": 3", "\"cols\": \"3\"", "cols" },
    { "\"board\": \"100/020/003\"", "\"board\": \"100/0g0/003\"", "board" },
    { "\"board\": \"100/020/003\"", "\"board\": \"1000/0200/0030/0000\"", "3×3" },
    { "\"board\": \"100/020/003\", ", "", "board" },
    { "\"score\": 12", "\"score\": -5", "score" },
    { "\"moves\": 4", "\"moves\": 1.5", "moves" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"0\", \"0\", \"0\", \"0\"]", "rng" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"3\"]", "rng" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"xyz\", \"4\"]", "rng[2]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"3\", \"12345678901234567\"]", "rng[3]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"0x1f\", \"2\", \"3\", \"4\"]", "rng[0]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"+2\", \"3\", \"4\"]", "rng[1]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \" 3\", \"4\"]", "rng[2]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"3\", \"\"]", "rng[3]" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"3\", 4]", "rng[3]" },
    { "\"won\": false", "\"won\": 0", "won" },
    { "\"110/000/002\"", "\"110/000\"", "history entry 1" },
    { "{ \"board\": \"110/000/002\", \"score\": 8 }", "7", "history entry 1" },
    /* ASCII text whose escapes make bytes that are not UTF-8 (json-glib reads
     * "\200" as the byte 0x80): quoted as \xNN, never as they are. */
    { NULL, "[\"\\200\"x]", "\"\\x80\"" },
    { "[\"1\", \"2\", \"3\", \"4\"]", "[\"1\", \"2\", \"3\", \"\\377\\001\"]", "rng[3] “\\xFF\\x01”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhGame) game = NULL;
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

      game = lh_save_file_from_data (text, -1, NULL, &error);
      if (game != NULL)
        g_error ("case %u was accepted: %s", i, text);
      g_assert_nonnull (error);
      if (cases[i].message != NULL && strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: the message “%s” does not name “%s”", i, error->message, cases[i].message);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }

  /* A rng word of 1 MB: the message quotes its start. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) s = g_string_new (good);
    g_autoptr(LhGame) game = NULL;
    g_autofree char *word = g_strnfill (1024 * 1024, 'z');
    g_autofree char *rng = g_strdup_printf ("[\"1\", \"2\", \"3\", \"%s\"]", word);

    g_string_replace (s, "[\"1\", \"2\", \"3\", \"4\"]", rng, 1);
    game = lh_save_file_from_data (s->str, -1, NULL, &error);
    g_assert_null (game);
    g_assert_nonnull (error);
    g_assert_cmpuint (strlen (error->message), <, 300);
    g_assert_nonnull (strstr (error->message, "zzz…”"));
  }

  /* Every message is valid UTF-8, even for a board that is not. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) s = g_string_new (good);
    g_autoptr(LhGame) game = NULL;

    g_string_replace (s, "\"board\": \"100/020/003\"", "\"board\": \"1000/0200/0030/00\xff\"", 1);
    game = lh_save_file_from_data (s->str, -1, NULL, &error);
    g_assert_null (game);
    g_assert_nonnull (error);
    g_assert_true (g_utf8_validate (error->message, -1, NULL));
  }

  /* A newer format is not corruption: its own error code, which says so. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) s = g_string_new (good);
    g_autoptr(LhGame) game = NULL;

    g_string_replace (s, "\"format\": 1", "\"format\": 7", 1);
    game = lh_save_file_from_data (s->str, -1, NULL, &error);
    g_assert_null (game);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "newer"));
  }

  /* The unchanged text is fine. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(LhGame) game = lh_save_file_from_data (good, -1, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (lh_game_get_score (game), ==, 12);
  }
}

static void
test_set_aside (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lookahead-aside-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(LhGame) game = NULL;

  g_assert_true (g_file_set_contents (path, "{ not json", -1, &error));
  game = lh_save_file_load (path, NULL, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  g_clear_error (&error);

  first = lh_save_file_set_aside (path, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (first, path));
  g_assert_nonnull (strstr (first, ".corrupt-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (first, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "{ not json");

  /* A second corrupt save in the same second gets its own name. */
  g_assert_true (g_file_set_contents (path, "[]", -1, &error));
  second = lh_save_file_set_aside (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));

  /* Nothing to move: a clear error. */
  g_assert_null (lh_save_file_set_aside (path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);

  g_remove (first);
  g_remove (second);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/save-file/round-trip", test_round_trip);
  g_test_add_func ("/save-file/save-and-load", test_save_and_load_file);
  g_test_add_func ("/save-file/record", test_record);
  g_test_add_func ("/save-file/corrupt", test_corrupt);
  g_test_add_func ("/save-file/wide", test_wide);
  g_test_add_func ("/save-file/set-aside", test_set_aside);
  return g_test_run ();
}
