/* test-ntuple.c: the n-tuple network (lh-ntuple.h) against a plain reference
 * that turns and flips the board cell by cell and computes every index from
 * scratch: the value on random boards for every named shape set and every
 * geometry, the same value for all symmetric images of a board, updates,
 * the per-shape contributions and cell values, and the rejection of bad
 * shapes.  Staged networks (several sets of weights, chosen by the tiles on
 * the board) are checked the same way against a reference that looks for
 * the stages' tiles cell by cell, and their promotion from a network of one
 * stage. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "lh-board.h"
#include "lh-ntuple.h"
#include "lh-rng.h"
#include "lh-test-util.h"

/* ---- Reference ------------------------------------------------------------ */

typedef struct {
  guint rows, cols;
  guint e[4][4];
} Grid;

static Grid
grid_from_board (LhBoard board, LhGeometry g)
{
  Grid grid = { g.rows, g.cols, { { 0 } } };

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      grid.e[r][c] = lh_board_get_cell (board, r, c);
  return grid;
}

static LhBoard
grid_to_board (const Grid *grid)
{
  LhBoard board = 0;

  for (guint r = 0; r < grid->rows; r++)
    for (guint c = 0; c < grid->cols; c++)
      board = lh_board_set_cell (board, r, c, grid->e[r][c]);
  return board;
}

/* The mirror image, left to right. */
static Grid
grid_mirror (const Grid *in)
{
  Grid out = *in;

  for (guint r = 0; r < in->rows; r++)
    for (guint c = 0; c < in->cols; c++)
      out.e[r][c] = in->e[r][in->cols - 1 - c];
  return out;
}

/* Upside down. */
static Grid
grid_upside_down (const Grid *in)
{
  Grid out = *in;

  for (guint r = 0; r < in->rows; r++)
    for (guint c = 0; c < in->cols; c++)
      out.e[r][c] = in->e[in->rows - 1 - r][c];
  return out;
}

/* A quarter turn clockwise (square grids). */
static Grid
grid_turn (const Grid *in)
{
  Grid out = *in;
  guint n = in->rows;

  for (guint r = 0; r < n; r++)
    for (guint c = 0; c < n; c++)
      out.e[r][c] = in->e[n - 1 - c][r];
  return out;
}

/* Every symmetric image of @board: 8 on a square board (four turns, each
 * also mirrored), 4 on a rectangular one.  Returns their number. */
static guint
reference_images (LhBoard board, LhGeometry g, Grid images[8])
{
  Grid grid = grid_from_board (board, g);
  guint n = 0;

  if (g.rows == g.cols)
    for (guint t = 0; t < 4; t++)
      {
        images[n++] = grid;
        images[n++] = grid_mirror (&grid);
        grid = grid_turn (&grid);
      }
  else
    {
      Grid flipped = grid_upside_down (&grid);

      images[n++] = grid;
      images[n++] = grid_mirror (&grid);
      images[n++] = flipped;
      images[n++] = grid_mirror (&flipped);
    }
  return n;
}

static guint32
reference_index (const Grid *image, const LhNtupleShape *shape)
{
  guint32 index = 0;

  for (guint k = 0; k < shape->n_cells; k++)
    {
      guint cell = shape->cells[k];
      index += image->e[cell / 4][cell % 4] * (guint32) (1u << (4 * k));
    }
  return index;
}

/* The stage of @board: the last stage whose every tile some cell holds,
 * looked for cell by cell. */
static guint
reference_stage (const LhNtuple *net, LhBoard board)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  Grid grid = grid_from_board (board, g);

  for (guint k = lh_ntuple_get_n_stages (net) - 1; k > 0; k--)
    {
      gboolean all = TRUE;

      for (guint e = 1; e < 16; e++)
        {
          gboolean found = FALSE;

          if (!(lh_ntuple_get_stage_tiles (net, k) & (1u << e)))
            continue;
          for (guint r = 0; r < g.rows; r++)
            for (guint c = 0; c < g.cols; c++)
              found = found || grid.e[r][c] == e;
          all = all && found;
        }
      if (all)
        return k;
    }
  return 0;
}

