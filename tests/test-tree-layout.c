/* test-tree-layout.c: the inspector's tree layout (lh-tree-layout.h) on real
 * expectimax records and on hand-built ones: no two boxes of a row overlap,
 * parents are centred over their children, collapsed subtrees are hidden,
 * elided nodes leave their siblings in place,
 * hit testing finds every visible node and misses the gaps, the visible-range
 * iteration equals a brute-force scan; and the chosen line (lh-tree-render.h). */
#include <math.h>
#include <string.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-rng.h"
#include "lh-search-tree.h"
#include "lh-solver.h"
#include "lh-tree-layout.h"
#include "lh-tree-render.h"
#include "lh-test-util.h"

#define W LH_TREE_LAYOUT_NODE_WIDTH
#define H LH_TREE_LAYOUT_NODE_HEIGHT
#define PITCH (LH_TREE_LAYOUT_NODE_HEIGHT + LH_TREE_LAYOUT_LEVEL_GAP)
#define EPS 1e-6


/* A random hand-built tree of @n nodes: each new node hangs under a random
 * earlier node of the last few levels, so depths and fan-outs vary. */
static LhSearchTree *
random_record (guint64 seed, guint n)
{
  LhSearchTree *tree = lh_search_tree_new (n);
  LhRng rng;
  guint *depth = g_new0 (guint, n);

  lh_rng_init (&rng, seed);
  lh_search_tree_add (tree, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);
  for (guint i = 1; i < n; i++)
    {
      /* Prefer recent nodes: deep, uneven trees. */
      guint span = MIN (i, 12u);
      guint32 parent = i - 1 - lh_rng_below (&rng, span);
      guint32 index;

      if (lh_rng_below (&rng, 5) == 0)
        parent = lh_rng_below (&rng, i);
      depth[i] = depth[parent] + 1;
      index = lh_search_tree_add (tree, parent,
                                  depth[i] % 2 ? LH_SEARCH_NODE_CHANCE : LH_SEARCH_NODE_PLAYER,
                                  (LhBoard) i, depth[i] / 2, -1, -1, 0,
                                  0.25 + 0.5 * lh_rng_below (&rng, 100) / 100.0);
      g_assert_cmpuint (index, ==, i);
      lh_search_tree_set_value (tree, index, (double) lh_rng_below (&rng, 1000), 1);
    }
  g_free (depth);
  return tree;
}

/* A node's byte: 0 when @collapsed is NULL. */
static guint8
fold_of (const guint8 *collapsed, guint32 v)
{
  return collapsed != NULL ? collapsed[v] : 0;
}

/* Brute force: visible = no collapsed proper ancestor, and neither the
 * node nor an ancestor elided (the root never is). */
static gboolean
brute_visible (const LhSearchTree *tree, const guint8 *collapsed, guint32 v)
{
  for (guint32 u = v; u != 0; u = lh_search_tree_get_node (tree, u)->parent)
    if ((fold_of (collapsed, u) & LH_TREE_LAYOUT_ELIDED)
        || (u != v && (fold_of (collapsed, u) & LH_TREE_LAYOUT_COLLAPSED)))
      return FALSE;
  return !(v != 0 && (fold_of (collapsed, 0) & LH_TREE_LAYOUT_COLLAPSED));
}

static guint
brute_depth (const LhSearchTree *tree, guint32 v)
{
  guint d = 0;
  for (guint32 p = lh_search_tree_get_node (tree, v)->parent; p != LH_SEARCH_NODE_NONE;
       p = lh_search_tree_get_node (tree, p)->parent)
    d++;
  return d;
}

