/* test-game-store.c: the save/restore policy (lh-game-store): a corrupt save
 * is set aside; a save that cannot be read, or that a newer version wrote,
 * is left untouched and the session saved beside it (and picked up again
 * next time); delayed saves are written off the main thread, once for
 * several changes; a failed write is reported once until a write succeeds.
 * Needs no display. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "lh-board-text.h"
#include "lh-game-store.h"
#include "lh-save-file.h"
#include "lh-test-util.h"

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lookahead-store-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static guint
count_prefix (const char *dir, const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      n++;
  return n;
}

/* Plays the first legal move in the order up, right, down, left. */
static void
play (LhGameModel *model)
{
  for (int m = 0; m < LH_N_MOVES; m++)
    if (lh_game_model_move (model, (LhMove) m, LH_PLAYER_PERSON, NULL))
      return;
  g_assert_not_reached ();
}

static void
wait_saved (LhGameStore *store)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (lh_game_store_has_pending (store))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
}

static void
test_no_save (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
  g_autoptr(LhGameStore) store = lh_game_store_new (model, path);

  g_assert_true (lh_game_store_restore (store, (LhGeometry) { 3, 3 }));
  g_assert_null (lh_game_store_get_problem (store, NULL));
  g_assert_cmpstr (lh_game_store_get_path (store), ==, path);
  g_assert_cmpuint (lh_game_model_get_geometry (model).rows, ==, 3);
  /* Restoring writes nothing. */
  g_assert_false (lh_game_store_has_pending (store));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  lh_test_remove_tree (dir);
}

static void
test_corrupt_set_aside (void)
{
  static const char *const corrupt[] = { "{ not json", "{ \"format\": 1, \"rows\": 9 }" };

  for (guint i = 0; i < G_N_ELEMENTS (corrupt); i++)
    {
      g_autofree char *dir = make_dir ();
      g_autofree char *path = g_build_filename (dir, "game.json", NULL);
      g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
      g_autoptr(LhGameStore) store = NULL;
      const char *details = NULL;

      g_assert_true (g_file_set_contents (path, corrupt[i], -1, NULL));
      store = lh_game_store_new (model, path);
      g_assert_false (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
      g_assert_nonnull (lh_game_store_get_problem (store, &details));
      g_assert_nonnull (strstr (details, ".corrupt-"));
      g_assert_cmpuint (count_prefix (dir, "game.json.corrupt-"), ==, 1);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      /* This session saves where saves go. */
      g_assert_cmpstr (lh_game_store_get_path (store), ==, path);
      lh_test_remove_tree (dir);
    }
}

/* A save that cannot be read (here: a folder where the file should be, which
 * stops root too) is no corruption: left alone, the session saved beside it,
 * and that session restored the next time. */
static void
test_unreadable_kept (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *session = NULL;
  g_autoptr(GError) error = NULL;
  LhBoard board;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  {
    g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
    g_autoptr(LhGameStore) store = lh_game_store_new (model, path);
    const char *details = NULL;

    g_assert_false (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
    g_assert_nonnull (lh_game_store_get_problem (store, &details));
    session = g_strdup (lh_game_store_get_path (store));
    g_assert_cmpstr (session, !=, path);
    g_assert_true (g_str_has_prefix (session, path));
    g_assert_nonnull (strstr (details, session));  /* says where */
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
    g_assert_cmpuint (count_prefix (dir, "game.json.corrupt-"), ==, 0);

    play (model);
    g_assert_true (lh_game_store_save_now (store, &error));
    g_assert_no_error (error);
    board = lh_game_model_get_board (model);
  }

  /* Next start, the file is still unreadable: the session's game is back,
   * and it goes on being saved there. */
  {
    g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
    g_autoptr(LhGameStore) store = lh_game_store_new (model, path);
    const char *details = NULL;

    g_assert_false (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
    lh_game_store_get_problem (store, &details);
    g_assert_cmpuint (lh_game_model_get_board (model), ==, board);
    g_assert_cmpstr (lh_game_store_get_path (store), ==, session);
    g_assert_nonnull (strstr (details, "earlier session"));
  }
  lh_test_remove_tree (dir);
}

/* A save of a newer format is kept byte for byte. */
static void
test_newer_format_kept (void)
{
  static const char newer[] = "{ \"format\": 99, \"anything\": [1, 2, 3] }";
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
  g_autoptr(LhGameStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  const char *details = NULL;

  g_assert_true (g_file_set_contents (path, newer, -1, NULL));
  store = lh_game_store_new (model, path);
  g_assert_false (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
  g_assert_nonnull (lh_game_store_get_problem (store, &details));
  g_assert_nonnull (strstr (details, "newer"));
  g_assert_cmpstr (lh_game_store_get_path (store), !=, path);

  play (model);
  g_assert_true (lh_game_store_save_now (store, &error));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, newer);
  g_assert_cmpuint (count_prefix (dir, "game.json.corrupt-"), ==, 0);
  g_assert_cmpuint (count_prefix (dir, "game.json.session-"), ==, 1);
  lh_test_remove_tree (dir);
}

/* Saves of every game the window plays restore as they were: a 5x5 game,
 * and a 4x4 game by the original rules past 32768 (issue 28); a move played
 * after is saved in the same file. */
static void
check_restores (LhGame *game)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autofree char *saved = lh_save_file_to_data (game, FALSE);
  g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
  g_autoptr(LhGameStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGame) again = NULL;
  gboolean won;

  g_assert_true (g_file_set_contents (path, saved, -1, NULL));
  store = lh_game_store_new (model, path);
  g_assert_true (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
  g_assert_null (lh_game_store_get_problem (store, NULL));
  g_assert_true (lh_geometry_equal (lh_game_model_get_geometry (model), lh_game_get_geometry (game)));
  g_assert_cmpint (lh_game_model_get_rules (model), ==, lh_game_get_rules (game));
  g_assert_true (lh_game_model_get_wide_board (model) == lh_game_get_wide_board (game));
  g_assert_cmpstr (lh_game_store_get_path (store), ==, path);

  play (model);
  g_assert_true (lh_game_store_save_now (store, &error));
  g_assert_no_error (error);
  again = lh_save_file_load (path, &won, &error);
  g_assert_no_error (error);
  g_assert_true (lh_game_get_wide_board (again) == lh_game_model_get_wide_board (model));
  g_assert_cmpuint (lh_game_get_n_moves (again), ==, lh_game_get_n_moves (game) + 1);
  lh_test_remove_tree (dir);
}

static void
test_wide_restored (void)
{
  g_autoptr(LhGame) five = lh_game_new ((LhGeometry) { 5, 5 }, 3);
  g_autoptr(LhGame) past = NULL;
  LhWideBoard board;
  LhGeometry g;
  LhRng rng;

  check_restores (five);
  /* Two 32768s that merge on the next move left. */
  g_assert_true (lh_wide_board_parse ("32768 32768 0 2/65536 0 0 0/0 0 0 0/0 0 0 0", &board, &g, NULL));
  lh_rng_init (&rng, 5);
  past = lh_game_new_from_state (g, LH_RULES_2048, board, 1000000, 30000, &rng, NULL, NULL, 0);
  g_assert_nonnull (past);
  check_restores (past);
}

static void
test_delayed_save (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "lookahead", "game.json", NULL);
  g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
  g_autoptr(LhGameStore) store = lh_game_store_new (model, path);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGame) saved = NULL;
  gint64 start;

  g_assert_true (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 5; i++)
    play (model);
  /* Scheduled, not written: playing did not wait for the disk. */
  g_assert_true (lh_game_store_has_pending (store));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  wait_saved (store);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, (LH_GAME_STORE_SAVE_DELAY_MS - 50) * 1000);
  g_assert_cmpuint (lh_game_store_get_n_writes (store), ==, 1);

  saved = lh_save_file_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_game_get_board (saved), ==, lh_game_model_get_board (model));
  g_assert_cmpuint (lh_game_get_n_moves (saved), ==, 5);
  lh_test_remove_tree (dir);
}

