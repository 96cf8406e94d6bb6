/* lh-game-review.h: the analysis of a whole game, what each move cost and
 * what each spawn gave or took (the window's review and `lookahead-cli
 * review`).
 *
 * A reviewer (any solver and evaluator, LhSolverParams) values every
 * position s_i of a record (lh-game-record.h): Q(s_i, m) for each legal
 * move m, and V(s_i) = max_m Q(s_i, m); a position with no legal move is
 * worth its outcome (0 points still to score; with the tile objective 1
 * when the target is on the board, else 0).  Then, for move i (played m_i,
 * scoring r_i, followed by a spawn that gives s_i+1):
 *
 *   error  e_i = V(s_i) - Q(s_i, m_i)                 >= 0, 0 for the best move
 *   luck   l_i = V(s_i+1) - (Q(s_i, m_i) - rho_i)     the spawn against its expectation
 *
 * where rho_i is r_i when the values count points (LH_REVIEW_UNIT_POINTS)
 * and 0 otherwise.  With the expected outcome F_i = V(s_i), plus the score
 * at s_i for points, the sums telescope, for every game and exactly:
 *
 *   F_n = F_0 - sum e_i + sum l_i     (final score = V(s_0) - sum e + sum l
 *                                      for a finished game from score 0)
 *
 * With the exact solver l_i is the spawn's pure deviation from its
 * expectation (GNU Backgammon's luck of a roll); with a depth-limited
 * search it also absorbs the search's own inconsistency (V(s_i+1) searched
 * afresh is not the value the search of s_i gave that spawn), so its mean
 * over many games is not 0.  The review splits it: the spawn's own luck,
 * s_i+1 valued at the depth its value had inside the search of s_i (mean
 * 0 over the spawns), and the drift, the rest (LhReviewMove).  Spawns are
 * classed by their own luck.
 *
 * Classes use a scale that means the same early and late in a game
 * (lh_review_scale()): for points, the share of the expected final score
 * F_i a move gives up (or a spawn gives or takes), in percent; for the tile
 * objective, percentage points of the chance of the target (Lichess's win %
 * points); for a solver's own units (the heuristic), the share of V(s_i)
 * above the value of a lost position.
 *
 * An LhGameReview holds the record and what is known of each position;
 * positions may be set from any thread, in any order (the runner,
 * lh_game_review_run(), searches them on worker threads), and a move is
 * known once both its positions are.
 */
#pragma once

#include <gio/gio.h>

#include "lh-game-record.h"
#include "lh-solver.h"

G_BEGIN_DECLS

/**
 * LhReviewUnit: what a reviewer's values are
 * @LH_REVIEW_UNIT_POINTS: expected points still to score (the exact
 *   solver's expected score, undiscounted; expectimax or the hybrid with an
 *   evaluator that counts points, the n-tuple network): a move's value
 *   includes its own points
 * @LH_REVIEW_UNIT_PROBABILITY: the chance of reaching the target tile
 *   (the exact solver's tile objective), 0 to 1
 * @LH_REVIEW_UNIT_SOLVER: the solver's own units (the heuristic's points,
 *   a playout measure, a discounted score): comparable within a position,
 *   a move's points not added
 */
typedef enum {
  LH_REVIEW_UNIT_POINTS,
  LH_REVIEW_UNIT_PROBABILITY,
  LH_REVIEW_UNIT_SOLVER,
  LH_N_REVIEW_UNITS
} LhReviewUnit;

/**
 * lh_review_unit_for_params:
 * Returns: the unit of @params' values (see LhReviewUnit).
 */
LhReviewUnit lh_review_unit_for_params (const LhSolverParams *params);

/**
 * LhErrorClass: how bad a move was, by its error on the class scale
 * @LH_ERROR_NONE: below the inaccuracy threshold
 * @LH_ERROR_INACCURACY: "?!"
 * @LH_ERROR_MISTAKE: "?"
 * @LH_ERROR_BLUNDER: "??"
 */
typedef enum {
  LH_ERROR_NONE,
  LH_ERROR_INACCURACY,
  LH_ERROR_MISTAKE,
  LH_ERROR_BLUNDER,
  LH_N_ERROR_CLASSES
} LhErrorClass;

/**
 * LhLuckClass: what a spawn gave or took, by its luck on the class scale
 */
typedef enum {
  LH_LUCK_VERY_UNLUCKY,
  LH_LUCK_UNLUCKY,
  LH_LUCK_NONE,
  LH_LUCK_LUCKY,
  LH_LUCK_VERY_LUCKY,
  LH_N_LUCK_CLASSES
} LhLuckClass;

