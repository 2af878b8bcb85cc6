#!/bin/sh
# A release binary of COMMIT (default HEAD) with Benchmarks/fast-paths/NAME.patch applied: one fast
# path swapped for the plain standard-library version, for Benchmarks/fast_paths.py to measure
# beside the real one (docs/fast-paths.md); or with Benchmarks/variants/NAME.patch, a feature left out
# (chart_cost.py). NAME "none" builds COMMIT as it is.
#
# The checkout is one detached worktree, reused, so that each variant is an incremental build; the
# binary is copied to .build-variants/NAME here (git-ignored). Prints its path. VARIANT_TREE and
# VARIANT_SCRATCH name another checkout and scratch folder (an existing build, to build less).
#
# Usage: Benchmarks/fast_paths_variant.sh NAME [COMMIT]
set -eu
name=$1
commit=${2:-HEAD}
root=$(cd "$(dirname "$0")/.." && pwd)
tree=${VARIANT_TREE:-${TMPDIR:-/tmp}/repowatch-variant}
scratch=${VARIANT_SCRATCH:-.build-variant}
[ -d "$tree" ] || git -C "$root" worktree add --detach "$tree" "$commit" >&2
git -C "$tree" checkout -q -f --detach "$(git -C "$root" rev-parse "$commit")"
patch=$root/Benchmarks/fast-paths/$name.patch
# Variants that are not fast paths (a feature left out, to measure what it costs) live in variants/.
[ -f "$patch" ] || patch=$root/Benchmarks/variants/$name.patch
[ "$name" = none ] || git -C "$tree" apply "$patch"
(cd "$tree" && swift build -c release --product repowatch-site --scratch-path "$scratch" >&2)
mkdir -p "$root/.build-variants"
cp "$tree/$scratch/release/repowatch-site" "$root/.build-variants/$name"
echo "$root/.build-variants/$name"
