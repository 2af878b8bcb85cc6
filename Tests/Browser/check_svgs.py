#!/usr/bin/env python3
"""Opens every SVG widget of a built site in headless Chromium and compares it with its HTML widget.

Run by the Swift suite BrowserGalleryTests:

    check_svgs.py --site DIR --report FILE

For each `repos/OWNER/NAME/SIZE[-dark].svg` and `widgets/ID/large[-dark].svg` the report gives the
size Chromium decodes it at as an <img> (0 × 0 is a broken image), how many images it inlines (the
HTML widget's count beside it) and which fail to decode, and the words of its text next to those of the
HTML widget (`SIZE.html`) it stands for, with `word_problems`: an SVG word the HTML widget lacks, a
word shortened to "…" that begins no word of the HTML widget, or, where nothing was shortened, a
different set of words.
"""

import argparse
import pathlib
import sys
import time

import browser_kit as kit

INNER_JS = r"""
const done = arguments[arguments.length - 1];
const hrefs = [...document.querySelectorAll('image')].map(i => i.getAttribute('href') || '');
Promise.all(hrefs.map(h => new Promise(resolve => {
  const img = new Image();
  img.onload = () => resolve(img.naturalWidth > 0 ? null : h.slice(0, 40));
  img.onerror = () => resolve(h.slice(0, 40));
  img.src = h;
}))).then(r => done({images: hrefs.length, broken: r.filter(Boolean),
  texts: [...document.querySelectorAll('text')].map(t => t.textContent)}));
"""

HTML_TEXT_JS = r"""
const root = document.querySelector('[data-widget]');
const words = [];
const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  if (n.parentElement.closest('.rw-sr, title')) continue;
  words.push(n.textContent);
}
return {text: words.join(' '), images: root.querySelectorAll('img').length};
"""


def words(text):
    return sorted(text.split())


def word_problems(svg_texts, html_text):
    """The SVG's words against the HTML widget's, where the SVG shortens text to fit with "…"."""
    html = words(html_text)
    whole, cut = [], []
    for text in svg_texts:
        pieces = text.split("\u2026")
        for piece in pieces[:-1]:
            piece_words = piece.split()
            if piece and not piece[-1].isspace() and piece_words:
                cut.append(piece_words.pop())
            whole += piece_words
        whole += pieces[-1].split()
    problems = []
    remaining = list(html)
    for word in whole:
        if word in remaining:
            remaining.remove(word)
        else:
            problems.append(f"{word!r} is not in the HTML widget")
    for fragment in cut:
        if not any(word.startswith(fragment) for word in html):
            problems.append(f"{fragment!r}… begins no word of the HTML widget")
    if not cut and remaining:
        problems.append(f"the SVG lacks {remaining}")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    args = parser.parse_args()

    started = time.monotonic()
    site = pathlib.Path(args.site).resolve()
    # The widgets; the history charts have their own check (check_charts.py).
    svgs = sorted(p for p in site.glob("repos/*/*/*.svg") if not p.name.startswith("history"))
    svgs += sorted(site.glob("widgets/*/*.svg"))

    report = {"svgs": []}
    html_text = {}
    with kit.chromium(args, kit.FILE_ACCESS, script_timeout=30) as driver:
        for svg in svgs:
            html = svg.with_name(svg.stem.removesuffix("-dark") + ".html")
            if html not in html_text:
                driver.get(html.as_uri())
                html_text[html] = driver.execute_script(HTML_TEXT_JS)
            driver.get(svg.as_uri())
            inner = driver.execute_async_script(INNER_JS)
            decoded = driver.execute_async_script(kit.IMAGE_SIZE_JS, svg.as_uri())
            report["svgs"].append({
                "path": str(svg.relative_to(site)),
                "width": decoded["width"], "height": decoded["height"],
                "images": inner["images"], "broken": inner["broken"],
                "html_images": html_text[html]["images"],
                "svg_words": words(" ".join(inner["texts"])), "html_words": words(html_text[html]["text"]),
                "word_problems": word_problems(inner["texts"], html_text[html]["text"]),
            })
    report["seconds"] = round(time.monotonic() - started, 2)
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
