/* lh-tree-export.c: the whole tree as an SVG or PNG figure (see lh-tree-export.h). */
#include "lh-tree-export.h"

#include <math.h>
#include <string.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "lh-board-text.h"
#include "lh-tree-layout.h"
#include "lh-tree-render.h"

#define MARGIN 32.0
#define TITLE_FONT 15.0
#define LEGEND_FONT 11.0
#define LEGEND_GAP 10.0
#define SWATCH_W 26.0
#define SWATCH_H 16.0
/* cairo stores coordinates in 24.8 fixed point (about ±8.4 million): wider
 * figures are scaled down to fit. */
#define SVG_MAX_SIDE 4.0e6

typedef struct {
  const LhSearchTree *tree;
  LhTreeLayout       *layout;
  guint8             *highlight;
  char               *title;
  double              tree_width, tree_height;
  double              width, height;   /* the whole figure, layout units */
  double              header_height;
} Figure;

static void
figure_clear (Figure *fig)
{
  lh_tree_layout_free (fig->layout);
  g_free (fig->highlight);
  g_free (fig->title);
}

static PangoLayout *
make_text (cairo_t *cr, double size, gboolean bold, const char *text)
{
  PangoLayout *pl = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options = cairo_font_options_create ();

  /* Metrics independent of the output scale, so the PNG matches the SVG. */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (pl), options);
  pango_layout_context_changed (pl);
  cairo_font_options_destroy (options);

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (pl, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (pl, text, -1);
  return pl;
}

static const char *
legend_label (guint i)
{
  switch (i)
    {
    case 0: return _("Player node");
    case 1: return _("Chance node");
    case 2: return _("Leaf");
    default: return _("Chosen line");
    }
}

/* Draws the legend's row at (@x, @y) and returns its width; with @cr NULL
 * (measuring), @measure_cr measures the text. */
static double
legend (cairo_t *cr, cairo_t *measure_cr, double x, double y, const LhTreeRenderStyle *style)
{
  double left = x;

  for (guint i = 0; i < 4; i++)
    {
      PangoLayout *pl = make_text (cr != NULL ? cr : measure_cr, LEGEND_FONT, FALSE, legend_label (i));
      int tw, th;
      double sy = y + (LEGEND_FONT * 1.4 - SWATCH_H) / 2;

      pango_layout_get_size (pl, &tw, &th);
      if (cr != NULL)
        {
          double rgb[3];

          cairo_new_path (cr);
          if (i == 3)
            {
              cairo_move_to (cr, x, sy + SWATCH_H / 2);
              cairo_line_to (cr, x + SWATCH_W, sy + SWATCH_H / 2);
              cairo_set_source_rgb (cr, style->accent[0], style->accent[1], style->accent[2]);
              cairo_set_line_width (cr, 4);
              cairo_stroke (cr);
            }
          else
            {
              if (i == 0)
                {
                  double r = 4;
                  cairo_new_sub_path (cr);
                  cairo_arc (cr, x + SWATCH_W - r, sy + r, r, -G_PI / 2, 0);
                  cairo_arc (cr, x + SWATCH_W - r, sy + SWATCH_H - r, r, 0, G_PI / 2);
                  cairo_arc (cr, x + r, sy + SWATCH_H - r, r, G_PI / 2, G_PI);
                  cairo_arc (cr, x + r, sy + r, r, G_PI, 3 * G_PI / 2);
                  cairo_close_path (cr);
                }
              else if (i == 1)
                {
                  cairo_save (cr);
                  cairo_translate (cr, x + SWATCH_W / 2, sy + SWATCH_H / 2);
                  cairo_scale (cr, SWATCH_W / 2, SWATCH_H / 2);
                  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
                  cairo_restore (cr);
                }
              else
                cairo_rectangle (cr, x + (SWATCH_W - SWATCH_H) / 2, sy, SWATCH_H, SWATCH_H);
              lh_tree_render_get_kind_color ((LhSearchNodeKind) i, FALSE, rgb);
              cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
              cairo_fill_preserve (cr);
              cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
              cairo_set_line_width (cr, 1);
              cairo_stroke (cr);
            }
          cairo_set_source_rgb (cr, 0.141, 0.141, 0.141);
          cairo_move_to (cr, x + SWATCH_W + 6, y);
          pango_cairo_show_layout (cr, pl);
        }
      x += SWATCH_W + 6 + (double) tw / PANGO_SCALE + 2 * LEGEND_GAP;
      g_object_unref (pl);
    }
  return x - left - 2 * LEGEND_GAP;
}

