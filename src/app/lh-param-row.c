/* lh-param-row.c: a slider and a value entry for one number (see lh-param-row.h). */
#include "lh-config.h"
#include "lh-param-row.h"
#include "lh-wheel-guard.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-accessible.h"

struct _LhParamRow
{
  AdwPreferencesRow parent_instance;

  GtkWidget     *box;
  GtkWidget     *title_label;
  GtkWidget     *scale;
  GtkWidget     *spin;
  GtkAdjustment *slider_adjustment;  /* slider-lower..slider-upper */
  GtkAdjustment *value_adjustment;   /* lower..upper: the value */
  guint          digits;
  gboolean       syncing;            /* inside a change of the other control */
  char          *context;            /* of the accessible name, or NULL */
};

G_DEFINE_FINAL_TYPE (LhParamRow, lh_param_row, ADW_TYPE_PREFERENCES_ROW)

enum {
  PROP_0,
  PROP_VALUE,
  PROP_LOWER,
  PROP_UPPER,
  PROP_SLIDER_LOWER,
  PROP_SLIDER_UPPER,
  PROP_STEP,
  PROP_DIGITS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double
round_to_digits (double value, guint digits)
{
  double scale = pow (10, MIN (digits, 12));

  return round (value * scale) / scale;
}

/* The slider moved (a person dragged it, or a key): its position is the
 * value.  Moves made while following the entry are not. */
static void
slider_changed_cb (GtkAdjustment *adjustment, LhParamRow *self)
{
  double before = gtk_adjustment_get_value (self->value_adjustment);

  if (self->syncing)
    return;
  self->syncing = TRUE;
  gtk_adjustment_set_value (self->value_adjustment,
                            round_to_digits (gtk_adjustment_get_value (adjustment), self->digits));
  self->syncing = FALSE;
  if (gtk_adjustment_get_value (self->value_adjustment) != before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

/* The value changed (entry, code or the slider): the slider follows, pinned
 * at its end for a value beyond its range. */
static void
value_changed_cb (GtkAdjustment *adjustment, LhParamRow *self)
{
  if (self->syncing)
    return;
  self->syncing = TRUE;
  gtk_adjustment_set_value (self->slider_adjustment, gtk_adjustment_get_value (adjustment));
  self->syncing = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

/* Every row's entry is as wide, so the sliders of a panel line up: seven
 * characters hold the values the sliders offer ("200000", "0.00010"); a
 * longer one typed in scrolls. */
#define ENTRY_WIDTH_CHARS 7

void
lh_param_row_configure (LhParamRow *self,
                        double      lower,
                        double      upper,
                        double      slider_lower,
                        double      slider_upper,
                        double      step,
                        guint       digits)
{
  double value, before;

  g_return_if_fail (LH_IS_PARAM_ROW (self));
  g_return_if_fail (lower <= upper);
  g_return_if_fail (step > 0);

  slider_lower = CLAMP (slider_lower, lower, upper);
  slider_upper = CLAMP (slider_upper, slider_lower, upper);
  before = gtk_adjustment_get_value (self->value_adjustment);
  value = CLAMP (before, lower, upper);
  self->digits = MIN (digits, 12);

  self->syncing = TRUE;
  gtk_adjustment_configure (self->value_adjustment, value, lower, upper, step, step * 10, 0);
  gtk_adjustment_configure (self->slider_adjustment, CLAMP (value, slider_lower, slider_upper),
                            slider_lower, slider_upper, step,
                            MAX (step, (slider_upper - slider_lower) / 10), 0);
  self->syncing = FALSE;

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->spin), self->digits);
  gtk_spin_button_set_increments (GTK_SPIN_BUTTON (self->spin), step, step * 10);
  gtk_range_set_round_digits (GTK_RANGE (self->scale), (int) self->digits);
  if (value != before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

GtkWidget *
lh_param_row_new (const char *title,
                  const char *tooltip,
                  double      lower,
                  double      upper,
                  double      slider_lower,
                  double      slider_upper,
                  double      step,
                  guint       digits)
{
  LhParamRow *self = g_object_new (LH_TYPE_PARAM_ROW, "title", title, "tooltip-text", tooltip, NULL);

  lh_param_row_configure (self, lower, upper, slider_lower, slider_upper, step, digits);
  gtk_adjustment_set_value (self->value_adjustment, lower);
  return GTK_WIDGET (self);
}

double
lh_param_row_get_value (LhParamRow *self)
{
  g_return_val_if_fail (LH_IS_PARAM_ROW (self), 0);
  return gtk_adjustment_get_value (self->value_adjustment);
}

void
lh_param_row_set_value (LhParamRow *self, double value)
{
  g_return_if_fail (LH_IS_PARAM_ROW (self));
  g_return_if_fail (isfinite (value));
  gtk_adjustment_set_value (self->value_adjustment, value);
}

GtkWidget *
lh_param_row_get_scale (LhParamRow *self)
{
  g_return_val_if_fail (LH_IS_PARAM_ROW (self), NULL);
  return self->scale;
}

GtkWidget *
lh_param_row_get_spin_button (LhParamRow *self)
{
  g_return_val_if_fail (LH_IS_PARAM_ROW (self), NULL);
  return self->spin;
}

/* The row and its controls are named after the row's title as shown
 * (without mnemonics), after the context when there is one: "Empty cells:
 * weight".  The title may come after init. */
static void
update_accessible_name (LhParamRow *self)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self));
  g_autofree char *shown = NULL;
  g_autofree char *name = NULL;

  shown = adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (self))
          ? lh_accessible_strip_mnemonic (title != NULL ? title : "")
          : g_strdup (title != NULL ? title : "");
  if (self->context != NULL && *shown != '\0')
    {
      g_autofree char *first = g_utf8_substring (shown, 0, 1);
      g_autofree char *lower = g_utf8_strdown (first, -1);

      /* Translators: the accessible name of a slider row: %1$s its group
       * ("Empty cells"), %2$s%3$s its title, first letter lowered ("weight") */
      name = g_strdup_printf (_("%1$s: %2$s%3$s"), self->context, lower,
                              g_utf8_next_char (shown));
    }
  else
    name = g_steal_pointer (&shown);
  /* AdwActionRow labels the row and its activatable widget (the slider) by
   * the title label as well: GTK 4.8 would read both ("Weight Weight"). */
  for (GtkWidget *const *w = (GtkWidget *const[]) { GTK_WIDGET (self), self->scale, self->spin, NULL };
       *w != NULL; w++)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (*w), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (*w), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
}

