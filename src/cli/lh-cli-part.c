/* lh-cli-part.c: reading the part files of sharded runs (see lh-cli-part.h;
 * lh-cli-part-write.c writes them). */

#include "lh-config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-json.h"
#include "lh-cli-part.h"
#include "lh-format.h"

/* Most missing shards a message lists. */
#define MAX_LISTED_SHARDS 10

/* Sets @error (G_IO_ERROR_INVALID_DATA) to "@part's path: message". */
static void G_GNUC_PRINTF (3, 4)
part_error (GError **error, const char *path, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", path, message);
}

/* "points[2].games" from "points[2]" and "games"; @where may be NULL. */
static char *
join_path (const char *where, const char *name)
{
  return where != NULL ? g_strconcat (where, ".", name, NULL) : g_strdup (name);
}

/* ---- reading ---- */

void
lh_cli_part_free (LhCliPart *part)
{
  if (part == NULL)
    return;
  g_free (part->path);
  g_clear_object (&part->parser);
  g_free (part);
}

JsonNode *
lh_cli_part_get_member (const LhCliPart *part,
                        JsonObject      *object,
                        const char      *where,
                        const char      *name,
                        JsonNodeType     type,
                        GError         **error)
{
  JsonNode *node = json_object_get_member (object, name);
  g_autofree char *path = NULL;

  if (node != NULL && JSON_NODE_TYPE (node) == type)
    return node;
  path = join_path (where, name);
  switch (type)
    {
    case JSON_NODE_OBJECT:
      /* TRANSLATORS: "part-2.json: run is missing or not an object" */
      part_error (error, part->path, _("%s is missing or not an object"), path);
      break;
    case JSON_NODE_ARRAY:
      part_error (error, part->path, _("%s is missing or not an array"), path);
      break;
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      part_error (error, part->path, _("%s is missing or not a value"), path);
      break;
    }
  return NULL;
}

gboolean
lh_cli_part_get_int (const LhCliPart *part,
                     JsonObject      *object,
                     const char      *where,
                     const char      *name,
                     gint64           min,
                     gint64           max,
                     gint64          *out,
                     GError         **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_INT64 &&
      json_node_get_int (node) >= min && json_node_get_int (node) <= max)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  {
    g_autofree char *path = join_path (where, name);
    g_autofree char *min_text = g_strdup_printf ("%" G_GINT64_FORMAT, min);
    g_autofree char *max_text = g_strdup_printf ("%" G_GINT64_FORMAT, max);

    /* TRANSLATORS: "part-2.json: games[3].score is missing or not a whole number
     * from 0 to 9223372036854775807" */
    part_error (error, part->path, _("%s is missing or not a whole number from %s to %s"),
                path, min_text, max_text);
  }
  return FALSE;
}

char **
lh_cli_part_get_strv (const LhCliPart *part,
                      JsonObject      *object,
                      const char      *where,
                      const char      *name,
                      GError         **error)
{
  JsonNode *node = lh_cli_part_get_member (part, object, where, name, JSON_NODE_ARRAY, error);
  JsonArray *array;
  g_auto(GStrv) strings = NULL;

  if (node == NULL)
    return NULL;
  array = json_node_get_array (node);
  strings = g_new0 (char *, json_array_get_length (array) + 1);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_autofree char *path = join_path (where, name);

          part_error (error, part->path, _("%s[%u] is not a string"), path, i);
          return NULL;
        }
      strings[i] = g_strdup (json_node_get_string (element));
    }
  return g_steal_pointer (&strings);
}

/* The string member @name of the top level, or NULL with @error. */
static const char *
get_string (const LhCliPart *part, const char *name, GError **error)
{
  JsonNode *node = lh_cli_part_get_member (part, part->root, NULL, name, JSON_NODE_VALUE, error);

  if (node == NULL)
    return NULL;
  if (json_node_get_value_type (node) != G_TYPE_STRING)
    {
      part_error (error, part->path, _("%s is not a string"), name);
      return NULL;
    }
  if (!g_utf8_validate (json_node_get_string (node), -1, NULL))
    {
      part_error (error, part->path, _("%s is not valid UTF-8 text"), name);
      return NULL;
    }
  return json_node_get_string (node);
}

