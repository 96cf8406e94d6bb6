/* test-search-tree.c: the search-tree record on real searches (issue 3):
 * the budget, the selection (top plies whole, then the most probable
 * groups), the value invariants, the root against the solver's result, the
 * step-by-step trace, and copying a record into a smaller budget. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-rng.h"
#include "lh-search-trace.h"
#include "lh-search-tree-json.h"
#include "lh-search-tree-recording.h"
#include "lh-solver.h"
#include "lh-tree-render.h"
#include "lh-test-util.h"

#define MAX_PLY 16


typedef struct {
  guint    depth;
  double   cutoff;
  gboolean table;
} Config;

static LhSolver *
make_solver (const Config *config, LhSearchTree *tree, LhSearchTrace *trace)
{
  LhSolverParams params;
  g_autoptr (GError) error = NULL;
  LhSolver *solver;

  lh_solver_params_init_default (&params);
  params.depth = config->depth;
  params.probability_cutoff = config->cutoff;
  params.use_transposition_table = config->table;
  params.tree = tree;
  params.trace = trace;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  return solver;
}

static void
search (const Config *config, LhBoard board, LhGeometry g, LhSearchTree *tree,
        LhSearchTrace *trace, LhSolverResult *result)
{
  g_autoptr (LhSolver) solver = make_solver (config, tree, trace);
  g_autoptr (GError) error = NULL;

  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, result, &error));
  g_assert_no_error (error);
}

/* Checks the structure and the value invariants of every node; counts nodes
 * per ply into @per_ply (MAX_PLY entries) when not NULL. */
static void
check_invariants (const LhSearchTree *tree, LhGeometry g, double game_over, guint *per_ply)
{
  guint n = lh_search_tree_get_n_nodes (tree);
  gboolean truncated = FALSE;

  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, lh_search_tree_get_max_nodes (tree));
  g_assert_true (lh_geometry_equal (lh_search_tree_get_geometry (tree), g));
  if (per_ply != NULL)
    memset (per_ply, 0, MAX_PLY * sizeof *per_ply);

  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      guint n_children = 0;
      double best = -INFINITY, weighted = 0, mass = 0;
      guint32 expected_next = i + 1;

      g_assert_cmpuint (node->ply, <, MAX_PLY);
      if (per_ply != NULL)
        per_ply[node->ply]++;
      truncated |= (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED) != 0;
      g_assert_cmpuint (node->board & ~lh_geometry_cell_mask (g), ==, 0);
      if (i == 0)
        g_assert_cmpuint (node->parent, ==, LH_SEARCH_NODE_NONE);
      else
        g_assert_cmpuint (node->parent, <, i);

      for (guint32 c = node->first_child; c != LH_SEARCH_NODE_NONE;
           c = lh_search_tree_get_node (tree, c)->next_sibling)
        {
          const LhSearchNode *child = lh_search_tree_get_node (tree, c);

          /* Children come after their parent, siblings side by side. */
          if (n_children == 0)
            g_assert_cmpuint (c, >, i);
          else
            g_assert_cmpuint (c, ==, expected_next);
          expected_next = c + 1;
          g_assert_cmpuint (child->parent, ==, i);
          n_children++;
          best = MAX (best, child->value);
          weighted += (double) child->probability * child->value;
          mass += child->probability;
          if (node->kind == LH_SEARCH_NODE_PLAYER)
            {
              g_assert_true (child->kind == LH_SEARCH_NODE_CHANCE || child->kind == LH_SEARCH_NODE_LEAF);
              g_assert_cmpuint (child->board, ==, lh_board_move (node->board, g, child->move, NULL));
              g_assert_cmpuint (child->ply, ==, node->ply + 1u);
              g_assert_cmpfloat (child->probability, ==, 1.0f);
            }
          else
            {
              g_assert_cmpint (node->kind, ==, LH_SEARCH_NODE_CHANCE);
              g_assert_cmpint (child->kind, ==, LH_SEARCH_NODE_PLAYER);
              g_assert_cmpuint (child->board ^ node->board, ==,
                                (LhBoard) child->spawn_exponent << (4 * child->spawn_cell));
              g_assert_cmpuint (child->ply, ==, node->ply);
            }
        }

      if (n_children == 0)
        {
          /* A leaf, a position without a legal move, or a node whose
           * subtree the record does not hold (and says why). */
          if (node->kind == LH_SEARCH_NODE_PLAYER && lh_board_legal_moves (node->board, g) == 0)
            g_assert_cmpfloat (node->value, ==, (float) game_over);
          else
            g_assert_true (node->kind == LH_SEARCH_NODE_LEAF
                           || (node->flags & (LH_SEARCH_NODE_FLAG_TRUNCATED
                                              | LH_SEARCH_NODE_FLAG_CACHED)));
          continue;
        }
      g_assert_false (node->flags & (LH_SEARCH_NODE_FLAG_TRUNCATED | LH_SEARCH_NODE_FLAG_CACHED));
      switch (node->kind)
        {
        case LH_SEARCH_NODE_PLAYER:
          /* All legal moves (whole groups); the value is their maximum. */
          g_assert_cmpuint (n_children, ==, (guint) __builtin_popcount (lh_board_legal_moves (node->board, g)));
          g_assert_cmpfloat (node->value, ==, (float) best);
          break;
        case LH_SEARCH_NODE_CHANCE:
          /* All spawns; the value is the probability-weighted mean of the
           * recorded children, renormalised over their mass. */
          g_assert_cmpuint (n_children, ==, 2 * lh_board_count_empty (node->board, g));
          g_assert_cmpfloat (fabs (mass - 1.0), <, 1e-5);
          if (fabs (node->value - weighted / mass) > 1e-5 * MAX (1.0, fabs (node->value)))
            g_error ("node %u: value %.9g, mean of its children %.9g", i, node->value, weighted / mass);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_assert_cmpint (truncated, ==, lh_search_tree_is_full (tree));
}