void
lh_param_row_set_accessible_context (LhParamRow *self, const char *context)
{
  g_return_if_fail (LH_IS_PARAM_ROW (self));

  if (context != NULL && *context == '\0')
    context = NULL;
  g_free (self->context);
  self->context = g_strdup (context);
  update_accessible_name (self);
}

static void
title_changed_cb (LhParamRow *self, GParamSpec *pspec, gpointer user_data)
{
  update_accessible_name (self);
}

static void
lh_param_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhParamRow *self = LH_PARAM_ROW (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_double (value, gtk_adjustment_get_value (self->value_adjustment));
      break;
    case PROP_LOWER:
      g_value_set_double (value, gtk_adjustment_get_lower (self->value_adjustment));
      break;
    case PROP_UPPER:
      g_value_set_double (value, gtk_adjustment_get_upper (self->value_adjustment));
      break;
    case PROP_SLIDER_LOWER:
      g_value_set_double (value, gtk_adjustment_get_lower (self->slider_adjustment));
      break;
    case PROP_SLIDER_UPPER:
      g_value_set_double (value, gtk_adjustment_get_upper (self->slider_adjustment));
      break;
    case PROP_STEP:
      g_value_set_double (value, gtk_adjustment_get_step_increment (self->value_adjustment));
      break;
    case PROP_DIGITS:
      g_value_set_uint (value, self->digits);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_param_row_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhParamRow *self = LH_PARAM_ROW (object);
  double lower = gtk_adjustment_get_lower (self->value_adjustment);
  double upper = gtk_adjustment_get_upper (self->value_adjustment);
  double slider_lower = gtk_adjustment_get_lower (self->slider_adjustment);
  double slider_upper = gtk_adjustment_get_upper (self->slider_adjustment);
  double step = gtk_adjustment_get_step_increment (self->value_adjustment);
  guint digits = self->digits;

  switch (prop_id)
    {
    case PROP_VALUE:
      lh_param_row_set_value (self, g_value_get_double (value));
      return;
    case PROP_LOWER:
      lower = g_value_get_double (value);
      upper = MAX (upper, lower);
      break;
    case PROP_UPPER:
      upper = g_value_get_double (value);
      lower = MIN (lower, upper);
      break;
    case PROP_SLIDER_LOWER:
      slider_lower = g_value_get_double (value);
      break;
    case PROP_SLIDER_UPPER:
      slider_upper = g_value_get_double (value);
      break;
    case PROP_STEP:
      step = g_value_get_double (value);
      break;
    case PROP_DIGITS:
      digits = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  /* Ranges set one by one (a .ui file): the slider's follows the entry's
   * until it is set itself. */
  lh_param_row_configure (self, lower, upper, slider_lower, MAX (slider_upper, slider_lower),
                          step, digits);
}

static void
lh_param_row_dispose (GObject *object)
{
  LhParamRow *self = LH_PARAM_ROW (object);

  if (self->slider_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->slider_adjustment, self);
  if (self->value_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->value_adjustment, self);
  g_clear_object (&self->slider_adjustment);
  g_clear_object (&self->value_adjustment);
  G_OBJECT_CLASS (lh_param_row_parent_class)->dispose (object);
}

static void
lh_param_row_finalize (GObject *object)
{
  LhParamRow *self = LH_PARAM_ROW (object);

  g_free (self->context);
  G_OBJECT_CLASS (lh_param_row_parent_class)->finalize (object);
}

static void
lh_param_row_class_init (LhParamRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = lh_param_row_get_property;
  object_class->set_property = lh_param_row_set_property;
  object_class->dispose = lh_param_row_dispose;
  object_class->finalize = lh_param_row_finalize;

  properties[PROP_VALUE] =
    g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOWER] =
    g_param_spec_double ("lower", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_UPPER] =
    g_param_spec_double ("upper", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 100,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SLIDER_LOWER] =
    g_param_spec_double ("slider-lower", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SLIDER_UPPER] =
    g_param_spec_double ("slider-upper", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 100,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_double ("step", NULL, NULL, G_MINDOUBLE, G_MAXDOUBLE, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIGITS] =
    g_param_spec_uint ("digits", NULL, NULL, 0, 12, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* Activating the row (a click on its title, its mnemonic) goes to the slider. */
static void
row_activated_cb (LhParamRow *self, gpointer user_data)
{
  gtk_widget_grab_focus (self->scale);
}

static void
lh_param_row_init (LhParamRow *self)
{
  GtkWidget *header;

  self->value_adjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 100, 1, 10, 0));
  self->slider_adjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 100, 1, 10, 0));

  /* Two lines, so a narrow sidebar never squeezes the title: the title and
   * the entry, then the slider across the row (as GNOME Settings' sliders). */
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (self->box, "param-row-box");
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->title_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->title_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->title_label), PANGO_WRAP_WORD);
  gtk_widget_set_hexpand (self->title_label, TRUE);
  gtk_widget_add_css_class (self->title_label, "title");
  self->scale = gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, self->slider_adjustment);
  gtk_scale_set_draw_value (GTK_SCALE (self->scale), FALSE);
  gtk_widget_add_css_class (self->scale, "param-slider");
  gtk_widget_set_hexpand (self->scale, TRUE);
  self->spin = gtk_spin_button_new (self->value_adjustment, 1, 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (self->spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->spin), ENTRY_WIDTH_CHARS);
  gtk_widget_set_valign (self->spin, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (header), self->title_label);
  gtk_box_append (GTK_BOX (header), self->spin);
  gtk_box_append (GTK_BOX (self->box), header);
  gtk_box_append (GTK_BOX (self->box), self->scale);
  /* The wheel scrolls the page over them unless they have the focus. */
  lh_wheel_guard_attach (self->scale);
  lh_wheel_guard_attach (self->spin);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (self), self->box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self), TRUE);
  g_signal_connect (self, "activate", G_CALLBACK (row_activated_cb), NULL);
  g_object_bind_property (self, "title", self->title_label, "label", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "use-underline", self->title_label, "use-underline", G_BINDING_SYNC_CREATE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (self->title_label), self->scale);
  gtk_widget_add_css_class (GTK_WIDGET (self), "param-row");

  g_signal_connect (self->slider_adjustment, "value-changed", G_CALLBACK (slider_changed_cb), self);
  g_signal_connect (self->value_adjustment, "value-changed", G_CALLBACK (value_changed_cb), self);
  g_signal_connect (self, "notify::title", G_CALLBACK (title_changed_cb), NULL);
  g_signal_connect (self, "notify::use-underline", G_CALLBACK (title_changed_cb), NULL);
  update_accessible_name (self);
}
