#!/usr/bin/env python3
"""repowatch-site benchmark: one run, loopback only, a markdown report (docs/benchmarks.md).

1. Network: a synthetic GitHub (synthetic_server.py) with a fixed latency per request; cold builds
   (empty cache) and warm ones (every request conditional, answered 304), against the ideal
   (requests × latency ÷ jobs), with where the time went (before the first request, requests, after
   the last answer). Two sites: 500 repositories under `repos:`, and one organization of 10,000
   repositories under `owners:` (listed 100 a page, then contributors for each).
2. Offline, 10,000 repositories, ours against Hugo on the same work: Hugo is given layouts for
   every file we write per repository (index, medium and large pages, the four SVG widgets, the
   feed, history.csv, the six badges light and dark and their endpoint JSON), the paginated
   gallery, the 404 page, data/repos.json, data/repos.csv and the insights page, from our
   snapshot.json and history.json, and copies the files we copy (hugo_site.py). The run stops when
   the two outputs' file counts are more than a handful apart (`equal_files`). Two situations, ours and Hugo alternating, medians:
     fresh    no output folder (ours: no public/, no .public.* folder; Hugo: no public/, no
              resources/) - every CI build; the previous output is moved aside, not deleted;
     rebuild  over the previous run's output, nothing deleted; the clock moves, the data does not.
   Plus ours alone rebuilding with nothing changed at all (the same REPOWATCH_NOW).
3. Ours at 20,000 repositories (fresh), to check that peak memory does not grow with the site.
4. Informational, last of all: the fresh situation right after deleting the previous output.

No run follows a mass deletion by this harness: every large removal during the run is a move into
one trash folder on the same file system, emptied at the very end (see Trash). This machine's root
file system is ext4 without a journal, where creating a file skips past every inode freed in the
last 30 s (5.5 min if its inode-table block is dirty: `recently_deleted()` in fs/ext4/ialloc.c), so
creating 71k files right after deleting 71k costs a scan paid in system CPU that a CI runner (ext4
with a journal, nothing deleted before the build) never pays. Case 4 measures that cost, apart.

Each run: wall time, user and system CPU, peak RSS (GNU time), files written (a file is written
when it is new or its inode or modification time changed - measured the same way for both tools).

Usage: Benchmarks/run.sh [--quick]   (see --help for the sizes)
"""

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass

import hugo_site
import requests_benchmark

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


@dataclass
class Run:
    wall: float
    user: float
    system: float
    rss: float  # MiB
    files: int = 0  # files in the output after the run
    written: int = 0  # of those, new or rewritten by the run
    written_kinds: dict = None
    began: float = 0.0  # epoch seconds, comparable with the synthetic server's timeline
    timeline: dict = None  # network runs: the server's /_stats after the run
    stderr: str = ""  # what the build said (its summary is the last lines)
    returncode: int = 0

    @property
    def cpu(self):
        """User + system seconds: less stretched than the wall clock by a shared machine."""
        return self.user + self.system


# GitHub's secondary limits lifted on both sides (server and client): these cases measure the engine
# against latency, and filling the offline sites' caches must not take the pacer's 22 minutes.
# Pacing under the real limits is measured apart (requests_benchmark.py, the "Requests" section).
LIFTED_SERVER = ["--rest-per-minute", "1000000", "--graphql-per-minute", "1000000"]
LIFTED = ["--rate-limits", "rest=1000000/min,graphql=1000000/min"]


def start_server(latency, org_repos=None):
    process = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "synthetic_server.py"), "--latency", str(latency), *LIFTED_SERVER]
        + (["--org-repos", str(org_repos)] if org_repos else []),
        stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("PORT "), line
    return process, f"http://127.0.0.1:{int(line.split()[1])}"


def stats(base, reset=False):
    if reset:
        urllib.request.urlopen(urllib.request.Request(base + "/_reset", method="POST")).read()
        return None
    return json.loads(urllib.request.urlopen(base + "/_stats").read())


def timed(command, cwd, env=None, allowed=(0,)):
    """One run under GNU time: wall, user, system seconds, peak RSS and what it said on stderr.

    Every benchmark times a run through this one function, so all figures mean the same. A run
    exiting with a status outside `allowed` stops the benchmark with its last words."""
    out = tempfile.NamedTemporaryFile(delete=False)
    out.close()
    began = time.time()
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", out.name] + command, cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    with open(out.name) as f:
        user, system, rss_kib = f.read().strip().splitlines()[-1].split()
    os.unlink(out.name)
    if result.returncode not in allowed:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-3000:]}")
    return Run(wall, float(user), float(system), int(rss_kib) / 1024, began=began, stderr=result.stderr,
               returncode=result.returncode)


