/* test-heuristic-panel.c: the heuristic panel on its own.  Choosing another
 * preset while the weights are changed asks first (Save as New Preset… /
 * Discard / Cancel) instead of dropping them; an unchanged panel switches at
 * once.  The heat-map row is offered only with a per-cell term. */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-gui-test-util.h"

#include "lh-heuristic-panel.h"
#include "lh-param-row.h"
#include "lh-preset.h"

static GtkWidget *window;
static LhHeuristicPanel *panel;
static AdwComboRow *chooser;


/* Answers the dialog shown with @response, as a click does. */
static void
answer (AdwMessageDialog *dialog, const char *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  lh_gui_test_iterate_for (20);
}

static guint
builtin_index (const char *id)
{
  guint n = 0;
  const LhPreset *builtin = lh_preset_get_builtin (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (builtin[i].id, id) == 0)
      return i;
  g_assert_not_reached ();
}

static LhParamRow *
row_of (const char *key)
{
  return LH_PARAM_ROW (lh_heuristic_panel_get_row (panel, key));
}

static void
start_modified (void)
{
  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
  lh_param_row_set_value (row_of ("empty_weight"), 1234);
  g_assert_true (lh_heuristic_panel_is_modified (panel));
}

/* Cancel: the chooser, the preset and the weights stay as they were. */
static void
test_cancel_keeps_everything (void)
{
  start_modified ();
  adw_combo_row_set_selected (chooser, builtin_index ("snake"));
  lh_gui_test_iterate_for (20);
  g_assert_nonnull (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()));
  /* Asked, not switched: nothing changed yet. */
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "balanced");
  g_assert_cmpuint (adw_combo_row_get_selected (chooser), ==, builtin_index ("balanced"));
  g_assert_cmpfloat (lh_param_row_get_value (row_of ("empty_weight")), ==, 1234);

  answer (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()), "cancel");
  g_assert_null (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()));
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "balanced");
  g_assert_cmpuint (adw_combo_row_get_selected (chooser), ==, builtin_index ("balanced"));
  g_assert_cmpfloat (lh_param_row_get_value (row_of ("empty_weight")), ==, 1234);
  g_assert_true (lh_heuristic_panel_is_modified (panel));
}

/* Discard: the chosen preset with its own values. */
static void
test_discard_switches (void)
{
  const LhPreset *snake = lh_preset_find_builtin ("snake");

  start_modified ();
  adw_combo_row_set_selected (chooser, builtin_index ("snake"));
  lh_gui_test_iterate_for (20);
  answer (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()), "discard");
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "snake");
  g_assert_cmpuint (adw_combo_row_get_selected (chooser), ==, builtin_index ("snake"));
  g_assert_cmpfloat (lh_param_row_get_value (row_of ("empty_weight")), ==, snake->heuristic.empty_weight);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
}

/* Save as New Preset…: named in a second dialog, kept as a user preset,
 * then the chosen preset is shown; cancelling the name changes nothing. */
static void
test_save_then_switch (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicParams saved;
  AdwMessageDialog *name;

  start_modified ();
  adw_combo_row_set_selected (chooser, builtin_index ("snake"));
  lh_gui_test_iterate_for (20);
  answer (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()), "save");
  name = ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ());
  g_assert_nonnull (name);
  answer (name, "cancel");
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "balanced");
  g_assert_cmpfloat (lh_param_row_get_value (row_of ("empty_weight")), ==, 1234);

  adw_combo_row_set_selected (chooser, builtin_index ("snake"));
  lh_gui_test_iterate_for (20);
  answer (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()), "save");
  name = ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ());
  g_assert_nonnull (name);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (name)), "Mine");
  answer (name, "ok");
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "snake");
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  /* The changed weights are the new preset's. */
  g_assert_true (lh_heuristic_panel_select_preset (panel, "user:Mine"));
  lh_heuristic_panel_get_params (panel, &saved);
  g_assert_cmpfloat (saved.empty_weight, ==, 1234);
  g_settings_reset (settings, "user-presets");
  lh_gui_test_iterate_for (20);
}

/* Unchanged weights: the chooser switches at once. */
static void
test_unmodified_switches_at_once (void)
{
  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  adw_combo_row_set_selected (chooser, builtin_index ("snake"));
  lh_gui_test_iterate_for (20);
  g_assert_null (ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ()));
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "snake");
}

/* The heat-map row: insensitive, with the reason as its tooltip, while no
 * per-cell term is weighted (Balanced); usable on Snake. */
static void
test_cell_terms_row (void)
{
  GtkWidget *row = g_object_ref_sink (adw_action_row_new ());
  const char *reason = "This preset has no per-cell term (snake or corner gradient)";

  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
  lh_heuristic_panel_set_cell_terms_row (panel, row);
  g_assert_false (gtk_widget_get_sensitive (row));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, reason);

  g_assert_true (lh_heuristic_panel_select_preset (panel, "snake"));
  g_assert_true (gtk_widget_get_sensitive (row));
  g_assert_null (gtk_widget_get_tooltip_text (row));

  /* A weight moved to 0 by hand counts as well. */
  lh_param_row_set_value (row_of ("snake_weight"), 0);
  lh_param_row_set_value (row_of ("gradient_weight"), 0);
  g_assert_false (gtk_widget_get_sensitive (row));
  lh_param_row_set_value (row_of ("gradient_weight"), 1);
  g_assert_true (gtk_widget_get_sensitive (row));

  /* Forgotten when it goes. */
  g_object_unref (row);
  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
}

static AdwComboRow *
find_combo_row (GtkWidget *widget)
{
  if (ADW_IS_COMBO_ROW (widget))
    return ADW_COMBO_ROW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = find_combo_row (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

int
main (int argc, char *argv[])
{
  int status;

  lh_gui_test_init (&argc, &argv);

  window = gtk_window_new ();
  panel = LH_HEURISTIC_PANEL (lh_heuristic_panel_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  gtk_window_present (GTK_WINDOW (window));
  chooser = find_combo_row (GTK_WIDGET (panel));
  g_assert_nonnull (chooser);
  lh_gui_test_iterate_for (50);

  g_test_add_func ("/preset-switch/cancel-keeps-everything", test_cancel_keeps_everything);
  g_test_add_func ("/preset-switch/discard-switches", test_discard_switches);
  g_test_add_func ("/preset-switch/save-then-switch", test_save_then_switch);
  g_test_add_func ("/preset-switch/unmodified-switches-at-once", test_unmodified_switches_at_once);
  g_test_add_func ("/heuristic-panel/cell-terms-row", test_cell_terms_row);
  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return status;
}
