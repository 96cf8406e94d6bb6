/* lh-parallel.h: run independent tasks on a few threads (the sampling
 * solvers' --threads).
 *
 * Results must not depend on the number of threads: a task draws its random
 * numbers from its own stream (lh_parallel_task_seed), never from a
 * per-thread one, and writes only its own output slot.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LhParallelFunc:
 * @task: the task's index, 0 to n_tasks - 1
 * @thread: the index of the thread running it, 0 to n_threads - 1 (for
 *   per-thread scratch memory, never for random numbers)
 */
typedef void (*LhParallelFunc) (guint task, guint thread, gpointer user_data);

/**
 * lh_parallel_run:
 * Runs @func for every task on @n_threads threads, the calling thread being
 * one of them; tasks are handed out in index order as threads free up.
 * Returns when every task has run.  @n_threads 1 runs them in order on the
 * calling thread, with no thread created.
 */
void lh_parallel_run (guint n_threads, guint n_tasks, LhParallelFunc func, gpointer user_data);

/**
 * lh_parallel_task_seed:
 * A seed for the random stream of task @task of a search seeded with @seed
 * (SplitMix64 of both: distinct tasks get unrelated streams).
 */
guint64 lh_parallel_task_seed (guint64 seed, guint64 task);

G_END_DECLS
