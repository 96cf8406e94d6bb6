/* lh-window-evaluation.c: how the window's AI values positions (part of
 * LhWindow, see lh-window-private.h): the evaluator in use (the heuristic
 * of the Heuristic page, or the learned network of lh-evaluator-choice.h)
 * handed to the analysis session, the "Evaluation" group on the Heuristic
 * page, and what shows the evaluator: the breakdown table and the heat map,
 * both through one LhOwnedEvaluator so that nothing here asks which kind it
 * is more than once (update_evaluation()). */
#include "lh-config.h"
#include "lh-window-private.h"

#include <glib/gi18n.h>

#include "lh-evaluator-group.h"

/* How long the weights rest before a 5-a-side evaluation is rebuilt, ms. */
#define EVALUATION_REST_MS 200

/* The game's board size (the settings' before a game is set). */
static LhGeometry
game_geometry (LhWindow *self)
{
  return self->model != NULL ? lh_game_model_get_geometry (self->model) : lh_window_settings_geometry (self);
}

/* The words of the breakdown and the heat map, after the evaluation's unit. */
static void
update_group_description (LhWindow *self)
{
  gboolean points;

  if (self->evaluation == NULL || self->breakdown_group == NULL)
    return;
  points = lh_evaluator_counts_points (lh_owned_evaluator_get_evaluator (self->evaluation));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->breakdown_group),
                                         points ? _("What each shape of the network adds now, and how each move changes it")
                                                : _("What each term adds now, and how each move changes it"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->heat_map_row),
                               points ? _("What the network values on each cell")
                                      : _("Per-cell terms: snake and corner gradient"));
}

/* The evaluation the views show: the network in use, or the heuristic of
 * the panel; the breakdown's and the heat map's words follow its unit. */
static void
update_evaluation (LhWindow *self)
{
  LhNtuple *network = lh_evaluator_choice_get_network (self->evaluator_choice);
  LhGeometry geometry = game_geometry (self);
  LhOwnedEvaluator *evaluation = NULL;

  g_clear_handle_id (&self->evaluation_source, g_source_remove);
  g_clear_pointer (&self->evaluation, lh_owned_evaluator_unref);
  if (network != NULL)
    evaluation = lh_owned_evaluator_new_network (network, geometry, NULL);
  if (evaluation == NULL)
    {
      LhHeuristicParams params;

      lh_heuristic_panel_get_params (self->heuristic_panel, &params);
      evaluation = lh_owned_evaluator_new_heuristic (&params, geometry);
    }
  self->evaluation = evaluation;

  update_group_description (self);
}

void
lh_window_update_breakdown (LhWindow *self)
{
  LhGameModel *model;

  g_return_if_fail (LH_IS_WINDOW (self));

  if (self->breakdown_view == NULL || self->model == NULL)
    return;
  model = lh_window_get_shown_model (self);
  /* A new game of another size: the network is checked against it. */
  lh_evaluator_choice_set_geometry (self->evaluator_choice, lh_game_model_get_geometry (model));
  if (self->evaluation == NULL
      || !lh_geometry_equal (lh_evaluator_get_geometry (lh_owned_evaluator_get_evaluator (self->evaluation)),
                             lh_game_model_get_geometry (model)))
    update_evaluation (self);
  lh_breakdown_view_set_position (self->breakdown_view, self->evaluation,
                                  lh_game_model_get_wide_board (model), lh_game_model_get_rules (model));
  lh_board_view_show_cell_values (self->board_view,
                                  gtk_switch_get_active (self->heat_map_switch) ? self->evaluation : NULL);
}

/* A weight moved, a preset was chosen or reset: the searches use the new
 * heuristic, the breakdown follows at once, and the position is analysed
 * again once the changes rest. */
static gboolean
evaluation_rested_cb (gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->evaluation_source = 0;
  update_evaluation (self);
  lh_window_update_breakdown (self);
  return G_SOURCE_REMOVE;
}

static void
heuristic_changed_cb (LhHeuristicPanel *panel, LhWindow *self)
{
  LhHeuristicParams params;

  lh_heuristic_panel_get_params (panel, &params);
  lh_analysis_set_heuristic (self->analysis, &params, TRUE);
  if (lh_evaluator_choice_get_network (self->evaluator_choice) != NULL)
    return;
  /* A heuristic of 5 cells a side builds tables of 16^5 entries, 30 ms
   * (Balanced) to 0.3 s (with per-cell terms, bench-wide): rebuilt once a
   * dragged weight rests, so the slider keeps up; 4x4's (2 ms) at once. */
  if (!lh_geometry_is_valid (game_geometry (self)))
    {
      g_clear_handle_id (&self->evaluation_source, g_source_remove);
      self->evaluation_source = g_timeout_add (EVALUATION_REST_MS, evaluation_rested_cb, self);
      return;
    }
  update_evaluation (self);
  lh_window_update_breakdown (self);
}

