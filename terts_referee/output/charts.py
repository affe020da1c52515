"""The SVG charts, one implementation for every page that draws one: the sheet's running
totals by deal (``running_totals_svg``), the season's lines over its games
(``line_chart_svg``: the wins, the ratings) and its bars (``rate_bars_svg``), with what they
share: the axes' rounded ranges and labels, the coordinates, the palette, and the legend,
which wraps onto as many rows as its names need (a club of seven players names all seven).

The charts take their words already said (titles, axis labels, the legend's texts) in the
page's language: this module reads no catalogue. User text is HTML-escaped here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import NamedTuple

__all__ = [
    "PALETTE",
    "LineWords",
    "SheetChartWords",
    "legend_rows",
    "line_chart_svg",
    "nice_step",
    "num",
    "rate_bars_svg",
    "running_totals_svg",
    "x_step",
    "y_range",
]

#: The sheet's two colours first, then more for a club of players.
PALETTE = ("#1f4e99", "#b22222", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#6d4c41", "#555555")

_FONT = 'font-family="DejaVu Sans, Arial, sans-serif" font-size="12"'
_CHAR = 7.5  # the width of a character of the legend's 12-unit text, about (DejaVu Sans)
_ROW = 20  # the height of a legend row


def num(value: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def nice_step(raw: float) -> int:
    """The round step (1, 2, 5 times a power of ten) at least ``raw``."""
    if raw <= 1:
        return 1
    base = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * base >= raw:
            return int(m * base)
    return int(10 * base)  # pragma: no cover - the loop always returns


def y_range(values: list[int], ticks: int = 8) -> tuple[int, int, int]:
    """A rounded (low, high, step) that holds every value, 0 included, with room above."""
    lo, hi = min([0, *values]), max([0, *values])
    if hi == lo:
        hi = lo + 100
    step = nice_step((hi - lo) / ticks)
    low = math.floor(lo / step) * step
    high = math.ceil(hi / step) * step
    if high == hi:
        high += step
    return low, high, step


def x_step(count: int, room: int) -> int:
    """Label every deal, or every 2nd, 5th, 10th… so that at most ``room`` labels show."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if count / step <= room:
            return step
    return max(1, count // max(room, 1))


def legend_rows(widths: Sequence[float], left: float, right: float) -> list[tuple[float, int]]:
    """Where each legend item goes, (x, row), items of ``widths`` laid left to right from
    ``left`` and wrapped before ``right``: every item is placed, on as many rows as it takes."""
    placed, x, row = [], left, 0
    for width in widths:
        if x > left and x + width > right:
            x, row = left, row + 1
        placed.append((x, row))
        x += width
    return placed


def _frame(width: int, height: int, css: str, title: str, attributes: str = "") -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" class="{css}" {_FONT}{attributes}>',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]


# --- the sheet: both players' running totals by deal -------------------------------------------

_SVG_W, _SVG_H = 720, 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 24, 48, 52


class SheetChartWords(NamedTuple):
    """The sheet chart's words, said: its title, the axes, the word before a target, the line
    shown with no deal, the word of a deal in a marker's tip."""

    title: str
    x_label: str
    y_label: str
    target: str
    empty: str
    deal: str


def running_totals_svg(
    players: Sequence[str],
    series: Sequence[tuple[int, dict[str, int]]],
    targets: dict[str, int],
    legend: Sequence[str],
    words: SheetChartWords,
) -> str:
    """Both players' running totals per deal, from 0 before deal 1, against their targets.

    ``series``: (deal number, running totals) of each deal counted; ``legend``: each player's
    text. One ``<polyline data-player=…>`` per player whose vertex ``i`` is deal ``i`` (0 = the
    start); the vertices after the start are also ``<circle data-deal data-total>``; one dashed
    ``<line data-player data-target>`` per player. The root carries ``data-y0`` (the pixel y of 0
    points) and ``data-scale`` (pixels per point): points = (y0 − y) / scale.
    """
    values = [v for _, totals in series for v in totals.values()] + list(targets.values())
    low, high, step = y_range(values)
    widths = [28 + max(200, 7.2 * len(text) + 24) for text in legend]
    places = legend_rows(widths, _LEFT, _SVG_W - _RIGHT)
    extra = _ROW * (max((row for _, row in places), default=0))
    height = _SVG_H + extra

    x_left, x_right, y_top, y_bottom = _LEFT, _SVG_W - _RIGHT, _TOP + extra, height - _BOTTOM
    count = len(series)
    dx = (x_right - x_left) / max(count, 1)
    scale = (y_bottom - y_top) / (high - low)
    y0 = y_bottom + low * scale

    def x_at(i: int) -> float:
        return x_left + i * dx

    def y_at(value: float) -> float:
        return y0 - value * scale

    data = f' data-deals="{count}" data-y0="{y0:.4f}" data-scale="{scale:.6f}"'
    out = _frame(_SVG_W, height, "terts-chart", words.title, data)

    # grid and y ticks
    out.append('<g class="y-axis" fill="#333333" text-anchor="end">')
    value = low
    while value <= high:
        y = num(y_at(value))
        colour = "#999999" if value == 0 else "#e3e3e3"
        out.append(
            f'<line x1="{x_left}" x2="{x_right}" y1="{y}" y2="{y}" stroke="{colour}" '
            f'stroke-width="1"/>'
        )
        out.append(f'<text x="{x_left - 6}" y="{num(y_at(value) + 4)}">{value}</text>')
        value += step
    out.append("</g>")

    # x ticks: deals 0..count
    every = x_step(max(count, 1), 16)
    out.append('<g class="x-axis" fill="#333333" text-anchor="middle">')
    out.append(
        f'<line x1="{x_left}" x2="{x_right}" y1="{y_bottom}" y2="{y_bottom}" '
        f'stroke="#333333" stroke-width="1"/>'
    )
    out.append(
        f'<line x1="{x_left}" x2="{x_left}" y1="{y_top}" y2="{y_bottom}" '
        f'stroke="#333333" stroke-width="1"/>'
    )
    shown = [i for i in range(count + 1) if i % every == 0 or i == count]
    if len(shown) > 1 and shown[-1] - shown[-2] < every / 2:
        shown.pop(-2)  # the last deal's label would touch the one before it
    for i in shown:
        x = num(x_at(i))
        out.append(
            f'<line x1="{x}" x2="{x}" y1="{y_bottom}" y2="{y_bottom + 4}" stroke="#333333"/>'
        )
        out.append(f'<text x="{x}" y="{y_bottom + 17}">{i}</text>')
    out.append("</g>")

    # axis titles
    out.append(
        f'<text class="x-label" x="{num((x_left + x_right) / 2)}" y="{height - 12}" '
        f'text-anchor="middle" fill="#000000">{escape(words.x_label)}</text>'
    )
    mid_y = num((y_top + y_bottom) / 2)
    out.append(
        f'<text class="y-label" x="16" y="{mid_y}" text-anchor="middle" fill="#000000" '
        f'transform="rotate(-90 16 {mid_y})">{escape(words.y_label)}</text>'
    )

    # targets: one dashed line per player; equal targets alternate their dashes on one line,
    # with a gap between each two (dashes of 6 and gaps of 6, offset by 6, would meet end to
    # end and draw a solid line)
    same = len(set(targets.values())) == 1
    dashes = "6 12" if same else "6 6"
    out.append('<g class="targets">')
    for i, p in enumerate(players):
        y = num(y_at(targets[p]))
        offset = f' stroke-dashoffset="{9 * i}"' if same else ""
        out.append(
            f'<line x1="{x_left}" x2="{x_right}" y1="{y}" y2="{y}" stroke="{PALETTE[i]}" '
            f'stroke-width="1.5" stroke-dasharray="{dashes}"{offset} '
            f'data-player="{escape(p)}" data-target="{targets[p]}"/>'
        )
    labelled: list[float] = []
    for i, p in enumerate(players):
        if same and i:
            break
        text = f"{words.target} {targets[p]}" if same else f"{p}: {words.target} {targets[p]}"
        label_y = y_at(targets[p]) - 5
        if any(abs(label_y - other) < 14 for other in labelled):
            label_y += 19  # below its line, clear of the other label
        labelled.append(label_y)
        colour = "#333333" if same else PALETTE[i]
        out.append(
            f'<text class="target-label" x="{x_left + 6}" y="{num(label_y)}" fill="{colour}">'
            f"{escape(text)}</text>"
        )
    out.append("</g>")

    if not series:
        out.append(
            f'<text x="{num((x_left + x_right) / 2)}" y="{num((y_top + y_bottom) / 2)}" '
            f'text-anchor="middle" fill="#777777">{escape(words.empty)}</text>'
        )

    # the players' lines; the second player's markers are hollow, for black-and-white print
    radius = "3.5" if count <= 20 else "2.5"
    for i, p in enumerate(players):
        name = escape(p)
        points = [(x_at(0), y_at(0))] + [
            (x_at(k), y_at(totals[p])) for k, (_, totals) in enumerate(series, start=1)
        ]
        coords = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        out.append(f'<g class="player" data-player="{name}">')
        out.append(
            f'<polyline fill="none" stroke="{PALETTE[i]}" stroke-width="2" '
            f'stroke-linejoin="round" data-player="{name}" points="{coords}"/>'
        )
        fill = PALETTE[i] if i == 0 else "#ffffff"
        for k, (number, totals) in enumerate(series, start=1):
            tip = f"{p}, {words.deal} {number}: {totals[p]}"
            out.append(
                f'<circle cx="{num(x_at(k))}" cy="{num(y_at(totals[p]))}" r="{radius}" '
                f'fill="{fill}" stroke="{PALETTE[i]}" stroke-width="1.5" '
                f'data-player="{name}" data-deal="{number}" data-total="{totals[p]}">'
                f"<title>{escape(tip)}</title></circle>"
            )
        out.append("</g>")

    # legend: a row each as many as the names take
    out.append('<g class="legend" fill="#000000">')
    for i, (p, text, (lx, row)) in enumerate(zip(players, legend, places, strict=True)):
        fill = PALETTE[i] if i == 0 else "#ffffff"
        ly = 20 + _ROW * row
        out.append(
            f'<line x1="{num(lx)}" x2="{num(lx + 22)}" y1="{ly}" y2="{ly}" '
            f'stroke="{PALETTE[i]}" stroke-width="2"/>'
        )
        out.append(
            f'<circle cx="{num(lx + 11)}" cy="{ly}" r="3.5" fill="{fill}" '
            f'stroke="{PALETTE[i]}" stroke-width="1.5"/>'
        )
        out.append(
            f'<text class="legend-name" x="{num(lx + 28)}" y="{ly + 4}" '
            f'data-player="{escape(p)}">{escape(text)}</text>'
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


# --- the season: a line a player over its games, a bar a player --------------------------------

_W, _H = 720, 340
_L, _R, _T, _B = 56, 24, 56, 48


class LineWords(NamedTuple):
    """A season line chart's words, said: its title, its y axis, its x axis (the game), the
    line shown with no game."""

    title: str
    y_label: str
    x_label: str
    empty: str


def line_chart_svg(
    kind: str,
    words: LineWords,
    count: int,
    span: tuple[int, int, int],
    lines: Sequence[tuple[str, str, list[tuple[int, float]], str]],
) -> str:
    """A chart of one line a player over the season's games: ``kind`` its class, ``count``
    the games (x), ``span`` the y axis (low, high, step), ``lines`` each player's (name, the
    line's data attributes, its points (game, value), the legend's label). A line of one point
    is drawn as a dot. Every player is in the legend, on as many rows as the names take."""
    low, high, step = span
    places = legend_rows([40 + _CHAR * len(label) for *_, label in lines], _L, _W - 10)
    extra = _ROW * (max((row for _, row in places), default=0))
    height = _H + extra
    x_left, x_right, y_top, y_bottom = _L, _W - _R, _T + extra, height - _B
    dx = (x_right - x_left) / max(count, 1)
    scale = (y_bottom - y_top) / (high - low)

    def x(i: float) -> float:
        return x_left + i * dx

    def y(v: float) -> float:
        return y_bottom - (v - low) * scale

    out = _frame(_W, height, f"season-chart {kind}", words.title, f' data-games="{count}"')
    out.append('<g class="y-axis" fill="#333333" text-anchor="end">')
    v = low
    while v <= high:
        out.append(
            f'<line x1="{x_left}" x2="{x_right}" y1="{num(y(v))}" y2="{num(y(v))}" '
            f'stroke="{"#999999" if v == 0 else "#e3e3e3"}"/>'
        )
        out.append(f'<text x="{x_left - 6}" y="{num(y(v) + 4)}">{v}</text>')
        v += step
    out.append("</g>")
    out.append('<g class="x-axis" fill="#333333" text-anchor="middle">')
    out.append(
        f'<line x1="{x_left}" x2="{x_right}" y1="{y_bottom}" y2="{y_bottom}" stroke="#333333"/>'
    )
    every = x_step(max(count, 1), 16)
    for i in range(count + 1):
        if i % every == 0 or i == count:
            out.append(f'<text x="{num(x(i))}" y="{y_bottom + 17}">{i}</text>')
    out.append("</g>")
    middle = num((y_top + y_bottom) / 2)
    out.append(
        f'<text x="{num((x_left + x_right) / 2)}" y="{height - 10}" text-anchor="middle">'
        f"{escape(words.x_label)}</text>"
    )
    out.append(
        f'<text x="16" y="{middle}" text-anchor="middle" '
        f'transform="rotate(-90 16 {middle})">{escape(words.y_label)}</text>'
    )
    if not count:
        out.append(
            f'<text x="{num((x_left + x_right) / 2)}" y="{middle}" '
            f'text-anchor="middle" fill="#777777">{escape(words.empty)}</text>'
        )
    for k, ((name, attributes, points, label), (lx, row)) in enumerate(
        zip(lines, places, strict=True)
    ):
        colour = PALETTE[k % len(PALETTE)]
        coords = " ".join(f"{num(x(i))},{num(y(v))}" for i, v in points)
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" stroke-linejoin="round" '
            f'data-player="{escape(name)}" {attributes} points="{coords}"/>'
        )
        if len(points) == 1:  # one game: a dot, as a line of one point shows nothing
            ((at, value),) = points
            out.append(f'<circle cx="{num(x(at))}" cy="{num(y(value))}" r="3" fill="{colour}"/>')
        ly = 24 + _ROW * row
        out.append(
            f'<line x1="{num(lx)}" x2="{num(lx + 20)}" y1="{ly}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="3"/>'
            f'<text x="{num(lx + 26)}" y="{ly + 4}" class="legend-name">{escape(label)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)


def rate_bars_svg(title: str, rows: Sequence[tuple[str, str, float, str]]) -> str:
    """A horizontal bar a player: ``rows`` of (name, the name as shown, the rate 0..1, the
    text beside the bar), the rate as ``data-win-rate``."""
    row = 28
    height = _T + row * max(len(rows), 1) + 24
    left, right = 150, _W - 110
    out = _frame(_W, height, "season-chart rates", title)
    out.append(f'<text x="{left}" y="24" font-weight="bold">{escape(title)}</text>')
    for pct in (0, 25, 50, 75, 100):
        gx = num(left + (right - left) * pct / 100)
        out.append(
            f'<line x1="{gx}" x2="{gx}" y1="{_T - 16}" y2="{height - 20}" stroke="#e3e3e3"/>'
            f'<text x="{gx}" y="{height - 6}" text-anchor="middle" fill="#333333">{pct}%</text>'
        )
    for k, (name, shown, rate, beside) in enumerate(rows):
        top = _T - 12 + k * row
        width = (right - left) * rate
        colour = PALETTE[k % len(PALETTE)]
        out.append(
            f'<text x="{left - 8}" y="{top + 15}" text-anchor="end">{escape(shown)}</text>'
            f'<rect x="{left}" y="{top}" width="{num(width)}" height="{row - 10}" '
            f'fill="{colour}" data-player="{escape(name)}" data-win-rate="{rate}"/>'
            f'<text x="{num(left + width + 6)}" y="{top + 15}" fill="#333333">'
            f"{escape(beside)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)
