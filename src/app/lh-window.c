/* lh-window.c: the main window (see lh-window.h). */
#include "lh-config.h"
#include "lh-window.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "lh-ai-panel.h"
#include "lh-breakdown-view.h"
#include "lh-game-store.h"
#include "lh-heuristic-panel.h"
#include "lh-inspector-pane.h"
#include "lh-save-file.h"

/* The tile whose first appearance is announced. */
#define WINNING_TILE 2048

struct _LhWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwLeaflet      *leaflet;
  GtkWidget       *board_page;
  GtkWidget       *ai_page;
  GtkWidget       *leaflet_separator;
  AdwHeaderBar    *board_header;
  AdwHeaderBar    *ai_header;
  GtkWidget       *show_ai_button;
  GtkWidget       *board_title;
  GtkButton       *new_game_button;
  GtkWidget       *back_button;
  LhBoardView     *board_view;
  LhAiPanel       *ai_panel;
  GtkPaned        *inspector_paned;
  LhInspectorPane *inspector_pane;
  AdwViewStack    *ai_stack;
  AdwViewStackPage *tree_stack_page;
  GtkWidget       *tree_stack_box;
  AdwViewSwitcherBar *ai_switcher_bar;
  AdwViewSwitcherTitle *ai_switcher_title;
  LhHeuristicPanel *heuristic_panel;
  LhBreakdownView *breakdown_view;    /* in the heuristic panel */
  GtkSwitch       *heat_map_switch;
  GtkLabel        *score_label;
  GtkLabel        *best_label;
  GtkMenuButton   *primary_menu_button;

  GSettings       *settings;
  LhGameModel     *model;
  LhGameStore     *store;

  GtkWindow       *dialog;          /* the one message dialog shown, or NULL */
  GtkWindow       *details_dialog;  /* details of the restore problem, or NULL */
  LhGeometry       pending_geometry;  /* of the new game awaiting confirmation */
  gboolean         announce_over_on_map;
  gboolean         close_confirmed;  /* close without (another) save */
  gboolean         paned_positioned; /* the pane position was set at first allocation */
  gboolean         moving_inspector; /* between the paned and the AI page's stack */
};

G_DEFINE_FINAL_TYPE (LhWindow, lh_window, ADW_TYPE_APPLICATION_WINDOW)

static void
show_toast (LhWindow *self, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *escaped = g_markup_escape_text (valid, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static GSimpleAction *
lookup_action (LhWindow *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

/* ---- dialogs ------------------------------------------------------------ */

typedef struct {
  const char            *id;
  const char            *label;
  AdwResponseAppearance  appearance;
} Response;

static void
dialog_destroy_cb (GtkWidget *dialog, LhWindow *self)
{
  if (self->dialog == GTK_WINDOW (dialog))
    self->dialog = NULL;
  if (self->details_dialog == GTK_WINDOW (dialog))
    self->details_dialog = NULL;
}

/* Shows a message dialog with @responses (the first @n), replacing the one
 * shown before; @on_response gets the response id. */
static AdwMessageDialog *
present_dialog (LhWindow       *self,
                const char     *heading,
                const char     *body,
                const Response *responses,
                guint           n,
                const char     *default_response,
                const char     *close_response,
                GCallback       on_response)
{
  g_autofree char *valid_body = g_utf8_make_valid (body, -1);
  AdwMessageDialog *dialog =
    ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, valid_body));

  if (self->dialog != NULL)
    gtk_window_destroy (self->dialog);
  for (guint i = 0; i < n; i++)
    {
      adw_message_dialog_add_response (dialog, responses[i].id, responses[i].label);
      adw_message_dialog_set_response_appearance (dialog, responses[i].id, responses[i].appearance);
    }
  adw_message_dialog_set_default_response (dialog, default_response);
  adw_message_dialog_set_close_response (dialog, close_response);
  if (on_response != NULL)
    g_signal_connect (dialog, "response", on_response, self);
  g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self);
  self->dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* ---- the game ----------------------------------------------------------- */

static LhGeometry
settings_geometry (LhWindow *self)
{
  return (LhGeometry) { (guint8) CLAMP (g_settings_get_int (self->settings, "board-rows"),
                                        LH_GEOMETRY_MIN_SIDE, LH_GEOMETRY_MAX_SIDE),
                        (guint8) CLAMP (g_settings_get_int (self->settings, "board-cols"),
                                        LH_GEOMETRY_MIN_SIDE, LH_GEOMETRY_MAX_SIDE) };
}

static void
start_new_game (LhWindow *self, LhGeometry geometry)
{
  lh_ai_panel_stop (self->ai_panel);
  g_settings_set_int (self->settings, "board-rows", geometry.rows);
  g_settings_set_int (self->settings, "board-cols", geometry.cols);
  lh_game_model_new_game (self->model, geometry);
}

static void
confirm_new_game_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "new") == 0)
    start_new_game (self, self->pending_geometry);
}

