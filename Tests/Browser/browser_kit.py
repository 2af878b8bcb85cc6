"""What every browser check (Tests/Browser/check_*.py) sets up the same way: headless Chromium through
selenium, a quiet HTTP server on 127.0.0.1 for a built site, the emulated colour scheme, axe-core's
violations, the console's errors, and the JSON report the Swift suites decode.

The checks run as scripts, so this folder is on their import path: `import browser_kit`.
"""

import argparse
import contextlib
import functools
import http.server
import json
import pathlib
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

COLOUR_SCHEMES = ("light", "dark")

# Flags a check adds to the headless ones, by what it needs of Chromium.
# Pixel measurements: one device pixel a CSS pixel, glyphs placed as drawn, not snapped.
EXACT_PIXELS = ("--force-device-scale-factor=1", "--font-render-hinting=none")
# Pages and images loaded from file:// may read each other (an SVG drawn onto a canvas).
FILE_ACCESS = ("--allow-file-access-from-files",)
# Going back loads the page from the server again, as a browsing session must see it.
NO_BACK_FORWARD_CACHE = ("--disable-features=BackForwardCache",)
# The layout viewport is the whole window: widths measured in it are exact.
NO_SCROLLBARS = ("--hide-scrollbars",)

HEADLESS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")

# Installed through CDP before each document's own scripts: every violation of the page's policy.
CSP_LISTENER_JS = r"""
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || ''}:${e.lineNumber} (${(e.sample || '').slice(0, 60)})`);
});
"""

# The size an image (its URL the first argument) decodes at as an <img>; 0 x 0 where it does not.
IMAGE_SIZE_JS = r"""
const done = arguments[arguments.length - 1];
const img = new Image();
img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
img.onerror = () => done({ width: 0, height: 0 });
img.src = arguments[0];
"""

# The start of a script that measures an SVG inline: puts its markup (the first argument) into a blank
# page and measures from its top left corner: `width` and `height` (of its viewBox), `rect(el)` (an
# element's box, {l, t, r, b}), `texts` (the <text>s with text), `tolerance`, and `pad` (the padding
# a card keeps clear either side).
INLINE_SVG_JS = r"""
document.body.innerHTML = arguments[0];
const svg = document.querySelector('svg');
const width = svg.viewBox.baseVal.width, height = svg.viewBox.baseVal.height;
const origin = svg.getBoundingClientRect();
const tolerance = 0.5, pad = 16;
const rect = el => { const r = el.getBoundingClientRect();
  return { l: r.left - origin.left, t: r.top - origin.top, r: r.right - origin.left, b: r.bottom - origin.top }; };
const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
"""

# The page that an earlier navigation left (marked by `mark_leaving`) is gone and the next has loaded.
_NEXT_PAGE_LOADED_JS = "return window.__leaving === undefined && document.readyState === 'complete'"

_AXE_RUN_JS = (
    "const done = arguments[arguments.length - 1];"
    "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations),"
    " e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
)


def add_browser_arguments(parser: argparse.ArgumentParser) -> None:
    """--chromium and --chromedriver, Debian's by default."""
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")


@contextlib.contextmanager
def chromium(args, *needs, window=None, console=False, script_timeout=None):
    """Headless Chromium with the flags of `needs` (EXACT_PIXELS, FILE_ACCESS, ...), quit on leaving;
    `window` is (width, height); `console` keeps the console's messages for `console_errors`."""
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    flags = list(HEADLESS) + [flag for need in needs for flag in need]
    if window:
        flags.append(f"--window-size={window[0]},{window[1]}")
    for flag in flags:
        options.add_argument(flag)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    try:
        if script_timeout:
            driver.set_script_timeout(script_timeout)
        yield driver
    finally:
        driver.quit()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served(folder):
    """The folder over HTTP on 127.0.0.1 (an ephemeral port), in a thread, without a log line a request;
    yields its base URL, ending in "/". As GitHub Pages serves a site: no headers of its own."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@contextlib.contextmanager
def blank_page(driver, folder, name):
    """An empty page `name` written into `folder` and opened from file://, for markup a check puts in
    it; removed after."""
    page = pathlib.Path(folder) / name
    page.write_text("<!doctype html><meta charset=utf-8><body style=margin:0>", encoding="utf-8")
    try:
        driver.get(page.as_uri())
        yield page
    finally:
        page.unlink(missing_ok=True)


def set_colour_scheme(driver, scheme):
    """What `prefers-color-scheme` answers from now on: "light" or "dark"."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@functools.cache
def _axe_source():
    from axe_selenium_python.axe import _DEFAULT_SCRIPT  # the axe-core build the package ships

    return pathlib.Path(_DEFAULT_SCRIPT).read_text(encoding="utf-8")


def axe_violations(driver, nodes=0):
    """Every axe-core violation on the page, one line each: `id (impact): help`, followed by the
    markup of the first `nodes` elements at fault where `nodes` is more than 0."""
    driver.execute_script(_axe_source())
    lines = []
    for violation in driver.execute_async_script(_AXE_RUN_JS):
        line = f"{violation['id']} ({violation['impact']}): {violation['help']}"
        if nodes:
            line += " — " + "; ".join(n.get("html", "")[:100] for n in violation["nodes"][:nodes])
        lines.append(line)
    return lines


def console_errors(driver):
    """The console's errors since the last read (the driver started with `console=True`)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def live_reload_connected(driver):
    """Whether `serve`'s live-reload script has opened its socket on this page."""
    return driver.execute_script(
        "return document.documentElement.getAttribute('data-repowatch-live-reload')") == "connected"


def mark_leaving(driver):
    """Marks the page about to be left, so that `next_page_loaded` tells it from the next one."""
    driver.execute_script("window.__leaving = true")


def next_page_loaded(driver):
    """The page marked by `mark_leaving` is gone and its successor has loaded."""
    return driver.execute_script(_NEXT_PAGE_LOADED_JS)


@contextlib.contextmanager
def report_kept(path, report):
    """Yields `report` and writes it on leaving, however the check ends: what a session saw up to the
    step that failed is what tells why."""
    try:
        yield report
    finally:
        write_report(path, report)


def write_report(path, report):
    """The report as the Swift suites read it: indented JSON, UTF-8, characters as they are."""
    pathlib.Path(path).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
