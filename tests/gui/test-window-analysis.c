/* test-window-analysis.c: the solver chooser and the analysis session of
 * the real Lookahead window (started as test-window does, lh_tw_start()):
 * the schema's defaults of the solver settings, Monte Carlo and MCTS hints
 * from the sidebar's choice, the settings a search reads, live analysis, an
 * analysis of an earlier position, the expected line.
 */
#include <gtk/gtk.h>
#include <string.h>

#include "lh-ai-panel.h"
#include "lh-format.h"
#include "lh-line-strip.h"
#include "lh-mcts.h"
#include "lh-move-chart.h"
#include "lh-playout.h"
#include "lh-solver-settings.h"
#include "lh-window.h"

#include "lh-gui-test-util.h"
#include "test-window-common.h"

/* The window under test, lh_tw_start ()'s. */
static LhWindow *window;

/* The schema's defaults of the solver settings are
 * lh_solver_params_init_default ()'s (GSettings cannot take them from code). */
static void
test_solver_schema_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GVariant) depth = NULL;
  g_autoptr(GVariant) adaptive = NULL;
  g_autoptr(GVariant) immediate = NULL;
  LhSolverParams p;

  lh_solver_params_init_default (&p);
  g_object_get (settings, "settings-schema", &schema, NULL);

  lh_tw_assert_default_string (schema, "solver", lh_solver_kind_to_string (p.kind));
  depth = lh_tw_schema_default (schema, "ai-depth");
  g_assert_cmpint (g_variant_get_int32 (depth), ==, (int) p.depth);
  adaptive = lh_tw_schema_default (schema, "ai-adaptive");
  g_assert_cmpint (g_variant_get_boolean (adaptive), ==, p.adaptive);
  lh_tw_assert_default_uint (schema, "solver-threads", p.threads);
  /* Expectimax uses every processor by default (0), the CLI one thread. */
  lh_tw_assert_default_uint (schema, "ai-threads", 0);
  g_assert_cmpuint (lh_solver_settings_get_threads (settings, LH_SOLVER_EXPECTIMAX), ==,
                    lh_solver_settings_max_threads ());
  g_assert_cmpuint (lh_solver_settings_get_threads (settings, LH_SOLVER_MCTS), ==, p.threads);
  lh_tw_assert_default_double (schema, "ai-cutoff", p.probability_cutoff);
  lh_tw_assert_default_uint (schema, "ai-time-budget", p.time_budget_ms);
  {
    g_autoptr(GVariant) min_depth = lh_tw_schema_default (schema, "ai-min-depth");
    g_assert_cmpint (g_variant_get_int32 (min_depth), ==, (int) p.min_depth);
  }

  lh_tw_assert_default_uint (schema, "mcts-iterations", p.mcts.iterations);
  lh_tw_assert_default_double (schema, "mcts-exploration", p.mcts.exploration);
  lh_tw_assert_default_string (schema, "mcts-final-move", lh_final_move_to_string (p.mcts.final_move));
  lh_tw_assert_default_string (schema, "mcts-policy", lh_playout_policy_to_string (p.mcts.playout.policy));
  lh_tw_assert_default_string (schema, "mcts-measure", lh_measure_to_string (p.mcts.playout.measure));

  lh_tw_assert_default_uint (schema, "montecarlo-playouts", p.monte_carlo.playouts);
  lh_tw_assert_default_uint (schema, "montecarlo-max-moves", p.monte_carlo.playout.max_moves);
  lh_tw_assert_default_double (schema, "montecarlo-discount", p.monte_carlo.playout.discount);
  lh_tw_assert_default_string (schema, "montecarlo-policy", lh_playout_policy_to_string (p.monte_carlo.playout.policy));
  lh_tw_assert_default_string (schema, "montecarlo-measure", lh_measure_to_string (p.monte_carlo.playout.measure));

  lh_tw_assert_default_uint (schema, "mdp-theta1", p.mdp.theta[0]);
  lh_tw_assert_default_uint (schema, "mdp-theta2", p.mdp.theta[1]);
  lh_tw_assert_default_uint (schema, "mdp-theta3", p.mdp.theta[2]);
  lh_tw_assert_default_uint (schema, "mdp-theta4", p.mdp.theta[3]);
  lh_tw_assert_default_double (schema, "mdp-theta5", p.mdp.theta5);
  lh_tw_assert_default_double (schema, "mdp-theta6", p.mdp.theta6);
  immediate = lh_tw_schema_default (schema, "mdp-immediate-reward");
  g_assert_cmpint (g_variant_get_boolean (immediate), ==, p.mdp.immediate_reward);
  lh_tw_assert_default_double (schema, "mdp-gamma", p.mdp.gamma);

  lh_tw_assert_default_uint (schema, "hybrid-empty-threshold", p.hybrid.empty_threshold);
  lh_tw_assert_default_uint (schema, "hybrid-playouts", p.hybrid.playouts);
}

