/* lh-ntuple-file.h: an n-tuple network's weights file, and its save and load.
 *
 * A trained network (lh-ntuple.h) is saved once by the trainer
 * (lh-td-train.h, `lookahead-cli train`) and loaded by every solver that
 * evaluates with it.  The file names its shapes, so it is all a loader
 * needs.
 *
 * Format, versions 1 to 3.  Every number is little-endian; u8/u32/u64
 * are unsigned integers of that many bits, s16 a two's complement 16-bit
 * integer, f32/f64 IEEE 754 single and double numbers.  Version 2 is
 * version 1 with a second compressed section, the TC tables of a run of
 * temporal coherence learning (lh-td-train.h), so that training resumed
 * from the file learns as an uninterrupted run; a file without them is
 * written as version 1, byte for byte as before version 2 existed.
 * Version 3 is version 2 with a stage block, for a staged network
 * (lh-ntuple.h, Stages; multi-stage TD learning); a network of one stage
 * is written as version 1 or 2, as before.
 *
 *   offset  size  field
 *        0     8  magic "LHNTUPL\0"
 *        8     4  u32 version: 1, 2 with TC tables, 3 staged (TC tables
 *                 or not)
 *       12     1  u8 rows (2 to 4)
 *       13     1  u8 cols (2 to 4)
 *       14     1  u8 n_shapes (1 to LH_NTUPLE_MAX_SHAPES = 16)
 *       15     1  u8 encoding (LhNtupleFileEncoding: 0 float32, 1 int16)
 *       16     8  f64 rules: the probability that a spawned tile is a 4
 *                 (else a 2): 0.1, the only rules Lookahead plays
 *       24     8  u64 training games (LhNtupleFileInfo.games)
 *       32     8  u64 training moves (LhNtupleFileInfo.moves)
 *       40     4  u32 options_length: bytes of the training options text
 *       44     4  u32 name_length: bytes of the name
 *       48  9 n_shapes  the shapes, each u8 n_cells (1 to 8) and 8 u8 cells
 *                 (nibble indices 4 * row + col, lh-ntuple.h; the cells past
 *                 n_cells are 0)
 *        …  4 n_shapes  f32 scale of each shape: 0 in a float32 file; in an
 *                 int16 file a weight is its s16 times its shape's scale
 *   version 3 only:
 *        …     4  u32 n_stages (2 to LH_NTUPLE_MAX_STAGES = 4)
 *        …  4 (n_stages - 1)  u32 tiles of each stage from stage 1: bit e
 *                 set for each tile 2^e the stage needs (bits 1 to 15;
 *                 lh_ntuple_new_staged())
 *   every version:
 *        …  options_length  the training options, UTF-8 (no NUL; at most
 *                 64 KiB), for example "alpha=0.1 tc=no jobs=2 seed=1"
 *        …  name_length  the name, UTF-8 (no NUL; at most 1 KiB)
 *        …     8  u64 compressed_length
 *        …  compressed_length  a zlib stream (RFC 1950; any level: the
 *                 writer uses 1 for float32, 6 for int16) of the weights:
 *                 shape 0's table in index order (16^n_cells entries,
 *                 lh-ntuple.h; n_stages x 16^n_cells in a staged network,
 *                 stage 0's part first), then shape 1's, and so on, each
 *                 entry an f32 (float32) or an s16 (int16)
 *   versions 2 and 3:
 *        …     8  u64 coherence_length
 *        …  coherence_length  a zlib stream of the TC tables, all f32:
 *                 shape 0's E table then its A table (lh-td-train.h; each
 *                 as many entries as its weights table, in index order, A
 *                 never negative),
 *                 then shape 1's, and so on; 0 bytes: no TC tables
 *        …    32  a SHA-256 of every byte before it
 *
 * Encodings: float32 keeps every weight exactly (4 x16^6 B = 256 MiB a
 * 6-tuple before compression).  int16 stores q = round(w / scale) with
 * scale = max |w| of the shape / 32767, so a loaded weight differs from
 * the saved one by at most scale / 2 = max |w| / 65534 (plus float
 * rounding, a relative 2^-23): half the size before compression, and far
 * smaller after it, for the network that ships.  Untrained entries stay 0
 * in both, and compress to almost nothing.
 */
