/* lh-ai-panel.c: the solver's settings (see lh-ai-panel.h). */
#include "lh-config.h"
#include "lh-ai-panel.h"
#include "lh-wheel-guard.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "lh-search-tree.h"
#include "lh-solver-registry.h"

#include "lh-accessible.h"
#include "lh-param-row.h"
#include "lh-solver-settings.h"


/* ---- the solvers' parameters -------------------------------------------- */

typedef enum {
  PARAM_UINT,
  PARAM_INT,
  PARAM_DOUBLE,
  PARAM_CHOICE,
  PARAM_BOOL,
} ParamType;

#define KIND_BIT(kind) (1u << (kind))

/* One row of the solver group: its GSettings key (schema ranges and defaults
 * are lh_solver_params_validate's and lh_solver_params_init_default's), the
 * solvers it belongs to, how it is edited, and what it says.  The shared
 * parameters' are written out below; each solver's own are made from its
 * LhSolverParamInfo (spec_from_param()). */
typedef struct {
  const char        *key;
  guint              kinds;        /* KIND_BIT mask of a solver's own parameter */
  LhSolverUses       uses;         /* a shared parameter: the registry's solvers
                                      that use all of these (kinds is 0) */
  ParamType          type;
  const char        *title;        /* N_() */
  const char        *subtitle;     /* N_(): what it does, and its unit (the
                                      tooltip of a number's row) */
  guint              digits;       /* PARAM_DOUBLE */
  double             step;         /* numbers */
  const char *const *choice_ids;   /* PARAM_CHOICE */
  const char *const *choice_labels;
  double             slider_max;   /* numbers: the slider's end (its start is
                                      the schema's lower bound); 0 for the
                                      schema's upper bound */
  const char        *enabled_by;   /* nullable: the bool key without which the
                                      row is greyed out */
  gboolean           powers_of_two; /* PARAM_UINT: a list of the powers of two
                                       in the key's range (a tile) */
} ParamSpec;

/* The shared parameters' rows, before the solvers' own. */
static const ParamSpec shared_specs[] = {
  { "ai-min-depth", 0, LH_SOLVER_USES_ADAPTIVE_ROW, PARAM_INT, N_("Smallest Adaptive Depth"),
    N_("The depth adaptive depth never goes below, in player moves (at most the search depth)"), 0, 1,
    .enabled_by = "ai-adaptive" },
  { "ai-cutoff", 0, LH_SOLVER_USES_DEPTH, PARAM_DOUBLE, N_("Probability Cutoff"),
    N_("A chance branch less likely than this is valued by the heuristic instead of searched; 0 searches every branch"),
    5, 0.0001, NULL, NULL, 0.01 },
  { "ai-time-budget", 0, LH_SOLVER_USES_DEPTH | LH_SOLVER_USES_TIME_BUDGET, PARAM_UINT, N_("Time Budget"),
    N_("Milliseconds per move: deepens one depth at a time and keeps the deepest finished; 0 for no limit"),
    0, 50, NULL, NULL, 5000 },
  { "solver-threads", 0, LH_SOLVER_USES_PLAYOUTS, PARAM_UINT, N_("Threads"),
    N_("Threads the playouts are spread over, up to the processors"), 0, 1 },
  { "ai-threads", 0, LH_SOLVER_USES_ROOT_THREADS, PARAM_UINT, N_("Threads"),
    N_("Threads a search uses, up to the processors; 0 uses all of them. Searches of depth 4 "
       "or more are split among them"), 0, 1 },
};

/* The row of a solver's own parameter @info (which has a key). */
static ParamSpec
spec_from_param (const LhSolverParamInfo *info)
{
  static const ParamType types[] = {
    [LH_SOLVER_PARAM_UINT] = PARAM_UINT,
    [LH_SOLVER_PARAM_REAL] = PARAM_DOUBLE,
    [LH_SOLVER_PARAM_BOOL] = PARAM_BOOL,
    [LH_SOLVER_PARAM_CHOICE] = PARAM_CHOICE,
  };

  return (ParamSpec) {
    .key = info->key,
    .kinds = KIND_BIT (info->kind),
    .type = types[info->type],
    .title = info->label,
    .subtitle = info->description,
    .digits = info->digits,
    .step = info->step,
    .choice_ids = info->choices,
    .choice_labels = info->choice_labels,
    .slider_max = info->slider_max,
    .enabled_by = info->enabled_by,
    .powers_of_two = info->powers_of_two,
  };
}

