/* lh-window.c: the main window (see lh-window.h). */
#include "lh-config.h"
#include "lh-window.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "lh-save-file.h"
#include "lh-search-job.h"

/* Seconds after the last change before the game is written to disk. */
#define SAVE_DELAY_SECONDS 1
/* The tile whose first appearance is announced. */
#define WINNING_TILE 2048

typedef enum {
  SEARCH_HINT,
  SEARCH_STEP,
  SEARCH_AUTO,
} SearchPurpose;

struct _LhWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  LhBoardView     *board_view;
  GtkLabel        *score_label;
  GtkLabel        *best_label;
  GtkLabel        *status_label;
  GtkAdjustment   *depth_adjustment;
  GtkAdjustment   *delay_adjustment;
  GtkSwitch       *adaptive_switch;
  GtkWidget       *up_row;
  GtkWidget       *down_row;
  GtkWidget       *left_row;
  GtkWidget       *right_row;
  GtkLabel        *up_value;
  GtkLabel        *down_value;
  GtkLabel        *left_value;
  GtkLabel        *right_value;
  GtkMenuButton   *primary_menu_button;

  /* Indexed by LhMove */
  GtkWidget       *move_rows[LH_N_MOVES];
  GtkLabel        *move_values[LH_N_MOVES];

  GSettings       *settings;
  LhGameModel     *model;
  char            *save_path;
  guint            save_source;
  gboolean         save_error_shown;

  GCancellable    *search_cancellable;
  guint            search_generation;
  SearchPurpose    search_purpose;
  gboolean         autoplay;
  guint            autoplay_source;
  gboolean         applying_ai_move;
  GtkWindow       *dialog;
  char            *restore_problem;  /* full text of why the save was set aside */
};

G_DEFINE_FINAL_TYPE (LhWindow, lh_window, ADW_TYPE_APPLICATION_WINDOW)

static void start_search (LhWindow *self, SearchPurpose purpose);

static const char *
move_label (int move)
{
  switch (move)
    {
    case LH_MOVE_UP: return _("Up");
    case LH_MOVE_DOWN: return _("Down");
    case LH_MOVE_LEFT: return _("Left");
    case LH_MOVE_RIGHT: return _("Right");
    default: return _("none");
    }
}

static void
show_toast (LhWindow *self, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static GSimpleAction *
lookup_action (LhWindow *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

/* ---- AI ---------------------------------------------------------------- */

static void
clear_move_values (LhWindow *self)
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      gtk_label_set_text (self->move_values[m], "—");
      gtk_widget_remove_css_class (self->move_rows[m], "best-move");
      gtk_widget_remove_css_class (self->move_rows[m], "illegal-move");
    }
}

static void
show_move_values (LhWindow *self, const LhSolverResult *result)
{
  g_autofree char *status = NULL;
  g_autofree char *nodes = NULL;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      gtk_widget_remove_css_class (self->move_rows[m], "best-move");
      gtk_widget_remove_css_class (self->move_rows[m], "illegal-move");
      if (!result->legal[m])
        {
          /* Translators: shown instead of the value of a move that changes nothing */
          gtk_label_set_text (self->move_values[m], _("not possible"));
          gtk_widget_add_css_class (self->move_rows[m], "illegal-move");
        }
      else
        {
          g_autofree char *text = g_strdup_printf ("%'.0f", result->values[m]);
          gtk_label_set_text (self->move_values[m], text);
          if ((int) m == result->move)
            gtk_widget_add_css_class (self->move_rows[m], "best-move");
        }
    }

  nodes = g_strdup_printf ("%'" G_GUINT64_FORMAT, result->nodes);
  /* Translators: %s the best move (Up, Down...), %u the search depth in moves,
   * %s a number of positions, %.1f a time in milliseconds */
  status = g_strdup_printf (_("Best move: %s · depth %u · %s positions · %.1f ms"),
                            move_label (result->move), result->depth, nodes,
                            result->elapsed_ms);
  gtk_label_set_text (self->status_label, status);
}

static void
cancel_search (LhWindow *self)
{
  /* Results of searches started before this point are stale. */
  self->search_generation++;
  if (self->search_cancellable != NULL)
    {
      g_cancellable_cancel (self->search_cancellable);
      g_clear_object (&self->search_cancellable);
    }
}

