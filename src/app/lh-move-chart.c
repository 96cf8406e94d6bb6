/* lh-move-chart.c: the value of each move, as a person reads it (see lh-move-chart.h). */
#include "lh-move-chart.h"
#include "lh-theme-colour.h"

#include "lh-format.h"
#include "lh-move-rows.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

/* Geometry, px: each row is the bar (BAR_HEIGHT high) over one line of
 * text; the name sits in a column to the left, centred on the row. */
#define PADDING 6
#define ROW_HEIGHT 34
#define ROW_GAP 4
#define BAR_TOP 3
#define BAR_HEIGHT 10
#define TEXT_TOP (BAR_TOP + BAR_HEIGHT + 2)
/* Half the height of an error bar's end caps, beyond the bar. */
#define CAP_OVERHANG 3
/* The detail after a value label, in a smaller font. */
#define DETAIL_SCALE 0.9
/* The line under the rows that says what the chosen move loses against
 * perfect play, and the room between a label and the optimal value. */
#define FOOTER_HEIGHT 22
#define OPTIMAL_GAP 8



struct _LhMoveChart
{
  GtkWidget parent_instance;

  LhMoveRows     model;          /* what each row says (lh-move-rows.h) */

  int            pointer_move;   /* the row under the pointer, or LH_MOVE_NONE */
  int            selected_move;  /* the row clicked, or LH_MOVE_NONE */
};

