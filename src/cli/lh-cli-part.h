/* lh-cli-part.h: the part files that shards of `bench`, `sweep` and `tune`
 * write (--shard I/N, lh-cli-shard.h) and `lookahead-cli merge` reads.
 *
 * A part is one JSON object on one line, written atomically:
 *
 *   { "format": "lookahead-cli-part", "version": 1,
 *     "program": "lookahead-cli 0.1.0",     the version that played it
 *     "command": "bench",                   or "sweep", "tune"
 *     "shard": { "index": 2, "count": 4 },
 *     "jobs": 2,                            its --jobs (never changes a result)
 *     "options": { ... },                   what the run was asked: the solver
 *                                           options as given (lh_cli_search_
 *                                           options_add_json(), the preset
 *                                           included) and the command's own
 *                                           ("games", "rows", "cols", ...)
 *     "run": { ... },                       the run as settled: "games",
 *                                           "seed", "rows", "cols", "parameters"
 *                                           (the solver and every parameter it
 *                                           uses), "heuristic" (every parameter),
 *                                           "preset" (name or null), and the
 *                                           command's own (sweep's axes, tune's
 *                                           bounds, evaluations, design ...)
 *     ...                                   the command's raw results, each game
 *                                           as lh_cli_part_add_games() writes it
 *     "seconds": 12.5,                      its wall time
 *     "checksum": "sha256:..." }            of the compact JSON of all the
 *                                           members before it
 *
 * A game is { "index": k, "seed": S + k, "score", "max_tile", "moves",
 * "nodes", "playouts", "iterations" (whole numbers), "search_ms" (a real
 * number, ms) } and, for a game measured against optimal play (bench
 * --versus-optimal), "regret" (points, a real number) and "optimal_moves":
 * every field of LhCliGameResult (the last two 0 when absent), so that merge recomputes
 * every statistic with the commands' own summary code, exactly as one run
 * does.  Numbers are written by json-glib with 17 significant digits and
 * read back exactly.
 *
 * Merge rebuilds the run from part 1's "options" through the commands' own
 * checks, and refuses it unless that gives back the "run" stored (so a
 * part written by a version whose defaults differ is caught); a solver
 * parameter the stored "run.parameters" lacks (a part written before the
 * parameter existed, such as "evaluation" or "evaluator") takes its
 * default; parts belong to one run when their "command", "program" and
 * "run" are equal.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lh-cli-games.h"
#include "lh-cli-options.h"
#include "lh-cli-shard.h"

G_BEGIN_DECLS

#define LH_CLI_PART_FORMAT "lookahead-cli-part"
#define LH_CLI_PART_VERSION 1

/* ---- writing ---- */

/**
 * lh_cli_part_begin:
 * @command: "bench", "sweep" or "tune"
 * @shard: the shard this part holds
 * @n_jobs: the shard's --jobs
 *
 * Starts a part: the object is open and holds "format", "version",
 * "program", "command", "shard" and "jobs"; add "options", "run" and the
 * results, then finish with lh_cli_part_finish().
 *
 * Returns: (transfer full): the builder; free with g_object_unref().
 */
JsonBuilder *lh_cli_part_begin (const char       *command,
                                const LhCliShard *shard,
                                guint             n_jobs);

/**
 * lh_cli_part_begin_options:
 * @search: the solver options as given
 * @games_option: the command's option for the games ("games",
 *   "games-per-eval"), the key they are written under
 *
 * Opens member "options" of @builder's current object and adds "search"
 * (lh_cli_search_options_add_json()), @games_option, "rows" and "cols";
 * the caller adds the command's own options and closes the object with
 * json_builder_end_object().  lh_cli_part_read_options() reads it back.
 */
void lh_cli_part_begin_options (JsonBuilder              *builder,
                                const LhCliSearchOptions *search,
                                const char               *games_option,
                                guint                     n_games,
                                guint                     rows,
                                guint                     cols);

/**
 * lh_cli_part_run_begin:
 * @params: the run's (base) solver parameters
 * @preset_name: (nullable): --preset's name
 * @weights_path: (nullable): --weights's file, as given
 * @n_games: the games of the whole run (of every point, of each evaluation)
 *
 * Returns: (transfer full): a new builder holding an open object with the
 *   members every run has ("games", "seed", "rows", "cols", "parameters"
 *   (lh_cli_json_add_solver_params()), "heuristic", "preset"), and
 *   "weights" with --weights (absent without, as before the option); add the
 *   command's own and close it
 *   with lh_cli_part_run_end().
 */
JsonBuilder *lh_cli_part_run_begin (const LhSolverParams *params,
                                    const char           *preset_name,
                                    const char           *weights_path,
                                    LhGeometry            geometry,
                                    guint64               first_seed,
                                    guint                 n_games);

/**
 * lh_cli_part_run_end:
 * Closes the object lh_cli_part_run_begin() opened and frees @builder.
 * Returns: (transfer full): the run's JSON object.
 */
JsonNode *lh_cli_part_run_end (JsonBuilder *builder);

