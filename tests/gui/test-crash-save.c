/* test-crash-save.c: the save survives SIGKILL at any moment.
 *
 * Runs the real `lookahead` binary (LH_LOOKAHEAD_BINARY, set by meson) on
 * the X display (xvfb-run), with its own D-Bus session bus (GTestDBus: the
 * application is unique), fresh XDG_DATA_HOME, XDG_CONFIG_HOME and
 * XDG_CACHE_HOME, the memory GSettings backend, G_DEBUG=fatal-criticals and
 * LOOKAHEAD_AUTOPLAY=1 (auto-play from the start, lh-application.h).  The app
 * plays and saves on its own (a save a second after each change, written in
 * a thread); the test kills it with SIGKILL after a random (seeded) delay,
 * then reads the save with the app's own loader (lh_save_file_load()) and
 * checks:
 *
 * - it is there (once a save was seen) and valid: never corrupt, never lost;
 * - the process died of the SIGKILL, not of a crash or a critical before it;
 * - the game only went forward: its move count is at least that of the save
 *   the run started from, and a save with more moves holds that save's board
 *   and score in its undo history, that many moves back (so it is the same
 *   game continued, a state the app wrote, not an older or another one);
 * - a temporary file a kill inside a write left is gone once the next run
 *   has restored and saved (lh_save_file_remove_temporaries()).
 *
 * Half the kills (chosen at random) come at a random moment; the other half
 * aim at a write: the test watches the save's folder (inotify) and kills
 * 0 to 3 ms after the app creates its temporary file, while the data is
 * being written, flushed and renamed (on a disk, the flush takes a few ms).
 *
 * Then the app is started again from that save, and so on.  A finished game
 * (no move left) is removed, and the next run starts a new one.
 *
 * LH_CRASH_KILLS sets the number of kills (default 20, for CI: each takes
 * about 4 s; build-aux/crash-save.sh runs 200), LH_CRASH_SEED the seed of
 * the delays (default 1), LH_CRASH_MIN_DELAY_MS and LH_CRASH_MAX_DELAY_MS
 * their range (default 500 to 6000: the window takes 1 to 3 s to come up
 * under Xvfb, the first save is written a second after the first move, then
 * one a second or so).  The report (kills, saves seen to move on, kills that left
 * a temporary file, i.e. landed inside a write, time) is printed as TAP
 * comments.
 */
#include <glib.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <string.h>
#include <unistd.h>

#include "lh-save-file.h"
#include "lh-game.h"
#include "lh-test-util.h"

typedef struct {
  gboolean present;
  LhBoard  board;
  guint64  score;
  guint64  moves;
} SavedState;

/* The temporary files g_file_set_contents_full() left beside @save (a kill
 * landed inside a write), as a set of names. */
static GHashTable *
find_temporary_files (const char *save)
{
  g_autofree char *dir_name = g_path_get_dirname (save);
  g_autoptr(GDir) d = g_dir_open (dir_name, 0, NULL);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (lh_save_file_is_temporary (save, name))
      g_hash_table_add (names, g_strdup (name));
  return names;
}

/* Waits until a temporary file is created in the folder @watch_fd watches,
 * at most until @deadline (monotonic time).  Returns: whether one was. */
static gboolean
wait_for_write (int watch_fd, gint64 deadline)
{
  char buffer[4096] __attribute__ ((aligned (__alignof__ (struct inotify_event))));

  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      struct pollfd pfd = { watch_fd, POLLIN, 0 };
      ssize_t len;

      if (now >= deadline)
        return FALSE;
      if (poll (&pfd, 1, (int) ((deadline - now) / 1000) + 1) <= 0)
        continue;
      len = read (watch_fd, buffer, sizeof buffer);
      for (char *p = buffer; len > 0 && p < buffer + len; )
        {
          const struct inotify_event *event = (const struct inotify_event *) p;

          if (event->len > 0 && g_str_has_prefix (event->name, "game.json.")
              && strlen (event->name) == strlen ("game.json.XXXXXX"))
            return TRUE;
          p += sizeof (struct inotify_event) + event->len;
        }
    }
}

