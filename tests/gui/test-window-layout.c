/* test-window-layout.c: the layout of the real Lookahead window (started as
 * test-window does, lh_tw_start()) at every width: folded into pages at a
 * phone's 360 px, hidden columns when it folds, no control clipped or
 * outside the window from 360 to 2560 px, the board's column steady during
 * auto-play, how to play where the tree will be on the first start.
 */
#include <gtk/gtk.h>
#include <adwaita.h>

#include "lh-ai-panel.h"
#include "lh-game.h"
#include "lh-window.h"

#include "lh-gui-test-util.h"
#include "test-window-common.h"

/* The window under test, lh_tw_start ()'s. */
static LhWindow *window;

static gboolean
widget_unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

typedef struct {
  AdwLeaflet *leaflet;
  const char *page;
} LeafletPage;

/* Whether the leaflet shows the page and has slid to it. */
static gboolean
leaflet_settled (gpointer data)
{
  const LeafletPage *p = data;

  return g_strcmp0 (adw_leaflet_get_visible_child_name (p->leaflet), p->page) == 0
         && !adw_leaflet_get_child_transition_running (p->leaflet);
}

/* Shows the page @name ("board", "tree", "settings") of a folded window
 * with its button in the page bar, as a person would. */
static void
show_page (const char *name)
{
  AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_ancestor (GTK_WIDGET (lh_window_get_board_view (window)),
                                                              ADW_TYPE_LEAFLET));
  g_autofree char *button_name = g_strdup_printf ("%s_page_button", name);
  GtkWidget *button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                 button_name));

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  gtk_widget_activate (button);
  /* Until the page is shown and has slid in: on a busy machine the frame
   * clock lags, and a page still sliding lies partly outside the window. */
  if (!lh_gui_test_iterate_until (leaflet_settled, &(LeafletPage) { leaflet, name }, 10000))
    g_error ("the leaflet shows “%s”, not the page “%s”, or still slides to it, after 10 s",
             adw_leaflet_get_visible_child_name (leaflet), name);
  lh_gui_test_iterate_for (100);
}

/* The window folds and unfolds with the tree hidden and the sidebar shown
 * (found by test-soak: a separator of the leaflet was drawn before it was
 * given a place, a Gtk-WARNING). */
static void
test_fold_tree_hidden (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  lh_tw_resize_window (1800, 755);
  g_settings_set_boolean (settings, "inspector-visible", FALSE);
  g_settings_set_boolean (settings, "sidebar-visible", TRUE);
  lh_gui_test_iterate_for (300);
  gtk_window_set_default_size (GTK_WINDOW (window), 582, 1005);
  lh_gui_test_iterate_for (600);
  /* Folded, the hidden tree stays hidden. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                                     "tree_separator"))));
  gtk_window_set_default_size (GTK_WINDOW (window), 1800, 755);
  lh_gui_test_iterate_for (600);
  /* The sidebar hidden, the tree shown. */
  g_settings_set_boolean (settings, "inspector-visible", TRUE);
  g_settings_set_boolean (settings, "sidebar-visible", FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1359, 982);
  lh_gui_test_iterate_for (600);
  gtk_window_set_default_size (GTK_WINDOW (window), 914, 611);
  lh_gui_test_iterate_for (600);
  gtk_window_set_default_size (GTK_WINDOW (window), 1359, 982);
  lh_gui_test_iterate_for (600);
  g_settings_reset (settings, "inspector-visible");
  g_settings_reset (settings, "sidebar-visible");
  lh_tw_resize_window (width, height);
}

/* 360 px wide (a phone) the window folds into pages: the board (with the
 * AI's controls and values), the tree and the settings, chosen in the page
 * bar; the arrows play only while the board is in view.  Wide again, the
 * three columns are back side by side. */
