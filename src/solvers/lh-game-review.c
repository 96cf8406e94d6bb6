/* lh-game-review.c: the analysis of a whole game (see lh-game-review.h). */
#include "lh-game-review.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-format.h"
#include "lh-parallel.h"

/* What is known of one position. */
typedef struct {
  gboolean valued;
  gboolean legal[LH_N_MOVES];
  double   values[LH_N_MOVES];
  double   value;       /* V */
  double   lost_value;  /* the bottom of the scale (SOLVER units) */
  int      best;
  guint    depth;       /* of the search that valued it, 0 for none */
  gboolean has_shallow;
  double   shallow;     /* V at depth - 1 (lh_game_review_set_shallow_value()) */
} Position;

struct _LhGameReview {
  LhGameRecord   *record;
  LhSolverParams  params;
  LhReviewUnit    unit;
  guint           target_exponent;  /* PROBABILITY: the target's */
  GMutex          lock;             /* protects positions */
  Position       *positions;        /* n + 1 */
};

/* Thresholds on the class scale.
 *
 * PROBABILITY, percentage points of the chance of the target: Lichess's
 * 5 / 10 / 15 win-% points for an inaccuracy, a mistake, a blunder
 * (lichess-org/lila, modules/tree Advice.scala: 0.1 / 0.2 / 0.3 on its
 * -1..1 winning-chances scale).
 *
 * POINTS, percent of the expected final score: GNU Backgammon's doubtful /
 * bad / very bad at 0.03 / 0.06 / 0.12 equity are 1.5 / 3 / 6 % of the
 * 2-point range of a money game's cubeless equity; we take the same
 * shares of the expected final score, the 2048 counterpart of the game's
 * stake.  docs/review.md has the calibration: depth-3 AI games review with
 * almost every move unclassed, random play with most of its moves classed.
 *
 * SOLVER units: the same shares as POINTS, of V above the lost value.
 *
 * Luck: lucky or unlucky at twice the mistake threshold, very so at twice
 * the blunder one.  GNU Backgammon's ±0.3 / ±0.6 equity are 10 and 20 times
 * its doubtful threshold, far too wide for one spawn, whose spread is much
 * smaller than a roll's; at twice, docs/review.md's AI games class about
 * one spawn in a thousand. */
static const double error_thresholds[LH_N_REVIEW_UNITS][LH_N_ERROR_CLASSES] = {
  [LH_REVIEW_UNIT_POINTS] = { 0.0, 1.5, 3.0, 6.0 },
  [LH_REVIEW_UNIT_PROBABILITY] = { 0.0, 5.0, 10.0, 15.0 },
  [LH_REVIEW_UNIT_SOLVER] = { 0.0, 1.5, 3.0, 6.0 },
};

const char *
lh_error_class_to_string (LhErrorClass error_class)
{
  static const char *const names[] = { "none", "inaccuracy", "mistake", "blunder" };

  g_return_val_if_fail ((guint) error_class < LH_N_ERROR_CLASSES, "none");
  return names[error_class];
}

const char *
lh_error_class_get_label (LhErrorClass error_class)
{
  switch (error_class)
    {
    case LH_ERROR_INACCURACY: return _("Inaccuracy");
    case LH_ERROR_MISTAKE: return _("Mistake");
    case LH_ERROR_BLUNDER: return _("Blunder");
    case LH_ERROR_NONE:
    case LH_N_ERROR_CLASSES:
    default: return "";
    }
}

const char *
lh_error_class_get_name (LhErrorClass error_class)
{
  switch (error_class)
    {
    case LH_ERROR_INACCURACY: return C_("error class inside a sentence", "inaccuracy");
    case LH_ERROR_MISTAKE: return C_("error class inside a sentence", "mistake");
    case LH_ERROR_BLUNDER: return C_("error class inside a sentence", "blunder");
    case LH_ERROR_NONE:
    case LH_N_ERROR_CLASSES:
    default: return "";
    }
}

const char *
lh_error_class_get_mark (LhErrorClass error_class)
{
  static const char *const marks[] = { "", "?!", "?", "?\?" };

  g_return_val_if_fail ((guint) error_class < LH_N_ERROR_CLASSES, "");
  return marks[error_class];
}

