/* lh-train-job.h: training an n-tuple network in the background, for the
 * Train… dialog.
 *
 * An LhTrainJob owns one network being trained (never the one the window
 * plays with: a network is not evaluated by the solvers while it learns)
 * and runs lh_td_train() (lh-td-train.h) on it in a GTask thread, so the
 * main loop, and the game, go on.  Every report of the trainer reaches the
 * main thread as the "progress" signal, in order.  Pausing cancels the run
 * (the trainer stops within a few milliseconds and every update it made is
 * kept); resuming starts a new run from the games already played, which
 * continues the game numbers, seeds and learning-rate schedule
 * (LhTdOptions.start_games), so a paused and resumed run plays the games
 * an uninterrupted one would have (with one thread, to the bit).
 *
 * States (the "state" property):
 *   EMPTY     no network yet: lh_train_job_start() makes one
 *   RUNNING   a run is going on
 *   PAUSING   lh_train_job_pause() was called; the run is stopping
 *   PAUSED    stopped before its games were all played: resume, save or start over
 *   FINISHED  every game of the run was played: train more, save or start over
 * Saving (lh_train_job_save_async()) is allowed in PAUSED and FINISHED and
 * runs in a thread too (compressing a 4x6 network takes seconds).
 */
#pragma once

#include <gio/gio.h>

#include "lh-ntuple.h"
#include "lh-td-train.h"

G_BEGIN_DECLS

typedef enum {
  LH_TRAIN_JOB_EMPTY,
  LH_TRAIN_JOB_RUNNING,
  LH_TRAIN_JOB_PAUSING,
  LH_TRAIN_JOB_PAUSED,
  LH_TRAIN_JOB_FINISHED,
} LhTrainJobState;

#define LH_TYPE_TRAIN_JOB (lh_train_job_get_type ())
G_DECLARE_FINAL_TYPE (LhTrainJob, lh_train_job, LH, TRAIN_JOB, GObject)

/** lh_train_job_new: Returns: (transfer full): a job in state EMPTY. */
LhTrainJob *lh_train_job_new (void);

/** lh_train_job_get_state: the job's state (also the "state" property). */
LhTrainJobState lh_train_job_get_state (LhTrainJob *self);

/**
 * lh_train_job_start:
 * @geometry: the board the network is for
 * @shape_name: a name of lh_ntuple_shape_names() that fits @geometry
 * @options: the run's options: @options->games games from 0
 *   (start_games is ignored and set to 0); copied
 * Makes a new network (all weights 0; a network of a previous run is
 * dropped, saved or not) and starts training it.  Only in EMPTY, PAUSED or
 * FINISHED.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT: a bad option or
 *   shape, the message says which; G_IO_ERROR_NO_SPACE: no memory for the
 *   network; G_IO_ERROR_BUSY: a run is going on)
 */
gboolean lh_train_job_start (LhTrainJob        *self,
                             LhGeometry         geometry,
                             const char        *shape_name,
                             const LhTdOptions *options,
                             GError           **error);

/**
 * lh_train_job_pause:
 * Stops the run (state PAUSING, then PAUSED once the trainer has
 * returned, within a few milliseconds).  Nothing happens in another state.
 */
void lh_train_job_pause (LhTrainJob *self);

/**
 * lh_train_job_resume:
 * @extra_games: games to add to the run's target (0 to just go on)
 * @jobs: threads for the rest of the run (1 to LH_TD_MAX_JOBS)
 * Plays the games the run has left, @extra_games more (state RUNNING):
 * in PAUSED, or in FINISHED with @extra_games above 0 (train more).
 * Returns: FALSE with @error: G_IO_ERROR_BUSY in another state or while a
 *   save is going on, G_IO_ERROR_INVALID_ARGUMENT for a bad @jobs
 */
gboolean lh_train_job_resume (LhTrainJob *self,
                              guint64     extra_games,
                              guint       jobs,
                              GError    **error);

/**
 * lh_train_job_get_games:
 * @target: (out) (optional): the games the run is to reach in all
 * Returns: the games the network has been trained (0 when EMPTY)
 */
guint64 lh_train_job_get_games (LhTrainJob *self, guint64 *target);

/**
 * lh_train_job_get_network:
 * Returns: (transfer none) (nullable): the network, NULL when EMPTY.  Not
 *   to be evaluated or saved while RUNNING or PAUSING.
 */
LhNtuple *lh_train_job_get_network (LhTrainJob *self);

/** lh_train_job_get_shape_name: (transfer none) (nullable): the shape set trained. */
const char *lh_train_job_get_shape_name (LhTrainJob *self);

/**
 * lh_train_job_get_saved:
 * Returns: TRUE when the network, as trained now, has been saved (or
 *   there is none): closing the dialog loses nothing
 */
gboolean lh_train_job_get_saved (LhTrainJob *self);

/**
 * lh_train_job_save_async:
 * @path: (type filename): the weights file to write (lh_ntuple_file_save(),
 *   int16 weights: about half the size of float32 before compression, each
 *   weight within 1/65534 of its shape's largest, see lh-ntuple-file.h);
 *   its name records the shapes and games ("4x6, 100000 games")
 * Saves in a thread.  Only in PAUSED or FINISHED (the state does not
 * change while it saves; lh_train_job_start() and _resume() wait for no
 * save: call them once it is done).
 */
void lh_train_job_save_async (LhTrainJob          *self,
                              const char          *path,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data);

/**
 * lh_train_job_save_finish:
 * Returns: FALSE with @error: G_IO_ERROR_BUSY when the job was not PAUSED
 *   or FINISHED, or lh_ntuple_file_save()'s error (it names the file)
 */
gboolean lh_train_job_save_finish (LhTrainJob    *self,
                                   GAsyncResult  *result,
                                   GError       **error);

G_END_DECLS
