/* test-tree-export.c: SVG and PNG figures of a search-tree record
 * (lh-tree-export.h): the SVG holds one shape per recorded (visible) node,
 * counted by its kind's fill colour; the PNG is a valid image of the expected
 * size; scale clamping; atomic writes and errors. */
#include <math.h>
#include <string.h>
#include <cairo.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-tree-export.h"
#include "lh-tree-layout.h"
#include "lh-tree-render.h"
#include "lh-test-util.h"


/* Counts the SVG's <path> elements filled with each kind's colour: cairo
 * writes one <path style="...fill:rgb(R%,G%,B%)..."> per fill (a fill and
 * the stroke of the same path become one element). */
static void
count_kind_fills (const char *svg, guint counts[3])
{
  double colors[3][3];
  const char *p = svg;

  for (guint k = 0; k < 3; k++)
    {
      lh_tree_render_get_kind_color ((LhSearchNodeKind) k, FALSE, colors[k]);
      counts[k] = 0;
    }
  while ((p = strstr (p, "<path")) != NULL)
    {
      const char *end = strchr (p, '>');
      const char *fill;
      double rgb[3];

      g_assert_nonnull (end);
      fill = g_strstr_len (p, end - p, "fill:rgb(");
      if (fill != NULL)
        {
          char *q = (char *) fill + strlen ("fill:rgb(");
          for (guint i = 0; i < 3; i++)
            {
              rgb[i] = g_ascii_strtod (q, &q) / 100.0;
              g_assert_true (*q == '%');
              q += 2;  /* "%," or "%)" */
            }
          for (guint k = 0; k < 3; k++)
            if (fabs (rgb[0] - colors[k][0]) < 2e-3 && fabs (rgb[1] - colors[k][1]) < 2e-3
                && fabs (rgb[2] - colors[k][2]) < 2e-3)
              counts[k]++;
        }
      p = end;
    }
}

static void
check_svg (const LhSearchTree *tree, const guint8 *collapsed, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *svg = NULL;
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, collapsed);
  guint expected[3] = { 0, 0, 0 }, counts[3];
  guint n = lh_search_tree_get_n_nodes (tree);
  double fw, fh;

  g_assert_true (lh_tree_export_svg (tree, collapsed, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &svg, NULL, &error));
  g_assert_true (g_str_has_prefix (svg, "<?xml"));
  g_assert_nonnull (strstr (svg, "</svg>"));

  for (guint v = 0; v < n; v++)
    if (lh_tree_layout_is_visible (layout, v))
      expected[lh_search_tree_get_node (tree, v)->kind]++;
  count_kind_fills (svg, counts);
  /* One shape per drawn node, plus one legend swatch per kind. */
  for (guint k = 0; k < 3; k++)
    g_assert_cmpuint (counts[k], ==, expected[k] + 1);

  /* The page is the figure's size. */
  g_assert_true (lh_tree_export_get_size (tree, collapsed, &fw, &fh));
  {
    g_autofree char *wattr = g_strdup_printf ("width=\"%dpx\"", (int) ceil (fw));
    g_assert_nonnull (strstr (svg, wattr));
  }
}

static void
test_svg_one_shape_per_node (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-tree-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.svg", NULL);
  const char *boards[] = { "1210/0100/0000/0021", "123/0a1/200", "b987/3562/1200/0100" };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint depth = 1; depth <= 2; depth++)
      {
        g_autoptr (LhSearchTree) tree = lh_test_search_record (boards[b], depth, 5000);
        guint n = lh_search_tree_get_n_nodes (tree);
        guint8 *collapsed = g_new0 (guint8, n);

        check_svg (tree, NULL, path);
        /* Collapse every other child of the root: their subtrees vanish. */
        {
          guint k = 0;
          for (guint32 c = lh_search_tree_get_node (tree, 0)->first_child; c != LH_SEARCH_NODE_NONE;
               c = lh_search_tree_get_node (tree, c)->next_sibling)
            collapsed[c] = k++ % 2 == 0;
        }
        check_svg (tree, collapsed, path);
        g_free (collapsed);
      }

  /* A record that filled its budget: still one shape per recorded node. */
  {
    g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 1500);
    g_assert_true (lh_search_tree_is_full (tree));
    check_svg (tree, NULL, path);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
