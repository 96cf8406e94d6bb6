/* cli-test-run.c: running the built lookahead-cli from the CLI tests (see cli-test-run.h). */
#include "cli-test-run.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
cli_run_argv (CliRun *run, const char *input, GPtrArray *args)
{
  cli_run_argv_in_locale (run, "C.UTF-8", input, args);
}

void
cli_run_in_locale (CliRun *run, const char *locale, const char *input, ...)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  const char *arg;
  va_list args;

  va_start (args, input);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (all, (gpointer) arg);
  va_end (args);
  cli_run_argv_in_locale (run, locale, input, all);
}

/* Standard output and error must be UTF-8: g_subprocess_communicate_utf8()
 * fails the test otherwise. */
void
cli_run_argv_in_language (CliRun *run, const char *locale, const char *language,
                          const char *input, GPtrArray *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("LOOKAHEAD_CLI");

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (args, i));
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", locale, TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  /* G_TEST_OPTION_ISOLATE_DIRS gives each test its own directories but
   * leaves the environment at /dev/null: pass the test's on. */
  g_subprocess_launcher_setenv (launcher, "HOME", g_get_home_dir (), TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", g_get_user_cache_dir (), TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", g_get_user_config_dir (), TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", g_get_user_data_dir (), TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

void
cli_run_argv_in_locale (CliRun *run, const char *locale, const char *input, GPtrArray *args)
{
  /* Untranslated messages and a '.' decimal point, whatever the machine's locale. */
  cli_run_argv_in_language (run, locale, "C", input, args);
}

void
cli_run_valist (CliRun *run, const char *input, va_list args)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  const char *arg;

  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (all, (gpointer) arg);
  cli_run_argv (run, input, all);
}

void
cli_run (CliRun *run, const char *input, ...)
{
  va_list args;

  va_start (args, input);
  cli_run_valist (run, input, args);
  va_end (args);
}

JsonObject *
cli_parse_object (const char *text, JsonParser **parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  *parser = json_parser_new ();
  json_parser_load_from_data (*parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (*parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

void
cli_test_init (int *argc, char ***argv)
{
  /* Each test gets its own empty XDG_CACHE_HOME (and HOME, XDG_*): the
   * exact solutions that bench --versus-optimal and the exact solver solve
   * go there, never to the user's cache. */
  g_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (g_getenv ("LOOKAHEAD_CLI") == NULL)
    {
      g_printerr ("LOOKAHEAD_CLI must name the lookahead-cli executable to test\n");
      exit (1);
    }
}

void
cli_assert_usage_error (const CliRun *run, const char *expected)
{
  g_test_message ("stderr: %s", run->err);
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_nonnull (strstr (run->err, expected));
}

char *
cli_make_temp_dir (const char *name_template)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (name_template, &error);

  g_assert_no_error (error);
  return dir;
}

void
cli_remove_temp_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

char *
cli_read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}
