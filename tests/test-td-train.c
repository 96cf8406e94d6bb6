/* test-td-train.c: TD(0) and TC learning of n-tuple networks (lh-td-train.h):
 * one step moves a value toward its target by the learning rate, TC's rates,
 * one job is deterministic and a resumed run equals an uninterrupted one,
 * progress reports, cancellation, several jobs, restarts from stage 1 of a
 * staged network, a tiny network trained for a few hundred games beats
 * random play, and networks of boards with a side of 5 train on wide
 * boards. */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "lh-board.h"
#include "lh-ntuple.h"
#include "lh-ntuple-file.h"
#include "lh-ntuple-wide.h"
#include "lh-rng.h"
#include "lh-td-train.h"
#include "lh-test-util.h"

static void
assert_same_weights (const LhNtuple *a, const LhNtuple *b, gboolean same)
{
  gboolean equal = TRUE;

  for (guint i = 0; i < lh_ntuple_get_n_shapes (a); i++)
    {
      guint64 n;
      const float *wa = lh_ntuple_get_weights (a, i, &n);
      const float *wb = lh_ntuple_get_weights (b, i, NULL);

      equal = equal && memcmp (wa, wb, n * sizeof (float)) == 0;
    }
  g_assert_cmpint (equal, ==, same);
}

static gboolean
weights_finite_and_trained (const LhNtuple *net)
{
  guint64 nonzero = 0;

  for (guint i = 0; i < lh_ntuple_get_n_shapes (net); i++)
    {
      guint64 n;
      const float *w = lh_ntuple_get_weights (net, i, &n);

      for (guint64 k = 0; k < n; k++)
        {
          if (!isfinite (w[k]))
            return FALSE;
          nonzero += w[k] != 0.0f;
        }
    }
  return nonzero > 0;
}

/* ---- One step ------------------------------------------------------------- */

/* A board of 16 different exponents: all 32 features of a 4x6 network are
 * distinct. */
#define DISTINCT_BOARD 0xfedcba9876543210ULL

static void
test_update_moves_toward_target (void)
{
  static const float alphas[] = { 0.1f, 0.0025f, 1.0f, 0.5f };
  g_autoptr(LhNtuple) net = lh_test_named_network ("4x6", (LhGeometry) { 4, 4 });
  LhBoard board = DISTINCT_BOARD;

  /* Some weights already set, so the value is not 0. */
  lh_ntuple_update (net, board, 3.0f);
  g_assert_cmpfloat (lh_ntuple_evaluate (net, board), ==, 96.0f);
  for (guint i = 0; i < G_N_ELEMENTS (alphas); i++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        float before = lh_ntuple_evaluate (net, board);
        float target = before + sign * 1000.0f * (i + 1);
        float error = lh_td_update (net, NULL, board, target, alphas[i]);
        float after = lh_ntuple_evaluate (net, board);

        g_assert_cmpfloat_with_epsilon (error, target - before, 1e-3);
        g_assert_cmpfloat_with_epsilon (after - before, alphas[i] * (target - before),
                                        1e-5 * fabsf (target) + 1e-3);
      }

  /* With alpha 1 the value reaches the target. */
  lh_td_update (net, NULL, board, 12345.0f, 1.0f);
  g_assert_cmpfloat_with_epsilon (lh_ntuple_evaluate (net, board), 12345.0f, 0.01);

  /* Only the board's own features move: another board keeps its value. */
  {
    LhBoard other = 0x0123456789abcdefULL ^ 0x1111111111111111ULL;
    float before = lh_ntuple_evaluate (net, other);

    lh_td_update (net, NULL, board, 0.0f, 0.5f);
    g_assert_cmpfloat (lh_ntuple_evaluate (net, other), ==, before);
  }
}

