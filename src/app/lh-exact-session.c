/* lh-exact-session.c: the exact solution of the game's board size (see lh-exact-session.h). */
#include "lh-config.h"
#include "lh-exact-session.h"
#include "lh-exact-solve.h"
#include "lh-exact-format.h"

#include <math.h>
#include <glib/gi18n.h>

#include "lh-exact.h"
#include "lh-exact-cache.h"
#include "lh-solver-settings.h"

/* The pause after the last change of an exact-* key before the new rules'
 * solution is sought, ms: a discount slider's drag solves once it rests. */
#define SETTINGS_DELAY_MS 200
/* The least time between two progress reports on the main thread, ms. */
#define PROGRESS_INTERVAL_MS 100

struct _LhExactSession
{
  GObject          parent_instance;

  GSettings       *settings;
  gboolean         has_geometry;
  LhGeometry       geometry;
  LhExactSolution *solution;

  GCancellable    *cancellable;   /* of the work under way, or NULL */
  guint            generation;    /* results of older work are dropped */
  guint            restart_source;
  double           fraction;
  char            *progress_text;
};

G_DEFINE_FINAL_TYPE (LhExactSession, lh_exact_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SOLUTION,
  PROP_SOLVING,
  PROP_FRACTION,
  PROP_PROGRESS_TEXT,
  PROP_AVAILABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the work in its thread --------------------------------------------- */

typedef struct {
  LhGeometry    geometry;
  LhExactRules  rules;
  guint         threads;
  guint         generation;
  LhExactSolution *solution;   /* the outcome, set by the thread */

  /* The latest report of the thread, handed to the main context by one
   * pending timeout at a time. */
  GMainContext *context;
  GMutex        mutex;
  LhExactPhase  phase;
  guint64       done, total;
  gboolean      pending;
  /* Main context only: when the work, and its solving phase, began
   * (g_get_monotonic_time (), µs; 0 before), for the time left. */
  gint64        started_us;
  gint64        solve_started_us;
} SolveData;

static void
solve_data_free (gpointer p)
{
  SolveData *data = p;

  g_clear_pointer (&data->solution, lh_exact_solution_unref);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_mutex_clear (&data->mutex);
  g_free (data);
}

static void
set_progress (LhExactSession *self, double fraction, const char *text)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->fraction != fraction)
    {
      self->fraction = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
    }
  if (g_strcmp0 (self->progress_text, text) != 0)
    {
      g_free (self->progress_text);
      self->progress_text = g_strdup (text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS_TEXT]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* In the main context: the thread's latest report, unless the work it
 * belongs to was cancelled or replaced since. */
static gboolean
deliver_progress_cb (gpointer user_data)
{
  GTask *task = G_TASK (user_data);
  LhExactSession *self = g_task_get_source_object (task);
  SolveData *data = g_task_get_task_data (task);
  LhExactPhase phase;
  guint64 done, total;
  g_autofree char *text = NULL;
  double fraction = -1;

  g_mutex_lock (&data->mutex);
  phase = data->phase;
  done = data->done;
  total = data->total;
  data->pending = FALSE;
  g_mutex_unlock (&data->mutex);
  if (g_task_get_completed (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task))
      || data->generation != self->generation)
    return G_SOURCE_REMOVE;

  if (data->started_us == 0)
    data->started_us = g_get_monotonic_time ();
  if (phase == LH_EXACT_PHASE_SOLVE && total > 0)
    {
      double elapsed;

      if (data->solve_started_us == 0)
        data->solve_started_us = g_get_monotonic_time ();
      elapsed = (g_get_monotonic_time () - data->solve_started_us) / 1e6;
      fraction = CLAMP ((double) done / (double) total, 0.0, 1.0);
      /* The time left at the pace so far, once there is a pace to go by. */
      if (fraction >= 0.02 && elapsed >= 1.0)
        {
          g_autofree char *left = lh_exact_format_duration (elapsed * (1.0 - fraction) / fraction);

          /* Translators: %u×%u a board size, %.0f a percentage done, %s a
           * duration ("40 s", "2 min") */
          text = g_strdup_printf (_("Solving %u×%u exactly… %.0f %%, about %s left"), data->geometry.rows,
                                  data->geometry.cols, 100 * fraction, left);
        }
      else
        /* Translators: %u×%u a board size, %.0f a percentage done */
        text = g_strdup_printf (_("Solving %u×%u exactly… %.0f %%"), data->geometry.rows,
                                data->geometry.cols, 100 * fraction);
    }
  else
    {
      text = lh_exact_format_finding (data->geometry, done, lh_exact_known_afterstates (data->geometry, &data->rules),
                                      (g_get_monotonic_time () - data->started_us) / 1e6, &fraction);
    }
  set_progress (self, fraction, text);
  return G_SOURCE_REMOVE;
}

/* In the solving thread (LhExactProgressFunc): keeps the report and, unless
 * a delivery is pending already, schedules one. */
