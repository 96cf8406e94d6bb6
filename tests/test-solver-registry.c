/* test-solver-registry.c: the table of solvers (lh-solver-registry.h): one
 * consistent entry per kind, names that round-trip, the shared parameters'
 * flags and the playout parameters they point at, the GSettings schema's
 * "solver" choices equal to the registry's names (so the window and the CLI
 * offer the same solvers), each solver's own parameters (lh-solver-param.h)
 * against lh_solver_params_init_default() and the schema's keys, and a
 * search through every entry point. */
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-solver.h"
#include "lh-solver-registry.h"
#include "lh-mcts.h"
#include "lh-playout.h"
#include "lh-test-util.h"

static void
test_entries (void)
{
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverInfo *info = lh_solver_info_get ((LhSolverKind) k);
      LhSolverKind back;

      g_assert_cmpint (info->kind, ==, k);
      g_assert_nonnull (info->search);
      g_assert_cmpstr (info->name, !=, "");
      g_assert_cmpstr (info->label, !=, "");
      g_assert_cmpstr (info->description, !=, "");
      g_assert_cmpstr (lh_solver_kind_to_string ((LhSolverKind) k), ==, info->name);
      g_assert_cmpstr (lh_solver_kind_get_label ((LhSolverKind) k), ==, info->label);
      g_assert_true (lh_solver_kind_from_string (info->name, &back));
      g_assert_cmpint (back, ==, k);
      for (guint j = 0; j < k; j++)
        g_assert_cmpstr (lh_solver_info_get ((LhSolverKind) j)->name, !=, info->name);

      /* The window's adaptive rows and the time budget's row need a depth. */
      if (info->uses & LH_SOLVER_USES_ADAPTIVE_ROW)
        g_assert_true (info->uses & LH_SOLVER_USES_DEPTH);
      /* Threads either split the root or spread playouts. */
      g_assert_false ((info->uses & LH_SOLVER_USES_ROOT_THREADS)
                      && (info->uses & LH_SOLVER_USES_PLAYOUTS));
    }
  g_assert_false (lh_solver_kind_from_string ("none", &(LhSolverKind) { 0 }));
  g_assert_false (lh_solver_kind_from_string (NULL, &(LhSolverKind) { 0 }));
}

static void
test_masks (void)
{
  g_assert_cmpuint (lh_solver_kinds_using (0), ==, (1u << LH_N_SOLVERS) - 1);
  for (guint bit = 1; bit <= LH_SOLVER_USES_TRACE_SCRATCH; bit <<= 1)
    for (guint k = 0; k < LH_N_SOLVERS; k++)
      g_assert_cmpint (!!(lh_solver_kinds_using (bit) & (1u << k)), ==,
                       lh_solver_kind_uses ((LhSolverKind) k, bit));
  /* What the window and the CLI offered before the registry. */
  g_assert_cmpuint (lh_solver_kinds_using (LH_SOLVER_USES_DEPTH), ==,
                    (1u << LH_SOLVER_EXPECTIMAX) | (1u << LH_SOLVER_HYBRID));
  g_assert_cmpuint (lh_solver_kinds_using (LH_SOLVER_USES_TIME_BUDGET), ==,
                    (1u << LH_SOLVER_EXPECTIMAX) | (1u << LH_SOLVER_HYBRID) | (1u << LH_SOLVER_MCTS));
  g_assert_cmpuint (lh_solver_kinds_using (LH_SOLVER_USES_PLAYOUTS), ==,
                    ((1u << LH_N_SOLVERS) - 1) & ~(1u << LH_SOLVER_EXPECTIMAX) & ~(1u << LH_SOLVER_EXACT));
}

/* Expectimax's evaluations and Bellman weightings, as the options name them. */
static const char *
evaluation_name (int evaluation)
{
  return evaluation == LH_EVALUATION_BELLMAN ? "bellman" : "heuristic";
}

static const char *
weighting_name (int weighting)
{
  return weighting == LH_BELLMAN_CORNER ? "corner" : "plain";
}

/* The exact solver's objectives, as --objective and "exact-objective" name them. */
static const char *
objective_name (int objective)
{
  return objective == LH_EXACT_OBJECTIVE_TILE ? "tile" : "score";
}

