/* test-preset-store.c: LhPresetStore over the memory GSettings backend.
 *
 * User presets go through the "user-presets" key and come back in a new
 * store on the same settings; names stay unique (built-in names included);
 * built-in presets cannot be renamed, replaced or removed; a damaged entry is
 * skipped with a warning and kept in the key; a second store follows the
 * first one's changes through GSettings.  Needs the compiled schema
 * (GSETTINGS_SCHEMA_DIR, set by tests/gui/meson.build); no display.
 */
#include <gio/gio.h>
#include <string.h>

#include "lh-board.h"
#include "lh-preset-store.h"

#define SCHEMA_ID "io.github.lookahead.Lookahead"

static GSettings *
fresh_settings (void)
{
  GSettings *settings = g_settings_new (SCHEMA_ID);

  g_settings_reset (settings, "user-presets");
  return settings;
}

static guint
n_builtin (void)
{
  guint n = 0;

  lh_preset_get_builtin (&n);
  return n;
}

static void
count_cb (LhPresetStore *store, guint *count)
{
  (*count)++;
}

/* A preset named @name with Balanced's parameters and @empty_weight. */
static LhPreset *
make_preset (const char *name, double empty_weight)
{
  LhHeuristicParams params;

  lh_heuristic_params_init_default (&params);
  params.empty_weight = empty_weight;
  return lh_preset_new (name, &params);
}

static void
assert_same_presets (LhPresetStore *a, LhPresetStore *b)
{
  guint n = lh_preset_store_get_n_presets (a);

  g_assert_cmpuint (lh_preset_store_get_n_presets (b), ==, n);
  for (guint i = 0; i < n; i++)
    {
      const LhPreset *pa = lh_preset_store_get_preset (a, i);
      const LhPreset *pb = lh_preset_store_get_preset (b, i);
      g_autofree char *ka = lh_preset_store_get_key (a, i);
      g_autofree char *kb = lh_preset_store_get_key (b, i);

      g_assert_cmpstr (pa->name, ==, pb->name);
      g_assert_cmpstr (ka, ==, kb);
      g_assert_true (memcmp (&pa->heuristic, &pb->heuristic, sizeof pa->heuristic) == 0);
      g_assert_cmpint (lh_preset_store_is_builtin (a, i), ==, lh_preset_store_is_builtin (b, i));
    }
}

static void
test_builtin_and_keys (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(LhPresetStore) store = lh_preset_store_new (settings);
  guint n = 0;
  const LhPreset *builtin = lh_preset_get_builtin (&n);

  g_assert_cmpuint (n, >=, 5);
  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = lh_preset_store_get_key (store, i);

      g_assert_true (lh_preset_store_is_builtin (store, i));
      g_assert_cmpstr (key, ==, builtin[i].id);
      g_assert_cmpint (lh_preset_store_find (store, key), ==, (int) i);
      g_assert_true (lh_preset_store_get_preset (store, i) == &builtin[i]);
    }
  g_assert_cmpint (lh_preset_store_find (store, "balanced"), ==, 0);
  g_assert_cmpint (lh_preset_store_find (store, "no-such-preset"), ==, -1);
  g_assert_cmpint (lh_preset_store_find (store, "user:"), ==, -1);
  g_assert_cmpint (lh_preset_store_find (store, "user:Balanced"), ==, -1);
  g_assert_cmpint (lh_preset_store_find (store, ""), ==, -1);
}

