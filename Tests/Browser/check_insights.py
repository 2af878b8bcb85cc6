#!/usr/bin/env python3
"""Looks at the insights page of built sites in headless Chromium, as a dashboard should be seen: at
390 and 1280 px wide, light and dark. Run by the Swift suite BrowserInsightsTests:

    check_insights.py --report FILE --screenshots DIR SITE [SITE ...]

For every scope (the whole site, each owner) it reports: the totals shown as figures (not table cells)
and whether any is cut short; how many columns the sections' cards form (distinct left edges); the
sections with nothing to list (there should be none) and the line naming what was left out; whether
every bar chart has its numbers in a table in the page (no script needed to reach them); whether the page
scrolls sideways. Each view is checked with axe-core and photographed into DIR. The pages are served
over HTTP from 127.0.0.1.
"""

import argparse
import pathlib
import sys

import browser_kit as kit

MEASURE_JS = r"""
const scopes = [...document.querySelectorAll('.insights-scope')].map(scope => {
  const figures = [...scope.querySelectorAll('.insight-figure')];
  const cut = figures.map(f => f.querySelector('.insight-figure__now'))
    .filter(n => !n || n.scrollWidth > n.clientWidth + 0.5).length;
  const cards = [...scope.querySelectorAll('.insight-grid > section')];
  const lefts = new Set(cards.map(c => Math.round(c.getBoundingClientRect().left)));
  const empty = cards.filter(c => !c.querySelector('table tbody tr')).map(c => c.dataset.insight);
  const bars = [...scope.querySelectorAll('svg.insight-bars')];
  const barsWithoutTable = bars.filter(svg => {
    const figure = svg.closest('figure');
    return !figure || !figure.querySelector('table tbody tr td');
  }).length;
  const leftOut = scope.querySelector(':scope > [data-left-out]');
  return {
    scope: scope.dataset.owner || 'site',
    figures: figures.filter(f => f.querySelector('.insight-figure__now')?.textContent.trim()).length,
    figuresInTables: figures.filter(f => f.closest('table')).length,
    cut,
    sections: cards.length,
    columns: lefts.size,
    empty,
    none: /:\s*(none|لا شيء)\s*$/m.test(scope.innerText),
    bars: bars.length,
    barsWithoutTable,
    leftOut: leftOut ? leftOut.textContent.trim() : null,
  };
});
return {
  scopes,
  overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  dir: document.documentElement.dir || 'ltr',
  scripts: document.querySelectorAll('script').length,
};
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--screenshots", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    shots = pathlib.Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    report = {"views": []}
    with kit.chromium(args, kit.NO_SCROLLBARS, kit.EXACT_PIXELS, script_timeout=30) as driver:
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            with kit.served(site) as base:
                for width in (390, 1280):
                    driver.set_window_size(width, 900)
                    for scheme in kit.COLOUR_SCHEMES:
                        kit.set_colour_scheme(driver, scheme)
                        driver.get(base + "insights/index.html")
                        measured = driver.execute_script(MEASURE_JS)
                        # The layout viewport is the window less nothing (scrollbars hidden): widths are exact.
                        measured["width"] = driver.execute_script("return window.innerWidth")
                        height = driver.execute_script("return document.documentElement.scrollHeight")
                        driver.set_window_size(width, min(height, 6000))
                        shot = shots / f"insights-{site.name}-{width}-{scheme}.png"
                        driver.save_screenshot(str(shot))
                        driver.set_window_size(width, 900)
                        report["views"].append({"site": site.name, "scheme": scheme, "screenshot": str(shot),
                                                **measured, "violations": kit.axe_violations(driver)})
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