/* Every property of lh-tree-layout.h on @tree with @collapsed. */
static void
check_layout (const LhSearchTree *tree, const guint8 *collapsed)
{
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, collapsed);
  guint n = lh_search_tree_get_n_nodes (tree), n_visible = 0, in_rows = 0;
  double width, height;

  g_assert_cmpuint (lh_tree_layout_get_n_nodes (layout), ==, n);
  lh_tree_layout_get_size (layout, &width, &height);

  for (guint32 v = 0; v < n; v++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, v);
      const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, v);
      gboolean visible = brute_visible (tree, collapsed, v);

      g_assert_cmpint (lh_tree_layout_is_visible (layout, v), ==, visible);
      if (!visible)
        {
          g_assert_true (isnan (ln->x) && isnan (ln->y));
          g_assert_cmpint (lh_tree_layout_get_row_of (layout, v), ==, -1);
          continue;
        }
      n_visible++;
      g_assert_cmpint (lh_tree_layout_get_row_of (layout, v), ==, (int) brute_depth (tree, v));
      g_assert_cmpfloat_with_epsilon (ln->y, brute_depth (tree, v) * PITCH, EPS);
      /* Inside the drawing and inside its own subtree extent. */
      g_assert_cmpfloat (ln->x, >=, -EPS);
      g_assert_cmpfloat (ln->x + W, <=, width + EPS);
      g_assert_cmpfloat (ln->y + H, <=, height + EPS);
      g_assert_cmpfloat (ln->subtree_left, <=, ln->x + EPS);
      g_assert_cmpfloat (ln->x + W, <=, ln->subtree_right + EPS);

      /* Probability mass: the product of edge probabilities. */
      {
        double mass = 1;
        for (guint32 u = v; u != 0; u = lh_search_tree_get_node (tree, u)->parent)
          mass *= lh_search_tree_get_node (tree, u)->probability;
        g_assert_cmpfloat_with_epsilon (lh_tree_layout_get_mass (layout, v), mass, 1e-5);
      }

      /* Parents centred over the children they show; those children's
       * extents side by side inside the parent's, one row down. */
      if (node->first_child != LH_SEARCH_NODE_NONE && !(fold_of (collapsed, v) & LH_TREE_LAYOUT_COLLAPSED))
        {
          guint32 first = LH_SEARCH_NODE_NONE, last = first, prev = LH_SEARCH_NODE_NONE;

          for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = lh_search_tree_get_node (tree, c)->next_sibling)
            {
              const LhTreeLayoutNode *lc = lh_tree_layout_get_node (layout, c);

              g_assert_cmpint (lh_tree_layout_is_visible (layout, c), ==,
                               !(fold_of (collapsed, c) & LH_TREE_LAYOUT_ELIDED));
              if (!lh_tree_layout_is_visible (layout, c))
                continue;
              if (first == LH_SEARCH_NODE_NONE)
                first = c;
              g_assert_cmpfloat (lc->subtree_left, >=, ln->subtree_left - EPS);
              g_assert_cmpfloat (lc->subtree_right, <=, ln->subtree_right + EPS);
              if (prev != LH_SEARCH_NODE_NONE)
                g_assert_cmpfloat (lc->subtree_left, >=,
                                   lh_tree_layout_get_node (layout, prev)->subtree_right
                                   + LH_TREE_LAYOUT_SIBLING_GAP - EPS);
              prev = c;
              last = c;
            }
          if (first != LH_SEARCH_NODE_NONE)
            g_assert_cmpfloat_with_epsilon (ln->x + W / 2,
                                          (lh_tree_layout_get_node (layout, first)->x
                                           + lh_tree_layout_get_node (layout, last)->x) / 2 + W / 2,
                                          EPS);
        }
    }
  g_assert_cmpuint (lh_tree_layout_get_n_visible (layout), ==, n_visible);

  /* Rows: sorted by x, never overlapping (a sibling gap at least), hit
   * tests find every box (centre and corners) and miss the gaps. */
  for (guint r = 0; r < lh_tree_layout_get_n_rows (layout); r++)
    {
      guint m;
      const guint32 *row = lh_tree_layout_get_row (layout, r, &m);

      g_assert_cmpuint (m, >, 0);
      in_rows += m;
      for (guint i = 0; i < m; i++)
        {
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, row[i]);

          g_assert_cmpint (lh_tree_layout_get_row_of (layout, row[i]), ==, (int) r);
          if (i + 1 < m)
            {
              const LhTreeLayoutNode *next = lh_tree_layout_get_node (layout, row[i + 1]);
              g_assert_cmpfloat (next->x, >=, ln->x + W + LH_TREE_LAYOUT_SIBLING_GAP - EPS);
              /* The gap between the two boxes belongs to neither. */
              g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x + W + LH_TREE_LAYOUT_SIBLING_GAP / 2,
                                                         ln->y + H / 2), ==, LH_SEARCH_NODE_NONE);
            }
          g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x + W / 2, ln->y + H / 2), ==, row[i]);
          g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x, ln->y), ==, row[i]);
          g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x + W - 0.01, ln->y + H - 0.01), ==, row[i]);
          /* Left of the box, and in the level gap below it. */
          if (i == 0)
            g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x - 1, ln->y + H / 2), ==, LH_SEARCH_NODE_NONE);
          g_assert_cmpuint (lh_tree_layout_hit_test (layout, ln->x + W / 2, ln->y + H + LH_TREE_LAYOUT_LEVEL_GAP / 2),
                            ==, LH_SEARCH_NODE_NONE);
        }
      {
        const LhTreeLayoutNode *last = lh_tree_layout_get_node (layout, row[m - 1]);
        g_assert_cmpuint (lh_tree_layout_hit_test (layout, last->x + W + 1, last->y + 1), ==, LH_SEARCH_NODE_NONE);
      }
    }
  g_assert_cmpuint (in_rows, ==, n_visible);
  g_assert_cmpuint (lh_tree_layout_hit_test (layout, -1, 1), ==, LH_SEARCH_NODE_NONE);
  g_assert_cmpuint (lh_tree_layout_hit_test (layout, 1, height + PITCH), ==, LH_SEARCH_NODE_NONE);
}

