/* lh-exact-solve.h: computing an exact solution.
 *
 * Method: retrograde analysis by tile sum.  A move keeps the sum of the
 * tiles and a spawn adds 2 or 4, so the positions fall into layers by that
 * sum, and every position's successors lie in later layers: the game has
 * no cycles.  The solve first enumerates, layer by layer from the start,
 * every afterstate reachable from it (one per symmetry class,
 * lh-exact-symmetry.h), and then computes the layers' values from the last
 * layer back to the first with the Bellman equation of lh-exact-solution.h,
 * each value once.  This is Galebach's (2014) and Yamashita et al.'s (2022)
 * way of strongly solving 3x3 2048, and J. Lees-Miller's ("The Mathematics
 * of 2048: Optimal Play with Markov Decision Processes", 2018), which
 * solves layer by layer of the tile sum in the same order.
 *
 * Memory: 24 bytes an afterstate (its board, its value and two slots of a
 * hash index), plus a few hundred MB of working sets on 3x3.
 */
#pragma once

#include <gio/gio.h>
#include "lh-exact-solution.h"

G_BEGIN_DECLS

/**
 * LhExactPhase:
 * @LH_EXACT_PHASE_ENUMERATE: finding the reachable afterstates, layer by
 *   layer (the total is not known until it ends)
 * @LH_EXACT_PHASE_SOLVE: computing their values, last layer first
 */
typedef enum {
  LH_EXACT_PHASE_ENUMERATE,
  LH_EXACT_PHASE_SOLVE,
} LhExactPhase;

/**
 * LhExactProgressFunc:
 * @phase: what the solve is doing
 * @done: ENUMERATE: afterstates found so far; SOLVE: afterstates valued
 * @total: ENUMERATE: 0 (unknown); SOLVE: the afterstates to value
 * Called from the solving thread, at most every 100 ms or so.
 */
typedef void (*LhExactProgressFunc) (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data);

/**
 * lh_exact_known_afterstates:
 * @geometry: a board size
 * @rules: the rules to be solved
 * How many afterstates (one per symmetry class) lh_exact_solve() finds from
 * the start of a game (@start 0) on @geometry under @rules, for the sizes
 * where finding them takes long enough to report a share done: measured
 * with `lookahead-cli solve --rows R --cols C --spawns S --json`
 * ("afterstates"), checked by test-exact for the small sizes; 3x3 with the
 * standard spawns is Yamashita et al.'s published 31,431,374
 * (shuymst/solving_2048_on_3x3_board).  Only the score objective: its
 * discount and loss change the values, not which positions are reached;
 * the tile objective stops at its target and reaches fewer.
 * Returns: the count, or 0 when it is not in the table.
 */
guint64 lh_exact_known_afterstates (LhGeometry geometry, const LhExactRules *rules);

/**
 * lh_exact_solve:
 * @geometry: a valid board size
 * @rules: what to optimise (lh_exact_rules_validate() must accept it)
 * @start: the position to solve from (the player to move), or 0 for the
 *   start of a game (two tiles spawned on the empty board, by @rules' spawns)
 * @threads: threads computing the values (1 or more; the enumeration runs
 *   on the calling thread)
 * @cancellable: (nullable): checked between blocks of a few thousand positions
 * @progress: (nullable): progress reports
 * Returns: (transfer full): the solution, or NULL with @error:
 *   G_IO_ERROR_CANCELLED, G_IO_ERROR_INVALID_ARGUMENT (bad rules, or a
 *   @start off @geometry), G_IO_ERROR_NO_SPACE (memory ran out: the board
 *   is too large to solve here).
 */
LhExactSolution *lh_exact_solve (LhGeometry           geometry,
                                 const LhExactRules  *rules,
                                 LhBoard              start,
                                 guint                threads,
                                 GCancellable        *cancellable,
                                 LhExactProgressFunc  progress,
                                 gpointer             user_data,
                                 GError             **error);

/**
 * lh_exact_evaluate_policy:
 * @policy: the solution whose optimal moves are played (its best move,
 *   lh_exact_best_move(), at every position)
 * @rules: what to measure: the value of playing @policy's moves under these
 *   rules (same spawns as @policy's)
 * Evaluates a fixed policy exactly: the same solve as lh_exact_solve() from
 * @policy's start, with the maximum over moves replaced by @policy's move.
 * Where @policy has no value (a position past its own target tile), the
 * move is the best one under @rules.  Used to check what a policy achieves
 * by another measure: reference 000's discounted-score play, measured by
 * its probability of reaching 16.
 * Returns: (transfer full): the policy's values under @rules, or NULL with
 *   @error as lh_exact_solve() (G_IO_ERROR_INVALID_ARGUMENT when the spawns
 *   differ).
 */
LhExactSolution *lh_exact_evaluate_policy (const LhExactSolution *policy,
                                           const LhExactRules    *rules,
                                           guint                  threads,
                                           GCancellable          *cancellable,
                                           GError               **error);

G_END_DECLS
