/* lh-cli-train.c: `lookahead-cli train` (see lh-cli-train.h). */

#include "lh-config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lh-cli-evaluator-options.h"
#include "lh-cli-train.h"
#include "lh-format.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-td-train.h"

/* Default games per progress line and curve point. */
#define DEFAULT_CURVE_EVERY 1000

typedef struct {
  /* Set before the run, read by the training thread. */
  LhNtuple      *net;
  LhTdCoherence *tc;            /* nullable: the TC tables, kept in the file */
  LhTdOptions    options;
  GCancellable  *cancellable;
  gboolean       tty;
  guint64        start_moves;   /* the resumed network's */
  FILE          *curve;
  gboolean       curve_json;
  /* Written by the training thread (reports come one at a time). */
  int            curve_errno;
  LhTdProgress   last;
  gboolean       have_last;
  gboolean       printed;
  /* The run's outcome. */
  gboolean       ok;
  LhTdResult     result;
  GError        *error;
  GMainLoop     *loop;
} Train;

/* ---- Progress and curve ---------------------------------------------------- */

static char *
format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

static char *
format_rate (double per_second)
{
  if (per_second >= 1e6)
    return g_strdup_printf ("%.2f M", per_second / 1e6);
  if (per_second >= 1e3)
    return g_strdup_printf ("%.1f k", per_second / 1e3);
  return g_strdup_printf ("%.0f", per_second);
}

static const char *const curve_fields[] = {
  "games", "moves", "block_games", "mean_score", "max_score", "share_2048", "share_8192",
  "share_16384", "games_per_second", "moves_per_second", "seconds", "alpha",
};

static void
write_curve_point (Train *train, const LhTdProgress *p)
{
  double values[] = {
    (double) p->games, (double) p->moves, (double) p->block_games, p->mean_score,
    (double) p->max_score, p->share_2048, p->share_8192, p->share_16384, p->games_per_second,
    p->moves_per_second, p->seconds, p->alpha,
  };
  GString *line = g_string_new (train->curve_json ? "{" : NULL);

  G_STATIC_ASSERT (G_N_ELEMENTS (values) == G_N_ELEMENTS (curve_fields));
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *number = i < 3 || i == 4
        ? g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) values[i])
        : lh_cli_format_number (values[i]);

      if (i > 0)
        g_string_append_c (line, ',');
      if (train->curve_json)
        g_string_append_printf (line, "\"%s\":", curve_fields[i]);
      g_string_append (line, number);
    }
  g_string_append (line, train->curve_json ? "}\n" : "\n");
  if (train->curve_errno == 0
      && (fputs (line->str, train->curve) == EOF || fflush (train->curve) != 0))
    train->curve_errno = errno != 0 ? errno : EIO;
  g_string_free (line, TRUE);
}

static void
print_progress_line (Train *train, const LhTdProgress *p)
{
  g_autofree char *games = format_count (p->games);
  g_autofree char *rate = format_rate (p->moves_per_second);

  /* TRANSLATORS: progress of `train`: games, mean score of the last games,
   * the shares of them reaching 2048, 8192 and 16384, moves per second
   * ("1.23 M"), seconds */
  fprintf (stderr, _("Games %s · mean score %.0f · 2048 %.1f %% · 8192 %.1f %% · 16384 %.1f %% · "
                     "%s moves/s · %.0f s"),
           games, p->mean_score, 100 * p->share_2048, 100 * p->share_8192, 100 * p->share_16384,
           rate, p->seconds);
  fputs (train->tty ? "\033[K\r" : "\n", stderr);
  train->printed = TRUE;
}

static void
on_progress (const LhTdProgress *p, gpointer user_data)
{
  Train *train = user_data;
  LhTdProgress total = *p;

  /* The curve counts the network's moves, not only this run's. */
  total.moves += train->start_moves;
  p = &total;
  train->last = *p;
  train->have_last = TRUE;
  print_progress_line (train, p);
  if (train->curve != NULL)
    write_curve_point (train, p);
}

