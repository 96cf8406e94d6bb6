/* lh-review.c: the review of a whole game, a session object (see lh-review.h). */
#include "lh-config.h"

#include "lh-review.h"

#include <glib/gi18n.h>

#include "lh-exact.h"
#include "lh-format.h"
#include "lh-ntuple-cache.h"
#include "lh-ntuple-file.h"

/* The progress of a running review reaches the main thread at most once a
 * frame. */
#define HARVEST_INTERVAL_MS 16

/* What a review's thread and the main thread share; reference counted
 * (g_atomic_rc_box), so that it outlives whichever goes first. */
typedef struct {
  GWeakRef  review;          /* the LhReview */
  gint      harvest_pending; /* atomic: a harvest is scheduled */
} Shared;

/* A running review: the task's data.  @game_review is made in the
 * review's thread (after the shipped network is loaded, if it is needed)
 * and published atomically; NULL until then. */
typedef struct {
  LhGameReview   *game_review;  /* atomic */
  LhGameRecord   *record;
  LhSolverParams  params;
  gboolean        needs_shipped;
  Shared         *shared;
  guint           threads;
} Run;

struct _LhReview {
  GObject        parent_instance;

  LhGameRecord  *record;
  Run           *run;           /* (nullable) the current review, @task's data */
  GTask         *task;          /* (nullable) */
  GCancellable  *cancellable;
  Shared        *shared;
  GListStore    *moves;         /* LhReviewItem */
  guint          n_harvested;   /* moves appended to @moves */
  guint          n_valued;      /* positions known (for the fraction) */
  gboolean       running;
  int            selected;
  gboolean       browsing;
  char          *position_text;
  char          *status;
  char          *accuracy_text;
  char          *classes_text;
  char          *luck_text;
  char          *turning_text;
};

