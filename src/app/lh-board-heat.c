/* lh-board-heat.c: the board's heat map (see lh-board-heat.h). */
#include "lh-board-heat.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-board-view.h"
#include "lh-format.h"
#include "lh-heuristic-params.h"

/* GNOME's palette: Blue 3 for a positive value, Red 4 for a negative one. */
static const GdkRGBA heat_positive = { 0.110f, 0.443f, 0.847f, 1.0f };
static const GdkRGBA heat_negative = { 0.753f, 0.110f, 0.157f, 1.0f };
/* The ring's width, as a share of the cell's side, at strength 0 and 1
 * (never under 2 px); its opacity at strength 0 (1 at strength 1). */
#define RING_MIN_WIDTH 0.03
#define RING_MAX_WIDTH 0.12
#define RING_MIN_ALPHA 0.55

gboolean
lh_heat_scale_init (LhHeatScale *scale, const double cells[LH_WIDE_N_CELLS])
{
  double top = 0, least = INFINITY;

  g_return_val_if_fail (scale != NULL && cells != NULL, FALSE);

  for (guint i = 0; i < LH_WIDE_N_CELLS; i++)
    if (isfinite (cells[i]) && cells[i] != 0)
      {
        top = MAX (top, fabs (cells[i]));
        least = MIN (least, fabs (cells[i]));
      }
  if (top == 0)
    {
      *scale = (LhHeatScale) { 0, 0 };
      return FALSE;
    }
  scale->top = top;
  scale->floor = MAX (least, top * pow (10, -LH_HEAT_SCALE_DECADES));
  return TRUE;
}

double
lh_heat_scale_strength (const LhHeatScale *scale, double value)
{
  double a = fabs (value);

  g_return_val_if_fail (scale != NULL, 0);

  if (!isfinite (value) || value == 0 || scale->top <= 0)
    return 0;
  if (scale->top <= scale->floor * (1 + 1e-9))
    return 1;
  a = CLAMP (a, scale->floor, scale->top);
  return LH_HEAT_MIN_STRENGTH
         + (1 - LH_HEAT_MIN_STRENGTH) * log (a / scale->floor) / log (scale->top / scale->floor);
}

void
lh_board_heat_get_colours (double value, guint exponent, GdkRGBA *ring, GdkRGBA *edge)
{
  static const GdkRGBA black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };
  GdkRGBA tile;

  g_return_if_fail (ring != NULL && edge != NULL);

  *ring = value >= 0 ? heat_positive : heat_negative;
  lh_board_view_get_tile_colours (exponent, &tile, NULL);
  *edge = lh_board_view_contrast_ratio (&black, &tile) >= lh_board_view_contrast_ratio (&white, &tile)
          ? black : white;
}

/* The value of a cell in a dark pill at the bottom of @box. */
static void
append_pill (GtkSnapshot *snapshot, GtkWidget *widget, const char *text,
             const graphene_rect_t *box, double fade)
{
  g_autoptr(PangoLayout) pango = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_copy (
    pango_context_get_font_description (pango_layout_get_context (pango)));
  GdkRGBA bg = { 0, 0, 0, 0.62f }, fg = { 1, 1, 1, 1 };
  double size = box->size.width, pad = size * 0.035, w, h, px, py;
  PangoRectangle ink, logical;
  GskRoundedRect rect;

  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (8.0, size * 0.13) * PANGO_SCALE);
  pango_layout_set_font_description (pango, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_extents (pango, &ink, &logical);
  w = logical.width + 4 * pad;
  h = logical.height + pad;
  px = box->origin.x + (size - w) / 2;
  py = box->origin.y + size - h - size * 0.06;
  bg.alpha *= (float) fade;
  fg.alpha = (float) fade;
  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (px, py, w, h), h / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &bg, &GRAPHENE_RECT_INIT (px, py, w, h));
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (px + (w - logical.width) / 2 - logical.x,
                                                py + (h - logical.height) / 2 - logical.y));
  gtk_snapshot_append_layout (snapshot, pango, &fg);
  gtk_snapshot_restore (snapshot);
}

/* A border of @width inside @rect, in @colour at opacity @alpha. */
static void
append_border (GtkSnapshot *snapshot, const GskRoundedRect *rect, float width, GdkRGBA colour, float alpha)
{
  GdkRGBA colours[4];

  colour.alpha = alpha;
  for (guint k = 0; k < 4; k++)
    colours[k] = colour;
  gtk_snapshot_append_border (snapshot, rect, (float[4]) { width, width, width, width }, colours);
}

