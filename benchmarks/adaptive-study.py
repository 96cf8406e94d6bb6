#!/usr/bin/env python3
"""Ranks expectimax depth rules by strength per node and per ms (issue 13).

Whole games at adaptive depth take 10-20 minutes each on one core, so
comparing depth rules by games alone costs days.  This study ranks them on
fixed positions instead, the way chess engines are often tuned: each rule's
move is judged by a much deeper reference search of the same evaluator.

  1. The reference: `lookahead-cli analyze --positions FILE --depth 9
     --cutoff 0.00001 --json` (or any deeper search), written once to a
     JSON Lines file (--reference).
  2. Each rule runs `analyze --positions FILE --json` with its own options;
     its cost is the mean nodes and the mean search ms per position.
  3. Its quality is the share of positions where it plays the reference's
     move, and the mean relative regret: (Q_ref(best) - Q_ref(its move)) /
     |Q_ref(best)|, averaged over all positions (0 where it agrees).

Usage:
  python3 benchmarks/adaptive-study.py --cli build/src/cli/lookahead-cli \
      --positions ../shared/anchors/positions-4x4.txt \
      --reference ref.jsonl [--rules NAME=OPTIONS ...] [--json]

Without --rules the built-in list below is used.  Prints a Markdown table.
"""

import argparse
import json
import shlex
import subprocess
import sys

DEFAULT_RULES = [
    ("depth 3", "--depth 3"),
    ("depth 4", "--depth 4"),
    ("depth 5", "--depth 5"),
    ("depth 6", "--depth 6"),
    ("adaptive, min 3", "--adaptive --min-depth 3"),
    ("adaptive, min 4", "--adaptive --min-depth 4"),
    ("adaptive, min 5", "--adaptive --min-depth 5"),
    ("adaptive, min 4, at most 6", "--adaptive --min-depth 4 --depth 6"),
    ("adaptive, min 4, at most 7", "--adaptive --min-depth 4 --depth 7"),
    ("adaptive, min 4, cutoff 0.001", "--adaptive --min-depth 4 --cutoff 0.001"),
    ("adaptive, min 5, cutoff 0.001", "--adaptive --min-depth 5 --cutoff 0.001"),
    ("adaptive, min 3, cutoff 0.00003", "--adaptive --min-depth 3 --cutoff 0.00003"),
]


def read_jsonl(lines):
    rows = {}
    for text in lines:
        text = text.strip()
        if not text:
            continue
        row = json.loads(text)
        rows[row["line"]] = row
    return rows


def run_rule(cli, positions, options):
    command = [cli, "analyze", "--positions", positions, "--json"] + shlex.split(options)
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return read_jsonl(out.splitlines())


def judge(reference, rows):
    agree = 0
    regret = 0.0
    nodes = 0.0
    ms = 0.0
    depth = 0.0
    judged = 0
    for line, ref in reference.items():
        row = rows.get(line)
        if row is None or ref["move"] is None:
            continue
        values = ref["values"]
        best = values[ref["move"]]
        chosen = values.get(row["move"])
        judged += 1
        nodes += row["nodes"]
        ms += row["ms"]
        depth += row.get("depth", 0)
        if row["move"] == ref["move"]:
            agree += 1
        elif chosen is not None and best != 0:
            regret += (best - chosen) / abs(best)
    if judged == 0:
        raise SystemExit("adaptive-study: no position to judge: is the reference file for these positions?")
    return {
        "positions": judged,
        "agreement": agree / judged,
        "relative_regret": regret / judged,
        "nodes": nodes / judged,
        "ms": ms / judged,
        "depth": depth / judged,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="path to lookahead-cli")
    parser.add_argument("--positions", required=True, help="one board a line")
    parser.add_argument("--reference", required=True,
                        help="analyze --json output of the reference search on the same positions")
    parser.add_argument("--rules", nargs="*", help="NAME=OPTIONS, e.g. 'min 4=--adaptive --min-depth 4'")
    parser.add_argument("--json", action="store_true", help="one JSON object a rule instead of a table")
    args = parser.parse_args()

    with open(args.reference, encoding="utf-8") as f:
        reference = read_jsonl(f)
    rules = DEFAULT_RULES
    if args.rules:
        rules = []
        for text in args.rules:
            name, sep, options = text.partition("=")
            if not sep:
                raise SystemExit(f"adaptive-study: rule '{text}' is not NAME=OPTIONS")
            rules.append((name, options))

    if not args.json:
        print("| rule | agrees with reference | relative regret (%) | mean depth | nodes per position | ms per position |")
        print("|---|---|---|---|---|---|")
    for name, options in rules:
        result = judge(reference, run_rule(args.cli, args.positions, options))
        if args.json:
            print(json.dumps({"rule": name, "options": options, **result}))
        else:
            print(f"| {name} (`{options}`) | {100 * result['agreement']:.1f} % | "
                  f"{100 * result['relative_regret']:.3f} | {result['depth']:.2f} | "
                  f"{result['nodes']:,.0f} | {result['ms']:.1f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