struct _LhAiPanel
{
  GtkWidget      parent_instance;

  /* Template children */
  GtkWidget     *scrolled_window;
  GtkAdjustment *delay_adjustment;
  GtkAdjustment *record_adjustment;
  AdwActionRow  *record_row;
  GtkSwitch     *adaptive_switch;
  AdwComboRow   *solver_row;
  AdwPreferencesGroup *solver_group;
  LhParamRow    *depth_row;
  GtkWidget     *adaptive_row;

  /* The solver group's rows: the shared parameters' (shared_specs), then
   * each solver's own that has a key (lh_solver_param_list()) */
  ParamSpec     *param_specs;
  GtkWidget    **param_rows;
  guint          n_params;

  GSettings     *settings;
};

G_DEFINE_FINAL_TYPE (LhAiPanel, lh_ai_panel, GTK_TYPE_WIDGET)

/* ---- settings ----------------------------------------------------------- */

static void
key_range (LhAiPanel *self, const char *key, double *lower_out, double *upper_out, double *value_out)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) bounds = NULL;
  g_autoptr(GVariant) value = g_settings_get_value (self->settings, key);
  const char *type = NULL;
  double lower, upper, v;

  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &type, &bounds);
  if (g_strcmp0 (type, "range") != 0)
    g_error ("GSettings key %s has no range", key);

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    {
      guint32 lo, hi;
      g_variant_get (bounds, "(uu)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_uint32 (value);
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    {
      g_variant_get (bounds, "(dd)", &lower, &upper);
      v = g_variant_get_double (value);
    }
  else
    {
      gint32 lo, hi;
      g_variant_get (bounds, "(ii)", &lo, &hi);
      lower = lo;
      upper = hi;
      v = g_variant_get_int32 (value);
    }
  if (g_str_equal (key, "solver-threads") || g_str_equal (key, "ai-threads"))
    upper = MIN (upper, lh_solver_settings_max_threads ());
  *lower_out = lower;
  *upper_out = upper;
  *value_out = v;
}

static void
adjustment_from_key (LhAiPanel *self, GtkAdjustment *adjustment, const char *key)
{
  double lower, upper, v;

  key_range (self, key, &lower, &upper, &v);
  lower = MAX (lower, gtk_adjustment_get_lower (adjustment));
  gtk_adjustment_configure (adjustment, CLAMP (v, lower, upper), lower, upper,
                            gtk_adjustment_get_step_increment (adjustment),
                            gtk_adjustment_get_page_increment (adjustment), 0);
}

static void update_record_subtitle (LhAiPanel *self);

/* The threads entry shows its 0, every processor, as "All". */
static gboolean
threads_output (GtkSpinButton *spin, gpointer user_data)
{
  if (gtk_spin_button_get_value_as_int (spin) != 0)
    return FALSE;
  /* TRANSLATORS: the Threads entry's value when a search uses every processor */
  gtk_editable_set_text (GTK_EDITABLE (spin), C_("threads", "All"));
  return TRUE;
}

static int
threads_input (GtkSpinButton *spin, double *new_value, gpointer user_data)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), C_("threads", "All")) != 0)
    return FALSE;
  *new_value = 0;
  return TRUE;
}

static void
depth_changed_cb (LhParamRow *row, GParamSpec *pspec, LhAiPanel *self)
{
  update_record_subtitle (self);
}

static void
delay_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "autoplay-delay", (guint) gtk_adjustment_get_value (adjustment));
}

/* The record budget's row says what it costs (lh-search-tree.h): the
 * working record of a search (its pool, group entries and maps), and the
 * trace's steps, one per depth of iterative deepening, each at most
 * lh_search_tree_held_bytes (budget). */

static void
update_record_subtitle (LhAiPanel *self)
{
  guint64 nodes = (guint64) gtk_adjustment_get_value (self->record_adjustment);
  guint depth = MAX ((guint) lh_param_row_get_value (self->depth_row), 1);
  g_autofree char *size = g_format_size (lh_search_tree_recording_bytes ((guint) nodes)
                                         + lh_search_tree_held_bytes ((guint) nodes) * depth);
  g_autofree char *text = NULL;

  /* Translators: the most memory the search-tree record takes: %s a memory
   * size (“6.4 MB”), %u the search depth; keep it short, it sits beside a
   * spin button */
  text = g_strdup_printf (_("At most %s at depth %u"), size, depth);
  adw_action_row_set_subtitle (self->record_row, text);
}

