/* test-soak.c: the real window under a long seeded stream of random events.
 *
 * Starts LhApplication as test-window does (a fresh XDG_DATA_HOME and
 * XDG_CACHE_HOME, the memory GSettings backend, LOOKAHEAD_SEED fixed) and
 * sends it LH_SOAK_EVENTS events (default 2000; build-aux/soak.sh runs
 * 20,000), drawn from a GRand seeded with LH_SOAK_SEED (default 1), through
 * what a person's input reaches: move keys (the window's key controller,
 * and now and then a real key press or accelerator with xdotool), Undo, New
 * Game and board sizes, Hint, Step, Auto-play on and off, Analyse, the
 * solver chooser, the heuristic's sliders and its preset chooser, clicks,
 * double clicks, pinches and Ctrl+scrolls on the inspector's tree, showing
 * and hiding the inspector and the sidebar, the pages of a folded window and
 * window resizes.  The message dialogs that come up (New Game?, Game Over,
 * 2048, a changed preset) are answered at random.  Between events the main
 * loop runs a random 0 to LH_SOAK_MAX_WAIT_MS (default 20) milliseconds, so
 * searches, animations, delayed saves and re-analyses overlap the input.
 * LH_SOAK_TRACE=1 prints each event to stderr before it is sent.
 *
 * Checked all along (run with G_DEBUG=fatal-criticals, so a critical
 * aborts): every change of the board is one the rules allow, against a copy
 * the test keeps itself: a move is the previous board moved by a legal move
 * plus one 2 or 4 spawned in an empty cell, the score grown by exactly the
 * move's merge points and the move count by one; an undo gives back the
 * board and score before the last move; a new game is two tiles, score 0,
 * move 0; and after every event the model still holds the test's board and
 * score (nothing changed it unannounced).
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "lh-gui-test-util.h"
#include "lh-application.h"
#include "lh-window.h"
#include "lh-heuristic-panel.h"
#include "lh-param-row.h"
#include "lh-preset.h"
#include "lh-tree-view.h"
#include "lh-search-tree.h"
#include "lh-test-util.h"

static LhApplication *app;
static LhWindow *window;
static char *window_xid;
static GRand *rand_;

/* ---- the test's own copy of the game ---------------------------------------- */

typedef struct {
  LhBoard board;
  guint64 score;
  guint64 moves;
} State;

static LhGeometry geometry;
static GArray *states;  /* State: the game's states, the current one last */
static guint64 n_checked_moves, n_checked_undos, n_checked_new;

static State *
current (void)
{
  return &g_array_index (states, State, states->len - 1);
}

static State
model_state (LhGameModel *model)
{
  const LhGame *game = lh_game_model_get_game (model);

  return (State) { lh_game_get_board (game), lh_game_get_score (game), lh_game_get_n_moves (game) };
}

static void
reset_states (LhGameModel *model)
{
  State s = model_state (model);

  geometry = lh_game_model_get_geometry (model);
  g_array_set_size (states, 0);
  g_array_append_val (states, s);
}

static void
check_move (State before, State after, LhMove move)
{
  guint32 points = 0;
  LhBoard afterstate;
  LhBoard diff;
  guint changed = 0;

  g_assert_cmpint (move, >=, 0);
  g_assert_cmpint (move, <, LH_N_MOVES);
  afterstate = lh_board_move (before.board, geometry, move, &points);
  if (afterstate == before.board)
    g_error ("%s was played on %016" G_GINT64_MODIFIER "x, where it is illegal",
             lh_move_to_string (move), before.board);
  diff = afterstate ^ after.board;
  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 4; c++)
      {
        guint v;

        if (lh_board_get_cell (diff, r, c) == 0)
          continue;
        changed++;
        v = lh_board_get_cell (after.board, r, c);
        if (r >= geometry.rows || c >= geometry.cols || lh_board_get_cell (afterstate, r, c) != 0
            || (v != 1 && v != 2))
          g_error ("%016" G_GINT64_MODIFIER "x %s gave %016" G_GINT64_MODIFIER "x: not its "
                   "afterstate %016" G_GINT64_MODIFIER "x plus a spawn", before.board,
                   lh_move_to_string (move), after.board, afterstate);
      }
  if (changed != 1)
    g_error ("%016" G_GINT64_MODIFIER "x %s gave %016" G_GINT64_MODIFIER "x: %u cells differ "
             "from the afterstate", before.board, lh_move_to_string (move), after.board, changed);
  if (after.score != before.score + points)
    g_error ("%s scored %" G_GUINT64_FORMAT " - %" G_GUINT64_FORMAT ", not its %u merge points",
             lh_move_to_string (move), after.score, before.score, points);
  g_assert_cmpuint (after.moves, ==, before.moves + 1);
}

