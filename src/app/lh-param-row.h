/* lh-param-row.h: a preferences row editing one number with a slider and a
 * value entry.
 *
 * The slider covers a comfortable range (slider-lower to slider-upper), the
 * entry (a GtkSpinButton) the whole valid range (lower to upper): a value
 * beyond the slider's range, typed in the entry, pins the slider at its end
 * and is kept as typed.  The two controls have their own adjustments, kept
 * in sync without feedback: dragging the slider sets the value, and a value
 * set from the entry or by lh_param_row_set_value() moves the slider (when
 * the slider's position changes the value, only the slider's own moves
 * count).  The row and both controls carry the row's title as shown (no
 * mnemonic underscore) as their accessible name, after a context when one
 * is set (lh_param_row_set_accessible_context(): "Empty cells: weight"),
 * and are reached with Tab; the slider takes the arrow keys and Page
 * Up/Down.
 *
 * Properties: "value" (double, notified on every change), "lower",
 * "upper", "slider-lower", "slider-upper", "step", "digits"; the row's
 * title (and use-underline) is AdwPreferencesRow's, the tooltip the widget's.
 * Laid out on two lines: the title and the entry, then the slider across
 * the row, so a narrow sidebar never squeezes the title.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LH_TYPE_PARAM_ROW (lh_param_row_get_type ())
G_DECLARE_FINAL_TYPE (LhParamRow, lh_param_row, LH, PARAM_ROW, AdwPreferencesRow)

/**
 * lh_param_row_new:
 * @title: the row's title, also the controls' accessible label
 * @tooltip: (nullable): what the number measures, with its unit
 * @lower, @upper: the valid range, which the entry offers (inclusive)
 * @slider_lower, @slider_upper: the slider's range; clamped into
 *   @lower..@upper
 * @step: the increment of the arrow keys and of the entry's buttons
 * @digits: decimals shown and kept (the value is rounded to them)
 * Returns: (transfer floating): the row, its value at @lower
 */
GtkWidget *lh_param_row_new (const char *title,
                             const char *tooltip,
                             double      lower,
                             double      upper,
                             double      slider_lower,
                             double      slider_upper,
                             double      step,
                             guint       digits);

/**
 * lh_param_row_configure:
 * Sets the ranges, step and digits at once (as lh_param_row_new()); the
 * value is clamped into the new @lower..@upper.
 */
void lh_param_row_configure (LhParamRow *self,
                             double      lower,
                             double      upper,
                             double      slider_lower,
                             double      slider_upper,
                             double      step,
                             guint       digits);

/** lh_param_row_get_value: Returns: the value, within lower..upper. */
double lh_param_row_get_value (LhParamRow *self);

/**
 * lh_param_row_set_value:
 * Sets the value, clamped into lower..upper and kept exactly (a preset's
 * 2456.25 stays 2456.25; the entry shows it to the row's digits, and only
 * the slider's own moves are rounded to them); notifies "value" when it
 * changed.
 */
void lh_param_row_set_value (LhParamRow *self, double value);

/** lh_param_row_get_scale: Returns: (transfer none): the slider. */
GtkWidget *lh_param_row_get_scale (LhParamRow *self);

/** lh_param_row_get_spin_button: Returns: (transfer none): the value entry. */
GtkWidget *lh_param_row_get_spin_button (LhParamRow *self);

/**
 * lh_param_row_set_accessible_context:
 * @context: (nullable): what the row belongs to, such as its group's title
 *   ("Empty cells"); NULL or "" for none
 *
 * Names the row, its slider and its entry for screen readers "@context:
 * title", the title as shown with its first letter lowered ("Empty cells:
 * weight"), so rows titled alike in different groups ("Weight") are told
 * apart; without a context the name is the title.  The name follows later
 * changes of the title.
 */
void lh_param_row_set_accessible_context (LhParamRow *self, const char *context);

G_END_DECLS
