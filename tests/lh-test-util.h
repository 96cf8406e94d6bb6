/* lh-test-util.h: helpers shared by the engine and solver tests. */
#pragma once

#include <glib.h>
#include "lh-board.h"
#include "lh-rng.h"

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
 * lh_test_remove_tree:
 * Deletes @path and everything below it (a test's temporary directory);
 * errors are ignored.
 */
void lh_test_remove_tree (const char *path);
