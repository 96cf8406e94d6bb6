/* lh-monte-carlo.c: pure Monte Carlo, playouts per move (see lh-monte-carlo.h). */
#include "lh-monte-carlo.h"

#include "lh-playout-search.h"
#include "lh-search-tree-recording.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "lh-playout.h"

/* Most playouts per move accepted. */
#define MAX_PLAYOUTS 10000000

/* A search with a progress callback or a trace runs its playouts in this
 * many slices of rounds, reporting after each. */

void
lh_monte_carlo_params_init_default (LhMonteCarloParams *params)
{
  memset (params, 0, sizeof *params);
  /* 000, Appendix B: 200 simulations of 100 random moves, discount 0.95. */
  params->playouts = 200;
  params->playout = (LhPlayoutParams) {
    .policy = LH_PLAYOUT_RANDOM,
    .max_moves = 100,
    .discount = 0.95,
    .measure = LH_MEASURE_SCORE,
  };
}

gboolean
lh_monte_carlo_params_validate (const LhMonteCarloParams *params, GError **error)
{
  if (params->playouts < 1 || params->playouts > MAX_PLAYOUTS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("montecarlo: playouts %u is out of range (1 to %d per move)"),
                   params->playouts, MAX_PLAYOUTS);
      return FALSE;
    }
  return lh_playout_params_validate (&params->playout, "montecarlo", error);
}

/* Values, standard errors, visits and the best move from the playouts run
 * so far. */
static void
summarise (LhSolverResult *r, const LhPlayoutJob *jobs, const int *job_move, guint n_jobs)
{
  double best = -INFINITY;

  r->move = LH_MOVE_NONE;
  r->playouts = 0;
  lh_solver_std_errors_clear (r->std_errors);
  for (guint j = 0; j < n_jobs; j++)
    {
      int m = job_move[j];
      double variance;
      double v = lh_playout_job_estimate (&jobs[j], 1.0, &variance);

      r->visits[m] = jobs[j].done;
      r->playouts += jobs[j].done;
      r->values[m] = isnan (v) ? 0 : v;
      r->std_errors[m] = sqrt (variance / jobs[j].done);   /* NAN below 2 playouts */
      if (!isnan (v) && v > best)
        {
          best = v;
          r->move = m;
        }
    }
}

/* What the shared playout loop hands back to summarise() and record(). */
typedef struct {
  LhPlayoutRecordBoards boards;
  const LhPlayoutJob   *jobs;
  const int            *job_move;
  guint                 n_jobs;
} Search;

static void
summarise_cb (LhSolverResult *r, gpointer data)
{
  const Search *search = data;

  summarise (r, search->jobs, search->job_move, search->n_jobs);
}

static void
record_cb (LhSearchTree *tree, const LhSolverResult *r, double root_value, gpointer data)
{
  const Search *search = data;

  /* The root and the moves: nothing more (the playouts are not recorded). */
  lh_playout_record_root_and_moves (tree, &search->boards, r, root_value);
  lh_search_tree_finish (tree);
  lh_search_tree_set_chosen_move (tree, r->move);
}

/* SCORE: the move's @points, then the playout's, one discount later. */
static void
set_job_points (LhPlayoutJob *job, const LhMonteCarloParams *mc, double points)
{
  job->base = points;
  job->scale = mc->playout.discount;
}

/* Runs the legal moves' @jobs (freed here) and fills *@result from @r. */
static gboolean
run_jobs (const LhSolverParams *params, const LhEvaluator *evaluator, LhGeometry geometry,
          LhPlayoutJob *jobs, guint n_jobs, Search *search, gint64 start,
          GCancellable *cancellable, LhSolverProgressFunc progress, gpointer user_data,
          LhSolverResult *r, LhSolverResult *result, GError **error)
{
  const LhMonteCarloParams *mc = &params->monte_carlo;
  gboolean ok = lh_playout_search_run (params, &mc->playout, evaluator, geometry, jobs, n_jobs,
                                       mc->playouts, start, cancellable, progress, user_data,
                                       summarise_cb, record_cb, search, r, error);

  for (guint j = 0; j < n_jobs; j++)
    lh_playout_job_clear (&jobs[j]);
  if (ok)
    *result = *r;
  return ok;
}

gboolean
lh_monte_carlo_search (const LhSolverParams *params,
                       const LhSolverContext *context,
                       LhBoard               board,
                       LhGeometry            geometry,
                       GCancellable         *cancellable,
                       LhSolverProgressFunc  progress,
                       gpointer              user_data,
                       LhSolverResult       *result,
                       GError              **error)
{
  const LhEvaluator *evaluator = context->evaluator;
  const LhMonteCarloParams *mc = &params->monte_carlo;
  gint64 start = g_get_monotonic_time ();
  LhPlayoutJob jobs[LH_N_MOVES];
  int job_move[LH_N_MOVES];
  LhBoard after[LH_N_MOVES];
  guint n_jobs = 0;
  LhSolverResult r = { .move = LH_MOVE_NONE };
  Search search = { { geometry, FALSE, board, after, 0, { 0 } }, jobs, job_move, 0 };

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points;

      after[m] = lh_board_move (board, geometry, (LhMove) m, &points);
      r.legal[m] = after[m] != board;
      if (!r.legal[m])
        continue;
      /* The move's stream is its index: the same for any set of legal moves. */
      lh_playout_job_init (&jobs[n_jobs], after[m], TRUE, mc->playouts, m);
      set_job_points (&jobs[n_jobs], mc, points);
      job_move[n_jobs++] = (int) m;
    }
  search.n_jobs = n_jobs;
  return run_jobs (params, evaluator, geometry, jobs, n_jobs, &search, start, cancellable,
                   progress, user_data, &r, result, error);
}

gboolean
lh_monte_carlo_search_wide (const LhSolverParams  *params,
                            const LhSolverContext *context,
                            LhWideBoard            board,
                            LhGeometry             geometry,
                            LhRules                rules,
                            GCancellable          *cancellable,
                            LhSolverProgressFunc   progress,
                            gpointer               user_data,
                            LhSolverResult        *result,
                            GError               **error)
{
  const LhMonteCarloParams *mc = &params->monte_carlo;
  gint64 start = g_get_monotonic_time ();
  LhPlayoutJob jobs[LH_N_MOVES];
  int job_move[LH_N_MOVES];
  guint n_jobs = 0;
  LhSolverResult r = { .move = LH_MOVE_NONE };
  Search search = { { geometry, TRUE, 0, NULL, board, { 0 } }, jobs, job_move, 0 };

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint64 points = 0;
      LhWideBoard after = lh_rules_move (rules, board, geometry, (LhMove) m, &points);

      search.boards.wide_after[m] = after;
      r.legal[m] = after != board;
      if (!r.legal[m])
        continue;
      lh_playout_job_init_wide (&jobs[n_jobs], after, rules, TRUE, mc->playouts, m);
      set_job_points (&jobs[n_jobs], mc, (double) points);
      job_move[n_jobs++] = (int) m;
    }
  search.n_jobs = n_jobs;
  return run_jobs (params, context->evaluator, geometry, jobs, n_jobs, &search, start, cancellable,
                   progress, user_data, &r, result, error);
}
