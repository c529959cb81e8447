#!/usr/bin/env bash
# scripts/check-neon.sh SRCDIR — compiles the kernel templates for the arm64 NEON tier with Debian's
# aarch64 cross compiler (warnings are errors) and checks every kernel symbol is defined. The NEON
# tier is the 4-lane source mapped to NEON by SIMDe; this proves it builds without an arm64 machine.
set -euo pipefail
src=${1:-$(dirname "$0")/..}
cc=aarch64-linux-gnu-gcc
command -v $cc >/dev/null || { echo "$cc not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# SIMDe's headers are architecture-neutral; expose only them, not the host's libc headers
simde=$(dirname "$(find /usr/include /usr/local/include -maxdepth 2 -name avx512.h -path '*simde/x86*' | head -1)")
ln -s "$(dirname "$simde")" "$tmp/simde"
# the build's configuration header, as meson writes it for an arm64 build with the NEON tier
mkdir "$tmp/cfg"
printf '#define SW_HAVE_NEON 1\n#define SW_HAVE_OPENMP 0\n#define SW_TIERS(X) X(neon, SW_ISA_NEON)\n' >"$tmp/cfg/sw_config.h"
for f in "$src"/src/kernels/*_tmpl.c; do
	$cc -std=c17 -O2 -Wall -Wextra -Werror -Wno-psabi -ffp-contract=off -DSW_TIER_NEON \
		-I"$src/include" -I"$src/src" -I"$tmp/cfg" -isystem "$tmp" -c "$f" -o "$tmp/$(basename "$f" .c).o"
done
syms=$(aarch64-linux-gnu-nm "$tmp"/*.o | awk '$2 == "T" {print $3}')
# every query of the list must have its kernel with the _neon suffix
wanted=$(grep -oE '^\s+X\(t, [a-z0-9_]+,' "$src/src/queries.h" | sed -E 's/.*X\(t, ([a-z0-9_]+),/sw_\1_neon/')
[[ -n $wanted ]] || { echo "no queries found in src/queries.h"; exit 1; }
for want in $wanted; do
	grep -qx "$want" <<<"$syms" || { echo "missing $want"; exit 1; }
done
echo "neon tier compiles: $(wc -w <<<"$syms") kernels"
