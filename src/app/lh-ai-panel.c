/* lh-ai-panel.c: the AI controls, move values and search jobs (see lh-ai-panel.h). */
#include "lh-config.h"
#include "lh-ai-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lh-search-tree.h"

#include "lh-search-job.h"

typedef enum {
  SEARCH_HINT,
  SEARCH_STEP,
  SEARCH_AUTO,
} SearchPurpose;

struct _LhAiPanel
{
  GtkWidget      parent_instance;

  /* Template children */
  GtkWidget     *scrolled_window;
  GtkAdjustment *depth_adjustment;
  GtkAdjustment *delay_adjustment;
  GtkAdjustment *record_adjustment;
  AdwActionRow  *record_row;
  GtkSwitch     *adaptive_switch;
  GtkWidget     *up_row;
  GtkWidget     *down_row;
  GtkWidget     *left_row;
  GtkWidget     *right_row;
  GtkLabel      *up_value;
  GtkLabel      *down_value;
  GtkLabel      *left_value;
  GtkLabel      *right_value;
  GtkLabel      *status_label;

  /* Indexed by LhMove */
  GtkWidget     *move_rows[LH_N_MOVES];
  GtkLabel      *move_values[LH_N_MOVES];

  GSettings     *settings;
  LhGameModel   *model;
  GSimpleAction *hint_action;
  GSimpleAction *step_action;
  GSimpleAction *autoplay_action;

  GCancellable  *search_cancellable;
  guint          search_generation;
  SearchPurpose  search_purpose;
  gboolean       autoplay;
  guint          autoplay_source;
  gboolean       applying_ai_move;
  guint          record_nodes;   /* budget of the search-tree record, 0 for none */
};

G_DEFINE_FINAL_TYPE (LhAiPanel, lh_ai_panel, GTK_TYPE_WIDGET)

enum {
  SIGNAL_HINT,
  SIGNAL_SEARCH_FAILED,
  SIGNAL_SEARCHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_search (LhAiPanel *self, SearchPurpose purpose);

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

static gboolean
game_is_over (LhAiPanel *self)
{
  return self->model == NULL || lh_game_model_is_over (self->model);
}

static void
clear_move_values (LhAiPanel *self)
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      gtk_label_set_text (self->move_values[m], "—");
      gtk_widget_remove_css_class (self->move_rows[m], "best-move");
      gtk_widget_remove_css_class (self->move_rows[m], "illegal-move");
    }
}

/* The status line when no search result is shown: it never asks for a hint
 * when Hint is disabled. */
static void
show_idle_status (LhAiPanel *self)
{
  if (game_is_over (self))
    gtk_label_set_text (self->status_label, _("The game is over: no move is left for the AI to weigh."));
  else
    gtk_label_set_text (self->status_label, _("Ask for a hint to see what the AI thinks."));
}

static void
show_move_values (LhAiPanel *self, const LhSolverResult *result)
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
cancel_search (LhAiPanel *self)
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
update_actions (LhAiPanel *self)
{
  gboolean over = game_is_over (self);

  g_simple_action_set_enabled (self->hint_action, !over);
  g_simple_action_set_enabled (self->step_action, !over);
  g_simple_action_set_enabled (self->autoplay_action, !over || self->autoplay);
}

static void
set_autoplay (LhAiPanel *self, gboolean autoplay)
{
  autoplay = !!autoplay;
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->autoplay == autoplay)
    return;

  self->autoplay = autoplay;
  g_simple_action_set_state (self->autoplay_action, g_variant_new_boolean (autoplay));
  if (autoplay)
    start_search (self, SEARCH_AUTO);
  else if (self->search_purpose == SEARCH_AUTO)
    cancel_search (self);
  update_actions (self);
}

static gboolean
autoplay_next_cb (gpointer user_data)
{
  LhAiPanel *self = LH_AI_PANEL (user_data);

  self->autoplay_source = 0;
  if (self->autoplay)
    start_search (self, SEARCH_AUTO);
  return G_SOURCE_REMOVE;
}