/**
 * lh_cli_part_add_games:
 * @name: the member's name ("games")
 * @shard: the shard whose games @results holds
 * @first_seed: the run's seed (game k has the seed @first_seed + k)
 * @results: the shard's games as lh_cli_games_play() returns them
 * @n_results: how many, lh_cli_shard_n_items (@shard, games)
 *
 * Adds member @name to the current object: an array of one object per
 * game in the order played, each with its global index and seed.
 */
void lh_cli_part_add_games (JsonBuilder           *builder,
                            const char            *name,
                            const LhCliShard      *shard,
                            guint64                first_seed,
                            const LhCliGameResult *results,
                            guint                  n_results);

/**
 * lh_cli_part_finish:
 * @builder: from lh_cli_part_begin(), everything else added
 * @seconds: the shard's wall time, s
 * @path: (nullable): the file to write, replaced atomically
 *   (g_file_set_contents()), or NULL for standard output
 *
 * Adds "seconds", closes the object, adds "checksum" and writes the part
 * and a newline; the end of a shard's run.
 *
 * Returns: an LhCliExit: LH_CLI_EXIT_FAILURE after a message naming the
 *   file when it (or standard output) cannot be written.
 */
int lh_cli_part_finish (JsonBuilder *builder,
                        double       seconds,
                        const char  *path);

/**
 * lh_cli_part_compute_checksum:
 * @root: (transfer none): a part's root object, without its "checksum"
 *
 * The part's checksum as written and checked: "sha256:" and the SHA-256,
 * in lower-case hex, of @root's compact JSON (json_generator_to_data()
 * without pretty printing).
 *
 * Returns: (transfer full): the checksum text
 */
char *lh_cli_part_compute_checksum (JsonNode *root);

/* ---- reading ---- */

/**
 * LhCliPart: a part file read back
 * @path: the file's name as given (for messages)
 * @root: the part's object
 * @command: "bench", "sweep" or "tune"
 * @program: the "program" that wrote it
 * @shard: which shard it holds
 * @jobs: its --jobs
 * @seconds: its wall time, s
 * @options, @run: its "options" and "run" members
 *
 * The strings and objects belong to the part.
 */
typedef struct {
  char       *path;
  JsonParser *parser;
  JsonObject *root;
  const char *command;
  const char *program;
  LhCliShard  shard;
  guint       jobs;
  double      seconds;
  JsonObject *options;
  JsonObject *run;
} LhCliPart;

/**
 * lh_cli_part_load:
 * @path: a file name
 *
 * Reads a part and checks its envelope: JSON, "format", "version" (at most
 * LH_CLI_PART_VERSION), "checksum", "command", "shard", "jobs", "seconds",
 * "program", "options" and "run" present and of the right kind.  The
 * results are checked by the command's merge, with lh_cli_part_read_games().
 *
 * Returns: (transfer full) (nullable): the part (free with
 *   lh_cli_part_free()), or NULL with @error (G_IO_ERROR_*) whose message
 *   starts with @path and says what is wrong: cannot be read, not JSON or
 *   cut short, not a part, a newer version, a checksum that does not match
 *   (the file was changed or damaged), a member missing or malformed.
 */
LhCliPart *lh_cli_part_load (const char *path,
                             GError    **error);

/** lh_cli_part_free: NULL is allowed. */
void lh_cli_part_free (LhCliPart *part);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LhCliPart, lh_cli_part_free)

/**
 * lh_cli_parts_check:
 * @parts: (element-type LhCliPart): the parts given, at least one
 *
 * Checks that @parts make one whole run: the same command, program and run
 * (the first difference is named: "part-2.json is not of the same run as
 * part-1.json: run.solver.depth is 2 there but 1 here"), the same shard
 * count, no shard twice ("a.json and b.json are both shard 3 of 4") and
 * none missing ("shards 2 and 4 of 4 are missing"), then sorts @parts by
 * shard, shard 1 first.
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) when they do not.
 */
gboolean lh_cli_parts_check (GPtrArray *parts,
                             GError   **error);

/**
 * lh_cli_part_read_options:
 * @search: (out caller-allocates): initialised with the command's flags;
 *   receives options.search (lh_cli_search_options_read_json())
 * @games_option: as given to lh_cli_part_begin_options()
 * @n_games, @rows, @cols: (out): options' games, rows and cols
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the part and
 *   the option missing or malformed.
 */
gboolean lh_cli_part_read_options (const LhCliPart    *part,
                                   LhCliSearchOptions *search,
                                   const char         *games_option,
                                   int                *n_games,
                                   int                *rows,
                                   int                *cols,
                                   GError            **error);

/**
 * lh_cli_part_check_run:
 * @rebuilt: (transfer none): the run's JSON as the command settles it from
 *   @part's options
 *
 * A member of "run.parameters" that the part lacks is taken at its default
 * for the solver it names (lh_solver_params_init_default()), so parts
 * written before a parameter existed still merge.
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the part and
 *   the first member where @rebuilt differs from its "run": the options
 *   do not give the run they were written with (another version of
 *   lookahead-cli, or an edited file).
 */
gboolean lh_cli_part_check_run (const LhCliPart *part,
                                JsonNode        *rebuilt,
                                GError         **error);

