#!/usr/bin/env python3
"""bench/report.py — turns swept_bench's Google Benchmark JSON into Markdown tables.

Usage:
    ./build/bench/swept_bench --benchmark_format=json --benchmark_repetitions=5 \\
        --benchmark_report_aggregates_only=true > results.json
    python3 bench/report.py results.json > report.md
    python3 bench/report.py results.json --baseline before.json   # and a table of now / before

Input: one or more JSON files from --benchmark_format=json (or --benchmark_out=FILE), with or without
repetitions. A benchmark's figure is the `median` aggregate when present, else the median of its
plain runs. Benchmarks are named <query>[_<scene>]/<tier>/<batch> (peers: <query>_peer/<peer>/<batch>),
where <query> is a query of the list in src/queries.h (read here: the `X(t, name, a, b, ...)` rows) and
<scene> a scene variant (polygons: `_box`, `_mixed`).

Output (stdout): per query and batch, swept's throughput on every tier with the ratio to the `ref`
tier and the best tier; the peers against swept's best tier on the same batch; the placements
(place/<family>/<how>), whole steps (step/<family>/<shapes>/<threads>) and thread scaling
(threads/<query>/<threads>/<pairs>) in tables of their own; the queries of the list that have no
figures in the input; the names that changed with the query list. Stdlib only.
"""

import argparse
import json
import os
import re
import statistics
import sys

# Tier columns in this order; tiers not listed here follow in order of appearance.
TIER_ORDER = ["ref", "sse4", "avx2", "avx512", "neon"]
# Rows that are not queries of the list.
PROBES = {"orient_matrix": "probe", "orient_quat": "probe"}
# Scene variants (benchmark name = query + suffix) and how the report describes them.
SCENES = {"_box": "4 vertices", "_mixed": "polygons: 2–16 vertices; GJK: shape types mixed",
          "_cast": "status, t, point, normal only", "_8": "8 vertices", "_16": "16 vertices",
          "_8_exact": "8 vertices, counted then written", "_8_planes": "8 vertices, a plane each",
          "_trusted": "trusted hulls"}
# Benchmark names before the query list, where a query changed its name or its meaning: the
# first-separating-axis test was `obb3_overlap` (and `obb3_tri3_overlap`); the least-penetration
# query was `obb3_penetration` (and `obb3_tri3_penetration`).
OLD_NAME = {"obb3_overlap_test": "obb3_overlap", "obb3_overlap": "obb3_penetration",
            "obb3_tri3_overlap_test": "obb3_tri3_overlap", "obb3_tri3_overlap": "obb3_tri3_penetration"}
COUNTERS = ("hit", "start_ovl", "mismatch", "agree", "agree_sep", "toi_dmean", "lane_util", "stop_gap",
            "shapes", "pairs", "sim_ns", "update_ns", "broad_ns", "query_ns", "swept_ns", "step_mpairs",
            "query_mpairs", "query_share")
# Rows that are not <query>/<tier>/<batch>: placements, whole steps, thread scaling (own tables).
OTHER_ROWS = ("place/", "step/", "threads/")

X_ROW = re.compile(r"X\(\s*t\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)")


