/* lh-window.c: the main window's shell: its columns, the bindings between
 * the analysis session and the views, the game's board and scores, and its
 * life cycle (see lh-window.h; the evaluator, the breakdown and the heat map
 * are in lh-window-evaluation.c, the dialogs in lh-window-dialogs.c, the
 * actions and keys in lh-window-actions.c). */
#include "lh-config.h"
#include "lh-window-private.h"
#include "lh-toast-guard.h"

#include <glib/gi18n.h>

#include "lh-accessible.h"
#include "lh-format.h"
#include "lh-game-store.h"
#include "lh-principal-variation.h"
#include "lh-save-file.h"

G_DEFINE_FINAL_TYPE (LhWindow, lh_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SHOW_INSPECTOR,
  PROP_SHOW_SIDEBAR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
lh_window_show_toast (LhWindow *self, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *escaped = g_markup_escape_text (valid, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 10);
  lh_toast_guard_add_toast (self->toast_overlay, toast);
}

GSimpleAction *
lh_window_lookup_action (LhWindow *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

LhGeometry
lh_window_settings_geometry (LhWindow *self)
{
  return (LhGeometry) { (guint8) CLAMP (g_settings_get_int (self->settings, "board-rows"),
                                        LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE),
                        (guint8) CLAMP (g_settings_get_int (self->settings, "board-cols"),
                                        LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE) };
}

/* ---- the board and the scores ------------------------------------------- */


/* The model the board shows: the game played, or a position of the
 * reviewed game (lh-window-browse.c); the analysis looks at the same. */
LhGameModel *
lh_window_get_shown_model (LhWindow *self)
{
  LhGameModel *model = self->analysis != NULL ? lh_analysis_get_model (self->analysis) : NULL;

  return model != NULL ? model : self->model;
}

static void
update_score (LhWindow *self)
{
  guint64 score = lh_game_model_get_score (self->model);
  guint64 best = g_settings_get_uint64 (self->settings, "best-score");
  char text[32];

  /* The best score is of games played, never of a reviewed one. */
  if (score > best)
    {
      best = score;
      g_settings_set_uint64 (self->settings, "best-score", best);
    }
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, lh_game_model_get_score (lh_window_get_shown_model (self)));
  gtk_label_set_text (self->score_label, text);
  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, best);
  gtk_label_set_text (self->best_label, text);
}

/* The board in words for screen readers: the score, then each row's tiles. */
static void
update_board_description (LhWindow *self)
{
  LhGameModel *model = lh_window_get_shown_model (self);
  LhWideBoard board = lh_game_model_get_wide_board (model);
  LhGeometry geometry = lh_game_model_get_geometry (model);
  g_autoptr(GString) text = g_string_new (NULL);
  char score[32];

  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (model));
  /* Translators: %s the score in points */
  g_string_append_printf (text, _("Score %s."), score);
  g_string_append_c (text, ' ');
  lh_board_describe_wide_append (text, board, geometry);
  if (model == self->browse_model && self->review != NULL)
    g_string_append_printf (text, " %s", lh_review_get_position_text (self->review));
  if (lh_game_model_is_over (model))
    g_string_append_printf (text, " %s", _("No move is left."));
  /* What the AI found, only while it is about this very position. */
  else if (self->analysis != NULL && lh_analysis_get_record (self->analysis) != NULL
           && !lh_analysis_get_stale (self->analysis))
    {
      int best = lh_search_record_get_result (lh_analysis_get_record (self->analysis))->move;

      if (best != LH_MOVE_NONE)
        {
          g_string_append_c (text, ' ');
          /* Translators: %s a move (Up, Down, Left, Right) */
          g_string_append_printf (text, _("The AI suggests %s."), lh_format_move_label (best));
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str,
                                  -1);
}

/* Undo takes back a move of the game played; while the board shows a
 * position of the reviewed game it is off, as Step and Auto-Play are: it
 * would change a game out of view (Escape or Back to Game goes back to it,
 * lh-window-browse.c). */
void
lh_window_update_actions (LhWindow *self)
{
  gboolean browsing = self->review != NULL && lh_review_get_browsing (self->review);

  g_simple_action_set_enabled (lh_window_lookup_action (self, "undo"),
                               lh_game_model_can_undo (self->model) && !browsing);
}

