/* lh-cli-regret.c: a solver's games measured against optimal play (see
 * lh-cli-regret.h). */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-json.h"
#include "lh-cli-regret.h"
#include "lh-cli-table.h"
#include "lh-exact-cache.h"
#include "lh-exact.h"

G_STATIC_ASSERT (G_N_ELEMENTS (((LhCliVersusSummary *) NULL)->optimal_max_tile_counts) == LH_MAX_EXPONENT + 1);

/* A move is optimal when its regret is at most this share of the position's value. */
#define OPTIMAL_TOLERANCE 1e-9

/* The tiles of the text table: the largest reached and the ones below it. */
#define TEXT_TILES 4

typedef struct {
  LhGeometry geometry;
  gboolean   announced;
} SolveNotice;

static void
on_solve_progress (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data)
{
  SolveNotice *notice = user_data;

  (void) phase;
  (void) done;
  (void) total;
  if (notice->announced)
    return;
  notice->announced = TRUE;
  /* TRANSLATORS: on standard error before a solve of some seconds; %u×%u is the board */
  fprintf (stderr, _("Solving the %u×%u board exactly for --versus-optimal (once: it is saved to the cache)…\n"),
           notice->geometry.rows, notice->geometry.cols);
}

LhExactSolution *
lh_cli_regret_solution (LhGeometry geometry,
                        GError   **error)
{
  SolveNotice notice = { geometry, FALSE };
  LhExactRules rules;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lh_exact_geometry_check (geometry, error))
    return NULL;
  lh_exact_rules_init_default (&rules);
  return lh_exact_cache_get (geometry, &rules, CLAMP (g_get_num_processors (), 1, 64), NULL,
                             isatty (STDERR_FILENO) ? on_solve_progress : NULL, &notice, error);
}

gboolean
lh_cli_regret_of_move (const LhExactSolution *solution,
                       LhBoard                board,
                       LhGeometry             geometry,
                       LhMove                 move,
                       double                *regret,
                       gboolean              *optimal,
                       GError               **error)
{
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];
  double best = -INFINITY;

  g_return_val_if_fail (solution != NULL, FALSE);
  g_return_val_if_fail (regret != NULL && optimal != NULL, FALSE);

  if (!lh_exact_solution_move_values (solution, board, legal, values) ||
      (guint) move >= LH_N_MOVES || !legal[move])
    {
      g_autofree char *hex = lh_board_to_hex (board, geometry);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* TRANSLATORS: %s is a board in hex form */
                   _("the exact solution has no value for the move played on board %s"), hex);
      return FALSE;
    }
  /* V*(s) = max over the legal moves of Q*(s, m): the same numbers, so an
   * optimal move's regret is exactly 0. */
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (legal[m] && values[m] > best)
      best = values[m];
  *regret = MAX (best - values[move], 0.0);
  *optimal = *regret <= OPTIMAL_TOLERANCE * MAX (1.0, fabs (best));
  return TRUE;
}

void
lh_cli_regret_optimal_params (LhSolverParams *params)
{
  lh_solver_params_init_default (params);
  params->kind = LH_SOLVER_EXACT;
  lh_exact_params_init_default (&params->exact);
  params->threads = 1;
}

void
lh_cli_versus_summarize (const LhCliGameResult *results,
                         const LhCliGameResult *optimal,
                         guint                  n_games,
                         double                 expected_score,
                         LhCliVersusSummary    *summary)
{
  double optimal_ms = 0.0;
  guint e;

  g_return_if_fail (results != NULL && optimal != NULL);
  g_return_if_fail (n_games >= 1);

  *summary = (LhCliVersusSummary) { 0 };
  summary->n_games = n_games;
  summary->expected_score = expected_score;
  lh_cli_games_summarize (results, n_games, &summary->solver);
  lh_cli_games_summarize (optimal, n_games, &summary->optimal);
  for (guint i = 0; i < n_games; i++)
    {
      summary->moves += results[i].moves;
      summary->optimal_moves += results[i].optimal_moves;
      summary->regret += results[i].regret;
      summary->optimal_max_tile_counts[g_bit_storage (optimal[i].max_tile) - 1]++;
      summary->optimal_game_moves += optimal[i].moves;
      optimal_ms += optimal[i].search_ms;
    }
  summary->regret_per_move = summary->moves > 0 ? summary->regret / summary->moves : 0.0;
  summary->regret_per_game = summary->regret / n_games;
  summary->optimal_move_share = summary->moves > 0
                                ? (double) summary->optimal_moves / summary->moves : 0.0;
  summary->optimal_ms_per_move = summary->optimal_game_moves > 0
                                 ? optimal_ms / summary->optimal_game_moves : 0.0;
  for (e = 1; e <= LH_MAX_EXPONENT; e++)
    if (summary->solver.reached[e] > 0 || summary->optimal.reached[e] > 0)
      summary->top_exponent = e;
}

