/* test-board-text.c: the board text format (lh-board-text.h): round trips in
 * both forms for every size, accepted variants, and rejections whose message
 * names what is wrong and where. */
#include <string.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-rng.h"
#include "lh-wide-board.h"
#include "lh-test-util.h"



static void
assert_parses (const char *text, LhBoard expected, LhGeometry expected_geometry)
{
  g_autoptr (GError) error = NULL;
  LhBoard board = 0;
  LhGeometry g = { 0, 0 };

  if (!lh_board_parse (text, &board, &g, &error))
    g_error ("'%s' was rejected: %s", text, error->message);
  g_assert_no_error (error);
  g_assert_cmpuint (board, ==, expected);
  g_assert_cmpuint (g.rows, ==, expected_geometry.rows);
  g_assert_cmpuint (g.cols, ==, expected_geometry.cols);
}

/* @text must be rejected with @code and a message holding every string of
 * the NULL-terminated @needles; the outputs stay untouched.  The wide
 * parser rejects it the same way, unless @code is TOO_LARGE: a board the
 * wide parser reads. */
static void
assert_rejects (const char *text, LhBoardTextError code, ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) wide_error = NULL;
  LhBoard board = 0x123456789abcdefULL;
  LhWideBoard wide = 12345;
  LhGeometry g = { 7, 9 }, wide_g = { 7, 9 };
  gboolean wide_ok;
  const char *needle;
  va_list ap;

  if (lh_board_parse (text, &board, &g, &error))
    g_error ("'%s' was accepted", text);
  g_assert_nonnull (error);
  {
    g_autofree char *escaped = g_strescape (text, NULL);
    g_test_message ("'%s': %s", escaped, error->message);
  }
  g_assert_error (error, LH_BOARD_TEXT_ERROR, (gint) code);
  g_assert_cmpuint (board, ==, 0x123456789abcdefULL);
  g_assert_cmpuint (g.rows, ==, 7);
  g_assert_cmpuint (g.cols, ==, 9);

  wide_ok = lh_wide_board_parse (text, &wide, &wide_g, &wide_error);
  if (code == LH_BOARD_TEXT_ERROR_TOO_LARGE)
    {
      g_assert_no_error (wide_error);
      g_assert_true (wide_ok);
      g_assert_true (wide_g.rows == 5 || wide_g.cols == 5
                     || lh_wide_board_max_exponent (wide) > LH_MAX_EXPONENT);
    }
  else
    {
      g_assert_false (wide_ok);
      g_assert_error (wide_error, LH_BOARD_TEXT_ERROR, (gint) code);
      g_assert_cmpstr (wide_error->message, ==, error->message);
      g_assert_true (wide == 12345);
      g_assert_cmpuint (wide_g.rows, ==, 7);
    }

  va_start (ap, code);
  while ((needle = va_arg (ap, const char *)) != NULL)
    if (strstr (error->message, needle) == NULL)
      g_error ("error for '%s' does not mention '%s': %s", text, needle, error->message);
  va_end (ap);
}

static void
assert_parses_wide (const char *text, LhWideBoard expected, LhGeometry expected_geometry)
{
  g_autoptr (GError) error = NULL;
  LhWideBoard board = 0;
  LhGeometry g = { 0, 0 };

  if (!lh_wide_board_parse (text, &board, &g, &error))
    g_error ("'%s' was rejected: %s", text, error->message);
  g_assert_true (board == expected);
  g_assert_cmpuint (g.rows, ==, expected_geometry.rows);
  g_assert_cmpuint (g.cols, ==, expected_geometry.cols);
}

