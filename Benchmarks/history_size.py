#!/usr/bin/env python3
"""What a large `outputs: card` site publishes when every repository has a long history.

One organization of --repos repositories (the synthetic GitHub, secondary limits lifted) with
`outputs: card` and everything else at its default, fetched once into the cache; then the cache's
history.json is replaced by --points points a repository spaced as the tiers keep them
(history_memory.py's `--tiers`: a repository created 17 years before its newest point at 480), and
the site is built with `build --offline`. Prints the build's `Built` line (the site's size as GitHub
Pages counts it), the published data/history.json's size and its `cut`, the cache's history.json
after the build (every point, which the published cut leaves out), and the build's peak RSS.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/history_size.py [--repos 100000] [--points 480]
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

from benchmark import LIFTED, start_server
from dashboard_cost import run, built
from history_memory import write_history

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def head(path, size=200):
    with open(path, "rb") as f:
        return f.read(size).decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repos", type=int, default=100_000)
    ap.add_argument("--points", type=int, default=480)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    args = ap.parse_args()
    args.binary = os.path.abspath(args.binary)
    folder = tempfile.mkdtemp(prefix="repowatch-bench-history-size-")
    site, cache = os.path.join(folder, "site"), os.path.join(folder, "cache")
    os.makedirs(site)
    with open(os.path.join(site, "site.yml"), "w") as f:
        f.write("title: history size\nbase_url: https://example.github.io/site/\n"
                "owners:\n  - owner: bench-org\n    outputs: card\n")
    try:
        server, base = start_server(0, org_repos=args.repos)
        try:
            print(f"filling the cache: {args.repos:,} repositories…", file=sys.stderr, flush=True)
            fill = run([args.binary, "build", "--api-url", base, "--cache-dir", cache, "--jobs", "8", *LIFTED], site)
        finally:
            server.terminate()
        history = os.path.join(cache, "history.json")
        print(f"writing {args.points} points a repository…", file=sys.stderr, flush=True)
        write_history(history, args.repos, args.points, True, name=lambda k: f"bench-org/repo-{k}")
        written = os.path.getsize(history)
        wall, rss, cpu, err = run([args.binary, "build", "--offline", "--cache-dir", cache, "--api-url", base], site)
        published = os.path.join(site, "public", "data", "history.json")
        cut = json.loads(head(published).split('"fields"')[0].rstrip(",") + "}").get("cut")
        said = next((l for l in err.splitlines() if "published cut" in l), "")
        print(f"{args.repos:,} repositories of one owner, `outputs: card`, {args.points} points of history each "
              f"(tiers; cache filled in {fill[0]:.0f} s)")
        print(f"- history written into the cache: {written:,} bytes")
        print(f"- build --offline: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss:.0f} MiB")
        print(f"- {built(err)}")
        print(f"- published data/history.json: {os.path.getsize(published):,} bytes, cut {cut}")
        print(f"- the cache's history.json after the build: {os.path.getsize(history):,} bytes")
        print(f"- the build said: {said}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
