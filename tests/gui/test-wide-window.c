/* test-wide-window.c: the real window on 5x5 boards and past 32768 (issue 28).
 *
 * Starts Lookahead on an X display, chooses 5×5 in the Board Size menu's
 * action, and plays: arrow keys pressed with xdotool (each move checked by
 * the original rules against the board before it: the afterstate plus one
 * spawned 2 or 4), then the AI's Step and Auto-play (the wide search: its
 * move is one of the position's legal moves, its search tree recorded,
 * shown and exported), Review Game of that game, an MCTS hint (its tree
 * recorded too), and the
 * heat map and the breakdown of a 5x5 board past 32768.  On 4x4 by the original rules, Left merges two 32768s into a
 * 65536 that the board view shows.  Warnings are fatal (G_DEBUG), so a GTK
 * warning anywhere on the way fails the test.
 */
#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "lh-analysis.h"
#include "lh-application.h"
#include "lh-board-view.h"
#include "lh-breakdown-view.h"
#include "lh-heuristic.h"
#include "lh-heuristic-panel.h"
#include "lh-game-model.h"
#include "lh-inspector-pane.h"
#include "lh-search-tree-json.h"
#include "lh-mini-board.h"
#include "lh-review.h"
#include "lh-review-item.h"
#include "lh-review-panel.h"
#include "lh-search-record.h"
#include "lh-window.h"
#include "lh-test-util.h"
#include "lh-gui-test-util.h"

static LhApplication *app;
static LhWindow *window;
static char *window_xid;
static char *data_home;
static GSettings *settings;

static const LhGeometry five = { 5, 5 };

static LhGameModel *
model (void)
{
  return lh_window_get_model (window);
}

static gboolean
moves_reach (gpointer data)
{
  const LhGame *game = lh_game_model_get_game (model ());

  return game != NULL && lh_game_get_n_moves (game) >= GPOINTER_TO_UINT (data);
}

static guint
n_moves (void)
{
  return (guint) lh_game_get_n_moves (lh_game_model_get_game (model ()));
}

/* @after is @before moved by @move by @rules, then one 2 or 4 spawned on a
 * cell the move left empty. */
static void
assert_move_and_spawn (LhWideBoard before, LhWideBoard after, LhGeometry g, LhRules rules, LhMove move)
{
  LhWideBoard afterstate = lh_rules_move (rules, before, g, move, NULL);
  guint spawned = 0;

  g_assert_true (afterstate != before);
  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      {
        guint a = lh_wide_board_get_cell (afterstate, r, c), b = lh_wide_board_get_cell (after, r, c);

        if (a == b)
          continue;
        g_assert_cmpuint (a, ==, 0);
        g_assert_true (b == 1 || b == 2);
        spawned++;
      }
  g_assert_cmpuint (spawned, ==, 1);
}

/* A label under @widget whose text holds @needle, or NULL. */
static GtkWidget *
find_label (GtkWidget *widget, const char *needle)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, needle);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The 5×5 entry of the Board Size menu starts a 5x5 game by the original
 * rules (no move was played, so no question is asked). */
static void
test_new_5x5 (void)
{
  g_action_group_change_action_state (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("5x5"));
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_geometry_equal (lh_game_model_get_geometry (model ()), five));
  g_assert_cmpint (lh_game_model_get_rules (model ()), ==, LH_RULES_2048);
  g_assert_cmpint (g_settings_get_int (settings, "board-rows"), ==, 5);
  g_assert_cmpint (g_settings_get_int (settings, "board-cols"), ==, 5);
  g_assert_cmpuint (lh_wide_board_count_empty (lh_game_model_get_wide_board (model ()), five), ==, 23);
  g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window))
                 == lh_game_model_get_wide_board (model ()));
  /* The board view is as tall as wide, five cells a side. */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (lh_window_get_board_view (window))), >=,
                   5 * 56);
}

