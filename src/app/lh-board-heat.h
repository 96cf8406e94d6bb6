/* lh-board-heat.h: the board's heat map, drawn beside the tiles' colours.
 *
 * Each cell with a value gets a ring just inside its edge, blue for a
 * positive value and red for a negative one (GNOME's Blue 3 and Red 4),
 * and the value in a small dark pill at its bottom.  The tiles keep their
 * own colours (a tint over them changed a 256 into an olive tile).  The
 * ring's width and opacity grow with the value's strength on the board's
 * own spread (LhHeatScale), so a map whose values span orders of magnitude
 * (the snake term's, ratio 4 a cell) still shows every cell.  A thin line
 * in black or white, whichever contrasts more with the tile, lines the
 * ring's inner side, so the ring reads on every tile colour.
 */
#pragma once

#include <gtk/gtk.h>
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * LhHeatScale:
 * @top: the largest |value| of the map
 * @floor: the smallest |value| the scale tells apart: the smallest nonzero
 *   |value|, but no less than @top / 10^4 (LH_HEAT_SCALE_DECADES)
 *
 * The scale of one board's heat map.  A logarithmic scale over the
 * board's own spread (our choice for Lookahead, issue 26: a linear scale
 * showed only the largest tile of a snake map, where each cell weighs 4
 * times the next).
 */
typedef struct {
  double top;
  double floor;
} LhHeatScale;

/* How many powers of ten the scale spans at most. */
#define LH_HEAT_SCALE_DECADES 4.0
/* The strength of the smallest |value| shown (the largest has 1). */
#define LH_HEAT_MIN_STRENGTH 0.25

/**
 * lh_heat_scale_init:
 * @scale: (out caller-allocates): the scale
 * @cells: LH_WIDE_N_CELLS values, cell (r, c) at LH_WIDE_CELL (r, c)
 *   (lh_evaluator_cell_values_wide()); 0 and values that are not finite
 *   are left out
 * Returns: FALSE when no cell has a value to show (@scale then is 0, 0).
 */
gboolean lh_heat_scale_init (LhHeatScale *scale, const double cells[LH_WIDE_N_CELLS]);

/**
 * lh_heat_scale_strength:
 * Returns: how strongly @value shows on @scale: 0 for 0 (or a value that is
 *   not finite); else LH_HEAT_MIN_STRENGTH at |value| <= floor, 1 at
 *   |value| = top, and in between linear in log |value|.
 */
double lh_heat_scale_strength (const LhHeatScale *scale, double value);

/**
 * lh_board_heat_get_colours:
 * @value: a cell's value (its sign picks the colour)
 * @exponent: the tile under the ring (0: an empty cell)
 * @ring: (out): the ring's colour, opaque
 * @edge: (out): the line lining the ring: black or white, whichever
 *   contrasts more with the tile's colour (WCAG 2; one of them always
 *   reaches 4.58:1)
 */
void lh_board_heat_get_colours (double value, guint exponent, GdkRGBA *ring, GdkRGBA *edge);

/**
 * lh_board_heat_append:
 * @snapshot: where to draw
 * @widget: for the pills' text (its Pango context and font)
 * @cells: the heat map, LH_WIDE_N_CELLS values (see lh_heat_scale_init())
 * @board: the tiles under it, a wide board (for the rings' edge colours)
 * @geometry: the board's size, 2 to 5 a side
 * @cell_boxes: LH_WIDE_N_CELLS boxes, cell (r, c) at LH_WIDE_CELL (r, c),
 *   in @snapshot's coordinates, px
 * @radius: the cells' corner radius, px
 * @fade: 0 to 1, the map's opacity (it fades in after a move)
 *
 * Draws the heat map over the tiles: rings, edges and the value pills
 * (lh_format_compact(); no pill on a cell under 40 px or whose value
 * rounds to 0).
 */
void lh_board_heat_append (GtkSnapshot           *snapshot,
                           GtkWidget             *widget,
                           const double           cells[LH_WIDE_N_CELLS],
                           LhWideBoard            board,
                           LhGeometry             geometry,
                           const graphene_rect_t *cell_boxes,
                           double                 radius,
                           double                 fade);

/**
 * lh_board_heat_describe_cell:
 * @cells: the heat map
 * @row: (0-based) a row, 0 to 4
 * @col: (0-based) a column, 0 to 4
 * @network: TRUE when the values are a network's (points still to score),
 *   FALSE for the heuristic's per-cell terms
 *
 * The tooltip of one cell, with its value in three significant digits and
 * its share of the map's sum (the network's value of the board, or the
 * per-cell terms' total): "Row 1, column 3: +0.00195 points from the
 * per-cell terms (Snake, Corner gradient), 0.01 % of their 18.3 on this
 * board".
 * Returns: (transfer full) (nullable): the text, NULL for a cell of value
 *   0.  Free with g_free().
 */
char *lh_board_heat_describe_cell (const double cells[LH_WIDE_N_CELLS], guint row, guint col,
                                   gboolean network);

G_END_DECLS