static const Config configs[] = {
  { 1, 0, FALSE },
  { 2, 0, FALSE },
  { 2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE },
  { 3, 0, TRUE },
  { 3, LH_DEFAULT_PROBABILITY_CUTOFF, FALSE },
  { 3, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE },
  { 4, 1e-3, TRUE },
};

static const guint budgets[] = { 1, 3, 5, 17, 100, 1000, 20000 };

static void
test_invariants (void)
{
  static const LhGeometry sizes[] = { { 4, 4 }, { 3, 3 }, { 2, 3 }, { 3, 4 }, { 4, 2 } };
  guint n_cases = 0, n_truncated = 0;

  for (guint si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        LhGeometry g = sizes[si];
        LhBoard board = lh_test_mid_game_board (g, seed + 10 * si, 3 + (guint) seed * g.rows * g.cols / 3, 0x5eed);

        if (board == 0)
          continue;
        for (guint ci = 0; ci < G_N_ELEMENTS (configs); ci++)
          {
            const Config *config = &configs[ci];
            g_autoptr (LhSearchTree) whole = lh_search_tree_new (LH_SEARCH_TREE_MAX_NODES);
            g_autoptr (LhHeuristic) h = NULL;
            LhSolverParams defaults;
            LhSolverResult plain, full;
            guint whole_per_ply[MAX_PLY];

            /* Deep searches of roomy 4x4 boards stay out of a unit test. */
            if (config->depth >= 4 && g.rows * g.cols > 9)
              continue;
            lh_solver_params_init_default (&defaults);
            h = lh_heuristic_new (&defaults.heuristic, g);

            search (config, board, g, NULL, NULL, &plain);
            search (config, board, g, whole, NULL, &full);
            /* Recording never changes the search. */
            g_assert_cmpint (full.move, ==, plain.move);
            for (guint m = 0; m < LH_N_MOVES; m++)
              if (plain.legal[m])
                g_assert_cmpfloat (full.values[m], ==, plain.values[m]);
            check_invariants (whole, g, lh_heuristic_game_over_value (h), whole_per_ply);
            lh_test_check_record_root (whole, board, &full);
            if (lh_search_tree_is_full (whole))
              continue;

            for (guint bi = 0; bi < G_N_ELEMENTS (budgets); bi++)
              {
                g_autoptr (LhSearchTree) tree = lh_search_tree_new (budgets[bi]);
                LhSolverResult result;
                guint per_ply[MAX_PLY], cumulative = 0;

                search (config, board, g, tree, NULL, &result);
                n_cases++;
                g_assert_cmpint (result.move, ==, plain.move);
                for (guint m = 0; m < LH_N_MOVES; m++)
                  if (plain.legal[m])
                    g_assert_cmpfloat (result.values[m], ==, plain.values[m]);
                check_invariants (tree, g, lh_heuristic_game_over_value (h), per_ply);
                lh_test_check_record_root (tree, board, &result);
                n_truncated += lh_search_tree_is_full (tree) ? 1 : 0;
                g_assert_cmpint (lh_search_tree_is_full (tree), ==,
                                 lh_search_tree_get_n_nodes (tree) < lh_search_tree_get_n_nodes (whole));

                /* The top plies are whole as far as the budget allows: every
                 * ply whose nodes, with those above it, fit is complete. */
                for (guint p = 0; p < MAX_PLY; p++)
                  {
                    cumulative += whole_per_ply[p];
                    if (cumulative > budgets[bi])
                      break;
                    if (per_ply[p] != whole_per_ply[p])
                      g_error ("%ux%u depth %u budget %u: ply %u has %u of %u nodes", g.rows, g.cols,
                               config->depth, budgets[bi], p, per_ply[p], whole_per_ply[p]);
                  }
              }
          }
      }
  g_test_message ("%u budgeted searches, %u truncated", n_cases, n_truncated);
  g_assert_cmpuint (n_cases, >, 100);
  g_assert_cmpuint (n_truncated, >, 50);
}

/* Below the whole plies, the record prefers the more probable branches: in
 * the first ply where groups were dropped, an expanded node is never less
 * probable to reach than a truncated one (a node's group of children ranks
 * by the children's ply, then by the node's probability of being reached). */
static guint
group_ply (const LhSearchNode *node)
{
  return node->kind == LH_SEARCH_NODE_PLAYER ? node->ply + 1u : node->ply;
}

/* A sibling group of the whole record, in the search's ranking. */
typedef struct {
  guint   ply;
  double  cprob;
  guint32 first;   /* index of the first member: the offer order */
  guint32 n;
} RankedGroup;

static int
compare_ranked (gconstpointer a, gconstpointer b)
{
  const RankedGroup *x = a, *y = b;

  if (x->ply != y->ply)
    return x->ply < y->ply ? -1 : 1;
  if (x->cprob != y->cprob)
    return x->cprob > y->cprob ? -1 : 1;
  return x->first < y->first ? -1 : x->first > y->first ? 1 : 0;
}

/* The record under a budget is exactly the best groups of the whole tree:
 * ranked by ply, then the probability of reaching their parent (recomputed
 * in doubles as the search computes it: 0.9 or 0.1 over the empty cells),
 * then the offer order, the longest prefix that fits.  Checked node for
 * node against the whole record (same search, a budget it fits in) for
 * budgets from a few nodes to most of the tree: this covers the early
 * refusals of the review and the compactions. */
/* Checks the records of @board's search under the budgets @sizes (and under one
 * budget found from the whole tree that leaves a group without room while
 * a later, smaller group would fit) against the best-ranked prefix of the
 * whole tree.  Returns how many such budgets it found (0 or 1). */
