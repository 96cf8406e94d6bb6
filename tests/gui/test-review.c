/* test-review.c: the review of a game in the real window, driven by real
 * keys and clicks (xdotool) on its own X display.
 *
 * A 2x3 game (the exact solver reviews it) played with the arrow keys to
 * its end; Ctrl+R reviews it: the Review page comes up, the moves fill in,
 * the summary's identity holds; a click on the graph selects the move under
 * the pointer and the mini board shows it; the graph's keys step and find
 * the next mistake; Next Mistake agrees; every move has an accessible name
 * and the graph reads the selected one out; Try Again From Here puts the
 * position before the selected move on the board while the reviewed game
 * stays in the review.  A chosen move's position shows on the main board
 * with the reviewer's analysis, the arrows step, Escape goes back.  The
 * tutor speaks after a poor move, and its Undo takes it back.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "lh-application.h"
#include "lh-gui-test-util.h"
#include "lh-mini-board.h"
#include "lh-move-chart.h"
#include "lh-review-graph.h"
#include "lh-review-panel.h"
#include "lh-test-util.h"
#include "lh-window.h"

static LhApplication *app;
static LhWindow *window;
static char *window_xid;
static char *data_home;

static void
press (const char *key)
{
  lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", key, NULL });
}

/* Moves the real pointer to (@x, @y) of @widget and clicks. */
static void
click_at (GtkWidget *widget, double x, double y)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double sx = 0, sy = 0;
  char xs[32], ys[32];

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &in, &out));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (xs, sizeof xs, "%d", (int) (out.x + sx));
  g_snprintf (ys, sizeof ys, "%d", (int) (out.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, xs, ys, NULL });
  lh_gui_test_iterate_for (50);
  lh_gui_test_xdotool ((const char *[]) { "click", "1", NULL });
  lh_gui_test_iterate_for (150);
}

static LhReview *
review (void)
{
  return lh_review_panel_get_review (lh_window_get_review_panel (window));
}


static gboolean
board_changed (gpointer data)
{
  return lh_game_model_get_board (lh_window_get_model (window)) != *(LhBoard *) data;
}

/* The Review page is shown and its graph laid out. */
static gboolean
panel_mapped (gpointer data)
{
  GtkWidget *graph = lh_review_panel_get_graph (lh_window_get_review_panel (window));

  return gtk_widget_get_mapped (graph) && gtk_widget_get_width (graph) > 100;
}

/* Plays the 2x3 game to its end with the arrow keys. */
static void
play_to_the_end (void)
{
  static const char *const keys[] = { "Left", "Down", "Right", "Down", "Up" };
  LhGameModel *model = lh_window_get_model (window);

  for (guint i = 0; i < 400 && !lh_game_model_is_over (model); i++)
    {
      LhBoard before = lh_game_model_get_board (model);

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          LhMove move = (LhMove) (k == 0 ? LH_MOVE_LEFT : k == 1 || k == 3 ? LH_MOVE_DOWN
                                  : k == 2 ? LH_MOVE_RIGHT : LH_MOVE_UP);

          if (lh_board_move (before, lh_game_model_get_geometry (model), move, NULL) == before)
            continue;
          press (keys[k]);
          g_assert_true (lh_gui_test_iterate_until (board_changed, &before, 3000));
          break;
        }
      /* The Game Over dialog: closed, to review from the menu's key. */
      if (lh_window_get_dialog (window) != NULL)
        {
          press ("Escape");
          lh_gui_test_iterate_for (300);
        }
    }
  g_assert_true (lh_game_model_is_over (model));
  if (lh_window_get_dialog (window) != NULL)
    {
      press ("Escape");
      lh_gui_test_iterate_for (300);
    }
}

static gboolean
selected_is (gpointer data)
{
  return lh_review_get_selected (review ()) == GPOINTER_TO_INT (data);
}

/* The selection reaches @index (a key or a click is handled by the main
 * loop after xdotool returns, later under the sanitizers). */
static gboolean
wait_selected (int index)
{
  return lh_gui_test_iterate_until (selected_is, GINT_TO_POINTER (index), 10000);
}