const char *
lh_luck_class_to_string (LhLuckClass luck_class)
{
  static const char *const names[] = { "very-unlucky", "unlucky", "none", "lucky", "very-lucky" };

  g_return_val_if_fail ((guint) luck_class < LH_N_LUCK_CLASSES, "none");
  return names[luck_class];
}

const char *
lh_luck_class_get_label (LhLuckClass luck_class)
{
  switch (luck_class)
    {
    case LH_LUCK_VERY_UNLUCKY: return _("Very unlucky");
    case LH_LUCK_UNLUCKY: return _("Unlucky");
    case LH_LUCK_LUCKY: return _("Lucky");
    case LH_LUCK_VERY_LUCKY: return _("Very lucky");
    case LH_LUCK_NONE:
    case LH_N_LUCK_CLASSES:
    default: return "";
    }
}

const char *
lh_luck_class_get_name (LhLuckClass luck_class)
{
  switch (luck_class)
    {
    case LH_LUCK_VERY_UNLUCKY: return C_("luck class inside a sentence", "very unlucky");
    case LH_LUCK_UNLUCKY: return C_("luck class inside a sentence", "unlucky");
    case LH_LUCK_LUCKY: return C_("luck class inside a sentence", "lucky");
    case LH_LUCK_VERY_LUCKY: return C_("luck class inside a sentence", "very lucky");
    case LH_LUCK_NONE:
    case LH_N_LUCK_CLASSES:
    default: return "";
    }
}

double
lh_review_error_threshold (LhReviewUnit unit, LhErrorClass error_class)
{
  g_return_val_if_fail ((guint) unit < LH_N_REVIEW_UNITS, 0.0);
  g_return_val_if_fail ((guint) error_class < LH_N_ERROR_CLASSES, 0.0);
  return error_thresholds[unit][error_class];
}

double
lh_review_luck_threshold (LhReviewUnit unit, gboolean very)
{
  return 2.0 * lh_review_error_threshold (unit, very ? LH_ERROR_BLUNDER : LH_ERROR_MISTAKE);
}

char *
lh_review_format_amount (LhReviewUnit unit, double amount)
{
  double magnitude = fabs (amount);

  switch (unit)
    {
    case LH_REVIEW_UNIT_POINTS:
      /* TRANSLATORS: an amount of points a move lost or a spawn gave; %'.0f
       * is the number with the locale's digit grouping ("1,240") */
      return g_strdup_printf (_("%'.0f expected points"), magnitude);
    case LH_REVIEW_UNIT_PROBABILITY:
      /* TRANSLATORS: a change of a chance, in percentage points */
      return g_strdup_printf (_("%.1f percentage points"), 100.0 * magnitude);
    case LH_REVIEW_UNIT_SOLVER:
    case LH_N_REVIEW_UNITS:
    default:
      return lh_format_compact (magnitude, FALSE);
    }
}

gboolean
lh_review_amount_shows_zero (LhReviewUnit unit, double amount)
{
  g_autofree char *shown = lh_review_format_amount (unit, amount);
  g_autofree char *zero = lh_review_format_amount (unit, 0.0);

  return g_strcmp0 (shown, zero) == 0;
}

double
lh_review_accuracy (double mean_loss)
{
  return 100.0 * pow (0.75, MAX (mean_loss, 0.0));
}

LhReviewUnit
lh_review_unit_for_params (const LhSolverParams *params)
{
  switch (params->kind)
    {
    case LH_SOLVER_EXACT:
      if (params->exact.objective == LH_EXACT_OBJECTIVE_TILE)
        return LH_REVIEW_UNIT_PROBABILITY;
      return params->exact.discount == 1.0 && params->exact.loss == LH_EXACT_LOSS_NONE
             ? LH_REVIEW_UNIT_POINTS : LH_REVIEW_UNIT_SOLVER;
    case LH_SOLVER_EXPECTIMAX:
    case LH_SOLVER_HYBRID:
      return params->evaluator == LH_EVALUATOR_NTUPLE
             && params->expectimax.evaluation == LH_EVALUATION_HEURISTIC
             && params->kind == LH_SOLVER_EXPECTIMAX
             ? LH_REVIEW_UNIT_POINTS : LH_REVIEW_UNIT_SOLVER;
    case LH_SOLVER_MCTS:
    case LH_SOLVER_MONTE_CARLO:
    case LH_SOLVER_MDP_MONTE_CARLO:
    case LH_N_SOLVERS:
    default:
      return LH_REVIEW_UNIT_SOLVER;
    }
}

