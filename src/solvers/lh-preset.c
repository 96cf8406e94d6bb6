/* lh-preset.c: built-in and user presets, and their JSON form (see
 * lh-preset.h). */
#include "lh-preset.h"
#include "lh-format.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (lh-preset-error-quark, lh_preset_error)

LhPreset *
lh_preset_new (const char *name, const LhHeuristicParams *heuristic)
{
  LhPreset *preset;

  g_return_val_if_fail (name != NULL && *name != '\0', NULL);
  g_return_val_if_fail (heuristic != NULL, NULL);

  preset = g_new0 (LhPreset, 1);
  preset->name = g_strdup (name);
  preset->heuristic = *heuristic;
  return preset;
}

LhPreset *
lh_preset_copy (const LhPreset *preset)
{
  LhPreset *copy = g_new0 (LhPreset, 1);

  copy->id = g_strdup (preset->id);
  copy->name = g_strdup (preset->name);
  copy->description = g_strdup (preset->description);
  copy->heuristic = preset->heuristic;
  return copy;
}

void
lh_preset_free (LhPreset *preset)
{
  if (preset == NULL)
    return;
  g_free (preset->id);
  g_free (preset->name);
  g_free (preset->description);
  g_free (preset);
}

/* ---- Built-in presets -------------------------------------------------- */

typedef struct {
  const char *id;
  const char *name;         /* N_() */
  const char *description;  /* N_() */
  void      (*init) (LhHeuristicParams *p);
} BuiltinSpec;

static void
init_balanced (LhHeuristicParams *p)
{
  lh_heuristic_params_init_default (p);
}

/* nneonneo/2048-ai, 2048.cpp init_tables (SCORE_LOST_PENALTY 200000,
 * SCORE_MONOTONICITY_POWER 4, SCORE_MONOTONICITY_WEIGHT 47,
 * SCORE_SUM_POWER 3.5, SCORE_SUM_WEIGHT 11, SCORE_MERGES_WEIGHT 700,
 * SCORE_EMPTY_WEIGHT 270). */
static void
init_nneonneo (LhHeuristicParams *p)
{
  lh_heuristic_params_init_default (p);
  p->empty_weight = 270.0;
  p->monotonicity_weight = 47.0;
}

/* Only the terms off: every weight 0, shape parameters at Balanced's. */
static void
init_all_off (LhHeuristicParams *p)
{
  lh_heuristic_params_init_default (p);
  p->empty_weight = 0;
  p->merges_weight = 0;
  p->monotonicity_weight = 0;
  p->sum_weight = 0;
  p->game_over_penalty = 0;
}

/* Reference 004: the snake weight matrix alone, as in its Table 1, with
 * a = 4 (004's averages for a = 2 ... 9 lie within noise of one another
 * over its 5 games; 4 is in the middle of the good range). */
static void
init_snake (LhHeuristicParams *p)
{
  init_all_off (p);
  p->snake_weight = 1.0;
  p->snake_base = 4.0;
}

/* Reference 001: a weight matrix that pushes large tiles to a corner, minus
 * the neighbour-difference penalty.  001 gives neither its matrix nor a
 * weight, so the corner gradient stands in for the matrix, and its ratio
 * (4) and the penalty's weight (0.01) are the best of a depth-2 sweep
 * (ratios 2, 4, 8 x weights 0, 0.01, 0.03, 0.1, 0.5, 2; 200 games, seeds
 * 700001-700200; benchmarks/README.md).  At 001's own scale (penalty weight
 * 1 against a matrix whose corner weighs 1) the penalty swamps the matrix
 * and no game reaches 2048. */
static void
init_weight_matrix (LhHeuristicParams *p)
{
  init_all_off (p);
  p->gradient_weight = 1.0;
  p->gradient_base = 4.0;
  p->neighbour_diff_weight = 0.01;
}

/* Reference 003: MyMeasure as the whole heuristic.  003 used it as the
 * leaf measure of MCTS playouts, whose greedy policy does most of the
 * playing; as an expectimax heuristic alone it only keeps the largest tile
 * in a corner, and plays weakly (benchmarks/README.md). */
static void
init_corner (LhHeuristicParams *p)
{
  init_all_off (p);
  p->corner_weight = 1.0;
}

