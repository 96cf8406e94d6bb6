/* test-window.c: the real Lookahead window driven by real key presses.
 *
 * Starts LhApplication with LOOKAHEAD_SEED fixed, XDG_DATA_HOME in a fresh
 * temporary folder and the memory GSettings backend, waits until the window is
 * mapped and focused, presses keys with lh_gui_test_xdotool (X11) and checks every change
 * of the board against the rules: the new board is the afterstate of
 * lh_board_move() on the previous board plus exactly one spawned 2 or 4 in a
 * cell that was empty, and the score grew by the points of the move.
 */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-gui-test-util.h"
#include <string.h>
#include <glib/gstdio.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "lh-application.h"
#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-save-file.h"
#include "lh-window.h"
#include "lh-format.h"
#include "lh-line-strip.h"
#include "lh-solver-settings.h"
#include "lh-inspector-pane.h"
#include "lh-tree-render.h"
#include "lh-search-tree-json.h"
#include "lh-ai-panel.h"
#include "lh-heuristic-panel.h"
#include "lh-breakdown-view.h"
#include "lh-board-view.h"
#include "lh-param-row.h"
#include "lh-preset.h"
#include "lh-mcts.h"
#include "lh-move-chart.h"
#include "lh-playout.h"
#include "lh-test-util.h"

static char *window_xid;
static LhApplication *app;
static LhWindow *window;
static char *data_home;


/* Runs the main loop for @ms milliseconds. */

static void
press (const char *key)
{
  lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", key, NULL });
}

/* Gives @widget the focus as the keyboard would (Tab, then the focus is
 * put there): controls that walk with the arrows then take them. */
static void
focus_by_keyboard (GtkWidget *widget)
{
  press ("Tab");
  lh_gui_test_iterate_for (100);
  gtk_widget_grab_focus (widget);
}

static gboolean
window_ready (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window))
      && gtk_window_is_active (GTK_WINDOW (window));
}

typedef struct {
  LhBoard board;
  guint64 n_moves;
} Snapshot;

static Snapshot
take (void)
{
  const LhGame *game = lh_game_model_get_game (lh_window_get_model (window));
  return (Snapshot) { lh_game_get_board (game), lh_game_get_n_moves (game) };
}

static gboolean
board_differs (gpointer data)
{
  Snapshot *before = data;
  return lh_game_model_get_board (lh_window_get_model (window)) != before->board;
}

static gboolean
board_equals (gpointer data)
{
  return lh_game_model_get_board (lh_window_get_model (window)) == *(LhBoard *) data;
}

static gboolean
not_searching (gpointer data)
{
  return !lh_window_is_searching (window);
}

/* No search runs and no re-analysis waits. */
static gboolean
reanalysed (gpointer data)
{
  return !lh_window_is_searching (window)
         && !lh_analysis_is_pending (lh_window_get_analysis (window));
}

/* Checks that @after is @before moved by @move plus one spawned 2 or 4 in a
 * cell that was empty in the afterstate. */
static void
assert_move_and_spawn (LhBoard before, LhBoard after, LhGeometry g, LhMove move)
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

/* Presses @key, which must play @move, and checks the result by the rules. */
static void
press_and_check (const char *key, LhMove move)
{
  LhGameModel *model = lh_window_get_model (window);
  LhGeometry g = lh_game_model_get_geometry (model);
  Snapshot before = take ();
  guint64 score_before = lh_game_model_get_score (model);
  guint32 points = 0;
  LhBoard after;

  lh_board_move (before.board, g, move, &points);
  press (key);
  if (!lh_gui_test_iterate_until (board_differs, &before, 5000))
    g_error ("pressing %s (%s) did not change the board %016" G_GINT64_MODIFIER "x",
             key, lh_move_to_string (move), before.board);

  after = lh_game_model_get_board (model);
  assert_move_and_spawn (before.board, after, g, move);
  g_assert_cmpuint (lh_game_model_get_score (model), ==, score_before + points);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves + 1);
  /* The view shows the model's board (at the end of its animation). */
  g_assert_cmpuint (lh_board_view_get_board (lh_window_get_board_view (window)), ==, after);
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

/* main() left a corrupt save before the window started: it must have been
 * moved aside, kept byte for byte, and a new seeded game started. */
static void
test_corrupt_save_set_aside (void)
{
  g_autofree char *dir = g_build_filename (data_home, "lookahead", NULL);
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
      press_and_check (keys[i].key, keys[i].move);
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
          press_and_check (names[m], moves[m]);
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
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, x0, y0, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousedown", "1", NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, xm, ym, NULL });
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, x1, y1, NULL });
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
      Snapshot before;
      guint64 score;
      guint32 points = 0;

      lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
      g = lh_game_model_get_geometry (model);
      before = take ();
      score = lh_game_model_get_score (model);
      lh_board_move (before.board, g, drags[i].move, &points);

      drag (drags[i].dx, drags[i].dy);
      if (!lh_gui_test_iterate_until (board_differs, &before, 5000))
        g_error ("dragging by (%g, %g) did not move", drags[i].dx, drags[i].dy);
      assert_move_and_spawn (before.board, lh_game_model_get_board (model), g, drags[i].move);
      g_assert_cmpuint (lh_game_model_get_score (model), ==, score + points);
    }

  /* A click (no drag) is no move. */
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  {
    Snapshot before = take ();
    drag (3, 2);
    lh_gui_test_iterate_for (300);
    g_assert_cmpuint (take ().board, ==, before.board);
  }
}

static void
test_illegal_move (void)
{
  LhGameModel *model = lh_window_get_model (window);
  Snapshot before;
  guint64 score;

  /* Tiles in the top left corner, nothing to merge: Up and Left are illegal. */
  lh_gui_test_set_position (window, "2 4 0 0/8 0 0 0/0 0 0 0/0 0 0 0");
  before = take ();
  score = lh_game_model_get_score (model);

  press ("Up");
  press ("Left");
  press ("k");
  lh_gui_test_iterate_for (400);

  g_assert_cmpuint (lh_game_model_get_board (model), ==, before.board);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves);
  g_assert_cmpuint (lh_game_model_get_score (model), ==, score);

  /* ... while a legal key still works afterwards. */
  press_and_check ("Right", LH_MOVE_RIGHT);
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
  press_and_check ("Left", LH_MOVE_LEFT);
  boards[1] = lh_game_model_get_board (model);
  scores[1] = lh_game_model_get_score (model);
  g_assert_cmpuint (scores[1], ==, scores[0] + 4 + 8 + 16);

  for (guint i = 2; i < 4; i++)
    {
      LhGeometry g = lh_game_model_get_geometry (model);
      guint legal = lh_board_legal_moves (lh_game_model_get_board (model), g);
      if (legal & (1u << LH_MOVE_DOWN))
        press_and_check ("Down", LH_MOVE_DOWN);
      else
        press_and_check ("Right", LH_MOVE_RIGHT);
      boards[i] = lh_game_model_get_board (model);
      scores[i] = lh_game_model_get_score (model);
    }

  /* Three levels of Ctrl+Z, each restoring the board and score before it. */
  for (int i = 2; i >= 0; i--)
    {
      press ("ctrl+z");
      if (!lh_gui_test_iterate_until (board_equals, &boards[i], 5000))
        g_error ("ctrl+z did not restore board %d", i);
      g_assert_cmpuint (lh_game_model_get_score (model), ==, scores[i]);
      g_assert_cmpuint (lh_board_view_get_board (lh_window_get_board_view (window)), ==, boards[i]);
    }
  g_assert_false (lh_game_model_can_undo (model));

  /* Nothing left to undo: Ctrl+Z changes nothing. */
  press ("ctrl+z");
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, boards[0]);
}

static void
test_ai_step (void)
{
  LhGameModel *model = lh_window_get_model (window);
  Snapshot before;
  LhBoard after;
  LhGeometry g;
  gboolean explained = FALSE;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = take ();
  g = lh_game_model_get_geometry (model);

  g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
  g_assert_true (lh_window_is_searching (window));
  if (!lh_gui_test_iterate_until (board_differs, &before, 10000))
    g_error ("the AI's step did not move");
  g_assert_true (lh_gui_test_iterate_until (not_searching, NULL, 1000));

  /* The AI played one legal move: the board is its afterstate plus a spawn. */
  after = lh_game_model_get_board (model);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard afterstate = lh_board_move (before.board, g, (LhMove) m, NULL);
      if (afterstate != before.board && lh_board_count_empty (afterstate, g) == lh_board_count_empty (after, g) + 1
          && (afterstate & after) == afterstate)
        {
          assert_move_and_spawn (before.board, after, g, (LhMove) m);
          explained = TRUE;
          break;
        }
    }
  g_assert_true (explained);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves + 1);
}

static void
test_search_cancelled_by_person (void)
{
  LhGameModel *model = lh_window_get_model (window);
  Snapshot before;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = take ();

  /* A step is asked for, and the person moves before it can answer: the
   * search is cancelled and its result, stale, is never played. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "step", NULL);
  g_assert_true (lh_window_is_searching (window));
  g_assert_true (lh_window_person_move (window, LH_MOVE_DOWN));
  g_assert_false (lh_window_is_searching (window));
  lh_gui_test_iterate_for (500);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves + 1);
  assert_move_and_spawn (before.board, lh_game_model_get_board (model),
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
  return take ().n_moves >= GPOINTER_TO_UINT (data);
}

static void
test_autoplay (void)
{
  LhGameModel *model = lh_window_get_model (window);
  GVariant *state;
  Snapshot before;

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  before = take ();
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
  before = take ();
  lh_gui_test_iterate_for (500);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves);
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
  press ("Left");
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

  press_and_check ("Left", LH_MOVE_LEFT);
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

static gboolean
width_is (gpointer data)
{
  /* The content: the window's own width includes its client-side frame. */
  return gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)))
         == GPOINTER_TO_INT (data);
}

static gboolean
widget_unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
width_about (gpointer data)
{
  int content = gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)));

  return content <= GPOINTER_TO_INT (data) && content >= GPOINTER_TO_INT (data) - 12;
}

/* Resizes the window to @width x @height as a window manager would and
 * waits until its content has about that width: the request is made again
 * once the first one folded the window (its smallest width is then
 * smaller).  Without a window manager, GTK settles up to 12 px under the
 * width asked for once the window was folded. */
static void
resize_window (int width, int height)
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
               "test-window needs 2600x1440: meson test gives it one, tests/gui/with-display.py)",
               gtk_widget_get_width (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))),
               width, gtk_widget_get_width (GTK_WIDGET (window)), screen.width, screen.height);
    }
}

typedef struct {
  AdwLeaflet *leaflet;
  const char *page;
} LeafletPage;

/* Whether the leaflet shows the page and has slid to it. */
static gboolean
leaflet_settled (gpointer data)
{
  const LeafletPage *p = data;

  return g_strcmp0 (adw_leaflet_get_visible_child_name (p->leaflet), p->page) == 0
         && !adw_leaflet_get_child_transition_running (p->leaflet);
}

/* Shows the page @name ("board", "tree", "settings") of a folded window
 * with its button in the page bar, as a person would. */
static void
show_page (const char *name)
{
  AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_ancestor (GTK_WIDGET (lh_window_get_board_view (window)),
                                                              ADW_TYPE_LEAFLET));
  g_autofree char *button_name = g_strdup_printf ("%s_page_button", name);
  GtkWidget *button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                 button_name));

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  gtk_widget_activate (button);
  /* Until the page is shown and has slid in: on a busy machine the frame
   * clock lags, and a page still sliding lies partly outside the window. */
  if (!lh_gui_test_iterate_until (leaflet_settled, &(LeafletPage) { leaflet, name }, 10000))
    g_error ("the leaflet shows “%s”, not the page “%s”, or still slides to it, after 10 s",
             adw_leaflet_get_visible_child_name (leaflet), name);
  lh_gui_test_iterate_for (100);
}

