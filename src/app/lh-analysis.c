/* lh-analysis.c: the analysis session (see lh-analysis.h). */
#include "lh-config.h"
#include "lh-analysis.h"
#include "lh-result-status.h"

#include <glib/gi18n.h>

#include "lh-format.h"

#include "lh-exact-session.h"
#include "lh-search-job.h"
#include "lh-search-tree.h"
#include "lh-solver-settings.h"

/* The pause after the last change of a setting or of the heuristic before
 * the position is analysed again, ms: a slider drag re-analyses once it
 * rests. */
#define SETTINGS_DELAY_MS 200
/* The pause after a new position before live analysis starts, ms: a burst
 * of key presses analyses the position it ends on. */
#define POSITION_DELAY_MS 30

typedef enum {
  SEARCH_HINT,
  SEARCH_STEP,
  SEARCH_AUTO,
  SEARCH_ANALYSIS,   /* live analysis, or a hint again after a setting changed */
} SearchPurpose;

struct _LhAnalysis
{
  GObject         parent_instance;

  GSettings      *settings;
  LhGameModel    *model;
  LhExactSession *exact;            /* the exact solution of the board's size */
  GSimpleAction  *hint_action;
  GSimpleAction  *step_action;
  GSimpleAction  *autoplay_action;
  GAction        *analyse_action;   /* the "live-analysis" key's */

  GCancellable   *search_cancellable;
  guint           search_generation;
  SearchPurpose   search_purpose;
  LhSolverKind    search_kind;      /* the solver of the running search */
  gboolean        autoplay;
  guint           autoplay_source;
  gboolean        applying_ai_move;
  guint           record_nodes;
  LhHeuristicParams heuristic;
  LhEvaluatorKind evaluator;
  LhNtuple       *network;          /* a reference, for LH_EVALUATOR_NTUPLE */
  gboolean        search_counts_points; /* the running search's values are points */
  gboolean        has_override;     /* searches use @override, not the settings */
  LhSolverParams  override;         /* its network referenced */
  guint           pending_source;   /* an analysis waiting for changes to rest */

  LhSearchRecord *record;
  guint           step;
  gboolean        stale;
  char           *status;
  char           *stop_reason;
  gboolean        stopped_by_request;  /* auto-play was switched off, not stopped by an event */
};

