/* lh-transposition-table.h: fixed-size cache of chance-node values.
 *
 * Direct-mapped, always-replace, keyed by (afterstate, remaining depth), with
 * a generation stamp so that starting a new search invalidates every entry in
 * O(1).  24 bytes per entry (the value is kept as a double so a hit returns
 * exactly what a fresh search computes); memory is allocated once and never grows.
 * Not thread-safe: one table per searching thread.
 */
#pragma once

#include <glib.h>
#include "lh-board.h"

G_BEGIN_DECLS

typedef struct {
  LhBoard board;
  double  value;
  guint16 generation;
  guint8  depth;
  guint8  used;
} LhTranspositionEntry;

typedef struct {
  LhTranspositionEntry *entries;
  guint64               mask;
  guint                 bits;
  guint16               generation;
} LhTranspositionTable;

/** Default size: 2^20 entries = 24 MiB. */
#define LH_TRANSPOSITION_TABLE_DEFAULT_BITS 20

/** lh_transposition_table_new: (transfer full): 2^@bits entries (10..28). */
LhTranspositionTable *lh_transposition_table_new (guint bits);
/** lh_transposition_table_free: frees the table; NULL is allowed. */
void lh_transposition_table_free (LhTranspositionTable *table);

/** lh_transposition_table_new_search: forgets every entry (O(1) amortised). */
void lh_transposition_table_new_search (LhTranspositionTable *table);

static inline LhTranspositionEntry *
lh_transposition_table_slot (LhTranspositionTable *table, LhBoard board, guint depth)
{
  /* Fibonacci hashing of the board mixed with the depth. */
  guint64 key = (board ^ ((guint64) depth << 60) ^ ((guint64) depth * 0x2545F4914F6CDD1DULL))
                * 0x9E3779B97F4A7C15ULL;
  return &table->entries[key >> (64 - table->bits)];
}

/**
 * lh_transposition_table_lookup:
 * Returns: TRUE and sets *value when (@board, @depth) was stored in this search.
 */
static inline gboolean
lh_transposition_table_lookup (LhTranspositionTable *table, LhBoard board, guint depth,
                               double *value)
{
  const LhTranspositionEntry *e = lh_transposition_table_slot (table, board, depth);

  if (e->used && e->generation == table->generation && e->board == board && e->depth == depth)
    {
      *value = e->value;
      return TRUE;
    }
  return FALSE;
}

/** lh_transposition_table_store: records the value of (@board, @depth). */
static inline void
lh_transposition_table_store (LhTranspositionTable *table, LhBoard board, guint depth,
                              double value)
{
  LhTranspositionEntry *e = lh_transposition_table_slot (table, board, depth);

  e->board = board;
  e->value = value;
  e->generation = table->generation;
  e->depth = (guint8) depth;
  e->used = 1;
}

G_END_DECLS
