#!/usr/bin/env python3
"""Requests benchmark: pacing, asking only what changed, GraphQL cards and the per-build budget.

Against the synthetic GitHub (synthetic_server.py), which enforces GitHub's secondary limits (900 REST
requests and 2,000 GraphQL queries a minute, 100 in flight) over a minute shortened to --minute
seconds, answers 403/429 "You have exceeded a secondary rate limit" past them and counts every such
answer, and counts the primary quota each answer costs (an authorized 304 is free). Every build runs
with a token (GITHUB_TOKEN) and `--rate-limits minute=<the same minute>s`. Cases:

- cold-org: one organization of --org-repos repositories (owners:), empty cache: limit answers (goal
  0) and the time from the first request to the last answer against the pacing floor, (ceil(R / 900)
  - 1) minutes for R REST requests (goal <= 1.1x); the whole build's wall time beside it.
- warm-pushed: the same site again after 1 % of the organization was pushed (POST /_push?every=100):
  REST requests (goal <= listing pages + account + pushed repositories' contributors = 201 at 10,000)
  and GraphQL queries (<= 1 per 100 repositories).
- cold-repos: --repos-count repositories under `repos:`, empty cache: GraphQL queries (goal <= 1 per
  100) and REST requests (the contributors only: no repository document).
- budget: an organization of --budget-repos repositories with `outputs: card` and --budget N, built
  again and again (fresh output each time is not needed: the same folder, as a schedule would) until
  no repository is pending: runs to converge (goal <= 25), the quota each run spent (never over N),
  peak RSS of each run, the site's size; then two more runs (goal: within the budget).

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/requests_benchmark.py [--cases cold-org,warm-pushed,cold-repos,budget]
Prints Markdown for docs/benchmarks.md.
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOKEN = "ghp_benchmarkToken0123456789abcdefghijklmn"


# (target, goal, measured, met) of every case run, for benchmark.py's Targets table.
TARGETS = []


def target(name, goal, measured, ok):
    TARGETS.append((name, goal, measured, "met" if ok else "**missed**"))
    return "met" if ok else "**missed**"


def discard(folder):
    """How a case's folder goes at its end; Benchmarks/benchmark.py moves it aside instead (its Trash)."""
    shutil.rmtree(folder, ignore_errors=True)


class Server:
    def __init__(self, org_repos, minute, latency):
        self.minute = minute
        log = open(os.path.join(tempfile.gettempdir(), "requests-bench-server.log"), "w")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "synthetic_server.py"), "--org-repos", str(org_repos),
             "--minute", str(minute), "--latency", str(latency), "--max-lifetime", "7200"],
            stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("PORT "), line
        self.base = f"http://127.0.0.1:{int(line.split()[1])}"

    def post(self, path):
        urllib.request.urlopen(urllib.request.Request(self.base + path, method="POST")).read()

    def stats(self):
        return json.loads(urllib.request.urlopen(self.base + "/_stats").read())

    def stop(self):
        self.process.terminate()
        self.process.wait()


def build(binary, folder, server, extra=()):
    """One build under GNU time: wall seconds, peak RSS MiB, the server's stats, stderr."""
    server.post("/_reset")
    env = dict(os.environ, GITHUB_TOKEN=TOKEN, HOME=os.path.join(folder, "home"))
    env.pop("GITHUB_ACTIONS", None)
    os.makedirs(env["HOME"], exist_ok=True)
    command = [binary, "build", "--api-url", server.base, "--jobs", "8",
               "--rate-limits", f"minute={server.minute:g}s", *extra]
    with tempfile.NamedTemporaryFile(delete=False) as out:
        name = out.name
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", name] + command, cwd=folder, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    with open(name) as f:
        rss = int(f.read().strip().splitlines()[-1]) / 1024
    os.unlink(name)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-4000:]}")
    return wall, rss, server.stats(), result.stderr


def site(folder, text):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write(text)


