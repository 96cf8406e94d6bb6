/* lh-cli-evaluator-options.h: the evaluator's options of lookahead-cli, for
 * lh-cli-options.c (the public functions are declared in lh-cli-options.h).
 *
 * --evaluator heuristic|ntuple chooses what the solvers that use an
 * evaluator (LH_SOLVER_USES_EVALUATOR) score positions with; --weights FILE
 * names the n-tuple network's weights file (lh-ntuple-file.h), loaded once
 * when the option is parsed (so sweep's and tune's many solvers share one
 * network, and a bad file fails the parse with the loader's message, which
 * names the file).  Each needs the other: --weights without --evaluator
 * ntuple, or --evaluator ntuple without --weights, is a usage error. */
#pragma once

#include <glib.h>

#include "lh-cli-options.h"
#include "lh-ntuple-file.h"

G_BEGIN_DECLS

/**
 * lh_cli_evaluator_parse_kind:
 * @option_name: the option as typed ("--evaluator"), for the message
 * @text: "heuristic" or "ntuple"
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) listing the
 *   evaluators when @text names none.
 */
gboolean lh_cli_evaluator_parse_kind (const char      *option_name,
                                      const char      *text,
                                      LhEvaluatorKind *kind,
                                      GError         **error);

/**
 * lh_cli_evaluator_load_weights:
 * @path: the file as given (UTF-8)
 * Loads the network of @path (lh_ntuple_file_load()) into @options,
 * replacing any loaded before.
 * Returns: FALSE with @error (LH_CLI_ERROR_FILE: "--weights: " and the
 *   loader's message, which names the file) when it cannot be read or is
 *   not a valid weights file.
 */
gboolean lh_cli_evaluator_load_weights (LhCliSearchOptions *options,
                                        const char         *option_name,
                                        const char         *path,
                                        GError            **error);

/**
 * lh_cli_evaluator_use_shipped:
 * After the options are parsed: --evaluator ntuple without --weights plays
 * with the network that ships with Lookahead, as the window's "Learned"
 * does (lh_ntuple_file_get_shipped_path(): LOOKAHEAD_NETWORK_DIR, else the
 * installation's networks folder); its path becomes the weights' path the
 * JSON output and the settings table report.  Nothing happens otherwise.
 * Returns: FALSE with @error (LH_CLI_ERROR_FILE, naming the file and what
 *   is wrong with it, and saying to give --weights) when that network
 *   cannot be read.
 */
gboolean lh_cli_evaluator_use_shipped (LhCliSearchOptions *options,
                                       GError            **error);

/**
 * lh_cli_evaluator_to_params:
 * Sets params->evaluator and params->network (borrowed from @options) from
 * --evaluator and --weights.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE) when --weights is
 *   given without --evaluator ntuple (or --evaluator ntuple has no network:
 *   lh_cli_evaluator_use_shipped() was not called), or when --evaluator
 *   ntuple comes with a heuristic
 *   parameter (--preset, --set, or a heuristic key set by sweep or tune),
 *   which it would ignore.
 */
gboolean lh_cli_evaluator_to_params (const LhCliSearchOptions *options,
                                     LhSolverParams           *params,
                                     GError                  **error);

/** lh_cli_evaluator_clear: drops the network and the path of @options. */
void lh_cli_evaluator_clear (LhCliSearchOptions *options);

/**
 * lh_cli_network_encoding_parse:
 * @quantise: whether --quantise was given
 * @quantum_text: (nullable): --quantum's value as typed
 * @encoding: (out): INT16 with --quantise, else FLOAT32
 * @quantum: (out): the step of 16-bit weights in points (0 without
 *   --quantum: the finest, lh_ntuple_file_to_bytes_full())
 * How `train` and `convert` save a network.
 * Returns: FALSE with @error (G_OPTION_ERROR_BAD_VALUE, naming --quantum)
 *   for --quantum without --quantise, not a number, or outside 0 to
 *   LH_NTUPLE_FILE_MAX_QUANTUM points.
 */
gboolean lh_cli_network_encoding_parse (gboolean              quantise,
                                        const char           *quantum_text,
                                        LhNtupleFileEncoding *encoding,
                                        double               *quantum,
                                        GError              **error);

G_END_DECLS
