/* lh-exact-solve.c: retrograde analysis by tile sum (see lh-exact-solve.h). */
#include "lh-exact-solve.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include "lh-clock.h"
#include "lh-exact-solution-private.h"
#include "lh-parallel.h"

/* Reports come at most this often (ns). */
#define PROGRESS_INTERVAL_NS 100000000
/* Afterstates a task of the backward pass values. */
#define CHUNK 4096

/* ---- A set of boards: open addressing, 0 is the empty slot (no position
 * or afterstate is the empty board). ---- */

typedef struct {
  LhBoard *slots;
  guint64  n;
  guint    bits;
} BoardSet;

static gboolean
board_set_grow (BoardSet *set)
{
  guint bits = set->bits == 0 ? 12 : set->bits + 1;
  guint64 size = (guint64) 1 << bits;
  LhBoard *slots = g_try_new0 (LhBoard, size);

  if (slots == NULL)
    return FALSE;
  for (guint64 i = 0; set->slots != NULL && i < ((guint64) 1 << set->bits); i++)
    {
      LhBoard key = set->slots[i];
      guint64 slot;

      if (key == 0)
        continue;
      for (slot = lh_exact_slot (key, bits); slots[slot] != 0; slot = (slot + 1) & (size - 1))
        ;
      slots[slot] = key;
    }
  g_free (set->slots);
  set->slots = slots;
  set->bits = bits;
  return TRUE;
}

/* Adds @key; FALSE when memory ran out. */
static inline gboolean
board_set_add (BoardSet *set, LhBoard key)
{
  guint64 mask;
  guint64 slot;

  /* At most 5/8 full. */
  if (set->slots == NULL || 8 * (set->n + 1) > 5 * ((guint64) 1 << set->bits))
    if (!board_set_grow (set))
      return FALSE;
  mask = ((guint64) 1 << set->bits) - 1;
  for (slot = lh_exact_slot (key, set->bits); set->slots[slot] != 0; slot = (slot + 1) & mask)
    if (set->slots[slot] == key)
      return TRUE;
  set->slots[slot] = key;
  set->n++;
  return TRUE;
}

static void
board_set_clear (BoardSet *set)
{
  g_clear_pointer (&set->slots, g_free);
  set->n = 0;
  set->bits = 0;
}

static int
compare_boards (const void *a, const void *b)
{
  LhBoard x = *(const LhBoard *) a;
  LhBoard y = *(const LhBoard *) b;

  return x < y ? -1 : x > y;
}

/* Moves @set's boards into a new ascending array; @set is left empty. */
static LhBoard *
board_set_take_sorted (BoardSet *set, guint64 *n)
{
  LhBoard *keys = g_try_new (LhBoard, MAX (set->n, 1));
  guint64 k = 0;

  if (keys == NULL)
    return NULL;
  for (guint64 i = 0; set->slots != NULL && i < ((guint64) 1 << set->bits); i++)
    if (set->slots[i] != 0)
      keys[k++] = set->slots[i];
  qsort (keys, k, sizeof *keys, compare_boards);
  *n = k;
  board_set_clear (set);
  return keys;
}

/* ---- The solve ---- */

typedef struct {
  LhExactSolution       *solution;
  const LhExactSolution *policy;     /* nullable: lh_exact_evaluate_policy()'s */
  GCancellable          *cancellable;
  LhExactProgressFunc    progress;
  gpointer               user_data;
  gint64                 last_report_ns;
  /* The backward pass's current layer. */
  guint                  layer;
  guint64                chunk;
  gint                   cancelled;
  gint                   missing;
  guint64                done;        /* afterstates valued before this layer */
} Solve;

static void
report (Solve *solve, LhExactPhase phase, guint64 done, guint64 total)
{
  gint64 now = lh_clock_monotonic_ns ();

  if (solve->progress == NULL || now - solve->last_report_ns < PROGRESS_INTERVAL_NS)
    return;
  solve->last_report_ns = now;
  solve->progress (phase, done, total, solve->user_data);
}

