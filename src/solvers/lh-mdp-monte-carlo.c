/* lh-mdp-monte-carlo.c: MDP Monte Carlo, playouts from every spawn outcome
 * (see lh-mdp-monte-carlo.h). */
#include "lh-mdp-monte-carlo.h"

#include "lh-playout-search.h"
#include "lh-search-tree-recording.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "lh-playout.h"

/* Most playouts per outcome accepted (any theta). */
#define MAX_THETA 1000000
/* Largest 2-versus-4 ratio accepted (theta5). */
#define MAX_THETA5 1000.0
/* Slices of rounds with a progress callback or a trace (see lh-monte-carlo.c). */

void
lh_mdp_monte_carlo_params_init_default (LhMdpParams *params)
{
  memset (params, 0, sizeof *params);
  /* theta1 = 500 and theta4 = 20 are 002's examples; 002 gives no theta2
   * and theta3: 120 and 40 continue the decrease from 125 playouts with 3
   * empty cells down to theta4 (120, 60, 30 for 4-6 empty; 40, 20, 10 for
   * 7-9).  theta5 = 5 gives a 4 spawn at least 4 playouts with 10-15 empty
   * cells, in the spirit of 002's "all nodes explored at least 3 times".
   * theta6 = 0.5: 002 discards the poorest playouts without giving the
   * proportion; half is our choice.  gamma 0.9 is the value 002 tested the
   * immediate reward with (off by default, as 002 found it hurts).  The
   * playouts are 002's: random moves until the game is over, the final
   * score (measure SCORE, no discount). */
  params->theta[0] = 500;
  params->theta[1] = 120;
  params->theta[2] = 40;
  params->theta[3] = 20;
  params->theta5 = 5;
  params->theta6 = 0.5;
  params->immediate_reward = FALSE;
  params->gamma = 0.9;
  params->playout = (LhPlayoutParams) {
    .policy = LH_PLAYOUT_RANDOM,
    .max_moves = 0,
    .discount = 1,
    .measure = LH_MEASURE_SCORE,
  };
}

gboolean
lh_mdp_monte_carlo_params_validate (const LhMdpParams *params, GError **error)
{
  for (guint i = 0; i < 4; i++)
    if (params->theta[i] < 1 || params->theta[i] > MAX_THETA)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("mdp-mc: theta%u %u is out of range (1 to %d playouts)"),
                     i + 1, params->theta[i], MAX_THETA);
        return FALSE;
      }
  if (!(params->theta5 >= 1 && params->theta5 <= MAX_THETA5))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mdp-mc: theta5 %g is out of range (1 to %g)"), params->theta5, MAX_THETA5);
      return FALSE;
    }
  if (!(params->theta6 > 0 && params->theta6 <= 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mdp-mc: theta6 %g is out of range (greater than 0, up to 1)"),
                   params->theta6);
      return FALSE;
    }
  if (!(params->gamma > 0 && params->gamma <= 1))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("mdp-mc: gamma %g is out of range (greater than 0, up to 1)"), params->gamma);
      return FALSE;
    }
  return lh_playout_params_validate (&params->playout, "mdp-mc", error);
}

guint
lh_mdp_playouts_for (const LhMdpParams *params, guint n_empty, guint exponent)
{
  guint count;

  g_return_val_if_fail (params != NULL, 0);
  g_return_val_if_fail (exponent == 1 || exponent == 2, 0);
  if (n_empty == 0)
    return 0;
  if (n_empty <= 9)
    /* Bucket (n_empty - 1) / 3, halved at each step inside it (002). */
    count = params->theta[(n_empty - 1) / 3] >> ((n_empty - 1) % 3);
  else
    count = params->theta[3];
  if (exponent == 2)
    count = (guint) floor (count / params->theta5 + 0.5);
  return MAX (count, 1);
}

/* Jobs of a search: up to 2 outcomes a cell (25 on 5x5) for each of the 4 moves. */
#define MAX_JOBS (LH_N_MOVES * 2 * LH_WIDE_MAX_SIDE * LH_WIDE_MAX_SIDE)

