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

/* One run on a pool: the tasks, cut into one contiguous segment per thread.
 * A segment is the range [front, end) of task indices packed in one atomic
 * word (front in the low 16 bits), so a thread takes its own segment's
 * tasks from the front and, once it is empty, steals from the back of the
 * fullest other one: each thread walks neighbouring tasks in order, as one
 * thread would, and the threads meet only at the end (work stealing as in
 * Blumofe and Leiserson, "Scheduling multithreaded computations by work
 * stealing", JACM 46(5), 1999). */
#define MAX_POOL_THREADS 64

typedef struct {
  LhParallelFunc func;
  gpointer       user_data;
  gint           segments[MAX_POOL_THREADS];  /* atomic: front | end << 16 */
  guint          n_segments;
} PoolRun;

/* LhParallelPool.state: the workers inside the current run, and whether the
 * caller has closed it (no worker may join a closed run: it may be gone). */
#define RUN_CLOSED (1 << 30)

/* How long a worker keeps looking for the next run before it sleeps, and how
 * long the caller looks for the workers' end before it sleeps, in us: back
 * to back searches (a batch, a game) then hand over in well under a
 * microsecond instead of the tens of microseconds a sleeping thread takes to
 * wake, and an idle pool costs nothing after this long. */
#define SPIN_US 200

struct _LhParallelPool {
  guint     n_threads;
  GThread **workers;       /* n_threads - 1 */
  GMutex    lock;
  GCond     wake;          /* a new run, or quit */
  GCond     done;          /* a closed run's last worker left */
  gint      sequence;      /* atomic: runs started */
  PoolRun  *run;           /* atomic: the current run */
  gint      state;         /* atomic: workers in the run | RUN_CLOSED */
  gint      quit;          /* atomic */
};

typedef struct {
  LhParallelPool *pool;
  guint           thread;
} PoolWorker;

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

/* Spins for at most SPIN_US until *@word equals @value (@equal TRUE) or
 * differs from it (@equal FALSE); returns whether it did. */
static gboolean
spin_wait (gint *word, gint value, gboolean equal)
{
  gint64 until = 0;

  for (guint i = 1;; i++)
    {
      if ((g_atomic_int_get (word) == value) == equal)
        return TRUE;
      if (i % 256 == 0)
        {
          gint64 now = g_get_monotonic_time ();

          if (until == 0)
            until = now + SPIN_US;
          else if (now >= until)
            return FALSE;
        }
    }
}

static gpointer
pool_worker_main (gpointer data)
{
  PoolWorker *worker = data;
  LhParallelPool *pool = worker->pool;
  gint seen = 0;

  for (;;)
    {
      gint state;

      if (!spin_wait (&pool->sequence, seen, FALSE))
        {
          g_mutex_lock (&pool->lock);
          while (g_atomic_int_get (&pool->sequence) == seen && !g_atomic_int_get (&pool->quit))
            g_cond_wait (&pool->wake, &pool->lock);
          g_mutex_unlock (&pool->lock);
        }
      if (g_atomic_int_get (&pool->quit))
        break;
      /* Join the run unless the caller has closed it (it did every task
       * before this thread woke up); then it is the caller's no more. */
      do
        state = g_atomic_int_get (&pool->state);
      while (!(state & RUN_CLOSED)
             && !g_atomic_int_compare_and_exchange (&pool->state, state, state + 1));
      seen = g_atomic_int_get (&pool->sequence);
      if (state & RUN_CLOSED)
        continue;
      run_segments (g_atomic_pointer_get (&pool->run), worker->thread);
      if (g_atomic_int_add (&pool->state, -1) - 1 == RUN_CLOSED)
        {
          g_mutex_lock (&pool->lock);
          g_cond_signal (&pool->done);
          g_mutex_unlock (&pool->lock);
        }
    }
  g_free (worker);
  return NULL;
}

LhParallelPool *
lh_parallel_pool_new (guint n_threads)
{
  LhParallelPool *pool;

  g_return_val_if_fail (n_threads >= 1 && n_threads <= MAX_POOL_THREADS, NULL);
  pool = g_new0 (LhParallelPool, 1);
  pool->n_threads = n_threads;
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->wake);
  g_cond_init (&pool->done);
  pool->workers = g_new0 (GThread *, n_threads);
  for (guint t = 1; t < n_threads; t++)
    {
      PoolWorker *worker = g_new (PoolWorker, 1);

      *worker = (PoolWorker) { pool, t };
      pool->workers[t - 1] = g_thread_new ("lh-search", pool_worker_main, worker);
    }
  return pool;
}

void
lh_parallel_pool_free (LhParallelPool *pool)
{
  if (pool == NULL)
    return;
  g_mutex_lock (&pool->lock);
  g_atomic_int_set (&pool->quit, 1);
  g_cond_broadcast (&pool->wake);
  g_mutex_unlock (&pool->lock);
  for (guint t = 1; t < pool->n_threads; t++)
    g_thread_join (pool->workers[t - 1]);
  g_free (pool->workers);
  g_mutex_clear (&pool->lock);
  g_cond_clear (&pool->wake);
  g_cond_clear (&pool->done);
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
  PoolRun run = { .func = func, .user_data = user_data };
  gint state;

  g_return_if_fail (pool != NULL && func != NULL);
  g_return_if_fail (n_tasks <= 0xffff);
  if (pool->n_threads == 1 || n_tasks <= 1)
    {
      for (guint task = 0; task < n_tasks; task++)
        func (task, 0, user_data);
      return;
    }
  /* One segment per thread; a worker that joins late steals, and one that
   * wakes after the caller has done every task stays out. */
  run.n_segments = pool->n_threads;
  for (guint k = 0; k < run.n_segments; k++)
    run.segments[k] = (gint) ((n_tasks * k / run.n_segments)
                              | (n_tasks * (k + 1) / run.n_segments) << 16);
  g_atomic_pointer_set (&pool->run, &run);
  g_atomic_int_set (&pool->state, 0);
  g_mutex_lock (&pool->lock);
  g_atomic_int_inc (&pool->sequence);
  g_cond_broadcast (&pool->wake);
  g_mutex_unlock (&pool->lock);

  run_segments (&run, 0);
  /* Close the run, then wait for the workers inside it. */
  do
    state = g_atomic_int_get (&pool->state);
  while (!g_atomic_int_compare_and_exchange (&pool->state, state, state | RUN_CLOSED));
  if (!spin_wait (&pool->state, RUN_CLOSED, TRUE))
    {
      g_mutex_lock (&pool->lock);
      while (g_atomic_int_get (&pool->state) != RUN_CLOSED)
        g_cond_wait (&pool->done, &pool->lock);
      g_mutex_unlock (&pool->lock);
    }
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