static void
test_round_trip_random (void)
{
  LhRng rng;

  lh_rng_init (&rng, 2024);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];
      for (guint i = 0; i < 3000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          g_autofree char *hex = lh_board_to_hex (b, g);
          g_autofree char *tiles = lh_board_to_tiles (b, g);

          /* Shapes of the printed forms. */
          if (g.rows == 4 && g.cols == 4)
            g_assert_cmpuint (strlen (hex), ==, 16);
          else
            g_assert_cmpuint (strlen (hex), ==, g.rows * g.cols + g.rows - 1);
          for (const char *p = hex; *p; p++)
            g_assert_true (strchr ("0123456789abcdef/", *p) != NULL);
          {
            g_auto (GStrv) rows = g_strsplit (tiles, "/", -1);
            g_assert_cmpuint (g_strv_length (rows), ==, g.rows);
            for (guint r = 0; r < g.rows; r++)
              {
                g_auto (GStrv) cells = g_strsplit (rows[r], " ", -1);
                g_assert_cmpuint (g_strv_length (cells), ==, g.cols);
                for (guint c = 0; c < g.cols; c++)
                  g_assert_cmpuint (g_ascii_strtoull (cells[c], NULL, 10), ==,
                                    lh_tile_value (lh_board_get_cell (b, r, c)));
              }
          }

          assert_parses (hex, b, g);
          assert_parses (tiles, b, g);
        }
    }
}

static void
test_known_forms (void)
{
  LhBoard b;
  char *s;

  b = lh_board_set_cell (lh_board_set_cell (0, 0, 0, 1), 1, 1, 15);
  s = lh_board_to_tiles (b, (LhGeometry) { 2, 2 });
  g_assert_cmpstr (s, ==, "2 0/0 32768");
  g_free (s);
  s = lh_board_to_hex (b, (LhGeometry) { 2, 2 });
  g_assert_cmpstr (s, ==, "10/0f");
  g_free (s);

  b = lh_board_set_cell (lh_board_set_cell (lh_board_set_cell (0, 0, 0, 1), 0, 3, 2), 2, 1, 3);
  b = lh_board_set_cell (b, 3, 3, 1);
  s = lh_board_to_hex (b, LH_GEOMETRY_DEFAULT);
  g_assert_cmpstr (s, ==, "1002000003000001");
  g_free (s);
  s = lh_board_to_tiles (b, LH_GEOMETRY_DEFAULT);
  g_assert_cmpstr (s, ==, "2 0 0 4/0 0 0 0/0 8 0 0/0 0 0 2");
  g_free (s);

  /* The examples of ARCHITECTURE.md. */
  assert_parses ("2 0 0 4/0 0 0 0/0 8 0 0/0 0 0 2", b, LH_GEOMETRY_DEFAULT);
  assert_parses ("1002000003000001", b, LH_GEOMETRY_DEFAULT);
  assert_parses ("0000000000000000", 0, LH_GEOMETRY_DEFAULT);

  b = lh_board_set_cell (lh_board_set_cell (0, 0, 2, 11), 1, 0, 2);
  s = lh_board_to_hex (b, (LhGeometry) { 3, 3 });
  g_assert_cmpstr (s, ==, "00b/200/000");
  g_free (s);
  s = lh_board_to_tiles (b, (LhGeometry) { 3, 3 });
  g_assert_cmpstr (s, ==, "0 0 2048/4 0 0/0 0 0");
  g_free (s);
}

static void
test_accepted_variants (void)
{
  LhGeometry g22 = { 2, 2 }, g23 = { 2, 3 }, g44 = LH_GEOMETRY_DEFAULT;
  LhBoard b22 = lh_board_set_cell (lh_board_set_cell (0, 0, 0, 1), 1, 1, 2);     /* 2 0/0 4 */
  LhBoard b23 = lh_board_set_cell (lh_board_set_cell (0, 0, 1, 3), 1, 2, 15);    /* 0 8 0/0 0 32768 */

  assert_parses ("2 0/0 4", b22, g22);
  assert_parses ("2 ./. 4", b22, g22);
  assert_parses ("2,0/0,4", b22, g22);
  assert_parses ("2, ./., 4", b22, g22);
  assert_parses ("2\t0/0\t4", b22, g22);
  assert_parses ("  2 0/0 4  ", b22, g22);
  assert_parses ("\n\t2 0 / 0 4\n", b22, g22);
  assert_parses ("2   0/  0    4", b22, g22);
  assert_parses ("10/02", b22, g22);
  assert_parses ("  10/02\n", b22, g22);
  assert_parses (". 8 ./0,0,32768", b23, g23);
  assert_parses ("030/00f", b23, g23);
  assert_parses ("030/00F", b23, g23);
  /* Digits-only rows with '/' are hex: "11/11" is four 2s, not 11s. */
  assert_parses ("11/11", 0x00110011ULL, g22);
  /* The 4x4 hex form with '/' too. */
  assert_parses ("0000/0000/0000/000f", lh_board_set_cell (0, 3, 3, 15), g44);
  assert_parses ("ffff/ffff/ffff/ffff", G_MAXUINT64, g44);
  assert_parses ("FFFFFFFFFFFFFFFF", G_MAXUINT64, g44);
  /* Every tile value. */
  for (guint e = 1; e <= 15; e++)
    {
      g_autofree char *text = g_strdup_printf ("%u 0/0 0", 1u << e);
      assert_parses (text, lh_board_set_cell (0, 0, 0, e), g22);
    }
}

