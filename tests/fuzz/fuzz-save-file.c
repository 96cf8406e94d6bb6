/* fuzz-save-file.c: the saved game's loader (lh_save_file_from_data(),
 * src/app/lh-save-file.c, which needs no GTK).
 * Oracles: the error message is valid UTF-8; a game that loads, written
 * (lh_save_file_to_data()) and loaded again, writes the same text. */
#include <string.h>

#include "fuzz-common.h"
#include "lh-save-file.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhGame) game = NULL;
  g_autoptr(LhGame) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gboolean won = FALSE, won_again = FALSE;

  if (size > 1 << 20)
    return 0;
  game = lh_save_file_from_data ((const char *) data, (gssize) size, &won, &error);
  if (game == NULL)
    {
      lh_fuzz_check_error (error);
      return 0;
    }

  first = lh_save_file_to_data (game, won);
  lh_fuzz_check_utf8 ("the saved game", first);
  again = lh_save_file_from_data (first, -1, &won_again, &error);
  if (again == NULL)
    lh_fuzz_fail ("the saved game does not load again: %s\n%s", error->message, first);
  lh_fuzz_assert (won_again == won);
  second = lh_save_file_to_data (again, won_again);
  if (strcmp (first, second) != 0)
    lh_fuzz_fail ("the game loaded again saves otherwise:\n%s\n---\n%s", first, second);
  return 0;
}