#pragma once

#include <gio/gio.h>
#include "lh-ntuple.h"
#include "lh-td-train.h"

G_BEGIN_DECLS

#define LH_NTUPLE_FILE_MAGIC "LHNTUPL"
/* The newest version this Lookahead reads and writes. */
#define LH_NTUPLE_FILE_VERSION 3
/* Conventional file name extension, without the dot. */
#define LH_NTUPLE_FILE_EXTENSION "lhnet"
/* Longest training options text and name, in bytes. */
#define LH_NTUPLE_FILE_MAX_OPTIONS (64 << 10)
#define LH_NTUPLE_FILE_MAX_NAME 1024

#define LH_NTUPLE_FILE_ERROR (lh_ntuple_file_error_quark ())
GQuark lh_ntuple_file_error_quark (void);

/**
 * LhNtupleFileError:
 * @LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK: the file does not start with the
 *   magic, or is shorter than the fixed header (an empty file, too)
 * @LH_NTUPLE_FILE_ERROR_VERSION: a version this reader does not know (a
 *   newer Lookahead wrote it)
 * @LH_NTUPLE_FILE_ERROR_DAMAGED: the file is truncated, its checksum does
 *   not match, or its content is inconsistent: a bad geometry, shape,
 *   encoding, scale or rules, text that is not UTF-8, weights that do not
 *   decompress to exactly the shapes' tables, a weight that is not finite
 */
typedef enum {
  LH_NTUPLE_FILE_ERROR_NOT_A_NETWORK,
  LH_NTUPLE_FILE_ERROR_VERSION,
  LH_NTUPLE_FILE_ERROR_DAMAGED,
} LhNtupleFileError;

/**
 * LhNtupleFileEncoding:
 * @LH_NTUPLE_FILE_FLOAT32: every weight as it is
 * @LH_NTUPLE_FILE_INT16: 16-bit weights with a scale per shape (see above)
 */
typedef enum {
  LH_NTUPLE_FILE_FLOAT32 = 0,
  LH_NTUPLE_FILE_INT16 = 1,
} LhNtupleFileEncoding;

/**
 * LhNtupleFileInfo:
 * @games: training games the weights have seen
 * @moves: training moves (afterstates learned from)
 * @options: (nullable): the training options, as text
 * @name: (nullable): a name for people
 * What the file says about the network beyond its weights.  Filled by
 * lh_ntuple_file_load() with strings it allocates (never NULL there: "" when
 * the file has none); free them with lh_ntuple_file_info_clear().
 */
typedef struct {
  guint64 games;
  guint64 moves;
  char   *options;
  char   *name;
} LhNtupleFileInfo;

/** lh_ntuple_file_info_clear: frees @info's strings and sets them to NULL. */
void lh_ntuple_file_info_clear (LhNtupleFileInfo *info);

/**
 * lh_ntuple_file_to_bytes:
 * @info: (nullable): what to record (NULL: 0 games, no text)
 * Encodes @net in the format above.  Compressing a 4x6 network (256 MiB)
 * takes a few seconds, less the more of it is still 0.
 * Returns: (transfer full) (nullable): the file's bytes, or NULL with
 *   @error (G_IO_ERROR_INVALID_ARGUMENT) when @info's text is too long or
 *   not UTF-8, or a weight is not finite.
 */
GBytes *lh_ntuple_file_to_bytes (const LhNtuple         *net,
                                 const LhNtupleFileInfo *info,
                                 LhNtupleFileEncoding    encoding,
                                 GError                **error);

/** Coarsest step of 16-bit weights lh_ntuple_file_to_bytes_full() takes, in points. */
#define LH_NTUPLE_FILE_MAX_QUANTUM 1000.0

