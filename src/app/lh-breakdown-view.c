/* lh-breakdown-view.c: the evaluator's terms per move (see lh-breakdown-view.h). */
#include "lh-config.h"
#include "lh-breakdown-view.h"
#include "lh-theme-colour.h"

#include <locale.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lh-format.h"

/* The CSS class of a cell whose background the view paints (the best value
 * of its row). */
#define BEST_CLASS "lh-breakdown-best"

/* The longest text of a value: a sign, three digits, a decimal point and
 * a suffix (lh_format_compact()). */
#define VALUE_CHARS 6

/* Columns of the values: Now, then the moves. */
#define N_VALUE_COLUMNS (1 + LH_N_MOVES)

/* Most terms of an evaluator: the heuristic's, or a network's shapes. */
#define MAX_TERMS MAX (LH_N_TERMS, LH_NTUPLE_MAX_SHAPES)

struct _LhBreakdownView
{
  GtkWidget          parent_instance;

  GtkWidget         *grid;
  GtkWidget         *caption;

  gboolean           has_position;
  gboolean           counts_points;   /* the evaluator's values are points still to score */
  guint              n_terms;
  char              *names[MAX_TERMS];
  gboolean           used[MAX_TERMS];
  int                chosen;

  /* [0] the board, [1 + m] move m's afterstate; [..][n_terms] the total. */
  double             values[N_VALUE_COLUMNS][MAX_TERMS + 1];
  gboolean           legal[LH_N_MOVES];
};

G_DEFINE_FINAL_TYPE (LhBreakdownView, lh_breakdown_view, GTK_TYPE_WIDGET)

static const char *
move_arrow (guint move)
{
  static const char *const arrows[LH_N_MOVES] = { "↑", "↓", "←", "→" };

  g_return_val_if_fail (move < LH_N_MOVES, "");
  return arrows[move];
}

/* @value with up to 3 decimals, thousands grouped as the locale does. */
static char *
format_exact (double value, gboolean show_sign)
{
  g_autofree char *text = NULL;
  const char *decimal = localeconv ()->decimal_point;
  GString *s;

  text = g_strdup_printf (show_sign ? "%+'.3f" : "%'.3f", value);
  s = g_string_new (text);
  if (decimal != NULL && *decimal != '\0')
    {
      const char *point = strstr (s->str, decimal);
      if (point != NULL)
        {
          gsize pos = point - s->str;
          while (s->len > pos + strlen (decimal) && s->str[s->len - 1] == '0')
            g_string_truncate (s, s->len - 1);
          if (s->len == pos + strlen (decimal))
            g_string_truncate (s, pos);
        }
    }
  /* The typographic minus, as in the compact form. */
  if (s->str[0] == '-')
    {
      g_string_erase (s, 0, 1);
      g_string_prepend (s, "−");
    }
  if (strcmp (s->str, "+0") == 0 || strcmp (s->str, "−0") == 0)
    g_string_assign (s, "0");
  return g_string_free (s, FALSE);
}

static GtkWidget *
add_label (LhBreakdownView *self, const char *text, int column, int row,
           float xalign, const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  /* The numbers' columns share the width left over, so they stand apart.
   * Each is as wide as the longest compact value ("−1.23k", 6 characters,
   * lh_format_compact()) whatever it shows, so the table, and the sidebar
   * around it, keep their width while the values change during auto-play
   * (the sidebar moved by 7 px, tests/gui/test-window-layout.c column-steady). */
  if (column >= LH_BREAKDOWN_VIEW_NOW_COLUMN)
    {
      gtk_widget_set_hexpand (label, TRUE);
      gtk_label_set_width_chars (GTK_LABEL (label), VALUE_CHARS);
    }
  if (tooltip != NULL)
    {
      gtk_widget_set_tooltip_text (label, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip,
                                      -1);
    }
  gtk_grid_attach (GTK_GRID (self->grid), label, column, row, 1, 1);
  return label;
}

static void
clear_grid (LhBreakdownView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
}

/* The moves the row favours most, as a bit mask (bit m for move m): the
 * legal moves whose value is the largest (ties all count); 0 when fewer
 * than two moves are legal or all legal moves score alike.  Values closer
 * than 1e-9 relative are equal (sums of the same terms in another order). */
