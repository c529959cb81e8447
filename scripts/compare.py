#!/usr/bin/env python3
"""scripts/compare.py — two or more machines' swept results side by side (Markdown on stdout).

Usage:
    python3 scripts/compare.py A.json B.json [...] [--batch 16384] [--tiers avx2,avx512]

Input: the per-machine files ./scripts/run.sh writes (build-release/machines/<cpu>.json, made by
bench/machine.py). Output: the machines (CPU, clock and where it comes from, tiers, compiler,
commit), then per query row and batch: for each machine the best tier (fastest without mismatches),
its M pairs/s, pairs per cycle where the clock is known, and the ratio to the first machine; with
--tiers, the named tiers' figures instead of the best (AVX2 against AVX-512, on one machine or
several); then the whole-step rows. Pairs per cycle divide by the file's clock: a "reported" clock
(no cpufreq, e.g. under a hypervisor) may be nominal, so compare those with care. Stdlib only.
"""

import argparse
import json
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("format") != "swept-machine-results/1":
        raise SystemExit(f"{path}: not a swept machine file (bench/machine.py)")
    doc["label"] = os.path.splitext(os.path.basename(path))[0]
    return doc


def mps(x):
    return "—" if not x else f"{x / 1e6:.2f}" if x < 1e7 else f"{x / 1e6:.1f}"


def per_cycle(ips, m):
    clock = m["machine"].get("clock_mhz")
    return f"{ips / (clock * 1e6):.4f}" if ips and clock else "—"


def query_rows(doc):
    """(query, batch) -> tier -> row, for the query rows without errors."""
    out = {}
    for r in doc["rows"]:
        if r["kind"] != "query" or r.get("error") or not r.get("items_per_second"):
            continue
        out.setdefault((r["query"], r["batch"]), {})[r["tier"]] = r
    return out


def best(by_tier):
    ok = [(t, r) for t, r in by_tier.items() if not r.get("mismatch")]
    return max(ok, key=lambda x: x[1]["items_per_second"], default=(None, None))


def machines_table(docs):
    lines = ["| file | CPU | clock MHz (source) | tiers | compiler | commit | date |", "|---|---|---:|---|---|---|---|"]
    for d in docs:
        m = d["machine"]
        cpu = m.get("cpu") or "?"
        if m.get("cpu_id"):
            cpu += f" ({m['cpu_id']})"
        clock = f"{m['clock_mhz']:.0f} ({m['clock_source']})" if m.get("clock_mhz") else "unknown"
        lines.append(f"| {d['label']} | {cpu} | {clock} | {' '.join(m.get('tiers') or [])} | {m.get('compiler') or '?'} "
                     f"| {m.get('commit') or '?'} | {m.get('date') or '?'} |")
    return lines


def queries_table(docs, batch, tiers):
    tables = [query_rows(d) for d in docs]
    keys = sorted({k for t in tables for k in t if batch is None or k[1] == batch},
                  key=lambda k: (k[0], k[1]))
    head = ["query", "batch"]
    for d in docs:
        if tiers:
            head += [f"{d['label']} {t} M pairs/s" for t in tiers] + [f"{d['label']} {t} pairs/cycle" for t in tiers]
        else:
            head += [f"{d['label']} best tier", f"{d['label']} M pairs/s", f"{d['label']} pairs/cycle"]
        if d is not docs[0]:
            head.append(f"{d['label']} / {docs[0]['label']}")
    lines = ["| " + " | ".join(head) + " |", "|---|---:|" + "---:|" * (len(head) - 2)]
    for q, b in keys:
        cells = [q, str(b)]
        first = None
        for d, t in zip(docs, tables):
            by_tier = t.get((q, b), {})
            if tiers:
                ips = [by_tier.get(x, {}).get("items_per_second") for x in tiers]
                cells += [mps(x) for x in ips] + [per_cycle(x, d) for x in ips]
                top = max((x for x in ips if x), default=None)
            else:
                bt, br = best(by_tier)
                top = br["items_per_second"] if br else None
                cells += [bt or "—", mps(top), per_cycle(top, d)]
            if d is docs[0]:
                first = top
            else:
                cells.append(f"{top / first:.2f}×" if top and first else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def steps_table(docs):
    keys = sorted({r["name"] for d in docs for r in d["rows"] if r["kind"] == "step"})
    if not keys:
        return []
    head = ["step"] + [f"{d['label']} {c}" for d in docs for c in ("swept ns/shape", "step M pairs/s", "step / query")]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for k in keys:
        cells = [k]
        for d in docs:
            r = next((x for x in d["rows"] if x["name"] == k), {})
            cells += [f"{r['swept_ns']:.2f}" if "swept_ns" in r else "—",
                      f"{r['step_mpairs']:.1f}" if "step_mpairs" in r else "—",
                      f"{r['query_share']:.3f}" if "query_share" in r else "—"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description="swept results of several machines side by side")
    ap.add_argument("files", nargs="+", help="per-machine JSON files (bench/machine.py)")
    ap.add_argument("--batch", type=int, default=None, help="only this batch size")
    ap.add_argument("--tiers", default="", help="comma-separated tiers to show instead of the best")
    args = ap.parse_args(argv)
    docs = [load(p) for p in args.files]
    if len(docs) < 2 and not args.tiers:
        print("compare.py: give two or more files (one is enough with --tiers)", file=sys.stderr)
        return 2
    tiers = [t for t in args.tiers.split(",") if t]
    out = ["# swept on several machines", ""] + machines_table(docs) + ["", "## Queries", ""]
    out += queries_table(docs, args.batch, tiers)
    steps = steps_table(docs)
    if steps:
        out += ["", "## Whole steps", ""] + steps
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
