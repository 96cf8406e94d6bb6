/* lh-playout.h: playouts (rollouts) and leaf measures, shared by the
 * sampling solvers (Monte Carlo, MDP Monte Carlo, MCTS, hybrid leaves).
 *
 * A playout starts from a position with the player to move, plays moves by
 * its policy, spawning a tile after each (2 at 0.9, 4 at 0.1 on a uniformly
 * random empty cell, as the game does), until no move is legal or
 * max_moves moves were played, and returns the measure (LhMeasure).
 */
#pragma once

#include "lh-solver.h"
#include "lh-rng.h"

G_BEGIN_DECLS

/** lh_playout_policy_to_string: "random", "greedy"; static. */
const char *lh_playout_policy_to_string (LhPlayoutPolicy policy);
/** lh_playout_policy_from_string: FALSE when @text names no policy. */
gboolean lh_playout_policy_from_string (const char *text, LhPlayoutPolicy *policy);
/** lh_measure_to_string: "score", "sum", "best", "corner", "heuristic"; static. */
const char *lh_measure_to_string (LhMeasure measure);
/** lh_measure_from_string: FALSE when @text names no measure. */
gboolean lh_measure_from_string (const char *text, LhMeasure *measure);

/**
 * lh_playout_params_validate:
 * @what: the solver's name for the message ("montecarlo", "mcts"...)
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_playout_params_validate (const LhPlayoutParams *params, const char *what, GError **error);

/**
 * lh_measure_board:
 * The measure of a final board, for the measures that look at the board
 * (SUM, BEST, CORNER, HEURISTIC; 0 for SCORE, which counts points on the
 * way).  @evaluator is used by HEURISTIC only (nullable otherwise):
 * HEURISTIC is lh_evaluator_position_value(): for the heuristic,
 * lh_heuristic_evaluate() of a live board and lh_heuristic_game_over_value()
 * of a board with no legal move, the values expectimax gives its leaves, so
 * playout and heuristic values share one scale (the hybrid solver relies on
 * it); for a network, the greedy player's value of the position (a playout
 * adds the points it scored, lh_playout_run()).
 * Formulas (tile values 2^e): SUM = sum of the tiles (003 SumMeasure);
 * BEST = the largest tile (003 BestMeasure); CORNER = 003 MyMeasure:
 * 10 x best when the best tile is in a corner, plus 100 when the best
 * corner tile is the best tile or else 10 x (best - best corner tile),
 * plus the sum of the tiles.
 */
double lh_measure_board (LhMeasure measure, const LhEvaluator *evaluator, LhGeometry geometry,
                         LhBoard board);

/**
 * lh_measure_lost_value:
 * The bottom of @measure's scale (LhSolverResult.lost_value): the value of
 * a lost position, lh_evaluator_lost_value() for HEURISTIC (the
 * heuristic's game-over value, a network's 0), 0 for the others (they
 * count up from 0).  @evaluator is used by HEURISTIC only.
 */
double lh_measure_lost_value (LhMeasure measure, const LhEvaluator *evaluator);

/**
 * lh_measure_counts_points:
 * @evaluator: (nullable)
 * Returns: TRUE when a playout's result under @measure is in points, so
 *   that a move's points may be added to it (LhPlayoutJob.base and
 *   .scale): SCORE, and HEURISTIC with an evaluator that counts points.
 */
gboolean lh_measure_counts_points (LhMeasure measure, const LhEvaluator *evaluator);

/**
 * LhPlayoutJob: a batch of playouts from one position (lh_playout_jobs_run)
 * @board: where the playouts start: a position with the player to move, or
 *   with @spawn_first an afterstate that first gets a random tile
 * @spawn_first: spawn a tile (2 at 0.9, 4 at 0.1) before the first move
 * @n: playouts wanted
 * @base, @scale: with a measure in points (lh_measure_counts_points():
 *   SCORE, or HEURISTIC with a network) a playout's result is @base +
 *   @scale * (its value); other measures ignore them
 * @stream: the job's random stream: playout i draws from an LhRng seeded
 *   with lh_parallel_task_seed (lh_parallel_task_seed (seed, @stream), i)
 * @results: (array length=n): each playout's result, NAN for a playout not
 *   run (yet, or cancelled, or out of time); lh_playout_job_init() makes it
 * @done: playouts run, counted by lh_playout_jobs_run()
 * @wide: the job starts from @wide_board, by @rules, and its playouts are
 *   lh_playout_run_wide()'s (lh_playout_job_init_wide()); @board unused
 */
typedef struct {
  LhBoard  board;
  gboolean wide;
  LhWideBoard wide_board;
  LhRules  rules;
  gboolean spawn_first;
  guint    n;
  double   base;
  double   scale;
  guint64  stream;
  double  *results;
  guint    done;
} LhPlayoutJob;

/**
 * LhPlayoutStats: counters of lh_playout_jobs_run
 * @moves: moves tried (afterstates generated), added to
 * @max_plies: the longest playout, in player moves (kept as a maximum)
 * @stopped: set when a playout was skipped (cancelled or out of time)
 */
