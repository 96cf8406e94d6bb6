/* lh-save-file.c: reading and writing the saved game (see lh-save-file.h). */
#include "lh-save-file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#ifdef G_OS_UNIX
#include <unistd.h>
#endif
#include <json-glib/json-glib.h>

#include "lh-board-text.h"
#include "lh-format.h"
#include "lh-game-record.h"
#include "lh-json-member.h"

/* Writes @data to @path so that a crash (or SIGKILL, or a power cut) at any
 * moment leaves either the old file or the new one, never a part of one: the
 * data goes to a temporary file beside @path, which is flushed to disk
 * (always, even for the first save: G_FILE_SET_CONTENTS_DURABLE) and renamed
 * over @path; then the folder is flushed too, so the rename itself lasts. */
static gboolean
write_atomically (const char *path, const char *data, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd;

  if (!g_file_set_contents_full (path, data, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0666, error))
    return FALSE;
#ifdef G_OS_UNIX
  fd = g_open (dir, O_RDONLY | O_DIRECTORY, 0);
  if (fd >= 0)
    {
      fsync (fd);  /* best effort: the file is written either way */
      g_close (fd, NULL);
    }
#else
  (void) fd;
#endif
  return TRUE;
}

char *
lh_save_file_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "lookahead", "game.json", NULL);
}

char *
lh_save_file_to_data (const LhGame *game, gboolean won)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  LhGeometry geometry = lh_game_get_geometry (game);
  const LhRng *rng = lh_game_get_rng (game);
  g_autoptr(LhGameRecord) record = lh_game_record_new_from_game (game);
  g_autofree char *board = lh_wide_board_to_hex (lh_game_get_wide_board (game), geometry);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_int_value (builder, LH_SAVE_FILE_FORMAT);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, geometry.cols);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, board);
  json_builder_set_member_name (builder, "score");
  json_builder_add_int_value (builder, (gint64) lh_game_get_score (game));
  json_builder_set_member_name (builder, "moves");
  json_builder_add_int_value (builder, (gint64) lh_game_get_n_moves (game));

  json_builder_set_member_name (builder, "rng");
  json_builder_begin_array (builder);
  for (guint i = 0; i < 4; i++)
    {
      char word[17];
      g_snprintf (word, sizeof word, "%016" G_GINT64_MODIFIER "x", rng->s[i]);
      json_builder_add_string_value (builder, word);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "won");
  json_builder_add_boolean_value (builder, won);

  json_builder_set_member_name (builder, "record");
  json_builder_begin_object (builder);
  lh_game_record_build_json (record, builder);
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* TRUE when @text is 1 to 16 lowercase hex digits, the form
 * lh_save_file_to_data() writes (no sign, no "0x", no spaces). */
static gboolean
is_rng_word (const char *text)
{
  gsize n = 0;

  for (const char *p = text; *p != '\0'; p++, n++)
    if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
      return FALSE;
  return n >= 1 && n <= 16;
}

/* Format 1's undo history ("history": boards and scores before each move,
 * oldest first, at most LH_GAME_MAX_UNDO), its moves inferred. */
static LhGameRecord *
read_history (JsonObject  *root,
              const char  *where,
              LhGeometry   geometry,
              LhWideBoard  wide_board,
              guint64      score,
              GError     **error)
{
  LhBoard board;

  JsonNode *node = json_object_get_member (root, "history");
  g_autofree LhBoard *boards = NULL;
  g_autofree guint64 *scores = NULL;
  JsonArray *array = NULL;
  guint n_history = 0;

  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        {
          lh_json_member_invalid (error, _("%s: the member “history” is not an array"), where);
          return NULL;
        }
      array = json_node_get_array (node);
      n_history = json_array_get_length (array);
      if (n_history > LH_GAME_MAX_UNDO)
        {
          lh_json_member_invalid (error, _("%s: the member “history” has %u entries, more than %u"),
                                  where, n_history, (guint) LH_GAME_MAX_UNDO);
          return NULL;
        }
    }
  /* Format 1 was written while boards were 64-bit words. */
  if (!lh_wide_board_to_board (wide_board, geometry, &board))
    {
      lh_json_member_invalid (error, _("%s: the member “board” does not fit a game of format 1 "
                                       "(up to 4×4, tiles up to 32768)"), where);
      return NULL;
    }
  boards = g_new0 (LhBoard, n_history + 1);
  scores = g_new0 (guint64, n_history + 1);
  for (guint i = 0; i < n_history; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *entry = g_strdup_printf (_("game.json, history entry %u"), i + 1);
      gint64 entry_score;
      LhWideBoard entry_board;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          lh_json_member_invalid (error, _("%s: not an object"), entry);
          return NULL;
        }
      if (!lh_json_member_wide_board (json_node_get_object (element), entry, "board", geometry,
                                      &entry_board, error)
          || !lh_json_member_int (json_node_get_object (element), entry, "score",
                                  0, G_MAXINT64, &entry_score, error))
        return NULL;
      if (!lh_wide_board_to_board (entry_board, geometry, &boards[i]))
        {
          lh_json_member_invalid (error, _("%s: the board does not fit a game of format 1 "
                                           "(up to 4×4, tiles up to 32768)"), entry);
          return NULL;
        }
      scores[i] = (guint64) entry_score;
    }
  boards[n_history] = board;
  scores[n_history] = score;
  return lh_game_record_new_inferred (geometry, boards, scores, n_history + 1, NULL);
}

