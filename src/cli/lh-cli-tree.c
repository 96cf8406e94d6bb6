/* lh-cli-tree.c: `lookahead-cli tree`, the search tree of one position as a
 * file: JSON (lh-search-tree-json.h), SVG or PNG (lh-tree-export.h). */

#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-options.h"
#include "lh-cli-tree.h"
#include "lh-search-tree-json.h"
#include "lh-tree-export.h"

/* Device pixels per layout unit in a PNG: sharp enough for a report. */
#define PNG_SCALE 2.0

int
lh_cli_tree (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(LhSearchTree) tree = NULL;
  g_autofree char *board_text = NULL;
  g_autofree char *json_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autofree char *png_path = NULL;
  g_autofree char *rules_text = NULL;
  gint max_nodes = LH_SEARCH_TREE_DEFAULT_NODES;
  g_auto(LhCliSearchOptions) search = { 0 };
  LhSolverParams params;
  LhSolverResult result;
  LhGeometry geometry;
  LhWideBoard board;
  LhRules rules;
  int status;
  const GOptionEntry entries[] = {
    { "board", 'b', 0, G_OPTION_ARG_STRING, &board_text,
      N_("The position, in tiles or hex form (required): 2 to 5 rows and columns, tiles up to "
         "2^31 (hex digits g to v past f)"), N_("BOARD") },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      N_("The rules of --board, as analyze's --rules"), N_("RULES") },
    { "max-nodes", 'n', 0, G_OPTION_ARG_INT, &max_nodes,
      N_("Node budget of the record, 1 to 1000000 (default 20000)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path,
      N_("Write the record as JSON to FILE"), N_("FILE") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path,
      N_("Write the tree as an SVG figure to FILE"), N_("FILE") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path,
      N_("Write the tree as a PNG image to FILE"), N_("FILE") },
    { NULL }
  };

  lh_cli_search_options_init (&search, LH_CLI_SEARCH_TIME_BUDGET);
  context = lh_cli_command_context_new (command,
    _("The record keeps the top plies of the search tree whole and, below them,\n"
      "the most probable branches, within --max-nodes nodes; the search itself is\n"
      "not limited.  With --solver mcts the record is the UCT tree grown by the\n"
      "iterations; the solver options are analyze's.  At least one of --json, --svg\n"
      "and --png is required; files are replaced atomically.\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli tree --board \"2 2 0 0/0 4 0 0/0 0 0 0/0 0 0 2\" --depth 2 \\\n"
      "      --max-nodes 500 --svg tree.svg --json tree.json\n"
      "  lookahead-cli tree --board 1100020000000001 --solver mcts --iterations 200 \\\n"
      "      --json mcts.json\n"
      "\n"
      "The JSON file is one object: {\"format\": \"lookahead-search-tree\",\n"
      "\"version\": 1, \"solver\", \"depth\", \"rows\", \"cols\" (2 to 5), \"max_nodes\",\n"
      "\"truncated\", \"nodes\": [{\"id\", \"parent\", \"kind\" (player, chance or leaf),\n"
      "\"board\" (hex form, g to v past f), \"depth\" (ply), \"value\", \"probability\",\n"
      "\"visits\", "
      "\"move\" or \"spawn\" {\"row\", \"col\", \"tile\"}}, ...]},\n"
      "each node after its parent.\n"
      "A summary goes to standard output."),
    entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (board_text == NULL)
    return lh_cli_usage_error (_("--board is required"));
  if (json_path == NULL && svg_path == NULL && png_path == NULL)
    return lh_cli_usage_error (_("one of --json, --svg or --png is required"));
  if (!lh_cli_check_int_range ("--max-nodes", max_nodes, 1, LH_SEARCH_TREE_MAX_NODES, &error) ||
      !lh_cli_parse_wide_board_option ("--board", board_text, &board, &geometry, &error) ||
      !lh_cli_rules_for_board ("--board", rules_text, geometry, board, &rules, &error) ||
      !lh_cli_search_options_to_params (&search, &params, &error) ||
      !lh_cli_search_options_check_geometry (&search, geometry, &error))
    return lh_cli_usage_error ("%s", error->message);

  tree = lh_search_tree_new ((guint) max_nodes);
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  if (solver == NULL)
    return lh_cli_failure (_("could not create the solver: %s"), error->message);
  if (!lh_solver_search_wide (solver, board, geometry, rules, NULL, NULL, NULL, &result, &error))
    return lh_cli_failure (_("the search failed: %s"), error->message);

  if (json_path != NULL &&
      !lh_search_tree_to_json_file (tree, lh_solver_kind_to_string (params.kind), result.depth, json_path,
                                    &error))
    return lh_cli_failure (_("could not write %s: %s"), json_path, error->message);
  if (svg_path != NULL && !lh_tree_export_svg (tree, NULL, svg_path, &error))
    return lh_cli_failure (_("could not write %s: %s"), svg_path, error->message);
  if (png_path != NULL && !lh_tree_export_png (tree, NULL, PNG_SCALE, png_path, &error))
    return lh_cli_failure (_("could not write %s: %s"), png_path, error->message);

  {
    g_autofree char *hex = lh_wide_board_to_hex (board, geometry);
    /* TRANSLATORS: summary of `lookahead-cli tree`: board (hex), depth in
     * player moves, nodes recorded, node budget, then a note when full */
    g_print (_("Board %s, depth %u: %u of %u nodes recorded%s\n"), hex, result.depth,
             lh_search_tree_get_n_nodes (tree), lh_search_tree_get_max_nodes (tree),
             lh_search_tree_is_full (tree)
             /* TRANSLATORS: appended to the summary when the budget dropped nodes */
             ? _(" (budget reached: the least probable branches were left out)") : "");
  }
  return lh_cli_finish_output ();
}
