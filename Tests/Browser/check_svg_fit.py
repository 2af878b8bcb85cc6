#!/usr/bin/env python3
"""Renders every SVG widget of built sites in headless Chromium, inline in a page and as an image, and
reports any text that leaves its slot.

Run by the Swift suite BrowserGalleryTests:

    check_svg_fit.py --report FILE SITE [SITE ...]

Inline (the SVG's markup in an HTML page), each <text>'s bounding box must stay inside the card's
padding (16 px from each side) and its height, and must not overlap another text, icon, avatar or
dot beside it on the same line (a pill that holds the text is its slot, not a neighbour). As an image
(an <img> drawn onto a canvas), the 16 px margins either side must hold nothing but the card's
surface, so no text runs off the card in the renderer README viewers use. The report also counts the
texts that end in "…" (the build shortened them to fit).
"""

import argparse
import pathlib
import sys
import time

import browser_kit as kit

INLINE_JS = kit.INLINE_SVG_JS + r"""
const shapes = [...svg.children].filter(el => {
  const tag = el.tagName.toLowerCase();
  if (['text', 'title', 'style', 'clippath', 'filter', 'defs'].includes(tag)) return false;
  if (tag === 'rect' && +el.getAttribute('width') >= width - 1) return false;      // the card
  if (tag === 'path' && el.getAttribute('stroke') && !el.getAttribute('fill')) return false;  // a divider
  return true;
}).map(el => ({ el, box: rect(el), pill: el.tagName.toLowerCase() === 'rect' }));
const problems = [];
const name = t => `"${t.textContent.slice(0, 30)}"`;
const boxes = texts.map(rect);
texts.forEach((t, i) => {
  const b = boxes[i];
  if (b.l < pad - tolerance || b.r > width - pad + tolerance || b.t < -tolerance || b.b > height + tolerance)
    problems.push(`${name(t)} leaves the card's padding: [${b.l.toFixed(1)}, ${b.r.toFixed(1)}] × [${b.t.toFixed(1)}, ${b.b.toFixed(1)}]`);
  const beside = (o) => Math.min(b.b, o.b) - Math.max(b.t, o.t) > 3 && Math.min(b.r, o.r) - Math.max(b.l, o.l) > tolerance;
  texts.forEach((u, j) => {
    if (j > i && beside(boxes[j])) problems.push(`${name(t)} overlaps ${name(u)}`);
  });
  for (const s of shapes) {
    if (!beside(s.box)) continue;
    // A text that starts in a pill is its label: it must end in it too.
    if (s.pill && b.l >= s.box.l - tolerance && b.l < s.box.r) {
      if (b.r > s.box.r + tolerance) problems.push(`${name(t)} runs out of its pill`);
      continue;
    }
    problems.push(`${name(t)} overlaps a ${s.el.tagName.toLowerCase()} at [${s.box.l.toFixed(1)}, ${s.box.r.toFixed(1)}]`);
  }
});
return { texts: texts.length, shortened: texts.filter(t => t.textContent.endsWith('\u2026')).map(t => t.textContent),
         problems, mirrored: svg.querySelector('text[direction="rtl"]') !== null };
"""

IMAGE_JS = r"""
const done = arguments[arguments.length - 1];
const img = new Image();
img.onload = () => {
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const h = c.height;
  const data = g.getImageData(0, 0, c.width, h).data;
  const at = (x, y) => data.slice((y * c.width + x) * 4, (y * c.width + x) * 4 + 4);
  const surface = at(8, Math.floor(h / 2));
  const stray = [];
  for (const [from, to] of [[3, 14], [c.width - 14, c.width - 3]])
    for (let x = from; x < to; x++)
      for (let y = 26; y < h - 26; y++) {
        const p = at(x, y);
        if ([0, 1, 2, 3].some(k => Math.abs(p[k] - surface[k]) > 8)) { stray.push(`${x},${y}`); break; }
      }
  done({ width: c.width, height: h, stray: stray.slice(0, 10) });
};
img.onerror = () => done({ width: 0, height: 0, stray: ['does not decode'] });
img.src = arguments[0];
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()

    started = time.monotonic()
    report = {"svgs": []}
    with kit.chromium(args, kit.FILE_ACCESS, kit.EXACT_PIXELS, script_timeout=30) as driver:
        for folder in args.sites:
            site = pathlib.Path(folder).resolve()
            # The widgets; the history charts have their own check (check_charts.py).
            svgs = sorted(p for p in site.glob("repos/*/*/*.svg") if not p.name.startswith("history"))
            svgs += sorted(site.glob("widgets/*/*.svg"))
            with kit.blank_page(driver, site, "svg-fit.html"):
                for svg in svgs:
                    inline = driver.execute_script(INLINE_JS, svg.read_text(encoding="utf-8"))
                    image = driver.execute_async_script(IMAGE_JS, svg.as_uri())
                    report["svgs"].append({"path": f"{site.name}/{svg.relative_to(site)}", **inline,
                                           "image": image})
    report["seconds"] = round(time.monotonic() - started, 2)
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
