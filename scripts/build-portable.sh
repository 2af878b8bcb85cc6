#!/usr/bin/env bash
# Builds the portable Linux binary that the GitHub Action downloads: the Swift runtime and Foundation
# linked in (--static-swift-stdlib) and libcmark linked statically, so a runner without a Swift
# toolchain runs it. What stays dynamic is what every Ubuntu runner has: glibc (libc, libm), libstdc++,
# libgcc_s, and libcurl (FoundationNetworking's HTTP; its static form would drag in OpenSSL, nghttp2,
# Kerberos, LDAP…).
#
# Writes DIST/repowatch-site-linux-ARCH.tar.gz (the binary, named repowatch-site) and its .sha256,
# then checks the binary with --check (see below). The glibc it needs is that of the build machine:
# build on the oldest Ubuntu you support (the release workflow uses jammy, glibc 2.35).
#
# Usage: scripts/build-portable.sh [--debug] [--scratch-path DIR] [--dist DIR]
#        scripts/build-portable.sh --check BINARY   # only the dependency check
set -euo pipefail
cd "$(dirname "$0")/.."

# Shared libraries a portable binary may need, by soname prefix.
allowed_libraries=(libc.so libm.so libstdc++.so libgcc_s.so libcurl.so libdl.so libpthread.so librt.so ld-linux)

fail() {
    echo "build-portable: $*" >&2
    exit 1
}

# Prints the binary's NEEDED entries and fails on one outside the allow-list (a Swift runtime library,
# libcmark, libFoundation…).
check() {
    local binary="$1" needed library prefix ok bad=()
    needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    [[ -n "$needed" ]] || fail "$binary: readelf shows no NEEDED entries (not a dynamic ELF executable?)"
    for library in $needed; do
        ok=false
        for prefix in "${allowed_libraries[@]}"; do
            [[ "$library" == "$prefix"* ]] && ok=true
        done
        $ok || bad+=("$library")
    done
    echo "$binary needs: $(echo "$needed" | tr '\n' ' ')"
    ((${#bad[@]} == 0)) || fail "$binary needs libraries a stock runner may not have: ${bad[*]}"
}

configuration=release
scratch=.build-portable
dist=dist
while (($#)); do
    case "$1" in
        --debug) configuration=debug ;;
        --scratch-path) scratch="$2"; shift ;;
        --dist) dist="$2"; shift ;;
        --check) check "$2"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
    shift
done

command -v pkg-config >/dev/null || fail "pkg-config is missing (apt-get install pkg-config libcmark-dev)"
libdir=$(pkg-config --variable=libdir libcmark) || fail "libcmark not found (apt-get install libcmark-dev)"
[[ -f "$libdir/libcmark.a" ]] || fail "$libdir/libcmark.a is missing: libcmark-dev ships it on Debian and Ubuntu"

# SwiftPM links what pkg-config names (-L/usr/lib/… -lcmark), and the linker takes the .so it finds
# first there. A libcmark.pc of our own points at a folder holding only the static archive.
static="$PWD/$scratch/static-libcmark"
mkdir -p "$static"
ln -sf "$libdir/libcmark.a" "$static/libcmark.a"
sed -e "s|^libdir=.*|libdir=$static|" "$(pkg-config --variable=pcfiledir libcmark)/libcmark.pc" >"$static/libcmark.pc"
export PKG_CONFIG_PATH="$static${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

flags=(-c "$configuration" --product repowatch-site --static-swift-stdlib --scratch-path "$scratch")
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/repowatch-site"
check "$binary"

name="repowatch-site-linux-$(uname -m)"
if [[ "$dist/$name.tar.gz" -nt "$binary" && -f "$dist/$name.tar.gz.sha256" ]]; then
    echo "$dist/$name.tar.gz is up to date"
    exit 0
fi
mkdir -p "$dist"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$binary" "$stage/repowatch-site"
[[ "$configuration" == debug ]] || strip "$stage/repowatch-site"
tar -C "$stage" --owner=0 --group=0 --numeric-owner --mtime=@0 -czf "$dist/$name.tar.gz" repowatch-site
(cd "$dist" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "wrote $dist/$name.tar.gz and $dist/$name.tar.gz.sha256 ($(du -h "$dist/$name.tar.gz" | cut -f1))"