static void
model_changed_cb (LhGameModel *model, int change, int move, int spawned_cell,
                  gconstpointer previous, gpointer data)
{
  State after = model_state (model);

  switch (change)
    {
    case LH_GAME_MODEL_CHANGE_MOVE:
      g_assert_true (lh_geometry_equal (geometry, lh_game_model_get_geometry (model)));
      check_move (*current (), after, (LhMove) move);
      g_array_append_val (states, after);
      n_checked_moves++;
      break;
    case LH_GAME_MODEL_CHANGE_UNDO:
      {
        State *back;

        g_assert_cmpuint (states->len, >=, 2);
        back = &g_array_index (states, State, states->len - 2);
        if (after.board != back->board || after.score != back->score || after.moves != back->moves)
          g_error ("undo gave %016" G_GINT64_MODIFIER "x (score %" G_GUINT64_FORMAT "), not the "
                   "board before the last move %016" G_GINT64_MODIFIER "x (score %" G_GUINT64_FORMAT ")",
                   after.board, after.score, back->board, back->score);
        g_array_set_size (states, states->len - 1);
        n_checked_undos++;
      }
      break;
    case LH_GAME_MODEL_CHANGE_NEW:
      reset_states (model);
      g_assert_cmpuint (after.score, ==, 0);
      g_assert_cmpuint (after.moves, ==, 0);
      g_assert_cmpuint (lh_board_count_empty (after.board, geometry), ==,
                        (guint) geometry.rows * geometry.cols - 2);
      n_checked_new++;
      break;
    default:
      g_error ("unknown change %d", change);
    }
}

/* After every event: the model holds the test's board, nothing else. */
static void
check_unchanged (void)
{
  LhGameModel *model = lh_window_get_model (window);
  State now = model_state (model);

  if (now.board != current ()->board || now.score != current ()->score || now.moves != current ()->moves)
    g_error ("the game is %016" G_GINT64_MODIFIER "x, score %" G_GUINT64_FORMAT ", though the "
             "last change announced was to %016" G_GINT64_MODIFIER "x, score %" G_GUINT64_FORMAT,
             now.board, now.score, current ()->board, current ()->score);
  g_assert_cmpuint (lh_game_model_can_undo (model), ==, states->len >= 2);
}

/* ---- input -------------------------------------------------------------------- */

static GtkEventController *
find_controller (GtkWidget *widget, GType type, GtkPropagationPhase phase)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type)
          && (phase == GTK_PHASE_NONE || gtk_event_controller_get_propagation_phase (c) == phase))
        return c;  /* the widget keeps it */
    }
  g_error ("no %s on %s", g_type_name (type), G_OBJECT_TYPE_NAME (widget));
}

static guint
pick (guint n)
{
  return (guint) g_rand_int_range (rand_, 0, (gint32) n);
}

static guint n_dialogs, n_presets_saved;

/* Answers the message dialogs shown with one of their responses at random,
 * as a click on its button does (the response, then the dialog closes). */
