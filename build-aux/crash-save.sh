#!/bin/sh
# Kills the real lookahead 200 times with SIGKILL while it auto-plays and
# saves, and checks the save after each kill: tests/gui/test-crash-save.c
# (CI runs 20 kills).  Usage:
#   build-aux/crash-save.sh [KILLS [SEED]]
# BUILDDIR picks the build (default build).  Prints the test's report.
set -eu
cd "$(dirname "$0")/.."
builddir=${BUILDDIR:-build}
LH_CRASH_KILLS=${1:-200}
LH_CRASH_SEED=${2:-${LH_CRASH_SEED:-1}}
export LH_CRASH_KILLS LH_CRASH_SEED

[ -f "$builddir/build.ninja" ] || meson setup "$builddir"
meson compile -C "$builddir"
status=0
meson test -C "$builddir" --print-errorlogs --timeout-multiplier 0 test-crash-save || status=$?
grep -E '^# [0-9]+ kills' "$builddir/meson-logs/testlog.txt" || true
exit $status
