/* lh-td-train.c: TD(0) and TC learning of an n-tuple network (see lh-td-train.h). */
#include "lh-td-train.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "lh-board.h"
#include "lh-ntuple-wide.h"
#include "lh-parallel.h"
#include "lh-rng.h"

/* Moves between two looks at the GCancellable. */
#define CANCEL_CHECK_MOVES 256
/* Tile exponents of the shares: 2048, 8192, 16384. */
#define EXP_2048 11
#define EXP_8192 13
#define EXP_16384 14

#define MAX_FEATURES (LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES)

/* ---- Options -------------------------------------------------------------- */

void
lh_td_options_init (LhTdOptions *options)
{
  *options = (LhTdOptions) {
    .games = 1000,
    .seed = 1,
    .jobs = 1,
    .alpha = 0.1,
    .alpha_decay = 1.0,
    .alpha_decay_every = 0,
    .tc = FALSE,
    .start_games = 0,
    .report_every = 1000,
  };
}

gboolean
lh_td_options_validate (const LhTdOptions *options, GError **error)
{
  if (options->games == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The number of training games must be 1 or more"));
      return FALSE;
    }
  if (options->jobs < 1 || options->jobs > LH_TD_MAX_JOBS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The number of training jobs must be 1 to %d, not %u"), LH_TD_MAX_JOBS,
                   options->jobs);
      return FALSE;
    }
  if (!(options->alpha > 0.0 && options->alpha <= 1.0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The learning rate alpha must be more than 0 and at most 1, not %g"),
                   options->alpha);
      return FALSE;
    }
  if (!(options->alpha_decay > 0.0 && options->alpha_decay <= 1.0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The learning rate's decay must be more than 0 and at most 1, not %g"),
                   options->alpha_decay);
      return FALSE;
    }
  if (options->restarts > LH_TD_MAX_RESTARTS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The number of restarts from stage 1 must be 0 to %d, not %u"),
                   LH_TD_MAX_RESTARTS, options->restarts);
      return FALSE;
    }
  if (options->games > G_MAXUINT64 - options->start_games)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Too many training games"));
      return FALSE;
    }
  return TRUE;
}

char *
lh_td_options_to_string (const LhTdOptions *options)
{
  char alpha[G_ASCII_DTOSTR_BUF_SIZE], decay[G_ASCII_DTOSTR_BUF_SIZE];
  GString *text = g_string_new (NULL);

  g_ascii_formatd (alpha, sizeof alpha, "%g", options->alpha);
  g_ascii_formatd (decay, sizeof decay, "%g", options->alpha_decay);
  g_string_printf (text, "alpha=%s decay=%s decay-every=%" G_GUINT64_FORMAT
                   " tc=%s seed=%" G_GUINT64_FORMAT " jobs=%u",
                   alpha, decay, options->alpha_decay_every, options->tc ? "yes" : "no",
                   options->seed, options->jobs);
  /* Only when set, so that files of runs without restarts read as before. */
  if (options->restarts > 0)
    g_string_append_printf (text, " restarts=%u", options->restarts);
  return g_string_free (text, FALSE);
}

static gboolean
parse_real (const char *value, double *out)
{
  char *end = NULL;

  *out = g_ascii_strtod (value, &end);
  return end != value && *end == '\0' && isfinite (*out);
}

gboolean
lh_td_options_apply_text (LhTdOptions *options, const char *text, GError **error)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  LhTdOptions o = *options;

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *eq = strchr (words[i], '=');
      g_autofree char *key = NULL;
      const char *value;
      gboolean ok = TRUE;

      if (words[i][0] == '\0' || eq == NULL)
        continue;
      key = g_strndup (words[i], (gsize) (eq - words[i]));
      value = eq + 1;
      if (strcmp (key, "alpha") == 0)
        ok = parse_real (value, &o.alpha);
      else if (strcmp (key, "decay") == 0)
        ok = parse_real (value, &o.alpha_decay);
      else if (strcmp (key, "decay-every") == 0)
        ok = g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &o.alpha_decay_every, NULL);
      else if (strcmp (key, "seed") == 0)
        ok = g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &o.seed, NULL);
      else if (strcmp (key, "restarts") == 0)
        {
          guint64 restarts = 0;

          ok = g_ascii_string_to_unsigned (value, 10, 0, LH_TD_MAX_RESTARTS, &restarts, NULL);
          o.restarts = (guint) restarts;
        }
      else if (strcmp (key, "tc") == 0)
        {
          ok = strcmp (value, "yes") == 0 || strcmp (value, "no") == 0;
          o.tc = strcmp (value, "yes") == 0;
        }
      if (!ok)
        {
          g_autofree char *valid = g_utf8_make_valid (words[i], -1);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Malformed training option “%s”"), valid);
          return FALSE;
        }
    }
  *options = o;
  return TRUE;
}

