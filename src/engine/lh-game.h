/* lh-game.h: one game of 2048: board, score, seeded spawns, undo history.
 *
 * Plain C (no GObject), so the CLI's batch runs and every thread can own one.
 * The GUI wraps it; the save file serialises what the getters expose.
 *
 * Spawn rule (the original game): after every legal move one tile appears in a
 * uniformly chosen empty cell, a 2 with probability 0.9 and a 4 with 0.1.  A new
 * game starts with two spawned tiles.
 *
 * Boards: a game holds its board as an LhWideBoard (lh-wide-board.h: 2x2 to
 * 5x5, tiles up to 2^31), the board, its undo history and its steps alike,
 * and moves it by the 64-bit tables of lh-board.h whenever they give the
 * same result (the board fits 64 bits and holds fewer than two 32768s), so
 * a 4x4 game keeps their speed.  lh_game_get_board() gives the 64-bit board
 * to the callers that take no other (lh_game_board_fits()).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-rng.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * LhRules: the rules a game is played by
 * @LH_RULES_2048: the original game: a move merges any two equal tiles
 *   (two 32768s make a 65536), on every size from 2x2 to 5x5
 * @LH_RULES_2048_CAPPED: the original game with tiles capped at 32768: two
 *   32768s do not merge, on sizes up to 4x4 (the 64-bit board's own rule).
 *   Every game of a Lookahead before version 2 of the game record was
 *   played by it, and 4x4 games are still, until every part of Lookahead
 *   takes wide boards (docs/wide-board.md); a capped game's board always
 *   fits 64 bits.
 *
 * The two differ only where a move slides two 32768s together.
 */
typedef enum {
  LH_RULES_2048,
  LH_RULES_2048_CAPPED,
  LH_N_RULES
} LhRules;

/** lh_rules_to_string: the game record's name of @rules: "2048", "2048-32768"; static. */
const char *lh_rules_to_string (LhRules rules);
/** lh_rules_from_string: FALSE when @text names no rules. */
gboolean lh_rules_from_string (const char *text, LhRules *rules);

/**
 * lh_rules_default:
 * Returns: the rules a new game of @geometry is played by today:
 *   LH_RULES_2048_CAPPED up to 4x4 (the solvers and the window take 64-bit
 *   boards only; docs/wide-board.md), LH_RULES_2048 on boards with a side of 5.
 */
LhRules lh_rules_default (LhGeometry geometry);

/**
 * lh_rules_accept:
 * Returns: TRUE when a game by @rules may have @geometry (2..5 a side; the
 *   capped rules up to 4) and, when @board is not 0, @board (no tile
 *   outside @geometry; none above 32768 under the capped rules).
 */
gboolean lh_rules_accept (LhRules rules, LhGeometry geometry, LhWideBoard board);

/**
 * lh_rules_narrow_holds:
 * @narrow: (out) (optional): @board as a 64-bit board, when TRUE
 * Returns: TRUE when the 64-bit board and its tables play @board by @rules
 *   exactly: it fits one (up to 4x4, no tile above 32768), and the rules are
 *   the capped ones or it holds fewer than two 32768s (so no move of it
 *   merges two).
 */
gboolean lh_rules_narrow_holds (LhRules rules, LhWideBoard board, LhGeometry geometry,
                                LhBoard *narrow);

/**
 * lh_rules_move:
 * @board: a board @rules accept on @geometry
 * @points: (out) (optional): the points the move scores
 * The move by @rules: lh_board_move() under the capped rules, else
 * lh_wide_board_move() (through lh_board_move() when that gives the same).
 * Returns: the board after @move, before the spawn; @board when illegal.
 */
LhWideBoard lh_rules_move (LhRules rules, LhWideBoard board, LhGeometry geometry, LhMove move,
                           guint64 *points);

/**
 * lh_rules_legal_moves:
 * Returns: a bit (1 << LhMove) for each move legal on @board by @rules.
 */
guint lh_rules_legal_moves (LhRules rules, LhWideBoard board, LhGeometry geometry);

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
 * @spawn_cell: the wide board's cell index (LH_WIDE_MAX_SIDE * row + col)
 *   of the tile that spawned after the move
 * @spawn_exponent: the spawned tile's exponent (1 = a 2, 2 = a 4)
 *
 * The board after the step is lh_game_step_after(): the move, then the spawn.
 * 32 bytes.
 */
typedef struct {
  LhWideBoard before;
  guint64     points;
  guint8      move;
  guint8      player;
  guint8      spawn_cell;
  guint8      spawn_exponent;
} LhGameStep;

/** LH_GAME_CELL: the game's cell index of (@row, @col), as in LhGameStep. */
#define LH_GAME_CELL(row, col) ((row) * LH_WIDE_MAX_SIDE + (col))

/**
 * lh_game_cell_to_nibble:
 * Returns: the 64-bit board's cell index (4 * row + col) of the game's cell
 *   @cell (LH_GAME_CELL()) in a column up to 3; -1 for -1.
 */
static inline int
lh_game_cell_to_nibble (int cell)
{
  return cell < 0 ? -1 : 4 * (cell / LH_WIDE_MAX_SIDE) + cell % LH_WIDE_MAX_SIDE;
}

/**
 * lh_game_step_equal:
 * Returns: TRUE when @a and @b are the same step, member by member (the
 *   struct has padding, so memcmp() is no test).
 */
gboolean lh_game_step_equal (const LhGameStep *a, const LhGameStep *b);