/* Where stage @stage's part of @shape's table begins. */
static guint32
stage_offset (const LhNtupleShape *shape, guint stage)
{
  return stage * (guint32) (1u << (4 * shape->n_cells));
}

/* A weight for entry @index of shape @shape: an integer in -1000..1000, so
 * that sums of a few hundred of them are exact in float. */
static float
weight_for (guint shape, guint32 index)
{
  guint32 h = (index + 1) * 2654435761u ^ (shape + 1) * 40503u;

  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return (float) ((int) (h % 2001) - 1000);
}

/* Sets the weight of every feature of @board (and of its images) to
 * weight_for(). */
static void
fill_weights_for (LhNtuple *net, LhBoard board)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  Grid images[8];
  guint n = reference_images (board, g, images);
  guint stage = reference_stage (net, board);

  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      float *w = lh_ntuple_get_weights (net, i, NULL);
      const LhNtupleShape *shape = lh_ntuple_get_shape (net, i);

      for (guint s = 0; s < n; s++)
        {
          guint32 index = reference_index (&images[s], shape) + stage_offset (shape, stage);
          w[index] = weight_for (i, index);
        }
    }
}

static double
reference_value (const LhNtuple *net, LhBoard board)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  Grid images[8];
  guint n = reference_images (board, g, images);
  guint stage = reference_stage (net, board);
  double value = 0.0;

  g_assert_cmpuint (n, ==, lh_ntuple_get_n_symmetries (net));
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      const float *w = lh_ntuple_get_weights ((LhNtuple *) net, i, NULL);
      const LhNtupleShape *shape = lh_ntuple_get_shape (net, i);

      for (guint s = 0; s < n; s++)
        value += w[reference_index (&images[s], shape) + stage_offset (shape, stage)];
    }
  return value;
}

/* Sum over the distinct weights of @board's features of the square of the
 * number of features that share it: an update by delta moves the value by
 * delta times this. */
static guint
reference_update_factor (const LhNtuple *net, LhBoard board)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  Grid images[8];
  guint n = reference_images (board, g, images);
  guint factor = 0;

  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint32 index[8];

      for (guint s = 0; s < n; s++)
        index[s] = reference_index (&images[s], lh_ntuple_get_shape (net, i));
      for (guint s = 0; s < n; s++)
        {
          gboolean first = TRUE;
          guint m = 0;

          for (guint t = 0; t < n; t++)
            {
              if (index[t] == index[s])
                m++;
              if (index[t] == index[s] && t < s)
                first = FALSE;
            }
          if (first)
            factor += m * m;
        }
    }
  return factor;
}

/* ---- Networks under test ---------------------------------------------------- */

typedef struct {
  const char *name;
  LhGeometry  geometry;
  const char *stages;   /* lh_ntuple_stages_parse(); NULL: one stage */
} Case;

static const Case cases[] = {
  { "4x6", { 4, 4 } },
  { "8x6", { 4, 4 } },
  { "2x4+2x6", { 4, 4 } },
  /* Staged: tiles the random boards often hold, so every stage is seen. */
  { "4x6", { 4, 4 }, "256,256+128" },
  { "2x4+2x6", { 4, 4 }, "32768,1024,8+16+32" },
  { "lines+squares", { 3, 4 }, "64" },
  { "lines+squares", { 2, 2 } },
  { "lines+squares", { 2, 3 } },
  { "lines+squares", { 2, 4 } },
  { "lines+squares", { 3, 2 } },
  { "lines+squares", { 3, 3 } },
  { "lines+squares", { 3, 4 } },
  { "lines+squares", { 4, 2 } },
  { "lines+squares", { 4, 3 } },
  { "lines+squares", { 4, 4 } },
};

static LhNtuple *
network_for (const Case *c)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  g_autoptr(GError) error = NULL;
  guint n = 0;
  LhNtuple *net;

  guint16 stage_tiles[LH_NTUPLE_MAX_STAGES];
  guint n_stages = 1;

  g_assert_true (lh_ntuple_shapes_lookup (c->name, c->geometry, shapes, &n, &error));
  g_assert_no_error (error);
  g_assert_true (lh_ntuple_stages_parse (c->stages != NULL ? c->stages : "", stage_tiles,
                                         &n_stages, &error));
  g_assert_no_error (error);
  net = lh_ntuple_new_staged (c->geometry, shapes, n, stage_tiles, n_stages, &error);
  g_assert_no_error (error);
  g_assert_nonnull (net);
  return net;
}

