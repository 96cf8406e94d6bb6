/* lh-ai-panel.c: the AI controls, move values and search jobs (see lh-ai-panel.h). */
#include "lh-config.h"
#include "lh-ai-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "lh-search-tree.h"

#include "lh-param-row.h"
#include "lh-search-job.h"

/* The pause after the last change of the heuristic before the position is
 * analysed again, ms: a slider drag re-analyses once it rests. */
#define REANALYSE_DELAY_MS 200

/* ---- the solvers' parameters -------------------------------------------- */

/* The ids of the string keys with choices (the schema's <choices>, the
 * CLI's names) and their labels, in enum order. */
static const char *const policy_ids[] = { "random", "greedy", NULL };
static const char *const policy_labels[] = { N_("Random"), N_("Greedy (heuristic)"), NULL };
static const char *const measure_ids[] = { "score", "sum", "best", "corner", "heuristic", NULL };
static const char *const measure_labels[] = {
  N_("Score"), N_("Sum of tiles"), N_("Best tile"), N_("Corner (MyMeasure)"), N_("Heuristic"), NULL
};
static const char *const final_move_ids[] = { "visits", "mean", NULL };
static const char *const final_move_labels[] = { N_("Most visits"), N_("Best mean"), NULL };

G_STATIC_ASSERT (G_N_ELEMENTS (policy_ids) == LH_N_PLAYOUT_POLICIES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (measure_ids) == LH_N_MEASURES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (final_move_ids) == LH_N_FINAL_MOVES + 1);

typedef enum {
  PARAM_UINT,
  PARAM_INT,
  PARAM_DOUBLE,
  PARAM_CHOICE,
  PARAM_BOOL,
} ParamType;

#define KIND_BIT(kind) (1u << (kind))
#define SEARCH_KINDS (KIND_BIT (LH_SOLVER_EXPECTIMAX) | KIND_BIT (LH_SOLVER_HYBRID))
#define SAMPLING_KINDS (KIND_BIT (LH_SOLVER_MCTS) | KIND_BIT (LH_SOLVER_MONTE_CARLO) \
                        | KIND_BIT (LH_SOLVER_MDP_MONTE_CARLO) | KIND_BIT (LH_SOLVER_HYBRID))

/* One row of the solver group: its GSettings key (schema ranges and defaults
 * are lh_solver_params_validate's and lh_solver_params_init_default's), the
 * solvers it belongs to, how it is edited, and what it says. */
typedef struct {
  const char        *key;
  guint              kinds;        /* KIND_BIT mask */
  ParamType          type;
  const char        *title;        /* N_() */
  const char        *subtitle;     /* N_(): what it does, and its unit (the
                                      tooltip of a number's row) */
  guint              digits;       /* PARAM_DOUBLE */
  double             step;         /* numbers */
  const char *const *choice_ids;   /* PARAM_CHOICE */
  const char *const *choice_labels;
  double             slider_max;   /* numbers: the slider's end (its start is
                                      the schema's lower bound); 0 for the
                                      schema's upper bound */
} ParamSpec;

typedef enum {
  PARAM_MIN_DEPTH,
  PARAM_CUTOFF,
  PARAM_TIME_BUDGET,
  PARAM_THREADS,
  PARAM_MCTS_ITERATIONS,
  PARAM_MCTS_EXPLORATION,
  PARAM_MCTS_FINAL_MOVE,
  PARAM_MCTS_POLICY,
  PARAM_MCTS_MEASURE,
  PARAM_MC_PLAYOUTS,
  PARAM_MC_MAX_MOVES,
  PARAM_MC_DISCOUNT,
  PARAM_MC_POLICY,
  PARAM_MC_MEASURE,
  PARAM_MDP_THETA1,
  PARAM_MDP_THETA2,
  PARAM_MDP_THETA3,
  PARAM_MDP_THETA4,
  PARAM_MDP_THETA5,
  PARAM_MDP_THETA6,
  PARAM_MDP_IMMEDIATE,
  PARAM_MDP_GAMMA,
  PARAM_HYBRID_THRESHOLD,
  PARAM_HYBRID_PLAYOUTS,
  N_PARAMS
} ParamId;

#define MCTS KIND_BIT (LH_SOLVER_MCTS)
#define MC KIND_BIT (LH_SOLVER_MONTE_CARLO)
#define MDP KIND_BIT (LH_SOLVER_MDP_MONTE_CARLO)
#define HYBRID KIND_BIT (LH_SOLVER_HYBRID)

