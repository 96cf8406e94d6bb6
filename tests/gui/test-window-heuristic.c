/* test-window-heuristic.c: the heuristic panel of the real Lookahead window
 * (started as test-window does, lh_tw_start()): the schema's defaults, a
 * weight's row, the re-analysis after a slider moves, the built-in and
 * user presets, the breakdown and the heat map, settings out of range.
 */
#include <gtk/gtk.h>
#include <string.h>

#include "lh-breakdown-view.h"
#include "lh-heuristic-panel.h"
#include "lh-move-chart.h"
#include "lh-param-row.h"
#include "lh-preset.h"
#include "lh-window.h"

#include "lh-gui-test-util.h"
#include "test-window-common.h"

/* The window under test, lh_tw_start ()'s. */
static LhWindow *window;

static LhHeuristicPanel *
heuristic_panel (void)
{
  GtkWidget *panel = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_HEURISTIC_PANEL);

  g_assert_nonnull (panel);
  return LH_HEURISTIC_PANEL (panel);
}

static LhParamRow *
param_row (const char *key)
{
  GtkWidget *row = lh_heuristic_panel_get_row (heuristic_panel (), key);

  g_assert_nonnull (row);
  return LH_PARAM_ROW (row);
}

/* "heuristic-empty-weight" for "empty_weight" */
static char *
heuristic_key (const LhHeuristicParamInfo *info)
{
  char *key = g_strconcat ("heuristic-", info->key, NULL);

  g_strdelimit (key, "_", '-');
  return key;
}

/* Puts the window's panel back on Balanced, every value the preset's. */
static void
reset_heuristic (void)
{
  g_assert_true (lh_heuristic_panel_select_preset (heuristic_panel (), "balanced"));
  lh_heuristic_panel_reset (heuristic_panel ());
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
  lh_gui_test_iterate_for (50);
}

/* The schema's defaults of every heuristic parameter (the registry's keys)
 * are lh_heuristic_params_init_default ()'s, and the preset is Balanced. */
static void
test_heuristic_schema_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autoptr(GSettingsSchema) schema = NULL;
  const LhHeuristicParamInfo *infos;
  LhHeuristicParams defaults;
  guint n = 0;

  g_object_get (settings, "settings-schema", &schema, NULL);
  lh_heuristic_params_init_default (&defaults);
  infos = lh_heuristic_param_list (&n);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = heuristic_key (&infos[i]);
      lh_tw_assert_default_double (schema, key, lh_heuristic_params_get (&defaults, &infos[i]));
    }
  lh_tw_assert_default_string (schema, "preset", "balanced");
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* The slider and the entry of a row: a value beyond the slider's range
 * pins it at its end; the slider's moves set the value. */
static void
test_param_row (void)
{
  GtkWidget *row = g_object_ref_sink (lh_param_row_new ("Weight", "What it measures",
                                                        0, 1000, 0, 100, 1, 1));
  GtkRange *scale = GTK_RANGE (lh_param_row_get_scale (LH_PARAM_ROW (row)));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (lh_param_row_get_spin_button (LH_PARAM_ROW (row)));
  guint notified = 0;

  g_signal_connect (row, "notify::value", G_CALLBACK (count_notify), &notified);

  lh_param_row_set_value (LH_PARAM_ROW (row), 50);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 50);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 50);

  lh_param_row_set_value (LH_PARAM_ROW (row), 700);
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 700);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 100);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 700);

  gtk_range_set_value (scale, 20);
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 20);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 20);

  gtk_spin_button_set_value (spin, 5000);  /* beyond the valid range */
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 1000);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 100);
  /* Each change notified once; setting the same value again does not. */
  g_assert_cmpuint (notified, ==, 4);
  lh_param_row_set_value (LH_PARAM_ROW (row), 1000);
  g_assert_cmpuint (notified, ==, 4);
  g_object_unref (row);
}

typedef struct {
  char text[LH_N_MOVES][64];
} MoveTexts;

