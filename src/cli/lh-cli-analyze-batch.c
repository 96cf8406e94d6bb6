/* lh-cli-analyze-batch.c: one solver over many positions (see lh-cli-analyze-batch.h). */
#include "lh-config.h"
#include "lh-cli-analyze-batch.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-common.h"
#include "lh-cli-json.h"

/* A line longer than this is no board (the longest board text, 4x4 tiles
 * form with 5-digit tiles, is under 100 bytes): it is refused without
 * being read whole or echoed. */
#define MAX_LINE 4096

static void
print_json_line (gulong line_number, LhBoard board, LhGeometry geometry, const LhSolverResult *result)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *hex = lh_board_to_hex (board, geometry);
  gboolean any_error = FALSE;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "line");
  json_builder_add_int_value (builder, (gint64) line_number);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, hex);
  json_builder_set_member_name (builder, "move");
  if (result->move == LH_MOVE_NONE)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, lh_move_to_string ((LhMove) result->move));
  json_builder_set_member_name (builder, "values");
  json_builder_begin_object (builder);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      if (result->legal[m])
        lh_cli_json_add_double (builder, lh_move_to_string ((LhMove) m), result->values[m]);
      else
        {
          json_builder_set_member_name (builder, lh_move_to_string ((LhMove) m));
          json_builder_add_null_value (builder);
        }
      any_error |= result->legal[m] && isfinite (result->std_errors[m]);
    }
  json_builder_end_object (builder);
  if (any_error)
    {
      json_builder_set_member_name (builder, "std_errors");
      json_builder_begin_object (builder);
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (result->legal[m] && isfinite (result->std_errors[m]))
          lh_cli_json_add_double (builder, lh_move_to_string ((LhMove) m), result->std_errors[m]);
      json_builder_end_object (builder);
    }
  json_builder_set_member_name (builder, "nodes");
  json_builder_add_int_value (builder, (gint64) result->nodes);
  json_builder_set_member_name (builder, "depth");
  json_builder_add_int_value (builder, result->depth);
  lh_cli_json_add_double (builder, "ms", result->elapsed_ms);
  json_builder_end_object (builder);
  lh_cli_print_json_line (builder);
}

static void
print_table_header (void)
{
  /* TRANSLATORS: the columns of `analyze --positions`; keep the widths */
  g_print ("%6s  %-19s %-6s %12s %12s %12s %12s %10s %9s\n", _("line"), _("board"), _("move"),
           "up", "down", "left", "right", _("nodes"), _("ms"));
}

static void
print_table_row (gulong line_number, LhBoard board, LhGeometry geometry, const LhSolverResult *result)
{
  g_autofree char *hex = lh_board_to_hex (board, geometry);
  char values[LH_N_MOVES][32];

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (result->legal[m])
      g_snprintf (values[m], sizeof values[m], "%.2f", result->values[m]);
    else
      /* TRANSLATORS: in a value column, for a move that changes nothing */
      g_strlcpy (values[m], _("illegal"), sizeof values[m]);
  g_print ("%6lu  %-19s %-6s %12s %12s %12s %12s %10" G_GUINT64_FORMAT " %9.3f\n", line_number, hex,
           result->move == LH_MOVE_NONE ? "none" : lh_move_to_string ((LhMove) result->move),
           values[0], values[1], values[2], values[3], result->nodes, result->elapsed_ms);
}

/* The line without its line break and surrounding white space; NULL for a
 * blank line or a comment. */
static char *
board_text (char *line)
{
  char *text = g_strstrip (line);

  return text[0] == '\0' || text[0] == '#' ? NULL : text;
}

int
lh_cli_analyze_positions (const char *path, const LhSolverParams *params, gboolean json)
{
  g_autoptr(LhSolver) solver = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  FILE *input;
  char line[MAX_LINE];
  gulong line_number = 0;
  gboolean header = FALSE;
  int status = LH_CLI_EXIT_OK;

  g_return_val_if_fail (path != NULL, LH_CLI_EXIT_FAILURE);
  g_return_val_if_fail (params != NULL, LH_CLI_EXIT_FAILURE);

  display = g_str_equal (path, "-") ? g_strdup (_("standard input")) : g_filename_display_name (path);
  solver = lh_solver_new (params, &error);
  if (solver == NULL)
    return lh_cli_failure (_("could not create the solver: %s"), error->message);
  input = g_str_equal (path, "-") ? stdin : fopen (path, "r");
  if (input == NULL)
    return lh_cli_failure ("--positions: %s: %s", display, g_strerror (errno));

  while (status == LH_CLI_EXIT_OK && fgets (line, sizeof line, input) != NULL)
    {
      LhSolverResult result;
      LhGeometry geometry;
      LhBoard board;
      const char *text;
      gsize length = strlen (line);

      line_number++;
      if (length == sizeof line - 1 && line[length - 1] != '\n' && !feof (input))
        {
          status = lh_cli_failure (_("--positions: %s: line %lu: longer than %d bytes: no board"),
                                   display, line_number, MAX_LINE - 1);
          break;
        }
      text = board_text (line);
      if (text == NULL)
        continue;
      if (!lh_board_parse (text, &board, &geometry, &error))
        {
          g_autofree char *message = g_utf8_make_valid (error->message, -1);

          lh_cli_finish_output ();
          status = lh_cli_failure (_("--positions: %s: line %lu: %s"), display, line_number, message);
          break;
        }
      if (!lh_solver_search (solver, board, geometry, NULL, NULL, NULL, &result, &error))
        {
          lh_cli_finish_output ();
          status = lh_cli_failure (_("--positions: %s: line %lu: the search failed: %s"),
                                   display, line_number, error->message);
          break;
        }
      if (json)
        print_json_line (line_number, board, geometry, &result);
      else
        {
          if (!header)
            print_table_header ();
          header = TRUE;
          print_table_row (line_number, board, geometry, &result);
        }
    }
  if (status == LH_CLI_EXIT_OK && ferror (input))
    status = lh_cli_failure ("--positions: %s: %s", display, g_strerror (errno));
  if (input != stdin)
    fclose (input);
  if (status != LH_CLI_EXIT_OK)
    return status;
  return lh_cli_finish_output ();
}
