/* lh-cli-solve.c: `lookahead-cli solve` (see lh-cli-solve.h). */

#include "lh-config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <unistd.h>

#include "lh-clock.h"
#include "lh-cli-solve.h"
#include "lh-format.h"
#include "lh-exact.h"
#include "lh-exact-cache.h"
#include "lh-exact-file.h"
#include "lh-exact-solve.h"

typedef struct {
  gboolean tty;
  gint64   start_ns;
  gboolean printed;
} Progress;

static void
on_progress (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data)
{
  Progress *progress = user_data;
  double seconds = lh_clock_elapsed_ms (progress->start_ns) / 1000.0;

  if (phase == LH_EXACT_PHASE_ENUMERATE)
    {
      g_autofree char *found = g_strdup_printf ("%'" G_GUINT64_FORMAT, done);

      /* TRANSLATORS: progress of `solve`: a number of afterstates, seconds */
      fprintf (stderr, _("Finding positions: %s afterstates · %.0f s"), found, seconds);
    }
  else
    /* TRANSLATORS: progress of `solve`: a percentage, seconds */
    fprintf (stderr, _("Solving: %.0f %% · %.0f s"), total > 0 ? 100.0 * done / total : 100.0, seconds);
  fputs (progress->tty ? "\033[K\r" : "\n", stderr);
  progress->printed = TRUE;
}

