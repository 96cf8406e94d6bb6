/* lh-gui-test-util.c: helpers of the GUI tests (see lh-gui-test-util.h). */
#include "lh-gui-test-util.h"

#include <adwaita.h>
#include <stdlib.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "lh-analysis.h"
#include "lh-review.h"
#include "lh-review-panel.h"
#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-game-model.h"

void
lh_gui_test_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

gboolean
lh_gui_test_iterate_until (LhGuiTestCondition condition, gpointer data, guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  return TRUE;
}

GtkWidget *
lh_gui_test_show_in_window (GtkWidget *child, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 500 && (!gtk_widget_get_mapped (child) || gtk_widget_get_width (child) == 0);
       i++)
    lh_gui_test_iterate_for (10);
  g_assert_true (gtk_widget_get_mapped (child));
  g_assert_cmpint (gtk_widget_get_width (child), >, 0);
  lh_gui_test_iterate_for (100);
  return window;
}

GtkEventController *
lh_gui_test_find_controller (GtkWidget *widget, GType type)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;  /* the widget keeps it */
    }
  g_error ("no %s on the widget", g_type_name (type));
}

void
lh_gui_test_init (int *argc, char ***argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  g_setenv ("GTK_A11Y", "test", FALSE);
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("no display: run the test with meson test, which gives it one "
                  "(tests/gui/with-display.py), or under xvfb-run -s \"-screen 0 2600x1440x24\"\n");
      exit (1);
    }
  adw_init ();
}

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

LhWindow *
lh_gui_test_start_application (LhApplication **app_out)
{
  g_autoptr(GError) error = NULL;
  LhApplication *app = lh_application_new (G_APPLICATION_NON_UNIQUE);
  LhWindow *window;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  window = LH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_nonnull (window);
  if (!lh_gui_test_iterate_until (widget_mapped, window, 10000))
    g_error ("the window was not mapped");
  *app_out = app;
  return window;
}

static gboolean
window_active (gpointer window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window)) && gtk_window_is_active (GTK_WINDOW (window));
}

LhWindow *
lh_gui_test_start_on_x11 (LhApplication **app_out, char **xid_out)
{
  LhWindow *window = lh_gui_test_start_application (app_out);

  *xid_out = lh_gui_test_window_xid (GTK_WIDGET (window));
  if (*xid_out == NULL)
    {
      g_print ("1..0 # SKIP needs an X11 display\n");
      return NULL;
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  lh_gui_test_iterate_for (500);
  /* Without a window manager nobody gives the window the focus: take it. */
  lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", *xid_out, NULL });
  if (!lh_gui_test_iterate_until (window_active, window, 10000))
    g_error ("the window did not get the keyboard focus");
  lh_gui_test_iterate_for (300);
  return window;
}

void
lh_gui_test_answer_dialog (GtkWindow *dialog, const char *response)
{
  GtkWindow *d = dialog;

  g_object_add_weak_pointer (G_OBJECT (d), (gpointer *) &d);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (d), response);
  if (d != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (d), (gpointer *) &d);
      gtk_window_close (d);
    }
  lh_gui_test_iterate_for (100);
}

gboolean
lh_gui_test_review_done (gpointer window)
{
  LhReview *review = lh_review_panel_get_review (lh_window_get_review_panel (window));
  LhGameRecord *record = lh_review_get_record (review);

  return record != NULL && !lh_review_get_running (review)
         && g_list_model_get_n_items (lh_review_get_moves (review)) == lh_game_record_get_n_moves (record);
}

gboolean
lh_gui_test_analysis_done (gpointer window)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);

  return !lh_analysis_is_searching (analysis) && lh_analysis_get_record (analysis) != NULL
         && !lh_analysis_get_stale (analysis);
}

void
lh_gui_test_press (const char *key)
{
  lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", key, NULL });
}

void
lh_gui_test_xdotool (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH,
                     NULL, NULL, NULL, &err, &status, &error))
    g_error ("could not run xdotool (is it installed?): %s", error->message);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("xdotool %s failed: %s; %s", args[0], error->message, err);
}

char *
lh_gui_test_window_xid (GtkWidget *widget)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;

  if (surface != NULL && GDK_IS_X11_SURFACE (surface))
    return g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
#endif
  return NULL;
}

void
lh_gui_test_click_at (GtkWidget *widget, double x, double y)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  g_autofree char *xid = lh_gui_test_window_xid (widget);
  graphene_point_t p;
  double sx = 0, sy = 0;
  char rx[32], ry[32];

  if (xid == NULL)
    g_error ("lh_gui_test_click_at needs a widget in an X11 window");
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (native, &sx, &sy);
  g_snprintf (rx, sizeof rx, "%d", (int) (p.x + sx));
  g_snprintf (ry, sizeof ry, "%d", (int) (p.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", xid, rx, ry, "click", "1", NULL });
#else
  g_error ("lh_gui_test_click_at needs X11");
#endif
}

GtkWidget *
lh_gui_test_find_descendant (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = lh_gui_test_find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWindow *
lh_gui_test_find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

void
lh_gui_test_stop_gesture_begin (GtkGesture *gesture, GdkEventSequence *sequence, gpointer data)
{
  g_signal_stop_emission_by_name (gesture, "begin");
}

double
lh_gui_test_chart_row_middle (int move)
{
  return 6 + move * (34 + 4) + 17;
}

char *
lh_gui_test_fresh_dirs (const char *name_template)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (name_template, &error);
  g_autofree char *cache = NULL;
  g_autofree char *config = NULL;

  g_assert_no_error (error);
  cache = g_build_filename (dir, "cache", NULL);
  config = g_build_filename (dir, "config", NULL);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  return dir;
}

void
lh_gui_test_set_position (LhWindow *window, const char *tiles)
{
  g_autoptr(GError) error = NULL;
  LhWideBoard board;
  LhGeometry g;
  LhRng rng;
  LhGame *game;
  LhRules rules;

  g_assert_true (lh_wide_board_parse (tiles, &board, &g, &error));
  g_assert_no_error (error);
  /* The rules a new game of the size has, unless a tile is past them. */
  rules = lh_rules_default (g);
  if (!lh_rules_accept (rules, g, board))
    rules = LH_RULES_2048;
  lh_rng_init (&rng, 1234);
  game = lh_game_new_from_state (g, rules, board, 100, 10, &rng, NULL, NULL, 0);
  g_assert_nonnull (game);
  lh_game_model_set_game (lh_window_get_model (window), game, FALSE);
  lh_gui_test_iterate_for (50);
}
