/* test-move-chart.c: the chart of move values (lh-move-chart.h) in a real
 * window on an X display (run under xvfb-run).
 *
 * Checked: expectimax's labels (the difference from the best, one number
 * format at every magnitude), a bar scale that does not stretch a small
 * gap, ties of overlapping confidence intervals marked and separated ones
 * not, MCTS's visit shares, the tooltips' unit and raw value, the
 * accessible description, and rendering from 300 to 600 px.  With
 * LH_MOVE_CHART_SHOTS=DIR the renderings are saved there as PNG files, to
 * look at.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "lh-gui-test-util.h"
#include "lh-move-chart.h"

/* A chart shown in a window @width px wide; destroy the window after. */
static LhMoveChart *
chart_in_window (int width, GtkWidget **window_out)
{
  GtkWidget *chart = lh_move_chart_new ();

  *window_out = lh_gui_test_show_in_window (chart, width, -1);
  return LH_MOVE_CHART (chart);
}

/* An expectimax result: Up best, Down a little worse, Left far worse,
 * Right not possible; values times @scale. */
static void
expected_result (LhSolverResult *r, double scale)
{
  *r = (LhSolverResult) {
    .move = LH_MOVE_UP,
    .legal = { TRUE, TRUE, TRUE, FALSE },
    .values = { 14405.2 * scale, 13205.7 * scale, -720228.0 * scale, 0 },
    .lost_value = -1600000.0 * scale,
    .depth = 3,
  };
  lh_solver_std_errors_clear (r->std_errors);
}

/* A Monte Carlo result: Up 143.6 and Down 141.2, standard errors 1.5
 * (intervals overlap); Left 120 ± 1 (apart); Right not possible. */
static void
sampled_result (LhSolverResult *r)
{
  *r = (LhSolverResult) {
    .move = LH_MOVE_UP,
    .legal = { TRUE, TRUE, TRUE, FALSE },
    .values = { 143.6, 141.2, 120.0, 0 },
    .std_errors = { 1.5, 1.5, 1.0, NAN },
    .visits = { 200, 200, 200, 0 },
    .playouts = 600,
    .depth = 1,
  };
}

/* An MCTS result: visits 600, 300, 100; Down's mean within noise of Up's,
 * Left's not; Right not possible. */
static void
mcts_result (LhSolverResult *r)
{
  *r = (LhSolverResult) {
    .move = LH_MOVE_UP,
    .legal = { TRUE, TRUE, TRUE, FALSE },
    .values = { 5210, 5190, 4100, 0 },
    .std_errors = { 20, 25, 90, NAN },
    .visits = { 600, 300, 100, 0 },
    .iterations = 1000,
  };
}

