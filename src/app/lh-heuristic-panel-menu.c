/* lh-heuristic-panel-menu.c: the heuristic panel's menu (see
 * lh-heuristic-panel.h): Reset, Save, Save As…, Rename…, Delete…, Import…
 * and Export… of presets, and the question asked when another preset is
 * chosen while the values differ from the chosen one's. */
#include "lh-config.h"
#include "lh-heuristic-panel-private.h"

#include <glib/gi18n.h>

#include "lh-accessible.h"

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

  lh_heuristic_panel_chosen_preset (self, &index);
  if (index < 0)
    return;
  lh_heuristic_panel_get_params (self, &params);
  if (!lh_preset_store_replace (self->store, (guint) index, &params, &error))
    lh_heuristic_panel_show_message (self, error->message);
  lh_heuristic_panel_update_state (self);
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
        lh_heuristic_panel_show_message (self, error->message);
      else
        {
          g_autofree char *key = lh_preset_store_get_key (self->store, (guint) added);
          const char *then = g_object_get_data (G_OBJECT (dialog), "lh-then-key");

          lh_heuristic_panel_set_preset_key (self, key);
          lh_heuristic_panel_update_state (self);
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
        lh_heuristic_panel_show_message (self, error->message);
      lh_heuristic_panel_update_state (self);
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
  g_autofree char *base = g_strdup_printf (_("%s (custom)"), lh_heuristic_panel_chosen_preset (self, NULL)->name);
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
void
lh_heuristic_panel_present_switch_dialog (LhHeuristicPanel *self, const char *key)
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

  present_name_dialog (self, NAME_RENAME, lh_heuristic_panel_chosen_preset (self, NULL)->name, NULL);
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
    lh_heuristic_panel_show_message (self, error->message);
  /* The store's "changed" chose Balanced; the values stay. */
  if (lh_preset_store_find (self->store, self->preset_key) < 0)
    lh_heuristic_panel_set_preset_key (self, DEFAULT_PRESET);
  lh_heuristic_panel_update_state (self);
}

static void
delete_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  LhHeuristicPanel *self = LH_HEURISTIC_PANEL (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  /* Translators: %s a user preset's name */
  heading = g_strdup_printf (_("Delete “%s”?"), lh_heuristic_panel_chosen_preset (self, NULL)->name);
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
      lh_heuristic_panel_show_message (self, text);
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
      lh_heuristic_panel_show_message (self, text);
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
  const LhPreset *chosen = lh_heuristic_panel_chosen_preset (self, NULL);
  LhHeuristicParams params;

  lh_heuristic_panel_get_params (self, &params);
  preset = lh_preset_new (chosen->name, &params);
  if (!lh_heuristic_panel_is_modified (self) && chosen->description != NULL)
    preset->description = g_strdup (chosen->description);
  if (!lh_preset_save_file (preset, file, &error))
    {
      /* Translators: %s what went wrong */
      g_autofree char *text = g_strdup_printf (_("Could not export the preset: %s"), error->message);
      lh_heuristic_panel_show_message (self, text);
    }
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      /* Translators: %s a file name */
      g_autofree char *text = g_strdup_printf (_("Preset exported to %s"), name);
      lh_heuristic_panel_show_message (self, text);
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
      g_autofree char *name = g_strdup_printf ("%s.json", lh_heuristic_panel_chosen_preset (self, NULL)->name);
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

void
lh_heuristic_panel_install_menu_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "heuristic.reset", NULL, reset_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.rename", NULL, rename_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.delete", NULL, delete_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.import", NULL, import_activated);
  gtk_widget_class_install_action (widget_class, "heuristic.export", NULL, export_activated);
}
