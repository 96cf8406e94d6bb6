/* lh-game-record.c: the record of a whole game and its file (see lh-game-record.h). */
#include "lh-game-record.h"

#include <glib/gi18n.h>

#include "lh-board-text.h"
#include "lh-format.h"
#include "lh-json-member.h"

struct _LhGameRecord {
  gatomicrefcount ref_count;
  LhGeometry      geometry;
  LhRules         rules;
  LhWideBoard     start;
  LhWideBoard     end;
  GArray         *steps;    /* LhGameStep, oldest first */
  guint64        *scores;   /* n + 1: the score at each position */
  char           *source;   /* (nullable) */
  char           *date;     /* (nullable) */
};

G_DEFINE_BOXED_TYPE (LhGameRecord, lh_game_record, lh_game_record_ref, lh_game_record_unref)

LhGameRecord *
lh_game_record_ref (LhGameRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_atomic_ref_count_inc (&record->ref_count);
  return record;
}

void
lh_game_record_unref (LhGameRecord *record)
{
  if (record == NULL || !g_atomic_ref_count_dec (&record->ref_count))
    return;
  g_array_unref (record->steps);
  g_free (record->scores);
  g_free (record->source);
  g_free (record->date);
  g_free (record);
}

/* Reading order (row * cols + col) of a game's cell index
 * (LH_GAME_CELL (row, col)), and back. */
static guint
cell_to_reading (guint cell, LhGeometry geometry)
{
  return (cell / LH_WIDE_MAX_SIDE) * geometry.cols + cell % LH_WIDE_MAX_SIDE;
}

static guint
reading_to_cell (guint reading, LhGeometry geometry)
{
  return LH_GAME_CELL (reading / geometry.cols, reading % geometry.cols);
}

gboolean
lh_game_record_check_step (LhWideBoard       board,
                           LhGeometry        geometry,
                           LhRules           rules,
                           const LhGameStep *step,
                           const char       *where,
                           GError          **error)
{
  guint64 points = 0;
  LhWideBoard after;
  guint row, col;

  if (step->move >= LH_N_MOVES)
    return lh_json_member_invalid (error, _("%s: the move is not up, down, left or right"), where);
  after = lh_rules_move (rules, board, geometry, (LhMove) step->move, &points);
  if (after == board)
    {
      g_autofree char *hex = lh_wide_board_to_hex (board, geometry);

      /* Translators: where, a move ("left"), a board in hex form */
      return lh_json_member_invalid (error, _("%s: the move “%s” is not legal on %s"),
                                     where, lh_move_to_string ((LhMove) step->move), hex);
    }
  if (points != step->points)
    {
      char scored[32], stated[32];

      g_snprintf (scored, sizeof scored, "%" G_GUINT64_FORMAT, points);
      g_snprintf (stated, sizeof stated, "%" G_GUINT64_FORMAT, step->points);
      /* Translators: where, the points the move scores, the points stated */
      return lh_json_member_invalid (error, _("%s: the move scores %s points, not %s"),
                                     where, scored, stated);
    }
  if (step->spawn_exponent != 1 && step->spawn_exponent != 2)
    return lh_json_member_invalid (error, _("%s: the spawned tile is not a 2 or a 4"), where);
  row = step->spawn_cell / LH_WIDE_MAX_SIDE;
  col = step->spawn_cell % LH_WIDE_MAX_SIDE;
  if (row >= geometry.rows || col >= geometry.cols)
    return lh_json_member_invalid (error, _("%s: the spawn's cell is outside the %u×%u board"),
                                   where, geometry.rows, geometry.cols);
  if (lh_wide_board_get_cell (after, row, col) != 0)
    return lh_json_member_invalid (error,
                                   _("%s: the tile spawns on cell %u (row %u, column %u), "
                                     "which the move did not leave empty"),
                                   where, cell_to_reading (step->spawn_cell, geometry),
                                   row + 1, col + 1);
  return TRUE;
}

/* A record without steps yet, and its scores' start. */
static LhGameRecord *
record_alloc (LhGeometry geometry, LhRules rules, LhWideBoard start, guint64 start_score,
              guint n_steps)
{
  LhGameRecord *record = g_new0 (LhGameRecord, 1);

  lh_engine_init ();  /* the move tables, to replay and check the moves */
  g_atomic_ref_count_init (&record->ref_count);
  record->geometry = geometry;
  record->rules = rules;
  record->start = start;
  record->end = start;
  record->steps = g_array_sized_new (FALSE, FALSE, sizeof (LhGameStep), n_steps);
  record->scores = g_new (guint64, n_steps + 1);
  record->scores[0] = start_score;
  return record;
}

