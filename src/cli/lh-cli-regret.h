/* lh-cli-regret.h: a solver's games measured against optimal play, for
 * `bench --versus-optimal` on boards of at most 9 cells.
 *
 * Two measures, both from the exact solution of the board under the
 * expected-score objective (lh-exact-rules.h: undiscounted, standard
 * spawns, a loss worth 0; the exact solver's defaults):
 *
 * - the regret of each move played: V*(s) - Q*(s, m), the points the move
 *   m loses in expectation against optimal play from the position s
 *   (lh-exact-solution.h); 0 for an optimal move.  Summed over a game it
 *   estimates V*(start) - the score the solver can expect: the sum of the
 *   regrets along any policy's game has that expectation (the performance
 *   difference lemma, Kakade and Langford 2002).
 * - the same games played by the exact solver (same seeds, so the same
 *   spawn generator; the boards part as soon as the moves do), whose scores
 *   and tiles are shown beside the solver's.
 *
 * Every function may be called from any thread.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lh-cli-games.h"
#include "lh-exact-solution.h"

G_BEGIN_DECLS

/**
 * lh_cli_regret_solution:
 * @geometry: the board, at most LH_EXACT_MAX_CELLS cells
 *
 * The exact solution that regrets are measured against: the expected
 * score, undiscounted, standard spawns, no loss penalty
 * (lh_exact_rules_init_default()), from the process's cache of solutions
 * (lh_exact_cache_get(): memory, the user's cache file, else solved on
 * every processor and saved: about 15 s and 900 MB on 3x3, 1 s on 2x4).
 * A line on standard error says so when it is solved and standard error
 * is a terminal.
 *
 * Returns: (transfer full): the solution, or NULL with @error
 *   (G_IO_ERROR_NOT_SUPPORTED for a board too large, or as
 *   lh_exact_cache_get() fails).
 */
LhExactSolution *lh_cli_regret_solution (LhGeometry geometry,
                                         GError   **error);

/**
 * lh_cli_regret_of_move:
 * @solution: from lh_cli_regret_solution()
 * @board: the position before the move, the player to move, reachable from
 *   the start of a game
 * @geometry: @board's (for the message of an error)
 * @move: a legal move of @board
 * @regret: (out): V*(@board) - Q*(@board, @move) in points, >= 0
 * @optimal: (out): whether @move is optimal: @regret at most 1e-9 times
 *   max (1, V*(@board))
 *
 * Returns: FALSE with @error (G_IO_ERROR_FAILED, naming the board in hex
 *   form) when @board is not in @solution or @move is not legal.
 */
gboolean lh_cli_regret_of_move (const LhExactSolution *solution,
                                LhBoard                board,
                                LhGeometry             geometry,
                                LhMove                 move,
                                double                *regret,
                                gboolean              *optimal,
                                GError               **error);

/**
 * lh_cli_regret_optimal_params:
 * @params: (out caller-allocates): the exact solver at its defaults (the
 *   expected score, lh_exact_params_init_default()), one thread: optimal
 *   play for the objective regrets are measured with.
 */
void lh_cli_regret_optimal_params (LhSolverParams *params);

/**
 * LhCliVersusSummary: a solver's games against the optimal games of the
 * same seeds
 * @n_games: games of each set
 * @moves: moves the solver played (every one measured)
 * @optimal_moves: those that were optimal
 * @regret: their summed regret, points
 * @regret_per_move: @regret / @moves, points
 * @regret_per_game: @regret / @n_games, points
 * @optimal_move_share: @optimal_moves / @moves
 * @solver: the solver's scores and tiles
 * @optimal: the optimal games' scores and tiles
 * @optimal_max_tile_counts: optimal games by largest tile, by exponent
 * @optimal_game_moves: moves of the optimal games
 * @optimal_ms_per_move: the exact solver's search time per move, ms
 * @top_exponent: the largest tile's exponent either set reached
 * @expected_score: V*(start), optimal play's expected score from the start
 *   of a game (lh_exact_solution_get_start_value()), points: what the
 *   optimal games' mean estimates, and the solver's mean score plus its
 *   regret per game
 */
typedef struct {
  guint             n_games;
  guint64           moves;
  guint64           optimal_moves;
  double            regret;
  double            regret_per_move;
  double            regret_per_game;
  double            optimal_move_share;
  LhCliGamesSummary solver;
  LhCliGamesSummary optimal;
  guint             optimal_max_tile_counts[16];
  guint64           optimal_game_moves;
  double            optimal_ms_per_move;
  guint             top_exponent;
  double            expected_score;
} LhCliVersusSummary;

/**
 * lh_cli_versus_summarize:
 * @results: the solver's @n_games (>= 1) games, measured
 *   (lh_cli_games_play_measured())
 * @optimal: the exact solver's games of the same seeds
 * @expected_score: V*(start) of the solution, points
 *
 * Fills @summary; the sums run in game order, so a run put together from
 * shards gives the same figures to the last digit.
 */
void lh_cli_versus_summarize (const LhCliGameResult *results,
                              const LhCliGameResult *optimal,
                              guint                  n_games,
                              double                 expected_score,
                              LhCliVersusSummary    *summary);

/**
 * lh_cli_versus_add_json:
 * Adds member "versus_optimal" to @builder's current object: "objective"
 * ("score"), "regret" (points, summed), "regret_per_move",
 * "regret_per_game", "optimal_moves", "optimal_move_share", "reached"
 * (the solver's share of games whose largest tile is at least each tile,
 * "2" up to the largest either set reached) and "optimal" { "games",
 * "expected_score" (V*(start), points), "score" { mean, median, sd, min,
 * max }, "reached" (the same tiles),
 * "max_tile_counts", "moves", "ms_per_move" }.
 */
void lh_cli_versus_add_json (JsonBuilder              *builder,
                             const LhCliVersusSummary *summary);

/**
 * lh_cli_versus_print_text:
 * @solver_ms_per_move: the solver's search time per move, ms
 * Prints a blank line and the table of the solver beside optimal play:
 * score mean, optimal play's expected score, the shares of the four
 * largest tiles reached, moves per game, ms per move, regret per move,
 * optimal moves, regret per game.
 */
void lh_cli_versus_print_text (const LhCliVersusSummary *summary,
                               double                    solver_ms_per_move);

G_END_DECLS