double
lh_td_alpha_at (const LhTdOptions *options, guint64 game)
{
  if (options->alpha_decay_every == 0 || options->alpha_decay == 1.0)
    return options->alpha;
  return options->alpha * pow (options->alpha_decay, (double) (game / options->alpha_decay_every));
}

/* ---- Temporal coherence ----------------------------------------------------- */

struct _LhTdCoherence {
  guint  n_shapes;
  float *e[LH_NTUPLE_MAX_SHAPES];   /* sum of updates */
  float *a[LH_NTUPLE_MAX_SHAPES];   /* sum of their absolute values */
  guint64 n_entries[LH_NTUPLE_MAX_SHAPES];
};

void
lh_td_coherence_free (LhTdCoherence *tc)
{
  if (tc == NULL)
    return;
  for (guint i = 0; i < tc->n_shapes; i++)
    {
      lh_ntuple_table_free (tc->e[i], tc->n_entries[i]);
      lh_ntuple_table_free (tc->a[i], tc->n_entries[i]);
    }
  g_free (tc);
}

LhTdCoherence *
lh_td_coherence_new (const LhNtuple *net, GError **error)
{
  g_autoptr(LhTdCoherence) tc = g_new0 (LhTdCoherence, 1);

  tc->n_shapes = lh_ntuple_get_n_shapes (net);
  for (guint i = 0; i < tc->n_shapes; i++)
    {
      guint64 n;

      lh_ntuple_get_weights (net, i, &n);
      tc->n_entries[i] = n;
      tc->e[i] = lh_ntuple_table_alloc (n);
      tc->a[i] = lh_ntuple_table_alloc (n);
      if (tc->e[i] == NULL || tc->a[i] == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("Not enough memory for temporal coherence learning (%lu MiB)"),
                       (unsigned long) (2 * lh_ntuple_get_memory (net) >> 20));
          return NULL;
        }
    }
  return g_steal_pointer (&tc);
}

LhTdCoherence *
lh_td_coherence_new_promoted (const LhTdCoherence *base, const LhNtuple *staged, GError **error)
{
  g_autoptr(LhTdCoherence) tc = NULL;
  guint n_stages;

  g_return_val_if_fail (base != NULL && staged != NULL, NULL);

  n_stages = lh_ntuple_get_n_stages (staged);
  if (base->n_shapes != lh_ntuple_get_n_shapes (staged))
    goto mismatch;
  for (guint i = 0; i < base->n_shapes; i++)
    {
      guint64 n;

      lh_ntuple_get_weights (staged, i, &n);
      if (n != base->n_entries[i] * n_stages)
        goto mismatch;
    }
  tc = lh_td_coherence_new (staged, error);
  if (tc == NULL)
    return NULL;
  for (guint i = 0; i < tc->n_shapes; i++)
    for (guint k = 0; k < n_stages; k++)
      {
        memcpy (tc->e[i] + k * base->n_entries[i], base->e[i], base->n_entries[i] * sizeof (float));
        memcpy (tc->a[i] + k * base->n_entries[i], base->a[i], base->n_entries[i] * sizeof (float));
      }
  return g_steal_pointer (&tc);

mismatch:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("These temporal coherence tables are not those of the staged network’s shapes"));
  return NULL;
}

gboolean
lh_td_coherence_fits (const LhTdCoherence *tc, const LhNtuple *net)
{
  g_return_val_if_fail (tc != NULL && net != NULL, FALSE);

  if (tc->n_shapes != lh_ntuple_get_n_shapes (net))
    return FALSE;
  for (guint i = 0; i < tc->n_shapes; i++)
    {
      guint64 n;

      lh_ntuple_get_weights (net, i, &n);
      if (n != tc->n_entries[i])
        return FALSE;
    }
  return TRUE;
}

guint64
lh_td_coherence_get_tables (const LhTdCoherence *tc, guint shape, float **e, float **a)
{
  g_return_val_if_fail (tc != NULL && shape < tc->n_shapes, 0);

  if (e != NULL)
    *e = tc->e[shape];
  if (a != NULL)
    *a = tc->a[shape];
  return tc->n_entries[shape];
}

