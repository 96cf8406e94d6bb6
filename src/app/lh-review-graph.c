/* lh-review-graph.c: the graph of a reviewed game (see lh-review-graph.h). */
#include "lh-config.h"

#include "lh-review-graph.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-theme-colour.h"

#define PADDING 8
#define BARS_SHARE 0.32  /* of the plot's height, for the bars below the line */
#define MARK_RADIUS 3.0

struct _LhReviewGraph {
  GtkWidget      parent_instance;
  LhReview      *review;
  GskRenderNode *cache;       /* the static part, for cache_width x cache_height */
  int            cache_width;
  int            cache_height;
  int            hover;       /* the move under the pointer, or -1 */
};

G_DEFINE_FINAL_TYPE (LhReviewGraph, lh_review_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
n_known (LhReviewGraph *self)
{
  return self->review != NULL ? g_list_model_get_n_items (lh_review_get_moves (self->review)) : 0;
}

static guint
n_total (LhReviewGraph *self)
{
  LhGameRecord *record = self->review != NULL ? lh_review_get_record (self->review) : NULL;

  return record != NULL ? lh_game_record_get_n_moves (record) : 0;
}

/* x of the position after move @index (0 .. n), px. */
static double
x_of (LhReviewGraph *self, double index, int width)
{
  guint n = MAX (n_total (self), 1);

  return PADDING + (width - 2.0 * PADDING) * index / n;
}

int
lh_review_graph_index_at (LhReviewGraph *self, double x)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  guint known = n_known (self);
  double index;

  g_return_val_if_fail (LH_IS_REVIEW_GRAPH (self), -1);
  if (known == 0 || width <= 2 * PADDING)
    return -1;
  index = (x - PADDING) / (width - 2.0 * PADDING) * MAX (n_total (self), 1);
  return CLAMP ((int) floor (index), 0, (int) known - 1);
}

static void
class_colour (GtkWidget *widget, LhErrorClass error_class, GdkRGBA *rgba)
{
  switch (error_class)
    {
    case LH_ERROR_BLUNDER: lh_theme_colour (widget, "error_color", "#e01b24", rgba); break;
    case LH_ERROR_MISTAKE: gdk_rgba_parse (rgba, "#ff7800"); break;
    case LH_ERROR_INACCURACY: lh_theme_colour (widget, "warning_color", "#e5a50a", rgba); break;
    case LH_ERROR_NONE:
    case LH_N_ERROR_CLASSES:
    default: lh_theme_colour (widget, "window_fg_color", "#000000", rgba); rgba->alpha = 0.35; break;
    }
}

static const LhReviewMove *
move_at (GListModel *moves, guint index, LhReviewItem **holder)
{
  g_clear_object (holder);
  *holder = g_list_model_get_item (moves, index);
  return lh_review_item_get_move (*holder);
}

