/* lh-line-strip.c: the expected line as small boards (see lh-line-strip.h). */
#include "lh-line-strip.h"

#include <glib/gi18n.h>

#include "lh-mini-board.h"
#include "lh-principal-variation.h"

/* The strip's natural width, px: a column of the window. */
#define NATURAL_WIDTH 300

struct _LhLineStrip
{
  GtkWidget  parent_instance;

  GtkWidget *caption;    /* GtkLabel */
  GtkWidget *scroller;   /* GtkScrolledWindow */
  GtkWidget *row;        /* GtkBox of the steps */
  GPtrArray *boards;     /* (element-type LhMiniBoard) (transfer none) */
  char      *text;
  gboolean   from_node;  /* the next line starts at a node selected in the tree */
};

G_DEFINE_FINAL_TYPE (LhLineStrip, lh_line_strip, GTK_TYPE_WIDGET)

static const char *
move_arrow (int move)
{
  static const char *const arrows[LH_N_MOVES] = { "↑", "↓", "←", "→" };

  return move >= 0 && move < LH_N_MOVES ? arrows[move] : "";
}

/* One step: "↑ Up" over the board after the move and the spawn. */
static GtkWidget *
make_step (LhLineStrip *self, const LhPvStep *step, LhGeometry geometry)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *title = g_strdup_printf ("%s %s", move_arrow (step->move), lh_principal_variation_move_label (step->move));
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *board = lh_mini_board_new (LH_LINE_STRIP_CELL);
  g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (LhPvStep));
  g_autofree char *words = NULL;
  g_autofree char *tip = NULL;

  gtk_widget_add_css_class (label, "caption");
  lh_mini_board_set_wide_board (LH_MINI_BOARD (board), step->board, geometry);
  lh_mini_board_set_marked_cell (LH_MINI_BOARD (board), step->spawn_cell);
  g_array_append_vals (one, step, 1);
  words = lh_principal_variation_describe (one);
  if (step->spawn_exponent > 0)
    /* Translators: tooltip of a board of the expected line: the move and
     * its spawn in words, then the spawn's probability in percent */
    tip = g_strdup_printf (_("%s (probability %.3g %%)"), words, step->probability * 100.0);
  else
    tip = g_strdup_printf ("%s", words);
  gtk_widget_set_tooltip_text (box, tip);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), board);
  g_ptr_array_add (self->boards, board);
  return box;
}

void
lh_line_strip_set_line (LhLineStrip *self, const GArray *steps, LhGeometry geometry)
{
  GtkWidget *child;
  g_autofree char *words = NULL;

  g_return_if_fail (LH_IS_LINE_STRIP (self));

  while ((child = gtk_widget_get_first_child (self->row)) != NULL)
    gtk_box_remove (GTK_BOX (self->row), child);
  g_ptr_array_set_size (self->boards, 0);

  g_clear_pointer (&self->text, g_free);
  if (steps == NULL || steps->len == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->caption), _("Expected line: none recorded"));
      self->text = g_strdup ("");
    }
  else
    {
      const LhPvStep *first = &g_array_index (steps, LhPvStep, 0);
      g_autofree char *caption = NULL;

      for (guint i = 0; i < steps->len; i++)
        gtk_box_append (GTK_BOX (self->row), make_step (self, &g_array_index (steps, LhPvStep, i), geometry));
      /* Translators: above the boards of the expected line: %s is its first
       * move ("Left"), %u the number of moves shown */
      if (self->from_node)
        /* Translators: above the boards of the expected line from the node
         * selected in the tree (deeper than the first move): %u the number
         * of moves shown, %s the first of them ("Left") */
        caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Expected line from the selected node: %u move, %s",
                                                "Expected line from the selected node: %u moves, %s first",
                                                steps->len),
                                   steps->len, lh_principal_variation_move_label (first->move));
      else
        caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Expected line after %s: %u move",
                                                "Expected line after %s: %u moves", steps->len),
                                   lh_principal_variation_move_label (first->move), steps->len);
      gtk_label_set_text (GTK_LABEL (self->caption), caption);
      self->text = lh_principal_variation_describe (steps);
    }
  /* Translators: a screen reader's description of the expected line: %s is
   * the line in words ("Left, then a 2 spawns at row 1 column 3; Down") */
  words = self->text[0] != '\0' ? g_strdup_printf (_("Expected line: %s"), self->text) : g_strdup ("");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, words, -1);
  gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}

