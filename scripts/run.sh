#!/usr/bin/env bash
# scripts/run.sh — the main job: installs what is missing, builds a release with the peer libraries,
# and prints the benchmark report (pairs/s per query × tier × batch, ratio to the reference, peers,
# placements, whole steps, threads); writes a chart of throughput against batch size and tier
# (build-release/throughput.svg) and this machine's results as build-release/machines/<cpu>.json and
# .csv, which scripts/compare.py puts side by side with other machines'.
# Extra arguments go to the benchmark binary, e.g. scripts/run.sh --benchmark_filter=obb3_sweep/
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/deps.sh --bench
dir=build-release
if [[ ! -d $dir ]]; then
	meson setup "$dir" --buildtype=release -Dtests=false -Dpeers=enabled >"$dir.setup.log" 2>&1 ||
		{ cat "$dir.setup.log"; exit 1; }
fi
ninja -C "$dir" >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }

"$dir/examples/pipeline"
"$dir/examples/step"
json="$dir/bench.json"
"$dir/bench/swept_bench" --benchmark_min_time=0.2 --benchmark_repetitions=5 \
	--benchmark_enable_random_interleaving=true \
	--benchmark_report_aggregates_only=true --benchmark_format=json --benchmark_out_format=json \
	--benchmark_out="$json" "$@" >/dev/null
python3 bench/report.py "$json" | tee "$dir/bench-report.md"
# the chart, and this machine's results as files of their own (scripts/compare.py reads them)
python3 bench/chart.py "$json" >"$dir/throughput.svg"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit="$commit-dirty"
python3 bench/machine.py "$json" --outdir "$dir/machines" --commit "$commit" >"$dir/machines.list"
echo "chart: $dir/throughput.svg; this machine: $(tr '\n' ' ' <"$dir/machines.list")" >&2
