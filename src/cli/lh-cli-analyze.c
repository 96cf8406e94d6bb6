/* lh-cli-analyze.c: `lookahead-cli analyze`, one search of one position
 * (--board), or of every position of a file (--positions,
 * lh-cli-analyze-batch.c).
 *
 * Prints the solver's parameters, the value of every legal move (the
 * solver's units: heuristic points for expectimax and the hybrid, the
 * playout measure for the sampling solvers) with, for the sampling
 * solvers, its visits (MCTS) or playouts (Monte Carlo) and the standard
 * error of its value (LhSolverResult.std_errors), the move chosen,
 * and the search's counters: nodes (player moves tried), depth (player
 * moves), deepest ply, transposition-table hits, playouts, iterations and
 * wall time in ms.
 */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-analyze.h"
#include "lh-cli-analyze-batch.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-table.h"
#include "lh-exact.h"
#include "lh-solver-registry.h"
#include "lh-exact-cache.h"
#include "lh-exact-file.h"

static void
print_json (LhWideBoard            board,
            LhGeometry             geometry,
            LhRules                rules,
            const LhSolverParams  *params,
            const LhSolverResult  *result)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *hex = lh_wide_board_to_hex (board, geometry);
  guint m;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, hex);
  json_builder_set_member_name (builder, "rules");
  json_builder_add_string_value (builder, lh_rules_to_string (rules));
  json_builder_set_member_name (builder, "solver");
  json_builder_add_string_value (builder, lh_solver_kind_to_string (params->kind));
  lh_cli_json_add_solver_params (builder, "parameters", params);
  lh_cli_heuristic_add_json (builder, "heuristic", &params->heuristic);
  json_builder_set_member_name (builder, "move");
  if (result->move == LH_MOVE_NONE)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, lh_move_to_string ((LhMove) result->move));

  json_builder_set_member_name (builder, "moves");
  json_builder_begin_object (builder);
  for (m = 0; m < LH_N_MOVES; m++)
    {
      json_builder_set_member_name (builder, lh_move_to_string ((LhMove) m));
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "legal");
      json_builder_add_boolean_value (builder, result->legal[m]);
      if (result->legal[m])
        lh_cli_json_add_double (builder, "value", result->values[m]);
      else
        {
          json_builder_set_member_name (builder, "value");
          json_builder_add_null_value (builder);
        }
      lh_cli_json_add_visits (builder, result->legal[m], result->visits[m]);
      /* Only where defined: the sampling solvers' moves with 2 samples or more. */
      if (result->legal[m] && isfinite (result->std_errors[m]))
        lh_cli_json_add_double (builder, "std_error", result->std_errors[m]);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "nodes");
  json_builder_add_int_value (builder, (gint64) result->nodes);
  json_builder_set_member_name (builder, "depth");
  json_builder_add_int_value (builder, result->depth);
  json_builder_set_member_name (builder, "max_ply");
  json_builder_add_int_value (builder, result->max_ply);
  json_builder_set_member_name (builder, "cache_hits");
  json_builder_add_int_value (builder, (gint64) result->cache_hits);
  json_builder_set_member_name (builder, "playouts");
  json_builder_add_int_value (builder, (gint64) result->playouts);
  json_builder_set_member_name (builder, "iterations");
  json_builder_add_int_value (builder, (gint64) result->iterations);
  lh_cli_json_add_double (builder, "ms", result->elapsed_ms);
  json_builder_end_object (builder);

  lh_cli_print_json (builder);
}