/* The "record" of format 2 (a game record of version 1) or 3 (version 2),
 * which must end at the saved board and score. */
static LhGameRecord *
read_record (JsonObject  *root,
             const char  *where,
             gint64       format,
             LhGeometry   geometry,
             LhWideBoard  board,
             guint64      score,
             GError     **error)
{
  g_autofree char *place = g_strdup_printf (_("%s, “%s”"), where, "record");
  JsonObject *object = lh_json_member_object (root, where, "record", error);
  g_autoptr(LhGameRecord) record = NULL;
  guint n;

  if (object == NULL
      || (record = lh_game_record_from_json (object, place, format == 2 ? 1 : 2, error)) == NULL)
    return NULL;
  n = lh_game_record_get_n_moves (record);
  if (!lh_geometry_equal (lh_game_record_get_geometry (record), geometry)
      || lh_game_record_get_wide_board (record, n) != board
      || lh_game_record_get_score (record, n) != score)
    {
      lh_json_member_invalid (error, _("%s: the game's record does not end at its board and score"),
                              where);
      return NULL;
    }
  return g_steal_pointer (&record);
}

/* The game at the end of @record, its undo history the record's last
 * LH_GAME_MAX_UNDO positions. */
static LhGame *
game_from_record (LhGeometry geometry, LhGameRecord *record, guint64 n_moves, const LhRng *rng)
{
  guint n = lh_game_record_get_n_moves (record);
  guint n_history = MIN (n, LH_GAME_MAX_UNDO);
  g_autofree LhWideBoard *boards = g_new (LhWideBoard, n_history + 1);
  g_autofree guint64 *scores = g_new (guint64, n_history + 1);
  g_autofree LhGameStep *steps = g_new (LhGameStep, n + 1);
  LhGame *game;

  for (guint i = 0; i < n_history; i++)
    {
      boards[i] = lh_game_record_get_wide_board (record, n - n_history + i);
      scores[i] = lh_game_record_get_score (record, n - n_history + i);
    }
  for (guint i = 0; i < n; i++)
    steps[i] = *lh_game_record_get_step (record, i);
  game = lh_game_new_from_state (geometry, lh_game_record_get_rules (record),
                                 lh_game_record_get_wide_board (record, n),
                                 lh_game_record_get_score (record, n), n_moves, rng,
                                 boards, scores, n_history);
  if (game != NULL)
    lh_game_set_steps (game, lh_game_record_get_wide_board (record, 0),
                       lh_game_record_get_score (record, 0), steps, n);
  return game;
}

