/* lh-evaluator-choice.c: the evaluator the AI plays with, and the network
 * file loaded in the background (see lh-evaluator-choice.h). */
#include "lh-config.h"
#include "lh-evaluator-choice.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lh-ntuple-cache.h"
#include "lh-ntuple-file.h"

struct _LhEvaluatorChoice
{
  GObject           parent_instance;

  GSettings        *settings;
  LhGeometry        geometry;

  /* The load under way. */
  GCancellable     *cancellable;
  char             *loading_path;

  /* The network loaded last, of network_path. */
  LhNtuple         *network;
  char             *network_path;
  LhNtupleFileInfo  info;

  /* The last load that failed, and why. */
  char             *failed_path;
  char             *failed_message;

  LhNtuple         *in_use;     /* network, or NULL: the heuristic */
  char             *problem;
};

G_DEFINE_FINAL_TYPE (LhEvaluatorChoice, lh_evaluator_choice, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char *
lh_evaluator_choice_get_network_dir (void)
{
  return lh_ntuple_file_get_network_dir ();
}

char *
lh_evaluator_choice_get_shipped_path (void)
{
  return lh_ntuple_file_get_shipped_path ();
}

LhEvaluatorKind
lh_evaluator_choice_get_chosen (LhEvaluatorChoice *self)
{
  g_autofree char *text = NULL;
  LhEvaluatorKind kind = LH_EVALUATOR_HEURISTIC;

  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), LH_EVALUATOR_HEURISTIC);
  text = g_settings_get_string (self->settings, "evaluator");
  if (!lh_evaluator_kind_from_string (text, &kind))
    kind = LH_EVALUATOR_HEURISTIC;
  return kind;
}

gboolean
lh_evaluator_choice_is_shipped (LhEvaluatorChoice *self)
{
  g_autofree char *file = NULL;

  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), TRUE);
  file = g_settings_get_string (self->settings, "network-file");
  return file[0] == '\0';
}

char *
lh_evaluator_choice_get_path (LhEvaluatorChoice *self)
{
  char *file;

  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), NULL);
  file = g_settings_get_string (self->settings, "network-file");
  if (file[0] != '\0')
    return file;
  g_free (file);
  return lh_evaluator_choice_get_shipped_path ();
}

/* ---- loading ------------------------------------------------------------ */

typedef struct {
  char             *path;
  gboolean          shipped;
  LhNtuple         *network;
  LhNtupleFileInfo  info;
} LoadData;

