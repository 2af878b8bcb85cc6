#!/usr/bin/env python3
"""Renders the owner cards of built sites (owners/*/stats.svg, languages.svg, light and dark) in headless
Chromium and checks each owner page with axe-core. Run by the Swift suite BrowserOwnerCardsTests:

    check_owner_cards.py --report FILE SITE [SITE ...]

Inline (the SVG's markup in an HTML page) every <text>'s bounding box must stay inside the card's
viewBox with 16 px to spare on either side, and no two texts may overlap. As an image the card must
decode at its own size. The owner pages are served over HTTP from 127.0.0.1 and every axe-core
violation is reported, with the system set to light and to dark.
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

INLINE_JS = r"""
document.body.innerHTML = arguments[0];
const svg = document.querySelector('svg');
const width = svg.viewBox.baseVal.width, height = svg.viewBox.baseVal.height;
const origin = svg.getBoundingClientRect();
const tolerance = 0.5, pad = 16;
const rect = el => { const r = el.getBoundingClientRect();
  return { l: r.left - origin.left, t: r.top - origin.top, r: r.right - origin.left, b: r.bottom - origin.top }; };
const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
const boxes = texts.map(rect);
const problems = [];
const name = t => `"${t.textContent.slice(0, 30)}"`;
texts.forEach((t, i) => {
  const b = boxes[i];
  if (b.l < pad - tolerance || b.r > width - pad + tolerance || b.t < -tolerance || b.b > height + tolerance)
    problems.push(`${name(t)} leaves the card: [${b.l.toFixed(1)}, ${b.r.toFixed(1)}] x [${b.t.toFixed(1)}, ${b.b.toFixed(1)}]`);
  texts.forEach((u, j) => {
    const o = boxes[j];
    if (j > i && Math.min(b.b, o.b) - Math.max(b.t, o.t) > 3 && Math.min(b.r, o.r) - Math.max(b.l, o.l) > tolerance)
      problems.push(`${name(t)} overlaps ${name(u)}`);
  });
});
return { texts: texts.length, problems, mirrored: svg.querySelector('text[direction="rtl"]') !== null };
"""

IMAGE_JS = r"""
const done = arguments[arguments.length - 1];
const img = new Image();
img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
img.onerror = () => done({ width: 0, height: 0 });
img.src = arguments[0];
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def axe_violations(driver):
    from axe_selenium_python.axe import _DEFAULT_SCRIPT

    driver.execute_script(pathlib.Path(_DEFAULT_SCRIPT).read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in result]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--allow-file-access-from-files", "--force-device-scale-factor=1", "--font-render-hinting=none"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    report = {"cards": [], "pages": []}
    try:
        driver.set_script_timeout(30)
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            harness = site / "owner-cards.html"
            harness.write_text("<!doctype html><meta charset=utf-8><body style=margin:0>", encoding="utf-8")
            driver.get(harness.as_uri())
            for svg in sorted(site.glob("owners/*/stats*.svg")) + sorted(site.glob("owners/*/languages*.svg")):
                inline = driver.execute_script(INLINE_JS, svg.read_text(encoding="utf-8"))
                image = driver.execute_async_script(IMAGE_JS, svg.as_uri())
                report["cards"].append({"path": f"{site.name}/{svg.relative_to(site)}", **inline, "image": image})
            harness.unlink()
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            try:
                for page in sorted(site.glob("owners/*/index.html")):
                    path = page.relative_to(site).as_posix()
                    for scheme in ("light", "dark"):
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                        driver.get(f"http://127.0.0.1:{server.server_address[1]}/{path}")
                        report["pages"].append({"path": f"{site.name}/{path}", "scheme": scheme,
                                                "violations": axe_violations(driver)})
            finally:
                server.shutdown()
    finally:
        driver.quit()
    pathlib.Path(args.report).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
