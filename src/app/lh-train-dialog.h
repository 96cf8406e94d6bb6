/* lh-train-dialog.h: the Train… dialog: watch an n-tuple network learn.
 *
 * A window beside the game (not modal: the game stays playable): choose
 * the network's shape (the named sets of lh_ntuple_shape_names() that fit
 * the board size, each with its memory), the number of games, threads and,
 * under Learning, the learning rate and temporal coherence; Start trains a
 * new network in the background (LhTrainJob) and the learning curve
 * (LhLearningCurve) grows with every block of games, with a progress bar
 * and a status line (games, mean score, moves per second, time left).
 * Pause stops the run and Resume goes on from there (the same games an
 * uninterrupted run plays); once the games are played, Train More adds as
 * many again; Start Over drops the network for a new one.  Save… writes
 * the network to a weights file (lh-ntuple-file.h); the toast that says so
 * offers Use, which emits "use-network" so the window makes it the Learned
 * evaluator.  Closing the dialog pauses a run, and asks before it drops a
 * network that is not saved.
 *
 * Signals: "use-network" (const char *path): the person asked to play with
 * the network saved at @path.
 */
#pragma once

#include <adwaita.h>

#include "lh-board.h"

G_BEGIN_DECLS

#define LH_TYPE_TRAIN_DIALOG (lh_train_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LhTrainDialog, lh_train_dialog, LH, TRAIN_DIALOG, AdwWindow)

/**
 * lh_train_dialog_new:
 * @parent: (nullable): the window it belongs to (transient for it)
 * @geometry: the board size the network is for
 * Returns: (transfer none): the dialog, owned by GTK's window list until
 *   it is closed; present it with gtk_window_present()
 */
LhTrainDialog *lh_train_dialog_new (GtkWindow *parent, LhGeometry geometry);

/** lh_train_dialog_get_geometry: the board size it trains for. */
LhGeometry lh_train_dialog_get_geometry (LhTrainDialog *self);

/**
 * lh_train_dialog_get_job:
 * Returns: (transfer none): its training job (for tests)
 */
GObject *lh_train_dialog_get_job (LhTrainDialog *self);

G_END_DECLS
