/* lh-tree-layout.c: a tidy top-down layout of a search-tree record (see
 * lh-tree-layout.h for the algorithm and its guarantees). */
#include "lh-tree-layout.h"

#include <math.h>

#define ROW_PITCH (LH_TREE_LAYOUT_NODE_HEIGHT + LH_TREE_LAYOUT_LEVEL_GAP)

struct _LhTreeLayout {
  guint             n_nodes;
  guint             n_visible;
  guint             n_rows;
  double            width;
  double            height;
  LhTreeLayoutNode *nodes;      /* n_nodes */
  gint32           *row_of;     /* n_nodes; -1 when hidden */
  float            *mass;       /* n_nodes */
  guint32          *row_nodes;  /* n_visible: row 0, then row 1 ... each sorted by x */
  guint            *row_start;  /* n_rows + 1 offsets into row_nodes */
};

double
lh_tree_layout_row_y (guint row)
{
  return row * ROW_PITCH;
}

/* @c, or the first of its next siblings that is not elided; or NONE. */
static inline guint32
shown_from (const LhSearchNode *nodes, const guint8 *collapsed, guint32 c)
{
  while (c != LH_SEARCH_NODE_NONE && collapsed != NULL && (collapsed[c] & LH_TREE_LAYOUT_ELIDED))
    c = nodes[c].next_sibling;
  return c;
}

/* The first child @index shows: NONE when it is collapsed or shows none. */
static inline guint32
first_shown_child (const LhSearchNode *nodes, const guint8 *collapsed, guint32 index)
{
  if (collapsed != NULL && (collapsed[index] & LH_TREE_LAYOUT_COLLAPSED))
    return LH_SEARCH_NODE_NONE;
  return shown_from (nodes, collapsed, nodes[index].first_child);
}

/* The next sibling of @c that shows, or NONE. */
static inline guint32
next_shown_sibling (const LhSearchNode *nodes, const guint8 *collapsed, guint32 c)
{
  return shown_from (nodes, collapsed, nodes[c].next_sibling);
}

