/* lh-playout.c: playouts, leaf measures and batches of playouts (see lh-playout.h). */
#include "lh-playout.h"
#include "lh-names.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lh-parallel.h"
#include "lh-playout-pick.h"
#include "lh-playout-wide.h"

/* Largest depth limit accepted: beyond any game (each move adds at least 2
 * to the tile sum, which 16 cells cap below 2^20, so a game ends within
 * 2^19 moves). */
#define MAX_PLAYOUT_MOVES 1000000

/* A batch gets one thread per this many playouts at most: below it the
 * thread's creation costs more than the playouts it would run. */
#define PLAYOUTS_PER_THREAD 16

static const char *const policy_names[LH_N_PLAYOUT_POLICIES] = { "random", "greedy" };
static const char *const measure_names[LH_N_MEASURES] = {
  "score", "sum", "best", "corner", "heuristic",
};

const char *
lh_playout_policy_to_string (LhPlayoutPolicy policy)
{
  g_return_val_if_fail ((guint) policy < LH_N_PLAYOUT_POLICIES, "none");
  return policy_names[policy];
}

gboolean
lh_playout_policy_from_string (const char *text, LhPlayoutPolicy *policy)
{
  int k = lh_names_lookup (policy_names, LH_N_PLAYOUT_POLICIES, text);

  if (k < 0)
    return FALSE;
  *policy = (LhPlayoutPolicy) k;
  return TRUE;
}

const char *
lh_measure_to_string (LhMeasure measure)
{
  g_return_val_if_fail ((guint) measure < LH_N_MEASURES, "none");
  return measure_names[measure];
}

gboolean
lh_measure_from_string (const char *text, LhMeasure *measure)
{
  int k = lh_names_lookup (measure_names, LH_N_MEASURES, text);

  if (k < 0)
    return FALSE;
  *measure = (LhMeasure) k;
  return TRUE;
}

gboolean
lh_playout_params_validate (const LhPlayoutParams *params, const char *what, GError **error)
{
  if ((guint) params->policy >= LH_N_PLAYOUT_POLICIES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: playout policy %d is out of range (random or greedy)"),
                   what, (int) params->policy);
      return FALSE;
    }
  if (params->max_moves > MAX_PLAYOUT_MOVES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: playout max moves %u is out of range (0 for no limit, up to %d)"),
                   what, params->max_moves, MAX_PLAYOUT_MOVES);
      return FALSE;
    }
  if (!(params->discount > 0 && params->discount <= 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: playout discount %g is out of range (greater than 0, up to 1)"),
                   what, params->discount);
      return FALSE;
    }
  if ((guint) params->measure >= LH_N_MEASURES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: playout measure %d is out of range (score, sum, best, corner or heuristic)"),
                   what, (int) params->measure);
      return FALSE;
    }
  return TRUE;
}

double
lh_measure_board (LhMeasure measure, const LhEvaluator *evaluator, LhGeometry geometry,
                  LhBoard board)
{
  switch (measure)
    {
    case LH_MEASURE_SUM:
      return (double) lh_board_tile_sum (board);
    case LH_MEASURE_BEST:
      return (double) lh_tile_value (lh_board_max_exponent (board));
    case LH_MEASURE_CORNER:
      return lh_heuristic_corner_measure (board, geometry);
    case LH_MEASURE_HEURISTIC:
      g_return_val_if_fail (evaluator != NULL, 0);
      return lh_evaluator_position_value (evaluator, board);
    case LH_MEASURE_SCORE:
    case LH_N_MEASURES:
    default:
      return 0;
    }
}

gboolean
lh_measure_counts_points (LhMeasure measure, const LhEvaluator *evaluator)
{
  return measure == LH_MEASURE_SCORE
         || (measure == LH_MEASURE_HEURISTIC && evaluator != NULL
             && lh_evaluator_counts_points (evaluator));
}

