/* test-evaluator.c: the evaluator interface (lh-evaluator.h) and the solvers
 * with an n-tuple network behind it.
 *
 * The network is built here (lh_ntuple_new) with weights set by
 * lh_ntuple_update on random boards, so its values are varied; every
 * expected value is computed from lh_ntuple_evaluate() and the move points
 * by code written here: expectimax at depth 1 is argmax r + V(afterstate),
 * deeper searches equal a plain recursive expectimax, the hybrid without
 * playout leaves equals expectimax, and a greedy playout follows the
 * network move by move.  The heuristic behind the interface gives
 * lh_heuristic_evaluate()'s values (the other tests check that every
 * solver's heuristic results are unchanged). */

#include <math.h>
#include <string.h>

#include "lh-evaluator.h"
#include "lh-ntuple-wide.h"
#include "lh-ntuple.h"
#include "lh-playout.h"
#include "lh-solver.h"
#include "lh-test-util.h"

/* A network of @g with shapes "lines+squares" and weights that vary: each
 * of 400 random boards, and of 400 boards of random games, moves its
 * features by a random amount (up to 0.2 points, so that the moves'
 * points and the values weigh alike). */
static LhNtuple *
make_network (LhGeometry g, guint64 seed)
{
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint n_shapes = 0;
  g_autoptr (GError) error = NULL;
  LhNtuple *net;
  LhRng rng;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", g, shapes, &n_shapes, &error));
  g_assert_no_error (error);
  net = lh_ntuple_new (g, shapes, n_shapes, &error);
  g_assert_no_error (error);
  lh_rng_init (&rng, seed);
  for (guint i = 0; i < 400; i++)
    {
      lh_ntuple_update (net, lh_test_random_board (&rng, g),
                        ((float) lh_rng_below (&rng, 41) - 20.0f) / 100);
      lh_ntuple_update (net, lh_test_mid_game_board (g, seed * 1000 + i, i % 50, 3),
                        ((float) lh_rng_below (&rng, 41) - 20.0f) / 100);
    }
  return net;
}

static void
ntuple_params (LhSolverParams *params, LhSolverKind kind, LhNtuple *net, guint depth)
{
  lh_solver_params_init_default (params);
  params->kind = kind;
  params->evaluator = LH_EVALUATOR_NTUPLE;
  params->network = net;
  params->depth = depth;
  params->probability_cutoff = 0;
}

static void
search_ok (const LhSolverParams *params, LhBoard board, LhGeometry g, LhSolverResult *result)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LhSolver) solver = lh_solver_new (params, &error);

  g_assert_no_error (error);
  g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, result, &error));
  g_assert_no_error (error);
}

/* Boards with at least one legal move, from random play. */
static LhBoard
live_board (LhGeometry g, guint64 seed, guint moves)
{
  return lh_test_mid_game_board (g, seed, moves, 7);
}

/* ---- a plain recursive expectimax, values in points ---- */

static double ref_chance (const LhNtuple *net, LhGeometry g, LhBoard after, guint depth_left);

/* The best move's points plus its afterstate's value; 0 when lost. */
static double
ref_player (const LhNtuple *net, LhGeometry g, LhBoard board, guint depth_left)
{
  double best = -INFINITY;

  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points;
      LhBoard after = lh_board_move (board, g, (LhMove) m, &points);

      if (after != board)
        best = MAX (best, points + ref_chance (net, g, after, depth_left - 1));
    }
  return best == -INFINITY ? 0 : best;
}

static double
ref_chance (const LhNtuple *net, LhGeometry g, LhBoard after, guint depth_left)
{
  guint8 cells[16];
  guint n;
  double total = 0;

  if (depth_left == 0)
    return lh_ntuple_evaluate (net, after);
  n = lh_board_empty_cells (after, g, cells);
  for (guint i = 0; i < n; i++)
    {
      total += 0.9 / n * ref_player (net, g, after | ((LhBoard) 1 << (4 * cells[i])), depth_left);
      total += 0.1 / n * ref_player (net, g, after | ((LhBoard) 2 << (4 * cells[i])), depth_left);
    }
  return total;
}

