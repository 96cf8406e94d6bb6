/* lh-cli-tune-log.c: tune's CSV log (--log): the settings line, the
 * header, reading a log back to resume a run, appending a row per
 * evaluation.  The format is described in lh-cli-tune.c's opening comment. */

#include "lh-config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lh-cli-options.h"
#include "lh-cli-tune-private.h"
#include "lh-format.h"

void
lh_cli_tune_log_row_free (gpointer data)
{
  LogRow *row = data;

  g_free (row->x);
  g_free (row);
}

/* The settings line: everything that makes the sequence of evaluations
 * what it is, the size of the initial design @n_initial included (left out
 * when negative, to compare with a log of the older form that lacks it),
 * except the number of evaluations (a log can be extended) and the number
 * of jobs (which never changes a result).  Keys and values are
 * machine-readable, space-separated key=value pairs; not translated. */
char *
lh_cli_tune_build_settings (const Tune *tune, Design design, int n_initial, int algorithm)
{
  LhCliParam list[LH_CLI_MAX_PARAMS];
  const LhHeuristicParamInfo *infos;
  GString *text = g_string_new (LOG_SETTINGS_PREFIX);
  guint n, i;

  g_string_append_printf (text, " games=%u seed=%" G_GUINT64_FORMAT " rows=%u cols=%u solver=%s",
                          tune->n_games, tune->first_seed, tune->geometry.rows,
                          tune->geometry.cols, lh_solver_kind_to_string (tune->base.kind));
  n = lh_cli_solver_params_list (&tune->base, list);
  for (i = 0; i < n; i++)
    {
      g_autofree char *value = NULL;

      switch (list[i].type)
        {
        case LH_CLI_PARAM_UINT:
          value = g_strdup_printf ("%" G_GUINT64_FORMAT, list[i].uint_value);
          break;
        case LH_CLI_PARAM_REAL:
          value = lh_cli_format_number (list[i].real_value);
          break;
        case LH_CLI_PARAM_BOOL:
          value = g_strdup (list[i].bool_value ? "true" : "false");
          break;
        case LH_CLI_PARAM_STRING:
        default:
          value = g_strdup (list[i].string_value);
          break;
        }
      g_string_append_printf (text, " search.%s=%s", list[i].key, value);
    }
  g_string_append_printf (text, " design=%s", lh_cli_tune_design_names[design]);
  if (n_initial >= 0)
    g_string_append_printf (text, " initial=%d", n_initial);
  g_string_append_printf (text, " algorithm=%s bounds=", lh_cli_tune_algorithms[algorithm].name);
  for (i = 0; i < tune->n_params; i++)
    {
      g_autofree char *lo = lh_cli_format_number (tune->params[i].lo);
      g_autofree char *hi = lh_cli_format_number (tune->params[i].hi);

      g_string_append_printf (text, "%s%s:%s:%s", i > 0 ? ";" : "",
                              tune->params[i].info->key, lo, hi);
    }
  g_string_append (text, " base=");
  infos = lh_heuristic_param_list (&n);
  for (i = 0; i < n; i++)
    {
      g_autofree char *value = lh_cli_format_number (lh_heuristic_params_get (&tune->base.heuristic,
                                                                       &infos[i]));

      g_string_append_printf (text, "%s%s:%s", i > 0 ? ";" : "", infos[i].key, value);
    }
  return g_string_free (text, FALSE);
}

/* Compares two settings lines.  Returns FALSE with @error
 * (G_OPTION_ERROR_BAD_VALUE: a usage error) naming the first setting that
 * differs. */
