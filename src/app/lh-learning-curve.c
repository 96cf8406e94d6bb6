/* lh-learning-curve.c: a learning curve, drawn as training goes (see
 * lh-learning-curve.h). */
#include "lh-config.h"
#include "lh-learning-curve.h"
#include "lh-theme-colour.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-format.h"

#define PAD 8.0           /* around the plot, px */
#define TICK_GAP 6.0      /* between an axis label and the plot */
#define MAX_TICKS_Y 5
#define MIN_TICK_SPACING_X 70.0  /* px between x labels at least */

struct _LhLearningCurve {
  GtkWidget parent_instance;

  GArray   *points;        /* LhLearningCurvePoint */
  double    pointer_x;     /* widget coordinates; NAN when outside */
};

G_DEFINE_FINAL_TYPE (LhLearningCurve, lh_learning_curve, GTK_TYPE_WIDGET)

/* The four lines: what they show, in drawing order (shares first, so the
 * mean score is on top). */
typedef enum { LINE_2048, LINE_8192, LINE_16384, LINE_SCORE, N_LINES } Line;

static double
line_value (const LhLearningCurvePoint *p, Line line)
{
  switch (line)
    {
    case LINE_2048: return p->share_2048;
    case LINE_8192: return p->share_8192;
    case LINE_16384: return p->share_16384;
    case LINE_SCORE:
    default: return p->mean_score;
    }
}

static const char *
line_label (Line line)
{
  switch (line)
    {
    /* Translators: legend of the learning curve: the share of games that reached the tile */
    case LINE_2048: return _("reached 2048");
    /* Translators: legend of the learning curve */
    case LINE_8192: return _("reached 8192");
    /* Translators: legend of the learning curve */
    case LINE_16384: return _("reached 16384");
    /* Translators: legend of the learning curve: the mean final score of a block of games */
    case LINE_SCORE:
    default: return _("mean score");
    }
}

static void
line_colour (GtkWidget *widget, Line line, GdkRGBA *rgba)
{
  static const char *const names[N_LINES][2] = {
    { "success_color", "#26a269" },
    { "warning_color", "#cd9309" },
    { "error_color", "#c01c28" },
    { "accent_color", "#1c71d8" },
  };

  lh_theme_colour (widget, names[line][0], names[line][1], rgba);
}

/* ---- Scales ---- */

double
lh_learning_curve_axis_step (double top, guint n_ticks)
{
  double raw, magnitude, fraction;

  g_return_val_if_fail (top > 0 && isfinite (top), 1.0);
  g_return_val_if_fail (n_ticks >= 2, 1.0);
  raw = top / n_ticks;
  magnitude = pow (10.0, floor (log10 (raw)));
  fraction = raw / magnitude;
  /* The smallest of 1, 2, 5, 10 (times the magnitude) not below the raw step. */
  if (fraction <= 1.0)
    return magnitude;
  if (fraction <= 2.0)
    return 2.0 * magnitude;
  if (fraction <= 5.0)
    return 5.0 * magnitude;
  return 10.0 * magnitude;
}

typedef struct {
  double x0, y0, x1, y1;   /* the plot's rectangle, px */
  double games_top;        /* the x axis: 0 to games_top */
  double games_step;
  double score_top;        /* the left axis: 0 to score_top */
  double score_step;
} Frame;

static double
frame_x (const Frame *f, double games)
{
  return f->x0 + (f->x1 - f->x0) * games / f->games_top;
}

static double
frame_y (const Frame *f, Line line, double value)
{
  double top = line == LINE_SCORE ? f->score_top : 1.0;

  return f->y1 - (f->y1 - f->y0) * CLAMP (value / top, 0.0, 1.0);
}

