/* lh-search-trace.c: a search replayed step by step (see lh-search-trace.h). */
#include "lh-search-trace.h"

struct _LhSearchTrace {
  guint   max_nodes;
  GArray *steps;   /* of LhSearchStep */
};

static void
clear_step (gpointer data)
{
  LhSearchStep *step = data;

  g_clear_pointer (&step->tree, lh_search_tree_free);
  g_clear_pointer (&step->path, g_free);
}

LhSearchTrace *
lh_search_trace_new (guint max_nodes_per_step)
{
  LhSearchTrace *trace;

  g_return_val_if_fail (max_nodes_per_step >= 1 && max_nodes_per_step <= LH_SEARCH_TREE_MAX_NODES,
                        NULL);
  trace = g_new0 (LhSearchTrace, 1);
  trace->max_nodes = max_nodes_per_step;
  trace->steps = g_array_new (FALSE, TRUE, sizeof (LhSearchStep));
  g_array_set_clear_func (trace->steps, clear_step);
  return trace;
}

void
lh_search_trace_free (LhSearchTrace *trace)
{
  if (trace == NULL)
    return;
  g_array_unref (trace->steps);
  g_free (trace);
}

guint
lh_search_trace_get_max_nodes_per_step (const LhSearchTrace *trace)
{
  return trace->max_nodes;
}

guint
lh_search_trace_get_n_steps (const LhSearchTrace *trace)
{
  return trace->steps->len;
}

const LhSearchStep *
lh_search_trace_get_step (const LhSearchTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->steps->len, NULL);
  return &g_array_index (trace->steps, LhSearchStep, index);
}

void
lh_search_trace_clear (LhSearchTrace *trace)
{
  g_array_set_size (trace->steps, 0);
}

void
lh_search_trace_add_step (LhSearchTrace *trace, const LhSearchStep *step)
{
  g_return_if_fail (step->tree != NULL);
  g_return_if_fail (lh_search_tree_get_max_nodes (step->tree) == trace->max_nodes);
  g_array_append_vals (trace->steps, step, 1);
}

LhSearchTree *
lh_search_trace_steal_tree (LhSearchTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->steps->len, NULL);
  return g_steal_pointer (&g_array_index (trace->steps, LhSearchStep, index).tree);
}