/* Starts a new game of @geometry, after asking when that would throw away
 * a game in progress. */
static void
request_new_game (LhWindow *self, LhGeometry geometry)
{
  static const Response responses[] = {
    { "cancel", N_("_Cancel"), ADW_RESPONSE_DEFAULT },
    { "new", N_("_New Game"), ADW_RESPONSE_DESTRUCTIVE },
  };
  const LhGame *game = lh_game_model_get_game (self->model);
  Response translated[G_N_ELEMENTS (responses)];

  if (game == NULL || lh_game_get_n_moves (game) == 0 || lh_game_model_is_over (self->model))
    {
      start_new_game (self, geometry);
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    translated[i] = (Response) { responses[i].id, _(responses[i].label), responses[i].appearance };
  self->pending_geometry = geometry;
  present_dialog (self, _("Start a New Game?"),
                  _("The current game will be lost."),
                  translated, G_N_ELEMENTS (translated), "cancel", "cancel",
                  G_CALLBACK (confirm_new_game_cb));
}

static void announce_over (LhWindow *self);

static void
end_dialog_response_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "new") == 0)
    start_new_game (self, lh_game_model_get_geometry (self->model));  /* chosen: no question */
  else if (g_strcmp0 (response, "undo") == 0)
    lh_game_model_undo (self->model);
  else if (g_strcmp0 (response, "keep") == 0 && lh_game_model_is_over (self->model))
    /* The move that made 2048 was also the last one possible. */
    announce_over (self);
}

static void
announce_won (LhWindow *self)
{
  g_autofree char *body = NULL;
  char score[32];
  const Response responses[] = {
    { "new", _("_New Game"), ADW_RESPONSE_DEFAULT },
    { "keep", _("_Keep Playing"), ADW_RESPONSE_SUGGESTED },
  };

  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (self->model));
  body = g_strdup_printf (_("You made a 2048 tile with %s points. "
                            "Keep playing for a bigger tile, or start over."), score);
  present_dialog (self, _("You Reached 2048!"), body, responses, G_N_ELEMENTS (responses),
                  "keep", "keep", G_CALLBACK (end_dialog_response_cb));
}

static void
announce_over (LhWindow *self)
{
  g_autofree char *body = NULL;
  char score[32];
  const Response responses[] = {
    { "undo", _("_Undo"), ADW_RESPONSE_DEFAULT },
    { "new", _("_New Game"), ADW_RESPONSE_SUGGESTED },
  };

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->announce_over_on_map = TRUE;  /* a restored game that is over */
      return;
    }
  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (self->model));
  body = g_strdup_printf (_("No move is left. You scored %s points; the largest tile is %u."),
                          score, lh_game_get_max_tile (lh_game_model_get_game (self->model)));
  /* Undo is offered only when there is something to undo. */
  present_dialog (self, _("Game Over"), body,
                  lh_game_model_can_undo (self->model) ? responses : responses + 1,
                  lh_game_model_can_undo (self->model) ? 2 : 1,
                  "new", "close", G_CALLBACK (end_dialog_response_cb));
}