/** lh_error_class_to_string: "none", "inaccuracy", "mistake", "blunder"; static. */
const char *lh_error_class_to_string (LhErrorClass error_class);
/** lh_error_class_get_label: translated ("Inaccuracy"), "" for none; static. */
const char *lh_error_class_get_label (LhErrorClass error_class);
/**
 * lh_error_class_get_name:
 * Returns: translated, as it reads inside a sentence ("mistake" in
 *   English, "Fehler" in German: each language's own case), "" for none;
 *   static.  Not the label lowercased, which breaks German nouns.
 */
const char *lh_error_class_get_name (LhErrorClass error_class);
/** lh_error_class_get_mark: "", "?!", "?", "??" (the annotation marks of chess and GNU Backgammon); static. */
const char *lh_error_class_get_mark (LhErrorClass error_class);
/** lh_luck_class_to_string: "very-unlucky", "unlucky", "none", "lucky", "very-lucky"; static. */
const char *lh_luck_class_to_string (LhLuckClass luck_class);
/** lh_luck_class_get_label: translated ("Very unlucky"), "" for none; static. */
const char *lh_luck_class_get_label (LhLuckClass luck_class);
/** lh_luck_class_get_name: translated, inside a sentence ("very unlucky"), "" for none; static. */
const char *lh_luck_class_get_name (LhLuckClass luck_class);

/**
 * lh_review_error_threshold:
 * Returns: the smallest error, on the class scale of @unit (percent of the
 *   expected final score, or percentage points of the chance), of a move in
 *   @error_class (INACCURACY to BLUNDER); lh-game-review.c has the sources.
 */
double lh_review_error_threshold (LhReviewUnit unit, LhErrorClass error_class);
/**
 * lh_review_luck_threshold:
 * Returns: the smallest luck, on the class scale, of a LUCKY (@very FALSE)
 *   or VERY_LUCKY spawn; unlucky is the same below zero.
 */
double lh_review_luck_threshold (LhReviewUnit unit, gboolean very);

/**
 * lh_review_accuracy:
 * @mean_loss: the weighted mean error on the class scale (percent of the
 *   expected final score, or percentage points of the chance) of the moves
 *   with a choice (LhReviewSummary.mean_loss); for one move, its own error
 * Returns: the accuracy, 0 to 100: 100 x 0.75^@mean_loss, KaTrain's
 *   accuracy of a game from its weighted points lost per move
 *   (sanderland/katrain, katrain/core/ai.py, game_report()) with our loss
 *   in place of Go points.  docs/review.md gives the figures that
 *   calibrate it.
 */
double lh_review_accuracy (double mean_loss);

/**
 * lh_review_format_amount:
 * @amount: an error, a luck or a value in @unit
 * Returns: (transfer full): @amount for people, translated, its magnitude
 *   only (the caller says "lost" or "gave"): "1,240 expected points" (the
 *   locale's digit grouping), "3.2 percentage points" for a chance, or the
 *   compact number for a solver's own units ("12.3k").  Free with g_free().
 */
char *lh_review_format_amount (LhReviewUnit unit, double amount);

/**
 * lh_review_amount_shows_zero:
 * @amount: an error, a luck or a value in @unit
 * Returns: whether lh_review_format_amount() writes @amount as it writes
 *   0 ("0 expected points" for 0.3 points): a move that lost that little
 *   is told as good as the best, not "preferred …, by 0 expected points".
 */
gboolean lh_review_amount_shows_zero (LhReviewUnit unit, double amount);

/**
 * LhReviewMove: one move of a reviewed game
 * @index: i, from 0
 * @board: s_i, the position before the move (a wide board)
 * @score: the score at s_i, points
 * @played: the move played (LhMove)
 * @player: who played it (LhPlayer)
 * @best: the reviewer's best move (the first of equal values)
 * @n_legal: legal moves at s_i (a move "with a choice" has more than one)
 * @legal, @values: Q(s_i, m) for each legal move, in the unit
 * @value: V(s_i)
 * @points: the move's points r_i
 * @value_after: V(s_i+1)
 * @error: e_i, in the unit (>= 0)
 * @luck: l_i, in the unit
 * @spawn_luck: the spawn's own part of @luck: V'(s_i+1) - (Q(s_i, m_i) -
 *   rho_i), with V'(s_i+1) the value of s_i+1 at one ply less than its own
 *   search (the depth its value had inside the search of s_i), so that its
 *   mean over the spawns is 0 when the moves' values are expectations over
 *   them (expectimax without a cutoff); @luck itself for a reviewer with
 *   no depth to split (the exact solver, the sampling solvers)
 * @drift: @luck - @spawn_luck: how much the reviewer's value of s_i+1
 *   grew from one ply less to its full depth (its own inconsistency,
 *   positive on average where deeper search plays better than the
 *   evaluator's values assume)
 * @error_scaled: e_i on the class scale (lh_review_scale())
 * @luck_scaled: @spawn_luck on the class scale
 * @error_class, @luck_class: the classes (luck by @luck_scaled)
 * @accuracy: lh_review_accuracy (@error_scaled)
 * @outcome: F_i, the expected outcome at s_i (score + V for points)
 * @outcome_after: F_i+1
 * @unit: the unit of the values
 * @lost_value: the bottom of the reviewer's scale at s_i (a lost
 *   position's value, LhSolverResult.lost_value)
 */
