/* lh-cli-merge.c: `lookahead-cli merge`, the parts of a sharded run put
 * together (see lh-cli-merge.h; the part format is in lh-cli-part.h). */

#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-cli-bench.h"
#include "lh-cli-merge.h"
#include "lh-format.h"
#include "lh-cli-part.h"
#include "lh-cli-sweep.h"
#include "lh-cli-tune.h"

/* The commands that write parts, and the merge options each takes. */
enum {
  TAKES_JSON = 1 << 0,
  TAKES_CSV = 1 << 1,
  TAKES_TUNE = 1 << 2,   /* --log, --output, --name */
};

static const struct {
  const char *name;
  guint       takes;
  int       (*merge) (const LhCliMerge *merge);
} commands[] = {
  { "bench", TAKES_JSON, lh_cli_bench_merge },
  { "sweep", TAKES_JSON | TAKES_CSV, lh_cli_sweep_merge },
  { "tune", TAKES_TUNE, lh_cli_tune_merge },
};

/* A usage error unless the option @given (or not) is one @takes has. */
static gboolean
check_takes (const char *option, gboolean given, guint takes, guint flag, const char *command,
             int *status)
{
  if (!given || (takes & flag))
    return TRUE;
  {
    g_autofree char *quoted = lh_format_excerpt (command, -1, LH_FORMAT_EXCERPT_SHORT);

    /* TRANSLATORS: "--csv does not go with parts of “bench”" */
    *status = lh_cli_usage_error (_("%s does not go with parts of “%s”"), option, quoted);
  }
  return FALSE;
}

int
lh_cli_merge (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) lh_cli_part_free);
  g_auto(GStrv) paths = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *log_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *name = NULL;
  const LhCliPart *first;
  LhCliMerge merge = { 0 };
  gboolean json = FALSE;
  int status;
  guint c;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the results as JSON, as the run would with --json (bench, sweep)"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
      N_("Also write the sweep's CSV, as the run would with --csv FILE (sweep)"), N_("FILE") },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log_path,
      N_("Write the tuning's log, as the run would with --log FILE; a new file (tune)"),
      N_("FILE") },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the best point as a preset file, as the run would (tune)"), N_("FILE") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The preset's name (tune; default “Tuned” and the date)"), N_("TEXT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PART…") },
    { NULL }
  };

  context = lh_cli_command_context_new (command, _(
    "Puts together the part files that the N shards of one bench, sweep or tune\n"
    "wrote (--shard I/N, --out FILE) and prints what that command prints when it\n"
    "plays every game in one run: the same text, or with --json the same JSON.\n"
    "Each part holds the run's settings, its shard and the raw result of each of\n"
    "its games, so every statistic is computed again from all the games, in seed\n"
    "order, exactly as one run computes it (as far as one run is reproducible: a\n"
    "time budget, or expectimax's --threads with the table and a cutoff, makes the\n"
    "games depend on the machine).  Times are measured: a merged run's\n"
    "wall time (bench's seconds and moves per second, tune's time) is its shards'\n"
    "summed, as if they ran one after another on one machine; ms per move and\n"
    "nodes per second come from each game's own search times; jobs is the largest\n"
    "shard's --jobs.\n"
    "\n"
    "The parts must be of one run (the same command, version of lookahead-cli,\n"
    "settings, seed, games and shard count) and every shard must be given once;\n"
    "otherwise merge says which file differs, which shard comes twice or which\n"
    "are missing, and exits with status 1, as it does for a file that is damaged,\n"
    "cut short or edited (each part carries a checksum).\n"
    "\n"
    "tune: its shards play the baseline and the initial design (each evaluation's\n"
    "games split by seed); the local optimiser that follows is sequential, each\n"
    "step depending on the one before, and is not sharded.  When the run is all\n"
    "design (--initial E − 1), merge prints the run's report and writes --log and\n"
    "--output as the run would.  Otherwise merge needs --log FILE: it writes the\n"
    "baseline and the design to that log, as the run would have logged them, and\n"
    "prints the tune command that resumes from it and runs the optimiser.\n"
    "\n"
    "Examples:\n"
    "  lookahead-cli merge part-1.json part-2.json part-3.json part-4.json\n"
    "  lookahead-cli merge --json part-*.json\n"
    "  lookahead-cli merge --log tune.csv tune-part-*.json"), entries, NULL);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;
  if (paths == NULL || paths[0] == NULL)
    return lh_cli_usage_error (_("give the part files to merge"));

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      LhCliPart *part = lh_cli_part_load (paths[i], &error);

      if (part == NULL)
        return lh_cli_failure ("%s", error->message);
      g_ptr_array_add (parts, part);
    }
  {
    g_autoptr(GError) error = NULL;

    if (!lh_cli_parts_check (parts, &error))
      return lh_cli_failure ("%s", error->message);
  }

  first = g_ptr_array_index (parts, 0);
  for (c = 0; c < G_N_ELEMENTS (commands); c++)
    if (g_str_equal (commands[c].name, first->command))
      break;
  g_assert (c < G_N_ELEMENTS (commands));   /* lh_cli_part_load() checked it */
  if (!check_takes ("--json", json, commands[c].takes, TAKES_JSON, first->command, &status) ||
      !check_takes ("--csv", csv_path != NULL, commands[c].takes, TAKES_CSV, first->command,
                    &status) ||
      !check_takes ("--log", log_path != NULL, commands[c].takes, TAKES_TUNE, first->command,
                    &status) ||
      !check_takes ("--output", output != NULL, commands[c].takes, TAKES_TUNE, first->command,
                    &status) ||
      !check_takes ("--name", name != NULL, commands[c].takes, TAKES_TUNE, first->command,
                    &status))
    return status;

  merge.parts = parts;
  for (guint i = 0; i < parts->len; i++)
    {
      const LhCliPart *part = g_ptr_array_index (parts, i);

      merge.seconds += part->seconds;
      merge.jobs = MAX (merge.jobs, part->jobs);
    }
  merge.json = json;
  merge.csv_path = csv_path;
  merge.log_path = log_path;
  merge.output = output;
  merge.name = name;
  return commands[c].merge (&merge);
}