static void
check_end (LhWindow *self)
{
  const LhGame *game = lh_game_model_get_game (self->model);
  gboolean reached = !lh_game_model_get_won (self->model) && lh_game_get_max_tile (game) >= WINNING_TILE;
  gboolean over = lh_game_model_is_over (self->model);

  if (reached || over)
    lh_ai_panel_stop (self->ai_panel);
  if (reached)
    {
      /* If the game is over too, "Keep Playing" shows Game Over next. */
      lh_game_model_set_won (self->model, TRUE);
      announce_won (self);
    }
  else if (over)
    announce_over (self);
}

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

/* The board in words for screen readers: the score, then each row's tiles. */
static void
update_board_description (LhWindow *self)
{
  LhBoard board = lh_game_model_get_board (self->model);
  LhGeometry geometry = lh_game_model_get_geometry (self->model);
  g_autoptr(GString) text = g_string_new (NULL);
  char score[32];

  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (self->model));
  /* Translators: %s the score in points */
  g_string_append_printf (text, _("Score %s."), score);
  for (guint r = 0; r < geometry.rows; r++)
    {
      g_string_append_c (text, ' ');
      /* Translators: %u the row number, 1 at the top */
      g_string_append_printf (text, _("Row %u:"), r + 1);
      for (guint c = 0; c < geometry.cols; c++)
        {
          guint exponent = lh_board_get_cell (board, r, c);

          g_string_append (text, c == 0 ? " " : ", ");
          if (exponent == 0)
            /* Translators: an empty cell of the board, read by screen readers */
            g_string_append (text, _("empty"));
          else
            g_string_append_printf (text, "%u", 1u << exponent);
        }
      g_string_append_c (text, '.');
    }
  if (lh_game_model_is_over (self->model))
    g_string_append_printf (text, " %s", _("No move is left."));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str,
                                  -1);
}

static void
update_actions (LhWindow *self)
{
  g_simple_action_set_enabled (lookup_action (self, "undo"), lh_game_model_can_undo (self->model));
}

static void
sync_board_size_action (LhWindow *self)
{
  LhGeometry geometry = lh_game_model_get_geometry (self->model);
  g_autofree char *size = g_strdup_printf ("%ux%u", geometry.rows, geometry.cols);

  g_simple_action_set_state (lookup_action (self, "board-size"), g_variant_new_string (size));
}

static void update_breakdown (LhWindow *self);

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
      lh_inspector_pane_set_record (self->inspector_pane, NULL);
      break;
    case LH_GAME_MODEL_CHANGE_UNDO:
    default:
      lh_board_view_set_board (self->board_view, board, geometry, FALSE);
      break;
    }

  lh_board_view_set_hint (self->board_view, LH_MOVE_NONE);
  if (self->breakdown_view != NULL)
    lh_breakdown_view_set_chosen_move (self->breakdown_view, LH_MOVE_NONE);
  update_breakdown (self);
  update_score (self);
  update_board_description (self);
  update_actions (self);
  if (change == LH_GAME_MODEL_CHANGE_MOVE)
    check_end (self);
  else if (change == LH_GAME_MODEL_CHANGE_NEW && lh_game_model_is_over (model))
    announce_over (self);  /* a restored game that was over already */
}

gboolean
lh_window_person_move (LhWindow *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);

  if (!(lh_board_legal_moves (lh_game_model_get_board (self->model),
                              lh_game_model_get_geometry (self->model)) & (1u << move)))
    return FALSE;
  lh_ai_panel_stop (self->ai_panel);
  return lh_game_model_move (self->model, move, NULL);
}

gboolean
lh_window_is_searching (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);
  return lh_ai_panel_is_searching (self->ai_panel);
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

/* In the capture phase, so the keys move tiles whichever button of the
 * header bar (or nothing) has the focus; but text fields, open menus and the
 * AI page (its scale, spin button and list use the arrows) keep theirs. */
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
  if (focus != NULL)
    {
      GtkWidget *popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);

      if (GTK_IS_EDITABLE (focus) || (popover != NULL && gtk_widget_get_mapped (popover)))
        return GDK_EVENT_PROPAGATE;
      if (is_arrow (keyval) && gtk_widget_is_ancestor (focus, self->ai_page))
        return GDK_EVENT_PROPAGATE;
      /* The tree and the scrubber of the inspector walk with the arrows. */
      if (is_arrow (keyval) && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->inspector_pane)))
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

  /* Folded on the AI page, the board is not in view: the keys are no moves. */
  if (adw_leaflet_get_folded (self->leaflet)
      && adw_leaflet_get_visible_child (self->leaflet) != self->board_page)
    return GDK_EVENT_PROPAGATE;
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