static gboolean
row_visible (const char *key)
{
  GtkWidget *row = lh_ai_panel_get_setting_row (lh_window_get_ai_panel (window), key);

  g_assert_nonnull (row);
  return gtk_widget_get_visible (row);
}

static gboolean
inspector_has_record (gpointer data)
{
  return lh_inspector_pane_get_record (lh_window_get_inspector (window)) != NULL;
}

/* Choosing Monte Carlo in GSettings shows its rows only, and the next Hint
 * runs it: each legal move gets the set number of playouts. */
static void
test_solver_monte_carlo_hint (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhAiPanel *panel = lh_window_get_ai_panel (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *combo = lh_ai_panel_get_setting_row (panel, "solver");
  const LhSolverResult *result;
  guint64 playouts = 0;
  const char *status;

  g_settings_set_string (settings, "solver", "expectimax");
  lh_gui_test_iterate_for (50);
  g_assert_true (row_visible ("ai-threads"));
  g_assert_false (row_visible ("solver-threads"));
  g_settings_set_uint (settings, "montecarlo-playouts", 20);
  g_settings_set_string (settings, "solver", "montecarlo");
  lh_gui_test_iterate_for (50);
  g_assert_false (row_visible ("ai-threads"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)), ==, LH_SOLVER_MONTE_CARLO);
  g_assert_true (row_visible ("montecarlo-playouts"));
  g_assert_true (row_visible ("montecarlo-discount"));
  g_assert_true (row_visible ("solver-threads"));
  g_assert_false (row_visible ("ai-depth"));
  g_assert_false (row_visible ("mcts-iterations"));
  g_assert_false (row_visible ("mdp-theta1"));

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  lh_inspector_pane_set_record (pane, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 20000))
    g_error ("the Monte Carlo hint did not end");
  status = lh_analysis_get_status (lh_window_get_analysis (window));
  g_test_message ("status: %s", status);
  if (!lh_gui_test_iterate_until (inspector_has_record, NULL, 2000))
    g_error ("the Monte Carlo hint gave no record: %s", status);

  result = lh_search_record_get_result (lh_inspector_pane_get_record (pane));
  g_assert_cmpint (result->move, >=, 0);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpuint (result->visits[m], ==, result->legal[m] ? 20 : 0);
      playouts += result->visits[m];
    }
  g_assert_cmpuint (result->playouts, ==, playouts);
  g_assert_nonnull (strstr (status, "playouts"));
  g_assert_null (strstr (status, "depth"));
  /* The scrubber counts playouts, not depths. */
  g_assert_nonnull (strstr (lh_inspector_pane_get_step_text (pane), " playouts · "));
  g_assert_null (strstr (lh_inspector_pane_get_step_text (pane), "Depth"));
  lh_tw_reset_solver_settings (settings);
  g_assert_true (row_visible ("ai-depth"));
  g_assert_false (row_visible ("montecarlo-playouts"));
}

/* No search runs and no re-analysis waits. */
static gboolean
reanalysed (gpointer data)
{
  return !lh_window_is_searching (window)
         && !lh_analysis_is_pending (lh_window_get_analysis (window));
}

/* Choosing MCTS in the combo stores it; the next Hint runs MCTS, whose
 * steps are iterations with a path, drawn highlighted with a legend;
 * changing a parameter during a search stops it. */
