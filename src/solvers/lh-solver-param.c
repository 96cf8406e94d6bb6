/* lh-solver-param.c: the table of the solvers' own parameters (see
 * lh-solver-param.h). */
#include "lh-solver-param.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "lh-mcts.h"

/* Enums are stored as ints (lh_solver_param_get/set). */
G_STATIC_ASSERT (sizeof (LhPlayoutPolicy) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhMeasure) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhFinalMove) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhExactObjective) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhEvaluation) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhBellmanWeighting) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhExactSpawns) == sizeof (int));
G_STATIC_ASSERT (sizeof (LhExactLoss) == sizeof (int));

/* The choices, in enum order (lh_playout_policy_to_string(),
 * lh_measure_to_string(), lh_final_move_to_string(); the schema's choices). */
static const char *const policy_names[] = { "random", "greedy", NULL };
static const char *const policy_labels[] = { N_("Random"), N_("Greedy (heuristic)"), NULL };
static const char *const measure_names[] = { "score", "sum", "best", "corner", "heuristic", NULL };
static const char *const measure_labels[] = {
  N_("Score"), N_("Sum of tiles"), N_("Best tile"), N_("Corner (MyMeasure)"), N_("Heuristic"), NULL
};
static const char *const final_names[] = { "visits", "mean", NULL };
static const char *const final_labels[] = { N_("Most visits"), N_("Best mean"), NULL };

/* lh-exact-rules.h's: lh_exact_spawns_to_string(), lh_exact_loss_to_string();
 * the objective's "tile" takes its target from the "target" parameter (the
 * CLI's --objective tile:T sets both). */
static const char *const objective_names[] = { "score", "tile", NULL };
static const char *const objective_labels[] = { N_("Score"), N_("Tile"), NULL };
static const char *const spawns_names[] = { "standard", "twos", NULL };
static const char *const spawns_labels[] = { N_("2s and 4s"), N_("Only 2s"), NULL };
static const char *const loss_names[] = { "none", "score", NULL };
static const char *const loss_labels[] = { N_("None"), N_("Score"), NULL };

static const char *const evaluation_names[] = { "heuristic", "bellman", NULL };
static const char *const evaluation_labels[] = { N_("Heuristic"), N_("Bellman"), NULL };
static const char *const weighting_names[] = { "plain", "corner", NULL };
static const char *const weighting_labels[] = { N_("Points"), N_("Corner"), NULL };

G_STATIC_ASSERT (G_N_ELEMENTS (evaluation_names) == LH_N_EVALUATIONS + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (weighting_names) == LH_N_BELLMAN_WEIGHTINGS + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (objective_names) == LH_N_EXACT_OBJECTIVES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (spawns_names) == LH_N_EXACT_SPAWNS + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (loss_names) == LH_N_EXACT_LOSSES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (policy_names) == LH_N_PLAYOUT_POLICIES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (measure_names) == LH_N_MEASURES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (final_names) == LH_N_FINAL_MOVES + 1);

#define AT(member) .offset = offsetof (LhSolverParams, member)

#define UINT_PARAM(k, name_, key_, member, lo, hi, def) \
  .kind = (k), .name = (name_), .key = (key_), .type = LH_SOLVER_PARAM_UINT, AT (member), \
  .min = (lo), .max = (hi), .default_value = (def)
#define REAL_PARAM(k, name_, key_, member, lo, hi, def) \
  .kind = (k), .name = (name_), .key = (key_), .type = LH_SOLVER_PARAM_REAL, AT (member), \
  .min = (lo), .max = (hi), .default_value = (def)
#define CHOICE_PARAM(k, name_, key_, member, names, labels, def) \
  .kind = (k), .name = (name_), .key = (key_), .type = LH_SOLVER_PARAM_CHOICE, AT (member), \
  .max = G_N_ELEMENTS (names) - 2, .default_value = (def), .choices = (names), \
  .choice_labels = (labels)

/* The four playout parameters of solver @k, whose LhPlayoutParams are
 * @m.playout: the keys (or NULL) of its depth, discount, policy and measure,
 * the window's description of its policy, and its defaults. */
