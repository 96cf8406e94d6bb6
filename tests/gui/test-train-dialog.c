/* test-train-dialog.c: the Train… dialog (lh-train-dialog.h) and its job
 * (lh-train-job.h) on an X display (xvfb-run), with a small network on a
 * 3x3 board so that runs take a second.
 *
 * Checked: the shapes offered fit the board; Start trains in the
 * background while the main loop runs, the learning curve and the status
 * follow the reports; Train More, Pause and Resume reach the games asked
 * for; the saved file loads back to the same values (int16 weights, within
 * the format's rounding); Start Over and closing ask before an unsaved
 * network is dropped, and Cancel keeps it.
 */
#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-learning-curve.h"
#include "lh-ntuple-file.h"
#include "lh-train-dialog.h"
#include "lh-train-job.h"
#include "lh-rng.h"

static const LhGeometry geometry = { 3, 3 };

static GtkWidget *
child (LhTrainDialog *dialog, const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog), LH_TYPE_TRAIN_DIALOG, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

static LhTrainJob *
job_of (LhTrainDialog *dialog)
{
  return LH_TRAIN_JOB (lh_train_dialog_get_job (dialog));
}

typedef struct {
  LhTrainJob      *job;
  LhTrainJobState  state;
} StateWait;

static gboolean
state_reached (gpointer data)
{
  StateWait *wait = data;

  return lh_train_job_get_state (wait->job) == wait->state;
}

static void
wait_for_state (LhTrainJob *job, LhTrainJobState state)
{
  StateWait wait = { job, state };

  g_assert_true (lh_gui_test_iterate_until (state_reached, &wait, 120000));
}

static void
click (LhTrainDialog *dialog, const char *button)
{
  GtkWidget *widget = child (dialog, button);

  g_assert_true (gtk_widget_get_visible (widget));
  g_assert_true (gtk_widget_is_sensitive (widget));
  g_signal_emit_by_name (widget, "clicked");
}

static const char *
button_label (LhTrainDialog *dialog, const char *button)
{
  return gtk_button_get_label (GTK_BUTTON (child (dialog, button)));
}

static void
store_result (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static LhTrainDialog *
new_dialog (void)
{
  LhTrainDialog *dialog = lh_train_dialog_new (NULL, geometry);

  gtk_window_present (GTK_WINDOW (dialog));
  lh_gui_test_iterate_for (200);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, "games_spin")), 400);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, "threads_spin")), 1);
  return dialog;
}

static void
test_shapes (void)
{
  LhTrainDialog *dialog = lh_train_dialog_new (NULL, geometry);
  AdwComboRow *row = ADW_COMBO_ROW (child (dialog, "shape_row"));
  GListModel *model = adw_combo_row_get_model (row);
  const char *subtitle;

  /* Only the sets that fit 3x3: the 4x4 ones (4x6, 8x6, 2x4+2x6) are not offered. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, "lines+squares");
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_assert_nonnull (strstr (subtitle, "tuples"));
  g_assert_nonnull (strstr (subtitle, "KiB"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_train_pause_resume_save (void)
{
  LhTrainDialog *dialog = new_dialog ();
  LhTrainJob *job = job_of (dialog);
  LhLearningCurve *curve = LH_LEARNING_CURVE (child (dialog, "curve"));
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lookahead-train-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "net.lhnet", NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(LhNtuple) loaded = NULL;
  LhNtupleFileInfo info = { 0 };
  guint64 target;
  LhRng rng;

  g_assert_no_error (error);
  g_assert_cmpstr (button_label (dialog, "run_button"), ==, "_Start");
  g_assert_false (gtk_widget_is_sensitive (child (dialog, "save_button")));

  click (dialog, "run_button");
  g_assert_cmpint (lh_train_job_get_state (job), ==, LH_TRAIN_JOB_RUNNING);
  g_assert_cmpstr (button_label (dialog, "run_button"), ==, "_Pause");
  g_assert_false (gtk_widget_is_sensitive (child (dialog, "shape_row")));
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, &target), ==, 400);
  g_assert_cmpuint (target, ==, 400);
  /* A report every 100 games (the least block), the last at 400. */
  g_assert_cmpuint (lh_learning_curve_get_n_points (curve), ==, 4);
  g_assert_cmpuint (lh_learning_curve_get_point (curve, 3)->games, ==, 400);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 3)->mean_score, >, 0);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (dialog, "status_label"))),
                            "Trained for 400 games"));
  g_assert_cmpstr (button_label (dialog, "run_button"), ==, "Train _More");
  g_assert_true (gtk_widget_is_sensitive (child (dialog, "save_button")));

  /* Train More adds the games asked for; pausing at once stops it.  So
   * many games that they take far longer than a loaded machine may keep
   * the test's thread from the second click (400 took 30 ms, and once
   * finished first). */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, "games_spin")), 5600);
  click (dialog, "run_button");
  lh_train_job_get_games (job, &target);
  g_assert_cmpuint (target, ==, 6000);
  click (dialog, "run_button");
  wait_for_state (job, LH_TRAIN_JOB_PAUSED);
  g_assert_cmpstr (button_label (dialog, "run_button"), ==, "_Resume");
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), <, 6000);
  click (dialog, "run_button");
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), ==, 6000);

  /* The saved file gives the values of the network trained. */
  g_assert_false (lh_train_job_get_saved (job));
  lh_train_job_save_async (job, path, NULL, store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (lh_train_job_save_finish (job, result, &error));
  g_assert_no_error (error);
  g_assert_true (lh_train_job_get_saved (job));
  loaded = lh_ntuple_file_load (path, &info, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info.games, ==, 6000);
  g_assert_nonnull (strstr (info.name, "lines+squares"));
  lh_rng_init (&rng, 7);
  for (guint i = 0; i < 200; i++)
    {
      LhBoard board = 0;
      float trained, back;

      for (guint r = 0; r < geometry.rows; r++)
        for (guint c = 0; c < geometry.cols; c++)
          board = lh_board_set_cell (board, r, c, lh_rng_below (&rng, 9));
      trained = lh_ntuple_evaluate (lh_train_job_get_network (job), board);
      back = lh_ntuple_evaluate (loaded, board);
      /* int16: each of the features within 1/65534 of its shape's largest weight. */
      g_assert_cmpfloat (fabsf (trained - back), <=, 1e-3f * MAX (1.0f, fabsf (trained)) + 0.5f);
    }
  lh_ntuple_file_info_clear (&info);

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_unlink (path);
  g_rmdir (dir);
}

