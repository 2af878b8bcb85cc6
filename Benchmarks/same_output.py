#!/usr/bin/env python3
"""Two binaries, the same sites: is the output byte for byte the same?

    python3 Benchmarks/same_output.py BEFORE_BINARY AFTER_BINARY [--repos 10000]

For a change that must not move anything (a refactor): each specimen site is built by both binaries
from the same starting state, with the same clock (REPOWATCH_NOW), into folders of their own, and
the two outputs are compared with `diff -r`. The specimens:

  sample     this repository's site.yml, --sample
  looks      every widget kind, size, appearance, rendering, accent, numbers, a right-to-left locale
             and a note, --sample
  network    300 repositories and an organization of 150 against the synthetic GitHub
             (Benchmarks/synthetic_server.py), a cold build then a warm one (304s, history grows)
  offline    --repos repositories built --offline from one filled cache (copied for each side)

Prints one line per specimen and exits 1 on any difference. Render time and memory are measured
apart (docs/benchmarks.md); this script only proves the output did not move.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import benchmark

NOW = "2026-11-25T12:00:00Z"
LATER = "2026-11-26T00:00:00Z"

LOOKS = """title: Looks
description: |
  Every *look* of every widget.
locale: ar
numbers: compact
repos:
  - apple/swift
  - sallen0400/swift-news
  - kudoleh/iOS-Clean-Architecture-MVVM
widgets:
  - kind: single
    repo: apple/swift
    sizes: [medium, large]
    note: "A **note** with a [link](https://example.com)."
    appearance: dark
    rendering: accented
    accent: "#FF9500"
  - kind: single
    repo: sallen0400/swift-news
    rendering: desaturated
    appearance: light
    numbers: full
    locale: ko
  - kind: double
    top: apple/swift
    bottom: kudoleh/iOS-Clean-Architecture-MVVM
"""


def run(binary, args, cwd, now):
    env = dict(os.environ, REPOWATCH_NOW=now)
    env.pop("GITHUB_TOKEN", None)
    env.pop("GH_TOKEN", None)
    result = subprocess.run([binary] + args, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} in {cwd} failed ({result.returncode}):\n{result.stderr[-2000:]}")


def same(name, left, right):
    diff = subprocess.run(["diff", "-r", "-q", left, right], capture_output=True, text=True)
    files = sum(len(f) for _, _, f in os.walk(left))
    if diff.returncode == 0:
        print(f"{name}: identical ({files} files)")
        return True
    print(f"{name}: DIFFERENT\n{diff.stdout[:3000]}")
    return False


def twin_folders(root, name, setup):
    """The same starting folder twice: one for each binary."""
    sides = []
    for side in ("before", "after"):
        folder = os.path.join(root, f"{name}-{side}")
        os.makedirs(folder)
        setup(folder)
        sides.append(folder)
    return sides


def sample_sites(binaries, root):
    results = []
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name, write in [
        ("sample", lambda f: shutil.copy(os.path.join(here, "site.yml"), f)),
        ("looks", lambda f: open(os.path.join(f, "site.yml"), "w").write(LOOKS)),
    ]:
        folders = twin_folders(root, name, write)
        for binary, folder in zip(binaries, folders):
            run(binary, ["build", "--sample"], folder, NOW)
        results.append(same(name, *(os.path.join(f, "public") for f in folders)))
    return results


def network_site(binaries, root):
    def write(folder):
        benchmark.write_site(folder, 300)
        with open(os.path.join(folder, "site.yml"), "a") as f:
            f.write("owners:\n  - owner: bench-org\n")

    folders = twin_folders(root, "network", write)
    results = []
    for step, now in (("cold", NOW), ("warm", LATER)):
        for binary, folder in zip(binaries, folders):
            server, base = benchmark.start_server(0, org_repos=150)
            try:
                run(binary, ["build", "--api-url", base, "--jobs", "8"], folder, now)
            finally:
                server.terminate()
                server.wait()
        # Each side had its own server on its own port: the API base is in no output file.
        results.append(same(f"network ({step})", *(os.path.join(f, "public") for f in folders)))
    return results


def offline_site(binaries, root, count):
    filled, command = benchmark.filled_site(binaries[0], count)
    folders = []
    for side in ("before", "after"):
        folder = os.path.join(root, f"offline-{side}")
        shutil.copytree(filled, folder, symlinks=True)
        shutil.rmtree(os.path.join(folder, "public"), ignore_errors=True)
        for name in os.listdir(folder):
            if name.startswith(".public."):
                shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
        folders.append(folder)
    shutil.rmtree(filled, ignore_errors=True)
    for binary, folder in zip(binaries, folders):
        run(binary, command[1:], folder, NOW)
    return [same(f"offline ({count} repositories)", *(os.path.join(f, "public") for f in folders))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--repos", type=int, default=10_000)
    args = parser.parse_args()
    binaries = [os.path.abspath(args.before), os.path.abspath(args.after)]
    root = tempfile.mkdtemp(prefix="repowatch-same-output-")
    try:
        results = sample_sites(binaries, root) + network_site(binaries, root)
        results += offline_site(binaries, root, args.repos)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
