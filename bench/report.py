#!/usr/bin/env python3
"""bench/report.py — turns swept_bench's Google Benchmark JSON into Markdown tables.

Usage:
    ./build/bench/swept_bench --benchmark_format=json --benchmark_repetitions=5 \\
        --benchmark_report_aggregates_only=true > results.json
    python3 bench/report.py results.json > report.md

Input: one or more JSON files from --benchmark_format=json (or --benchmark_out=FILE), with or without
repetitions. A benchmark's figure is the `median` aggregate when present, else the median of its
plain runs. Benchmarks are named <query>/<tier>/<batch> (peers: <query>_peer/<peer>/<batch>).

Output (stdout): a table of swept's throughput per query and batch, one column per tier with the
ratio to the `ref` tier, and a table of the peers against swept's best tier on the same batch.
Stdlib only.
"""

import argparse
import json
import statistics
import sys

# Tier columns in this order; tiers not listed here follow in order of appearance.
TIER_ORDER = ["ref", "sse4", "avx2", "avx512", "neon"]
API = {"obb3_sweep": "indexed", "obb3_sweep_packed": "packed", "obb3_overlap": "indexed",
       "orient_matrix": "probe", "orient_quat": "probe",
       "poly2_sweep": "indexed", "poly2_sweep_box": "indexed", "poly2_sweep_mixed": "indexed",
       "poly2_overlap": "indexed", "hull3_sweep": "indexed", "hull3_obb3_sweep": "indexed",
       "hull3_tri3_sweep": "indexed", "obb3_tri3_sweep": "indexed"}
# Peers answer the moving query: they are compared with these swept queries.
PEER_OF = {"obb3_sweep_peer": ["obb3_sweep", "obb3_sweep_packed"], "poly2_sweep_peer": ["poly2_sweep"],
           "hull3_sweep_peer": ["hull3_sweep"]}


def load(paths):
    """Returns the list of benchmark entries of every file, and the first file's context."""
    entries, context = [], None
    for path in paths:
        if path == "-":
            doc = json.load(sys.stdin)
        else:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        if context is None:
            context = doc.get("context", {})
        entries.extend(doc.get("benchmarks", []))
    return entries, context or {}


def run_name(e):
    name = e.get("run_name")
    if name:
        return name
    # older outputs: aggregates carry the aggregate's name as a suffix
    name = e["name"]
    agg = e.get("aggregate_name")
    if agg and name.endswith("_" + agg):
        name = name[: -len(agg) - 1]
    return name


def collect(entries):
    """Maps run name -> {'ips': median items/s or None, 'counters': {...}, 'error': str or None}."""
    runs = {}
    for e in entries:
        r = runs.setdefault(run_name(e), {"median": None, "plain": [], "counters": {}, "error": None})
        if e.get("error_occurred"):
            r["error"] = e.get("error_message", "error")
            continue
        rtype = e.get("run_type", "iteration")
        if rtype == "aggregate":
            if e.get("aggregate_name") != "median":
                continue
            r["median"] = e
        else:
            r["plain"].append(e)
    out = {}
    for name, r in runs.items():
        src = [r["median"]] if r["median"] is not None else r["plain"]
        ips = [e["items_per_second"] for e in src if "items_per_second" in e]
        counters = {}
        for key in ("hit", "start_ovl", "mismatch", "agree", "agree_sep", "toi_dmean"):
            vals = [e[key] for e in src if key in e]
            if vals:
                # a mismatch anywhere must show, whatever the median says
                counters[key] = max(vals) if key == "mismatch" else statistics.median(vals)
        out[name] = {"ips": statistics.median(ips) if ips else None, "counters": counters, "error": r["error"]}
    return out


def split_name(name):
    parts = name.split("/")
    if len(parts) < 3:
        return None
    try:
        batch = int(parts[2])
    except ValueError:
        return None
    return parts[0], parts[1], batch


def mps(ips):
    return "—" if ips is None else f"{ips / 1e6:.2f}" if ips < 1e7 else f"{ips / 1e6:.1f}"


def machine_line(ctx):
    bits = []
    if ctx.get("host_name"):
        bits.append(f"host {ctx['host_name']}")
    if ctx.get("num_cpus"):
        bits.append(f"{ctx['num_cpus']} CPUs")
    if ctx.get("mhz_per_cpu"):
        bits.append(f"{ctx['mhz_per_cpu']} MHz")
    if ctx.get("swept_version"):
        bits.append(f"swept {ctx['swept_version']} ({ctx.get('swept_buildtype', '?')} build, best tier "
                    f"{ctx.get('swept_best_isa', '?')})")
    if ctx.get("bullet_version"):
        bits.append(f"Bullet {ctx['bullet_version']}")
    if ctx.get("box2d_version"):
        bits.append(f"Box2D {ctx['box2d_version']}")
    if ctx.get("date"):
        bits.append(ctx["date"])
    return ", ".join(bits)


