/* lh-tree-render.h: draws a search-tree record with cairo.
 *
 * Used by the window's inspector (through gtk_snapshot_append_cairo) and by
 * the SVG/PNG export, so a figure in a report looks like the screen.  Player
 * nodes are rounded boxes, chance nodes circles (ellipses), leaves small
 * squares; each shows its value; chance edges are labelled with spawn cell,
 * tile and probability; MCTS nodes (visits > 1) show visits; a node whose
 * children the record lacks (LH_SEARCH_NODE_FLAG_TRUNCATED or _CACHED) gets
 * a "⋯" under it.  Edge width
 * follows the probability mass reaching the child (expectimax) or its share
 * of its parent's visits (MCTS).  The chosen line is drawn in the accent
 * colour; the path an MCTS iteration selected (a trace step's path) in
 * orange, dashed (lh_tree_render_get_path_color()).  Only nodes intersecting
 * the visible rectangle are drawn.
 *
 * Level of detail follows the zoom, read from the cairo matrix (device pixels
 * per layout unit; the smaller of the two scales when they differ, which
 * only the far-out rectangles are meant for): at zoom >=
 * LH_TREE_RENDER_TEXT_ZOOM node values (and
 * visits) are written; at zoom >= LH_TREE_RENDER_LABEL_ZOOM edges are
 * labelled too (a chance edge "r2c3 · 2 · 9%": spawn row and column counted
 * from 1, the tile, its probability; a move edge an arrow); below
 * LH_TREE_RENDER_SHAPES_ZOOM nodes become plain rectangles of at least one
 * device pixel, at most one per kind, row and device-pixel column, and edges
 * hairlines, so a fit-to-view redraw of a huge record stays cheap; there the
 * rows may be spread further apart than the columns (a vertical scale larger
 * than the horizontal one) without distorting anything.
 */
#pragma once

#include <cairo.h>
#include "lh-search-tree.h"
#include "lh-tree-layout.h"

G_BEGIN_DECLS

/**
 * LhTreeRenderStyle:
 * @selected: the selected node, or LH_SEARCH_NODE_NONE
 * @focus: the keyboard focus node (drawn with a focus ring), or LH_SEARCH_NODE_NONE
 * @highlight: (nullable): one byte per node, a mask of
 *   LH_TREE_HIGHLIGHT_CHOSEN (on the chosen line, drawn in @accent, solid)
 *   and LH_TREE_HIGHLIGHT_PATH (on the path the shown MCTS iteration
 *   selected, drawn in the path colour, dashed); 0 elsewhere
 * @dark: draw for a dark colour scheme
 * @accent: RGB of the accent colour, 0..1
 */
typedef struct {
  guint32       selected;
  guint32       focus;
  const guint8 *highlight;
  gboolean      dark;
  double        accent[3];
} LhTreeRenderStyle;

/** Bits of LhTreeRenderStyle.highlight. */
#define LH_TREE_HIGHLIGHT_CHOSEN 0x1
#define LH_TREE_HIGHLIGHT_PATH   0x2

/** Zoom thresholds of the level of detail (device pixels per layout unit). */
#define LH_TREE_RENDER_TEXT_ZOOM   0.45
#define LH_TREE_RENDER_LABEL_ZOOM  0.8
#define LH_TREE_RENDER_SHAPES_ZOOM 0.12

/**
 * lh_tree_render_row_zoom:
 * @zoom: the horizontal scale, device pixels per layout unit
 * @fit_width: the scale at which the whole drawing's width fits the view
 * @fit_height: the scale at which its height fits the view
 *
 * The vertical scale to draw with at @zoom.  From LH_TREE_RENDER_SHAPES_ZOOM
 * up it is @zoom.  Below, nodes are plain rectangles and the rows stop
 * closing up: a drawing that fits the width at LH_TREE_RENDER_SHAPES_ZOOM
 * keeps its rows as far apart as there (or as fits the height, if less); a
 * drawing too wide for that (a fully expanded record) spreads its rows as
 * it zooms out, from that spacing at LH_TREE_RENDER_SHAPES_ZOOM to filling
 * the height (at most at zoom 1's spacing) at @fit_width, geometrically in
 * between, so that fitted it shows every row as a band of node marks across
 * the view, as a flame graph keeps its rows' height.  Continuous in @zoom,
 * never below it.
 * Returns: the vertical scale, device pixels per layout unit.
 */