static void
solve_progress_cb (LhExactPhase phase, guint64 done, guint64 total, gpointer user_data)
{
  GTask *task = G_TASK (user_data);
  SolveData *data = g_task_get_task_data (task);
  gboolean schedule;

  g_mutex_lock (&data->mutex);
  data->phase = phase;
  data->done = done;
  data->total = total;
  schedule = !data->pending;
  data->pending = TRUE;
  g_mutex_unlock (&data->mutex);
  if (schedule)
    {
      GSource *source = g_timeout_source_new (PROGRESS_INTERVAL_MS);

      g_source_set_callback (source, deliver_progress_cb, g_object_ref (task), g_object_unref);
      g_source_set_name (source, "lh-exact-session progress");
      g_source_attach (source, data->context);
      g_source_unref (source);
    }
}

static void
solve_thread (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  SolveData *data = task_data;
  GError *error = NULL;

  data->solution = lh_exact_cache_get (data->geometry, &data->rules, data->threads, cancellable,
                                       solve_progress_cb, task, &error);
  if (data->solution == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* ---- the session -------------------------------------------------------- */

static gboolean
read_rules (LhExactSession *self, LhExactRules *rules)
{
  LhHeuristicParams heuristic;
  LhSolverParams params;

  lh_heuristic_params_init_default (&heuristic);
  lh_solver_settings_read (self->settings, &heuristic, &params);
  if (lh_exact_params_get_rules (&params.exact, rules, NULL))
    return TRUE;
  lh_exact_rules_init_default (rules);
  return FALSE;
}

static gboolean
geometry_available (LhExactSession *self)
{
  return self->has_geometry && lh_exact_geometry_check (self->geometry, NULL);
}

static void
set_solution (LhExactSession *self, LhExactSolution *solution)
{
  if (solution == self->solution)
    return;
  if (solution != NULL)
    lh_exact_solution_ref (solution);
  g_clear_pointer (&self->solution, lh_exact_solution_unref);
  self->solution = solution;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLUTION]);
}

/* Stops the work under way, if any; its result will be dropped. */
static void
cancel_work (LhExactSession *self)
{
  gboolean was_solving = self->cancellable != NULL;

  self->generation++;
  g_clear_handle_id (&self->restart_source, g_source_remove);
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  set_progress (self, 0, "");
  if (was_solving)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVING]);
}

static void
solve_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  LhExactSession *self = LH_EXACT_SESSION (source);
  GTask *task = G_TASK (res);
  SolveData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (task, &error))
    {
      if (data->generation == self->generation && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* Translators: %s why an exact solution could not be had */
          g_autofree char *message = g_strdup_printf (_("No perfect play on this board: %s"),
                                                      error->message);

          g_clear_object (&self->cancellable);
          set_progress (self, 0, "");
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVING]);
          g_signal_emit (self, signals[SIGNAL_FAILED], 0, message);
        }
      return;
    }
  if (data->generation != self->generation)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  g_clear_object (&self->cancellable);
  set_progress (self, 0, "");
  set_solution (self, data->solution);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVING]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Gets the solution of the board size and rules of now: from memory at
 * once, else in a thread. */
static void
start (LhExactSession *self)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  LhExactSolution *held;
  SolveData *data;
  GTask *task;
  LhExactRules rules;

  cancel_work (self);
  if (!geometry_available (self) || !read_rules (self, &rules))
    {
      set_solution (self, NULL);
      return;
    }
  held = lh_exact_cache_lookup (self->geometry, &rules);
  if (held != NULL)
    {
      set_solution (self, held);
      lh_exact_solution_unref (held);
      return;
    }
  set_solution (self, NULL);

  data = g_new0 (SolveData, 1);
  data->geometry = self->geometry;
  data->rules = rules;
  /* Every processor but one: the window's own thread keeps a core to draw
   * on (with both busy, frames took 100-190 ms during a 3x3 solve). */
  data->threads = MAX (1, lh_solver_settings_max_threads () - 1);
  data->generation = self->generation;
  data->context = g_main_context_ref_thread_default ();
  g_mutex_init (&data->mutex);
  self->cancellable = g_cancellable_new ();

  path = lh_exact_cache_path (self->geometry, &rules);
  text = g_file_test (path, G_FILE_TEST_EXISTS)
         /* Translators: %u×%u a board size */
         ? g_strdup_printf (_("Loading the %u×%u solution…"), self->geometry.rows, self->geometry.cols)
         /* Translators: %u×%u a board size */
         : g_strdup_printf (_("Solving %u×%u exactly…"), self->geometry.rows, self->geometry.cols);
  set_progress (self, -1, text);

  task = g_task_new (self, self->cancellable, solve_done_cb, NULL);
  g_task_set_source_tag (task, start);
  g_task_set_name (task, "lh-exact-session solve");
  g_task_set_task_data (task, data, solve_data_free);
  g_task_run_in_thread (task, solve_thread);
  g_object_unref (task);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVING]);
}

