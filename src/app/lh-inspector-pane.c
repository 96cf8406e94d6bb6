/* lh-inspector-pane.c: the search-tree inspector (see lh-inspector-pane.h). */
#include "lh-config.h"
#include "lh-inspector-pane.h"
#include "lh-tree-overview.h"
#include "lh-wheel-guard.h"
#include "lh-theme-colour.h"

#include <string.h>
#include <glib/gi18n.h>

#include "lh-format.h"
#include "lh-mini-board.h"
#include "lh-search-tree-json.h"
#include "lh-tree-export.h"
#include "lh-accessible.h"
#include "lh-tree-render.h"
#include <adwaita.h>

struct _LhInspectorPane
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkWidget      *main_box;
  GtkWidget      *step_box;
  GtkWidget      *step_back_button;
  GtkWidget      *scrubber;
  GtkAdjustment  *step_adjustment;
  GtkWidget      *step_forward_button;
  GtkLabel       *step_label;
  GtkWidget      *scrolled_window;
  LhTreeView     *tree_view;
  GtkWidget      *empty_label;
  GtkLabel       *legend_label;
  GtkWidget      *legend_revealer;
  GtkWidget      *legend_button;
  GSettings      *settings;
  GtkWidget      *stale_label;
  GtkWidget      *zoom_out_button;
  GtkWidget      *zoom_fit_button;
  LhTreeOverview *tree_overview;
  GtkWidget      *zoom_in_button;
  LhMiniBoard    *mini_board;
  GtkLabel       *node_label;
  GtkWidget      *export_button;

  LhSearchRecord *record;
  guint           step;
  GObject        *chooser;   /* the export's GtkFileChooserDialog or, in a
                              * sandbox, GtkFileChooserNative; a reference */
};

G_DEFINE_FINAL_TYPE (LhInspectorPane, lh_inspector_pane, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_RECORD,
  PROP_STEP,
  PROP_STALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
n_steps (LhInspectorPane *self)
{
  return self->record != NULL ? lh_search_record_get_n_steps (self->record) : 0;
}

static void
update_step_controls (LhInspectorPane *self)
{
  guint n = n_steps (self);

  gtk_widget_set_sensitive (self->step_back_button, n > 0 && self->step > 0);
  gtk_widget_set_sensitive (self->step_forward_button, n > 0 && self->step + 1 < n);
  gtk_widget_set_sensitive (self->scrubber, n > 1);
  if (n == 0)
    gtk_label_set_text (self->step_label, "");
  else
    {
      LhSearchStep step;
      g_autofree char *text = NULL;

      lh_search_record_get_step (self->record, self->step, &step);
      if (step.iteration > 0)
        {
          g_autofree char *iteration = g_strdup_printf ("%'" G_GUINT64_FORMAT, step.iteration);

          /* Translators: the step of an MCTS search shown: %s the iteration
           * (counted from 1), %u this step, %u the number of steps */
          text = g_strdup_printf (_("Iteration %s · %u/%u"), iteration, self->step + 1, n);
        }
      else if (step.playouts > 0)
        {
          g_autofree char *playouts = g_strdup_printf ("%'" G_GUINT64_FORMAT, step.playouts);

          /* Translators: the step of a Monte Carlo search shown: %s the
           * playouts played so far, %u this step, %u the number of steps */
          text = g_strdup_printf (_("%s playouts · %u/%u"), playouts, self->step + 1, n);
        }
      else
        /* Translators: the step of the search shown: %u depth of the iteration,
         * %u this step, %u the number of steps */
        text = g_strdup_printf (_("Depth %u · %u/%u"), step.depth, self->step + 1, n);
      gtk_label_set_text (self->step_label, text);
    }
}

static void
show_node (LhInspectorPane *self, guint32 index)
{
  const LhSearchTree *tree = lh_tree_view_get_tree (self->tree_view);
  const LhSearchNode *node;
  guint row, col;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *value = NULL;

  if (tree == NULL || index == LH_SEARCH_NODE_NONE || index >= lh_search_tree_get_n_nodes (tree))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->mini_board), FALSE);
      gtk_label_set_text (self->node_label, "");
      return;
    }
  node = lh_search_tree_get_node (tree, index);
  lh_mini_board_set_wide_board (self->mini_board, lh_search_tree_get_wide_board (tree, node),
                                lh_search_tree_get_geometry (tree));
  gtk_widget_set_visible (GTK_WIDGET (self->mini_board), TRUE);

  switch (node->kind)
    {
    case LH_SEARCH_NODE_PLAYER:
      g_string_append (text, index == 0 ? _("Root: player to move") : _("Player node"));
      break;
    case LH_SEARCH_NODE_CHANCE:
      /* Translators: %s the move that led to this afterstate */
      g_string_append_printf (text, _("Chance node after %s"), lh_format_move_label (node->move));
      break;
    default:
      g_string_append (text, _("Leaf"));
      break;
    }
  if (lh_search_tree_get_spawn (tree, node, &row, &col))
    {
      g_string_append (text, " · ");
      /* Translators: a spawned tile: %u its value, %u row and %u column (from 1) */
      g_string_append_printf (text, _("%u spawned at row %u, column %u"),
                              1u << node->spawn_exponent, row + 1, col + 1);
    }
  value = g_strdup_printf ("%'.1f", node->value);
  g_string_append_c (text, '\n');
  /* Translators: %s a value in heuristic points */
  g_string_append_printf (text, _("Value %s"), value);
  g_string_append_c (text, '\n');
  /* Translators: %.3g a probability in percent */
  g_string_append_printf (text, _("Probability %.3g %%"), node->probability * 100.0);
  g_string_append_c (text, '\n');
  /* Translators: %u the ply (player moves from the root) */
  g_string_append_printf (text, _("Ply %u"), (guint) node->ply);
  if (node->visits > 1)
    /* Translators: MCTS visits of a node */
    g_string_append_printf (text, _(" · %u visits"), node->visits);
  gtk_label_set_text (self->node_label, text->str);
}

