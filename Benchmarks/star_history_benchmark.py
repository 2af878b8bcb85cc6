#!/usr/bin/env python3
"""Star history benchmark: requests and builds until every repository's chart starts at its creation.

Against the synthetic GitHub (synthetic_server.py), whose repository repo-K has a star history of
1 + (37 K mod 520) weeks (up to ten years; 30 weeks a page, so 1 to 18 pages), every page one request of
the quota. Every build runs with a token, `--budget N` and `--rate-limits minute=<the server's minute>s`,
in the same folder, as a schedule would. Cases:

- small: an organization of --small-repos repositories (`outputs: card`), built again and again until
  every star history is read: runs, the quota and the star-history pages of each run, pending and stale
  cards after each (goal: none stale, none pending after the first run), peak RSS, wall.
- large: an organization of --large-repos repositories: a first build with `history: backfill: false`
  and no budget (the cards, as a converged site has them), then --large-runs builds with the star
  history on and `--budget N`: the pages each read, the cards' state after each, peak RSS, wall.

From the pages a run reads and the pages the site needs in all (worked out from the server's formula),
it extrapolates the builds a token needs: a personal token (5,000 an hour) and Actions' GITHUB_TOKEN
(1,000 an hour per repository) at one build an hour spending all but 10 % (4,500 and 900), and at the
default 12-hour schedule (the same a build). Prints Markdown for docs/benchmarks.md.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/star_history_benchmark.py [--cases small,large]
"""

import argparse
import math
import os
import re
import sys
import tempfile
import time

from requests_benchmark import ROOT, Server, build, discard, line, site, snapshot

STAR_LINE = re.compile(
    r"Star history: ([\d,]+) of ([\d,]+) repositor(?:y|ies) read(?:, ([\d,]+) pages? read in this build)?"
    r"(?:; ([\d,]+) remaining)?")


def pages_needed(repos):
    """Every page of every repository's star history, by the synthetic server's formula."""
    return sum(math.ceil((1 + (37 * k) % 520) / 30) for k in range(repos))


def star_line(stderr):
    text = line(stderr, "Star history:")
    m = STAR_LINE.search(text)
    if not m:
        return text, 0, 0, 0
    number = lambda g: int(g.replace(",", "")) if g else 0  # noqa: E731
    return text, number(m.group(1)), number(m.group(3)), number(m.group(4))


def run_builds(binary, folder, server, runs, cap, until_done, label):
    rows = []
    for run in range(1, runs + 1):
        print(f"{label}: run {run}…", file=sys.stderr, flush=True)
        wall, rss, stats, err = build(binary, folder, server, ["--budget", str(cap)])
        repos = snapshot(folder)["repos"]
        pending = sum(1 for r in repos if r.get("pending"))
        stale = sum(1 for r in repos if r.get("stale"))
        text, done, pages, remaining = star_line(err)
        rows.append((run, stats["cost"], pages, done, remaining, pending, stale, rss, wall))
        print(f"  run {run}: quota {stats['cost']:,}, pages {pages:,}, histories {done:,}, remaining {remaining:,}, "
              f"pending {pending:,}, stale {stale:,}, {rss:.0f} MiB, {wall:.1f} s", file=sys.stderr, flush=True)
        if until_done and remaining == 0 and done > 0:
            break
    return rows


def table(rows):
    return [
        "| run | quota spent | star-history pages | histories read | remaining | cards pending | cards stale "
        "| peak RSS | wall |",
        "|---|---|---|---|---|---|---|---|---|",
    ] + [f"| {r[0]} | {r[1]:,} | {r[2]:,} | {r[3]:,} | {r[4]:,} | {r[5]:,} | {r[6]:,} | {r[7]:.0f} MiB | {r[8]:.1f} s |"
         for r in rows] + [""]


def extrapolate(total_pages, out):
    out += [
        f"The whole site's star history is {total_pages:,} pages. Builds to read it, a build spending all "
        "but 10 % of an hour's quota on it once its cards answer 304 (free with a token):",
        "",
        "| token | a build's pages | builds | hourly builds | at the default 12-hour schedule |",
        "|---|---|---|---|---|",
    ]
    for name, hourly in [("personal (5,000/h)", 5_000), ("Actions' GITHUB_TOKEN (1,000/h)", 1_000)]:
        share = hourly - (hourly + 9) // 10
        builds = math.ceil(total_pages / share)
        out.append(f"| {name} | {share:,} | {builds:,} | {builds / 24:.1f} days | {builds / 2:.0f} days |")
    out.append("")


def small(binary, args, out):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-stars-small-")
    n = args.small_repos
    site(folder, f"title: stars\nowners:\n  - owner: bench-org\n    outputs: card\n")
    server = Server(n, args.minute, 0.0)
    try:
        rows = run_builds(binary, folder, server, args.max_runs, args.budget, True, "small")
    finally:
        server.stop()
        discard(folder)
    total = pages_needed(n)
    read = sum(r[2] for r in rows)
    out += [f"### {n:,} repositories, `--budget {args.budget:,}`, to the end", ""] + table(rows)
    out += [f"Pages read over the runs: {read:,}; pages the site needs: {total:,}; stale cards in any run: "
            f"{max(r[6] for r in rows)}; pending cards after the first run: {max([r[5] for r in rows[1:]] or [0])}.", ""]
    extrapolate(total, out)


def large(binary, args, out):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-stars-large-")
    n = args.large_repos
    server = Server(n, args.minute, 0.0)
    try:
        site(folder, f"title: stars\nhistory:\n  backfill: false\nowners:\n  - owner: bench-org\n    outputs: card\n")
        print("large: the cards, backfill off…", file=sys.stderr, flush=True)
        wall, rss, stats, err = build(binary, folder, server)
        first = (stats["cost"], rss, wall)
        site(folder, f"title: stars\nowners:\n  - owner: bench-org\n    outputs: card\n")
        rows = run_builds(binary, folder, server, args.large_runs, args.budget, False, "large")
    finally:
        server.stop()
        discard(folder)
    total = pages_needed(n)
    out += [f"### {n:,} repositories, `--budget {args.budget:,}`, {len(rows)} builds after the cards", "",
            f"The cards first (backfill off, no budget): quota {first[0]:,}, {first[1]:.0f} MiB, {first[2]:.1f} s.",
            ""] + table(rows)
    extrapolate(total, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--cases", default="small,large")
    ap.add_argument("--small-repos", type=int, default=1_000)
    ap.add_argument("--large-repos", type=int, default=100_000)
    ap.add_argument("--large-runs", type=int, default=3)
    ap.add_argument("--budget", type=int, default=4_500)
    ap.add_argument("--minute", type=float, default=2.0)
    ap.add_argument("--max-runs", type=int, default=40)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    out = [f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `Benchmarks/star_history_benchmark.py "
           f"{' '.join(sys.argv[1:])}`, binary {binary.replace(ROOT + '/', '')}.", ""]
    cases = set(args.cases.split(","))
    if "small" in cases:
        small(binary, args, out)
    if "large" in cases:
        large(binary, args, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
