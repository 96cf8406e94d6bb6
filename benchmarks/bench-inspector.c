/* bench-inspector: speed figures of the search-tree inspector's drawing.
 *
 *   record   a real expectimax search (probability cutoff 0, no transposition
 *            table) filling a record of --nodes nodes
 *   layout   lh_tree_layout_new() of the whole record: median of --layouts runs
 *   redraw   lh_tree_render() of a --width x --height viewport into an image
 *            surface, median of --redraws redraws, at zoom 1 (panning across
 *            the deepest rows, where the tree is densest, and across the top
 *            rows) and zoomed out to fit the whole tree
 *
 * Usage: bench-inspector [--nodes N] [--depth D] [--board HEX] ...
 * Figures, not tests: nothing here asserts a speed (issue 3 asks for layout
 * under 100 ms and a redraw under 16 ms at 100,000 nodes).
 */
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-solver.h"
#include "lh-tree-layout.h"
#include "lh-tree-render.h"

static int opt_nodes = 100000;
static int opt_depth = 4;
static int opt_layouts = 10;
static int opt_redraws = 50;
static int opt_width = 1200;
static int opt_height = 800;
static char *opt_board = NULL;
static char *opt_png = NULL;
static char *opt_png_fit = NULL;

static const GOptionEntry entries[] = {
  { "nodes", 0, 0, G_OPTION_ARG_INT, &opt_nodes, "Record size in nodes (default 100000)", "N" },
  { "depth", 0, 0, G_OPTION_ARG_INT, &opt_depth, "Search depth in player moves (default 4)", "D" },
  { "board", 0, 0, G_OPTION_ARG_STRING, &opt_board, "Root board, tiles or hex form (default a mid-game board)", "B" },
  { "layouts", 0, 0, G_OPTION_ARG_INT, &opt_layouts, "Layout runs (default 10)", "N" },
  { "redraws", 0, 0, G_OPTION_ARG_INT, &opt_redraws, "Redraws per figure (default 50)", "N" },
  { "width", 0, 0, G_OPTION_ARG_INT, &opt_width, "Viewport width, px (default 1200)", "PX" },
  { "height", 0, 0, G_OPTION_ARG_INT, &opt_height, "Viewport height, px (default 800)", "PX" },
  { "png", 0, 0, G_OPTION_ARG_FILENAME, &opt_png, "Save the last zoom-1 redraw of the deep rows as a PNG", "FILE" },
  { "png-fit", 0, 0, G_OPTION_ARG_FILENAME, &opt_png_fit, "Save the last fit redraw as a PNG", "FILE" },
  { NULL }
};

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *values, guint n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* Median ms of @n redraws of the viewport at @zoom across, @zoom_y down (as
 * the window: lh_tree_render_row_zoom()); the i-th redraw's top-left corner
 * (layout units) is x0 + i * dx, y0. */
