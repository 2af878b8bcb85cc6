#!/usr/bin/env python3
"""Drives the search page of a built site (search: true) in headless Chromium and reports, as JSON,
what each search showed. Run by the Swift suite BrowserSearchTests:

    check_search.py --site DIR --report FILE --query TEXT --owner OWNER
    check_search.py --url http://127.0.0.1:PORT/ ...   (a site `repowatch-site serve` serves)

Pagefind fetches its index, so the site is served over HTTP from 127.0.0.1 (file:// cannot work).
Three searches, each waited for by the page's own signal (the results list's data-state turns
"done"), never by a fixed sleep:

  query   the search page opened with ?q=TEXT, as the header link's users and shared links do;
  owner   the query cleared, the owner filter set to OWNER;
  stars   then sorted by stars.

Each reports the results shown (data-repo, data-stars, link), the status line and the total the
status names; plus console errors and every axe-core violation on the page, with the system set to
light and to dark. With --site it also opens the page from file://, where no module script loads,
and reports whether the page says so (the notice `assets/search-file.js` shows) instead of a form that
cannot work.
"""

import argparse
import functools
import http.server
import json
import pathlib
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SHOWN_JS = r"""
const list = document.querySelector('[data-search-results]');
const more = document.querySelector('[data-search-more]');
return {
  state: list.dataset.state || '',
  status: document.querySelector('[data-search-status]').textContent,
  more: !more.hidden,
  results: [...list.querySelectorAll('[data-result]')].map(li => ({
    repo: li.dataset.repo || '',
    stars: li.dataset.stars === undefined ? null : Number(li.dataset.stars),
    href: li.querySelector('a') ? li.querySelector('a').href : '',
    title: li.querySelector('a') ? li.querySelector('a').textContent : '',
  })),
  address: location.search,
};
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def settled(driver, timeout):
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("const l = document.querySelector('[data-search-results]'); return l && l.dataset.state === 'done';"))
    return driver.execute_script(SHOWN_JS)


def show_all(driver, timeout):
    """Presses "Show more" until every result is listed."""
    shown = settled(driver, timeout)
    while shown["more"]:
        driver.find_element(By.CSS_SELECTOR, "[data-search-more]").click()
        shown = settled(driver, timeout)
    return shown


def axe_violations(driver):
    from axe_selenium_python.axe import _DEFAULT_SCRIPT

    driver.execute_script(pathlib.Path(_DEFAULT_SCRIPT).read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in result]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", help="serve this folder with Python's http.server")
    parser.add_argument("--url", help="or search the site a server already serves here (repowatch-site serve)")
    parser.add_argument("--report", required=True)
    parser.add_argument("--query", required=True)
    parser.add_argument("--owner", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    if bool(args.site) == bool(args.url):
        parser.error("give --site or --url")
    server = serve(str(pathlib.Path(args.site).resolve())) if args.site else None
    base = f"http://127.0.0.1:{server.server_address[1]}/" if server else args.url
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    report = {"base": base}
    try:
        driver.set_script_timeout(60)
        driver.get(base + "search/index.html?q=" + args.query.replace(" ", "+"))
        report["query"] = show_all(driver, args.timeout)

        field = driver.find_element(By.ID, "search-q")
        field.clear()
        Select(driver.find_element(By.NAME, "owner")).select_by_value(args.owner)
        report["owner"] = show_all(driver, args.timeout)

        Select(driver.find_element(By.NAME, "sort")).select_by_value("stars")
        report["stars"] = show_all(driver, args.timeout)
        report["owners"] = driver.execute_script(
            "return [...document.querySelectorAll('select[name=owner] option')].map(o => o.value).filter(Boolean);")
        report["axe"] = []
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            report["axe"] += [f"{scheme}: {v}" for v in axe_violations(driver)]
        report["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        if args.site:
            driver.get((pathlib.Path(args.site).resolve() / "search/index.html").as_uri())
            report["file"] = driver.execute_script(
                "const n = document.querySelector('[data-search-file]');"
                "const f = document.querySelector('[data-search-form]');"
                "return {notice: !!n && !n.hidden && n.getBoundingClientRect().height > 0,"
                " text: n ? n.textContent : '', command: n ? [...n.querySelectorAll('code')].map(c => c.textContent) : [],"
                " formHidden: !!f && f.getBoundingClientRect().height === 0};")
    finally:
        driver.quit()
        if server:
            server.shutdown()
    pathlib.Path(args.report).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
