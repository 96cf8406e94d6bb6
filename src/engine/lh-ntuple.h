/* lh-ntuple.h: an n-tuple network, the learned evaluation of an afterstate.
 *
 * An n-tuple network (W. Bledsoe and I. Browning 1959; for 2048 M. Szubert
 * and W. Jaśkowski, "Temporal difference learning of n-tuple networks for
 * the game 2048", IEEE CIG 2014) values a board as a sum of table look-ups.
 * A shape (an n-tuple) is a list of n board cells; its table holds one
 * weight per combination of the exponents on those cells: 16^n weights.
 * Each shape is applied to every symmetric image of the board (8 on a
 * square board: the identity, the three turns, the four reflections; 4 on
 * a rectangular one: the identity, the two flips and the half turn), and
 * every image of a shape shares the shape's one table, so the value is the
 * same for a board and its images.  Each (shape, symmetry) pair is a
 * feature: the value is the sum of n_shapes x n_symmetries weights.
 *
 * A feature's index: for a shape of cells c_0 ... c_{n-1} under symmetry
 * s, index = sum over k of exponent(s(c_k)) << 4k, where s(c) is the cell
 * that symmetry s maps c to.  Cells are numbered stride x row + col, the
 * stride lh_geometry_cell_stride() of the geometry: on boards of 2 to 4 rows
 * and columns 4 (nibble indices, as in lh-board.h, whatever the geometry),
 * on a board with a side of 5 (a wide network, lh_ntuple_is_wide()) 5 (the
 * cells of lh-wide-board.h, LH_WIDE_CELL()).  A wide network values wide
 * boards only, through lh-ntuple-wide.h; the functions here that take an
 * LhBoard are for networks of 2 to 4 rows and columns.  Either kind holds
 * 16 values a cell (exponents 0 to 15): a tile past 32768 is downgraded
 * (lh-ntuple-wide.h).
 *
 * Stages (multi-stage TD learning, K.-H. Yeh, I-C. Wu et al., "Multistage
 * temporal difference learning for 2048-like games", IEEE TCIAIG 2017; W.
 * Jaśkowski 2018's "multi-stage weight promotion"): a network may hold
 * several sets of weights, one per stage of the game, and values a board
 * with the set of the board's stage.  Stage 0 is the default; stage k
 * (k >= 1) is a set of tiles, and a board is in the last stage whose tiles
 * it all holds (Yeh et al.'s three stages: "16384" and "16384+8192").  The
 * stage only moves the feature indices: feature (shape, symmetry) of a
 * board in stage k reads entry k x 16^n + index of its shape's table,
 * which holds n_stages x 16^n weights; so every index a function below
 * gives already names the stage, and a trainer's tables of the same shape
 * need nothing else.  A network trained with one stage is staged by
 * lh_ntuple_new_promoted(), which copies its weights into every stage (the
 * weight promotion of both papers, done at once), so that the staged
 * network begins with the values of the one it came from.
 *
 * Units: the value of an afterstate is the expected number of points still
 * to score from it (the training target of lh-td-train.h), so a search
 * adds each move's points along a path; a board with no legal move is
 * worth 0.
 *
 * Memory (float32 weights, 4 bytes each; named sets, lh_ntuple_shapes_lookup()):
 *   "4x6"           four 6-tuples: 4 x 16^6 weights = 256 MiB
 *   "8x6"           eight 6-tuples: 8 x 16^6 weights = 512 MiB
 *   "2x4+2x6"       two 4-tuples and two 6-tuples: 2 x 16^4 + 2 x 16^6
 *                   weights = 128.5 MiB
 *   "lines+squares" on 4x4 five 4-tuples: 5 x 16^4 weights = 1.25 MiB; on
 *                   smaller boards fewer and shorter tuples (at most 1 MiB)
 * A staged network holds this once per stage.  Training with temporal
 * coherence (lh-td-train.h) needs two more tables of the same size.
 *
 * Thread safety: a network is reference counted (atomically).  Evaluation
 * only reads and may run on any number of threads.  lh_ntuple_update()
 * writes without locks: several threads may update one network at once
 * (see there); a network being played with is never updated.
 */
#pragma once

#include <glib.h>

