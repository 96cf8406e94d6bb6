/* lh-test-util.c: helpers shared by the engine and solver tests. */
#include "lh-test-util.h"

#include <glib/gstdio.h>

#include "lh-board-text.h"
#include "lh-game.h"
#include "lh-search-tree.h"
#include "lh-solver.h"

const LhGeometry lh_test_geometries[LH_TEST_N_GEOMETRIES] = {
  { 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 2 }, { 3, 3 }, { 3, 4 }, { 4, 2 }, { 4, 3 }, { 4, 4 },
};

/* A board with a realistic mix: a density drawn per board (from nearly full to
 * nearly empty), many tiles copied from the left or upper neighbour (so that
 * merges are common), a few 32768s (exponent 15) and 16384s, the rest small. */
LhBoard
lh_test_random_board (LhRng *rng, LhGeometry g)
{
  guint empty_percent = 5 + 20 * lh_rng_below (rng, 4);
  guint top = 2 + lh_rng_below (rng, 13);
  int cell[4][4] = { { 0 } };

  for (guint r = 0; r < g.rows; r++)
    for (guint c = 0; c < g.cols; c++)
      {
        guint u = lh_rng_below (rng, 100);
        int e;

        if (u < empty_percent)
          e = 0;
        else
          {
            guint v = lh_rng_below (rng, 100);
            if (v < 30 && c > 0)
              e = cell[r][c - 1];
            else if (v < 45 && r > 0)
              e = cell[r - 1][c];
            else if (v < 52)
              e = 15;
            else if (v < 55)
              e = 14;
            else
              e = 1 + (int) lh_rng_below (rng, top);
          }
        cell[r][c] = e;
      }

  LhBoard board = 0;
  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 4; c++)
      board |= (LhBoard) cell[r][c] << (4 * (4 * r + c));
  return board;
}

/* Builds a board from a rows x cols array of tile values (0 empty). */
LhBoard
lh_test_board_from_values (guint rows, guint cols, const guint *values)
{
  LhBoard board = 0;

  for (guint r = 0; r < rows; r++)
    for (guint c = 0; c < cols; c++)
      {
        guint v = values[r * cols + c];
        guint e = v == 0 ? 0 : (guint) g_bit_nth_lsf (v, -1);
        g_assert_cmpuint (lh_tile_value (e), ==, v);
        board = lh_board_set_cell (board, r, c, e);
      }
  return board;
}

/* Unmounts the FUSE file systems mounted below @path: GTK's document
 * portal (xdg-document-portal, started over D-Bus) mounts one at
 * $XDG_CACHE_HOME/doc when XDG_RUNTIME_DIR is unset, and a GUI test's
 * temporary cache folder would otherwise stay behind, mounted.  Lazy
 * (fusermount -z), errors ignored. */
static void
unmount_fuse_below (const char *path)
{
  g_autofree char *mounts = NULL;
  g_autofree char *prefix = g_strconcat (path, "/", NULL);
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/mounts", &mounts, NULL, NULL))
    return;
  lines = g_strsplit (mounts, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], " ", 4);

      if (g_strv_length (fields) < 3 || !g_str_has_prefix (fields[2], "fuse")
          || !g_str_has_prefix (fields[1], prefix))
        continue;
      for (guint k = 0; k < 2; k++)
        {
          const char *argv[] = { k == 0 ? "fusermount3" : "fusermount", "-u", "-z", fields[1], NULL };
          int status = -1;

          if (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                            | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL)
              && g_spawn_check_wait_status (status, NULL))
            break;
        }
    }
}

void
lh_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  unmount_fuse_below (path);
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        lh_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

LhBoard
lh_test_mid_game_board (LhGeometry g, guint64 seed, guint n_moves, guint64 salt)
{
  g_autoptr (LhGame) game = lh_game_new (g, seed);
  LhRng rng;

  lh_rng_init (&rng, seed ^ salt);
  for (guint i = 0; i < n_moves; i++)
    {
      guint legal = lh_board_legal_moves (lh_game_get_board (game), g);
      guint m;

      if (legal == 0)
        return 0;
      do
        m = lh_rng_below (&rng, 4);
      while (!(legal & (1u << m)));
      lh_game_move (game, (LhMove) m, NULL, NULL);
    }
  return lh_game_is_over (game) ? 0 : lh_game_get_board (game);
}

LhSearchTree *
lh_test_search_record (const char *board_text, guint depth, guint max_nodes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverParams params;
  LhSolverResult result;
  LhBoard board;
  LhGeometry geometry;
  LhSearchTree *tree = lh_search_tree_new (max_nodes);

  g_assert_true (lh_board_parse (board_text, &board, &geometry, &error));
  g_assert_no_error (error);
  lh_solver_params_init_default (&params);
  params.depth = depth;
  params.probability_cutoff = 0;
  params.use_transposition_table = FALSE;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, geometry, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  return tree;
}

