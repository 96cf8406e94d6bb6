/* test-window.c: the real Lookahead window driven by real key presses:
 * game play.
 *
 * Starts LhApplication with LOOKAHEAD_SEED fixed, XDG_DATA_HOME in a fresh
 * temporary folder (holding a corrupt save) and the memory GSettings
 * backend, waits until the window is mapped and focused (lh_tw_start()),
 * presses keys with lh_gui_test_xdotool (X11) and checks every change
 * of the board against the rules: the new board is the afterstate of
 * lh_board_move() on the previous board plus exactly one spawned 2 or 4 in a
 * cell that was empty, and the score grew by the points of the move.  Also
 * the mouse, undo, the AI's step and auto-play, the dialogs of a won or lost
 * game, the secondary windows and the save on closing (the last case: it
 * closes the window).  The other window programs: test-window-inspector,
 * test-window-heuristic, test-window-analysis, test-window-layout.
 */
#include <gtk/gtk.h>
#include <string.h>
#include <glib/gstdio.h>

#include "lh-ai-panel.h"
#include "lh-board-view.h"
#include "lh-game.h"
#include "lh-save-file.h"
#include "lh-window.h"

#include "lh-gui-test-util.h"
#include "test-window-common.h"

/* The window under test, lh_tw_start ()'s. */
static LhWindow *window;

static gboolean
board_equals (gpointer data)
{
  return lh_game_model_get_board (lh_window_get_model (window)) == *(LhBoard *) data;
}

static const char *
dialog_heading (void)
{
  GtkWindow *dialog = lh_window_get_dialog (window);

  return dialog != NULL ? adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)) : NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  GtkWindow *dialog = lh_window_get_dialog (window);

  return dialog != NULL && gtk_widget_get_visible (GTK_WIDGET (dialog))
      && g_strcmp0 (dialog_heading (), data) == 0;
}

/* Waits for the message dialog headed @heading and answers @response. */
static void
respond (const char *heading, const char *response)
{
  if (!lh_gui_test_iterate_until (dialog_shown, (gpointer) heading, 3000))
    g_error ("no dialog “%s” (shown: “%s”)", heading, dialog_heading ());
  lh_gui_test_answer_dialog (lh_window_get_dialog (window), response);
}

static const char corrupt_save[] = "{ \"format\": 1, \"rows\": 9 }";

/* main() had lh_tw_start() leave a corrupt save before the window started:
 * it must have been moved aside, kept byte for byte, and a new seeded game
 * started. */
static void
test_corrupt_save_set_aside (void)
{
  g_autofree char *dir = g_build_filename (lh_tw_data_home (), "lookahead", NULL);
  g_autofree char *path = g_build_filename (dir, "game.json", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_aside = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "game.json.corrupt-"))
      {
        g_autofree char *aside = g_build_filename (dir, name, NULL);
        g_autofree char *contents = NULL;

        g_assert_true (g_file_get_contents (aside, &contents, NULL, NULL));
        g_assert_cmpstr (contents, ==, corrupt_save);
        n_aside++;
      }
  g_assert_cmpuint (n_aside, ==, 1);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (lh_game_model_get_score (lh_window_get_model (window)), ==, 0);
  g_assert_cmpuint (lh_board_count_empty (lh_game_model_get_board (lh_window_get_model (window)),
                                          LH_GEOMETRY_DEFAULT), ==, 14);
}