#include "lh-board.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/** Most cells in one shape. */
#define LH_NTUPLE_MAX_CELLS 8
/** Most shapes in one network. */
#define LH_NTUPLE_MAX_SHAPES 16
/** Most symmetries of a geometry (a square board's 8). */
#define LH_NTUPLE_MAX_SYMMETRIES 8
/** Most stages of a network (lh_ntuple_new_staged()). */
#define LH_NTUPLE_MAX_STAGES 4
/** Most weights in one network, all shapes and stages together: 2^28 (1 GiB of float32). */
#define LH_NTUPLE_MAX_WEIGHTS ((guint64) 1 << 28)

/**
 * LhNtupleShape:
 * @n_cells: 1 to LH_NTUPLE_MAX_CELLS
 * @cells: the cells, each stride x row + col (lh_geometry_cell_stride():
 *   a nibble index 4 x row + col on boards up to 4x4); the k-th cell's
 *   exponent is the k-th hexadecimal digit (from the least significant) of
 *   the feature's index
 */
typedef struct {
  guint8 n_cells;
  guint8 cells[LH_NTUPLE_MAX_CELLS];
} LhNtupleShape;

/* One (shape, symmetry) pair; in the header only so that the evaluation
 * inlines.  Private: use the functions below. */
typedef struct {
  float *weights;                       /* the shape's table, shared */
  guint32 stage_stride;                 /* 16^n_cells: one stage's entries */
  guint8 n_cells;
  guint8 shifts[LH_NTUPLE_MAX_CELLS];   /* 4 * transformed cell, per k */
} LhNtupleFeature;

typedef struct _LhNtuple LhNtuple;