/* Saves @chart as @name.png in $LH_MOVE_CHART_SHOTS, when set. */
static void
maybe_save (LhMoveChart *chart, const char *name)
{
  const char *dir = g_getenv ("LH_MOVE_CHART_SHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int w = gtk_widget_get_width (GTK_WIDGET (chart));
  int h = gtk_widget_get_height (GTK_WIDGET (chart));
  GskRenderer *renderer;

  lh_gui_test_iterate_for (50);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (chart));
  snapshot = gtk_snapshot_new ();
  /* The window's background, so the PNG reads as the app shows it. */
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98f, 0.98f, 0.98f, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  /* Every chart draws something: names at least. */
  g_assert_nonnull (node);
  if (dir == NULL)
    return;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (chart)));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_expected_texts (void)
{
  GtkWidget *window;
  LhMoveChart *chart = chart_in_window (400, &window);
  LhSolverResult r;
  double value;

  g_assert_null (lh_move_chart_get_value_text (chart, LH_MOVE_UP));
  expected_result (&r, 1);
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_UP), ==, "best");
  /* A heuristic's scores say so; each gap reads as a share of the legal
   * moves' range (issue 26: a share of the best's value drifted). */
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "14.4k heuristic score");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−1.2k");
  /* 1199.5 of the range of 734,633.2 from Up to Left. */
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "0.16 % of the range");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_LEFT), ==, "−735k");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_LEFT), ==, "100 % of the range");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_RIGHT), ==, "not possible");
  g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_DOWN));
  g_assert_true (lh_move_chart_get_value (chart, LH_MOVE_DOWN, &value));
  g_assert_cmpfloat (value, ==, 13205.7);
  g_assert_false (lh_move_chart_get_value (chart, LH_MOVE_RIGHT, NULL));
  g_assert_cmpint (lh_move_chart_get_chosen (chart), ==, LH_MOVE_UP);
  maybe_save (chart, "expectimax-400");

  /* The same three significant digits at any magnitude (the old chart's
   * decimals changed with the depth). */
  expected_result (&r, 0.01);
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−12");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "144 heuristic score");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "0.16 % of the range");
  expected_result (&r, 100);
  lh_move_chart_set_result (chart, LH_SOLVER_HYBRID, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−120k");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_LEFT), ==, "−73.5M");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "1.44M heuristic score");

  /* Equal to three digits: "= best"; a tiny gap keeps its size. */
  r.values[LH_MOVE_DOWN] = r.values[LH_MOVE_UP] - 0.0001;
  r.values[LH_MOVE_LEFT] = r.values[LH_MOVE_UP] - 1;
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "= best");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "1.44M heuristic score");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_LEFT), ==, "−1");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_LEFT), ==, "100 % of the range");

  /* Points of a learned network: the best's expected final score (the
   * score plus its value), and what each other move gives up as a share of
   * that final score, as the review measures a mistake. */
  expected_result (&r, 1);
  r.values[LH_MOVE_LEFT] = 12405.2;
  r.lost_value = 0;
  lh_move_chart_set_scale (chart, TRUE, 5000);
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_UP), ==, "best");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "19.4k final score");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−1.2k points");
  /* 1199.5 of 19,405.2 */
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "6.2 % of the final score");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_LEFT), ==, "−2k points");
  g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_DOWN),
                            "Expected points: what this move scores plus what the network expects "
                            "after it, searched 3 moves deep; with the score now ("));
  lh_move_chart_set_scale (chart, FALSE, 0);

  /* Rounding that gains a digit takes the next suffix: 999.7 is 1k. */
  r.values[LH_MOVE_UP] = 10000;
  r.values[LH_MOVE_DOWN] = 9000.3;
  r.values[LH_MOVE_LEFT] = 0;
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−1k");

  /* The tooltip says what the unit is and gives the raw value. */
  expected_result (&r, 1);
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_DOWN),
                            "Heuristic points: the expected evaluation of the position after "
                            "this move, searched 3 moves deep. They mean nothing outside this "
                            "position: compare the moves' gaps."));
  g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_DOWN), "13205.7"));
  g_assert_null (lh_move_chart_get_tooltip_text (chart, LH_MOVE_RIGHT));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two values 4 % apart get bars at most 10 % apart, whatever the offset;
 * the old chart started at the smallest value and gave it a stub. */