static void
print_text (LhWideBoard           board,
            LhGeometry            geometry,
            LhRules               rules,
            const LhSolverParams *params,
            const LhSolverResult *result)
{
  /* The sampling solvers count visits (MCTS) or playouts per move. */
  gboolean sampling = lh_solver_kind_uses (params->kind, LH_SOLVER_USES_PLAYOUTS) || params->kind == LH_SOLVER_MCTS;
  /* Exact values: points or probabilities, to ten digits; no search counters. */
  gboolean exact = params->kind == LH_SOLVER_EXACT;
  const char *count_label = params->kind == LH_SOLVER_MCTS ? _("Visits") : _("Playouts");
  g_autoptr(LhCliTable) settings = lh_cli_table_new ("ll");
  g_autoptr(LhCliTable) moves = lh_cli_table_new (sampling ? "lrrrl" : "lrl");
  g_autoptr(LhCliTable) counters = lh_cli_table_new ("ll");
  g_autofree char *tiles = lh_wide_board_to_tiles (board, geometry);
  g_autofree char *hex = lh_wide_board_to_hex (board, geometry);
  guint m;

  /* TRANSLATORS: "Board: 2 0 0 4/... (hex 1002...)" */
  g_print (_("Board: %s (hex %s)\n\n"), tiles, hex);

  lh_cli_table_add_solver_params (settings, params);
  lh_cli_table_add (settings, "%s\t%s", _("Rules"), lh_rules_to_string (rules));
  lh_cli_table_print (settings);
  g_print ("\n");

  if (sampling)
    /* TRANSLATORS: the column of the standard error of each value */
    lh_cli_table_add (moves, "%s\t%s\t%s\t%s\t", _("Move"), _("Value"), _("± std. error"),
                      count_label);
  else
    lh_cli_table_add (moves, "%s\t%s\t", _("Move"), _("Value"));
  for (m = 0; m < LH_N_MOVES; m++)
    {
      const char *chosen = (int) m == result->move ? _("← chosen") : "";

      if (!result->legal[m])
        lh_cli_table_add (moves, "%s\t%s\t", lh_move_to_string ((LhMove) m),
                          /* TRANSLATORS: in the value column, for a move that changes nothing */
                          _("illegal"));
      else if (sampling)
        {
          g_autofree char *error_text = isfinite (result->std_errors[m])
                                        ? g_strdup_printf ("± %.2f", result->std_errors[m])
                                        : g_strdup ("");

          lh_cli_table_add (moves, "%s\t%.2f\t%s\t%" G_GUINT64_FORMAT "\t%s",
                            lh_move_to_string ((LhMove) m), result->values[m], error_text,
                            result->visits[m], chosen);
        }
      else
        lh_cli_table_add (moves, exact ? "%s\t%.10g\t%s" : "%s\t%.2f\t%s", lh_move_to_string ((LhMove) m),
                          result->values[m], chosen);
    }
  lh_cli_table_print (moves);
  g_print ("\n");

  lh_cli_table_add (counters, "%s\t%s", _("Move:"),
                    result->move == LH_MOVE_NONE
                    /* TRANSLATORS: the chosen move when no move is legal */
                    ? _("none (game over)")
                    : lh_move_to_string ((LhMove) result->move));
  if (exact)
    lh_cli_table_add (counters, "%s\t%" G_GUINT64_FORMAT, _("Positions solved:"), result->nodes);
  else
    {
      lh_cli_table_add (counters, "%s\t%" G_GUINT64_FORMAT, _("Nodes:"), result->nodes);
      lh_cli_table_add (counters, "%s\t%u", _("Depth:"), result->depth);
      lh_cli_table_add (counters, "%s\t%u", _("Max ply:"), result->max_ply);
      lh_cli_table_add (counters, "%s\t%" G_GUINT64_FORMAT, _("Cache hits:"), result->cache_hits);
    }
  if (sampling)
    {
      lh_cli_table_add (counters, "%s\t%" G_GUINT64_FORMAT, _("Playouts:"), result->playouts);
      if (params->kind == LH_SOLVER_MCTS)
        lh_cli_table_add (counters, "%s\t%" G_GUINT64_FORMAT, _("Iterations:"), result->iterations);
    }
  /* (Three significant digits: a shallow search takes microseconds.) */
  /* TRANSLATORS: the search time; %.3g is a number of milliseconds */
  lh_cli_table_add (counters, "%s\t%.3g ms", _("Time:"), result->elapsed_ms);
  lh_cli_table_print (counters);
}

