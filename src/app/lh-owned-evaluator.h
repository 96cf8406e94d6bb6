/* lh-owned-evaluator.h: an evaluator together with what it evaluates with.
 *
 * An LhEvaluator (lh-evaluator.h) borrows the heuristic's tables or the
 * network it evaluates with.  The window's views keep an evaluation across
 * boards (the breakdown, the heat map that follows the board), so they hold
 * an LhOwnedEvaluator: a reference-counted, immutable pair of an LhEvaluator
 * and what it borrows (an LhHeuristic it built, or a reference on an
 * LhNtuple).  Views take a reference; nobody has to keep anything else
 * alive for them.
 *
 * Threads: immutable once made; the reference count is atomic.
 */
#pragma once

#include <glib-object.h>

#include "lh-evaluator.h"
#include "lh-heuristic-params.h"

G_BEGIN_DECLS

#define LH_TYPE_OWNED_EVALUATOR (lh_owned_evaluator_get_type ())
GType lh_owned_evaluator_get_type (void) G_GNUC_CONST;

typedef struct _LhOwnedEvaluator LhOwnedEvaluator;

/**
 * lh_owned_evaluator_new_heuristic:
 * @params: the heuristic's parameters (copied)
 * @geometry: the board size, 2 to 5 a side (lh_heuristic_new(): a side of
 *   5 builds tables of 16^5 entries, 30 ms to 0.3 s)
 * Builds the heuristic's tables (lh_heuristic_new(): about 10 ms).
 * Returns: (transfer full): the evaluation of the weighted heuristic.
 */
LhOwnedEvaluator *lh_owned_evaluator_new_heuristic (const LhHeuristicParams *params, LhGeometry geometry);

/**
 * lh_owned_evaluator_new_network:
 * @network: (transfer none): the network (a reference is taken)
 * @geometry: the board size the game plays
 * Returns: (transfer full) (nullable): the evaluation of @network, or NULL
 *   with @error (G_IO_ERROR_INVALID_ARGUMENT, lh_evaluator_init_ntuple()'s
 *   message) when @network is for another board size.
 */
LhOwnedEvaluator *lh_owned_evaluator_new_network (LhNtuple *network, LhGeometry geometry, GError **error);

/** lh_owned_evaluator_ref: Returns: @self, with one more reference. */
LhOwnedEvaluator *lh_owned_evaluator_ref (LhOwnedEvaluator *self);
/** lh_owned_evaluator_unref: drops a reference; the last frees what it holds. */
void lh_owned_evaluator_unref (LhOwnedEvaluator *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhOwnedEvaluator, lh_owned_evaluator_unref)

/**
 * lh_owned_evaluator_get_evaluator:
 * Returns: (transfer none): the evaluator, valid while @self is.
 */
const LhEvaluator *lh_owned_evaluator_get_evaluator (const LhOwnedEvaluator *self);

G_END_DECLS