static void
assert_close (double a, double b)
{
  g_assert_cmpfloat (fabs (a - b), <=, 1e-9 * MAX (1.0, fabs (b)));
}

/* ---- tests ---- */

static void
test_heuristic_behind_interface (void)
{
  LhGeometry geometries[] = { { 4, 4 }, { 3, 4 }, { 2, 3 } };

  for (guint k = 0; k < G_N_ELEMENTS (geometries); k++)
    {
      LhGeometry g = geometries[k];
      LhHeuristicParams hp;
      g_autoptr (LhHeuristic) h = NULL;
      LhEvaluator e;
      LhRng rng;

      lh_heuristic_params_init_default (&hp);
      hp.snake_weight = 3;  /* a per-cell term, for the heat map */
      h = lh_heuristic_new (&hp, g);
      lh_evaluator_init_heuristic (&e, h);
      g_assert_cmpint (lh_evaluator_get_kind (&e), ==, LH_EVALUATOR_HEURISTIC);
      g_assert_false (lh_evaluator_counts_points (&e));
      g_assert_cmpfloat (lh_evaluator_lost_value (&e), ==, lh_heuristic_game_over_value (h));
      g_assert_cmpuint (lh_evaluator_get_n_terms (&e), ==, LH_N_TERMS);
      /* A term is used when its weight is not 0 (the breakdown's rows). */
      {
        guint n_params = 0;
        const LhHeuristicParamInfo *info = lh_heuristic_param_list (&n_params);

        for (guint i = 0; i < n_params; i++)
          if (info[i].is_weight && info[i].term < LH_N_TERMS)
            g_assert_cmpint (lh_evaluator_term_is_used (&e, info[i].term), ==,
                             lh_heuristic_params_get (&hp, &info[i]) != 0);
        g_assert_true (lh_evaluator_term_is_used (&e, LH_TERM_SNAKE));
        hp.snake_weight = 0;
        {
          g_autoptr (LhHeuristic) off = lh_heuristic_new (&hp, g);
          LhEvaluator e_off;

          lh_evaluator_init_heuristic (&e_off, off);
          g_assert_false (lh_evaluator_term_is_used (&e_off, LH_TERM_SNAKE));
        }
        hp.snake_weight = 3;
      }
      lh_rng_init (&rng, 5 + k);
      for (guint i = 0; i < 50; i++)
        {
          LhBoard b = lh_test_random_board (&rng, g);
          double terms[LH_N_TERMS], cells[16], sum = 0;

          g_assert_cmpfloat (lh_evaluator_evaluate (&e, b), ==, lh_heuristic_evaluate (h, b));
          g_assert_cmpfloat (lh_evaluator_position_value (&e, b), ==,
                             lh_board_is_game_over (b, g) ? lh_heuristic_game_over_value (h)
                                                          : lh_heuristic_evaluate (h, b));
          lh_evaluator_breakdown (&e, b, terms);
          for (guint t = 0; t < LH_N_TERMS; t++)
            sum += terms[t];
          g_assert_cmpfloat (fabs (sum - lh_heuristic_evaluate (h, b)), <, 1e-3 * MAX (1, fabs (sum)));
          g_assert_true (lh_evaluator_cell_values (&e, b, cells));
        }
    }

  /* 5x5, tiles past 32768: the breakdown adds up to the value, the cells
   * to the per-cell terms. */
  {
    LhGeometry five = { 5, 5 };
    LhHeuristicParams hp;
    g_autoptr (LhHeuristic) h = NULL;
    LhEvaluator e;
    LhRng rng;

    lh_heuristic_params_init_default (&hp);
    hp.snake_weight = 3;
    h = lh_heuristic_new (&hp, five);
    lh_evaluator_init_heuristic (&e, h);
    lh_rng_init (&rng, 55);
    for (guint i = 0; i < 50; i++)
      {
        LhWideBoard w = 0;
        double terms[LH_N_TERMS], cells[LH_WIDE_N_CELLS], sum = 0, cell_sum = 0;

        for (guint r = 0; r < 5; r++)
          for (guint c = 0; c < 5; c++)
            if (lh_rng_below (&rng, 3) != 0)
              w = lh_wide_board_set_cell (w, r, c, 1 + lh_rng_below (&rng, 18));
        lh_evaluator_breakdown_wide (&e, w, terms);
        for (guint t = 0; t < LH_N_TERMS; t++)
          sum += terms[t];
        g_assert_cmpfloat (fabs (sum - lh_evaluator_evaluate_wide (&e, w)), <, 1e-3 * MAX (1, fabs (sum)));
        g_assert_true (lh_evaluator_cell_values_wide (&e, w, cells));
        for (guint c = 0; c < LH_WIDE_N_CELLS; c++)
          cell_sum += cells[c];
        g_assert_cmpfloat (fabs (cell_sum - terms[LH_TERM_SNAKE] - terms[LH_TERM_GRADIENT]), <,
                           1e-9 * MAX (1, fabs (cell_sum)));
      }
  }
}

