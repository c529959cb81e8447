#!/usr/bin/env bash
# scripts/check-format.sh SRCDIR — fails when a tracked C/C++ file differs from .clang-format's style.
# Fix with: clang-format -i $(git ls-files '*.c' '*.h' '*.cc')
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
command -v clang-format >/dev/null || { echo "clang-format not installed"; exit 77; }
files=$(git ls-files '*.c' '*.h' '*.cc' 2>/dev/null || find include src tests bench examples -name '*.[ch]' -o -name '*.cc')
clang-format --dry-run --Werror $files
echo "format ok: $(wc -w <<<"$files") files"