#define PLAYOUT_PARAMS(k, m, depth_key, discount_key, policy_key, measure_key, policy_text, \
                       def_depth, def_discount, def_policy, def_measure) \
  { UINT_PARAM (k, "playout_depth", depth_key, m.playout.max_moves, 0, 1000000, def_depth), \
    .label = N_("Playout Depth"), .description = N_("Most moves of a playout; 0 plays to game over"), \
    .list_label = N_("Playout depth (0: to game over)"), .unit = N_("player moves"), \
    .step = 10, .slider_max = 1000 }, \
  { REAL_PARAM (k, "discount", discount_key, m.playout.discount, 0.01, 1, def_discount), \
    .label = N_("Discount"), .description = N_("Weight of the points k moves ahead: discount^k, 0–1"), \
    .list_label = N_("Playout discount"), .step = 0.01, .digits = 2 }, \
  { CHOICE_PARAM (k, "policy", policy_key, m.playout.policy, policy_names, policy_labels, def_policy), \
    .label = N_("Playout Policy"), .description = (policy_text), .list_label = N_("Playout policy") }, \
  { CHOICE_PARAM (k, "measure", measure_key, m.playout.measure, measure_names, measure_labels, def_measure), \
    .label = N_("Playout Measure"), .description = N_("What a playout returns"), \
    .list_label = N_("Playout measure") }

