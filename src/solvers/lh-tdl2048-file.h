/* lh-tdl2048-file.h: reading the weight files (`.w`) of moporgic/TDL2048+.
 *
 * TDL2048+ (moporgic/TDL2048; H. Guei, L.-P. Chen and I-C. Wu, "Optimistic
 * Temporal Difference Learning for 2048", IEEE Transactions on Games 14(3),
 * 2022) trains n-tuple networks for 4x4 2048 and publishes them (4x6patt to
 * 8x6patt).  Its networks are the same function as Lookahead's (lh-ntuple.h):
 * one table per pattern shared by the board's 8 symmetric images, a
 * feature's index the sum of exponent(cell_k) << 4k (the first cell the
 * lowest digit), cells numbered 4 x row + col from the top left, the value
 * the plain float sum of the weights, in points still to score.  So its
 * tables are copied into a network of Lookahead as they are, and the network
 * values every board as TDL2048+ does, up to the order of the float
 * additions (a few units in the last place).
 *
 * The format, read from TDL2048+'s source at commit a99f620 (2048.cpp,
 * weight::save and operator<< of weight; docs/tdl2048-weights.md gives the
 * line numbers).  Numbers are little-endian (the byte order TDL2048+ writes
 * on x86); there is no magic, version or checksum.
 *
 *   optional u8 'w' (the type tag TDL2048+ writes for a file not named .w)
 *   then one or more containers, back to back:
 *     u8 0, u32 count, then count tables:
 *       u8 4
 *       u8[8] name: u32 sign, u16 width, u16 0 -- the table's name is sign
 *             in hexadecimal on width digits (width 0: the pattern's length);
 *             a name that is not hexadecimal is stored as 8 characters
 *             instead (a table that is no pattern, such as TDL2048+'s "mono")
 *       u16 element size: 4 (float32), 2 (IEEE half) or 8 (double)
 *       u64 n, the entries: 16^k for a pattern of k cells
 *       n elements, the weights
 *       blocks until a u16 0: u16 size, u64 count, size x count bytes
 *             (TDL2048+'s TC tables; skipped)
 *       u16 0
 *
 * A table's name is its pattern's cells, one hexadecimal digit each, the
 * last k digits of the name; the digits before them name the stage of a
 * multi-stage network ("NAME@K": stage s's tables carry the digits of s
 * reversed, so "10012345" is pattern 012345 of stage 1).  Every stage must
 * hold the same patterns (TDL2048+ requires it too).  The stage thresholds
 * are not in the file: TDL2048+ takes them again at test time (-@).
 */
#pragma once

#include <glib.h>

#include "lh-ntuple.h"
#include "lh-ntuple-file.h"

G_BEGIN_DECLS

/** Conventional file name extension of TDL2048+'s weight files, without the dot. */
#define LH_TDL2048_FILE_EXTENSION "w"

/**
 * lh_tdl2048_file_sniff:
 * @data: (array length=length): the start of a file, or all of it
 * Returns: TRUE when @data begins as TDL2048+ writes a weight file: an
 *   optional 'w', a 0, a table count from 1 to 64 and a first table whose
 *   code is 4.  It says nothing about the rest; lh_tdl2048_file_load_bytes()
 *   checks it all.
 */
gboolean lh_tdl2048_file_sniff (const guint8 *data, gsize length);

/**
 * lh_tdl2048_file_default_stages:
 * @n_stages: the stages of a file
 * Returns: (nullable): the stages a file of @n_stages stages is read with
 *   when none are given, in the notation of lh_ntuple_stages_parse(): ""
 *   for 1, "16384" for 2 and "16384,32768,32768+16384" for 4, the
 *   thresholds of TDL2048+'s README (`-@ 0,16384`, `-@
 *   0,16384,32768,49152`); NULL for other counts, which must be given.
 */
const char *lh_tdl2048_file_default_stages (guint n_stages);

/**
 * lh_tdl2048_file_load_bytes:
 * @data: (array length=length): a whole weight file of TDL2048+
 * @name: the file's name for messages (UTF-8)
 * @stages: (nullable): the stages the network was trained with, in the
 *   notation of lh_ntuple_stages_parse(): TDL2048+'s thresholds after the
 *   leading 0, each a tile or tiles joined by "+" (TDL2048+'s `-@
 *   0,16384,49152` is "16384,32768+16384"); NULL: the default for the
 *   file's stage count (lh_tdl2048_file_default_stages()).  Lookahead's
 *   stage is the board's (the last stage whose tiles the board all holds,
 *   lh-ntuple.h), TDL2048+'s the game's (it moves on when a move first
 *   makes the threshold tile); the two differ only on boards that have
 *   merged the threshold tile away.
 * @info: (out caller-allocates) (optional): receives a name made of the
 *   patterns' name in TDL2048+ ("TDL2048+ 4x6patt"; the cells of patterns
 *   it has no name for, "TDL2048+ 0123 4567 89ab"; then ", stages 16384"
 *   for a staged network), 0 games and empty options; clear it with lh_ntuple_file_info_clear()
 * Reads every table, checks the file's structure as it goes and copies the
 * weights into a new 4x4 network of the file's patterns and stages.  The
 * file's length is checked against every table before any memory is
 * allocated, so a short damaged file never allocates much.
 * Returns: (transfer full) (nullable): the network, or NULL with @error:
 *   LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK when @data does not begin as a
 *   weight file; LH_NTUPLE_FILE_ERROR_DAMAGED (the message starting with
 *   @name and saying what is wrong and at which byte) for a truncated file,
 *   a table that is not a pattern, a length that is not a power of 16, an
 *   element size other than 2, 4 or 8, a weight that is not finite, stages
 *   with different patterns, or more patterns or cells than a network of
 *   Lookahead holds (lh-ntuple.h); G_IO_ERROR_INVALID_ARGUMENT when
 *   @stages is malformed or does not have the file's stage count, or the
 *   file has a stage count with no default and @stages is NULL;
 *   G_IO_ERROR_NO_SPACE when the tables do not fit in memory.
 */
LhNtuple *lh_tdl2048_file_load_bytes (const guint8     *data,
                                      gsize             length,
                                      const char       *name,
                                      const char       *stages,
                                      LhNtupleFileInfo *info,
                                      GError          **error);

/**
 * lh_tdl2048_file_load:
 * @path: (type filename): a weight file of TDL2048+
 * Maps @path and reads it (lh_tdl2048_file_load_bytes()).
 * Returns: (transfer full) (nullable): the network, or NULL with @error:
 *   G_FILE_ERROR when the file cannot be read, else as
 *   lh_tdl2048_file_load_bytes(); every message names the file.
 */
LhNtuple *lh_tdl2048_file_load (const char       *path,
                                const char       *stages,
                                LhNtupleFileInfo *info,
                                GError          **error);

G_END_DECLS