static void
test_keys (void)
{
  static const struct {
    const char *key;
    LhMove move;
  } keys[] = {
    { "Left", LH_MOVE_LEFT }, { "Up", LH_MOVE_UP }, { "Right", LH_MOVE_RIGHT }, { "Down", LH_MOVE_DOWN },
    { "a", LH_MOVE_LEFT }, { "w", LH_MOVE_UP }, { "d", LH_MOVE_RIGHT }, { "s", LH_MOVE_DOWN },
    { "h", LH_MOVE_LEFT }, { "k", LH_MOVE_UP }, { "l", LH_MOVE_RIGHT }, { "j", LH_MOVE_DOWN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      /* A position on which every move is legal, so each key must act:
       * a lone tile in the middle of a 4x4 board with neighbours apart. */
      lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
      lh_tw_press_and_check (keys[i].key, keys[i].move);
    }
}

static void
test_new_game_moves (void)
{
  /* The seeded new game: play legal moves as the keys give them. */
  static const char *const names[] = { "Left", "Down", "Right", "Up" };
  static const LhMove moves[] = { LH_MOVE_LEFT, LH_MOVE_DOWN, LH_MOVE_RIGHT, LH_MOVE_UP };
  guint played = 0;

  /* A game in progress (set_position() says 10 moves): New Game asks first,
   * and Cancel keeps the game. */
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  respond ("Start a New Game?", "cancel");
  g_assert_cmpuint (lh_game_model_get_score (lh_window_get_model (window)), ==, 100);

  /* Picking the board size played already does nothing at all. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("4x4"));
  lh_gui_test_iterate_for (50);
  g_assert_null (lh_window_get_dialog (window));
  g_assert_cmpuint (lh_game_model_get_score (lh_window_get_model (window)), ==, 100);

  /* Another size asks too, and says the size changes; Cancel leaves the
   * size and the menu's state. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "board-size", g_variant_new_string ("3x3"));
  lh_gui_test_iterate_for (50);
  g_assert_nonnull (lh_window_get_dialog (window));
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (lh_window_get_dialog (window))), ==,
                   "The new game is played on a 3×3 board instead of 4×4. The current game will be lost.");
  respond ("Start a New Game?", "cancel");
  g_assert_cmpuint (lh_game_model_get_geometry (lh_window_get_model (window)).rows, ==, 4);
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "board-size");
    g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "4x4");
  }

  g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
  respond ("Start a New Game?", "new");
  g_assert_cmpuint (lh_game_model_get_score (lh_window_get_model (window)), ==, 0);
  g_assert_cmpuint (lh_board_count_empty (lh_game_model_get_board (lh_window_get_model (window)),
                                          LH_GEOMETRY_DEFAULT), ==, 14);

  for (guint i = 0; played < 12 && i < 100; i++)
    {
      LhGameModel *model = lh_window_get_model (window);
      guint legal = lh_board_legal_moves (lh_game_model_get_board (model),
                                          lh_game_model_get_geometry (model));
      guint m = i % 4;

      if (legal & (1u << moves[m]))
        {
          lh_tw_press_and_check (names[m], moves[m]);
          played++;
        }
    }
  g_assert_cmpuint (played, ==, 12);
}

/* Drags with the mouse (pressed button 1) across the board, from its centre
 * by (@dx, @dy) pixels. */
static void
drag (double dx, double dy)
{
  GtkWidget *view = GTK_WIDGET (lh_window_get_board_view (window));
  graphene_point_t centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (view) / 2.0,
                                                 gtk_widget_get_height (view) / 3.0);
  graphene_point_t p;
  g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL, *xm = NULL, *ym = NULL;
  double sx, sy;

  g_assert_true (gtk_widget_compute_point (view, GTK_WIDGET (window), &centre, &p));
  /* Widget coordinates of the window include its client-side shadow. */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  x0 = g_strdup_printf ("%d", (int) (p.x + sx));
  y0 = g_strdup_printf ("%d", (int) (p.y + sy));
  xm = g_strdup_printf ("%d", (int) (p.x + sx + dx / 2));
  ym = g_strdup_printf ("%d", (int) (p.y + sy + dy / 2));
  x1 = g_strdup_printf ("%d", (int) (p.x + sx + dx));
  y1 = g_strdup_printf ("%d", (int) (p.y + sy + dy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), x0, y0, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousedown", "1", NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), xm, ym, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", lh_tw_window_xid (), x1, y1, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mouseup", "1", NULL });
}

static void
test_drag (void)
{
  static const struct {
    double dx, dy;
    LhMove move;
  } drags[] = {
    { -120, 10, LH_MOVE_LEFT }, { 120, -10, LH_MOVE_RIGHT },
    { 10, 110, LH_MOVE_DOWN }, { -10, -110, LH_MOVE_UP },
  };
  LhGameModel *model = lh_window_get_model (window);

  for (guint i = 0; i < G_N_ELEMENTS (drags); i++)
    {
      LhGeometry g;
      LhTwSnapshot before;
      guint64 score;
      guint32 points = 0;

      lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
      g = lh_game_model_get_geometry (model);
      before = lh_tw_take ();
      score = lh_game_model_get_score (model);
      lh_board_move (before.board, g, drags[i].move, &points);

      drag (drags[i].dx, drags[i].dy);
      if (!lh_gui_test_iterate_until (lh_tw_board_differs, &before, 5000))
        g_error ("dragging by (%g, %g) did not move", drags[i].dx, drags[i].dy);
      lh_tw_assert_move_and_spawn (before.board, lh_game_model_get_board (model), g, drags[i].move);
      g_assert_cmpuint (lh_game_model_get_score (model), ==, score + points);
    }

  /* A click (no drag) is no move. */
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  {
    LhTwSnapshot before = lh_tw_take ();
    drag (3, 2);
    lh_gui_test_iterate_for (300);
    g_assert_cmpuint (lh_tw_take ().board, ==, before.board);
  }
}

static void
test_illegal_move (void)
{
  LhGameModel *model = lh_window_get_model (window);
  LhTwSnapshot before;
  guint64 score;

  /* Tiles in the top left corner, nothing to merge: Up and Left are illegal. */
  lh_gui_test_set_position (window, "2 4 0 0/8 0 0 0/0 0 0 0/0 0 0 0");
  before = lh_tw_take ();
  score = lh_game_model_get_score (model);

  lh_gui_test_press ("Up");
  lh_gui_test_press ("Left");
  lh_gui_test_press ("k");
  lh_gui_test_iterate_for (400);

  g_assert_cmpuint (lh_game_model_get_board (model), ==, before.board);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves);
  g_assert_cmpuint (lh_game_model_get_score (model), ==, score);

  /* ... while a legal key still works afterwards. */
  lh_tw_press_and_check ("Right", LH_MOVE_RIGHT);
}

static void
test_undo (void)
{
  LhGameModel *model = lh_window_get_model (window);
  LhBoard boards[4];
  guint64 scores[4];

  lh_gui_test_set_position (window, "2 2 0 0/0 4 4 0/0 0 0 0/0 0 8 8");
  g_assert_false (lh_game_model_can_undo (model));

  boards[0] = lh_game_model_get_board (model);
  scores[0] = lh_game_model_get_score (model);
  lh_tw_press_and_check ("Left", LH_MOVE_LEFT);
  boards[1] = lh_game_model_get_board (model);
  scores[1] = lh_game_model_get_score (model);
  g_assert_cmpuint (scores[1], ==, scores[0] + 4 + 8 + 16);

  for (guint i = 2; i < 4; i++)
    {
      LhGeometry g = lh_game_model_get_geometry (model);
      guint legal = lh_board_legal_moves (lh_game_model_get_board (model), g);
      if (legal & (1u << LH_MOVE_DOWN))
        lh_tw_press_and_check ("Down", LH_MOVE_DOWN);
      else
        lh_tw_press_and_check ("Right", LH_MOVE_RIGHT);
      boards[i] = lh_game_model_get_board (model);
      scores[i] = lh_game_model_get_score (model);
    }

  /* Three levels of Ctrl+Z, each restoring the board and score before it. */
  for (int i = 2; i >= 0; i--)
    {
      lh_gui_test_press ("ctrl+z");
      if (!lh_gui_test_iterate_until (board_equals, &boards[i], 5000))
        g_error ("ctrl+z did not restore board %d", i);
      g_assert_cmpuint (lh_game_model_get_score (model), ==, scores[i]);
      g_assert_cmpuint (lh_board_view_get_board (lh_window_get_board_view (window)), ==, boards[i]);
    }
  g_assert_false (lh_game_model_can_undo (model));

  /* Nothing left to undo: Ctrl+Z changes nothing. */
  lh_gui_test_press ("ctrl+z");
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, boards[0]);
}

