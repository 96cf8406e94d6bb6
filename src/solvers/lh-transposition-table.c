/* lh-transposition-table.c: allocation and generations (see the header). */
#include "lh-transposition-table.h"

#include <string.h>

G_STATIC_ASSERT (sizeof (LhTranspositionEntry) == 24);

LhTranspositionTable *
lh_transposition_table_new (guint bits)
{
  LhTranspositionTable *table;

  g_return_val_if_fail (bits >= 10 && bits <= 28, NULL);

  table = g_new0 (LhTranspositionTable, 1);
  table->bits = bits;
  table->mask = ((guint64) 1 << bits) - 1;
  /* Zeroed pages: untouched entries cost no memory until used. */
  table->entries = g_new0 (LhTranspositionEntry, (gsize) 1 << bits);
  table->generation = 0;
  return table;
}

void
lh_transposition_table_free (LhTranspositionTable *table)
{
  if (table == NULL)
    return;
  g_free (table->entries);
  g_free (table);
}

void
lh_transposition_table_new_search (LhTranspositionTable *table)
{
  if (++table->generation == 0)
    {
      /* The stamp wrapped after 65535 searches: clear for real, once. */
      memset (table->entries, 0, sizeof (LhTranspositionEntry) * ((gsize) 1 << table->bits));
      table->generation = 1;
    }
}
