/* lh-tree-export.h: a search-tree record as an SVG or PNG figure. */
#pragma once

#include <gio/gio.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * lh_tree_export_svg:
 * @collapsed: (nullable): one byte per node, non-zero for collapsed nodes
 * Writes the whole (visible) tree as an SVG file, one shape group per drawn
 * node, the chosen line highlighted.  Written atomically.
 * Returns: FALSE with @error (GIOError / cairo status as G_IO_ERROR_FAILED).
 */
gboolean lh_tree_export_svg (const LhSearchTree *tree, const guint8 *collapsed,
                             const char *path, GError **error);

/**
 * lh_tree_export_png:
 * @scale: device pixels per layout unit (1 or 2); the image is clamped to
 *   32767 px per side (cairo's limit) by lowering the scale
 * Returns: FALSE with @error.
 */
gboolean lh_tree_export_png (const LhSearchTree *tree, const guint8 *collapsed,
                             double scale, const char *path, GError **error);

G_END_DECLS
