/* lh-solver-settings.h: the solver parameters the window keeps in GSettings.
 *
 * One place reads the search's parameters from the application's settings
 * (the schema io.github.lookahead.Lookahead: "solver", "ai-depth",
 * "ai-adaptive", "ai-min-depth", "ai-cutoff", "ai-time-budget",
 * "solver-threads" and each solver's own keys), so the analysis session and
 * the settings sidebar agree on what a search uses.  No widget is involved.
 */
#pragma once

#include <gio/gio.h>
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * lh_solver_settings_max_threads:
 * Returns: the threads a search may use here: the processors, within
 *   1..LH_MAX_THREADS.
 */
guint lh_solver_settings_max_threads (void);

/**
 * lh_solver_settings_get_threads:
 * Returns: the threads a search of @kind uses: for expectimax, "ai-threads"
 *   (0, the default, is every processor: lh_solver_settings_max_threads());
 *   for the sampling solvers, "solver-threads" (default 1: their results
 *   depend on the count, MCTS growing one tree per thread); clamped to
 *   1..max.
 */
guint lh_solver_settings_get_threads (GSettings *settings, LhSolverKind kind);

/**
 * lh_solver_settings_get_kind:
 * @settings: the application's settings
 * Returns: the chosen solver ("solver"; expectimax if the value is unknown).
 */
LhSolverKind lh_solver_settings_get_kind (GSettings *settings);

/**
 * lh_solver_settings_read:
 * @settings: the application's settings
 * @heuristic: the heuristic of the search (copied into @params)
 * @params: (out caller-allocates): the parameters of the next search: every
 *   key the chosen solver uses, the rest at lh_solver_params_init_default()'s
 *   values.  The time budget applies to the depth-first solvers only
 *   (expectimax and hybrid), threads from
 *   lh_solver_settings_get_threads(), the smallest adaptive depth to the
 *   depth.  The schema's ranges are lh_solver_params_validate()'s, so the
 *   result is valid.
 */
void lh_solver_settings_read (GSettings               *settings,
                              const LhHeuristicParams *heuristic,
                              LhSolverParams          *params);

/**
 * lh_solver_settings_is_search_key:
 * @key: a GSettings key of the application's schema
 * Returns: TRUE when @key changes what a search does (the solver, its depth,
 *   or one of the solvers' parameters); FALSE for the window's own keys.
 */
gboolean lh_solver_settings_is_search_key (const char *key);

G_END_DECLS
