/* test-exact-file.c: the exact solution's file form (lh-exact-file.h) and
 * the cache of solutions (lh-exact-cache.h): round trips on 2x2 and 2x3
 * under every objective and spawn rule, rejection of damaged files with the
 * right error and the file named, and the cache's memory, file and solve.
 *
 * The private header gives the test the solution's keys, so that every
 * afterstate is compared.  The cache test runs with
 * G_TEST_OPTION_ISOLATE_DIRS: its XDG_CACHE_HOME is a temporary directory,
 * never the user's. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lh-exact-cache.h"
#include "lh-exact-file.h"
#include "lh-exact-solution-private.h"
#include "lh-exact-solve.h"
#include "lh-test-util.h"

static LhExactSolution *
solve (guint rows, guint cols, const char *objective, LhExactSpawns spawns)
{
  g_autoptr(GError) error = NULL;
  LhGeometry g = { rows, cols };
  LhExactRules rules;
  LhExactSolution *solution;

  lh_exact_rules_init_default (&rules);
  g_assert_true (lh_exact_objective_parse (objective, &rules, &error));
  rules.spawns = spawns;
  solution = lh_exact_solve (g, &rules, 0, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return solution;
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("lh-exact-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Same bits, NaN included. */
static void
assert_same_double (double a, double b)
{
  if (isnan (a) || isnan (b))
    g_assert_true (isnan (a) && isnan (b));
  else
    g_assert_true (memcmp (&a, &b, sizeof a) == 0);
}

static void
assert_same_solution (const LhExactSolution *a, const LhExactSolution *b)
{
  guint64 checked = 0;

  g_assert_true (lh_geometry_equal (lh_exact_solution_get_geometry (a),
                                    lh_exact_solution_get_geometry (b)));
  g_assert_true (lh_exact_rules_equal (lh_exact_solution_get_rules (a),
                                       lh_exact_solution_get_rules (b)));
  g_assert_cmphex (lh_exact_solution_get_start (a), ==, lh_exact_solution_get_start (b));
  g_assert_cmpuint (lh_exact_solution_get_n_afterstates (a), ==,
                    lh_exact_solution_get_n_afterstates (b));
  g_assert_cmpuint (lh_exact_solution_get_n_positions (a), ==,
                    lh_exact_solution_get_n_positions (b));
  assert_same_double (lh_exact_solution_get_start_value (a), lh_exact_solution_get_start_value (b));
  g_assert_cmpuint (a->n_layers, ==, b->n_layers);
  for (guint i = 0; i < 3; i++)
    assert_same_double (a->spawn_probability[i], b->spawn_probability[i]);

  for (guint i = 0; i < a->n_layers; i++)
    {
      g_assert_cmpuint (a->layers[i].n, ==, b->layers[i].n);
      for (guint64 k = 0; k < a->layers[i].n; k++)
        {
          double va, vb;

          g_assert_true (lh_exact_solution_afterstate_value (a, a->layers[i].keys[k], &va));
          g_assert_true (lh_exact_solution_afterstate_value (b, a->layers[i].keys[k], &vb));
          assert_same_double (va, vb);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, lh_exact_solution_get_n_afterstates (a));

  /* Move values of positions met in play. */
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      LhGeometry g = lh_exact_solution_get_geometry (a);
      LhBoard board = lh_test_mid_game_board (g, seed, (guint) (seed % 7), 0x5eed);
      gboolean legal_a[LH_N_MOVES], legal_b[LH_N_MOVES];
      double values_a[LH_N_MOVES], values_b[LH_N_MOVES];
      gboolean ok_a, ok_b;

      if (board == 0)
        continue;
      ok_a = lh_exact_solution_move_values (a, board, legal_a, values_a);
      ok_b = lh_exact_solution_move_values (b, board, legal_b, values_b);
      g_assert_cmpint (ok_a, ==, ok_b);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          g_assert_cmpint (legal_a[m], ==, legal_b[m]);
          assert_same_double (values_a[m], values_b[m]);
        }
    }
}

