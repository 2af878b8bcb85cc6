#!/usr/bin/env python3
"""Remakes the README's pictures: the sample gallery and one SVG widget, in headless Chromium.

    python3 scripts/screenshots.py [--binary .build/debug/repowatch-site] [--out docs/images]

It builds the example site.yml with `--sample` (bundled sample data, no network) at a fixed "now", so
the pictures change only when the widgets do, then writes
  docs/images/gallery.png        the top of the gallery, 1200 × 800
  docs/images/widget-large.png   repos/apple/swift/large.svg as an <img> would show it, at 2×
  docs/images/insights-1280.png  the top of the insights page on a laptop, 1280 px wide
  docs/images/insights-390.png   the top of the insights page on a phone, 390 px wide
Needs what the browser tests need: Debian's chromium and chromium-driver, and selenium (see
scripts/test.sh). When Debian's pngquant is installed the PNGs are made smaller with it.
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOW = "2026-11-22T12:00:00Z"
WIDGET = "repos/apple/swift/large.svg"

# Waits for web fonts and images, so the picture never catches a half-loaded page.
READY_JS = r"""
const done = arguments[arguments.length - 1];
Promise.all([document.fonts.ready, ...[...document.images].map(i => i.decode().catch(() => null))])
  .then(() => done(true));
"""


def build(binary, folder):
    shutil.copy(ROOT / "site.yml", folder / "site.yml")
    env = dict(os.environ, REPOWATCH_NOW=NOW)
    subprocess.run([str(binary), "build", "--sample", "--config", str(folder / "site.yml")],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    return folder / "public"


def browser(args, width, height, scale):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--allow-file-access-from-files", f"--window-size={width},{height}",
                 f"--force-device-scale-factor={scale}", "--force-color-profile=srgb", "--lang=en-US"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(args.chromedriver), options=options)


def shoot(driver, url, path, element=None):
    driver.set_script_timeout(30)
    driver.get(url)
    driver.execute_async_script(READY_JS)
    if element:
        driver.find_element(By.CSS_SELECTOR, element).screenshot(str(path))
    else:
        driver.save_screenshot(str(path))


def shrink(path):
    pngquant = shutil.which("pngquant")
    if pngquant:
        subprocess.run([pngquant, "--force", "--skip-if-larger", "--strip", "--quality=70-95",
                        "--output", str(path), str(path)], check=False)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/debug/repowatch-site"))
    parser.add_argument("--out", default=str(ROOT / "docs/images"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"screenshots: no repowatch-site at {args.binary}: run `swift build` first, or give --binary")
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="repowatch-screenshots-") as scratch:
        site = build(args.binary, pathlib.Path(scratch))
        driver = browser(args, 1200, 800, 1)
        try:
            shoot(driver, (site / "index.html").as_uri(), out / "gallery.png")
        finally:
            driver.quit()
        # The dashboard as a laptop and a phone show it: two cards a row, then one.
        for width, height in ((1280, 1100), (390, 1500)):
            driver = browser(args, width, height, 1)
            try:
                shoot(driver, (site / "insights/index.html").as_uri(), out / f"insights-{width}.png")
            finally:
                driver.quit()
        # The SVG as a README shows it: an <img>, at the 2× of most screens.
        page = pathlib.Path(scratch) / "widget.html"
        page.write_text(f'<!doctype html><body style="margin:0;padding:16px;background:#e5e5ea">'
                        f'<img id="w" src="{(site / WIDGET).as_uri()}"></body>', encoding="utf-8")
        driver = browser(args, 800, 800, 2)
        try:
            shoot(driver, page.as_uri(), out / "widget-large.png", element="#w")
        finally:
            driver.quit()
    for name in ("gallery.png", "widget-large.png", "insights-1280.png", "insights-390.png"):
        shrink(out / name)


if __name__ == "__main__":
    main()
