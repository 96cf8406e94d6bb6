/* lh-evaluator.c: the evaluation interface (see lh-evaluator.h). */
#include "lh-evaluator.h"
#include "lh-names.h"
#include "lh-ntuple-wide.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

static const char *const kind_names[] = { "heuristic", "ntuple", NULL };

G_STATIC_ASSERT (G_N_ELEMENTS (kind_names) == LH_N_EVALUATOR_KINDS + 1);

const char *
lh_evaluator_kind_to_string (LhEvaluatorKind kind)
{
  g_return_val_if_fail ((guint) kind < LH_N_EVALUATOR_KINDS, "none");
  return kind_names[kind];
}

gboolean
lh_evaluator_kind_from_string (const char *text, LhEvaluatorKind *kind)
{
  int k = lh_names_lookup (kind_names, LH_N_EVALUATOR_KINDS, text);

  if (k < 0)
    return FALSE;
  *kind = (LhEvaluatorKind) k;
  return TRUE;
}

const char *const *
lh_evaluator_kind_names (void)
{
  return kind_names;
}

void
lh_evaluator_init_heuristic (LhEvaluator *evaluator, const LhHeuristic *heuristic)
{
  g_return_if_fail (evaluator != NULL && heuristic != NULL);

  *evaluator = (LhEvaluator) {
    .kind = LH_EVALUATOR_HEURISTIC,
    .counts_points = FALSE,
    .geometry = lh_heuristic_get_geometry (heuristic),
    .lost_value = lh_heuristic_game_over_value (heuristic),
    .heuristic = heuristic,
  };
}

gboolean
lh_evaluator_init_ntuple (LhEvaluator    *evaluator,
                          const LhNtuple *network,
                          LhGeometry      geometry,
                          GError        **error)
{
  LhGeometry own;

  g_return_val_if_fail (evaluator != NULL && network != NULL, FALSE);

  own = lh_ntuple_get_geometry (network);
  if (!lh_geometry_equal (own, geometry))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: "the n-tuple network is for 4×4 boards, not 3×3" */
                   _("the n-tuple network is for %u×%u boards, not %u×%u"),
                   own.rows, own.cols, geometry.rows, geometry.cols);
      return FALSE;
    }
  *evaluator = (LhEvaluator) {
    .kind = LH_EVALUATOR_NTUPLE,
    .counts_points = TRUE,
    .geometry = own,
    .lost_value = 0,
    .ntuple = network,
  };
  return TRUE;
}

void
lh_evaluator_evaluate_moves (const LhEvaluator *evaluator, const LhBoard *afterstates, guint n,
                             double *values)
{
  g_return_if_fail (n <= LH_N_MOVES);

  if (evaluator->kind == LH_EVALUATOR_NTUPLE)
    {
      guint32 indices[LH_N_MOVES * LH_NTUPLE_MAX_SHAPES * LH_NTUPLE_MAX_SYMMETRIES];
      float v[LH_N_MOVES];

      lh_ntuple_evaluate_batch (evaluator->ntuple, afterstates, n, v, indices);
      for (guint i = 0; i < n; i++)
        values[i] = v[i];
      return;
    }
  for (guint i = 0; i < n; i++)
    values[i] = lh_evaluator_evaluate (evaluator, afterstates[i]);
}

double
lh_evaluator_position_value (const LhEvaluator *evaluator, LhBoard board)
{
  LhBoard after[LH_N_MOVES];
  guint32 points[LH_N_MOVES];
  double values[LH_N_MOVES];
  double best = -INFINITY;
  guint n = 0;

  if (lh_board_is_game_over (board, evaluator->geometry))
    return evaluator->lost_value;
  if (!evaluator->counts_points)
    return lh_evaluator_evaluate (evaluator, board);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      after[n] = lh_board_move (board, evaluator->geometry, (LhMove) m, &points[n]);
      if (after[n] != board)
        n++;
    }
  lh_evaluator_evaluate_moves (evaluator, after, n, values);
  for (guint i = 0; i < n; i++)
    best = MAX (best, points[i] + values[i]);
  return best;
}

guint
lh_evaluator_get_n_terms (const LhEvaluator *evaluator)
{
  switch (evaluator->kind)
    {
    case LH_EVALUATOR_HEURISTIC:
      return LH_N_TERMS;
    case LH_EVALUATOR_NTUPLE:
      return lh_ntuple_get_n_shapes (evaluator->ntuple);
    case LH_N_EVALUATOR_KINDS:
    default:
      return 0;
    }
}

