#!/usr/bin/env python3
"""Loads built pages in headless Chromium and reports, as JSON, what a person would notice.

Run by the Swift suite BrowserGalleryTests (one browser session for every page):

    check_widgets.py --site DIR --screenshots DIR --report FILE PAGE [PAGE ...]

Each PAGE is a path under DIR, optionally suffixed `@light`, `@dark` (the emulated system setting;
default light) and `@WIDTH` (viewport width; default 1280), e.g. `index.html@dark@1920`.
For every page load the report lists console errors, broken images, images without alt text,
widgets of the wrong size, content that spills out of its card, a page that scrolls sideways (and
what sticks out), stats rows that take more than one line, contributor grids that are not
2 x 2 with equal cells, text and icons below WCAG AA contrast, hostile strings that ran, links with
disallowed schemes, Content-Security-Policy violations (caught by a `securitypolicyviolation`
listener installed before any of the page's own code, through CDP), whether the policy blocks an
inline script the test adds, and every axe-core violation; text cut at its beginning by an ellipsis;
gallery grids with holes or whose visual order, DOM order and tab stops disagree; it also saves a
full-page screenshot. The Swift test asserts that every list is empty.

Pages are served over HTTP from 127.0.0.1 (as GitHub Pages serves them, without headers of its
own), so the policy each page carries in its <meta> is the one in force; `--no-serve` loads
file:// URLs instead.
"""

import argparse
import base64
import contextlib
import pathlib
import sys
import time

from selenium.common.exceptions import UnexpectedAlertPresentException

import browser_kit as kit

