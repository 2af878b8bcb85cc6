#!/usr/bin/env python3
"""repowatch-site benchmark: one run, loopback only, results into docs/benchmarks.md.

1. A synthetic GitHub (synthetic_server.py) serves N repositories with contributors and avatars,
   with a fixed latency per request.
2. Cold build, warm rebuild (every request conditional, answered 304) and --offline build: medians
   of several runs, with peak resident memory (GNU time).
3. Requests per repository, cold and warm, and the share answered 304.
4. Hugo builds the same medium, large, repository and gallery pages from the same snapshot data;
   the ratio of our offline build time to Hugo's, measured in the same run.

Usage: Benchmarks/run.sh [--quick]   (see --help for the sizes)
"""

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def start_server(latency):
    process = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "synthetic_server.py"), "--latency", str(latency)],
        stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("PORT "), line
    return process, f"http://127.0.0.1:{int(line.split()[1])}"


def stats(base, reset=False):
    if reset:
        urllib.request.urlopen(urllib.request.Request(base + "/_reset", method="POST")).read()
        return None
    return json.loads(urllib.request.urlopen(base + "/_stats").read())


def timed(command, cwd):
    """Wall seconds and peak RSS (MiB) of one run, via GNU time."""
    out = tempfile.NamedTemporaryFile(delete=False)
    out.close()
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name] + command, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    with open(out.name) as f:
        rss_kib = int(f.read().strip().splitlines()[-1])
    os.unlink(out.name)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-3000:]}")
    return wall, rss_kib / 1024


def write_site(folder, count):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write("title: Benchmark\nrepos:\n")
        for k in range(count):
            f.write(f"  - bench-owner-{k // 10}/repo-{k}\n")


def clean(folder, *names):
    for name in names:
        shutil.rmtree(os.path.join(folder, name), ignore_errors=True)


def network_benchmark(binary, count, latency, jobs, runs):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-net-")
    write_site(folder, count)
    server, base = start_server(latency)
    command = [binary, "build", "--api-url", base, "--jobs", str(jobs)]
    try:
        cold, warm = [], []
        for _ in range(runs):
            clean(folder, ".repowatch", "public")
            stats(base, reset=True)
            cold.append(timed(command, folder))
            cold_stats = stats(base)
        for _ in range(runs):
            stats(base, reset=True)
            warm.append(timed(command, folder))
            warm_stats = stats(base)
    finally:
        server.terminate()
        shutil.rmtree(folder, ignore_errors=True)
    requests = cold_stats["api"] + cold_stats["avatars"]
    return {
        "repos": count, "latency": latency, "jobs": jobs,
        "cold": cold, "warm": warm, "cold_stats": cold_stats, "warm_stats": warm_stats,
        "ideal": requests * latency / jobs,
    }


def offline_benchmark(binary, count, runs):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-offline-")
    write_site(folder, count)
    server, base = start_server(0)
    try:
        timed([binary, "build", "--api-url", base, "--jobs", "8"], folder)
    finally:
        server.terminate()
    # The cache is keyed by full URL, so the offline build names the same API; the server is gone.
    results = [timed([binary, "build", "--offline", "--api-url", base], folder) for _ in range(runs)]
    with open(os.path.join(folder, "public", "data", "snapshot.json")) as f:
        snapshot = json.load(f)
    files = sum(len(names) for _, _, names in os.walk(os.path.join(folder, "public")))
    return folder, snapshot, results, files


# --- Hugo: the same pages from the same data ------------------------------------------------

CARD = """<div class="card" data-widget="{{ .size }}" data-repo="{{ .p.config_name }}" data-state="fresh">
<div class="head"><img class="avatar" src="{{ .root }}{{ .p.owner_avatar }}" alt="Avatar of {{ .p.owner }}" width="50" height="50">
<span class="name">{{ .p.name }}</span>{{ if .p.archived }}<span class="pill">Archived</span>{{ end }}</div>
<ul class="stats"><li data-stat="stars" data-value="{{ .p.stars }}" aria-label="{{ lang.FormatNumberCustom 0 .p.stars }} stars">★ {{ lang.FormatNumberCustom 0 .p.stars }}</li>
<li data-stat="forks" data-value="{{ .p.forks }}">{{ lang.FormatNumberCustom 0 .p.forks }}</li>
{{ if .p.has_issues }}<li data-stat="issues" data-value="{{ .p.open_issues }}">{{ lang.FormatNumberCustom 0 .p.open_issues }}</li>{{ end }}</ul>
<div class="days{{ if gt .p.days_since_push 50 }} hot{{ end }}" data-stat="days" data-value="{{ .p.days_since_push }}">{{ .p.days_since_push }}<small>days ago</small></div>
{{ if eq .size "large" }}<h3>Top Contributors</h3><ol class="grid">{{ range .p.contributors }}<li data-login="{{ .login }}" data-contributions="{{ .contributions }}"><img src="{{ $.root }}{{ .avatar }}" alt="Avatar of {{ .login }}" width="44" height="44"><b>{{ .login }}</b> {{ lang.FormatNumberCustom 0 .contributions }}</li>{{ end }}</ol>{{ end }}
</div>"""