static const ParamSpec param_specs[N_PARAMS] = {
  [PARAM_MIN_DEPTH] = { "ai-min-depth", KIND_BIT (LH_SOLVER_EXPECTIMAX), PARAM_INT, N_("Smallest Adaptive Depth"),
    N_("The depth adaptive depth never goes below, in player moves (at most the search depth)"), 0, 1 },
  [PARAM_CUTOFF] = { "ai-cutoff", SEARCH_KINDS, PARAM_DOUBLE, N_("Probability Cutoff"),
    N_("A chance branch less likely than this is valued by the heuristic instead of searched; 0 searches every branch"),
    5, 0.0001, NULL, NULL, 0.01 },
  [PARAM_TIME_BUDGET] = { "ai-time-budget", SEARCH_KINDS, PARAM_UINT, N_("Time Budget"),
    N_("Milliseconds per move: deepens one depth at a time and keeps the deepest finished; 0 for no limit"),
    0, 50, NULL, NULL, 5000 },
  [PARAM_THREADS] = { "solver-threads", SAMPLING_KINDS, PARAM_UINT, N_("Threads"),
    N_("Threads the playouts are spread over, up to the processors"), 0, 1 },
  [PARAM_MCTS_ITERATIONS] = { "mcts-iterations", MCTS, PARAM_UINT, N_("Iterations"),
    N_("Tree iterations (select, expand, playout, back up) per move"), 0, 100, NULL, NULL, 10000 },
  [PARAM_MCTS_EXPLORATION] = { "mcts-exploration", MCTS, PARAM_DOUBLE, N_("Exploration C"),
    N_("UCB1 constant on values scaled to 0–1; higher explores more"), 2, 0.05, NULL, NULL, 4 },
  [PARAM_MCTS_FINAL_MOVE] = { "mcts-final-move", MCTS, PARAM_CHOICE, N_("Final Move"),
    N_("The root child played at the end"), 0, 0, final_move_ids, final_move_labels },
  [PARAM_MCTS_POLICY] = { "mcts-policy", MCTS, PARAM_CHOICE, N_("Playout Policy"),
    N_("How playouts from a new leaf choose moves"), 0, 0, policy_ids, policy_labels },
  [PARAM_MCTS_MEASURE] = { "mcts-measure", MCTS, PARAM_CHOICE, N_("Playout Measure"),
    N_("What a playout returns"), 0, 0, measure_ids, measure_labels },
  [PARAM_MC_PLAYOUTS] = { "montecarlo-playouts", MC, PARAM_UINT, N_("Playouts per Move"),
    N_("Playouts from each legal move's afterstate"), 0, 10, NULL, NULL, 2000 },
  [PARAM_MC_MAX_MOVES] = { "montecarlo-max-moves", MC, PARAM_UINT, N_("Playout Depth"),
    N_("Most moves of a playout; 0 plays to game over"), 0, 10, NULL, NULL, 1000 },
  [PARAM_MC_DISCOUNT] = { "montecarlo-discount", MC, PARAM_DOUBLE, N_("Discount"),
    N_("Weight of the points k moves ahead: discount^k, 0–1"), 2, 0.01 },
  [PARAM_MC_POLICY] = { "montecarlo-policy", MC, PARAM_CHOICE, N_("Playout Policy"),
    N_("How playouts choose moves"), 0, 0, policy_ids, policy_labels },
  [PARAM_MC_MEASURE] = { "montecarlo-measure", MC, PARAM_CHOICE, N_("Playout Measure"),
    N_("What a playout returns"), 0, 0, measure_ids, measure_labels },
  [PARAM_MDP_THETA1] = { "mdp-theta1", MDP, PARAM_UINT, N_("θ1: 1–3 Empty Cells"),
    N_("Playouts for a 2 spawn with one empty cell, halved per extra cell"), 0, 10, NULL, NULL, 2000 },
  [PARAM_MDP_THETA2] = { "mdp-theta2", MDP, PARAM_UINT, N_("θ2: 4–6 Empty Cells"),
    N_("Playouts for a 2 spawn with 4 empty cells, scaled down to 6"), 0, 10, NULL, NULL, 1000 },
  [PARAM_MDP_THETA3] = { "mdp-theta3", MDP, PARAM_UINT, N_("θ3: 7–9 Empty Cells"),
    N_("Playouts for a 2 spawn with 7 empty cells, scaled down to 9"), 0, 10, NULL, NULL, 500 },
  [PARAM_MDP_THETA4] = { "mdp-theta4", MDP, PARAM_UINT, N_("θ4: 10–15 Empty Cells"),
    N_("Playouts for a 2 spawn with 10 to 15 empty cells"), 0, 1, NULL, NULL, 200 },
  [PARAM_MDP_THETA5] = { "mdp-theta5", MDP, PARAM_DOUBLE, N_("θ5: 2 versus 4"),
    N_("Times more playouts a 2 spawn gets than a 4 spawn"), 1, 0.5, NULL, NULL, 20 },
  [PARAM_MDP_THETA6] = { "mdp-theta6", MDP, PARAM_DOUBLE, N_("θ6: Kept Share"),
    N_("Top share of playout results kept for a spawn's value, 0–1"), 2, 0.05 },
  [PARAM_MDP_IMMEDIATE] = { "mdp-immediate-reward", MDP, PARAM_BOOL, N_("Immediate Reward"),
    N_("Add the move's points and discount the playouts by γ (Bellman)") },
  [PARAM_MDP_GAMMA] = { "mdp-gamma", MDP, PARAM_DOUBLE, N_("γ"),
    N_("Discount of the playouts with the immediate reward, 0–1"), 2, 0.01 },
  [PARAM_HYBRID_THRESHOLD] = { "hybrid-empty-threshold", HYBRID, PARAM_UINT, N_("Empty-Cell Threshold"),
    N_("Leaves with at most this many empty cells are valued by playouts"), 0, 1 },
  [PARAM_HYBRID_PLAYOUTS] = { "hybrid-playouts", HYBRID, PARAM_UINT, N_("Playouts per Leaf"),
    N_("Playouts valuing one leaf at or under the threshold"), 0, 5, NULL, NULL, 200 },
};

#undef MCTS
#undef MC
#undef MDP
#undef HYBRID

typedef enum {
  SEARCH_HINT,
  SEARCH_STEP,
  SEARCH_AUTO,
  SEARCH_ANALYSIS,   /* a hint again, after the heuristic changed */
} SearchPurpose;

struct _LhAiPanel
{
  GtkWidget      parent_instance;

