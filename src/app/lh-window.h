/* lh-window.h: the main window, a shell around one analysis session.
 *
 * Owns the game model, the game store (lh-game-store: restore at start,
 * delayed saves, the save on close) and the analysis session (lh-analysis:
 * the AI's searches for Hint, Step, Auto-play and live analysis), and lays
 * out three columns under one header bar: the board with the AI's controls,
 * the value of each move and the search's status; the search-tree inspector
 * (lh-inspector-pane), the largest; and the settings sidebar (AI Player and
 * Heuristic pages), shown and hidden with win.show-sidebar (F8).  Below the
 * columns' minimum widths an AdwLeaflet folds them into pages, chosen with
 * a bar at the bottom.  The views follow the analysis session's properties
 * (record, step, stale, status, autoplay).  The window announces 2048 and
 * the end of the game, asks before a new game throws a game in progress
 * away, refuses to close when the game could not be saved (Retry / Quit
 * Without Saving / Cancel), keeps the best score, the window's size and the
 * columns shown in GSettings, and turns keys into moves
 * (lh-window-actions.c).
 */
#pragma once

#include <adwaita.h>
#include "lh-game-model.h"
#include "lh-board-view.h"
#include "lh-ai-panel.h"
#include "lh-game-store.h"
#include "lh-inspector-pane.h"
#include "lh-analysis.h"
#include "lh-move-chart.h"
#include "lh-review-panel.h"
#include "lh-tutor.h"

G_BEGIN_DECLS

#define LH_TYPE_WINDOW (lh_window_get_type ())
G_DECLARE_FINAL_TYPE (LhWindow, lh_window, LH, WINDOW, AdwApplicationWindow)

/** lh_window_new: (transfer floating): a new window of @application. */
LhWindow *lh_window_new (AdwApplication *application);

/** lh_window_get_model: (transfer none): the game the window shows. */
LhGameModel *lh_window_get_model (LhWindow *self);

/** lh_window_get_board_view: (transfer none): the board widget. */
LhBoardView *lh_window_get_board_view (LhWindow *self);

/** lh_window_get_tutor: Returns: (transfer none): the tutor of the person's moves (lh-tutor.h). */
LhTutor *lh_window_get_tutor (LhWindow *self);

/**
 * lh_window_person_move:
 * Plays @move for the person, as a key press or a drag does: cancels a
 * running search and stops auto-play (live analysis then analyses the new
 * position).  Returns: FALSE when the move is illegal
 * (nothing changes).
 */
gboolean lh_window_person_move (LhWindow *self, LhMove move);

/**
 * lh_window_save_game:
 * Writes the game to its save file now, synchronously
 * (lh_game_store_save_now()).  Returns: FALSE with @error when it could not
 * be written.
 */
gboolean lh_window_save_game (LhWindow *self, GError **error);

/** lh_window_is_searching: Returns: TRUE while an AI search runs (lh_analysis_is_searching()). */
gboolean lh_window_is_searching (LhWindow *self);

/** lh_window_get_store: Returns: (transfer none): where the game is saved. */
LhGameStore *lh_window_get_store (LhWindow *self);

/** lh_window_get_ai_panel: Returns: (transfer none): the AI page of the sidebar. */
LhAiPanel *lh_window_get_ai_panel (LhWindow *self);

/** lh_window_get_inspector: Returns: (transfer none): the search-tree inspector. */
LhInspectorPane *lh_window_get_inspector (LhWindow *self);

/** lh_window_get_analysis: Returns: (transfer none): the analysis session. */
LhAnalysis *lh_window_get_analysis (LhWindow *self);

/** lh_window_get_review_panel: Returns: (transfer none): the Review page of the sidebar. */
LhReviewPanel *lh_window_get_review_panel (LhWindow *self);

/** lh_window_get_move_chart: Returns: (transfer none): the move values beside the board. */
LhMoveChart *lh_window_get_move_chart (LhWindow *self);

/**
 * lh_window_get_dialog:
 * Returns: (transfer none) (nullable): the message dialog shown (2048, Game
 *   Over, the question before a new game, a failed save on close), or NULL.
 */
GtkWindow *lh_window_get_dialog (LhWindow *self);

/**
 * lh_window_get_details_dialog:
 * Returns: (transfer none) (nullable): the dialog with the details of a
 *   save that could not be restored, while it is shown.
 */
GtkWindow *lh_window_get_details_dialog (LhWindow *self);

G_END_DECLS