LhGameReview *
lh_game_review_new (LhGameRecord *record, const LhSolverParams *params)
{
  LhGameReview *review = g_new0 (LhGameReview, 1);

  g_return_val_if_fail (record != NULL && params != NULL, NULL);
  review->record = lh_game_record_ref (record);
  review->params = *params;
  review->params.tree = NULL;
  review->params.trace = NULL;
  if (review->params.network != NULL)
    lh_ntuple_ref (review->params.network);
  review->unit = lh_review_unit_for_params (params);
  review->target_exponent = g_bit_storage (MAX (params->exact.target, 1u)) - 1;
  g_mutex_init (&review->lock);
  review->positions = g_new0 (Position, lh_game_record_get_n_moves (record) + 1);
  return review;
}

void
lh_game_review_free (LhGameReview *review)
{
  if (review == NULL)
    return;
  if (review->params.network != NULL)
    lh_ntuple_unref (review->params.network);
  lh_game_record_unref (review->record);
  g_mutex_clear (&review->lock);
  g_free (review->positions);
  g_free (review);
}

LhGameRecord *
lh_game_review_get_record (LhGameReview *review)
{
  return review->record;
}

LhReviewUnit
lh_game_review_get_unit (LhGameReview *review)
{
  return review->unit;
}

const LhSolverParams *
lh_game_review_get_params (LhGameReview *review)
{
  return &review->params;
}

/* The value of a position with no legal move: its outcome. */
static double
outcome_value (LhGameReview *review, LhWideBoard board, double lost_value)
{
  switch (review->unit)
    {
    case LH_REVIEW_UNIT_POINTS:
      return 0.0;
    case LH_REVIEW_UNIT_PROBABILITY:
      return lh_wide_board_max_exponent (board) >= review->target_exponent ? 1.0 : 0.0;
    case LH_REVIEW_UNIT_SOLVER:
    case LH_N_REVIEW_UNITS:
    default:
      return lost_value;
    }
}

void
lh_game_review_set_position (LhGameReview         *review,
                             guint                 index,
                             const LhSolverResult *result)
{
  guint n = lh_game_record_get_n_moves (review->record);
  Position position = { .valued = TRUE, .best = LH_MOVE_NONE };

  g_return_if_fail (index <= n);

  if (result != NULL)
    {
      position.lost_value = result->lost_value;
      position.depth = result->depth;
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (result->legal[m])
          {
            position.legal[m] = TRUE;
            position.values[m] = result->values[m];
            if (position.best == LH_MOVE_NONE || result->values[m] > position.values[position.best])
              position.best = (int) m;
          }
    }
  if (position.best == LH_MOVE_NONE)
    position.value = outcome_value (review, lh_game_record_get_wide_board (review->record, index),
                                    result != NULL ? result->lost_value : 0.0);
  else
    position.value = position.values[position.best];

  g_mutex_lock (&review->lock);
  position.has_shallow = review->positions[index].has_shallow;
  position.shallow = review->positions[index].shallow;
  review->positions[index] = position;
  g_mutex_unlock (&review->lock);
}

void
lh_game_review_set_shallow_value (LhGameReview *review, guint index, double value)
{
  g_return_if_fail (index <= lh_game_record_get_n_moves (review->record));
  g_mutex_lock (&review->lock);
  review->positions[index].has_shallow = TRUE;
  review->positions[index].shallow = value;
  g_mutex_unlock (&review->lock);
}

guint
lh_game_review_shallow_depth (LhGameReview *review, const LhSolverResult *result)
{
  gboolean depth_limited = review->params.kind == LH_SOLVER_EXPECTIMAX
                           || review->params.kind == LH_SOLVER_HYBRID;

  return depth_limited && result->depth >= 2 ? result->depth - 1 : 0;
}

