/* lh-transposition-table.h: fixed-size cache of chance-node values.
 *
 * Direct-mapped, always-replace, keyed by (afterstate, remaining depth), with
 * a generation stamp so that starting a new search invalidates every entry in
 * O(1).  24 bytes per entry (the value is kept as a double so a hit returns
 * exactly what a fresh search computes); memory is reserved once and never
 * grows, and pages no search has touched cost nothing.
 *
 * Each search uses only the first 2^active_bits entries, sized to the
 * search: a shallow search's few hundred entries then stay in the CPU's
 * caches instead of being spread over the whole table (at depth 3 a 2^20
 * table made the search 15 % slower than a 2^12 one; benchmarks/README.md,
 * "Transposition table size").
 * Threads may share a table: an entry is three 64-bit words written and
 * read with relaxed atomic accesses, the first being the board XOR the other
 * two, so a lookup that reads words of two different stores (a torn entry)
 * fails the check and misses instead of returning a wrong value (the lockless
 * transposition table of Hyatt and Mann, "A lockless transposition-table
 * implementation for parallel search", ICGA Journal 25(1), 2002).
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

#include <string.h>

G_BEGIN_DECLS

typedef struct {
  guint64 check;       /* board ^ value_bits ^ meta */
  guint64 value_bits;  /* the value, a double's bits */
  guint64 meta;        /* generation | depth << 16 | 1 << 24 (0: never used) */
} LhTranspositionEntry;

typedef struct {
  LhTranspositionEntry *entries;
  gsize                 reserved;    /* bytes reserved for 2^bits entries */
  guint                 bits;        /* entries reserved: 2^bits */
  guint                 active_bits; /* entries this search uses: 2^active_bits */
  guint16               generation;
  guint16               earlier_pass;  /* the generation of this search's first pass, or 0 */
} LhTranspositionTable;

/** Default size: 2^20 entries = 24 MiB. */
#define LH_TRANSPOSITION_TABLE_DEFAULT_BITS 20
/** Smallest and largest sizes accepted, in bits (2^10 entries = 24 KiB,
 * 2^28 = 6 GiB). */
#define LH_TRANSPOSITION_TABLE_MIN_BITS 10
#define LH_TRANSPOSITION_TABLE_MAX_BITS 28
/** The largest size in MiB (2^28 entries). */
#define LH_TRANSPOSITION_TABLE_MAX_MIB 6144

/** lh_transposition_table_bytes_of_bits: bytes of a table of 2^@bits entries. */
static inline gsize
lh_transposition_table_bytes_of_bits (guint bits)
{
  return sizeof (LhTranspositionEntry) << bits;
}

/**
 * lh_transposition_table_bits_of_mib:
 * Returns: the largest table size in bits whose entries fit in @mib MiB,
 *   clamped to LH_TRANSPOSITION_TABLE_MIN_BITS.._MAX_BITS (24 MiB: 20).
 */
guint lh_transposition_table_bits_of_mib (guint mib);

/**
 * lh_transposition_table_new:
 * Reserves 2^@bits entries (LH_TRANSPOSITION_TABLE_MIN_BITS to _MAX_BITS) of
 * zeroed memory (an anonymous mapping on POSIX systems, asked for
 * transparent huge pages on Linux); pages are committed as searches touch
 * them.
 * Returns: (transfer full): the table, or NULL (with a warning) when the
 *   memory cannot be reserved.
 */
LhTranspositionTable *lh_transposition_table_new (guint bits);
/** lh_transposition_table_free: frees the table; NULL is allowed. */
void lh_transposition_table_free (LhTranspositionTable *table);

/**
 * lh_transposition_table_new_search:
 * @active_bits: how many entries the new search uses, 2^@active_bits,
 *   clamped to the table's size and to at least 2^10
 * Forgets every entry (O(1) amortised: a generation stamp).
 */
void lh_transposition_table_new_search (LhTranspositionTable *table, guint active_bits);

/**
 * lh_transposition_table_new_pass:
 * Starts a second pass of the same search: what it stores from now on is
 * told apart from the first pass's entries, which stay (a lookup with
 * @earlier TRUE finds both, one with @earlier FALSE only the second pass's).
 */
void lh_transposition_table_new_pass (LhTranspositionTable *table);

/** lh_transposition_table_get_bytes: bytes reserved (2^bits entries). */
gsize lh_transposition_table_get_bytes (const LhTranspositionTable *table);

static inline LhTranspositionEntry *
lh_transposition_table_slot (LhTranspositionTable *table, LhBoard board, guint depth)
{
  /* Fibonacci hashing of the board mixed with the depth. */
  guint64 key = (board ^ ((guint64) depth << 60) ^ ((guint64) depth * 0x2545F4914F6CDD1DULL))
                * 0x9E3779B97F4A7C15ULL;
  return &table->entries[key >> (64 - table->active_bits)];
}

static inline guint64
lh_transposition_table_meta (guint generation, guint depth)
{
  return (guint64) generation | (guint64) depth << 16 | (guint64) 1 << 24;
}

/**
 * lh_transposition_table_lookup:
 * @earlier: also find what this search's first pass stored
 *   (lh_transposition_table_new_pass()); no effect in a one-pass search
 * Returns: TRUE and sets *value when (@board, @depth) was stored in this search.
 */
static inline gboolean
lh_transposition_table_lookup (LhTranspositionTable *table, LhBoard board, guint depth,
                               gboolean earlier, double *value)
{
  LhTranspositionEntry *e = lh_transposition_table_slot (table, board, depth);
  guint64 meta = __atomic_load_n (&e->meta, __ATOMIC_RELAXED);
  guint64 bits = __atomic_load_n (&e->value_bits, __ATOMIC_RELAXED);
  guint64 check = __atomic_load_n (&e->check, __ATOMIC_RELAXED);

  /* (Generation 0 is never stored, so with no first pass the second test
   * never matches.) */
  if ((meta == lh_transposition_table_meta (table->generation, depth)
       || (earlier && meta == lh_transposition_table_meta (table->earlier_pass, depth)))
      && (check ^ bits ^ meta) == board)
    {
      memcpy (value, &bits, sizeof bits);
      return TRUE;
    }
  return FALSE;
}

/**
 * lh_transposition_table_store:
 * @earlier: store as the first pass (lh_transposition_table_new_pass()):
 *   what threads helping a second pass store while it runs
 * Records the value of (@board, @depth).
 */
static inline void
lh_transposition_table_store (LhTranspositionTable *table, LhBoard board, guint depth,
                              double value, gboolean earlier)
{
  LhTranspositionEntry *e = lh_transposition_table_slot (table, board, depth);
  guint64 meta = lh_transposition_table_meta (earlier ? table->earlier_pass : table->generation,
                                              depth);
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  __atomic_store_n (&e->check, board ^ bits ^ meta, __ATOMIC_RELAXED);
  __atomic_store_n (&e->value_bits, bits, __ATOMIC_RELAXED);
  __atomic_store_n (&e->meta, meta, __ATOMIC_RELAXED);
}

G_END_DECLS
