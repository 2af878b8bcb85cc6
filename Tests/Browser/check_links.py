#!/usr/bin/env python3
"""Clicks through a built site in headless Chromium the way a newcomer does.

From disk: opens file://…/public/index.html and clicks gallery → repository page → its widget page →
back → the gallery → the double widget's page → a repository → the insights page → a repository
there → the search page (whose message says search needs a server) → the gallery. Every page reached
must be the page itself, not a folder listing (what Chromium shows for a folder on file://).

From a 404: opens each --not-found URL (a missing page three folders deep on a server that answers
misses with 404.html, as GitHub Pages and `serve` do) and clicks its way back; it must land on the
gallery at the --not-found pair's second URL.

Run by the Swift suite BrowserLinksTests:

    check_links.py --gallery FILE_URL --not-found URL=GALLERY_URL … --report FILE

It waits for states (the next document loaded), never for a fixed time; the waits' limits only end
a session that would otherwise hang.
"""

import argparse
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_kit as kit

# What the document is: one of the site's pages (by its hooks) or something else.
KIND_JS = """
if (document.querySelector('.crumb') && document.querySelector('[data-widget="double"]')) return 'double';
if (document.querySelector('.repo-head')) return 'repository';
if (document.querySelector('[data-insight]')) return 'insights';
if (document.querySelector('[data-search-form]')) return 'search';
if (document.querySelector('.tile__link')) return 'gallery';
if (document.querySelector('[data-widget]') && !document.querySelector('.site-head')) return 'widget';
if (document.querySelector('p.code')) return 'not-found';
return 'other: ' + document.title + ' ' + (document.body ? document.body.innerText.slice(0, 80) : '');
"""


def from_disk(args, driver, wait, report, click, back, arrived):
    """The gallery opened as a file, and every kind of page reached from it by clicking."""
    driver.get(args.gallery)
    arrived("open", "gallery")
    click('a.tile__link[href^="repos/"]', "repository")
    click('a[href="medium.html"]', "widget")
    back("repository")
    click(".crumb a", "gallery")
    click('a.tile__link[href^="widgets/"]', "double")
    click('a[href^="../../repos/"]', "repository")
    click("a.brand", "gallery")
    click("a[data-insights-link]", "insights")
    click('[data-insight] a[href^="../repos/"]', "repository")
    click("a.site-head__search", "search")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-search-file]").is_displayed())
    report["search_message"] = driver.find_element(By.CSS_SELECTOR, "[data-search-file]").text
    click(".crumb a", "gallery")
    report["from_disk"] = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gallery", help="file:// URL of public/index.html")
    parser.add_argument("--not-found", action="append", default=[], help="MISSING_URL=GALLERY_URL")
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    args = parser.parse_args()

    with (kit.chromium(args, kit.NO_BACK_FORWARD_CACHE) as driver,
          kit.report_kept(args.report, {"steps": [], "problems": [], "not_found": []}) as report):
        click_through(args, driver, report)
    return 0


def click_through(args, driver, report):
    """From disk (with --gallery), then from each --not-found page; the first problem ends it."""
    driver.set_page_load_timeout(120)
    wait = WebDriverWait(driver, 120, poll_frequency=0.1)

    def arrived(how, expected_kind):
        wait.until(kit.next_page_loaded)
        kind = driver.execute_script(KIND_JS)
        report["steps"].append({"how": how, "url": driver.current_url, "kind": kind})
        if kind != expected_kind:
            report["problems"].append(f"{how}: expected the {expected_kind} page, got {kind} at {driver.current_url}")
            raise RuntimeError(report["problems"][-1])

    def click(selector, expected_kind):
        links = [link for link in driver.find_elements(By.CSS_SELECTOR, selector) if link.is_displayed()]
        if not links:
            report["problems"].append(f"no visible link {selector} on {driver.current_url}")
            raise RuntimeError(report["problems"][-1])
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", links[0])
        kit.mark_leaving(driver)
        links[0].click()
        arrived(f"click {selector}", expected_kind)

    def back(expected_kind):
        kit.mark_leaving(driver)
        driver.back()
        arrived("back", expected_kind)

    try:
        if args.gallery:
            from_disk(args, driver, wait, report, click, back, arrived)

        for pair in args.not_found:
            missing, gallery = pair.split("=", 1)
            driver.get(missing)
            arrived(f"open {missing}", "not-found")
            click("main a", "gallery")
            report["not_found"].append({"from": missing, "landed": driver.current_url, "expected": gallery})
            if driver.current_url != gallery:
                report["problems"].append(f"from {missing}: landed on {driver.current_url}, not {gallery}")
    except Exception as error:  # noqa: BLE001 - the report says what went wrong
        if not report["problems"]:
            report["problems"].append(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    sys.exit(main())