  /* Template children */
  GtkWidget     *scrolled_window;
  GtkAdjustment *delay_adjustment;
  GtkAdjustment *record_adjustment;
  AdwActionRow  *record_row;
  GtkSwitch     *adaptive_switch;
  AdwComboRow   *solver_row;
  AdwPreferencesGroup *solver_group;
  LhParamRow    *depth_row;
  GtkWidget     *adaptive_row;
  GtkWidget     *up_row;
  GtkWidget     *down_row;
  GtkWidget     *left_row;
  GtkWidget     *right_row;
  GtkLabel      *up_value;
  GtkLabel      *down_value;
  GtkLabel      *left_value;
  GtkLabel      *right_value;
  GtkLabel      *status_label;

  /* Indexed like param_specs: each solver parameter's row */
  GtkWidget     *param_rows[N_PARAMS];

  /* Indexed by LhMove */
  GtkWidget     *move_rows[LH_N_MOVES];
  GtkLabel      *move_values[LH_N_MOVES];

  GSettings     *settings;
  LhGameModel   *model;
  GSimpleAction *hint_action;
  GSimpleAction *step_action;
  GSimpleAction *autoplay_action;

  GCancellable  *search_cancellable;
  guint          search_generation;
  SearchPurpose  search_purpose;
  LhSolverKind   search_kind;    /* the solver of the running or last search */
  gboolean       autoplay;
  guint          autoplay_source;
  gboolean       applying_ai_move;
  guint          record_nodes;   /* budget of the search-tree record, 0 for none */

  LhHeuristicParams heuristic;   /* of the next search */
  guint          reanalyse_source;
};

G_DEFINE_FINAL_TYPE (LhAiPanel, lh_ai_panel, GTK_TYPE_WIDGET)

enum {
  SIGNAL_HINT,
  SIGNAL_SEARCH_FAILED,
  SIGNAL_SEARCHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_search (LhAiPanel *self, SearchPurpose purpose);
static void params_from_settings (LhAiPanel *self, LhSolverParams *params);

static const char *
move_label (int move)
{
  switch (move)
    {
    case LH_MOVE_UP: return _("Up");
    case LH_MOVE_DOWN: return _("Down");
    case LH_MOVE_LEFT: return _("Left");
    case LH_MOVE_RIGHT: return _("Right");
    default: return _("none");
    }
}

static gboolean
game_is_over (LhAiPanel *self)
{
  return self->model == NULL || lh_game_model_is_over (self->model);
}

static void
clear_move_values (LhAiPanel *self)
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      gtk_label_set_text (self->move_values[m], "—");
      gtk_widget_remove_css_class (self->move_rows[m], "best-move");
      gtk_widget_remove_css_class (self->move_rows[m], "illegal-move");
    }
}

/* The status line when no search result is shown: it never asks for a hint
 * when Hint is disabled. */
static void
show_idle_status (LhAiPanel *self)
{
  if (game_is_over (self))
    gtk_label_set_text (self->status_label, _("The game is over: no move is left for the AI to weigh."));
  else
    gtk_label_set_text (self->status_label, _("Ask for a hint to see what the AI thinks."));
}

static void
show_move_values (LhAiPanel *self, const LhSolverResult *result)
{
  g_autofree char *status = NULL;
  g_autofree char *nodes = NULL;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      gtk_widget_remove_css_class (self->move_rows[m], "best-move");
      gtk_widget_remove_css_class (self->move_rows[m], "illegal-move");
      if (!result->legal[m])
        {
          /* Translators: shown instead of the value of a move that changes nothing */
          gtk_label_set_text (self->move_values[m], _("not possible"));
          gtk_widget_add_css_class (self->move_rows[m], "illegal-move");
        }
      else
        {
          g_autofree char *text = g_strdup_printf ("%'.0f", result->values[m]);
          gtk_label_set_text (self->move_values[m], text);
          if (result->visits[m] > 0)
            {
              g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->visits[m]);
              g_autofree char *tip = NULL;

              /* Translators: %s how often a sampling solver (MCTS, Monte
               * Carlo) tried this move: tree visits or playouts */
              tip = g_strdup_printf (_("Mean over %s visits or playouts"), count);
              gtk_widget_set_tooltip_text (self->move_rows[m], tip);
            }
          else
            gtk_widget_set_tooltip_text (self->move_rows[m], NULL);
          if ((int) m == result->move)
            gtk_widget_add_css_class (self->move_rows[m], "best-move");
        }
    }

  nodes = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->nodes);
  switch (self->search_kind)
    {
    case LH_SOLVER_MCTS:
      {
        g_autofree char *iterations = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->iterations);
        /* Translators: %s the best move (Up, Down...), %s a number of MCTS
         * iterations, %.1f a time in milliseconds */
        status = g_strdup_printf (_("Best move: %s · %s iterations · %.1f ms"),
                                  move_label (result->move), iterations, result->elapsed_ms);
        break;
      }
    case LH_SOLVER_MONTE_CARLO:
    case LH_SOLVER_MDP_MONTE_CARLO:
      {
        g_autofree char *playouts = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->playouts);
        /* Translators: %s the best move (Up, Down...), %s a number of
         * playouts (random games), %.1f a time in milliseconds */
        status = g_strdup_printf (_("Best move: %s · %s playouts · %.1f ms"),
                                  move_label (result->move), playouts, result->elapsed_ms);
        break;
      }
    case LH_SOLVER_HYBRID:
      {
        g_autofree char *playouts = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->playouts);
        /* Translators: %s the best move (Up, Down...), %u the search depth in
         * moves, %s a number of playouts, %.1f a time in milliseconds */
        status = g_strdup_printf (_("Best move: %s · depth %u · %s playouts · %.1f ms"),
                                  move_label (result->move), result->depth, playouts,
                                  result->elapsed_ms);
        break;
      }
    case LH_SOLVER_EXPECTIMAX:
    case LH_N_SOLVERS:
    default:
      /* Translators: %s the best move (Up, Down...), %u the search depth in moves,
       * %s a number of positions, %.1f a time in milliseconds */
      status = g_strdup_printf (_("Best move: %s · depth %u · %s positions · %.1f ms"),
                                move_label (result->move), result->depth, nodes,
                                result->elapsed_ms);
      break;
    }
  gtk_label_set_text (self->status_label, status);
}

