/* lh-ai-panel.h: the AI side of the window, as one widget.
 *
 * Holds the controls of the expectimax player (search depth, adaptive depth,
 * auto-play pace) and the node budget of the inspector's search-tree record
 * (inspector-max-nodes, 1,000 to 1,000,000, with its memory cost), all kept
 * in GSettings, the value of each move and the
 * status of the last search, and owns the search jobs (lh-search-job): it
 * starts them for Hint, Step and Auto-play, cancels them, throws away stale
 * results and plays the AI's moves into the model.
 *
 * Any change of the model that the panel did not make itself (a person's
 * move, undo, a new or restored game) cancels the running search and stops
 * auto-play.  The actions "hint", "step" and "autoplay" (boolean state) are
 * made by the panel and added to a map of the caller's choice (the window's,
 * so they are "win.hint" etc.); their enabled state follows the game.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-game-model.h"
#include "lh-search-record.h"

G_BEGIN_DECLS

#define LH_TYPE_AI_PANEL (lh_ai_panel_get_type ())
G_DECLARE_FINAL_TYPE (LhAiPanel, lh_ai_panel, LH, AI_PANEL, GtkWidget)

/**
 * lh_ai_panel_set_model:
 * @model: (nullable): the game the AI plays and watches; a reference is kept
 * Cancels a running search and shows the state of @model's game.
 */
void lh_ai_panel_set_model (LhAiPanel *self, LhGameModel *model);

/**
 * lh_ai_panel_add_actions:
 * Adds the panel's actions "hint", "step" and "autoplay" to @map.
 */
void lh_ai_panel_add_actions (LhAiPanel *self, GActionMap *map);

/**
 * lh_ai_panel_stop:
 * Cancels the running search (its result will be thrown away) and stops
 * auto-play.
 */
void lh_ai_panel_stop (LhAiPanel *self);

/** lh_ai_panel_is_searching: Returns: TRUE while a search job runs. */
gboolean lh_ai_panel_is_searching (LhAiPanel *self);

/**
 * lh_ai_panel_set_record_nodes:
 * @max_nodes: node budget of the search-tree record each search fills
 *   (1 to LH_SEARCH_TREE_MAX_NODES), or 0 to record nothing (fastest)
 * Applies from the next search on; ::searched hands the record over.
 */
void lh_ai_panel_set_record_nodes (LhAiPanel *self, guint max_nodes);

/** lh_ai_panel_get_autoplay: Returns: TRUE while auto-play is on. */
gboolean lh_ai_panel_get_autoplay (LhAiPanel *self);

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
 * lh_ai_panel_get_status:
 * Returns: (transfer none): the status line under the move values.
 */
const char *lh_ai_panel_get_status (LhAiPanel *self);

/**
 * lh_ai_panel_get_setting_row:
 * @key: a solver setting's GSettings key: "solver", "ai-depth",
 *   "ai-adaptive", or a solver parameter's ("mcts-iterations"...)
 * Returns: (transfer none) (nullable): the row that edits @key (shown only
 *   for the chosen solver), or NULL for another key
 */
GtkWidget *lh_ai_panel_get_setting_row (LhAiPanel *self, const char *key);

G_END_DECLS
