/* lh-td-train.h: training an n-tuple network by temporal-difference learning
 * from self-play.
 *
 * Afterstate TD(0), as M. Szubert and W. Jaśkowski, "Temporal difference
 * learning of n-tuple networks for the game 2048" (IEEE CIG 2014; its
 * afterstate variant, the one that won over 97 % of games at 1-ply, as the
 * paper's abstract says): the player moves greedily, choosing the move a of
 * state s that maximises r(s, a) + V(s'_a), where s'_a is the afterstate
 * (the board after the move, before the spawn) and r the move's points.
 * After each move the value of the previous afterstate s'_prev is moved
 * toward the reward and value of the new one:
 *     V(s'_prev) <- V(s'_prev) + alpha (r + V(s') - V(s'_prev)),
 * and, at the end of the game (no legal move), toward 0.  V is the sum of
 * the network's features (lh-ntuple.h), so each of its n features' weight
 * moves by alpha x error / n: alpha here is the step of the value, as
 * moporgic/TDL2048's --alpha, which it divides by the number of features
 * (its default 0.1 is ours too: a per-weight rate of 0.0031 on a 4x6
 * network; TDL2048's source keeps 0.0025 as its per-weight default, the
 * order of the 2014 paper's rates, which the references available here
 * did not let us check).  The value of an afterstate is therefore the
 * expected number of points still to score from it.
 *
 * Temporal coherence (TC) learning (D. Beal and M. Smith, "Temporal
 * coherence and prediction decay in TD learning", IJCAI 1999; for 2048 W.
 * Jaśkowski, "Mastering 2048 with delayed temporal coherence learning,
 * multi-stage weight promotion, redundant encoding and carousel shaping",
 * IEEE Transactions on Games 2018, arXiv:1604.05085) gives every weight its
 * own adaptive rate: with E the sum of the weight's past updates and A the
 * sum of their absolute values, the weight moves by beta x |E| / A x the
 * update (by beta x the update while A is 0), then E and A accumulate it.
 * A weight whose updates agree keeps a rate near 1; one that oscillates
 * around its value slows down (the rule of TDL2048's "coherence" weights).
 * beta is our alpha (TDL2048 turns TC on with alpha 1.0: our default with
 * TC).  TC needs two more tables of the network's size (E and A, float32).
 *
 * Restarts (with a staged network, lh-ntuple.h): a game that reaches stage
 * 1 is played again @restarts times from the first board of stage 1 (the
 * board after the spawn that brought stage 1's tiles), each time with
 * spawns of its own stream, learning all along, so that the late game,
 * which a greedy player reaches in only part of its games and late in
 * them, is learned from several times as often for the moves it costs:
 * K.-H. Yeh et al. 2016 train each stage from the boards where it begins,
 * and W. Jaśkowski 2018's "carousel shaping" starts games from stage
 * beginnings.  The learning curve counts the first game alone (its score
 * and tiles); the moves count every restart.
 *
 * Threads: @jobs threads play games at once and update the one network
 * without locks (Hogwild, B. Recht et al. 2011; the "lock-free optimistic
 * parallelism" of Jaśkowski 2018's abstract; see lh_ntuple_update()).
 * Each game draws its spawns from its own random stream, seeded from the
 * seed and the game's number (counted over the network's whole training,
 * resumed runs included), not one stream per thread: so with one job the
 * same seed gives the same weights bit for bit, and a run resumed from a
 * saved network plays the games an uninterrupted run would have.
 */
#pragma once

#include <gio/gio.h>

#include "lh-ntuple.h"

G_BEGIN_DECLS

/** Most training threads. */
#define LH_TD_MAX_JOBS 64

/**
 * LhTdOptions:
 * @games: games to play in this run (1 or more)
 * @seed: the random seed (any value)
 * @jobs: threads, 1 to LH_TD_MAX_JOBS
 * @alpha: the learning rate: the fraction of the TD error by which a value
 *   moves (with TC the meta rate beta); more than 0, at most 1
 * @alpha_decay: a schedule: alpha is multiplied by this every
 *   @alpha_decay_every games (counted from the network's first game, so a
 *   resumed run continues the schedule); in (0, 1], 1 keeps alpha constant
 * @alpha_decay_every: games between two decays (0: never)
 * @tc: temporal coherence learning (see above)
 * @start_games: games the network was trained before this run (a resumed
 *   network's LhNtupleFileInfo.games): the game numbers, and so the seeds
 *   and the schedule, continue from there
 * @report_every: games per progress report (0: no report)
 * @restarts: times a game that reaches stage 1 is played again from the
 *   first board of stage 1 (see Restarts above); 0 to LH_TD_MAX_RESTARTS,
 *   only with a staged network (lh_td_train() refuses it otherwise)
 */