static void
test_network_behind_interface (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhNtuple) net = make_network (g, 1);
  g_autoptr (GError) error = NULL;
  LhEvaluator e;
  LhRng rng;

  g_assert_true (lh_evaluator_init_ntuple (&e, net, g, &error));
  g_assert_no_error (error);
  g_assert_true (lh_evaluator_counts_points (&e));
  g_assert_cmpfloat (lh_evaluator_lost_value (&e), ==, 0);
  g_assert_cmpuint (lh_evaluator_get_n_terms (&e), ==, lh_ntuple_get_n_shapes (net));
  for (guint t = 0; t < lh_evaluator_get_n_terms (&e); t++)
    g_assert_true (lh_evaluator_term_is_used (&e, t));
  /* Each shape by its form and place, its cells added where two read alike. */
  for (guint t = 0; t < lh_evaluator_get_n_terms (&e); t++)
    {
      g_autofree char *name = lh_evaluator_get_term_name (&e, t);
      g_autofree char *form = lh_ntuple_shape_describe (lh_ntuple_get_shape (net, t), g);

      g_assert_true (g_str_has_prefix (name, form));
      for (guint u = 0; u < lh_evaluator_get_n_terms (&e); u++)
        {
          g_autofree char *other = lh_evaluator_get_term_name (&e, u);

          if (u != t)
            g_assert_cmpstr (name, !=, other);
        }
    }

  lh_rng_init (&rng, 9);
  for (guint i = 0; i < 100; i++)
    {
      LhBoard b = lh_test_random_board (&rng, g);
      double terms[LH_NTUPLE_MAX_SHAPES], cells[16], sum = 0, cell_sum = 0, best = -INFINITY;

      g_assert_cmpfloat (lh_evaluator_evaluate (&e, b), ==, lh_ntuple_evaluate (net, b));
      lh_evaluator_breakdown (&e, b, terms);
      for (guint t = 0; t < lh_evaluator_get_n_terms (&e); t++)
        sum += terms[t];
      /* The network sums in float, the breakdown in double. */
      g_assert_cmpfloat (fabs (sum - lh_ntuple_evaluate (net, b)), <, 1e-5 * MAX (1, fabs (sum)));
      g_assert_true (lh_evaluator_cell_values (&e, b, cells));
      for (guint c = 0; c < 16; c++)
        cell_sum += cells[c];
      g_assert_cmpfloat (fabs (cell_sum - sum), <, 1e-6 * MAX (1, fabs (sum)));

      /* On the wide board: the same terms and cells for the board, and for
       * it with a 65536 in the place of its largest tile, the downgraded
       * board's (lh_ntuple_downgrade()). */
      {
        LhWideBoard w = lh_wide_board_from_board (b, g), past = w;
        double wide_terms[LH_NTUPLE_MAX_SHAPES], wide_cells[LH_WIDE_N_CELLS];
        LhBoard down;

        lh_evaluator_breakdown_wide (&e, w, wide_terms);
        g_assert_true (lh_evaluator_cell_values_wide (&e, w, wide_cells));
        for (guint t = 0; t < lh_evaluator_get_n_terms (&e); t++)
          g_assert_cmpfloat (wide_terms[t], ==, terms[t]);
        for (guint r = 0; r < g.rows; r++)
          for (guint c = 0; c < g.cols; c++)
            g_assert_cmpfloat (wide_cells[LH_WIDE_CELL (r, c)], ==, cells[4 * r + c]);
        for (guint r = 0; r < g.rows; r++)
          for (guint c = 0; c < g.cols; c++)
            if (lh_wide_board_get_cell (w, r, c) == lh_wide_board_max_exponent (w) && w != 0)
              past = lh_wide_board_set_cell (w, r, c, 16);
        lh_ntuple_downgrade (net, past, &down, NULL);
        lh_evaluator_breakdown_wide (&e, past, wide_terms);
        lh_evaluator_breakdown (&e, down, terms);
        for (guint t = 0; t < lh_evaluator_get_n_terms (&e); t++)
          g_assert_cmpfloat (wide_terms[t], ==, terms[t]);
      }

      /* A position's value: the greedy player's points + V, 0 when lost. */
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          guint32 points;
          LhBoard after = lh_board_move (b, g, (LhMove) m, &points);

          if (after != b)
            best = MAX (best, points + (double) lh_ntuple_evaluate (net, after));
        }
      g_assert_cmpfloat (lh_evaluator_position_value (&e, b), ==, best == -INFINITY ? 0 : best);
    }

  /* A position's afterstates together: the values one by one, exactly. */
  for (guint i = 0; i < 100; i++)
    {
      LhBoard boards[LH_N_MOVES];
      double values[LH_N_MOVES];
      guint n = 1 + i % LH_N_MOVES;

      for (guint k = 0; k < n; k++)
        boards[k] = lh_test_random_board (&rng, g);
      lh_evaluator_evaluate_moves (&e, boards, n, values);
      for (guint k = 0; k < n; k++)
        g_assert_cmpfloat (values[k], ==, lh_ntuple_evaluate (net, boards[k]));
    }

  /* Another board size: refused, with both sizes named. */
  g_assert_false (lh_evaluator_init_ntuple (&e, net, (LhGeometry) { 3, 3 }, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "4×4"));
  g_assert_nonnull (strstr (error->message, "3×3"));
}

