/* lh-principal-variation.h: the line a search expects (the principal
 * variation), read from its search-tree record.
 *
 * Analysis GUIs show the line behind a candidate move when it is hovered
 * (KataGo's Lizzie and KaTrain, Leela's Nibbler): here, the AI's planned
 * moves interleaved with the most probable spawns, as far as the record
 * goes.  GLib only: the app draws it (LhLineStrip) and opens the tree along
 * it (LhTreeView); tests check it on real records.
 *
 * The walk, from a move (an afterstate, a chance node of the record):
 *   1. at the chance node, the most probable recorded spawn.  Ties (every
 *      empty cell is as likely to receive a 2, so ties are the rule) go to
 *      the spawn whose value is closest to the chance node's value (the
 *      expected value over the spawns): the line shows the typical outcome,
 *      neither the lucky nor the unlucky one, so the strip's boards look
 *      like what usually happens; a remaining tie goes to the first in
 *      record order (reading order of the cells, 2 before 4);
 *   2. at the player node reached, the best move: by value for expectimax,
 *      by visits for MCTS (@visits, the robust child, as the MCTS decision
 *      itself; ties by value), a remaining tie to the first in record order;
 *   3. again from 1, until a node has no recorded child (a leaf, game over,
 *      the search depth, or a node the budget cut or the transposition
 *      table answered) or @max_steps steps.
 */
#pragma once

#include <glib.h>
#include "lh-search-tree.h"

G_BEGIN_DECLS

/**
 * LhPvStep:
 * @move: the player's move (an LhMove)
 * @move_node: the record's node of that move (its afterstate: a chance
 *   node, or a leaf at the record's last ply)
 * @spawn_node: the spawn chosen under it (a player or leaf node), or
 *   LH_SEARCH_NODE_NONE when the record stops at the afterstate
 * @spawn_cell: the spawned tile's cell, stride x row + column (row 0 at the
 *   top; lh_geometry_cell_stride() of the record's geometry: 4 up to 4x4),
 *   or -1 without a spawn
 * @spawn_row, @spawn_col: its row and column from 0, or -1 without a spawn
 * @spawn_exponent: its exponent (1: a 2, 2: a 4), or 0
 * @afterstate: the board after the move, before the spawn (a wide board,
 *   whatever the record: lh_search_tree_get_wide_board())
 * @board: the board after the spawn (the afterstate without a spawn)
 * @value: the move's value (its afterstate's), in heuristic points (MCTS:
 *   the mean of its playouts)
 * @probability: the spawn's probability, 0 to 1 (0 without a spawn)
 * @visits: the move's visits (1 for expectimax)
 */
typedef struct {
  int      move;
  guint32  move_node;
  guint32  spawn_node;
  int      spawn_cell;
  int      spawn_row;
  int      spawn_col;
  guint    spawn_exponent;
  LhWideBoard afterstate;
  LhWideBoard board;
  double   value;
  double   probability;
  guint32  visits;
} LhPvStep;

/** The most steps a line takes by default (plies of a deep search). */
#define LH_PV_DEFAULT_STEPS 12

/**
 * lh_principal_variation_best_child:
 * @tree: a record
 * @node: a player node of it
 * @visits: TRUE for MCTS (most visits, ties by value), FALSE for expectimax
 *   (greatest value)
 * Returns: @node's best move child (the first in record order among equals),
 *   or LH_SEARCH_NODE_NONE when it has none.
 */
guint32 lh_principal_variation_best_child (const LhSearchTree *tree, guint32 node, gboolean visits);

/**
 * lh_principal_variation_typical_spawn:
 * @tree: a record
 * @node: a chance node of it
 * Returns: the most probable spawn child, ties to the value closest to
 *   @node's (see above), or LH_SEARCH_NODE_NONE when it has none.
 */
guint32 lh_principal_variation_typical_spawn (const LhSearchTree *tree, guint32 node);

/**
 * lh_principal_variation_new:
 * @tree: a record (not recording)
 * @start: where the line starts: a move's node (a chance node or a leaf
 *   reached by a move: the line's first move is its move), or a player
 *   node (the line starts with its best move)
 * @visits: see lh_principal_variation_best_child()
 * @max_steps: the most steps (moves) to follow, at least 1
 *
 * Follows the line from @start (see above).
 *
 * Returns: (transfer full) (element-type LhPvStep): the steps, first move
 *   first; empty when @start is neither a chance node under a move nor a
 *   player node with a move (a leaf, a root without children).  Free with
 *   g_array_unref().
 */
GArray *lh_principal_variation_new (const LhSearchTree *tree, guint32 start, gboolean visits, guint max_steps);

/**
 * lh_principal_variation_for_move:
 * @move: an LhMove of the root, or LH_MOVE_NONE for the record's chosen
 *   move (lh_search_tree_get_chosen_move(); the best child when unknown)
 * As lh_principal_variation_new() from the root's child for @move.
 * Returns: (transfer full) (element-type LhPvStep): the steps; empty when
 *   the root has no child for @move or the record is empty.
 */
GArray *lh_principal_variation_for_move (const LhSearchTree *tree, int move, gboolean visits, guint max_steps);

/**
 * lh_principal_variation_move_label:
 * Returns: (transfer none): @move's name, translated ("Left"), "" for
 *   anything but an LhMove.
 */
const char *lh_principal_variation_move_label (int move);

/**
 * lh_principal_variation_describe:
 * @steps: (element-type LhPvStep): a line
 * Returns: (transfer full): the line in words, translated, rows and columns
 *   counted from 1 at the top left: "Left, then a 2 spawns at row 1
 *   column 3; Down, then a 4 spawns at row 4 column 1; Right"; "" for an
 *   empty line.  Free with g_free().
 */
char *lh_principal_variation_describe (const GArray *steps);

/**
 * lh_principal_variation_nodes:
 * @steps: (element-type LhPvStep): a line
 * @root: the node the line starts under (the first move's parent)
 * @n_nodes: (out): the length of the returned array
 * Returns: (transfer full) (array length=n_nodes): the line's nodes, @root
 *   first, then each move's node and its spawn's: a path of the record, as
 *   LhTreeView takes to open along it.  Free with g_free().
 */
guint32 *lh_principal_variation_nodes (const GArray *steps, guint32 root, guint *n_nodes);

G_END_DECLS
