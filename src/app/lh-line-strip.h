/* lh-line-strip.h: the expected line (principal variation) as a row of
 * small boards.
 *
 * Analysis GUIs show the line behind a candidate move when it is hovered
 * (Lizzie and KaTrain for KataGo, Nibbler for Leela): here each step of the
 * line (lh-principal-variation.h) is one small board, the position after
 * the AI's move and the most probable spawn, under an arrow and the move's
 * name, the spawned tile ringed in the accent colour.  A caption above
 * names the first move.  The boards scroll horizontally when they do not
 * fit (the strip asks for about 300 px).  Its accessible description is
 * the line in words ("Expected line: Left, then a 2 spawns at row 1
 * column 3; Down, ..."), and each board's tooltip says its step.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-board.h"

G_BEGIN_DECLS

#define LH_TYPE_LINE_STRIP (lh_line_strip_get_type ())
G_DECLARE_FINAL_TYPE (LhLineStrip, lh_line_strip, LH, LINE_STRIP, GtkWidget)

/** Side of a board's cell in the strip, px. */
#define LH_LINE_STRIP_CELL 12

/** lh_line_strip_new: Returns: (transfer floating): an empty strip. */
GtkWidget *lh_line_strip_new (void);

/**
 * lh_line_strip_set_line:
 * @steps: (element-type LhPvStep) (nullable): the line, first move first
 *   (copied); NULL or empty shows "No line" (the record stops at the root)
 * @geometry: the boards' shape
 * Shows @steps, one small board each.
 */
void lh_line_strip_set_line (LhLineStrip *self, const GArray *steps, LhGeometry geometry);

/**
 * lh_line_strip_set_from_node:
 * @from_node: the lines set next start at a node selected in the tree,
 *   deeper than a move of the root: the caption says so ("Expected line
 *   from the selected node: 2 moves, Up first") instead of naming the
 *   line's first move as the move it follows
 */
void lh_line_strip_set_from_node (LhLineStrip *self, gboolean from_node);

/** lh_line_strip_get_caption: (transfer none): the caption over the boards. */
const char *lh_line_strip_get_caption (LhLineStrip *self);

/** lh_line_strip_get_n_steps: Returns: the number of boards shown. */
guint lh_line_strip_get_n_steps (LhLineStrip *self);

/**
 * lh_line_strip_get_board:
 * @index: < lh_line_strip_get_n_steps()
 * Returns: (transfer none): the mini-board of step @index (an LhMiniBoard).
 */
GtkWidget *lh_line_strip_get_board (LhLineStrip *self, guint index);

/**
 * lh_line_strip_get_text:
 * Returns: (transfer none): the line in words, the strip's accessible
 *   description ("" when empty).
 */
const char *lh_line_strip_get_text (LhLineStrip *self);

G_END_DECLS
