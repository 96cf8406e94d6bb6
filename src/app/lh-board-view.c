/* lh-board-view.c: the animated 2048 board (see lh-board-view.h). */
#include "lh-board-view.h"
#include "lh-board-arrow.h"
#include "lh-board-heat.h"
#include "lh-theme-colour.h"
#include "lh-format.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include "lh-breakdown-view.h"
#include "lh-heuristic.h"
#include "lh-tile-motion.h"

/* Gap between cells as a fraction of a cell's side; corner radius likewise. */
#define GAP_FRACTION 0.12
#define RADIUS_FRACTION 0.07
/* A drag shorter than this many pixels is no move. */
#define DRAG_THRESHOLD 24.0

struct _LhBoardView
{
  GtkWidget    parent_instance;

  LhGeometry   geometry;
  LhRules      rules;
  LhWideBoard  board;
  int          hint_move;
  int          played_move;  /* on a position of a reviewed game, or LH_MOVE_NONE */

  /* The running animation; tick_id == 0 when none. */
  guint        tick_id;
  gint64       start_us;
  gboolean     has_start;
  gboolean     sliding;
  gboolean     appear_all;
  LhTileMotion motions[LH_TILE_MOTIONS_MAX];
  guint        n_motions;
  guint        merged_cells;   /* bit LH_GAME_CELL (row, col) set for merge destinations */
  int          spawned_cell;   /* LH_GAME_CELL (row, col), or -1 */

  /* The heat map: a value per cell (LH_WIDE_CELL (row, col)), shown when
   * has_heat; with heat_evaluation it is recomputed for every board shown
   * (lh_board_view_show_cell_values()). */
  gboolean          has_heat;
  double            heat[LH_WIDE_N_CELLS];
  LhOwnedEvaluator     *heat_evaluation;
};

G_DEFINE_FINAL_TYPE (LhBoardView, lh_board_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The original game's colours (gabrielecirulli/2048, style/main.scss) up to
 * 2048, as it draws them; distinct colours beyond it so every tile up to
 * 2^20 can be told apart, each with a contrast of at least 4.5 to its
 * digits (WCAG 2 level AA; test-tile-colours.c checks it); larger tiles
 * share the last one. */
#define N_TILE_COLOURS 21
static const struct {
  const char *background;
  const char *foreground;
} tile_colours[N_TILE_COLOURS] = {
  { "rgba(238,228,218,0.35)", "#776e65" },  /* empty */
  { "#eee4da", "#776e65" },  /* 2 */
  { "#ede0c8", "#776e65" },  /* 4 */
  { "#f2b179", "#f9f6f2" },  /* 8 */
  { "#f59563", "#f9f6f2" },  /* 16 */
  { "#f67c5f", "#f9f6f2" },  /* 32 */
  { "#f65e3b", "#f9f6f2" },  /* 64 */
  { "#edcf72", "#f9f6f2" },  /* 128 */
  { "#edcc61", "#f9f6f2" },  /* 256 */
  { "#edc850", "#f9f6f2" },  /* 512 */
  { "#edc53f", "#f9f6f2" },  /* 1024 */
  { "#edc22e", "#f9f6f2" },  /* 2048 */
  { "#96578f", "#f9f6f2" },  /* 4096 */
  { "#7d3f86", "#f9f6f2" },  /* 8192 */
  { "#6f4d96", "#f9f6f2" },  /* 16384 */
  { "#3c3a32", "#f9f6f2" },  /* 32768 */
  { "#2f5f8a", "#f9f6f2" },  /* 65536 */
  { "#1f6b5a", "#f9f6f2" },  /* 131072 */
  { "#8a2f2f", "#f9f6f2" },  /* 262144 */
  { "#4a3b7d", "#f9f6f2" },  /* 524288 */
  { "#141414", "#f9f6f2" },  /* 1048576 and larger */
};

static const char *board_colour = "#bbada0";

typedef struct {
  double x0, y0;   /* top left of the board frame */
  double cell;     /* side of a cell */
  double gap;
  double width, height;
} Layout;

static void
compute_layout (LhBoardView *self, Layout *layout)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double rows = self->geometry.rows;
  double cols = self->geometry.cols;
  double cell_w = w / (cols + GAP_FRACTION * (cols + 1));
  double cell_h = h / (rows + GAP_FRACTION * (rows + 1));

  layout->cell = floor (MIN (cell_w, cell_h));
  layout->gap = floor (layout->cell * GAP_FRACTION);
  layout->width = cols * layout->cell + (cols + 1) * layout->gap;
  layout->height = rows * layout->cell + (rows + 1) * layout->gap;
  layout->x0 = floor ((w - layout->width) / 2);
  layout->y0 = 0;  /* top-aligned, right under the scores */
}