static void
cancel_search (LhAiPanel *self)
{
  /* Results of searches started before this point are stale. */
  self->search_generation++;
  if (self->search_cancellable != NULL)
    {
      g_cancellable_cancel (self->search_cancellable);
      g_clear_object (&self->search_cancellable);
    }
}

static void
update_actions (LhAiPanel *self)
{
  gboolean over = game_is_over (self);

  g_simple_action_set_enabled (self->hint_action, !over);
  g_simple_action_set_enabled (self->step_action, !over);
  g_simple_action_set_enabled (self->autoplay_action, !over || self->autoplay);
}

static void
set_autoplay (LhAiPanel *self, gboolean autoplay)
{
  autoplay = !!autoplay;
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_simple_action_set_state (self->autoplay_action, g_variant_new_boolean (autoplay));
  if (autoplay)
    start_search (self, SEARCH_AUTO);
  else if (self->search_purpose == SEARCH_AUTO)
    cancel_search (self);
  update_actions (self);
}

static gboolean
autoplay_next_cb (gpointer user_data)
{
  LhAiPanel *self = LH_AI_PANEL (user_data);

  self->autoplay_source = 0;
  if (self->autoplay)
    start_search (self, SEARCH_AUTO);
  return G_SOURCE_REMOVE;
}

static void
search_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhAiPanel *self = LH_AI_PANEL (source);
  guint generation = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSearchRecord) record = lh_search_job_finish (res, &error);
  LhSolverResult result;

  if (generation != self->search_generation || self->model == NULL)
    return;  /* stale: the board changed or the panel went away since */
  g_clear_object (&self->search_cancellable);

  if (record == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Translators: %s the solver ("MCTS (UCT)"), %s what went wrong */
      text = g_strdup_printf (_("The AI could not search with %s: %s"),
                              lh_solver_kind_get_label (self->search_kind), error->message);
      gtk_label_set_text (self->status_label, text);
      set_autoplay (self, FALSE);
      g_signal_emit (self, signals[SIGNAL_SEARCH_FAILED], 0, text);
      return;
    }

  result = *lh_search_record_get_result (record);
  show_move_values (self, &result);
  /* Before the move is played, so the inspector shows the decision and the
   * board it was made on. */
  g_signal_emit (self, signals[SIGNAL_SEARCHED], 0, record);
  if (self->model == NULL)
    return;
  if (result.move == LH_MOVE_NONE)
    {
      set_autoplay (self, FALSE);
      return;
    }

  switch (self->search_purpose)
    {
    case SEARCH_HINT:
    case SEARCH_ANALYSIS:
      g_signal_emit (self, signals[SIGNAL_HINT], 0, result.move);
      break;
    case SEARCH_STEP:
    case SEARCH_AUTO:
      self->applying_ai_move = TRUE;
      lh_game_model_move (self->model, (LhMove) result.move, NULL);
      self->applying_ai_move = FALSE;
      /* Handlers of the move (the window announcing 2048 or the end) may
       * have stopped auto-play meanwhile. */
      if (self->search_purpose == SEARCH_AUTO && self->autoplay
          && !game_is_over (self) && self->autoplay_source == 0)
        self->autoplay_source =
          g_timeout_add ((guint) gtk_adjustment_get_value (self->delay_adjustment),
                         autoplay_next_cb, self);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
start_search (LhAiPanel *self, SearchPurpose purpose)
{
  LhSolverParams params;

  cancel_search (self);
  /* A hint, step or auto-play asked for now takes the place of a pending
   * re-analysis (which would otherwise cancel it when its delay ends). */
  if (purpose != SEARCH_ANALYSIS)
    g_clear_handle_id (&self->reanalyse_source, g_source_remove);
  if (game_is_over (self))
    return;

  params_from_settings (self, &params);

  self->search_purpose = purpose;
  self->search_kind = params.kind;
  self->search_cancellable = g_cancellable_new ();
  if (purpose == SEARCH_ANALYSIS)
    gtk_label_set_text (self->status_label, _("Thinking again with the new heuristic…"));
  else if (purpose != SEARCH_AUTO)
    gtk_label_set_text (self->status_label, _("Thinking…"));
  lh_search_job_run_async (self,
                           lh_game_model_get_board (self->model),
                           lh_game_model_get_geometry (self->model),
                           &params, self->record_nodes, self->search_cancellable,
                           search_done_cb, GUINT_TO_POINTER (self->search_generation));
}

static gboolean
reanalyse_cb (gpointer user_data)
{
  LhAiPanel *self = LH_AI_PANEL (user_data);

  self->reanalyse_source = 0;
  if (!self->autoplay && !game_is_over (self))
    start_search (self, SEARCH_ANALYSIS);
  return G_SOURCE_REMOVE;
}

/* The heuristic or a search setting changed: a hint or step on the old
 * ones is stale, and the position is analysed again once the changes rest
 * (a slider drag is many changes).  During auto-play the next move's
 * search takes them. */
static void
schedule_reanalysis (LhAiPanel *self)
{
  if (self->autoplay || game_is_over (self))
    return;
  if (self->search_cancellable != NULL)
    cancel_search (self);
  g_clear_handle_id (&self->reanalyse_source, g_source_remove);
  self->reanalyse_source = g_timeout_add (REANALYSE_DELAY_MS, reanalyse_cb, self);
}

void
lh_ai_panel_set_heuristic (LhAiPanel *self, const LhHeuristicParams *params, gboolean reanalyse)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (params != NULL);

  self->heuristic = *params;
  if (reanalyse)
    schedule_reanalysis (self);
}