static gboolean
not_browsing (gpointer data)
{
  return !lh_review_get_browsing (review ());
}

static gboolean
analysis_current (gpointer data)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);

  return !lh_analysis_is_searching (analysis) && !lh_analysis_is_pending (analysis)
         && lh_analysis_get_record (analysis) != NULL && !lh_analysis_get_stale (analysis);
}

static gboolean
animation_done (gpointer data)
{
  return !lh_board_view_is_animating (lh_window_get_board_view (window));
}

/* A chosen move's position on the main board: the board, the analysis by
 * the reviewer (the review's values), the played and best moves marked,
 * the bar; the arrows step, a move key is refused, Escape goes back. */
static void
test_browse (LhGameRecord *record, LhBoard final_board)
{
  LhGameModel *model = lh_window_get_model (window);
  LhBoardView *board_view = lh_window_get_board_view (window);
  LhAnalysis *analysis = lh_window_get_analysis (window);
  GtkWidget *bar = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW, "review_bar");
  GtkWidget *bar_label = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                        "review_bar_label");
  g_autoptr(LhReviewItem) item = NULL;
  const LhReviewMove *move;
  const LhSolverResult *result;
  guint n = lh_game_record_get_n_moves (record);

  /* Chosen on the graph before: Back to Game hides it. */
  g_assert_true (lh_review_get_browsing (review ()));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-back", NULL));
  lh_gui_test_iterate_for (100);
  g_assert_false (lh_review_get_browsing (review ()));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (bar)));
  g_assert_cmphex (lh_board_view_get_board (board_view), ==, final_board);
  lh_review_set_selected (review (), 2);
  g_assert_true (lh_review_get_browsing (review ()));
  g_assert_true (lh_gui_test_iterate_until (analysis_current, NULL, 20000));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (bar)));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (bar_label)), "Move 3 of "));
  g_assert_cmphex (lh_board_view_get_board (board_view), ==, lh_game_record_get_board (record, 2));
  g_assert_cmphex (lh_game_model_get_board (model), ==, final_board);
  g_assert_true (lh_game_model_get_read_only (lh_analysis_get_model (analysis)));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "step"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "autoplay"));
  /* Undo would take back a move of the game out of view: it is off, and
   * Ctrl+Z changes nothing. */
  g_assert_true (lh_game_model_can_undo (model));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  press ("ctrl+z");
  lh_gui_test_iterate_for (200);
  g_assert_cmphex (lh_game_model_get_board (model), ==, final_board);
  g_assert_true (lh_review_get_browsing (review ()));

  /* The analysis is the reviewer's: its values are the review's. */
  item = lh_review_get_selected_item (review ());
  move = lh_review_item_get_move (item);
  result = lh_search_record_get_result (lh_analysis_get_record (analysis));
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (result->legal[m], ==, move->legal[m]);
      if (move->legal[m])
        g_assert_cmpfloat (fabs (result->values[m] - move->values[m]), <=,
                           1e-9 * MAX (1.0, fabs (move->values[m])));
    }
  g_assert_cmpint (lh_board_view_get_played (board_view), ==, move->played);
  g_assert_cmpint (lh_board_view_get_hint (board_view), ==, result->move);
  g_assert_nonnull (strstr (lh_move_chart_get_detail_text (lh_window_get_move_chart (window), move->played),
                            "played"));

  /* The arrows step through the game from the board; a move key plays nothing. */
  gtk_widget_grab_focus (GTK_WIDGET (board_view));
  press ("Right");
  g_assert_true (wait_selected (3));
  g_assert_true (lh_gui_test_iterate_until (animation_done, NULL, 3000));
  g_assert_cmphex (lh_board_view_get_board (board_view), ==, lh_game_record_get_board (record, 3));
  press ("Left");
  g_assert_true (wait_selected (2));
  press ("End");
  g_assert_true (wait_selected ((int) n - 1));
  press ("Up");
  press ("w");
  lh_gui_test_iterate_for (200);
  g_assert_cmphex (lh_game_model_get_board (model), ==, final_board);
  g_assert_true (lh_review_get_browsing (review ()));

  /* Escape: the game played is back on the board, with its analysis. */
  press ("Escape");
  g_assert_true (lh_gui_test_iterate_until (not_browsing, NULL, 5000));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (bar)));
  g_assert_cmphex (lh_board_view_get_board (board_view), ==, final_board);
  g_assert_true (lh_analysis_get_model (analysis) == model);
  g_assert_cmpint (lh_board_view_get_played (board_view), ==, LH_MOVE_NONE);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
}