static guint
best_moves_of_row (LhBreakdownView *self, guint row)
{
  double lo = INFINITY, hi = -INFINITY, tolerance;
  guint n_legal = 0, best = 0;

  for (guint m = 0; m < LH_N_MOVES; m++)
    if (self->legal[m])
      {
        double v = self->values[1 + m][row];
        n_legal++;
        hi = MAX (hi, v);
        lo = MIN (lo, v);
      }
  tolerance = 1e-9 * MAX (1.0, fabs (hi));
  if (n_legal < 2 || hi - lo <= tolerance)
    return 0;
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (self->legal[m] && self->values[1 + m][row] >= hi - tolerance)
      best |= 1u << m;
  return best;
}

static void
add_header (LhBreakdownView *self)
{
  GtkWidget *label;

  label = add_label (self, _("Now"), LH_BREAKDOWN_VIEW_NOW_COLUMN, 0, 1.0,
                     _("The board shown, before any move"));
  gtk_widget_add_css_class (label, "heading");

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_autofree char *tooltip = NULL;

      if (!self->legal[m])
        /* Translators: %s a move (Up, Down...) */
        tooltip = g_strdup_printf (_("%s: not possible, the move changes nothing"), lh_format_move_label (m));
      else if ((int) m == self->chosen)
        /* Translators: %s a move (Up, Down...) */
        tooltip = g_strdup_printf (_("%s, the solver’s choice: the change of each term after the move, before the new tile"),
                                   lh_format_move_label (m));
      else
        /* Translators: %s a move (Up, Down...) */
        tooltip = g_strdup_printf (_("%s: the change of each term after the move, before the new tile"),
                                   lh_format_move_label (m));
      label = add_label (self, move_arrow (m), LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), 0, 1.0, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, lh_format_move_label (m),
                                      -1);
      gtk_widget_add_css_class (label, "heading");
      if (!self->legal[m])
        gtk_widget_add_css_class (label, "dim-label");
      else if ((int) m == self->chosen)
        gtk_widget_add_css_class (label, "accent");
    }
}

/* Adds @row (a term, or n_terms for the total): its name on grid row
 * @grid_row, across the grid, and its numbers on the next.  Returns the
 * grid row after them. */
static int
add_value_row (LhBreakdownView *self, guint row, int grid_row)
{
  gboolean total = row == self->n_terms;
  const char *name = total ? _("Total") : self->names[row];
  guint best = best_moves_of_row (self, row);
  double now = self->values[0][row];
  g_autofree char *now_text = lh_format_compact (now, FALSE);
  g_autofree char *now_exact = format_exact (now, FALSE);
  g_autofree char *now_tooltip = NULL;
  GtkWidget *label;

  /* A line of its own, across the grid (beside the numbers, names were cut
   * in a narrow panel: "Monotoni…", issue 26), the total's too (so the
   * numbers' columns have the whole width).  It wraps between words; its
   * longest word is narrower than the numbers below. */
  label = gtk_label_new (name);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_widget_add_css_class (label, total ? "heading" : "caption-heading");
  if (!total)
    gtk_widget_set_margin_top (label, 4);
  gtk_grid_attach (GTK_GRID (self->grid), label, 0, grid_row++, N_VALUE_COLUMNS + 1, 1);

  /* Translators: %s a term of the heuristic (Empty cells...) or "Total",
   * %s its value in points */
  now_tooltip = g_strdup_printf (_("%s now: %s points"), name, now_exact);
  label = add_label (self, now_text, LH_BREAKDOWN_VIEW_NOW_COLUMN, grid_row, 1.0, now_tooltip);
  if (total)
    gtk_widget_add_css_class (label, "heading");

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      g_autofree char *text = NULL;
      g_autofree char *tooltip = NULL;

      if (!self->legal[m])
        {
          /* Translators: %s a move (Up, Down...) */
          tooltip = g_strdup_printf (_("%s is not possible: the move changes nothing"), lh_format_move_label (m));
          label = add_label (self, "—", LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), grid_row, 1.0, tooltip);
          gtk_widget_add_css_class (label, "dim-label");
          continue;
        }
      else
        {
          double v = self->values[1 + m][row];
          g_autofree char *exact = format_exact (v, FALSE);
          g_autofree char *change = format_exact (v - now, TRUE);

          text = lh_format_compact (v - now, TRUE);
          /* Translators: %s a term of the heuristic (Empty cells...) or
           * "Total", %s a move (Up, Down...), %s its value in points, %s the
           * change from now in points, with its sign */
          tooltip = g_strdup_printf (_("%s after %s: %s points (%s from now)"),
                                     name, lh_format_move_label (m), exact, change);
        }
      label = add_label (self, text, LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), grid_row, 1.0, tooltip);
      if (best & (1u << m))
        {
          gtk_widget_add_css_class (label, BEST_CLASS);
          if (total)
            gtk_widget_add_css_class (label, "heading");
        }
      else if (total || strcmp (text, "0") == 0)
        gtk_widget_add_css_class (label, "dim-label");  /* no change: quiet */
    }
  return grid_row + 1;
}

