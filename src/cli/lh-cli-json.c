/* lh-cli-json.c: JSON output of lookahead-cli. */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "lh-cli-common.h"
#include "lh-cli-json.h"
#include "lh-cli-options.h"

void
lh_cli_json_add_double (JsonBuilder *builder,
                        const char  *name,
                        double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
print_json (JsonBuilder *builder, gboolean pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  fputs (text, stdout);
  fputc ('\n', stdout);
}

void
lh_cli_print_json (JsonBuilder *builder)
{
  print_json (builder, TRUE);
}

void
lh_cli_print_json_line (JsonBuilder *builder)
{
  print_json (builder, FALSE);
}

void
lh_cli_json_add_solver_params (JsonBuilder          *builder,
                               const char           *name,
                               const LhSolverParams *params)
{
  LhCliParam list[LH_CLI_MAX_PARAMS];
  guint n = lh_cli_solver_params_list (params, list);

  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "solver");
  json_builder_add_string_value (builder, lh_solver_kind_to_string (params->kind));
  for (guint i = 0; i < n; i++)
    {
      switch (list[i].type)
        {
        case LH_CLI_PARAM_UINT:
          json_builder_set_member_name (builder, list[i].key);
          json_builder_add_int_value (builder, (gint64) MIN (list[i].uint_value, (guint64) G_MAXINT64));
          break;
        case LH_CLI_PARAM_REAL:
          lh_cli_json_add_double (builder, list[i].key, list[i].real_value);
          break;
        case LH_CLI_PARAM_BOOL:
          json_builder_set_member_name (builder, list[i].key);
          json_builder_add_boolean_value (builder, list[i].bool_value);
          break;
        case LH_CLI_PARAM_STRING:
          json_builder_set_member_name (builder, list[i].key);
          json_builder_add_string_value (builder, list[i].string_value);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  json_builder_end_object (builder);
}

void
lh_cli_json_add_visits (JsonBuilder *builder,
                        gboolean     legal,
                        guint64      visits)
{
  json_builder_set_member_name (builder, "visits");
  if (legal)
    json_builder_add_int_value (builder, (gint64) MIN (visits, (guint64) G_MAXINT64));
  else
    json_builder_add_null_value (builder);
}

char *
lh_cli_json_number_text (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (type == G_TYPE_DOUBLE)
    return lh_cli_format_number (json_node_get_double (node));
  return NULL;
}

/* Longest value text in a difference's message, in characters. */
#define MAX_VALUE_TEXT 60

static char *
value_text (JsonNode *node)
{
  g_autofree char *text = NULL;

  if (node == NULL)
    /* TRANSLATORS: in "x is (missing) in a.json but 2 in b.json" */
    return g_strdup (_("(missing)"));
  text = json_to_string (node, FALSE);
  if (g_utf8_strlen (text, -1) > MAX_VALUE_TEXT)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, MAX_VALUE_TEXT);

      return g_strconcat (cut, "…", NULL);
    }
  return g_steal_pointer (&text);
}

static gboolean
values_equal (JsonNode *a, JsonNode *b)
{
  GType a_type = json_node_get_value_type (a);
  GType b_type = json_node_get_value_type (b);
  gboolean a_number = a_type == G_TYPE_INT64 || a_type == G_TYPE_DOUBLE;
  gboolean b_number = b_type == G_TYPE_INT64 || b_type == G_TYPE_DOUBLE;

  if (a_type == G_TYPE_INT64 && b_type == G_TYPE_INT64)
    return json_node_get_int (a) == json_node_get_int (b);
  if (a_number && b_number)
    return json_node_get_double (a) == json_node_get_double (b);
  if (a_type != b_type)
    return FALSE;
  if (a_type == G_TYPE_BOOLEAN)
    return json_node_get_boolean (a) == json_node_get_boolean (b);
  return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
}

/* Appends to @path where @a and @b first differ and sets *@a_at, *@b_at to
 * the values there; returns FALSE when they are equal. */
static gboolean
find_difference (JsonNode *a, JsonNode *b, GString *path, JsonNode **a_at, JsonNode **b_at)
{
  gsize length = path->len;

  *a_at = a;
  *b_at = b;
  if (a == NULL || b == NULL)
    return a != b;
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return TRUE;

  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *a_object = json_node_get_object (a);
        JsonObject *b_object = json_node_get_object (b);
        g_autoptr(GList) a_members = json_object_get_members (a_object);
        g_autoptr(GList) b_members = json_object_get_members (b_object);

        for (GList *l = a_members; l != NULL; l = l->next)
          {
            g_string_append_printf (path, "%s%s", length > 0 ? "." : "", (const char *) l->data);
            if (find_difference (json_object_get_member (a_object, l->data),
                                 json_object_get_member (b_object, l->data), path, a_at, b_at))
              return TRUE;
            g_string_truncate (path, length);
          }
        for (GList *l = b_members; l != NULL; l = l->next)
          if (!json_object_has_member (a_object, l->data))
            {
              g_string_append_printf (path, "%s%s", length > 0 ? "." : "", (const char *) l->data);
              *a_at = NULL;
              *b_at = json_object_get_member (b_object, l->data);
              return TRUE;
            }
        return FALSE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *a_array = json_node_get_array (a);
        JsonArray *b_array = json_node_get_array (b);
        guint a_length = json_array_get_length (a_array);
        guint b_length = json_array_get_length (b_array);

        for (guint i = 0; i < MAX (a_length, b_length); i++)
          {
            g_string_append_printf (path, "[%u]", i);
            if (find_difference (i < a_length ? json_array_get_element (a_array, i) : NULL,
                                 i < b_length ? json_array_get_element (b_array, i) : NULL,
                                 path, a_at, b_at))
              return TRUE;
            g_string_truncate (path, length);
          }
        return FALSE;
      }
    case JSON_NODE_VALUE:
      return !values_equal (a, b);
    case JSON_NODE_NULL:
    default:
      return FALSE;
    }
}

gboolean
lh_cli_json_find_difference (JsonNode *a,
                             JsonNode *b,
                             char    **path,
                             char    **a_text,
                             char    **b_text)
{
  GString *where = g_string_new (NULL);
  JsonNode *a_at = NULL, *b_at = NULL;
  gboolean differ = find_difference (a, b, where, &a_at, &b_at);

  if (differ && path != NULL)
    *path = g_string_free (g_steal_pointer (&where), FALSE);
  if (where != NULL)
    g_string_free (where, TRUE);
  if (differ && a_text != NULL)
    *a_text = value_text (a_at);
  if (differ && b_text != NULL)
    *b_text = value_text (b_at);
  return differ;
}
