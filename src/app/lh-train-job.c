/* lh-train-job.c: training an n-tuple network in the background (see
 * lh-train-job.h). */
#include "lh-config.h"
#include "lh-train-job.h"

#include <glib/gi18n.h>

#include "lh-ntuple-file.h"

struct _LhTrainJob {
  GObject          parent_instance;

  LhTrainJobState  state;
  LhNtuple        *net;           /* nullable: the network trained */
  LhTdCoherence   *tc;            /* nullable: its TC tables, kept from run to run */
  char            *shape_name;
  LhTdOptions      options;       /* the whole run's: games from 0 to the target */
  guint64          games;         /* games the network has been trained */
  guint64          moves;         /* moves it has learned from */
  GCancellable    *cancellable;   /* of the run going on */
  gboolean         saved;
  gboolean         saving;
};

enum { PROP_0, PROP_STATE, N_PROPS };
enum { SIGNAL_PROGRESS, SIGNAL_FAILED, N_SIGNALS };

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LhTrainJob, lh_train_job, G_TYPE_OBJECT)

static void
set_state (LhTrainJob *self, LhTrainJobState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_STATE]);
}

/* ---- The run ---- */

typedef struct {
  LhNtuple      *net;
  LhTdCoherence *tc;         /* the job's (the task holds the job) */
  LhTdOptions    options;      /* this run's: start_games and the games left */
  LhTdResult   result;
  LhTrainJob  *job;          /* for the progress reports (a reference each) */
} RunData;

static void
run_data_free (RunData *data)
{
  lh_ntuple_unref (data->net);
  g_free (data);
}

typedef struct {
  LhTrainJob   *job;
  LhTdProgress  progress;
} Report;

static gboolean
report_cb (gpointer user_data)
{
  Report *report = user_data;

  g_signal_emit (report->job, signals[SIGNAL_PROGRESS], 0, &report->progress);
  return G_SOURCE_REMOVE;
}

static void
report_free (gpointer user_data)
{
  Report *report = user_data;

  g_object_unref (report->job);
  g_free (report);
}

/* In a training thread: posts the report to the main thread, in order
 * (sources of one priority are dispatched in the order they were added,
 * and the run's completion comes after its last report). */
static void
progress_cb (const LhTdProgress *progress, gpointer user_data)
{
  RunData *data = user_data;
  Report *report = g_new (Report, 1);

  report->job = g_object_ref (data->job);
  report->progress = *progress;
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, report_cb, report, report_free);
}

static void
run_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  RunData *data = task_data;
  GError *error = NULL;

  if (lh_td_train (data->net, data->tc, &data->options, progress_cb, data, cancellable, &data->result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
run_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhTrainJob *self = LH_TRAIN_JOB (source);
  RunData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean done = g_task_propagate_boolean (G_TASK (result), &error);

  g_clear_object (&self->cancellable);
  self->games += data->result.games;
  self->moves += data->result.moves;
  if (data->result.moves > 0)
    self->saved = FALSE;
  if (done)
    set_state (self, LH_TRAIN_JOB_FINISHED);
  else
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_signal_emit (self, signals[SIGNAL_FAILED], 0, error->message);
      set_state (self, LH_TRAIN_JOB_PAUSED);
    }
}

static void
run (LhTrainJob *self)
{
  g_autoptr(GTask) task = NULL;
  RunData *data = g_new0 (RunData, 1);

  data->net = lh_ntuple_ref (self->net);
  data->tc = self->tc;
  data->job = self;
  data->options = self->options;
  data->options.start_games = self->games;
  data->options.games = self->options.games - self->games;
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_source_tag (task, run);
  g_task_set_task_data (task, data, (GDestroyNotify) run_data_free);
  set_state (self, LH_TRAIN_JOB_RUNNING);
  g_task_run_in_thread (task, run_thread);
}

