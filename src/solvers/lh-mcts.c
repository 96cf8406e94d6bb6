/* lh-mcts.c: Monte Carlo tree search with UCT (see lh-mcts.h). */
#include "lh-mcts.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "lh-parallel.h"
#include "lh-mcts-private.h"
#include "lh-search-tree-recording.h"
#include "lh-playout.h"
#include "lh-playout-wide.h"

/* Progress callbacks at most this often, µs. */
#define PROGRESS_INTERVAL_US 50000
/* Intermediate trace steps at most (the last step, the result, is one more). */
#define MAX_TRACE_STEPS 39

/* @board after @move (@board when illegal), its points in *@points. */
static inline Position
position_move (const Search *s, Position board, LhMove move, guint64 *points)
{
  guint32 narrow_points = 0;
  Position after;

  if (s->wide)
    return lh_rules_move (s->rules, board, s->geometry, move, points);
  after = lh_board_move ((LhBoard) board, s->geometry, move, points != NULL ? &narrow_points : NULL);
  if (points != NULL)
    *points = narrow_points;
  return after;
}

static inline Position
position_spawn (const Search *s, Position board, LhRng *rng)
{
  return s->wide ? lh_wide_board_spawn (board, s->geometry, rng)
                 : lh_board_spawn ((LhBoard) board, s->geometry, rng);
}

/* The cell and exponent of the one tile @spawned has and @after has not. */
static inline void
spawned_tile (const Search *s, Position after, Position spawned, guint *cell, guint *exponent)
{
  Position diff = spawned ^ after;
  guint bits = s->wide ? LH_WIDE_CELL_BITS : 4;
  guint low = (guint64) diff != 0 ? (guint) __builtin_ctzll ((guint64) diff)
                                  : 64 + (guint) __builtin_ctzll ((guint64) (diff >> 64));
  guint shift = low - low % bits;

  *cell = shift / bits;
  *exponent = (guint) (diff >> shift) & ((1u << bits) - 1);
}

static guint32
new_node (const Search *s, Tree *t, guint kind, Position board, guint ply, int move, int cell,
          guint exponent)
{
  Node n = {
    .board = s->wide ? 0 : (LhBoard) board,
    .first_child = NO_NODE,
    .next_sibling = NO_NODE,
    .ply = (guint16) MIN (ply, G_MAXUINT16),
    .move = (gint8) move,
    .spawn_cell = cell < 0 ? 255 : (guint8) cell,
    .spawn_exponent = (guint8) exponent,
    .kind = (guint8) kind,
  };

  g_array_append_val (t->nodes, n);
  if (s->wide)
    g_array_append_val (t->wide_boards, board);
  return t->nodes->len - 1;
}

/* Makes the chance children of player node @id, one per legal move. */
static void
expand (const Search *s, Tree *t, guint32 id)
{
  Position board = board_at (s, t, id);
  guint ply = node_at (t, id)->ply;
  guint32 prev = NO_NODE;

  node_at (t, id)->expanded = TRUE;
  t->moves += LH_N_MOVES;
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      Position after = position_move (s, board, (LhMove) m, NULL);
      guint32 child;

      if (after == board)
        continue;
      child = new_node (s, t, NODE_CHANCE, after, ply + 1, (int) m, -1, 0);
      if (prev == NO_NODE)
        node_at (t, id)->first_child = child;
      else
        node_at (t, prev)->next_sibling = child;
      node_at (t, id)->n_children++;
      prev = child;
    }
}

/* UCB1 over the children of the expanded player node @id (see lh-mcts.h). */
static guint32
select_child (const Search *s, Tree *t, guint32 id)
{
  const Node *parent = node_at (t, id);
  double log_n = log (MAX (parent->visits, 1));
  double range = t->hi - t->lo;
  double c = s->params->mcts.exploration;
  double best = -INFINITY;
  guint32 chosen = parent->first_child;

  for (guint32 k = parent->first_child; k != NO_NODE; k = node_at (t, k)->next_sibling)
    {
      const Node *child = node_at (t, k);
      double q, ucb;

      if (child->visits == 0)
        return k;
      q = child->sum / child->visits;
      q = range > 0 ? (q - t->lo) / range : 0.5;
      ucb = q + c * sqrt (log_n / child->visits);
      if (ucb > best)
        {
          best = ucb;
          chosen = k;
        }
    }
  return chosen;
}

