/* test-preset.c: presets (lh-preset.h): the built-in presets, the JSON file
 * form's round trip, rejection of bad files with the key named, and a board
 * on which two presets choose different moves. */
#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lh-board-text.h"
#include "lh-preset.h"
#include "lh-solver.h"
#include "lh-test-util.h"

static void
assert_params_equal (const LhHeuristicParams *a, const LhHeuristicParams *b)
{
  guint n;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n);

  for (guint i = 0; i < n; i++)
    if (lh_heuristic_params_get (a, &list[i]) != lh_heuristic_params_get (b, &list[i]))
      g_error ("%s: %.17g != %.17g", list[i].key, lh_heuristic_params_get (a, &list[i]),
               lh_heuristic_params_get (b, &list[i]));
}

static void
test_builtin (void)
{
  guint n;
  const LhPreset *list = lh_preset_get_builtin (&n);
  LhHeuristicParams def;

  g_assert_cmpuint (n, ==, 5);
  lh_heuristic_params_init_default (&def);
  g_assert_cmpstr (list[0].id, ==, "balanced");
  assert_params_equal (&list[0].heuristic, &def);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (lh_preset_find_builtin (list[i].id) == &list[i]);
      g_assert_true (lh_heuristic_params_validate (&list[i].heuristic, NULL));
      g_assert_true (lh_preset_check_name (list[i].name, NULL));
      g_assert_nonnull (list[i].description);
      for (guint j = 0; j < i; j++)
        g_assert_true (memcmp (&list[i].heuristic, &list[j].heuristic, sizeof def) != 0);
    }
  g_assert_null (lh_preset_find_builtin ("no-such-preset"));

  /* The nneonneo-style values. */
  {
    const LhPreset *nn = lh_preset_find_builtin ("nneonneo");

    g_assert_cmpfloat (nn->heuristic.monotonicity_power, ==, 4);
    g_assert_cmpfloat (nn->heuristic.monotonicity_weight, ==, 47);
    g_assert_cmpfloat (nn->heuristic.sum_power, ==, 3.5);
    g_assert_cmpfloat (nn->heuristic.sum_weight, ==, 11);
    g_assert_cmpfloat (nn->heuristic.merges_weight, ==, 700);
    g_assert_cmpfloat (nn->heuristic.empty_weight, ==, 270);
    g_assert_cmpfloat (nn->heuristic.game_over_penalty, ==, 200000);
  }
  g_assert_cmpfloat (lh_preset_find_builtin ("snake")->heuristic.snake_weight, >, 0);
  g_assert_cmpfloat (lh_preset_find_builtin ("weight-matrix")->heuristic.gradient_weight, >, 0);
  g_assert_cmpfloat (lh_preset_find_builtin ("weight-matrix")->heuristic.neighbour_diff_weight, >, 0);
  g_assert_cmpfloat (lh_preset_find_builtin ("corner")->heuristic.corner_weight, >, 0);
}

static void
test_round_trip (void)
{
  guint n;
  const LhPreset *list = lh_preset_get_builtin (&n);
  g_autofree char *dir = g_dir_make_tmp ("lh-preset-XXXXXX", NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *data = lh_preset_to_data (&list[i]);
      g_autoptr(LhPreset) back = NULL;
      g_autoptr(LhPreset) from_file = NULL;
      g_autofree char *path = g_build_filename (dir, "preset.json", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      back = lh_preset_load_data (data, -1, &error);
      g_assert_no_error (error);
      g_assert_null (back->id);   /* an exported built-in imports as a user preset */
      g_assert_cmpstr (back->name, ==, list[i].name);
      g_assert_cmpstr (back->description, ==, list[i].description);
      assert_params_equal (&back->heuristic, &list[i].heuristic);

      g_assert_true (lh_preset_save_file (&list[i], file, &error));
      g_assert_no_error (error);
      from_file = lh_preset_load_file (file, &error);
      g_assert_no_error (error);
      assert_params_equal (&from_file->heuristic, &list[i].heuristic);
      g_assert_true (g_file_delete (file, NULL, NULL));
    }

  /* Values that need all 17 digits survive. */
  {
    LhHeuristicParams p;
    g_autoptr(LhPreset) preset = NULL;
    g_autoptr(LhPreset) back = NULL;
    g_autofree char *data = NULL;

    lh_heuristic_params_init_default (&p);
    p.empty_weight = 1.0 / 3.0;
    p.snake_base = 1.0 + 1e-15;
    p.monotonicity_weight = -123456.789e3;
    preset = lh_preset_new ("Thirds \"quoted\" ✓", &p);
    data = lh_preset_to_data (preset);
    back = lh_preset_load_data (data, -1, NULL);
    g_assert_nonnull (back);
    g_assert_cmpstr (back->name, ==, "Thirds \"quoted\" ✓");
    assert_params_equal (&back->heuristic, &p);
  }
  g_assert_cmpint (g_remove (dir), ==, 0);
}

static void
test_missing_keys_take_balanced (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhPreset) preset = lh_preset_load_data (
    "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"Partial\","
    " \"heuristic\": {\"snake_weight\": 2, \"empty_weight\": 5}}", -1, &error);
  LhHeuristicParams expected;

  g_assert_no_error (error);
  lh_heuristic_params_init_default (&expected);
  expected.snake_weight = 2;
  expected.empty_weight = 5;
  assert_params_equal (&preset->heuristic, &expected);
  g_assert_null (preset->description);
}