char *
lh_tree_export_title (const LhSearchTree *tree)
{
  guint n, max_ply = 0;
  g_autofree char *tiles = NULL;
  char *title;

  g_return_val_if_fail (tree != NULL, NULL);
  n = lh_search_tree_get_n_nodes (tree);
  g_return_val_if_fail (n > 0, NULL);

  for (guint i = 0; i < n; i++)
    max_ply = MAX (max_ply, lh_search_tree_get_node (tree, i)->ply);
  tiles = lh_wide_board_to_tiles (lh_search_tree_get_wide_board (tree, lh_search_tree_get_node (tree, 0)),
                                  lh_search_tree_get_geometry (tree));
  /* TRANSLATORS: the title of an exported search-tree figure: the root board
   * in tiles form ("2 0 0 4/0 0 8 0/..."), the deepest ply the record holds
   * and the number of nodes. */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "Search tree of %s · recorded to ply %u · %u node",
                                        "Search tree of %s · recorded to ply %u · %u nodes", n),
                           tiles, max_ply, n);
  if (lh_search_tree_is_full (tree))
    {
      char *full = g_strdup_printf (_("%s (record full: the most probable branches)"), title);
      g_free (title);
      title = full;
    }
  return title;
}

static gboolean
figure_init (Figure *fig, const LhSearchTree *tree, const guint8 *collapsed, GError **error)
{
  guint n = lh_search_tree_get_n_nodes (tree);
  cairo_surface_t *scratch;
  cairo_t *cr;
  PangoLayout *pl;
  int tw, th;
  double legend_width;
  LhTreeRenderStyle style;

  memset (fig, 0, sizeof *fig);
  if (n == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The search-tree record is empty: there is no tree to export"));
      return FALSE;
    }
  fig->tree = tree;
  fig->layout = lh_tree_layout_new (tree, collapsed);
  fig->highlight = g_new0 (guint8, n);
  lh_tree_chosen_line (tree, fig->highlight);
  lh_tree_layout_get_size (fig->layout, &fig->tree_width, &fig->tree_height);

  fig->title = lh_tree_export_title (tree);

  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (scratch);
  pl = make_text (cr, TITLE_FONT, TRUE, fig->title);
  pango_layout_get_size (pl, &tw, &th);
  g_object_unref (pl);
  lh_tree_render_style_init (&style);
  legend_width = legend (NULL, cr, 0, 0, &style);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);

  fig->header_height = (double) th / PANGO_SCALE + 8 + LEGEND_FONT * 1.4 + 24;
  fig->width = MAX (MAX (fig->tree_width, (double) tw / PANGO_SCALE), legend_width) + 2 * MARGIN;
  fig->height = fig->header_height + fig->tree_height + 2 * MARGIN;
  return TRUE;
}

/* Draws the figure in layout units (the caller scales). */
static void
figure_draw (const Figure *fig, cairo_t *cr)
{
  LhTreeRenderStyle style;
  PangoLayout *pl;
  int tw, th;

  lh_tree_render_style_init (&style);
  style.highlight = fig->highlight;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, fig->width, fig->height);
  cairo_fill (cr);

  pl = make_text (cr, TITLE_FONT, TRUE, fig->title);
  pango_layout_get_size (pl, &tw, &th);
  cairo_set_source_rgb (cr, 0.141, 0.141, 0.141);
  cairo_move_to (cr, MARGIN, MARGIN);
  pango_cairo_show_layout (cr, pl);
  g_object_unref (pl);
  legend (cr, NULL, MARGIN, MARGIN + (double) th / PANGO_SCALE + 8, &style);

  cairo_save (cr);
  /* Centre the tree when the header is wider. */
  cairo_translate (cr, (fig->width - fig->tree_width) / 2, MARGIN + fig->header_height);
  lh_tree_render (cr, fig->tree, fig->layout, &style, 0, 0, fig->tree_width, fig->tree_height);
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_cairo (cairo_status_t status, const char *what, const char *path, GError **error)
{
  g_autofree char *name = NULL;

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  /* The file name as UTF-8 (a name is bytes). */
  name = g_filename_display_name (path);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               /* TRANSLATORS: %s: "SVG" or "PNG", a file name, cairo's message */
               _("Could not draw the %s figure for “%s”: %s"),
               what, name, cairo_status_to_string (status));
  return FALSE;
}