typedef struct {
  int    move;
  guint  first_job;   /* its outcomes are jobs first_job .. first_job + n_outcomes - 1 */
  guint  n_outcomes;
  double points;      /* R(s, a) */
} MoveJobs;

/* The standard error of sum over outcomes o of w_o V(o) / @mass, the V(o)
 * independent: sqrt (sum of (w_o / mass)^2 unit_variance_o / done_o).  An
 * outcome with one playout has no variance of its own and borrows the
 * move's pooled one (the outcomes' variances weighted by their degrees of
 * freedom); NAN when no outcome has two playouts. */
static double
combined_std_error (const LhPlayoutJob *jobs, const double *probability,
                    const double *unit_variance, const MoveJobs *mj, double mass)
{
  double pooled = 0, dof = 0, variance = 0;

  for (guint o = mj->first_job; o < mj->first_job + mj->n_outcomes; o++)
    if (!isnan (unit_variance[o]))
      {
        pooled += (jobs[o].done - 1) * unit_variance[o];
        dof += jobs[o].done - 1;
      }
  if (dof == 0)
    return NAN;
  pooled /= dof;
  for (guint o = mj->first_job; o < mj->first_job + mj->n_outcomes; o++)
    if (jobs[o].done > 0)
      {
        double w = probability[o] / mass;

        variance += w * w * (isnan (unit_variance[o]) ? pooled : unit_variance[o]) / jobs[o].done;
      }
  return sqrt (variance);
}

/* Values, standard errors, visits and the best move from the playouts run
 * so far.  An outcome without a playout yet is left out and the others'
 * probabilities renormalised (exact once every outcome has one). */
static void
summarise (const LhMdpParams *mdp, LhSolverResult *r, const LhPlayoutJob *jobs,
           const double *probability, const MoveJobs *moves, guint n_moves)
{
  double best = -INFINITY;
  double unit_variance[MAX_JOBS];

  r->move = LH_MOVE_NONE;
  r->playouts = 0;
  lh_solver_std_errors_clear (r->std_errors);
  for (guint k = 0; k < n_moves; k++)
    {
      const MoveJobs *mj = &moves[k];
      double sum = 0, mass = 0, v;
      guint64 visits = 0;

      for (guint o = mj->first_job; o < mj->first_job + mj->n_outcomes; o++)
        {
          double value = lh_playout_job_estimate (&jobs[o], mdp->theta6, &unit_variance[o]);

          visits += jobs[o].done;
          if (isnan (value))
            continue;
          sum += probability[o] * value;
          mass += probability[o];
        }
      r->visits[mj->move] = visits;
      r->playouts += visits;
      r->values[mj->move] = 0;
      if (mass == 0)
        continue;
      v = sum / mass;
      r->std_errors[mj->move] = combined_std_error (jobs, probability, unit_variance, mj, mass);
      if (mdp->immediate_reward)
        {
          v = mj->points + mdp->gamma * v;
          r->std_errors[mj->move] *= mdp->gamma;
        }
      r->values[mj->move] = v;
      if (v > best)
        {
          best = v;
          r->move = mj->move;
        }
    }
}

/* What the shared playout loop hands back to summarise() and record(). */
typedef struct {
  const LhMdpParams    *mdp;
  LhPlayoutRecordBoards boards;
  const LhPlayoutJob   *jobs;
  const double         *probability;
  const MoveJobs       *moves;
  guint                 n_moves;
} Search;

/* Fills @node with outcome @job of move @m: the board after its spawn,
 * the spawn's cell (the record's stride x row + col) and tile. */
