/* test-breakdown-view.c: the heuristic breakdown table and the board's heat
 * map, in real windows on an X display (run under xvfb-run).
 *
 * The table's labels are read back from its grid: one row per term with a
 * weight other than 0, the Now column's contributions, each move's total
 * equal to lh_heuristic_evaluate() of its afterstate (shown as the change
 * from now), an illegal move marked, the best total highlighted and the
 * solver's choice marked.  The heat map is rendered to a render node with
 * and without values, and follows the board when it shows the heuristic's
 * per-cell contributions.
 */
#include <gtk/gtk.h>
#include <adwaita.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "lh-board-heat.h"
#include "lh-board-text.h"
#include "lh-board-view.h"
#include "lh-format.h"
#include "lh-breakdown-view.h"
#include "lh-heuristic.h"
#include "lh-gui-test-util.h"

/* Top row 2 4 8 16 and a 2 in row 1, column 2: Up changes nothing, the
 * other three moves are legal. */
static LhBoard
test_board (void)
{
  LhBoard board = 0;

  board = lh_board_set_cell (board, 0, 0, 1);
  board = lh_board_set_cell (board, 0, 1, 2);
  board = lh_board_set_cell (board, 0, 2, 3);
  board = lh_board_set_cell (board, 0, 3, 4);
  board = lh_board_set_cell (board, 1, 2, 1);
  return board;
}

static const char *
label_text (GtkWidget *grid, int column, int row)
{
  GtkWidget *child = gtk_grid_get_child_at (GTK_GRID (grid), column, row);

  g_assert_nonnull (child);
  g_assert_true (GTK_IS_LABEL (child));
  return gtk_label_get_text (GTK_LABEL (child));
}

/* The breakdown of @board by the heuristic of @params. */
static void
show_position (GtkWidget *view, const LhHeuristicParams *params, LhGeometry g, LhBoard board)
{
  g_autoptr(LhOwnedEvaluator) evaluator = lh_owned_evaluator_new_heuristic (params, g);

  lh_breakdown_view_set_position (LH_BREAKDOWN_VIEW (view), evaluator,
                                  lh_wide_board_from_board (board, g), LH_RULES_2048_CAPPED);
}

