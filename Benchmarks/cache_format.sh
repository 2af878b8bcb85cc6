#!/usr/bin/env bash
# Decode cost of cache entries, old format (base64 inside JSON) against the current one (a short
# text header, then the raw body): the library's own cache files compiled with -O beside a driver,
# 20,000 entries of real recorded bodies, CPU time of three rounds each. About a minute.
#
#     Benchmarks/cache_format.sh [FIXTURES_DIR]     # default: ../shared/fixtures/github
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures="${1:-../shared/fixtures/github}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
lib=Sources/RepoWatchSite
swiftc -O -o "$out/cache-format" Benchmarks/cache_format/main.swift \
    "$lib/GitHub/CacheEntryFormat.swift" "$lib/GitHub/ResponseCache.swift" "$lib/Support/SHA256.swift" \
    "$lib/Support/FileIO.swift"
"$out/cache-format" "$fixtures"
