#!/usr/bin/env bash
# scripts/neon-tiers.sh — the NEON tier, run: cross-builds the library and the two drivers over the
# query list (the tier driver and the misuse driver: plain C, no test framework) for arm64 with
# Debian's aarch64 cross compiler, and runs them under qemu-user (build-neon/). The tier driver holds
# NEON to the reference's bits on every query, as it does the x86 tiers natively. Ends with
# 'N passed, N failed' like scripts/test.sh.
set -uo pipefail
cd "$(dirname "$0")/.."

./scripts/deps.sh --neon || { echo "dependency install failed"; echo "0 passed, 1 failed"; exit 1; }
dir=build-neon
# SIMDe's headers are architecture-neutral; the cross compiler sees them, and not the host's others.
# -O2 (debugoptimized): gcc 12 for aarch64 stops with an internal error vectorising the hull checker at
# -O3; the tiers' bits do not depend on the level (no fast-math, no contraction)
simde=$(dirname "$(find /usr/include /usr/local/include -maxdepth 2 -name avx512.h -path '*simde/x86*' | head -1)")
mkdir -p "$dir.include"
ln -sfn "$(dirname "$simde")" "$dir.include/simde"
cat >"$dir.cross" <<CROSS
[binaries]
c = 'aarch64-linux-gnu-gcc'
ar = 'aarch64-linux-gnu-ar'
strip = 'aarch64-linux-gnu-strip'
exe_wrapper = ['qemu-aarch64-static', '-L', '/usr/aarch64-linux-gnu']
[built-in options]
c_args = ['-isystem', '$PWD/$dir.include']
[host_machine]
system = 'linux'
cpu_family = 'aarch64'
cpu = 'armv8-a'
endian = 'little'
CROSS
if [[ ! -d $dir ]]; then
	meson setup "$dir" --cross-file "$dir.cross" --buildtype=debugoptimized -Db_ndebug=true --werror -Dbench=false -Dexamples=false \
		>"$dir.setup.log" 2>&1 || { cat "$dir.setup.log"; echo "0 passed, 1 failed"; exit 1; }
fi
ninja -C "$dir" tests/tiers tests/misuse >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; echo "0 passed, 1 failed"; exit 1; }
# populations capped at 1 000 pairs under the emulator (the x86 tiers run them whole natively)
SW_TIERS_QUICK=1 meson test -C "$dir" --print-errorlogs --no-rebuild tiers misuse
python3 scripts/tap_count.py "$dir/meson-logs/testlog.json"
