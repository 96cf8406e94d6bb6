/* lh-mcts-record.c: the search-tree record of MCTS's trees, merged over
 * the root-parallel trees (see lh-mcts-private.h). */
#include "lh-mcts-private.h"

#include "lh-search-tree-recording.h"

/* A node of the record: one position as each of the trees that hold it
 * has it.  With root parallelisation the trees are merged as they are
 * recorded: a node's visits and value sums are summed over the trees, and
 * its children are the union of theirs, matched by move under a player
 * node and by spawn under a chance node, in the order the first tree (then
 * the next) made them. */
typedef struct {
  Tree    *tree;
  guint32  id;
} NodeRef;

/* Distinct spawns under a chance node: two tiles in each of at most 25 cells. */
#define MAX_CHILDREN (2 * LH_WIDE_N_CELLS)

/* The record's cell (stride x row + col, lh_geometry_cell_stride()) of a
 * node's spawn cell (4 x row + col, or 5 x row + col in a wide search),
 * or -1 for none. */
static int
record_cell (const Search *s, const Node *n)
{
  guint from = s->wide ? LH_WIDE_MAX_SIDE : 4;

  if (n->spawn_cell == 255)
    return -1;
  return (int) (lh_geometry_cell_stride (s->geometry) * (n->spawn_cell / from)
                + n->spawn_cell % from);
}

static void
fill_member (const Search *s, LhSearchNode *out, const NodeRef *refs, guint n_refs,
             double probability)
{
  const Node *n = node_at (refs[0].tree, refs[0].id);
  LhSearchNodeKind kind;
  double value;
  guint32 all_visits;
  guint64 visits = 0;
  double sum = 0;
  gboolean children = FALSE;

  /* Summed in tree order, as the result's per-move statistics are. */
  for (guint r = 0; r < n_refs; r++)
    {
      const Node *each = node_at (refs[r].tree, refs[r].id);

      visits += each->visits;
      sum += each->sum;
      children |= each->n_children > 0;
    }
  kind = n->kind == NODE_PLAYER ? LH_SEARCH_NODE_PLAYER
         : children ? LH_SEARCH_NODE_CHANCE : LH_SEARCH_NODE_LEAF;
  value = visits > 0 ? sum / (double) visits : 0;
  all_visits = (guint32) MIN (visits, G_MAXUINT32);
  if (s->wide)
    lh_search_tree_fill_member_wide (out, kind, board_at (s, refs[0].tree, refs[0].id), n->ply,
                                     n->move, record_cell (s, n), n->spawn_exponent, probability,
                                     value, all_visits, 0);
  else
    lh_search_tree_fill_member (out, kind, n->board, n->ply, n->move, record_cell (s, n),
                                n->spawn_exponent, probability, value, all_visits, 0);
}

/* The visits of the position @refs name, summed over the trees. */
static guint64
merged_visits (const NodeRef *refs, guint n_refs)
{
  guint64 visits = 0;

  for (guint r = 0; r < n_refs; r++)
    visits += node_at (refs[r].tree, refs[r].id)->visits;
  return visits;
}

/* Offers the children of the node @refs name (member @member of level
 * @level) and, depth first, their subtrees. */