static void
add_reached (JsonBuilder *builder, const LhCliGamesSummary *games, guint top_exponent)
{
  json_builder_set_member_name (builder, "reached");
  json_builder_begin_object (builder);
  for (guint e = 1; e <= top_exponent; e++)
    {
      char key[16];

      g_snprintf (key, sizeof key, "%u", lh_tile_value (e));
      lh_cli_json_add_double (builder, key, (double) games->reached[e] / games->n_games);
    }
  json_builder_end_object (builder);
}

void
lh_cli_versus_add_json (JsonBuilder              *builder,
                        const LhCliVersusSummary *summary)
{
  json_builder_set_member_name (builder, "versus_optimal");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "objective");
  json_builder_add_string_value (builder, "score");
  lh_cli_json_add_double (builder, "regret", summary->regret);
  lh_cli_json_add_double (builder, "regret_per_move", summary->regret_per_move);
  lh_cli_json_add_double (builder, "regret_per_game", summary->regret_per_game);
  json_builder_set_member_name (builder, "optimal_moves");
  json_builder_add_int_value (builder, (gint64) summary->optimal_moves);
  lh_cli_json_add_double (builder, "optimal_move_share", summary->optimal_move_share);
  add_reached (builder, &summary->solver, summary->top_exponent);

  json_builder_set_member_name (builder, "optimal");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "games");
  json_builder_add_int_value (builder, summary->n_games);
  lh_cli_json_add_double (builder, "expected_score", summary->expected_score);
  json_builder_set_member_name (builder, "score");
  json_builder_begin_object (builder);
  lh_cli_json_add_double (builder, "mean", summary->optimal.mean);
  lh_cli_json_add_double (builder, "median", summary->optimal.median);
  lh_cli_json_add_double (builder, "sd", summary->optimal.sd);
  lh_cli_json_add_double (builder, "min", summary->optimal.min);
  lh_cli_json_add_double (builder, "max", summary->optimal.max);
  json_builder_end_object (builder);
  add_reached (builder, &summary->optimal, summary->top_exponent);
  json_builder_set_member_name (builder, "max_tile_counts");
  json_builder_begin_object (builder);
  for (guint e = 1; e <= LH_MAX_EXPONENT; e++)
    if (summary->optimal_max_tile_counts[e] > 0)
      {
        char key[16];

        g_snprintf (key, sizeof key, "%u", lh_tile_value (e));
        json_builder_set_member_name (builder, key);
        json_builder_add_int_value (builder, summary->optimal_max_tile_counts[e]);
      }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "moves");
  json_builder_add_int_value (builder, (gint64) summary->optimal_game_moves);
  lh_cli_json_add_double (builder, "ms_per_move", summary->optimal_ms_per_move);
  json_builder_end_object (builder);

  json_builder_end_object (builder);
}

static double
percent (guint count, guint total)
{
  return total > 0 ? 100.0 * count / total : 0.0;
}

void
lh_cli_versus_print_text (const LhCliVersusSummary *summary,
                          double                    solver_ms_per_move)
{
  g_autoptr(LhCliTable) table = lh_cli_table_new ("lrr");
  guint n = summary->n_games;
  guint bottom = summary->top_exponent > TEXT_TILES ? summary->top_exponent - TEXT_TILES + 1 : 1;

  g_print ("\n");
  /* TRANSLATORS: the heading of bench --versus-optimal's table */
  g_print ("%s\n", _("Against optimal play (the exact solver, expected score; the same seeds)"));
  lh_cli_table_add (table, "\t%s\t%s", _("Solver"), _("Optimal"));
  lh_cli_table_add (table, "%s\t%.1f\t%.1f", _("Score mean"), summary->solver.mean, summary->optimal.mean);
  /* TRANSLATORS: V*(start): what optimal play scores on average from the start of a game */
  lh_cli_table_add (table, "%s\t\t%.1f", _("Expected score (from the start)"), summary->expected_score);
  for (guint e = summary->top_exponent; e >= bottom && e >= 1; e--)
    {
      g_autofree char *label = g_strdup_printf (_("Reached %u"), lh_tile_value (e));

      lh_cli_table_add (table, "%s\t%.1f %%\t%.1f %%", label,
                        percent (summary->solver.reached[e], n),
                        percent (summary->optimal.reached[e], n));
    }
  lh_cli_table_add (table, "%s\t%.1f\t%.1f", _("Moves per game"),
                    (double) summary->moves / n, (double) summary->optimal_game_moves / n);
  lh_cli_table_add (table, "%s\t%.4f\t%.4f", _("ms per move"), solver_ms_per_move,
                    summary->optimal_ms_per_move);
  /* TRANSLATORS: V*(s) - Q*(s, move): the expected points a move loses against optimal play */
  lh_cli_table_add (table, "%s\t%.4f\t%.4f", _("Regret per move (points)"), summary->regret_per_move, 0.0);
  lh_cli_table_add (table, "%s\t%.1f %%\t%.1f %%", _("Optimal moves"),
                    100.0 * summary->optimal_move_share, 100.0);
  lh_cli_table_add (table, "%s\t%.1f\t%.1f", _("Regret per game (points)"), summary->regret_per_game, 0.0);
  lh_cli_table_print (table);
}
