/* lh-exact-solution.h: the optimal value of every position of a small board.
 *
 * An LhExactSolution holds, for one geometry and one LhExactRules, the
 * optimal value of every afterstate (a board after a move, before its
 * spawn) reachable from its start: the start of a game (two tiles spawned
 * on the empty board) or one given position.  From it any reachable
 * position's move values follow with one look-up each:
 *
 *   Q(s, m) = r(s, m) + gamma V(a),  a = s after m, r its points (0 for a
 *   tile objective)
 *   V(a) = sum over the empty cells c and spawned tiles t of
 *          p(t) / empty(a) * V*(a + t at c)
 *   V*(s) = max over legal m of Q(s, m); for a lost s, 0 (or minus its
 *          board score with LH_EXACT_LOSS_SCORE); for a tile objective, 1
 *          once a tile of at least the target is on s
 *
 * the Bellman optimality equation over afterstates (Sutton and Barto,
 * "Reinforcement Learning", 2nd ed., 6.8 on afterstates; reference 000
 * applies the same equation to 2x2).  lh-exact-solve.h says how it is
 * computed; lh-exact-file.h how it is saved.
 *
 * Positions are stored one per symmetry class (lh-exact-symmetry.h).
 * A solution is immutable once made and may be read from any thread;
 * it is reference-counted.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-exact-rules.h"

G_BEGIN_DECLS

typedef struct _LhExactSolution LhExactSolution;

/** lh_exact_solution_ref: (transfer full): @solution with one more reference. */
LhExactSolution *lh_exact_solution_ref (LhExactSolution *solution);
/** lh_exact_solution_unref: drops a reference; frees it at the last one.  NULL is allowed. */
void lh_exact_solution_unref (LhExactSolution *solution);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhExactSolution, lh_exact_solution_unref)

/** lh_exact_solution_get_geometry: the board size it solves. */
LhGeometry lh_exact_solution_get_geometry (const LhExactSolution *solution);
/** lh_exact_solution_get_rules: (transfer none): the rules it solves. */
const LhExactRules *lh_exact_solution_get_rules (const LhExactSolution *solution);
/**
 * lh_exact_solution_get_start:
 * Returns: the position it was solved from, or 0 for the start of a game.
 */
LhBoard lh_exact_solution_get_start (const LhExactSolution *solution);
/** lh_exact_solution_get_n_afterstates: the afterstates stored (one per symmetry class). */
guint64 lh_exact_solution_get_n_afterstates (const LhExactSolution *solution);
/**
 * lh_exact_solution_get_n_positions:
 * Returns: the positions (boards where the player is to move, one per
 *   symmetry class) the solve met, terminal ones included; not stored.
 */
guint64 lh_exact_solution_get_n_positions (const LhExactSolution *solution);
/**
 * lh_exact_solution_get_start_value:
 * Returns: the optimal value of the start: the expectation over the two
 *   spawned tiles of a new game, or the given position's value.
 */
double lh_exact_solution_get_start_value (const LhExactSolution *solution);
/** lh_exact_solution_get_memory: bytes its tables take in memory. */
gsize lh_exact_solution_get_memory (const LhExactSolution *solution);

/**
 * lh_exact_solution_afterstate_value:
 * @afterstate: a board after a move, before its spawn
 * @value: (out): its optimal value V(a)
 * Returns: FALSE when @afterstate is not among the solution's (not
 *   reachable from its start, or off its geometry); for a tile objective,
 *   an afterstate with the target on it is worth 1 without a look-up.
 */
gboolean lh_exact_solution_afterstate_value (const LhExactSolution *solution,
                                             LhBoard                afterstate,
                                             double                *value);

/**
 * lh_exact_solution_move_values:
 * @board: a position, the player to move
 * @legal: (out caller-allocates): which moves are legal
 * @values: (out caller-allocates): Q(@board, m) of each legal move m, in
 *   the objective's units (points, or a probability); NAN for the others
 * Returns: FALSE when an afterstate of a legal move is not in the solution
 *   (@board is not reachable from its start); TRUE otherwise, also for a
 *   lost @board (no legal move) or, for a tile objective, one with the
 *   target on it (every legal move then worth 1).
 */
gboolean lh_exact_solution_move_values (const LhExactSolution *solution,
                                        LhBoard                board,
                                        gboolean               legal[LH_N_MOVES],
                                        double                 values[LH_N_MOVES]);

/**
 * lh_exact_solution_position_value:
 * @value: (out): V*(@board): the best move's value, or the value of a lost
 *   or (tile objective) won position
 * Returns: FALSE as lh_exact_solution_move_values() does.
 */
gboolean lh_exact_solution_position_value (const LhExactSolution *solution,
                                           LhBoard                board,
                                           double                *value);

/**
 * lh_exact_best_move:
 * Returns: the legal move with the highest value in @values (the first in
 *   LhMove order among equal ones), LH_MOVE_NONE when none is legal: the
 *   optimal policy's choice, the same everywhere in Lookahead.
 */
int lh_exact_best_move (const gboolean legal[LH_N_MOVES], const double values[LH_N_MOVES]);

G_END_DECLS