G_DEFINE_FINAL_TYPE (LhReview, lh_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RECORD,
  PROP_MOVES,
  PROP_RUNNING,
  PROP_FRACTION,
  PROP_SELECTED,
  PROP_SELECTED_ITEM,
  PROP_BROWSING,
  PROP_POSITION_TEXT,
  PROP_STATUS,
  PROP_ACCURACY_TEXT,
  PROP_CLASSES_TEXT,
  PROP_LUCK_TEXT,
  PROP_TURNING_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
shared_clear (Shared *shared)
{
  g_weak_ref_clear (&shared->review);
}

static void
shared_unref (gpointer shared)
{
  g_atomic_rc_box_release_full (shared, (GDestroyNotify) shared_clear);
}

static void
run_free (gpointer data)
{
  Run *run = data;

  lh_game_review_free (run->game_review);
  /* The shipped network goes when nobody else plays with it. */
  lh_ntuple_cache_trim ();
  lh_game_record_unref (run->record);
  shared_unref (run->shared);
  g_free (run);
}

/* The review the main thread reads, once the thread has made it. */
static LhGameReview *
current (LhReview *self)
{
  return self->run != NULL ? g_atomic_pointer_get (&self->run->game_review) : NULL;
}

static void
set_string (LhReview *self, char **field, char *text, guint prop)
{
  if (g_strcmp0 (*field, text) == 0)
    {
      g_free (text);
      return;
    }
  g_free (*field);
  *field = text;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The summary card's texts, from the moves known so far. */
static void
update_summary_texts (LhReview *self)
{
  LhReviewSummary s;
  g_autofree char *moves_cost = NULL;
  g_autofree char *spawns = NULL;
  char *luck, *turning = NULL;

  if (!lh_review_get_summary (self, &s) || s.n_reviewed == 0)
    {
      set_string (self, &self->accuracy_text, g_strdup ("—"), PROP_ACCURACY_TEXT);
      set_string (self, &self->classes_text, g_strdup (""), PROP_CLASSES_TEXT);
      set_string (self, &self->luck_text, g_strdup (""), PROP_LUCK_TEXT);
      set_string (self, &self->turning_text, g_strdup (""), PROP_TURNING_TEXT);
      return;
    }
  set_string (self, &self->accuracy_text, g_strdup_printf ("%.1f", s.accuracy), PROP_ACCURACY_TEXT);
  {
    guint inaccuracies = s.error_counts[LH_ERROR_INACCURACY];
    guint mistakes = s.error_counts[LH_ERROR_MISTAKE];
    guint blunders = s.error_counts[LH_ERROR_BLUNDER];
    g_autofree char *a = g_strdup_printf (ngettext ("%u inaccuracy", "%u inaccuracies", inaccuracies),
                                          inaccuracies);
    g_autofree char *b = g_strdup_printf (ngettext ("%u mistake", "%u mistakes", mistakes), mistakes);
    g_autofree char *c = g_strdup_printf (ngettext ("%u blunder", "%u blunders", blunders), blunders);
    g_autofree char *d = g_strdup_printf (ngettext ("in %u move with a choice", "in %u moves with a choice",
                                                    s.n_with_choice),
                                          s.n_with_choice);

    set_string (self, &self->classes_text,
                /* TRANSLATORS: the counts of the moves in each class: "3 inaccuracies,
                 * 1 mistake, 0 blunders in 212 moves with a choice" */
                g_strdup_printf (C_("review classes", "%s, %s, %s %s"), a, b, c, d),
                PROP_CLASSES_TEXT);
  }

  moves_cost = lh_review_format_amount (s.unit, s.total_error);
  spawns = lh_review_format_amount (s.unit, s.total_spawn_luck);
  if (s.total_spawn_luck < 0)
    /* TRANSLATORS: "Your moves cost 5,100 expected points; the spawns cost you 3,400 expected points." */
    luck = g_strdup_printf (_("Your moves cost %s; the spawns cost you %s."), moves_cost, spawns);
  else
    /* TRANSLATORS: "Your moves cost 5,100 expected points; the spawns gave you 3,400 expected points." */
    luck = g_strdup_printf (_("Your moves cost %s; the spawns gave you %s."), moves_cost, spawns);
  if (s.total_drift != 0.0)
    {
      g_autofree char *drift = lh_review_format_amount (s.unit, s.total_drift);
      const char *format = s.total_drift > 0
        /* TRANSLATORS: after the sentence on moves and spawns (the first %s); the
         * second %s an amount */
        ? _("%s The reviewer's own estimates rose by %s as it looked deeper at each new "
            "position: that is the reviewer, not you or the spawns.")
        : _("%s The reviewer's own estimates fell by %s as it looked deeper at each new "
            "position: that is the reviewer, not you or the spawns.");
      char *longer = g_strdup_printf (format, luck, drift);

      g_free (luck);
      luck = longer;
    }
  set_string (self, &self->luck_text, luck, PROP_LUCK_TEXT);

  if (s.turning_point >= 0 && s.turning_drop > 0)
    {
      g_autofree char *drop = lh_review_format_amount (s.unit, s.turning_drop);

      /* TRANSLATORS: "The game turned at move 512: the expected outcome fell by 3,400 expected points." */
      turning = g_strdup_printf (_("The game turned at move %d: the expected outcome fell by %s."),
                                 s.turning_point + 1, drop);
    }
  set_string (self, &self->turning_text, turning != NULL ? turning : g_strdup (""), PROP_TURNING_TEXT);
}

/* Appends the moves that became known, in order, and updates the texts. */

/* "position-text": the selected move as the bar over the board says it. */
static void
update_position_text (LhReview *self)
{
  g_autoptr(LhReviewItem) item = lh_review_get_selected_item (self);
  g_autofree char *head = NULL;
  char *text;

  if (self->record == NULL || self->selected < 0)
    {
      set_string (self, &self->position_text, g_strdup (""), PROP_POSITION_TEXT);
      return;
    }
  /* TRANSLATORS: "Move 143 of 812" of the reviewed game */
  head = g_strdup_printf (_("Move %d of %u"), self->selected + 1,
                          lh_game_record_get_n_moves (self->record));
  if (item == NULL)
    {
      const LhGameStep *step = lh_game_record_get_step (self->record, (guint) self->selected);

      /* TRANSLATORS: "Move 143 of 812: Left was played; the review has not reached it yet." */
      text = g_strdup_printf (_("%s: %s was played; the review has not reached it yet."), head,
                              lh_format_move_label (step->move));
    }
  else
    {
      const LhReviewMove *move = lh_review_item_get_move (item);

      if (move->n_legal <= 1)
        /* TRANSLATORS: "Move 143 of 812: Left, the only legal move." */
        text = g_strdup_printf (_("%s: %s, the only legal move."), head, lh_format_move_label (move->played));
      else if (move->error <= 0.0)
        /* TRANSLATORS: "Move 143 of 812: Left, the best move." */
        text = g_strdup_printf (_("%s: %s, the best move."), head, lh_format_move_label (move->played));
      else if (lh_review_amount_shows_zero (move->unit, move->error))
        /* TRANSLATORS: "Move 143 of 812: Left, as good as the AI’s choice, Up, once rounded." */
        text = g_strdup_printf (_("%s: %s, as good as the AI’s choice, %s, once rounded."), head,
                                lh_format_move_label (move->played), lh_format_move_label (move->best));
      else
        {
          g_autofree char *amount = lh_review_format_amount (move->unit, move->error);

          if (move->error_class != LH_ERROR_NONE)
            /* TRANSLATORS: "Move 143 of 812: Left was played; the AI preferred Up (−1,240 expected points, mistake)." */
            text = g_strdup_printf (_("%s: %s was played; the AI preferred %s (−%s, %s)."), head,
                                    lh_format_move_label (move->played), lh_format_move_label (move->best),
                                    amount, lh_error_class_get_name (move->error_class));
          else
            /* TRANSLATORS: "Move 143 of 812: Left was played; the AI preferred Up by 12 expected points." */
            text = g_strdup_printf (_("%s: %s was played; the AI preferred %s by %s."), head,
                                    lh_format_move_label (move->played), lh_format_move_label (move->best),
                                    amount);
        }
    }
  set_string (self, &self->position_text, text, PROP_POSITION_TEXT);
}

static void
harvest (LhReview *self)
{
  LhGameReview *game_review = current (self);
  guint n, valued = 0;
  double fraction_before;

  if (game_review == NULL)
    return;
  n = lh_game_record_get_n_moves (self->record);
  fraction_before = self->n_valued / (double) (n + 1);
  while (self->n_harvested < n)
    {
      LhReviewMove move;
      g_autoptr(LhReviewItem) item = NULL;

      if (!lh_game_review_get_move (game_review, self->n_harvested, &move))
        break;
      item = lh_review_item_new (&move, lh_game_review_get_unit (game_review));
      g_list_store_append (self->moves, item);
      self->n_harvested++;
      if ((int) self->n_harvested - 1 == self->selected)
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
          update_position_text (self);
        }
    }
  for (guint i = 0; i <= n; i++)
    valued += lh_game_review_has_position (game_review, i) ? 1 : 0;
  self->n_valued = valued;
  if (valued / (double) (n + 1) != fraction_before)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  update_summary_texts (self);
}

static gboolean
harvest_cb (gpointer data)
{
  Shared *shared = data;
  g_autoptr(LhReview) self = g_weak_ref_get (&shared->review);

  g_atomic_int_set (&shared->harvest_pending, FALSE);
  if (self != NULL)
    harvest (self);
  return G_SOURCE_REMOVE;
}

/* From a review thread: schedule one harvest, unless one is pending. */
static void
progress_cb (guint index, guint n_done, guint n_positions, gpointer user_data)
{
  Shared *shared = user_data;

  if (!g_atomic_int_compare_and_exchange (&shared->harvest_pending, FALSE, TRUE))
    return;
  g_timeout_add_full (G_PRIORITY_DEFAULT, HARVEST_INTERVAL_MS, harvest_cb,
                      g_atomic_rc_box_acquire (shared), shared_unref);
}

/* The shipped network (a new reference), shared with the Learned
 * evaluator when it plays with the same file (lh-ntuple-cache.h). */
static LhNtuple *
get_shipped (GError **error)
{
  g_autofree char *path = lh_ntuple_file_get_shipped_path ();

  return lh_ntuple_cache_load (path, NULL, error);
}

static void
review_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Run *run = task_data;
  g_autoptr(LhNtuple) network = NULL;
  GError *error = NULL;

  if (run->needs_shipped)
    {
      /* Half a second the first time, here rather than on the main thread. */
      network = get_shipped (&error);
      if (network == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      run->params.network = network;
    }
  g_atomic_pointer_set (&run->game_review, lh_game_review_new (run->record, &run->params));
  run->params.network = NULL;  /* the review holds its own reference */
  if (lh_game_review_run (run->game_review, run->threads, progress_cb, run->shared, cancellable,
                          &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
set_running (LhReview *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
review_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhReview *self = LH_REVIEW (source);
  g_autoptr(GError) error = NULL;
  LhReviewSummary summary;

  if (G_TASK (result) != self->task)
    return;  /* an earlier review, replaced */
  g_task_propagate_boolean (G_TASK (result), &error);
  harvest (self);
  set_running (self, FALSE);
  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    set_string (self, &self->status, g_strdup (_("The review was stopped.")), PROP_STATUS);
  else if (error != NULL)
    /* TRANSLATORS: %s says why */
    set_string (self, &self->status, g_strdup_printf (_("The review failed: %s"), error->message),
                PROP_STATUS);
  else if (lh_review_get_summary (self, &summary))
    set_string (self, &self->status,
                /* TRANSLATORS: "Reviewed 812 moves: accuracy 97.3" */
                g_strdup_printf (ngettext ("Reviewed %u move: accuracy %.1f",
                                           "Reviewed %u moves: accuracy %.1f", summary.n_moves),
                                 summary.n_moves, summary.accuracy),
                PROP_STATUS);
}

void
lh_review_default_params (LhGeometry geometry, guint depth, LhSolverParams *params)
{
  lh_solver_params_init_default (params);
  if ((guint) geometry.rows * geometry.cols <= LH_EXACT_MAX_CELLS)
    {
      params->kind = LH_SOLVER_EXACT;
      return;
    }
  params->kind = LH_SOLVER_EXPECTIMAX;
  params->depth = depth;
  /* The shipped network is 4x4's; no network plays another size. */
  params->evaluator = lh_geometry_equal (geometry, LH_GEOMETRY_DEFAULT) ? LH_EVALUATOR_NTUPLE
                                                                        : LH_EVALUATOR_HEURISTIC;
  params->network = NULL;
}

LhReview *
lh_review_new (void)
{
  return g_object_new (LH_TYPE_REVIEW, NULL);
}

void
lh_review_cancel (LhReview *self)
{
  g_return_if_fail (LH_IS_REVIEW (self));
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

void
lh_review_start (LhReview *self, LhGameRecord *record, const LhSolverParams *params)
{
  Run *run;

  g_return_if_fail (LH_IS_REVIEW (self));
  g_return_if_fail (record != NULL && params != NULL);

  lh_review_cancel (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->task);
  self->run = NULL;
  g_list_store_remove_all (self->moves);
  self->n_harvested = 0;
  self->n_valued = 0;
  lh_review_set_selected (self, -1);
  g_clear_pointer (&self->record, lh_game_record_unref);
  self->record = lh_game_record_ref (record);

  run = g_new0 (Run, 1);
  run->record = lh_game_record_ref (record);
  run->params = *params;
  run->needs_shipped = params->evaluator == LH_EVALUATOR_NTUPLE && params->network == NULL;
  run->shared = g_atomic_rc_box_acquire (self->shared);
  run->threads = MIN (g_get_num_processors (), 2u);
  self->run = run;
  self->cancellable = g_cancellable_new ();
  self->task = g_task_new (self, self->cancellable, review_done_cb, NULL);
  g_task_set_source_tag (self->task, lh_review_start);
  g_task_set_task_data (self->task, run, run_free);
  g_task_run_in_thread (self->task, review_thread);

  set_running (self, TRUE);
  set_string (self, &self->status,
              /* TRANSLATORS: %u the moves of the game */
              g_strdup_printf (ngettext ("Reviewing %u move…", "Reviewing %u moves…",
                                         lh_game_record_get_n_moves (record)),
                               lh_game_record_get_n_moves (record)),
              PROP_STATUS);
  update_summary_texts (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORD]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

LhGameRecord *
lh_review_get_record (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), NULL);
  return self->record;
}

GListModel *
lh_review_get_moves (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), NULL);
  return G_LIST_MODEL (self->moves);
}

gboolean
lh_review_get_running (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), FALSE);
  return self->running;
}