static void
test_evaluate_matches_reference (void)
{
  for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      g_autoptr(LhNtuple) net = network_for (&cases[ci]);
      LhRng rng;

      lh_rng_init (&rng, 1000 + ci);
      g_assert_cmpuint (lh_ntuple_get_n_features (net), ==,
                        lh_ntuple_get_n_shapes (net) * lh_ntuple_get_n_symmetries (net));
      /* A fresh network is worth 0 everywhere. */
      g_assert_cmpfloat (lh_ntuple_evaluate (net, lh_test_random_board (&rng, cases[ci].geometry)),
                         ==, 0.0f);
      for (guint i = 0; i < 300; i++)
        {
          LhBoard board = lh_test_random_board (&rng, cases[ci].geometry);
          double expected;

          fill_weights_for (net, board);
          expected = reference_value (net, board);
          g_assert_cmpfloat (expected, !=, 0.0);   /* the weights were set */
          g_assert_cmpfloat ((double) lh_ntuple_evaluate (net, board), ==, expected);
        }
    }
}

static void
test_symmetric_images (void)
{
  for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      g_autoptr(LhNtuple) net = network_for (&cases[ci]);
      LhGeometry g = cases[ci].geometry;
      LhRng rng;

      lh_rng_init (&rng, 2000 + ci);
      for (guint i = 0; i < 100; i++)
        {
          LhBoard board = lh_test_random_board (&rng, g);
          Grid images[8];
          guint n = reference_images (board, g, images);
          float value;

          fill_weights_for (net, board);
          value = lh_ntuple_evaluate (net, board);
          for (guint s = 0; s < n; s++)
            g_assert_cmpfloat (lh_ntuple_evaluate (net, grid_to_board (&images[s])), ==, value);
        }
    }
}

static void
test_update (void)
{
  guint distinct_seen = 0;

  for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      g_autoptr(LhNtuple) net = network_for (&cases[ci]);
      guint n_features = lh_ntuple_get_n_features (net);
      LhRng rng;

      lh_rng_init (&rng, 3000 + ci);
      for (guint i = 0; i < 100; i++)
        {
          LhBoard board = lh_test_random_board (&rng, cases[ci].geometry);
          guint factor = reference_update_factor (net, board);
          float before, after;

          fill_weights_for (net, board);
          before = lh_ntuple_evaluate (net, board);
          lh_ntuple_update (net, board, 0.5f);
          after = lh_ntuple_evaluate (net, board);
          g_assert_cmpfloat ((double) after - before, ==, 0.5 * factor);
          if (factor == n_features)   /* every feature's weight distinct */
            {
              g_assert_cmpfloat ((double) after - before, ==, 0.5 * n_features);
              distinct_seen++;
            }
          lh_ntuple_update (net, board, -0.5f);
          g_assert_cmpfloat (lh_ntuple_evaluate (net, board), ==, before);
        }
    }
  g_assert_cmpuint (distinct_seen, >, 100);

  /* A board of 16 different exponents: every feature distinct. */
  {
    Case c = { "4x6", { 4, 4 } };
    g_autoptr(LhNtuple) net = network_for (&c);
    LhBoard board = 0xfedcba9876543210ULL;
    float before = lh_ntuple_evaluate (net, board);

    g_assert_cmpuint (reference_update_factor (net, board), ==, 32);
    lh_ntuple_update (net, board, 0.25f);
    g_assert_cmpfloat (lh_ntuple_evaluate (net, board) - before, ==, 0.25f * 32);
  }
}

