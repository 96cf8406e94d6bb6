/* lh-cli-part-write.c: writing the part file of a shard (see
 * lh-cli-part.h; lh-cli-part.c reads them). */

#include "lh-config.h"

#include <stdio.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-json.h"
#include "lh-cli-part.h"

#define PROGRAM LH_CLI_PROGRAM_NAME " " PACKAGE_VERSION
#define CHECKSUM_PREFIX "sha256:"

char *
lh_cli_part_compute_checksum (JsonNode *root)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *digest = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  return g_strconcat (CHECKSUM_PREFIX, digest, NULL);
}

JsonBuilder *
lh_cli_part_begin (const char       *command,
                   const LhCliShard *shard,
                   guint             n_jobs)
{
  JsonBuilder *builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, LH_CLI_PART_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, LH_CLI_PART_VERSION);
  json_builder_set_member_name (builder, "program");
  json_builder_add_string_value (builder, PROGRAM);
  json_builder_set_member_name (builder, "command");
  json_builder_add_string_value (builder, command);
  json_builder_set_member_name (builder, "shard");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "index");
  json_builder_add_int_value (builder, shard->index);
  json_builder_set_member_name (builder, "count");
  json_builder_add_int_value (builder, shard->count);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "jobs");
  json_builder_add_int_value (builder, n_jobs);
  return builder;
}

void
lh_cli_part_begin_options (JsonBuilder              *builder,
                           const LhCliSearchOptions *search,
                           const char               *games_option,
                           guint                     n_games,
                           guint                     rows,
                           guint                     cols)
{
  json_builder_set_member_name (builder, "options");
  json_builder_begin_object (builder);
  lh_cli_search_options_add_json (search, builder, "search");
  json_builder_set_member_name (builder, games_option);
  json_builder_add_int_value (builder, n_games);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, cols);
}

JsonBuilder *
lh_cli_part_run_begin (const LhSolverParams *params,
                       const char           *preset_name,
                       const char           *weights_path,
                       LhGeometry            geometry,
                       guint64               first_seed,
                       guint                 n_games)
{
  JsonBuilder *builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "games");
  json_builder_add_int_value (builder, n_games);
  json_builder_set_member_name (builder, "seed");
  json_builder_add_int_value (builder, (gint64) first_seed);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, geometry.rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, geometry.cols);
  lh_cli_json_add_solver_params (builder, "parameters", params);
  lh_cli_heuristic_add_json (builder, "heuristic", &params->heuristic);
  json_builder_set_member_name (builder, "preset");
  if (preset_name != NULL)
    json_builder_add_string_value (builder, preset_name);
  else
    json_builder_add_null_value (builder);
  if (weights_path != NULL)
    {
      json_builder_set_member_name (builder, "weights");
      json_builder_add_string_value (builder, weights_path);
    }
  return builder;
}

JsonNode *
lh_cli_part_run_end (JsonBuilder *builder)
{
  JsonNode *run;

  json_builder_end_object (builder);
  run = json_builder_get_root (builder);
  g_object_unref (builder);
  return run;
}

static void
add_uint (JsonBuilder *builder, const char *name, guint64 value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, (gint64) MIN (value, (guint64) G_MAXINT64));
}

void
lh_cli_part_add_games (JsonBuilder           *builder,
                       const char            *name,
                       const LhCliShard      *shard,
                       guint64                first_seed,
                       const LhCliGameResult *results,
                       guint                  n_results)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint j = 0; j < n_results; j++)
    {
      const LhCliGameResult *result = &results[j];
      guint index = lh_cli_shard_item (shard, j);

      json_builder_begin_object (builder);
      add_uint (builder, "index", index);
      add_uint (builder, "seed", first_seed + index);
      add_uint (builder, "score", result->score);
      add_uint (builder, "max_tile", result->max_tile);
      add_uint (builder, "moves", result->moves);
      add_uint (builder, "nodes", result->nodes);
      add_uint (builder, "playouts", result->playouts);
      add_uint (builder, "iterations", result->iterations);
      lh_cli_json_add_double (builder, "search_ms", result->search_ms);
      /* Only a game measured against optimal play has them (nonzero). */
      if (result->regret != 0.0 || result->optimal_moves != 0)
        {
          lh_cli_json_add_double (builder, "regret", result->regret);
          add_uint (builder, "optimal_moves", result->optimal_moves);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

int
lh_cli_part_finish (JsonBuilder *builder,
                    double       seconds,
                    const char  *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *checksum = NULL;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  lh_cli_json_add_double (builder, "seconds", seconds);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  checksum = lh_cli_part_compute_checksum (root);
  json_object_set_string_member (json_node_get_object (root), "checksum", checksum);

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  line = g_strconcat (text, "\n", NULL);
  if (path == NULL)
    fputs (line, stdout);
  else if (!g_file_set_contents (path, line, -1, &error))
    return lh_cli_failure (_("could not write the part: %s"), error->message);
  return lh_cli_finish_output ();
}
