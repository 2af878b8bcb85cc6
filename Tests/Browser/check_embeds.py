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
import pathlib
import sys

import browser_kit as kit

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
    kit.add_browser_arguments(parser)
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    report = {"views": []}
    with kit.chromium(args, kit.EXACT_PIXELS, window=(1280, 900), script_timeout=30) as driver:
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            with kit.served(site) as base:
                for scheme in kit.COLOUR_SCHEMES:
                    kit.set_colour_scheme(driver, scheme)
                    # Scripts off first: every snippet is there to read without one.
                    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
                    driver.get(base + args.page)
                    source = driver.page_source
                    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
                    measured = driver.execute_script(OPEN_JS)
                    measured["withoutScript"] = all(f'id="{s}"' in source for s in measured["snippets"])
                    report["views"].append({"site": site.name, "scheme": scheme, **measured,
                                            "violations": kit.axe_violations(driver)})
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