static inline float
load_relaxed (const float *p)
{
  float v;

  __atomic_load (p, &v, __ATOMIC_RELAXED);
  return v;
}

static inline void
store_relaxed (float *p, float v)
{
  __atomic_store (p, &v, __ATOMIC_RELAXED);
}

/* ---- One step ------------------------------------------------------------- */

/* The tables of each feature: feature f reads shape f / n_symmetries. */
typedef struct {
  guint  n_features;
  float *weights[MAX_FEATURES];
  float *e[MAX_FEATURES];
  float *a[MAX_FEATURES];
} Tables;

static void
tables_init (Tables *t, LhNtuple *net, LhTdCoherence *tc)
{
  guint n_symmetries = lh_ntuple_get_n_symmetries (net);

  t->n_features = lh_ntuple_get_n_features (net);
  for (guint f = 0; f < t->n_features; f++)
    {
      guint shape = f / n_symmetries;

      t->weights[f] = lh_ntuple_get_weights (net, shape, NULL);
      t->e[f] = tc != NULL ? tc->e[shape] : NULL;
      t->a[f] = tc != NULL ? tc->a[shape] : NULL;
    }
}

/* Moves the value of the afterstate whose feature indices are @index
 * toward @target; returns the error before the step. */
static inline float
td_step (const LhNtuple *net, const Tables *t, gboolean tc, const guint32 *index, float target,
         float alpha)
{
  float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
  float error, delta;

  /* lh_ntuple_sum_indices(), the same additions in the same order, from
   * the tables in @t. */
  for (guint f = 0; f < t->n_features; f++)
    sum[f % 4] += load_relaxed (&t->weights[f][index[f]]);
  error = target - ((sum[0] + sum[1]) + (sum[2] + sum[3]));
  delta = alpha * error / (float) t->n_features;

  if (!tc)
    for (guint f = 0; f < t->n_features; f++)
      {
        float *w = &t->weights[f][index[f]];

        store_relaxed (w, load_relaxed (w) + delta);
      }
  else
    for (guint f = 0; f < t->n_features; f++)
      {
        float *w = &t->weights[f][index[f]];
        float *e = &t->e[f][index[f]], *a = &t->a[f][index[f]];
        float ev = load_relaxed (e), av = load_relaxed (a);
        float rate = av > 0.0f ? fabsf (ev) / av : 1.0f;

        store_relaxed (w, load_relaxed (w) + delta * rate);
        store_relaxed (e, ev + delta);
        store_relaxed (a, av + fabsf (delta));
      }
  return error;
}

float
lh_td_update (LhNtuple *net, LhTdCoherence *tc, LhBoard afterstate, float target, float alpha)
{
  guint32 index[MAX_FEATURES];
  Tables t;

  g_return_val_if_fail (net != NULL, 0.0f);
  tables_init (&t, net, tc);
  lh_ntuple_evaluate_indices (net, afterstate, index);
  return td_step (net, &t, tc != NULL, index, target, alpha);
}

/* ---- Games ---------------------------------------------------------------- */

/* The greedy move of @board: the legal move with the largest points plus
 * afterstate value (the first of equals), its afterstates evaluated
 * together (lh_ntuple_evaluate_batch()).  Returns FALSE when no move is
 * legal; else sets *after, *points, *value (points + V(after)) and
 * @index, the chosen afterstate's feature indices. */
static inline gboolean
greedy_move_narrow (const LhNtuple *net, LhBoard board, LhGeometry g, LhBoard *after,
                    guint64 *points, float *value, guint32 *index)
{
  guint32 indices[LH_N_MOVES * MAX_FEATURES];
  LhBoard all[LH_N_MOVES], afters[LH_N_MOVES];
  guint32 all_points[LH_N_MOVES], rewards[LH_N_MOVES];
  float values[LH_N_MOVES];
  guint n = 0, best = 0, nf = lh_ntuple_get_n_features (net);

  lh_board_move_all (board, g, all, all_points);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (all[m] != board)
      {
        afters[n] = all[m];
        rewards[n++] = all_points[m];
      }
  if (n == 0)
    return FALSE;
  lh_ntuple_evaluate_batch (net, afters, n, values, indices);
  for (guint k = 0; k < n; k++)
    {
      values[k] += (float) rewards[k];
      if (values[k] > values[best])
        best = k;
    }
  *after = afters[best];
  *points = rewards[best];
  *value = values[best];
  memcpy (index, indices + best * nf, nf * sizeof (guint32));
  return TRUE;
}

