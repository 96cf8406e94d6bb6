/* lh-heuristic-panel.c: the heuristic's weights and presets (see lh-heuristic-panel.h). */
#include "lh-config.h"
#include "lh-heuristic-panel-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "lh-accessible.h"
#include "lh-param-row.h"
#include "lh-preset-store.h"
#include "lh-toast-guard.h"

G_DEFINE_FINAL_TYPE (LhHeuristicPanel, lh_heuristic_panel, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "empty_weight" -> "heuristic-empty-weight" */
static char *
settings_key (const LhHeuristicParamInfo *info)
{
  char *key = g_strconcat ("heuristic-", info->key, NULL);

  g_strdelimit (key, "_", '-');
  return key;
}

/* The chosen preset (Balanced when its key is unknown) and its index in
 * the store (-1 when not found). */
const LhPreset *
lh_heuristic_panel_chosen_preset (LhHeuristicPanel *self, int *index_out)
{
  int index = lh_preset_store_find (self->store, self->preset_key);

  if (index_out != NULL)
    *index_out = index;
  if (index < 0)
    return lh_preset_find_builtin (DEFAULT_PRESET);
  return lh_preset_store_get_preset (self->store, (guint) index);
}

void
lh_heuristic_panel_show_message (LhHeuristicPanel *self, const char *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  if (overlay != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (valid, -1);
      AdwToast *toast = adw_toast_new (escaped);

      adw_toast_set_timeout (toast, 10);
      lh_toast_guard_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
    }
  else
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  NULL, valid);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      lh_accessible_fix_mnemonic_names (dialog);
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

gboolean
lh_heuristic_panel_is_modified (LhHeuristicPanel *self)
{
  const LhPreset *preset;

  g_return_val_if_fail (LH_IS_HEURISTIC_PANEL (self), FALSE);
  preset = lh_heuristic_panel_chosen_preset (self, NULL);
  for (guint i = 0; i < self->n_params; i++)
    if (lh_param_row_get_value (LH_PARAM_ROW (self->rows[i]))
        != lh_heuristic_params_get (&preset->heuristic, &self->infos[i]))
      return TRUE;
  return FALSE;
}

/* The heat-map row is usable only when a per-cell term is weighted: on
 * the other presets the map would show nothing. */
static void
update_cell_terms_row (LhHeuristicPanel *self)
{
  LhHeuristicParams params;
  gboolean cells;

  if (self->cell_terms_row == NULL)
    return;
  lh_heuristic_panel_get_params (self, &params);
  cells = self->learned || lh_heuristic_params_has_cell_terms (&params);
  gtk_widget_set_sensitive (self->cell_terms_row, cells);
  gtk_widget_set_tooltip_text (self->cell_terms_row,
                               cells ? NULL : _("This preset has no per-cell term (snake or corner gradient)"));
}

void
lh_heuristic_panel_set_evaluation_group (LhHeuristicPanel *self, GtkWidget *group)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  g_return_if_fail (GTK_IS_WIDGET (group));

  gtk_box_append (GTK_BOX (self->top_box), group);
  gtk_widget_set_visible (self->top_box, TRUE);
}

void
lh_heuristic_panel_set_learned (LhHeuristicPanel *self, gboolean learned)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));

  self->learned = learned;
  gtk_widget_set_visible (GTK_WIDGET (self->preset_group), !learned);
  gtk_widget_set_visible (self->terms_box, !learned);
  update_cell_terms_row (self);
}

void
lh_heuristic_panel_set_cell_terms_row (LhHeuristicPanel *self, GtkWidget *row)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  g_return_if_fail (row == NULL || GTK_IS_WIDGET (row));

  if (self->cell_terms_row != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->cell_terms_row), (gpointer *) &self->cell_terms_row);
  self->cell_terms_row = row;
  if (row != NULL)
    g_object_add_weak_pointer (G_OBJECT (row), (gpointer *) &self->cell_terms_row);
  update_cell_terms_row (self);
}

