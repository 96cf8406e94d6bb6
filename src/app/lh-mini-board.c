/* lh-mini-board.c: a small static board (see lh-mini-board.h). */
#include "lh-mini-board.h"
#include "lh-theme-colour.h"

#include "lh-board-view.h"
#include "lh-format.h"

#include <math.h>
#include <string.h>

#define GAP_FRACTION 0.12

struct _LhMiniBoard
{
  GtkWidget  parent_instance;

  LhWideBoard board;
  LhGeometry geometry;
  int        cell;
  int        marked;  /* stride x row + col of the ringed cell, or -1 */
};

G_DEFINE_FINAL_TYPE (LhMiniBoard, lh_mini_board, GTK_TYPE_WIDGET)

static void
lh_mini_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhMiniBoard *self = LH_MINI_BOARD (widget);
  double gap = MAX (1.0, self->cell * GAP_FRACTION);
  double w = self->geometry.cols * (self->cell + gap) + gap;
  double h = self->geometry.rows * (self->cell + gap) + gap;
  double x0 = (gtk_widget_get_width (widget) - w) / 2;
  double y0 = (gtk_widget_get_height (widget) - h) / 2;
  GskRoundedRect frame;
  GdkRGBA back;

  if (!lh_wide_geometry_is_valid (self->geometry))
    return;
  gdk_rgba_parse (&back, "#bbada0");
  gsk_rounded_rect_init_from_rect (&frame, &GRAPHENE_RECT_INIT (x0, y0, w, h), gap);
  gtk_snapshot_push_rounded_clip (snapshot, &frame);
  gtk_snapshot_append_color (snapshot, &back, &frame.bounds);
  gtk_snapshot_pop (snapshot);

  for (guint r = 0; r < self->geometry.rows; r++)
    for (guint c = 0; c < self->geometry.cols; c++)
      {
        guint exponent = lh_wide_board_get_cell (self->board, r, c);
        double x = x0 + gap + c * (self->cell + gap);
        double y = y0 + gap + r * (self->cell + gap);
        GskRoundedRect tile;
        GdkRGBA bg, fg;

        lh_board_view_get_tile_colours (exponent, &bg, &fg);
        gsk_rounded_rect_init_from_rect (&tile, &GRAPHENE_RECT_INIT (x, y, self->cell, self->cell),
                                         self->cell * 0.08);
        gtk_snapshot_push_rounded_clip (snapshot, &tile);
        gtk_snapshot_append_color (snapshot, &bg, &tile.bounds);
        gtk_snapshot_pop (snapshot);
        if ((int) (lh_geometry_cell_stride (self->geometry) * r + c) == self->marked)
          {
            GdkRGBA ring;
            float width = MAX (1.5f, self->cell * 0.12f);

            lh_theme_colour (widget, "accent_color", "#1c71d8", &ring);
            gtk_snapshot_append_border (snapshot, &tile,
                                        (float[4]) { width, width, width, width },
                                        (GdkRGBA[4]) { ring, ring, ring, ring });
          }

        if (exponent > 0)
          {
            char label[16];  /* 2^31 has 10 digits */
            g_autoptr(PangoLayout) text = NULL;
            PangoFontDescription *font;
            PangoRectangle ink;
            double px;

            g_snprintf (label, sizeof label, "%" G_GUINT64_FORMAT, lh_wide_tile_value (exponent));
            px = self->cell * (strlen (label) <= 2 ? 0.48 : strlen (label) == 3 ? 0.38
                               : strlen (label) == 4 ? 0.29 : 1.15 / strlen (label));
            text = gtk_widget_create_pango_layout (widget, label);
            font = pango_font_description_new ();
            pango_font_description_set_family (font, "Sans");
            pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
            pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
            pango_layout_set_font_description (text, font);
            pango_font_description_free (font);
            pango_layout_get_pixel_extents (text, &ink, NULL);
            gtk_snapshot_save (snapshot);
            gtk_snapshot_translate (snapshot,
                                    &GRAPHENE_POINT_INIT (x + self->cell / 2.0 - (ink.x + ink.width / 2.0),
                                                          y + self->cell / 2.0 - (ink.y + ink.height / 2.0)));
            gtk_snapshot_append_layout (snapshot, text, &fg);
            gtk_snapshot_restore (snapshot);
          }
      }
}

static void
lh_mini_board_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  LhMiniBoard *self = LH_MINI_BOARD (widget);
  double gap = MAX (1.0, self->cell * GAP_FRACTION);
  guint cells = orientation == GTK_ORIENTATION_HORIZONTAL ? self->geometry.cols : self->geometry.rows;

  *minimum = *natural = (int) ceil (cells * (self->cell + gap) + gap);
}

/* The tiles in words for screen readers, as the game board says them. */
static void
update_description (LhMiniBoard *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (lh_wide_geometry_is_valid (self->geometry))
    lh_board_describe_wide_append (text, self->board, self->geometry);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text->str, -1);
}

void
lh_mini_board_set_board (LhMiniBoard *self, LhBoard board, LhGeometry geometry)
{
  g_return_if_fail (LH_IS_MINI_BOARD (self));
  lh_mini_board_set_wide_board (self, lh_geometry_is_valid (geometry) ? lh_wide_board_from_board (board, geometry) : 0,
                                geometry);
}

void
lh_mini_board_set_wide_board (LhMiniBoard *self, LhWideBoard board, LhGeometry geometry)
{
  g_return_if_fail (LH_IS_MINI_BOARD (self));

  if (!lh_geometry_equal (geometry, self->geometry))
    {
      self->geometry = geometry;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  self->board = board;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_description (self);
}

void
lh_mini_board_set_marked_cell (LhMiniBoard *self, int cell)
{
  g_return_if_fail (LH_IS_MINI_BOARD (self));
  g_return_if_fail (cell >= -1 && cell < LH_WIDE_N_CELLS);

  if (self->marked == cell)
    return;
  self->marked = cell;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
lh_mini_board_get_marked_cell (LhMiniBoard *self)
{
  g_return_val_if_fail (LH_IS_MINI_BOARD (self), -1);
  return self->marked;
}

LhBoard
lh_mini_board_get_board (LhMiniBoard *self)
{
  LhBoard narrow = 0;

  g_return_val_if_fail (LH_IS_MINI_BOARD (self), 0);
  return lh_wide_board_to_board (self->board, self->geometry, &narrow) ? narrow : 0;
}

LhWideBoard
lh_mini_board_get_wide_board (LhMiniBoard *self)
{
  g_return_val_if_fail (LH_IS_MINI_BOARD (self), 0);
  return self->board;
}

static void
lh_mini_board_class_init (LhMiniBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = lh_mini_board_snapshot;
  widget_class->measure = lh_mini_board_measure;
  gtk_widget_class_set_css_name (widget_class, "miniboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_mini_board_init (LhMiniBoard *self)
{
  self->geometry = LH_GEOMETRY_DEFAULT;
  self->cell = 24;
  self->marked = -1;
  update_description (self);
}

GtkWidget *
lh_mini_board_new (int cell_size)
{
  LhMiniBoard *self = g_object_new (LH_TYPE_MINI_BOARD, NULL);

  self->cell = CLAMP (cell_size, 12, 64);
  return GTK_WIDGET (self);
}
