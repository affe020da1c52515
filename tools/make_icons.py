"""Draw the page's icons: ``icon.svg`` and its PNGs (192, 512, a maskable 512, the 180 of
Apple's home screen) into ``terts_referee/web/static``.

Three cards fanned out, a terts, the front one with a red heart, on the page's green. The same
shapes are written as SVG and rasterised here in pure Python (no imaging library: the repository
needs none), each pixel the mean of 4 x 4 samples. The output is the same bytes on every run, so
a changed icon shows in the diff only when the drawing changed.

    python tools/make_icons.py          # about half a minute
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "terts_referee" / "web" / "static"

GREEN = (0x1F, 0x5F, 0x3F)  # app.css --accent, the manifest's theme colour
CARD = (0xFF, 0xFF, 0xFF)
EDGE = (0x1D, 0x1D, 0x1B)  # app.css --fg
RED = (0xB3, 0x26, 0x1E)  # app.css --red

# The drawing in a unit square, y down: cards (w, h, corner) turned about a pivot below them.
CARD_W, CARD_H, CARD_R, EDGE_W = 0.34, 0.50, 0.045, 0.014
CENTRE = (0.5, 0.50)
PIVOT = (0.5, 1.05)
ANGLES = (-20.0, 20.0, 0.0)  # drawn in this order: the middle card on top
HEART = (0.5, 0.50, 0.125)  # centre and half width of the heart on the front card
SAMPLES = 4


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> bool:
    """(x, y) relative to the rectangle's centre inside it, corners rounded by r."""
    dx, dy = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    if dx <= 0 or dy <= 0:
        return abs(x) <= w / 2 and abs(y) <= h / 2
    return dx * dx + dy * dy <= r * r


def _heart(x: float, y: float) -> bool:
    """The heart curve (x² + y² − 1)³ ≤ x² y³, in its own units, y up."""
    a = x * x + y * y - 1
    return a * a * a - x * x * y * y * y <= 0


def _card_local(x: float, y: float, angle: float) -> tuple[float, float]:
    """(x, y) in the frame of the card turned by ``angle`` degrees about the pivot."""
    a = math.radians(-angle)
    px, py = PIVOT
    rx, ry = x - px, y - py
    ux = rx * math.cos(a) - ry * math.sin(a) + px
    uy = rx * math.sin(a) + ry * math.cos(a) + py
    return ux - CENTRE[0], uy - CENTRE[1]


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The colour at (x, y) of the unit square (RGBA)."""
    if maskable:  # the whole square is painted; the drawing keeps to the safe circle (80 %)
        x, y = (x - 0.5) / 0.8 + 0.5, (y - 0.5) / 0.8 + 0.5
    elif not _rounded_rect(x - 0.5, y - 0.5, 1.0, 1.0, 0.2):
        return (0, 0, 0, 0)
    found: tuple[int, int, int] = GREEN
    for angle in ANGLES:
        lx, ly = _card_local(x, y, angle)
        if _rounded_rect(lx, ly, CARD_W, CARD_H, CARD_R):
            inner = _rounded_rect(lx, ly, CARD_W - 2 * EDGE_W, CARD_H - 2 * EDGE_W, CARD_R - EDGE_W)
            found = CARD if inner else EDGE
            if inner and angle == 0.0:
                hx, hy, size = HEART
                # the curve spans about 2.3 of its units across: scale it to the heart's width
                s = 1.15 / size
                if _heart((x - hx) * s, -(y - hy) * s - 0.15):
                    found = RED
    return (*found, 255)


def render(size: int, maskable: bool = False) -> bytes:
    """The icon as ``size`` x ``size`` RGBA rows, each pixel the mean of the samples."""
    rows = bytearray()
    step = 1 / (size * SAMPLES)
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                y = (py * SAMPLES + sy + 0.5) * step
                for sx in range(SAMPLES):
                    x = (px * SAMPLES + sx + 0.5) * step
                    r, g, b, a = colour_at(x, y, maskable)
                    total[0] += r * a
                    total[1] += g * a
                    total[2] += b * a
                    total[3] += a
            alpha = total[3]
            n = SAMPLES * SAMPLES
            if alpha:
                rows += bytes((round(total[0] / alpha), round(total[1] / alpha)))
                rows += bytes((round(total[2] / alpha), round(alpha / n)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def svg() -> str:
    """The same drawing as SVG, in a 512 box."""
    k = 512
    w, h, r, e = CARD_W * k, CARD_H * k, CARD_R * k, EDGE_W * k
    cx, cy = CENTRE[0] * k, CENTRE[1] * k
    px, py = PIVOT[0] * k, PIVOT[1] * k
    cards = []
    for angle in ANGLES:
        cards.append(
            f'<g transform="rotate({angle:g} {px:g} {py:g})">'
            f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" '
            f'rx="{r:g}" fill="{_hex(EDGE)}"/>'
            f'<rect x="{cx - w / 2 + e:g}" y="{cy - h / 2 + e:g}" width="{w - 2 * e:g}" '
            f'height="{h - 2 * e:g}" rx="{r - e:g}" fill="{_hex(CARD)}"/></g>'
        )
    hx, hy, size = (v * k for v in HEART)
    # the heart curve's outline, found along rays from its centre: the very shape the PNGs
    # are drawn from (the curve is star-shaped about its origin)
    points = []
    s = 1.15 / size
    for i in range(120):
        t = 2 * math.pi * i / 120
        inside, outside = 0.0, 2.0
        for _ in range(30):
            mid = (inside + outside) / 2
            if _heart(mid * math.cos(t), mid * math.sin(t)):
                inside = mid
            else:
                outside = mid
        u, v = inside * math.cos(t), inside * math.sin(t)
        points.append(f"{hx + u / s:.1f},{hy - (v + 0.15) / s:.1f}")
    heart = f'<polygon points="{" ".join(points)}" fill="{_hex(RED)}"/>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {k} {k}" width="{k}" height="{k}">'
        f'<rect width="{k}" height="{k}" rx="{0.2 * k:g}" fill="{_hex(GREEN)}"/>'
        + "".join(cards)
        + heart
        + "</svg>\n"
    )


def main() -> None:
    (STATIC / "icon.svg").write_text(svg(), encoding="utf-8")
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable.png", 512, True),
        ("apple-touch-icon.png", 180, True),  # Apple rounds the corners itself
    ):
        (STATIC / name).write_bytes(png(size, render(size, maskable)))
        print(f"wrote {STATIC / name}")


if __name__ == "__main__":
    main()