static gboolean
check_idle (LhTrainJob *self, gboolean allow_empty, GError **error)
{
  if ((self->state == LH_TRAIN_JOB_EMPTY && allow_empty) || self->state == LH_TRAIN_JOB_PAUSED
      || self->state == LH_TRAIN_JOB_FINISHED)
    {
      if (!self->saving)
        return TRUE;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("The network is being saved; wait until it is saved"));
      return FALSE;
    }
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                       self->state == LH_TRAIN_JOB_EMPTY ? _("There is no network to train yet")
                                                         : _("The network is being trained; pause it first"));
  return FALSE;
}

gboolean
lh_train_job_start (LhTrainJob        *self,
                    LhGeometry         geometry,
                    const char        *shape_name,
                    const LhTdOptions *options,
                    GError           **error)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  LhTdOptions checked;
  LhNtuple *net;
  LhTdCoherence *tc = NULL;
  guint n_shapes;

  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), FALSE);
  g_return_val_if_fail (shape_name != NULL && options != NULL, FALSE);

  if (!check_idle (self, TRUE, error))
    return FALSE;
  checked = *options;
  checked.start_games = 0;
  if (!lh_td_options_validate (&checked, error)
      || !lh_ntuple_shapes_lookup (shape_name, geometry, shapes, &n_shapes, error))
    return FALSE;
  net = lh_ntuple_new (geometry, shapes, n_shapes, error);
  if (net == NULL)
    return FALSE;
  /* Pause and Train More go on with the same rates (lh-td-train.h). */
  if (checked.tc && (tc = lh_td_coherence_new (net, error)) == NULL)
    {
      lh_ntuple_unref (net);
      return FALSE;
    }

  g_clear_pointer (&self->net, lh_ntuple_unref);
  self->net = net;
  g_clear_pointer (&self->tc, lh_td_coherence_free);
  self->tc = tc;
  g_free (self->shape_name);
  self->shape_name = g_strdup (shape_name);
  self->options = checked;
  self->games = self->moves = 0;
  self->saved = FALSE;
  run (self);
  return TRUE;
}

void
lh_train_job_pause (LhTrainJob *self)
{
  g_return_if_fail (LH_IS_TRAIN_JOB (self));

  if (self->state != LH_TRAIN_JOB_RUNNING)
    return;
  set_state (self, LH_TRAIN_JOB_PAUSING);
  g_cancellable_cancel (self->cancellable);
}

gboolean
lh_train_job_resume (LhTrainJob *self, guint64 extra_games, guint jobs, GError **error)
{
  LhTdOptions options;

  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), FALSE);

  if (!(self->state == LH_TRAIN_JOB_PAUSED
        || (self->state == LH_TRAIN_JOB_FINISHED && extra_games > 0)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           self->state == LH_TRAIN_JOB_FINISHED
                           ? _("Every game of this run has been played")
                           : _("Only a paused or finished run can go on"));
      return FALSE;
    }
  if (!check_idle (self, FALSE, error))
    return FALSE;
  options = self->options;
  options.jobs = jobs;
  if (!lh_td_options_validate (&options, error))
    return FALSE;
  self->options.jobs = jobs;
  self->options.games += extra_games;
  run (self);
  return TRUE;
}

/* ---- Saving ---- */

typedef struct {
  LhNtuple         *net;
  LhNtupleFileInfo  info;
  char             *path;
} SaveData;

static void
save_data_free (SaveData *data)
{
  lh_ntuple_unref (data->net);
  lh_ntuple_file_info_clear (&data->info);
  g_free (data->path);
  g_free (data);
}

static void
save_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (lh_ntuple_file_save (data->net, &data->info, LH_NTUPLE_FILE_INT16, data->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhTrainJob *self = LH_TRAIN_JOB (source);
  GTask *outer = user_data;
  GError *error = NULL;

  self->saving = FALSE;
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      self->saved = TRUE;
      g_task_return_boolean (outer, TRUE);
    }
  else
    g_task_return_error (outer, error);
  g_object_unref (outer);
}