G_DEFINE_FINAL_TYPE (LhAnalysis, lh_analysis, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_RECORD,
  PROP_STEP,
  PROP_STALE,
  PROP_SEARCHING,
  PROP_AUTOPLAY,
  PROP_LIVE,
  PROP_STATUS,
  PROP_AUTOPLAY_STOP_REASON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_SEARCH_FAILED,
  SIGNAL_PROGRESS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_search (LhAnalysis *self, SearchPurpose purpose);
static void schedule_analysis (LhAnalysis *self, guint delay_ms);

/* The exact solution follows the game's board size. */
static void
update_exact_geometry (LhAnalysis *self)
{
  LhGeometry geometry;

  if (self->exact == NULL)
    return;
  if (self->model != NULL)
    geometry = lh_game_model_get_geometry (self->model);
  lh_exact_session_set_geometry (self->exact, self->model != NULL ? &geometry : NULL);
}

static gboolean
game_is_over (LhAnalysis *self)
{
  return self->model == NULL || lh_game_model_is_over (self->model);
}

/* A read-only model (a position of a reviewed game) is analysed whether or
 * not live analysis is on, and no move is ever played on it. */
static gboolean
analyses_every_position (LhAnalysis *self)
{
  return lh_analysis_get_live (self)
         || (self->model != NULL && lh_game_model_get_read_only (self->model));
}

static gboolean
game_is_playable (LhAnalysis *self)
{
  return !game_is_over (self) && !lh_game_model_get_read_only (self->model);
}

static void
set_status (LhAnalysis *self, const char *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;
  g_free (self->status);
  self->status = g_strdup (status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/* The status when no search runs: what the analysis shown found, or what
 * to do to get one. */
static void
show_idle_status (LhAnalysis *self)
{
  if (game_is_over (self))
    set_status (self, _("The game is over: no move is left for the AI to weigh."));
  else if (self->record != NULL && self->stale)
    set_status (self, lh_analysis_get_live (self)
                      ? _("Analysis of an earlier position.")
                      : _("Analysis of an earlier position. Ask for a hint, or switch on Analyse."));
  else if (self->record != NULL)
    {
      /* A current analysis is on screen: what it found, not an invitation. */
      g_autofree char *found = lh_result_status_describe (lh_search_record_get_solver (self->record),
                                                          lh_search_record_get_result (self->record));

      set_status (self, found);
    }
  else
    set_status (self, _("Ask for a hint to see what the AI thinks."));
}

/* The record is stale when the game's position is another than the one
 * searched. */
static void
update_stale (LhAnalysis *self)
{
  gboolean stale = FALSE;

  if (self->record != NULL)
    stale = self->model == NULL
            || lh_search_record_get_wide_board (self->record) != lh_game_model_get_wide_board (self->model)
            || !lh_geometry_equal (lh_search_record_get_geometry (self->record),
                                   lh_game_model_get_geometry (self->model));
  if (stale == self->stale)
    return;
  self->stale = stale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STALE]);
}

static void
set_record (LhAnalysis *self, LhSearchRecord *record)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (record != NULL)
    lh_search_record_ref (record);
  g_clear_pointer (&self->record, lh_search_record_unref);
  self->record = record;
  self->step = record != NULL ? lh_search_record_get_n_steps (record) - 1 : 0;
  update_stale (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORD]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_stop_reason (LhAnalysis *self, const char *reason)
{
  reason = reason != NULL ? reason : "";
  if (g_strcmp0 (self->stop_reason, reason) == 0)
    return;
  g_free (self->stop_reason);
  self->stop_reason = g_strdup (reason);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOPLAY_STOP_REASON]);
}

static void
cancel_search (LhAnalysis *self)
{
  gboolean was_searching = self->search_cancellable != NULL;

  /* Results of searches started before this point are stale. */
  self->search_generation++;
  if (self->search_cancellable != NULL)
    {
      g_cancellable_cancel (self->search_cancellable);
      g_clear_object (&self->search_cancellable);
    }
  if (was_searching)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
}

static void
update_actions (LhAnalysis *self)
{
  gboolean over = game_is_over (self);

  if (self->hint_action == NULL)
    return;
  g_simple_action_set_enabled (self->hint_action, !over);
  g_simple_action_set_enabled (self->step_action, game_is_playable (self));
  g_simple_action_set_enabled (self->autoplay_action, game_is_playable (self) || self->autoplay);
}

/* Turns auto-play on or off; @reason says why it stops (NULL: asked to). */
static void
set_autoplay (LhAnalysis *self, gboolean autoplay, const char *reason)
{
  autoplay = !!autoplay;
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_simple_action_set_state (self->autoplay_action, g_variant_new_boolean (autoplay));
  if (autoplay)
    {
      set_stop_reason (self, NULL);
      start_search (self, SEARCH_AUTO);
    }
  else
    {
      self->stopped_by_request = reason == NULL;
      set_stop_reason (self, reason != NULL ? reason : _("Stopped"));
      if (self->search_purpose == SEARCH_AUTO)
        cancel_search (self);
      if (self->search_cancellable == NULL)
        {
          show_idle_status (self);
          if (lh_analysis_get_live (self) && (self->record == NULL || self->stale))
            schedule_analysis (self, POSITION_DELAY_MS);
        }
    }
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOPLAY]);
}