int
lh_cli_solve (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(LhExactSolution) solution = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *objective = NULL;
  g_autofree char *spawns = NULL;
  g_autofree char *loss = NULL;
  g_autofree char *out = NULL;
  g_autofree char *rules_text = NULL;
  g_autofree char *objective_text = NULL;
  gint rows = 0, cols = 0, threads = 0;
  double discount = 1.0;
  gboolean discount_set = FALSE;
  gboolean json = FALSE;
  LhExactRules rules;
  LhGeometry geometry;
  Progress progress = { 0 };
  double seconds;
  int status;
  g_autofree char *discount_text = NULL;
  const GOptionEntry entries[] = {
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Rows of the board, 2 to 4"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, N_("Columns of the board, 2 to 4 (at most 9 cells in all)"), N_("C") },
    { "objective", 0, 0, G_OPTION_ARG_STRING, &objective,
      N_("score: the expected points still to come; tile:T: the chance of a tile of at least T (default score)"),
      N_("score|tile:T") },
    { "discount", 0, 0, G_OPTION_ARG_STRING, &discount_text,
      N_("Discount per move of the score objective, more than 0 and at most 1 (default 1)"), N_("G") },
    { "spawns", 0, 0, G_OPTION_ARG_STRING, &spawns,
      N_("standard (a 2 at 90 %, a 4 at 10 %) or twos (only 2s, reference 000) (default standard)"),
      N_("RULE") },
    { "loss", 0, 0, G_OPTION_ARG_STRING, &loss,
      N_("What a loss costs the score objective: none, or score (minus the board's score, reference 000) (default none)"),
      N_("PENALTY") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      N_("Where to save the solution (default: the user's cache, where analyze and the window look)"),
      N_("FILE") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads,
      N_("Threads computing the values (default: every processor)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the summary as one JSON object"), NULL },
    { NULL }
  };

  context = lh_cli_command_context_new (command, _(
    "Solves a small board exactly: the optimal value of every position reachable\n"
    "from the start of a game, by retrograde analysis over the tile sum (one\n"
    "position per mirror image).  3x3 takes about 15 s and 900 MB; 2x4 a second.\n"
    "\n"
    "Example:\n"
    "  lookahead-cli solve --rows 3 --cols 3 --objective tile:1024\n"
    "  lookahead-cli analyze --solver exact --objective tile:1024 --board '2 0 0/0 4 0/0 0 2'"),
    entries, NULL);
  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (rows < LH_GEOMETRY_MIN_SIDE || rows > LH_GEOMETRY_MAX_SIDE
      || cols < LH_GEOMETRY_MIN_SIDE || cols > LH_GEOMETRY_MAX_SIDE)
    return lh_cli_usage_error (_("--rows and --cols are each 2 to 4"));
  geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  if (!lh_exact_geometry_check (geometry, &error))
    return lh_cli_usage_error ("%s", error->message);

  lh_exact_rules_init_default (&rules);
  if (objective != NULL && !lh_exact_objective_parse (objective, &rules, &error))
    return lh_cli_usage_error ("--objective: %s", error->message);
  if (discount_text != NULL)
    {
      if (!lh_cli_parse_real_option ("--discount", discount_text, &discount, &error))
        return lh_cli_usage_error ("%s", error->message);
      discount_set = TRUE;
    }
  if (discount_set)
    rules.discount = discount;
  if (spawns != NULL && !lh_exact_spawns_from_string (spawns, &rules.spawns))
    {
      g_autofree char *quoted = lh_format_excerpt (spawns, -1, LH_FORMAT_EXCERPT_SHORT);

      return lh_cli_usage_error (_("--spawns: “%s” is not one of standard or twos"), quoted);
    }
  if (loss != NULL && !lh_exact_loss_from_string (loss, &rules.loss))
    {
      g_autofree char *quoted = lh_format_excerpt (loss, -1, LH_FORMAT_EXCERPT_SHORT);

      return lh_cli_usage_error (_("--loss: “%s” is not one of none or score"), quoted);
    }
  if (!lh_exact_rules_validate (&rules, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (threads < 0 || threads > 64)
    return lh_cli_usage_error (_("--threads: %d is out of range (1 to 64)"), threads);
  if (threads == 0)
    threads = CLAMP (g_get_num_processors (), 1, 64);
  if (out == NULL)
    out = lh_exact_cache_path (geometry, &rules);

  progress.tty = isatty (STDERR_FILENO);
  progress.start_ns = lh_clock_monotonic_ns ();
  solution = lh_exact_solve (geometry, &rules, 0, (guint) threads, NULL, on_progress, &progress, &error);
  if (progress.printed && progress.tty)
    fputs ("\033[K", stderr);
  if (solution == NULL)
    return lh_cli_failure ("%s", error->message);
  seconds = lh_clock_elapsed_ms (progress.start_ns) / 1000.0;
  {
    g_autofree char *dir = g_path_get_dirname (out);

    if (g_mkdir_with_parents (dir, 0755) != 0 || !lh_exact_solution_save (solution, out, &error))
      {
        if (error != NULL)
          return lh_cli_failure ("%s", error->message);
        return lh_cli_failure (_("Cannot make the folder %s"), dir);
      }
  }

  rules_text = lh_exact_rules_describe (&rules);
  objective_text = lh_exact_objective_to_string (&rules);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "rows");
      json_builder_add_int_value (builder, rows);
      json_builder_set_member_name (builder, "cols");
      json_builder_add_int_value (builder, cols);
      json_builder_set_member_name (builder, "objective");
      json_builder_add_string_value (builder, objective_text);
      json_builder_set_member_name (builder, "discount");
      json_builder_add_double_value (builder, rules.discount);
      json_builder_set_member_name (builder, "spawns");
      json_builder_add_string_value (builder, lh_exact_spawns_to_string (rules.spawns));
      json_builder_set_member_name (builder, "loss");
      json_builder_add_string_value (builder, lh_exact_loss_to_string (rules.loss));
      json_builder_set_member_name (builder, "positions");
      json_builder_add_int_value (builder, (gint64) lh_exact_solution_get_n_positions (solution));
      json_builder_set_member_name (builder, "afterstates");
      json_builder_add_int_value (builder, (gint64) lh_exact_solution_get_n_afterstates (solution));
      json_builder_set_member_name (builder, "start_value");
      json_builder_add_double_value (builder, lh_exact_solution_get_start_value (solution));
      json_builder_set_member_name (builder, "seconds");
      json_builder_add_double_value (builder, seconds);
      json_builder_set_member_name (builder, "memory_bytes");
      json_builder_add_int_value (builder, (gint64) lh_exact_solution_get_memory (solution));
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, out);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      text = json_to_string (root, FALSE);
      printf ("%s\n", text);
    }
  else
    {
      g_autofree char *file = g_filename_display_name (out);

      printf (_("Board:        %dx%d\n"), rows, cols);
      printf (_("Objective:    %s\n"), rules_text);
      g_autofree char *positions = g_strdup_printf ("%'" G_GUINT64_FORMAT,
                                                    lh_exact_solution_get_n_positions (solution));
      g_autofree char *afterstates = g_strdup_printf ("%'" G_GUINT64_FORMAT,
                                                      lh_exact_solution_get_n_afterstates (solution));

      printf (_("Positions:    %s (one per mirror image)\n"), positions);
      printf (_("Afterstates:  %s\n"), afterstates);
      if (rules.objective == LH_EXACT_OBJECTIVE_TILE)
        printf (_("From the start, optimal play reaches %u with probability %.10g\n"),
                lh_tile_value (rules.target), lh_exact_solution_get_start_value (solution));
      else
        printf (_("From the start, optimal play scores %.10g points on average\n"),
                lh_exact_solution_get_start_value (solution));
      printf (_("Time:         %.2f s on %d threads\n"), seconds, threads);
      printf (_("Memory:       %.1f MB\n"), lh_exact_solution_get_memory (solution) / 1e6);
      printf (_("Saved to:     %s\n"), file);
    }
  return lh_cli_finish_output ();
}
