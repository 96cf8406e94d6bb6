/* lh-move-chart.c: the value of each move, as a person reads it (see lh-move-chart.h). */
#include "lh-move-chart.h"

#include "lh-breakdown-view.h"

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
/* A 95 % confidence interval is the mean ± this many standard errors. */
#define Z_95 1.96

typedef enum {
  MODE_EXPECTED,  /* expectimax, hybrid: differences from the best */
  MODE_SAMPLED,   /* Monte Carlo, MDP Monte Carlo: means with intervals */
  MODE_VISITS,    /* MCTS: visit shares, means beside them */
} Mode;

/* What one row shows, computed when the result changes. */
typedef struct {
  char    *value_text;    /* the main label */
  char    *detail_text;   /* dimmed after it, or NULL */
  char    *tooltip;
  double   fraction;      /* bar length / track width */
  double   lo, hi;        /* error bar ends / track width, or NAN */
  gboolean tied;
} Row;

struct _LhMoveChart
{
  GtkWidget parent_instance;

  gboolean       has_values;
  LhSolverKind   solver;
  LhSolverResult result;
  Row            rows[LH_N_MOVES];

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

static Mode
mode_of (LhSolverKind solver)
{
  switch (solver)
    {
    case LH_SOLVER_MONTE_CARLO:
    case LH_SOLVER_MDP_MONTE_CARLO:
      return MODE_SAMPLED;
    case LH_SOLVER_MCTS:
      return MODE_VISITS;
    case LH_SOLVER_EXPECTIMAX:
    case LH_SOLVER_HYBRID:
    case LH_N_SOLVERS:
    default:
      return MODE_EXPECTED;
    }
}

/* ---- Numbers ---- */

/* @value with three significant digits and a k, M or G suffix, a real minus
 * sign ("141", "14.4k", "−1.2k", "1.6M"): the format of the breakdown table
 * and the tree, at any depth and magnitude. */
static char *
format_number (double value)
{
  return lh_breakdown_view_format_compact (value, FALSE);
}

/* @value as format_number() with its sign: "+1.2k", "−41.2", "0". */
static char *
format_signed (double value)
{
  return lh_breakdown_view_format_compact (value, TRUE);
}

/* @share (a fraction) as a signed percentage: "−3.4 %", "−27 %", "−0.04 %". */
static char *
format_percent (double share)
{
  double percent = 100 * share;
  double magnitude = fabs (percent);
  int decimals = magnitude >= 10 ? 0 : magnitude >= 1 ? 1 : 2;

  /* Not "−0.00 %": a gap too small to show still reads as one. */
  if (magnitude < 0.005)
      return magnitude == 0
           ? g_strdup (_("0 %"))
           /* Translators: a percentage smaller than 0.01 %; %s the sign */
           : g_strdup_printf (_("%s<0.01 %%"), percent < 0 ? "−" : "");
  /* Translators: a percentage; %s the sign, %.*f the number */
  return g_strdup_printf (_("%s%.*f %%"), percent < 0 ? "−" : "", decimals, magnitude);
}

/* A count with thousands separators: "1,234". */
static char *
format_count (guint64 count)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, count);
}

/* "141 ± 2.87", or "141" without an interval. */
static char *
format_interval (double mean, double half_width)
{
  g_autofree char *m = format_number (mean);
  g_autofree char *h = NULL;

  if (!isfinite (half_width))
    return g_steal_pointer (&m);
  h = format_number (half_width);
  /* Translators: a mean and the half-width of its 95 % interval */
  return g_strdup_printf (_("%s ± %s"), m, h);
}

/* ---- Rows ---- */

static void
row_clear (Row *row)
{
  g_clear_pointer (&row->value_text, g_free);
  g_clear_pointer (&row->detail_text, g_free);
  g_clear_pointer (&row->tooltip, g_free);
  row->fraction = 0;
  row->lo = row->hi = NAN;
  row->tied = FALSE;
}

/* The legal move with the best value, or LH_MOVE_NONE. */
static int
best_move (const LhSolverResult *r)
{
  int best = LH_MOVE_NONE;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m] && (best == LH_MOVE_NONE || r->values[m] > r->values[best]))
      best = (int) m;
  return best;
}

