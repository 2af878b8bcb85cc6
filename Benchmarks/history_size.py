#!/usr/bin/env python3
"""What a large `outputs: card` site publishes when every repository has a long history, and its memory.

One organization of --repos repositories (the synthetic GitHub, secondary limits lifted) with
`outputs: card` and everything else at its default, fetched once into the cache; then the cache's
history.json is replaced by --points points a repository spaced as the tiers keep them
(history_memory.py's `--tiers`: a repository created 17 years before its newest point at 480), and
the site is built with `build --offline` over the filling build's output. Prints the build's `Built`
line (the site's size as GitHub Pages counts it), the published data/history.json's size and its
`cut`, the cache's history.json after the build (every point, which the published cut leaves out),
and the build's peak RSS (GNU time).

`--before BINARY` compares two binaries on the same work: the filled state (site, previous output,
cache with the long history) is kept aside, and before every run a fresh copy of it is made, so both
sides start from the same files; --runs runs a side, alternating (before, after; after, before; …),
and the medians. The cache is filled by the --before binary when given (else by --binary).
`--folder DIR` keeps the filled state in DIR (and reuses it when a run finds it there: filling
100,000 repositories takes many minutes); without it everything goes into a temporary folder.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/history_size.py [--repos 100000] [--points 480]
       python3 Benchmarks/history_size.py --before OLD_BINARY --binary NEW_BINARY --runs 3 [--folder DIR]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchmark import LIFTED, start_server
from dashboard_cost import run, built
from history_memory import write_history

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FILLED = ".filled"


def head(path, size=200):
    with open(path, "rb") as f:
        return f.read(size).decode("utf-8", "replace")


def fill(state, binary, repos, points):
    """The filled site and cache in `state`, with the long history written; its `base` (the API URL the
    cache's entries are keyed by) in `state/base`."""
    site, cache = os.path.join(state, "site"), os.path.join(state, "cache")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(site)
    with open(os.path.join(site, "site.yml"), "w") as f:
        f.write("title: history size\nbase_url: https://example.github.io/site/\n"
                "owners:\n  - owner: bench-org\n    outputs: card\n")
    server, base = start_server(0, org_repos=repos)
    try:
        print(f"filling the cache: {repos:,} repositories…", file=sys.stderr, flush=True)
        filled = run([binary, "build", "--api-url", base, "--cache-dir", cache, "--jobs", "8", *LIFTED], site)
    finally:
        server.terminate()
    print(f"writing {points} points a repository…", file=sys.stderr, flush=True)
    write_history(os.path.join(cache, "history.json"), repos, points, True, name=lambda k: f"bench-org/repo-{k}")
    with open(os.path.join(state, "base"), "w") as f:
        f.write(base)
    with open(os.path.join(state, FILLED), "w") as f:
        f.write(f"{repos} {points} {filled[0]:.0f}\n")
    return filled[0]


def build(state, work, binary):
    """One offline build from a fresh copy of the filled state: wall, RSS, CPU, stderr, published size, cut."""
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run(["cp", "-a", state, work], check=True)
    site, cache = os.path.join(work, "site"), os.path.join(work, "cache")
    with open(os.path.join(work, "base")) as f:
        base = f.read().strip()
    wall, rss, cpu, err = run([binary, "build", "--offline", "--cache-dir", cache, "--api-url", base], site)
    published = os.path.join(site, "public", "data", "history.json")
    cut = json.loads(head(published).split('"fields"')[0].rstrip(",") + "}").get("cut")
    result = dict(wall=wall, rss=rss, cpu=cpu, err=err, published=os.path.getsize(published), cut=cut,
                  history=os.path.getsize(os.path.join(cache, "history.json")))
    shutil.rmtree(work, ignore_errors=True)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repos", type=int, default=100_000)
    ap.add_argument("--points", type=int, default=480)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--before", help="a second binary, run alternately with --binary on the same filled state")
    ap.add_argument("--runs", type=int, default=1, help="runs a side")
    ap.add_argument("--folder", help="keep the filled state here, and reuse it when present")
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")
    binaries = {"after": os.path.abspath(args.binary)}
    if args.before:
        binaries["before"] = os.path.abspath(args.before)
    folder = os.path.abspath(args.folder) if args.folder else tempfile.mkdtemp(prefix="repowatch-bench-history-size-")
    state, work = os.path.join(folder, "filled"), os.path.join(folder, "run")
    try:
        marker = os.path.join(state, FILLED)
        if os.path.exists(marker) and head(marker).split()[:2] == [str(args.repos), str(args.points)]:
            filled = f"the filled state reused from {state}"
        else:
            seconds = fill(state, binaries.get("before", binaries["after"]), args.repos, args.points)
            filled = f"cache filled in {seconds:.0f} s"
        written = os.path.getsize(os.path.join(state, "cache", "history.json"))
        runs = {label: [] for label in binaries}
        order = list(binaries) if len(binaries) == 1 else ["before", "after"]
        for k in range(args.runs):
            for label in (order if k % 2 == 0 else order[::-1]):
                result = build(state, work, binaries[label])
                runs[label].append(result)
                print(f"  {label}: {result['wall']:.1f} s, {result['cpu']:.1f} s CPU, {result['rss']:.1f} MiB",
                      file=sys.stderr, flush=True)
    finally:
        if not args.folder:
            shutil.rmtree(folder, ignore_errors=True)

    print(f"{args.repos:,} repositories of one owner, `outputs: card`, {args.points} points of history each "
          f"(tiers; {filled}); history written into the cache: {written:,} bytes")
    for label, results in runs.items():
        if not results:
            continue
        last = results[-1]
        median = {key: statistics.median(r[key] for r in results) for key in ("wall", "cpu", "rss")}
        said = next((l for l in last["err"].splitlines() if "published cut" in l), "")
        each = ", ".join(f"{r['rss']:.1f}" for r in results)
        print(f"- {label} ({binaries[label]}): build --offline, median of {len(results)}: {median['wall']:.1f} s wall, "
              f"{median['cpu']:.1f} s CPU, peak RSS {median['rss']:.1f} MiB "
              f"(runs: {each} MiB)")
        print(f"  - {built(last['err'])}")
        print(f"  - published data/history.json: {last['published']:,} bytes, cut {last['cut']}")
        print(f"  - the cache's history.json after the build: {last['history']:,} bytes")
        print(f"  - the build said: {said}")
    if len(runs) == 2 and args.runs:
        before = statistics.median(r["rss"] for r in runs["before"])
        after = statistics.median(r["rss"] for r in runs["after"])
        print(f"- peak RSS, after − before (medians): {after - before:+.1f} MiB ({after / before:.3f} ×)")


if __name__ == "__main__":
    main()
