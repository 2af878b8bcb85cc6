#!/usr/bin/env python3
"""A page of `repowatch-site serve` in headless Chromium, under the policy serve sends as a header
and the page carries in its <meta>: does the live-reload script (a file of its own) run, connect its
WebSocket and show a failed rebuild's error, without one Content-Security-Policy violation?

Run by the Swift suite BrowserServeTests:

    check_serve.py --url http://127.0.0.1:PORT/ --site-yml DIR/site.yml --report FILE

It waits for states, never for a fixed time: the page marking its socket connected, then (after it
writes a broken site.yml) the error overlay appearing.
"""

import argparse
import pathlib
import sys

from selenium.webdriver.support.ui import WebDriverWait

import browser_kit as kit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--site-yml", required=True)
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    args = parser.parse_args()

    with kit.chromium(args, console=True) as driver, kit.report_kept(args.report, {}) as report:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": kit.CSP_LISTENER_JS})
        driver.get(args.url)
        wait = WebDriverWait(driver, 60, poll_frequency=0.1)
        wait.until(kit.live_reload_connected)
        report["connected"] = True
        report["csp_loaded"] = driver.execute_script("return window.__cspViolations")

        pathlib.Path(args.site_yml).write_text("title: Broken\nrepos: []\n", encoding="utf-8")
        wait.until(lambda d: d.execute_script("return !!document.getElementById('repowatch-error-overlay')"))
        report["overlay"] = driver.execute_script(
            "const o = document.getElementById('repowatch-error-overlay');"
            "return {position: getComputedStyle(o).position, role: o.getAttribute('role'), text: o.textContent};")
        report["csp_error"] = driver.execute_script("return window.__cspViolations")
        report["console"] = kit.console_errors(driver)
    return 0


if __name__ == "__main__":
    sys.exit(main())
