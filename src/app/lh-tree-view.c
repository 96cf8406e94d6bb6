/* lh-tree-view.c: the search tree drawn and explored (see lh-tree-view.h):
 * the GObject, the layout thread and the tree shown; the other jobs are in
 * lh-tree-view-geometry.c, -draw.c and -input.c (lh-tree-view-private.h). */
#include "lh-tree-view-private.h"

#include <adwaita.h>

#include "lh-tree-describe.h"
#include "lh-tree-fold.h"
#include "lh-tree-render.h"

/* A layout request, the task data of its thread. */
typedef struct {
  LhSearchRecord     *record;
  const LhSearchTree *tree;
  guint8             *collapsed;
  guint8             *highlight;
  guint32            *path;         /* an MCTS iteration's path to mark, or NULL */
  guint               path_length;
  LhTreeLayout       *layout;       /* the thread's result */
  guint32            *sizes;        /* subtree sizes, computed for a new tree */
  gboolean            new_tree;     /* FALSE for a relayout after a collapse */
  gboolean            visits;       /* an MCTS record: lines follow visits */
  double              view_width;   /* px, for the opening collapse of a new tree */
  guint32             anchor;       /* node to keep in place on a relayout */
  double              anchor_x, anchor_y;  /* its widget position before */
} LayoutJob;

static void lh_tree_view_scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LhTreeView, lh_tree_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE,
                                                      lh_tree_view_scrollable_init))

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
  N_PROPS
};

enum {
  SIGNAL_NODE_SELECTED,
  SIGNAL_LAYOUT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
lh_tree_view_emit_node_selected (LhTreeView *self, guint32 index)
{
  g_signal_emit (self, signals[SIGNAL_NODE_SELECTED], 0, index);
}

static void
layout_job_free (gpointer p)
{
  LayoutJob *job = p;

  lh_search_record_unref (job->record);
  g_free (job->collapsed);
  g_free (job->highlight);
  g_free (job->path);
  g_free (job->sizes);
  g_clear_pointer (&job->layout, lh_tree_layout_free);
  g_free (job);
}

static void
shown_clear (Shown *shown)
{
  g_clear_pointer (&shown->record, lh_search_record_unref);
  shown->tree = NULL;
  g_clear_pointer (&shown->layout, lh_tree_layout_free);
  g_clear_pointer (&shown->collapsed, g_free);
  g_clear_pointer (&shown->highlight, g_free);
  g_clear_pointer (&shown->sizes, g_free);
}

/* ---- layout in a thread --------------------------------------------------- */

/* How many nodes fit side by side in a view @view_width px wide at
 * OPENING_ZOOM (lh_tree_fold_opening()). */
static guint
opening_fit (double view_width)
{
  return (guint) MAX (1.0, (view_width - 2 * MARGIN)
                           / ((LH_TREE_LAYOUT_NODE_WIDTH + LH_TREE_LAYOUT_SIBLING_GAP) * OPENING_ZOOM));
}

static void
layout_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  LayoutJob *job = task_data;
  guint n = lh_search_tree_get_n_nodes (job->tree);

  if (job->new_tree && n > 0)
    {
      guint open_row;

      job->sizes = g_new0 (guint32, n);
      open_row = lh_tree_fold_opening (job->tree, opening_fit (job->view_width), job->collapsed, job->sizes);
      lh_tree_fold_open_line (job->tree, job->visits, open_row, job->collapsed);
      lh_tree_fold_open_path (job->tree, job->path, job->path_length, open_row, job->collapsed);
    }
  if (job->highlight == NULL)
    {
      job->highlight = g_malloc0 (MAX (n, 1));
      if (n > 0)
        {
          lh_tree_chosen_line (job->tree, job->highlight);
          lh_tree_mark_path (job->tree, job->highlight, job->path, job->path_length);
        }
    }
  job->layout = lh_tree_layout_new (job->tree, job->collapsed);
  g_task_return_boolean (task, TRUE);
}

/* The initial view of a new tree: the root at the top centre, at a zoom
 * where the values and edge labels read; the rows below the opening ones
 * are collapsed (lh_tree_fold_opening()), so what shows fits the width. */
static void
initial_view (LhTreeView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  const LhTreeLayoutNode *root;

  if (w <= 0 || self->shown.layout == NULL)
    return;
  root = lh_tree_layout_get_node (self->shown.layout, 0);
  self->zoom = OPENING_ZOOM;
  lh_tree_view_place_point (self, root->x + LH_TREE_LAYOUT_NODE_WIDTH / 2, 0, w / 2, MARGIN);
}

