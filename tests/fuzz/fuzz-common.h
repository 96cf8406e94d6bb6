/* fuzz-common.h: what the libFuzzer targets of tests/fuzz share.
 *
 * Beyond the sanitizers, each target checks two oracles and aborts (a
 * finding for libFuzzer) when one fails:
 *   - every error message is valid UTF-8 (messages reach dialogs, toasts and
 *     terminals, and the input quoted in them may not be);
 *   - what parses, printed and parsed again, gives the same thing.
 * GLib criticals and warnings are fatal too (lh_fuzz_init()).
 */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

G_BEGIN_DECLS

/* libFuzzer's entry points. */
int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Prints "fuzz oracle: " and the message on standard error, then aborts. */
static inline void G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN
lh_fuzz_fail (const char *format, ...)
{
  va_list args;

  fputs ("fuzz oracle: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

#define lh_fuzz_assert(condition) \
  G_STMT_START { \
    if (!(condition)) \
      lh_fuzz_fail ("%s:%d: %s is false", __FILE__, __LINE__, #condition); \
  } G_STMT_END

/* Aborts when @text (what @what names) is not valid UTF-8. */
static inline void
lh_fuzz_check_utf8 (const char *what, const char *text)
{
  if (text == NULL)
    lh_fuzz_fail ("%s is NULL", what);
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_autofree char *escaped = g_strescape (text, NULL);

      lh_fuzz_fail ("%s is not valid UTF-8: \"%s\"", what, escaped);
    }
}

/* A function that failed must have set an error, and its message must be
 * valid UTF-8. */
static inline void
lh_fuzz_check_error (const GError *error)
{
  if (error == NULL)
    lh_fuzz_fail ("a function failed without setting an error");
  lh_fuzz_check_utf8 ("the error message", error->message);
}

/* Makes GLib's criticals and warnings fatal. */
static inline void
lh_fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

G_END_DECLS