static void
test_round_trip (void)
{
  static const struct {
    guint rows, cols;
    const char *objective;
  } cases[] = {
    { 2, 2, "score" }, { 2, 2, "tile:64" }, { 2, 3, "score" }, { 2, 3, "tile:64" },
  };
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "solution.lhexact", NULL);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint s = 0; s < LH_N_EXACT_SPAWNS; s++)
      {
        g_autoptr(LhExactSolution) solution = solve (cases[c].rows, cases[c].cols,
                                                     cases[c].objective, (LhExactSpawns) s);
        g_autoptr(LhExactSolution) back = NULL;
        g_autoptr(GError) error = NULL;

        g_assert_cmpuint (lh_exact_solution_get_n_afterstates (solution), >, 0);
        g_assert_true (lh_exact_solution_save (solution, path, &error));
        g_assert_no_error (error);
        back = lh_exact_solution_load (path, &error);
        g_assert_no_error (error);
        assert_same_solution (solution, back);
        g_assert_cmpuint (lh_exact_solution_get_memory (solution), ==,
                          lh_exact_solution_get_memory (back));
      }

  /* A discount, a loss penalty and a solve from a given position. */
  {
    LhGeometry g = { 2, 3 };
    LhExactRules rules;
    LhBoard start = lh_test_mid_game_board (g, 7, 3, 0x5eed);
    g_autoptr(LhExactSolution) solution = NULL;
    g_autoptr(LhExactSolution) back = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_cmphex (start, !=, 0);
    lh_exact_rules_init_default (&rules);
    rules.discount = 0.9;
    rules.loss = LH_EXACT_LOSS_SCORE;
    rules.spawns = LH_EXACT_SPAWNS_TWOS;
    solution = lh_exact_solve (g, &rules, start, 2, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (lh_exact_solution_save (solution, path, &error));
    back = lh_exact_solution_load (path, &error);
    g_assert_no_error (error);
    assert_same_solution (solution, back);
  }

  /* Saving again replaces the file and leaves no temporary file. */
  {
    g_autoptr(LhExactSolution) solution = solve (2, 2, "score", LH_EXACT_SPAWNS_STANDARD);
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) listing = NULL;
    guint n = 0;

    g_assert_true (lh_exact_solution_save (solution, path, &error));
    g_assert_true (lh_exact_solution_save (solution, path, &error));
    g_assert_no_error (error);
    listing = g_dir_open (dir, 0, &error);
    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }

  lh_test_remove_tree (dir);
}

/* ---- Damaged files ------------------------------------------------------ */

/* Loading @data written to @path fails with @code, the message naming the
 * file (and holding @detail when not NULL). */
static void
assert_rejected (const char *path, const guint8 *data, gsize length, LhExactFileError code,
                 const char *detail)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhExactSolution) solution = NULL;
  g_autofree char *base = g_path_get_basename (path);

  lh_test_write_bytes (path, data, length);
  solution = lh_exact_solution_load (path, &error);
  g_assert_null (solution);
  g_assert_error (error, LH_EXACT_FILE_ERROR, (gint) code);
  g_assert_nonnull (strstr (error->message, base));
  if (g_test_verbose ())
    g_test_message ("%s", error->message);
  if (detail != NULL && strstr (error->message, detail) == NULL)
    g_error ("\"%s\" does not say \"%s\"", error->message, detail);
}