/* One playout; *plies receives the moves played. */
static double
playout_run (const LhPlayoutParams *params,
             const LhEvaluator     *evaluator,
             LhGeometry             geometry,
             LhBoard                board,
             LhRng                 *rng,
             guint64               *moves,
             guint                 *plies)
{
  double points = 0, weight = 1;
  guint played = 0;
  gboolean greedy = params->policy == LH_PLAYOUT_GREEDY;
  gboolean add_points = greedy && lh_evaluator_counts_points (evaluator);

  for (;;)
    {
      LhBoard after[LH_N_MOVES];
      guint32 gained[LH_N_MOVES];
      guint legal[LH_N_MOVES];
      double values[LH_N_MOVES];
      guint n_legal = 0, pick;

      if (params->max_moves != 0 && played >= params->max_moves)
        break;
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          after[m] = lh_board_move (board, geometry, (LhMove) m, &gained[m]);
          if (after[m] != board)
            legal[n_legal++] = m;
        }
      *moves += LH_N_MOVES;
      if (n_legal == 0)
        break;

      if (greedy && n_legal > 1)
        {
          /* A network's greedy player: r + V(afterstate), its afterstates
           * evaluated in one batch. */
          if (add_points)
            {
              LhBoard legal_after[LH_N_MOVES];

              for (guint i = 0; i < n_legal; i++)
                legal_after[i] = after[legal[i]];
              lh_evaluator_evaluate_moves (evaluator, legal_after, n_legal, values);
            }
          for (guint i = 0; i < n_legal; i++)
            values[i] = add_points ? values[i] + gained[legal[i]]
                                   : lh_evaluator_evaluate (evaluator, after[legal[i]]);
        }
      pick = lh_playout_pick (legal, n_legal, values, greedy, rng);

      points += weight * gained[pick];
      weight *= params->discount;
      board = lh_board_spawn (after[pick], geometry, rng);
      played++;
    }

  *plies = played;
  if (params->measure == LH_MEASURE_SCORE)
    return points;
  /* A network's value of where the playout stops, after its points. */
  if (lh_measure_counts_points (params->measure, evaluator))
    return points + weight * lh_evaluator_position_value (evaluator, board);
  return lh_measure_board (params->measure, evaluator, geometry, board);
}

double
lh_playout_run (const LhPlayoutParams *params,
                const LhEvaluator     *evaluator,
                LhGeometry             geometry,
                LhBoard                board,
                LhRng                 *rng,
                guint64               *moves)
{
  guint plies;

  g_return_val_if_fail (params != NULL && rng != NULL && moves != NULL, 0);
  g_return_val_if_fail (evaluator != NULL || (params->policy != LH_PLAYOUT_GREEDY
                                               && params->measure != LH_MEASURE_HEURISTIC), 0);
  return playout_run (params, evaluator, geometry, board, rng, moves, &plies);
}

double
lh_measure_lost_value (LhMeasure measure, const LhEvaluator *evaluator)
{
  if (measure != LH_MEASURE_HEURISTIC)
    return 0;
  g_return_val_if_fail (evaluator != NULL, 0);
  return lh_evaluator_lost_value (evaluator);
}

/* ---- Batches ---- */

void
lh_playout_job_init (LhPlayoutJob *job, LhBoard board, gboolean spawn_first, guint n,
                     guint64 stream)
{
  *job = (LhPlayoutJob) {
    .board = board,
    .spawn_first = spawn_first,
    .n = n,
    .base = 0,
    .scale = 1,
    .stream = stream,
    .results = g_new (double, MAX (n, 1)),
  };
  for (guint i = 0; i < n; i++)
    job->results[i] = NAN;
}

void
lh_playout_job_init_wide (LhPlayoutJob *job, LhWideBoard board, LhRules rules,
                          gboolean spawn_first, guint n, guint64 stream)
{
  lh_playout_job_init (job, 0, spawn_first, n, stream);
  job->wide = TRUE;
  job->wide_board = board;
  job->rules = rules;
}

void
lh_playout_job_clear (LhPlayoutJob *job)
{
  g_clear_pointer (&job->results, g_free);
}

typedef struct {
  guint64  moves;
  guint    max_plies;
  gboolean stopped;
  char     pad[64];   /* keep threads' counters off each other's cache lines */
} ThreadStats;

typedef struct {
  const LhPlayoutParams *params;
  const LhEvaluator     *evaluator;
  gboolean               counts_points;  /* lh_measure_counts_points() */
  LhGeometry             geometry;
  LhPlayoutJob          *jobs;
  guint                  n_jobs;
  guint                  first_round;
  guint64                seed;
  GCancellable          *cancellable;
  gint64                 deadline_us;
  gint                   stop;        /* atomic: set once a playout was skipped */
  ThreadStats           *threads;
} Batch;

static gboolean
batch_should_stop (Batch *b, guint index)
{
  if (g_atomic_int_get (&b->stop))
    return TRUE;
  if (g_cancellable_is_cancelled (b->cancellable)
      || (index > 0 && b->deadline_us != 0 && g_get_monotonic_time () >= b->deadline_us))
    {
      g_atomic_int_set (&b->stop, 1);
      return TRUE;
    }
  return FALSE;
}