static void
test_narrow (void)
{
  GtkWidget *panel = GTK_WIDGET (lh_window_get_ai_panel (window));
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  GtkWidget *chart = GTK_WIDGET (lh_window_get_move_chart (window));
  int width = 0, height = 0;
  LhTwSnapshot before;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  lh_tw_resize_window (360, 720);
  lh_gui_test_iterate_for (200);
  g_assert_false (gtk_widget_get_mapped (panel));
  g_assert_false (gtk_widget_get_mapped (pane));
  g_assert_true (gtk_widget_get_mapped (board));
  g_assert_true (gtk_widget_get_mapped (chart));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  lh_tw_press_and_check ("Left", LH_MOVE_LEFT);

  show_page ("tree");
  g_assert_true (gtk_widget_get_mapped (pane));
  if (!lh_gui_test_iterate_until (widget_unmapped, board, 3000))
    g_error ("the board is still in view on the tree page");
  g_assert_cmpint (gtk_widget_get_width (pane), <=, 360);
  before = lh_tw_take ();
  lh_gui_test_press ("Left");
  lh_gui_test_iterate_for (200);
  g_assert_cmpuint (lh_tw_take ().n_moves, ==, before.n_moves);  /* no move off the board page */

  show_page ("settings");
  /* The sidebar's page maps a frame or two after the leaflet settles. */
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, panel, 3000))
    g_error ("the AI page is not shown on the settings page after 3 s");
  g_assert_cmpint (gtk_widget_get_width (panel), <=, 360);
  show_page ("board");
  g_assert_true (gtk_widget_has_focus (board));

  lh_tw_resize_window (1000, height);
  lh_gui_test_iterate_for (300);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, panel, 3000))
    g_error ("the AI page is not shown beside the board at 1000 px after 3 s");
  g_assert_true (gtk_widget_get_mapped (pane));
  g_assert_true (gtk_widget_get_mapped (board));
  lh_tw_resize_window (width, height);
}

/* The first start: how to play where the tree will be, until the first
 * move; or its button. */
static void
test_welcome (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.lookahead.Lookahead");
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  GtkWidget *welcome = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LH_TYPE_WINDOW,
                                                                  "welcome_page"));

  g_settings_set_boolean (settings, "show-welcome", TRUE);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, welcome, 3000))
    g_error ("the welcome is not shown");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (welcome)), "arrow keys"));
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (welcome)), "Hint"));
  lh_gui_test_set_position (window, "0 0 0 0/0 2 0 0/0 0 4 0/0 0 0 0");
  lh_tw_press_and_check ("Left", LH_MOVE_LEFT);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, pane, 3000))
    g_error ("the tree did not replace the welcome after a move");
  g_assert_false (g_settings_get_boolean (settings, "show-welcome"));

  g_settings_set_boolean (settings, "show-welcome", TRUE);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, welcome, 3000))
    g_error ("the welcome is not shown again");
  g_action_group_activate_action (G_ACTION_GROUP (window), "dismiss-welcome", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_widget_mapped, pane, 3000))
    g_error ("the button did not show the tree");
}

/* Whether a line of @label breaks inside a word. */
static gboolean
label_breaks_word (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const PangoLogAttr *attrs;
  const char *text = pango_layout_get_text (layout);
  int n_attrs = 0;
  gboolean broken = FALSE;

  if (pango_layout_get_line_count (layout) < 2)
    return FALSE;
  attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      int offset = (int) g_utf8_pointer_to_offset (text, text + pango_layout_line_get_start_index (line));

      if (offset > 0 && offset < n_attrs && !attrs[offset].is_line_break)
        broken = TRUE;
    }
  return broken;
}

/* What a person reads or uses (GTK's and libadwaita's own inner parts, such
 * as a switcher's indicator, are theirs to size). */
static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_LABEL (widget) || GTK_IS_SWITCH (widget)
      || GTK_IS_EDITABLE (widget) || GTK_IS_RANGE (widget) || GTK_IS_DROP_DOWN (widget)
      || GTK_IS_LIST_BOX_ROW (widget) || g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "Lh");
}

/* Checks every widget in view below @widget: inside @content (the window's
 * content, whose bounds are @area) unless it scrolls, every control at
 * least as wide as it asks to be, and no label broken inside a word.  Returns the number of
 * widgets checked. */