LhReviewUnit
lh_review_get_unit (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), LH_REVIEW_UNIT_POINTS);
  return current (self) != NULL ? lh_game_review_get_unit (current (self))
                                 : lh_review_unit_for_params (self->run != NULL ? &self->run->params
                                                                                : &(LhSolverParams) { 0 });
}

gboolean
lh_review_get_summary (LhReview *self, LhReviewSummary *summary)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), FALSE);
  if (current (self) == NULL)
    {
      *summary = (LhReviewSummary) { .turning_point = -1 };
      return FALSE;
    }
  lh_game_review_summarize (current (self), summary);
  return TRUE;
}

int
lh_review_get_selected (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), -1);
  return self->selected;
}

void
lh_review_set_selected (LhReview *self, int index)
{
  int n;

  g_return_if_fail (LH_IS_REVIEW (self));
  n = self->record != NULL ? (int) lh_game_record_get_n_moves (self->record) : 0;
  if (index >= 0)
    index = n > 0 ? CLAMP (index, 0, n - 1) : -1;
  else
    index = -1;
  /* Choosing a move shows its position on the board, even the one chosen
   * already (after Back to Game). */
  lh_review_set_browsing (self, index >= 0);
  if (index == self->selected)
    return;
  self->selected = index;
  update_position_text (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
}

gboolean
lh_review_get_reviewer (LhReview *self, LhSolverParams *params)
{
  LhGameReview *game_review;

  g_return_val_if_fail (LH_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  game_review = current (self);
  if (game_review == NULL)
    return FALSE;
  *params = *lh_game_review_get_params (game_review);
  return TRUE;
}

gboolean
lh_review_step_key (LhReview *self, guint keyval)
{
  int selected, known;

  g_return_val_if_fail (LH_IS_REVIEW (self), FALSE);
  known = (int) g_list_model_get_n_items (G_LIST_MODEL (self->moves));
  if (known == 0)
    return FALSE;
  selected = self->selected;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: selected = MAX (selected - 1, 0); break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: selected = MIN (selected + 1, known - 1); break;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: selected = MAX (selected - 10, 0); break;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: selected = MIN (selected + 10, known - 1); break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: selected = 0; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: selected = known - 1; break;
    case GDK_KEY_n: lh_review_select_mistake (self, TRUE); return TRUE;
    case GDK_KEY_p: lh_review_select_mistake (self, FALSE); return TRUE;
    default: return FALSE;
    }
  lh_review_set_selected (self, selected);
  return TRUE;
}

gboolean
lh_review_get_browsing (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), FALSE);
  return self->browsing;
}