G_DEFINE_FINAL_TYPE (LhMoveChart, lh_move_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_HOVERED_MOVE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void notify_hovered (LhMoveChart *self, int before);



/* The chart in words for screen readers: each row as its labels read. */
static void
update_description (LhMoveChart *self)
{
  g_autofree char *text = lh_move_rows_describe (&self->model);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* Shows @result of @solver (NULL: none): the rows' texts and bars, the
 * description, the drawing. */
static void
show_result (LhMoveChart *self, LhSolverKind solver, const LhSolverResult *result)
{
  gboolean footer = self->model.loss_text != NULL;

  lh_move_rows_set (&self->model, solver, result);
  update_description (self);
  if (footer != (self->model.loss_text != NULL))
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A dimmed line in the detail's size: an optimal value. */
static PangoLayout *
make_optimal_layout (GtkWidget *widget, const char *text, gboolean bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_foreground_alpha_new ((guint16) (0.62 * 65535)));
  pango_attr_list_insert (attrs, pango_attr_scale_new (DETAIL_SCALE));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

/* ---- Drawing ---- */

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

/* The label under a bar: the value text (bold for the chosen move), then
 * the detail dimmed, ellipsized to @width. */
static PangoLayout *
make_label_layout (GtkWidget *widget, const LhMoveRow *row, gboolean chosen, int width)
{
  g_autofree char *text = row->detail_text != NULL
                          ? g_strconcat (row->value_text, "  ", row->detail_text, NULL)
                          : g_strdup (row->value_text);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();
  guint value_end = (guint) strlen (row->value_text);
  PangoAttribute *attr;

  if (chosen)
    {
      attr = pango_attr_weight_new (PANGO_WEIGHT_BOLD);
      attr->end_index = value_end;
      pango_attr_list_insert (attrs, attr);
    }
  if (row->detail_text != NULL)
    {
      attr = pango_attr_foreground_alpha_new ((guint16) (0.62 * 65535));
      attr->start_index = value_end;
      pango_attr_list_insert (attrs, attr);
      attr = pango_attr_scale_new (DETAIL_SCALE);
      attr->start_index = value_end;
      pango_attr_list_insert (attrs, attr);
    }
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

static void
append_layout_at (GtkSnapshot *snapshot, PangoLayout *layout, double x, double y,
                  const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

static void
append_rounded (GtkSnapshot *snapshot, double x, double y, double w, double h,
                const GdkRGBA *colour)
{
  GskRoundedRect rect;

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, w, h), MIN (h / 2, 3));
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, colour, &rect.bounds);
  gtk_snapshot_pop (snapshot);
}

/* The x where the bars' track starts: after the widest move name. */
static int
track_x (GtkWidget *widget)
{
  int name_width = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_autoptr(PangoLayout) name = make_layout (widget, lh_format_move_label (m), TRUE);
      int w, h;

      pango_layout_get_pixel_size (name, &w, &h);
      name_width = MAX (name_width, w);
    }
  return PADDING + name_width + 2 * PADDING;
}

static double
row_y (guint m)
{
  return PADDING + m * (ROW_HEIGHT + ROW_GAP);
}

/* The row of a legal move under widget y @y, or LH_MOVE_NONE (a gap, no
 * values, a move that is not possible). */
static int
row_at (LhMoveChart *self, double y)
{
  int m;

  if (!self->model.has_values || y < PADDING)
    return LH_MOVE_NONE;
  m = (int) ((y - PADDING) / (ROW_HEIGHT + ROW_GAP));
  if (m >= LH_N_MOVES || y - row_y ((guint) m) >= ROW_HEIGHT || !self->model.result.legal[m])
    return LH_MOVE_NONE;
  return m;
}

/* The error bar over a bar: a line from @lo to @hi with end caps. */
static void
append_error_bar (GtkSnapshot *snapshot, double lo, double hi, double y, const GdkRGBA *colour)
{
  double yc = y + BAR_TOP + BAR_HEIGHT / 2.0;
  double cap_top = y + BAR_TOP - CAP_OVERHANG, cap_height = BAR_HEIGHT + 2 * CAP_OVERHANG;

  gtk_snapshot_append_color (snapshot, colour, &GRAPHENE_RECT_INIT (lo, yc - 0.75, MAX (hi - lo, 1.5), 1.5));
  gtk_snapshot_append_color (snapshot, colour, &GRAPHENE_RECT_INIT (lo - 0.75, cap_top, 1.5, cap_height));
  gtk_snapshot_append_color (snapshot, colour, &GRAPHENE_RECT_INIT (hi - 0.75, cap_top, 1.5, cap_height));
}

static void
lh_move_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhMoveChart *self = LH_MOVE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  GdkRGBA fg, accent, bar, track, dim, whisker;
  double x0 = track_x (widget);
  double track_w = MAX (8.0, width - x0 - PADDING);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  lh_theme_colour (widget, "accent_bg_color", "#3584e4", &accent);
  bar = track = dim = whisker = fg;
  bar.alpha = 0.32f;
  track.alpha = 0.08f;
  dim.alpha = 0.5f;
  whisker.alpha = 0.85f;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      const LhMoveRow *row = &self->model.rows[m];
      double y = row_y (m);
      gboolean chosen = self->model.has_values && (int) m == self->model.result.move;
      gboolean possible = !self->model.has_values || self->model.result.legal[m];
      g_autoptr(PangoLayout) name = make_layout (widget, lh_format_move_label (m), chosen);
      int w, h;

      if ((int) m == lh_move_chart_get_hovered_move (self))
        append_rounded (snapshot, 0, y - ROW_GAP / 2.0, width, ROW_HEIGHT + ROW_GAP, &track);
      pango_layout_get_pixel_size (name, &w, &h);
      append_layout_at (snapshot, name, PADDING, y + (ROW_HEIGHT - h) / 2.0, possible ? &fg : &dim);
      if (!self->model.has_values)
        continue;
      if (!possible)
        {
          g_autoptr(PangoLayout) text = make_layout (widget, row->value_text, FALSE);

          pango_layout_get_pixel_size (text, &w, &h);
          append_layout_at (snapshot, text, x0, y + (ROW_HEIGHT - h) / 2.0, &dim);
          continue;
        }

      append_rounded (snapshot, x0, y + BAR_TOP, track_w, BAR_HEIGHT, &track);
      if (row->fraction > 0)
        append_rounded (snapshot, x0, y + BAR_TOP, MAX (2.0, track_w * row->fraction), BAR_HEIGHT,
                        chosen ? &accent : &bar);
      if (isfinite (row->lo) && isfinite (row->hi))
        append_error_bar (snapshot, x0 + track_w * row->lo, x0 + track_w * row->hi, y, &whisker);
      {
        double label_w = track_w;

        if (row->optimal_text != NULL)
          {
            g_autoptr(PangoLayout) optimal = make_optimal_layout (widget, row->optimal_text, row->optimal);

            pango_layout_get_pixel_size (optimal, &w, &h);
            append_layout_at (snapshot, optimal, x0 + track_w - w, y + TEXT_TOP, &fg);
            label_w = MAX (1.0, track_w - w - OPTIMAL_GAP);
          }
        {
          g_autoptr(PangoLayout) label = make_label_layout (widget, row, chosen, (int) label_w);

          append_layout_at (snapshot, label, x0, y + TEXT_TOP, &fg);
        }
      }
    }

  if (self->model.has_values && self->model.loss_text != NULL)
    {
      int chosen = self->model.result.move;
      gboolean optimal = chosen >= 0 && chosen < LH_N_MOVES && self->model.rows[chosen].optimal;
      /* Translators: under the move values: %s the AI's move, %s what it
       * loses against perfect play ("optimal", "−12.3 points vs optimal") */
      g_autofree char *text = g_strdup_printf (_("%s: %s"), lh_format_move_label (chosen),
                                               self->model.loss_text);
      g_autoptr(PangoLayout) footer = gtk_widget_create_pango_layout (widget, text);
      PangoAttrList *attrs = pango_attr_list_new ();
      PangoAttribute *attr = pango_attr_weight_new (PANGO_WEIGHT_BOLD);
      GdkRGBA tone;
      double y = row_y (LH_N_MOVES) - ROW_GAP;
      int w, h;

      lh_theme_colour (widget, optimal ? "success_color" : "warning_color",
                     optimal ? "#26a269" : "#c64600", &tone);
      attr->end_index = (guint) strlen (lh_format_move_label (chosen));
      pango_attr_list_insert (attrs, attr);
      attr = pango_attr_foreground_new ((guint16) (tone.red * 65535), (guint16) (tone.green * 65535),
                                        (guint16) (tone.blue * 65535));
      attr->start_index = (guint) strlen (text) - (guint) strlen (self->model.loss_text);
      pango_attr_list_insert (attrs, attr);
      pango_layout_set_attributes (footer, attrs);
      pango_attr_list_unref (attrs);
      pango_layout_set_width (footer, MAX ((int) track_w, 1) * PANGO_SCALE);
      pango_layout_set_ellipsize (footer, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (footer, &w, &h);
      append_layout_at (snapshot, footer, x0, y + (FOOTER_HEIGHT - h) / 2.0, &fg);
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
      *minimum = 220;
      *natural = 360;
    }
  else
    *minimum = *natural = 2 * PADDING + LH_N_MOVES * ROW_HEIGHT + (LH_N_MOVES - 1) * ROW_GAP
                          + (LH_MOVE_CHART (widget)->model.loss_text != NULL ? FOOTER_HEIGHT : 0);
}

