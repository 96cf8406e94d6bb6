/* test-window-common.h: what the programs that drive the real Lookahead
 * window with real key presses share (test-window, test-window-inspector,
 * test-window-heuristic, test-window-analysis, test-window-layout): one
 * application window each, started by lh_tw_start(), and the helpers their
 * cases use on it.  Every helper acts on that window. */
#pragma once

#include <gtk/gtk.h>

#include "lh-window.h"
#include "lh-tree-view.h"

G_BEGIN_DECLS

/**
 * lh_tw_start:
 * @save: (nullable): the contents of a game.json to leave in the fresh data
 *   folder before the window starts (a save it must restore or set
 *   aside), or NULL for none
 * Prepares a window test program and starts the window it tests: fresh
 * XDG folders (lh_gui_test_fresh_dirs()) and the memory GSettings backend,
 * the X11 backend, GTK's test accessibility backend, LOOKAHEAD_SEED 42
 * unless the environment sets it, g_test_init(), GTK and libadwaita; the
 * settings live-analysis and show-welcome off (the cases that test them
 * switch them on); then the application (lh_gui_test_start_application()),
 * its window given the keyboard focus with xdotool (there is no window
 * manager), the pointer parked in its corner, and the main loop run until
 * the window is active.  Call it first in main(), then register the cases
 * and call lh_tw_run().
 * Returns: (transfer none): the window
 */
LhWindow *lh_tw_start (int *argc, char ***argv, const char *save);

/**
 * lh_tw_run:
 * Runs the registered cases (g_test_run()), then destroys the window if a
 * case has not closed it, releases the application and removes the
 * temporary folder.
 * Returns: the status for main() to return
 */
int lh_tw_run (void);

/** lh_tw_window_xid: Returns: (transfer none): the window's X11 id, for xdotool's --window. */
const char *lh_tw_window_xid (void);

/** lh_tw_data_home: Returns: (transfer none): the temporary XDG_DATA_HOME of the program. */
const char *lh_tw_data_home (void);

/** LhTwSnapshot: the board and the number of moves of the window's game. */
typedef struct {
  LhBoard board;
  guint64 n_moves;
} LhTwSnapshot;

/** lh_tw_take: Returns: the window's game now. */
LhTwSnapshot lh_tw_take (void);

/**
 * lh_tw_board_differs:
 * Returns: TRUE when the window's board is not the board of the
 *   LhTwSnapshot @data (an LhGuiTestCondition).
 */
gboolean lh_tw_board_differs (gpointer data);

/** lh_tw_not_searching: Returns: TRUE when the window runs no search (an LhGuiTestCondition; @data unused). */
gboolean lh_tw_not_searching (gpointer data);

/** lh_tw_widget_mapped: Returns: whether the widget @data is mapped (an LhGuiTestCondition). */
gboolean lh_tw_widget_mapped (gpointer data);

/**
 * lh_tw_analysis_current:
 * Returns: TRUE when the window's analysis holds a record of the position
 *   shown, not stale, and neither searches nor waits to (an
 *   LhGuiTestCondition; @data unused).
 */
gboolean lh_tw_analysis_current (gpointer data);

/**
 * lh_tw_assert_move_and_spawn:
 * Checks that @after is @before moved by @move on a board of geometry @g,
 * plus one spawned 2 or 4 in a cell that was empty in the afterstate.
 */
void lh_tw_assert_move_and_spawn (LhBoard before, LhBoard after, LhGeometry g, LhMove move);

/**
 * lh_tw_press_and_check:
 * Presses @key (xdotool), which must play @move, and checks the result by
 * the rules: the board (lh_tw_assert_move_and_spawn()), the score, the
 * number of moves and the board view.
 */
void lh_tw_press_and_check (const char *key, LhMove move);

/**
 * lh_tw_focus_by_keyboard:
 * Gives @widget the focus as the keyboard would (Tab, then the focus is
 * put there): controls that walk with the arrows then take them.
 */
void lh_tw_focus_by_keyboard (GtkWidget *widget);

/**
 * lh_tw_resize_window:
 * Resizes the window to @width x @height as a window manager would and
 * waits until its content has about that width (GTK settles up to 12 px
 * under it once the window was folded); aborts the test when it does not.
 */
void lh_tw_resize_window (int width, int height);

/**
 * lh_tw_inspector_has_tree:
 * Returns: TRUE when the inspector's tree view is mapped and shows a tree
 *   it has laid out (an LhGuiTestCondition; @data unused).
 */
gboolean lh_tw_inspector_has_tree (gpointer data);

/**
 * lh_tw_hint_and_wait_for_tree:
 * Puts a known position on the board (the inspector must be in view and
 * then shows no tree), asks for a hint and waits until the inspector shows
 * its tree.
 * Returns: (transfer none): the inspector's tree view
 */
LhTreeView *lh_tw_hint_and_wait_for_tree (void);

/**
 * lh_tw_root_point:
 * Writes the root coordinates of point (@x, @y) of @widget, for xdotool's
 * mousemove --window, to @out_x and @out_y.
 */
void lh_tw_root_point (GtkWidget *widget, double x, double y, char out_x[32], char out_y[32]);

/** lh_tw_pointer_to: moves the real pointer to point (@x, @y) of @widget. */
void lh_tw_pointer_to (GtkWidget *widget, double x, double y);

/** lh_tw_click_widget: clicks the middle of @widget with the primary button (xdotool). */
void lh_tw_click_widget (GtkWidget *widget);

/**
 * lh_tw_schema_default:
 * Returns: (transfer full): the default value of @key in @schema
 */
GVariant *lh_tw_schema_default (GSettingsSchema *schema, const char *key);

/** lh_tw_assert_default_string: checks that @schema's default of the string @key is @expected. */
void lh_tw_assert_default_string (GSettingsSchema *schema, const char *key, const char *expected);

/** lh_tw_assert_default_uint: checks that @schema's default of the uint @key is @expected. */
void lh_tw_assert_default_uint (GSettingsSchema *schema, const char *key, guint expected);

/** lh_tw_assert_default_double: checks that @schema's default of the double @key is @expected. */
void lh_tw_assert_default_double (GSettingsSchema *schema, const char *key, double expected);

/**
 * lh_tw_reset_solver_settings:
 * Resets in @settings the keys the solver cases change (the solver, its
 * threads, MCTS's iterations and exploration, Monte Carlo's playouts).
 */
void lh_tw_reset_solver_settings (GSettings *settings);

G_END_DECLS
