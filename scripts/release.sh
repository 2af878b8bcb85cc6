#!/usr/bin/env bash
# The steps of .github/workflows/release.yml that talk to GitHub, one subcommand each, through the gh
# CLI (GH_TOKEN and GH_REPO come from the step's `env:`; nothing here is evaluated as code).
#
#   version          the release this commit is, from Sources/RepoWatchSupport/Version.swift:
#                    outputs tag=vX.Y.Z and major=vX; refuses a tag that exists already, or a run
#                    from another branch than the default one
#   publish DIST     creates the tag vX.Y.Z at SHA and its release with every file in DIST, then
#                    moves the major tag vX to SHA, unless a newer vX.*.* release exists already
#                    (a fix to an older line never takes @vX back)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "::error title=release::$*"
    exit 1
}

output() {
    echo "$1=$2" >>"${GITHUB_OUTPUT:-/dev/stdout}"
}

# The tags of this repository under refs/tags/$1 (a prefix), one name a line, without refs/tags/.
tags_with_prefix() {
    gh api "repos/$GH_REPO/git/matching-refs/tags/$1" --jq '.[].ref' | sed 's|^refs/tags/||'
}

cmd_version() {
    : "${GH_REPO:?}"
    if [[ -n "${DEFAULT_BRANCH:-}" && "${GITHUB_REF:-}" != "refs/heads/$DEFAULT_BRANCH" ]]; then
        fail "releases are made from $DEFAULT_BRANCH, not ${GITHUB_REF:-an unknown ref}: run the workflow on $DEFAULT_BRANCH"
    fi
    local line version
    line=$(grep -m1 'static let current = "' Sources/RepoWatchSupport/Version.swift) ||
        fail "Sources/RepoWatchSupport/Version.swift declares no version"
    line=${line#*\"}
    version=${line%%\"*}
    [[ "$version" =~ ^([0-9]+)\.[0-9]+\.[0-9]+$ ]] ||
        fail "Version.swift says '$version'; a release needs MAJOR.MINOR.PATCH, like 1.2.3"
    if tags_with_prefix "v$version" | grep -qFx "v$version"; then
        fail "v$version is released already: set the next version in Sources/RepoWatchSupport/Version.swift first"
    fi
    output tag "v$version"
    output major "v${BASH_REMATCH[1]}"
    echo "releasing v$version (major tag v${BASH_REMATCH[1]})"
}

# True when $1 (vX.Y.Z) is at least every vX.*.* tag in $2 (one a line).
newest_of_major() {
    local tag="$1" others="$2" newest
    newest=$( (echo "$others" && echo "$tag") | grep -E '^v[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n1)
    [[ "$newest" == "$tag" ]]
}

cmd_publish() {
    local dist="${1:?usage: release.sh publish DIST}"
    : "${GH_REPO:?}" "${TAG:?}" "${MAJOR:?}" "${SHA:?}"
    [[ "$TAG" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ && "$MAJOR" =~ ^v[0-9]+$ && "$TAG" == "$MAJOR".* ]] ||
        fail "tag '$TAG' and major tag '$MAJOR' do not go together"
    [[ "$SHA" =~ ^[0-9a-f]{40}$ ]] || fail "'$SHA' is not a commit SHA"
    local assets=("$dist"/*)
    [[ -e "${assets[0]}" ]] || fail "$dist holds no files to release"
    (cd "$dist" && sha256sum --check --quiet ./*.sha256) || fail "a binary in $dist does not match its .sha256"

    gh release create "$TAG" --target "$SHA" --title "$TAG" --generate-notes "${assets[@]}"
    echo "created the release $TAG at $SHA with ${#assets[@]} files"

    local released
    released=$(tags_with_prefix "$MAJOR.")
    if ! newest_of_major "$TAG" "$released"; then
        echo "$MAJOR stays where it is: a newer $MAJOR release exists ($(echo "$released" | tr '\n' ' '))"
        return
    fi
    if tags_with_prefix "$MAJOR" | grep -qFx "$MAJOR"; then
        gh api --method PATCH "repos/$GH_REPO/git/refs/tags/$MAJOR" -f sha="$SHA" -F force=true >/dev/null
        echo "moved $MAJOR to $TAG ($SHA)"
    else
        gh api --method POST "repos/$GH_REPO/git/refs" -f ref="refs/tags/$MAJOR" -f sha="$SHA" >/dev/null
        echo "created $MAJOR at $TAG ($SHA)"
    fi
}

case "${1:-}" in
    version) cmd_version ;;
    publish) cmd_publish "${2:-}" ;;
    *) fail "usage: release.sh version | publish DIST" ;;
esac
