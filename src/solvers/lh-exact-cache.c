/* lh-exact-cache.c: exact solutions between runs and in memory (see
 * lh-exact-cache.h). */
#include "lh-exact-cache.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "lh-exact-file.h"
#include "lh-exact-solution-private.h"

/* How often a thread waiting for another's solve checks its cancellable. */
#define WAIT_US (10 * G_TIME_SPAN_MILLISECOND)

typedef struct {
  LhGeometry   geometry;
  LhExactRules rules;
} Key;

/* All under lock: the solutions held (LhExactSolution *, a reference
 * each), the keys being loaded or solved by some thread, and the condition
 * signalled when one of those ends. */
static GMutex lock;
static GCond finished;
static GPtrArray *held;
static GArray *in_progress;
static gsize max_bytes = LH_EXACT_CACHE_MAX_BYTES;

static gboolean
key_matches (LhGeometry geometry, const LhExactRules *rules, LhGeometry g, const LhExactRules *r)
{
  return lh_geometry_equal (geometry, g) && lh_exact_rules_equal (rules, r);
}

char *
lh_exact_cache_path (LhGeometry geometry, const LhExactRules *rules)
{
  char discount[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *objective = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (rules != NULL, NULL);

  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    objective = g_strdup_printf ("tile%u", lh_tile_value (rules->target));
  else
    objective = g_strdup ("score");
  /* The shortest of %.15g, %.16g, %.17g that reads back as the discount:
   * 0.9 is "0p9", not "0p90000000000000002". */
  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (discount, sizeof discount, format, rules->discount);
      if (g_ascii_strtod (discount, NULL) == rules->discount)
        break;
    }
  g_strdelimit (discount, ".", 'p');
  name = g_strdup_printf ("%ux%u-%s-%s-%s-g%s." LH_EXACT_FILE_EXTENSION, geometry.rows,
                          geometry.cols, objective, lh_exact_spawns_to_string (rules->spawns),
                          lh_exact_loss_to_string (rules->loss), discount);
  return g_build_filename (g_get_user_cache_dir (), "lookahead", "exact", name, NULL);
}

/* The held solution for the key, or NULL, made the most recently used (the
 * last of @held); lock held. */
static LhExactSolution *
find_locked (LhGeometry geometry, const LhExactRules *rules)
{
  for (guint i = 0; held != NULL && i < held->len; i++)
    {
      LhExactSolution *solution = g_ptr_array_index (held, i);

      if (key_matches (geometry, rules, solution->geometry, &solution->rules))
        {
          if (i + 1 < held->len)
            {
              g_ptr_array_steal_index (held, i);
              g_ptr_array_add (held, solution);
            }
          return solution;
        }
    }
  return NULL;
}

/* Holds @solution as the most recently used, and lets go of the least
 * recently used others while the held ones take more than
 * LH_EXACT_CACHE_MAX_BYTES.  Returns (transfer full) (nullable) the
 * references let go, for the caller to drop once the lock is released
 * (freeing a 3x3 solution takes a while); lock held. */
static GPtrArray *
add_locked (LhExactSolution *solution)
{
  GPtrArray *dropped = NULL;
  gsize bytes = 0;

  if (held == NULL)
    held = g_ptr_array_new_with_free_func ((GDestroyNotify) lh_exact_solution_unref);
  dropped = g_ptr_array_new_with_free_func ((GDestroyNotify) lh_exact_solution_unref);
  for (guint i = 0; i < held->len; i++)
    {
      LhExactSolution *other = g_ptr_array_index (held, i);

      if (key_matches (solution->geometry, &solution->rules, other->geometry, &other->rules))
        {
          g_ptr_array_add (dropped, g_ptr_array_steal_index (held, i));
          break;
        }
    }
  g_ptr_array_add (held, lh_exact_solution_ref (solution));
  for (guint i = 0; i < held->len; i++)
    bytes += lh_exact_solution_get_memory (g_ptr_array_index (held, i));
  while (bytes > max_bytes && held->len > 1)
    {
      LhExactSolution *oldest = g_ptr_array_steal_index (held, 0);

      bytes -= lh_exact_solution_get_memory (oldest);
      g_ptr_array_add (dropped, oldest);
    }
  return dropped;
}

LhExactSolution *
lh_exact_cache_lookup (LhGeometry geometry, const LhExactRules *rules)
{
  LhExactSolution *solution;

  g_return_val_if_fail (rules != NULL, NULL);

  g_mutex_lock (&lock);
  solution = find_locked (geometry, rules);
  if (solution != NULL)
    lh_exact_solution_ref (solution);
  g_mutex_unlock (&lock);
  return solution;
}

