/* lh-train-dialog.c: the Train… dialog (see lh-train-dialog.h). */
#include "lh-config.h"
#include "lh-train-dialog.h"
#include "lh-wheel-guard.h"

#include <glib/gi18n.h>

#include "lh-format.h"
#include "lh-learning-curve.h"
#include "lh-ntuple.h"
#include "lh-toast-guard.h"
#include "lh-train-job.h"

/* Points on the curve per run, about: a report every games / this. */
#define CURVE_POINTS 200
#define MIN_REPORT_EVERY 100

struct _LhTrainDialog {
  AdwWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  GtkWidget       *save_button;
  GtkWidget       *run_button;
  GtkWidget       *restart_button;
  GtkWidget       *settings_group;
  AdwComboRow     *shape_row;
  GtkSpinButton   *games_spin;
  GtkSpinButton   *threads_spin;
  GtkWidget       *learning_row;
  GtkSpinButton   *alpha_spin;
  GtkSwitch       *tc_switch;
  LhLearningCurve *curve;
  GtkProgressBar  *progress_bar;
  GtkLabel        *status_label;

  LhGeometry       geometry;
  LhTrainJob      *job;
  GtkStringList   *shape_names;    /* the sets that fit the geometry */
  GtkNativeDialog *chooser;        /* the Save… file chooser, or NULL */
  char            *saved_path;     /* the last file saved */
  LhTdProgress     last;           /* the last report of the run */
  gboolean         has_last;
  gboolean         saving;
  gboolean         close_after_save;
  gboolean         close_confirmed;
};

enum { SIGNAL_USE_NETWORK,
  SIGNAL_SAVED_ON_CLOSE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LhTrainDialog, lh_train_dialog, ADW_TYPE_WINDOW)

/* ---- What the dialog shows ---- */

static const char *
chosen_shape (LhTrainDialog *self)
{
  guint i = adw_combo_row_get_selected (self->shape_row);

  return i < g_list_model_get_n_items (G_LIST_MODEL (self->shape_names))
         ? gtk_string_list_get_string (self->shape_names, i) : NULL;
}

/* The chosen set's tuples and memory, under its name. */
static void
update_shape_subtitle (LhTrainDialog *self)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  const char *name = chosen_shape (self);
  g_autofree char *cells = NULL, *size = NULL, *text = NULL;
  GString *list = g_string_new (NULL);
  guint n_shapes = 0;
  guint64 weights = 0;

  if (name == NULL || !lh_ntuple_shapes_lookup (name, self->geometry, shapes, &n_shapes, NULL))
    {
      g_string_free (list, TRUE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->shape_row), "");
      return;
    }
  for (guint i = 0; i < n_shapes; i++)
    {
      g_autofree char *shape = lh_ntuple_shape_to_string (&shapes[i]);

      g_string_append_printf (list, "%s%s", i > 0 ? " " : "", shape);
      weights += (guint64) 1 << (4 * shapes[i].n_cells);
    }
  cells = g_string_free (list, FALSE);
  size = g_format_size_full (4 * weights, G_FORMAT_SIZE_IEC_UNITS);
  /* Translators: subtitle of the Shape row: the tuples' cells in hexadecimal
   * ("012345 456789") and the memory of the weights ("256.0 MiB") */
  text = g_strdup_printf (ngettext ("%u tuple: %s; %s of weights", "%u tuples: %s; %s of weights", n_shapes),
                          n_shapes, cells, size);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->shape_row), text);
}