static void
ai_hint_cb (LhAiPanel *panel, int move, LhWindow *self)
{
  lh_board_view_set_hint (self->board_view, move);
  if (self->breakdown_view != NULL)
    lh_breakdown_view_set_chosen_move (self->breakdown_view, move);
}

static void
ai_search_failed_cb (LhAiPanel *panel, const char *message, LhWindow *self)
{
  show_toast (self, message);
}

/* ---- the inspector ------------------------------------------------------ */

static void
ai_searched_cb (LhAiPanel *panel, gpointer record, LhWindow *self)
{
  /* Hidden, the inspector asked for no record: the result alone is still
   * worth showing when the pane comes back. */
  lh_inspector_pane_set_record (self->inspector_pane, record);
}

static void
inspector_message_cb (LhInspectorPane *pane, const char *text, LhWindow *self)
{
  show_toast (self, text);
}

/* Puts the inspector beside the board (wide) or on the "Search Tree" page
 * of the AI page's view stack (folded: the board page has the window to
 * itself).  The same widget moves, so the tree, the step shown and the
 * selection stay. */
static void
place_inspector (LhWindow *self, gboolean folded)
{
  GtkWidget *pane = GTK_WIDGET (self->inspector_pane);
  GtkWidget *parent = gtk_widget_get_parent (pane);
  GtkWidget *target = folded ? self->tree_stack_box : GTK_WIDGET (self->inspector_paned);

  if (parent == target)
    return;
  g_object_ref (pane);
  self->moving_inspector = TRUE;
  if (parent == GTK_WIDGET (self->inspector_paned))
    gtk_paned_set_end_child (self->inspector_paned, NULL);
  else if (parent != NULL)
    gtk_box_remove (GTK_BOX (parent), pane);
  if (folded)
    {
      gtk_box_append (GTK_BOX (self->tree_stack_box), pane);
      gtk_widget_set_vexpand (pane, TRUE);
    }
  else
    {
      int position = g_settings_get_int (self->settings, "inspector-position");
      int width = gtk_widget_get_width (GTK_WIDGET (self->inspector_paned));

      gtk_paned_set_end_child (self->inspector_paned, pane);
      if (self->paned_positioned && width > 0)
        gtk_paned_set_position (self->inspector_paned,
                                position >= 0 ? MIN (position, width) : width / 2);
    }
  self->moving_inspector = FALSE;
  g_object_unref (pane);
}

/* Shows the inspector when the setting says so: beside the board when the
 * window is wide, as a page of the AI side (with a view switcher at its
 * bottom) when folded; and asks the AI for search-tree records only while
 * it is wanted: hidden, searches run at full speed. */
static void
update_inspector (LhWindow *self)
{
  gboolean wanted = g_settings_get_boolean (self->settings, "inspector-visible");
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  place_inspector (self, folded);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_pane), wanted);
  adw_view_stack_page_set_visible (self->tree_stack_page, folded && wanted);
  if (!(folded && wanted)
      && g_strcmp0 (adw_view_stack_get_visible_child_name (self->ai_stack), "tree") == 0)
    {
      g_autofree char *page = g_settings_get_string (self->settings, "side-page");
      adw_view_stack_set_visible_child_name (self->ai_stack, page);
    }
  lh_ai_panel_set_record_nodes (self->ai_panel,
                                wanted ? g_settings_get_uint (self->settings, "inspector-max-nodes") : 0);
}

