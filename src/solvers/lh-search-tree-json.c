/* lh-search-tree-json.c: a search-tree record as JSON, and back
 * (see lh-search-tree-json.h). */
#include "lh-search-tree-json.h"
#include "lh-names.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "lh-board-text.h"
#include "lh-format.h"

#define FORMAT_NAME "lookahead-search-tree"
#define FORMAT_VERSION 1

static const char *const kind_names[] = { "player", "chance", "leaf" };

static void
add_int (JsonBuilder *builder, const char *name, gint64 value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_double (JsonBuilder *builder, const char *name, double value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

JsonNode *
lh_search_tree_to_json (const LhSearchTree *tree, const char *solver, guint depth)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  LhGeometry g = lh_search_tree_get_geometry (tree);
  guint n = lh_search_tree_get_n_nodes (tree);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, FORMAT_NAME);
  add_int (builder, "version", FORMAT_VERSION);
  json_builder_set_member_name (builder, "solver");
  if (solver != NULL)
    json_builder_add_string_value (builder, solver);
  else
    json_builder_add_null_value (builder);
  add_int (builder, "depth", depth);
  add_int (builder, "rows", g.rows);
  add_int (builder, "cols", g.cols);
  add_int (builder, "max_nodes", lh_search_tree_get_max_nodes (tree));
  json_builder_set_member_name (builder, "truncated");
  json_builder_add_boolean_value (builder, lh_search_tree_is_full (tree));
  json_builder_set_member_name (builder, "chosen_move");
  if (lh_search_tree_get_chosen_move (tree) >= 0)
    json_builder_add_string_value (builder,
                                   lh_move_to_string ((LhMove) lh_search_tree_get_chosen_move (tree)));
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "nodes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      const LhSearchNode *node = lh_search_tree_get_node (tree, i);
      /* The same text as lh_board_to_hex() for every 64-bit board. */
      g_autofree char *hex = lh_wide_board_to_hex (lh_search_tree_get_wide_board (tree, node), g);
      guint row, col;

      json_builder_begin_object (builder);
      add_int (builder, "id", i);
      json_builder_set_member_name (builder, "parent");
      if (node->parent == LH_SEARCH_NODE_NONE)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, node->parent);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, kind_names[MIN (node->kind, 2)]);
      json_builder_set_member_name (builder, "board");
      json_builder_add_string_value (builder, hex);
      add_int (builder, "depth", node->ply);
      add_double (builder, "value", node->value);
      add_double (builder, "probability", node->probability);
      add_int (builder, "visits", node->visits);
      if (node->move >= 0 && node->move < LH_N_MOVES)
        {
          json_builder_set_member_name (builder, "move");
          json_builder_add_string_value (builder, lh_move_to_string ((LhMove) node->move));
        }
      if (lh_search_tree_get_spawn (tree, node, &row, &col))
        {
          json_builder_set_member_name (builder, "spawn");
          json_builder_begin_object (builder);
          add_int (builder, "row", row);
          add_int (builder, "col", col);
          add_int (builder, "tile", lh_tile_value (node->spawn_exponent));
          json_builder_end_object (builder);
        }
      if (node->flags & LH_SEARCH_NODE_FLAG_TRUNCATED)
        {
          json_builder_set_member_name (builder, "truncated");
          json_builder_add_boolean_value (builder, TRUE);
        }
      if (node->flags & LH_SEARCH_NODE_FLAG_CACHED)
        {
          json_builder_set_member_name (builder, "cached");
          json_builder_add_boolean_value (builder, TRUE);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

gboolean
lh_search_tree_to_json_file (const LhSearchTree *tree,
                             const char         *solver,
                             guint               depth,
                             const char         *path,
                             GError            **error)
{
  g_autoptr (JsonNode) root = lh_search_tree_to_json (tree, solver, depth);
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *with_newline = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  with_newline = g_strconcat (text, "\n", NULL);
  return g_file_set_contents (path, with_newline, -1, error);
}

/* ---- Reading ---------------------------------------------------------- */

static gboolean G_GNUC_PRINTF (4, 5)
node_error (GError **error, guint id, const char *field, const char *format, ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: a bad search-tree file: "node 12, field “kind”: <what is wrong>" */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("node %u, field “%s”: %s"), id,
               field, detail);
  return FALSE;
}

static gboolean G_GNUC_PRINTF (3, 4)
doc_error (GError **error, const char *field, const char *format, ...)
{
  g_autofree char *detail = NULL;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: a bad search-tree file: "field “rows”: <what is wrong>" */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("field “%s”: %s"), field, detail);
  return FALSE;
}

/* A number member (integer or not) as a double; @id G_MAXUINT for a
 * document field. */