/* ---- The run ------------------------------------------------------------------ */

static gboolean
quit_loop (gpointer user_data)
{
  Train *train = user_data;

  g_main_loop_quit (train->loop);
  return G_SOURCE_REMOVE;
}

static gpointer
train_thread (gpointer user_data)
{
  Train *train = user_data;

  train->ok = lh_td_train (train->net, train->tc, &train->options, on_progress, train, train->cancellable,
                           &train->result, &train->error);
  /* Through the main loop, so that a quit before it runs is not lost. */
  g_idle_add (quit_loop, train);
  return NULL;
}

static gboolean
on_signal (gpointer user_data)
{
  Train *train = user_data;

  g_cancellable_cancel (train->cancellable);
  return G_SOURCE_CONTINUE;
}

/* Trains in a thread while the main loop waits for SIGINT or SIGTERM. */
static void
run_training (Train *train)
{
  guint sigint, sigterm;
  GThread *thread;

  train->loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, on_signal, train);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, train);
  thread = g_thread_new ("lh-train", train_thread, train);
  g_main_loop_run (train->loop);
  g_thread_join (thread);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  g_main_loop_unref (train->loop);
  train->loop = NULL;
  if (train->printed && train->tty)
    fputs ("\033[K", stderr);
}

/* ---- Options ------------------------------------------------------------------ */

static gboolean
parse_count (const char *option, const char *text, guint64 min, guint64 *out, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (!g_ascii_string_to_unsigned (text, 10, min, G_MAXUINT64, out, &local))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: “%s” is not a whole number of at least %llu"), option,
                   quoted, (unsigned long long) min);
      return FALSE;
    }
  return TRUE;
}

static gboolean
open_curve (Train *train, const char *path, gboolean resuming, GError **error)
{
  gboolean append = resuming && g_file_test (path, G_FILE_TEST_EXISTS);

  train->curve_json = g_str_has_suffix (path, ".jsonl") || g_str_has_suffix (path, ".json");
  train->curve = g_fopen (path, append ? "a" : "w");
  if (train->curve == NULL)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot write the learning curve “%s”: %s"), name, g_strerror (saved));
      return FALSE;
    }
  if (!append && !train->curve_json)
    {
      for (guint i = 0; i < G_N_ELEMENTS (curve_fields); i++)
        fprintf (train->curve, "%s%s", i > 0 ? "," : "", curve_fields[i]);
      fputc ('\n', train->curve);
    }
  return TRUE;
}

