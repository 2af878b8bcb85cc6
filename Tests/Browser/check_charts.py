#!/usr/bin/env python3
"""Measures the charts of built sites in headless Chromium: the repository page's history chart, the
comparison pages, the insights page's bars, and the chart images (history.svg, charts/ID.svg) drawn
inline in a plain page, at 390 and 1280 px wide, light and dark.

Run by the Swift suite BrowserGalleryTests:

    check_charts.py --report FILE SITE [SITE ...]

For every <text> of every chart (svg.chart, svg.history-chart, svg.insight-bars, or the image's root):
its rendered font size (the computed size times the SVG's scale) must be at least 11 CSS px; its box
must stay inside the SVG's box; it must not overlap another text of the same SVG; and no drawn line
(polyline) may pass through it. The report lists every problem with the page, width and scheme.
"""

import argparse
import pathlib
import sys
import time

import browser_kit as kit

MEASURE_JS = r"""
const selector = arguments[0];
const charts = [...document.querySelectorAll(selector)];
const problems = [];
let texts = 0, smallest = Infinity;
const inter = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
  && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
for (const svg of charts) {
  const box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;
  const shown = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
  const boxes = shown.map(t => t.getBoundingClientRect());
  const name = t => `"${t.textContent.slice(0, 30)}"`;
  // Screen points along every polyline, a point every 2 px.
  const along = [];
  for (const line of svg.querySelectorAll('polyline')) {
    const m = line.getScreenCTM();
    const pts = [...line.points].map(p => ({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f }));
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1], b = pts[i];
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 2));
      for (let k = 0; k <= n; k++) along.push({ x: a.x + (b.x - a.x) * k / n, y: a.y + (b.y - a.y) * k / n });
    }
  }
  shown.forEach((t, i) => {
    texts++;
    const size = parseFloat(getComputedStyle(t).fontSize) * scale;
    smallest = Math.min(smallest, size);
    if (size < 11 - 0.01) problems.push(`${name(t)} is ${size.toFixed(2)} px`);
    const b = boxes[i];
    if (b.left < box.left - 0.5 || b.right > box.right + 0.5 || b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5)
      problems.push(`${name(t)} leaves its chart`);
    boxes.forEach((o, j) => { if (j > i && inter(b, o)) problems.push(`${name(t)} overlaps ${name(shown[j])}`); });
    const inner = { left: b.left + 1, right: b.right - 1, top: b.top + 1, bottom: b.bottom - 1 };
    if (along.some(p => p.x > inner.left && p.x < inner.right && p.y > inner.top && p.y < inner.bottom))
      problems.push(`a line runs through ${name(t)}`);
  });
}
return { charts: charts.length, texts, smallest: charts.length ? smallest : null, problems };
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    started = time.monotonic()
    report = {"entries": []}
    with kit.chromium(args, kit.FILE_ACCESS, kit.EXACT_PIXELS) as driver:
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            pages = sorted(site.glob("charts/*/index.html")) + [site / "insights/index.html"]
            pages += sorted(site.glob("repos/*/*/index.html"))[:2]
            images = sorted(site.glob("repos/*/*/history*.svg"))[:4] + sorted(site.glob("charts/*.svg"))
            harness = site / "chart-harness.html"
            for width in (390, 1280):
                driver.set_window_size(width, 900)
                for scheme in kit.COLOUR_SCHEMES:
                    kit.set_colour_scheme(driver, scheme)
                    for page in pages:
                        driver.get(page.as_uri())
                        measured = driver.execute_script(MEASURE_JS, "svg.chart, svg.history-chart, svg.insight-bars")
                        report["entries"].append({"path": f"{site.name}/{page.relative_to(site)}", "width": width,
                                                  "scheme": scheme, **measured})
                    for image in images:
                        # As a README shows it: at most the column's width, never wider than drawn.
                        harness.write_text(
                            "<!doctype html><meta charset=utf-8><style>svg{max-width:100%;height:auto}</style>"
                            "<body style='margin:16px'>" + image.read_text(encoding="utf-8"), encoding="utf-8")
                        driver.get(harness.as_uri())
                        measured = driver.execute_script(MEASURE_JS, "body > svg")
                        report["entries"].append({"path": f"{site.name}/{image.relative_to(site)}", "width": width,
                                                  "scheme": scheme, **measured})
            harness.unlink(missing_ok=True)
    report["seconds"] = round(time.monotonic() - started, 2)
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