static void
sync_board_size_action (LhWindow *self)
{
  LhGeometry geometry = lh_game_model_get_geometry (self->model);
  g_autofree char *size = g_strdup_printf ("%ux%u", geometry.rows, geometry.cols);

  g_simple_action_set_state (lh_window_lookup_action (self, "board-size"), g_variant_new_string (size));
}

static void
model_changed_cb (LhGameModel *model,
                  int          change,
                  int          move,
                  int          spawned_cell,
                  gconstpointer previous,
                  LhWindow    *self)
{
  LhWideBoard board = lh_game_model_get_wide_board (model);
  LhGeometry geometry = lh_game_model_get_geometry (model);
  LhRules rules = lh_game_model_get_rules (model);

  /* The game played changed (a new game, Try Again, Undo): it is what the
   * board shows again (lh-window-browse.c). */
  if (self->review != NULL)
    lh_review_set_browsing (self->review, FALSE);

  switch (change)
    {
    case LH_GAME_MODEL_CHANGE_MOVE:
      lh_board_view_animate_move (self->board_view, *(const LhWideBoard *) previous, (LhMove) move,
                                  board, spawned_cell);
      break;
    case LH_GAME_MODEL_CHANGE_NEW:
      lh_board_view_set_board (self->board_view, board, geometry, rules, TRUE);
      sync_board_size_action (self);
      break;
    case LH_GAME_MODEL_CHANGE_UNDO:
    default:
      lh_board_view_set_board (self->board_view, board, geometry, rules, FALSE);
      break;
    }

  lh_window_update_breakdown (self);
  update_score (self);
  update_board_description (self);
  lh_window_update_actions (self);
  /* Once a move is played, how to play has been found out. */
  if (change == LH_GAME_MODEL_CHANGE_MOVE && g_settings_get_boolean (self->settings, "show-welcome"))
    g_settings_set_boolean (self->settings, "show-welcome", FALSE);
  if (change == LH_GAME_MODEL_CHANGE_MOVE)
    lh_window_check_end (self);
  else if (change == LH_GAME_MODEL_CHANGE_NEW && lh_game_model_is_over (model))
    lh_window_announce_over (self);  /* a restored game that was over already */
}

/* The shown model's board (at once), score, description and actions:
 * after the board switched between the game and a reviewed position. */
void
lh_window_show_position (LhWindow *self)
{
  LhGameModel *model = lh_window_get_shown_model (self);

  lh_board_view_set_board (self->board_view, lh_game_model_get_wide_board (model),
                           lh_game_model_get_geometry (model), lh_game_model_get_rules (model), FALSE);
  lh_window_update_breakdown (self);
  update_score (self);
  update_board_description (self);
  lh_window_update_actions (self);
}

/* ---- the analysis: move values, hint, status ---------------------------- */

/* The values of the step shown; dimmed, with no move marked on the board,
 * when they are of an earlier position. */
void
lh_window_update_values (LhWindow *self)
{
  LhSearchRecord *record = lh_analysis_get_record (self->analysis);
  gboolean stale = lh_analysis_get_stale (self->analysis);
  LhSearchStep step;
  int hint = LH_MOVE_NONE;

  if (record == NULL)
    {
      lh_window_exact_show (self, NULL);
      lh_move_chart_clear (self->move_chart);
    }
  else
    {
      LhSolverResult result;

      lh_search_record_get_step (record, lh_analysis_get_step (self->analysis), &step);
      lh_search_step_get_result (&step, &result);
      /* The optimal values of the position searched, before the result:
       * the chart shows both at once. */
      lh_window_exact_show (self, record);
      lh_move_chart_set_scale (self->move_chart, lh_search_record_get_counts_points (record),
                               lh_search_record_get_score (record));
      lh_move_chart_set_result (self->move_chart, lh_search_record_get_solver (record), &result);
      /* The arrow follows the step shown, as the bars do: scrubbed back to
       * depth 1, both show what depth 1 preferred. */
      if (!stale)
        hint = result.move;
    }
  gtk_widget_set_opacity (GTK_WIDGET (self->move_chart), stale ? 0.4 : 1.0);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->move_chart), GTK_ACCESSIBLE_STATE_DISABLED, stale, -1);
  lh_board_view_set_hint (self->board_view, hint);
  if (self->breakdown_view != NULL)
    lh_breakdown_view_set_chosen_move (self->breakdown_view, hint);
  update_board_description (self);
}

