/* lh-ai-panel.h: the AI page of the settings sidebar.
 *
 * The solver chooser and the chosen solver's parameters (search depth,
 * adaptive depth and its smallest depth, probability cutoff, time budget and
 * the other solvers' own parameters), numbers as slider and entry rows
 * (LhParamRow), the auto-play pace and the node budget of the inspector's
 * search-tree record (inspector-max-nodes, 1,000 to 1,000,000, with its
 * memory cost), all bound to GSettings.  It runs no search: the analysis
 * session (lh-analysis) reads the same keys (lh-solver-settings) and follows
 * their changes.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LH_TYPE_AI_PANEL (lh_ai_panel_get_type ())
G_DECLARE_FINAL_TYPE (LhAiPanel, lh_ai_panel, LH, AI_PANEL, GtkWidget)

/**
 * lh_ai_panel_get_delay_adjustment:
 * Returns: (transfer none): the adjustment of the auto-play pace, in ms.
 */
GtkAdjustment *lh_ai_panel_get_delay_adjustment (LhAiPanel *self);

/**
 * lh_ai_panel_get_record_adjustment:
 * Returns: (transfer none): the adjustment of the search-tree record's node
 *   budget per search step, in nodes (the GSettings key inspector-max-nodes).
 */
GtkAdjustment *lh_ai_panel_get_record_adjustment (LhAiPanel *self);

/**
 * lh_ai_panel_get_setting_row:
 * @key: a solver setting's GSettings key: "solver", "ai-depth",
 *   "ai-adaptive", or a search or solver parameter's ("ai-cutoff",
 *   "ai-time-budget", "ai-min-depth", "mcts-iterations"...); the rows of
 *   numbers are LhParamRows
 * Returns: (transfer none) (nullable): the row that edits @key (shown only
 *   for the chosen solver), or NULL for another key
 */
GtkWidget *lh_ai_panel_get_setting_row (LhAiPanel *self, const char *key);

G_END_DECLS
