/* lh-window.h: the main window: board, scores, AI controls, dialogs.
 *
 * Owns the game model, restores the saved game on creation (a save that cannot
 * be read is moved aside and reported in a toast), saves it on close and after
 * moves, runs the AI's searches through lh-search-job and keeps the best score
 * and window state in GSettings.
 */
#pragma once

#include <adwaita.h>
#include "lh-game-model.h"
#include "lh-board-view.h"

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
 * Writes the game to the save file now.  Returns: FALSE with @error when
 * it could not be written.
 */
gboolean lh_window_save_game (LhWindow *self, GError **error);

/** lh_window_is_searching: TRUE while an AI search runs. */
gboolean lh_window_is_searching (LhWindow *self);

G_END_DECLS
