/* fuzz-apply-line.c: `lookahead-cli apply`'s line reader
 * (lh_cli_apply_parse_line(), src/cli/lh-cli-apply.c).  The input is split
 * into lines as getline() splits standard input.
 * Oracles: every message printed on standard error is valid UTF-8; a line
 * that parses, printed again as "<board> <move>" (tiles form and long move
 * name, hex form and one-letter move), parses to the same board, shape and
 * move; the afterstate apply prints, in hex form, parses to the board
 * lh_cli_apply_move() gave; and that afterstate and its points are the
 * wide board's (lh_wide_board_move()), so the 64-bit tables and the wide
 * rules are checked against each other on every board both hold. */
#include <string.h>

#include "fuzz-common.h"
#include "lh-board-text.h"
#include "lh-cli-apply.h"

static guint n_messages;

/* Every message lh_cli_failure() prints goes through g_printerr(). */
static void
check_printerr (const char *message)
{
  lh_fuzz_check_utf8 ("a message on standard error", message);
  n_messages++;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  lh_engine_init ();
  g_set_prgname ("lookahead-cli apply");
  g_set_printerr_handler (check_printerr);
  return 0;
}

static const char *
move_letter (LhMove move)
{
  return (const char[][2]) { "u", "d", "l", "r" }[move];
}

/* "<@board_text> <@move_text>\n" must parse to @board, @geometry, @move. */
static void
check_reparse (const char *board_text, const char *move_text,
               LhWideBoard board, LhGeometry geometry, LhMove move)
{
  g_autofree char *line = g_strdup_printf ("%s %s\n", board_text, move_text);
  LhWideBoard parsed;
  LhGeometry parsed_geometry;
  LhMove parsed_move;

  if (!lh_cli_apply_parse_line (line, strlen (line), 1, &parsed, &parsed_geometry, &parsed_move))
    lh_fuzz_fail ("\"%s %s\" (printed) does not parse", board_text, move_text);
  if (parsed != board || !lh_geometry_equal (parsed_geometry, geometry) || parsed_move != move)
    lh_fuzz_fail ("\"%s %s\" parses to another board or move", board_text, move_text);
}

static void
check_line (const char *start, gsize length, gulong line_number)
{
  g_autofree char *line = g_malloc (length + 1);
  g_autofree char *tiles = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *after_hex = NULL;
  LhWideBoard board = 0, after, parsed, wide_after;
  LhGeometry geometry = LH_GEOMETRY_DEFAULT, parsed_geometry;
  LhMove move = LH_MOVE_UP;
  guint64 points, wide_points;
  guint messages_before = n_messages;

  memcpy (line, start, length);
  line[length] = '\0';
  if (!lh_cli_apply_parse_line (line, length, line_number, &board, &geometry, &move))
    {
      if (n_messages == messages_before)
        lh_fuzz_fail ("line %lu was refused without a message", line_number);
      return;
    }
  lh_fuzz_assert (n_messages == messages_before);
  lh_fuzz_assert ((guint) move <= LH_MOVE_RIGHT);

  tiles = lh_wide_board_to_tiles (board, geometry);
  hex = lh_wide_board_to_hex (board, geometry);
  check_reparse (tiles, lh_move_to_string (move), board, geometry, move);
  check_reparse (hex, move_letter (move), board, geometry, move);

  /* What apply prints for a legal move. */
  after = lh_cli_apply_move (board, geometry, move, &points);
  wide_after = lh_wide_board_move (board, geometry, move, &wide_points);
  if (after != wide_after || points != wide_points)
    lh_fuzz_fail ("line %lu: the 64-bit tables and the wide board disagree: %s %lu against %s %lu",
                  line_number, lh_wide_board_to_hex (after, geometry), (unsigned long) points,
                  lh_wide_board_to_hex (wide_after, geometry), (unsigned long) wide_points);
  if (after == board)
    return;
  after_hex = lh_wide_board_to_hex (after, geometry);
  if (!lh_wide_board_parse (after_hex, &parsed, &parsed_geometry, NULL)
      || parsed != after || !lh_geometry_equal (parsed_geometry, geometry))
    lh_fuzz_fail ("the afterstate \"%s\" does not parse back", after_hex);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  gsize start = 0;
  gulong line_number = 0;

  /* getline(): each line ends after its '\n', the last one at the end. */
  while (start < size)
    {
      const char *newline = memchr (text + start, '\n', size - start);
      gsize end = newline != NULL ? (gsize) (newline - text) + 1 : size;

      check_line (text + start, end - start, ++line_number);
      start = end;
    }
  return 0;
}