/* Each solver's playout parameters are the registry's, inside the params. */
static void
test_playouts (void)
{
  LhSolverParams params;

  lh_solver_params_init_default (&params);
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverInfo *info = lh_solver_info_get ((LhSolverKind) k);
      const LhPlayoutParams *playout = lh_solver_params_get_playout (&params, (LhSolverKind) k);

      if (!(info->uses & LH_SOLVER_USES_PLAYOUTS))
        {
          g_assert_null (playout);
          g_assert_cmpuint (info->playout_offset, ==, 0);
          continue;
        }
      g_assert_cmpuint (info->playout_offset, >, 0);
      g_assert_cmpuint (info->playout_offset + sizeof *playout, <=, sizeof params);
      g_assert_true ((const char *) playout == (const char *) &params + info->playout_offset);
    }
  g_assert_true (lh_solver_params_get_playout (&params, LH_SOLVER_MCTS) == &params.mcts.playout);
  g_assert_true (lh_solver_params_get_playout (&params, LH_SOLVER_MONTE_CARLO) == &params.monte_carlo.playout);
  g_assert_true (lh_solver_params_get_playout (&params, LH_SOLVER_MDP_MONTE_CARLO) == &params.mdp.playout);
  g_assert_true (lh_solver_params_get_playout (&params, LH_SOLVER_HYBRID) == &params.hybrid.playout);
}

/* The compiled schema of GSETTINGS_SCHEMA_DIR; NULL (the test skipped)
 * without it. */
static GSettingsSchema *
load_schema (void)
{
  const char *dir = g_getenv ("GSETTINGS_SCHEMA_DIR");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  GSettingsSchema *schema;

  if (dir == NULL)
    {
      g_test_skip ("GSETTINGS_SCHEMA_DIR is not set");
      return NULL;
    }
  source = g_settings_schema_source_new_from_directory (dir, NULL, FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.lookahead.Lookahead", FALSE);
  g_assert_nonnull (schema);
  return schema;
}

/* The schema's "solver" key offers the registry's names, in kind order,
 * and defaults to lh_solver_params_init_default()'s kind. */
static void
test_schema_choices (void)
{
  g_autoptr(GSettingsSchema) schema = load_schema ();
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) choices = NULL;
  g_autoptr(GVariant) def = NULL;
  const char *type;
  LhSolverParams params;

  if (schema == NULL)
    return;
  key = g_settings_schema_get_key (schema, "solver");
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &type, &choices);
  g_assert_cmpstr (type, ==, "enum");
  g_assert_cmpuint (g_variant_n_children (choices), ==, LH_N_SOLVERS);
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      g_autoptr(GVariant) choice = g_variant_get_child_value (choices, k);

      g_assert_cmpstr (g_variant_get_string (choice, NULL), ==,
                       lh_solver_info_get ((LhSolverKind) k)->name);
    }
  lh_solver_params_init_default (&params);
  def = g_settings_schema_key_get_default_value (key);
  g_assert_cmpstr (g_variant_get_string (def, NULL), ==, lh_solver_kind_to_string (params.kind));
}

/* Each solver's own parameters (lh-solver-param.h): grouped by solver in
 * kind order, names unique per solver, fields inside LhSolverParams (the
 * playouts' inside the solver's LhPlayoutParams), choices equal to the
 * enums' names, defaults equal to lh_solver_params_init_default()'s. */