static void
cell_origin (const Layout *layout, double row, double col, double *x, double *y)
{
  *x = layout->x0 + layout->gap + col * (layout->cell + layout->gap);
  *y = layout->y0 + layout->gap + row * (layout->cell + layout->gap);
}

static void
append_rounded (GtkSnapshot *snapshot, double x, double y, double w, double h,
                double radius, const char *colour)
{
  GskRoundedRect rect;
  GdkRGBA rgba;

  gdk_rgba_parse (&rgba, colour);
  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, w, h), radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &rgba, &GRAPHENE_RECT_INIT (x, y, w, h));
  gtk_snapshot_pop (snapshot);
}

/* Draws the tile of @exponent with its top left at (@x, @y), scaled by
 * @scale about its centre. */
static void
draw_tile (LhBoardView *self, GtkSnapshot *snapshot, const Layout *layout,
           double x, double y, guint exponent, double scale)
{
  double size = layout->cell;
  g_autoptr(PangoLayout) text = NULL;
  PangoFontDescription *font;
  char label[16];  /* 2^31 has 10 digits */
  size_t digits;
  double font_px;
  PangoRectangle ink, logical;
  GdkRGBA fg;

  if (exponent == 0 || scale <= 0.01)
    return;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + size / 2, y + size / 2));
  gtk_snapshot_scale (snapshot, scale, scale);

  append_rounded (snapshot, -size / 2, -size / 2, size, size,
                  size * RADIUS_FRACTION, tile_colours[MIN (exponent, N_TILE_COLOURS - 1)].background);

  g_snprintf (label, sizeof label, "%" G_GUINT64_FORMAT, lh_wide_tile_value (exponent));
  digits = strlen (label);
  /* Font size by digit count (the original game shrinks 3- and 4-digit tiles
   * alike), then shrunk further if the text still would not fit. */
  font_px = size * (digits <= 2 ? 0.46 : digits == 3 ? 0.38 : digits == 4 ? 0.28 : 0.23);

  text = gtk_widget_create_pango_layout (GTK_WIDGET (self), label);
  font = pango_font_description_copy (pango_context_get_font_description (
                                        pango_layout_get_context (text)));
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, font_px * PANGO_SCALE);
  pango_layout_set_font_description (text, font);
  pango_layout_get_pixel_extents (text, &ink, &logical);
  if (ink.width > size * 0.80)
    {
      font_px *= size * 0.80 / ink.width;
      pango_font_description_set_absolute_size (font, font_px * PANGO_SCALE);
      pango_layout_set_font_description (text, font);
      pango_layout_get_pixel_extents (text, &ink, &logical);
    }
  pango_font_description_free (font);

  /* Centre the ink, not the logical box, so digits sit in the middle. */
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (-(ink.x + ink.width / 2.0),
                                                -(ink.y + ink.height / 2.0)));
  gdk_rgba_parse (&fg, tile_colours[MIN (exponent, N_TILE_COLOURS - 1)].foreground);
  gtk_snapshot_append_layout (snapshot, text, &fg);
  gtk_snapshot_restore (snapshot);
}