static void
node_selected_cb (LhTreeView *view, guint index, LhInspectorPane *self)
{
  show_node (self, index);
}

const char *
lh_inspector_pane_get_step_text (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), NULL);
  return gtk_label_get_text (self->step_label);
}

gboolean
lh_inspector_pane_get_legend_visible (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), FALSE);
  return gtk_revealer_get_reveal_child (GTK_REVEALER (self->legend_revealer));
}

static char *
rgb_to_hex (const double rgb[3])
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (CLAMP (rgb[0], 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (rgb[1], 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (rgb[2], 0, 1) * 255 + 0.5));
}

/* @rgb as a legend symbol's colour: a node's pale fill made deep enough
 * to read on the pane's background (toward black, or white when @dark). */
static char *
legend_hex (const double rgb[3], gboolean dark)
{
  double deep[3];

  for (guint i = 0; i < 3; i++)
    deep[i] = dark ? rgb[i] + (1.0 - rgb[i]) * 0.35 : rgb[i] * 0.55;
  return rgb_to_hex (deep);
}

/* The legend, in the colours lh-tree-view.c draws with (the kinds' fills,
 * lh_tree_render_get_kind_color(); the accent colour; the path colour,
 * lh_tree_render_get_path_color()): node shapes, the "⋯" of a cut or
 * cached node, the chosen line, the iteration's path when the step has
 * one, and the disclosure marks. */
