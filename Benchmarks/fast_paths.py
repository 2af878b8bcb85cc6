#!/usr/bin/env python3
"""Peak memory and time of offline builds, for several binaries in one run (docs/fast-paths.md).

For each size (10,000 and 20,000 repositories unless told), a site's cache is filled once from the
synthetic GitHub (benchmark.filled_site, with the first binary), then every binary builds it
`--offline`, the binaries alternating, `--runs` times each; the report gives each binary's median
peak RSS (GNU time), wall time and CPU time with every run's figures, so that a difference can be
told from the run-to-run spread (on a busy machine, CPU time is the steadier). Each build is a rebuild over the last one's output, the clock moving on
(benchmark.py's "rebuild" case): every page is rendered and compared, nothing is deleted, so no
run pays for a mass deletion (benchmark.Trash says why that matters here) and the disk holds two
sites, not one per run.

  --history-points N   also give every repository N points of history first (as
                       history_memory.py writes them), so the history's structures are full.
  --heaptrack          one more run of each binary under heaptrack, reporting its peak heap (what
                       the allocator handed out at the worst moment, with no page-level noise) and
                       which structures held it.
  --heaptrack-keep DIR keeps heaptrack's files there, to see which allocations make the peak.
  --sites DIR          keeps the filled sites in DIR (site-COUNT) and uses them again next time.
  --same-output        one more run of each binary with the same REPOWATCH_NOW, checking that every
                       binary writes byte-identical files.

Usage: Benchmarks/fast_paths.py before=/tmp/before/.build-before/release/repowatch-site \\
                                after=.build/release/repowatch-site [--runs 3] [--sizes 10000 20000]
"""

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

import benchmark
import history_memory

NOW = "2026-11-23T12:00:00Z"
# Names whose frames a heap allocation is charged to: the innermost one in its backtrace.
STRUCTURES = ["WrittenPaths", "KeyedRecords", "RepoIndex", "RecordSpool", "RepoList", "PackedPoints",
              "AvatarFiles", "History", "SitePlan", "ConfigLoader"]


def build(command, folder, env):
    return benchmark.timed(command, folder, env)