static guint
check_exact_selection (const Config *config, LhBoard board, const guint *sizes, guint n_sizes)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhSearchTree) whole = lh_search_tree_new (LH_SEARCH_TREE_MAX_NODES);
  g_autoptr (GArray) groups = g_array_new (FALSE, FALSE, sizeof (RankedGroup));
  g_autofree double *reach = NULL;
  g_autofree guint8 *kept = NULL;
  LhSolverResult result;
  guint n, tricky_budget = 0, n_tricky = 0;

  search (config, board, g, whole, NULL, &result);
  g_assert_false (lh_search_tree_is_full (whole));
  n = lh_search_tree_get_n_nodes (whole);
  reach = g_new (double, n);
  for (guint32 i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (whole, i);
      const LhSearchNode *parent;

      if (i == 0)
        {
          reach[i] = 1.0;
          continue;
        }
      parent = lh_search_tree_get_node (whole, node->parent);
      reach[i] = reach[node->parent];
      if (parent->kind == LH_SEARCH_NODE_CHANCE)
        reach[i] *= (node->spawn_exponent == 1 ? 0.9 : 0.1)
                    / lh_board_count_empty (parent->board, g);
      if (parent->first_child == i)
        g_array_append_val (groups, ((RankedGroup) {
          .ply = node->ply, .cprob = reach[node->parent], .first = i,
        }));
      g_array_index (groups, RankedGroup, groups->len - 1).n++;
    }
  g_array_sort (groups, compare_ranked);

  {
    guint before = 1;

    for (guint i = 0; i + 1 < groups->len && tricky_budget == 0; i++)
      {
        guint ni = g_array_index (groups, RankedGroup, i).n;

        for (guint j = i + 1; j < groups->len; j++)
          if (g_array_index (groups, RankedGroup, j).n < ni)
            {
              tricky_budget = before + g_array_index (groups, RankedGroup, j).n;
              n_tricky++;
              break;
            }
        before += ni;
      }
  }

  kept = g_new (guint8, n);
  for (guint b = 0; b <= n_sizes; b++)
    {
      guint budget = b < n_sizes ? sizes[b] : tricky_budget;
      guint total = 1, expected = 0;
      g_autoptr (LhSearchTree) tree = NULL;
      guint32 k = 0;

      if (budget == 0 || budget >= n)
        continue;
      tree = lh_search_tree_new (budget);
      /* The prefix that fits: it ends at the first group that does not. */
      memset (kept, 0, n);
      kept[0] = 1;
      for (guint i = 0; i < groups->len; i++)
        {
          const RankedGroup *group = &g_array_index (groups, RankedGroup, i);

          if (total + group->n > budget)
            break;
          total += group->n;
          for (guint32 m = 0; m < group->n; m++)
            kept[group->first + m] = 1;
        }
      for (guint32 i = 0; i < n; i++)
        expected += kept[i];
      g_assert_cmpuint (expected, ==, total);

      search (config, board, g, tree, NULL, &result);
      g_test_message ("depth %u: budget %u keeps %u of %u nodes", config->depth, budget,
                      lh_search_tree_get_n_nodes (tree), n);
      g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, expected);
      g_assert_true (lh_search_tree_is_full (tree));
      /* The same nodes, in the same (offer) order. */
      for (guint32 i = 0; i < n; i++)
        if (kept[i])
          {
            const LhSearchNode *want = lh_search_tree_get_node (whole, i);
            const LhSearchNode *got = lh_search_tree_get_node (tree, k++);

            g_assert_cmpuint (got->board, ==, want->board);
            g_assert_cmpint (got->kind, ==, want->kind);
            g_assert_cmpint (got->move, ==, want->move);
            g_assert_cmpint (got->spawn_cell, ==, want->spawn_cell);
            g_assert_cmpfloat (got->value, ==, want->value);
          }
      g_assert_cmpuint (k, ==, expected);
    }
  return n_tricky;
}

/* The record under a budget is exactly the best groups of the whole tree:
 * ranked by ply, then the probability of reaching their parent (recomputed
 * in doubles as the search computes it: 0.9 or 0.1 over the empty cells),
 * then the offer order, the longest prefix that fits.  Checked node for
 * node against the whole record (same search, a budget it fits in) for
 * budgets from a few nodes to most of the tree: this covers the early
 * refusals of the review, the compactions, and a group larger than the
 * whole budget ranked above smaller ones. */
static void
test_exact_selection (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  static const guint budgets_exact[] = { 1, 2, 17, 100, 999, 5000, 20000, 40000 };
  static const Config configs_exact[] = {
    { 4, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE },
    { 3, 0, FALSE },
    { 2, 0, FALSE },
  };
  static const guint64 seeds_exact[] = { 2, 2, 8 };
  static const Config two = { 2, 0, FALSE };
  /* Up and Down merge three pairs (26 spawns each), Right none (20
   * spawns): under a budget of 24 the root and its 3 moves are kept, Up's
   * spawns do not fit, so neither do Right's, though 4 + 20 would. */
  static const guint budget_24[] = { 24, 25, 26, 30 };
  g_autoptr (GError) error = NULL;
  LhBoard board;
  LhGeometry geometry;
  guint n_tricky = 0;

  for (guint c = 0; c < G_N_ELEMENTS (configs_exact); c++)
    for (guint64 seed = 1; seed <= seeds_exact[c]; seed++)
      n_tricky += check_exact_selection (&configs_exact[c],
                                         lh_test_mid_game_board (g, seed, 20 + 10 * (guint) seed, 0xe3ac7),
                                         budgets_exact, G_N_ELEMENTS (budgets_exact));
  g_assert_cmpuint (n_tricky, >, 0);

  g_assert_true (lh_board_parse ("1230/1230/0000/0000", &board, &geometry, &error));
  g_assert_no_error (error);
  check_exact_selection (&two, board, budget_24, G_N_ELEMENTS (budget_24));
}