static gboolean
autoplay_next_cb (gpointer user_data)
{
  LhAnalysis *self = LH_ANALYSIS (user_data);

  self->autoplay_source = 0;
  if (self->autoplay)
    start_search (self, SEARCH_AUTO);
  return G_SOURCE_REMOVE;
}

static void
search_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhAnalysis *self = LH_ANALYSIS (source);
  guint generation = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSearchRecord) record = lh_search_job_finish (res, &error);
  g_autofree char *status = NULL;
  LhSolverResult result;

  if (generation != self->search_generation || self->model == NULL)
    return;  /* stale: the board changed or the session went away since */
  g_clear_object (&self->search_cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);

  if (record == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Translators: %s the solver ("MCTS (UCT)"), %s what went wrong */
      text = g_strdup_printf (_("The AI could not search with %s: %s"),
                              lh_solver_kind_get_label (self->search_kind), error->message);
      set_autoplay (self, FALSE, _("The search failed"));
      set_status (self, text);
      g_signal_emit (self, signals[SIGNAL_SEARCH_FAILED], 0, text);
      return;
    }

  result = *lh_search_record_get_result (record);
  /* How its values read: the board has not changed since (the generation),
   * so the model's score is the position's. */
  lh_search_record_set_scale (record, self->search_counts_points, lh_game_model_get_score (self->model));
  /* Before the move is played, so the views show the decision and the
   * board it was made on. */
  set_record (self, record);
  status = lh_result_status_describe (self->search_kind, &result);
  set_status (self, status);
  if (result.move == LH_MOVE_NONE)
    {
      set_autoplay (self, FALSE, _("No move is left"));
      return;
    }

  switch (self->search_purpose)
    {
    case SEARCH_HINT:
    case SEARCH_ANALYSIS:
      break;
    case SEARCH_STEP:
    case SEARCH_AUTO:
      self->applying_ai_move = TRUE;
      lh_game_model_move (self->model, (LhMove) result.move, LH_PLAYER_AI, NULL);
      self->applying_ai_move = FALSE;
      /* Handlers of the move (the window announcing 2048 or the end) may
       * have stopped auto-play meanwhile. */
      if (self->search_purpose == SEARCH_AUTO && self->autoplay
          && !game_is_over (self) && self->autoplay_source == 0)
        self->autoplay_source =
          g_timeout_add (g_settings_get_uint (self->settings, "autoplay-delay"),
                         autoplay_next_cb, self);
      else if (self->search_purpose == SEARCH_STEP && lh_analysis_get_live (self))
        schedule_analysis (self, POSITION_DELAY_MS);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The search so far (each completed depth, MCTS batch...): the status says
 * how far it got and ::progress hands it to the views. */
static void
search_progress_cb (const LhSolverResult *partial, gpointer user_data)
{
  LhAnalysis *self = LH_ANALYSIS (user_data);
  g_autofree char *status = NULL;

  if (self->search_cancellable == NULL || partial->move == LH_MOVE_NONE)
    return;
  if (self->search_kind == LH_SOLVER_EXPECTIMAX || self->search_kind == LH_SOLVER_HYBRID)
    /* Translators: %u a search depth in moves, %s the best move so far */
    status = g_strdup_printf (_("Searching… depth %u done: %s so far"), partial->depth,
                              lh_format_move_label (partial->move));
  else
    /* Translators: %s the best move so far */
    status = g_strdup_printf (_("Searching… %s so far"), lh_format_move_label (partial->move));
  set_status (self, status);
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, partial);
}