static void
print_summary (const Train *train, const char *shapes_name, const char *out,
               const LhNtupleFileInfo *info, LhNtupleFileEncoding encoding, gsize file_size,
               gboolean json)
{
  const LhTdResult *r = &train->result;
  LhGeometry g = lh_ntuple_get_geometry (train->net);
  double moves_per_second = r->seconds > 0 ? r->moves / r->seconds : 0.0;
  const char *encoding_name = encoding == LH_NTUPLE_FILE_INT16 ? "int16" : "float32";
  /* As the save: a quantised file goes without them. */
  gboolean tc_saved = train->tc != NULL && encoding == LH_NTUPLE_FILE_FLOAT32;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;
      g_autofree char *options = lh_td_options_to_string (&train->options);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "network");
      json_builder_add_string_value (b, shapes_name);
      json_builder_set_member_name (b, "rows");
      json_builder_add_int_value (b, g.rows);
      json_builder_set_member_name (b, "cols");
      json_builder_add_int_value (b, g.cols);
      json_builder_set_member_name (b, "shapes");
      json_builder_begin_array (b);
      for (guint i = 0; i < lh_ntuple_get_n_shapes (train->net); i++)
        {
          g_autofree char *cells = lh_ntuple_shape_to_string (lh_ntuple_get_shape (train->net, i));

          json_builder_add_string_value (b, cells);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "stages");
      {
        g_autofree char *stages = lh_ntuple_stages_to_string (train->net);

        json_builder_add_string_value (b, stages);
      }
      json_builder_set_member_name (b, "memory_bytes");
      json_builder_add_int_value (b, (gint64) lh_ntuple_get_memory (train->net));
      json_builder_set_member_name (b, "games");
      json_builder_add_int_value (b, (gint64) info->games);
      json_builder_set_member_name (b, "run_games");
      json_builder_add_int_value (b, (gint64) r->games);
      json_builder_set_member_name (b, "moves");
      json_builder_add_int_value (b, (gint64) info->moves);
      json_builder_set_member_name (b, "run_moves");
      json_builder_add_int_value (b, (gint64) r->moves);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, r->seconds);
      json_builder_set_member_name (b, "moves_per_second");
      json_builder_add_double_value (b, moves_per_second);
      json_builder_set_member_name (b, "interrupted");
      json_builder_add_boolean_value (b, r->cancelled);
      json_builder_set_member_name (b, "options");
      json_builder_add_string_value (b, options);
      if (train->have_last)
        {
          json_builder_set_member_name (b, "last");
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "games");
          json_builder_add_int_value (b, (gint64) train->last.block_games);
          json_builder_set_member_name (b, "mean_score");
          json_builder_add_double_value (b, train->last.mean_score);
          json_builder_set_member_name (b, "share_2048");
          json_builder_add_double_value (b, train->last.share_2048);
          json_builder_set_member_name (b, "share_8192");
          json_builder_add_double_value (b, train->last.share_8192);
          json_builder_set_member_name (b, "share_16384");
          json_builder_add_double_value (b, train->last.share_16384);
          json_builder_end_object (b);
        }
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, out);
      json_builder_set_member_name (b, "file_bytes");
      json_builder_add_int_value (b, (gint64) file_size);
      json_builder_set_member_name (b, "encoding");
      json_builder_add_string_value (b, encoding_name);
      json_builder_set_member_name (b, "tc_tables");
      json_builder_add_boolean_value (b, tc_saved);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      text = json_to_string (root, FALSE);
      printf ("%s\n", text);
      return;
    }

  {
    g_autofree char *games = format_count (info->games);
    g_autofree char *run_games = format_count (r->games);
    g_autofree char *moves = format_count (r->moves);
    g_autofree char *rate = format_rate (moves_per_second);
    g_autofree char *file = g_filename_display_name (out);

    printf (_("Network:      %s on %ux%u, %u shapes, %.1f MiB\n"), shapes_name, g.rows, g.cols,
            lh_ntuple_get_n_shapes (train->net), lh_ntuple_get_memory (train->net) / 1048576.0);
    if (lh_ntuple_get_n_stages (train->net) > 1)
      {
        g_autofree char *stages = lh_ntuple_stages_to_string (train->net);

        /* TRANSLATORS: the tiles that start each stage, e.g. "16384,16384+8192" */
        printf (_("Stages:       %u (stage 0, then %s)\n"), lh_ntuple_get_n_stages (train->net),
                stages);
      }
    printf (_("Games:        %s in all, %s in this run\n"), games, run_games);
    if (train->have_last)
      {
        g_autofree char *last = format_count (train->last.block_games);

        printf (_("Last games:   %s, mean score %.0f · 2048 %.1f %% · 8192 %.1f %% · 16384 %.1f %%\n"),
                last, train->last.mean_score, 100 * train->last.share_2048,
                100 * train->last.share_8192, 100 * train->last.share_16384);
      }
    printf (_("Moves:        %s in %.1f s, %s moves/s (--jobs %u)\n"), moves, r->seconds, rate,
            train->options.jobs);
    printf (tc_saved ? _("Saved to:     %s (%.1f MB, %s, with the TC tables for --resume)\n")
                     : _("Saved to:     %s (%.1f MB, %s)\n"),
            file, file_size / 1e6, encoding_name);
  }
}