int
lh_cli_analyze (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSolver) solver = NULL;
  g_autofree char *board_text = NULL;
  g_autofree char *positions = NULL;
  g_autofree char *solution_path = NULL;
  g_autofree char *rules_text = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  gboolean json = FALSE;
  LhSolverParams params;
  LhSolverResult result;
  LhGeometry geometry;
  LhWideBoard board;
  LhRules rules;
  int status;
  const GOptionEntry entries[] = {
    { "board", 'b', 0, G_OPTION_ARG_STRING, &board_text,
      N_("The position, in tiles or hex form: 2 to 5 rows and columns, tiles up to 2^31 "
         "(hex digits g to v past f); Perfect Play takes boards of up to 9 cells"), N_("BOARD") },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      N_("The rules of --board: 2048 (two 32768s merge; the default for boards with a side of 5 "
         "or a tile above 32768) or 2048-32768 (tiles capped at 32768; the default for the "
         "others)"), N_("RULES") },
    { "positions", 0, 0, G_OPTION_ARG_FILENAME, &positions,
      N_("Analyse every position of FILE (one board a line; - for standard input) with one solver"),
      N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the result as JSON"), NULL },
    { "solution", 0, 0, G_OPTION_ARG_FILENAME, &solution_path,
      N_("The exact solver's solution file (lookahead-cli solve --out FILE); by default the user's "
         "cache, else the board is solved first"), N_("FILE") },
    { NULL }
  };

  lh_cli_search_options_init (&search, LH_CLI_SEARCH_TIME_BUDGET);
  context = lh_cli_command_context_new (command,
    _("Values are in heuristic points for expectimax and the hybrid (only\n"
      "differences matter), in the playout measure (--measure) for mcts, montecarlo\n"
      "and mdp-mc; the sampling solvers also show each move's visits (mcts) or\n"
      "playouts and the standard error of its value.  Nodes are player moves tried\n"
      "(tree and playout moves); depth is in player moves; max ply is the deepest\n"
      "ply reached.  Each solver starts from its reference settings (the defaults\n"
      "above); only the options given change them, and an option the solver does\n"
      "not use is an error.\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli analyze --board \"2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2\" --depth 4\n"
      "  lookahead-cli analyze --board 1100020000000001 --solver mcts --iterations 2000\n"
      "  lookahead-cli analyze --positions boards.txt --preset nneonneo --json\n"
      "\n"
      "--positions analyses one board a line (tiles or hex form; blank lines and\n"
      "lines starting with # are skipped) with one solver, printing each line as it\n"
      "is searched: a table (line, board, move, the value of each move, nodes, ms),\n"
      "or with --json one object a line:\n"
      "  {\"line\": N, \"board\": HEX, \"move\": \"left\", \"values\": {\"up\": V or null, ...},\n"
      "   \"std_errors\": {...} (sampling solvers), \"nodes\": N, \"depth\": D, \"ms\": T}\n"
      "where ms is the search's wall time alone.  At a line that is not a board the\n"
      "run stops with a message naming the line and exit status 1, after the lines\n"
      "before it were printed.\n"
      "\n"
      "With --json the output is one object:\n"
      "  {\"board\": HEX, \"solver\": NAME, \"parameters\": {\"solver\": NAME, ...},\n"
      "   \"heuristic\": {\"empty_weight\": W, ...},\n"
      "   \"move\": \"left\" (null when no move is legal),\n"
      "   \"moves\": {\"up\": {\"legal\": true, \"value\": V, \"visits\": N,\n"
      "                     \"std_error\": E}, ...},\n"
      "   \"nodes\": N, \"depth\": D, \"max_ply\": P, \"cache_hits\": H,\n"
      "   \"playouts\": N, \"iterations\": N, \"ms\": T}\n"
      "\"parameters\" holds the options the solver uses, named as the options with\n"
      "'_' for '-'; \"heuristic\" every heuristic parameter (--preset, --set);\n"
      "\"visits\" is null for an illegal move and 0 for expectimax. \"std_error\", the\n"
      "standard error of \"value\" (value ± 1.96 std_error is a 95 per cent\n"
      "confidence interval), is there only for a legal move of mcts, montecarlo or mdp-mc with\n"
      "2 samples or more.\n"
      "\n"
      "The exact solver (--solver exact, boards of at most 9 cells) gives each\n"
      "move's optimal value: with --objective score the expected points still to\n"
      "be scored when the move is played and optimal play follows (its own points\n"
      "included), with --objective tile:T the probability that a tile of at least T\n"
      "appears.  Its solution comes from --solution FILE, else the user's cache\n"
      "(lookahead-cli solve), else it is solved first and cached (3x3: 15 s)."),
    entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if ((board_text == NULL) == (positions == NULL))
    return lh_cli_usage_error (_("give either --board or --positions"));
  if (!lh_cli_search_options_to_params (&search, &params, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (solution_path != NULL)
    {
      g_autoptr(LhExactSolution) solution = NULL;
      LhExactRules exact_rules;

      if (params.kind != LH_SOLVER_EXACT)
        return lh_cli_usage_error (_("--solution goes with --solver exact"));
      solution = lh_exact_solution_load (solution_path, &error);
      if (solution == NULL)
        return lh_cli_failure ("%s", error->message);
      lh_exact_params_get_rules (&params.exact, &exact_rules, NULL);
      if (!lh_exact_rules_equal (lh_exact_solution_get_rules (solution), &exact_rules))
        {
          g_autofree char *file_rules = lh_exact_rules_describe (lh_exact_solution_get_rules (solution));
          g_autofree char *asked = lh_exact_rules_describe (&exact_rules);

          return lh_cli_usage_error (_("--solution: the file solves for %s, the options ask for %s"),
                                     file_rules, asked);
        }
      lh_exact_cache_add (solution);
    }
  if (positions != NULL)
    return lh_cli_analyze_positions (positions, &params, json);
  if (!lh_cli_parse_wide_board_option ("--board", board_text, &board, &geometry, &error) ||
      !lh_cli_rules_for_board ("--board", rules_text, geometry, board, &rules, &error) ||
      !lh_cli_search_options_check_geometry (&search, geometry, &error))
    return lh_cli_usage_error ("%s", error->message);

  solver = lh_solver_new (&params, &error);
  if (solver == NULL)
    return lh_cli_failure (_("could not create the solver: %s"), error->message);

  if (!lh_solver_search_wide (solver, board, geometry, rules, NULL, NULL, NULL, &result, &error))
    return lh_cli_failure (_("the search failed: %s"), error->message);

  if (json)
    print_json (board, geometry, rules, &params, &result);
  else
    print_text (board, geometry, rules, &params, &result);

  return lh_cli_finish_output ();
}