/* Appends @step (checked already) after the record's end. */
static void
record_append (LhGameRecord *record, const LhGameStep *step)
{
  LhGameStep copy = *step;
  guint n = record->steps->len;

  copy.before = record->end;
  g_array_append_val (record->steps, copy);
  record->end = lh_game_step_after (&copy, record->geometry, record->rules);
  record->scores[n + 1] = record->scores[n] + copy.points;
}

LhGameRecord *
lh_game_record_new (LhGeometry        geometry,
                    LhRules           rules,
                    LhWideBoard       start,
                    guint64           start_score,
                    const LhGameStep *steps,
                    guint             n_steps,
                    GError          **error)
{
  g_autoptr(LhGameRecord) record = NULL;

  g_return_val_if_fail (lh_rules_accept (rules, geometry, start), NULL);
  g_return_val_if_fail (steps != NULL || n_steps == 0, NULL);

  record = record_alloc (geometry, rules, start, start_score, n_steps);
  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *where = g_strdup_printf (_("move %u"), i + 1);

      if (!lh_game_record_check_step (record->end, geometry, rules, &steps[i], where, error))
        return NULL;
      record_append (record, &steps[i]);
    }
  return g_steal_pointer (&record);
}

LhGameRecord *
lh_game_record_new_from_game (const LhGame *game)
{
  LhGeometry geometry = lh_game_get_geometry (game);
  const LhGameStep *steps;
  LhWideBoard start;
  guint64 start_score;
  guint n_steps;
  LhGameRecord *record;

  steps = lh_game_get_steps (game, &n_steps);
  lh_game_get_record_start (game, &start, &start_score);
  record = record_alloc (geometry, lh_game_get_rules (game), start, start_score, n_steps);
  for (guint i = 0; i < n_steps; i++)
    record_append (record, &steps[i]);
  g_warn_if_fail (record->end == lh_game_get_wide_board (game));
  return record;
}

/* The step from @before (score @score) to @next (score @next_score), or
 * FALSE when no move and spawn lead there. */
static gboolean
infer_step (LhBoard     before,
            LhBoard     next,
            guint64     score,
            guint64     next_score,
            LhGeometry  geometry,
            LhGameStep *step)
{
  for (guint m = 0; m < LH_N_MOVES; m++)
    {
      guint32 points = 0;
      LhBoard after = lh_board_move (before, geometry, (LhMove) m, &points);
      LhBoard added = next ^ after;
      guint cell;

      if (after == before || score + points != next_score || added == 0
          || (added & (added - 1) & ~(0xfULL << (4 * (__builtin_ctzll (added) / 4)))) != 0)
        continue;
      cell = __builtin_ctzll (added) / 4;
      if (((after >> (4 * cell)) & 0xf) != 0)
        continue;
      *step = (LhGameStep) {
        .before = lh_wide_board_from_board (before, geometry), .points = points,
        .move = (guint8) m, .player = LH_PLAYER_UNKNOWN,
        .spawn_cell = (guint8) LH_GAME_CELL (cell / 4, cell % 4),
        .spawn_exponent = (guint8) ((next >> (4 * cell)) & 0xf),
      };
      if (step->spawn_exponent == 1 || step->spawn_exponent == 2)
        return TRUE;
    }
  return FALSE;
}

LhGameRecord *
lh_game_record_new_inferred (LhGeometry     geometry,
                             const LhBoard *boards,
                             const guint64 *scores,
                             guint          n_boards,
                             guint         *first)
{
  g_autofree LhGameStep *steps = NULL;
  LhGameRecord *record;
  guint start;

  g_return_val_if_fail (lh_geometry_is_valid (geometry), NULL);
  g_return_val_if_fail (n_boards >= 1, NULL);

  /* Back from the current board while the positions join. */
  steps = g_new (LhGameStep, n_boards);
  start = n_boards - 1;
  while (start > 0
         && infer_step (boards[start - 1], boards[start], scores[start - 1], scores[start],
                        geometry, &steps[start - 1]))
    start--;

  record = record_alloc (geometry, LH_RULES_2048_CAPPED, lh_wide_board_from_board (boards[start], geometry),
                         scores[start], n_boards - 1 - start);
  for (guint i = start; i + 1 < n_boards; i++)
    record_append (record, &steps[i]);
  if (first != NULL)
    *first = start;
  return record;
}

