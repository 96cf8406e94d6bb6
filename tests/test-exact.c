/* test-exact.c: exact small-board solutions (lh-exact-solve.h): hand-checked
 * 2x2 positions, agreement with a brute-force expectimax to the end of the
 * game on 2x2 and 2x3, reference 000's 2x2 claims, and the published 2x2
 * and 3x3 figures. */
#include <math.h>

#include "lh-board-text.h"
#include "lh-exact-solution-private.h"
#include "lh-exact-solve.h"
#include "lh-solver.h"

static LhExactRules
rules_of (const char *objective, LhExactSpawns spawns, double discount, LhExactLoss loss)
{
  LhExactRules rules;

  lh_exact_rules_init_default (&rules);
  g_assert_true (lh_exact_objective_parse (objective, &rules, NULL));
  rules.spawns = spawns;
  if (rules.objective == LH_EXACT_OBJECTIVE_SCORE)
    {
      rules.discount = discount;
      rules.loss = loss;
    }
  g_assert_true (lh_exact_rules_validate (&rules, NULL));
  return rules;
}

static LhExactSolution *
solve (guint rows, guint cols, const LhExactRules *rules)
{
  g_autoptr(GError) error = NULL;
  LhExactSolution *solution = lh_exact_solve ((LhGeometry) { rows, cols }, rules, 0, 2, NULL, NULL,
                                              NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (solution);
  return solution;
}

static LhBoard
board_of (const char *text, LhGeometry geometry)
{
  LhBoard board;
  LhGeometry parsed;

  g_assert_true (lh_board_parse (text, &board, &parsed, NULL));
  g_assert_true (lh_geometry_equal (parsed, geometry));
  return board;
}

/* ---- hand-checked positions ---- */

static void
test_rules_parse (void)
{
  LhExactRules rules;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  lh_exact_rules_init_default (&rules);
  g_assert_true (lh_exact_objective_parse ("tile:1024", &rules, NULL));
  g_assert_cmpint (rules.objective, ==, LH_EXACT_OBJECTIVE_TILE);
  g_assert_cmpuint (rules.target, ==, 10);
  text = lh_exact_objective_to_string (&rules);
  g_assert_cmpstr (text, ==, "tile:1024");
  for (guint i = 0; i < 6; i++)
    {
      const char *bad[] = { "tile:1000", "tile:", "tile:1", "tile:65536", "Score", "tile:-2" };

      g_clear_error (&error);
      g_assert_false (lh_exact_objective_parse (bad[i], &rules, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
  /* A tile takes no discount; a discount is in (0, 1]. */
  g_clear_error (&error);
  rules = rules_of ("tile:8", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  rules.discount = 0.9;
  g_assert_false (lh_exact_rules_validate (&rules, &error));
  g_clear_error (&error);
  rules = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  rules.discount = 0;
  g_assert_false (lh_exact_rules_validate (&rules, &error));
  /* 000's score table: 4 for a 4, 16 for an 8, 48 for a 16, 128 for a 32. */
  g_assert_cmpuint (lh_exact_board_score (0x4321), ==, 68);
  g_assert_cmpuint (lh_exact_board_score (0x5), ==, 128);
}

static void
test_hand_checked (void)
{
  LhGeometry g = { 2, 2 };
  LhExactRules twos = rules_of ("score", LH_EXACT_SPAWNS_TWOS, 0.9, LH_EXACT_LOSS_NONE);
  LhExactRules penalty = rules_of ("score", LH_EXACT_SPAWNS_TWOS, 0.9, LH_EXACT_LOSS_SCORE);
  LhExactRules tile8 = rules_of ("tile:8", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  g_autoptr(LhExactSolution) plain = solve (2, 2, &twos);
  g_autoptr(LhExactSolution) lossy = solve (2, 2, &penalty);
  g_autoptr(LhExactSolution) reach = solve (2, 2, &tile8);
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];
  double value;

  /* A lost board: no legal move; worth 0, or minus its score 4 + 4 = 8. */
  g_assert_true (lh_exact_solution_move_values (plain, board_of ("2 4/4 2", g), legal, values));
  for (guint m = 0; m < LH_N_MOVES; m++)
    g_assert_false (legal[m]);
  g_assert_true (lh_exact_solution_position_value (plain, board_of ("2 4/4 2", g), &value));
  g_assert_cmpfloat (value, ==, 0.0);
  g_assert_true (lh_exact_solution_position_value (lossy, board_of ("2 4/4 2", g), &value));
  g_assert_cmpfloat (value, ==, -8.0);

  /* "4 8/16 ." with only 2s: right gives "4 8/. 16" and the 2 in the hole
   * loses ("4 8/2 16"); down gives "4 ./16 8" and "4 2/16 8" loses too;
   * left and up change nothing.  Both moves score nothing: worth 0, or
   * with 000's penalty 0.9 x -(4 + 16 + 48) = -61.2. */
  g_assert_true (lh_exact_solution_move_values (plain, board_of ("4 8/16 0", g), legal, values));
  g_assert_false (legal[LH_MOVE_LEFT]);
  g_assert_false (legal[LH_MOVE_UP]);
  g_assert_true (legal[LH_MOVE_RIGHT] && legal[LH_MOVE_DOWN]);
  g_assert_cmpfloat (values[LH_MOVE_RIGHT], ==, 0.0);
  g_assert_cmpfloat (values[LH_MOVE_DOWN], ==, 0.0);
  g_assert_true (lh_exact_solution_move_values (lossy, board_of ("4 8/16 0", g), legal, values));
  g_assert_cmpfloat_with_epsilon (values[LH_MOVE_RIGHT], -61.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (values[LH_MOVE_DOWN], -61.2, 1e-12);

  /* The chance of an 8 once an 8 is on the board is 1, whatever the move. */
  g_assert_true (lh_exact_solution_move_values (reach, board_of ("8 2/0 0", g), legal, values));
  for (guint m = 0; m < LH_N_MOVES; m++)
    if (legal[m])
      g_assert_cmpfloat (values[m], ==, 1.0);
  /* "4 4/. ." : left or right merges to an 8 at once; down leaves "x ./4 4"
   * or ". x/4 4" after the spawn, where left or right merges: 1 too. */
  g_assert_true (lh_exact_solution_move_values (reach, board_of ("4 4/0 0", g), legal, values));
  g_assert_false (legal[LH_MOVE_UP]);
  g_assert_cmpfloat (values[LH_MOVE_LEFT], ==, 1.0);
  g_assert_cmpfloat (values[LH_MOVE_RIGHT], ==, 1.0);
  g_assert_cmpfloat (values[LH_MOVE_DOWN], ==, 1.0);

  /* Symmetric positions have equal values. */
  {
    double a, b;

    g_assert_true (lh_exact_solution_position_value (plain, board_of ("2 0/4 0", g), &a));
    g_assert_true (lh_exact_solution_position_value (plain, board_of ("0 2/0 4", g), &b));
    g_assert_cmpfloat (a, ==, b);
    g_assert_true (lh_exact_solution_position_value (plain, board_of ("4 2/0 0", g), &b));
    g_assert_cmpfloat (a, ==, b);
  }
}

/* ---- brute force: expectimax to the end of the game ---- */

typedef struct {
  LhGeometry   geometry;
  LhExactRules rules;
  GHashTable  *memo;   /* board -> V*(board), boxed double: plain recursion,
                          remembered so that it ends; no symmetry, no layers */
} Brute;

static double brute_position (Brute *brute, LhBoard board);

static double
brute_move (Brute *brute, LhBoard board, LhMove move)
{
  guint32 points;
  LhBoard a = lh_board_move (board, brute->geometry, move, &points);
  guint8 cells[16];
  guint n = lh_board_empty_cells (a, brute->geometry, cells);
  double expected = 0.0;
  double four = brute->rules.spawns == LH_EXACT_SPAWNS_TWOS ? 0.0 : 0.1;

  if (brute->rules.objective == LH_EXACT_OBJECTIVE_TILE && lh_board_max_exponent (a) >= brute->rules.target)
    return 1.0;
  for (guint c = 0; c < n; c++)
    {
      expected += (1.0 - four) / n * brute_position (brute, a | ((LhBoard) 1 << (4 * cells[c])));
      if (four > 0.0)
        expected += four / n * brute_position (brute, a | ((LhBoard) 2 << (4 * cells[c])));
    }
  if (brute->rules.objective == LH_EXACT_OBJECTIVE_TILE)
    return expected;
  return points + brute->rules.discount * expected;
}

static double
brute_position (Brute *brute, LhBoard board)
{
  gpointer cached = g_hash_table_lookup (brute->memo, &board);
  gboolean any = FALSE;
  double best = -INFINITY;
  LhBoard *key;
  double *value;

  if (cached != NULL)
    return *(double *) cached;
  if (brute->rules.objective == LH_EXACT_OBJECTIVE_TILE && lh_board_max_exponent (board) >= brute->rules.target)
    best = 1.0;
  else
    {
      for (guint m = 0; m < LH_N_MOVES; m++)
        if (lh_board_move (board, brute->geometry, (LhMove) m, NULL) != board)
          {
            best = MAX (best, brute_move (brute, board, (LhMove) m));
            any = TRUE;
          }
      if (!any)
        best = brute->rules.loss == LH_EXACT_LOSS_SCORE ? -(double) lh_exact_board_score (board) : 0.0;
    }
  key = g_new (LhBoard, 1);
  *key = board;
  value = g_new (double, 1);
  *value = best;
  g_hash_table_insert (brute->memo, key, value);
  return best;
}

/* A tile spawned by @rules in a uniformly chosen empty cell of @board. */
static LhBoard
spawn (LhBoard board, LhGeometry g, const LhExactRules *rules, LhRng *rng)
{
  guint8 cells[16];
  guint n = lh_board_empty_cells (board, g, cells);
  guint cell = cells[lh_rng_below (rng, n)];
  guint tile = rules->spawns == LH_EXACT_SPAWNS_STANDARD && lh_rng_below (rng, 10) == 0 ? 2 : 1;

  return board | ((LhBoard) tile << (4 * cell));
}

/* Plays random games from the start and checks every position's move
 * values against the brute force's. */
static void
check_against_brute_force (guint rows, guint cols, const LhExactRules *rules, guint games)
{
  LhGeometry g = { rows, cols };
  g_autoptr(LhExactSolution) solution = solve (rows, cols, rules);
  Brute brute = { g, *rules, g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free) };
  LhRng rng;
  guint checked = 0;

  lh_rng_init (&rng, 7 + rows * 10 + cols);
  for (guint game = 0; game < games; game++)
    {
      LhBoard board = spawn (spawn (0, g, rules, &rng), g, rules, &rng);

      for (;;)
        {
          gboolean legal[LH_N_MOVES];
          double values[LH_N_MOVES];
          guint moves[LH_N_MOVES];
          guint n_moves = 0;

          g_assert_true (lh_exact_solution_move_values (solution, board, legal, values));
          for (guint m = 0; m < LH_N_MOVES; m++)
            if (legal[m])
              {
                double expected = brute_move (&brute, board, (LhMove) m);

                g_assert_cmpfloat_with_epsilon (values[m], expected, 1e-9 * MAX (1.0, fabs (expected)));
                moves[n_moves++] = m;
                checked++;
              }
          if (n_moves == 0 || lh_exact_reached (solution, board))
            break;
          board = spawn (lh_board_move (board, g, (LhMove) moves[lh_rng_below (&rng, n_moves)], NULL),
                         g, rules, &rng);
        }
    }
  g_assert_cmpuint (checked, >, 0);
  g_hash_table_unref (brute.memo);
}

static void
test_brute_force_2x2 (void)
{
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactRules ref000 = rules_of ("score", LH_EXACT_SPAWNS_TWOS, 0.9, LH_EXACT_LOSS_SCORE);
  LhExactRules tile = rules_of ("tile:32", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);

  check_against_brute_force (2, 2, &score, 200);
  check_against_brute_force (2, 2, &ref000, 200);
  check_against_brute_force (2, 2, &tile, 200);
}

static void
test_brute_force_2x3 (void)
{
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 0.95, LH_EXACT_LOSS_NONE);
  LhExactRules tile = rules_of ("tile:64", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);

  check_against_brute_force (2, 3, &score, 40);
  check_against_brute_force (3, 2, &tile, 40);
}

/* ---- reference 000's 2x2 study ---- */

static void
test_reference_000 (void)
{
  LhExactRules ref000 = rules_of ("score", LH_EXACT_SPAWNS_TWOS, 0.9, LH_EXACT_LOSS_SCORE);
  LhExactRules sixteen = rules_of ("tile:16", LH_EXACT_SPAWNS_TWOS, 1, LH_EXACT_LOSS_NONE);
  LhExactRules thirty_two = rules_of ("tile:32", LH_EXACT_SPAWNS_TWOS, 1, LH_EXACT_LOSS_NONE);
  g_autoptr(LhExactSolution) policy = solve (2, 2, &ref000);
  g_autoptr(LhExactSolution) best16 = solve (2, 2, &sixteen);
  g_autoptr(LhExactSolution) best32 = solve (2, 2, &thirty_two);
  g_autoptr(LhExactSolution) reached = NULL;
  guint64 max_score = 0;

  /* "Reaching the tile of 16 every time": optimal play for the 16 does. */
  g_assert_cmpfloat (lh_exact_solution_get_start_value (best16), ==, 1.0);
  /* 000's own play (discount 0.9, a loss costing the score) does too. */
  reached = lh_exact_evaluate_policy (policy, &sixteen, 1, NULL, NULL);
  g_assert_nonnull (reached);
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (reached), 1.0, 1e-12);
  /* No 32 with only 2s: 16 + 8 + 4 + 2 + 2 needs five cells. */
  g_assert_cmpfloat (lh_exact_solution_get_start_value (best32), ==, 0.0);
  /* "The maximum score of 68": the largest board score of any position
   * reachable is that of 16, 8, 4 and 2 (48 + 16 + 4). */
  for (guint s = 0; s < policy->n_layers; s++)
    for (guint64 i = 0; i < policy->layers[s].n; i++)
      {
        LhBoard a = policy->layers[s].keys[i];
        guint8 cells[16];
        guint n = lh_board_empty_cells (a, policy->geometry, cells);

        for (guint c = 0; c < n; c++)
          max_score = MAX (max_score, lh_exact_board_score (a | ((LhBoard) 1 << (4 * cells[c]))));
      }
  g_assert_cmpuint (max_score, ==, 68);
}

/* ---- the published figures ---- */

static void
test_published_2x2 (void)
{
  LhExactRules tile16 = rules_of ("tile:16", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactRules tile32 = rules_of ("tile:32", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  g_autoptr(LhExactSolution) s16 = solve (2, 2, &tile16);
  g_autoptr(LhExactSolution) s32 = solve (2, 2, &tile32);

  /* J. Lees-Miller's twenty48 (2x2, to 32): 0.08288728907155415; his
   * article: 16 "96 % of the time". */
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (s32), 0.08288728907155415, 1e-12);
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (s16), 0.96251125, 1e-8);

  /* The real rules from the start (issue 14, item 3): an 8 is certain, and
   * optimal play scores 66.96 points on average. */
  {
    LhExactRules tile8 = rules_of ("tile:8", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
    LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
    g_autoptr(LhExactSolution) s8 = solve (2, 2, &tile8);
    g_autoptr(LhExactSolution) points = solve (2, 2, &score);

    g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (s8), 1.0, 1e-12);
    g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (points), 66.964149457, 1e-8);
  }
}

static void
test_published_3x3 (void)
{
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactRules tile1024 = rules_of ("tile:1024", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactRules tile512 = rules_of ("tile:512", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactSolution *solution;

  if (!g_test_slow () && g_getenv ("LOOKAHEAD_TEST_3X3") == NULL)
    {
      g_test_skip ("3x3 takes 15 s and 900 MB: run with -m slow or LOOKAHEAD_TEST_3X3=1");
      return;
    }
  /* Yamashita et al.'s 3x3 solve (shuymst/solving_2048_on_3x3_board):
   * 48,713,519 positions and 31,431,374 afterstates, symmetric ones merged;
   * the start's expected score "about 5,470". */
  solution = solve (3, 3, &score);
  g_assert_cmpuint (lh_exact_solution_get_n_positions (solution), ==, 48713519);
  g_assert_cmpuint (lh_exact_solution_get_n_afterstates (solution), ==, 31431374);
  g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { 3, 3 }, &score), ==,
                    lh_exact_solution_get_n_afterstates (solution));
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (solution), 5468.4868, 1e-3);
  lh_exact_solution_unref (solution);
  /* Lees-Miller: 1024 "about 1 %", 512 "about 74 %". */
  solution = solve (3, 3, &tile1024);
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (solution), 0.011337880, 1e-8);
  lh_exact_solution_unref (solution);
  solution = solve (3, 3, &tile512);
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (solution), 0.736774177, 1e-8);
  lh_exact_solution_unref (solution);
}