def stamps(folder):
    """Every file under `folder`: relative path → (inode, mtime in ns)."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            found[os.path.relpath(path, folder)] = (info.st_ino, info.st_mtime_ns)
    return found


def measured(command, cwd, output, env=None):
    """A run, with the files it wrote into `output`."""
    before = stamps(output) if os.path.isdir(output) else {}
    run = timed(command, cwd, env)
    after = stamps(output)
    written = [path for path, stamp in after.items() if before.get(path) != stamp]
    run.files, run.written = len(after), len(written)
    run.written_kinds = {}
    for path in written:
        kind = os.path.splitext(path)[1] or os.path.basename(path)
        run.written_kinds[kind] = run.written_kinds.get(kind, 0) + 1
    return run


class Trash:
    """Where the run's large removals go: moved into one folder on the same file system (a rename,
    no inode freed), which is emptied only at the very end of the run. Until `open` (or with too
    little free disk) a removal is a plain deletion."""

    # What a run needs on disk, per repository of its largest case: the moved-aside outputs it keeps
    # until the end (every offline run of both tools), and what is live at any time (the sites, their
    # caches, the outputs being built). Benchmarks/README.md gives the run these come from.
    TRASH_PER_REPOSITORY = int(1.7 * 1024 ** 2)
    LIVE_PER_REPOSITORY = int(0.8 * 1024 ** 2)
    MARGIN = 2 * 1024 ** 3

    def __init__(self):
        self.folder = None
        self.moved = 0
        self.fallback = None  # why removals are deletions, when they are

    def open(self, repositories=0):
        """Refuses to start a run the disk cannot finish: a run that fills the disk dies in its last
        case and reports nothing."""
        free = shutil.disk_usage(tempfile.gettempdir()).free
        live = self.LIVE_PER_REPOSITORY * repositories + self.MARGIN
        trash = self.TRASH_PER_REPOSITORY * repositories
        gib = 1024 ** 3
        if free < live:
            sys.exit(f"only {free / gib:.1f} GiB free in {tempfile.gettempdir()}: a run of {repositories:,} "
                     f"repositories needs about {(live + trash) / gib:.0f} GiB (at least {live / gib:.0f} GiB, "
                     f"deleting each output instead of moving it aside); free some, or set TMPDIR to a larger disk")
        if free < live + trash:
            self.fallback = (f"only {free / gib:.1f} GiB free on the disk, under the {(live + trash) / gib:.0f} GiB "
                             f"a run that moves each output aside needs, so the previous output was deleted instead")
            print(f"trash: {self.fallback}", flush=True)
            return
        self.folder = tempfile.mkdtemp(prefix="repowatch-bench-trash-")

    def discard(self, path):
        if not os.path.lexists(path):
            return
        if self.folder:
            self.moved += 1
            try:
                os.rename(path, os.path.join(self.folder, f"{self.moved:04d}-{os.path.basename(path)}"))
                return
            except OSError as error:  # another file system: delete, and say so
                print(f"trash: could not move {path} ({error}); deleting it", flush=True)
        delete(path)

    def empty(self):
        if not self.folder:
            return
        files, size = 0, 0
        for parent, _, names in os.walk(self.folder):
            for name in names:
                files += 1
                size += os.lstat(os.path.join(parent, name)).st_blocks * 512
        started = time.perf_counter()
        delete(self.folder)
        print(f"trash: emptied {self.folder}: {self.moved} folders, {files:,} files, {size / 1024 ** 2:,.0f} MiB "
              f"on disk, in {time.perf_counter() - started:.1f} s", flush=True)
        self.folder = None


TRASH = Trash()


def delete(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        os.unlink(path)


def write_site(folder, count):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: Benchmark\nrepos:\n")
        for k in range(count):
            f.write(f"  - bench-owner-{k // 10}/repo-{k}\n")


def clean(folder, *names, remove=None):
    """Removes `names` and ours' hidden output folders from `folder`: into the trash unless `remove`
    says otherwise."""
    remove = remove or TRASH.discard
    for name in names:
        remove(os.path.join(folder, name))
    for name in os.listdir(folder):
        if name.startswith(".public."):  # ours: the recycled site and any staging folder
            remove(os.path.join(folder, name))


def write_owner_site(folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: bench-org on GitHub\nowners:\n  - owner: bench-org\n")


def network_benchmark(binary, count, latency, jobs, runs, owners=False, warm_runs=None):
    """Cold builds (cache and output deleted) then warm ones, against the synthetic GitHub.

    `owners`: site.yml lists one organization of `count` repositories (`owners:`) instead of naming
    `count` repositories under `repos:`."""
    folder = tempfile.mkdtemp(prefix="repowatch-bench-owners-" if owners else "repowatch-bench-net-")
    if owners:
        write_owner_site(folder)
    else:
        write_site(folder, count)
    server, base = start_server(latency, org_repos=count if owners else None)
    command = [binary, "build", "--api-url", base, "--jobs", str(jobs), *LIFTED]
    try:
        cold, warm = [], []
        for _ in range(runs):
            clean(folder, ".repowatch", "public")
            stats(base, reset=True)
            cold.append(timed(command, folder))
            cold_stats = cold[-1].timeline = stats(base)
        for _ in range(runs if warm_runs is None else warm_runs):
            stats(base, reset=True)
            warm.append(timed(command, folder))
            warm_stats = warm[-1].timeline = stats(base)
    finally:
        server.terminate()
        TRASH.discard(folder)
    requests = cold_stats["api"] + cold_stats["avatars"]
    return {
        "repos": count, "latency": latency, "jobs": jobs, "owners": owners,
        "cold": cold, "warm": warm, "cold_stats": cold_stats, "warm_stats": warm_stats,
        "ideal": requests * latency / jobs,
    }


def timeline(run, jobs):
    """Where a network run's wall time went: before the first request, between the first request and
    the last answer (and how many of the `jobs` slots were busy on average), after the last answer."""
    t = run.timeline
    if not t or t.get("first") is None:
        return "no requests"
    span = t["last"] - t["first"]
    return (f"{t['first'] - run.began:.2f} s before the first request, {span:.2f} s of requests "
            f"({t['busy'] / span / jobs * 100 if span else 0:.0f} % of {jobs} slots busy, at most "
            f"{t['most_in_flight']} in flight), {run.began + run.wall - t['last']:.2f} s after the last answer")


def filled_site(binary, count):
    """A site of `count` repositories with every response in its cache (fetched once, untimed)."""
    folder = tempfile.mkdtemp(prefix=f"repowatch-bench-{count}-")
    write_site(folder, count)
    server, base = start_server(0)
    try:
        timed([binary, "build", "--api-url", base, "--jobs", "8", *LIFTED], folder)
    finally:
        server.terminate()
    # The cache is keyed by full URL, so the offline builds name the same API; the server is gone.
    return folder, [binary, "build", "--offline", "--api-url", base]


@dataclass
class OfflineSites:
    """The offline case's two projects on the same data, kept until the informational case (last)."""
    ours_folder: str
    ours: list
    clock: dict  # the environment without REPOWATCH_NOW: the clock moves between runs
    hugo_folder: str = None
    hugo: list = None

    @property
    def ours_output(self):
        return os.path.join(self.ours_folder, "public")

    @property
    def hugo_output(self):
        return os.path.join(self.hugo_folder, "public")

    def discard(self):
        for folder in (self.ours_folder, self.hugo_folder):
            if folder:
                TRASH.discard(folder)