/* The window folds and unfolds with the tree hidden and the sidebar shown
 * (found by test-soak: a separator of the leaflet was drawn before it was
 * given a place, a Gtk-WARNING). */
static void
test_fold_tree_hidden (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  resize_window (1800, 755);
  g_settings_set_boolean (settings, "inspector-visible", FALSE);
  g_settings_set_boolean (settings, "sidebar-visible", TRUE);
  lh_gui_test_iterate_for (300);
  gtk_window_set_default_size (GTK_WINDOW (window), 582, 1005);
  lh_gui_test_iterate_for (600);
  /* Folded, the hidden tree stays hidden. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                                     "tree_separator"))));
  gtk_window_set_default_size (GTK_WINDOW (window), 1800, 755);
  lh_gui_test_iterate_for (600);
  /* The sidebar hidden, the tree shown. */
  g_settings_set_boolean (settings, "inspector-visible", TRUE);
  g_settings_set_boolean (settings, "sidebar-visible", FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1359, 982);
  lh_gui_test_iterate_for (600);
  gtk_window_set_default_size (GTK_WINDOW (window), 914, 611);
  lh_gui_test_iterate_for (600);
  gtk_window_set_default_size (GTK_WINDOW (window), 1359, 982);
  lh_gui_test_iterate_for (600);
  g_settings_reset (settings, "inspector-visible");
  g_settings_reset (settings, "sidebar-visible");
  resize_window (width, height);
}

/* 360 px wide (a phone) the window folds into pages: the board (with the
 * AI's controls and values), the tree and the settings, chosen in the page
 * bar; the arrows play only while the board is in view.  Wide again, the
 * three columns are back side by side. */
static gboolean widget_mapped (gpointer data);

static void
test_narrow (void)
{
  GtkWidget *panel = GTK_WIDGET (lh_window_get_ai_panel (window));
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  GtkWidget *chart = GTK_WIDGET (lh_window_get_move_chart (window));
  int width = 0, height = 0;
  Snapshot before;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  resize_window (360, 720);
  lh_gui_test_iterate_for (200);
  g_assert_false (gtk_widget_get_mapped (panel));
  g_assert_false (gtk_widget_get_mapped (pane));
  g_assert_true (gtk_widget_get_mapped (board));
  g_assert_true (gtk_widget_get_mapped (chart));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  press_and_check ("Left", LH_MOVE_LEFT);

  show_page ("tree");
  g_assert_true (gtk_widget_get_mapped (pane));
  if (!lh_gui_test_iterate_until (widget_unmapped, board, 3000))
    g_error ("the board is still in view on the tree page");
  g_assert_cmpint (gtk_widget_get_width (pane), <=, 360);
  before = take ();
  press ("Left");
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (take ().n_moves, ==, before.n_moves);  /* no move off the board page */

  show_page ("settings");
  /* The sidebar's page maps a frame or two after the leaflet settles. */
  if (!lh_gui_test_iterate_until (widget_mapped, panel, 3000))
    g_error ("the AI page is not shown on the settings page after 3 s");
  g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
  show_page ("board");
  g_assert_true (gtk_widget_has_focus (board));

  resize_window (1000, height);
  lh_gui_test_iterate_for (300);
  if (!lh_gui_test_iterate_until (widget_mapped, panel, 3000))
    g_error ("the AI page is not shown beside the board at 1000 px after 3 s");
  g_assert_true (gtk_widget_get_mapped (pane));
  g_assert_true (gtk_widget_get_mapped (board));
  resize_window (width, height);
}


/* ---- the search-tree inspector ------------------------------------------ */

static gboolean
inspector_has_tree (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));

  return lh_tree_view_get_tree (view) != NULL && !lh_tree_view_is_laying_out (view)
      && gtk_widget_get_mapped (GTK_WIDGET (view));
}

/* Asks for a hint on a known position and waits until the inspector shows
 * its tree. */
static LhTreeView *
hint_and_wait_for_tree (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_assert_null (lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (not_searching, NULL, 10000))
    g_error ("the hint search did not end");
  if (!lh_gui_test_iterate_until (inspector_has_tree, NULL, 10000))
    g_error ("the inspector shows no tree after a hint");
  lh_gui_test_iterate_for (100);
  return lh_inspector_pane_get_tree_view (pane);
}

/* Renders @widget's own drawing into a texture with the window's renderer
 * and counts the pixels that differ from the first one (the background). */
static guint
count_drawn_pixels (GtkWidget *widget)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autofree guint32 *pixels = NULL;
  guint differing = 0;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return 0;
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, w);
  pixels = g_new (guint32, (gsize) w * h);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  for (gsize i = 1; i < (gsize) w * h; i++)
    if (pixels[i] != pixels[0])
      differing++;
  return differing;
}

/* Hint fills the inspector: the chart shows the search's values, the tree
 * view draws nodes (its rendering is not blank), the root is selected and
 * its board is the position searched. */
static void
test_inspector_hint (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhTreeView *view = hint_and_wait_for_tree ();
  LhSearchRecord *record = lh_inspector_pane_get_record (pane);
  const LhSolverResult *result;
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  guint pixels;
  double value;

  g_assert_nonnull (record);
  result = lh_search_record_get_result (record);
  g_assert_cmpint (lh_move_chart_get_chosen (lh_window_get_move_chart (window)), ==, result->move);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpint (lh_move_chart_get_value (lh_window_get_move_chart (window), m, &value),
                       ==, result->legal[m]);
      if (result->legal[m])
        g_assert_cmpfloat (value, ==, result->values[m]);
    }
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), >, 10);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 0)->board, ==,
                    lh_game_model_get_board (lh_window_get_model (window)));
  g_assert_cmpuint (lh_tree_view_get_selected (view), ==, 0);
  g_assert_cmpuint (lh_tree_view_count_drawn (view), >, 1);
  pixels = count_drawn_pixels (GTK_WIDGET (view));
  g_test_message ("%u of %d px drawn", pixels, gtk_widget_get_width (GTK_WIDGET (view)) * gtk_widget_get_height (GTK_WIDGET (view)));
  g_assert_cmpuint (pixels, >, 500);
}


/* ---- the solver chooser ------------------------------------------------- */

static GVariant *
schema_default (GSettingsSchema *schema, const char *key)
{
  g_autoptr(GSettingsSchemaKey) k = g_settings_schema_get_key (schema, key);

  return g_settings_schema_key_get_default_value (k);
}

static void
assert_default_string (GSettingsSchema *schema, const char *key, const char *expected)
{
  g_autoptr(GVariant) v = schema_default (schema, key);

  g_test_message ("%s: schema '%s', code '%s'", key, g_variant_get_string (v, NULL), expected);
  g_assert_cmpstr (g_variant_get_string (v, NULL), ==, expected);
}

static void
assert_default_uint (GSettingsSchema *schema, const char *key, guint expected)
{
  g_autoptr(GVariant) v = schema_default (schema, key);

  g_test_message ("%s: schema %u, code %u", key, g_variant_get_uint32 (v), expected);
  g_assert_cmpuint (g_variant_get_uint32 (v), ==, expected);
}

static void
assert_default_double (GSettingsSchema *schema, const char *key, double expected)
{
  g_autoptr(GVariant) v = schema_default (schema, key);

  g_test_message ("%s: schema %g, code %g", key, g_variant_get_double (v), expected);
  g_assert_cmpfloat (g_variant_get_double (v), ==, expected);
}

/* The schema's defaults of the solver settings are
 * lh_solver_params_init_default ()'s (GSettings cannot take them from code). */
static void
test_solver_schema_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GVariant) depth = NULL;
  g_autoptr(GVariant) adaptive = NULL;
  g_autoptr(GVariant) immediate = NULL;
  LhSolverParams p;

  lh_solver_params_init_default (&p);
  g_object_get (settings, "settings-schema", &schema, NULL);

  assert_default_string (schema, "solver", lh_solver_kind_to_string (p.kind));
  depth = schema_default (schema, "ai-depth");
  g_assert_cmpint (g_variant_get_int32 (depth), ==, (int) p.depth);
  adaptive = schema_default (schema, "ai-adaptive");
  g_assert_cmpint (g_variant_get_boolean (adaptive), ==, p.adaptive);
  assert_default_uint (schema, "solver-threads", p.threads);
  /* Expectimax uses every processor by default (0), the CLI one thread. */
  assert_default_uint (schema, "ai-threads", 0);
  g_assert_cmpuint (lh_solver_settings_get_threads (settings, LH_SOLVER_EXPECTIMAX), ==,
                    lh_solver_settings_max_threads ());
  g_assert_cmpuint (lh_solver_settings_get_threads (settings, LH_SOLVER_MCTS), ==, p.threads);
  assert_default_double (schema, "ai-cutoff", p.probability_cutoff);
  assert_default_uint (schema, "ai-time-budget", p.time_budget_ms);
  {
    g_autoptr(GVariant) min_depth = schema_default (schema, "ai-min-depth");
    g_assert_cmpint (g_variant_get_int32 (min_depth), ==, (int) p.min_depth);
  }

  assert_default_uint (schema, "mcts-iterations", p.mcts.iterations);
  assert_default_double (schema, "mcts-exploration", p.mcts.exploration);
  assert_default_string (schema, "mcts-final-move", lh_final_move_to_string (p.mcts.final_move));
  assert_default_string (schema, "mcts-policy", lh_playout_policy_to_string (p.mcts.playout.policy));
  assert_default_string (schema, "mcts-measure", lh_measure_to_string (p.mcts.playout.measure));

  assert_default_uint (schema, "montecarlo-playouts", p.monte_carlo.playouts);
  assert_default_uint (schema, "montecarlo-max-moves", p.monte_carlo.playout.max_moves);
  assert_default_double (schema, "montecarlo-discount", p.monte_carlo.playout.discount);
  assert_default_string (schema, "montecarlo-policy", lh_playout_policy_to_string (p.monte_carlo.playout.policy));
  assert_default_string (schema, "montecarlo-measure", lh_measure_to_string (p.monte_carlo.playout.measure));

  assert_default_uint (schema, "mdp-theta1", p.mdp.theta[0]);
  assert_default_uint (schema, "mdp-theta2", p.mdp.theta[1]);
  assert_default_uint (schema, "mdp-theta3", p.mdp.theta[2]);
  assert_default_uint (schema, "mdp-theta4", p.mdp.theta[3]);
  assert_default_double (schema, "mdp-theta5", p.mdp.theta5);
  assert_default_double (schema, "mdp-theta6", p.mdp.theta6);
  immediate = schema_default (schema, "mdp-immediate-reward");
  g_assert_cmpint (g_variant_get_boolean (immediate), ==, p.mdp.immediate_reward);
  assert_default_double (schema, "mdp-gamma", p.mdp.gamma);

  assert_default_uint (schema, "hybrid-empty-threshold", p.hybrid.empty_threshold);
  assert_default_uint (schema, "hybrid-playouts", p.hybrid.playouts);
}

static const char *const solver_keys[] = {
  "solver", "solver-threads", "mcts-iterations", "mcts-exploration", "montecarlo-playouts",
};

static void
reset_solver_settings (GSettings *settings)
{
  for (guint i = 0; i < G_N_ELEMENTS (solver_keys); i++)
    g_settings_reset (settings, solver_keys[i]);
  lh_gui_test_iterate_for (50);
}

static gboolean
row_visible (const char *key)
{
  GtkWidget *row = lh_ai_panel_get_setting_row (lh_window_get_ai_panel (window), key);

  g_assert_nonnull (row);
  return gtk_widget_get_visible (row);
}

static gboolean
inspector_has_record (gpointer data)
{
  return lh_inspector_pane_get_record (lh_window_get_inspector (window)) != NULL;
}

/* Choosing Monte Carlo in GSettings shows its rows only, and the next Hint
 * runs it: each legal move gets the set number of playouts. */