static gboolean
compare_settings (const char *path,
                  const char *ours,
                  const char *theirs,
                  GError    **error)
{
  g_auto(GStrv) our_tokens = NULL;
  g_auto(GStrv) their_tokens = NULL;
  g_autoptr(GHashTable) their_values = g_hash_table_new (g_str_hash, g_str_equal);
  guint i;

  if (g_strcmp0 (ours, theirs) == 0)
    return TRUE;

  if (!g_str_has_prefix (theirs, LOG_SETTINGS_PREFIX))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s is a file name */
                   _("%s is not a log of lookahead-cli tune (its first line is not the "
                     "settings comment); give another --log"), path);
      return FALSE;
    }
  our_tokens = g_strsplit (ours + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  their_tokens = g_strsplit (theirs + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  for (i = 0; their_tokens[i] != NULL; i++)
    {
      char *equals = strchr (their_tokens[i], '=');

      if (equals != NULL)
        {
          *equals = '\0';
          g_hash_table_insert (their_values, their_tokens[i], equals + 1);
        }
    }
  for (i = 0; our_tokens[i] != NULL; i++)
    {
      char *equals = strchr (our_tokens[i], '=');
      const char *their_value;

      if (equals == NULL)
        continue;
      *equals = '\0';
      their_value = g_hash_table_lookup (their_values, our_tokens[i]);
      if (g_strcmp0 (their_value, equals + 1) != 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: refusing to resume a tuning run: the first %s is the
                        * log's file name, the second a setting's key ("games", "search.depth",
                        * "bounds"), the third its value in this run, the fourth in the log */
                       _("%s was written with other settings, so this run cannot resume it: "
                         "%s is %s here but %s in the log; give the same settings or "
                         "another --log"),
                       path, our_tokens[i], equals + 1,
                       their_value != NULL ? their_value : _("(missing)"));
          return FALSE;
        }
      g_hash_table_remove (their_values, our_tokens[i]);
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: %s is the log's file name */
               _("%s was written with other settings (its settings line differs), so this "
                 "run cannot resume it; give the same settings or another --log"), path);
  return FALSE;
}

/* Reads the size of the initial design from the settings line of the log
 * at @path: *@initial is its initial=K, or -1 when there is no log (or an
 * empty one), when its first line is not tune's settings line (log_load()
 * refuses it later) or when the line is of the older form without initial=;
 * *@old_form is TRUE in the last case only.  Returns FALSE with @error
 * (G_IO_ERROR_*) when the log cannot be read or its initial= is not a whole
 * number from 0 to MAX_EVALS. */
gboolean
lh_cli_tune_log_read_initial (const char *path,
                  int        *initial,
                  gboolean   *old_form,
                  GError    **error)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) read_error = NULL;
  g_auto(GStrv) tokens = NULL;
  char *newline;

  *initial = -1;
  *old_form = FALSE;
  if (!g_file_get_contents (path, &contents, NULL, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
      return FALSE;
    }
  newline = strchr (contents, '\n');
  if (newline == NULL || !g_str_has_prefix (contents, LOG_SETTINGS_PREFIX))
    return TRUE;   /* empty, cut short or not a tune log: log_load() decides */
  *newline = '\0';

  tokens = g_strsplit (contents + strlen (LOG_SETTINGS_PREFIX), " ", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    if (g_str_has_prefix (tokens[i], "initial="))
      {
        const char *value = tokens[i] + strlen ("initial=");
        guint64 k;

        if (!g_ascii_string_to_unsigned (value, 10, 0, MAX_EVALS, &k, NULL))
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         /* TRANSLATORS: the first %s is the log's file name, the second a
                          * value; keep initial= as it is */
                         _("%s: the settings line has initial=%s, not a whole number from "
                           "0 to %d"), path, value, MAX_EVALS);
            return FALSE;
          }
        *initial = (int) k;
        return TRUE;
      }
  *old_form = TRUE;
  return TRUE;
}

/* "empty_weight,monotonicity_weight,mean,sem,games,seed" */
char *
lh_cli_tune_build_header (const Tune *tune)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < tune->n_params; i++)
    g_string_append_printf (text, "%s,", tune->params[i].info->key);
  g_string_append (text, "mean,sem,games,seed");
  return g_string_free (text, FALSE);
}

/* Reads an existing log into tune->logged.  Sets *@exists to FALSE when
 * there is none (or it is empty).  A last line cut short (a run stopped
 * while writing it) is dropped from the file.  Returns FALSE with @error:
 * G_OPTION_ERROR_BAD_VALUE when the log belongs to other settings,
 * G_IO_ERROR_* when it cannot be read or is malformed. */
