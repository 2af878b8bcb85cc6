#!/usr/bin/env bash
# One command: install Hugo and GNU time (Debian), build in release mode, run the benchmark.
# Results go to docs/benchmarks.md (with --quick: small sizes, written to /tmp).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v hugo >/dev/null || [ ! -x /usr/bin/time ]; then
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update
    $sudo_cmd apt-get install -y hugo time
fi
if ! pkg-config --exists libcmark; then
    echo "libcmark-dev is needed: apt-get install -y pkg-config libcmark-dev" >&2
    exit 1
fi
# The binary users run (the README's install, the Action): the portable build, stripped, from its
# tarball. A plain `swift build -c release` links the toolchain's shared Swift libraries, whose pages
# count in its peak memory too; pass --binary .build/release/repowatch-site to measure that one.
scripts/build-portable.sh --dist .build-portable/dist
unpacked="$(mktemp -d)"
tar -xzf ".build-portable/dist/repowatch-site-linux-$(uname -m).tar.gz" -C "$unpacked"
exec python3 Benchmarks/benchmark.py --binary "$unpacked/repowatch-site" "$@"