/* WCAG 2.x relative luminance of an opaque sRGB colour. */
static double
relative_luminance (const GdkRGBA *c)
{
  const double rgb[3] = { c->red, c->green, c->blue };
  double l[3];

  for (guint i = 0; i < 3; i++)
    l[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

double
lh_board_view_contrast_ratio (const GdkRGBA *a, const GdkRGBA *b)
{
  double la, lb;

  g_return_val_if_fail (a != NULL && b != NULL, 1);
  la = relative_luminance (a);
  lb = relative_luminance (b);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* Elapsed time of the running animation, in ms. */
static double
elapsed_ms (LhBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (self->tick_id == 0 || clock == NULL || !self->has_start)
    return 0;
  return (gdk_frame_clock_get_frame_time (clock) - self->start_us) / 1000.0;
}

static double
ease_out (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  return 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);
}

static void
draw_focus_ring (LhBoardView *self, GtkSnapshot *snapshot, const Layout *layout)
{
  const float width = 3.0f;
  double radius = layout->cell * RADIUS_FRACTION * 1.6;
  GdkRGBA accent;
  GskRoundedRect outline;
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4];

  /* The theme's accent colour when it names one (libadwaita does). */
  lh_theme_colour (GTK_WIDGET (self), "accent_color", "#3584e4", &accent);
  for (guint i = 0; i < 4; i++)
    colours[i] = accent;
  gsk_rounded_rect_init_from_rect (&outline,
                                   &GRAPHENE_RECT_INIT (layout->x0, layout->y0,
                                                        layout->width, layout->height),
                                   radius);
  gtk_snapshot_append_border (snapshot, &outline, widths, colours);
}

/* The tiles where they rest (popping while @animating, at @pop_t). */
static void
draw_tiles (LhBoardView *self, GtkSnapshot *snapshot, const Layout *layout,
            gboolean animating, double pop_t)
{
  for (guint r = 0; r < self->geometry.rows; r++)
    for (guint c = 0; c < self->geometry.cols; c++)
      {
        guint index = LH_GAME_CELL (r, c);
        double scale = 1.0;
        double x, y;

        if (animating && pop_t < 1.0)
          {
            if (self->appear_all || (int) index == self->spawned_cell)
              scale = ease_out (MAX (pop_t, 0.0));
            else if (self->merged_cells & (1u << index))
              scale = 1.0 + 0.18 * sin (G_PI * CLAMP (pop_t, 0.0, 1.0));
          }
        cell_origin (layout, r, c, &x, &y);
        draw_tile (self, snapshot, layout, x, y, lh_wide_board_get_cell (self->board, r, c), scale);
      }
}

/* The heat map over the tiles (lh-board-heat.c), at opacity @fade. */
static void
draw_heat_map (LhBoardView *self, GtkSnapshot *snapshot, const Layout *layout, double fade)
{
  graphene_rect_t boxes[LH_WIDE_N_CELLS] = { 0 };

  for (guint r = 0; r < self->geometry.rows; r++)
    for (guint c = 0; c < self->geometry.cols; c++)
      {
        double x, y;

        cell_origin (layout, r, c, &x, &y);
        graphene_rect_init (&boxes[LH_WIDE_CELL (r, c)], x, y, layout->cell, layout->cell);
      }
  lh_board_heat_append (snapshot, GTK_WIDGET (self), self->heat, self->board, self->geometry,
                        boxes, layout->cell * RADIUS_FRACTION, fade);
}

static void
lh_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhBoardView *self = LH_BOARD_VIEW (widget);
  Layout layout;
  double t = elapsed_ms (self);
  gboolean animating = self->tick_id != 0;
  gboolean in_slide = animating && self->sliding && t < LH_BOARD_VIEW_SLIDE_MS;
  double pop_t = animating ? (t - (self->sliding ? LH_BOARD_VIEW_SLIDE_MS : 0)) / LH_BOARD_VIEW_POP_MS : 1.0;

  compute_layout (self, &layout);
  if (layout.cell < 4)
    return;

  append_rounded (snapshot, layout.x0, layout.y0, layout.width, layout.height,
                  layout.cell * RADIUS_FRACTION * 1.6, board_colour);

  for (guint r = 0; r < self->geometry.rows; r++)
    for (guint c = 0; c < self->geometry.cols; c++)
      {
        double x, y;
        cell_origin (&layout, r, c, &x, &y);
        append_rounded (snapshot, x, y, layout.cell, layout.cell,
                        layout.cell * RADIUS_FRACTION, tile_colours[0].background);
      }

  if (in_slide)
    {
      double p = ease_out (t / LH_BOARD_VIEW_SLIDE_MS);

      /* Tiles that stay first, so sliding tiles pass over them. */
      for (int pass = 0; pass < 2; pass++)
        for (guint i = 0; i < self->n_motions; i++)
          {
            const LhTileMotion *m = &self->motions[i];
            gboolean still = m->from_row == m->to_row && m->from_col == m->to_col;
            double x, y;

            if (still != (pass == 0))
              continue;
            cell_origin (&layout,
                         m->from_row + (m->to_row - (double) m->from_row) * p,
                         m->from_col + (m->to_col - (double) m->from_col) * p,
                         &x, &y);
            draw_tile (self, snapshot, &layout, x, y, m->exponent, 1.0);
          }
    }
  else
    {
      draw_tiles (self, snapshot, &layout, animating, pop_t);
      /* The heat map beside the tiles' colours: faded in while tiles pop,
       * hidden while they slide. */
      if (self->has_heat)
        draw_heat_map (self, snapshot, &layout,
                       animating && pop_t < 1.0 ? ease_out (MAX (pop_t, 0.0)) : 1.0);
    }

  if (!animating)
    {
      graphene_rect_t area = GRAPHENE_RECT_INIT (layout.x0, layout.y0, layout.width, layout.height);
      gboolean both = self->played_move != LH_MOVE_NONE && self->hint_move != LH_MOVE_NONE
                      && self->played_move != self->hint_move;

      lh_board_arrow_append (snapshot, &area, self->hint_move, LH_BOARD_ARROW_BEST, both);
      if (self->played_move != self->hint_move)
        lh_board_arrow_append (snapshot, &area, self->played_move, LH_BOARD_ARROW_PLAYED, both);
    }

  /* The keyboard focus, when it was reached with the keyboard (Tab): a ring
   * in the accent colour just inside the board's frame. */
  if (gtk_widget_has_visible_focus (widget))
    draw_focus_ring (self, snapshot, &layout);
}

