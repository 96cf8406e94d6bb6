/* lh-game.c: one game of 2048 (see lh-game.h). */
#include "lh-game.h"

/* Dropped history entries removed from memory at a time. */
#define HISTORY_SLACK 128

struct _LhGame {
  LhGeometry  geometry;
  LhRules     rules;
  LhWideBoard board;
  LhBoard     narrow;          /* the board as a 64-bit board, when fits */
  gboolean    fits;
  guint64     score;
  guint64     n_moves;
  LhRng       rng;
  /* The undo history, oldest first, is entries history_start to the end
   * of these arrays: the oldest are dropped by moving history_start, and
   * removed from the arrays only once HISTORY_SLACK of them have gone, in
   * one move of memory instead of one per move (a bench spent a tenth of
   * its time moving the history at 1-ply). */
  GArray     *history_boards;  /* LhWideBoard */
  GArray     *history_scores;  /* guint64 */
  guint       history_start;
  GArray     *steps;           /* LhGameStep, oldest first: the record */
  LhWideBoard record_start;
  guint64     record_start_score;
};

/* The history's oldest entry (never an offset of a NULL array). */
static const LhWideBoard *
history_boards (const LhGame *game)
{
  const LhWideBoard *data = (const LhWideBoard *) (gpointer) game->history_boards->data;

  return game->history_start == 0 ? data : data + game->history_start;
}

static const guint64 *
history_scores (const LhGame *game)
{
  const guint64 *data = (const guint64 *) (gpointer) game->history_scores->data;

  return game->history_start == 0 ? data : data + game->history_start;
}

static const char *const rules_names[LH_N_RULES] = { "2048", "2048-32768" };

const char *
lh_rules_to_string (LhRules rules)
{
  g_return_val_if_fail ((guint) rules < LH_N_RULES, "2048");
  return rules_names[rules];
}

gboolean
lh_rules_from_string (const char *text, LhRules *rules)
{
  for (guint i = 0; i < LH_N_RULES; i++)
    if (g_strcmp0 (text, rules_names[i]) == 0)
      {
        *rules = (LhRules) i;
        return TRUE;
      }
  return FALSE;
}

LhRules
lh_rules_default (LhGeometry geometry)
{
  return lh_geometry_is_valid (geometry) ? LH_RULES_2048_CAPPED : LH_RULES_2048;
}

/* Every cell of the wide layout that lies outside @geometry. */
static LhWideBoard
outside_cells (LhGeometry geometry)
{
  LhWideBoard inside = 0;

  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      inside = lh_wide_board_set_cell (inside, r, c, 0x1f);
  return ~inside;
}

gboolean
lh_rules_accept (LhRules rules, LhGeometry geometry, LhWideBoard board)
{
  LhBoard narrow;

  if ((guint) rules >= LH_N_RULES || !lh_wide_geometry_is_valid (geometry)
      || (board & outside_cells (geometry)) != 0)
    return FALSE;
  if (rules == LH_RULES_2048_CAPPED)
    return lh_geometry_is_valid (geometry) && lh_wide_board_to_board (board, geometry, &narrow);
  return TRUE;
}

/* The number of 32768s (exponent 15) on @board. */
static guint
count_32768 (LhBoard board)
{
  LhBoard all_f = board & (board >> 1) & (board >> 2) & (board >> 3) & 0x1111111111111111ULL;

  return (guint) __builtin_popcountll (all_f);
}

gboolean
lh_rules_narrow_holds (LhRules rules, LhWideBoard board, LhGeometry geometry, LhBoard *narrow)
{
  LhBoard fits;

  if (!lh_wide_board_to_board (board, geometry, &fits)
      || (rules != LH_RULES_2048_CAPPED && count_32768 (fits) >= 2))
    return FALSE;
  if (narrow != NULL)
    *narrow = fits;
  return TRUE;
}

