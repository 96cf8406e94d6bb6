/* test-format.c: text for people (lh-format.h): the compact numbers and the
 * board in words that screen readers hear. */
#include <locale.h>
#include <glib.h>

#include "lh-board.h"
#include "lh-board-text.h"
#include "lh-format.h"

static LhBoard
parse (const char *text, LhGeometry *geometry)
{
  g_autoptr(GError) error = NULL;
  LhBoard board = 0;

  g_assert_true (lh_board_parse (text, &board, geometry, &error));
  g_assert_no_error (error);
  return board;
}

static void
assert_describes (const char *board_text, const char *prefix, const char *expected)
{
  g_autoptr(GString) text = g_string_new (prefix);
  LhGeometry g;
  LhBoard board = parse (board_text, &g);

  lh_board_describe_append (text, board, g);
  g_assert_cmpstr (text->str, ==, expected);
}

/* Each row a sentence, cells left to right, empty cells as "empty"; a
 * space only between sentences. */
static void
test_board_describe (void)
{
  assert_describes ("0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0", "",
                    "Row 1: empty, empty, empty, empty. Row 2: empty, 2, empty, empty. "
                    "Row 3: empty, empty, 4, empty. Row 4: empty, empty, empty, empty.");
  /* After the window's score sentence. */
  assert_describes ("2 4/8 16", "Score 100.", "Score 100. Row 1: 2, 4. Row 2: 8, 16.");
  /* Every size from 2x2 to 4x4; the largest tile. */
  assert_describes ("32768 0 0/0 0 2", "", "Row 1: 32768, empty, empty. Row 2: empty, empty, 2.");
  assert_describes ("2 0/0 0/0 4/1024 2048", "",
                    "Row 1: 2, empty. Row 2: empty, empty. Row 3: empty, 4. Row 4: 1024, 2048.");
  /* The wide board: 5 a side, tiles past 32768. */
  {
    g_autoptr(GString) text = g_string_new (NULL);
    LhWideBoard board;
    LhGeometry g;

    g_assert_true (lh_wide_board_parse ("65536 0 0 0 2/0 0 0 0 0/0 0 0 0 0/0 0 0 0 0/2147483648 0 0 0 4",
                                        &board, &g, NULL));
    lh_board_describe_wide_append (text, board, g);
    g_assert_cmpstr (text->str, ==,
                     "Row 1: 65536, empty, empty, empty, 2. "
                     "Row 2: empty, empty, empty, empty, empty. "
                     "Row 3: empty, empty, empty, empty, empty. "
                     "Row 4: empty, empty, empty, empty, empty. "
                     "Row 5: 2147483648, empty, empty, empty, 4.");
  }
}

static void
assert_compact (double value, gboolean sign, const char *expected)
{
  g_autofree char *text = lh_format_compact (value, sign);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_compact (void)
{
  assert_compact (14700, FALSE, "14.7k");
  assert_compact (-1500000, FALSE, "−1.5M");
  assert_compact (0.25, TRUE, "+0.25");
  assert_compact (999960, FALSE, "1M");
  assert_compact (143.2, FALSE, "143");
  assert_compact (0.0001, FALSE, "0");
  assert_compact (0, FALSE, "0");
  assert_compact (0, TRUE, "0");
  assert_compact (0.0004, TRUE, "0");
  assert_compact (0.25, FALSE, "0.25");
  assert_compact (-7, FALSE, "−7");
  assert_compact (7, TRUE, "+7");
  assert_compact (12.34, FALSE, "12.3");
  assert_compact (999, FALSE, "999");
  assert_compact (999.6, FALSE, "1k");
  assert_compact (1234, TRUE, "+1.23k");
  assert_compact (12345, FALSE, "12.3k");
  assert_compact (999.96e3, FALSE, "1M");
  assert_compact (123456789, FALSE, "123M");
  assert_compact (2.5e9, FALSE, "2.5G");
  assert_compact (-3.2e12, FALSE, "−3.2T");
  assert_compact (5e15, FALSE, "5000T");
}

/* Outside text quoted in a message: always valid UTF-8, bytes that are not
 * UTF-8 and control characters written out, long text cut with "…". */
static void
test_excerpt (void)
{
  g_autofree char *long_text = g_strnfill (2 * 1024 * 1024, 'x');
  g_autofree char *expected_long = NULL;
  struct { const char *text; gssize length; gsize max; const char *expected; } cases[] = {
    { "left", -1, 40, "left" },
    { "2 4 é/€", -1, 40, "2 4 é/€" },
    { "\200", -1, 40, "\\x80" },
    { "a\xff\xfe" "b", -1, 40, "a\\xFF\\xFEb" },
    { "\xe2\x82", -1, 40, "\\xE2\\x82" },            /* a character cut short */
    { "a\tb\nc\rd\001e\033[31m\177", -1, 40, "a\\tb\\nc\\rd\\x01e\\x1B[31m\\x7F" },
    { "\xc2\x85 \xe2\x80\xae \xe2\x80\xa8", -1, 40, "\\u{0085} \\u{202E} \\u{2028}" },
    { "a\0b", 3, 40, "a\\x00b" },
    { "abcdef", -1, 3, "abc…" },
    { "ééééé", -1, 4, "éééé…" },
    { "abc", -1, 3, "abc" },
    { "abc", -1, 0, "abc" },
    { "", -1, 40, "" },
    { NULL, -1, 40, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *excerpt = lh_format_excerpt (cases[i].text, cases[i].length, cases[i].max);

      g_assert_true (g_utf8_validate (excerpt, -1, NULL));
      g_assert_cmpstr (excerpt, ==, cases[i].expected);
    }

  /* 2 MB: 40 characters and the ellipsis. */
  {
    g_autofree char *excerpt = lh_format_excerpt (long_text, -1, LH_FORMAT_EXCERPT_SHORT);

    expected_long = g_strdup_printf ("%.*s…", LH_FORMAT_EXCERPT_SHORT, long_text);
    g_assert_cmpstr (excerpt, ==, expected_long);
  }

  /* Every byte value, alone and in a run: valid UTF-8 without a control
   * character. */
  for (guint b = 0; b < 256; b++)
    {
      char text[4] = { 'a', (char) b, (char) b, 'z' };
      g_autofree char *excerpt = lh_format_excerpt (text, sizeof text, 0);

      g_assert_true (g_utf8_validate (excerpt, -1, NULL));
      for (const char *p = excerpt; *p != '\0'; p = g_utf8_next_char (p))
        g_assert_false (g_unichar_iscntrl (g_utf8_get_char (p)));
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/board-describe", test_board_describe);
  g_test_add_func ("/format/compact", test_compact);
  g_test_add_func ("/format/excerpt", test_excerpt);
  return g_test_run ();
}
