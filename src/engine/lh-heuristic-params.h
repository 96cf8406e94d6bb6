/* lh-heuristic-params.h: the heuristic's parameters, their descriptions and
 * their validation.
 *
 * One table describes every parameter (its key, label, tooltip, range and
 * the term it shapes): the side panel builds its sliders from it, preset
 * files and `lookahead-cli --set NAME=VALUE` name parameters by its keys,
 * and lh_heuristic_params_validate() checks its ranges.  The terms
 * themselves are defined in lh-heuristic.h.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LhHeuristicTerm:
 * The terms of the heuristic, in the order of the breakdown (lh-heuristic.h
 * defines each).  @LH_TERM_SNAKE and @LH_TERM_GRADIENT are per-cell terms (a
 * weight matrix times the tile values), which the board's heat map shows.
 */
typedef enum {
  LH_TERM_EMPTY,
  LH_TERM_MERGES,
  LH_TERM_MONOTONICITY,
  LH_TERM_SMOOTHNESS,
  LH_TERM_SUM,
  LH_TERM_SNAKE,
  LH_TERM_NEIGHBOUR_DIFF,
  LH_TERM_GRADIENT,
  LH_TERM_CORNER,
  LH_N_TERMS
} LhHeuristicTerm;

/**
 * LhHeuristicParams:
 * Weights (points per unit of the term) and shape parameters.  A weight of 0
 * switches a term off.  Valid ranges are in lh_heuristic_param_list().
 */
typedef struct {
  double empty_weight;
  double merges_weight;
  double monotonicity_weight;
  double monotonicity_power;
  double smoothness_weight;
  double sum_weight;
  double sum_power;
  double snake_weight;
  double snake_base;            /* reference 004's a, > 1 */
  double neighbour_diff_weight;
  double game_over_penalty;     /* per line, >= 0 */
  double gradient_weight;       /* reference 001's weight matrix */
  double gradient_base;         /* its ratio per step from the corner, > 1 */
  double corner_weight;         /* reference 003's MyMeasure */
} LhHeuristicParams;

/**
 * LhHeuristicParamInfo:
 * One parameter of LhHeuristicParams.
 * @key: its name in preset files, GSettings (with '-' for '_') and
 *   `--set` ("empty_weight")
 * @label: N_() short label for the panel ("Empty cells")
 * @description: N_() what the term measures and the unit, for a tooltip
 * @term: the term it weighs or shapes; LH_N_TERMS for the game-over penalty
 * @is_weight: TRUE for a weight, FALSE for a shape parameter (power, base)
 * @min, @max: the valid range (inclusive, except @min_exclusive)
 * @min_exclusive: TRUE when @min itself is invalid (the bases: > 1)
 * @slider_min, @slider_max: the range a slider offers (within @min..@max;
 *   a value entry accepts the whole valid range)
 * @step: the slider's step; @digits: decimals shown
 * @offset: the field's offset in LhHeuristicParams (a double)
 */
typedef struct {
  const char      *key;
  const char      *label;
  const char      *description;
  LhHeuristicTerm  term;
  gboolean         is_weight;
  double           min, max;
  gboolean         min_exclusive;
  double           slider_min, slider_max;
  double           step;
  guint            digits;
  gsize            offset;
} LhHeuristicParamInfo;

/**
 * lh_heuristic_param_list:
 * @n_params: (out): the number of parameters
 * Returns: (transfer none): the parameters, in the panel's order (term by
 *   term, each weight before its shape parameters, the game-over penalty
 *   last); static.
 */
const LhHeuristicParamInfo *lh_heuristic_param_list (guint *n_params);

/**
 * lh_heuristic_param_keys_to_string:
 * @separator: what goes between two keys, such as ", "
 *
 * Every parameter's key in the order of lh_heuristic_param_list(), for
 * messages and help texts that list the keys: "empty_weight, merges_weight,
 * ..." with ", ".
 *
 * Returns: (transfer full): the keys; free with g_free().
 */
char *lh_heuristic_param_keys_to_string (const char *separator);

/**
 * lh_heuristic_param_find:
 * @key: a key such as "empty_weight"; '-' is accepted for '_'
 * Returns: (transfer none) (nullable): its description, or NULL
 */
const LhHeuristicParamInfo *lh_heuristic_param_find (const char *key);

/** lh_heuristic_params_get: the value of @info's field in @params. */
double lh_heuristic_params_get (const LhHeuristicParams    *params,
                                const LhHeuristicParamInfo *info);

/** lh_heuristic_params_set: sets @info's field (not validated). */
void lh_heuristic_params_set (LhHeuristicParams          *params,
                              const LhHeuristicParamInfo *info,
                              double                      value);

/**
 * lh_heuristic_param_check:
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) when @value is
 *   not finite or outside @info's range; the message names the key, the
 *   value and the range.
 */
gboolean lh_heuristic_param_check (const LhHeuristicParamInfo *info,
                                   double                      value,
                                   GError                    **error);

/**
 * lh_heuristic_params_init_default:
 * The Balanced preset, the default of the window and the CLI: nneonneo/2048-ai's
 * terms and powers (merges 700, monotonicity at power 4, sum 11 at power 3.5,
 * lost penalty 200000) with the empty-cell weight raised from 270 to 1000 and
 * the monotonicity weight lowered from 47 to 10, which plays much stronger at
 * depths 2 and 3 (benchmarks/README.md has the figures).  The terms
 * nneonneo does not have are off (weight 0; bases 2).
 */
void lh_heuristic_params_init_default (LhHeuristicParams *params);

/** lh_term_to_string: the term's key ("empty", "merges", ...); static. */
const char *lh_term_to_string (LhHeuristicTerm term);

/** lh_term_get_label: the term's translated label ("Empty cells"); static. */
const char *lh_term_get_label (LhHeuristicTerm term);

/**
 * lh_heuristic_params_validate:
 * Checks every field with lh_heuristic_param_check().
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_ARGUMENT) naming the first
 *   field out of range.
 */
gboolean lh_heuristic_params_validate (const LhHeuristicParams *params, GError **error);

/**
 * lh_heuristic_params_has_cell_terms:
 * Returns: TRUE when a per-cell term (@LH_TERM_SNAKE or @LH_TERM_GRADIENT)
 *   has a weight other than 0: what the board's heat map shows
 *   (lh_heuristic_cell_contributions()); FALSE means the heat map would be
 *   empty (Balanced has no per-cell term).
 */
gboolean lh_heuristic_params_has_cell_terms (const LhHeuristicParams *params);

G_END_DECLS