LhGeometry
lh_game_record_get_geometry (const LhGameRecord *record)
{
  return record->geometry;
}

guint
lh_game_record_get_n_moves (const LhGameRecord *record)
{
  return record->steps->len;
}

const LhGameStep *
lh_game_record_get_step (const LhGameRecord *record, guint index)
{
  g_return_val_if_fail (index < record->steps->len, NULL);
  return &g_array_index (record->steps, LhGameStep, index);
}

LhRules
lh_game_record_get_rules (const LhGameRecord *record)
{
  return record->rules;
}

gboolean
lh_game_record_fits_board (const LhGameRecord *record)
{
  LhBoard board;

  /* The largest tile never falls, so the end fits when any position does not. */
  return lh_wide_board_to_board (record->end, record->geometry, &board);
}

LhWideBoard
lh_game_record_get_wide_board (const LhGameRecord *record, guint index)
{
  g_return_val_if_fail (index <= record->steps->len, record->end);
  if (index == record->steps->len)
    return record->end;
  return g_array_index (record->steps, LhGameStep, index).before;
}

LhBoard
lh_game_record_get_board (const LhGameRecord *record, guint index)
{
  LhBoard board = 0;

  g_return_val_if_fail (lh_wide_board_to_board (lh_game_record_get_wide_board (record, index),
                                                record->geometry, &board), 0);
  return board;
}

guint64
lh_game_record_get_score (const LhGameRecord *record, guint index)
{
  g_return_val_if_fail (index <= record->steps->len, record->scores[record->steps->len]);
  return record->scores[index];
}

gboolean
lh_game_record_is_over (const LhGameRecord *record)
{
  return lh_rules_legal_moves (record->rules, record->end, record->geometry) == 0;
}

const char *
lh_game_record_get_source (const LhGameRecord *record)
{
  return record->source;
}

const char *
lh_game_record_get_date (const LhGameRecord *record)
{
  return record->date;
}

LhGameRecord *
lh_game_record_with_source (const LhGameRecord *record,
                            const char         *source,
                            const char         *date)
{
  guint n = record->steps->len;
  LhGameRecord *copy = record_alloc (record->geometry, record->rules, record->start,
                                     record->scores[0], n);

  for (guint i = 0; i < n; i++)
    record_append (copy, &g_array_index (record->steps, LhGameStep, i));
  copy->source = g_strdup (source);
  copy->date = g_strdup (date);
  return copy;
}

LhGame *
lh_game_record_to_game (const LhGameRecord *record, guint index, guint64 seed)
{
  LhRng rng;

  g_return_val_if_fail (index <= record->steps->len, NULL);
  lh_rng_init (&rng, seed);
  return lh_game_new_from_state (record->geometry, record->rules,
                                 lh_game_record_get_wide_board (record, index),
                                 record->scores[index], 0, &rng, NULL, NULL, 0);
}

/* Writing */

/* @over: < 0 to leave "over" out, else its value */
static void
add_position (JsonBuilder *builder, const char *name, LhWideBoard board, LhGeometry geometry,
              guint64 score, int over)
{
  g_autofree char *hex = lh_wide_board_to_hex (board, geometry);

  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, hex);
  json_builder_set_member_name (builder, "score");
  json_builder_add_int_value (builder, (gint64) score);
  if (over >= 0)
    {
      json_builder_set_member_name (builder, "over");
      json_builder_add_boolean_value (builder, over != 0);
    }
  json_builder_end_object (builder);
}

static void
build_step (JsonBuilder *builder, const LhGameStep *step, LhGeometry geometry)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "move");
  json_builder_add_string_value (builder, lh_move_to_string ((LhMove) step->move));
  json_builder_set_member_name (builder, "by");
  json_builder_add_string_value (builder, lh_player_to_string ((LhPlayer) step->player));
  json_builder_set_member_name (builder, "points");
  json_builder_add_int_value (builder, (gint64) step->points);
  json_builder_set_member_name (builder, "spawn");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "cell");
  json_builder_add_int_value (builder, cell_to_reading (step->spawn_cell, geometry));
  json_builder_set_member_name (builder, "tile");
  json_builder_add_int_value (builder, (gint64) lh_tile_value (step->spawn_exponent));
  json_builder_end_object (builder);
  json_builder_end_object (builder);
}