CHECKS_JS = r"""
const expected = { medium: [329, 155], large: [329, 345], double: [329, 345] };
const scale = arguments[0];
const tolerance = 0.6;
const out = { widgets: 0, sizes: [], overflow: [], grids: [], cells: [], contrast: [], images: [], alt: [],
              labels: [], links: [], scripts: 0, handlers: 0, pwned: window.__pwned === undefined ? null : String(window.__pwned) };

function describe(el) {
  const root = el.closest('[data-repo]') || el.closest('[data-widget]');
  const where = root ? `${root.closest('[data-widget]').dataset.widget} ${root.dataset.repo || ''}`.trim() : 'page';
  const cls = (el.getAttribute && el.getAttribute('class')) || el.nodeName.toLowerCase();
  return `${where} › ${cls}`;
}
function parse(color) {
  const m = color.match(/rgba?\(([^)]+)\)/);
  if (!m) return [0, 0, 0, 0];
  const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
  return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
}
function over(top, bottom) {
  const a = top[3];
  return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
}
function luminance(c) {
  const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}
function ratio(a, b) {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
function background(el) {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] >= 1) break;
  }
  let color = [255, 255, 255, 1];
  if (layers.length && layers[layers.length - 1][3] >= 1) color = layers.pop();
  while (layers.length) color = over(layers.pop(), color);
  return color;
}
function hidden(el) {
  return el.closest('.rw-sr, .skip, [aria-hidden="true"]') !== null;
}
function opacity(el) {
  let o = 1;
  for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
  return o;
}

// Contrast of every visible text, and of the widgets' icons (graphics need 3:1).
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const seen = new Set();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const el = node.parentElement;
  if (!node.textContent.trim() || seen.has(el) || hidden(el)) continue;
  seen.add(el);
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0 || style.visibility !== 'visible') continue;
  const bg = background(el);
  const fg = parse(style.color);
  fg[3] *= opacity(el);
  const size = parseFloat(style.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
  const r = ratio(over(fg, bg), bg);
  if (r < (large ? 3 : 4.5) - 0.01) out.contrast.push(`${describe(el)} "${node.textContent.trim().slice(0, 30)}" ${r.toFixed(2)}:1`);
}
for (const icon of document.querySelectorAll('.rw svg')) {
  if (icon.closest('.avatar-none')) continue;  // stands in for a photo; its label is the alt text
  const fg = parse(getComputedStyle(icon).color);
  fg[3] *= opacity(icon);
  const bg = background(icon.parentElement);
  const r = ratio(over(fg, bg), bg);
  if (r < 3 - 0.01) out.contrast.push(`${describe(icon)} icon ${r.toFixed(2)}:1`);
}

for (const img of document.images) {
  if (!img.complete || img.naturalWidth === 0) out.images.push(img.getAttribute('src'));
  if (!img.hasAttribute('alt') || (!img.getAttribute('alt').trim() && !img.closest('.note, .intro'))) out.alt.push(img.outerHTML.slice(0, 120));
}
for (const el of document.querySelectorAll('[role="img"]')) {
  if (!(el.getAttribute('aria-label') || '').trim()) out.alt.push(el.outerHTML.slice(0, 120));
}
for (const stat of document.querySelectorAll('[data-stat]')) {
  const label = stat.getAttribute('aria-label') || '';
  // A release and a language hold text (the tag, the name): their label, or text, must say it.
  if (stat.dataset.stat === 'release' || stat.dataset.stat === 'language') {
    if (!(label || stat.textContent).includes(stat.dataset.value))
      out.labels.push(`${describe(stat)} ${stat.dataset.stat}="${label}" lacks ${stat.dataset.value}`);
    continue;
  }
  const value = Number(stat.dataset.value).toLocaleString('en-US');
  // Other locales group their own way ("171.281", "171 281"): their digits must still be there;
  // "today", and Arabic's spelled-out zero, one and two, say the number in words.
  const lang = (stat.closest('[lang]') || document.documentElement).getAttribute('lang') || 'en';
  const digits = label.replace(/[^0-9]/g, '');
  const spoken = label.includes(value)
    || (!lang.startsWith('en') && digits.includes(stat.dataset.value))
    || (stat.dataset.stat === 'days' && value === '0' && (/today/i.test(label) || !lang.startsWith('en')))
    || (lang.startsWith('ar') && Number(stat.dataset.value) <= 2 && digits === '');
  if (!spoken) out.labels.push(`${describe(stat)} ${stat.dataset.stat}="${label}" lacks ${value}`);
}
for (const a of document.querySelectorAll('a[href]')) {
  const href = a.getAttribute('href').trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:/.test(href) && !/^(https?:|mailto:)/.test(href)) out.links.push(a.getAttribute('href'));
}
// Only the site's own copy-button script may run; any other script came from data.
out.scripts = [...document.querySelectorAll('script')].filter(s => !/(^|\/)assets\/copy\.js$/.test(s.getAttribute('src') || '')).length;
for (const el of document.querySelectorAll('*')) {
  for (const attr of el.attributes) if (attr.name.startsWith('on')) out.handlers++;
}

// Widget sizes, content inside the card, and the contributor grid.
const cellSizes = [];
for (const root of document.querySelectorAll('[data-widget]')) {
  out.widgets++;
  const kind = root.dataset.widget;
  const box = root.getBoundingClientRect();
  const [w, h] = expected[kind].map(v => v * scale);
  if (Math.abs(box.width - w) > tolerance || Math.abs(box.height - h) > tolerance)
    out.sizes.push(`${describe(root)} is ${box.width.toFixed(1)}×${box.height.toFixed(1)}, expected ${w}×${h}`);

  const items = [...root.querySelectorAll('*')];
  const texts = [];
  const tw = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = tw.nextNode(); t; t = tw.nextNode()) if (t.textContent.trim()) texts.push(t);
  for (const item of items.concat(texts)) {
    const el = item.nodeType === 1 ? item : item.parentElement;
    if (el.closest('.rw-sr')) continue;
    let rect;
    if (item.nodeType === 1) rect = item.getBoundingClientRect();
    else { const range = document.createRange(); range.selectNodeContents(item); rect = range.getBoundingClientRect(); }
    if (rect.width === 0 || rect.height === 0) continue;
    // What of it can be seen: clipped by every ancestor that clips, except the card itself.
    let [l, t, r, b] = [rect.left, rect.top, rect.right, rect.bottom];
    for (let a = item.nodeType === 1 ? item.parentElement : el; a && a !== root; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      l = Math.max(l, c.left); t = Math.max(t, c.top); r = Math.min(r, c.right); b = Math.min(b, c.bottom);
    }
    if (r - l <= 0 || b - t <= 0) continue;
    if (l < box.left - tolerance || t < box.top - tolerance || r > box.right + tolerance || b > box.bottom + tolerance) {
      const what = item.nodeType === 1 ? describe(item) : `${describe(el)} text "${item.textContent.trim().slice(0, 24)}"`;
      out.overflow.push(`${what} spills out: [${l.toFixed(0)},${t.toFixed(0)},${r.toFixed(0)},${b.toFixed(0)}] vs card [${box.left.toFixed(0)},${box.top.toFixed(0)},${box.right.toFixed(0)},${box.bottom.toFixed(0)}]`);
    }
  }

  for (const grid of root.querySelectorAll('.rw-team__grid, ol:has([data-login])')) {
    const s = getComputedStyle(grid);
    const columns = s.gridTemplateColumns.split(' ').length, rows = s.gridTemplateRows.split(' ').length;
    if (s.display !== 'grid' || columns !== 2 || rows !== 2) {
      out.grids.push(`${describe(grid)}: ${s.display} ${columns}×${rows}`);
      continue;
    }
    const g = grid.getBoundingClientRect();
    const gap = parseFloat(s.columnGap) * scale, rowGap = parseFloat(s.rowGap) * scale;
    const cells = [...grid.querySelectorAll('[data-login]')];
    if (cells.length > 4) out.grids.push(`${describe(grid)}: ${cells.length} people`);
    cells.forEach((cell, i) => {
      const c = cell.getBoundingClientRect();
      cellSizes.push([c.width, c.height]);
      // A right-to-left grid fills from the right, as the widget mirrors.
      const rtl = getComputedStyle(grid).direction === 'rtl';
      const x = rtl ? g.right - c.width - (i % 2) * (c.width + gap) : g.left + (i % 2) * (c.width + gap);
      const y = g.top + Math.floor(i / 2) * (c.height + rowGap);
      if (Math.abs(c.left - x) > tolerance || Math.abs(c.top - y) > tolerance)
        out.grids.push(`${describe(cell)} #${i + 1} at ${c.left.toFixed(1)},${c.top.toFixed(1)}, expected ${x.toFixed(1)},${y.toFixed(1)}`);
    });
  }
}
if (cellSizes.length) {
  const [w0, h0] = cellSizes[0];
  for (const [w, h] of cellSizes) if (Math.abs(w - w0) > tolerance || Math.abs(h - h0) > tolerance) {
    out.cells.push(`contributor cells differ in size: ${w.toFixed(1)}×${h.toFixed(1)} vs ${w0.toFixed(1)}×${h0.toFixed(1)}`);
    break;
  }
}
// Each card's stats row reads as one row: every stat and the star change share one top offset.
out.rows = [];
out.statRows = 0;
for (const row of document.querySelectorAll('.rw-stats')) {
  const items = [...row.children].filter(e => e.getBoundingClientRect().width > 0);
  if (!items.length) continue;
  out.statRows++;
  const tops = items.map(e => e.getBoundingClientRect().top);
  if (Math.max(...tops) - Math.min(...tops) > tolerance)
    out.rows.push(`${describe(row)} (${row.className}): ${items.length} items on ${new Set(tops.map(Math.round)).size} lines: ${row.textContent.trim().replace(/\s+/g, ' ')}`);
}
// Right-to-left widgets mirror: the big days number sits left of the name and stats.
out.rtl = [];
out.rtlWidgets = 0;
for (const root of document.querySelectorAll('[data-widget][dir="rtl"]')) {
  out.rtlWidgets++;
  for (const card of root.querySelectorAll('.rw-card')) {
    const main = card.querySelector('.rw-card__main'), days = card.querySelector('.rw-days');
    if (main && days && days.getBoundingClientRect().right > main.getBoundingClientRect().left + tolerance)
      out.rtl.push(`${describe(card)}: the days number is not left of the name`);
  }
}
// Text cut with an ellipsis keeps its beginning: a Latin name in a right-to-left page loses its end,
// not its start ("an-extraordin…", never "…oing-and-going"), because the element that truncates takes
// the text's own direction (dir="auto" or <bdi>). Checked on every truncated element of the page.
out.truncated = [];
out.truncatedChecked = 0;
const latin = /^[\s\p{P}\p{S}\p{N}]*\p{Script=Latin}/u;
for (const el of document.querySelectorAll('body *')) {
  const s = getComputedStyle(el);
  if (s.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
  const text = el.textContent.trim();
  if (!latin.test(text)) continue;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent.trim()) node = walker.nextNode();
  if (!node) continue;
  out.truncatedChecked++;
  const offset = node.textContent.search(/\S/);
  const range = document.createRange();
  range.setStart(node, offset);
  range.setEnd(node, offset + 1);
  const first = range.getBoundingClientRect(), box = el.getBoundingClientRect();
  if (first.left < box.left - tolerance || first.right > box.right + tolerance)
    out.truncated.push(`${describe(el)}: "${text.slice(0, 24)}" is cut at its beginning (direction ${s.direction})`);
}
// Commands and options in the page's words read left to right in every locale (<code dir="ltr">).
for (const code of document.querySelectorAll('.banner code, .notice code')) {
  if (getComputedStyle(code).direction !== 'ltr') out.truncated.push(`${describe(code)}: "${code.textContent}" is not left to right`);
}
// The gallery's grid: no holes (every row but the last full), the visual order is the DOM order,
// each item is one link target that covers its cards and is the item's only tab stop.
out.order = [];
for (const grid of document.querySelectorAll('.gallery')) {
  const items = [...grid.children];
  if (!items.length) continue;
  const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
  const rtl = getComputedStyle(grid).direction === 'rtl';
  const boxes = items.map(i => i.getBoundingClientRect());
  const rows = [];
  boxes.forEach((b, i) => {
    const row = rows.find(r => Math.abs(r.top - b.top) < tolerance);
    if (row) row.items.push(i); else rows.push({top: b.top, items: [i]});
  });
  rows.sort((a, b) => a.top - b.top);
  rows.forEach((r, n) => {
    if (n < rows.length - 1 && r.items.length !== Math.min(columns, items.length))
      out.order.push(`a hole: row ${n + 1} has ${r.items.length} of ${columns} items`);
  });
  const visual = rows.flatMap(r => r.items.sort((a, b) => rtl ? boxes[b].left - boxes[a].left : boxes[a].left - boxes[b].left));
  if (visual.some((v, i) => v !== i)) out.order.push(`visual order ${visual.join(',')} is not the DOM order`);
  for (const item of items) {
    const focusable = [...item.querySelectorAll('a[href], button, [tabindex]')].filter(e => e.tabIndex >= 0);
    const link = item.querySelector('.tile__link');
    if (!link) continue;
    if (focusable.length !== 1 || focusable[0] !== link)
      out.order.push(`${link.textContent}: ${focusable.length} tab stops, not its one link`);
    for (const card of item.querySelectorAll('[data-widget]')) {
      card.scrollIntoView({block: 'center'});
      const r = card.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || hit.closest('a') !== link)
        out.order.push(`${link.textContent}: a click on its ${card.dataset.widget} card does not reach its link`);
    }
  }
}
if ([...document.querySelectorAll('[tabindex]')].some(e => e.tabIndex > 0)) out.order.push('a positive tabindex reorders Tab');
// Cards of one kind side by side keep their stats rows on one line: the days number has a slot of one
// height whatever its digits.
const sideBySide = {};
for (const stats of document.querySelectorAll('.gallery .rw-stats')) {
  const widget = stats.closest('[data-widget]');
  const half = stats.closest('.rw-half');
  const key = `${widget.dataset.widget}${half ? [...half.parentNode.children].indexOf(half) : ''}@${Math.round((half || widget).getBoundingClientRect().top)}`;
  (sideBySide[key] = sideBySide[key] || []).push(stats.getBoundingClientRect().top);
}
for (const [key, tops] of Object.entries(sideBySide))
  if (Math.max(...tops) - Math.min(...tops) > tolerance) out.order.push(`stats rows of the ${key} cards do not line up: ${tops.map(Math.round)}`);
// A repository page: the widgets beside the history and snippets on a wide screen, above them on a phone.
const body = document.querySelector('.repo-body');
if (body) {
  const widgets = body.querySelector('.repo-widgets').getBoundingClientRect(), side = body.querySelector('.repo-side').getBoundingClientRect();
  const rtl = getComputedStyle(body).direction === 'rtl';
  const beside = rtl ? side.right <= widgets.left + tolerance : side.left >= widgets.right - tolerance;
  if (innerWidth >= 860 && !(beside && side.top < widgets.bottom)) out.order.push('the repository page does not put its widgets beside the history and snippets');
  if (innerWidth < 860 && side.top < widgets.bottom - tolerance) out.order.push('on a phone the repository page does not stack its widgets above the rest');
}
// The page itself never scrolls sideways; where it does, what sticks out of the viewport.
out.sideways = [];
const viewport = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > viewport + 1) {
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > viewport + 1 || r.left < -1)) out.sideways.push(`${describe(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  out.sideways = [`the page is ${document.documentElement.scrollWidth} px wide in ${viewport}`].concat(out.sideways.slice(0, 5));
}
scrollTo(0, 0);
return out;
"""


