/* test-solver-registry.c: the table of solvers (lh-solver-registry.h): one
 * consistent entry per kind, names that round-trip, the shared parameters'
 * flags and the playout parameters they point at, the GSettings schema's
 * "solver" choices equal to the registry's names (so the window and the CLI
 * offer the same solvers), and a search through every entry point. */
#include <string.h>
#include <gio/gio.h>

#include "lh-board.h"
#include "lh-solver.h"
#include "lh-solver-registry.h"
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
                    ((1u << LH_N_SOLVERS) - 1) & ~(1u << LH_SOLVER_EXPECTIMAX));
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

/* The schema's "solver" key offers the registry's names, in kind order,
 * and defaults to lh_solver_params_init_default()'s kind. */
static void
test_schema_choices (void)
{
  const char *dir = g_getenv ("GSETTINGS_SCHEMA_DIR");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) choices = NULL;
  g_autoptr(GVariant) def = NULL;
  const char *type;
  LhSolverParams params;

  if (dir == NULL)
    {
      g_test_skip ("GSETTINGS_SCHEMA_DIR is not set");
      return;
    }
  source = g_settings_schema_source_new_from_directory (dir, NULL, FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.lookahead.Lookahead", FALSE);
  g_assert_nonnull (schema);
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
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solver-registry/entries", test_entries);
  g_test_add_func ("/solver-registry/masks", test_masks);
  g_test_add_func ("/solver-registry/playouts", test_playouts);
  g_test_add_func ("/solver-registry/schema-choices", test_schema_choices);
  g_test_add_func ("/solver-registry/dispatch", test_dispatch);
  return g_test_run ();
}
