/* lh-ai-panel.c: the solver's settings (see lh-ai-panel.h). */
#include "lh-config.h"
#include "lh-ai-panel.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "lh-search-tree.h"
#include "lh-solver-registry.h"

#include "lh-accessible.h"
#include "lh-param-row.h"
#include "lh-solver-settings.h"


/* ---- the solvers' parameters -------------------------------------------- */

/* The ids of the string keys with choices (the schema's <choices>, the
 * CLI's names) and their labels, in enum order. */
static const char *const policy_ids[] = { "random", "greedy", NULL };
static const char *const policy_labels[] = { N_("Random"), N_("Greedy (heuristic)"), NULL };
static const char *const measure_ids[] = { "score", "sum", "best", "corner", "heuristic", NULL };
static const char *const measure_labels[] = {
  N_("Score"), N_("Sum of tiles"), N_("Best tile"), N_("Corner (MyMeasure)"), N_("Heuristic"), NULL
};
static const char *const final_move_ids[] = { "visits", "mean", NULL };
static const char *const final_move_labels[] = { N_("Most visits"), N_("Best mean"), NULL };

G_STATIC_ASSERT (G_N_ELEMENTS (policy_ids) == LH_N_PLAYOUT_POLICIES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (measure_ids) == LH_N_MEASURES + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (final_move_ids) == LH_N_FINAL_MOVES + 1);

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
 * solvers it belongs to, how it is edited, and what it says. */
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
} ParamSpec;

typedef enum {
  PARAM_MIN_DEPTH,
  PARAM_CUTOFF,
  PARAM_TIME_BUDGET,
  PARAM_THREADS,
  PARAM_AI_THREADS,
  PARAM_MCTS_ITERATIONS,
  PARAM_MCTS_EXPLORATION,
  PARAM_MCTS_FINAL_MOVE,
  PARAM_MCTS_POLICY,
  PARAM_MCTS_MEASURE,
  PARAM_MC_PLAYOUTS,
  PARAM_MC_MAX_MOVES,
  PARAM_MC_DISCOUNT,
  PARAM_MC_POLICY,
  PARAM_MC_MEASURE,
  PARAM_MDP_THETA1,
  PARAM_MDP_THETA2,
  PARAM_MDP_THETA3,
  PARAM_MDP_THETA4,
  PARAM_MDP_THETA5,
  PARAM_MDP_THETA6,
  PARAM_MDP_IMMEDIATE,
  PARAM_MDP_GAMMA,
  PARAM_HYBRID_THRESHOLD,
  PARAM_HYBRID_PLAYOUTS,
  N_PARAMS
} ParamId;

#define MCTS KIND_BIT (LH_SOLVER_MCTS)
#define MC KIND_BIT (LH_SOLVER_MONTE_CARLO)
#define MDP KIND_BIT (LH_SOLVER_MDP_MONTE_CARLO)
#define HYBRID KIND_BIT (LH_SOLVER_HYBRID)