def offline_sites(binary, count, with_hugo):
    ours_folder, ours = filled_site(binary, count)
    sites = OfflineSites(ours_folder, ours, {k: v for k, v in os.environ.items() if k != "REPOWATCH_NOW"})
    try:
        timed(ours, ours_folder, sites.clock)
        if with_hugo:
            sites.hugo_folder = tempfile.mkdtemp(prefix="repowatch-bench-hugo-")
            sites.hugo = ["hugo", "--quiet", "--destination", "public"]
            with open(os.path.join(sites.ours_output, "data", "snapshot.json")) as f:
                hugo_site.write_site(json.load(f), sites.ours_output, sites.hugo_folder)
    except BaseException:
        sites.discard()
        raise
    return sites


def offline_benchmark(sites, runs):
    ours, ours_folder, ours_output, clock = sites.ours, sites.ours_folder, sites.ours_output, sites.clock
    results = {"fresh": {"ours": [], "hugo": []}, "rebuild": {"ours": [], "hugo": []}, "unchanged": {"ours": []}}

    print(f"  fresh output folder, the previous output moved aside ({runs} runs each, alternating)…", flush=True)
    for run in range(runs):
        clean(ours_folder, "public")
        results["fresh"]["ours"].append(measured(ours, ours_folder, ours_output, clock))
        if sites.hugo:
            clean(sites.hugo_folder, "public", "resources")
            results["fresh"]["hugo"].append(measured(sites.hugo, sites.hugo_folder, sites.hugo_output))
            if run == 0:  # unequal work makes every later run meaningless: stop at once
                equal_files(ours_output, sites.hugo_output)

    if sites.hugo:
        equal_files(ours_output, sites.hugo_output)

    print(f"  rebuild over the previous output ({runs} runs each, alternating)…", flush=True)
    timed(ours, ours_folder, clock)  # the second build leaves a recycled site: the steady state
    for _ in range(runs):
        results["rebuild"]["ours"].append(measured(ours, ours_folder, ours_output, clock))
        if sites.hugo:
            results["rebuild"]["hugo"].append(measured(sites.hugo, sites.hugo_folder, sites.hugo_output))

    print(f"  rebuild with nothing changed, ours ({runs} runs)…", flush=True)
    fixed = dict(clock, REPOWATCH_NOW=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    timed(ours, ours_folder, fixed)
    timed(ours, ours_folder, fixed)
    for _ in range(runs):
        results["unchanged"]["ours"].append(measured(ours, ours_folder, ours_output, fixed))
    return results


# Hugo writes page/1/index.html (a redirect to the first gallery page), which ours does not; a few
# such files either way are allowed, a file per repository is not.
EQUAL_FILES_SLACK = 5


def equal_files(ours_output, hugo_output):
    """Stops the run unless both outputs hold the same files, give or take EQUAL_FILES_SLACK: a file
    ours adds to every repository's folder that hugo_site.py does not write makes the comparison
    unequal work, and its ratios meaningless."""
    ours, hugo = set(stamps(ours_output)), set(stamps(hugo_output))
    if abs(len(ours) - len(hugo)) <= EQUAL_FILES_SLACK:
        return
    only_ours, only_hugo = sorted(ours - hugo), sorted(hugo - ours)
    sys.exit(f"unequal work: ours wrote {len(ours):,} files, Hugo {len(hugo):,} (more than {EQUAL_FILES_SLACK} "
             f"apart); only ours ({len(only_ours):,}): {', '.join(only_ours[:8])}; only Hugo ({len(only_hugo):,}): "
             f"{', '.join(only_hugo[:8])}. Give Benchmarks/hugo_site.py layouts for the files ours writes.")


def after_deletion_benchmark(sites, runs):
    """Informational, not a target: the fresh situation with each run right after an actual deletion
    of that tool's previous output, as this harness did before the trash (see the docstring). Run
    last, so that none of its deletions precedes another timed run."""
    results = {"ours": [], "hugo": []}
    # The rebuilds left ours a recycled site beside public/: aside with it, so that each deletion below
    # is one build's output, as it is for Hugo.
    clean(sites.ours_folder)
    print(f"  fresh output folder right after deleting the previous output ({runs} runs each, alternating)…",
          flush=True)
    for _ in range(runs):
        clean(sites.ours_folder, "public", remove=delete)
        results["ours"].append(measured(sites.ours, sites.ours_folder, sites.ours_output, sites.clock))
        if sites.hugo:
            clean(sites.hugo_folder, "public", "resources", remove=delete)
            results["hugo"].append(measured(sites.hugo, sites.hugo_folder, sites.hugo_output))
    return results


def memory_benchmark(binary, count, runs):
    folder, ours = filled_site(binary, count)
    try:
        results = []
        for _ in range(runs):
            clean(folder, "public")
            results.append(measured(ours, folder, os.path.join(folder, "public")))
    finally:
        TRASH.discard(folder)
    return results


# --- report ------------------------------------------------------------------------------------

def median(runs, field):
    return statistics.median(getattr(run, field) for run in runs)


def binary_kind(binary):
    """Which build the figures are of: the Swift libraries' pages count in a binary's peak memory."""
    needs = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    if "libswiftCore" in needs:
        return ("linked against the toolchain's shared Swift libraries (`swift build -c release`), "
                "not the portable build users install")
    return ("the portable build (`scripts/build-portable.sh`: the Swift runtime and Foundation linked in), "
            "what the README's install and the Action run")


def machine():
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) // 1024 // 1024
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return f"{os.cpu_count()} cores ({cpu}), {mem} GiB, {platform.system()} {platform.release()}; {swift}"


