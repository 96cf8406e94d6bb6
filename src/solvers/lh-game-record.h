/* lh-game-record.h: the record of a whole game, every move as it was
 * played, and its file format: what a review analyses (lh-game-review.h),
 * what Export Game… and Open Game… write and read, and what
 * `lookahead-cli bench --record DIR` writes for every game it plays.
 *
 * A record is a start (board and score) and a list of steps (LhGameStep:
 * the move, who made it, its points and the tile that spawned after it).
 * Every position of the game follows from them: position i is the board
 * before move i (0 <= i < n), position n the board after the last spawn.
 *
 * File format (JSON, UTF-8; docs/game-record.md has the full text):
 *
 *   { "format": "lookahead-game", "version": 2,
 *     "rules": "2048",          one tile spawns after every move, a 2 with
 *                               probability 0.9, a 4 with 0.1 (the original
 *                               game); or "2048-32768", the same with tiles
 *                               capped at 32768 (LhRules)
 *     "rows": 4, "cols": 4,     2 to 5 each
 *     "start": { "board": "<hex form>", "score": 0 },
 *     "moves": [ { "move": "left", "by": "person", "points": 4,
 *                  "spawn": { "cell": 7, "tile": 2 } }, ... ],
 *     "end": { "board": "<hex form>", "score": 1234, "over": true },
 *     "source": "free text: what played the game",   optional
 *     "date": "2026-11-28T07:00:00Z" }               optional, ISO 8601
 *
 * "by" is "person", "ai" or "unknown"; "cell" counts the cells in reading
 * order (row * cols + col); boards are in hex form (lh_wide_board_to_hex(),
 * digits g-v for tiles above 32768).  Version 1 (every Lookahead before
 * 5x5 boards) wrote "2048" for the capped rules, and is read so: two 32768s
 * there do not merge.  "points" and "end" are checked against the
 * replayed game when present.  A reader replays every move: a move that is
 * not legal, points that do not add up, a tile that spawns on a full cell
 * or is no 2 or 4, or an end that is not where the moves lead, is refused
 * with a message naming the file, the move and what is wrong.
 *
 * A record is immutable once made, reference counted (a boxed type), and
 * may be read from any thread.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "lh-game.h"

G_BEGIN_DECLS

/** The value of the file's "format" member. */
#define LH_GAME_RECORD_FORMAT_NAME "lookahead-game"
/** The version lh_game_record_to_data() writes; readers take 1 to this. */
#define LH_GAME_RECORD_VERSION 2

typedef struct _LhGameRecord LhGameRecord;

#define LH_TYPE_GAME_RECORD (lh_game_record_get_type ())
GType lh_game_record_get_type (void) G_GNUC_CONST;

/** lh_game_record_ref: (transfer full): @record with one more reference. */
LhGameRecord *lh_game_record_ref (LhGameRecord *record);
/** lh_game_record_unref: drops a reference; NULL is allowed. */
void lh_game_record_unref (LhGameRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhGameRecord, lh_game_record_unref)

/**
 * lh_game_record_new_from_game:
 * The record of @game as it stands (lh_game_get_steps(): from the start of
 * its record to its current board, moves taken back left out).
 * Returns: (transfer full): a new record.
 */
LhGameRecord *lh_game_record_new_from_game (const LhGame *game);

/**
 * lh_game_record_new:
 * @geometry: a geometry @rules accept (lh_rules_accept())
 * @rules: the rules the game is played by
 * @start: the first position (after the spawns of a new game)
 * @start_score: the score there, in points
 * @steps: (array length=n_steps) (nullable): the moves, oldest first
 * @error: G_IO_ERROR_INVALID_DATA naming the move that does not follow
 *   from the one before (lh_game_record_check_step())
 * Returns: (transfer full) (nullable): the record, or NULL with @error.
 */
LhGameRecord *lh_game_record_new (LhGeometry        geometry,
                                  LhRules           rules,
                                  LhWideBoard       start,
                                  guint64           start_score,
                                  const LhGameStep *steps,
                                  guint             n_steps,
                                  GError          **error);

/**
 * lh_game_record_new_inferred:
 * @boards: (array length=n_boards): the positions of a game, oldest first,
 *   the last one the current board (the undo history of a format-1 save
 *   with its current board appended); n_boards >= 1
 * @scores: (array length=n_boards): the score at each
 * @first: (out) (optional): the index in @boards where the record starts
 * The record of a game known only by its positions: each move is the one
 * that leads from a board to the next (the first that does, trying up,
 * down, left, right) and scores the difference of the scores, its spawn the
 * one new tile, its player LH_PLAYER_UNKNOWN.  Where two positions are not
 * joined by any move and spawn (a hand-edited file), the record starts
 * after them: it is the longest run of joined positions that ends at the
 * current board, so a game always loads with the moves that can be known.
 * The rules are LH_RULES_2048_CAPPED (format 1 saves are 4x4 games of 64-bit
 * boards).
 * Returns: (transfer full): the record.
 */
LhGameRecord *lh_game_record_new_inferred (LhGeometry     geometry,
                                           const LhBoard *boards,
                                           const guint64 *scores,
                                           guint          n_boards,
                                           guint         *first);

/**
 * lh_game_record_check_step:
 * @where: the place a message names ("game.json, move 17")
 * Checks that @step can follow @board: its move is legal there, its
 * points are the move's, its spawn is a 2 or a 4 on a cell the move left
 * empty, all by @rules.  @step->before is not read.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) saying what is wrong.
 */
gboolean lh_game_record_check_step (LhWideBoard       board,
                                    LhGeometry        geometry,
                                    LhRules           rules,
                                    const LhGameStep *step,
                                    const char       *where,
                                    GError          **error);

