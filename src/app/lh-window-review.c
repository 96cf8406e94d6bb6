/* lh-window-review.c: the window's part of the review of a game: the
 * actions Review Game, Open Game…, Export Game… and Try Again From Here.
 * The review itself is the LhReview session (lh-review.h), shown by the
 * sidebar's Review page (LhReviewPanel), which is bound to it. */
#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-window-private.h"
#include "lh-format.h"
#include "lh-game-record.h"
#include "lh-review.h"
#include "lh-review-panel.h"
#include "lh-toast-guard.h"

/* The Review page, shown beside the board. */
static void
show_review_page (LhWindow *self)
{
  g_settings_set_string (self->settings, "side-page", "review");
  g_settings_set_boolean (self->settings, "sidebar-visible", TRUE);
}

static void
start_review (LhWindow *self, LhGameRecord *record)
{
  LhSolverParams params;

  lh_review_default_params (lh_game_record_get_geometry (record),
                            (guint) g_settings_get_int (self->settings, "review-depth"), &params);
  lh_review_start (self->review, record, &params);
  /* The first move is selected on the page; the board keeps the game until
   * a move is chosen (lh-window-browse.c). */
  lh_review_set_selected (self->review, 0);
  lh_review_set_browsing (self->review, FALSE);
  show_review_page (self);
}

void
lh_window_review_game (LhWindow *self)
{
  const LhGame *game = lh_game_model_get_game (self->model);
  g_autoptr(LhGameRecord) record = NULL;

  if (game == NULL)
    return;
  record = lh_game_record_new_from_game (game);
  if (lh_game_record_get_n_moves (record) == 0)
    {
      lh_window_show_toast (self, _("Play a move first: there is nothing to review yet."));
      return;
    }
  start_review (self, record);
}

static void
review_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  lh_window_review_game (LH_WINDOW (user_data));
}

static GtkFileFilter *
game_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game records"));
  gtk_file_filter_add_suffix (filter, "json");
  return filter;
}

static void
open_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGameRecord) record = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    return;
  record = lh_game_record_load (path, &error);
  if (record != NULL)
    {
    }
  if (record == NULL)
    {
      /* TRANSLATORS: %s says which file and what is wrong with it */
      g_autofree char *message = g_strdup_printf (_("The game could not be opened: %s"), error->message);

      lh_window_show_toast (self, message);
      return;
    }
  start_review (self, record);
}

static void
open_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = game_filter ();

  dialog = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (open_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
export_response_cb (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  const LhGame *game = lh_game_model_get_game (self->model);
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL || (path = g_file_get_path (file)) == NULL || game == NULL)
    return;
  {
    g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
    g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
    g_autofree char *date = g_date_time_format_iso8601 (now);
    g_autoptr(LhGameRecord) noted = lh_game_record_with_source (record, "Lookahead " PACKAGE_VERSION,
                                                                date);

    if (!lh_game_record_save (noted, path, &error))
      {
        g_autofree char *message = g_strdup_printf (_("The game could not be exported: %s"),
                                                    error->message);

        lh_window_show_toast (self, message);
        return;
      }
  }
  {
    g_autofree char *name = g_filename_display_basename (path);
    /* TRANSLATORS: %s the file's name */
    g_autofree char *message = g_strdup_printf (_("The game was exported to “%s”."), name);

    lh_window_show_toast (self, message);
  }
}

static void
export_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = game_filter ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *name = g_strdup_printf ("lookahead-game-%s.json", stamp);

  dialog = gtk_file_chooser_native_new (_("Export the Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Says @text in a toast that replaces the review's previous one (a second
 * try's verdict replaces the invitation, rather than wait behind it), with
 * a Next Mistake button when @next. */
static void
show_review_toast (LhWindow *self, const char *text, gboolean next)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (self->review_toast != NULL)
    adw_toast_dismiss (self->review_toast);
  g_set_weak_pointer (&self->review_toast, toast);
  adw_toast_set_timeout (toast, 10);
  if (next)
    {
      adw_toast_set_button_label (toast, _("_Next Mistake"));
      adw_toast_set_action_name (toast, "win.next-mistake-again");
    }
  lh_toast_guard_add_toast (self->toast_overlay, toast);
}

/* A new game from the position before the selected move (Lichess's "learn
 * from your mistakes"); the reviewed game stays in the review. */
static void
try_again_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);
  LhGameRecord *record = lh_review_get_record (self->review);
  int selected = lh_review_get_selected (self->review);
  g_autoptr(LhReviewItem) item = lh_review_get_selected_item (self->review);
  g_autofree char *message = NULL;

  if (record == NULL || selected < 0)
    return;
  lh_analysis_stop (self->analysis, _("A position of the reviewed game was set up"));
  {
    LhGame *game = lh_game_record_to_game (record, (guint) selected, (guint64) g_get_real_time ());

    /* A 2048 on the board was announced in the reviewed game already. */
    lh_game_model_set_game (self->model, game, lh_game_get_max_tile (game) >= 2048);
  }
  self->try_again_index = selected;
  if (item != NULL && lh_review_item_get_move (item)->error_class != LH_ERROR_NONE)
    {
      const LhReviewMove *move = lh_review_item_get_move (item);
      const char *label = lh_error_class_get_name (move->error_class);

      /* TRANSLATORS: "Move 143 again (Left was marked mistake): find a better move." */
      message = g_strdup_printf (_("Move %d again (%s was marked %s): find a better move."),
                                 selected + 1, lh_format_move_label (move->played), label);
    }
  else
    message = g_strdup_printf (_("Move %d again, from the reviewed game."), selected + 1);
  show_review_toast (self, message, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The mistake after @index, tried again at once. */
static void
next_mistake_again_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  if (lh_review_get_record (self->review) == NULL)
    return;
  if (!lh_review_select_mistake (self->review, TRUE))
    {
      lh_window_show_toast (self, _("No mistake is left after this one."));
      return;
    }
  g_action_group_activate_action (G_ACTION_GROUP (self), "try-again", NULL);
}

