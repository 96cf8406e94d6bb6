/* lh-ntuple-cache.h: one copy of a network for every part of a program.
 *
 * A trained network is large (4x6: 256 MiB of tables) and the window loads
 * it from several places: the Learned evaluator (lh-evaluator-choice.c) and
 * the reviewer of 4x4 games (lh-review.c), which uses the shipped network.
 * The cache keeps the last network loaded through it, with the identity of
 * its file, so that a second load of the same unchanged file shares the
 * tables instead of copying them. */
#pragma once

#include <glib.h>

#include "lh-ntuple.h"
#include "lh-ntuple-file.h"

G_BEGIN_DECLS

/**
 * lh_ntuple_cache_load:
 * @path: (type filename): a network file (lh_ntuple_file_load())
 * @info: (out caller-allocates) (optional): receives what the file says, a
 *   copy (clear it with lh_ntuple_file_info_clear())
 * As lh_ntuple_file_load(), through a process-wide cache of one network:
 * when @path is the file last loaded here and it has not changed since (the
 * same device, inode, size and modification time), the cached network is
 * returned at once; otherwise the file is loaded and replaces the cached
 * one (which lives on while others hold it).  A failed load leaves the
 * cache as it was.  Thread-safe: one load runs at a time, and a second
 * caller of the same file waits for the first and shares its network.
 * The cache holds its network until the next load of another file,
 * lh_ntuple_cache_trim() when nobody else holds it, or
 * lh_ntuple_cache_clear().
 * Returns: (transfer full) (nullable): the network (a new reference), or
 *   NULL with @error as lh_ntuple_file_load().
 */
LhNtuple *lh_ntuple_cache_load (const char       *path,
                                LhNtupleFileInfo *info,
                                GError          **error);

/**
 * lh_ntuple_cache_trim:
 * Drops the cached network when the cache holds its last reference, so
 * that its memory goes once every part of the program has let it go; call
 * it after dropping a network that came from lh_ntuple_cache_load().
 */
void lh_ntuple_cache_trim (void);

/** lh_ntuple_cache_clear: drops the cached network (its memory goes when nobody else holds it). */
void lh_ntuple_cache_clear (void);

G_END_DECLS