/* Reads the save at @path into @state, checking it against @before. */
static void
check_save (const char *path, const SavedState *before, SavedState *state, guint kill)
{
  g_autoptr(GError) error = NULL;
  gboolean won = FALSE;
  LhGame *game = lh_save_file_load (path, &won, &error);

  if (game == NULL)
    {
      if (!before->present && g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          *state = *before;  /* killed before the first save of a new game */
          return;
        }
      g_error ("kill %u: the save could not be read: %s", kill, error->message);
    }

  state->present = TRUE;
  state->board = lh_game_get_board (game);
  state->score = lh_game_get_score (game);
  state->moves = lh_game_get_n_moves (game);

  if (before->present)
    {
      guint n_history = 0;
      const guint64 *scores = NULL;
      const LhWideBoard *history = lh_game_get_history (game, &n_history, &scores);
      LhWideBoard before_board = lh_wide_board_from_board (before->board,
                                                           lh_game_get_geometry (game));
      guint64 back = state->moves - before->moves;

      if (state->moves < before->moves)
        g_error ("kill %u: the save went back from move %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
                 kill, before->moves, state->moves);
      if (back == 0)
        {
          g_assert_cmpuint (state->board, ==, before->board);
          g_assert_cmpuint (state->score, ==, before->score);
        }
      else if (back <= n_history)
        {
          if (history[n_history - back] != before_board || scores[n_history - back] != before->score)
            g_error ("kill %u: the save at move %" G_GUINT64_FORMAT " does not continue the one at "
                     "move %" G_GUINT64_FORMAT, kill, state->moves, before->moves);
        }
      g_assert_cmpuint (state->score, >=, before->score);
    }
  else
    g_assert_cmpuint (state->moves, <=, 1000000);

  if (lh_game_is_over (game))
    {
      g_test_message ("kill %u: the game ended at move %" G_GUINT64_FORMAT ", score %" G_GUINT64_FORMAT
                      "; a new one starts", kill, state->moves, state->score);
      g_assert_cmpint (g_unlink (path), ==, 0);
      *state = (SavedState) { 0 };
    }
  lh_game_free (game);
}

