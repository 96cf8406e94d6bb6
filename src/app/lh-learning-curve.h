/* lh-learning-curve.h: a learning curve, drawn as training goes.
 *
 * The Train… dialog's chart: one point per block of training games
 * (LhLearningCurvePoint), drawn against the number of games played (the
 * x axis, from 0 to a round number above the last point's games):
 * - the mean score of the block's games, a thick line in the accent
 *   colour, on the left axis (points, from 0 to a round number above the
 *   largest mean: lh_format_compact()'s "45k");
 * - the share of the block's games that reached 2048, 8192 and 16384,
 *   three thin lines on the right axis (0 to 100 %), in the theme's
 *   success, warning and error colours, each with its name in the legend.
 * With no point yet it reads a short placeholder.  Under the pointer the
 * nearest point is marked and its tooltip gives its figures; the
 * accessible description reads the last point.  Drawing is cheap (a few
 * thousand points at most: the trainer writes one every K games), so the
 * widget redraws on each new point.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * LhLearningCurvePoint: one block of training games
 * @games: training games played when the block ended (the x value)
 * @mean_score: the block's mean final score, in points
 * @share_2048, @share_8192, @share_16384: the share of the block's games
 *   whose largest tile reached 2048, 8192, 16384: 0 to 1
 */
typedef struct {
  guint64 games;
  double  mean_score;
  double  share_2048;
  double  share_8192;
  double  share_16384;
} LhLearningCurvePoint;

#define LH_TYPE_LEARNING_CURVE (lh_learning_curve_get_type ())
G_DECLARE_FINAL_TYPE (LhLearningCurve, lh_learning_curve, LH, LEARNING_CURVE, GtkWidget)

/** lh_learning_curve_new: an empty curve. Returns: (transfer floating). */
GtkWidget *lh_learning_curve_new (void);

/**
 * lh_learning_curve_add_point:
 * Appends @point (copied) and redraws.  Points are expected in the order of
 * their games; one whose games are not above the last point's replaces the
 * points from there on (a resumed run that went back).  Non-finite values
 * and shares outside 0..1 are clamped (a critical warning for a NaN).
 */
void lh_learning_curve_add_point (LhLearningCurve            *self,
                                  const LhLearningCurvePoint *point);

/** lh_learning_curve_clear: removes every point. */
void lh_learning_curve_clear (LhLearningCurve *self);

/** lh_learning_curve_get_n_points: the number of points drawn. */
guint lh_learning_curve_get_n_points (LhLearningCurve *self);

/**
 * lh_learning_curve_get_point:
 * Returns: (transfer none): point @index (below the number of points),
 *   owned by the curve, valid until the next change.
 */
const LhLearningCurvePoint *lh_learning_curve_get_point (LhLearningCurve *self, guint index);

/**
 * lh_learning_curve_axis_step:
 * @top: the largest value to show, above 0
 * @n_ticks: how many ticks at most (2 or more)
 * The step of an axis from 0 to @top: 1, 2 or 5 times a power of ten, the
 * smallest such that @n_ticks steps reach @top (the usual "nice numbers",
 * as Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990).
 * Returns: the step, above 0
 */
double lh_learning_curve_axis_step (double top, guint n_ticks);

G_END_DECLS