static guint
check_layout (GtkWidget *widget, GtkWidget *content, const graphene_rect_t *area, gboolean scrolled)
{
  guint checked = 0;
  graphene_rect_t bounds;
  int min = 0, nat = 0;

  if (!gtk_widget_get_mapped (widget) || GTK_IS_POPOVER (widget) || (GTK_IS_NATIVE (widget) && widget != GTK_WIDGET (window)))
    return 0;
  if (widget != GTK_WIDGET (window) && gtk_widget_compute_bounds (widget, content, &bounds) && !scrolled
      && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0)
    {
      if (bounds.origin.x < area->origin.x - 1 || bounds.origin.y < area->origin.y - 1
          || bounds.origin.x + bounds.size.width > area->origin.x + area->size.width + 1
          || bounds.origin.y + bounds.size.height > area->origin.y + area->size.height + 1)
        g_error ("%s (%s) lies outside the window: %.0f,%.0f %.0fx%.0f in %.0fx%.0f",
                 G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget), bounds.origin.x,
                 bounds.origin.y, bounds.size.width, bounds.size.height, area->size.width, area->size.height);
    }
  /* The widget's own box (gtk_widget_get_width () leaves out its padding
   * and border, which its measured minimum counts). */
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (!gtk_widget_compute_bounds (widget, widget, &bounds))
    bounds.size.width = gtk_widget_get_width (widget);
  min -= gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
  if (is_control (widget) && bounds.size.width + 1 < min)
    {
      g_autoptr(GString) path = g_string_new (NULL);

      for (GtkWidget *w = widget; w != NULL && w != content; w = gtk_widget_get_parent (w))
        g_string_prepend (path, G_OBJECT_TYPE_NAME (w)), g_string_prepend (path, " > ");
      g_error ("%s%s%s is %d px wide, narrower than its %d px", path->str,
               GTK_IS_BUTTON (widget) ? " " : "",
               GTK_IS_BUTTON (widget) ? (gtk_button_get_label (GTK_BUTTON (widget)) != NULL
                                         ? gtk_button_get_label (GTK_BUTTON (widget))
                                         : gtk_button_get_icon_name (GTK_BUTTON (widget))) : "",
               (int) bounds.size.width, min);
    }
  if (GTK_IS_LABEL (widget) && gtk_label_get_wrap (GTK_LABEL (widget)) && label_breaks_word (GTK_LABEL (widget)))
    g_error ("the label “%s” breaks inside a word at %d px", gtk_label_get_text (GTK_LABEL (widget)),
             gtk_widget_get_width (widget));
  /* Nothing scrolls sideways: what a pane holds fits its width. */
  if (GTK_IS_VIEWPORT (widget) && gtk_widget_get_first_child (widget) != NULL
      && gtk_widget_get_width (gtk_widget_get_first_child (widget)) > gtk_widget_get_width (widget) + 1
      && !gtk_widget_get_ancestor (widget, LH_TYPE_INSPECTOR_PANE))
    g_error ("%s holds %d px in %d px: it scrolls sideways",
             G_OBJECT_TYPE_NAME (gtk_widget_get_parent (gtk_widget_get_parent (widget))),
             gtk_widget_get_width (gtk_widget_get_first_child (widget)), gtk_widget_get_width (widget));
  checked++;
  if (GTK_IS_RANGE (widget))
    return checked;  /* a slider's or a scroll bar's parts move within it */
  scrolled = scrolled || GTK_IS_VIEWPORT (widget) || GTK_IS_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    checked += check_layout (child, content, area, scrolled);
  return checked;
}

static guint check_window_layout (void);

/* Checks the layout with each page of the sidebar shown (AI Player,
 * Heuristic). */
static guint
check_window_layout_pages (void)
{
  AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (GTK_WIDGET (lh_window_get_ai_panel (window)),
                                                                 ADW_TYPE_VIEW_STACK));
  guint checked;

  adw_view_stack_set_visible_child_name (stack, "heuristic");
  checked = check_window_layout ();
  adw_view_stack_set_visible_child_name (stack, "ai");
  return checked + check_window_layout ();
}

static guint
check_window_layout (void)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  graphene_rect_t area;

  /* A layout of its own, not one left over from the resize. */
  gtk_widget_queue_resize (content);
  lh_gui_test_iterate_for (300);
  area = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (content), gtk_widget_get_height (content));
  return check_layout (content, content, &area, FALSE);
}

/* During auto-play the board's column and the sidebar keep their widths
 * (the column jumped by 48 px at 1280 px as the status line changed, issue
 * 26): the natural width of their content does not change from move to
 * move. */