static void
update_legend (LhInspectorPane *self, gboolean has_path)
{
  LhTreeRenderStyle style;
  GdkRGBA accent;
  double rgb[3];
  g_autofree char *accent_hex = NULL;
  g_autofree char *path_hex = NULL;
  g_autofree char *player_hex = NULL;
  g_autofree char *chance_hex = NULL;
  g_autofree char *leaf_hex = NULL;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  lh_tree_render_style_init (&style);
  if (lh_theme_colour (GTK_WIDGET (self->tree_view), "accent_bg_color", NULL, &accent))
    {
      style.accent[0] = accent.red;
      style.accent[1] = accent.green;
      style.accent[2] = accent.blue;
    }
  accent_hex = rgb_to_hex (style.accent);
  lh_tree_render_get_path_color (dark, rgb);
  path_hex = rgb_to_hex (rgb);
  /* The nodes' fills are pale: their symbols take the same hue, deeper
   * (lighter on a dark background), so they stand out as text does. */
  lh_tree_render_get_kind_color (LH_SEARCH_NODE_PLAYER, dark, rgb);
  player_hex = legend_hex (rgb, dark);
  lh_tree_render_get_kind_color (LH_SEARCH_NODE_CHANCE, dark, rgb);
  chance_hex = legend_hex (rgb, dark);
  lh_tree_render_get_kind_color (LH_SEARCH_NODE_LEAF, dark, rgb);
  leaf_hex = legend_hex (rgb, dark);
  {
    g_autofree char *player = NULL;
    g_autofree char *chance = NULL;
    g_autofree char *leaf = NULL;
    g_autofree char *chosen = NULL;
    g_autofree char *path = NULL;
    /* Translators: legend entries of the inspector's tree: keep the markup
     * and the symbols (the colours are those of the drawing) */
    player = g_strdup_printf (_("<span foreground=\"%s\" size=\"larger\">■</span> Player node: the AI moves"), player_hex);
    chance = g_strdup_printf (_("<span foreground=\"%s\" size=\"larger\">●</span> Chance node: a tile spawns"), chance_hex);
    leaf = g_strdup_printf (_("<span foreground=\"%s\" size=\"larger\">■</span> Leaf: scored"), leaf_hex);
    chosen = g_strdup_printf (_("<span foreground=\"%s\" weight=\"bold\">━━</span> Chosen line"), accent_hex);
    if (has_path)
      /* Translators: the legend's entry for the path the shown MCTS
       * iteration selected: keep the markup and the symbol */
      path = g_strdup_printf (_("<span foreground=\"%s\" weight=\"bold\">╍╍</span> This iteration's path"),
                              path_hex);
    {
      const char *entries[] = {
        player, chance, leaf, chosen,
        /* Translators: a legend entry: the label over an edge to a spawn */
        _("r2c3 · 2 over 9%: a 2 at row 2, column 3, chance 9 %"),
        _("⋯ Cut or cached: children not recorded"),
        _("▸ +N: nodes hidden, click to open"),
        _("▾: click to close"),
        path,
      };

      GString *markup = g_string_new (NULL);

      /* One label; an entry wraps only where it must: its spaces (outside
       * the markup's tags) are non-breaking, except in the long edge
       * entry's explanation, and the entries are apart by ordinary spaces. */
      for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
        {
          gboolean in_tag = FALSE, breakable = i == 4;

          if (entries[i] == NULL)
            continue;
          if (markup->len > 0)
            g_string_append (markup, "    ");
          for (const char *c = entries[i]; *c != '\0'; c++)
            {
              in_tag = *c == '<' ? TRUE : *c == '>' ? FALSE : in_tag;
              if (*c == ' ' && !in_tag && !(breakable && strchr (c, ':') == NULL))
                g_string_append (markup, "\u00a0");
              else
                g_string_append_c (markup, *c);
            }
        }
      gtk_label_set_markup (self->legend_label, markup->str);
      g_string_free (markup, TRUE);    }
  }
}

static void
show_step (LhInspectorPane *self)
{
  LhSearchStep step;

  update_step_controls (self);
  if (self->record == NULL)
    {
      lh_tree_view_set_tree (self->tree_view, NULL, NULL);
      show_node (self, LH_SEARCH_NODE_NONE);
      gtk_label_set_label (GTK_LABEL (self->empty_label), _("Ask for a hint or step to see the AI's search tree."));
      gtk_widget_set_visible (self->empty_label, TRUE);
      gtk_widget_set_sensitive (self->export_button, FALSE);
      update_legend (self, FALSE);
      return;
    }
  lh_search_record_get_step (self->record, self->step, &step);
  lh_tree_view_set_tree_with_path (self->tree_view, self->record, step.tree,
                                   step.tree != NULL ? step.path : NULL,
                                   step.tree != NULL && step.path != NULL ? step.path_length : 0);
  update_legend (self, step.tree != NULL && step.path != NULL && step.path_length > 0);
  /* Why a search has no tree to show. */
  if (step.tree == NULL)
    {
      const char *why;

      if (lh_search_record_get_solver (self->record) == LH_SOLVER_EXACT)
        why = _("Perfect Play reads each move's value from the solved game: it searches no tree.");
      else
        why = _("This search ran while the tree was hidden and kept none: ask for a hint to see one.");
      gtk_label_set_label (GTK_LABEL (self->empty_label), why);
    }
  gtk_widget_set_visible (self->empty_label, step.tree == NULL);
  gtk_widget_set_sensitive (self->export_button, step.tree != NULL);
  if (step.tree == NULL)
    show_node (self, LH_SEARCH_NODE_NONE);
}