void
lh_review_set_browsing (LhReview *self, gboolean browsing)
{
  g_return_if_fail (LH_IS_REVIEW (self));

  browsing = browsing && self->record != NULL;
  if (self->browsing == browsing)
    return;
  self->browsing = browsing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BROWSING]);
}

const char *
lh_review_get_position_text (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), NULL);
  return self->position_text;
}

int
lh_review_find_mistake (LhReview *self, gboolean forward)
{
  guint n;

  g_return_val_if_fail (LH_IS_REVIEW (self), -1);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->moves));
  for (int i = self->selected + (forward ? 1 : -1); i >= 0 && (guint) i < n; i += forward ? 1 : -1)
    {
      g_autoptr(LhReviewItem) item = g_list_model_get_item (G_LIST_MODEL (self->moves), (guint) i);

      if (lh_review_item_get_move (item)->error_class != LH_ERROR_NONE)
        return i;
    }
  return -1;
}

gboolean
lh_review_select_mistake (LhReview *self, gboolean forward)
{
  int found = lh_review_find_mistake (self, forward);

  if (found >= 0)
    lh_review_set_selected (self, found);
  return found >= 0;
}

LhReviewItem *
lh_review_get_selected_item (LhReview *self)
{
  g_return_val_if_fail (LH_IS_REVIEW (self), NULL);
  if (self->selected < 0 || (guint) self->selected >= self->n_harvested)
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->moves), (guint) self->selected);
}