/* The arrow keys play the board by its rules; the view follows. */
static void
test_keys (void)
{
  static const struct { const char *key; LhMove move; } keys[] = {
    { "Left", LH_MOVE_LEFT }, { "Up", LH_MOVE_UP }, { "Right", LH_MOVE_RIGHT }, { "Down", LH_MOVE_DOWN },
  };
  guint played = 0;

  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
  for (guint round = 0; round < 6; round++)
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        LhWideBoard before = lh_game_model_get_wide_board (model ());
        guint legal = lh_rules_legal_moves (LH_RULES_2048, before, five);
        guint n = n_moves ();

        if (!(legal & (1u << keys[i].move)))
          continue;
        lh_gui_test_press (keys[i].key);
        if (!lh_gui_test_iterate_until (moves_reach, GUINT_TO_POINTER (n + 1), 5000))
          g_error ("pressing %s did not play on the 5x5 board", keys[i].key);
        assert_move_and_spawn (before, lh_game_model_get_wide_board (model ()), five, LH_RULES_2048,
                               keys[i].move);
        lh_board_view_finish_animation (lh_window_get_board_view (window));
        g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window))
                       == lh_game_model_get_wide_board (model ()));
        played++;
      }
  g_assert_cmpuint (played, >=, 12);
}

/* TRUE when the tree view @view has laid out the tree it was given (an
 * LhGuiTestCondition). */
static gboolean
layout_done (gpointer view)
{
  return lh_tree_view_get_tree (LH_TREE_VIEW (view)) != NULL
         && !lh_tree_view_is_laying_out (LH_TREE_VIEW (view));
}

/* Step: the wide expectimax plays one of the legal moves and records its
 * tree, which the inspector shows and exports. */
static void
test_step (void)
{
  LhWideBoard before = lh_game_model_get_wide_board (model ());
  guint n = n_moves ();
  LhSearchRecord *record;
  const LhSolverResult *result;

  g_settings_set_string (settings, "solver", "expectimax");
  g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
  if (!lh_gui_test_iterate_until (moves_reach, GUINT_TO_POINTER (n + 1), 20000))
    g_error ("Step did not play on the 5x5 board: %s", lh_analysis_get_status (lh_window_get_analysis (window)));
  record = lh_analysis_get_record (lh_window_get_analysis (window));
  g_assert_nonnull (record);
  result = lh_search_record_get_result (record);
  g_assert_true (lh_search_record_get_wide_board (record) == before);
  g_assert_true (lh_geometry_equal (lh_search_record_get_geometry (record), five));
  g_assert_cmpint (result->move, >=, 0);
  g_assert_true (lh_rules_legal_moves (LH_RULES_2048, before, five) & (1u << result->move));
  assert_move_and_spawn (before, lh_game_model_get_wide_board (model ()), five, LH_RULES_2048,
                         (LhMove) result->move);
  /* The wide expectimax records its tree: a step a depth, each a wide
   * record of this board; the inspector shows the last and exports it. */
  {
    /* Kept: the window's analysis moves on. */
    g_autoptr(LhSearchRecord) kept = lh_search_record_ref (record);
    const LhSearchTree *tree = lh_search_record_get_tree (kept);
    /* An inspector of its own: the window's follows its analysis, which
     * moves on to the next position. */
    GtkWidget *holder = gtk_window_new ();
    LhInspectorPane *inspector = LH_INSPECTOR_PANE (lh_inspector_pane_new ());
    g_autofree char *dir = g_dir_make_tmp ("lookahead-wide-tree-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
    g_autoptr(LhSearchTree) back = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_nonnull (tree);
    g_assert_true (lh_search_tree_is_wide (tree));
    g_assert_true (lh_search_tree_get_wide_board (tree, lh_search_tree_get_node (tree, 0)) == before);
    g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), >, 1);
    g_assert_cmpuint (lh_search_record_get_n_steps (record), ==, result->depth);
    gtk_window_set_child (GTK_WINDOW (holder), GTK_WIDGET (inspector));
    gtk_window_set_default_size (GTK_WINDOW (holder), 900, 700);
    gtk_window_present (GTK_WINDOW (holder));
    lh_inspector_pane_set_record (inspector, kept);
    lh_inspector_pane_set_step (inspector, lh_search_record_get_n_steps (kept) - 1);
    /* The tree is laid out on a thread: wait for it, not for a time. */
    if (!lh_gui_test_iterate_until (layout_done, lh_inspector_pane_get_tree_view (inspector), 30000))
      g_error ("the wide tree was not laid out");
    g_assert_true (lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (inspector)) == tree);
    g_assert_true (lh_inspector_pane_export (inspector, path, &error));
    g_assert_no_error (error);
    back = lh_search_tree_new_from_json_file (path, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (lh_search_tree_is_wide (back));
    g_assert_cmpuint (lh_search_tree_get_n_nodes (back), ==, lh_search_tree_get_n_nodes (tree));
    g_unlink (path);
    g_rmdir (dir);
    gtk_window_destroy (GTK_WINDOW (holder));
  }
}

