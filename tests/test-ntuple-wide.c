/* test-ntuple-wide.c: an n-tuple network on wide boards (lh-ntuple-wide.h):
 * the 64-bit value where the board fits, tile-downgrading past 32768. */
#include <string.h>
#include <glib.h>

#include "lh-ntuple-wide.h"
#include "lh-rng.h"
#include "lh-test-util.h"

/* The "lines+squares" network of @g with random weights. */
static LhNtuple *
random_network (LhGeometry g, LhRng *rng)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  g_autoptr (GError) error = NULL;
  LhNtuple *net;
  guint n;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", g, shapes, &n, &error));
  net = lh_ntuple_new (g, shapes, n, &error);
  g_assert_no_error (error);
  for (guint s = 0; s < lh_ntuple_get_n_shapes (net); s++)
    {
      guint64 n_entries;
      float *w = lh_ntuple_get_weights (net, s, &n_entries);

      for (guint64 i = 0; i < n_entries; i++)
        w[i] = (float) lh_rng_below (rng, 20001) - 10000.0f;
    }
  return net;
}

/* Where the 64-bit board holds the board: the same float. */
static void
test_same_as_narrow (void)
{
  LhRng rng;

  lh_rng_init (&rng, 46);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      g_autoptr (LhNtuple) net = random_network (g, &rng);

      for (guint i = 0; i < 2000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          LhBoard seen;
          guint closed = 99;

          g_assert_true (lh_ntuple_evaluate_wide (net, lh_wide_board_from_board (b, g))
                         == lh_ntuple_evaluate (net, b));
          lh_ntuple_downgrade (net, lh_wide_board_from_board (b, g), &seen, &closed);
          g_assert_cmphex (seen, ==, b);
          g_assert_cmpuint (closed, ==, 0);
        }
    }
}

/* Past 32768: the board the network values is the downgraded one. */
static void
test_downgraded (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhRng rng;
  g_autoptr (LhNtuple) net = NULL;
  LhWideBoard wide;
  LhBoard seen, expected;
  guint closed;

  lh_rng_init (&rng, 65536);
  net = random_network (g, &rng);

  /* 65536 32768 8192 4 / 2 ...: no 16384, so 65536 -> 32768, 32768 -> 16384. */
  wide = lh_wide_board_set_cell (lh_wide_board_set_cell (lh_wide_board_set_cell (
           lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 16), 0, 1, 15), 0, 2, 13),
           0, 3, 2), 1, 0, 1);
  expected = lh_board_set_cell (lh_board_set_cell (lh_board_set_cell (
               lh_board_set_cell (lh_board_set_cell (0, 0, 0, 15), 0, 1, 14), 0, 2, 13),
               0, 3, 2), 1, 0, 1);
  lh_ntuple_downgrade (net, wide, &seen, &closed);
  g_assert_cmphex (seen, ==, expected);
  g_assert_cmpuint (closed, ==, 1);
  g_assert_true (lh_ntuple_evaluate_wide (net, wide) == lh_ntuple_evaluate (net, expected));

  /* 131072 with 65536 and 32768: two steps, from the highest holes (16384
   * and 8192 are missing; 4096 is there and stays). */
  wide = lh_wide_board_set_cell (lh_wide_board_set_cell (lh_wide_board_set_cell (
           lh_wide_board_set_cell (0, 0, 0, 17), 0, 1, 16), 0, 2, 15), 0, 3, 12);
  expected = lh_board_set_cell (lh_board_set_cell (lh_board_set_cell (
               lh_board_set_cell (0, 0, 0, 15), 0, 1, 14), 0, 2, 13), 0, 3, 12);
  lh_ntuple_downgrade (net, wide, &seen, &closed);
  g_assert_cmphex (seen, ==, expected);
  g_assert_cmpuint (closed, ==, 2);

  /* Every tile from 2 to 65536 on the 16 cells: nothing to close; the
   * 65536 is read as 32768. */
  wide = 0;
  for (guint i = 0; i < 16; i++)
    wide = lh_wide_board_set_cell (wide, i / 4, i % 4, i + 1);
  lh_ntuple_downgrade (net, wide, &seen, &closed);
  g_assert_cmpuint (closed, ==, 0);
  g_assert_cmpuint (lh_board_get_cell (seen, 3, 3), ==, 15);
  g_assert_cmpuint (lh_board_get_cell (seen, 3, 2), ==, 15);
  g_assert_cmpuint (lh_board_get_cell (seen, 0, 0), ==, 1);

  /* Random boards past 32768: the network's board keeps every tile's
   * order and holds no tile above 32768. */
  for (guint i = 0; i < 5000; i++)
    {
      LhWideBoard b = 0;

      for (guint r = 0; r < 4; r++)
        for (guint c = 0; c < 4; c++)
          if (lh_rng_below (&rng, 3) != 0)
            b = lh_wide_board_set_cell (b, r, c, 1 + lh_rng_below (&rng, 18));
      lh_ntuple_downgrade (net, b, &seen, &closed);
      g_assert_cmpuint (lh_board_max_exponent (seen), <=, 15);
      for (guint x = 0; x < 16; x++)
        for (guint y = 0; y < 16; y++)
          {
            guint ex = lh_wide_board_get_cell (b, x / 4, x % 4);
            guint ey = lh_wide_board_get_cell (b, y / 4, y % 4);
            guint sx = lh_board_get_cell (seen, x / 4, x % 4);
            guint sy = lh_board_get_cell (seen, y / 4, y % 4);

            g_assert_cmpint (ex < ey, ==, sx < sy);
            g_assert_cmpint (ex == ey, ==, sx == sy);
            g_assert_cmpint (ex == 0, ==, sx == 0);
          }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/ntuple-wide/same-as-narrow", test_same_as_narrow);
  g_test_add_func ("/ntuple-wide/downgraded", test_downgraded);
  return g_test_run ();
}