static void
test_most_probable (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  static const guint sizes[] = { 300, 3000, 20000 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      LhBoard board = lh_test_mid_game_board (g, 4 + k, 30, 0x5eed);
      Config config = { 4, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE };
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (sizes[k]);
      g_autofree double *reach = NULL;
      LhSolverResult result;
      double min_kept = INFINITY, max_dropped = 0;
      guint n_kept = 0, n_dropped = 0, ply = G_MAXUINT;
      guint n;

      g_assert_cmpuint (board, !=, 0);
      search (&config, board, g, tree, NULL, &result);
      g_assert_true (lh_search_tree_is_full (tree));
      n = lh_search_tree_get_n_nodes (tree);
      reach = g_new (double, n);
      for (guint i = 0; i < n; i++)
        {
          const LhSearchNode *node = lh_search_tree_get_node (tree, i);
          reach[i] = i == 0 ? 1.0 : reach[node->parent] * node->probability;
          if (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED)
            ply = MIN (ply, group_ply (node));
        }
      for (guint i = 0; i < n; i++)
        {
          const LhSearchNode *node = lh_search_tree_get_node (tree, i);

          if (group_ply (node) != ply)
            continue;
          if (node->first_child != LH_SEARCH_NODE_NONE)
            {
              min_kept = MIN (min_kept, reach[i]);
              n_kept++;
            }
          else if (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED)
            {
              max_dropped = MAX (max_dropped, reach[i]);
              n_dropped++;
            }
        }
      g_test_message ("budget %u: groups of ply %u: %u kept (least probable %.4g), %u dropped"
                      " (most probable %.4g)", sizes[k], ply, n_kept, min_kept, n_dropped,
                      max_dropped);
      g_assert_cmpuint (n_dropped, >, 0);
      /* Probabilities are floats in the record: a little slack. */
      g_assert_cmpfloat (max_dropped, <=, min_kept * (1 + 1e-5));
    }
}

static void
test_trace (void)
{
  static const LhGeometry sizes[] = { { 4, 4 }, { 3, 3 }, { 2, 4 } };

  for (guint si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (guint depth = 1; depth <= 3; depth++)
      for (guint k = 0; k < 2; k++)
        {
          LhGeometry g = sizes[si];
          LhBoard board = lh_test_mid_game_board (g, 40 + si, 6 + depth, 0x5eed);
          Config config = { depth, k == 0 ? 0 : LH_DEFAULT_PROBABILITY_CUTOFF, k == 1 };
          guint budget = k == 0 ? 200 : LH_SEARCH_TREE_DEFAULT_NODES;
          g_autoptr (LhSearchTrace) trace = lh_search_trace_new (budget);
          g_autoptr (LhSearchTree) tree = lh_search_tree_new (budget);
          LhSolverParams defaults;
          g_autoptr (LhHeuristic) h = NULL;
          LhSolverResult result;
          guint64 last_nodes = 0;

          g_assert_cmpuint (board, !=, 0);
          lh_solver_params_init_default (&defaults);
          h = lh_heuristic_new (&defaults.heuristic, g);
          g_assert_cmpuint (lh_search_trace_get_n_steps (trace), ==, 0);
          search (&config, board, g, tree, trace, &result);

          /* One step per depth, in order, each a complete search of its depth. */
          g_assert_cmpuint (lh_search_trace_get_n_steps (trace), ==, depth);
          for (guint i = 0; i < depth; i++)
            {
              const LhSearchStep *step = lh_search_trace_get_step (trace, i);
              Config at = config;
              LhSolverResult fixed;

              g_assert_cmpuint (step->depth, ==, i + 1);
              g_assert_cmpuint (step->nodes, >, last_nodes);
              last_nodes = step->nodes;
              g_assert_cmpuint (lh_search_tree_get_max_nodes (step->tree), ==, budget);
              check_invariants (step->tree, g, lh_heuristic_game_over_value (h), NULL);
              lh_test_check_record_root (step->tree, board, &(LhSolverResult) {
                .move = step->move,
                .legal = { step->legal[0], step->legal[1], step->legal[2], step->legal[3] },
                .values = { step->values[0], step->values[1], step->values[2], step->values[3] },
              });
              at.depth = i + 1;
              search (&at, board, g, NULL, NULL, &fixed);
              g_assert_cmpint (step->move, ==, fixed.move);
              for (guint m = 0; m < LH_N_MOVES; m++)
                {
                  g_assert_cmpint (step->legal[m], ==, fixed.legal[m]);
                  if (fixed.legal[m])
                    g_assert_cmpfloat (step->values[m], ==, fixed.values[m]);
                }
            }

          /* The last step is the result, and the record is its tree. */
          {
            const LhSearchStep *last = lh_search_trace_get_step (trace, depth - 1);
            g_assert_cmpint (last->move, ==, result.move);
            g_assert_cmpuint (result.depth, ==, depth);
            for (guint m = 0; m < LH_N_MOVES; m++)
              if (result.legal[m])
                g_assert_cmpfloat (last->values[m], ==, result.values[m]);
            g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==,
                              lh_search_tree_get_n_nodes (last->tree));
            g_assert_cmpmem (lh_search_tree_get_node (tree, 0),
                             lh_search_tree_get_n_nodes (tree) * sizeof (LhSearchNode),
                             lh_search_tree_get_node (last->tree, 0),
                             lh_search_tree_get_n_nodes (last->tree) * sizeof (LhSearchNode));
          }

          /* A second search clears the trace first. */
          search (&config, board, g, NULL, trace, &result);
          g_assert_cmpuint (lh_search_trace_get_n_steps (trace), ==, depth);
        }
}

/* Node for node, @a and @b hold the same record. */
static void
assert_same_nodes (const LhSearchTree *a, const LhSearchTree *b)
{
  g_assert_cmpuint (lh_search_tree_get_n_nodes (a), ==, lh_search_tree_get_n_nodes (b));
  for (guint i = 0; i < lh_search_tree_get_n_nodes (a); i++)
    g_assert_cmpmem (lh_search_tree_get_node (a, i), sizeof (LhSearchNode),
                     lh_search_tree_get_node (b, i), sizeof (LhSearchNode));
}

/* Reads every node of a record (in a thread). */
static gpointer
read_all (gpointer data)
{
  const LhSearchTree *tree = data;
  guint64 sum = 0;

  for (guint i = 0; i < lh_search_tree_get_n_nodes (tree); i++)
    sum = sum * 31 + lh_search_tree_get_node (tree, i)->board + lh_search_tree_get_node (tree, i)->parent;
  return GSIZE_TO_POINTER ((gsize) sum);
}

/* Expectimax's last-ply leaves are kept folded (a value each) until the
 * record is read: the nodes they unfold into are the afterstates of their
 * parent with the heuristic's values, after every other node; a record
 * moved (steal, swap) or copied (copy, copy_into) before it is read holds
 * the same nodes; threads reading a record for the first time at once all
 * see it whole. */
