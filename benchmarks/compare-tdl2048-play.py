#!/usr/bin/env python3
"""Play one network of TDL2048+ in both programs, side by side (issue 27, item 4).

TDL2048+ (moporgic/TDL2048) plays its own weight file (.w) greedily at 1-ply
(`2048 -n NET -i FILE.w -e K`: K x 1,000 games); Lookahead plays the very same
file, read as it is (`bench --solver expectimax --depth 1 --no-cache
--evaluator ntuple --weights FILE.w`), the same number of games, on one
thread each, alternated ROUNDS times in this one run.  Both pick the move of
the largest points + V(afterstate) (Lookahead's depth 1 is that greedy
player).  The two programs draw their tiles from different random generators,
so the games differ: the scores are compared through their standard errors.

Prints, per run and pooled per program: games, mean score and its standard
error, the shares reaching 2048 ... 32768, the moves per second each program
reports (TDL2048+: its "ops" over its playing time; Lookahead: the moves over
bench's playing time; neither includes loading the file) and the wall time
of the whole process (loading included).

Usage: python3 benchmarks/compare-tdl2048-play.py LOOKAHEAD_CLI TDL2048 FILE.w
         [--network 4x6patt] [--thousands 1] [--rounds 2] [--seed 1]
"""
import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TILES = [2048, 4096, 8192, 16384, 32768]


def run_tdl(binary, network, weights, thousands, seed, tmp):
    log = Path(tmp) / f"tdl-{seed}.x"
    start = time.monotonic()
    out = subprocess.run([binary, "-n", network, "-i", weights, "-e", str(thousands),
                          "-s", f"compare{seed}", "-o", str(log)],
                         check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - start
    # "summary 1437ms 2168811.41ops"; the last "total:  avg=67756 ..." and
    # its table: "tile count score move rate win".
    summary = re.findall(r"summary\s+(\d+)ms\s+([\d.]+)ops", out)[-1]
    total = out[out.rindex("total:"):]
    avg = float(re.search(r"avg=(\d+)", total).group(1))
    counts = {}
    for line in total.splitlines():
        m = re.match(r"^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+%\s+[\d.]+%", line)
        if m:
            counts[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    games = sum(c for c, _ in counts.values())
    reached = {t: sum(c for tile, (c, _) in counts.items() if tile >= t) / games for t in TILES}
    return {
        "program": "TDL2048+", "seed": seed, "games": games, "mean": avg,
        "sd": None, "reached": reached,
        "moves_per_second": float(summary[1]), "wall": wall,
    }


def run_lookahead(cli, weights, games, seed):
    start = time.monotonic()
    out = subprocess.run([cli, "bench", "--solver", "expectimax", "--depth", "1", "--no-cache",
                          "-n", str(games), "--seed", str(seed), "--jobs", "1",
                          "--evaluator", "ntuple", "--weights", weights, "--json"],
                         check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - start
    d = json.loads(out)
    return {
        "program": "Lookahead", "seed": seed, "games": d["games"], "mean": d["score"]["mean"],
        "sd": d["score"]["sd"],
        "reached": {t: d["reached"].get(str(t), 0.0) for t in TILES},
        "moves_per_second": d["moves_per_second"], "wall": wall,
    }


def row(r, sd):
    se = sd / math.sqrt(r["games"])
    shares = " | ".join(f"{100 * r['reached'][t]:.1f} %" for t in TILES)
    return (f"| {r['program']} | {r['seed']} | {r['games']:,} | {r['mean']:,.0f} ± {se:,.0f} | "
            f"{shares} | {r['moves_per_second'] / 1e6:.2f} M | {r['wall']:.1f} s |")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cli")
    p.add_argument("tdl2048")
    p.add_argument("weights")
    p.add_argument("--network", default="4x6patt", help="TDL2048+'s -n for the file")
    p.add_argument("--thousands", type=int, default=1, help="games per run, in thousands")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()

    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"{a.thousands * 1000:,} games a run, {a.rounds} rounds, 1 thread each; "
          f"load average before: {load}")
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.rounds):
            seed = a.seed + k
            runs.append(run_tdl(a.tdl2048, a.network, a.weights, a.thousands, seed, tmp))
            runs.append(run_lookahead(a.cli, a.weights, a.thousands * 1000, 1000 * seed))
    # Lookahead's own spread stands for both programs' (TDL2048+ prints no
    # standard deviation): the same network playing the same game.
    sd = max(r["sd"] for r in runs if r["sd"] is not None)
    print()
    print("| program | seed | games | mean score ± s.e. | "
          + " | ".join(str(t) for t in TILES) + " | moves/s | wall |")
    print("|---|---|---|---|" + "---|" * len(TILES) + "---|---|")
    for r in runs:
        print(row(r, r["sd"] if r["sd"] is not None else sd))
    for program in ("TDL2048+", "Lookahead"):
        mine = [r for r in runs if r["program"] == program]
        games = sum(r["games"] for r in mine)
        pooled = {
            "program": f"**{program}, all**", "seed": "", "games": games,
            "mean": sum(r["mean"] * r["games"] for r in mine) / games,
            "reached": {t: sum(r["reached"][t] * r["games"] for r in mine) / games for t in TILES},
            "moves_per_second": sorted(r["moves_per_second"] for r in mine)[len(mine) // 2],
            "wall": sorted(r["wall"] for r in mine)[len(mine) // 2],
        }
        print(row(pooled, sd))
    print("\n(s.e. of TDL2048+'s means: Lookahead's standard deviation, "
          f"{sd:,.0f}, which TDL2048+ does not print; moves/s and wall of the pooled rows: medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
