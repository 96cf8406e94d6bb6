/* lh-analysis.h: the analysis session: what the AI is doing about the game.
 *
 * A non-widget GObject that owns the AI's side of the window: the search jobs
 * (lh-search-job) for Hint, Step, Auto-play and live analysis, their
 * cancellation, the last finished search (an LhSearchRecord) and the step of
 * it shown, and the status line that says what the AI is doing.  The board,
 * the move values, the tree and the header bind to its properties instead of
 * calling one another (the pattern of sysprof's SysprofSession).
 *
 * Live analysis ("live", the GSettings key "live-analysis"): every new
 * position (a move by either side, undo, a new game) and every change of the
 * solver's settings or of the heuristic is analysed in the background,
 * cancelling the previous search, as a chess analysis board does.  Off, the
 * last search stays, marked "stale" once the position changed by a move or
 * undo (a new game forgets it): nothing of an earlier position is presented
 * as current.
 *
 * A read-only model (lh_game_model_new_view(): a position of a reviewed
 * game) is analysed as if live analysis were on, and Step and Auto-play are
 * off while it is the model: nothing is played on it.
 *
 * Auto-play stops when somebody else changes the board (a person's move,
 * undo, a new game), when the game ends, when the window stops it (2048) or
 * a search fails; "autoplay-stop-reason" says why, in words.
 *
 * Properties (all notify): "model" (LhGameModel), "record" (LhSearchRecord,
 * the last finished search, nullable), "step" (guint, the step of the record
 * shown: the inspector's scrubber and the move values follow it), "stale"
 * (gboolean: the record is of another position than the model's), "searching"
 * (gboolean), "autoplay" (gboolean), "live" (gboolean), "status" (string),
 * "autoplay-stop-reason" (string, "" while auto-play runs or never ran).
 *
 * Signals: ::search-failed (a message for a toast), ::progress (the running
 * search's result so far, as it deepens).
 *
 * The session also owns the exact solution of the game's board size
 * (lh-exact-session.h: on boards of at most 9 cells, loaded or solved in
 * the background as soon as a game of that size is set), whose values the
 * move chart and the inspector show beside the solver's.
 *
 * Threads: main thread only; the searches run in GTask threads on copies.
 */
#pragma once

#include <gio/gio.h>
#include "lh-game-model.h"
#include "lh-evaluator.h"
#include "lh-heuristic-params.h"
#include "lh-search-record.h"
#include "lh-exact-session.h"

G_BEGIN_DECLS

#define LH_TYPE_ANALYSIS (lh_analysis_get_type ())
G_DECLARE_FINAL_TYPE (LhAnalysis, lh_analysis, LH, ANALYSIS, GObject)

/**
 * lh_analysis_new:
 * @settings: the application's settings (the solver's keys, "live-analysis",
 *   "autoplay-delay"); a reference is kept
 * Returns: (transfer full): a session without a model.
 */
LhAnalysis *lh_analysis_new (GSettings *settings);

/**
 * lh_analysis_set_model:
 * @model: (nullable): the game analysed and played; a reference is kept
 * Cancels a running search and forgets the record.
 */
void lh_analysis_set_model (LhAnalysis *self, LhGameModel *model);

/** lh_analysis_get_model: Returns: (transfer none) (nullable): the game. */
LhGameModel *lh_analysis_get_model (LhAnalysis *self);

/**
 * lh_analysis_get_exact_session:
 * Returns: (transfer none): the exact solution of the game's board size and
 *   its solving (lh-exact-session.h), owned by the session.
 */
LhExactSession *lh_analysis_get_exact_session (LhAnalysis *self);

/**
 * lh_analysis_add_actions:
 * Adds the actions "hint", "step", "autoplay" (boolean state) and "analyse"
 * (boolean state, the "live" property) to @map; their enabled state follows
 * the game (no hint or step once it is over).
 */
void lh_analysis_add_actions (LhAnalysis *self, GActionMap *map);

/**
 * lh_analysis_set_heuristic:
 * @params: the heuristic of every later search (copied; valid)
 * @reanalyse: analyse the position again once the changes rest (200 ms after
 *   the last call: a slider's drag calls it many times), unless auto-play
 *   runs (its next move uses @params) or the game is over; a running hint or
 *   step is cancelled at once.
 */
void lh_analysis_set_heuristic (LhAnalysis              *self,
                                const LhHeuristicParams *params,
                                gboolean                 reanalyse);

