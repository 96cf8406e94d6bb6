/* lh-td-play.h: the greedy self-play game of lh-td-train.c, written once
 * for both boards.  Private: lh-td-train.c includes it twice, for the
 * 64-bit board (networks of up to 4x4) and for the wide board (5x5
 * networks), having defined:
 *   TD_BOARD              the board type
 *   TD(name)              this copy's name of the function @name
 *   TD_STAGE(net, b)      the network's stage of board @b
 *   TD_SPAWN(b, g, rng)   @b with a tile spawned
 *   TD_MAX_EXPONENT(b)    the largest exponent on @b
 * and TD (greedy_move) (net, board, g, &after, &points (guint64), &value,
 * index), the greedy move of @board; Tables, GameResult and td_step().
 * It undefines them at its end. */

/* Plays greedily from @board (a state, after its spawn) to the end, drawing
 * spawns from @rng and learning after each move when @t is not NULL.  When
 * @entry is not NULL, sets it to the first board of stage 1 or more
 * (lh_ntuple_stage()) and *@has_entry to TRUE, if the game gets there.
 * Stops early (finished FALSE) when @cancellable is cancelled. */
static GameResult
TD (play_from) (LhNtuple *net, const Tables *t, gboolean tc, float alpha, TD_BOARD board,
                LhRng *rng, TD_BOARD *entry, gboolean *has_entry, GCancellable *cancellable)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  GameResult result = { 0, 0, 0, TRUE };
  guint32 previous[MAX_FEATURES], index[MAX_FEATURES];
  gboolean has_previous = FALSE;
  guint nf = lh_ntuple_get_n_features (net);

  for (;;)
    {
      TD_BOARD after = 0;
      guint64 points = 0;
      float value = 0.0f;

      if (entry != NULL && !*has_entry && TD_STAGE (net, board) > 0)
        {
          *entry = board;
          *has_entry = TRUE;
        }
      if (!TD (greedy_move) (net, board, g, &after, &points, &value, index))
        break;
      if (t != NULL && has_previous)
        td_step (net, t, tc, previous, value, alpha);
      memcpy (previous, index, nf * sizeof (guint32));
      has_previous = TRUE;
      result.score += points;
      result.moves++;
      board = TD_SPAWN (after, g, rng);
      if (cancellable != NULL && result.moves % CANCEL_CHECK_MOVES == 0
          && g_cancellable_is_cancelled (cancellable))
        {
          result.finished = FALSE;
          break;
        }
    }
  /* The last afterstate leads to a lost position: worth 0. */
  if (t != NULL && has_previous && result.finished)
    td_step (net, t, tc, previous, 0.0f, alpha);
  result.max_exponent = TD_MAX_EXPONENT (board);
  return result;
}

/* Plays game @seed greedily, learning after each move when @t is not NULL,
 * then, when it reached stage 1, @restarts times again from the first
 * board of stage 1, restart r with its spawns drawn from a stream of its
 * own (seeded from @seed and r).  The result is the first game's, with
 * every restart's moves added.  Stops early (finished FALSE) when
 * @cancellable is cancelled. */
static GameResult
TD (play_game) (LhNtuple *net, const Tables *t, gboolean tc, float alpha, guint64 seed,
                guint restarts, GCancellable *cancellable)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  GameResult result;
  gboolean has_entry = FALSE;
  TD_BOARD board, entry = 0;
  LhRng rng;

  lh_rng_init (&rng, seed);
  board = TD_SPAWN (0, g, &rng);
  board = TD_SPAWN (board, g, &rng);
  result = TD (play_from) (net, t, tc, alpha, board, &rng, restarts > 0 ? &entry : NULL, &has_entry,
                      cancellable);
  for (guint r = 1; r <= restarts && has_entry && result.finished; r++)
    {
      GameResult again;

      /* Another SplitMix64 increment than the games' (game_seed()). */
      lh_rng_init (&rng, seed ^ (r * 0xbf58476d1ce4e5b9ULL));
      again = TD (play_from) (net, t, tc, alpha, entry, &rng, NULL, NULL, cancellable);
      result.moves += again.moves;
      result.finished = again.finished;
    }
  return result;
}

#undef TD_BOARD
#undef TD
#undef TD_STAGE
#undef TD_SPAWN
#undef TD_MAX_EXPONENT