/* The chooser says whether the values are the preset's; the menu offers
 * what the chosen preset allows. */
void
lh_heuristic_panel_update_state (LhHeuristicPanel *self)
{
  int index = -1;
  const LhPreset *preset = lh_heuristic_panel_chosen_preset (self, &index);
  gboolean user = index >= 0 && !lh_preset_store_is_builtin (self->store, (guint) index);
  gboolean modified = lh_heuristic_panel_is_modified (self);

  if (modified)
    {
      /* Translators: the subtitle of the preset chooser when a value was changed */
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), _("Modified"));
      gtk_widget_add_css_class (GTK_WIDGET (self->preset_row), "modified");
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), "");
      gtk_widget_remove_css_class (GTK_WIDGET (self->preset_row), "modified");
    }
  /* Where the preset's values come from, above the chooser. */
  adw_preferences_group_set_description (self->preset_group,
                                         preset->description != NULL ? preset->description : "");
  update_cell_terms_row (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "heuristic.reset", modified);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "heuristic.save", user && modified);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "heuristic.rename", user);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "heuristic.delete", user);
}

static void
row_value_cb (LhParamRow *row, GParamSpec *pspec, LhHeuristicPanel *self)
{
  const LhHeuristicParamInfo *info = g_object_get_data (G_OBJECT (row), "lh-param-info");
  g_autofree char *key = settings_key (info);

  g_settings_set_double (self->settings, key, lh_param_row_get_value (row));
  if (self->updating)
    return;
  lh_heuristic_panel_update_state (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Shows and keeps @params; one "changed" when something changed. */
static void
set_values (LhHeuristicPanel *self, const LhHeuristicParams *params)
{
  gboolean changed = FALSE;

  self->updating = TRUE;
  for (guint i = 0; i < self->n_params; i++)
    {
      LhParamRow *row = LH_PARAM_ROW (self->rows[i]);
      double value = lh_heuristic_params_get (params, &self->infos[i]);

      if (lh_param_row_get_value (row) != value)
        {
          lh_param_row_set_value (row, value);
          changed = TRUE;
        }
    }
  self->updating = FALSE;
  lh_heuristic_panel_update_state (self);
  if (changed)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
lh_heuristic_panel_get_params (LhHeuristicPanel *self, LhHeuristicParams *out)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  g_return_if_fail (out != NULL);

  lh_heuristic_params_init_default (out);
  for (guint i = 0; i < self->n_params; i++)
    lh_heuristic_params_set (out, &self->infos[i], lh_param_row_get_value (LH_PARAM_ROW (self->rows[i])));
}

GtkWidget *
lh_heuristic_panel_get_row (LhHeuristicPanel *self, const char *key)
{
  const LhHeuristicParamInfo *info;

  g_return_val_if_fail (LH_IS_HEURISTIC_PANEL (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  info = lh_heuristic_param_find (key);
  for (guint i = 0; info != NULL && i < self->n_params; i++)
    if (&self->infos[i] == info)
      return self->rows[i];
  return NULL;
}

const char *
lh_heuristic_panel_get_preset_key (LhHeuristicPanel *self)
{
  g_return_val_if_fail (LH_IS_HEURISTIC_PANEL (self), NULL);
  return self->preset_key;
}

/* The chooser shows the chosen preset, without choosing it again. */
static void
sync_chooser (LhHeuristicPanel *self)
{
  int index = lh_preset_store_find (self->store, self->preset_key);

  self->updating = TRUE;
  adw_combo_row_set_selected (self->preset_row, index >= 0 ? (guint) index : GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
}

void
lh_heuristic_panel_set_preset_key (LhHeuristicPanel *self, const char *key)
{
  char *copy = g_strdup (key);   /* @key may be self->preset_key itself */

  g_free (self->preset_key);
  self->preset_key = copy;
  g_settings_set_string (self->settings, "preset", copy);
  sync_chooser (self);
}

gboolean
lh_heuristic_panel_select_preset (LhHeuristicPanel *self, const char *key)
{
  int index;

  g_return_val_if_fail (LH_IS_HEURISTIC_PANEL (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  index = lh_preset_store_find (self->store, key);
  if (index < 0)
    return FALSE;
  lh_heuristic_panel_set_preset_key (self, key);
  set_values (self, &lh_preset_store_get_preset (self->store, (guint) index)->heuristic);
  return TRUE;
}

void
lh_heuristic_panel_reset (LhHeuristicPanel *self)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  set_values (self, &lh_heuristic_panel_chosen_preset (self, NULL)->heuristic);
}

void
lh_heuristic_panel_add_extra_group (LhHeuristicPanel *self, GtkWidget *group)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  g_return_if_fail (GTK_IS_WIDGET (group));

  gtk_box_append (GTK_BOX (self->extra_box), group);
  gtk_widget_set_visible (self->extra_box, TRUE);
}

static void
preset_selected_cb (AdwComboRow *row, GParamSpec *pspec, LhHeuristicPanel *self)
{
  guint selected = adw_combo_row_get_selected (row);
  g_autofree char *key = NULL;

  if (self->updating || selected >= lh_preset_store_get_n_presets (self->store))
    return;
  key = lh_preset_store_get_key (self->store, selected);
  /* The chooser put back on the chosen preset (by sync_chooser (), whose
   * notification may come late): nothing to choose. */
  if (g_strcmp0 (key, self->preset_key) == 0)
    return;
  if (lh_heuristic_panel_is_modified (self))
    {
      /* Changed weights are not dropped unasked: the chooser stays on the
       * chosen preset until the person decides. */
      sync_chooser (self);
      lh_heuristic_panel_present_switch_dialog (self, key);
      return;
    }
  lh_heuristic_panel_select_preset (self, key);
}

/* The presets changed (added, renamed, removed, or by another instance):
 * the chooser lists them again; a chosen preset that is gone leaves the
 * values as they are, now Balanced modified. */
static void
store_changed_cb (LhPresetStore *store, LhHeuristicPanel *self)
{
  guint n = lh_preset_store_get_n_presets (store);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, lh_preset_store_get_preset (store, i)->name);
  g_ptr_array_add (names, NULL);
  self->updating = TRUE;
  gtk_string_list_splice (self->preset_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->preset_names)),
                          (const char *const *) names->pdata);
  self->updating = FALSE;
  if (lh_preset_store_find (store, self->preset_key) >= 0)
    sync_chooser (self);
  else if (self->renamed_key != NULL && lh_preset_store_find (store, self->renamed_key) >= 0)
    lh_heuristic_panel_set_preset_key (self, self->renamed_key);
  else
    lh_heuristic_panel_set_preset_key (self, DEFAULT_PRESET);
  lh_heuristic_panel_update_state (self);
}

/* ---- the rows ----------------------------------------------------------- */

/* One group per term, in the registry's order; the game-over penalty (term
 * LH_N_TERMS) in its own.  Within a term's group a weight is "Weight" and a
 * shape parameter keeps its label; screen readers hear each row after its
 * group ("Empty cells: weight"). */
static void
build_rows (LhHeuristicPanel *self)
{
  AdwPreferencesGroup *group = NULL;
  int group_term = -1;

  self->infos = lh_heuristic_param_list (&self->n_params);
  self->rows = g_new0 (GtkWidget *, self->n_params);
  for (guint i = 0; i < self->n_params; i++)
    {
      const LhHeuristicParamInfo *info = &self->infos[i];
      double lower = info->min;
      const char *title = _(info->label);
      GtkWidget *row;

      if ((int) info->term != group_term)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, info->term < LH_N_TERMS
                                                  ? lh_term_get_label (info->term)
                                                  : _("Game Over"));
          gtk_box_append (GTK_BOX (self->terms_box), GTK_WIDGET (group));
          group_term = (int) info->term;
        }
      /* The least valid value above an exclusive bound (a base > 1). */
      if (info->min_exclusive)
        lower = nextafter (info->min, G_MAXDOUBLE);
      if (info->is_weight && info->term < LH_N_TERMS)
        title = _("Weight");
      row = lh_param_row_new (title, _(info->description), lower, info->max,
                              info->slider_min, info->slider_max, info->step, info->digits);
      gtk_widget_set_name (row, info->key);
      lh_param_row_set_accessible_context (LH_PARAM_ROW (row),
                                           adw_preferences_group_get_title (group));
      g_object_set_data (G_OBJECT (row), "lh-param-info", (gpointer) info);
      adw_preferences_group_add (group, row);
      self->rows[i] = row;
    }
}

