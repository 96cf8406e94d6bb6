/* lh-cli-evaluator-options.c: the evaluator's options of lookahead-cli
 * (--evaluator, --weights; see lh-cli-evaluator-options.h). */
#include "lh-config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lh-cli-evaluator-options.h"
#include "lh-cli-options-private.h"
#include "lh-format.h"
#include "lh-ntuple-file.h"

gboolean
lh_cli_evaluator_parse_kind (const char      *option_name,
                             const char      *text,
                             LhEvaluatorKind *kind,
                             GError         **error)
{
  g_autofree char *names = NULL;
  g_autofree char *quoted = NULL;

  if (lh_evaluator_kind_from_string (text, kind))
    return TRUE;
  names = lh_cli_options_choices_to_string (lh_evaluator_kind_names ());
  quoted = lh_format_excerpt (text, -1, LH_FORMAT_EXCERPT_SHORT);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: "--evaluator: “x” is not one of heuristic or ntuple" */
               _("%s: “%s” is not one of %s"), option_name, quoted, names);
  return FALSE;
}

gboolean
lh_cli_evaluator_load_weights (LhCliSearchOptions *options,
                               const char         *option_name,
                               const char         *path,
                               GError            **error)
{
  g_autoptr(GError) load_error = NULL;
  g_autofree char *filename = g_filename_from_utf8 (path, -1, NULL, NULL, NULL);
  LhNtuple *network;

  network = lh_ntuple_file_load (filename != NULL ? filename : path, NULL, &load_error);
  if (network == NULL)
    {
      /* The loader's message names the file; quoted safely for a terminal. */
      g_autofree char *reason = lh_format_excerpt (load_error->message, -1, 0);

      g_set_error (error, LH_CLI_ERROR, LH_CLI_ERROR_FILE,
                   /* TRANSLATORS: "--weights: net.lhnet: the checksum does not match" (the
                    * second %s is the loader's message, which names the file) */
                   _("%s: %s"), option_name, reason);
      return FALSE;
    }
  lh_cli_evaluator_clear (options);
  options->network = network;
  options->weights_path = g_strdup (path);
  return TRUE;
}

gboolean
lh_cli_evaluator_use_shipped (LhCliSearchOptions *options,
                              GError            **error)
{
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) load_error = NULL;
  LhNtuple *network;

  if (!options->set[LH_CLI_OPT_EVALUATOR] || options->enum_value[LH_CLI_OPT_EVALUATOR] != LH_EVALUATOR_NTUPLE
      || options->network != NULL)
    return TRUE;
  path = lh_ntuple_file_get_shipped_path ();
  display = g_filename_display_name (path);
  network = lh_ntuple_file_load (path, NULL, &load_error);
  if (network == NULL)
    {
      g_autofree char *reason = lh_format_excerpt (load_error->message, -1, 0);

      g_set_error (error, LH_CLI_ERROR, LH_CLI_ERROR_FILE,
                   /* TRANSLATORS: %s the loader's message, which names the file */
                   _("--evaluator ntuple without --weights plays with the network that ships with "
                     "Lookahead, which cannot be read: %s; give --weights FILE"), reason);
      return FALSE;
    }
  options->network = network;
  options->weights_path = g_steal_pointer (&display);
  return TRUE;
}

gboolean
lh_cli_evaluator_to_params (const LhCliSearchOptions *options,
                            LhSolverParams           *params,
                            GError                  **error)
{
  gboolean ntuple = options->set[LH_CLI_OPT_EVALUATOR]
                    && options->enum_value[LH_CLI_OPT_EVALUATOR] == LH_EVALUATOR_NTUPLE;

  if (ntuple && options->network == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--evaluator ntuple has no network: give --weights FILE"));
      return FALSE;
    }
  if (!ntuple && options->network != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--weights needs --evaluator ntuple (the heuristic has no weights "
                             "file: use --preset)"));
      return FALSE;
    }
  if (ntuple)
    {
      gboolean heuristic_given = options->have_preset;

      for (guint h = 0; h < LH_CLI_MAX_HEURISTIC_PARAMS; h++)
        heuristic_given |= options->heuristic_set[h];
      if (heuristic_given)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                               _("--evaluator ntuple does not use the heuristic: drop --preset, "
                                 "--set and the heuristic's keys of --param or --params"));
          return FALSE;
        }
    }
  params->evaluator = ntuple ? LH_EVALUATOR_NTUPLE : LH_EVALUATOR_HEURISTIC;
  params->network = ntuple ? options->network : NULL;
  return TRUE;
}

void
lh_cli_evaluator_clear (LhCliSearchOptions *options)
{
  g_clear_pointer (&options->network, lh_ntuple_unref);
  g_clear_pointer (&options->weights_path, g_free);
}

const char *
lh_cli_search_options_get_weights_path (const LhCliSearchOptions *options)
{
  return options->weights_path;
}

gboolean
lh_cli_search_options_check_geometry (const LhCliSearchOptions *options,
                                      LhGeometry                geometry,
                                      GError                  **error)
{
  LhGeometry own;

  if (options->network == NULL)
    return TRUE;
  own = lh_ntuple_get_geometry (options->network);
  if (lh_geometry_equal (own, geometry))
    return TRUE;
  {
    g_autofree char *quoted = lh_format_excerpt (options->weights_path, -1, LH_FORMAT_EXCERPT_SHORT);

    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 /* TRANSLATORS: "--weights: net.lhnet is a network for 4×4 boards, the board
                  * is 3×3" */
                 _("--weights: %s is a network for %u×%u boards, the board is %u×%u"),
                 quoted, own.rows, own.cols, geometry.rows, geometry.cols);
  }
  return FALSE;
}

gboolean
lh_cli_network_encoding_parse (gboolean quantise, const char *quantum_text,
                               LhNtupleFileEncoding *encoding, double *quantum, GError **error)
{
  *encoding = quantise ? LH_NTUPLE_FILE_INT16 : LH_NTUPLE_FILE_FLOAT32;
  *quantum = 0.0;
  if (quantum_text == NULL)
    return TRUE;
  if (!quantise)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--quantum: only with --quantise (16-bit weights)"));
      return FALSE;
    }
  if (!lh_cli_parse_real_option ("--quantum", quantum_text, quantum, error))
    return FALSE;
  if (!(*quantum >= 0.0 && *quantum <= LH_NTUPLE_FILE_MAX_QUANTUM))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--quantum: %g is not from 0 to %g points"), *quantum,
                   LH_NTUPLE_FILE_MAX_QUANTUM);
      return FALSE;
    }
  return TRUE;
}
