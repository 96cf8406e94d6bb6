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
 * LhParallelPool:
 * Worker threads kept between runs, for runs too short to pay for creating
 * threads each time (a depth-4 expectimax search takes about 0.2 ms; creating
 * and joining a thread costs tens of microseconds).  The threads are a
 * GThreadPool's, exclusive to the pool, and sleep between runs.
 * Not thread-safe: one run at a time.
 */
typedef struct _LhParallelPool LhParallelPool;

/**
 * lh_parallel_pool_new:
 * @n_threads: threads a run uses, the calling thread included (1 to 64); 1
 *   makes a pool that runs everything on the calling thread
 * Returns: (transfer full): the pool; free with lh_parallel_pool_free().
 */
LhParallelPool *lh_parallel_pool_new (guint n_threads);
/** lh_parallel_pool_free: waits for nothing (no run is under way) and frees; NULL is allowed. */
void lh_parallel_pool_free (LhParallelPool *pool);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhParallelPool, lh_parallel_pool_free)
/** lh_parallel_pool_get_n_threads: the @n_threads the pool was made with. */
guint lh_parallel_pool_get_n_threads (const LhParallelPool *pool);

/**
 * lh_parallel_pool_run:
 * Runs @func for every task (at most 65535) on the pool's threads and the
 * calling thread, and returns when every task has run.  @thread is 0 on the
 * calling thread, 1 to n_threads - 1 on the others; each value is used by one
 * thread at a time.  The tasks are cut into one contiguous range per thread,
 * which each thread runs in order; a thread whose range is done takes tasks
 * from the back of the fullest other range (work stealing), so neighbouring
 * tasks tend to run on one thread, in order.
 */
void lh_parallel_pool_run (LhParallelPool *pool, guint n_tasks, LhParallelFunc func,
                           gpointer user_data);

/**
 * lh_parallel_task_seed:
 * A seed for the random stream of task @task of a search seeded with @seed
 * (SplitMix64 of both: distinct tasks get unrelated streams).
 */
guint64 lh_parallel_task_seed (guint64 seed, guint64 task);

G_END_DECLS