static PangoLayout *
make_label (GtkWidget *widget, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static int
label_width (GtkWidget *widget, const char *text, int *height)
{
  g_autoptr(PangoLayout) layout = make_label (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (height != NULL)
    *height = h;
  return w;
}

static char *
games_label (double games)
{
  return lh_format_compact (games, FALSE);
}

static char *
share_label (double share)
{
  /* Translators: a share on the learning curve's right axis, "50 %" */
  return g_strdup_printf (_("%.0f %%"), 100.0 * share);
}

static void
compute_frame (LhLearningCurve *self, double width, double height, int legend_height, Frame *f)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const LhLearningCurvePoint *last = &g_array_index (self->points, LhLearningCurvePoint, self->points->len - 1);
  double best = 0;
  int text_h = 0, left_w = 0, right_w;
  double score_ticks;

  for (guint i = 0; i < self->points->len; i++)
    best = MAX (best, g_array_index (self->points, LhLearningCurvePoint, i).mean_score);
  f->score_step = lh_learning_curve_axis_step (MAX (best, 1.0), MAX_TICKS_Y);
  score_ticks = ceil (MAX (best, 1.0) / f->score_step);
  f->score_top = score_ticks * f->score_step;
  for (double v = 0; v <= f->score_top + f->score_step / 2; v += f->score_step)
    {
      g_autofree char *text = lh_format_compact (v, FALSE);

      left_w = MAX (left_w, label_width (widget, text, &text_h));
    }
  {
    g_autofree char *text = share_label (1.0);

    right_w = label_width (widget, text, NULL);
  }
  f->x0 = PAD + left_w + TICK_GAP;
  f->x1 = MAX (f->x0 + 1, width - PAD - right_w - TICK_GAP);
  f->y0 = PAD + legend_height + PAD;
  f->y1 = MAX (f->y0 + 1, height - PAD - text_h - TICK_GAP);

  /* The x axis: as many round steps as fit the width. */
  {
    guint n = (guint) CLAMP ((f->x1 - f->x0) / MIN_TICK_SPACING_X, 2, 10);
    double games = MAX ((double) last->games, 1.0);

    f->games_step = lh_learning_curve_axis_step (games, n);
    f->games_top = ceil (games / f->games_step) * f->games_step;
  }
}

/* The index of the point nearest to widget x @x, or -1. */
static int
nearest_point (LhLearningCurve *self, const Frame *f, double x)
{
  int best = -1;
  double best_distance = INFINITY;

  for (guint i = 0; i < self->points->len; i++)
    {
      double d = fabs (frame_x (f, (double) g_array_index (self->points, LhLearningCurvePoint, i).games) - x);

      if (d < best_distance)
        {
          best_distance = d;
          best = (int) i;
        }
    }
  return best;
}

/* ---- Drawing ---- */

static void
append_label (GtkSnapshot *snapshot, PangoLayout *layout, double x, double y, const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

/* The legend along the top: a short line of each colour and its name.
 * Returns its height. */
static int
draw_legend (LhLearningCurve *self, GtkSnapshot *snapshot, const GdkRGBA *fg, gboolean draw)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double x = PAD;
  int height = 0;
  static const Line order[N_LINES] = { LINE_SCORE, LINE_2048, LINE_8192, LINE_16384 };

  for (guint k = 0; k < N_LINES; k++)
    {
      g_autoptr(PangoLayout) layout = make_label (widget, line_label (order[k]));
      GdkRGBA colour;
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      height = MAX (height, h);
      if (draw)
        {
          line_colour (widget, order[k], &colour);
          gtk_snapshot_append_color (snapshot, &colour,
                                     &GRAPHENE_RECT_INIT ((float) x, (float) (PAD + h / 2.0 - 1.5), 14,
                                                          order[k] == LINE_SCORE ? 3 : 2));
          append_label (snapshot, layout, x + 18, PAD, fg);
        }
      x += 18 + w + 16;
    }
  return height;
}

static void
draw_axes (LhLearningCurve *self, GtkSnapshot *snapshot, const Frame *f, const GdkRGBA *fg)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkRGBA grid = *fg, dim = *fg;

  grid.alpha *= 0.12f;
  dim.alpha *= 0.65f;
  /* Horizontal grid lines at the score's round steps, labelled on the left. */
  for (double v = 0; v <= f->score_top + f->score_step / 2; v += f->score_step)
    {
      double y = frame_y (f, LINE_SCORE, v);
      g_autofree char *left = lh_format_compact (v, FALSE);
      g_autoptr(PangoLayout) l = make_label (widget, left);
      int w, h;

      gtk_snapshot_append_color (snapshot, &grid,
                                 &GRAPHENE_RECT_INIT ((float) f->x0, (float) (y - 0.5), (float) (f->x1 - f->x0), 1));
      pango_layout_get_pixel_size (l, &w, &h);
      append_label (snapshot, l, f->x0 - TICK_GAP - w, y - h / 2.0, &dim);
    }
  /* The shares on the right, every 25 %, each with a short tick (their own
   * heights: the score's steps need not fall on round shares). */
  for (guint k = 0; k <= 4; k++)
    {
      double y = frame_y (f, LINE_2048, k / 4.0);
      g_autofree char *right = share_label (k / 4.0);
      g_autoptr(PangoLayout) r = make_label (widget, right);
      int w, h;

      gtk_snapshot_append_color (snapshot, &dim,
                                 &GRAPHENE_RECT_INIT ((float) f->x1, (float) (y - 0.5), 4, 1));
      pango_layout_get_pixel_size (r, &w, &h);
      append_label (snapshot, r, f->x1 + TICK_GAP, y - h / 2.0, &dim);
    }
  /* The games along the bottom. */
  for (double g = 0; g <= f->games_top + f->games_step / 2; g += f->games_step)
    {
      double x = frame_x (f, g);
      g_autofree char *text = games_label (g);
      g_autoptr(PangoLayout) layout = make_label (widget, text);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      gtk_snapshot_append_color (snapshot, &grid,
                                 &GRAPHENE_RECT_INIT ((float) (x - 0.5), (float) f->y0, 1, (float) (f->y1 - f->y0)));
      append_label (snapshot, layout, CLAMP (x - w / 2.0, 0, gtk_widget_get_width (widget) - w), f->y1 + TICK_GAP, &dim);
    }
}

