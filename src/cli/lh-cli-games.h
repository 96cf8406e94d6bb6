/* lh-cli-games.h: whole games played by a solver, on worker threads; what
 * `bench`, `sweep` and `tune` share.
 *
 * Game i (0 <= i < N) is lh_game_new (geometry, first_seed + i) played with
 * the solver's move each turn until no move is legal.  The randomised
 * solvers search game i with the seed lh_parallel_task_seed (first_seed, i),
 * so a game's moves depend on the parameters, the seed and i only.  Worker
 * threads (@n_jobs) take games from a shared counter, each with its own
 * LhSolver; every game's result lands in its own slot, so results never
 * depend on the number of jobs.  Using the same seeds for every parameter
 * set compared (common random numbers) is what makes `sweep` and `tune`
 * compare like with like.
 */
#pragma once

#include <gio/gio.h>

#include "lh-cli-shard.h"
#include "lh-exact-solution.h"
#include "lh-solver.h"

G_BEGIN_DECLS

/** LH_CLI_MAX_JOBS: the most worker threads --jobs may ask for. */
#define LH_CLI_MAX_JOBS 256
/** LH_CLI_MAX_GAMES: the most games one set may have (--games, --games-per-eval). */
#define LH_CLI_MAX_GAMES 10000000

/**
 * lh_cli_games_check_options:
 * @games_option: the option giving @n_games ("--games", "--games-per-eval")
 * @n_games: 1 to LH_CLI_MAX_GAMES
 * @n_jobs: --jobs, 1 to LH_CLI_MAX_JOBS
 * @rows, @cols: --rows and --cols, LH_GEOMETRY_MIN_SIDE to LH_WIDE_MAX_SIDE
 *
 * The checks of the options every game-playing command (bench, sweep,
 * tune) has.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) naming the first
 *   option out of range
 */
gboolean lh_cli_games_check_options (const char *games_option,
                                     int         n_games,
                                     int         n_jobs,
                                     int         rows,
                                     int         cols,
                                     GError    **error);

/**
 * LhCliGameResult: one game's outcome
 * @score: the game's score (points of merges)
 * @max_tile: the largest tile's value (2048, not 11)
 * @moves: moves played
 * @nodes, @playouts, @iterations: the searches' totals
 * @search_ms: the searches' summed elapsed_ms (wall time of each search)
 * @regret: with a solution to measure against (lh_cli_games_play_measured()),
 *   the summed regret of the moves played, in points (lh_cli_regret_of_move():
 *   V*(s) - Q*(s, move) under the expected-score objective); else 0
 * @optimal_moves: with a solution, the moves played that were optimal
 *   (regret 0 up to rounding); else 0.  A measured game has at least one
 *   move, so @regret or @optimal_moves is nonzero exactly when it was measured
 */
typedef struct {
  guint64 score;
  guint64 max_tile;
  guint64 moves;
  guint64 nodes;
  guint64 playouts;
  guint64 iterations;
  double  search_ms;
  double  regret;
  guint64 optimal_moves;
} LhCliGameResult;

/**
 * LhCliRecording: where the games' records go (`bench --record DIR`)
 * @dir: an existing folder; game i's record is @dir/game-<seed>.json, its
 *   seed first_seed + i in six digits or more (lh_cli_recording_path())
 * @source: what played the games (the command line), noted in each record
 *   with " (seed <seed>)" and the date
 */
typedef struct {
  const char *dir;
  const char *source;
} LhCliRecording;

/**
 * lh_cli_recording_path:
 * Returns: (transfer full): the path of the record of the game with @seed.
 */
char *lh_cli_recording_path (const LhCliRecording *recording, guint64 seed);

/**
 * LhCliGamesProgressFunc:
 * Called after each game, from the worker thread that played it, under a
 * lock (calls never overlap): @n_done games done of @n_games, @result the
 * game just finished.
 */
typedef void (*LhCliGamesProgressFunc) (guint                  n_done,
                                        guint                  n_games,
                                        const LhCliGameResult *result,
                                        gpointer               user_data);

/**
 * LhCliGameStart: how the games of a set start, and their rules
 * @rules: the rules the games are played by (lh_rules_accept() takes the
 *   geometry and @start)
 * @start: the board every game starts from, its score 0, the spawns after
 *   it drawn from the game's seed; 0 for new games (two spawned tiles)
 */