/* Checks "format", "version" and "checksum" (removing it from the root). */
static gboolean
check_format (LhCliPart *part, GError **error)
{
  JsonNode *node = json_object_get_member (part->root, "format");
  g_autofree char *checksum = NULL;
  g_autofree char *expected = NULL;
  gint64 version;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (node), LH_CLI_PART_FORMAT) != 0)
    {
      /* TRANSLATORS: "x.json is not a part file of a sharded run (its "format" is not
       * "lookahead-cli-part")" */
      part_error (error, part->path, _("not a part file of a sharded run (its “format” is not "
                                       "“%s”)"), LH_CLI_PART_FORMAT);
      return FALSE;
    }
  if (!lh_cli_part_get_int (part, part->root, NULL, "version", 1, G_MAXINT32, &version, error))
    return FALSE;
  if (version > LH_CLI_PART_VERSION)
    {
      part_error (error, part->path,
                  /* TRANSLATORS: "part-1.json: part format version 2 is newer than this
                   * lookahead-cli reads (1)" */
                  _("part format version %d is newer than this lookahead-cli reads (%d)"),
                  (int) version, LH_CLI_PART_VERSION);
      return FALSE;
    }

  node = json_object_get_member (part->root, "checksum");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    {
      part_error (error, part->path, _("it has no checksum"));
      return FALSE;
    }
  checksum = g_strdup (json_node_get_string (node));
  json_object_remove_member (part->root, "checksum");
  expected = lh_cli_part_compute_checksum (json_parser_get_root (part->parser));
  if (g_strcmp0 (checksum, expected) != 0)
    {
      part_error (error, part->path,
                  _("its checksum does not match its contents: the file was changed or damaged"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_envelope (LhCliPart *part, GError **error)
{
  static const char *const commands[] = { "bench", "sweep", "tune" };
  JsonNode *node;
  gint64 index, count, jobs;
  gboolean known = FALSE;

  if (!check_format (part, error) ||
      (part->program = get_string (part, "program", error)) == NULL ||
      (part->command = get_string (part, "command", error)) == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    known = known || g_str_equal (part->command, commands[i]);
  if (!known)
    {
      g_autofree char *quoted = lh_format_excerpt (part->command, -1, LH_FORMAT_EXCERPT_SHORT);

      /* TRANSLATORS: "x.json: “apply” is not a command that writes parts (bench, sweep,
       * tune)" */
      part_error (error, part->path, _("“%s” is not a command that writes parts (bench, sweep, "
                                       "tune)"), quoted);
      return FALSE;
    }

  node = lh_cli_part_get_member (part, part->root, NULL, "shard", JSON_NODE_OBJECT, error);
  if (node == NULL ||
      !lh_cli_part_get_int (part, json_node_get_object (node), "shard", "count", 1,
                            LH_CLI_MAX_SHARDS, &count, error) ||
      !lh_cli_part_get_int (part, json_node_get_object (node), "shard", "index", 1, count,
                            &index, error) ||
      !lh_cli_part_get_int (part, part->root, NULL, "jobs", 1, G_MAXINT32, &jobs, error))
    return FALSE;
  part->shard = (LhCliShard) { (guint) index, (guint) count };
  part->jobs = (guint) jobs;

  node = lh_cli_part_get_member (part, part->root, NULL, "seconds", JSON_NODE_VALUE, error);
  if (node == NULL)
    return FALSE;
  part->seconds = json_node_get_double (node);
  if (!(part->seconds >= 0.0) || !isfinite (part->seconds))
    {
      part_error (error, part->path, _("seconds is not a time"));
      return FALSE;
    }

  if ((node = lh_cli_part_get_member (part, part->root, NULL, "options", JSON_NODE_OBJECT,
                                      error)) == NULL)
    return FALSE;
  part->options = json_node_get_object (node);
  if ((node = lh_cli_part_get_member (part, part->root, NULL, "run", JSON_NODE_OBJECT,
                                      error)) == NULL)
    return FALSE;
  part->run = json_node_get_object (node);
  return TRUE;
}

LhCliPart *
lh_cli_part_load (const char *path,
                  GError    **error)
{
  g_autoptr(LhCliPart) part = g_new0 (LhCliPart, 1);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  JsonNode *root;

  part->path = g_strdup (path);
  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", local_error->message);
      return NULL;
    }
  part->parser = json_parser_new ();
  if (!json_parser_load_from_data (part->parser, contents, (gssize) length, &local_error))
    {
      const char *reason = local_error->message;

      /* json-glib's messages start "<data>:LINE:COLUMN: "; the file is named anyway. */
      if (g_str_has_prefix (reason, "<data>:"))
        reason += strlen ("<data>:");
      g_autofree char *quoted = lh_format_excerpt (reason, -1, LH_FORMAT_EXCERPT_MESSAGE);

      /* TRANSLATORS: "part-2.json: not JSON or cut short (1:2000: Parse error:
       * unexpected end of file)" */
      part_error (error, path, _("not JSON or cut short (%s)"), quoted);
      return NULL;
    }
  root = json_parser_get_root (part->parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      part_error (error, path, _("not a part file of a sharded run (not a JSON object)"));
      return NULL;
    }
  part->root = json_node_get_object (root);
  if (!read_envelope (part, error))
    return NULL;
  return g_steal_pointer (&part);
}

static int
compare_shards (gconstpointer a, gconstpointer b)
{
  const LhCliPart *part_a = *(const LhCliPart *const *) a;
  const LhCliPart *part_b = *(const LhCliPart *const *) b;

  return (part_a->shard.index > part_b->shard.index) - (part_a->shard.index < part_b->shard.index);
}

/* Checks that @part is of the same run as @first. */
static gboolean
check_same_run (const LhCliPart *first, const LhCliPart *part, GError **error)
{
  g_autoptr(JsonNode) first_run = json_node_init_object (json_node_alloc (), first->run);
  g_autoptr(JsonNode) run = json_node_init_object (json_node_alloc (), part->run);
  g_autofree char *where = NULL;
  g_autofree char *first_value = NULL;
  g_autofree char *value = NULL;

  if (!g_str_equal (first->command, part->command))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: "a.json is a part of “bench” but b.json of “sweep”" */
                   _("%s is a part of “%s” but %s of “%s”"),
                   first->path, first->command, part->path, part->command);
      return FALSE;
    }
  if (!g_str_equal (first->program, part->program))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: "a.json was written by lookahead-cli 0.1 but b.json by
                    * lookahead-cli 0.2: ..." */
                   _("%s was written by %s but %s by %s: their games may differ; run every "
                     "shard with one version"),
                   first->path, first->program, part->path, part->program);
      return FALSE;
    }
  if (first->shard.count != part->shard.count)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: "a.json is shard 1 of 4 but b.json shard 2 of 5: parts of
                    * different runs" */
                   _("%s is shard %u of %u but %s shard %u of %u: parts of different runs"),
                   first->path, first->shard.index, first->shard.count,
                   part->path, part->shard.index, part->shard.count);
      return FALSE;
    }
  if (lh_cli_json_find_difference (first_run, run, &where, &first_value, &value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* TRANSLATORS: "a.json and b.json are parts of different runs: run.parameters.depth
                    * is 1 in the first, 2 in the second" */
                   _("%s and %s are parts of different runs: run.%s is %s in the first, %s in "
                     "the second"),
                   first->path, part->path, where, first_value, value);
      return FALSE;
    }
  return TRUE;
}