static void
test_solver_monte_carlo_hint (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhAiPanel *panel = lh_window_get_ai_panel (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *combo = lh_ai_panel_get_setting_row (panel, "solver");
  const LhSolverResult *result;
  guint64 playouts = 0;
  const char *status;

  g_settings_set_string (settings, "solver", "expectimax");
  lh_gui_test_iterate_for (50);
  g_assert_true (row_visible ("ai-threads"));
  g_assert_false (row_visible ("solver-threads"));
  g_settings_set_uint (settings, "montecarlo-playouts", 20);
  g_settings_set_string (settings, "solver", "montecarlo");
  lh_gui_test_iterate_for (50);
  g_assert_false (row_visible ("ai-threads"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)), ==, LH_SOLVER_MONTE_CARLO);
  g_assert_true (row_visible ("montecarlo-playouts"));
  g_assert_true (row_visible ("montecarlo-discount"));
  g_assert_true (row_visible ("solver-threads"));
  g_assert_false (row_visible ("ai-depth"));
  g_assert_false (row_visible ("mcts-iterations"));
  g_assert_false (row_visible ("mdp-theta1"));

  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  lh_inspector_pane_set_record (pane, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (not_searching, NULL, 20000))
    g_error ("the Monte Carlo hint did not end");
  status = lh_analysis_get_status (lh_window_get_analysis (window));
  g_test_message ("status: %s", status);
  if (!lh_gui_test_iterate_until (inspector_has_record, NULL, 2000))
    g_error ("the Monte Carlo hint gave no record: %s", status);

  result = lh_search_record_get_result (lh_inspector_pane_get_record (pane));
  g_assert_cmpint (result->move, >=, 0);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      g_assert_cmpuint (result->visits[m], ==, result->legal[m] ? 20 : 0);
      playouts += result->visits[m];
    }
  g_assert_cmpuint (result->playouts, ==, playouts);
  g_assert_nonnull (strstr (status, "playouts"));
  g_assert_null (strstr (status, "depth"));
  /* The scrubber counts playouts, not depths. */
  g_assert_nonnull (strstr (lh_inspector_pane_get_step_text (pane), " playouts · "));
  g_assert_null (strstr (lh_inspector_pane_get_step_text (pane), "Depth"));
  reset_solver_settings (settings);
  g_assert_true (row_visible ("ai-depth"));
  g_assert_false (row_visible ("montecarlo-playouts"));
}

/* Choosing MCTS in the combo stores it; the next Hint runs MCTS, whose
 * steps are iterations with a path, drawn highlighted with a legend;
 * changing a parameter during a search stops it. */
static void
test_solver_combo_mcts (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhAiPanel *panel = lh_window_get_ai_panel (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *combo = lh_ai_panel_get_setting_row (panel, "solver");
  g_autofree char *solver = NULL;
  LhSearchRecord *record;
  const LhSolverResult *result;
  LhSearchStep step;
  LhTreeView *view;
  guint n;

  g_settings_set_uint (settings, "mcts-iterations", 200);
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), LH_SOLVER_MCTS);
  lh_gui_test_iterate_for (50);
  solver = g_settings_get_string (settings, "solver");
  g_assert_cmpstr (solver, ==, "mcts");
  g_assert_true (row_visible ("mcts-iterations"));
  g_assert_true (row_visible ("mcts-exploration"));
  g_assert_false (row_visible ("montecarlo-playouts"));
  g_assert_false (row_visible ("ai-adaptive"));

  view = hint_and_wait_for_tree ();
  record = lh_inspector_pane_get_record (pane);
  g_assert_nonnull (record);
  result = lh_search_record_get_result (record);
  g_assert_cmpuint (result->iterations, ==, 200);
  g_assert_nonnull (strstr (lh_analysis_get_status (lh_window_get_analysis (window)), "iterations"));
  n = lh_search_record_get_n_steps (record);
  g_assert_cmpuint (n, >=, 1);
  lh_search_record_get_step (record, lh_inspector_pane_get_step (pane), &step);
  g_assert_cmpuint (step.iteration, >, 0);
  g_assert_true (g_str_has_prefix (lh_inspector_pane_get_step_text (pane), "Iteration "));
  g_assert_cmpuint (step.path_length, >=, 1);
  g_assert_cmpuint (step.path[0], ==, 0);
  g_assert_true (lh_inspector_pane_get_legend_visible (pane));
  for (guint i = 0; i < step.path_length; i++)
    g_assert_true (lh_tree_view_is_on_path (view, step.path[i]));
  /* Visits are drawn: the root holds every iteration. */
  g_assert_cmpuint (lh_search_tree_get_node (lh_tree_view_get_tree (view), 0)->visits, >, 1);

  /* A long search, then parameters change: the search stops at once and,
   * once the changes rest, the position is analysed with the new ones. */
  g_settings_set_uint (settings, "mcts-iterations", 100000000);
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_true (lh_window_is_searching (window));
  lh_gui_test_iterate_for (100);
  g_assert_true (lh_window_is_searching (window));
  g_settings_set_double (settings, "mcts-exploration", 0.5);
  g_assert_false (lh_window_is_searching (window));
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_settings_set_uint (settings, "mcts-iterations", 300);
  g_assert_true (lh_gui_test_iterate_until (reanalysed, NULL, 20000));
  record = lh_inspector_pane_get_record (pane);
  g_assert_cmpuint (lh_search_record_get_result (record)->iterations, ==, 300);

  /* A hint asked for while a re-analysis waits takes its place. */
  g_settings_set_double (settings, "mcts-exploration", 0.7);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  g_assert_false (lh_analysis_is_pending (lh_window_get_analysis (window)));
  g_assert_true (lh_gui_test_iterate_until (not_searching, NULL, 20000));

  reset_solver_settings (settings);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)), ==, LH_SOLVER_EXPECTIMAX);
}

static gboolean
selected_is (gpointer data)
{
  LhTreeView *view = lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));
  return lh_tree_view_get_selected (view) == GPOINTER_TO_UINT (data);
}

/* A click on a node (at its place computed from the layout) selects it. */
static void
test_inspector_click (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  guint32 target = LH_SEARCH_NODE_NONE;
  graphene_rect_t b;
  graphene_point_t p;
  double sx = 0, sy = 0;
  char x[32], y[32];

  /* The first node other than the root wholly in view. */
  for (guint32 i = 1; i < lh_search_tree_get_n_nodes (tree) && target == LH_SEARCH_NODE_NONE; i++)
    if (lh_tree_view_get_node_bounds (view, i, &b) && b.origin.x >= 0 && b.origin.y >= 0
        && b.origin.x + b.size.width <= w && b.origin.y + b.size.height <= h)
      target = i;
  g_assert_cmpuint (target, !=, LH_SEARCH_NODE_NONE);
  lh_tree_view_get_node_bounds (view, target, &b);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (b.origin.x + b.size.width / 2,
                                                                 b.origin.y + b.size.height / 2), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (x, sizeof x, "%d", (int) (p.x + sx));
  g_snprintf (y, sizeof y, "%d", (int) (p.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, x, y, "click", "1", NULL });
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (target), 3000))
    g_error ("clicking node %u at %s,%s selected node %u", target, x, y,
             lh_tree_view_get_selected (view));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));

  /* Clicked or reached with Tab, the tree walks with the arrows (test-focus
   * checks that the board does not move): Up is the parent, Down its first
   * child. */
  press ("Up");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (lh_search_tree_get_node (tree, target)->parent), 3000))
    g_error ("Up did not select the parent of node %u", target);
  press ("Down");
  if (!lh_gui_test_iterate_until (selected_is,
                      GUINT_TO_POINTER (lh_search_tree_get_node (tree, lh_search_tree_get_node (tree, target)->parent)->first_child),
                      3000))
    g_error ("Down did not select the first child");
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* The scrubber replays iterative deepening: at depth 1 the chart shows
 * other values than at depth 3. */
static void
test_inspector_scrubber (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  GtkRange *scrubber;
  double last[LH_N_MOVES] = { 0 }, first[LH_N_MOVES] = { 0 };
  gboolean differ = FALSE;
  guint n;

  hint_and_wait_for_tree ();
  scrubber = lh_inspector_pane_get_scrubber (pane);
  n = lh_search_record_get_n_steps (lh_inspector_pane_get_record (pane));
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    lh_move_chart_get_value (chart, m, &last[m]);

  gtk_range_set_value (scrubber, 0);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, 0);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      lh_move_chart_get_value (chart, m, &first[m]);
      differ |= first[m] != last[m];
    }
  g_assert_true (differ);
  if (!lh_gui_test_iterate_until (inspector_has_tree, NULL, 10000))
    g_error ("no tree for the first step");

  /* Export writes the tree shown, the format by the extension. */
  {
    g_autofree char *dir = g_dir_make_tmp ("lookahead-export-XXXXXX", NULL);
    const char *names[] = { "tree.svg", "tree.PNG", "tree.json" };
    const char *magic[] = { "<?xml", "\x89PNG", "{" };
    g_autoptr(GError) error = NULL;

    g_assert_nonnull (dir);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);
        g_autofree char *contents = NULL;
        gsize length = 0;

        g_assert_true (lh_inspector_pane_export (pane, path, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
        g_assert_cmpuint (length, >, 100);
        g_assert_true (i == 1 ? memcmp (contents, "\x89PNG", 4) == 0
                              : g_str_has_prefix (g_strchug (contents), magic[i]));
      }
    {
      g_autofree char *path = g_build_filename (dir, "tree.txt", NULL);
      g_assert_false (lh_inspector_pane_export (pane, path, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "tree.txt"));
    }
    lh_test_remove_tree (dir);
  }

  /* Back at the last step, the chart shows the result again. */
  lh_inspector_pane_set_step (pane, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value = 0;
      lh_move_chart_get_value (chart, m, &value);
      g_assert_cmpfloat (value, ==, last[m]);
    }
}

/* Root coordinates of widget point (@x, @y) of @widget, for xdotool. */
static void
root_point (GtkWidget *widget, double x, double y, char out_x[32], char out_y[32])
{
  graphene_point_t p;
  double sx = 0, sy = 0;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  g_snprintf (out_x, 32, "%d", (int) (p.x + sx));
  g_snprintf (out_y, 32, "%d", (int) (p.y + sy));
}

/* Moves the pointer to widget point (@x, @y) of @widget. */
static void
pointer_to (GtkWidget *widget, double x, double y)
{
  char rx[32], ry[32];

  root_point (widget, x, y, rx, ry);
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, rx, ry, NULL });
  lh_gui_test_iterate_for (50);
}

/* Clicks the middle of @widget with the primary button. */
static void
click_widget (GtkWidget *widget)
{
  pointer_to (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "click", "1", NULL });
  lh_gui_test_iterate_for (100);
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
  Snapshot before;

  g_assert_nonnull (scale);
  g_assert_true (gtk_widget_get_mapped (scale));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  before = take ();

  /* Reached with the keyboard: the slider walks with the arrows. */
  focus_by_keyboard (scale);
  before_value = gtk_adjustment_get_value (delay);
  press ("Right");
  lh_gui_test_iterate_for (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), >, before_value);
  press ("Left");
  lh_gui_test_iterate_for (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), ==, before_value);
  g_assert_cmpuint (take ().board, ==, before.board);
  /* The board's letter keys still play from there. */
  press_and_check ("d", LH_MOVE_RIGHT);

  /* Escape: back on the board, the arrows play. */
  press ("Escape");
  lh_gui_test_iterate_for (100);
  g_assert_true (gtk_widget_has_focus (board));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  press_and_check ("Left", LH_MOVE_LEFT);

  /* Clicked, the slider has the focus but the arrows still play. */
  click_widget (scale);
  g_assert_true (gtk_widget_has_focus (scale));
  before_value = gtk_adjustment_get_value (delay);
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  press_and_check ("Up", LH_MOVE_UP);
  g_assert_cmpfloat (gtk_adjustment_get_value (delay), ==, before_value);

  /* After opening and closing the main menu, too. */
  press ("F10");
  lh_gui_test_iterate_for (300);
  press ("Escape");
  lh_gui_test_iterate_for (300);
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  press_and_check ("Down", LH_MOVE_DOWN);
  gtk_adjustment_set_value (delay, pace);
  pointer_to (board, 5, 5);
}