BASEOF = """<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><link rel="stylesheet" href="{{ .Scratch.Get "root" }}assets/style.css"></head>
<body><header><a href="{{ .Scratch.Get "root" }}index.html">{{ site.Title }}</a></header>{{ block "main" . }}{{ end }}
<footer>Generated {{ now.Format "2 Jan 2006" }}</footer></body></html>"""

LAYOUTS = {
    "partials/card.html": CARD,
    "_default/baseof.html": BASEOF,
    "index.html": """{{ define "main" }}{{ .Scratch.Set "root" "" }}{{ $pages := where site.RegularPages "Section" "repos" }}
{{ $pager := .Paginate $pages 60 }}<main class="gallery">{{ range $pager.Pages }}<figure>{{ partial "card.html" (dict "p" .Params "size" .Params.size "root" "") }}
<figcaption><a href="{{ .Params.repo_path }}">{{ .Params.config_name }} · {{ .Params.size }}</a></figcaption></figure>{{ end }}</main>
<nav>{{ if $pager.HasPrev }}<a href="{{ $pager.Prev.URL }}">Newer</a>{{ end }} {{ if $pager.HasNext }}<a href="{{ $pager.Next.URL }}">Older</a>{{ end }}</nav>{{ end }}""",
    "repos/medium.html": """{{ define "main" }}{{ .Scratch.Set "root" "../../../" }}{{ partial "card.html" (dict "p" .Params "size" "medium" "root" "../../../") }}{{ end }}""",
    "repos/large.html": """{{ define "main" }}{{ .Scratch.Set "root" "../../../" }}{{ partial "card.html" (dict "p" .Params "size" "large" "root" "../../../") }}{{ end }}""",
    "repos/page.html": """{{ define "main" }}{{ .Scratch.Set "root" "../../../" }}<h1>{{ .Params.config_name }}</h1><p>{{ .Params.description }}</p>
{{ partial "card.html" (dict "p" .Params "size" "medium" "root" "../../../") }}{{ partial "card.html" (dict "p" .Params "size" "large" "root" "../../../") }}
<pre><code>{{ printf "<iframe src=%q width=329 height=155></iframe>" "medium.html" }}</code></pre>{{ end }}""",
}


