/* test-ntuple-wide.c: an n-tuple network on wide boards (lh-ntuple-wide.h):
 * the 64-bit value where the board fits, tile-downgrading past 32768, and
 * networks of boards with a side of 5 against the definition. */
#include <string.h>
#include <glib.h>

#include "lh-ntuple-wide.h"
#include "lh-rng.h"
#include "lh-test-util.h"

/* Fills every weight of @net with a random integer in -10000..10000. */
static void
randomise (LhNtuple *net, LhRng *rng)
{
  for (guint s = 0; s < lh_ntuple_get_n_shapes (net); s++)
    {
      guint64 n_entries;
      float *w = lh_ntuple_get_weights (net, s, &n_entries);

      for (guint64 i = 0; i < n_entries; i++)
        w[i] = (float) lh_rng_below (rng, 20001) - 10000.0f;
    }
}

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
  randomise (net, rng);
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

/* The wide geometries the tests below cover: every board with a side of 5. */
static const LhGeometry wide_geometries[] = {
  { 5, 5 }, { 5, 4 }, { 4, 5 }, { 5, 3 }, { 3, 5 }, { 5, 2 }, { 2, 5 },
};

/* A random board of @g with tiles up to 2^@max (an empty cell at 1 in 3). */
static LhWideBoard
random_wide_board (LhRng *rng, LhGeometry g, guint max)
{
  LhWideBoard b = 0;

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      if (lh_rng_below (rng, 3) != 0)
        b = lh_wide_board_set_cell (b, r, c, 1 + lh_rng_below (rng, max));
  return b;
}

/* Cell (@r, @c) of @b's image @image: the board turned or flipped, written
 * from the images' definition (not from the network's cell maps): 0 the
 * board, 1 mirrored left-right, 2 upside down, 3 both; 4-7 (square only)
 * the transpose of 0-3. */
static guint
image_cell (LhWideBoard b, LhGeometry g, guint image, guint r, guint c)
{
  if (image >= 4)
    {
      guint t = r;

      r = c;
      c = t;
      image -= 4;
    }
  if (image & 1)
    c = g.cols - 1 - c;
  if (image & 2)
    r = g.rows - 1 - r;
  return lh_wide_board_get_cell (b, r, c);
}

/* The value of @b by the definition: for every shape and every image of
 * the board, the weight of the shape's exponents read on the image (cells
 * 5 x row + col, exponents over 15 downgraded by the caller), in the
 * stage's part of the table; summed in double. */
static double
value_by_definition (const LhNtuple *net, LhWideBoard b, guint stage)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  guint images = g.rows == g.cols ? 8 : 4;
  double sum = 0.0;

  for (guint s = 0; s < lh_ntuple_get_n_shapes (net); s++)
    {
      const LhNtupleShape *shape = lh_ntuple_get_shape (net, s);
      guint64 n_entries;
      const float *w = lh_ntuple_get_weights (net, s, &n_entries);

      for (guint image = 0; image < images; image++)
        {
          guint64 index = 0;

          for (guint k = 0; k < shape->n_cells; k++)
            index |= (guint64) image_cell (b, g, image, shape->cells[k] / 5, shape->cells[k] % 5)
                     << (4 * k);
          index += (guint64) stage << (4 * shape->n_cells);
          g_assert_cmpuint (index, <, n_entries);
          sum += w[index];
        }
    }
  return sum;
}

/* A wide network (a side of 5) values a board as the definition does, and
 * every image of a square board alike; its contributions and cell values
 * add up to the value. */