static void
count_cb (guint32 index, gpointer user_data)
{
  guint8 *seen = user_data;
  g_assert_cmpuint (seen[index], ==, 0);
  seen[index] = 1;
}

/* foreach_visible over random rectangles equals a brute-force scan. */
static void
check_foreach (const LhSearchTree *tree, const guint8 *collapsed, guint64 seed)
{
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, collapsed);
  guint n = lh_search_tree_get_n_nodes (tree);
  guint8 *seen = g_new (guint8, n);
  double width, height;
  LhRng rng;

  lh_rng_init (&rng, seed);
  lh_tree_layout_get_size (layout, &width, &height);
  for (guint k = 0; k < 40; k++)
    {
      double x = (lh_rng_below (&rng, 1000) / 1000.0) * width - 50;
      double y = (lh_rng_below (&rng, 1000) / 1000.0) * height - 50;
      double w = lh_rng_below (&rng, 1000) / 1000.0 * width / 3;
      double h = lh_rng_below (&rng, 1000) / 1000.0 * height;

      memset (seen, 0, n);
      lh_tree_layout_foreach_visible (layout, x, y, w, h, count_cb, seen);
      for (guint32 v = 0; v < n; v++)
        {
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, v);
          gboolean meets = lh_tree_layout_is_visible (layout, v)
                           && ln->x <= x + w && ln->x + W >= x && ln->y <= y + h && ln->y + H >= y;
          g_assert_cmpint (seen[v], ==, meets);
        }
    }
  g_free (seen);
}

static void
test_layout_search (void)
{
  const char *boards[] = { "1210/0100/0000/0021", "b987/3562/1200/0100", "12/01", "123/0a1/200" };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint depth = 1; depth <= 3; depth++)
      {
        g_autoptr (LhSearchTree) tree = lh_test_search_record (boards[b], depth, 4000);
        check_layout (tree, NULL);
        check_foreach (tree, NULL, depth);
      }
}

static void
test_layout_random (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (LhSearchTree) tree = random_record (seed, 50 + 30 * (guint) seed);
      check_layout (tree, NULL);
      check_foreach (tree, NULL, seed);
    }
}

static void
test_layout_collapsed (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 6000);
  guint n = lh_search_tree_get_n_nodes (tree);
  guint8 *collapsed = g_new0 (guint8, n);
  LhRng rng;

  /* Collapsing the root hides everything else. */
  collapsed[0] = 1;
  {
    g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, collapsed);
    double w, h;
    g_assert_cmpuint (lh_tree_layout_get_n_visible (layout), ==, 1);
    g_assert_cmpuint (lh_tree_layout_get_n_rows (layout), ==, 1);
    lh_tree_layout_get_size (layout, &w, &h);
    g_assert_cmpfloat (w, ==, W);
    g_assert_cmpfloat (h, ==, H);
  }
  collapsed[0] = 0;

  /* Random sets of collapsed nodes, nested ones included. */
  lh_rng_init (&rng, 7);
  for (guint round = 0; round < 6; round++)
    {
      memset (collapsed, 0, n);
      for (guint k = 0; k < 3 + round * 4; k++)
        collapsed[lh_rng_below (&rng, n)] = 1;
      check_layout (tree, collapsed);
      check_foreach (tree, collapsed, round);
    }

  /* Collapsing a subtree narrows the drawing or keeps it, never widens it. */
  {
    g_autoptr (LhTreeLayout) full = lh_tree_layout_new (tree, NULL);
    g_autoptr (LhTreeLayout) part = NULL;
    double wf, wp;

    memset (collapsed, 0, n);
    collapsed[lh_search_tree_get_node (tree, 0)->first_child] = 1;
    part = lh_tree_layout_new (tree, collapsed);
    lh_tree_layout_get_size (full, &wf, NULL);
    lh_tree_layout_get_size (part, &wp, NULL);
    g_assert_cmpfloat (wp, <, wf);
  }
  g_free (collapsed);
}

