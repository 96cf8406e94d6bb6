/* lh-exact-solution.c: an exact solution's look-ups (see lh-exact-solution.h). */
#include "lh-exact-solution-private.h"

LhExactSolution *
lh_exact_solution_new (LhGeometry geometry, const LhExactRules *rules, LhBoard start)
{
  LhExactSolution *solution = g_new0 (LhExactSolution, 1);

  solution->ref_count = 1;
  solution->geometry = geometry;
  solution->rules = *rules;
  solution->start = start;
  solution->spawn_probability[1] = rules->spawns == LH_EXACT_SPAWNS_TWOS ? 1.0 : 1.0 - LH_SPAWN_FOUR_PROBABILITY;
  solution->spawn_probability[2] = rules->spawns == LH_EXACT_SPAWNS_TWOS ? 0.0 : LH_SPAWN_FOUR_PROBABILITY;
  return solution;
}

LhExactSolution *
lh_exact_solution_ref (LhExactSolution *solution)
{
  g_return_val_if_fail (solution != NULL, NULL);
  g_atomic_int_inc (&solution->ref_count);
  return solution;
}

void
lh_exact_solution_unref (LhExactSolution *solution)
{
  if (solution == NULL || !g_atomic_int_dec_and_test (&solution->ref_count))
    return;
  for (guint i = 0; i < solution->n_layers; i++)
    {
      g_free (solution->layers[i].keys);
      g_free (solution->layers[i].values);
      g_free (solution->layers[i].slots);
    }
  g_free (solution->layers);
  g_free (solution);
}

gboolean
lh_exact_layer_index (LhExactLayer *layer)
{
  guint64 mask;

  g_clear_pointer (&layer->slots, g_free);
  layer->bits = 0;
  if (layer->n == 0)
    return TRUE;
  if (layer->n >= G_MAXUINT32)
    return FALSE;
  /* At most half full: linear probing then averages under 1.5 probes a hit. */
  layer->bits = 1;
  while (((guint64) 1 << layer->bits) < 2 * layer->n)
    layer->bits++;
  layer->slots = g_try_new0 (guint32, (gsize) 1 << layer->bits);
  if (layer->slots == NULL)
    return FALSE;
  mask = ((guint64) 1 << layer->bits) - 1;
  for (guint64 i = 0; i < layer->n; i++)
    {
      guint64 slot = lh_exact_slot (layer->keys[i], layer->bits);

      while (layer->slots[slot] != 0)
        slot = (slot + 1) & mask;
      layer->slots[slot] = (guint32) (i + 1);
    }
  return TRUE;
}

LhGeometry
lh_exact_solution_get_geometry (const LhExactSolution *solution)
{
  return solution->geometry;
}

const LhExactRules *
lh_exact_solution_get_rules (const LhExactSolution *solution)
{
  return &solution->rules;
}

LhBoard
lh_exact_solution_get_start (const LhExactSolution *solution)
{
  return solution->start;
}

guint64
lh_exact_solution_get_n_afterstates (const LhExactSolution *solution)
{
  return solution->n_afterstates;
}

guint64
lh_exact_solution_get_n_positions (const LhExactSolution *solution)
{
  return solution->n_positions;
}

double
lh_exact_solution_get_start_value (const LhExactSolution *solution)
{
  return solution->start_value;
}

gsize
lh_exact_solution_get_memory (const LhExactSolution *solution)
{
  gsize bytes = sizeof *solution + solution->n_layers * sizeof (LhExactLayer);

  for (guint i = 0; i < solution->n_layers; i++)
    {
      const LhExactLayer *layer = &solution->layers[i];

      bytes += layer->n * (sizeof (LhBoard) + sizeof (double));
      if (layer->slots != NULL)
        bytes += ((gsize) 1 << layer->bits) * sizeof (guint32);
    }
  return bytes;
}

static gboolean
fits (const LhExactSolution *solution, LhBoard board)
{
  return (board & ~lh_geometry_cell_mask (solution->geometry)) == 0;
}

gboolean
lh_exact_solution_afterstate_value (const LhExactSolution *solution, LhBoard afterstate, double *value)
{
  double v;

  g_return_val_if_fail (solution != NULL && value != NULL, FALSE);

  if (!fits (solution, afterstate))
    return FALSE;
  v = lh_exact_afterstate_lookup (solution, afterstate, lh_exact_layer_of (afterstate));
  if (isnan (v))
    return FALSE;
  *value = v;
  return TRUE;
}

gboolean
lh_exact_solution_move_values (const LhExactSolution *solution,
                               LhBoard                board,
                               gboolean               legal[LH_N_MOVES],
                               double                 values[LH_N_MOVES])
{
  g_return_val_if_fail (solution != NULL && legal != NULL && values != NULL, FALSE);

  if (!fits (solution, board))
    {
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          legal[m] = FALSE;
          values[m] = NAN;
        }
      return FALSE;
    }
  return lh_exact_move_values (solution, board, lh_exact_layer_of (board), legal, values) == 0;
}

int
lh_exact_best_move (const gboolean legal[LH_N_MOVES], const double values[LH_N_MOVES])
{
  int best = LH_MOVE_NONE;

  for (int m = 0; m < LH_N_MOVES; m++)
    if (legal[m] && (best == LH_MOVE_NONE || values[m] > values[best]))
      best = m;
  return best;
}

gboolean
lh_exact_solution_position_value (const LhExactSolution *solution, LhBoard board, double *value)
{
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];
  int best;

  g_return_val_if_fail (solution != NULL && value != NULL, FALSE);

  if (!lh_exact_solution_move_values (solution, board, legal, values))
    return FALSE;
  if (lh_exact_reached (solution, board))
    {
      *value = 1.0;
      return TRUE;
    }
  best = lh_exact_best_move (legal, values);
  *value = best == LH_MOVE_NONE ? lh_exact_lost_value (solution, board) : values[best];
  return TRUE;
}