static void
record_children (const Search *s, LhSearchTree *rec, const NodeRef *refs, guint n_refs,
                 guint level, guint member, double root_visits)
{
  const Node *n = node_at (refs[0].tree, refs[0].id);
  g_autofree NodeRef *child_refs = NULL;
  guint child_n[MAX_CHILDREN];
  int child_key[MAX_CHILDREN];
  guint n_children = 0;
  LhSearchNode *out;

  /* The children, each as the list of its trees' nodes (at most one per
   * tree). */
  for (guint r = 0; r < n_refs; r++)
    for (guint32 k = node_at (refs[r].tree, refs[r].id)->first_child; k != NO_NODE;
         k = node_at (refs[r].tree, k)->next_sibling)
      {
        const Node *c = node_at (refs[r].tree, k);
        int key = n->kind == NODE_PLAYER ? c->move : 4 * c->spawn_cell + c->spawn_exponent;
        guint j = 0;

        while (j < n_children && child_key[j] != key)
          j++;
        if (j == n_children)
          {
            g_assert (n_children < MAX_CHILDREN);
            if (child_refs == NULL)
              child_refs = g_new (NodeRef, (gsize) MAX_CHILDREN * n_refs);
            child_key[j] = key;
            child_n[j] = 0;
            n_children++;
          }
        child_refs[j * n_refs + child_n[j]++] = (NodeRef) { refs[r].tree, k };
      }
  if (n_children == 0)
    return;
  if (level + 1 >= LH_SEARCH_TREE_MAX_LEVEL)
    {
      lh_search_tree_add_member_flags (rec, level, member, LH_SEARCH_NODE_FLAG_TRUNCATED);
      return;
    }
  out = lh_search_tree_reserve (rec, level + 1, member,
                                n->kind == NODE_PLAYER ? n->ply + 1u : n->ply,
                                (double) merged_visits (refs, n_refs) / root_visits, n_children);
  if (out == NULL)
    return;
  for (guint i = 0; i < n_children; i++)
    {
      const NodeRef *c_refs = &child_refs[i * n_refs];
      const Node *c = node_at (c_refs[0].tree, c_refs[0].id);
      double p = 1.0;

      if (n->kind == NODE_CHANCE)
        p = (c->spawn_exponent == 1 ? 1 - LH_SPAWN_FOUR_PROBABILITY : LH_SPAWN_FOUR_PROBABILITY)
            / (s->wide ? lh_wide_board_count_empty (board_at (s, refs[0].tree, refs[0].id), s->geometry)
                       : lh_board_count_empty (n->board, s->geometry));
      fill_member (s, &out[i], c_refs, child_n[i], p);
    }
  for (guint i = 0; i < n_children; i++)
    record_children (s, rec, &child_refs[i * n_refs], child_n[i], level + 1, i, root_visits);
}

void
lh_mcts_record_tree (const Search *s, Tree *trees, guint n_trees, LhSearchTree *rec, int move)
{
  g_autofree NodeRef *roots = g_new (NodeRef, n_trees);
  guint n_roots = 0;
  LhSearchNode *top;

  for (guint i = 0; i < n_trees; i++)
    if (trees[i].nodes != NULL && trees[i].nodes->len > 0)
      roots[n_roots++] = (NodeRef) { &trees[i], 0 };
  if (s->wide)
    lh_search_tree_begin_wide (rec, s->geometry);
  else
    lh_search_tree_begin (rec, s->geometry);
  top = n_roots > 0 ? lh_search_tree_reserve (rec, 0, 0, 0, 1.0, 1) : NULL;
  if (top != NULL)
    {
      fill_member (s, top, roots, n_roots, 1.0);
      record_children (s, rec, roots, n_roots, 0, 0, (double) MAX (merged_visits (roots, n_roots), 1));
    }
  lh_search_tree_finish (rec);
  lh_search_tree_set_chosen_move (rec, move);
}

guint32 *
lh_mcts_record_path (const Search *s, Tree *t, const LhSearchTree *rec, guint *length)
{
  guint32 *path = g_new (guint32, MAX (t->path->len, 1));
  guint n = 0;

  if (lh_search_tree_get_n_nodes (rec) > 0)
    {
      guint32 at = 0;

      path[n++] = 0;
      for (guint i = 1; i < t->path->len; i++)
        {
          guint32 id = g_array_index (t->path, guint32, i);
          const Node *want = node_at (t, id);
          LhWideBoard board = s->wide ? board_at (s, t, id)
                                      : lh_wide_board_from_board (want->board, s->geometry);
          guint32 k;

          for (k = lh_search_tree_get_node (rec, at)->first_child; k != LH_SEARCH_NODE_NONE;
               k = lh_search_tree_get_node (rec, k)->next_sibling)
            {
              const LhSearchNode *r = lh_search_tree_get_node (rec, k);

              /* The same position reached by the same move or spawn. */
              if (lh_search_tree_get_wide_board (rec, r) == board && r->move == want->move
                  && (r->spawn_cell == 255) == (want->spawn_cell == 255))
                break;
            }
          if (k == LH_SEARCH_NODE_NONE)
            break;
          path[n++] = at = k;
        }
    }
  *length = n;
  return path;
}