static void
test_contributions_add_up (void)
{
  for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      g_autoptr(LhNtuple) net = network_for (&cases[ci]);
      LhGeometry g = cases[ci].geometry;
      guint n_shapes = lh_ntuple_get_n_shapes (net);
      LhRng rng;

      lh_rng_init (&rng, 4000 + ci);
      for (guint i = 0; i < 100; i++)
        {
          LhBoard board = lh_test_random_board (&rng, g);
          Grid images[8];
          guint n = reference_images (board, g, images);
          double per_shape[LH_NTUPLE_MAX_SHAPES], cells[16];
          double value, sum = 0.0;

          fill_weights_for (net, board);
          value = lh_ntuple_evaluate (net, board);
          lh_ntuple_contributions (net, board, per_shape);
          for (guint s = 0; s < n_shapes; s++)
            {
              const float *w = lh_ntuple_get_weights (net, s, NULL);
              const LhNtupleShape *shape = lh_ntuple_get_shape (net, s);
              guint32 offset = stage_offset (shape, reference_stage (net, board));
              double expected = 0.0;

              for (guint t = 0; t < n; t++)
                expected += w[reference_index (&images[t], shape) + offset];
              g_assert_cmpfloat (per_shape[s], ==, expected);
              sum += per_shape[s];
            }
          g_assert_cmpfloat (sum, ==, value);

          lh_ntuple_cell_values (net, board, cells);
          sum = 0.0;
          for (guint cell = 0; cell < 16; cell++)
            {
              if (cell / 4 >= g.rows || cell % 4 >= g.cols)
                g_assert_cmpfloat (cells[cell], ==, 0.0);
              sum += cells[cell];
            }
          g_assert_cmpfloat_with_epsilon (sum, value, 1e-6 * (1.0 + fabs (value)));
        }
    }
}

/* Cell values by hand: one shape of one cell on 2x2, where each symmetry's
 * feature reads one corner. */
