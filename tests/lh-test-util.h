/* lh-test-util.h: helpers shared by the engine and solver tests. */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-wide-board.h"
#include "lh-rng.h"
#include "lh-ntuple.h"
#include "lh-solver.h"

#define LH_TEST_N_GEOMETRIES 9

/** Every board size, 2x2 to 4x4, in reading order. */
extern const LhGeometry lh_test_geometries[LH_TEST_N_GEOMETRIES];

/**
 * lh_test_random_board:
 * A board inside @g with a realistic mix: a density drawn per board, many
 * tiles copied from a neighbour (so merges are common), a few 32768s and
 * 16384s, the rest small.  Deterministic for a given @rng state.
 */
LhBoard lh_test_random_board (LhRng *rng, LhGeometry g);

/**
 * lh_test_board_from_values:
 * Builds a board from a @rows x @cols array of tile values (0 empty); aborts
 * the test on a value that is not a power of two.
 */
LhBoard lh_test_board_from_values (guint rows, guint cols, const guint *values);

/**
 * lh_test_env_uint:
 * Returns: the environment variable @name as an unsigned number (a test's
 *   setting, such as LH_SOAK_EVENTS), or @fallback when it is unset or
 *   empty; aborts the test when it is not a number.
 */
guint lh_test_env_uint (const char *name, guint fallback);

/**
 * lh_test_remove_tree:
 * Deletes @path and everything below it (a test's temporary directory),
 * unmounting first any FUSE file system mounted below it (the document
 * portal's); errors are ignored.
 */
void lh_test_remove_tree (const char *path);

/**
 * lh_test_mid_game_board:
 * A position @n_moves random legal moves into a game from @seed (the moves
 * drawn from a generator seeded with @seed ^ @salt), or 0 when the game ended.
 */
LhBoard lh_test_mid_game_board (LhGeometry g, guint64 seed, guint n_moves, guint64 salt);

typedef struct _LhSearchTree LhSearchTree;

/**
 * lh_test_search_record:
 * Returns: (transfer full): the record of a real expectimax search of
 *   @board_text at @depth (probability cutoff 0, no transposition table),
 *   with a budget of @max_nodes; aborts the test on any error.
 */
LhSearchTree *lh_test_search_record (const char *board_text, guint depth, guint max_nodes);

/**
 * lh_test_check_record_root:
 * Asserts that the record @tree of a search of @board holds @result at its
 * root: the root's children are the legal moves, each valued exactly as in
 * @result (as floats), all of them when the record has room, and the root
 * the chosen move's value.
 */
void lh_test_check_record_root (const LhSearchTree *tree, LhBoard board,
                                const LhSolverResult *result);

/**
 * lh_test_expectimax_solver_new:
 * Returns: (transfer full): an expectimax solver (Balanced) of @depth with
 *   probability @cutoff, the transposition table on or off, @threads and
 *   the record @tree (nullable); aborts the test on an error.
 */
LhSolver *lh_test_expectimax_solver_new (guint depth, double cutoff, gboolean table,
                                         guint threads, LhSearchTree *tree);

/**
 * lh_test_write_bytes:
 * Writes @length bytes of @data to @path (a test's damaged file); fails
 * the test when it cannot.
 */
void lh_test_write_bytes (const char *path, const guint8 *data, gsize length);

/**
 * lh_test_resign_sha256:
 * Recomputes the SHA-256 in the last 32 bytes of @data (over every byte
 * before them), so that a damaged file passes its checksum and the loader's
 * other checks are what reject it (the exact-solution and network files).
 */
void lh_test_resign_sha256 (guint8 *data, gsize length);

/**
 * lh_test_named_network:
 * Returns: (transfer full): a new n-tuple network of the named shape set
 *   (lh_ntuple_shapes_lookup()) for @geometry, every weight 0; aborts the
 *   test when the name does not fit
 */
LhNtuple *lh_test_named_network (const char *name, LhGeometry geometry);

/**
 * lh_test_search_cancelled_after:
 * Runs lh_solver_search() of @board on the 4x4 board with @solver, no
 * progress callback, and cancels it from another thread @delay_ms after
 * the start.  @result and @error are lh_solver_search()'s.
 * @latency_us: (out): the time from the cancel to the search's return, in
 *   microseconds (negative when the search came back before the cancel)
 * Returns: what lh_solver_search() returned
 */
gboolean lh_test_search_cancelled_after (LhSolver       *solver,
                                         LhBoard         board,
                                         guint           delay_ms,
                                         LhSolverResult *result,
                                         gint64         *latency_us,
                                         GError        **error);

/**
 * lh_assert_cmpwide:
 * g_assert_cmphex() for two LhWideBoard values (which g_assert_cmphex()
 * would cut to 64 bits): fails with both in hex when they differ.
 */
#define lh_assert_cmpwide(a, b)                                                         \
  G_STMT_START {                                                                        \
    LhWideBoard lh_a_ = (a), lh_b_ = (b);                                               \
    if (lh_a_ != lh_b_)                                                                 \
      {                                                                                 \
        char *lh_m_ = g_strdup_printf ("assertion failed (%s == %s): "                 \
                                       "(0x%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x == " \
                                       "0x%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x)", \
                                       #a, #b, (guint64) (lh_a_ >> 64), (guint64) lh_a_, \
                                       (guint64) (lh_b_ >> 64), (guint64) lh_b_);       \
        g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, lh_m_);       \
        g_free (lh_m_);                                                                 \
      }                                                                                 \
  } G_STMT_END

/**
 * lh_test_assert_same_subtree:
 * Fails the test unless @a's node @i and @b's node @j, and their subtrees,
 * hold the same search: kinds, moves, plies, spawns (row, column, tile),
 * probabilities, values, visits, flags and boards (read as wide boards, so
 * a 64-bit record compares with a wide one), children in the same order.
 */
void lh_test_assert_same_subtree (const LhSearchTree *a, guint32 i, const LhSearchTree *b,
                                  guint32 j);