static void
inspector_settings_changed_cb (GSettings *settings, const char *key, LhWindow *self)
{
  if (g_strcmp0 (key, "inspector-visible") == 0)
    g_simple_action_set_state (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                            "show-inspector")),
                               g_variant_new_boolean (g_settings_get_boolean (settings, key)));
  update_inspector (self);
}

static void
paned_position_cb (GtkPaned *paned, GParamSpec *pspec, LhWindow *self)
{
  if (self->paned_positioned && !self->moving_inspector
      && gtk_paned_get_end_child (paned) == GTK_WIDGET (self->inspector_pane)
      && gtk_widget_get_visible (GTK_WIDGET (self->inspector_pane)))
    g_settings_set_int (self->settings, "inspector-position", gtk_paned_get_position (paned));
}

/* The first time the paned has a width: the remembered position, or an
 * even split. */
static void
position_paned (LhWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->inspector_paned));
  int position = g_settings_get_int (self->settings, "inspector-position");

  if (self->paned_positioned || width <= 0)
    return;
  self->paned_positioned = TRUE;
  gtk_paned_set_position (self->inspector_paned, position >= 0 ? MIN (position, width) : width / 2);
}

static gboolean
paned_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  position_paned (self);
  return self->paned_positioned ? G_SOURCE_REMOVE : G_SOURCE_CONTINUE;
}

LhInspectorPane *
lh_window_get_inspector (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->inspector_pane;
}

/* ---- the heuristic ------------------------------------------------------ */

/* The side panel's page (AI Player or Heuristic) is kept for the next start;
 * the header's title (shown when the switcher does not fit) names it. */
static void
side_page_cb (AdwViewStack *stack, GParamSpec *pspec, LhWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (stack);
  GtkWidget *child = adw_view_stack_get_visible_child (stack);

  if (child != NULL)
    adw_view_switcher_title_set_title (self->ai_switcher_title,
                                       adw_view_stack_page_get_title (adw_view_stack_get_page (stack, child)));

  if (g_strcmp0 (name, "ai") == 0 || g_strcmp0 (name, "heuristic") == 0)
    g_settings_set_string (self->settings, "side-page", name);
}

/* The breakdown of the board and of each move's afterstate, and the heat
 * map when it is switched on, for the heuristic shown. */
static void
update_breakdown (LhWindow *self)
{
  LhHeuristicParams params;

  if (self->breakdown_view == NULL || self->model == NULL)
    return;
  lh_heuristic_panel_get_params (self->heuristic_panel, &params);
  lh_breakdown_view_set_position (self->breakdown_view, &params,
                                  lh_game_model_get_geometry (self->model),
                                  lh_game_model_get_board (self->model));
  lh_board_view_show_cell_contributions (self->board_view,
                                         gtk_switch_get_active (self->heat_map_switch) ? &params : NULL);
}

/* A weight moved, a preset was chosen or reset: the searches use the new
 * heuristic, the breakdown follows at once, and the position is analysed
 * again once the changes rest. */
static void
heuristic_changed_cb (LhHeuristicPanel *panel, LhWindow *self)
{
  LhHeuristicParams params;

  lh_heuristic_panel_get_params (panel, &params);
  lh_ai_panel_set_heuristic (self->ai_panel, &params, TRUE);
  update_breakdown (self);
}

static void
heat_map_switch_cb (GtkSwitch *sw, GParamSpec *pspec, LhWindow *self)
{
  update_breakdown (self);
}

/* The "Breakdown" group of the heuristic panel: the heat-map switch (kept
 * in GSettings) and the table of the terms. */
static void
setup_breakdown (LhWindow *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();
  GtkWidget *view = lh_breakdown_view_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Breakdown"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("What each term adds now, and how each move changes it"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Show _Heat Map on the Board"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Per-cell terms: snake and corner gradient"));
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Show Heat Map on the Board"), -1);
  gtk_widget_set_name (row, "heat-map");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  gtk_widget_set_margin_top (view, 12);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), view);
  lh_heuristic_panel_add_extra_group (self->heuristic_panel, group);

  self->breakdown_view = LH_BREAKDOWN_VIEW (view);
  self->heat_map_switch = GTK_SWITCH (sw);
  g_settings_bind (self->settings, "heat-map", sw, "active", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect (sw, "notify::active", G_CALLBACK (heat_map_switch_cb), self);
}