/* Auto-play plays on by itself until stopped. */
static void
test_autoplay (void)
{
  guint n = n_moves ();

  g_settings_set_uint (settings, "autoplay-delay", 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  if (!lh_gui_test_iterate_until (moves_reach, GUINT_TO_POINTER (n + 20), 60000))
    g_error ("auto-play played %u moves on the 5x5 board: %s", n_moves () - n,
             lh_analysis_get_status (lh_window_get_analysis (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  lh_gui_test_iterate_for (300);
  g_assert_false (lh_analysis_get_autoplay (lh_window_get_analysis (window)));
  n = n_moves ();
  lh_gui_test_iterate_for (500);
  g_assert_cmpuint (n_moves (), ==, n);
  g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window))
                 == lh_game_model_get_wide_board (model ()));
}

static LhReview *
review (void)
{
  return lh_review_panel_get_review (lh_window_get_review_panel (window));
}


/* Review Game on the 5x5 game played so far: every move reviewed (by the
 * heuristic: the shipped network is 4x4's), and a move chosen puts its 5x5
 * position on the board and on the review's mini board. */
static void
test_review (void)
{
  GListModel *moves;
  LhGameRecord *record;
  GtkWidget *mini;
  guint n;

  g_action_group_activate_action (G_ACTION_GROUP (window), "review-game", NULL);
  if (!lh_gui_test_iterate_until (lh_gui_test_review_done, window, 60000))
    {
      g_autofree char *status = NULL;

      g_object_get (review (), "status", &status, NULL);
      g_error ("the review of the 5x5 game did not finish: %s", status);
    }
  record = lh_review_get_record (review ());
  n = lh_game_record_get_n_moves (record);
  g_assert_cmpuint (n, ==, n_moves ());
  g_assert_true (lh_geometry_equal (lh_game_record_get_geometry (record), five));
  /* The heuristic's values are no points: the graph's legend says so. */
  g_assert_cmpint (lh_review_get_unit (review ()), ==, LH_REVIEW_UNIT_SOLVER);
  g_assert_nonnull (find_label (GTK_WIDGET (lh_window_get_review_panel (window)), "in its own units"));
  moves = lh_review_get_moves (review ());
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(LhReviewItem) item = g_list_model_get_item (moves, i);
      const LhReviewMove *move = lh_review_item_get_move (item);

      g_assert_true (move->board == lh_game_record_get_wide_board (record, i));
      g_assert_true (move->legal[move->best]);
      g_assert_cmpfloat (move->error, >=, 0.0);
    }

  lh_review_set_selected (review (), 3);
  lh_review_set_browsing (review (), TRUE);
  lh_gui_test_iterate_for (300);
  lh_board_view_finish_animation (lh_window_get_board_view (window));
  g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window))
                 == lh_game_record_get_wide_board (record, 3));
  mini = lh_gui_test_find_descendant (GTK_WIDGET (lh_window_get_review_panel (window)), LH_TYPE_MINI_BOARD);
  g_assert_nonnull (mini);
  g_assert_true (lh_mini_board_get_wide_board (LH_MINI_BOARD (mini)) == lh_game_record_get_wide_board (record, 3));
  lh_review_set_browsing (review (), FALSE);
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window))
                 == lh_game_model_get_wide_board (model ()));
}

/* MCTS on 5x5: a hint gives one of the legal moves, its visits summing to
 * the iterations; no tree is recorded there either. */
static void
test_mcts_hint (void)
{
  LhWideBoard board = lh_game_model_get_wide_board (model ());
  LhSearchRecord *record;
  const LhSolverResult *result;
  guint64 visits = 0;

  g_settings_set_uint (settings, "mcts-iterations", 200);
  g_settings_set_string (settings, "solver", "mcts");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_gui_test_analysis_done, window, 30000))
    g_error ("no MCTS hint on 5x5: %s", lh_analysis_get_status (lh_window_get_analysis (window)));
  record = lh_analysis_get_record (lh_window_get_analysis (window));
  result = lh_search_record_get_result (record);
  g_assert_cmpint (lh_search_record_get_solver (record), ==, LH_SOLVER_MCTS);
  g_assert_true (lh_search_record_get_wide_board (record) == board);
  g_assert_true (lh_rules_legal_moves (LH_RULES_2048, board, five) & (1u << result->move));
  for (guint m = 0; m < LH_N_MOVES; m++)
    visits += result->visits[m];
  g_assert_cmpuint (visits, ==, 200);
  /* MCTS records its tree on 5x5 too: its root's children are the moves'
   * visits. */
  g_assert_nonnull (lh_search_record_get_tree (record));
  g_assert_true (lh_search_tree_is_wide (lh_search_record_get_tree (record)));
  g_assert_true (lh_search_tree_get_wide_board (lh_search_record_get_tree (record),
                                                lh_search_tree_get_node (lh_search_record_get_tree (record), 0))
                 == board);
  g_assert_cmpuint (lh_search_tree_get_node (lh_search_record_get_tree (record), 0)->visits, ==, 200);
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==, result->move);
  g_settings_set_string (settings, "solver", "expectimax");
}

