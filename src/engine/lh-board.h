/* lh-board.h: the 2048 board as a 64-bit word of 4-bit exponents.
 *
 * Layout (after nneonneo/2048-ai): cell (row r, column c) is the nibble at bit
 * 4 * (4 * r + c); row 0 is the top row, column 0 the left column.  A cell
 * holds the base-2 exponent of its tile (0 empty, 1 = 2, 2 = 4 ... 15 = 32768).
 * Boards of 2 to 4 rows and 2 to 4 columns use the same word; cells outside
 * the geometry are always 0 and no move or spawn ever writes them, so a 3x3
 * game is a real 3x3 game.
 *
 * Moves go through tables of all 65536 rows, one set per line length (2, 3, 4),
 * built once by lh_engine_init().
 *
 * Rules: a move slides every tile as far as it goes; two equal tiles that meet
 * merge once per move, the pair nearest the wall first; the score grows by the
 * value of each merged tile.  Two 32768 tiles (exponent 15) never merge: the
 * 4-bit cell cannot hold 65536, so they behave as two different tiles (they
 * slide, they block, they stay).  A move that changes nothing is illegal.
 *
 * Thread safety: after lh_engine_init() every function here is pure and may be
 * called from any thread.
 */
#pragma once

#include <glib.h>

#include "lh-rng.h"

G_BEGIN_DECLS

typedef guint64 LhBoard;

/**
 * LhMove:
 * The four moves.  The numeric order is the order of the per-move arrays in
 * every result (values[LH_MOVE_UP] ...).
 */
typedef enum {
  LH_MOVE_UP = 0,
  LH_MOVE_DOWN = 1,
  LH_MOVE_LEFT = 2,
  LH_MOVE_RIGHT = 3,
} LhMove;

#define LH_N_MOVES 4
#define LH_MOVE_NONE (-1)

/** Largest exponent a cell holds: 15 = 32768. */
#define LH_MAX_EXPONENT 15

/**
 * LhGeometry:
 * @rows: 2 to 4
 * @cols: 2 to 4
 * The shape of a board.  Passed by value everywhere.
 */
typedef struct {
  guint8 rows;
  guint8 cols;
} LhGeometry;

#define LH_GEOMETRY_DEFAULT ((LhGeometry) { 4, 4 })
#define LH_GEOMETRY_MIN_SIDE 2
#define LH_GEOMETRY_MAX_SIDE 4

/* Tables; private to the engine, exposed only for the inline functions. */
extern guint16 lh_row_left_table[3][65536];
extern guint16 lh_row_right_table[3][65536];
extern guint64 lh_col_up_table[3][65536];
extern guint64 lh_col_down_table[3][65536];
extern guint32 lh_row_points_table[3][65536];
/* Both slides of a row and its points: left | right << 16 | points << 32. */
extern guint64 lh_row_moves_table[3][65536];

/**
 * lh_engine_init:
 * Builds the move tables (about 5.3 MiB).  Idempotent and thread-safe; every
 * program calls it once before using the engine.
 */
void lh_engine_init (void);

/** lh_geometry_is_valid: TRUE when rows and cols are both in 2..4. */
gboolean lh_geometry_is_valid (LhGeometry geometry);

/** lh_geometry_equal: TRUE when both shapes are the same. */
static inline gboolean
lh_geometry_equal (LhGeometry a, LhGeometry b)
{
  return a.rows == b.rows && a.cols == b.cols;
}

/** lh_geometry_cell_mask: every nibble inside @geometry set to 0xf. */
guint64 lh_geometry_cell_mask (LhGeometry geometry);

/** lh_board_get_cell: exponent (0..15) at row @row, column @col. */
static inline guint
lh_board_get_cell (LhBoard board, guint row, guint col)
{
  return (guint) ((board >> (4 * (4 * row + col))) & 0xf);
}

/** lh_board_set_cell: @board with the cell at (@row, @col) set to @exponent. */
static inline LhBoard
lh_board_set_cell (LhBoard board, guint row, guint col, guint exponent)
{
  guint shift = 4 * (4 * row + col);
  return (board & ~((LhBoard) 0xf << shift)) | ((LhBoard) (exponent & 0xf) << shift);
}

