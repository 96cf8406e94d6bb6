/* lh-cli-table.c: aligned text tables for the human-readable output. */

#include "lh-config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "lh-cli-options.h"
#include "lh-cli-table.h"

struct _LhCliTable {
  GPtrArray *rows;   /* of GStrv */
  char      *alignment;
};

LhCliTable *
lh_cli_table_new (const char *alignment)
{
  LhCliTable *table = g_new0 (LhCliTable, 1);

  table->alignment = g_strdup (alignment);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  return table;
}

void
lh_cli_table_free (LhCliTable *table)
{
  g_ptr_array_unref (table->rows);
  g_free (table->alignment);
  g_free (table);
}

void
lh_cli_table_add (LhCliTable *table, const char *format, ...)
{
  g_autofree char *row = NULL;
  va_list args;

  va_start (args, format);
  row = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (table->rows, row[0] == '\0' ? g_new0 (char *, 1) : g_strsplit (row, "\t", -1));
}

void
lh_cli_table_print (const LhCliTable *table)
{
  g_autoptr(GArray) widths = g_array_new (FALSE, TRUE, sizeof (glong));
  gsize alignment_length = strlen (table->alignment);
  guint r, c;

  for (r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (c = 0; cells[c] != NULL; c++)
        {
          glong width = g_utf8_strlen (cells[c], -1);

          if (c >= widths->len)
            g_array_set_size (widths, c + 1);
          g_array_index (widths, glong, c) = MAX (g_array_index (widths, glong, c), width);
        }
    }

  for (r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      for (c = 0; cells[c] != NULL; c++)
        {
          glong pad = g_array_index (widths, glong, c) - g_utf8_strlen (cells[c], -1);
          gboolean last = cells[c + 1] == NULL;
          gboolean right = c < alignment_length && table->alignment[c] == 'r';

          if (last && c > 0 && cells[c][0] == '\0')
            break;
          if (c > 0)
            fputs ("  ", stdout);
          if (right)
            fprintf (stdout, "%*s", (int) pad, "");
          fputs (cells[c], stdout);
          if (!right && !last)
            fprintf (stdout, "%*s", (int) pad, "");
        }
      fputc ('\n', stdout);
    }
}

void
lh_cli_table_add_solver_params (LhCliTable           *table,
                                const LhSolverParams *params)
{
  LhCliParam list[LH_CLI_MAX_PARAMS];
  guint n = lh_cli_solver_params_list (params, list);

  lh_cli_table_add (table, "%s\t%s", _("Solver"), lh_solver_kind_to_string (params->kind));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = NULL;

      switch (list[i].type)
        {
        case LH_CLI_PARAM_UINT:
          value = g_strdup_printf ("%" G_GUINT64_FORMAT, list[i].uint_value);
          break;
        case LH_CLI_PARAM_REAL:
          value = g_strdup_printf ("%g", list[i].real_value);
          break;
        case LH_CLI_PARAM_BOOL:
          /* TRANSLATORS: the value of a yes/no solver parameter */
          value = g_strdup (list[i].bool_value ? _("yes") : _("no"));
          break;
        case LH_CLI_PARAM_STRING:
          value = g_strdup (list[i].string_value);
          break;
        default:
          g_assert_not_reached ();
        }
      if (list[i].unit != NULL)
        lh_cli_table_add (table, "%s\t%s %s", list[i].label, value, list[i].unit);
      else
        lh_cli_table_add (table, "%s\t%s", list[i].label, value);
    }
}