/* The row under @y, the tooltip area its rectangle. */
static gboolean
lh_move_chart_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard_mode,
                             GtkTooltip *tooltip)
{
  LhMoveChart *self = LH_MOVE_CHART (widget);
  int m = row_at (self, y);
  double footer_y = row_y (LH_N_MOVES) - ROW_GAP;

  if (self->model.has_values && self->model.loss_text != NULL && y >= footer_y
      && y < footer_y + FOOTER_HEIGHT)
    {
      gtk_tooltip_set_text (tooltip, self->model.rules.objective == LH_EXACT_OBJECTIVE_TILE
                            /* Translators: tooltip of the line under the move values */
                            ? _("What the AI's move loses against perfect play: the chance of the "
                                "target tile with this move and the best moves after it, against "
                                "the best move's, by the exact solution of this board.")
                            /* Translators: tooltip of the line under the move values */
                            : _("What the AI's move loses against perfect play: the points still to "
                                "be scored, expected, with this move and the best moves after it, "
                                "against the best move's, by the exact solution of this board."));
      gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
        0, (int) footer_y, gtk_widget_get_width (widget), FOOTER_HEIGHT });
      return TRUE;
    }
  if (m == LH_MOVE_NONE || self->model.rows[m].tooltip == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, self->model.rows[m].tooltip);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
    0, (int) row_y ((guint) m), gtk_widget_get_width (widget), ROW_HEIGHT });
  return TRUE;
}