void
lh_ai_panel_get_heuristic (LhAiPanel *self, LhHeuristicParams *out)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (out != NULL);
  *out = self->heuristic;
}

gboolean
lh_ai_panel_is_reanalysis_pending (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), FALSE);
  return self->reanalyse_source != 0;
}

void
lh_ai_panel_stop (LhAiPanel *self)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));

  g_clear_handle_id (&self->reanalyse_source, g_source_remove);
  cancel_search (self);
  set_autoplay (self, FALSE);
}

gboolean
lh_ai_panel_is_searching (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), FALSE);
  return self->search_cancellable != NULL;
}

void
lh_ai_panel_set_record_nodes (LhAiPanel *self, guint max_nodes)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (max_nodes <= LH_SEARCH_TREE_MAX_NODES);
  self->record_nodes = max_nodes;
}

gboolean
lh_ai_panel_get_autoplay (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), FALSE);
  return self->autoplay;
}

GtkAdjustment *
lh_ai_panel_get_delay_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->delay_adjustment;
}

GtkAdjustment *
lh_ai_panel_get_record_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->record_adjustment;
}

const char *
lh_ai_panel_get_move_value_text (LhAiPanel *self, int move)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  g_return_val_if_fail (move >= 0 && move < LH_N_MOVES, NULL);
  return gtk_label_get_text (self->move_values[move]);
}

const char *
lh_ai_panel_get_status (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return gtk_label_get_text (self->status_label);
}

static void
model_changed_cb (LhGameModel *model, int change, int move, int spawned_cell,
                  guint64 previous, LhAiPanel *self)
{
  if (!self->applying_ai_move)
    {
      /* Someone else changed the board: whatever the AI was doing is stale. */
      lh_ai_panel_stop (self);
      clear_move_values (self);
      show_idle_status (self);
    }
  else if (game_is_over (self))
    show_idle_status (self);
  update_actions (self);
}

void
lh_ai_panel_set_model (LhAiPanel *self, LhGameModel *model)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (model == NULL || LH_IS_GAME_MODEL (model));

  lh_ai_panel_stop (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect (model, "changed", G_CALLBACK (model_changed_cb), self);
  clear_move_values (self);
  show_idle_status (self);
  update_actions (self);
}

void
lh_ai_panel_add_actions (LhAiPanel *self, GActionMap *map)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (G_IS_ACTION_MAP (map));

  g_action_map_add_action (map, G_ACTION (self->hint_action));
  g_action_map_add_action (map, G_ACTION (self->step_action));
  g_action_map_add_action (map, G_ACTION (self->autoplay_action));
}

/* ---- actions ------------------------------------------------------------ */

static void
hint_activated (GSimpleAction *action, GVariant *parameter, LhAiPanel *self)
{
  set_autoplay (self, FALSE);
  start_search (self, SEARCH_HINT);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, LhAiPanel *self)
{
  set_autoplay (self, FALSE);
  start_search (self, SEARCH_STEP);
}

static void
autoplay_change_state (GSimpleAction *action, GVariant *state, LhAiPanel *self)
{
  set_autoplay (self, g_variant_get_boolean (state));
}

/* ---- settings ----------------------------------------------------------- */

/* Threads a search may use here: the processors, within LH_MAX_THREADS. */
static guint
max_threads (void)
{
  return CLAMP (g_get_num_processors (), 1, LH_MAX_THREADS);
}

/* Sets the bounds of @adjustment to the range of the numeric key @key of
 * the schema (solver-threads: at most max_threads ()), so the control offers exactly what GSettings accepts (a lower
 * bound given by the .ui above the schema's narrows it), and its value to
 * the key's value clamped into that range. */
static void
key_range (LhAiPanel *self, const char *key, double *lower_out, double *upper_out, double *value_out)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  g_autoptr(GVariant) value = g_settings_get_value (self->settings, key);
  const char *type = NULL;
  double lower, upper, v;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &type, &bounds);
  if (g_strcmp0 (type, "range") != 0)
    g_error ("GSettings key %s has no range", key);

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    {
      guint32 lo, hi;
      g_variant_get (bounds, "(uu)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_uint32 (value);
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    {
      g_variant_get (bounds, "(dd)", &lower, &upper);
      v = g_variant_get_double (value);
    }
  else
    {
      gint32 lo, hi;
      g_variant_get (bounds, "(ii)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_int32 (value);
    }
  if (g_str_equal (key, "solver-threads"))
    upper = MIN (upper, max_threads ());
  *lower_out = lower;
  *upper_out = upper;
  *value_out = v;
}

static void
adjustment_from_key (LhAiPanel *self, GtkAdjustment *adjustment, const char *key)
{
  double lower, upper, v;

  key_range (self, key, &lower, &upper, &v);
  lower = MAX (lower, gtk_adjustment_get_lower (adjustment));
  gtk_adjustment_configure (adjustment, CLAMP (v, lower, upper), lower, upper,
                            gtk_adjustment_get_step_increment (adjustment),
                            gtk_adjustment_get_page_increment (adjustment), 0);
}

static void update_record_subtitle (LhAiPanel *self);

static void
depth_changed_cb (LhParamRow *row, GParamSpec *pspec, LhAiPanel *self)
{
  update_record_subtitle (self);
}

static void
delay_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "autoplay-delay", (guint) gtk_adjustment_get_value (adjustment));
}