typedef struct {
  guint64  games;
  guint64  seed;
  guint    jobs;
  double   alpha;
  double   alpha_decay;
  guint64  alpha_decay_every;
  gboolean tc;
  guint64  start_games;
  guint64  report_every;
  guint    restarts;
} LhTdOptions;

/** Most restarts of a game from stage 1 (LhTdOptions.restarts). */
#define LH_TD_MAX_RESTARTS 16

/**
 * lh_td_options_init:
 * The defaults: 1000 games, seed 1, one job, alpha 0.1 (TDL2048's default,
 * see above), no decay, no TC, a report every 1000 games.  With TC, set
 * alpha to 1.0 (Jaśkowski 2018).
 */
void lh_td_options_init (LhTdOptions *options);

/**
 * lh_td_options_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT, a message that
 *   names the option and its range) when an option is out of range.
 */
gboolean lh_td_options_validate (const LhTdOptions *options, GError **error);

/**
 * lh_td_options_to_string:
 * Returns: (transfer full): the options that shape the weights, as
 *   "key=value" words ("alpha=0.1 decay=1 decay-every=0 tc=no seed=1
 *   jobs=1", and " restarts=N" when @restarts is not 0), for the weights
 *   file (LhNtupleFileInfo.options).
 */
char *lh_td_options_to_string (const LhTdOptions *options);

/**
 * lh_td_options_apply_text:
 * @text: words as lh_td_options_to_string() writes them (a weights file's
 *   training options)
 * Sets the options @text names (alpha, decay, decay-every, tc, seed,
 * restarts) in
 * @options and leaves the others as they are; "jobs" and unknown words
 * are ignored (a newer Lookahead may write more).  For resuming a run with
 * its own settings.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA, quoting the word)
 *   when a known key has a malformed value; @options is then unchanged.
 */
gboolean lh_td_options_apply_text (LhTdOptions *options, const char *text, GError **error);

/**
 * lh_td_alpha_at:
 * Returns: the learning rate of game number @game (counted from the
 *   network's first game): alpha x decay^floor(game / decay_every).
 */
double lh_td_alpha_at (const LhTdOptions *options, guint64 game);

/**
 * LhTdProgress:
 * @games: games the network has been trained, start_games included
 * @moves: moves played in this run
 * @block_games: games this report covers: the last report_every games
 *   (fewer in the last report of a run)
 * @mean_score: mean score of those games, in points
 * @max_score: the best of them
 * @share_2048: fraction of them that reached a 2048 tile (0 to 1)
 * @share_8192: ... an 8192 tile
 * @share_16384: ... a 16384 tile
 * @games_per_second: games finished per second over the block
 * @moves_per_second: moves per second over the block (all threads)
 * @seconds: time since the run started
 * @alpha: the learning rate of the last game
 * One point of the learning curve.
 */
typedef struct {
  guint64 games;
  guint64 moves;
  guint64 block_games;
  double  mean_score;
  guint64 max_score;
  double  share_2048;
  double  share_8192;
  double  share_16384;
  double  games_per_second;
  double  moves_per_second;
  double  seconds;
  double  alpha;
} LhTdProgress;

/**
 * LhTdProgressFunc:
 * Called from a training thread, one call at a time, in the order of the
 * blocks, while the other threads keep training.  Must return quickly (a
 * window posts the point to its main loop).
 */
typedef void (*LhTdProgressFunc) (const LhTdProgress *progress, gpointer user_data);

/**
 * LhTdResult:
 * @games: games finished in this run (a game cut short by cancellation is
 *   not counted, though it has updated the weights)
 * @moves: moves made in this run
 * @seconds: time taken
 * @cancelled: TRUE when the run stopped early
 */
typedef struct {
  guint64  games;
  guint64  moves;
  double   seconds;
  gboolean cancelled;
} LhTdResult;

/**
 * LhTdCoherence:
 * The TC tables of a network: E and A per weight (see above), float32, one
 * pair of tables per shape of the network's size.  Keeping them from one
 * run to the next (lh_td_train()'s @tc) and in the weights file
 * (lh_ntuple_file_save_full()) makes a paused or resumed TC run learn as an
 * uninterrupted one; a run that starts with zeroed tables instead begins
 * every weight again at rate 1.
 */
typedef struct _LhTdCoherence LhTdCoherence;