/* How many nodes of the tree shown have a place in the layout (are not
 * inside a collapsed subtree). */
static guint
count_laid_out (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  graphene_rect_t b;
  guint n = 0;

  for (guint32 i = 0; tree != NULL && i < lh_search_tree_get_n_nodes (tree); i++)
    n += lh_tree_view_get_node_bounds (view, i, &b);
  return n;
}

typedef struct {
  LhTreeView *view;
  guint       n;
} CountIs;

static gboolean
laid_out_count_is (gpointer data)
{
  CountIs *c = data;

  return !lh_tree_view_is_laying_out (c->view) && count_laid_out (c->view) == c->n;
}

static gboolean
laid_out_count_below (gpointer data)
{
  CountIs *c = data;

  return !lh_tree_view_is_laying_out (c->view) && count_laid_out (c->view) < c->n;
}

/* The first node with children, other than the root, wholly in view. */
static guint32
inner_node_in_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;

  for (guint32 i = 1; i < lh_search_tree_get_n_nodes (tree); i++)
    if (lh_search_tree_get_node (tree, i)->first_child != LH_SEARCH_NODE_NONE
        && lh_tree_view_get_node_bounds (view, i, &b) && b.origin.x >= 0 && b.origin.y >= 0
        && b.origin.x + b.size.width <= w && b.origin.y + b.size.height <= h - 40)
      return i;
  return LH_SEARCH_NODE_NONE;
}

/* The opening view of a new tree: readable, the root and all its children
 * wholly in view. */
static void
assert_opening_view (LhTreeView *view)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t b;
  guint children = 0;

  g_assert_cmpfloat (lh_tree_view_get_zoom (view), >=, 0.8);
  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &b));
  g_assert_true (b.origin.x >= 0 && b.origin.x + b.size.width <= w && b.origin.y >= 0);
  for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling, children++)
    {
      g_assert_true (lh_tree_view_get_node_bounds (view, c, &b));
      g_assert_true (b.origin.x >= 0 && b.origin.x + b.size.width <= w);
      g_assert_true (b.origin.y + b.size.height <= h);
    }
  g_assert_cmpuint (children, >=, 2);
}

/* Real pointer and keys on the tree: Ctrl+scroll zooms about the pointer,
 * a drag pans (the scroll bars' adjustments move), Enter and a double click
 * collapse a subtree (fewer nodes laid out) and Enter expands it again. */
static void
test_inspector_explore (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  GtkWidget *widget = GTK_WIDGET (view);
  GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  double zoom, h0, v0;
  guint all;
  guint32 inner;
  CountIs count;

  /* The opening view, the rows below collapsed. */
  assert_opening_view (view);
  g_assert_cmpuint (count_laid_out (view), <, lh_search_tree_get_n_nodes (lh_tree_view_get_tree (view)));

  /* Ctrl+scroll up over the tree zooms in, down zooms out. */
  zoom = lh_tree_view_get_zoom (view);
  pointer_to (widget, w / 3.0, h / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL });
  lh_gui_test_iterate_for (150);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), >, zoom * 1.1);
  zoom = lh_tree_view_get_zoom (view);
  lh_gui_test_xdotool ((const char *[]) { "keydown", "ctrl", "click", "5", "keyup", "ctrl", NULL });
  lh_gui_test_iterate_for (150);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), <, zoom / 1.1);

  /* * on the root expands the whole tree. */
  all = lh_search_tree_get_n_nodes (lh_tree_view_get_tree (view));
  g_assert_cmpuint (count_laid_out (view), <, all);
  focus_by_keyboard (widget);
  press ("Home");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (0), 3000))
    g_error ("Home did not select the root");
  press ("asterisk");
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("* on the root left %u of %u nodes laid out", count_laid_out (view), all);

  /* A drag pans: the view moves the other way from the pointer. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj) - gtk_adjustment_get_page_size (hadj), >, 200);
  gtk_adjustment_set_value (hadj, (gtk_adjustment_get_upper (hadj) - gtk_adjustment_get_page_size (hadj)) / 2);
  lh_gui_test_iterate_for (50);
  h0 = gtk_adjustment_get_value (hadj);
  v0 = gtk_adjustment_get_value (vadj);
  pointer_to (widget, w / 2.0, h / 2.0);
  lh_gui_test_xdotool ((const char *[]) { "mousedown", "1", NULL });
  lh_gui_test_iterate_for (50);
  for (int i = 1; i <= 5; i++)
    {
      char dx[16], dy[16];

      g_snprintf (dx, sizeof dx, "%d", -30);
      g_snprintf (dy, sizeof dy, "%d", -10);
      lh_gui_test_xdotool ((const char *[]) { "mousemove_relative", "--", dx, dy, NULL });
      lh_gui_test_iterate_for (30);
    }
  lh_gui_test_xdotool ((const char *[]) { "mouseup", "1", NULL });
  lh_gui_test_iterate_for (100);
  g_test_message ("drag: h %.0f -> %.0f, v %.0f -> %.0f", h0, gtk_adjustment_get_value (hadj),
                  v0, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (gtk_adjustment_get_value (hadj), >, h0 + 100);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >=, v0);

  /* Enter on the selected root collapses the whole tree to it... */
  focus_by_keyboard (widget);
  press ("Home");
  if (!lh_gui_test_iterate_until (selected_is, GUINT_TO_POINTER (0), 3000))
    g_error ("Home did not select the root again");
  press ("Return");
  count = (CountIs) { view, 1 };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("Enter on the root left %u nodes laid out", count_laid_out (view));
  g_assert_true (lh_tree_view_is_collapsed (view, 0));
  /* ... and again expands it. */
  press ("Return");
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("Enter again left %u of %u nodes laid out", count_laid_out (view), all);
  g_assert_false (lh_tree_view_is_collapsed (view, 0));

  /* A double click on a node with children collapses its subtree (at a
   * zoom where a node's box is a few pixels wide: fitting this wide tree
   * makes each node a mark narrower than a pixel). */
  lh_tree_view_zoom_to_fit (view);
  lh_gui_test_iterate_for (50);
  {
    /* The whole expanded tree fits the view: far wider than high, it fits
     * its width, and its rows stay apart (no strip). */
    const LhSearchTree *tree = lh_tree_view_get_tree (view);
    int vw = gtk_widget_get_width (widget), vh = gtk_widget_get_height (widget);
    double top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE;
    graphene_rect_t b;

    g_assert_cmpfloat (lh_tree_view_get_zoom (view), <, LH_TREE_RENDER_SHAPES_ZOOM);
    g_assert_cmpfloat (lh_tree_view_get_zoom_y (view), >, 4 * lh_tree_view_get_zoom (view));
    for (guint32 i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
      {
        g_assert_true (lh_tree_view_get_node_bounds (view, i, &b));
        g_assert_cmpfloat (b.origin.x, >=, -0.5);
        g_assert_cmpfloat (b.origin.y, >=, -0.5);
        g_assert_cmpfloat (b.origin.x + b.size.width, <=, vw + 0.5);
        g_assert_cmpfloat (b.origin.y + b.size.height, <=, vh + 0.5);
        top = MIN (top, b.origin.y);
        bottom = MAX (bottom, b.origin.y + b.size.height);
      }
    g_assert_cmpfloat (bottom - top, >, 40);
    /* Zooming back in to where shapes are drawn makes the scales equal. */
    lh_tree_view_zoom (view, 2 * LH_TREE_RENDER_SHAPES_ZOOM / lh_tree_view_get_zoom (view));
    g_assert_cmpfloat (lh_tree_view_get_zoom_y (view), ==, lh_tree_view_get_zoom (view));
    lh_tree_view_zoom_to_fit (view);
  }
  lh_tree_view_zoom (view, MAX (4.0, 0.08 / lh_tree_view_get_zoom (view)));
  lh_gui_test_iterate_for (100);
  inner = inner_node_in_view (view);
  g_assert_cmpuint (inner, !=, LH_SEARCH_NODE_NONE);
  {
    graphene_rect_t b;
    char rx[32], ry[32];

    g_assert_true (lh_tree_view_get_node_bounds (view, inner, &b));
    root_point (widget, b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2, rx, ry);
    lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, rx, ry,
                                "click", "--repeat", "2", "--delay", "60", "1", NULL });
  }
  count = (CountIs) { view, all };
  if (!lh_gui_test_iterate_until (laid_out_count_below, &count, 5000))
    g_error ("a double click on node %u collapsed nothing", inner);
  g_assert_true (lh_tree_view_is_collapsed (view, inner));
  lh_tree_view_toggle_collapsed (view, inner);
  count = (CountIs) { view, all };
  g_assert_true (lh_gui_test_iterate_until (laid_out_count_is, &count, 5000));

  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* An MCTS hint opens as expectimax does, the root's moves side by side in
 * view, and the shown iteration's path goes on below them alone: the
 * path's chance node shows only the path's spawn, right under it (not its
 * ~20 spawns, which would spread the moves out of view); expanding it shows
 * every spawn, each collapsed. */
