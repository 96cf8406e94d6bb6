/* test-window-common.c: the window and the helpers the window test
 * programs share (see test-window-common.h). */
#include "test-window-common.h"

#include <adwaita.h>

#include "lh-application.h"
#include "lh-board-view.h"
#include "lh-game.h"
#include "lh-gui-test-util.h"
#include "lh-inspector-pane.h"
#include "lh-test-util.h"

static LhApplication *app;
static LhWindow *window;
static char *window_xid;
static char *data_home;

/* Mapped, focused and laid out: the first allocation gives the leaflet's
 * columns (the inspector among them) their places and maps them, a frame
 * or more after the window itself is mapped. */
static gboolean
window_ready (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window))
      && gtk_window_is_active (GTK_WINDOW (window))
      && gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))) > 0;
}

LhWindow *
lh_tw_start (int *argc, char ***argv, const char *save)
{
  /* Before GLib reads them: fresh folders (a small board's exact solution,
   * if a test plays one, is cached there, never in the user's cache), no
   * real settings. */
  data_home = lh_gui_test_fresh_dirs ("lookahead-gui-XXXXXX");
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  /* The test AT context: accessible properties can be read back, no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (g_getenv ("LOOKAHEAD_SEED") == NULL)
    g_setenv ("LOOKAHEAD_SEED", "42", TRUE);

  if (save != NULL)
    {
      g_autofree char *dir = g_build_filename (data_home, "lookahead", NULL);
      g_autofree char *path = g_build_filename (dir, "game.json", NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, save, -1, NULL));
    }

  lh_gui_test_init (argc, argv);

  /* Most tests check one search at a time: live analysis (on by default)
   * is switched on by the tests of it. */
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_assert_true (g_settings_get_boolean (settings, "live-analysis"));
    g_settings_set_boolean (settings, "live-analysis", FALSE);
    /* How to play, in the tree's place, is tested by /gui/window/welcome. */
    g_assert_true (g_settings_get_boolean (settings, "show-welcome"));
    g_settings_set_boolean (settings, "show-welcome", FALSE);
  }

  window = lh_gui_test_start_application (&app);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  window_xid = lh_gui_test_window_xid (GTK_WIDGET (window));
  if (window_xid == NULL)
    g_error ("the window tests need an X11 window (xdotool)");
  /* Without a window manager nobody gives the window the focus: take it. */
  lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", window_xid, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, "5", "5", NULL });
  if (!lh_gui_test_iterate_until (window_ready, NULL, 10000))
    g_error ("the window did not get the keyboard focus, or was not laid out");
  return window;
}

int
lh_tw_run (void)
{
  int status = g_test_run ();

  /* A case may have closed it (/gui/window/save-on-close). */
  if (window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
      gtk_window_destroy (GTK_WINDOW (window));
      window = NULL;
      lh_gui_test_iterate_for (100);
    }
  g_clear_object (&app);
  g_clear_pointer (&window_xid, g_free);
  lh_test_remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);
  return status;
}

const char *
lh_tw_window_xid (void)
{
  return window_xid;
}

const char *
lh_tw_data_home (void)
{
  return data_home;
}

gboolean
lh_tw_board_differs (gpointer data)
{
  const LhTwSnapshot *before = data;

  return lh_game_model_get_board (lh_window_get_model (window)) != before->board;
}

LhTwSnapshot
lh_tw_take (void)
{
  const LhGame *game = lh_game_model_get_game (lh_window_get_model (window));
  return (LhTwSnapshot) { lh_game_get_board (game), lh_game_get_n_moves (game) };
}

gboolean
lh_tw_not_searching (gpointer data)
{
  return !lh_window_is_searching (window);
}

void
lh_tw_assert_move_and_spawn (LhBoard before, LhBoard after, LhGeometry g, LhMove move)
{
  LhBoard afterstate = lh_board_move (before, g, move, NULL);
  LhBoard diff = afterstate ^ after;
  guint changed = 0;

  g_assert_cmpuint (afterstate, !=, before);
  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 4; c++)
      {
        if (lh_board_get_cell (diff, r, c) == 0)
          continue;
        changed++;
        g_assert_cmpuint (r, <, g.rows);
        g_assert_cmpuint (c, <, g.cols);
        g_assert_cmpuint (lh_board_get_cell (afterstate, r, c), ==, 0);
        g_assert_true (lh_board_get_cell (after, r, c) == 1 || lh_board_get_cell (after, r, c) == 2);
      }
  g_assert_cmpuint (changed, ==, 1);
}

void
lh_tw_press_and_check (const char *key, LhMove move)
{
  LhGameModel *model = lh_window_get_model (window);
  LhGeometry g = lh_game_model_get_geometry (model);
  LhTwSnapshot before = lh_tw_take ();
  guint64 score_before = lh_game_model_get_score (model);
  guint32 points = 0;
  LhBoard after;

  lh_board_move (before.board, g, move, &points);
  lh_gui_test_press (key);
  if (!lh_gui_test_iterate_until (lh_tw_board_differs, &before, 5000))
    g_error ("pressing %s (%s) did not change the board %016" G_GINT64_MODIFIER "x",
             key, lh_move_to_string (move), before.board);

  after = lh_game_model_get_board (model);
  lh_tw_assert_move_and_spawn (before.board, after, g, move);
  g_assert_cmpuint (lh_game_model_get_score (model), ==, score_before + points);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves + 1);
  /* The view shows the model's board (at the end of its animation). */
  g_assert_cmpuint (lh_board_view_get_board (lh_window_get_board_view (window)), ==, after);
}