static void
test_cell_values_by_hand (void)
{
  LhNtupleShape corner = { 1, { 0 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = lh_ntuple_new ((LhGeometry) { 2, 2 }, &corner, 1, &error);
  LhBoard board = 0;
  double cells[16];
  float *w;

  g_assert_no_error (error);
  /* Exponents 1 2 / 3 4; weight of exponent e is 10 e. */
  board = lh_board_set_cell (board, 0, 0, 1);
  board = lh_board_set_cell (board, 0, 1, 2);
  board = lh_board_set_cell (board, 1, 0, 3);
  board = lh_board_set_cell (board, 1, 1, 4);
  w = lh_ntuple_get_weights (net, 0, NULL);
  for (guint e = 0; e < 16; e++)
    w[e] = 10.0f * e;
  /* 8 symmetries: each corner is read by two of them. */
  g_assert_cmpfloat (lh_ntuple_evaluate (net, board), ==, 2 * (10 + 20 + 30 + 40));
  lh_ntuple_cell_values (net, board, cells);
  g_assert_cmpfloat (cells[0], ==, 20.0);
  g_assert_cmpfloat (cells[1], ==, 40.0);
  g_assert_cmpfloat (cells[4], ==, 60.0);
  g_assert_cmpfloat (cells[5], ==, 80.0);
}

/* The batch evaluation gives each board's value bit for bit and its
 * indices, through the BMI2 path and the generic one. */
static void
test_batch (void)
{
  for (guint path = 0; path < 2; path++)
    {
      if (path == 1)
        g_setenv ("LOOKAHEAD_NO_BMI2", "1", TRUE);
      for (guint ci = 0; ci < G_N_ELEMENTS (cases); ci++)
        {
          g_autoptr(LhNtuple) net = network_for (&cases[ci]);
          guint nf = lh_ntuple_get_n_features (net);
          LhRng rng;

          lh_rng_init (&rng, 5000 + ci);
          for (guint i = 0; i < 100; i++)
            {
              LhBoard boards[4];
              float values[4];
              guint32 indices[4 * LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
              guint32 expected[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
              guint n = 1 + i % 4;

              for (guint b = 0; b < n; b++)
                {
                  boards[b] = lh_test_random_board (&rng, cases[ci].geometry);
                  fill_weights_for (net, boards[b]);
                }
              lh_ntuple_evaluate_batch (net, boards, n, values, indices);
              for (guint b = 0; b < n; b++)
                {
                  float value = lh_ntuple_evaluate_indices (net, boards[b], expected);

                  g_assert_cmpfloat (values[b], ==, value);
                  g_assert_cmpfloat (values[b], ==, reference_value (net, boards[b]));
                  g_assert_cmpmem (indices + b * nf, nf * sizeof (guint32), expected,
                                   nf * sizeof (guint32));
                  g_assert_cmpfloat (lh_ntuple_sum_indices (net, expected), ==, value);
                }
            }
        }
    }
  g_unsetenv ("LOOKAHEAD_NO_BMI2");
}

static void
test_named_sets (void)
{
  static const struct {
    const char *name;
    guint       n_shapes;
    gsize       memory;
    const char *first;
  } expected[] = {
    { "4x6", 4, (gsize) 256 << 20, "012345" },
    { "8x6", 8, (gsize) 512 << 20, "012456" },
    { "2x4+2x6", 4, ((gsize) 128 << 20) + (512 << 10), "0123" },
    { "lines+squares", 5, (gsize) 1280 << 10, "0123" },
  };
  const char *const *names = lh_ntuple_shape_names ();

  g_assert_cmpuint (g_strv_length ((char **) names), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      Case c = { expected[i].name, { 4, 4 } };
      g_autoptr(LhNtuple) net = network_for (&c);
      g_autofree char *first = lh_ntuple_shape_to_string (lh_ntuple_get_shape (net, 0));

      g_assert_cmpstr (names[i], ==, expected[i].name);
      g_assert_cmpuint (lh_ntuple_get_n_shapes (net), ==, expected[i].n_shapes);
      g_assert_cmpuint (lh_ntuple_get_memory (net), ==, expected[i].memory);
      g_assert_cmpstr (first, ==, expected[i].first);
      g_assert_cmpuint (lh_ntuple_get_n_symmetries (net), ==, 8);
    }

  /* Every geometry has the small set, within 1.25 MiB; 4 symmetries off the square. */
  for (guint gi = 0; gi < LH_TEST_N_GEOMETRIES; gi++)
    {
      Case c = { "lines+squares", lh_test_geometries[gi] };
      g_autoptr(LhNtuple) net = network_for (&c);

      g_assert_cmpuint (lh_ntuple_get_memory (net), <=, (gsize) 1280 << 10);
      g_assert_cmpuint (lh_ntuple_get_n_symmetries (net), ==,
                        c.geometry.rows == c.geometry.cols ? 8 : 4);
    }

  /* 5x5: "lines+squares" is three 5-cell rows and three squares; "4x6"
   * the same forms as on 4x4; the 4x4-only sets say so. */
  {
    LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
    g_autoptr(GError) error = NULL;
    GString *all = g_string_new (NULL);
    guint n = 0;

    g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", (LhGeometry) { 5, 5 }, shapes, &n,
                                            &error));
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *cells = lh_ntuple_shape_to_string (&shapes[i]);

        g_string_append_printf (all, "%s%s", i > 0 ? " " : "", cells);
      }
    g_assert_cmpstr (all->str, ==, "01234 56789 abcde 0156 1267 67bc");
    g_string_free (all, TRUE);
    g_assert_true (lh_ntuple_shapes_lookup ("4x6", (LhGeometry) { 5, 5 }, shapes, &n, &error));
    g_assert_cmpuint (n, ==, 4);
    g_assert_false (lh_ntuple_shapes_lookup ("8x6", (LhGeometry) { 5, 5 }, shapes, &n, &error));
    g_assert_nonnull (strstr (error->message, "4x4 board, not 5x5"));
    g_clear_error (&error);
    g_assert_false (lh_ntuple_shapes_lookup ("4x6", (LhGeometry) { 4, 5 }, shapes, &n, &error));
    g_assert_nonnull (strstr (error->message, "4x4 and 5x5 boards, not 4x5"));
  }

  /* The 4x4 sets do not fit other boards; unknown names are listed. */
  {
    LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
    g_autoptr(GError) error = NULL;
    guint n = 0;

    g_assert_false (lh_ntuple_shapes_lookup ("4x6", (LhGeometry) { 3, 3 }, shapes, &n, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "3x3"));
    g_clear_error (&error);
    g_assert_false (lh_ntuple_shapes_lookup ("9x9", (LhGeometry) { 4, 4 }, shapes, &n, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "9x9"));
    g_assert_nonnull (strstr (error->message, "lines+squares"));
  }
}

static void
expect_rejected (LhGeometry g, const LhNtupleShape *shapes, guint n, const char *const *parts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = lh_ntuple_new (g, shapes, n, &error);

  g_assert_null (net);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strstr (error->message, parts[i]) == NULL)
      g_error ("“%s” does not say “%s”", error->message, parts[i]);
}