static void
update_actions (LhWindow *self)
{
  gboolean over = lh_game_model_is_over (self->model);

  g_simple_action_set_enabled (lookup_action (self, "undo"), lh_game_model_can_undo (self->model));
  g_simple_action_set_enabled (lookup_action (self, "hint"), !over);
  g_simple_action_set_enabled (lookup_action (self, "step"), !over);
  g_simple_action_set_enabled (lookup_action (self, "autoplay"), !over || self->autoplay);
}

static void
set_autoplay (LhWindow *self, gboolean autoplay)
{
  autoplay = !!autoplay;
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_simple_action_set_state (lookup_action (self, "autoplay"), g_variant_new_boolean (autoplay));
  if (autoplay)
    start_search (self, SEARCH_AUTO);
  else if (self->search_purpose == SEARCH_AUTO)
    cancel_search (self);
  update_actions (self);
}

static gboolean
autoplay_next_cb (gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->autoplay_source = 0;
  if (self->autoplay)
    start_search (self, SEARCH_AUTO);
  return G_SOURCE_REMOVE;
}

static void
search_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (source);
  guint generation = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  LhSolverResult result;
  gboolean found = lh_search_job_finish (res, &result, &error);

  if (generation != self->search_generation)
    return;  /* stale: the board changed or the window closed since */
  g_clear_object (&self->search_cancellable);

  if (!found)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_("The AI could not search: %s"), error->message);
      gtk_label_set_text (self->status_label, text);
      show_toast (self, text);
      set_autoplay (self, FALSE);
      return;
    }

  show_move_values (self, &result);
  if (result.move == LH_MOVE_NONE)
    {
      set_autoplay (self, FALSE);
      return;
    }

  switch (self->search_purpose)
    {
    case SEARCH_HINT:
      lh_board_view_set_hint (self->board_view, result.move);
      break;
    case SEARCH_STEP:
    case SEARCH_AUTO:
      self->applying_ai_move = TRUE;
      lh_game_model_move (self->model, (LhMove) result.move, NULL);
      self->applying_ai_move = FALSE;
      if (self->search_purpose == SEARCH_AUTO && self->autoplay
          && !lh_game_model_is_over (self->model) && self->autoplay_source == 0)
        self->autoplay_source =
          g_timeout_add ((guint) gtk_adjustment_get_value (self->delay_adjustment),
                         autoplay_next_cb, self);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
start_search (LhWindow *self, SearchPurpose purpose)
{
  LhSolverParams params;

  cancel_search (self);
  if (lh_game_model_is_over (self->model))
    return;

  lh_solver_params_init_default (&params);
  params.depth = (guint) gtk_adjustment_get_value (self->depth_adjustment);
  params.adaptive = gtk_switch_get_active (self->adaptive_switch);
  params.min_depth = CLAMP (params.min_depth, 1, params.depth);

  self->search_purpose = purpose;
  self->search_cancellable = g_cancellable_new ();
  if (purpose != SEARCH_AUTO)
    gtk_label_set_text (self->status_label, _("Thinking…"));
  lh_search_job_run_async (self,
                           lh_game_model_get_board (self->model),
                           lh_game_model_get_geometry (self->model),
                           &params, self->search_cancellable,
                           search_done_cb, GUINT_TO_POINTER (self->search_generation));
}

gboolean
lh_window_is_searching (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);
  return self->search_cancellable != NULL;
}

/* ---- saving ------------------------------------------------------------- */

gboolean
lh_window_save_game (LhWindow *self, GError **error)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);

  g_clear_handle_id (&self->save_source, g_source_remove);
  if (lh_game_model_get_game (self->model) == NULL)
    return TRUE;
  return lh_save_file_save (self->save_path, lh_game_model_get_game (self->model),
                            lh_game_model_get_won (self->model), error);
}

static void
save_and_report (LhWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!lh_window_save_game (self, &error) && !self->save_error_shown)
    {
      g_autofree char *text = g_strdup_printf (_("Could not save the game: %s"), error->message);
      g_warning ("%s", text);
      show_toast (self, text);
      self->save_error_shown = TRUE;  /* once, not after every move */
    }
}