/* The members but "moves". */
static void
build_header (const LhGameRecord *record, JsonBuilder *builder)
{
  json_builder_set_member_name (builder, "rules");
  json_builder_add_string_value (builder, lh_rules_to_string (record->rules));
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, record->geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, record->geometry.cols);
  add_position (builder, "start", record->start, record->geometry, record->scores[0], -1);
  add_position (builder, "end", record->end, record->geometry,
                record->scores[record->steps->len], lh_game_record_is_over (record));
  if (record->source != NULL)
    {
      json_builder_set_member_name (builder, "source");
      json_builder_add_string_value (builder, record->source);
    }
  if (record->date != NULL)
    {
      json_builder_set_member_name (builder, "date");
      json_builder_add_string_value (builder, record->date);
    }
}

void
lh_game_record_build_json (const LhGameRecord *record, JsonBuilder *builder)
{
  build_header (record, builder);
  json_builder_set_member_name (builder, "moves");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->steps->len; i++)
    build_step (builder, &g_array_index (record->steps, LhGameStep, i), record->geometry);
  json_builder_end_array (builder);
}

static char *
node_to_text (JsonNode *node, gboolean pretty)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_generator_set_pretty (generator, pretty);
  json_generator_set_root (generator, node);
  return json_generator_to_data (generator, NULL);
}

char *
lh_game_record_to_data (const LhGameRecord *record)
{
  g_autoptr(JsonBuilder) header = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *head = NULL;
  GString *text;
  gsize close;

  json_builder_begin_object (header);
  json_builder_set_member_name (header, "format");
  json_builder_add_string_value (header, LH_GAME_RECORD_FORMAT_NAME);
  json_builder_set_member_name (header, "version");
  json_builder_add_int_value (header, LH_GAME_RECORD_VERSION);
  build_header (record, header);
  json_builder_end_object (header);
  root = json_builder_get_root (header);
  head = node_to_text (root, TRUE);

  /* The header pretty, then "moves" with one move a line: readable, diffable
   * and about 70 bytes a move (a pretty array would take ten lines each). */
  text = g_string_new (head);
  close = text->len;
  while (close > 0 && text->str[close - 1] != '}')
    close--;
  g_return_val_if_fail (close > 0, g_string_free (text, TRUE));
  g_string_truncate (text, close - 1);
  while (text->len > 0 && g_ascii_isspace (text->str[text->len - 1]))
    g_string_truncate (text, text->len - 1);
  g_string_append (text, ",\n  \"moves\" : [");
  for (guint i = 0; i < record->steps->len; i++)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *line = NULL;

      build_step (builder, &g_array_index (record->steps, LhGameStep, i), record->geometry);
      node = json_builder_get_root (builder);
      line = node_to_text (node, FALSE);
      g_string_append_printf (text, "%s\n    %s", i == 0 ? "" : ",", line);
    }
  g_string_append (text, record->steps->len > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (text, FALSE);
}

/* Reading */

static gboolean
read_step (JsonNode    *node,
           const char  *where,
           LhGeometry   geometry,
           LhRules      rules,
           LhGameStep  *step,
           GError     **error)
{
  JsonObject *object, *spawn;
  const char *text;
  gint64 cell, tile, points;
  LhWideBoard before = step->before;
  LhMove move;
  LhPlayer player;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return lh_json_member_invalid (error, _("%s: not an object"), where);
  object = json_node_get_object (node);

  if ((text = lh_json_member_string (object, where, "move", error)) == NULL)
    return FALSE;
  if (!lh_move_from_string (text, &move))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      return lh_json_member_invalid (error, _("%s: “%s” is not a move (up, down, left or right)"),
                                     where, quoted);
    }
  player = LH_PLAYER_UNKNOWN;
  if (json_object_has_member (object, "by"))
    {
      if ((text = lh_json_member_string (object, where, "by", error)) == NULL)
        return FALSE;
      if (!lh_player_from_string (text, &player))
        {
          g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

          return lh_json_member_invalid (error,
                                         _("%s: “%s” is not a player (person, ai or unknown)"),
                                         where, quoted);
        }
    }
  points = -1;
  if (json_object_has_member (object, "points")
      && !lh_json_member_int (object, where, "points", 0, G_MAXINT64, &points, error))
    return FALSE;
  if ((spawn = lh_json_member_object (object, where, "spawn", error)) == NULL
      || !lh_json_member_int (spawn, where, "cell", 0, geometry.rows * geometry.cols - 1,
                              &cell, error)
      || !lh_json_member_int (spawn, where, "tile", 2, 4, &tile, error))
    return FALSE;
  if (tile != 2 && tile != 4)
    return lh_json_member_invalid (error, _("%s: the spawned tile is %d, not a 2 or a 4"),
                                   where, (int) tile);

  *step = (LhGameStep) {
    .before = before, .move = (guint8) move, .player = (guint8) player,
    .points = (guint64) MAX (points, 0),
    .spawn_cell = (guint8) reading_to_cell ((guint) cell, geometry),
    .spawn_exponent = (guint8) (tile == 2 ? 1 : 2),
  };
  if (points < 0)  /* not given: the move's own */
    lh_rules_move (rules, step->before, geometry, move, &step->points);
  return TRUE;
}