gboolean
lh_evaluator_term_is_used (const LhEvaluator *evaluator, guint index)
{
  const LhHeuristicParamInfo *info;
  guint n_params = 0;

  g_return_val_if_fail (index < lh_evaluator_get_n_terms (evaluator), FALSE);

  if (evaluator->kind == LH_EVALUATOR_NTUPLE)
    return TRUE;
  info = lh_heuristic_param_list (&n_params);
  for (guint i = 0; i < n_params; i++)
    if (info[i].term == index && info[i].is_weight)
      return lh_heuristic_params_get (lh_heuristic_get_params (evaluator->heuristic), &info[i]) != 0;
  return FALSE;
}

char *
lh_evaluator_get_term_name (const LhEvaluator *evaluator, guint index)
{
  g_return_val_if_fail (index < lh_evaluator_get_n_terms (evaluator), NULL);

  if (evaluator->kind == LH_EVALUATOR_NTUPLE)
    {
      LhGeometry geometry = lh_ntuple_get_geometry (evaluator->ntuple);
      char *name = lh_ntuple_shape_describe (lh_ntuple_get_shape (evaluator->ntuple, index), geometry);

      /* Two shapes of one form and place: their cells tell them apart. */
      for (guint other = 0; other < lh_ntuple_get_n_shapes (evaluator->ntuple); other++)
        {
          g_autofree char *other_name = NULL;

          if (other == index)
            continue;
          other_name = lh_ntuple_shape_describe (lh_ntuple_get_shape (evaluator->ntuple, other), geometry);
          if (g_str_equal (name, other_name))
            {
              g_autofree char *cells = lh_ntuple_shape_to_string (lh_ntuple_get_shape (evaluator->ntuple,
                                                                                      index));
              char *both = g_strdup_printf ("%s (%s)", name, cells);

              g_free (name);
              return both;
            }
        }
      return name;
    }
  return g_strdup (lh_term_get_label ((LhHeuristicTerm) index));
}

void
lh_evaluator_breakdown (const LhEvaluator *evaluator, LhBoard afterstate, double *terms)
{
  if (evaluator->kind == LH_EVALUATOR_NTUPLE)
    lh_ntuple_contributions (evaluator->ntuple, afterstate, terms);
  else
    lh_heuristic_breakdown (lh_heuristic_get_params (evaluator->heuristic), evaluator->geometry,
                            afterstate, terms);
}

gboolean
lh_evaluator_cell_values (const LhEvaluator *evaluator, LhBoard afterstate, double cells[16])
{
  memset (cells, 0, 16 * sizeof *cells);
  if (evaluator->kind == LH_EVALUATOR_NTUPLE)
    {
      lh_ntuple_cell_values (evaluator->ntuple, afterstate, cells);
      return TRUE;
    }
  return lh_heuristic_cell_contributions (lh_heuristic_get_params (evaluator->heuristic),
                                          evaluator->geometry, afterstate, cells);
}

void
lh_evaluator_breakdown_wide (const LhEvaluator *evaluator, LhWideBoard afterstate, double *terms)
{
  if (evaluator->kind == LH_EVALUATOR_HEURISTIC)
    lh_heuristic_breakdown_wide (lh_heuristic_get_params (evaluator->heuristic), evaluator->geometry,
                                 afterstate, terms);
  else
    lh_ntuple_contributions_wide (evaluator->ntuple, afterstate, terms);
}

gboolean
lh_evaluator_cell_values_wide (const LhEvaluator *evaluator, LhWideBoard afterstate,
                               double cells[LH_WIDE_N_CELLS])
{
  if (evaluator->kind == LH_EVALUATOR_HEURISTIC)
    return lh_heuristic_cell_contributions_wide (lh_heuristic_get_params (evaluator->heuristic),
                                                 evaluator->geometry, afterstate, cells);
  lh_ntuple_cell_values_wide (evaluator->ntuple, afterstate, cells);
  return TRUE;
}

double
lh_evaluator_evaluate_wide (const LhEvaluator *evaluator, LhWideBoard afterstate)
{
  if (evaluator->kind == LH_EVALUATOR_HEURISTIC)
    return lh_heuristic_evaluate_wide (evaluator->heuristic, afterstate);
  return lh_ntuple_evaluate_wide (evaluator->ntuple, afterstate);
}

double
lh_evaluator_position_value_wide (const LhEvaluator *evaluator, LhWideBoard board, LhRules rules)
{
  double best = -INFINITY;

  if (lh_rules_legal_moves (rules, board, evaluator->geometry) == 0)
    return evaluator->lost_value;
  if (!evaluator->counts_points)
    return lh_evaluator_evaluate_wide (evaluator, board);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint64 points = 0;
      LhWideBoard after = lh_rules_move (rules, board, evaluator->geometry, (LhMove) m, &points);

      if (after != board)
        best = MAX (best, (double) points + lh_evaluator_evaluate_wide (evaluator, after));
    }
  return best;
}