gboolean
lh_cli_parts_check (GPtrArray *parts,
                    GError   **error)
{
  const LhCliPart *first;
  guint count, i;
  GString *missing;
  guint n_missing = 0;

  g_return_val_if_fail (parts != NULL && parts->len > 0, FALSE);

  first = g_ptr_array_index (parts, 0);
  for (i = 1; i < parts->len; i++)
    if (!check_same_run (first, g_ptr_array_index (parts, i), error))
      return FALSE;

  g_ptr_array_sort (parts, compare_shards);
  for (i = 1; i < parts->len; i++)
    {
      const LhCliPart *a = g_ptr_array_index (parts, i - 1);
      const LhCliPart *b = g_ptr_array_index (parts, i);

      if (a->shard.index == b->shard.index)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* TRANSLATORS: "a.json and b.json are both shard 3 of 4" */
                       _("%s and %s are both shard %u of %u"),
                       a->path, b->path, a->shard.index, a->shard.count);
          return FALSE;
        }
    }

  count = first->shard.count;
  if (parts->len == count)
    return TRUE;

  /* Sorted and without duplicates, so some of 1 .. count are missing. */
  missing = g_string_new (NULL);
  for (guint shard = 1, next = 0; shard <= count; shard++)
    {
      if (next < parts->len &&
          ((const LhCliPart *) g_ptr_array_index (parts, next))->shard.index == shard)
        {
          next++;
          continue;
        }
      if (n_missing < MAX_LISTED_SHARDS)
        g_string_append_printf (missing, "%s%u", n_missing > 0 ? ", " : "", shard);
      else if (n_missing == MAX_LISTED_SHARDS)
        g_string_append (missing, ", …");
      n_missing++;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* TRANSLATORS: "shards 2, 4 of 4 are missing: give a part of every shard"; the
                * first %s lists shard numbers */
               g_dngettext (GETTEXT_PACKAGE,
                            "shard %s of %u is missing: give a part of every shard",
                            "shards %s of %u are missing: give a part of every shard",
                            n_missing),
               missing->str, count);
  g_string_free (missing, TRUE);
  return FALSE;
}