static void
count_failure (LhGameStore *store, const GError *error, guint *n)
{
  g_assert_nonnull (error);
  (*n)++;
}

static void
test_failure_reported_once (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(LhGameModel) model = lh_game_model_new_empty ();
  g_autoptr(LhGameStore) store = lh_game_store_new (model, path);
  guint failures = 0;

  g_signal_connect (store, "save-failed", G_CALLBACK (count_failure), &failures);
  g_assert_true (lh_game_store_restore (store, LH_GEOMETRY_DEFAULT));

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);  /* in the way of the rename */
  play (model);
  wait_saved (store);
  g_assert_cmpuint (failures, ==, 1);
  play (model);
  wait_saved (store);
  g_assert_cmpuint (failures, ==, 1);  /* not after every move */

  g_assert_cmpint (g_rmdir (path), ==, 0);
  play (model);
  wait_saved (store);
  g_assert_cmpuint (lh_game_store_get_n_writes (store), ==, 1);

  /* After a success, a new failure is news again. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  play (model);
  wait_saved (store);
  g_assert_cmpuint (failures, ==, 2);
  lh_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_setenv ("LOOKAHEAD_SEED", "7", TRUE);
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/game-store/no-save", test_no_save);
  g_test_add_func ("/game-store/corrupt-set-aside", test_corrupt_set_aside);
  g_test_add_func ("/game-store/unreadable-kept", test_unreadable_kept);
  g_test_add_func ("/game-store/newer-format-kept", test_newer_format_kept);
  g_test_add_func ("/game-store/wide-restored", test_wide_restored);
  g_test_add_func ("/game-store/delayed-save", test_delayed_save);
  g_test_add_func ("/game-store/failure-reported-once", test_failure_reported_once);
  return g_test_run ();
}