static void
test_params (void)
{
  guint n_params;
  const LhSolverParamInfo *list = lh_solver_param_list (&n_params);
  LhSolverParams defaults;

  lh_solver_params_init_default (&defaults);
  g_assert_cmpuint (n_params, >, 0);
  for (guint i = 0; i < n_params; i++)
    {
      const LhSolverParamInfo *info = &list[i];
      const LhSolverInfo *solver = lh_solver_info_get (info->kind);

      g_test_message ("parameter %s of %s", info->name, solver->name);
      g_assert_cmpuint (info->kind, <, LH_N_SOLVERS);
      if (i > 0)
        g_assert_cmpuint (list[i - 1].kind, <=, info->kind);
      g_assert_true (lh_solver_param_find (info->kind, info->name) == info);
      g_assert_null (strchr (info->name, '-'));
      g_assert_true (lh_solver_param_kinds (info->name) & (1u << info->kind));
      /* One CLI option for all the parameters of a name: one type, one set
       * of choices. */
      for (guint j = 0; j < i; j++)
        if (g_str_equal (list[j].name, info->name))
          {
            g_assert_cmpint (list[j].type, ==, info->type);
            g_assert_true (list[j].choices == info->choices);
          }
      g_assert_cmpstr (info->label, !=, "");
      g_assert_cmpstr (info->description, !=, "");
      g_assert_cmpstr (info->list_label, !=, "");
      g_assert_cmpuint (info->offset, >=, G_STRUCT_OFFSET (LhSolverParams, expectimax));
      g_assert_cmpuint (info->offset, <, G_STRUCT_OFFSET (LhSolverParams, tree));
      g_assert_cmpfloat (info->min, <=, info->default_value);
      g_assert_cmpfloat (info->default_value, <=, info->max);
      g_assert_cmpfloat (lh_solver_param_get (info, &defaults), ==, info->default_value);
      if (info->slider_max > 0)
        g_assert_cmpfloat (info->slider_max, <=, info->max);
      if (info->enabled_by != NULL)
        {
          const LhSolverParamInfo *other = NULL;

          for (guint j = 0; j < n_params; j++)
            if (g_strcmp0 (list[j].key, info->enabled_by) == 0)
              other = &list[j];
          g_assert_nonnull (other);
          g_assert_cmpint (other->type, ==, LH_SOLVER_PARAM_BOOL);
          g_assert_cmpint (other->kind, ==, info->kind);
        }

      if (info->type == LH_SOLVER_PARAM_CHOICE)
        {
          guint n = lh_solver_param_n_choices (info);
          const char *(*to_string) (int) = NULL;

          g_assert_cmpuint (n, >, 1);
          g_assert_cmpfloat (info->max, ==, n - 1);
          g_assert_cmpuint (g_strv_length ((char **) info->choice_labels), ==, n);
          if (g_str_equal (info->name, "policy"))
            to_string = (const char *(*) (int)) lh_playout_policy_to_string;
          else if (g_str_equal (info->name, "measure"))
            to_string = (const char *(*) (int)) lh_measure_to_string;
          else if (g_str_equal (info->name, "final"))
            to_string = (const char *(*) (int)) lh_final_move_to_string;
          else if (g_str_equal (info->name, "objective"))
            to_string = objective_name;
          else if (g_str_equal (info->name, "evaluation"))
            to_string = evaluation_name;
          else if (g_str_equal (info->name, "weighting"))
            to_string = weighting_name;
          else if (g_str_equal (info->name, "spawns"))
            to_string = (const char *(*) (int)) lh_exact_spawns_to_string;
          else if (g_str_equal (info->name, "loss"))
            to_string = (const char *(*) (int)) lh_exact_loss_to_string;
          g_assert_nonnull (to_string);
          for (guint c = 0; c < n; c++)
            {
              guint back = G_MAXUINT;

              g_assert_cmpstr (info->choices[c], ==, to_string ((int) c));
              g_assert_true (lh_solver_param_choice_from_string (info, info->choices[c], &back));
              g_assert_cmpuint (back, ==, c);
            }
          g_assert_false (lh_solver_param_choice_from_string (info, "no-such-choice", &(guint) { 0 }));
        }
      else
        g_assert_cmpuint (lh_solver_param_n_choices (info), ==, 0);

      /* Set and get round-trip, and touch the field only. */
      {
        LhSolverParams changed = defaults;
        double value = info->type == LH_SOLVER_PARAM_REAL ? (info->min + info->max) / 2
                       : info->default_value != info->max ? info->max : info->min;

        lh_solver_param_set (info, &changed, value);
        g_assert_cmpfloat (lh_solver_param_get (info, &changed), ==, value);
        lh_solver_param_set (info, &changed, info->default_value);
        g_assert_cmpmem (&changed, sizeof changed, &defaults, sizeof defaults);
      }
    }

  /* Every solver with playouts has its four playout parameters, in its
   * LhPlayoutParams; a solver without has none. */
  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverInfo *solver = lh_solver_info_get ((LhSolverKind) k);
      static const struct { const char *name; gsize offset; } fields[] = {
        { "playout_depth", G_STRUCT_OFFSET (LhPlayoutParams, max_moves) },
        { "discount", G_STRUCT_OFFSET (LhPlayoutParams, discount) },
        { "policy", G_STRUCT_OFFSET (LhPlayoutParams, policy) },
        { "measure", G_STRUCT_OFFSET (LhPlayoutParams, measure) },
      };

      for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
        {
          const LhSolverParamInfo *info = lh_solver_param_find ((LhSolverKind) k, fields[f].name);

          if (!(solver->uses & LH_SOLVER_USES_PLAYOUTS))
            {
              /* Expectimax's "discount" is its Bellman search's, the exact
               * solver's its score objective's. */
              if (k == LH_SOLVER_EXACT && g_str_equal (fields[f].name, "discount"))
                g_assert_cmpuint (info->offset, ==, G_STRUCT_OFFSET (LhSolverParams, exact.discount));
              else if (k == LH_SOLVER_EXPECTIMAX && g_str_equal (fields[f].name, "discount"))
                g_assert_cmpuint (info->offset, ==, G_STRUCT_OFFSET (LhSolverParams, expectimax.discount));
              else
                g_assert_null (info);
              continue;
            }
          g_assert_nonnull (info);
          g_assert_cmpuint (info->offset, ==, solver->playout_offset + fields[f].offset);
        }
    }
  g_assert_null (lh_solver_param_find (LH_SOLVER_MCTS, "depth"));
  g_assert_cmpuint (lh_solver_param_kinds ("playout-depth"), ==,
                    lh_solver_kinds_using (LH_SOLVER_USES_PLAYOUTS));
  g_assert_cmpuint (lh_solver_param_kinds ("playouts"), ==,
                    (1u << LH_SOLVER_MONTE_CARLO) | (1u << LH_SOLVER_HYBRID));
  g_assert_cmpuint (lh_solver_param_kinds ("no-such"), ==, 0);
}

