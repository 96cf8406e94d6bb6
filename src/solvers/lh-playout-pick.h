/* lh-playout-pick.h: the move a playout plays, shared by the 64-bit and
 * the wide playouts (lh-playout.c, lh-playout-wide.c), so that both draw
 * the same random numbers and play the same games. */
#pragma once

#include "lh-rng.h"
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * lh_playout_pick:
 * @legal: (array length=n_legal): the legal moves, in move order
 * @values: (array length=n_legal) (nullable): each legal move's value, read
 *   only with @greedy and two legal moves or more
 * Returns: with @greedy, the legal move of the largest value, ties broken
 *   uniformly (reservoir sampling: each tied move kept with chance 1/ties,
 *   one lh_rng_below() a tie), the only one without a draw; else a
 *   uniformly random legal move (one lh_rng_below (@n_legal)).
 */
static inline guint
lh_playout_pick (const guint *legal, guint n_legal, const double *values, gboolean greedy,
                 LhRng *rng)
{
  double best = -INFINITY;
  guint pick, ties = 0;

  if (!greedy)
    return legal[lh_rng_below (rng, n_legal)];
  pick = legal[0];
  if (n_legal == 1)
    return pick;
  for (guint i = 0; i < n_legal; i++)
    {
      if (values[i] > best)
        {
          best = values[i];
          pick = legal[i];
          ties = 1;
        }
      else if (values[i] == best)
        {
          ties++;
          if (lh_rng_below (rng, ties) == 0)
            pick = legal[i];
        }
    }
  return pick;
}

G_END_DECLS
