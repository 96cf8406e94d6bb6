/* lh-review-panel.h: the Review page of the sidebar, a view of an LhReview
 * (ui/lh-review-panel.ui): Review Game and Open Game, the review's status
 * and progress, the graph (LhReviewGraph), the previous and next mistake,
 * the selected move on a mini board with its words and Try Again From
 * Here, the summary card and the list of mistakes.
 *
 * Property: "review" (LhReview).  Actions: review.previous-mistake and
 * review.next-mistake (enabled while there is one that way).  The window
 * provides win.review-game, win.open-game and win.try-again. */
#pragma once

#include <gtk/gtk.h>

#include "lh-review.h"

G_BEGIN_DECLS

#define LH_TYPE_REVIEW_PANEL (lh_review_panel_get_type ())
G_DECLARE_FINAL_TYPE (LhReviewPanel, lh_review_panel, LH, REVIEW_PANEL, GtkWidget)

/** lh_review_panel_set_review: shows @review (a reference is kept). */
void lh_review_panel_set_review (LhReviewPanel *self, LhReview *review);

/** lh_review_panel_get_review: (transfer none) (nullable): the review shown. */
LhReview *lh_review_panel_get_review (LhReviewPanel *self);

/** lh_review_panel_get_graph: (transfer none): the graph (for the tests). */
GtkWidget *lh_review_panel_get_graph (LhReviewPanel *self);

/** lh_review_panel_get_mistake_list: (transfer none): the list of mistakes (for the tests). */
GtkWidget *lh_review_panel_get_mistake_list (LhReviewPanel *self);

G_END_DECLS
