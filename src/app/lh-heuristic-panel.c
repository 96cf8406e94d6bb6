/* lh-heuristic-panel.c: the heuristic's weights and presets (see lh-heuristic-panel.h). */
#include "lh-config.h"
#include "lh-heuristic-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "lh-accessible.h"
#include "lh-param-row.h"
#include "lh-preset-store.h"
#include "lh-toast-guard.h"

#define DEFAULT_PRESET "balanced"

struct _LhHeuristicPanel
{
  GtkWidget            parent_instance;

  /* Template children */
  GtkWidget           *scrolled_window;
  AdwPreferencesGroup *preset_group;
  AdwComboRow         *preset_row;
  GtkWidget           *top_box;
  GtkWidget           *extra_box;
  GtkWidget           *terms_box;

  const LhHeuristicParamInfo *infos;
  guint                n_params;
  GtkWidget          **rows;        /* n_params LhParamRows, in the registry's order */

  GSettings           *settings;
  LhPresetStore       *store;
  GtkStringList       *preset_names;
  char                *preset_key;  /* the chosen preset's */
  char                *renamed_key; /* during a rename: the preset's new key */
  gboolean             updating;    /* setting many values, or the chooser, from code */

  GtkWidget           *cell_terms_row; /* (weak): usable only with a per-cell term */
  gboolean             learned;     /* the learned evaluator: no preset, no slider */
  GtkNativeDialog     *chooser;     /* the import or export file chooser shown */
  GtkWidget           *name_entry;  /* of the name dialog shown */
};

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
static const LhPreset *
chosen_preset (LhHeuristicPanel *self, int *index_out)
{
  int index = lh_preset_store_find (self->store, self->preset_key);

  if (index_out != NULL)
    *index_out = index;
  if (index < 0)
    return lh_preset_find_builtin (DEFAULT_PRESET);
  return lh_preset_store_get_preset (self->store, (guint) index);
}

static void
show_message (LhHeuristicPanel *self, const char *text)
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
  preset = chosen_preset (self, NULL);
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
static void
update_state (LhHeuristicPanel *self)
{
  int index = -1;
  const LhPreset *preset = chosen_preset (self, &index);
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
  update_state (self);
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
  update_state (self);
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

static void
set_preset_key (LhHeuristicPanel *self, const char *key)
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
  set_preset_key (self, key);
  set_values (self, &lh_preset_store_get_preset (self->store, (guint) index)->heuristic);
  return TRUE;
}

void
lh_heuristic_panel_reset (LhHeuristicPanel *self)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  set_values (self, &chosen_preset (self, NULL)->heuristic);
}

void
lh_heuristic_panel_add_extra_group (LhHeuristicPanel *self, GtkWidget *group)
{
  g_return_if_fail (LH_IS_HEURISTIC_PANEL (self));
  g_return_if_fail (GTK_IS_WIDGET (group));

  gtk_box_append (GTK_BOX (self->extra_box), group);
  gtk_widget_set_visible (self->extra_box, TRUE);
}

static void present_switch_dialog (LhHeuristicPanel *self, const char *key);

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
      present_switch_dialog (self, key);
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
    set_preset_key (self, self->renamed_key);
  else
    set_preset_key (self, DEFAULT_PRESET);
  update_state (self);
}

/* ---- the menu ----------------------------------------------------------- */

static void
reset_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  lh_heuristic_panel_reset (LH_HEURISTIC_PANEL (widget));
}

static void
save_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (widget);
  g_autoptr(GError) error = NULL;
  LhHeuristicParams params;
  int index = -1;

  chosen_preset (self, &index);
  if (index < 0)
    return;
  lh_heuristic_panel_get_params (self, &params);
  if (!lh_preset_store_replace (self->store, (guint) index, &params, &error))
    show_message (self, error->message);
  update_state (self);
}

typedef enum {
  NAME_SAVE_AS,
  NAME_RENAME,
} NameDialogKind;

static void
name_entry_changed_cb (GtkEditable *entry, AdwMessageDialog *dialog)
{
  adw_message_dialog_set_response_enabled (dialog, "ok",
                                           lh_preset_check_name (gtk_editable_get_text (entry), NULL));
}

/* Enter in the name: as a click on Save (or Rename), which also closes the
 * dialog (adw_message_dialog_response() alone leaves it open). */
