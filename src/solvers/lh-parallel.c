/* lh-parallel.c: a task counter shared by short-lived threads (see lh-parallel.h). */
#include "lh-parallel.h"

typedef struct {
  LhParallelFunc func;
  gpointer       user_data;
  guint          n_tasks;
  gint           next;      /* atomic: the next task to hand out */
} Work;

typedef struct {
  Work *work;
  guint thread;
} Worker;

static void
run_tasks (Work *work, guint thread)
{
  for (;;)
    {
      guint task = (guint) g_atomic_int_add (&work->next, 1);

      if (task >= work->n_tasks)
        break;
      work->func (task, thread, work->user_data);
    }
}

static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;

  run_tasks (worker->work, worker->thread);
  return NULL;
}

void
lh_parallel_run (guint n_threads, guint n_tasks, LhParallelFunc func, gpointer user_data)
{
  Work work = { func, user_data, n_tasks, 0 };
  g_autofree GThread **threads = NULL;
  g_autofree Worker *workers = NULL;
  guint n_extra;

  g_return_if_fail (func != NULL);
  n_threads = CLAMP (n_threads, 1, MAX (n_tasks, 1));
  n_extra = n_threads - 1;
  threads = g_new0 (GThread *, n_extra + 1);
  workers = g_new0 (Worker, n_extra + 1);
  for (guint t = 0; t < n_extra; t++)
    {
      workers[t] = (Worker) { &work, t + 1 };
      threads[t] = g_thread_new ("lh-playouts", worker_main, &workers[t]);
    }
  run_tasks (&work, 0);
  for (guint t = 0; t < n_extra; t++)
    g_thread_join (threads[t]);
}

struct _LhParallelPool {
  GThreadPool *threads;     /* nullable: none when n_threads is 1 */
  guint        n_threads;
};

/* One run on a pool: the tasks, cut into one contiguous segment per thread,
 * and the workers still running.  A segment is the range [front, end) of
 * task indices packed in one atomic word (front in the low 16 bits), so a
 * thread takes its own segment's tasks from the front and, once it is
 * empty, steals from the back of the fullest other one: each thread walks
 * neighbouring tasks in order, as one thread would, and the threads meet
 * only at the end (work stealing as in Blumofe and Leiserson, "Scheduling
 * multithreaded computations by work stealing", JACM 46(5), 1999). */
#define MAX_POOL_THREADS 64

typedef struct {
  LhParallelFunc func;
  gpointer       user_data;
  gint           segments[MAX_POOL_THREADS];  /* atomic: front | end << 16 */
  guint          n_segments;
  gint           next_thread;      /* atomic: the next worker's thread index */
  GMutex         lock;
  GCond          done;
  guint          running;          /* workers not yet finished; under lock */
} PoolRun;

/* Takes a task from the front (@back FALSE) or the back of segment @k. */
static gboolean
claim (PoolRun *run, guint k, gboolean back, guint *task)
{
  for (;;)
    {
      gint range = g_atomic_int_get (&run->segments[k]);
      guint front = (guint) range & 0xffff, end = (guint) range >> 16;

      if (front >= end)
        return FALSE;
      if (back ? g_atomic_int_compare_and_exchange (&run->segments[k], range,
                                                    (gint) (front | (end - 1) << 16))
               : g_atomic_int_compare_and_exchange (&run->segments[k], range,
                                                    (gint) ((front + 1) | end << 16)))
        {
          *task = back ? end - 1 : front;
          return TRUE;
        }
    }
}

static void
run_segments (PoolRun *run, guint thread)
{
  guint task;

  for (;;)
    {
      guint victim = thread, most = 0;

      if (claim (run, thread, FALSE, &task))
        {
          run->func (task, thread, run->user_data);
          continue;
        }
      for (guint k = 0; k < run->n_segments; k++)
        {
          gint range = g_atomic_int_get (&run->segments[k]);
          guint left = ((guint) range >> 16) - MIN ((guint) range & 0xffff, (guint) range >> 16);

          if (left > most)
            {
              most = left;
              victim = k;
            }
        }
      if (most == 0)
        return;
      if (claim (run, victim, TRUE, &task))
        run->func (task, thread, run->user_data);
    }
}

static void
pool_worker (gpointer data, gpointer pool_data)
{
  PoolRun *run = data;
  guint thread = (guint) g_atomic_int_add (&run->next_thread, 1);

  run_segments (run, thread);
  g_mutex_lock (&run->lock);
  if (--run->running == 0)
    g_cond_signal (&run->done);
  g_mutex_unlock (&run->lock);
}

LhParallelPool *
lh_parallel_pool_new (guint n_threads)
{
  LhParallelPool *pool;

  g_return_val_if_fail (n_threads >= 1 && n_threads <= MAX_POOL_THREADS, NULL);
  pool = g_new0 (LhParallelPool, 1);
  pool->n_threads = n_threads;
  if (n_threads > 1)
    /* Exclusive: the threads are started now and stay. */
    pool->threads = g_thread_pool_new (pool_worker, pool, (int) n_threads - 1, TRUE, NULL);
  return pool;
}

void
lh_parallel_pool_free (LhParallelPool *pool)
{
  if (pool == NULL)
    return;
  if (pool->threads != NULL)
    g_thread_pool_free (pool->threads, TRUE, TRUE);
  g_free (pool);
}

guint
lh_parallel_pool_get_n_threads (const LhParallelPool *pool)
{
  return pool->n_threads;
}

void
lh_parallel_pool_run (LhParallelPool *pool, guint n_tasks, LhParallelFunc func,
                      gpointer user_data)
{
  PoolRun run = { .func = func, .user_data = user_data, .next_thread = 1 };
  guint n_extra;

  g_return_if_fail (pool != NULL && func != NULL);
  g_return_if_fail (n_tasks <= 0xffff);
  n_extra = MIN (pool->n_threads, MAX (n_tasks, 1)) - 1;
  if (n_extra == 0)
    {
      for (guint task = 0; task < n_tasks; task++)
        func (task, 0, user_data);
      return;
    }
  run.n_segments = n_extra + 1;
  for (guint k = 0; k < run.n_segments; k++)
    run.segments[k] = (gint) ((n_tasks * k / run.n_segments)
                              | (n_tasks * (k + 1) / run.n_segments) << 16);
  g_mutex_init (&run.lock);
  g_cond_init (&run.done);
  run.running = n_extra;
  for (guint t = 0; t < n_extra; t++)
    g_thread_pool_push (pool->threads, &run, NULL);
  run_segments (&run, 0);
  g_mutex_lock (&run.lock);
  while (run.running > 0)
    g_cond_wait (&run.done, &run.lock);
  g_mutex_unlock (&run.lock);
  g_mutex_clear (&run.lock);
  g_cond_clear (&run.done);
}

guint64
lh_parallel_task_seed (guint64 seed, guint64 task)
{
  /* SplitMix64 (Steele, Lea and Flood 2014) of the seed, then of the task
   * mixed in: the finaliser makes nearby inputs unrelated. */
  guint64 z = seed + 0x9e3779b97f4a7c15ULL * (task + 1);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
