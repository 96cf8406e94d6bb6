/* lh-move-rows.c: what each row of the move chart says (see lh-move-rows.h). */
#include "lh-config.h"
#include "lh-move-rows.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-format.h"
#include "lh-exact-format.h"

/* A 95 % confidence interval is the mean ± this many standard errors. */
#define Z_95 1.96

typedef enum {
  MODE_EXPECTED,  /* expectimax, hybrid: differences from the best */
  MODE_SAMPLED,   /* Monte Carlo, MDP Monte Carlo: means with intervals */
  MODE_VISITS,    /* MCTS: visit shares, means beside them */
  MODE_EXACT,     /* Perfect Play with its rules known: differences in their units */
} Mode;

static Mode
mode_of (const LhMoveRows *self)
{
  if (self->solver == LH_SOLVER_EXACT && self->has_rules)
    return MODE_EXACT;
  switch (self->solver)
    {
    case LH_SOLVER_MONTE_CARLO:
    case LH_SOLVER_MDP_MONTE_CARLO:
      return MODE_SAMPLED;
    case LH_SOLVER_MCTS:
      return MODE_VISITS;
    case LH_SOLVER_EXPECTIMAX:
    case LH_SOLVER_HYBRID:
    case LH_SOLVER_EXACT:
    case LH_N_SOLVERS:
    default:
      return MODE_EXPECTED;
    }
}

/* ---- Numbers ---- */

/* @value with three significant digits and a k, M or G suffix, a real minus
 * sign ("141", "14.4k", "−1.2k", "1.6M"): the format of the breakdown table
 * and the tree, at any depth and magnitude. */
static char *
format_number (double value)
{
  return lh_format_compact (value, FALSE);
}

/* @value as format_number() with its sign: "+1.2k", "−41.2", "0". */
static char *
format_signed (double value)
{
  return lh_format_compact (value, TRUE);
}

/* @share (a fraction) as a signed percentage: "−3.4 %", "−27 %", "−0.04 %". */
static char *
format_percent (double share)
{
  double percent = 100 * share;
  double magnitude = fabs (percent);
  int decimals = magnitude >= 10 ? 0 : magnitude >= 1 ? 1 : 2;

  /* Not "−0.00 %": a gap too small to show still reads as one. */
  if (magnitude < 0.005)
      return magnitude == 0
           ? g_strdup (_("0 %"))
           /* Translators: a percentage smaller than 0.01 %; %s the sign */
           : g_strdup_printf (_("%s<0.01 %%"), percent < 0 ? "−" : "");
  /* Translators: a percentage; %s the sign, %.*f the number */
  return g_strdup_printf (_("%s%.*f %%"), percent < 0 ? "−" : "", decimals, magnitude);
}

/* A count with thousands separators: "1,234". */
static char *
format_count (guint64 count)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, count);
}

/* "141 ± 2.87", or "141" without an interval. */
static char *
format_interval (double mean, double half_width)
{
  g_autofree char *m = format_number (mean);
  g_autofree char *h = NULL;

  if (!isfinite (half_width))
    return g_steal_pointer (&m);
  h = format_number (half_width);
  /* Translators: a mean and the half-width of its 95 % interval */
  return g_strdup_printf (_("%s ± %s"), m, h);
}

/* ---- Rows ---- */

static void
row_clear (LhMoveRow *row)
{
  g_clear_pointer (&row->value_text, g_free);
  g_clear_pointer (&row->detail_text, g_free);
  g_clear_pointer (&row->tooltip, g_free);
  g_clear_pointer (&row->optimal_text, g_free);
  row->optimal = FALSE;
  row->fraction = 0;
  row->lo = row->hi = NAN;
  row->tied = FALSE;
}

/* The legal move with the best value, or LH_MOVE_NONE. */
static int
best_move (const LhSolverResult *r)
{
  int best = LH_MOVE_NONE;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m] && (best == LH_MOVE_NONE || r->values[m] > r->values[best]))
      best = (int) m;
  return best;
}

/* Half the 95 % interval of move @m's value, NAN when it has none. */
static double
half_width (const LhSolverResult *r, guint m)
{
  return Z_95 * r->std_errors[m];
}

/* Whether move @m's interval overlaps that of @best (not @best itself). */
static gboolean
is_tied (const LhSolverResult *r, guint m, int best)
{
  double hm = half_width (r, m), hb;

  if (best == LH_MOVE_NONE || (int) m == best || !r->legal[m])
    return FALSE;
  hb = half_width (r, (guint) best);
  if (!isfinite (hm) || !isfinite (hb))
    return FALSE;
  return r->values[m] + hm >= r->values[best] - hb;
}