static void
test_review (void)
{
  LhGameModel *model = lh_window_get_model (window);
  LhReviewPanel *panel = lh_window_get_review_panel (window);
  GtkWidget *graph = lh_review_panel_get_graph (panel);
  LhGameRecord *record;
  LhReviewSummary summary;
  LhBoard final_board;
  guint n;
  int selected;

  play_to_the_end ();
  final_board = lh_game_model_get_board (model);

  /* Ctrl+R: the Review page, the moves, the summary. */
  press ("ctrl+r");
  g_assert_true (lh_gui_test_iterate_until (lh_gui_test_review_done, window, 20000));
  g_assert_true (lh_gui_test_iterate_until (panel_mapped, NULL, 3000));
  /* The board keeps the game until a move is chosen. */
  g_assert_false (lh_review_get_browsing (review ()));
  record = lh_review_get_record (review ());
  n = lh_game_record_get_n_moves (record);
  g_assert_cmpuint (n, >, 4);
  g_assert_cmphex (lh_game_record_get_board (record, n), ==, final_board);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (lh_game_record_get_step (record, i)->player, ==, LH_PLAYER_PERSON);
  g_assert_true (lh_review_get_summary (review (), &summary));
  g_assert_cmpuint (summary.n_reviewed, ==, n);
  g_assert_cmpfloat (fabs (summary.identity_gap), <, 1e-6);
  g_assert_cmpfloat (summary.end_outcome, ==, (double) lh_game_model_get_score (model));

  /* A click on the graph selects the move under the pointer. */
  {
    int width = gtk_widget_get_width (graph);
    double x = width * 0.7;
    int expected = lh_review_graph_index_at (LH_REVIEW_GRAPH (graph), x);
    GtkWidget *mini = lh_gui_test_find_descendant (GTK_WIDGET (panel), LH_TYPE_MINI_BOARD);

    g_assert_cmpint (expected, >, 0);
    click_at (graph, x, gtk_widget_get_height (graph) / 2.0);
    g_assert_true (wait_selected (expected));
    g_assert_nonnull (mini);
    g_assert_true (gtk_widget_get_visible (mini));
    g_assert_cmphex (lh_mini_board_get_board (LH_MINI_BOARD (mini)), ==,
                     lh_game_record_get_board (record, (guint) expected));
    g_assert_true (gtk_widget_has_focus (graph));
    /* Chosen: its position is on the main board. */
    g_assert_true (lh_review_get_browsing (review ()));
    g_assert_cmphex (lh_board_view_get_board (lh_window_get_board_view (window)), ==,
                     lh_game_record_get_board (record, (guint) expected));
  }

  /* Its keys: Left steps back, Home to the start, End to the last move. */
  selected = lh_review_get_selected (review ());
  press ("Left");
  g_assert_true (wait_selected (selected - 1));
  press ("Home");
  g_assert_true (wait_selected (0));
  press ("End");
  g_assert_true (wait_selected ((int) n - 1));
  /* The board did not move: the keys went to the graph. */
  g_assert_cmphex (lh_game_model_get_board (model), ==, final_board);

  /* N: the first mistake after the start, as Next Mistake finds it. */
  press ("Home");
  g_assert_true (wait_selected (0));
  {
    int first = -1;

    for (guint i = 0; i < n && first < 0; i++)
      {
        g_autoptr(LhReviewItem) item = g_list_model_get_item (lh_review_get_moves (review ()), i);

        if (lh_review_item_get_move (item)->error_class != LH_ERROR_NONE)
          first = (int) i;
      }
    press ("n");
    if (first > 0)
      g_assert_true (wait_selected (first));
    else
      {
        lh_gui_test_iterate_for (300);
        g_assert_cmpint (lh_review_get_selected (review ()), ==, 0);
      }
  }

  /* The list of mistakes: each row is named by its move for screen readers. */
  {
    GtkWidget *list = lh_review_panel_get_mistake_list (panel);
    GListModel *shown = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
    guint rows = 0;

    for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
      {
        GtkWidget *box = gtk_widget_get_first_child (row);
        const char *title;

        if (box == NULL || !GTK_IS_BOX (box) || !gtk_widget_get_visible (row))
          continue;
        title = gtk_label_get_label (GTK_LABEL (gtk_widget_get_first_child (box)));
        for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
          {
            g_autoptr(LhReviewItem) item = g_list_model_get_item (shown, i);
            g_autofree char *item_title = NULL;

            g_object_get (item, "title", &item_title, NULL);
            if (g_strcmp0 (item_title, title) == 0)
              {
                gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     lh_review_item_get_accessible_label (item));
                rows++;
                break;
              }
          }
      }
    if (g_list_model_get_n_items (shown) > 0)
      g_assert_cmpuint (rows, >, 0);
  }

  /* Accessible names: each move's, and the graph's value text. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(LhReviewItem) item = g_list_model_get_item (lh_review_get_moves (review ()), i);
      g_autofree char *prefix = g_strdup_printf ("Move %u, ", i + 1);

      g_assert_true (g_str_has_prefix (lh_review_item_get_accessible_label (item), prefix));
      if (lh_review_item_get_move (item)->error_class != LH_ERROR_NONE)
        g_assert_nonnull (strstr (lh_review_item_get_accessible_label (item), ", lost "));
    }
  {
    g_autoptr(LhReviewItem) item = lh_review_get_selected_item (review ());

    g_assert_nonnull (item);
    gtk_test_accessible_assert_property (graph, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                         lh_review_item_get_accessible_label (item));
  }

  /* Stepping through the game on the main board. */
  test_browse (record, final_board);

  /* Try Again From Here: the position before the selected move is on the
   * board, a new game; the review keeps the old one. */
  lh_review_set_selected (review (), 2);
  lh_gui_test_iterate_for (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.try-again", NULL));
  lh_gui_test_iterate_for (200);
  g_assert_cmphex (lh_game_model_get_board (model), ==, lh_game_record_get_board (record, 2));
  g_assert_cmpuint (lh_game_model_get_score (model), ==, lh_game_record_get_score (record, 2));
  g_assert_false (lh_game_model_is_over (model));
  g_assert_true (lh_review_get_record (review ()) == record);
  g_assert_cmpuint (g_list_model_get_n_items (lh_review_get_moves (review ())), ==, n);

  /* The second try, played with a key, is judged in a toast; the review
   * and its selection stay. */
  {
    LhBoard before = lh_game_model_get_board (model);
    const char *keys[] = { "Left", "Right", "Up", "Down" };

    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        LhMove move = k == 0 ? LH_MOVE_LEFT : k == 1 ? LH_MOVE_RIGHT : k == 2 ? LH_MOVE_UP : LH_MOVE_DOWN;

        if (lh_board_move (before, lh_game_model_get_geometry (model), move, NULL) == before)
          continue;
        gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
        press (keys[k]);
        g_assert_true (lh_gui_test_iterate_until (board_changed, &before, 3000));
        break;
      }
    lh_gui_test_iterate_for (200);
    g_assert_cmpint (lh_review_get_selected (review ()), ==, 2);
    g_assert_true (lh_review_get_record (review ()) == record);
  }
}