/**
 * lh_board_transpose:
 * Swaps rows and columns of the 4x4 nibble matrix (cell (r, c) goes to (c, r)).
 * Cells outside a smaller geometry stay 0.
 */
static inline LhBoard
lh_board_transpose (LhBoard x)
{
  /* Nibble-matrix transpose in three masked swaps; as in nneonneo/2048-ai. */
  LhBoard a1 = x & 0xF0F00F0FF0F00F0FULL;
  LhBoard a2 = x & 0x0000F0F00000F0F0ULL;
  LhBoard a3 = x & 0x0F0F00000F0F0000ULL;
  LhBoard a = a1 | (a2 << 12) | (a3 >> 12);
  LhBoard b1 = a & 0xFF00FF0000FF00FFULL;
  LhBoard b2 = a & 0x00FF00FF00000000ULL;
  LhBoard b3 = a & 0x00000000FF00FF00ULL;
  return b1 | (b2 >> 24) | (b3 << 24);
}

/**
 * lh_board_move:
 * @points: (out) (optional): points the move scores (sum of merged tiles)
 *
 * Returns: the afterstate: @board after @move, before any spawn.  Equal to
 * @board when the move is illegal (then *points is 0).
 */
static inline LhBoard
lh_board_move (LhBoard board, LhGeometry g, LhMove move, guint32 *points)
{
  LhBoard result = 0;
  guint32 gained = 0;
  guint i;

  switch (move)
    {
    case LH_MOVE_LEFT:
    case LH_MOVE_RIGHT:
      {
        const guint16 *table = move == LH_MOVE_LEFT ? lh_row_left_table[g.cols - 2]
                                                    : lh_row_right_table[g.cols - 2];
        const guint32 *pts = lh_row_points_table[g.cols - 2];
        for (i = 0; i < g.rows; i++)
          {
            guint row = (guint) ((board >> (16 * i)) & 0xffff);
            result |= (LhBoard) table[row] << (16 * i);
            gained += pts[row];
          }
        break;
      }
    case LH_MOVE_UP:
    case LH_MOVE_DOWN:
      {
        LhBoard t = lh_board_transpose (board);
        const guint64 *table = move == LH_MOVE_UP ? lh_col_up_table[g.rows - 2]
                                                  : lh_col_down_table[g.rows - 2];
        const guint32 *pts = lh_row_points_table[g.rows - 2];
        for (i = 0; i < g.cols; i++)
          {
            guint col = (guint) ((t >> (16 * i)) & 0xffff);
            result |= table[col] << (4 * i);
            gained += pts[col];
          }
        break;
      }
    default:
      result = board;
      break;
    }

  if (points != NULL)
    *points = result == board ? 0 : gained;
  return result;
}

/**
 * lh_board_move_all:
 * @after: (out caller-allocates): the afterstate of each move, indexed by
 *   LhMove (equal to @board when the move is illegal)
 * @points: (out caller-allocates): each move's points (0 when illegal)
 * The four results of lh_board_move(), from one table look-up per row and
 * one per column (each gives both slides of its line and their points)
 * instead of four: for a player node or a trainer that tries every move.
 * Two slides of one line score the same points: the same equal tiles
 * merge, pair by pair, from either end.
 */
static inline void
lh_board_move_all (LhBoard board, LhGeometry g, LhBoard after[LH_N_MOVES],
                   guint32 points[LH_N_MOVES])
{
  const guint64 *rows = lh_row_moves_table[g.cols - 2];
  const guint64 *cols = lh_row_moves_table[g.rows - 2];
  LhBoard t = lh_board_transpose (board);
  LhBoard left = 0, right = 0, up = 0, down = 0;
  guint32 row_points = 0, col_points = 0;

  for (guint i = 0; i < g.rows; i++)
    {
      guint64 e = rows[(board >> (16 * i)) & 0xffff];

      left |= (e & 0xffff) << (16 * i);
      right |= ((e >> 16) & 0xffff) << (16 * i);
      row_points += (guint32) (e >> 32);
    }
  for (guint i = 0; i < g.cols; i++)
    {
      guint64 e = cols[(t >> (16 * i)) & 0xffff];

      up |= (e & 0xffff) << (16 * i);
      down |= ((e >> 16) & 0xffff) << (16 * i);
      col_points += (guint32) (e >> 32);
    }
  after[LH_MOVE_UP] = lh_board_transpose (up);
  after[LH_MOVE_DOWN] = lh_board_transpose (down);
  after[LH_MOVE_LEFT] = left;
  after[LH_MOVE_RIGHT] = right;
  points[LH_MOVE_UP] = after[LH_MOVE_UP] == board ? 0 : col_points;
  points[LH_MOVE_DOWN] = after[LH_MOVE_DOWN] == board ? 0 : col_points;
  points[LH_MOVE_LEFT] = left == board ? 0 : row_points;
  points[LH_MOVE_RIGHT] = right == board ? 0 : row_points;
}