/**
 * lh_game_step_after:
 * Returns: the board after @step: @step->before moved by @step->move under
 *   @rules, with the spawned tile placed.
 */
LhWideBoard lh_game_step_after (const LhGameStep *step, LhGeometry geometry, LhRules rules);

/**
 * lh_game_new:
 * @geometry: a geometry of 2 to 5 a side
 * @seed: the seed of the spawn generator; same seed, same moves => same game
 * A new game by lh_rules_default() for @geometry.
 * Returns: (transfer full): a new game with two spawned tiles.  Free with lh_game_free().
 */
LhGame *lh_game_new (LhGeometry geometry, guint64 seed);

/**
 * lh_game_new_with_rules:
 * lh_game_new() by @rules (lh_rules_accept() must take @geometry).
 * Returns: (transfer full): a new game with two spawned tiles.
 */
LhGame *lh_game_new_with_rules (LhGeometry geometry, LhRules rules, guint64 seed);

/**
 * lh_game_new_from_state:
 * @rules: the rules the game is played by
 * Rebuilds a saved game.  @history may be NULL or hold @n_history earlier
 * (board, score) pairs, oldest first, for undo.
 * Returns: (transfer full): the game, or NULL when @rules do not accept
 *   @geometry, @board or a board of the history (lh_rules_accept()).
 */
LhGame *lh_game_new_from_state (LhGeometry         geometry,
                                LhRules            rules,
                                LhWideBoard        board,
                                guint64            score,
                                guint64            n_moves,
                                const LhRng       *rng,
                                const LhWideBoard *history_boards,
                                const guint64     *history_scores,
                                guint              n_history);

/** lh_game_copy: (transfer full): an independent copy, history included. */
LhGame *lh_game_copy (const LhGame *game);

/** lh_game_free: frees @game and its history; NULL is allowed. */
void lh_game_free (LhGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhGame, lh_game_free)

/**
 * lh_game_move:
 * @points: (out) (optional): points scored by the move
 * @spawned_cell: (out) (optional): the cell (LH_GAME_CELL()) of the spawned tile, or -1
 * Plays @move and spawns a tile.  An illegal move changes nothing (no spawn,
 * no history entry) and returns FALSE.
 */
gboolean lh_game_move (LhGame *game, LhMove move, guint64 *points, int *spawned_cell);

/**
 * lh_game_move_by:
 * lh_game_move() that notes who made the move in the game's record of
 * steps (lh_game_get_steps()); lh_game_move() notes LH_PLAYER_UNKNOWN.
 */
gboolean lh_game_move_by (LhGame   *game,
                          LhMove    move,
                          LhPlayer  player,
                          guint64  *points,
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

/**
 * lh_game_get_board:
 * Returns: the current board (after the last spawn) as a 64-bit board;
 *   only when it fits one (lh_game_board_fits()), else 0 with a critical.
 */
LhBoard      lh_game_get_board    (const LhGame *game);
/**
 * lh_game_narrow_holds:
 * @narrow: (out): the board as a 64-bit board, when TRUE
 * Returns: lh_rules_narrow_holds() of the game's board, from the 64-bit
 *   board the game keeps (no conversion): TRUE when the 64-bit board and
 *   its tables play the board exactly.
 */
gboolean     lh_game_narrow_holds (const LhGame *game, LhBoard *narrow);
/** lh_game_board_fits: TRUE when the board fits 64 bits: up to 4x4, no tile above 32768. */
gboolean     lh_game_board_fits   (const LhGame *game);
/** lh_game_get_wide_board: the current board (after the last spawn). */
LhWideBoard  lh_game_get_wide_board (const LhGame *game);
/** lh_game_get_geometry: the board's shape, fixed for the game. */
LhGeometry   lh_game_get_geometry (const LhGame *game);
/** lh_game_get_rules: the rules the game is played by, fixed for the game. */
LhRules      lh_game_get_rules    (const LhGame *game);
/** lh_game_get_score: the score in points (sum of all merged tiles' values). */
guint64      lh_game_get_score    (const LhGame *game);
/** lh_game_get_n_moves: legal moves played since the start (undo subtracts). */
guint64      lh_game_get_n_moves  (const LhGame *game);
/** lh_game_get_rng: the spawn generator's current state (for saving). */
const LhRng *lh_game_get_rng      (const LhGame *game);
/** lh_game_is_over: TRUE when no move is legal. */
gboolean     lh_game_is_over      (const LhGame *game);
/** lh_game_get_max_tile: the value of the largest tile (2 ... 2^31). */
guint64      lh_game_get_max_tile (const LhGame *game);

/**
 * lh_game_get_history:
 * @n_history: (out): number of undo entries
 * @scores: (out) (optional): the scores, oldest first, owned by @game
 * Returns: (transfer none): the boards before each move, oldest first.
 */
const LhWideBoard *lh_game_get_history (const LhGame   *game,
                                        guint          *n_history,
                                        const guint64 **scores);

/**
 * lh_game_get_steps:
 * @n_steps: (out): the number of steps
 * Every move of the game since its record starts (lh_game_get_record_start()),
 * oldest first, without limit (32 bytes a move): unlike the undo history,
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
void lh_game_get_record_start (const LhGame *game, LhWideBoard *board, guint64 *score);

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
                        LhWideBoard       start,
                        guint64           start_score,
                        const LhGameStep *steps,
                        guint             n_steps);

G_END_DECLS