/* In the header only for the inline functions; private. */
struct _LhNtuple {
  guint           n_features;           /* n_shapes * n_symmetries */
  LhNtupleFeature features[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
  LhGeometry      geometry;
  guint           n_shapes;
  guint           n_symmetries;
  LhNtupleShape   shapes[LH_NTUPLE_MAX_SHAPES];
  float          *tables[LH_NTUPLE_MAX_SHAPES];
  guint64         n_entries[LH_NTUPLE_MAX_SHAPES];
  gatomicrefcount ref_count;
  /* lh_ntuple_evaluate_batch()'s implementation, chosen by lh_ntuple_new(),
   * and the shapes' cell masks for its BMI2 one. */
  void          (*evaluate_batch) (const struct _LhNtuple *, const LhBoard *, guint, float *,
                                   guint32 *);
  guint64         masks[LH_NTUPLE_MAX_SHAPES];
  /* Stages: stage_tiles[k] (k >= 1) has bit e set for each tile 2^e that
   * stage k needs; stage_tiles[0] is 0. */
  guint           n_stages;
  guint16         stage_tiles[LH_NTUPLE_MAX_STAGES];
  /* A network of a geometry with a side of 5: its features read wide
   * boards, at wide_shifts (5 x the transformed wide cell, per feature and
   * cell); every network has them, so that lh-ntuple-wide.c may read a
   * wide board with any network. */
  gboolean        wide;
  guint8          wide_shifts[LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES][LH_NTUPLE_MAX_CELLS];
};

/**
 * lh_ntuple_new:
 * @geometry: a board of 2 to 5 rows and columns (lh_wide_geometry_is_valid());
 *   with a side of 5 the network is wide (lh_ntuple_is_wide())
 * @shapes: (array length=n_shapes): the shapes, copied
 * Builds a network with every weight 0.  The tables come from
 * lh_ntuple_table_alloc(): their pages are only committed when written.
 * Returns: (transfer full) (nullable): the network, or NULL with @error
 *   (G_IO_ERROR_INVALID_ARGUMENT) when @geometry is not a board size, when
 *   there are no shapes or more than LH_NTUPLE_MAX_SHAPES, when a shape has
 *   no cell or more than LH_NTUPLE_MAX_CELLS, a cell outside @geometry or
 *   the same cell twice, or when the network would hold more than
 *   LH_NTUPLE_MAX_WEIGHTS weights; the message names the shape (counted
 *   from 1) and the cell.  G_IO_ERROR_NO_SPACE when the memory cannot be
 *   allocated.
 */
LhNtuple *lh_ntuple_new (LhGeometry           geometry,
                         const LhNtupleShape *shapes,
                         guint                n_shapes,
                         GError             **error);

/**
 * lh_ntuple_new_staged:
 * @stage_tiles: (array length=n_stages): entry k (k >= 1) the tiles of
 *   stage k, bit e set for the tile 2^e (e from 1 to 15); entry 0 is
 *   ignored.  NULL when @n_stages is 1.
 * @n_stages: 1 to LH_NTUPLE_MAX_STAGES
 * As lh_ntuple_new(), with @n_stages sets of weights (see Stages above):
 * n_stages times the memory.  Errors as lh_ntuple_new(), and
 * G_IO_ERROR_INVALID_ARGUMENT for a stage with no tile, a tile outside 2 to
 * 32768, or two stages with the same tiles.
 */
LhNtuple *lh_ntuple_new_staged (LhGeometry           geometry,
                                const LhNtupleShape *shapes,
                                guint                n_shapes,
                                const guint16       *stage_tiles,
                                guint                n_stages,
                                GError             **error);

/**
 * lh_ntuple_new_promoted:
 * @base: a network of one stage
 * @stage_tiles: (array length=n_stages): as lh_ntuple_new_staged()
 * Builds a staged network of @base's shapes whose every stage holds a copy
 * of @base's weights (weight promotion: each stage begins where the
 * one-stage network is, and learns apart from then on), so it values every
 * board as @base does.
 * Returns: (transfer full) (nullable): the network, or NULL with @error:
 *   G_IO_ERROR_INVALID_ARGUMENT when @base already has stages, else as
 *   lh_ntuple_new_staged().
 */
LhNtuple *lh_ntuple_new_promoted (const LhNtuple *base,
                                  const guint16  *stage_tiles,
                                  guint           n_stages,
                                  GError        **error);

/**
 * lh_ntuple_stages_parse:
 * @text: the stages after stage 0, separated by commas, each its tiles
 *   joined by "+", for example "16384,16384+8192" (Yeh et al.'s three
 *   stages); "" or "none" for one stage
 * @stage_tiles: (out caller-allocates): receives the stages' tiles, entry 0
 *   set to 0
 * @n_stages: (out): receives 1 + the number of stages in @text
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT, the message
 *   naming the word that is wrong) for a tile that is not a power of two
 *   from 2 to 32768, an empty stage, two stages with the same tiles, or
 *   more than LH_NTUPLE_MAX_STAGES stages in all.
 */
gboolean lh_ntuple_stages_parse (const char *text,
                                 guint16     stage_tiles[LH_NTUPLE_MAX_STAGES],
                                 guint      *n_stages,
                                 GError    **error);

/**
 * lh_ntuple_stages_to_string:
 * Returns: (transfer full): @net's stages in the notation of
 *   lh_ntuple_stages_parse(), tiles in descending order ("" for one stage).
 */
char *lh_ntuple_stages_to_string (const LhNtuple *net);

/** lh_ntuple_get_n_stages: 1, or the number of stages of a staged network. */
guint lh_ntuple_get_n_stages (const LhNtuple *net);

/**
 * lh_ntuple_get_stage_tiles:
 * Returns: the tiles of stage @stage (1 to n_stages - 1) as a bit mask, bit
 *   e for the tile 2^e; 0 for stage 0.
 */
guint16 lh_ntuple_get_stage_tiles (const LhNtuple *net, guint stage);

/**
 * lh_ntuple_stage:
 * Returns: the stage whose weights value @board: the last stage k >= 1
 *   whose tiles @board all holds, else 0.  A few operations a stage
 *   (lh_board_has_exponent()); 0 at once for a network of one stage.
 */
static inline guint
lh_ntuple_stage (const LhNtuple *net, LhBoard board)
{
  for (guint k = net->n_stages - 1; k > 0; k--)
    {
      guint tiles = net->stage_tiles[k];
      gboolean all = TRUE;

      for (; tiles != 0 && all; tiles &= tiles - 1)
        all = lh_board_has_exponent (board, (guint) __builtin_ctz (tiles));
      if (all)
        return k;
    }
  return 0;
}

/** lh_ntuple_ref: adds a reference (atomically). Returns: @net. */
LhNtuple *lh_ntuple_ref (LhNtuple *net);
/** lh_ntuple_unref: drops a reference; the last one frees the tables. */
void lh_ntuple_unref (LhNtuple *net);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhNtuple, lh_ntuple_unref)

