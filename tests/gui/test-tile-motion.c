/* test-tile-motion.c: the per-tile paths the board view animates agree with
 * the engine's lh_rules_move() on every geometry from 2x2 to 5x5, by both
 * rules, tiles past 32768 included.  No display. */
#include <glib.h>

#include "lh-board-text.h"
#include "lh-rng.h"
#include "lh-tile-motion.h"

static void
test_known (void)
{
  static const struct {
    const char *board;
    LhRules rules;
    LhMove move;
    guint n_merged;
  } cases[] = {
    { "2 2 2 2/0 0 0 0/0 0 0 0/0 0 0 0", LH_RULES_2048_CAPPED, LH_MOVE_LEFT, 4 },
    { "2 2 4 0/0 0 0 0/0 0 0 0/0 0 0 0", LH_RULES_2048_CAPPED, LH_MOVE_RIGHT, 2 },
    { "4 0 0 0/4 0 0 0/8 0 0 0/0 0 0 0", LH_RULES_2048_CAPPED, LH_MOVE_DOWN, 2 },
    { "32768 32768 0 0/0 0 0 0", LH_RULES_2048_CAPPED, LH_MOVE_LEFT, 0 },
    { "32768 32768 0 0/0 0 0 0", LH_RULES_2048, LH_MOVE_LEFT, 2 },
    { "2 4 8/16 32 64", LH_RULES_2048_CAPPED, LH_MOVE_UP, 0 },
    { "2 2 2 2 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0", LH_RULES_2048, LH_MOVE_LEFT, 4 },
    { "65536 65536 0 0 4/0 0 0 0 4/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0", LH_RULES_2048, LH_MOVE_LEFT, 2 },
    { "2147483648 2147483648/0 0", LH_RULES_2048, LH_MOVE_RIGHT, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LhTileMotion motions[LH_TILE_MOTIONS_MAX];
      LhWideBoard board, after;
      LhGeometry g;
      guint n, merged = 0;

      g_assert_true (lh_wide_board_parse (cases[i].board, &board, &g, NULL));
      n = lh_tile_motions_compute (board, g, cases[i].rules, cases[i].move, motions, &after);
      g_assert_true (after == lh_rules_move (cases[i].rules, board, g, cases[i].move, NULL));
      g_assert_cmpuint (n, ==, (guint) (g.rows * g.cols) - lh_wide_board_count_empty (board, g));
      for (guint k = 0; k < n; k++)
        merged += motions[k].merged;
      g_assert_cmpuint (merged, ==, cases[i].n_merged);
    }
}

/* Every tile starts where @board has it, moves along its line towards the
 * wall of @move and lands where @after has it (one more when merged). */
static void
check_motions (LhWideBoard board, LhGeometry g, LhRules rules, LhMove m)
{
  LhTileMotion motions[LH_TILE_MOTIONS_MAX];
  LhWideBoard after;
  guint n = lh_tile_motions_compute (board, g, rules, m, motions, &after);

  if (after != lh_rules_move (rules, board, g, m, NULL))
    {
      g_autofree char *text = lh_wide_board_to_tiles (board, g);
      g_autofree char *got = lh_wide_board_to_tiles (after, g);
      g_error ("%s %s (%s): motions give %s", text, lh_move_to_string (m),
               lh_rules_to_string (rules), got);
    }
  for (guint k = 0; k < n; k++)
    {
      const LhTileMotion *t = &motions[k];

      g_assert_cmpuint (lh_wide_board_get_cell (board, t->from_row, t->from_col), ==, t->exponent);
      switch (m)
        {
        case LH_MOVE_LEFT:  g_assert_true (t->to_row == t->from_row && t->to_col <= t->from_col); break;
        case LH_MOVE_RIGHT: g_assert_true (t->to_row == t->from_row && t->to_col >= t->from_col); break;
        case LH_MOVE_UP:    g_assert_true (t->to_col == t->from_col && t->to_row <= t->from_row); break;
        case LH_MOVE_DOWN:  g_assert_true (t->to_col == t->from_col && t->to_row >= t->from_row); break;
        default: g_assert_not_reached ();
        }
      g_assert_cmpuint (lh_wide_board_get_cell (after, t->to_row, t->to_col), ==,
                        t->exponent + (t->merged ? 1 : 0));
    }
}

static void
test_random_boards (void)
{
  LhRng rng;

  lh_rng_init (&rng, 2048);
  for (guint rows = 2; rows <= LH_WIDE_MAX_SIDE; rows++)
    for (guint cols = 2; cols <= LH_WIDE_MAX_SIDE; cols++)
      for (guint trial = 0; trial < 3000; trial++)
        {
          LhGeometry g = { (guint8) rows, (guint8) cols };
          gboolean capped = rows <= 4 && cols <= 4 && trial % 2 == 0;
          LhRules rules = capped ? LH_RULES_2048_CAPPED : LH_RULES_2048;
          guint top = capped ? LH_MAX_EXPONENT : LH_WIDE_MAX_EXPONENT;
          LhWideBoard board = 0;

          /* Small exponents so that merges are frequent; some of the
           * rules' largest tiles (32768, or 2^31) and some past 32768. */
          for (guint r = 0; r < rows; r++)
            for (guint c = 0; c < cols; c++)
              {
                guint e = lh_rng_below (&rng, 4);

                if (e != 0 && lh_rng_below (&rng, 20) == 0)
                  e = top;
                else if (e != 0 && !capped && lh_rng_below (&rng, 10) == 0)
                  e = 14 + lh_rng_below (&rng, 4);  /* 16384 to 131072 */
                board = lh_wide_board_set_cell (board, r, c, e);
              }
          for (int m = 0; m < LH_N_MOVES; m++)
            check_motions (board, g, rules, (LhMove) m);
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