static void
test_update_coherence (void)
{
  g_autoptr(LhNtuple) net = lh_test_named_network ("4x6", (LhGeometry) { 4, 4 });
  g_autoptr(GError) error = NULL;
  g_autoptr(LhTdCoherence) tc = lh_td_coherence_new (net, &error);
  LhBoard board = DISTINCT_BOARD;
  float beta = 0.5f, v0, v1, v2, v3, d1, d2, d3, rate;

  g_assert_no_error (error);
  /* Fresh tables: every rate is 1, a TD step. */
  v0 = lh_ntuple_evaluate (net, board);
  lh_td_update (net, tc, board, 100.0f, beta);
  v1 = lh_ntuple_evaluate (net, board);
  g_assert_cmpfloat_with_epsilon (v1 - v0, beta * (100.0f - v0), 1e-3);
  d1 = beta * (100.0f - v0) / 32;
  /* Still 1: one update so far, |E| = A. */
  lh_td_update (net, tc, board, -100.0f, beta);
  v2 = lh_ntuple_evaluate (net, board);
  g_assert_cmpfloat_with_epsilon (v2 - v1, beta * (-100.0f - v1), 1e-3);
  d2 = beta * (-100.0f - v1) / 32;
  /* Now the updates disagree: rate |d1 + d2| / (|d1| + |d2|) < 1. */
  rate = fabsf (d1 + d2) / (fabsf (d1) + fabsf (d2));
  g_assert_cmpfloat (rate, <, 0.5f);
  lh_td_update (net, tc, board, 100.0f, beta);
  v3 = lh_ntuple_evaluate (net, board);
  d3 = beta * (100.0f - v2);
  g_assert_cmpfloat_with_epsilon (v3 - v2, d3 * rate, 1e-3);
  g_assert_cmpfloat (fabsf (v3 - v2), <, 0.5f * fabsf (d3));
}

/* ---- Training runs -------------------------------------------------------- */