static gboolean
read_position (JsonObject  *object,
               const char  *where,
               const char  *name,
               LhGeometry   geometry,
               LhWideBoard *board,
               gint64      *score,
               GError     **error)
{
  g_autofree char *place = NULL;
  JsonObject *position = lh_json_member_object (object, where, name, error);

  if (position == NULL)
    return FALSE;
  /* Translators: the file's name, then a member's ("start", "end") */
  place = g_strdup_printf (_("%s, “%s”"), where, name);
  return lh_json_member_wide_board (position, place, "board", geometry, board, error)
         && lh_json_member_int (position, place, "score", 0, G_MAXINT64, score, error);
}

static gboolean
read_optional_string (JsonObject *object, const char *where, const char *name, char **out,
                      GError **error)
{
  const char *text;

  if (!json_object_has_member (object, name))
    return TRUE;
  if ((text = lh_json_member_string (object, where, name, error)) == NULL)
    return FALSE;
  if (!g_utf8_validate (text, -1, NULL))
    return lh_json_member_invalid (error, _("%s: the member “%s” is not valid UTF-8"), where, name);
  *out = g_strdup (text);
  return TRUE;
}

/* The member "rules" by @version of the format: in version 1, which
 * Lookahead wrote while its boards held tiles up to 32768 only, "2048"
 * names the capped rules. */
static gboolean
read_rules (JsonObject *object, const char *where, guint version, LhRules *rules,
            GError **error)
{
  const char *text = lh_json_member_string (object, where, "rules", error);

  if (text == NULL)
    return FALSE;
  if (!lh_rules_from_string (text, rules))
    {
      g_autofree char *quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* Translators: the file, the rules it names, then the two rules known */
                   _("%s: the game is played by the rules “%s”; this version knows only “%s” "
                     "and “%s”"),
                   where, quoted, lh_rules_to_string (LH_RULES_2048),
                   lh_rules_to_string (LH_RULES_2048_CAPPED));
      return FALSE;
    }
  if (version == 1)
    *rules = LH_RULES_2048_CAPPED;
  return TRUE;
}

