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

static void
set_rows_error (GError **error, guint n_rows)
{
  g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
               g_dngettext (GETTEXT_PACKAGE,
                            "the board has %u row; a board has 2 to 4 rows, separated by '/'",
                            "the board has %u rows; a board has 2 to 4 rows, separated by '/'",
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
    if (!g_ascii_isxdigit (*p))
      {
        g_autofree char *quoted = lh_format_excerpt (p, g_utf8_next_char (p) - p, 1);

        g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_BAD_CELL,
                     _("row %u, cell %u: '%s' is not a hex digit (0 for empty, 1 for 2,"
                       " 2 for 4 ... f for 32768)"),
                     row_index + 1, c + 1, quoted);
        return FALSE;
      }
  return TRUE;
}

static gboolean
check_shape (guint n_rows, const guint *n_cols, GError **error)
{
  if (n_rows < LH_GEOMETRY_MIN_SIDE || n_rows > LH_GEOMETRY_MAX_SIDE)
    {
      set_rows_error (error, n_rows);
      return FALSE;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      if (n_cols[r] < LH_GEOMETRY_MIN_SIDE || n_cols[r] > LH_GEOMETRY_MAX_SIDE)
        {
          g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "row %u has %u cell; a row has 2 to 4 cells",
                                    "row %u has %u cells; a row has 2 to 4 cells", n_cols[r]),
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
parse_hex (const char *text, LhBoard *board, LhGeometry *geometry, GError **error)
{
  g_auto (GStrv) rows = NULL;
  guint n_rows, n_cols[5] = { 0 };
  LhBoard b = 0;

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
        b = lh_board_set_cell (b, i / 4, i % 4, (guint) g_ascii_xdigit_value (text[i]));
      *board = b;
      *geometry = (LhGeometry) { 4, 4 };
      return TRUE;
    }

  rows = g_strsplit (text, "/", -1);
  n_rows = g_strv_length (rows);
  if (n_rows > 4)
    {
      set_rows_error (error, n_rows);
      return FALSE;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      if (!check_hex_row (rows[r], r, error))
        return FALSE;
      n_cols[r] = (guint) strlen (rows[r]);  /* ASCII only, checked above */
      for (guint c = 0; c < n_cols[r] && c < 4; c++)
        b = lh_board_set_cell (b, r, c, (guint) g_ascii_xdigit_value (rows[r][c]));
    }
  if (!check_shape (n_rows, n_cols, error))
    return FALSE;
  *board = b;
  *geometry = (LhGeometry) { (guint8) n_rows, (guint8) n_cols[0] };
  return TRUE;
}

/* One cell of the tiles form: a power of two 2..32768, or 0 or '.'. */
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
  if (value < 2 || value > 32768 || (value & (value - 1)) != 0)
    goto bad;
  *exponent = (guint) __builtin_ctzll (value);
  return TRUE;

bad:
  {
    g_autofree char *quoted = lh_format_excerpt (cell, -1, LH_FORMAT_EXCERPT_SHORT);

    g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_BAD_CELL,
                 _("row %u, cell %u: '%s' is not a tile value (2, 4, 8 ... 32768),"
                   " or 0 or . for empty"), row + 1, col + 1, quoted);
  }
  return FALSE;
}

static gboolean
parse_tiles (const char *text, LhBoard *board, LhGeometry *geometry, GError **error)
{
  g_auto (GStrv) rows = g_strsplit (text, "/", -1);
  guint n_rows = g_strv_length (rows), n_cols[5] = { 0 };
  LhBoard b = 0;

  if (n_rows > 4)
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
          if (c >= 4)
            {
              g_set_error (error, LH_BOARD_TEXT_ERROR, LH_BOARD_TEXT_ERROR_SHAPE,
                           _("row %u has more than 4 cells; a row has 2 to 4 cells"), r + 1);
              return FALSE;
            }
          if (!parse_tile (cells[i], r, c, &exponent, error))
            return FALSE;
          b = lh_board_set_cell (b, r, c, exponent);
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
lh_board_parse (const char *text, LhBoard *board, LhGeometry *geometry, GError **error)
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

char *
lh_board_to_hex (LhBoard board, LhGeometry geometry)
{
  GString *s = g_string_sized_new (20);

  for (guint r = 0; r < geometry.rows; r++)
    {
      if (r > 0 && !(geometry.rows == 4 && geometry.cols == 4))
        g_string_append_c (s, '/');
      for (guint c = 0; c < geometry.cols; c++)
        g_string_append_c (s, "0123456789abcdef"[lh_board_get_cell (board, r, c)]);
    }
  return g_string_free (s, FALSE);
}

char *
lh_board_to_tiles (LhBoard board, LhGeometry geometry)
{
  GString *s = g_string_sized_new (64);

  for (guint r = 0; r < geometry.rows; r++)
    {
      if (r > 0)
        g_string_append_c (s, '/');
      for (guint c = 0; c < geometry.cols; c++)
        g_string_append_printf (s, c > 0 ? " %u" : "%u",
                                lh_tile_value (lh_board_get_cell (board, r, c)));
    }
  return g_string_free (s, FALSE);
}