/* The expected line under the move chart: of the move hovered (or clicked)
 * in the chart, else of the move node selected in the tree, else of the
 * best move; hidden while the record is stale or the step has no tree. */
static void
update_line (LhWindow *self)
{
  LhSearchRecord *record = lh_analysis_get_record (self->analysis);
  LhTreeView *view = lh_inspector_pane_get_tree_view (self->inspector_pane);
  g_autoptr(GArray) line = NULL;
  LhSearchStep step = { 0 };
  gboolean visits;
  guint32 selected;
  int move;

  if (record != NULL && !lh_analysis_get_stale (self->analysis))
    lh_search_record_get_step (record, lh_analysis_get_step (self->analysis), &step);
  gtk_widget_set_visible (GTK_WIDGET (self->line_strip),
                          step.tree != NULL && lh_search_tree_get_n_nodes (step.tree) > 0);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->line_strip)))
    return;
  visits = lh_search_record_get_solver (record) == LH_SOLVER_MCTS;
  move = lh_move_chart_get_hovered_move (self->move_chart);
  selected = lh_tree_view_get_tree (view) == step.tree ? lh_tree_view_get_selected (view) : LH_SEARCH_NODE_NONE;
  if (move == LH_MOVE_NONE && selected != LH_SEARCH_NODE_NONE && selected != 0)
    line = lh_principal_variation_new (step.tree, selected, visits, LH_PV_DEFAULT_STEPS);
  else
    line = lh_principal_variation_for_move (step.tree, move, visits, LH_PV_DEFAULT_STEPS);
  /* From a node under a move of the root, the caption says so rather than
   * call the line's first move the move it follows. */
  lh_line_strip_set_from_node (self->line_strip,
                               move == LH_MOVE_NONE && selected != LH_SEARCH_NODE_NONE && selected != 0
                               && lh_search_tree_get_node (step.tree, selected)->parent != 0);
  lh_line_strip_set_line (self->line_strip, line, lh_search_record_get_geometry (record));
}

static gboolean
line_idle_cb (gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->line_source = 0;
  update_line (self);
  return G_SOURCE_REMOVE;
}

/* The pointer moved onto or off a row of the move chart: the expected line
 * follows, from an idle that runs before the next frame.  Not at once: the
 * hover can change in the middle of a layout.  libadwaita 1.2's leaflet
 * unmaps a column inside its allocation (the tree, at the end of a fold,
 * after it gave the board page its new place); GTK then picks again the
 * widget under the pointer and sends it the crossing events at once, so the
 * move chart, now under the pointer, reports a hovered row from inside the
 * leaflet's allocation.  Rebuilding the line there queued a resize that the
 * layout in progress dropped: the board page was left needing a place and
 * then drawn (a Gtk-WARNING "Trying to snapshot GtkScrolledWindow ...
 * without a current allocation"; found by tests/gui/test-soak.c, reproduced
 * by tests/gui/test-fold-pointer.c). */
static void
chart_hovered_cb (LhMoveChart *chart, GParamSpec *pspec, LhWindow *self)
{
  if (self->line_source == 0)
    self->line_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, line_idle_cb, self, NULL);
}

/* The search so far, shown while it deepens when nothing current is. */
static void
analysis_progress_cb (LhAnalysis *analysis, const LhSolverResult *partial, LhWindow *self)
{
  LhSearchRecord *record = lh_analysis_get_record (analysis);

  if (record != NULL && !lh_analysis_get_stale (analysis))
    return;
  /* The partial result is of the game's position. */
  {
    g_autoptr(LhSearchRecord) now = lh_search_record_new_wide (lh_game_model_get_wide_board (self->model),
                                                               lh_game_model_get_geometry (self->model),
                                                               lh_game_model_get_rules (self->model),
                                                               lh_analysis_get_search_solver (analysis),
                                                               partial, NULL);

    lh_window_exact_show (self, now);
  }
  lh_move_chart_set_result (self->move_chart, lh_analysis_get_search_solver (analysis), partial);
  gtk_widget_set_opacity (GTK_WIDGET (self->move_chart), 0.7);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->move_chart), GTK_ACCESSIBLE_STATE_DISABLED, FALSE, -1);
}