check_png (const LhSearchTree *tree, double scale, gboolean clamped, const char *path)
{
  g_autoptr (GError) error = NULL;
  cairo_surface_t *image;
  double fw, fh;
  int width, height, stride, dark = 0;
  const guint8 *data;

  g_assert_true (lh_tree_export_png (tree, NULL, scale, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_true (lh_tree_export_get_size (tree, NULL, &fw, &fh));
  width = cairo_image_surface_get_width (image);
  height = cairo_image_surface_get_height (image);
  if (clamped)
    g_assert_cmpfloat (lh_tree_export_png_scale (fw, fh, scale), <, scale);
  else
    g_assert_cmpfloat (lh_tree_export_png_scale (fw, fh, scale), ==, scale);
  scale = lh_tree_export_png_scale (fw, fh, scale);
  g_assert_cmpint (width, ==, (int) ceil (fw * scale - 1e-6));
  g_assert_cmpint (height, ==, (int) ceil (fh * scale - 1e-6));
  g_assert_cmpint (width, <=, (int) LH_TREE_EXPORT_PNG_MAX_SIDE);

  /* A white page with a drawing on it. */
  stride = cairo_image_surface_get_stride (image);
  data = cairo_image_surface_get_data (image);
  g_assert_cmphex (*(const guint32 *) data & 0xffffff, ==, 0xffffff);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if ((((const guint32 *) (data + y * stride))[x] & 0xff) < 0x80)
        dark++;
  g_assert_cmpint (dark, >, width * height / 1000);
  cairo_surface_destroy (image);
}

static void
test_png (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lh-tree-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.png", NULL);
  g_autoptr (LhSearchTree) small = lh_test_search_record ("123/0a1/200", 1, 5000);
  g_autoptr (LhSearchTree) wide = lh_test_search_record ("1210/0100/0000/0021", 2, 5000);
  GDir *d;

  check_png (small, 1, FALSE, path);
  check_png (small, 2, FALSE, path);
  /* 23,000 units wide: scale 2 is lowered to fit 32767 px. */
  check_png (wide, 1, FALSE, path);
  check_png (wide, 2, TRUE, path);

  /* Replacing the file leaves no temporary file behind. */
  d = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (d), ==, "tree.png");
  g_assert_null (g_dir_read_name (d));
  g_dir_close (d);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_png_scale_clamp (void)
{
  double s;

  g_assert_cmpfloat (lh_tree_export_png_scale (1000, 500, 2), ==, 2);
  s = lh_tree_export_png_scale (5.8e6, 800, 2);
  g_assert_cmpfloat (ceil (5.8e6 * s), <=, LH_TREE_EXPORT_PNG_MAX_SIDE);
  g_assert_cmpfloat (ceil (5.8e6 * s), >=, LH_TREE_EXPORT_PNG_MAX_SIDE - 1);
  s = lh_tree_export_png_scale (30000, 30000, 1);
  g_assert_cmpfloat (ceil (30000 * s) * ceil (30000 * s), <=, LH_TREE_EXPORT_PNG_MAX_PIXELS);
  s = lh_tree_export_png_scale (800, 60000, 1);
  g_assert_cmpfloat (ceil (60000 * s), <=, LH_TREE_EXPORT_PNG_MAX_SIDE);
}

static void
test_errors (void)
{
  g_autoptr (LhSearchTree) empty = lh_search_tree_new (10);
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("12/01", 1, 100);
  g_autofree char *dir = g_dir_make_tmp ("lh-tree-export-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "tree.svg", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.png", NULL);
  GError *error = NULL;

  g_assert_false (lh_tree_export_svg (empty, NULL, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_false (lh_tree_export_svg (tree, NULL, missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_false (lh_tree_export_png (tree, NULL, 0, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "scale"));
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Reads the pixel at device (@x, @y) as 0..1 RGB. */
static void
pixel (cairo_surface_t *surface, int x, int y, double rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = ((const guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x];

  rgb[0] = ((p >> 16) & 0xff) / 255.0;
  rgb[1] = ((p >> 8) & 0xff) / 255.0;
  rgb[2] = (p & 0xff) / 255.0;
}

/* Far out with the rows spread (a vertical scale larger than the
 * horizontal, as the window fits a very wide tree): every row shows node
 * marks as tall as a box at the vertical scale, at least two (or one per
 * node) per row. */
static void
test_render_rows_apart (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 20000);
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 400);
  LhTreeRenderStyle style;
  double width, height, sx, sy = LH_TREE_RENDER_SHAPES_ZOOM;
  cairo_t *cr;

  lh_tree_render_style_init (&style);
  lh_tree_layout_get_size (layout, &width, &height);
  sx = 600 / width;
  g_assert_cmpfloat (sx, <, sy / 4);
  g_assert_cmpfloat (height * sy, <, 400);

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.5, 0.0, 0.5);  /* a colour no node uses */
  cairo_paint (cr);
  cairo_scale (cr, sx, sy);
  lh_tree_render (cr, tree, layout, &style, 0, 0, 600 / sx, 400 / sy);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (guint r = 0; r < lh_tree_layout_get_n_rows (layout); r++)
    {
      guint n, marked = 0;
      const guint32 *row = lh_tree_layout_get_row (layout, r, &n);
      double top = lh_tree_layout_row_y (r) * sy;

      for (guint i = 0; i < n; i++)
        {
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, row[i]);
          int px = (int) floor ((ln->x + LH_TREE_LAYOUT_NODE_WIDTH / 2) * sx);
          guint painted = 0;

          /* The mark's column through the box's height (its outermost
           * pixels may be antialiased). */
          for (int py = (int) ceil (top) + 1; py < (int) floor (top + LH_TREE_LAYOUT_NODE_HEIGHT * sy) - 1; py++)
            {
              double got[3];

              pixel (surface, px, py, got);
              painted += fabs (got[0] - 0.5) > 0.05 || got[1] > 0.05 ? 1 : 0;
            }
          if (painted >= (guint) (LH_TREE_LAYOUT_NODE_HEIGHT * sy) - 3)
            marked++;
        }
      g_assert_cmpuint (marked, >=, MIN (n, 2u));
    }
  cairo_surface_destroy (surface);
}

/* lh_tree_render() of a viewport: each node in view shows its kind's fill
 * (next to its text), at zoom 1 and 0.5 and in the dark scheme; a redraw of
 * a viewport far outside the tree draws nothing. */
static void
test_render_viewport (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 20000);
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 600, 400);
  LhTreeRenderStyle style;
  double zooms[] = { 1.0, 0.5 }, width, height;
  guint checked = 0;

  lh_tree_render_style_init (&style);
  lh_tree_layout_get_size (layout, &width, &height);
  for (guint dark = 0; dark <= 1; dark++)
    for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
      {
        double zoom = zooms[z], vx = width / 2 - 300 / zoom, vy = 0;
        cairo_t *cr = cairo_create (surface);

        style.dark = dark;
        cairo_set_source_rgb (cr, 0.5, 0.0, 0.5);  /* a colour no node uses */
        cairo_paint (cr);
        cairo_scale (cr, zoom, zoom);
        cairo_translate (cr, -vx, -vy);
        lh_tree_render (cr, tree, layout, &style, vx, vy, 600 / zoom, 400 / zoom);
        cairo_destroy (cr);
        cairo_surface_flush (surface);

        for (guint r = 0; r < lh_tree_layout_get_n_rows (layout); r++)
          {
            guint n;
            const guint32 *row = lh_tree_layout_get_row (layout, r, &n);

            for (guint i = 0; i < n; i++)
              {
                const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, row[i]);
                /* Inside the shape, above the centred value text. */
                double px = (ln->x + LH_TREE_LAYOUT_NODE_WIDTH / 2 - vx) * zoom;
                double py = (ln->y + 7 - vy) * zoom;
                double want[3], got[3];

                if (px < 1 || py < 1 || px >= 599 || py >= 399)
                  continue;
                lh_tree_render_get_kind_color (lh_search_tree_get_node (tree, row[i])->kind, dark, want);
                pixel (surface, (int) px, (int) py, got);
                for (guint c = 0; c < 3; c++)
                  g_assert_cmpfloat (fabs (got[c] - want[c]), <, 0.02);
                checked++;
              }
          }
      }
  g_assert_cmpuint (checked, >, 20);

  /* Off the tree: the background stays untouched. */
  {
    cairo_t *cr = cairo_create (surface);
    double got[3];

    cairo_set_source_rgb (cr, 0.5, 0.0, 0.5);
    cairo_paint (cr);
    cairo_translate (cr, -(width + 5000), 0);
    lh_tree_render (cr, tree, layout, &style, width + 5000, 0, 600, 400);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    for (int y = 0; y < 400; y += 7)
      for (int x = 0; x < 600; x += 7)
        {
          pixel (surface, x, y, got);
          g_assert_cmpfloat (fabs (got[0] - 0.5), <, 0.01);
          g_assert_cmpfloat (got[1], <, 0.01);
        }
  }
  cairo_surface_destroy (surface);
}

/* The save dialog's name follows the chosen type. */
static void
test_name_with_extension (void)
{
  const char *cases[][3] = {
    { "search-tree.svg", "png", "search-tree.png" },
    { "search-tree.png", "json", "search-tree.json" },
    { "search-tree.json", "svg", "search-tree.svg" },
    { "Tree.SVG", "png", "Tree.png" },
    { "my.tree.svg", "png", "my.tree.png" },
    { "results v1.2", "png", "results v1.2.png" },
    { "no extension", "svg", "no extension.svg" },
    { "notes.txt", "json", "notes.txt.json" },
    { ".png", "svg", ".png.svg" },          /* a dot file, not an extension */
    { "arbre-é.svg", "png", "arbre-é.png" },
    { "", "png", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = lh_tree_export_name_with_extension (cases[i][0], cases[i][1]);
      g_assert_cmpstr (name, ==, cases[i][2]);
    }
}

/* The title names the root board as a person reads it: tiles, not hex. */
static void
test_title_tiles (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 2, 5000);
  g_autoptr (LhSearchTree) small = lh_test_search_record ("123/0a1/200", 1, 5000);
  g_autoptr (LhSearchTree) full = lh_test_search_record ("1210/0100/0000/0021", 3, 1500);
  g_autofree char *title = lh_tree_export_title (tree);
  g_autofree char *small_title = lh_tree_export_title (small);
  g_autofree char *full_title = lh_tree_export_title (full);
  g_autofree char *expected = g_strdup_printf ("Search tree of 2 4 2 0/0 2 0 0/0 0 0 0/0 0 4 2 · "
                                               "recorded to ply 2 · %u nodes",
                                               lh_search_tree_get_n_nodes (tree));

  g_assert_cmpstr (title, ==, expected);
  g_assert_null (strstr (title, "1210"));
  g_assert_true (g_str_has_prefix (small_title, "Search tree of 2 4 8/0 1024 2/4 0 0 · recorded to ply 1 · "));
  g_assert_true (g_str_has_prefix (full_title, "Search tree of 2 4 2 0/"));
  g_assert_true (g_str_has_suffix (full_title, "(record full: the most probable branches)"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/tree-export/svg-one-shape-per-node", test_svg_one_shape_per_node);
  g_test_add_func ("/tree-export/png", test_png);
  g_test_add_func ("/tree-export/name-with-extension", test_name_with_extension);
  g_test_add_func ("/tree-export/png-scale-clamp", test_png_scale_clamp);
  g_test_add_func ("/tree-export/errors", test_errors);
  g_test_add_func ("/tree-export/render-viewport", test_render_viewport);
  g_test_add_func ("/tree-export/render-rows-apart", test_render_rows_apart);
  g_test_add_func ("/tree-export/title-tiles", test_title_tiles);
  return g_test_run ();
}
