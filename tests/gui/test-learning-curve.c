/* test-learning-curve.c: the Train… dialog's learning curve
 * (lh-learning-curve.h) in a real window on an X display (xvfb-run).
 *
 * Checked: the axes' round steps, points kept in the order of their games
 * (a resumed run that went back replaces the rest), values clamped, the
 * accessible description and the tooltip text following the last point,
 * and the drawing: the mean score's line in the accent colour appears once
 * there are points, where the points put it.  With LH_LEARNING_CURVE_SHOTS=DIR
 * the renderings are saved there as PNG files, to look at.
 */
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-learning-curve.h"
#include "lh-theme-colour.h"

static void
test_axis_step (void)
{
  g_assert_cmpfloat (lh_learning_curve_axis_step (100, 5), ==, 20);
  g_assert_cmpfloat (lh_learning_curve_axis_step (101, 5), ==, 50);
  g_assert_cmpfloat (lh_learning_curve_axis_step (45200, 5), ==, 10000);
  g_assert_cmpfloat (lh_learning_curve_axis_step (1, 5), ==, 0.2);
  g_assert_cmpfloat (lh_learning_curve_axis_step (7, 2), ==, 5);
  g_assert_cmpfloat (lh_learning_curve_axis_step (1e6, 10), ==, 1e5);
}

static LhLearningCurvePoint
point (guint64 games, double score, double s2048)
{
  return (LhLearningCurvePoint) { games, score, s2048, s2048 / 4, s2048 / 16 };
}

static void
test_points (void)
{
  g_autoptr(LhLearningCurve) curve = g_object_ref_sink (LH_LEARNING_CURVE (lh_learning_curve_new ()));
  LhLearningCurvePoint p;

  g_assert_cmpuint (lh_learning_curve_get_n_points (curve), ==, 0);
  for (guint i = 1; i <= 5; i++)
    {
      p = point (1000 * i, 5000.0 * i, 0.1 * i);
      lh_learning_curve_add_point (curve, &p);
    }
  g_assert_cmpuint (lh_learning_curve_get_n_points (curve), ==, 5);
  g_assert_cmpuint (lh_learning_curve_get_point (curve, 4)->games, ==, 5000);

  /* A resumed run from 3000 games on replaces the points from there. */
  p = point (3000, 100, 0);
  lh_learning_curve_add_point (curve, &p);
  g_assert_cmpuint (lh_learning_curve_get_n_points (curve), ==, 3);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 2)->mean_score, ==, 100);

  /* Shares are clamped to 0..1, scores to 0 and above. */
  p = (LhLearningCurvePoint) { 4000, -5, 1.5, -0.1, INFINITY };
  lh_learning_curve_add_point (curve, &p);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 3)->mean_score, ==, 0);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 3)->share_2048, ==, 1);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 3)->share_8192, ==, 0);
  g_assert_cmpfloat (lh_learning_curve_get_point (curve, 3)->share_16384, ==, 1);

  lh_learning_curve_clear (curve);
  g_assert_cmpuint (lh_learning_curve_get_n_points (curve), ==, 0);
}

/* Renders @widget; the pixels in *@data (RGBA, @stride bytes a row). */
static GBytes *
render (GtkWidget *widget, const char *name, gsize *stride)
{
  const char *dir = g_getenv ("LH_LEARNING_CURVE_SHOTS");
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  guchar *data;

  lh_gui_test_iterate_for (50);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 }, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (dir != NULL)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);

      g_assert_true (gdk_texture_save_to_png (texture, path));
    }
  *stride = 4 * (gsize) gdk_texture_get_width (texture);
  data = g_malloc (*stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, data, *stride);
  return g_bytes_new_take (data, *stride * gdk_texture_get_height (texture));
}

/* Whether a pixel of column @x (any row) has about @colour.  The texture's
 * bytes are B, G, R, A (gdk_texture_download()'s Cairo format). */
static gboolean
column_has_colour (GBytes *pixels, gsize stride, int x, const GdkRGBA *colour, int *row)
{
  gsize size;
  const guchar *data = g_bytes_get_data (pixels, &size);

  for (gsize y = 0; (y + 1) * stride <= size; y++)
    {
      const guchar *p = data + y * stride + 4 * x;

      if (abs (p[2] - (int) (255 * colour->red)) < 24 && abs (p[1] - (int) (255 * colour->green)) < 24
          && abs (p[0] - (int) (255 * colour->blue)) < 24)
        {
          *row = (int) y;
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_drawing (void)
{
  GtkWidget *curve = lh_learning_curve_new ();
  GtkWidget *window = lh_gui_test_show_in_window (curve, 520, 260);
  g_autoptr(GBytes) empty = NULL, rising = NULL;
  GdkRGBA accent;
  gsize stride;
  int w, row_left = -1, row_right = -1;

  lh_theme_colour (curve, "accent_color", "#1c71d8", &accent);
  lh_gui_test_iterate_for (100);
  w = gtk_widget_get_width (curve);
  empty = render (curve, "empty", &stride);
  /* No point: no accent line anywhere in the middle. */
  g_assert_false (column_has_colour (empty, stride, w / 2, &accent, &row_left));

  /* A rising mean score: its line is lower (a larger y) on the left than
   * on the right. */
  for (guint i = 1; i <= 40; i++)
    {
      LhLearningCurvePoint p = point (500 * i, 1000.0 * i, MIN (1.0, 0.03 * i));

      lh_learning_curve_add_point (LH_LEARNING_CURVE (curve), &p);
    }
  /* The widget redraws on its next frame: wait for it (under ASan a frame
   * comes late). */
  lh_gui_test_iterate_for (300);
  rising = render (curve, "rising", &stride);
  g_assert_true (column_has_colour (rising, stride, w / 4, &accent, &row_left));
  g_assert_true (column_has_colour (rising, stride, 3 * w / 4, &accent, &row_right));
  g_assert_cmpint (row_left, >, row_right);

  /* The last point's figures, read by screen readers. */
  {
    g_autofree char *games = g_strdup_printf ("%'d", 20000);
    g_autofree char *expected = g_strdup_printf ("After %s games: mean score 40k; 2048 reached in "
                                                 "100 %%, 8192 in 25 %%, 16384 in 6 %%", games);
    g_autofree char *mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (curve),
                                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                                    expected);

    if (mismatch != NULL)
      g_test_message ("description: %s", mismatch);
    g_assert_null (mismatch);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);
  g_test_add_func ("/learning-curve/axis-step", test_axis_step);
  g_test_add_func ("/learning-curve/points", test_points);
  g_test_add_func ("/learning-curve/drawing", test_drawing);
  return g_test_run ();
}