static void
draw_lines (LhLearningCurve *self, GtkSnapshot *snapshot, const Frame *f)
{
  GtkWidget *widget = GTK_WIDGET (self);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (
    (float) f->x0 - 4, (float) f->y0 - 4, (float) (f->x1 - f->x0) + 8, (float) (f->y1 - f->y0) + 8));

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (Line line = 0; line < N_LINES; line++)
    {
      GdkRGBA colour;

      line_colour (widget, line, &colour);
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_set_line_width (cr, line == LINE_SCORE ? 2.5 : 1.5);
      for (guint i = 0; i < self->points->len; i++)
        {
          const LhLearningCurvePoint *p = &g_array_index (self->points, LhLearningCurvePoint, i);

          cairo_line_to (cr, frame_x (f, (double) p->games), frame_y (f, line, line_value (p, line)));
        }
      /* A single point is a dot. */
      if (self->points->len == 1)
        {
          const LhLearningCurvePoint *p = &g_array_index (self->points, LhLearningCurvePoint, 0);

          cairo_new_path (cr);
          cairo_arc (cr, frame_x (f, (double) p->games), frame_y (f, line, line_value (p, line)), 2.5, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      else
        cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* The point under the pointer: a vertical rule and a dot on each line. */
static void
draw_marker (LhLearningCurve *self, GtkSnapshot *snapshot, const Frame *f, const GdkRGBA *fg)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const LhLearningCurvePoint *p;
  GdkRGBA rule = *fg;
  int i;
  double x;

  if (isnan (self->pointer_x) || (i = nearest_point (self, f, self->pointer_x)) < 0)
    return;
  p = &g_array_index (self->points, LhLearningCurvePoint, i);
  x = frame_x (f, (double) p->games);
  rule.alpha *= 0.35f;
  gtk_snapshot_append_color (snapshot, &rule,
                             &GRAPHENE_RECT_INIT ((float) (x - 0.5), (float) f->y0, 1, (float) (f->y1 - f->y0)));
  for (Line line = 0; line < N_LINES; line++)
    {
      GdkRGBA colour;
      double y = frame_y (f, line, line_value (p, line));
      GskRoundedRect dot;

      line_colour (widget, line, &colour);
      gsk_rounded_rect_init_from_rect (&dot, &GRAPHENE_RECT_INIT ((float) x - 3.5f, (float) y - 3.5f, 7, 7), 3.5f);
      gtk_snapshot_push_rounded_clip (snapshot, &dot);
      gtk_snapshot_append_color (snapshot, &colour, &dot.bounds);
      gtk_snapshot_pop (snapshot);
    }
}

static void
lh_learning_curve_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhLearningCurve *self = LH_LEARNING_CURVE (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA fg;
  Frame f;
  int legend_height;

  lh_theme_colour (widget, "window_fg_color", "rgba(0,0,0,0.8)", &fg);
  if (self->points->len == 0)
    {
      g_autoptr(PangoLayout) layout =
        /* Translators: the learning curve before the first block of games is done */
        gtk_widget_create_pango_layout (widget, _("The learning curve appears after the first games"));
      GdkRGBA dim = fg;
      int w, h;

      dim.alpha *= 0.55f;
      pango_layout_get_pixel_size (layout, &w, &h);
      append_label (snapshot, layout, (width - w) / 2, (height - h) / 2, &dim);
      return;
    }
  legend_height = draw_legend (self, snapshot, &fg, TRUE);
  compute_frame (self, width, height, legend_height, &f);
  draw_axes (self, snapshot, &f, &fg);
  draw_lines (self, snapshot, &f);
  draw_marker (self, snapshot, &f, &fg);
}

static void
lh_learning_curve_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 520;
    }
  else
    {
      *minimum = 180;
      *natural = 260;
    }
}

/* ---- The point under the pointer ---- */