static void
rebuild (LhBreakdownView *self)
{
  int grid_row = 1;

  clear_grid (self);
  if (!self->has_position)
    {
      gtk_widget_set_visible (self->grid, FALSE);
      gtk_label_set_text (GTK_LABEL (self->caption), _("No position to analyse"));
      return;
    }

  add_header (self);
  for (guint t = 0; t < self->n_terms; t++)
    if (self->used[t])
      grid_row = add_value_row (self, t, grid_row);
  if (grid_row == 1)
    {
      GtkWidget *none = gtk_label_new (_("Every weight is 0: the heuristic values every board alike"));

      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_label_set_xalign (GTK_LABEL (none), 0.0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_grid_attach (GTK_GRID (self->grid), none, 0, grid_row++, N_VALUE_COLUMNS + 1, 1);
    }
  {
    GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
    gtk_grid_attach (GTK_GRID (self->grid), separator, 0, grid_row++, N_VALUE_COLUMNS + 1, 1);
  }
  add_value_row (self, self->n_terms, grid_row);

  gtk_widget_set_visible (self->grid, TRUE);
  {
    const char *about = self->counts_points
                        ? _("Points still to score, expected: the network’s value of the board, shape by shape (named by form and place; the network reads each in all eight orientations of the board, so a row stands for the columns too). Moves show the change from now. Highlighted: the move each shape favours most.")
                        : _("Moves show the change from now. Highlighted: the move each term favours most.");
    guint total_best = best_moves_of_row (self, self->n_terms);
    g_autofree char *text = NULL;

    /* The table looks one move ahead; the search further: when their best
     * moves differ, say so rather than let the Total contradict the arrow. */
    if (self->chosen != LH_MOVE_NONE && total_best != 0 && !(total_best & (1u << self->chosen)))
      /* Translators: %s the search's move ("Left"); the Total row favours another */
      text = g_strdup_printf (_("The Total looks one move ahead only; the search, looking further, prefers %s. %s"),
                              lh_format_move_label (self->chosen), about);
    gtk_label_set_text (GTK_LABEL (self->caption), text != NULL ? text : about);
  }
}

void
lh_breakdown_view_set_position (LhBreakdownView  *self,
                                LhOwnedEvaluator *evaluation,
                                LhWideBoard       board,
                                LhRules           rules)
{
  const LhEvaluator *evaluator;
  LhGeometry geometry;

  g_return_if_fail (LH_IS_BREAKDOWN_VIEW (self));
  g_return_if_fail (evaluation != NULL);

  evaluator = lh_owned_evaluator_get_evaluator (evaluation);
  geometry = lh_evaluator_get_geometry (evaluator);
  for (guint t = 0; t < self->n_terms; t++)
    g_clear_pointer (&self->names[t], g_free);
  self->n_terms = MIN (lh_evaluator_get_n_terms (evaluator), MAX_TERMS);
  for (guint t = 0; t < self->n_terms; t++)
    {
      self->names[t] = lh_evaluator_get_term_name (evaluator, t);
      self->used[t] = lh_evaluator_term_is_used (evaluator, t);
    }
  self->counts_points = lh_evaluator_counts_points (evaluator);
  self->has_position = TRUE;

  for (int column = 0; column < N_VALUE_COLUMNS; column++)
    {
      double *v = self->values[column];
      LhWideBoard b = board;

      if (column > 0)
        {
          LhMove move = (LhMove) (column - 1);
          b = lh_rules_move (rules, board, geometry, move, NULL);
          self->legal[move] = b != board;
          if (!self->legal[move])
            {
              memset (v, 0, sizeof (double) * (MAX_TERMS + 1));
              continue;
            }
        }
      lh_evaluator_breakdown_wide (evaluator, b, v);
      v[self->n_terms] = 0;
      for (guint t = 0; t < self->n_terms; t++)
        v[self->n_terms] += v[t];
    }
  rebuild (self);
}

guint
lh_breakdown_view_get_n_terms (LhBreakdownView *self)
{
  g_return_val_if_fail (LH_IS_BREAKDOWN_VIEW (self), 0);
  return self->has_position ? self->n_terms : 0;
}

const char *
lh_breakdown_view_get_term_name (LhBreakdownView *self, guint term)
{
  g_return_val_if_fail (LH_IS_BREAKDOWN_VIEW (self), NULL);
  g_return_val_if_fail (term < self->n_terms, NULL);
  return self->names[term];
}

void
lh_breakdown_view_clear (LhBreakdownView *self)
{
  g_return_if_fail (LH_IS_BREAKDOWN_VIEW (self));

  self->has_position = FALSE;
  rebuild (self);
}

void
lh_breakdown_view_set_chosen_move (LhBreakdownView *self, int move)
{
  g_return_if_fail (LH_IS_BREAKDOWN_VIEW (self));

  if (move < 0 || move >= LH_N_MOVES)
    move = LH_MOVE_NONE;
  if (self->chosen == move)
    return;
  self->chosen = move;
  if (self->has_position)
    rebuild (self);
}

const char *
lh_breakdown_view_get_caption (LhBreakdownView *self)
{
  g_return_val_if_fail (LH_IS_BREAKDOWN_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->caption));
}

