#!/usr/bin/env python3
"""A check, not a figure: the peak memory of benchmark.py's memory case at a size that takes minutes.

The site benchmark.py fills (--repos repositories under `repos:`, every star history read whole by
the first build, against the synthetic GitHub), then --runs builds with `--offline` into a fresh
output folder, as the memory case runs them; exits 1 when their median peak RSS (GNU time) is above
--limit-mib (the goal benchmark.py's report holds the memory case to). A build's peak must not grow
with what the cache keeps of each repository (its history, its star history's days): a change that
holds every repository's data at once shows here long before 10,000 repositories. Also prints the
first (network) build's peak, which reads every star history whole.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/peak_memory.py [--repos 2000] [--runs 3] [--limit-mib 60]
"""

import argparse
import os
import statistics
import sys
import tempfile

import benchmark

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "repowatch-site"))
    ap.add_argument("--repos", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit-mib", type=float, default=60)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix=f"repowatch-peak-{args.repos}-")
    benchmark.write_site(folder, args.repos)
    server, base = benchmark.start_server(0)
    try:
        first = benchmark.timed([args.binary, "build", "--api-url", base, "--jobs", "8", *benchmark.LIFTED], folder)
    finally:
        server.terminate()
    try:
        runs = []
        for _ in range(args.runs):
            benchmark.delete(os.path.join(folder, "public"))
            runs.append(benchmark.timed([args.binary, "build", "--offline", "--api-url", base], folder))
    finally:
        benchmark.delete(folder)
    peak = statistics.median(run.rss for run in runs)
    print(f"{args.repos:,} repositories: first build (network, every star history read) {first.rss:.0f} MiB; "
          f"--offline, fresh output: {', '.join(f'{run.rss:.0f}' for run in runs)} MiB, median {peak:.0f} "
          f"(limit {args.limit_mib:.0f})")
    if peak > args.limit_mib:
        sys.exit(f"peak memory {peak:.0f} MiB is above {args.limit_mib:.0f} MiB")


if __name__ == "__main__":
    main()