typedef struct {
  LhRules     rules;
  LhWideBoard start;
} LhCliGameStart;

/**
 * lh_cli_games_play:
 * @params: the solver's parameters (validated by lh_solver_new)
 * @geometry: the board, 2 to 5 rows and columns; its games are played by
 *   lh_rules_default() (lh_cli_games_play_measured() takes others)
 * @first_seed: game i starts from @first_seed + i
 * @n_games: the games of the whole set, at least 1
 * @shard: (nullable): play only this shard's games (lh-cli-shard.h): the
 *   games k < @n_games with k mod count = index - 1, each exactly as it is
 *   played in the whole set (seed @first_seed + k, its searches seeded
 *   from k); NULL for all the games
 * @n_jobs: worker threads, at least 1 (at most as many as games are started)
 * @results: (out caller-allocates): one slot per game played,
 *   lh_cli_shard_n_items (@shard, @n_games) of them (@n_games without a
 *   shard); the shard's game j (global index lh_cli_shard_item (@shard, j))
 *   in slot j, so game i in slot i without a shard
 * @progress: (nullable): called after each game, with the games of the
 *   shard as its @n_games
 *
 * Returns: FALSE with @error on the first failure (an invalid parameter, a
 *   solver that chose no legal move: the message names the board and the
 *   game's seed); the other workers stop after their current game.
 */
gboolean lh_cli_games_play (const LhSolverParams   *params,
                            LhGeometry              geometry,
                            guint64                 first_seed,
                            guint                   n_games,
                            const LhCliShard       *shard,
                            guint                   n_jobs,
                            LhCliGameResult        *results,
                            LhCliGamesProgressFunc  progress,
                            gpointer                user_data,
                            GError                **error);

/**
 * lh_cli_games_play_measured:
 * @solution: (nullable): an exact solution of the start of a game on
 *   @geometry under the expected-score objective (lh_cli_regret_solution())
 *
 * As lh_cli_games_play(), and with @solution each move played is measured
 * against optimal play: the results' @regret and @optimal_moves.  The
 * measure reads the solution only: the moves played are the solver's, the
 * same as without it; its time is not in @search_ms.
 *
 * @recording: (nullable): where to write each game's record
 *   (lh-game-record.h), or NULL
 * @start: (nullable): the games' start and rules; NULL for new games by
 *   lh_rules_default(); a wide board goes to lh_solver_search_wide()
 *
 * Returns: FALSE with @error as lh_cli_games_play(), or when a position met
 *   is not in @solution (G_IO_ERROR_FAILED), or a record cannot be written
 *   (G_FILE_ERROR).
 */
gboolean lh_cli_games_play_measured (const LhSolverParams   *params,
                                     LhGeometry              geometry,
                                     const LhCliGameStart   *start,
                                     guint64                 first_seed,
                                     guint                   n_games,
                                     const LhCliShard       *shard,
                                     guint                   n_jobs,
                                     const LhExactSolution  *solution,
                                     const LhCliRecording   *recording,
                                     LhCliGameResult        *results,
                                     LhCliGamesProgressFunc  progress,
                                     gpointer                user_data,
                                     GError                **error);

/**
 * LhCliGamesSummary: statistics of a set of games (GSL's)
 * @mean, @median, @sd (sample standard deviation; 0 for one game), @min,
 *   @max: of the scores
 * @sem: the standard error of the mean, @sd / sqrt (n)
 * @reached: @reached[e] = games whose largest tile is at least 2^e, for
 *   e = 0 to LH_WIDE_MAX_EXPONENT (so @reached[11] counts the games that reached
 *   2048, and @reached[0] is @n_games)
 */
typedef struct {
  guint  n_games;
  double mean, median, sd, sem, min, max;
  guint  reached[LH_WIDE_MAX_EXPONENT + 1];
} LhCliGamesSummary;

/**
 * lh_cli_games_summarize:
 * Statistics of the scores of @n_games (>= 1) @results, from GSL: the mean,
 * the median of the sorted scores, the sample standard deviation (n - 1 in
 * the denominator) and the standard error of the mean.
 */
void lh_cli_games_summarize (const LhCliGameResult *results,
                             guint                  n_games,
                             LhCliGamesSummary     *summary);

G_END_DECLS