/**
 * lh_ntuple_file_to_bytes_full:
 * @coherence: (nullable): TC tables made for @net's shapes, saved with it
 *   (a version 2 file, 3 for a staged network; float32 whatever
 *   @encoding, so up to twice the size of a float32 network's weights
 *   again); NULL: none (version 1, or 3 for a staged network)
 * @quantum: with @encoding INT16, the step of the weights in points: a
 *   shape's scale is the larger of @quantum and max |w| / 32767 (0: always
 *   the latter, as lh_ntuple_file_to_bytes()), so each weight is saved
 *   within @quantum / 2 of its value.  A coarser step makes far smaller
 *   files, since most weights of a trained network are small: the
 *   2x4+2x6 network trained 60,000 games with TC takes 11.7 MB at the finest
 *   step and 8.3 MB at 8 points, and plays the same (benchmarks/README.md).
 *   Ignored for FLOAT32.
 * As lh_ntuple_file_to_bytes(); also G_IO_ERROR_INVALID_ARGUMENT for a
 * @quantum that is negative, not finite or above LH_NTUPLE_FILE_MAX_QUANTUM.
 * The file format is the same: the step is the shapes' scale.
 */
GBytes *lh_ntuple_file_to_bytes_full (const LhNtuple         *net,
                                      const LhNtupleFileInfo *info,
                                      LhNtupleFileEncoding    encoding,
                                      double                  quantum,
                                      const LhTdCoherence    *coherence,
                                      GError                **error);

/**
 * lh_ntuple_file_save:
 * @path: (type filename): the file to write
 * Writes @net (lh_ntuple_file_to_bytes()) atomically and durably
 * (g_file_set_contents_full(), CONSISTENT | DURABLE): a failure or a crash
 * leaves any old file as it was.
 * Returns: FALSE with @error (G_FILE_ERROR, the message naming the file; or
 *   as lh_ntuple_file_to_bytes()) when it cannot be written.
 */
gboolean lh_ntuple_file_save (const LhNtuple         *net,
                              const LhNtupleFileInfo *info,
                              LhNtupleFileEncoding    encoding,
                              const char             *path,
                              GError                **error);

/**
 * lh_ntuple_file_load_bytes:
 * @data: (array length=length): a whole file's bytes
 * @name: the file's name for messages (a display name, UTF-8)
 * @info: (out caller-allocates) (optional): receives what the file says
 *   (clear it with lh_ntuple_file_info_clear())
 * Checks the magic, the version, the length, the checksum and everything
 * the format requires, in that order, and decodes the network.  Before
 * allocating the tables it checks that they can come from the compressed
 * length (zlib expands at most 1032 times), so a small damaged file never
 * allocates much.
 * The TC tables of a version 2 or 3 file are checked by the checksum and
 * skipped.
 * A weight file of moporgic/TDL2048+ (lh_tdl2048_file_sniff()) is read by
 * lh_tdl2048_file_load_bytes() with its default stages, so every loader of
 * networks (the CLI's --weights, the window's Choose…) takes both; such a
 * file has no TC tables, 0 games and a name made of its patterns.
 * Returns: (transfer full) (nullable): the network, or NULL with @error:
 *   LH_NTUPLE_FILE_ERROR_* whose message starts with @name and says what
 *   is wrong; G_IO_ERROR_NO_SPACE when the tables do not fit in memory.
 */
LhNtuple *lh_ntuple_file_load_bytes (const guint8     *data,
                                     gsize             length,
                                     const char       *name,
                                     LhNtupleFileInfo *info,
                                     GError          **error);

/**
 * lh_ntuple_file_load_bytes_full:
 * @coherence: (out) (optional) (transfer full) (nullable): receives the
 *   file's TC tables (lh_td_coherence_free()), or NULL when it has none (a
 *   version 1 file, or one saved without them); set only on success.
 *   Decoding them takes twice the network's memory again (the A entries
 *   are checked to be finite and not negative, the E entries finite)
 * As lh_ntuple_file_load_bytes(), and the TC tables too.
 */