static double
time_redraws (cairo_surface_t *surface, const LhSearchTree *tree, const LhTreeLayout *layout,
              const LhTreeRenderStyle *style, double zoom, double zoom_y, double x0, double dx,
              double y0, guint n)
{
  double *ms = g_new (double, n);
  double vw = opt_width / zoom, vh = opt_height / zoom_y, result;

  for (guint i = 0; i < n; i++)
    {
      cairo_t *cr = cairo_create (surface);
      double x = x0 + i * dx;
      gint64 start = g_get_monotonic_time ();

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_scale (cr, zoom, zoom_y);
      cairo_translate (cr, -x, -y0);
      lh_tree_render (cr, tree, layout, style, x, y0, vw, vh);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      ms[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  result = median (ms, n);
  g_free (ms);
  return result;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- speed of the search-tree inspector");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(LhSearchTree) tree = NULL;
  LhSolverParams params;
  LhSolverResult result;
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  LhBoard board;
  LhTreeLayout *layout = NULL;
  LhTreeRenderStyle style;
  guint8 *highlight;
  double *ms, width, height, fit, layout_ms;
  cairo_surface_t *surface;
  gint64 start;
  guint n;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-inspector: %s\n", error->message);
      return 2;
    }
  if (opt_nodes < 1 || opt_nodes > LH_SEARCH_TREE_MAX_NODES || opt_layouts < 1 || opt_redraws < 1
      || opt_width < 1 || opt_height < 1 || opt_depth < 1 || opt_depth > LH_MAX_DEPTH)
    {
      g_printerr ("bench-inspector: --nodes must be 1..%u, --depth 1..%u, the others positive\n",
                  LH_SEARCH_TREE_MAX_NODES, LH_MAX_DEPTH);
      return 2;
    }

  lh_engine_init ();
  /* A mid-game position with 7 empty cells (2048 at the corner). */
  if (!lh_board_parse (opt_board != NULL ? opt_board : "b987/3562/1200/0100",
                            &board, &geometry, &error))
    {
      g_printerr ("bench-inspector: --board: %s\n", error->message);
      return 2;
    }

  lh_solver_params_init_default (&params);
  params.depth = (guint) opt_depth;
  params.probability_cutoff = 0;
  params.use_transposition_table = FALSE;
  tree = lh_search_tree_new ((guint) opt_nodes);
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  if (solver == NULL || !lh_solver_search (solver, board, geometry, NULL, NULL, NULL, &result, &error))
    {
      g_printerr ("bench-inspector: search: %s\n", error->message);
      return 1;
    }
  n = lh_search_tree_get_n_nodes (tree);
  printf ("record      %u nodes (budget %d, %s), depth %u, search %.0f ms\n",
          n, opt_nodes, lh_search_tree_is_full (tree) ? "full" : "not full", result.depth,
          result.elapsed_ms);

  ms = g_new (double, opt_layouts);
  for (int i = 0; i < opt_layouts; i++)
    {
      start = g_get_monotonic_time ();
      lh_tree_layout_free (layout);
      layout = lh_tree_layout_new (tree, NULL);
      ms[i] = (g_get_monotonic_time () - start) / 1000.0;
    }
  layout_ms = median (ms, (guint) opt_layouts);
  g_free (ms);
  lh_tree_layout_get_size (layout, &width, &height);
  printf ("layout      %.2f ms (median of %d), %.0f x %.0f units, %u rows\n",
          layout_ms, opt_layouts, width, height, lh_tree_layout_get_n_rows (layout));

  highlight = g_new0 (guint8, n);
  lh_tree_chosen_line (tree, highlight);
  lh_tree_render_style_init (&style);
  style.highlight = highlight;
  style.selected = n / 2;
  style.focus = n / 2;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, opt_width, opt_height);
  {
    double deep_y = MAX (0, height - opt_height), pan = MAX (0, width - opt_width);
    double dx = pan / opt_redraws;
    double deep = time_redraws (surface, tree, layout, &style, 1.0, 1.0, 0, dx, deep_y, (guint) opt_redraws);
    double top = time_redraws (surface, tree, layout, &style, 1.0, 1.0, 0, dx, 0, (guint) opt_redraws);
    double fit_w = opt_width / width, fit_h = opt_height / height, fit_y;

    if (opt_png != NULL)
      {
        time_redraws (surface, tree, layout, &style, 1.0, 1.0, width / 2 - opt_width / 2.0, 0, deep_y, 1);
        cairo_surface_write_to_png (surface, opt_png);
      }
    /* Fitted as the window fits it (lh-tree-view.c): a tree far wider than
     * high fits its width, its rows spread to the height. */
    fit = lh_tree_render_fit_zoom (fit_w, fit_h);
    fit_y = lh_tree_render_row_zoom (fit, fit_w, fit_h);
    printf ("redraw     %5.2f ms at zoom 1, %dx%d px, panning across the deepest rows (median of %d)\n",
            deep, opt_width, opt_height, opt_redraws);
    printf ("redraw     %5.2f ms at zoom 1, %dx%d px, panning across the top rows (median of %d)\n",
            top, opt_width, opt_height, opt_redraws);
    printf ("redraw     %5.2f ms at zoom %.3g across, %.3g down (fit), the whole tree (median of %d)\n",
            time_redraws (surface, tree, layout, &style, fit, fit_y, 0, 0, 0, (guint) opt_redraws),
            fit, fit_y, opt_redraws);
    if (opt_png_fit != NULL)
      cairo_surface_write_to_png (surface, opt_png_fit);
    /* Intermediate zooms: values without edge labels (0.5), shapes without
     * text (0.25), and just above LH_TREE_RENDER_SHAPES_ZOOM, the most shapes
     * drawn in full (0.13). */
    {
      const double zooms[] = { 0.5, 0.25, LH_TREE_RENDER_SHAPES_ZOOM + 0.01 };

      for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
        {
          double span = opt_width / zooms[z];
          printf ("redraw     %5.2f ms at zoom %.2f, panning the deepest rows (median of %d)\n",
                  time_redraws (surface, tree, layout, &style, zooms[z], zooms[z], 0,
                                MAX (0, width - span) / opt_redraws,
                                MAX (0, height - opt_height / zooms[z]), (guint) opt_redraws),
                  zooms[z], opt_redraws);
        }
    }
  }

  cairo_surface_destroy (surface);
  g_free (highlight);
  lh_tree_layout_free (layout);
  return 0;
}
