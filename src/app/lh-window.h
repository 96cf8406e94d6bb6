/* lh-window.h: the main window: board, scores, the AI panel, dialogs.
 *
 * Owns the game model and puts the pieces together: the board view, the AI
 * panel (lh-ai-panel: search jobs, hint, step, auto-play) and the game store
 * (lh-game-store: restore at start, delayed saves, the save on close).  It
 * announces 2048 and the end of the game, asks before a new game throws a
 * game in progress away, refuses to close when the game could not be saved
 * (Retry / Quit Without Saving / Cancel), keeps the best score and window
 * state in GSettings and turns keys into moves.  An AdwLeaflet folds the AI
 * panel onto its own page below 700 px.  Beside the board, in a GtkPaned,
 * the search-tree inspector (lh-inspector-pane) shows the latest search; it
 * is hidden with win.show-inspector (F9); while the leaflet is folded it is
 * the "Search Tree" page of the AI side (a view switcher bar), where F9
 * goes; its visibility and the pane position are kept in GSettings.
 */
#pragma once

#include <adwaita.h>
#include "lh-game-model.h"
#include "lh-board-view.h"
#include "lh-ai-panel.h"
#include "lh-game-store.h"
#include "lh-inspector-pane.h"

G_BEGIN_DECLS

#define LH_TYPE_WINDOW (lh_window_get_type ())
G_DECLARE_FINAL_TYPE (LhWindow, lh_window, LH, WINDOW, AdwApplicationWindow)

/** lh_window_new: (transfer floating): a new window of @application. */
LhWindow *lh_window_new (AdwApplication *application);

/** lh_window_get_model: (transfer none): the game the window shows. */
LhGameModel *lh_window_get_model (LhWindow *self);

/** lh_window_get_board_view: (transfer none): the board widget. */
LhBoardView *lh_window_get_board_view (LhWindow *self);

/**
 * lh_window_person_move:
 * Plays @move for the person, as a key press or a drag does: cancels a
 * running search and stops auto-play.  Returns: FALSE when the move is illegal
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

/** lh_window_is_searching: Returns: TRUE while an AI search runs. */
gboolean lh_window_is_searching (LhWindow *self);

/** lh_window_get_store: Returns: (transfer none): where the game is saved. */
LhGameStore *lh_window_get_store (LhWindow *self);

/** lh_window_get_ai_panel: Returns: (transfer none): the AI panel. */
LhAiPanel *lh_window_get_ai_panel (LhWindow *self);

/** lh_window_get_inspector: Returns: (transfer none): the search-tree inspector. */
LhInspectorPane *lh_window_get_inspector (LhWindow *self);

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
