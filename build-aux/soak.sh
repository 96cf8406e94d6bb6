#!/bin/sh
# The long GUI soak: tests/gui/test-soak.c with 20,000 events (CI runs
# 2,000) on a virtual X server of its own (tests/gui/with-display.py).  Usage:
#   build-aux/soak.sh [EVENTS [SEED]]
# BUILDDIR picks the build (default build; an ASan build works too:
# meson setup build-asan -Db_sanitize=address,undefined).  Prints the
# test's report: events, seconds, seed, what was checked.
set -eu
cd "$(dirname "$0")/.."
builddir=${BUILDDIR:-build}
LH_SOAK_EVENTS=${1:-20000}
LH_SOAK_SEED=${2:-${LH_SOAK_SEED:-1}}
export LH_SOAK_EVENTS LH_SOAK_SEED

[ -f "$builddir/build.ninja" ] || meson setup "$builddir"
meson compile -C "$builddir"
status=0
meson test -C "$builddir" --print-errorlogs --timeout-multiplier 0 test-soak || status=$?
grep -E '^# (soak|  |[0-9]+ events)' "$builddir/meson-logs/testlog.txt" || true
exit $status
