#!/bin/sh
# Training speed and learning side by side with moporgic/TDL2048+ (issue 16):
# both programs train the same network shape (4x6: Yeh et al.'s four
# 6-tuples, TDL2048's "4x6patt") from zero for the same number of games with
# plain TD(0) and their default learning rate (0.1 for both), on 1 thread and
# then on 2, one after the other in this one run, and the script prints for
# each the training moves per second and the mean score of the last 1,000
# games, then the learning curve of the 1-thread runs (mean score per block
# of 1,000 games).
#
# Usage: sh benchmarks/compare-tdl2048.sh [LOOKAHEAD_CLI [TDL2048]]
#   LOOKAHEAD_CLI  default build/src/cli/lookahead-cli
#   TDL2048        TDL2048+'s binary, default /tmp/tdl2048/2048, built from
#                  its source as its README says, for example:
#                    mkdir /tmp/tdl2048 && git -C <clone> archive HEAD | tar -x -C /tmp/tdl2048
#                    make -C /tmp/tdl2048 native      # g++ -O3 -march=native
# Environment: GAMES (default 20000, a multiple of 1000), SEED (default 1),
# NICE (default 10: both programs run under nice -n $NICE).
#
# Moves per second: TDL2048's are the sum over its blocks of ms x ops (its
# moves per second) over the longest thread's time; Lookahead's are the
# moves of the run over its training time (`train --json`: run_moves and
# seconds, the file's compression excluded).  Neither includes loading.
# The last 1,000 games: TDL2048 runs blocks of 1000/J games per thread, and
# the last block of each thread together are its last 1,000 games.
set -eu
cli=${1:-build/src/cli/lookahead-cli}
tdl=${2:-/tmp/tdl2048/2048}
games=${GAMES:-20000}
seed=${SEED:-1}
nice_level=${NICE:-10}
tmp=$(mktemp -d /tmp/compare-tdl2048-XXXXXX)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$cli" ]; then echo "no lookahead-cli at $cli" >&2; exit 1; fi
if [ ! -x "$tdl" ]; then echo "no TDL2048+ binary at $tdl (see the comment at the top)" >&2; exit 1; fi
if [ $((games % 1000)) -ne 0 ]; then echo "GAMES must be a multiple of 1000" >&2; exit 1; fi

echo "Training 4x6 for $games games, seed $seed, nice $nice_level; $(nproc) processors,"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for jobs in 1 2; do
  unit=$((1000 / jobs))
  loops=$((games / unit))
  if [ "$jobs" -eq 1 ]; then parallel=""; else parallel="-p $jobs"; fi
  # shellcheck disable=SC2086
  nice -n "$nice_level" "$tdl" -n 4x6patt -t "${loops}x${unit}" -s "$seed" $parallel -% none \
    > "$tmp/tdl-$jobs.log" 2>&1
  nice -n "$nice_level" "$cli" train --network 4x6 --games "$games" --seed "$seed" \
    --jobs "$jobs" --curve-every 1000 --curve "$tmp/lh-$jobs.csv" --out "$tmp/lh-$jobs.lhnet" \
    --json > "$tmp/lh-$jobs.json" 2> "$tmp/lh-$jobs.err"
  rm -f "$tmp/lh-$jobs.lhnet"
done

python3 - "$tmp" "$games" <<'EOF'
import json, re, sys

tmp, games = sys.argv[1], int(sys.argv[2])

def tdl(jobs):
    """(moves/s, mean of the last 1000 games, curve) from TDL2048's log."""
    threads = {}
    block = re.compile(r"^(\d+)/(\d+) (\d+)ms ([\d.]+)ops(?: \[(\d+)\])?")
    lines = open(f"{tmp}/tdl-{jobs}.log").read().splitlines()
    for i, line in enumerate(lines):
        m = block.match(line)
        if not m:
            continue
        thread = int(m.group(5) or 0)
        ms, ops = int(m.group(3)), float(m.group(4))
        avg = int(re.search(r"avg=(\d+)", lines[i + 1]).group(1))
        threads.setdefault(thread, []).append((ms, ops, avg))
    moves = sum(ms * ops / 1000 for blocks in threads.values() for ms, ops, _ in blocks)
    seconds = max(sum(ms for ms, _, _ in blocks) for blocks in threads.values()) / 1000
    last = sum(blocks[-1][2] for blocks in threads.values()) / len(threads)
    curve = [avg for _, _, avg in threads[0]] if len(threads) == 1 else []
    return moves / seconds, last, curve, moves, seconds

def lookahead(jobs):
    summary = json.load(open(f"{tmp}/lh-{jobs}.json"))
    rows = open(f"{tmp}/lh-{jobs}.csv").read().splitlines()[1:]
    curve = [float(r.split(",")[3]) for r in rows]
    return (summary["run_moves"] / summary["seconds"], summary["last"]["mean_score"], curve,
            summary["run_moves"], summary["seconds"])

print(f"| program | jobs | moves | seconds | moves/s | mean score, last 1,000 games |")
print(f"|---|---|---|---|---|---|")
results = {}
for jobs in (1, 2):
    for name, f in (("TDL2048+", tdl), ("Lookahead", lookahead)):
        rate, last, curve, moves, seconds = f(jobs)
        results[(name, jobs)] = (rate, curve)
        print(f"| {name} | {jobs} | {moves:,.0f} | {seconds:.1f} | {rate:,.0f} | {last:,.0f} |")
print()
for jobs in (1, 2):
    ratio = results[("Lookahead", jobs)][0] / results[("TDL2048+", jobs)][0]
    print(f"Lookahead / TDL2048+ moves per second, {jobs} job(s): {ratio:.2f}")
print()
print("Learning curve, 1 job: mean score of each block of 1,000 games")
print("| games | TDL2048+ | Lookahead |")
print("|---|---|---|")
tdl_curve, lh_curve = results[("TDL2048+", 1)][1], results[("Lookahead", 1)][1]
for i in range(min(len(tdl_curve), len(lh_curve))):
    print(f"| {1000 * (i + 1):,} | {tdl_curve[i]:,.0f} | {lh_curve[i]:,.0f} |")
EOF
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