/* The table of afterstate counts (the window's share done while it finds
 * the positions) holds what a solve finds: checked here on the sizes that
 * solve in a moment; 3x3 standard is Yamashita et al.'s published count
 * (and /exact/published-3x3 solves it); any objective reaches the same
 * positions. */
static void
test_known_afterstates (void)
{
  static const struct { guint rows, cols; LhExactSpawns spawns; } cases[] = {
    { 2, 2, LH_EXACT_SPAWNS_STANDARD }, { 2, 2, LH_EXACT_SPAWNS_TWOS },
    { 2, 3, LH_EXACT_SPAWNS_STANDARD }, { 3, 2, LH_EXACT_SPAWNS_TWOS },
    { 4, 2, LH_EXACT_SPAWNS_TWOS },
  };
  LhExactRules tile = rules_of ("tile:64", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  LhExactRules discounted = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 0.9, LH_EXACT_LOSS_SCORE);
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LhExactRules rules = rules_of ("score", cases[i].spawns, 1, LH_EXACT_LOSS_NONE);
      LhExactSolution *solution = solve (cases[i].rows, cases[i].cols, &rules);

      g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { cases[i].rows, cases[i].cols }, &rules),
                        ==, lh_exact_solution_get_n_afterstates (solution));
      lh_exact_solution_unref (solution);
    }
  /* Another discount and loss reach the same positions. */
  {
    LhExactSolution *solution = solve (2, 3, &discounted);

    g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { 2, 3 }, &discounted), ==,
                      lh_exact_solution_get_n_afterstates (solution));
    lh_exact_solution_unref (solution);
  }
  /* The tile objective stops at its target: not in the table. */
  g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { 2, 3 }, &tile), ==, 0);
  g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { 3, 3 }, &score), ==, 31431374);
  g_assert_cmpuint (lh_exact_known_afterstates ((LhGeometry) { 4, 4 }, &score), ==, 0);
}

