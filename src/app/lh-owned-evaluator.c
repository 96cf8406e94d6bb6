/* lh-owned-evaluator.c: an evaluator and what it borrows (see lh-owned-evaluator.h). */
#include "lh-owned-evaluator.h"

#include "lh-heuristic.h"

struct _LhOwnedEvaluator
{
  gatomicrefcount ref_count;
  LhEvaluator     evaluator;
  LhHeuristic    *heuristic;   /* owned, or NULL */
  LhNtuple       *network;     /* a reference, or NULL */
};

G_DEFINE_BOXED_TYPE (LhOwnedEvaluator, lh_owned_evaluator, lh_owned_evaluator_ref, lh_owned_evaluator_unref)

LhOwnedEvaluator *
lh_owned_evaluator_new_heuristic (const LhHeuristicParams *params, LhGeometry geometry)
{
  LhOwnedEvaluator *self;

  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (lh_wide_geometry_is_valid (geometry), NULL);

  self = g_new0 (LhOwnedEvaluator, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->heuristic = lh_heuristic_new (params, geometry);
  lh_evaluator_init_heuristic (&self->evaluator, self->heuristic);
  return self;
}

LhOwnedEvaluator *
lh_owned_evaluator_new_network (LhNtuple *network, LhGeometry geometry, GError **error)
{
  LhEvaluator evaluator;
  LhOwnedEvaluator *self;

  g_return_val_if_fail (network != NULL, NULL);

  if (!lh_evaluator_init_ntuple (&evaluator, network, geometry, error))
    return NULL;
  self = g_new0 (LhOwnedEvaluator, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->network = lh_ntuple_ref (network);
  self->evaluator = evaluator;
  return self;
}

LhOwnedEvaluator *
lh_owned_evaluator_ref (LhOwnedEvaluator *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
lh_owned_evaluator_unref (LhOwnedEvaluator *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  lh_heuristic_free (self->heuristic);
  g_clear_pointer (&self->network, lh_ntuple_unref);
  g_free (self);
}

const LhEvaluator *
lh_owned_evaluator_get_evaluator (const LhOwnedEvaluator *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->evaluator;
}
