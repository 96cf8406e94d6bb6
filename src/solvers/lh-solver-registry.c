/* lh-solver-registry.c: the table of solvers (see lh-solver-registry.h). */
#include "lh-solver-registry.h"

#include <glib/gi18n-lib.h>
#include <stddef.h>

#include "lh-exact.h"
#include "lh-expectimax.h"
#include "lh-hybrid.h"
#include "lh-mcts.h"
#include "lh-mdp-monte-carlo.h"
#include "lh-monte-carlo.h"

/* ---- entry points and validations in LhSolverSearch's and
 * LhSolverValidateFunc's shapes, for the solvers whose own differ --------- */

static gboolean
expectimax_search (const LhSolverParams *params, const LhSolverContext *context, LhBoard board,
                   LhGeometry geometry, GCancellable *cancellable, LhSolverProgressFunc progress,
                   gpointer user_data, LhSolverResult *result, GError **error)
{
  LhExpectimaxContext expectimax = {
    .evaluator = context->evaluator,
    .table = context->table,
    .scratch = context->scratch,
    .pool = context->pool,
  };
  LhExpectimaxReward reward;

  if (params->expectimax.evaluation == LH_EVALUATION_BELLMAN)
    {
      lh_expectimax_reward_init (&reward, &params->expectimax, geometry);
      expectimax.reward = &reward;
    }

  return lh_expectimax_search (params, &expectimax, board, geometry, cancellable, progress,
                               user_data, result, error);
}

static gboolean
expectimax_validate (const LhSolverParams *params, GError **error)
{
  const LhExpectimaxParams *e = &params->expectimax;

  if ((guint) e->evaluation >= LH_N_EVALUATIONS || (guint) e->loss >= LH_N_EXACT_LOSSES
      || (guint) e->weighting >= LH_N_BELLMAN_WEIGHTINGS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("unknown evaluation, loss penalty or weighting of expectimax"));
      return FALSE;
    }
  if (!(e->discount > 0 && e->discount <= 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Bellman discount %g is out of range (more than 0, at most 1)"), e->discount);
      return FALSE;
    }
  return TRUE;
}

static gboolean
mcts_validate (const LhSolverParams *params, GError **error)
{
  return lh_mcts_params_validate (&params->mcts, error);
}

static gboolean
monte_carlo_validate (const LhSolverParams *params, GError **error)
{
  return lh_monte_carlo_params_validate (&params->monte_carlo, error);
}

static gboolean
mdp_validate (const LhSolverParams *params, GError **error)
{
  return lh_mdp_monte_carlo_params_validate (&params->mdp, error);
}

static gboolean
hybrid_validate (const LhSolverParams *params, GError **error)
{
  return lh_hybrid_params_validate (&params->hybrid, error);
}

static gboolean
exact_validate (const LhSolverParams *params, GError **error)
{
  LhExactRules rules;

  return lh_exact_params_get_rules (&params->exact, &rules, error);
}

/* ---- the table ------------------------------------------------------------ */

#define PLAYOUT(member) offsetof (LhSolverParams, member.playout)

/* In LhSolverKind order. */
static const LhSolverInfo solvers[LH_N_SOLVERS] = {
  { LH_SOLVER_EXPECTIMAX, "expectimax", N_("Expectimax"),
    N_("Weighs every move and random tile to a fixed depth, scoring positions with the heuristic "
       "or a learned network"),
    LH_SOLVER_USES_DEPTH | LH_SOLVER_USES_ADAPTIVE_ROW | LH_SOLVER_USES_TIME_BUDGET
    | LH_SOLVER_USES_ROOT_THREADS | LH_SOLVER_USES_TRACE_SCRATCH | LH_SOLVER_USES_EVALUATOR,
    0, expectimax_validate, expectimax_search },
  { LH_SOLVER_MCTS, "mcts", N_("MCTS (UCT)"),
    N_("Grows a tree by UCT, valuing new leaves by playouts; the tree shows visits"),
    LH_SOLVER_USES_TIME_BUDGET | LH_SOLVER_USES_PLAYOUTS | LH_SOLVER_USES_EVALUATOR,
    PLAYOUT (mcts), mcts_validate, lh_mcts_search },
  { LH_SOLVER_MONTE_CARLO, "montecarlo", N_("Monte Carlo"),
    N_("Values each move by the mean of games played on from it"),
    LH_SOLVER_USES_PLAYOUTS | LH_SOLVER_USES_EVALUATOR,
    PLAYOUT (monte_carlo), monte_carlo_validate, lh_monte_carlo_search },
  { LH_SOLVER_MDP_MONTE_CARLO, "mdp-mc", N_("MDP Monte Carlo"),
    N_("Plays games on from every tile a move may bring, weighted by its probability"),
    LH_SOLVER_USES_PLAYOUTS | LH_SOLVER_USES_EVALUATOR,
    PLAYOUT (mdp), mdp_validate, lh_mdp_monte_carlo_search },
  { LH_SOLVER_HYBRID, "hybrid", N_("Hybrid"),
    N_("Expectimax whose leaves on crowded boards are valued by playouts"),
    LH_SOLVER_USES_DEPTH | LH_SOLVER_USES_TIME_BUDGET | LH_SOLVER_USES_PLAYOUTS
    | LH_SOLVER_USES_EVALUATOR,
    PLAYOUT (hybrid), hybrid_validate, lh_hybrid_search },
  { LH_SOLVER_EXACT, "exact", N_("Perfect Play"),
    N_("Looks up each move's optimal value in an exact solution of the board (3x3 and smaller)"),
    0, 0, exact_validate, lh_exact_search },
};

#undef PLAYOUT

const LhSolverInfo *
lh_solver_info_get (LhSolverKind kind)
{
  g_return_val_if_fail ((guint) kind < LH_N_SOLVERS, &solvers[LH_SOLVER_EXPECTIMAX]);
  return &solvers[kind];
}

gboolean
lh_solver_kind_uses (LhSolverKind kind, LhSolverUses uses)
{
  return (lh_solver_info_get (kind)->uses & uses) == uses;
}

guint
lh_solver_kinds_using (LhSolverUses uses)
{
  guint kinds = 0;

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    if ((solvers[k].uses & uses) == uses)
      kinds |= 1u << k;
  return kinds;
}

const LhPlayoutParams *
lh_solver_params_get_playout (const LhSolverParams *params, LhSolverKind kind)
{
  const LhSolverInfo *info = lh_solver_info_get (kind);

  if (!(info->uses & LH_SOLVER_USES_PLAYOUTS))
    return NULL;
  return (const LhPlayoutParams *) ((const char *) params + info->playout_offset);
}