static void
search_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhAiPanel *self = LH_AI_PANEL (source);
  guint generation = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSearchRecord) record = lh_search_job_finish (res, &error);
  LhSolverResult result;

  if (generation != self->search_generation || self->model == NULL)
    return;  /* stale: the board changed or the panel went away since */
  g_clear_object (&self->search_cancellable);

  if (record == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_("The AI could not search: %s"), error->message);
      gtk_label_set_text (self->status_label, text);
      set_autoplay (self, FALSE);
      g_signal_emit (self, signals[SIGNAL_SEARCH_FAILED], 0, text);
      return;
    }

  result = *lh_search_record_get_result (record);
  show_move_values (self, &result);
  /* Before the move is played, so the inspector shows the decision and the
   * board it was made on. */
  g_signal_emit (self, signals[SIGNAL_SEARCHED], 0, record);
  if (self->model == NULL)
    return;
  if (result.move == LH_MOVE_NONE)
    {
      set_autoplay (self, FALSE);
      return;
    }

  switch (self->search_purpose)
    {
    case SEARCH_HINT:
      g_signal_emit (self, signals[SIGNAL_HINT], 0, result.move);
      break;
    case SEARCH_STEP:
    case SEARCH_AUTO:
      self->applying_ai_move = TRUE;
      lh_game_model_move (self->model, (LhMove) result.move, NULL);
      self->applying_ai_move = FALSE;
      /* Handlers of the move (the window announcing 2048 or the end) may
       * have stopped auto-play meanwhile. */
      if (self->search_purpose == SEARCH_AUTO && self->autoplay
          && !game_is_over (self) && self->autoplay_source == 0)
        self->autoplay_source =
          g_timeout_add ((guint) gtk_adjustment_get_value (self->delay_adjustment),
                         autoplay_next_cb, self);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
start_search (LhAiPanel *self, SearchPurpose purpose)
{
  LhSolverParams params;

  cancel_search (self);
  if (game_is_over (self))
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
                           &params, self->record_nodes, self->search_cancellable,
                           search_done_cb, GUINT_TO_POINTER (self->search_generation));
}

void
lh_ai_panel_stop (LhAiPanel *self)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));

  cancel_search (self);
  set_autoplay (self, FALSE);
}

gboolean
lh_ai_panel_is_searching (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), FALSE);
  return self->search_cancellable != NULL;
}

void
lh_ai_panel_set_record_nodes (LhAiPanel *self, guint max_nodes)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (max_nodes <= LH_SEARCH_TREE_MAX_NODES);
  self->record_nodes = max_nodes;
}

gboolean
lh_ai_panel_get_autoplay (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), FALSE);
  return self->autoplay;
}

GtkAdjustment *
lh_ai_panel_get_delay_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->delay_adjustment;
}

GtkAdjustment *
lh_ai_panel_get_record_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->record_adjustment;
}

const char *
lh_ai_panel_get_status (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return gtk_label_get_text (self->status_label);
}

static void
model_changed_cb (LhGameModel *model, int change, int move, int spawned_cell,
                  guint64 previous, LhAiPanel *self)
{
  if (!self->applying_ai_move)
    {
      /* Someone else changed the board: whatever the AI was doing is stale. */
      lh_ai_panel_stop (self);
      clear_move_values (self);
      show_idle_status (self);
    }
  else if (game_is_over (self))
    show_idle_status (self);
  update_actions (self);
}

void
lh_ai_panel_set_model (LhAiPanel *self, LhGameModel *model)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (model == NULL || LH_IS_GAME_MODEL (model));

  lh_ai_panel_stop (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect (model, "changed", G_CALLBACK (model_changed_cb), self);
  clear_move_values (self);
  show_idle_status (self);
  update_actions (self);
}

void
lh_ai_panel_add_actions (LhAiPanel *self, GActionMap *map)
{
  g_return_if_fail (LH_IS_AI_PANEL (self));
  g_return_if_fail (G_IS_ACTION_MAP (map));

  g_action_map_add_action (map, G_ACTION (self->hint_action));
  g_action_map_add_action (map, G_ACTION (self->step_action));
  g_action_map_add_action (map, G_ACTION (self->autoplay_action));
}

/* ---- actions ------------------------------------------------------------ */

static void
hint_activated (GSimpleAction *action, GVariant *parameter, LhAiPanel *self)
{
  set_autoplay (self, FALSE);
  start_search (self, SEARCH_HINT);
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, LhAiPanel *self)
{
  set_autoplay (self, FALSE);
  start_search (self, SEARCH_STEP);
}

static void
autoplay_change_state (GSimpleAction *action, GVariant *state, LhAiPanel *self)
{
  set_autoplay (self, g_variant_get_boolean (state));
}

/* ---- settings ----------------------------------------------------------- */

/* Sets the bounds of @adjustment to the range of the integer key @key of
 * the schema, so the control offers exactly what GSettings accepts (a lower
 * bound given by the .ui above the schema's narrows it), and its value to
 * the key's value clamped into that range. */
static void
adjustment_from_key (LhAiPanel *self, GtkAdjustment *adjustment, const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  g_autoptr(GVariant) value = g_settings_get_value (self->settings, key);
  const char *type = NULL;
  double lower, upper, v;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &type, &bounds);
  g_return_if_fail (g_strcmp0 (type, "range") == 0);

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    {
      guint32 lo, hi;
      g_variant_get (bounds, "(uu)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_uint32 (value);
    }
  else
    {
      gint32 lo, hi;
      g_variant_get (bounds, "(ii)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_int32 (value);
    }
  lower = MAX (lower, gtk_adjustment_get_lower (adjustment));
  gtk_adjustment_configure (adjustment, CLAMP (v, lower, upper), lower, upper,
                            gtk_adjustment_get_step_increment (adjustment),
                            gtk_adjustment_get_page_increment (adjustment), 0);
}

static void update_record_subtitle (LhAiPanel *self);

static void
depth_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_int (self->settings, "ai-depth", (int) gtk_adjustment_get_value (adjustment));
  update_record_subtitle (self);
}

