/* lh-review-item.c: one reviewed move (see lh-review-item.h). */
#include "lh-config.h"

#include "lh-review-item.h"

#include <glib/gi18n.h>

#include "lh-format.h"

struct _LhReviewItem {
  GObject      parent_instance;
  LhReviewMove move;
  char        *title;
  char        *description;
  char        *accessible_label;
};

G_DEFINE_FINAL_TYPE (LhReviewItem, lh_review_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NUMBER,
  PROP_TITLE,
  PROP_DESCRIPTION,
  PROP_ACCESSIBLE_LABEL,
  PROP_ERROR_CLASS,
  PROP_LUCK_CLASS,
  PROP_IS_MISTAKE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
describe (const LhReviewMove *move, LhReviewUnit unit)
{
  GString *text = g_string_new (NULL);

  if (move->n_legal <= 1)
    g_string_append (text, _("The only legal move."));
  else if (move->error <= 0.0)
    g_string_append (text, _("The best move."));
  else if (lh_review_amount_shows_zero (unit, move->error))
    /* TRANSLATORS: the move lost less than the amounts' last digit; %s the
     * AI's move ("Up") */
    g_string_append_printf (text, _("As good as the AI’s choice, %s, once rounded."),
                            lh_format_move_label (move->best));
  else
    {
      g_autofree char *amount = lh_review_format_amount (unit, move->error);
      const char *label = lh_error_class_get_name (move->error_class);

      if (move->error_class != LH_ERROR_NONE)
        /* TRANSLATORS: "The AI preferred Up: −1,240 expected points (mistake)." */
        g_string_append_printf (text, _("The AI preferred %s: −%s (%s)."),
                                lh_format_move_label (move->best), amount, label);
      else
        /* TRANSLATORS: "The AI preferred Up, by 12 expected points." */
        g_string_append_printf (text, _("The AI preferred %s, by %s."),
                                lh_format_move_label (move->best), amount);
    }
  if (move->luck_class != LH_LUCK_NONE)
    {
      g_autofree char *amount = lh_review_format_amount (unit, move->spawn_luck);
      const char *label = lh_luck_class_get_name (move->luck_class);

      g_string_append_c (text, ' ');
      if (move->spawn_luck > 0)
        /* TRANSLATORS: "The spawn after it was lucky: +2,300 expected points." */
        g_string_append_printf (text, _("The spawn after it was %s: +%s."), label, amount);
      else
        g_string_append_printf (text, _("The spawn after it was %s: −%s."), label, amount);
    }
  return g_string_free (text, FALSE);
}

LhReviewItem *
lh_review_item_new (const LhReviewMove *move, LhReviewUnit unit)
{
  LhReviewItem *self = g_object_new (LH_TYPE_REVIEW_ITEM, NULL);
  const char *mark = lh_error_class_get_mark (move->error_class);
  g_autofree char *amount = lh_review_format_amount (unit, move->error);

  self->move = *move;
  /* TRANSLATORS: "Move 143: Left ?" (the mark ?!, ? or ?? of a bad move) */
  self->title = g_strdup_printf (_("Move %u: %s%s%s"), move->index + 1,
                                 lh_format_move_label (move->played), mark[0] != '\0' ? " " : "", mark);
  self->description = describe (move, unit);
  if (move->error_class != LH_ERROR_NONE)
    /* TRANSLATORS: "Move 143, Left, mistake, lost 1,240 expected points" */
    self->accessible_label = g_strdup_printf (_("Move %u, %s, %s, lost %s"), move->index + 1,
                                              lh_format_move_label (move->played),
                                              lh_error_class_get_label (move->error_class), amount);
  else
    /* TRANSLATORS: "Move 12, Up" */
    self->accessible_label = g_strdup_printf (_("Move %u, %s"), move->index + 1,
                                              lh_format_move_label (move->played));
  return self;
}

const LhReviewMove *
lh_review_item_get_move (LhReviewItem *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_ITEM (self), NULL);
  return &self->move;
}

const char *
lh_review_item_get_description (LhReviewItem *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_ITEM (self), NULL);
  return self->description;
}

const char *
lh_review_item_get_accessible_label (LhReviewItem *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_ITEM (self), NULL);
  return self->accessible_label;
}

static void
lh_review_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhReviewItem *self = LH_REVIEW_ITEM (object);

  switch (prop_id)
    {
    case PROP_INDEX: g_value_set_uint (value, self->move.index); break;
    case PROP_NUMBER: g_value_set_uint (value, self->move.index + 1); break;
    case PROP_TITLE: g_value_set_string (value, self->title); break;
    case PROP_DESCRIPTION: g_value_set_string (value, self->description); break;
    case PROP_ACCESSIBLE_LABEL: g_value_set_string (value, self->accessible_label); break;
    case PROP_ERROR_CLASS: g_value_set_int (value, self->move.error_class); break;
    case PROP_LUCK_CLASS: g_value_set_int (value, self->move.luck_class); break;
    case PROP_IS_MISTAKE: g_value_set_boolean (value, self->move.error_class != LH_ERROR_NONE); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_item_finalize (GObject *object)
{
  LhReviewItem *self = LH_REVIEW_ITEM (object);

  g_free (self->title);
  g_free (self->description);
  g_free (self->accessible_label);
  G_OBJECT_CLASS (lh_review_item_parent_class)->finalize (object);
}

static void
lh_review_item_class_init (LhReviewItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = lh_review_item_get_property;
  object_class->finalize = lh_review_item_finalize;
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, flags);
  properties[PROP_ACCESSIBLE_LABEL] = g_param_spec_string ("accessible-label", NULL, NULL, NULL, flags);
  properties[PROP_ERROR_CLASS] = g_param_spec_int ("error-class", NULL, NULL, 0, LH_N_ERROR_CLASSES - 1,
                                                   0, flags);
  properties[PROP_LUCK_CLASS] = g_param_spec_int ("luck-class", NULL, NULL, 0, LH_N_LUCK_CLASSES - 1,
                                                  LH_LUCK_NONE, flags);
  properties[PROP_IS_MISTAKE] = g_param_spec_boolean ("is-mistake", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lh_review_item_init (LhReviewItem *self)
{
}
