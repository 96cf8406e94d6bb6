/* test-learned-window.c: the "Learned" evaluator in the real window.
 *
 * Trains a tiny n-tuple network here ("lines+squares" on 4x4, a few hundred
 * games of TD learning), saves it as default.lhnet in a fresh folder that
 * LOOKAHEAD_NETWORK_DIR points at (the shipped network of an uninstalled
 * build), starts Lookahead and checks, against the network computed here:
 * switching to Learned loads it (the sliders and presets go), a hint's
 * move values are points + V(afterstate) (expectimax at depth 1), the
 * breakdown has one row per shape and the heat map is the network's per-cell
 * values; a damaged file, a missing shipped network and a board of another
 * size each give their message in the network's row and fall back to the
 * heuristic without forgetting the chosen file; switching back to
 * Hand-Tuned restores the heuristic and its sliders; the Train… dialog's
 * Use (its "use-network" signal) plays with the file it names.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "lh-application.h"
#include "lh-board-text.h"
#include "lh-board-view.h"
#include "lh-breakdown-view.h"
#include "lh-evaluator.h"
#include "lh-evaluator-group.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-heuristic-panel.h"
#include "lh-ntuple-file.h"
#include "lh-search-record.h"
#include "lh-td-train.h"
#include "lh-train-dialog.h"
#include "lh-window.h"
#include "lh-test-util.h"
#include "lh-gui-test-util.h"

#define TRAINING_GAMES 300
#define NETWORK_NAME "Test network"

static LhApplication *app;
static LhWindow *window;
static GSettings *settings;
static char *data_home;
static char *net_dir;
static char *empty_dir;
static char *damaged_path;
static LhNtuple *network;      /* what default.lhnet holds */

/* A position with every move legal and something to merge. */
static const char *const position = "2 2 4 0/0 4 8 2/0 0 16 2/0 2 0 4";

static LhHeuristicPanel *
heuristic_panel (void)
{
  GtkWidget *panel = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_HEURISTIC_PANEL);

  g_assert_nonnull (panel);
  return LH_HEURISTIC_PANEL (panel);
}

static LhBreakdownView *
breakdown_view (void)
{
  GtkWidget *view = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_BREAKDOWN_VIEW);

  g_assert_nonnull (view);
  return LH_BREAKDOWN_VIEW (view);
}

static LhEvaluatorGroup *
evaluator_group (void)
{
  GtkWidget *group = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_EVALUATOR_GROUP);

  g_assert_nonnull (group);
  return LH_EVALUATOR_GROUP (group);
}

static const char *
network_row_title (void)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lh_evaluator_group_get_network_row (evaluator_group ())));
}

static const char *
network_row_subtitle (void)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (lh_evaluator_group_get_network_row (evaluator_group ())));
}

/* The breakdown shows @data terms (GUINT_TO_POINTER). */
static gboolean
breakdown_has_terms (gpointer data)
{
  return lh_breakdown_view_get_n_terms (breakdown_view ()) == GPOINTER_TO_UINT (data);
}

static void
wait_for_terms (guint n_terms)
{
  g_assert_true (lh_gui_test_iterate_until (breakdown_has_terms, GUINT_TO_POINTER (n_terms), 20000));
  lh_gui_test_iterate_for (50);
}

static gboolean
subtitle_contains (gpointer data)
{
  const char *subtitle = network_row_subtitle ();

  return subtitle != NULL && strstr (subtitle, data) != NULL;
}

static gboolean
hint_done (gpointer data)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);

  return !lh_analysis_is_searching (analysis) && !lh_analysis_is_pending (analysis)
         && lh_analysis_get_record (analysis) != NULL && !lh_analysis_get_stale (analysis);
}

/* Asks for a hint on the board shown and returns its result. */
static LhSolverResult
hint (void)
{
  LhSearchRecord *record;

  lh_analysis_stop (lh_window_get_analysis (window), NULL);
  lh_gui_test_iterate_for (50);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_true (lh_analysis_is_searching (lh_window_get_analysis (window)));
  g_assert_true (lh_gui_test_iterate_until (hint_done, NULL, 20000));
  record = lh_analysis_get_record (lh_window_get_analysis (window));
  g_assert_cmpuint (lh_search_record_get_board (record), ==, lh_game_model_get_board (lh_window_get_model (window)));
  return *lh_search_record_get_result (record);
}

/* The hint's values are expectimax's at depth 1: with the network, each
 * move's points plus the network's value of its afterstate; with the
 * heuristic, the heuristic's value of the afterstate. */