def swept_table(runs):
    rows = {}  # (query, batch) -> {tier: run}
    tiers_seen = []
    for name, r in runs.items():
        s = split_name(name)
        if not s or s[0].endswith("_peer"):
            continue
        query, tier, batch = s
        rows.setdefault((query, batch), {})[tier] = r
        if tier not in tiers_seen:
            tiers_seen.append(tier)
    tiers = [t for t in TIER_ORDER if t in tiers_seen] + [t for t in tiers_seen if t not in TIER_ORDER]
    qorder = list(API)
    keys = sorted(rows, key=lambda k: (qorder.index(k[0]) if k[0] in qorder else len(qorder), k[0], k[1]))

    lines = []
    head = ["query", "API", "batch"] + [f"{t} M pairs/s" + ("" if t == "ref" else " (×ref)") for t in tiers] + ["hit", "start overlapped"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "|".join(["---", "---", "---:"] + ["---:"] * len(tiers) + ["---:", "---:"]) + "|")
    bad = []
    for key in keys:
        query, batch = key
        by_tier = rows[key]
        ref = by_tier.get("ref", {}).get("ips")
        cells = [query, API.get(query, "?"), str(batch)]
        mix = None
        for t in tiers:
            r = by_tier.get(t)
            if r is None:
                cells.append("")
                continue
            if r["error"]:
                cells.append("error")
                bad.append(f"{query}/{t}/{batch}: {r['error']}")
                continue
            cell = mps(r["ips"])
            if t != "ref" and ref and r["ips"]:
                cell += f" ({r['ips'] / ref:.2f}×)"
            if r["counters"].get("mismatch", 0) > 0:
                cell += " ⚠"
                bad.append(f"{query}/{t}/{batch}: {int(r['counters']['mismatch'])} statuses differ from the single-pair API")
            cells.append(cell)
            if mix is None and "hit" in r["counters"]:
                mix = r["counters"]
        mix = mix or {}
        cells.append(f"{mix['hit']:.3f}" if "hit" in mix else "")
        cells.append(f"{mix['start_ovl']:.3f}" if "start_ovl" in mix else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines, bad


def best_of(runs, queries, batch):
    """Fastest swept run among `queries` at `batch`: (ips, 'tier API') or (None, '')."""
    best, label = None, ""
    for name, r in runs.items():
        s = split_name(name)
        if not s or s[0] not in queries or s[2] != batch or r["error"] or not r["ips"]:
            continue
        if r["counters"].get("mismatch", 0) > 0:
            continue  # a fast wrong answer is no answer
        if best is None or r["ips"] > best:
            best, label = r["ips"], f"{s[1]} {API.get(s[0], s[0])}"
    return best, label


def peer_table(runs):
    lines = []
    peers = []
    for name, r in runs.items():
        s = split_name(name)
        if s and s[0].endswith("_peer"):
            peers.append((s, r))
    if not peers:
        return lines
    peers.sort(key=lambda p: (p[0][0], p[0][1], p[0][2]))
    head = ["query", "peer", "batch", "peer M pairs/s", "swept best indexed M pairs/s", "×peer",
            "swept best any M pairs/s", "×peer", "agree (all)", "agree (start separated)"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "|".join(["---", "---", "---:"] + ["---:"] * (len(head) - 3)) + "|")
    for (query, peer, batch), r in peers:
        if r["error"]:
            lines.append(f"| {query} | {peer} | {batch} | error: {r['error']} |" + " |" * (len(head) - 4))
            continue
        swept_q = PEER_OF.get(query, [query[: -len("_peer")]])
        bi, li = best_of(runs, swept_q[:1], batch)
        ba, la = best_of(runs, swept_q, batch)
        c = r["counters"]

        def ratio(x):
            if not x or not r["ips"]:
                return "—"
            q = x / r["ips"]
            return f"{q:.0f}×" if q >= 10 else f"{q:.2f}×"

        cells = [query, peer, str(batch), mps(r["ips"]),
                 f"{mps(bi)} ({li})" if bi else "—", ratio(bi),
                 f"{mps(ba)} ({la})" if ba else "—", ratio(ba),
                 f"{c['agree']:.4f}" if "agree" in c else "—",
                 f"{c['agree_sep']:.4f}" if "agree_sep" in c else "—"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description="Markdown report of swept_bench JSON results")
    ap.add_argument("json", nargs="+", help="Google Benchmark JSON file(s); - for stdin")
    args = ap.parse_args(argv)
    entries, ctx = load(args.json)
    runs = collect(entries)

    out = ["# swept benchmarks", ""]
    ml = machine_line(ctx)
    if ml:
        out += [ml, ""]
    out += ["Throughput in millions of pairs per second (median); in brackets, the ratio to the `ref` tier",
            "(the scalar reference run through the same batched pipeline). `hit` and `start overlapped`",
            "are the fractions of pairs with that answer.", ""]
    table, bad = swept_table(runs)
    out += table
    if bad:
        out += ["", "Problems:", ""] + [f"- {b}" for b in bad]
    peers = peer_table(runs)
    if peers:
        out += ["", "## Peers", "",
                "The peer runs the first `batch` pairs of the scene the swept rows use (swept walks the",
                "whole scene in batches). `agree`: fraction of pairs where the peer's hit/miss equals swept's",
                "(swept hit = hit or starts overlapped); `start separated` leaves out the pairs swept finds",
                "overlapping at t = 0, where the peer may legitimately answer otherwise.", ""]
        out += peers
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
