/* lh-review-item.h: one reviewed move, an item of the review's list model
 * (LhReview's "moves"), with the words the views show and read out. */
#pragma once

#include <gtk/gtk.h>

#include "lh-game-review.h"

G_BEGIN_DECLS

#define LH_TYPE_REVIEW_ITEM (lh_review_item_get_type ())
G_DECLARE_FINAL_TYPE (LhReviewItem, lh_review_item, LH, REVIEW_ITEM, GObject)

/**
 * lh_review_item_new:
 * @move: the reviewed move (copied)
 * @unit: the unit of its values
 * Returns: (transfer full): the item; its properties are fixed.
 *
 * Properties (read-only): "index" (from 0), "number" (from 1),
 * "title" ("Move 143: Left ?"), "description" ("The AI preferred Up:
 * −1,240 expected points (mistake)", or that it was the best move, then
 * the spawn's luck when it is classed), "accessible-label" ("Move 143,
 * Left, mistake, lost 1,240 expected points"), "error-class" and
 * "luck-class" (LhErrorClass, LhLuckClass as ints), "is-mistake" (an
 * inaccuracy or worse: the mistake list's filter).
 */
LhReviewItem *lh_review_item_new (const LhReviewMove *move, LhReviewUnit unit);

/** lh_review_item_get_move: (transfer none): the reviewed move. */
const LhReviewMove *lh_review_item_get_move (LhReviewItem *self);

/** lh_review_item_get_description: (transfer none): the move in words. */
const char *lh_review_item_get_description (LhReviewItem *self);

/** lh_review_item_get_accessible_label: (transfer none): the move for screen readers. */
const char *lh_review_item_get_accessible_label (LhReviewItem *self);

G_END_DECLS