static gboolean
save_timeout_cb (gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->save_source = 0;
  save_and_report (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_save (LhWindow *self)
{
  if (self->save_source == 0)
    self->save_source = g_timeout_add_seconds (SAVE_DELAY_SECONDS, save_timeout_cb, self);
}

/* Restores the saved game, or starts a new one.  A save that cannot be read
 * is moved aside and reported, never overwritten. */
static void
restore_game (LhWindow *self)
{
  g_autoptr(GError) error = NULL;
  gboolean won = FALSE;
  LhGame *game;

  game = lh_save_file_load (self->save_path, &won, &error);
  if (game != NULL)
    {
      lh_game_model_set_game (self->model, game, won);
      return;
    }

  if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_autoptr(GError) move_error = NULL;
      g_autofree char *aside = lh_save_file_set_aside (self->save_path, &move_error);
      g_autofree char *text = NULL;

      if (aside != NULL)
        self->restore_problem =
          g_strdup_printf (_("The saved game could not be read: %s\n\nIt was moved to %s "
                             "and a new game started."),
                           error->message, aside);
      else
        self->restore_problem =
          g_strdup_printf (_("The saved game could not be read: %s\n\nIt could not be moved "
                             "aside either (%s), so this game will be saved next to it."),
                           error->message, move_error->message);
      g_message ("%s", self->restore_problem);
      text = g_strdup_printf (_("Could not restore the saved game: %s"), error->message);
      {
        g_autofree char *escaped = g_markup_escape_text (text, -1);
        AdwToast *toast = adw_toast_new (escaped);

        adw_toast_set_timeout (toast, 0);
        adw_toast_set_button_label (toast, _("_Details"));
        adw_toast_set_action_name (toast, "win.restore-details");
        adw_toast_overlay_add_toast (self->toast_overlay, toast);
      }
      if (aside == NULL)
        {
          /* Keep the unreadable file: write this session's game elsewhere. */
          g_autofree char *fallback = g_strconcat (self->save_path, ".new", NULL);
          g_free (self->save_path);
          self->save_path = g_steal_pointer (&fallback);
        }
    }

  lh_game_model_new_game (self->model,
                          (LhGeometry) { (guint8) g_settings_get_int (self->settings, "board-rows"),
                                         (guint8) g_settings_get_int (self->settings, "board-cols") });
}

/* ---- the game ----------------------------------------------------------- */

static void
update_score (LhWindow *self)
{
  guint64 score = lh_game_model_get_score (self->model);
  guint64 best = g_settings_get_uint64 (self->settings, "best-score");
  char text[32];

  if (score > best)
    {
      best = score;
      g_settings_set_uint64 (self->settings, "best-score", best);
    }
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, score);
  gtk_label_set_text (self->score_label, text);
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, best);
  gtk_label_set_text (self->best_label, text);
}

static void
start_new_game (LhWindow *self)
{
  LhGeometry geometry = {
    (guint8) g_settings_get_int (self->settings, "board-rows"),
    (guint8) g_settings_get_int (self->settings, "board-cols"),
  };

  cancel_search (self);
  set_autoplay (self, FALSE);
  lh_game_model_new_game (self->model, geometry);
}

static void
dialog_response_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "new") == 0)
    start_new_game (self);
  else if (g_strcmp0 (response, "undo") == 0)
    {
      cancel_search (self);
      lh_game_model_undo (self->model);
    }
}

static void
dialog_destroy_cb (GtkWidget *dialog, LhWindow *self)
{
  if (self->dialog == GTK_WINDOW (dialog))
    self->dialog = NULL;
}

static void
announce (LhWindow *self, gboolean won)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  char score[32];

  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (self->model));
  if (self->dialog != NULL)
    gtk_window_destroy (self->dialog);

  if (won)
    {
      body = g_strdup_printf (_("You made a 2048 tile with %s points. "
                                "Keep playing for a bigger tile, or start over."), score);
      dialog = adw_message_dialog_new (GTK_WINDOW (self), _("You Reached 2048!"), body);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                        "new", _("_New Game"),
                                        "keep", _("_Keep Playing"),
                                        NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "keep",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
    }
  else
    {
      body = g_strdup_printf (_("No move is left. You scored %s points; the largest tile is %u."),
                              score, lh_game_get_max_tile (lh_game_model_get_game (self->model)));
      dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Game Over"), body);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                        "undo", _("_Undo"),
                                        "new", _("_New Game"),
                                        NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "new");
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
    }

  g_signal_connect (dialog, "response", G_CALLBACK (dialog_response_cb), self);
  g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self);
  self->dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
check_end (LhWindow *self)
{
  const LhGame *game = lh_game_model_get_game (self->model);

  if (!lh_game_model_get_won (self->model) && lh_game_get_max_tile (game) >= WINNING_TILE)
    {
      lh_game_model_set_won (self->model, TRUE);
      set_autoplay (self, FALSE);
      announce (self, TRUE);
    }
  else if (lh_game_model_is_over (self->model))
    {
      set_autoplay (self, FALSE);
      announce (self, FALSE);
    }
}

