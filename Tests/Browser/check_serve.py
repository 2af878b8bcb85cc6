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
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from check_widgets import CSP_LISTENER_JS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--site-yml", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    report = {}
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_LISTENER_JS})
        driver.get(args.url)
        wait = WebDriverWait(driver, 60, poll_frequency=0.1)
        wait.until(lambda d: d.execute_script(
            "return document.documentElement.getAttribute('data-repowatch-live-reload')") == "connected")
        report["connected"] = True
        report["csp_loaded"] = driver.execute_script("return window.__cspViolations")

        pathlib.Path(args.site_yml).write_text("title: Broken\nrepos: []\n", encoding="utf-8")
        wait.until(lambda d: d.execute_script("return !!document.getElementById('repowatch-error-overlay')"))
        report["overlay"] = driver.execute_script(
            "const o = document.getElementById('repowatch-error-overlay');"
            "return {position: getComputedStyle(o).position, role: o.getAttribute('role'), text: o.textContent};")
        report["csp_error"] = driver.execute_script("return window.__cspViolations")
        report["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    finally:
        driver.quit()
        pathlib.Path(args.report).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
