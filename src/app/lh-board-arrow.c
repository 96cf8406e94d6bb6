/* lh-board-arrow.c: the arrows over the board (see lh-board-arrow.h). */
#include "lh-board-arrow.h"

/* GNOME's palette: Blue 3 and Orange 4, translucent over the tiles. */
static const GdkRGBA best_colour = { 0.110f, 0.443f, 0.847f, 0.55f };
static const GdkRGBA played_colour = { 0.902f, 0.380f, 0.000f, 0.75f };

void
lh_board_arrow_append (GtkSnapshot           *snapshot,
                       const graphene_rect_t *area,
                       int                    move,
                       LhBoardArrowStyle      style,
                       gboolean               shifted)
{
  double cx = area->origin.x + area->size.width / 2;
  double cy = area->origin.y + area->size.height / 2;
  double len = MIN (area->size.width, area->size.height) * 0.26;
  double angle, start = -len, end = len * 0.9;
  double dashes[] = { len * 0.22, len * 0.2 };
  cairo_t *cr;

  switch (move)
    {
    case LH_MOVE_UP: angle = -G_PI / 2; break;
    case LH_MOVE_DOWN: angle = G_PI / 2; break;
    case LH_MOVE_LEFT: angle = G_PI; break;
    case LH_MOVE_RIGHT: angle = 0; break;
    default: return;
    }
  if (shifted)
    {
      /* Ahead of the centre, so an arrow the other way does not cross it. */
      start = len * 0.25;
      end = len * 1.45;
    }

  cr = gtk_snapshot_append_cairo (snapshot, area);
  gdk_cairo_set_source_rgba (cr, style == LH_BOARD_ARROW_PLAYED ? &played_colour : &best_colour);
  cairo_translate (cr, cx, cy);
  cairo_rotate (cr, angle);
  cairo_set_line_width (cr, len * 0.16);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (style == LH_BOARD_ARROW_PLAYED)
    cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_move_to (cr, start, 0);
  cairo_line_to (cr, end, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_move_to (cr, end - len * 0.7, -len * 0.6);
  cairo_line_to (cr, end + len * 0.05, 0);
  cairo_line_to (cr, end - len * 0.7, len * 0.6);
  cairo_stroke (cr);
  cairo_destroy (cr);
}
