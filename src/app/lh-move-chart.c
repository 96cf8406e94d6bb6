/* lh-move-chart.c: the bar chart of move values (see lh-move-chart.h). */
#include "lh-move-chart.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

/* Row height and gaps, px; the bar of the smallest legal value gets this
 * fraction of the bar width so it is still seen. */
#define ROW_HEIGHT 22
#define ROW_GAP 4
#define PADDING 6
#define MIN_BAR_FRACTION 0.06

struct _LhMoveChart
{
  GtkWidget parent_instance;

  gboolean  has_values;
  gboolean  legal[LH_N_MOVES];
  double    values[LH_N_MOVES];
  guint64   visits[LH_N_MOVES];
  int       chosen;
};

G_DEFINE_FINAL_TYPE (LhMoveChart, lh_move_chart, GTK_TYPE_WIDGET)

static const char *
move_name (guint move)
{
  switch (move)
    {
    case LH_MOVE_UP: return _("Up");
    case LH_MOVE_DOWN: return _("Down");
    case LH_MOVE_LEFT: return _("Left");
    case LH_MOVE_RIGHT: return _("Right");
    default: g_return_val_if_reached ("");
    }
}

static void
lookup_colour (GtkWidget *widget, const char *name, const char *fallback, GdkRGBA *rgba)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *context = gtk_widget_get_style_context (widget);

  if (!gtk_style_context_lookup_color (context, name, rgba))
    gdk_rgba_parse (rgba, fallback);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static PangoLayout *
make_layout (GtkWidget *widget, const char *text, gboolean bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);

  if (bold)
    {
      PangoAttrList *attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

static void
append_layout_at (GtkSnapshot *snapshot, PangoLayout *layout, double x, double y_centre,
                  const GdkRGBA *colour)
{
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y_centre - h / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

/* Decimals that tell the legal values apart: values are often thousands of
 * points apart by less than one (0 to 3 decimals). */
static int
value_decimals (LhMoveChart *self)
{
  double spread = INFINITY;

  for (guint a = 0; a < LH_N_MOVES; a++)
    for (guint b = a + 1; b < LH_N_MOVES; b++)
      if (self->legal[a] && self->legal[b] && self->values[a] != self->values[b])
        spread = MIN (spread, fabs (self->values[a] - self->values[b]));
  if (!isfinite (spread) || spread >= 10)
    return 0;
  return CLAMP ((int) ceil (-log10 (spread)) + 1, 1, 3);
}

static char *
format_value (LhMoveChart *self, double value)
{
  return g_strdup_printf ("%'.*f", value_decimals (self), value);
}

/* @value rounded as its label shows it: the bars differ only where the
 * numbers do (a difference below the last decimal shown is noise of the
 * renormalised means, and stretched over the chart's width would look
 * like a real one). */
static double
shown_value (LhMoveChart *self, double value)
{
  double scale = pow (10, value_decimals (self));

  return round (value * scale) / scale;
}

/* The "N visits" label of move @m (MCTS), or NULL when it has none. */
static PangoLayout *
make_visits_layout (LhMoveChart *self, GtkWidget *widget, guint m)
{
  g_autofree char *count = NULL;
  g_autofree char *text = NULL;

  if (self->visits[m] == 0)
    return NULL;
  count = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->visits[m]);
  /* Translators: MCTS visits of a move in the bar chart; %s a number */
  text = g_strdup_printf (_("%s visits"), count);
  return make_layout (widget, text, FALSE);
}

static void
lh_move_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhMoveChart *self = LH_MOVE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  GdkRGBA fg, accent, bar, dim;
  double lo = INFINITY, hi = -INFINITY;
  int name_width = 0, value_width = 0;
  double bar_x, bar_w;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  lookup_colour (widget, "accent_bg_color", "#3584e4", &accent);
  bar = fg;
  bar.alpha = 0.25f;
  dim = fg;
  dim.alpha = 0.55f;

  /* Column widths from the widest name and value label. */
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_autoptr(PangoLayout) name = make_layout (widget, move_name (m), TRUE);
      int w, h;

      pango_layout_get_pixel_size (name, &w, &h);
      name_width = MAX (name_width, w);
      if (self->has_values && self->legal[m])
        {
          g_autofree char *text = format_value (self, self->values[m]);
          g_autoptr(PangoLayout) value = make_layout (widget, text, TRUE);
          g_autoptr(PangoLayout) visits = make_visits_layout (self, widget, m);
          int label_width;

          /* The labels after a bar: the value, and MCTS's visits. */
          pango_layout_get_pixel_size (value, &w, &h);
          label_width = w;
          if (visits != NULL)
            {
              pango_layout_get_pixel_size (visits, &w, &h);
              label_width += PADDING + w;
            }
          value_width = MAX (value_width, label_width);
          lo = MIN (lo, shown_value (self, self->values[m]));
          hi = MAX (hi, shown_value (self, self->values[m]));
        }
    }

  bar_x = PADDING + name_width + 2 * PADDING;
  bar_w = MAX (8.0, width - bar_x - PADDING - value_width - 2 * PADDING);

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      double y = PADDING + m * (ROW_HEIGHT + ROW_GAP);
      double yc = y + ROW_HEIGHT / 2.0;
      gboolean chosen = self->has_values && (int) m == self->chosen;
      g_autoptr(PangoLayout) name = make_layout (widget, move_name (m), chosen);

      append_layout_at (snapshot, name, PADDING, yc, self->has_values && !self->legal[m] ? &dim : &fg);

      if (!self->has_values)
        continue;
      if (!self->legal[m])
        {
          /* Translators: shown in the bar chart for a move that changes nothing */
          g_autoptr(PangoLayout) text = make_layout (widget, _("not possible"), FALSE);
          append_layout_at (snapshot, text, bar_x, yc, &dim);
          continue;
        }
      else
        {
          double fraction = hi > lo ? MIN_BAR_FRACTION + (1 - MIN_BAR_FRACTION)
                                                         * (shown_value (self, self->values[m]) - lo) / (hi - lo)
                                    : 1.0;
          double w = MAX (2.0, bar_w * fraction);
          g_autofree char *text = format_value (self, self->values[m]);
          g_autoptr(PangoLayout) value = make_layout (widget, text, chosen);
          GskRoundedRect rect;
          double label_x = bar_x + w + PADDING;

          gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (bar_x, y + 3, w, ROW_HEIGHT - 6), 3);
          gtk_snapshot_push_rounded_clip (snapshot, &rect);
          gtk_snapshot_append_color (snapshot, chosen ? &accent : &bar, &rect.bounds);
          gtk_snapshot_pop (snapshot);
          append_layout_at (snapshot, value, label_x, yc, &fg);

          if (self->visits[m] > 0)
            {
              g_autoptr(PangoLayout) visits = make_visits_layout (self, widget, m);
              int vw, vh;

              pango_layout_get_pixel_size (value, &vw, &vh);
              append_layout_at (snapshot, visits, label_x + vw + PADDING, yc, &dim);
            }
        }
    }
}