/* Half the 95 % interval of move @m's value, NAN when it has none. */
static double
half_width (const LhSolverResult *r, guint m)
{
  return Z_95 * r->std_errors[m];
}

/* Whether move @m's interval overlaps that of @best (not @best itself). */
static gboolean
is_tied (const LhSolverResult *r, guint m, int best)
{
  double hm = half_width (r, m), hb;

  if (best == LH_MOVE_NONE || (int) m == best || !r->legal[m])
    return FALSE;
  hb = half_width (r, (guint) best);
  if (!isfinite (hm) || !isfinite (hb))
    return FALSE;
  return r->values[m] + hm >= r->values[best] - hb;
}

/* (@value - @bottom) / @span, within [0, 1]. */
static double
scale_fraction (double value, double bottom, double span)
{
  return span > 0 ? CLAMP ((value - bottom) / span, 0.0, 1.0) : 1.0;
}

/* Expectimax, hybrid: the best reads "best", the others their difference
 * from it, in points and as a share of the best's value above @bottom. */
static void
fill_expected (LhMoveChart *self, int best, double bottom)
{
  const LhSolverResult *r = &self->result;
  double top = r->values[best], span = top - bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      Row *row = &self->rows[m];
      g_autofree char *raw = NULL;
      g_autofree char *unit = NULL;
      g_autofree char *gap = NULL;
      g_autofree char *difference = NULL;

      if (!r->legal[m])
        continue;
      row->fraction = scale_fraction (r->values[m], bottom, span);
      difference = (int) m == best ? NULL : format_signed (r->values[m] - top);
      if ((int) m == best || g_strcmp0 (difference, "0") == 0)
        {
          row->value_text = (int) m == best
                            /* Translators: the label of the best move in the chart of move values */
                            ? g_strdup (_("best"))
                            /* Translators: a move whose value equals the best's to three digits */
                            : g_strdup (_("= best"));
          row->detail_text = format_number (r->values[m]);
          gap = (int) m == best
                /* Translators: a tooltip; %s a move */
                ? g_strdup_printf (_("%s: the best move."), move_name (m))
                /* Translators: a tooltip; %s a move */
                : g_strdup_printf (_("%s: as good as the best move, to three significant "
                                     "digits."), move_name (m));
        }
      else
        {
          g_autofree char *below = format_number (top - r->values[m]);
          g_autofree char *share = format_percent (span > 0 ? (r->values[m] - top) / span : 0);

          row->value_text = g_steal_pointer (&difference);
          row->detail_text = g_strdup (share);
          gap = bottom == 0
                /* Translators: a tooltip; %s a move, %s points, %s a percentage */
                ? g_strdup_printf (_("%s: %s heuristic points below the best move (%s of the "
                                     "best's value)."), move_name (m), below, share)
                /* Translators: a tooltip; %s a move, %s points, %s a percentage */
                : g_strdup_printf (_("%s: %s heuristic points below the best move (%s of the "
                                     "best's value above a lost game)."), move_name (m), below,
                                   share);
        }
      unit = g_strdup_printf (g_dngettext (NULL,
                                           /* Translators: the unit of a move's value; %u a depth */
                                           "Heuristic points: the expected evaluation of the "
                                           "position after this move, searched %u move deep.",
                                           "Heuristic points: the expected evaluation of the "
                                           "position after this move, searched %u moves deep.",
                                           r->depth),
                              r->depth);
      /* Translators: a tooltip line; %.1f a raw value in points */
      raw = g_strdup_printf (_("Value: %.1f points."), r->values[m]);
      row->tooltip = g_strjoin ("\n", gap, unit, raw, NULL);
    }
}

/* The tooltip of a sampled mean: @first_line, then its interval, the tie,
 * the unit and the raw numbers, a line each. */
