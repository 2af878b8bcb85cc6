#!/usr/bin/env python3
"""owners: benchmark — one organization's whole catalogue as a gallery, on loopback only.

The synthetic GitHub (synthetic_server.py) serves bench-org with N repositories (default 10,000),
listed 100 per page with Link headers and ETags, each request delayed by --latency. site.yml is four
lines (title, owners:, one owner). Measured, in one run:

- cold build (empty cache and output): API requests per repository (target <= 1.02: the listing pages
  plus one contributors request each), wall time, peak RSS (GNU time);
- warm rebuild: the share of API requests answered 304 (target 100 %), wall time, peak RSS;
- the gallery: every repository in both sizes, paginated (page count and the last page);
- an --offline build from the cache: wall time and peak RSS.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/owners_benchmark.py [--repos 10000] [--latency 0.05] [--jobs 8]
Prints a Markdown table; docs/benchmarks.md is left to whoever merges the figures. The cold and warm
timings against the ideal are also part of Benchmarks/run.sh (benchmark.py, "owners" network case);
this script adds the gallery and --offline checks.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import benchmark

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WIDGETS_PER_PAGE = 60


def start_server(latency, org_repos):
    process = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "synthetic_server.py"), "--latency", str(latency),
         "--org-repos", str(org_repos)],
        stdout=subprocess.PIPE, stderr=open(os.path.join(tempfile.gettempdir(), "owners-bench-server.log"), "w"),
        text=True)
    line = process.stdout.readline()
    assert line.startswith("PORT "), line
    return process, f"http://127.0.0.1:{int(line.split()[1])}"


def reset(base):
    urllib.request.urlopen(urllib.request.Request(base + "/_reset", method="POST")).read()


def stats(base):
    return json.loads(urllib.request.urlopen(base + "/_stats").read())


def timed(command, cwd):
    """Wall seconds, peak RSS (MiB) and stderr of one run."""
    done = benchmark.timed(command, cwd)
    return done.wall, done.rss, done.stderr


def gallery(folder):
    """Gallery pages written, and the widgets on the last one."""
    public = os.path.join(folder, "public")
    pages = 1
    while os.path.exists(os.path.join(public, "page", str(pages + 1), "index.html")):
        pages += 1
    last = os.path.join(public, "index.html") if pages == 1 else os.path.join(public, "page", str(pages), "index.html")
    with open(last, encoding="utf-8") as f:
        widgets = f.read().count('data-widget="')
    return pages, widgets


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--repos", type=int, default=10_000)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--jobs", type=int, default=8)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)

    folder = tempfile.mkdtemp(prefix="repowatch-bench-owners-")
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: bench-org on GitHub\nowners:\n  - owner: bench-org\n")
    server, base = start_server(args.latency, args.repos)
    command = [binary, "build", "--api-url", base, "--jobs", str(args.jobs)]
    try:
        print(f"cold: {args.repos:,} repositories of one organization, {args.latency * 1000:.0f} ms latency…",
              flush=True)
        reset(base)
        cold_wall, cold_rss, cold_err = timed(command, folder)
        cold = stats(base)
        with open(os.path.join(folder, "public", "data", "snapshot.json")) as f:
            snapshot = json.load(f)
        pages, last_widgets = gallery(folder)
        print("warm…", flush=True)
        reset(base)
        warm_wall, warm_rss, _ = timed(command, folder)
        warm = stats(base)
        print("offline…", flush=True)
        offline_wall, offline_rss, _ = timed([binary, "build", "--offline", "--api-url", base], folder)
    finally:
        server.terminate()
        shutil.rmtree(folder, ignore_errors=True)

    repos = len(snapshot["repos"])
    sources = {r["source"] for r in snapshot["repos"]}
    listing_pages = math.ceil(args.repos / 100)
    per_repo = cold["api"] / repos
    share_304 = warm["api_304"] / warm["api"] if warm["api"] else 0
    widgets = 2 * repos
    expected_pages = math.ceil(widgets / WIDGETS_PER_PAGE)
    expected_last = widgets - (expected_pages - 1) * WIDGETS_PER_PAGE

    def mark(ok):
        return "met" if ok else "**missed**"

    rows = [
        ("repositories in the gallery", f"{args.repos:,}", f"{repos:,} (source {', '.join(sorted(sources))})",
         mark(repos == args.repos)),
        ("API requests per repository, cold", "≤ 1.02",
         f"{per_repo:.4f} ({cold['api']:,} = 1 account + {listing_pages} pages + {repos:,} contributors)"
         if cold["api"] == 1 + listing_pages + repos else f"{per_repo:.4f} ({cold['api']:,})",
         mark(per_repo <= 1.02)),
        ("warm: API requests answered 304", "100 %", f"{share_304 * 100:.1f} % of {warm['api']:,}",
         mark(share_304 == 1.0)),
        ("gallery paginates (60 widgets a page)", f"{expected_pages} pages, {expected_last} on the last",
         f"{pages} pages, {last_widgets} on the last", mark(pages == expected_pages and last_widgets == expected_last)),
        ("peak memory, cold / warm / offline", "≤ 150 MiB",
         f"{cold_rss:.0f} / {warm_rss:.0f} / {offline_rss:.0f} MiB", mark(max(cold_rss, warm_rss, offline_rss) <= 150)),
    ]
    lines = [
        f"## owners: one organization of {args.repos:,} repositories "
        f"({args.latency * 1000:.0f} ms per request, --jobs {args.jobs})",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `Benchmarks/owners_benchmark.py`; "
        "site.yml: `title`, `owners:`, `- owner: bench-org`.",
        "",
        "| target | goal | measured | |",
        "|---|---|---|---|",
    ] + [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows] + [
        "",
        "| build | wall time | peak RSS | API requests | answered 304 | avatar requests |",
        "|---|---|---|---|---|---|",
        f"| cold | {cold_wall:.2f} s | {cold_rss:.0f} MiB | {cold['api']:,} | {cold['api_304']:,} | {cold['avatars']:,} |",
        f"| warm | {warm_wall:.2f} s | {warm_rss:.0f} MiB | {warm['api']:,} | {warm['api_304']:,} | {warm['avatars']:,} |",
        f"| --offline | {offline_wall:.2f} s | {offline_rss:.0f} MiB | 0 | 0 | 0 |",
        "",
        f"Ideal cold time: {cold['api'] + cold['avatars']:,} requests × {args.latency * 1000:.0f} ms ÷ {args.jobs} "
        f"jobs = {(cold['api'] + cold['avatars']) * args.latency / args.jobs:.2f} s (pages 2 to {listing_pages} of "
        "the listing are requested at once, from the first page's Link rel=\"last\").",
        "",
        "Build summary (cold): " + next((l for l in cold_err.splitlines() if l.startswith("Built ")), "?"),
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
