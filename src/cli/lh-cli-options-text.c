/* lh-cli-options-text.c: the words of the solver options (lh-cli-options.h):
 * each option's help text, with its unit and its defaults, and the list of
 * the parameters a solver uses, with their labels, behind the text and JSON
 * output of every command. */

#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-cli-options.h"
#include "lh-cli-options-private.h"
#include "lh-mcts.h"
#include "lh-transposition-table.h"

/* The value of @info in @params as the options print it. */
static char *
param_value_text (const LhSolverParamInfo *info, const LhSolverParams *params)
{
  double value = lh_solver_param_get (info, params);

  switch (info->type)
    {
    case LH_SOLVER_PARAM_UINT:
      return g_strdup_printf ("%u", (guint) value);
    case LH_SOLVER_PARAM_REAL:
      return g_strdup_printf ("%g", value);
    case LH_SOLVER_PARAM_BOOL:
      return g_strdup (value != 0 ? _("on") : _("off"));
    case LH_SOLVER_PARAM_CHOICE:
    default:
      return g_strdup (info->choices[(guint) value]);
    }
}

/* "montecarlo 100, mdp-mc 20, mcts 0, hybrid 50": the default of @opt, an
 * option of the solvers' own parameters, for each solver that has it,
 * from the defaults @d. */
static char *
own_defaults (const LhSolverParams *d, LhCliOpt opt)
{
  GString *text = g_string_new (NULL);
  const char *name = lh_cli_options_name (opt);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    {
      const LhSolverParamInfo *info = lh_solver_param_find ((LhSolverKind) k, name);
      g_autofree char *value = NULL;

      if (info == NULL)
        continue;
      value = param_value_text (info, d);
      g_string_append_printf (text, "%s%s %s", text->len > 0 ? ", " : "",
                              lh_solver_kind_to_string ((LhSolverKind) k), value);
    }
  return g_string_free (text, FALSE);
}