typedef struct {
  guint        index;
  LhWideBoard  board;
  guint64      score;
  LhMove       played;
  LhPlayer     player;
  LhMove       best;
  guint        n_legal;
  gboolean     legal[LH_N_MOVES];
  double       values[LH_N_MOVES];
  double       value;
  guint32      points;
  double       value_after;
  double       error;
  double       luck;
  double       spawn_luck;
  double       drift;
  double       error_scaled;
  double       luck_scaled;
  LhErrorClass error_class;
  LhLuckClass  luck_class;
  double       accuracy;
  double       outcome;
  double       outcome_after;
  LhReviewUnit unit;
  double       lost_value;
} LhReviewMove;

/**
 * lh_review_move_try:
 * @move: a reviewed move
 * @alternative: another move in the same position (s_i)
 * @error: (out) (optional): the error @alternative would have had, in the unit
 * @error_scaled: (out) (optional): the same on the class scale
 * What @alternative, played instead, would have cost by the reviewer's
 * values of that position: to judge a second try from the position
 * (Try Again From Here).  An illegal @alternative costs all the value.
 * Returns: its class (LH_ERROR_NONE for the best move or within the
 *   inaccuracy threshold of it).
 */
LhErrorClass lh_review_move_try (const LhReviewMove *move,
                                 LhMove              alternative,
                                 double             *error,
                                 double             *error_scaled);

/** LH_REVIEW_N_LARGEST: how many largest errors a summary lists. */
#define LH_REVIEW_N_LARGEST 5

/**
 * LhReviewSummary: a whole reviewed game (the moves known so far)
 * @unit: the values' unit
 * @n_moves: moves of the record
 * @n_reviewed: moves known (both their positions valued)
 * @n_with_choice: reviewed moves with more than one legal move
 * @start_score, @final_score: the record's, points
 * @start_value: V(s_0); @start_outcome F_0
 * @end_value: V(s_n) (0 for a finished game with points); @end_outcome F_n
 * @total_error, @total_luck: sums over the reviewed moves, in the unit
 * @total_spawn_luck, @total_drift: @total_luck's two parts (LhReviewMove)
 * @identity_gap: F_0 - sum e + sum l - F_n over a fully reviewed game
 *   (0 up to rounding; NAN until every move is known)
 * @error_rate: @total_error / @n_with_choice (GNU Backgammon's error rate),
 *   in the unit per move
 * @mean_loss: the mean error on the class scale of the moves with a
 *   choice, each weighted as KaTrain weighs a move (katrain/core/ai.py,
 *   game_report()): by the position's complexity (the mean loss of its
 *   legal moves, each alike) or a quarter of the move's own loss if more,
 *   within [0.05, 1]
 * @accuracy: lh_review_accuracy (@mean_loss), 0 to 100 (100 with no move)
 * @error_counts: moves with a choice in each LhErrorClass
 * @luck_counts: spawns in each LhLuckClass
 * @mean_spawn_luck, @spawn_luck_sem: the mean spawn luck per move and its
 *   standard error (sample standard deviation / sqrt (moves)), in the unit
 * @largest: the indices of the largest errors on the class scale, largest
 *   first, @n_largest of them (moves with an error above 0, at most
 *   LH_REVIEW_N_LARGEST)
 * @turning_point: the move after which the expected outcome fell most
 *   (F_i - F_i+1 = e_i - l_i largest), or -1 with no move
 * @turning_drop: that fall, in the unit
 * @person_error, @ai_error: @total_error of the moves by the person and by
 *   the AI
 */