void
lh_inspector_pane_set_step (LhInspectorPane *self, guint index)
{
  g_return_if_fail (LH_IS_INSPECTOR_PANE (self));

  if (n_steps (self) == 0)
    return;
  index = MIN (index, n_steps (self) - 1);
  if (index == self->step && lh_tree_view_get_tree (self->tree_view) != NULL)
    return;
  self->step = index;
  if ((guint) gtk_adjustment_get_value (self->step_adjustment) != index)
    gtk_adjustment_set_value (self->step_adjustment, index);
  show_step (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

guint
lh_inspector_pane_get_step (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), 0);
  return self->step;
}

void
lh_inspector_pane_set_record (LhInspectorPane *self, LhSearchRecord *record)
{
  guint n;

  g_return_if_fail (LH_IS_INSPECTOR_PANE (self));

  if (record != NULL)
    lh_search_record_ref (record);
  g_clear_pointer (&self->record, lh_search_record_unref);
  self->record = record;
  n = n_steps (self);
  self->step = n > 0 ? n - 1 : 0;
  /* Configure the scrubber without reacting to its value-changed. */
  g_signal_handlers_block_matched (self->step_adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_adjustment_configure (self->step_adjustment, self->step, 0, n > 0 ? n - 1 : 0, 1, 1, 0);
  g_signal_handlers_unblock_matched (self->step_adjustment, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_scale_clear_marks (GTK_SCALE (self->scrubber));
  for (guint i = 0; n > 1 && i < n; i++)
    gtk_scale_add_mark (GTK_SCALE (self->scrubber), i, GTK_POS_BOTTOM, NULL);
  show_step (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORD]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

LhSearchRecord *
lh_inspector_pane_get_record (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), NULL);
  return self->record;
}

static void
step_value_changed_cb (GtkAdjustment *adjustment, LhInspectorPane *self)
{
  double value = gtk_adjustment_get_value (adjustment);

  lh_inspector_pane_set_step (self, (guint) (value + 0.5));
}

static void
step_back_cb (GtkButton *button, LhInspectorPane *self)
{
  if (self->step > 0)
    lh_inspector_pane_set_step (self, self->step - 1);
}

static void
step_forward_cb (GtkButton *button, LhInspectorPane *self)
{
  lh_inspector_pane_set_step (self, self->step + 1);
}

static void
zoom_in_cb (GtkButton *button, LhInspectorPane *self)
{
  lh_tree_view_zoom (self->tree_view, 1.25);
}

static void
zoom_out_cb (GtkButton *button, LhInspectorPane *self)
{
  lh_tree_view_zoom (self->tree_view, 1 / 1.25);
}

static void
zoom_fit_cb (GtkButton *button, LhInspectorPane *self)
{
  lh_tree_view_zoom_to_fit_legible (self->tree_view);
}

/* ---- export --------------------------------------------------------------- */

gboolean
lh_inspector_pane_export (LhInspectorPane *self, const char *path, GError **error)
{
  const LhSearchTree *tree;
  const guint8 *collapsed;
  g_autofree char *lower = NULL;

  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  tree = lh_tree_view_get_tree (self->tree_view);
  collapsed = lh_tree_view_get_collapsed (self->tree_view);
  if (tree == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("There is no search tree to export yet."));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".svg"))
    return lh_tree_export_svg (tree, collapsed, path, error);
  if (g_str_has_suffix (lower, ".png"))
    return lh_tree_export_png (tree, collapsed, 2.0, path, error);
  if (g_str_has_suffix (lower, ".json"))
    {
      LhSearchStep step;

      /* The whole record: collapsing is a way of looking, not of keeping. */
      lh_search_record_get_step (self->record, self->step, &step);
      return lh_search_tree_to_json_file (tree,
                                          lh_solver_kind_to_string (lh_search_record_get_solver (self->record)),
                                          step.depth, path, error);
    }
  {
    g_autofree char *name = g_filename_display_basename (path);
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 /* Translators: %s a file name */
                 _("“%s” does not end in .svg, .png or .json: the extension chooses the format."), name);
  }
  return FALSE;
}

/* Closes the export's file chooser, if one is open. */
static void
close_chooser (LhInspectorPane *self)
{
  if (self->chooser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->chooser, self);
  if (GTK_IS_NATIVE_DIALOG (self->chooser))
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  else
    gtk_window_destroy (GTK_WINDOW (self->chooser));
  g_clear_object (&self->chooser);
}