/* Elided nodes: a chance node showing one of its spawns sits over it, the
 * drawing narrows, the elided subtrees have no position; random sets of
 * collapsed and elided nodes keep every property; the root is never elided. */
static void
test_layout_elided (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 6000);
  guint n = lh_search_tree_get_n_nodes (tree);
  guint8 *collapsed = g_new0 (guint8, n);
  guint32 move = lh_search_tree_get_node (tree, 0)->first_child, kept = LH_SEARCH_NODE_NONE;
  LhRng rng;

  g_assert_cmpuint (lh_search_tree_get_node (tree, move)->kind, ==, LH_SEARCH_NODE_CHANCE);
  for (guint32 c = lh_search_tree_get_node (tree, move)->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      collapsed[c] = LH_TREE_LAYOUT_ELIDED;
      kept = c;
    }
  g_assert_cmpuint (kept, !=, lh_search_tree_get_node (tree, move)->first_child);
  collapsed[kept] = 0;  /* the last spawn shows, the others are elided */
  check_layout (tree, collapsed);
  check_foreach (tree, collapsed, 1);
  {
    g_autoptr (LhTreeLayout) full = lh_tree_layout_new (tree, NULL);
    g_autoptr (LhTreeLayout) part = lh_tree_layout_new (tree, collapsed);
    double wf, wp;

    g_assert_cmpfloat_with_epsilon (lh_tree_layout_get_node (part, move)->x,
                                    lh_tree_layout_get_node (part, kept)->x, EPS);
    g_assert_false (lh_tree_layout_is_visible (part, lh_search_tree_get_node (tree, move)->first_child));
    lh_tree_layout_get_size (full, &wf, NULL);
    lh_tree_layout_get_size (part, &wp, NULL);
    g_assert_cmpfloat (wp, <, wf);
  }

  /* Random sets of collapsed, elided and both. */
  lh_rng_init (&rng, 11);
  for (guint round = 0; round < 6; round++)
    {
      memset (collapsed, 0, n);
      for (guint k = 0; k < 3 + round * 6; k++)
        collapsed[lh_rng_below (&rng, n)] = 1 + lh_rng_below (&rng, 3);
      check_layout (tree, collapsed);
      check_foreach (tree, collapsed, round);
    }

  memset (collapsed, 0, n);
  collapsed[0] = LH_TREE_LAYOUT_ELIDED;
  {
    g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, collapsed);
    g_assert_cmpuint (lh_tree_layout_get_n_visible (layout), ==, n);
  }
  g_free (collapsed);
}

