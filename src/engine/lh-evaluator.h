/* lh-evaluator.h: the evaluation a search uses, behind one interface.
 *
 * An evaluator gives three things (../shared/ARCHITECTURE.md, "Evaluation is
 * an interface"): the value of an afterstate (a board after the player's
 * move, before the spawn), the value of a lost position (no legal move),
 * and, for display, an optional breakdown of a value into its terms.  It
 * has two implementations:
 *
 *   HEURISTIC  the weighted heuristic (lh-heuristic.h): its tables, in
 *              "heuristic points" (only differences matter); a lost
 *              position is lh_heuristic_game_over_value().  Its values do
 *              not count points: a search compares afterstates by them
 *              alone, as nneonneo/2048-ai does.
 *   NTUPLE     an n-tuple network (lh-ntuple.h): the expected points still
 *              to score from the afterstate (the target it was trained on);
 *              a lost position is worth 0.  Its values count points: a
 *              search adds each move's merge points along the path, so a
 *              move is worth r + V(afterstate) (M. Szubert and
 *              W. Jaśkowski, "Temporal difference learning of n-tuple
 *              networks for the game 2048", IEEE CIG 2014: the greedy
 *              1-ply player is argmax r + V(afterstate)).
 *
 * An LhEvaluator is a small value that points at the tables or the network
 * it evaluates with and owns neither: whoever made it (LhSolver) keeps the
 * heuristic or a reference on the network alive while it is used.  It is
 * read-only, so any number of threads may evaluate with one.  The hot
 * path, lh_evaluator_evaluate_shaped(), is inline and tests the kind with
 * one predictable branch before the heuristic's own inline evaluation.
 */
#pragma once

#include <glib.h>

#include "lh-board.h"
#include "lh-game.h"
#include "lh-heuristic.h"
#include "lh-ntuple.h"
#include "lh-wide-board.h"

G_BEGIN_DECLS

/**
 * LhEvaluatorKind:
 * @LH_EVALUATOR_HEURISTIC: the weighted heuristic (lh-heuristic.h)
 * @LH_EVALUATOR_NTUPLE: an n-tuple network (lh-ntuple.h)
 */
typedef enum {
  LH_EVALUATOR_HEURISTIC,
  LH_EVALUATOR_NTUPLE,
  LH_N_EVALUATOR_KINDS
} LhEvaluatorKind;

/** lh_evaluator_kind_to_string: "heuristic", "ntuple" (the CLI's --evaluator
 * values); static. */
const char *lh_evaluator_kind_to_string (LhEvaluatorKind kind);
/** lh_evaluator_kind_from_string: FALSE when @text names no evaluator. */
gboolean lh_evaluator_kind_from_string (const char *text, LhEvaluatorKind *kind);
/** lh_evaluator_kind_names: (transfer none): "heuristic", "ntuple", NULL. */
const char *const *lh_evaluator_kind_names (void);

/**
 * LhEvaluator: fill with lh_evaluator_init_heuristic() or
 * lh_evaluator_init_ntuple(); the fields are in the header so that the
 * evaluation inlines: read them through the functions below.
 * @kind: which implementation
 * @counts_points: its values are points still to score (a search adds each
 *   move's points along the path); FALSE for the heuristic
 * @geometry: the board size it evaluates
 * @lost_value: the value of a position with no legal move
 * @heuristic: (nullable): HEURISTIC: the tables (not owned)
 * @ntuple: (nullable): NTUPLE: the network (not owned)
 */
typedef struct {
  LhEvaluatorKind    kind;
  gboolean           counts_points;
  LhGeometry         geometry;
  double             lost_value;
  const LhHeuristic *heuristic;
  const LhNtuple    *ntuple;
} LhEvaluator;

/**
 * lh_evaluator_init_heuristic:
 * Makes @evaluator evaluate with @heuristic's tables (borrowed: keep them
 * alive while @evaluator is used), for the geometry they were built for.
 */
void lh_evaluator_init_heuristic (LhEvaluator *evaluator, const LhHeuristic *heuristic);