void
lh_train_job_save_async (LhTrainJob          *self,
                         const char          *path,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) inner = NULL;
  GTask *outer;
  GError *error = NULL;
  SaveData *data;

  g_return_if_fail (LH_IS_TRAIN_JOB (self));
  g_return_if_fail (path != NULL);

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, lh_train_job_save_async);
  if (!check_idle (self, FALSE, &error))
    {
      g_task_return_error (outer, error);
      g_object_unref (outer);
      return;
    }
  data = g_new0 (SaveData, 1);
  data->net = lh_ntuple_ref (self->net);
  data->path = g_strdup (path);
  data->info.games = self->games;
  data->info.moves = self->moves;
  data->info.options = lh_td_options_to_string (&self->options);
  /* Translators: the name saved in a trained network's file: the shape
   * set ("4x6") and the games it was trained */
  data->info.name = g_strdup_printf (_("%s, %llu games"), self->shape_name,
                                     (unsigned long long) self->games);
  self->saving = TRUE;
  /* The inner task runs in a thread and completes the outer one, which
   * carries the caller's callback, once the flags are updated. */
  inner = g_task_new (self, cancellable, save_done, outer);
  g_task_set_task_data (inner, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (inner, save_thread);
}

gboolean
lh_train_job_save_finish (LhTrainJob *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- Getters ---- */

LhTrainJobState
lh_train_job_get_state (LhTrainJob *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), LH_TRAIN_JOB_EMPTY);
  return self->state;
}

guint64
lh_train_job_get_games (LhTrainJob *self, guint64 *target)
{
  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), 0);
  if (target != NULL)
    *target = self->net != NULL ? self->options.games : 0;
  return self->games;
}

LhNtuple *
lh_train_job_get_network (LhTrainJob *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), NULL);
  return self->net;
}

const char *
lh_train_job_get_shape_name (LhTrainJob *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), NULL);
  return self->shape_name;
}

gboolean
lh_train_job_get_saved (LhTrainJob *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_JOB (self), TRUE);
  return self->net == NULL || self->saved;
}

/* ---- GObject ---- */

static void
lh_train_job_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhTrainJob *self = LH_TRAIN_JOB (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_train_job_finalize (GObject *object)
{
  LhTrainJob *self = LH_TRAIN_JOB (object);

  /* A run holds a reference on the job until it is done: none is left. */
  g_clear_pointer (&self->net, lh_ntuple_unref);
  g_clear_pointer (&self->tc, lh_td_coherence_free);
  g_free (self->shape_name);
  G_OBJECT_CLASS (lh_train_job_parent_class)->finalize (object);
}

static void
lh_train_job_class_init (LhTrainJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = lh_train_job_get_property;
  object_class->finalize = lh_train_job_finalize;

  /**
   * LhTrainJob:state:
   * The LhTrainJobState (an int, to keep the job free of a registered enum).
   */
  props[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, LH_TRAIN_JOB_EMPTY, LH_TRAIN_JOB_FINISHED,
                                        LH_TRAIN_JOB_EMPTY,
                                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * LhTrainJob::progress:
   * @progress: (type gpointer): the trainer's report, a const LhTdProgress *
   *   valid during the emission
   * A block of games is done (every LhTdOptions.report_every games).
   */
  signals[SIGNAL_PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * LhTrainJob::failed:
   * @message: what went wrong (a sentence for people)
   * A run stopped on an error other than a pause (no memory for the TC
   * tables); the job is PAUSED.
   */
  signals[SIGNAL_FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lh_train_job_init (LhTrainJob *self)
{
  self->state = LH_TRAIN_JOB_EMPTY;
  lh_td_options_init (&self->options);
}

LhTrainJob *
lh_train_job_new (void)
{
  return g_object_new (LH_TYPE_TRAIN_JOB, NULL);
}