/* Whether the tree has room for an expansion (at most LH_N_MOVES nodes). */
static inline gboolean
has_room (const Tree *t)
{
  return t->nodes->len + LH_N_MOVES <= t->max_nodes;
}

/* Samples a spawn on chance node @id into *@spawned; returns the player
 * node of that outcome, made when it is new, or NO_NODE when it is new and
 * the tree is full. */
static guint32
sample_spawn (const Search *s, Tree *t, guint32 id, Position *spawned_out)
{
  Position after = board_at (s, t, id);
  Position spawned = position_spawn (s, after, &t->rng);
  guint32 last = NO_NODE, child;
  guint cell, exponent;

  *spawned_out = spawned;
  for (guint32 k = node_at (t, id)->first_child; k != NO_NODE; k = node_at (t, k)->next_sibling)
    {
      if (board_at (s, t, k) == spawned)
        return k;
      last = k;
    }
  if (!has_room (t))
    return NO_NODE;
  spawned_tile (s, after, spawned, &cell, &exponent);
  child = new_node (s, t, NODE_PLAYER, spawned, node_at (t, id)->ply, -1, (int) cell, exponent);
  if (last == NO_NODE)
    node_at (t, id)->first_child = child;
  else
    node_at (t, last)->next_sibling = child;
  node_at (t, id)->n_children++;
  return child;
}

static double
playout (const Search *s, Tree *t, guint32 id, Position board)
{
  node_at (t, id)->playouts++;
  t->playouts++;
  if (s->wide)
    return lh_playout_run_wide (&s->params->mcts.playout, s->evaluator, s->geometry, s->rules,
                                board, &t->rng, &t->moves);
  return lh_playout_run (&s->params->mcts.playout, s->evaluator, s->geometry, (LhBoard) board,
                         &t->rng, &t->moves);
}

/* Backs @value, the playout's, up t->path, from its end to the root.
 * With s->path_points (an evaluator that counts points and the HEURISTIC
 * measure: the playout's value is the points still to score where it
 * started), each chance node adds the points of its move, so that a node's
 * value is the points from the position before it on: a chance node's is
 * its move's points plus the playout's (r + V, as expectimax values a
 * move), a player node's that of the move taken. */
static void
backup (const Search *s, Tree *t, double value)
{
  double points = 0;

  for (guint i = t->path->len; i-- > 0;)
    {
      Node *n = node_at (t, g_array_index (t->path, guint32, i));
      double v;

      if (s->path_points && n->kind == NODE_CHANCE)
        {
          guint64 gained;

          position_move (s, board_at (s, t, g_array_index (t->path, guint32, i - 1)),
                         (LhMove) n->move, &gained);
          points += gained;
        }
      v = value + points;
      if (t->iterations == 0 && i == t->path->len - 1)
        t->lo = t->hi = v;
      t->lo = MIN (t->lo, v);
      t->hi = MAX (t->hi, v);
      n->visits++;
      n->sum += v;
      /* The root child's second moment, for its standard error. */
      if (i == 1)
        t->root_sumsq[n->move] += v * v;
    }
}

/* One selection-expansion-playout-backup iteration; t->path holds its nodes. */
static void
iterate (const Search *s, Tree *t)
{
  guint32 id = 0;
  double value;

  g_array_set_size (t->path, 0);
  for (;;)
    {
      Node *n = node_at (t, id);

      g_array_append_val (t->path, id);
      if (n->kind == NODE_PLAYER)
        {
          if (!n->expanded)
            {
              /* A new leaf gets a playout; so does any leaf of a full tree. */
              if (id != 0 && (n->visits == 0 || !has_room (t)))
                {
                  value = playout (s, t, id, board_at (s, t, id));
                  break;
                }
              expand (s, t, id);
              n = node_at (t, id);
            }
          if (n->n_children == 0)
            {
              /* No legal move: the playout just measures the board. */
              value = playout (s, t, id, board_at (s, t, id));
              break;
            }
          id = select_child (s, t, id);
        }
      else
        {
          if (n->visits == 0)
            {
              value = playout (s, t, id, position_spawn (s, board_at (s, t, id), &t->rng));
              break;
            }
          {
            Position spawned;
            guint32 child = sample_spawn (s, t, id, &spawned);

            if (child == NO_NODE)
              {
                /* A new outcome with the tree full: played out from here,
                 * a playout of this chance node. */
                value = playout (s, t, id, spawned);
                break;
              }
            id = child;
          }
        }
    }

  backup (s, t, value);
  t->max_ply = MAX (t->max_ply, node_at (t, id)->ply);
  t->iterations++;
}