static void
test_folded_leaves (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = lh_test_mid_game_board (g, 4, 30, 0xf01d);
  Config config = { 3, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE };
  g_autoptr (LhSearchTree) reference = lh_search_tree_new (LH_SEARCH_TREE_DEFAULT_NODES);
  g_autoptr (LhSearchTree) moved = lh_search_tree_new (LH_SEARCH_TREE_DEFAULT_NODES);
  g_autoptr (LhSearchTree) stolen = NULL;
  g_autoptr (LhSearchTree) copied = NULL;
  g_autoptr (LhSearchTree) swapped = lh_search_tree_new (LH_SEARCH_TREE_DEFAULT_NODES);
  g_autoptr (LhSearchTree) copied_into = lh_search_tree_new (LH_SEARCH_TREE_MAX_NODES);
  g_autoptr (LhHeuristic) h = NULL;
  LhSolverParams defaults;
  LhSolverResult result;
  guint n, first_leaf = G_MAXUINT, n_leaves = 0;
  GThread *threads[4];
  gsize sums[G_N_ELEMENTS (threads)];

  lh_solver_params_init_default (&defaults);
  h = lh_heuristic_new (&defaults.heuristic, g);
  search (&config, board, g, reference, NULL, &result);
  n = lh_search_tree_get_n_nodes (reference);
  g_assert_false (lh_search_tree_is_full (reference));
  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (reference, i);
      const LhSearchNode *parent;

      if (node->kind != LH_SEARCH_NODE_LEAF)
        {
          /* Every other node comes before the leaves. */
          g_assert_cmpuint (first_leaf, ==, G_MAXUINT);
          continue;
        }
      first_leaf = MIN (first_leaf, i);
      n_leaves++;
      parent = lh_search_tree_get_node (reference, node->parent);
      g_assert_cmpint (parent->kind, ==, LH_SEARCH_NODE_PLAYER);
      g_assert_cmpuint (node->board, ==, lh_board_move (parent->board, g, (LhMove) node->move, NULL));
      g_assert_cmpfloat (node->value, ==, (float) lh_heuristic_evaluate (h, node->board));
      g_assert_cmpuint (node->ply, ==, parent->ply + 1u);
      g_assert_cmpuint (node->visits, ==, 1);
      g_assert_cmpfloat (node->probability, ==, 1.0f);
      g_assert_cmpuint (node->spawn_cell, ==, 255);
      g_assert_cmpuint (node->flags, ==, 0);
    }
  /* Three nodes in four are leaves at depth 3. */
  g_assert_cmpuint (n_leaves, >, n / 2);
  check_invariants (reference, g, lh_heuristic_game_over_value (h), NULL);

  /* Moved and copied before anything reads them. */
  search (&config, board, g, moved, NULL, &result);
  stolen = lh_search_tree_steal (moved);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (moved), ==, 0);
  search (&config, board, g, moved, NULL, &result);
  copied = lh_search_tree_copy (moved);
  lh_search_tree_copy_into (copied_into, moved);
  lh_search_tree_swap (swapped, moved);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (moved), ==, 0);
  assert_same_nodes (reference, stolen);
  assert_same_nodes (reference, copied);
  assert_same_nodes (reference, copied_into);
  assert_same_nodes (reference, swapped);
  /* Recording again after a steal and a swap. */
  search (&config, board, g, moved, NULL, &result);
  assert_same_nodes (reference, moved);

  /* A small record is copied out rather than handed over (and the record
   * it came from records again in the same arrays). */
  {
    Config shallow = { 2, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE };
    g_autoptr (LhSearchTree) small_reference = lh_search_tree_new (LH_SEARCH_TREE_DEFAULT_NODES);
    g_autoptr (LhSearchTree) small_stolen = NULL;

    search (&shallow, board, g, small_reference, NULL, &result);
    search (&shallow, board, g, moved, NULL, &result);
    small_stolen = lh_search_tree_steal (moved);
    g_assert_cmpuint (lh_search_tree_get_n_nodes (moved), ==, 0);
    search (&shallow, board, g, moved, NULL, &result);
    assert_same_nodes (small_reference, small_stolen);
    assert_same_nodes (small_reference, moved);
    check_invariants (small_stolen, g, lh_heuristic_game_over_value (h), NULL);
  }

  /* Read first by several threads at once. */
  search (&config, board, g, moved, NULL, &result);
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    threads[t] = g_thread_new ("reader", read_all, moved);
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    sums[t] = GPOINTER_TO_SIZE (g_thread_join (threads[t]));
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    g_assert_cmpuint (sums[t], ==, GPOINTER_TO_SIZE (read_all (reference)));
  assert_same_nodes (reference, moved);
}

/* Through the recording API: groups of folded leaves and of whole nodes at
 * the same ply and probability rank by the order of their offers, though
 * they are stored apart (a tie the searches never make: found by review).
 * Budget 17: the root, its 5 children, two groups of 4 leaves at 0.9, then
 * at 0.51 one node; at 0.5 the folded X (offered first) does not fit, so
 * neither does the whole Y after it: 15 nodes. */