static void
record_changed_cb (GtkAdjustment *adjustment, LhAiPanel *self)
{
  g_settings_set_uint (self->settings, "inspector-max-nodes", (guint) gtk_adjustment_get_value (adjustment));
  update_record_subtitle (self);
}

/* ---- the solver chooser and its parameters ------------------------------ */

/* The "solver" key's choices, in LhSolverKind order (set in class_init). */
static const char *solver_ids[LH_N_SOLVERS + 1];

static guint
choice_index (const char *const *ids, const char *id)
{
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_strcmp0 (ids[i], id) == 0)
      return i;
  return 0;  /* the schema's choices make this unreachable */
}

static gboolean
choice_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_value_set_uint (value, choice_index (user_data, g_variant_get_string (variant, NULL)));
  return TRUE;
}

static GVariant *
choice_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  const char *const *ids = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) ids))
    return NULL;  /* GTK_INVALID_LIST_POSITION: nothing chosen */
  return g_variant_new_string (ids[index]);
}

/* A "u" key of powers of two <-> the "selected" position of a list of them
 * from @user_data, the lowest (GUINT_TO_POINTER). */
static gboolean
power_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  guint lowest = GPOINTER_TO_UINT (user_data);
  guint32 tile = g_variant_get_uint32 (variant);
  guint index = 0;

  while (tile > lowest << index && index < 31)
    index++;
  g_value_set_uint (value, index);
  return TRUE;
}

static GVariant *
power_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  guint index = g_value_get_uint (value);

  if (index >= 31)
    return NULL;  /* GTK_INVALID_LIST_POSITION: nothing chosen */
  return g_variant_new_uint32 (GPOINTER_TO_UINT (user_data) << index);
}

/* A number key (u, i or d) <-> an LhParamRow's "value". */
static gboolean
number_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  if (g_variant_is_of_type (variant, G_VARIANT_TYPE_UINT32))
    g_value_set_double (value, g_variant_get_uint32 (variant));
  else if (g_variant_is_of_type (variant, G_VARIANT_TYPE_INT32))
    g_value_set_double (value, g_variant_get_int32 (variant));
  else
    g_value_set_double (value, g_variant_get_double (variant));
  return TRUE;
}

static GVariant *
number_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  double v = g_value_get_double (value);

  if (g_variant_type_equal (expected_type, G_VARIANT_TYPE_UINT32))
    return g_variant_new_uint32 ((guint32) CLAMP (round (v), 0, G_MAXUINT32));
  if (g_variant_type_equal (expected_type, G_VARIANT_TYPE_INT32))
    return g_variant_new_int32 ((gint32) CLAMP (round (v), G_MININT32, G_MAXINT32));
  return g_variant_new_double (v);
}

/* Sets up @row for the number key @key: the entry takes the schema's range,
 * the slider runs from its lower bound to @slider_max (0: the upper bound);
 * bound to the key both ways. */
static void
param_row_bind (LhAiPanel *self, LhParamRow *row, const char *key,
                double step, guint digits, double slider_max)
{
  double lower, upper, value;

  key_range (self, key, &lower, &upper, &value);
  lh_param_row_configure (row, lower, upper, lower, slider_max > 0 ? slider_max : upper, step, digits);
  lh_param_row_set_value (row, value);
  g_settings_bind_with_mapping (self->settings, key, row, "value", G_SETTINGS_BIND_DEFAULT,
                                number_get_mapping, number_set_mapping, NULL, NULL);
}