/* Answers the question shown as a person does: the response, then the
 * dialog closes (adw_message_dialog_response() alone leaves it open). */
static void
answer (const char *response)
{
  GtkWindow *question = lh_gui_test_find_message_dialog ();

  g_assert_nonnull (question);
  /* Kept alive: closing the train dialog destroys it with its parent. */
  g_object_ref (question);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), response);
  gtk_window_destroy (question);
  g_object_unref (question);
}

static void
set_flag (GtkWidget *widget, gboolean *flag)
{
  *flag = TRUE;
}

/* Start Over and closing ask before dropping an unsaved network. */
static void
test_discard_asks (void)
{
  LhTrainDialog *dialog = new_dialog ();
  LhTrainJob *job = job_of (dialog);
  gboolean destroyed = FALSE;

  click (dialog, "run_button");
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  click (dialog, "run_button");   /* Train More */
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), ==, 800);

  click (dialog, "restart_button");
  answer ("cancel");
  lh_gui_test_iterate_for (100);
  g_assert_cmpint (lh_train_job_get_state (job), ==, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), ==, 800);

  click (dialog, "restart_button");
  answer ("discard");
  /* A new network, trained from game 0 to the 400 games asked for. */
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), ==, 400);

  /* Closing asks too; Cancel keeps the dialog. */
  g_signal_connect (dialog, "destroy", G_CALLBACK (set_flag), &destroyed);
  gtk_window_close (GTK_WINDOW (dialog));
  answer ("cancel");
  lh_gui_test_iterate_for (100);
  g_assert_false (destroyed);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  gtk_window_close (GTK_WINDOW (dialog));
  answer ("discard");
  lh_gui_test_iterate_for (200);
  g_assert_true (destroyed);
}

/* On 5x5 the dialog offers the sets that fit 5x5 and trains a wide network. */
static void
test_five_by_five (void)
{
  LhTrainDialog *dialog = lh_train_dialog_new (NULL, (LhGeometry) { 5, 5 });
  AdwComboRow *row = ADW_COMBO_ROW (child (dialog, "shape_row"));
  GListModel *model = adw_combo_row_get_model (row);
  LhTrainJob *job = job_of (dialog);
  guint small = G_MAXUINT;

  gtk_window_present (GTK_WINDOW (dialog));
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  for (guint i = 0; i < 2; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "lines+squares") == 0)
      small = i;
  g_assert_cmpuint (small, <, 2);
  adw_combo_row_set_selected (row, small);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, "games_spin")), 100);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, "threads_spin")), 1);
  click (dialog, "run_button");
  wait_for_state (job, LH_TRAIN_JOB_FINISHED);
  g_assert_cmpuint (lh_train_job_get_games (job, NULL), ==, 100);
  g_assert_true (lh_ntuple_is_wide (lh_train_job_get_network (job)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (dialog, "status_label"))),
                            "Trained for 100 games"));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/train-dialog/shapes", test_shapes);
  g_test_add_func ("/train-dialog/train-pause-resume-save", test_train_pause_resume_save);
  g_test_add_func ("/train-dialog/discard-asks", test_discard_asks);
  g_test_add_func ("/train-dialog/five-by-five", test_five_by_five);
  return g_test_run ();
}
