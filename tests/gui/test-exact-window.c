/* test-exact-window.c: perfect play in the real window, on a 2x3 board.
 *
 * Starts LhApplication with a fresh cache folder (XDG_CACHE_HOME), data
 * folder and the memory GSettings backend, a 2x3 board (solved in well
 * under a second) and live analysis off.  Checks that the window gets the
 * exact solution in the background and saves it under the cache folder;
 * that the move chart then shows each legal move's optimal value beside the
 * chosen solver's and what the chosen move loses against perfect play, the
 * same numbers as the solution's own; that with Perfect Play as the solver
 * its values are shown once and its move is "optimal"; that Perfect Play's
 * hint and step play; that the tile objective's values read as chances;
 * and that an inspector tooltip gives a node's exact value.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "lh-application.h"
#include "lh-exact-cache.h"
#include "lh-exact-format.h"
#include "lh-exact-solve.h"
#include "lh-exact-session.h"
#include "lh-inspector-pane.h"
#include "lh-move-chart.h"
#include "lh-tree-tooltip.h"
#include "lh-tree-view.h"
#include "lh-window.h"
#include "lh-game.h"
#include "lh-test-util.h"
#include "lh-gui-test-util.h"

static LhApplication *app;
static LhWindow *window;
static char *cache_home;
static char *data_home;


static LhExactSession *
session (void)
{
  return lh_analysis_get_exact_session (lh_window_get_analysis (window));
}

static gboolean
solution_ready (gpointer data)
{
  return lh_exact_session_get_solution (session ()) != NULL && !lh_exact_session_is_solving (session ());
}

/* Asks for a hint and waits for it. */
static void
hint (void)
{
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_gui_test_analysis_done, window, 20000))
    g_error ("the hint did not finish");
  lh_gui_test_iterate_for (50);
}

/* The optimal values of the game's position, from the session's solution. */
static void
optimal_values (gboolean legal[LH_N_MOVES], double q[LH_N_MOVES], int *best)
{
  LhGameModel *model = lh_window_get_model (window);

  g_assert_true (lh_exact_session_move_values (session (), lh_game_model_get_geometry (model),
                                               lh_game_model_get_board (model), legal, q));
  *best = lh_exact_best_move (legal, q);
  g_assert_cmpint (*best, !=, LH_MOVE_NONE);
}

/* The chart beside a heuristic solver: every legal move's optimal value as
 * the solution gives it, and the chosen move's loss.  Returns that loss. */
static double
check_chart_beside (void)
{
  LhMoveChart *chart = lh_window_get_move_chart (window);
  LhExactRules rules;
  gboolean legal[LH_N_MOVES];
  double q[LH_N_MOVES];
  int best, chosen = lh_move_chart_get_chosen (chart);
  g_autofree char *loss = NULL;

  g_assert_true (lh_exact_session_get_rules (session (), &rules));
  optimal_values (legal, q, &best);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      if (legal[m])
        {
          g_autofree char *expected = lh_exact_format_optimal (&rules, q[m]);

          g_assert_cmpstr (lh_move_chart_get_optimal_text (chart, m), ==, expected);
          g_assert_true (g_str_has_prefix (expected, "opt "));
        }
      else
        g_assert_null (lh_move_chart_get_optimal_text (chart, m));
    }
  g_assert_cmpint (chosen, >=, 0);
  g_assert_true (legal[chosen]);
  loss = lh_exact_format_loss (&rules, q[best] - q[chosen], q[best]);
  g_assert_cmpstr (lh_move_chart_get_loss_text (chart), ==, loss);
  if (lh_exact_loss_is_zero (q[best] - q[chosen], q[best]))
    g_assert_cmpstr (loss, ==, "optimal");
  else if (rules.objective == LH_EXACT_OBJECTIVE_SCORE)
    g_assert_true (g_str_has_suffix (loss, " points vs optimal"));
  else
    g_assert_true (g_str_has_suffix (loss, " % chance of 1024"));
  return q[best] - q[chosen];
}

/* The solution is got in the background, saved under the cache folder,
 * and the chart shows it beside expectimax's values (at depth 1, the
 * quickest to err), move after move. */