/* Adds tree @t's root statistics per move into @stats (root-parallel
 * trees pool their samples: sums, squares and counts add up). */
static void
add_root_stats (Tree *t, RootStats *stats)
{
  for (guint32 k = node_at (t, 0)->first_child; k != NO_NODE; k = node_at (t, k)->next_sibling)
    {
      const Node *c = node_at (t, k);

      stats->legal[c->move] = TRUE;
      stats->sums[c->move] += c->sum;
      stats->sumsq[c->move] += t->root_sumsq[c->move];
      stats->visits[c->move] += c->visits;
    }
}

/* The standard error of the mean of @n values of sum @sum and sum of
 * squares @sumsq (sample variance, n - 1); NAN below 2 values. */
static double
std_error_of_mean (guint64 n, double sum, double sumsq)
{
  double mean, variance;

  if (n < 2)
    return NAN;
  mean = sum / (double) n;
  /* Rounding can take a zero variance a little below 0. */
  variance = MAX (0.0, (sumsq - mean * sum) / (double) (n - 1));
  return sqrt (variance / (double) n);
}

/* The per-move part of a result or step from summed root statistics. */
static void
fill_moves (const Search *s, const RootStats *stats, gboolean legal[LH_N_MOVES],
            double values[LH_N_MOVES], guint64 visits[LH_N_MOVES],
            double std_errors[LH_N_MOVES], double *lost_value, int *move)
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint64 n = stats->visits[m];

      legal[m] = stats->legal[m];
      values[m] = n > 0 ? stats->sums[m] / (double) n : 0;
      visits[m] = n;
      std_errors[m] = legal[m] ? std_error_of_mean (n, stats->sums[m], stats->sumsq[m]) : NAN;
    }
  *lost_value = lh_measure_lost_value (s->params->mcts.playout.measure, s->evaluator);
  *move = lh_mcts_choose_move (s->params->mcts.final_move, legal, values, visits);
}

/* Appends a trace step showing the trees @trees[0, @n_trees) merged (per-move
 * statistics from @stats), @iteration, with the current iteration's path of
 * the first. */
static void
add_step (const Search *s, Tree *trees, guint n_trees, guint64 iteration,
          const RootStats *stats, guint64 nodes, guint depth)
{
  LhSearchStep step = {
    .depth = depth,
    .nodes = nodes,
    .elapsed_ms = (g_get_monotonic_time () - s->start_us) / 1000.0,
    .iteration = iteration,
  };

  fill_moves (s, stats, step.legal, step.values, step.visits, step.std_errors, &step.lost_value,
              &step.move);
  lh_mcts_record_tree (s, trees, n_trees, s->working, step.move);
  step.tree = lh_search_tree_steal (s->working);
  lh_search_tree_set_chosen_move (step.tree, step.move);
  step.path = lh_mcts_record_path (s, &trees[0], step.tree, &step.path_length);
  lh_search_trace_add_step (s->params->trace, &step);
}

static void
tree_stats (Tree *t, RootStats *stats)
{
  *stats = (RootStats) { { FALSE } };
  add_root_stats (t, stats);
}

/* ---- The search ---- */

static gboolean
should_stop (const Search *s, const Tree *t)
{
  if (g_cancellable_is_cancelled (s->cancellable))
    return TRUE;
  if (s->deadline_us != 0)
    return g_get_monotonic_time () >= s->deadline_us;
  return t->iterations >= t->quota;
}

/* The next trace iteration after @i: 1, 2, 3, 4, 6, 8, 12, 16, ... */
static guint64
next_snapshot (guint64 i)
{
  if (i < 2)
    return i + 1;
  return (i & (i - 1)) == 0 ? i + i / 2 : i + i / 3;
}

static void
report_progress (const Search *s, Tree *t)
{
  LhSolverResult partial = { 0 };
  RootStats stats;

  tree_stats (t, &stats);
  fill_moves (s, &stats, partial.legal, partial.values, partial.visits, partial.std_errors,
              &partial.lost_value, &partial.move);
  partial.nodes = t->moves;
  partial.max_ply = partial.depth = t->max_ply;
  partial.playouts = t->playouts;
  partial.iterations = t->iterations;
  partial.elapsed_ms = (g_get_monotonic_time () - s->start_us) / 1000.0;
  s->progress (&partial, s->user_data);
}