static void
answer_dialogs (void)
{
  static const char *const responses[] = { "new", "keep", "undo", "cancel", "discard", "save" };

  for (guint round = 0; round < 5; round++)
    {
      GtkWindow *dialog = lh_gui_test_find_message_dialog ();
      const char *chosen[G_N_ELEMENTS (responses)];
      guint n = 0;
      GtkWidget *entry;

      if (dialog == NULL)
        return;
      for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
        if (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), responses[i])
            && adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), responses[i]))
          chosen[n++] = responses[i];
      entry = lh_gui_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_ENTRY);
      if (entry != NULL)
        {
          g_autofree char *name = g_strdup_printf ("Soak %u", ++n_presets_saved);

          gtk_editable_set_text (GTK_EDITABLE (entry), name);
          lh_gui_test_iterate_for (10);
          /* The name may be refused (the save response disabled): recount. */
          n = 0;
          for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
            if (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), responses[i])
                && adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), responses[i]))
              chosen[n++] = responses[i];
        }
      if (n == 0)
        g_error ("the dialog “%s” offers none of the responses the soak knows",
                 adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)));
      n_dialogs++;
      {
        GtkWindow *d = dialog;

        g_object_add_weak_pointer (G_OBJECT (d), (gpointer *) &d);
        adw_message_dialog_response (ADW_MESSAGE_DIALOG (d), chosen[pick (n)]);
        if (d != NULL)
          {
            g_object_remove_weak_pointer (G_OBJECT (d), (gpointer *) &d);
            gtk_window_close (d);
          }
      }
      lh_gui_test_iterate_for (20);
    }
}

static LhHeuristicPanel *
heuristic_panel (void)
{
  GtkWidget *panel = lh_gui_test_find_descendant (GTK_WIDGET (window), LH_TYPE_HEURISTIC_PANEL);

  g_assert_nonnull (panel);
  return LH_HEURISTIC_PANEL (panel);
}

static LhTreeView *
tree_view (void)
{
  return lh_inspector_pane_get_tree_view (lh_window_get_inspector (window));
}

/* ---- the events ------------------------------------------------------------- */

typedef enum {
  EV_KEY, EV_REAL_KEY, EV_UNDO, EV_NEW_GAME, EV_BOARD_SIZE, EV_HINT, EV_STEP, EV_AUTOPLAY,
  EV_ANALYSE, EV_SOLVER, EV_SLIDER, EV_PRESET, EV_TREE_CLICK, EV_TREE_PINCH, EV_TREE_SCROLL,
  EV_TOGGLE_PANE, EV_PAGE, EV_RESIZE, N_EVENTS
} EventKind;

static const struct {
  const char *name;
  guint       weight;
} events[N_EVENTS] = {
  [EV_KEY] = { "move key", 300 },
  [EV_REAL_KEY] = { "real key (xdotool)", 30 },
  [EV_UNDO] = { "undo", 80 },
  [EV_NEW_GAME] = { "new game", 15 },
  [EV_BOARD_SIZE] = { "board size", 4 },
  [EV_HINT] = { "hint", 60 },
  [EV_STEP] = { "step", 60 },
  [EV_AUTOPLAY] = { "auto-play on/off", 50 },
  [EV_ANALYSE] = { "analyse", 15 },
  [EV_SOLVER] = { "solver", 25 },
  [EV_SLIDER] = { "heuristic slider", 50 },
  [EV_PRESET] = { "preset", 20 },
  [EV_TREE_CLICK] = { "tree click", 50 },
  [EV_TREE_PINCH] = { "tree pinch", 20 },
  [EV_TREE_SCROLL] = { "tree ctrl+scroll", 10 },
  [EV_TOGGLE_PANE] = { "show/hide inspector or sidebar", 8 },
  [EV_PAGE] = { "page of a folded window", 10 },
  [EV_RESIZE] = { "window resize", 15 },
};

static guint counts[N_EVENTS];

/* The last events sent, printed when a warning is about to end the test. */
#define N_RECENT 40
static char *recent[N_RECENT];
static guint n_sent;

static void
print_recent (void)
{
  for (guint i = n_sent > N_RECENT ? n_sent - N_RECENT : 0; i < n_sent; i++)
    g_printerr ("  %s\n", recent[i % N_RECENT]);
}