LhNtuple *lh_ntuple_file_load_bytes_full (const guint8     *data,
                                          gsize             length,
                                          const char       *name,
                                          LhNtupleFileInfo *info,
                                          LhTdCoherence   **coherence,
                                          GError          **error);

/**
 * lh_ntuple_file_set_error:
 * @code: the kind of damage
 * @name: the file's name for messages (UTF-8)
 * @format: a printf format, already translated
 * Sets @error to LH_NTUPLE_FILE_ERROR @code with the message "NAME: ...",
 * as every reader of network files words its errors (this one and
 * lh-tdl2048-file.h).
 * Returns: NULL, for a reader to return.
 */
gpointer lh_ntuple_file_set_error (GError           **error,
                                   LhNtupleFileError  code,
                                   const char        *name,
                                   const char        *format,
                                   ...) G_GNUC_PRINTF (4, 5);

/**
 * lh_ntuple_file_map:
 * @path: (type filename): a file to read
 * @name: (out) (transfer full): the file's display name, for messages
 * Maps @path read-only, for the readers of network files.
 * Returns: (transfer full) (nullable): the mapping, or NULL with @error
 *   (G_FILE_ERROR, GLib's message naming the file; *@name then NULL).
 */
GMappedFile *lh_ntuple_file_map (const char  *path,
                                 char       **name,
                                 GError     **error);

/** The shipped network's file name in the networks folder. */
#define LH_NTUPLE_FILE_SHIPPED_NAME "default.lhnet"

/**
 * lh_ntuple_file_get_network_dir:
 * Returns: (type filename) (transfer none): the folder of the shipped
 *   networks: the environment variable LOOKAHEAD_NETWORK_DIR when set and
 *   not empty (an uninstalled build, the tests), else NETWORKDIR
 *   (share/lookahead/networks of the installation).
 */
const char *lh_ntuple_file_get_network_dir (void);

/**
 * lh_ntuple_file_get_shipped_path:
 * Returns: (type filename) (transfer full): the shipped network,
 *   LH_NTUPLE_FILE_SHIPPED_NAME in lh_ntuple_file_get_network_dir() (the
 *   file may not exist).
 */
char *lh_ntuple_file_get_shipped_path (void);

/**
 * lh_ntuple_file_load:
 * @path: (type filename): a file written by lh_ntuple_file_save()
 * Maps @path and decodes it (lh_ntuple_file_load_bytes()).  A 4x6 file
 * loads in about a second.
 * Returns: (transfer full) (nullable): the network, or NULL with @error:
 *   G_FILE_ERROR when the file cannot be read, else as
 *   lh_ntuple_file_load_bytes(); every message names the file.
 */
LhNtuple *lh_ntuple_file_load (const char       *path,
                               LhNtupleFileInfo *info,
                               GError          **error);

/**
 * lh_ntuple_file_load_full:
 * @coherence: (out) (optional) (transfer full) (nullable): as
 *   lh_ntuple_file_load_bytes_full()
 * As lh_ntuple_file_load(), and the file's TC tables, for resuming a run.
 */
LhNtuple *lh_ntuple_file_load_full (const char       *path,
                                    LhNtupleFileInfo *info,
                                    LhTdCoherence   **coherence,
                                    GError          **error);

/**
 * lh_ntuple_file_save_full:
 * As lh_ntuple_file_save(), with the step of 16-bit weights and the TC
 * tables of lh_ntuple_file_to_bytes_full().
 */
gboolean lh_ntuple_file_save_full (const LhNtuple         *net,
                                   const LhNtupleFileInfo *info,
                                   LhNtupleFileEncoding    encoding,
                                   double                  quantum,
                                   const LhTdCoherence    *coherence,
                                   const char             *path,
                                   GError                **error);

G_END_DECLS