# Whether the page's policy refuses an inline script added now (a policy that is not in force would run it).
INLINE_PROBE_JS = r"""
window.__inlineRan = false;
const probe = document.createElement('script');
probe.textContent = 'window.__inlineRan = true;';
document.head.appendChild(probe);
probe.remove();
return !window.__inlineRan;
"""


def parse_page(spec):
    parts = spec.split("@")
    scheme, width = "light", 1280
    for part in parts[1:]:
        if part in ("light", "dark"):
            scheme = part
        else:
            width = int(part)
    return parts[0], scheme, width


def screenshot(driver, path):
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        },
    )
    path.write_bytes(base64.b64decode(shot["data"]))


def check_page(driver, args, site, base, shots, spec):
    """One page load of `spec` (PATH[@SCHEME][@WIDTH]): what CHECKS_JS finds, the console, the policy, axe."""
    path, scheme, width = parse_page(spec)
    page_started = time.monotonic()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    kit.set_colour_scheme(driver, scheme)
    entry = {"page": spec, "alerts": []}
    try:
        driver.get(base + path if base else (site / path).as_uri())
        driver.execute_script("return document.fonts.ready.then(() => true)")
    except UnexpectedAlertPresentException as alert:
        entry["alerts"].append(str(alert))
    scale = driver.execute_script(
        "const g = document.querySelector('.gallery, .repo-widgets');"
        "return g ? (parseFloat(getComputedStyle(g).zoom) || 1) : 1;")
    entry.update(driver.execute_script(CHECKS_JS, scale))

    entry["console"] = kit.console_errors(driver)
    entry["csp"] = driver.execute_script("return window.__cspViolations || ['no listener']")
    # After the console is read: the refused probe logs an error of its own.
    entry["inlineBlocked"] = driver.execute_script(INLINE_PROBE_JS)
    driver.get_log("browser")
    if args.axe:
        entry["axe"] = kit.axe_violations(driver, nodes=3)
    name = spec.replace("/", "_").replace("@", "-").replace(".html", "") + ".png"
    screenshot(driver, shots / name)
    entry["screenshot"] = name
    entry["seconds"] = round(time.monotonic() - page_started, 2)
    return entry


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--report", required=True)
    kit.add_browser_arguments(parser)
    parser.add_argument("--axe", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--serve", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()

    started = time.monotonic()
    site = pathlib.Path(args.site).resolve()
    shots = pathlib.Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    report = {"pages": [], "screenshots": str(shots.resolve())}
    needs = (kit.NO_SCROLLBARS, kit.EXACT_PIXELS, kit.FILE_ACCESS)
    with (kit.chromium(args, *needs, console=True, script_timeout=60) as driver,
          kit.served(site) if args.serve else contextlib.nullcontext(None) as base):
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": kit.CSP_LISTENER_JS})
        for spec in args.pages:
            report["pages"].append(check_page(driver, args, site, base, shots, spec))
    report["seconds"] = round(time.monotonic() - started, 2)
    kit.write_report(args.report, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
