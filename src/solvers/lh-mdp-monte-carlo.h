/* lh-mdp-monte-carlo.h: MDP Monte Carlo (see LhSolverKind and LhMdpParams in lh-solver.h).
 *
 * 002's MDP-based algorithm: for every legal move a with afterstate t
 * (n empty cells), every spawn outcome s' (a 2 or a 4 in each empty cell,
 * P(s'|s,a) = 0.9/n or 0.1/n) gets lh_mdp_playouts_for (n, tile) playouts
 * starting from s' with the player to move.  V(s') is the mean of the best
 * ceil(theta6 * playouts) results (002 discards the poorest playouts per
 * outcome, so bad random play is dropped but unlucky spawns are not), and
 *   value(a) = sum over s' of P(s'|s,a) V(s')             (002 equation 2)
 *   value(a) = R(s,a) + gamma * sum P(s'|s,a) V(s')        (immediate_reward,
 *                                                           002's Bellman variant)
 * With the SCORE measure a playout's result is R(s,a) plus its points (times
 * the playout discount): the score from the current position on, as 002's
 * end-of-game scores are, so the Bellman variant counts R(s,a) twice, as
 * 002's does, and reproduces its finding that it plays greedier and worse.
 * With the other measures, the measure of the final board.
 *
 * Streams, rounds, time budget, cancellation, result, trace and progress as
 * for pure Monte Carlo (lh-monte-carlo.h), the jobs being the outcomes
 * (stream 64 m + 2 cell + (tile - 1)); a decision needs one playout from
 * every outcome.  Record: the root, a chance node per legal move (value,
 * playouts as visits) and under each its spawn outcomes as player nodes
 * (V(s'), P(s'|s,a), playouts as visits).
 */
#pragma once

#include "lh-solver-registry.h"

G_BEGIN_DECLS

/** lh_mdp_monte_carlo_params_init_default: the reference's settings (see LhMdpParams). */
void lh_mdp_monte_carlo_params_init_default (LhMdpParams *params);

/**
 * lh_mdp_monte_carlo_params_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the bad
 *   field and its range.
 */
gboolean lh_mdp_monte_carlo_params_validate (const LhMdpParams *params, GError **error);

/**
 * lh_mdp_playouts_for:
 * @n_empty: empty cells of the afterstate, 0 to 16
 * @exponent: the spawned tile, 1 (a 2) or 2 (a 4)
 * Returns: the playouts an outcome gets (002): for 1 to 9 empty cells,
 *   theta_b / 2^k, with bucket b = (n_empty - 1) / 3 (1-3, 4-6, 7-9 empty)
 *   and k = (n_empty - 1) mod 3 its place in the bucket (theta1 = 500: 500,
 *   250 and 125 with 1, 2 and 3 empty cells); theta4 for 10 or more; a 4
 *   spawn gets that divided by theta5, rounded; at least 1 (0 for n_empty 0).
 */
guint lh_mdp_playouts_for (const LhMdpParams *params, guint n_empty, guint exponent);

/**
 * lh_mdp_monte_carlo_search_wide:
 * lh_mdp_monte_carlo_search() of a wide board (5x5, tiles past 32768), its
 * moves by @rules, its playouts lh_playout_run_wide()'s: for a board the
 * 64-bit board holds, the same values (the same outcomes, streams and
 * playouts); @params->tree and @params->trace filled as the 64-bit
 * search fills them, with wide records (the same nodes on such a board).
 */
gboolean lh_mdp_monte_carlo_search_wide (const LhSolverParams  *params,
                                         const LhSolverContext *context,
                                         LhWideBoard            board,
                                         LhGeometry             geometry,
                                         LhRules                rules,
                                         GCancellable          *cancellable,
                                         LhSolverProgressFunc   progress,
                                         gpointer               user_data,
                                         LhSolverResult        *result,
                                         GError               **error);

/**
 * lh_mdp_monte_carlo_search:
 * The search behind lh_solver_search() for this kind: same contract (a
 * decision or an error, cancellation within 10 ms, @params->tree and
 * @params->trace filled when given).
 * Returns: FALSE with G_IO_ERROR_CANCELLED when cancelled before every
 *   outcome had a playout.
 */
LhSolverSearch lh_mdp_monte_carlo_search;

G_END_DECLS