static void
test_ai_step (void)
{
  LhGameModel *model = lh_window_get_model (window);
  LhTwSnapshot before;
  LhBoard after;
  LhGeometry g;
  gboolean explained = FALSE;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = lh_tw_take ();
  g = lh_game_model_get_geometry (model);

  g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
  g_assert_true (lh_window_is_searching (window));
  if (!lh_gui_test_iterate_until (lh_tw_board_differs, &before, 10000))
    g_error ("the AI's step did not move");
  g_assert_true (lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 1000));

  /* The AI played one legal move: the board is its afterstate plus a spawn. */
  after = lh_game_model_get_board (model);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard afterstate = lh_board_move (before.board, g, (LhMove) m, NULL);
      if (afterstate != before.board && lh_board_count_empty (afterstate, g) == lh_board_count_empty (after, g) + 1
          && (afterstate & after) == afterstate)
        {
          lh_tw_assert_move_and_spawn (before.board, after, g, (LhMove) m);
          explained = TRUE;
          break;
        }
    }
  g_assert_true (explained);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves + 1);
}

static void
test_search_cancelled_by_person (void)
{
  LhGameModel *model = lh_window_get_model (window);
  LhTwSnapshot before;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = lh_tw_take ();

  /* A step is asked for, and the person moves before it can answer: the
   * search is cancelled and its result, stale, is never played. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
  g_assert_true (lh_window_is_searching (window));
  g_assert_true (lh_window_person_move (window, LH_MOVE_DOWN));
  g_assert_false (lh_window_is_searching (window));
  lh_gui_test_iterate_for (500);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves + 1);
  lh_tw_assert_move_and_spawn (before.board, lh_game_model_get_board (model),
                               lh_game_model_get_geometry (model), LH_MOVE_DOWN);

  /* The same for a hint followed by Undo. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_true (lh_window_is_searching (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (lh_window_is_searching (window));
  lh_gui_test_iterate_for (300);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, before.board);
}

/* Whether the game has made at least GPOINTER_TO_UINT (@data) moves. */
static gboolean
made_moves (gpointer data)
{
  return lh_tw_take ().n_moves >= GPOINTER_TO_UINT (data);
}

static void
test_autoplay (void)
{
  LhGameModel *model = lh_window_get_model (window);
  GVariant *state;
  LhTwSnapshot before;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = lh_tw_take ();
  g_action_group_change_action_state (G_ACTION_GROUP (window), "autoplay", g_variant_new_boolean (TRUE));
  /* With the default pace (150 ms) the AI makes several moves: about 10 in
   * 1.5 s on a quiet machine; waited for, not timed, so that a loaded
   * machine does not fail it. */
  g_assert_true (lh_gui_test_iterate_until (made_moves, GUINT_TO_POINTER (before.n_moves + 3),
                                            30000));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "autoplay", g_variant_new_boolean (FALSE));
  g_assert_false (lh_window_is_searching (window));

  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "autoplay");
  g_assert_false (g_variant_get_boolean (state));
  g_variant_unref (state);

  /* ... and none after it was stopped. */
  before = lh_tw_take ();
  lh_gui_test_iterate_for (500);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, before.board);
}