static gboolean
out_of_memory (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("Out of memory: this board has too many positions to solve here"));
  return FALSE;
}

/* Adds @board, a position of layer @layer, to the pending sets. */
static gboolean
add_position (BoardSet pending[3], LhBoard board, guint layer, LhGeometry geometry)
{
  return board_set_add (&pending[layer % 3], lh_exact_canonical (board, geometry));
}

/* The start positions of a game: every ordered pair of distinct cells,
 * each with a spawned tile.  Calls @func (board, probability) for each. */
typedef void (*StartFunc) (LhBoard board, double probability, gpointer data);

static void
for_each_start (const LhExactSolution *solution, StartFunc func, gpointer data)
{
  guint8 cells[16];
  guint n = lh_board_empty_cells (0, solution->geometry, cells);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      for (guint ti = 1; ti <= 2 && i != j; ti++)
        for (guint tj = 1; tj <= 2; tj++)
          {
            double p = solution->spawn_probability[ti] * solution->spawn_probability[tj] / ((double) n * (n - 1));
            LhBoard board = ((LhBoard) ti << (4 * cells[i])) | ((LhBoard) tj << (4 * cells[j]));

            if (p > 0.0)
              func (board, p, data);
          }
}

typedef struct {
  BoardSet *pending;
  LhGeometry geometry;
  gboolean   failed;
} AddStart;

static void
add_start (LhBoard board, double probability, gpointer data)
{
  AddStart *add = data;

  if (!add_position (add->pending, board, lh_exact_layer_of (board), add->geometry))
    add->failed = TRUE;
}

static gboolean
layers_reserve (LhExactSolution *solution, guint n)
{
  if (n <= solution->n_layers)
    return TRUE;
  solution->layers = g_try_renew (LhExactLayer, solution->layers, n);
  if (solution->layers == NULL)
    return FALSE;
  memset (&solution->layers[solution->n_layers], 0, (n - solution->n_layers) * sizeof (LhExactLayer));
  solution->n_layers = n;
  return TRUE;
}

/* Forward: every afterstate reachable from the start, layer by layer. */
static gboolean
enumerate (Solve *solve, GError **error)
{
  LhExactSolution *solution = solve->solution;
  LhGeometry geometry = solution->geometry;
  gboolean fours = solution->spawn_probability[2] > 0.0;
  BoardSet pending[3] = { { 0 } };
  BoardSet after = { 0 };
  guint first;
  gboolean ok = FALSE;

  if (solution->start == 0)
    {
      AddStart add = { pending, geometry, FALSE };

      for_each_start (solution, add_start, &add);
      if (add.failed)
        goto out;
      first = 2; /* two 2s: a tile sum of 4 */
    }
  else
    {
      first = lh_exact_layer_of (solution->start);
      if (!add_position (pending, solution->start, first, geometry))
        goto out;
    }

  for (guint s = first;; s++)
    {
      BoardSet *positions = &pending[s % 3];
      LhExactLayer *layer;

      if (positions->n == 0 && pending[(s + 1) % 3].n == 0 && pending[(s + 2) % 3].n == 0)
        break;
      if (g_cancellable_set_error_if_cancelled (solve->cancellable, error))
        goto done;
      solution->n_positions += positions->n;
      for (guint64 i = 0; positions->slots != NULL && i < ((guint64) 1 << positions->bits); i++)
        {
          LhBoard board = positions->slots[i];

          if ((i & 4095) == 4095 && g_cancellable_set_error_if_cancelled (solve->cancellable, error))
            goto done;
          if (board == 0 || lh_exact_reached (solution, board))
            continue;
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              LhBoard a = lh_board_move (board, geometry, (LhMove) m, NULL);

              if (a != board && !lh_exact_reached (solution, a)
                  && !board_set_add (&after, lh_exact_canonical (a, geometry)))
                goto out;
            }
        }
      board_set_clear (positions);

      if (!layers_reserve (solution, s + 1))
        goto out;
      layer = &solution->layers[s];
      layer->keys = board_set_take_sorted (&after, &layer->n);
      if (layer->keys == NULL)
        goto out;
      solution->n_afterstates += layer->n;

      for (guint64 i = 0; i < layer->n; i++)
        {
          LhBoard a = layer->keys[i];
          guint8 cells[16];
          guint n = lh_board_empty_cells (a, geometry, cells);

          if ((i & 4095) == 4095 && g_cancellable_set_error_if_cancelled (solve->cancellable, error))
            goto done;
          for (guint c = 0; c < n; c++)
            {
              if (!add_position (pending, a | ((LhBoard) 1 << (4 * cells[c])), s + 1, geometry))
                goto out;
              if (fours && !add_position (pending, a | ((LhBoard) 2 << (4 * cells[c])), s + 2, geometry))
                goto out;
            }
        }
      report (solve, LH_EXACT_PHASE_ENUMERATE, solution->n_afterstates, 0);
    }

  for (guint s = 0; s < solution->n_layers; s++)
    {
      LhExactLayer *layer = &solution->layers[s];

      layer->values = g_try_new0 (double, MAX (layer->n, 1));
      if (layer->values == NULL || !lh_exact_layer_index (layer))
        goto out;
    }
  ok = TRUE;
  goto done;