static void
start_search (LhAnalysis *self, SearchPurpose purpose)
{
  LhSolverParams params;

  cancel_search (self);
  g_clear_handle_id (&self->pending_source, g_source_remove);
  if (game_is_over (self))
    {
      show_idle_status (self);
      return;
    }

  lh_solver_settings_read (self->settings, &self->heuristic, &params);
  params.evaluator = self->evaluator;
  params.network = self->network;  /* the job takes its own reference */
  if (self->has_override)
    params = self->override;
  self->search_purpose = purpose;
  self->search_kind = params.kind;
  self->search_counts_points = params.evaluator == LH_EVALUATOR_NTUPLE
                               && (params.kind == LH_SOLVER_EXPECTIMAX || params.kind == LH_SOLVER_HYBRID);
  self->search_cancellable = g_cancellable_new ();
  switch (purpose)
    {
    case SEARCH_ANALYSIS: set_status (self, _("Analysing…")); break;
    case SEARCH_AUTO: set_status (self, _("Auto-play: thinking…")); break;
    case SEARCH_HINT:
    case SEARCH_STEP:
    default: set_status (self, _("Thinking…")); break;
    }
  lh_search_job_run_async (self,
                           lh_game_model_get_wide_board (self->model),
                           lh_game_model_get_geometry (self->model),
                           lh_game_model_get_rules (self->model),
                           &params, self->record_nodes, self->search_cancellable,
                           search_progress_cb, self,
                           search_done_cb, GUINT_TO_POINTER (self->search_generation));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
}

static gboolean
pending_cb (gpointer user_data)
{
  LhAnalysis *self = LH_ANALYSIS (user_data);

  self->pending_source = 0;
  if (!self->autoplay && !game_is_over (self))
    start_search (self, SEARCH_ANALYSIS);
  return G_SOURCE_REMOVE;
}

/* Analyses the position in @delay_ms unless auto-play runs or the game is
 * over; a running hint or step (on what is now the wrong position or the
 * wrong settings) is cancelled at once. */
static void
schedule_analysis (LhAnalysis *self, guint delay_ms)
{
  if (self->autoplay || game_is_over (self))
    return;
  cancel_search (self);
  g_clear_handle_id (&self->pending_source, g_source_remove);
  self->pending_source = g_timeout_add (delay_ms, pending_cb, self);
}

/* A setting or the heuristic changed: auto-play's next move takes it (the
 * search under way starts again); otherwise the position is analysed again
 * when live analysis is on or a current analysis is shown. */
static void
search_inputs_changed (LhAnalysis *self)
{
  if (self->autoplay)
    {
      if (self->search_cancellable != NULL && self->search_purpose == SEARCH_AUTO)
        start_search (self, SEARCH_AUTO);
      return;
    }
  if (analyses_every_position (self) || (self->record != NULL && !self->stale)
      || self->search_cancellable != NULL)
    {
      schedule_analysis (self, SETTINGS_DELAY_MS);
      set_status (self, _("Thinking again with the new settings…"));
    }
}

static void
settings_changed_cb (GSettings *settings, const char *key, LhAnalysis *self)
{
  if (g_str_equal (key, "live-analysis"))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LIVE]);
      if (lh_analysis_get_live (self) && (self->record == NULL || self->stale))
        schedule_analysis (self, POSITION_DELAY_MS);
      else if (self->search_cancellable == NULL)
        show_idle_status (self);
      return;
    }
  if (lh_solver_settings_is_search_key (key))
    search_inputs_changed (self);
}

static void
model_changed_cb (LhGameModel *model, int change, int move, int spawned_cell,
                  gconstpointer previous, LhAnalysis *self)
{
  /* A new game's position has nothing to do with the last search's. */
  if (change == LH_GAME_MODEL_CHANGE_NEW)
    {
      set_record (self, NULL);
      update_exact_geometry (self);
    }
  update_stale (self);
  if (!self->applying_ai_move)
    {
      /* Someone else changed the board: whatever the AI was doing is stale. */
      const char *reason = change == LH_GAME_MODEL_CHANGE_UNDO ? _("A move was undone")
                           : change == LH_GAME_MODEL_CHANGE_NEW ? _("A new game started")
                           : _("You moved");

      g_clear_handle_id (&self->pending_source, g_source_remove);
      cancel_search (self);
      set_autoplay (self, FALSE, reason);
      /* A new game starts clean: why auto-play stopped in the last one
       * (or that a new game stopped it) is no news on the new board. */
      if (change == LH_GAME_MODEL_CHANGE_NEW)
        set_stop_reason (self, NULL);
      if (analyses_every_position (self))
        schedule_analysis (self, POSITION_DELAY_MS);
    }
  if (self->search_cancellable == NULL && self->pending_source == 0)
    show_idle_status (self);
  else if (self->pending_source != 0)
    set_status (self, _("Analysing…"));
  update_actions (self);
}