static void
load_data_free (gpointer p)
{
  LoadData *data = p;

  g_free (data->path);
  g_clear_pointer (&data->network, lh_ntuple_unref);
  lh_ntuple_file_info_clear (&data->info);
  g_free (data);
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;

  if (data->shipped && !g_file_test (data->path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *dir = g_path_get_dirname (data->path);
      g_autofree char *dir_name = g_filename_display_name (dir);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               /* Translators: %s a folder */
                               _("No network ships with this build of Lookahead (there is no default.lhnet in %s): choose a network file"),
                               dir_name);
      return;
    }
  /* Shared with the review's reviewer when both use one file. */
  data->network = lh_ntuple_cache_load (data->path, &data->info, &error);
  if (data->network == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void update (LhEvaluatorChoice *self);

static void
load_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LhEvaluatorChoice *self = LH_EVALUATOR_CHOICE (source);
  GTask *task = G_TASK (result);
  LoadData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  /* A newer request (or the end) cancelled this one: its result is of no use. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->loading_path, g_free);
  if (g_task_propagate_boolean (task, &error))
    {
      g_clear_pointer (&self->network, lh_ntuple_unref);
      lh_ntuple_file_info_clear (&self->info);
      self->network = g_steal_pointer (&data->network);
      self->info = data->info;
      memset (&data->info, 0, sizeof data->info);
      g_free (self->network_path);
      self->network_path = g_strdup (data->path);
      g_clear_pointer (&self->failed_path, g_free);
      g_clear_pointer (&self->failed_message, g_free);
    }
  else
    {
      g_autofree char *valid = g_utf8_make_valid (error->message, -1);

      /* Falling back, the older network is not kept: one loaded at a time. */
      g_clear_pointer (&self->network, lh_ntuple_unref);
      g_clear_pointer (&self->network_path, g_free);
      lh_ntuple_file_info_clear (&self->info);
      g_free (self->failed_path);
      self->failed_path = g_strdup (data->path);
      g_free (self->failed_message);
      self->failed_message = g_steal_pointer (&valid);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  update (self);
}

static void
cancel_load (LhEvaluatorChoice *self)
{
  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->loading_path, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
start_load (LhEvaluatorChoice *self, const char *path)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data = g_new0 (LoadData, 1);

  cancel_load (self);
  data->path = g_strdup (path);
  data->shipped = lh_evaluator_choice_is_shipped (self);
  self->cancellable = g_cancellable_new ();
  self->loading_path = g_strdup (path);
  task = g_task_new (self, self->cancellable, load_done_cb, NULL);
  g_task_set_source_tag (task, start_load);
  g_task_set_name (task, "[lookahead] load network");
  g_task_set_task_data (task, data, load_data_free);
  g_task_run_in_thread (task, load_thread);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* ---- the state ---------------------------------------------------------- */

/* Loads what the settings ask for, then works out the network in use and
 * the problem; ::changed, and ::message for a problem newly found. */
static void
update (LhEvaluatorChoice *self)
{
  g_autofree char *path = lh_evaluator_choice_get_path (self);
  g_autofree char *problem = NULL;
  gboolean learned = lh_evaluator_choice_get_chosen (self) == LH_EVALUATOR_NTUPLE;
  LhNtuple *in_use = NULL;
  gboolean announce;

  if (!learned)
    {
      /* A network takes up to 512 MiB: Hand-Tuned lets it go (choosing
       * Learned again loads it again, in about a second). */
      cancel_load (self);
      self->in_use = NULL;
      g_clear_pointer (&self->network, lh_ntuple_unref);
      lh_ntuple_cache_trim ();
      g_clear_pointer (&self->network_path, g_free);
      lh_ntuple_file_info_clear (&self->info);
    }
  else if (g_strcmp0 (self->network_path, path) != 0
           && g_strcmp0 (self->loading_path, path) != 0
           && g_strcmp0 (self->failed_path, path) != 0)
    start_load (self, path);

  if (learned && self->loading_path == NULL)
    {
      if (g_strcmp0 (self->failed_path, path) == 0)
        problem = g_strdup (self->failed_message);
      else if (self->network != NULL && g_strcmp0 (self->network_path, path) == 0)
        {
          LhGeometry own = lh_ntuple_get_geometry (self->network);

          if (lh_geometry_equal (own, self->geometry))
            in_use = self->network;
          else
            /* Translators: rows and columns of the network's board, then of
             * the game's (a network for 4×4 boards; this game is 3×3) */
            problem = g_strdup_printf (_("This network is for %u×%u boards; this game is %u×%u"),
                                       own.rows, own.cols, self->geometry.rows, self->geometry.cols);
        }
    }
  else if (learned && self->in_use != NULL
           && lh_geometry_equal (lh_ntuple_get_geometry (self->in_use), self->geometry))
    in_use = self->in_use;  /* the previous network plays on while a file loads */

  announce = problem != NULL && g_strcmp0 (problem, self->problem) != 0;
  self->in_use = in_use;
  g_free (self->problem);
  self->problem = g_steal_pointer (&problem);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (announce)
    {
      /* Translators: %s why the learned network cannot be used (a sentence
       * without its full stop) */
      g_autofree char *text = g_strdup_printf (_("%s. The AI plays with the hand-tuned heuristic."),
                                               self->problem);
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
    }
}

static void
settings_changed_cb (GSettings *settings, const char *key, LhEvaluatorChoice *self)
{
  /* A file set again is read again: the Train… dialog may have saved a
   * newer network under the same name.  The network loaded plays on until
   * the new one is loaded. */
  if (g_str_equal (key, "network-file"))
    g_clear_pointer (&self->network_path, g_free);
  /* Chosen again, a file that failed is tried again (it may be fixed). */
  g_clear_pointer (&self->failed_path, g_free);
  g_clear_pointer (&self->failed_message, g_free);
  g_clear_pointer (&self->problem, g_free);
  update (self);
}

void
lh_evaluator_choice_set_geometry (LhEvaluatorChoice *self, LhGeometry geometry)
{
  g_return_if_fail (LH_IS_EVALUATOR_CHOICE (self));
  g_return_if_fail (lh_wide_geometry_is_valid (geometry));

  if (lh_geometry_equal (geometry, self->geometry))
    return;
  self->geometry = geometry;
  update (self);
}

LhNtuple *
lh_evaluator_choice_get_network (LhEvaluatorChoice *self)
{
  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), NULL);
  return self->in_use;
}

gboolean
lh_evaluator_choice_get_loading (LhEvaluatorChoice *self)
{
  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), FALSE);
  return self->loading_path != NULL;
}

const char *
lh_evaluator_choice_get_problem (LhEvaluatorChoice *self)
{
  g_return_val_if_fail (LH_IS_EVALUATOR_CHOICE (self), NULL);
  return self->problem;
}

