/* lh-game.c: one game of 2048 (see lh-game.h). */
#include "lh-game.h"

/* Dropped history entries removed from memory at a time. */
#define HISTORY_SLACK 128

struct _LhGame {
  LhGeometry geometry;
  LhBoard    board;
  guint64    score;
  guint64    n_moves;
  LhRng      rng;
  /* The undo history, oldest first, is entries history_start to the end
   * of these arrays: the oldest are dropped by moving history_start, and
   * removed from the arrays only once HISTORY_SLACK of them have gone, in
   * one move of memory instead of one per move (a bench spent a tenth of
   * its time moving the history at 1-ply). */
  GArray    *history_boards;  /* LhBoard */
  GArray    *history_scores;  /* guint64 */
  guint      history_start;
  GArray    *steps;           /* LhGameStep, oldest first: the record */
  LhBoard    record_start;
  guint64    record_start_score;
};

/* The history's oldest entry (never an offset of a NULL array). */
static const LhBoard *
history_boards (const LhGame *game)
{
  const LhBoard *data = (const LhBoard *) (gpointer) game->history_boards->data;

  return game->history_start == 0 ? data : data + game->history_start;
}

static const guint64 *
history_scores (const LhGame *game)
{
  const guint64 *data = (const guint64 *) (gpointer) game->history_scores->data;

  return game->history_start == 0 ? data : data + game->history_start;
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

LhBoard
lh_game_step_after (const LhGameStep *step, LhGeometry geometry)
{
  LhBoard after = lh_board_move (step->before, geometry, (LhMove) step->move, NULL);

  return after | ((LhBoard) step->spawn_exponent << (4 * step->spawn_cell));
}

static LhGame *
game_alloc (LhGeometry geometry)
{
  LhGame *game = g_new0 (LhGame, 1);

  lh_engine_init ();
  game->geometry = geometry;
  game->history_boards = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  game->history_scores = g_array_new (FALSE, FALSE, sizeof (guint64));
  game->steps = g_array_new (FALSE, FALSE, sizeof (LhGameStep));
  return game;
}

LhGame *
lh_game_new (LhGeometry geometry, guint64 seed)
{
  LhGame *game;

  g_return_val_if_fail (lh_geometry_is_valid (geometry), NULL);

  game = game_alloc (geometry);
  lh_rng_init (&game->rng, seed);
  game->board = lh_board_spawn (0, geometry, &game->rng);
  game->board = lh_board_spawn (game->board, geometry, &game->rng);
  game->record_start = game->board;
  return game;
}

LhGame *
lh_game_new_from_state (LhGeometry     geometry,
                        LhBoard        board,
                        guint64        score,
                        guint64        n_moves,
                        const LhRng   *rng,
                        const LhBoard *history_boards,
                        const guint64 *history_scores,
                        guint          n_history)
{
  guint64 outside;
  LhGame *game;

  if (!lh_geometry_is_valid (geometry))
    return NULL;
  outside = ~lh_geometry_cell_mask (geometry);
  if ((board & outside) != 0)
    return NULL;
  for (guint i = 0; i < n_history; i++)
    if ((history_boards[i] & outside) != 0)
      return NULL;

  game = game_alloc (geometry);
  game->board = board;
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
  LhGame *copy = lh_game_new_from_state (game->geometry, game->board, game->score, game->n_moves,
                                         &game->rng,
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
lh_game_move (LhGame *game, LhMove move, guint32 *points, int *spawned_cell)
{
  return lh_game_move_by (game, move, LH_PLAYER_UNKNOWN, points, spawned_cell);
}

gboolean
lh_game_move_by (LhGame   *game,
                 LhMove    move,
                 LhPlayer  player,
                 guint32  *points,
                 int      *spawned_cell)
{
  LhGameStep step = { .before = game->board, .move = (guint8) move, .player = (guint8) player };
  guint32 gained = 0;
  LhBoard after = lh_board_move (game->board, game->geometry, move, &gained);
  LhBoard spawned;

  if (points != NULL)
    *points = 0;
  if (spawned_cell != NULL)
    *spawned_cell = -1;
  if (after == game->board)
    return FALSE;

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

  spawned = lh_board_spawn (after, game->geometry, &game->rng);
  /* A legal move always leaves an empty cell, so a tile always spawns. */
  g_assert (spawned != after);
  step.spawn_cell = (guint8) (__builtin_ctzll (spawned ^ after) / 4);
  step.spawn_exponent = (guint8) ((spawned >> (4 * step.spawn_cell)) & 0xf);
  step.points = gained;
  g_array_append_val (game->steps, step);
  if (spawned_cell != NULL)
    *spawned_cell = step.spawn_cell;
  game->board = spawned;
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
  game->board = g_array_index (game->history_boards, LhBoard, last);
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
  return game->board;
}

LhGeometry
lh_game_get_geometry (const LhGame *game)
{
  return game->geometry;
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
  return lh_board_is_game_over (game->board, game->geometry);
}

guint32
lh_game_get_max_tile (const LhGame *game)
{
  return lh_tile_value (lh_board_max_exponent (game->board));
}

const LhBoard *
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
lh_game_get_record_start (const LhGame *game, LhBoard *board, guint64 *score)
{
  *board = game->record_start;
  *score = game->record_start_score;
}

void
lh_game_set_steps (LhGame           *game,
                   LhBoard           start,
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
