/* lh-evaluator-group.h: the "Evaluation" group of the Heuristic page.
 *
 * A preferences group that chooses how the AI values positions: Hand-Tuned
 * (the weighted heuristic and its presets) or Learned (an n-tuple network,
 * lh-evaluator-choice.h), kept in the settings "evaluator" and
 * "network-file".  With Learned it shows a row that names the network (its
 * name, shapes, board size, training games and size), says while it loads
 * and why it cannot be used (the row's subtitle, with a warning icon), and
 * has a Choose… button (a file chooser for .lhnet files); a "Use Shipped
 * Network" row goes back to the shipped network when another file is
 * chosen.  Property "learned" (gboolean, notify): Learned is chosen (the
 * Heuristic page hides its presets and sliders then).
 *
 * The group only reads and writes the settings and reads the choice; the
 * Train… dialog changes the same settings.
 */
#pragma once

#include <adwaita.h>

#include "lh-evaluator-choice.h"

G_BEGIN_DECLS

#define LH_TYPE_EVALUATOR_GROUP (lh_evaluator_group_get_type ())
G_DECLARE_FINAL_TYPE (LhEvaluatorGroup, lh_evaluator_group, LH, EVALUATOR_GROUP, AdwPreferencesGroup)

/**
 * lh_evaluator_group_new:
 * @settings: the application's settings; a reference is kept
 * @choice: the evaluator in use, which the group shows; a reference is kept
 * Returns: (transfer floating): the group.
 */
GtkWidget *lh_evaluator_group_new (GSettings *settings, LhEvaluatorChoice *choice);

/** lh_evaluator_group_get_learned: TRUE when Learned is chosen. */
gboolean lh_evaluator_group_get_learned (LhEvaluatorGroup *self);

/**
 * lh_evaluator_group_get_network_row:
 * Returns: (transfer none): the AdwActionRow that names the network (its
 *   title and subtitle say what is loaded, loading or wrong); for tests.
 */
GtkWidget *lh_evaluator_group_get_network_row (LhEvaluatorGroup *self);

G_END_DECLS
