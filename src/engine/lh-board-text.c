/* lh-board-text.c: parsing and printing the board text format. */
#include "lh-board-text.h"
#include "lh-format.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (lh-board-text-error-quark, lh_board_text_error)


/* Hex form: no cell separators.  Without spaces or commas a tiles-form row
 * would be a single cell, too short for any board, so hex form is the only
 * valid reading of such a text. */
static gboolean
looks_like_hex_form (const char *text)
{
  return strpbrk (text, " \t,") == NULL;
}

/* The hex form's digits: 0-9, a-f, then g (16, 65536) to v (31). */
static const char hex_digits[] = "0123456789abcdefghijklmnopqrstuv";

/* The exponent of hex digit @c (either case), or -1. */
static int
hex_digit_value (char c)
{
  char lower = g_ascii_tolower (c);

  if (lower >= '0' && lower <= '9')
    return lower - '0';
  if (lower >= 'a' && lower <= 'v')
    return lower - 'a' + 10;
  return -1;
}

static void
set_rows_error (GError **error, guint n_rows)
{
  g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
               g_dngettext (GETTEXT_PACKAGE,
                            "the board has %u row; a board has 2 to 5 rows, separated by '/'",
                            "the board has %u rows; a board has 2 to 5 rows, separated by '/'",
                            n_rows),
               n_rows);
}

/* Checks that every character of hex-form @row (valid UTF-8) is a hex
 * digit; the message quotes the whole offending character. */
static gboolean
check_hex_row (const char *row, guint row_index, GError **error)
{
  guint c = 0;

  for (const char *p = row; *p != '\0'; p = g_utf8_next_char (p), c++)
    if (hex_digit_value (*p) < 0)
      {
        g_autofree char *quoted = lh_format_excerpt (p, g_utf8_next_char (p) - p, 1);

        g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_BAD_CELL,
                     _("row %u, cell %u: '%s' is not a hex digit (0 for empty, 1 for 2,"
                       " 2 for 4 ... f for 32768, g for 65536 ... v for 2147483648)"),
                     row_index + 1, c + 1, quoted);
        return FALSE;
      }
  return TRUE;
}

static gboolean
check_shape (guint n_rows, const guint *n_cols, GError **error)
{
  if (n_rows < LH_GEOMETRY_MIN_SIDE || n_rows > LH_WIDE_MAX_SIDE)
    {
      set_rows_error (error, n_rows);
      return FALSE;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      if (n_cols[r] < LH_GEOMETRY_MIN_SIDE || n_cols[r] > LH_WIDE_MAX_SIDE)
        {
          g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "row %u has %u cell; a row has 2 to 5 cells",
                                    "row %u has %u cells; a row has 2 to 5 cells", n_cols[r]),
                       r + 1, n_cols[r]);
          return FALSE;
        }
      if (n_cols[r] != n_cols[0])
        {
          g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                       _("row %u has %u cells but row 1 has %u; every row needs the same number"),
                       r + 1, n_cols[r], n_cols[0]);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_hex (const char *text, LhWideBoard *board, LhGeometry *geometry, GError **error)
{
  g_auto (GStrv) rows = NULL;
  guint n_rows, n_cols[LH_WIDE_MAX_SIDE] = { 0 };
  LhWideBoard b = 0;

  if (strchr (text, '/') == NULL)
    {
      if (!check_hex_row (text, 0, error))
        return FALSE;
      if (strlen (text) != 16)
        {
          g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                       _("hex form without '/' needs exactly 16 digits (a 4x4 board), got %u;"
                         " separate rows with '/' for other sizes, or cells with spaces"
                         " for the tiles form"), (guint) strlen (text));
          return FALSE;
        }
      for (guint i = 0; i < 16; i++)
        b = lh_wide_board_set_cell (b, i / 4, i % 4, (guint) hex_digit_value (text[i]));
      *board = b;
      *geometry = (LhGeometry) { 4, 4 };
      return TRUE;
    }

  rows = g_strsplit (text, "/", -1);
  n_rows = g_strv_length (rows);
  if (n_rows > LH_WIDE_MAX_SIDE)
    {
      set_rows_error (error, n_rows);
      return FALSE;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      if (!check_hex_row (rows[r], r, error))
        return FALSE;
      n_cols[r] = (guint) strlen (rows[r]);  /* ASCII only, checked above */
      for (guint c = 0; c < n_cols[r] && c < LH_WIDE_MAX_SIDE; c++)
        b = lh_wide_board_set_cell (b, r, c, (guint) hex_digit_value (rows[r][c]));
    }
  if (!check_shape (n_rows, n_cols, error))
    return FALSE;
  *board = b;
  *geometry = (LhGeometry) { (guint8) n_rows, (guint8) n_cols[0] };
  return TRUE;
}

/* One cell of the tiles form: a power of two 2..2^31, or 0 or '.'. */
static gboolean
parse_tile (const char *cell, guint row, guint col, guint *exponent, GError **error)
{
  guint64 value;
  char *end = NULL;

  if (strcmp (cell, ".") == 0)
    {
      *exponent = 0;
      return TRUE;
    }
  if (!g_ascii_isdigit (cell[0]))
    goto bad;
  value = g_ascii_strtoull (cell, &end, 10);
  if (end == NULL || *end != '\0')
    goto bad;
  if (value == 0)
    {
      *exponent = 0;
      return TRUE;
    }
  if (value < 2 || value > ((guint64) 1 << LH_WIDE_MAX_EXPONENT) || (value & (value - 1)) != 0)
    goto bad;
  *exponent = (guint) __builtin_ctzll (value);
  return TRUE;

bad:
  {
    g_autofree char *quoted = lh_format_excerpt (cell, -1, LH_FORMAT_EXCERPT_SHORT);

    g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_BAD_CELL,
                 _("row %u, cell %u: '%s' is not a tile value (2, 4, 8 ... 2147483648),"
                   " or 0 or . for empty"), row + 1, col + 1, quoted);
  }
  return FALSE;
}