static MoveTexts
move_texts (void)
{
  MoveTexts texts;

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value;

      if (lh_move_chart_get_value (lh_window_get_move_chart (window), m, &value))
        g_snprintf (texts.text[m], sizeof texts.text[m], "%.9g", value);
      else
        g_strlcpy (texts.text[m], "—", sizeof texts.text[m]);
    }
  return texts;
}

static gboolean
move_texts_differ (gpointer data)
{
  const MoveTexts *before = data;
  MoveTexts now = move_texts ();

  if (lh_window_is_searching (window) || lh_analysis_is_pending (lh_window_get_analysis (window)))
    return FALSE;
  return memcmp (&now, before, sizeof now) != 0;
}

/* Moving a weight re-analyses the position once the changes rest: the move
 * values shown and the inspector's search change, with no Hint asked. */
static void
test_heuristic_slider_reanalyses (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhParamRow *row = param_row ("empty_weight");
  GtkRange *scale = GTK_RANGE (lh_param_row_get_scale (row));
  LhSearchRecord *before_record;
  LhHeuristicParams used;
  MoveTexts before;

  reset_heuristic ();
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 10000))
    g_error ("the hint search did not end");
  before = move_texts ();
  g_assert_cmpstr (before.text[LH_MOVE_UP], !=, "—");
  before_record = lh_inspector_pane_get_record (pane);
  g_assert_nonnull (before_record);
  lh_search_record_ref (before_record);

  /* A drag: many values in a row, one analysis after the last. */
  gtk_range_set_value (scale, 200);
  gtk_range_set_value (scale, 100);
  g_assert_cmpfloat (lh_param_row_get_value (row), ==, 100);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  if (!lh_gui_test_iterate_until (move_texts_differ, &before, 20000))
    g_error ("the move values did not change after the weight moved: %s", lh_analysis_get_status (lh_window_get_analysis (window)));
  lh_analysis_get_heuristic (lh_window_get_analysis (window), &used);
  g_assert_cmpfloat (used.empty_weight, ==, 100);
  g_assert_true (lh_inspector_pane_get_record (pane) != before_record);
  g_assert_nonnull (lh_inspector_pane_get_record (pane));
  lh_search_record_unref (before_record);
  g_assert_true (lh_heuristic_panel_is_modified (heuristic_panel ()));
  reset_heuristic ();
}

/* Choosing Snake sets every slider to its values and keeps the choice;
 * Reset to preset brings them back after a change. */
static void
test_heuristic_preset_snake (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  AdwComboRow *chooser = ADW_COMBO_ROW (lh_gui_test_find_descendant (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW));
  const LhPreset *builtin;
  const LhPreset *snake = lh_preset_find_builtin ("snake");
  const LhHeuristicParamInfo *infos;
  g_autofree char *chosen = NULL;
  guint n_builtin = 0, n = 0, index = G_MAXUINT;
  LhHeuristicParams shown;

  g_assert_nonnull (snake);
  builtin = lh_preset_get_builtin (&n_builtin);
  for (guint i = 0; i < n_builtin; i++)
    if (g_strcmp0 (builtin[i].id, "snake") == 0)
      index = i;
  g_assert_cmpuint (index, <, n_builtin);
  reset_heuristic ();

  adw_combo_row_set_selected (chooser, index);
  lh_gui_test_iterate_for (50);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "snake");
  chosen = g_settings_get_string (settings, "preset");
  g_assert_cmpstr (chosen, ==, "snake");
  infos = lh_heuristic_param_list (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = heuristic_key (&infos[i]);
      double expected = lh_heuristic_params_get (&snake->heuristic, &infos[i]);

      g_assert_cmpfloat (lh_param_row_get_value (param_row (infos[i].key)), ==, expected);
      g_assert_cmpfloat (g_settings_get_double (settings, key), ==, expected);
    }
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (chooser), "modified"));

  lh_param_row_set_value (param_row ("snake_base"), snake->heuristic.snake_base + 1);
  lh_param_row_set_value (param_row ("merges_weight"), snake->heuristic.merges_weight + 50);
  g_assert_true (lh_heuristic_panel_is_modified (panel));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (chooser)), ==, "Modified");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "heuristic.reset", NULL));
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.snake_base, ==, snake->heuristic.snake_base);
  g_assert_cmpfloat (shown.merges_weight, ==, snake->heuristic.merges_weight);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  reset_heuristic ();
}