static void
analysis_values_cb (LhAnalysis *analysis, GParamSpec *pspec, LhWindow *self)
{
  lh_window_update_values (self);
  update_line (self);
}

/* Auto-play's button says Stop while it runs; once stopped, a line says why. */
static void
analysis_autoplay_cb (LhAnalysis *analysis, GParamSpec *pspec, LhWindow *self)
{
  gboolean running = lh_analysis_get_autoplay (analysis);
  const char *reason = lh_analysis_get_autoplay_stop_reason (analysis);

  gtk_button_set_label (GTK_BUTTON (self->autoplay_button), running ? _("_Stop") : _("_Auto-play"));
  lh_accessible_fix_mnemonic_names (self->autoplay_button);
  gtk_widget_set_tooltip_text (self->autoplay_button,
                               running ? _("Stop the AI (Ctrl+P)")
                                       : _("Let the AI play until stopped or the game is over (Ctrl+P)"));
  /* Stopped by its button or Ctrl+P: said without a reason (the key gives
   * no other sign that it was heard). */
  if (!running && lh_analysis_get_autoplay_stopped_by_request (analysis) && reason[0] != '\0')
    gtk_label_set_text (self->autoplay_note, _("Auto-play stopped."));
  else if (!running && reason[0] != '\0')
    {
      /* Translators: %s why auto-play stopped ("You moved", "Reached 2048") */
      g_autofree char *text = g_strdup_printf (_("Auto-play stopped: %s."), reason);

      gtk_label_set_text (self->autoplay_note, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->autoplay_note), !running && reason[0] != '\0');
}

static void
analysis_search_failed_cb (LhAnalysis *analysis, const char *message, LhWindow *self)
{
  lh_window_show_toast (self, message);
}

static void
inspector_message_cb (LhInspectorPane *pane, const char *text, LhWindow *self)
{
  lh_window_show_toast (self, text);
}

/* ---- the columns -------------------------------------------------------- */

/* "show-welcome" -> the tree column's page. */
static gboolean
welcome_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_string (value, g_variant_get_boolean (variant) ? "welcome" : "tree");
  return TRUE;
}

/* Shows the tree and the sidebar as the settings say (the board takes the
 * room the tree leaves when the tree is hidden), asks for search-tree
 * records only while the tree shows (hidden, searches run at full speed),
 * and, folded, offers a page per column shown. */
static void
update_columns (LhWindow *self)
{
  gboolean tree = g_settings_get_boolean (self->settings, "inspector-visible");
  gboolean sidebar = g_settings_get_boolean (self->settings, "sidebar-visible");
  gboolean folded = adw_leaflet_get_folded (self->leaflet);

  gtk_widget_set_visible (self->tree_stack, tree);
  gtk_widget_set_visible (self->tree_separator, tree);
  gtk_widget_set_visible (self->sidebar, sidebar || folded);
  gtk_widget_set_visible (self->sidebar_separator, sidebar || folded);
  gtk_widget_set_hexpand (self->board_page, !tree);
  gtk_widget_set_visible (GTK_WIDGET (self->tree_page_button), tree);
  lh_analysis_set_record_nodes (self->analysis,
                                tree ? g_settings_get_uint (self->settings, "inspector-max-nodes") : 0);

  gtk_widget_set_visible (self->page_bar, folded);
  if (folded)
    gtk_widget_add_css_class (GTK_WIDGET (self), "folded");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "folded");
}

/* Whether the column @widget (a page of the leaflet) is to be shown. */
static gboolean
column_wanted (LhWindow *self, GtkWidget *widget)
{
  if (widget == self->tree_stack || widget == self->tree_separator)
    return g_settings_get_boolean (self->settings, "inspector-visible");
  return g_settings_get_boolean (self->settings, "sidebar-visible")
         || adw_leaflet_get_folded (self->leaflet);
}

static gboolean folded_idle_cb (gpointer user_data);

