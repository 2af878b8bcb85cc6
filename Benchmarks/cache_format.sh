#!/usr/bin/env bash
# Decode cost of cache entries, old format (base64 inside JSON) against the current one (a short
# text header, then the raw body): the library's own cache files compiled with -O beside a driver,
# 20,000 entries of real recorded bodies, CPU time of three rounds each. About a minute.
#
#     Benchmarks/cache_format.sh [FIXTURES_DIR]     # default: Tests/Fixtures/github/recorded
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures="${1:-Tests/Fixtures/github/recorded}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The cache files belong to RepoWatchNetwork and use RepoWatchSupport's `package` declarations: that
# target is built first as a module of the same package name, with -O like the rest.
support="$out/support"
mkdir -p "$support"
swiftc -O -wmo -parse-as-library -module-name RepoWatchSupport -package-name repowatch_site \
    -emit-module -emit-module-path "$support/RepoWatchSupport.swiftmodule" \
    -emit-library -static -o "$support/libRepoWatchSupport.a" Sources/RepoWatchSupport/*.swift
network=Sources/RepoWatchNetwork
swiftc -O -package-name repowatch_site -I "$support" -L "$support" -lRepoWatchSupport -o "$out/cache-format" \
    Benchmarks/cache_format/main.swift "$network/CacheEntryFormat.swift" "$network/ResponseCache.swift"
"$out/cache-format" "$fixtures"