static void
name_entry_activate_cb (GtkEntry *entry, AdwMessageDialog *dialog)
{
  if (!adw_message_dialog_get_response_enabled (dialog, "ok"))
    return;
  adw_message_dialog_response (dialog, "ok");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
name_dialog_response_cb (AdwMessageDialog *dialog, const char *response, LhHeuristicPanel *self)
{
  NameDialogKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "lh-kind"));
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  int index = -1;

  if (g_strcmp0 (response, "ok") != 0 || self->name_entry == NULL)
    return;
  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  /* The preset the dialog was opened for, even if the choice changed since. */
  index = lh_preset_store_find (self->store, g_object_get_data (G_OBJECT (dialog), "lh-key"));

  if (kind == NAME_SAVE_AS)
    {
      g_autoptr(LhPreset) preset = NULL;
      LhHeuristicParams params;
      int added;

      lh_heuristic_panel_get_params (self, &params);
      preset = lh_preset_new (name, &params);
      added = lh_preset_store_add (self->store, preset, &error);
      if (added < 0)
        show_message (self, error->message);
      else
        {
          g_autofree char *key = lh_preset_store_get_key (self->store, (guint) added);
          const char *then = g_object_get_data (G_OBJECT (dialog), "lh-then-key");

          set_preset_key (self, key);
          update_state (self);
          /* Saved on the way to another preset (the switch dialog): go on. */
          if (then != NULL)
            lh_heuristic_panel_select_preset (self, then);
        }
    }
  else if (index >= 0)
    {
      gboolean renamed;

      /* The store's "changed" comes from inside the rename, when the old
       * key is already gone: it follows the preset to its new key. */
      self->renamed_key = g_strconcat ("user:", name, NULL);
      renamed = lh_preset_store_rename (self->store, (guint) index, name, &error);
      g_clear_pointer (&self->renamed_key, g_free);
      if (!renamed)
        show_message (self, error->message);
      update_state (self);
    }
}

static void
name_dialog_destroy_cb (GtkWidget *dialog, LhHeuristicPanel *self)
{
  self->name_entry = NULL;
}

/* Asks for a preset's name, with @initial in the entry; @then_key
 * (nullable): the preset to choose once the values are saved. */