/* GtkDialog's and GtkNativeDialog's "response" alike. */
static void
chooser_response_cb (GObject *chooser, int response, LhInspectorPane *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        {
          g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, _("Export needs a local file."));
        }
      else if (!lh_inspector_pane_export (self, path, &error))
        {
          /* Translators: %s what went wrong */
          g_autofree char *text = g_strdup_printf (_("Could not export the tree: %s"), error->message);
          g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
        }
      else
        {
          g_autofree char *name = g_filename_display_basename (path);
          /* Translators: %s a file name */
          g_autofree char *text = g_strdup_printf (_("Tree saved as “%s”"), name);
          g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
        }
    }
  close_chooser (self);
}

/* Each filter carries its type's extension ("lh-extension"). */
static void
add_filter (GtkFileChooser *chooser, const char *name, const char *extension, const char *mime)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_suffix (filter, extension);
  gtk_file_filter_add_mime_type (filter, mime);
  g_object_set_data (G_OBJECT (filter), "lh-extension", (gpointer) extension);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* The person picked another file type: the name takes its extension, so
 * "PNG image" saves search-tree.png, not over search-tree.svg. */
static void
filter_changed_cb (GtkFileChooser *chooser, GParamSpec *pspec, LhInspectorPane *self)
{
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  const char *extension = filter != NULL ? g_object_get_data (G_OBJECT (filter), "lh-extension") : NULL;
  g_autofree char *name = gtk_file_chooser_get_current_name (chooser);
  g_autofree char *renamed = NULL;

  if (extension == NULL || name == NULL)
    return;
  renamed = lh_tree_export_name_with_extension (name, extension);
  if (strcmp (renamed, name) != 0)
    gtk_file_chooser_set_current_name (chooser, renamed);
}

/* In a sandbox (Flatpak, without file access) only the file chooser
 * portal reaches the person's files: the native chooser, whose type
 * choice the app cannot follow.  Elsewhere GTK's own dialog, which it can. */
static gboolean
use_portal (void)
{
  return g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS)
         || g_strcmp0 (g_getenv ("GTK_USE_PORTAL"), "1") == 0;
}

static void
export_clicked_cb (GtkButton *button, LhInspectorPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWindow *parent = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
  GtkFileChooser *chooser;

  if (self->chooser != NULL)
    {
      if (GTK_IS_NATIVE_DIALOG (self->chooser))
        gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      else
        gtk_window_present (GTK_WINDOW (self->chooser));
      return;
    }
  if (use_portal ())
    chooser = GTK_FILE_CHOOSER (gtk_file_chooser_native_new (_("Export the Search Tree"), parent,
                                                             GTK_FILE_CHOOSER_ACTION_SAVE,
                                                             _("_Export"), _("_Cancel")));
  else
    {
      GtkWidget *dialog = gtk_file_chooser_dialog_new (_("Export the Search Tree"), parent,
                                                       GTK_FILE_CHOOSER_ACTION_SAVE,
                                                       _("_Cancel"), GTK_RESPONSE_CANCEL,
                                                       _("_Export"), GTK_RESPONSE_ACCEPT,
                                                       NULL);
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
      chooser = GTK_FILE_CHOOSER (g_object_ref (dialog));
    }
  add_filter (chooser, _("SVG image"), "svg", "image/svg+xml");
  add_filter (chooser, _("PNG image"), "png", "image/png");
  add_filter (chooser, _("JSON search tree"), "json", "application/json");
  /* Translators: default file name of an exported search tree */
  gtk_file_chooser_set_current_name (chooser, _("search-tree.svg"));
  g_signal_connect (chooser, "notify::filter", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  self->chooser = G_OBJECT (chooser);
  if (GTK_IS_NATIVE_DIALOG (chooser))
    {
      gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
    }
  else
    {
      gtk_window_set_modal (GTK_WINDOW (chooser), TRUE);
      lh_accessible_fix_mnemonic_names (GTK_WIDGET (chooser));
      gtk_window_present (GTK_WINDOW (chooser));
    }
}

/* ---- life cycle ----------------------------------------------------------- */

LhTreeView *
lh_inspector_pane_get_tree_view (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), NULL);
  return self->tree_view;
}

GtkRange *
lh_inspector_pane_get_scrubber (LhInspectorPane *self)
{
  g_return_val_if_fail (LH_IS_INSPECTOR_PANE (self), NULL);
  return GTK_RANGE (self->scrubber);
}

