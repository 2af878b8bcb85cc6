#!/usr/bin/env python3
"""Opens every entry of a repository page's embed chooser in headless Chromium, light and dark, and checks
the page with axe-core. Run by the Swift suite BrowserEmbedsTests:

    check_embeds.py --report FILE --page repos/OWNER/NAME/index.html SITE [SITE ...]

Reports, for each site and scheme: the chooser's entries (`data-embed`) in order, how many embed
sections the page has, the ids of the snippets inside the chooser, whether each snippet's text is in the
page with no script run, and axe's violations with every entry open. The pages are served over HTTP from
127.0.0.1.
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

# The owner cards' check serves a site and runs axe the same way; its folder is on the path.
from check_owner_cards import Quiet, axe_violations

OPEN_JS = r"""
const sections = [...document.querySelectorAll('section.embeds')];
const entries = [...document.querySelectorAll('details.embed-choice')];
entries.forEach(d => { d.open = true; });
const inside = entries.filter(d => d.closest('section.embeds') === sections[0]).map(d => d.dataset.embed);
const codes = sections.length ? [...sections[0].querySelectorAll('pre code[id]')] : [];
return {
  sections: sections.length,
  entries: entries.map(d => d.dataset.embed),
  inside,
  snippets: codes.map(c => c.id),
  empty: codes.filter(c => !c.textContent.trim()).map(c => c.id),
  copies: [...document.querySelectorAll('button.copy[data-copy]')].map(b => b.dataset.copy),
};
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--page", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1", "--window-size=1280,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    report = {"views": []}
    try:
        driver.set_script_timeout(30)
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            try:
                for scheme in ("light", "dark"):
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    # Scripts off first: every snippet is there to read without one.
                    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
                    driver.get(f"http://127.0.0.1:{server.server_address[1]}/{args.page}")
                    source = driver.page_source
                    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
                    measured = driver.execute_script(OPEN_JS)
                    measured["withoutScript"] = all(f'id="{s}"' in source for s in measured["snippets"])
                    report["views"].append({"site": site.name, "scheme": scheme, **measured,
                                            "violations": axe_violations(driver)})
            finally:
                server.shutdown()
    finally:
        driver.quit()
    pathlib.Path(args.report).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