/* The chosen preset and the values from GSettings; a value out of its
 * range takes the chosen preset's (and is written back). */
static void
load_settings (LhHeuristicPanel *self)
{
  g_autofree char *key = g_settings_get_string (self->settings, "preset");
  const LhPreset *preset;

  if (lh_preset_store_find (self->store, key) < 0)
    {
      g_clear_pointer (&key, g_free);
      key = g_strdup (DEFAULT_PRESET);
    }
  self->preset_key = g_steal_pointer (&key);
  preset = lh_heuristic_panel_chosen_preset (self, NULL);

  self->updating = TRUE;
  for (guint i = 0; i < self->n_params; i++)
    {
      const LhHeuristicParamInfo *info = &self->infos[i];
      g_autofree char *skey = settings_key (info);
      g_autoptr(GError) error = NULL;
      double value = g_settings_get_double (self->settings, skey);

      if (!lh_heuristic_param_check (info, value, &error))
        {
          g_message ("GSettings key %s: %s; the preset's value is used", skey, error->message);
          value = lh_heuristic_params_get (&preset->heuristic, info);
          g_settings_set_double (self->settings, skey, value);
        }
      g_signal_handlers_block_by_func (self->rows[i], row_value_cb, self);
      lh_param_row_set_value (LH_PARAM_ROW (self->rows[i]), value);
      g_signal_handlers_unblock_by_func (self->rows[i], row_value_cb, self);
    }
  self->updating = FALSE;
}