/**
 * lh_ntuple_shapes_lookup:
 * @name: a name from lh_ntuple_shape_names()
 * @geometry: the board the network is for
 * @shapes: (out caller-allocates): receives the shapes
 * @n_shapes: (out): receives their number
 * The named shape sets:
 *   "4x6"      (4x4 and 5x5) the four 6-tuples of K.-H. Yeh et al., "Multistage
 *              temporal difference learning for 2048-like games" (IEEE
 *              TCIAIG 2017, arXiv 2016), TDL2048's "4x6patt" ("khyeh"): cells 0 1 2 3 4 5 / 4 5 6 7 8 9 / 0 1 2 4 5 6 /
 *              4 5 6 8 9 10 (hexadecimal: "012345 456789 012456 45689a").
 *              256 MiB.  On 5x5 the same forms (our placing; no paper
 *              trains 5x5 that we know of): the edge row with the first
 *              cell of the next row, the second row with the first of the
 *              third, the corner 2x3 and the 2x3 below it, in 5x5 cells
 *              "012345 56789a 012567 567abc".  256 MiB.
 *   "8x6"      (4x4 only) moporgic/TDL2048's "8x6patt" (after K. Matsuzaki):
 *              "012456 456789 012345 234569 01259a 345678 134567 01489a".
 *              512 MiB.
 *   "2x4+2x6"  (4x4 only) the shape of Szubert and Jaśkowski 2014's network,
 *              two straight 4-tuples and two 2x3 rectangles (2 x 16^4 +
 *              2 x 16^6 weights, as the papers citing it count them), placed
 *              as TDL2048 places them ("2x4patt" and 4x6's rectangles): the
 *              outer and the inner row, and rows 0-1 and 1-2 of columns 0-2:
 *              "0123 4567 012456 45689a".  128.5 MiB.
 *   "lines+squares"  (every geometry) a small quick network: the rows
 *              (those of the top half; by symmetry they stand for the
 *              others), on a rectangular board also the columns of the left
 *              half, and the 2x2 squares up to symmetry.  On 4x4 it is
 *              TDL2048's "5x4patt": "0123 4567 0145 1256 569a", 1.25 MiB;
 *              on 2x2 one 2-tuple and one 4-tuple; on 5x5 three 5-cell
 *              rows and three 2x2 squares, "01234 56789 abcde 0156 1267
 *              67bc", 12.75 MiB.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) when @name is
 *   unknown or does not fit @geometry; the message lists the names.
 */
gboolean lh_ntuple_shapes_lookup (const char    *name,
                                  LhGeometry     geometry,
                                  LhNtupleShape  shapes[LH_NTUPLE_MAX_SHAPES],
                                  guint         *n_shapes,
                                  GError       **error);

/** lh_ntuple_shape_names: (transfer none): the names, NULL-terminated. */
const char *const *lh_ntuple_shape_names (void);

/**
 * lh_ntuple_shape_to_string:
 * Returns: (transfer full): @shape's cells as digits, for example "012456"
 *   (the notation of moporgic/TDL2048): hexadecimal on boards up to 4x4,
 *   and on 5x5, whose cells run to 24, the digits 0-9 then a-o (cell 10 is
 *   "a", cell 24 "o"), the cells stride x row + col of
 *   lh_geometry_cell_stride().
 */
char *lh_ntuple_shape_to_string (const LhNtupleShape *shape);

/**
 * lh_ntuple_shape_describe:
 * @geometry: the board the shape is read on
 * Returns: (transfer full): @shape by its form and place, translated, for
 *   people: "Edge row", "Inner row of 3", "Corner 2×3", "Edge 2×2",
 *   "Corner shape of 6" (a shape that is not a rectangle).  A
 *   network reads each shape in all 8 orientations of the board, so a row
 *   stands for the columns too and a corner for all four.  Two shapes can
 *   read alike ("Corner shape of 6"); lh_evaluator_get_term_name() tells
 *   them apart.
 */
char *lh_ntuple_shape_describe (const LhNtupleShape *shape, LhGeometry geometry);

/**
 * lh_ntuple_is_wide:
 * Returns: TRUE when @net's geometry has a side of 5: it values wide boards
 *   only (lh-ntuple-wide.h), never an LhBoard.
 */
gboolean lh_ntuple_is_wide (const LhNtuple *net);

/** lh_ntuple_get_geometry: the geometry @net evaluates. */
LhGeometry lh_ntuple_get_geometry (const LhNtuple *net);
/** lh_ntuple_get_n_shapes: the number of shapes. */
guint lh_ntuple_get_n_shapes (const LhNtuple *net);
/** lh_ntuple_get_shape: (transfer none): shape @index (0-based). */
const LhNtupleShape *lh_ntuple_get_shape (const LhNtuple *net, guint index);
/** lh_ntuple_get_n_symmetries: 8 on a square geometry, 4 otherwise. */
guint lh_ntuple_get_n_symmetries (const LhNtuple *net);
/** lh_ntuple_get_n_features: shapes x symmetries, the look-ups per evaluation. */
guint lh_ntuple_get_n_features (const LhNtuple *net);

