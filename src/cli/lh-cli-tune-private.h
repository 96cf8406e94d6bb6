/* lh-cli-tune-private.h: what the files of `lookahead-cli tune` share
 * (lh-cli-tune.c: the options and the run's sequence; lh-cli-tune-search.c:
 * the evaluations, the initial design and the optimiser; lh-cli-tune-log.c:
 * the CSV log; lh-cli-tune-report.c: the report).  Not for other units:
 * they use lh-cli-tune.h. */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <nlopt.h>

#include "lh-cli-games.h"
#include "lh-heuristic-params.h"
#include "lh-solver.h"

G_BEGIN_DECLS

#define MAX_EVALS 100000

/* The optimiser's first step on the normalised variables, and the step
 * below which it is not restarted. */
#define INITIAL_STEP 0.1
#define MIN_STEP 1e-3
/* The optimiser stops when a step changes every normalised variable by
 * less than this. */
#define X_TOLERANCE 1e-4
/* Calls of the objective at points already evaluated that one run of the
 * optimiser may make on top of the evaluations left. */
#define MAX_REPEATED_POINTS 1000

/* A logged point matches the point asked for within this relative error. */
#define POINT_TOLERANCE 1e-9

/* The largest dimension of GSL's gsl_qrng_sobol (SOBOL_MAX_DIMENSION in
 * GSL's qrng/sobol.c; gsl_qrng_alloc calls the error handler beyond it). */
#define SOBOL_MAX_DIMENSION 40u

#define LOG_SETTINGS_PREFIX "# lookahead-cli tune:"

typedef enum {
  DESIGN_SOBOL,
  DESIGN_LHS,
  N_DESIGNS
} Design;

/* The designs' names (--design), indexed by Design; in lh-cli-tune.c. */
extern const char *const lh_cli_tune_design_names[N_DESIGNS];

/* A local optimiser of NLopt (--algorithm). */
typedef struct {
  const char      *name;
  nlopt_algorithm  algorithm;
} LhCliTuneAlgorithm;

#define N_ALGORITHMS 4
/* The optimisers, the default first; in lh-cli-tune.c. */
extern const LhCliTuneAlgorithm lh_cli_tune_algorithms[N_ALGORITHMS];

/* One tuned parameter and its bounds. */
typedef struct {
  const LhHeuristicParamInfo *info;
  double lo, hi;
} TuneParam;

typedef enum {
  SOURCE_BASELINE,
  SOURCE_DESIGN,
  SOURCE_OPTIMISER,
} Source;

/* One evaluation. */
typedef struct {
  double          *x;          /* d values */
  double          *u;          /* d normalised values, clamped to [0, 1] */
  gboolean         in_box;     /* x lies within the bounds (u is exact) */
  double           mean, sem;
  LhCliGameResult *results;    /* NULL when answered from the log */
} Evaluation;

/* One row of a log read back. */
typedef struct {
  double *x;
  double  mean, sem;
} LogRow;

typedef struct {
  TuneParam      *params;
  guint           n_params;
  LhSolverParams  base;
  LhGeometry      geometry;
  guint64         first_seed;
  guint           n_games;
  guint           n_jobs;
  guint           n_evals;
  gboolean        show_progress;

  const char     *log_path;    /* nullable */
  FILE           *log;
  GPtrArray      *logged;      /* LogRow *, the rows read back */

  GPtrArray      *evaluations; /* Evaluation * */
  guint           best;
  guint           n_played;
  double          play_seconds;
  GError         *error;       /* the failure that stopped the optimiser */
  nlopt_opt       opt;

  Design          design;
  int             algorithm;     /* in lh_cli_tune_algorithms */
  guint           n_initial;     /* K, the initial design's points */
  double         *design_points; /* K × n_params normalised points, row-major */

  /* Merge: evaluation i's games (LhCliGameResult[n_games], stolen when
   * used) for the baseline and the design, from the shards; else NULL. */
  GPtrArray      *answers;
} Tune;

/* ---- lh-cli-tune.c ---- */

/* Frees what @tune owns: its parameters, evaluations, log rows, design
 * points and answers (and closes its log); it can be settled again. */
void lh_cli_tune_clear (Tune *tune);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tune, lh_cli_tune_clear)

/* ---- lh-cli-tune-search.c ---- */

/* Frees an Evaluation (a GDestroyNotify). */
void lh_cli_tune_evaluation_free (gpointer data);