static void
test_bar_scale (void)
{
  static const double offsets[] = { 0, 1e4, -2e5 };
  GtkWidget *window;
  LhMoveChart *chart = chart_in_window (400, &window);

  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      LhSolverResult r = {
        .move = LH_MOVE_LEFT,
        .legal = { FALSE, FALSE, TRUE, TRUE },
        .values = { 0, 0, 100000, 96000 },
        .lost_value = 0,
        .depth = 2,
      };
      double best, other;

      lh_solver_std_errors_clear (r.std_errors);
      /* Shifted with the bottom of the scale: still 4 % apart. */
      r.values[LH_MOVE_LEFT] += offsets[i];
      r.values[LH_MOVE_RIGHT] += offsets[i];
      r.lost_value += offsets[i];
      lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
      best = lh_move_chart_get_bar_fraction (chart, LH_MOVE_LEFT, NULL, NULL);
      other = lh_move_chart_get_bar_fraction (chart, LH_MOVE_RIGHT, NULL, NULL);
      g_assert_cmpfloat_with_epsilon (best, 1.0, 1e-9);
      g_assert_cmpfloat (other, >=, 0.9);
      g_assert_cmpfloat (other, <=, best);
      g_assert_cmpfloat (lh_move_chart_get_bar_fraction (chart, LH_MOVE_UP, NULL, NULL), ==, 0);
    }

  /* Every value positive: shares of the best from 0, though a lost game
   * is far below (the bottom moves to the lost value only for a negative
   * value, as in test_expected_texts). */
  {
    LhSolverResult r = {
      .move = LH_MOVE_LEFT,
      .legal = { TRUE, FALSE, TRUE, FALSE },
      .values = { 14682.2, 0, 15374.2, 0 },
      .lost_value = -1600000,
      .depth = 3,
    };

    lh_solver_std_errors_clear (r.std_errors);
    lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
    g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_UP), ==, "−692");
    /* Two legal moves: no range to speak of, the unit only. */
    g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "heuristic");
    g_assert_cmpfloat_with_epsilon (lh_move_chart_get_bar_fraction (chart, LH_MOVE_UP, NULL, NULL),
                                    14682.2 / 15374.2, 1e-9);
  }

  /* The older entry point, with no bottom: from 0 for positive values,
   * and negative ones still not stretched. */
  {
    static const gboolean legal[LH_N_MOVES] = { TRUE, TRUE, FALSE, FALSE };
    static const double positive[LH_N_MOVES] = { 100, 96, 0, 0 };
    static const double negative[LH_N_MOVES] = { -100, -104, 0, 0 };

    lh_move_chart_set_values (chart, legal, positive, NULL, LH_MOVE_UP);
    g_assert_cmpfloat (lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, NULL, NULL), >=, 0.9);
    g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "−4");
    lh_move_chart_set_values (chart, legal, negative, NULL, LH_MOVE_UP);
    g_assert_cmpfloat (lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, NULL, NULL), >=, 0.9);
    g_assert_cmpfloat (lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, NULL, NULL), <, 1);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_ties (void)
{
  static const LhSolverKind kinds[] = { LH_SOLVER_MONTE_CARLO, LH_SOLVER_MDP_MONTE_CARLO };
  GtkWidget *window;
  LhMoveChart *chart = chart_in_window (400, &window);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      LhSolverResult r;
      double lo, hi, fraction;

      sampled_result (&r);
      lh_move_chart_set_result (chart, kinds[k], &r);
      /* 141.2 ± 2.94 overlaps 143.6 ± 2.94; 120 ± 1.96 does not. */
      g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_UP));
      g_assert_true (lh_move_chart_get_tied (chart, LH_MOVE_DOWN));
      g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_LEFT));
      g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_RIGHT));
      g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_UP), ==, "144 ± 2.94");
      g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "141 ± 2.94");
      g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "best · 200 playouts");
      g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "≈ tied · 200 playouts");
      g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_LEFT), ==, "200 playouts");
      g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_DOWN), "tied"));
      g_assert_null (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_LEFT), "tied"));
      g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_DOWN),
                                "95 % confidence interval: 138 to 144."));
      /* The error bar brackets the mean, from 0 (scores count up from 0). */
      fraction = lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, &lo, &hi);
      g_assert_cmpfloat (lo, <, fraction);
      g_assert_cmpfloat (hi, >, fraction);
      g_assert_cmpfloat_with_epsilon (fraction, 141.2 / (143.6 + 1.96 * 1.5), 1e-9);
      g_assert_cmpfloat_with_epsilon (hi - lo, 2 * 1.96 * 1.5 / (143.6 + 1.96 * 1.5), 1e-9);
      maybe_save (chart, kinds[k] == LH_SOLVER_MONTE_CARLO ? "montecarlo-400" : "mdp-400");

      /* Apart: Down's interval well below Up's. */
      r.values[LH_MOVE_DOWN] = 130;
      lh_move_chart_set_result (chart, kinds[k], &r);
      g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_DOWN));
      /* No standard error (one playout): no interval, no tie claimed. */
      r.values[LH_MOVE_DOWN] = 143;
      r.std_errors[LH_MOVE_DOWN] = NAN;
      lh_move_chart_set_result (chart, kinds[k], &r);
      g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_DOWN));
      g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "143");
      lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, &lo, &hi);
      g_assert_true (isnan (lo) && isnan (hi));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_mcts_visit_share (void)
{
  GtkWidget *window;
  LhMoveChart *chart = chart_in_window (400, &window);
  LhSolverResult r;

  mcts_result (&r);
  lh_move_chart_set_result (chart, LH_SOLVER_MCTS, &r);
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_UP), ==, "60 %");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_DOWN), ==, "30 %");
  g_assert_cmpstr (lh_move_chart_get_value_text (chart, LH_MOVE_LEFT), ==, "10 %");
  /* Bars from 0, proportional to the visits. */
  g_assert_cmpfloat_with_epsilon (lh_move_chart_get_bar_fraction (chart, LH_MOVE_UP, NULL, NULL), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (lh_move_chart_get_bar_fraction (chart, LH_MOVE_DOWN, NULL, NULL), 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (lh_move_chart_get_bar_fraction (chart, LH_MOVE_LEFT, NULL, NULL), 1 / 6.0, 1e-9);
  /* The mean and its interval beside the share; Down is within noise of Up. */
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_UP), ==, "600 visits · mean 5.21k ± 39.2");
  g_assert_cmpstr (lh_move_chart_get_detail_text (chart, LH_MOVE_DOWN), ==, "≈ tied · 300 visits · mean 5.19k ± 49");
  g_assert_true (lh_move_chart_get_tied (chart, LH_MOVE_DOWN));
  g_assert_false (lh_move_chart_get_tied (chart, LH_MOVE_LEFT));
  g_assert_nonnull (strstr (lh_move_chart_get_tooltip_text (chart, LH_MOVE_UP), "600 of 1000"));
  maybe_save (chart, "mcts-400");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_accessible_description (void)
{
  GtkWidget *window;
  LhMoveChart *chart = chart_in_window (400, &window);
  g_autofree char *empty = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *sampled = NULL;
  LhSolverResult r;

  empty = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chart),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "No search yet.");
  g_assert_null (empty);

  expected_result (&r, 1);
  lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
  expected = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chart),
                                                 GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
  g_assert_cmpstr (expected, ==,
                   "Up: best, 14.4k heuristic score. Down: −1.2k, 0.16 % of the range. Left: −735k, 100 % of the range. "
                   "Right: not possible. Chosen: Up.");

  sampled_result (&r);
  lh_move_chart_set_result (chart, LH_SOLVER_MONTE_CARLO, &r);
  sampled = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chart),
                                                GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "");
  g_assert_nonnull (strstr (sampled, "Down: 141 ± 2.94, ≈ tied · 200 playouts."));

  lh_move_chart_clear (chart);
  g_clear_pointer (&empty, g_free);
  empty = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chart),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "No search yet.");
  g_assert_null (empty);
  g_assert_null (lh_move_chart_get_value_text (chart, LH_MOVE_UP));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* From 300 to 600 px: the chart takes the width it is given, keeps a
 * compact height, and renders every kind of result. */