/* The move that makes 2048 leaves no move: after "Keep Playing" comes
 * Game Over. */
static void
test_won_and_over (void)
{
  LhGameModel *model = lh_window_get_model (window);

  /* Left makes 2048 in the top row; whatever spawns in its last cell (2 or
   * 4), no two neighbours are equal. */
  lh_gui_test_set_position (window, "1024 1024 8/16 32 64/128 256 512");
  g_assert_false (lh_game_model_is_over (model));
  lh_gui_test_press ("Left");
  respond ("You Reached 2048!", "keep");
  g_assert_true (lh_game_model_is_over (model));
  g_assert_true (lh_game_model_get_won (model));
  respond ("Game Over", "new");
  g_assert_null (lh_window_get_dialog (window));
  g_assert_false (lh_game_model_is_over (model));
}

/* A game that is over when it is restored says so, and the AI panel does
 * not ask for a hint it cannot give. */
static void
test_restored_game_over (void)
{
  LhGameModel *model = lh_window_get_model (window);
  const char *status;

  lh_gui_test_set_position (window, "2 4 2/4 2 4/2 4 2");
  g_assert_true (lh_game_model_is_over (model));
  g_assert_true (lh_gui_test_iterate_until (dialog_shown, (gpointer) "Game Over", 3000));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "step"));
  status = lh_analysis_get_status (lh_window_get_analysis (window));
  g_assert_null (strstr (status, "hint"));
  g_assert_nonnull (strstr (status, "over"));
  respond ("Game Over", "new");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  g_assert_nonnull (strstr (lh_analysis_get_status (lh_window_get_analysis (window)), "hint"));
}

