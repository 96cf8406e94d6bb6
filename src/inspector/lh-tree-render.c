/* lh-tree-render.c: cairo drawing of a laid-out search-tree record (see
 * lh-tree-render.h). */
#include "lh-tree-render.h"

#include "lh-principal-variation.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#define W LH_TREE_LAYOUT_NODE_WIDTH
#define H LH_TREE_LAYOUT_NODE_HEIGHT
#define LEAF_SIDE 40.0
#define VALUE_FONT 11.0
#define LEAF_FONT 9.0
#define SMALL_FONT 8.0
/* An edge's label (its move, or where a tile spawns, which tile and its
 * chance), over two lines: at 8 px, on one line, it was too small to read
 * (issue 26). */
#define EDGE_FONT 10.0
#define PLAYER_RADIUS 8.0

typedef struct {
  double fill[3];
  double border[3];
} KindColors;

typedef struct {
  cairo_t                 *cr;
  const LhSearchTree      *tree;
  const LhSearchNode      *nodes;
  const LhTreeLayout      *layout;
  const LhTreeRenderStyle *style;
  double                   zoom;      /* the level of detail's: the smaller scale */
  double                   zoom_x;    /* device pixels per layout unit, across */
  double                   zoom_y;    /* and down (more than zoom_x when rows are spread) */
  gboolean                 mcts;
  double                   vx, vy, vw, vh;
  PangoLayout             *value_text;
  PangoLayout             *small_text;
  PangoLayout             *edge_text;
  PangoLayout             *leaf_text;
  KindColors               kinds[3];
  double                   fg[3];
  double                   bg[3];
  double                   edge[3];
  double                   path[3];   /* an MCTS iteration's path */
} Ctx;

/* Dashes of the path's strokes, layout units. */
static const double path_dashes[2] = { 7.0, 4.0 };

/* Palette: GNOME's named colours (light 1/2 tints, dark 4/5 shades). */
static const KindColors light_kinds[3] = {
  { { 0.871, 0.867, 0.855 }, { 0.369, 0.361, 0.392 } },  /* player: light 3 / dark 2 */
  { { 0.976, 0.941, 0.757 }, { 0.898, 0.647, 0.039 } },  /* chance: yellow 1 / yellow 5 */
  { { 0.561, 0.941, 0.643 }, { 0.149, 0.635, 0.412 } },  /* leaf: green 1 / green 5 */
};
static const KindColors dark_kinds[3] = {
  { { 0.239, 0.220, 0.275 }, { 0.753, 0.749, 0.737 } },  /* player: dark 2 / light 4 */
  { { 0.478, 0.361, 0.016 }, { 0.965, 0.827, 0.176 } },  /* chance: darkened yellow / yellow 3 */
  { { 0.071, 0.380, 0.231 }, { 0.341, 0.890, 0.537 } },  /* leaf: darkened green / green 3 */
};

void
lh_tree_render_get_kind_color (LhSearchNodeKind kind, gboolean dark, double rgb[3])
{
  const KindColors *k = &(dark ? dark_kinds : light_kinds)[MIN ((guint) kind, 2u)];
  memcpy (rgb, k->fill, sizeof k->fill);
}

void
lh_tree_render_get_path_color (gboolean dark, double rgb[3])
{
  static const double light[3] = { 0xe6 / 255.0, 0x61 / 255.0, 0x00 / 255.0 };
  static const double dark_rgb[3] = { 0xff / 255.0, 0xa3 / 255.0, 0x48 / 255.0 };

  memcpy (rgb, dark ? dark_rgb : light, sizeof light);
}

void
lh_tree_mark_path (const LhSearchTree *tree, guint8 *highlight, const guint32 *path, guint path_length)
{
  guint n = lh_search_tree_get_n_nodes (tree);

  for (guint i = 0; i < n; i++)
    highlight[i] &= (guint8) ~LH_TREE_HIGHLIGHT_PATH;
  for (guint i = 0; path != NULL && i < path_length; i++)
    {
      if (path[i] >= n)
        break;
      highlight[path[i]] |= LH_TREE_HIGHLIGHT_PATH;
    }
}

