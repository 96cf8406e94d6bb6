/* bench-record: what recording the search tree costs the search (issue 3:
 * "the search with recording on is at most 20% slower than with it off").
 *
 * Positions: --positions boards spread evenly over one game played by
 * expectimax at depth 2 from --seed.  Each configuration searches every
 * position once per round (expectimax, Balanced, probability cutoff 1e-4,
 * transposition table on, one solver and one record kept across searches, as
 * the window does).  A round runs each configuration over all positions in
 * turn, so that its solver's tables stay in cache from one search to the
 * next as in the window.  A search takes from tens of microseconds (depth
 * 3) to milliseconds, so a busy moment of the machine would swamp a round's
 * total: each search is timed on its own, and the figure is the mean over
 * the positions of each position's fastest of --rounds searches, in ms per
 * search.  The overhead is against the same search without a record.
 * "unfold" is the first read of the record the search leaves (for a trace,
 * its last step's, which the window shows), timed apart from the search:
 * it turns the record's folded leaves into nodes (lh-search-tree.h), on the
 * thread of whatever reads the record first (the window's layout thread).
 *
 *   off         no record
 *   record N    a record of N nodes (LhSolverParams.tree)
 *   trace N     a step-by-step trace of N nodes per step (iterative
 *               deepening from depth 1), as the window asks for; its
 *               baseline is the same iterative deepening without a record
 *               ("off, deepening")
 *
 * Usage: bench-record [--depths 3,5] [--positions 40] [--rounds 5] [--seed 1] [--threads 1]
 *                     [--only TEXT]
 * Figures, not tests: nothing here asserts a speed.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-solver.h"

static char *opt_depths = NULL;
static int opt_positions = 40;
static int opt_rounds = 5;
static gint64 opt_seed = 1;
static char *opt_only = NULL;
static int opt_threads = 1;

static const GOptionEntry entries[] = {
  { "depths", 0, 0, G_OPTION_ARG_STRING, &opt_depths, "Search depths, comma-separated (default 3,5)", "D,D" },
  { "positions", 0, 0, G_OPTION_ARG_INT, &opt_positions, "Positions searched (default 40)", "N" },
  { "rounds", 0, 0, G_OPTION_ARG_INT, &opt_rounds, "Searches of each position; the fastest counts (default 5)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "Seed of the game the positions come from (default 1)", "S" },
  { "threads", 0, 0, G_OPTION_ARG_INT, &opt_threads, "Threads of each search (default 1; with more, a recorded search runs a parallel pass, then the recorded one)", "N" },
  { "only", 0, 0, G_OPTION_ARG_STRING, &opt_only, "Time only the configuration named TEXT, e.g. \"record 20000\" (for a profiler)", "TEXT" },
  { NULL }
};

typedef enum { OFF, OFF_DEEPENING, RECORD, TRACE } Mode;

typedef struct {
  const char    *label;
  Mode           mode;
  guint          budget;
  guint          depth;
  guint          baseline;     /* index of the configuration to compare with */
  LhSolver      *solver;
  LhSearchTree  *tree;
  LhSearchTrace *trace;
  double        *best_ms;      /* per position, the fastest round */
  double        *best_unfold_ms;  /* per position, the fastest first read of the record */
  guint64        nodes;        /* the last search's */
  guint          kept;         /* the last search's record's nodes */
  guint64        total_nodes;  /* the first round's */
  guint64        total_kept;   /* nodes the record kept, the first round's */
} Config;