static void
test_solver_combo_mcts (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhAiPanel *panel = lh_window_get_ai_panel (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *combo = lh_ai_panel_get_setting_row (panel, "solver");
  g_autofree char *solver = NULL;
  LhSearchRecord *record;
  const LhSolverResult *result;
  LhSearchStep step;
  LhTreeView *view;
  guint n;

  g_settings_set_uint (settings, "mcts-iterations", 200);
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), LH_SOLVER_MCTS);
  lh_gui_test_iterate_for (50);
  solver = g_settings_get_string (settings, "solver");
  g_assert_cmpstr (solver, ==, "mcts");
  g_assert_true (row_visible ("mcts-iterations"));
  g_assert_true (row_visible ("mcts-exploration"));
  g_assert_false (row_visible ("montecarlo-playouts"));
  g_assert_false (row_visible ("ai-adaptive"));

  view = lh_tw_hint_and_wait_for_tree ();
  record = lh_inspector_pane_get_record (pane);
  g_assert_nonnull (record);
  result = lh_search_record_get_result (record);
  g_assert_cmpuint (result->iterations, ==, 200);
  g_assert_nonnull (strstr (lh_analysis_get_status (lh_window_get_analysis (window)), "iterations"));
  n = lh_search_record_get_n_steps (record);
  g_assert_cmpuint (n, >=, 1);
  lh_search_record_get_step (record, lh_inspector_pane_get_step (pane), &step);
  g_assert_cmpuint (step.iteration, >, 0);
  g_assert_true (g_str_has_prefix (lh_inspector_pane_get_step_text (pane), "Iteration "));
  g_assert_cmpuint (step.path_length, >=, 1);
  g_assert_cmpuint (step.path[0], ==, 0);
  g_assert_true (lh_inspector_pane_get_legend_visible (pane));
  for (guint i = 0; i < step.path_length; i++)
    g_assert_true (lh_tree_view_is_on_path (view, step.path[i]));
  /* Visits are drawn: the root holds every iteration. */
  g_assert_cmpuint (lh_search_tree_get_node (lh_tree_view_get_tree (view), 0)->visits, >, 1);

  /* A long search, then parameters change: the search stops at once and,
   * once the changes rest, the position is analysed with the new ones. */
  g_settings_set_uint (settings, "mcts-iterations", 100000000);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_true (lh_window_is_searching (window));
  lh_gui_test_iterate_for (100);
  g_assert_true (lh_window_is_searching (window));
  g_settings_set_double (settings, "mcts-exploration", 0.5);
  g_assert_false (lh_window_is_searching (window));
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_settings_set_uint (settings, "mcts-iterations", 300);
  g_assert_true (lh_gui_test_iterate_until (reanalysed, NULL, 20000));
  record = lh_inspector_pane_get_record (pane);
  g_assert_cmpuint (lh_search_record_get_result (record)->iterations, ==, 300);

  /* A hint asked for while a re-analysis waits takes its place. */
  g_settings_set_double (settings, "mcts-exploration", 0.7);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_false (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_assert_true (lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 20000));

  lh_tw_reset_solver_settings (settings);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)), ==, LH_SOLVER_EXPECTIMAX);
}

/* The search's parameters come from the settings the sidebar shows: the
 * time budget (shown for expectimax and the hybrid only) never caps MCTS
 * or Monte Carlo; the smallest adaptive depth stays within the depth;
 * every search key is one, the window's own keys are not. */
static void
test_solver_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicParams heuristic;
  LhSolverParams params;

  lh_heuristic_params_init_default (&heuristic);
  g_settings_set_uint (settings, "ai-time-budget", 700);
  g_settings_set_string (settings, "solver", "expectimax");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 700);
  g_assert_true (lh_solver_params_validate (&params, NULL));
  g_settings_set_string (settings, "solver", "hybrid");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 700);
  g_settings_set_string (settings, "solver", "mcts");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpint (params.kind, ==, LH_SOLVER_MCTS);
  g_assert_cmpuint (params.time_budget_ms, ==, 0);
  g_settings_set_string (settings, "solver", "montecarlo");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 0);

  g_settings_set_string (settings, "solver", "expectimax");
  g_settings_set_int (settings, "ai-depth", 2);
  g_settings_set_int (settings, "ai-min-depth", 4);
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.min_depth, ==, 2);
  g_assert_true (lh_solver_params_validate (&params, NULL));

  g_assert_true (lh_solver_settings_is_search_key ("mcts-iterations"));
  g_assert_true (lh_solver_settings_is_search_key ("ai-cutoff"));
  g_assert_true (lh_solver_settings_is_search_key ("solver"));
  g_assert_false (lh_solver_settings_is_search_key ("window-width"));
  g_assert_false (lh_solver_settings_is_search_key ("inspector-visible"));
  g_assert_false (lh_solver_settings_is_search_key ("live-analysis"));

  g_settings_reset (settings, "ai-time-budget");
  g_settings_reset (settings, "ai-depth");
  g_settings_reset (settings, "ai-min-depth");
  g_settings_reset (settings, "solver");
  lh_gui_test_iterate_for (300);
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
}

static char *
board_description (void)
{
  /* check_property returns the actual value when it differs from "". */
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (lh_window_get_board_view (window)),
                                             GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
}

/* Live analysis: every new position (a person's move, undo, a new game) is
 * analysed without asking; the values, the hint arrow and the board's
 * description follow. */