def snapshot(folder):
    with open(os.path.join(folder, "public", "data", "snapshot.json")) as f:
        return json.load(f)


def line(stderr, prefix):
    """The summary line starting with `prefix`, or holding it after the first word ("GraphQL:")."""
    lines = stderr.splitlines()
    return next((l for l in lines if l.startswith(prefix)), None) or next((l for l in lines if prefix in l), "—")


def site_bytes(size):
    """'850.2 MB' (the Built line's size) in bytes; infinity when unknown."""
    number, _, unit = size.partition(" ")
    scale = {"bytes": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9}.get(unit)
    try:
        return float(number.replace(",", "")) * scale if scale else math.inf
    except ValueError:
        return math.inf


def limited(stats):
    return stats["limited_rest"] + stats["limited_graphql"] + stats["limited_concurrency"]


def floor(rest, minute):
    """The least time `rest` requests can take under 900 a minute: all but the last minute's are full."""
    return max(0, math.ceil(rest / 900) - 1) * minute


def cold_and_warm_org(binary, args, out):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-requests-org-")
    site(folder, "title: bench-org\nowners:\n  - owner: bench-org\n")
    server = Server(args.org_repos, args.minute, args.latency)
    try:
        print(f"cold-org: {args.org_repos:,} repositories, minute {args.minute:g} s…", file=sys.stderr, flush=True)
        wall, rss, cold, err = build(binary, folder, server)
        span = cold["last"] - cold["first"]
        least = floor(cold["api"], args.minute)
        least_text = f"{span / least:.3f}" if least else "— (under a minute's requests)"
        ok = limited(cold) == 0 and (least == 0 or span <= 1.1 * least)
        target(f"cold organization of {args.org_repos:,} (owners:), paced: secondary-limit answers", "0",
               f"{limited(cold)}", limited(cold) == 0)
        target("the same: first request → last answer ÷ pacing floor", "≤ 1.1", least_text, ok)
        out += [
            f"### Cold: one organization of {args.org_repos:,} repositories, minute scaled to {args.minute:g} s",
            "",
            "| | goal | measured | |",
            "|---|---|---|---|",
            f"| secondary-limit answers (403/429) | 0 | {limited(cold)} (REST {cold['limited_rest']}, GraphQL "
            f"{cold['limited_graphql']}, concurrency {cold['limited_concurrency']}) | "
            f"{'met' if limited(cold) == 0 else '**missed**'} |",
            f"| first request → last answer, ÷ pacing floor | ≤ 1.1 | {span:.1f} s ÷ {least:.1f} s = "
            f"{least_text} | {'met' if ok else '**missed**'} |",
            f"| whole build (wall), ÷ pacing floor | | {wall:.1f} s ÷ {least:.1f} s"
            + (f" = {wall / least:.3f}" if least else "") + " | |",
            f"| REST requests / GraphQL queries | | {cold['api']:,} / {cold['graphql']:,} | |",
            f"| most requests in flight | ≤ 100 | {cold['most_in_flight']} | |",
            f"| peak RSS | | {rss:.0f} MiB | |",
            "",
            f"Pacing floor: (⌈{cold['api']:,} ÷ 900⌉ − 1) × {args.minute:g} s. Summary: "
            f"`{line(err, 'Built ')}`; `{line(err, 'Paced ')}`; `{line(err, 'GraphQL:')}`",
            "",
        ]
        print("warm-pushed: 1 % pushed…", file=sys.stderr, flush=True)
        server.post("/_push?every=100")
        wall, rss, warm, err = build(binary, folder, server)
        pushed = math.ceil(args.org_repos / 100)
        pages = math.ceil(args.org_repos / 100)
        goal = 1 + pages + pushed
        queries = math.ceil(args.org_repos / 100)
        target(f"warm, 1 % pushed: REST requests", f"≤ {goal:,}", f"{warm['api']:,}", warm["api"] <= goal)
        target("warm, 1 % pushed: GraphQL queries", f"≤ {queries}", f"{warm['graphql']}", warm["graphql"] <= queries)
        out += [
            f"### Warm: the same organization, 1 % pushed since ({pushed:,} repositories)",
            "",
            "| | goal | measured | |",
            "|---|---|---|---|",
            f"| REST requests | ≤ {goal:,} (account + {pages} pages + {pushed} contributors) | {warm['api']:,} "
            f"({warm['api_304']:,} answered 304) | {'met' if warm['api'] <= goal else '**missed**'} |",
            f"| GraphQL queries | ≤ {queries} | {warm['graphql']} | "
            f"{'met' if warm['graphql'] <= queries else '**missed**'} |",
            f"| quota spent | | {warm['cost']:,} | |",
            f"| secondary-limit answers | 0 | {limited(warm)} | {'met' if limited(warm) == 0 else '**missed**'} |",
            f"| wall, peak RSS | | {wall:.1f} s, {rss:.0f} MiB | |",
            "",
        ]
    finally:
        server.stop()
        discard(folder)