static gboolean
heat_shown (gpointer data)
{
  return lh_board_view_get_heat_map (lh_window_get_board_view (window), NULL);
}

/* The heat map and the breakdown on 5x5 past 32768: the snake preset's
 * per-cell terms on every tile (lh_heuristic_cell_contributions_wide()),
 * the breakdown's Total the heuristic's value of the board. */
static void
test_heat_map_and_breakdown (void)
{
  LhHeuristicPanel *panel = LH_HEURISTIC_PANEL (lh_gui_test_find_descendant (GTK_WIDGET (window),
                                                                              LH_TYPE_HEURISTIC_PANEL));
  LhBreakdownView *view = LH_BREAKDOWN_VIEW (lh_gui_test_find_descendant (GTK_WIDGET (window),
                                                                         LH_TYPE_BREAKDOWN_VIEW));
  double shown[LH_WIDE_N_CELLS], cells[LH_WIDE_N_CELLS], total = 0;
  LhHeuristicParams params;
  g_autoptr(LhHeuristic) heuristic = NULL;
  LhWideBoard board;

  lh_gui_test_set_position (window, "32768 16384 8192 4096 2048/65536 2 4 8 16/0 0 0 0 0/"
                                    "0 0 0 0 0/131072 0 0 0 2");
  board = lh_game_model_get_wide_board (model ());
  g_assert_true (lh_heuristic_panel_select_preset (panel, "snake"));
  g_settings_set_boolean (settings, "heat-map", TRUE);
  /* A 5x5 heuristic is rebuilt once the weights rest (200 ms). */
  if (!lh_gui_test_iterate_until (heat_shown, NULL, 5000))
    g_error ("no heat map on 5x5");
  lh_gui_test_iterate_for (400);
  lh_heuristic_panel_get_params (panel, &params);
  g_assert_true (lh_board_view_get_heat_map (lh_window_get_board_view (window), shown));
  g_assert_true (lh_heuristic_cell_contributions_wide (&params, five, board, cells));
  for (guint i = 0; i < LH_WIDE_N_CELLS; i++)
    g_assert_cmpfloat_with_epsilon (shown[i], cells[i], 1e-9 * MAX (1, fabs (cells[i])));
  g_assert_cmpfloat (shown[LH_WIDE_CELL (4, 0)], >, 0);  /* the 131072, bottom left */

  heuristic = lh_heuristic_new (&params, five);
  g_assert_cmpuint (lh_breakdown_view_get_n_terms (view), ==, LH_N_TERMS);
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, LH_N_TERMS, &total));
  g_assert_cmpfloat_with_epsilon (total, lh_heuristic_evaluate_wide (heuristic, board),
                                  1e-6 * MAX (1, fabs (total)));

  g_settings_set_boolean (settings, "heat-map", FALSE);
  g_assert_true (lh_heuristic_panel_select_preset (panel, "balanced"));
  lh_gui_test_iterate_for (400);
}

/* Board Size › Tiles Past 32768 in New Games: a new 4x4 game by the
 * original rules; off again, capped as before.  The game in progress
 * keeps its rules. */