/**
 * lh_cli_part_get_member:
 * @object: an object of @part
 * @where: (nullable): the path of @object in the part, for messages
 *   ("points[2]"); NULL for the top level
 * @name: the member
 * @type: JSON_NODE_OBJECT, JSON_NODE_ARRAY or JSON_NODE_VALUE
 *
 * Returns: (transfer none) (nullable): the member, or NULL with @error
 *   (G_IO_ERROR_INVALID_DATA: "part-2.json: points[2].games is missing or
 *   not an array") when it is missing or of another kind.
 */
JsonNode *lh_cli_part_get_member (const LhCliPart *part,
                                  JsonObject      *object,
                                  const char      *where,
                                  const char      *name,
                                  JsonNodeType     type,
                                  GError         **error);

/**
 * lh_cli_part_get_int:
 * As lh_cli_part_get_member() for a whole number from @min to @max.
 * Returns: FALSE with @error when it is missing, not a whole number or out
 *   of range.
 */
gboolean lh_cli_part_get_int (const LhCliPart *part,
                              JsonObject      *object,
                              const char      *where,
                              const char      *name,
                              gint64           min,
                              gint64           max,
                              gint64          *out,
                              GError         **error);

/**
 * lh_cli_part_get_strv:
 * As lh_cli_part_get_member() for an array of strings.
 * Returns: (transfer full) (nullable): the strings, NULL-terminated (free
 *   with g_strfreev()), or NULL with @error naming the member or the
 *   element that is not a string.
 */
char **lh_cli_part_get_strv (const LhCliPart *part,
                             JsonObject      *object,
                             const char      *where,
                             const char      *name,
                             GError         **error);

/**
 * lh_cli_part_read_games:
 * @holder: the object of @part holding member "games", at @where
 * @first_seed: the run's seed
 * @n_games: the games of the whole run (of the point, the evaluation)
 * @results: (inout): @n_games slots indexed by game: receives @part's games
 *
 * Reads the games lh_cli_part_add_games() wrote under "games".
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the part and
 *   the game when a field is missing or out of range, a game's index does
 *   not belong to the part's shard or comes twice, its seed is not
 *   @first_seed + index, or the part holds more or fewer games than its
 *   shard has; with every part checked, each game of the run is read
 *   exactly once.
 */
gboolean lh_cli_part_read_games (const LhCliPart *part,
                                 JsonObject      *holder,
                                 const char      *where,
                                 guint64          first_seed,
                                 guint            n_games,
                                 LhCliGameResult *results,
                                 GError         **error);

/**
 * lh_cli_part_read_games_member:
 * @name: the member holding the games ("games", "optimal_games")
 *
 * As lh_cli_part_read_games() for the games lh_cli_part_add_games() wrote
 * under @name.
 */
gboolean lh_cli_part_read_games_member (const LhCliPart *part,
                                        JsonObject      *holder,
                                        const char      *where,
                                        const char      *name,
                                        guint64          first_seed,
                                        guint            n_games,
                                        LhCliGameResult *results,
                                        GError         **error);

/* ---- merging ---- */

/**
 * LhCliMerge: the input of a command's merge
 * @parts: (element-type LhCliPart): the checked parts of one run, shard 1
 *   first (lh_cli_parts_check())
 * @seconds: the parts' wall times summed, s: a merged run reports the time
 *   its shards took one after another (the machine time), not the time
 *   from the first start to the last end
 * @jobs: the largest of the parts' --jobs, reported as the run's
 * @json: --json
 * @csv_path, @log_path, @output, @name: (nullable): --csv (sweep), --log,
 *   --output and --name (tune)
 */
typedef struct {
  GPtrArray  *parts;
  double      seconds;
  guint       jobs;
  gboolean    json;
  const char *csv_path;
  const char *log_path;
  const char *output;
  const char *name;
} LhCliMerge;

/**
 * lh_cli_merge_first_part:
 * Returns: (transfer none): shard 1's part of @merge.
 */
const LhCliPart *lh_cli_merge_first_part (const LhCliMerge *merge);

/**
 * lh_cli_merge_read_games:
 * @items: (nullable): the parts' top-level array of one object per item of
 *   the run ("points", "evaluations", each with its "index"), or NULL when
 *   the games are the parts' top-level "games" (bench)
 * @n_items: with @items, how many items the run has (the array's length)
 * @item: with @items, the item whose games are read
 * @first_seed, @n_games: the run's seed and games (of the item)
 * @results: (out caller-allocates): @n_games slots, by game index
 *
 * Reads the games of every part of @merge with lh_cli_part_read_games():
 * every game of the run (of item @item), each from the shard that played it.
 *
 * Returns: FALSE with @error (G_IO_ERROR_INVALID_DATA) naming the part
 *   and what is wrong: the array missing or not of @n_items elements, the
 *   item missing or not of its index, a game wrong.
 */
gboolean lh_cli_merge_read_games (const LhCliMerge *merge,
                                  const char       *items,
                                  guint             n_items,
                                  guint             item,
                                  guint64           first_seed,
                                  guint             n_games,
                                  LhCliGameResult  *results,
                                  GError          **error);

G_END_DECLS