def cold_repos(binary, args, out):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-requests-repos-")
    count = args.repos_count
    site(folder, "title: repos\nrepos:\n" + "".join(f"  - bench-owner-{k // 10}/repo-{k}\n" for k in range(count)))
    server = Server(10, args.minute, args.latency)
    try:
        print(f"cold-repos: {count:,} repos: entries…", file=sys.stderr, flush=True)
        wall, rss, cold, err = build(binary, folder, server)
        queries = math.ceil(count / 100)
        target(f"cold {count:,} `repos:` entries with a token: GraphQL queries", f"≤ {queries}", f"{cold['graphql']}",
               cold["graphql"] <= queries)
        target("the same: REST requests (contributors only)", f"≤ {count:,}", f"{cold['api']:,}", cold["api"] <= count)
        out += [
            f"### Cold: {count:,} repositories under `repos:`, with a token",
            "",
            "| | goal | measured | |",
            "|---|---|---|---|",
            f"| GraphQL queries | ≤ {queries} | {cold['graphql']} | "
            f"{'met' if cold['graphql'] <= queries else '**missed**'} |",
            f"| REST requests | the contributors: {count:,} | {cold['api']:,} | "
            f"{'met' if cold['api'] <= count else '**missed**'} |",
            f"| secondary-limit answers | 0 | {limited(cold)} | {'met' if limited(cold) == 0 else '**missed**'} |",
            f"| wall, peak RSS | | {wall:.1f} s, {rss:.0f} MiB | |",
            "",
            f"Summary: `{line(err, 'Built ')}`; `{line(err, 'GraphQL:')}`",
            "",
        ]
    finally:
        server.stop()
        discard(folder)


