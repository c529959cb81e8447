#!/usr/bin/env python3
"""bench/machine.py — one machine's benchmark results as a file of their own, for comparing CPUs.

Usage:
    python3 bench/machine.py results.json --outdir DIR [--commit HASH]

Reads swept_bench's Google Benchmark JSON and writes DIR/<cpu>.json and DIR/<cpu>.csv, named after the
CPU (model name, family, model and stepping when the kernel gives them: "amd-epyc-f26-m2-s1"), and
prints their paths. scripts/compare.py puts two or more such files side by side.

The JSON holds `machine` — cpu (model name), cpu_id, clock_mhz and clock_source ("cpufreq max" when
the kernel reports the highest clock; else "reported", the figure /proc/cpuinfo gives, which under a
hypervisor is often the nominal or TSC clock; null when unknown), tiers (the tiers this CPU runs),
best_tier, compiler, commit, swept version, build type, date, host, CPUs, load average — and `rows`:
one per benchmark with its name, kind (query, peer, place, step, threads, other), and for query rows
the query (with its scene suffix), tier and batch; items_per_second (the median when the input has
repetitions) and the counters. The CSV has one line per row with the machine's fields repeated.
Stdlib only.
"""

import argparse
import csv
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402


def slug(ctx):
    name = ctx.get("cpu_model") or "unknown cpu"
    m = re.findall(r"(family|model|stepping) (\S+)", ctx.get("cpu_id", ""))
    ids = {k: v for k, v in m}
    bits = [name]
    if ids.get("family"):
        bits.append("f" + ids["family"])
    if ids.get("model"):
        bits.append("m" + ids["model"])
    if ids.get("stepping"):
        bits.append("s" + ids["stepping"])
    s = re.sub(r"\(r\)|\(tm\)|cpu|processor|@.*", "", " ".join(bits).lower())
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    return s or "unknown-cpu"


def machine(ctx, commit):
    if ctx.get("cpu_max_mhz"):
        clock, source = float(ctx["cpu_max_mhz"]), "cpufreq max"
    elif ctx.get("mhz_per_cpu"):
        clock, source = float(ctx["mhz_per_cpu"]), "reported"
    else:
        clock, source = None, None
    return {
        "cpu": ctx.get("cpu_model"),
        "cpu_id": ctx.get("cpu_id") or None,
        "clock_mhz": clock,
        "clock_source": source,
        "tiers": [t for t in (ctx.get("swept_tiers") or "").split(",") if t],
        "best_tier": ctx.get("swept_best_isa"),
        "compiler": ctx.get("compiler"),
        "commit": commit,
        "swept_version": ctx.get("swept_version"),
        "build_type": ctx.get("swept_buildtype"),
        "date": ctx.get("date"),
        "host": ctx.get("host_name"),
        "num_cpus": ctx.get("num_cpus"),
        "load_avg": ctx.get("load_avg"),
    }


def kind_of(name):
    for prefix in ("place", "step", "threads"):
        if name.startswith(prefix + "/"):
            return prefix
    s = report.split_name(name)
    if s:
        return "peer" if s[0].endswith("_peer") else "query"
    return "other"


def rows(runs):
    out = []
    for name in sorted(runs):
        r = runs[name]
        row = {"name": name, "kind": kind_of(name), "query": None, "tier": None, "batch": None,
               "items_per_second": r["ips"], "error": r["error"]}
        if row["kind"] in ("query", "peer"):
            row["query"], row["tier"], row["batch"] = report.split_name(name)
        row.update({k: v for k, v in r["counters"].items()})
        out.append(row)
    return out


def main(argv):
    ap = argparse.ArgumentParser(description="per-machine results of swept_bench")
    ap.add_argument("json", nargs="+", help="Google Benchmark JSON file(s)")
    ap.add_argument("--outdir", required=True, help="directory for <cpu>.json and <cpu>.csv")
    ap.add_argument("--commit", default=None, help="the commit measured (git rev-parse HEAD)")
    args = ap.parse_args(argv)
    entries, ctx = report.load(args.json)
    doc = {"format": "swept-machine-results/1", "machine": machine(ctx, args.commit), "rows": rows(report.collect(entries))}
    os.makedirs(args.outdir, exist_ok=True)
    base = os.path.join(args.outdir, slug(ctx))
    with open(base + ".json", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    mfields = ["cpu", "cpu_id", "clock_mhz", "clock_source", "best_tier", "compiler", "commit"]
    counters = sorted({k for r in doc["rows"] for k in r} - {"name", "kind", "query", "tier", "batch",
                                                            "items_per_second", "error"})
    with open(base + ".csv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(mfields + ["tiers", "name", "kind", "query", "tier", "batch", "items_per_second", "error"] + counters)
        m = doc["machine"]
        for r in doc["rows"]:
            w.writerow([m[k] for k in mfields] + [" ".join(m["tiers"])]
                       + [r[k] for k in ("name", "kind", "query", "tier", "batch", "items_per_second", "error")]
                       + [r.get(k) for k in counters])
    print(base + ".json")
    print(base + ".csv")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
