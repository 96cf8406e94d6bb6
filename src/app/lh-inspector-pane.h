/* lh-inspector-pane.h: the search-tree inspector beside the board.
 *
 * Shows a search (an LhSearchRecord, the "record" property): a toolbar with
 * the step-through controls, a scrubber and Step back / Step forward buttons
 * over the steps of the search in the order it happened (expectimax: one per
 * depth of iterative deepening; the "step" property, which the window binds
 * to the analysis session so the move values follow it), Export and zoom;
 * a caption row with the step shown and the legend of the lines; the tree
 * (lh-tree-view) in a scrolled window with zoom buttons; the selected node's
 * board drawn small with its kind, value, probability and ply; and an Export
 * button that saves the tree shown as SVG, PNG or JSON, chosen by the file's
 * extension.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-search-record.h"
#include "lh-tree-view.h"

G_BEGIN_DECLS

#define LH_TYPE_INSPECTOR_PANE (lh_inspector_pane_get_type ())
G_DECLARE_FINAL_TYPE (LhInspectorPane, lh_inspector_pane, LH, INSPECTOR_PANE, GtkWidget)

/** lh_inspector_pane_new: (transfer floating): an empty inspector. */
GtkWidget *lh_inspector_pane_new (void);

/**
 * lh_inspector_pane_set_record:
 * @record: (nullable): the search to show (a reference is taken), or NULL to
 *   show nothing
 * Shows the last step (the result); the scrubber spans every step.
 */
void lh_inspector_pane_set_record (LhInspectorPane *self, LhSearchRecord *record);

/** lh_inspector_pane_get_record: Returns: (transfer none) (nullable): the search shown. */
LhSearchRecord *lh_inspector_pane_get_record (LhInspectorPane *self);

/**
 * lh_inspector_pane_set_step:
 * Shows step @index (clamped to the steps there are): the chart's values and
 * that step's tree.
 */
void lh_inspector_pane_set_step (LhInspectorPane *self, guint index);

/** lh_inspector_pane_get_step: Returns: the step shown (0 without a record). */
guint lh_inspector_pane_get_step (LhInspectorPane *self);

/**
 * lh_inspector_pane_export:
 * @path: where to write; the extension (.svg, .png, .json, any case) chooses
 *   the format
 * Writes the tree shown, synchronously.  Returns: FALSE with @error
 *   (G_IO_ERROR_INVALID_ARGUMENT for an unknown extension or no tree,
 *   or the writer's error).
 */
gboolean lh_inspector_pane_export (LhInspectorPane *self, const char *path, GError **error);

/** lh_inspector_pane_get_tree_view: Returns: (transfer none): the tree. */
LhTreeView *lh_inspector_pane_get_tree_view (LhInspectorPane *self);
/** lh_inspector_pane_get_scrubber: Returns: (transfer none): the step scale. */
GtkRange *lh_inspector_pane_get_scrubber (LhInspectorPane *self);

/** lh_inspector_pane_get_step_text: Returns: (transfer none): the scrubber's
 * label ("Depth 3 · 3/3", "Iteration 200 · 10/10"), "" without steps. */
const char *lh_inspector_pane_get_step_text (LhInspectorPane *self);

/** lh_inspector_pane_get_legend_visible: Returns: TRUE when the legend
 * (node shapes, colours, the chosen line, the iteration's path when the
 * step has one, the disclosure marks) shows: the toolbar's legend button
 * is on (GSettings "inspector-legend"). */
gboolean lh_inspector_pane_get_legend_visible (LhInspectorPane *self);

G_END_DECLS
