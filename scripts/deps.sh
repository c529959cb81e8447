#!/usr/bin/env bash
# scripts/deps.sh — installs the Debian packages swept needs that are missing. Usage:
#   scripts/deps.sh            build + test dependencies
#   scripts/deps.sh --bench    also Google Benchmark and the peer libraries (Bullet, Box2D, libccd)
#   scripts/deps.sh --neon     also what runs the arm64 NEON tier here (cross compiler, qemu-user)
set -euo pipefail

pkgs=(meson ninja-build pkg-config gcc g++ clang clang-format python3 libsimde-dev libcriterion-dev gcc-aarch64-linux-gnu)
if [[ "${1:-}" == "--bench" ]]; then
	pkgs+=(libbenchmark-dev libbullet-dev libbox2d-dev libccd-dev)
fi
if [[ "${1:-}" == "--neon" ]]; then
	pkgs+=(qemu-user-static libc6-dev-arm64-cross)
fi

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