static char *
sampled_tooltip (LhMoveChart *self, guint m, const char *first_line)
{
  const LhSolverResult *r = &self->result;
  double half = half_width (r, m);
  GString *text = g_string_new (first_line);

  g_string_append_c (text, '\n');
  if (isfinite (half))
    {
      g_autofree char *lo = format_number (r->values[m] - half);
      g_autofree char *hi = format_number (r->values[m] + half);

      /* Translators: a tooltip line; %s and %s the ends of an interval */
      g_string_append_printf (text, _("95 %% confidence interval: %s to %s."), lo, hi);
    }
  else
    /* Translators: a tooltip line, for a mean of a single sample */
    g_string_append (text, _("Too few samples for a confidence interval."));
  if (self->rows[m].tied)
    {
      g_string_append_c (text, '\n');
      /* Translators: a tooltip line */
      g_string_append (text, _("≈ Statistically tied with the best move: their intervals "
                               "overlap, so more playouts could reverse them."));
    }
  g_string_append_c (text, '\n');
  g_string_append (text, r->lost_value != 0
                   /* Translators: the unit of a sampling solver's value, playouts measured by the heuristic */
                   ? _("Unit: heuristic points of the positions the playouts from this move end "
                       "in, averaged.")
                   /* Translators: the unit of a sampling solver's value */
                   : _("Unit: the playout measure (points scored, by default) of the playouts "
                       "from this move, averaged."));
  g_string_append_c (text, '\n');
  /* Translators: a tooltip line; %.2f a mean, %.2f its standard error */
  g_string_append_printf (text, _("Mean: %.2f, standard error %.2f."), r->values[m],
                          r->std_errors[m]);
  return g_string_free (text, FALSE);
}

/* Monte Carlo, MDP Monte Carlo: the mean ± half its 95 % interval, an
 * error bar, the playouts; ties with the best marked. */
static void
fill_sampled (LhMoveChart *self, int best, double bottom)
{
  const LhSolverResult *r = &self->result;
  double top = -INFINITY, span;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m])
      top = MAX (top, r->values[m] + (isfinite (half_width (r, m)) ? half_width (r, m) : 0));
  span = top - bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      Row *row = &self->rows[m];
      double half = half_width (r, m);
      g_autofree char *count = NULL;
      g_autofree char *playouts = NULL;
      g_autofree char *first = NULL;

      if (!r->legal[m])
        continue;
      row->tied = is_tied (r, m, best);
      row->fraction = scale_fraction (r->values[m], bottom, span);
      if (isfinite (half))
        {
          row->lo = scale_fraction (r->values[m] - half, bottom, span);
          row->hi = scale_fraction (r->values[m] + half, bottom, span);
        }
      row->value_text = format_interval (r->values[m], half);
      count = format_count (r->visits[m]);
      /* Translators: playouts behind a move's mean; %s a number */
      playouts = g_strdup_printf (g_dngettext (NULL, "%s playout", "%s playouts", r->visits[m]),
                                  count);
      row->detail_text = (int) m == best
                         /* Translators: the best move's mark; %s "N playouts" */
                         ? g_strdup_printf (_("best · %s"), playouts)
                         : row->tied
                         /* Translators: "statistically tied" mark; %s "N playouts" */
                         ? g_strdup_printf (_("≈ tied · %s"), playouts)
                         : g_strdup (playouts);
      first = self->solver == LH_SOLVER_MDP_MONTE_CARLO
              /* Translators: a tooltip line; %s a move, %s a mean, %s playouts */
              ? g_strdup_printf (_("%s: %s, weighted over the tile spawns (%s)."),
                                 move_name (m), row->value_text, playouts)
              /* Translators: a tooltip line; %s a move, %s a mean, %s playouts */
              : g_strdup_printf (_("%s: %s, the mean of %s."), move_name (m), row->value_text,
                                 playouts);
      row->tooltip = sampled_tooltip (self, m, first);
    }
}

/* MCTS: the share of the root's visits as the bar and the main label, the
 * mean and its interval beside it. */