/* The greedy move of a wide @board for a wide network, as
 * greedy_move_narrow(): the legal move with the largest points plus
 * afterstate value, the first of equals. */
static inline gboolean
greedy_move_wide (const LhNtuple *net, LhWideBoard board, LhGeometry g, LhWideBoard *after,
                  guint64 *points, float *value, guint32 *index)
{
  guint32 indices[MAX_FEATURES];
  gboolean found = FALSE;
  guint nf = lh_ntuple_get_n_features (net);

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint64 p = 0;
      LhWideBoard a = lh_wide_board_move (board, g, (LhMove) m, &p);
      float v;

      if (a == board)
        continue;
      v = lh_ntuple_evaluate_indices_wide (net, a, indices) + (float) p;
      if (!found || v > *value)
        {
          found = TRUE;
          *after = a;
          *points = p;
          *value = v;
          memcpy (index, indices, nf * sizeof (guint32));
        }
    }
  return found;
}

/* The seed of game number @game of a run seeded @seed: SplitMix64's
 * increment keeps the games' seeds apart (lh_rng_init() mixes it). */
static inline guint64
game_seed (guint64 seed, guint64 game)
{
  return seed ^ (game * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL);
}

typedef struct {
  guint64 score;
  guint64 moves;
  guint   max_exponent;
  gboolean finished;
} GameResult;

#define TD_BOARD LhBoard
#define TD(name) name##_narrow
#define TD_STAGE lh_ntuple_stage
#define TD_SPAWN lh_board_spawn
#define TD_MAX_EXPONENT lh_board_max_exponent
#include "lh-td-play.h"

#define TD_BOARD LhWideBoard
#define TD(name) name##_wide
#define TD_STAGE(net, b) lh_ntuple_stage_wide (net, lh_ntuple_downgrade_wide (b, NULL))
#define TD_SPAWN lh_wide_board_spawn
#define TD_MAX_EXPONENT lh_wide_board_max_exponent
#include "lh-td-play.h"

/* Plays game @seed (see play_game_narrow()) on the board of @net's kind. */
static GameResult
play_game (LhNtuple *net, const Tables *t, gboolean tc, float alpha, guint64 seed,
           guint restarts, GCancellable *cancellable)
{
  if (lh_ntuple_is_wide (net))
    return play_game_wide (net, t, tc, alpha, seed, restarts, cancellable);
  return play_game_narrow (net, t, tc, alpha, seed, restarts, cancellable);
}

guint64
lh_td_play (const LhNtuple *net, guint64 seed, guint *max_exponent, guint64 *moves)
{
  GameResult r;

  g_return_val_if_fail (net != NULL, 0);
  lh_engine_init ();
  r = play_game ((LhNtuple *) net, NULL, FALSE, 0.0f, seed, 0, NULL);
  if (max_exponent != NULL)
    *max_exponent = r.max_exponent;
  if (moves != NULL)
    *moves = r.moves;
  return r.score;
}

/* ---- Training ------------------------------------------------------------- */

typedef struct {
  LhNtuple          *net;
  const LhTdOptions *options;
  Tables             tables;
  GCancellable      *cancellable;
  LhTdProgressFunc   progress;
  gpointer           user_data;
  gint64             start_time;
  guint64            next_game;    /* atomic: games of this run handed out */

  GMutex   lock;                  /* the rest */
  guint64  games_done;
  guint64  moves_done;
  double   last_alpha;
  /* The block of the next report. */
  guint64  block_games, block_moves, block_score, block_max;
  guint64  block_2048, block_8192, block_16384;
  gint64   block_start;
} Run;

/* Reports the current block and starts the next; @run->lock held. */
static void
report_block (Run *run, gint64 now)
{
  double block_seconds = MAX ((now - run->block_start) / 1e6, 1e-9);
  double n = (double) run->block_games;
  LhTdProgress p = {
    .games = run->options->start_games + run->games_done,
    .moves = run->moves_done,
    .block_games = run->block_games,
    .mean_score = run->block_score / n,
    .max_score = run->block_max,
    .share_2048 = run->block_2048 / n,
    .share_8192 = run->block_8192 / n,
    .share_16384 = run->block_16384 / n,
    .games_per_second = n / block_seconds,
    .moves_per_second = run->block_moves / block_seconds,
    .seconds = (now - run->start_time) / 1e6,
    .alpha = run->last_alpha,
  };

  if (run->progress != NULL)
    run->progress (&p, run->user_data);
  run->block_games = run->block_moves = run->block_score = run->block_max = 0;
  run->block_2048 = run->block_8192 = run->block_16384 = 0;
  run->block_start = now;
}