LhTreeLayout *
lh_tree_layout_new (const LhSearchTree *tree, const guint8 *collapsed)
{
  LhTreeLayout *layout;
  const LhSearchNode *nodes;
  guint32 *order;
  double *width;
  guint n, n_visible = 0, n_rows = 0;

  g_return_val_if_fail (tree != NULL, NULL);

  layout = g_new0 (LhTreeLayout, 1);
  n = lh_search_tree_get_n_nodes (tree);
  layout->n_nodes = n;
  layout->row_start = g_new0 (guint, 1);
  if (n == 0)
    return layout;

  /* The record's nodes are contiguous: node i is at nodes + i. */
  nodes = lh_search_tree_get_node (tree, 0);
  layout->nodes = g_new (LhTreeLayoutNode, n);
  layout->row_of = g_new (gint32, n);
  layout->mass = g_new (float, n);
  order = g_new (guint32, n);
  width = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      layout->nodes[i] = (LhTreeLayoutNode) { NAN, NAN, NAN, NAN };
      layout->row_of[i] = -1;
      layout->mass[i] = 0;
    }

  /* Pre-order walk of the visible nodes (no stack: child, sibling, or climb). */
  {
    guint32 v = 0;
    gint32 depth = 0;

    layout->mass[0] = 1;
    for (;;)
      {
        guint32 c = first_shown_child (nodes, collapsed, v), s;

        order[n_visible++] = v;
        layout->row_of[v] = depth;
        if ((guint) depth + 1 > n_rows)
          n_rows = (guint) depth + 1;
        if (c != LH_SEARCH_NODE_NONE)
          {
            layout->mass[c] = layout->mass[v] * nodes[c].probability;
            v = c;
            depth++;
            continue;
          }
        while (v != 0 && next_shown_sibling (nodes, collapsed, v) == LH_SEARCH_NODE_NONE)
          {
            v = nodes[v].parent;
            depth--;
          }
        if (v == 0)
          break;
        s = next_shown_sibling (nodes, collapsed, v);
        layout->mass[s] = layout->mass[nodes[v].parent] * nodes[s].probability;
        v = s;
      }
  }

  /* Post-order: subtree widths. */
  for (guint k = n_visible; k-- > 0;)
    {
      guint32 v = order[k];
      guint32 first = first_shown_child (nodes, collapsed, v);
      double w = 0;

      if (first != LH_SEARCH_NODE_NONE)
        {
          for (guint32 c = first; c != LH_SEARCH_NODE_NONE; c = next_shown_sibling (nodes, collapsed, c))
            w += width[c] + LH_TREE_LAYOUT_SIBLING_GAP;
          w -= LH_TREE_LAYOUT_SIBLING_GAP;
        }
      width[v] = MAX (w, LH_TREE_LAYOUT_NODE_WIDTH);
    }

  /* Pre-order: subtree extents, children side by side, centred as a block. */
  layout->nodes[0].subtree_left = 0;
  for (guint k = 0; k < n_visible; k++)
    {
      guint32 v = order[k];
      LhTreeLayoutNode *ln = &layout->nodes[v];
      guint32 first = first_shown_child (nodes, collapsed, v);

      ln->subtree_right = ln->subtree_left + width[v];
      if (first != LH_SEARCH_NODE_NONE)
        {
          double sum = 0, left;

          for (guint32 c = first; c != LH_SEARCH_NODE_NONE; c = next_shown_sibling (nodes, collapsed, c))
            sum += width[c] + LH_TREE_LAYOUT_SIBLING_GAP;
          sum -= LH_TREE_LAYOUT_SIBLING_GAP;
          left = ln->subtree_left + (width[v] - sum) / 2;
          for (guint32 c = first; c != LH_SEARCH_NODE_NONE; c = next_shown_sibling (nodes, collapsed, c))
            {
              layout->nodes[c].subtree_left = left;
              left += width[c] + LH_TREE_LAYOUT_SIBLING_GAP;
            }
        }
    }

  /* Post-order: boxes; a parent centred over its first and last child. */
  for (guint k = n_visible; k-- > 0;)
    {
      guint32 v = order[k];
      LhTreeLayoutNode *ln = &layout->nodes[v];
      guint32 first = first_shown_child (nodes, collapsed, v);

      ln->y = lh_tree_layout_row_y ((guint) layout->row_of[v]);
      if (first != LH_SEARCH_NODE_NONE)
        {
          guint32 last = first;

          for (guint32 c = first; c != LH_SEARCH_NODE_NONE; c = next_shown_sibling (nodes, collapsed, c))
            last = c;
          ln->x = (layout->nodes[first].x + layout->nodes[last].x) / 2;
        }
      else
        ln->x = ln->subtree_left + (width[v] - LH_TREE_LAYOUT_NODE_WIDTH) / 2;
    }

  /* Rows: a counting sort of the pre-order, which already lists each row
   * left to right (same-depth nodes meet in sibling-subtree order). */
  layout->n_visible = n_visible;
  layout->n_rows = n_rows;
  g_free (layout->row_start);
  layout->row_start = g_new0 (guint, n_rows + 1);
  layout->row_nodes = g_new (guint32, n_visible);
  for (guint k = 0; k < n_visible; k++)
    layout->row_start[layout->row_of[order[k]] + 1]++;
  for (guint r = 0; r < n_rows; r++)
    layout->row_start[r + 1] += layout->row_start[r];
  {
    guint *fill = g_memdup2 (layout->row_start, sizeof (guint) * n_rows);

    for (guint k = 0; k < n_visible; k++)
      layout->row_nodes[fill[layout->row_of[order[k]]]++] = order[k];
    g_free (fill);
  }

  layout->width = width[0];
  layout->height = n_rows * ROW_PITCH - LH_TREE_LAYOUT_LEVEL_GAP;

  g_free (order);
  g_free (width);
  return layout;
}

void
lh_tree_layout_free (LhTreeLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->nodes);
  g_free (layout->row_of);
  g_free (layout->mass);
  g_free (layout->row_nodes);
  g_free (layout->row_start);
  g_free (layout);
}

guint
lh_tree_layout_get_n_nodes (const LhTreeLayout *layout)
{
  return layout->n_nodes;
}

guint
lh_tree_layout_get_n_visible (const LhTreeLayout *layout)
{
  return layout->n_visible;
}

guint
lh_tree_layout_get_n_rows (const LhTreeLayout *layout)
{
  return layout->n_rows;
}

const guint32 *
lh_tree_layout_get_row (const LhTreeLayout *layout, guint row, guint *n_nodes)
{
  g_return_val_if_fail (row < layout->n_rows, NULL);
  *n_nodes = layout->row_start[row + 1] - layout->row_start[row];
  return layout->row_nodes + layout->row_start[row];
}

int
lh_tree_layout_get_row_of (const LhTreeLayout *layout, guint index)
{
  g_return_val_if_fail (index < layout->n_nodes, -1);
  return layout->row_of[index];
}

double
lh_tree_layout_get_mass (const LhTreeLayout *layout, guint index)
{
  g_return_val_if_fail (index < layout->n_nodes, 0);
  return layout->mass[index];
}

gboolean
lh_tree_layout_is_visible (const LhTreeLayout *layout, guint index)
{
  g_return_val_if_fail (index < layout->n_nodes, FALSE);
  return layout->row_of[index] >= 0;
}