static void
fill_outcome_node (const Search *search, LhSearchNode *node, const LhPlayoutJob *job, int m,
                   double probability, double value)
{
  const LhPlayoutRecordBoards *boards = &search->boards;

  if (boards->wide)
    {
      LhWideBoard spawned = job->wide_board ^ boards->wide_after[m];
      guint low = (guint64) spawned != 0 ? (guint) __builtin_ctzll ((guint64) spawned)
                                         : 64 + (guint) __builtin_ctzll ((guint64) (spawned >> 64));
      guint shift = low - low % LH_WIDE_CELL_BITS, cell = shift / LH_WIDE_CELL_BITS;
      guint stride = lh_geometry_cell_stride (boards->geometry);

      lh_search_tree_fill_member_wide (node, LH_SEARCH_NODE_PLAYER, job->wide_board, 1, -1,
                                       (int) (stride * (cell / LH_WIDE_MAX_SIDE)
                                              + cell % LH_WIDE_MAX_SIDE),
                                       (guint) (spawned >> shift) & 0x1f, probability, value,
                                       job->done, 0);
    }
  else
    {
      LhBoard spawned = job->board ^ boards->after[m];
      guint shift = (guint) __builtin_ctzll (spawned) & ~3u;

      lh_search_tree_fill_member (node, LH_SEARCH_NODE_PLAYER, job->board, 1, -1, (int) (shift / 4),
                                  (guint) (spawned >> shift), probability, value, job->done, 0);
    }
}

/* The record: the root, a chance node per legal move (value, playouts as
 * visits), and under each its spawn outcomes (player nodes with V(s') and
 * their playouts; the playouts below are not recorded). */
static void
record (LhSearchTree *tree, const Search *search, const LhSolverResult *r, double root_value)
{
  const MoveJobs *moves = search->moves;
  LhSearchNode *node = lh_playout_record_root_and_moves (tree, &search->boards, r, root_value);

  if (node != NULL)
    {
      /* Each move's outcomes: the level-1 group stays the latest of its
       * level meanwhile, as the record requires. */
      for (guint k = 0; k < search->n_moves && node != NULL; k++)
        {
          const MoveJobs *mj = &moves[k];
          LhSearchNode *child = lh_search_tree_reserve (tree, 2, k, 1, 1.0, mj->n_outcomes);

          if (child == NULL)
            continue;
          for (guint o = 0; o < mj->n_outcomes; o++)
            {
              const LhPlayoutJob *job = &search->jobs[mj->first_job + o];
              double v = lh_playout_job_mean (job, search->mdp->theta6);

              fill_outcome_node (search, &child[o], job, mj->move,
                                 search->probability[mj->first_job + o], isnan (v) ? 0.0 : v);
            }
        }
    }
  lh_search_tree_finish (tree);
  lh_search_tree_set_chosen_move (tree, r->move);
}

static void
summarise_cb (LhSolverResult *r, gpointer data)
{
  const Search *search = data;

  summarise (search->mdp, r, search->jobs, search->probability, search->moves, search->n_moves);
}

static void
record_cb (LhSearchTree *tree, const LhSolverResult *r, double root_value, gpointer data)
{
  const Search *search = data;

  record (tree, search, r, root_value);
}

/* The outcome's stream: its move, cell and tile, whatever else is legal. */
static guint64
outcome_stream (guint move, guint cell, guint exponent)
{
  return 64 * move + 2 * cell + (exponent - 1);
}

/* The outcome's job transform and probability: SCORE's V(s') is the score
 * from here on, R(s, a) (@points) included, as 002's end-of-game scores
 * are (the points before the current position are the same for every
 * move). */
static void
set_outcome (LhPlayoutJob *job, double *probability, const LhMdpParams *mdp, double points,
             guint n_empty, guint exponent)
{
  job->base = points;
  job->scale = mdp->playout.discount;
  *probability = (exponent == 2 ? LH_SPAWN_FOUR_PROBABILITY
                                : 1 - LH_SPAWN_FOUR_PROBABILITY) / n_empty;
}

/* Runs the outcomes' @jobs (freed here) and fills *@result from @r. */
static gboolean
run_jobs (const LhSolverParams *params, const LhEvaluator *evaluator, LhGeometry geometry,
          LhPlayoutJob *jobs, guint n_jobs, guint max_n, Search *search, gint64 start,
          GCancellable *cancellable, LhSolverProgressFunc progress, gpointer user_data,
          LhSolverResult *r, LhSolverResult *result, GError **error)
{
  gboolean ok = lh_playout_search_run (params, &params->mdp.playout, evaluator, geometry, jobs,
                                       n_jobs, max_n, start, cancellable, progress, user_data,
                                       summarise_cb, record_cb, search, r, error);

  for (guint j = 0; j < n_jobs; j++)
    lh_playout_job_clear (&jobs[j]);
  if (ok)
    *result = *r;
  return ok;
}

