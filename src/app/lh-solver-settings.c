/* lh-solver-settings.c: solver parameters from GSettings (see lh-solver-settings.h). */
#include "lh-solver-settings.h"

#include <string.h>
#include "lh-mcts.h"
#include "lh-playout.h"
#include "lh-solver-registry.h"

/* Every key that changes a search; "ai-" and each solver's prefix. */
static const char *const search_key_prefixes[] = {
  "solver", "ai-depth", "ai-adaptive", "ai-min-depth", "ai-cutoff", "ai-time-budget", "ai-threads",
  "mcts-", "montecarlo-", "mdp-", "hybrid-",
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

static LhPlayoutPolicy
get_policy (GSettings *settings, const char *key)
{
  g_autofree char *text = g_settings_get_string (settings, key);
  LhPlayoutPolicy policy = LH_PLAYOUT_RANDOM;

  lh_playout_policy_from_string (text, &policy);
  return policy;
}

static LhMeasure
get_measure (GSettings *settings, const char *key)
{
  g_autofree char *text = g_settings_get_string (settings, key);
  LhMeasure measure = LH_MEASURE_SCORE;

  lh_measure_from_string (text, &measure);
  return measure;
}

void
lh_solver_settings_read (GSettings               *s,
                         const LhHeuristicParams *heuristic,
                         LhSolverParams          *params)
{
  g_autofree char *final_move = NULL;
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

  params->mcts.iterations = g_settings_get_uint (s, "mcts-iterations");
  params->mcts.exploration = g_settings_get_double (s, "mcts-exploration");
  final_move = g_settings_get_string (s, "mcts-final-move");
  lh_final_move_from_string (final_move, &params->mcts.final_move);
  params->mcts.playout.policy = get_policy (s, "mcts-policy");
  params->mcts.playout.measure = get_measure (s, "mcts-measure");

  params->monte_carlo.playouts = g_settings_get_uint (s, "montecarlo-playouts");
  params->monte_carlo.playout.max_moves = g_settings_get_uint (s, "montecarlo-max-moves");
  params->monte_carlo.playout.discount = g_settings_get_double (s, "montecarlo-discount");
  params->monte_carlo.playout.policy = get_policy (s, "montecarlo-policy");
  params->monte_carlo.playout.measure = get_measure (s, "montecarlo-measure");

  for (guint i = 0; i < G_N_ELEMENTS (params->mdp.theta); i++)
    {
      char key[16];

      g_snprintf (key, sizeof key, "mdp-theta%u", i + 1);
      params->mdp.theta[i] = g_settings_get_uint (s, key);
    }
  params->mdp.theta5 = g_settings_get_double (s, "mdp-theta5");
  params->mdp.theta6 = g_settings_get_double (s, "mdp-theta6");
  params->mdp.immediate_reward = g_settings_get_boolean (s, "mdp-immediate-reward");
  params->mdp.gamma = g_settings_get_double (s, "mdp-gamma");

  params->hybrid.empty_threshold = g_settings_get_uint (s, "hybrid-empty-threshold");
  params->hybrid.playouts = g_settings_get_uint (s, "hybrid-playouts");
}

gboolean
lh_solver_settings_is_search_key (const char *key)
{
  g_return_val_if_fail (key != NULL, FALSE);

  if (g_str_equal (key, "solver-threads"))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (search_key_prefixes); i++)
    {
      const char *prefix = search_key_prefixes[i];

      if (prefix[strlen (prefix) - 1] == '-' ? g_str_has_prefix (key, prefix) : g_str_equal (key, prefix))
        return TRUE;
    }
  return FALSE;
}