out:
  out_of_memory (error);
done:
  for (guint i = 0; i < 3; i++)
    board_set_clear (&pending[i]);
  board_set_clear (&after);
  return ok;
}

/* V*(@board), @board of layer @layer (whose afterstates are valued). */
static inline double
position_value (Solve *solve, LhBoard board, guint layer)
{
  const LhExactSolution *solution = solve->solution;
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];
  int move;

  if (lh_exact_reached (solution, board))
    return 1.0;
  if (lh_exact_move_values (solution, board, layer, legal, values) != 0)
    {
      g_atomic_int_set (&solve->missing, 1);
      return 0.0;
    }
  move = lh_exact_best_move (legal, values);
  if (move == LH_MOVE_NONE)
    return lh_exact_lost_value (solution, board);
  if (solve->policy != NULL)
    {
      gboolean policy_legal[LH_N_MOVES];
      double policy_values[LH_N_MOVES];

      if (lh_exact_move_values (solve->policy, board, layer, policy_legal, policy_values) == 0)
        move = lh_exact_best_move (policy_legal, policy_values);
    }
  return values[move];
}

static void
value_chunk (guint task, guint thread, gpointer user_data)
{
  Solve *solve = user_data;
  const LhExactSolution *solution = solve->solution;
  LhExactLayer *layer = &solution->layers[solve->layer];
  guint64 begin = (guint64) task * solve->chunk;
  guint64 end = MIN (begin + solve->chunk, layer->n);

  if (g_cancellable_is_cancelled (solve->cancellable))
    {
      g_atomic_int_set (&solve->cancelled, 1);
      return;
    }
  for (guint64 i = begin; i < end; i++)
    {
      LhBoard a = layer->keys[i];
      guint8 cells[16];
      guint n = lh_board_empty_cells (a, solution->geometry, cells);
      double sum = 0.0;

      for (guint c = 0; c < n; c++)
        for (guint t = 1; t <= 2; t++)
          if (solution->spawn_probability[t] > 0.0)
            sum += solution->spawn_probability[t]
                   * position_value (solve, a | ((LhBoard) t << (4 * cells[c])), solve->layer + t);
      layer->values[i] = sum / n;
    }
  if (thread == 0)
    report (solve, LH_EXACT_PHASE_SOLVE, solve->done + end, solution->n_afterstates);
}

typedef struct {
  Solve *solve;
  double sum;
} StartValue;

static void
add_start_value (LhBoard board, double probability, gpointer data)
{
  StartValue *start = data;

  start->sum += probability * position_value (start->solve, board, lh_exact_layer_of (board));
}