LhGameRecord *
lh_game_record_from_json (JsonObject  *object,
                          const char  *where,
                          guint        version,
                          GError     **error)
{
  g_autoptr(LhGameRecord) record = NULL;
  LhRules rules;
  gint64 rows, cols, start_score, end_score;
  LhGeometry geometry;
  LhWideBoard start, end;
  JsonNode *moves;
  JsonArray *array;
  guint n;

  if (!read_rules (object, where, version, &rules, error))
    return NULL;
  if (!lh_json_member_int (object, where, "rows", LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE,
                           &rows, error)
      || !lh_json_member_int (object, where, "cols", LH_GEOMETRY_MIN_SIDE, LH_WIDE_MAX_SIDE,
                              &cols, error))
    return NULL;
  geometry = (LhGeometry) { (guint8) rows, (guint8) cols };
  if (!lh_rules_accept (rules, geometry, 0))
    {
      lh_json_member_invalid (error,
                              /* Translators: the file, the rules' name, rows, columns */
                              _("%s: the rules “%s” are played on boards up to 4×4, not %u×%u"),
                              where, lh_rules_to_string (rules), geometry.rows, geometry.cols);
      return NULL;
    }
  if (!read_position (object, where, "start", geometry, &start, &start_score, error))
    return NULL;
  if (!lh_rules_accept (rules, geometry, start))
    {
      lh_json_member_invalid (error,
                              _("%s: the start board has a tile above 32768, which the rules "
                                "“%s” do not allow"),
                              where, lh_rules_to_string (rules));
      return NULL;
    }
  if (lh_wide_board_count_empty (start, geometry) == (guint) geometry.rows * geometry.cols)
    {
      lh_json_member_invalid (error, _("%s: the start board has no tiles; a game always has one"),
                              where);
      return NULL;
    }

  moves = json_object_get_member (object, "moves");
  if (moves == NULL || !JSON_NODE_HOLDS_ARRAY (moves))
    {
      lh_json_member_invalid (error, _("%s: the member “moves” is missing or not an array"), where);
      return NULL;
    }
  array = json_node_get_array (moves);
  n = json_array_get_length (array);
  record = record_alloc (geometry, rules, start, (guint64) start_score, n);
  for (guint i = 0; i < n; i++)
    {
      /* Translators: the file's name, then a move's number from 1 */
      g_autofree char *place = g_strdup_printf (_("%s, move %u"), where, i + 1);
      LhGameStep step = { .before = record->end };

      if (!read_step (json_array_get_element (array, i), place, geometry, rules, &step, error)
          || !lh_game_record_check_step (record->end, geometry, rules, &step, place, error))
        return NULL;
      record_append (record, &step);
    }

  if (json_object_has_member (object, "end"))
    {
      if (!read_position (object, where, "end", geometry, &end, &end_score, error))
        return NULL;
      if (end != record->end || (guint64) end_score != record->scores[n])
        {
          g_autofree char *stated = lh_wide_board_to_hex (end, geometry);
          g_autofree char *reached = lh_wide_board_to_hex (record->end, geometry);
          char stated_score[32], reached_score[32];

          g_snprintf (stated_score, sizeof stated_score, "%" G_GINT64_FORMAT, end_score);
          g_snprintf (reached_score, sizeof reached_score, "%" G_GUINT64_FORMAT, record->scores[n]);
          lh_json_member_invalid (error,
                                  /* Translators: the file, a board and score it states, the
                                   * board and score its moves lead to */
                                  _("%s: the end is %s with %s points, but the moves lead to %s "
                                    "with %s points"),
                                  where, stated, stated_score, reached, reached_score);
          return NULL;
        }
    }
  if (!read_optional_string (object, where, "source", &record->source, error)
      || !read_optional_string (object, where, "date", &record->date, error))
    return NULL;
  return g_steal_pointer (&record);
}

LhGameRecord *
lh_game_record_from_data (const char  *data,
                          gssize       length,
                          const char  *where,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = lh_json_parse (data, length, where, error);
  JsonObject *root;
  const char *format;
  gint64 version;

  if (parser == NULL)
    return NULL;
  root = json_node_get_object (json_parser_get_root (parser));
  if ((format = lh_json_member_string (root, where, "format", error)) == NULL)
    return NULL;
  if (g_strcmp0 (format, LH_GAME_RECORD_FORMAT_NAME) != 0)
    {
      g_autofree char *quoted = lh_format_excerpt (format, -1, LH_FORMAT_EXCERPT_SHORT);

      lh_json_member_invalid (error, _("%s: the file is a “%s”, not a game record (“%s”)"),
                              where, quoted, LH_GAME_RECORD_FORMAT_NAME);
      return NULL;
    }
  if (!lh_json_member_int (root, where, "version", 1, G_MAXINT64, &version, error))
    return NULL;
  if (version > LH_GAME_RECORD_VERSION)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* Translators: the file, the version found and the newest known */
                   _("%s: the game was written by a newer version of Lookahead (version %d; "
                     "this version reads up to %d)"),
                   where, (int) MIN (version, G_MAXINT), LH_GAME_RECORD_VERSION);
      return NULL;
    }
  return lh_game_record_from_json (root, where, (guint) version, error);
}

LhGameRecord *
lh_game_record_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *name = g_filename_display_basename (path);
  gsize length = 0;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return lh_game_record_from_data (data, (gssize) length, name, error);
}

gboolean
lh_game_record_save (const LhGameRecord *record, const char *path, GError **error)
{
  g_autofree char *data = lh_game_record_to_data (record);

  return g_file_set_contents_full (path, data, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
}
