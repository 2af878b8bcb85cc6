#!/usr/bin/env python3
"""search: benchmark — Pagefind over a gallery of N repositories (default 10,000), on loopback only.

A sample site (`build --sample`, no network) of N repositories under 50 owners with `search: true`.
Measured, in one run:

- build time with search and without (the same site.yml but for `search:`), alternating, each into a
  fresh output folder (the previous one moved aside): the difference is what search costs a build;
- indexing time: Pagefind alone over the built site, exactly as the build runs it (repository
  pages only), into a scratch folder;
- the index: bytes and files under public/pagefind/, split into the index proper (what queries
  fetch: pagefind-entry.json, *.pf_meta, index/, fragment/, filter/) and the code (pagefind.js,
  its worker and WebAssembly, and the UI bundles the site ships but the search page does not load);
- time to first result in headless Chromium, the site served over HTTP from 127.0.0.1: a cold load of
  search/index.html?q=TERM (the browser's cache emptied first) until the first results are on screen (the page's
  `repowatch-search-results` performance mark, from navigation start), and the bytes the server sent
  from pagefind/ meanwhile (uncompressed, as Python's http.server serves them); then, on the loaded page, a second query typed and submitted until its results show.
  Once on loopback, once with Chromium's network emulation at 40 ms latency and 10 Mbit/s.

Usage: swift build -c release --product repowatch-site
       python3 Benchmarks/search_benchmark.py [--repos 10000] [--runs 3] [--binary PATH]
Prints a Markdown section for docs/benchmarks.md ("Search (Pagefind)").
"""

import argparse
import functools
import http.server
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Cold queries: a name on the last gallery page, a common topic word, a name by its number, a topic.
QUERIES = ["needle", "swift", "project {middle}", "machine-learning"]
OWNERS = 50


def site_yml(repos, search):
    lines = ["title: Search benchmark", f"search: {'true' if search else 'false'}", "repos:"]
    for i in range(repos - 1):
        lines.append(f"  - owner{i % OWNERS:02d}/project-{i:05d}")
    lines.append("  - owner49/needle-in-the-haystack")
    return "\n".join(lines) + "\n"


def pagefind_executable():
    found = shutil.which("pagefind")
    if found:
        return found
    return subprocess.check_output(
        [sys.executable, "-c", "import pagefind_bin; print(pagefind_bin.get_executable())"], text=True).strip()


def build(binary, folder, search, trash):
    with open(os.path.join(folder, "site.yml"), "w") as f:
        f.write(site_yml(ARGS.repos, search))
    for name in ("public", ".public.recycled"):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            os.rename(path, os.path.join(trash, f"{name}-{time.monotonic_ns()}"))
    env = dict(os.environ, REPOWATCH_NOW="2026-11-22T12:00:00Z")
    started = time.monotonic()
    run = subprocess.run([binary, "build", "--sample"], cwd=folder, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if run.returncode != 0 or (search and "without search" in run.stderr):
        sys.exit(f"build failed:\n{run.stderr}")
    return elapsed


def index_time(site, scratch):
    out = os.path.join(scratch, f"pagefind-{time.monotonic_ns()}")
    started = time.monotonic()
    subprocess.run([pagefind_executable(), "--site", site, "--output-path", out, "--glob", "repos/**/index.html",
                    "--quiet"], check=True)
    elapsed = time.monotonic() - started
    shutil.rmtree(out)
    return elapsed


def index_size(site):
    bundle = os.path.join(site, "pagefind")
    index, code = [0, 0], [0, 0]
    for folder, _, files in os.walk(bundle):
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), bundle)
            size = os.path.getsize(os.path.join(folder, name))
            proper = relative.split("/")[0] in ("index", "fragment", "filter") or name == "pagefind-entry.json" \
                or name.endswith(".pf_meta")
            bucket = index if proper else code
            bucket[0] += size
            bucket[1] += 1
    return index, code


class Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the bytes of what it serves from pagefind/: Pagefind's worker fetches
    the WebAssembly and the index, and a worker's fetches are not in the page's resource timings."""

    served = 0

    def log_message(self, *args):
        pass

    def copyfile(self, source, destination):
        if "/pagefind/" in self.path:
            Counting.served += os.fstat(source.fileno()).st_size
        super().copyfile(source, destination)


TIMED_QUERY_JS = r"""
const [term, done] = [arguments[0], arguments[arguments.length - 1]];
const list = document.querySelector('[data-search-results]');
const form = document.querySelector('[data-search-form]');
form.elements.q.value = term;
const started = performance.now();
form.requestSubmit();
(function wait() {
  if (list.dataset.state === 'done' && list.querySelector('[data-result]')) done(performance.now() - started);
  else requestAnimationFrame(wait);
})();
"""

FIRST_RESULT_JS = r"""
const done = arguments[arguments.length - 1];
(function wait() {
  const list = document.querySelector('[data-search-results]');
  const mark = performance.getEntriesByName('repowatch-search-results')[0];
  if (list.dataset.state === 'done' && (mark || document.querySelector('[data-search-status]').textContent)) {
    done([mark ? mark.startTime : 0, list.querySelectorAll('[data-result]').length]);
  } else setTimeout(wait, 5);
})();
"""


def browser_timings(site, emulate):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    first, warm, fetched = [], [], []
    try:
        driver.set_script_timeout(120)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        if emulate:
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
                "uploadThroughput": 5_000_000 / 8})
        for _ in range(ARGS.runs):
            for term in (q.format(middle=f"{ARGS.repos // 2:05d}") for q in QUERIES):
                # The page's "cache disabled" does not reach Pagefind's worker: empty the cache itself.
                driver.execute_cdp_cmd("Network.clearBrowserCache", {})
                Counting.served = 0
                driver.get(base + "search/index.html?q=" + term.replace(" ", "+"))
                ms, count = driver.execute_async_script(FIRST_RESULT_JS)
                if count == 0:
                    sys.exit(f"no result for {term!r}")
                first.append(ms)
                fetched.append(Counting.served)
                warm.append(driver.execute_async_script(TIMED_QUERY_JS, "owner07 project"))
    finally:
        driver.quit()
        server.shutdown()
    return statistics.median(first), max(first), statistics.median(warm), statistics.median(fetched)


def mib(size):
    return f"{size / 1048576:.1f} MiB"


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--repos", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/repowatch-site"))
    ARGS = parser.parse_args()
    ARGS.binary = os.path.abspath(ARGS.binary)

    work = tempfile.mkdtemp(prefix="search-benchmark-")
    trash = os.path.join(work, "trash")
    os.makedirs(trash)
    folder = os.path.join(work, "site")
    os.makedirs(folder)
    load_before = os.getloadavg()
    try:
        with_search, without = [], []
        for _ in range(ARGS.runs):
            without.append(build(ARGS.binary, folder, False, trash))
            with_search.append(build(ARGS.binary, folder, True, trash))
        site = os.path.join(folder, "public")
        indexing = [index_time(site, work) for _ in range(ARGS.runs)]
        (index_bytes, index_files), (code_bytes, code_files) = index_size(site)
        loopback = browser_timings(site, emulate=False)
        emulated = browser_timings(site, emulate=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_after = os.getloadavg()

    version = subprocess.check_output([pagefind_executable(), "--version"], text=True).strip()
    n = f"{ARGS.repos:,}"
    print(f"## Search (Pagefind), {n} repositories\n")
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `Benchmarks/search_benchmark.py "
          f"--repos {ARGS.repos} --runs {ARGS.runs}` ({version}, Chromium headless, loopback); medians of "
          f"{ARGS.runs} runs (builds: with and without search alternating, each into a fresh output folder). "
          f"{os.cpu_count()} cores, {platform.system()} {platform.release()}. Load average "
          f"{' '.join(f'{x:.2f}' for x in load_before)} at the start, "
          f"{' '.join(f'{x:.2f}' for x in load_after)} at the end.\n")
    print("| measure | value |\n|---|---|")
    print(f"| build, `search: false` (wall) | {statistics.median(without):.1f} s |")
    print(f"| build, `search: true` (wall) | {statistics.median(with_search):.1f} s |")
    print(f"| indexing: Pagefind alone over the {n} repository pages (wall) | {statistics.median(indexing):.1f} s |")
    print(f"| index proper: entry, meta, word index, fragments, filters | {mib(index_bytes)} in {index_files:,} files |")
    print(f"| code shipped in pagefind/ (pagefind.js, worker, WebAssembly, UI bundles) | {mib(code_bytes)} in {code_files} files |")
    for label, (first, worst, warm, fetched) in (("loopback", loopback), ("40 ms, 10 Mbit/s", emulated)):
        print(f"| time to first result, cold page load, {label} (median / worst of {ARGS.runs * len(QUERIES)}) | "
              f"{first:.0f} ms / {worst:.0f} ms |")
        print(f"| bytes fetched from pagefind/ for it, {label} | {fetched / 1024:.0f} KiB |")
        print(f"| next query on the loaded page, submit to results, {label} | {warm:.0f} ms |")
    queries = ", ".join(repr(q.format(middle=f"{ARGS.repos // 2:05d}")) for q in QUERIES)
    print(f"\nQueries: {queries} (cold), then 'owner07 project' on the loaded page.")


if __name__ == "__main__":
    main()