static char *
point_text (const LhLearningCurvePoint *p)
{
  g_autofree char *score = lh_format_compact (p->mean_score, FALSE);
  g_autofree char *games = g_strdup_printf ("%'" G_GUINT64_FORMAT, p->games);

  /* Translators: tooltip and accessible description of a point of the
   * learning curve: games played ("12,000"), the mean score of the last
   * block of games ("45.2k"), and the share of those that reached each tile */
  return g_strdup_printf (_("After %s games: mean score %s; "
                            "2048 reached in %.0f %%, 8192 in %.0f %%, 16384 in %.0f %%"),
                          games, score, 100 * p->share_2048, 100 * p->share_8192,
                          100 * p->share_16384);
}

static gboolean
lh_learning_curve_query_tooltip (GtkWidget  *widget,
                                 int         x,
                                 int         y,
                                 gboolean    keyboard_mode,
                                 GtkTooltip *tooltip)
{
  LhLearningCurve *self = LH_LEARNING_CURVE (widget);
  g_autofree char *text = NULL;
  Frame f;
  int i;

  if (self->points->len == 0)
    return FALSE;
  compute_frame (self, gtk_widget_get_width (widget), gtk_widget_get_height (widget),
                 draw_legend (self, NULL, NULL, FALSE), &f);
  if (keyboard_mode)
    i = (int) self->points->len - 1;
  else if (x < f.x0 - 4 || x > f.x1 + 4 || y < f.y0 || y > f.y1)
    return FALSE;
  else
    i = nearest_point (self, &f, x);
  text = point_text (&g_array_index (self->points, LhLearningCurvePoint, i));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, LhLearningCurve *self)
{
  self->pointer_x = x;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave_cb (GtkEventControllerMotion *motion, LhLearningCurve *self)
{
  self->pointer_x = NAN;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_description (LhLearningCurve *self)
{
  g_autofree char *text = NULL;

  if (self->points->len == 0)
    /* Translators: accessible description of the learning curve with no point yet */
    text = g_strdup (_("Learning curve: no games played yet"));
  else
    text = point_text (&g_array_index (self->points, LhLearningCurvePoint, self->points->len - 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* ---- API ---- */

static double
clamp_value (double value, double top, const char *what)
{
  if (isnan (value))
    {
      g_critical ("lh_learning_curve_add_point: %s is NaN", what);
      return 0;
    }
  return CLAMP (value, 0.0, top);
}

void
lh_learning_curve_add_point (LhLearningCurve *self, const LhLearningCurvePoint *point)
{
  LhLearningCurvePoint p;

  g_return_if_fail (LH_IS_LEARNING_CURVE (self));
  g_return_if_fail (point != NULL);

  p = *point;
  p.mean_score = clamp_value (p.mean_score, G_MAXDOUBLE, "the mean score");
  p.share_2048 = clamp_value (p.share_2048, 1.0, "the 2048 share");
  p.share_8192 = clamp_value (p.share_8192, 1.0, "the 8192 share");
  p.share_16384 = clamp_value (p.share_16384, 1.0, "the 16384 share");
  while (self->points->len > 0
         && g_array_index (self->points, LhLearningCurvePoint, self->points->len - 1).games >= p.games)
    g_array_set_size (self->points, self->points->len - 1);
  g_array_append_val (self->points, p);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_learning_curve_clear (LhLearningCurve *self)
{
  g_return_if_fail (LH_IS_LEARNING_CURVE (self));

  g_array_set_size (self->points, 0);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
lh_learning_curve_get_n_points (LhLearningCurve *self)
{
  g_return_val_if_fail (LH_IS_LEARNING_CURVE (self), 0);
  return self->points->len;
}

const LhLearningCurvePoint *
lh_learning_curve_get_point (LhLearningCurve *self, guint index)
{
  g_return_val_if_fail (LH_IS_LEARNING_CURVE (self), NULL);
  g_return_val_if_fail (index < self->points->len, NULL);
  return &g_array_index (self->points, LhLearningCurvePoint, index);
}

/* ---- GObject ---- */

static void
lh_learning_curve_finalize (GObject *object)
{
  LhLearningCurve *self = LH_LEARNING_CURVE (object);

  g_array_unref (self->points);
  G_OBJECT_CLASS (lh_learning_curve_parent_class)->finalize (object);
}

static void
lh_learning_curve_class_init (LhLearningCurveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = lh_learning_curve_finalize;
  widget_class->snapshot = lh_learning_curve_snapshot;
  widget_class->measure = lh_learning_curve_measure;
  widget_class->query_tooltip = lh_learning_curve_query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "learningcurve");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_learning_curve_init (LhLearningCurve *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->points = g_array_new (FALSE, FALSE, sizeof (LhLearningCurvePoint));
  self->pointer_x = NAN;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (motion, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  update_description (self);
}

GtkWidget *
lh_learning_curve_new (void)
{
  return g_object_new (LH_TYPE_LEARNING_CURVE, NULL);
}
