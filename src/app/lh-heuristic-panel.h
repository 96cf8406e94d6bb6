/* lh-heuristic-panel.h: the side panel of the heuristic's weights.
 *
 * A scrollable preferences-style panel: a preset chooser (the built-in and
 * user presets of an LhPresetStore) with "Reset to preset" and a menu (Save
 * as new preset, Save over this preset, Rename, Delete, Import and Export
 * as a JSON preset file), then one group per heuristic term with an
 * LhParamRow (slider and value entry) for each of its parameters, built from
 * lh_heuristic_param_list(), and the game-over penalty in a group of its
 * own.  The chooser's subtitle says "Modified" when the values differ from
 * the chosen preset's.  Choosing another preset in the chooser then asks
 * first (an AdwMessageDialog): Save as New Preset… (named in a second
 * dialog, then the chosen preset's values are shown), Discard (they are
 * shown at once), or Cancel (the chooser and the values stay as they
 * were); nothing is lost unasked.  lh_heuristic_panel_select_preset() does
 * not ask.
 *
 * Every value is kept in the GSettings key "heuristic-" + its key with '-'
 * for '_' ("heuristic-empty-weight"), the chosen preset in "preset".  On
 * creation the values are read from GSettings; one out of its range
 * (lh_heuristic_param_check()) takes the chosen preset's value instead, and
 * an unknown preset key means Balanced.
 *
 * Signals: "changed" (no arguments) once per change of the values: a
 * slider's move, an entry, a preset chosen, Reset.
 */
#pragma once

#include <gtk/gtk.h>

#include "lh-heuristic-params.h"

G_BEGIN_DECLS

#define LH_TYPE_HEURISTIC_PANEL (lh_heuristic_panel_get_type ())
G_DECLARE_FINAL_TYPE (LhHeuristicPanel, lh_heuristic_panel, LH, HEURISTIC_PANEL, GtkWidget)

/** lh_heuristic_panel_new: Returns: (transfer floating): the panel, its
 * values from GSettings. */
GtkWidget *lh_heuristic_panel_new (void);

/**
 * lh_heuristic_panel_get_params:
 * @out: (out caller-allocates): the values shown, always valid
 *   (lh_heuristic_params_validate())
 */
void lh_heuristic_panel_get_params (LhHeuristicPanel *self, LhHeuristicParams *out);

/**
 * lh_heuristic_panel_get_row:
 * @key: a parameter's key ("empty_weight"; '-' is accepted for '_')
 * Returns: (transfer none) (nullable): its LhParamRow, or NULL for an
 *   unknown key
 */
GtkWidget *lh_heuristic_panel_get_row (LhHeuristicPanel *self, const char *key);

/**
 * lh_heuristic_panel_get_preset_key:
 * Returns: (transfer none): the chosen preset's key ("balanced", "user:Name")
 */
const char *lh_heuristic_panel_get_preset_key (LhHeuristicPanel *self);

/**
 * lh_heuristic_panel_select_preset:
 * Chooses the preset with @key: its values are shown, kept and "changed" is
 * emitted.  Changed values are replaced without asking (the chooser asks).
 * Returns: FALSE when no preset has @key (nothing changes)
 */
gboolean lh_heuristic_panel_select_preset (LhHeuristicPanel *self, const char *key);

/**
 * lh_heuristic_panel_reset:
 * Sets every value back to the chosen preset's ("Reset to preset").
 */
void lh_heuristic_panel_reset (LhHeuristicPanel *self);

/** lh_heuristic_panel_is_modified: Returns: TRUE when a value differs
 * from the chosen preset's. */
gboolean lh_heuristic_panel_is_modified (LhHeuristicPanel *self);

/**
 * lh_heuristic_panel_add_extra_group:
 * @group: (transfer floating): a group (an AdwPreferencesGroup) placed after
 *   the preset chooser, before the terms (the window's breakdown and heat
 *   map)
 */
void lh_heuristic_panel_add_extra_group (LhHeuristicPanel *self, GtkWidget *group);

/**
 * lh_heuristic_panel_set_evaluation_group:
 * @group: (transfer floating): a group shown at the top of the page, above
 *   the presets (the choice of the evaluator, lh-evaluator-group.h)
 */
void lh_heuristic_panel_set_evaluation_group (LhHeuristicPanel *self, GtkWidget *group);

/**
 * lh_heuristic_panel_set_learned:
 * @learned: TRUE while the AI plays with a learned network: the presets and
 *   the terms' sliders, which do not apply to it, are hidden (and come
 *   back with FALSE); the extra groups stay, and the cell-terms row is
 *   usable (a network has per-cell values)
 */
void lh_heuristic_panel_set_learned (LhHeuristicPanel *self, gboolean learned);

/**
 * lh_heuristic_panel_set_cell_terms_row:
 * @row: (nullable) (transfer none): the row of the heat-map switch (the
 *   window's "Show Heat Map on the Board"), or NULL to forget it; not
 *   referenced (forgotten when it is finalized)
 *
 * Keeps @row sensitive only while the values shown weight a per-cell term
 * (lh_heuristic_params_has_cell_terms(): snake or corner gradient), with
 * the tooltip "This preset has no per-cell term (snake or corner
 * gradient)" while it is not, so the heat map is not offered where it
 * would show nothing.  Follows every change of the values.
 */
void lh_heuristic_panel_set_cell_terms_row (LhHeuristicPanel *self, GtkWidget *row);

G_END_DECLS
