/* lh-solver-settings.c: solver parameters from GSettings (see lh-solver-settings.h). */
#include "lh-solver-settings.h"

#include "lh-solver-registry.h"

/* Every key of a shared parameter that changes a search; the solvers' own
 * are their LhSolverParamInfo's. */
static const char *const search_keys[] = {
  "solver", "ai-depth", "ai-adaptive", "ai-min-depth", "ai-cutoff", "ai-time-budget", "ai-threads",
  "solver-threads",
};

guint
lh_solver_settings_max_threads (void)
{
  return CLAMP (g_get_num_processors (), 1, LH_MAX_THREADS);
}

guint
lh_solver_settings_get_threads (GSettings *settings, LhSolverKind kind)
{
  guint max = lh_solver_settings_max_threads ();
  guint threads;

  if (!lh_solver_kind_uses (kind, LH_SOLVER_USES_ROOT_THREADS))
    return CLAMP (g_settings_get_uint (settings, "solver-threads"), 1, max);
  threads = g_settings_get_uint (settings, "ai-threads");
  return threads == 0 ? max : CLAMP (threads, 1, max);
}

LhSolverKind
lh_solver_settings_get_kind (GSettings *settings)
{
  g_autofree char *text = g_settings_get_string (settings, "solver");
  LhSolverKind kind = LH_SOLVER_EXPECTIMAX;

  lh_solver_kind_from_string (text, &kind);
  return kind;
}

/* Reads the key of @info into @params; a choice the schema would not
 * allow leaves the default. */
static void
read_param (GSettings *settings, const LhSolverParamInfo *info, LhSolverParams *params)
{
  switch (info->type)
    {
    case LH_SOLVER_PARAM_UINT:
      lh_solver_param_set (info, params, g_settings_get_uint (settings, info->key));
      break;
    case LH_SOLVER_PARAM_REAL:
      lh_solver_param_set (info, params, g_settings_get_double (settings, info->key));
      break;
    case LH_SOLVER_PARAM_BOOL:
      lh_solver_param_set (info, params, g_settings_get_boolean (settings, info->key));
      break;
    case LH_SOLVER_PARAM_CHOICE:
    default:
      {
        g_autofree char *text = g_settings_get_string (settings, info->key);
        guint index;

        if (lh_solver_param_choice_from_string (info, text, &index))
          lh_solver_param_set (info, params, index);
      }
      break;
    }
}

void
lh_solver_settings_read (GSettings               *s,
                         const LhHeuristicParams *heuristic,
                         LhSolverParams          *params)
{
  gboolean timed;

  g_return_if_fail (G_IS_SETTINGS (s));
  g_return_if_fail (heuristic != NULL);
  g_return_if_fail (params != NULL);

  lh_solver_params_init_default (params);
  params->kind = lh_solver_settings_get_kind (s);
  timed = lh_solver_kind_uses (params->kind, LH_SOLVER_USES_DEPTH | LH_SOLVER_USES_TIME_BUDGET);
  params->heuristic = *heuristic;
  params->depth = (guint) MAX (g_settings_get_int (s, "ai-depth"), 1);
  params->adaptive = lh_solver_kind_uses (params->kind, LH_SOLVER_USES_ADAPTIVE_ROW)
                     && g_settings_get_boolean (s, "ai-adaptive");
  params->min_depth = (guint) CLAMP (g_settings_get_int (s, "ai-min-depth"), 1, (int) params->depth);
  params->probability_cutoff = g_settings_get_double (s, "ai-cutoff");
  /* The sidebar shows the time budget for the depth-first solvers only: a
   * budget left over from expectimax must not cap MCTS. */
  params->time_budget_ms = timed ? g_settings_get_uint (s, "ai-time-budget") : 0;
  params->threads = lh_solver_settings_get_threads (s, params->kind);

  /* Each solver's own parameters that the window offers. */
  {
    guint n_params;
    const LhSolverParamInfo *list = lh_solver_param_list (&n_params);

    for (guint i = 0; i < n_params; i++)
      if (list[i].key != NULL)
        read_param (s, &list[i], params);
  }
}

gboolean
lh_solver_settings_is_search_key (const char *key)
{
  guint n_params;
  const LhSolverParamInfo *list = lh_solver_param_list (&n_params);

  g_return_val_if_fail (key != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (search_keys); i++)
    if (g_str_equal (key, search_keys[i]))
      return TRUE;
  for (guint i = 0; i < n_params; i++)
    if (g_strcmp0 (key, list[i].key) == 0)
      return TRUE;
  return FALSE;
}