gboolean
lh_game_review_has_position (LhGameReview *review, guint index)
{
  gboolean valued;

  g_return_val_if_fail (index <= lh_game_record_get_n_moves (review->record), FALSE);
  g_mutex_lock (&review->lock);
  valued = review->positions[index].valued;
  g_mutex_unlock (&review->lock);
  return valued;
}

/* F_i: the expected outcome at position @index. */
static double
outcome_at (LhGameReview *review, guint index, const Position *position)
{
  double outcome = position->value;

  if (review->unit == LH_REVIEW_UNIT_POINTS)
    outcome += (double) lh_game_record_get_score (review->record, index);
  return outcome;
}

/* The class scale: @amount (an error or a luck) as a percentage of what
 * the position is worth, or in percentage points of a chance. */
static double
scaled (LhReviewUnit unit, double amount, double outcome, double lost_value)
{
  double base;

  switch (unit)
    {
    case LH_REVIEW_UNIT_PROBABILITY:
      return 100.0 * amount;
    case LH_REVIEW_UNIT_POINTS:
      base = outcome;
      break;
    case LH_REVIEW_UNIT_SOLVER:
    case LH_N_REVIEW_UNITS:
    default:
      base = outcome - lost_value;
      break;
    }
  /* A base of at most one point: nothing is left to lose. */
  return base > 1.0 ? 100.0 * amount / base : 0.0;
}

static LhErrorClass
classify_error (LhReviewUnit unit, double error_scaled)
{
  for (int c = LH_N_ERROR_CLASSES - 1; c > LH_ERROR_NONE; c--)
    if (error_scaled >= error_thresholds[unit][c])
      return (LhErrorClass) c;
  return LH_ERROR_NONE;
}

static LhLuckClass
classify_luck (LhReviewUnit unit, double luck_scaled)
{
  if (luck_scaled >= lh_review_luck_threshold (unit, TRUE))
    return LH_LUCK_VERY_LUCKY;
  if (luck_scaled >= lh_review_luck_threshold (unit, FALSE))
    return LH_LUCK_LUCKY;
  if (luck_scaled <= -lh_review_luck_threshold (unit, TRUE))
    return LH_LUCK_VERY_UNLUCKY;
  if (luck_scaled <= -lh_review_luck_threshold (unit, FALSE))
    return LH_LUCK_UNLUCKY;
  return LH_LUCK_NONE;
}

/* Move @index from its positions; the lock is held. */
static gboolean
get_move_locked (LhGameReview *review, guint index, LhReviewMove *out)
{
  const Position *before = &review->positions[index];
  const Position *after = &review->positions[index + 1];
  const LhGameStep *step = lh_game_record_get_step (review->record, index);
  LhReviewMove move = { 0 };
  double reward, q;

  if (!before->valued || !after->valued)
    return FALSE;

  move.index = index;
  move.board = lh_game_record_get_wide_board (review->record, index);
  move.score = lh_game_record_get_score (review->record, index);
  move.played = (LhMove) step->move;
  move.player = (LhPlayer) step->player;
  move.best = (LhMove) before->best;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      move.legal[m] = before->legal[m];
      move.values[m] = before->values[m];
      move.n_legal += before->legal[m] ? 1 : 0;
    }
  move.value = before->value;
  move.points = step->points;
  move.value_after = after->value;

  /* A reviewer that missed the move played (it should not) values it as
   * the worst outcome: the error is then as large as it can be. */
  q = before->legal[step->move] ? before->values[step->move] : before->lost_value;
  reward = review->unit == LH_REVIEW_UNIT_POINTS ? (double) step->points : 0.0;
  move.error = before->value - q;  /* >= 0: V is the largest Q */
  move.luck = after->value - (q - reward);
  /* The spawn's own part: s_i+1 valued at the depth its value had inside
   * the search of s_i; the rest is the reviewer's drift between depths. */
  move.spawn_luck = move.luck;
  if (after->has_shallow)
    move.spawn_luck = after->shallow - (q - reward);
  move.drift = move.luck - move.spawn_luck;

  move.unit = review->unit;
  move.lost_value = before->lost_value;
  move.outcome = outcome_at (review, index, before);
  move.outcome_after = outcome_at (review, index + 1, after);
  move.error_scaled = scaled (review->unit, move.error, move.outcome, before->lost_value);
  move.luck_scaled = scaled (review->unit, move.spawn_luck, move.outcome - move.error, before->lost_value);
  move.error_class = move.n_legal > 1 ? classify_error (review->unit, move.error_scaled)
                                      : LH_ERROR_NONE;
  move.luck_class = classify_luck (review->unit, move.luck_scaled);
  move.accuracy = lh_review_accuracy (move.error_scaled);
  *out = move;
  return TRUE;
}

