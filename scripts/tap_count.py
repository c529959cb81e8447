#!/usr/bin/env python3
"""Counts the TAP results meson recorded in one or more meson-logs/testlog.json files and prints
'N passed, N failed' (plus ', N skipped' when there are skips) as the last line. A suite that
crashed or timed out without printing TAP counts as one failure; a test that speaks no TAP
counts as one result by its exit code."""
import json
import re
import sys


def count(path):
    passed = failed = skipped = 0
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            t = json.loads(line)
            out = t.get("stdout") or ""
            oks = [l for l in out.splitlines() if re.match(r"^(not )?ok\b", l)]
            if not oks:  # an exit-code test counts as one result
                r = t.get("result")
                if r == "OK":
                    passed += 1
                elif r == "SKIP":
                    skipped += 1
                else:
                    failed += 1
                continue
            for l in oks:
                if l.startswith("not ok"):
                    if "# TODO" in l:
                        continue
                    failed += 1
                elif "# SKIP" in l or "# skip" in l:
                    skipped += 1
                else:
                    passed += 1
            if t.get("result") not in ("OK", "SKIP", "EXPECTEDFAIL") and not any(l.startswith("not ok") for l in oks):
                failed += 1  # the suite failed after its last TAP line (crash, sanitizer, leak)
    return passed, failed, skipped


def main():
    p = f = s = 0
    for path in sys.argv[1:]:
        a, b, c = count(path)
        p, f, s = p + a, f + b, s + c
    line = f"{p} passed, {f} failed"
    if s:
        line += f", {s} skipped"
    print(line)
    return 1 if f else 0


if __name__ == "__main__":
    sys.exit(main())
