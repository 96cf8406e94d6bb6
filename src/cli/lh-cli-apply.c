/* lh-cli-apply.c: `lookahead-cli apply`, the rules in bulk.
 *
 * Reads "<board> <move>" lines on standard input and writes, line for line,
 * the afterstate (the board after the move, before any spawn) in hex form and
 * the points the move scores, "illegal" for a move that changes nothing, or
 * "error" for a malformed line (with a message on standard error).  Built for
 * checking the engine's rules against another implementation over millions of
 * lines, so the I/O is buffered and a line costs no more than a parse and a
 * table lookup.
 */

#include "lh-config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-cli-apply.h"
#include "lh-format.h"

/* Standard output buffer: large, so a million lines make few write calls. */
#define OUTPUT_BUFFER_SIZE (256 * 1024)

static inline gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

gboolean
lh_cli_apply_parse_line (char       *line,
                         gsize       length,
                         gulong      line_number,
                         LhWideBoard *board,
                         LhGeometry *geometry,
                         LhMove     *move)
{
  g_autoptr(GError) error = NULL;
  char *end = line + length;
  char *move_text;

  if (strlen (line) != length)
    {
      lh_cli_failure (_("line %lu: contains a NUL byte"), line_number);
      return FALSE;
    }

  /* The move is the last whitespace-separated token: the tiles form of the
   * board has spaces of its own. */
  while (end > line && is_space (end[-1]))
    end--;
  *end = '\0';
  move_text = end;
  while (move_text > line && !is_space (move_text[-1]))
    move_text--;

  if (move_text == end)
    {
      lh_cli_failure (_("line %lu: empty line; expected a board and a move"),
                      line_number);
      return FALSE;
    }
  if (move_text == line)
    {
      g_autofree char *quoted = lh_format_excerpt (move_text, -1, LH_FORMAT_EXCERPT_SHORT);

      /* TRANSLATORS: %s is the only field found on the line */
      lh_cli_failure (_("line %lu: expected a board and a move, found only “%s”"),
                      line_number, quoted);
      return FALSE;
    }
  if (!lh_move_from_string (move_text, move))
    {
      /* A token of any length and any bytes: the message quotes a short,
       * UTF-8 excerpt. */
      g_autofree char *quoted = lh_format_excerpt (move_text, -1, LH_FORMAT_EXCERPT_SHORT);

      /* TRANSLATORS: %s is what was found where a move was expected */
      lh_cli_failure (_("line %lu: “%s” is not a move "
                        "(up, down, left, right, or u, d, l, r)"),
                      line_number, quoted);
      return FALSE;
    }

  move_text[-1] = '\0';
  if (!lh_wide_board_parse (line, board, geometry, &error))
    {
      /* TRANSLATORS: %s says what is wrong with the board and where */
      lh_cli_failure (_("line %lu: %s"), line_number, error->message);
      return FALSE;
    }

  return TRUE;
}

LhWideBoard
lh_cli_apply_move (LhWideBoard board, LhGeometry geometry, LhMove move, guint64 *points)
{
  LhBoard narrow;

  if (lh_wide_board_to_board (board, geometry, &narrow)
      && !lh_board_has_exponent (narrow, LH_MAX_EXPONENT))
    {
      guint32 narrow_points;
      LhBoard after = lh_board_move (narrow, geometry, move, &narrow_points);

      *points = narrow_points;
      return after == narrow ? board : lh_wide_board_from_board (after, geometry);
    }
  return lh_wide_board_move (board, geometry, move, points);
}

/* Handles one line (NUL-terminated, modified in place).  Returns FALSE after
 * printing a message naming @line_number when the line is malformed. */
static gboolean
apply_line (char *line, gsize length, gulong line_number)
{
  g_autofree char *hex = NULL;
  LhGeometry geometry;
  LhWideBoard board, after;
  LhMove move;
  guint64 points;

  if (!lh_cli_apply_parse_line (line, length, line_number, &board, &geometry, &move))
    return FALSE;

  after = lh_cli_apply_move (board, geometry, move, &points);
  if (after == board)
    {
      fputs ("illegal\n", stdout);
      return TRUE;
    }

  hex = lh_wide_board_to_hex (after, geometry);
  fprintf (stdout, "%s %" G_GUINT64_FORMAT "\n", hex, points);
  return TRUE;
}

int
lh_cli_apply (const LhCliCommand *command, int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  gulong line_number = 0;
  gulong n_errors = 0;
  int status;

  context = lh_cli_command_context_new (command,
    _("Each line of standard input is a board and a move, separated by white space:\n"
      "  2 2 2 2/0 0 0 0/0 0 0 0/0 0 0 0 left\n"
      "  0012/0000/0000/0000 u\n"
      "The board is in tiles form or hex form (boards of 2 to 5 rows and columns,\n"
      "tiles up to 2147483648; hex digits g to v are the exponents 16 to 31);\n"
      "the move is the last field: up, down, left, right, or u, d, l, r.\n"
      "\n"
      "For each line one line is written on standard output:\n"
      "  <board after the move, before any spawn, in hex form> <points scored>\n"
      "  illegal    when the move changes nothing\n"
      "  error      when the line is malformed; standard error says what is wrong\n"
      "\n"
      "Exit status: 0 when every line was read, 1 when a line was malformed,\n"
      "2 for a usage error."),
    NULL, NULL);

  status = lh_cli_parse_options (context, &argc, &argv);
  if (status != LH_CLI_EXIT_OK)
    return status;

  setvbuf (stdout, NULL, _IOFBF, OUTPUT_BUFFER_SIZE);

  while ((length = getline (&line, &capacity, stdin)) != -1)
    {
      line_number++;
      if (!apply_line (line, (gsize) length, line_number))
        {
          fputs ("error\n", stdout);
          n_errors++;
        }
    }

  if (ferror (stdin))
    {
      int saved_errno = errno;

      free (line);
      lh_cli_finish_output ();
      return lh_cli_failure (_("could not read standard input: %s"), g_strerror (saved_errno));
    }
  free (line);

  status = lh_cli_finish_output ();
  if (status != LH_CLI_EXIT_OK)
    return status;

  if (n_errors > 0)
    return lh_cli_failure (g_dngettext (GETTEXT_PACKAGE,
                                        "%lu malformed line",
                                        "%lu malformed lines",
                                        n_errors),
                           n_errors);
  return LH_CLI_EXIT_OK;
}