static void
test_folded_ties (void)
{
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (17);
  static const double values[LH_N_MOVES] = { 1, 2, 3, 4 };
  LhBoard board = 0x0000000000012301ULL;
  LhSearchNode *root, *members;

  lh_search_tree_begin (tree, LH_GEOMETRY_DEFAULT);
  root = lh_search_tree_reserve (tree, 0, 0, 0, 1.0, 1);
  lh_search_tree_fill_member (root, LH_SEARCH_NODE_PLAYER, board, 0, -1, -1, 0, 1, 0, 1, 0);
  members = lh_search_tree_reserve (tree, 1, 0, 1, 1.0, 5);
  for (guint k = 0; k < 5; k++)
    lh_search_tree_fill_member (&members[k], LH_SEARCH_NODE_PLAYER, board, 1, -1, (int) k, 1, 0.2, 0, 1, 0);
  g_assert_true (lh_search_tree_add_move_leaves (tree, 2, 0, 2, 0.9, 0xf, values));
  g_assert_true (lh_search_tree_add_move_leaves (tree, 2, 1, 2, 0.9, 0xf, values));
  g_assert_true (lh_search_tree_add_move_leaves (tree, 2, 2, 2, 0.5, 0xf, values));
  members = lh_search_tree_reserve (tree, 2, 3, 2, 0.5, 4);
  g_assert_nonnull (members);
  for (guint k = 0; k < 4; k++)
    lh_search_tree_fill_member (&members[k], LH_SEARCH_NODE_CHANCE, board, 2, (int) k, -1, 0, 1, 0, 1, 0);
  members = lh_search_tree_reserve (tree, 2, 4, 2, 0.51, 1);
  g_assert_nonnull (members);
  lh_search_tree_fill_member (members, LH_SEARCH_NODE_CHANCE, board, 2, 0, -1, 0, 1, 0, 1, 0);
  lh_search_tree_finish (tree);

  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 15);
  g_assert_true (lh_search_tree_is_full (tree));
  /* Z, then W1 and W2's leaves, children of the first two members. */
  g_assert_cmpuint (lh_search_tree_get_node (tree, 6)->parent, ==, 5);
  for (guint i = 7; i < 15; i++)
    {
      const LhSearchNode *leaf = lh_search_tree_get_node (tree, i);

      g_assert_cmpint (leaf->kind, ==, LH_SEARCH_NODE_LEAF);
      g_assert_cmpuint (leaf->parent, ==, i < 11 ? 1 : 2);
      g_assert_cmpfloat (leaf->value, ==, values[leaf->move]);
    }
  /* X's and Y's parents say their children were dropped. */
  g_assert_true (lh_search_tree_get_node (tree, 3)->flags & LH_SEARCH_NODE_FLAG_TRUNCATED);
  g_assert_true (lh_search_tree_get_node (tree, 4)->flags & LH_SEARCH_NODE_FLAG_TRUNCATED);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 3)->first_child, ==, LH_SEARCH_NODE_NONE);
}

/* A record is read in the geometry it was recorded in, even after a new
 * recording in another geometry began (and was abandoned): its folded
 * leaves unfold as the afterstates they were. */
static void
test_folded_geometry (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhGeometry small = { 3, 3 };
  LhBoard board = lh_test_mid_game_board (g, 3, 12, 0x6e0);
  Config config = { 1, LH_DEFAULT_PROBABILITY_CUTOFF, TRUE };
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (100);
  LhSolverResult result;
  const LhSearchNode *root;

  search (&config, board, g, tree, NULL, &result);
  lh_search_tree_begin (tree, small);
  lh_search_tree_abandon (tree);
  g_assert_true (lh_geometry_equal (lh_search_tree_get_geometry (tree), g));
  root = lh_search_tree_get_node (tree, 0);
  g_assert_cmpuint (root->first_child, !=, LH_SEARCH_NODE_NONE);
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE; c = lh_search_tree_get_node (tree, c)->next_sibling)
    g_assert_cmpuint (lh_search_tree_get_node (tree, c)->board, ==,
                      lh_board_move (board, g, (LhMove) lh_search_tree_get_node (tree, c)->move, NULL));
}

/* A record copied into a smaller budget is re-selected by the same rules. */
static void
test_copy_into_smaller (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = lh_test_mid_game_board (g, 9, 20, 0x5eed);
  Config config = { 3, LH_DEFAULT_PROBABILITY_CUTOFF, FALSE };
  g_autoptr (LhSearchTree) big = lh_search_tree_new (50000);
  g_autoptr (LhSearchTree) copy = NULL;
  LhSolverParams defaults;
  g_autoptr (LhHeuristic) h = NULL;
  LhSolverResult result;
  static const guint small[] = { 1, 10, 700, 5000 };

  lh_solver_params_init_default (&defaults);
  h = lh_heuristic_new (&defaults.heuristic, g);
  search (&config, board, g, big, NULL, &result);
  copy = lh_search_tree_copy (big);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (copy), ==, lh_search_tree_get_n_nodes (big));
  g_assert_cmpuint (lh_search_tree_get_max_nodes (copy), ==, 50000);

  for (guint k = 0; k < G_N_ELEMENTS (small); k++)
    {
      g_autoptr (LhSearchTree) dest = lh_search_tree_new (small[k]);
      g_autoptr (LhSearchTree) direct = lh_search_tree_new (small[k]);
      LhSolverResult again;

      lh_search_tree_copy_into (dest, big);
      g_assert_true (lh_search_tree_is_full (dest));
      check_invariants (dest, g, lh_heuristic_game_over_value (h), NULL);
      lh_test_check_record_root (dest, board, &result);
      /* Nearly the same selection as recording directly into the small
       * budget (the groups the big record dropped are not there to be
       * refused, so the leftover room may differ by less than a group). */
      search (&config, board, g, direct, NULL, &again);
      g_assert_cmpuint (lh_search_tree_get_n_nodes (dest), <=, small[k]);
      g_assert_cmpint (abs ((int) lh_search_tree_get_n_nodes (dest)
                            - (int) lh_search_tree_get_n_nodes (direct)), <, 32);
      for (guint i = 0; i < MIN (lh_search_tree_get_n_nodes (dest), 10u); i++)
        {
          const LhSearchNode *a = lh_search_tree_get_node (dest, i);
          const LhSearchNode *b = lh_search_tree_get_node (direct, i);
          g_assert_cmpuint (a->board, ==, b->board);
          g_assert_cmpuint (a->parent, ==, b->parent);
          g_assert_cmpfloat (a->value, ==, b->value);
          g_assert_cmpint (a->kind, ==, b->kind);
        }
    }
}