def budget(binary, args, out):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-requests-budget-")
    n, cap = args.budget_repos, args.budget
    site(folder, f"title: budget\nowners:\n  - owner: bench-org\n    outputs: {args.outputs}\n")
    server = Server(n, args.budget_minute, 0.0)
    rows, converged = [], None
    try:
        for run in range(1, args.max_runs + 3):
            print(f"budget: run {run}…", file=sys.stderr, flush=True)
            wall, rss, stats, err = build(binary, folder, server, ["--budget", str(cap)])
            repos = snapshot(folder)["repos"]
            pending = sum(1 for r in repos if r.get("pending"))
            stale = sum(1 for r in repos if r.get("stale"))
            size = line(err, "Built ").split("), ")[1].split(", into")[0] if "), " in line(err, "Built ") else "?"
            rows.append((run, stats["cost"], stats["api"], pending, stale, rss, wall, size, limited(stats)))
            print(f"  run {run}: quota {stats['cost']:,}, REST {stats['api']:,}, pending {pending:,}, stale {stale:,}, "
                  f"{rss:.0f} MiB, {wall:.1f} s, {size}, {limited(stats)} limit answers", file=sys.stderr, flush=True)
            if converged is None and pending == 0:
                converged = run
            if converged is not None and run >= converged + 2:
                break
            if run >= args.max_runs and converged is None:
                break
    finally:
        server.stop()
        discard(folder)
    spent = max(r[1] for r in rows)
    peak = max(r[5] for r in rows)
    after = [r for r in rows if converged and r[0] > converged]
    target(f"{n:,} repositories, `--budget {cap:,}`: runs until none is pending", "≤ 25", f"{converged or '—'}",
           bool(converged) and converged <= 25)
    target("the same: most quota one run spent", f"≤ {cap:,}", f"{spent:,}", spent <= cap)
    target("the same: quota of the runs after converging", f"≤ {cap:,}", ", ".join(f"{r[1]:,}" for r in after) or "—",
           bool(after) and all(r[1] <= cap for r in after))
    target("the same: peak RSS, the largest run", "≤ 100 MiB", f"{peak:.0f} MiB", peak <= 100)
    target(f"the same: the published site, converged (`outputs: {args.outputs}`)", "< 1 GB", rows[-1][7],
           site_bytes(rows[-1][7]) < 1e9)
    out += [
        f"### {n:,} repositories with `--budget {cap:,}` (`outputs: {args.outputs}`), minute scaled to "
        f"{args.budget_minute:g} s",
        "",
        "| | goal | measured | |",
        "|---|---|---|---|",
        f"| runs until no repository is pending | ≤ 25 | {converged if converged else 'not within ' + str(len(rows))} "
        f"| {'met' if converged and converged <= 25 else '**missed**'} |",
        f"| most quota one run spent | ≤ {cap:,} | {spent:,} | {'met' if spent <= cap else '**missed**'} |",
        f"| runs after converging, quota spent | ≤ {cap:,} | {', '.join(f'{r[1]:,}' for r in after) or '—'} | "
        f"{'met' if after and all(r[1] <= cap for r in after) else '**missed**'} |",
        f"| peak RSS, the largest run | ≤ 100 MiB | {peak:.0f} MiB | {'met' if peak <= 100 else '**missed**'} |",
        "",
        "| run | quota spent | REST requests | pending after | stale after | peak RSS | wall | site size | "
        "limit answers |",
        "|---|---|---|---|---|---|---|---|---|",
    ] + [f"| {r[0]} | {r[1]:,} | {r[2]:,} | {r[3]:,} | {r[4]:,} | {r[5]:.0f} MiB | {r[6]:.1f} s | {r[7]} | {r[8]} |"
         for r in rows] + [""]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--cases", default="cold-org,warm-pushed,cold-repos,budget")
    ap.add_argument("--org-repos", type=int, default=10_000)
    ap.add_argument("--repos-count", type=int, default=10_000)
    ap.add_argument("--minute", type=float, default=20.0, help="the synthetic GitHub's minute, in seconds")
    ap.add_argument("--latency", type=float, default=0.02)
    ap.add_argument("--budget-repos", type=int, default=100_000)
    ap.add_argument("--budget", type=int, default=5_000)
    ap.add_argument("--budget-minute", type=float, default=2.0)
    ap.add_argument("--outputs", default="card", choices=["all", "page", "card"])
    ap.add_argument("--max-runs", type=int, default=30)
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    out = [f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `Benchmarks/requests_benchmark.py "
           f"{' '.join(sys.argv[1:])}`, binary {binary.replace(ROOT + '/', '')}.", ""]
    print("\n".join(run_cases(binary, args, out)))


def run_cases(binary, args, out):
    """The cases `args.cases` names, their Markdown appended to `out` (returned)."""
    cases = set(args.cases.split(","))
    if cases & {"cold-org", "warm-pushed"}:
        cold_and_warm_org(binary, args, out)
    if "cold-repos" in cases:
        cold_repos(binary, args, out)
    if "budget" in cases:
        budget(binary, args, out)
    return out


if __name__ == "__main__":
    main()