static const ParamSpec param_specs[N_PARAMS] = {
  [PARAM_MIN_DEPTH] = { "ai-min-depth", 0, LH_SOLVER_USES_ADAPTIVE_ROW, PARAM_INT, N_("Smallest Adaptive Depth"),
    N_("The depth adaptive depth never goes below, in player moves (at most the search depth)"), 0, 1 },
  [PARAM_CUTOFF] = { "ai-cutoff", 0, LH_SOLVER_USES_DEPTH, PARAM_DOUBLE, N_("Probability Cutoff"),
    N_("A chance branch less likely than this is valued by the heuristic instead of searched; 0 searches every branch"),
    5, 0.0001, NULL, NULL, 0.01 },
  [PARAM_TIME_BUDGET] = { "ai-time-budget", 0, LH_SOLVER_USES_DEPTH | LH_SOLVER_USES_TIME_BUDGET, PARAM_UINT, N_("Time Budget"),
    N_("Milliseconds per move: deepens one depth at a time and keeps the deepest finished; 0 for no limit"),
    0, 50, NULL, NULL, 5000 },
  [PARAM_THREADS] = { "solver-threads", 0, LH_SOLVER_USES_PLAYOUTS, PARAM_UINT, N_("Threads"),
    N_("Threads the playouts are spread over, up to the processors"), 0, 1 },
  [PARAM_AI_THREADS] = { "ai-threads", 0, LH_SOLVER_USES_ROOT_THREADS, PARAM_UINT, N_("Threads"),
    N_("Threads a search uses, up to the processors; 0 uses all of them. Searches of depth 4 "
       "or more are split among them"), 0, 1 },
  [PARAM_MCTS_ITERATIONS] = { "mcts-iterations", MCTS, 0, PARAM_UINT, N_("Iterations"),
    N_("Tree iterations (select, expand, playout, back up) per move"), 0, 100, NULL, NULL, 10000 },
  [PARAM_MCTS_EXPLORATION] = { "mcts-exploration", MCTS, 0, PARAM_DOUBLE, N_("Exploration C"),
    N_("UCB1 constant on values scaled to 0–1; higher explores more"), 2, 0.05, NULL, NULL, 4 },
  [PARAM_MCTS_FINAL_MOVE] = { "mcts-final-move", MCTS, 0, PARAM_CHOICE, N_("Final Move"),
    N_("The root child played at the end"), 0, 0, final_move_ids, final_move_labels },
  [PARAM_MCTS_POLICY] = { "mcts-policy", MCTS, 0, PARAM_CHOICE, N_("Playout Policy"),
    N_("How playouts from a new leaf choose moves"), 0, 0, policy_ids, policy_labels },
  [PARAM_MCTS_MEASURE] = { "mcts-measure", MCTS, 0, PARAM_CHOICE, N_("Playout Measure"),
    N_("What a playout returns"), 0, 0, measure_ids, measure_labels },
  [PARAM_MC_PLAYOUTS] = { "montecarlo-playouts", MC, 0, PARAM_UINT, N_("Playouts per Move"),
    N_("Playouts from each legal move's afterstate"), 0, 10, NULL, NULL, 2000 },
  [PARAM_MC_MAX_MOVES] = { "montecarlo-max-moves", MC, 0, PARAM_UINT, N_("Playout Depth"),
    N_("Most moves of a playout; 0 plays to game over"), 0, 10, NULL, NULL, 1000 },
  [PARAM_MC_DISCOUNT] = { "montecarlo-discount", MC, 0, PARAM_DOUBLE, N_("Discount"),
    N_("Weight of the points k moves ahead: discount^k, 0–1"), 2, 0.01 },
  [PARAM_MC_POLICY] = { "montecarlo-policy", MC, 0, PARAM_CHOICE, N_("Playout Policy"),
    N_("How playouts choose moves"), 0, 0, policy_ids, policy_labels },
  [PARAM_MC_MEASURE] = { "montecarlo-measure", MC, 0, PARAM_CHOICE, N_("Playout Measure"),
    N_("What a playout returns"), 0, 0, measure_ids, measure_labels },
  [PARAM_MDP_THETA1] = { "mdp-theta1", MDP, 0, PARAM_UINT, N_("θ1: 1–3 Empty Cells"),
    N_("Playouts for a 2 spawn with one empty cell, halved per extra cell"), 0, 10, NULL, NULL, 2000 },
  [PARAM_MDP_THETA2] = { "mdp-theta2", MDP, 0, PARAM_UINT, N_("θ2: 4–6 Empty Cells"),
    N_("Playouts for a 2 spawn with 4 empty cells, scaled down to 6"), 0, 10, NULL, NULL, 1000 },
  [PARAM_MDP_THETA3] = { "mdp-theta3", MDP, 0, PARAM_UINT, N_("θ3: 7–9 Empty Cells"),
    N_("Playouts for a 2 spawn with 7 empty cells, scaled down to 9"), 0, 10, NULL, NULL, 500 },
  [PARAM_MDP_THETA4] = { "mdp-theta4", MDP, 0, PARAM_UINT, N_("θ4: 10–15 Empty Cells"),
    N_("Playouts for a 2 spawn with 10 to 15 empty cells"), 0, 1, NULL, NULL, 200 },
  [PARAM_MDP_THETA5] = { "mdp-theta5", MDP, 0, PARAM_DOUBLE, N_("θ5: 2 versus 4"),
    N_("Times more playouts a 2 spawn gets than a 4 spawn"), 1, 0.5, NULL, NULL, 20 },
  [PARAM_MDP_THETA6] = { "mdp-theta6", MDP, 0, PARAM_DOUBLE, N_("θ6: Kept Share"),
    N_("Top share of playout results kept for a spawn's value, 0–1"), 2, 0.05 },
  [PARAM_MDP_IMMEDIATE] = { "mdp-immediate-reward", MDP, 0, PARAM_BOOL, N_("Immediate Reward"),
    N_("Add the move's points and discount the playouts by γ (Bellman)") },
  [PARAM_MDP_GAMMA] = { "mdp-gamma", MDP, 0, PARAM_DOUBLE, N_("γ"),
    N_("Discount of the playouts with the immediate reward, 0–1"), 2, 0.01 },
  [PARAM_HYBRID_THRESHOLD] = { "hybrid-empty-threshold", HYBRID, 0, PARAM_UINT, N_("Empty-Cell Threshold"),
    N_("Leaves with at most this many empty cells are valued by playouts"), 0, 1 },
  [PARAM_HYBRID_PLAYOUTS] = { "hybrid-playouts", HYBRID, 0, PARAM_UINT, N_("Playouts per Leaf"),
    N_("Playouts valuing one leaf at or under the threshold"), 0, 5, NULL, NULL, 200 },
};

#undef MCTS
#undef MC
#undef MDP
#undef HYBRID

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

  /* Indexed like param_specs: each solver parameter's row */
  GtkWidget     *param_rows[N_PARAMS];

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
  for (guint i = 0; i < N_PARAMS; i++)
    gtk_widget_set_visible (self->param_rows[i], param_spec_applies (&param_specs[i], kind));
  gtk_widget_set_sensitive (self->param_rows[PARAM_MDP_GAMMA],
                            g_settings_get_boolean (self->settings, "mdp-immediate-reward"));
  gtk_widget_set_sensitive (self->param_rows[PARAM_MIN_DEPTH],
                            g_settings_get_boolean (self->settings, "ai-adaptive"));
  adw_preferences_group_set_title (self->solver_group, lh_solver_kind_get_label (kind));
  adw_preferences_group_set_description (self->solver_group, _(lh_solver_info_get (kind)->description));
}

/* The rows shown follow the solver and the switches that enable others. */
static void
settings_changed_cb (GSettings *settings, const char *key, LhAiPanel *self)
{
  if (g_str_equal (key, "solver") || g_str_equal (key, "mdp-immediate-reward")
      || g_str_equal (key, "ai-adaptive"))
    update_solver_rows (self);
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
  for (guint i = 0; i < N_PARAMS; i++)
    if (g_str_equal (key, param_specs[i].key))
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

  for (guint i = 0; i < N_PARAMS; i++)
    {
      self->param_rows[i] = make_param_row (self, &param_specs[i]);
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