static void
lh_move_chart_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 300;
    }
  else
    *minimum = *natural = 2 * PADDING + LH_N_MOVES * ROW_HEIGHT + (LH_N_MOVES - 1) * ROW_GAP;
}

/* The chart in words for screen readers. */
static void
update_description (LhMoveChart *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!self->has_values)
    g_string_append (text, _("No search yet."));
  for (guint m = 0; self->has_values && m < LH_N_MOVES; m++)
    {
      if (m > 0)
        g_string_append (text, " ");
      if (!self->legal[m])
        /* Translators: %s a move (Up, Down...) */
        g_string_append_printf (text, _("%s: not possible."), move_name (m));
      else
        {
          g_autofree char *value = format_value (self, self->values[m]);
          /* Translators: %s a move (Up, Down...), %s its value in points */
          g_string_append_printf (text, _("%s: %s."), move_name (m), value);
        }
    }
  if (self->has_values && self->chosen >= 0 && self->chosen < LH_N_MOVES)
    /* Translators: %s the move the AI chose */
    g_string_append_printf (text, _(" Chosen: %s."), move_name ((guint) self->chosen));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

void
lh_move_chart_set_values (LhMoveChart    *self,
                          const gboolean  legal[LH_N_MOVES],
                          const double    values[LH_N_MOVES],
                          const guint64  *visits,
                          int             chosen)
{
  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (legal != NULL && values != NULL);

  self->has_values = TRUE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      self->legal[m] = !!legal[m];
      self->values[m] = legal[m] && isfinite (values[m]) ? values[m] : 0;
      self->visits[m] = visits != NULL ? visits[m] : 0;
    }
  self->chosen = chosen;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_move_chart_clear (LhMoveChart *self)
{
  g_return_if_fail (LH_IS_MOVE_CHART (self));

  self->has_values = FALSE;
  self->chosen = LH_MOVE_NONE;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lh_move_chart_get_value (LhMoveChart *self, LhMove move, double *value)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), FALSE);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, FALSE);

  if (!self->has_values || !self->legal[move])
    return FALSE;
  if (value != NULL)
    *value = self->values[move];
  return TRUE;
}

int
lh_move_chart_get_chosen (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), LH_MOVE_NONE);
  return self->has_values ? self->chosen : LH_MOVE_NONE;
}

static void
lh_move_chart_class_init (LhMoveChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = lh_move_chart_snapshot;
  widget_class->measure = lh_move_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "movechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_move_chart_init (LhMoveChart *self)
{
  self->chosen = LH_MOVE_NONE;
  update_description (self);
}

GtkWidget *
lh_move_chart_new (void)
{
  return g_object_new (LH_TYPE_MOVE_CHART, NULL);
}