/* (@value - @bottom) / @span, within [0, 1]. */
static double
scale_fraction (double value, double bottom, double span)
{
  return span > 0 ? CLAMP ((value - bottom) / span, 0.0, 1.0) : 1.0;
}

/* The unit line of an expected value's tooltip. */
static char *
expected_unit (const LhMoveRows *self)
{
  const LhSolverResult *r = &self->result;

  if (self->counts_points)
    {
      g_autofree char *score = format_count (self->score);

      return g_strdup_printf (g_dngettext (NULL,
                                           /* Translators: the unit of a move's value with a learned
                                            * network; %u a depth, %s the score now */
                                           "Expected points: what this move scores plus what the network "
                                           "expects after it, searched %u move deep; with the score now "
                                           "(%s), the expected final score.",
                                           "Expected points: what this move scores plus what the network "
                                           "expects after it, searched %u moves deep; with the score now "
                                           "(%s), the expected final score.",
                                           r->depth),
                              r->depth, score);
    }
  return g_strdup_printf (g_dngettext (NULL,
                                       /* Translators: the unit of a move's value; %u a depth */
                                       "Heuristic points: the expected evaluation of the position after "
                                       "this move, searched %u move deep. They mean nothing outside this "
                                       "position: compare the moves' gaps.",
                                       "Heuristic points: the expected evaluation of the position after "
                                       "this move, searched %u moves deep. They mean nothing outside this "
                                       "position: compare the moves' gaps.",
                                       r->depth),
                          r->depth);
}

/* Expectimax, hybrid.  The best reads "best"; each other move its
 * difference from it.  Beside them, on a scale that means the same early
 * and late in a game:
 * - with a network (points): the best move's expected final score (the
 *   score now plus its value), and what each other move gives up as a share
 *   of that final score (the review's scale, docs/review.md);
 * - with the heuristic (scores that mean nothing outside the position):
 *   the best's score named as a heuristic's, and each gap as a share of the
 *   legal moves' range (best to worst), as issue 26 asks. */
static void
fill_expected (LhMoveRows *self, int best, double bottom)
{
  const LhSolverResult *r = &self->result;
  double top = r->values[best], span = top - bottom, worst = top;
  double final_score = (double) self->score + top;
  guint n_legal = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m])
      {
        worst = MIN (worst, r->values[m]);
        n_legal++;
      }
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMoveRow *row = &self->rows[m];
      g_autofree char *raw = NULL;
      g_autofree char *unit = NULL;
      g_autofree char *gap = NULL;
      g_autofree char *difference = NULL;

      if (!r->legal[m])
        continue;
      row->fraction = scale_fraction (r->values[m], bottom, span);
      difference = (int) m == best ? NULL : format_signed (r->values[m] - top);
      if ((int) m == best || g_strcmp0 (difference, "0") == 0)
        {
          g_autofree char *value = format_number (self->counts_points ? final_score : r->values[m]);

          row->value_text = (int) m == best
                            /* Translators: the label of the best move in the chart of move values */
                            ? g_strdup (_("best"))
                            /* Translators: a move whose value equals the best's to three digits */
                            : g_strdup (_("= best"));
          row->detail_text = self->counts_points
                             /* Translators: beside the best move: %s its expected final score ("24.3k") */
                             ? g_strdup_printf (_("%s final score"), value)
                             /* Translators: beside the best move: %s its value ("24k"), a heuristic's */
                             : g_strdup_printf (_("%s heuristic score"), value);
          gap = (int) m == best
                /* Translators: a tooltip; %s a move */
                ? g_strdup_printf (_("%s: the best move."), lh_format_move_label (m))
                /* Translators: a tooltip; %s a move */
                : g_strdup_printf (_("%s: as good as the best move, to three significant "
                                     "digits."), lh_format_move_label (m));
        }
      else if (self->counts_points)
        {
          g_autofree char *below = format_number (top - r->values[m]);
          g_autofree char *share = format_percent (final_score > 0 ? (top - r->values[m]) / final_score : 0);

          /* Translators: what a move gives up against the best: %s points ("−1.24k") */
          row->value_text = g_strdup_printf (_("%s points"), difference);
          /* Translators: %s a percentage ("5.1 %") */
          row->detail_text = g_strdup_printf (_("%s of the final score"), share);
          /* Translators: a tooltip; %s a move, %s points, %s a percentage */
          gap = g_strdup_printf (_("%s: %s expected points below the best move (%s of the expected "
                                   "final score)."), lh_format_move_label (m), below, share);
        }
      else
        {
          g_autofree char *below = format_number (top - r->values[m]);
          g_autofree char *share = format_percent (top > worst ? (top - r->values[m]) / (top - worst) : 0);

          row->value_text = g_steal_pointer (&difference);
          /* With two legal moves the range says nothing (the other is all of it). */
          row->detail_text = n_legal >= 3
                             /* Translators: %s a percentage ("35 %"): a move's gap from the best
                              * as a share of the gap between the best and the worst legal move */
                             ? g_strdup_printf (_("%s of the range"), share)
                             /* Translators: beside a move's gap from the best: its unit */
                             : g_strdup (_("heuristic"));
          /* Translators: a tooltip; %s a move, %s points, %s a percentage */
          gap = g_strdup_printf (_("%s: %s heuristic points below the best move, %s of the way "
                                   "from the best legal move to the worst."), lh_format_move_label (m),
                                 below, share);
        }
      unit = expected_unit (self);
      /* Translators: a tooltip line; %.1f a raw value in points */
      raw = g_strdup_printf (_("Value: %.1f points."), r->values[m]);
      row->tooltip = g_strjoin ("\n", gap, unit, raw, NULL);
    }
}