gboolean
lh_mdp_monte_carlo_search (const LhSolverParams *params,
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
  const LhMdpParams *mdp = &params->mdp;
  gint64 start = g_get_monotonic_time ();
  LhPlayoutJob jobs[MAX_JOBS];
  double probability[MAX_JOBS];
  MoveJobs moves[LH_N_MOVES];
  LhBoard after[LH_N_MOVES];
  guint n_jobs = 0, n_moves = 0, max_n = 0;
  LhSolverResult r = { .move = LH_MOVE_NONE };
  Search search = { mdp, { geometry, FALSE, board, after, 0, { 0 } }, jobs, probability, moves, 0 };

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points;
      guint8 cells[16];
      guint n_empty;

      after[m] = lh_board_move (board, geometry, (LhMove) m, &points);
      r.legal[m] = after[m] != board;
      if (!r.legal[m])
        continue;
      n_empty = lh_board_empty_cells (after[m], geometry, cells);
      moves[n_moves] = (MoveJobs) { (int) m, n_jobs, 2 * n_empty, points };
      for (guint c = 0; c < n_empty; c++)
        for (guint e = 1; e <= 2; e++)
          {
            guint n = lh_mdp_playouts_for (mdp, n_empty, e);

            lh_playout_job_init (&jobs[n_jobs], after[m] | ((LhBoard) e << (4 * cells[c])), FALSE,
                                 n, outcome_stream (m, cells[c], e));
            set_outcome (&jobs[n_jobs], &probability[n_jobs], mdp, points, n_empty, e);
            max_n = MAX (max_n, n);
            n_jobs++;
          }
      n_moves++;
    }
  search.n_moves = n_moves;
  return run_jobs (params, evaluator, geometry, jobs, n_jobs, max_n, &search, start, cancellable,
                   progress, user_data, &r, result, error);
}

gboolean
lh_mdp_monte_carlo_search_wide (const LhSolverParams  *params,
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
  const LhMdpParams *mdp = &params->mdp;
  gint64 start = g_get_monotonic_time ();
  LhPlayoutJob jobs[MAX_JOBS];
  double probability[MAX_JOBS];
  MoveJobs moves[LH_N_MOVES];
  guint n_jobs = 0, n_moves = 0, max_n = 0;
  LhSolverResult r = { .move = LH_MOVE_NONE };
  Search search = { mdp, { geometry, TRUE, 0, NULL, board, { 0 } }, jobs, probability, moves, 0 };
  /* A stream's cell: 4 * row + col as the 64-bit search numbers it, so
   * that a board both hold draws the same playouts; 5 * row + col on 5
   * columns. */
  guint stride = MAX (geometry.cols, 4u);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint64 points = 0;
      LhWideBoard after = lh_rules_move (rules, board, geometry, (LhMove) m, &points);
      guint n_empty;

      search.boards.wide_after[m] = after;
      r.legal[m] = after != board;
      if (!r.legal[m])
        continue;
      n_empty = lh_wide_board_count_empty (after, geometry);
      moves[n_moves] = (MoveJobs) { (int) m, n_jobs, 2 * n_empty, (double) points };
      for (guint row = 0; row < geometry.rows; row++)
        for (guint col = 0; col < geometry.cols; col++)
          {
            if (lh_wide_board_get_cell (after, row, col) != 0)
              continue;
            for (guint e = 1; e <= 2; e++)
              {
                guint n = lh_mdp_playouts_for (mdp, n_empty, e);

                lh_playout_job_init_wide (&jobs[n_jobs], lh_wide_board_set_cell (after, row, col, e),
                                          rules, FALSE, n, outcome_stream (m, stride * row + col, e));
                set_outcome (&jobs[n_jobs], &probability[n_jobs], mdp, (double) points, n_empty, e);
                max_n = MAX (max_n, n);
                n_jobs++;
              }
          }
      n_moves++;
    }
  search.n_moves = n_moves;
  return run_jobs (params, context->evaluator, geometry, jobs, n_jobs, max_n, &search, start,
                   cancellable, progress, user_data, &r, result, error);
}