def peak_heap(command, folder, env, keep=None):
    """heaptrack's peak heap of one build, in MiB, and its bytes by structure (`STRUCTURES`);
    heaptrack's data is moved to `keep` when given."""
    scratch = tempfile.mkdtemp(prefix="repowatch-heaptrack-")
    subprocess.run(["heaptrack", "-o", os.path.join(scratch, "build")] + command, cwd=folder, env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    data = os.path.join(scratch, next(name for name in os.listdir(scratch) if name.startswith("build")))
    # One line per backtrace, "frame;frame;… bytes": the bytes it held at the peak.
    folded = subprocess.run(["heaptrack_print", "--flamegraph-cost-type", "peak", "-F", "/dev/stdout", data],
                            capture_output=True, text=True, check=True).stdout
    total, charged = 0, {}
    for line in folded.splitlines():
        stack, _, cost = line.rpartition(" ")
        if not cost.isdigit():
            continue
        total += int(cost)
        where = {name: stack.rfind(name) for name in STRUCTURES}
        found = max(where, key=where.get)
        found = found if where[found] >= 0 else "other"
        charged[found] = charged.get(found, 0) + int(cost)
    if keep:
        os.makedirs(os.path.dirname(keep), exist_ok=True)
        shutil.move(data, keep + os.path.basename(data)[len("build"):])
    shutil.rmtree(scratch, ignore_errors=True)
    return total / 2**20, {name: cost / 2**20 for name, cost in charged.items()}


def digests(folder):
    """Relative path → SHA-256 of every file under `folder`."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return found


def same_output(binaries, command_of, folder):
    env = dict(os.environ, REPOWATCH_NOW=NOW)
    reference, differing = None, []
    for label, binary in binaries:
        build(command_of(binary), folder, env)
        files = digests(os.path.join(folder, "public"))
        if reference is None:
            reference = files
        elif files != reference:
            changed = sorted(set(files) ^ set(reference)) + sorted(
                path for path in set(files) & set(reference) if files[path] != reference[path])
            differing.append(f"{label}: {len(changed)} files differ, e.g. {changed[:3]}")
    return differing or [f"identical ({len(reference):,} files)"]


def site(args, binary, count):
    """A filled site of `count` repositories and its offline build command: kept in `args.sites`
    and used again when there is one already (a fill of 20,000 takes minutes), else temporary."""
    saved = os.path.join(args.sites, f"site-{count}") if args.sites else None
    if saved and os.path.exists(os.path.join(saved, "command.json")):
        with open(os.path.join(saved, "command.json")) as f:
            return saved, json.load(f)
    print(f"{count:,} repositories: filling the cache…", flush=True)
    folder, command = benchmark.filled_site(binary, count)
    if saved:
        os.makedirs(args.sites, exist_ok=True)
        shutil.move(folder, saved)
        with open(os.path.join(saved, "command.json"), "w") as f:
            json.dump(command, f)
        shutil.copy(os.path.join(saved, ".repowatch", "history.json"), os.path.join(saved, "history-fill.json"))
        folder = saved
    return folder, command


def measure_size(args, binaries, count):
    folder, first = site(args, binaries[0][1], count)
    command_of = lambda binary: [binary] + first[1:]  # noqa: E731 - the same build, another binary
    env = {k: v for k, v in os.environ.items() if k != "REPOWATCH_NOW"}
    result = {"runs": {label: [] for label, _ in binaries}, "heap": {}, "output": None}
    try:
        history = os.path.join(folder, ".repowatch", "history.json")
        if args.history_points:
            history_memory.write_history(history, count, args.history_points)
        elif os.path.exists(os.path.join(folder, "history-fill.json")):  # a kept site: its own history again
            shutil.copy(os.path.join(folder, "history-fill.json"), history)
        build(command_of(binaries[0][1]), folder, env)  # the first output, untimed
        for run in range(args.runs):
            for label, binary in binaries:
                done = build(command_of(binary), folder, env)
                result["runs"][label].append(done)
                print(f"  {count:,}, run {run + 1} of {args.runs}, {label}: {done.rss:.1f} MiB, {done.wall:.2f} s, "
                      f"CPU {done.user + done.system:.2f} s", flush=True)
        if args.heaptrack:
            for label, binary in binaries:
                keep = os.path.join(args.heaptrack_keep, f"{label}-{count}") if args.heaptrack_keep else None
                result["heap"][label] = peak_heap(command_of(binary), folder, env, keep)
                print(f"  {count:,}, heaptrack, {label}: {result['heap'][label][0]:.2f} MiB", flush=True)
        if args.same_output:
            result["output"] = same_output(binaries, command_of, folder)
    finally:
        if not args.sites:
            benchmark.TRASH.discard(folder)
    return result


def report(args, binaries, results):
    lines = [f"Offline rebuilds; medians of {args.runs} runs, binaries alternating"
             + (f"; {args.history_points} points of history per repository" if args.history_points else "")
             + ".", "", "| repositories | binary | peak RSS | wall | CPU (user + system) | runs (MiB / s / s) |"
             + (" peak heap (heaptrack) |" if args.heaptrack else ""),
             "|---|---|---|---|---|---|" + ("---|" if args.heaptrack else "")]
    for count, result in results.items():
        for label, _ in binaries:
            runs = result["runs"][label]
            rss = f"{statistics.median(r.rss for r in runs):.1f} MiB" if runs else "-"
            wall = f"{statistics.median(r.wall for r in runs):.2f} s" if runs else "-"
            cpu = f"{statistics.median(r.user + r.system for r in runs):.2f} s" if runs else "-"
            each = ", ".join(f"{r.rss:.1f} / {r.wall:.2f} / {r.user + r.system:.2f}" for r in runs)
            heap = f" {result['heap'][label][0]:.2f} MiB |" if args.heaptrack else ""
            lines.append(f"| {count:,} | {label} | {rss} | {wall} | {cpu} | {each} |{heap}")
    if args.heaptrack:
        lines += ["", "Peak heap by structure (MiB; a backtrace is charged to the innermost name in it):", ""]
        names = [name for name in STRUCTURES + ["other"]
                 if any(r["heap"][label][1].get(name) for r in results.values() for label, _ in binaries)]
        lines += ["| repositories | binary | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
        for count, result in results.items():
            for label, _ in binaries:
                charged = result["heap"][label][1]
                lines.append(f"| {count:,} | {label} | " + " | ".join(f"{charged.get(n, 0):.2f}" for n in names) + " |")
    for count, result in results.items():
        if result["output"]:
            lines.append(f"\nOutput at {count:,} (REPOWATCH_NOW={NOW}): " + "; ".join(result["output"]))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binaries", nargs="+", metavar="LABEL=BINARY")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 20_000])
    ap.add_argument("--runs", type=int, default=3, help="0: heaptrack or --same-output only")
    ap.add_argument("--history-points", type=int, default=0)
    ap.add_argument("--heaptrack", action="store_true")
    ap.add_argument("--heaptrack-keep", metavar="DIR", help="keep heaptrack's data files here, LABEL-SIZE.zst")
    ap.add_argument("--same-output", action="store_true")
    ap.add_argument("--sites", metavar="DIR", help="keep the filled sites here and use them again")
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")
    if args.heaptrack and not shutil.which("heaptrack"):
        sys.exit("heaptrack is needed: apt-get install -y heaptrack")
    binaries = []
    for spec in args.binaries:
        label, _, path = spec.rpartition("=")
        binaries.append((label or path, os.path.abspath(path)))
    results = {}
    benchmark.TRASH.open()
    try:
        for count in args.sizes:
            results[count] = measure_size(args, binaries, count)
            print(report(args, binaries, {count: results[count]}), flush=True)
    finally:
        benchmark.TRASH.empty()
    if len(results) > 1:
        print(report(args, binaries, results))


if __name__ == "__main__":
    main()