/* Expectimax's Bellman search (reference 000's values, no heuristic) to the
 * end of the game equals the exact solution: on the 2x2 positions of the
 * last 12 layers, at most 12 moves remain, inside depth 12; cutoff 0 and no
 * table, plain points, with and without 000's loss penalty. */
static void
check_bellman (double discount, LhExactLoss loss)
{
  LhGeometry g = { 2, 2 };
  LhExactRules rules = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, discount, loss);
  g_autoptr(LhExactSolution) solution = solve (2, 2, &rules);
  g_autoptr(LhSolver) solver = NULL;
  LhSolverParams params;
  guint checked = 0;

  lh_solver_params_init_default (&params);
  params.expectimax.evaluation = LH_EVALUATION_BELLMAN;
  params.expectimax.discount = discount;
  params.expectimax.loss = loss;
  params.depth = LH_MAX_DEPTH;
  params.probability_cutoff = 0;
  params.use_transposition_table = FALSE;
  solver = lh_solver_new (&params, NULL);
  g_assert_nonnull (solver);

  /* A move and its spawn add at least 2 to the tile sum: from layer s (sum
   * 2 s), at most n_layers - s moves remain. */
  for (guint s = solution->n_layers - LH_MAX_DEPTH; s < solution->n_layers; s++)
    for (guint64 i = 0; i < solution->layers[s].n; i++)
      {
        LhBoard a = solution->layers[s].keys[i];
        guint8 cells[16];
        guint n = lh_board_empty_cells (a, g, cells);

        for (guint c = 0; c < n; c++)
          {
            LhBoard board = a | ((LhBoard) 1 << (4 * cells[c]));
            gboolean legal[LH_N_MOVES];
            double values[LH_N_MOVES];
            LhSolverResult result;

            g_assert_true (lh_exact_solution_move_values (solution, board, legal, values));
            g_assert_true (lh_solver_search (solver, board, g, NULL, NULL, NULL, &result, NULL));
            for (guint m = 0; m < LH_N_MOVES; m++)
              {
                g_assert_cmpint (result.legal[m], ==, legal[m]);
                if (legal[m])
                  {
                    g_assert_cmpfloat_with_epsilon (result.values[m], values[m],
                                                    1e-9 * MAX (1.0, fabs (values[m])));
                    checked++;
                  }
              }
          }
      }
  g_assert_cmpuint (checked, >=, 10);
}

