/* fuzz-ntuple-file.c: the n-tuple network file loader
 * (lh_ntuple_file_load_bytes_full(), asking for the TC tables too).
 * The input's last 32 bytes are replaced by the SHA-256 of the rest before
 * it is loaded, so that the fuzzer reaches the content behind the checksum
 * (a damaged checksum is tested in test-ntuple-file).  Inputs over 64 KiB
 * are skipped: the loader's expansion check then bounds the tables at
 * 64 MiB.
 * Oracles: the error message is valid UTF-8 and names the file; a network
 * that loads, written again as float32 and loaded, has the same shapes,
 * information, weights and TC tables, bit for bit. */
#include <string.h>

#include "fuzz-common.h"
#include "fuzz-ntuple.h"
#include "lh-ntuple-file.h"

#define NAME "fuzz.lhnet"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  lh_fuzz_init ();
  lh_engine_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) net = NULL;
  g_autoptr(LhNtuple) again = NULL;
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autoptr(LhTdCoherence) tc_again = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  g_autofree guint8 *copy = NULL;
  LhNtupleFileInfo info = { 0 }, info_again = { 0 };
  gsize digest_length = 32, length;
  const guint8 *written;

  if (size > 64 << 10)
    return 0;
  copy = g_memdup2 (data, size);
  if (size >= 32)
    {
      checksum = g_checksum_new (G_CHECKSUM_SHA256);
      g_checksum_update (checksum, copy, (gssize) (size - 32));
      g_checksum_get_digest (checksum, copy + size - 32, &digest_length);
    }

  net = lh_ntuple_file_load_bytes_full (copy, size, NAME, &info, &tc, &error);
  if (net == NULL)
    {
      lh_fuzz_check_error (error);
      if (!g_str_has_prefix (error->message, NAME ": "))
        lh_fuzz_fail ("the message does not name the file: %s", error->message);
      lh_fuzz_assert (info.name == NULL && info.options == NULL && tc == NULL);
      return 0;
    }
  lh_fuzz_check_utf8 ("the name", info.name);
  lh_fuzz_check_utf8 ("the options", info.options);

  bytes = lh_ntuple_file_to_bytes_full (net, &info, LH_NTUPLE_FILE_FLOAT32, 0.0, tc, &error);
  if (bytes == NULL)
    lh_fuzz_fail ("a loaded network does not save: %s", error->message);
  written = g_bytes_get_data (bytes, &length);
  again = lh_ntuple_file_load_bytes_full (written, length, NAME, &info_again, &tc_again, &error);
  if (again == NULL)
    lh_fuzz_fail ("a saved network does not load again: %s", error->message);

  lh_fuzz_assert_same_network (net, again);
  lh_fuzz_assert (info.games == info_again.games && info.moves == info_again.moves);
  lh_fuzz_assert (strcmp (info.name, info_again.name) == 0);
  lh_fuzz_assert (strcmp (info.options, info_again.options) == 0);
  lh_fuzz_assert ((tc == NULL) == (tc_again == NULL));
  for (guint i = 0; tc != NULL && i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      float *ea, *aa, *eb, *ab;

      lh_ntuple_get_weights (net, i, &n);
      lh_fuzz_assert (lh_td_coherence_get_tables (tc, i, &ea, &aa) == n);
      lh_fuzz_assert (lh_td_coherence_get_tables (tc_again, i, &eb, &ab) == n);
      lh_fuzz_assert (memcmp (ea, eb, n * sizeof (float)) == 0);
      lh_fuzz_assert (memcmp (aa, ab, n * sizeof (float)) == 0);
    }
  lh_ntuple_file_info_clear (&info);
  lh_ntuple_file_info_clear (&info_again);
  return 0;
}