const char *
lh_line_strip_get_caption (LhLineStrip *self)
{
  g_return_val_if_fail (LH_IS_LINE_STRIP (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->caption));
}

void
lh_line_strip_set_from_node (LhLineStrip *self, gboolean from_node)
{
  g_return_if_fail (LH_IS_LINE_STRIP (self));
  self->from_node = !!from_node;
}

guint
lh_line_strip_get_n_steps (LhLineStrip *self)
{
  g_return_val_if_fail (LH_IS_LINE_STRIP (self), 0);
  return self->boards->len;
}

GtkWidget *
lh_line_strip_get_board (LhLineStrip *self, guint index)
{
  g_return_val_if_fail (LH_IS_LINE_STRIP (self), NULL);
  g_return_val_if_fail (index < self->boards->len, NULL);
  return g_ptr_array_index (self->boards, index);
}

const char *
lh_line_strip_get_text (LhLineStrip *self)
{
  g_return_val_if_fail (LH_IS_LINE_STRIP (self), NULL);
  return self->text;
}

static void
lh_line_strip_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  LhLineStrip *self = LH_LINE_STRIP (widget);
  GtkWidget *layout_child = gtk_widget_get_first_child (widget);
  int child_min = 0, child_nat = 0;

  *minimum = *natural = 0;
  for (; layout_child != NULL; layout_child = gtk_widget_get_next_sibling (layout_child))
    {
      gtk_widget_measure (layout_child, orientation, -1, &child_min, &child_nat, NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          *minimum = MAX (*minimum, child_min);
          *natural = MAX (*natural, child_nat);
        }
      else
        {
          *minimum += child_min;
          *natural += child_nat;
        }
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, MIN (*natural, NATURAL_WIDTH));
  else
    {
      *minimum += 4;
      *natural += 4;
    }
  (void) self;
}

static void
lh_line_strip_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  LhLineStrip *self = LH_LINE_STRIP (widget);
  int caption_h = 0;

  gtk_widget_measure (self->caption, GTK_ORIENTATION_VERTICAL, width, NULL, &caption_h, NULL, NULL);
  gtk_widget_allocate (self->caption, width, caption_h, -1, NULL);
  gtk_widget_allocate (self->scroller, width, MAX (0, height - caption_h - 4), -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, caption_h + 4)));
}

static void
lh_line_strip_dispose (GObject *object)
{
  LhLineStrip *self = LH_LINE_STRIP (object);

  g_clear_pointer (&self->caption, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (lh_line_strip_parent_class)->dispose (object);
}

static void
lh_line_strip_finalize (GObject *object)
{
  LhLineStrip *self = LH_LINE_STRIP (object);

  g_ptr_array_unref (self->boards);
  g_free (self->text);
  G_OBJECT_CLASS (lh_line_strip_parent_class)->finalize (object);
}

static void
lh_line_strip_class_init (LhLineStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_line_strip_dispose;
  object_class->finalize = lh_line_strip_finalize;
  widget_class->measure = lh_line_strip_measure;
  widget_class->size_allocate = lh_line_strip_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "linestrip");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
lh_line_strip_init (LhLineStrip *self)
{
  self->boards = g_ptr_array_new ();
  self->text = g_strdup ("");

  self->caption = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->caption), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->caption), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->caption, "dim-label");
  gtk_widget_add_css_class (self->caption, "caption");
  gtk_widget_set_parent (self->caption, GTK_WIDGET (self));

  self->row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->row);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  /* The scroller is a Tab stop (the keys scroll a long line): its name is
   * the caption ("Expected line after Left: 5 moves"). */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->scroller), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->caption, NULL, -1);
  lh_line_strip_set_line (self, NULL, LH_GEOMETRY_DEFAULT);
}

GtkWidget *
lh_line_strip_new (void)
{
  return g_object_new (LH_TYPE_LINE_STRIP, NULL);
}