gboolean
lh_breakdown_view_get_value (LhBreakdownView *self,
                             int              move,
                             guint            term,
                             double          *value)
{
  g_return_val_if_fail (LH_IS_BREAKDOWN_VIEW (self), FALSE);
  g_return_val_if_fail (move >= LH_MOVE_NONE && move < LH_N_MOVES, FALSE);
  if (!self->has_position || term > self->n_terms)
    return FALSE;
  if (!self->has_position || (move != LH_MOVE_NONE && !self->legal[move]))
    return FALSE;
  if (value != NULL)
    *value = self->values[move == LH_MOVE_NONE ? 0 : 1 + move][term];
  return TRUE;
}

/* Paints a soft accent background behind the best cell of each row, then
 * the children. */
static void
lh_breakdown_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  LhBreakdownView *self = LH_BREAKDOWN_VIEW (widget);
  GdkRGBA accent;

  lh_theme_colour (widget, "accent_bg_color", "#3584e4", &accent);
  accent.alpha = 0.22f;

  if (gtk_widget_get_visible (self->grid))
    for (GtkWidget *child = gtk_widget_get_first_child (self->grid);
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        graphene_rect_t bounds;
        GskRoundedRect rect;

        if (!gtk_widget_has_css_class (child, BEST_CLASS)
            || !gtk_widget_compute_bounds (child, widget, &bounds))
          continue;
        graphene_rect_inset (&bounds, -1, -1);
        gsk_rounded_rect_init_from_rect (&rect, &bounds, 5);
        gtk_snapshot_push_rounded_clip (snapshot, &rect);
        gtk_snapshot_append_color (snapshot, &accent, &bounds);
        gtk_snapshot_pop (snapshot);
      }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);
}

static void
lh_breakdown_view_dispose (GObject *object)
{
  LhBreakdownView *self = LH_BREAKDOWN_VIEW (object);

  for (guint t = 0; t < self->n_terms; t++)
    g_clear_pointer (&self->names[t], g_free);
  self->n_terms = 0;
  g_clear_pointer (&self->grid, gtk_widget_unparent);
  g_clear_pointer (&self->caption, gtk_widget_unparent);
  G_OBJECT_CLASS (lh_breakdown_view_parent_class)->dispose (object);
}

static void
lh_breakdown_view_class_init (LhBreakdownViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_breakdown_view_dispose;
  widget_class->snapshot = lh_breakdown_view_snapshot;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lh-breakdown-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
lh_breakdown_view_init (LhBreakdownView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->chosen = LH_MOVE_NONE;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 8);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 2);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 4);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
  /* A little smaller than the text around it: the table fits a 290 px sidebar. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "breakdown");

  self->caption = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->caption), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->caption), 0.0);
  gtk_widget_add_css_class (self->caption, "caption");
  gtk_widget_add_css_class (self->caption, "dim-label");
  gtk_widget_set_parent (self->caption, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation breakdown"),
                                  -1);
  rebuild (self);
}

GtkWidget *
lh_breakdown_view_new (void)
{
  return g_object_new (LH_TYPE_BREAKDOWN_VIEW, NULL);
}