/* ---- the leaflet -------------------------------------------------------- */

/* Folded (a phone's 360 px), the board page's header bar must fit beside
 * the window buttons: no title, and New Game as an icon. */
static void
leaflet_folded_cb (AdwLeaflet *leaflet, GParamSpec *pspec, LhWindow *self)
{
  gboolean folded = adw_leaflet_get_folded (leaflet);

  gtk_widget_set_visible (self->board_title, !folded);
  if (folded)
    gtk_widget_add_css_class (GTK_WIDGET (self), "folded");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "folded");
  update_inspector (self);
  if (folded)
    gtk_button_set_icon_name (self->new_game_button, "list-add-symbolic");
  else
    {
      gtk_button_set_label (self->new_game_button, _("_New Game"));
      gtk_button_set_use_underline (self->new_game_button, TRUE);
    }
}

static void
show_ai_clicked_cb (GtkButton *button, LhWindow *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->ai_page);
}

static void
back_clicked_cb (GtkButton *button, LhWindow *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->board_page);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* ---- saving ------------------------------------------------------------- */

gboolean
lh_window_save_game (LhWindow *self, GError **error)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), FALSE);
  return lh_game_store_save_now (self->store, error);
}

LhGameStore *
lh_window_get_store (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->store;
}

static void
save_failed_cb (LhGameStore *store, const GError *error, LhWindow *self)
{
  g_autofree char *text = g_strdup_printf (_("Could not save the game: %s"), error->message);

  g_message ("%s", text);  /* shown to the person: handled */
  show_toast (self, text);
}

static gboolean
close_again_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
close_save_failed_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "discard") == 0)
    {
      lh_game_store_discard_pending (self->store);
      self->close_confirmed = TRUE;
    }
  else if (g_strcmp0 (response, "retry") != 0)
    return;
  /* Not from inside the dialog's own signal: the window may be destroyed
   * by the close, and the dialog must go first. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_idle_add_full (G_PRIORITY_DEFAULT, close_again_cb, g_object_ref (self), g_object_unref);
}

/* ---- actions ------------------------------------------------------------ */

static void
new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  request_new_game (self, lh_game_model_get_geometry (self->model));
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  lh_ai_panel_stop (self->ai_panel);
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
      || !lh_geometry_is_valid ((LhGeometry) { (guint8) MIN (rows, 255), (guint8) MIN (cols, 255) }))
    {
      g_warning ("board-size: “%s” is not a size from 2x2 to 4x4", text);
      return;
    }
  geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  if (lh_geometry_equal (geometry, lh_game_model_get_geometry (self->model)))
    return;  /* the size played already */
  /* The state follows the game's geometry (sync_board_size_action()), so a
   * cancelled change leaves the menu as it was. */
  request_new_game (self, geometry);
}

static void
restore_details_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  const char *details = NULL;
  GtkWidget *dialog;

  if (lh_game_store_get_problem (self->store, &details) == NULL)
    return;
  if (self->details_dialog != NULL)
    {
      gtk_window_present (self->details_dialog);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Saved Game Could Not Be Restored"),
                                   details);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self);
  self->details_dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_inspector_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  gboolean show = g_variant_get_boolean (state);

  g_settings_set_boolean (self->settings, "inspector-visible", show);
  /* Folded, the inspector is a page of the AI side: showing it goes there. */
  if (show && adw_leaflet_get_folded (self->leaflet))
    {
      adw_leaflet_set_visible_child (self->leaflet, self->ai_page);
      adw_view_stack_set_visible_child_name (self->ai_stack, "tree");
    }
}

static const GActionEntry win_entries[] = {
  { "show-inspector", NULL, NULL, "true", show_inspector_change_state },
  { "restore-details", restore_details_activated, NULL, NULL, NULL },
  { "new-game", new_game_activated, NULL, NULL, NULL },
  { "undo", undo_activated, NULL, NULL, NULL },
  { "board-size", NULL, "s", "'4x4'", board_size_change_state },
};