static void
set_status (LhTrainDialog *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

/* "12,000 of 20,000 games · mean score 45.2k · 1.21M moves/s · about 3 min left" */
static void
update_status (LhTrainDialog *self)
{
  LhTrainJobState state = lh_train_job_get_state (self->job);
  guint64 target = 0, games = lh_train_job_get_games (self->job, &target);
  g_autofree char *done = NULL;
  g_autofree char *all = g_strdup_printf ("%'" G_GUINT64_FORMAT, target);
  g_autofree char *head = NULL, *figures = NULL, *left = NULL, *text = NULL;

  if (state == LH_TRAIN_JOB_EMPTY)
    return;
  /* The job counts the games of a run once it ends; the reports as it goes.
   * Paused or done, the job's count is the games learned from (as the
   * question on closing says): reports of games a pause cut off are not. */
  if ((state == LH_TRAIN_JOB_RUNNING || state == LH_TRAIN_JOB_PAUSING) && self->has_last
      && self->last.games > games)
    games = MIN (self->last.games, target);
  done = g_strdup_printf ("%'" G_GUINT64_FORMAT, games);
  if (self->has_last)
    {
      g_autofree char *mean = lh_format_compact (self->last.mean_score, FALSE);
      g_autofree char *speed = lh_format_compact (self->last.moves_per_second, FALSE);

      /* Translators: the last block's figures in the status line: "mean score 45.2k, 1.21M moves/s" */
      figures = g_strdup_printf (_("mean score %s, %s moves/s"), mean, speed);
      if (state == LH_TRAIN_JOB_RUNNING && self->last.games_per_second > 0 && target > games)
        {
          double seconds = (double) (target - games) / self->last.games_per_second;

          if (seconds < 90)
            /* Translators: time left in the status line */
            left = g_strdup_printf (_("about %.0f s left"), MAX (1.0, seconds));
          else if (seconds < 90 * 60)
            left = g_strdup_printf (_("about %.0f min left"), seconds / 60);
          else
            left = g_strdup_printf (_("about %.1f h left"), seconds / 3600);
        }
    }
  switch (state)
    {
    case LH_TRAIN_JOB_RUNNING:
      /* Translators: status while training: "12,000 of 20,000 games" */
      head = g_strdup_printf (_("Training: %s of %s games"), done, all);
      break;
    case LH_TRAIN_JOB_PAUSING:
      head = g_strdup (_("Pausing…"));
      break;
    case LH_TRAIN_JOB_PAUSED:
      /* Translators: status of a paused run: "12,000 of 20,000 games" */
      head = g_strdup_printf (_("Paused after %s of %s games"), done, all);
      break;
    case LH_TRAIN_JOB_FINISHED:
    case LH_TRAIN_JOB_EMPTY:
    default:
      /* Translators: status once every game is played: "20,000 games" */
      head = g_strdup_printf (_("Trained for %s games"), done);
      break;
    }
  if (self->saving)
    text = g_strdup_printf ("%s · %s", head, _("saving…"));
  else if (figures != NULL && left != NULL)
    text = g_strdup_printf ("%s · %s · %s", head, figures, left);
  else if (figures != NULL)
    text = g_strdup_printf ("%s · %s", head, figures);
  else
    text = g_strdup (head);
  set_status (self, text);
  gtk_progress_bar_set_fraction (self->progress_bar, target > 0 ? (double) games / (double) target : 0);
}

/* The buttons and rows follow the job's state. */
static void
update_controls (LhTrainDialog *self)
{
  LhTrainJobState state = lh_train_job_get_state (self->job);
  gboolean running = state == LH_TRAIN_JOB_RUNNING || state == LH_TRAIN_JOB_PAUSING;
  gboolean has_network = state != LH_TRAIN_JOB_EMPTY;
  const char *label;

  switch (state)
    {
    case LH_TRAIN_JOB_RUNNING:
    case LH_TRAIN_JOB_PAUSING:
      label = _("_Pause");
      break;
    case LH_TRAIN_JOB_PAUSED:
      label = _("_Resume");
      break;
    case LH_TRAIN_JOB_FINISHED:
      label = _("Train _More");
      break;
    case LH_TRAIN_JOB_EMPTY:
    default:
      label = _("_Start");
      break;
    }
  gtk_button_set_label (GTK_BUTTON (self->run_button), label);
  gtk_widget_set_tooltip_text (self->run_button,
                               state == LH_TRAIN_JOB_FINISHED
                               ? _("Play as many games again with this network") : NULL);
  gtk_widget_set_sensitive (self->run_button, state != LH_TRAIN_JOB_PAUSING && !self->saving);
  gtk_widget_set_visible (self->restart_button, has_network && !running);
  gtk_widget_set_sensitive (self->restart_button, !self->saving);
  gtk_widget_set_sensitive (self->save_button, has_network && !running && !self->saving);
  /* The network's shape and learning are fixed once it exists; the games
   * and threads apply to Resume and Train More too. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->shape_row), !has_network);
  gtk_widget_set_sensitive (self->learning_row, !has_network);
  gtk_widget_set_sensitive (GTK_WIDGET (self->games_spin), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->threads_spin), !running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), has_network);
  update_status (self);
}

static void
show_toast (LhTrainDialog *self, const char *text)
{
  lh_toast_guard_add_toast (self->toast_overlay, adw_toast_new (text));
}

/* ---- The job ---- */

static void
job_state_cb (LhTrainJob *job, GParamSpec *pspec, LhTrainDialog *self)
{
  update_controls (self);
}

static void
job_progress_cb (LhTrainJob *job, const LhTdProgress *progress, LhTrainDialog *self)
{
  LhLearningCurvePoint point = {
    .games = progress->games,
    .mean_score = progress->mean_score,
    .share_2048 = progress->share_2048,
    .share_8192 = progress->share_8192,
    .share_16384 = progress->share_16384,
  };

  self->last = *progress;
  self->has_last = TRUE;
  lh_learning_curve_add_point (self->curve, &point);
  update_status (self);
}

static void
job_failed_cb (LhTrainJob *job, const char *message, LhTrainDialog *self)
{
  show_toast (self, message);
}

static guint
chosen_games (LhTrainDialog *self)
{
  return (guint) gtk_spin_button_get_value_as_int (self->games_spin);
}

static void
start (LhTrainDialog *self)
{
  g_autoptr(GError) error = NULL;
  LhTdOptions options;
  guint games = chosen_games (self);

  lh_td_options_init (&options);
  options.games = games;
  options.seed = g_random_int ();
  options.jobs = (guint) gtk_spin_button_get_value_as_int (self->threads_spin);
  options.alpha = gtk_spin_button_get_value (self->alpha_spin);
  options.tc = gtk_switch_get_active (self->tc_switch);
  options.report_every = MAX (MIN_REPORT_EVERY, games / CURVE_POINTS);
  self->has_last = FALSE;
  lh_learning_curve_clear (self->curve);
  g_clear_pointer (&self->saved_path, g_free);
  if (!lh_train_job_start (self->job, self->geometry, chosen_shape (self), &options, &error))
    show_toast (self, error->message);
}

static void
run_clicked_cb (GtkButton *button, LhTrainDialog *self)
{
  g_autoptr(GError) error = NULL;
  guint jobs = (guint) gtk_spin_button_get_value_as_int (self->threads_spin);

  switch (lh_train_job_get_state (self->job))
    {
    case LH_TRAIN_JOB_EMPTY:
      start (self);
      break;
    case LH_TRAIN_JOB_RUNNING:
      lh_train_job_pause (self->job);
      break;
    case LH_TRAIN_JOB_PAUSED:
      if (!lh_train_job_resume (self->job, 0, jobs, &error))
        show_toast (self, error->message);
      break;
    case LH_TRAIN_JOB_FINISHED:
      if (!lh_train_job_resume (self->job, chosen_games (self), jobs, &error))
        show_toast (self, error->message);
      break;
    case LH_TRAIN_JOB_PAUSING:
    default:
      break;
    }
}

static void discard_and (LhTrainDialog *self, gboolean close);

static void
restart_clicked_cb (GtkButton *button, LhTrainDialog *self)
{
  discard_and (self, FALSE);
}

/* With TC the learning rate is a meta rate, 1.0 by Jaśkowski 2018; plain
 * TD's is 0.1 (lh-td-train.h).  Switching moves a default to the other's. */
static void
tc_switch_cb (GtkSwitch *sw, GParamSpec *pspec, LhTrainDialog *self)
{
  double alpha = gtk_spin_button_get_value (self->alpha_spin);

  if (gtk_switch_get_active (sw) && G_APPROX_VALUE (alpha, 0.1, 1e-9))
    gtk_spin_button_set_value (self->alpha_spin, 1.0);
  else if (!gtk_switch_get_active (sw) && G_APPROX_VALUE (alpha, 1.0, 1e-9))
    gtk_spin_button_set_value (self->alpha_spin, 0.1);
}

/* ---- Saving ---- */

static void
use_clicked_cb (AdwToast *toast, LhTrainDialog *self)
{
  if (self->saved_path != NULL)
    g_signal_emit (self, signals[SIGNAL_USE_NETWORK], 0, self->saved_path);
}

static void
save_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhTrainDialog *self = LH_TRAIN_DIALOG (user_data);
  g_autoptr(GError) error = NULL;

  self->saving = FALSE;
  if (!lh_train_job_save_finish (LH_TRAIN_JOB (source), result, &error))
    {
      self->close_after_save = FALSE;
      show_toast (self, error->message);
    }
  else if (self->close_after_save)
    {
      /* The window is asked to play with it only when the person says so:
       * it offers Use in its own toast, this dialog being gone. */
      self->close_confirmed = TRUE;
      g_signal_emit (self, signals[SIGNAL_SAVED_ON_CLOSE], 0, self->saved_path);
      gtk_window_close (GTK_WINDOW (self));
    }
  else
    {
      g_autofree char *base = g_path_get_basename (self->saved_path);
      g_autofree char *display = g_filename_display_name (base);
      /* Translators: a toast once the network is saved; its button makes it the Learned evaluator */
      g_autofree char *text = g_strdup_printf (_("Saved as “%s”"), display);
      AdwToast *toast = adw_toast_new (text);

      adw_toast_set_button_label (toast, _("_Use"));
      adw_toast_set_timeout (toast, 8);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (use_clicked_cb), self, 0);
      lh_toast_guard_add_toast (self->toast_overlay, toast);
    }
  update_controls (self);
  g_object_unref (self);
}

