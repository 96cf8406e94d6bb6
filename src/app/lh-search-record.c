/* lh-search-record.c: the immutable outcome of a search (see lh-search-record.h). */
#include "lh-search-record.h"

#include <string.h>

struct _LhSearchRecord
{
  LhWideBoard    board;
  LhGeometry     geometry;
  LhRules        rules;
  LhSolverKind   solver;
  LhSolverResult result;
  LhSearchTree  *tree;
  GArray        *steps;   /* of LhSearchStep, each tree owned */
  gboolean       has_exact_rules;
  LhExactRules   exact_rules;
  gboolean       counts_points;
  guint64        score;
};

G_DEFINE_BOXED_TYPE (LhSearchRecord, lh_search_record, lh_search_record_ref, lh_search_record_unref)

LhSearchRecord *
lh_search_record_new (LhBoard               board,
                      LhGeometry            geometry,
                      LhSolverKind          solver,
                      const LhSolverResult *result,
                      LhSearchTree         *tree)
{
  g_return_val_if_fail (lh_geometry_is_valid (geometry), NULL);
  return lh_search_record_new_wide (lh_wide_board_from_board (board, geometry), geometry,
                                    LH_RULES_2048_CAPPED, solver, result, tree);
}

LhSearchRecord *
lh_search_record_new_wide (LhWideBoard           board,
                           LhGeometry            geometry,
                           LhRules               rules,
                           LhSolverKind          solver,
                           const LhSolverResult *result,
                           LhSearchTree         *tree)
{
  LhSearchRecord *record;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (lh_rules_accept (rules, geometry, board), NULL);

  record = g_atomic_rc_box_new0 (LhSearchRecord);
  record->board = board;
  record->geometry = geometry;
  record->rules = rules;
  record->solver = solver;
  record->result = *result;
  record->tree = tree;
  record->steps = g_array_new (FALSE, TRUE, sizeof (LhSearchStep));
  return record;
}

void
lh_search_record_add_step (LhSearchRecord *record, const LhSearchStep *step, LhSearchTree *tree)
{
  LhSearchStep copy;

  g_return_if_fail (record != NULL);
  g_return_if_fail (step != NULL);

  /* The same step, with the record's own tree (@tree, taken) and its own
   * copy of the MCTS path (the trace's is reused by the thread's next
   * search). */
  copy = *step;
  copy.tree = tree;
  copy.path = step->path != NULL
              ? g_memdup2 (step->path, step->path_length * sizeof (guint32)) : NULL;
  g_array_append_val (record->steps, copy);
}

void
lh_search_record_set_exact_rules (LhSearchRecord *record, const LhExactRules *rules)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (rules != NULL);

  record->has_exact_rules = TRUE;
  record->exact_rules = *rules;
}

gboolean
lh_search_record_get_exact_rules (const LhSearchRecord *record, LhExactRules *rules)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  if (record->has_exact_rules)
    *rules = record->exact_rules;
  return record->has_exact_rules;
}

LhSearchRecord *
lh_search_record_ref (LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return g_atomic_rc_box_acquire (record);
}

static void
record_clear (gpointer data)
{
  LhSearchRecord *record = data;

  lh_search_tree_free (record->tree);
  for (guint i = 0; i < record->steps->len; i++)
    {
      LhSearchStep *step = &g_array_index (record->steps, LhSearchStep, i);

      lh_search_tree_free (step->tree);
      g_free (step->path);
    }
  g_array_unref (record->steps);
}

void
lh_search_record_unref (LhSearchRecord *record)
{
  if (record != NULL)
    g_atomic_rc_box_release_full (record, record_clear);
}

const LhSolverResult *
lh_search_record_get_result (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return &record->result;
}

LhBoard
lh_search_record_get_board (const LhSearchRecord *record)
{
  LhBoard narrow = 0;

  g_return_val_if_fail (record != NULL, 0);
  return lh_wide_board_to_board (record->board, record->geometry, &narrow) ? narrow : 0;
}

LhWideBoard
lh_search_record_get_wide_board (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->board;
}

LhRules
lh_search_record_get_rules (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, LH_RULES_2048_CAPPED);
  return record->rules;
}

LhSolverKind
lh_search_record_get_solver (const LhSearchRecord *record)
{
  return record->solver;
}

LhGeometry
lh_search_record_get_geometry (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, LH_GEOMETRY_DEFAULT);
  return record->geometry;
}

const LhSearchTree *
lh_search_record_get_tree (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  if (record->tree == NULL && record->steps->len > 0)
    return g_array_index (record->steps, LhSearchStep, record->steps->len - 1).tree;
  return record->tree;
}

guint
lh_search_record_get_n_steps (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return MAX (record->steps->len, 1);
}

void
lh_search_record_get_step (const LhSearchRecord *record, guint index, LhSearchStep *step)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (step != NULL);
  g_return_if_fail (index < lh_search_record_get_n_steps (record));

  if (record->steps->len > 0)
    {
      *step = g_array_index (record->steps, LhSearchStep, index);
      return;
    }
  memset (step, 0, sizeof *step);
  step->depth = record->result.depth;
  step->move = record->result.move;
  memcpy (step->legal, record->result.legal, sizeof step->legal);
  memcpy (step->values, record->result.values, sizeof step->values);
  memcpy (step->visits, record->result.visits, sizeof step->visits);
  step->nodes = record->result.nodes;
  step->tree = record->tree;
}

void
lh_search_record_set_scale (LhSearchRecord *record, gboolean counts_points, guint64 score)
{
  g_return_if_fail (record != NULL);
  record->counts_points = !!counts_points;
  record->score = score;
}

gboolean
lh_search_record_get_counts_points (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, FALSE);
  return record->counts_points;
}

guint64
lh_search_record_get_score (const LhSearchRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->score;
}