LhErrorClass
lh_review_move_try (const LhReviewMove *move,
                    LhMove              alternative,
                    double             *error,
                    double             *error_scaled)
{
  double e, e_scaled;

  g_return_val_if_fail ((guint) alternative < LH_N_MOVES, LH_ERROR_NONE);
  e = move->legal[alternative] ? move->value - move->values[alternative]
                               : move->value - move->lost_value;
  e_scaled = scaled (move->unit, e, move->outcome, move->lost_value);
  if (error != NULL)
    *error = e;
  if (error_scaled != NULL)
    *error_scaled = e_scaled;
  return move->n_legal > 1 ? classify_error (move->unit, e_scaled) : LH_ERROR_NONE;
}

gboolean
lh_game_review_get_move (LhGameReview *review, guint index, LhReviewMove *move)
{
  gboolean known;

  g_return_val_if_fail (index < lh_game_record_get_n_moves (review->record), FALSE);
  g_mutex_lock (&review->lock);
  known = get_move_locked (review, index, move);
  g_mutex_unlock (&review->lock);
  return known;
}

/* A move's weight in the game's mean loss, KaTrain's (katrain/core/ai.py,
 * game_report()): the position's complexity, the loss a move drawn from
 * the policy would have had (here every legal move alike: 2048 has no
 * policy network), raised to a quarter of the move's own loss, within
 * [0.05, 1] (our class scale's percent in place of Go points).  A position
 * where every move is as good counts little; one where a blunder was there
 * to make counts fully. */
static double
move_weight (const LhReviewMove *move)
{
  double complexity = 0.0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (move->legal[m])
      {
        double scaled_error;

        lh_review_move_try (move, (LhMove) m, NULL, &scaled_error);
        complexity += scaled_error / move->n_legal;
      }
  return CLAMP (MAX (complexity, move->error_scaled / 4.0), 0.05, 1.0);
}

/* Inserts @index (error @key) into the summary's largest errors. */
static void
note_largest (LhReviewSummary *summary, double *keys, guint index, double key)
{
  guint at = summary->n_largest;

  if (key <= 0.0)
    return;
  while (at > 0 && keys[at - 1] < key)
    at--;
  if (at >= LH_REVIEW_N_LARGEST)
    return;
  for (guint k = MIN (summary->n_largest, LH_REVIEW_N_LARGEST - 1); k > at; k--)
    {
      summary->largest[k] = summary->largest[k - 1];
      keys[k] = keys[k - 1];
    }
  summary->largest[at] = index;
  keys[at] = key;
  summary->n_largest = MIN (summary->n_largest + 1, LH_REVIEW_N_LARGEST);
}

