#!/usr/bin/env python3
"""Counts test cases and prints 'N passed, N failed' (and ', N skipped');
exits 1 on a failure.

    count-tests.py [--label TEXT] [--fuzz RESULTS]... TESTLOG...

Each TESTLOG is a meson test log (testlog.json, one JSON object per line):
every 'ok'/'not ok' line of a TAP test counts, or the whole test when it is
not TAP.  A TESTLOG that does not exist counts as one failure (its build
failed, so no test ran).  Each RESULTS is build-aux/run-fuzzers.sh's
fuzz-results.txt, a line '<target> passed|failed <executions>' per fuzz
target: each target is one case (a missing file is one failure).  With
--label the line starts with 'TEXT: '."""
import argparse
import json
import os
import re
import sys


def count_testlog(path):
    passed = failed = skipped = 0
    with open(path, encoding="utf-8") as log:
        for line in log:
            entry = json.loads(line)
            out = entry.get("stdout") or ""
            ok = len(re.findall(r"^ok \d+(?! .*# SKIP)", out, re.M))
            skip = len(re.findall(r"^ok \d+.*# SKIP", out, re.M))
            bad = len(re.findall(r"^not ok \d+(?!.*# TODO)", out, re.M))
            if ok + skip + bad == 0:
                result = entry.get("result")
                ok = 1 if result in ("OK", "EXPECTEDFAIL") else 0
                skip = 1 if result == "SKIP" else 0
                bad = 1 if ok + skip == 0 else 0
            elif entry.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP") and bad == 0:
                bad = 1  # crashed or timed out after its last TAP line
            passed += ok
            failed += bad
            skipped += skip
    return passed, failed, skipped


def count_fuzz(path):
    passed = failed = 0
    with open(path, encoding="utf-8") as results:
        for line in results:
            fields = line.split()
            if not fields:
                continue
            if "passed" in fields:
                passed += 1
            else:
                failed += 1
    if passed + failed == 0:
        failed = 1  # no fuzzer ran
    return passed, failed, 0


def main():
    parser = argparse.ArgumentParser(description="Counts test cases.")
    parser.add_argument("--label")
    parser.add_argument("--fuzz", action="append", default=[])
    parser.add_argument("testlogs", nargs="*")
    args = parser.parse_args()

    passed = failed = skipped = 0
    sources = [(path, count_testlog) for path in args.testlogs]
    sources += [(path, count_fuzz) for path in args.fuzz]
    for path, count in sources:
        if not os.path.exists(path):
            print(f"{path}: missing, counted as one failure", file=sys.stderr)
            failed += 1
            continue
        p, f, s = count(path)
        passed += p
        failed += f
        skipped += s

    line = f"{passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    if args.label:
        line = f"{args.label}: {line}"
    print(line)
    return 1 if failed else 0


sys.exit(main())
