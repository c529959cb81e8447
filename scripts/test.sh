#!/usr/bin/env bash
# scripts/test.sh — installs what is missing, builds and runs every test suite, and ends with the line
# 'N passed, N failed'. Usage:
#   scripts/test.sh               release build with gcc (build-test/)
#   scripts/test.sh --sanitize    address + undefined sanitizer build with OpenMP chunks (build-asan/)
#   scripts/test.sh --clang       release build with clang, the whole library under address + undefined
#                                 sanitizers, plus 20 s of each libFuzzer target (build-clang-test/); the
#                                 oracle suites (*_brute), which the two gcc builds run, are left out:
#                                 under clang's sanitizers they take several times their 600 s budget
#   scripts/test.sh --fuzz N      only the libFuzzer targets, N seconds each, in that build (build-fuzz/)
# Every build treats warnings as errors.
set -uo pipefail
cd "$(dirname "$0")/.."

./scripts/deps.sh || { echo "dependency install failed"; echo "0 passed, 1 failed"; exit 1; }

dir=build-test
opts=(-Dbench=false -Dexamples=true --buildtype=release --werror)
only=()
case "${1:-}" in
--sanitize)
	dir=build-asan
	opts=(-Dbench=false -Dexamples=false -Dopenmp=enabled --buildtype=debugoptimized -Db_sanitize=address,undefined --werror)
	;;
--clang | --fuzz)
	dir=build-clang-test
	# coverage callbacks resolve at link time of each executable; the library is instrumented too, so a
	# fault inside it is reported, not only one in a fuzz target
	opts+=(-Dfuzz=true -Db_lundef=false -Db_sanitize=address,undefined)
	if [[ $1 == --fuzz ]]; then
		dir=build-fuzz
		opts+=(-Dfuzz_seconds="${2:?--fuzz takes a number of seconds}" -Dexamples=false)
		only=(--suite fuzz)
	fi
	[[ $1 == --clang ]] && only=(--no-suite oracle)
	export CC=clang
	command -v clang >/dev/null || { echo "clang not installed"; echo "0 passed, 1 failed"; exit 1; }
	;;
esac

if [[ ! -d $dir ]]; then
	meson setup "$dir" "${opts[@]}" >"$dir.setup.log" 2>&1 || { cat "$dir.setup.log"; echo "0 passed, 1 failed"; exit 1; }
fi
# a later --fuzz N keeps the build and takes its own N
[[ ${1:-} == --fuzz ]] && meson configure "$dir" -Dfuzz_seconds="$2" >/dev/null
ninja -C "$dir" >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; echo "0 passed, 1 failed"; exit 1; }

meson test -C "$dir" --print-errorlogs --num-processes 2 "${only[@]}"
python3 scripts/tap_count.py "$dir/meson-logs/testlog.json"