static void
test_optimal_beside (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autofree char *dir = g_build_filename (cache_home, "lookahead", "exact", NULL);
  g_autofree char *file = g_build_filename (dir, "2x3-score-standard-none-g1.lhexact", NULL);
  LhGameModel *model = lh_window_get_model (window);
  guint losses = 0, checked = 0;

  g_assert_true (lh_exact_session_is_available (session ()));
  if (!lh_gui_test_iterate_until (solution_ready, NULL, 30000))
    g_error ("the 2x3 solution did not come");
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (lh_exact_session_get_progress_text (session ()), ==, "");

  g_settings_set_int (settings, "ai-depth", 1);
  for (guint i = 0; i < 40 && !lh_game_model_is_over (model); i++)
    {
      LhBoard before = lh_game_model_get_board (model);

      hint ();
      if (check_chart_beside () > 0 && !lh_exact_loss_is_zero (check_chart_beside (), 1))
        losses++;
      checked++;
      /* The AI's move, the next position. */
      lh_analysis_stop (lh_window_get_analysis (window), NULL);
      g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
      for (guint t = 0; t < 2000 && lh_game_model_get_board (model) == before; t++)
        lh_gui_test_iterate_for (5);
      g_assert_true (lh_game_model_get_board (model) != before);
      lh_gui_test_iterate_for (50);
    }
  g_test_message ("%u positions checked, %u with a loss against perfect play", checked, losses);
  g_assert_cmpuint (checked, >, 3);
  g_settings_reset (settings, "ai-depth");
}

/* Perfect Play as the solver: its values once (no "opt" beside them), in
 * points, its move "optimal"; its hint marks the best move and its step
 * plays. */
static void
test_perfect_play (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhMoveChart *chart = lh_window_get_move_chart (window);
  LhGameModel *model = lh_window_get_model (window);
  gboolean legal[LH_N_MOVES];
  double q[LH_N_MOVES];
  int best;

  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  lh_gui_test_iterate_for (100);
  g_settings_set_string (settings, "solver", "exact");
  lh_gui_test_iterate_for (300);
  for (guint i = 0; i < 6 && !lh_game_model_is_over (model); i++)
    {
      LhBoard before = lh_game_model_get_board (model);

      hint ();
      optimal_values (legal, q, &best);
      g_assert_cmpint (lh_move_chart_get_chosen (chart), ==, best);
      g_assert_cmpstr (lh_move_chart_get_loss_text (chart), ==, "optimal");
      for (int m = 0; m < LH_N_MOVES; m++)
        {
          g_assert_null (lh_move_chart_get_optimal_text (chart, m));
          if (legal[m])
            {
              g_autofree char *value = lh_exact_format_value (&(LhExactRules) { .objective = LH_EXACT_OBJECTIVE_SCORE,
                                                                                .discount = 1 }, q[m]);

              g_assert_cmpstr (lh_move_chart_get_detail_text (chart, m), ==, value);
              g_assert_true (g_str_has_suffix (value, " points"));
            }
        }
      g_assert_cmpstr (lh_move_chart_get_value_text (chart, best), ==, "best");

      g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
      for (guint t = 0; t < 2000 && lh_game_model_get_board (model) == before; t++)
        lh_gui_test_iterate_for (5);
      g_assert_true (lh_game_model_get_board (model) != before);
    }
  g_settings_reset (settings, "solver");
  lh_gui_test_iterate_for (300);
}

/* The tile objective: a new solution (the settings changed), values as
 * chances of 1024 (none on 2x3: every value 0 %). */
static void
test_tile_objective (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhMoveChart *chart = lh_window_get_move_chart (window);

  g_settings_set_string (settings, "exact-objective", "tile");
  lh_gui_test_iterate_for (50);
  g_assert_null (lh_exact_session_get_solution (session ()));
  if (!lh_gui_test_iterate_until (solution_ready, NULL, 30000))
    g_error ("the 2x3 tile solution did not come");
  hint ();
  check_chart_beside ();
  for (int m = 0; m < LH_N_MOVES; m++)
    if (lh_move_chart_get_optimal_text (chart, m) != NULL)
      g_assert_cmpstr (lh_move_chart_get_optimal_text (chart, m), ==, "opt 0 %");
  g_assert_cmpstr (lh_move_chart_get_loss_text (chart), ==, "optimal");
  g_settings_reset (settings, "exact-objective");
  if (!lh_gui_test_iterate_until (solution_ready, NULL, 30000))
    g_error ("the 2x3 score solution did not come back");
}

/* The inspector's tooltip of the root (a player node) and of a chance node
 * gives their exact values, looked up in memory. */