static void
test_wide_network (void)
{
  LhRng rng;

  lh_rng_init (&rng, 55);
  for (guint gi = 0; gi < G_N_ELEMENTS (wide_geometries); gi++)
    {
      LhGeometry g = wide_geometries[gi];
      g_autoptr (LhNtuple) net = random_network (g, &rng);

      g_assert_true (lh_ntuple_is_wide (net));
      g_assert_cmpuint (lh_ntuple_get_n_symmetries (net), ==, g.rows == g.cols ? 8 : 4);
      for (guint i = 0; i < 500; i++)
        {
          LhWideBoard b = random_wide_board (&rng, g, 15);
          guint32 indices[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
          double expected = value_by_definition (net, b, 0);
          float value = lh_ntuple_evaluate_wide (net, b);
          double per_shape[LH_NTUPLE_MAX_SHAPES], cells[LH_WIDE_N_CELLS], shapes = 0, cell_sum = 0;

          g_assert_cmpfloat_with_epsilon (value, expected, 1e-6 * 10000 * 64);
          g_assert_true (lh_ntuple_evaluate_indices_wide (net, b, indices) == value);
          g_assert_true (lh_ntuple_sum_indices (net, indices) == value);
          lh_ntuple_contributions_wide (net, b, per_shape);
          for (guint s = 0; s < lh_ntuple_get_n_shapes (net); s++)
            shapes += per_shape[s];
          g_assert_cmpfloat_with_epsilon (shapes, expected, 1e-6);
          lh_ntuple_cell_values_wide (net, b, cells);
          for (guint c = 0; c < LH_WIDE_N_CELLS; c++)
            {
              if (c / 5 >= g.rows || c % 5 >= g.cols)
                g_assert_cmpfloat (cells[c], ==, 0.0);
              cell_sum += cells[c];
            }
          g_assert_cmpfloat_with_epsilon (cell_sum, expected, 1e-6);
        }
    }

  /* 5x5 "4x6": every image of a board has the board's value. */
  {
    LhGeometry g = { 5, 5 };
    LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
    g_autoptr (GError) error = NULL;
    g_autoptr (LhNtuple) net = NULL;
    g_autofree char *first = NULL;
    guint n;

    g_assert_true (lh_ntuple_shapes_lookup ("4x6", g, shapes, &n, &error));
    g_assert_cmpuint (n, ==, 4);
    first = lh_ntuple_shape_to_string (&shapes[3]);
    g_assert_cmpstr (first, ==, "567abc");
    net = lh_ntuple_new (g, shapes, n, &error);
    g_assert_no_error (error);
    /* Only the entries these boards read: 6-tuples of exponents 0-3. */
    for (guint s = 0; s < n; s++)
      {
        float *w = lh_ntuple_get_weights (net, s, NULL);

        for (guint32 i = 0; i < (1u << 24); i++)
          if ((i & 0xcccccc) == 0)
            w[i] = (float) lh_rng_below (&rng, 2001) - 1000.0f;
      }
    for (guint i = 0; i < 300; i++)
      {
        LhWideBoard b = random_wide_board (&rng, g, 3), image = 0;
        float value = lh_ntuple_evaluate_wide (net, b);

        g_assert_cmpfloat_with_epsilon (value, value_by_definition (net, b, 0), 1e-2);
        for (guint k = 1; k < 8; k++)
          {
            image = 0;
            for (guint r = 0; r < 5; r++)
              for (guint c = 0; c < 5; c++)
                image = lh_wide_board_set_cell (image, r, c, image_cell (b, g, k, r, c));
            g_assert_cmpfloat_with_epsilon (lh_ntuple_evaluate_wide (net, image), value, 1e-2);
          }
      }
  }
}

/* A staged wide network reads the stage of the board, downgraded past
 * 32768; a board past 32768 is valued as its downgraded board. */
static void
test_wide_stages_and_downgrade (void)
{
  LhGeometry g = { 5, 5 };
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint16 stages[LH_NTUPLE_MAX_STAGES] = { 0, 1u << 11, (1u << 11) | (1u << 15) };
  g_autoptr (GError) error = NULL;
  g_autoptr (LhNtuple) net = NULL;
  LhRng rng;
  guint n, seen[3] = { 0, 0, 0 };

  lh_rng_init (&rng, 2048);
  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", g, shapes, &n, &error));
  net = lh_ntuple_new_staged (g, shapes, n, stages, 3, &error);
  g_assert_no_error (error);
  randomise (net, &rng);
  for (guint i = 0; i < 3000; i++)
    {
      LhWideBoard b = random_wide_board (&rng, g, 18);
      guint closed;
      LhWideBoard down = lh_ntuple_downgrade_wide (b, &closed);
      guint stage = lh_ntuple_stage_wide (net, down);
      gboolean has_2048 = FALSE, has_32768 = FALSE;

      for (guint c = 0; c < LH_WIDE_N_CELLS; c++)
        {
          guint e = lh_wide_board_get_cell (down, c / 5, c % 5);

          g_assert_cmpuint (e, <=, 15);
          has_2048 |= e == 11;
          has_32768 |= e == 15;
        }
      g_assert_cmpuint (stage, ==, has_2048 && has_32768 ? 2 : has_2048 ? 1 : 0);
      seen[stage]++;
      g_assert_cmpfloat_with_epsilon (lh_ntuple_evaluate_wide (net, b),
                                      value_by_definition (net, down, stage), 1e-6 * 10000 * 64);
      g_assert_true (lh_ntuple_evaluate_wide (net, b) == lh_ntuple_evaluate_wide (net, down));
    }
  for (guint k = 0; k < 3; k++)
    g_assert_cmpuint (seen[k], >, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/ntuple-wide/same-as-narrow", test_same_as_narrow);
  g_test_add_func ("/ntuple-wide/downgraded", test_downgraded);
  g_test_add_func ("/ntuple-wide/wide-network", test_wide_network);
  g_test_add_func ("/ntuple-wide/wide-stages-and-downgrade", test_wide_stages_and_downgrade);
  return g_test_run ();
}