static gboolean
get_number (JsonObject *object, const char *field, guint id, double *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, field);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || (json_node_get_value_type (node) != G_TYPE_INT64
          && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    return id == G_MAXUINT ? doc_error (error, field, _("missing or not a number"))
                           : node_error (error, id, field, _("missing or not a number"));
  *out = json_node_get_value_type (node) == G_TYPE_INT64 ? (double) json_node_get_int (node)
                                                         : json_node_get_double (node);
  return TRUE;
}

/* An integer member in [@min, @max]; @id G_MAXUINT for a document field. */
static gboolean
get_int (JsonObject *object, const char *field, guint id, gint64 min, gint64 max, gint64 *out,
         GError **error)
{
  double d = 0;

  if (!get_number (object, field, id, &d, error))
    return FALSE;
  if (d != floor (d) || d < (double) min || d > (double) max)
    return id == G_MAXUINT
           ? doc_error (error, field, _("%g is not a whole number from %lld to %lld"), d,
                        (long long) min, (long long) max)
           : node_error (error, id, field, _("%g is not a whole number from %lld to %lld"), d,
                         (long long) min, (long long) max);
  *out = (gint64) d;
  return TRUE;
}

static gboolean
get_double (JsonObject *object, const char *field, guint id, double min, double max, double *out,
            GError **error)
{
  double d = 0;

  if (!get_number (object, field, id, &d, error))
    return FALSE;
  if (!(d >= min && d <= max))
    return node_error (error, id, field, _("%g is out of range (%g to %g)"), d, min, max);
  *out = d;
  return TRUE;
}

