/* lh-gui-test-util.h: helpers of the GUI tests that show one widget in a
 * window on an X display (run under xvfb-run). */
#pragma once

#include <gtk/gtk.h>

#include "lh-application.h"
#include "lh-window.h"

G_BEGIN_DECLS

/**
 * lh_gui_test_init:
 * Prepares a GUI test program: the memory GSettings backend, GTK's test
 * accessibility backend (GTK_A11Y=test, so accessible properties can be
 * read back) and the X11 backend (xvfb) unless the environment sets others, g_test_init(), GTK and
 * libadwaita.  Exits with status 1 and a message when there is no display
 * (meson test runs each GUI test on a display of its own, with-display.py).
 */
void lh_gui_test_init (int *argc, char ***argv);

/** lh_gui_test_iterate_for: runs the main loop for @ms milliseconds. */
void lh_gui_test_iterate_for (guint ms);

/** LhGuiTestCondition: what lh_gui_test_iterate_until() waits for. */
typedef gboolean (*LhGuiTestCondition) (gpointer data);

/**
 * lh_gui_test_iterate_until:
 * Runs the main loop until @condition (@data) holds or @timeout_ms pass.
 * Returns: whether it held.
 */
gboolean lh_gui_test_iterate_until (LhGuiTestCondition condition, gpointer data, guint timeout_ms);

/**
 * lh_gui_test_show_in_window:
 * Presents @child alone in a new window of default size @width x @height
 * (-1: natural) and runs the main loop until @child is mapped and
 * allocated, then 100 ms more.
 * Returns: (transfer none): the window; gtk_window_destroy() it after.
 */
GtkWidget *lh_gui_test_show_in_window (GtkWidget *child, int width, int height);

/**
 * lh_gui_test_find_controller:
 * Returns: (transfer none): the first event controller of @widget that is
 *   a @type (the widget keeps it); aborts the test when there is none.
 */
GtkEventController *lh_gui_test_find_controller (GtkWidget *widget, GType type);

/**
 * lh_gui_test_xdotool:
 * Runs xdotool with the NULL-terminated @args (real X input, as a person
 * gives it) and waits for it; aborts the test when it cannot run or fails.
 */
void lh_gui_test_xdotool (const char *const *args);

/**
 * lh_gui_test_window_xid:
 * Returns: (transfer full) (nullable): the X11 window id of @widget's
 *   window in decimal, for xdotool's --window; NULL when it is not an X11
 *   window.  Free with g_free().
 */
char *lh_gui_test_window_xid (GtkWidget *widget);

/**
 * lh_gui_test_click_at:
 * Clicks the primary button at point (@x, @y) of @widget (widget
 * coordinates, px) with the real pointer (xdotool; X11 only), after giving
 * its window the focus.  Run the main loop afterwards to see the result.
 */
void lh_gui_test_click_at (GtkWidget *widget, double x, double y);

/**
 * lh_gui_test_find_descendant:
 * Returns: (transfer none) (nullable): @widget or its first descendant, depth
 *   first, that is a @type, or NULL.
 */
GtkWidget *lh_gui_test_find_descendant (GtkWidget *widget, GType type);

/**
 * lh_gui_test_find_message_dialog:
 * Returns: (transfer none) (nullable): a visible AdwMessageDialog among the
 *   toplevel windows, or NULL.
 */
GtkWindow *lh_gui_test_find_message_dialog (void);

/**
 * lh_gui_test_stop_gesture_begin:
 * A GtkGesture::begin handler that stops the signal's emission (so the
 * gesture's own handlers do not see a synthetic sequence).
 */
void lh_gui_test_stop_gesture_begin (GtkGesture *gesture, GdkEventSequence *sequence, gpointer data);

/**
 * lh_gui_test_chart_row_middle:
 * Returns: the y, in pixels of the move chart (LhMoveChart), of the middle
 *   of @move's row (0 Up to 3 Right): rows of 34 px, 4 px apart, below 6
 *   px of padding (ROW_HEIGHT, ROW_GAP and PADDING of lh-move-chart.c).
 */
double lh_gui_test_chart_row_middle (int move);

/**
 * lh_gui_test_start_application:
 * @app_out: (out) (transfer full): the application; g_object_unref() it
 *   after destroying its window
 * Starts Lookahead as a user's start does (a non-unique LhApplication,
 * registered and activated), then runs the main loop until its window is
 * mapped; aborts the test when it cannot register or the window is not
 * mapped within 10 s.  Settings made before this call are the window's.
 * Returns: (transfer none): the application's window
 */
LhWindow *lh_gui_test_start_application (LhApplication **app_out);

/**
 * lh_gui_test_start_on_x11:
 * @app_out: (out) (transfer full): as lh_gui_test_start_application()
 * @xid_out: (out) (transfer full): the window's X11 id for xdotool
 *   (lh_gui_test_window_xid()), NULL on another backend
 * lh_gui_test_start_application(), then the window at 1400x900, given the
 * keyboard focus (xdotool windowfocus: there is no window manager), active.
 * Returns: (transfer none) (nullable): the window; NULL, having printed a
 *   TAP plan that skips everything, when the window is not an X11 one (the
 *   caller then returns 0).
 */
LhWindow *lh_gui_test_start_on_x11 (LhApplication **app_out, char **xid_out);

/**
 * lh_gui_test_analysis_done:
 * @window: (type LhWindow): the window
 * Returns: TRUE when its analysis session searches nothing and holds a
 *   record of the position shown (an LhGuiTestCondition).
 */
gboolean lh_gui_test_analysis_done (gpointer window);

/**
 * lh_gui_test_answer_dialog:
 * @dialog: an AdwMessageDialog
 * Answers @response in @dialog and closes it, as clicking its button does
 * (adw_message_dialog_response() alone only emits the signal).
 */
void lh_gui_test_answer_dialog (GtkWindow *dialog, const char *response);

/**
 * lh_gui_test_review_done:
 * @window: (type LhWindow): the window
 * Returns: TRUE when its review (the Review page's) has a game, runs no
 *   more, and has every move of it reviewed (an LhGuiTestCondition).
 */
gboolean lh_gui_test_review_done (gpointer window);

/** lh_gui_test_press: presses @key ("Tab", "shift+Tab") with xdotool, modifiers cleared. */
void lh_gui_test_press (const char *key);

/**
 * lh_gui_test_fresh_dirs:
 * @name_template: for g_dir_make_tmp() ("lookahead-soak-XXXXXX")
 * Makes a temporary folder and points XDG_DATA_HOME at it, XDG_CACHE_HOME
 * and XDG_CONFIG_HOME at its "cache" and "config" folders, and GSettings
 * at the memory backend: no saved game, cached solution or setting of the
 * user is read or written.  Call it first in main(), before GLib reads
 * the variables; remove the folder with lh_test_remove_tree() at the end.
 * Returns: (transfer full): the folder
 */
char *lh_gui_test_fresh_dirs (const char *name_template);

/**
 * lh_gui_test_set_position:
 * Puts the board @tiles (the board text format, any size to 5x5 and tile
 * to 2^31; it must parse) on @window's game model as a restore does: by
 * lh_rules_default() of its size, or the original rules when a tile is
 * past 32768; score 100, 10 moves, a fixed seed; then runs the main loop
 * for 50 ms.
 */
void lh_gui_test_set_position (LhWindow *window, const char *tiles);

G_END_DECLS