/* ---- life cycle --------------------------------------------------------- */

GtkWidget *
lh_heuristic_panel_new (void)
{
  return g_object_new (LH_TYPE_HEURISTIC_PANEL, NULL);
}

static void
lh_heuristic_panel_dispose (GObject *object)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }
  lh_heuristic_panel_set_cell_terms_row (self, NULL);
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_data (self->store, self);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_object (&self->preset_names);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_HEURISTIC_PANEL);
  G_OBJECT_CLASS (lh_heuristic_panel_parent_class)->dispose (object);
}

static void
lh_heuristic_panel_finalize (GObject *object)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (object);

  g_free (self->rows);
  g_free (self->preset_key);
  G_OBJECT_CLASS (lh_heuristic_panel_parent_class)->finalize (object);
}

static void
lh_heuristic_panel_class_init (LhHeuristicPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_heuristic_panel_dispose;
  object_class->finalize = lh_heuristic_panel_finalize;

  /**
   * LhHeuristicPanel::changed:
   * The values changed (lh_heuristic_panel_get_params() has the new ones).
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  lh_heuristic_panel_install_menu_actions (widget_class);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-heuristic-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, preset_group);
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, preset_row);
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, top_box);
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, extra_box);
  gtk_widget_class_bind_template_child (widget_class, LhHeuristicPanel, terms_box);
}

static void
lh_heuristic_panel_init (LhHeuristicPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lh_accessible_fix_mnemonic_names (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  self->store = lh_preset_store_new (self->settings);
  self->preset_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (self->preset_names));

  build_rows (self);
  for (guint i = 0; i < self->n_params; i++)
    g_signal_connect (self->rows[i], "notify::value", G_CALLBACK (row_value_cb), self);
  load_settings (self);
  store_changed_cb (self->store, self);
  g_signal_connect (self->store, "changed", G_CALLBACK (store_changed_cb), self);
  g_signal_connect (self->preset_row, "notify::selected", G_CALLBACK (preset_selected_cb), self);
}
