/* lh-mcts-private.h: the MCTS search's trees, shared by lh-mcts.c (the
 * search) and lh-mcts-record.c (the search-tree record of them).  Private
 * to those files. */
#pragma once

#include "lh-mcts.h"
#include "lh-rng.h"
#include "lh-search-tree.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

#define NO_NODE G_MAXUINT32

enum {
  NODE_PLAYER,
  NODE_CHANCE,
};

/* A tree node (40 bytes).  Children: a player node's are its legal moves'
 * chance nodes, contiguous, made at expansion; a chance node's are the
 * player nodes of the spawns it sampled, linked in sampling order.  On the
 * wide board (5x5, tiles past 32768) the node's board is in its tree's
 * wide_boards instead, so a 4x4 node keeps its size. */
typedef struct {
  LhBoard board;            /* 64-bit searches; 0 in a wide search */
  double  sum;             /* sum of the values backed up through this node */
  guint32 visits;
  guint32 playouts;        /* playouts started at this node */
  guint32 first_child;
  guint32 next_sibling;
  guint16 ply;
  gint8   move;            /* chance node: the move from its parent; else -1 */
  guint8  spawn_cell;      /* player node under a chance node: 4 * row + col
                            * (wide: 5 * row + col); else 255 */
  guint8  spawn_exponent;  /* 1 or 2; else 0 */
  guint8  kind;
  guint8  n_children;
  guint8  expanded;        /* player node: children made (possibly none) */
} Node;

/* One search tree (one per root-parallel task). */
typedef struct {
  GArray *nodes;           /* of Node; node 0 is the root */
  GArray *wide_boards;     /* wide search: of LhWideBoard, one per node; else NULL */
  GArray *path;            /* of guint32: the current iteration's nodes */
  LhRng   rng;
  double  lo, hi;          /* smallest and largest values backed up */
  guint64 quota;           /* iterations to run (iteration budget) */
  guint   max_nodes;       /* this tree's share of max_tree_nodes */
  guint64 iterations;
  guint64 playouts;
  guint64 moves;           /* afterstates generated, tree and playouts */
  guint   max_ply;
  double  root_sumsq[LH_N_MOVES]; /* per root move: sum of the squared values backed up */
} Tree;

/* The root's statistics per move, summed over trees. */
typedef struct {
  gboolean legal[LH_N_MOVES];
  double   sums[LH_N_MOVES];
  double   sumsq[LH_N_MOVES];
  guint64  visits[LH_N_MOVES];
} RootStats;

/* A position as the search carries it: a 64-bit LhBoard in the low bits
 * when the search is on the 64-bit board, else a wide board. */
typedef LhWideBoard Position;

typedef struct {
  const LhSolverParams *params;
  const LhEvaluator    *evaluator;
  LhGeometry            geometry;
  gboolean              wide;          /* the wide board, by rules */
  LhRules               rules;
  Position              board;
  GCancellable         *cancellable;
  LhSolverProgressFunc  progress;
  gpointer              user_data;
  gint64                start_us;
  gint64                deadline_us;   /* 0: iteration budget */
  Tree                 *trees;
  guint                 n_trees;
  LhSearchTree         *working;       /* trace: the steps' working record */
  gboolean              path_points;   /* add the tree moves' points (see backup()) */
} Search;

static inline Node *
node_at (Tree *t, guint32 id)
{
  return &g_array_index (t->nodes, Node, id);
}

/* The board of node @id. */
static inline Position
board_at (const Search *s, Tree *t, guint32 id)
{
  return s->wide ? g_array_index (t->wide_boards, LhWideBoard, id) : node_at (t, id)->board;
}

/* Records into @rec (begin to finish) the trees @trees[0, @n_trees)
 * merged, the chosen move @move; a wide search into a wide record
 * (lh_search_tree_begin_wide()). */
void lh_mcts_record_tree (const Search *s, Tree *trees, guint n_trees, LhSearchTree *rec, int move);

/* The nodes of @t's current path in record @rec (root first, as far as it
 * holds them); g_malloc'd, length in @length. */
guint32 *lh_mcts_record_path (const Search *s, Tree *t, const LhSearchTree *rec, guint *length);

G_END_DECLS
