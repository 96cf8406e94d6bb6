/* lh-window-actions.c: the window's actions and keys (see lh-window.h).
 *
 * Keys: the arrows, WASD and HJKL play, in the capture phase, whatever has
 * the focus, except where the focus was moved by the keyboard (Tab) onto a
 * control that walks with the arrows (the tree, a slider, a list) or is a
 * text field, or a menu is open.  A pointer click never takes the arrows
 * from the board: a clicked tree or slider does not walk with them.  Escape
 * gives the focus back to the board.  While the board shows a position of
 * the reviewed game, ← → Home End Page Up Page Down n p step through that
 * game and Escape goes back to the game played (lh-window-browse.c).
 */
#include "lh-config.h"
#include "lh-window-private.h"
#include "lh-review-graph.h"
#include "lh-tree-view.h"
#include "lh-toast-guard.h"

#include <stdio.h>
#include <glib/gi18n.h>

gboolean
lh_window_person_move (LhWindow *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);

  /* A reviewed position on the board is not played on. */
  if (lh_window_browse_refuse_move (self))
    return FALSE;
  if (!(lh_rules_legal_moves (lh_game_model_get_rules (self->model),
                               lh_game_model_get_wide_board (self->model),
                               lh_game_model_get_geometry (self->model)) & (1u << move)))
    {
      /* A move key during auto-play takes over, even one that cannot move. */
      if (lh_analysis_get_autoplay (self->analysis))
        lh_analysis_stop (self->analysis, _("You pressed a move key"));
      return FALSE;
    }
  lh_analysis_stop (self->analysis, _("You moved"));
  return lh_game_model_move (self->model, move, LH_PLAYER_PERSON, NULL);
}

gboolean
lh_window_is_searching (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);
  return lh_analysis_is_searching (self->analysis);
}

/* ---- keys --------------------------------------------------------------- */

static gboolean
is_arrow (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_Down: case GDK_KEY_KP_Down:
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_Right: case GDK_KEY_KP_Right:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
is_focus_key (guint keyval)
{
  return keyval == GDK_KEY_Tab || keyval == GDK_KEY_ISO_Left_Tab || keyval == GDK_KEY_KP_Tab;
}

static int
key_move (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_w: case GDK_KEY_W: case GDK_KEY_k: case GDK_KEY_K:
      return LH_MOVE_UP;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: case GDK_KEY_s: case GDK_KEY_S: case GDK_KEY_j: case GDK_KEY_J:
      return LH_MOVE_DOWN;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_a: case GDK_KEY_A: case GDK_KEY_h: case GDK_KEY_H:
      return LH_MOVE_LEFT;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: case GDK_KEY_d: case GDK_KEY_D: case GDK_KEY_l: case GDK_KEY_L:
      return LH_MOVE_RIGHT;
    default:
      return LH_MOVE_NONE;
    }
}

/* In the capture phase, so the keys move tiles whichever button of the
 * header bar (or nothing) has the focus; but text fields, open menus and
 * controls reached with the keyboard keep theirs (see the file's comment). */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                LhWindow              *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *board = GTK_WIDGET (self->board_view);
  int move;

  if (is_focus_key (keyval))
    {
      self->keyboard_focus = TRUE;
      return GDK_EVENT_PROPAGATE;
    }
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return GDK_EVENT_PROPAGATE;
  if (focus != NULL)
    {
      GtkWidget *popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);

      if (GTK_IS_EDITABLE (focus) || (popover != NULL && gtk_widget_get_mapped (popover)))
        return GDK_EVENT_PROPAGATE;
    }
  /* A position of the reviewed game on the board: Escape goes back to the
   * game, ← → Home End… step through it (lh-window-browse.c), unless the
   * review's graph has the focus and takes them itself. */
  if (gtk_widget_get_mapped (board) && !LH_IS_REVIEW_GRAPH (focus)
      && lh_window_browse_key (self, keyval))
    return GDK_EVENT_STOP;
  if (keyval == GDK_KEY_Escape)
    {
      if (focus == board || !gtk_widget_get_mapped (board))
        return GDK_EVENT_PROPAGATE;
      self->keyboard_focus = FALSE;
      gtk_widget_grab_focus (board);
      return GDK_EVENT_STOP;
    }
  /* A slider or a list reached with Tab walk with the arrows; the search
   * tree and the review's graph, however they got the focus (a click on a
   * node selects it, and its focus ring says the arrows walk from there; a
   * click on the graph starts stepping through the reviewed game). */
  if (is_arrow (keyval) && focus != NULL && focus != board
      && (LH_IS_REVIEW_GRAPH (focus) || LH_IS_TREE_VIEW (focus)
          || (self->keyboard_focus && gtk_widget_get_focus_on_click (focus) && !GTK_IS_BUTTON (focus))))
    return GDK_EVENT_PROPAGATE;

  move = key_move (keyval);
  if (move == LH_MOVE_NONE)
    return GDK_EVENT_PROPAGATE;
  /* Folded on another page, the board is not in view: the keys are no moves. */
  if (!gtk_widget_get_mapped (board))
    return GDK_EVENT_PROPAGATE;
  lh_window_person_move (self, (LhMove) move);
  return GDK_EVENT_STOP;
}

