/* lh-cli-review.c: `lookahead-cli review FILE`, the analysis of a whole
 * game (lh-game-review.h) from its record (lh-game-record.h): what each
 * move cost, what each spawn gave or took, and the summary.
 *
 * The reviewer is the solver the options choose; with none, the default:
 * on boards of at most 9 cells the exact solver (the expected score), on
 * 4x4 expectimax at depth 2 with the shipped n-tuple network, on the other
 * sizes (5x5 ...) expectimax at depth 2 with the Balanced heuristic.  Every
 * game is reviewed, of every size and by either rules (the positions are
 * searched with lh_solver_search_wide()).
 * Positions are searched on --jobs worker threads (default: one per
 * processor), each with its own solver.
 */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"
#include "lh-cli-review.h"
#include "lh-cli-table.h"
#include "lh-exact.h"
#include "lh-game-review.h"
#include "lh-ntuple-file.h"

/* The default reviewer's depth on boards the exact solver does not solve. */
#define DEFAULT_REVIEW_DEPTH 2

static void
report_progress (guint index, guint n_done, guint n_positions, gpointer user_data)
{
  /* TRANSLATORS: progress line: positions reviewed / positions of the game */
  fputc ('\r', stderr);
  fprintf (stderr, _("Reviewed %u of %u positions"), n_done, n_positions);
  fputs ("\033[K", stderr);
}

/* The unit's name after a number. */
static const char *
unit_suffix (LhReviewUnit unit)
{
  switch (unit)
    {
    case LH_REVIEW_UNIT_POINTS: return _("points");
    case LH_REVIEW_UNIT_PROBABILITY: return _("pp");
    case LH_REVIEW_UNIT_SOLVER:
    case LH_N_REVIEW_UNITS:
    default: return _("(solver's units)");
    }
}

/* @value in the unit, for a table: points whole, chances in percentage points. */
static char *
format_value (LhReviewUnit unit, double value)
{
  if (isnan (value))
    return g_strdup ("—");
  if (unit == LH_REVIEW_UNIT_PROBABILITY)
    return g_strdup_printf ("%.2f", 100.0 * value);
  if (fabs (value) >= 100.0)
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.2f", value);
}

static const char *
describe_unit (LhReviewUnit unit)
{
  switch (unit)
    {
    case LH_REVIEW_UNIT_POINTS:
      return _("values in expected points still to score; classes by the share of the "
               "expected final score a move gives up");
    case LH_REVIEW_UNIT_PROBABILITY:
      return _("values in percentage points of the chance of the target tile");
    case LH_REVIEW_UNIT_SOLVER:
    case LH_N_REVIEW_UNITS:
    default:
      return _("values in the solver's own units (not points); classes by the share of "
               "the value above a lost position");
    }
}

static void
print_moves_text (LhGameReview *review)
{
  LhGameRecord *record = lh_game_review_get_record (review);
  LhGeometry geometry = lh_game_record_get_geometry (record);
  LhReviewUnit unit = lh_game_review_get_unit (review);
  guint n = lh_game_record_get_n_moves (record);
  g_autoptr(LhCliTable) table = lh_cli_table_new ("rllllrlrl");

  lh_cli_table_add (table, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s",
                    _("Move"), _("Board"), _("By"), _("Played"), _("Best"),
                    _("Error"), _("Class"), _("Luck"), _("Spawn"));
  for (guint i = 0; i < n; i++)
    {
      LhReviewMove move;
      g_autofree char *hex = NULL;
      g_autofree char *error = NULL;
      g_autofree char *luck = NULL;

      if (!lh_game_review_get_move (review, i, &move))
        continue;
      hex = lh_wide_board_to_hex (move.board, geometry);
      error = format_value (unit, move.error);
      luck = format_value (unit, move.luck);
      lh_cli_table_add (table, "%u\t%s\t%s\t%s%s\t%s\t%s\t%s\t%s\t%s",
                        i + 1, hex, lh_player_to_string (move.player),
                        lh_move_to_string (move.played), lh_error_class_get_mark (move.error_class),
                        lh_move_to_string (move.best), error,
                        lh_error_class_get_label (move.error_class), luck,
                        lh_luck_class_get_label (move.luck_class));
    }
  lh_cli_table_print (table);
}

