/* lh-exact-solution-private.h: the tables of an LhExactSolution, shared by
 * its look-ups (lh-exact-solution.c), its solve (lh-exact-solve.c) and its
 * file (lh-exact-file.c).  Not for other files. */
#pragma once

#include <math.h>
#include "lh-exact-solution.h"
#include "lh-exact-symmetry.h"

G_BEGIN_DECLS

/*
 * LhExactLayer: the afterstates whose tiles sum to 2 * (the layer's index),
 * one per symmetry class.  A move keeps the sum and a spawn adds 2 or 4, so
 * a layer's values depend only on the next two layers': the solve goes from
 * the last layer to the first (lh-exact-solve.c).
 * @n: afterstates
 * @keys: their representatives (lh_exact_canonical()), ascending
 * @values: V(a) of each, in @keys' order
 * @slots: a hash index of @keys: 2^@bits slots, each 0 (empty) or a
 *   key's index + 1; linear probing from lh_exact_slot()
 */
typedef struct {
  guint64  n;
  LhBoard *keys;
  double  *values;
  guint32 *slots;
  guint    bits;
} LhExactLayer;

struct _LhExactSolution {
  gint          ref_count;
  LhGeometry    geometry;
  LhExactRules  rules;
  LhBoard       start;
  guint         n_layers;
  LhExactLayer *layers;
  guint64       n_afterstates;
  guint64       n_positions;
  double        start_value;
  double        spawn_probability[3];   /* by spawned exponent: [1] a 2, [2] a 4 */
};

/* A new solution with no layers (lh-exact-solution.c). */
LhExactSolution *lh_exact_solution_new (LhGeometry geometry, const LhExactRules *rules, LhBoard start);

/* Sizes @layer's hash index for its @n keys and fills it (the keys must be
 * set).  Returns FALSE when the index cannot be allocated. */
gboolean lh_exact_layer_index (LhExactLayer *layer);

/* The layer index (tile sum / 2) of @board. */
static inline guint
lh_exact_layer_of (LhBoard board)
{
  return (guint) (lh_board_tile_sum (board) / 2);
}

static inline guint64
lh_exact_slot (LhBoard key, guint bits)
{
  /* Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4). */
  return (key * 0x9E3779B97F4A7C15ULL) >> (64 - bits);
}

/* The index of the canonical @key in @layer, or -1. */
static inline gint64
lh_exact_layer_find (const LhExactLayer *layer, LhBoard key)
{
  guint64 mask;
  guint64 slot;

  if (layer->n == 0)
    return -1;
  mask = ((guint64) 1 << layer->bits) - 1;
  for (slot = lh_exact_slot (key, layer->bits);; slot = (slot + 1) & mask)
    {
      guint32 entry = layer->slots[slot];

      if (entry == 0)
        return -1;
      if (layer->keys[entry - 1] == key)
        return (gint64) entry - 1;
    }
}

/* TRUE when @board holds the tile objective's target. */
static inline gboolean
lh_exact_reached (const LhExactSolution *solution, LhBoard board)
{
  return solution->rules.objective == LH_EXACT_OBJECTIVE_TILE
         && lh_board_max_exponent (board) >= solution->rules.target;
}

/* V(a) of the afterstate @a of layer @layer_index; NAN when it is not there. */
static inline double
lh_exact_afterstate_lookup (const LhExactSolution *solution, LhBoard a, guint layer_index)
{
  gint64 index;

  if (lh_exact_reached (solution, a))
    return 1.0;
  if (layer_index >= solution->n_layers)
    return NAN;
  index = lh_exact_layer_find (&solution->layers[layer_index], lh_exact_canonical (a, solution->geometry));
  return index < 0 ? NAN : solution->layers[layer_index].values[index];
}

/* The value of a lost position @board. */
static inline double
lh_exact_lost_value (const LhExactSolution *solution, LhBoard board)
{
  return solution->rules.loss == LH_EXACT_LOSS_SCORE ? -(double) lh_exact_board_score (board) : 0.0;
}

/*
 * Q(@board, m) for every move into @values (NAN for an illegal one) and
 * the legal moves into @legal; @layer_index is @board's.  Returns the
 * number of legal moves whose afterstate is missing (0 when all are
 * known).
 */
static inline guint
lh_exact_move_values (const LhExactSolution *solution,
                      LhBoard                board,
                      guint                  layer_index,
                      gboolean               legal[LH_N_MOVES],
                      double                 values[LH_N_MOVES])
{
  guint missing = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points;
      LhBoard a = lh_board_move (board, solution->geometry, (LhMove) m, &points);
      double v;

      legal[m] = a != board;
      if (!legal[m])
        {
          values[m] = NAN;
          continue;
        }
      v = lh_exact_afterstate_lookup (solution, a, layer_index);
      if (isnan (v))
        missing++;
      if (solution->rules.objective == LH_EXACT_OBJECTIVE_TILE)
        values[m] = v;
      else
        values[m] = (double) points + solution->rules.discount * v;
    }
  return missing;
}

G_END_DECLS
