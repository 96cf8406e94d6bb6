/* lh-tutor.c: the tutor, judging the person's moves as they come (see lh-tutor.h). */
#include "lh-config.h"

#include "lh-tutor.h"

#include <glib/gi18n.h>

#include "lh-format.h"
#include "lh-game-record.h"
#include "lh-review.h"

struct _LhTutor {
  GObject       parent_instance;

  GSettings    *settings;
  LhGameModel  *model;
  LhReview     *judge;      /* reviews the one move being judged */
  LhWideBoard   after;      /* the board the verdict is about (after the move) */
  guint         n_steps;    /* the game's moves then */
  int           move;       /* the judged move's index, or -1 */
  guint         n_judged;   /* moves judged, whatever the verdict */
  gboolean      active;
  char         *message;
};

G_DEFINE_FINAL_TYPE (LhTutor, lh_tutor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ACTIVE,
  PROP_MESSAGE,
  PROP_MOVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_verdict (LhTutor *self, int move, char *message)
{
  gboolean active = message != NULL;

  g_free (self->message);
  self->message = message != NULL ? message : g_strdup ("");
  self->move = move;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE]);
  if (self->active != active)
    {
      self->active = active;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* The class from which a move is flagged ("tutor-class"). */
static LhErrorClass
threshold (LhTutor *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "tutor-class");

  for (LhErrorClass c = LH_ERROR_INACCURACY; c < LH_N_ERROR_CLASSES; c++)
    if (g_str_equal (name, lh_error_class_to_string (c)))
      return c;
  return LH_ERROR_MISTAKE;
}

/* The judged move is known: a verdict when it is bad enough and the game
 * has not moved on. */
static void
judged_cb (GListModel *moves, guint position, guint removed, guint added, LhTutor *self)
{
  g_autoptr(LhReviewItem) item = NULL;
  const LhReviewMove *move;
  const LhGame *game = lh_game_model_get_game (self->model);
  g_autofree char *amount = NULL;
  guint n = 0;

  if (game != NULL)
    lh_game_get_steps (game, &n);
  if (g_list_model_get_n_items (moves) == 0 || game == NULL
      || lh_game_model_get_wide_board (self->model) != self->after || n != self->n_steps)
    return;
  item = g_list_model_get_item (moves, 0);
  move = lh_review_item_get_move (item);
  self->n_judged++;
  if (move->error_class == LH_ERROR_NONE || move->error_class < threshold (self))
    return;
  amount = lh_review_format_amount (move->unit, move->error);
  set_verdict (self, (int) self->n_steps - 1,
               /* TRANSLATORS: "Move 41: Left lost 1,240 expected points (mistake); the AI preferred Up." */
               g_strdup_printf (_("Move %u: %s lost %s (%s); the AI preferred %s."), self->n_steps,
                                lh_format_move_label (move->played), amount,
                                lh_error_class_get_name (move->error_class),
                                lh_format_move_label (move->best)));
}

static void
model_changed_cb (LhGameModel *model,
                  int          change,
                  int          played,
                  int          spawned_cell,
                  gconstpointer previous,
                  LhTutor     *self)
{
  const LhGame *game = lh_game_model_get_game (model);
  const LhGameStep *steps;
  guint n;
  g_autoptr(LhGameRecord) record = NULL;
  LhSolverParams params;

  lh_review_cancel (self->judge);
  if (self->active)
    set_verdict (self, -1, NULL);
  if (change != LH_GAME_MODEL_CHANGE_MOVE || game == NULL
      || !g_settings_get_boolean (self->settings, "tutor"))
    return;
  steps = lh_game_get_steps (game, &n);
  if (n == 0 || steps[n - 1].player != LH_PLAYER_PERSON)
    return;
  record = lh_game_record_new (lh_game_get_geometry (game), lh_game_get_rules (game),
                               steps[n - 1].before,
                               lh_game_get_score (game) - steps[n - 1].points, &steps[n - 1], 1, NULL);
  if (record == NULL)
    return;
  self->after = lh_game_get_wide_board (game);
  self->n_steps = n;
  lh_review_default_params (lh_game_get_geometry (game),
                            (guint) g_settings_get_int (self->settings, "review-depth"), &params);
  lh_review_start (self->judge, record, &params);
}

static void
settings_changed_cb (GSettings *settings, const char *key, LhTutor *self)
{
  if (g_str_equal (key, "tutor") && !g_settings_get_boolean (settings, "tutor"))
    {
      lh_review_cancel (self->judge);
      if (self->active)
        set_verdict (self, -1, NULL);
    }
}

LhTutor *
lh_tutor_new (GSettings *settings, LhGameModel *model)
{
  LhTutor *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (LH_IS_GAME_MODEL (model), NULL);

  self = g_object_new (LH_TYPE_TUTOR, NULL);
  self->settings = g_object_ref (settings);
  self->model = g_object_ref (model);
  g_signal_connect_object (settings, "changed", G_CALLBACK (settings_changed_cb), self, 0);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self, 0);
  return self;
}

gboolean
lh_tutor_get_active (LhTutor *self)
{
  g_return_val_if_fail (LH_IS_TUTOR (self), FALSE);
  return self->active;
}

const char *
lh_tutor_get_message (LhTutor *self)
{
  g_return_val_if_fail (LH_IS_TUTOR (self), NULL);
  return self->message;
}

guint
lh_tutor_get_n_judged (LhTutor *self)
{
  g_return_val_if_fail (LH_IS_TUTOR (self), 0);
  return self->n_judged;
}

void
lh_tutor_dismiss (LhTutor *self)
{
  g_return_if_fail (LH_IS_TUTOR (self));
  if (self->active)
    set_verdict (self, -1, NULL);
}

static void
lh_tutor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhTutor *self = LH_TUTOR (object);

  switch (prop_id)
    {
    case PROP_ACTIVE: g_value_set_boolean (value, self->active); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    case PROP_MOVE: g_value_set_int (value, self->move); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_tutor_dispose (GObject *object)
{
  LhTutor *self = LH_TUTOR (object);

  if (self->judge != NULL)
    lh_review_cancel (self->judge);
  g_clear_object (&self->judge);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lh_tutor_parent_class)->dispose (object);
}

static void
lh_tutor_finalize (GObject *object)
{
  g_free (LH_TUTOR (object)->message);
  G_OBJECT_CLASS (lh_tutor_parent_class)->finalize (object);
}

static void
lh_tutor_class_init (LhTutorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = lh_tutor_get_property;
  object_class->dispose = lh_tutor_dispose;
  object_class->finalize = lh_tutor_finalize;
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, read);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, "", read);
  properties[PROP_MOVE] = g_param_spec_int ("move", NULL, NULL, -1, G_MAXINT, -1, read);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lh_tutor_init (LhTutor *self)
{
  self->judge = lh_review_new ();
  self->move = -1;
  self->message = g_strdup ("");
  g_signal_connect_object (lh_review_get_moves (self->judge), "items-changed",
                           G_CALLBACK (judged_cb), self, 0);
}