static void
test_damaged (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *good_path = g_build_filename (dir, "good.lhexact", NULL);
  g_autofree char *path = g_build_filename (dir, "damaged.lhexact", NULL);
  g_autoptr(LhExactSolution) solution = solve (2, 3, "score", LH_EXACT_SPAWNS_STANDARD);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *good = NULL;
  g_autofree guint8 *copy = NULL;
  gsize length;
  guint32 n_layers;
  gsize first_key = 0, counts = 56;

  g_assert_true (lh_exact_solution_save (solution, good_path, &error));
  g_assert_true (g_file_get_contents (good_path, (char **) &good, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 200);
  g_assert_true (memcmp (good, "LHEXACT", 8) == 0);
  g_assert_cmpuint (good[8], ==, 1);
  memcpy (&n_layers, good + 52, 4);
  n_layers = GUINT32_FROM_LE (n_layers);
  g_assert_cmpuint (n_layers, ==, solution->n_layers);
  first_key = counts + 8 * (gsize) n_layers;
  copy = g_malloc (length + 1);

  /* Truncated: in the magic, in the fixed header, in the counts, in the
   * payload, in the checksum. */
  {
    static const gsize header_cuts[] = { 0, 1, 7, 8, 11, 12, 30, 55 };
    gsize payload_cuts[] = { 56, 60, first_key, first_key + 1, length / 2, length - 33,
                             length - 32, length - 1 };

    for (guint i = 0; i < G_N_ELEMENTS (header_cuts); i++)
      assert_rejected (path, good, header_cuts[i], LH_EXACT_FILE_ERROR_NOT_A_SOLUTION, NULL);
    for (guint i = 0; i < G_N_ELEMENTS (payload_cuts); i++)
      assert_rejected (path, good, payload_cuts[i], LH_EXACT_FILE_ERROR_DAMAGED, NULL);
  }

  /* A flipped byte in the header, the counts, the payload, the checksum. */
  {
    gsize offsets[] = { 13, 20, 30, 44, 52, counts + 3, first_key, length / 2, length - 40,
                        length - 1 };

    for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
      {
        memcpy (copy, good, length);
        copy[offsets[i]] ^= 0x10;
        assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "checksum");
      }
    /* n_layers made larger than the file can hold. */
    memcpy (copy, good, length);
    copy[53] ^= 0x10;
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "truncated");
  }

  /* A wrong magic; a newer version (checked before the checksum, whose
   * place a newer format may change). */
  memcpy (copy, good, length);
  copy[0] = 'X';
  assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_NOT_A_SOLUTION, NULL);
  memcpy (copy, good, length);
  copy[8] = 2;
  assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_VERSION, "version 2");
  lh_test_resign_sha256 (copy, length);
  assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_VERSION, "version 2");

  /* Content that passes the checksum but breaks the format. */
  {
    double nan_value = NAN;
    guint64 bits;
    guint64 count;

    memcpy (copy, good, length);
    copy[12] = 5;                                   /* rows */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "5x3");

    memcpy (copy, good, length);
    copy[14] = 7;                                   /* objective */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, NULL);

    memcpy (copy, good, length);
    copy[19] = 1;                                   /* reserved */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "reserved");

    memcpy (copy, good, length);
    copy[28 + 7] = 0x10;                            /* start: a tile off a 2x3 board */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "start");

    memcpy (&bits, &nan_value, 8);
    bits = GUINT64_TO_LE (bits);
    memcpy (copy, good, length);
    memcpy (copy + 44, &bits, 8);                   /* start value */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "finite");

    memcpy (copy, good, length);
    memcpy (copy + length - 40, &bits, 8);          /* the last value */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "finite");

    /* The first key of the first layer with keys: a delta of 0 (not
     * ascending), then a key of another layer. */
    memcpy (copy, good, length);
    copy[first_key] = 0;
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "ascending");
    memcpy (copy, good, length);
    copy[first_key] ^= 0x01;                        /* another key, likely another sum */
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, NULL);

    /* The first key replaced by a mirror image of it: the same layer,
     * ascending, but not its class's representative. */
    {
      LhGeometry g = { 2, 3 };
      guint64 key = 0;
      guint shift = 0;
      gsize at = first_key;
      LhBoard images[3];
      g_autoptr(GByteArray) bytes = g_byte_array_new ();
      guint8 byte;

      do
        {
          byte = good[at++];
          key |= (guint64) (byte & 0x7f) << shift;
          shift += 7;
        }
      while (byte & 0x80);
      g_assert_cmphex (lh_exact_canonical (key, g), ==, key);
      images[0] = lh_exact_mirror_columns (key, 3);
      images[1] = lh_exact_mirror_rows (key, 2);
      images[2] = lh_exact_mirror_rows (images[0], 2);
      for (guint i = 0; i < 3; i++)
        if (images[i] != key)
          {
            key = images[i];
            break;
          }
      g_assert_cmphex (lh_exact_canonical (key, g), !=, key);
      g_byte_array_append (bytes, good, (guint) first_key);
      for (; key >= 0x80; key >>= 7)
        {
          byte = (guint8) (key | 0x80);
          g_byte_array_append (bytes, &byte, 1);
        }
      byte = (guint8) key;
      g_byte_array_append (bytes, &byte, 1);
      g_byte_array_append (bytes, good + at, (guint) (length - at));
      lh_test_resign_sha256 (bytes->data, bytes->len);
      assert_rejected (path, bytes->data, bytes->len, LH_EXACT_FILE_ERROR_DAMAGED,
                       "representative");
    }

    /* Counts that do not match the payload. */
    for (guint i = 0; i < n_layers; i++)
      {
        memcpy (&count, good + counts + 8 * i, 8);
        if (GUINT64_FROM_LE (count) == 0)
          continue;
        memcpy (copy, good, length);
        count = GUINT64_TO_LE (GUINT64_FROM_LE (count) + 1);
        memcpy (copy + counts + 8 * i, &count, 8);
        lh_test_resign_sha256 (copy, length);
        assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, NULL);
        memcpy (copy, good, length);
        count = GUINT64_TO_LE (G_MAXUINT64 / 2);
        memcpy (copy + counts + 8 * i, &count, 8);
        lh_test_resign_sha256 (copy, length);
        assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, "counts");
        break;
      }

    /* A byte more than the counts say. */
    memcpy (copy, good, length - 32);
    copy[length - 32] = 0;
    lh_test_resign_sha256 (copy, length + 1);
    assert_rejected (path, copy, length + 1, LH_EXACT_FILE_ERROR_DAMAGED, "longer");

    /* More layers than a board has. */
    memcpy (copy, good, length);
    copy[52 + 3] = 0x7f;
    lh_test_resign_sha256 (copy, length);
    assert_rejected (path, copy, length, LH_EXACT_FILE_ERROR_DAMAGED, NULL);
  }

  /* The good file still loads. */
  {
    g_autoptr(LhExactSolution) back = lh_exact_solution_load (good_path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (back);
  }

  /* File system errors keep their domain. */
  {
    g_autofree char *missing = g_build_filename (dir, "missing.lhexact", NULL);
    g_autofree char *in_missing = g_build_filename (dir, "no-such-dir", "x.lhexact", NULL);
    g_autoptr(LhExactSolution) none = lh_exact_solution_load (missing, &error);

    g_assert_null (none);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull (strstr (error->message, "missing.lhexact"));
    g_clear_error (&error);

    g_assert_false (lh_exact_solution_save (solution, in_missing, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull (strstr (error->message, "x.lhexact"));
    g_clear_error (&error);
  }

  lh_test_remove_tree (dir);
}

/* ---- The cache ------------------------------------------------------------ */

static void
test_cache_path (void)
{
  LhGeometry g33 = { 3, 3 }, g22 = { 2, 2 }, g23 = { 2, 3 };
  LhExactRules rules;
  g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "lookahead", "exact", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autofree char *d = NULL;

  lh_exact_rules_init_default (&rules);
  a = lh_exact_cache_path (g33, &rules);
  g_assert_true (g_str_has_prefix (a, dir));
  g_assert_true (g_str_has_suffix (a, G_DIR_SEPARATOR_S "3x3-score-standard-none-g1.lhexact"));

  g_assert_true (lh_exact_objective_parse ("tile:1024", &rules, NULL));
  rules.spawns = LH_EXACT_SPAWNS_TWOS;
  b = lh_exact_cache_path (g22, &rules);
  g_assert_true (g_str_has_suffix (b, G_DIR_SEPARATOR_S "2x2-tile1024-twos-none-g1.lhexact"));

  lh_exact_rules_init_default (&rules);
  rules.discount = 0.9;
  rules.loss = LH_EXACT_LOSS_SCORE;
  c = lh_exact_cache_path (g23, &rules);
  g_assert_true (g_str_has_suffix (c, "2x3-score-standard-score-g0p9.lhexact"));
  rules.discount = nextafter (0.9, 1.0);
  d = lh_exact_cache_path (g23, &rules);
  g_assert_cmpstr (c, !=, d);
}

typedef struct {
  guint calls;
} Progress;

static void
count_progress (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data)
{
  Progress *progress = user_data;

  (void) phase;
  (void) done;
  (void) total;
  progress->calls++;
}

static GTimeSpan
mtime_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (GTimeSpan) st.st_mtime * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
}

static LhExactSolution *
cache_get (LhGeometry g, const LhExactRules *rules, Progress *progress)
{
  g_autoptr(GError) error = NULL;
  LhExactSolution *solution;

  progress->calls = 0;
  solution = lh_exact_cache_get (g, rules, 1, NULL, count_progress, progress, &error);
  g_assert_no_error (error);
  g_assert_nonnull (solution);
  return solution;
}

static void
test_cache (void)
{
  LhGeometry g = { 2, 3 };
  LhExactRules rules;
  g_autofree char *path = NULL;
  g_autofree char *base = NULL;
  g_autoptr(LhExactSolution) first = NULL;
  g_autoptr(LhExactSolution) again = NULL;
  g_autoptr(LhExactSolution) loaded = NULL;
  g_autoptr(LhExactSolution) resolved = NULL;
  g_autoptr(GError) error = NULL;
  Progress progress = { 0 };
  GTimeSpan written;

  lh_exact_cache_clear ();
  lh_exact_rules_init_default (&rules);
  path = lh_exact_cache_path (g, &rules);
  base = g_path_get_basename (path);
  /* G_TEST_OPTION_ISOLATE_DIRS: never the user's own cache. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (lh_exact_cache_lookup (g, &rules));

  /* Solved, saved, held. */
  first = cache_get (g, &rules, &progress);
  g_assert_cmpuint (progress.calls, >, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  written = mtime_of (path);
  {
    g_autoptr(LhExactSolution) held = lh_exact_cache_lookup (g, &rules);

    g_assert_true (held == first);
  }

  /* From memory. */
  again = cache_get (g, &rules, &progress);
  g_assert_true (again == first);
  g_assert_cmpuint (progress.calls, ==, 0);

  /* From the file: no solve, the file left as it was. */
  g_usleep (20 * G_TIME_SPAN_MILLISECOND);
  lh_exact_cache_clear ();
  g_assert_null (lh_exact_cache_lookup (g, &rules));
  loaded = cache_get (g, &rules, &progress);
  g_assert_true (loaded != first);
  g_assert_cmpuint (progress.calls, ==, 0);
  g_assert_cmpint (mtime_of (path), ==, written);
  assert_same_solution (first, loaded);

  /* A damaged file: a warning naming it, a solve, the file rewritten. */
  {
    g_autofree char *data = NULL;
    g_autofree char *pattern = g_strdup_printf ("*%s*", base);
    g_autoptr(LhExactSolution) reread = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &data, &length, &error));
    data[length / 2] ^= 0x01;
    g_assert_true (g_file_set_contents (path, data, (gssize) length, &error));
    g_assert_no_error (error);
    lh_exact_cache_clear ();
    g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, pattern);
    resolved = cache_get (g, &rules, &progress);
    g_test_assert_expected_messages ();
    g_assert_cmpuint (progress.calls, >, 0);
    assert_same_solution (first, resolved);
    reread = lh_exact_solution_load (path, &error);
    g_assert_no_error (error);
    assert_same_solution (first, reread);
  }

  /* A file of other rules in this file's place is not taken. */
  {
    LhExactRules twos = rules;
    g_autoptr(LhExactSolution) other = solve (2, 3, "score", LH_EXACT_SPAWNS_TWOS);
    g_autoptr(LhExactSolution) right = NULL;
    g_autofree char *pattern = g_strdup_printf ("*%s*", base);

    twos.spawns = LH_EXACT_SPAWNS_TWOS;
    g_assert_true (lh_exact_solution_save (other, path, &error));
    g_assert_no_error (error);
    lh_exact_cache_clear ();
    g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, pattern);
    right = cache_get (g, &rules, &progress);
    g_test_assert_expected_messages ();
    g_assert_true (lh_exact_solution_get_rules (right)->spawns == LH_EXACT_SPAWNS_STANDARD);
    assert_same_solution (first, right);
    /* lh_exact_cache_add holds it; another geometry is another entry. */
    lh_exact_cache_add (other);
    {
      g_autoptr(LhExactSolution) a = lh_exact_cache_lookup (g, &twos);
      g_autoptr(LhExactSolution) b = lh_exact_cache_lookup (g, &rules);

      g_assert_true (a == other);
      g_assert_true (b == right);
    }
  }

  /* Invalid requests. */
  {
    LhExactRules bad = rules;
    LhGeometry wide = { 2, 5 };

    bad.discount = 0.0;
    g_assert_null (lh_exact_cache_get (g, &bad, 1, NULL, NULL, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_null (lh_exact_cache_get (wide, &rules, 1, NULL, NULL, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }

  lh_exact_cache_clear ();
}

/* Two threads asking for the same solution at once: one solves it, the
 * other waits for it and gets the same one.  The first request's progress
 * callback, called while it solves, starts the second and a third whose
 * cancellable is cancelled, and gives them time to reach the cache. */
typedef struct {
  LhGeometry       geometry;
  LhExactRules     rules;
  GCancellable    *cancellable;
  LhExactSolution *result;
  GError          *error;
  Progress         progress;
  GThread         *started[2];
  gpointer         others;
} Request;

static gpointer request_thread (gpointer data);

static void
first_progress (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data)
{
  Request *request = user_data;
  Request *others = request->others;

  count_progress (phase, done, total, &request->progress);
  if (request->progress.calls == 1)
    {
      request->started[0] = g_thread_new ("waiting", request_thread, &others[0]);
      request->started[1] = g_thread_new ("cancelled", request_thread, &others[1]);
      g_usleep (100 * G_TIME_SPAN_MILLISECOND);
    }
}

static gpointer
request_thread (gpointer data)
{
  Request *request = data;

  request->result = lh_exact_cache_get (request->geometry, &request->rules, 1,
                                        request->cancellable,
                                        request->others != NULL ? first_progress : count_progress,
                                        request->others != NULL ? (gpointer) request
                                                                : &request->progress,
                                        &request->error);
  return NULL;
}

static void
test_cache_threads (void)
{
  Request requests[3] = { { { 2, 3 } }, { { 2, 3 } }, { { 2, 3 } } };
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autofree char *path = NULL;
  GThread *first;

  lh_exact_cache_clear ();
  for (guint i = 0; i < 3; i++)
    {
      lh_exact_rules_init_default (&requests[i].rules);
      g_assert_true (lh_exact_objective_parse ("tile:32", &requests[i].rules, NULL));
    }
  path = lh_exact_cache_path (requests[0].geometry, &requests[0].rules);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  requests[0].others = &requests[1];
  g_cancellable_cancel (cancelled);
  requests[2].cancellable = cancelled;

  first = g_thread_new ("solving", request_thread, &requests[0]);
  g_thread_join (first);
  g_assert_nonnull (requests[0].started[0]);
  g_thread_join (requests[0].started[0]);
  g_thread_join (requests[0].started[1]);

  g_assert_no_error (requests[0].error);
  g_assert_no_error (requests[1].error);
  g_assert_nonnull (requests[0].result);
  g_assert_true (requests[1].result == requests[0].result);
  g_assert_cmpuint (requests[0].progress.calls, >, 0);
  g_assert_cmpuint (requests[1].progress.calls, ==, 0);
  /* The cancelled request stopped waiting. */
  g_assert_null (requests[2].result);
  g_assert_error (requests[2].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&requests[2].error);

  for (guint i = 0; i < 2; i++)
    lh_exact_solution_unref (requests[i].result);
  lh_exact_cache_clear ();
}

/* Past the memory budget, the least recently used solutions are let go;
 * the one just used stays. */
static void
test_cache_lru (void)
{
  LhGeometry g = { 2, 3 };
  g_autoptr(LhExactSolution) a = solve (2, 3, "score", LH_EXACT_SPAWNS_STANDARD);
  g_autoptr(LhExactSolution) b = solve (2, 3, "tile:64", LH_EXACT_SPAWNS_STANDARD);
  g_autoptr(LhExactSolution) c = solve (2, 3, "tile:128", LH_EXACT_SPAWNS_STANDARD);
  LhExactSolution *found;

  lh_exact_cache_clear ();
  /* Room for a and c (the larger of b and c), not for all three. */
  g_assert_cmpuint (lh_exact_solution_get_memory (b), <, lh_exact_solution_get_memory (c));
  lh_exact_cache_set_max_bytes (lh_exact_solution_get_memory (a) + lh_exact_solution_get_memory (c));
  lh_exact_cache_add (a);
  lh_exact_cache_add (b);
  /* a used last: b is the least recently used when c comes. */
  found = lh_exact_cache_lookup (g, lh_exact_solution_get_rules (a));
  g_assert_true (found == a);
  lh_exact_solution_unref (found);
  lh_exact_cache_add (c);
  found = lh_exact_cache_lookup (g, lh_exact_solution_get_rules (b));
  g_assert_null (found);
  found = lh_exact_cache_lookup (g, lh_exact_solution_get_rules (a));
  g_assert_true (found == a);
  lh_exact_solution_unref (found);
  found = lh_exact_cache_lookup (g, lh_exact_solution_get_rules (c));
  g_assert_true (found == c);
  lh_exact_solution_unref (found);

  /* A budget below one solution still holds the last one. */
  lh_exact_cache_set_max_bytes (1);
  lh_exact_cache_add (b);
  found = lh_exact_cache_lookup (g, lh_exact_solution_get_rules (b));
  g_assert_true (found == b);
  lh_exact_solution_unref (found);
  g_assert_null (lh_exact_cache_lookup (g, lh_exact_solution_get_rules (a)));
  lh_exact_cache_set_max_bytes (0);
  lh_exact_cache_clear ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  lh_engine_init ();

  g_test_add_func ("/exact-file/round-trip", test_round_trip);
  g_test_add_func ("/exact-file/damaged", test_damaged);
  g_test_add_func ("/exact-cache/path", test_cache_path);
  g_test_add_func ("/exact-cache/memory-file-solve", test_cache);
  g_test_add_func ("/exact-cache/threads", test_cache_threads);
  g_test_add_func ("/exact-cache/least-recently-used", test_cache_lru);
  return g_test_run ();
}