void
lh_test_check_record_root (const LhSearchTree *tree, LhBoard board, const LhSolverResult *result)
{
  const LhSearchNode *root = lh_search_tree_get_node (tree, 0);
  guint n_legal = 0, n_children = 0;

  g_assert_cmpuint (root->board, ==, board);
  for (guint m = 0; m < LH_N_MOVES; m++)
    n_legal += result->legal[m] ? 1 : 0;
  for (guint32 c = root->first_child; c != LH_SEARCH_NODE_NONE;
       c = lh_search_tree_get_node (tree, c)->next_sibling)
    {
      const LhSearchNode *child = lh_search_tree_get_node (tree, c);
      g_assert_true (result->legal[child->move]);
      g_assert_cmpfloat (child->value, ==, (float) result->values[child->move]);
      n_children++;
    }
  /* The root's group is kept whenever it fits. */
  if (lh_search_tree_get_max_nodes (tree) >= 1 + n_legal)
    g_assert_cmpuint (n_children, ==, n_legal);
  if (result->move != LH_MOVE_NONE)
    g_assert_cmpfloat (root->value, ==, (float) result->values[result->move]);
}

LhSolver *
lh_test_expectimax_solver_new (guint depth, double cutoff, gboolean table, guint threads,
                               LhSearchTree *tree)
{
  LhSolverParams params;
  g_autoptr (GError) error = NULL;
  LhSolver *solver;

  lh_solver_params_init_default (&params);
  params.depth = depth;
  params.probability_cutoff = cutoff;
  params.use_transposition_table = table;
  params.threads = threads;
  params.tree = tree;
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_nonnull (solver);
  return solver;
}

guint
lh_test_env_uint (const char *name, guint fallback)
{
  const char *text = g_getenv (name);
  guint64 value;

  if (text == NULL || *text == '\0')
    return fallback;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &value, NULL))
    g_error ("%s=%s is not a number", name, text);
  return (guint) value;
}

void
lh_test_write_bytes (const char *path, const guint8 *data, gsize length)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) length, &error));
  g_assert_no_error (error);
}

void
lh_test_resign_sha256 (guint8 *data, gsize length)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize digest_length = 32;

  g_assert_cmpuint (length, >=, 32);
  g_checksum_update (checksum, data, (gssize) (length - 32));
  g_checksum_get_digest (checksum, data + length - 32, &digest_length);
}

LhNtuple *
lh_test_named_network (const char *name, LhGeometry geometry)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  g_autoptr(GError) error = NULL;
  guint n = 0;
  LhNtuple *net;

  g_assert_true (lh_ntuple_shapes_lookup (name, geometry, shapes, &n, &error));
  net = lh_ntuple_new (geometry, shapes, n, &error);
  g_assert_no_error (error);
  return net;
}

typedef struct {
  GCancellable *cancellable;
  guint         delay_ms;
  gint64        cancelled_at;   /* g_get_monotonic_time() of the cancel */
} Canceller;

static gpointer
cancel_after_delay (gpointer data)
{
  Canceller *c = data;

  g_usleep ((gulong) c->delay_ms * 1000);
  c->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (c->cancellable);
  return NULL;
}

gboolean
lh_test_search_cancelled_after (LhSolver *solver, LhBoard board, guint delay_ms,
                                LhSolverResult *result, gint64 *latency_us, GError **error)
{
  Canceller c = { g_cancellable_new (), delay_ms, 0 };
  GThread *thread = g_thread_new ("canceller", cancel_after_delay, &c);
  gboolean ok;
  gint64 returned;

  ok = lh_solver_search (solver, board, LH_GEOMETRY_DEFAULT, c.cancellable, NULL, NULL, result, error);
  returned = g_get_monotonic_time ();
  g_thread_join (thread);
  g_object_unref (c.cancellable);
  *latency_us = returned - c.cancelled_at;
  return ok;
}

void
lh_test_assert_same_subtree (const LhSearchTree *a, guint32 i, const LhSearchTree *b, guint32 j)
{
  const LhSearchNode *x = lh_search_tree_get_node (a, i), *y = lh_search_tree_get_node (b, j);
  guint xr = 99, xc = 99, yr = 99, yc = 99;
  guint32 cx, cy;

  g_assert_cmpuint (x->kind, ==, y->kind);
  g_assert_cmpint (x->move, ==, y->move);
  g_assert_cmpuint (x->ply, ==, y->ply);
  g_assert_cmpint (lh_search_tree_get_spawn (a, x, &xr, &xc), ==, lh_search_tree_get_spawn (b, y, &yr, &yc));
  g_assert_cmpuint (xr, ==, yr);
  g_assert_cmpuint (xc, ==, yc);
  g_assert_cmpuint (x->spawn_exponent, ==, y->spawn_exponent);
  g_assert_cmpfloat (x->probability, ==, y->probability);
  g_assert_cmpfloat (x->value, ==, y->value);
  g_assert_cmpuint (x->flags, ==, y->flags);
  g_assert_cmpuint (x->visits, ==, y->visits);
  lh_assert_cmpwide (lh_search_tree_get_wide_board (a, x), lh_search_tree_get_wide_board (b, y));
  for (cx = x->first_child, cy = y->first_child; cx != LH_SEARCH_NODE_NONE && cy != LH_SEARCH_NODE_NONE;
       cx = lh_search_tree_get_node (a, cx)->next_sibling,
       cy = lh_search_tree_get_node (b, cy)->next_sibling)
    lh_test_assert_same_subtree (a, cx, b, cy);
  g_assert_cmpuint (cx, ==, LH_SEARCH_NODE_NONE);
  g_assert_cmpuint (cy, ==, LH_SEARCH_NODE_NONE);
}
