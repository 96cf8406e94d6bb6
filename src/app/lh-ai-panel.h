/* lh-ai-panel.h: the AI side of the window, as one widget.
 *
 * Holds the controls of the expectimax player (search depth, adaptive depth
 * and its smallest depth, probability cutoff, time budget, auto-play pace)
 * and of the other solvers, numbers as slider and entry rows (LhParamRow) and the node budget of the inspector's search-tree record
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
#include "lh-heuristic-params.h"

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

/**
 * lh_ai_panel_set_heuristic:
 * @params: the heuristic every later search uses (copied; valid, as
 *   lh_heuristic_params_validate() checks)
 * @reanalyse: analyse the position again: unless auto-play is on (whose
 *   next move simply uses @params) or the game is over, a running hint or
 *   step is cancelled at once and, 200 ms after the last such call (a
 *   slider's drag calls it many times), a hint search starts on the current
 *   position; its result updates the move values, the board's hint and the
 *   inspector (::hint and ::searched) as Hint does.
 */
void lh_ai_panel_set_heuristic (LhAiPanel               *self,
                                const LhHeuristicParams *params,
                                gboolean                 reanalyse);

/** lh_ai_panel_get_heuristic: @out: (out caller-allocates): the heuristic
 * of the next search. */
void lh_ai_panel_get_heuristic (LhAiPanel *self, LhHeuristicParams *out);

/** lh_ai_panel_is_reanalysis_pending: Returns: TRUE while an analysis
 * waits for the heuristic's changes to rest. */
gboolean lh_ai_panel_is_reanalysis_pending (LhAiPanel *self);

/**
 * lh_ai_panel_get_move_value_text:
 * @move: an LhMove
 * Returns: (transfer none): the value shown for @move ("—" when none)
 */
const char *lh_ai_panel_get_move_value_text (LhAiPanel *self, int move);

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
 *   "ai-adaptive", or a search or solver parameter's ("ai-cutoff",
 *   "ai-time-budget", "ai-min-depth", "mcts-iterations"...); the rows of
 *   numbers are LhParamRows
 * Returns: (transfer none) (nullable): the row that edits @key (shown only
 *   for the chosen solver), or NULL for another key
 */
GtkWidget *lh_ai_panel_get_setting_row (LhAiPanel *self, const char *key);

G_END_DECLS