/**
 * lh_evaluator_init_ntuple:
 * @network: (transfer none): the network (borrowed: keep a reference while
 *   @evaluator is used)
 * @geometry: the board the search plays
 * Makes @evaluator evaluate with @network, which must be of @geometry.
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT), @evaluator
 *   unchanged, when the network is for another board size.
 */
gboolean lh_evaluator_init_ntuple (LhEvaluator    *evaluator,
                                   const LhNtuple *network,
                                   LhGeometry      geometry,
                                   GError        **error);

/**
 * lh_evaluator_evaluate_shaped:
 * @afterstate: a board of the evaluator's geometry after a move (a live
 *   board: the caller values a lost position with lh_evaluator_lost_value())
 * @geometry: the evaluator's own geometry; a compile-time constant here
 *   lets the compiler unroll the heuristic's line loops (the search's 4x4
 *   path, lh_heuristic_evaluate_shaped())
 * Returns: the value of @afterstate: heuristic points, or with
 *   @counts_points the points still to score from it.
 */
G_ALWAYS_INLINE static inline double
lh_evaluator_evaluate_shaped (const LhEvaluator *evaluator, LhBoard afterstate, LhGeometry geometry)
{
  if (G_LIKELY (evaluator->kind == LH_EVALUATOR_HEURISTIC))
    return lh_heuristic_evaluate_shaped (evaluator->heuristic, afterstate, geometry);
  return lh_ntuple_evaluate (evaluator->ntuple, afterstate);
}

/**
 * lh_evaluator_evaluate:
 * lh_evaluator_evaluate_shaped() with the evaluator's geometry.  For the
 * heuristic the same value as lh_heuristic_evaluate().
 */
static inline double
lh_evaluator_evaluate (const LhEvaluator *evaluator, LhBoard afterstate)
{
  return lh_evaluator_evaluate_shaped (evaluator, afterstate, evaluator->geometry);
}

/**
 * lh_evaluator_evaluate_moves:
 * @afterstates: (array length=n): 1 to LH_N_MOVES live afterstates of the
 *   evaluator's geometry (a position's legal moves)
 * @values: (out caller-allocates): n values, each exactly
 *   lh_evaluator_evaluate()'s
 * Evaluates a position's afterstates together: for a network one
 * lh_ntuple_evaluate_batch(), whose look-ups' cache misses overlap (and
 * whose indices are one PEXT each with BMI2); for the heuristic one by one.
 */
void lh_evaluator_evaluate_moves (const LhEvaluator *evaluator, const LhBoard *afterstates, guint n,
                                  double *values);

/** lh_evaluator_lost_value: the value of a position with no legal move:
 * lh_heuristic_game_over_value(), or 0 for a network. */
static inline double
lh_evaluator_lost_value (const LhEvaluator *evaluator)
{
  return evaluator->lost_value;
}

/** lh_evaluator_counts_points: whether a search adds each move's points to
 * the evaluator's values (see LhEvaluator). */
static inline gboolean
lh_evaluator_counts_points (const LhEvaluator *evaluator)
{
  return evaluator->counts_points;
}

/** lh_evaluator_get_kind: which implementation @evaluator is. */
static inline LhEvaluatorKind
lh_evaluator_get_kind (const LhEvaluator *evaluator)
{
  return evaluator->kind;
}

/** lh_evaluator_get_geometry: the board size @evaluator evaluates. */
static inline LhGeometry
lh_evaluator_get_geometry (const LhEvaluator *evaluator)
{
  return evaluator->geometry;
}

/**
 * lh_evaluator_position_value:
 * @board: a position of the evaluator's geometry, the player to move (after
 *   the spawn)
 * The value of a position rather than an afterstate, in the evaluator's
 * units: the lost value when no move is legal; otherwise, for the
 * heuristic, its value of @board itself (what the playouts' "heuristic"
 * measure always was), and for an evaluator that counts points, the
 * greedy player's value max over legal moves of points + V(afterstate)
 * (Szubert and Jaśkowski 2014), so that a playout's points plus this value
 * of where it stops estimate the points still to score.
 */
double lh_evaluator_position_value (const LhEvaluator *evaluator, LhBoard board);