/* ---- public ------------------------------------------------------------- */

LhAnalysis *
lh_analysis_new (GSettings *settings)
{
  LhAnalysis *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (LH_TYPE_ANALYSIS, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (settings, "changed", G_CALLBACK (settings_changed_cb), self, 0);
  self->exact = lh_exact_session_new (settings);
  show_idle_status (self);
  return self;
}

void
lh_analysis_set_model (LhAnalysis *self, LhGameModel *model)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (model == NULL || LH_IS_GAME_MODEL (model));

  lh_analysis_stop (self, NULL);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self, 0);
  /* Before any search: a Perfect Play search waits for this solve (the
   * cache of solutions makes it) rather than solving without progress. */
  update_exact_geometry (self);
  set_record (self, NULL);
  set_stop_reason (self, NULL);
  show_idle_status (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  if (model != NULL && analyses_every_position (self))
    schedule_analysis (self, POSITION_DELAY_MS);
}

LhGameModel *
lh_analysis_get_model (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), NULL);
  return self->model;
}

LhExactSession *
lh_analysis_get_exact_session (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), NULL);
  return self->exact;
}

static void
hint_activated (GSimpleAction *action, GVariant *parameter, LhAnalysis *self)
{
  set_autoplay (self, FALSE, NULL);
  start_search (self, SEARCH_HINT);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, LhAnalysis *self)
{
  set_autoplay (self, FALSE, NULL);
  start_search (self, SEARCH_STEP);
}

static void
autoplay_change_state (GSimpleAction *action, GVariant *state, LhAnalysis *self)
{
  set_autoplay (self, g_variant_get_boolean (state), NULL);
}

void
lh_analysis_add_actions (LhAnalysis *self, GActionMap *map)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (G_IS_ACTION_MAP (map));

  g_action_map_add_action (map, G_ACTION (self->hint_action));
  g_action_map_add_action (map, G_ACTION (self->step_action));
  g_action_map_add_action (map, G_ACTION (self->autoplay_action));
  g_action_map_add_action (map, self->analyse_action);
}

void
lh_analysis_set_heuristic (LhAnalysis *self, const LhHeuristicParams *params, gboolean reanalyse)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (params != NULL);

  self->heuristic = *params;
  if (reanalyse && !game_is_over (self))
    search_inputs_changed (self);
}

void
lh_analysis_set_evaluator (LhAnalysis     *self,
                           LhEvaluatorKind kind,
                           LhNtuple       *network,
                           gboolean        reanalyse)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (kind < LH_N_EVALUATOR_KINDS);
  g_return_if_fail (kind != LH_EVALUATOR_NTUPLE || network != NULL);

  if (kind != LH_EVALUATOR_NTUPLE)
    network = NULL;
  if (kind == self->evaluator && network == self->network)
    return;
  if (network != NULL)
    lh_ntuple_ref (network);
  g_clear_pointer (&self->network, lh_ntuple_unref);
  self->network = network;
  self->evaluator = kind;
  if (reanalyse && !game_is_over (self))
    search_inputs_changed (self);
}

void
lh_analysis_set_override (LhAnalysis *self, const LhSolverParams *params)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));

  if (params != NULL && params->network != NULL)
    lh_ntuple_ref (params->network);
  if (self->has_override && self->override.network != NULL)
    lh_ntuple_unref (self->override.network);
  self->has_override = params != NULL;
  if (params != NULL)
    self->override = *params;
  if (self->model != NULL && !game_is_over (self))
    search_inputs_changed (self);
}