static void
print_summary_text (LhGameReview *review, const LhReviewSummary *s)
{
  LhReviewUnit unit = s->unit;
  g_autoptr(LhCliTable) table = lh_cli_table_new ("ll");
  g_autofree char *start = format_value (unit, s->start_outcome);
  g_autofree char *end = format_value (unit, s->end_outcome);
  g_autofree char *total_error = format_value (unit, s->total_error);
  g_autofree char *total_luck = format_value (unit, s->total_luck);
  g_autofree char *rate = format_value (unit, s->error_rate);
  g_autofree char *gap = format_value (unit, s->identity_gap);
  g_autofree char *mean_luck = format_value (unit, s->mean_spawn_luck);
  g_autofree char *luck_sem = format_value (unit, s->spawn_luck_sem);
  g_autofree char *spawn_luck = format_value (unit, s->total_spawn_luck);
  g_autofree char *drift = format_value (unit, s->total_drift);
  g_autoptr(GString) largest = g_string_new (NULL);

  for (guint k = 0; k < s->n_largest; k++)
    {
      LhReviewMove move;
      g_autofree char *error = NULL;

      lh_game_review_get_move (review, s->largest[k], &move);
      error = format_value (unit, move.error);
      /* TRANSLATORS: one of the largest errors: "143 left (best up) −1240" */
      g_string_append_printf (largest, "%s%u %s (%s %s) −%s", k > 0 ? ", " : "",
                              s->largest[k] + 1, lh_move_to_string (move.played), _("best"),
                              lh_move_to_string (move.best), error);
    }

  lh_cli_table_add (table, "%s\t%u (%u %s)", _("Moves reviewed"), s->n_reviewed,
                    s->n_with_choice, _("with a choice"));
  lh_cli_table_add (table, "%s\t%.1f", _("Accuracy"), s->accuracy);
  lh_cli_table_add (table, "%s\t%s %s", _("Error rate (per move with a choice)"), rate,
                    unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%u / %u / %u", _("Inaccuracies / mistakes / blunders"),
                    s->error_counts[LH_ERROR_INACCURACY], s->error_counts[LH_ERROR_MISTAKE],
                    s->error_counts[LH_ERROR_BLUNDER]);
  lh_cli_table_add (table, "%s\t%u / %u / %u / %u", _("Spawns very lucky / lucky / unlucky / very unlucky"),
                    s->luck_counts[LH_LUCK_VERY_LUCKY], s->luck_counts[LH_LUCK_LUCKY],
                    s->luck_counts[LH_LUCK_UNLUCKY], s->luck_counts[LH_LUCK_VERY_UNLUCKY]);
  lh_cli_table_add (table, "%s\t%s %s", _("Expected outcome at the start"), start, unit_suffix (unit));
  lh_cli_table_add (table, "%s\t−%s %s", _("Lost to the moves (total error)"), total_error,
                    unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%s %s", _("Given by the spawns (total luck)"), total_luck,
                    unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%s %s", _("  of which the spawns themselves"), spawn_luck,
                    unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%s %s", _("  of which the reviewer's drift between depths"), drift,
                    unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%s %s", _("Outcome at the end"), end, unit_suffix (unit));
  lh_cli_table_add (table, "%s\t%s", _("Start − error + luck − end"), gap);
  lh_cli_table_add (table, "%s\t%s ± %s", _("Mean spawn luck per move"), mean_luck, luck_sem);
  if (s->n_largest > 0)
    lh_cli_table_add (table, "%s\t%s", _("Largest errors"), largest->str);
  if (s->turning_point >= 0)
    {
      g_autofree char *drop = format_value (unit, s->turning_drop);

      lh_cli_table_add (table, "%s\t%s %d (−%s %s)", _("Turning point"), _("move"),
                        s->turning_point + 1, drop, unit_suffix (unit));
    }
  lh_cli_table_print (table);
}

static void
add_values (JsonBuilder *builder, const LhReviewMove *move)
{
  json_builder_set_member_name (builder, "values");
  json_builder_begin_object (builder);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (move->legal[m])
      lh_cli_json_add_double (builder, lh_move_to_string ((LhMove) m), move->values[m]);
  json_builder_end_object (builder);
}

static void
print_moves_json (LhGameReview *review)
{
  LhGameRecord *record = lh_game_review_get_record (review);
  LhGeometry geometry = lh_game_record_get_geometry (record);
  guint n = lh_game_record_get_n_moves (record);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autofree char *hex = NULL;
      LhReviewMove move;

      if (!lh_game_review_get_move (review, i, &move))
        continue;
      hex = lh_wide_board_to_hex (move.board, geometry);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "index");
      json_builder_add_int_value (builder, i);
      json_builder_set_member_name (builder, "board");
      json_builder_add_string_value (builder, hex);
      json_builder_set_member_name (builder, "score");
      json_builder_add_int_value (builder, (gint64) move.score);
      json_builder_set_member_name (builder, "by");
      json_builder_add_string_value (builder, lh_player_to_string (move.player));
      json_builder_set_member_name (builder, "move");
      json_builder_add_string_value (builder, lh_move_to_string (move.played));
      json_builder_set_member_name (builder, "best");
      json_builder_add_string_value (builder, lh_move_to_string (move.best));
      add_values (builder, &move);
      lh_cli_json_add_double (builder, "value", move.value);
      lh_cli_json_add_double (builder, "error", move.error);
      lh_cli_json_add_double (builder, "error_scaled", move.error_scaled);
      json_builder_set_member_name (builder, "class");
      json_builder_add_string_value (builder, lh_error_class_to_string (move.error_class));
      json_builder_set_member_name (builder, "points");
      json_builder_add_int_value (builder, move.points);
      lh_cli_json_add_double (builder, "value_after", move.value_after);
      lh_cli_json_add_double (builder, "luck", move.luck);
      lh_cli_json_add_double (builder, "spawn_luck", move.spawn_luck);
      lh_cli_json_add_double (builder, "drift", move.drift);
      lh_cli_json_add_double (builder, "luck_scaled", move.luck_scaled);
      json_builder_set_member_name (builder, "luck_class");
      json_builder_add_string_value (builder, lh_luck_class_to_string (move.luck_class));
      lh_cli_json_add_double (builder, "accuracy", move.accuracy);
      lh_cli_json_add_double (builder, "outcome", move.outcome);
      json_builder_end_object (builder);
      lh_cli_print_json_line (builder);
    }
}