static void
test_crash_save (void)
{
  const char *binary = g_getenv ("LH_LOOKAHEAD_BINARY");
  guint n_kills = lh_test_env_uint ("LH_CRASH_KILLS", 20);
  guint seed = lh_test_env_uint ("LH_CRASH_SEED", 1);
  guint min_delay = lh_test_env_uint ("LH_CRASH_MIN_DELAY_MS", 500);
  guint max_delay = MAX (lh_test_env_uint ("LH_CRASH_MAX_DELAY_MS", 6000), min_delay);
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("lookahead-crash-XXXXXX", &error);
  g_autofree char *data_dir = NULL, *config_dir = NULL, *cache_dir = NULL, *save_dir = NULL;
  g_autofree char *save = NULL, *log = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_auto(GStrv) envp = NULL;
  SavedState state = { 0 };
  guint n_temporary = 0, n_cleaned = 0, n_unchanged = 0, n_games = 1, n_absent = 0, n_aimed = 0;
  GHashTable *left = g_hash_table_new (g_str_hash, g_str_equal);  /* by the last kill */
  int watch_fd;
  guint64 total_moves = 0;
  gint64 start = g_get_monotonic_time ();

  if (binary == NULL)
    {
      g_test_skip ("LH_LOOKAHEAD_BINARY is not set (run with meson test)");
      return;
    }
  g_assert_no_error (error);
  data_dir = g_build_filename (home, "data", NULL);
  config_dir = g_build_filename (home, "config", NULL);
  cache_dir = g_build_filename (home, "cache", NULL);
  save_dir = g_build_filename (data_dir, "lookahead", NULL);
  save = g_build_filename (save_dir, "game.json", NULL);
  log = g_build_filename (home, "stderr.log", NULL);
  g_assert_cmpint (g_mkdir_with_parents (save_dir, 0700), ==, 0);
  watch_fd = inotify_init1 (IN_NONBLOCK | IN_CLOEXEC);
  g_assert_cmpint (watch_fd, >=, 0);
  g_assert_cmpint (inotify_add_watch (watch_fd, save_dir, IN_CREATE), >=, 0);

  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", data_dir, TRUE);
  envp = g_environ_setenv (envp, "XDG_CONFIG_HOME", config_dir, TRUE);
  envp = g_environ_setenv (envp, "XDG_CACHE_HOME", cache_dir, TRUE);
  envp = g_environ_setenv (envp, "GSETTINGS_BACKEND", "memory", TRUE);
  envp = g_environ_setenv (envp, "GDK_BACKEND", "x11", TRUE);
  envp = g_environ_setenv (envp, "NO_AT_BRIDGE", "1", TRUE);
  envp = g_environ_setenv (envp, "GTK_A11Y", "none", TRUE);
  envp = g_environ_setenv (envp, "G_DEBUG", "fatal-criticals", TRUE);
  envp = g_environ_setenv (envp, "LOOKAHEAD_AUTOPLAY", "1", TRUE);
  envp = g_environ_unsetenv (envp, "LOOKAHEAD_SEED");  /* each game its own */

  g_test_message ("%u kills, seed %u, delays %u to %u ms, binary %s", n_kills, seed, min_delay,
                  max_delay, binary);
  for (guint kill_no = 1; kill_no <= n_kills; kill_no++)
    {
      const char *argv[] = { binary, NULL };
      guint delay = (guint) g_rand_int_range (rand, (gint32) min_delay, (gint32) max_delay + 1);
      SavedState before = state;
      GPid pid;
      int status = 0;
      int log_fd = g_open (log, O_WRONLY | O_CREAT | O_TRUNC, 0600);

      g_assert_cmpint (log_fd, >=, 0);
      if (!g_spawn_async_with_fds (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                   NULL, NULL, &pid, -1, log_fd, log_fd, &error))
        g_error ("could not start %s: %s", binary, error->message);
      g_close (log_fd, NULL);

      if (g_rand_boolean (rand))
        {
          /* Aimed at a write: soon after a temporary file appears (or at
           * the delay's end if none did: the game may be over). */
          char drain[4096];

          while (read (watch_fd, drain, sizeof drain) > 0)
            ;
          if (wait_for_write (watch_fd, g_get_monotonic_time () + (gint64) max_delay * 2000))
            {
              n_aimed++;
              g_usleep ((gulong) g_rand_int_range (rand, 0, 3001));
            }
        }
      else
        g_usleep ((gulong) delay * 1000);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
        {
          g_autofree char *text = NULL;

          g_file_get_contents (log, &text, NULL, NULL);
          g_error ("kill %u: the app ended before the kill (status %d) after %u ms:\n%s",
                   kill_no, status, delay, text != NULL ? text : "");
        }

      check_save (save, &before, &state, kill_no);
      {
        /* A run that saved had restored first, and restoring removes what
         * a kill inside the last run's write left (lh_game_store_restore()). */
        g_autoptr(GHashTable) now = find_temporary_files (save);
        GHashTableIter iter;
        gpointer name;

        if (state.present && before.present && state.moves != before.moves)
          {
            g_hash_table_iter_init (&iter, left);
            while (g_hash_table_iter_next (&iter, &name, NULL))
              if (g_hash_table_contains (now, name))
                g_error ("kill %u: %s, left by the kill before, is still there after a run that "
                         "restored and saved", kill_no, (const char *) name);
            n_cleaned += g_hash_table_size (left);
          }
        g_hash_table_iter_init (&iter, now);
        while (g_hash_table_iter_next (&iter, &name, NULL))
          if (!g_hash_table_contains (left, name))
            n_temporary++;
        g_clear_pointer (&left, g_hash_table_unref);
        left = g_steal_pointer (&now);
      }
      if (!state.present && before.present)
        n_games++;
      else if (!state.present)
        n_absent++;
      else if (state.moves == before.moves)
        n_unchanged++;
      else
        total_moves += state.moves - before.moves;
      if (kill_no % 20 == 0)
        g_test_message ("kill %u: move %" G_GUINT64_FORMAT ", score %" G_GUINT64_FORMAT ", %.0f s",
                        kill_no, state.moves, state.score,
                        (g_get_monotonic_time () - start) / 1e6);
    }

  g_test_message ("%u kills in %.1f s (seed %u): %" G_GUINT64_FORMAT " moves saved, %u games; "
                  "%u kills before the run's first save (save unchanged), %u before any save of a "
                  "new game; %u kills aimed at a write, %u inside one (a temporary file left), "
                  "%u such files removed by the next run; no save lost or corrupt",
                  n_kills, (g_get_monotonic_time () - start) / 1e6, seed, total_moves, n_games,
                  n_unchanged, n_absent, n_aimed, n_temporary, n_cleaned);
  g_hash_table_unref (left);
  close (watch_fd);
  lh_test_remove_tree (home);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GTestDBus) bus = NULL;
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  int status;

  g_test_init (&argc, &argv, NULL);
  if (display == NULL)
    {
      g_printerr ("no X display: run under xvfb-run -a\n");
      return 1;
    }
  /* The application is unique: it needs a session bus of its own. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  g_setenv ("DISPLAY", display, TRUE);  /* g_test_dbus_up() unsets it */
  g_test_add_func ("/gui/crash-save", test_crash_save);
  status = g_test_run ();
  g_test_dbus_down (bus);
  return status;
}