static void
layout_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhTreeView *self = LH_TREE_VIEW (source);
  GTask *task = G_TASK (res);
  LayoutJob *job = g_task_get_task_data (task);
  guint generation = GPOINTER_TO_UINT (user_data);

  if (!g_task_propagate_boolean (task, NULL) || generation != self->layout_generation)
    return;  /* overtaken by a newer tree or relayout: dropped */
  g_clear_object (&self->layout_cancellable);

  if (job->new_tree)
    {
      shown_clear (&self->shown);
      self->shown.record = g_steal_pointer (&job->record);
      self->shown.tree = job->tree;
      self->selected = self->focus = lh_search_tree_get_n_nodes (job->tree) > 0 ? 0 : LH_SEARCH_NODE_NONE;
    }
  else
    {
      g_clear_pointer (&self->shown.layout, lh_tree_layout_free);
      g_clear_pointer (&self->shown.collapsed, g_free);
      g_clear_pointer (&self->shown.highlight, g_free);
    }
  self->shown.layout = g_steal_pointer (&job->layout);
  self->shown.collapsed = g_steal_pointer (&job->collapsed);
  self->shown.highlight = g_steal_pointer (&job->highlight);
  if (job->new_tree)
    self->shown.sizes = g_steal_pointer (&job->sizes);

  if (job->new_tree)
    {
      initial_view (self);
      /* A deep MCTS path goes on below the view: show its deepest node. */
      for (guint i = job->path_length; i-- > 1;)
        if (lh_tree_view_node_visible (self, job->path[i]))
          {
            lh_tree_view_scroll_to_node (self, job->path[i]);
            break;
          }
      if (self->selected != LH_SEARCH_NODE_NONE)
        g_signal_emit (self, signals[SIGNAL_NODE_SELECTED], 0, self->selected);
    }
  else if (lh_tree_view_node_visible (self, job->anchor))
    {
      const LhTreeLayoutNode *node = lh_tree_layout_get_node (self->shown.layout, job->anchor);
      lh_tree_view_place_point (self, node->x, node->y, job->anchor_x, job->anchor_y);
    }
  if (!lh_tree_view_node_visible (self, self->selected))
    self->selected = LH_SEARCH_NODE_NONE;
  if (!lh_tree_view_node_visible (self, self->focus))
    self->focus = self->selected;
  lh_tree_view_update_accessible (self);
  lh_tree_view_configure_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_LAYOUT_CHANGED], 0);
}

static void
start_layout (LhTreeView *self, LayoutJob *job)
{
  g_autoptr(GTask) task = NULL;

  self->layout_generation++;
  if (self->layout_cancellable != NULL)
    {
      g_cancellable_cancel (self->layout_cancellable);
      g_clear_object (&self->layout_cancellable);
    }
  self->layout_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->layout_cancellable, layout_done_cb,
                     GUINT_TO_POINTER (self->layout_generation));
  g_task_set_source_tag (task, start_layout);
  g_task_set_name (task, "lh-tree-layout");
  /* The result is only used when it is still the newest request. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, job, layout_job_free);
  g_task_run_in_thread (task, layout_thread);
}

void
lh_tree_view_set_tree (LhTreeView *self, LhSearchRecord *record, const LhSearchTree *tree)
{
  lh_tree_view_set_tree_with_path (self, record, tree, NULL, 0);
}

void
lh_tree_view_set_tree_with_path (LhTreeView         *self,
                                 LhSearchRecord     *record,
                                 const LhSearchTree *tree,
                                 const guint32      *path,
                                 guint               path_length)
{
  LayoutJob *job;

  g_return_if_fail (LH_IS_TREE_VIEW (self));
  g_return_if_fail (path != NULL || path_length == 0);

  if (tree == NULL || lh_search_tree_get_n_nodes (tree) == 0)
    {
      /* Nothing to lay out: show nothing at once (and drop a pending layout). */
      self->layout_generation++;
      if (self->layout_cancellable != NULL)
        {
          g_cancellable_cancel (self->layout_cancellable);
          g_clear_object (&self->layout_cancellable);
        }
      shown_clear (&self->shown);
      self->selected = self->focus = LH_SEARCH_NODE_NONE;
      lh_tree_view_update_accessible (self);
      lh_tree_view_configure_adjustments (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[SIGNAL_LAYOUT_CHANGED], 0);
      return;
    }

  g_return_if_fail (record != NULL);
  job = g_new0 (LayoutJob, 1);
  job->record = lh_search_record_ref (record);
  job->tree = tree;
  job->collapsed = g_malloc0 (lh_search_tree_get_n_nodes (tree));
  job->new_tree = TRUE;
  job->visits = lh_search_record_get_solver (record) == LH_SOLVER_MCTS;
  job->view_width = gtk_widget_get_width (GTK_WIDGET (self)) > 0
                    ? gtk_widget_get_width (GTK_WIDGET (self)) : 400;
  job->anchor = LH_SEARCH_NODE_NONE;
  if (path_length > 0)
    {
      job->path = g_memdup2 (path, path_length * sizeof (guint32));
      job->path_length = path_length;
    }
  start_layout (self, job);
}