def load_queries(path):
    """The query list of src/queries.h, in order: name -> {'a', 'b', 'opts', 'answer', 'order', 'entry'}."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # the rows of the macro, not the X(...) of the comment that documents them
    text = text[text.find("#define SW_QUERIES"):] if "#define SW_QUERIES" in text else ""
    queries = {}
    for m in X_ROW.finditer(text):
        name, a, b, opts, answer, order, entry = m.groups()
        queries[name] = {"a": a, "b": b, "opts": opts, "answer": answer, "order": order, "entry": entry}
    return queries


def api_of(q):
    """The API column: how the query is called."""
    if q["a"].endswith("_BLOCK"):
        return "packed"
    return "indexed"


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
        return name[: -len("/real_time")] if name.endswith("/real_time") else name
    # older outputs: aggregates carry the aggregate's name as a suffix
    name = e["name"]
    agg = e.get("aggregate_name")
    if agg and name.endswith("_" + agg):
        name = name[: -len(agg) - 1]
    return name[: -len("/real_time")] if name.endswith("/real_time") else name


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
        for key in COUNTERS:
            vals = [e[key] for e in src if key in e]
            if vals:
                # a mismatch anywhere must show, whatever the median says
                counters[key] = max(vals) if key == "mismatch" else statistics.median(vals)
        out[name] = {"ips": statistics.median(ips) if ips else None, "counters": counters, "error": r["error"]}
    return out


def split_name(name):
    if name.startswith(OTHER_ROWS):
        return None
    parts = name.split("/")
    if len(parts) < 3:
        return None
    try:
        batch = int(parts[2])
    except ValueError:
        return None
    return parts[0], parts[1], batch


def query_of(row, queries):
    """(query, scene suffix) of a row's first name part: the longest query of the list it starts with."""
    best = None
    for q in queries:
        if row == q or (row.startswith(q) and row[len(q):] in SCENES):
            if best is None or len(q) > len(best):
                best = q
    return (best, row[len(best):]) if best else (None, "")


def mps(ips):
    return "—" if ips is None else f"{ips / 1e6:.2f}" if ips < 1e7 else f"{ips / 1e6:.1f}"


def machine_line(ctx):
    bits = []
    if ctx.get("host_name"):
        bits.append(f"host {ctx['host_name']}")
    if ctx.get("cpu_model"):
        bits.append(ctx["cpu_model"])
    if ctx.get("num_cpus"):
        bits.append(f"{ctx['num_cpus']} CPUs")
    if ctx.get("mhz_per_cpu"):
        bits.append(f"{ctx['mhz_per_cpu']} MHz")
    if ctx.get("swept_version"):
        bits.append(f"swept {ctx['swept_version']} ({ctx.get('swept_buildtype', '?')} build, best tier "
                    f"{ctx.get('swept_best_isa', '?')})")
    if ctx.get("compiler"):
        bits.append(ctx["compiler"])
    if ctx.get("bullet_version"):
        bits.append(f"Bullet {ctx['bullet_version']}")
    if ctx.get("box2d_version"):
        bits.append(f"Box2D {ctx['box2d_version']}")
    if ctx.get("date"):
        bits.append(ctx["date"])
    return ", ".join(bits)


def row_label(row, queries):
    q, scene = query_of(row, queries)
    label = row + (f" ({SCENES[scene]})" if scene else "")
    if q in OLD_NAME and not scene:
        label += f" (was {OLD_NAME[q]})"
    return label


def row_api(row, queries):
    q, _ = query_of(row, queries)
    if q:
        return api_of(queries[q])
    return PROBES.get(row, "?")


def swept_rows(runs):
    """(row, batch) -> {tier: run}, and the tiers seen in column order."""
    rows, tiers_seen = {}, []
    for name, r in runs.items():
        s = split_name(name)
        if not s or s[0].endswith("_peer"):
            continue
        row, tier, batch = s
        rows.setdefault((row, batch), {})[tier] = r
        if tier not in tiers_seen:
            tiers_seen.append(tier)
    tiers = [t for t in TIER_ORDER if t in tiers_seen] + [t for t in tiers_seen if t not in TIER_ORDER]
    return rows, tiers


def row_order(queries):
    qorder = list(queries) + list(PROBES)

    def key(k):
        row, batch = k
        q, scene = query_of(row, queries)
        base = q if q else row
        return (qorder.index(base) if base in qorder else len(qorder), row, batch)
    return key


def best_tier(by_tier):
    """The fastest run without mismatches among a row's tiers: (tier, run) or (None, None)."""
    best = (None, None)
    for t, r in by_tier.items():
        if r["error"] or not r["ips"] or r["counters"].get("mismatch", 0) > 0:
            continue
        if best[1] is None or r["ips"] > best[1]["ips"]:
            best = (t, r)
    return best