void
lh_analysis_get_heuristic (LhAnalysis *self, LhHeuristicParams *out)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (out != NULL);
  *out = self->heuristic;
}

void
lh_analysis_set_record_nodes (LhAnalysis *self, guint max_nodes)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_return_if_fail (max_nodes <= LH_SEARCH_TREE_MAX_NODES);
  self->record_nodes = max_nodes;
}

void
lh_analysis_stop (LhAnalysis *self, const char *reason)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));

  g_clear_handle_id (&self->pending_source, g_source_remove);
  cancel_search (self);
  set_autoplay (self, FALSE, reason);
  g_clear_handle_id (&self->pending_source, g_source_remove);
  show_idle_status (self);
}

gboolean
lh_analysis_is_searching (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return self->search_cancellable != NULL;
}

gboolean
lh_analysis_is_pending (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return self->pending_source != 0;
}

LhSearchRecord *
lh_analysis_get_record (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), NULL);
  return self->record;
}

guint
lh_analysis_get_step (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), 0);
  return self->step;
}

void
lh_analysis_set_step (LhAnalysis *self, guint step)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));

  step = self->record != NULL ? MIN (step, lh_search_record_get_n_steps (self->record) - 1) : 0;
  if (step == self->step)
    return;
  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
lh_analysis_get_stale (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return self->stale;
}

gboolean
lh_analysis_get_autoplay (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return self->autoplay;
}

gboolean
lh_analysis_get_live (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return self->settings != NULL && g_settings_get_boolean (self->settings, "live-analysis");
}

void
lh_analysis_set_live (LhAnalysis *self, gboolean live)
{
  g_return_if_fail (LH_IS_ANALYSIS (self));
  g_settings_set_boolean (self->settings, "live-analysis", live);  /* notifies through ::changed */
}

LhSolverKind
lh_analysis_get_search_solver (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), LH_SOLVER_EXPECTIMAX);
  return self->search_kind;
}

const char *
lh_analysis_get_status (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), NULL);
  return self->status != NULL ? self->status : "";
}

gboolean
lh_analysis_get_autoplay_stopped_by_request (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), FALSE);
  return !self->autoplay && self->stopped_by_request;
}

const char *
lh_analysis_get_autoplay_stop_reason (LhAnalysis *self)
{
  g_return_val_if_fail (LH_IS_ANALYSIS (self), NULL);
  return self->stop_reason != NULL ? self->stop_reason : "";
}

/* ---- GObject ------------------------------------------------------------ */