/* The tooltip of a sampled mean: @first_line, then its interval, the tie,
 * the unit and the raw numbers, a line each. */
static char *
sampled_tooltip (LhMoveRows *self, guint m, const char *first_line)
{
  const LhSolverResult *r = &self->result;
  double half = half_width (r, m);
  GString *text = g_string_new (first_line);

  g_string_append_c (text, '\n');
  if (isfinite (half))
    {
      g_autofree char *lo = format_number (r->values[m] - half);
      g_autofree char *hi = format_number (r->values[m] + half);

      /* Translators: a tooltip line; %s and %s the ends of an interval */
      g_string_append_printf (text, _("95 %% confidence interval: %s to %s."), lo, hi);
    }
  else
    /* Translators: a tooltip line, for a mean of a single sample */
    g_string_append (text, _("Too few samples for a confidence interval."));
  if (self->rows[m].tied)
    {
      g_string_append_c (text, '\n');
      /* Translators: a tooltip line */
      g_string_append (text, _("≈ Statistically tied with the best move: their intervals "
                               "overlap, so more playouts could reverse them."));
    }
  g_string_append_c (text, '\n');
  g_string_append (text, r->lost_value != 0
                   /* Translators: the unit of a sampling solver's value, playouts measured by the heuristic */
                   ? _("Unit: heuristic points of the positions the playouts from this move end "
                       "in, averaged.")
                   /* Translators: the unit of a sampling solver's value */
                   : _("Unit: the playout measure (points scored, by default) of the playouts "
                       "from this move, averaged."));
  g_string_append_c (text, '\n');
  /* Translators: a tooltip line; %.2f a mean, %.2f its standard error */
  g_string_append_printf (text, _("Mean: %.2f, standard error %.2f."), r->values[m],
                          r->std_errors[m]);
  return g_string_free (text, FALSE);
}

/* Monte Carlo, MDP Monte Carlo: the mean ± half its 95 % interval, an
 * error bar, the playouts; ties with the best marked. */
