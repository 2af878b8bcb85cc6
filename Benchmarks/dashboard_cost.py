#!/usr/bin/env python3
"""What the insights page, the open data and the badges cost a large site, and whether it fits Pages.

One organization of --repos repositories (the synthetic GitHub, secondary limits lifted) with
`outputs: card`, fetched once into a cache both sites share; a month of history (--points a
repository, written in the file's own format) in that cache. Two site folders over it, the same
but for two lines: `insights: true` + `open_data: true` ("on", the defaults) and both `false`
("off"). Each is built once with `build --offline` to have a previous output, then rebuilt
offline --runs times, on and off alternating; each run's wall time and peak RSS (GNU time), and
the medians. The size is the "on" site's `Built` line (every file whole, as GitHub Pages counts).

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/dashboard_cost.py [--repos 100000] [--runs 3] [--points 30]
Prints Markdown.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

import shutil

from benchmark import LIFTED, start_server, timed

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOKEN = "ghp_benchmarkToken0123456789abcdefABCDEF"


def run(command, cwd):
    """Wall seconds, peak RSS (MiB), CPU seconds (user + system) and stderr of one run: CPU beside wall
    because the machine this runs on may be shared, and other processes stretch the wall clock of both
    sides much more than the CPU each side spends."""
    done = timed(command, cwd, env=dict(os.environ, GITHUB_TOKEN=TOKEN))
    return done.wall, done.rss, done.cpu, done.stderr


def write_history(path, count, points, now, seed=37):
    """history.json as the build writes it (schema 1 is read and upgraded): a point a day."""
    rng = random.Random(seed)
    keys = sorted(f"bench-org/repo-{k}" for k in range(count))
    with open(path, "w") as f:
        f.write('{"schema":1,"fields":["time","stars","forks","open_issues","contributors"],"repos":{')
        for index, key in enumerate(keys):
            stars, forks, issues = rng.randrange(100_000), rng.randrange(5_000), rng.randrange(200)
            rows = []
            for p in range(points, 0, -1):
                stars += rng.randrange(-3, 40)
                forks += rng.randrange(0, 3)
                issues = max(0, issues + rng.randrange(-2, 3))
                rows.append(f"[{now - p * 86_400},{stars},{forks},{issues},4]")
            f.write(("," if index else "") + "\n" + '"' + key + '":[' + ",".join(rows) + "]")
        f.write("\n}}\n")


def built(stderr):
    return next((l for l in stderr.splitlines() if l.startswith("Built ")), "?")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repos", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--points", type=int, default=30)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    args = ap.parse_args()
    args.binary = os.path.abspath(args.binary)
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")

    folder = tempfile.mkdtemp(prefix="repowatch-bench-dashboard-")
    cache = os.path.join(folder, "cache")
    sites = {}
    for label, extra in (("on", "insights: true\nopen_data: true\n"), ("off", "insights: false\nopen_data: false\n")):
        sites[label] = os.path.join(folder, label)
        os.makedirs(sites[label])
        with open(os.path.join(sites[label], "site.yml"), "w") as f:
            f.write("title: dashboard cost\nbase_url: https://example.github.io/site/\n"
                    f"owners:\n  - owner: bench-org\n    outputs: card\n{extra}")
    try:
        server, base = start_server(0, org_repos=args.repos)
        try:
            print(f"filling the cache: {args.repos:,} repositories…", file=sys.stderr, flush=True)
            fill = run([args.binary, "build", "--api-url", base, "--cache-dir", cache, "--jobs", "8", *LIFTED],
                       sites["on"])
        finally:
            server.terminate()
        now = int(time.time())
        write_history(os.path.join(cache, "history.json"), args.repos, args.points, now)
        offline = [args.binary, "build", "--offline", "--cache-dir", cache, "--api-url", base]
        # A previous output for each: the timed runs are rebuilds over it.
        for label in ("on", "off"):
            run(offline, sites[label])
        runs = {"on": [], "off": []}
        sizes = {}
        for k in range(args.runs):
            for label in (("on", "off") if k % 2 == 0 else ("off", "on")):
                wall, rss, cpu, err = run(offline, sites[label])
                runs[label].append((wall, rss, cpu))
                sizes[label] = built(err)
                print(f"  {label}: {wall:.1f} s, {rss:.0f} MiB, {cpu:.1f} s CPU", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def median(label, index):
        return statistics.median(r[index] for r in runs[label])

    on_wall, off_wall = median("on", 0), median("off", 0)
    on_rss, off_rss = median("on", 1), median("off", 1)
    on_cpu, off_cpu = median("on", 2), median("off", 2)
    print(f"{args.repos:,} repositories of one owner, `outputs: card`, {args.points} points of history each; "
          f"cache filled in {fill[0]:.0f} s. `build --offline` over the previous output, on and off alternating, "
          f"medians of {args.runs}:\n")
    print("| | wall | CPU | peak RSS | runs (wall, CPU, peak RSS) | the build's summary |")
    print("|---|---|---|---|---|---|")
    for label, title in (("on", "insights + open data + badges on"), ("off", "`insights: false`, `open_data: false`")):
        each = "; ".join(f"{w:.1f} s, {c:.1f} s, {m:.0f} MiB" for w, m, c in runs[label])
        print(f"| {title} | {median(label, 0):.1f} s | {median(label, 2):.1f} s | {median(label, 1):.0f} MiB "
              f"| {each} | `{sizes[label]}` |")
    print(f"\nOn ÷ off: wall {on_wall / off_wall:.3f} (+{(on_wall / off_wall - 1) * 100:.1f} %), "
          f"CPU {on_cpu / off_cpu:.3f} (+{(on_cpu / off_cpu - 1) * 100:.1f} %), "
          f"peak RSS {on_rss - off_rss:+.1f} MiB.")


if __name__ == "__main__":
    main()