def hugo_site(snapshot, folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    with open(os.path.join(folder, "config.toml"), "w") as f:
        f.write('title = "Benchmark"\nbaseURL = "https://example.org/"\nrelativeURLs = true\nuglyURLs = false\n'
                'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]\n'
                'paginate = 60\n')
    for name, text in LAYOUTS.items():
        path = os.path.join(folder, "layouts", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    content = os.path.join(folder, "content", "repos")
    for repo in snapshot["repos"]:
        owner, name = repo["config_name"].lower().split("/")
        params = dict(repo, owner=owner, name=name, repo_path=f"repos/{owner}/{name}/")
        base = os.path.join(content, owner, name)
        os.makedirs(base, exist_ok=True)
        for layout, url in (("medium", "medium.html"), ("large", "large.html"), ("page", "index.html")):
            front = dict(params, title=repo["config_name"], layout=layout, size=layout if layout != "page" else "medium",
                         url=f"/repos/{owner}/{name}/{url}")
            if layout == "page":
                front["_build"] = {"list": "never"}
            with open(os.path.join(base, f"{layout}.md"), "w") as f:
                json.dump(front, f)
                f.write("\n")


def hugo_benchmark(snapshot, runs):
    folder = tempfile.mkdtemp(prefix="repowatch-bench-hugo-")
    hugo_site(snapshot, folder)
    results = [timed(["hugo", "--quiet", "--destination", "public", "--cleanDestinationDir"], folder)
               for _ in range(runs)]
    files = sum(len(names) for _, _, names in os.walk(os.path.join(folder, "public")))
    version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    shutil.rmtree(folder, ignore_errors=True)
    return results, files, version


# --- report ------------------------------------------------------------------------------------

def median(runs, index):
    return statistics.median(run[index] for run in runs)


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


def report(args, net, offline, hugo, hugo_files, hugo_version, our_files):
    ours_wall, ours_rss = median(offline, 0), median(offline, 1)
    hugo_wall, hugo_rss = median(hugo, 0), median(hugo, 1)
    ratio = ours_wall / hugo_wall
    cold_wall, warm_wall = median(net["cold"], 0), median(net["warm"], 0)
    cs, ws = net["cold_stats"], net["warm_stats"]
    per_repo_cold = cs["api"] / net["repos"]
    per_repo_warm = ws["api"] / net["repos"]
    share_304 = ws["api_304"] / ws["api"] if ws["api"] else 0
    bound = 1.25 * net["ideal"]

    def mark(ok):
        return "met" if ok else "**missed**"

    rows = [
        ("offline build, {:,} repositories: ours ÷ Hugo".format(args.offline_repos), "< 1.0 (aim 0.5)",
         f"{ratio:.2f}", mark(ratio < 1.0)),
        ("peak memory of that build", "≤ 150 MiB", f"{ours_rss:.0f} MiB", mark(ours_rss <= 150)),
        ("cold build, {} repositories, {:.0f} ms latency".format(net["repos"], net["latency"] * 1000),
         f"≤ 1.25 × {net['ideal']:.2f} s = {bound:.2f} s", f"{cold_wall:.2f} s", mark(cold_wall <= bound)),
        ("API requests per repository, cold", "≤ 2", f"{per_repo_cold:.2f}", mark(per_repo_cold <= 2)),
        ("warm: API requests conditional and answered 304", "100 %", f"{share_304 * 100:.1f} % of {ws['api']}",
         mark(share_304 == 1.0)),
    ]
    lines = [
        "# Benchmarks",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `Benchmarks/run.sh"
        + (" --quick" if args.quick else "") + "`, on loopback only.",
        "",
        f"Machine: {machine()}; {hugo_version}.",
        "",
        "## Targets",
        "",
        "| target | goal | measured | |",
        "|---|---|---|---|",
    ] + [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows] + [
        "",
        f"## Offline build ({args.offline_repos:,} repositories, medians of {args.runs} runs)",
        "",
        "| | wall time | peak RSS | files written |",
        "|---|---|---|---|",
        f"| repowatch-site build --offline | {ours_wall:.2f} s | {ours_rss:.0f} MiB | {our_files:,} |",
        f"| hugo (same pages, same data) | {hugo_wall:.2f} s | {hugo_rss:.0f} MiB | {hugo_files:,} |",
        "",
        "Runs (s, MiB): ours " + ", ".join(f"{w:.2f}/{m:.0f}" for w, m in offline)
        + "; Hugo " + ", ".join(f"{w:.2f}/{m:.0f}" for w, m in hugo) + ".",
        "",
        "Hugo renders, per repository, a medium page, a large page and a repository page with both widgets,",
        "plus a gallery paginated by 60 — the same pages `repowatch-site` writes — from front matter",
        "generated from our `snapshot.json`, with equivalent layouts (Benchmarks/benchmark.py).",
        "Ours writes more files than Hugo for the same pages: each repository also gets its four",
        "self-contained SVG widgets (medium and large, light and dark), plus avatars and data files.",
        "",
        f"## Network ({net['repos']} repositories, {net['latency'] * 1000:.0f} ms per request, --jobs {net['jobs']})",
        "",
        "| | wall time (median) | peak RSS | API requests | answered 304 | avatar requests |",
        "|---|---|---|---|---|---|",
        f"| cold | {cold_wall:.2f} s | {median(net['cold'], 1):.0f} MiB | {cs['api']} ({per_repo_cold:.2f}/repo) "
        f"| {cs['api_304']} | {cs['avatars']} |",
        f"| warm | {warm_wall:.2f} s | {median(net['warm'], 1):.0f} MiB | {ws['api']} ({per_repo_warm:.2f}/repo) "
        f"| {ws['api_304']} | {ws['avatars']} |",
        "",
        f"Ideal cold time: all {cs['api'] + cs['avatars']} requests × {net['latency'] * 1000:.0f} ms ÷ "
        f"{net['jobs']} jobs = {net['ideal']:.2f} s.",
        "",
    ]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "repowatch-site"))
    ap.add_argument("--offline-repos", type=int, default=10_000)
    ap.add_argument("--cold-repos", type=int, default=500)
    ap.add_argument("--latency", type=float, default=0.05)
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="small sizes, to check the harness")
    ap.add_argument("--output", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    args = ap.parse_args()
    if args.quick:
        args.offline_repos, args.cold_repos, args.runs = 500, 50, 2
    binary = os.path.abspath(args.binary)

    print(f"network: {args.cold_repos} repositories, {args.latency * 1000:.0f} ms latency…", flush=True)
    net = network_benchmark(binary, args.cold_repos, args.latency, args.jobs, args.runs)
    print(f"offline: {args.offline_repos} repositories…", flush=True)
    folder, snapshot, offline, our_files = offline_benchmark(binary, args.offline_repos, args.runs)
    shutil.rmtree(folder, ignore_errors=True)
    print("hugo: the same pages…", flush=True)
    hugo, hugo_files, hugo_version = hugo_benchmark(snapshot, args.runs)
    text = report(args, net, offline, hugo, hugo_files, hugo_version, our_files)
    if args.quick and args.output.endswith("docs/benchmarks.md"):
        args.output = os.path.join(tempfile.gettempdir(), "benchmarks-quick.md")
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w") as f:
        f.write(text)
    print(text)
    print(f"written to {args.output}")


if __name__ == "__main__":
    main()