/* The help text of @opt, translated, with the defaults @d. */
char *
lh_cli_options_describe (LhCliSearchFlags flags, const LhSolverParams *d, LhCliOpt opt)
{
  g_autofree char *defaults = NULL;
  g_autofree char *names = NULL;

  switch (opt)
    {
    case LH_CLI_OPT_SOLVER:
      names = lh_cli_options_names_to_string (lh_cli_options_solver_name, LH_N_SOLVERS);
      return g_strdup_printf (_("The solver: %s (default %s)"), names,
                              lh_solver_kind_to_string (d->kind));
    case LH_CLI_OPT_THREADS:
      return g_strdup_printf (_("Threads of each search, 1 to %d (default %u): expectimax splits "
                                "the root of searches of depth 4 or more (the same values as one "
                                "thread with --cutoff 0 or --no-cache), the sampling solvers "
                                "spread their playouts (mcts searches one tree per thread, so its "
                                "result depends on the count)"), LH_MAX_THREADS, d->threads);
    case LH_CLI_OPT_SEED:
      {
        g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, d->seed);

        if (flags & LH_CLI_SEARCH_GAME_SEED)
          return g_strdup_printf (_("Seed: game i (from 0) starts from seed S + i and its searches "
                                    "use a seed derived from S and i (default %s)"), seed);
        return g_strdup_printf (_("Seed of the random playouts; the same seed, board, options and "
                                  "--threads give the same result (default %s)"), seed);
      }
    case LH_CLI_OPT_DEPTH:
      return g_strdup_printf (_("Expectimax depth in player moves, 1 to %d (default %u); with "
                                "--adaptive or a time budget, the largest depth (default %d) "
                                "[expectimax, hybrid]"), LH_MAX_DEPTH, d->depth, LH_MAX_DEPTH);
    case LH_CLI_OPT_ADAPTIVE:
      return g_strdup (_("Choose the depth from the board: distinct tiles − 1, at least "
                         "--min-depth [expectimax, hybrid]"));
    case LH_CLI_OPT_MIN_DEPTH:
      return g_strdup_printf (_("Smallest adaptive depth in player moves (with --adaptive; "
                                "default %u) [expectimax, hybrid]"), d->min_depth);
    case LH_CLI_OPT_CUTOFF:
      return g_strdup_printf (_("Probability cutoff: chance branches less likely than P are "
                                "scored by the evaluator (the heuristic or --evaluator ntuple), "
                                "0 to less than 1 (0 disables; default %g) [expectimax, hybrid]"),
                              d->probability_cutoff);
    case LH_CLI_OPT_NO_CACHE:
      return g_strdup (_("Do not use the transposition table (used by default) "
                         "[expectimax, hybrid]"));
    case LH_CLI_OPT_TABLE_SIZE:
      return g_strdup_printf (_("Largest transposition table in MiB, 1 to %d, rounded down to "
                                "a power of two of 24-byte entries (default %zu); a search uses "
                                "the part its depth needs [expectimax, hybrid]"),
                              LH_TRANSPOSITION_TABLE_MAX_MIB,
                              lh_transposition_table_bytes_of_bits (d->table_bits) >> 20);
    case LH_CLI_OPT_TIME_MS:
      return g_strdup_printf (_("Time budget per search in ms (0: none; default %u): expectimax "
                                "and hybrid deepen iteratively from depth 1 and keep the deepest "
                                "finished search, MCTS runs iterations until time is up "
                                "[expectimax, hybrid, mcts]"), d->time_budget_ms);
    case LH_CLI_OPT_PLAYOUTS:
      return g_strdup_printf (_("Playouts per legal move (montecarlo; default %u) or per "
                                "Monte Carlo leaf (hybrid; default %u)"),
                              d->monte_carlo.playouts, d->hybrid.playouts);
    case LH_CLI_OPT_PLAYOUT_DEPTH:
      defaults = own_defaults (d, opt);
      return g_strdup_printf (_("Longest playout in player moves, 0 to play to game over "
                                "(default: %s)"), defaults);
    case LH_CLI_OPT_DISCOUNT:
      defaults = own_defaults (d, opt);
      return g_strdup_printf (_("Discount per move of the playouts' points, of expectimax's "
                                "Bellman search or of the exact solver's score objective, more "
                                "than 0 and at most 1 (default: %s)"), defaults);
    case LH_CLI_OPT_POLICY:
      defaults = own_defaults (d, opt);
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("Playout policy: %s; greedy plays the move whose afterstate the "
                                "evaluator values best (with --evaluator ntuple, by the move's "
                                "points plus that value) (default: %s)"), names, defaults);
    case LH_CLI_OPT_MEASURE:
      defaults = own_defaults (d, opt);
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("What a playout returns: %s; score is the discounted points "
                                "scored, sum the sum of the final tiles, best the largest tile, "
                                "corner 003's MyMeasure, heuristic the evaluator's value of the "
                                "final board (with --evaluator ntuple, the points scored plus "
                                "the network's value of where the playout stops) (default: %s)"),
                              names, defaults);
    case LH_CLI_OPT_ITERATIONS:
      if (flags & LH_CLI_SEARCH_TIME_BUDGET)
        return g_strdup_printf (_("MCTS iterations per search (default %u); with --time-ms the "
                                  "time decides"), d->mcts.iterations);
      return g_strdup_printf (_("MCTS iterations per search (default %u)"), d->mcts.iterations);
    case LH_CLI_OPT_EXPLORATION:
      return g_strdup_printf (_("MCTS: UCB1's exploration constant, on values scaled to [0, 1] "
                                "(default %g)"), d->mcts.exploration);
    case LH_CLI_OPT_FINAL:
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("MCTS's move: %s; visits picks the root child visited most, "
                                "mean the one with the best mean value (default %s)"),
                              names, lh_final_move_to_string (d->mcts.final_move));
    case LH_CLI_OPT_THETA1:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 1 empty cell, "
                                "halved per further empty cell up to 3 (default %u)"),
                              d->mdp.theta[0]);
    case LH_CLI_OPT_THETA2:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 4 empty cells, "
                                "scaled likewise up to 6 (default %u)"), d->mdp.theta[1]);
    case LH_CLI_OPT_THETA3:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 7 empty cells, "
                                "scaled likewise up to 9 (default %u)"), d->mdp.theta[2]);
    case LH_CLI_OPT_THETA4:
      return g_strdup_printf (_("MDP Monte Carlo: playouts for a 2 spawn with 10 to 15 empty "
                                "cells (default %u)"), d->mdp.theta[3]);
    case LH_CLI_OPT_THETA5:
      return g_strdup_printf (_("MDP Monte Carlo: how many times more playouts a 2 spawn gets "
                                "than a 4 spawn, at least 1 (default %g)"), d->mdp.theta5);
    case LH_CLI_OPT_THETA6:
      return g_strdup_printf (_("MDP Monte Carlo: the top proportion of playout results kept, "
                                "more than 0 and at most 1 (default %g)"), d->mdp.theta6);
    case LH_CLI_OPT_IMMEDIATE_REWARD:
      return g_strdup_printf (_("MDP Monte Carlo: add the move's points to its value and "
                                "discount the rest by --gamma (default %s)"),
                              d->mdp.immediate_reward ? _("on") : _("off"));
    case LH_CLI_OPT_GAMMA:
      return g_strdup_printf (_("MDP Monte Carlo: the discount of --immediate-reward, more than "
                                "0 and at most 1 (default %g)"), d->mdp.gamma);
    case LH_CLI_OPT_EMPTY_THRESHOLD:
      return g_strdup_printf (_("Hybrid: leaves with at most N empty cells are valued by "
                                "playouts, the others by the evaluator (the heuristic or --evaluator "
                                "ntuple), 0 to 16 (default %u)"),
                              d->hybrid.empty_threshold);
    case LH_CLI_OPT_OBJECTIVE:
      return g_strdup (_("Exact solver: what optimal play maximises: score, the expected points "
                         "still to come, or tile:T, the chance of a tile of at least T "
                         "(default score)"));
    case LH_CLI_OPT_TARGET:
      return g_strdup_printf (_("Exact solver: the target tile of --objective tile, a power of two "
                                "(default %u; --objective tile:T sets it too)"), d->exact.target);
    case LH_CLI_OPT_SPAWNS:
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("Exact solver: which tiles spawn: %s; standard is a 2 at 90 %% "
                                "and a 4 at 10 %%, twos only 2s as in reference 000 (default %s)"),
                              names, lh_exact_spawns_to_string (d->exact.spawns));
    case LH_CLI_OPT_LOSS:
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      defaults = own_defaults (d, opt);
      return g_strdup_printf (_("What a loss costs expectimax's Bellman search or the exact "
                                "solver's score objective: %s; score is minus the board's score, "
                                "reference 000's penalty (default: %s)"), names, defaults);
    case LH_CLI_OPT_EVALUATION:
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("Expectimax's values: %s; bellman is reference 000's Bellman "
                                "search, no heuristic: the discounted points scored within the "
                                "depth (000: --evaluation bellman --depth 5 --cutoff 0, "
                                "--discount 0.95) (default %s)"), names, "heuristic");
    case LH_CLI_OPT_WEIGHTING:
      names = lh_cli_options_choices_to_string (lh_cli_options_choices (opt));
      return g_strdup_printf (_("Expectimax's Bellman reward: %s; corner weighs a tile's score "
                                "more the nearer it is to the top left corner, as 000's "
                                "corner-weighted score (default %s)"), names, "plain");
    case LH_CLI_OPT_EVALUATOR:
      names = lh_cli_options_choices_to_string (lh_evaluator_kind_names ());
      return g_strdup_printf (_("What the solvers score positions with: %s; ntuple is an n-tuple "
                                "network read from --weights (without it, the network that ships "
                                "with Lookahead, as the window's Learned), whose values are the "
                                "points still to score, so a move is worth its points plus its "
                                "afterstate's value (default %s) [expectimax, mcts, montecarlo, "
                                "mdp-mc, hybrid]"), names, lh_evaluator_kind_to_string (d->evaluator));
    case LH_CLI_OPT_WEIGHTS:
      return g_strdup (_("The n-tuple network's weights file (lookahead-cli train --out FILE), "
                         "read once; with --evaluator ntuple, for the board size it was "
                         "trained on"));
    case LH_CLI_N_OPTS:
    default:
      g_assert_not_reached ();
    }
}