#define MDP_THETA(t, def, label_, text, step_, slider) \
  { UINT_PARAM (LH_SOLVER_MDP_MONTE_CARLO, "theta" #t, "mdp-theta" #t, mdp.theta[t - 1], 1, 1000000, def), \
    .label = (label_), .description = (text), .list_label = "θ" #t, .step = (step_), \
    .slider_max = (slider) }

static const LhSolverParamInfo params_table[] = {
  /* Expectimax (lh-expectimax.h): reference 000's Bellman search */
  { CHOICE_PARAM (LH_SOLVER_EXPECTIMAX, "evaluation", "expectimax-evaluation", expectimax.evaluation,
                  evaluation_names, evaluation_labels, LH_EVALUATION_HEURISTIC),
    .label = N_("Values"),
    .description = N_("The heuristic, or 000's Bellman search: only the points scored within the depth"),
    .list_label = N_("Evaluation") },
  { REAL_PARAM (LH_SOLVER_EXPECTIMAX, "discount", "expectimax-discount", expectimax.discount, 0.01, 1, 0.95),
    .label = N_("Bellman Discount"), .description = N_("Weight of the points k moves ahead: discount^k, 0–1"),
    .list_label = N_("Bellman discount"), .step = 0.01, .digits = 2 },
  { CHOICE_PARAM (LH_SOLVER_EXPECTIMAX, "loss", "expectimax-loss", expectimax.loss, loss_names,
                  loss_labels, LH_EXACT_LOSS_SCORE),
    .label = N_("Bellman: Cost of a Loss"),
    .description = N_("Losing costs nothing, or the board's score as in 000"),
    .list_label = N_("Bellman cost of a loss") },
  { CHOICE_PARAM (LH_SOLVER_EXPECTIMAX, "weighting", "expectimax-weighting", expectimax.weighting,
                  weighting_names, weighting_labels, LH_BELLMAN_PLAIN),
    .label = N_("Bellman Reward"),
    .description = N_("The points scored, or 000's score weighted to the top left corner"),
    .list_label = N_("Bellman reward") },

  /* MCTS (lh-mcts.h) */
  { UINT_PARAM (LH_SOLVER_MCTS, "iterations", "mcts-iterations", mcts.iterations, 1,
                LH_MCTS_MAX_ITERATIONS, 1000),
    .label = N_("Iterations"),
    .description = N_("Tree iterations (select, expand, playout, back up) per move"),
    .list_label = N_("Iterations"), .step = 100, .slider_max = 10000 },
  { REAL_PARAM (LH_SOLVER_MCTS, "exploration", "mcts-exploration", mcts.exploration, 0, 100, 1),
    .label = N_("Exploration C"),
    .description = N_("UCB1 constant on values scaled to 0–1; higher explores more"),
    .list_label = N_("Exploration constant"), .step = 0.05, .digits = 2, .slider_max = 4 },
  { CHOICE_PARAM (LH_SOLVER_MCTS, "final", "mcts-final-move", mcts.final_move, final_names,
                  final_labels, LH_FINAL_BEST_MEAN),
    .label = N_("Final Move"), .description = N_("The root child played at the end"),
    .list_label = N_("Final move") },
  PLAYOUT_PARAMS (LH_SOLVER_MCTS, mcts, NULL, NULL, "mcts-policy", "mcts-measure",
                  N_("How playouts from a new leaf choose moves"),
                  0, 1, LH_PLAYOUT_GREEDY, LH_MEASURE_CORNER),

  /* Monte Carlo (lh-monte-carlo.h) */
  { UINT_PARAM (LH_SOLVER_MONTE_CARLO, "playouts", "montecarlo-playouts", monte_carlo.playouts, 1,
                10000000, 200),
    .label = N_("Playouts per Move"), .description = N_("Playouts from each legal move's afterstate"),
    .list_label = N_("Playouts per move"), .step = 10, .slider_max = 2000 },
  PLAYOUT_PARAMS (LH_SOLVER_MONTE_CARLO, monte_carlo, "montecarlo-max-moves", "montecarlo-discount",
                  "montecarlo-policy", "montecarlo-measure", N_("How playouts choose moves"),
                  100, 0.95, LH_PLAYOUT_RANDOM, LH_MEASURE_SCORE),

  /* MDP Monte Carlo (lh-mdp-monte-carlo.h) */
  MDP_THETA (1, 500, N_("θ1: 1–3 Empty Cells"),
             N_("Playouts for a 2 spawn with one empty cell, halved per extra cell"), 10, 2000),
  MDP_THETA (2, 120, N_("θ2: 4–6 Empty Cells"),
             N_("Playouts for a 2 spawn with 4 empty cells, scaled down to 6"), 10, 1000),
  MDP_THETA (3, 40, N_("θ3: 7–9 Empty Cells"),
             N_("Playouts for a 2 spawn with 7 empty cells, scaled down to 9"), 10, 500),
  MDP_THETA (4, 20, N_("θ4: 10–15 Empty Cells"),
             N_("Playouts for a 2 spawn with 10 to 15 empty cells"), 1, 200),
  { REAL_PARAM (LH_SOLVER_MDP_MONTE_CARLO, "theta5", "mdp-theta5", mdp.theta5, 1, 1000, 5),
    .label = N_("θ5: 2 versus 4"), .description = N_("Times more playouts a 2 spawn gets than a 4 spawn"),
    .list_label = "θ5", .step = 0.5, .digits = 1, .slider_max = 20 },
  { REAL_PARAM (LH_SOLVER_MDP_MONTE_CARLO, "theta6", "mdp-theta6", mdp.theta6, 0.01, 1, 0.5),
    .label = N_("θ6: Kept Share"),
    .description = N_("Top share of playout results kept for a spawn's value, 0–1"),
    .list_label = "θ6", .step = 0.05, .digits = 2 },
  { .kind = LH_SOLVER_MDP_MONTE_CARLO, .name = "immediate_reward", .key = "mdp-immediate-reward",
    .type = LH_SOLVER_PARAM_BOOL, AT (mdp.immediate_reward), .max = 1, .default_value = FALSE,
    .label = N_("Immediate Reward"),
    .description = N_("Add the move's points and discount the playouts by γ (Bellman)"),
    .list_label = N_("Immediate reward") },
  { REAL_PARAM (LH_SOLVER_MDP_MONTE_CARLO, "gamma", "mdp-gamma", mdp.gamma, 0.01, 1, 0.9),
    .label = N_("γ"), .description = N_("Discount of the playouts with the immediate reward, 0–1"),
    .list_label = "γ", .enabled_by = "mdp-immediate-reward", .step = 0.01, .digits = 2 },
  PLAYOUT_PARAMS (LH_SOLVER_MDP_MONTE_CARLO, mdp, NULL, NULL, NULL, NULL,
                  N_("How playouts choose moves"), 0, 1, LH_PLAYOUT_RANDOM, LH_MEASURE_SCORE),

  /* Hybrid (lh-hybrid.h) */
  { UINT_PARAM (LH_SOLVER_HYBRID, "empty_threshold", "hybrid-empty-threshold",
                hybrid.empty_threshold, 0, 16, 4),
    .label = N_("Empty-Cell Threshold"),
    .description = N_("Leaves with at most this many empty cells are valued by playouts"),
    .list_label = N_("Playout leaves: empty cells at most"), .step = 1 },
  { UINT_PARAM (LH_SOLVER_HYBRID, "playouts", "hybrid-playouts", hybrid.playouts, 1, 100000, 10),
    .label = N_("Playouts per Leaf"),
    .description = N_("Playouts valuing one leaf at or under the threshold"),
    .list_label = N_("Playouts per leaf"), .step = 5, .slider_max = 200 },
  PLAYOUT_PARAMS (LH_SOLVER_HYBRID, hybrid, NULL, NULL, NULL, NULL,
                  N_("How playouts choose moves"), 10, 1, LH_PLAYOUT_GREEDY, LH_MEASURE_HEURISTIC),

  /* Perfect play (lh-exact.h) */
  { CHOICE_PARAM (LH_SOLVER_EXACT, "objective", "exact-objective", exact.objective, objective_names,
                  objective_labels, LH_EXACT_OBJECTIVE_SCORE),
    .label = N_("Objective"),
    .description = N_("Maximise the score still to come, or the chance of the target tile"),
    .list_label = N_("Objective") },
  { UINT_PARAM (LH_SOLVER_EXACT, "target", "exact-target", exact.target, 2, 32768, 1024),
    .label = N_("Target Tile"), .description = N_("The tile whose chance the Tile objective maximises"),
    .list_label = N_("Target tile"), .step = 1, .powers_of_two = TRUE },
  { REAL_PARAM (LH_SOLVER_EXACT, "discount", "exact-discount", exact.discount, 0.01, 1, 1),
    .label = N_("Discount"), .description = N_("Weight of the points k moves ahead: discount^k, 0–1"),
    .list_label = N_("Discount of the score"), .step = 0.01, .digits = 2 },
  { CHOICE_PARAM (LH_SOLVER_EXACT, "spawns", "exact-spawns", exact.spawns, spawns_names, spawns_labels,
                  LH_EXACT_SPAWNS_STANDARD),
    .label = N_("New Tiles"), .description = N_("The game's (2 at 90 %, 4 at 10 %), or only 2s as in 000"),
    .list_label = N_("Spawns") },
  { CHOICE_PARAM (LH_SOLVER_EXACT, "loss", "exact-loss", exact.loss, loss_names, loss_labels,
                  LH_EXACT_LOSS_NONE),
    .label = N_("Cost of a Loss"),
    .description = N_("Losing costs nothing, or the board's score as in 000"),
    .list_label = N_("Cost of a loss") },
};

#undef MDP_THETA
#undef PLAYOUT_PARAMS
#undef CHOICE_PARAM
#undef REAL_PARAM
#undef UINT_PARAM
#undef AT

const LhSolverParamInfo *
lh_solver_param_list (guint *n_params)
{
  g_return_val_if_fail (n_params != NULL, params_table);
  *n_params = G_N_ELEMENTS (params_table);
  return params_table;
}

/* Whether @info is called @name ('-' taken for '_'). */
static gboolean
has_name (const LhSolverParamInfo *info, const char *name)
{
  const char *a = info->name;
  const char *b = name;

  for (; *a != '\0' && *b != '\0'; a++, b++)
    if (*a != *b && !(*a == '_' && *b == '-'))
      return FALSE;
  return *a == *b;
}

const LhSolverParamInfo *
lh_solver_param_find (LhSolverKind kind, const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (params_table); i++)
    if (params_table[i].kind == kind && has_name (&params_table[i], name))
      return &params_table[i];
  return NULL;
}