static gboolean
tutor_active (gpointer data)
{
  return lh_tutor_get_active (lh_window_get_tutor (window));
}

static gboolean
judged_more (gpointer data)
{
  return lh_tutor_get_n_judged (lh_window_get_tutor (window)) > GPOINTER_TO_UINT (data);
}

/* Where the board's top left corner is in the window. */
static graphene_point_t
board_origin (void)
{
  graphene_point_t at = GRAPHENE_POINT_INIT (0, 0), origin;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (lh_window_get_board_view (window)), GTK_WIDGET (window),
                                           &at, &origin));
  return origin;
}

/* The tutor: off by default; on, a bad move of the person's gets a verdict
 * in the bar under the board (which stays where it is), and its Undo takes
 * the move back. */
static void
test_tutor (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhGameModel *model = lh_window_get_model (window);
  LhTutor *tutor = lh_window_get_tutor (window);
  GtkWidget *bar = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                "tutor_bar");
  static const char *const keys[] = { "Up", "Right", "Down", "Left" };
  static const LhMove moves[] = { LH_MOVE_UP, LH_MOVE_RIGHT, LH_MOVE_DOWN, LH_MOVE_LEFT };
  LhBoard before = 0;

  graphene_point_t origin = board_origin (), shown;

  g_assert_false (g_settings_get_boolean (settings, "tutor"));
  g_settings_set_string (settings, "tutor-class", "inaccuracy");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.tutor", NULL));
  g_assert_true (g_settings_get_boolean (settings, "tutor"));
  lh_game_model_new_game (model, lh_game_model_get_geometry (model));
  lh_gui_test_iterate_for (200);
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));

  /* A poor player's keys (Up first) until the tutor speaks. */
  for (guint i = 0; i < 60 && !lh_game_model_is_over (model) && !tutor_active (NULL); i++)
    {
      guint judged = lh_tutor_get_n_judged (tutor);

      before = lh_game_model_get_board (model);
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          if (lh_board_move (before, lh_game_model_get_geometry (model), moves[k], NULL) == before)
            continue;
          press (keys[k]);
          g_assert_true (lh_gui_test_iterate_until (board_changed, &before, 3000));
          break;
        }
      /* Judged (a verdict or none) before the next move. */
      g_assert_true (lh_gui_test_iterate_until (judged_more, GUINT_TO_POINTER (judged), 20000));
    }
  g_assert_true (tutor_active (NULL));
  g_assert_true (g_str_has_prefix (lh_tutor_get_message (tutor), "Move "));
  g_assert_nonnull (strstr (lh_tutor_get_message (tutor), "the AI preferred"));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (bar)));
  /* The bar, shown, has not moved the board (it pushed it down when it was
   * over it). */
  lh_gui_test_iterate_for (gtk_revealer_get_transition_duration (GTK_REVEALER (bar)) + 200);
  g_assert_true (gtk_revealer_get_child_revealed (GTK_REVEALER (bar)));
  shown = board_origin ();
  g_assert_cmpfloat (shown.x, ==, origin.x);
  g_assert_cmpfloat (shown.y, ==, origin.y);

  /* Undo in the bar: the move is taken back, the verdict goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  lh_gui_test_iterate_for (200);
  g_assert_cmphex (lh_game_model_get_board (model), ==, before);
  g_assert_false (tutor_active (NULL));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (bar)));

  /* Off: no verdict. */
  g_settings_set_boolean (settings, "tutor", FALSE);
}

int
main (int argc, char **argv)
{
  int status;

  data_home = lh_gui_test_fresh_dirs ("lookahead-review-XXXXXX");
  lh_gui_test_init (&argc, &argv);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_int (settings, "board-rows", 2);
    g_settings_set_int (settings, "board-cols", 3);
    g_settings_set_boolean (settings, "show-welcome", FALSE);
    /* The AI does not analyse every position: the test's keys decide. */
    g_settings_set_boolean (settings, "live-analysis", FALSE);
  }
  window = lh_gui_test_start_on_x11 (&app, &window_xid);
  if (window == NULL)
    return 0;

  g_test_add_func ("/review/game", test_review);
  g_test_add_func ("/review/tutor", test_tutor);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&app);
  lh_test_remove_tree (data_home);
  g_free (data_home);
  g_free (window_xid);
  return status;
}