/* The record budget's row says what it costs (lh-search-tree.h): the
 * working record of a search (its pool, group entries and maps), and the
 * trace's steps, one per depth of iterative deepening, each at most
 * lh_search_tree_held_bytes (budget). */

static void
update_record_subtitle (LhAiPanel *self)
{
  guint64 nodes = (guint64) gtk_adjustment_get_value (self->record_adjustment);
  guint depth = MAX ((guint) lh_param_row_get_value (self->depth_row), 1);
  g_autofree char *size = g_format_size (lh_search_tree_recording_bytes ((guint) nodes)
                                         + lh_search_tree_held_bytes ((guint) nodes) * depth);
  g_autofree char *text = NULL;

  /* Translators: the most memory the search-tree record takes: %s a memory
   * size (“6.4 MB”), %u the search depth; keep it short, it sits beside a
   * spin button */
  text = g_strdup_printf (_("At most %s at depth %u"), size, depth);
  adw_action_row_set_subtitle (self->record_row, text);
}

static void
record_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "inspector-max-nodes", (guint) gtk_adjustment_get_value (adjustment));
  update_record_subtitle (self);
}

/* ---- the solver chooser and its parameters ------------------------------ */

/* The "solver" key's choices, in LhSolverKind order (set in class_init). */
static const char *solver_ids[LH_N_SOLVERS + 1];

static const char *const solver_descriptions[LH_N_SOLVERS] = {
  [LH_SOLVER_EXPECTIMAX] = N_("Weighs every move and random tile to a fixed depth, scoring positions with the heuristic"),
  [LH_SOLVER_MCTS] = N_("Grows a tree by UCT, valuing new leaves by playouts; the tree shows visits"),
  [LH_SOLVER_MONTE_CARLO] = N_("Values each move by the mean of games played on from it"),
  [LH_SOLVER_MDP_MONTE_CARLO] = N_("Plays games on from every tile a move may bring, weighted by its probability"),
  [LH_SOLVER_HYBRID] = N_("Expectimax whose leaves on crowded boards are valued by playouts"),
};

static guint
choice_index (const char *const *ids, const char *id)
{
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return 0;  /* the schema's choices make this unreachable */
}

static guint
settings_get_choice (GSettings *settings, ParamId id)
{
  g_autofree char *text = g_settings_get_string (settings, param_specs[id].key);

  return choice_index (param_specs[id].choice_ids, text);
}

static LhSolverKind
settings_get_kind (GSettings *settings)
{
  g_autofree char *text = g_settings_get_string (settings, "solver");
  LhSolverKind kind = LH_SOLVER_EXPECTIMAX;

  lh_solver_kind_from_string (text, &kind);
  return kind;
}

/* The parameters of the next search, from the settings (the schema's
 * ranges are lh_solver_params_validate's; threads are clamped to the
 * processors), the rest at lh_solver_params_init_default's. */
static void
params_from_settings (LhAiPanel *self, LhSolverParams *params)
{
  GSettings *s = self->settings;

  lh_solver_params_init_default (params);
  params->kind = settings_get_kind (s);
  params->heuristic = self->heuristic;
  params->depth = (guint) lh_param_row_get_value (self->depth_row);
  params->adaptive = params->kind == LH_SOLVER_EXPECTIMAX
                     && gtk_switch_get_active (self->adaptive_switch);
  params->min_depth = (guint) CLAMP (g_settings_get_int (s, "ai-min-depth"), 1, (int) params->depth);
  params->probability_cutoff = g_settings_get_double (s, "ai-cutoff");
  params->time_budget_ms = g_settings_get_uint (s, "ai-time-budget");
  params->threads = CLAMP (g_settings_get_uint (s, "solver-threads"), 1, max_threads ());

  params->mcts.iterations = g_settings_get_uint (s, "mcts-iterations");
  params->mcts.exploration = g_settings_get_double (s, "mcts-exploration");
  params->mcts.final_move = (LhFinalMove) settings_get_choice (s, PARAM_MCTS_FINAL_MOVE);
  params->mcts.playout.policy = (LhPlayoutPolicy) settings_get_choice (s, PARAM_MCTS_POLICY);
  params->mcts.playout.measure = (LhMeasure) settings_get_choice (s, PARAM_MCTS_MEASURE);

  params->monte_carlo.playouts = g_settings_get_uint (s, "montecarlo-playouts");
  params->monte_carlo.playout.max_moves = g_settings_get_uint (s, "montecarlo-max-moves");
  params->monte_carlo.playout.discount = g_settings_get_double (s, "montecarlo-discount");
  params->monte_carlo.playout.policy = (LhPlayoutPolicy) settings_get_choice (s, PARAM_MC_POLICY);
  params->monte_carlo.playout.measure = (LhMeasure) settings_get_choice (s, PARAM_MC_MEASURE);

  for (guint i = 0; i < G_N_ELEMENTS (params->mdp.theta); i++)
    params->mdp.theta[i] = g_settings_get_uint (s, param_specs[PARAM_MDP_THETA1 + i].key);
  params->mdp.theta5 = g_settings_get_double (s, "mdp-theta5");
  params->mdp.theta6 = g_settings_get_double (s, "mdp-theta6");
  params->mdp.immediate_reward = g_settings_get_boolean (s, "mdp-immediate-reward");
  params->mdp.gamma = g_settings_get_double (s, "mdp-gamma");

  params->hybrid.empty_threshold = g_settings_get_uint (s, "hybrid-empty-threshold");
  params->hybrid.playouts = g_settings_get_uint (s, "hybrid-playouts");
}

static gboolean
choice_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_uint (value, choice_index (user_data, g_variant_get_string (variant, NULL)));
  return TRUE;
}