/* A row of the solver group editing @spec's key, bound to it both ways. */
static GtkWidget *
make_param_row (LhAiPanel *self, const ParamSpec *spec)
{
  GtkWidget *row;
  GtkWidget *editor = NULL;

  switch (spec->type)
    {
    case PARAM_CHOICE:
      {
        g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

        for (guint i = 0; spec->choice_labels[i] != NULL; i++)
          gtk_string_list_append (model, _(spec->choice_labels[i]));
        row = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
        g_settings_bind_with_mapping (self->settings, spec->key, row, "selected",
                                      G_SETTINGS_BIND_DEFAULT, choice_get_mapping,
                                      choice_set_mapping, (gpointer) spec->choice_ids, NULL);
        break;
      }
    case PARAM_BOOL:
      editor = gtk_switch_new ();
      row = adw_action_row_new ();
      g_settings_bind (self->settings, spec->key, editor, "active", G_SETTINGS_BIND_DEFAULT);
      break;
    case PARAM_UINT:
      if (spec->powers_of_two)
        {
          g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
          double lower, upper, value;

          key_range (self, spec->key, &lower, &upper, &value);
          for (guint tile = (guint) lower; tile <= (guint) upper && tile != 0; tile <<= 1)
            {
              g_autofree char *label = g_strdup_printf ("%u", tile);

              gtk_string_list_append (model, label);
            }
          row = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
          g_settings_bind_with_mapping (self->settings, spec->key, row, "selected",
                                        G_SETTINGS_BIND_DEFAULT, power_get_mapping,
                                        power_set_mapping, GUINT_TO_POINTER ((guint) lower), NULL);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case PARAM_INT:
    case PARAM_DOUBLE:
    default:
      /* A slider and an entry; what it measures in the tooltip. */
      row = lh_param_row_new (_(spec->title), _(spec->subtitle), 0, 1, 0, 1, spec->step, spec->digits);
      param_row_bind (self, LH_PARAM_ROW (row), spec->key, spec->step,
                      spec->type == PARAM_DOUBLE ? spec->digits : 0, spec->slider_max);
      if (g_str_equal (spec->key, "ai-threads"))
        {
          GtkWidget *spin = lh_param_row_get_spin_button (LH_PARAM_ROW (row));

          /* (A numeric entry would refuse the word.) */
          gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
          g_signal_connect (spin, "output", G_CALLBACK (threads_output), NULL);
          g_signal_connect (spin, "input", G_CALLBACK (threads_input), NULL);
        }
      gtk_widget_set_name (row, spec->key);
      return row;
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  /* A combo row's subtitle would squeeze its value to "Sc…" (libadwaita
   * 1.2 gives the title box its natural width): its description is the
   * tooltip. */
  if (spec->type == PARAM_CHOICE || spec->powers_of_two)
    gtk_widget_set_tooltip_text (row, _(spec->subtitle));
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->subtitle));
  if (editor != NULL)
    {
      gtk_widget_set_valign (editor, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), editor);
      /* The row names its activatable widget after its title. */
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), editor);
    }
  gtk_widget_set_name (row, spec->key);  /* for tests and the inspector */
  return row;
}

/* Whether @spec's row belongs to the solver @kind. */
static gboolean
param_spec_applies (const ParamSpec *spec, LhSolverKind kind)
{
  if (spec->uses != 0)
    return lh_solver_kind_uses (kind, spec->uses);
  return (spec->kinds & KIND_BIT (kind)) != 0;
}

/* Shows the chosen solver's rows only, and says what it does. */
static void
update_solver_rows (LhAiPanel *self)
{
  LhSolverKind kind = lh_solver_settings_get_kind (self->settings);

  gtk_widget_set_visible (GTK_WIDGET (self->depth_row), lh_solver_kind_uses (kind, LH_SOLVER_USES_DEPTH));
  gtk_widget_set_visible (self->adaptive_row, lh_solver_kind_uses (kind, LH_SOLVER_USES_ADAPTIVE_ROW));
  for (guint i = 0; i < self->n_params; i++)
    {
      const ParamSpec *spec = &self->param_specs[i];

      gtk_widget_set_visible (self->param_rows[i], param_spec_applies (spec, kind));
      if (spec->enabled_by != NULL)
        gtk_widget_set_sensitive (self->param_rows[i],
                                  g_settings_get_boolean (self->settings, spec->enabled_by));
    }
  adw_preferences_group_set_title (self->solver_group, lh_solver_kind_get_label (kind));
  adw_preferences_group_set_description (self->solver_group, _(lh_solver_info_get (kind)->description));
}

/* The rows shown follow the solver and the switches that enable others. */
static void
settings_changed_cb (GSettings *settings, const char *key, LhAiPanel *self)
{
  if (g_str_equal (key, "solver"))
    {
      update_solver_rows (self);
      return;
    }
  for (guint i = 0; i < self->n_params; i++)
    if (g_strcmp0 (key, self->param_specs[i].enabled_by) == 0)
      {
        update_solver_rows (self);
        return;
      }
}