/** lh_board_count_empty: number of empty cells inside @geometry. */
static inline guint
lh_board_count_empty (LhBoard board, LhGeometry geometry)
{
  /* Fold each nibble to one bit (set when the cell is non-empty). */
  LhBoard x = board | (board >> 1);
  x |= x >> 2;
  x &= 0x1111111111111111ULL;
  return (guint) (geometry.rows * geometry.cols) - (guint) __builtin_popcountll (x);
}

/**
 * lh_board_has_exponent:
 * @exponent: 1 to 15 (a tile of 2^@exponent)
 * Returns: TRUE when some cell of @board holds the tile 2^@exponent.  A
 *   SWAR test (the "has a zero byte" trick of S. E. Anderson's Bit
 *   Twiddling Hacks, on nibbles): five operations, no loop.
 */
static inline gboolean
lh_board_has_exponent (LhBoard board, guint exponent)
{
  LhBoard x = board ^ (0x1111111111111111ULL * (exponent & 0xf));

  return ((x - 0x1111111111111111ULL) & ~x & 0x8888888888888888ULL) != 0;
}

/**
 * lh_board_legal_moves:
 * Returns: a bit mask, bit m set when move m changes the board.
 */
guint lh_board_legal_moves (LhBoard board, LhGeometry geometry);

/** lh_board_is_game_over: TRUE when no move is legal. */
gboolean lh_board_is_game_over (LhBoard board, LhGeometry geometry);

/** lh_board_max_exponent: largest exponent on the board (0 for an empty board). */
guint lh_board_max_exponent (LhBoard board);

/** lh_board_count_distinct: number of distinct non-empty tile values. */
guint lh_board_count_distinct (LhBoard board);

/**
 * lh_board_tile_sum:
 * Returns: the sum of the tile values (2, 4, 8 ...), in points.
 */
guint64 lh_board_tile_sum (LhBoard board);

/**
 * lh_board_empty_cells:
 * @cells: (out caller-allocates): room for 16 cell indices (4 * row + col)
 * Returns: the number of empty cells written to @cells, in reading order.
 */
guint lh_board_empty_cells (LhBoard board, LhGeometry geometry, guint8 cells[16]);

/** lh_move_to_string: "up", "down", "left" or "right"; static string. */
const char *lh_move_to_string (LhMove move);

/**
 * lh_move_from_string:
 * Accepts "up", "down", "left", "right" and "u", "d", "l", "r", any case.
 * Returns: FALSE (and leaves *move alone) when @text is none of them.
 */
gboolean lh_move_from_string (const char *text, LhMove *move);

/** Probability that a spawned tile is a 4 (else a 2): 0.1, the original game's. */
#define LH_SPAWN_FOUR_PROBABILITY 0.1

/**
 * lh_board_spawn:
 * Places one tile (2 at 0.9, 4 at 0.1) in a uniformly chosen empty cell of
 * @board, drawing from @rng: one lh_rng_below (empty) then one lh_rng_below (10).
 * Returns: the new board; @board itself when it has no empty cell.
 */
LhBoard lh_board_spawn (LhBoard board, LhGeometry geometry, LhRng *rng);

/**
 * lh_tile_value:
 * Returns: the tile value for @exponent: 0 for 0, else 2^exponent.
 */
static inline guint32
lh_tile_value (guint exponent)
{
  return exponent == 0 ? 0 : (guint32) 1 << exponent;
}

G_END_DECLS
