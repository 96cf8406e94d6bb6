/* lh-window-exact.c: perfect play in the window (part of LhWindow, see
 * lh-window-private.h): the progress bar while the exact solution of a
 * small board is loaded or solved, the optimal values beside the solver's
 * in the move chart, and the exact rules the inspector's tooltips look
 * values up with.  The solution itself lives in the analysis session's
 * LhExactSession (lh-exact-session.h). */
#include "lh-config.h"
#include "lh-window-private.h"

#include <glib/gi18n.h>

#include "lh-exact.h"
#include "lh-inspector-pane.h"
#include "lh-tree-view.h"

static LhExactSession *
session_of (LhWindow *self)
{
  return lh_analysis_get_exact_session (self->analysis);
}

/* Shows in the move chart the optimal values of @record's position (NULL:
 * none) beside its solver's.  A Perfect Play search made with other rules
 * than the settings' now (changed since) keeps its own: its values read in
 * its units, and nothing else is set beside them. */
void
lh_window_exact_show (LhWindow *self, LhSearchRecord *record)
{
  LhExactSession *session;
  LhExactRules rules, searched;
  gboolean legal[LH_N_MOVES];
  double values[LH_N_MOVES];
  LhGeometry geometry;

  if (self->analysis == NULL)
    return;
  session = session_of (self);
  if (record == NULL || !lh_exact_geometry_check (lh_search_record_get_geometry (record), NULL)
      || !lh_exact_session_get_rules (session, &rules))
    {
      lh_move_chart_set_optimal (self->move_chart, NULL, NULL, NULL);
      return;
    }
  if (lh_search_record_get_exact_rules (record, &searched) && !lh_exact_rules_equal (&searched, &rules))
    {
      lh_move_chart_set_optimal (self->move_chart, &searched, NULL, NULL);
      return;
    }
  geometry = lh_search_record_get_geometry (record);
  if (lh_exact_session_move_values (session, geometry, lh_search_record_get_board (record), legal, values))
    lh_move_chart_set_optimal (self->move_chart, &rules, legal, values);
  else
    /* Not solved yet, or a position off the solution: Perfect Play's own
     * values still read in their units. */
    lh_move_chart_set_optimal (self->move_chart, &rules, NULL, NULL);
}

/* The progress bar shows while the solution is worked out: its fraction
 * once the total is known (valuing the positions); before (finding them,
 * or loading the file), its block moves with each report and its text
 * counts the positions found.  Reports come at most 10 a second. */
static void
progress_cb (LhWindow *self)
{
  LhExactSession *session = session_of (self);
  gboolean solving = lh_exact_session_is_solving (session);
  double fraction = lh_exact_session_get_fraction (session);

  gtk_widget_set_visible (GTK_WIDGET (self->exact_progress), solving);
  gtk_progress_bar_set_text (self->exact_progress, lh_exact_session_get_progress_text (session));
  if (solving && fraction < 0)
    gtk_progress_bar_pulse (self->exact_progress);
  else
    gtk_progress_bar_set_fraction (self->exact_progress, solving ? fraction : 0);
}

/* A solution came (or went): the chart's optimal values and the tooltips'
 * exact values follow. */
static void
solution_cb (LhWindow *self)
{
  LhExactSession *session = session_of (self);
  LhTreeView *view = lh_inspector_pane_get_tree_view (self->inspector_pane);
  LhExactRules rules;

  if (lh_exact_session_get_solution (session) != NULL && lh_exact_session_get_rules (session, &rules))
    lh_tree_view_set_exact_rules (view, &rules);
  else
    lh_tree_view_set_exact_rules (view, NULL);
  if (self->model != NULL)
    lh_window_update_values (self);
}

static void
failed_cb (LhExactSession *session, const char *message, LhWindow *self)
{
  lh_window_show_toast (self, message);
}

void
lh_window_exact_init (LhWindow *self)
{
  LhExactSession *session = session_of (self);

  g_signal_connect_object (session, "notify::solving", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::fraction", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::progress-text", G_CALLBACK (progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::solution", G_CALLBACK (solution_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "failed", G_CALLBACK (failed_cb), self, 0);
  progress_cb (self);
  solution_cb (self);
}

void
lh_window_exact_dispose (LhWindow *self)
{
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_data (session_of (self), self);
}