/* The pace control offers exactly the range GSettings accepts. */
static void
test_delay_range (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  GtkAdjustment *delay = lh_ai_panel_get_delay_adjustment (lh_window_get_ai_panel (window));
  const char *type;
  guint32 lo, hi;

  g_object_get (settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, "autoplay-delay");
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &type, &bounds);
  g_assert_cmpstr (type, ==, "range");
  g_variant_get (bounds, "(uu)", &lo, &hi);
  g_assert_cmpfloat (gtk_adjustment_get_lower (delay), ==, lo);
  g_assert_cmpfloat (gtk_adjustment_get_upper (delay), ==, hi);
  g_assert_cmpfloat (hi, >=, 1000);

  /* The whole range is usable: the largest pace is stored as it is. */
  gtk_adjustment_set_value (delay, hi);
  g_assert_cmpuint (g_settings_get_uint (settings, "autoplay-delay"), ==, hi);
  gtk_adjustment_set_value (delay, 150);
  g_assert_cmpuint (g_settings_get_uint (settings, "autoplay-delay"), ==, 150);
}

/* The board tells screen readers what it is and what it shows. */
static void
test_board_accessible (void)
{
  GtkAccessible *view = GTK_ACCESSIBLE (lh_window_get_board_view (window));
  g_autofree char *label = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  label = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_LABEL, "Game board");
  g_assert_null (label);

  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  /* check_property returns the actual value when it differs from "". */
  before = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
  g_assert_nonnull (before);
  g_assert_nonnull (strstr (before, "Score 100."));
  g_assert_nonnull (strstr (before, "Row 2: empty, 2, empty, empty."));
  g_assert_nonnull (strstr (before, "Row 3: empty, empty, 4, empty."));

  lh_tw_press_and_check ("Left", LH_MOVE_LEFT);
  after = gtk_test_accessible_check_property (view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
  g_assert_nonnull (after);
  g_assert_nonnull (strstr (after, "Row 2: 2,"));
  g_assert_nonnull (strstr (after, "Row 3: 4,"));
  g_assert_cmpstr (before, !=, after);
}

/* "Details" of the restore problem, clicked twice, shows one dialog. */
static void
test_details_dialog_once (void)
{
  GtkWindow *first;

  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-details", NULL);
  lh_gui_test_iterate_for (100);
  first = lh_window_get_details_dialog (window);
  g_assert_nonnull (first);
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-details", NULL);
  lh_gui_test_iterate_for (100);
  g_assert_true (lh_window_get_details_dialog (window) == first);
  {
    guint n = 0;
    GListModel *toplevels = gtk_window_get_toplevels ();
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
        if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
          n++;
      }
    g_assert_cmpuint (n, ==, 1);
  }
  lh_gui_test_answer_dialog (first, "close");
  g_assert_null (lh_window_get_details_dialog (window));
}

/* The range (slider) below @widget whose adjustment is @adjustment. */
static GtkWidget *
find_range (GtkWidget *widget, GtkAdjustment *adjustment)
{
  if (GTK_IS_RANGE (widget) && gtk_range_get_adjustment (GTK_RANGE (widget)) == adjustment)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_range (child, adjustment);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The arrows play unless the focus was moved onto a control by the
 * keyboard: a slider reached with Tab takes them, a clicked one does not;
 * Escape gives the focus back to the board. */
static void
test_arrows_focus (void)
{
  LhAiPanel *panel = lh_window_get_ai_panel (window);
  GtkAdjustment *delay = lh_ai_panel_get_delay_adjustment (panel);
  GtkWidget *scale = find_range (GTK_WIDGET (panel), delay);
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  double before_value, pace = gtk_adjustment_get_value (delay);
  LhTwSnapshot before;

  g_assert_nonnull (scale);
  g_assert_true (gtk_widget_get_mapped (scale));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  before = lh_tw_take ();

  /* Reached with the keyboard: the slider walks with the arrows. */
  lh_tw_focus_by_keyboard (scale);
  before_value = gtk_adjustment_get_value (delay);
  lh_gui_test_press ("Right");
  lh_gui_test_iterate_for (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), >, before_value);
  lh_gui_test_press ("Left");
  lh_gui_test_iterate_for (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), ==, before_value);
  g_assert_cmpuint (lh_tw_take ().board, ==, before.board);
  /* The board's letter keys still play from there. */
  lh_tw_press_and_check ("d", LH_MOVE_RIGHT);

  /* Escape: back on the board, the arrows play. */
  lh_gui_test_press ("Escape");
  lh_gui_test_iterate_for (100);
  g_assert_true (gtk_widget_has_focus (board));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  lh_tw_press_and_check ("Left", LH_MOVE_LEFT);

  /* Clicked, the slider has the focus but the arrows still play. */
  lh_tw_click_widget (scale);
  g_assert_true (gtk_widget_has_focus (scale));
  before_value = gtk_adjustment_get_value (delay);
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  lh_tw_press_and_check ("Up", LH_MOVE_UP);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), ==, before_value);

  /* After opening and closing the main menu, too. */
  lh_gui_test_press ("F10");
  lh_gui_test_iterate_for (300);
  lh_gui_test_press ("Escape");
  lh_gui_test_iterate_for (300);
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  lh_tw_press_and_check ("Down", LH_MOVE_DOWN);
  gtk_adjustment_set_value (delay, pace);
  lh_tw_pointer_to (board, 5, 5);
}