/**
 * lh_evaluator_evaluate_wide:
 * @afterstate: a wide board of the evaluator's geometry (any size the
 *   heuristic takes; up to 4x4 for a network, its tiles past 32768
 *   downgraded: lh_ntuple_evaluate_wide())
 * Returns: lh_evaluator_evaluate() of a wide board: the same value for
 *   every board LhBoard holds.
 */
double lh_evaluator_evaluate_wide (const LhEvaluator *evaluator, LhWideBoard afterstate);

/**
 * lh_evaluator_position_value_wide:
 * @rules: the rules @board's moves are played by
 * Returns: lh_evaluator_position_value() of a wide board: the same value
 *   for every board LhBoard holds.
 */
double lh_evaluator_position_value_wide (const LhEvaluator *evaluator, LhWideBoard board,
                                         LhRules rules);

/**
 * lh_evaluator_get_n_terms:
 * Returns: how many terms lh_evaluator_breakdown() gives: LH_N_TERMS for
 *   the heuristic, one per shape for a network.
 */
guint lh_evaluator_get_n_terms (const LhEvaluator *evaluator);

/**
 * lh_evaluator_get_term_name:
 * Returns: (transfer full): term @index's name: the heuristic term's
 *   translated label ("Empty cells"), or a network's shape by its form and
 *   place (lh_ntuple_shape_describe(): "Corner 2×3"), followed by its
 *   cells in hexadecimal ("Corner shape of 6 (012456)", moporgic/TDL2048's
 *   notation) when another shape of the network reads alike.
 */
char *lh_evaluator_get_term_name (const LhEvaluator *evaluator, guint index);

/**
 * lh_evaluator_term_is_used:
 * Returns: whether term @index (below lh_evaluator_get_n_terms()) can add
 *   anything: for the heuristic, whether its weight is not 0 (a term of
 *   weight 0 adds 0 to every board); always for a network's shapes.  For
 *   the breakdown, which leaves out the terms that are not used.
 */
gboolean lh_evaluator_term_is_used (const LhEvaluator *evaluator, guint index);

/**
 * lh_evaluator_breakdown:
 * @terms: (out caller-allocates): lh_evaluator_get_n_terms() entries: each
 *   term's contribution to the value of @afterstate, in the value's units;
 *   they add up to lh_evaluator_evaluate() (up to rounding).  The
 *   heuristic's weighted terms (lh_heuristic_breakdown()), or each shape's
 *   sum over the symmetries (lh_ntuple_contributions()).  Slow; for display.
 */
void lh_evaluator_breakdown (const LhEvaluator *evaluator, LhBoard afterstate, double *terms);

/**
 * lh_evaluator_cell_values:
 * @cells: (out caller-allocates): 16 entries, cell (r, c) at 4 r + c, 0
 *   outside the geometry: the heat map: the heuristic's per-cell terms
 *   (lh_heuristic_cell_contributions()), or each network feature's weight
 *   shared among the cells it reads (lh_ntuple_cell_values())
 * Returns: FALSE when there is nothing to show (a heuristic without
 *   per-cell terms: every entry 0).
 */
gboolean lh_evaluator_cell_values (const LhEvaluator *evaluator, LhBoard afterstate,
                                   double cells[16]);

/**
 * lh_evaluator_breakdown_wide:
 * @afterstate: a wide board of the evaluator's geometry
 * lh_evaluator_breakdown() of a wide board: the heuristic's terms on it
 * (lh_heuristic_breakdown_wide()), or a network's shapes on it downgraded
 * as lh_ntuple_evaluate_wide() values it (lh_ntuple_downgrade()).
 */
void lh_evaluator_breakdown_wide (const LhEvaluator *evaluator, LhWideBoard afterstate,
                                  double *terms);

/**
 * lh_evaluator_cell_values_wide:
 * @afterstate: a wide board of the evaluator's geometry
 * @cells: (out caller-allocates): LH_WIDE_N_CELLS entries, cell (r, c) at
 *   LH_WIDE_CELL (r, c), 0 outside the geometry
 * lh_evaluator_cell_values() of a wide board (a network's on it downgraded).
 * Returns: FALSE when there is nothing to show.
 */
gboolean lh_evaluator_cell_values_wide (const LhEvaluator *evaluator, LhWideBoard afterstate,
                                        double cells[LH_WIDE_N_CELLS]);

G_END_DECLS