static void
fill_visits (LhMoveChart *self, int best)
{
  const LhSolverResult *r = &self->result;
  guint64 total = 0, most = 0;
  g_autofree char *total_text = NULL;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m])
      {
        total += r->visits[m];
        most = MAX (most, r->visits[m]);
      }
  total_text = format_count (total);

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      Row *row = &self->rows[m];
      double share = total > 0 ? (double) r->visits[m] / (double) total : 0;
      g_autofree char *mean = NULL;
      g_autofree char *count = NULL;
      g_autofree char *first = NULL;
      g_autofree char *percent = NULL;

      if (!r->legal[m])
        continue;
      row->tied = is_tied (r, m, best);
      row->fraction = most > 0 ? (double) r->visits[m] / (double) most : 0;
      percent = g_strdup_printf ("%.0f %%", 100 * share);
      row->value_text = g_strdup (percent);
      mean = format_interval (r->values[m], half_width (r, m));
      count = format_count (r->visits[m]);
      row->detail_text = g_strdup_printf (row->tied
                                          /* Translators: MCTS: %s "141 ± 2.87", %s visits; tied */
                                          ? _("≈ tied · mean %s · %s visits")
                                          /* Translators: MCTS: %s "141 ± 2.87", %s visits */
                                          : _("mean %s · %s visits"), mean, count);
      /* Translators: a tooltip line; %s a move, %s a percentage, %s visits, %s all visits */
      first = g_strdup_printf (_("%s: %s of the search's visits (%s of %s); the search spends its "
                                 "visits on the moves it rates best. Mean value %s."),
                               move_name (m), percent, count,
                               total_text, mean);
      row->tooltip = sampled_tooltip (self, m, first);
    }
}

/* The chart in words for screen readers: each row as its labels read. */
static void
update_description (LhMoveChart *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (!self->has_values)
    g_string_append (text, _("No search yet."));
  for (guint m = 0; self->has_values && m < LH_N_MOVES; m++)
    {
      const Row *row = &self->rows[m];

      if (m > 0)
        g_string_append_c (text, ' ');
      if (row->detail_text != NULL)
        /* Translators: %s a move (Up, Down...), %s its value, %s more about it */
        g_string_append_printf (text, _("%s: %s, %s."), move_name (m), row->value_text,
                                row->detail_text);
      else
        /* Translators: %s a move (Up, Down...), %s its value */
        g_string_append_printf (text, _("%s: %s."), move_name (m), row->value_text);
    }
  if (self->has_values && self->result.move >= 0 && self->result.move < LH_N_MOVES)
    /* Translators: %s the move the AI chose */
    g_string_append_printf (text, _(" Chosen: %s."), move_name ((guint) self->result.move));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

/* Fills the rows from self->result. */
static void
update_rows (LhMoveChart *self)
{
  const LhSolverResult *r = &self->result;
  int best = best_move (r);
  double lowest = INFINITY, bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      row_clear (&self->rows[m]);
      if (self->has_values && !r->legal[m])
        /* Translators: shown in the chart of move values for a move that changes nothing */
        self->rows[m].value_text = g_strdup (_("not possible"));
      if (r->legal[m])
        lowest = MIN (lowest, r->values[m]);
    }
  /* The scale's bottom: 0 while every value is positive (shares of the best
   * read as they should), the value of a lost game once one is not; never
   * above a value. */
  bottom = lowest >= 0 && r->lost_value <= 0 ? 0 : MIN (r->lost_value, lowest);
  if (self->has_values && best != LH_MOVE_NONE)
    switch (mode_of (self->solver))
      {
      case MODE_SAMPLED:
        fill_sampled (self, best, bottom);
        break;
      case MODE_VISITS:
        fill_visits (self, best);
        break;
      case MODE_EXPECTED:
      default:
        fill_expected (self, best, bottom);
        break;
      }
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Drawing ---- */

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

/* The label under a bar: the value text (bold for the chosen move), then
 * the detail dimmed, ellipsized to @width. */
static PangoLayout *
make_label_layout (GtkWidget *widget, const Row *row, gboolean chosen, int width)
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
      g_autoptr(PangoLayout) name = make_layout (widget, move_name (m), TRUE);
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

  if (!self->has_values || y < PADDING)
    return LH_MOVE_NONE;
  m = (int) ((y - PADDING) / (ROW_HEIGHT + ROW_GAP));
  if (m >= LH_N_MOVES || y - row_y ((guint) m) >= ROW_HEIGHT || !self->result.legal[m])
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
  lookup_colour (widget, "accent_bg_color", "#3584e4", &accent);
  bar = track = dim = whisker = fg;
  bar.alpha = 0.32f;
  track.alpha = 0.08f;
  dim.alpha = 0.5f;
  whisker.alpha = 0.85f;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      const Row *row = &self->rows[m];
      double y = row_y (m);
      gboolean chosen = self->has_values && (int) m == self->result.move;
      gboolean possible = !self->has_values || self->result.legal[m];
      g_autoptr(PangoLayout) name = make_layout (widget, move_name (m), chosen);
      int w, h;

      if ((int) m == lh_move_chart_get_hovered_move (self))
        append_rounded (snapshot, 0, y - ROW_GAP / 2.0, width, ROW_HEIGHT + ROW_GAP, &track);
      pango_layout_get_pixel_size (name, &w, &h);
      append_layout_at (snapshot, name, PADDING, y + (ROW_HEIGHT - h) / 2.0, possible ? &fg : &dim);
      if (!self->has_values)
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
        g_autoptr(PangoLayout) label = make_label_layout (widget, row, chosen, (int) track_w);

        append_layout_at (snapshot, label, x0, y + TEXT_TOP, &fg);
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
      *minimum = 220;
      *natural = 360;
    }
  else
    *minimum = *natural = 2 * PADDING + LH_N_MOVES * ROW_HEIGHT + (LH_N_MOVES - 1) * ROW_GAP;
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

  if (m == LH_MOVE_NONE || self->rows[m].tooltip == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, self->rows[m].tooltip);
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
  int before;

  g_return_if_fail (LH_IS_MOVE_CHART (self));
  g_return_if_fail (result != NULL);

  before = lh_move_chart_get_hovered_move (self);
  self->has_values = TRUE;
  self->solver = solver;
  self->result = *result;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      self->result.legal[m] = !!result->legal[m];
      if (!self->result.legal[m] || !isfinite (result->values[m]))
        self->result.values[m] = 0;
    }
  if (!isfinite (self->result.lost_value))
    self->result.lost_value = 0;
  update_rows (self);
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
lh_move_chart_clear (LhMoveChart *self)
{
  int before;

  g_return_if_fail (LH_IS_MOVE_CHART (self));

  before = lh_move_chart_get_hovered_move (self);
  self->has_values = FALSE;
  self->result = (LhSolverResult) { .move = LH_MOVE_NONE };
  update_rows (self);
  notify_hovered (self, before);
}