/* Depth 1 is the greedy 1-ply player: argmax r + V(afterstate). */
static void
test_expectimax_depth1 (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhNtuple) net = make_network (g, 2);
  guint differ = 0;

  for (guint i = 0; i < 40; i++)
    {
      LhBoard board = live_board (g, 100 + i, 10 + 7 * i);
      LhSolverParams params;
      LhSolverResult result;
      double best = -INFINITY, best_v = -INFINITY;
      int best_move = LH_MOVE_NONE, best_v_move = LH_MOVE_NONE;

      ntuple_params (&params, LH_SOLVER_EXPECTIMAX, net, 1);
      search_ok (&params, board, g, &result);
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          guint32 points;
          LhBoard after = lh_board_move (board, g, (LhMove) m, &points);
          double v;

          g_assert_cmpint (result.legal[m], ==, after != board);
          if (after == board)
            continue;
          v = points + (double) lh_ntuple_evaluate (net, after);
          g_assert_cmpfloat (result.values[m], ==, v);
          if (v > best)
            best = v, best_move = (int) m;
          if (lh_ntuple_evaluate (net, after) > best_v)
            best_v = lh_ntuple_evaluate (net, after), best_v_move = (int) m;
        }
      g_assert_cmpint (result.move, ==, best_move);
      g_assert_cmpfloat (result.lost_value, <=, 0);
      differ += best_move != best_v_move;
    }
  /* The points matter: somewhere the move differs from argmax V alone. */
  g_assert_cmpuint (differ, >, 0);
}