void
lh_exact_cache_add (LhExactSolution *solution)
{
  g_autoptr(GPtrArray) dropped = NULL;

  g_return_if_fail (solution != NULL);
  g_return_if_fail (solution->start == 0);

  g_mutex_lock (&lock);
  dropped = add_locked (solution);
  g_mutex_unlock (&lock);
}

void
lh_exact_cache_set_max_bytes (gsize bytes)
{
  g_mutex_lock (&lock);
  max_bytes = bytes > 0 ? bytes : LH_EXACT_CACHE_MAX_BYTES;
  g_mutex_unlock (&lock);
}

void
lh_exact_cache_clear (void)
{
  GPtrArray *old;

  g_mutex_lock (&lock);
  old = g_steal_pointer (&held);
  g_mutex_unlock (&lock);
  /* Freeing a 3x3 solution takes a while: not under the lock. */
  if (old != NULL)
    g_ptr_array_unref (old);
}

/* The key's index in in_progress, or -1; lock held. */
static gint
find_in_progress_locked (LhGeometry geometry, const LhExactRules *rules)
{
  for (guint i = 0; in_progress != NULL && i < in_progress->len; i++)
    {
      const Key *key = &g_array_index (in_progress, Key, i);

      if (key_matches (geometry, rules, key->geometry, &key->rules))
        return (gint) i;
    }
  return -1;
}

/* The solution in @path if it is a valid one of @geometry and @rules from
 * the start of a game; NULL otherwise, with a warning unless the file is
 * simply not there yet. */
static LhExactSolution *
load_cached (const char *path, LhGeometry geometry, const LhExactRules *rules)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhExactSolution) solution = lh_exact_solution_load (path, &error);

  if (solution == NULL)
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_warning (_("Ignoring a cached exact solution: %s. Solving it again."), error->message);
      return NULL;
    }
  if (!key_matches (geometry, rules, solution->geometry, &solution->rules) || solution->start != 0)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_warning (_("Ignoring a cached exact solution: %s holds the solution of other rules or "
                   "of another position. Solving it again."),
                 name);
      return NULL;
    }
  return g_steal_pointer (&solution);
}

static void
save_cached (const LhExactSolution *solution, const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (dir);

      g_warning (_("Could not create the cache folder %s: %s. The exact solution is not saved."),
                 name, g_strerror (saved));
      return;
    }
  if (!lh_exact_solution_save (solution, path, &error))
    g_warning ("%s", error->message);
}

LhExactSolution *
lh_exact_cache_get (LhGeometry           geometry,
                    const LhExactRules  *rules,
                    guint                threads,
                    GCancellable        *cancellable,
                    LhExactProgressFunc  progress,
                    gpointer             user_data,
                    GError             **error)
{
  g_autofree char *path = NULL;
  GPtrArray *dropped = NULL;
  LhExactSolution *solution;
  Key key;
  gint index;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lh_exact_request_validate (geometry, rules, error))
    return NULL;

  /* Memory, or wait while another thread loads or solves the same one. */
  g_mutex_lock (&lock);
  for (;;)
    {
      solution = find_locked (geometry, rules);
      if (solution != NULL)
        {
          lh_exact_solution_ref (solution);
          g_mutex_unlock (&lock);
          return solution;
        }
      if (find_in_progress_locked (geometry, rules) < 0)
        break;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_mutex_unlock (&lock);
          return NULL;
        }
      g_cond_wait_until (&finished, &lock, g_get_monotonic_time () + WAIT_US);
    }
  if (in_progress == NULL)
    in_progress = g_array_new (FALSE, FALSE, sizeof (Key));
  key.geometry = geometry;
  key.rules = *rules;
  g_array_append_val (in_progress, key);
  g_mutex_unlock (&lock);

  /* This thread's job: the file, else a solve. */
  path = lh_exact_cache_path (geometry, rules);
  solution = load_cached (path, geometry, rules);
  if (solution == NULL)
    {
      solution = lh_exact_solve (geometry, rules, 0, threads, cancellable, progress, user_data, error);
      if (solution != NULL)
        save_cached (solution, path);
    }

  g_mutex_lock (&lock);
  index = find_in_progress_locked (geometry, rules);
  g_assert (index >= 0);
  g_array_remove_index_fast (in_progress, (guint) index);
  if (solution != NULL)
    dropped = add_locked (solution);
  g_cond_broadcast (&finished);
  g_mutex_unlock (&lock);
  g_clear_pointer (&dropped, g_ptr_array_unref);
  return solution;
}