/* ---- life cycle --------------------------------------------------------- */

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

static gboolean
lh_window_close_request (GtkWindow *window)
{
  LhWindow *self = LH_WINDOW (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  const Response responses[] = {
    { "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT },
    { "discard", _("_Quit Without Saving"), ADW_RESPONSE_DESTRUCTIVE },
    { "retry", _("_Retry"), ADW_RESPONSE_SUGGESTED },
  };

  if (self->close_confirmed)
    return GTK_WINDOW_CLASS (lh_window_parent_class)->close_request (window);

  lh_ai_panel_stop (self->ai_panel);
  save_window_state (self);
  if (lh_game_store_save_now (self->store, &error))
    return GTK_WINDOW_CLASS (lh_window_parent_class)->close_request (window);

  /* Closing now would lose the game: ask. */
  g_message ("Could not save the game: %s", error->message);
  body = g_strdup_printf (_("%s\n\nIf you quit now, the game is lost."), error->message);
  present_dialog (self, _("The Game Could Not Be Saved"), body,
                  responses, G_N_ELEMENTS (responses), "retry", "cancel",
                  G_CALLBACK (close_save_failed_cb));
  return TRUE;
}

static void
lh_window_map (GtkWidget *widget)
{
  LhWindow *self = LH_WINDOW (widget);

  GTK_WIDGET_CLASS (lh_window_parent_class)->map (widget);
  if (self->announce_over_on_map)
    {
      self->announce_over_on_map = FALSE;
      if (lh_game_model_is_over (self->model))
        announce_over (self);
    }
}

static void
lh_window_dispose (GObject *object)
{
  LhWindow *self = LH_WINDOW (object);

  if (self->store != NULL)
    {
      /* Destroyed without a close request: still keep the game. */
      if (!self->close_confirmed && lh_game_store_has_pending (self->store))
        {
          g_autoptr(GError) error = NULL;
          if (!lh_game_store_save_now (self->store, &error))
            g_warning ("Could not save the game: %s", error->message);
        }
      g_signal_handlers_disconnect_by_data (self->store, self);
    }
  g_clear_object (&self->store);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->ai_panel != NULL)
    lh_ai_panel_set_model (self->ai_panel, NULL);
  g_clear_object (&self->model);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->heuristic_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->heuristic_panel, self);
  if (self->ai_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->ai_stack, self);
  if (self->heat_map_switch != NULL)
    g_signal_handlers_disconnect_by_data (self->heat_map_switch, self);
  self->breakdown_view = NULL;
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_WINDOW);
  G_OBJECT_CLASS (lh_window_parent_class)->dispose (object);
}

static void
lh_window_class_init (LhWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = lh_window_dispose;
  widget_class->map = lh_window_map;
  window_class->close_request = lh_window_close_request;

  g_type_ensure (LH_TYPE_BOARD_VIEW);
  g_type_ensure (LH_TYPE_AI_PANEL);
  g_type_ensure (LH_TYPE_INSPECTOR_PANE);
  g_type_ensure (LH_TYPE_HEURISTIC_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LhWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_page);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_page);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, leaflet_separator);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_header);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_header);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, show_ai_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_title);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_panel);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, inspector_paned);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, inspector_pane);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_stack);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tree_stack_page);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tree_stack_box);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_switcher_title);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, heuristic_panel);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, score_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, best_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, primary_menu_button);
}

