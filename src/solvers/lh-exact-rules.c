/* lh-exact-rules.c: the rules of an exact solution (see lh-exact-rules.h). */
#include "lh-exact-rules.h"
#include "lh-format.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

static const char *const spawn_names[LH_N_EXACT_SPAWNS] = { "standard", "twos" };
static const char *const loss_names[LH_N_EXACT_LOSSES] = { "none", "score" };

void
lh_exact_rules_init_default (LhExactRules *rules)
{
  g_return_if_fail (rules != NULL);

  rules->objective = LH_EXACT_OBJECTIVE_SCORE;
  rules->target = 0;
  rules->discount = 1.0;
  rules->spawns = LH_EXACT_SPAWNS_STANDARD;
  rules->loss = LH_EXACT_LOSS_NONE;
}

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
  return FALSE;
}

gboolean
lh_exact_rules_validate (const LhExactRules *rules, GError **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if ((guint) rules->objective >= LH_N_EXACT_OBJECTIVES)
    return invalid (error, _("Unknown objective of an exact solution"));
  if ((guint) rules->spawns >= LH_N_EXACT_SPAWNS)
    return invalid (error, _("Unknown spawn rule of an exact solution"));
  if ((guint) rules->loss >= LH_N_EXACT_LOSSES)
    return invalid (error, _("Unknown loss penalty of an exact solution"));
  if (!(rules->discount > 0.0 && rules->discount <= 1.0))
    return invalid (error, _("The discount must be above 0 and at most 1"));
  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    {
      if (rules->target < 1 || rules->target > LH_MAX_EXPONENT)
        return invalid (error, _("The target tile must be a power of two from 2 to 32768"));
      if (rules->discount != 1.0)
        return invalid (error, _("The probability of a tile takes no discount"));
      if (rules->loss != LH_EXACT_LOSS_NONE)
        return invalid (error, _("The probability of a tile takes no loss penalty"));
    }
  else if (rules->target != 0)
    return invalid (error, _("The score objective takes no target tile"));
  return TRUE;
}

gboolean
lh_exact_request_validate (LhGeometry geometry, const LhExactRules *rules, GError **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (!lh_geometry_is_valid (geometry))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("%ux%u is not a board size"),
                   geometry.rows, geometry.cols);
      return FALSE;
    }
  return lh_exact_rules_validate (rules, error);
}

gboolean
lh_exact_rules_equal (const LhExactRules *a, const LhExactRules *b)
{
  return a->objective == b->objective && a->target == b->target && a->discount == b->discount
         && a->spawns == b->spawns && a->loss == b->loss;
}

gboolean
lh_exact_objective_parse (const char *text, LhExactRules *rules, GError **error)
{
  g_return_val_if_fail (text != NULL && rules != NULL, FALSE);

  if (g_str_equal (text, "score"))
    {
      rules->objective = LH_EXACT_OBJECTIVE_SCORE;
      rules->target = 0;
      return TRUE;
    }
  if (g_str_has_prefix (text, "tile:"))
    {
      const char *digits = text + 5;
      char *end = NULL;
      guint64 value;

      errno = 0;
      value = g_ascii_strtoull (digits, &end, 10);
      if (*digits != '\0' && g_ascii_isdigit (*digits) && errno == 0 && end != NULL && *end == '\0'
          && value >= 2 && value <= 32768 && (value & (value - 1)) == 0)
        {
          rules->objective = LH_EXACT_OBJECTIVE_TILE;
          rules->target = (guint) __builtin_ctzll (value);
          rules->discount = 1.0;
          rules->loss = LH_EXACT_LOSS_NONE;
          return TRUE;
        }
    }
  {
    g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("\"%s\" is not an objective: use score, or tile:T with T a tile from 2 to 32768 "
                   "(tile:1024)"),
                 quoted);
  }
  return FALSE;
}

char *
lh_exact_objective_to_string (const LhExactRules *rules)
{
  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    return g_strdup_printf ("tile:%u", lh_tile_value (rules->target));
  return g_strdup ("score");
}

const char *
lh_exact_spawns_to_string (LhExactSpawns spawns)
{
  g_return_val_if_fail ((guint) spawns < LH_N_EXACT_SPAWNS, "standard");
  return spawn_names[spawns];
}

/* The index of @text among the @n @names, or -1. */
static int
name_index (const char *const *names, guint n, const char *text)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (text, names[i]) == 0)
      return (int) i;
  return -1;
}

gboolean
lh_exact_spawns_from_string (const char *text, LhExactSpawns *spawns)
{
  int i = name_index (spawn_names, LH_N_EXACT_SPAWNS, text);

  if (i >= 0)
    *spawns = (LhExactSpawns) i;
  return i >= 0;
}

const char *
lh_exact_loss_to_string (LhExactLoss loss)
{
  g_return_val_if_fail ((guint) loss < LH_N_EXACT_LOSSES, "none");
  return loss_names[loss];
}

gboolean
lh_exact_loss_from_string (const char *text, LhExactLoss *loss)
{
  int i = name_index (loss_names, LH_N_EXACT_LOSSES, text);

  if (i >= 0)
    *loss = (LhExactLoss) i;
  return i >= 0;
}

char *
lh_exact_rules_describe (const LhExactRules *rules)
{
  GString *text = g_string_new (NULL);

  if (rules->objective == LH_EXACT_OBJECTIVE_TILE)
    g_string_append_printf (text, _("probability of a %u tile"), lh_tile_value (rules->target));
  else
    {
      g_string_append (text, _("expected score"));
      if (rules->discount != 1.0)
        g_string_append_printf (text, _(", discount %g"), rules->discount);
    }
  if (rules->spawns == LH_EXACT_SPAWNS_TWOS)
    g_string_append (text, _(", only 2s spawn"));
  if (rules->loss == LH_EXACT_LOSS_SCORE)
    g_string_append (text, _(", a loss costs the board's score"));
  return g_string_free (text, FALSE);
}

guint64
lh_exact_board_score (LhBoard board)
{
  guint64 score = 0;

  for (; board != 0; board >>= 4)
    {
      guint exponent = (guint) (board & 0xf);

      if (exponent >= 2)
        score += (guint64) (exponent - 1) << exponent;
    }
  return score;
}