static void
fill_sampled (LhMoveRows *self, int best, double bottom)
{
  const LhSolverResult *r = &self->result;
  double top = -INFINITY, span;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m])
      top = MAX (top, r->values[m] + (isfinite (half_width (r, m)) ? half_width (r, m) : 0));
  span = top - bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMoveRow *row = &self->rows[m];
      double half = half_width (r, m);
      g_autofree char *count = NULL;
      g_autofree char *playouts = NULL;
      g_autofree char *first = NULL;

      if (!r->legal[m])
        continue;
      row->tied = is_tied (r, m, best);
      row->fraction = scale_fraction (r->values[m], bottom, span);
      if (isfinite (half))
        {
          row->lo = scale_fraction (r->values[m] - half, bottom, span);
          row->hi = scale_fraction (r->values[m] + half, bottom, span);
        }
      row->value_text = format_interval (r->values[m], half);
      count = format_count (r->visits[m]);
      /* Translators: playouts behind a move's mean; %s a number */
      playouts = g_strdup_printf (g_dngettext (NULL, "%s playout", "%s playouts", r->visits[m]),
                                  count);
      row->detail_text = (int) m == best
                         /* Translators: the best move's mark; %s "N playouts" */
                         ? g_strdup_printf (_("best · %s"), playouts)
                         : row->tied
                         /* Translators: "statistically tied" mark; %s "N playouts" */
                         ? g_strdup_printf (_("≈ tied · %s"), playouts)
                         : g_strdup (playouts);
      first = self->solver == LH_SOLVER_MDP_MONTE_CARLO
              /* Translators: a tooltip line; %s a move, %s a mean, %s playouts */
              ? g_strdup_printf (_("%s: %s, weighted over the tile spawns (%s)."),
                                 lh_format_move_label (m), row->value_text, playouts)
              /* Translators: a tooltip line; %s a move, %s a mean, %s playouts */
              : g_strdup_printf (_("%s: %s, the mean of %s."), lh_format_move_label (m), row->value_text,
                                 playouts);
      row->tooltip = sampled_tooltip (self, m, first);
    }
}

/* MCTS: the share of the root's visits as the bar and the main label, the
 * mean and its interval beside it. */
static void
fill_visits (LhMoveRows *self, int best)
{
  const LhSolverResult *r = &self->result;
  guint64 total = 0, most = 0;
  g_autofree char *total_text = NULL;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (r->legal[m])
      {
        total += r->visits[m];
        most = MAX (most, r->visits[m]);
      }
  total_text = format_count (total);

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMoveRow *row = &self->rows[m];
      double share = total > 0 ? (double) r->visits[m] / (double) total : 0;
      g_autofree char *mean = NULL;
      g_autofree char *count = NULL;
      g_autofree char *first = NULL;
      g_autofree char *percent = NULL;

      if (!r->legal[m])
        continue;
      row->tied = is_tied (r, m, best);
      row->fraction = most > 0 ? (double) r->visits[m] / (double) most : 0;
      percent = g_strdup_printf ("%.0f %%", 100 * share);
      row->value_text = g_strdup (percent);
      mean = format_interval (r->values[m], half_width (r, m));
      count = format_count (r->visits[m]);
      /* The visits first: in a narrow column the ellipsis cuts the mean's
       * interval, not the count ("248 vi…", issue 26). */
      row->detail_text = g_strdup_printf (row->tied
                                          /* Translators: MCTS: %s visits, %s "141 ± 2.87"; tied */
                                          ? _("≈ tied · %s visits · mean %s")
                                          /* Translators: MCTS: %s visits, %s "141 ± 2.87" */
                                          : _("%s visits · mean %s"), count, mean);
      /* Translators: a tooltip line; %s a move, %s a percentage, %s visits, %s all visits */
      first = g_strdup_printf (_("%s: %s of the search's visits (%s of %s); the search spends its "
                                 "visits on the moves it rates best. Mean value %s."),
                               lh_format_move_label (m), percent, count,
                               total_text, mean);
      row->tooltip = sampled_tooltip (self, m, first);
    }
}

/* Perfect Play: the best reads "best", the others their difference from
 * it in the objective's units ("−12.3", "−0.8 %"), each value in words
 * beside it. */
static void
fill_exact (LhMoveRows *self, int best, double bottom)
{
  const LhSolverResult *r = &self->result;
  double top = r->values[best], span = top - bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMoveRow *row = &self->rows[m];
      double loss = top - r->values[m];
      g_autofree char *value = NULL;
      g_autofree char *first = NULL;
      const char *unit;

      if (!r->legal[m])
        continue;
      row->fraction = scale_fraction (r->values[m], bottom, span);
      value = lh_exact_format_value (&self->rules, r->values[m]);
      if ((int) m == best || lh_exact_loss_is_zero (loss, top))
        {
          row->value_text = (int) m == best ? g_strdup (_("best")) : g_strdup (_("= best"));
          /* Translators: a tooltip line; %s a move */
          first = g_strdup_printf (_("%s: the best move under perfect play."), lh_format_move_label (m));
        }
      else
        {
          g_autofree char *number = lh_exact_format_number (&self->rules, loss);
          g_autofree char *lost = lh_exact_format_loss (&self->rules, loss, top);

          row->value_text = g_strdup_printf ("−%s", number);
          /* Translators: a tooltip line; %s a move, %s what it loses ("−12.3 points vs optimal") */
          first = g_strdup_printf (_("%s: %s."), lh_format_move_label (m), lost);
        }
      row->detail_text = g_strdup (value);
      row->optimal = lh_exact_loss_is_zero (loss, top);
      unit = self->rules.objective == LH_EXACT_OBJECTIVE_TILE
             /* Translators: the unit of a Perfect Play value */
             ? _("Exact value: the chance that the target tile appears when this move is played and "
                 "every later move is the best.")
             /* Translators: the unit of a Perfect Play value */
             : _("Exact value: the points still to be scored, expected, when this move is played and "
                 "every later move is the best (its own points included).");
      row->tooltip = g_strjoin ("\n", first, unit, value, NULL);
    }
}