/* libadwaita 1.2's leaflet, while it animates a fold, shows
 * (gtk_widget_show()) the pages beside the visible one when it allocates
 * them, hidden ones too: a hidden column came back, drawn before it had a
 * place (a Gtk-WARNING "Trying to snapshot ... without a current
 * allocation"; found by tests/gui/test-soak.c).  Such a column is taken out
 * of view at once (not hidden: hiding a page in the middle of the leaflet's
 * allocation makes it choose its visible page again, from inside its
 * allocation), and hidden again once the layout is done (update_columns()
 * in an idle). */
static void
column_visible_cb (GtkWidget *widget, GParamSpec *pspec, LhWindow *self)
{
  if (gtk_widget_get_visible (widget) && !column_wanted (self, widget))
    {
      gtk_widget_set_child_visible (widget, FALSE);
      if (self->folded_source == 0)
        self->folded_source = g_idle_add (folded_idle_cb, self);
    }
}

static void
column_settings_changed_cb (GSettings *settings, const char *key, LhWindow *self)
{
  gboolean shown = g_str_equal (key, "inspector-max-nodes") || g_settings_get_boolean (settings, key);

  update_columns (self);
  if (g_str_equal (key, "inspector-visible"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_INSPECTOR]);
  else if (g_str_equal (key, "sidebar-visible"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
  /* Folded, showing a column goes to its page. */
  if (shown && adw_leaflet_get_folded (self->leaflet))
    {
      if (g_str_equal (key, "inspector-visible"))
        adw_leaflet_set_visible_child_name (self->leaflet, "tree");
      else if (g_str_equal (key, "sidebar-visible"))
        adw_leaflet_set_visible_child_name (self->leaflet, "settings");
    }
}

static gboolean
folded_idle_cb (gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  self->folded_source = 0;
  update_columns (self);
  /* A column column_visible_cb() took out of view gets its place again. */
  gtk_widget_queue_resize (GTK_WIDGET (self->leaflet));
  if (!adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "board");
  return G_SOURCE_REMOVE;
}

/* The leaflet folds while it is allocated: the header bar, allocated
 * before it, changes after the layout is done. */
static void
leaflet_folded_cb (AdwLeaflet *leaflet, GParamSpec *pspec, LhWindow *self)
{
  if (self->folded_source == 0)
    self->folded_source = g_idle_add (folded_idle_cb, self);
}

/* The page bar follows the page shown, and shows the page chosen. */
static void
leaflet_child_cb (AdwLeaflet *leaflet, GParamSpec *pspec, LhWindow *self)
{
  const char *name = adw_leaflet_get_visible_child_name (leaflet);

  gtk_toggle_button_set_active (self->board_page_button, g_strcmp0 (name, "board") == 0);
  gtk_toggle_button_set_active (self->tree_page_button, g_strcmp0 (name, "tree") == 0);
  gtk_toggle_button_set_active (self->settings_page_button, g_strcmp0 (name, "settings") == 0);
  if (g_strcmp0 (name, "board") == 0 && adw_leaflet_get_folded (leaflet))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  /* The focus, out of view with the board, goes into the page shown (Review
   * Game's first control), not to the first button of the page switcher
   * above it, whose ring would point at another page than the one shown. */
  else if (g_strcmp0 (name, "settings") == 0 && adw_leaflet_get_folded (leaflet))
    gtk_widget_child_focus (GTK_WIDGET (self->ai_stack), GTK_DIR_TAB_FORWARD);
}

static void
page_button_toggled_cb (GtkToggleButton *button, LhWindow *self)
{
  const char *name = button == self->board_page_button ? "board"
                     : button == self->tree_page_button ? "tree" : "settings";

  if (gtk_toggle_button_get_active (button))
    adw_leaflet_set_visible_child_name (self->leaflet, name);
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
  lh_window_show_toast (self, text);
}

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

  if (!self->close_confirmed)
    save_window_state (self);
  if (lh_window_close_or_ask (self))
    return TRUE;
  return GTK_WINDOW_CLASS (lh_window_parent_class)->close_request (window);
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
        lh_window_announce_over (self);
    }
}