static void
present_name_dialog (LhHeuristicPanel *self, NameDialogKind kind, const char *initial,
                     const char *then_key)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;
  GtkWidget *entry = gtk_entry_new ();

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   kind == NAME_SAVE_AS ? _("Save as New Preset") : _("Rename Preset"),
                                   _("The name is shown in the preset chooser."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "ok",
                                   kind == NAME_SAVE_AS ? _("_Save") : _("_Rename"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "ok",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "ok");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_editable_set_text (GTK_EDITABLE (entry), initial);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Preset name"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  g_signal_connect (entry, "changed", G_CALLBACK (name_entry_changed_cb), dialog);
  g_signal_connect (entry, "activate", G_CALLBACK (name_entry_activate_cb), dialog);
  name_entry_changed_cb (GTK_EDITABLE (entry), ADW_MESSAGE_DIALOG (dialog));
  g_object_set_data (G_OBJECT (dialog), "lh-kind", GINT_TO_POINTER (kind));
  g_object_set_data_full (G_OBJECT (dialog), "lh-key", g_strdup (self->preset_key), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lh-then-key", g_strdup (then_key), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (name_dialog_response_cb), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (name_dialog_destroy_cb), self, 0);
  self->name_entry = entry;
  lh_accessible_fix_mnemonic_names (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

/* Asks for the name of a new preset of the values shown; @then_key
 * (nullable): the preset to choose once saved. */
static void
present_save_as_dialog (LhHeuristicPanel *self, const char *then_key)
{
  /* Translators: the proposed name of a new preset, %s the preset it came from */
  g_autofree char *base = g_strdup_printf (_("%s (custom)"), chosen_preset (self, NULL)->name);
  g_autofree char *name = lh_preset_store_unique_name (self->store, base);

  present_name_dialog (self, NAME_SAVE_AS, name, then_key);
}

static void
save_as_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  present_save_as_dialog (LH_HEURISTIC_PANEL (widget), NULL);
}

/* ---- switching with changed values --------------------------------------- */

static void
switch_response_cb (AdwMessageDialog *dialog, const char *response, LhHeuristicPanel *self)
{
  const char *key = g_object_get_data (G_OBJECT (dialog), "lh-then-key");

  if (lh_preset_store_find (self->store, key) < 0)
    return;  /* the preset went away meanwhile */
  if (g_strcmp0 (response, "discard") == 0)
    lh_heuristic_panel_select_preset (self, key);
  else if (g_strcmp0 (response, "save") == 0)
    present_save_as_dialog (self, key);
  /* "cancel": the chooser and the values stay as they were. */
}

/* The person chose preset @key while the values differ from the chosen
 * preset's: save them as a new preset first, discard them, or stay. */
static void
present_switch_dialog (LhHeuristicPanel *self, const char *key)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  int index = lh_preset_store_find (self->store, key);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (index >= 0);
  /* Translators: %s the preset the person chose in the chooser */
  body = g_strdup_printf (_("The weights differ from the preset’s. Choosing “%s” replaces them."),
                          lh_preset_store_get_preset (self->store, (guint) index)->name);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Keep the Changed Weights?"), body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "discard", _("_Discard"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save", _("_Save as New Preset…"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lh-then-key", g_strdup (key), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (switch_response_cb), self, 0);
  lh_accessible_fix_mnemonic_names (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rename_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (widget);

  present_name_dialog (self, NAME_RENAME, chosen_preset (self, NULL)->name, NULL);
}

static void
delete_response_cb (AdwMessageDialog *dialog, const char *response, LhHeuristicPanel *self)
{
  g_autoptr(GError) error = NULL;
  int index = -1;

  if (g_strcmp0 (response, "delete") != 0)
    return;
  /* The preset the dialog named, even if the choice changed since. */
  index = lh_preset_store_find (self->store, g_object_get_data (G_OBJECT (dialog), "lh-key"));
  if (index >= 0 && !lh_preset_store_remove (self->store, (guint) index, &error))
    show_message (self, error->message);
  /* The store's "changed" chose Balanced; the values stay. */
  if (lh_preset_store_find (self->store, self->preset_key) < 0)
    set_preset_key (self, DEFAULT_PRESET);
  update_state (self);
}

static void
delete_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  /* Translators: %s a user preset's name */
  heading = g_strdup_printf (_("Delete “%s”?"), chosen_preset (self, NULL)->name);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading,
                                   _("The preset is removed for good; the values shown stay."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "delete", _("_Delete"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lh-key", g_strdup (self->preset_key), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  lh_accessible_fix_mnemonic_names (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Preset files (JSON)"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");
  return filter;
}

/* Imports the preset in @file as a user preset (renamed when its name is
 * taken) and chooses it; a bad file changes nothing and says why. */
static void
import_file (LhHeuristicPanel *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhPreset) preset = lh_preset_load_file (file, &error);
  g_autofree char *key = NULL;
  int index;

  if (preset == NULL)
    {
      /* Translators: %s the loader's message, which names the file, the key and the reason */
      g_autofree char *text = g_strdup_printf (_("Could not import the preset: %s"), error->message);
      show_message (self, text);
      return;
    }
  {
    char *name = lh_preset_store_unique_name (self->store, preset->name);
    g_free (preset->name);
    preset->name = name;
  }
  index = lh_preset_store_add (self->store, preset, &error);
  if (index < 0)
    {
      g_autofree char *text = g_strdup_printf (_("Could not import the preset: %s"), error->message);
      show_message (self, text);
      return;
    }
  key = lh_preset_store_get_key (self->store, (guint) index);
  lh_heuristic_panel_select_preset (self, key);
}

static void
export_file (LhHeuristicPanel *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhPreset) preset = NULL;
  const LhPreset *chosen = chosen_preset (self, NULL);
  LhHeuristicParams params;

  lh_heuristic_panel_get_params (self, &params);
  preset = lh_preset_new (chosen->name, &params);
  if (!lh_heuristic_panel_is_modified (self) && chosen->description != NULL)
    preset->description = g_strdup (chosen->description);
  if (!lh_preset_save_file (preset, file, &error))
    {
      /* Translators: %s what went wrong */
      g_autofree char *text = g_strdup_printf (_("Could not export the preset: %s"), error->message);
      show_message (self, text);
    }
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      /* Translators: %s a file name */
      g_autofree char *text = g_strdup_printf (_("Preset exported to %s"), name);
      show_message (self, text);
    }
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, LhHeuristicPanel *self)
{
  gboolean import = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "lh-import"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        {
          if (import)
            import_file (self, file);
          else
            export_file (self, file);
        }
    }
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
}

static void
present_chooser (LhHeuristicPanel *self, gboolean import)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = json_filter ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  chooser = gtk_file_chooser_native_new (import ? _("Import Preset") : _("Export Preset"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         import ? GTK_FILE_CHOOSER_ACTION_OPEN
                                                : GTK_FILE_CHOOSER_ACTION_SAVE,
                                         import ? _("_Import") : _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (!import)
    {
      g_autofree char *name = g_strdup_printf ("%s.json", chosen_preset (self, NULL)->name);
      g_strdelimit (name, "/\\", '-');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "lh-import", GINT_TO_POINTER (import));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
import_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  present_chooser (LH_HEURISTIC_PANEL (widget), TRUE);
}

static void
export_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  present_chooser (LH_HEURISTIC_PANEL (widget), FALSE);
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
  preset = chosen_preset (self, NULL);

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

  gtk_widget_class_install_action (widget_class, "heuristic.reset", NULL, reset_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.rename", NULL, rename_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.delete", NULL, delete_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.import", NULL, import_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.export", NULL, export_activated);

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