static void
lh_board_view_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE))
    gtk_widget_queue_draw (widget);
  GTK_WIDGET_CLASS (lh_board_view_parent_class)->state_flags_changed (widget, previous);
}

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  LhBoardView *self = LH_BOARD_VIEW (widget);
  double total = (self->sliding ? LH_BOARD_VIEW_SLIDE_MS : 0) + LH_BOARD_VIEW_POP_MS;

  if (!self->has_start)
    {
      self->start_us = gdk_frame_clock_get_frame_time (clock);
      self->has_start = TRUE;
    }

  if (elapsed_ms (self) >= total)
    {
      self->tick_id = 0;
      gtk_widget_queue_draw (widget);
      return G_SOURCE_REMOVE;
    }

  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
lh_board_view_finish_animation (LhBoardView *self)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lh_board_view_is_animating (LhBoardView *self)
{
  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), FALSE);
  return self->tick_id != 0;
}

static gboolean
animations_enabled (LhBoardView *self)
{
  gboolean enabled = TRUE;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

static void
start_animation (LhBoardView *self)
{
  if (!animations_enabled (self))
    return;
  /* The start time is the first frame's time, taken in the tick. */
  self->has_start = FALSE;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
}

/* Recomputes the heat map of the board shown when it follows the board. */
static void
update_heat_from_board (LhBoardView *self)
{
  const LhEvaluator *evaluator;

  if (self->heat_evaluation == NULL)
    return;
  evaluator = lh_owned_evaluator_get_evaluator (self->heat_evaluation);
  if (lh_geometry_equal (lh_evaluator_get_geometry (evaluator), self->geometry))
    self->has_heat = lh_evaluator_cell_values_wide (evaluator, self->board, self->heat);
  else
    self->has_heat = FALSE;  /* until the window hands over the new size's */
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), self->has_heat);
}