/* Each parameter's GSettings key is in the compiled schema with the
 * parameter's type, range (or choices) and default. */
static void
test_params_schema (void)
{
  g_autoptr(GSettingsSchema) schema = load_schema ();
  guint n_params;
  const LhSolverParamInfo *list = lh_solver_param_list (&n_params);
  guint n_keys = 0;

  if (schema == NULL)
    return;
  for (guint i = 0; i < n_params; i++)
    {
      const LhSolverParamInfo *info = &list[i];
      g_autoptr(GSettingsSchemaKey) key = NULL;
      g_autoptr(GVariant) range = NULL;
      g_autoptr(GVariant) bounds = NULL;
      g_autoptr(GVariant) def = NULL;
      const char *range_type;

      if (info->key == NULL)
        continue;
      n_keys++;
      g_test_message ("key %s", info->key);
      g_assert_true (g_settings_schema_has_key (schema, info->key));
      key = g_settings_schema_get_key (schema, info->key);
      range = g_settings_schema_key_get_range (key);
      def = g_settings_schema_key_get_default_value (key);
      g_variant_get (range, "(&sv)", &range_type, &bounds);
      switch (info->type)
        {
        case LH_SOLVER_PARAM_UINT:
          {
            guint32 lo, hi;

            g_assert_cmpstr (range_type, ==, "range");
            g_variant_get (bounds, "(uu)", &lo, &hi);
            g_assert_cmpfloat (lo, ==, info->min);
            g_assert_cmpfloat (hi, ==, info->max);
            g_assert_cmpfloat (g_variant_get_uint32 (def), ==, info->default_value);
          }
          break;
        case LH_SOLVER_PARAM_REAL:
          {
            double lo, hi;

            g_assert_cmpstr (range_type, ==, "range");
            g_variant_get (bounds, "(dd)", &lo, &hi);
            g_assert_cmpfloat (lo, ==, info->min);
            g_assert_cmpfloat (hi, ==, info->max);
            g_assert_cmpfloat (g_variant_get_double (def), ==, info->default_value);
          }
          break;
        case LH_SOLVER_PARAM_BOOL:
          g_assert_true (g_variant_is_of_type (def, G_VARIANT_TYPE_BOOLEAN));
          g_assert_cmpfloat (g_variant_get_boolean (def) ? 1 : 0, ==, info->default_value);
          break;
        case LH_SOLVER_PARAM_CHOICE:
        default:
          g_assert_cmpstr (range_type, ==, "enum");
          g_assert_cmpuint (g_variant_n_children (bounds), ==, lh_solver_param_n_choices (info));
          for (guint c = 0; c < lh_solver_param_n_choices (info); c++)
            {
              g_autoptr(GVariant) choice = g_variant_get_child_value (bounds, c);

              g_assert_cmpstr (g_variant_get_string (choice, NULL), ==, info->choices[c]);
            }
          g_assert_cmpstr (g_variant_get_string (def, NULL), ==,
                           info->choices[(guint) info->default_value]);
          break;
        }
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (list[j].key, !=, info->key);
    }
  g_assert_cmpuint (n_keys, >, 0);
}

/* The CLI takes each solver's own parameters from the same descriptors:
 * `analyze --help` offers an option for every parameter's name, and
 * giving it to expectimax (which has none of its own) names as its
 * solvers exactly the ones with a parameter of that name.  (That each of
 * the CLI's options of solvers' own parameters has parameters of its
 * value's type, lh-cli-options.c asserts whenever it builds its options.) */