/* Returns: (transfer none): evaluation @index (0 is the baseline). */
Evaluation *lh_cli_tune_get_evaluation (const Tune *tune, guint index);

/* @params: (out caller-allocates): the base parameters with the tuned ones
 * at the point @x (d values). */
void lh_cli_tune_point_params (const Tune *tune, const double *x, LhSolverParams *params);

/* Evaluates the point @x (@u: normalised, or NULL to compute it), the next
 * evaluation: from the log when it holds it, from tune->answers when they
 * hold it (merge: counted as played), by playing the games otherwise;
 * appends it to the log and prints its line on standard error.
 * Returns: FALSE with @error when the games fail (G_IO_ERROR) or the log's
 *   point differs (G_OPTION_ERROR_BAD_VALUE). */
gboolean lh_cli_tune_evaluate (Tune *tune, const double *x, const double *u, Source source,
                               GError **error);

/* @x: (out caller-allocates): the values of the normalised point @u,
 * clamped to the bounds. */
void lh_cli_tune_denormalise (const Tune *tune, const double *u, double *x);

/* Returns: (transfer full): @n_points normalised points of @design in
 *   [0, 1)^@d, row-major (free with g_free()), or NULL with @error
 *   (G_OPTION_ERROR_BAD_VALUE) when Sobol is asked for more than
 *   SOBOL_MAX_DIMENSION parameters.  @seed seeds the Latin hypercube. */
double *lh_cli_tune_make_design (Design design, guint n_points, guint d, guint64 seed,
                                 GError **error);

/* Runs NLopt's @algorithm from the best point until the evaluations are
 * spent or its step falls below MIN_STEP.  Returns: FALSE with @error on
 * failure. */
gboolean lh_cli_tune_optimise (Tune *tune, nlopt_algorithm algorithm, const char *name,
                               GError **error);

/* ---- lh-cli-tune-log.c ---- */

/* Frees a LogRow (a GDestroyNotify). */
void lh_cli_tune_log_row_free (gpointer data);

/* Returns: (transfer full): the log's settings line (with initial=@n_initial
 *   unless it is negative); see its definition. */
char *lh_cli_tune_build_settings (const Tune *tune, Design design, int n_initial, int algorithm);

/* Reads initial=K from the settings line of the log at @path (-1 when there
 * is none); *@old_form: the line is of the form without initial=.
 * Returns: FALSE with @error (G_IO_ERROR_*) when it cannot be read. */
gboolean lh_cli_tune_log_read_initial (const char *path, int *initial, gboolean *old_form,
                                       GError **error);

/* Returns: (transfer full): the log's header line, "key,...,mean,sem,games,seed". */
char *lh_cli_tune_build_header (const Tune *tune);

/* Reads an existing log into tune->logged (*@exists FALSE when there is
 * none).  Returns: FALSE with @error: G_OPTION_ERROR_BAD_VALUE when it
 * belongs to other settings, G_IO_ERROR_* when it cannot be read or is
 * malformed. */
gboolean lh_cli_tune_log_load (Tune *tune, const char *settings, const char *header,
                               gboolean *exists, GError **error);

/* Opens the log for appending (writing @settings and @header when it is new).
 * Returns: FALSE with @error (G_IO_ERROR_*). */
gboolean lh_cli_tune_log_open (Tune *tune, const char *settings, const char *header,
                               gboolean exists, GError **error);

/* Appends @evaluation's row and flushes.  Returns: FALSE with @error
 * (G_IO_ERROR_*) when writing fails. */
gboolean lh_cli_tune_log_append (Tune *tune, const Evaluation *evaluation, GError **error);

/* ---- lh-cli-tune-report.c ---- */

/* Returns: (transfer full): "lookahead-cli tune ARGS --log @log_path", the
 *   arguments of @args (args[0] "tune") but --shard, --out and --log:
 *   the command that resumes a run from its log. */
char *lh_cli_tune_resume_command (char **args, const char *log_path);

/* Prints the report (the best point against the baseline, the bench
 * commands; writes the preset to @output when not NULL) on standard output.
 * @args: tune's arguments (args[0] "tune"), for the bench commands;
 * @wall_seconds: the run's wall time.  Returns: an LhCliExit. */
int lh_cli_tune_report (Tune *tune, char **args, const char *output, const char *name,
                        double wall_seconds);

G_END_DECLS
