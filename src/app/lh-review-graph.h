/* lh-review-graph.h: the graph of a reviewed game, over its moves.
 *
 * Top: the expected outcome after every move (score + V with points, the
 * chance of the target with the tile objective), each move in an error
 * class marked in its class's colour, the turning point marked.  Bottom:
 * per move, what the move lost (downward, in its class's colour) and what
 * the spawn gave or took (green up, violet down) — skill and luck side by
 * side.  The static part is drawn once into a render node (sysprof's flame
 * graph does this) and only the selected move and the hovered one are
 * drawn on top each frame.
 *
 * A click or a drag selects the move under the pointer; with the focus,
 * Left and Right step a move, Page Up and Page Down ten, Home and End go to
 * the ends, N and P to the next and previous mistake.  To assistive
 * technologies it is a slider over the moves whose value text is the
 * selected move in words ("Move 143, Left, mistake, lost 1,240 expected
 * points").
 *
 * Property: "review" (LhReview), the session it shows and selects in.
 */
#pragma once

#include <gtk/gtk.h>

#include "lh-review.h"

G_BEGIN_DECLS

#define LH_TYPE_REVIEW_GRAPH (lh_review_graph_get_type ())
G_DECLARE_FINAL_TYPE (LhReviewGraph, lh_review_graph, LH, REVIEW_GRAPH, GtkWidget)

/** lh_review_graph_new: (transfer floating): a graph of no review. */
GtkWidget *lh_review_graph_new (void);

/** lh_review_graph_set_review: shows @review (a reference is kept); NULL for none. */
void lh_review_graph_set_review (LhReviewGraph *self, LhReview *review);

/** lh_review_graph_get_review: (transfer none) (nullable): the review shown. */
LhReview *lh_review_graph_get_review (LhReviewGraph *self);

/**
 * lh_review_graph_index_at:
 * @x: a position in the widget's coordinates, px
 * Returns: the move drawn at @x (clamped to the moves known), or -1 with none.
 */
int lh_review_graph_index_at (LhReviewGraph *self, double x);

G_END_DECLS