void
lh_game_review_summarize (LhGameReview *review, LhReviewSummary *summary)
{
  guint n = lh_game_record_get_n_moves (review->record);
  double largest_keys[LH_REVIEW_N_LARGEST] = { 0 };
  double loss_sum = 0.0, weight_sum = 0.0, luck_square_sum = 0.0;

  *summary = (LhReviewSummary) {
    .unit = review->unit, .n_moves = n, .turning_point = -1,
    .start_score = lh_game_record_get_score (review->record, 0),
    .final_score = lh_game_record_get_score (review->record, n),
    .identity_gap = NAN, .start_value = NAN, .start_outcome = NAN,
    .end_value = NAN, .end_outcome = NAN,
  };

  g_mutex_lock (&review->lock);
  if (review->positions[0].valued)
    {
      summary->start_value = review->positions[0].value;
      summary->start_outcome = outcome_at (review, 0, &review->positions[0]);
    }
  if (review->positions[n].valued)
    {
      summary->end_value = review->positions[n].value;
      summary->end_outcome = outcome_at (review, n, &review->positions[n]);
    }
  for (guint i = 0; i < n; i++)
    {
      LhReviewMove move;
      double drop;

      if (!get_move_locked (review, i, &move))
        continue;
      summary->n_reviewed++;
      summary->total_error += move.error;
      summary->total_luck += move.luck;
      summary->total_spawn_luck += move.spawn_luck;
      summary->total_drift += move.drift;
      luck_square_sum += move.spawn_luck * move.spawn_luck;
      if (move.player == LH_PLAYER_PERSON)
        summary->person_error += move.error;
      else if (move.player == LH_PLAYER_AI)
        summary->ai_error += move.error;
      summary->luck_counts[move.luck_class]++;
      if (move.n_legal > 1)
        {
          double weight = move_weight (&move);

          summary->n_with_choice++;
          summary->error_counts[move.error_class]++;
          loss_sum += weight * move.error_scaled;
          weight_sum += weight;
          note_largest (summary, largest_keys, i, move.error_scaled);
        }
      drop = move.outcome - move.outcome_after;
      if (summary->turning_point < 0 || drop > summary->turning_drop)
        {
          summary->turning_point = (int) i;
          summary->turning_drop = drop;
        }
    }
  g_mutex_unlock (&review->lock);

  summary->error_rate = summary->n_with_choice > 0
                        ? summary->total_error / summary->n_with_choice : 0.0;
  summary->mean_loss = weight_sum > 0.0 ? loss_sum / weight_sum : 0.0;
  summary->accuracy = lh_review_accuracy (summary->mean_loss);
  if (summary->n_reviewed > 0)
    {
      double k = summary->n_reviewed;

      summary->mean_spawn_luck = summary->total_spawn_luck / k;
      if (k > 1)
        {
          double variance = (luck_square_sum - k * summary->mean_spawn_luck
                                                 * summary->mean_spawn_luck) / (k - 1);

          summary->spawn_luck_sem = sqrt (MAX (variance, 0.0) / k);
        }
    }
  if (summary->n_reviewed == n && !isnan (summary->start_outcome))
    summary->identity_gap = summary->start_outcome - summary->total_error + summary->total_luck
                            - summary->end_outcome;
}

/* The runner */

typedef struct {
  LhGameReview             *review;
  guint                     n_positions;
  gint                      next;      /* atomic */
  gint                      failed;    /* atomic */
  GCancellable             *cancellable;
  LhGameReviewProgressFunc  progress;
  gpointer                  user_data;
  GMutex                    lock;      /* protects the fields below */
  guint                     n_done;
  GError                   *error;
} Run;

static void
run_fail (Run *run, GError *error)
{
  g_atomic_int_set (&run->failed, TRUE);
  g_mutex_lock (&run->lock);
  if (run->error == NULL)
    run->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&run->lock);
}

/* Values @board at one ply less than @result's search (a solver of that
 * depth made on first use, kept in @solvers), for the split of its luck. */
static gboolean
shallow_value (LhGameReview          *review,
               LhSolver            *(*solvers)[LH_MAX_DEPTH + 1],
               LhWideBoard            board,
               const LhSolverResult  *result,
               GCancellable          *cancellable,
               guint                  index,
               GError               **error)
{
  guint depth = lh_game_review_shallow_depth (review, result);
  LhGeometry geometry = lh_game_record_get_geometry (review->record);
  LhSolverResult shallow;
  double value = -G_MAXDOUBLE;

  if (depth == 0)
    return TRUE;
  if ((*solvers)[depth] == NULL)
    {
      LhSolverParams params = review->params;

      params.depth = depth;
      params.adaptive = FALSE;
      params.time_budget_ms = 0;
      if (((*solvers)[depth] = lh_solver_new (&params, error)) == NULL)
        return FALSE;
    }
  if (!lh_solver_search_wide ((*solvers)[depth], board, geometry,
                              lh_game_record_get_rules (review->record), cancellable, NULL, NULL,
                              &shallow, error))
    return FALSE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (shallow.legal[m])
      value = MAX (value, shallow.values[m]);
  lh_game_review_set_shallow_value (review, index, value);
  return TRUE;
}