/**
 * lh_analysis_set_evaluator:
 * @kind: the evaluation of every later search: the heuristic of
 *   lh_analysis_set_heuristic(), or the n-tuple network @network
 * @network: (nullable) (transfer none): for LH_EVALUATOR_NTUPLE, the
 *   network, of the game's board size (a reference is kept until the next
 *   call); ignored for the heuristic
 * @reanalyse: as lh_analysis_set_heuristic()'s, at once when the
 *   evaluation changed
 * Every search (hint, step, live analysis, auto-play) uses it from now on.
 */
void lh_analysis_set_evaluator (LhAnalysis     *self,
                                LhEvaluatorKind kind,
                                LhNtuple       *network,
                                gboolean        reanalyse);

/**
 * lh_analysis_set_override:
 * @params: (nullable): the solver of every later search in place of the
 *   settings' (copied; a network in it is referenced), or NULL to go back
 *   to the settings'.  The window sets the game reviewer's while a
 *   position of the reviewed game is shown, so the move values and the
 *   tree agree with the review's.
 * The position is analysed again as after a change of the settings.
 */
void lh_analysis_set_override (LhAnalysis *self, const LhSolverParams *params);

/** lh_analysis_get_heuristic: @out: (out caller-allocates): the heuristic of the next search. */
void lh_analysis_get_heuristic (LhAnalysis *self, LhHeuristicParams *out);

/**
 * lh_analysis_set_record_nodes:
 * @max_nodes: node budget of the search-tree record of each step of a
 *   search (1 to LH_SEARCH_TREE_MAX_NODES), or 0 to record no tree (fastest)
 * Applies from the next search on.
 */
void lh_analysis_set_record_nodes (LhAnalysis *self, guint max_nodes);

/**
 * lh_analysis_stop:
 * @reason: (nullable): why auto-play stops, in words for the person
 *   ("Reached 2048"), or NULL for none
 * Cancels the running search (its result is thrown away) and any pending
 * analysis, and stops auto-play.  Live analysis resumes with the next change.
 */
void lh_analysis_stop (LhAnalysis *self, const char *reason);

/** lh_analysis_is_searching: Returns: TRUE while a search job runs. */
gboolean lh_analysis_is_searching (LhAnalysis *self);

/** lh_analysis_is_pending: Returns: TRUE while an analysis waits for changes to rest. */
gboolean lh_analysis_is_pending (LhAnalysis *self);

/** lh_analysis_get_record: Returns: (transfer none) (nullable): the last finished search. */
LhSearchRecord *lh_analysis_get_record (LhAnalysis *self);

/**
 * lh_analysis_get_step:
 * Returns: the step of the record shown, 0 to n_steps - 1 (0 without a record).
 */
guint lh_analysis_get_step (LhAnalysis *self);

/** lh_analysis_set_step: shows step @step of the record (clamped). */
void lh_analysis_set_step (LhAnalysis *self, guint step);

/** lh_analysis_get_stale: Returns: TRUE when the record is of another position than the game's. */
gboolean lh_analysis_get_stale (LhAnalysis *self);

/** lh_analysis_get_autoplay: Returns: TRUE while auto-play is on. */
gboolean lh_analysis_get_autoplay (LhAnalysis *self);

/** lh_analysis_get_live: Returns: TRUE when every new position is analysed. */
gboolean lh_analysis_get_live (LhAnalysis *self);

/** lh_analysis_set_live: switches live analysis (kept in GSettings). */
void lh_analysis_set_live (LhAnalysis *self, gboolean live);

/** lh_analysis_get_search_solver: Returns: the solver of the running (or last) search. */
LhSolverKind lh_analysis_get_search_solver (LhAnalysis *self);

/** lh_analysis_get_status: Returns: (transfer none): what the AI does or found, one line. */
const char *lh_analysis_get_status (LhAnalysis *self);

/**
 * lh_analysis_get_autoplay_stop_reason:
 * Returns: (transfer none): why auto-play last stopped ("You moved", "The
 *   game is over"...), "" while it runs or if it never stopped.
 */
const char *lh_analysis_get_autoplay_stop_reason (LhAnalysis *self);

/**
 * lh_analysis_get_autoplay_stopped_by_request:
 * Returns: TRUE when auto-play is off because it was switched off (its
 *   action, lh_analysis_stop() without a reason), not stopped by an event.
 */
gboolean lh_analysis_get_autoplay_stopped_by_request (LhAnalysis *self);

G_END_DECLS