static const char *
get_string (JsonObject *object, const char *field)
{
  JsonNode *node = json_object_get_member (object, field);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
get_flag (JsonObject *object, const char *field, guint id, gboolean *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, field);

  *out = FALSE;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return node_error (error, id, field, _("not true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* TRUE when the record of @nodes is one of wide boards: its geometry has a
 * side of 5, or a board of it holds a tile past 32768 (a board that does
 * not parse is left for read_node() to report). */
static gboolean
is_wide (JsonArray *nodes, LhGeometry geometry)
{
  if (!lh_geometry_is_valid (geometry))
    return TRUE;
  for (guint i = 0; i < json_array_get_length (nodes); i++)
    {
      JsonNode *node = json_array_get_element (nodes, i);
      const char *text = JSON_NODE_HOLDS_OBJECT (node)
                         ? get_string (json_node_get_object (node), "board") : NULL;
      LhWideBoard board;
      LhGeometry g;
      LhBoard narrow;

      if (text != NULL && lh_wide_board_parse (text, &board, &g, NULL)
          && lh_geometry_equal (g, geometry) && !lh_wide_board_to_board (board, g, &narrow))
        return TRUE;
    }
  return FALSE;
}

/* Reads node @id into the record. */
static gboolean
read_node (LhSearchTree *tree, JsonNode *json, guint id, GError **error)
{
  LhGeometry g = lh_search_tree_get_geometry (tree);
  JsonObject *object;
  JsonNode *member;
  const char *text;
  const LhSearchNode *parent_node = NULL;
  guint32 parent = LH_SEARCH_NODE_NONE, index;
  gint64 value_id, ply, visits;
  double value, probability;
  LhSearchNodeKind kind;
  int found;
  LhWideBoard board;
  LhGeometry board_geometry;
  int move = -1, cell = -1;
  guint exponent = 0;
  gboolean truncated, cached;
  g_autoptr (GError) board_error = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (json))
    return node_error (error, id, "nodes", _("not an object"));
  object = json_node_get_object (json);

  if (!get_int (object, "id", id, 0, G_MAXUINT32, &value_id, error))
    return FALSE;
  if (value_id != id)
    return node_error (error, id, "id", _("%lld is out of order (nodes are listed by id from 0)"), (long long) value_id);

  member = json_object_get_member (object, "parent");
  if (member == NULL)
    return node_error (error, id, "parent", _("missing"));
  if (JSON_NODE_HOLDS_NULL (member))
    {
      if (id != 0)
        return node_error (error, id, "parent", _("only node 0, the root, has no parent"));
    }
  else
    {
      gint64 p;

      if (!get_int (object, "parent", id, 0, G_MAXUINT32, &p, error))
        return FALSE;
      if (id == 0)
        return node_error (error, id, "parent", _("the root (node 0) has no parent"));
      if (p >= id)
        return node_error (error, id, "parent", _("%lld is not an earlier node"), (long long) p);
      parent = (guint32) p;
      parent_node = lh_search_tree_get_node (tree, parent);
    }

  text = get_string (object, "kind");
  if (text == NULL)
    return node_error (error, id, "kind", _("missing or not a string"));
  found = lh_names_lookup (kind_names, G_N_ELEMENTS (kind_names), text);
  if (found < 0)
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      return node_error (error, id, "kind", _("“%s” is not player, chance or leaf"), quoted);
    }
  kind = (LhSearchNodeKind) found;
  if (parent_node == NULL && kind != LH_SEARCH_NODE_PLAYER)
    return node_error (error, id, "kind", _("the root must be a player node"));
  if (parent_node != NULL)
    {
      if (parent_node->kind == LH_SEARCH_NODE_LEAF)
        return node_error (error, id, "parent", _("node %u is a leaf"), parent);
      if (parent_node->kind == LH_SEARCH_NODE_PLAYER && kind == LH_SEARCH_NODE_PLAYER)
        return node_error (error, id, "kind", _("a player node's children are chance nodes or leaves"));
      if (parent_node->kind == LH_SEARCH_NODE_CHANCE && kind != LH_SEARCH_NODE_PLAYER)
        return node_error (error, id, "kind", _("a chance node's children are player nodes"));
    }

  text = get_string (object, "board");
  if (text == NULL)
    return node_error (error, id, "board", _("missing or not a string"));
  if (!lh_wide_board_parse (text, &board, &board_geometry, &board_error))
    return node_error (error, id, "board", "%s", board_error->message);
  if (!lh_geometry_equal (board_geometry, g))
    return node_error (error, id, "board", _("a %ux%u board in a %ux%u record"),
                       board_geometry.rows, board_geometry.cols, g.rows, g.cols);

  if (!get_int (object, "depth", id, 0, 255, &ply, error)
      || !get_int (object, "visits", id, 0, G_MAXUINT32, &visits, error)
      || !get_double (object, "value", id, -G_MAXFLOAT, G_MAXFLOAT, &value, error)
      || !get_double (object, "probability", id, 0, 1, &probability, error))
    return FALSE;
  if (parent_node != NULL)
    {
      guint expected = parent_node->ply + (parent_node->kind == LH_SEARCH_NODE_PLAYER ? 1 : 0);
      if (ply != expected)
        return node_error (error, id, "depth", _("%lld under a node of depth %u (expected %u)"),
                           (long long) ply, parent_node->ply, expected);
    }
  else if (ply != 0)
    return node_error (error, id, "depth", _("the root's depth is 0"));

  member = json_object_get_member (object, "move");
  if (parent_node != NULL && parent_node->kind == LH_SEARCH_NODE_PLAYER)
    {
      LhMove m;
      text = get_string (object, "move");
      if (text == NULL)
        return node_error (error, id, "move", _("missing or not a string (required under a player node)"));
      if (!lh_move_from_string (text, &m))
        {
          g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

          return node_error (error, id, "move", _("“%s” is not up, down, left or right"), quoted);
        }
      move = (int) m;
    }
  else if (member != NULL)
    return node_error (error, id, "move", _("only a child of a player node has a move"));

  member = json_object_get_member (object, "spawn");
  if (parent_node != NULL && parent_node->kind == LH_SEARCH_NODE_CHANCE)
    {
      JsonObject *spawn;
      gint64 row, col, tile;

      if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member))
        return node_error (error, id, "spawn", _("missing or not an object (required under a chance node)"));
      spawn = json_node_get_object (member);
      if (!get_int (spawn, "row", id, 0, g.rows - 1, &row, error)
          || !get_int (spawn, "col", id, 0, g.cols - 1, &col, error)
          || !get_int (spawn, "tile", id, 0, G_MAXINT32, &tile, error))
        return FALSE;
      if (tile != 2 && tile != 4)
        return node_error (error, id, "tile", _("%lld is not a spawned tile (2 or 4)"), (long long) tile);
      cell = (int) (lh_geometry_cell_stride (g) * row + col);
      exponent = tile == 2 ? 1 : 2;
    }
  else if (member != NULL)
    return node_error (error, id, "spawn", _("only a child of a chance node has a spawn"));

  if (!get_flag (object, "truncated", id, &truncated, error)
      || !get_flag (object, "cached", id, &cached, error))
    return FALSE;

  if (lh_search_tree_is_wide (tree))
    index = lh_search_tree_add_wide (tree, parent, kind, board, (guint) ply, move, cell, exponent,
                                     probability);
  else
    {
      LhBoard narrow = 0;

      /* is_wide() found every board of a narrow record fits. */
      if (!lh_wide_board_to_board (board, g, &narrow))
        return node_error (error, id, "board", _("a tile past 32768 in a record of 64-bit boards"));
      index = lh_search_tree_add (tree, parent, kind, narrow, (guint) ply, move, cell, exponent,
                                  probability);
    }
  if (index == LH_SEARCH_NODE_NONE)
    return node_error (error, id, "id", _("more nodes than max_nodes"));
  lh_search_tree_set_value (tree, index, value, (guint32) visits);
  lh_search_tree_set_flags (tree, index, (truncated ? LH_SEARCH_NODE_FLAG_TRUNCATED : 0)
                                         | (cached ? LH_SEARCH_NODE_FLAG_CACHED : 0));
  return TRUE;
}