static void
batch_task (guint task, guint thread, gpointer user_data)
{
  Batch *b = user_data;
  ThreadStats *stats = &b->threads[thread];
  guint index = b->first_round + task;

  for (guint j = 0; j < b->n_jobs; j++)
    {
      LhPlayoutJob *job = &b->jobs[j];
      LhRng rng;
      LhBoard board;
      guint plies;
      double v;

      if (index >= job->n)
        continue;
      if (batch_should_stop (b, index))
        {
          stats->stopped = TRUE;
          return;
        }
      lh_rng_init (&rng, lh_parallel_task_seed (lh_parallel_task_seed (b->seed, job->stream), index));
      if (job->wide)
        {
          LhWideBoard wide = job->wide_board;

          if (job->spawn_first)
            wide = lh_wide_board_spawn (wide, b->geometry, &rng);
          v = lh_playout_run_wide_counted (b->params, b->evaluator, b->geometry, job->rules, wide,
                                           &rng, &stats->moves, &plies);
        }
      else
        {
          board = job->board;
          if (job->spawn_first)
            board = lh_board_spawn (board, b->geometry, &rng);
          v = playout_run (b->params, b->evaluator, b->geometry, board, &rng, &stats->moves, &plies);
        }
      if (b->counts_points)
        v = job->base + job->scale * v;
      job->results[index] = v;
      stats->max_plies = MAX (stats->max_plies, plies + (job->spawn_first ? 1u : 0u));
    }
}

void
lh_playout_jobs_run (const LhPlayoutParams *params,
                     const LhEvaluator     *evaluator,
                     LhGeometry             geometry,
                     LhPlayoutJob          *jobs,
                     guint                  n_jobs,
                     guint                  first_round,
                     guint                  end_round,
                     guint64                seed,
                     guint                  threads,
                     GCancellable          *cancellable,
                     gint64                 deadline_us,
                     LhPlayoutStats        *stats)
{
  g_autofree ThreadStats *per_thread = NULL;
  guint64 total = 0;
  guint max_n = 0;
  Batch b;

  g_return_if_fail (params != NULL && stats != NULL);
  g_return_if_fail (n_jobs == 0 || jobs != NULL);

  for (guint j = 0; j < n_jobs; j++)
    max_n = MAX (max_n, jobs[j].n);
  end_round = MIN (end_round, max_n);
  if (first_round < end_round)
    {
      for (guint j = 0; j < n_jobs; j++)
        if (jobs[j].n > first_round)
          total += MIN (end_round, jobs[j].n) - first_round;
      threads = (guint) CLAMP (total / PLAYOUTS_PER_THREAD, 1, MAX (threads, 1));
      per_thread = g_new0 (ThreadStats, threads);
      b = (Batch) {
        .params = params,
        .evaluator = evaluator,
        .counts_points = lh_measure_counts_points (params->measure, evaluator),
        .geometry = geometry,
        .jobs = jobs,
        .n_jobs = n_jobs,
        .first_round = first_round,
        .seed = seed,
        .cancellable = cancellable,
        .deadline_us = deadline_us,
        .threads = per_thread,
      };
      lh_parallel_run (threads, end_round - first_round, batch_task, &b);
      for (guint t = 0; t < threads; t++)
        {
          stats->moves += per_thread[t].moves;
          stats->max_plies = MAX (stats->max_plies, per_thread[t].max_plies);
          stats->stopped |= per_thread[t].stopped;
        }
    }
  for (guint j = 0; j < n_jobs; j++)
    {
      guint done = 0;

      for (guint i = 0; i < jobs[j].n; i++)
        done += isnan (jobs[j].results[i]) ? 0 : 1;
      jobs[j].done = done;
    }
}

static int
compare_descending (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x < y) - (x > y);
}

double
lh_playout_job_estimate (const LhPlayoutJob *job, double top, double *unit_variance)
{
  g_autofree double *kept = NULL;
  guint n = 0, keep;
  double sum = 0, mean, floor_value, w_mean = 0, w_m2 = 0, share;

  if (unit_variance != NULL)
    *unit_variance = NAN;
  g_return_val_if_fail (job != NULL, NAN);
  if (job->n == 0)
    return NAN;
  kept = g_new (double, job->n);
  for (guint i = 0; i < job->n; i++)
    if (!isnan (job->results[i]))
      kept[n++] = job->results[i];
  if (n == 0)
    return NAN;
  keep = n;
  if (top < 1)
    {
      keep = (guint) ceil (top * n - 1e-9);
      keep = CLAMP (keep, 1, n);
      qsort (kept, n, sizeof *kept, compare_descending);
    }
  /* Summed in index order (or sorted order): the same for any thread count. */
  for (guint i = 0; i < keep; i++)
    sum += kept[i];
  mean = sum / keep;
  if (unit_variance == NULL || n < 2)
    return mean;

  /* The variance of the results winsorised at the smallest kept one
   * (every dropped result counted as that one), by Welford's update; for
   * @top 1 nothing is winsorised and this is the sample variance. */
  floor_value = kept[keep - 1];
  for (guint i = 0; i < n; i++)
    {
      double x = i < keep ? kept[i] : floor_value;
      double delta = x - w_mean;

      w_mean += delta / (i + 1);
      w_m2 += delta * (x - w_mean);
    }
  share = (double) keep / n;
  *unit_variance = w_m2 / (n - 1) / (share * share);
  return mean;
}

double
lh_playout_job_mean (const LhPlayoutJob *job, double top)
{
  return lh_playout_job_estimate (job, top, NULL);
}
