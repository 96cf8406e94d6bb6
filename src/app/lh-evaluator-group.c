/* lh-evaluator-group.c: Hand-Tuned or Learned, and the network's row (see
 * lh-evaluator-group.h). */
#include "lh-config.h"
#include "lh-evaluator-group.h"

#include <glib/gi18n.h>

#include "lh-ntuple-file.h"
#include "lh-tdl2048-file.h"

struct _LhEvaluatorGroup
{
  AdwPreferencesGroup parent_instance;

  GSettings          *settings;
  LhEvaluatorChoice  *choice;
  GtkFileChooserNative *chooser;   /* while shown */

  GtkWidget          *heuristic_row;
  GtkWidget          *learned_row;
  GtkWidget          *heuristic_check;
  GtkWidget          *learned_check;
  GtkWidget          *network_row;
  GtkWidget          *problem_icon;
  GtkWidget          *spinner;
  GtkWidget          *choose_button;
  GtkWidget          *shipped_row;
};

G_DEFINE_FINAL_TYPE (LhEvaluatorGroup, lh_evaluator_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_LEARNED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
lh_evaluator_group_get_learned (LhEvaluatorGroup *self)
{
  g_return_val_if_fail (LH_IS_EVALUATOR_GROUP (self), FALSE);
  return self->choice != NULL && lh_evaluator_choice_get_chosen (self->choice) == LH_EVALUATOR_NTUPLE;
}

GtkWidget *
lh_evaluator_group_get_network_row (LhEvaluatorGroup *self)
{
  g_return_val_if_fail (LH_IS_EVALUATOR_GROUP (self), NULL);
  return self->network_row;
}

/* The network's row: what is loaded, loading or wrong. */
static void
update (LhEvaluatorGroup *self)
{
  gboolean learned = lh_evaluator_group_get_learned (self);
  gboolean loading = lh_evaluator_choice_get_loading (self->choice);
  const char *problem = lh_evaluator_choice_get_problem (self->choice);
  g_autofree char *title = NULL;
  g_autofree char *details = NULL;
  g_autofree char *path = lh_evaluator_choice_get_path (self->choice);
  g_autofree char *file = g_filename_display_basename (path);

  gtk_widget_set_visible (self->network_row, learned);
  gtk_widget_set_visible (self->shipped_row, learned && !lh_evaluator_choice_is_shipped (self->choice));
  gtk_widget_set_visible (self->spinner, loading);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), loading);
  gtk_widget_set_visible (self->problem_icon, !loading && problem != NULL);

  lh_evaluator_choice_describe (self->choice, &title, &details);
  if (loading)
    {
      /* Translators: %s a file name */
      g_autofree char *text = g_strdup_printf (_("Loading %s…"), file);

      g_autofree char *escaped_file = g_markup_escape_text (file, -1);
      g_autofree char *escaped = g_markup_escape_text (text, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->network_row), escaped_file);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->network_row), escaped);
    }
  else if (problem != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (problem, -1);

      g_autofree char *escaped_title = g_markup_escape_text (title != NULL ? title : file, -1);

      /* A network of another board size is loaded: its name, and why not. */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->network_row), escaped_title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->network_row), escaped);
    }
  else if (title != NULL)
    {
      g_autofree char *escaped_title = g_markup_escape_text (title, -1);
      g_autofree char *escaped = g_markup_escape_text (details, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->network_row), escaped_title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->network_row), escaped);
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->network_row), _("Network"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->network_row), "");
    }
  gtk_widget_set_tooltip_text (self->network_row, path);
}

static void
choice_changed_cb (LhEvaluatorChoice *choice, LhEvaluatorGroup *self)
{
  update (self);
}

static void
evaluator_changed_cb (GSettings *settings, const char *key, LhEvaluatorGroup *self)
{
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEARNED]);
}