/* Depth 2 and 3, serial and parallel, table on and off, and the hybrid
 * without playout leaves: a plain recursive expectimax's values. */
static void
test_expectimax_deeper (void)
{
  LhGeometry geometries[] = { { 4, 4 }, { 3, 3 } };

  for (guint k = 0; k < G_N_ELEMENTS (geometries); k++)
    {
      LhGeometry g = geometries[k];
      g_autoptr (LhNtuple) net = make_network (g, 3 + k);

      for (guint i = 0; i < 6; i++)
        for (guint depth = 2; depth <= 3; depth++)
          {
            LhBoard board = live_board (g, 200 + i, 5 + 11 * i);
            LhSolverParams params;
            LhSolverResult result;

            for (guint variant = 0; variant < 4; variant++)
              {
                ntuple_params (&params, variant == 3 ? LH_SOLVER_HYBRID : LH_SOLVER_EXPECTIMAX,
                               net, depth);
                params.use_transposition_table = variant != 1;
                params.threads = variant == 2 ? 2 : 1;
                /* No afterstate has no empty cell: no playout leaf. */
                params.hybrid.empty_threshold = 0;
                search_ok (&params, board, g, &result);
                for (guint m = 0; m < LH_N_MOVES; m++)
                  {
                    guint32 points;
                    LhBoard after = lh_board_move (board, g, (LhMove) m, &points);

                    if (after != board)
                      assert_close (result.values[m], points + ref_chance (net, g, after, depth - 1));
                  }
                g_assert_cmpuint (result.playouts, ==, 0);
              }
          }
    }
}

/* The parallel root splits depth 4 and more: the same values. */
static void
test_expectimax_parallel (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhNtuple) net = make_network (g, 4);
  LhBoard board = live_board (g, 300, 40);
  LhSolverParams params;
  LhSolverResult one, two;

  ntuple_params (&params, LH_SOLVER_EXPECTIMAX, net, 4);
  search_ok (&params, board, g, &one);
  params.threads = 2;
  search_ok (&params, board, g, &two);
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (one.legal[m])
      assert_close (two.values[m], one.values[m]);
  g_assert_cmpint (one.move, ==, two.move);
}

/* A greedy playout, replayed here: each move argmax r + V(afterstate)
 * (ties as the playout breaks them), the same spawns; its score is the
 * points, its "heuristic" measure the points plus the value of where it
 * stops. */
static double
replay_greedy (const LhNtuple *net, LhGeometry g, LhBoard board, LhRng *rng, guint max_moves,
               double *points_out)
{
  double points = 0;
  guint played = 0;

  for (;;)
    {
      LhBoard after[LH_N_MOVES];
      guint32 gained[LH_N_MOVES];
      guint legal[LH_N_MOVES], n_legal = 0, pick;

      if (played >= max_moves)
        break;
      for (guint m = 0; m < LH_N_MOVES; m++)
        {
          after[m] = lh_board_move (board, g, (LhMove) m, &gained[m]);
          if (after[m] != board)
            legal[n_legal++] = m;
        }
      if (n_legal == 0)
        break;
      pick = legal[0];
      if (n_legal > 1)
        {
          double best = -INFINITY;
          guint ties = 0;

          for (guint i = 0; i < n_legal; i++)
            {
              double v = (double) lh_ntuple_evaluate (net, after[legal[i]]) + gained[legal[i]];

              if (v > best)
                best = v, pick = legal[i], ties = 1;
              else if (v == best && lh_rng_below (rng, ++ties) == 0)
                pick = legal[i];
            }
        }
      points += gained[pick];
      board = lh_board_spawn (after[pick], g, rng);
      played++;
    }
  *points_out = points;
  {
    double best = -INFINITY;

    for (guint m = 0; m < LH_N_MOVES; m++)
      {
        guint32 gained;
        LhBoard after = lh_board_move (board, g, (LhMove) m, &gained);

        if (after != board)
          best = MAX (best, gained + (double) lh_ntuple_evaluate (net, after));
      }
    return points + (best == -INFINITY ? 0 : best);
  }
}

