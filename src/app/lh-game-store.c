/* lh-game-store.c: save/restore policy of the game (see lh-game-store.h). */
#include "lh-config.h"
#include "lh-game-store.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "lh-save-file.h"

struct _LhGameStore
{
  GObject      parent_instance;

  LhGameModel *model;
  char        *path;          /* where this session saves */
  char        *problem;       /* summary of a restore problem, or NULL */
  char        *details;

  guint        save_source;
  guint        n_running;     /* write tasks not finished yet */
  gboolean     restoring;
  gboolean     error_reported;
  guint        n_writes;

  /* Ordering of writes: each write gets the next sequence number on the main
   * thread; a write whose number is below the last one written is skipped. */
  GMutex       write_lock;
  guint64      next_seq;
  guint64      written_seq;   /* under write_lock */
};

G_DEFINE_FINAL_TYPE (LhGameStore, lh_game_store, G_TYPE_OBJECT)

enum {
  SIGNAL_SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Writes @data to @path unless a newer write got there first.  Any thread. */
static gboolean
write_ordered (LhGameStore *self,
               const char  *path,
               const char  *data,
               guint64      seq,
               GError     **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->write_lock);

  if (seq < self->written_seq)
    return TRUE;  /* a newer state is on disk already */
  if (!lh_save_file_write_data (path, data, error))
    return FALSE;
  self->written_seq = seq;
  return TRUE;
}

typedef struct {
  char    *path;
  char    *data;
  guint64  seq;
} WriteJob;

