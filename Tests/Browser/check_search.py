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
import contextlib
import pathlib
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser_kit as kit

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", help="serve this folder with Python's http.server")
    parser.add_argument("--url", help="or search the site a server already serves here (repowatch-site serve)")
    parser.add_argument("--report", required=True)
    parser.add_argument("--query", required=True)
    parser.add_argument("--owner", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    if bool(args.site) == bool(args.url):
        parser.error("give --site or --url")
    with kit.served(pathlib.Path(args.site).resolve()) if args.site else contextlib.nullcontext(args.url) as base:
        report = search(args, base)
    kit.write_report(args.report, report)
    return 0


def search(args, base):
    """The three searches on the site at `base`, then axe and the console; the page from file:// too."""
    report = {"base": base}
    with kit.chromium(args, console=True, script_timeout=60) as driver:
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
        for scheme in kit.COLOUR_SCHEMES:
            kit.set_colour_scheme(driver, scheme)
            report["axe"] += [f"{scheme}: {v}" for v in kit.axe_violations(driver)]
        report["console"] = kit.console_errors(driver)
        if args.site:
            driver.get((pathlib.Path(args.site).resolve() / "search/index.html").as_uri())
            report["file"] = driver.execute_script(
                "const n = document.querySelector('[data-search-file]');"
                "const f = document.querySelector('[data-search-form]');"
                "return {notice: !!n && !n.hidden && n.getBoundingClientRect().height > 0,"
                " text: n ? n.textContent : '', command: n ? [...n.querySelectorAll('code')].map(c => c.textContent) : [],"
                " formHidden: !!f && f.getBoundingClientRect().height === 0};")
    return report


if __name__ == "__main__":
    sys.exit(main())
