#!/usr/bin/env bash
# The steps of action.yml (the GitHub Action), one subcommand each. Every input arrives in an
# environment variable set by the step's `env:`; nothing here is ever evaluated as code.
#
#   resolve        which version and architecture; where its binary is cached
#   install        the release's asset from the cache, else downloaded from the release, its SHA-256
#                  checked against the release's (every run, the cached copy too) and, when the gh CLI
#                  is on the runner, its build provenance attestation verified;
#                  says `from-source=true` when there is no binary for this version or architecture
#   prepare-source the source to build and the key of its build-folder cache
#   build-source   swift build -c release
#   pagefind       Pagefind (PyPI's pagefind-bin, pinned) when site.yml turns search on
#   run            repowatch-site build with the action's inputs; `site-path` is the absolute output
set -euo pipefail

# The GitHub the runner belongs to: GITHUB_SERVER_URL (a GitHub Enterprise Server sets its own),
# else github.com.
server_url() {
    local url="${GITHUB_SERVER_URL:-https://github.com}"
    echo "${url%/}"
}

# Where releases are downloaded from: <base>/<version>/<asset>. A mirror (or a test's file:// folder)
# may stand in with REPOWATCH_SITE_DOWNLOAD_URL.
download_base() {
    echo "${REPOWATCH_SITE_DOWNLOAD_URL:-$(server_url)/$REPOWATCH_SITE_REPOSITORY/releases/download}"
}