static void
save_to (LhTrainDialog *self, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      show_toast (self, _("The network can only be saved to a local file"));
      self->close_after_save = FALSE;
      return;
    }
  g_free (self->saved_path);
  self->saved_path = g_steal_pointer (&path);
  self->saving = TRUE;
  update_controls (self);
  lh_train_job_save_async (self->job, self->saved_path, NULL, save_done_cb, g_object_ref (self));
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, LhTrainDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      save_to (self, file);
    }
  else
    self->close_after_save = FALSE;
  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
}

static void
present_save_chooser (LhTrainDialog *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  chooser = gtk_file_chooser_native_new (_("Save the Network"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  /* Translators: the name of the file filter of network files (*.lhnet) */
  gtk_file_filter_set_name (filter, _("Lookahead networks"));
  gtk_file_filter_add_pattern (filter, "*.lhnet");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  name = g_strdup_printf ("%s-%" G_GUINT64_FORMAT "-games.lhnet", lh_train_job_get_shape_name (self->job),
                          lh_train_job_get_games (self->job, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
save_clicked_cb (GtkButton *button, LhTrainDialog *self)
{
  present_save_chooser (self);
}

/* ---- Dropping an unsaved network ---- */

static gboolean
close_idle_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
discard_response_cb (AdwMessageDialog *dialog, const char *response, LhTrainDialog *self)
{
  gboolean close = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "lh-close"));

  if (g_str_equal (response, "discard"))
    {
      if (close)
        {
          /* Once the question has gone: it is transient for this window. */
          self->close_confirmed = TRUE;
          g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_idle_cb, g_object_ref (self), g_object_unref);
        }
      else
        start (self);
    }
  else if (g_str_equal (response, "save"))
    {
      self->close_after_save = close;
      present_save_chooser (self);
    }
}

/* Drops the network, once the person agrees when it is not saved, then
 * closes the dialog (@close) or trains a new one. */
static void
discard_and (LhTrainDialog *self, gboolean close)
{
  guint64 games = lh_train_job_get_games (self->job, NULL);
  g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, games);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (lh_train_job_get_saved (self->job) || games == 0)
    {
      if (close)
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
      else
        start (self);
      return;
    }
  /* Translators: body of the dialog asking before an unsaved network is dropped */
  body = g_strdup_printf (ngettext ("It has learned from %s game and is not saved.",
                                    "It has learned from %s games and is not saved.", (gulong) games),
                          count);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Discard the Trained Network?"),
                                                       body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save…"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "lh-close", GINT_TO_POINTER (close));
  g_signal_connect_object (dialog, "response", G_CALLBACK (discard_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
lh_train_dialog_close_request (GtkWindow *window)
{
  LhTrainDialog *self = LH_TRAIN_DIALOG (window);
  LhTrainJobState state = lh_train_job_get_state (self->job);

  if (self->close_confirmed)
    {
      /* A run still stopping holds its own reference on the job. */
      lh_train_job_pause (self->job);
      return GTK_WINDOW_CLASS (lh_train_dialog_parent_class)->close_request (window);
    }
  if (self->saving)
    {
      show_toast (self, _("Wait until the network is saved"));
      return TRUE;
    }
  if (state == LH_TRAIN_JOB_RUNNING || state == LH_TRAIN_JOB_PAUSING)
    {
      /* Stop first; the question comes once it is paused. */
      lh_train_job_pause (self->job);
      if (lh_train_job_get_saved (self->job))
        {
          self->close_confirmed = TRUE;
          return GTK_WINDOW_CLASS (lh_train_dialog_parent_class)->close_request (window);
        }
    }
  discard_and (self, TRUE);
  return TRUE;
}

/* ---- GObject ---- */

static void
fill_shapes (LhTrainDialog *self)
{
  const char *const *names = lh_ntuple_shape_names ();
  guint preferred = 0;

  self->shape_names = gtk_string_list_new (NULL);
  for (guint i = 0; names[i] != NULL; i++)
    {
      LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
      guint n_shapes;

      if (!lh_ntuple_shapes_lookup (names[i], self->geometry, shapes, &n_shapes, NULL))
        continue;
      /* 4x6 is the strongest that trains in minutes (Yeh et al. 2016). */
      if (g_str_equal (names[i], "4x6"))
        preferred = g_list_model_get_n_items (G_LIST_MODEL (self->shape_names));
      gtk_string_list_append (self->shape_names, names[i]);
    }
  adw_combo_row_set_model (self->shape_row, G_LIST_MODEL (self->shape_names));
  adw_combo_row_set_selected (self->shape_row, preferred);
  update_shape_subtitle (self);
}

static void
lh_train_dialog_dispose (GObject *object)
{
  LhTrainDialog *self = LH_TRAIN_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->job != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->job, self);
      lh_train_job_pause (self->job);
      g_clear_object (&self->job);
    }
  g_clear_object (&self->shape_names);
  G_OBJECT_CLASS (lh_train_dialog_parent_class)->dispose (object);
}

static void
lh_train_dialog_finalize (GObject *object)
{
  LhTrainDialog *self = LH_TRAIN_DIALOG (object);

  g_free (self->saved_path);
  G_OBJECT_CLASS (lh_train_dialog_parent_class)->finalize (object);
}

static void
lh_train_dialog_class_init (LhTrainDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = lh_train_dialog_dispose;
  object_class->finalize = lh_train_dialog_finalize;
  window_class->close_request = lh_train_dialog_close_request;

  /**
   * LhTrainDialog::use-network:
   * @path: (type filename): the weights file just saved
   * The person asked to play with this network (the toast's Use button).
   */
  signals[SIGNAL_USE_NETWORK] = g_signal_new ("use-network", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * LhTrainDialog::saved-on-close:
   * @path: (type filename): the weights file just saved
   * The network was saved from the question asked on closing, and the
   * dialog closes: the window offers to play with it (Use) instead.
   */
  signals[SIGNAL_SAVED_ON_CLOSE] = g_signal_new ("saved-on-close", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                                 G_TYPE_STRING);

  g_type_ensure (LH_TYPE_LEARNING_CURVE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/lookahead/Lookahead/lh-train-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, save_button);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, run_button);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, restart_button);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, settings_group);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, shape_row);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, games_spin);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, threads_spin);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, learning_row);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, alpha_spin);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, tc_switch);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, curve);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, LhTrainDialog, status_label);
}