static GVariant *
choice_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  const char *const *ids = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) ids))
    return NULL;  /* GTK_INVALID_LIST_POSITION: nothing chosen */
  return g_variant_new_string (ids[index]);
}

/* A number key (u, i or d) <-> an LhParamRow's "value". */
static gboolean
number_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    g_value_set_double (value, g_variant_get_uint32 (variant));
  else if (g_variant_is_of_type (variant, G_VARIANT_TYPE_INT32))
    g_value_set_double (value, g_variant_get_int32 (variant));
  else
    g_value_set_double (value, g_variant_get_double (variant));
  return TRUE;
}

static GVariant *
number_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  double v = g_value_get_double (value);

  if (g_variant_type_equal (expected_type, G_VARIANT_TYPE_UINT32))
    return g_variant_new_uint32 ((guint32) CLAMP (round (v), 0, G_MAXUINT32));
  if (g_variant_type_equal (expected_type, G_VARIANT_TYPE_INT32))
    return g_variant_new_int32 ((gint32) CLAMP (round (v), G_MININT32, G_MAXINT32));
  return g_variant_new_double (v);
}

/* Sets up @row for the number key @key: the entry takes the schema's range,
 * the slider runs from its lower bound to @slider_max (0: the upper bound);
 * bound to the key both ways. */
static void
param_row_bind (LhAiPanel *self, LhParamRow *row, const char *key,
                double step, guint digits, double slider_max)
{
  double lower, upper, value;

  key_range (self, key, &lower, &upper, &value);
  lh_param_row_configure (row, lower, upper, lower, slider_max > 0 ? slider_max : upper, step, digits);
  lh_param_row_set_value (row, value);
  g_settings_bind_with_mapping (self->settings, key, row, "value", G_SETTINGS_BIND_DEFAULT,
                                number_get_mapping, number_set_mapping, NULL, NULL);
}

/* A row of the solver group editing @spec's key, bound to it both ways. */
static GtkWidget *
make_param_row (LhAiPanel *self, const ParamSpec *spec)
{
  GtkWidget *row;
  GtkWidget *editor = NULL;

  switch (spec->type)
    {
    case PARAM_CHOICE:
      {
        g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

        for (guint i = 0; spec->choice_labels[i] != NULL; i++)
          gtk_string_list_append (model, _(spec->choice_labels[i]));
        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
        g_settings_bind_with_mapping (self->settings, spec->key, row, "selected",
                                      G_SETTINGS_BIND_DEFAULT, choice_get_mapping,
                                      choice_set_mapping, (gpointer) spec->choice_ids, NULL);
        break;
      }
    case PARAM_BOOL:
      editor = gtk_switch_new ();
      row = adw_action_row_new ();
      g_settings_bind (self->settings, spec->key, editor, "active", G_SETTINGS_BIND_DEFAULT);
      break;
    case PARAM_UINT:
    case PARAM_INT:
    case PARAM_DOUBLE:
    default:
      /* A slider and an entry; what it measures in the tooltip. */
      row = lh_param_row_new (_(spec->title), _(spec->subtitle), 0, 1, 0, 1, spec->step, spec->digits);
      param_row_bind (self, LH_PARAM_ROW (row), spec->key, spec->step,
                      spec->type == PARAM_DOUBLE ? spec->digits : 0, spec->slider_max);
      gtk_widget_set_name (row, spec->key);
      return row;
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->subtitle));
  if (editor != NULL)
    {
      gtk_widget_set_valign (editor, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), editor);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), editor);
      gtk_accessible_update_property (GTK_ACCESSIBLE (editor), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(spec->title), -1);
    }
  gtk_widget_set_name (row, spec->key);  /* for tests and the inspector */
  return row;
}

/* Shows the chosen solver's rows only, and says what it does. */
static void
update_solver_rows (LhAiPanel *self)
{
  LhSolverKind kind = settings_get_kind (self->settings);

  gtk_widget_set_visible (GTK_WIDGET (self->depth_row), kind == LH_SOLVER_EXPECTIMAX || kind == LH_SOLVER_HYBRID);
  gtk_widget_set_visible (self->adaptive_row, kind == LH_SOLVER_EXPECTIMAX);
  for (guint i = 0; i < N_PARAMS; i++)
    gtk_widget_set_visible (self->param_rows[i], (param_specs[i].kinds & KIND_BIT (kind)) != 0);
  gtk_widget_set_sensitive (self->param_rows[PARAM_MDP_GAMMA],
                            g_settings_get_boolean (self->settings, "mdp-immediate-reward"));
  gtk_widget_set_sensitive (self->param_rows[PARAM_MIN_DEPTH],
                            g_settings_get_boolean (self->settings, "ai-adaptive"));
  adw_preferences_group_set_title (self->solver_group, lh_solver_kind_get_label (kind));
  adw_preferences_group_set_description (self->solver_group, _(solver_descriptions[kind]));
}

static gboolean
is_solver_key (const char *key)
{
  if (g_str_equal (key, "solver") || g_str_equal (key, "ai-depth") || g_str_equal (key, "ai-adaptive"))
    return TRUE;
  for (guint i = 0; i < N_PARAMS; i++)
    if (g_str_equal (key, param_specs[i].key))
      return TRUE;
  return FALSE;
}

/* A solver setting changed: a running search used the old ones.  Auto-play
 * goes on with the new ones; otherwise the position is analysed again, as
 * for a heuristic change. */