static void
test_tree_tooltip (void)
{
  LhSearchRecord *record;
  const LhSearchTree *tree;
  LhExactSolution *solution;
  LhExactRules rules;
  g_autofree char *root_text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *value = NULL;
  double v;
  guint chance_checked = 0;

  hint ();
  record = lh_analysis_get_record (lh_window_get_analysis (window));
  tree = lh_search_record_get_tree (record);
  g_assert_nonnull (tree);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), >, 1);
  solution = lh_exact_session_get_solution (session ());
  g_assert_true (lh_exact_session_get_rules (session (), &rules));

  g_assert_true (lh_exact_solution_position_value (solution, lh_search_tree_get_node (tree, 0)->board, &v));
  value = lh_exact_format_value (&rules, v);
  expected = g_strdup_printf ("Exact: %s", value);
  root_text = lh_tree_tooltip_exact_text (tree, 0, &rules);
  g_assert_cmpstr (root_text, ==, expected);
  g_assert_null (lh_tree_tooltip_exact_text (tree, 0, NULL));

  for (guint32 i = 1; i < lh_search_tree_get_n_nodes (tree) && chance_checked < 4; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      g_autofree char *text = NULL;
      g_autofree char *want = NULL;

      if (node->kind != LH_SEARCH_NODE_CHANCE)
        continue;
      g_assert_true (lh_exact_solution_afterstate_value (solution, node->board, &v));
      g_free (value);
      value = lh_exact_format_value (&rules, v);
      want = g_strdup_printf ("Exact: %s", value);
      text = lh_tree_tooltip_exact_text (tree, i, &rules);
      g_assert_cmpstr (text, ==, want);
      chance_checked++;
    }
  g_assert_cmpuint (chance_checked, >, 0);
}