/* The name of the shape set @net uses ("4x6"), or its shapes' cells. */
static char *
shapes_text (const LhNtuple *net)
{
  LhGeometry geometry = lh_ntuple_get_geometry (net);
  guint n = lh_ntuple_get_n_shapes (net);
  const char *const *names = lh_ntuple_shape_names ();
  GString *text;

  for (guint i = 0; names[i] != NULL; i++)
    {
      LhNtupleShape shapes[LH_NTUPLE_MAX_SHAPES];
      guint n_shapes = 0;
      gboolean same;

      if (!lh_ntuple_shapes_lookup (names[i], geometry, shapes, &n_shapes, NULL) || n_shapes != n)
        continue;
      same = TRUE;
      for (guint s = 0; s < n && same; s++)
        {
          const LhNtupleShape *own = lh_ntuple_get_shape (net, s);

          same = own->n_cells == shapes[s].n_cells
                 && memcmp (own->cells, shapes[s].cells, own->n_cells) == 0;
        }
      if (same)
        return g_strdup (names[i]);
    }
  text = g_string_new (NULL);
  for (guint s = 0; s < n; s++)
    {
      g_autofree char *cells = lh_ntuple_shape_to_string (lh_ntuple_get_shape (net, s));

      if (s > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, cells);
    }
  return g_string_free (text, FALSE);
}

void
lh_evaluator_choice_describe (LhEvaluatorChoice *self, char **title, char **details)
{
  g_return_if_fail (LH_IS_EVALUATOR_CHOICE (self));

  if (title != NULL)
    *title = NULL;
  if (details != NULL)
    *details = NULL;
  if (self->network == NULL || self->network_path == NULL)
    return;
  if (title != NULL)
    *title = self->info.name != NULL && self->info.name[0] != '\0'
             ? g_strdup (self->info.name)
             : g_filename_display_basename (self->network_path);
  if (details != NULL)
    {
      LhGeometry g = lh_ntuple_get_geometry (self->network);
      g_autofree char *shapes = shapes_text (self->network);
      guint n_stages = lh_ntuple_get_n_stages (self->network);
      g_autofree char *games = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->info.games);
      g_autofree char *memory = g_format_size (lh_ntuple_get_memory (self->network));

      /* Translators: a network's shapes ("4x6"), its board (4×4), its
       * training games and its memory ("256.0 MB") */
      /* A network that does not count its games (one made by TDL2048+)
       * does not say "0 games". */
      if (self->info.games == 0)
        /* Translators: a network's shapes ("4x6"), its board (4×4) and
         * its memory ("256.0 MB") */
        *details = g_strdup_printf (_("%s on %u×%u · %s"), shapes, g.rows, g.cols, memory);
      else
        *details = g_strdup_printf (_("%s on %u×%u · %s games · %s"),
                                    shapes, g.rows, g.cols, games, memory);
      if (n_stages > 1)
        {
          g_autofree char *stages = lh_ntuple_stages_to_string (self->network);
          char *with_stages;

          /* Translators: the details above, then the number of stages of a
           * staged network and the tiles that begin each stage after the
           * first ("16384,16384+8192") */
          with_stages = g_strdup_printf (_("%s · %u stages, from %s"), *details, n_stages, stages);
          g_free (*details);
          *details = with_stages;
        }
    }
}

/* ---- life cycle --------------------------------------------------------- */

static void
lh_evaluator_choice_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LhEvaluatorChoice *self = LH_EVALUATOR_CHOICE (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, lh_evaluator_choice_get_loading (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lh_evaluator_choice_dispose (GObject *object)
{
  LhEvaluatorChoice *self = LH_EVALUATOR_CHOICE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->loading_path, g_free);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  self->in_use = NULL;
  g_clear_pointer (&self->network, lh_ntuple_unref);
  lh_ntuple_cache_trim ();
  G_OBJECT_CLASS (lh_evaluator_choice_parent_class)->dispose (object);
}

static void
lh_evaluator_choice_finalize (GObject *object)
{
  LhEvaluatorChoice *self = LH_EVALUATOR_CHOICE (object);

  g_free (self->network_path);
  lh_ntuple_file_info_clear (&self->info);
  g_free (self->failed_path);
  g_free (self->failed_message);
  g_free (self->problem);
  G_OBJECT_CLASS (lh_evaluator_choice_parent_class)->finalize (object);
}

static void
lh_evaluator_choice_class_init (LhEvaluatorChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = lh_evaluator_choice_get_property;
  object_class->dispose = lh_evaluator_choice_dispose;
  object_class->finalize = lh_evaluator_choice_finalize;

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LhEvaluatorChoice::changed:
   * The network in use, the file, the loading or the problem changed.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * LhEvaluatorChoice::message:
   * @text: a problem newly found and the fallback, for a toast (UTF-8)
   */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lh_evaluator_choice_init (LhEvaluatorChoice *self)
{
}

LhEvaluatorChoice *
lh_evaluator_choice_new (GSettings *settings, LhGeometry geometry)
{
  LhEvaluatorChoice *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (lh_wide_geometry_is_valid (geometry), NULL);

  self = g_object_new (LH_TYPE_EVALUATOR_CHOICE, NULL);
  self->settings = g_object_ref (settings);
  self->geometry = geometry;
  g_signal_connect_object (settings, "changed::evaluator", G_CALLBACK (settings_changed_cb), self, 0);
  g_signal_connect_object (settings, "changed::network-file", G_CALLBACK (settings_changed_cb), self, 0);
  update (self);
  return self;
}