static void
test_column_steady (void)
{
  GtkWidget *board = GTK_WIDGET (lh_window_get_board_view (window));
  GtkWidget *column = gtk_widget_get_ancestor (board, GTK_TYPE_SCROLLED_WINDOW);
  int lo = G_MAXINT, hi = 0, side_lo = G_MAXINT, side_hi = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (window)), height = gtk_widget_get_height (GTK_WIDGET (window));
  guint64 moves_before;

  lh_tw_resize_window (1280, 900);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  moves_before = lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  for (guint t = 0; t < 80; t++)
    {
      lh_gui_test_iterate_for (50);
      lo = MIN (lo, gtk_widget_get_width (column));
      hi = MAX (hi, gtk_widget_get_width (column));
      {
        GtkWidget *leaflet = gtk_widget_get_ancestor (column, ADW_TYPE_LEAFLET);
        guint i = 0;

        for (GtkWidget *c = gtk_widget_get_first_child (leaflet); c != NULL; c = gtk_widget_get_next_sibling (c), i++)
          if (i == 4)
            {
              side_lo = MIN (side_lo, gtk_widget_get_width (c));
              side_hi = MAX (side_hi, gtk_widget_get_width (c));
            }
      }
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "autoplay", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_not_searching, NULL, 10000))
    g_error ("auto-play did not stop");
  g_test_message ("the board column's width: %d to %d px, the sidebar's %d to %d px, over %" G_GUINT64_FORMAT " moves",
                  lo, hi, side_lo, side_hi,
                  lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window))) - moves_before);
  g_assert_cmpuint (lh_game_get_n_moves (lh_game_model_get_game (lh_window_get_model (window))), >, moves_before + 3);
  g_assert_cmpint (hi, ==, lo);
  /* The sidebar too (it moved by 7 px as the breakdown's numbers changed:
   * the stack measures its hidden Heuristic page as well). */
  g_assert_cmpint (side_hi, ==, side_lo);
  lh_tw_resize_window (width, height);
}

/* From 360 to 2560 px wide no control is clipped, lies outside the window
 * or breaks a word, on every page of a folded window; at 1400x900 the tree
 * has at least half of the window. */
static void
test_widths (void)
{
  static const int widths[] = { 360, 720, 1000, 1280, 1920, 2560 };
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  GtkWidget *pane = GTK_WIDGET (lh_window_get_inspector (window));
  AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_ancestor (pane, ADW_TYPE_LEAFLET));
  int width = 0, height = 0;
  double share;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  lh_gui_test_set_position (window, "2 0 0 2/0 4 0 0/0 0 8 0/16 0 0 0");
  g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
  if (!lh_gui_test_iterate_until (lh_tw_analysis_current, NULL, 10000))
    g_error ("the hint did not finish");
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      guint checked;

      lh_tw_resize_window (widths[i], 800);
      lh_gui_test_iterate_for (300);
      g_test_message ("%d px wide (content %d)", widths[i], gtk_widget_get_width (content));
      if (adw_leaflet_get_folded (leaflet))
        {
          checked = check_window_layout ();
          show_page ("tree");
          checked += check_window_layout ();
          show_page ("settings");
          checked += check_window_layout_pages ();
          show_page ("board");
        }
      else
        {
          g_assert_true (gtk_widget_get_mapped (pane));
          g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (lh_window_get_ai_panel (window))));
          checked = check_window_layout_pages ();
        }
      g_test_message ("%d px: %s, %u widgets checked", widths[i],
                      adw_leaflet_get_folded (leaflet) ? "folded" : "side by side", checked);
      g_assert_cmpuint (checked, >, 50);
    }
  g_assert_false (adw_leaflet_get_folded (leaflet));

  lh_tw_resize_window (1400, 900);
  lh_gui_test_iterate_for (300);
  share = (double) gtk_widget_get_width (pane) * gtk_widget_get_height (pane)
          / ((double) gtk_widget_get_width (content) * gtk_widget_get_height (content));
  g_test_message ("1400x900: the tree has %.1f %% of the window (%dx%d of %dx%d)", share * 100,
                  gtk_widget_get_width (pane), gtk_widget_get_height (pane),
                  gtk_widget_get_width (content), gtk_widget_get_height (content));
  g_assert_cmpfloat (share, >=, 0.5);
  lh_tw_resize_window (width, height);
}

int
main (int argc, char *argv[])
{
  window = lh_tw_start (&argc, &argv, NULL);
  g_test_add_func ("/gui/window/fold-tree-hidden", test_fold_tree_hidden);
  g_test_add_func ("/gui/window/narrow", test_narrow);
  g_test_add_func ("/gui/window/welcome", test_welcome);
  g_test_add_func ("/gui/window/widths", test_widths);
  g_test_add_func ("/gui/window/column-steady", test_column_steady);
  return lh_tw_run ();
}