/* A user preset keeps its exact values (not the entries' digits), and a
 * rename through the panel's dialog keeps it chosen, unmodified. */
static void
test_heuristic_user_preset_exact_and_rename (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  LhHeuristicParams exact, shown;
  g_autoptr(LhPreset) preset = NULL;
  g_autofree char *data = NULL;
  const char *entries[2] = { NULL, NULL };
  GtkWindow *dialog;

  reset_heuristic ();
  lh_heuristic_params_init_default (&exact);
  exact.empty_weight = 1234.5678;
  exact.monotonicity_weight = 12.345;
  exact.snake_weight = 0.123456;
  exact.snake_base = 1.0005;
  preset = lh_preset_new ("Exact", &exact);
  data = lh_preset_to_data (preset);
  entries[0] = data;
  g_settings_set_strv (settings, "user-presets", entries);
  lh_gui_test_iterate_for (50);

  g_assert_true (lh_heuristic_panel_select_preset (panel, "user:Exact"));
  lh_gui_test_iterate_for (50);
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.empty_weight, ==, 1234.5678);
  g_assert_cmpfloat (shown.monotonicity_weight, ==, 12.345);
  g_assert_cmpfloat (shown.snake_weight, ==, 0.123456);
  g_assert_cmpfloat (shown.snake_base, ==, 1.0005);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  /* Selecting the chosen preset again by its own key is harmless. */
  g_assert_true (lh_heuristic_panel_select_preset (panel, lh_heuristic_panel_get_preset_key (panel)));
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "user:Exact");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "heuristic.rename", NULL));
  lh_gui_test_iterate_for (50);
  dialog = lh_gui_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (lh_gui_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_ENTRY)),
                         "Exact renamed");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "ok");
  gtk_window_close (dialog);
  lh_gui_test_iterate_for (50);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "user:Exact renamed");
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.empty_weight, ==, 1234.5678);

  g_settings_reset (settings, "user-presets");
  lh_gui_test_iterate_for (50);
  reset_heuristic ();
}

static gboolean
chart_chose (gpointer data)
{
  LhMoveChart *chart = LH_MOVE_CHART (lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_MOVE_CHART));

  if (lh_window_is_searching (window) || lh_analysis_is_pending (lh_window_get_analysis (window)))
    return FALSE;
  return lh_move_chart_get_chosen (chart) == GPOINTER_TO_INT (data);
}

/* A board on which two presets choose different moves (test-preset's, at
 * the window's depth 3 as well): Balanced moves left; choosing Snake in the
 * chooser re-analyses, and the chart then marks up. */
static void
test_heuristic_presets_choose_differently (void)
{
  LhHeuristicPanel *panel = heuristic_panel ();
  AdwComboRow *chooser = ADW_COMBO_ROW (lh_gui_test_find_descendant (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW));
  guint n_builtin = 0, snake = G_MAXUINT;
  const LhPreset *builtin = lh_preset_get_builtin (&n_builtin);

  for (guint i = 0; i < n_builtin; i++)
    if (g_strcmp0 (builtin[i].id, "snake") == 0)
      snake = i;
  g_assert_cmpuint (snake, <, n_builtin);
  reset_heuristic ();
  lh_gui_test_set_position (window, "32 0 0 0/64 8 0 0/2 16 2 2/4 4 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (chart_chose, GINT_TO_POINTER (LH_MOVE_LEFT), 20000))
    g_error ("Balanced's hint did not choose left: %s", lh_analysis_get_status (lh_window_get_analysis (window)));

  adw_combo_row_set_selected (chooser, snake);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  if (!lh_gui_test_iterate_until (chart_chose, GINT_TO_POINTER (LH_MOVE_UP), 20000))
    g_error ("after choosing Snake the chart did not mark up: %s",
             lh_analysis_get_status (lh_window_get_analysis (window)));
  reset_heuristic ();
}

/* The breakdown in the panel follows the board and the heuristic; the
 * heat-map switch shows the per-cell terms on the board. */
static void
test_heuristic_breakdown_heat_map (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  LhBreakdownView *view = LH_BREAKDOWN_VIEW (lh_gui_test_find_descendant (GTK_WIDGET (panel), LH_TYPE_BREAKDOWN_VIEW));
  LhBoardView *board_view = lh_window_get_board_view (window);
  double before = 0, after = 0;

  g_assert_nonnull (view);
  reset_heuristic ();
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, LH_TERM_EMPTY, &before));
  lh_param_row_set_value (param_row ("empty_weight"), 2 * lh_param_row_get_value (param_row ("empty_weight")));
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, LH_TERM_EMPTY, &after));
  g_assert_cmpfloat (after, ==, 2 * before);

  /* Balanced has no per-cell term: no heat map even when asked for. */
  g_settings_set_boolean (settings, "heat-map", TRUE);
  g_assert_false (lh_board_view_get_heat_map (board_view, NULL));
  g_assert_true (lh_heuristic_panel_select_preset (panel, "snake"));
  g_assert_true (lh_board_view_get_heat_map (board_view, NULL));
  g_settings_set_boolean (settings, "heat-map", FALSE);
  g_assert_false (lh_board_view_get_heat_map (board_view, NULL));
  reset_heuristic ();
}