static void
test_original_rules_new_game (void)
{
  g_autoptr(GVariant) state = NULL;
  GtkWindow *dialog;

  g_assert_cmpint (lh_game_model_get_rules (model ()), ==, LH_RULES_2048);  /* the 5x5 game */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "original-rules", g_variant_new_boolean (TRUE));
  g_assert_true (g_settings_get_boolean (settings, "original-rules"));
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "original-rules");
  g_assert_true (g_variant_get_boolean (state));

  /* Moves were played: a new game of another size is asked first. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("4x4"));
  lh_gui_test_iterate_for (200);
  dialog = lh_window_get_dialog (window);
  g_assert_nonnull (dialog);
  lh_gui_test_answer_dialog (dialog, "new");
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_geometry_equal (lh_game_model_get_geometry (model ()), LH_GEOMETRY_DEFAULT));
  g_assert_cmpint (lh_game_model_get_rules (model ()), ==, LH_RULES_2048);

  g_settings_set_boolean (settings, "original-rules", FALSE);
  /* No move was played in that game: no question. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  lh_gui_test_iterate_for (300);
  g_assert_cmpint (lh_game_model_get_rules (model ()), ==, LH_RULES_2048_CAPPED);
  g_assert_cmpuint (n_moves (), ==, 0);
  /* The question's window had the keyboard (no window manager gives it back). */
  lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", window_xid, NULL });
  lh_gui_test_iterate_for (300);
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
}

/* On 4x4 by the original rules two 32768s merge into 65536; the board view
 * shows it, and a hint searches the board past 32768. */
static void
test_past_32768 (void)
{
  static const LhGeometry four = { 4, 4 };
  LhWideBoard board;
  guint n;

  lh_gui_test_set_position (window, "32768 32768 0 2/65536 4 0 0/0 0 0 0/0 0 0 0");
  g_assert_cmpint (lh_game_model_get_rules (model ()), ==, LH_RULES_2048);
  n = n_moves ();
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
  lh_gui_test_press ("Left");
  if (!lh_gui_test_iterate_until (moves_reach, GUINT_TO_POINTER (n + 1), 5000))
    g_error ("Left did not play");
  board = lh_game_model_get_wide_board (model ());
  g_assert_cmpuint (lh_wide_board_get_cell (board, 0, 0), ==, 16);  /* 65536 */
  g_assert_cmpuint (lh_wide_board_get_cell (board, 1, 0), ==, 16);
  g_assert_cmpuint (lh_game_model_get_score (model ()), ==, 100 + 65536);
  lh_board_view_finish_animation (lh_window_get_board_view (window));
  g_assert_true (lh_board_view_get_wide_board (lh_window_get_board_view (window)) == board);
  /* The 64-bit board does not hold it: the view's narrow board says so. */
  g_assert_cmpuint (lh_board_view_get_board (lh_window_get_board_view (window)), ==, 0);
  g_assert_false (lh_game_board_fits (lh_game_model_get_game (model ())));

  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_gui_test_analysis_done, window, 20000))
    g_error ("no hint past 32768: %s", lh_analysis_get_status (lh_window_get_analysis (window)));
  g_assert_true (lh_rules_legal_moves (LH_RULES_2048, board, four)
                 & (1u << lh_search_record_get_result (lh_analysis_get_record (lh_window_get_analysis (window)))->move));
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==,
                   lh_search_record_get_result (lh_analysis_get_record (lh_window_get_analysis (window)))->move);
}

int
main (int argc, char **argv)
{
  int status;

  data_home = lh_gui_test_fresh_dirs ("lookahead-wide-XXXXXX");
  lh_gui_test_init (&argc, &argv);
  settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_settings_set_boolean (settings, "show-welcome", FALSE);
  g_settings_set_boolean (settings, "live-analysis", FALSE);
  g_settings_set_string (settings, "solver", "expectimax");
  g_settings_set_string (settings, "evaluator", "heuristic");
  g_settings_set_int (settings, "ai-depth", 2);
  g_settings_set_boolean (settings, "ai-adaptive", FALSE);
  window = lh_gui_test_start_on_x11 (&app, &window_xid);
  if (window == NULL)
    return 0;

  g_test_add_func ("/wide-window/new-5x5", test_new_5x5);
  g_test_add_func ("/wide-window/keys", test_keys);
  g_test_add_func ("/wide-window/step", test_step);
  g_test_add_func ("/wide-window/autoplay", test_autoplay);
  g_test_add_func ("/wide-window/review", test_review);
  g_test_add_func ("/wide-window/mcts-hint", test_mcts_hint);
  g_test_add_func ("/wide-window/heat-map-and-breakdown", test_heat_map_and_breakdown);
  g_test_add_func ("/wide-window/original-rules-new-game", test_original_rules_new_game);
  g_test_add_func ("/wide-window/past-32768", test_past_32768);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
  g_clear_object (&app);
  g_clear_object (&settings);
  lh_test_remove_tree (data_home);
  g_free (data_home);
  g_free (window_xid);
  return status;
}