gboolean
lh_tree_view_is_on_path (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  return self->shown.tree != NULL && self->shown.highlight != NULL
         && index < lh_search_tree_get_n_nodes (self->shown.tree)
         && (self->shown.highlight[index] & LH_TREE_HIGHLIGHT_PATH) != 0;
}

const LhSearchTree *
lh_tree_view_get_tree (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.tree;
}

gboolean
lh_tree_view_is_laying_out (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);
  return self->layout_cancellable != NULL;
}

gboolean
lh_tree_view_is_collapsed (LhTreeView *self, guint32 index)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), FALSE);

  return self->shown.collapsed != NULL && self->shown.tree != NULL
      && index < lh_search_tree_get_n_nodes (self->shown.tree)
      && (self->shown.collapsed[index] & LH_TREE_LAYOUT_COLLAPSED) != 0;
}

const guint8 *
lh_tree_view_get_collapsed (LhTreeView *self)
{
  g_return_val_if_fail (LH_IS_TREE_VIEW (self), NULL);
  return self->shown.tree != NULL ? self->shown.collapsed : NULL;
}

/* Lays the shown tree out again with @collapsed (taken), keeping node
 * @anchor where it is on screen. */
static void
relayout (LhTreeView *self, guint8 *collapsed, guint32 anchor)
{
  guint n = lh_search_tree_get_n_nodes (self->shown.tree);
  LayoutJob *job;
  graphene_rect_t b;

  job = g_new0 (LayoutJob, 1);
  job->record = lh_search_record_ref (self->shown.record);
  job->tree = self->shown.tree;
  job->collapsed = collapsed;
  job->highlight = g_memdup2 (self->shown.highlight, n);
  job->anchor = anchor;
  lh_tree_view_get_node_bounds (self, anchor, &b);
  job->anchor_x = b.origin.x;
  job->anchor_y = b.origin.y;
  start_layout (self, job);
}

void
lh_tree_view_toggle_collapsed (LhTreeView *self, guint32 index)
{
  guint8 *collapsed;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (self->shown.tree == NULL || !lh_tree_view_node_visible (self, index))
    return;
  if (lh_search_tree_get_node (self->shown.tree, index)->first_child == LH_SEARCH_NODE_NONE)
    return;  /* nothing below it */
  collapsed = g_memdup2 (self->shown.collapsed, lh_search_tree_get_n_nodes (self->shown.tree));
  if (lh_tree_view_n_hidden_below (self, index) > 0)
    lh_tree_fold_show_children (self->shown.tree, collapsed, index);
  else
    collapsed[index] |= LH_TREE_LAYOUT_COLLAPSED;
  relayout (self, collapsed, index);
}

void
lh_tree_view_expand_subtree (LhTreeView *self, guint32 index)
{
  const LhSearchTree *tree = self->shown.tree;
  guint8 *collapsed;

  g_return_if_fail (LH_IS_TREE_VIEW (self));

  if (tree == NULL || !lh_tree_view_node_visible (self, index))
    return;
  collapsed = g_memdup2 (self->shown.collapsed, lh_search_tree_get_n_nodes (tree));
  if (!lh_tree_fold_expand_subtree (tree, collapsed, index))
    {
      g_free (collapsed);
      return;
    }
  relayout (self, collapsed, index);
}

/* ---- GtkWidget, GtkScrollable, GObject ------------------------------------ */

static void
lh_tree_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  LhTreeView *self = LH_TREE_VIEW (widget);
  double zy = lh_tree_view_zoom_y (self);

  lh_tree_view_configure_adjustments (self);
  lh_tree_view_allocate_items (self);
  /* Zoomed far out, the rows' spacing follows the view's size (lh_tree_view_zoom_y()):
   * when it changes, the row at the top of the last frame stays there
   * (unless the view was scrolled to the top). */
  if (self->vadjustment != NULL && self->drawn_zoom_y > 0 && zy != self->drawn_zoom_y
      && gtk_adjustment_get_value (self->vadjustment) > 0)
    gtk_adjustment_set_value (self->vadjustment,
                              CLAMP (MARGIN + self->drawn_top * zy, 0,
                                     gtk_adjustment_get_upper (self->vadjustment) - height));
}