/* Values read from GSettings out of their range take the chosen preset's;
 * an unknown preset is Balanced. */
static void
test_heuristic_settings_fallback (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  const LhPreset *snake = lh_preset_find_builtin ("snake");
  LhHeuristicParams params, defaults;
  GtkWidget *panel;

  g_settings_set_string (settings, "preset", "snake");
  g_settings_set_double (settings, "heuristic-snake-base", 0.5);      /* must be > 1 */
  g_settings_set_double (settings, "heuristic-sum-power", 100);       /* at most 8 */
  g_settings_set_double (settings, "heuristic-merges-weight", 123);   /* valid: kept */
  panel = g_object_ref_sink (lh_heuristic_panel_new ());
  lh_heuristic_panel_get_params (LH_HEURISTIC_PANEL (panel), &params);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (LH_HEURISTIC_PANEL (panel)), ==, "snake");
  g_assert_cmpfloat (params.snake_base, ==, snake->heuristic.snake_base);
  g_assert_cmpfloat (params.sum_power, ==, snake->heuristic.sum_power);
  g_assert_cmpfloat (params.merges_weight, ==, 123);
  g_assert_cmpfloat (g_settings_get_double (settings, "heuristic-snake-base"), ==, snake->heuristic.snake_base);
  g_object_unref (panel);

  lh_heuristic_params_init_default (&defaults);
  g_settings_set_string (settings, "preset", "user:No Such Preset");
  g_settings_set_double (settings, "heuristic-sum-power", -1);
  panel = g_object_ref_sink (lh_heuristic_panel_new ());
  lh_heuristic_panel_get_params (LH_HEURISTIC_PANEL (panel), &params);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (LH_HEURISTIC_PANEL (panel)), ==, "balanced");
  g_assert_cmpfloat (params.sum_power, ==, defaults.sum_power);
  g_object_unref (panel);

  reset_heuristic ();
}

int
main (int argc, char *argv[])
{
  window = lh_tw_start (&argc, &argv, NULL);
  g_test_add_func ("/gui/window/heuristic-schema-defaults", test_heuristic_schema_defaults);
  g_test_add_func ("/gui/window/param-row", test_param_row);
  g_test_add_func ("/gui/window/heuristic-slider-reanalyses", test_heuristic_slider_reanalyses);
  g_test_add_func ("/gui/window/heuristic-preset-snake", test_heuristic_preset_snake);
  g_test_add_func ("/gui/window/heuristic-settings-fallback", test_heuristic_settings_fallback);
  g_test_add_func ("/gui/window/heuristic-presets-choose-differently", test_heuristic_presets_choose_differently);
  g_test_add_func ("/gui/window/heuristic-user-preset-exact-and-rename", test_heuristic_user_preset_exact_and_rename);
  g_test_add_func ("/gui/window/heuristic-breakdown-heat-map", test_heuristic_breakdown_heat_map);
  return lh_tw_run ();
}