static void
sync_board_size_action (LhWindow *self)
{
  LhGeometry geometry = lh_game_model_get_geometry (self->model);
  g_autofree char *size = g_strdup_printf ("%ux%u", geometry.rows, geometry.cols);

  g_simple_action_set_state (lookup_action (self, "board-size"), g_variant_new_string (size));
}

static void
model_changed_cb (LhGameModel *model,
                  int          change,
                  int          move,
                  int          spawned_cell,
                  guint64      previous,
                  LhWindow    *self)
{
  LhBoard board = lh_game_model_get_board (model);
  LhGeometry geometry = lh_game_model_get_geometry (model);

  switch (change)
    {
    case LH_GAME_MODEL_CHANGE_MOVE:
      lh_board_view_animate_move (self->board_view, previous, (LhMove) move, board, spawned_cell);
      break;
    case LH_GAME_MODEL_CHANGE_NEW:
      lh_board_view_set_board (self->board_view, board, geometry, TRUE);
      sync_board_size_action (self);
      break;
    case LH_GAME_MODEL_CHANGE_UNDO:
    default:
      lh_board_view_set_board (self->board_view, board, geometry, FALSE);
      break;
    }

  lh_board_view_set_hint (self->board_view, LH_MOVE_NONE);
  if (!self->applying_ai_move)
    {
      clear_move_values (self);
      gtk_label_set_text (self->status_label, _("Ask for a hint to see what the AI thinks."));
    }
  update_score (self);
  update_actions (self);
  schedule_save (self);
  if (change == LH_GAME_MODEL_CHANGE_MOVE)
    check_end (self);
}

gboolean
lh_window_person_move (LhWindow *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);

  if (!(lh_board_legal_moves (lh_game_model_get_board (self->model),
                              lh_game_model_get_geometry (self->model)) & (1u << move)))
    return FALSE;
  cancel_search (self);
  set_autoplay (self, FALSE);
  return lh_game_model_move (self->model, move, NULL);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                LhWindow              *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  LhMove move;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return GDK_EVENT_PROPAGATE;
  /* Text fields and open menus keep their keys. */
  if (focus != NULL)
    {
      GtkWidget *popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);

      if (GTK_IS_EDITABLE (focus) || (popover != NULL && gtk_widget_get_mapped (popover)))
        return GDK_EVENT_PROPAGATE;
    }

  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: case GDK_KEY_w: case GDK_KEY_W: case GDK_KEY_k: case GDK_KEY_K:
      move = LH_MOVE_UP;
      break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: case GDK_KEY_s: case GDK_KEY_S: case GDK_KEY_j: case GDK_KEY_J:
      move = LH_MOVE_DOWN;
      break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_a: case GDK_KEY_A: case GDK_KEY_h: case GDK_KEY_H:
      move = LH_MOVE_LEFT;
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: case GDK_KEY_d: case GDK_KEY_D: case GDK_KEY_l: case GDK_KEY_L:
      move = LH_MOVE_RIGHT;
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }

  lh_window_person_move (self, move);
  return GDK_EVENT_STOP;
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
  start_new_game (LH_WINDOW (user_data));
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  cancel_search (self);
  set_autoplay (self, FALSE);
  lh_game_model_undo (self->model);
}

static void
hint_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  set_autoplay (self, FALSE);
  start_search (self, SEARCH_HINT);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  set_autoplay (self, FALSE);
  start_search (self, SEARCH_STEP);
}

static void
autoplay_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  set_autoplay (LH_WINDOW (user_data), g_variant_get_boolean (state));
}

static void
board_size_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  const char *text = g_variant_get_string (state, NULL);
  guint rows, cols;

  if (sscanf (text, "%ux%u", &rows, &cols) != 2
      || !lh_geometry_is_valid ((LhGeometry) { (guint8) MIN (rows, 255), (guint8) MIN (cols, 255) }))
    {
      g_warning ("board-size: “%s” is not a size from 2x2 to 4x4", text);
      return;
    }
  g_settings_set_int (self->settings, "board-rows", (int) rows);
  g_settings_set_int (self->settings, "board-cols", (int) cols);
  g_simple_action_set_state (action, state);
  start_new_game (self);
}

