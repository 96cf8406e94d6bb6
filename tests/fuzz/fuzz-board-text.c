/* fuzz-board-text.c: the board text parser (lh_board_parse()).
 * Oracles: the error message is valid UTF-8; a board that parses, printed in
 * hex form and in tiles form, parses to the same board and shape, and prints
 * the same again. */
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
      return 0;
    }
  lh_fuzz_assert (geometry.rows >= LH_GEOMETRY_MIN_SIDE && geometry.rows <= LH_GEOMETRY_MAX_SIDE);
  lh_fuzz_assert (geometry.cols >= LH_GEOMETRY_MIN_SIDE && geometry.cols <= LH_GEOMETRY_MAX_SIDE);

  hex = lh_board_to_hex (board, geometry);
  tiles = lh_board_to_tiles (board, geometry);
  check_reparse (hex, board, geometry, TRUE);
  check_reparse (tiles, board, geometry, FALSE);
  return 0;
}
