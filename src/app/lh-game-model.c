/* lh-game-model.c: an LhGame in a GObject (see lh-game-model.h). */
#include "lh-game-model.h"

struct _LhGameModel
{
  GObject  parent_instance;
  LhGame  *game;
  gboolean won;
  gboolean read_only;
  guint    n_games_started;
};

G_DEFINE_FINAL_TYPE (LhGameModel, lh_game_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SCORE,
  PROP_CAN_UNDO,
  PROP_IS_OVER,
  PROP_WON,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
lh_game_model_finalize (GObject *object)
{
  LhGameModel *self = LH_GAME_MODEL (object);

  g_clear_pointer (&self->game, lh_game_free);
  G_OBJECT_CLASS (lh_game_model_parent_class)->finalize (object);
}

static void
lh_game_model_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  LhGameModel *self = LH_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_SCORE:
      g_value_set_uint64 (value, lh_game_model_get_score (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, lh_game_model_can_undo (self));
      break;
    case PROP_IS_OVER:
      g_value_set_boolean (value, lh_game_model_is_over (self));
      break;
    case PROP_WON:
      g_value_set_boolean (value, self->won);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_game_model_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  LhGameModel *self = LH_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_WON:
      lh_game_model_set_won (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_game_model_class_init (LhGameModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = lh_game_model_finalize;
  object_class->get_property = lh_game_model_get_property;
  object_class->set_property = lh_game_model_set_property;

  properties[PROP_SCORE] =
    g_param_spec_uint64 ("score", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_OVER] =
    g_param_spec_boolean ("is-over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WON] =
    g_param_spec_boolean ("won", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LhGameModel::changed:
   * @change: an LhGameModelChange
   * @move: the move played (an LhMove) for LH_GAME_MODEL_CHANGE_MOVE, else -1
   * @spawned_cell: the spawned tile's cell, LH_GAME_CELL (row, col)
   *   (5 * row + col), or -1
   * @previous_board: (type gpointer): the board before the change, a
   *   `const LhWideBoard *` valid during the emission only (an empty
   *   board for the first game)
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_POINTER);
}

static void
lh_game_model_init (LhGameModel *self)
{
}

static guint64
choose_seed (LhGameModel *self)
{
  const char *env = g_getenv ("LOOKAHEAD_SEED");

  if (env != NULL && *env != '\0')
    {
      guint64 seed;
      g_autoptr(GError) error = NULL;

      if (g_ascii_string_to_unsigned (env, 10, 0, G_MAXUINT64, &seed, &error))
        return seed + self->n_games_started;
      g_warning ("LOOKAHEAD_SEED=%s is not a decimal number (%s); using a random seed",
                 env, error->message);
    }

  return ((guint64) g_random_int () << 32) | g_random_int ();
}

static void
notify_all (LhGameModel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_OVER]);
}

LhGameModel *
lh_game_model_new_empty (void)
{
  return g_object_new (LH_TYPE_GAME_MODEL, NULL);
}

LhGameModel *
lh_game_model_new (LhGeometry geometry)
{
  LhGameModel *self = g_object_new (LH_TYPE_GAME_MODEL, NULL);

  lh_game_model_new_game (self, geometry);
  return self;
}

void
lh_game_model_new_game (LhGameModel *self, LhGeometry geometry)
{
  g_return_if_fail (LH_IS_GAME_MODEL (self));
  g_return_if_fail (lh_wide_geometry_is_valid (geometry));

  lh_game_model_new_game_with_rules (self, geometry, lh_rules_default (geometry));
}

void
lh_game_model_new_game_with_rules (LhGameModel *self, LhGeometry geometry, LhRules rules)
{
  g_return_if_fail (LH_IS_GAME_MODEL (self));
  g_return_if_fail (lh_rules_accept (rules, geometry, 0));

  lh_game_model_set_game (self, lh_game_new_with_rules (geometry, rules, choose_seed (self)), FALSE);
  self->n_games_started++;
}

void
lh_game_model_set_game (LhGameModel *self, LhGame *game, gboolean won)
{
  LhWideBoard previous;

  g_return_if_fail (LH_IS_GAME_MODEL (self));
  g_return_if_fail (game != NULL);

  previous = self->game != NULL ? lh_game_get_wide_board (self->game) : 0;
  g_clear_pointer (&self->game, lh_game_free);
  self->game = game;

  g_object_freeze_notify (G_OBJECT (self));
  lh_game_model_set_won (self, won);
  notify_all (self);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[SIGNAL_CHANGED], 0,
                 LH_GAME_MODEL_CHANGE_NEW, LH_MOVE_NONE, -1, &previous);
}

gboolean
lh_game_model_move (LhGameModel *self, LhMove move, LhPlayer player, guint64 *points)
{
  LhWideBoard previous;
  int spawned_cell = -1;

  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);

  if (self->game == NULL || self->read_only)
    return FALSE;
  previous = lh_game_get_wide_board (self->game);
  if (!lh_game_move_by (self->game, move, player, points, &spawned_cell))
    return FALSE;

  notify_all (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0,
                 LH_GAME_MODEL_CHANGE_MOVE, (int) move, spawned_cell, &previous);
  return TRUE;
}

gboolean
lh_game_model_undo (LhGameModel *self)
{
  LhWideBoard previous;

  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);

  if (self->game == NULL || self->read_only)
    return FALSE;
  previous = lh_game_get_wide_board (self->game);
  if (!lh_game_undo (self->game))
    return FALSE;

  notify_all (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0,
                 LH_GAME_MODEL_CHANGE_UNDO, LH_MOVE_NONE, -1, &previous);
  return TRUE;
}

const LhGame *
lh_game_model_get_game (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), NULL);
  return self->game;
}

LhBoard
lh_game_model_get_board (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), 0);
  return self->game != NULL ? lh_game_get_board (self->game) : 0;
}

LhWideBoard
lh_game_model_get_wide_board (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), 0);
  return self->game != NULL ? lh_game_get_wide_board (self->game) : 0;
}

LhRules
lh_game_model_get_rules (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), LH_RULES_2048_CAPPED);
  return self->game != NULL ? lh_game_get_rules (self->game) : LH_RULES_2048_CAPPED;
}

LhGeometry
lh_game_model_get_geometry (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), LH_GEOMETRY_DEFAULT);
  return self->game != NULL ? lh_game_get_geometry (self->game) : LH_GEOMETRY_DEFAULT;
}

guint64
lh_game_model_get_score (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), 0);
  return self->game != NULL ? lh_game_get_score (self->game) : 0;
}

gboolean
lh_game_model_can_undo (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);
  return self->game != NULL && !self->read_only && lh_game_can_undo (self->game);
}

gboolean
lh_game_model_is_over (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);
  return self->game != NULL && lh_game_is_over (self->game);
}

gboolean
lh_game_model_get_won (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);
  return self->won;
}

void
lh_game_model_set_won (LhGameModel *self, gboolean won)
{
  g_return_if_fail (LH_IS_GAME_MODEL (self));

  won = !!won;
  if (self->won == won)
    return;
  self->won = won;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WON]);
}

LhGameModel *
lh_game_model_new_view (void)
{
  LhGameModel *self = g_object_new (LH_TYPE_GAME_MODEL, NULL);

  self->read_only = TRUE;
  return self;
}

gboolean
lh_game_model_get_read_only (LhGameModel *self)
{
  g_return_val_if_fail (LH_IS_GAME_MODEL (self), FALSE);
  return self->read_only;
}