static LhNtuple *
train (const char *shapes, LhGeometry g, const LhTdOptions *o)
{
  LhNtuple *net = lh_test_named_network (shapes, g);
  g_autoptr(GError) error = NULL;
  LhTdResult result;

  g_assert_true (lh_td_train (net, NULL, o, NULL, NULL, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.games, ==, o->games);
  g_assert_false (result.cancelled);
  g_assert_cmpuint (result.moves, >, o->games * 50);
  return net;
}

static void
test_deterministic (void)
{
  LhTdOptions o;

  lh_td_options_init (&o);
  o.games = 150;
  o.seed = 7;
  for (guint tc = 0; tc <= 1; tc++)
    {
      g_autoptr(LhNtuple) a = NULL;
      g_autoptr(LhNtuple) b = NULL;
      g_autoptr(LhNtuple) c = NULL;

      o.tc = tc;
      o.alpha = tc ? 1.0 : 0.1;
      o.seed = 7;
      a = train ("lines+squares", (LhGeometry) { 4, 4 }, &o);
      b = train ("lines+squares", (LhGeometry) { 4, 4 }, &o);
      g_assert_true (weights_finite_and_trained (a));
      assert_same_weights (a, b, TRUE);
      o.seed = 8;
      c = train ("lines+squares", (LhGeometry) { 4, 4 }, &o);
      assert_same_weights (a, c, FALSE);
    }
}

/* 100 games, then 100 more resumed from game 100, give the weights of 200
 * games in one run (TD: no TC tables to carry over). */
static void
test_resume_continues (void)
{
  g_autoptr(LhNtuple) whole = NULL;
  g_autoptr(LhNtuple) halves = NULL;
  g_autoptr(GError) error = NULL;
  LhTdOptions o;

  lh_td_options_init (&o);
  o.seed = 11;
  o.games = 200;
  o.alpha_decay = 0.5;
  o.alpha_decay_every = 60;
  whole = train ("lines+squares", (LhGeometry) { 3, 3 }, &o);

  halves = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
  o.games = 100;
  g_assert_true (lh_td_train (halves, NULL, &o, NULL, NULL, NULL, NULL, &error));
  assert_same_weights (whole, halves, FALSE);
  o.start_games = 100;
  g_assert_true (lh_td_train (halves, NULL, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_same_weights (whole, halves, TRUE);

  /* The schedule. */
  g_assert_cmpfloat (lh_td_alpha_at (&o, 59), ==, 0.1);
  g_assert_cmpfloat (lh_td_alpha_at (&o, 60), ==, 0.05);
  g_assert_cmpfloat (lh_td_alpha_at (&o, 199), ==, 0.0125);
}

/* With TC, the same through a weights file that keeps the TC tables
 * (lh-ntuple-file.h, version 2); a run resumed with zeroed tables instead
 * learns differently. */
static void
test_resume_coherence (void)
{
  g_autoptr(LhNtuple) whole = NULL;
  g_autoptr(LhNtuple) half = NULL;
  g_autoptr(LhNtuple) resumed = NULL;
  g_autoptr(LhNtuple) reset = NULL;
  g_autoptr(LhTdCoherence) tc = NULL;
  g_autoptr(LhTdCoherence) loaded_tc = NULL;
  g_autoptr(LhTdCoherence) none = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lh-td-train-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autofree char *plain = NULL;
  LhTdOptions o;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, "half.lhnet", NULL);
  plain = g_build_filename (dir, "plain.lhnet", NULL);

  lh_td_options_init (&o);
  o.seed = 12;
  o.games = 200;
  o.tc = TRUE;
  o.alpha = 1.0;
  whole = train ("lines+squares", (LhGeometry) { 3, 3 }, &o);

  half = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
  tc = lh_td_coherence_new (half, &error);
  g_assert_no_error (error);
  o.games = 100;
  g_assert_true (lh_td_train (half, tc, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_true (lh_ntuple_file_save_full (half, NULL, LH_NTUPLE_FILE_FLOAT32, 0.0, tc, path,
                                           &error));
  g_assert_true (lh_ntuple_file_save (half, NULL, LH_NTUPLE_FILE_FLOAT32, plain, &error));

  resumed = lh_ntuple_file_load_full (path, NULL, &loaded_tc, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded_tc);
  o.start_games = 100;
  g_assert_true (lh_td_train (resumed, loaded_tc, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_same_weights (whole, resumed, TRUE);

  /* A file without the tables: the resumed run starts every rate at 1. */
  reset = lh_ntuple_file_load_full (plain, NULL, &none, &error);
  g_assert_no_error (error);
  g_assert_null (none);
  g_assert_true (lh_td_train (reset, NULL, &o, NULL, NULL, NULL, NULL, &error));
  assert_same_weights (whole, reset, FALSE);

  /* Tables for other shapes, or without TC, are refused. */
  o.tc = FALSE;
  g_assert_false (lh_td_train (reset, loaded_tc, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  o.tc = TRUE;
  {
    g_autoptr(LhNtuple) other = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });

    g_assert_false (lh_td_coherence_fits (loaded_tc, other));
    g_assert_false (lh_td_train (other, loaded_tc, &o, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  lh_test_remove_tree (dir);
}

typedef struct {
  GPtrArray    *points;
  GCancellable *cancel_after_first;
} Reports;

static void
on_progress (const LhTdProgress *p, gpointer user_data)
{
  Reports *reports = user_data;

  g_ptr_array_add (reports->points, g_memdup2 (p, sizeof *p));
  if (reports->cancel_after_first != NULL)
    g_cancellable_cancel (reports->cancel_after_first);
}

static void
test_progress (void)
{
  g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) points = g_ptr_array_new_with_free_func (g_free);
  Reports reports = { points, NULL };
  LhTdResult result;
  LhTdOptions o;
  guint64 moves = 0;

  lh_td_options_init (&o);
  o.games = 230;
  o.report_every = 50;
  o.start_games = 1000;   /* as if resumed */
  g_assert_true (lh_td_train (net, NULL, &o, on_progress, &reports, NULL, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (points->len, ==, 5);
  for (guint i = 0; i < points->len; i++)
    {
      const LhTdProgress *p = points->pdata[i];

      g_assert_cmpuint (p->games, ==, 1000 + MIN (50 * (i + 1), 230));
      g_assert_cmpuint (p->block_games, ==, i < 4 ? 50 : 30);
      g_assert_cmpfloat (p->mean_score, >, 100);
      g_assert_cmpfloat (p->mean_score, <=, (double) p->max_score);
      g_assert_cmpfloat (p->share_2048, >=, p->share_8192);
      g_assert_cmpfloat (p->share_8192, >=, p->share_16384);
      g_assert_cmpfloat (p->share_2048, <=, 1.0);
      g_assert_cmpfloat (p->moves_per_second, >, 0);
      g_assert_cmpfloat (p->games_per_second, >, 0);
      g_assert_cmpfloat (p->alpha, ==, 0.1);
      g_assert_cmpuint (p->moves, >, moves);
      moves = p->moves;
    }
  g_assert_cmpuint (moves, ==, result.moves);

  /* No report asked for: none, not even at the end. */
  g_ptr_array_set_size (points, 0);
  o.report_every = 0;
  o.games = 30;
  g_assert_true (lh_td_train (net, NULL, &o, on_progress, &reports, NULL, &result, &error));
  g_assert_cmpuint (points->len, ==, 0);
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) points = g_ptr_array_new_with_free_func (g_free);
  Reports reports = { points, cancellable };
  g_autoptr(GError) error = NULL;
  LhTdResult result;
  LhTdOptions o;

  for (guint jobs = 1; jobs <= 2; jobs++)
    {
      g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });

      g_cancellable_reset (cancellable);
      g_ptr_array_set_size (points, 0);
      lh_td_options_init (&o);
      o.games = 100000;
      o.report_every = 20;
      o.jobs = jobs;
      g_assert_false (lh_td_train (net, NULL, &o, on_progress, &reports, cancellable, &result, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
      g_assert_true (result.cancelled);
      g_assert_cmpuint (result.games, >=, 20);
      g_assert_cmpuint (result.games, <, 20 + 10 * jobs);
      g_assert_true (weights_finite_and_trained (net));
      /* The first report, then one for the games after it. */
      g_assert_cmpuint (points->len, <=, 2);
    }

  /* Cancelled before it starts: no game, the network untouched. */
  {
    g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 4, 4 });

    g_assert_false (lh_td_train (net, NULL, &o, NULL, NULL, cancellable, &result, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpuint (result.games, ==, 0);
    g_assert_false (weights_finite_and_trained (net));
  }
}

static void
test_jobs (void)
{
  g_autoptr(LhNtuple) net = NULL;
  LhTdOptions o;

  lh_td_options_init (&o);
  o.games = 200;
  o.jobs = 2;
  o.tc = TRUE;
  o.alpha = 1.0;
  net = train ("2x4+2x6", (LhGeometry) { 4, 4 }, &o);
  g_assert_true (weights_finite_and_trained (net));
}

static void
test_options (void)
{
  static const struct {
    const char *field;
    const char *detail;
  } bad[] = {
    { "games", "games" }, { "jobs", "jobs" }, { "jobs-high", "65" }, { "alpha", "alpha" },
    { "alpha-high", "alpha" }, { "alpha-nan", "alpha" }, { "decay", "decay" },
  };
  g_autofree char *text = NULL;
  LhTdOptions o;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LhNtuple) net = lh_test_named_network ("lines+squares", (LhGeometry) { 2, 2 });

      lh_td_options_init (&o);
      if (strcmp (bad[i].field, "games") == 0) o.games = 0;
      if (strcmp (bad[i].field, "jobs") == 0) o.jobs = 0;
      if (strcmp (bad[i].field, "jobs-high") == 0) o.jobs = 65;
      if (strcmp (bad[i].field, "alpha") == 0) o.alpha = 0;
      if (strcmp (bad[i].field, "alpha-high") == 0) o.alpha = 1.5;
      if (strcmp (bad[i].field, "alpha-nan") == 0) o.alpha = NAN;
      if (strcmp (bad[i].field, "decay") == 0) o.alpha_decay = 0;
      g_assert_false (lh_td_options_validate (&o, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      if (strstr (error->message, bad[i].detail) == NULL)
        g_error ("“%s” does not say “%s”", error->message, bad[i].detail);
      g_clear_error (&error);
      g_assert_false (lh_td_train (net, NULL, &o, NULL, NULL, NULL, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }

  lh_td_options_init (&o);
  o.tc = TRUE;
  o.alpha = 0.5;
  o.seed = 42;
  text = lh_td_options_to_string (&o);
  g_assert_cmpstr (text, ==, "alpha=0.5 decay=1 decay-every=0 tc=yes seed=42 jobs=1");

  /* Read back: the settings of a resumed run. */
  {
    g_autoptr(GError) error = NULL;
    LhTdOptions back;

    lh_td_options_init (&back);
    g_assert_true (lh_td_options_apply_text (&back, text, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (back.alpha, ==, 0.5);
    g_assert_true (back.tc);
    g_assert_cmpuint (back.seed, ==, 42);
    g_assert_true (lh_td_options_apply_text (&back, "decay=0.5 decay-every=1000 future=1 odd", &error));
    g_assert_cmpfloat (back.alpha_decay, ==, 0.5);
    g_assert_cmpuint (back.alpha_decay_every, ==, 1000);
    g_assert_false (lh_td_options_apply_text (&back, "alpha=0.2 seed=-3", &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "seed=-3"));
    g_assert_cmpfloat (back.alpha, ==, 0.5);   /* unchanged */
  }
}

/* Restarts from stage 1 (a staged network): more moves for the same games,
 * learned in the later stages; deterministic and resumable as any run; the
 * options text keeps them; refused for a network of one stage. */
static void
test_restarts (void)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint16 tiles[LH_NTUPLE_MAX_STAGES];
  g_autoptr(GError) error = NULL;
  g_autoptr(LhNtuple) plain = NULL;
  g_autoptr(LhNtuple) staged = NULL;
  g_autoptr(LhNtuple) again = NULL;
  g_autoptr(LhNtuple) halves = NULL;
  LhTdResult without, with;
  guint n = 0, n_stages = 0;
  LhTdOptions o;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", (LhGeometry) { 3, 3 }, shapes, &n, NULL));
  /* 64 comes in most games of a 3x3 board. */
  g_assert_true (lh_ntuple_stages_parse ("64", tiles, &n_stages, NULL));
  lh_td_options_init (&o);
  o.seed = 8;
  o.games = 200;
  o.report_every = 0;

  plain = lh_test_named_network ("lines+squares", (LhGeometry) { 3, 3 });
  o.restarts = 2;
  g_assert_false (lh_td_train (plain, NULL, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "staged"));
  g_clear_error (&error);

  staged = lh_ntuple_new_staged ((LhGeometry) { 3, 3 }, shapes, n, tiles, n_stages, NULL);
  o.restarts = 0;
  g_assert_true (lh_td_train (staged, NULL, &o, NULL, NULL, NULL, &without, &error));
  g_clear_pointer (&staged, lh_ntuple_unref);
  staged = lh_ntuple_new_staged ((LhGeometry) { 3, 3 }, shapes, n, tiles, n_stages, NULL);
  o.restarts = 2;
  g_assert_true (lh_td_train (staged, NULL, &o, NULL, NULL, NULL, &with, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (with.games, ==, 200);
  /* The restarts add moves: at least a move each, for most games. */
  g_assert_cmpuint (with.moves, >, without.moves + 200);

  /* The same run again, and in two halves: the same weights. */
  again = lh_ntuple_new_staged ((LhGeometry) { 3, 3 }, shapes, n, tiles, n_stages, NULL);
  g_assert_true (lh_td_train (again, NULL, &o, NULL, NULL, NULL, NULL, &error));
  assert_same_weights (staged, again, TRUE);
  halves = lh_ntuple_new_staged ((LhGeometry) { 3, 3 }, shapes, n, tiles, n_stages, NULL);
  o.games = 120;
  g_assert_true (lh_td_train (halves, NULL, &o, NULL, NULL, NULL, NULL, &error));
  o.start_games = 120;
  o.games = 80;
  g_assert_true (lh_td_train (halves, NULL, &o, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_same_weights (staged, halves, TRUE);

  /* The options text. */
  {
    g_autofree char *text = lh_td_options_to_string (&o);
    LhTdOptions back;

    g_assert_nonnull (strstr (text, " restarts=2"));
    lh_td_options_init (&back);
    g_assert_true (lh_td_options_apply_text (&back, text, &error));
    g_assert_cmpuint (back.restarts, ==, 2);
    g_assert_false (lh_td_options_apply_text (&back, "restarts=17", &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_clear_error (&error);
    back.restarts = LH_TD_MAX_RESTARTS + 1;
    g_assert_false (lh_td_options_validate (&back, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

/* ---- Learning ----------------------------------------------------------------- */

/* A game of uniformly random legal moves, its spawns from @seed as
 * lh_td_play()'s. */
static guint64
random_game (LhGeometry g, guint64 seed, guint64 move_seed)
{
  LhRng rng, moves;
  LhBoard board;
  guint64 score = 0;

  lh_rng_init (&rng, seed);
  lh_rng_init (&moves, move_seed);
  board = lh_board_spawn (0, g, &rng);
  board = lh_board_spawn (board, g, &rng);
  for (;;)
    {
      guint legal = lh_board_legal_moves (board, g), n = __builtin_popcount (legal), pick;
      guint32 points;
      LhMove m = 0;

      if (n == 0)
        break;
      pick = lh_rng_below (&moves, n);
      for (guint k = 0; k < LH_N_MOVES; k++)
        if (legal & (1u << k) && pick-- == 0)
          m = (LhMove) k;
      board = lh_board_spawn (lh_board_move (board, g, m, &points), g, &rng);
      score += points;
    }
  return score;
}

static void
test_beats_random (void)
{
  LhGeometry g = { 4, 4 };
  g_autoptr(LhNtuple) untrained = lh_test_named_network ("lines+squares", g);
  g_autoptr(LhNtuple) net = NULL;
  double random_mean = 0, untrained_mean = 0, trained_mean = 0;
  guint reached_1024 = 0;
  LhTdOptions o;

  lh_td_options_init (&o);
  o.games = 500;
  o.seed = 3;
  net = train ("lines+squares", g, &o);

  for (guint i = 0; i < 100; i++)
    {
      guint64 seed = 1000000 + i;
      guint max_exponent;

      random_mean += random_game (g, seed, seed * 3) / 100.0;
      untrained_mean += lh_td_play (untrained, seed, NULL, NULL) / 100.0;
      trained_mean += lh_td_play (net, seed, &max_exponent, NULL) / 100.0;
      reached_1024 += max_exponent >= 10;
    }
  g_test_message ("mean score over 100 games: random %.0f, greedy on points %.0f, "
                  "trained 500 games %.0f (1024 in %u)",
                  random_mean, untrained_mean, trained_mean, reached_1024);
  g_assert_cmpfloat (trained_mean, >, 2.0 * random_mean);
  g_assert_cmpfloat (trained_mean, >, 1.3 * untrained_mean);
}

/* ---- Wide networks --------------------------------------------------------- */

/* A greedy game of a wide network played by hand: the wide board's move and
 * spawn, lh_ntuple_evaluate_wide(), the first of equal moves; the spawns
 * drawn from @seed as lh_td_play() draws them. */
static guint64
greedy_game_by_hand (const LhNtuple *net, guint64 seed, guint *max_exponent, guint64 *moves)
{
  LhGeometry g = lh_ntuple_get_geometry (net);
  guint64 score = 0;
  LhWideBoard board;
  LhRng rng;

  lh_rng_init (&rng, seed);
  board = lh_wide_board_spawn (lh_wide_board_spawn (0, g, &rng), g, &rng);
  for (*moves = 0;; (*moves)++)
    {
      LhWideBoard best_after = board;
      guint64 best_points = 0;
      float best = -INFINITY;

      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          guint64 points = 0;
          LhWideBoard after = lh_wide_board_move (board, g, (LhMove) m, &points);
          float value;

          if (after == board)
            continue;
          value = lh_ntuple_evaluate_wide (net, after) + (float) points;
          if (value > best)
            {
              best = value;
              best_after = after;
              best_points = points;
            }
        }
      if (best_after == board)
        break;
      score += best_points;
      board = lh_wide_board_spawn (best_after, g, &rng);
    }
  *max_exponent = lh_wide_board_max_exponent (board);
  return score;
}

/* A network of a board with a side of 5 trains on wide boards: one job is
 * deterministic, it learns (beats its untrained self), and its games are
 * the greedy games of the wide board's rules. */
static void
test_wide (void)
{
  LhGeometry g = { 3, 5 };
  g_autoptr(LhNtuple) a = NULL;
  g_autoptr(LhNtuple) b = NULL;
  g_autoptr(LhNtuple) c = NULL;
  g_autoptr(LhNtuple) untrained = lh_test_named_network ("lines+squares", g);
  double untrained_mean = 0, trained_mean = 0;
  LhTdOptions o;

  lh_td_options_init (&o);
  o.games = 2000;
  o.seed = 7;
  a = train ("lines+squares", g, &o);
  b = train ("lines+squares", g, &o);
  g_assert_true (lh_ntuple_is_wide (a));
  g_assert_true (weights_finite_and_trained (a));
  assert_same_weights (a, b, TRUE);
  o.seed = 8;
  o.tc = TRUE;
  o.alpha = 1.0;
  c = train ("lines+squares", g, &o);
  g_assert_true (weights_finite_and_trained (c));
  assert_same_weights (a, c, FALSE);

  for (guint i = 0; i < 40; i++)
    {
      guint64 seed = 5000 + i, moves, hand_moves;
      guint max_exponent, hand_max;
      guint64 score = lh_td_play (a, seed, &max_exponent, &moves);

      g_assert_cmpuint (score, ==, greedy_game_by_hand (a, seed, &hand_max, &hand_moves));
      g_assert_cmpuint (moves, ==, hand_moves);
      g_assert_cmpuint (max_exponent, ==, hand_max);
      trained_mean += score / 40.0;
      untrained_mean += lh_td_play (untrained, seed, NULL, NULL) / 40.0;
    }
  g_test_message ("3x5, mean score over 40 games: greedy on points %.0f, trained 2000 games %.0f",
                  untrained_mean, trained_mean);
  g_assert_cmpfloat (trained_mean, >, 1.3 * untrained_mean);

  /* 5x5: a short run; its games are the hand-played ones too. */
  {
    g_autoptr(LhNtuple) five = NULL;
    guint64 moves, hand_moves;
    guint max_exponent, hand_max;

    o.games = 20;
    o.tc = FALSE;
    o.alpha = 0.1;
    five = train ("lines+squares", (LhGeometry) { 5, 5 }, &o);
    g_assert_cmpuint (lh_td_play (five, 99, &max_exponent, &moves), ==,
                      greedy_game_by_hand (five, 99, &hand_max, &hand_moves));
    g_assert_cmpuint (moves, ==, hand_moves);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/td-train/update-moves-toward-target", test_update_moves_toward_target);
  g_test_add_func ("/td-train/update-coherence", test_update_coherence);
  g_test_add_func ("/td-train/deterministic", test_deterministic);
  g_test_add_func ("/td-train/wide", test_wide);
  g_test_add_func ("/td-train/resume-continues", test_resume_continues);
  g_test_add_func ("/td-train/resume-coherence", test_resume_coherence);
  g_test_add_func ("/td-train/progress", test_progress);
  g_test_add_func ("/td-train/cancel", test_cancel);
  g_test_add_func ("/td-train/jobs", test_jobs);
  g_test_add_func ("/td-train/options", test_options);
  g_test_add_func ("/td-train/restarts", test_restarts);
  g_test_add_func ("/td-train/beats-random", test_beats_random);
  return g_test_run ();
}