static void
assert_same_record (const LhSearchTree *a, const LhSearchTree *b)
{
  g_assert_cmpuint (lh_search_tree_get_n_nodes (a), ==, lh_search_tree_get_n_nodes (b));
  g_assert_cmpuint (lh_search_tree_get_max_nodes (a), ==, lh_search_tree_get_max_nodes (b));
  g_assert_cmpint (lh_search_tree_is_full (a), ==, lh_search_tree_is_full (b));
  g_assert_true (lh_geometry_equal (lh_search_tree_get_geometry (a), lh_search_tree_get_geometry (b)));
  for (guint i = 0; i < lh_search_tree_get_n_nodes (a); i++)
    {
      const LhSearchNode *x = lh_search_tree_get_node (a, i);
      const LhSearchNode *y = lh_search_tree_get_node (b, i);
      g_assert_cmpuint (x->parent, ==, y->parent);
      g_assert_cmpuint (x->first_child, ==, y->first_child);
      g_assert_cmpuint (x->next_sibling, ==, y->next_sibling);
      g_assert_cmpuint (x->visits, ==, y->visits);
      g_assert_cmpuint (x->board, ==, y->board);
      g_assert_cmpfloat (x->value, ==, y->value);
      g_assert_cmpfloat (x->probability, ==, y->probability);
      g_assert_cmpuint (x->kind, ==, y->kind);
      g_assert_cmpuint (x->ply, ==, y->ply);
      g_assert_cmpint (x->move, ==, y->move);
      g_assert_cmpuint (x->spawn_cell, ==, y->spawn_cell);
      g_assert_cmpuint (x->spawn_exponent, ==, y->spawn_exponent);
      g_assert_cmpuint (x->flags, ==, y->flags);
    }
}

static void
test_json_round_trip (void)
{
  static const struct { guint8 rows, cols; guint depth; guint budget; gboolean table; } cases[] = {
    { 4, 4, 3, 5000, TRUE }, { 4, 4, 2, LH_SEARCH_TREE_DEFAULT_NODES, FALSE },
    { 3, 3, 3, 100, TRUE }, { 2, 3, 4, 20000, FALSE }, { 4, 2, 1, 1, FALSE },
  };
  g_autofree char *dir = g_dir_make_tmp ("lh-search-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tree.json", NULL);

  g_assert_nonnull (dir);
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      LhGeometry g = { cases[k].rows, cases[k].cols };
      LhBoard board = lh_test_mid_game_board (g, 70 + k, 4, 0x5eed);
      Config config = { cases[k].depth, LH_DEFAULT_PROBABILITY_CUTOFF, cases[k].table };
      g_autoptr (LhSearchTree) tree = lh_search_tree_new (cases[k].budget);
      g_autoptr (LhSearchTree) back = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *solver = NULL;
      LhSolverResult result;
      guint depth = 0;

      g_assert_cmpuint (board, !=, 0);
      search (&config, board, g, tree, NULL, &result);
      g_assert_true (lh_search_tree_to_json_file (tree, "expectimax", result.depth, path, &error));
      g_assert_no_error (error);
      back = lh_search_tree_new_from_json_file (path, &solver, &depth, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      g_assert_cmpstr (solver, ==, "expectimax");
      g_assert_cmpuint (depth, ==, result.depth);
      assert_same_record (tree, back);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A document with one change, read back: the error names the node and field. */
static void
check_bad_json (const char *text, GQuark domain, int code, const char *expected)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (LhSearchTree) tree = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  tree = lh_search_tree_new_from_json (json_parser_get_root (parser), NULL, NULL, &error);
  g_assert_null (tree);
  g_assert_error (error, domain, code);
  g_test_message ("%s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  if (strstr (error->message, expected) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, expected);
}

static void
test_json_bad (void)
{
  /* A small valid document: a 2x2 root, one move, its two spawns... */
  static const char *good =
    "{\"format\": \"lookahead-search-tree\", \"version\": 1, \"solver\": \"expectimax\","
    " \"depth\": 2, \"rows\": 2, \"cols\": 2, \"max_nodes\": 10, \"truncated\": false,"
    " \"nodes\": ["
    "  {\"id\": 0, \"parent\": null, \"kind\": \"player\", \"board\": \"10/10\", \"depth\": 0,"
    "   \"value\": 5, \"probability\": 1, \"visits\": 1},"
    "  {\"id\": 1, \"parent\": 0, \"kind\": \"chance\", \"board\": \"20/00\", \"depth\": 1,"
    "   \"value\": 5, \"probability\": 1, \"visits\": 1, \"move\": \"up\"},"
    "  {\"id\": 2, \"parent\": 1, \"kind\": \"player\", \"board\": \"21/00\", \"depth\": 1,"
    "   \"value\": 5, \"probability\": 0.3, \"visits\": 1, \"spawn\": {\"row\": 0, \"col\": 1, \"tile\": 2}}"
    " ]}";
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (LhSearchTree) tree = NULL;
  static const struct { const char *from, *to, *expected; } cases[] = {
    { "\"kind\": \"chance\"", "\"kind\": \"average\"", "node 1, field “kind”" },
    { "\"id\": 2", "\"id\": 3", "node 2, field “id”" },
    { "\"id\": 2, \"parent\": 1", "\"id\": 2, \"parent\": 2", "node 2, field “parent”" },
    { "\"board\": \"21/00\"", "\"board\": \"2x/00\"", "node 2, field “board”" },
    { "\"board\": \"21/00\"", "\"board\": \"210/000\"", "node 2, field “board”" },
    { "\"move\": \"up\"", "\"move\": \"north\"", "node 1, field “move”" },
    { ", \"move\": \"up\"", "", "node 1, field “move”" },
    { "\"tile\": 2", "\"tile\": 8", "node 2, field “tile”" },
    { "\"col\": 1", "\"col\": 2", "node 2, field “col”" },
    { "\"probability\": 0.3", "\"probability\": 1.5", "node 2, field “probability”" },
    { "\"probability\": 0.3", "\"probability\": \"high\"", "node 2, field “probability”" },
    { "\"value\": 5, \"probability\": 1, \"visits\": 1, \"move", "\"probability\": 1, \"visits\": 1, \"move", "node 1, field “value”" },
    { "\"visits\": 1}", "\"visits\": -1}", "node 0, field “visits”" },
    { "\"depth\": 0,", "\"depth\": 1,", "node 0, field “depth”" },
    { "\"rows\": 2", "\"rows\": 6", "field “rows”" },
    { "\"max_nodes\": 10", "\"max_nodes\": 2", "field “nodes”" },
    { "lookahead-search-tree", "something-else", "field “format”" },
    /* Bytes that are not UTF-8 (JSON's "\377" escape): a required string
     * refuses them, a message quotes them as \xNN. */
    { "\"solver\": \"expectimax\"", "\"solver\": \"expecti\\377max\"", "field “solver”: not valid UTF-8" },
    { "\"kind\": \"chance\"", "\"kind\": \"ch\\200\\001nce\"", "“ch\\x80\\x01nce” is not player" },
    { "\"move\": \"up\"", "\"move\": \"\\377\"", "“\\xFF” is not up, down" },
  };

  /* The good document reads. */
  g_assert_true (json_parser_load_from_data (parser, good, -1, NULL));
  tree = lh_search_tree_new_from_json (json_parser_get_root (parser), NULL, NULL, NULL);
  g_assert_nonnull (tree);
  g_assert_cmpuint (lh_search_tree_get_n_nodes (tree), ==, 3);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 2)->spawn_cell, ==, 1);
  g_assert_cmpuint (lh_search_tree_get_node (tree, 2)->spawn_exponent, ==, 1);
  g_assert_cmpint (lh_search_tree_get_node (tree, 1)->move, ==, LH_MOVE_UP);

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *bad = NULL;
      const char *at = strstr (good, cases[k].from);

      g_assert_nonnull (at);
      bad = g_strdup_printf ("%.*s%s%s", (int) (at - good), good, cases[k].to, at + strlen (cases[k].from));
      check_bad_json (bad, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, cases[k].expected);
    }

  /* A newer format is not supported rather than corrupt. */
  {
    const char *at = strstr (good, "\"version\": 1");
    g_autofree char *newer = g_strdup_printf ("%.*s\"version\": 2%s", (int) (at - good), good,
                                              at + strlen ("\"version\": 1"));
    check_bad_json (newer, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "version 2");
  }

  /* A file that is not JSON: json-glib's message passed on as UTF-8, the
   * byte 0x80 quoted as \x80; a 1 MB move quoted by its start. */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("lookahead-bad-tree-XXXXXX", &error);
    g_autofree char *path = g_build_filename (dir, "tree.json", NULL);
    g_autofree char *long_move = g_strnfill (1024 * 1024, 'u');
    g_autofree char *long_doc = NULL;
    const char *at = strstr (good, "\"move\": \"up\"");
    g_autoptr (LhSearchTree) bad = NULL;

    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (path, "[\"\\200\"x]", -1, &error));
    bad = lh_search_tree_new_from_json_file (path, NULL, NULL, &error);
    g_assert_null (bad);
    g_assert_nonnull (error);
    g_test_message ("%s", error->message);
    g_assert_true (g_utf8_validate (error->message, -1, NULL));
    g_assert_nonnull (strstr (error->message, "\\x80"));
    g_clear_error (&error);

    long_doc = g_strdup_printf ("%.*s\"move\": \"%s\"%s", (int) (at - good), good, long_move,
                                at + strlen ("\"move\": \"up\""));
    g_assert_true (g_file_set_contents (path, long_doc, -1, &error));
    bad = lh_search_tree_new_from_json_file (path, NULL, NULL, &error);
    g_assert_null (bad);
    g_assert_nonnull (error);
    g_assert_cmpuint (strlen (error->message), <, 200);
    g_assert_nonnull (strstr (error->message, "uuu…”"));
    g_remove (path);
    g_rmdir (dir);
  }
}

