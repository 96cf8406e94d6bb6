/* lh-format.c: numbers and boards written for people (see lh-format.h). */
#include "lh-config.h"
#include "lh-format.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* Drops trailing zeros after the decimal point of @text (written with '.')
 * and the point itself if nothing follows, then puts the locale's decimal
 * separator in place of the point. */
static char *
tidy_number (const char *text)
{
  GString *s = g_string_new (text);
  const char *point = strchr (s->str, '.');
  const char *decimal = localeconv ()->decimal_point;

  if (point != NULL)
    {
      gsize pos = point - s->str;
      while (s->len > pos + 1 && s->str[s->len - 1] == '0')
        g_string_truncate (s, s->len - 1);
      if (s->len == pos + 1)
        g_string_truncate (s, pos);
      else if (decimal != NULL && *decimal != '\0' && strcmp (decimal, ".") != 0)
        {
          g_string_erase (s, pos, 1);
          g_string_insert (s, pos, decimal);
        }
    }
  return g_string_free (s, FALSE);
}

char *
lh_format_compact (double value, gboolean show_sign)
{
  static const char *const suffixes[] = { "", "k", "M", "G", "T" };
  double a = fabs (value);
  guint suffix = 0;
  int decimals;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;
  const char *sign;

  if (!isfinite (value))
    return g_strdup (isnan (value) ? "NaN" : value > 0 ? "∞" : "−∞");

  /* Three significant digits; a value that rounds up to the next power of
   * 1000 takes the next suffix (999.96k is 1M, not 1000k). */
  for (;;)
    {
      decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
      if (suffix + 1 < G_N_ELEMENTS (suffixes)
          && round (a * pow (10, decimals)) / pow (10, decimals) >= 1000)
        {
          a /= 1000;
          suffix++;
          continue;
        }
      break;
    }

  g_ascii_formatd (buffer, sizeof buffer, decimals == 0 ? "%.0f" : decimals == 1 ? "%.1f" : "%.2f", a);
  number = tidy_number (buffer);
  if (strcmp (number, "0") == 0)
    return g_strdup ("0");
  sign = value < 0 ? "−" : show_sign ? "+" : "";
  return g_strconcat (sign, number, suffixes[suffix], NULL);
}

void
lh_board_describe_append (GString *text, LhBoard board, LhGeometry geometry)
{
  g_return_if_fail (lh_geometry_is_valid (geometry));
  lh_board_describe_wide_append (text, lh_wide_board_from_board (board, geometry), geometry);
}

void
lh_board_describe_wide_append (GString *text, LhWideBoard board, LhGeometry geometry)
{
  g_return_if_fail (text != NULL);
  g_return_if_fail (lh_wide_geometry_is_valid (geometry));

  for (guint r = 0; r < geometry.rows; r++)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* Translators: %u the row number, 1 at the top */
      g_string_append_printf (text, _("Row %u:"), r + 1);
      for (guint c = 0; c < geometry.cols; c++)
        {
          guint exponent = lh_wide_board_get_cell (board, r, c);

          g_string_append (text, c == 0 ? " " : ", ");
          if (exponent == 0)
            /* Translators: an empty cell of the board, read by screen readers */
            g_string_append (text, _("empty"));
          else
            g_string_append_printf (text, "%" G_GUINT64_FORMAT, lh_wide_tile_value (exponent));
        }
      g_string_append_c (text, '.');
    }
}

const char *
lh_format_move_label (int move)
{
  switch (move)
    {
    case LH_MOVE_UP: return _("Up");
    case LH_MOVE_DOWN: return _("Down");
    case LH_MOVE_LEFT: return _("Left");
    case LH_MOVE_RIGHT: return _("Right");
    default: return _("none");
    }
}

char *
lh_format_excerpt (const char *text, gssize length, gsize max_chars)
{
  GString *out;
  const char *p, *end;
  gsize n_chars = 0;

  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = (gssize) strlen (text);
  out = g_string_sized_new (MIN ((gsize) length, 256) + 4);
  end = text + length;
  for (p = text; p < end; n_chars++)
    {
      gunichar c;

      if (max_chars > 0 && n_chars == max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8 (or cut short): one byte at a time. */
          g_string_append_printf (out, "\\x%02X", (guint) (guchar) *p);
          p++;
          continue;
        }
      if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02X", (guint) c);
      else if ((c != ' ' && !g_unichar_isprint (c)) || c == 0x2028 || c == 0x2029)
        g_string_append_printf (out, "\\u{%04X}", (guint) c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}