static void
lh_window_init (LhWindow *self)
{
  GtkEventController *keys;
  g_autofree char *path = NULL;
  g_autofree char *side_page = NULL;
  LhHeuristicParams heuristic;

  gtk_widget_init_template (GTK_WIDGET (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  lh_ai_panel_add_actions (self->ai_panel, G_ACTION_MAP (self));

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* The leaflet: folded, each page shows alone with the buttons to go
   * between them and the window's controls on both header bars. */
  adw_leaflet_page_set_navigatable (adw_leaflet_get_page (self->leaflet, self->leaflet_separator),
                                    FALSE);
  g_object_bind_property (self->leaflet, "folded", self->show_ai_button, "visible",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->leaflet, "folded", self->back_button, "visible",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->leaflet, "folded", self->board_header, "show-end-title-buttons",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->leaflet, "folded", self->ai_header, "show-start-title-buttons",
                          G_BINDING_SYNC_CREATE);
  /* The inspector: shown as the settings say, the pane where it was left. */
  g_simple_action_set_state (lookup_action (self, "show-inspector"),
                             g_variant_new_boolean (g_settings_get_boolean (self->settings,
                                                                            "inspector-visible")));
  g_signal_connect (self->settings, "changed::inspector-visible",
                    G_CALLBACK (inspector_settings_changed_cb), self);
  g_signal_connect (self->settings, "changed::inspector-max-nodes",
                    G_CALLBACK (inspector_settings_changed_cb), self);
  g_signal_connect (self->inspector_paned, "notify::position", G_CALLBACK (paned_position_cb), self);
  gtk_widget_add_tick_callback (GTK_WIDGET (self->inspector_paned), paned_tick_cb, self, NULL);

  /* The side panel: AI Player or Heuristic, as left; the switcher bar at
   * the bottom when the header bar has no room for the switcher. */
  side_page = g_settings_get_string (self->settings, "side-page");
  adw_view_stack_set_visible_child_name (self->ai_stack, side_page);
  g_signal_connect (self->ai_stack, "notify::visible-child-name", G_CALLBACK (side_page_cb), self);
  side_page_cb (self->ai_stack, NULL, self);
  g_object_bind_property (self->ai_switcher_title, "title-visible", self->ai_switcher_bar, "reveal",
                          G_BINDING_SYNC_CREATE);
  lh_heuristic_panel_get_params (self->heuristic_panel, &heuristic);
  lh_ai_panel_set_heuristic (self->ai_panel, &heuristic, FALSE);
  setup_breakdown (self);
  g_signal_connect (self->heuristic_panel, "changed", G_CALLBACK (heuristic_changed_cb), self);

  g_signal_connect (self->leaflet, "notify::folded", G_CALLBACK (leaflet_folded_cb), self);
  leaflet_folded_cb (self->leaflet, NULL, self);
  g_signal_connect (self->show_ai_button, "clicked", G_CALLBACK (show_ai_clicked_cb), self);
  g_signal_connect (self->back_button, "clicked", G_CALLBACK (back_clicked_cb), self);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect (self->board_view, "move", G_CALLBACK (board_view_move_cb), self);
  g_signal_connect (self->ai_panel, "hint", G_CALLBACK (ai_hint_cb), self);
  g_signal_connect (self->ai_panel, "search-failed", G_CALLBACK (ai_search_failed_cb), self);
  g_signal_connect (self->ai_panel, "searched", G_CALLBACK (ai_searched_cb), self);
  g_signal_connect (self->inspector_pane, "message", G_CALLBACK (inspector_message_cb), self);
  g_signal_connect (gtk_menu_button_get_popover (self->primary_menu_button), "closed",
                    G_CALLBACK (popover_closed_cb), self);

  self->model = lh_game_model_new_empty ();
  g_signal_connect (self->model, "changed", G_CALLBACK (model_changed_cb), self);
  lh_ai_panel_set_model (self->ai_panel, self->model);

  path = lh_save_file_default_path ();
  self->store = lh_game_store_new (self->model, path);
  g_signal_connect (self->store, "save-failed", G_CALLBACK (save_failed_cb), self);
  if (!lh_game_store_restore (self->store, settings_geometry (self)))
    {
      const char *summary = lh_game_store_get_problem (self->store, NULL);
      g_autofree char *escaped = g_markup_escape_text (summary, -1);
      AdwToast *toast = adw_toast_new (escaped);

      adw_toast_set_timeout (toast, 0);
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "win.restore-details");
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
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

LhAiPanel *
lh_window_get_ai_panel (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->ai_panel;
}

GtkWindow *
lh_window_get_dialog (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->dialog;
}

GtkWindow *
lh_window_get_details_dialog (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->details_dialog;
}