static void
assert_hint_values (const LhEvaluator *evaluator)
{
  LhBoard board = lh_game_model_get_board (lh_window_get_model (window));
  LhGeometry g = lh_game_model_get_geometry (lh_window_get_model (window));
  LhSolverResult result = hint ();
  double best = -INFINITY;
  guint n_legal = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint points = 0;
      LhBoard after = lh_board_move (board, g, (LhMove) m, &points);
      double expected;

      g_assert_cmpint (result.legal[m], ==, after != board);
      if (after == board)
        continue;
      n_legal++;
      expected = lh_evaluator_evaluate (evaluator, after);
      if (lh_evaluator_counts_points (evaluator))
        expected += points;
      g_assert_cmpfloat_with_epsilon (result.values[m], expected, 1e-6 * MAX (1.0, fabs (expected)));
      best = MAX (best, expected);
    }
  g_assert_cmpuint (n_legal, >, 1);
  g_assert_cmpfloat_with_epsilon (result.values[result.move], best, 1e-6 * MAX (1.0, fabs (best)));
}

/* The heuristic the window starts with: the schema's defaults (Balanced). */
static LhHeuristic *
default_heuristic (void)
{
  LhHeuristicParams params;

  lh_heuristic_panel_get_params (heuristic_panel (), &params);
  return lh_heuristic_new (&params, LH_GEOMETRY_DEFAULT);
}

/* The sliders and presets are there with Hand-Tuned only. */
static gboolean
sliders_shown (void)
{
  GtkWidget *row = lh_heuristic_panel_get_row (heuristic_panel (), "empty_weight");

  g_assert_nonnull (row);
  return gtk_widget_is_visible (row);
}

static void
use_network (void)
{
  g_settings_set_string (settings, "network-file", "");
  g_settings_set_string (settings, "evaluator", "ntuple");
  wait_for_terms (lh_ntuple_get_n_shapes (network));
}

static void
test_learned (void)
{
  LhEvaluator evaluator;
  LhBreakdownView *view = breakdown_view ();
  GtkWidget *grid = gtk_widget_get_first_child (GTK_WIDGET (view));
  guint n_shapes = lh_ntuple_get_n_shapes (network);
  guint n_rows = 0;
  LhBoard board;
  double total = 0, cells[16], shown[LH_WIDE_N_CELLS];
  g_autoptr(GError) error = NULL;

  lh_gui_test_set_position (window, position);
  board = lh_game_model_get_board (lh_window_get_model (window));
  g_assert_true (lh_evaluator_init_ntuple (&evaluator, network, LH_GEOMETRY_DEFAULT, &error));
  g_assert_no_error (error);

  /* Hand-tuned at first: the heuristic's terms and the sliders. */
  g_assert_cmpuint (lh_breakdown_view_get_n_terms (view), ==, LH_N_TERMS);
  g_assert_true (sliders_shown ());
  g_assert_false (lh_evaluator_group_get_learned (evaluator_group ()));

  use_network ();
  g_assert_true (lh_evaluator_group_get_learned (evaluator_group ()));
  g_assert_false (sliders_shown ());
  g_assert_cmpstr (network_row_title (), ==, NETWORK_NAME);
  g_assert_nonnull (strstr (network_row_subtitle (), "lines+squares"));
  g_assert_nonnull (strstr (network_row_subtitle (), G_STRINGIFY (TRAINING_GAMES)));

  /* The hint plays with the network. */
  assert_hint_values (&evaluator);

  /* One row per shape, named by its cells, and the total is V(board). */
  for (guint s = 0; s < n_shapes; s++)
    {
      g_autofree char *name = lh_evaluator_get_term_name (&evaluator, s);

      g_assert_cmpstr (lh_breakdown_view_get_term_name (view, s), ==, name);
    }
  /* Each shape's name on a row of its own, its numbers on the next. */
  for (guint i = 0; gtk_grid_get_child_at (GTK_GRID (grid), 0, LH_BREAKDOWN_VIEW_NAME_ROW (i)) != NULL; i++)
    {
      GtkWidget *label = gtk_grid_get_child_at (GTK_GRID (grid), 0, LH_BREAKDOWN_VIEW_NAME_ROW (i));

      if (GTK_IS_LABEL (label) && strcmp (gtk_label_get_text (GTK_LABEL (label)), "Total") != 0)
        n_rows++;
      else
        break;
    }
  g_assert_cmpuint (n_rows, ==, n_shapes);
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, n_shapes, &total));
  g_assert_cmpfloat_with_epsilon (total, lh_evaluator_evaluate (&evaluator, board), 1e-3);

  /* The heat map is the network's per-cell values. */
  g_settings_set_boolean (settings, "heat-map", TRUE);
  lh_gui_test_iterate_for (50);
  g_assert_true (lh_board_view_get_heat_map (lh_window_get_board_view (window), shown));
  g_assert_true (lh_evaluator_cell_values (&evaluator, board, cells));
  for (guint i = 0; i < 16; i++)
    g_assert_cmpfloat_with_epsilon (shown[LH_WIDE_CELL (i / 4, i % 4)], cells[i], 1e-9);
  g_settings_set_boolean (settings, "heat-map", FALSE);
  lh_gui_test_iterate_for (50);
}