gboolean
lh_cli_part_read_options (const LhCliPart    *part,
                          LhCliSearchOptions *search,
                          const char         *games_option,
                          int                *n_games,
                          int                *rows,
                          int                *cols,
                          GError            **error)
{
  g_autoptr(GError) search_error = NULL;
  gint64 games, r, c;

  if (!lh_cli_search_options_read_json (search, json_object_get_member (part->options, "search"),
                                        &search_error))
    {
      part_error (error, part->path, "options.search: %s", search_error->message);
      return FALSE;
    }
  if (!lh_cli_part_get_int (part, part->options, "options", games_option, 1, G_MAXINT, &games,
                            error) ||
      !lh_cli_part_get_int (part, part->options, "options", "rows", 0, G_MAXINT, &r, error) ||
      !lh_cli_part_get_int (part, part->options, "options", "cols", 0, G_MAXINT, &c, error))
    return FALSE;
  *n_games = (int) games;
  *rows = (int) r;
  *cols = (int) c;
  return TRUE;
}

/* A deep copy of @part's run in which "parameters" has every member that
 * the default parameters of its solver have: a part written before a
 * solver parameter existed (expectimax's "evaluation", the "evaluator")
 * lacks it, and a missing parameter takes its default. */
static JsonNode *
run_with_defaults (const LhCliPart *part)
{
  g_autoptr(JsonNode) stored = json_node_init_object (json_node_alloc (), part->run);
  g_autofree char *text = json_to_string (stored, FALSE);
  JsonNode *run = json_from_string (text, NULL);
  JsonNode *parameters;
  LhSolverParams defaults;
  LhSolverKind kind;

  g_assert (run != NULL && JSON_NODE_HOLDS_OBJECT (run));
  parameters = json_object_get_member (json_node_get_object (run), "parameters");
  if (parameters == NULL || !JSON_NODE_HOLDS_OBJECT (parameters)
      || !lh_solver_kind_from_string (json_object_get_string_member_with_default (
                                        json_node_get_object (parameters), "solver", ""), &kind))
    return run;

  lh_solver_params_init_default (&defaults);
  defaults.kind = kind;
  {
    g_autoptr(JsonBuilder) builder = json_builder_new ();
    g_autoptr(JsonNode) root = NULL;
    JsonObject *have = json_node_get_object (parameters);
    JsonObject *wanted;
    g_autoptr(GList) members = NULL;

    json_builder_begin_object (builder);
    lh_cli_json_add_solver_params (builder, "parameters", &defaults);
    json_builder_end_object (builder);
    root = json_builder_get_root (builder);
    wanted = json_object_get_object_member (json_node_get_object (root), "parameters");
    members = json_object_get_members (wanted);
    for (GList *l = members; l != NULL; l = l->next)
      if (!json_object_has_member (have, l->data))
        json_object_set_member (have, l->data, json_node_copy (json_object_get_member (wanted, l->data)));
  }
  return run;
}

gboolean
lh_cli_part_check_run (const LhCliPart *part,
                       JsonNode        *rebuilt,
                       GError         **error)
{
  g_autoptr(JsonNode) run = run_with_defaults (part);
  g_autofree char *where = NULL;
  g_autofree char *stored = NULL;
  g_autofree char *value = NULL;

  if (!lh_cli_json_find_difference (run, rebuilt, &where, &stored, &value))
    return TRUE;
  part_error (error, part->path,
              /* TRANSLATORS: "part-1.json: its options do not give back its run (run.x is 1 in
               * the file, 2 read back): was it written by another version of lookahead-cli?" */
              _("its options do not give back its run (run.%s is %s in the file, %s read back): "
                "was it written by another version of lookahead-cli, or edited?"),
              where, stored, value);
  return FALSE;
}

