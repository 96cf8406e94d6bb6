/* test-ntuple-cache.c: one copy of a network for every part of a program
 * (lh-ntuple-cache.h): the same unchanged file gives the same network, a
 * changed or another file a new one, a failed load leaves the cache as it
 * was, and two threads loading one file at once share it. */
#include <glib/gstdio.h>

#include "lh-ntuple.h"
#include "lh-ntuple-cache.h"
#include "lh-ntuple-file.h"

static char *dir;

/* A small network whose every weight is @w, saved at @name in the test's
 * folder. */
static char *
save_network (const char *name, float w, const char *title)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint n_shapes;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  LhNtupleFileInfo info = { .games = 7, .moves = 70, .options = (char *) "", .name = (char *) title };
  char *path = g_build_filename (dir, name, NULL);
  guint64 n;
  float *weights;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", LH_GEOMETRY_DEFAULT, shapes, &n_shapes,
                                          &error));
  net = lh_ntuple_new (LH_GEOMETRY_DEFAULT, shapes, n_shapes, &error);
  g_assert_no_error (error);
  weights = lh_ntuple_get_weights (net, 0, &n);
  for (guint64 i = 0; i < n; i++)
    weights[i] = w;
  g_assert_true (lh_ntuple_file_save (net, &info, LH_NTUPLE_FILE_FLOAT32, path, &error));
  g_assert_no_error (error);
  return path;
}

static float
first_weight (const LhNtuple *net)
{
  return lh_ntuple_get_weights (net, 0, NULL)[0];
}

static void
test_shares (void)
{
  g_autofree char *a = save_network ("a.lhnet", 1.0f, "A");
  g_autofree char *b = save_network ("b.lhnet", 2.0f, "B");
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) first = NULL;
  g_autoptr(LhNtuple) again = NULL;
  g_autoptr(LhNtuple) other = NULL;
  g_autoptr(LhNtuple) back = NULL;
  g_autoptr(LhNtuple) changed = NULL;
  g_autoptr(LhNtuple) after_failure = NULL;
  g_autoptr(LhNtuple) after_clear = NULL;
  LhNtupleFileInfo info = { 0 };

  lh_ntuple_cache_clear ();
  first = lh_ntuple_cache_load (a, &info, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info.name, ==, "A");
  lh_ntuple_file_info_clear (&info);

  /* The same file: the same network, and a copy of its information. */
  again = lh_ntuple_cache_load (a, &info, &error);
  g_assert_no_error (error);
  g_assert_true (again == first);
  g_assert_cmpstr (info.name, ==, "A");
  g_assert_cmpuint (info.games, ==, 7);
  lh_ntuple_file_info_clear (&info);

  /* Another file replaces it; the first file is loaded anew after. */
  other = lh_ntuple_cache_load (b, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (other != first);
  g_assert_cmpfloat (first_weight (other), ==, 2.0f);
  back = lh_ntuple_cache_load (a, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (back != first);
  g_assert_cmpfloat (first_weight (back), ==, 1.0f);

  /* A file that changed is read again. */
  g_free (save_network ("a.lhnet", 3.0f, "A2"));
  changed = lh_ntuple_cache_load (a, &info, &error);
  g_assert_no_error (error);
  g_assert_true (changed != back);
  g_assert_cmpfloat (first_weight (changed), ==, 3.0f);
  g_assert_cmpstr (info.name, ==, "A2");
  lh_ntuple_file_info_clear (&info);

  /* A failure leaves the cache as it was. */
  {
    g_autofree char *bad = g_build_filename (dir, "bad.lhnet", NULL);
    g_autofree char *missing = g_build_filename (dir, "missing.lhnet", NULL);

    g_assert_true (g_file_set_contents (bad, "not a network", -1, NULL));
    g_assert_null (lh_ntuple_cache_load (bad, &info, &error));
    g_assert_error (error, LH_NTUPLE_FILE_ERROR, LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK);
    g_assert_null (info.name);
    g_clear_error (&error);
    g_assert_null (lh_ntuple_cache_load (missing, NULL, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_clear_error (&error);
    g_assert_cmpint (g_remove (bad), ==, 0);
  }
  after_failure = lh_ntuple_cache_load (a, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (after_failure == changed);

  /* Cleared: loaded anew. */
  lh_ntuple_cache_clear ();
  after_clear = lh_ntuple_cache_load (a, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (after_clear != changed);
  lh_ntuple_cache_clear ();
  g_assert_cmpint (g_remove (a), ==, 0);
  g_assert_cmpint (g_remove (b), ==, 0);
}

/* Trim lets the cached network go only when nobody else holds it. */
static void
test_trim (void)
{
  g_autofree char *path = save_network ("trim.lhnet", 4.0f, "Trim");
  g_autoptr(GError) error = NULL;
  LhNtuple *held, *again, *fresh;

  lh_ntuple_cache_clear ();
  held = lh_ntuple_cache_load (path, NULL, &error);
  g_assert_no_error (error);
  lh_ntuple_cache_trim ();
  again = lh_ntuple_cache_load (path, NULL, &error);
  g_assert_true (again == held);
  lh_ntuple_unref (again);
  lh_ntuple_unref (held);
  /* Only the cache holds it now: trim frees it (AddressSanitizer would
   * see a use after free below if the cache kept a dangling pointer). */
  lh_ntuple_cache_trim ();
  fresh = lh_ntuple_cache_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (first_weight (fresh), ==, 4.0f);
  lh_ntuple_unref (fresh);
  lh_ntuple_cache_trim ();
  lh_ntuple_cache_trim ();
  g_assert_cmpint (g_remove (path), ==, 0);
}

static gpointer
load_thread (gpointer path)
{
  g_autoptr(GError) error = NULL;
  LhNtuple *net = lh_ntuple_cache_load (path, NULL, &error);

  g_assert_no_error (error);
  return net;
}

static void
test_threads (void)
{
  g_autofree char *path = save_network ("t.lhnet", 5.0f, "T");
  GThread *threads[4];
  LhNtuple *nets[G_N_ELEMENTS (threads)];

  lh_ntuple_cache_clear ();
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("load", load_thread, path);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    nets[i] = g_thread_join (threads[i]);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_assert_true (nets[i] == nets[0]);
      lh_ntuple_unref (nets[i]);
    }
  lh_ntuple_cache_clear ();
  g_assert_cmpint (g_remove (path), ==, 0);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();
  dir = g_dir_make_tmp ("lh-ntuple-cache-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/ntuple-cache/shares", test_shares);
  g_test_add_func ("/ntuple-cache/trim", test_trim);
  g_test_add_func ("/ntuple-cache/threads", test_threads);
  status = g_test_run ();
  g_rmdir (dir);
  g_free (dir);
  return status;
}