/* Appends one parameter to @out[*n]. */
static void
add_uint (LhCliParam *out, guint *n, const char *key, const char *label, const char *unit,
          guint64 value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label, .unit = unit,
                               .type = LH_CLI_PARAM_UINT, .uint_value = value };
}

static void
add_real (LhCliParam *out, guint *n, const char *key, const char *label, double value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_REAL, .real_value = value };
}

static void
add_bool (LhCliParam *out, guint *n, const char *key, const char *label, gboolean value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_BOOL, .bool_value = value };
}

static void
add_string (LhCliParam *out, guint *n, const char *key, const char *label, const char *value)
{
  g_assert (*n < LH_CLI_MAX_PARAMS);
  out[(*n)++] = (LhCliParam) { .key = key, .label = label,
                               .type = LH_CLI_PARAM_STRING, .string_value = value };
}

guint
lh_cli_solver_params_list (const LhSolverParams *params,
                           LhCliParam           *out)
{
  LhSolverKind kind = params->kind;
  guint n = 0;

  add_uint (out, &n, "threads", _("Threads"), NULL, params->threads);
  if (lh_solver_kind_uses (kind, LH_SOLVER_USES_PLAYOUTS))
    add_uint (out, &n, "seed", _("Seed"), NULL, params->seed);
  if (lh_solver_kind_uses (kind, LH_SOLVER_USES_DEPTH))
    {
      add_uint (out, &n, "depth", params->adaptive ? _("Adaptive depth, at most") : _("Depth"),
                /* TRANSLATORS: the unit of a depth */
                _("player moves"), params->depth);
      add_bool (out, &n, "adaptive", _("Adaptive"), params->adaptive);
      if (params->adaptive)
        add_uint (out, &n, "min_depth", _("Smallest adaptive depth"), _("player moves"),
                  params->min_depth);
      add_real (out, &n, "cutoff", _("Probability cutoff"), params->probability_cutoff);
      add_bool (out, &n, "transposition_table", _("Transposition table"),
                params->use_transposition_table);
      if (params->use_transposition_table)
        add_uint (out, &n, "table_kib", _("Largest transposition table"), _("KiB"),
                  lh_transposition_table_bytes_of_bits (params->table_bits) >> 10);
    }
  if (lh_solver_kind_uses (kind, LH_SOLVER_USES_TIME_BUDGET))
    add_uint (out, &n, "time_ms", _("Time budget"), _("ms"), params->time_budget_ms);
  if (lh_solver_kind_uses (kind, LH_SOLVER_USES_EVALUATOR))
    add_string (out, &n, "evaluator", _("Evaluator"), lh_evaluator_kind_to_string (params->evaluator));
  /* The solver's own parameters. */
  {
    guint n_params;
    const LhSolverParamInfo *list = lh_solver_param_list (&n_params);

    for (guint i = 0; i < n_params; i++)
      {
        const LhSolverParamInfo *info = &list[i];
        double value = lh_solver_param_get (info, params);

        if (info->kind != kind)
          continue;
        switch (info->type)
          {
          case LH_SOLVER_PARAM_UINT:
            add_uint (out, &n, info->name, _(info->list_label),
                      info->unit != NULL ? _(info->unit) : NULL, (guint64) value);
            break;
          case LH_SOLVER_PARAM_REAL:
            add_real (out, &n, info->name, _(info->list_label), value);
            break;
          case LH_SOLVER_PARAM_BOOL:
            add_bool (out, &n, info->name, _(info->list_label), value != 0);
            break;
          case LH_SOLVER_PARAM_CHOICE:
          default:
            add_string (out, &n, info->name, _(info->list_label), info->choices[(guint) value]);
            break;
          }
      }
  }
  return n;
}