void
lh_tree_layout_get_size (const LhTreeLayout *layout, double *width, double *height)
{
  if (width != NULL)
    *width = layout->width;
  if (height != NULL)
    *height = layout->height;
}

const LhTreeLayoutNode *
lh_tree_layout_get_node (const LhTreeLayout *layout, guint index)
{
  g_return_val_if_fail (index < layout->n_nodes, NULL);
  return &layout->nodes[index];
}

/* First position in @row (of @n nodes) whose box's x is >= @x. */
static guint
lower_bound (const LhTreeLayout *layout, const guint32 *row, guint n, double x)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (layout->nodes[row[mid]].x < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

guint32
lh_tree_layout_hit_test (const LhTreeLayout *layout, double x, double y)
{
  const guint32 *row;
  guint n, r, i;
  double top;

  if (layout->n_rows == 0 || !(y >= 0) || !(x >= 0))
    return LH_SEARCH_NODE_NONE;
  r = (guint) floor (y / ROW_PITCH);
  if (r >= layout->n_rows)
    return LH_SEARCH_NODE_NONE;
  top = lh_tree_layout_row_y (r);
  if (y >= top + LH_TREE_LAYOUT_NODE_HEIGHT)
    return LH_SEARCH_NODE_NONE;

  row = lh_tree_layout_get_row (layout, r, &n);
  /* The last box starting at or left of x. */
  i = lower_bound (layout, row, n, nextafter (x, INFINITY));
  if (i == 0)
    return LH_SEARCH_NODE_NONE;
  i--;
  if (x < layout->nodes[row[i]].x + LH_TREE_LAYOUT_NODE_WIDTH)
    return row[i];
  return LH_SEARCH_NODE_NONE;
}

guint32
lh_tree_layout_hit_test_within (const LhTreeLayout *layout, double x, double y, double dx, double dy)
{
  guint32 best = lh_tree_layout_hit_test (layout, x, y);
  double best_distance = G_MAXDOUBLE;
  double first, last;

  if (best != LH_SEARCH_NODE_NONE || layout->n_rows == 0 || !(dx >= 0) || !(dy >= 0)
      || isnan (x) || isnan (y))
    return best;
  first = MAX (floor ((y - dy - LH_TREE_LAYOUT_NODE_HEIGHT) / ROW_PITCH), 0);
  last = MIN (floor ((y + dy) / ROW_PITCH), (double) layout->n_rows - 1);
  for (double rr = first; rr <= last; rr++)
    {
      guint n, j;
      const guint32 *row = lh_tree_layout_get_row (layout, (guint) rr, &n);
      double top = lh_tree_layout_row_y ((guint) rr);
      /* Distance from the point to the box, 0 inside, per axis. */
      double oy = MAX (MAX (top - y, y - (top + LH_TREE_LAYOUT_NODE_HEIGHT)), 0);

      if (oy > dy || n == 0)
        continue;
      /* The two boxes whose centres bracket x are the nearest across. */
      j = lower_bound (layout, row, n, x - LH_TREE_LAYOUT_NODE_WIDTH / 2);
      for (guint k = j > 0 ? j - 1 : 0; k <= j && k < n; k++)
        {
          const LhTreeLayoutNode *node = &layout->nodes[row[k]];
          double ox = MAX (MAX (node->x - x, x - (node->x + LH_TREE_LAYOUT_NODE_WIDTH)), 0);
          double distance = ox / MAX (dx, 1e-12) + oy / MAX (dy, 1e-12);

          if (ox <= dx && distance < best_distance)
            {
              best = row[k];
              best_distance = distance;
            }
        }
    }
  return best;
}

void
lh_tree_layout_foreach_visible (const LhTreeLayout *layout,
                                double x, double y, double width, double height,
                                void (*func) (guint32 index, gpointer user_data),
                                gpointer user_data)
{
  double first, last;

  if (layout->n_rows == 0 || !(width >= 0) || !(height >= 0))
    return;
  first = ceil ((y - LH_TREE_LAYOUT_NODE_HEIGHT) / ROW_PITCH);
  last = floor ((y + height) / ROW_PITCH);
  first = MAX (first, 0);
  last = MIN (last, (double) layout->n_rows - 1);

  for (double rr = first; rr <= last; rr++)
    {
      guint n;
      const guint32 *row = lh_tree_layout_get_row (layout, (guint) rr, &n);

      for (guint i = lower_bound (layout, row, n, x - LH_TREE_LAYOUT_NODE_WIDTH); i < n; i++)
        {
          if (layout->nodes[row[i]].x > x + width)
            break;
          func (row[i], user_data);
        }
    }
}
