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