static void
test_bellman_full_depth (void)
{
  check_bellman (1.0, LH_EXACT_LOSS_NONE);
  check_bellman (0.9, LH_EXACT_LOSS_SCORE);
}

static void
test_cancel (void)
{
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_null (lh_exact_solve ((LhGeometry) { 2, 4 }, &score, 0, 2, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_from_position (void)
{
  LhGeometry g = { 2, 3 };
  LhExactRules score = rules_of ("score", LH_EXACT_SPAWNS_STANDARD, 1, LH_EXACT_LOSS_NONE);
  g_autoptr(LhExactSolution) whole = solve (2, 3, &score);
  g_autoptr(LhExactSolution) part = NULL;
  g_autoptr(GError) error = NULL;
  LhBoard board = board_of ("8 4 2/2 0 0", g);
  double a, b;

  part = lh_exact_solve (g, &score, board, 1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lh_exact_solution_get_n_afterstates (part), <, lh_exact_solution_get_n_afterstates (whole));
  g_assert_true (lh_exact_solution_position_value (whole, board, &a));
  g_assert_true (lh_exact_solution_position_value (part, board, &b));
  g_assert_cmpfloat_with_epsilon (a, b, 1e-9 * a);
  g_assert_cmpfloat_with_epsilon (lh_exact_solution_get_start_value (part), a, 1e-9 * a);
  /* A board off the geometry is refused. */
  g_clear_pointer (&part, lh_exact_solution_unref);
  part = lh_exact_solve (g, &score, 0x1000, 1, NULL, NULL, NULL, &error);
  g_assert_null (part);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lh_engine_init ();

  g_test_add_func ("/exact/rules", test_rules_parse);
  g_test_add_func ("/exact/hand-checked", test_hand_checked);
  g_test_add_func ("/exact/brute-force-2x2", test_brute_force_2x2);
  g_test_add_func ("/exact/brute-force-2x3", test_brute_force_2x3);
  g_test_add_func ("/exact/reference-000", test_reference_000);
  g_test_add_func ("/exact/published-2x2", test_published_2x2);
  g_test_add_func ("/exact/published-3x3", test_published_3x3);
  g_test_add_func ("/exact/known-afterstates", test_known_afterstates);
  g_test_add_func ("/exact/bellman-full-depth", test_bellman_full_depth);
  g_test_add_func ("/exact/cancel", test_cancel);
  g_test_add_func ("/exact/from-position", test_from_position);
  return g_test_run ();
}
