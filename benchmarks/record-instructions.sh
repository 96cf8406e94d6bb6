#!/bin/bash
# record-instructions.sh: what recording the search tree costs the search, in
# instructions (callgrind), which unlike times do not depend on what else the
# machine is doing.  Counts the instructions inside lh_expectimax_search of
# bench-record's searches, minus those of the game its positions come from,
# per search, for each configuration against "off".
#
# Usage: benchmarks/record-instructions.sh BUILD_DIR [DEPTH [POSITIONS [CONFIGURATION...]]]
#   e.g. benchmarks/record-instructions.sh build-rec 3 40 "record 20000" "trace 20000"
# Needs valgrind.  Figures, not a test.
set -eu

build=${1:?usage: $0 BUILD_DIR [DEPTH [POSITIONS [CONFIGURATION...]]]}
depth=${2:-3}
positions=${3:-40}
shift $(( $# < 3 ? $# : 3 ))
if [ $# -eq 0 ]; then
  set -- "record 20000" "record 1000000" "off, deepening" "trace 20000"
fi
bench="$build/benchmarks/bench-record"
[ -x "$bench" ] || { echo "$0: no $bench: build the benchmarks first" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 2; }

out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Instructions inside lh_expectimax_search when bench-record times only
# configuration $1 ("none": just the game the positions come from).
count () {
  valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=lh_expectimax_search \
    "$bench" --depths "$depth" --rounds 1 --positions "$positions" --only "$1" >/dev/null 2>&1
  callgrind_annotate "$out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}

setup=$(count none)
off=$(count off)
awk -v s="$setup" -v o="$off" -v n="$positions" -v d="$depth" \
  'BEGIN { printf "depth %d, %d positions: off %.0f instructions per search\n", d, n, (o - s) / n }'
for config in "$@"; do
  total=$(count "$config")
  awk -v s="$setup" -v o="$off" -v t="$total" -v n="$positions" -v c="$config" \
    'BEGIN { x = (t - s) / n; b = (o - s) / n; printf "%-16s %10.0f per search  %+6.1f%% against off\n", c, x, 100 * (x / b - 1) }'
done