gboolean
lh_move_chart_get_value (LhMoveChart *self, LhMove move, double *value)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), FALSE);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, FALSE);

  if (!self->has_values || !self->result.legal[move])
    return FALSE;
  if (value != NULL)
    *value = self->result.values[move];
  return TRUE;
}

int
lh_move_chart_get_chosen (LhMoveChart *self)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), LH_MOVE_NONE);
  return self->has_values ? self->result.move : LH_MOVE_NONE;
}

const char *
lh_move_chart_get_value_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->rows[move].value_text;
}

const char *
lh_move_chart_get_detail_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->rows[move].detail_text;
}

const char *
lh_move_chart_get_tooltip_text (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), NULL);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, NULL);
  return self->rows[move].tooltip;
}

gboolean
lh_move_chart_get_tied (LhMoveChart *self, LhMove move)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), FALSE);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, FALSE);
  return self->rows[move].tied;
}

double
lh_move_chart_get_bar_fraction (LhMoveChart *self, LhMove move, double *lo, double *hi)
{
  g_return_val_if_fail (LH_IS_MOVE_CHART (self), 0);
  g_return_val_if_fail ((guint) move < LH_N_MOVES, 0);
  if (lo != NULL)
    *lo = self->rows[move].lo;
  if (hi != NULL)
    *hi = self->rows[move].hi;
  return self->rows[move].fraction;
}

static gboolean
shows_move (LhMoveChart *self, int move)
{
  return move != LH_MOVE_NONE && self->has_values && self->result.legal[move];
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

  for (guint m = 0; m < LH_N_MOVES; m++)
    row_clear (&self->rows[m]);
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

  self->result.move = LH_MOVE_NONE;
  self->pointer_move = self->selected_move = LH_MOVE_NONE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    self->rows[m].lo = self->rows[m].hi = NAN;
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