/* A damaged file: its loader's message, the heuristic meanwhile, the file
 * kept; the shipped network again from the row. */
static void
test_damaged (void)
{
  g_autoptr(LhHeuristic) heuristic = default_heuristic ();
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  LhEvaluator evaluator;
  LhNtuple *none;

  lh_gui_test_set_position (window, position);
  use_network ();

  none = lh_ntuple_file_load (damaged_path, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, LH_NTUPLE_FILE_ERROR, LH_NTUPLE_FILE_ERROR_DAMAGED);
  g_settings_set_string (settings, "network-file", damaged_path);
  wait_for_terms (LH_N_TERMS);
  g_assert_true (lh_gui_test_iterate_until (subtitle_contains, error->message, 5000));
  kept = g_settings_get_string (settings, "network-file");
  g_assert_cmpstr (kept, ==, damaged_path);
  g_assert_true (lh_evaluator_group_get_learned (evaluator_group ()));

  lh_evaluator_init_heuristic (&evaluator, heuristic);
  assert_hint_values (&evaluator);

  /* "Use Shipped Network" goes back to default.lhnet. */
  {
    GtkWidget *row = lh_evaluator_group_get_network_row (evaluator_group ());
    GtkWidget *shipped = gtk_widget_get_next_sibling (row);

    g_assert_true (ADW_IS_ACTION_ROW (shipped));
    g_assert_true (gtk_widget_get_visible (shipped));
    adw_action_row_activate (ADW_ACTION_ROW (shipped));
  }
  wait_for_terms (lh_ntuple_get_n_shapes (network));
  kept = (g_free (kept), g_settings_get_string (settings, "network-file"));
  g_assert_cmpstr (kept, ==, "");
  g_assert_cmpstr (network_row_title (), ==, NETWORK_NAME);
}

/* No shipped network: a clear message, the heuristic. */
static void
test_missing_shipped (void)
{
  lh_gui_test_set_position (window, position);
  use_network ();
  g_setenv ("LOOKAHEAD_NETWORK_DIR", empty_dir, TRUE);
  g_settings_set_string (settings, "network-file", damaged_path);
  g_settings_set_string (settings, "network-file", "");
  wait_for_terms (LH_N_TERMS);
  g_assert_true (lh_gui_test_iterate_until (subtitle_contains, (gpointer) "No network ships", 5000));
  g_setenv ("LOOKAHEAD_NETWORK_DIR", net_dir, TRUE);
  g_settings_set_string (settings, "evaluator", "heuristic");
  use_network ();
}

/* A board of another size than the network's: the heuristic, with a
 * message; back on 4x4, the network again. */
static void
test_board_size (void)
{
  use_network ();
  lh_gui_test_set_position (window, "2 0 0/0 4 0/0 0 2");
  wait_for_terms (LH_N_TERMS);
  g_assert_true (lh_gui_test_iterate_until (subtitle_contains, (gpointer) "3×3", 5000));
  lh_gui_test_set_position (window, position);
  wait_for_terms (lh_ntuple_get_n_shapes (network));
  g_assert_cmpstr (network_row_title (), ==, NETWORK_NAME);
}

/* Hand-Tuned again: the heuristic's terms, sliders and values. */
static void
test_back_to_heuristic (void)
{
  g_autoptr(LhHeuristic) heuristic = default_heuristic ();
  LhEvaluator evaluator;

  lh_gui_test_set_position (window, position);
  use_network ();
  g_settings_set_string (settings, "evaluator", "heuristic");
  wait_for_terms (LH_N_TERMS);
  g_assert_true (sliders_shown ());
  g_assert_false (gtk_widget_get_visible (lh_evaluator_group_get_network_row (evaluator_group ())));
  lh_evaluator_init_heuristic (&evaluator, heuristic);
  assert_hint_values (&evaluator);
}