/* The top-level array @name of @part, which must hold @n_items elements;
 * NULL with @error otherwise. */
static JsonArray *
get_items (const LhCliPart *part,
           const char      *name,
           guint            n_items,
           GError         **error)
{
  JsonNode *node = lh_cli_part_get_member (part, part->root, NULL, name, JSON_NODE_ARRAY, error);

  if (node == NULL)
    return NULL;
  if (json_array_get_length (json_node_get_array (node)) != n_items)
    {
      part_error (error, part->path,
                  /* TRANSLATORS: "part-2.json: points holds 4 items, but the run has 3" */
                  _("%s holds %u items, but the run has %u"), name,
                  json_array_get_length (json_node_get_array (node)), n_items);
      return NULL;
    }
  return json_node_get_array (node);
}

/* Element @index of @array (at @where): an object whose "index" is @index;
 * NULL with @error otherwise. */
static JsonObject *
get_element (const LhCliPart *part,
             JsonArray       *array,
             const char      *where,
             guint            index,
             GError         **error)
{
  g_autofree char *path = g_strdup_printf ("%s[%u]", where, index);
  JsonNode *node = index < json_array_get_length (array)
                   ? json_array_get_element (array, index) : NULL;
  gint64 found;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      part_error (error, part->path, _("%s is missing or not an object"), path);
      return NULL;
    }
  if (!lh_cli_part_get_int (part, json_node_get_object (node), path, "index", index, index,
                            &found, error))
    return NULL;
  return json_node_get_object (node);
}

/* Reads one game of @part at @where into *@result and its index into *@k. */
static gboolean
read_game (const LhCliPart *part,
           JsonNode        *node,
           const char      *where,
           guint64          first_seed,
           guint            n_games,
           guint           *k,
           LhCliGameResult *result,
           GError         **error)
{
  JsonObject *game;
  JsonNode *search_ms;
  gint64 index, seed, score, max_tile, moves, nodes, playouts, iterations;
  gint64 optimal_moves = 0;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      part_error (error, part->path, _("%s is not an object"), where);
      return FALSE;
    }
  game = json_node_get_object (node);
  if (!lh_cli_part_get_int (part, game, where, "index", 0, (gint64) n_games - 1, &index, error) ||
      !lh_cli_part_get_int (part, game, where, "seed", 0, G_MAXINT64, &seed, error) ||
      !lh_cli_part_get_int (part, game, where, "score", 0, G_MAXINT64, &score, error) ||
      !lh_cli_part_get_int (part, game, where, "max_tile", 2, (gint64) 1 << LH_WIDE_MAX_EXPONENT, &max_tile,
                            error) ||
      !lh_cli_part_get_int (part, game, where, "moves", 0, G_MAXINT64, &moves, error) ||
      !lh_cli_part_get_int (part, game, where, "nodes", 0, G_MAXINT64, &nodes, error) ||
      !lh_cli_part_get_int (part, game, where, "playouts", 0, G_MAXINT64, &playouts, error) ||
      !lh_cli_part_get_int (part, game, where, "iterations", 0, G_MAXINT64, &iterations, error))
    return FALSE;
  if ((guint64) seed != first_seed + (guint64) index)
    {
      part_error (error, part->path,
                  /* TRANSLATORS: "part-2.json: games[3]: game 5 has the seed 9, not 6 (the run's
                   * seed + 5)" */
                  _("%s: game %u has the seed %lld, not %llu (the run's seed + %u)"),
                  where, (guint) index, (long long) seed,
                  (unsigned long long) (first_seed + (guint64) index), (guint) index);
      return FALSE;
    }
  if ((max_tile & (max_tile - 1)) != 0)
    {
      part_error (error, part->path, _("%s: max_tile %lld is not a tile"),
                  where, (long long) max_tile);
      return FALSE;
    }
  search_ms = lh_cli_part_get_member (part, game, where, "search_ms", JSON_NODE_VALUE, error);
  if (search_ms == NULL)
    return FALSE;
  *result = (LhCliGameResult) {
    .score = (guint64) score, .max_tile = (guint64) max_tile, .moves = (guint64) moves,
    .nodes = (guint64) nodes, .playouts = (guint64) playouts,
    .iterations = (guint64) iterations, .search_ms = json_node_get_double (search_ms),
  };
  if (!(result->search_ms >= 0.0) || !isfinite (result->search_ms))
    {
      part_error (error, part->path, _("%s: search_ms is not a time"), where);
      return FALSE;
    }
  /* A game measured against optimal play (bench --versus-optimal). */
  if (json_object_has_member (game, "regret") || json_object_has_member (game, "optimal_moves"))
    {
      JsonNode *regret = lh_cli_part_get_member (part, game, where, "regret", JSON_NODE_VALUE, error);

      if (regret == NULL ||
          !lh_cli_part_get_int (part, game, where, "optimal_moves", 0, moves, &optimal_moves, error))
        return FALSE;
      result->regret = json_node_get_double (regret);
      result->optimal_moves = (guint64) optimal_moves;
      if (!(result->regret >= 0.0) || !isfinite (result->regret))
        {
          part_error (error, part->path, _("%s: regret is not a number of points"), where);
          return FALSE;
        }
    }
  *k = (guint) index;
  return TRUE;
}