static void
test_inspector_mcts_opening (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhTreeView *view;
  const LhSearchTree *tree;
  LhSearchStep step;
  graphene_rect_t move_box, spawn_box, b;
  guint32 move, spawn;
  guint spawns = 0, shown = 0;
  CountIs count;

  g_settings_set_string (settings, "solver", "mcts");
  g_settings_set_uint (settings, "mcts-iterations", 200);
  lh_gui_test_iterate_for (50);
  view = hint_and_wait_for_tree ();
  tree = lh_tree_view_get_tree (view);
  lh_search_record_get_step (lh_inspector_pane_get_record (pane), lh_inspector_pane_get_step (pane), &step);
  g_assert_cmpuint (step.path_length, >=, 3);
  move = step.path[1];
  spawn = step.path[2];
  g_assert_cmpuint (lh_search_tree_get_node (tree, move)->kind, ==, LH_SEARCH_NODE_CHANCE);

  assert_opening_view (view);
  for (guint i = 0; i < step.path_length; i++)
    {
      g_assert_true (lh_tree_view_is_on_path (view, step.path[i]));
      g_assert_true (lh_tree_view_get_node_bounds (view, step.path[i], &b));
    }
  for (guint32 c = lh_search_tree_get_node (tree, move)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling, spawns++)
    shown += lh_tree_view_get_node_bounds (view, c, &b);
  g_assert_cmpuint (spawns, >, 1);
  g_assert_cmpuint (shown, ==, 1);
  g_assert_true (lh_tree_view_get_node_bounds (view, move, &move_box));
  g_assert_true (lh_tree_view_get_node_bounds (view, spawn, &spawn_box));
  g_assert_cmpfloat_with_epsilon (spawn_box.origin.x, move_box.origin.x, 0.01);

  count = (CountIs) { view, count_laid_out (view) + spawns - 1 };
  lh_tree_view_toggle_collapsed (view, move);
  if (!lh_gui_test_iterate_until (laid_out_count_is, &count, 5000))
    g_error ("expanding the path's chance node laid out %u nodes, not %u", count_laid_out (view), count.n);

  /* The JSON export names the solver that searched. */
  {
    g_autofree char *dir = g_dir_make_tmp ("lookahead-export-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
    g_autofree char *solver = NULL;
    g_autoptr(LhSearchTree) loaded = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (lh_inspector_pane_export (pane, path, &error));
    g_assert_no_error (error);
    loaded = lh_search_tree_new_from_json_file (path, &solver, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (solver, ==, "mcts");
    g_assert_cmpuint (lh_search_tree_get_n_nodes (loaded), ==, lh_search_tree_get_n_nodes (tree));
    lh_test_remove_tree (dir);
  }

  reset_solver_settings (settings);
}

/* The tooltip: over a node the view's query-tooltip answers TRUE (and
 * fills the tooltip), over the empty space beside the tree FALSE. */
static void
test_inspector_tooltip (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  graphene_rect_t b;
  gboolean shown = FALSE;

  g_assert_true (lh_tree_view_get_node_bounds (view, 0, &b));
  g_signal_emit_by_name (view, "query-tooltip", (int) (b.origin.x + b.size.width / 2),
                         (int) (b.origin.y + b.size.height / 2), FALSE, tooltip, &shown);
  g_assert_true (shown);

  /* Left of the root, above the first row: no node there. */
  shown = TRUE;
  g_signal_emit_by_name (view, "query-tooltip", 2, 2, FALSE, tooltip, &shown);
  g_assert_false (shown);

  /* Keyboard mode: the focused node's tooltip. */
  g_signal_emit_by_name (view, "query-tooltip", 0, 0, TRUE, tooltip, &shown);
  g_assert_true (shown);
}

/* The Step back and Step forward buttons, clicked, move the scrubber and
 * the chart through the iterations, and are disabled at the ends. */
static void
test_inspector_step_buttons (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  GtkRange *scrubber;
  GtkWidget *back, *forward;
  double last[LH_N_MOVES] = { 0 }, previous[LH_N_MOVES] = { 0 };
  gboolean differ = FALSE;
  guint n;

  hint_and_wait_for_tree ();
  scrubber = lh_inspector_pane_get_scrubber (pane);
  back = gtk_widget_get_prev_sibling (GTK_WIDGET (scrubber));
  forward = gtk_widget_get_next_sibling (GTK_WIDGET (scrubber));
  g_assert_true (GTK_IS_BUTTON (back) && GTK_IS_BUTTON (forward));
  n = lh_search_record_get_n_steps (lh_inspector_pane_get_record (pane));
  g_assert_cmpuint (n, >=, 2);
  g_assert_false (gtk_widget_get_sensitive (forward));
  g_assert_true (gtk_widget_get_sensitive (back));
  for (int m = 0; m < LH_N_MOVES; m++)
    lh_move_chart_get_value (chart, m, &last[m]);

  click_widget (back);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 2);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 2);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      lh_move_chart_get_value (chart, m, &previous[m]);
      differ |= previous[m] != last[m];
    }
  g_assert_true (differ);
  g_assert_true (gtk_widget_get_sensitive (forward));

  click_widget (forward);
  g_assert_cmpuint (lh_inspector_pane_get_step (pane), ==, n - 1);
  g_assert_cmpfloat (gtk_range_get_value (scrubber), ==, n - 1);
  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value = 0;

      lh_move_chart_get_value (chart, m, &value);
      g_assert_cmpfloat (value, ==, last[m]);
    }
  g_assert_false (gtk_widget_get_sensitive (forward));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, "5", "5", NULL });
  gtk_widget_grab_focus (GTK_WIDGET (lh_window_get_board_view (window)));
}

/* The record's budget has a control in the AI panel, 1,000 to the schema's
 * 1,000,000 nodes, that says its memory cost; a search recorded after a
 * change keeps that many nodes at most per step. */
static void
test_inspector_budget (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  GtkAdjustment *budget = lh_ai_panel_get_record_adjustment (lh_window_get_ai_panel (window));
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhSearchRecord *record;
  guint n;

  g_assert_cmpfloat (gtk_adjustment_get_lower (budget), ==, 1000);
  g_assert_cmpfloat (gtk_adjustment_get_upper (budget), ==, LH_SEARCH_TREE_MAX_NODES);
  g_assert_cmpfloat (gtk_adjustment_get_value (budget), ==,
                     g_settings_get_uint (settings, "inspector-max-nodes"));

  gtk_adjustment_set_value (budget, LH_SEARCH_TREE_MAX_NODES);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, LH_SEARCH_TREE_MAX_NODES);
  gtk_adjustment_set_value (budget, 2000);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, 2000);

  lh_inspector_pane_set_record (pane, NULL);
  hint_and_wait_for_tree ();
  record = lh_inspector_pane_get_record (pane);
  n = lh_search_record_get_n_steps (record);
  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      LhSearchStep step;

      lh_search_record_get_step (record, i, &step);
      g_assert_nonnull (step.tree);
      g_assert_cmpuint (lh_search_tree_get_max_nodes (step.tree), ==, 2000);
      g_assert_cmpuint (lh_search_tree_get_n_nodes (step.tree), <=, 2000);
    }
  /* The depth-3 search of this position has more nodes than that: the
   * budget was what limited the last step's record. */
  {
    LhSearchStep last;

    lh_search_record_get_step (record, n - 1, &last);
    g_assert_cmpuint (lh_search_tree_get_n_nodes (last.tree), >, 1000);
  }

  gtk_adjustment_set_value (budget, 20000);
  g_assert_cmpuint (g_settings_get_uint (settings, "inspector-max-nodes"), ==, 20000);
  lh_inspector_pane_set_record (pane, NULL);
}

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* Folded (360 px), the tree is a page: F9 (the toggle) goes there, a hint
 * fills it there; hidden, its page is gone; wide again, it shows beside the
 * board with the same tree. */
static void
test_inspector_narrow (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *tree_button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                      "tree_page_button"));
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  const LhSearchTree *tree;
  int width = 0, height = 0;

  g_assert_true (g_settings_get_boolean (settings, "inspector-visible"));
  lh_inspector_pane_set_record (pane, NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  resize_window (360, 720);
  lh_gui_test_iterate_for (200);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (pane)));

  /* F9 off: no tree page; on: the tree page comes into view. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (FALSE));
  lh_gui_test_iterate_for (100);
  g_assert_false (gtk_widget_get_visible (tree_button));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-inspector",
                                      g_variant_new_boolean (TRUE));
  if (!lh_gui_test_iterate_until (widget_mapped, pane, 3000))
    g_error ("folded, showing the inspector did not bring it into view");
  g_assert_true (gtk_widget_get_visible (tree_button));
  lh_gui_test_iterate_for (200);  /* its first allocation on the page */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (pane)), <=, 360);
  hint_and_wait_for_tree ();
  tree = lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane));
  g_assert_cmpuint (lh_tree_view_count_drawn (lh_inspector_pane_get_tree_view (pane)), >, 0);

  /* Wide again: beside the board, the same tree. */
  resize_window (1000, height);
  if (!lh_gui_test_iterate_until (widget_mapped, pane, 3000))
    g_error ("wide again, the inspector is not in view");
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_tree_view_get_tree (lh_inspector_pane_get_tree_view (pane)) == tree);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (lh_window_get_board_view (window))));
  resize_window (width, height);
  lh_gui_test_iterate_for (300);
  lh_inspector_pane_set_record (pane, NULL);
}

static gboolean
store_idle (gpointer data)
{
  return !lh_game_store_has_pending (lh_window_get_store (window));
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

static void
test_save_on_close (void)
{
  g_autofree char *path = lh_save_file_default_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGame) saved = NULL;
  LhBoard board = lh_game_model_get_board (lh_window_get_model (window));
  guint64 score = lh_game_model_get_score (lh_window_get_model (window));

  g_assert_true (g_str_has_prefix (path, data_home));
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


/* ---- the heuristic panel ------------------------------------------------ */

static LhHeuristicPanel *
heuristic_panel (void)
{
  GtkWidget *panel = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_HEURISTIC_PANEL);

  g_assert_nonnull (panel);
  return LH_HEURISTIC_PANEL (panel);
}

static LhParamRow *
param_row (const char *key)
{
  GtkWidget *row = lh_heuristic_panel_get_row (heuristic_panel (), key);

  g_assert_nonnull (row);
  return LH_PARAM_ROW (row);
}

/* "heuristic-empty-weight" for "empty_weight" */
static char *
heuristic_key (const LhHeuristicParamInfo *info)
{
  char *key = g_strconcat ("heuristic-", info->key, NULL);

  g_strdelimit (key, "_", '-');
  return key;
}

/* Puts the window's panel back on Balanced, every value the preset's. */
static void
reset_heuristic (void)
{
  g_assert_true (lh_heuristic_panel_select_preset (heuristic_panel (), "balanced"));
  lh_heuristic_panel_reset (heuristic_panel ());
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
  lh_gui_test_iterate_for (50);
}

/* The schema's defaults of every heuristic parameter (the registry's keys)
 * are lh_heuristic_params_init_default ()'s, and the preset is Balanced. */
static void
test_heuristic_schema_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_autoptr(GSettingsSchema) schema = NULL;
  const LhHeuristicParamInfo *infos;
  LhHeuristicParams defaults;
  guint n = 0;

  g_object_get (settings, "settings-schema", &schema, NULL);
  lh_heuristic_params_init_default (&defaults);
  infos = lh_heuristic_param_list (&n);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = heuristic_key (&infos[i]);
      assert_default_double (schema, key, lh_heuristic_params_get (&defaults, &infos[i]));
    }
  assert_default_string (schema, "preset", "balanced");
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* The slider and the entry of a row: a value beyond the slider's range
 * pins it at its end; the slider's moves set the value. */
static void
test_param_row (void)
{
  GtkWidget *row = g_object_ref_sink (lh_param_row_new ("Weight", "What it measures",
                                                        0, 1000, 0, 100, 1, 1));
  GtkRange *scale = GTK_RANGE (lh_param_row_get_scale (LH_PARAM_ROW (row)));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (lh_param_row_get_spin_button (LH_PARAM_ROW (row)));
  guint notified = 0;

  g_signal_connect (row, "notify::value", G_CALLBACK (count_notify), &notified);

  lh_param_row_set_value (LH_PARAM_ROW (row), 50);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 50);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 50);

  lh_param_row_set_value (LH_PARAM_ROW (row), 700);
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 700);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 100);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 700);

  gtk_range_set_value (scale, 20);
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 20);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 20);

  gtk_spin_button_set_value (spin, 5000);  /* beyond the valid range */
  g_assert_cmpfloat (lh_param_row_get_value (LH_PARAM_ROW (row)), ==, 1000);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 100);
  /* Each change notified once; setting the same value again does not. */
  g_assert_cmpuint (notified, ==, 4);
  lh_param_row_set_value (LH_PARAM_ROW (row), 1000);
  g_assert_cmpuint (notified, ==, 4);
  g_object_unref (row);
}

typedef struct {
  char text[LH_N_MOVES][64];
} MoveTexts;

static MoveTexts
move_texts (void)
{
  MoveTexts texts;

  for (int m = 0; m < LH_N_MOVES; m++)
    {
      double value;

      if (lh_move_chart_get_value (lh_window_get_move_chart (window), m, &value))
        g_snprintf (texts.text[m], sizeof texts.text[m], "%.9g", value);
      else
        g_strlcpy (texts.text[m], "—", sizeof texts.text[m]);
    }
  return texts;
}

static gboolean
move_texts_differ (gpointer data)
{
  const MoveTexts *before = data;
  MoveTexts now = move_texts ();

  if (lh_window_is_searching (window) || lh_analysis_is_pending (lh_window_get_analysis (window)))
    return FALSE;
  return memcmp (&now, before, sizeof now) != 0;
}

/* Moving a weight re-analyses the position once the changes rest: the move
 * values shown and the inspector's search change, with no Hint asked. */
