/* lh-exact-format.c: exact values written for people (see lh-exact-format.h). */
#include "lh-config.h"
#include "lh-exact-format.h"

#include <math.h>
#include <glib/gi18n.h>

/* The target tile's value, 1024 for an exponent of 10. */
static guint
target_tile (const LhExactRules *rules)
{
  return 1u << MIN (rules->target, 15u);
}

/* A small positive @number in three significant digits, "<0.001" below a
 * thousandth: "73.7", "1.07", "0.234"; "0" for 0. */
static char *
format_small (double number)
{
  if (number <= 0)
    return g_strdup ("0");
  if (number < 0.001)
    return g_strdup ("<0.001");
  if (number >= 100)
    return g_strdup_printf ("%.0f", number);
  return g_strdup_printf ("%.3g", number);
}

char *
lh_exact_format_number (const LhExactRules *rules, double value)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    {
      g_autofree char *number = format_small (100 * value);

      /* Translators: a probability in percent; %s the number */
      return g_strdup_printf (_("%s %%"), number);
    }
  return g_strdup_printf ("%s%'.1f", value < 0 ? "−" : "", fabs (value));
}

char *
lh_exact_format_value (const LhExactRules *rules, double value)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    {
      g_autofree char *number = format_small (100 * value);

      /* Translators: %s a percentage, %u a tile (1024) */
      return g_strdup_printf (_("%s %% chance of %u"), number, target_tile (rules));
    }
  /* Translators: expected points still to be scored; %s the number */
  return g_strdup_printf (_("%s%'.1f points"), value < 0 ? "−" : "", fabs (value));
}

char *
lh_exact_format_optimal (const LhExactRules *rules, double value)
{
  g_autofree char *number = NULL;

  g_return_val_if_fail (rules != NULL, NULL);

  number = lh_exact_format_number (rules, value);
  /* Translators: a move's value under perfect play, beside the solver's own; %s a number */
  return g_strdup_printf (_("opt %s"), number);
}

gboolean
lh_exact_loss_is_zero (double loss, double best)
{
  return loss <= 1e-9 * MAX (1.0, fabs (best));
}

char *
lh_exact_format_loss (const LhExactRules *rules, double loss, double best)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (lh_exact_loss_is_zero (loss, best))
    /* Translators: a move that loses nothing against perfect play */
    return g_strdup (_("optimal"));
  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    {
      g_autofree char *number = format_small (100 * loss);

      /* Translators: what a move loses against perfect play; %s percentage
       * points, %u the target tile (1024) */
      return g_strdup_printf (_("−%s %% chance of %u"), number, target_tile (rules));
    }
  if (loss < 0.1)
    {
      g_autofree char *number = format_small (loss);

      /* Translators: what a move loses against perfect play; %s points */
      return g_strdup_printf (_("−%s points vs optimal"), number);
    }
  /* Translators: what a move loses against perfect play; %s points */
  return g_strdup_printf (_("−%'.1f points vs optimal"), loss);
}

char *
lh_exact_format_duration (double seconds)
{
  guint total = seconds > 0 ? (guint) MIN (seconds + 0.5, 1e9) : 0;

  if (total < 60)
    /* Translators: a duration in seconds */
    return g_strdup_printf (_("%u s"), total);
  if (total < 600)
    /* Translators: a duration in minutes and seconds */
    return g_strdup_printf (_("%u min %u s"), total / 60, total % 60);
  /* Translators: a duration in minutes */
  return g_strdup_printf (_("%u min"), (total + 30) / 60);
}

char *
lh_exact_format_finding (LhGeometry geometry, guint64 found, guint64 known, double elapsed,
                         double *fraction)
{
  g_return_val_if_fail (fraction != NULL, NULL);

  if (known > 0)
    {
      double share = MIN ((double) found / (double) known, 1.0);

      *fraction = share;
      if (share >= 0.02 && elapsed >= 1.0)
        {
          g_autofree char *left = lh_exact_format_duration (elapsed * (1.0 - share) / share);

          /* Translators: %u×%u a board size, %.0f a percentage of the
           * positions found, %s a duration ("40 s") */
          return g_strdup_printf (_("Solving %u×%u exactly… finding the positions: %.0f %%, at least %s "
                                    "left; the solving follows"),
                                  geometry.rows, geometry.cols, 100 * share, left);
        }
      /* Translators: %u×%u a board size, %.0f a percentage of the
       * positions found */
      return g_strdup_printf (_("Solving %u×%u exactly… finding the positions: %.0f %%; the solving follows"),
                              geometry.rows, geometry.cols, 100 * share);
    }
  *fraction = -1;
  {
    g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, found);
    g_autofree char *since = lh_exact_format_duration (elapsed);

    /* Translators: %u×%u a board size, %s a number of positions found so
     * far, %s how long it has run ("12 s") */
    return g_strdup_printf (_("Solving %u×%u exactly… finding the positions (%s so far, %s); the "
                              "solving follows"),
                            geometry.rows, geometry.cols, count, since);
  }
}
