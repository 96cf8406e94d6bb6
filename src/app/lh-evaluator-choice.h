/* lh-evaluator-choice.h: which evaluator the window's AI plays with.
 *
 * A non-widget GObject that turns the settings "evaluator" (heuristic or
 * ntuple) and "network-file" (a .lhnet file; "" for the shipped network,
 * lh_evaluator_choice_get_shipped_path()) into the network the searches
 * use, or none (the heuristic).  The network file is 1 to 512 MiB: it is
 * loaded off the main thread (a GTask, lh_ntuple_cache_load(): the review
 * shares its tables when it uses the same file); a newer
 * request cancels the older one, and only one network is kept loaded, and
 * none while the heuristic is chosen.  While a file loads, the previous
 * evaluator stays in use.
 *
 * "Learned" is in use only when the file loaded and is of the game's board
 * size (lh_evaluator_choice_set_geometry(); a board-size change checks it
 * again); otherwise the AI falls back to the heuristic and
 * lh_evaluator_choice_get_problem() says why (a missing or damaged file:
 * lh_ntuple_file_load()'s message; a network for another board size; no
 * shipped network), without the chosen file being forgotten.
 *
 * Signals: ::changed (anything the getters return changed: the network in
 * use, the file, loading, the problem); ::message (a problem newly found,
 * for a toast).  Property "loading" (gboolean, notify).
 *
 * Threads: main thread only; the load runs in a GTask thread.
 */
#pragma once

#include <gio/gio.h>

#include "lh-evaluator.h"
#include "lh-ntuple.h"

G_BEGIN_DECLS

#define LH_TYPE_EVALUATOR_CHOICE (lh_evaluator_choice_get_type ())
G_DECLARE_FINAL_TYPE (LhEvaluatorChoice, lh_evaluator_choice, LH, EVALUATOR_CHOICE, GObject)

/** The shipped network's file name in the networks folder. */
#define LH_EVALUATOR_CHOICE_SHIPPED_NAME "default.lhnet"

/**
 * lh_evaluator_choice_get_network_dir:
 * Returns: (type filename) (transfer none): the folder of the shipped
 *   networks: the environment variable LOOKAHEAD_NETWORK_DIR when set and
 *   not empty (an uninstalled build, the tests), else NETWORKDIR
 *   (share/lookahead/networks of the installation).
 */
const char *lh_evaluator_choice_get_network_dir (void);

/**
 * lh_evaluator_choice_get_shipped_path:
 * Returns: (type filename) (transfer full): the shipped network,
 *   LH_EVALUATOR_CHOICE_SHIPPED_NAME in lh_evaluator_choice_get_network_dir()
 *   (the file may not exist).
 */
char *lh_evaluator_choice_get_shipped_path (void);

/**
 * lh_evaluator_choice_new:
 * @settings: the application's settings ("evaluator", "network-file"); a
 *   reference is kept
 * @geometry: the game's board size
 * Starts loading the network at once when "evaluator" is "ntuple".
 * Returns: (transfer full): the choice.
 */
LhEvaluatorChoice *lh_evaluator_choice_new (GSettings *settings, LhGeometry geometry);

/**
 * lh_evaluator_choice_set_geometry:
 * The game's board size changed: checks the network against it (::changed
 * when the network in use changes; ::message when it no longer fits).
 */
void lh_evaluator_choice_set_geometry (LhEvaluatorChoice *self, LhGeometry geometry);

/** lh_evaluator_choice_get_chosen: the kind the settings ask for. */
LhEvaluatorKind lh_evaluator_choice_get_chosen (LhEvaluatorChoice *self);

/**
 * lh_evaluator_choice_get_network:
 * Returns: (transfer none) (nullable): the network the AI plays with: the
 *   chosen file's, loaded and of the game's board size, while "ntuple" is
 *   chosen; NULL for the heuristic (chosen, or the fallback).
 */
LhNtuple *lh_evaluator_choice_get_network (LhEvaluatorChoice *self);

/** lh_evaluator_choice_get_loading: TRUE while a network file loads. */
gboolean lh_evaluator_choice_get_loading (LhEvaluatorChoice *self);

/**
 * lh_evaluator_choice_get_path:
 * Returns: (type filename) (transfer full): the file "ntuple" plays with:
 *   "network-file", or the shipped network when it is "".
 */
char *lh_evaluator_choice_get_path (LhEvaluatorChoice *self);

/** lh_evaluator_choice_is_shipped: TRUE when "network-file" is "" (the shipped network). */
gboolean lh_evaluator_choice_is_shipped (LhEvaluatorChoice *self);

/**
 * lh_evaluator_choice_get_problem:
 * Returns: (transfer none) (nullable): why the chosen network is not in
 *   use (one sentence for people), or NULL.
 */
const char *lh_evaluator_choice_get_problem (LhEvaluatorChoice *self);

/**
 * lh_evaluator_choice_describe:
 * @title: (out) (transfer full) (optional): the loaded network's name (the
 *   file's, else its file name), NULL when none is loaded
 * @details: (out) (transfer full) (optional): its shapes (a named set such
 *   as "4x6", else the shapes' cells), board size, training games and
 *   size in memory, one line; NULL when none is loaded
 * The network loaded last (of the chosen file), even when it is not in use
 * because it does not fit the board.
 */
void lh_evaluator_choice_describe (LhEvaluatorChoice *self, char **title, char **details);

G_END_DECLS