/**
 * lh_ntuple_get_weights:
 * @n_entries: (out) (optional): the table's length, n_stages x 16^n_cells
 * Returns: (transfer none): shape @index's weight table, indexed by the
 *   feature index above (stage k's part from entry k x 16^n_cells); writable (for the file reader and the trainer,
 *   never while the network is being played with).
 */
float *lh_ntuple_get_weights (const LhNtuple *net, guint index, guint64 *n_entries);

/** lh_ntuple_get_n_weights: the weights of every shape and stage together. */
guint64 lh_ntuple_get_n_weights (const LhNtuple *net);

/**
 * lh_ntuple_set_initial_value:
 * @value: the value every board is to have, in points
 * Optimistic initialisation (Guei, Chen and Wu, "Optimistic Temporal
 * Difference Learning for 2048", IEEE Transactions on Games 14(3), 2022;
 * TDL2048+'s "-n 4x6patt=320000/norm"): sets every weight of every stage to
 * @value / lh_ntuple_get_n_features(), so that every board, which sums one
 * weight per feature, is worth @value until training moves it.  For a new
 * network: it commits all of its tables' memory (lh_ntuple_get_memory()),
 * and a saved file no longer skips untouched weights.
 */
void lh_ntuple_set_initial_value (LhNtuple *net, double value);

/** lh_ntuple_get_memory: bytes of the weight tables (4 per weight). */
gsize lh_ntuple_get_memory (const LhNtuple *net);

/**
 * lh_ntuple_table_alloc:
 * Returns: (transfer full) (nullable): @n_entries floats, all 0, or NULL when
 *   they cannot be allocated.  From 2 MiB on, the table is mapped on its
 *   own, 2 MiB-aligned and advised for transparent huge pages (Linux), so
 *   that random look-ups miss the TLB less; pages are only committed when
 *   written.  For the network's tables and a trainer's tables of the same
 *   shape.  Free with lh_ntuple_table_free().
 */
float *lh_ntuple_table_alloc (guint64 n_entries);
/** lh_ntuple_table_free: frees a table of @n_entries from lh_ntuple_table_alloc(); NULL is allowed. */
void lh_ntuple_table_free (float *table, guint64 n_entries);

/**
 * lh_ntuple_feature_index:
 * Returns: the index of @feature (an element of net->features) on @board
 *   in stage 0's part of the table; add @stage x feature->stage_stride for
 *   stage @stage (lh_ntuple_stage()).
 */
static inline guint32
lh_ntuple_feature_index (const LhNtupleFeature *feature, LhBoard board)
{
  guint32 index = 0;

  for (guint k = 0; k < feature->n_cells; k++)
    index |= (guint32) ((board >> feature->shifts[k]) & 0xf) << (4 * k);
  return index;
}

/**
 * lh_ntuple_evaluate:
 * @afterstate: a board of the network's geometry (after a move, before the
 *   spawn)
 * Returns: the sum of the weights of every feature of @afterstate, in
 *   points still to score.  n_features look-ups, summed in a fixed order
 *   (feature i into running sum i mod 4, then (s0 + s1) + (s2 + s3)), so
 *   the same board gives the same float on every run and every path.  The
 *   weights are read with relaxed atomic loads (plain loads on x86-64 and
 *   ARM64), so an evaluation may run while another thread trains the
 *   network.
 */
static inline float
lh_ntuple_evaluate (const LhNtuple *net, LhBoard afterstate)
{
  float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
  guint stage = lh_ntuple_stage (net, afterstate);

  /* n_features is a multiple of 4 (the symmetries): four running sums,
   * added as a tree, so that the additions overlap. */
  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];
      float w;

      __atomic_load (&f->weights[lh_ntuple_feature_index (f, afterstate) + stage * f->stage_stride],
                     &w, __ATOMIC_RELAXED);
      sum[i % 4] += w;
    }
  return (sum[0] + sum[1]) + (sum[2] + sum[3]);
}

/**
 * lh_ntuple_evaluate_indices:
 * @indices: (out caller-allocates): n_features entries: feature f's index
 *   into the table of shape f / n_symmetries (lh_ntuple_get_weights()), in
 *   the part of @afterstate's stage
 * The same value as lh_ntuple_evaluate(), also giving each feature's index,
 * so that a trainer updates the weights it has just read without
 * computing their indices again.
 */