static void
lh_inspector_pane_dispose (GObject *object)
{
  LhInspectorPane *self = LH_INSPECTOR_PANE (object);

  close_chooser (self);
  if (self->step_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->step_adjustment, self);
  g_clear_pointer (&self->record, lh_search_record_unref);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_INSPECTOR_PANE);
  G_OBJECT_CLASS (lh_inspector_pane_parent_class)->dispose (object);
}

static void
lh_inspector_pane_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhInspectorPane *self = LH_INSPECTOR_PANE (object);

  switch (prop_id)
    {
    case PROP_RECORD: g_value_set_boxed (value, self->record); break;
    case PROP_STEP: g_value_set_uint (value, self->step); break;
    case PROP_STALE: g_value_set_boolean (value, gtk_widget_get_visible (self->stale_label)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_inspector_pane_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhInspectorPane *self = LH_INSPECTOR_PANE (object);

  switch (prop_id)
    {
    case PROP_RECORD: lh_inspector_pane_set_record (self, g_value_get_boxed (value)); break;
    case PROP_STEP: lh_inspector_pane_set_step (self, g_value_get_uint (value)); break;
    case PROP_STALE:
      /* The tree of an earlier position says so, and is drawn faded. */
      gtk_widget_set_visible (self->stale_label, g_value_get_boolean (value));
      gtk_widget_set_opacity (self->scrolled_window, g_value_get_boolean (value) ? 0.5 : 1.0);
      g_object_notify_by_pspec (object, pspec);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_inspector_pane_class_init (LhInspectorPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_inspector_pane_dispose;
  object_class->get_property = lh_inspector_pane_get_property;
  object_class->set_property = lh_inspector_pane_set_property;

  properties[PROP_RECORD] =
    g_param_spec_boxed ("record", NULL, NULL, LH_TYPE_SEARCH_RECORD,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The record is of another position than the game's (lh-analysis "stale"). */
  properties[PROP_STALE] =
    g_param_spec_boolean ("stale", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LhInspectorPane::message:
   * @text: what to tell the person (an export saved or failed), valid UTF-8
   */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (LH_TYPE_TREE_VIEW);
  g_type_ensure (LH_TYPE_TREE_OVERVIEW);
  g_type_ensure (LH_TYPE_MINI_BOARD);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-inspector-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, main_box);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, step_box);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, step_back_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, scrubber);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, step_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, step_forward_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, step_label);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, tree_view);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, tree_overview);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, empty_label);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, legend_label);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, legend_revealer);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, legend_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, stale_label);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, zoom_out_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, zoom_fit_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, zoom_in_button);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, mini_board);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, node_label);
  gtk_widget_class_bind_template_child (widget_class, LhInspectorPane, export_button);
}

static void
lh_inspector_pane_init (LhInspectorPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lh_tree_overview_set_view (self->tree_overview, self->tree_view);
  /* The wheel scrolls the page over a slider or a number without the focus. */
  lh_wheel_guard_attach_all (GTK_WIDGET (self));

  g_signal_connect (self->step_adjustment, "value-changed", G_CALLBACK (step_value_changed_cb), self);
  g_signal_connect (self->step_back_button, "clicked", G_CALLBACK (step_back_cb), self);
  g_signal_connect (self->step_forward_button, "clicked", G_CALLBACK (step_forward_cb), self);
  g_signal_connect (self->zoom_in_button, "clicked", G_CALLBACK (zoom_in_cb), self);
  g_signal_connect (self->zoom_out_button, "clicked", G_CALLBACK (zoom_out_cb), self);
  g_signal_connect (self->zoom_fit_button, "clicked", G_CALLBACK (zoom_fit_cb), self);
  g_signal_connect (self->export_button, "clicked", G_CALLBACK (export_clicked_cb), self);
  g_signal_connect (self->tree_view, "node-selected", G_CALLBACK (node_selected_cb), self);
  lh_mini_board_set_board (self->mini_board, 0, LH_GEOMETRY_DEFAULT);
  self->settings = g_settings_new ("io.github.lookahead.Lookahead");
  g_settings_bind (self->settings, "inspector-legend", self->legend_button, "active", G_SETTINGS_BIND_DEFAULT);
  g_object_bind_property (self->legend_button, "active", self->legend_revealer, "reveal-child",
                          G_BINDING_SYNC_CREATE);
  update_legend (self, FALSE);
  show_step (self);
}

GtkWidget *
lh_inspector_pane_new (void)
{
  return g_object_new (LH_TYPE_INSPECTOR_PANE, NULL);
}
