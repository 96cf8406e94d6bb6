/* test-tile-motion.c: the per-tile paths the board view animates agree with
 * the engine's lh_board_move() on every geometry and move.  No display. */
#include <glib.h>

#include "lh-board-text.h"
#include "lh-rng.h"
#include "lh-tile-motion.h"

static void
test_known (void)
{
  static const struct {
    const char *board;
    LhMove move;
    guint n_merged;
  } cases[] = {
    { "2 2 2 2/0 0 0 0/0 0 0 0/0 0 0 0", LH_MOVE_LEFT, 4 },
    { "2 2 4 0/0 0 0 0/0 0 0 0/0 0 0 0", LH_MOVE_RIGHT, 2 },
    { "4 0 0 0/4 0 0 0/8 0 0 0/0 0 0 0", LH_MOVE_DOWN, 2 },
    { "32768 32768 0 0/0 0 0 0", LH_MOVE_LEFT, 0 },
    { "2 4 8/16 32 64", LH_MOVE_UP, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LhTileMotion motions[16];
      LhBoard board, after;
      LhGeometry g;
      guint n, merged = 0;

      g_assert_true (lh_board_parse (cases[i].board, &board, &g, NULL));
      n = lh_tile_motions_compute (board, g, cases[i].move, motions, &after);
      g_assert_cmpuint (after, ==, lh_board_move (board, g, cases[i].move, NULL));
      g_assert_cmpuint (n, ==, (guint) (g.rows * g.cols) - lh_board_count_empty (board, g));
      for (guint k = 0; k < n; k++)
        merged += motions[k].merged;
      g_assert_cmpuint (merged, ==, cases[i].n_merged);
    }
}

static void
test_random_boards (void)
{
  LhRng rng;

  lh_rng_init (&rng, 2048);
  for (guint rows = 2; rows <= 4; rows++)
    for (guint cols = 2; cols <= 4; cols++)
      for (guint trial = 0; trial < 4000; trial++)
        {
          LhGeometry g = { (guint8) rows, (guint8) cols };
          LhBoard board = 0;

          /* Small exponents so that merges are frequent; some 15s for the
           * never-merging 32768 tiles. */
          for (guint r = 0; r < rows; r++)
            for (guint c = 0; c < cols; c++)
              {
                guint e = lh_rng_below (&rng, 5);
                if (e != 0 && lh_rng_below (&rng, 20) == 0)
                  e = LH_MAX_EXPONENT;
                board = lh_board_set_cell (board, r, c, e);
              }

          for (int m = 0; m < LH_N_MOVES; m++)
            {
              LhTileMotion motions[16];
              LhBoard after;
              guint n = lh_tile_motions_compute (board, g, (LhMove) m, motions, &after);

              if (after != lh_board_move (board, g, (LhMove) m, NULL))
                {
                  g_autofree char *text = lh_board_to_tiles (board, g);
                  g_error ("%s %s: motions give %016" G_GINT64_MODIFIER "x",
                           text, lh_move_to_string ((LhMove) m), after);
                }
              for (guint k = 0; k < n; k++)
                {
                  const LhTileMotion *t = &motions[k];
                  /* Each tile starts where the board has it and moves along
                   * its line towards the wall of the move, never away. */
                  g_assert_cmpuint (lh_board_get_cell (board, t->from_row, t->from_col), ==, t->exponent);
                  switch (m)
                    {
                    case LH_MOVE_LEFT:  g_assert_true (t->to_row == t->from_row && t->to_col <= t->from_col); break;
                    case LH_MOVE_RIGHT: g_assert_true (t->to_row == t->from_row && t->to_col >= t->from_col); break;
                    case LH_MOVE_UP:    g_assert_true (t->to_col == t->from_col && t->to_row <= t->from_row); break;
                    case LH_MOVE_DOWN:  g_assert_true (t->to_col == t->from_col && t->to_row >= t->from_row); break;
                    }
                  if (!t->merged)
                    g_assert_cmpuint (lh_board_get_cell (after, t->to_row, t->to_col), ==, t->exponent);
                  else
                    g_assert_cmpuint (lh_board_get_cell (after, t->to_row, t->to_col), ==, t->exponent + 1);
                }
            }
        }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/tile-motion/known", test_known);
  g_test_add_func ("/tile-motion/random-boards", test_random_boards);
  return g_test_run ();
}