static void
lh_train_dialog_init (LhTrainDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The wheel scrolls the page over a slider or a number without the focus. */
  lh_wheel_guard_attach_all (GTK_WIDGET (self));
  lh_toast_guard_attach (self->toast_overlay);
  self->job = lh_train_job_new ();
  gtk_spin_button_set_range (self->threads_spin, 1, MIN (LH_TD_MAX_JOBS, MAX (1, g_get_num_processors ())));
  gtk_spin_button_set_value (self->threads_spin, MAX (1, g_get_num_processors ()));
  g_signal_connect_object (self->job, "notify::state", G_CALLBACK (job_state_cb), self, 0);
  g_signal_connect_object (self->job, "progress", G_CALLBACK (job_progress_cb), self, 0);
  g_signal_connect_object (self->job, "failed", G_CALLBACK (job_failed_cb), self, 0);
  g_signal_connect_object (self->run_button, "clicked", G_CALLBACK (run_clicked_cb), self, 0);
  g_signal_connect_object (self->restart_button, "clicked", G_CALLBACK (restart_clicked_cb), self, 0);
  g_signal_connect_object (self->save_button, "clicked", G_CALLBACK (save_clicked_cb), self, 0);
  g_signal_connect_object (self->tc_switch, "notify::active", G_CALLBACK (tc_switch_cb), self, 0);
  g_signal_connect_object (self->shape_row, "notify::selected", G_CALLBACK (update_shape_subtitle), self,
                           G_CONNECT_SWAPPED);
}

LhTrainDialog *
lh_train_dialog_new (GtkWindow *parent, LhGeometry geometry)
{
  LhTrainDialog *self = g_object_new (LH_TYPE_TRAIN_DIALOG, "transient-for", parent, NULL);

  self->geometry = geometry;
  fill_shapes (self);
  update_controls (self);
  return self;
}

LhGeometry
lh_train_dialog_get_geometry (LhTrainDialog *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_DIALOG (self), LH_GEOMETRY_DEFAULT);
  return self->geometry;
}

GObject *
lh_train_dialog_get_job (LhTrainDialog *self)
{
  g_return_val_if_fail (LH_IS_TRAIN_DIALOG (self), NULL);
  return G_OBJECT (self->job);
}