/* The static part: axes, the outcome line, the marks, the bars. */
static GskRenderNode *
draw_static (LhReviewGraph *self, int width, int height)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  GtkWidget *widget = GTK_WIDGET (self);
  GListModel *moves = lh_review_get_moves (self->review);
  guint known = n_known (self);
  g_autoptr(LhReviewItem) holder = NULL;
  double top = PADDING, line_bottom, bars_top, bars_mid, bars_bottom = height - PADDING;
  double high = -G_MAXDOUBLE, low = G_MAXDOUBLE, bar_scale = 1.0;
  LhReviewSummary summary;
  GdkRGBA fg, accent, luck_up, luck_down, colour;
  cairo_t *cr;

  lh_theme_colour (widget, "window_fg_color", "#000000", &fg);
  lh_theme_colour (widget, "accent_color", "#3584e4", &accent);
  lh_theme_colour (widget, "success_color", "#26a269", &luck_up);
  gdk_rgba_parse (&luck_down, "#9141ac");
  line_bottom = top + (height - 2.0 * PADDING) * (1.0 - BARS_SHARE) - 4;
  bars_top = line_bottom + 8;
  bars_mid = (bars_top + bars_bottom) / 2;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_width (cr, 1.0);

  /* The scales: the outcome from 0 to its largest; each bar by the largest
   * error or luck of the game. */
  for (guint i = 0; i < known; i++)
    {
      const LhReviewMove *move = move_at (moves, i, &holder);

      high = MAX (high, MAX (move->outcome, move->outcome_after));
      low = MIN (low, MIN (move->outcome, move->outcome_after));
      bar_scale = MAX (bar_scale, MAX (move->error, fabs (move->spawn_luck)));
    }
  /* The outcome's range, a little wider; a chance from 0 to 1. */
  if (lh_review_get_unit (self->review) == LH_REVIEW_UNIT_PROBABILITY || known == 0)
    {
      low = 0.0;
      high = 1.0;
    }
  else
    {
      double margin = MAX ((high - low) * 0.05, 1.0);

      low -= margin;
      high += margin;
    }

  /* Frames and the zero of the bars. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
  cairo_rectangle (cr, PADDING + 0.5, top + 0.5, width - 2 * PADDING - 1, line_bottom - top);
  cairo_stroke (cr);
  cairo_move_to (cr, PADDING, floor (bars_mid) + 0.5);
  cairo_line_to (cr, width - PADDING, floor (bars_mid) + 0.5);
  cairo_stroke (cr);

#define Y_OF(value) (line_bottom - ((value) - low) / (high - low) * (line_bottom - top - 2))
  /* The outcome line: F_0, then F after each move. */
  if (known > 0)
    {
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x_of (self, 0, width), Y_OF (move_at (moves, 0, &holder)->outcome));
      for (guint i = 0; i < known; i++)
        cairo_line_to (cr, x_of (self, i + 1, width), Y_OF (move_at (moves, i, &holder)->outcome_after));
      cairo_stroke (cr);
    }

  /* The bars: error down, spawn luck up or down, one column per pixel. */
  cairo_set_line_width (cr, 1.0);
  for (guint i = 0; i < known; i++)
    {
      const LhReviewMove *move = move_at (moves, i, &holder);
      double x = floor (x_of (self, i + 0.5, width)) + 0.5;
      double half = bars_mid - bars_top;

      if (move->error > 0)
        {
          class_colour (widget, move->error_class, &colour);
          gdk_cairo_set_source_rgba (cr, &colour);
          cairo_move_to (cr, x, bars_mid);
          cairo_line_to (cr, x, bars_mid + half * move->error / bar_scale);
          cairo_stroke (cr);
        }
      if (move->spawn_luck != 0)
        {
          const GdkRGBA *luck = move->spawn_luck > 0 ? &luck_up : &luck_down;

          cairo_set_source_rgba (cr, luck->red, luck->green, luck->blue, 0.8);
          cairo_move_to (cr, x, bars_mid);
          cairo_line_to (cr, x, bars_mid - half * move->spawn_luck / bar_scale);
          cairo_stroke (cr);
        }
    }

  /* The marks of the classed moves, worst on top. */
  for (int c = LH_ERROR_INACCURACY; c < LH_N_ERROR_CLASSES; c++)
    for (guint i = 0; i < known; i++)
      {
        const LhReviewMove *move = move_at (moves, i, &holder);

        if ((int) move->error_class != c)
          continue;
        class_colour (widget, move->error_class, &colour);
        gdk_cairo_set_source_rgba (cr, &colour);
        cairo_arc (cr, x_of (self, i + 1, width), Y_OF (move->outcome_after),
                   MARK_RADIUS + (c - 1) * 0.75, 0, 2 * G_PI);
        cairo_fill (cr);
      }

  /* The turning point. */
  if (lh_review_get_summary (self->review, &summary) && summary.turning_point >= 0
      && (guint) summary.turning_point < known && summary.turning_drop > 0)
    {
      double x = floor (x_of (self, summary.turning_point + 1, width)) + 0.5;
      const double dashes[] = { 3.0, 3.0 };

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, line_bottom);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
#undef Y_OF
  cairo_destroy (cr);
  return gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
}

static void
lh_review_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int selected;
  GdkRGBA fg;

  if (self->review == NULL || width <= 2 * PADDING || height <= 2 * PADDING)
    return;
  if (self->cache == NULL || self->cache_width != width || self->cache_height != height)
    {
      g_clear_pointer (&self->cache, gsk_render_node_unref);
      self->cache = draw_static (self, width, height);
      self->cache_width = width;
      self->cache_height = height;
    }
  if (self->cache != NULL)
    gtk_snapshot_append_node (snapshot, self->cache);

  /* On top: the hovered move, faint, and the selected one. */
  lh_theme_colour (widget, "window_fg_color", "#000000", &fg);
  if (self->hover >= 0)
    {
      fg.alpha = 0.25;
      gtk_snapshot_append_color (snapshot, &fg,
                                 &GRAPHENE_RECT_INIT (floor (x_of (self, self->hover + 1, width)), PADDING,
                                                      1, height - 2 * PADDING));
    }
  selected = lh_review_get_selected (self->review);
  if (selected >= 0)
    {
      GdkRGBA accent;

      lh_theme_colour (widget, "accent_color", "#3584e4", &accent);
      gtk_snapshot_append_color (snapshot, &accent,
                                 &GRAPHENE_RECT_INIT (floor (x_of (self, selected + 1, width)) - 1, PADDING,
                                                      2, height - 2 * PADDING));
    }
  if (gtk_widget_has_visible_focus (widget))
    {
      GskRoundedRect outline;
      GdkRGBA accent;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colours[4];

      lh_theme_colour (widget, "accent_color", "#3584e4", &accent);
      for (guint k = 0; k < 4; k++)
        colours[k] = accent;
      gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (1, 1, width - 2, height - 2), 6);
      gtk_snapshot_append_border (snapshot, &outline, widths, colours);
    }
}