guint
lh_solver_param_kinds (const char *name)
{
  guint kinds = 0;

  g_return_val_if_fail (name != NULL, 0);

  for (guint i = 0; i < G_N_ELEMENTS (params_table); i++)
    if (has_name (&params_table[i], name))
      kinds |= 1u << params_table[i].kind;
  return kinds;
}

double
lh_solver_param_get (const LhSolverParamInfo *info, const LhSolverParams *params)
{
  const char *field = (const char *) params + info->offset;

  switch (info->type)
    {
    case LH_SOLVER_PARAM_UINT:
      return *(const guint *) field;
    case LH_SOLVER_PARAM_REAL:
      return *(const double *) field;
    case LH_SOLVER_PARAM_BOOL:
      return *(const gboolean *) field ? 1 : 0;
    case LH_SOLVER_PARAM_CHOICE:
    default:
      return *(const int *) field;
    }
}

void
lh_solver_param_set (const LhSolverParamInfo *info, LhSolverParams *params, double value)
{
  char *field = (char *) params + info->offset;

  switch (info->type)
    {
    case LH_SOLVER_PARAM_UINT:
      *(guint *) field = (guint) CLAMP (round (value), 0, G_MAXUINT);
      break;
    case LH_SOLVER_PARAM_REAL:
      *(double *) field = value;
      break;
    case LH_SOLVER_PARAM_BOOL:
      *(gboolean *) field = value != 0;
      break;
    case LH_SOLVER_PARAM_CHOICE:
    default:
      *(int *) field = (int) CLAMP (round (value), 0, lh_solver_param_n_choices (info) - 1);
      break;
    }
}

guint
lh_solver_param_n_choices (const LhSolverParamInfo *info)
{
  if (info->type != LH_SOLVER_PARAM_CHOICE)
    return 0;
  return g_strv_length ((char **) info->choices);
}

gboolean
lh_solver_param_choice_from_string (const LhSolverParamInfo *info,
                                    const char              *text,
                                    guint                   *index)
{
  for (guint i = 0; i < lh_solver_param_n_choices (info); i++)
    if (g_strcmp0 (info->choices[i], text) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}