void
lh_tree_render_style_init (LhTreeRenderStyle *style)
{
  *style = (LhTreeRenderStyle) {
    .selected = LH_SEARCH_NODE_NONE,
    .focus = LH_SEARCH_NODE_NONE,
    .highlight = NULL,
    .dark = FALSE,
    /* GNOME's default accent, blue 3 (#3584e4). */
    .accent = { 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0 },
  };
}

char *
lh_tree_format_value (double value, char *buf, gsize size)
{
  static const char *suffix[] = { "", "k", "M", "G", "T" };
  double a = fabs (value);
  guint s = 0;

  if (isnan (value))
    {
      g_strlcpy (buf, "nan", size);
      return buf;
    }
  if (isinf (value))
    {
      g_strlcpy (buf, value < 0 ? "-inf" : "inf", size);
      return buf;
    }
  /* Pick the suffix after rounding to 3 significant digits, so 999.7 is "1.00k". */
  while (s + 1 < G_N_ELEMENTS (suffix) && a >= 999.5)
    {
      a /= 1000;
      value /= 1000;
      s++;
    }
  if (s == 0 && a < 9.995)
    g_snprintf (buf, size, "%.2f", value);
  else if (a < 9.995)
    g_snprintf (buf, size, "%.2f%s", value, suffix[s]);
  else if (a < 99.95)
    g_snprintf (buf, size, "%.1f%s", value, suffix[s]);
  else
    g_snprintf (buf, size, "%.0f%s", value, suffix[s]);
  return buf;
}

char *
lh_tree_format_edge (const LhSearchTree *tree, const LhSearchNode *node, char *buf, gsize size)
{
  static const char *arrows[LH_N_MOVES] = { "↑", "↓", "←", "→" };
  guint row, col;

  if (lh_search_tree_get_spawn (tree, node, &row, &col))
    {
      double pct = node->probability * 100.0;
      const char *format = pct >= 9.95 ? "r%u" "c%u · %u · %.0f%%"
                         : pct >= 0.995 ? "r%u" "c%u · %u · %.1f%%"
                         : "r%u" "c%u · %u · %.2f%%";
      g_snprintf (buf, size, format, row + 1, col + 1,
                  1u << node->spawn_exponent, pct);
    }
  else if (node->move >= 0 && node->move < LH_N_MOVES)
    g_strlcpy (buf, arrows[node->move], size);
  else if (size > 0)
    buf[0] = '\0';
  return buf;
}

void
lh_tree_chosen_line (const LhSearchTree *tree, guint8 *highlight)
{
  guint n = lh_search_tree_get_n_nodes (tree);
  g_autoptr(GArray) line = NULL;
  g_autofree guint32 *nodes = NULL;
  guint n_line;

  if (n == 0)
    return;
  memset (highlight, 0, n);
  /* The expected line from the chosen move (MCTS: most visits). */
  line = lh_principal_variation_for_move (tree, LH_MOVE_NONE, lh_search_tree_get_node (tree, 0)->visits > 1,
                                          G_MAXUINT);
  nodes = lh_principal_variation_nodes (line, 0, &n_line);
  for (guint i = 0; i < n_line; i++)
    highlight[nodes[i]] = LH_TREE_HIGHLIGHT_CHOSEN;
}

static inline guint8
highlight_of (const Ctx *ctx, guint32 index)
{
  return ctx->style->highlight != NULL ? ctx->style->highlight[index] : 0;
}

static inline gboolean
is_highlighted (const Ctx *ctx, guint32 index)
{
  return highlight_of (ctx, index) != 0;
}

/* Edge width in layout units: probability mass (expectimax) or visit share
 * (MCTS), from 1 to 6 units, never under half a device pixel. */
static double
edge_width (const Ctx *ctx, guint32 child)
{
  double share;

  if (ctx->mcts)
    {
      guint32 p = ctx->nodes[child].parent;
      share = ctx->nodes[p].visits > 0 ? (double) ctx->nodes[child].visits / ctx->nodes[p].visits : 0;
    }
  else
    share = lh_tree_layout_get_mass (ctx->layout, child);
  return MAX (1.0 + 5.0 * sqrt (CLAMP (share, 0.0, 1.0)), 0.5 / ctx->zoom);
}

