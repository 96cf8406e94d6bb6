/* lh-cli-json.c: JSON output of lookahead-cli. */

#include "lh-config.h"

#include <math.h>
#include <stdio.h>

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