/* The first GtkProgressBar under @widget, or NULL. */
static GtkWidget *
find_progress_bar (GtkWidget *widget)
{
  if (GTK_IS_PROGRESS_BAR (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_progress_bar (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
count_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* A new size is solved in the background: the progress bar shows while it
 * works, its reports at most about 10 a second, the main loop free. */
static void
test_progress (void)
{
  GtkWidget *bar = find_progress_bar (GTK_WIDGET (window));
  guint reports = 0, turns = 0;
  gint64 start, longest = 0, last;
  gulong handler;
  double seconds;

  g_assert_nonnull (bar);
  g_assert_false (gtk_widget_get_visible (bar));
  handler = g_signal_connect (session (), "notify::progress-text", G_CALLBACK (count_cb), &reports);
  g_action_group_activate_action (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("2x4"));
  lh_gui_test_iterate_for (20);
  if (lh_game_model_get_geometry (lh_window_get_model (window)).cols != 4 && lh_window_get_dialog (window) != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (lh_window_get_dialog (window)), "new");
  start = last = g_get_monotonic_time ();
  lh_gui_test_iterate_for (10);
  g_assert_true (lh_exact_session_is_solving (session ()));
  g_assert_true (gtk_widget_get_visible (bar));
  g_assert_true (g_str_has_prefix (gtk_progress_bar_get_text (GTK_PROGRESS_BAR (bar)), "Solving 2×4 exactly…"));
  while (!solution_ready (NULL))
    {
      gint64 now;

      /* The time one dispatch of the main loop takes: what a report, the
       * redraw of the bar or the solution's arrival costs it. */
      last = g_get_monotonic_time ();
      g_main_context_iteration (NULL, FALSE);
      now = g_get_monotonic_time ();
      longest = MAX (longest, now - last);
      g_usleep (1000);
      turns++;
      g_assert_cmpint (now - start, <, 60 * G_USEC_PER_SEC);
    }
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_signal_handler_disconnect (session (), handler);
  g_test_message ("2x4 solved in %.1f s, %u progress reports, longest main loop dispatch %.0f ms", seconds,
                  reports, longest / 1000.0);
  /* Each report changes the text at most once; the start and the end add two. */
  g_assert_cmpfloat (reports, <=, 10 * seconds + 4);
  /* The main loop is never held up by the solve (its frames cost ~100 ms
   * on a busy 2-core machine while the solve fills memory). */
  g_assert_cmpint (longest, <, 1000 * 1000);
  lh_gui_test_iterate_for (50);
  g_assert_false (gtk_widget_get_visible (bar));
}

/* The time left of a solve, as the progress bar says it. */
static void
test_duration (void)
{
  static const struct { double seconds; const char *text; } cases[] = {
    { -3, "0 s" }, { 0.4, "0 s" }, { 40.4, "40 s" }, { 59.6, "1 min 0 s" }, { 125, "2 min 5 s" },
    { 599, "9 min 59 s" }, { 600, "10 min" }, { 1529, "25 min" }, { 1531, "26 min" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = lh_exact_format_duration (cases[i].seconds);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* While the positions are found: a share and the time left when their
 * count is known (3x3 with the score objective), else the count so far. */
static void
test_finding_text (void)
{
  LhExactRules rules;
  double fraction;
  g_autofree char *start = NULL;
  g_autofree char *half = NULL;
  g_autofree char *unknown = NULL;
  guint64 known;

  lh_exact_rules_init_default (&rules);
  known = lh_exact_known_afterstates ((LhGeometry) { 3, 3 }, &rules);
  g_assert_cmpuint (known, ==, 31431374);
  start = lh_exact_format_finding ((LhGeometry) { 3, 3 }, 1000, known, 0.5, &fraction);
  g_assert_cmpstr (start, ==, "Solving 3×3 exactly… finding the positions: 0 %; the solving follows");
  g_assert_cmpfloat (fraction, >, 0);
  half = lh_exact_format_finding ((LhGeometry) { 3, 3 }, known / 2, known, 10, &fraction);
  g_assert_cmpstr (half, ==, "Solving 3×3 exactly… finding the positions: 50 %, at least 10 s left; the solving follows");
  g_assert_cmpfloat_with_epsilon (fraction, 0.5, 1e-6);
  unknown = lh_exact_format_finding ((LhGeometry) { 3, 3 }, 22208317, 0, 12, &fraction);
  g_assert_nonnull (strstr (unknown, "so far, 12 s"));
  g_assert_cmpfloat (fraction, ==, -1);
}

/* A 4x4 game has no solution: nothing is solved, the chart has no optimal
 * values. */
static void
test_large_board (void)
{
  LhMoveChart *chart = lh_window_get_move_chart (window);

  g_action_group_activate_action (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("4x4"));
  lh_gui_test_iterate_for (100);
  /* A game in progress: the window asks first. */
  if (lh_game_model_get_geometry (lh_window_get_model (window)).rows != 4 && lh_window_get_dialog (window) != NULL)
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (lh_window_get_dialog (window)), "new");
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (lh_game_model_get_geometry (lh_window_get_model (window)).rows, ==, 4);
  g_assert_false (lh_exact_session_is_available (session ()));
  g_assert_false (lh_exact_session_is_solving (session ()));
  g_assert_null (lh_exact_session_get_solution (session ()));
  hint ();
  for (int m = 0; m < LH_N_MOVES; m++)
    g_assert_null (lh_move_chart_get_optimal_text (chart, m));
  g_assert_null (lh_move_chart_get_loss_text (chart));
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* Before GLib reads them: fresh cache and data folders, no real settings. */
  cache_home = g_dir_make_tmp ("lookahead-exact-cache-XXXXXX", &error);
  g_assert_no_error (error);
  data_home = g_dir_make_tmp ("lookahead-exact-data-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  if (g_getenv ("LOOKAHEAD_SEED") == NULL)
    g_setenv ("LOOKAHEAD_SEED", "42", TRUE);
  lh_gui_test_init (&argc, &argv);

  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_boolean (settings, "live-analysis", FALSE);
    g_settings_set_boolean (settings, "show-welcome", FALSE);
    g_settings_set_int (settings, "board-rows", 2);
    g_settings_set_int (settings, "board-cols", 3);
  }

  window = lh_gui_test_start_application (&app);

  g_test_add_func ("/gui/exact-window/optimal-beside", test_optimal_beside);
  g_test_add_func ("/gui/exact-window/perfect-play", test_perfect_play);
  g_test_add_func ("/gui/exact-window/tile-objective", test_tile_objective);
  g_test_add_func ("/gui/exact-window/tree-tooltip", test_tree_tooltip);
  g_test_add_func ("/gui/exact-window/progress", test_progress);
  g_test_add_func ("/gui/exact-window/duration", test_duration);
  g_test_add_func ("/gui/exact-window/finding-text", test_finding_text);
  g_test_add_func ("/gui/exact-window/large-board", test_large_board);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
  g_clear_object (&app);
  lh_exact_cache_clear ();
  lh_test_remove_tree (cache_home);
  lh_test_remove_tree (data_home);
  g_free (cache_home);
  g_free (data_home);
  return status;
}