static EventKind
pick_event (void)
{
  guint total = 0, x;

  for (guint i = 0; i < N_EVENTS; i++)
    total += events[i].weight;
  x = pick (total);
  for (guint i = 0; i < N_EVENTS; i++)
    {
      if (x < events[i].weight)
        return (EventKind) i;
      x -= events[i].weight;
    }
  g_assert_not_reached ();
}

static void
activate (const char *action)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), action, NULL);
}

static void
event_key (void)
{
  static const guint keys[] = {
    GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_w, GDK_KEY_a, GDK_KEY_s,
    GDK_KEY_d, GDK_KEY_h, GDK_KEY_j, GDK_KEY_k, GDK_KEY_l, GDK_KEY_KP_Up, GDK_KEY_KP_Left,
    GDK_KEY_Escape,
  };
  GtkEventController *keys_controller = find_controller (GTK_WIDGET (window), GTK_TYPE_EVENT_CONTROLLER_KEY,
                                                         GTK_PHASE_CAPTURE);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys_controller, "key-pressed", keys[pick (G_N_ELEMENTS (keys))], 0,
                         (GdkModifierType) 0, &handled);
}

static void
event_real_key (void)
{
  static const char *const keys[] = {
    "Up", "Down", "Left", "Right", "ctrl+z", "ctrl+h", "ctrl+period", "ctrl+p", "Escape",
  };

  if (window_xid == NULL)
    return;
  lh_gui_test_xdotool ((const char *[]) { "key", "--clearmodifiers", keys[pick (G_N_ELEMENTS (keys))], NULL });
}

static void
event_board_size (void)
{
  /* Not 3x3 or larger than 2x4 of the small sizes: their exact solution
   * takes seconds to minutes and up to a gigabyte (lh-exact-session.h). */
  static const char *const sizes[] = { "4x4", "4x4", "2x2", "2x3", "3x4", "4x3" };

  g_action_group_change_action_state (G_ACTION_GROUP (window), "board-size",
                                      g_variant_new_string (sizes[pick (G_N_ELEMENTS (sizes))]));
}

static void
event_autoplay (void)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "autoplay");

  if (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "autoplay"))
    g_action_group_change_action_state (G_ACTION_GROUP (window), "autoplay",
                                        g_variant_new_boolean (!g_variant_get_boolean (state)));
}

static void
event_solver (void)
{
  GtkWidget *combo = lh_ai_panel_get_setting_row (lh_window_get_ai_panel (window), "solver");
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (combo));

  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), pick (g_list_model_get_n_items (model)));
}

/* A heuristic slider dragged to a random place on its range. */
static void
event_slider (void)
{
  guint n = 0;
  const LhHeuristicParamInfo *infos = lh_heuristic_param_list (&n);
  const LhHeuristicParamInfo *info = &infos[pick (n)];
  GtkWidget *row = lh_heuristic_panel_get_row (heuristic_panel (), info->key);
  GtkRange *scale;
  GtkAdjustment *adjustment;
  double lower, upper;

  if (row == NULL)
    return;
  scale = GTK_RANGE (lh_param_row_get_scale (LH_PARAM_ROW (row)));
  adjustment = gtk_range_get_adjustment (scale);
  lower = gtk_adjustment_get_lower (adjustment);
  upper = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  gtk_range_set_value (scale, lower + g_rand_double (rand_) * (upper - lower));
}

static void
event_preset (void)
{
  AdwComboRow *chooser = ADW_COMBO_ROW (lh_gui_test_find_descendant (GTK_WIDGET (heuristic_panel ()), ADW_TYPE_COMBO_ROW));
  GListModel *model = adw_combo_row_get_model (chooser);

  if (g_rand_int_range (rand_, 0, 4) == 0)
    gtk_widget_activate_action (GTK_WIDGET (heuristic_panel ()), "heuristic.reset", NULL);
  else
    adw_combo_row_set_selected (chooser, pick (g_list_model_get_n_items (model)));
}

