/* lh-game.h: one game of 2048: board, score, seeded spawns, undo history.
 *
 * Plain C (no GObject), so the CLI's batch runs and every thread can own one.
 * The GUI wraps it; the save file serialises what the getters expose.
 *
 * Spawn rule (the original game): after every legal move one tile appears in a
 * uniformly chosen empty cell, a 2 with probability 0.9 and a 4 with 0.1.  A new
 * game starts with two spawned tiles.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-rng.h"

G_BEGIN_DECLS

typedef struct _LhGame LhGame;

/**
 * LhPlayer: who made a move of a game
 * @LH_PLAYER_UNKNOWN: not known (a move inferred from an old save's history)
 * @LH_PLAYER_PERSON: the person at the keys or the mouse
 * @LH_PLAYER_AI: the AI (Step, Auto-play, or a game played by the CLI)
 */
typedef enum {
  LH_PLAYER_UNKNOWN,
  LH_PLAYER_PERSON,
  LH_PLAYER_AI,
  LH_N_PLAYERS
} LhPlayer;

/** lh_player_to_string: "unknown", "person", "ai" (the game record's names); static. */
const char *lh_player_to_string (LhPlayer player);
/** lh_player_from_string: FALSE when @text names no player. */
gboolean lh_player_from_string (const char *text, LhPlayer *player);

/**
 * LhGameStep: one move of a game as it was played
 * @before: the board before the move (after the previous spawn)
 * @points: the points the move scored (the merged tiles' values)
 * @move: the move (an LhMove)
 * @player: who made it (an LhPlayer)
 * @spawn_cell: the nibble index (4 * row + col) of the tile that spawned
 *   after the move
 * @spawn_exponent: the spawned tile's exponent (1 = a 2, 2 = a 4)
 *
 * The board after the step is lh_game_step_after(): the move, then the spawn.
 */
typedef struct {
  LhBoard before;
  guint32 points;
  guint8  move;
  guint8  player;
  guint8  spawn_cell;
  guint8  spawn_exponent;
} LhGameStep;

/**
 * lh_game_step_after:
 * Returns: the board after @step: @step->before moved by @step->move, with
 *   the spawned tile placed.
 */
LhBoard lh_game_step_after (const LhGameStep *step, LhGeometry geometry);

/**
 * lh_game_new:
 * @geometry: a valid geometry
 * @seed: the seed of the spawn generator; same seed, same moves => same game
 * Returns: (transfer full): a new game with two spawned tiles.  Free with lh_game_free().
 */
LhGame *lh_game_new (LhGeometry geometry, guint64 seed);

/**
 * lh_game_new_from_state:
 * Rebuilds a saved game.  @history may be NULL or hold @n_history earlier
 * (board, score) pairs, oldest first, for undo.
 * Returns: (transfer full): the game, or NULL when @board has tiles outside
 *   @geometry or the geometry is invalid.
 */
LhGame *lh_game_new_from_state (LhGeometry       geometry,
                                LhBoard          board,
                                guint64          score,
                                guint64          n_moves,
                                const LhRng     *rng,
                                const LhBoard   *history_boards,
                                const guint64   *history_scores,
                                guint            n_history);

/** lh_game_copy: (transfer full): an independent copy, history included. */
LhGame *lh_game_copy (const LhGame *game);

/** lh_game_free: frees @game and its history; NULL is allowed. */
void lh_game_free (LhGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhGame, lh_game_free)

/**
 * lh_game_move:
 * @points: (out) (optional): points scored by the move
 * @spawned_cell: (out) (optional): cell index (4 * row + col) of the spawned tile, or -1
 * Plays @move and spawns a tile.  An illegal move changes nothing (no spawn,
 * no history entry) and returns FALSE.
 */
gboolean lh_game_move (LhGame *game, LhMove move, guint32 *points, int *spawned_cell);

/**
 * lh_game_move_by:
 * lh_game_move() that notes who made the move in the game's record of
 * steps (lh_game_get_steps()); lh_game_move() notes LH_PLAYER_UNKNOWN.
 */
gboolean lh_game_move_by (LhGame   *game,
                          LhMove    move,
                          LhPlayer  player,
                          guint32  *points,
                          int      *spawned_cell);

/** lh_game_can_undo: TRUE when there is a move to take back. */
gboolean lh_game_can_undo (const LhGame *game);

/**
 * lh_game_undo:
 * Takes back the last move (board and score; the generator keeps going, so
 * replaying the move may spawn differently), and its step: the record of
 * steps is the game's line as it stands, without the moves taken back.
 * Returns FALSE when nothing to undo.
 */
gboolean lh_game_undo (LhGame *game);

/** Maximum number of undo levels kept (older ones are dropped). */
#define LH_GAME_MAX_UNDO 1000

/** lh_game_get_board: the current board (after the last spawn). */
LhBoard      lh_game_get_board    (const LhGame *game);
/** lh_game_get_geometry: the board's shape, fixed for the game. */
LhGeometry   lh_game_get_geometry (const LhGame *game);
/** lh_game_get_score: the score in points (sum of all merged tiles' values). */
guint64      lh_game_get_score    (const LhGame *game);
/** lh_game_get_n_moves: legal moves played since the start (undo subtracts). */
guint64      lh_game_get_n_moves  (const LhGame *game);
/** lh_game_get_rng: the spawn generator's current state (for saving). */
const LhRng *lh_game_get_rng      (const LhGame *game);
/** lh_game_is_over: TRUE when no move is legal. */
gboolean     lh_game_is_over      (const LhGame *game);
/** lh_game_get_max_tile: the value of the largest tile (2 ... 32768). */
guint32      lh_game_get_max_tile (const LhGame *game);

/**
 * lh_game_get_history:
 * @n_history: (out): number of undo entries
 * @scores: (out) (optional): the scores, oldest first, owned by @game
 * Returns: (transfer none): the boards before each move, oldest first.
 */
const LhBoard *lh_game_get_history (const LhGame   *game,
                                    guint          *n_history,
                                    const guint64 **scores);

/**
 * lh_game_get_steps:
 * @n_steps: (out): the number of steps
 * Every move of the game since its record starts (lh_game_get_record_start()),
 * oldest first, without limit (16 bytes a move): unlike the undo history,
 * none is ever dropped.  A game rebuilt from a saved state without steps
 * starts its record at that state.
 * Returns: (transfer none): the steps, owned by @game (valid until it changes).
 */
const LhGameStep *lh_game_get_steps (const LhGame *game, guint *n_steps);

/**
 * lh_game_get_record_start:
 * @board: (out): the board where the record of steps starts
 * @score: (out): the score there
 * The start of the record of steps: the start of the game, or the saved
 * state it was rebuilt from, or the board an undo reached past the record's
 * start.  Replaying the steps from it gives the current board and score.
 */
void lh_game_get_record_start (const LhGame *game, LhBoard *board, guint64 *score);

/**
 * lh_game_set_steps:
 * @start: the board where the record starts
 * @start_score: the score there
 * @steps: (array length=n_steps) (nullable): the steps, oldest first
 * Replaces @game's record of steps (a saved game's, restored).  The caller
 * guarantees that they replay from @start to the game's current board and
 * score (lh-game-record.c checks a file's before it gets here).
 */
void lh_game_set_steps (LhGame           *game,
                        LhBoard           start,
                        guint64           start_score,
                        const LhGameStep *steps,
                        guint             n_steps);

G_END_DECLS
