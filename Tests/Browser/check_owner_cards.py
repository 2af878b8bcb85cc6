#!/usr/bin/env python3
"""Renders the owner cards of built sites (owners/*/stats.svg, languages.svg, light and dark) in headless
Chromium and checks each owner page with axe-core. Run by the Swift suite BrowserOwnerCardsTests:

    check_owner_cards.py --report FILE SITE [SITE ...]

Inline (the SVG's markup in an HTML page) every <text>'s bounding box must stay inside the card's
viewBox with 16 px to spare on either side, and no two texts may overlap. As an image the card must
decode at its own size. The owner pages are served over HTTP from 127.0.0.1, at 390 and 1280 px wide,
with the system set to light and to dark: every axe-core violation is reported, and whether the page
scrolls sideways.
"""

import argparse
import pathlib
import sys

import browser_kit as kit

INLINE_JS = kit.INLINE_SVG_JS + r"""
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


# Whether the page scrolls sideways.
SIDEWAYS_JS = "return document.documentElement.scrollWidth > document.documentElement.clientWidth"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    report = {"cards": [], "pages": []}
    with kit.chromium(args, kit.FILE_ACCESS, kit.EXACT_PIXELS, script_timeout=30) as driver:
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            with kit.blank_page(driver, site, "owner-cards.html"):
                for svg in sorted(site.glob("owners/*/stats*.svg")) + sorted(site.glob("owners/*/languages*.svg")):
                    inline = driver.execute_script(INLINE_JS, svg.read_text(encoding="utf-8"))
                    image = driver.execute_async_script(kit.IMAGE_SIZE_JS, svg.as_uri())
                    report["cards"].append({"path": f"{site.name}/{svg.relative_to(site)}", **inline, "image": image})
            with kit.served(site) as base:
                for page in sorted(site.glob("owners/*/index.html")):
                    path = page.relative_to(site).as_posix()
                    for width, scheme in ((w, s) for w in (390, 1280) for s in kit.COLOUR_SCHEMES):
                        driver.set_window_size(width, 900)
                        kit.set_colour_scheme(driver, scheme)
                        driver.get(base + path)
                        report["pages"].append({"path": f"{site.name}/{path}", "scheme": scheme, "width": width,
                                                "sideways": driver.execute_script(SIDEWAYS_JS),
                                                "violations": kit.axe_violations(driver)})
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