/* A click (or double click) on a node of the tree when one is in view, or
 * anywhere on the view, through its click gesture's "pressed". */
static void
event_tree_click (void)
{
  LhTreeView *view = tree_view ();
  const LhSearchTree *tree = lh_tree_view_get_tree (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  GtkEventController *click;
  double x, y;

  if (!gtk_widget_get_mapped (GTK_WIDGET (view)) || w <= 0 || h <= 0)
    return;
  x = g_rand_double_range (rand_, 0, w);
  y = g_rand_double_range (rand_, 0, h);
  if (tree != NULL && lh_search_tree_get_n_nodes (tree) > 0 && g_rand_boolean (rand_))
    {
      guint32 node = pick (lh_search_tree_get_n_nodes (tree));
      graphene_rect_t b;

      if (lh_tree_view_get_node_bounds (view, node, &b))
        {
          x = b.origin.x + b.size.width / 2;
          y = b.origin.y + b.size.height / 2;
        }
    }
  click = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_CLICK, GTK_PHASE_NONE);
  g_signal_emit_by_name (click, "pressed", pick (4) == 0 ? 2 : 1, x, y);
}

/* A pinch (its GtkGestureZoom: "begin", then a few "scale-changed"), as in
 * test-window-inspector's /gui/window/inspector-pinch; now and then zoom to fit. */
static void
event_tree_pinch (void)
{
  LhTreeView *view = tree_view ();
  GtkEventController *pinch = find_controller (GTK_WIDGET (view), GTK_TYPE_GESTURE_ZOOM, GTK_PHASE_NONE);
  gulong handler;

  if (pick (5) == 0)
    {
      lh_tree_view_zoom_to_fit (view);
      return;
    }
  handler = g_signal_connect (pinch, "begin", G_CALLBACK (lh_gui_test_stop_gesture_begin), NULL);
  g_signal_emit_by_name (pinch, "begin", NULL);
  g_signal_handler_disconnect (pinch, handler);
  for (guint i = 0, n = 1 + pick (4); i < n; i++)
    g_signal_emit_by_name (pinch, "scale-changed", g_rand_double_range (rand_, 0.05, 8.0));
}

/* Ctrl+wheel over the tree, a real one (xdotool). */
static void
event_tree_scroll (void)
{
  LhTreeView *view = tree_view ();
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_point_t p;
  double sx = 0, sy = 0;
  char x[32], y[32];

  if (window_xid == NULL || !gtk_widget_get_mapped (GTK_WIDGET (view)) || w < 4 || h < 4
      || lh_gui_test_find_message_dialog () != NULL
      || !gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (window),
                                    &GRAPHENE_POINT_INIT (g_rand_double_range (rand_, 1, w - 1),
                                                          g_rand_double_range (rand_, 1, h - 1)), &p))
    return;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  /* Only a point inside the window (a tree scrolled partly out of a narrow
   * window gives points outside it). */
  if (p.x < 0 || p.y < 0 || p.x >= gtk_widget_get_width (GTK_WIDGET (window))
      || p.y >= gtk_widget_get_height (GTK_WIDGET (window)))
    return;
  g_snprintf (x, sizeof x, "%d", (int) (p.x + sx));
  g_snprintf (y, sizeof y, "%d", (int) (p.y + sy));
  lh_gui_test_xdotool ((const char *[]) { "mousemove", "--window", window_xid, x, y,
                              "keydown", "ctrl", "click", g_rand_boolean (rand_) ? "4" : "5",
                              "keyup", "ctrl", NULL });
}

static void
event_toggle_pane (void)
{
  const char *action = g_rand_boolean (rand_) ? "show-inspector" : "show-sidebar";
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), action);

  g_action_group_change_action_state (G_ACTION_GROUP (window), action,
                                      g_variant_new_boolean (!g_variant_get_boolean (state)));
}

/* A button of the page bar of a folded window (board, tree, settings). */
static void
event_page (void)
{
  static const char *const names[] = { "board_page_button", "tree_page_button", "settings_page_button" };
  GtkWidget *button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                 names[pick (3)]));

  if (button != NULL && gtk_widget_get_mapped (button))
    gtk_widget_activate (button);
}

