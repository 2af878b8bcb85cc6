#!/usr/bin/env python3
"""What the charts to paste cost a large site: each repository's history.svg and history-dark.svg.

One organization of --repos repositories (the synthetic GitHub, secondary limits lifted, `outputs` left
at `all`, so every repository has embeds), fetched once into a cache; --points points of history a
repository written into it. Two binaries over the same work: --before (a build without the charts) and
--after. Each gets its own copy of the filled cache and builds once offline, untimed;
then each builds offline into a fresh output folder --runs times, the binaries alternating (a
rebuild over an unchanged output is skipped whole, so it would time nothing). Reported:
each run's wall time, CPU (user + system) and peak RSS (GNU time), the medians, each side's `Built`
line, and the bytes of the after side's history*.svg files (exact, from the last output).

Usage: python3 Benchmarks/chart_cost.py --before OLD/repowatch-site --after NEW/repowatch-site
       [--repos 10000] [--runs 3] [--points 30]
Prints Markdown.
"""

import argparse
import glob
import os
import shutil
import statistics
import sys
import tempfile
import time

from benchmark import LIFTED, start_server
from dashboard_cost import built, run, write_history


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--repos", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--points", type=int, default=30)
    args = ap.parse_args()
    binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")

    folder = tempfile.mkdtemp(prefix="repowatch-bench-charts-")
    filled = os.path.join(folder, "filled")
    sites, caches = {}, {}
    for label in binaries:
        sites[label] = os.path.join(folder, label)
        os.makedirs(sites[label])
        with open(os.path.join(sites[label], "site.yml"), "w") as f:
            f.write("title: chart cost\nbase_url: https://example.github.io/site/\nowners:\n  - owner: bench-org\n")
    runs = {label: [] for label in binaries}
    sizes, svg_bytes, svg_count = {}, 0, 0
    try:
        server, base = start_server(0, org_repos=args.repos)
        try:
            print(f"filling the cache: {args.repos:,} repositories…", file=sys.stderr, flush=True)
            fill = run([binaries["after"], "build", "--api-url", base, "--cache-dir", filled, "--jobs", "8", *LIFTED],
                       sites["after"])
        finally:
            server.terminate()
        write_history(os.path.join(filled, "history.json"), args.repos, args.points, int(time.time()))
        for label in binaries:
            caches[label] = os.path.join(folder, f"cache-{label}")
            shutil.copytree(filled, caches[label])
            shutil.rmtree(os.path.join(sites[label], "public"), ignore_errors=True)

        def offline(label):
            return run([binaries[label], "build", "--offline", "--cache-dir", caches[label], "--api-url", base],
                       sites[label])

        # One untimed build each warms the page cache; every timed build then starts from no output folder,
        # because a rebuild over an unchanged output is skipped whole and would time nothing.
        for label in binaries:
            offline(label)
        for k in range(args.runs):
            for label in (("before", "after") if k % 2 == 0 else ("after", "before")):
                shutil.rmtree(os.path.join(sites[label], "public"), ignore_errors=True)
                wall, rss, cpu, err = offline(label)
                runs[label].append((wall, rss, cpu))
                sizes[label] = built(err)
                print(f"  {label}: {wall:.1f} s, {rss:.0f} MiB, {cpu:.1f} s CPU", file=sys.stderr, flush=True)
        for path in glob.glob(os.path.join(sites["after"], "public", "repos", "*", "*", "history*.svg")):
            svg_bytes += os.path.getsize(path)
            svg_count += 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def median(label, index):
        return statistics.median(r[index] for r in runs[label])

    print(f"{args.repos:,} repositories of one owner, every one with embeds, {args.points} points of history "
          f"each; cache filled in {fill[0]:.0f} s. `build --offline` into a fresh output folder, the two "
          f"binaries alternating, medians of {args.runs}:\n")
    print("| | wall | CPU | peak RSS | runs (wall, CPU, peak RSS) | the build's summary |")
    print("|---|---|---|---|---|---|")
    for label in binaries:
        each = "; ".join(f"{w:.1f} s, {c:.1f} s, {m:.0f} MiB" for w, m, c in runs[label])
        print(f"| {label} | {median(label, 0):.1f} s | {median(label, 2):.1f} s | {median(label, 1):.0f} MiB "
              f"| {each} | `{sizes[label]}` |")
    wall = median("after", 0) - median("before", 0)
    cpu = median("after", 2) - median("before", 2)
    print(f"\nAfter − before: wall {wall:+.1f} s ({wall / args.repos * 1000:+.2f} ms a repository), "
          f"CPU {cpu:+.1f} s ({cpu / args.repos * 1000:+.2f} ms a repository), "
          f"peak RSS {median('after', 1) - median('before', 1):+.1f} MiB. "
          f"history.svg and history-dark.svg: {svg_count:,} files, {svg_bytes:,} bytes "
          f"({svg_bytes / max(1, svg_count // 2):,.0f} bytes a repository).")


if __name__ == "__main__":
    main()