/** lh_game_record_get_geometry: the board's shape. */
LhGeometry lh_game_record_get_geometry (const LhGameRecord *record);
/** lh_game_record_get_rules: the rules the game is played by. */
LhRules lh_game_record_get_rules (const LhGameRecord *record);
/**
 * lh_game_record_fits_board:
 * Returns: TRUE when every position fits the 64-bit board (up to 4x4, no
 *   tile above 32768), so lh_game_record_get_board() takes every index.
 */
gboolean lh_game_record_fits_board (const LhGameRecord *record);
/** lh_game_record_get_n_moves: the number of moves (steps) n. */
guint lh_game_record_get_n_moves (const LhGameRecord *record);
/**
 * lh_game_record_get_step:
 * @index: 0 to n - 1
 * Returns: (transfer none): move @index, its @before the position before it.
 */
const LhGameStep *lh_game_record_get_step (const LhGameRecord *record, guint index);
/**
 * lh_game_record_get_wide_board:
 * @index: 0 to n
 * Returns: position @index: the board before move @index, or for @index n
 *   the final board.
 */
LhWideBoard lh_game_record_get_wide_board (const LhGameRecord *record, guint index);
/**
 * lh_game_record_get_board:
 * @index: 0 to n
 * Returns: position @index as a 64-bit board, for a record that fits one
 *   (lh_game_record_fits_board()); else 0 with a critical.
 */
LhBoard lh_game_record_get_board (const LhGameRecord *record, guint index);
/**
 * lh_game_record_get_score:
 * @index: 0 to n
 * Returns: the score at position @index, in points.
 */
guint64 lh_game_record_get_score (const LhGameRecord *record, guint index);
/** lh_game_record_is_over: TRUE when the final position has no legal move. */
gboolean lh_game_record_is_over (const LhGameRecord *record);

/**
 * lh_game_record_get_source:
 * Returns: (transfer none) (nullable): the free text saying what played the
 *   game, or NULL.
 */
const char *lh_game_record_get_source (const LhGameRecord *record);
/**
 * lh_game_record_get_date:
 * Returns: (transfer none) (nullable): when the record was made, an
 *   ISO 8601 text as read or written, or NULL.
 */
const char *lh_game_record_get_date (const LhGameRecord *record);

/**
 * lh_game_record_with_source:
 * @source: (nullable): what played the game
 * @date: (nullable): when, ISO 8601; NULL for none
 * Returns: (transfer full): a new record of the same game with these notes.
 */
LhGameRecord *lh_game_record_with_source (const LhGameRecord *record,
                                          const char         *source,
                                          const char         *date);

/**
 * lh_game_record_to_game:
 * @index: 0 to n: the position the game starts from
 * @seed: the new game's spawn generator
 * A new game that starts at position @index (its record too), its score
 * the score there: to try a position again.
 * Returns: (transfer full): the game.
 */
LhGame *lh_game_record_to_game (const LhGameRecord *record, guint index, guint64 seed);

/**
 * lh_game_record_build_json:
 * Adds the record's members (all of the format above but "format" and
 * "version") to the object @builder is building: for the save file, which
 * embeds a record.
 */
void lh_game_record_build_json (const LhGameRecord *record, JsonBuilder *builder);

/**
 * lh_game_record_from_json:
 * @object: an object with the members lh_game_record_build_json() writes
 * @where: the file's name, for messages
 * @version: the version of the format (1 to LH_GAME_RECORD_VERSION; a save
 *   file's "format" 2 holds a version-1 record, 3 a version-2 one)
 * Returns: (transfer full) (nullable): the record, or NULL with @error
 *   (G_IO_ERROR_INVALID_DATA, naming @where, the member or move, and what
 *   is wrong; G_IO_ERROR_NOT_SUPPORTED for other rules).
 */
LhGameRecord *lh_game_record_from_json (JsonObject  *object,
                                        const char  *where,
                                        guint        version,
                                        GError     **error);

/**
 * lh_game_record_to_data:
 * Returns: (transfer full): the file's text, NUL-terminated: the header
 *   members one per line, each move on a line of its own (about 70 bytes a
 *   move).  Free with g_free().
 */
char *lh_game_record_to_data (const LhGameRecord *record);

/**
 * lh_game_record_from_data:
 * @data: the file's text, @length bytes (-1 when NUL-terminated)
 * @where: the file's name, for messages
 * Returns: (transfer full) (nullable): the record, or NULL with @error: a
 *   JSON_PARSER_ERROR with line and column; G_IO_ERROR_INVALID_DATA naming
 *   what is wrong and where; G_IO_ERROR_NOT_SUPPORTED for a newer version
 *   or other rules.  Messages are valid UTF-8 whatever the file holds.
 */
LhGameRecord *lh_game_record_from_data (const char  *data,
                                        gssize       length,
                                        const char  *where,
                                        GError     **error);

/**
 * lh_game_record_load:
 * Reads the file at @path (lh_game_record_from_data(), naming it by its
 * base name).
 * Returns: (transfer full) (nullable): the record, or NULL with @error
 *   (G_FILE_ERROR when it cannot be read, or as lh_game_record_from_data()).
 */
LhGameRecord *lh_game_record_load (const char *path, GError **error);

/**
 * lh_game_record_save:
 * Writes @record to @path (a temporary file renamed over it, so an old
 * file is never half overwritten).
 * Returns: FALSE with @error (G_FILE_ERROR) when it cannot be written.
 */
gboolean lh_game_record_save (const LhGameRecord *record, const char *path, GError **error);

G_END_DECLS