/* Beside another solver's values: each move's optimal value, the optimal
 * moves marked; and what the chosen move loses against perfect play. */
static void
fill_optimal (LhMoveRows *self)
{
  const LhSolverResult *r = &self->result;
  const double *q = self->optimal_values;
  int best = LH_MOVE_NONE;
  int chosen = r->move;

  g_clear_pointer (&self->loss_text, g_free);
  if (!self->has_values || !self->has_rules)
    return;

  if (mode_of (self) == MODE_EXACT)
    {
      /* Its own values are the optimal ones: shown once, and its move is
       * the best by them. */
      best = best_move (r);
      if (chosen >= 0 && chosen < LH_N_MOVES && r->legal[chosen] && best != LH_MOVE_NONE)
        self->loss_text = lh_exact_format_loss (&self->rules, r->values[best] - r->values[chosen],
                                                r->values[best]);
      return;
    }
  if (!self->has_optimal)
    return;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (self->optimal_legal[m] && (best == LH_MOVE_NONE || q[m] > q[best]))
      best = (int) m;
  if (best == LH_MOVE_NONE)
    return;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhMoveRow *row = &self->rows[m];
      g_autofree char *value = NULL;
      g_autofree char *loss = NULL;
      char *tooltip;

      if (!self->optimal_legal[m] || !r->legal[m])
        continue;
      row->optimal_text = lh_exact_format_optimal (&self->rules, q[m]);
      row->optimal = lh_exact_loss_is_zero (q[best] - q[m], q[best]);
      value = lh_exact_format_value (&self->rules, q[m]);
      loss = lh_exact_format_loss (&self->rules, q[best] - q[m], q[best]);
      /* Translators: a tooltip line; %s a value ("5,468.2 points", "73.7 % chance
       * of 1024"), %s what the move loses ("optimal", "−12.3 points vs optimal") */
      tooltip = g_strdup_printf (_("Perfect play: %s after this move (%s)."), value, loss);
      if (row->tooltip != NULL)
        {
          char *joined = g_strjoin ("\n", row->tooltip, tooltip, NULL);

          g_free (tooltip);
          tooltip = joined;
        }
      g_free (row->tooltip);
      row->tooltip = tooltip;
    }
  if (chosen >= 0 && chosen < LH_N_MOVES && self->optimal_legal[chosen])
    self->loss_text = lh_exact_format_loss (&self->rules, q[best] - q[chosen], q[best]);
}

char *
lh_move_rows_describe (const LhMoveRows *self)
{
  GString *text = g_string_new (NULL);

  if (!self->has_values)
    g_string_append (text, _("No search yet."));
  for (guint m = 0; self->has_values && m < LH_N_MOVES; m++)
    {
      const LhMoveRow *row = &self->rows[m];

      if (m > 0)
        g_string_append_c (text, ' ');
      if (row->detail_text != NULL)
        /* Translators: %s a move (Up, Down...), %s its value, %s more about it */
        g_string_append_printf (text, _("%s: %s, %s."), lh_format_move_label (m), row->value_text,
                                row->detail_text);
      else
        /* Translators: %s a move (Up, Down...), %s its value */
        g_string_append_printf (text, _("%s: %s."), lh_format_move_label (m), row->value_text);
    }
  if (self->has_values && self->result.move >= 0 && self->result.move < LH_N_MOVES)
    /* Translators: %s the move the AI chose */
    g_string_append_printf (text, _(" Chosen: %s."), lh_format_move_label (self->result.move));
  for (guint m = 0; self->has_values && m < LH_N_MOVES; m++)
    if (self->rows[m].optimal_text != NULL)
      /* Translators: %s a move, %s its optimal value ("opt 5,468") */
      g_string_append_printf (text, _(" %s: %s."), lh_format_move_label (m), self->rows[m].optimal_text);
  if (self->has_values && self->loss_text != NULL)
    /* Translators: %s what the chosen move loses against perfect play ("optimal",
     * "−12.3 points vs optimal") */
    g_string_append_printf (text, _(" Against perfect play: %s."), self->loss_text);
  return g_string_free (text, FALSE);
}

