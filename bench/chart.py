#!/usr/bin/env python3
"""bench/chart.py — an SVG chart of swept's throughput against batch size, one line per tier.

Usage:
    python3 bench/chart.py results.json [more.json ...] > throughput.svg

Input: swept_bench's Google Benchmark JSON (as bench/report.py reads it). One panel per query row
(<query>[_<scene>]) that has figures at two or more batch sizes: x is the batch (pairs per call, log
scale), y the median M pairs/s, one line per tier; the panel's title names the query and the best tier
at the largest batch. Stdlib only; the SVG has no scripts and no external references.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (the same parsing as the Markdown report)

COLORS = {"ref": "#7f7f7f", "sse4": "#1f77b4", "avx2": "#2ca02c", "avx512": "#d62728", "neon": "#9467bd"}
PANEL_W, PANEL_H, COLS = 300, 210, 3
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 28, 34


def esc(t):
    return str(t).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def series(runs):
    """row -> tier -> [(batch, M pairs/s)], rows with at least two batch sizes."""
    rows, _ = report.swept_rows(runs)
    out = {}
    for (row, batch), by_tier in rows.items():
        for tier, r in by_tier.items():
            if r["error"] or not r["ips"]:
                continue
            out.setdefault(row, {}).setdefault(tier, []).append((batch, r["ips"] / 1e6))
    return {row: t for row, t in out.items() if len({b for pts in t.values() for b, _ in pts}) >= 2}


def nice_top(v):
    """A round number ≥ v for the y axis."""
    if v <= 0:
        return 1.0
    e = 10 ** math.floor(math.log10(v))
    for m in (1, 2, 2.5, 5, 10):
        if m * e >= v:
            return m * e
    return 10 * e


def panel(x0, y0, row, tiers):
    w, h = PANEL_W - LEFT - RIGHT, PANEL_H - TOP - BOTTOM
    batches = sorted({b for pts in tiers.values() for b, _ in pts})
    lo, hi = math.log2(batches[0]), math.log2(batches[-1])
    top = nice_top(max(v for pts in tiers.values() for _, v in pts))

    def px(b):
        return x0 + LEFT + (math.log2(b) - lo) / (hi - lo) * w

    def py(v):
        return y0 + TOP + h - v / top * h

    last = batches[-1]
    best = max(((t, v) for t, pts in tiers.items() for b, v in pts if b == last), key=lambda x: x[1], default=None)
    title = row + (f" — best {best[0]} {best[1]:.3g} M/s" if best else "")
    s = [f'<text x="{x0 + PANEL_W / 2}" y="{y0 + 16}" text-anchor="middle" font-size="12">{esc(title)}</text>',
         f'<rect x="{x0 + LEFT}" y="{y0 + TOP}" width="{w}" height="{h}" fill="none" stroke="#ccc"/>']
    for k in range(5):
        v = top * k / 4
        s.append(f'<line x1="{x0 + LEFT}" x2="{x0 + LEFT + w}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#eee"/>')
        s.append(f'<text x="{x0 + LEFT - 4}" y="{py(v) + 4:.1f}" text-anchor="end" font-size="9">{v:g}</text>')
    for b in batches:
        s.append(f'<text x="{px(b):.1f}" y="{y0 + TOP + h + 12}" text-anchor="middle" font-size="9">{b}</text>')
    s.append(f'<text x="{x0 + LEFT + w / 2}" y="{y0 + PANEL_H - 6}" text-anchor="middle" font-size="9">'
             f'pairs per call</text>')
    order = [t for t in report.TIER_ORDER if t in tiers] + [t for t in tiers if t not in report.TIER_ORDER]
    for i, t in enumerate(order):
        pts = sorted(tiers[t])
        color = COLORS.get(t, "#000")
        path = " ".join(f"{px(b):.1f},{py(v):.1f}" for b, v in pts)
        s.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="1.5"/>')
        for b, v in pts:
            s.append(f'<circle cx="{px(b):.1f}" cy="{py(v):.1f}" r="2" fill="{color}"/>')
        s.append(f'<text x="{x0 + LEFT + 4 + 44 * i}" y="{y0 + TOP + 10}" font-size="9" fill="{color}">{t}</text>')
    return s


def svg(runs, ctx):
    data = series(runs)
    queries = report.load_queries(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "queries.h"))
    keys = sorted(data, key=lambda r: report.row_order(queries)((r, 0)))
    rows = max(1, math.ceil(len(keys) / COLS))
    width, height = COLS * PANEL_W, rows * PANEL_H + 30
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'font-family="sans-serif">', f'<rect width="{width}" height="{height}" fill="white"/>',
         f'<text x="8" y="18" font-size="13">swept: M pairs/s against pairs per call, per tier, single thread — '
         f'{esc(report.machine_line(ctx))}</text>']
    for i, row in enumerate(keys):
        s += panel((i % COLS) * PANEL_W, 30 + (i // COLS) * PANEL_H, row, data[row])
    if not keys:
        s.append('<text x="8" y="50" font-size="12">no query rows with two or more batch sizes</text>')
    s.append("</svg>")
    return "\n".join(s)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    entries, ctx = report.load(argv)
    print(svg(report.collect(entries), ctx))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