/* ---- API ---- */

void
lh_move_chart_set_result (LhMoveChart          *self,
                          LhSolverKind          solver,
                          const LhSolverResult *result)
{
  LhSolverResult shown;
  int before;

  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (result != NULL);

  before = lh_move_chart_get_hovered_move (self);
  shown = *result;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      shown.legal[m] = !!result->legal[m];
      if (!shown.legal[m] || !isfinite (result->values[m]))
        shown.values[m] = 0;
    }
  if (!isfinite (shown.lost_value))
    shown.lost_value = 0;
  show_result (self, solver, &shown);
  notify_hovered (self, before);
}

void
lh_move_chart_set_values (LhMoveChart    *self,
                          const gboolean  legal[LH_N_MOVES],
                          const double    values[LH_N_MOVES],
                          const guint64  *visits,
                          int             chosen)
{
  LhSolverResult result = { .move = chosen };
  gboolean any_visits = FALSE;
  double best = -INFINITY, lowest = INFINITY;

  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (legal != NULL && values != NULL);

  lh_solver_std_errors_clear (result.std_errors);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      result.legal[m] = legal[m];
      result.values[m] = values[m];
      result.visits[m] = visits != NULL ? visits[m] : 0;
      any_visits |= result.visits[m] > 0;
      if (legal[m] && isfinite (values[m]))
        {
          best = MAX (best, values[m]);
          lowest = MIN (lowest, values[m]);
        }
    }
  /* No bottom given: 0, or the best's distance from 0 below a negative value. */
  if (isfinite (lowest) && lowest < 0)
    result.lost_value = lowest - MAX (fabs (best), best - lowest);
  lh_move_chart_set_result (self, any_visits ? LH_SOLVER_MCTS : LH_SOLVER_EXPECTIMAX, &result);
}

void
lh_move_chart_set_optimal (LhMoveChart        *self,
                           const LhExactRules *rules,
                           const gboolean     *legal,
                           const double       *values)
{
  gboolean footer;

  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail ((legal == NULL) == (values == NULL));

  footer = self->model.loss_text != NULL;
  lh_move_rows_set_optimal (&self->model, rules, legal, values);
  update_description (self);
  if (footer != (self->model.loss_text != NULL))
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
lh_move_chart_get_optimal_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->model.has_values ? self->model.rows[move].optimal_text : NULL;
}

const char *
lh_move_chart_get_loss_text (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  return self->model.has_values ? self->model.loss_text : NULL;
}

void
lh_move_chart_clear (LhMoveChart *self)
{
  int before;

  g_return_if_fail (LH_IS_MOVE_CHART (self));

  before = lh_move_chart_get_hovered_move (self);
  show_result (self, LH_SOLVER_EXPECTIMAX, NULL);
  notify_hovered (self, before);
}

gboolean
lh_move_chart_get_value (LhMoveChart *self, LhMove move, double *value)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), FALSE);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, FALSE);

  if (!self->model.has_values || !self->model.result.legal[move])
    return FALSE;
  if (value != NULL)
    *value = self->model.result.values[move];
  return TRUE;
}

int
lh_move_chart_get_chosen (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), LH_MOVE_NONE);
  return self->model.has_values ? self->model.result.move : LH_MOVE_NONE;
}

const char *
lh_move_chart_get_value_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->model.rows[move].value_text;
}

const char *
lh_move_chart_get_detail_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->model.rows[move].detail_text;
}

const char *
lh_move_chart_get_tooltip_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->model.rows[move].tooltip;
}

gboolean
lh_move_chart_get_tied (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), FALSE);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, FALSE);
  return self->model.rows[move].tied;
}

double
lh_move_chart_get_bar_fraction (LhMoveChart *self, LhMove move, double *lo, double *hi)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), 0);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, 0);
  if (lo != NULL)
    *lo = self->model.rows[move].lo;
  if (hi != NULL)
    *hi = self->model.rows[move].hi;
  return self->model.rows[move].fraction;
}

static gboolean
shows_move (LhMoveChart *self, int move)
{
  return move != LH_MOVE_NONE && self->model.has_values && self->model.result.legal[move];
}