LhWideBoard
lh_rules_move (LhRules rules, LhWideBoard board, LhGeometry geometry, LhMove move,
               guint64 *points)
{
  LhBoard narrow, after;
  guint32 gained = 0;

  /* The 64-bit move is the rule itself under the capped rules, and the
   * original rule's too while no two 32768s can merge. */
  if (lh_rules_narrow_holds (rules, board, geometry, &narrow))
    {
      after = lh_board_move (narrow, geometry, move, &gained);
      if (points != NULL)
        *points = gained;
      return after == narrow ? board : lh_wide_board_from_board (after, geometry);
    }
  return lh_wide_board_move (board, geometry, move, points);
}

guint
lh_rules_legal_moves (LhRules rules, LhWideBoard board, LhGeometry geometry)
{
  LhBoard narrow;

  if (lh_rules_narrow_holds (rules, board, geometry, &narrow))
    return lh_board_legal_moves (narrow, geometry);
  return lh_wide_board_legal_moves (board, geometry);
}

static const char *const player_names[LH_N_PLAYERS] = { "unknown", "person", "ai" };

const char *
lh_player_to_string (LhPlayer player)
{
  g_return_val_if_fail ((guint) player < LH_N_PLAYERS, "unknown");
  return player_names[player];
}

gboolean
lh_player_from_string (const char *text, LhPlayer *player)
{
  for (guint i = 0; i < LH_N_PLAYERS; i++)
    if (g_strcmp0 (text, player_names[i]) == 0)
      {
        *player = (LhPlayer) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
lh_game_step_equal (const LhGameStep *a, const LhGameStep *b)
{
  return a->before == b->before && a->points == b->points && a->move == b->move
         && a->player == b->player && a->spawn_cell == b->spawn_cell
         && a->spawn_exponent == b->spawn_exponent;
}

LhWideBoard
lh_game_step_after (const LhGameStep *step, LhGeometry geometry, LhRules rules)
{
  LhWideBoard after = lh_rules_move (rules, step->before, geometry, (LhMove) step->move, NULL);

  return after | ((LhWideBoard) step->spawn_exponent << (LH_WIDE_CELL_BITS * step->spawn_cell));
}

/* Sets the board, and its 64-bit form while it fits one. */
static void
set_board (LhGame *game, LhWideBoard board)
{
  game->board = board;
  game->fits = lh_wide_board_to_board (board, game->geometry, &game->narrow);
}

static LhGame *
game_alloc (LhGeometry geometry, LhRules rules)
{
  LhGame *game = g_new0 (LhGame, 1);

  lh_engine_init ();
  game->geometry = geometry;
  game->rules = rules;
  game->history_boards = g_array_new (FALSE, FALSE, sizeof (LhWideBoard));
  game->history_scores = g_array_new (FALSE, FALSE, sizeof (guint64));
  game->steps = g_array_new (FALSE, FALSE, sizeof (LhGameStep));
  return game;
}

LhGame *
lh_game_new (LhGeometry geometry, guint64 seed)
{
  return lh_game_new_with_rules (geometry, lh_rules_default (geometry), seed);
}

LhGame *
lh_game_new_with_rules (LhGeometry geometry, LhRules rules, guint64 seed)
{
  LhGame *game;

  g_return_val_if_fail (lh_rules_accept (rules, geometry, 0), NULL);

  game = game_alloc (geometry, rules);
  lh_rng_init (&game->rng, seed);
  set_board (game, lh_wide_board_spawn (lh_wide_board_spawn (0, geometry, &game->rng), geometry,
                                        &game->rng));
  game->record_start = game->board;
  return game;
}

LhGame *
lh_game_new_from_state (LhGeometry         geometry,
                        LhRules            rules,
                        LhWideBoard        board,
                        guint64            score,
                        guint64            n_moves,
                        const LhRng       *rng,
                        const LhWideBoard *history_boards,
                        const guint64     *history_scores,
                        guint              n_history)
{
  LhGame *game;

  if (!lh_rules_accept (rules, geometry, board))
    return NULL;
  for (guint i = 0; i < n_history; i++)
    if (!lh_rules_accept (rules, geometry, history_boards[i]))
      return NULL;

  game = game_alloc (geometry, rules);
  set_board (game, board);
  game->score = score;
  game->n_moves = n_moves;
  game->record_start = board;
  game->record_start_score = score;
  if (rng != NULL)
    game->rng = *rng;
  else
    lh_rng_init (&game->rng, g_get_real_time ());
  if (n_history > 0)
    {
      g_array_append_vals (game->history_boards, history_boards, n_history);
      g_array_append_vals (game->history_scores, history_scores, n_history);
    }
  return game;
}

LhGame *
lh_game_copy (const LhGame *game)
{
  LhGame *copy = lh_game_new_from_state (game->geometry, game->rules, game->board, game->score,
                                         game->n_moves, &game->rng,
                                         history_boards (game), history_scores (game),
                                         game->history_boards->len - game->history_start);

  lh_game_set_steps (copy, game->record_start, game->record_start_score,
                     (const LhGameStep *) (gpointer) game->steps->data, game->steps->len);
  return copy;
}

void
lh_game_free (LhGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->history_boards);
  g_array_unref (game->history_scores);
  g_array_unref (game->steps);
  g_free (game);
}

gboolean
lh_game_move (LhGame *game, LhMove move, guint64 *points, int *spawned_cell)
{
  return lh_game_move_by (game, move, LH_PLAYER_UNKNOWN, points, spawned_cell);
}

gboolean
lh_game_move_by (LhGame   *game,
                 LhMove    move,
                 LhPlayer  player,
                 guint64  *points,
                 int      *spawned_cell)
{
  LhGameStep step = { .before = game->board, .move = (guint8) move, .player = (guint8) player };
  guint64 gained = 0;
  LhWideBoard after = 0, spawned, added;
  LhBoard narrow_before = 0, narrow_after = 0, narrow_spawned = 0;
  gboolean narrow;
  guint bit;

  if (points != NULL)
    *points = 0;
  if (spawned_cell != NULL)
    *spawned_cell = -1;
  /* The 64-bit tables and spawn while they are the rule (lh_rules_move()):
   * a 4x4 move then costs one conversion more than a 64-bit one. */
  narrow = lh_game_narrow_holds (game, &narrow_before);
  if (narrow)
    {
      guint32 narrow_points = 0;

      narrow_after = lh_board_move (narrow_before, game->geometry, move, &narrow_points);
      if (narrow_after == narrow_before)
        return FALSE;
      gained = narrow_points;
    }
  else
    {
      after = lh_wide_board_move (game->board, game->geometry, move, &gained);
      if (after == game->board)
        return FALSE;
    }

  if (game->history_boards->len - game->history_start >= LH_GAME_MAX_UNDO)
    game->history_start++;
  if (game->history_start >= HISTORY_SLACK)
    {
      g_array_remove_range (game->history_boards, 0, game->history_start);
      g_array_remove_range (game->history_scores, 0, game->history_start);
      game->history_start = 0;
    }
  g_array_append_val (game->history_boards, game->board);
  g_array_append_val (game->history_scores, game->score);

  /* A legal move always leaves an empty cell, so a tile always spawns;
   * both spawns make the same draws (lh_wide_board_spawn()). */
  if (narrow)
    {
      LhBoard narrow_added;

      narrow_spawned = lh_board_spawn (narrow_after, game->geometry, &game->rng);
      g_assert (narrow_spawned != narrow_after);
      narrow_added = narrow_spawned ^ narrow_after;
      bit = (guint) __builtin_ctzll (narrow_added) / 4;
      step.spawn_cell = (guint8) LH_GAME_CELL (bit / 4, bit % 4);
      step.spawn_exponent = (guint8) (narrow_added >> (4 * bit));
      spawned = lh_wide_board_from_board (narrow_spawned, game->geometry);
    }
  else
    {
      spawned = lh_wide_board_spawn (after, game->geometry, &game->rng);
      g_assert (spawned != after);
      added = spawned ^ after;
      bit = (guint64) added != 0 ? (guint) __builtin_ctzll ((guint64) added)
                                 : 64 + (guint) __builtin_ctzll ((guint64) (added >> 64));
      step.spawn_cell = (guint8) (bit / LH_WIDE_CELL_BITS);
      step.spawn_exponent = (guint8) (added >> (LH_WIDE_CELL_BITS * step.spawn_cell));
    }
  step.points = gained;
  g_array_append_val (game->steps, step);
  if (spawned_cell != NULL)
    *spawned_cell = step.spawn_cell;
  if (narrow)
    {
      /* A 64-bit board stays one: the exponents did not pass 15. */
      game->board = spawned;
      game->narrow = narrow_spawned;
    }
  else
    set_board (game, spawned);
  game->score += gained;
  game->n_moves++;
  if (points != NULL)
    *points = gained;
  return TRUE;
}

gboolean
lh_game_can_undo (const LhGame *game)
{
  return game->history_boards->len > game->history_start;
}

gboolean
lh_game_undo (LhGame *game)
{
  guint last;

  if (!lh_game_can_undo (game))
    return FALSE;
  last = game->history_boards->len - 1;
  set_board (game, g_array_index (game->history_boards, LhWideBoard, last));
  game->score = g_array_index (game->history_scores, guint64, last);
  g_array_set_size (game->history_boards, last);
  g_array_set_size (game->history_scores, last);
  if (game->n_moves > 0)
    game->n_moves--;
  if (game->steps->len > 0)
    g_array_set_size (game->steps, game->steps->len - 1);
  else
    {
      /* Back past the record's start (a game restored without steps). */
      game->record_start = game->board;
      game->record_start_score = game->score;
    }
  return TRUE;
}

LhBoard
lh_game_get_board (const LhGame *game)
{
  g_return_val_if_fail (game->fits, 0);
  return game->narrow;
}

gboolean
lh_game_narrow_holds (const LhGame *game, LhBoard *narrow)
{
  if (!game->fits || (game->rules != LH_RULES_2048_CAPPED && count_32768 (game->narrow) >= 2))
    return FALSE;
  *narrow = game->narrow;
  return TRUE;
}

gboolean
lh_game_board_fits (const LhGame *game)
{
  return game->fits;
}

LhWideBoard
lh_game_get_wide_board (const LhGame *game)
{
  return game->board;
}

LhGeometry
lh_game_get_geometry (const LhGame *game)
{
  return game->geometry;
}

LhRules
lh_game_get_rules (const LhGame *game)
{
  return game->rules;
}

guint64
lh_game_get_score (const LhGame *game)
{
  return game->score;
}

guint64
lh_game_get_n_moves (const LhGame *game)
{
  return game->n_moves;
}

const LhRng *
lh_game_get_rng (const LhGame *game)
{
  return &game->rng;
}

gboolean
lh_game_is_over (const LhGame *game)
{
  LhBoard narrow;

  if (lh_game_narrow_holds (game, &narrow))
    return lh_board_is_game_over (narrow, game->geometry);
  return lh_rules_legal_moves (game->rules, game->board, game->geometry) == 0;
}

guint64
lh_game_get_max_tile (const LhGame *game)
{
  return lh_wide_tile_value (lh_wide_board_max_exponent (game->board));
}

const LhWideBoard *
lh_game_get_history (const LhGame *game, guint *n_history, const guint64 **scores)
{
  *n_history = game->history_boards->len - game->history_start;
  if (scores != NULL)
    *scores = history_scores (game);
  return history_boards (game);
}

const LhGameStep *
lh_game_get_steps (const LhGame *game, guint *n_steps)
{
  *n_steps = game->steps->len;
  return (const LhGameStep *) (gpointer) game->steps->data;
}

void
lh_game_get_record_start (const LhGame *game, LhWideBoard *board, guint64 *score)
{
  *board = game->record_start;
  *score = game->record_start_score;
}

void
lh_game_set_steps (LhGame           *game,
                   LhWideBoard       start,
                   guint64           start_score,
                   const LhGameStep *steps,
                   guint             n_steps)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (steps != NULL || n_steps == 0);

  game->record_start = start;
  game->record_start_score = start_score;
  g_array_set_size (game->steps, 0);
  if (n_steps > 0)
    g_array_append_vals (game->steps, steps, n_steps);
}