static gboolean
restart_cb (gpointer user_data)
{
  LhExactSession *self = LH_EXACT_SESSION (user_data);

  self->restart_source = 0;
  start (self);
  return G_SOURCE_REMOVE;
}

static void
settings_changed_cb (GSettings *settings, const char *key, LhExactSession *self)
{
  if (!g_str_has_prefix (key, "exact-"))
    return;
  /* The solution of the old rules is wrong at once; the new one is sought
   * once the changes rest. */
  cancel_work (self);
  set_solution (self, NULL);
  if (geometry_available (self))
    self->restart_source = g_timeout_add (SETTINGS_DELAY_MS, restart_cb, self);
}

/* ---- public ------------------------------------------------------------- */

LhExactSession *
lh_exact_session_new (GSettings *settings)
{
  LhExactSession *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (LH_TYPE_EXACT_SESSION, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (settings, "changed", G_CALLBACK (settings_changed_cb), self, 0);
  return self;
}

void
lh_exact_session_set_geometry (LhExactSession *self, const LhGeometry *geometry)
{
  gboolean was_available;

  g_return_if_fail (LH_IS_EXACT_SESSION (self));

  if ((geometry == NULL && !self->has_geometry)
      || (geometry != NULL && self->has_geometry && lh_geometry_equal (*geometry, self->geometry)))
    return;
  was_available = geometry_available (self);
  self->has_geometry = geometry != NULL;
  if (geometry != NULL)
    self->geometry = *geometry;
  start (self);
  if (was_available != geometry_available (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
}

LhExactSolution *
lh_exact_session_get_solution (LhExactSession *self)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), NULL);
  return self->solution;
}

gboolean
lh_exact_session_get_rules (LhExactSession *self, LhExactRules *rules)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);
  return read_rules (self, rules);
}

gboolean
lh_exact_session_move_values (LhExactSession *self,
                              LhGeometry      geometry,
                              LhBoard         board,
                              gboolean        legal[LH_N_MOVES],
                              double          values[LH_N_MOVES])
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), FALSE);
  g_return_val_if_fail (legal != NULL && values != NULL, FALSE);

  return self->solution != NULL
         && lh_geometry_equal (lh_exact_solution_get_geometry (self->solution), geometry)
         && lh_exact_solution_move_values (self->solution, board, legal, values);
}

gboolean
lh_exact_session_is_solving (LhExactSession *self)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), FALSE);
  return self->cancellable != NULL;
}

gboolean
lh_exact_session_is_available (LhExactSession *self)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), FALSE);
  return geometry_available (self);
}

double
lh_exact_session_get_fraction (LhExactSession *self)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), 0);
  return self->fraction;
}

const char *
lh_exact_session_get_progress_text (LhExactSession *self)
{
  g_return_val_if_fail (LH_IS_EXACT_SESSION (self), "");
  return self->progress_text != NULL ? self->progress_text : "";
}

/* ---- GObject ------------------------------------------------------------ */

static void
lh_exact_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhExactSession *self = LH_EXACT_SESSION (object);

  switch (prop_id)
    {
    case PROP_SOLUTION: g_value_set_pointer (value, self->solution); break;
    case PROP_SOLVING: g_value_set_boolean (value, lh_exact_session_is_solving (self)); break;
    case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
    case PROP_PROGRESS_TEXT: g_value_set_string (value, lh_exact_session_get_progress_text (self)); break;
    case PROP_AVAILABLE: g_value_set_boolean (value, geometry_available (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_exact_session_dispose (GObject *object)
{
  LhExactSession *self = LH_EXACT_SESSION (object);

  cancel_work (self);
  g_clear_pointer (&self->solution, lh_exact_solution_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (lh_exact_session_parent_class)->dispose (object);
}

static void
lh_exact_session_finalize (GObject *object)
{
  LhExactSession *self = LH_EXACT_SESSION (object);

  g_free (self->progress_text);
  G_OBJECT_CLASS (lh_exact_session_parent_class)->finalize (object);
}

static void
lh_exact_session_class_init (LhExactSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = lh_exact_session_get_property;
  object_class->dispose = lh_exact_session_dispose;
  object_class->finalize = lh_exact_session_finalize;

  properties[PROP_SOLUTION] = g_param_spec_pointer ("solution", NULL, NULL, ro);
  properties[PROP_SOLVING] = g_param_spec_boolean ("solving", NULL, NULL, FALSE, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, -1, 1, 0, ro);
  properties[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, "", ro);
  properties[PROP_AVAILABLE] = g_param_spec_boolean ("available", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LhExactSession::failed:
   * @message: why there is no solution, for a toast (valid UTF-8)
   * Loading or solving failed for another reason than a cancellation.
   */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lh_exact_session_init (LhExactSession *self)
{
  self->progress_text = g_strdup ("");
}