static const BuiltinSpec builtin_specs[] = {
  { "balanced", N_("Balanced"),
    N_("nneonneo/2048-ai's terms retuned for depths 2 and 3: more weight on empty cells "
       "(1000), less on monotonicity (10). The default."),
    init_balanced },
  { "nneonneo", N_("nneonneo-style"),
    N_("nneonneo/2048-ai's weights: monotonicity 47 at power 4, tile sum 11 at power 3.5, "
       "merges 700, empty cells 270, game-over penalty 200000."),
    init_nneonneo },
  { "snake", N_("Snake"),
    N_("Reference 004's snake weight matrix alone, ratio a = 4: large tiles along a "
       "snake path from the top-left corner."),
    init_snake },
  { "weight-matrix", N_("Weight matrix"),
    N_("Reference 001: a corner weight matrix (gradient of ratio 4) minus a small "
       "neighbour-difference penalty (0.01)."),
    init_weight_matrix },
  { "corner", N_("Corner"),
    N_("Reference 003's MyMeasure alone: the largest tile in a corner, plus the sum of "
       "the tiles. 003 used it to score MCTS playouts; on its own it plays weakly."),
    init_corner },
};

const LhPreset *
lh_preset_get_builtin (guint *n_presets)
{
  static LhPreset *builtin;

  if (g_once_init_enter (&builtin))
    {
      LhPreset *list = g_new0 (LhPreset, G_N_ELEMENTS (builtin_specs));

      for (guint i = 0; i < G_N_ELEMENTS (builtin_specs); i++)
        {
          list[i].id = g_strdup (builtin_specs[i].id);
          list[i].name = g_strdup (_(builtin_specs[i].name));
          list[i].description = g_strdup (_(builtin_specs[i].description));
          builtin_specs[i].init (&list[i].heuristic);
          g_assert (lh_heuristic_params_validate (&list[i].heuristic, NULL));
        }
      g_once_init_leave (&builtin, list);
    }
  if (n_presets != NULL)
    *n_presets = G_N_ELEMENTS (builtin_specs);
  return builtin;
}

const LhPreset *
lh_preset_find_builtin (const char *id)
{
  guint n;
  const LhPreset *list = lh_preset_get_builtin (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (list[i].id, id) == 0)
      return &list[i];
  return NULL;
}

/* ---- Names ------------------------------------------------------------- */

gboolean
lh_preset_check_name (const char *name, GError **error)
{
  g_autofree char *stripped = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("the preset's name is not valid UTF-8 text"));
      return FALSE;
    }
  stripped = g_strstrip (g_strdup (name));
  if (*stripped == '\0')
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("the preset's name is empty"));
      return FALSE;
    }
  for (const char *c = name; *c != '\0'; c = g_utf8_next_char (c))
    if (g_unichar_iscntrl (g_utf8_get_char (c)))
      {
        g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                     _("the preset's name contains a line break or another control character"));
        return FALSE;
      }
  if (g_utf8_strlen (name, -1) > LH_PRESET_MAX_NAME)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("the preset's name is longer than %d characters"), LH_PRESET_MAX_NAME);
      return FALSE;
    }
  return TRUE;
}

/* ---- JSON -------------------------------------------------------------- */

/* The value of @member as a number; FALSE with @error naming @key if it is
 * not one.  JSON has no NaN or infinity, so a number is finite. */
static gboolean
member_number (JsonNode *member, const char *key, double *value, GError **error)
{
  if (JSON_NODE_HOLDS_VALUE (member))
    {
      GType type = json_node_get_value_type (member);

      if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
        {
          *value = json_node_get_double (member);
          return TRUE;
        }
    }
  g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
               _("preset key \"%s\" must be a number"), key);
  return FALSE;
}

/* The string member @key of @object, NULL if absent; FALSE with @error if
 * present but not a string. */
static gboolean
member_string (JsonObject *object, const char *key, const char **value, GError **error)
{
  JsonNode *member = json_object_get_member (object, key);

  *value = NULL;
  if (member == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_STRING)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("preset key \"%s\" must be a string"), key);
      return FALSE;
    }
  if (!g_utf8_validate (json_node_get_string (member), -1, NULL))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("preset key \"%s\" is not valid UTF-8 text"), key);
      return FALSE;
    }
  *value = json_node_get_string (member);
  return TRUE;
}

static gboolean
read_heuristic (JsonObject *object, LhHeuristicParams *params, GError **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  lh_heuristic_params_init_default (params);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      const LhHeuristicParamInfo *info = NULL;
      guint n;
      const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n);
      g_autoptr(GError) range_error = NULL;
      double value;

      /* Exact keys only: '-' is the command line's convenience. */
      for (guint i = 0; i < n; i++)
        if (strcmp (list[i].key, key) == 0)
          info = &list[i];
      if (info == NULL)
        {
          g_autofree char *keys = lh_heuristic_param_keys_to_string (", ");
          g_autofree char *quoted = lh_format_excerpt (key, -1, LH_FORMAT_EXCERPT_SHORT);

          g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                       _("unknown heuristic key \"%s\" (the keys are %s)"), quoted, keys);
          return FALSE;
        }
      if (!member_number (json_object_get_member (object, key), key, &value, error))
        return FALSE;
      if (!lh_heuristic_param_check (info, value, &range_error))
        {
          g_set_error_literal (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                               range_error->message);
          return FALSE;
        }
      lh_heuristic_params_set (params, info, value);
    }
  return TRUE;
}