static const char *const unit_names[LH_N_REVIEW_UNITS] = { "points", "probability", "solver" };

static void
print_summary_json (LhGameReview *review, const LhReviewSummary *s)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "summary");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "unit");
  json_builder_add_string_value (builder, unit_names[s->unit]);
  lh_cli_json_add_solver_params (builder, "reviewer", lh_game_review_get_params (review));
  json_builder_set_member_name (builder, "moves");
  json_builder_add_int_value (builder, s->n_moves);
  json_builder_set_member_name (builder, "moves_with_choice");
  json_builder_add_int_value (builder, s->n_with_choice);
  json_builder_set_member_name (builder, "start_score");
  json_builder_add_int_value (builder, (gint64) s->start_score);
  json_builder_set_member_name (builder, "score");
  json_builder_add_int_value (builder, (gint64) s->final_score);
  lh_cli_json_add_double (builder, "start_value", s->start_value);
  lh_cli_json_add_double (builder, "start_outcome", s->start_outcome);
  lh_cli_json_add_double (builder, "end_value", s->end_value);
  lh_cli_json_add_double (builder, "end_outcome", s->end_outcome);
  lh_cli_json_add_double (builder, "total_error", s->total_error);
  lh_cli_json_add_double (builder, "total_luck", s->total_luck);
  lh_cli_json_add_double (builder, "identity_gap", s->identity_gap);
  lh_cli_json_add_double (builder, "error_rate", s->error_rate);
  lh_cli_json_add_double (builder, "accuracy", s->accuracy);
  lh_cli_json_add_double (builder, "total_spawn_luck", s->total_spawn_luck);
  lh_cli_json_add_double (builder, "total_drift", s->total_drift);
  lh_cli_json_add_double (builder, "mean_loss", s->mean_loss);
  lh_cli_json_add_double (builder, "mean_spawn_luck", s->mean_spawn_luck);
  lh_cli_json_add_double (builder, "spawn_luck_sem", s->spawn_luck_sem);
  lh_cli_json_add_double (builder, "person_error", s->person_error);
  lh_cli_json_add_double (builder, "ai_error", s->ai_error);
  json_builder_set_member_name (builder, "classes");
  json_builder_begin_object (builder);
  for (guint c = 0; c < LH_N_ERROR_CLASSES; c++)
    {
      json_builder_set_member_name (builder, lh_error_class_to_string ((LhErrorClass) c));
      json_builder_add_int_value (builder, s->error_counts[c]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "luck_classes");
  json_builder_begin_object (builder);
  for (guint c = 0; c < LH_N_LUCK_CLASSES; c++)
    {
      json_builder_set_member_name (builder, lh_luck_class_to_string ((LhLuckClass) c));
      json_builder_add_int_value (builder, s->luck_counts[c]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "largest_errors");
  json_builder_begin_array (builder);
  for (guint k = 0; k < s->n_largest; k++)
    json_builder_add_int_value (builder, s->largest[k]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "turning_point");
  if (s->turning_point >= 0)
    json_builder_add_int_value (builder, s->turning_point);
  else
    json_builder_add_null_value (builder);
  lh_cli_json_add_double (builder, "turning_drop", s->turning_drop);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  lh_cli_print_json_line (builder);
}

/* The default reviewer for @geometry (see the file's comment); @network
 * gets the shipped network when it needs one. */
static gboolean
default_reviewer (LhGeometry       geometry,
                  LhSolverParams  *params,
                  LhNtuple       **network,
                  GError         **error)
{
  g_autofree char *path = NULL;

  if ((guint) geometry.rows * geometry.cols <= LH_EXACT_MAX_CELLS)
    {
      params->kind = LH_SOLVER_EXACT;
      return TRUE;
    }
  params->kind = LH_SOLVER_EXPECTIMAX;
  params->depth = DEFAULT_REVIEW_DEPTH;
  /* The shipped network is 4x4's: the heuristic reviews the other sizes,
   * as the window's review does (lh_review_default_params()). */
  if (!lh_geometry_equal (geometry, LH_GEOMETRY_DEFAULT))
    return TRUE;
  path = lh_ntuple_file_get_shipped_path ();
  *network = lh_ntuple_file_load (path, NULL, error);
  if (*network == NULL)
    return FALSE;
  params->evaluator = LH_EVALUATOR_NTUPLE;
  params->network = *network;
  return TRUE;
}

int
lh_cli_review (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGameRecord) record = NULL;
  g_autoptr(LhGameReview) review = NULL;
  g_autoptr(LhNtuple) network = NULL;
  g_auto(GStrv) paths = NULL;
  g_auto(LhCliSearchOptions) search = { 0 };
  g_autofree char *heuristic_help = NULL;
  g_autofree char *description = NULL;
  LhSolverParams params;
  LhReviewSummary summary;
  gboolean json = FALSE, show_progress, ok;
  int n_jobs = (int) MIN (g_get_num_processors (), LH_MAX_THREADS);
  int status;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write JSON Lines: one object a move, then {\"summary\": …}"), NULL },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      N_("Worker threads searching positions side by side, each with its own solver (default: one per processor)"), N_("J") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("FILE") },
    { NULL }
  };

  lh_cli_search_options_init (&search, 0);
  heuristic_help = lh_cli_heuristic_help ();
  description = g_strconcat (
    _("Reviews a whole game from its record (a file of Export Game… or of\n"
      "“lookahead-cli bench --record DIR”; docs/game-record.md): for every\n"
      "position s_i a reviewer gives the value Q(s_i, m) of each legal move and\n"
      "V(s_i), the best; then for move i\n"
      "  error  e_i = V(s_i) − Q(s_i, played)          0 for the best move\n"
      "  luck   l_i = V(s_i+1) − (Q(s_i, played) − r_i)  what the spawn gave or took\n"
      "where r_i is the move's points (counted only when the values are points),\n"
      "so that exactly: expected outcome at the start − Σ e + Σ l = outcome at the\n"
      "end (for a finished game from score 0: the final score).  Moves are classed\n"
      "inaccuracy (?!), mistake (?) and blunder (?\?) by the share of the expected\n"
      "final score they give up (1.5, 3 and 6 %, GNU Backgammon's thresholds as\n"
      "shares of the stake), or with the tile objective by percentage points of the\n"
      "chance of the target (5, 10 and 15, Lichess's); spawns lucky or unlucky at\n"
      "twice the mistake threshold, very so at twice the blunder one.  Accuracy is\n"
      "KaTrain's, 100 × 0.75^x, x the mean error on that scale of the moves with a\n"
      "choice, each weighted by its position's complexity as KaTrain weighs it.\n"
      "\n"
      "The reviewer: with no solver option, the exact solver (expected score) on\n"
      "boards of at most 9 cells and expectimax at depth 2 with the shipped\n"
      "network on larger ones; otherwise the solver the options choose.  With the\n"
      "exact solver the luck is the spawn's pure deviation from its expectation;\n"
      "with expectimax it also holds the search's own inconsistency, split out as\n"
      "the drift: the next position's value at full depth minus its value one ply\n"
      "shallower, the depth it had inside the search of the move (the rest, the\n"
      "spawn's own luck, averages 0 over the spawns and classes them).\n"
      "\n"
      "Prints a table of every move (number from 1, board before it in hex form,\n"
      "who played it, the move, the best move, error, class, luck, luck class) and\n"
      "the summary; a progress line goes to standard error when it is a terminal.\n"
      "With --json: JSON Lines, one object a move with index (from 0), board,\n"
      "score, by, move, best, values {move: Q}, value, error, error_scaled,\n"
      "class, points, value_after, luck, spawn_luck, drift, luck_scaled,\n"
      "luck_class, accuracy, outcome; then {\"summary\": {unit, reviewer, moves,\n"
      "moves_with_choice, start_score, score, start_value, start_outcome,\n"
      "end_value, end_outcome, total_error, total_luck, total_spawn_luck,\n"
      "total_drift, identity_gap, error_rate, mean_loss, accuracy,\n"
      "mean_spawn_luck, spawn_luck_sem, person_error, ai_error, classes,\n"
      "luck_classes, largest_errors, turning_point, turning_drop}}.  A file that cannot be read exits 1 with a\n"
      "message that names it and what is wrong.\n"
      "\n"
      "Examples:\n"
      "  lookahead-cli bench --games 5 --depth 3 --record games\n"
      "  lookahead-cli review games/game-000001.json\n"
      "  lookahead-cli review --depth 3 --evaluator ntuple --weights net.lhnet game.json --json"),
    "\n\n", heuristic_help, NULL);
  context = lh_cli_command_context_new (command, description, entries, &search);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL)
    return lh_cli_usage_error (_("review needs one game record FILE"));
  if (!lh_cli_check_int_range ("--jobs", n_jobs, 1, LH_MAX_THREADS, &error))
    return lh_cli_usage_error ("%s", error->message);

  record = lh_game_record_load (paths[0], &error);
  if (record == NULL)
    return lh_cli_failure ("%s", error->message);

  if (!lh_cli_search_options_to_params (&search, &params, &error)
      || !lh_cli_search_options_check_geometry (&search, lh_game_record_get_geometry (record),
                                                &error))
    return lh_cli_usage_error ("%s", error->message);
  if (!lh_cli_search_options_any_given (&search)
      && !default_reviewer (lh_game_record_get_geometry (record), &params, &network, &error))
    return lh_cli_failure (_("the review failed: %s"), error->message);

  review = lh_game_review_new (record, &params);
  show_progress = isatty (STDERR_FILENO);
  ok = lh_game_review_run (review, (guint) n_jobs, show_progress ? report_progress : NULL, NULL,
                           NULL, &error);
  if (show_progress)
    fputs ("\r\033[K", stderr);
  if (!ok)
    return lh_cli_failure (_("the review failed: %s"), error->message);

  lh_game_review_summarize (review, &summary);
  if (json)
    {
      print_moves_json (review);
      print_summary_json (review, &summary);
    }
  else
    {
      g_autoptr(LhCliTable) head = lh_cli_table_new ("ll");
      g_autofree char *name = g_filename_display_basename (paths[0]);
      LhGeometry geometry = lh_game_record_get_geometry (record);

      lh_cli_table_add (head, "%s\t%s, %u×%u, %u %s, %s %" G_GUINT64_FORMAT "%s", _("Game"),
                        name, geometry.rows, geometry.cols, summary.n_moves, _("moves"),
                        _("score"), summary.final_score,
                        lh_game_record_is_over (record) ? _(" (over)") : "");
      if (lh_game_record_get_source (record) != NULL)
        lh_cli_table_add (head, "%s\t%s", _("Played by"), lh_game_record_get_source (record));
      lh_cli_table_add_solver_params (head, &params);
      lh_cli_table_add (head, "%s\t%s", _("Unit"), describe_unit (summary.unit));
      lh_cli_table_print (head);
      fputc ('\n', stdout);
      print_moves_text (review);
      fputc ('\n', stdout);
      print_summary_text (review, &summary);
    }
  return lh_cli_finish_output ();
}
