/* lh-exact-format.h: exact values written for people.
 *
 * An exact solution's values (lh-exact-solution.h) are in its objective's
 * units: expected points still to be scored (LH_EXACT_OBJECTIVE_SCORE), or
 * a probability from 0 to 1 of a tile of at least the target
 * (LH_EXACT_OBJECTIVE_TILE).  These functions write them the one way the
 * move values, the inspector's tooltips and the screen reader texts share:
 * points with thousands separators and one decimal ("5,468.2", "38.6"),
 * probabilities as percentages in three significant digits ("73.7 %",
 * "1.07 %", "<0.001 %"), losses against optimal play with a real minus
 * sign.  GLib only; any thread.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-exact-rules.h"

G_BEGIN_DECLS

/**
 * lh_exact_format_value:
 * @rules: the solution's rules (the objective and target are used)
 * @value: an exact value in @rules' units
 * Returns: (transfer full): "1,234.5 points" (score; one decimal) or
 *   "12.3 % chance of 1024" (tile; three significant digits); free with
 *   g_free().
 */
char *lh_exact_format_value (const LhExactRules *rules, double value);

/**
 * lh_exact_format_optimal:
 * @rules: the solution's rules
 * @value: a move's optimal value Q*(s, m)
 * Returns: (transfer full): the short form beside a solver's value:
 *   "opt 5,468.2" (score: one decimal, as early 3x3 moves differ by
 *   tenths) or "opt 73.7 %" (tile); free with g_free().
 */
char *lh_exact_format_optimal (const LhExactRules *rules, double value);

/**
 * lh_exact_format_number:
 * Returns: (transfer full): @value alone, as lh_exact_format_optimal()
 *   writes it without "opt": "5,468.2", "38.6", "73.7 %".
 */
char *lh_exact_format_number (const LhExactRules *rules, double value);

/**
 * lh_exact_loss_is_zero:
 * @loss: the best move's optimal value minus a move's, in @rules' units
 * Returns: TRUE when @loss is nothing but rounding: within 1e-9 of the
 *   best's magnitude (values summed in different orders differ in their
 *   last bits).
 */
gboolean lh_exact_loss_is_zero (double loss, double best);

/**
 * lh_exact_format_loss:
 * @rules: the solution's rules
 * @loss: what a move loses against optimal play: the best move's Q* minus
 *   its Q*, >= 0, in @rules' units
 * @best: the best move's Q* (for lh_exact_loss_is_zero())
 * Returns: (transfer full): "optimal" when it loses nothing; else
 *   "−12.3 points vs optimal" (score) or "−0.8 % chance of 1024" (tile,
 *   in percentage points); a loss under 0.1 point in three significant
 *   digits ("−0.0342 points vs optimal"), under a thousandth
 *   "−<0.001 points vs optimal"; free with g_free().
 */
char *lh_exact_format_loss (const LhExactRules *rules, double loss, double best);

/**
 * lh_exact_format_duration:
 * @seconds: a duration, s (rounded to the second; below 0 counts as 0)
 * Returns: (transfer full): it for people: "40 s", "2 min 5 s" (under ten
 *   minutes), "25 min".
 */
char *lh_exact_format_duration (double seconds);

/**
 * lh_exact_format_finding:
 * @geometry: the board size being solved
 * @found: afterstates found so far
 * @known: how many there are in all (lh_exact_known_afterstates()), or 0
 *   when that is not known
 * @elapsed: seconds since the work began
 * @fraction: (out): the share found, 0 to 1, or -1 when @known is 0
 * The progress text while an exact solve finds its positions: with @known,
 * the share and (from 2 % and 1 s on) the time left at the pace so far,
 * said as "at least" (the last layers are the largest, so the pace slows);
 * without, the count found and the time it has run.
 * Returns: (transfer full): the text; free with g_free().
 */
char *lh_exact_format_finding (LhGeometry geometry, guint64 found, guint64 known, double elapsed,
                               double *fraction);

G_END_DECLS