static void
test_heuristic_slider_reanalyses (void)
{
  LhInspectorPane *pane = lh_window_get_inspector (window);
  LhParamRow *row = param_row ("empty_weight");
  GtkRange *scale = GTK_RANGE (lh_param_row_get_scale (row));
  LhSearchRecord *before_record;
  LhHeuristicParams used;
  MoveTexts before;

  reset_heuristic ();
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (not_searching, NULL, 10000))
    g_error ("the hint search did not end");
  before = move_texts ();
  g_assert_cmpstr (before.text[LH_MOVE_UP], !=, "—");
  before_record = lh_inspector_pane_get_record (pane);
  g_assert_nonnull (before_record);
  lh_search_record_ref (before_record);

  /* A drag: many values in a row, one analysis after the last. */
  gtk_range_set_value (scale, 200);
  gtk_range_set_value (scale, 100);
  g_assert_cmpfloat (lh_param_row_get_value (row), ==, 100);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  if (!lh_gui_test_iterate_until (move_texts_differ, &before, 20000))
    g_error ("the move values did not change after the weight moved: %s", lh_analysis_get_status (lh_window_get_analysis (window)));
  lh_analysis_get_heuristic (lh_window_get_analysis (window), &used);
  g_assert_cmpfloat (used.empty_weight, ==, 100);
  g_assert_true (lh_inspector_pane_get_record (pane) != before_record);
  g_assert_nonnull (lh_inspector_pane_get_record (pane));
  lh_search_record_unref (before_record);
  g_assert_true (lh_heuristic_panel_is_modified (heuristic_panel ()));
  reset_heuristic ();
}

/* Choosing Snake sets every slider to its values and keeps the choice;
 * Reset to preset brings them back after a change. */
static void
test_heuristic_preset_snake (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  AdwComboRow *chooser = ADW_COMBO_ROW (lh_gui_test_find_descendant (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW));
  const LhPreset *builtin;
  const LhPreset *snake = lh_preset_find_builtin ("snake");
  const LhHeuristicParamInfo *infos;
  g_autofree char *chosen = NULL;
  guint n_builtin = 0, n = 0, index = G_MAXUINT;
  LhHeuristicParams shown;

  g_assert_nonnull (snake);
  builtin = lh_preset_get_builtin (&n_builtin);
  for (guint i = 0; i < n_builtin; i++)
    if (g_strcmp0 (builtin[i].id, "snake") == 0)
      index = i;
  g_assert_cmpuint (index, <, n_builtin);
  reset_heuristic ();

  adw_combo_row_set_selected (chooser, index);
  lh_gui_test_iterate_for (50);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "snake");
  chosen = g_settings_get_string (settings, "preset");
  g_assert_cmpstr (chosen, ==, "snake");
  infos = lh_heuristic_param_list (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = heuristic_key (&infos[i]);
      double expected = lh_heuristic_params_get (&snake->heuristic, &infos[i]);

      g_assert_cmpfloat (lh_param_row_get_value (param_row (infos[i].key)), ==, expected);
      g_assert_cmpfloat (g_settings_get_double (settings, key), ==, expected);
    }
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (chooser), "modified"));

  lh_param_row_set_value (param_row ("snake_base"), snake->heuristic.snake_base + 1);
  lh_param_row_set_value (param_row ("merges_weight"), snake->heuristic.merges_weight + 50);
  g_assert_true (lh_heuristic_panel_is_modified (panel));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (chooser)), ==, "Modified");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "heuristic.reset", NULL));
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.snake_base, ==, snake->heuristic.snake_base);
  g_assert_cmpfloat (shown.merges_weight, ==, snake->heuristic.merges_weight);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  reset_heuristic ();
}

/* A user preset keeps its exact values (not the entries' digits), and a
 * rename through the panel's dialog keeps it chosen, unmodified. */
static void
test_heuristic_user_preset_exact_and_rename (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  LhHeuristicParams exact, shown;
  g_autoptr(LhPreset) preset = NULL;
  g_autofree char *data = NULL;
  const char *entries[2] = { NULL, NULL };
  GtkWindow *dialog;

  reset_heuristic ();
  lh_heuristic_params_init_default (&exact);
  exact.empty_weight = 1234.5678;
  exact.monotonicity_weight = 12.345;
  exact.snake_weight = 0.123456;
  exact.snake_base = 1.0005;
  preset = lh_preset_new ("Exact", &exact);
  data = lh_preset_to_data (preset);
  entries[0] = data;
  g_settings_set_strv (settings, "user-presets", entries);
  lh_gui_test_iterate_for (50);

  g_assert_true (lh_heuristic_panel_select_preset (panel, "user:Exact"));
  lh_gui_test_iterate_for (50);
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.empty_weight, ==, 1234.5678);
  g_assert_cmpfloat (shown.monotonicity_weight, ==, 12.345);
  g_assert_cmpfloat (shown.snake_weight, ==, 0.123456);
  g_assert_cmpfloat (shown.snake_base, ==, 1.0005);
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  /* Selecting the chosen preset again by its own key is harmless. */
  g_assert_true (lh_heuristic_panel_select_preset (panel, lh_heuristic_panel_get_preset_key (panel)));
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "user:Exact");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "heuristic.rename", NULL));
  lh_gui_test_iterate_for (50);
  dialog = lh_gui_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (lh_gui_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_ENTRY)),
                         "Exact renamed");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "ok");
  gtk_window_close (dialog);
  lh_gui_test_iterate_for (50);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (panel), ==, "user:Exact renamed");
  g_assert_false (lh_heuristic_panel_is_modified (panel));
  lh_heuristic_panel_get_params (panel, &shown);
  g_assert_cmpfloat (shown.empty_weight, ==, 1234.5678);

  g_settings_reset (settings, "user-presets");
  lh_gui_test_iterate_for (50);
  reset_heuristic ();
}

static gboolean
chart_chose (gpointer data)
{
  LhMoveChart *chart = LH_MOVE_CHART (lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_MOVE_CHART));

  if (lh_window_is_searching (window) || lh_analysis_is_pending (lh_window_get_analysis (window)))
    return FALSE;
  return lh_move_chart_get_chosen (chart) == GPOINTER_TO_INT (data);
}

/* A board on which two presets choose different moves (test-preset's, at
 * the window's depth 3 as well): Balanced moves left; choosing Snake in the
 * chooser re-analyses, and the chart then marks up. */
static void
test_heuristic_presets_choose_differently (void)
{
  LhHeuristicPanel *panel = heuristic_panel ();
  AdwComboRow *chooser = ADW_COMBO_ROW (lh_gui_test_find_descendant (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW));
  guint n_builtin = 0, snake = G_MAXUINT;
  const LhPreset *builtin = lh_preset_get_builtin (&n_builtin);

  for (guint i = 0; i < n_builtin; i++)
    if (g_strcmp0 (builtin[i].id, "snake") == 0)
      snake = i;
  g_assert_cmpuint (snake, <, n_builtin);
  reset_heuristic ();
  lh_gui_test_set_position (window, "32 0 0 0/64 8 0 0/2 16 2 2/4 4 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (chart_chose, GINT_TO_POINTER (LH_MOVE_LEFT), 20000))
    g_error ("Balanced's hint did not choose left: %s", lh_analysis_get_status (lh_window_get_analysis (window)));

  adw_combo_row_set_selected (chooser, snake);
  g_assert_true (lh_analysis_is_pending (lh_window_get_analysis (window)));
  if (!lh_gui_test_iterate_until (chart_chose, GINT_TO_POINTER (LH_MOVE_UP), 20000))
    g_error ("after choosing Snake the chart did not mark up: %s",
             lh_analysis_get_status (lh_window_get_analysis (window)));
  reset_heuristic ();
}

/* A pinch on the tree view (its GtkGestureZoom) zooms by the pinch's
 * scale from the zoom it started at, about the centre when the gesture
 * has no touch points to centre on. */
static void
test_inspector_pinch (void)
{
  LhTreeView *view = hint_and_wait_for_tree ();
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  GtkGesture *pinch = NULL;
  gulong handler;
  double start;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_ZOOM (controller))
        pinch = GTK_GESTURE (controller);
    }
  g_assert_nonnull (pinch);

  lh_tree_view_zoom_to_fit (view);
  start = lh_tree_view_get_zoom (view);
  g_assert_cmpfloat (start * 1.5, <=, LH_TREE_VIEW_MAX_ZOOM);
  /* "begin" without a real touch: after the view's handler, stop the
   * emission before GtkGestureZoom's own (which reads the event). */
  handler = g_signal_connect (pinch, "begin", G_CALLBACK (lh_gui_test_stop_gesture_begin), NULL);
  g_signal_emit_by_name (pinch, "begin", NULL);
  g_signal_handler_disconnect (pinch, handler);
  g_signal_emit_by_name (pinch, "scale-changed", 1.25);
  g_assert_cmpfloat_with_epsilon (lh_tree_view_get_zoom (view), start * 1.25, 1e-9);
  /* The scale is relative to the pinch's start, not to the last step. */
  g_signal_emit_by_name (pinch, "scale-changed", 1.5);
  g_assert_cmpfloat_with_epsilon (lh_tree_view_get_zoom (view), start * 1.5, 1e-9);
  g_signal_emit_by_name (pinch, "scale-changed", 1e-6);
  g_assert_cmpfloat (lh_tree_view_get_zoom (view), ==, LH_TREE_VIEW_MIN_ZOOM);
  lh_tree_view_zoom_to_fit (view);
}

/* The breakdown in the panel follows the board and the heuristic; the
 * heat-map switch shows the per-cell terms on the board. */
static void
test_heuristic_breakdown_heat_map (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicPanel *panel = heuristic_panel ();
  LhBreakdownView *view = LH_BREAKDOWN_VIEW (lh_gui_test_find_descendant (GTK_WIDGET (panel), LH_TYPE_BREAKDOWN_VIEW));
  LhBoardView *board_view = lh_window_get_board_view (window);
  double before = 0, after = 0;

  g_assert_nonnull (view);
  reset_heuristic ();
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, LH_TERM_EMPTY, &before));
  lh_param_row_set_value (param_row ("empty_weight"), 2 * lh_param_row_get_value (param_row ("empty_weight")));
  g_assert_true (lh_breakdown_view_get_value (view, LH_MOVE_NONE, LH_TERM_EMPTY, &after));
  g_assert_cmpfloat (after, ==, 2 * before);

  /* Balanced has no per-cell term: no heat map even when asked for. */
  g_settings_set_boolean (settings, "heat-map", TRUE);
  g_assert_false (lh_board_view_get_heat_map (board_view, NULL));
  g_assert_true (lh_heuristic_panel_select_preset (panel, "snake"));
  g_assert_true (lh_board_view_get_heat_map (board_view, NULL));
  g_settings_set_boolean (settings, "heat-map", FALSE);
  g_assert_false (lh_board_view_get_heat_map (board_view, NULL));
  reset_heuristic ();
}

/* Values read from GSettings out of their range take the chosen preset's;
 * an unknown preset is Balanced. */
static void
test_heuristic_settings_fallback (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  const LhPreset *snake = lh_preset_find_builtin ("snake");
  LhHeuristicParams params, defaults;
  GtkWidget *panel;

  g_settings_set_string (settings, "preset", "snake");
  g_settings_set_double (settings, "heuristic-snake-base", 0.5);      /* must be > 1 */
  g_settings_set_double (settings, "heuristic-sum-power", 100);       /* at most 8 */
  g_settings_set_double (settings, "heuristic-merges-weight", 123);   /* valid: kept */
  panel = g_object_ref_sink (lh_heuristic_panel_new ());
  lh_heuristic_panel_get_params (LH_HEURISTIC_PANEL (panel), &params);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (LH_HEURISTIC_PANEL (panel)), ==, "snake");
  g_assert_cmpfloat (params.snake_base, ==, snake->heuristic.snake_base);
  g_assert_cmpfloat (params.sum_power, ==, snake->heuristic.sum_power);
  g_assert_cmpfloat (params.merges_weight, ==, 123);
  g_assert_cmpfloat (g_settings_get_double (settings, "heuristic-snake-base"), ==, snake->heuristic.snake_base);
  g_object_unref (panel);

  lh_heuristic_params_init_default (&defaults);
  g_settings_set_string (settings, "preset", "user:No Such Preset");
  g_settings_set_double (settings, "heuristic-sum-power", -1);
  panel = g_object_ref_sink (lh_heuristic_panel_new ());
  lh_heuristic_panel_get_params (LH_HEURISTIC_PANEL (panel), &params);
  g_assert_cmpstr (lh_heuristic_panel_get_preset_key (LH_HEURISTIC_PANEL (panel)), ==, "balanced");
  g_assert_cmpfloat (params.sum_power, ==, defaults.sum_power);
  g_object_unref (panel);

  reset_heuristic ();
}