static void
lh_review_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhReview *self = LH_REVIEW (object);

  switch (prop_id)
    {
    case PROP_RECORD: g_value_set_boxed (value, self->record); break;
    case PROP_MOVES: g_value_set_object (value, self->moves); break;
    case PROP_RUNNING: g_value_set_boolean (value, self->running); break;
    case PROP_FRACTION:
      g_value_set_double (value, self->record != NULL
                                 ? self->n_valued / (double) (lh_game_record_get_n_moves (self->record) + 1)
                                 : 0.0);
      break;
    case PROP_SELECTED: g_value_set_int (value, self->selected); break;
    case PROP_SELECTED_ITEM: g_value_take_object (value, lh_review_get_selected_item (self)); break;
    case PROP_BROWSING: g_value_set_boolean (value, self->browsing); break;
    case PROP_POSITION_TEXT: g_value_set_string (value, self->position_text); break;
    case PROP_STATUS: g_value_set_string (value, self->status); break;
    case PROP_ACCURACY_TEXT: g_value_set_string (value, self->accuracy_text); break;
    case PROP_CLASSES_TEXT: g_value_set_string (value, self->classes_text); break;
    case PROP_LUCK_TEXT: g_value_set_string (value, self->luck_text); break;
    case PROP_TURNING_TEXT: g_value_set_string (value, self->turning_text); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  LhReview *self = LH_REVIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED: lh_review_set_selected (self, g_value_get_int (value)); break;
    case PROP_BROWSING: lh_review_set_browsing (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_review_dispose (GObject *object)
{
  LhReview *self = LH_REVIEW (object);

  lh_review_cancel (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->task);
  self->run = NULL;
  G_OBJECT_CLASS (lh_review_parent_class)->dispose (object);
}

static void
lh_review_finalize (GObject *object)
{
  LhReview *self = LH_REVIEW (object);

  g_clear_pointer (&self->record, lh_game_record_unref);
  g_clear_object (&self->moves);
  g_weak_ref_set (&self->shared->review, NULL);
  shared_unref (self->shared);
  g_free (self->status);
  g_free (self->position_text);
  g_free (self->accuracy_text);
  g_free (self->classes_text);
  g_free (self->luck_text);
  g_free (self->turning_text);
  G_OBJECT_CLASS (lh_review_parent_class)->finalize (object);
}

static void
lh_review_class_init (LhReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = lh_review_get_property;
  object_class->set_property = lh_review_set_property;
  object_class->dispose = lh_review_dispose;
  object_class->finalize = lh_review_finalize;

  properties[PROP_RECORD] = g_param_spec_boxed ("record", NULL, NULL, LH_TYPE_GAME_RECORD, read);
  properties[PROP_MOVES] = g_param_spec_object ("moves", NULL, NULL, G_TYPE_LIST_MODEL, read);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, read);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0, read);
  properties[PROP_SELECTED] = g_param_spec_int ("selected", NULL, NULL, -1, G_MAXINT, -1,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SELECTED_ITEM] = g_param_spec_object ("selected-item", NULL, NULL,
                                                        LH_TYPE_REVIEW_ITEM, read);
  properties[PROP_BROWSING] = g_param_spec_boolean ("browsing", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                    | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_POSITION_TEXT] = g_param_spec_string ("position-text", NULL, NULL, NULL, read);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, read);
  properties[PROP_ACCURACY_TEXT] = g_param_spec_string ("accuracy-text", NULL, NULL, NULL, read);
  properties[PROP_CLASSES_TEXT] = g_param_spec_string ("classes-text", NULL, NULL, NULL, read);
  properties[PROP_LUCK_TEXT] = g_param_spec_string ("luck-text", NULL, NULL, NULL, read);
  properties[PROP_TURNING_TEXT] = g_param_spec_string ("turning-text", NULL, NULL, NULL, read);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lh_review_init (LhReview *self)
{
  self->moves = g_list_store_new (LH_TYPE_REVIEW_ITEM);
  self->selected = -1;
  self->position_text = g_strdup ("");
  self->status = g_strdup (_("No game reviewed yet: Review Game in the main menu reviews the one on the board."));
  self->accuracy_text = g_strdup ("—");
  self->classes_text = g_strdup ("");
  self->luck_text = g_strdup ("");
  self->turning_text = g_strdup ("");
  self->shared = g_atomic_rc_box_new0 (Shared);
  g_weak_ref_init (&self->shared->review, self);
}
