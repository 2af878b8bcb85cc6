#!/usr/bin/env python3
"""Two years of twice-daily builds in a few minutes: does anything get lost?

    python3 Benchmarks/years/simulate.py --binary .build/release/repowatch-site [--builds 1460] [--repos 50]
                                         [--seed 2026] [--workdir DIR] [--json FILE]

Runs BUILDS builds of one site, the clock (REPOWATCH_NOW) moving twelve hours each, against
scripted_github.py, whose repositories drift (stars, pushes, contributors, renames, transfers,
archiving, deletions). Faults come at random from the seed: 5xx, timeouts, primary and secondary rate
limits, the cache folder wiped (5 % of builds), the output folder missing (3 %), the build killed with
SIGKILL mid-way (2 %). After each build that ran to its end the site is "deployed" (copied to the
folder the server publishes as GitHub Pages, where a build restores a lost history from), and checked:

- no crash, no hang: exit 0 or 1 (never a signal but the injected kill) within --build-timeout;
- the site whole: every configured repository has its pages, snapshot.json parses, no staging folder;
- fresh data is the world's data (stars as the server has them now);
- history continuous: public/data/history.json against this script's own record of fresh points --
  none repeated, none invented, renames followed, and thinned by the documented tiers (docs/output.md):
  counted back from a repository's newest point, every point of the last two days and of each 12-hour
  slot to 90 days kept (none lost inside its tier), then exactly one point in each week to two years and
  in each calendar month before that which had a point (the oldest point kept besides), and never more
  than POINT_LIMIT;
- the cache within its bound: .repowatch (history.json aside, bounded by its tiers) at most twice
  its size at day 15, checked from day 30 on;
- peak memory flat: the last tenth of builds' median peak RSS within 25 % (+8 MiB) of the first's.

A deleted repository is removed from site.yml (`repo remove`) four builds later, as its owner would.
Exit status 0 when every check held; 1 with the failures listed (at most 20 shown).
"""

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from scripted_github import START, STEP, iso  # noqa: E402

POINT_LIMIT = 600
DAY = 86_400