LhGame *
lh_save_file_from_data (const char *data,
                        gssize      length,
                        gboolean   *won,
                        GError    **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(LhGameRecord) record = NULL;
  JsonObject *root;
  JsonNode *node;
  JsonArray *array;
  const char *where = "game.json";
  gint64 format, rows, cols, score, n_moves;
  LhGeometry geometry;
  LhWideBoard board;
  LhRng rng;
  gboolean saved_won = FALSE;
  LhGame *game;

  parser = lh_json_parse (data, length, where, error);
  if (parser == NULL)
    return NULL;
  node = json_parser_get_root (parser);
  root = json_node_get_object (node);

  if (!lh_json_member_int (root, where, "format", 1, G_MAXINT64, &format, error))
    return NULL;
  if (format > LH_SAVE_FILE_FORMAT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* Translators: %s the file, then the format number found and the newest known */
                   _("%s: the game was saved by a newer version of Lookahead (format %d; "
                     "this version reads up to format %d)"),
                   where, (int) MIN (format, G_MAXINT), LH_SAVE_FILE_FORMAT);
      return NULL;
    }
  if (!lh_json_member_int (root, where, "rows", LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE, &rows, error)
      || !lh_json_member_int (root, where, "cols", LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE, &cols, error))
    return NULL;
  geometry = (LhGeometry) { (guint8) rows, (guint8) cols };

  if (!lh_json_member_wide_board (root, where, "board", geometry, &board, error)
      || !lh_json_member_int (root, where, "score", 0, G_MAXINT64, &score, error)
      || !lh_json_member_int (root, where, "moves", 0, G_MAXINT64, &n_moves, error))
    return NULL;
  if (lh_wide_board_count_empty (board, geometry) == (guint) geometry.rows * geometry.cols)
    {
      lh_json_member_invalid (error, _("%s: the member “board” has no tiles; a game always has at least one"),
               where);
      return NULL;
    }

  node = json_object_get_member (root, "rng");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node)
      || json_array_get_length (json_node_get_array (node)) != 4)
    {
      lh_json_member_invalid (error, _("%s: the member “rng” must be an array of 4 strings of 16 hex digits"), where);
      return NULL;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < 4; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      const char *text = NULL;

      if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING)
        text = json_node_get_string (element);
      if (text == NULL)
        {
          lh_json_member_invalid (error, _("%s: rng[%u] is not a string of 1 to 16 hex digits"), where, i);
          return NULL;
        }
      if (!is_rng_word (text))
        {
          g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

          lh_json_member_invalid (error, _("%s: rng[%u] “%s” is not a string of 1 to 16 hex digits (0-9, a-f)"),
                   where, i, quoted);
          return NULL;
        }
      rng.s[i] = g_ascii_strtoull (text, NULL, 16);
    }
  if ((rng.s[0] | rng.s[1] | rng.s[2] | rng.s[3]) == 0)
    {
      lh_json_member_invalid (error, _("%s: the member “rng” is all zero, which is no valid generator state"), where);
      return NULL;
    }

  node = json_object_get_member (root, "won");
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          lh_json_member_invalid (error, _("%s: the member “won” is not true or false"), where);
          return NULL;
        }
      saved_won = json_node_get_boolean (node);
    }

  if (format == 1)
    record = read_history (root, where, geometry, board, (guint64) score, error);
  else
    record = read_record (root, where, format, geometry, board, (guint64) score, error);
  if (record == NULL)
    return NULL;
  game = game_from_record (geometry, record, (guint64) n_moves, &rng);
  if (game == NULL)
    {
      lh_json_member_invalid (error, _("%s: the game state is not consistent (a tile outside the %u×%u board)"),
                              where, geometry.rows, geometry.cols);
      return NULL;
    }

  if (won != NULL)
    *won = saved_won;
  return game;
}

gboolean
lh_save_file_save (const char   *path,
                   const LhGame *game,
                   gboolean      won,
                   GError      **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  data = lh_save_file_to_data (game, won);
  return write_atomically (path, data, error);
}

gboolean
lh_save_file_write_data (const char  *path,
                         const char  *data,
                         GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_return_val_if_fail (path != NULL && data != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  return write_atomically (path, data, error);
}

/* A path "@path.@kind-YYYYMMDD-HHMMSS[-N]" that names no file yet. */
static char *
stamped_path (const char *path, const char *kind)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *base = g_strdup_printf ("%s.%s-%s", path, kind, stamp);
  char *target = g_strdup (base);

  for (guint i = 2; g_file_test (target, G_FILE_TEST_EXISTS); i++)
    {
      g_free (target);
      target = g_strdup_printf ("%s-%u", base, i);
    }
  return target;
}

char *
lh_save_file_session_path (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);
  return stamped_path (path, "session");
}

static int
compare_names_descending (gconstpointer a, gconstpointer b)
{
  return -strcmp (*(char *const *) a, *(char *const *) b);
}

char **
lh_save_file_find_sessions (const char *path)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *prefix = g_strconcat (base, ".session-", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  GPtrArray *found = g_ptr_array_new ();
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && !g_str_has_suffix (name, "~"))
      g_ptr_array_add (found, g_strdup (name));
  g_ptr_array_sort (found, compare_names_descending);
  for (guint i = 0; i < found->len; i++)
    {
      char *full = g_build_filename (dir_name, found->pdata[i], NULL);
      g_free (found->pdata[i]);
      found->pdata[i] = full;
    }
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (found, FALSE);
}

LhGame *
lh_save_file_load (const char *path,
                   gboolean   *won,
                   GError    **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return lh_save_file_from_data (data, (gssize) length, won, error);
}

gboolean
lh_save_file_is_temporary (const char *path, const char *name)
{
  g_autofree char *base = g_path_get_basename (path);
  gsize base_length = strlen (base);

  if (strlen (name) != base_length + 7 || strncmp (name, base, base_length) != 0
      || name[base_length] != '.')
    return FALSE;
  for (const char *c = name + base_length + 1; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

guint
lh_save_file_remove_temporaries (const char *path)
{
  g_autofree char *dir_name = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (lh_save_file_is_temporary (path, name))
      {
        g_autofree char *full = g_build_filename (dir_name, name, NULL);

        if (g_unlink (full) == 0)
          n++;
      }
  return n;
}

char *
lh_save_file_set_aside (const char *path, GError **error)
{
  char *target = stamped_path (path, "corrupt");

  if (g_rename (path, target) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not move “%s” to “%s”: %s"), path, target, g_strerror (saved_errno));
      g_free (target);
      return NULL;
    }
  return target;
}