GtkWidget *
lh_ai_panel_get_setting_row (LhAiPanel *self, const char *key)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (g_str_equal (key, "solver"))
    return GTK_WIDGET (self->solver_row);
  if (g_str_equal (key, "ai-depth"))
    return GTK_WIDGET (self->depth_row);
  if (g_str_equal (key, "ai-adaptive"))
    return self->adaptive_row;
  for (guint i = 0; i < self->n_params; i++)
    if (g_str_equal (key, self->param_specs[i].key))
      return self->param_rows[i];
  return NULL;
}

static void
setup_solver_rows (LhAiPanel *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    gtk_string_list_append (kinds, lh_solver_kind_get_label ((LhSolverKind) k));
  adw_combo_row_set_model (self->solver_row, G_LIST_MODEL (kinds));
  g_settings_bind_with_mapping (self->settings, "solver", self->solver_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get_mapping, choice_set_mapping,
                                (gpointer) solver_ids, NULL);

  {
    guint n_own;
    const LhSolverParamInfo *own = lh_solver_param_list (&n_own);

    self->param_specs = g_new0 (ParamSpec, G_N_ELEMENTS (shared_specs) + n_own);
    for (guint i = 0; i < G_N_ELEMENTS (shared_specs); i++)
      self->param_specs[self->n_params++] = shared_specs[i];
    for (guint i = 0; i < n_own; i++)
      if (own[i].key != NULL)
        self->param_specs[self->n_params++] = spec_from_param (&own[i]);
  }
  self->param_rows = g_new0 (GtkWidget *, self->n_params);
  for (guint i = 0; i < self->n_params; i++)
    {
      self->param_rows[i] = make_param_row (self, &self->param_specs[i]);
      adw_preferences_group_add (self->solver_group, self->param_rows[i]);
    }
  update_solver_rows (self);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self, 0);
}

/* ---- life cycle --------------------------------------------------------- */

static void
lh_ai_panel_dispose (GObject *object)
{
  LhAiPanel *self = LH_AI_PANEL (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->param_rows, g_free);
  g_clear_pointer (&self->param_specs, g_free);
  self->n_params = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), LH_TYPE_AI_PANEL);
  G_OBJECT_CLASS (lh_ai_panel_parent_class)->dispose (object);
}

static void
lh_ai_panel_class_init (LhAiPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lh_ai_panel_dispose;

  for (guint k = 0; k < LH_N_SOLVERS; k++)
    solver_ids[k] = lh_solver_kind_to_string ((LhSolverKind) k);

  g_type_ensure (LH_TYPE_PARAM_ROW);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lookahead/Lookahead/lh-ai-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, delay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, record_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, adaptive_switch);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, solver_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, solver_group);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, depth_row);
  gtk_widget_class_bind_template_child (widget_class, LhAiPanel, adaptive_row);
}

static void
lh_ai_panel_init (LhAiPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The wheel scrolls the page over a slider or a number without the focus. */
  lh_wheel_guard_attach_all (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  param_row_bind (self, self->depth_row, "ai-depth", 1, 0, 0);
  adjustment_from_key (self, self->delay_adjustment, "autoplay-delay");
  adjustment_from_key (self, self->record_adjustment, "inspector-max-nodes");
  g_signal_connect_object (self->depth_row, "notify::value", G_CALLBACK (depth_changed_cb), self, 0);
  g_signal_connect_object (self->delay_adjustment, "value-changed", G_CALLBACK (delay_changed_cb), self, 0);
  g_signal_connect_object (self->record_adjustment, "value-changed", G_CALLBACK (record_changed_cb), self, 0);
  update_record_subtitle (self);
  g_settings_bind (self->settings, "ai-adaptive", self->adaptive_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  setup_solver_rows (self);
  lh_accessible_fix_mnemonic_names (GTK_WIDGET (self));
}

GtkAdjustment *
lh_ai_panel_get_delay_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->delay_adjustment;
}

GtkAdjustment *
lh_ai_panel_get_record_adjustment (LhAiPanel *self)
{
  g_return_val_if_fail (LH_IS_AI_PANEL (self), NULL);
  return self->record_adjustment;
}