def tier_slot(seconds, newest):
    """The slot a point keeps (docs/output.md, "Thinned with age"): points sharing one keep one."""
    age = newest - seconds
    if age < 2 * DAY:
        return ("point", seconds)
    if age < 90 * DAY:
        return ("half-day", seconds // 43_200)
    if age < 730 * DAY:
        return ("week", (seconds + 3 * DAY) // (7 * DAY))  # 1970-01-01 was a Thursday; weeks start Monday
    day = time.gmtime(seconds)
    return ("month", day.tm_year * 12 + day.tm_mon - 1)


class Server:
    def __init__(self, repos, seed, pages):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "scripted_github.py"), "--repos", str(repos), "--seed", str(seed),
             "--pages", pages], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("PORT "):
            raise SystemExit(f"scripted GitHub did not start: {line!r}")
        self.base = f"http://127.0.0.1:{int(line.split()[1])}"

    def call(self, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        with urllib.request.urlopen(urllib.request.Request(self.base + path, data=data), timeout=30) as answer:
            return json.loads(answer.read() or b"{}")

    def stop(self):
        self.process.kill()
        self.process.wait()


class Plan:
    """One build's faults, drawn from the seed and the build's number alone."""

    def __init__(self, seed, build, repos):
        rng = random.Random(f"{seed}:plan:{build}")
        self.faults = {}
        roll = rng.random()
        if roll < 0.10:
            self.faults["error5xx"] = rng.choice([0.05, 0.2, 1.0])
        elif roll < 0.14:
            self.faults["timeout"] = 0.03
            self.faults["hold"] = 3.0
        elif roll < 0.18:
            self.faults["primary"] = rng.choice([0.02, 1.0])
        elif roll < 0.22:
            self.faults["secondary"] = 0.03
        self.wipe_cache = rng.random() < 0.05
        self.drop_output = rng.random() < 0.03
        self.kill_at = rng.randrange(1, 2 * repos + 2) if rng.random() < 0.02 else None

    def names(self):
        names = sorted(k for k in self.faults if k != "hold")
        names += ["cache wiped"] * self.wipe_cache + ["output missing"] * self.drop_output
        return names + ["killed"] * (self.kill_at is not None)


def tree_size(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except FileNotFoundError:
                pass
    return total


class Simulation:
    def __init__(self, args):
        self.args = args
        self.work = args.workdir or tempfile.mkdtemp(prefix="repowatch-years-")
        self.site = os.path.join(self.work, "site")
        self.pages = os.path.join(self.work, "pages")
        os.makedirs(self.site, exist_ok=True)
        os.makedirs(self.pages, exist_ok=True)
        self.server = Server(args.repos, args.seed, self.pages)
        self.configured = [f"sim-owner-{i % 8}/repo-{i}" for i in range(args.repos)]
        with open(os.path.join(self.site, "site.yml"), "w") as f:
            f.write(f"title: Two years\nbase_url: {self.server.base}/pages/\nrepos:\n")
            f.writelines(f"  - {name}\n" for name in self.configured)
        self.expected = {name.lower(): [] for name in self.configured}  # [(time, stars)] of fresh points
        self.killed_times = set()
        self.removals = {}  # build number -> names to remove then
        self.failures = []
        self.peaks, self.cache_sizes, self.durations = [], [], []
        self.tally = {"exit 0": 0, "exit 1": 0, "killed": 0, "fresh points": 0, "stale": 0, "unavailable": 0}
        self.cache_bound = None
        self.planned = {}  # fault -> builds planned with it

    def fail(self, build, message):
        self.failures.append(f"build {build} ({iso(START + build * STEP)}): {message}")
        if self.args.progress:
            print(f"  FAILED {self.failures[-1]}", file=sys.stderr, flush=True)

    def environment(self, build):
        env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN", "GITHUB_ACTIONS")}
        env.update({"REPOWATCH_NOW": iso(START + build * STEP), "HOME": os.path.join(self.work, "home"),
                    "NO_COLOR": "1", "GITHUB_API_URL": self.server.base})
        return env

    def run_build(self, build, plan):
        """(status, peak KiB, killed) of one build; a hang is a failure and a kill."""
        command = [self.args.binary, "build", "--api-url", self.server.base, "--timeout", "2", "--retries", "2",
                   "--max-wait", "5", "--lock-wait", "0"]
        started = time.monotonic()
        log = open(os.path.join(self.work, "last-build.log"), "w")
        process = subprocess.Popen(command, cwd=self.site, env=self.environment(build), stdout=log, stderr=log,
                                   stdin=subprocess.DEVNULL)
        killed = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if plan.kill_at is not None and not killed and sum(self.server.call("/_stats").values()) >= plan.kill_at:
                os.kill(process.pid, signal.SIGKILL)
                killed = True
            if time.monotonic() - started > self.args.build_timeout:
                self.fail(build, f"hung: no end after {self.args.build_timeout} s; killed")
                os.kill(process.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.005)
        process.returncode = os.waitstatus_to_exitcode(status)
        log.close()
        self.durations.append(time.monotonic() - started)
        return process.returncode, usage.ru_maxrss, killed

    def step(self, build):
        plan = Plan(self.args.seed, build, self.args.repos)
        for name in plan.names():
            self.planned[name] = self.planned.get(name, 0) + 1
        for name in self.removals.pop(build, []):
            done = subprocess.run([self.args.binary, "repo", "remove", name], cwd=self.site, capture_output=True,
                                  text=True, env=self.environment(build))
            if done.returncode != 0:
                self.fail(build, f"repo remove {name}: {done.stderr.strip()}")
            self.configured.remove(name)
            del self.expected[name.lower()]
        if plan.wipe_cache:
            shutil.rmtree(os.path.join(self.site, ".repowatch"), ignore_errors=True)
        if plan.drop_output:
            shutil.rmtree(os.path.join(self.site, "public"), ignore_errors=True)
        self.server.call("/_step", {"step": build, "faults": plan.faults})
        status, peak, killed = self.run_build(build, plan)
        if killed and plan.kill_at is not None and status == -signal.SIGKILL:
            self.tally["killed"] += 1
            self.killed_times.add(START + build * STEP)
            return
        if status not in (0, 1):
            with open(os.path.join(self.work, "last-build.log")) as f:
                self.fail(build, f"exit status {status} ({plan.names()}): {f.read()[-1500:]}")
            return
        self.tally[f"exit {status}"] += 1
        self.peaks.append(peak)
        world = self.server.call("/_world")
        self.check_site(build, world)
        self.check_cache(build)
        self.deploy()
        self.schedule_removals(build, world)

    def check_site(self, build, world):
        public = os.path.join(self.site, "public")
        leftovers = [n for n in os.listdir(self.site)
                     if n.startswith(".public.") and n not in (".public.recycled", ".public.lock")]
        if leftovers:
            self.fail(build, f"staging left beside public/: {leftovers}")
        try:
            with open(os.path.join(public, "data", "snapshot.json")) as f:
                snapshot = json.load(f)
            with open(os.path.join(public, "data", "history.json")) as f:
                history = json.load(f)
        except (OSError, ValueError) as error:
            return self.fail(build, f"snapshot.json or history.json unreadable: {error}")
        for name in self.configured:
            for page in ("index.html", "medium.html", "large.html", "medium.svg"):
                if not os.path.isfile(os.path.join(public, "repos", name.lower(), page)):
                    self.fail(build, f"repos/{name.lower()}/{page} missing")
        by_id = {r["id"]: r for r in world["repos"]}
        now = START + build * STEP
        for entry in snapshot["repos"]:
            key = entry["config_name"].lower()
            if entry["stars"] is None:
                self.tally["unavailable"] += 1
                continue
            if entry["stale"]:
                self.tally["stale"] += 1
                continue
            index = int(key.split("/repo-")[1])
            truth = by_id[500_000 + index]
            if entry["stars"] != truth["stars"] or entry["full_name"] != truth["full_name"]:
                self.fail(build, f"{key}: fresh data {entry['full_name']} ★{entry['stars']} but GitHub has "
                                 f"{truth['full_name']} ★{truth['stars']}")
            self.expected[key].append((now, entry["stars"]))
            self.tally["fresh points"] += 1
        self.check_history(build, history)

    def check_history(self, build, history):
        series = history.get("repos", {})
        extra = set(series) - set(self.expected)
        if extra:
            self.fail(build, f"history has repositories not in site.yml: {sorted(extra)[:5]}")
        for key, points in self.expected.items():
            actual = [(p[0], p[1]) for p in series.get(key, [])]
            times = [t for t, _ in actual]
            if times != sorted(set(times)):
                self.fail(build, f"{key}: history points repeated or out of order")
            recorded = dict(points)
            invented = [t for t, s in actual if recorded.get(t, s if t in self.killed_times else None) != s]
            if invented:
                self.fail(build, f"{key}: history points no build recorded: {invented[:3]}")
            if not times:
                if points:
                    self.fail(build, f"{key}: {len(points)} fresh points recorded, none in the history")
                continue
            newest = times[-1]
            kept = {}
            for t in times[1:]:  # the oldest point is always kept besides its slot's
                kept.setdefault(tier_slot(t, newest), []).append(t)
            crowded = [slot for slot, members in kept.items() if len(members) > 1]
            if crowded:
                self.fail(build, f"{key}: {len(crowded)} tier slots hold more than one point, first {crowded[0]}")
            # Inside the every-build tiers the slot's newest recorded point is kept; further back, each
            # slot that had a recorded point keeps one.
            newest_in_slot = {}
            for t, _ in points:
                if t <= newest:
                    slot = tier_slot(t, newest)
                    newest_in_slot[slot] = max(t, newest_in_slot.get(slot, t))
            every_build = ("point", "half-day")
            lost = sorted(t for slot, t in newest_in_slot.items()
                          if (t not in set(times) if slot[0] in every_build
                              else slot not in kept and tier_slot(times[0], newest) != slot))
            if lost:
                self.fail(build, f"{key}: {len(lost)} history points lost inside their tier, first {iso(lost[0])}")
            if len(actual) > POINT_LIMIT:
                self.fail(build, f"{key}: {len(actual)} points, over {POINT_LIMIT}")

    def check_cache(self, build):
        # The history has its own bound (its tiers, checked above); the rest is responses.
        cache = os.path.join(self.site, ".repowatch")
        history = os.path.join(cache, "history.json")
        size = tree_size(cache) - (os.path.getsize(history) if os.path.exists(history) else 0)
        self.cache_sizes.append(size)
        if build == 30:
            self.cache_bound = 2 * max(self.cache_sizes[-10:])
        if build >= 60 and self.cache_bound and size > self.cache_bound:
            self.fail(build, f".repowatch is {size} bytes, over its bound {self.cache_bound}")

    def deploy(self):
        """What the Pages workflow does after a build: the new site replaces the published one."""
        staging = self.pages + ".new"
        shutil.rmtree(staging, ignore_errors=True)
        # Hard links: a build never edits a file in place (it writes a new folder and swaps it in).
        shutil.copytree(os.path.join(self.site, "public"), staging, copy_function=os.link)
        old = self.pages + ".old"
        os.rename(self.pages, old)
        os.rename(staging, self.pages)
        shutil.rmtree(old)

    def schedule_removals(self, build, world):
        for repo in world["repos"]:
            name = f"sim-owner-{repo['index'] % 8}/repo-{repo['index']}"
            if repo["deleted"] and name in self.configured and not any(name in v for v in self.removals.values()):
                self.removals.setdefault(build + 4, []).append(name)

    def renames_followed(self, world):
        """Each repository renamed or transferred (and not deleted) has fresh points after its move."""
        followed = 0
        by_id = {r["id"]: r for r in world["repos"]}
        for kind, ident, moved_at in world["events"]:
            repo = by_id[ident]
            key = f"sim-owner-{repo['index'] % 8}/repo-{repo['index']}".lower()
            if kind not in ("rename", "transfer") or repo["deleted"] or key not in self.expected:
                continue
            if moved_at > START + (self.args.builds - 10) * STEP:
                continue  # too close to the end to require a point after it
            if any(t > moved_at for t, _ in self.expected[key]):
                followed += 1
            else:
                self.fail(self.args.builds, f"{key} (now {repo['full_name']}): no fresh point after its {kind}")
        return followed

    def memory_flat(self):
        tenth = max(3, len(self.peaks) // 10)
        first = statistics.median(self.peaks[1:tenth + 1])
        last = statistics.median(self.peaks[-tenth:])
        if last > first * 1.25 + 8 * 1024:
            self.fail(self.args.builds, f"peak memory grew: median {first // 1024} MiB early, {last // 1024} MiB late")
        return first, last

    def run(self):
        began = time.monotonic()
        try:
            for build in range(self.args.builds):
                self.step(build)
                if self.args.progress and build % 100 == 99:
                    print(f"  {build + 1} builds, {len(self.failures)} failures, "
                          f"{time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
            world = self.server.call("/_world")
        finally:
            self.server.stop()
        moved = self.renames_followed(world)
        first, last = self.memory_flat()
        events = {}
        for kind, _, _ in world["events"]:
            events[kind] = events.get(kind, 0) + 1
        return {
            "builds": self.args.builds, "repos": self.args.repos, "seed": self.args.seed,
            "seconds": round(time.monotonic() - began, 1), "tally": self.tally, "faults": self.planned,
            "events": events,
            "moved and followed": moved, "killed at": len(self.killed_times),
            "peak_rss_mib": {"first tenth": round(first / 1024, 1), "last tenth": round(last / 1024, 1),
                             "max": round(max(self.peaks) / 1024, 1)},
            "cache_bytes": {"day 15 bound": self.cache_bound, "max": max(self.cache_sizes),
                            "last": self.cache_sizes[-1]},
            "build_seconds": {"median": round(statistics.median(self.durations), 2),
                              "max": round(max(self.durations), 2)},
            "failures": self.failures,
        }


def main():
    ap = argparse.ArgumentParser(description="Two simulated years of builds against a drifting, faulty GitHub.")
    ap.add_argument("--binary", required=True, help="the repowatch-site binary (a release build for the full run)")
    ap.add_argument("--builds", type=int, default=1460, help="builds, twelve hours apart (1,460: two years)")
    ap.add_argument("--repos", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workdir", help="keep the site here (default: a temporary folder, removed after)")
    ap.add_argument("--build-timeout", type=float, default=120, help="seconds before a build counts as hung")
    ap.add_argument("--json", help="write the report here too")
    ap.add_argument("--progress", action="store_true", help="a line every 100 builds on stderr")
    args = ap.parse_args()
    args.binary = os.path.abspath(args.binary)
    simulation = Simulation(args)
    try:
        report = simulation.run()
    finally:
        if not args.workdir:
            shutil.rmtree(simulation.work, ignore_errors=True)
    text = json.dumps(report, indent=2)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    shown = dict(report, failures=report["failures"][:20])
    print(json.dumps(shown, indent=2))
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