void
lh_board_heat_append (GtkSnapshot           *snapshot,
                      GtkWidget             *widget,
                      const double           cells[LH_WIDE_N_CELLS],
                      LhWideBoard            board,
                      LhGeometry             geometry,
                      const graphene_rect_t *cell_boxes,
                      double                 radius,
                      double                 fade)
{
  LhHeatScale scale;

  g_return_if_fail (snapshot != NULL && cells != NULL && cell_boxes != NULL);

  if (fade <= 0 || !lh_heat_scale_init (&scale, cells))
    return;
  for (guint r = 0; r < geometry.rows; r++)
    for (guint c = 0; c < geometry.cols; c++)
      {
        const graphene_rect_t *box = &cell_boxes[LH_WIDE_CELL (r, c)];
        double v = cells[LH_WIDE_CELL (r, c)], strength = lh_heat_scale_strength (&scale, v);
        double size = box->size.width;
        float width, edge_width = (float) MAX (1.0, floor (size * 0.012));
        g_autofree char *text = NULL;
        GskRoundedRect outer, inner;
        GdkRGBA ring, edge;

        if (strength <= 0)
          continue;
        lh_board_heat_get_colours (v, lh_wide_board_get_cell (board, r, c), &ring, &edge);
        width = (float) MAX (2.0, round (size * (RING_MIN_WIDTH + (RING_MAX_WIDTH - RING_MIN_WIDTH) * strength)));
        gsk_rounded_rect_init_from_rect (&outer, box, radius);
        append_border (snapshot, &outer, width, ring,
                       (float) (fade * (RING_MIN_ALPHA + (1 - RING_MIN_ALPHA) * strength)));
        /* The edge lines the ring's inner side, on the tile. */
        gsk_rounded_rect_init_from_rect (&inner,
                                         &GRAPHENE_RECT_INIT (box->origin.x + width, box->origin.y + width,
                                                              size - 2 * width, box->size.height - 2 * width),
                                         MAX (0, radius - width));
        append_border (snapshot, &inner, edge_width, edge, (float) (fade * 0.6));

        text = lh_format_compact (v, TRUE);
        if (size >= 40 && strcmp (text, "0") != 0)
          append_pill (snapshot, widget, text, box, fade);
      }
}

/* @value in three significant digits, with its sign: lh_format_compact()
 * down to 0.01, "%.3g" below (0.00195). */
static char *
format_value (double value)
{
  if (fabs (value) >= 0.01)
    return lh_format_compact (value, TRUE);
  return g_strdup_printf ("%s%.3g", value < 0 ? "−" : "+", fabs (value));
}

char *
lh_board_heat_describe_cell (const double cells[LH_WIDE_N_CELLS], guint row, guint col,
                             gboolean network)
{
  double v, sum = 0;
  g_autofree char *value = NULL;
  g_autofree char *total = NULL;
  g_autofree char *share = NULL;

  g_return_val_if_fail (cells != NULL && row < LH_WIDE_MAX_SIDE && col < LH_WIDE_MAX_SIDE, NULL);

  v = cells[LH_WIDE_CELL (row, col)];
  if (v == 0 || !isfinite (v))
    return NULL;
  for (guint i = 0; i < LH_WIDE_N_CELLS; i++)
    if (isfinite (cells[i]))
      sum += cells[i];
  value = format_value (v);
  total = lh_format_compact (sum, FALSE);
  /* The share of the map's sum, when it means something (a sum of one sign). */
  if (sum != 0 && v / sum >= 0 && v / sum <= 1)
    share = 100 * v / sum >= 0.1 ? g_strdup_printf ("%.1f", 100 * v / sum) : g_strdup ("< 0.1");
  if (network)
    return share != NULL
      /* Translators: row and column (from 1) of a cell, its share of the
       * network's value ("+1.23k"), that share in percent ("12.5", "< 0.1")
       * and the network's value of the whole board ("9.87k") */
      ? g_strdup_printf (_("Row %u, column %u: %s of the points still to score as the network values this cell, %s %% of the board's %s"),
                         row + 1, col + 1, value, share, total)
      : g_strdup_printf (_("Row %u, column %u: %s of the points still to score as the network values this cell"),
                         row + 1, col + 1, value);
  return share != NULL
    /* Translators: row and column (from 1) of a cell, its value ("+0.25",
     * "+0.00195"), the names of the two per-cell terms (Snake, Corner
     * gradient), the value's share of their total in percent and that total */
    ? g_strdup_printf (_("Row %u, column %u: %s points from the per-cell terms (%s, %s), %s %% of their %s on this board"),
                       row + 1, col + 1, value, lh_term_get_label (LH_TERM_SNAKE),
                       lh_term_get_label (LH_TERM_GRADIENT), share, total)
    : g_strdup_printf (_("Row %u, column %u: %s points from the per-cell terms (%s, %s)"),
                       row + 1, col + 1, value, lh_term_get_label (LH_TERM_SNAKE),
                       lh_term_get_label (LH_TERM_GRADIENT));
}
