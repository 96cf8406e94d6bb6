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

/** lh_game_can_undo: TRUE when there is a move to take back. */
gboolean lh_game_can_undo (const LhGame *game);

/**
 * lh_game_undo:
 * Takes back the last move (board and score; the generator keeps going, so
 * replaying the move may spawn differently).  Returns FALSE when nothing to undo.
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

G_END_DECLS