static void
test_chosen_move (void)
{
  /* On an opening position the four moves' values agree to float precision,
   * so the record alone cannot tell the decision: it carries the solver's
   * move, the chosen line starts from it, and JSON keeps it. */
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhGame) game = lh_game_new (g, 3);
  g_autoptr (LhSearchTree) tree = lh_search_tree_new (LH_SEARCH_TREE_DEFAULT_NODES);
  g_autoptr (LhSearchTree) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lookahead-chosen-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree guint8 *highlight = NULL;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverParams params;
  LhSolverResult result;
  const LhSearchNode *root;
  guint n_highlighted_children = 0;

  g_assert_no_error (error);
  lh_solver_params_init_default (&params);
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, lh_game_get_board (game), g, NULL, NULL, NULL,
                                   &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lh_search_tree_get_chosen_move (tree), ==, result.move);

  highlight = g_new0 (guint8, lh_search_tree_get_n_nodes (tree));
  lh_tree_chosen_line (tree, highlight);
  root = lh_search_tree_get_node (tree, 0);
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    if (highlight[c])
      {
        g_assert_cmpint (lh_search_tree_get_node (tree, c)->move, ==, result.move);
        n_highlighted_children++;
      }
  g_assert_cmpuint (n_highlighted_children, ==, 1);

  path = g_build_filename (dir, "tree.json", NULL);
  g_assert_true (lh_search_tree_to_json_file (tree, "expectimax", 3, path, &error));
  g_assert_no_error (error);
  loaded = lh_search_tree_new_from_json_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lh_search_tree_get_chosen_move (loaded), ==, result.move);
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/search-tree/invariants", test_invariants);
  g_test_add_func ("/search-tree/most-probable", test_most_probable);
  g_test_add_func ("/search-tree/exact-selection", test_exact_selection);
  g_test_add_func ("/search-tree/folded-leaves", test_folded_leaves);
  g_test_add_func ("/search-tree/folded-ties", test_folded_ties);
  g_test_add_func ("/search-tree/folded-geometry", test_folded_geometry);
  g_test_add_func ("/search-tree/trace", test_trace);
  g_test_add_func ("/search-tree/copy-into-smaller", test_copy_into_smaller);
  g_test_add_func ("/search-tree/json-round-trip", test_json_round_trip);
  g_test_add_func ("/search-tree/json-bad", test_json_bad);
  g_test_add_func ("/search-tree/chosen-move", test_chosen_move);
  return g_test_run ();
}