/* Runs tree @task (an LhParallelFunc). */
static void
run_tree (guint task, guint thread, gpointer user_data)
{
  const Search *s = user_data;
  Tree *t = &s->trees[task];
  gboolean first = task == 0;   /* the first tree: trace and progress */
  guint64 snapshot = 1;
  guint n_steps = 0;
  gint64 last_progress = s->start_us;

  (void) thread;
  t->nodes = g_array_sized_new (FALSE, FALSE, sizeof (Node), 1024);
  if (s->wide)
    t->wide_boards = g_array_sized_new (FALSE, FALSE, sizeof (LhWideBoard), 1024);
  t->path = g_array_new (FALSE, FALSE, sizeof (guint32));
  lh_rng_init (&t->rng, lh_parallel_task_seed (s->params->seed, task));
  new_node (s, t, NODE_PLAYER, s->board, 0, -1, -1, 0);
  expand (s, t, 0);

  /* The first tree always runs one iteration, so there is a decision. */
  if (!first && (t->quota == 0 || should_stop (s, t)))
    return;
  for (;;)
    {
      gboolean stop;

      iterate (s, t);
      stop = should_stop (s, t);
      if (!first)
        {
          if (stop)
            break;
          continue;
        }
      if (s->params->trace != NULL && !stop && t->iterations == snapshot
          && n_steps < MAX_TRACE_STEPS)
        {
          RootStats stats;

          tree_stats (t, &stats);
          add_step (s, t, 1, t->iterations, &stats, t->moves, t->max_ply);
          n_steps++;
          snapshot = next_snapshot (snapshot);
        }
      if (s->progress != NULL && !stop)
        {
          gint64 now = g_get_monotonic_time ();

          if (now - last_progress >= PROGRESS_INTERVAL_US)
            {
              last_progress = now;
              report_progress (s, t);
            }
        }
      if (stop)
        break;
    }
}

static void
free_trees (Search *s)
{
  for (guint i = 0; i < s->n_trees; i++)
    {
      if (s->trees[i].nodes != NULL)
        g_array_unref (s->trees[i].nodes);
      if (s->trees[i].wide_boards != NULL)
        g_array_unref (s->trees[i].wide_boards);
      if (s->trees[i].path != NULL)
        g_array_unref (s->trees[i].path);
    }
  g_free (s->trees);
}

/* No legal move: a decision of LH_MOVE_NONE, the root alone in the record
 * and the trace. */
static void
search_game_over (const Search *s, LhSolverResult *result)
{
  *result = (LhSolverResult) {
    .move = LH_MOVE_NONE,
    .lost_value = lh_measure_lost_value (s->params->mcts.playout.measure, s->evaluator),
  };
  lh_solver_std_errors_clear (result->std_errors);

  if (s->params->tree != NULL || s->params->trace != NULL)
    {
      g_autoptr (LhSearchTree) rec = lh_search_tree_new (1);
      LhSearchNode *top;

      lh_search_tree_begin (rec, s->geometry);
      top = lh_search_tree_reserve (rec, 0, 0, 0, 1.0, 1);
      lh_search_tree_fill_member (top, LH_SEARCH_NODE_PLAYER, (LhBoard) s->board, 0, -1, -1, 0, 1,
                                  lh_measure_board (s->params->mcts.playout.measure, s->evaluator,
                                                    s->geometry, (LhBoard) s->board), 0, 0);
      lh_search_tree_finish (rec);
      lh_search_tree_set_chosen_move (rec, LH_MOVE_NONE);
      if (s->params->tree != NULL)
        lh_search_tree_copy_into (s->params->tree, rec);
      if (s->params->trace != NULL)
        {
          LhSearchStep step = {
            .move = LH_MOVE_NONE,
            .path = g_new0 (guint32, 1),
            .path_length = 1,
            .tree = lh_search_tree_new (lh_search_trace_get_max_nodes_per_step (s->params->trace)),
          };

          lh_solver_std_errors_clear (step.std_errors);
          step.lost_value = result->lost_value;

          lh_search_tree_copy_into (step.tree, rec);
          lh_search_tree_set_chosen_move (step.tree, LH_MOVE_NONE);
          lh_search_trace_add_step (s->params->trace, &step);
        }
    }
  result->elapsed_ms = (g_get_monotonic_time () - s->start_us) / 1000.0;
}

