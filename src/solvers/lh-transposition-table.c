/* lh-transposition-table.c: reservation and generations (see the header). */
#include "lh-transposition-table.h"

#include <string.h>

#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

G_STATIC_ASSERT (sizeof (LhTranspositionEntry) == 24);

/* Zeroed memory whose untouched pages cost nothing: an anonymous mapping.
 * Huge pages (2 MiB) cut the TLB misses of a deep search's random probes. */
static gpointer
reserve_zeroed (gsize size)
{
#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
  gpointer p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  if (p == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  (void) madvise (p, size, MADV_HUGEPAGE);
#endif
  return p;
#else
  return g_try_malloc0 (size);
#endif
}

static void
release (gpointer p, gsize size)
{
#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
  munmap (p, size);
#else
  (void) size;
  g_free (p);
#endif
}

LhTranspositionTable *
lh_transposition_table_new (guint bits)
{
  LhTranspositionTable *table;
  gsize size;
  gpointer entries;

  g_return_val_if_fail (bits >= LH_TRANSPOSITION_TABLE_MIN_BITS
                        && bits <= LH_TRANSPOSITION_TABLE_MAX_BITS, NULL);

  size = sizeof (LhTranspositionEntry) * ((gsize) 1 << bits);
  entries = reserve_zeroed (size);
  if (entries == NULL)
    {
      g_warning ("cannot reserve %" G_GSIZE_FORMAT " MiB for the transposition table",
                 size >> 20);
      return NULL;
    }
  table = g_new0 (LhTranspositionTable, 1);
  table->entries = entries;
  table->reserved = size;
  table->bits = bits;
  table->active_bits = bits;
  table->generation = 0;
  return table;
}

void
lh_transposition_table_free (LhTranspositionTable *table)
{
  if (table == NULL)
    return;
  release (table->entries, table->reserved);
  g_free (table);
}

guint
lh_transposition_table_bits_of_mib (guint mib)
{
  guint64 entries = ((guint64) mib << 20) / sizeof (LhTranspositionEntry);
  guint bits = LH_TRANSPOSITION_TABLE_MIN_BITS;

  while (bits < LH_TRANSPOSITION_TABLE_MAX_BITS && ((guint64) 1 << (bits + 1)) <= entries)
    bits++;
  return bits;
}

gsize
lh_transposition_table_get_bytes (const LhTranspositionTable *table)
{
  return table->reserved;
}

static void
next_generation (LhTranspositionTable *table)
{
  if (++table->generation == 0)
    {
      /* The stamp wrapped after 65535 searches: clear the table, once
       * (on Linux by dropping its pages, which read back as zeros). */
#if defined(G_OS_UNIX) && defined(MADV_DONTNEED) && defined(__linux__)
      if (madvise (table->entries, table->reserved, MADV_DONTNEED) != 0)
#endif
        memset (table->entries, 0, table->reserved);
      table->generation = 1;
    }
}

void
lh_transposition_table_new_search (LhTranspositionTable *table, guint active_bits)
{
  table->active_bits = CLAMP (active_bits, LH_TRANSPOSITION_TABLE_MIN_BITS, table->bits);
  table->earlier_pass = 0;
  next_generation (table);
}

void
lh_transposition_table_new_pass (LhTranspositionTable *table)
{
  table->earlier_pass = table->generation;
  next_generation (table);
  /* (A wrap cleared the table: the first pass's entries are gone.) */
  if (table->generation == 1)
    table->earlier_pass = 0;
}
