#!/usr/bin/env bash
# scripts/run.sh — the main job: installs what is missing, builds a release with the peer libraries,
# and prints the benchmark report (pairs/s per query × tier × batch, ratio to the reference, peers).
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
json="$dir/bench.json"
"$dir/bench/swept_bench" --benchmark_min_time=0.2 --benchmark_repetitions=5 \
	--benchmark_enable_random_interleaving=true \
	--benchmark_report_aggregates_only=true --benchmark_format=json --benchmark_out_format=json \
	--benchmark_out="$json" "$@" >/dev/null
python3 bench/report.py "$json" | tee "$dir/bench-report.md"
