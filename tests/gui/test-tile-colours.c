/* test-tile-colours.c: the board's tile colours past 32768 (issue 28): each
 * tile up to 2^20 has a colour of its own, and the digits of every tile from
 * 4096 up read on it at a contrast of at least 4.5 (WCAG 2, level AA).  No
 * display. */
#include <gtk/gtk.h>

#include "lh-board-view.h"

static gboolean
same_colour (const GdkRGBA *a, const GdkRGBA *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

static void
test_distinct (void)
{
  for (guint e = 1; e <= 20; e++)
    for (guint f = 1; f < e; f++)
      {
        GdkRGBA a, b;

        lh_board_view_get_tile_colours (e, &a, NULL);
        lh_board_view_get_tile_colours (f, &b, NULL);
        if (same_colour (&a, &b))
          g_error ("tiles %u and %u share a colour", 1u << e, 1u << f);
      }
}

static void
test_contrast (void)
{
  GdkRGBA last;

  /* The original game's light tiles (2 to 2048) keep its colours. */
  for (guint e = 12; e <= LH_WIDE_MAX_EXPONENT; e++)
    {
      GdkRGBA bg, fg;

      lh_board_view_get_tile_colours (e, &bg, &fg);
      g_assert_cmpfloat (bg.alpha, ==, 1);
      if (lh_board_view_contrast_ratio (&fg, &bg) < 4.5)
        g_error ("the digits of 2^%u read at %.2f:1", e, lh_board_view_contrast_ratio (&fg, &bg));
    }
  /* Past 2^20 the colour of 2^20. */
  lh_board_view_get_tile_colours (20, &last, NULL);
  for (guint e = 21; e <= LH_WIDE_MAX_EXPONENT; e++)
    {
      GdkRGBA bg;

      lh_board_view_get_tile_colours (e, &bg, NULL);
      g_assert_true (same_colour (&bg, &last));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tile-colours/distinct", test_distinct);
  g_test_add_func ("/tile-colours/contrast", test_contrast);
  return g_test_run ();
}