static void
test_breakdown_table (void)
{
  GtkWidget *view = lh_breakdown_view_new ();
  GtkWidget *window = lh_gui_test_show_in_window (view, 340, 400);
  GtkWidget *grid = gtk_widget_get_first_child (view);
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = test_board ();
  LhHeuristicParams params;
  g_autoptr(LhHeuristic) heuristic = NULL;
  LhHeuristicTerm shown[LH_N_TERMS];
  guint n_shown = 0;
  double now_total = 0, terms_sum = 0, best_value = -INFINITY;
  int total_row, best = -1;

  g_assert_true (GTK_IS_GRID (grid));
  /* Before a position: no table. */
  g_assert_false (gtk_widget_get_visible (grid));
  g_assert_false (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), LH_MOVE_NONE, LH_N_TERMS, NULL));

  lh_heuristic_params_init_default (&params);
  params.snake_weight = 1.5;
  params.gradient_weight = 2;
  params.smoothness_weight = 0;
  params.neighbour_diff_weight = 0;
  params.corner_weight = 0;
  heuristic = lh_heuristic_new (&params, g);

  show_position (view, &params, g, board);
  lh_gui_test_iterate_for (50);
  g_assert_true (gtk_widget_get_visible (grid));

  /* Header. */
  g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_NOW_COLUMN, 0), ==, "Now");
  g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_UP), 0), ==, "↑");
  g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_DOWN), 0), ==, "↓");
  g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_LEFT), 0), ==, "←");
  g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_RIGHT), 0), ==, "→");
  g_assert_true (gtk_widget_has_css_class (
    gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_UP), 0), "dim-label"));

  /* One row per term whose weight is not 0, in LhHeuristicTerm order. */
  {
    double weights[LH_N_TERMS] = {
      [LH_TERM_EMPTY] = params.empty_weight,
      [LH_TERM_MERGES] = params.merges_weight,
      [LH_TERM_MONOTONICITY] = params.monotonicity_weight,
      [LH_TERM_SMOOTHNESS] = params.smoothness_weight,
      [LH_TERM_SUM] = params.sum_weight,
      [LH_TERM_SNAKE] = params.snake_weight,
      [LH_TERM_NEIGHBOUR_DIFF] = params.neighbour_diff_weight,
      [LH_TERM_GRADIENT] = params.gradient_weight,
      [LH_TERM_CORNER] = params.corner_weight,
    };
    for (guint t = 0; t < LH_N_TERMS; t++)
      if (weights[t] != 0)
        shown[n_shown++] = t;
  }
  g_assert_cmpuint (n_shown, ==, 6);
  for (guint i = 0; i < n_shown; i++)
    {
      double v;
      g_autofree char *expected = NULL;

      g_assert_cmpstr (label_text (grid, 0, LH_BREAKDOWN_VIEW_NAME_ROW (i)), ==, lh_term_get_label (shown[i]));
      g_assert_true (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), LH_MOVE_NONE, shown[i], &v));
      expected = lh_format_compact (v, FALSE);
      g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_NOW_COLUMN, LH_BREAKDOWN_VIEW_VALUE_ROW (i)), ==, expected);
      g_assert_nonnull (gtk_widget_get_tooltip_text (
        gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_NOW_COLUMN, LH_BREAKDOWN_VIEW_VALUE_ROW (i))));
      /* The name has its line to itself, across the grid. */
      {
        int column, row, width, height;

        gtk_grid_query_child (GTK_GRID (grid), gtk_grid_get_child_at (GTK_GRID (grid), 0, LH_BREAKDOWN_VIEW_NAME_ROW (i)),
                              &column, &row, &width, &height);
        g_assert_cmpint (width, ==, LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_N_MOVES - 1) + 1);
        g_assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 0, LH_BREAKDOWN_VIEW_VALUE_ROW (i)));
      }
      terms_sum += v;
    }
  /* A separator, then the total. */
  total_row = LH_BREAKDOWN_VIEW_NAME_ROW (n_shown) + 2;
  g_assert_true (GTK_IS_SEPARATOR (gtk_grid_get_child_at (GTK_GRID (grid), 0, total_row - 2)));
  g_assert_cmpstr (label_text (grid, 0, total_row - 1), ==, "Total");
  g_assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 0, total_row));
  g_assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 0, total_row + 1));

  /* The Now total is the sum of the terms and the heuristic's value. */
  g_assert_true (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), LH_MOVE_NONE, LH_N_TERMS, &now_total));
  g_assert_cmpfloat_with_epsilon (now_total, terms_sum, 1e-6 * fabs (now_total) + 1e-9);
  g_assert_cmpfloat_with_epsilon (now_total, lh_heuristic_evaluate (heuristic, board),
                                  1e-5 * fabs (now_total) + 1e-3);

  /* Each move: the total of its afterstate, shown as the change from now;
   * Up is not possible. */
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      LhBoard after = lh_board_move (board, g, m, NULL);
      GtkWidget *cell = gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), total_row);
      double total;

      if (after == board)
        {
          g_assert_cmpuint (m, ==, LH_MOVE_UP);
          g_assert_false (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), m, LH_N_TERMS, &total));
          g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), total_row), ==, "—");
          g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), LH_BREAKDOWN_VIEW_VALUE_ROW (0)), ==, "—");
          g_assert_true (gtk_widget_has_css_class (cell, "dim-label"));
          g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (cell), "not possible"));
          continue;
        }
      {
        double eval = lh_heuristic_evaluate (heuristic, after);
        g_autofree char *expected = NULL;

        g_assert_true (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), m, LH_N_TERMS, &total));
        g_assert_cmpfloat_with_epsilon (total, eval, 1e-5 * fabs (eval) + 1e-3);
        expected = lh_format_compact (total - now_total, TRUE);
        g_assert_cmpstr (label_text (grid, LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), total_row), ==, expected);
        if (eval > best_value)
          {
            best_value = eval;
            best = (int) m;
          }
      }
    }

  /* The best afterstate's total is the one highlighted in the Total row. */
  g_assert_cmpint (best, !=, -1);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      GtkWidget *cell = gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), total_row);
      g_assert_cmpint (gtk_widget_has_css_class (cell, "lh-breakdown-best"), ==, (int) m == best);
    }

  /* In the term rows too, the highlighted cells are the legal moves of the
   * largest value, every one of them on a tie. */
  for (guint i = 0; i < n_shown; i++)
    {
      double top = -INFINITY, v;
      guint n_legal = 0, n_top = 0;
      gboolean all_equal = TRUE;
      double first = NAN;

      for (guint m = 0; m < LH_N_MOVES; m++)
        if (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), m, shown[i], &v))
          {
            top = MAX (top, v);
            if (n_legal++ == 0)
              first = v;
            else if (fabs (v - first) > 1e-6)
              all_equal = FALSE;
          }
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          GtkWidget *cell = gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), LH_BREAKDOWN_VIEW_VALUE_ROW (i));
          gboolean is_top = lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), m, shown[i], &v)
                            && !all_equal && fabs (v - top) <= 1e-6 * MAX (1.0, fabs (top));

          g_assert_cmpint (gtk_widget_has_css_class (cell, "lh-breakdown-best"), ==, is_top);
          n_top += is_top;
        }
      if (shown[i] == LH_TERM_EMPTY)
        {
          /* No move merges here: Down, Left and Right leave the same number
           * of empty cells, a tie in which none is highlighted. */
          g_assert_true (all_equal);
          g_assert_cmpuint (n_top, ==, 0);
        }
    }

  /* A tie of two moves, both best: two 2s side by side merge Left or
   * Right (15 empty cells), not Up or Down (14). */
  {
    LhBoard pair = lh_board_set_cell (lh_board_set_cell (0, 1, 1, 1), 1, 2, 1);
    const guint expected = (1u << LH_MOVE_LEFT) | (1u << LH_MOVE_RIGHT);

    show_position (view, &params, g, pair);
    g_assert_cmpstr (label_text (grid, 0, LH_BREAKDOWN_VIEW_NAME_ROW (0)), ==, lh_term_get_label (LH_TERM_EMPTY));
    for (guint m = 0; m < LH_N_MOVES; m++)
      g_assert_cmpint (gtk_widget_has_css_class (
                         gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (m), LH_BREAKDOWN_VIEW_VALUE_ROW (0)),
                         "lh-breakdown-best"), ==, (expected >> m) & 1);
    show_position (view, &params, g, board);
  }

  /* The solver's choice is marked in the header. */
  lh_breakdown_view_set_chosen_move (LH_BREAKDOWN_VIEW (view), LH_MOVE_LEFT);
  g_assert_true (gtk_widget_has_css_class (
    gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_LEFT), 0), "accent"));
  g_assert_false (gtk_widget_has_css_class (
    gtk_grid_get_child_at (GTK_GRID (grid), LH_BREAKDOWN_VIEW_MOVE_COLUMN (LH_MOVE_DOWN), 0), "accent"));
  lh_gui_test_iterate_for (50);

  /* The Total looks one move ahead: when its best move is not the search's,
   * the caption says so; when it is, it does not. */
  {
    guint total_best = 0;
    double hi = -INFINITY;
    int other = LH_MOVE_NONE;

    for (guint m = 0; m < LH_N_MOVES; m++)
      {
        double v;

        if (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), (LhMove) m, LH_N_TERMS, &v) && v > hi)
          {
            hi = v;
            total_best = m;
          }
      }
    for (guint m = 0; m < LH_N_MOVES && other == LH_MOVE_NONE; m++)
      if (m != total_best && lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), (LhMove) m, LH_N_TERMS, NULL))
        other = (int) m;
    g_assert_cmpint (other, !=, LH_MOVE_NONE);
    lh_breakdown_view_set_chosen_move (LH_BREAKDOWN_VIEW (view), other);
    g_assert_true (g_str_has_prefix (lh_breakdown_view_get_caption (LH_BREAKDOWN_VIEW (view)),
                                     "The Total looks one move ahead only; the search, looking further, prefers "));
    lh_breakdown_view_set_chosen_move (LH_BREAKDOWN_VIEW (view), (int) total_best);
    g_assert_false (g_str_has_prefix (lh_breakdown_view_get_caption (LH_BREAKDOWN_VIEW (view)), "The Total"));
  }

  /* Turning a term off removes its row. */
  params.snake_weight = 0;
  show_position (view, &params, g, board);
  for (guint i = 0; i + 1 < n_shown; i++)
    g_assert_cmpstr (label_text (grid, 0, LH_BREAKDOWN_VIEW_NAME_ROW (i)), !=, lh_term_get_label (LH_TERM_SNAKE));
  g_assert_true (GTK_IS_SEPARATOR (gtk_grid_get_child_at (GTK_GRID (grid), 0, LH_BREAKDOWN_VIEW_NAME_ROW (n_shown - 1))));
  g_assert_cmpstr (label_text (grid, 0, total_row - 3), ==, "Total");

  lh_breakdown_view_clear (LH_BREAKDOWN_VIEW (view));
  g_assert_false (gtk_widget_get_visible (grid));
  g_assert_false (lh_breakdown_view_get_value (LH_BREAKDOWN_VIEW (view), LH_MOVE_DOWN, LH_N_TERMS, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The board view drawn into a render node, serialised. */
static GBytes *
render (GtkWidget *view)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GBytes *bytes;

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  bytes = gsk_render_node_serialize (node);
  gsk_render_node_unref (node);
  return bytes;
}

static void
test_heat_map (void)
{
  GtkWidget *view = lh_board_view_new ();
  GtkWidget *window = lh_gui_test_show_in_window (view, 480, 480);
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = test_board ();
  LhWideBoard wide = lh_wide_board_from_board (board, g);
  double cells[LH_WIDE_N_CELLS] = { 0 }, shown[LH_WIDE_N_CELLS];
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GBytes) heated = NULL;
  g_autoptr(GBytes) cleared = NULL;
  LhHeuristicParams params;

  lh_board_view_set_board (LH_BOARD_VIEW (view), lh_wide_board_from_board (board, g), g,
                           LH_RULES_2048_CAPPED, FALSE);
  g_assert_false (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), shown));
  plain = render (view);

  /* Positive and negative values, drawn, in a real frame too. */
  cells[LH_WIDE_CELL (0, 0)] = 1500;
  cells[LH_WIDE_CELL (0, 1)] = -300;
  cells[LH_WIDE_CELL (1, 2)] = 20;
  lh_board_view_set_heat_map (LH_BOARD_VIEW (view), cells);
  g_assert_true (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), shown));
  g_assert_true (memcmp (shown, cells, sizeof cells) == 0);
  g_assert_true (gtk_widget_get_has_tooltip (view));
  heated = render (view);
  g_assert_false (g_bytes_equal (plain, heated));
  gtk_widget_queue_draw (view);
  lh_gui_test_iterate_for (100);

  /* NULL clears it: the drawing is the plain board's again. */
  lh_board_view_set_heat_map (LH_BOARD_VIEW (view), NULL);
  g_assert_false (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), shown));
  g_assert_cmpfloat (shown[0], ==, 0);
  g_assert_false (gtk_widget_get_has_tooltip (view));
  cleared = render (view);
  g_assert_true (g_bytes_equal (plain, cleared));

  /* Following the board: the heuristic's per-cell contributions, for every
   * board shown; none without a per-cell term. */
  lh_heuristic_params_init_default (&params);
  params.snake_weight = 1;
  params.gradient_weight = 0.5;
  {
    g_autoptr(LhOwnedEvaluator) evaluator = lh_owned_evaluator_new_heuristic (&params, g);

    lh_board_view_show_cell_values (LH_BOARD_VIEW (view), evaluator);
  }
  g_assert_true (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), shown));
  g_assert_true (lh_heuristic_cell_contributions_wide (&params, g, wide, cells));
  g_assert_true (memcmp (shown, cells, sizeof cells) == 0);
  {
    LhWideBoard next = lh_wide_board_from_board (lh_board_set_cell (lh_board_move (board, g, LH_MOVE_DOWN, NULL),
                                                                    0, 0, 2), g);

    lh_board_view_animate_move (LH_BOARD_VIEW (view), wide, LH_MOVE_DOWN, next, 0);
    g_assert_true (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), shown));
    g_assert_true (lh_heuristic_cell_contributions_wide (&params, g, next, cells));
    g_assert_true (memcmp (shown, cells, sizeof cells) == 0);
    /* Drawn in the middle of the animation and after it. */
    g_bytes_unref (render (view));
    lh_gui_test_iterate_for (50);
    lh_board_view_finish_animation (LH_BOARD_VIEW (view));
    g_bytes_unref (render (view));
  }
  params.snake_weight = 0;
  params.gradient_weight = 0;
  {
    g_autoptr(LhOwnedEvaluator) evaluator = lh_owned_evaluator_new_heuristic (&params, g);

    lh_board_view_show_cell_values (LH_BOARD_VIEW (view), evaluator);
  }
  g_assert_false (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), NULL));
  lh_board_view_show_cell_values (LH_BOARD_VIEW (view), NULL);
  g_assert_false (lh_board_view_get_heat_map (LH_BOARD_VIEW (view), NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The heat map is drawn beside the tiles' colours, not over them: the
 * heated board's drawing is the plain board's with more drawn after it. */
static void
test_heat_map_keeps_tiles (void)
{
  GtkWidget *view = lh_board_view_new ();
  GtkWidget *window = lh_gui_test_show_in_window (view, 480, 480);
  double cells[LH_WIDE_N_CELLS] = { 0 };
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GBytes) heated = NULL;
  gsize plain_size, heated_size;
  const char *p, *h;

  lh_board_view_set_board (LH_BOARD_VIEW (view), lh_wide_board_from_board (test_board (), LH_GEOMETRY_DEFAULT),
                           LH_GEOMETRY_DEFAULT, LH_RULES_2048_CAPPED, FALSE);
  plain = render (view);
  for (guint i = 0; i < 16; i++)
    cells[LH_WIDE_CELL (i / 4, i % 4)] = (i % 3 == 0 ? -1 : 1) * pow (4, i % 8);
  lh_board_view_set_heat_map (LH_BOARD_VIEW (view), cells);
  heated = render (view);
  p = g_bytes_get_data (plain, &plain_size);
  h = g_bytes_get_data (heated, &heated_size);
  /* Up to the plain drawing's closing brace, the same text. */
  while (plain_size > 0 && (p[plain_size - 1] == '\n' || p[plain_size - 1] == '}' || p[plain_size - 1] == ' '))
    plain_size--;
  g_assert_cmpuint (heated_size, >, plain_size);
  g_assert_true (memcmp (p, h, plain_size) == 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The scale follows the board's spread: the largest |value| at strength 1,
 * the smallest at LH_HEAT_MIN_STRENGTH, log-linear between, at most
 * LH_HEAT_SCALE_DECADES decades. */
static void
test_heat_scale (void)
{
  double cells[LH_WIDE_N_CELLS] = { 0 };
  LhHeatScale scale;

  g_assert_false (lh_heat_scale_init (&scale, cells));
  g_assert_cmpfloat (lh_heat_scale_strength (&scale, 5), ==, 0);

  cells[0] = 10000;
  cells[1] = -1;
  cells[2] = 100;
  cells[3] = NAN;
  g_assert_true (lh_heat_scale_init (&scale, cells));
  g_assert_cmpfloat (scale.top, ==, 10000);
  g_assert_cmpfloat (scale.floor, ==, 1);
  g_assert_cmpfloat_with_epsilon (lh_heat_scale_strength (&scale, 10000), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (lh_heat_scale_strength (&scale, -1), LH_HEAT_MIN_STRENGTH, 1e-12);
  g_assert_cmpfloat_with_epsilon (lh_heat_scale_strength (&scale, 100),
                                  (1 + LH_HEAT_MIN_STRENGTH) / 2, 1e-12);
  g_assert_cmpfloat (lh_heat_scale_strength (&scale, 0), ==, 0);
  g_assert_cmpfloat (lh_heat_scale_strength (&scale, NAN), ==, 0);

  /* A value far below the rest is held at the floor, 4 decades down. */
  cells[1] = 1e-9;
  g_assert_true (lh_heat_scale_init (&scale, cells));
  g_assert_cmpfloat_with_epsilon (scale.floor, 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (lh_heat_scale_strength (&scale, 1e-9), LH_HEAT_MIN_STRENGTH, 1e-12);

  /* One value alone: full strength. */
  memset (cells, 0, sizeof cells);
  cells[5] = 0.002;
  g_assert_true (lh_heat_scale_init (&scale, cells));
  g_assert_cmpfloat (lh_heat_scale_strength (&scale, 0.002), ==, 1);

  /* The snake term on a full board: every cell shows. */
  {
    LhHeuristicParams params;
    LhWideBoard board = 0;
    LhGeometry g;

    g_assert_true (lh_wide_board_parse ("2 4 8 16 32/64 128 256 512 1024/2048 4096 8192 16384 32768/"
                                        "65536 2 4 8 16/2 2 4 8 16", &board, &g, NULL));
    lh_heuristic_params_init_default (&params);
    params.snake_weight = 1;
    params.snake_base = 4;
    g_assert_true (lh_heuristic_cell_contributions_wide (&params, g, board, cells));
    g_assert_true (lh_heat_scale_init (&scale, cells));
    for (guint i = 0; i < LH_WIDE_N_CELLS; i++)
      if (cells[i] != 0)
        g_assert_cmpfloat (lh_heat_scale_strength (&scale, cells[i]), >=, LH_HEAT_MIN_STRENGTH - 1e-12);
  }
}

/* The rings read on every tile: the line lining a ring contrasts 4.5:1 or
 * more with the tile, and the ring 3:1 or more with that line (WCAG 2.1's
 * 1.4.11 for graphics); the value's white text on its pill (black at 62 %)
 * 4.5:1 on every tile. */
static void
test_heat_map_contrast (void)
{
  const GdkRGBA black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };
  double worst_edge = 21, worst_ring = 21;

  g_assert_cmpfloat_with_epsilon (lh_board_view_contrast_ratio (&black, &white), 21, 1e-9);
  g_assert_cmpfloat_with_epsilon (lh_board_view_contrast_ratio (&white, &white), 1, 1e-9);
  for (guint e = 0; e <= LH_MAX_EXPONENT; e++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        GdkRGBA tile, ring, edge, pill;

        lh_board_view_get_tile_colours (e, &tile, NULL);
        lh_board_heat_get_colours (sign, e, &ring, &edge);
        worst_edge = MIN (worst_edge, lh_board_view_contrast_ratio (&edge, &tile));
        worst_ring = MIN (worst_ring, lh_board_view_contrast_ratio (&ring, &edge));
        g_assert_cmpfloat (lh_board_view_contrast_ratio (&edge, &tile), >=, 4.5);
        g_assert_cmpfloat (lh_board_view_contrast_ratio (&ring, &edge), >=, 3);
        pill = (GdkRGBA) { 0.38f * tile.red, 0.38f * tile.green, 0.38f * tile.blue, 1 };
        g_assert_cmpfloat (lh_board_view_contrast_ratio (&white, &pill), >=, 4.5);
      }
  g_test_message ("worst contrast: ring edge on its tile %.2f:1, ring on its edge %.2f:1",
                  worst_edge, worst_ring);
}

/* A cell's tooltip: its value in three significant digits (not 0.00195312)
 * and its share of the map's sum. */
static void
test_heat_map_tooltip (void)
{
  double cells[LH_WIDE_N_CELLS] = { 0 };
  g_autofree char *small = NULL;
  g_autofree char *large = NULL;
  g_autofree char *network = NULL;

  cells[LH_WIDE_CELL (0, 0)] = 18.3;
  cells[LH_WIDE_CELL (0, 2)] = 0.001953125;
  cells[LH_WIDE_CELL (1, 1)] = 2.5;
  g_assert_null (lh_board_heat_describe_cell (cells, 0, 1, FALSE));
  small = lh_board_heat_describe_cell (cells, 0, 2, FALSE);
  g_assert_cmpstr (small, ==, "Row 1, column 3: +0.00195 points from the per-cell terms (Snake, "
                              "Corner gradient), < 0.1 % of their 20.8 on this board");
  large = lh_board_heat_describe_cell (cells, 0, 0, FALSE);
  g_assert_cmpstr (large, ==, "Row 1, column 1: +18.3 points from the per-cell terms (Snake, "
                              "Corner gradient), 88.0 % of their 20.8 on this board");
  network = lh_board_heat_describe_cell (cells, 1, 1, TRUE);
  g_assert_cmpstr (network, ==, "Row 2, column 2: +2.5 of the points still to score as the network "
                                "values this cell, 12.0 % of the board's 20.8");
}

int
main (int argc, char *argv[])
{
  lh_gui_test_init (&argc, &argv);
  /* Numbers with '.' whatever the locale of the run. */
  setlocale (LC_NUMERIC, "C");
  lh_engine_init ();

  g_test_add_func ("/breakdown-view/table", test_breakdown_table);
  g_test_add_func ("/breakdown-view/heat-map", test_heat_map);
  g_test_add_func ("/breakdown-view/heat-map-keeps-tiles", test_heat_map_keeps_tiles);
  g_test_add_func ("/breakdown-view/heat-scale", test_heat_scale);
  g_test_add_func ("/breakdown-view/heat-map-contrast", test_heat_map_contrast);
  g_test_add_func ("/breakdown-view/heat-map-tooltip", test_heat_map_tooltip);
  return g_test_run ();
}