static void
test_greedy_playout (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhNtuple) net = make_network (g, 5);
  g_autoptr (GError) error = NULL;
  LhEvaluator e;

  g_assert_true (lh_evaluator_init_ntuple (&e, net, g, &error));
  for (guint i = 0; i < 20; i++)
    {
      LhBoard board = live_board (g, 400 + i, 3 * i);
      LhPlayoutParams pp = { LH_PLAYOUT_GREEDY, 5 + i, 1.0, LH_MEASURE_SCORE };
      guint64 moves = 0;
      double score, points, value;
      LhRng rng, replay;

      lh_rng_init (&rng, 77 + i);
      replay = rng;
      score = lh_playout_run (&pp, &e, g, board, &rng, &moves);
      value = replay_greedy (net, g, board, &replay, pp.max_moves, &points);
      g_assert_cmpfloat (score, ==, points);
      g_assert_cmpmem (&rng, sizeof rng, &replay, sizeof replay);

      pp.measure = LH_MEASURE_HEURISTIC;
      lh_rng_init (&rng, 77 + i);
      assert_close (lh_playout_run (&pp, &e, g, board, &rng, &moves), value);
    }
  g_assert_true (lh_measure_counts_points (LH_MEASURE_HEURISTIC, &e));
  g_assert_cmpfloat (lh_measure_lost_value (LH_MEASURE_HEURISTIC, &e), ==, 0);
}

/* MCTS with a network and the "heuristic" measure values a root move as
 * its points plus the playout's value (r + V, as expectimax does): with
 * every weight 0 and one-move playouts, merging the two 1024s is worth at
 * least 2048 (a playout after it scores a few points at most; the other
 * moves' playouts may merge them, and their values count it too). */
static void
test_mcts_points (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
  guint n_shapes = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (LhNtuple) zero = NULL;
  static const guint tiles[] = { 1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0 };
  LhBoard board = lh_test_board_from_values (4, 4, tiles);
  LhSolverParams params;
  LhSolverResult result;

  g_assert_true (lh_ntuple_shapes_lookup ("lines+squares", g, shapes, &n_shapes, &error));
  zero = lh_ntuple_new (g, shapes, n_shapes, &error);
  g_assert_no_error (error);
  ntuple_params (&params, LH_SOLVER_MCTS, zero, 1);
  params.mcts.iterations = 200;
  params.mcts.playout.policy = LH_PLAYOUT_GREEDY;
  params.mcts.playout.measure = LH_MEASURE_HEURISTIC;
  params.mcts.playout.max_moves = 1;
  search_ok (&params, board, g, &result);
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points;
      LhBoard after = lh_board_move (board, g, (LhMove) m, &points);

      g_assert_true (result.legal[m]);
      g_assert_true (after != board);
      g_assert_cmpfloat (result.values[m], >=, points);
    }
  g_assert_cmpfloat (result.values[LH_MOVE_LEFT], >=, 2048);
  g_assert_cmpfloat (result.values[LH_MOVE_RIGHT], >=, 2048);
}

/* Every solver that uses an evaluator runs with the network; the solver
 * keeps its own reference. */
static void
test_sampling_solvers (void)
{
  static const LhSolverKind kinds[] = {
    LH_SOLVER_MCTS, LH_SOLVER_MONTE_CARLO, LH_SOLVER_MDP_MONTE_CARLO, LH_SOLVER_HYBRID,
  };
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  LhBoard board = live_board (g, 500, 30);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      LhNtuple *net = make_network (g, 6);
      g_autoptr (GError) error = NULL;
      g_autoptr (LhSolver) solver = NULL;
      LhSolverParams params;
      LhSolverResult result;

      ntuple_params (&params, kinds[k], net, 2);
      params.mcts.iterations = 200;
      params.monte_carlo.playouts = 10;
      params.mdp.theta[0] = params.mdp.theta[1] = params.mdp.theta[2] = params.mdp.theta[3] = 4;
      params.mcts.playout.measure = LH_MEASURE_HEURISTIC;
      params.monte_carlo.playout.policy = LH_PLAYOUT_GREEDY;
      params.hybrid.empty_threshold = 16;
      params.hybrid.playouts = 2;
      solver = lh_solver_new (&params, &error);
      g_assert_no_error (error);
      lh_ntuple_unref (net);  /* the solver's reference keeps it */
      g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, &result, &error));
      g_assert_no_error (error);
      g_assert_cmpint (result.move, !=, LH_MOVE_NONE);
      g_assert_true (result.legal[result.move]);
      g_assert_true (isfinite (result.values[result.move]));
    }
}

