/* fuzz-board-text.c: the board text parsers (lh_board_parse() and
 * lh_wide_board_parse()).
 * Oracles: the error message is valid UTF-8; a board that parses, printed in
 * hex form and in tiles form, parses to the same board and shape, and prints
 * the same again; the two parsers agree: the 64-bit one reads a text only
 * when the wide one does, to the same board, and refuses it for its size
 * (TOO_LARGE) only when the board does not fit 64 bits, with the wide
 * parser's own message otherwise. */
#include <string.h>

#include "fuzz-common.h"
#include "lh-board-text.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  return 0;
}

/* @text, printed by lh_board_to_hex() or lh_board_to_tiles(), must parse to
 * @board and @geometry and print as @text again. */
static void
check_reparse (const char *text, LhBoard board, LhGeometry geometry, gboolean hex)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *again = NULL;
  LhBoard parsed;
  LhGeometry parsed_geometry;

  if (!lh_board_parse (text, &parsed, &parsed_geometry, &error))
    lh_fuzz_fail ("\"%s\" (printed) does not parse: %s", text, error->message);
  if (parsed != board || !lh_geometry_equal (parsed_geometry, geometry))
    lh_fuzz_fail ("\"%s\" parses to another board", text);
  again = hex ? lh_board_to_hex (parsed, parsed_geometry)
              : lh_board_to_tiles (parsed, parsed_geometry);
  if (strcmp (again, text) != 0)
    lh_fuzz_fail ("\"%s\" prints as \"%s\"", text, again);
}

/* The wide forms of @text's board print and read back the same. */
static void
check_wide_reparse (const char *text, LhWideBoard board, LhGeometry geometry, gboolean hex)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *again = NULL;
  LhWideBoard parsed;
  LhGeometry parsed_geometry;

  if (!lh_wide_board_parse (text, &parsed, &parsed_geometry, &error))
    lh_fuzz_fail ("\"%s\" (printed, wide) does not parse: %s", text, error->message);
  if (parsed != board || !lh_geometry_equal (parsed_geometry, geometry))
    lh_fuzz_fail ("\"%s\" (wide) parses to another board", text);
  again = hex ? lh_wide_board_to_hex (parsed, parsed_geometry)
              : lh_wide_board_to_tiles (parsed, parsed_geometry);
  if (strcmp (again, text) != 0)
    lh_fuzz_fail ("\"%s\" (wide) prints as \"%s\"", text, again);
}

/* The wide parser on @text, against the 64-bit one's outcome. */
static void
check_wide (const char *text, gboolean narrow_ok, const GError *narrow_error, LhBoard narrow,
            LhGeometry narrow_geometry)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *tiles = NULL;
  LhWideBoard board = 0;
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;
  LhBoard fits;

  if (!lh_wide_board_parse (text, &board, &geometry, &error))
    {
      lh_fuzz_check_error (error);
      if (narrow_ok)
        lh_fuzz_fail ("\"%s\": the 64-bit parser reads it, the wide one does not", text);
      if (error->code == LH_BOARD_TEXT_ERROR_TOO_LARGE
          || strcmp (error->message, narrow_error->message) != 0)
        lh_fuzz_fail ("\"%s\": the two parsers refuse it differently", text);
      return;
    }
  lh_fuzz_assert (lh_wide_geometry_is_valid (geometry));
  if (narrow_ok)
    {
      if (!lh_geometry_equal (geometry, narrow_geometry)
          || board != lh_wide_board_from_board (narrow, narrow_geometry))
        lh_fuzz_fail ("\"%s\": the two parsers read different boards", text);
    }
  else if (narrow_error->code != LH_BOARD_TEXT_ERROR_TOO_LARGE
           || lh_wide_board_to_board (board, geometry, &fits))
    lh_fuzz_fail ("\"%s\": refused by the 64-bit parser, though it fits", text);

  hex = lh_wide_board_to_hex (board, geometry);
  tiles = lh_wide_board_to_tiles (board, geometry);
  check_wide_reparse (hex, board, geometry, TRUE);
  check_wide_reparse (tiles, board, geometry, FALSE);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* lh_board_parse() reads a C string: up to the first NUL byte. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *tiles = NULL;
  LhBoard board = 0;
  LhGeometry geometry = LH_GEOMETRY_DEFAULT;

  if (!lh_board_parse (text, &board, &geometry, &error))
    {
      lh_fuzz_check_error (error);
      check_wide (text, FALSE, error, 0, geometry);
      return 0;
    }
  check_wide (text, TRUE, NULL, board, geometry);
  lh_fuzz_assert (geometry.rows >= LH_GEOMETRY_MIN_SIDE && geometry.rows <= LH_GEOMETRY_MAX_SIDE);
  lh_fuzz_assert (geometry.cols >= LH_GEOMETRY_MIN_SIDE && geometry.cols <= LH_GEOMETRY_MAX_SIDE);

  hex = lh_board_to_hex (board, geometry);
  tiles = lh_board_to_tiles (board, geometry);
  check_reparse (hex, board, geometry, TRUE);
  check_reparse (tiles, board, geometry, FALSE);
  return 0;
}