static gboolean
parse_tiles (const char *text, LhWideBoard *board, LhGeometry *geometry, GError **error)
{
  g_auto (GStrv) rows = g_strsplit (text, "/", -1);
  guint n_rows = g_strv_length (rows), n_cols[LH_WIDE_MAX_SIDE] = { 0 };
  LhWideBoard b = 0;

  if (n_rows > LH_WIDE_MAX_SIDE)
    {
      set_rows_error (error, n_rows);
      return FALSE;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      g_auto (GStrv) cells = g_strsplit_set (rows[r], " \t,", -1);
      guint c = 0;

      for (guint i = 0; cells[i] != NULL; i++)
        {
          guint exponent;

          if (cells[i][0] == '\0')
            continue;
          if (c >= LH_WIDE_MAX_SIDE)
            {
              g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                           _("row %u has more than 5 cells; a row has 2 to 5 cells"), r + 1);
              return FALSE;
            }
          if (!parse_tile (cells[i], r, c, &exponent, error))
            return FALSE;
          b = lh_wide_board_set_cell (b, r, c, exponent);
          c++;
        }
      n_cols[r] = c;
    }
  if (!check_shape (n_rows, n_cols, error))
    return FALSE;
  *board = b;
  *geometry = (LhGeometry) { (guint8) n_rows, (guint8) n_cols[0] };
  return TRUE;
}

gboolean
lh_wide_board_parse (const char *text, LhWideBoard *board, LhGeometry *geometry, GError **error)
{
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (board != NULL && geometry != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_BAD_CELL,
                           _("the board text is not valid UTF-8; write tiles with digits,"
                             " '.', spaces, commas and '/'"));
      return FALSE;
    }

  trimmed = g_strstrip (g_strdup (text));
  if (trimmed[0] == '\0')
    {
      g_set_error_literal (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_EMPTY,
                           _("the board is empty; write rows of tiles separated by '/'"
                             " (\"2 0 0 4/0 0 0 0/0 8 0 0/0 0 0 2\") or 16 hex digits"));
      return FALSE;
    }

  if (looks_like_hex_form (trimmed))
    /* Without spaces or commas a tiles-form row would be a single cell, too
     * short for any board, so hex form is the only valid reading. */
    return parse_hex (trimmed, board, geometry, error);
  return parse_tiles (trimmed, board, geometry, error);
}

gboolean
lh_board_parse (const char *text, LhBoard *board, LhGeometry *geometry, GError **error)
{
  LhWideBoard wide;
  LhGeometry g;

  g_return_val_if_fail (board != NULL && geometry != NULL, FALSE);

  if (!lh_wide_board_parse (text, &wide, &g, error))
    return FALSE;
  if (g.rows > LH_GEOMETRY_MAX_SIDE || g.cols > LH_GEOMETRY_MAX_SIDE)
    {
      g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_TOO_LARGE,
                   _("the board is %ux%u; this takes boards of 2 to 4 rows and columns"),
                   g.rows, g.cols);
      return FALSE;
    }
  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      if (lh_wide_board_get_cell (wide, r, c) > LH_MAX_EXPONENT)
        {
          g_autofree char *tile = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                   lh_wide_tile_value (lh_wide_board_get_cell (wide, r, c)));

          g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_TOO_LARGE,
                       _("row %u, cell %u: the tile %s is above 32768, the largest tile"
                         " this takes"), r + 1, c + 1, tile);
          return FALSE;
        }
  if (!lh_wide_board_to_board (wide, g, board))
    g_assert_not_reached ();  /* both limits checked above */
  *geometry = g;
  return TRUE;
}

char *
lh_wide_board_to_hex (LhWideBoard board, LhGeometry geometry)
{
  GString *s = g_string_sized_new (32);

  for (guint r = 0; r < geometry.rows; r++)
    {
      if (r > 0 && !(geometry.rows == 4 && geometry.cols == 4))
        g_string_append_c (s, '/');
      for (guint c = 0; c < geometry.cols; c++)
        g_string_append_c (s, hex_digits[lh_wide_board_get_cell (board, r, c)]);
    }
  return g_string_free (s, FALSE);
}

char *
lh_board_to_hex (LhBoard board, LhGeometry geometry)
{
  return lh_wide_board_to_hex (lh_wide_board_from_board (board, geometry), geometry);
}

char *
lh_wide_board_to_tiles (LhWideBoard board, LhGeometry geometry)
{
  GString *s = g_string_sized_new (80);

  for (guint r = 0; r < geometry.rows; r++)
    {
      if (r > 0)
        g_string_append_c (s, '/');
      for (guint c = 0; c < geometry.cols; c++)
        g_string_append_printf (s, c > 0 ? " %" G_GUINT64_FORMAT : "%" G_GUINT64_FORMAT,
                                lh_wide_tile_value (lh_wide_board_get_cell (board, r, c)));
    }
  return g_string_free (s, FALSE);
}

char *
lh_board_to_tiles (LhBoard board, LhGeometry geometry)
{
  return lh_wide_board_to_tiles (lh_wide_board_from_board (board, geometry), geometry);
}