static void
test_solver_errors (void)
{
  LhGeometry g = LH_GEOMETRY_DEFAULT;
  g_autoptr (LhNtuple) net = make_network (g, 7);
  g_autoptr (GError) error = NULL;
  g_autoptr (LhSolver) solver = NULL;
  LhSolverParams params;
  LhSolverResult result;
  LhGeometry small = { 3, 3 };

  ntuple_params (&params, LH_SOLVER_EXPECTIMAX, NULL, 2);
  g_assert_null (lh_solver_new (&params, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  params.evaluator = LH_N_EVALUATOR_KINDS;
  g_assert_null (lh_solver_new (&params, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A 4x4 network on a 3x3 board. */
  ntuple_params (&params, LH_SOLVER_EXPECTIMAX, net, 2);
  solver = lh_solver_new (&params, &error);
  g_assert_no_error (error);
  g_assert_false (lh_solver_search (solver, lh_test_mid_game_board (small, 1, 5, 7), small, NULL,
                                    NULL, NULL, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_clear_pointer (&solver, lh_solver_free);

  /* The exact solver uses no evaluator: a network of another size is no matter. */
  {
    LhGeometry tiny = { 2, 2 };

    ntuple_params (&params, LH_SOLVER_EXACT, net, 2);
    solver = lh_solver_new (&params, &error);
    g_assert_no_error (error);
    g_assert_true (lh_solver_search (solver, lh_test_mid_game_board (tiny, 1, 2, 7), tiny, NULL,
                                     NULL, NULL, &result, &error));
    g_assert_no_error (error);
  }
}

/* Kind names, as --evaluator takes them. */
static void
test_kind_names (void)
{
  LhEvaluatorKind kind;

  for (guint k = 0; k < LH_N_EVALUATOR_KINDS; k++)
    {
      g_assert_true (lh_evaluator_kind_from_string (lh_evaluator_kind_to_string ((LhEvaluatorKind) k),
                                                    &kind));
      g_assert_cmpint (kind, ==, k);
      g_assert_cmpstr (lh_evaluator_kind_names ()[k], ==, lh_evaluator_kind_to_string ((LhEvaluatorKind) k));
    }
  g_assert_null (lh_evaluator_kind_names ()[LH_N_EVALUATOR_KINDS]);
  g_assert_false (lh_evaluator_kind_from_string ("network", &kind));
  g_assert_cmpstr (lh_evaluator_kind_to_string (LH_EVALUATOR_NTUPLE), ==, "ntuple");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();
  g_test_add_func ("/evaluator/kind-names", test_kind_names);
  g_test_add_func ("/evaluator/heuristic", test_heuristic_behind_interface);
  g_test_add_func ("/evaluator/network", test_network_behind_interface);
  g_test_add_func ("/evaluator/expectimax-depth1", test_expectimax_depth1);
  g_test_add_func ("/evaluator/expectimax-deeper", test_expectimax_deeper);
  g_test_add_func ("/evaluator/expectimax-parallel", test_expectimax_parallel);
  g_test_add_func ("/evaluator/greedy-playout", test_greedy_playout);
  g_test_add_func ("/evaluator/mcts-points", test_mcts_points);
  g_test_add_func ("/evaluator/sampling-solvers", test_sampling_solvers);
  g_test_add_func ("/evaluator/solver-errors", test_solver_errors);
  return g_test_run ();
}