/* One stop of the Tab chain: the keys walk the nodes inside, so Tab from
 * the view moves on (the default would look for a focusable child among
 * the accessible tree items, and find none, and keep the focus here). */
static gboolean
lh_tree_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  if (gtk_widget_has_focus (widget) || !gtk_widget_get_focusable (widget))
    return FALSE;
  gtk_widget_grab_focus (widget);
  return TRUE;
}

static void
lh_tree_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 400 : 300;
}

static void
adjustment_value_changed_cb (GtkAdjustment *adjustment, LhTreeView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* The tree items follow their nodes' boxes. */
  if (self->items->len > 0)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
set_adjustment (LhTreeView *self, GtkAdjustment **slot, GtkAdjustment *adjustment)
{
  if (*slot == adjustment && adjustment != NULL)
    return;
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_data (*slot, self);
      g_clear_object (slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb), self);
  lh_tree_view_configure_adjustments (self);
}

static gboolean
lh_tree_view_get_border (GtkScrollable *scrollable, GtkBorder *border)
{
  return FALSE;
}

static void
lh_tree_view_scrollable_init (GtkScrollableInterface *iface)
{
  iface->get_border = lh_tree_view_get_border;
}

static void
lh_tree_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT: g_value_set_object (value, self->hadjustment); break;
    case PROP_VADJUSTMENT: g_value_set_object (value, self->vadjustment); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum (value, self->hscroll_policy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum (value, self->vscroll_policy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_tree_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT: set_adjustment (self, &self->hadjustment, g_value_get_object (value)); break;
    case PROP_VADJUSTMENT: set_adjustment (self, &self->vadjustment, g_value_get_object (value)); break;
    case PROP_HSCROLL_POLICY: self->hscroll_policy = g_value_get_enum (value); break;
    case PROP_VSCROLL_POLICY: self->vscroll_policy = g_value_get_enum (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_tree_view_dispose (GObject *object)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  self->layout_generation++;
  if (self->layout_cancellable != NULL)
    {
      g_cancellable_cancel (self->layout_cancellable);
      g_clear_object (&self->layout_cancellable);
    }
  shown_clear (&self->shown);
  lh_tree_view_clear_items (self);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->hadjustment, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (lh_tree_view_parent_class)->dispose (object);
}

static void
lh_tree_view_finalize (GObject *object)
{
  LhTreeView *self = LH_TREE_VIEW (object);

  g_ptr_array_unref (self->items);
  g_array_unref (self->item_nodes);
  G_OBJECT_CLASS (lh_tree_view_parent_class)->finalize (object);
}

static void
lh_tree_view_class_init (LhTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_tree_view_dispose;
  object_class->finalize = lh_tree_view_finalize;
  object_class->get_property = lh_tree_view_get_property;
  object_class->set_property = lh_tree_view_set_property;
  widget_class->snapshot = lh_tree_view_snapshot;
  widget_class->size_allocate = lh_tree_view_size_allocate;
  widget_class->measure = lh_tree_view_measure;
  widget_class->focus = lh_tree_view_focus;
  widget_class->query_tooltip = lh_tree_view_query_tooltip;

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * LhTreeView::node-selected:
   * @index: the selected node's index in the record
   * A node was selected (click, keyboard, lh_tree_view_select(), or the
   * root of a newly shown tree).
   */
  signals[SIGNAL_NODE_SELECTED] =
    g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * LhTreeView::layout-changed:
   * The tree shown or its layout changed (a new tree, none, a subtree
   * opened or closed): lh_tree_view_get_layout() has a new value.
   */
  signals[SIGNAL_LAYOUT_CHANGED] =
    g_signal_new ("layout-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "treeview-inspector");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TREE);
}

static void
lh_tree_view_init (LhTreeView *self)
{
  self->zoom = 1.0;
  self->selected = self->focus = LH_SEARCH_NODE_NONE;
  self->items = g_ptr_array_new ();
  self->item_nodes = g_array_new (FALSE, TRUE, sizeof (guint32));
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  lh_tree_view_input_init (self);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);
}

GtkWidget *
lh_tree_view_new (void)
{
  return g_object_new (LH_TYPE_TREE_VIEW, NULL);
}

void
lh_tree_view_set_exact_rules (LhTreeView *self, const LhExactRules *rules)
{
  g_return_if_fail (LH_IS_TREE_VIEW (self));

  self->has_exact_rules = rules != NULL;
  if (rules != NULL)
    self->exact_rules = *rules;
}
