#!/usr/bin/env python3
"""Writes Templates/assets/share.png: the picture a shared link to the site shows where a page has no
PNG or JPEG of its own (og:image). It is the site's mark (the favicon in layout.mustache: two widgets
on a dark square) at 512 x 512, drawn here with the standard library alone, so it can be remade
without an image editor:

    python3 scripts/make-share-image.py [OUTPUT]
"""

import os
import struct
import sys
import zlib

SIZE = 512
GRID = 32  # the favicon's viewBox
SAMPLES = 4  # per pixel and axis, for smooth corners
BACKGROUND = (0x11, 0x11, 0x11)
# (x, y, width, height, corner radius, colour) in the favicon's 32 x 32 grid
BARS = [
    (5, 6, 22, 9, 3, (0x32, 0xD3, 0x5A)),
    (5, 18, 22, 9, 3, (0xFF, 0xFF, 0xFF)),
]


def inside(px, py, bar):
    x, y, w, h, r, _ = bar
    if not (x <= px <= x + w and y <= py <= y + h):
        return False
    cx = min(max(px, x + r), x + w - r)
    cy = min(max(py, y + r), y + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def pixel(column, row):
    totals = [0, 0, 0]
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            gx = (column + (sx + 0.5) / SAMPLES) * GRID / SIZE
            gy = (row + (sy + 0.5) / SAMPLES) * GRID / SIZE
            colour = next((bar[5] for bar in BARS if inside(gx, gy, bar)), BACKGROUND)
            for i in range(3):
                totals[i] += colour[i]
    return bytes(round(t / SAMPLES ** 2) for t in totals)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png():
    rows = b"".join(b"\x00" + b"".join(pixel(c, r) for c in range(SIZE)) for r in range(SIZE))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "Templates", "assets", "share.png")
    with open(output, "wb") as file:
        file.write(png())
