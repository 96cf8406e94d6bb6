/* lh-exact-rules.h: what an exact small-board solution optimises, and under
 * which rules.
 *
 * An exact solution (lh-exact-solution.h) is the optimal value of every
 * position reachable from the start of a game on one board size, for one
 * LhExactRules: the objective (the expected points still to be scored, or
 * the probability that a given tile appears), its discount, which tiles
 * spawn, and what losing costs.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

/**
 * LhExactObjective:
 * @LH_EXACT_OBJECTIVE_SCORE: the expected points still to be scored (the
 *   sum of the merged tiles), the k-th move's points weighted by
 *   discount^k; a position with no legal move is worth 0 (or minus its
 *   board score with LH_EXACT_LOSS_SCORE)
 * @LH_EXACT_OBJECTIVE_TILE: the probability that a tile of at least the
 *   target appears; 1 once one is on the board
 */
typedef enum {
  LH_EXACT_OBJECTIVE_SCORE,
  LH_EXACT_OBJECTIVE_TILE,
  LH_N_EXACT_OBJECTIVES
} LhExactObjective;

/**
 * LhExactSpawns:
 * @LH_EXACT_SPAWNS_STANDARD: the original game's: a 2 at 0.9, a 4 at 0.1
 *   (LH_SPAWN_FOUR_PROBABILITY), in a uniformly chosen empty cell
 * @LH_EXACT_SPAWNS_TWOS: only 2s (reference 000's simplified game)
 */
typedef enum {
  LH_EXACT_SPAWNS_STANDARD,
  LH_EXACT_SPAWNS_TWOS,
  LH_N_EXACT_SPAWNS
} LhExactSpawns;

/**
 * LhExactLoss:
 * @LH_EXACT_LOSS_NONE: a lost position is worth 0
 * @LH_EXACT_LOSS_SCORE: reference 000's penalty: a lost position is worth
 *   minus its board score (lh_exact_board_score(): the score its tiles
 *   stand for when only 2s spawn, 000's "score_n = 2 score_(n-1) +
 *   2^(n+1)"); the score objective only
 */
typedef enum {
  LH_EXACT_LOSS_NONE,
  LH_EXACT_LOSS_SCORE,
  LH_N_EXACT_LOSSES
} LhExactLoss;

/**
 * LhExactRules:
 * @objective: what is optimised
 * @target: TILE: the exponent of the target tile (10 for 1024), 1 to
 *   LH_MAX_EXPONENT; 0 for SCORE
 * @discount: SCORE: gamma in (0, 1]; TILE: 1
 * @spawns: which tiles spawn
 * @loss: what a loss costs (SCORE); LH_EXACT_LOSS_NONE for TILE
 */
typedef struct {
  LhExactObjective objective;
  guint            target;
  double           discount;
  LhExactSpawns    spawns;
  LhExactLoss      loss;
} LhExactRules;

/** lh_exact_rules_init_default: the expected score, undiscounted, standard spawns, no penalty. */
void lh_exact_rules_init_default (LhExactRules *rules);

/**
 * lh_exact_rules_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) saying what is
 *   wrong: an objective, spawn rule or loss out of range, a target out of
 *   1..15 (or set for SCORE), a discount out of (0, 1] (or not 1 for
 *   TILE), a loss penalty with TILE.
 */
gboolean lh_exact_rules_validate (const LhExactRules *rules, GError **error);

/**
 * lh_exact_request_validate:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) when @geometry is
 *   not a board size (2 to 4 rows and columns) or @rules are invalid
 *   (lh_exact_rules_validate()).
 */
gboolean lh_exact_request_validate (LhGeometry geometry, const LhExactRules *rules, GError **error);

/** lh_exact_rules_equal: TRUE when both rules give the same solution. */
gboolean lh_exact_rules_equal (const LhExactRules *a, const LhExactRules *b);

/**
 * lh_exact_objective_parse:
 * @text: "score" or "tile:T", T a tile value (a power of two from 2 to
 *   32768: "tile:1024")
 * Sets @rules' objective and target (and, for a tile, discount 1 and no
 * loss penalty).
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming @text.
 */
gboolean lh_exact_objective_parse (const char *text, LhExactRules *rules, GError **error);

/**
 * lh_exact_objective_to_string:
 * Returns: (transfer full): "score" or "tile:1024", as
 *   lh_exact_objective_parse() takes it.
 */
char *lh_exact_objective_to_string (const LhExactRules *rules);

/** lh_exact_spawns_to_string: "standard" or "twos"; static. */
const char *lh_exact_spawns_to_string (LhExactSpawns spawns);
/** lh_exact_spawns_from_string: FALSE when @text is neither. */
gboolean lh_exact_spawns_from_string (const char *text, LhExactSpawns *spawns);
/** lh_exact_loss_to_string: "none" or "score"; static. */
const char *lh_exact_loss_to_string (LhExactLoss loss);
/** lh_exact_loss_from_string: FALSE when @text is neither. */
gboolean lh_exact_loss_from_string (const char *text, LhExactLoss *loss);

/**
 * lh_exact_rules_describe:
 * Returns: (transfer full): one line for people: "expected score, discount
 *   0.9, only 2s spawn, a loss costs the board's score".
 */
char *lh_exact_rules_describe (const LhExactRules *rules);

/**
 * lh_exact_board_score:
 * Returns: the score @board's tiles stand for when every spawn is a 2
 *   (reference 000: a tile 2^n stands for (n - 1) 2^n points: 4 for a 4,
 *   16 for an 8, 48 for a 16).  With 4s spawning, an upper bound of the
 *   points scored.
 */
guint64 lh_exact_board_score (LhBoard board);

G_END_DECLS