static void
test_layout_small_cases (void)
{
  g_autoptr (LhSearchTree) empty = lh_search_tree_new (4);
  g_autoptr (LhTreeLayout) el = lh_tree_layout_new (empty, NULL);
  g_autoptr (LhSearchTree) one = lh_search_tree_new (4);
  g_autoptr (LhTreeLayout) ol = NULL;
  g_autoptr (LhSearchTree) chain = lh_search_tree_new (8);
  g_autoptr (LhTreeLayout) cl = NULL;
  double w, h;

  g_assert_cmpuint (lh_tree_layout_get_n_visible (el), ==, 0);
  g_assert_cmpuint (lh_tree_layout_get_n_rows (el), ==, 0);
  lh_tree_layout_get_size (el, &w, &h);
  g_assert_cmpfloat (w, ==, 0);
  g_assert_cmpuint (lh_tree_layout_hit_test (el, 1, 1), ==, LH_SEARCH_NODE_NONE);

  lh_search_tree_add (one, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);
  ol = lh_tree_layout_new (one, NULL);
  g_assert_cmpuint (lh_tree_layout_hit_test (ol, W / 2, H / 2), ==, 0);
  g_assert_cmpfloat (lh_tree_layout_get_node (ol, 0)->x, ==, 0);

  /* A chain: every node straight under its parent. */
  lh_search_tree_add (chain, LH_SEARCH_NODE_NONE, LH_SEARCH_NODE_PLAYER, 0, 0, -1, -1, 0, 1.0);
  for (guint i = 1; i < 8; i++)
    lh_search_tree_add (chain, i - 1, i % 2 ? LH_SEARCH_NODE_CHANCE : LH_SEARCH_NODE_PLAYER,
                        0, i / 2, -1, -1, 0, 0.5);
  cl = lh_tree_layout_new (chain, NULL);
  for (guint i = 0; i < 8; i++)
    g_assert_cmpfloat (lh_tree_layout_get_node (cl, i)->x, ==, 0);
  g_assert_cmpfloat_with_epsilon (lh_tree_layout_get_mass (cl, 7), pow (0.5, 7), 1e-9);
  check_layout (chain, NULL);
}

/* The chosen line: from the root, the best-valued child of a player node,
 * the most probable child of a chance node, down to a node without children. */
static void
test_chosen_line (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 20000);
  guint n = lh_search_tree_get_n_nodes (tree);
  guint8 *hl = g_new (guint8, n);
  guint32 v = 0;
  guint marked = 0, length = 0;

  memset (hl, 0xff, n);
  lh_tree_chosen_line (tree, hl);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (hl[i], <=, 1);
      marked += hl[i];
    }
  while (v != LH_SEARCH_NODE_NONE)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, v);
      guint32 next = LH_SEARCH_NODE_NONE;

      g_assert_cmpuint (hl[v], ==, 1);
      length++;
      for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = lh_search_tree_get_node (tree, c)->next_sibling)
        if (hl[c])
          {
            g_assert_cmpuint (next, ==, LH_SEARCH_NODE_NONE);
            next = c;
          }
      if (node->first_child != LH_SEARCH_NODE_NONE)
        {
          const LhSearchNode *best = lh_search_tree_get_node (tree, next);
          for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE; c = lh_search_tree_get_node (tree, c)->next_sibling)
            {
              const LhSearchNode *child = lh_search_tree_get_node (tree, c);
              if (node->kind == LH_SEARCH_NODE_CHANCE)
                g_assert_cmpfloat (child->probability, <=, best->probability);
              else
                g_assert_cmpfloat (child->value, <=, best->value);
            }
          /* The root's chosen child is the move with the root's value. */
          if (v == 0)
            g_assert_cmpfloat (best->value, ==, node->value);
        }
      v = next;
    }
  g_assert_cmpuint (marked, ==, length);
  /* Depth 3: root, then 3 x (afterstate, spawn) minus the last spawn, as leaves end it. */
  g_assert_cmpuint (length, >=, 4);
  g_free (hl);
}

/* Hit testing with slack (a zoomed-out view): exact hits win, a point
 * within the slack hits the nearest box, one beyond it misses. */
static void
test_hit_within (void)
{
  g_autoptr (LhSearchTree) tree = lh_test_search_record ("1210/0100/0000/0021", 3, 6000);
  g_autoptr (LhTreeLayout) layout = lh_tree_layout_new (tree, NULL);
  guint n_rows = lh_tree_layout_get_n_rows (layout), checked = 0;

  for (guint r = 0; r < n_rows; r++)
    {
      guint m;
      const guint32 *row = lh_tree_layout_get_row (layout, r, &m);

      for (guint i = 0; i < m; i++)
        {
          const LhTreeLayoutNode *ln = lh_tree_layout_get_node (layout, row[i]);

          /* Inside: the exact hit, whatever the slack. */
          g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + 1, ln->y + 1, 500, 500),
                            ==, row[i]);
          /* Just right of the box, in the sibling gap: the nearer box. */
          if (i + 1 < m)
            {
              double gap = lh_tree_layout_get_node (layout, row[i + 1])->x - (ln->x + W);

              g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + W + gap / 4,
                                                                ln->y + H / 2, gap, 1),
                                ==, row[i]);
              g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + W + 3 * gap / 4,
                                                                ln->y + H / 2, gap, 1),
                                ==, row[i + 1]);
              /* A slack too small to reach either misses. */
              g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + W + gap / 2,
                                                                ln->y + H / 2, gap / 4, 1),
                                ==, LH_SEARCH_NODE_NONE);
              checked++;
            }
          /* Below the box, in the level gap: within dy only. */
          g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + W / 2, ln->y + H + 5, 1, 6),
                            ==, row[i]);
          if (r + 1 == n_rows)
            g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, ln->x + W / 2, ln->y + H + 5, 1, 4),
                              ==, LH_SEARCH_NODE_NONE);
        }
    }
  g_assert_cmpuint (checked, >, 10);
  /* Far outside the drawing, and bad input. */
  g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, -1000, -1000, 10, 10), ==, LH_SEARCH_NODE_NONE);
  g_assert_cmpuint (lh_tree_layout_hit_test_within (layout, NAN, 1, 10, 10), ==, LH_SEARCH_NODE_NONE);
}