static gboolean
autoplay_running (gpointer data)
{
  return lh_analysis_get_autoplay (lh_window_get_analysis (window))
      && lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window))) > *(guint64 *) data;
}

/* Auto-play's button says Stop while it runs; a key press stops it, and
 * the window says why. */
static void
test_autoplay_stop (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  GtkWidget *button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                 "autoplay_button"));
  GtkWidget *note = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                               "autoplay_note"));
  const char *reason;
  guint64 moves;

  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Auto-play");
  /* Screen readers hear each name once, without the mnemonic. */
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     "Auto-play"));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                                                   LH_TYPE_WINDOW,
                                                                                                   "new_game_button")),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, "New Game"));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  moves = lh_tw_take ().n_moves;
  gtk_widget_activate (button);
  if (!lh_gui_test_iterate_until (autoplay_running, &moves, 5000))
    g_error ("auto-play made no move");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Stop");
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     "Stop"));
  g_assert_false (gtk_widget_get_visible (note));

  /* A person's key stops it, and the window says so: a move, or a key that
   * cannot move. */
  lh_gui_test_press ("Left");
  lh_gui_test_iterate_for (300);
  g_assert_false (lh_analysis_get_autoplay (analysis));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Auto-play");
  reason = lh_analysis_get_autoplay_stop_reason (analysis);
  g_assert_true (g_str_equal (reason, "You moved") || g_str_equal (reason, "You pressed a move key"));
  g_assert_true (gtk_widget_get_visible (note));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (note)), reason));

  /* Stopped with its own button: "Stopped" (a button's activation clicks
   * it after 250 ms). */
  gtk_widget_activate (button);
  lh_gui_test_iterate_for (400);
  g_assert_true (lh_analysis_get_autoplay (analysis));
  gtk_widget_activate (button);
  lh_gui_test_iterate_for (400);
  g_assert_false (lh_analysis_get_autoplay (analysis));
  g_assert_cmpstr (lh_analysis_get_autoplay_stop_reason (analysis), ==, "Stopped");
  /* Said without a reason (Ctrl+P gives no other sign that it was heard). */
  g_assert_true (gtk_widget_get_visible (note));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, "Auto-play stopped.");

  /* A new game starts clean: the note goes. */
  lh_game_model_new_game (lh_window_get_model (window), lh_game_model_get_geometry (lh_window_get_model (window)));
  lh_gui_test_iterate_for (100);
  g_assert_cmpstr (lh_analysis_get_autoplay_stop_reason (analysis), ==, "");
  g_assert_false (gtk_widget_get_visible (note));
}

/* The first toplevel other than the main window that is a @type, or NULL. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (toplevel != GTK_WINDOW (window) && G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type)
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return toplevel;
    }
  return NULL;
}

static gboolean
toplevel_shown (gpointer data)
{
  GtkWindow *found = find_toplevel (GPOINTER_TO_SIZE (data));

  return found != NULL && gtk_widget_get_mapped (GTK_WIDGET (found));
}

/* Each secondary window opens, lays out and closes without a GTK warning
 * (the GUI tests run with G_DEBUG=fatal-warnings: any warning ends them);
 * the shortcuts window once printed "GtkLabel … reported min width -3". */