void
lh_board_view_set_board (LhBoardView *self,
                         LhWideBoard  board,
                         LhGeometry   geometry,
                         LhRules      rules,
                         gboolean     appear)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));
  g_return_if_fail (lh_rules_accept (rules, geometry, board));

  lh_board_view_finish_animation (self);
  if (!lh_geometry_equal (geometry, self->geometry))
    gtk_widget_queue_resize (GTK_WIDGET (self));
  self->geometry = geometry;
  self->rules = rules;
  self->board = board;
  self->n_motions = 0;
  self->merged_cells = 0;
  self->spawned_cell = -1;
  self->sliding = FALSE;
  self->appear_all = appear;
  update_heat_from_board (self);
  if (appear)
    start_animation (self);
}

void
lh_board_view_animate_move (LhBoardView *self,
                            LhWideBoard  previous,
                            LhMove       move,
                            LhWideBoard  board,
                            int          spawned_cell)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));
  g_return_if_fail (lh_rules_accept (self->rules, self->geometry, board));

  lh_board_view_finish_animation (self);
  self->board = board;
  self->n_motions = lh_tile_motions_compute (previous, self->geometry, self->rules, move,
                                             self->motions, NULL);
  self->merged_cells = 0;
  for (guint i = 0; i < self->n_motions; i++)
    if (self->motions[i].merged)
      self->merged_cells |= 1u << LH_GAME_CELL (self->motions[i].to_row, self->motions[i].to_col);
  self->spawned_cell = spawned_cell;
  self->sliding = TRUE;
  self->appear_all = FALSE;
  update_heat_from_board (self);
  start_animation (self);
}

LhWideBoard
lh_board_view_get_wide_board (LhBoardView *self)
{
  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), 0);
  return self->board;
}

LhBoard
lh_board_view_get_board (LhBoardView *self)
{
  LhBoard narrow = 0;

  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), 0);
  return lh_wide_board_to_board (self->board, self->geometry, &narrow) ? narrow : 0;
}

int
lh_board_view_get_hint (LhBoardView *self)
{
  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), LH_MOVE_NONE);
  return self->hint_move;
}

void
lh_board_view_set_hint (LhBoardView *self, int move)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));

  if (move < 0 || move >= LH_N_MOVES)
    move = LH_MOVE_NONE;
  if (self->hint_move == move)
    return;
  self->hint_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
lh_board_view_get_played (LhBoardView *self)
{
  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), LH_MOVE_NONE);
  return self->played_move;
}

void
lh_board_view_set_played (LhBoardView *self, int move)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));

  if (move < 0 || move >= LH_N_MOVES)
    move = LH_MOVE_NONE;
  if (self->played_move == move)
    return;
  self->played_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_board_view_set_heat_map (LhBoardView *self, const double *cells)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->heat_evaluation, lh_owned_evaluator_unref);
  if (cells == NULL)
    {
      if (!self->has_heat)
        return;
      self->has_heat = FALSE;
    }
  else
    {
      if (self->has_heat && memcmp (self->heat, cells, sizeof self->heat) == 0)
        return;
      memcpy (self->heat, cells, sizeof self->heat);
      self->has_heat = TRUE;
    }
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), self->has_heat);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lh_board_view_show_cell_values (LhBoardView *self, LhOwnedEvaluator *evaluation)
{
  g_return_if_fail (LH_IS_BOARD_VIEW (self));

  if (evaluation == NULL)
    {
      lh_board_view_set_heat_map (self, NULL);
      return;
    }
  lh_owned_evaluator_ref (evaluation);
  g_clear_pointer (&self->heat_evaluation, lh_owned_evaluator_unref);
  self->heat_evaluation = evaluation;
  update_heat_from_board (self);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), self->has_heat);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lh_board_view_get_heat_map (LhBoardView *self, double cells[LH_WIDE_N_CELLS])
{
  g_return_val_if_fail (LH_IS_BOARD_VIEW (self), FALSE);

  if (cells != NULL)
    {
      if (self->has_heat)
        memcpy (cells, self->heat, sizeof self->heat);
      else
        memset (cells, 0, sizeof self->heat);
    }
  return self->has_heat;
}