static void
test_round_trip (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(LhPresetStore) store = lh_preset_store_new (settings);
  g_autoptr(LhPresetStore) other = lh_preset_store_new (settings);
  g_autoptr(LhPresetStore) reread = NULL;
  g_autoptr(LhPreset) mine = make_preset ("Mine", 1234);
  g_autoptr(LhPreset) snake = lh_preset_copy (lh_preset_find_builtin ("snake"));
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) stored = NULL;
  LhHeuristicParams changed;
  guint n = n_builtin ();
  guint changes = 0, other_changes = 0;
  int index;

  g_signal_connect (store, "changed", G_CALLBACK (count_cb), &changes);
  g_signal_connect (other, "changed", G_CALLBACK (count_cb), &other_changes);

  /* Add: the copy of a built-in preset loses its id and becomes the user's. */
  index = lh_preset_store_add (store, mine, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, (int) n);
  g_free (snake->name);
  snake->name = g_strdup ("  My snake ");  /* surrounding white space is dropped */
  index = lh_preset_store_add (store, snake, &error);
  g_assert_no_error (error);
  g_assert_cmpint (index, ==, (int) n + 1);
  g_assert_cmpuint (changes, ==, 2);
  g_assert_cmpuint (other_changes, ==, 2);
  g_assert_cmpstr (lh_preset_store_get_preset (store, n + 1)->name, ==, "My snake");
  g_assert_null (lh_preset_store_get_preset (store, n + 1)->id);
  g_assert_false (lh_preset_store_is_builtin (store, n + 1));
  {
    g_autofree char *key = lh_preset_store_get_key (store, n + 1);
    g_assert_cmpstr (key, ==, "user:My snake");
    g_assert_cmpint (lh_preset_store_find (store, key), ==, (int) n + 1);
    g_assert_cmpint (lh_preset_store_find (other, key), ==, (int) n + 1);
  }
  g_assert_cmpfloat (lh_preset_store_get_preset (store, n)->heuristic.empty_weight, ==, 1234);
  g_assert_true (memcmp (&lh_preset_store_get_preset (store, n + 1)->heuristic,
                         &lh_preset_find_builtin ("snake")->heuristic,
                         sizeof (LhHeuristicParams)) == 0);
  assert_same_presets (store, other);

  /* Rename, replace, remove. */
  g_assert_true (lh_preset_store_rename (store, n, "Ours", &error));
  g_assert_no_error (error);
  g_assert_cmpint (lh_preset_store_find (store, "user:Mine"), ==, -1);
  g_assert_cmpint (lh_preset_store_find (store, "user:Ours"), ==, (int) n);
  g_assert_cmpint (lh_preset_store_find (other, "user:Ours"), ==, (int) n);

  changed = lh_preset_store_get_preset (store, n + 1)->heuristic;
  changed.snake_base = 3.5;
  changed.merges_weight = 42;
  g_assert_true (lh_preset_store_replace (store, n + 1, &changed, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (lh_preset_store_get_preset (other, n + 1)->heuristic.snake_base, ==, 3.5);
  g_assert_cmpuint (changes, ==, 4);
  g_assert_cmpuint (other_changes, ==, 4);

  {
    g_autoptr(LhPreset) third = make_preset ("Third", 10);
    g_assert_cmpint (lh_preset_store_add (store, third, &error), ==, (int) n + 2);
    g_assert_no_error (error);
  }
  g_assert_true (lh_preset_store_remove (store, n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n + 2);
  g_assert_cmpstr (lh_preset_store_get_preset (store, n)->name, ==, "My snake");
  g_assert_cmpstr (lh_preset_store_get_preset (store, n + 1)->name, ==, "Third");
  assert_same_presets (store, other);

  /* The key holds one preset file per entry, in order. */
  stored = g_settings_get_strv (settings, "user-presets");
  g_assert_cmpuint (g_strv_length (stored), ==, 2);
  {
    g_autoptr(LhPreset) first = lh_preset_load_data (stored[0], -1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (first->name, ==, "My snake");
    g_assert_cmpfloat (first->heuristic.merges_weight, ==, 42);
  }

  /* A new store reads the same presets back. */
  reread = lh_preset_store_new (settings);
  assert_same_presets (store, reread);

  /* A change made by another store is followed, and announced once. */
  changes = 0;
  g_assert_true (lh_preset_store_remove (other, n + 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n + 1);
  assert_same_presets (store, reread);
}

static void
test_names (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(LhPresetStore) store = lh_preset_store_new (settings);
  g_autoptr(LhPreset) mine = make_preset ("Mine", 500);
  g_autoptr(LhPreset) again = make_preset ("Mine", 600);
  g_autoptr(LhPreset) other = make_preset ("mine", 700);
  g_autoptr(LhPreset) builtin_name = NULL;
  g_autoptr(GError) error = NULL;
  const LhPreset *balanced = lh_preset_find_builtin ("balanced");
  guint n = n_builtin ();
  LhHeuristicParams params = balanced->heuristic;
  guint changes = 0;
  g_autofree char *unique = NULL;

  g_assert_cmpint (lh_preset_store_add (store, mine, &error), ==, (int) n);
  g_assert_no_error (error);
  g_signal_connect (store, "changed", G_CALLBACK (count_cb), &changes);

  /* A taken name, a built-in name. */
  g_assert_cmpint (lh_preset_store_add (store, again, &error), ==, -1);
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Mine"));
  g_clear_error (&error);
  builtin_name = make_preset (balanced->name, 1);
  g_assert_cmpint (lh_preset_store_add (store, builtin_name, &error), ==, -1);
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, balanced->name));
  g_clear_error (&error);
  /* Names are compared exactly: another case is another name. */
  g_assert_cmpint (lh_preset_store_add (store, other, &error), ==, (int) n + 1);
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);

  /* Renaming onto a taken or built-in name, or to nothing. */
  g_assert_false (lh_preset_store_rename (store, n + 1, "Mine", &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (lh_preset_store_rename (store, n + 1, balanced->name, &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (lh_preset_store_rename (store, n + 1, "   ", &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_clear_error (&error);
  /* Renaming to its own name changes nothing and is no error. */
  g_assert_true (lh_preset_store_rename (store, n + 1, "mine", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);

  /* Built-in presets are protected; the message names the preset. */
  g_assert_false (lh_preset_store_rename (store, 0, "Renamed", &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, balanced->name));
  g_clear_error (&error);
  g_assert_false (lh_preset_store_replace (store, 0, &params, &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, balanced->name));
  g_clear_error (&error);
  g_assert_false (lh_preset_store_remove (store, 0, &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, balanced->name));
  g_clear_error (&error);

  /* Invalid parameters are refused, naming the preset. */
  params.snake_base = 0.5;
  g_assert_false (lh_preset_store_replace (store, n, &params, &error));
  g_assert_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Mine"));
  g_clear_error (&error);
  g_assert_cmpfloat (lh_preset_store_get_preset (store, n)->heuristic.empty_weight, ==, 500);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n + 2);

  /* Unique names for "Save as" and imports. */
  unique = lh_preset_store_unique_name (store, "Mine");
  g_assert_cmpstr (unique, ==, "Mine 2");
  g_clear_pointer (&unique, g_free);
  unique = lh_preset_store_unique_name (store, "Fresh");
  g_assert_cmpstr (unique, ==, "Fresh");
  g_clear_pointer (&unique, g_free);
  {
    g_autoptr(LhPreset) two = make_preset ("Mine 2", 1);
    g_assert_cmpint (lh_preset_store_add (store, two, &error), >=, 0);
    g_assert_no_error (error);
  }
  unique = lh_preset_store_unique_name (store, "Mine");
  g_assert_cmpstr (unique, ==, "Mine 3");
  g_clear_pointer (&unique, g_free);
  unique = lh_preset_store_unique_name (store, balanced->name);
  g_assert_cmpstr (unique, !=, balanced->name);
  g_assert_true (g_str_has_prefix (unique, balanced->name));
  g_clear_pointer (&unique, g_free);
  {
    /* A long name stays within the limit with its number. */
    g_autofree char *longest = g_strnfill (LH_PRESET_MAX_NAME, 'x');
    g_autoptr(LhPreset) full = make_preset (longest, 1);

    g_assert_cmpint (lh_preset_store_add (store, full, &error), >=, 0);
    g_assert_no_error (error);
    unique = lh_preset_store_unique_name (store, longest);
    g_assert_cmpint (g_utf8_strlen (unique, -1), <=, LH_PRESET_MAX_NAME);
    g_assert_true (g_str_has_suffix (unique, " 2"));
    g_assert_true (lh_preset_check_name (unique, NULL));
  }
}

static void
test_damaged_entry_kept (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(LhPresetStore) store = NULL;
  g_autoptr(LhPreset) first = make_preset ("First", 100);
  g_autoptr(LhPreset) second = make_preset ("Second", 200);
  g_autoptr(LhPreset) added = make_preset ("Added", 300);
  g_autofree char *first_data = lh_preset_to_data (first);
  g_autofree char *second_data = lh_preset_to_data (second);
  const char *damaged = "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"Broken\", "
                        "\"heuristic\": {\"no_such_weight\": 3}}";
  const char *entries[] = { first_data, "{not json", damaged, second_data, first_data, NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) stored = NULL;
  guint n = n_builtin ();

  g_assert_true (g_settings_set_strv (settings, "user-presets", entries));

  /* Two damaged entries and one that repeats a name: skipped with warnings. */
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*user preset 2*");
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*user preset 3*no_such_weight*");
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*user preset 5*First*taken*");
  store = lh_preset_store_new (settings);
  g_test_assert_expected_messages ();

  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n + 2);
  g_assert_cmpstr (lh_preset_store_get_preset (store, n)->name, ==, "First");
  g_assert_cmpstr (lh_preset_store_get_preset (store, n + 1)->name, ==, "Second");
  g_assert_cmpint (lh_preset_store_find (store, "user:Broken"), ==, -1);

  /* Writing back keeps the skipped entries, in their places. */
  g_assert_cmpint (lh_preset_store_add (store, added, &error), ==, (int) n + 2);
  g_assert_no_error (error);
  g_assert_true (lh_preset_store_remove (store, n, &error));
  g_assert_no_error (error);
  stored = g_settings_get_strv (settings, "user-presets");
  g_assert_cmpuint (g_strv_length (stored), ==, 5);
  g_assert_cmpstr (stored[0], ==, "{not json");
  g_assert_cmpstr (stored[1], ==, damaged);
  g_assert_cmpstr (stored[3], ==, first_data);
  {
    g_autoptr(LhPreset) p = lh_preset_load_data (stored[4], -1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (p->name, ==, "Added");
  }
  /* With the first "First" gone, the repeated one is offered again, after
   * Second as its place in the key says. */
  g_assert_cmpuint (lh_preset_store_get_n_presets (store), ==, n + 3);
  g_assert_cmpstr (lh_preset_store_get_preset (store, n)->name, ==, "Second");
  g_assert_cmpstr (lh_preset_store_get_preset (store, n + 1)->name, ==, "First");
  g_assert_cmpstr (lh_preset_store_get_preset (store, n + 2)->name, ==, "Added");
}

int
main (int argc, char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/preset-store/builtin-and-keys", test_builtin_and_keys);
  g_test_add_func ("/preset-store/round-trip", test_round_trip);
  g_test_add_func ("/preset-store/names", test_names);
  g_test_add_func ("/preset-store/damaged-entry-kept", test_damaged_entry_kept);
  return g_test_run ();
}