void
lh_tw_focus_by_keyboard (GtkWidget *widget)
{
  lh_gui_test_press ("Tab");
  lh_gui_test_iterate_for (100);
  gtk_widget_grab_focus (widget);
}

static gboolean
width_is (gpointer data)
{
  /* The content: the window's own width includes its client-side frame. */
  return gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)))
         == GPOINTER_TO_INT (data);
}

static gboolean
width_about (gpointer data)
{
  int content = gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)));

  return content <= GPOINTER_TO_INT (data) && content >= GPOINTER_TO_INT (data) - 12;
}

/* The request is made again once the first one folded the window (its
 * smallest width is then smaller).  Without a window manager, GTK settles
 * up to 12 px under the width asked for once the window was folded. */
void
lh_tw_resize_window (int width, int height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  if (lh_gui_test_iterate_until (width_is, GINT_TO_POINTER (width), 1500))
    return;
  gtk_window_set_default_size (GTK_WINDOW (window), width - 1, height);
  lh_gui_test_iterate_for (50);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  if (!lh_gui_test_iterate_until (width_about, GINT_TO_POINTER (width), 3000))
    {
      GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (window)));
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
      GdkRectangle screen = { 0 };

      if (monitor != NULL)
        gdk_monitor_get_geometry (monitor, &screen);
      g_error ("the window's content is %d px wide, not %d (window %d; the screen is %dx%d, "
               "the window tests need 2600x1440: meson test gives it one, tests/gui/with-display.py)",
               gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))),
               width, gtk_widget_get_width (GTK_WIDGET (window)), screen.width, screen.height);
    }
}

gboolean
lh_tw_widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

gboolean
lh_tw_analysis_current (gpointer data)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhSearchRecord *record = lh_analysis_get_record (analysis);

  return record != NULL && !lh_analysis_get_stale (analysis) && !lh_analysis_is_searching (analysis)
      && !lh_analysis_is_pending (analysis)
      && lh_search_record_get_board (record) == lh_game_model_get_board (lh_window_get_model (window));
}

gboolean
lh_tw_inspector_has_tree (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));

  return lh_tree_view_get_tree (view) != NULL && !lh_tree_view_is_laying_out (view)
      && gtk_widget_get_mapped (GTK_WIDGET (view));
}

LhTreeView *
lh_tw_hint_and_wait_for_tree (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_assert_null (lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 10000))
    g_error ("the hint search did not end");
  if (!lh_gui_test_iterate_until (lh_tw_inspector_has_tree, NULL, 10000))
    g_error ("the inspector shows no tree after a hint");
  lh_gui_test_iterate_for (100);
  return lh_inspector_pane_get_tree_view (pane);
}

void
lh_tw_root_point (GtkWidget *widget, double x, double y, char out_x[32], char out_y[32])
{
  graphene_point_t p;
  double sx = 0, sy = 0;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (out_x, 32, "%d", (int) (p.x + sx));
  g_snprintf (out_y, 32, "%d", (int) (p.y + sy));
}

void
lh_tw_pointer_to (GtkWidget *widget, double x, double y)
{
  char rx[32], ry[32];

  lh_tw_root_point (widget, x, y, rx, ry);
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), rx, ry, NULL });
  lh_gui_test_iterate_for (50);
}

void
lh_tw_click_widget (GtkWidget *widget)
{
  lh_tw_pointer_to (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "click", "1", NULL });
  lh_gui_test_iterate_for (100);
}

GVariant *
lh_tw_schema_default (GSettingsSchema *schema, const char *key)
{
  g_autoptr(GSettingsSchemaKey) k = g_settings_schema_get_key (schema, key);

  return g_settings_schema_key_get_default_value (k);
}

void
lh_tw_assert_default_string (GSettingsSchema *schema, const char *key, const char *expected)
{
  g_autoptr(GVariant) v = lh_tw_schema_default (schema, key);

  g_test_message ("%s: schema '%s', code '%s'", key, g_variant_get_string (v, NULL), expected);
  g_assert_cmpstr (g_variant_get_string (v, NULL), ==, expected);
}

void
lh_tw_assert_default_uint (GSettingsSchema *schema, const char *key, guint expected)
{
  g_autoptr(GVariant) v = lh_tw_schema_default (schema, key);

  g_test_message ("%s: schema %u, code %u", key, g_variant_get_uint32 (v), expected);
  g_assert_cmpuint (g_variant_get_uint32 (v), ==, expected);
}

void
lh_tw_assert_default_double (GSettingsSchema *schema, const char *key, double expected)
{
  g_autoptr(GVariant) v = lh_tw_schema_default (schema, key);

  g_test_message ("%s: schema %g, code %g", key, g_variant_get_double (v), expected);
  g_assert_cmpfloat (g_variant_get_double (v), ==, expected);
}

static const char *const solver_keys[] = {
  "solver", "solver-threads", "mcts-iterations", "mcts-exploration", "montecarlo-playouts",
};

void
lh_tw_reset_solver_settings (GSettings *settings)
{
  for (guint i = 0; i < G_N_ELEMENTS (solver_keys); i++)
    g_settings_reset (settings, solver_keys[i]);
  lh_gui_test_iterate_for (50);
}
