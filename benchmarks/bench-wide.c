/* bench-wide: what the wide board (lh-wide-board.h: 5x5 boards, tiles
 * above 32768) costs against the 64-bit board, single thread.
 *
 * The boards are the positions of random games (uniformly random legal
 * moves, spawns included) played to their end: on 4x4 by the 64-bit rules,
 * on 5x5 and 4x5 by the wide rules; so the tiles are those a game holds,
 * not uniform noise.  For each geometry, over every position and every
 * move:
 *   move        ns per move: lh_board_move() (4x4) and lh_wide_board_move()
 *   evaluate    ns per heuristic evaluation (the Balanced preset):
 *               lh_heuristic_evaluate() and lh_heuristic_evaluate_wide()
 *   tables      ms to build the heuristic's tables
 *   convert     ns per conversion, 64-bit to wide and back (4x4 only)
 *
 * Usage: bench-wide [--games N] [--seed S] [--rounds R]
 * Figures, not tests: nothing here asserts a speed.
 */
#include <glib.h>
#include <stdio.h>

#include "lh-board.h"
#include "lh-heuristic.h"
#include "lh-rng.h"
#include "lh-wide-board.h"

static int opt_games = 20;
static gint64 opt_seed = 1;
static int opt_rounds = 20;

static const GOptionEntry entries[] = {
  { "games", 0, 0, G_OPTION_ARG_INT, &opt_games, "Random games per geometry (default 20)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_INT64, &opt_seed, "Seed (default 1)", "S" },
  { "rounds", 0, 0, G_OPTION_ARG_INT, &opt_rounds, "Passes over the positions (default 20)", "R" },
  { NULL }
};

/* The positions of @n random games of @g by the wide rules. */
static GArray *
random_positions (LhGeometry g, guint n, LhRng *rng)
{
  GArray *boards = g_array_new (FALSE, FALSE, sizeof (LhWideBoard));

  for (guint i = 0; i < n; i++)
    {
      LhWideBoard b = lh_wide_board_spawn (lh_wide_board_spawn (0, g, rng), g, rng);
      guint legal;

      while ((legal = lh_wide_board_legal_moves (b, g)) != 0)
        {
          guint k = lh_rng_below (rng, (guint) __builtin_popcount (legal));
          LhMove m = 0;

          g_array_append_val (boards, b);
          for (guint x = legal;; x &= x - 1)
            if (k-- == 0)
              {
                m = (LhMove) __builtin_ctz (x);
                break;
              }
          b = lh_wide_board_spawn (lh_wide_board_move (b, g, m, NULL), g, rng);
        }
    }
  return boards;
}

static volatile guint64 sink;

static void
bench_geometry (LhGeometry g, LhRng *rng)
{
  g_autoptr (GArray) wide = random_positions (g, (guint) opt_games, rng);
  g_autoptr (GArray) narrow = g_array_new (FALSE, FALSE, sizeof (LhBoard));
  const LhWideBoard *w = (const LhWideBoard *) (gpointer) wide->data;
  LhHeuristicParams params;
  g_autoptr (LhHeuristic) h = NULL;
  gint64 t0, t1;
  guint64 acc = 0;
  double acc_value = 0, n_moves = (double) wide->len * LH_N_MOVES * opt_rounds;
  double n_evals = (double) wide->len * opt_rounds;
  double wide_move_ns, wide_eval_ns, tables_ms;

  lh_heuristic_params_init_default (&params);
  t0 = g_get_monotonic_time ();
  h = lh_heuristic_new (&params, g);
  tables_ms = (g_get_monotonic_time () - t0) / 1e3;

  for (guint i = 0; i < wide->len; i++)
    {
      LhBoard b;

      if (lh_wide_board_to_board (w[i], g, &b))
        g_array_append_val (narrow, b);
    }

  t0 = g_get_monotonic_time ();
  for (int r = 0; r < opt_rounds; r++)
    for (guint i = 0; i < wide->len; i++)
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          guint64 points;

          acc += (guint64) lh_wide_board_move (w[i], g, (LhMove) m, &points) + points;
        }
  t1 = g_get_monotonic_time ();
  wide_move_ns = (t1 - t0) * 1e3 / n_moves;

  t0 = g_get_monotonic_time ();
  for (int r = 0; r < opt_rounds; r++)
    for (guint i = 0; i < wide->len; i++)
      acc_value += lh_heuristic_evaluate_wide (h, w[i]);
  t1 = g_get_monotonic_time ();
  wide_eval_ns = (t1 - t0) * 1e3 / n_evals;

  printf ("%ux%u  %7u positions  tables %7.1f ms  wide move %6.1f ns  wide evaluate %6.1f ns",
          g.rows, g.cols, wide->len, tables_ms, wide_move_ns, wide_eval_ns);
  if (narrow->len == wide->len)
    {
      const LhBoard *b = (const LhBoard *) (gpointer) narrow->data;
      double narrow_move_ns, narrow_eval_ns;

      t0 = g_get_monotonic_time ();
      for (int r = 0; r < opt_rounds; r++)
        for (guint i = 0; i < narrow->len; i++)
          for (guint m = 0; m < LH_N_MOVES; m++)
            {
              guint32 points;

              acc += lh_board_move (b[i], g, (LhMove) m, &points) + points;
            }
      t1 = g_get_monotonic_time ();
      narrow_move_ns = (t1 - t0) * 1e3 / n_moves;

      t0 = g_get_monotonic_time ();
      for (int r = 0; r < opt_rounds; r++)
        for (guint i = 0; i < narrow->len; i++)
          acc_value += lh_heuristic_evaluate (h, b[i]);
      t1 = g_get_monotonic_time ();
      narrow_eval_ns = (t1 - t0) * 1e3 / n_evals;
      t0 = g_get_monotonic_time ();
      for (int r = 0; r < opt_rounds; r++)
        for (guint i = 0; i < narrow->len; i++)
          {
            LhBoard back = 0;

            lh_wide_board_to_board (lh_wide_board_from_board (b[i], g), g, &back);
            acc += back;
          }
      t1 = g_get_monotonic_time ();
      printf ("  64-bit move %5.1f ns  64-bit evaluate %5.1f ns  convert %5.1f ns", narrow_move_ns,
              narrow_eval_ns, (t1 - t0) * 1e3 / n_evals / 2);
    }
  printf ("\n");
  sink = acc + (guint64) acc_value;
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- the wide board's speed");
  g_autoptr (GError) error = NULL;
  LhRng rng;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || opt_games < 1 || opt_rounds < 1)
    {
      fprintf (stderr, "bench-wide: %s\n", error != NULL ? error->message : "--games and --rounds must be at least 1");
      return 2;
    }
  lh_engine_init ();
  lh_rng_init (&rng, (guint64) opt_seed);
  bench_geometry ((LhGeometry) { 4, 4 }, &rng);
  bench_geometry ((LhGeometry) { 4, 5 }, &rng);
  bench_geometry ((LhGeometry) { 5, 5 }, &rng);
  return 0;
}
