/* lh-exact-session.h: the exact solution of the game's board size, kept
 * ready for the window.
 *
 * A non-widget GObject owned by the analysis session (lh-analysis.h).  When
 * the game's board has at most LH_EXACT_MAX_CELLS cells, it makes sure the
 * exact solution (lh-exact-solution.h) of the start of a game for that size
 * and the rules of the settings' exact-* keys ("exact-objective",
 * "exact-discount", "exact-spawns", "exact-loss") is at hand: from this
 * process's memory at once, else in a GTask thread through
 * lh_exact_cache_get() (the user's cache file, about 2.5 s on 3x3; else a
 * solve, 3x3 in about 15 s and 900 MB, saved to that file so that it is
 * never solved again).  While it works, "solving" is TRUE and "fraction" and
 * "progress-text" say how far it got; the solving thread's reports reach
 * the main thread coalesced, at most 10 a second.  The work is cancelled
 * when the board size changes (or goes, lh_exact_session_set_geometry()
 * with NULL: the window closes) and when an exact-* key changes (then it
 * starts again for the new rules once the changes rest, 200 ms).
 *
 * Properties (all read-only, all notify): "solution" (gpointer, the
 * LhExactSolution or NULL: lh_exact_session_get_solution()), "solving"
 * (gboolean), "fraction" (double: 0 to 1, or -1 while the total is not
 * known: finding the positions, loading the file), "progress-text" (string:
 * "Solving 3x3 exactly… 40 %"), "available" (gboolean: the board size has
 * an exact solution, solved or not).
 *
 * Signals: ::failed (a message for a toast: a solve that ran out of
 * memory, say; not a cancellation).
 *
 * Threads: main thread only, but for the solving thread it starts, which
 * touches nothing of this object but its own copies and a locked progress
 * record.
 */
#pragma once

#include <gio/gio.h>
#include "lh-board.h"
#include "lh-exact-solution.h"

G_BEGIN_DECLS

#define LH_TYPE_EXACT_SESSION (lh_exact_session_get_type ())
G_DECLARE_FINAL_TYPE (LhExactSession, lh_exact_session, LH, EXACT_SESSION, GObject)

/**
 * lh_exact_session_new:
 * @settings: the application's settings (the exact-* keys); a reference is kept
 * Returns: (transfer full): a session without a board size (it solves nothing
 *   until lh_exact_session_set_geometry()).
 */
LhExactSession *lh_exact_session_new (GSettings *settings);

/**
 * lh_exact_session_set_geometry:
 * @geometry: (nullable): the game's board size, or NULL for none
 * Follows the game's board size: a size of at most LH_EXACT_MAX_CELLS cells
 * gets its solution (from memory at once, else in the background); any
 * other size, or NULL, cancels the work under way and drops the solution.
 * Setting the size it has changes nothing.
 */
void lh_exact_session_set_geometry (LhExactSession *self, const LhGeometry *geometry);

/**
 * lh_exact_session_get_solution:
 * Returns: (transfer none) (nullable): the solution of the board size and
 *   rules of now, or NULL while there is none (a large board, solving, or
 *   failed).  Take a reference to keep it past the next change.
 */
LhExactSolution *lh_exact_session_get_solution (LhExactSession *self);

/**
 * lh_exact_session_get_rules:
 * @rules: (out caller-allocates): the rules of the settings' exact-* keys
 * Returns: FALSE when the keys make no valid rules (then @rules holds the
 *   defaults).
 */
gboolean lh_exact_session_get_rules (LhExactSession *self, LhExactRules *rules);

/**
 * lh_exact_session_move_values:
 * @geometry: the size of @board
 * @board: a position, the player to move
 * @legal: (out caller-allocates): the legal moves
 * @values: (out caller-allocates): each legal move's optimal value Q*, in the
 *   rules' units (points, or a probability); NAN for the others
 * Returns: FALSE when there is no solution, it is of another size than
 *   @geometry, or @board is not reachable from the start of a game under
 *   its rules (a typed position, or a 4 spawned where only 2s are solved).
 */
gboolean lh_exact_session_move_values (LhExactSession *self,
                                       LhGeometry      geometry,
                                       LhBoard         board,
                                       gboolean        legal[LH_N_MOVES],
                                       double          values[LH_N_MOVES]);

/** lh_exact_session_is_solving: Returns: TRUE while the solution is being loaded or solved. */
gboolean lh_exact_session_is_solving (LhExactSession *self);

/** lh_exact_session_is_available: Returns: TRUE when the board size has an exact solution (at most 9 cells). */
gboolean lh_exact_session_is_available (LhExactSession *self);

/** lh_exact_session_get_fraction: Returns: how far the work got, 0 to 1, or -1 when that is not known. */
double lh_exact_session_get_fraction (LhExactSession *self);

/** lh_exact_session_get_progress_text: Returns: (transfer none): what the work does, one line ("" when idle). */
const char *lh_exact_session_get_progress_text (LhExactSession *self);

G_END_DECLS