LhPreset *
lh_preset_from_json (JsonNode *node, GError **error)
{
  JsonObject *object;
  JsonNode *version, *heuristic;
  const char *format, *name, *description;
  LhHeuristicParams params;
  g_autoptr(LhPreset) preset = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_PARSE,
                   _("a preset must be a JSON object"));
      return NULL;
    }
  object = json_node_get_object (node);

  if (!member_string (object, "format", &format, error))
    return NULL;
  if (g_strcmp0 (format, LH_PRESET_FORMAT) != 0)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_FORMAT,
                   _("not a Lookahead preset (\"format\" must be \"%s\")"), LH_PRESET_FORMAT);
      return NULL;
    }
  version = json_object_get_member (object, "version");
  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version)
      || json_node_get_value_type (version) != G_TYPE_INT64
      || json_node_get_int (version) < 1)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("preset key \"version\" must be a whole number, 1 or more"));
      return NULL;
    }
  if (json_node_get_int (version) > LH_PRESET_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (version));

      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_FORMAT,
                   _("the preset is version %s, newer than this Lookahead reads (%d)"),
                   number, LH_PRESET_VERSION);
      return NULL;
    }

  if (!member_string (object, "name", &name, error)
      || !member_string (object, "description", &description, error))
    return NULL;
  if (name == NULL)
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("preset key \"name\" is missing"));
      return NULL;
    }
  if (!lh_preset_check_name (name, error))
    return NULL;

  heuristic = json_object_get_member (object, "heuristic");
  if (heuristic == NULL || !JSON_NODE_HOLDS_OBJECT (heuristic))
    {
      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                   _("preset key \"heuristic\" must be an object of numbers"));
      return NULL;
    }
  if (!read_heuristic (json_node_get_object (heuristic), &params, error))
    return NULL;

  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *l = members; l != NULL; l = l->next)
      {
        const char *key = l->data;

        if (strcmp (key, "format") != 0 && strcmp (key, "version") != 0
            && strcmp (key, "name") != 0 && strcmp (key, "description") != 0
            && strcmp (key, "heuristic") != 0)
          {
            g_autofree char *quoted = lh_format_excerpt (key, -1, LH_FORMAT_EXCERPT_SHORT);

            g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_INVALID,
                         _("unknown preset key \"%s\" (the keys are format, version, name, "
                           "description and heuristic)"), quoted);
            return NULL;
          }
      }
  }

  preset = lh_preset_new (name, &params);
  preset->description = g_strdup (description);
  return g_steal_pointer (&preset);
}

JsonNode *
lh_preset_to_json (const LhPreset *preset)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  guint n;
  const LhHeuristicParamInfo *list = lh_heuristic_param_list (&n);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, LH_PRESET_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, LH_PRESET_VERSION);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, preset->name);
  if (preset->description != NULL)
    {
      json_builder_set_member_name (builder, "description");
      json_builder_add_string_value (builder, preset->description);
    }
  json_builder_set_member_name (builder, "heuristic");
  json_builder_begin_object (builder);
  for (guint i = 0; i < n; i++)
    {
      json_builder_set_member_name (builder, list[i].key);
      json_builder_add_double_value (builder, lh_heuristic_params_get (&preset->heuristic,
                                                                       &list[i]));
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

LhPreset *
lh_preset_load_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) parse_error = NULL;

  if (!json_parser_load_from_data (parser, data, length, &parse_error))
    {
      /* json-glib quotes the file's bytes as they are. */
      g_autofree char *reason = lh_format_excerpt (parse_error->message, -1,
                                                   LH_FORMAT_EXCERPT_MESSAGE);

      g_set_error (error, LH_PRESET_ERROR, LH_PRESET_ERROR_PARSE,
                   _("not valid JSON: %s"), reason);
      return NULL;
    }
  return lh_preset_from_json (json_parser_get_root (parser), error);
}

char *
lh_preset_to_data (const LhPreset *preset)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = lh_preset_to_json (preset);
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

LhPreset *
lh_preset_load_file (GFile *file, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  gsize length;
  GError *local = NULL;
  LhPreset *preset;

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local))
    {
      g_propagate_prefixed_error (error, local, "%s: ", name);
      return NULL;
    }
  preset = lh_preset_load_data (contents, (gssize) length, &local);
  if (preset == NULL)
    g_propagate_prefixed_error (error, local, "%s: ", name);
  return preset;
}

gboolean
lh_preset_save_file (const LhPreset *preset, GFile *file, GError **error)
{
  g_autofree char *data = lh_preset_to_data (preset);

  return g_file_replace_contents (file, data, strlen (data), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}