static void
test_params_cli (void)
{
  const char *cli = g_getenv ("LOOKAHEAD_CLI");
  g_autofree char *help = NULL;
  guint n_params;
  const LhSolverParamInfo *list = lh_solver_param_list (&n_params);
  g_autoptr(GError) error = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("LOOKAHEAD_CLI is not set");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) cli, "analyze", "--help", NULL }, NULL,
                               G_SPAWN_DEFAULT, NULL, NULL, &help, NULL, &status, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_params; i++)
    {
      const LhSolverParamInfo *info = &list[i];
      g_autofree char *option = g_strdelimit (g_strconcat ("--", info->name, NULL), "_", '-');
      g_autofree char *with_space = g_strconcat (option, " ", NULL);
      g_autofree char *with_eq = g_strconcat (option, "=", NULL);
      g_autofree char *err = NULL;
      g_autoptr(GString) kinds = g_string_new (NULL);
      g_autofree char *expected = NULL;
      guint mask = lh_solver_param_kinds (info->name);
      const char *value = info->type == LH_SOLVER_PARAM_CHOICE ? info->choices[0] : "1";
      guint refuser;

      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= g_str_equal (list[j].name, info->name);
      if (seen)
        continue;  /* checked with an earlier solver's */
      g_test_message ("option %s", option);
      g_assert_true (strstr (help, with_space) != NULL || strstr (help, with_eq) != NULL);

      for (guint k = 0; k < LH_N_SOLVERS; k++)
        if (mask & (1u << k))
          g_string_append_printf (kinds, "%s%s", kinds->len > 0 ? ", " : "",
                                  lh_solver_kind_to_string ((LhSolverKind) k));
      /* A solver without the parameter refuses the option. */
      for (refuser = 0; refuser < LH_N_SOLVERS && (mask & (1u << refuser)); refuser++)
        ;
      if (refuser == LH_N_SOLVERS)
        continue;  /* every solver has it (--discount) */
      expected = g_strdup_printf ("%s is not an option of the %s solver (only of %s)",
                                  option, lh_solver_kind_to_string ((LhSolverKind) refuser), kinds->str);
      g_assert_true (g_spawn_sync (NULL, (char *[]) {
                                     (char *) cli, "analyze", "--solver",
                                     (char *) lh_solver_kind_to_string ((LhSolverKind) refuser), "--board",
                                     "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 2", option,
                                     info->type == LH_SOLVER_PARAM_BOOL ? NULL : (char *) value,
                                     NULL },
                                   NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_false (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (err, expected));
    }
}

/* lh_solver_search() reaches every entry point: a small search of each kind
 * decides a legal move. */
static void
test_dispatch (void)
{
  static const guint values[] = { 2, 4, 8, 16, 0, 0, 4, 2, 0, 0, 0, 2, 0, 0, 0, 0 };
  LhBoard board = lh_test_board_from_values (4, 4, values);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhSolver) solver = NULL;
      LhSolverParams params;
      LhSolverResult result;

      lh_solver_params_init_default (&params);
      params.kind = (LhSolverKind) k;
      params.depth = 2;
      params.mcts.iterations = 50;
      params.monte_carlo.playouts = 5;
      for (guint t = 0; t < 4; t++)
        params.mdp.theta[t] = 2;
      params.hybrid.playouts = 2;
      solver = lh_solver_new (&params, &error);
      g_assert_no_error (error);
      if (k == LH_SOLVER_EXACT)
        {
          /* Perfect play refuses 4x4 and plays 2x3 (solved into the
           * isolated cache directory). */
          g_assert_false (lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL,
                                            &result, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
          g_clear_error (&error);
          g_assert_true (lh_solver_search (solver, 0x00200421ULL,
                                           (LhGeometry) { 2, 3 }, NULL, NULL, NULL, &result, &error));
        }
      else
        g_assert_true (lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL,
                                         &result, &error));
      g_assert_no_error (error);
      g_assert_cmpint (result.move, >=, 0);
      g_assert_cmpint (result.move, <, LH_N_MOVES);
      g_assert_true (result.legal[result.move]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func ("/solver-registry/entries", test_entries);
  g_test_add_func ("/solver-registry/masks", test_masks);
  g_test_add_func ("/solver-registry/playouts", test_playouts);
  g_test_add_func ("/solver-registry/schema-choices", test_schema_choices);
  g_test_add_func ("/solver-registry/params", test_params);
  g_test_add_func ("/solver-registry/params-schema", test_params_schema);
  g_test_add_func ("/solver-registry/params-cli", test_params_cli);
  g_test_add_func ("/solver-registry/dispatch", test_dispatch);
  return g_test_run ();
}