# The message of a workflow command with the runner's escapes (%, CR, LF), so text from an input or
# from a download stays inside it and cannot start a command of its own.
command_data() {
    local text="$*"
    text=${text//%/%25}
    text=${text//$'\r'/%0D}
    text=${text//$'\n'/%0A}
    printf '%s' "$text"
}

# `::LEVEL title=repowatch-site::MESSAGE` (LEVEL: error, warning or notice).
annotate() {
    printf '::%s title=repowatch-site::%s\n' "$1" "$(command_data "${*:2}")"
}

fail() {
    annotate error "$*"
    exit 1
}

# A line of the log that may hold an input or a download's text: line breaks shown as \n and \r, and
# a line the runner would read as a workflow command (a leading ::, or ##[ anywhere) made inert.
say() {
    local text="$*" trimmed
    text=${text//$'\r'/\\r}
    text=${text//$'\n'/\\n}
    text=${text//'##['/'#%23['}
    trimmed=${text#"${text%%[![:space:]]*}"}
    [[ "$trimmed" != ::* ]] || text="${text%"$trimmed"}%3A${trimmed#:}"
    printf '%s\n' "$text"
}

# The binaries are Linux ELF files and the source build uses apt-get: on macOS or Windows every later
# step would fail in a confusing way, so the first step says so before anything is downloaded.
require_linux() {
    [[ "${RUNNER_OS:-Linux}" == Linux ]] ||
        fail "repowatch-site runs on Linux runners only, and this one is ${RUNNER_OS}: use runs-on: ubuntu-latest for the job that builds the site"
}

# Downloads URL $1 to file $2; curl's own error message goes through `say`, since it quotes the URL.
fetch() {
    local log status=0 line
    log=$(curl --proto '=https,file' --fail --silent --show-error --location --retry 3 --output "$2" "$1" 2>&1) ||
        status=$?
    [[ -z "$log" ]] || while IFS= read -r line; do say "$line"; done <<<"$log"
    return "$status"
}

# Appends name=value to the step's outputs, refusing values that could forge another output line.
output() {
    [[ "$2" != *$'\n'* && "$2" != *$'\r'* ]] || fail "output $1 contains a line break"
    echo "$1=$2" >>"$GITHUB_OUTPUT"
}

# The version the action's own source declares (Sources/RepoWatchSupport/Version.swift).
declared_version() {
    local line
    line=$(grep -m1 'static let current = "' "$GITHUB_ACTION_PATH/Sources/RepoWatchSupport/Version.swift") ||
        fail "cannot read the version of the action's source in $GITHUB_ACTION_PATH"
    line=${line#*\"}
    echo "v${line%%\"*}"
}

# INPUT_VERSION, else the ref the action is used at when it names a release (v1.2.3), else the
# release the action's source declares: a major tag (v1), a branch or a commit SHA is the commit of
# some release, or ahead of it (`version: source` builds that exact commit instead).
cmd_resolve() {
    require_linux
    local version arch
    if [[ -n "${INPUT_VERSION:-}" ]]; then
        version="$INPUT_VERSION"
    elif [[ "${ACTION_REF:-}" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
        version="$ACTION_REF"
    else
        version=$(declared_version)
    fi
    # Releases are tagged v1.2.3; "1.2.3" means the same.
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && version="v$version"
    [[ "$version" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || fail "version must be a release tag like v1.2.3 or 'source', not '$version'"
    case "$(uname -m)" in
        x86_64 | amd64) arch=x86_64 ;;
        aarch64 | arm64) arch=aarch64 ;;
        *) arch=$(uname -m) ;;
    esac
    [[ "${REPOWATCH_SITE_REPOSITORY:-}" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] ||
        fail "the action's repository is unknown ('${REPOWATCH_SITE_REPOSITORY:-}'): set REPOWATCH_SITE_REPOSITORY in action.yml"
    output repository "$REPOWATCH_SITE_REPOSITORY"
    output version "$version"
    output arch "$arch"
    output asset "repowatch-site-linux-$arch.tar.gz"
    output bin-dir "${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/repowatch-site/$version/$arch"
    output bin-key "repowatch-site-release-$version-linux-$arch"
    echo "repowatch-site $version for linux-$arch"
}

# Checks that the binary ($1) runs here and is the version asked for ($2).
usable() {
    local found
    found=$("$1" --version 2>/dev/null) || return 1
    [[ "v$found" == "$2" ]] || {
        annotate warning "$1 is version $found, not $2"
        return 1
    }
}

# The build provenance attestation the release workflow made for the asset ($1), checked by
# `gh attestation verify` when gh can ask github.com; $2 is its SHA-256, already checked. Prints which
# checks were made.
verify_provenance() {
    local file="$1" how="SHA-256 $2" log line
    if ! command -v gh >/dev/null; then
        how+="; build provenance not checked: no gh CLI on this runner"
    elif [[ "$(server_url)" != https://github.com ]]; then
        how+="; build provenance not checked: attestations are published on github.com, not $(server_url)"
    elif [[ -z "${GH_TOKEN:-}" ]]; then
        how+="; build provenance not checked: gh needs a token (the action's token input is empty)"
    else
        log=$(gh attestation verify "$file" --repo "$REPOWATCH_SITE_REPOSITORY" 2>&1) || {
            while IFS= read -r line; do say "$line"; done <<<"$log"
            fail "$ASSET: gh attestation verify found no valid build provenance attestation by $REPOWATCH_SITE_REPOSITORY; it is not run"
        }
        how+="; build provenance attestation verified (gh attestation verify --repo $REPOWATCH_SITE_REPOSITORY)"
    fi
    echo "$how"
}

# The release's SHA-256 of the asset at URL $1, downloaded into folder $2, as EXPECTED. It always comes
# from the release, never from actions/cache: other workflows of the repository (pull requests
# among them) can write that cache, so what it restores is checked like a download.
published_sha256() {
    fetch "$1.sha256" "$2/$ASSET.sha256" || fail "$1.sha256 could not be downloaded"
    EXPECTED=""
    read -r EXPECTED _ <"$2/$ASSET.sha256" || true
    [[ "$EXPECTED" =~ ^[0-9a-f]{64}$ ]] || fail "$1.sha256 does not hold a SHA-256"
}

# The binary of the checked asset $1, into folder $2, when it runs and is version $3.
unpack() {
    tar -xzf "$1" -C "$2" repowatch-site 2>/dev/null && usable "$2/repowatch-site" "$3"
}

cmd_install() {
    : "${VERSION:?}" "${ASSET:?}" "${BIN_DIR:?}"
    require_linux
    # The cache keeps the release's asset as downloaded; the binary is unpacked from it once its
    # SHA-256 matches the release's, every run.
    local binary="$BIN_DIR/repowatch-site" kept="$BIN_DIR/$ASSET"
    if [[ "$VERSION" == source ]]; then
        output from-source true
        return
    fi
    local url tmp actual
    url="$(download_base)/$VERSION/$ASSET"
    # In RUNNER_TEMP, which the runner empties after the job.
    tmp=$(mktemp -d "${RUNNER_TEMP:-/tmp}/repowatch-site-download.XXXXXX")
    if [[ -f "$kept" ]]; then
        published_sha256 "$url" "$tmp"
        read -r actual _ < <(sha256sum "$kept")
        if [[ "$actual" == "$EXPECTED" ]] && unpack "$kept" "$tmp" "$VERSION"; then
            install -m 0755 "$tmp/repowatch-site" "$binary"
            rm -rf "$tmp"
            say "repowatch-site $VERSION found in the cache, SHA-256 $actual as published: $binary"
            output binary "$binary"
            return
        fi
        annotate warning "the cached $ASSET does not match the published SHA-256 $EXPECTED; downloading it again"
        rm -f "$kept" "$binary"
    fi
    if ! fetch "$url" "$tmp/$ASSET"; then
        annotate notice "no binary at $url; building $VERSION from source"
        output from-source true
        return
    fi
    # A binary without its published checksum, or with a different one, is never run.
    published_sha256 "$url" "$tmp"
    read -r actual _ < <(sha256sum "$tmp/$ASSET")
    [[ "$actual" == "$EXPECTED" ]] || fail "$ASSET: SHA-256 $actual does not match the published $EXPECTED"
    local verified
    verified=$(verify_provenance "$tmp/$ASSET" "$actual") || {
        say "$verified"
        exit 1
    }
    tar -xzf "$tmp/$ASSET" -C "$tmp" repowatch-site 2>/dev/null || fail "$ASSET holds no repowatch-site"
    if ! usable "$tmp/repowatch-site" "$VERSION"; then
        annotate warning "the $VERSION binary does not run on this runner; building from source"
        output from-source true
        return
    fi
    mkdir -p "$BIN_DIR"
    install -m 0644 "$tmp/$ASSET" "$kept"
    install -m 0755 "$tmp/repowatch-site" "$binary"
    rm -rf "$tmp"
    say "repowatch-site $VERSION downloaded and verified ($verified): $binary"
    output binary "$binary"
    output downloaded true
}

cmd_prepare_source() {
    : "${VERSION:?}"
    require_linux
    command -v swift >/dev/null ||
        fail "no repowatch-site binary for $VERSION on linux-$(uname -m) and no Swift toolchain to build it: install Swift first (swift-actions/setup-swift), or use a released version"
    if ! pkg-config --exists libcmark 2>/dev/null; then
        local sudo=()
        ((EUID == 0)) || sudo=(sudo)
        "${sudo[@]}" apt-get update -q
        "${sudo[@]}" apt-get install -y -q --no-install-recommends pkg-config libcmark-dev
    fi
    local source="$GITHUB_ACTION_PATH" swift_version
    if [[ "$VERSION" != source && "$VERSION" != "$(declared_version)" ]]; then
        source="$RUNNER_TEMP/repowatch-site-source"
        rm -rf "$source"
        git clone --quiet --depth 1 --branch "$VERSION" -- "$(server_url)/$REPOWATCH_SITE_REPOSITORY.git" "$source"
    fi
    swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n1)
    output source "$source"
    output scratch "$RUNNER_TEMP/repowatch-site-build"
    output build-key "repowatch-site-build-$VERSION-linux-$(uname -m)-swift${swift_version:-unknown}"
}

cmd_build_source() {
    : "${SOURCE:?}" "${SCRATCH:?}"
    swift build -c release --product repowatch-site --package-path "$SOURCE" --scratch-path "$SCRATCH"
    output binary "$(swift build -c release --package-path "$SOURCE" --scratch-path "$SCRATCH" --show-bin-path)/repowatch-site"
}

# Whether site.yml turns search on: a top-level `search: true` line (YAML's other spellings of true
# too). Only decides whether to install Pagefind; the build itself reads site.yml properly.
wants_search() {
    grep -qiE '^search:[[:space:]]*("?)(true|yes|on)\1[[:space:]]*(#.*)?$' -- "$1" 2>/dev/null
}

# Whether site.yml's top-level locale is Japanese or Chinese (written without spaces between words,
# which only Pagefind's extended build splits into words for search).
wants_word_splitting() {
    grep -qiE '^locale:[[:space:]]*("?)(ja|zh)([-_][A-Za-z0-9]+)*\1[[:space:]]*(#.*)?$' -- "$1" 2>/dev/null
}

# Pagefind's executable as `executable`, when it runs and says it is version $1.
pagefind_at() {
    [[ -x "$2" && "$("$2" --version 2>/dev/null)" == "pagefind $1" ]] || return 1
    output executable "$2"
    say "Pagefind $1: $2"
}

# Pagefind for `search: true`: the pagefind-bin wheel of INPUT_PAGEFIND (pagefind-bin-extended for a
# Japanese or Chinese site), installed into the tool cache unless that version is already there. A
# failure is a warning: the build then says search is skipped.
cmd_pagefind() {
    local version="${INPUT_PAGEFIND:-}" target found
    [[ "${INPUT_COMMAND:-build}" == build ]] || {
        echo "pagefind: \`${INPUT_COMMAND}\` builds no search index"
        return
    }
    [[ -n "$version" ]] || {
        echo "pagefind: empty, so no Pagefind is installed"
        return
    }
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "pagefind must be a pagefind-bin version like 1.5.2, not '$version'"
    if ! wants_search "${INPUT_CONFIG:-site.yml}"; then
        say "${INPUT_CONFIG:-site.yml} does not say \`search: true\`: no Pagefind needed"
        return
    fi
    # The extended build (a larger download) only where the site's language needs it.
    local wheel=pagefind-bin module=pagefind_bin program=pagefind
    if wants_word_splitting "${INPUT_CONFIG:-site.yml}"; then
        wheel=pagefind-bin-extended module=pagefind_bin_extended program=pagefind_extended
        say "${INPUT_CONFIG:-site.yml} is in Japanese or Chinese: Pagefind's extended build, which splits its words"
    fi
    found=$(command -v "$program" || true)
    if [[ -n "$found" ]] && pagefind_at "$version" "$found"; then return; fi
    target="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/$wheel/$version"
    if pagefind_at "$version" "$target/$module/$program"; then return; fi
    command -v python3 >/dev/null || {
        annotate warning "python3 is needed to install Pagefind; the site is built without search"
        return
    }
    # -I: isolated, so a module in the workspace (the site's repository) is never imported instead.
    found=$(python3 -I -c "import $module; print($module.get_executable())" 2>/dev/null || true)
    if [[ -n "$found" ]] && pagefind_at "$version" "$found"; then return; fi
    if ! python3 -I -m pip install --quiet --disable-pip-version-check --no-deps --target "$target" "$wheel==$version"; then
        annotate warning "pip could not install $wheel==$version; the site is built without search"
        return
    fi
    pagefind_at "$version" "$target/$module/$program" ||
        annotate warning "$wheel==$version installed no working pagefind; the site is built without search"
}

cmd_run() {
    local binary="${BINARY_FROM_CACHE:-${BINARY_FROM_SOURCE:-}}"
    [[ -n "$binary" ]] || fail "repowatch-site was not installed"
    # Split as a shell splits words (quotes, backslashes), but never evaluated: no $(…), no globs.
    local args=() split
    if [[ -n "${INPUT_ARGS:-}" ]]; then
        command -v python3 >/dev/null || fail "args: python3 is needed to split them into words"
        split=$(mktemp)
        # -I: isolated, so a shlex.py in the workspace is not what runs (with the token in the environment).
        python3 -I -c 'import shlex, sys; sys.stdout.write("".join(a + "\0" for a in shlex.split(sys.argv[1])))' \
            "$INPUT_ARGS" >"$split" 2>/dev/null || fail "args: unbalanced quotes in '$INPUT_ARGS'"
        mapfile -d '' -t args <"$split"
        rm -f "$split"
    fi
    local command
    case "${INPUT_COMMAND:-build}" in
        build)
            command=("$binary" build --config "$INPUT_CONFIG" --output "$INPUT_OUTPUT")
            [[ -z "${INPUT_API_URL:-}" ]] || command+=(--api-url "$INPUT_API_URL")
            [[ -z "${INPUT_BUDGET:-}" ]] || command+=(--budget "$INPUT_BUDGET")
            ;;
        # Sends what the build queued; the webhook URLs come from the step's env:, never from inputs.
        notify) command=("$binary" notify --config "$INPUT_CONFIG") ;;
        *) fail "command must be build or notify, not '${INPUT_COMMAND}'" ;;
    esac
    local site_path
    site_path=$(realpath -m -- "$INPUT_OUTPUT")
    local status=0
    [[ -z "${PAGEFIND_EXECUTABLE:-}" ]] || export REPOWATCH_PAGEFIND="$PAGEFIND_EXECUTABLE"
    GITHUB_TOKEN="${INPUT_TOKEN:-}" "${command[@]}" "${args[@]}" || status=$?
    output site-path "$site_path"
    return "$status"
}

case "${1:-}" in
    resolve) cmd_resolve ;;
    install) cmd_install ;;
    prepare-source) cmd_prepare_source ;;
    build-source) cmd_build_source ;;
    run) cmd_run ;;
    pagefind) cmd_pagefind ;;
    *) fail "usage: action.sh resolve|install|prepare-source|build-source|pagefind|run" ;;
esac