static void
lh_analysis_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhAnalysis *self = LH_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_MODEL: g_value_set_object (value, self->model); break;
    case PROP_RECORD: g_value_set_boxed (value, self->record); break;
    case PROP_STEP: g_value_set_uint (value, self->step); break;
    case PROP_STALE: g_value_set_boolean (value, self->stale); break;
    case PROP_SEARCHING: g_value_set_boolean (value, self->search_cancellable != NULL); break;
    case PROP_AUTOPLAY: g_value_set_boolean (value, self->autoplay); break;
    case PROP_LIVE: g_value_set_boolean (value, lh_analysis_get_live (self)); break;
    case PROP_STATUS: g_value_set_string (value, lh_analysis_get_status (self)); break;
    case PROP_AUTOPLAY_STOP_REASON: g_value_set_string (value, lh_analysis_get_autoplay_stop_reason (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_analysis_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhAnalysis *self = LH_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_MODEL: lh_analysis_set_model (self, g_value_get_object (value)); break;
    case PROP_STEP: lh_analysis_set_step (self, g_value_get_uint (value)); break;
    case PROP_LIVE: lh_analysis_set_live (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_analysis_dispose (GObject *object)
{
  LhAnalysis *self = LH_ANALYSIS (object);

  cancel_search (self);
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  g_clear_handle_id (&self->pending_source, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  if (self->exact != NULL)
    lh_exact_session_set_geometry (self->exact, NULL);
  g_clear_object (&self->exact);
  g_clear_pointer (&self->record, lh_search_record_unref);
  /* The actions may outlive the session in the map they were added to. */
  if (self->hint_action != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->hint_action, self);
      g_signal_handlers_disconnect_by_data (self->step_action, self);
      g_signal_handlers_disconnect_by_data (self->autoplay_action, self);
      g_simple_action_set_enabled (self->hint_action, FALSE);
      g_simple_action_set_enabled (self->step_action, FALSE);
      g_simple_action_set_enabled (self->autoplay_action, FALSE);
    }
  g_clear_object (&self->hint_action);
  g_clear_object (&self->step_action);
  g_clear_object (&self->autoplay_action);
  g_clear_object (&self->analyse_action);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lh_analysis_parent_class)->dispose (object);
}

static void
lh_analysis_finalize (GObject *object)
{
  LhAnalysis *self = LH_ANALYSIS (object);

  g_free (self->status);
  g_free (self->stop_reason);
  if (self->has_override && self->override.network != NULL)
    lh_ntuple_unref (self->override.network);
  self->has_override = FALSE;
  g_clear_pointer (&self->network, lh_ntuple_unref);
  G_OBJECT_CLASS (lh_analysis_parent_class)->finalize (object);
}

static void
lh_analysis_class_init (LhAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = lh_analysis_get_property;
  object_class->set_property = lh_analysis_set_property;
  object_class->dispose = lh_analysis_dispose;
  object_class->finalize = lh_analysis_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, LH_TYPE_GAME_MODEL, rw);
  properties[PROP_RECORD] = g_param_spec_boxed ("record", NULL, NULL, LH_TYPE_SEARCH_RECORD, ro);
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_STALE] = g_param_spec_boolean ("stale", NULL, NULL, FALSE, ro);
  properties[PROP_SEARCHING] = g_param_spec_boolean ("searching", NULL, NULL, FALSE, ro);
  properties[PROP_AUTOPLAY] = g_param_spec_boolean ("autoplay", NULL, NULL, FALSE, ro);
  properties[PROP_LIVE] = g_param_spec_boolean ("live", NULL, NULL, TRUE, rw);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, "", ro);
  properties[PROP_AUTOPLAY_STOP_REASON] = g_param_spec_string ("autoplay-stop-reason", NULL, NULL, "", ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LhAnalysis::search-failed:
   * @message: what went wrong, for a toast (valid UTF-8)
   * A search ended with an error; auto-play stopped.
   */
  signals[SIGNAL_SEARCH_FAILED] =
    g_signal_new ("search-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * LhAnalysis::progress:
   * @partial: (type gpointer): the running search's LhSolverResult so far
   *   (transfer none, valid during the emission)
   * The running search completed a depth (or an MCTS batch, a move's
   * playouts), at most once a frame: live analysis fills in as it deepens.
   * The search's solver is lh_analysis_get_search_solver().
   */
  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
lh_analysis_init (LhAnalysis *self)
{
  lh_heuristic_params_init_default (&self->heuristic);
  self->evaluator = LH_EVALUATOR_HEURISTIC;
  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect (self->hint_action, "activate", G_CALLBACK (hint_activated), self);
  self->step_action = g_simple_action_new ("step", NULL);
  g_signal_connect (self->step_action, "activate", G_CALLBACK (step_activated), self);
  self->autoplay_action = g_simple_action_new_stateful ("autoplay", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect (self->autoplay_action, "change-state", G_CALLBACK (autoplay_change_state), self);
  self->analyse_action = G_ACTION (g_property_action_new ("analyse", self, "live"));
  self->stop_reason = g_strdup ("");
  update_actions (self);
}
