/* main.c: lookahead-cli, the headless tool; the subcommand table. */

#include "lh-config.h"

#include <glib/gi18n.h>

#include "lh-cli-analyze.h"
#include "lh-cli-apply.h"
#include "lh-cli-bench.h"
#include "lh-cli-common.h"
#include "lh-cli-convert.h"
#include "lh-cli-merge.h"
#include "lh-cli-review.h"
#include "lh-cli-solve.h"
#include "lh-cli-sweep.h"
#include "lh-cli-train.h"
#include "lh-cli-tree.h"
#include "lh-cli-tune.h"

static const LhCliCommand commands[] = {
  { "apply", N_("Apply moves to boards read from standard input (for checking the rules)"), lh_cli_apply },
  { "analyze", N_("Search one position and print the value of every move"), lh_cli_analyze },
  { "bench", N_("Play whole games with a solver and print statistics"), lh_cli_bench },
  { "review", N_("Review a whole game from its record: what each move cost, what each spawn gave or took"), lh_cli_review },
  { "tree", N_("Search one position and write its search tree as JSON, SVG or PNG"), lh_cli_tree },
  { "sweep", N_("Play the same games at every point of a grid of parameter values"), lh_cli_sweep },
  { "tune", N_("Tune heuristic parameters by playing games (a design, then a local optimiser)"), lh_cli_tune },
  { "solve", N_("Solve a small board exactly (3x3 and smaller) and save the solution"), lh_cli_solve },
  { "train", N_("Train an n-tuple network by TD learning from self-play and save it"), lh_cli_train },
  { "convert", N_("Save a network of TDL2048+ (.w) or of Lookahead as a network file of Lookahead"), lh_cli_convert },
  { "merge", N_("Put together the part files of a bench, sweep or tune split into shards (--shard I/N)"), lh_cli_merge },
};

int
main (int argc, char **argv)
{
  return lh_cli_main (commands, G_N_ELEMENTS (commands), argc, argv);
}
