/* lh-search-record.h: what one finished AI search hands the main thread.
 *
 * An immutable, reference-counted bundle (atomic counts, so a layout thread
 * may hold it too): the position searched, the LhSolverResult and, when the
 * search was asked to record, its search-tree record.  The inspector keeps a
 * reference for as long as it draws the tree or lays it out in a thread, so
 * a newer search never frees a tree that is still in use.
 *
 * Steps: the search in the order it happened.  For expectimax each step is
 * one iteration of iterative deepening (depth 1, 2, ...), copied from the
 * solver's LhSearchTrace; a record without steps has one, the final result.
 */
#pragma once

#include <glib-object.h>
#include "lh-solver.h"
#include "lh-search-trace.h"

G_BEGIN_DECLS

typedef struct _LhSearchRecord LhSearchRecord;

/** LH_TYPE_SEARCH_RECORD: the boxed type (copy is a new reference, free
 * drops one), so a record can be a GObject property. */
#define LH_TYPE_SEARCH_RECORD (lh_search_record_get_type ())
GType lh_search_record_get_type (void) G_GNUC_CONST;


/**
 * lh_search_record_new:
 * @board, @geometry: the position searched, on the 64-bit board (the
 *   capped rules): lh_search_record_new_wide() of it
 * @solver: the solver that searched it
 * @result: the solver's result (copied)
 * @tree: (transfer full) (nullable): the record of the search, or NULL
 * Returns: (transfer full): a record with one reference; lh_search_record_unref().
 */
LhSearchRecord *lh_search_record_new (LhBoard               board,
                                      LhGeometry            geometry,
                                      LhSolverKind          solver,
                                      const LhSolverResult *result,
                                      LhSearchTree         *tree);

/**
 * lh_search_record_new_wide:
 * @board, @geometry: the position searched, any board from 2x2 to 5x5
 * @rules: the rules it is played by (lh_rules_accept() takes @board)
 * @solver, @result, @tree: as lh_search_record_new() (a search of a board
 *   the 64-bit board does not hold records no tree: lh_solver_search_wide())
 * Returns: (transfer full): a record with one reference.
 */
LhSearchRecord *lh_search_record_new_wide (LhWideBoard           board,
                                           LhGeometry            geometry,
                                           LhRules               rules,
                                           LhSolverKind          solver,
                                           const LhSolverResult *result,
                                           LhSearchTree         *tree);

/**
 * lh_search_record_add_step:
 * @step: one iteration of the search, from an LhSearchTrace (copied, its
 *   path included)
 * @tree: (transfer full) (nullable): that iteration's record, or NULL
 * Appends a step.  Only while the record is being built (before it is
 * shared); without a tree of its own, the record's tree is the last step's.
 */
void lh_search_record_add_step (LhSearchRecord *record, const LhSearchStep *step, LhSearchTree *tree);

/**
 * lh_search_record_set_exact_rules:
 * @rules: the rules of the exact solution whose values a Perfect Play
 *   search gave (copied)
 * Only while the record is being built (before it is shared).
 */
void lh_search_record_set_exact_rules (LhSearchRecord *record, const LhExactRules *rules);

/**
 * lh_search_record_get_exact_rules:
 * @rules: (out caller-allocates): the rules set by
 *   lh_search_record_set_exact_rules()
 * Returns: FALSE when none were set (a search by another solver).
 */
gboolean lh_search_record_get_exact_rules (const LhSearchRecord *record, LhExactRules *rules);

/** lh_search_record_ref: Returns: @record, one more reference (thread-safe). */
LhSearchRecord *lh_search_record_ref (LhSearchRecord *record);
/** lh_search_record_unref: drops a reference; the last frees the tree. NULL is allowed. */
void lh_search_record_unref (LhSearchRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhSearchRecord, lh_search_record_unref)

/** lh_search_record_get_result: Returns: (transfer none): the solver's result. */
const LhSolverResult *lh_search_record_get_result (const LhSearchRecord *record);
/**
 * lh_search_record_set_scale:
 * @counts_points: the result's values are points (expectimax or the
 *   hybrid with an evaluator that counts points: a learned network), so
 *   the score plus a value is an expected final score
 * @score: the score of the position searched, points
 * Only while the record is being built (before it is shared).
 */
void lh_search_record_set_scale (LhSearchRecord *record, gboolean counts_points, guint64 score);
/** lh_search_record_get_counts_points: Returns: what lh_search_record_set_scale() set (FALSE before). */
gboolean lh_search_record_get_counts_points (const LhSearchRecord *record);
/** lh_search_record_get_score: Returns: the score of the position searched (0 unless set). */
guint64 lh_search_record_get_score (const LhSearchRecord *record);

/**
 * lh_search_record_get_board:
 * Returns: the position searched (player to move) on the 64-bit board, or
 *   0 when it does not fit one (5x5, a tile past 32768).
 */
LhBoard lh_search_record_get_board (const LhSearchRecord *record);
/** lh_search_record_get_wide_board: the position searched (player to move), of any size. */
LhWideBoard lh_search_record_get_wide_board (const LhSearchRecord *record);
/** lh_search_record_get_rules: the rules of the position searched. */
LhRules lh_search_record_get_rules (const LhSearchRecord *record);
/** lh_search_record_get_geometry: its shape. */
LhGeometry lh_search_record_get_geometry (const LhSearchRecord *record);
/** lh_search_record_get_solver: the solver that searched (what an export names). */
LhSolverKind lh_search_record_get_solver (const LhSearchRecord *record);
/** lh_search_record_get_tree: Returns: (transfer none) (nullable): the final search's record. */
const LhSearchTree *lh_search_record_get_tree (const LhSearchRecord *record);

/** lh_search_record_get_n_steps: Returns: the number of steps, at least 1. */
guint lh_search_record_get_n_steps (const LhSearchRecord *record);

/**
 * lh_search_record_get_step:
 * @index: 0 to n_steps - 1; the last step is the final result
 * @step: (out caller-allocates): filled; its tree stays valid while @record lives
 */
void lh_search_record_get_step (const LhSearchRecord *record, guint index, LhSearchStep *step);

G_END_DECLS