static void
test_format (void)
{
  char buf[32];
  LhSearchNode node = { 0 };
  g_autoptr(LhSearchTree) tree = lh_search_tree_new (1);
  g_autoptr(LhSearchTree) wide = lh_search_tree_new (1);

  g_assert_cmpstr (lh_tree_format_value (0, buf, sizeof buf), ==, "0.00");
  g_assert_cmpstr (lh_tree_format_value (1.234, buf, sizeof buf), ==, "1.23");
  g_assert_cmpstr (lh_tree_format_value (987, buf, sizeof buf), ==, "987");
  g_assert_cmpstr (lh_tree_format_value (999.7, buf, sizeof buf), ==, "1.00k");
  g_assert_cmpstr (lh_tree_format_value (45600, buf, sizeof buf), ==, "45.6k");
  g_assert_cmpstr (lh_tree_format_value (1234567, buf, sizeof buf), ==, "1.23M");
  g_assert_cmpstr (lh_tree_format_value (-431000, buf, sizeof buf), ==, "-431k");
  g_assert_cmpstr (lh_tree_format_value (-INFINITY, buf, sizeof buf), ==, "-inf");

  node.spawn_cell = 4 * 1 + 2;
  node.spawn_exponent = 1;
  node.probability = 0.09f;
  node.move = -1;
  g_assert_cmpstr (lh_tree_format_edge (tree, &node, buf, sizeof buf), ==, "r2c3 · 2 · 9.0%");
  node.spawn_exponent = 2;
  node.probability = 0.1f / 14;
  node.spawn_cell = 0;
  g_assert_cmpstr (lh_tree_format_edge (tree, &node, buf, sizeof buf), ==, "r1c1 · 4 · 0.71%");
  node.probability = 0.45f;
  g_assert_cmpstr (lh_tree_format_edge (tree, &node, buf, sizeof buf), ==, "r1c1 · 4 · 45%");
  node.spawn_cell = 255;
  node.move = LH_MOVE_LEFT;
  g_assert_cmpstr (lh_tree_format_edge (tree, &node, buf, sizeof buf), ==, "←");
  node.move = -1;
  g_assert_cmpstr (lh_tree_format_edge (tree, &node, buf, sizeof buf), ==, "");

  /* On 5x5 a cell is 5 x row + col. */
  lh_search_tree_set_wide (wide, TRUE, (LhGeometry) { 5, 5 });
  node.spawn_cell = 5 * 4 + 3;
  node.spawn_exponent = 1;
  node.probability = 0.09f;
  g_assert_cmpstr (lh_tree_format_edge (wide, &node, buf, sizeof buf), ==, "r5c4 · 2 · 9.0%");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/tree-layout/search", test_layout_search);
  g_test_add_func ("/tree-layout/random", test_layout_random);
  g_test_add_func ("/tree-layout/collapsed", test_layout_collapsed);
  g_test_add_func ("/tree-layout/elided", test_layout_elided);
  g_test_add_func ("/tree-layout/small-cases", test_layout_small_cases);
  g_test_add_func ("/tree-layout/chosen-line", test_chosen_line);
  g_test_add_func ("/tree-layout/format", test_format);
  g_test_add_func ("/tree-layout/hit-within", test_hit_within);
  return g_test_run ();
}