static void
test_bad_shapes (void)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES + 1];
  LhNtupleShape ok = { 2, { 0, 1 } };

  for (guint i = 0; i <= LH_NTUPLE_MAX_SHAPES; i++)
    shapes[i] = ok;

  /* A cell outside a 3x3 board (column 4), in the second shape. */
  shapes[1] = (LhNtupleShape) { 3, { 0, 1, 3 } };
  expect_rejected ((LhGeometry) { 3, 3 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "cell 3", "outside", "3x3", NULL });
  /* Past the last row of a 2x4 board. */
  shapes[1] = (LhNtupleShape) { 2, { 0, 8 } };
  expect_rejected ((LhGeometry) { 2, 4 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "cell 8", "2x4", NULL });
  /* Past the 16 cells. */
  shapes[1] = (LhNtupleShape) { 2, { 0, 16 } };
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "cell 16", NULL });
  /* A repeated cell. */
  shapes[1] = (LhNtupleShape) { 3, { 5, 6, 5 } };
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "cell 5", "twice", NULL });
  /* No cell; too many cells. */
  shapes[1] = (LhNtupleShape) { 0, { 0 } };
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "0 cells", NULL });
  shapes[1] = (LhNtupleShape) { LH_NTUPLE_MAX_CELLS + 1, { 0 } };
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 2,
                   (const char *const[]) { "Shape 2", "9 cells", NULL });
  shapes[1] = ok;
  /* No shape; too many shapes. */
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 0, (const char *const[]) { "not 0", NULL });
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, LH_NTUPLE_MAX_SHAPES + 1,
                   (const char *const[]) { "not 17", NULL });
  /* Too many weights: two 7-tuples are 2^29. */
  shapes[0] = (LhNtupleShape) { 7, { 0, 1, 2, 3, 4, 5, 6 } };
  shapes[1] = (LhNtupleShape) { 7, { 8, 9, 10, 11, 12, 13, 14 } };
  expect_rejected ((LhGeometry) { 4, 4 }, shapes, 2,
                   (const char *const[]) { "536870912", "at most", NULL });
  /* A board that is not a board. */
  expect_rejected ((LhGeometry) { 6, 4 }, &ok, 1, (const char *const[]) { "6x4", NULL });
}