int
lh_move_chart_get_hovered_move (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), LH_MOVE_NONE);
  if (shows_move (self, self->pointer_move))
    return self->pointer_move;
  return shows_move (self, self->selected_move) ? self->selected_move : LH_MOVE_NONE;
}

/* Notifies "hovered-move" when it is no longer @before. */
static void
notify_hovered (LhMoveChart *self, int before)
{
  if (lh_move_chart_get_hovered_move (self) != before)
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HOVERED_MOVE]);
    }
}

/* Sets the pointer's and the clicked row. */
static void
set_moves (LhMoveChart *self, int pointer_move, int selected_move)
{
  int before = lh_move_chart_get_hovered_move (self);

  self->pointer_move = pointer_move;
  self->selected_move = selected_move;
  notify_hovered (self, before);
}

void
lh_move_chart_set_selected_move (LhMoveChart *self, int move)
{
  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (move >= LH_MOVE_NONE && move < LH_N_MOVES);
  set_moves (self, self->pointer_move, move);
}

void
lh_move_chart_set_scale (LhMoveChart *self, gboolean counts_points, guint64 score)
{
  g_return_if_fail (LH_IS_MOVE_CHART (self));

  if (self->model.counts_points == !!counts_points && self->model.score == score)
    return;
  lh_move_rows_set_scale (&self->model, counts_points, score);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_move_chart_set_played_move (LhMoveChart *self, int move)
{
  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (move >= LH_MOVE_NONE && move < LH_N_MOVES);

  if (self->model.played == move)
    return;
  lh_move_rows_set_played (&self->model, move);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
lh_move_chart_get_selected_move (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), LH_MOVE_NONE);
  return self->selected_move;
}

static void
motion_cb (GtkEventControllerMotion *controller, double x, double y, LhMoveChart *self)
{
  set_moves (self, row_at (self, y), self->selected_move);
}

static void
leave_cb (GtkEventControllerMotion *controller, LhMoveChart *self)
{
  set_moves (self, LH_MOVE_NONE, self->selected_move);
}

/* A click on a row selects its move (its line stays shown when the pointer
 * leaves); a click on the selected row, or beside the rows, unselects. */
static void
click_released_cb (GtkGestureClick *gesture, int n_press, double x, double y, LhMoveChart *self)
{
  int m = row_at (self, y);

  set_moves (self, self->pointer_move, m == self->selected_move ? LH_MOVE_NONE : m);
}

static void
lh_move_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhMoveChart *self = LH_MOVE_CHART (object);

  switch (prop_id)
    {
    case PROP_HOVERED_MOVE:
      g_value_set_int (value, lh_move_chart_get_hovered_move (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_move_chart_finalize (GObject *object)
{
  LhMoveChart *self = LH_MOVE_CHART (object);

  lh_move_rows_clear (&self->model);
  G_OBJECT_CLASS (lh_move_chart_parent_class)->finalize (object);
}

static void
lh_move_chart_class_init (LhMoveChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = lh_move_chart_finalize;
  object_class->get_property = lh_move_chart_get_property;
  widget_class->snapshot = lh_move_chart_snapshot;
  widget_class->measure = lh_move_chart_measure;
  widget_class->query_tooltip = lh_move_chart_query_tooltip;

  /**
   * LhMoveChart:hovered-move:
   * The move whose row is under the pointer, else the row last clicked
   * (lh_move_chart_set_selected_move()), else LH_MOVE_NONE (-1); always
   * LH_MOVE_NONE without values.  Only legal moves' rows count.  The
   * window shows that move's expected line.
   */
  props[PROP_HOVERED_MOVE] =
    g_param_spec_int ("hovered-move", NULL, NULL, LH_MOVE_NONE, LH_N_MOVES - 1, LH_MOVE_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  gtk_widget_class_set_css_name (widget_class, "movechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_move_chart_init (LhMoveChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  lh_move_rows_init (&self->model);
  self->pointer_move = self->selected_move = LH_MOVE_NONE;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  g_signal_connect (motion, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  update_description (self);
}

GtkWidget *
lh_move_chart_new (void)
{
  return g_object_new (LH_TYPE_MOVE_CHART, NULL);
}
