#!/usr/bin/env python3
"""What each `outputs:` choice costs a site per repository: one organization of --repos repositories
(the synthetic GitHub, secondary limits lifted on both sides), built once with each of `outputs: all`,
`page` and `card` into a fresh folder; the size the build reports (its `Built` line: every file of
the site, as GitHub Pages counts it), the files, and both divided by the repositories.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/footprint.py [--repos 2000]
Prints Markdown.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

from benchmark import LIFTED, TRASH, start_server

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
UNITS = {"bytes": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9}


def build(binary, base, count, outputs):
    folder = tempfile.mkdtemp(prefix=f"repowatch-footprint-{outputs}-")
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write(f"title: footprint\nbase_url: https://example.github.io/site/\n"
                f"owners:\n  - owner: bench-org\n    outputs: {outputs}\n")
    env = dict(os.environ, HOME=os.path.join(folder, "home"), GITHUB_TOKEN="ghp_footprint0123456789abcdefghijklmnopqr")
    env.pop("GITHUB_ACTIONS", None)
    result = subprocess.run([binary, "build", "--api-url", base, "--jobs", "8", *LIFTED], cwd=folder, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(result.stderr[-3000:])
    built = next(line for line in result.stderr.splitlines() if line.startswith("Built "))
    match = re.search(r"Built ([\d,]+) files .*?\), ([\d.]+) (bytes|KB|MB|GB),", built)
    files, size = int(match.group(1).replace(",", "")), float(match.group(2)) * UNITS[match.group(3)]
    TRASH.discard(folder)
    return files, size


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--repos", type=int, default=2000)
    args = ap.parse_args()
    server, base = start_server(0, org_repos=args.repos)
    rows = []
    try:
        for outputs in ("all", "page", "card"):
            files, size = build(os.path.abspath(args.binary), base, args.repos, outputs)
            rows.append((outputs, files, size))
    finally:
        server.terminate()
    print(f"One organization of {args.repos:,} repositories, each `outputs:` choice built once into a fresh folder:\n")
    print("| `outputs:` | site size | files | per repository | files per repository | 100,000 repositories |")
    print("|---|---|---|---|---|---|")
    for outputs, files, size in rows:
        per = size / args.repos
        print(f"| {outputs} | {size / 1e6:,.1f} MB | {files:,} | {per / 1e3:,.1f} KB | {files / args.repos:.2f} | "
              f"~{per * 100_000 / 1e9:.2f} GB |")


if __name__ == "__main__":
    main()