static void
set_rgb (cairo_t *cr, const double rgb[3], double alpha)
{
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
}

/* The first node of @row whose subtree extent reaches @x. */
static guint
extent_lower_bound (const LhTreeLayout *layout, const guint32 *row, guint n, double x)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (lh_tree_layout_get_node (layout, row[mid])->subtree_right < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
edge_path (const Ctx *ctx, guint32 parent, guint32 child, gboolean curved)
{
  const LhTreeLayoutNode *p = lh_tree_layout_get_node (ctx->layout, parent);
  const LhTreeLayoutNode *c = lh_tree_layout_get_node (ctx->layout, child);
  double x1 = p->x + W / 2, y1 = p->y + H, x2 = c->x + W / 2, y2 = c->y;

  cairo_move_to (ctx->cr, x1, y1);
  if (curved)
    {
      double ym = (y1 + y2) / 2;
      cairo_curve_to (ctx->cr, x1, ym, x2, ym, x2, y2);
    }
  else
    cairo_line_to (ctx->cr, x2, y2);
}

/* Edges whose vertical span meets the visible rectangle: from every parent
 * whose subtree extent meets it horizontally (extents of a row are disjoint
 * and sorted, so a binary search finds the first), to each child whose
 * segment meets it.  @highlighted selects the pass: ordinary edges first, the
 * highlighted line on top. */
static void
draw_edges (Ctx *ctx, gboolean highlighted)
{
  const LhTreeLayout *layout = ctx->layout;
  guint n_rows = lh_tree_layout_get_n_rows (layout);
  double pitch = LH_TREE_LAYOUT_NODE_HEIGHT + LH_TREE_LAYOUT_LEVEL_GAP;
  double first = floor ((ctx->vy - pitch) / pitch), last = floor ((ctx->vy + ctx->vh - H) / pitch);
  gboolean curved = ctx->zoom >= LH_TREE_RENDER_SHAPES_ZOOM;

  first = MAX (first, 0);
  last = MIN (last, (double) n_rows - 2);
  if (!highlighted)
    set_rgb (ctx->cr, ctx->edge, 0.9);

  for (double rr = first; rr <= last; rr++)
    {
      guint n;
      const guint32 *row = lh_tree_layout_get_row (layout, (guint) rr, &n);

      for (guint i = extent_lower_bound (layout, row, n, ctx->vx); i < n; i++)
        {
          guint32 v = row[i];
          const LhTreeLayoutNode *p = lh_tree_layout_get_node (layout, v);
          double px = p->x + W / 2;

          if (p->subtree_left > ctx->vx + ctx->vw)
            break;
          /* (A node may show some of its children: the others are elided.) */
          for (guint32 c = ctx->nodes[v].first_child; c != LH_SEARCH_NODE_NONE; c = ctx->nodes[c].next_sibling)
            {
              double cx;

              if (!lh_tree_layout_is_visible (layout, c))
                continue;
              cx = lh_tree_layout_get_node (layout, c)->x + W / 2;
              if (MAX (px, cx) < ctx->vx || MIN (px, cx) > ctx->vx + ctx->vw)
                continue;
              if (is_highlighted (ctx, c) != highlighted)
                continue;
              edge_path (ctx, v, c, curved);
              if (highlighted)
                {
                  guint8 h = highlight_of (ctx, c);

                  /* The chosen line solid in the accent colour; the
                   * iteration's path dashed in its own colour, on top of
                   * the chosen line where they share an edge. */
                  if (h & LH_TREE_HIGHLIGHT_CHOSEN)
                    {
                      set_rgb (ctx->cr, ctx->style->accent, 1);
                      cairo_set_line_width (ctx->cr, edge_width (ctx, c) + 2.0);
                      cairo_stroke_preserve (ctx->cr);
                    }
                  if (h & LH_TREE_HIGHLIGHT_PATH)
                    {
                      set_rgb (ctx->cr, ctx->path, 1);
                      cairo_set_line_width (ctx->cr, (h & LH_TREE_HIGHLIGHT_CHOSEN)
                                                     ? MAX (edge_width (ctx, c) - 1.0, 1.5)
                                                     : edge_width (ctx, c) + 2.0);
                      cairo_set_dash (ctx->cr, path_dashes, 2, 0);
                      cairo_stroke_preserve (ctx->cr);
                      cairo_set_dash (ctx->cr, NULL, 0, 0);
                    }
                  cairo_new_path (ctx->cr);
                }
              else
                {
                  cairo_set_line_width (ctx->cr, edge_width (ctx, c));
                  cairo_stroke (ctx->cr);
                }
            }
        }
    }
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The outline of node @index's shape, grown by @grow units on every side. */
static void
shape_path (Ctx *ctx, guint32 index, double grow)
{
  const LhTreeLayoutNode *ln = lh_tree_layout_get_node (ctx->layout, index);
  cairo_t *cr = ctx->cr;

  switch (ctx->nodes[index].kind)
    {
    case LH_SEARCH_NODE_PLAYER:
      rounded_rect (cr, ln->x - grow, ln->y - grow, W + 2 * grow, H + 2 * grow, PLAYER_RADIUS + grow);
      break;
    case LH_SEARCH_NODE_CHANCE:
      cairo_save (cr);
      cairo_translate (cr, ln->x + W / 2, ln->y + H / 2);
      cairo_scale (cr, W / 2 + grow, H / 2 + grow);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
      cairo_close_path (cr);
      cairo_restore (cr);
      break;
    default:
      {
        double s = LEAF_SIDE + 2 * grow;
        cairo_rectangle (cr, ln->x + (W - s) / 2, ln->y + (H - s) / 2, s, s);
      }
      break;
    }
}

/* Shows @text centred on (@cx, @cy); with @halo, over a background patch. */
static void
show_text (Ctx *ctx, PangoLayout *pl, const char *text, double cx, double cy, gboolean halo)
{
  PangoRectangle ink, logical;

  pango_layout_set_text (pl, text, -1);
  pango_layout_get_extents (pl, &ink, &logical);
  {
    double w = (double) logical.width / PANGO_SCALE, h = (double) logical.height / PANGO_SCALE;
    double x = cx - w / 2 - (double) logical.x / PANGO_SCALE, y = cy - h / 2;

    if (halo)
      {
        rounded_rect (ctx->cr, cx - w / 2 - 2, y, w + 4, h, 2);
        set_rgb (ctx->cr, ctx->bg, 0.85);
        cairo_fill (ctx->cr);
      }
    set_rgb (ctx->cr, ctx->fg, 1);
    cairo_move_to (ctx->cr, x, y);
    pango_cairo_show_layout (ctx->cr, pl);
  }
}

static void
draw_node (guint32 index, gpointer user_data)
{
  Ctx *ctx = user_data;
  const LhSearchNode *node = &ctx->nodes[index];
  const LhTreeLayoutNode *ln = lh_tree_layout_get_node (ctx->layout, index);
  const KindColors *kc = &ctx->kinds[MIN (node->kind, 2)];
  guint8 hl = highlight_of (ctx, index);
  cairo_t *cr = ctx->cr;
  char buf[64];

  shape_path (ctx, index, 0);
  set_rgb (cr, kc->fill, 1);
  cairo_fill_preserve (cr);
  if (hl & LH_TREE_HIGHLIGHT_CHOSEN)
    {
      set_rgb (cr, ctx->style->accent, 1);
      cairo_set_line_width (cr, 3.0);
    }
  else if (hl & LH_TREE_HIGHLIGHT_PATH)
    {
      set_rgb (cr, ctx->path, 1);
      cairo_set_line_width (cr, 3.0);
      cairo_set_dash (cr, path_dashes, 2, 0);
    }
  else
    {
      set_rgb (cr, kc->border, 1);
      cairo_set_line_width (cr, MAX (1.25, 0.5 / ctx->zoom));
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  if ((hl & LH_TREE_HIGHLIGHT_CHOSEN) && (hl & LH_TREE_HIGHLIGHT_PATH))
    {
      /* On both lines: a dashed ring of the path's colour around the accent. */
      shape_path (ctx, index, 3.5);
      set_rgb (cr, ctx->path, 1);
      cairo_set_line_width (cr, 2.0);
      cairo_set_dash (cr, path_dashes, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (ctx->zoom < LH_TREE_RENDER_TEXT_ZOOM)
    return;

  {
    double cx = ln->x + W / 2, cy = ln->y + H / 2;
    gboolean visits = node->visits > 1;

    lh_tree_format_value (node->value, buf, sizeof buf);
    show_text (ctx, node->kind == LH_SEARCH_NODE_LEAF ? ctx->leaf_text : ctx->value_text,
               buf, cx, visits ? cy - 6 : cy, FALSE);
    if (visits)
      {
        g_snprintf (buf, sizeof buf, "n=%u", node->visits);
        show_text (ctx, ctx->small_text, buf, cx, cy + 8, FALSE);
      }
  }

  /* Children the record does not hold (budget spent, or a transposition-table hit). */
  if (node->first_child == LH_SEARCH_NODE_NONE
      && (node->flags & (LH_SEARCH_NODE_FLAG_TRUNCATED | LH_SEARCH_NODE_FLAG_CACHED)) != 0)
    show_text (ctx, ctx->small_text, "⋯", ln->x + W / 2, ln->y + H + 7, FALSE);

  if (ctx->zoom >= LH_TREE_RENDER_LABEL_ZOOM && node->parent != LH_SEARCH_NODE_NONE)
    {
      char *last_dot;

      lh_tree_format_edge (ctx->tree, node, buf, sizeof buf);
      /* "r2c3 · 2" over "9.0%": the chance on a line of its own. */
      last_dot = g_strrstr (buf, " · ");
      if (last_dot != NULL && last_dot != strstr (buf, " · "))
        {
          memmove (last_dot + 1, last_dot + strlen (" · "), strlen (last_dot + strlen (" · ")) + 1);
          *last_dot = '\n';
        }
      if (buf[0] != '\0')
        show_text (ctx, ctx->edge_text, buf, ln->x + W / 2, ln->y - (last_dot != NULL ? 15 : 9), TRUE);
    }
}

/* The first position at or after @from in @row whose box's x is >= @x. */
static guint
x_lower_bound (const LhTreeLayout *layout, const guint32 *row, guint from, guint n, double x)
{
  guint lo = from, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (lh_tree_layout_get_node (layout, row[mid])->x < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Strokes the current path with a pen @width device pixels wide, round,
 * whatever the user space's scales (the rows may be spread more than the
 * columns). */
static void
stroke_device (cairo_t *cr, double width)
{
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Zoomed far out: per row at most one node per device-pixel column (the
 * others of that column are skipped by binary search), drawn as a plain
 * rectangle of at least one device pixel each way, filled in one path per
 * kind; the drawn nodes' edges as hairlines in one path.  The two scales may
 * differ (zoom_y > zoom_x): a tree far wider than high keeps its rows
 * apart, each a band of node marks showing where the row is dense. */
static void
draw_simplified (Ctx *ctx)
{
  const LhTreeLayout *layout = ctx->layout;
  cairo_t *cr = ctx->cr;
  guint n_rows = lh_tree_layout_get_n_rows (layout);
  double pitch = LH_TREE_LAYOUT_NODE_HEIGHT + LH_TREE_LAYOUT_LEVEL_GAP;
  double px = 1.0 / ctx->zoom_x;  /* one device pixel across, in layout units */
  double bw = MAX (W, px), bh = MAX (H, 1.0 / ctx->zoom_y);
  double first = MAX (ceil ((ctx->vy - H) / pitch), 0);
  double last = MIN (floor ((ctx->vy + ctx->vh) / pitch), (double) n_rows - 1);
  GArray *drawn = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (double rr = first; rr <= last; rr++)
    {
      guint n;
      const guint32 *row = lh_tree_layout_get_row (layout, (guint) rr, &n);
      guint i = x_lower_bound (layout, row, 0, n, ctx->vx - W);

      while (i < n)
        {
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, row[i]);

          if (ln->x > ctx->vx + ctx->vw)
            break;
          g_array_append_val (drawn, row[i]);
          i = x_lower_bound (layout, row, i + 1, n, ln->x + px);
        }
    }

  for (guint k = 0; k < drawn->len; k++)
    {
      guint32 v = g_array_index (drawn, guint32, k);
      if (ctx->nodes[v].parent != LH_SEARCH_NODE_NONE)
        edge_path (ctx, ctx->nodes[v].parent, v, FALSE);
    }
  set_rgb (cr, ctx->edge, 0.6);
  /* Thousands of long hairlines: unsmoothed, they draw several times
   * faster (bench-inspector's fitted redraw: 56 ms smoothed, 7-8 ms not). */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  stroke_device (cr, 1.0);
  cairo_restore (cr);

  for (guint kind = 0; kind < 3; kind++)
    {
      for (guint k = 0; k < drawn->len; k++)
        {
          guint32 v = g_array_index (drawn, guint32, k);
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, v);

          if (MIN (ctx->nodes[v].kind, 2u) == kind)
            cairo_rectangle (cr, ln->x + (W - bw) / 2, ln->y + (H - bh) / 2, bw, bh);
        }
      set_rgb (cr, ctx->kinds[kind].border, 1);
      cairo_fill (cr);
    }
  g_array_free (drawn, TRUE);

  /* The highlighted lines, whole: their nodes are few.  Each follows its
   * own bit from the root: the chosen line, then the iteration's path. */
  if (ctx->style->highlight != NULL)
    for (guint bit = LH_TREE_HIGHLIGHT_CHOSEN; bit <= LH_TREE_HIGHLIGHT_PATH; bit <<= 1)
      {
        guint32 v = 0;

        if ((ctx->style->highlight[0] & bit) == 0)
          continue;
        while (v != LH_SEARCH_NODE_NONE)
          {
            guint32 next = LH_SEARCH_NODE_NONE;

            for (guint32 c = ctx->nodes[v].first_child; c != LH_SEARCH_NODE_NONE; c = ctx->nodes[c].next_sibling)
              if ((ctx->style->highlight[c] & bit) && lh_tree_layout_is_visible (layout, c))
                {
                  edge_path (ctx, v, c, FALSE);
                  next = c;
                  break;
                }
            v = next;
          }
        set_rgb (cr, bit == LH_TREE_HIGHLIGHT_PATH ? ctx->path : ctx->style->accent, 1);
        stroke_device (cr, 2.0);
      }
}

static void
draw_ring (Ctx *ctx, guint32 index, gboolean focus)
{
  cairo_t *cr = ctx->cr;
  double grow = focus ? 5.0 : 2.0;

  if (index >= lh_tree_layout_get_n_nodes (ctx->layout) || !lh_tree_layout_is_visible (ctx->layout, index))
    return;
  if (ctx->zoom < LH_TREE_RENDER_SHAPES_ZOOM)
    {
      /* Keep it findable: a ring of 7 (focus: 10) device pixels around the
       * point, round whatever the scales. */
      const LhTreeLayoutNode *ln = lh_tree_layout_get_node (ctx->layout, index);
      double dx = ln->x + W / 2, dy = ln->y + H / 2;

      cairo_user_to_device (cr, &dx, &dy);
      cairo_save (cr);
      cairo_identity_matrix (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, dx, dy, focus ? 10 : 7, 0, 2 * G_PI);
      set_rgb (cr, focus ? ctx->fg : ctx->style->accent, 1);
      if (focus)
        {
          double dash[] = { 4, 3 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_set_line_width (cr, focus ? 1.5 : 3.0);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }
  shape_path (ctx, index, grow);

  set_rgb (cr, focus ? ctx->fg : ctx->style->accent, 1);
  if (focus)
    {
      double dash[] = { 4 / MIN (ctx->zoom, 1.0), 3 / MIN (ctx->zoom, 1.0) };
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1.5 / MIN (ctx->zoom, 1.0));
    }
  else
    cairo_set_line_width (cr, 3.0 / MIN (ctx->zoom, 1.0));
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static PangoLayout *
make_text (cairo_t *cr, double size, gboolean bold)
{
  PangoLayout *pl = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (pl, desc);
  pango_font_description_free (desc);
  return pl;
}

void
lh_tree_render (cairo_t                 *cr,
                const LhSearchTree      *tree,
                const LhTreeLayout      *layout,
                const LhTreeRenderStyle *style,
                double visible_x, double visible_y,
                double visible_width, double visible_height)
{
  Ctx ctx = { 0 };
  cairo_matrix_t m;

  g_return_if_fail (cr != NULL && tree != NULL && layout != NULL && style != NULL);
  g_return_if_fail (lh_tree_layout_get_n_nodes (layout) <= lh_search_tree_get_n_nodes (tree));

  if (lh_tree_layout_get_n_visible (layout) == 0)
    return;

  cairo_get_matrix (cr, &m);
  ctx.cr = cr;
  ctx.tree = tree;
  ctx.nodes = lh_search_tree_get_node (tree, 0);
  ctx.layout = layout;
  ctx.style = style;
  ctx.zoom_x = hypot (m.xx, m.yx);
  ctx.zoom_y = hypot (m.xy, m.yy);
  ctx.zoom = MIN (ctx.zoom_x, ctx.zoom_y);
  if (!(ctx.zoom > 0))
    return;
  ctx.mcts = ctx.nodes[0].visits > 1;
  ctx.vx = visible_x;
  ctx.vy = visible_y;
  ctx.vw = visible_width;
  ctx.vh = visible_height;
  memcpy (ctx.kinds, style->dark ? dark_kinds : light_kinds, sizeof ctx.kinds);
  lh_tree_render_get_path_color (style->dark, ctx.path);
  if (style->dark)
    {
      ctx.fg[0] = ctx.fg[1] = ctx.fg[2] = 1.0;
      ctx.bg[0] = ctx.bg[1] = ctx.bg[2] = 0.141;
      ctx.edge[0] = ctx.edge[1] = ctx.edge[2] = 0.55;
    }
  else
    {
      ctx.fg[0] = ctx.fg[1] = ctx.fg[2] = 0.141;
      ctx.bg[0] = ctx.bg[1] = ctx.bg[2] = 1.0;
      ctx.edge[0] = ctx.edge[1] = ctx.edge[2] = 0.62;
    }

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_new_path (cr);

  if (ctx.zoom < LH_TREE_RENDER_SHAPES_ZOOM)
    draw_simplified (&ctx);
  else
    {
      if (ctx.zoom >= LH_TREE_RENDER_TEXT_ZOOM)
        {
          ctx.value_text = make_text (cr, VALUE_FONT, TRUE);
          ctx.small_text = make_text (cr, SMALL_FONT, FALSE);
          ctx.edge_text = make_text (cr, EDGE_FONT, FALSE);
          pango_layout_set_alignment (ctx.edge_text, PANGO_ALIGN_CENTER);
          ctx.leaf_text = make_text (cr, LEAF_FONT, TRUE);
        }
      draw_edges (&ctx, FALSE);
      draw_edges (&ctx, TRUE);
      lh_tree_layout_foreach_visible (layout, visible_x, visible_y - 16, visible_width, visible_height + 16,
                                      draw_node, &ctx);
      g_clear_object (&ctx.value_text);
      g_clear_object (&ctx.small_text);
      g_clear_object (&ctx.edge_text);
      g_clear_object (&ctx.leaf_text);
    }

  if (style->selected != LH_SEARCH_NODE_NONE)
    draw_ring (&ctx, style->selected, FALSE);
  if (style->focus != LH_SEARCH_NODE_NONE)
    draw_ring (&ctx, style->focus, TRUE);
  cairo_restore (cr);
}

double
lh_tree_render_row_zoom (double zoom, double fit_width, double fit_height)
{
  const double shapes = LH_TREE_RENDER_SHAPES_ZOOM;
  double t, spread;

  if (zoom >= shapes || !(fit_width > 0) || !(fit_height > 0))
    return zoom;
  spread = MIN (fit_height, 1.0);
  if (fit_width >= shapes)
    return MAX (zoom, MIN (shapes, spread));
  t = CLAMP (log (shapes / zoom) / log (shapes / fit_width), 0.0, 1.0);
  return MAX (zoom, shapes * pow (spread / shapes, t));
}

double
lh_tree_render_fit_zoom (double fit_width, double fit_height)
{
  if (fit_width < fit_height && fit_width < LH_TREE_RENDER_SHAPES_ZOOM)
    return fit_width;
  return MIN (fit_width, fit_height);
}
