/* fuzz-tdl2048-file.c: the reader of TDL2048+'s weight files
 * (lh_tdl2048_file_load_bytes()), with the file's default stages and with
 * stages given.  Inputs over 64 KiB are skipped (a 3-cell pattern's table of
 * doubles is 32 KiB).
 * Oracles: the error message is valid UTF-8 and names the file; a file that
 * loads is one lh_tdl2048_file_sniff() accepts, its name is valid UTF-8,
 * every weight is finite, and the network written as Lookahead's float32
 * file and loaded again has the same shapes, stages and weights, bit for
 * bit. */
#include <math.h>
#include <string.h>

#include "fuzz-common.h"
#include "fuzz-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-tdl2048-file.h"

#define NAME "fuzz.w"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  lh_engine_init ();
  return 0;
}

static void
check (const uint8_t *data, size_t size, const char *stages)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhNtuple) again = NULL;
  g_autoptr(GBytes) bytes = NULL;
  LhNtupleFileInfo info = { 0 };
  const guint8 *written;
  gsize length;

  net = lh_tdl2048_file_load_bytes (data, size, NAME, stages, &info, &error);
  if (net == NULL)
    {
      lh_fuzz_check_error (error);
      if (!g_str_has_prefix (error->message, NAME ": "))
        lh_fuzz_fail ("the message does not name the file: %s", error->message);
      lh_fuzz_assert (info.name == NULL);
      return;
    }
  lh_fuzz_assert (lh_tdl2048_file_sniff (data, size));
  lh_fuzz_check_utf8 ("the name", info.name);
  bytes = lh_ntuple_file_to_bytes (net, &info, LH_NTUPLE_FILE_FLOAT32, &error);
  if (bytes == NULL)
    lh_fuzz_fail ("a network read from TDL2048+ does not save: %s", error->message);
  written = g_bytes_get_data (bytes, &length);
  again = lh_ntuple_file_load_bytes (written, length, NAME, NULL, &error);
  if (again == NULL)
    lh_fuzz_fail ("a network read from TDL2048+ does not load again: %s", error->message);
  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *w = lh_ntuple_get_weights (net, i, &n);

      for (guint64 k = 0; k < n; k++)
        lh_fuzz_assert (isfinite (w[k]));
    }
  lh_fuzz_assert_same_network (net, again);
  lh_ntuple_file_info_clear (&info);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 64 << 10)
    return 0;
  check (data, size, NULL);
  check (data, size, "2048");
  check (data, size, "1024,2048+1024");
  return 0;
}