static void
test_widths (void)
{
  static const int widths[] = { 300, 600 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      GtkWidget *window;
      LhMoveChart *chart = chart_in_window (widths[i], &window);
      LhSolverResult r;
      int minimum, natural;
      g_autofree char *name = NULL;

      lh_gui_test_iterate_for (100);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (chart)), ==, widths[i]);
      gtk_widget_measure (GTK_WIDGET (chart), GTK_ORIENTATION_VERTICAL, widths[i], &minimum,
                          &natural, NULL, NULL);
      g_assert_cmpint (natural, <=, 170);
      gtk_widget_measure (GTK_WIDGET (chart), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
                          NULL, NULL);
      g_assert_cmpint (minimum, <=, 300);

      expected_result (&r, 1);
      lh_move_chart_set_result (chart, LH_SOLVER_EXPECTIMAX, &r);
      name = g_strdup_printf ("expectimax-%d", widths[i]);
      maybe_save (chart, name);
      g_clear_pointer (&name, g_free);
      sampled_result (&r);
      lh_move_chart_set_result (chart, LH_SOLVER_MONTE_CARLO, &r);
      name = g_strdup_printf ("montecarlo-%d", widths[i]);
      maybe_save (chart, name);
      g_clear_pointer (&name, g_free);
      mcts_result (&r);
      lh_move_chart_set_result (chart, LH_SOLVER_MCTS, &r);
      name = g_strdup_printf ("mcts-%d", widths[i]);
      maybe_save (chart, name);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int argc, char **argv)
{
  lh_gui_test_init (&argc, &argv);

  g_test_add_func ("/move-chart/expected-texts", test_expected_texts);
  g_test_add_func ("/move-chart/bar-scale", test_bar_scale);
  g_test_add_func ("/move-chart/ties", test_ties);
  g_test_add_func ("/move-chart/mcts-visit-share", test_mcts_visit_share);
  g_test_add_func ("/move-chart/accessible-description", test_accessible_description);
  g_test_add_func ("/move-chart/widths", test_widths);
  return g_test_run ();
}
