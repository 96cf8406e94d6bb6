/* lh-ntuple-cache.c: one copy of a network for every part of a program
 * (see lh-ntuple-cache.h). */
#include "lh-config.h"
#include "lh-ntuple-cache.h"

#include <glib/gstdio.h>

/* The cached network and its file's identity; under cache_lock. */
static GMutex cache_lock;
static LhNtuple *cached;
static LhNtupleFileInfo cached_info;
static char *cached_path;
static GStatBuf cached_stat;

static gboolean
same_file (const GStatBuf *a, const GStatBuf *b)
{
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size
         && a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void
copy_info (const LhNtupleFileInfo *from, LhNtupleFileInfo *to)
{
  to->games = from->games;
  to->moves = from->moves;
  to->options = g_strdup (from->options);
  to->name = g_strdup (from->name);
}

/* Drops the cached network; under cache_lock. */
static void
drop (void)
{
  g_clear_pointer (&cached, lh_ntuple_unref);
  lh_ntuple_file_info_clear (&cached_info);
  g_clear_pointer (&cached_path, g_free);
}

LhNtuple *
lh_ntuple_cache_load (const char *path, LhNtupleFileInfo *info, GError **error)
{
  g_autoptr(GMutexLocker) locker = NULL;
  LhNtupleFileInfo loaded_info = { 0 };
  GStatBuf st;
  LhNtuple *net;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  locker = g_mutex_locker_new (&cache_lock);
  /* A file that cannot be examined: the loader says why. */
  if (g_stat (path, &st) != 0)
    return lh_ntuple_file_load (path, info, error);
  if (cached != NULL && g_strcmp0 (cached_path, path) == 0 && same_file (&st, &cached_stat))
    {
      if (info != NULL)
        copy_info (&cached_info, info);
      return lh_ntuple_ref (cached);
    }

  net = lh_ntuple_file_load (path, &loaded_info, error);
  if (net == NULL)
    return NULL;
  drop ();
  cached = lh_ntuple_ref (net);
  cached_info = loaded_info;
  cached_path = g_strdup (path);
  cached_stat = st;
  if (info != NULL)
    copy_info (&cached_info, info);
  return net;
}

void
lh_ntuple_cache_trim (void)
{
  g_mutex_lock (&cache_lock);
  /* Nobody else holds it, and only the cache, under the lock, can give
   * out a new reference. */
  if (cached != NULL && g_atomic_ref_count_compare (&cached->ref_count, 1))
    drop ();
  g_mutex_unlock (&cache_lock);
}

void
lh_ntuple_cache_clear (void)
{
  g_mutex_lock (&cache_lock);
  drop ();
  g_mutex_unlock (&cache_lock);
}
