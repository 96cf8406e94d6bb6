/* fuzz-search-tree-json.c: the search-tree JSON reader, as the window's
 * import and `lookahead-cli tree` read a file:
 * lh_search_tree_new_from_json_file() on the input written to a temporary
 * file (json-glib's parse errors are part of what it reports).
 * Oracles: the error message is valid UTF-8; a record that reads, written
 * (lh_search_tree_to_json()) and read again, writes the same JSON. */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "fuzz-common.h"
#include "lh-search-tree-json.h"

/* The input file: unlinked at once, so that nothing is left behind when a
 * finding ends the process, and read back through /proc/self/fd. */
static int input_fd = -1;
static char *input_path;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* In memory where there is a tmpfs: a file on disk per input is 20 times
   * slower. */
  const char *dir = g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) ? "/dev/shm" : g_get_tmp_dir ();
  g_autofree char *name = g_build_filename (dir, "fuzz-search-tree-XXXXXX.json", NULL);

  lh_fuzz_init ();
  input_fd = g_mkstemp (name);
  if (input_fd < 0)
    lh_fuzz_fail ("no temporary file in %s: %s", dir, g_strerror (errno));
  g_unlink (name);
  input_path = g_strdup_printf ("/proc/self/fd/%d", input_fd);
  return 0;
}

/* The document of @tree as compact JSON text. */
static char *
tree_to_text (const LhSearchTree *tree, const char *solver, guint depth)
{
  g_autoptr(JsonNode) node = lh_search_tree_to_json (tree, solver, depth);

  return json_to_string (node, FALSE);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LhSearchTree) tree = NULL;
  g_autoptr(LhSearchTree) again = NULL;
  g_autoptr(JsonNode) written = NULL;
  g_autofree char *solver = NULL;
  g_autofree char *solver_again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  guint depth = 0, depth_again = 0;

  if (size > 1 << 20)
    return 0;
  if (ftruncate (input_fd, 0) != 0 || pwrite (input_fd, data, size, 0) != (ssize_t) size)
    lh_fuzz_fail ("cannot write the input file: %s", g_strerror (errno));
  tree = lh_search_tree_new_from_json_file (input_path, &solver, &depth, &error);
  if (tree == NULL)
    {
      lh_fuzz_check_error (error);
      return 0;
    }

  written = lh_search_tree_to_json (tree, solver, depth);
  first = json_to_string (written, FALSE);
  again = lh_search_tree_new_from_json (written, &solver_again, &depth_again, &error);
  if (again == NULL)
    lh_fuzz_fail ("the record does not read again: %s\n%s", error->message, first);
  lh_fuzz_assert (depth_again == depth);
  lh_fuzz_assert (g_strcmp0 (solver_again, solver) == 0);
  second = tree_to_text (again, solver_again, depth_again);
  if (strcmp (first, second) != 0)
    lh_fuzz_fail ("the record read again writes otherwise:\n%s\n---\n%s", first, second);
  return 0;
}
