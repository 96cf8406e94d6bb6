#!/bin/sh
# Builds Lookahead in ./build (or $BUILDDIR) with warnings as errors and runs
# every test suite (engine, solvers, cli, data, po, gui) under a virtual X
# server.  A build directory made before (by the README's "Build and run"
# command, without --werror) is switched to warnings as errors, and stays so.
# Prints a closing line "N passed, N failed" counting TAP test cases.
# Needs no root: only build-aux/install-deps.sh does.
set -u
cd "$(dirname "$0")/.."
builddir=${BUILDDIR:-build}

build_failed () {
  echo "the build failed: no test ran"
  echo "0 passed, 1 failed"
  exit 1
}

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" --werror || build_failed
else
  meson configure "$builddir" -Dwerror=true || build_failed
fi
meson compile -C "$builddir" || build_failed

xvfb-run -a -s "-screen 0 2600x1440x24" \
  meson test -C "$builddir" --print-errorlogs --num-processes 2
status=$?

python3 build-aux/count-tests.py "$builddir/meson-logs/testlog.json"
count_status=$?
[ $status -eq 0 ] && [ $count_status -eq 0 ]
