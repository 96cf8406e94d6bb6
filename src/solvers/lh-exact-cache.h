/* lh-exact-cache.h: where exact solutions live between runs, and the
 * solutions this process holds.
 *
 * A solution of the start of a game (lh_exact_solve() with start 0) depends
 * only on its geometry and rules, so it is computed once per machine: saved
 * to the user's cache directory (lh-exact-file.h) and loaded from there
 * after that.  A process also keeps the solutions it got through this
 * cache in memory, so that the window, a CLI command and the tests share
 * one copy (a 3x3 solution takes about 880 MB): the most recently used
 * ones, up to LH_EXACT_CACHE_MAX_BYTES (the last one used always), until
 * lh_exact_cache_clear().
 * Solutions from another position are not cached.
 *
 * Every function here may be called from any thread.
 */
#pragma once

#include <gio/gio.h>
#include "lh-exact-solution.h"
#include "lh-exact-solve.h"

G_BEGIN_DECLS

/** The memory the held solutions may take before the least recently used
 * are let go: 1.5 GiB, a 3x3 expected-score solution (878 MB) and a 3x3
 * chance of 1024 (514 MB). */
#define LH_EXACT_CACHE_MAX_BYTES ((gsize) 3 << 29)

/**
 * lh_exact_cache_set_max_bytes:
 * @max_bytes: the memory the held solutions may take (0: the default,
 *   LH_EXACT_CACHE_MAX_BYTES); the most recently used one is always held
 * Takes effect at the next solution added.
 */
void lh_exact_cache_set_max_bytes (gsize max_bytes);

/**
 * lh_exact_cache_path:
 * @geometry: a valid board size
 * @rules: valid rules
 * Returns: (transfer full) (type filename): the file that holds the
 *   solution of the start of a game for @geometry and @rules:
 *   g_get_user_cache_dir()/lookahead/exact/NAME.lhexact with NAME
 *   "<rows>x<cols>-<objective>-<spawns>-<loss>-g<discount>", the objective
 *   "score" or "tile<T>" (T the tile value), the spawns and loss as
 *   lh_exact_spawns_to_string() and lh_exact_loss_to_string() spell them,
 *   and the discount printed with "%.17g" (in the C locale) with its '.'
 *   written 'p': "3x3-score-standard-none-g1.lhexact",
 *   "2x2-tile1024-twos-none-g1.lhexact",
 *   "2x3-score-twos-score-g0p90000000000000002.lhexact".  Two rules that
 *   lh_exact_rules_equal() tells apart get two names.
 */
char *lh_exact_cache_path (LhGeometry geometry, const LhExactRules *rules);

/**
 * lh_exact_cache_lookup:
 * Looks in this process's memory only; never reads a file or solves.
 * Returns: (transfer full) (nullable): the solution of the start of a game
 *   for @geometry and @rules if this process holds it, else NULL.
 */
LhExactSolution *lh_exact_cache_lookup (LhGeometry geometry, const LhExactRules *rules);

/**
 * lh_exact_cache_add:
 * @solution: (transfer none): a solution of the start of a game
 *   (lh_exact_solution_get_start() 0; others are refused with a critical)
 * Holds a new reference to @solution in memory, in place of any solution
 * held for the same geometry and rules.  Writes no file.
 */
void lh_exact_cache_add (LhExactSolution *solution);

/**
 * lh_exact_cache_clear:
 * Drops the references the cache holds in memory (a solution still used
 * elsewhere lives on until its last unref).  The files stay.  For tests,
 * and for a program that is done with exact solutions and wants the memory
 * back.
 */
void lh_exact_cache_clear (void);

/**
 * lh_exact_cache_get:
 * @geometry: a valid board size
 * @rules: valid rules (lh_exact_rules_validate())
 * @threads: threads for a solve, as lh_exact_solve() takes them
 * @cancellable: (nullable): stops a solve, or a wait for another thread's
 *   load or solve of the same solution, within about 10 ms (a load from
 *   the file, about 2.5 s on 3x3, runs to its end)
 * @progress: (nullable): reports of a solve (not called when the solution
 *   comes from memory or from its file), from the calling thread
 * The solution of the start of a game for @geometry and @rules, from the
 * first place that has it: this process's memory; its file,
 * lh_exact_cache_path() (a file that cannot be read or is not a valid
 * solution of these rules is ignored with a g_warning() naming it, and
 * replaced); or a solve (lh_exact_solve(), start 0), whose result is saved
 * to that file (the directory created as needed; a failed save is a
 * g_warning(), not an error).  The result is then held in memory.
 *
 * While one thread loads or solves a solution, another thread asking for
 * the same geometry and rules waits for it rather than solving it again;
 * requests for other solutions go ahead at the same time.  If the first
 * thread fails (it is cancelled, say), a waiting thread tries itself.
 *
 * Returns: (transfer full): the solution, or NULL with @error as
 *   lh_exact_solve() sets it (G_IO_ERROR_CANCELLED,
 *   G_IO_ERROR_INVALID_ARGUMENT, G_IO_ERROR_NO_SPACE).
 */
LhExactSolution *lh_exact_cache_get (LhGeometry           geometry,
                                     const LhExactRules  *rules,
                                     guint                threads,
                                     GCancellable        *cancellable,
                                     LhExactProgressFunc  progress,
                                     gpointer             user_data,
                                     GError             **error);

G_END_DECLS
