#!/usr/bin/env python3
"""Counts the test cases of a meson test log (testlog.json, one JSON object per
line): every 'ok'/'not ok' line of a TAP test, or the whole test when it is not
TAP.  Prints 'N passed, N failed' (and ', N skipped') and exits 1 on a failure."""
import json
import re
import sys

passed = failed = skipped = 0
with open(sys.argv[1], encoding="utf-8") as log:
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
line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
sys.exit(1 if failed else 0)