/**
 * lh_td_train:
 * @net: the network to train, in place (every other user must wait)
 * @tc: (nullable): with options->tc, the TC tables to learn with and to
 *   keep updating (lh_td_coherence_new() for @net, or loaded with it), so
 *   that a later run or a saved file goes on from them; NULL: zeroed
 *   tables for this run only.  Without options->tc, must be NULL
 * @options: validated or not (invalid options are an error)
 * @progress: (nullable): called every options->report_every games, and
 *   once more at the end for the games of an incomplete block
 * @cancellable: (nullable): stops the run within a few milliseconds (each
 *   thread checks it every 256 moves); the network stays valid, every
 *   update it has had is kept, and may be saved
 * @result: (out) (optional): what the run did, filled even on an error
 * Trains @net by self-play (see above).  Callable from any thread (the
 * window runs it in a GTask); the calling thread is one of the @jobs.
 * Memory: with TC and no @tc, two tables of the network's size
 * (lh_ntuple_get_memory()) for the run.
 * Returns: TRUE when every game was played; FALSE with @error:
 *   G_IO_ERROR_CANCELLED when cancelled, G_IO_ERROR_INVALID_ARGUMENT for bad
 *   options or a @tc made for other shapes, G_IO_ERROR_NO_SPACE when the TC
 *   tables do not fit in memory.
 */
gboolean lh_td_train (LhNtuple          *net,
                      LhTdCoherence     *tc,
                      const LhTdOptions *options,
                      LhTdProgressFunc   progress,
                      gpointer           user_data,
                      GCancellable      *cancellable,
                      LhTdResult        *result,
                      GError           **error);

/**
 * lh_td_coherence_new:
 * Returns: (transfer full) (nullable): zeroed tables for @net (every rate
 *   1), or NULL with @error (G_IO_ERROR_NO_SPACE).
 */
LhTdCoherence *lh_td_coherence_new (const LhNtuple *net, GError **error);
/**
 * lh_td_coherence_new_promoted:
 * @base: the TC tables of a network of one stage
 * @staged: the staged network lh_ntuple_new_promoted() made from it
 * The TC tables of @staged with every stage a copy of @base's, so that each
 * promoted weight keeps its learning rate: the staged run goes on from the
 * one-stage run as its weights do.
 * Returns: (transfer full) (nullable): the tables, or NULL with @error
 *   (G_IO_ERROR_NO_SPACE; G_IO_ERROR_INVALID_ARGUMENT when @base's shapes
 *   are not @staged's).
 */
LhTdCoherence *lh_td_coherence_new_promoted (const LhTdCoherence *base,
                                             const LhNtuple      *staged,
                                             GError             **error);
/** lh_td_coherence_free: frees @tc; NULL is allowed. */
void lh_td_coherence_free (LhTdCoherence *tc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhTdCoherence, lh_td_coherence_free)

/**
 * lh_td_coherence_fits:
 * Returns: TRUE when @tc was made for a network of @net's shapes (its
 *   tables have the sizes of @net's).
 */
gboolean lh_td_coherence_fits (const LhTdCoherence *tc, const LhNtuple *net);

/**
 * lh_td_coherence_get_tables:
 * @shape: the shape, from 0 (less than the network's lh_ntuple_get_n_shapes())
 * @e: (out) (optional) (transfer none): the shape's E table: the sum of
 *   each weight's updates, in points, indexed as the weights (lh-ntuple.h)
 * @a: (out) (optional) (transfer none): its A table: the sum of their
 *   absolute values, never negative
 * The tables themselves, for the weights file to save and load; writing
 * them while a run uses @tc is a data race.
 * Returns: the entries of each of the two tables (n_stages x 16^n for an
 *   n-tuple).
 */
guint64 lh_td_coherence_get_tables (const LhTdCoherence *tc, guint shape, float **e, float **a);

/**
 * lh_td_update:
 * @tc: (nullable): TC tables for @net, or NULL for plain TD
 * @target: what V(@afterstate) should be: the next move's points plus the
 *   next afterstate's value, or 0 after the last move, in points
 * @alpha: the learning rate (with @tc the meta rate beta)
 * One TD step: every feature weight of @afterstate moves by alpha x (target
 * - V) / n_features (times its TC rate), so that V(@afterstate) moves by
 * alpha x (target - V) when its features are distinct (and TC's rates are
 * 1).  Lock-free, as lh_ntuple_update().
 * Returns: the TD error, target - V(@afterstate) before the step.
 */
float lh_td_update (LhNtuple      *net,
                    LhTdCoherence *tc,
                    LhBoard        afterstate,
                    float          target,
                    float          alpha);

/**
 * lh_td_play:
 * @seed: the game's random seed
 * @max_exponent: (out) (optional): the largest tile's exponent at the end
 * @moves: (out) (optional): moves made
 * Plays one game greedily by r + V(afterstate) without learning (the
 * policy the training follows; for tests and quick measurements; the
 * solvers play the network through the evaluator interface).  Ties go to
 * the first move in LhMove order.
 * Returns: the game's score, in points.
 */
guint64 lh_td_play (const LhNtuple *net, guint64 seed, guint *max_exponent, guint64 *moves);

G_END_DECLS