typedef struct {
  LhReviewUnit unit;
  guint        n_moves;
  guint        n_reviewed;
  guint        n_with_choice;
  guint64      start_score;
  guint64      final_score;
  double       start_value;
  double       start_outcome;
  double       end_value;
  double       end_outcome;
  double       total_error;
  double       total_luck;
  double       total_spawn_luck;
  double       total_drift;
  double       identity_gap;
  double       error_rate;
  double       mean_loss;
  double       accuracy;
  guint        error_counts[LH_N_ERROR_CLASSES];
  guint        luck_counts[LH_N_LUCK_CLASSES];
  double       mean_spawn_luck;
  double       spawn_luck_sem;
  guint        largest[LH_REVIEW_N_LARGEST];
  guint        n_largest;
  int          turning_point;
  double       turning_drop;
  double       person_error;
  double       ai_error;
} LhReviewSummary;

typedef struct _LhGameReview LhGameReview;

/**
 * lh_game_review_new:
 * @record: (transfer none): the game, of any size and rules (its
 *   positions searched with lh_solver_search_wide()); the review keeps a
 *   reference
 * @params: the reviewer (copied; a network in it is referenced while the
 *   review lives)
 * Returns: (transfer full): a review with no position valued yet.
 */
LhGameReview *lh_game_review_new (LhGameRecord *record, const LhSolverParams *params);
/** lh_game_review_free: NULL is allowed. */
void lh_game_review_free (LhGameReview *review);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhGameReview, lh_game_review_free)

/** lh_game_review_get_record: (transfer none): the game reviewed. */
LhGameRecord *lh_game_review_get_record (LhGameReview *review);
/** lh_game_review_get_unit: the unit of the reviewer's values. */
LhReviewUnit lh_game_review_get_unit (LhGameReview *review);
/** lh_game_review_get_params: (transfer none): the reviewer's parameters. */
const LhSolverParams *lh_game_review_get_params (LhGameReview *review);

/**
 * lh_game_review_set_position:
 * @index: 0 to n
 * @result: the reviewer's search of position @index (legal moves and
 *   their values); NULL for a position with no legal move, valued by its
 *   outcome
 * Thread-safe.
 */
void lh_game_review_set_position (LhGameReview         *review,
                                  guint                 index,
                                  const LhSolverResult *result);

/**
 * lh_game_review_set_shallow_value:
 * @value: V of position @index at one ply less than its own search
 *   (lh_game_review_shallow_depth()), for the split of the luck of the
 *   spawn that led there (LhReviewMove.spawn_luck).  Thread-safe.
 */
void lh_game_review_set_shallow_value (LhGameReview *review, guint index, double value);

/**
 * lh_game_review_shallow_depth:
 * @result: the reviewer's search of a position
 * Returns: the depth to value that position at for the split of the luck
 *   (@result's depth - 1) for a depth-limited reviewer (expectimax, the
 *   hybrid) whose search went 2 plies or more; 0 for none.
 */
guint lh_game_review_shallow_depth (LhGameReview *review, const LhSolverResult *result);

/** lh_game_review_has_position: whether position @index is valued; thread-safe. */
gboolean lh_game_review_has_position (LhGameReview *review, guint index);

/**
 * lh_game_review_get_move:
 * @index: 0 to n - 1
 * @move: (out caller-allocates): move @index, when known
 * Returns: TRUE when both positions of move @index are valued.  Thread-safe.
 */
gboolean lh_game_review_get_move (LhGameReview *review, guint index, LhReviewMove *move);

/**
 * lh_game_review_summarize:
 * @summary: (out caller-allocates): the summary of the moves known so far
 * Thread-safe.
 */
void lh_game_review_summarize (LhGameReview *review, LhReviewSummary *summary);

/**
 * LhGameReviewProgressFunc:
 * Called from a worker thread after position @index is valued, @n_done
 * of @n_positions done; calls never overlap.  Must be quick.
 */
typedef void (*LhGameReviewProgressFunc) (guint    index,
                                          guint    n_done,
                                          guint    n_positions,
                                          gpointer user_data);

/**
 * lh_game_review_run:
 * @n_threads: worker threads (each with its own solver), 1 to LH_MAX_THREADS
 * @progress: (nullable): after each position
 * @cancellable: (nullable): stops the workers within a search's cancel time
 * Values every position not valued yet, in order of index (the workers
 * take the next one from a shared counter, so the known moves grow from
 * the start of the game).  May run in any thread; blocks until done.
 * Returns: FALSE with @error when a solver cannot be made for the
 *   reviewer's parameters or a search fails (G_IO_ERROR_CANCELLED when
 *   cancelled); the positions valued so far stay.
 */
gboolean lh_game_review_run (LhGameReview             *review,
                             guint                     n_threads,
                             LhGameReviewProgressFunc  progress,
                             gpointer                  user_data,
                             GCancellable             *cancellable,
                             GError                  **error);

G_END_DECLS