static void
test_live_analysis (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhGameModel *model = lh_window_get_model (window);
  g_autofree char *description = NULL;
  LhSearchRecord *record;
  LhBoard start;

  lh_analysis_set_live (analysis, TRUE);
  g_assert_true (lh_analysis_get_live (analysis));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("live analysis did not analyse the new game's position: %s", lh_analysis_get_status (analysis));
  record = lh_analysis_get_record (analysis);
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==,
                   lh_search_record_get_result (record)->move);
  description = board_description ();
  g_assert_nonnull (strstr (description, "The AI suggests"));
  g_clear_pointer (&description, g_free);

  /* A person's move: the next position is analysed by itself. */
  start = lh_game_model_get_board (model);
  lh_tw_press_and_check ("Down", LH_MOVE_DOWN);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("live analysis did not follow the move: %s", lh_analysis_get_status (analysis));
  g_assert_true (lh_analysis_get_record (analysis) != record);

  /* Undo too. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, start);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("live analysis did not follow the undo");

  /* A changed setting: analysed again with it. */
  record = lh_analysis_get_record (analysis);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
    int depth = g_settings_get_int (settings, "ai-depth");

    g_settings_set_int (settings, "ai-depth", depth == 2 ? 3 : 2);
    g_assert_true (lh_analysis_is_pending (analysis));
    if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
      g_error ("live analysis did not follow the depth");
    g_assert_true (lh_analysis_get_record (analysis) != record);
    g_assert_cmpuint (lh_search_record_get_result (lh_analysis_get_record (analysis))->depth, ==,
                      depth == 2 ? 3 : 2);
    g_settings_set_int (settings, "ai-depth", depth);
    lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000);
  }
  lh_analysis_set_live (analysis, FALSE);
  lh_analysis_stop (analysis, NULL);
}

/* Analysis off: after a move, the last analysis is of an earlier position
 * and every view says so: the values are dimmed and disabled, the board
 * has no arrow and its description no suggestion, the tree is marked, the
 * status says it. */
static void
test_stale_without_live (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *chart = GTK_WIDGET (lh_window_get_move_chart (window));
  g_autofree char *description = NULL;
  gboolean stale = FALSE;

  g_assert_false (lh_analysis_get_live (analysis));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), ==, 1.0);
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), !=, LH_MOVE_NONE);

  lh_tw_press_and_check ("Down", LH_MOVE_DOWN);
  lh_gui_test_iterate_for (300);
  g_assert_false (lh_analysis_is_searching (analysis));
  g_assert_nonnull (lh_analysis_get_record (analysis));
  g_assert_true (lh_analysis_get_stale (analysis));
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), <, 0.5);
  g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_STATE_DISABLED, TRUE));
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==, LH_MOVE_NONE);
  description = board_description ();
  g_assert_null (strstr (description, "The AI suggests"));
  g_object_get (pane, "stale", &stale, NULL);
  g_assert_true (stale);
  g_assert_nonnull (strstr (lh_analysis_get_status (analysis), "earlier position"));

  /* A hint makes it current again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  g_object_get (pane, "stale", &stale, NULL);
  g_assert_false (stale);
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), ==, 1.0);
}

/* The expected line beside the values: the best move's by default, the
 * chosen move's when one is picked in the chart, gone once the analysis is
 * of an earlier position. */
static void
test_expected_line (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  LhLineStrip *strip = LH_LINE_STRIP (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                     "line_strip"));
  const LhSolverResult *result;
  int other = LH_MOVE_NONE;

  g_assert_nonnull (strip);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  lh_gui_test_iterate_for (100);
  result = lh_search_record_get_result (lh_analysis_get_record (analysis));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (strip)));
  g_assert_cmpuint (lh_line_strip_get_n_steps (strip), >=, 2);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (result->move)));

  for (int m = 0; m < LH_N_MOVES && other == LH_MOVE_NONE; m++)
    if (result->legal[m] && m != result->move)
      other = m;
  g_assert_cmpint (other, !=, LH_MOVE_NONE);
  lh_move_chart_set_selected_move (chart, other);
  lh_gui_test_iterate_for (100);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (other)));
  lh_move_chart_set_selected_move (chart, LH_MOVE_NONE);
  lh_gui_test_iterate_for (100);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (result->move)));

  lh_tw_press_and_check ("Down", LH_MOVE_DOWN);
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_analysis_get_stale (analysis));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (strip)));
}

int
main (int argc, char *argv[])
{
  window = lh_tw_start (&argc, &argv, NULL);
  g_test_add_func ("/gui/window/solver-schema-defaults", test_solver_schema_defaults);
  g_test_add_func ("/gui/window/solver-monte-carlo-hint", test_solver_monte_carlo_hint);
  g_test_add_func ("/gui/window/solver-combo-mcts", test_solver_combo_mcts);
  g_test_add_func ("/gui/window/live-analysis", test_live_analysis);
  g_test_add_func ("/gui/window/stale-without-live", test_stale_without_live);
  g_test_add_func ("/gui/window/expected-line", test_expected_line);
  g_test_add_func ("/gui/window/solver-settings", test_solver_settings);
  return lh_tw_run ();
}
