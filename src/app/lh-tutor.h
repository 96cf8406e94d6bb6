/* lh-tutor.h: the tutor, a session object beside LhAnalysis and LhReview.
 *
 * With the tutor on (GSettings "tutor", off by default), every move the
 * person makes is judged in the background by the game reviewer
 * (lh_review_default_params(): the exact solver on boards of at most 9
 * cells, else expectimax at "review-depth" with the shipped network), as
 * GNU Backgammon's tutor mode and KaTrain's teaching mode do.  When the
 * move's error reaches the class chosen in "tutor-class" (inaccuracy,
 * mistake or blunder; lh-game-review.h has the thresholds and their
 * sources), "message" says what it lost and which move the AI preferred,
 * and "active" turns on: the window shows it in a bar with Undo.  It never
 * blocks play: the next change of the game (a move, undo, a new game)
 * drops the verdict and any judging under way, and a verdict that comes
 * after the game moved on is thrown away.  Moves by the AI (Step,
 * Auto-play) are not judged.
 *
 * Properties (read-only, notify): "active" (gboolean), "message" (string,
 * "" while not active), "move" (the judged move's index in the game, -1).
 *
 * Threads: main thread; the judging runs in a GTask thread (lh-review.h).
 */
#pragma once

#include <gio/gio.h>

#include "lh-game-model.h"

G_BEGIN_DECLS

#define LH_TYPE_TUTOR (lh_tutor_get_type ())
G_DECLARE_FINAL_TYPE (LhTutor, lh_tutor, LH, TUTOR, GObject)

/**
 * lh_tutor_new:
 * @settings: the application's settings ("tutor", "tutor-class",
 *   "review-depth"); a reference is kept
 * @model: the game the person plays; a reference is kept
 * Returns: (transfer full): the tutor of @model's moves.
 */
LhTutor *lh_tutor_new (GSettings *settings, LhGameModel *model);

/** lh_tutor_get_active: Returns: TRUE while a verdict is shown. */
gboolean lh_tutor_get_active (LhTutor *self);

/** lh_tutor_get_message: Returns: (transfer none): the verdict in words, "" for none. */
const char *lh_tutor_get_message (LhTutor *self);

/**
 * lh_tutor_get_n_judged:
 * Returns: how many of the person's moves were judged so far, whatever the
 *   verdict (a move the game moved on from before its judging ended does
 *   not count).
 */
guint lh_tutor_get_n_judged (LhTutor *self);

/** lh_tutor_dismiss: hides the verdict (the bar's close button). */
void lh_tutor_dismiss (LhTutor *self);

G_END_DECLS