static void
lh_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhWindow *self = LH_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SHOW_INSPECTOR:
      g_value_set_boolean (value, g_settings_get_boolean (self->settings, "inspector-visible"));
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, g_settings_get_boolean (self->settings, "sidebar-visible"));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhWindow *self = LH_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SHOW_INSPECTOR:
      g_settings_set_boolean (self->settings, "inspector-visible", g_value_get_boolean (value));
      break;
    case PROP_SHOW_SIDEBAR:
      g_settings_set_boolean (self->settings, "sidebar-visible", g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
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
    }
  g_clear_object (&self->store);
  g_clear_handle_id (&self->folded_source, g_source_remove);
  if (self->train_dialog != NULL)
    {
      /* The dialog pauses its run as it goes (lh-train-dialog.c). */
      GtkWindow *dialog = GTK_WINDOW (self->train_dialog);

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->train_dialog);
      self->train_dialog = NULL;
      gtk_window_destroy (dialog);
    }
  lh_window_exact_dispose (self);
  lh_window_evaluation_dispose (self);
  if (self->analysis != NULL)
    {
      lh_analysis_set_model (self->analysis, NULL);
      g_signal_handlers_disconnect_by_data (self->analysis, self);
    }
  g_clear_object (&self->analysis);
  lh_window_browse_dispose (self);
  if (self->review != NULL)
    lh_review_cancel (self->review);
  g_clear_object (&self->review);
  g_clear_weak_pointer (&self->review_toast);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_WINDOW);
  /* After the move chart is gone: its last hover may have asked for one. */
  g_clear_handle_id (&self->line_source, g_source_remove);
  G_OBJECT_CLASS (lh_window_parent_class)->dispose (object);
}

static void
lh_window_class_init (LhWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = lh_window_dispose;
  object_class->get_property = lh_window_get_property;
  object_class->set_property = lh_window_set_property;
  widget_class->map = lh_window_map;
  window_class->close_request = lh_window_close_request;

  /* The settings' "inspector-visible" and "sidebar-visible", as properties
   * the header's toggles (win.show-inspector, win.show-sidebar) change. */
  properties[PROP_SHOW_INSPECTOR] =
    g_param_spec_boolean ("show-inspector", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (LH_TYPE_BOARD_VIEW);
  g_type_ensure (LH_TYPE_AI_PANEL);
  g_type_ensure (LH_TYPE_REVIEW_PANEL);
  g_type_ensure (LH_TYPE_INSPECTOR_PANE);
  g_type_ensure (LH_TYPE_HEURISTIC_PANEL);
  g_type_ensure (LH_TYPE_MOVE_CHART);
  g_type_ensure (LH_TYPE_LINE_STRIP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LhWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_page);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, review_bar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, review_bar_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tutor_bar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tutor_bar_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, autoplay_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, autoplay_note);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, move_chart);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, exact_progress);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, line_strip);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tree_separator);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, inspector_pane);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tree_stack);
  /* For tests (gtk_widget_get_template_child ()); the code has no use for it. */
  gtk_widget_class_bind_template_child_full (widget_class, "welcome_page", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "new_game_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "new_game_icon_button", FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, sidebar_separator);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_stack);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, ai_panel);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, heuristic_panel);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, review_panel);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, page_bar);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, board_page_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, tree_page_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, settings_page_button);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, score_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, best_label);
  gtk_widget_class_bind_template_child (widget_class, LhWindow, primary_menu_button);
}