gboolean
lh_cli_tune_log_load (Tune       *tune,
          const char *settings,
          const char *header,
          gboolean   *exists,
          GError    **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) read_error = NULL;
  gsize length;
  guint n_lines, i;

  *exists = FALSE;
  if (!g_file_get_contents (tune->log_path, &contents, &length, &read_error))
    {
      if (g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
      return FALSE;
    }
  if (length == 0)
    return TRUE;
  *exists = TRUE;

  if (contents[length - 1] != '\n')
    {
      char *last = strrchr (contents, '\n');
      gsize kept = last != NULL ? (gsize) (last - contents) + 1 : 0;

      g_printerr (_("%s: dropping its last line, which was cut short\n"), tune->log_path);
      if (!g_file_set_contents (tune->log_path, contents, (gssize) kept, &read_error))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", read_error->message);
          return FALSE;
        }
      contents[kept] = '\0';
      if (kept == 0)
        {
          *exists = FALSE;
          return TRUE;
        }
    }

  lines = g_strsplit (contents, "\n", -1);
  n_lines = g_strv_length (lines);
  if (n_lines > 0 && *lines[n_lines - 1] == '\0')
    n_lines--;   /* after the final newline */

  if (!compare_settings (tune->log_path, settings, lines[0], error))
    return FALSE;
  if (n_lines < 2 || g_strcmp0 (lines[1], header) != 0)
    {
      g_autofree char *quoted = lh_format_excerpt (n_lines < 2 ? "" : lines[1], -1,
                                                   LH_FORMAT_EXCERPT_MESSAGE);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: the first %s is the log's file name, the second its
                    * header line, the third this run's */
                   _("%s has the columns “%s” but this run writes “%s”; give the same "
                     "--params or another --log"),
                   tune->log_path, quoted, header);
      return FALSE;
    }

  for (i = 2; i < n_lines; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      LogRow *row;
      double games, seed;
      guint j;

      if (g_strv_length (fields) != tune->n_params + 4)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: "results.csv, line 5: expected 6 fields, found 3" */
                       _("%s, line %u: expected %u fields, found %u"),
                       tune->log_path, i + 1, tune->n_params + 4, g_strv_length (fields));
          return FALSE;
        }
      row = g_new0 (LogRow, 1);
      row->x = g_new0 (double, tune->n_params);
      g_ptr_array_add (tune->logged, row);
      for (j = 0; j < tune->n_params + 4; j++)
        {
          double *slot = j < tune->n_params ? &row->x[j]
                         : j == tune->n_params ? &row->mean
                         : j == tune->n_params + 1 ? &row->sem
                         : j == tune->n_params + 2 ? &games : &seed;

          if (!lh_cli_parse_number (fields[j], slot))
            {
              g_autofree char *quoted = lh_format_excerpt (fields[j], -1, LH_FORMAT_EXCERPT_SHORT);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           /* TRANSLATORS: "results.csv, line 5, field 2: “x” is not a number" */
                           _("%s, line %u, field %u: “%s” is not a number"),
                           tune->log_path, i + 1, j + 1, quoted);
              return FALSE;
            }
        }
      if (games != tune->n_games || seed != (double) tune->first_seed)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: %s is the log's file name, %u a line number */
                       _("%s, line %u: the games or the seed differ from the settings line"),
                       tune->log_path, i + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* Opens the log for appending, writing the settings and the header when
 * it is new. */
gboolean
lh_cli_tune_log_open (Tune       *tune,
          const char *settings,
          const char *header,
          gboolean    exists,
          GError    **error)
{
  int saved_errno;

  tune->log = g_fopen (tune->log_path, exists ? "a" : "w");
  if (tune->log == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* TRANSLATORS: the first %s is a file name, the second the system's reason */
                   _("cannot open %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  if (!exists)
    fprintf (tune->log, "%s\n%s\n", settings, header);
  if (fflush (tune->log) != 0 || ferror (tune->log))
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* TRANSLATORS: the first %s is a file name, the second the system's reason */
                   _("cannot write %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

gboolean
lh_cli_tune_log_append (Tune *tune, const Evaluation *evaluation, GError **error)
{
  GString *line = g_string_new (NULL);
  g_autofree char *mean = lh_cli_format_number (evaluation->mean);
  g_autofree char *sem = lh_cli_format_number (evaluation->sem);
  int saved_errno;

  for (guint i = 0; i < tune->n_params; i++)
    {
      g_autofree char *value = lh_cli_format_number (evaluation->x[i]);

      g_string_append_printf (line, "%s,", value);
    }
  g_string_append_printf (line, "%s,%s,%u,%" G_GUINT64_FORMAT "\n",
                          mean, sem, tune->n_games, tune->first_seed);
  fputs (line->str, tune->log);
  g_string_free (line, TRUE);
  if (fflush (tune->log) != 0 || ferror (tune->log))
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("cannot write %s: %s"), tune->log_path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}