def swept_table(runs, queries):
    rows, tiers = swept_rows(runs)
    keys = sorted(rows, key=row_order(queries))
    lines = []
    head = (["query", "API", "batch"] + [f"{t} M pairs/s" + ("" if t == "ref" else " (×ref)") for t in tiers]
            + ["best (×ref)", "hit", "start overlapped", "lane util (best)"])
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "|".join(["---", "---", "---:"] + ["---:"] * len(tiers) + ["---", "---:", "---:", "---:"]) + "|")
    bad = []
    for key in keys:
        row, batch = key
        by_tier = rows[key]
        ref = by_tier.get("ref", {}).get("ips")
        cells = [row_label(row, queries), row_api(row, queries), str(batch)]
        mix = None
        for t in tiers:
            r = by_tier.get(t)
            if r is None:
                cells.append("")
                continue
            if r["error"]:
                cells.append("error")
                bad.append(f"{row}/{t}/{batch}: {r['error']}")
                continue
            cell = mps(r["ips"])
            if t != "ref" and ref and r["ips"]:
                cell += f" ({r['ips'] / ref:.2f}×)"
            if r["counters"].get("mismatch", 0) > 0:
                cell += " ⚠"
                bad.append(f"{row}/{t}/{batch}: {int(r['counters']['mismatch'])} answers differ from the reference row's")
            cells.append(cell)
            if mix is None and "hit" in r["counters"]:
                mix = r["counters"]
        bt, br = best_tier(by_tier)
        if bt and ref and bt != "ref":
            cells.append(f"{bt} ({br['ips'] / ref:.2f}×)")
        else:
            cells.append(bt or "—")
        mix = mix or {}
        cells.append(f"{mix['hit']:.3f}" if "hit" in mix else "")
        cells.append(f"{mix['start_ovl']:.3f}" if "start_ovl" in mix else "—")
        util = br["counters"].get("lane_util") if br else None
        cells.append(f"{util:.2f}" if util is not None else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines, bad


def best_of(runs, rows, batch, queries):
    """Fastest swept run among benchmark rows `rows` at `batch`: (ips, 'tier API') or (None, '')."""
    best, label = None, ""
    for name, r in runs.items():
        s = split_name(name)
        if not s or s[0] not in rows or s[2] != batch or r["error"] or not r["ips"]:
            continue
        if r["counters"].get("mismatch", 0) > 0:
            continue  # a fast wrong answer is no answer
        if best is None or r["ips"] > best:
            best, label = r["ips"], f"{s[1]} {row_api(s[0], queries)}"
    return best, label


def peer_table(runs, queries):
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
        swept_q = query[: -len("_peer")]
        # the peer answers the moving query; its packed twin answers the same pairs
        twins = [swept_q] + [q for q in (swept_q + "_packed",) if q in queries]
        bi, li = best_of(runs, twins[:1], batch, queries)
        ba, la = best_of(runs, twins, batch, queries)
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


def missing_queries(runs, queries):
    """Queries of the list without any figure in the input (a filtered run, or a query with no rows)."""
    seen = set()
    for name in runs:
        s = split_name(name)
        if s:
            q, _ = query_of(s[0], queries)
            if q:
                seen.add(q)
    return [q for q in queries if q not in seen]


def baseline_table(runs, before, queries):
    """now / before per benchmark present in both; `before` from the code before the query list is
    read with its old names (OLD_NAME) when it has none of the "_test" rows."""
    test_rows = [q for q in queries if q.endswith("_test")]
    old_style = not any(split_name(n) and split_name(n)[0] in test_rows for n in before)
    new_of_old = {old: new for new, old in OLD_NAME.items()} if old_style else {}
    lines = ["| benchmark | before M pairs/s | now M pairs/s | now / before |", "|---|---:|---:|---:|"]
    rows, _ = swept_rows(runs)
    for key in sorted(rows, key=row_order(queries)):
        row, batch = key
        for tier, r in sorted(rows[key].items(), key=lambda kv: TIER_ORDER.index(kv[0]) if kv[0] in TIER_ORDER else 99):
            old_row = next((o for o, n in new_of_old.items() if n == row), row) if old_style else row
            b = before.get(f"{old_row}/{tier}/{batch}")
            if not b or not b["ips"] or not r["ips"]:
                continue
            label = f"{row}/{tier}/{batch}" + (f" (before: {old_row})" if old_row != row else "")
            lines.append(f"| {label} | {mps(b['ips'])} | {mps(r['ips'])} | {r['ips'] / b['ips']:.2f}× |")
    return lines if len(lines) > 2 else []


def ns(ips):
    return "—" if not ips else f"{1e9 / ips:.2f}"


def place_table(runs):
    """place/<family>/<how>: ns per shape of each way of re-entering shapes, and the query per pair."""
    fams, hows = [], []
    cell = {}
    for name, r in runs.items():
        parts = name.split("/")
        if len(parts) != 3 or parts[0] != "place" or r["error"]:
            continue
        fam, how = parts[1], parts[2]
        fams += [fam] if fam not in fams else []
        hows += [how] if how not in hows else []
        cell[(fam, how)] = r["ips"]
    if not cell:
        return []
    order = ["place", "mat_col", "mat_row", "mat_convert", "put", "add", "query"]
    hows = [h for h in order if h in hows] + [h for h in hows if h not in order]
    lines = ["| family | " + " | ".join(f"{h} ns" + ("/pair" if h == "query" else "/shape") for h in hows)
             + " | place / query |", "|---|" + "---:|" * (len(hows) + 1)]
    for fam in fams:
        cells = [ns(cell.get((fam, h))) for h in hows]
        p, q = cell.get((fam, "place")), cell.get((fam, "query"))
        cells.append(f"{q / p:.2f}" if p and q else "—")
        lines.append(f"| {fam} | " + " | ".join(cells) + " |")
    return lines


def step_table(runs):
    """step/<family>/<shapes>/<threads>: the phases of a whole step."""
    rows = []
    for name, r in runs.items():
        parts = name.split("/")
        if len(parts) != 4 or parts[0] != "step" or r["error"]:
            continue
        rows.append((parts[1], int(parts[2]), int(parts[3]), r["counters"]))
    if not rows:
        return []
    rows.sort(key=lambda x: (x[0], x[1], x[2]))
    head = ["family", "shapes", "threads", "pairs/step", "hit", "sim ns/shape", "update ns/shape",
            "broadphase ns/shape", "query ns/pair", "swept ns/shape (update + query)", "step M pairs/s",
            "query M pairs/s", "step / query"]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for fam, n, t, c in rows:
        def f(key, fmt):
            return format(c[key], fmt) if key in c else "—"
        lines.append(f"| {fam} | {n} | {t} | {f('pairs', '.0f')} | {f('hit', '.2f')} | {f('sim_ns', '.2f')} | "
                     f"{f('update_ns', '.2f')} | {f('broad_ns', '.1f')} | {f('query_ns', '.2f')} | "
                     f"{f('swept_ns', '.2f')} | {f('step_mpairs', '.1f')} | {f('query_mpairs', '.1f')} | "
                     f"{f('query_share', '.3f')} |")
    return lines


def threads_table(runs):
    """threads/<query>/<threads>/<pairs>: the query on 1 and 2 workers of the caller's scheduler."""
    by = {}
    for name, r in runs.items():
        parts = name.split("/")
        if len(parts) != 4 or parts[0] != "threads" or r["error"]:
            continue
        by.setdefault((parts[1], int(parts[3])), {})[int(parts[2])] = r
    if not by:
        return []
    lines = ["| query | pairs | 1 thread M pairs/s | 2 threads M pairs/s | 2 / 1 | mismatch |",
             "|---|---:|---:|---:|---:|---:|"]
    for (q, n), t in sorted(by.items()):
        one, two = t.get(1, {}).get("ips"), t.get(2, {}).get("ips")
        bad = max(int(x["counters"].get("mismatch", 0)) for x in t.values())
        lines.append(f"| {q} | {n} | {mps(one)} | {mps(two)} | "
                     f"{f'{two / one:.2f}×' if one and two else '—'} | {bad} |")
    return lines


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Markdown report of swept_bench JSON results")
    ap.add_argument("json", nargs="+", help="Google Benchmark JSON file(s); - for stdin")
    ap.add_argument("--queries", default=os.path.join(here, "..", "src", "queries.h"),
                    help="the query list (default: src/queries.h next to this script)")
    ap.add_argument("--baseline", help="JSON of an earlier run: adds a table of now / before")
    args = ap.parse_args(argv)
    queries = load_queries(args.queries)
    if not queries:
        print(f"report.py: no X(t, name, ...) rows in {args.queries}", file=sys.stderr)
        return 1
    entries, ctx = load(args.json)
    runs = collect(entries)

    out = ["# swept benchmarks", ""]
    ml = machine_line(ctx)
    if ml:
        out += [ml, ""]
    out += ["Throughput in millions of pairs per second (median); in brackets, the ratio to the `ref` tier",
            "(the scalar reference run through the same batched pipeline). `best`: the fastest tier whose",
            "answers match the reference row's. `hit` and `start overlapped` are the fractions of pairs with",
            "that answer; `lane util`: the useful share of the lanes' work (polygons) on the best tier.", ""]
    table, bad = swept_table(runs, queries)
    out += table
    if bad:
        out += ["", "Problems:", ""] + [f"- {b}" for b in bad]
    peers = peer_table(runs, queries)
    sections = [
        ("Peers", peers,
         ["The peer runs the first `batch` pairs of the scene the swept rows use (swept walks the",
          "whole scene in batches). `agree`: fraction of pairs where the peer's hit/miss equals swept's",
          "(swept hit = hit or starts overlapped); `start separated` leaves out the pairs swept finds",
          "overlapping at t = 0, where the peer may legitimately answer otherwise."]),
        ("Placements", place_table(runs),
         ["Re-entering 16 384 moving shapes, ns per shape (single thread): `place` one bulk call from",
          "poses, `mat_col`/`mat_row` one bulk call from 3×3 matrices, `mat_convert` the caller converting",
          "each matrix with `sw_quat_from_mat3()` then placing, `put` one call per shape, `add` clear then",
          "one add per shape; `query` the family's sweep per pair on the best tier."]),
        ("Whole steps", step_table(runs),
         ["One simulation step per iteration: integrate (the caller's), write the placements (one",
          "swept call), sort-and-sweep broadphase (the caller's, single thread), one batched sweep over",
          "the candidate pairs on the caller's scheduler. `step M pairs/s` counts update + query;",
          "`step / query` is that throughput over the query's alone."]),
        ("Threads", threads_table(runs),
         ["The query alone on the caller's scheduler (a persistent pool, the caller as worker 0), wall",
          "clock; answers compared with the single-thread call's."]),
    ]
    for title, table, intro in sections:
        if table:
            out += ["", "## " + title, ""] + intro + [""] + table
    if args.baseline:
        bentries, _ = load([args.baseline])
        base = baseline_table(runs, collect(bentries), queries)
        out += ["", "## Against the baseline", ""]
        out += base if base else ["No benchmark of this run is in the baseline."]
    missing = missing_queries(runs, queries)
    if missing:
        out += ["", "Queries of the list without figures in this input: " + ", ".join(missing) + "."]
    out += ["", "Names: rows are named after the query list (src/queries.h). Renamed with it: "
            + "; ".join(f"`{new}` was `{old}`" for new, old in OLD_NAME.items()) + "."]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