typedef struct {
  guint64  moves;
  guint    max_plies;
  gboolean stopped;
} LhPlayoutStats;

/**
 * lh_playout_job_init:
 * Sets up @job with @n result slots, all NAN (not run), and the SCORE
 * transform @base + 1 * points.  Free the slots with lh_playout_job_clear().
 */
void lh_playout_job_init (LhPlayoutJob *job, LhBoard board, gboolean spawn_first, guint n,
                          guint64 stream);
/**
 * lh_playout_job_init_wide:
 * lh_playout_job_init() of a wide board, its moves by @rules: for boards
 * the 64-bit board does not hold (lh-playout-wide.h).
 */
void lh_playout_job_init_wide (LhPlayoutJob *job, LhWideBoard board, LhRules rules,
                               gboolean spawn_first, guint n, guint64 stream);
/** lh_playout_job_clear: frees @job's result slots. */
void lh_playout_job_clear (LhPlayoutJob *job);

/**
 * lh_playout_jobs_run:
 * @jobs: (array length=n_jobs): the batches
 * @first_round, @end_round: playout indices [first_round, end_round) of
 *   every job are run (index i only in the jobs with n > i); calling it
 *   over consecutive ranges runs a whole batch in slices
 * @seed: the search's seed (LhSolverParams.seed)
 * @threads: threads to spread the playouts over (LhSolverParams.threads);
 *   one thread per 16 playouts at most, so a small batch creates no thread
 * @cancellable: (nullable): once cancelled, no playout starts
 * @deadline_us: g_get_monotonic_time() after which no playout of index 1 or
 *   more starts (index 0 always runs, so every job gets a playout unless
 *   cancelled); 0 for none
 * @stats: (inout): counters, see LhPlayoutStats
 *
 * Runs the playouts by rounds: round i plays playout i of every job, so a
 * search stopped by its deadline has spent its playouts evenly over its
 * jobs.  Each playout has its own random stream (LhPlayoutJob.stream), so
 * the results do not depend on @threads nor on how the rounds are sliced.
 * Cancellation and the deadline are checked before every playout.
 */
void lh_playout_jobs_run (const LhPlayoutParams *params,
                          const LhEvaluator     *evaluator,
                          LhGeometry             geometry,
                          LhPlayoutJob          *jobs,
                          guint                  n_jobs,
                          guint                  first_round,
                          guint                  end_round,
                          guint64                seed,
                          guint                  threads,
                          GCancellable          *cancellable,
                          gint64                 deadline_us,
                          LhPlayoutStats        *stats);

/**
 * lh_playout_job_mean:
 * @top: the proportion of the best results kept, in (0, 1]: the mean is
 *   over the ceil(@top * done) largest results (002's theta6; 1 keeps all)
 * Returns: the mean of @job's results that were run, NAN when none was.
 */
double lh_playout_job_mean (const LhPlayoutJob *job, double top);

/**
 * lh_playout_job_estimate:
 * @top: as lh_playout_job_mean()
 * @unit_variance: (out) (optional): the variance of one playout's share of
 *   the estimate, so that its standard error is sqrt (*@unit_variance /
 *   @job->done); NAN when fewer than 2 playouts were run.  For @top 1 it is
 *   the sample variance of the results (n - 1 in the denominator).  For
 *   @top < 1 the estimate is the mean of the upper share p = keep / done of
 *   the results, an L-estimator whose influence function is
 *   (max (x, q) - q) / p + q - mean, q the p-quantile from the top; its
 *   variance, estimated here, is that of the results winsorised at q (each
 *   dropped result replaced by the smallest kept one) divided by p^2
 *   (Stigler 1973, "The asymptotic distribution of the trimmed mean"; the
 *   one-sided Tukey-McLaughlin estimate).  Asymptotic: rough for a handful
 *   of playouts.
 * Returns: lh_playout_job_mean (@job, @top), computed the same way.
 */
double lh_playout_job_estimate (const LhPlayoutJob *job, double top, double *unit_variance);

/**
 * lh_playout_run:
 * @params: the playout's policy, depth limit, discount and measure
 * @evaluator: (nullable): the solver's evaluator, for the GREEDY policy and
 *   the HEURISTIC measure
 * @board: the position, the player to move
 * @rng: the playout's random stream (advanced)
 * @moves: (inout): incremented by the moves tried (afterstates generated:
 *   4 per move played, every move being tried to find the legal ones)
 *
 * The random policy draws one lh_rng_below (legal moves) per move, the
 * greedy one draws only to break ties; each spawn draws as lh_board_spawn().
 * SCORE returns sum over moves k = 0, 1 ... of discount^k * points of move k.
 * HEURISTIC with an evaluator that counts points returns that sum plus
 * discount^n * lh_evaluator_position_value() of the board it stops on after
 * n moves; other measures, lh_measure_board() of that board.
 * Returns: the measure of the playout.
 */
double lh_playout_run (const LhPlayoutParams *params,
                       const LhEvaluator     *evaluator,
                       LhGeometry             geometry,
                       LhBoard                board,
                       LhRng                 *rng,
                       guint64               *moves);

G_END_DECLS
