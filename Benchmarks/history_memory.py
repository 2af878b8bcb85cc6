#!/usr/bin/env python3
"""Peak memory of a build whose history holds a year of points for every repository.

1. A synthetic GitHub (synthetic_server.py, no latency) fills the cache for N repositories.
2. .repowatch/history.json is replaced by one with POINTS points per repository (written directly,
   in the file's own format: 10,000 x 365 is about 130 MB).
3. `build --offline` loads that history, renders every page with it, publishes data/history.json
   and saves the history again: its peak RSS (GNU time) is the figure, beside the same build with
   one point per repository. Both files must come out identical to the input history.

Usage: swift build -c release --product repowatch-site
       Benchmarks/history_memory.py [--repos 10000] [--points 365] [--budget-mib 150]
"""

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def start_server():
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "synthetic_server.py"), "--latency", "0"],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("PORT "), line
    return process, f"http://127.0.0.1:{int(line.split()[1])}"


def timed(command, cwd):
    """Wall seconds and peak RSS (MiB) of one run, via GNU time."""
    with tempfile.NamedTemporaryFile(delete=False) as out:
        pass
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name] + command, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    with open(out.name) as f:
        rss_kib = int(f.read().strip().splitlines()[-1])
    os.unlink(out.name)
    # Offline builds exit 0 (all data from the cache, stale).
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-3000:]}")
    return wall, rss_kib / 1024


def write_site(folder, count):
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: History benchmark\nrepos:\n")
        for k in range(count):
            f.write(f"  - bench-owner-{k // 10}/repo-{k}\n")


def write_history(path, count, points, seed=14):
    """The format History writes: keys sorted, one repository per line, compact arrays."""
    rng = random.Random(seed)
    keys = sorted(f"bench-owner-{k // 10}/repo-{k}" for k in range(count))
    start = 1_764_000_000
    with open(path, "w") as f:
        f.write('{"schema":1,"fields":["time","stars","forks","open_issues","contributors"],"repos":{')
        for index, key in enumerate(keys):
            f.write(("," if index else "") + "\n" + '"' + key + '":[')
            stars, forks, issues = rng.randrange(100_000), rng.randrange(5_000), rng.randrange(200)
            rows = []
            # Counts as they move on a busy repository: stars every build, forks and issues often.
            for p in range(points):
                stars += rng.randrange(-3, 40)
                forks += rng.randrange(0, 3)
                issues = max(0, issues + rng.randrange(-2, 3))
                rows.append(f"[{start + p * 43_200},{stars},{forks},{issues},4]")
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
    ap.add_argument("--budget-mib", type=float, default=150, help="docs/benchmarks.md: the 10,000-repository budget")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")

    folder = tempfile.mkdtemp(prefix="repowatch-bench-history-")
    try:
        write_site(folder, args.repos)
        server, base = start_server()
        try:
            fill = timed([args.binary, "build", "--api-url", base, "--jobs", "8"], folder)
        finally:
            server.terminate()
        offline = [args.binary, "build", "--offline", "--api-url", base]
        history = os.path.join(folder, ".repowatch", "history.json")
        one_point = [timed(offline, folder) for _ in range(args.runs)]

        write_history(history, args.repos, args.points)
        size = os.path.getsize(history)
        expected = digest(history)
        full = [timed(offline, folder) for _ in range(args.runs)]
        published = os.path.join(folder, "public", "data", "history.json")
        same = digest(published) == expected and digest(history) == expected
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def line(label, runs):
        walls = ", ".join(f"{w:.2f}" for w, _ in runs)
        peak = max(m for _, m in runs)
        return f"{label}: peak RSS {peak:.0f} MiB (runs: {', '.join(f'{m:.0f}' for _, m in runs)}), wall s: {walls}"

    peak = max(m for _, m in full)
    print(f"{args.repos} repositories; cache filled in {fill[0]:.1f} s ({fill[1]:.0f} MiB)")
    print(line("build --offline, 1 point per repository", one_point))
    print(line(f"build --offline, {args.points} points per repository ({size / 2**20:.0f} MiB of history)", full))
    print(f"published and saved history identical to the input: {'yes' if same else 'NO'}")
    print(f"budget {args.budget_mib:.0f} MiB: {'met' if peak <= args.budget_mib else 'MISSED'}")
    sys.exit(0 if same and peak <= args.budget_mib else 1)


if __name__ == "__main__":
    main()
