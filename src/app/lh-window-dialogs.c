/* lh-window-dialogs.c: the window's message dialogs: the question before a
 * new game throws a game away, 2048 and Game Over, the details of a save
 * that could not be restored, and the question when closing cannot save
 * (see lh-window.h). */
#include "lh-config.h"
#include "lh-window-private.h"

#include <glib/gi18n.h>

#include "lh-accessible.h"
#include "lh-game-store.h"

/* The tile whose first appearance is announced. */
#define WINNING_TILE 2048

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
  lh_accessible_fix_mnemonic_names (GTK_WIDGET (dialog));
  self->dialog = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* ---- the game ----------------------------------------------------------- */

void
lh_window_start_new_game (LhWindow *self, LhGeometry geometry)
{
  LhRules rules = lh_rules_default (geometry);

  lh_analysis_stop (self->analysis, _("A new game started"));
  g_settings_set_int (self->settings, "board-rows", geometry.rows);
  g_settings_set_int (self->settings, "board-cols", geometry.cols);
  /* Up to 4x4, the capped rules unless the person chose the original ones. */
  if (g_settings_get_boolean (self->settings, "original-rules"))
    rules = LH_RULES_2048;
  lh_game_model_new_game_with_rules (self->model, geometry, rules);
}

static void
confirm_new_game_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "new") == 0)
    lh_window_start_new_game (self, self->pending_geometry);
}

/* Starts a new game of @geometry, after asking when that would throw away
 * a game in progress. */
void
lh_window_request_new_game (LhWindow *self, LhGeometry geometry)
{
  static const Response responses[] = {
    { "cancel", N_("_Cancel"), ADW_RESPONSE_DEFAULT },
    { "new", N_("_New Game"), ADW_RESPONSE_DESTRUCTIVE },
  };
  const LhGame *game = lh_game_model_get_game (self->model);
  Response translated[G_N_ELEMENTS (responses)];

  if (game == NULL || lh_game_get_n_moves (game) == 0 || lh_game_model_is_over (self->model))
    {
      lh_window_start_new_game (self, geometry);
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    translated[i] = (Response) { responses[i].id, _(responses[i].label), responses[i].appearance };
  self->pending_geometry = geometry;
  if (lh_geometry_equal (geometry, lh_game_model_get_geometry (self->model)))
    present_dialog (self, _("Start a New Game?"),
                    _("The current game will be lost."),
                    translated, G_N_ELEMENTS (translated), "cancel", "cancel",
                    G_CALLBACK (confirm_new_game_cb));
  else
    {
      LhGeometry now = lh_game_model_get_geometry (self->model);
      /* Translators: %u×%u the new board size, %u×%u the current one */
      g_autofree char *body = g_strdup_printf (_("The new game is played on a %u×%u board instead of %u×%u. "
                                                 "The current game will be lost."),
                                               geometry.rows, geometry.cols, now.rows, now.cols);

      present_dialog (self, _("Start a New Game?"), body,
                      translated, G_N_ELEMENTS (translated), "cancel", "cancel",
                      G_CALLBACK (confirm_new_game_cb));
    }
}

static void
end_dialog_response_cb (AdwMessageDialog *dialog, const char *response, LhWindow *self)
{
  if (g_strcmp0 (response, "new") == 0)
    lh_window_start_new_game (self, lh_game_model_get_geometry (self->model));  /* chosen: no question */
  else if (g_strcmp0 (response, "undo") == 0)
    lh_game_model_undo (self->model);
  else if (g_strcmp0 (response, "review") == 0)
    lh_window_review_game (self);
  else if (g_strcmp0 (response, "keep") == 0 && lh_game_model_is_over (self->model))
    /* The move that made 2048 was also the last one possible. */
    lh_window_announce_over (self);
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

void
lh_window_announce_over (LhWindow *self)
{
  g_autofree char *body = NULL;
  char score[32], tile[32];
  const Response responses[] = {
    { "undo", _("_Undo"), ADW_RESPONSE_DEFAULT },
    { "review", _("_Review Game"), ADW_RESPONSE_DEFAULT },
    { "new", _("_New Game"), ADW_RESPONSE_SUGGESTED },
  };

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->announce_over_on_map = TRUE;  /* a restored game that is over */
      return;
    }
  g_snprintf (score, sizeof score, "%" G_GUINT64_FORMAT, lh_game_model_get_score (self->model));
  g_snprintf (tile, sizeof tile, "%" G_GUINT64_FORMAT,
              lh_game_get_max_tile (lh_game_model_get_game (self->model)));
  /* Translators: the score, then the largest tile's value */
  body = g_strdup_printf (_("No move is left. You scored %s points; the largest tile is %s."),
                          score, tile);
  /* Undo is offered only when there is something to undo. */
  present_dialog (self, _("Game Over"), body,
                  lh_game_model_can_undo (self->model) ? responses : responses + 1,
                  lh_game_model_can_undo (self->model) ? 3 : 2,
                  "new", "close", G_CALLBACK (end_dialog_response_cb));
}

void
lh_window_check_end (LhWindow *self)
{
  const LhGame *game = lh_game_model_get_game (self->model);
  gboolean reached = !lh_game_model_get_won (self->model) && lh_game_get_max_tile (game) >= WINNING_TILE;
  gboolean over = lh_game_model_is_over (self->model);

  if (reached)
    {
      /* If the game is over too, "Keep Playing" shows Game Over next. */
      lh_analysis_stop (self->analysis, _("Reached 2048"));
      lh_game_model_set_won (self->model, TRUE);
      announce_won (self);
    }
  else if (over)
    {
      lh_analysis_stop (self->analysis, _("The game is over"));
      lh_window_announce_over (self);
    }
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

void
lh_window_show_restore_details (LhWindow *self)
{
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

/* Saves the game before the window closes; when it cannot be saved, asks
 * (Retry / Quit Without Saving / Cancel).  Returns: TRUE to keep the window
 * open for now. */
gboolean
lh_window_close_or_ask (LhWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  const Response responses[] = {
    { "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT },
    { "discard", _("_Quit Without Saving"), ADW_RESPONSE_DESTRUCTIVE },
    { "retry", _("_Retry"), ADW_RESPONSE_SUGGESTED },
  };

  if (self->close_confirmed)
    return FALSE;
  lh_analysis_stop (self->analysis, NULL);
  if (lh_game_store_save_now (self->store, &error))
    return FALSE;

  /* Closing now would lose the game: ask. */
  g_message ("Could not save the game: %s", error->message);
  body = g_strdup_printf (_("%s\n\nIf you quit now, the game is lost."), error->message);
  present_dialog (self, _("The Game Could Not Be Saved"), body,
                  responses, G_N_ELEMENTS (responses), "retry", "cancel",
                  G_CALLBACK (close_save_failed_cb));
  return TRUE;
}