int
lh_cli_train (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhTdCoherence) tc_tables = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *network = NULL;
  g_autofree char *games_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *alpha_text = NULL;
  g_autofree char *optimistic_text = NULL;
  double optimistic = 0;
  g_autofree char *decay_text = NULL;
  g_autofree char *decay_every_text = NULL;
  g_autofree char *curve_every_text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *resume = NULL;
  g_autofree char *curve = NULL;
  g_autofree char *name = NULL;
  g_autofree char *shapes_name = NULL;
  g_autofree char *options_text = NULL;
  LhNtupleFileInfo info = { 0 };
  LhNtupleFileEncoding encoding;
  gint rows = 0, cols = 0, jobs = 1;
  gboolean tc = FALSE, quantise = FALSE, json = FALSE;
  g_autofree char *quantum_text = NULL;
  g_autofree char *stages_text = NULL;
  g_autofree char *restarts_text = NULL;
  guint16 stage_tiles[LH_NTUPLE_MAX_STAGES] = { 0 };
  guint n_stages = 1;
  double quantum = 0.0;
  guint64 start_moves = 0, curve_every = DEFAULT_CURVE_EVERY;
  Train train = { 0 };
  gsize file_size = 0;
  int status;
  const GOptionEntry entries[] = {
    { "network", 0, 0, G_OPTION_ARG_STRING, &network,
      N_("The shapes of a new network: 4x6 (4x4 and 5x5), 8x6, 2x4+2x6 (4x4 only) or lines+squares"), N_("SHAPES") },
    { "rows", 0, 0, G_OPTION_ARG_INT, &rows, N_("Rows of the board, 2 to 5 (default 4)"), N_("R") },
    { "cols", 0, 0, G_OPTION_ARG_INT, &cols, N_("Columns of the board, 2 to 5 (default 4)"), N_("C") },
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text, N_("Games to train in this run"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Random seed (default 1, or the resumed network's)"), N_("S") },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs,
      N_("Threads training the one network without locks, 1 to 64 (default 1: reproducible)"), N_("J") },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("Where to save the network"), N_("FILE") },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
      N_("Go on training this saved network (its shapes, games and options)"), N_("FILE") },
    { "alpha", 0, 0, G_OPTION_ARG_STRING, &alpha_text,
      N_("Learning rate, more than 0 and at most 1: the fraction of the TD error a value moves "
         "(default 0.1; 1.0 with --tc)"), N_("A") },
    { "alpha-decay", 0, 0, G_OPTION_ARG_STRING, &decay_text,
      N_("Multiply the learning rate by F every --alpha-decay-every games (default 1: constant)"), N_("F") },
    { "alpha-decay-every", 0, 0, G_OPTION_ARG_STRING, &decay_every_text,
      N_("Games between two decays of the learning rate (counted from the network's first game)"), N_("K") },
    { "stages", 0, 0, G_OPTION_ARG_STRING, &stages_text,
      N_("Multi-stage TD learning (Yeh et al. 2016): a set of weights for each stage, a stage "
         "being the tiles a board holds, for example 16384,16384+8192; with --resume a network of "
         "one stage is promoted: each stage starts as a copy of it"), N_("STAGES") },
    { "restarts", 0, 0, G_OPTION_ARG_STRING, &restarts_text,
      N_("With stages: play each game that reaches stage 1 R more times from its first board of "
         "stage 1, to learn the late game more often (0 to 16; default 0, or the resumed "
         "network's)"), N_("R") },
    { "optimistic", 0, 0, G_OPTION_ARG_STRING, &optimistic_text,
      N_("Optimistic initialisation (Guei, Chen and Wu 2022, TDL2048+'s 4x6patt=320000/norm): a "
         "new network values every board at V points before it learns; train with it (OTD), then "
         "--resume with --tc for OTD+TC"), N_("V") },
    { "tc", 0, 0, G_OPTION_ARG_NONE, &tc,
      N_("Temporal coherence learning (Jaśkowski 2018): a learning rate per weight; three times "
         "the memory, and its tables are saved with the network (unless --quantise) so that "
         "--resume goes on exactly"), NULL },
    { "curve", 0, 0, G_OPTION_ARG_FILENAME, &curve,
      N_("Write the learning curve to FILE: CSV, or JSON Lines when it ends in .jsonl"), N_("FILE") },
    { "curve-every", 0, 0, G_OPTION_ARG_STRING, &curve_every_text,
      N_("Games per progress line and curve point (default 1000)"), N_("K") },
    { "quantise", 0, 0, G_OPTION_ARG_NONE, &quantise,
      N_("Save 16-bit weights with a scale per shape (smaller; error at most 1/65534 of the largest)"),
      NULL },
    { "quantum", 0, 0, G_OPTION_ARG_STRING, &quantum_text,
      N_("With --quantise: save the weights in steps of P points at the coarsest (far smaller files; "
         "the shipped network uses 8)"), N_("P") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("A name for the network, saved in its file"), N_("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the summary as one JSON object"), NULL },
    { NULL }
  };

  context = lh_cli_command_context_new (command, _(
    "Trains an n-tuple network by temporal-difference learning from self-play\n"
    "(afterstate TD(0), Szubert and Jaśkowski 2014; --tc: temporal coherence,\n"
    "Jaśkowski 2018): the network values afterstates, the player moves greedily\n"
    "by points plus value, and each afterstate's value moves toward the next\n"
    "one's.  Memory per shape set: 4x6 256 MiB, 8x6 512 MiB, 2x4+2x6 128.5 MiB,\n"
    "lines+squares 1.25 MiB (three times that with --tc).  A progress line\n"
    "goes to standard error every --curve-every games; Ctrl+C stops the run and\n"
    "still saves the network (exit status 1).  The file format is in\n"
    "src/solvers/lh-ntuple-file.h.\n"
    "\n"
    "Examples:\n"
    "  lookahead-cli train --network 4x6 --games 100000 --jobs 2 --out 4x6.lhnet --curve 4x6.csv\n"
    "  lookahead-cli train --resume 4x6.lhnet --games 100000 --jobs 2 --out 4x6.lhnet\n"
    "  lookahead-cli train --resume 4x6.lhnet --stages 16384,16384+8192 --games 100000 --jobs 2 \\\n"
    "      --out 4x6-staged.lhnet"),
    entries, NULL);
  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  /* What to train. */
  if (out == NULL)
    return lh_cli_usage_error (_("--out is required: where to save the network"));
  if (games_text == NULL)
    return lh_cli_usage_error (_("--games is required: how many games to train"));
  lh_td_options_init (&train.options);
  if (!parse_count ("--games", games_text, 1, &train.options.games, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (stages_text != NULL && !lh_ntuple_stages_parse (stages_text, stage_tiles, &n_stages, &error))
    return lh_cli_usage_error ("--stages: %s", error->message);
  if (optimistic_text != NULL
      && !lh_cli_parse_real_option ("--optimistic", optimistic_text, &optimistic, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (optimistic_text != NULL && !(optimistic >= 0 && optimistic <= 1e9))
    return lh_cli_usage_error (_("--optimistic: the value is out of range (0 to 1000000000 points)"));
  if (optimistic_text != NULL && resume != NULL)
    return lh_cli_usage_error (_("--optimistic sets a new network's first values: it does not go with --resume"));
  if (resume != NULL)
    {
      if (network != NULL || rows != 0 || cols != 0)
        return lh_cli_usage_error (_("--network, --rows and --cols do not go with --resume: "
                                     "the resumed network has its shapes"));
      net = lh_ntuple_file_load_full (resume, &info, &tc_tables, &error);
      if (net == NULL)
        return lh_cli_failure ("%s", error->message);
      if (!lh_td_options_apply_text (&train.options, info.options, &error))
        {
          g_autofree char *file = g_filename_display_name (resume);

          lh_ntuple_file_info_clear (&info);
          return lh_cli_failure ("%s: %s", file, error->message);
        }
      train.options.start_games = info.games;
      start_moves = info.moves;
      shapes_name = g_strdup (info.name != NULL && info.name[0] != '\0' ? info.name : _("network"));
      if (name == NULL)
        name = g_strdup (info.name);
      lh_ntuple_file_info_clear (&info);
      /* A resumed TD run given --tc starts TC with its own default rate. */
      if (tc && !train.options.tc)
        train.options.alpha = 1.0;
      train.options.tc = train.options.tc || tc;
    }
  else
    {
      LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
      LhGeometry geometry;
      guint n_shapes = 0;

      if (network == NULL)
        return lh_cli_usage_error (_("--network is required (or --resume FILE): one of %s"),
                                   "4x6, 8x6, 2x4+2x6, lines+squares");
      if ((rows != 0 && (rows < 2 || rows > 5)) || (cols != 0 && (cols < 2 || cols > 5)))
        return lh_cli_usage_error (_("--rows and --cols are each 2 to 5"));
      geometry = (LhGeometry) { (guint8) (rows != 0 ? rows : 4), (guint8) (cols != 0 ? cols : 4) };
      if (!lh_ntuple_shapes_lookup (network, geometry, shapes, &n_shapes, &error))
        return lh_cli_usage_error ("--network: %s", error->message);
      net = lh_ntuple_new_staged (geometry, shapes, n_shapes, stage_tiles, n_stages, &error);
      if (net == NULL)
        return lh_cli_failure ("%s", error->message);
      if (optimistic_text != NULL)
        lh_ntuple_set_initial_value (net, optimistic);
      shapes_name = g_strdup (network);
      if (name == NULL)
        name = g_strdup (network);
      train.options.tc = tc;
      train.options.alpha = tc ? 1.0 : 0.1;
    }

  /* How. */
  if (seed_text != NULL && !parse_count ("--seed", seed_text, 0, &train.options.seed, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (jobs < 1 || jobs > LH_TD_MAX_JOBS)
    return lh_cli_usage_error (_("--jobs: %d is out of range (1 to %d)"), jobs, LH_TD_MAX_JOBS);
  train.options.jobs = (guint) jobs;
  if (alpha_text != NULL
      && !lh_cli_parse_real_option ("--alpha", alpha_text, &train.options.alpha, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (decay_text != NULL
      && !lh_cli_parse_real_option ("--alpha-decay", decay_text, &train.options.alpha_decay,
                                    &error))
    return lh_cli_usage_error ("%s", error->message);
  if (decay_every_text != NULL
      && !parse_count ("--alpha-decay-every", decay_every_text, 1,
                       &train.options.alpha_decay_every, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (curve_every_text != NULL
      && !parse_count ("--curve-every", curve_every_text, 1, &curve_every, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (restarts_text != NULL)
    {
      guint64 restarts = 0;

      if (!parse_count ("--restarts", restarts_text, 0, &restarts, &error))
        return lh_cli_usage_error ("%s", error->message);
      if (restarts > LH_TD_MAX_RESTARTS)
        return lh_cli_usage_error (_("--restarts: %llu is out of range (0 to %d)"),
                                   (unsigned long long) restarts, LH_TD_MAX_RESTARTS);
      train.options.restarts = (guint) restarts;
    }
  train.options.report_every = curve_every;
  if (!lh_td_options_validate (&train.options, &error))
    return lh_cli_usage_error ("%s", error->message);
  if (name != NULL && strlen (name) > LH_NTUPLE_FILE_MAX_NAME)
    return lh_cli_usage_error (_("--name: longer than %d bytes"), LH_NTUPLE_FILE_MAX_NAME);
  if (!lh_cli_network_encoding_parse (quantise, quantum_text, &encoding, &quantum, &error))
    return lh_cli_usage_error ("%s", error->message);

  /* A resumed network of one stage given --stages: promoted. */
  if (resume != NULL && stages_text != NULL)
    {
      g_autoptr(LhNtuple) staged = NULL;
      g_autofree char *file = g_filename_display_name (resume);

      if (lh_ntuple_get_n_stages (net) > 1)
        {
          gboolean same = lh_ntuple_get_n_stages (net) == n_stages;

          for (guint k = 1; same && k < n_stages; k++)
            same = lh_ntuple_get_stage_tiles (net, k) == stage_tiles[k];
          if (!same)
            {
              g_autofree char *have = lh_ntuple_stages_to_string (net);

              return lh_cli_usage_error (_("--stages: %s already has the stages %s; a staged "
                                           "network keeps its stages"),
                                         file, have);
            }
        }
      else if (n_stages > 1)
        {
          staged = lh_ntuple_new_promoted (net, stage_tiles, n_stages, &error);
          if (staged == NULL)
            return lh_cli_failure ("%s", error->message);
          if (train.options.tc && tc_tables != NULL)
            {
              LhTdCoherence *promoted = lh_td_coherence_new_promoted (tc_tables, staged, &error);

              if (promoted == NULL)
                return lh_cli_failure ("%s", error->message);
              lh_td_coherence_free (tc_tables);
              tc_tables = promoted;
            }
          g_clear_pointer (&net, lh_ntuple_unref);
          net = g_steal_pointer (&staged);
        }
    }

  if (train.options.restarts > 0 && lh_ntuple_get_n_stages (net) < 2)
    return lh_cli_usage_error (_("--restarts: only for a staged network (--stages)"));

  /* The TC tables: the resumed file's, or new ones (every rate 1). */
  if (!train.options.tc)
    g_clear_pointer (&tc_tables, lh_td_coherence_free);
  else if (tc_tables == NULL)
    {
      if (resume != NULL)
        {
          g_autofree char *file = g_filename_display_name (resume);

          g_printerr (_("Note: %s has no temporal coherence tables (it was saved with "
                        "--quantise, without --tc or by an older Lookahead): every weight's rate "
                        "starts again at 1\n"),
                      file);
        }
      tc_tables = lh_td_coherence_new (net, &error);
      if (tc_tables == NULL)
        return lh_cli_failure ("%s", error->message);
    }

  if (curve != NULL && !open_curve (&train, curve, resume != NULL, &error))
    return lh_cli_failure ("%s", error->message);

  /* Train. */
  train.net = net;
  train.tc = tc_tables;
  train.start_moves = start_moves;
  train.cancellable = cancellable;
  train.tty = isatty (STDERR_FILENO);
  run_training (&train);
  if (train.curve != NULL && fclose (train.curve) != 0 && train.curve_errno == 0)
    train.curve_errno = errno;
  if (!train.ok && !g_error_matches (train.error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      status = lh_cli_failure ("%s", train.error->message);
      g_clear_error (&train.error);
      return status;
    }

  /* Save, interrupted or not. */
  options_text = lh_td_options_to_string (&train.options);
  info.games = train.options.start_games + train.result.games;
  info.moves = start_moves + train.result.moves;
  info.options = options_text;
  info.name = name;
  /* A quantised file is for playing: it goes without the TC tables. */
  if (!lh_ntuple_file_save_full (net, &info, encoding, quantum, quantise ? NULL : tc_tables, out,
                                 &error))
    {
      g_clear_error (&train.error);
      return lh_cli_failure ("%s", error->message);
    }
  {
    GStatBuf st;

    if (g_stat (out, &st) == 0)
      file_size = (gsize) st.st_size;
  }
  print_summary (&train, shapes_name, out, &info, encoding, file_size, json);
  status = lh_cli_finish_output ();

  if (train.curve_errno != 0)
    {
      g_autofree char *file = g_filename_display_name (curve);

      status = lh_cli_failure (_("Cannot write the learning curve “%s”: %s"), file,
                               g_strerror (train.curve_errno));
    }
  if (train.error != NULL)
    {
      g_autofree char *file = g_filename_display_name (out);
      g_autofree char *games = format_count (train.result.games);

      status = lh_cli_failure (_("Interrupted after %s games; the network so far is saved in %s"),
                               games, file);
      g_clear_error (&train.error);
    }
  return status;
}
