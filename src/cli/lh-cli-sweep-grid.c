/* lh-cli-sweep-grid.c: the grid of `lookahead-cli sweep`: the --param
 * axes, their values and every point's parameters (see lh-cli-sweep-grid.h). */

#include "lh-config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-cli-sweep-grid.h"
#include "lh-format.h"

static void
axis_clear (LhCliSweepAxis *axis)
{
  g_clear_pointer (&axis->text, g_free);
  g_clear_pointer (&axis->values, g_free);
}

/* The most decimals a grid value is rounded to. */
#define MAX_DECIMALS 15

/* The decimals of @value's shortest round-trip text, at most MAX_DECIMALS:
 * 2 for 0.25, 5 for 1e-05, 0 for 1500 or 1.5e+20. */
static int
count_decimals (double value)
{
  g_autofree char *buffer = lh_cli_format_number (value);
  const char *dot, *exponent;
  int decimals = 0;

  exponent = strpbrk (buffer, "eE");
  dot = strchr (buffer, '.');
  if (dot != NULL)
    decimals = (int) ((exponent != NULL ? exponent : buffer + strlen (buffer)) - dot - 1);
  if (exponent != NULL)
    decimals -= atoi (exponent + 1);
  return CLAMP (decimals, 0, MAX_DECIMALS);
}

/* @value rounded to @decimals (0 to MAX_DECIMALS) decimals: the double
 * nearest to k / 10^@decimals (k an integer; both are exact doubles, so the
 * division is correctly rounded); never -0.  A value too large for k to be
 * exact is rounded to 15 significant digits instead. */
static double
round_decimals (double value, int decimals)
{
  double scale = pow (10.0, decimals);
  double scaled = value * scale;

  if (fabs (scaled) < 0x1p53)
    value = round (scaled) / scale;
  else
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (buffer, sizeof buffer, "%.15g", value);
      value = g_ascii_strtod (buffer, NULL);
    }
  return value == 0.0 ? 0.0 : value;
}

