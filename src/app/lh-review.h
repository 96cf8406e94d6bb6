/* lh-review.h: the review of a whole game, the window's second session
 * object beside LhAnalysis (../shared/ARCHITECTURE.md, "A review").
 *
 * It owns the game record under review, the reviewer's parameters, the
 * running analysis of the game (lh_game_review_run() in a GTask thread,
 * cancellable; its progress reaches the main thread through one coalesced
 * callback a frame), the reviewed moves as a GListModel of LhReviewItem
 * ("moves", filled in order as the moves become known, so results show
 * while the review runs) and the selected move.  The review panel's graph,
 * mistake list and summary are views bound to it; the game stays playable
 * meanwhile (the review reads only its own record).
 *
 * Properties: "record" (LhGameRecord, nullable, read-only), "moves"
 * (GListModel, read-only), "running", "fraction" (0 to 1, positions
 * valued), "selected" (the selected move's index, -1 for none; writable),
 * "selected-item" (LhReviewItem or NULL), "browsing" (the selected
 * position is shown on the main board; writable), "position-text" (the
 * selected move in a sentence, for the bar over the board), "status" (one line: what runs,
 * what was reviewed, or why it failed), and the summary as text for the
 * summary card: "accuracy-text" ("97.3"), "classes-text" ("3 inaccuracies,
 * 1 mistake, 0 blunders"), "luck-text" ("Your moves cost 5,100 expected
 * points; the spawns cost you 3,400"), "turning-text" ("The game turned at
 * move 512: …").
 */
#pragma once

#include <gtk/gtk.h>

#include "lh-game-review.h"
#include "lh-review-item.h"

G_BEGIN_DECLS

#define LH_TYPE_REVIEW (lh_review_get_type ())
G_DECLARE_FINAL_TYPE (LhReview, lh_review, LH, REVIEW, GObject)

/** lh_review_new: (transfer full): a review with no game. */
LhReview *lh_review_new (void);

/**
 * lh_review_start:
 * @record: (transfer none): the game to review (a reference is kept)
 * @params: the reviewer (copied).  With the n-tuple evaluator and no
 *   network the shipped network is used, loaded in the review's thread the
 *   first time (then kept)
 * Cancels a running review and starts this one: "moves" empties, then
 * fills as the positions are valued, the earliest first.
 */
void lh_review_start (LhReview *self, LhGameRecord *record, const LhSolverParams *params);

/**
 * lh_review_default_params:
 * @geometry: the game's board
 * @depth: the reviewer's depth on boards the exact solver does not solve
 * @params: (out caller-allocates): the default reviewer: on boards of at
 *   most 9 cells the exact solver (expected score; values in points); on
 *   4x4, the shipped network's size, expectimax at @depth with it
 *   (params->network NULL: lh_review_start() loads it); on the other sizes
 *   (3x4, 4x3, 5x5 ...) expectimax at @depth with the Balanced heuristic
 *   (values in heuristic points)
 */
void lh_review_default_params (LhGeometry geometry, guint depth, LhSolverParams *params);

/** lh_review_cancel: stops a running review; the moves known stay. */
void lh_review_cancel (LhReview *self);

/** lh_review_get_record: (transfer none) (nullable): the game under review. */
LhGameRecord *lh_review_get_record (LhReview *self);
/** lh_review_get_moves: (transfer none): the reviewed moves, LhReviewItem, in order. */
GListModel *lh_review_get_moves (LhReview *self);
/** lh_review_get_running: TRUE while positions are being valued. */
gboolean lh_review_get_running (LhReview *self);
/** lh_review_get_unit: the unit of the reviewer's values. */
LhReviewUnit lh_review_get_unit (LhReview *self);
/**
 * lh_review_get_summary:
 * @summary: (out caller-allocates): the summary of the moves known so far
 * Returns: FALSE (and a zeroed @summary) with no game under review.
 */
gboolean lh_review_get_summary (LhReview *self, LhReviewSummary *summary);

/** lh_review_get_selected: the selected move's index, or -1. */
int lh_review_get_selected (LhReview *self);
/**
 * lh_review_set_selected:
 * @index: a move of the record (clamped to 0 .. n - 1), or -1 for none
 */
void lh_review_set_selected (LhReview *self, int index);
/**
 * lh_review_get_reviewer:
 * @params: (out caller-allocates): the reviewer of the game under review,
 *   its network resolved (transfer none: valid while this review lives;
 *   take a reference to keep it)
 * Returns: FALSE before the review's thread has set its reviewer up.
 */
gboolean lh_review_get_reviewer (LhReview *self, LhSolverParams *params);

/**
 * lh_review_step_key:
 * @keyval: a key (GDK_KEY_*)
 * Moves the selection as the review's keys say, among the moves reviewed
 * so far: ← and → the previous and next move, Page Up and Page Down ten
 * moves, Home and End the first and last, p and n the previous and next
 * mistake (KaTrain's keys).  The graph's keys, and the board's while it
 * shows a position of the reviewed game.
 * Returns: TRUE when @keyval is one of them (even when the selection
 *   cannot move further), FALSE otherwise or before any move is reviewed.
 */
gboolean lh_review_step_key (LhReview *self, guint keyval);

/**
 * lh_review_get_browsing:
 * Returns: the "browsing" property: the selected move's position is shown
 *   on the main board (with its analysis) instead of the game being played.
 *   Selecting a move (lh_review_set_selected()) turns it on.
 */
gboolean lh_review_get_browsing (LhReview *self);
/**
 * lh_review_set_browsing:
 * @browsing: FALSE to show the game being played again (Back to Game);
 *   TRUE has no effect without a game under review
 */
void lh_review_set_browsing (LhReview *self, gboolean browsing);
/**
 * lh_review_get_position_text:
 * Returns: (transfer none): the "position-text" property: the selected move
 *   in one sentence ("Move 143 of 812: Left was played; the AI preferred Up
 *   (−1,240 expected points, mistake)."), "" with none selected.
 */
const char *lh_review_get_position_text (LhReview *self);

/**
 * lh_review_find_mistake:
 * @forward: after the selected move, else before it
 * Returns: the index of the nearest reviewed move classed inaccuracy or
 *   worse in that direction, or -1.
 */
int lh_review_find_mistake (LhReview *self, gboolean forward);

/**
 * lh_review_select_mistake:
 * @forward: the next mistake after the selected move, else the one before
 * Selects the nearest move classed inaccuracy or worse in that direction
 * (KaTrain's n, GNU Backgammon's buttons).
 * Returns: FALSE, the selection unchanged, when there is none.
 */
gboolean lh_review_select_mistake (LhReview *self, gboolean forward);
/** lh_review_get_selected_item: (transfer full) (nullable): the selected move, once reviewed. */
LhReviewItem *lh_review_get_selected_item (LhReview *self);

G_END_DECLS