static void
test_rejects_bad_tiles (void)
{
  assert_rejects ("2 3/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 2", "'3'", NULL);
  assert_rejects ("3 0/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 1", "'3'", NULL);
  assert_rejects ("0 0/0 2048x", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 2", "'2048x'", NULL);
  /* Tiles above 32768: the wide board's, up to 2^31. */
  assert_rejects ("65536 0/0 0", LH_BOARD_TEXT_ERROR_TOO_LARGE, "row 1, cell 1", "65536", "32768",
                  NULL);
  assert_rejects ("0 0/0 2147483648", LH_BOARD_TEXT_ERROR_TOO_LARGE, "row 2, cell 2",
                  "2147483648", NULL);
  assert_rejects ("4294967296 0/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 1",
                  "'4294967296'", "2147483648", NULL);
  assert_rejects ("3221225472 0/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 1", NULL);
  assert_rejects ("0 0 0/0 -2 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 2", "'-2'", NULL);
  assert_rejects ("1 0/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 1", "'1'", NULL);
  assert_rejects ("0 0/0 0/0 0 x", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 3, cell 3", "'x'", NULL);
  assert_rejects ("2 4 8 16/0 0 0 0/0 0 0 6/0 0 0 0", LH_BOARD_TEXT_ERROR_BAD_CELL,
                  "row 3, cell 4", "'6'", NULL);
  assert_rejects ("2 0/0 4.5", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 2", NULL);
  assert_rejects ("2 0/0 ..", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 2", NULL);
  assert_rejects ("2 0/0 +4", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 2", NULL);
  assert_rejects ("18446744073709551618 0/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 1",
                  NULL);
  /* A control character or a long cell: quoted safely and short. */
  assert_rejects ("2 \033[2J/0 0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 2", "'\\x1B[2J'",
                  NULL);
  assert_rejects ("00\001" "0/0000", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 3", "'\\x01'", NULL);
  {
    g_autofree char *cell = g_strnfill (100000, '7');
    g_autofree char *text = g_strdup_printf ("2 %s/0 0", cell);
    g_autofree char *expected = g_strdup_printf ("'%.40s…'", cell);
    g_autoptr(GError) error = NULL;
    LhBoard board;
    LhGeometry geometry;

    assert_rejects (text, LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 2", expected, NULL);
    g_assert_false (lh_board_parse (text, &board, &geometry, &error));
    g_assert_cmpuint (strlen (error->message), <, 200);
  }
}

static void
test_rejects_bad_shape (void)
{
  /* Too many and too few rows. */
  assert_rejects ("0 0/0 0/0 0/0 0/0 0", LH_BOARD_TEXT_ERROR_TOO_LARGE, "5x2", "2 to 4", NULL);
  assert_rejects ("0 0/0 0/0 0/0 0/0 0/0 0", LH_BOARD_TEXT_ERROR_SHAPE, "6 rows", "2 to 5", NULL);
  assert_rejects ("2 2", LH_BOARD_TEXT_ERROR_SHAPE, "1 row;", NULL);
  assert_rejects ("2 2 2 2", LH_BOARD_TEXT_ERROR_SHAPE, "rows", NULL);
  assert_rejects ("00/00/00/00/00", LH_BOARD_TEXT_ERROR_TOO_LARGE, "5x2", NULL);
  assert_rejects ("00/00/00/00/00/00", LH_BOARD_TEXT_ERROR_SHAPE, "6 rows", NULL);
  assert_rejects ("0000", LH_BOARD_TEXT_ERROR_SHAPE, "16", NULL);
  /* Ragged rows. */
  assert_rejects ("2 2 2/2 2", LH_BOARD_TEXT_ERROR_SHAPE, "row 2", NULL);
  assert_rejects ("2 2/2 2/2 2 2", LH_BOARD_TEXT_ERROR_SHAPE, "row 3", NULL);
  assert_rejects ("000/00", LH_BOARD_TEXT_ERROR_SHAPE, "row 2", NULL);
  assert_rejects ("00/00/000", LH_BOARD_TEXT_ERROR_SHAPE, "row 3", NULL);
  /* Five cells in a row (a wide board), six, one cell in a row, an empty row. */
  assert_rejects ("2 2 2 2 2/0 0 0 0 0", LH_BOARD_TEXT_ERROR_TOO_LARGE, "2x5", NULL);
  assert_rejects ("2 2 2 2 2 2/0 0 0 0 0 0", LH_BOARD_TEXT_ERROR_SHAPE, "row 1", "more than 5",
                  NULL);
  assert_rejects ("0 0 0 0/0 0 0 0 0", LH_BOARD_TEXT_ERROR_SHAPE, "row 2", NULL);
  assert_rejects ("00000/00000", LH_BOARD_TEXT_ERROR_TOO_LARGE, "2x5", NULL);
  assert_rejects ("000000/000000", LH_BOARD_TEXT_ERROR_SHAPE, "row 1", "6 cells", NULL);
  assert_rejects ("2,/4,", LH_BOARD_TEXT_ERROR_SHAPE, "row 1", NULL);
  assert_rejects ("2 2//2 2", LH_BOARD_TEXT_ERROR_SHAPE, "row 2", NULL);
  assert_rejects ("2 2/2 2/", LH_BOARD_TEXT_ERROR_SHAPE, "row 3", NULL);
  /* Hex without '/' must be exactly 16 digits. */
  assert_rejects ("000000000000000", LH_BOARD_TEXT_ERROR_SHAPE, "16", "15", NULL);
  assert_rejects ("00000000000000000", LH_BOARD_TEXT_ERROR_SHAPE, "16", "17", NULL);
  assert_rejects ("123456789", LH_BOARD_TEXT_ERROR_SHAPE, "16", NULL);
}

static void
test_rejects_empty_and_non_hex (void)
{
  assert_rejects ("", LH_BOARD_TEXT_ERROR_EMPTY, "empty", NULL);
  assert_rejects ("   ", LH_BOARD_TEXT_ERROR_EMPTY, "empty", NULL);
  assert_rejects ("\n\t \n", LH_BOARD_TEXT_ERROR_EMPTY, "empty", NULL);

  /* Without spaces or commas the text is hex form: a bad digit is named with
   * its place. */
  assert_rejects ("00w0/0000", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 3", "'w'", "hex digit",
                  "v for 2147483648", NULL);
  assert_rejects ("00g0/0000", LH_BOARD_TEXT_ERROR_TOO_LARGE, "row 1, cell 3", "65536", NULL);
  assert_rejects ("0000/00z0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 2, cell 3", "'z'", NULL);
  assert_rejects ("000000000000000g", LH_BOARD_TEXT_ERROR_TOO_LARGE, "row 4, cell 4", NULL);
  assert_rejects ("000000000000000w", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 16", NULL);
  assert_rejects ("0000000x00000000", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 8", NULL);
  assert_rejects ("0000000x0", LH_BOARD_TEXT_ERROR_BAD_CELL, "row 1, cell 8", NULL);
}

/* A random wide board of @g: every cell empty or any exponent 1..31. */
static LhWideBoard
random_wide_board (LhRng *rng, LhGeometry g)
{
  LhWideBoard b = 0;

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      if (lh_rng_below (rng, 3) != 0)
        b = lh_wide_board_set_cell (b, r, c, 1 + lh_rng_below (rng, LH_WIDE_MAX_EXPONENT));
  return b;
}

/* Every size from 2x2 to 5x5, every exponent 0..31: both forms read back
 * the board they were written from; the hex digits are 0-9, a-v. */
static void
test_wide_round_trip (void)
{
  LhRng rng;

  lh_rng_init (&rng, 28);
  for (guint rows = 2; rows <= 5; rows++)
    for (guint cols = 2; cols <= 5; cols++)
      {
        LhGeometry g = { (guint8) rows, (guint8) cols };

        for (guint i = 0; i < 640; i++)
          {
            LhWideBoard b = random_wide_board (&rng, g);
            g_autofree char *hex = NULL, *tiles = NULL;

            /* Make sure every exponent is written in every size. */
            b = lh_wide_board_set_cell (b, i % rows, (i / rows) % cols, i % 32);
            hex = lh_wide_board_to_hex (b, g);
            tiles = lh_wide_board_to_tiles (b, g);
            for (const char *p = hex; *p; p++)
              g_assert_nonnull (strchr ("0123456789abcdefghijklmnopqrstuv/", *p));
            assert_parses_wide (hex, b, g);
            assert_parses_wide (tiles, b, g);
            {
              g_autofree char *upper = g_ascii_strup (hex, -1);
              assert_parses_wide (upper, b, g);
            }
          }
      }
}

/* The wide forms of every board LhBoard holds are the narrow forms. */
static void
test_wide_same_as_narrow (void)
{
  LhRng rng;

  lh_rng_init (&rng, 2028);
  for (guint gi = 0; gi < G_N_ELEMENTS (lh_test_geometries); gi++)
    {
      LhGeometry g = lh_test_geometries[gi];

      for (guint i = 0; i < 2000; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          LhWideBoard w = lh_wide_board_from_board (b, g);
          g_autofree char *hex = lh_board_to_hex (b, g);
          g_autofree char *tiles = lh_board_to_tiles (b, g);
          g_autofree char *wide_hex = lh_wide_board_to_hex (w, g);
          g_autofree char *wide_tiles = lh_wide_board_to_tiles (w, g);

          g_assert_cmpstr (hex, ==, wide_hex);
          g_assert_cmpstr (tiles, ==, wide_tiles);
          assert_parses_wide (hex, w, g);
        }
    }
}

static void
test_wide_known_forms (void)
{
  LhGeometry g55 = { 5, 5 }, g44 = LH_GEOMETRY_DEFAULT, g25 = { 2, 5 };
  LhWideBoard b = lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 16), 4, 4, 31);
  g_autofree char *hex = lh_wide_board_to_hex (b, g55);
  g_autofree char *tiles = lh_wide_board_to_tiles (b, g55);
  g_autofree char *hex44 = NULL;

  g_assert_cmpstr (hex, ==, "g0000/00000/00000/00000/0000v");
  g_assert_cmpstr (tiles, ==, "65536 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/0 0 0 0 2147483648");
  assert_parses_wide ("G0000/00000/00000/00000/0000V", b, g55);
  assert_parses_wide ("65536 . . . ./. . . . ./. . . . ./. . . . ./. . . . 2147483648", b, g55);

  /* 32768 + 32768 on 4x4 written as 4x4 hex with a 'g'. */
  b = lh_wide_board_set_cell (0, 0, 0, 16);
  hex44 = lh_wide_board_to_hex (b, g44);
  g_assert_cmpstr (hex44, ==, "g000000000000000");
  assert_parses_wide ("65536 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0", b, g44);
  assert_parses_wide ("2 4 8 16 32/0 0 0 0 0", lh_wide_board_set_cell (
                        lh_wide_board_set_cell (
                          lh_wide_board_set_cell (
                            lh_wide_board_set_cell (lh_wide_board_set_cell (0, 0, 0, 1), 0, 1, 2),
                            0, 2, 3), 0, 3, 4), 0, 4, 5), g25);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/board-text/round-trip-random", test_round_trip_random);
  g_test_add_func ("/board-text/known-forms", test_known_forms);
  g_test_add_func ("/board-text/accepted-variants", test_accepted_variants);
  g_test_add_func ("/board-text/rejects-bad-tiles", test_rejects_bad_tiles);
  g_test_add_func ("/board-text/rejects-bad-shape", test_rejects_bad_shape);
  g_test_add_func ("/board-text/rejects-empty-and-non-hex", test_rejects_empty_and_non_hex);
  g_test_add_func ("/board-text/wide-round-trip", test_wide_round_trip);
  g_test_add_func ("/board-text/wide-same-as-narrow", test_wide_same_as_narrow);
  g_test_add_func ("/board-text/wide-known-forms", test_wide_known_forms);

  return g_test_run ();
}