static void
invalidate (LhReviewGraph *self)
{
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_accessible (LhReviewGraph *self)
{
  g_autoptr(LhReviewItem) item = self->review != NULL ? lh_review_get_selected_item (self->review) : NULL;
  int selected = self->review != NULL ? lh_review_get_selected (self->review) : -1;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 1.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) MAX (n_total (self), 1),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) (selected + 1),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                  item != NULL ? lh_review_item_get_accessible_label (item)
                                               : _("No move selected"),
                                  -1);
}

static void
moves_changed_cb (GListModel *moves, guint position, guint removed, guint added, gpointer user_data)
{
  invalidate (LH_REVIEW_GRAPH (user_data));
}

static void
selection_changed_cb (GObject *review, GParamSpec *pspec, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_review_graph_set_review (LhReviewGraph *self, LhReview *review)
{
  g_return_if_fail (LH_IS_REVIEW_GRAPH (self));

  if (self->review == review)
    return;
  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_data (lh_review_get_moves (self->review), self);
      g_signal_handlers_disconnect_by_data (self->review, self);
    }
  g_set_object (&self->review, review);
  if (review != NULL)
    {
      g_signal_connect_object (lh_review_get_moves (review), "items-changed",
                               G_CALLBACK (moves_changed_cb), self, 0);
      g_signal_connect_object (review, "notify::selected-item", G_CALLBACK (selection_changed_cb),
                               self, 0);
      g_signal_connect_object (review, "notify::record", G_CALLBACK (selection_changed_cb), self, 0);
    }
  invalidate (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

LhReview *
lh_review_graph_get_review (LhReviewGraph *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_GRAPH (self), NULL);
  return self->review;
}

static void
select_at (LhReviewGraph *self, double x)
{
  int index = lh_review_graph_index_at (self, x);

  if (index >= 0)
    lh_review_set_selected (self->review, index);
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  select_at (self, x);
}

static void
drag_update_cb (GtkGestureDrag *gesture, double offset_x, double offset_y, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);
  double start_x, start_y;

  if (gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y))
    select_at (self, start_x + offset_x);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);
  int index = lh_review_graph_index_at (self, x);

  if (index != self->hover)
    {
      self->hover = index;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
leave_cb (GtkEventControllerMotion *motion, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);

  self->hover = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller, guint keyval, guint keycode,
                GdkModifierType state, gpointer user_data)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (user_data);

  if (self->review == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  return lh_review_step_key (self->review, keyval);
}

static void
lh_review_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 110;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 260 : 190;
}

static void
lh_review_graph_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (lh_review_graph_parent_class)->css_changed (widget, change);
  invalidate (LH_REVIEW_GRAPH (widget));  /* the theme's colours */
}

static void
lh_review_graph_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_REVIEW: g_value_set_object (value, LH_REVIEW_GRAPH (object)->review); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_graph_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_REVIEW: lh_review_graph_set_review (LH_REVIEW_GRAPH (object), g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_graph_dispose (GObject *object)
{
  LhReviewGraph *self = LH_REVIEW_GRAPH (object);

  lh_review_graph_set_review (self, NULL);
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  G_OBJECT_CLASS (lh_review_graph_parent_class)->dispose (object);
}

static void
lh_review_graph_class_init (LhReviewGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = lh_review_graph_get_property;
  object_class->set_property = lh_review_graph_set_property;
  object_class->dispose = lh_review_graph_dispose;
  widget_class->snapshot = lh_review_graph_snapshot;
  widget_class->measure = lh_review_graph_measure;
  widget_class->css_changed = lh_review_graph_css_changed;

  properties[PROP_REVIEW] = g_param_spec_object ("review", NULL, NULL, LH_TYPE_REVIEW,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                 | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "review-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
lh_review_graph_init (LhReviewGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->hover = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The game's graph: the expected outcome after every move"), -1);
  update_accessible (self);
}

GtkWidget *
lh_review_graph_new (void)
{
  return g_object_new (LH_TYPE_REVIEW_GRAPH, NULL);
}