static void
restore_details_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  GtkWidget *dialog;

  if (self->restore_problem == NULL)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Saved Game Set Aside"),
                                   self->restore_problem);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static const GActionEntry win_entries[] = {
  { "restore-details", restore_details_activated, NULL, NULL, NULL },
  { "new-game", new_game_activated, NULL, NULL, NULL },
  { "undo", undo_activated, NULL, NULL, NULL },
  { "hint", hint_activated, NULL, NULL, NULL },
  { "step", step_activated, NULL, NULL, NULL },
  { "autoplay", NULL, NULL, "false", autoplay_change_state },
  { "board-size", NULL, "s", "'4x4'", board_size_change_state },
};

/* ---- settings ----------------------------------------------------------- */

static void
depth_changed_cb (GtkAdjustment *adjustment, LhWindow *self)
{
  g_settings_set_int (self->settings, "ai-depth", (int) gtk_adjustment_get_value (adjustment));
}

static void
delay_changed_cb (GtkAdjustment *adjustment, LhWindow *self)
{
  g_settings_set_uint (self->settings, "autoplay-delay", (guint) gtk_adjustment_get_value (adjustment));
}

static void
save_window_state (LhWindow *self)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

/* ---- life cycle --------------------------------------------------------- */

static gboolean
lh_window_close_request (GtkWindow *window)
{
  LhWindow *self = LH_WINDOW (window);

  cancel_search (self);
  set_autoplay (self, FALSE);
  save_window_state (self);
  save_and_report (self);
  return GTK_WINDOW_CLASS (lh_window_parent_class)->close_request (window);
}

static void
lh_window_dispose (GObject *object)
{
  LhWindow *self = LH_WINDOW (object);

  cancel_search (self);
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->save_source != 0)
    save_and_report (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_WINDOW);
  G_OBJECT_CLASS (lh_window_parent_class)->dispose (object);
}

static void
lh_window_finalize (GObject *object)
{
  LhWindow *self = LH_WINDOW (object);

  g_free (self->save_path);
  g_free (self->restore_problem);
  G_OBJECT_CLASS (lh_window_parent_class)->finalize (object);
}

static void
lh_window_class_init (LhWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = lh_window_dispose;
  object_class->finalize = lh_window_finalize;
  window_class->close_request = lh_window_close_request;

  g_type_ensure (LH_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LhWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, score_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, best_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, depth_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, delay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, adaptive_switch);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, up_row);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, down_row);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, left_row);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, right_row);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, up_value);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, down_value);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, left_value);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, right_value);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, primary_menu_button);
}

static void
lh_window_init (LhWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->move_rows[LH_MOVE_UP] = self->up_row;
  self->move_rows[LH_MOVE_DOWN] = self->down_row;
  self->move_rows[LH_MOVE_LEFT] = self->left_row;
  self->move_rows[LH_MOVE_RIGHT] = self->right_row;
  self->move_values[LH_MOVE_UP] = self->up_value;
  self->move_values[LH_MOVE_DOWN] = self->down_value;
  self->move_values[LH_MOVE_LEFT] = self->left_value;
  self->move_values[LH_MOVE_RIGHT] = self->right_value;
  for (guint m = 0; m < LH_N_MOVES; m++)
    gtk_widget_add_css_class (GTK_WIDGET (self->move_values[m]), "value");

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  gtk_adjustment_set_value (self->depth_adjustment, g_settings_get_int (self->settings, "ai-depth"));
  gtk_adjustment_set_value (self->delay_adjustment, g_settings_get_uint (self->settings, "autoplay-delay"));
  g_signal_connect (self->depth_adjustment, "value-changed", G_CALLBACK (depth_changed_cb), self);
  g_signal_connect (self->delay_adjustment, "value-changed", G_CALLBACK (delay_changed_cb), self);
  g_settings_bind (self->settings, "ai-adaptive", self->adaptive_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect (self->board_view, "move", G_CALLBACK (board_view_move_cb), self);
  g_signal_connect (gtk_menu_button_get_popover (self->primary_menu_button), "closed",
                    G_CALLBACK (popover_closed_cb), self);

  self->model = lh_game_model_new_empty ();
  g_signal_connect (self->model, "changed", G_CALLBACK (model_changed_cb), self);
  self->save_path = lh_save_file_default_path ();
  restore_game (self);
  /* Restoring is no change worth writing back. */
  g_clear_handle_id (&self->save_source, g_source_remove);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

LhWindow *
lh_window_new (AdwApplication *application)
{
  return g_object_new (LH_TYPE_WINDOW, "application", application, NULL);
}

LhGameModel *
lh_window_get_model (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->model;
}

LhBoardView *
lh_window_get_board_view (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->board_view;
}