static void
settings_changed_cb (GSettings *settings, const char *key, LhAiPanel *self)
{
  if (!is_solver_key (key))
    return;
  if (g_str_equal (key, "solver") || g_str_equal (key, "mdp-immediate-reward")
      || g_str_equal (key, "ai-adaptive"))
    update_solver_rows (self);
  if (self->autoplay)
    {
      if (self->search_cancellable != NULL && self->search_purpose == SEARCH_AUTO)
        start_search (self, SEARCH_AUTO);
      return;
    }
  schedule_reanalysis (self);
}

GtkWidget *
lh_ai_panel_get_setting_row (LhAiPanel *self, const char *key)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (g_str_equal (key, "solver"))
    return GTK_WIDGET (self->solver_row);
  if (g_str_equal (key, "ai-depth"))
    return GTK_WIDGET (self->depth_row);
  if (g_str_equal (key, "ai-adaptive"))
    return self->adaptive_row;
  for (guint i = 0; i < N_PARAMS; i++)
    if (g_str_equal (key, param_specs[i].key))
      return self->param_rows[i];
  return NULL;
}

static void
setup_solver_rows (LhAiPanel *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    gtk_string_list_append (kinds, lh_solver_kind_get_label ((LhSolverKind) k));
  adw_combo_row_set_model (self->solver_row, G_LIST_MODEL (kinds));
  g_settings_bind_with_mapping (self->settings, "solver", self->solver_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get_mapping, choice_set_mapping,
                                (gpointer) solver_ids, NULL);

  for (guint i = 0; i < N_PARAMS; i++)
    {
      self->param_rows[i] = make_param_row (self, &param_specs[i]);
      adw_preferences_group_add (self->solver_group, self->param_rows[i]);
    }
  update_solver_rows (self);
  g_signal_connect (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);
}

/* ---- life cycle --------------------------------------------------------- */

static void
lh_ai_panel_dispose (GObject *object)
{
  LhAiPanel *self = LH_AI_PANEL (object);

  cancel_search (self);
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_handle_id (&self->reanalyse_source, g_source_remove);
  if (self->depth_row != NULL)
    g_signal_handlers_disconnect_by_data (self->depth_row, self);
  if (self->delay_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->delay_adjustment, self);
  if (self->record_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->record_adjustment, self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  /* The actions may outlive the panel in the map they were added to. */
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
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_AI_PANEL);
  G_OBJECT_CLASS (lh_ai_panel_parent_class)->dispose (object);
}

static void
lh_ai_panel_class_init (LhAiPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_ai_panel_dispose;

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    solver_ids[k] = lh_solver_kind_to_string ((LhSolverKind) k);

  /**
   * LhAiPanel::hint:
   * @move: the LhMove the AI recommends
   * A hint search finished: the board should point at @move.
   */
  signals[SIGNAL_HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * LhAiPanel::search-failed:
   * @message: what went wrong, for a toast (valid UTF-8)
   * A search ended with an error; auto-play stopped.
   */
  signals[SIGNAL_SEARCH_FAILED] =
    g_signal_new ("search-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * LhAiPanel::searched:
   * @record: (type gpointer): the LhSearchRecord of the search (transfer
   *   none: take a reference to keep it)
   * A search finished with a decision, before its move (Step, Auto-play) is
   * played.  The record holds a search tree when lh_ai_panel_set_record_nodes()
   * asked for one.
   */
  signals[SIGNAL_SEARCHED] =
    g_signal_new ("searched", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (LH_TYPE_PARAM_ROW);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-ai-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, delay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, adaptive_switch);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, solver_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, solver_group);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, depth_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, adaptive_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, up_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, down_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, left_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, right_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, up_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, down_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, left_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, right_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, status_label);
}

static void
lh_ai_panel_init (LhAiPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->move_rows[LH_MOVE_UP] = self->up_row;
  self->move_rows[LH_MOVE_DOWN] = self->down_row;
  self->move_rows[LH_MOVE_LEFT] = self->left_row;
  self->move_rows[LH_MOVE_RIGHT] = self->right_row;
  self->move_values[LH_MOVE_UP] = self->up_value;
  self->move_values[LH_MOVE_DOWN] = self->down_value;
  self->move_values[LH_MOVE_LEFT] = self->left_value;
  self->move_values[LH_MOVE_RIGHT] = self->right_value;
  for (guint m = 0; m < LH_N_MOVES; m++)
    gtk_widget_add_css_class (GTK_WIDGET (self->move_values[m]), "value");

  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect (self->hint_action, "activate", G_CALLBACK (hint_activated), self);
  self->step_action = g_simple_action_new ("step", NULL);
  g_signal_connect (self->step_action, "activate", G_CALLBACK (step_activated), self);
  self->autoplay_action = g_simple_action_new_stateful ("autoplay", NULL,
                                                        g_variant_new_boolean (FALSE));
  g_signal_connect (self->autoplay_action, "change-state", G_CALLBACK (autoplay_change_state), self);

  self->settings = g_settings_new (APPLICATION_ID);
  lh_heuristic_params_init_default (&self->heuristic);
  param_row_bind (self, self->depth_row, "ai-depth", 1, 0, 0);
  adjustment_from_key (self, self->delay_adjustment, "autoplay-delay");
  adjustment_from_key (self, self->record_adjustment, "inspector-max-nodes");
  g_signal_connect (self->depth_row, "notify::value", G_CALLBACK (depth_changed_cb), self);
  g_signal_connect (self->delay_adjustment, "value-changed", G_CALLBACK (delay_changed_cb), self);
  g_signal_connect (self->record_adjustment, "value-changed", G_CALLBACK (record_changed_cb), self);
  update_record_subtitle (self);
  g_settings_bind (self->settings, "ai-adaptive", self->adaptive_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  setup_solver_rows (self);

  show_idle_status (self);
  update_actions (self);
}