/* The search of s->board, set up by lh_mcts_search() or lh_mcts_search_wide(). */
static gboolean
run_search (Search *s, LhSolverResult *result)
{
  const LhSolverParams *params = s->params;
  g_autoptr (LhSearchTree) working = NULL;
  RootStats stats = { { FALSE } };
  LhSolverResult r = { .move = LH_MOVE_NONE };
  guint legal = s->wide ? lh_rules_legal_moves (s->rules, s->board, s->geometry)
                        : lh_board_legal_moves ((LhBoard) s->board, s->geometry);

  if (params->tree != NULL)
    lh_search_tree_clear (params->tree);
  if (params->trace != NULL)
    lh_search_trace_clear (params->trace);
  if (legal == 0)
    {
      search_game_over (s, result);
      return TRUE;
    }

  if (params->time_budget_ms > 0)
    s->deadline_us = s->start_us + (gint64) params->time_budget_ms * 1000;
  s->trees = g_new0 (Tree, s->n_trees);
  for (guint i = 0; i < s->n_trees; i++)
    {
      s->trees[i].quota = params->mcts.iterations / s->n_trees
                         + (i < params->mcts.iterations % s->n_trees ? 1 : 0);
      /* The root and its children always fit. */
      s->trees[i].max_nodes = MAX (params->mcts.max_tree_nodes / s->n_trees, 1u + LH_N_MOVES);
    }
  if (params->trace != NULL)
    s->working = working
      = lh_search_tree_new (lh_search_trace_get_max_nodes_per_step (params->trace));

  lh_parallel_run (s->n_trees, s->n_trees, run_tree, s);

  for (guint i = 0; i < s->n_trees; i++)
    {
      Tree *t = &s->trees[i];

      add_root_stats (t, &stats);
      r.iterations += t->iterations;
      r.playouts += t->playouts;
      r.nodes += t->moves;
      r.max_ply = MAX (r.max_ply, t->max_ply);
    }
  r.depth = r.max_ply;
  fill_moves (s, &stats, r.legal, r.values, r.visits, r.std_errors, &r.lost_value, &r.move);

  if (params->trace != NULL)
    add_step (s, s->trees, s->n_trees, r.iterations, &stats, r.nodes, r.depth);
  if (params->tree != NULL)
    lh_mcts_record_tree (s, s->trees, s->n_trees, params->tree, r.move);

  r.cancelled = g_cancellable_is_cancelled (s->cancellable);
  r.elapsed_ms = (g_get_monotonic_time () - s->start_us) / 1000.0;
  free_trees (s);
  *result = r;
  return TRUE;
}

/* A search of @params with @context's evaluator, not started. */
static Search
new_search (const LhSolverParams *params, const LhSolverContext *context, LhGeometry geometry,
            GCancellable *cancellable, LhSolverProgressFunc progress, gpointer user_data)
{
  return (Search) {
    .params = params,
    .evaluator = context->evaluator,
    .geometry = geometry,
    .cancellable = cancellable,
    .progress = progress,
    .user_data = user_data,
    .start_us = g_get_monotonic_time (),
    .n_trees = MAX (params->threads, 1),
    .path_points = params->mcts.playout.measure == LH_MEASURE_HEURISTIC
                   && lh_evaluator_counts_points (context->evaluator),
  };
}

gboolean
lh_mcts_search (const LhSolverParams *params,
                const LhSolverContext *context,
                LhBoard               board,
                LhGeometry            geometry,
                GCancellable         *cancellable,
                LhSolverProgressFunc  progress,
                gpointer              user_data,
                LhSolverResult       *result,
                GError              **error)
{
  Search s = new_search (params, context, geometry, cancellable, progress, user_data);

  (void) error;
  s.board = board;
  return run_search (&s, result);
}

gboolean
lh_mcts_search_wide (const LhSolverParams  *params,
                     const LhSolverContext *context,
                     LhWideBoard            board,
                     LhGeometry             geometry,
                     LhRules                rules,
                     GCancellable          *cancellable,
                     LhSolverProgressFunc   progress,
                     gpointer               user_data,
                     LhSolverResult        *result,
                     GError               **error)
{
  Search s = new_search (params, context, geometry, cancellable, progress, user_data);

  g_return_val_if_fail (lh_rules_accept (rules, geometry, board), FALSE);
  (void) error;
  s.wide = TRUE;
  s.rules = rules;
  s.board = board;
  return run_search (&s, result);
}