/* The second try of a move (Try Again From Here): judged by the reviewer's
 * values of that position, said in a toast that offers the next mistake. */
static void
model_changed_cb (LhGameModel *model,
                  int          change,
                  int          move,
                  int          spawned_cell,
                  gconstpointer previous,
                  LhWindow    *self)
{
  int index = self->try_again_index;
  g_autoptr(LhReviewItem) item = NULL;
  g_autofree char *amount = NULL;
  g_autofree char *text = NULL;
  const LhReviewMove *reviewed;
  LhErrorClass verdict;
  double error;

  if (change != LH_GAME_MODEL_CHANGE_MOVE || index < 0)
    {
      if (change != LH_GAME_MODEL_CHANGE_MOVE)
        self->try_again_index = -1;
      return;
    }
  self->try_again_index = -1;
  if (lh_review_get_record (self->review) == NULL
      || (guint) index >= g_list_model_get_n_items (lh_review_get_moves (self->review)))
    return;
  item = g_list_model_get_item (lh_review_get_moves (self->review), (guint) index);
  reviewed = lh_review_item_get_move (item);
  if (reviewed->board != *(const LhWideBoard *) previous)
    return;
  verdict = lh_review_move_try (reviewed, (LhMove) move, &error, NULL);
  amount = lh_review_format_amount (reviewed->unit, error);
  if (error <= 0.0)
    /* TRANSLATORS: "Up: the best move." */
    text = g_strdup_printf (_("%s: the best move."), lh_format_move_label (move));
  else if (verdict == LH_ERROR_NONE)
    /* TRANSLATORS: "Up: within an inaccuracy of the best (−120 expected points; the AI preferred Left)." */
    text = g_strdup_printf (_("%s: within an inaccuracy of the best (−%s; the AI preferred %s)."),
                            lh_format_move_label (move), amount, lh_format_move_label (reviewed->best));
  else
    {
      const char *label = lh_error_class_get_name (verdict);

      /* TRANSLATORS: "Up: still marked mistake (−1,240 expected points); the AI preferred Left." */
      text = g_strdup_printf (_("%s: still marked %s (−%s); the AI preferred %s."),
                              lh_format_move_label (move), label, amount,
                              lh_format_move_label (reviewed->best));
    }
  show_review_toast (self, text, lh_review_find_mistake (self->review, TRUE) >= 0);
}

static void
update_try_again (LhWindow *self)
{
  g_simple_action_set_enabled (lh_window_lookup_action (self, "try-again"),
                               lh_review_get_record (self->review) != NULL
                               && lh_review_get_selected (self->review) >= 0);
}

static void
review_selected_cb (LhReview *review, GParamSpec *pspec, gpointer user_data)
{
  update_try_again (LH_WINDOW (user_data));
}

static const GActionEntry review_entries[] = {
  { "review-game", review_game_activated, NULL, NULL, NULL },
  { "open-game", open_game_activated, NULL, NULL, NULL },
  { "export-game", export_game_activated, NULL, NULL, NULL },
  { "try-again", try_again_activated, NULL, NULL, NULL },
  { "next-mistake-again", next_mistake_again_activated, NULL, NULL, NULL },
};

void
lh_window_review_init (LhWindow *self)
{
  self->review = lh_review_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self), review_entries,
                                   G_N_ELEMENTS (review_entries), self);
  lh_review_panel_set_review (self->review_panel, self->review);
  g_signal_connect_object (self->review, "notify::selected", G_CALLBACK (review_selected_cb), self, 0);
  self->try_again_index = -1;
  g_signal_connect_object (self->model, "changed", G_CALLBACK (model_changed_cb), self, 0);
  update_try_again (self);
}