static void
write_job_free (gpointer data)
{
  WriteJob *job = data;

  g_free (job->path);
  g_free (job->data);
  g_free (job);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteJob *job = task_data;
  GError *error = NULL;

  if (write_ordered (LH_GAME_STORE (source_object), job->path, job->data, job->seq, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
report_result (LhGameStore *self, gboolean ok, const GError *error)
{
  if (ok)
    {
      self->n_writes++;
      self->error_reported = FALSE;  /* the next failure is news again */
    }
  else if (!self->error_reported)
    {
      self->error_reported = TRUE;   /* once, not after every move */
      g_signal_emit (self, signals[SIGNAL_SAVE_FAILED], 0, error);
    }
}

static void
write_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhGameStore *self = LH_GAME_STORE (source);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  self->n_running--;
  report_result (self, ok, error);
}

static char *
serialize (LhGameStore *self)
{
  const LhGame *game = lh_game_model_get_game (self->model);

  if (game == NULL)
    return NULL;
  return lh_save_file_to_data (game, lh_game_model_get_won (self->model));
}

static gboolean
save_timeout_cb (gpointer user_data)
{
  LhGameStore *self = LH_GAME_STORE (user_data);
  g_autoptr(GTask) task = NULL;
  WriteJob *job;
  char *data;

  self->save_source = 0;
  data = serialize (self);
  if (data == NULL)
    return G_SOURCE_REMOVE;

  job = g_new0 (WriteJob, 1);
  job->path = g_strdup (self->path);
  job->data = data;
  job->seq = ++self->next_seq;
  task = g_task_new (self, NULL, write_done_cb, NULL);
  g_task_set_source_tag (task, save_timeout_cb);
  g_task_set_task_data (task, job, write_job_free);
  self->n_running++;
  g_task_run_in_thread (task, write_thread);
  return G_SOURCE_REMOVE;
}

static void
schedule_save (LhGameStore *self)
{
  if (self->restoring)
    return;
  if (self->save_source == 0)
    self->save_source = g_timeout_add (LH_GAME_STORE_SAVE_DELAY_MS, save_timeout_cb, self);
}

static void
model_changed_cb (LhGameModel *model, int change, int move, int spawned_cell,
                  gconstpointer previous, LhGameStore *self)
{
  schedule_save (self);
}

static void
model_won_cb (LhGameModel *model, GParamSpec *pspec, LhGameStore *self)
{
  schedule_save (self);
}

gboolean
lh_game_store_save_now (LhGameStore *self, GError **error)
{
  g_autofree char *data = NULL;
  GError *local_error = NULL;
  gboolean ok;

  g_return_val_if_fail (LH_IS_GAME_STORE (self), FALSE);

  g_clear_handle_id (&self->save_source, g_source_remove);
  data = serialize (self);
  if (data == NULL)
    return TRUE;
  ok = write_ordered (self, self->path, data, ++self->next_seq, &local_error);
  if (ok)
    report_result (self, TRUE, NULL);
  else
    g_propagate_error (error, local_error);
  return ok;
}

void
lh_game_store_discard_pending (LhGameStore *self)
{
  g_return_if_fail (LH_IS_GAME_STORE (self));
  g_clear_handle_id (&self->save_source, g_source_remove);
}

gboolean
lh_game_store_has_pending (LhGameStore *self)
{
  g_return_val_if_fail (LH_IS_GAME_STORE (self), FALSE);
  return self->save_source != 0 || self->n_running > 0;
}

guint
lh_game_store_get_n_writes (LhGameStore *self)
{
  g_return_val_if_fail (LH_IS_GAME_STORE (self), 0);
  return self->n_writes;
}

const char *
lh_game_store_get_path (LhGameStore *self)
{
  g_return_val_if_fail (LH_IS_GAME_STORE (self), NULL);
  return self->path;
}

const char *
lh_game_store_get_problem (LhGameStore *self, const char **details)
{
  g_return_val_if_fail (LH_IS_GAME_STORE (self), NULL);

  if (details != NULL)
    *details = self->details;
  return self->problem;
}

/* Invalid data in the file, as opposed to a file that cannot be read or
 * that a newer version wrote: only such a file is set aside. */
static gboolean
is_corrupt (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA)
      || error->domain == JSON_PARSER_ERROR;
}

static void
set_problem (LhGameStore *self, const char *summary, const char *details)
{
  g_free (self->problem);
  g_free (self->details);
  self->problem = g_utf8_make_valid (summary, -1);
  self->details = g_utf8_make_valid (details, -1);
  g_message ("%s", self->details);
}

/* The newest session file beside the save that holds a good game, restored
 * into the model; its path, or NULL when there is none. */
static char *
restore_newest_session (LhGameStore *self)
{
  g_auto(GStrv) sessions = lh_save_file_find_sessions (self->path);

  for (guint i = 0; sessions[i] != NULL; i++)
    {
      gboolean won = FALSE;
      LhGame *game = lh_save_file_load (sessions[i], &won, NULL);

      if (game != NULL)
        {
          lh_game_model_set_game (self->model, game, won);
          return g_strdup (sessions[i]);
        }
    }
  return NULL;
}

gboolean
lh_game_store_restore (LhGameStore *self, LhGeometry default_geometry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) move_error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *details = NULL;
  g_autofree char *session = NULL;
  gboolean won = FALSE;
  LhGame *game;

  g_return_val_if_fail (LH_IS_GAME_STORE (self), FALSE);

  self->restoring = TRUE;
  /* What a crash inside the last run's save left beside the save. */
  lh_save_file_remove_temporaries (self->path);
  game = lh_save_file_load (self->path, &won, &error);
  if (game != NULL)
    {
      lh_game_model_set_game (self->model, game, won);
      self->restoring = FALSE;
      return TRUE;
    }
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      lh_game_model_new_game (self->model, default_geometry);
      self->restoring = FALSE;
      return TRUE;
    }

  summary = g_strdup_printf (_("Could not restore the saved game: %s"), error->message);

  if (is_corrupt (error))
    {
      aside = lh_save_file_set_aside (self->path, &move_error);
      if (aside != NULL)
        {
          details = g_strdup_printf (_("The saved game could not be read: %s\n\n"
                                       "The file was moved to %s, where it is kept, "
                                       "and a new game started."),
                                     error->message, aside);
          set_problem (self, summary, details);
          lh_game_model_new_game (self->model, default_geometry);
          self->restoring = FALSE;
          return FALSE;
        }
    }

  /* The file stays where it is, untouched: this session saves elsewhere.
   * An earlier session that did the same is picked up again. */
  session = restore_newest_session (self);
  if (session == NULL)
    {
      lh_game_model_new_game (self->model, default_geometry);
      session = lh_save_file_session_path (self->path);
    }

  {
    g_autofree char *why = NULL;

    if (move_error != NULL)
      /* Translators: first the reason the save could not be read, then why it
       * could not be renamed */
      why = g_strdup_printf (_("The saved game could not be read: %s\n\n"
                               "It could not be moved aside either (%s)."),
                             error->message, move_error->message);
    else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
      why = g_strdup_printf (_("The saved game could not be read: %s\n\n"
                               "Open it with that newer version to go on playing it."),
                             error->message);
    else
      why = g_strdup_printf (_("The saved game could not be read: %s\n\n"
                               "Once the file can be read again, it will be restored."),
                             error->message);

    if (g_file_test (session, G_FILE_TEST_EXISTS))
      /* Translators: %s the reason above, then the file, then the save's own file */
      details = g_strdup_printf (_("%s\n\nThe file %s is left as it is. The game of an "
                                   "earlier session, saved in %s, was restored, and this "
                                   "session is saved there too."),
                                 why, self->path, session);
    else
      details = g_strdup_printf (_("%s\n\nThe file %s is left as it is. A new game "
                                   "started, and this session is saved in %s."),
                                 why, self->path, session);
  }
  set_problem (self, summary, details);
  g_free (self->path);
  self->path = g_steal_pointer (&session);
  self->restoring = FALSE;
  return FALSE;
}

static void
lh_game_store_dispose (GObject *object)
{
  LhGameStore *self = LH_GAME_STORE (object);

  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (lh_game_store_parent_class)->dispose (object);
}

static void
lh_game_store_finalize (GObject *object)
{
  LhGameStore *self = LH_GAME_STORE (object);

  g_free (self->path);
  g_free (self->problem);
  g_free (self->details);
  g_mutex_clear (&self->write_lock);
  G_OBJECT_CLASS (lh_game_store_parent_class)->finalize (object);
}

static void
lh_game_store_class_init (LhGameStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lh_game_store_dispose;
  object_class->finalize = lh_game_store_finalize;

  /**
   * LhGameStore::save-failed:
   * @error: (type GLib.Error): why the game could not be written
   * A write failed; emitted once until a write succeeds again.
   */
  signals[SIGNAL_SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
lh_game_store_init (LhGameStore *self)
{
  g_mutex_init (&self->write_lock);
}

LhGameStore *
lh_game_store_new (LhGameModel *model, const char *path)
{
  LhGameStore *self;

  g_return_val_if_fail (LH_IS_GAME_MODEL (model), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (LH_TYPE_GAME_STORE, NULL);
  self->model = g_object_ref (model);
  self->path = g_strdup (path);
  g_signal_connect (model, "changed", G_CALLBACK (model_changed_cb), self);
  g_signal_connect (model, "notify::won", G_CALLBACK (model_won_cb), self);
  return self;
}
