/* fuzz-preset.c: the preset file loader (lh_preset_load_data()).
 * Oracles: the error message is valid UTF-8; a preset that loads, written
 * (lh_preset_to_data()) and loaded again, writes the same text, and its
 * name passes lh_preset_check_name(). */
#include <string.h>

#include "fuzz-common.h"
#include "lh-preset.h"

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
  g_autoptr(LhPreset) preset = NULL;
  g_autoptr(LhPreset) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (size > 1 << 20)
    return 0;
  preset = lh_preset_load_data ((const char *) data, (gssize) size, &error);
  if (preset == NULL)
    {
      lh_fuzz_check_error (error);
      return 0;
    }
  if (!lh_preset_check_name (preset->name, &error))
    lh_fuzz_fail ("a preset loaded with a bad name: %s", error->message);
  lh_fuzz_assert (lh_heuristic_params_validate (&preset->heuristic, NULL));

  first = lh_preset_to_data (preset);
  lh_fuzz_check_utf8 ("the preset's file form", first);
  again = lh_preset_load_data (first, -1, &error);
  if (again == NULL)
    lh_fuzz_fail ("the preset does not load again: %s\n%s", error->message, first);
  second = lh_preset_to_data (again);
  if (strcmp (first, second) != 0)
    lh_fuzz_fail ("the preset loaded again writes otherwise:\n%s\n---\n%s", first, second);
  return 0;
}