/* lh_cli_parse_number(), with a message naming the --param and @what. */
static gboolean
parse_number (const char *param, const char *what, const char *text, double *out, GError **error)
{
  double value;

  if (!lh_cli_parse_number (text, &value))
    {
      g_autofree char *quoted_param = lh_format_excerpt (param, -1, LH_FORMAT_EXCERPT_SHORT);
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:x:1: TO “x” is not a number"; the
                    * second %s is FROM, TO or STEP, not translated */
                   _("--param %s: %s “%s” is not a number"), quoted_param, what, quoted);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* Parses "NAME=FROM:TO:STEP" into @axis and checks each value with
 * lh_cli_search_options_set_value() (the name, the form and the key's
 * range).  The solver's validator checks the rest at each grid point. */
static gboolean
parse_axis (LhCliSearchOptions *search,
            const char         *text,
            LhCliSweepAxis               *axis,
            GError            **error)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *name = NULL;
  const char *equals = strchr (text, '=');
  double span;
  int decimals;
  guint i;

  *axis = (LhCliSweepAxis) { 0 };
  axis->text = g_strdup (text);
  if (equals == NULL || equals == text ||
      g_strv_length (parts = g_strsplit (equals + 1, ":", -1)) != 3)
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param: “depth=1:3” is not NAME=FROM:TO:STEP" */
                   _("--param: “%s” is not NAME=FROM:TO:STEP"), quoted);
      return FALSE;
    }
  name = g_strndup (text, equals - text);
  axis->name = lh_cli_search_options_canonical_name (name);
  if (axis->name == NULL)
    {
      g_autoptr(GError) name_error = NULL;

      /* set_value's message lists the names. */
      lh_cli_search_options_set_value (search, name, parts[0], &name_error);
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--param: %s",
                   name_error->message);
      return FALSE;
    }

  if (!parse_number (text, "FROM", parts[0], &axis->from, error) ||
      !parse_number (text, "TO", parts[1], &axis->to, error) ||
      !parse_number (text, "STEP", parts[2], &axis->step, error))
    return FALSE;
  if (axis->from > axis->to)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=3:1:1: FROM 3 is more than TO 1" */
                   _("--param %s: FROM %g is more than TO %g"), text, axis->from, axis->to);
      return FALSE;
    }
  if (!(axis->step > 0.0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:3:0: STEP 0 is not more than 0" */
                   _("--param %s: STEP %g is not more than 0"), text, axis->step);
      return FALSE;
    }

  /* The last i with FROM + i × STEP <= TO + STEP × 1e-9. */
  span = (axis->to - axis->from) / axis->step + 1e-9;
  if (!(span < LH_CLI_SWEEP_MAX_POINTS))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: "--param depth=1:100000:1: more than 10000 values" */
                   _("--param %s: more than %d values"), text, LH_CLI_SWEEP_MAX_POINTS);
      return FALSE;
    }
  axis->n_values = (guint) floor (span) + 1;
  axis->values = g_new (double, axis->n_values);
  decimals = MAX (count_decimals (axis->from), count_decimals (axis->step));
  for (i = 0; i < axis->n_values; i++)
    {
      g_autofree char *buffer = NULL;
      g_autoptr(GError) value_error = NULL;
      double value = axis->from + i * axis->step;

      /* TO as given, else the decimals of FROM and STEP: 0.1 × 3 is 0.3, not
       * 0.30000000000000004; -0.3 + 3 × 0.1 is 0, not 5.55e-17. */
      if (i == axis->n_values - 1 && fabs (value - axis->to) <= axis->step * 1e-9)
        axis->values[i] = axis->to;
      else
        axis->values[i] = round_decimals (value, decimals);

      buffer = lh_cli_format_number (axis->values[i]);
      if (!lh_cli_search_options_set_value (search, axis->name, buffer, &value_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--param depth=0:2:1: --depth: 0 is out of range
                        * (1 to 12)" */
                       _("--param %s: %s"), text, value_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* Sets every axis to its value at grid point @point (the first axis varies
 * slowest) and writes the values to @values (one per axis). */
static gboolean
set_point (LhCliSearchOptions *search,
           const LhCliSweepAxis         *axes,
           guint               n_axes,
           guint               point,
           double             *values,
           GError            **error)
{
  for (guint a = n_axes; a-- > 0;)
    {
      g_autofree char *buffer = NULL;

      values[a] = axes[a].values[point % axes[a].n_values];
      point /= axes[a].n_values;
      buffer = lh_cli_format_number (values[a]);
      if (!lh_cli_search_options_set_value (search, axes[a].name, buffer, error))
        return FALSE;
    }
  return TRUE;
}

char *
lh_cli_sweep_grid_describe_point (const LhCliSweepGrid *grid, guint point)
{
  GString *text = g_string_new (NULL);
  const double *values = grid->values + (gsize) point * grid->n_axes;

  for (guint a = 0; a < grid->n_axes; a++)
    g_string_append_printf (text, "%s%s=%g", a > 0 ? ", " : "", grid->axes[a].name, values[a]);
  return g_string_free (text, FALSE);
}

void
lh_cli_sweep_grid_clear (LhCliSweepGrid *grid)
{
  for (guint a = 0; grid->axes != NULL && a < grid->n_axes; a++)
    axis_clear (&grid->axes[a]);
  g_clear_pointer (&grid->axes, g_free);
  g_clear_pointer (&grid->params, g_free);
  g_clear_pointer (&grid->values, g_free);
  grid->n_axes = 0;
  grid->n_points = 0;
}

gboolean
lh_cli_sweep_grid_settle (LhCliSweepGrid            *grid,
                          const LhCliSearchOptions  *search,
                          char                     **param_texts,
                          GError                   **error)
{
  /* The points' values are set in a copy: setting a value touches only the
   * options' values, never what they own. */
  LhCliSearchOptions scratch = *search;
  guint n_axes, n_points = 1, a, p;

  *grid = (LhCliSweepGrid) { 0 };
  if (param_texts == NULL || param_texts[0] == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--param is required"));
      return FALSE;
    }

  /* The axes: each name once, each value in range, at most
   * LH_CLI_SWEEP_MAX_POINTS points. */
  n_axes = g_strv_length (param_texts);
  grid->axes = g_new0 (LhCliSweepAxis, n_axes);
  grid->n_axes = n_axes;
  for (a = 0; a < n_axes; a++)
    {
      if (!parse_axis (&scratch, param_texts[a], &grid->axes[a], error))
        return FALSE;
      for (guint b = 0; b < a; b++)
        if (g_str_equal (grid->axes[a].name, grid->axes[b].name))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         /* TRANSLATORS: "--param: depth is given twice" */
                         _("--param: %s is given twice"), grid->axes[a].name);
            return FALSE;
          }
      if ((guint64) n_points * grid->axes[a].n_values > LH_CLI_SWEEP_MAX_POINTS)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--param: the grid has more than %d points"), LH_CLI_SWEEP_MAX_POINTS);
          return FALSE;
        }
      n_points *= grid->axes[a].n_values;
    }

  /* Every point's parameters, checked before any game is played. */
  grid->n_points = n_points;
  grid->params = g_new (LhSolverParams, n_points);
  grid->values = g_new (double, (gsize) n_points * n_axes);
  for (p = 0; p < n_points; p++)
    {
      g_autoptr(GError) point_error = NULL;

      if (!set_point (&scratch, grid->axes, n_axes, p, grid->values + (gsize) p * n_axes,
                      &point_error) ||
          !lh_cli_search_options_to_params (&scratch, &grid->params[p], &point_error))
        {
          g_autofree char *where = lh_cli_sweep_grid_describe_point (grid, p);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: "--param at depth=2, gamma=0: gamma must be more than 0" */
                       _("--param at %s: %s"), where, point_error->message);
          return FALSE;
        }
    }
  return TRUE;
}
