#!/bin/sh
# Builds Lookahead in ./build (or $BUILDDIR) with warnings as errors and runs
# every test suite (engine, solvers, cli, data, po, gui); each GUI test
# starts a virtual X server of its own (tests/gui/with-display.py).  A build directory made before (by the README's "Build and run"
# command, without --werror) is switched to warnings as errors, and stays so.
# Prints a closing line "N passed, N failed" counting TAP test cases
# (prefixed with "$COUNT_LABEL: " when COUNT_LABEL is set).
# Needs no root: only build-aux/install-deps.sh does.
#
# --sanitize: the same in ./build-san, built with AddressSanitizer (and
# LeakSanitizer) and UndefinedBehaviorSanitizer (-Db_sanitize=address,undefined);
# every suite runs with tests/lsan.supp and UBSan halting on its first
# finding (tests/meson.build).
set -u
cd "$(dirname "$0")/.."
setup_args=--werror
if [ "${1:-}" = --sanitize ]; then
  builddir=${BUILDDIR:-build-san}
  setup_args="$setup_args -Db_sanitize=address,undefined"
else
  builddir=${BUILDDIR:-build}
fi

build_failed () {
  echo "the build failed: no test ran"
  echo "${COUNT_LABEL:+$COUNT_LABEL: }0 passed, 1 failed"
  exit 1
}

if [ ! -f "$builddir/build.ninja" ]; then
  # shellcheck disable=SC2086
  meson setup "$builddir" $setup_args || build_failed
else
  meson configure "$builddir" -Dwerror=true || build_failed
fi
meson compile -C "$builddir" || build_failed

meson test -C "$builddir" --print-errorlogs --num-processes 2
status=$?

python3 build-aux/count-tests.py ${COUNT_LABEL:+--label "$COUNT_LABEL"} \
  "$builddir/meson-logs/testlog.json"
count_status=$?
[ $status -eq 0 ] && [ $count_status -eq 0 ]