static void
test_stages_parse (void)
{
  static const struct {
    const char *text;
    guint       n_stages;
    guint16     tiles[LH_NTUPLE_MAX_STAGES];
    const char *canonical;
  } good[] = {
    { "", 1, { 0 }, "" },
    { "none", 1, { 0 }, "" },
    { "16384", 2, { 0, 1u << 14 }, "16384" },
    { "16384,16384+8192", 3, { 0, 1u << 14, (1u << 14) | (1u << 13) }, "16384,16384+8192" },
    { "8192+16384, 2", 3, { 0, (1u << 14) | (1u << 13), 1u << 1 }, "16384+8192,2" },
    { "32768,16384,8192", 4, { 0, 1u << 15, 1u << 14, 1u << 13 }, "32768,16384,8192" },
  };
  static const struct {
    const char *text;
    const char *part;   /* in the message */
  } bad[] = {
    { "3", "“3”" }, { "16384,", "is empty" }, { "65536", "“65536”" }, { "1", "“1”" },
    { "0", "“0”" }, { "x", "“x”" }, { "16384+", "“”" }, { "-2", "“-2”" },
    { "16384,16384", "same tiles" }, { "8192+16384,16384+8192", "same tiles" },
    { "2,4,8,16", "at most 4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhNtuple) net = NULL;
      g_autofree char *text = NULL;
      LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
      guint16 tiles[LH_NTUPLE_MAX_STAGES];
      guint n_stages = 0, n = 0;

      g_assert_true (lh_ntuple_stages_parse (good[i].text, tiles, &n_stages, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (n_stages, ==, good[i].n_stages);
      g_assert_cmpmem (tiles, sizeof tiles, good[i].tiles, sizeof tiles);
      g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", (LhGeometry) { 4, 4 }, shapes, &n,
                                              NULL));
      net = lh_ntuple_new_staged ((LhGeometry) { 4, 4 }, shapes, n, tiles, n_stages, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lh_ntuple_get_n_stages (net), ==, n_stages);
      g_assert_cmpuint (lh_ntuple_get_memory (net), ==, (gsize) n_stages * (1280 << 10));
      text = lh_ntuple_stages_to_string (net);
      g_assert_cmpstr (text, ==, good[i].canonical);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      guint16 tiles[LH_NTUPLE_MAX_STAGES];
      guint n_stages = 0;

      g_assert_false (lh_ntuple_stages_parse (bad[i].text, tiles, &n_stages, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      if (strstr (error->message, bad[i].part) == NULL)
        g_error ("“%s”: “%s” does not say “%s”", bad[i].text, error->message, bad[i].part);
    }

  /* More stages than the weights allow: 8x6 in 3 stages is 1.5 GiB. */
  {
    g_autoptr(GError) error = NULL;
    LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
    guint16 tiles[LH_NTUPLE_MAX_STAGES];
    guint n_stages = 0, n = 0;

    g_assert_true (lh_ntuple_shapes_lookup ("8x6", (LhGeometry) { 4, 4 }, shapes, &n, NULL));
    g_assert_true (lh_ntuple_stages_parse ("16384,16384+8192", tiles, &n_stages, NULL));
    g_assert_null (lh_ntuple_new_staged ((LhGeometry) { 4, 4 }, shapes, n, tiles, n_stages,
                                         &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

/* A promoted network values every board as the network it came from, and
 * then learns each stage apart: an update of a board of stage 1 moves no
 * board of stage 0. */
static void
test_promoted (void)
{
  Case c = { "2x4+2x6", { 4, 4 }, NULL };
  g_autoptr(LhNtuple) base = network_for (&c);
  g_autoptr(LhNtuple) staged = NULL;
  g_autoptr(GError) error = NULL;
  guint16 tiles[LH_NTUPLE_MAX_STAGES];
  LhBoard boards[200];
  float before[200];
  guint n_stages = 0, seen[3] = { 0 };
  LhRng rng;

  lh_rng_init (&rng, 7000);
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      boards[i] = lh_test_random_board (&rng, c.geometry);
      fill_weights_for (base, boards[i]);
    }
  g_assert_true (lh_ntuple_stages_parse ("512,512+256", tiles, &n_stages, NULL));
  staged = lh_ntuple_new_promoted (base, tiles, n_stages, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_ntuple_get_memory (staged), ==, 3 * lh_ntuple_get_memory (base));
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      before[i] = lh_ntuple_evaluate (staged, boards[i]);
      g_assert_cmpfloat (before[i], ==, lh_ntuple_evaluate (base, boards[i]));
      g_assert_cmpuint (lh_ntuple_stage (staged, boards[i]), ==, reference_stage (staged, boards[i]));
      seen[lh_ntuple_stage (staged, boards[i])]++;
    }
  g_assert_cmpuint (seen[0], >, 0);
  g_assert_cmpuint (seen[1], >, 0);
  g_assert_cmpuint (seen[2], >, 0);

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    if (lh_ntuple_stage (staged, boards[i]) == 1)
      lh_ntuple_update (staged, boards[i], 100.0f);
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      float after = lh_ntuple_evaluate (staged, boards[i]);

      if (lh_ntuple_stage (staged, boards[i]) == 1)
        g_assert_cmpfloat (after, >, before[i]);
      else
        g_assert_cmpfloat (after, ==, before[i]);
    }

  /* A staged network is not staged again. */
  {
    g_autoptr(LhNtuple) again = lh_ntuple_new_promoted (staged, tiles, n_stages, &error);

    g_assert_null (again);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

/* Optimistic initialisation: every board is worth the initial value, on
 * square and rectangular boards (8 and 4 symmetries), every stage; after
 * an update, the boards it touches move and the others keep it. */
static void
test_initial_value (void)
{
  static const Case optimistic[] = {
    { "lines+squares", { 4, 4 }, NULL }, { "lines+squares", { 3, 4 }, NULL },
    { "lines+squares", { 4, 4 }, "512,512+256" },
  };
  LhRng rng;

  lh_rng_init (&rng, 7100);
  for (guint c = 0; c < G_N_ELEMENTS (optimistic); c++)
    {
      g_autoptr(LhNtuple) net = network_for (&optimistic[c]);
      LhBoard touched = lh_test_random_board (&rng, optimistic[c].geometry);

      lh_ntuple_set_initial_value (net, 320000);
      for (guint i = 0; i < 100; i++)
        {
          LhBoard b = lh_test_random_board (&rng, optimistic[c].geometry);

          g_assert_cmpfloat_with_epsilon (lh_ntuple_evaluate (net, b), 320000, 320000 * 1e-6);
        }
      lh_ntuple_update (net, touched, -1000.0f);
      g_assert_cmpfloat (lh_ntuple_evaluate (net, touched), <, 320000 - 500);
    }
}

static void
test_ref_counting (void)
{
  Case c = { "lines+squares", { 3, 3 } };
  LhNtuple *net = network_for (&c);

  g_assert_true (lh_ntuple_ref (net) == net);
  lh_ntuple_unref (net);
  g_assert_cmpuint (lh_ntuple_get_n_shapes (net), ==, 3);   /* still alive */
  lh_ntuple_unref (net);
  lh_ntuple_unref (NULL);
}

/* Shapes named by form and place (the breakdown's rows). */
static void
test_shape_describe (void)
{
  static const struct { const char *cells; guint rows, cols; const char *name; } shape_cases[] = {
    { "0123", 4, 4, "Edge row" },
    { "4567", 4, 4, "Inner row" },
    { "048c", 4, 4, "Edge row" },       /* a column reads as a row */
    { "159d", 4, 4, "Inner row" },
    { "012", 4, 4, "Edge row of 3" },
    { "456", 4, 4, "Inner row of 3" },
    { "012456", 4, 4, "Corner 2×3" },
    { "45689a", 4, 4, "Edge 2×3" },
    { "0145", 4, 4, "Corner 2×2" },
    { "1256", 4, 4, "Edge 2×2" },
    { "569a", 4, 4, "Middle 2×2" },
    { "012345", 4, 4, "Corner shape of 6" },
    { "456789", 4, 4, "Edge shape of 6" },
    { "012", 3, 3, "Edge row" },
    { "456", 3, 3, "Inner row" },
    { "0145", 3, 3, "Corner 2×2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shape_cases); i++)
    {
      LhNtupleShape shape = { 0 };
      g_autofree char *name = NULL;

      shape.n_cells = (guint8) strlen (shape_cases[i].cells);
      for (guint k = 0; k < shape.n_cells; k++)
        shape.cells[k] = (guint8) g_ascii_xdigit_value (shape_cases[i].cells[k]);
      name = lh_ntuple_shape_describe (&shape, (LhGeometry) { (guint8) shape_cases[i].rows, (guint8) shape_cases[i].cols });
      g_assert_cmpstr (name, ==, shape_cases[i].name);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/ntuple/shape-describe", test_shape_describe);
  g_test_add_func ("/ntuple/evaluate-matches-reference", test_evaluate_matches_reference);
  g_test_add_func ("/ntuple/symmetric-images", test_symmetric_images);
  g_test_add_func ("/ntuple/update", test_update);
  g_test_add_func ("/ntuple/contributions-add-up", test_contributions_add_up);
  g_test_add_func ("/ntuple/cell-values-by-hand", test_cell_values_by_hand);
  g_test_add_func ("/ntuple/batch", test_batch);
  g_test_add_func ("/ntuple/named-sets", test_named_sets);
  g_test_add_func ("/ntuple/bad-shapes", test_bad_shapes);
  g_test_add_func ("/ntuple/stages-parse", test_stages_parse);
  g_test_add_func ("/ntuple/promoted", test_promoted);
  g_test_add_func ("/ntuple/ref-counting", test_ref_counting);
  g_test_add_func ("/ntuple/initial-value", test_initial_value);

  return g_test_run ();
}