/* The Train… dialog's Use plays with the file it saved. */
static void
test_train_dialog_use (void)
{
  g_autofree char *path = g_build_filename (net_dir, "default.lhnet", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GList) toplevels = NULL;
  GtkWindow *dialog = NULL;

  lh_gui_test_set_position (window, position);
  g_settings_set_string (settings, "evaluator", "heuristic");
  wait_for_terms (LH_N_TERMS);
  g_action_group_activate_action (G_ACTION_GROUP (window), "train", NULL);
  lh_gui_test_iterate_for (200);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (LH_IS_TRAIN_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_signal_emit_by_name (dialog, "use-network", path);
  wait_for_terms (lh_ntuple_get_n_shapes (network));
  kept = g_settings_get_string (settings, "network-file");
  g_assert_cmpstr (kept, ==, path);
  g_assert_true (lh_evaluator_group_get_learned (evaluator_group ()));
  gtk_window_destroy (dialog);
  lh_gui_test_iterate_for (100);
}

/* Trains the network the tests compare with, and writes it and a damaged
 * copy into net_dir. */
static void
make_network (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (net_dir, "default.lhnet", NULL);
  g_autofree char *contents = NULL;
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  LhNtupleFileInfo info = { 0 };
  LhTdOptions options;
  guint n_shapes = 0;
  gsize length = 0;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", LH_GEOMETRY_DEFAULT, shapes, &n_shapes, &error));
  g_assert_no_error (error);
  network = lh_ntuple_new (LH_GEOMETRY_DEFAULT, shapes, n_shapes, &error);
  g_assert_no_error (error);
  lh_td_options_init (&options);
  options.games = TRAINING_GAMES;
  options.seed = 7;
  options.report_every = 0;
  g_assert_true (lh_td_train (network, NULL, &options, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  info.games = TRAINING_GAMES;
  info.name = (char *) NETWORK_NAME;
  g_assert_true (lh_ntuple_file_save (network, &info, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_no_error (error);

  /* A copy with one byte of its weights changed: the checksum fails. */
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpuint (length, >, 200);
  contents[length - 100] ^= 0x5a;
  damaged_path = g_build_filename (net_dir, "damaged.lhnet", NULL);
  g_assert_true (g_file_set_contents (damaged_path, contents, length, &error));
  g_assert_no_error (error);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  data_home = g_dir_make_tmp ("lookahead-learned-data-XXXXXX", &error);
  g_assert_no_error (error);
  net_dir = g_dir_make_tmp ("lookahead-learned-net-XXXXXX", &error);
  g_assert_no_error (error);
  empty_dir = g_dir_make_tmp ("lookahead-learned-none-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("LOOKAHEAD_NETWORK_DIR", net_dir, TRUE);
  if (g_getenv ("LOOKAHEAD_SEED") == NULL)
    g_setenv ("LOOKAHEAD_SEED", "42", TRUE);
  lh_gui_test_init (&argc, &argv);
  lh_engine_init ();  /* the move tables, before the training (the application's start does it again) */
  make_network ();

  settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_settings_set_boolean (settings, "live-analysis", FALSE);
  g_settings_set_boolean (settings, "show-welcome", FALSE);
  g_settings_set_boolean (settings, "inspector-visible", FALSE);
  g_settings_set_string (settings, "side-page", "heuristic");
  g_settings_set_string (settings, "solver", "expectimax");
  g_settings_set_int (settings, "ai-depth", 1);
  g_settings_set_boolean (settings, "ai-adaptive", FALSE);
  g_settings_set_uint (settings, "ai-time-budget", 0);

  window = lh_gui_test_start_application (&app);

  g_test_add_func ("/gui/learned/network", test_learned);
  g_test_add_func ("/gui/learned/damaged", test_damaged);
  g_test_add_func ("/gui/learned/missing-shipped", test_missing_shipped);
  g_test_add_func ("/gui/learned/board-size", test_board_size);
  g_test_add_func ("/gui/learned/back-to-heuristic", test_back_to_heuristic);
  g_test_add_func ("/gui/learned/train-dialog-use", test_train_dialog_use);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
  g_clear_object (&app);
  g_clear_object (&settings);
  g_clear_pointer (&network, lh_ntuple_unref);
  lh_test_remove_tree (data_home);
  lh_test_remove_tree (net_dir);
  lh_test_remove_tree (empty_dir);
  g_free (data_home);
  g_free (net_dir);
  g_free (empty_dir);
  g_free (damaged_path);
  return status;
}