/* ---- the analysis session ----------------------------------------------- */

static gboolean
analysis_current (gpointer data)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhSearchRecord *record = lh_analysis_get_record (analysis);

  return record != NULL && !lh_analysis_get_stale (analysis) && !lh_analysis_is_searching (analysis)
      && !lh_analysis_is_pending (analysis)
      && lh_search_record_get_board (record) == lh_game_model_get_board (lh_window_get_model (window));
}

static char *
board_description (void)
{
  /* check_property returns the actual value when it differs from "". */
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (lh_window_get_board_view (window)),
                                             GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
}

/* Live analysis: every new position (a person's move, undo, a new game) is
 * analysed without asking; the values, the hint arrow and the board's
 * description follow. */
static void
test_live_analysis (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhGameModel *model = lh_window_get_model (window);
  g_autofree char *description = NULL;
  LhSearchRecord *record;
  LhBoard start;

  lh_analysis_set_live (analysis, TRUE);
  g_assert_true (lh_analysis_get_live (analysis));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("live analysis did not analyse the new game's position: %s", lh_analysis_get_status (analysis));
  record = lh_analysis_get_record (analysis);
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==,
                   lh_search_record_get_result (record)->move);
  description = board_description ();
  g_assert_nonnull (strstr (description, "The AI suggests"));
  g_clear_pointer (&description, g_free);

  /* A person's move: the next position is analysed by itself. */
  start = lh_game_model_get_board (model);
  press_and_check ("Down", LH_MOVE_DOWN);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("live analysis did not follow the move: %s", lh_analysis_get_status (analysis));
  g_assert_true (lh_analysis_get_record (analysis) != record);

  /* Undo too. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (lh_game_model_get_board (model), ==, start);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("live analysis did not follow the undo");

  /* A changed setting: analysed again with it. */
  record = lh_analysis_get_record (analysis);
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
    int depth = g_settings_get_int (settings, "ai-depth");

    g_settings_set_int (settings, "ai-depth", depth == 2 ? 3 : 2);
    g_assert_true (lh_analysis_is_pending (analysis));
    if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
      g_error ("live analysis did not follow the depth");
    g_assert_true (lh_analysis_get_record (analysis) != record);
    g_assert_cmpuint (lh_search_record_get_result (lh_analysis_get_record (analysis))->depth, ==,
                      depth == 2 ? 3 : 2);
    g_settings_set_int (settings, "ai-depth", depth);
    lh_gui_test_iterate_until (analysis_current, NULL, 10000);
  }
  lh_analysis_set_live (analysis, FALSE);
  lh_analysis_stop (analysis, NULL);
}

/* Analysis off: after a move, the last analysis is of an earlier position
 * and every view says so: the values are dimmed and disabled, the board
 * has no arrow and its description no suggestion, the tree is marked, the
 * status says it. */
static void
test_stale_without_live (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhInspectorPane *pane = lh_window_get_inspector (window);
  GtkWidget *chart = GTK_WIDGET (lh_window_get_move_chart (window));
  g_autofree char *description = NULL;
  gboolean stale = FALSE;

  g_assert_false (lh_analysis_get_live (analysis));
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), ==, 1.0);
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), !=, LH_MOVE_NONE);

  press_and_check ("Down", LH_MOVE_DOWN);
  lh_gui_test_iterate_for (300);
  g_assert_false (lh_analysis_is_searching (analysis));
  g_assert_nonnull (lh_analysis_get_record (analysis));
  g_assert_true (lh_analysis_get_stale (analysis));
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), <, 0.5);
  g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_STATE_DISABLED, TRUE));
  g_assert_cmpint (lh_board_view_get_hint (lh_window_get_board_view (window)), ==, LH_MOVE_NONE);
  description = board_description ();
  g_assert_null (strstr (description, "The AI suggests"));
  g_object_get (pane, "stale", &stale, NULL);
  g_assert_true (stale);
  g_assert_nonnull (strstr (lh_analysis_get_status (analysis), "earlier position"));

  /* A hint makes it current again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  g_object_get (pane, "stale", &stale, NULL);
  g_assert_false (stale);
  g_assert_cmpfloat (gtk_widget_get_opacity (chart), ==, 1.0);
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
  moves = take ().n_moves;
  gtk_widget_activate (button);
  if (!lh_gui_test_iterate_until (autoplay_running, &moves, 5000))
    g_error ("auto-play made no move");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Stop");
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                     "Stop"));
  g_assert_false (gtk_widget_get_visible (note));

  /* A person's key stops it, and the window says so: a move, or a key that
   * cannot move. */
  press ("Left");
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

/* The first start: how to play where the tree will be, until the first
 * move; or its button. */
static void
test_welcome (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  GtkWidget *welcome = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                  "welcome_page"));

  g_settings_set_boolean (settings, "show-welcome", TRUE);
  if (!lh_gui_test_iterate_until (widget_mapped, welcome, 3000))
    g_error ("the welcome is not shown");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (welcome)), "arrow keys"));
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (welcome)), "Hint"));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  press_and_check ("Left", LH_MOVE_LEFT);
  if (!lh_gui_test_iterate_until (widget_mapped, pane, 3000))
    g_error ("the tree did not replace the welcome after a move");
  g_assert_false (g_settings_get_boolean (settings, "show-welcome"));

  g_settings_set_boolean (settings, "show-welcome", TRUE);
  if (!lh_gui_test_iterate_until (widget_mapped, welcome, 3000))
    g_error ("the welcome is not shown again");
  g_action_group_activate_action (G_ACTION_GROUP (window), "dismiss-welcome", NULL);
  if (!lh_gui_test_iterate_until (widget_mapped, pane, 3000))
    g_error ("the button did not show the tree");
}

/* The search's parameters come from the settings the sidebar shows: the
 * time budget (shown for expectimax and the hybrid only) never caps MCTS
 * or Monte Carlo; the smallest adaptive depth stays within the depth;
 * every search key is one, the window's own keys are not. */
static void
test_solver_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  LhHeuristicParams heuristic;
  LhSolverParams params;

  lh_heuristic_params_init_default (&heuristic);
  g_settings_set_uint (settings, "ai-time-budget", 700);
  g_settings_set_string (settings, "solver", "expectimax");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 700);
  g_assert_true (lh_solver_params_validate (&params, NULL));
  g_settings_set_string (settings, "solver", "hybrid");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 700);
  g_settings_set_string (settings, "solver", "mcts");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpint (params.kind, ==, LH_SOLVER_MCTS);
  g_assert_cmpuint (params.time_budget_ms, ==, 0);
  g_settings_set_string (settings, "solver", "montecarlo");
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.time_budget_ms, ==, 0);

  g_settings_set_string (settings, "solver", "expectimax");
  g_settings_set_int (settings, "ai-depth", 2);
  g_settings_set_int (settings, "ai-min-depth", 4);
  lh_solver_settings_read (settings, &heuristic, &params);
  g_assert_cmpuint (params.min_depth, ==, 2);
  g_assert_true (lh_solver_params_validate (&params, NULL));

  g_assert_true (lh_solver_settings_is_search_key ("mcts-iterations"));
  g_assert_true (lh_solver_settings_is_search_key ("ai-cutoff"));
  g_assert_true (lh_solver_settings_is_search_key ("solver"));
  g_assert_false (lh_solver_settings_is_search_key ("window-width"));
  g_assert_false (lh_solver_settings_is_search_key ("inspector-visible"));
  g_assert_false (lh_solver_settings_is_search_key ("live-analysis"));

  g_settings_reset (settings, "ai-time-budget");
  g_settings_reset (settings, "ai-depth");
  g_settings_reset (settings, "ai-min-depth");
  g_settings_reset (settings, "solver");
  lh_gui_test_iterate_for (300);
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
}

/* The expected line beside the values: the best move's by default, the
 * chosen move's when one is picked in the chart, gone once the analysis is
 * of an earlier position. */
static void
test_expected_line (void)
{
  LhAnalysis *analysis = lh_window_get_analysis (window);
  LhMoveChart *chart = lh_window_get_move_chart (window);
  LhLineStrip *strip = LH_LINE_STRIP (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                     "line_strip"));
  const LhSolverResult *result;
  int other = LH_MOVE_NONE;

  g_assert_nonnull (strip);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  lh_gui_test_iterate_for (100);
  result = lh_search_record_get_result (lh_analysis_get_record (analysis));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (strip)));
  g_assert_cmpuint (lh_line_strip_get_n_steps (strip), >=, 2);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (result->move)));

  for (int m = 0; m < LH_N_MOVES && other == LH_MOVE_NONE; m++)
    if (result->legal[m] && m != result->move)
      other = m;
  g_assert_cmpint (other, !=, LH_MOVE_NONE);
  lh_move_chart_set_selected_move (chart, other);
  lh_gui_test_iterate_for (100);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (other)));
  lh_move_chart_set_selected_move (chart, LH_MOVE_NONE);
  lh_gui_test_iterate_for (100);
  g_assert_true (g_str_has_prefix (lh_line_strip_get_text (strip), lh_format_move_label (result->move)));

  press_and_check ("Down", LH_MOVE_DOWN);
  lh_gui_test_iterate_for (200);
  g_assert_true (lh_analysis_get_stale (analysis));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (strip)));
}

/* ---- the layout at every width ------------------------------------------ */

/* Whether a line of @label breaks inside a word. */
static gboolean
label_breaks_word (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const PangoLogAttr *attrs;
  const char *text = pango_layout_get_text (layout);
  int n_attrs = 0;
  gboolean broken = FALSE;

  if (pango_layout_get_line_count (layout) < 2)
    return FALSE;
  attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      int offset = (int) g_utf8_pointer_to_offset (text, text + pango_layout_line_get_start_index (line));

      if (offset > 0 && offset < n_attrs && !attrs[offset].is_line_break)
        broken = TRUE;
    }
  return broken;
}

/* What a person reads or uses (GTK's and libadwaita's own inner parts, such
 * as a switcher's indicator, are theirs to size). */
static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_LABEL (widget) || GTK_IS_SWITCH (widget)
      || GTK_IS_EDITABLE (widget) || GTK_IS_RANGE (widget) || GTK_IS_DROP_DOWN (widget)
      || GTK_IS_LIST_BOX_ROW (widget) || g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Lh");
}

/* Checks every widget in view below @widget: inside @content (the window's
 * content, whose bounds are @area) unless it scrolls, every control at
 * least as wide as it asks to be, and no label broken inside a word.  Returns the number of
 * widgets checked. */