/* Positions spread over a depth-2 game from @seed. */
static GArray *
game_positions (guint64 seed, guint n, GError **error)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  g_autoptr (LhGame) game = lh_game_new (LH_GEOMETRY_DEFAULT, seed);
  g_autoptr (LhSolver) solver = NULL;
  GArray *picked;
  LhSolverParams params;

  lh_solver_params_init_default (&params);
  params.depth = 2;
  solver = lh_solver_new (&params, error);
  if (solver == NULL)
    return NULL;
  while (!lh_game_is_over (game))
    {
      LhBoard board = lh_game_get_board (game);
      LhSolverResult result;

      g_array_append_val (all, board);
      if (!lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, &result, error))
        return NULL;
      lh_game_move (game, (LhMove) result.move, NULL, NULL);
    }
  picked = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  for (guint i = 0; i < n; i++)
    g_array_append_val (picked, g_array_index (all, LhBoard, (guint64) i * all->len / n));
  return picked;
}

static gboolean
config_init (Config *config, GError **error)
{
  LhSolverParams params;

  lh_solver_params_init_default (&params);
  params.depth = config->depth;
  params.threads = (guint) opt_threads;
  switch (config->mode)
    {
    case OFF:
      break;
    case OFF_DEEPENING:
      /* Iterative deepening without a deadline that could ever stop it. */
      params.time_budget_ms = G_MAXINT32;
      break;
    case RECORD:
      config->tree = lh_search_tree_new (config->budget);
      params.tree = config->tree;
      break;
    case TRACE:
      config->trace = lh_search_trace_new (config->budget);
      params.trace = config->trace;
      break;
    }
  config->solver = lh_solver_new (&params, error);
  return config->solver != NULL;
}

static void
config_clear (Config *config)
{
  g_clear_pointer (&config->solver, lh_solver_free);
  g_clear_pointer (&config->tree, lh_search_tree_free);
  g_clear_pointer (&config->trace, lh_search_trace_free);
  g_clear_pointer (&config->best_ms, g_free);
  g_clear_pointer (&config->best_unfold_ms, g_free);
}

/* With one thread, the calling thread's CPU time in nanoseconds: not the
 * time other work on the machine takes from it, and finer than
 * g_get_monotonic_time()'s microseconds, which are too coarse for a depth-3
 * search.  With --threads, the wall time (CLOCK_MONOTONIC): the other
 * threads' work is not the calling thread's CPU time. */
