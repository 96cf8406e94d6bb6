/* lh-json-member.c: reading members of a JSON object (see lh-json-member.h). */
#include "lh-json-member.h"

#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-format.h"

gboolean
lh_json_member_invalid (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *valid = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* The file's own text (a board, a name) may be quoted in the message,
   * and it may not be UTF-8: the message goes to toasts and dialogs (each
   * quote is an excerpt already; this is the last guard). */
  valid = lh_format_excerpt (message, -1, 0);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, valid);
  return FALSE;
}

gboolean
lh_json_member_int (JsonObject  *object,
                    const char  *where,
                    const char  *name,
                    gint64       min,
                    gint64       max,
                    gint64      *value,
                    GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    return lh_json_member_invalid (error, _("%s: the member “%s” is missing"), where, name);
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return lh_json_member_invalid (error, _("%s: the member “%s” is not an integer"), where, name);
  *value = json_node_get_int (node);
  if (*value < min || *value > max)
    {
      char value_text[32], min_text[32], max_text[32];

      g_snprintf (value_text, sizeof value_text, "%" G_GINT64_FORMAT, *value);
      g_snprintf (min_text, sizeof min_text, "%" G_GINT64_FORMAT, min);
      g_snprintf (max_text, sizeof max_text, "%" G_GINT64_FORMAT, max);
      /* Translators: where, member name, its value, the smallest and largest allowed */
      return lh_json_member_invalid (error, _("%s: the member “%s” is %s, outside %s..%s"),
                                     where, name, value_text, min_text, max_text);
    }
  return TRUE;
}

const char *
lh_json_member_string (JsonObject  *object,
                       const char  *where,
                       const char  *name,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      lh_json_member_invalid (error, _("%s: the member “%s” is missing"), where, name);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      lh_json_member_invalid (error, _("%s: the member “%s” is not a string"), where, name);
      return NULL;
    }
  return json_node_get_string (node);
}

JsonObject *
lh_json_member_object (JsonObject  *object,
                       const char  *where,
                       const char  *name,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      lh_json_member_invalid (error, _("%s: the member “%s” is missing"), where, name);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      lh_json_member_invalid (error, _("%s: the member “%s” is not an object"), where, name);
      return NULL;
    }
  return json_node_get_object (node);
}

gboolean
lh_json_member_wide_board (JsonObject  *object,
                           const char  *where,
                           const char  *name,
                           LhGeometry   geometry,
                           LhWideBoard *board,
                           GError     **error)
{
  const char *text = lh_json_member_string (object, where, name, error);
  g_autoptr(GError) local_error = NULL;
  LhGeometry parsed;

  if (text == NULL)
    return FALSE;
  if (!lh_wide_board_parse (text, board, &parsed, &local_error))
    return lh_json_member_invalid (error, _("%s: the member “%s” is not a board: %s"),
                                   where, name, local_error->message);
  if (!lh_geometry_equal (parsed, geometry))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      return lh_json_member_invalid (error,
                                     _("%s: the board “%s” has %u×%u cells, but the game is %u×%u"),
                                     where, quoted, parsed.rows, parsed.cols,
                                     geometry.rows, geometry.cols);
    }
  return TRUE;
}

JsonParser *
lh_json_parse (const char  *data,
               gssize       length,
               const char  *where,
               GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) parse_error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, data, length, &parse_error))
    {
      /* json-glib quotes the file's bytes as they are. */
      g_autofree char *reason = lh_format_excerpt (parse_error->message, -1,
                                                   LH_FORMAT_EXCERPT_MESSAGE);

      g_set_error (error, parse_error->domain, parse_error->code, "%s: %s", where, reason);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      lh_json_member_invalid (error, _("%s: the file does not hold a JSON object"), where);
      return NULL;
    }
  return g_steal_pointer (&parser);
}
