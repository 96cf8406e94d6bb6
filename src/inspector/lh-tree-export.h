/* lh-tree-export.h: a search-tree record as an SVG or PNG figure.
 *
 * A figure is a white page with 32-unit margins: a title line (the root board
 * in tiles form, the deepest ply recorded, the node count, and whether the
 * record was full), a legend (player node, chance node, leaf, chosen line),
 * then the whole tree drawn by lh_tree_render() at zoom 1 (the PNG at
 * @scale), the chosen line highlighted.  Each drawn node's shape is filled
 * exactly once with its kind's colour (lh_tree_render_get_kind_color()); the
 * legend adds one fill of each kind.  Files are written atomically: the
 * figure is drawn in memory, then written to a temporary file in the same
 * directory that replaces @path (g_file_replace_contents()).
 */
#pragma once

#include <gio/gio.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/** Largest PNG side (cairo's image limit) and area (256 MiB of pixels). */
#define LH_TREE_EXPORT_PNG_MAX_SIDE 32767.0
#define LH_TREE_EXPORT_PNG_MAX_PIXELS 67108864.0

/**
 * lh_tree_export_svg:
 * @collapsed: (nullable): one byte per node, its LhTreeLayoutFold bits
 *   (lh-tree-layout.h: collapsed, elided)
 * Writes the whole (visible) tree as an SVG file (units: px = layout units),
 * one filled shape per drawn node, the chosen line highlighted.  Written
 * atomically.  A figure wider than 4 million units (cairo's fixed-point
 * range) is scaled down to fit, losing its text.
 * Returns: FALSE with @error: G_IO_ERROR_INVALID_ARGUMENT for an empty
 *   record, G_IO_ERROR_FAILED for a cairo failure, or the GIOError of the write.
 */
gboolean lh_tree_export_svg (const LhSearchTree *tree, const guint8 *collapsed,
                             const char *path, GError **error);

/**
 * lh_tree_export_png:
 * @scale: device pixels per layout unit (1 or 2; above 0, at most 8); the
 *   image is clamped to 32767 px per side (cairo's limit) and to
 *   LH_TREE_EXPORT_PNG_MAX_PIXELS by lowering the scale
 *   (lh_tree_export_png_scale()); its size is then
 *   ceil (figure size * scale) px.
 * Returns: FALSE with @error: as lh_tree_export_svg(), and
 *   G_IO_ERROR_INVALID_ARGUMENT for a bad @scale.
 */
gboolean lh_tree_export_png (const LhSearchTree *tree, const guint8 *collapsed,
                             double scale, const char *path, GError **error);

/**
 * lh_tree_export_get_size:
 * @width, @height: (out): the figure's size in layout units (margins, title
 *   and legend included)
 * Returns: FALSE (and sets nothing) for an empty record.
 */
gboolean lh_tree_export_get_size (const LhSearchTree *tree, const guint8 *collapsed,
                                  double *width, double *height);

/**
 * lh_tree_export_title:
 * @tree: a record with at least its root
 * Returns: (transfer full): the figure's title, translated: the root board
 *   in tiles form (lh_board_to_tiles(), as a person reads it, not hex),
 *   the deepest ply recorded and the node count, and whether the record
 *   was full: "Search tree of 2 0 0 4/0 0 8 0/0 2 0 0/0 0 0 2 · recorded
 *   to ply 3 · 1234 nodes".  Free with g_free().
 */
char *lh_tree_export_title (const LhSearchTree *tree);

/**
 * lh_tree_export_png_scale:
 * Returns: @scale lowered, if needed, so that a @width x @height figure
 *   (layout units) fits the PNG limits above.
 */
double lh_tree_export_png_scale (double width, double height, double scale);

/**
 * lh_tree_export_name_with_extension:
 * @name: a file name as typed in a save dialog ("search-tree.svg"), no folder
 * @extension: the extension of the chosen type, without the dot ("png")
 *
 * The name a save dialog shows when the person picks another file type:
 * an export extension @name ends with (.svg, .png or .json, in any case) is
 * replaced by @extension; a name with another or no extension gets
 * @extension appended ("results v1.2" becomes "results v1.2.png": a dot in
 * a name is not taken for a type the export does not know); an empty name
 * stays empty.
 *
 * Returns: (transfer full): the new name; free with g_free().
 */
char *lh_tree_export_name_with_extension (const char *name, const char *extension);

G_END_DECLS
