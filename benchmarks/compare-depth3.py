#!/usr/bin/env python3
"""compare-depth3.py: a learned network against the hand-tuned Balanced
preset with expectimax, in one run, on the same seeds (issue 16's goal).

    python3 benchmarks/compare-depth3.py CLI NETWORK [NETWORK ...] [--games 50]
        [--seed 1] [--jobs 2] [--depths 3,4,5]

Plays --games games with `CLI bench --solver expectimax` for each network at
depth 3 (for example a network of one stage and the staged network promoted
from it, side by side), then for Balanced (the default heuristic) at each of --depths, so
that one of Balanced's rows spends at least the network's time per move
("the same ms per move": Balanced is about three times cheaper per node, so
it is given the depth that matches or exceeds the network's time).  Each
game i starts from seed S + i in every row.  Prints one Markdown table:
the share of games reaching 8192, 16384 and 32768, the mean and median
score, and the milliseconds per move of one thread (bench's ms_per_move:
wall time x jobs / moves).  Run it on an otherwise idle machine: the
times are only comparable within one run.
"""
import argparse
import json
import os
import subprocess
import sys


def bench(cli, games, seed, jobs, depth, extra):
    args = [cli, "bench", "--solver", "expectimax", "--depth", str(depth), "-n", str(games),
            "--seed", str(seed), "--jobs", str(jobs), "--json"] + extra
    print("+ " + " ".join(args), file=sys.stderr, flush=True)
    out = subprocess.run(args, check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def row(name, depth, r):
    reached = r["reached"]
    return "| %s | %d | %.0f %% | %.0f %% | %.0f %% | %s | %s | %.3f |" % (
        name, depth, 100 * reached["8192"], 100 * reached["16384"], 100 * reached["32768"],
        "{:,.0f}".format(r["score"]["mean"]), "{:,.0f}".format(r["score"]["median"]),
        r["ms_per_move"])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("cli")
    p.add_argument("network", nargs="+")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--depths", default="3,4,5",
                   help="Balanced's depths (default 3,4,5)")
    a = p.parse_args()

    rows = []
    for network in a.network:
        net = bench(a.cli, a.games, a.seed, a.jobs, 3,
                    ["--evaluator", "ntuple", "--weights", network])
        rows.append(row(os.path.basename(network), 3, net))
    for depth in [int(d) for d in a.depths.split(",") if d]:
        r = bench(a.cli, a.games, a.seed, a.jobs, depth, ["--preset", "balanced"])
        rows.append(row("Balanced", depth, r))
    print("| evaluator | depth | 8192 | 16384 | 32768 | mean score | median | ms per move |")
    print("|---|---|---|---|---|---|---|---|")
    for line in rows:
        print(line)
    print("\n%d games, seeds %d-%d, --jobs %d, networks %s" % (
        a.games, a.seed, a.seed + a.games - 1, a.jobs, " ".join(a.network)))


if __name__ == "__main__":
    main()