static void
test_windows_open_cleanly (void)
{
  static const struct { const char *action; const char *type_name; } windows[] = {
    { "app.shortcuts", "GtkShortcutsWindow" },
#ifndef __SANITIZE_ADDRESS__
    /* Not under AddressSanitizer: libadwaita 1.2's AdwAboutWindow leaks
     * 16 KB, allocated in GLib where LeakSanitizer's fast unwinder (this
     * test's, tests/gui/meson.build) leaves no frame a suppression could
     * name.  The normal build still checks it for warnings. */
    { "app.about", "AdwAboutWindow" },
#endif
    { "win.train", "LhTrainDialog" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    {
      GType type = g_type_from_name (windows[i].type_name);
      GtkWindow *shown;
      const char *name = strchr (windows[i].action, '.') + 1;
      GActionGroup *group = g_str_has_prefix (windows[i].action, "app.")
                            ? G_ACTION_GROUP (gtk_window_get_application (GTK_WINDOW (window)))
                            : G_ACTION_GROUP (window);

      g_action_group_activate_action (group, name, NULL);
      if (type == 0)
        type = g_type_from_name (windows[i].type_name);
      g_assert_true (type != 0);
      if (!lh_gui_test_iterate_until (toplevel_shown, GSIZE_TO_POINTER (type), 5000))
        g_error ("%s did not show a %s", windows[i].action, windows[i].type_name);
      lh_gui_test_iterate_for (300);  /* a layout or two */
      shown = find_toplevel (type);
      gtk_window_close (shown);
      lh_gui_test_iterate_for (200);
      if (find_toplevel (type) != NULL)
        gtk_window_destroy (find_toplevel (type));
      lh_gui_test_iterate_for (50);
    }
}

static gboolean
store_idle (gpointer data)
{
  return !lh_game_store_has_pending (lh_window_get_store (window));
}

static void
test_save_on_close (void)
{
  g_autofree char *path = lh_save_file_default_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGame) saved = NULL;
  LhBoard board = lh_game_model_get_board (lh_window_get_model (window));
  guint64 score = lh_game_model_get_score (lh_window_get_model (window));

  g_assert_true (g_str_has_prefix (path, lh_tw_data_home ()));
  g_assert_cmpstr (lh_game_store_get_path (lh_window_get_store (window)), ==, path);

  /* The save cannot be written (a folder is in its way): closing stops and
   * asks, and Cancel keeps the window and the game. */
  g_assert_true (lh_gui_test_iterate_until (store_idle, NULL, 5000));  /* no write under way */
  g_remove (path);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  gtk_window_close (GTK_WINDOW (window));
  respond ("The Game Could Not Be Saved", "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (lh_game_model_get_board (lh_window_get_model (window)), ==, board);

  /* Retry while it still fails: asked again. */
  gtk_window_close (GTK_WINDOW (window));
  respond ("The Game Could Not Be Saved", "retry");
  g_assert_true (dialog_shown ((gpointer) "The Game Could Not Be Saved"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  /* The way is clear: Retry saves and closes. */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  respond ("The Game Could Not Be Saved", "retry");
  lh_gui_test_iterate_for (100);

  saved = lh_save_file_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_game_get_board (saved), ==, board);
  g_assert_cmpuint (lh_game_get_score (saved), ==, score);
}

int
main (int argc, char *argv[])
{
  window = lh_tw_start (&argc, &argv, corrupt_save);
  g_test_add_func ("/gui/window/corrupt-save-set-aside", test_corrupt_save_set_aside);
  g_test_add_func ("/gui/window/keys", test_keys);
  g_test_add_func ("/gui/window/new-game-moves", test_new_game_moves);
  g_test_add_func ("/gui/window/drag", test_drag);
  g_test_add_func ("/gui/window/illegal-move", test_illegal_move);
  g_test_add_func ("/gui/window/undo", test_undo);
  g_test_add_func ("/gui/window/ai-step", test_ai_step);
  g_test_add_func ("/gui/window/search-cancelled", test_search_cancelled_by_person);
  g_test_add_func ("/gui/window/autoplay", test_autoplay);
  g_test_add_func ("/gui/window/details-dialog-once", test_details_dialog_once);
  g_test_add_func ("/gui/window/won-and-over", test_won_and_over);
  g_test_add_func ("/gui/window/restored-game-over", test_restored_game_over);
  g_test_add_func ("/gui/window/arrows-focus", test_arrows_focus);
  g_test_add_func ("/gui/window/delay-range", test_delay_range);
  g_test_add_func ("/gui/window/board-accessible", test_board_accessible);
  g_test_add_func ("/gui/window/autoplay-stop", test_autoplay_stop);
  g_test_add_func ("/gui/window/windows-open-cleanly", test_windows_open_cleanly);
  /* Last: it closes the window. */
  g_test_add_func ("/gui/window/save-on-close", test_save_on_close);
  return lh_tw_run ();
}