LhSearchTree *
lh_search_tree_new_from_json (JsonNode *root, char **solver, guint *depth, GError **error)
{
  g_autoptr (LhSearchTree) tree = NULL;
  JsonObject *object;
  JsonArray *nodes;
  JsonNode *member;
  const char *text;
  gint64 version, rows, cols, max_nodes, search_depth;
  guint n;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("a search tree file holds one JSON object"));
      return NULL;
    }
  object = json_node_get_object (root);
  text = get_string (object, "format");
  if (g_strcmp0 (text, FORMAT_NAME) != 0)
    {
      doc_error (error, "format", _("not “%s”"), FORMAT_NAME);
      return NULL;
    }
  if (!get_int (object, "version", G_MAXUINT, 1, G_MAXINT32, &version, error))
    return NULL;
  if (version > FORMAT_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);
      /* TRANSLATORS: %s is a format version number */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("the file is of a newer format (version %s)"), number);
      return NULL;
    }
  if (!get_int (object, "rows", G_MAXUINT, 2, LH_WIDE_MAX_SIDE, &rows, error)
      || !get_int (object, "cols", G_MAXUINT, 2, LH_WIDE_MAX_SIDE, &cols, error)
      || !get_int (object, "max_nodes", G_MAXUINT, 1, LH_SEARCH_TREE_MAX_NODES, &max_nodes, error)
      || !get_int (object, "depth", G_MAXUINT, 0, 255, &search_depth, error))
    return NULL;
  member = json_object_get_member (object, "solver");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member) && get_string (object, "solver") == NULL)
    {
      doc_error (error, "solver", _("not a string"));
      return NULL;
    }
  if (get_string (object, "solver") != NULL
      && !g_utf8_validate (get_string (object, "solver"), -1, NULL))
    {
      doc_error (error, "solver", _("not valid UTF-8 text"));
      return NULL;
    }
  member = json_object_get_member (object, "nodes");
  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    {
      doc_error (error, "nodes", _("missing or not an array"));
      return NULL;
    }
  nodes = json_node_get_array (member);
  n = json_array_get_length (nodes);
  if (n == 0 || n > max_nodes)
    {
      doc_error (error, "nodes", _("%u nodes (1 to max_nodes, %lld, expected)"), n,
                 (long long) max_nodes);
      return NULL;
    }

  tree = lh_search_tree_new ((guint) max_nodes);
  lh_search_tree_set_wide (tree, is_wide (nodes, (LhGeometry) { (guint8) rows, (guint8) cols }),
                           (LhGeometry) { (guint8) rows, (guint8) cols });
  for (guint i = 0; i < n; i++)
    if (!read_node (tree, json_array_get_element (nodes, i), i, error))
      return NULL;

  member = json_object_get_member (object, "truncated");
  if (member != NULL && !(JSON_NODE_HOLDS_VALUE (member)
                          && json_node_get_value_type (member) == G_TYPE_BOOLEAN))
    {
      doc_error (error, "truncated", _("not true or false"));
      return NULL;
    }
  lh_search_tree_set_full (tree, member != NULL && json_node_get_boolean (member));

  /* Optional: the solver's decision at the root. */
  member = json_object_get_member (object, "chosen_move");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      const char *move_name = get_string (object, "chosen_move");
      LhMove move;

      if (move_name == NULL || !lh_move_from_string (move_name, &move))
        {
          doc_error (error, "chosen_move", _("not a move (up, down, left, right) or null"));
          return NULL;
        }
      lh_search_tree_set_chosen_move (tree, (int) move);
    }

  if (solver != NULL)
    *solver = g_strdup (get_string (object, "solver"));
  if (depth != NULL)
    *depth = (guint) search_depth;
  return g_steal_pointer (&tree);
}

LhSearchTree *
lh_search_tree_new_from_json_file (const char *path, char **solver, guint *depth, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_autoptr (GError) parse_error = NULL;

  if (!json_parser_load_from_file (parser, path, &parse_error))
    {
      /* json-glib quotes the file's bytes as they are. */
      g_autofree char *reason = lh_format_excerpt (parse_error->message, -1,
                                                   LH_FORMAT_EXCERPT_MESSAGE);

      g_set_error_literal (error, parse_error->domain, parse_error->code, reason);
      return NULL;
    }
  return lh_search_tree_new_from_json (json_parser_get_root (parser), solver, depth, error);
}
