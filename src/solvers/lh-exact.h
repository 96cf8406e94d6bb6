/* lh-exact.h: the exact solver, perfect play on small boards.
 *
 * Its values are a solution's (lh-exact-solution.h): for each legal move,
 * the expected points still to be scored when it is played and optimal
 * play follows (its own points included), or the probability that a tile
 * of at least the target appears.  The solution comes from the process's
 * cache of solutions (lh-exact-cache.h: in memory, else the user's cache
 * directory, else solved there and then and saved); a position not
 * reachable from the start of a game (one typed in) is solved from itself.
 * Boards of at most 9 cells (3x3, 2x4, 4x2 and smaller) are solved; larger
 * ones are refused.
 */
#pragma once

#include "lh-solver-registry.h"

G_BEGIN_DECLS

/** Most cells of a board the exact solver solves (3x3; 2x4). */
#define LH_EXACT_MAX_CELLS 9

/**
 * lh_exact_params_get_rules:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) when @params
 *   (LhSolverParams.exact) make no valid rules; else fills @rules.
 */
gboolean lh_exact_params_get_rules (const LhExactParams *params, LhExactRules *rules, GError **error);

/** lh_exact_params_init_default: the expected score, undiscounted, standard spawns, target 1024. */
void lh_exact_params_init_default (LhExactParams *params);

/**
 * lh_exact_geometry_check:
 * Returns: FALSE with @error (G_IO_ERROR_NOT_SUPPORTED) saying why when
 *   @geometry has more cells than the exact solver solves.
 */
gboolean lh_exact_geometry_check (LhGeometry geometry, GError **error);

/**
 * lh_exact_search:
 * The exact solver's search (LhSolverSearch): the optimal values of @board's
 * moves in @result->values, in the objective's units (points, or a
 * probability from 0 to 1); @result->move the best (the first of equal
 * ones); @result->nodes the positions of the solution used;
 * @result->depth 0 (to the end of the game).  The first search of a board
 * size may solve it (seconds on 3x3), cancellable.  No tree or trace is
 * recorded.
 */
LhSolverSearch lh_exact_search;

G_END_DECLS
