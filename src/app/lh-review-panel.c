/* lh-review-panel.c: the Review page of the sidebar (see lh-review-panel.h). */
#include "lh-config.h"

#include "lh-review-panel.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "lh-mini-board.h"
#include "lh-review-graph.h"

struct _LhReviewPanel {
  GtkWidget          parent_instance;
  LhReview          *review;
  GtkWidget         *scrolled_window;
  GtkWidget         *graph;
  GtkWidget         *mini_board;
  GtkLabel          *legend_label;
  GtkWidget         *mistake_list;
  GtkFilterListModel *mistakes;
};

G_DEFINE_FINAL_TYPE (LhReviewPanel, lh_review_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_actions (LhReviewPanel *self)
{
  gboolean any = self->review != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.previous-mistake",
                                 any && lh_review_find_mistake (self->review, FALSE) >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.next-mistake",
                                 any && lh_review_find_mistake (self->review, TRUE) >= 0);
}

/* The graph's legend, in the unit of the reviewer's values: the exact
 * solver's and a network's count points, the heuristic's (the reviewer of
 * the sizes no network plays) do not. */
static void
update_legend (LhReviewPanel *self)
{
  LhReviewUnit unit = self->review != NULL ? lh_review_get_unit (self->review) : LH_REVIEW_UNIT_POINTS;
  const char *line = unit == LH_REVIEW_UNIT_PROBABILITY
                     ? _("Line: the chance of reaching the target tile after each move.")
                     : unit == LH_REVIEW_UNIT_SOLVER
                     ? _("Line: the reviewer’s value of the position after each move, in its own units.")
                     : _("Line: the expected final score after each move.");
  g_autofree char *text = g_strconcat (line, " ",
                                       _("Dots: inaccuracies, mistakes, blunders. Bars: what each move "
                                         "lost (down) and what each spawn gave or took (green up, "
                                         "violet down)."), NULL);

  gtk_label_set_label (self->legend_label, text);
}

/* The mini board: the position before the selected move; the legend. */
static void
update_selection (LhReviewPanel *self)
{
  LhGameRecord *record = self->review != NULL ? lh_review_get_record (self->review) : NULL;
  int selected = self->review != NULL ? lh_review_get_selected (self->review) : -1;

  update_legend (self);
  gtk_widget_set_visible (self->mini_board, record != NULL && selected >= 0);
  if (record != NULL && selected >= 0)
    lh_mini_board_set_wide_board (LH_MINI_BOARD (self->mini_board),
                                  lh_game_record_get_wide_board (record, (guint) selected),
                                  lh_game_record_get_geometry (record));
  update_actions (self);
}

static void
selected_cb (GObject *review, GParamSpec *pspec, gpointer user_data)
{
  update_selection (LH_REVIEW_PANEL (user_data));
}

static void
moves_changed_cb (GListModel *moves, guint position, guint removed, guint added, gpointer user_data)
{
  update_actions (LH_REVIEW_PANEL (user_data));
}

void
lh_review_panel_set_review (LhReviewPanel *self, LhReview *review)
{
  g_return_if_fail (LH_IS_REVIEW_PANEL (self));

  if (self->review == review)
    return;
  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_data (lh_review_get_moves (self->review), self);
      g_signal_handlers_disconnect_by_data (self->review, self);
    }
  g_set_object (&self->review, review);
  if (review != NULL)
    {
      g_signal_connect_object (review, "notify::selected", G_CALLBACK (selected_cb), self, 0);
      g_signal_connect_object (review, "notify::record", G_CALLBACK (selected_cb), self, 0);
      g_signal_connect_object (lh_review_get_moves (review), "items-changed",
                               G_CALLBACK (moves_changed_cb), self, 0);
    }
  update_selection (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

LhReview *
lh_review_panel_get_review (LhReviewPanel *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_PANEL (self), NULL);
  return self->review;
}

GtkWidget *
lh_review_panel_get_graph (LhReviewPanel *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_PANEL (self), NULL);
  return self->graph;
}

GtkWidget *
lh_review_panel_get_mistake_list (LhReviewPanel *self)
{
  g_return_val_if_fail (LH_IS_REVIEW_PANEL (self), NULL);
  return self->mistake_list;
}

/* A row of the list of mistakes: the move and its class over the words. */
static void
row_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *description = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), description);
  gtk_list_item_set_child (list_item, box);
}

/* Its texts, and its name for screen readers ("Move 143, Left, mistake,
 * lost 1,240 expected points") on the row itself, which takes the focus. */
static void
row_bind_cb (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer user_data)
{
  LhReviewItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *row = gtk_widget_get_parent (box);
  g_autofree char *title_text = NULL;
  g_autofree char *description_text = NULL;

  g_object_get (item, "title", &title_text, "description", &description_text, NULL);
  gtk_label_set_label (GTK_LABEL (title), title_text);
  gtk_label_set_label (GTK_LABEL (gtk_widget_get_next_sibling (title)), description_text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row != NULL ? row : box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  lh_review_item_get_accessible_label (item), -1);
}

/* A mistake clicked (or Enter on it): select it in the review. */
static void
mistake_activated_cb (GtkListView *list, guint position, LhReviewPanel *self)
{
  g_autoptr(LhReviewItem) item = g_list_model_get_item (G_LIST_MODEL (self->mistakes), position);

  if (item != NULL && self->review != NULL)
    lh_review_set_selected (self->review, (int) lh_review_item_get_move (item)->index);
}

static void
mistake_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  LhReviewPanel *self = LH_REVIEW_PANEL (widget);

  if (self->review != NULL)
    lh_review_select_mistake (self->review, g_str_equal (action_name, "review.next-mistake"));
}

static void
lh_review_panel_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_REVIEW: g_value_set_object (value, LH_REVIEW_PANEL (object)->review); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_panel_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_REVIEW: lh_review_panel_set_review (LH_REVIEW_PANEL (object), g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_panel_dispose (GObject *object)
{
  LhReviewPanel *self = LH_REVIEW_PANEL (object);

  lh_review_panel_set_review (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_REVIEW_PANEL);
  G_OBJECT_CLASS (lh_review_panel_parent_class)->dispose (object);
}

static void
lh_review_panel_class_init (LhReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = lh_review_panel_get_property;
  object_class->set_property = lh_review_panel_set_property;
  object_class->dispose = lh_review_panel_dispose;

  properties[PROP_REVIEW] = g_param_spec_object ("review", NULL, NULL, LH_TYPE_REVIEW,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                 | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (LH_TYPE_REVIEW);
  g_type_ensure (LH_TYPE_REVIEW_ITEM);
  g_type_ensure (LH_TYPE_REVIEW_GRAPH);
  g_type_ensure (LH_TYPE_MINI_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-review-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, graph);
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, mini_board);
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, legend_label);
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, mistake_list);
  gtk_widget_class_bind_template_child (widget_class, LhReviewPanel, mistakes);
  gtk_widget_class_bind_template_callback (widget_class, mistake_activated_cb);
  gtk_widget_class_install_action (widget_class, "review.previous-mistake", NULL, mistake_action);
  gtk_widget_class_install_action (widget_class, "review.next-mistake", NULL, mistake_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
lh_review_panel_init (LhReviewPanel *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), self);
  gtk_list_view_set_factory (GTK_LIST_VIEW (self->mistake_list), factory);
  g_object_unref (factory);
  update_selection (self);
}
