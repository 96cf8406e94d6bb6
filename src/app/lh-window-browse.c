/* lh-window-browse.c: the main board showing a position of the reviewed
 * game (GNU Backgammon's and Lichess's stepping through a game), and the
 * tutor's bar.
 *
 * While the review is "browsing" (LhReview: a move was chosen on its
 * graph, in its list, with its keys or Next Mistake), the analysis session
 * and the board look at a read-only model holding the position before the
 * chosen move (lh_game_model_new_view()): the board, the move values, the
 * tree and the expected line are the analysis of that position by the
 * game's reviewer (the same search as the review's, so they agree), with
 * the AI's best move and the move played marked (a solid and a dashed
 * arrow; "played" in the chart).  The bar over the board says the move in
 * words, with Try Again From Here and Back to Game; ← → Home End Page Up
 * Page Down n p step through the game from the board too, and Escape goes
 * back.  The game being played is untouched meanwhile (Undo, Step and
 * Auto-Play are off), and any change of it (a new game, Try Again) goes
 * back to it (lh-window.c).
 *
 * The tutor (LhTutor) judges the person's moves; its verdict shows in its
 * own bar with Undo. */
#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-window-private.h"
#include "lh-format.h"

/* The analysis looks at @model: on a reviewed position with the reviewer
 * (so the values, the tree and the arrows agree with the review's). */
static void
set_analysed_model (LhWindow *self, LhGameModel *model)
{
  LhSolverParams reviewer;
  gboolean browsing = model == self->browse_model;

  if (lh_analysis_get_model (self->analysis) == model)
    return;
  lh_analysis_stop (self->analysis, browsing ? _("A position of the reviewed game is shown") : NULL);
  lh_analysis_set_override (self->analysis,
                            browsing && lh_review_get_reviewer (self->review, &reviewer) ? &reviewer : NULL);
  lh_analysis_set_model (self->analysis, model);
}

/* The review's selection (or the game again) on the board. */
static void
update_browse (LhWindow *self)
{
  LhGameRecord *record = lh_review_get_record (self->review);
  int selected = lh_review_get_selected (self->review);
  int before = self->browse_index;
  const LhGameStep *step;

  if (!lh_review_get_browsing (self->review) || record == NULL || selected < 0)
    {
      self->browse_index = -1;
      if (before < 0)
        return;
      set_analysed_model (self, self->model);
      lh_board_view_set_played (self->board_view, LH_MOVE_NONE);
      lh_move_chart_set_played_move (self->move_chart, LH_MOVE_NONE);
      lh_window_show_position (self);
      return;
    }
  if (before == selected)
    return;
  self->browse_index = selected;
  step = lh_game_record_get_step (record, (guint) selected);
  /* The first move of a reviewed game is the position the window's
   * analysis is set to; the view's game is a copy of the record's. */
  lh_game_model_set_game (self->browse_model,
                          lh_game_record_to_game (record, (guint) selected, (guint64) g_get_real_time ()),
                          TRUE);
  set_analysed_model (self, self->browse_model);
  lh_board_view_set_played (self->board_view, step->move);
  lh_move_chart_set_played_move (self->move_chart, step->move);
  /* One move on: the move played, animated; else the position at once. */
  if (before >= 0 && selected == before + 1)
    {
      const LhGameStep *last = lh_game_record_get_step (record, (guint) before);

      lh_window_show_position (self);
      lh_board_view_animate_move (self->board_view, lh_game_record_get_wide_board (record, (guint) before),
                                  (LhMove) last->move,
                                  lh_game_record_get_wide_board (record, (guint) selected),
                                  last->spawn_cell);
    }
  else
    lh_window_show_position (self);
}

static void
review_changed_cb (LhReview *review, GParamSpec *pspec, gpointer user_data)
{
  update_browse (LH_WINDOW (user_data));
}

gboolean
lh_window_browse_key (LhWindow *self, guint keyval)
{
  if (!lh_review_get_browsing (self->review))
    return FALSE;
  if (keyval == GDK_KEY_Escape)
    {
      lh_review_set_browsing (self->review, FALSE);
      return TRUE;
    }
  return lh_review_step_key (self->review, keyval);
}

gboolean
lh_window_browse_refuse_move (LhWindow *self)
{
  if (!lh_review_get_browsing (self->review))
    return FALSE;
  lh_window_show_toast (self, _("This is a position of the reviewed game: ← and → step through it; "
                                "Try Again From Here plays from it; Escape goes back to your game."));
  return TRUE;
}

static void
review_back_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LhWindow *self = LH_WINDOW (user_data);

  lh_review_set_browsing (self->review, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
tutor_dismiss_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  lh_tutor_dismiss (LH_WINDOW (user_data)->tutor);
}

static void
update_review_back (LhWindow *self)
{
  g_simple_action_set_enabled (lh_window_lookup_action (self, "review-back"),
                               lh_review_get_browsing (self->review));
}

static void
browsing_cb (LhReview *review, GParamSpec *pspec, gpointer user_data)
{
  update_review_back (LH_WINDOW (user_data));
  lh_window_update_actions (LH_WINDOW (user_data));
  update_browse (LH_WINDOW (user_data));
}

static const GActionEntry browse_entries[] = {
  { "review-back", review_back_activated, NULL, NULL, NULL },
  { "tutor-dismiss", tutor_dismiss_activated, NULL, NULL, NULL },
};

void
lh_window_browse_init (LhWindow *self)
{
  g_autoptr(GAction) tutor = g_settings_create_action (self->settings, "tutor");
  g_autoptr(GAction) tutor_class = g_settings_create_action (self->settings, "tutor-class");

  self->browse_model = lh_game_model_new_view ();
  self->browse_index = -1;
  self->tutor = lh_tutor_new (self->settings, self->model);
  g_action_map_add_action_entries (G_ACTION_MAP (self), browse_entries,
                                   G_N_ELEMENTS (browse_entries), self);
  g_action_map_add_action (G_ACTION_MAP (self), tutor);
  g_action_map_add_action (G_ACTION_MAP (self), tutor_class);

  g_object_bind_property (self->review, "browsing", self->review_bar, "reveal-child", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->review, "position-text", self->review_bar_label, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->tutor, "active", self->tutor_bar, "reveal-child", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->tutor, "message", self->tutor_bar_label, "label", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->review, "notify::browsing", G_CALLBACK (browsing_cb), self, 0);
  g_signal_connect_object (self->review, "notify::selected", G_CALLBACK (review_changed_cb), self, 0);
  g_signal_connect_object (self->review, "notify::record", G_CALLBACK (review_changed_cb), self, 0);
  update_review_back (self);
}

void
lh_window_browse_dispose (LhWindow *self)
{
  g_clear_object (&self->tutor);
  g_clear_object (&self->browse_model);
}
