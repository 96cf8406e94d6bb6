/* lh-game-model.h: the game the window shows, an LhGame wrapped in a GObject.
 *
 * Owned and used by the main thread only.  Every change of the board emits
 * ::changed, which says what happened so the view can animate it; score,
 * can-undo, is-over and won are properties with notify.
 */
#pragma once

#include <glib-object.h>
#include "lh-game.h"

G_BEGIN_DECLS

/**
 * LhGameModelChange:
 * @LH_GAME_MODEL_CHANGE_NEW: a new or restored game replaced the board
 * @LH_GAME_MODEL_CHANGE_MOVE: a legal move was played and a tile spawned
 * @LH_GAME_MODEL_CHANGE_UNDO: the last move was taken back
 */
typedef enum {
  LH_GAME_MODEL_CHANGE_NEW,
  LH_GAME_MODEL_CHANGE_MOVE,
  LH_GAME_MODEL_CHANGE_UNDO,
} LhGameModelChange;

#define LH_TYPE_GAME_MODEL (lh_game_model_get_type ())
G_DECLARE_FINAL_TYPE (LhGameModel, lh_game_model, LH, GAME_MODEL, GObject)

/**
 * lh_game_model_new_empty:
 * Returns: (transfer full): a model without a game yet (the board reads as
 *   empty 4x4, every move is illegal) until lh_game_model_new_game() or
 *   lh_game_model_set_game().
 */
LhGameModel *lh_game_model_new_empty (void);

/**
 * lh_game_model_new_view:
 * Returns: (transfer full): an empty, read-only model: a position to look
 *   at (a move of a reviewed game), set with lh_game_model_set_game(); no
 *   move and no undo is ever played on it (lh_game_model_move() and
 *   lh_game_model_undo() return FALSE), and the analysis session analyses
 *   it without playing (lh-analysis.h).
 */
LhGameModel *lh_game_model_new_view (void);

/** lh_game_model_get_read_only: Returns: TRUE for a model of lh_game_model_new_view(). */
gboolean lh_game_model_get_read_only (LhGameModel *self);

/**
 * lh_game_model_new:
 * @geometry: the board's shape (2..5 x 2..5; lh_rules_default() rules)
 * Returns: (transfer full): a model holding a new game, seeded as
 *   lh_game_model_new_game() describes.
 */
LhGameModel *lh_game_model_new (LhGeometry geometry);

/**
 * lh_game_model_new_game:
 * Starts a new game of @geometry.  The seed is taken from the environment
 * variable LOOKAHEAD_SEED (decimal) when it is set, plus the number of games
 * this model started before (so tests are deterministic); otherwise it is random.
 * Emits ::changed with LH_GAME_MODEL_CHANGE_NEW.
 */
void lh_game_model_new_game (LhGameModel *self, LhGeometry geometry);

/**
 * lh_game_model_new_game_with_rules:
 * @rules: the rules of the new game (lh_rules_accept() takes @geometry)
 * lh_game_model_new_game() by @rules rather than lh_rules_default()'s.
 */
void lh_game_model_new_game_with_rules (LhGameModel *self, LhGeometry geometry, LhRules rules);

/**
 * lh_game_model_set_game:
 * @game: (transfer full): a game, e.g. restored from the save file
 * @won: whether reaching 2048 was already announced in that game
 * Replaces the current game.  Emits ::changed with LH_GAME_MODEL_CHANGE_NEW.
 */
void lh_game_model_set_game (LhGameModel *self, LhGame *game, gboolean won);

/**
 * lh_game_model_move:
 * @player: who makes it: the person, or the AI (Step, Auto-play), noted in
 *   the game's record (lh_game_move_by())
 * @points: (out) (optional): points the move scored
 * Plays @move and spawns a tile.  Returns: FALSE, changing nothing, when the
 * move is illegal or the model read-only; otherwise emits ::changed with LH_GAME_MODEL_CHANGE_MOVE.
 */
gboolean lh_game_model_move (LhGameModel *self, LhMove move, LhPlayer player, guint64 *points);

/**
 * lh_game_model_undo:
 * Takes back the last move.  Returns: FALSE when there was nothing to undo;
 * otherwise emits ::changed with LH_GAME_MODEL_CHANGE_UNDO.
 */
gboolean lh_game_model_undo (LhGameModel *self);

/** lh_game_model_get_game: (transfer none): the wrapped game, read-only. */
const LhGame *lh_game_model_get_game (LhGameModel *self);
/**
 * lh_game_model_get_board:
 * Returns: the board (player to move) on the 64-bit board; 0 without a
 *   game.  Only for a board that fits it (up
 *   to 4x4, tiles up to 32768: lh_game_board_fits(); a critical otherwise).
 */
LhBoard      lh_game_model_get_board    (LhGameModel *self);
/** lh_game_model_get_wide_board: Returns: the board (player to move), of every size and tile; 0 without a game. */
LhWideBoard  lh_game_model_get_wide_board (LhGameModel *self);
/** lh_game_model_get_rules: Returns: the rules the game is played by; the capped rules without a game. */
LhRules      lh_game_model_get_rules    (LhGameModel *self);
/** lh_game_model_get_geometry: Returns: the board's shape; 4x4 without a game. */
LhGeometry   lh_game_model_get_geometry (LhGameModel *self);
/** lh_game_model_get_score: the score in points. */
guint64      lh_game_model_get_score    (LhGameModel *self);
/** lh_game_model_can_undo: Returns: TRUE when lh_game_model_undo() would take a move back. */
gboolean     lh_game_model_can_undo     (LhGameModel *self);
/** lh_game_model_is_over: Returns: TRUE when no move is legal (FALSE without a game). */
gboolean     lh_game_model_is_over      (LhGameModel *self);
/**
 * lh_game_model_get_won:
 * Returns: TRUE once reaching 2048 was announced in this game (the person
 *   chose to keep playing); saved with the game.
 */
gboolean     lh_game_model_get_won      (LhGameModel *self);
/**
 * lh_game_model_set_won:
 * Records whether reaching 2048 was announced (notifies "won" on a change;
 * the game store saves it).
 */
void         lh_game_model_set_won      (LhGameModel *self, gboolean won);

G_END_DECLS