/* Writes @bytes to @path atomically (a temporary file in the same
 * directory, renamed over @path). */
static gboolean
write_atomically (const char *path, GByteArray *bytes, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return g_file_replace_contents (file, (const char *) bytes->data, bytes->len, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

gboolean
lh_tree_export_svg (const LhSearchTree *tree, const guint8 *collapsed,
                    const char *path, GError **error)
{
  Figure fig;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  double scale;

  g_return_val_if_fail (tree != NULL && path != NULL, FALSE);

  if (!figure_init (&fig, tree, collapsed, error))
    return FALSE;
  scale = MIN (1.0, SVG_MAX_SIDE / MAX (fig.width, fig.height));
  surface = cairo_svg_surface_create_for_stream (append_bytes, bytes,
                                                 ceil (fig.width * scale), ceil (fig.height * scale));
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  figure_draw (&fig, cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  figure_clear (&fig);

  if (!check_cairo (status, "SVG", path, error))
    return FALSE;
  return write_atomically (path, bytes, error);
}

gboolean
lh_tree_export_png (const LhSearchTree *tree, const guint8 *collapsed,
                    double scale, const char *path, GError **error)
{
  Figure fig;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  int width, height;

  g_return_val_if_fail (tree != NULL && path != NULL, FALSE);

  if (!(scale > 0) || scale > 8)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("PNG scale %g is out of range: it must be above 0 and at most 8"), scale);
      return FALSE;
    }
  if (!figure_init (&fig, tree, collapsed, error))
    return FALSE;
  scale = lh_tree_export_png_scale (fig.width, fig.height, scale);
  width = CLAMP ((int) ceil (fig.width * scale - 1e-6), 1, (int) LH_TREE_EXPORT_PNG_MAX_SIDE);
  height = CLAMP ((int) ceil (fig.height * scale - 1e-6), 1, (int) LH_TREE_EXPORT_PNG_MAX_SIDE);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  figure_draw (&fig, cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);
  figure_clear (&fig);

  if (!check_cairo (status, "PNG", path, error))
    return FALSE;
  return write_atomically (path, bytes, error);
}

double
lh_tree_export_png_scale (double width, double height, double scale)
{
  double area;

  scale = MIN (scale, LH_TREE_EXPORT_PNG_MAX_SIDE / width);
  scale = MIN (scale, LH_TREE_EXPORT_PNG_MAX_SIDE / height);
  area = ceil (width * scale) * ceil (height * scale);
  if (area > LH_TREE_EXPORT_PNG_MAX_PIXELS)
    scale *= sqrt (LH_TREE_EXPORT_PNG_MAX_PIXELS / area) * 0.999;
  return scale;
}

gboolean
lh_tree_export_get_size (const LhSearchTree *tree, const guint8 *collapsed,
                         double *width, double *height)
{
  Figure fig;

  if (!figure_init (&fig, tree, collapsed, NULL))
    return FALSE;
  *width = fig.width;
  *height = fig.height;
  figure_clear (&fig);
  return TRUE;
}

char *
lh_tree_export_name_with_extension (const char *name, const char *extension)
{
  static const char *const known[] = { ".svg", ".png", ".json" };
  gsize length;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (extension != NULL && *extension != '\0', NULL);

  if (*name == '\0')
    return g_strdup ("");
  length = strlen (name);
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      gsize n = strlen (known[i]);

      if (length > n && g_ascii_strcasecmp (name + length - n, known[i]) == 0)
        return g_strdup_printf ("%.*s.%s", (int) (length - n), name, extension);
    }
  return g_strconcat (name, ".", extension, NULL);
}
