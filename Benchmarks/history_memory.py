#!/usr/bin/env python3
"""Peak memory of a build whose history holds POINTS points for every repository.

1. A synthetic GitHub (synthetic_server.py, no latency) fills the cache for N repositories
   (`--empty-cache`: skipped; every repository is then unavailable and the build exits 1, but the
   history is still read, published and saved whole -- the way to measure 100,000 repositories'
   history without first fetching them).
2. .repowatch/history.json is replaced by one with POINTS points per repository (written directly,
   in the file's own format, schema 2), spaced as the tiers keep a history at the default 12-hour
   schedule (docs/output.md): 2 days of builds, twice a day to 90 days, weekly to two years, then
   monthly, the older ones backfilled (stars and forks only, marked in `start`) -- 480 points is a
   repository created 17 years before its newest point. (A point every build for a year would be
   thinned when the build saves it, and the saved file could never match the input.)
3. `build --offline` loads that history, renders every page with it, publishes data/history.json
   and saves the history again: its peak RSS (GNU time) is the figure, beside the same build with
   one point per repository. The saved history must come out identical to the input, and the
   published one too unless the site is too large for GitHub Pages with it (then it is the cut).

Usage: swift build -c release --product repowatch-site
       Benchmarks/history_memory.py [--repos 10000] [--points 365] [--empty-cache] [--budget-mib 150]
"""

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile

import benchmark

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def start_server():
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "synthetic_server.py"), "--latency", "0"],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("PORT "), line
    return process, f"http://127.0.0.1:{int(line.split()[1])}"


def timed(command, cwd, allowed=(0,)):
    """Wall seconds and peak RSS (MiB) of one run. Offline builds exit 0 (all data from the cache,
    stale); 1 with an empty cache (every repository unavailable), which still reads, publishes and
    saves the history."""
    done = benchmark.timed(command, cwd, allowed=allowed)
    return done.wall, done.rss


def write_site(folder, count):
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: History benchmark\nrepos:\n")
        for k in range(count):
            f.write(f"  - bench-owner-{k // 10}/repo-{k}\n")


DAY = 86_400


def tier_times(points, newest):
    """`points` times, oldest first, as the tiers keep them at a 12-hour schedule; how many are backfilled."""
    times = [newest - k * 43_200 for k in range(4)]
    t = times[-1]
    while len(times) < points and newest - t < 90 * DAY - 43_200:
        t -= 43_200
        times.append(t)
    while len(times) < points and newest - t < 730 * DAY - 7 * DAY:
        t -= 7 * DAY
        times.append(t)
    observed = len(times)
    while len(times) < points:
        t -= 30 * DAY
        times.append(t)
    return sorted(times), len(times) - observed


def write_history(path, count, points, tiers=False, seed=14, name=lambda k: f"bench-owner-{k // 10}/repo-{k}"):
    """The format History writes: keys sorted, `start` then `repos`, one repository per line."""
    rng = random.Random(seed)
    keys = sorted(name(k) for k in range(count))
    start = 1_764_000_000
    if tiers:
        times, backfilled = tier_times(points, start + 800 * DAY)
    else:
        times, backfilled = [start + p * 43_200 for p in range(points)], 0
    with open(path, "w") as f:
        f.write('{"schema":2,"fields":["time","stars","forks","open_issues","contributors","open_pulls"],'
                '"start":{')
        if backfilled:
            f.write(",".join(f'\n"{key}":{{"from":"backfill","backfilled":{backfilled}}}' for key in keys))
        f.write('},"repos":{')
        for index, key in enumerate(keys):
            f.write(("," if index else "") + "\n" + '"' + key + '":[')
            stars, forks, issues, pulls = rng.randrange(100_000), rng.randrange(5_000), rng.randrange(200), 9
            rows = []
            # Counts as they move on a busy repository: stars every build, forks and issues often.
            for p, t in enumerate(times):
                stars += rng.randrange(-3, 40) if p >= backfilled else rng.randrange(0, 40)
                forks += rng.randrange(0, 3)
                if p < backfilled:
                    rows.append(f"[{t},{stars},{forks},null,null,null]")
                    continue
                issues = max(0, issues + rng.randrange(-2, 3))
                pulls = max(0, pulls + rng.randrange(-1, 2))
                rows.append(f"[{t},{stars},{forks},{issues},4,{pulls}]")
            f.write(",".join(rows) + "]")
        f.write("\n}}\n")


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repos", type=int, default=10_000)
    ap.add_argument("--points", type=int, default=365)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--tiers", action="store_true",
                    help="the points are always spaced as the tiers keep them; accepted for the commands docs/ quote")
    ap.add_argument("--empty-cache", action="store_true", help="no fill: every repository unavailable (exit 1)")
    ap.add_argument("--budget-mib", type=float, default=150, help="docs/benchmarks.md: the 10,000-repository budget")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")

    folder = tempfile.mkdtemp(prefix="repowatch-bench-history-")
    try:
        write_site(folder, args.repos)
        allowed = (0, 1) if args.empty_cache else (0,)
        if args.empty_cache:
            base, fill = "http://127.0.0.1:9", None
            os.makedirs(os.path.join(folder, ".repowatch"))
        else:
            server, base = start_server()
            try:
                fill = timed([args.binary, "build", "--api-url", base, "--jobs", "8"], folder)
            finally:
                server.terminate()
        offline = [args.binary, "build", "--offline", "--api-url", base]
        history = os.path.join(folder, ".repowatch", "history.json")
        write_history(history, args.repos, 1)
        one_point = [timed(offline, folder, allowed) for _ in range(args.runs)]

        write_history(history, args.repos, args.points, tiers=True)
        size = os.path.getsize(history)
        expected = digest(history)
        full = [timed(offline, folder, allowed) for _ in range(args.runs)]
        published = os.path.join(folder, "public", "data", "history.json")
        # A site past GitHub Pages' room publishes a cut of its history (docs/output.md); the cache
        # keeps it whole.
        with open(published, "rb") as f:
            cut = b'"cut":' in f.read(100)
        same = digest(history) == expected and (cut or digest(published) == expected)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def line(label, runs):
        walls = ", ".join(f"{w:.2f}" for w, _ in runs)
        peak = max(m for _, m in runs)
        return f"{label}: peak RSS {peak:.0f} MiB (runs: {', '.join(f'{m:.0f}' for _, m in runs)}), wall s: {walls}"

    peak = max(m for _, m in full)
    if fill:
        print(f"{args.repos} repositories; cache filled in {fill[0]:.1f} s ({fill[1]:.0f} MiB)")
    else:
        print(f"{args.repos} repositories; empty cache (every repository unavailable)")
    print(line("build --offline, 1 point per repository", one_point))
    shape = ", spaced by the tiers"
    print(line(f"build --offline, {args.points} points per repository{shape} ({size / 2**20:.0f} MiB of history)",
               full))
    print(f"saved history identical to the input: {'yes' if same else 'NO'}; published: "
          f"{'the cut (the site is past its room on Pages)' if cut else 'identical' if same else 'DIFFERENT'}")
    print(f"budget {args.budget_mib:.0f} MiB: {'met' if peak <= args.budget_mib else 'MISSED'}")
    sys.exit(0 if same and peak <= args.budget_mib else 1)


if __name__ == "__main__":
    main()