/* "played" after the detail of the row of the move played. */
static void
mark_played (LhMoveRows *self)
{
  LhMoveRow *row;
  char *text;

  if (!self->has_values || self->played < 0 || self->played >= LH_N_MOVES
      || !self->result.legal[self->played])
    return;
  row = &self->rows[self->played];
  /* First, so a narrow chart's ellipsis never cuts it off. */
  /* Translators: before a move's detail in the chart of move values: the move
   * the person (or the AI) played in the reviewed game */
  text = row->detail_text != NULL ? g_strdup_printf (_("played · %s"), row->detail_text)
                                  : g_strdup (_("played"));
  g_free (row->detail_text);
  row->detail_text = text;
}

/* Fills the rows from self->result. */
static void
update_rows (LhMoveRows *self)
{
  const LhSolverResult *r = &self->result;
  int best = best_move (r);
  double lowest = INFINITY, bottom;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      row_clear (&self->rows[m]);
      if (self->has_values && !r->legal[m])
        /* Translators: shown in the chart of move values for a move that changes nothing */
        self->rows[m].value_text = g_strdup (_("not possible"));
      if (r->legal[m])
        lowest = MIN (lowest, r->values[m]);
    }
  /* The scale's bottom: 0 while every value is positive (shares of the best
   * read as they should), the value of a lost game once one is not; never
   * above a value. */
  bottom = lowest >= 0 && r->lost_value <= 0 ? 0 : MIN (r->lost_value, lowest);
  if (self->has_values && best != LH_MOVE_NONE)
    switch (mode_of (self))
      {
      case MODE_EXACT:
        fill_exact (self, best, bottom);
        break;
      case MODE_SAMPLED:
        fill_sampled (self, best, bottom);
        break;
      case MODE_VISITS:
        fill_visits (self, best);
        break;
      case MODE_EXPECTED:
      default:
        fill_expected (self, best, bottom);
        break;
      }
  fill_optimal (self);
  mark_played (self);
}

void
lh_move_rows_set (LhMoveRows *self, LhSolverKind solver, const LhSolverResult *result)
{
  g_return_if_fail (self != NULL);

  self->has_values = result != NULL;
  self->solver = solver;
  if (result != NULL)
    self->result = *result;
  else
    self->result = (LhSolverResult) { .move = LH_MOVE_NONE };
  update_rows (self);
}

void
lh_move_rows_set_optimal (LhMoveRows         *self,
                          const LhExactRules *rules,
                          const gboolean     *legal,
                          const double       *values)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail ((legal == NULL) == (values == NULL));

  self->has_rules = rules != NULL;
  if (rules != NULL)
    self->rules = *rules;
  self->has_optimal = rules != NULL && legal != NULL;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      self->optimal_legal[m] = self->has_optimal && legal[m] && isfinite (values[m]);
      self->optimal_values[m] = self->optimal_legal[m] ? values[m] : NAN;
    }
  update_rows (self);
}

void
lh_move_rows_set_scale (LhMoveRows *self, gboolean counts_points, guint64 score)
{
  g_return_if_fail (self != NULL);

  self->counts_points = !!counts_points;
  self->score = score;
  update_rows (self);
}

void
lh_move_rows_set_played (LhMoveRows *self, int move)
{
  g_return_if_fail (self != NULL);

  self->played = move;
  update_rows (self);
}

void
lh_move_rows_init (LhMoveRows *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
  self->result.move = LH_MOVE_NONE;
  self->played = LH_MOVE_NONE;
  for (guint m = 0; m < LH_N_MOVES; m++)
    self->rows[m].lo = self->rows[m].hi = NAN;
}

void
lh_move_rows_clear (LhMoveRows *self)
{
  g_return_if_fail (self != NULL);

  for (guint m = 0; m < LH_N_MOVES; m++)
    row_clear (&self->rows[m]);
  g_clear_pointer (&self->loss_text, g_free);
  self->has_values = FALSE;
}