static void
event_resize (void)
{
  /* Mostly wide enough for the columns side by side, now and then folded. */
  int width = pick (4) == 0 ? 360 + (int) pick (500) : 900 + (int) pick (1000);
  int height = 560 + (int) pick (500);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
}

static void
run_event (EventKind kind)
{
  switch (kind)
    {
    case EV_KEY: event_key (); break;
    case EV_REAL_KEY: event_real_key (); break;
    case EV_UNDO: activate ("undo"); break;
    case EV_NEW_GAME: activate ("new-game"); break;
    case EV_BOARD_SIZE: event_board_size (); break;
    case EV_HINT: activate ("hint"); break;
    case EV_STEP: activate ("step"); break;
    case EV_AUTOPLAY: event_autoplay (); break;
    case EV_ANALYSE: activate ("analyse"); break;
    case EV_SOLVER: event_solver (); break;
    case EV_SLIDER: event_slider (); break;
    case EV_PRESET: event_preset (); break;
    case EV_TREE_CLICK: event_tree_click (); break;
    case EV_TREE_PINCH: event_tree_pinch (); break;
    case EV_TREE_SCROLL: event_tree_scroll (); break;
    case EV_TOGGLE_PANE: event_toggle_pane (); break;
    case EV_PAGE: event_page (); break;
    case EV_RESIZE: event_resize (); break;
    default: g_assert_not_reached ();
    }
}