/* The tooltip of the heat map: the value of the cell under the pointer. */
static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  LhBoardView *self = LH_BOARD_VIEW (widget);
  Layout layout;
  g_autofree char *text = NULL;

  if (!self->has_heat || keyboard_mode)
    return FALSE;
  compute_layout (self, &layout);
  for (guint r = 0; r < self->geometry.rows; r++)
    for (guint c = 0; c < self->geometry.cols; c++)
      {
        double cx, cy;

        cell_origin (&layout, r, c, &cx, &cy);
        if (x < cx || y < cy || x >= cx + layout.cell || y >= cy + layout.cell)
          continue;
        /* None for an empty cell, or one the terms ignore. */
        text = lh_board_heat_describe_cell (self->heat, r, c,
                                            self->heat_evaluation != NULL
                                            && lh_evaluator_counts_points (
                                                 lh_owned_evaluator_get_evaluator (self->heat_evaluation)));
        if (text == NULL)
          return FALSE;
        gtk_tooltip_set_text (tooltip, text);
        return TRUE;
      }
  return FALSE;
}

/* Pressing on the board takes the keyboard focus from a text field (the depth
 * spin button), so the arrow keys move tiles again. */
static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, LhBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, LhBoardView *self)
{
  LhMove move;

  if (MAX (fabs (dx), fabs (dy)) < DRAG_THRESHOLD)
    return;
  if (fabs (dx) > fabs (dy))
    move = dx > 0 ? LH_MOVE_RIGHT : LH_MOVE_LEFT;
  else
    move = dy > 0 ? LH_MOVE_DOWN : LH_MOVE_UP;
  g_signal_emit (self, signals[SIGNAL_MOVE], 0, (int) move);
}

static void
lh_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  LhBoardView *self = LH_BOARD_VIEW (widget);
  int cells = orientation == GTK_ORIENTATION_HORIZONTAL ? self->geometry.cols : self->geometry.rows;

  *minimum = 56 * cells;
  *natural = 108 * cells;
  /* Given a width, square cells: the board is as tall as that width makes
   * it, so a column of controls below it starts right under it, and never
   * less: what appears below or above it (the expected line, a status, a
   * bar) makes its column scroll rather than the board shrink and jump. */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0 && self->geometry.cols > 0)
    *minimum = *natural = MAX (*minimum, for_size * self->geometry.rows / self->geometry.cols);
}

static GtkSizeRequestMode
lh_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
lh_board_view_dispose (GObject *object)
{
  LhBoardView *self = LH_BOARD_VIEW (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_pointer (&self->heat_evaluation, lh_owned_evaluator_unref);
  G_OBJECT_CLASS (lh_board_view_parent_class)->dispose (object);
}

static void
lh_board_view_class_init (LhBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_board_view_dispose;
  widget_class->snapshot = lh_board_view_snapshot;
  widget_class->measure = lh_board_view_measure;
  widget_class->get_request_mode = lh_board_view_get_request_mode;
  widget_class->state_flags_changed = lh_board_view_state_flags_changed;

  /**
   * LhBoardView::move:
   * @move: an LhMove
   * The person dragged across the board in the direction of @move.
   */
  signals[SIGNAL_MOVE] =
    g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "lh-board-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lh_board_view_init (LhBoardView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->geometry = LH_GEOMETRY_DEFAULT;
  self->rules = LH_RULES_2048_CAPPED;
  self->hint_move = LH_MOVE_NONE;
  self->played_move = LH_MOVE_NONE;
  self->spawned_cell = -1;

  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (drag), FALSE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* The description (the tiles and the score in words) is the owner's to
   * keep current: lh-window updates it on every change. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  -1);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}

void
lh_board_view_get_tile_colours (guint exponent, GdkRGBA *background, GdkRGBA *foreground)
{
  exponent = MIN (exponent, N_TILE_COLOURS - 1);
  if (background != NULL)
    gdk_rgba_parse (background, tile_colours[exponent].background);
  if (foreground != NULL)
    gdk_rgba_parse (foreground, tile_colours[exponent].foreground);
}

GtkWidget *
lh_board_view_new (void)
{
  return g_object_new (LH_TYPE_BOARD_VIEW, NULL);
}