/* Backward: the values, last layer first. */
static gboolean
solve_values (Solve *solve, guint threads, GError **error)
{
  LhExactSolution *solution = solve->solution;
  g_autoptr (LhParallelPool) pool = lh_parallel_pool_new (CLAMP (threads, 1, 64));

  for (guint s = solution->n_layers; s-- > 0;)
    {
      const LhExactLayer *layer = &solution->layers[s];
      guint64 tasks;

      if (layer->n == 0)
        continue;
      solve->layer = s;
      solve->chunk = MAX (CHUNK, layer->n / 65535 + 1);
      tasks = (layer->n + solve->chunk - 1) / solve->chunk;
      lh_parallel_pool_run (pool, (guint) tasks, value_chunk, solve);
      if (g_atomic_int_get (&solve->cancelled))
        {
          g_cancellable_set_error_if_cancelled (solve->cancellable, error);
          return FALSE;
        }
      solve->done += layer->n;
    }
  if (g_atomic_int_get (&solve->missing))
    {
      /* Every afterstate of a reachable position was enumerated. */
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "Internal error: an exact solve met an afterstate it had not enumerated");
      return FALSE;
    }

  if (solution->start == 0)
    {
      StartValue start = { solve, 0.0 };

      for_each_start (solution, add_start_value, &start);
      solution->start_value = start.sum;
    }
  else
    solution->start_value = position_value (solve, solution->start, lh_exact_layer_of (solution->start));
  return TRUE;
}

static LhExactSolution *
run (LhExactSolution *solution, const LhExactSolution *policy, guint threads,
     GCancellable *cancellable, LhExactProgressFunc progress, gpointer user_data, GError **error)
{
  Solve solve = { 0 };

  solve.solution = solution;
  solve.policy = policy;
  solve.cancellable = cancellable;
  solve.progress = progress;
  solve.user_data = user_data;
  if (!enumerate (&solve, error) || !solve_values (&solve, threads, error))
    {
      lh_exact_solution_unref (solution);
      return NULL;
    }
  return solution;
}

LhExactSolution *
lh_exact_solve (LhGeometry           geometry,
                const LhExactRules  *rules,
                LhBoard              start,
                guint                threads,
                GCancellable        *cancellable,
                LhExactProgressFunc  progress,
                gpointer             user_data,
                GError             **error)
{
  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lh_exact_request_validate (geometry, rules, error))
    return NULL;
  if ((start & ~lh_geometry_cell_mask (geometry)) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The position does not fit a %ux%u board"), geometry.rows, geometry.cols);
      return NULL;
    }
  return run (lh_exact_solution_new (geometry, rules, start), NULL, threads, cancellable, progress,
              user_data, error);
}

LhExactSolution *
lh_exact_evaluate_policy (const LhExactSolution *policy,
                          const LhExactRules    *rules,
                          guint                  threads,
                          GCancellable          *cancellable,
                          GError               **error)
{
  g_return_val_if_fail (policy != NULL && rules != NULL, NULL);

  if (!lh_exact_rules_validate (rules, error))
    return NULL;
  if (rules->spawns != policy->rules.spawns)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("A policy is measured under its own spawn rule"));
      return NULL;
    }
  return run (lh_exact_solution_new (policy->geometry, rules, policy->start), policy, threads,
              cancellable, NULL, NULL, error);
}

guint64
lh_exact_known_afterstates (LhGeometry geometry, const LhExactRules *rules)
{
  /* `lookahead-cli solve --rows R --cols C --spawns S --json`, 2026-11-28;
   * a board and its transpose reach as many classes. */
  static const struct {
    guint   rows, cols;
    guint64 afterstates[LH_N_EXACT_SPAWNS];  /* standard, twos */
  } known[] = {
    { 2, 2, { 67, 29 } },
    { 2, 3, { 14883, 4529 } },
    { 2, 4, { 3406686, 768119 } },
    { 3, 3, { 31431374, 6724897 } },
  };

  g_return_val_if_fail (rules != NULL, 0);

  if (rules->objective != LH_EXACT_OBJECTIVE_SCORE || (guint) rules->spawns >= LH_N_EXACT_SPAWNS)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if ((known[i].rows == geometry.rows && known[i].cols == geometry.cols)
        || (known[i].rows == geometry.cols && known[i].cols == geometry.rows))
      return known[i].afterstates[rules->spawns];
  return 0;
}