/* A click takes the focus where the pointer is: from then on, until Tab is
 * pressed again, the arrows play wherever the focus is. */
static void
click_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, LhWindow *self)
{
  self->keyboard_focus = FALSE;
}

/* A menu that closes may leave the focus on one of its (now hidden) items,
 * where neither moves nor accelerators reach: give the focus back. */
static void
popover_closed_cb (GtkPopover *popover, LhWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (popover)))
    gtk_widget_grab_focus (GTK_WIDGET (self->primary_menu_button));
}

static void
board_view_move_cb (LhBoardView *view, int move, LhWindow *self)
{
  lh_window_person_move (self, (LhMove) move);
}

/* ---- actions ------------------------------------------------------------ */

static void
new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  lh_window_request_new_game (self, lh_game_model_get_geometry (self->model));
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  lh_analysis_stop (self->analysis, _("A move was undone"));
  lh_game_model_undo (self->model);
}

static void
board_size_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  const char *text = g_variant_get_string (state, NULL);
  guint rows, cols;
  LhGeometry geometry;

  if (sscanf (text, "%ux%u", &rows, &cols) != 2
      || !lh_wide_geometry_is_valid ((LhGeometry) { (guint8) MIN (rows, 255), (guint8) MIN (cols, 255) }))
    {
      g_warning ("board-size: “%s” is not a size from 2x2 to 5x5", text);
      return;
    }
  geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  if (lh_geometry_equal (geometry, lh_game_model_get_geometry (self->model)))
    return;  /* the size played already */
  /* The state follows the game's geometry, so a cancelled change leaves the
   * menu as it was. */
  lh_window_request_new_game (self, geometry);
}

static void
restore_details_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  lh_window_show_restore_details (LH_WINDOW (user_data));
}

static void
focus_board_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->keyboard_focus = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
dismiss_welcome_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  g_settings_set_boolean (self->settings, "show-welcome", FALSE);
}

/* Train…: the dialog for the board size played; one at a time (a second
 * activation brings it forward). */
/* The network was saved as the Train dialog closed: Use is offered here. */
static void
train_saved_on_close_cb (LhTrainDialog *dialog, const char *path, LhWindow *self)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *display = g_filename_display_name (base);
  /* Translators: a toast once the trained network is saved and its dialog closed; its
   * button makes it the Learned evaluator */
  g_autofree char *text = g_strdup_printf (_("The network was saved as “%s”."), display);
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_button_label (toast, _("_Use"));
  adw_toast_set_action_name (toast, "win.use-network");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  adw_toast_set_timeout (toast, 10);
  lh_toast_guard_add_toast (self->toast_overlay, toast);
}

static void
use_network_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  lh_window_use_network (LH_WINDOW (user_data), g_variant_get_string (parameter, NULL));
}

static void
train_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  if (self->train_dialog == NULL)
    {
      self->train_dialog = lh_train_dialog_new (GTK_WINDOW (self), lh_game_model_get_geometry (self->model));
      g_object_add_weak_pointer (G_OBJECT (self->train_dialog), (gpointer *) &self->train_dialog);
      g_signal_connect_object (self->train_dialog, "use-network", G_CALLBACK (lh_window_use_network),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->train_dialog, "saved-on-close", G_CALLBACK (train_saved_on_close_cb),
                               self, 0);
    }
  gtk_window_present (GTK_WINDOW (self->train_dialog));
}

static const GActionEntry win_entries[] = {
  { "dismiss-welcome", dismiss_welcome_activated, NULL, NULL, NULL },
  { "restore-details", restore_details_activated, NULL, NULL, NULL },
  { "new-game", new_game_activated, NULL, NULL, NULL },
  { "undo", undo_activated, NULL, NULL, NULL },
  { "board-size", NULL, "s", "'4x4'", board_size_change_state },
  { "focus-board", focus_board_activated, NULL, NULL, NULL },
  { "train", train_activated, NULL, NULL, NULL },
  { "use-network", use_network_activated, "s", NULL, NULL },
};

/* Adds the window's actions (the analysis session's too), the settings'
 * toggles (show-inspector, show-sidebar, original-rules) and the key and
 * pointer handlers. */
void
lh_window_actions_init (LhWindow *self)
{
  GtkEventController *keys;
  GtkGesture *click;
  g_autoptr(GPropertyAction) show_inspector = g_property_action_new ("show-inspector", self, "show-inspector");
  g_autoptr(GPropertyAction) show_sidebar = g_property_action_new ("show-sidebar", self, "show-sidebar");
  /* Board Size › Tiles Past 32768 in New Games (lh_window_start_new_game()). */
  g_autoptr(GAction) original_rules = g_settings_create_action (self->settings, "original-rules");

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  lh_analysis_add_actions (self->analysis, G_ACTION_MAP (self));
  /* Toggles of the window's properties, which GSettings keeps. */
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_inspector));
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_sidebar));
  g_action_map_add_action (G_ACTION_MAP (self), original_rules);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_object (click, "pressed", G_CALLBACK (click_pressed_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (self->board_view, "move", G_CALLBACK (board_view_move_cb), self, 0);
  g_signal_connect_object (gtk_menu_button_get_popover (self->primary_menu_button), "closed",
                           G_CALLBACK (popover_closed_cb), self, 0);
}