static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (opt_threads > 1 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* Searches position @index of @positions once, keeping the time if it is
 * the position's fastest.  Returns FALSE with @error on failure. */
static gboolean
run_search (Config *config, const GArray *positions, guint index, GError **error)
{
  LhSolverResult result;
  gint64 start = now_ns ();
  const LhSearchTree *record;
  double ms;

  if (!lh_solver_search (config->solver, g_array_index (positions, LhBoard, index),
                         LH_GEOMETRY_DEFAULT, NULL, NULL, NULL, &result, error))
    return FALSE;
  ms = (now_ns () - start) / 1e6;
  config->best_ms[index] = MIN (config->best_ms[index], ms);
  config->nodes = result.nodes;
  record = config->tree != NULL ? config->tree
           : config->trace != NULL
           ? lh_search_trace_get_step (config->trace, lh_search_trace_get_n_steps (config->trace) - 1)->tree
           : NULL;
  config->kept = record != NULL ? lh_search_tree_get_n_nodes (record) : 0;
  if (record != NULL && lh_search_tree_get_n_nodes (record) > 0)
    {
      start = now_ns ();
      lh_search_tree_get_node (record, 0);
      ms = (now_ns () - start) / 1e6;
      config->best_unfold_ms[index] = MIN (config->best_unfold_ms[index], ms);
    }
  return TRUE;
}

/* The mean over the positions of @best_ms, each one's fastest, ms. */
static double
mean_ms (const double *best_ms, guint n_positions)
{
  double sum = 0;

  for (guint i = 0; i < n_positions; i++)
    sum += best_ms[i];
  return sum / n_positions;
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- cost of recording the search tree");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) positions = NULL;
  g_autoptr (GArray) configs = g_array_new (FALSE, TRUE, sizeof (Config));
  g_auto (GStrv) depths = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-record: %s\n", error->message);
      return 2;
    }
  if (opt_positions < 1 || opt_rounds < 1)
    {
      g_printerr ("bench-record: --positions and --rounds must be at least 1\n");
      return 2;
    }
  lh_engine_init ();

  depths = g_strsplit (opt_depths != NULL ? opt_depths : "3,5", ",", -1);
  for (guint k = 0; depths[k] != NULL; k++)
    {
      char *end = NULL;
      guint64 depth = g_ascii_strtoull (depths[k], &end, 10);
      guint base = configs->len;

      if (end == depths[k] || *end != '\0' || depth < 1 || depth > LH_MAX_DEPTH)
        {
          g_printerr ("bench-record: --depths: “%s” is not a depth from 1 to %d\n", depths[k],
                      LH_MAX_DEPTH);
          return 2;
        }
      g_array_append_val (configs, ((Config) { "off", OFF, 0, (guint) depth, base }));
      g_array_append_val (configs, ((Config) { "record 20000", RECORD, 20000, (guint) depth, base }));
      g_array_append_val (configs, ((Config) { "record 1000000", RECORD, 1000000, (guint) depth, base }));
      if (depth <= 3)
        {
          g_array_append_val (configs, ((Config) { "off, deepening", OFF_DEEPENING, 0, (guint) depth, base }));
          g_array_append_val (configs, ((Config) { "trace 20000", TRACE, 20000, (guint) depth, base + 3 }));
        }
    }

  positions = game_positions ((guint64) opt_seed, (guint) opt_positions, &error);
  if (positions == NULL)
    {
      g_printerr ("bench-record: %s\n", error->message);
      return 1;
    }
  for (guint c = 0; c < configs->len; c++)
    {
      Config *config = &g_array_index (configs, Config, c);

      if (!config_init (config, &error))
        {
          g_printerr ("bench-record: %s\n", error->message);
          return 1;
        }
      config->best_ms = g_new (double, positions->len);
      config->best_unfold_ms = g_new (double, positions->len);
      for (guint i = 0; i < positions->len; i++)
        config->best_ms[i] = config->best_unfold_ms[i] = G_MAXDOUBLE;
    }

  for (int round = 0; round < opt_rounds; round++)
    for (guint c = 0; c < configs->len; c++)
      for (guint i = 0; i < positions->len; i++)
        {
          Config *config = &g_array_index (configs, Config, c);

          if (opt_only != NULL && strcmp (config->label, opt_only) != 0)
            continue;
          if (!run_search (config, positions, i, &error))
            {
              g_printerr ("bench-record: %s\n", error->message);
              return 1;
            }
          if (round == 0)
            {
              config->total_nodes += config->nodes;
              config->total_kept += config->kept;
            }
        }

  printf ("%d positions of a depth-2 game (seed %" G_GINT64_FORMAT "), each position's fastest"
          " of %d searches, cutoff 1e-4, table on\n", opt_positions, opt_seed, opt_rounds);
  printf ("%-6s %-16s %10s %12s %9s %9s %10s\n", "depth", "configuration", "ms/search", "nodes/search",
          "recorded", "overhead", "unfold ms");
  for (guint c = 0; c < configs->len; c++)
    {
      Config *config = &g_array_index (configs, Config, c);
      const Config *base = &g_array_index (configs, Config, config->baseline);

      double ms = mean_ms (config->best_ms, positions->len);

      if (opt_only != NULL && strcmp (config->label, opt_only) != 0)
        continue;
      printf ("%-6u %-16s %10.4f %12.0f %9.0f", config->depth, config->label, ms,
              (double) config->total_nodes / positions->len,
              (double) config->total_kept / positions->len);
      if ((config->mode == RECORD || config->mode == TRACE)
          && opt_only == NULL)
        printf (" %+8.1f%% %10.4f", 100.0 * (ms / mean_ms (base->best_ms, positions->len) - 1),
                mean_ms (config->best_unfold_ms, positions->len));
      printf ("\n");
    }
  for (guint c = 0; c < configs->len; c++)
    config_clear (&g_array_index (configs, Config, c));
  return 0;
}