static void
test_soak (void)
{
  guint n_events = lh_test_env_uint ("LH_SOAK_EVENTS", 2000);
  guint seed = lh_test_env_uint ("LH_SOAK_SEED", 1);
  guint max_wait = lh_test_env_uint ("LH_SOAK_MAX_WAIT_MS", 20);
  gboolean trace = lh_test_env_uint ("LH_SOAK_TRACE", 0) != 0;
  LhGameModel *model = lh_window_get_model (window);
  gint64 start = g_get_monotonic_time ();

  rand_ = g_rand_new_with_seed (seed);
  states = g_array_new (FALSE, FALSE, sizeof (State));
  reset_states (model);
  g_signal_connect (model, "changed", G_CALLBACK (model_changed_cb), NULL);
  g_test_message ("%u events, seed %u (LH_SOAK_EVENTS, LH_SOAK_SEED)", n_events, seed);

  for (guint i = 1; i <= n_events; i++)
    {
      EventKind kind = pick_event ();

      counts[kind]++;
      {
        int w = 0, h = 0;

        gtk_window_get_default_size (GTK_WINDOW (window), &w, &h);
        g_free (recent[n_sent % N_RECENT]);
        recent[n_sent % N_RECENT] = g_strdup_printf ("event %u: %s (window %dx%d, content %d wide, folded %d)",
                                                     i, events[kind].name, w, h,
                                                     gtk_widget_get_width (GTK_WIDGET (window)),
                                                     gtk_widget_has_css_class (GTK_WIDGET (window), "folded"));
        n_sent++;
      }
      if (trace)
        g_printerr ("event %u: %s\n", i, events[kind].name);
      run_event (kind);
      if (trace)
        {
          g_autoptr(GVariant) tree = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-inspector");
          g_autoptr(GVariant) side = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-sidebar");
          int w = 0, h = 0;

          gtk_window_get_default_size (GTK_WINDOW (window), &w, &h);
          g_printerr ("  %dx%d (%d wide), inspector %d, sidebar %d\n", w, h,
                      gtk_widget_get_width (GTK_WIDGET (window)), g_variant_get_boolean (tree),
                      g_variant_get_boolean (side));
        }
      lh_gui_test_iterate_for (pick (max_wait + 1));
      answer_dialogs ();
      check_unchanged ();
      if (i % 1000 == 0)
        g_test_message ("%u events, %.0f s: %" G_GUINT64_FORMAT " moves, %" G_GUINT64_FORMAT
                        " undos, %" G_GUINT64_FORMAT " new games checked", i,
                        (g_get_monotonic_time () - start) / 1e6, n_checked_moves, n_checked_undos,
                        n_checked_new);
    }

  /* The last search ends, the last save is written: still consistent. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "autoplay", g_variant_new_boolean (FALSE));
  lh_analysis_stop (lh_window_get_analysis (window), NULL);
  lh_gui_test_iterate_for (300);
  answer_dialogs ();
  check_unchanged ();

  for (guint k = 0; k < N_EVENTS; k++)
    g_test_message ("  %-32s %u", events[k].name, counts[k]);
  g_test_message ("soak: %u events in %.1f s (seed %u): %" G_GUINT64_FORMAT " moves, %" G_GUINT64_FORMAT
                  " undos and %" G_GUINT64_FORMAT " new games checked, %u dialogs answered",
                  n_events, (g_get_monotonic_time () - start) / 1e6, seed, n_checked_moves,
                  n_checked_undos, n_checked_new, n_dialogs);
  g_assert_cmpuint (n_checked_moves, >, 0);
  g_signal_handlers_disconnect_by_func (model, model_changed_cb, NULL);
  g_array_unref (states);
  g_rand_free (rand_);
}

/* Before a warning that GTK could not draw a widget ("Trying to snapshot
 * GtkSeparator 0x5555... without a current allocation"), prints where that
 * widget is in the window, then logs as usual (fatal in a test). */
static GLogWriterOutput
log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      const char *message = fields[i].value;
      const char *hex;
      guint64 address;
      char digits[32] = "";

      if (g_strcmp0 (fields[i].key, "MESSAGE") != 0 || fields[i].length != -1
          || !g_str_has_prefix (message, "Trying to snapshot ")
          || (hex = strstr (message, " 0x")) == NULL)
        continue;
      strncpy (digits, hex + 3, MIN (strspn (hex + 3, "0123456789abcdef"), sizeof digits - 1));
      if (!g_ascii_string_to_unsigned (digits, 16, 1, G_MAXUINT64, &address, NULL))
        continue;
      for (GtkWidget *w = (GtkWidget *) (guintptr) address; w != NULL; w = gtk_widget_get_parent (w))
        g_printerr ("  in %s “%s” (visible %d, mapped %d, child-visible %d)\n", G_OBJECT_TYPE_NAME (w),
                    gtk_buildable_get_buildable_id (GTK_BUILDABLE (w)) != NULL
                    ? gtk_buildable_get_buildable_id (GTK_BUILDABLE (w)) : gtk_widget_get_name (w),
                    gtk_widget_get_visible (w), gtk_widget_get_mapped (w), gtk_widget_get_child_visible (w));
    }
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    print_recent ();
  return g_log_writer_default (level, fields, n_fields, data);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  g_log_set_writer_func (log_writer, NULL, NULL);
  /* Before GLib reads them: fresh folders, no real settings. */
  data_home = lh_gui_test_fresh_dirs ("lookahead-soak-XXXXXX");
  if (g_getenv ("LOOKAHEAD_SEED") == NULL)
    g_setenv ("LOOKAHEAD_SEED", "42", TRUE);
  lh_gui_test_init (&argc, &argv);

  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");

    g_settings_set_boolean (settings, "show-welcome", FALSE);
  }

  window = lh_gui_test_start_application (&app);
#ifdef GDK_WINDOWING_X11
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

    if (GDK_IS_X11_SURFACE (surface))
      {
        window_xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
        /* Without a window manager nobody gives the window the focus. */
        lh_gui_test_xdotool ((const char *[]) { "windowfocus", "--sync", window_xid, NULL });
      }
  }
#endif
  lh_gui_test_iterate_for (300);

  g_test_add_func ("/gui/soak", test_soak);
  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  lh_gui_test_iterate_for (100);
  g_clear_object (&app);
  g_free (window_xid);
  lh_test_remove_tree (data_home);
  return status;
}
