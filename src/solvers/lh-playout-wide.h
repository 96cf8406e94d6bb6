/* lh-playout-wide.h: playouts on the wide board (5x5 boards, tiles past
 * 32768; docs/wide-board.md), and the measures of a wide board.
 *
 * The same playouts as lh-playout.h's, move by move: the policies draw the
 * same random numbers (lh-playout-pick.h) and the spawns draw as
 * lh_board_spawn() (lh_wide_board_spawn()), so a playout from a board the
 * 64-bit board holds, by the rules it plays, is the same game with the same
 * result as lh_playout_run()'s (tests/test-monte-carlo-wide.c).
 */
#pragma once

#include "lh-playout.h"

G_BEGIN_DECLS

/**
 * lh_measure_board_wide:
 * @rules: the rules (for HEURISTIC: whether the board is lost)
 * Returns: lh_measure_board() of a wide board: SUM, BEST and CORNER on
 *   tiles up to 2^31, HEURISTIC lh_evaluator_position_value_wide().
 */
double lh_measure_board_wide (LhMeasure measure, const LhEvaluator *evaluator, LhGeometry geometry,
                              LhRules rules, LhWideBoard board);

/**
 * lh_playout_run_wide:
 * lh_playout_run() from the wide @board, its moves by @rules.
 * Returns: the measure of the playout.
 */
double lh_playout_run_wide (const LhPlayoutParams *params,
                            const LhEvaluator     *evaluator,
                            LhGeometry             geometry,
                            LhRules                rules,
                            LhWideBoard            board,
                            LhRng                 *rng,
                            guint64               *moves);

/**
 * lh_playout_run_wide_counted:
 * lh_playout_run_wide(), and the player moves played in *@plies (for
 * lh_playout_jobs_run()).
 */
double lh_playout_run_wide_counted (const LhPlayoutParams *params,
                                    const LhEvaluator     *evaluator,
                                    LhGeometry             geometry,
                                    LhRules                rules,
                                    LhWideBoard            board,
                                    LhRng                 *rng,
                                    guint64               *moves,
                                    guint                 *plies);

G_END_DECLS
