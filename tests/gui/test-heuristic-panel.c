/* test-heuristic-panel.c: the heuristic panel on its own.  Choosing another
 * preset while the weights are changed asks first (Save as New Preset… /
 * Discard / Cancel) instead of dropping them; an unchanged panel switches at
 * once.  The heat-map row is offered only with a per-cell term.  The mouse
 * wheel over a weight's slider scrolls the page and leaves the weight,
 * unless the slider has the focus (real wheel events, xdotool). */
#include <gtk/gtk.h>
#include <adwaita.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

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

/* Enter in Save as New Preset saves, switches to the new preset and closes
 * the dialog: a second Save does not meet "already exists". */
static void
test_save_as_enter (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  AdwMessageDialog *name;
  GtkWidget *entry;

  start_modified ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "heuristic.save-as", NULL));
  lh_gui_test_iterate_for (50);
  name = ADW_MESSAGE_DIALOG (lh_gui_test_find_message_dialog ());
  g_assert_nonnull (name);
  entry = adw_message_dialog_get_extra_child (name);
  gtk_editable_set_text (GTK_EDITABLE (entry), "By Enter");
  g_signal_emit_by_name (entry, "activate");
  lh_gui_test_iterate_for (100);
  g_assert_null (lh_gui_test_find_message_dialog ());
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "user:By Enter");
  g_assert_false (lh_heuristic_panel_is_modified (panel));
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

/* Moves the real pointer over the middle of @widget. */
static gboolean
point_at (GtkWidget *widget)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t in = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                             gtk_widget_get_height (widget) / 2.0), out;
  double sx = 0, sy = 0;
  char xid[32], xs[32], ys[32];

  if (!GDK_IS_X11_SURFACE (surface))
    return FALSE;
  g_assert_true (gtk_widget_compute_point (widget, window, &in, &out));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (xid, sizeof xid, "%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  g_snprintf (xs, sizeof xs, "%d", (int) (out.x + sx));
  g_snprintf (ys, sizeof ys, "%d", (int) (out.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", xid, xs, ys, NULL });
  lh_gui_test_iterate_for (100);
  return TRUE;
#else
  return FALSE;
#endif
}

static void
wheel (const char *button, guint notches)
{
  for (guint i = 0; i < notches; i++)
    {
      lh_gui_test_xdotool ((const char *[]) { "click", button, NULL });
      lh_gui_test_iterate_for (50);
    }
  lh_gui_test_iterate_for (200);
}

/* The wheel over a slider without the focus scrolls the page; the weight
 * stays.  With the focus, the wheel moves the slider, as in GTK. */
static void
test_wheel_scrolls_the_page (void)
{
  GtkWidget *scrolled = lh_gui_test_find_descendant (GTK_WIDGET (panel), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  LhParamRow *row = row_of ("empty_weight");
  GtkWidget *scale = lh_param_row_get_scale (row);
  double value, top;

  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
  lh_gui_test_iterate_for (50);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >, gtk_adjustment_get_page_size (vadjustment));
  gtk_adjustment_set_value (vadjustment, 0);
  gtk_widget_grab_focus (GTK_WIDGET (chooser));
  lh_gui_test_iterate_for (100);
  value = lh_param_row_get_value (row);
  if (!point_at (scale))
    {
      g_test_skip ("needs an X11 display");
      return;
    }
  top = gtk_adjustment_get_value (vadjustment);
  wheel ("5", 3);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), >, top);
  g_assert_cmpfloat (lh_param_row_get_value (row), ==, value);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  /* The number field beside it likewise. */
  gtk_adjustment_set_value (vadjustment, 0);
  lh_gui_test_iterate_for (100);
  g_assert_true (point_at (lh_param_row_get_spin_button (row)));
  wheel ("5", 2);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), >, 0);
  g_assert_cmpfloat (lh_param_row_get_value (row), ==, value);

  /* Focused, the slider takes the wheel. */
  gtk_adjustment_set_value (vadjustment, 0);
  lh_gui_test_iterate_for (100);
  gtk_widget_grab_focus (scale);
  g_assert_true (point_at (scale));
  wheel ("4", 2);
  g_assert_cmpfloat (lh_param_row_get_value (row), !=, value);
  g_assert_true (lh_heuristic_panel_is_modified (panel));
  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
}

int
main (int argc, char *argv[])
{
  int status;

  lh_gui_test_init (&argc, &argv);

  window = gtk_window_new ();
  panel = LH_HEURISTIC_PANEL (lh_heuristic_panel_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  /* Short enough that the page scrolls (the wheel's test). */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 480);
  gtk_window_present (GTK_WINDOW (window));
  chooser = find_combo_row (GTK_WIDGET (panel));
  g_assert_nonnull (chooser);
  lh_gui_test_iterate_for (50);

  g_test_add_func ("/preset-switch/cancel-keeps-everything", test_cancel_keeps_everything);
  g_test_add_func ("/preset-switch/discard-switches", test_discard_switches);
  g_test_add_func ("/preset-switch/save-then-switch", test_save_then_switch);
  g_test_add_func ("/heuristic-panel/save-as-enter", test_save_as_enter);
  g_test_add_func ("/preset-switch/unmodified-switches-at-once", test_unmodified_switches_at_once);
  g_test_add_func ("/heuristic-panel/cell-terms-row", test_cell_terms_row);
  g_test_add_func ("/heuristic-panel/wheel-scrolls-the-page", test_wheel_scrolls_the_page);
  status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  return status;
}
