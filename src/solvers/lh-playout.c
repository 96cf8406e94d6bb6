/* lh-playout.c: PLACEHOLDER until the issue-4 implementation lands (not for release). */
#include "lh-playout.h"

const char *lh_playout_policy_to_string (LhPlayoutPolicy policy) { return "random"; }
gboolean lh_playout_policy_from_string (const char *text, LhPlayoutPolicy *policy) { return FALSE; }
const char *lh_measure_to_string (LhMeasure measure) { return "score"; }
gboolean lh_measure_from_string (const char *text, LhMeasure *measure) { return FALSE; }
gboolean lh_playout_params_validate (const LhPlayoutParams *params, const char *what, GError **error) { return TRUE; }
double lh_measure_board (LhMeasure measure, const LhHeuristic *heuristic, LhGeometry geometry, LhBoard board) { return 0; }
double lh_playout_run (const LhPlayoutParams *params, const LhHeuristic *heuristic, LhGeometry geometry,
                       LhBoard board, LhRng *rng, guint64 *moves) { return 0; }