double lh_tree_render_row_zoom (double zoom, double fit_width, double fit_height);

/**
 * lh_tree_render_fit_zoom:
 * @fit_width, @fit_height: as lh_tree_render_row_zoom()
 * Returns: the horizontal scale that shows the whole drawing: MIN
 *   (@fit_width, @fit_height), but @fit_width for a drawing wider than high
 *   that fits only below LH_TREE_RENDER_SHAPES_ZOOM (its rows then spread to
 *   the height, lh_tree_render_row_zoom()).
 */
double lh_tree_render_fit_zoom (double fit_width, double fit_height);

/** lh_tree_render_style_init: light scheme, GNOME blue accent, nothing selected. */
void lh_tree_render_style_init (LhTreeRenderStyle *style);

/**
 * lh_tree_render:
 * @cr: a cairo context whose user space is layout units (the caller applies
 *   zoom and scroll with cairo_scale/cairo_translate; the two scales equal,
 *   or the vertical one larger below LH_TREE_RENDER_SHAPES_ZOOM)
 * @visible_x, @visible_y, @visible_width, @visible_height: the part of the
 *   layout to draw, layout units; nodes and edges outside it are skipped
 */
void lh_tree_render (cairo_t                 *cr,
                     const LhSearchTree      *tree,
                     const LhTreeLayout      *layout,
                     const LhTreeRenderStyle *style,
                     double visible_x, double visible_y,
                     double visible_width, double visible_height);

/**
 * lh_tree_render_get_path_color:
 * @rgb: (out caller-allocates): the colour of an MCTS iteration's path, 0..1:
 *   GNOME orange 4 (#e66100) on light, orange 2 (#ffa348) on dark (for the
 *   legend too)
 */
void lh_tree_render_get_path_color (gboolean dark, double rgb[3]);

/**
 * lh_tree_mark_path:
 * @highlight: (inout): one byte per node of @tree; LH_TREE_HIGHLIGHT_PATH is
 *   set on each node of @path (indices into @tree; out-of-range entries,
 *   and those after one, are ignored) and cleared elsewhere
 * @path: (array length=path_length) (nullable): root first
 */
void lh_tree_mark_path (const LhSearchTree *tree, guint8 *highlight,
                        const guint32 *path, guint path_length);

/**
 * lh_tree_chosen_line:
 * @highlight: (out caller-allocates): one byte per node, set to
 *   LH_TREE_HIGHLIGHT_CHOSEN on the chosen line (0 elsewhere): the
 *   expected line from the solver's chosen move
 *   (lh_principal_variation_for_move(): the best-valued child at each
 *   player node, most visited for MCTS, and the most probable child at
 *   each chance node, ties to the typical outcome), the root included.
 */
void lh_tree_chosen_line (const LhSearchTree *tree, guint8 *highlight);

/**
 * lh_tree_render_get_kind_color:
 * @kind: an LhSearchNodeKind
 * @rgb: (out caller-allocates): the fill colour of that kind's shapes, 0..1
 *   (each fill of a node shape uses exactly this colour, so an SVG's shapes
 *   can be counted by kind; legends and the pane use it too)
 */
void lh_tree_render_get_kind_color (LhSearchNodeKind kind, gboolean dark, double rgb[3]);

/**
 * lh_tree_format_value:
 * Writes @value compactly into @buf: 3 significant digits with a k, M or G
 * suffix ("1.23M", "45.6k", "987", "-12.5").
 * Returns: @buf.
 */
char *lh_tree_format_value (double value, char *buf, gsize size);

/**
 * lh_tree_format_edge:
 * Writes the label of the edge into @node (a node of @tree) into @buf: for a spawn (child of a
 * chance node) "r2c3 · 2 · 9%" (row and column from 1, tile, probability),
 * for a move an arrow (↑ ↓ ← →), otherwise "".
 * Returns: @buf.
 */
char *lh_tree_format_edge (const LhSearchTree *tree, const LhSearchNode *node, char *buf,
                           gsize size);

G_END_DECLS
