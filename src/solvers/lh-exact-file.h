/* lh-exact-file.h: an exact solution's file form, and its save and load.
 *
 * An exact solution (lh-exact-solution.h) takes seconds to minutes and
 * hundreds of MB to compute, so it is saved once and loaded after that
 * (lh-exact-cache.h keeps the saved ones).  The file holds the afterstates'
 * keys and values only; the hash index of each layer is rebuilt on load.
 *
 * Format, version 1.  Every number is little-endian; u8/u16/u32/u64 are
 * unsigned integers of that many bits, f64 an IEEE 754 double.
 *
 *   offset  size  field
 *        0     8  magic "LHEXACT\0"
 *        8     4  u32 version: 1
 *       12     1  u8 rows (2 to 4)
 *       13     1  u8 cols (2 to 4)
 *       14     1  u8 objective (LhExactObjective: 0 score, 1 tile)
 *       15     1  u8 target (the tile objective's exponent, 0 for score)
 *       16     1  u8 spawns (LhExactSpawns: 0 standard, 1 twos)
 *       17     1  u8 loss (LhExactLoss: 0 none, 1 score)
 *       18     2  u16 reserved: 0
 *       20     8  f64 discount
 *       28     8  u64 start board (0 = the start of a game)
 *       36     8  u64 n_positions (lh_exact_solution_get_n_positions())
 *       44     8  f64 start value
 *       52     4  u32 n_layers
 *       56  8 n_layers  u64 count of afterstates of each layer, layer 0 first
 *   then the payload, layer by layer (layer i holds the afterstates whose
 *   tiles sum to 2 i):
 *     its keys (canonical boards, lh-exact-symmetry.h, strictly ascending),
 *       each as its difference from the layer's previous key (the first
 *       from 0) in unsigned LEB128: 7 bits a byte, least significant group
 *       first, the high bit set on every byte but the last;
 *     its values V(a), one f64 per key in the keys' order;
 *   and last a SHA-256 of every byte before it (32 bytes).
 *
 * A 3x3 score solution (31,431,374 afterstates) takes 313,479,926 bytes,
 * 9.97 an afterstate: 8 for its value and 1.97 for its key (a layer's keys
 * lie close together).  The values stay f64: an exact solution is the
 * reference others are measured against.
 */
#pragma once

#include <gio/gio.h>
#include "lh-exact-solution.h"

G_BEGIN_DECLS

#define LH_EXACT_FILE_MAGIC "LHEXACT"
#define LH_EXACT_FILE_VERSION 1
/* Conventional file name extension, without the dot. */
#define LH_EXACT_FILE_EXTENSION "lhexact"

#define LH_EXACT_FILE_ERROR (lh_exact_file_error_quark ())
GQuark lh_exact_file_error_quark (void);

/**
 * LhExactFileError:
 * @LH_EXACT_FILE_ERROR_NOT_A_SOLUTION: the file does not start with the
 *   magic, or is shorter than the fixed header (an empty file, too)
 * @LH_EXACT_FILE_ERROR_VERSION: a version this reader does not know (a
 *   newer Lookahead wrote it)
 * @LH_EXACT_FILE_ERROR_DAMAGED: the checksum does not match, the payload is
 *   truncated or longer than the counts say, or the content is
 *   inconsistent: invalid rules or geometry, a nonzero reserved field, a
 *   start off the geometry, a key not ascending, not canonical, off the
 *   geometry or in the wrong layer, a value that is not finite
 */
typedef enum {
  LH_EXACT_FILE_ERROR_NOT_A_SOLUTION,
  LH_EXACT_FILE_ERROR_VERSION,
  LH_EXACT_FILE_ERROR_DAMAGED,
} LhExactFileError;

/**
 * lh_exact_solution_save:
 * @solution: the solution to write
 * @path: (type filename): the file to write, in the GLib file name encoding
 * Writes @solution in the format above, atomically: into a temporary file
 * next to @path, flushed to disk, then renamed over @path, so that a
 * failure or a crash leaves any old file as it was.  Writes in blocks of
 * 4 MiB; a 3x3 solution (313 MB) takes about 2 s, most of it SHA-256 and
 * the flush to disk.
 * Returns: FALSE with @error (G_FILE_ERROR, the message naming the file)
 *   when the file cannot be written.
 */
gboolean lh_exact_solution_save (const LhExactSolution *solution,
                                 const char            *path,
                                 GError               **error);

/**
 * lh_exact_solution_load:
 * @path: (type filename): a file written by lh_exact_solution_save()
 * Reads the file (mapped, not copied), checks its checksum (in a second
 * thread, while the content is decoded) and everything the format
 * requires, and rebuilds each layer's hash index: the result answers every
 * look-up exactly as the saved solution did.  A 3x3 solution loads in
 * about 2.5 s; the load cannot be cancelled.  Memory: as the solution
 * (lh_exact_solution_get_memory()), plus the file mapped while it loads.
 * Returns: (transfer full) (nullable): the solution, or NULL with @error:
 *   G_FILE_ERROR when the file cannot be read (G_FILE_ERROR_NOENT when it
 *   does not exist), LH_EXACT_FILE_ERROR_* when it is not a valid
 *   solution; every message names the file and says what is wrong.  A
 *   solution too large for the memory here is G_FILE_ERROR_NOMEM.
 */
LhExactSolution *lh_exact_solution_load (const char *path, GError **error);

G_END_DECLS