static inline float
lh_ntuple_evaluate_indices (const LhNtuple *net, LhBoard afterstate, guint32 *indices)
{
  float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
  guint stage = lh_ntuple_stage (net, afterstate);

  for (guint i = 0; i < net->n_features; i++)
    {
      const LhNtupleFeature *f = &net->features[i];
      float w;

      indices[i] = lh_ntuple_feature_index (f, afterstate) + stage * f->stage_stride;
      __atomic_load (&f->weights[indices[i]], &w, __ATOMIC_RELAXED);
      sum[i % 4] += w;
    }
  return (sum[0] + sum[1]) + (sum[2] + sum[3]);
}

/**
 * lh_ntuple_evaluate_batch:
 * @boards: (array length=n): 1 to 4 afterstates (a state's moves)
 * @values: (out caller-allocates): n values, each the float
 *   lh_ntuple_evaluate() gives, bit for bit
 * @indices: (out caller-allocates): n x n_features indices, board by board,
 *   as lh_ntuple_evaluate_indices() gives them
 * Evaluates several boards at once for a trainer or a search's player node:
 * every index first, then every look-up, so that the look-ups' cache misses
 * overlap.  On a 4x4 network whose shapes list their cells in ascending
 * order, on a CPU with BMI2, an index is one PEXT on a turned or flipped
 * copy of the board (as moporgic/TDL2048 does) instead of a loop over the
 * cells; LOOKAHEAD_NO_BMI2 in the environment when the network is made
 * keeps the loop (for tests and comparisons).
 */
static inline void
lh_ntuple_evaluate_batch (const LhNtuple *net, const LhBoard *boards, guint n, float *values,
                          guint32 *indices)
{
  net->evaluate_batch (net, boards, n, values, indices);
}

/**
 * lh_ntuple_sum_indices:
 * Returns: the value of the board whose feature indices are @indices (from
 *   lh_ntuple_evaluate_indices() or _batch()) with the weights as they are
 *   now: the same float as lh_ntuple_evaluate() of that board.
 */
static inline float
lh_ntuple_sum_indices (const LhNtuple *net, const guint32 *indices)
{
  float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };

  for (guint i = 0; i < net->n_features; i++)
    {
      float w;

      __atomic_load (&net->features[i].weights[indices[i]], &w, __ATOMIC_RELAXED);
      sum[i % 4] += w;
    }
  return (sum[0] + sum[1]) + (sum[2] + sum[3]);
}

/**
 * lh_ntuple_update:
 * @delta: added to each feature's weight
 * Adds @delta to the weight of every feature of @afterstate (in its
 * stage's weights), so its value
 * moves by @delta x n_features when its features are distinct (a weight
 * that two features share moves twice, and counts twice).  For a TD step of
 * size alpha towards a target, the caller passes alpha x error /
 * n_features (the per-weight step of Szubert and Jaśkowski 2014, whose
 * learning rate is per weight: pass alpha x error then).
 *
 * No lock (Hogwild, B. Recht et al. 2011; W. Jaśkowski 2018 trains 2048's
 * n-tuple networks so on many threads): each weight is read and written
 * with relaxed atomic operations, so threads updating the same network
 * never tear a float, but two updates of one weight at the same instant may
 * lose one of them.  With 16^6 entries per table such collisions are rare
 * and only add noise to a stochastic process.
 */
void lh_ntuple_update (LhNtuple *net, LhBoard afterstate, float delta);

/**
 * lh_ntuple_contributions:
 * @per_shape: (out caller-allocates): n_shapes entries: the sum of each
 *   shape's features over the symmetries (in @board's stage), in points;
 *   they add up to
 *   lh_ntuple_evaluate() (in double; the float sum may differ in its last
 *   bits).  For the breakdown.
 */
void lh_ntuple_contributions (const LhNtuple *net, LhBoard board, double *per_shape);

/**
 * lh_ntuple_cell_values:
 * @cells: (out caller-allocates): 16 entries, cell (r, c) at 4 * r + c (0
 *   outside the geometry): each feature's weight shared equally among the
 *   n cells it reads on @board (its cells mapped through its symmetry), in
 *   points; they add up to the value.  For the heat map.
 */
void lh_ntuple_cell_values (const LhNtuple *net, LhBoard board, double cells[16]);

G_END_DECLS
