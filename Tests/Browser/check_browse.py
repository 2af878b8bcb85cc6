#!/usr/bin/env python3
"""A browsing session through `repowatch-site serve` in headless Chromium: at least twenty page
loads by clicking links (gallery, repository pages, a widget page, the double widget, search) and
going back and forward, under one serve process. Every page must load completely: its navigation
answered 200, no resource failed (a 408, a reset, a 404), nothing logged as an error; then live
reload must still fire after the last one.

Run by the Swift suite BrowserServeTests:

    check_browse.py --url http://127.0.0.1:PORT/ --site-yml DIR/site.yml --report FILE

It waits for states (the page loaded, its live-reload socket connected, the reload), never for a
fixed time; the waits' limits only end a session that would otherwise hang.
"""

import argparse
import pathlib
import sys
from urllib.parse import urljoin

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser_kit as kit

# Every resource the page asked for, with the status it got (0: no answer at all).
RESOURCES_JS = """
const entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
return entries.map(e => ({name: e.name, status: e.responseStatus === undefined ? -1 : e.responseStatus,
                          type: e.initiatorType || e.entryType}));
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--site-yml", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--pages", type=int, default=24)
    kit.add_browser_arguments(parser)
    args = parser.parse_args()

    with (kit.chromium(args, kit.NO_BACK_FORWARD_CACHE, console=True) as driver,
          kit.report_kept(args.report, {"pages": [], "problems": []}) as report):
        browse(args, driver, report)
    return 0


def browse(args, driver, report):
    """The session: the tour of clicks, back and forward until --pages pages, then the live reload."""
    driver.set_page_load_timeout(300)
    wait = WebDriverWait(driver, 300, poll_frequency=0.1)

    history = []
    position = -1

    def settled(how, expected):
        """The next document is there (not the one before it), has loaded, and its live-reload socket is
        open; what it loaded is recorded."""
        wait.until(lambda d: d.current_url == expected and kit.next_page_loaded(d))
        wait.until(kit.live_reload_connected)
        resources = driver.execute_script(RESOURCES_JS)
        for entry in resources:
            if entry["status"] not in (200, -1):
                report["problems"].append(
                    f"{how} {expected}: {entry['type']} {entry['name']} answered {entry['status']}")
        for message in kit.console_errors(driver):
            report["problems"].append(f"{how} {expected}: console: {message}")
        report["pages"].append({"how": how, "url": expected, "resources": len(resources)})

    def click(selector):
        nonlocal position
        links = driver.find_elements(By.CSS_SELECTOR, selector)
        if not links:
            report["problems"].append(f"no link {selector} on {driver.current_url}")
            raise RuntimeError(report["problems"][-1])
        target = urljoin(driver.current_url, links[0].get_attribute("href"))
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", links[0])
        kit.mark_leaving(driver)
        links[0].click()
        del history[position + 1:]
        history.append(target)
        position += 1
        settled(f"click {selector}", target)

    def back():
        nonlocal position
        kit.mark_leaving(driver)
        driver.back()
        position -= 1
        settled("back", history[position])

    def forward():
        nonlocal position
        kit.mark_leaving(driver)
        driver.forward()
        position += 1
        settled("forward", history[position])

    driver.get(args.url)
    history.append(driver.current_url)
    position = 0
    settled("open", args.url)
    tour = [
        lambda: click('a[href^="repos/"]'),
        lambda: click('a[href="medium.html"]'),
        back,
        lambda: click("a.brand"),
        lambda: click('a[href^="widgets/"]'),
        lambda: click('a[href^="../../repos/"]'),
        back,
        lambda: click("a.site-head__search"),
        back,
        back,
        forward,
        lambda: click("a.brand"),
    ]
    while len(report["pages"]) < args.pages:
        for step in tour:
            step()
    report["after_pages"] = len(report["pages"])

    # Live reload after the last page: the open page reloads itself with the new title.
    driver.execute_script("window.__beforeReload = true")
    text = pathlib.Path(args.site_yml).read_text(encoding="utf-8")
    pathlib.Path(args.site_yml).write_text(text.replace("Serve Test", "Reloaded Title"), encoding="utf-8")
    wait.until(lambda d: d.execute_script(
        "return window.__beforeReload === undefined && document.readyState === 'complete'"
        " && document.body.textContent.includes('Reloaded Title')"))
    report["reloaded"] = True


if __name__ == "__main__":
    sys.exit(main())