static void
delay_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "autoplay-delay", (guint) gtk_adjustment_get_value (adjustment));
}

/* The record budget's row says what it costs: one record per depth of
 * iterative deepening, sizeof (LhSearchNode) = 40 bytes a node
 * (lh-search-tree.h), so budget × 40 B × depth for a search. */
static void
update_record_subtitle (LhAiPanel *self)
{
  guint64 nodes = (guint64) gtk_adjustment_get_value (self->record_adjustment);
  guint depth = (guint) gtk_adjustment_get_value (self->depth_adjustment);
  g_autofree char *size = g_format_size (nodes * sizeof (LhSearchNode) * MAX (depth, 1));
  g_autofree char *text = NULL;

  /* Translators: memory of the search-tree record: %u bytes per node (40)
   * for each depth of iterative deepening, %s a memory size (“2.4 MB”), %u
   * the search depth; keep it short, it sits beside a spin button */
  text = g_strdup_printf (_("%u B a node per depth: %s at depth %u"),
                          (guint) sizeof (LhSearchNode), size, MAX (depth, 1));
  adw_action_row_set_subtitle (self->record_row, text);
}

static void
record_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "inspector-max-nodes", (guint) gtk_adjustment_get_value (adjustment));
  update_record_subtitle (self);
}

/* ---- life cycle --------------------------------------------------------- */

static void
lh_ai_panel_dispose (GObject *object)
{
  LhAiPanel *self = LH_AI_PANEL (object);

  cancel_search (self);
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  if (self->depth_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->depth_adjustment, self);
  if (self->delay_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->delay_adjustment, self);
  if (self->record_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->record_adjustment, self);
  g_clear_object (&self->settings);
  /* The actions may outlive the panel in the map they were added to. */
  if (self->hint_action != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->hint_action, self);
      g_signal_handlers_disconnect_by_data (self->step_action, self);
      g_signal_handlers_disconnect_by_data (self->autoplay_action, self);
      g_simple_action_set_enabled (self->hint_action, FALSE);
      g_simple_action_set_enabled (self->step_action, FALSE);
      g_simple_action_set_enabled (self->autoplay_action, FALSE);
    }
  g_clear_object (&self->hint_action);
  g_clear_object (&self->step_action);
  g_clear_object (&self->autoplay_action);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_AI_PANEL);
  G_OBJECT_CLASS (lh_ai_panel_parent_class)->dispose (object);
}

static void
lh_ai_panel_class_init (LhAiPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_ai_panel_dispose;

  /**
   * LhAiPanel::hint:
   * @move: the LhMove the AI recommends
   * A hint search finished: the board should point at @move.
   */
  signals[SIGNAL_HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /**
   * LhAiPanel::search-failed:
   * @message: what went wrong, for a toast (valid UTF-8)
   * A search ended with an error; auto-play stopped.
   */
  signals[SIGNAL_SEARCH_FAILED] =
    g_signal_new ("search-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * LhAiPanel::searched:
   * @record: (type gpointer): the LhSearchRecord of the search (transfer
   *   none: take a reference to keep it)
   * A search finished with a decision, before its move (Step, Auto-play) is
   * played.  The record holds a search tree when lh_ai_panel_set_record_nodes()
   * asked for one.
   */
  signals[SIGNAL_SEARCHED] =
    g_signal_new ("searched", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-ai-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, depth_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, delay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, adaptive_switch);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, up_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, down_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, left_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, right_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, up_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, down_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, left_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, right_value);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, status_label);
}

static void
lh_ai_panel_init (LhAiPanel *self)
{
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

  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect (self->hint_action, "activate", G_CALLBACK (hint_activated), self);
  self->step_action = g_simple_action_new ("step", NULL);
  g_signal_connect (self->step_action, "activate", G_CALLBACK (step_activated), self);
  self->autoplay_action = g_simple_action_new_stateful ("autoplay", NULL,
                                                        g_variant_new_boolean (FALSE));
  g_signal_connect (self->autoplay_action, "change-state", G_CALLBACK (autoplay_change_state), self);

  self->settings = g_settings_new (APPLICATION_ID);
  adjustment_from_key (self, self->depth_adjustment, "ai-depth");
  adjustment_from_key (self, self->delay_adjustment, "autoplay-delay");
  adjustment_from_key (self, self->record_adjustment, "inspector-max-nodes");
  g_signal_connect (self->depth_adjustment, "value-changed", G_CALLBACK (depth_changed_cb), self);
  g_signal_connect (self->delay_adjustment, "value-changed", G_CALLBACK (delay_changed_cb), self);
  g_signal_connect (self->record_adjustment, "value-changed", G_CALLBACK (record_changed_cb), self);
  update_record_subtitle (self);
  g_settings_bind (self->settings, "ai-adaptive", self->adaptive_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);

  show_idle_status (self);
  update_actions (self);
}