static guint
check_layout (GtkWidget *widget, GtkWidget *content, const graphene_rect_t *area, gboolean scrolled)
{
  guint checked = 0;
  graphene_rect_t bounds;
  int min = 0, nat = 0;

  if (!gtk_widget_get_mapped (widget) || GTK_IS_POPOVER (widget) || (GTK_IS_NATIVE (widget) && widget != GTK_WIDGET (window)))
    return 0;
  if (widget != GTK_WIDGET (window) && gtk_widget_compute_bounds (widget, content, &bounds) && !scrolled
      && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0)
    {
      if (bounds.origin.x < area->origin.x - 1 || bounds.origin.y < area->origin.y - 1
          || bounds.origin.x + bounds.size.width > area->origin.x + area->size.width + 1
          || bounds.origin.y + bounds.size.height > area->origin.y + area->size.height + 1)
        g_error ("%s (%s) lies outside the window: %.0f,%.0f %.0fx%.0f in %.0fx%.0f",
                 G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget), bounds.origin.x,
                 bounds.origin.y, bounds.size.width, bounds.size.height, area->size.width, area->size.height);
    }
  /* The widget's own box (gtk_widget_get_width () leaves out its padding
   * and border, which its measured minimum counts). */
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (!gtk_widget_compute_bounds (widget, widget, &bounds))
    bounds.size.width = gtk_widget_get_width (widget);
  min -= gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
  if (is_control (widget) && bounds.size.width + 1 < min)
    {
      g_autoptr(GString) path = g_string_new (NULL);

      for (GtkWidget *w = widget; w != NULL && w != content; w = gtk_widget_get_parent (w))
        g_string_prepend (path, G_OBJECT_TYPE_NAME (w)), g_string_prepend (path, " > ");
      g_error ("%s%s%s is %d px wide, narrower than its %d px", path->str,
               GTK_IS_BUTTON (widget) ? " " : "",
               GTK_IS_BUTTON (widget) ? (gtk_button_get_label (GTK_BUTTON (widget)) != NULL
                                         ? gtk_button_get_label (GTK_BUTTON (widget))
                                         : gtk_button_get_icon_name (GTK_BUTTON (widget))) : "",
               (int) bounds.size.width, min);
    }
  if (GTK_IS_LABEL (widget) && gtk_label_get_wrap (GTK_LABEL (widget)) && label_breaks_word (GTK_LABEL (widget)))
    g_error ("the label “%s” breaks inside a word at %d px", gtk_label_get_text (GTK_LABEL (widget)),
             gtk_widget_get_width (widget));
  /* Nothing scrolls sideways: what a pane holds fits its width. */
  if (GTK_IS_VIEWPORT (widget) && gtk_widget_get_first_child (widget) != NULL
      && gtk_widget_get_width (gtk_widget_get_first_child (widget)) > gtk_widget_get_width (widget) + 1
      && !gtk_widget_get_ancestor (widget, LH_TYPE_INSPECTOR_PANE))
    g_error ("%s holds %d px in %d px: it scrolls sideways",
             G_OBJECT_TYPE_NAME (gtk_widget_get_parent (gtk_widget_get_parent (widget))),
             gtk_widget_get_width (gtk_widget_get_first_child (widget)), gtk_widget_get_width (widget));
  checked++;
  if (GTK_IS_RANGE (widget))
    return checked;  /* a slider's or a scroll bar's parts move within it */
  scrolled = scrolled || GTK_IS_VIEWPORT (widget) || GTK_IS_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    checked += check_layout (child, content, area, scrolled);
  return checked;
}

static guint check_window_layout (void);

/* Checks the layout with each page of the sidebar shown (AI Player,
 * Heuristic). */
static guint
check_window_layout_pages (void)
{
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (GTK_WIDGET (lh_window_get_ai_panel (window)),
                                                                 ADW_TYPE_VIEW_STACK));
  guint checked;

  adw_view_stack_set_visible_child_name (stack, "heuristic");
  checked = check_window_layout ();
  adw_view_stack_set_visible_child_name (stack, "ai");
  return checked + check_window_layout ();
}

static guint
check_window_layout (void)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  graphene_rect_t area;

  /* A layout of its own, not one left over from the resize. */
  gtk_widget_queue_resize (content);
  lh_gui_test_iterate_for (300);
  area = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (content), gtk_widget_get_height (content));
  return check_layout (content, content, &area, FALSE);
}

/* During auto-play the board's column and the sidebar keep their widths
 * (the column jumped by 48 px at 1280 px as the status line changed, issue
 * 26): the natural width of their content does not change from move to
 * move. */
static void
test_column_steady (void)
{
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  GtkWidget *column = gtk_widget_get_ancestor (board, GTK_TYPE_SCROLLED_WINDOW);
  int lo = G_MAXINT, hi = 0, side_lo = G_MAXINT, side_hi = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (window)), height = gtk_widget_get_height (GTK_WIDGET (window));
  guint64 moves_before;

  resize_window (1280, 900);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  moves_before = lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  for (guint t = 0; t < 80; t++)
    {
      lh_gui_test_iterate_for (50);
      lo = MIN (lo, gtk_widget_get_width (column));
      hi = MAX (hi, gtk_widget_get_width (column));
      {
        GtkWidget *leaflet = gtk_widget_get_ancestor (column, ADW_TYPE_LEAFLET);
        guint i = 0;

        for (GtkWidget *c = gtk_widget_get_first_child (leaflet); c != NULL; c = gtk_widget_get_next_sibling (c), i++)
          if (i == 4)
            {
              side_lo = MIN (side_lo, gtk_widget_get_width (c));
              side_hi = MAX (side_hi, gtk_widget_get_width (c));
            }
      }
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  if (!lh_gui_test_iterate_until (not_searching, NULL, 10000))
    g_error ("auto-play did not stop");
  g_test_message ("the board column's width: %d to %d px, the sidebar's %d to %d px, over %" G_GUINT64_FORMAT " moves",
                  lo, hi, side_lo, side_hi,
                  lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window))) - moves_before);
  g_assert_cmpuint (lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window))), >, moves_before + 3);
  g_assert_cmpint (hi, ==, lo);
  /* The sidebar too (it moved by 7 px as the breakdown's numbers changed:
   * the stack measures its hidden Heuristic page as well). */
  g_assert_cmpint (side_hi, ==, side_lo);
  resize_window (width, height);
}

/* From 360 to 2560 px wide no control is clipped, lies outside the window
 * or breaks a word, on every page of a folded window; at 1400x900 the tree
 * has at least half of the window. */
static void
test_widths (void)
{
  static const int widths[] = { 360, 720, 1000, 1280, 1920, 2560 };
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_ancestor (pane, ADW_TYPE_LEAFLET));
  int width = 0, height = 0;
  double share;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      guint checked;

      resize_window (widths[i], 800);
      lh_gui_test_iterate_for (300);
      g_test_message ("%d px wide (content %d)", widths[i], gtk_widget_get_width (content));
      if (adw_leaflet_get_folded (leaflet))
        {
          checked = check_window_layout ();
          show_page ("tree");
          checked += check_window_layout ();
          show_page ("settings");
          checked += check_window_layout_pages ();
          show_page ("board");
        }
      else
        {
          g_assert_true (gtk_widget_get_mapped (pane));
          g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (lh_window_get_ai_panel (window))));
          checked = check_window_layout_pages ();
        }
      g_test_message ("%d px: %s, %u widgets checked", widths[i],
                      adw_leaflet_get_folded (leaflet) ? "folded" : "side by side", checked);
      g_assert_cmpuint (checked, >, 50);
    }
  g_assert_false (adw_leaflet_get_folded (leaflet));

  resize_window (1400, 900);
  lh_gui_test_iterate_for (300);
  share = (double) gtk_widget_get_width (pane) * gtk_widget_get_height (pane)
          / ((double) gtk_widget_get_width (content) * gtk_widget_get_height (content));
  g_test_message ("1400x900: the tree has %.1f %% of the window (%dx%d of %dx%d)", share * 100,
                  gtk_widget_get_width (pane), gtk_widget_get_height (pane),
                  gtk_widget_get_width (content), gtk_widget_get_height (content));
  g_assert_cmpfloat (share, >=, 0.5);
  resize_window (width, height);
}

int
main (int argc, char *argv[])
{
  int status;

  /* Before GLib reads them: fresh folders (a small board's exact solution,
   * if a test plays one, is cached there, never in the user's cache), no
   * real settings. */
  data_home = lh_gui_test_fresh_dirs ("lookahead-gui-XXXXXX");
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  /* The test AT context: accessible properties can be read back, no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (g_getenv ("LOOKAHEAD_SEED") == NULL)
    g_setenv ("LOOKAHEAD_SEED", "42", TRUE);

  {
    g_autofree char *dir = g_build_filename (data_home, "lookahead", NULL);
    g_autofree char *path = g_build_filename (dir, "game.json", NULL);

    g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
    g_assert_true (g_file_set_contents (path, corrupt_save, -1, NULL));
  }

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("no X display: run under xvfb-run -a\n");
      return 1;
    }
  adw_init ();

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
#ifdef GDK_WINDOWING_X11
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
    g_autofree char *xid = NULL;

    g_assert_true (GDK_IS_X11_SURFACE (surface));
    xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
    window_xid = g_strdup (xid);
    /* Without a window manager nobody gives the window the focus: take it. */
    lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
    lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", xid, "5", "5", NULL });
  }
#endif
  if (!lh_gui_test_iterate_until (window_ready, NULL, 10000))
    g_error ("the window did not get the keyboard focus");

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
  g_test_add_func ("/gui/window/inspector-hint", test_inspector_hint);
  g_test_add_func ("/gui/window/solver-schema-defaults", test_solver_schema_defaults);
  g_test_add_func ("/gui/window/solver-monte-carlo-hint", test_solver_monte_carlo_hint);
  g_test_add_func ("/gui/window/solver-combo-mcts", test_solver_combo_mcts);
  g_test_add_func ("/gui/window/inspector-click", test_inspector_click);
  g_test_add_func ("/gui/window/inspector-scrubber", test_inspector_scrubber);
  g_test_add_func ("/gui/window/inspector-explore", test_inspector_explore);
  g_test_add_func ("/gui/window/inspector-mcts-opening", test_inspector_mcts_opening);
  g_test_add_func ("/gui/window/inspector-tooltip", test_inspector_tooltip);
  g_test_add_func ("/gui/window/inspector-step-buttons", test_inspector_step_buttons);
  g_test_add_func ("/gui/window/inspector-budget", test_inspector_budget);
  g_test_add_func ("/gui/window/inspector-pinch", test_inspector_pinch);
  g_test_add_func ("/gui/window/heuristic-schema-defaults", test_heuristic_schema_defaults);
  g_test_add_func ("/gui/window/param-row", test_param_row);
  g_test_add_func ("/gui/window/heuristic-slider-reanalyses", test_heuristic_slider_reanalyses);
  g_test_add_func ("/gui/window/heuristic-preset-snake", test_heuristic_preset_snake);
  g_test_add_func ("/gui/window/heuristic-settings-fallback", test_heuristic_settings_fallback);
  g_test_add_func ("/gui/window/heuristic-presets-choose-differently", test_heuristic_presets_choose_differently);
  g_test_add_func ("/gui/window/heuristic-user-preset-exact-and-rename", test_heuristic_user_preset_exact_and_rename);
  g_test_add_func ("/gui/window/heuristic-breakdown-heat-map", test_heuristic_breakdown_heat_map);
  g_test_add_func ("/gui/window/fold-tree-hidden", test_fold_tree_hidden);
  g_test_add_func ("/gui/window/narrow", test_narrow);
  g_test_add_func ("/gui/window/inspector-narrow", test_inspector_narrow);
  g_test_add_func ("/gui/window/live-analysis", test_live_analysis);
  g_test_add_func ("/gui/window/stale-without-live", test_stale_without_live);
  g_test_add_func ("/gui/window/autoplay-stop", test_autoplay_stop);
  g_test_add_func ("/gui/window/welcome", test_welcome);
  g_test_add_func ("/gui/window/expected-line", test_expected_line);
  g_test_add_func ("/gui/window/solver-settings", test_solver_settings);
  g_test_add_func ("/gui/window/widths", test_widths);
  g_test_add_func ("/gui/window/column-steady", test_column_steady);
  g_test_add_func ("/gui/window/windows-open-cleanly", test_windows_open_cleanly);
  g_test_add_func ("/gui/window/save-on-close", test_save_on_close);
  status = g_test_run ();

  g_clear_object (&app);
  g_free (window_xid);
  lh_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