static void
record_game (Run *run, const GameResult *r, double alpha)
{
  g_mutex_lock (&run->lock);
  run->moves_done += r->moves;
  if (r->finished)
    {
      run->games_done++;
      run->last_alpha = alpha;
      run->block_games++;
      run->block_moves += r->moves;
      run->block_score += r->score;
      run->block_max = MAX (run->block_max, r->score);
      run->block_2048 += r->max_exponent >= EXP_2048;
      run->block_8192 += r->max_exponent >= EXP_8192;
      run->block_16384 += r->max_exponent >= EXP_16384;
      if (run->options->report_every > 0 && run->block_games >= run->options->report_every)
        report_block (run, g_get_monotonic_time ());
    }
  else
    run->block_moves += r->moves;
  g_mutex_unlock (&run->lock);
}

static void
train_worker (guint task, guint thread, gpointer user_data)
{
  Run *run = user_data;
  const LhTdOptions *o = run->options;

  for (;;)
    {
      guint64 i = __atomic_fetch_add (&run->next_game, 1, __ATOMIC_RELAXED);
      guint64 game = o->start_games + i;
      double alpha;
      GameResult r;

      if (i >= o->games || g_cancellable_is_cancelled (run->cancellable))
        break;
      alpha = lh_td_alpha_at (o, game);
      r = play_game (run->net, &run->tables, o->tc, (float) alpha, game_seed (o->seed, game),
                     o->restarts, run->cancellable);
      record_game (run, &r, alpha);
      if (!r.finished)
        break;
    }
}

gboolean
lh_td_train (LhNtuple *net, LhTdCoherence *tc, const LhTdOptions *options,
             LhTdProgressFunc progress, gpointer user_data, GCancellable *cancellable,
             LhTdResult *result, GError **error)
{
  g_autoptr(LhTdCoherence) own_tc = NULL;
  g_autoptr(GCancellable) own_cancellable = NULL;
  Run run = { 0 };
  gint64 end;

  g_return_val_if_fail (net != NULL && options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (result != NULL)
    *result = (LhTdResult) { 0, 0, 0.0, FALSE };
  /* The move tables (idempotent): a window may train before it has searched. */
  lh_engine_init ();
  if (!lh_td_options_validate (options, error))
    return FALSE;
  if (options->restarts > 0 && lh_ntuple_get_n_stages (net) < 2)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Restarts from stage 1 need a staged network (--stages)"));
      return FALSE;
    }
  if (tc != NULL && !options->tc)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Temporal coherence tables were given to a run without TC"));
      return FALSE;
    }
  if (tc != NULL && !lh_td_coherence_fits (tc, net))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The temporal coherence tables belong to a network of other shapes"));
      return FALSE;
    }
  if (options->tc && tc == NULL)
    {
      tc = own_tc = lh_td_coherence_new (net, error);
      if (tc == NULL)
        return FALSE;
    }
  if (cancellable == NULL)
    cancellable = own_cancellable = g_cancellable_new ();

  run.net = net;
  run.options = options;
  tables_init (&run.tables, net, tc);
  run.cancellable = cancellable;
  run.progress = progress;
  run.user_data = user_data;
  run.start_time = run.block_start = g_get_monotonic_time ();
  run.last_alpha = lh_td_alpha_at (options, options->start_games);
  g_mutex_init (&run.lock);

  lh_parallel_run (options->jobs, options->jobs, train_worker, &run);

  end = g_get_monotonic_time ();
  if (options->report_every > 0 && run.block_games > 0)
    report_block (&run, end);
  g_mutex_clear (&run.lock);

  if (result != NULL)
    *result = (LhTdResult) {
      .games = run.games_done,
      .moves = run.moves_done,
      .seconds = (end - run.start_time) / 1e6,
      .cancelled = run.games_done < options->games,
    };
  if (run.games_done < options->games)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Training cancelled after %llu of %llu games"),
                   (unsigned long long) run.games_done, (unsigned long long) options->games);
      return FALSE;
    }
  return TRUE;
}