def commit():
    """The checkout's commit, as the report names the run."""
    found = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def kinds(run):
    return ", ".join(f"{count:,} {kind}" for kind, count in sorted(run.written_kinds.items(), key=lambda k: -k[1])) \
        or "none"


def row(label, runs):
    return (f"| {label} | {median(runs, 'wall'):.2f} s | {median(runs, 'user'):.2f} s | {median(runs, 'system'):.2f} s "
            f"| {median(runs, 'rss'):.0f} MiB | {median(runs, 'files'):,.0f} | {median(runs, 'written'):,.0f} |")


def raw(label, runs):
    return f"{label}: " + "; ".join(
        f"{r.wall:.1f} s wall, {r.user:.1f} u, {r.system:.1f} s, {r.rss:.0f} MiB, {r.written:,} written" for r in runs)


def network_title(net):
    what = (f"one organization of {net['repos']:,} repositories (`owners:`)" if net["owners"]
            else f"{net['repos']:,} repositories")
    return f"{what}, {net['latency'] * 1000:.0f} ms per request, --jobs {net['jobs']}"


def network_rows(net, mark):
    cs, ws = net["cold_stats"], net["warm_stats"]
    cold_wall = median(net["cold"], "wall")
    share_304 = ws["api_304"] / ws["api"] if ws["api"] else 0
    bound = 1.25 * net["ideal"]
    # owners: one account request and a listing page per 100 repositories, then contributors each.
    per_repo_goal = 1 + (1 + -(-net["repos"] // 100)) / net["repos"] if net["owners"] else 2
    kind = f"{net['repos']:,} repositories of one owner" if net["owners"] else f"{net['repos']:,} repositories"
    return [
        (f"cold build, {kind}, {net['latency'] * 1000:.0f} ms latency",
         f"≤ 1.25 × {net['ideal']:.2f} s = {bound:.2f} s",
         f"{cold_wall:.2f} s ({cold_wall / net['ideal']:.2f} × ideal)", mark(cold_wall <= bound)),
        (f"API requests per repository, cold ({kind})", f"≤ {per_repo_goal:.4g}",
         f"{cs['api'] / net['repos']:.4g}", mark(cs["api"] / net["repos"] <= per_repo_goal + 1e-9)),
        (f"warm ({kind}): API requests conditional and answered 304", "100 %",
         f"{share_304 * 100:.1f} % of {ws['api']:,}", mark(share_304 == 1.0)),
    ]


def network_section(net):
    cs, ws = net["cold_stats"], net["warm_stats"]
    cold_wall = median(net["cold"], "wall")
    return [
        f"## Network: {network_title(net)}",
        "",
        "| | wall (median) | ÷ ideal | user CPU | peak RSS | API requests | answered 304 | avatar requests |",
        "|---|---|---|---|---|---|---|---|",
        f"| cold (empty cache) | {cold_wall:.2f} s | {cold_wall / net['ideal']:.2f} | "
        f"{median(net['cold'], 'user'):.2f} s | {median(net['cold'], 'rss'):.0f} MiB | "
        f"{cs['api']:,} ({cs['api'] / net['repos']:.4g}/repo) | {cs['api_304']:,} | {cs['avatars']:,} |",
        f"| warm | {median(net['warm'], 'wall'):.2f} s | {median(net['warm'], 'wall') / net['ideal']:.2f} | "
        f"{median(net['warm'], 'user'):.2f} s | {median(net['warm'], 'rss'):.0f} MiB | "
        f"{ws['api']:,} ({ws['api'] / net['repos']:.4g}/repo) | {ws['api_304']:,} | {ws['avatars']:,} |",
        "",
        f"Ideal cold time: all {cs['api'] + cs['avatars']:,} requests × {net['latency'] * 1000:.0f} ms ÷ "
        f"{net['jobs']} jobs = {net['ideal']:.2f} s.",
        "",
        "Where the time went (the synthetic server's clock):",
        "",
    ] + [f"- {label} {k + 1}: {r.wall:.2f} s wall; {timeline(r, net['jobs'])}"
         for label, runs in (("cold", net["cold"]), ("warm", net["warm"])) for k, r in enumerate(runs)] + [""]


def requests_cases(args, binary):
    """The requests benchmark's cases (requests_benchmark.py) in this run: GitHub's secondary limits
    enforced by the synthetic server, the pacer on; their folders go to this run's trash."""
    if args.no_requests:
        return None
    print("requests: pacing, asking only what changed, GraphQL cards, the budget…", flush=True)
    requests_benchmark.discard = TRASH.discard
    options = argparse.Namespace(
        cases="cold-org,warm-pushed,cold-repos,budget", org_repos=args.requests_repos,
        repos_count=args.requests_repos, minute=args.requests_minute, latency=0.02, budget_repos=args.budget_repos,
        budget=args.budget, budget_minute=args.budget_minute, outputs="card", max_runs=30)
    lines = requests_benchmark.run_cases(binary, options, [])
    return {"lines": lines, "targets": list(requests_benchmark.TARGETS), "options": options}


def requests_section(requests):
    o = requests["options"]
    return [
        "## Requests: pacing, asking only what changed, GraphQL cards, the budget",
        "",
        "The synthetic GitHub enforces GitHub's secondary limits (900 REST requests and 2,000 GraphQL",
        f"queries a minute, 100 in flight) over a minute shortened to {o.minute:g} s ({o.budget_minute:g} s for the",
        "budget case), answers 403/429 \"You have exceeded a secondary rate limit\" past them and counts every",
        "such answer, and counts the primary quota each answer costs (an authorized 304 is free). Every build",
        "has a token and `--rate-limits minute=<the same minute>s`. Same cases as",
        f"`python3 Benchmarks/requests_benchmark.py --minute {o.minute:g} --budget-repos {o.budget_repos} "
        f"--budget {o.budget} --budget-minute {o.budget_minute:g}`.",
        "",
    ] + requests["lines"]


def report(args, nets, offline, memory, hugo_version, loads, trash_fallback=None, requests=None):
    fresh, rebuild, unchanged = offline["fresh"], offline["rebuild"], offline["unchanged"]["ours"]
    after_deletion = offline["after deletion"]
    peak = median(fresh["ours"], "rss")
    peak_big = median(memory, "rss")

    def mark(ok):
        return "met" if ok else "**missed**"

    def ratio(situation, field):
        return median(situation["ours"], field) / median(situation["hugo"], field)

    n = f"{args.offline_repos:,}"
    rows = []
    if fresh["hugo"]:
        for name, situation in (("fresh output folder", fresh), ("rebuild over the last output", rebuild)):
            rows.append((f"{name}, {n} repositories: wall, ours ÷ Hugo", "≤ 0.4",
                         f"{ratio(situation, 'wall'):.2f}", mark(ratio(situation, "wall") <= 0.4)))
            rows.append((f"{name}: user CPU, ours ÷ Hugo", "≤ 0.5",
                         f"{ratio(situation, 'user'):.2f}", mark(ratio(situation, "user") <= 0.5)))
        rows.append((f"fresh output folder right after deleting the previous output (ext4 without a journal, "
                     f"see below), {n} repositories: wall, ours ÷ Hugo",
                     "informational, not a target", f"{ratio(after_deletion, 'wall'):.2f}", ""))
        files_ours, files_hugo = median(fresh["ours"], "files"), median(fresh["hugo"], "files")
        rows.append((f"equal work: files in the output, ours and Hugo (fresh)",
                     f"at most {EQUAL_FILES_SLACK} apart", f"{files_ours:,.0f} and {files_hugo:,.0f}",
                     mark(abs(files_ours - files_hugo) <= EQUAL_FILES_SLACK)))
    unchanged_share = median(unchanged, "cpu") / median(fresh["ours"], "cpu")
    rows += [
        (f"rebuild with nothing changed: CPU (user + system) ÷ a fresh build's", "≤ 0.33",
         f"{unchanged_share:.2f}", mark(unchanged_share <= 1 / 3)),
        (f"peak memory, {n} repositories (fresh)", "≤ 60 MiB", f"{peak:.0f} MiB", mark(peak <= 60)),
        (f"peak memory, {args.memory_repos:,} ÷ {n} repositories", "≤ 1.10", f"{peak_big / peak:.2f}",
         mark(peak_big / peak <= 1.10)),
        ("rebuild with nothing changed: files written", "0", f"{median(unchanged, 'written'):,.0f}",
         mark(median(unchanged, "written") == 0)),
    ]
    for net in nets:
        rows += network_rows(net, mark)
    if requests:
        rows += requests["targets"]
    header = "| | wall | user CPU | system CPU | peak RSS | files in output | files written |\n|---|---|---|---|---|---|---|"
    owner_runs = f" (the `owners:` case: {args.owner_runs} cold, 1 warm)" if args.owner_repos else ""
    lines = [
        "# Benchmarks",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} at commit {commit()} by "
        + f"`{' '.join(['python3 Benchmarks/benchmark.py'] + sys.argv[1:])}`, on loopback only; medians of "
        + f"{args.runs} runs, ours and Hugo alternating{owner_runs}. Load average (1, 5, 15 min) {loads[0]} at the start, "
        + f"{loads[1]} at the end.",
        "",
        f"Machine: {machine()}; {hugo_version}.",
        "",
        f"Binary: {binary_kind(args.binary)}.",
        "",
        "## Targets",
        "",
        "| target | goal | measured | |",
        "|---|---|---|---|",
    ] + [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows] + [
        "",
        f"## Offline build, {n} repositories, ours and Hugo on the same files",
        "",
        "**Fresh output folder** (every CI build): before each run the previous output is moved aside, ours",
        "(`public/`, `.public.recycled/`, any staging folder) and Hugo's (`public/`, `resources/`), into one",
        "trash folder on the same file system that is removed only at the end of the whole run"
        + (f" (not in this run: {trash_fallback})." if trash_fallback else "."),
        "Why moved, not deleted: this machine's root file system is ext4 without a journal, where Linux",
        "skips, for each file it creates, every inode freed in the last 30 s to 5.5 min (`recently_deleted()`",
        "in fs/ext4/ialloc.c); right after deleting 71k files each creation scans thousands of them, paid",
        "in system CPU. A CI runner (ext4 with a journal, nothing deleted before the build) never pays it;",
        "that cost is measured apart below, as information.",
        "",
        header,
        row("repowatch-site build --offline", fresh["ours"]),
    ] + ([row("hugo", fresh["hugo"])] if fresh["hugo"] else []) + [
        "",
        "**Rebuild over the last output**: nothing deleted, the data unchanged, the clock moved on since",
        "the last run (so every page with a generated-at line changes).",
        "",
        header,
        row("repowatch-site build --offline", rebuild["ours"]),
    ] + ([row("hugo", rebuild["hugo"])] if rebuild["hugo"] else []) + [
        "",
        f"Files ours wrote on a rebuild: {kinds(rebuild['ours'][-1])}"
        + (f"; Hugo: {kinds(rebuild['hugo'][-1])}." if rebuild["hugo"] else "."),
        "",
        "**Rebuild with nothing changed** (ours; the same `REPOWATCH_NOW` as the build before):",
        "",
        header,
        row("repowatch-site build --offline", unchanged),
        "",
        "**Fresh output folder right after deleting the previous output** (informational, not a target:",
        "this machine's ext4 without a journal rescans just-freed inodes). Run last of all, after the",
        "memory case, so that its deletions precede no other timed run; ours and Hugo alternating, each",
        "run right after an actual deletion (`shutil.rmtree`) of that tool's previous output (ours: the",
        "last build's `public/`; Hugo's `public/` and `resources/`).",
        "",
        header,
        row("repowatch-site build --offline", after_deletion["ours"]),
    ] + ([row("hugo", after_deletion["hugo"]),
          "",
          f"Ours ÷ Hugo: wall {ratio(after_deletion, 'wall'):.2f}, user CPU {ratio(after_deletion, 'user'):.2f}, "
          f"system CPU {ratio(after_deletion, 'system'):.2f}, peak RSS {ratio(after_deletion, 'rss'):.2f}."]
         if after_deletion["hugo"] else []) + [
        "",
        "Runs in order (each situation's runs; the after-deletion ones ran last, after the memory case):",
        "",
    ] + [f"- {raw(f'{situation}, {tool}', runs)}" for situation, tools in offline.items()
         for tool, runs in tools.items() if runs] + [
        "",
        f"## Memory: {args.memory_repos:,} repositories (ours, fresh output folder, the previous output moved aside)",
        "",
        header,
        row("repowatch-site build --offline", memory),
        "",
        f"Peak RSS {peak_big:.0f} MiB against {peak:.0f} MiB at {n}: {peak_big / peak:.2f} ×.",
        "",
    ]
    for net in nets:
        lines += network_section(net)
    if requests:
        lines += requests_section(requests)
    return "\n".join(lines)


# Where the hand-written part of docs/benchmarks.md starts: the sections quoting older runs, each
# with its own date and commit, which a new run keeps below its own report.
EARLIER_RUNS = "# Earlier runs"


def earlier_runs(path):
    """The report's hand-written tail (from EARLIER_RUNS on) in the file a run replaces, or ""."""
    try:
        with open(path) as f:
            text = f.read()
    except FileNotFoundError:
        return ""
    start = text.find("\n" + EARLIER_RUNS)
    return text[start + 1:] if start >= 0 else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--offline-repos", type=int, default=10_000)
    ap.add_argument("--memory-repos", type=int, default=20_000)
    ap.add_argument("--cold-repos", type=int, default=500)
    ap.add_argument("--owner-repos", type=int, default=10_000,
                    help="repositories of the one organization of the owners: network case (0: skip it)")
    ap.add_argument("--owner-runs", type=int, default=2,
                    help="cold builds of the owners: case (each ~1.5 min at 10,000 and 50 ms); one warm build follows")
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-hugo", action="store_true", help="ours only")
    ap.add_argument("--quick", action="store_true", help="small sizes, to check the harness")
    ap.add_argument("--network-only", action="store_true",
                    help="only the network cases, printed (docs/benchmarks.md is left alone)")
    ap.add_argument("--no-requests", action="store_true", help="skip the requests cases (requests_benchmark.py)")
    ap.add_argument("--requests-repos", type=int, default=10_000,
                    help="the requests cases' organization and repos: list (cold, warm 1 %% pushed, cold repos:)")
    ap.add_argument("--requests-minute", type=float, default=20.0,
                    help="the synthetic GitHub's minute in the requests cases, in seconds")
    ap.add_argument("--budget-repos", type=int, default=100_000)
    ap.add_argument("--budget", type=int, default=5_000)
    ap.add_argument("--budget-minute", type=float, default=2.0)
    ap.add_argument("--output", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    args = ap.parse_args()
    if args.quick:
        args.offline_repos, args.memory_repos, args.cold_repos, args.runs = 300, 600, 50, 2
        args.owner_repos, args.owner_runs = min(args.owner_repos, 250), 1
        args.requests_repos, args.requests_minute = 300, 2.0
        args.budget_repos, args.budget, args.budget_minute = 2_000, 300, 0.5
        if args.output.endswith("docs/benchmarks.md"):
            args.output = os.path.join(tempfile.gettempdir(), "benchmarks-quick.md")
    binary = os.path.abspath(args.binary)
    loads = [load()]
    TRASH.open(max(args.offline_repos, args.memory_repos))
    try:
        run_all(args, binary, loads)
    finally:
        TRASH.empty()


def run_all(args, binary, loads):
    print(f"network: {args.cold_repos} repositories, {args.latency * 1000:.0f} ms latency…", flush=True)
    nets = [network_benchmark(binary, args.cold_repos, args.latency, args.jobs, args.runs)] if args.cold_repos else []
    if args.owner_repos:
        print(f"network, owners: one organization of {args.owner_repos} repositories, "
              f"{args.latency * 1000:.0f} ms latency…", flush=True)
        nets.append(network_benchmark(binary, args.owner_repos, args.latency, args.jobs, args.owner_runs,
                                      owners=True, warm_runs=1))
    if args.network_only:
        print(f"load average {loads[0]} at the start, {load()} at the end\n")
        print("\n".join(line for net in nets for line in network_section(net)))
        return
    print(f"offline: {args.offline_repos} repositories, ours and Hugo…", flush=True)
    sites = offline_sites(binary, args.offline_repos, with_hugo=not args.no_hugo)
    try:
        offline = offline_benchmark(sites, args.runs)
        print(f"memory: {args.memory_repos} repositories…", flush=True)
        memory = memory_benchmark(binary, args.memory_repos, args.runs)
        requests = requests_cases(args, binary)
        # Last of all: its deletions must precede no other timed run.
        print("informational, after a deletion: ours and Hugo…", flush=True)
        offline["after deletion"] = after_deletion_benchmark(sites, args.runs)
    finally:
        sites.discard()
    hugo_version = "Hugo not run" if args.no_hugo else \
        subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    loads.append(load())
    text = report(args, nets, offline, memory, hugo_version, loads, TRASH.fallback, requests)
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    kept = earlier_runs(args.output)
    with open(args.output, "w") as f:
        f.write(text + ("\n" + kept if kept else ""))
    print(text)
    print(f"written to {args.output}")


if __name__ == "__main__":
    main()