/* Each bad file is rejected with @code and a message containing @needle. */
static void
test_rejection (void)
{
  static const struct {
    const char *json;
    int         code;
    const char *needle;
  } cases[] = {
    { "not json", LH_PRESET_ERROR_PARSE, "JSON" },
    { "[1, 2]", LH_PRESET_ERROR_PARSE, "object" },
    { "{\"version\": 1, \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_FORMAT, "lookahead-preset" },
    { "{\"format\": \"other\", \"version\": 1, \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_FORMAT, "lookahead-preset" },
    { "{\"format\": 3, \"version\": 1, \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "\"format\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 2, \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_FORMAT, "version 2" },
    { "{\"format\": \"lookahead-preset\", \"version\": \"1\", \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "\"version\"" },
    { "{\"format\": \"lookahead-preset\", \"name\": \"x\", \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "\"version\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "\"name\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"  \", \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "empty" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\"}", LH_PRESET_ERROR_INVALID, "\"heuristic\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"A\\nB\", \"heuristic\": {}}", LH_PRESET_ERROR_INVALID, "control character" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": [1]}", LH_PRESET_ERROR_INVALID, "\"heuristic\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"empty_wieght\": 1}}", LH_PRESET_ERROR_INVALID, "empty_wieght" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"empty-weight\": 1}}", LH_PRESET_ERROR_INVALID, "empty-weight" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"sum_power\": 9}}", LH_PRESET_ERROR_INVALID, "sum_power = 9" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"snake_base\": 1}}", LH_PRESET_ERROR_INVALID, "snake_base" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"game_over_penalty\": -1}}", LH_PRESET_ERROR_INVALID, "game_over_penalty" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"merges_weight\": \"700\"}}", LH_PRESET_ERROR_INVALID, "merges_weight" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"merges_weight\": true}}", LH_PRESET_ERROR_INVALID, "merges_weight" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {\"merges_weight\": null}}", LH_PRESET_ERROR_INVALID, "merges_weight" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", \"heuristic\": {}, \"depth\": 3}", LH_PRESET_ERROR_INVALID, "\"depth\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhPreset) preset = lh_preset_load_data (cases[i].json, -1, &error);

      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(accepted)");
      g_assert_null (preset);
      g_assert_error (error, LH_PRESET_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }

  /* A file that cannot be read names the file. */
  {
    g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/dir/preset.json");
    g_autoptr(GError) error = NULL;

    g_assert_null (lh_preset_load_file (file, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_assert_nonnull (strstr (error->message, "/nonexistent/dir/preset.json"));
  }
}

/* An ASCII file whose JSON escapes make bytes that are not UTF-8: the
 * messages stay UTF-8 (the bytes quoted as \xNN, a long token cut short),
 * and a string that is not UTF-8 is refused. */
static void
test_rejection_not_utf8 (void)
{
  g_autofree char *long_key = g_strnfill (100000, 'k');
  g_autofree char *long_json = g_strdup_printf ("[\"%s\"x]", long_key);
  static const struct {
    const char *json;
    const char *needle;
  } cases[] = {
    /* json-glib reads "\200" as the byte 0x80 and quotes it in its message */
    { "[\"\\200\"x]", "\\x80" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", "
      "\"heuristic\": {\"\\200\\001\": 1}}", "unknown heuristic key \"\\x80\\x01\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", "
      "\"heuristic\": {}, \"\\377\": 1}", "unknown preset key \"\\xFF\"" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"a\\200\", "
      "\"heuristic\": {}}", "\"name\" is not valid UTF-8" },
    { "{\"format\": \"lookahead-preset\", \"version\": 1, \"name\": \"x\", "
      "\"description\": \"\\377\", \"heuristic\": {}}", "\"description\" is not valid UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhPreset) preset = lh_preset_load_data (cases[i].json, -1, &error);

      g_assert_null (preset);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_test_message ("case %u: %s", i, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
    }

  /* A 100 000-character token: the message stays short. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (lh_preset_load_data (long_json, -1, &error));
    g_assert_nonnull (error);
    g_assert_cmpuint (strlen (error->message), <, 1000);
  }
}

static int
best_move (const LhPreset *preset, LhBoard board, LhGeometry g)
{
  LhSolverParams params;
  LhSolverResult result;
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(GError) error = NULL;

  lh_solver_params_init_default (&params);
  params.heuristic = preset->heuristic;
  params.depth = 2;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  return result.move;
}

static void
test_presets_choose_differently (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board;
  g_autoptr(GError) error = NULL;

  /* At depth 2, Balanced moves left (two merges, more empty cells); Snake,
   * which only weighs tile values along its path from the top-left corner,
   * moves up. */
  g_assert_true (lh_board_parse ("32 0 0 0/64 8 0 0/2 16 2 2/4 4 0 0", &board, &g, &error));
  g_assert_no_error (error);
  g_assert_cmpint (best_move (lh_preset_find_builtin ("balanced"), board, g), ==, LH_MOVE_LEFT);
  g_assert_cmpint (best_move (lh_preset_find_builtin ("snake"), board, g), ==, LH_MOVE_UP);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/preset/builtin", test_builtin);
  g_test_add_func ("/preset/round-trip", test_round_trip);
  g_test_add_func ("/preset/missing-keys-take-balanced", test_missing_keys_take_balanced);
  g_test_add_func ("/preset/rejection", test_rejection);
  g_test_add_func ("/preset/rejection-not-utf8", test_rejection_not_utf8);
  g_test_add_func ("/preset/presets-choose-differently", test_presets_choose_differently);

  return g_test_run ();
}
