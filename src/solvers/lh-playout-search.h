/* lh-playout-search.h: the loop shared by the one-ply sampling solvers
 * (pure Monte Carlo, MDP Monte Carlo): batches of playouts run in slices of
 * rounds, each slice followed by a summary into the result, a trace step
 * and a progress call; the record of the final result at the end.
 */
#pragma once

#include "lh-playout.h"

G_BEGIN_DECLS

/** How many slices a search with a trace or a progress callback runs in. */
#define LH_PLAYOUT_SEARCH_SLICES 8

/**
 * LhPlayoutSummariseFunc:
 * Fills @r's move, values, visits and standard errors from the jobs'
 * results so far.
 */
typedef void (*LhPlayoutSummariseFunc) (LhSolverResult *r, gpointer data);

/**
 * LhPlayoutRecordFunc:
 * Fills @tree (begin ... finish) with the search as @r has it, the root
 * valued @root_value.
 */
typedef void (*LhPlayoutRecordFunc) (LhSearchTree *tree, const LhSolverResult *r,
                                     double root_value, gpointer data);

/**
 * lh_playout_search_run:
 * @params: the search's parameters (seed, threads, time budget, tree, trace)
 * @playout: the playouts' parameters
 * @evaluator: (nullable): the solver's evaluator (lh_playout_jobs_run())
 * @jobs: (array length=n_jobs): the batches, none when no move is legal
 * @n_rounds: playouts of the largest batch
 * @start: g_get_monotonic_time() when the search began
 * @r: (inout): the result, its legal moves set; filled on success
 *
 * Runs the batches by rounds (lh_playout_jobs_run), in
 * LH_PLAYOUT_SEARCH_SLICES slices when there is a trace or a progress
 * callback (one step and one call per slice), else in one; then records the
 * result into params->tree.  The caller frees the jobs afterwards.
 * Returns: FALSE with G_IO_ERROR_CANCELLED when some batch got no playout
 *   (cancelled, or out of time before the first round finished).
 */
/**
 * LhPlayoutRecordBoards:
 * @geometry: the search's board
 * @wide: TRUE for a search of a wide board (the record is then wide)
 * @board: the root, a 64-bit search's
 * @after: (array fixed-size=4): a 64-bit search's afterstates, by move
 * @wide_board: the root, a wide search's
 * @wide_after: a wide search's afterstates, by move
 * The boards a one-ply sampling search records: its root and its moves'
 * afterstates, on the 64-bit or the wide board.
 */
typedef struct {
  LhGeometry     geometry;
  gboolean       wide;
  LhBoard        board;
  const LhBoard *after;
  LhWideBoard    wide_board;
  LhWideBoard    wide_after[LH_N_MOVES];
} LhPlayoutRecordBoards;

/**
 * lh_playout_record_root_and_moves:
 * @tree: a record, recording from here on
 * @r: the result: its legal moves, values and visits (playouts)
 * @root_value: the root's value
 * Begins recording @tree (wide when @boards are) and records the root (its
 * visits @r's playouts) and one chance node per legal move (its value and
 * playouts), in move order: the record of the sampling searches (the
 * playouts below are not recorded).  The caller may add more (the spawn
 * outcomes under level 1), then finishes the record.
 * Returns: (nullable): the moves' group at level 1, or NULL when the
 *   record refused it or no move is legal.
 */
LhSearchNode *lh_playout_record_root_and_moves (LhSearchTree                *tree,
                                                const LhPlayoutRecordBoards *boards,
                                                const LhSolverResult        *r,
                                                double                       root_value);

gboolean lh_playout_search_run (const LhSolverParams   *params,
                                const LhPlayoutParams  *playout,
                                const LhEvaluator      *evaluator,
                                LhGeometry              geometry,
                                LhPlayoutJob           *jobs,
                                guint                   n_jobs,
                                guint                   n_rounds,
                                gint64                  start,
                                GCancellable           *cancellable,
                                LhSolverProgressFunc    progress,
                                gpointer                user_data,
                                LhPlayoutSummariseFunc  summarise,
                                LhPlayoutRecordFunc     record,
                                gpointer                data,
                                LhSolverResult         *r,
                                GError                **error);

G_END_DECLS