static void
chooser_response_cb (GtkNativeDialog *dialog, int response, LhEvaluatorGroup *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          g_settings_set_string (self->settings, "network-file", path);
          g_settings_set_string (self->settings, "evaluator", "ntuple");
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

static void
choose_clicked_cb (GtkButton *button, LhEvaluatorGroup *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) networks = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) lookahead = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) tdl2048 = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autofree char *path = lh_evaluator_choice_get_path (self->choice);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }
  self->chooser = gtk_file_chooser_native_new (_("Choose a Network"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  /* Lookahead's own networks and TDL2048+'s weight files, which
   * lh_ntuple_file_load() reads as they are. */
  gtk_file_filter_set_name (networks, _("Networks"));
  gtk_file_filter_add_pattern (networks, "*." LH_NTUPLE_FILE_EXTENSION);
  gtk_file_filter_add_pattern (networks, "*." LH_TDL2048_FILE_EXTENSION);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), networks);
  gtk_file_filter_set_name (lookahead, _("Lookahead Networks"));
  gtk_file_filter_add_pattern (lookahead, "*." LH_NTUPLE_FILE_EXTENSION);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), lookahead);
  /* Translators: TDL2048+ is a program's name */
  gtk_file_filter_set_name (tdl2048, _("TDL2048+ Networks"));
  gtk_file_filter_add_pattern (tdl2048, "*." LH_TDL2048_FILE_EXTENSION);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), tdl2048);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (self->chooser), networks);
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
shipped_activated_cb (AdwActionRow *row, LhEvaluatorGroup *self)
{
  g_settings_set_string (self->settings, "network-file", "");
}

static void
lh_evaluator_group_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhEvaluatorGroup *self = LH_EVALUATOR_GROUP (object);

  switch (prop_id)
    {
    case PROP_LEARNED:
      g_value_set_boolean (value, lh_evaluator_group_get_learned (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_evaluator_group_dispose (GObject *object)
{
  LhEvaluatorGroup *self = LH_EVALUATOR_GROUP (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  if (self->choice != NULL)
    g_signal_handlers_disconnect_by_data (self->choice, self);
  g_clear_object (&self->choice);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_EVALUATOR_GROUP);
  G_OBJECT_CLASS (lh_evaluator_group_parent_class)->dispose (object);
}

static void
lh_evaluator_group_class_init (LhEvaluatorGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = lh_evaluator_group_get_property;
  object_class->dispose = lh_evaluator_group_dispose;

  properties[PROP_LEARNED] =
    g_param_spec_boolean ("learned", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-evaluator-group.ui");
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, heuristic_row);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, learned_row);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, heuristic_check);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, learned_check);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, network_row);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, problem_icon);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, spinner);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, choose_button);
  gtk_widget_class_bind_template_child (widget_class, LhEvaluatorGroup, shipped_row);
}

static void
lh_evaluator_group_init (LhEvaluatorGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
lh_evaluator_group_new (GSettings *settings, LhEvaluatorChoice *choice)
{
  LhEvaluatorGroup *self;
  g_autoptr(GSimpleActionGroup) actions = g_simple_action_group_new ();
  g_autoptr(GAction) evaluator = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (choice), NULL);

  self = g_object_new (LH_TYPE_EVALUATOR_GROUP, NULL);
  self->settings = g_object_ref (settings);
  self->choice = g_object_ref (choice);
  evaluator = g_settings_create_action (settings, "evaluator");
  g_action_map_add_action (G_ACTION_MAP (actions), evaluator);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "evaluation", G_ACTION_GROUP (actions));
  g_signal_connect_object (settings, "changed::evaluator", G_CALLBACK (evaluator_changed_cb), self, 0);
  g_signal_connect_object (settings, "changed::network-file", G_CALLBACK (evaluator_changed_cb), self, 0);
  g_signal_connect_object (choice, "changed", G_CALLBACK (choice_changed_cb), self, 0);
  g_signal_connect_object (self->choose_button, "clicked", G_CALLBACK (choose_clicked_cb), self, 0);
  g_signal_connect_object (self->shipped_row, "activated", G_CALLBACK (shipped_activated_cb), self, 0);
  update (self);
  return GTK_WIDGET (self);
}