static void
lh_window_init (LhWindow *self)
{
  static const char *const column_keys[] = { "inspector-visible", "sidebar-visible", "inspector-max-nodes" };
  g_autofree char *path = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  lh_accessible_fix_mnemonic_names (GTK_WIDGET (self));
  lh_toast_guard_attach (self->toast_overlay);

  self->settings = g_settings_new (APPLICATION_ID);
  self->analysis = lh_analysis_new (self->settings);
  lh_window_actions_init (self);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* The analysis session and the views that show it. */
  g_object_bind_property (self->analysis, "record", self->inspector_pane, "record", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->analysis, "step", self->inspector_pane, "step",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (self->analysis, "stale", self->inspector_pane, "stale", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->analysis, "status", self->status_label, "label", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->analysis, "notify::record", G_CALLBACK (analysis_values_cb), self, 0);
  g_signal_connect_object (self->analysis, "notify::step", G_CALLBACK (analysis_values_cb), self, 0);
  g_signal_connect_object (self->analysis, "notify::stale", G_CALLBACK (analysis_values_cb), self, 0);
  g_signal_connect_object (self->analysis, "notify::autoplay", G_CALLBACK (analysis_autoplay_cb), self, 0);
  g_signal_connect_object (self->analysis, "notify::autoplay-stop-reason",
                           G_CALLBACK (analysis_autoplay_cb), self, 0);
  g_signal_connect_object (self->analysis, "search-failed", G_CALLBACK (analysis_search_failed_cb), self, 0);
  g_signal_connect_object (self->analysis, "progress", G_CALLBACK (analysis_progress_cb), self, 0);
  g_signal_connect_object (self->inspector_pane, "message", G_CALLBACK (inspector_message_cb), self, 0);
  g_signal_connect_object (self->move_chart, "notify::hovered-move", G_CALLBACK (chart_hovered_cb), self, 0);
  g_signal_connect_object (lh_inspector_pane_get_tree_view (self->inspector_pane), "node-selected",
                           G_CALLBACK (update_line), self, G_CONNECT_SWAPPED);
  lh_window_exact_init (self);

  /* The columns, and the pages they become when the window is narrow. */
  for (guint i = 0; i < G_N_ELEMENTS (column_keys); i++)
    {
      g_autofree char *signal = g_strdup_printf ("changed::%s", column_keys[i]);
      g_signal_connect_object (self->settings, signal, G_CALLBACK (column_settings_changed_cb), self, 0);
    }
  g_signal_connect_object (self->leaflet, "notify::folded", G_CALLBACK (leaflet_folded_cb), self, 0);
  {
    GtkWidget *columns[] = { self->tree_stack, self->tree_separator, self->sidebar, self->sidebar_separator };

    for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
      g_signal_connect_object (columns[i], "notify::visible", G_CALLBACK (column_visible_cb), self, 0);
  }
  g_signal_connect_object (self->leaflet, "notify::visible-child", G_CALLBACK (leaflet_child_cb), self, 0);
  g_signal_connect_object (self->board_page_button, "toggled", G_CALLBACK (page_button_toggled_cb), self, 0);
  g_signal_connect_object (self->tree_page_button, "toggled", G_CALLBACK (page_button_toggled_cb), self, 0);
  g_signal_connect_object (self->settings_page_button, "toggled", G_CALLBACK (page_button_toggled_cb), self, 0);
  update_columns (self);
  leaflet_child_cb (self->leaflet, NULL, self);

  /* The first start: how to play, where the tree will be. */
  g_settings_bind_with_mapping (self->settings, "show-welcome", self->tree_stack, "visible-child-name",
                                G_SETTINGS_BIND_GET, welcome_get_mapping, NULL, NULL, NULL);

  /* The sidebar's page (AI Player or Heuristic), as left. */
  g_settings_bind (self->settings, "side-page", self->ai_stack, "visible-child-name", G_SETTINGS_BIND_DEFAULT);
  lh_window_evaluation_init (self);

  self->model = lh_game_model_new_empty ();
  g_signal_connect_object (self->model, "changed", G_CALLBACK (model_changed_cb), self, 0);
  lh_analysis_set_model (self->analysis, self->model);
  analysis_autoplay_cb (self->analysis, NULL, self);
  lh_window_review_init (self);
  lh_window_browse_init (self);

  path = lh_save_file_default_path ();
  self->store = lh_game_store_new (self->model, path);
  g_signal_connect_object (self->store, "save-failed", G_CALLBACK (save_failed_cb), self, 0);
  if (!lh_game_store_restore (self->store, lh_window_settings_geometry (self)))
    {
      const char *summary = lh_game_store_get_problem (self->store, NULL);
      g_autofree char *escaped = g_markup_escape_text (summary, -1);
      AdwToast *toast = adw_toast_new (escaped);

      adw_toast_set_timeout (toast, 0);
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "win.restore-details");
      lh_toast_guard_add_toast (self->toast_overlay, toast);
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

LhTutor *
lh_window_get_tutor (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->tutor;
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

LhInspectorPane *
lh_window_get_inspector (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->inspector_pane;
}

LhAnalysis *
lh_window_get_analysis (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->analysis;
}

LhReviewPanel *
lh_window_get_review_panel (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->review_panel;
}

LhMoveChart *
lh_window_get_move_chart (LhWindow *self)
{
  g_return_val_if_fail (LH_IS_WINDOW (self), NULL);
  return self->move_chart;
}