/* The network in use changed (loaded, failed, chosen, another board size):
 * the searches and the views follow. */
static void
choice_changed_cb (LhEvaluatorChoice *choice, LhWindow *self)
{
  LhNtuple *network = lh_evaluator_choice_get_network (choice);

  lh_analysis_set_evaluator (self->analysis,
                             network != NULL ? LH_EVALUATOR_NTUPLE : LH_EVALUATOR_HEURISTIC,
                             network, TRUE);
  update_evaluation (self);
  lh_window_update_breakdown (self);
}

static void
choice_message_cb (LhEvaluatorChoice *choice, const char *text, LhWindow *self)
{
  lh_window_show_toast (self, text);
}

static void
learned_cb (LhEvaluatorGroup *group, GParamSpec *pspec, LhWindow *self)
{
  lh_heuristic_panel_set_learned (self->heuristic_panel, lh_evaluator_group_get_learned (group));
}

static void
heat_map_switch_cb (GtkSwitch *sw, GParamSpec *pspec, LhWindow *self)
{
  lh_window_update_breakdown (self);
}

/* The "Breakdown" group of the heuristic panel: the heat-map switch (kept
 * in GSettings) and the table of the terms. */
static void
setup_breakdown (LhWindow *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();
  GtkWidget *view = lh_breakdown_view_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Breakdown"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Show _Heat Map on the Board"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  gtk_widget_set_name (row, "heat-map");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  gtk_widget_set_margin_top (view, 12);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), view);
  lh_heuristic_panel_add_extra_group (self->heuristic_panel, group);
  lh_heuristic_panel_set_cell_terms_row (self->heuristic_panel, row);

  self->breakdown_group = group;
  self->heat_map_row = row;
  self->breakdown_view = LH_BREAKDOWN_VIEW (view);
  self->heat_map_switch = GTK_SWITCH (sw);
  g_settings_bind (self->settings, "heat-map", sw, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect (sw, "notify::active", G_CALLBACK (heat_map_switch_cb), self);
}

/* The Train… dialog's Use: play with the network just saved (the settings
 * the Evaluation group shows; LhEvaluatorChoice loads it). */
void
lh_window_use_network (LhWindow *self, const char *path)
{
  g_autofree char *absolute = NULL;

  g_return_if_fail (LH_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  absolute = g_canonicalize_filename (path, NULL);
  g_settings_set_string (self->settings, "network-file", absolute);
  g_settings_set_string (self->settings, "evaluator", "ntuple");
}

void
lh_window_evaluation_init (LhWindow *self)
{
  LhHeuristicParams heuristic;
  GtkWidget *group;
  LhNtuple *network;

  lh_heuristic_panel_get_params (self->heuristic_panel, &heuristic);
  lh_analysis_set_heuristic (self->analysis, &heuristic, FALSE);
  self->evaluator_choice = lh_evaluator_choice_new (self->settings, lh_window_settings_geometry (self));
  network = lh_evaluator_choice_get_network (self->evaluator_choice);
  lh_analysis_set_evaluator (self->analysis, network != NULL ? LH_EVALUATOR_NTUPLE : LH_EVALUATOR_HEURISTIC,
                             network, FALSE);

  group = lh_evaluator_group_new (self->settings, self->evaluator_choice);
  lh_heuristic_panel_set_evaluation_group (self->heuristic_panel, group);
  g_signal_connect_object (group, "notify::learned", G_CALLBACK (learned_cb), self, 0);
  learned_cb (LH_EVALUATOR_GROUP (group), NULL, self);

  setup_breakdown (self);
  update_evaluation (self);
  g_signal_connect_object (self->heuristic_panel, "changed", G_CALLBACK (heuristic_changed_cb), self, 0);
  g_signal_connect_object (self->evaluator_choice, "changed", G_CALLBACK (choice_changed_cb), self, 0);
  g_signal_connect_object (self->evaluator_choice, "message", G_CALLBACK (choice_message_cb), self, 0);
}

void
lh_window_evaluation_dispose (LhWindow *self)
{
  if (self->evaluator_choice != NULL)
    g_signal_handlers_disconnect_by_data (self->evaluator_choice, self);
  g_clear_object (&self->evaluator_choice);
  g_clear_handle_id (&self->evaluation_source, g_source_remove);
  g_clear_pointer (&self->evaluation, lh_owned_evaluator_unref);
  self->breakdown_view = NULL;
}