gboolean
lh_cli_part_read_games (const LhCliPart *part,
                        JsonObject      *holder,
                        const char      *where,
                        guint64          first_seed,
                        guint            n_games,
                        LhCliGameResult *results,
                        GError         **error)
{
  return lh_cli_part_read_games_member (part, holder, where, "games", first_seed, n_games,
                                        results, error);
}

gboolean
lh_cli_part_read_games_member (const LhCliPart *part,
                               JsonObject      *holder,
                               const char      *where,
                               const char      *name,
                               guint64          first_seed,
                               guint            n_games,
                               LhCliGameResult *results,
                               GError         **error)
{
  g_autofree char *games_where = join_path (where, name);
  guint expected = lh_cli_shard_n_items (&part->shard, n_games);
  g_autofree guint8 *seen = g_new0 (guint8, expected);
  JsonNode *node = lh_cli_part_get_member (part, holder, where, name, JSON_NODE_ARRAY, error);
  JsonArray *games;
  guint length;

  if (node == NULL)
    return FALSE;
  games = json_node_get_array (node);
  length = json_array_get_length (games);
  if (length != expected)
    {
      part_error (error, part->path,
                  /* TRANSLATORS: "part-2.json: games holds 4 games, but shard 2 of 4 of 20 games
                   * has 5" */
                  _("%s holds %u games, but shard %u of %u of %u games has %u"),
                  games_where, length, part->shard.index, part->shard.count, n_games, expected);
      return FALSE;
    }
  for (guint i = 0; i < length; i++)
    {
      g_autofree char *game_where = g_strdup_printf ("%s[%u]", games_where, i);
      LhCliGameResult result;
      guint k = 0;

      if (!read_game (part, json_array_get_element (games, i), game_where, first_seed, n_games,
                      &k, &result, error))
        return FALSE;
      if (!lh_cli_shard_owns (&part->shard, k))
        {
          part_error (error, part->path,
                      /* TRANSLATORS: "part-2.json: games[1]: game 4 is not of shard 2 of 4" */
                      _("%s: game %u is not of shard %u of %u"),
                      game_where, k, part->shard.index, part->shard.count);
          return FALSE;
        }
      if (seen[k / part->shard.count]++)
        {
          part_error (error, part->path, _("%s: game %u comes twice"), game_where, k);
          return FALSE;
        }
      results[k] = result;
    }
  return TRUE;
}

const LhCliPart *
lh_cli_merge_first_part (const LhCliMerge *merge)
{
  return g_ptr_array_index (merge->parts, 0);
}

gboolean
lh_cli_merge_read_games (const LhCliMerge *merge,
                         const char       *items,
                         guint             n_items,
                         guint             item,
                         guint64           first_seed,
                         guint             n_games,
                         LhCliGameResult  *results,
                         GError          **error)
{
  g_autofree char *where = items != NULL ? g_strdup_printf ("%s[%u]", items, item) : NULL;

  for (guint i = 0; i < merge->parts->len; i++)
    {
      const LhCliPart *part = g_ptr_array_index (merge->parts, i);
      JsonObject *holder = part->root;

      if (items != NULL)
        {
          JsonArray *array = get_items (part, items, n_items, error);

          if (array == NULL || (holder = get_element (part, array, items, item, error)) == NULL)
            return FALSE;
        }
      if (!lh_cli_part_read_games (part, holder, where, first_seed, n_games, results, error))
        return FALSE;
    }
  return TRUE;
}
