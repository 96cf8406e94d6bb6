#!/bin/sh
# Builds the libFuzzer targets of tests/fuzz with clang, ASan and UBSan in
# ./build-fuzz (meson -Dfuzzing=true) and runs each for N seconds (the first
# argument, else FUZZ_SECONDS, else 20) on its corpus, tests/fuzz/corpus/<target>/
# (new inputs go to build-fuzz/fuzz-corpus/<target>/, the sources stay as they
# are).  Any finding fails its target: a sanitizer's report, a failed oracle
# of tests/fuzz/fuzz-common.h (an error message that is not UTF-8, a round
# trip that changes something), a leak, a crash, a timeout.  The input that
# found it is kept in build-fuzz/fuzz-findings/<target>/.
#
# Prints a line per target with its executions, and writes them to
# build-fuzz/fuzz-results.txt ("<target> passed|failed <executions>") for
# build-aux/count-tests.py.  Exits 1 when a target failed or did not build.
set -u
cd "$(dirname "$0")/.."
builddir=${FUZZ_BUILDDIR:-build-fuzz}
seconds=${1:-${FUZZ_SECONDS:-20}}
targets="fuzz-board-text fuzz-apply-line fuzz-save-file fuzz-preset fuzz-search-tree-json fuzz-ntuple-file fuzz-tdl2048-file fuzz-game-record"
results="$builddir/fuzz-results.txt"

build_failed () {
  echo "the fuzz targets did not build: no fuzzer ran"
  mkdir -p "$builddir"
  echo "build failed 0" > "$results"
  exit 1
}

if [ ! -f "$builddir/build.ninja" ]; then
  # Debian 12's clang-14 (build-aux/debian-packages.txt), or any clang.
  fuzz_cc=${FUZZ_CC:-$(command -v clang-14 || command -v clang || echo clang)}
  CC=$fuzz_cc meson setup "$builddir" -Dfuzzing=true -Db_sanitize=address,undefined \
    -Db_lundef=false || build_failed
fi
meson compile -C "$builddir" fuzzers || build_failed

# As the test suites have them (tests/meson.build): leaks in system
# libraries only are suppressed; UBSan's findings stop the run.
LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS UBSAN_OPTIONS

: > "$results"
status=0
for target in $targets; do
  corpus="$builddir/fuzz-corpus/$target"
  findings="$builddir/fuzz-findings/$target"
  log="$builddir/fuzz-findings/$target.log"
  rm -rf "$findings"
  mkdir -p "$corpus" "$findings"
  case $target in
    fuzz-board-text|fuzz-apply-line) dict=-dict=tests/fuzz/board.dict ;;
    # A binary format: no dictionary.
    fuzz-ntuple-file) dict= ;;
    *) dict=-dict=tests/fuzz/json.dict ;;
  esac

  "$builddir/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 $dict \
    -artifact_prefix="$findings/" "$corpus" "tests/fuzz/corpus/$target" \
    > "$log" 2>&1
  code=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  if [ $code -eq 0 ]; then
    echo "$target passed $runs" >> "$results"
    printf '%-24s %10s executions in %s s: no finding\n' "$target" "$runs" "$seconds"
  else
    echo "$target failed $runs" >> "$results"
    status=1
    printf '%-24s %10s executions: FINDING (exit status %s)\n' "$target" "$runs" "$code"
    # What was found and where: the oracle's line or the sanitizer's report.
    grep -E -m 8 'fuzz oracle:|ERROR: |SUMMARY: |runtime error|#[0-9]+ .* in lh_' "$log" \
      | sed 's/^ */    /'
    for input in "$findings"/*; do
      [ -f "$input" ] || continue
      echo "    input: $input"
      echo "    reproduce: $builddir/tests/fuzz/$target $input"
    done
    echo "    log: $log"
  fi
done
exit $status