static gpointer
run_worker (gpointer data)
{
  Run *run = data;
  LhGameReview *review = run->review;
  LhGeometry geometry = lh_game_record_get_geometry (review->record);
  LhRules rules = lh_game_record_get_rules (review->record);
  gboolean seeded = review->params.kind != LH_SOLVER_EXPECTIMAX
                    && review->params.kind != LH_SOLVER_EXACT;
  g_autoptr(LhSolver) solver = NULL;
  LhSolver *shallow_solvers[LH_MAX_DEPTH + 1] = { NULL };
  GError *error = NULL;

  while (!g_atomic_int_get (&run->failed))
    {
      guint index = (guint) g_atomic_int_add (&run->next, 1);
      LhWideBoard board;
      LhSolverResult result;

      if (index >= run->n_positions)
        break;
      if (lh_game_review_has_position (review, index))
        continue;
      if (g_cancellable_set_error_if_cancelled (run->cancellable, &error))
        {
          run_fail (run, error);
          break;
        }
      board = lh_game_record_get_wide_board (review->record, index);
      if (lh_rules_legal_moves (rules, board, geometry) == 0)
        lh_game_review_set_position (review, index, NULL);
      else
        {
          if (solver == NULL || seeded)
            {
              LhSolverParams params = review->params;

              /* A randomised reviewer's value of a position depends on
               * the position's index only, never on the thread. */
              if (seeded)
                params.seed = lh_parallel_task_seed (review->params.seed, index);
              g_clear_pointer (&solver, lh_solver_free);
              if ((solver = lh_solver_new (&params, &error)) == NULL)
                {
                  run_fail (run, error);
                  break;
                }
            }
          if (!lh_solver_search_wide (solver, board, geometry, rules, run->cancellable, NULL, NULL,
                                      &result, &error))
            {
              run_fail (run, error);
              break;
            }
          if (result.cancelled)
            {
              run_fail (run, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  _("The review was cancelled")));
              break;
            }
          lh_game_review_set_position (review, index, &result);
          if (index > 0 && !shallow_value (review, &shallow_solvers, board, &result,
                                           run->cancellable, index, &error))
            {
              run_fail (run, error);
              break;
            }
        }

      g_mutex_lock (&run->lock);
      run->n_done++;
      if (run->progress != NULL)
        run->progress (index, run->n_done, run->n_positions, run->user_data);
      g_mutex_unlock (&run->lock);
    }
  for (guint d = 0; d <= LH_MAX_DEPTH; d++)
    lh_solver_free (shallow_solvers[d]);
  return NULL;
}

gboolean
lh_game_review_run (LhGameReview             *review,
                    guint                     n_threads,
                    LhGameReviewProgressFunc  progress,
                    gpointer                  user_data,
                    GCancellable             *cancellable,
                    GError                  **error)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  Run run = {
    .review = review,
    .n_positions = lh_game_record_get_n_moves (review->record) + 1,
    .cancellable = cancellable,
    .progress = progress,
    .user_data = user_data,
  };
  gboolean ok;

  g_return_val_if_fail (review != NULL, FALSE);
  g_return_val_if_fail (n_threads >= 1 && n_threads <= LH_MAX_THREADS, FALSE);

  g_mutex_init (&run.lock);
  for (guint i = 0; i < MIN (n_threads, run.n_positions); i++)
    {
      GError *thread_error = NULL;
      GThread *thread = g_thread_try_new ("lh-review", run_worker, &run, &thread_error);

      if (thread == NULL)
        {
          run_fail (&run, thread_error);
          break;
        }
      g_ptr_array_add (threads, thread);
    }
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
  g_mutex_clear (&run.lock);

  ok = run.error == NULL;
  if (!ok)
    g_propagate_error (error, run.error);
  return ok;
}
