"""Exports of the score sheet: the printable HTML page, its SVG chart, the terminal chart.

The sheet dicts are built by hand in the shape of ``report.sheet_json`` (0, 1 and 40 deals,
totals below zero through penalties, targets raised uphill), and one comes from the demo game.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pytest

from terts_referee.errors import NotationError
from terts_referee.output.export import LABELS, chart_svg, chart_text, sheet_html
from tests.helpers import raises_verdict

if TYPE_CHECKING:
    from pathlib import Path

    from terts_referee.output.report.shapes import DealJSON, SheetJSON

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


# --- sheets built by hand -----------------------------------------------------------------------


def _deal(
    number: int, dealer: str, trump: str | None, last: str | None, points: dict[str, int]
) -> DealJSON:
    """A quick deal as ``sheet_json`` words one: ``points`` written for each player (card points
    what is not below zero, a penalty what is), no declaration, no notes, no times."""
    finished = trump is not None
    return {
        "number": number,
        "dealer": dealer,
        "trump": trump,
        "finished": finished,
        "last_trick": last,
        "card_points": {p: max(n, 0) for p, n in points.items()},
        "declarations": {p: 0 for p in points},
        "penalties": {p: min(n, 0) for p, n in points.items()},
        "points": dict(points),
        "totals": {p: 0 for p in points},
        "declared": [],
        "penalty_list": [],
        "tricks": 0,
        "quick": True,
        "timed_from": None,
        "claimed_by": None,
        "notices": [],
        "notes": [],
        "started": None,
        "ended": None,
    }


def make_sheet(
    points: list[tuple[int, int]],
    players: tuple[str, str] = ("Alice", "Bob"),
    target: int = 501,
    uphill: tuple[int, int] = (0, 0),
    finished: bool = False,
    winner: str | None = None,
    open_deal: bool = False,
) -> SheetJSON:
    """A sheet whose deals score ``points`` (each a pair, one per player), in order."""
    a, b = players
    running = {a: 0, b: 0}
    deals: list[DealJSON] = []
    trumps = ("hearts", "spades", "diamonds", "clubs")
    for n, (pa, pb) in enumerate(points, start=1):
        running = {a: running[a] + pa, b: running[b] + pb}
        deal = _deal(n, b if n % 2 else a, trumps[n % 4], a if n % 2 else b, {a: pa, b: pb})
        deal["totals"] = dict(running)
        deals.append(deal)
    if open_deal:  # not over: no trump yet, nothing written (its totals 0, as the sheet has it)
        deals.append(_deal(len(deals) + 1, a, None, None, {a: 0, b: 0}))
    return {
        "rules": "classic",
        "players": [a, b],
        "started": None,
        "target": target,
        "uphill": {a: uphill[0], b: uphill[1]},
        "targets": {a: target + uphill[0], b: target + uphill[1]},
        "totals": dict(running),
        "finished": finished,
        "winner": winner,
        "win_reason": None,
        "deals": deals,
        "notices": [],
        "set_aside": [],
    }


def penalised_sheet(players: tuple[str, str] = ("Alice", "Bob")) -> SheetJSON:
    """Bob's false declaration in deal 1 takes him below zero and 100 uphill (§6)."""
    a, b = players
    data = make_sheet([(130, -40), (60, 90), (-20, 170)], players, uphill=(0, 100))
    first = data["deals"][0]
    first["declared"] = [
        {
            "event": 2,
            "player": a,
            "status": "scored",
            "points": 20,
            "name": "терц от Дамы ♥",
            "table_name": "терц от Дамы ♥",
            "combo": "терц:Дч",
            "value": 20,
            "note": "",
            "restored": None,
            "kind": "sequence",
            "length": 3,
            "top": "Q",
            "suit": "hearts",
        },
        {
            "event": 3,
            "player": b,
            "status": "false",
            "points": 50,
            "name": "пятьдесят от Туза ♠",
            "table_name": "пятьдесят от Туза ♠",
            "combo": "50:Тп",
            "value": 50,
            "note": "",
            "restored": None,
            "kind": "sequence",
            "length": 4,
            "top": "A",
            "suit": "spades",
        },
    ]
    first["declarations"] = {a: 20, b: 0}
    first["penalty_list"] = [
        {
            "event": 4,
            "player": b,
            "kind": "false-declaration",
            "points": -100,
            "uphill": 100,
            "to_opponent": 0,
            "opponent": a,
            "says": "",
            "note": "",
            "automatic": False,
            "withdrawn": False,
        }
    ]
    first["penalties"] = {a: 0, b: -100}
    return data


def demo_sheet(tmp_path: Path) -> SheetJSON:
    from terts_referee.game.demo import play_demo
    from terts_referee.output.report.sheet import sheet_json

    g, _path = play_demo(tmp_path)
    return sheet_json(g, g.sheet())


def plotted(data: SheetJSON) -> list[DealJSON]:
    """The deals the chart draws: those whose points are written (over, or ended by a claim)."""
    return [d for d in data["deals"] if d["finished"] or d.get("claimed_by")]


SHEETS = {
    "no deals": lambda: make_sheet([]),
    "one deal": lambda: make_sheet([(90, 60)]),
    "forty deals": lambda: make_sheet([(n % 7 * 10, 150 - n % 7 * 10) for n in range(40)]),
    "below zero, uphill": penalised_sheet,
    "open last deal": lambda: make_sheet([(120, 50), (40, 110)], open_deal=True),
    "game over": lambda: make_sheet([(300, 20), (250, 10)], finished=True, winner="Alice"),
}


# --- parsing helpers ----------------------------------------------------------------------------


class Structure(HTMLParser):
    """Collects start tags and checks that every element closes in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.errors: list[str] = []
        self.doctype = ""
        self.html_lang: str | None = None
        self.text: list[str] = []

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "html":
            self.html_lang = dict(attrs).get("lang")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse_html(page: str) -> Structure:
    parser = Structure()
    parser.feed(page)
    parser.close()
    assert parser.errors == [], parser.errors
    assert parser.stack == [], f"unclosed: {parser.stack}"
    return parser


def svg_of(page: str) -> ET.Element:
    found = re.findall(r"<svg\b.*?</svg>", page, flags=re.S)
    assert len(found) == 1
    return ET.fromstring(found[0])


def attr(element: ET.Element, name: str) -> str:
    """An attribute the chart always writes: there, or the test fails naming it."""
    value = element.get(name)
    assert value is not None, f"<{element.tag}> has no {name}"
    return value


def circles(svg: ET.Element, player: str) -> list[ET.Element]:
    return [
        c for c in svg.iter(f"{SVG}circle") if c.get("data-player") == player and c.get("data-deal")
    ]


def polyline_totals(svg: ET.Element, player: str) -> list[int]:
    """The polyline's vertices mapped back to points with the root's data-y0 and data-scale."""
    (line,) = [p for p in svg.iter(f"{SVG}polyline") if p.get("data-player") == player]
    y0, scale = float(attr(svg, "data-y0")), float(attr(svg, "data-scale"))
    pairs = [pair.split(",") for pair in attr(line, "points").split()]
    xs = [float(x) for x, _ in pairs]
    assert xs == sorted(xs) and len(set(xs)) == len(xs), "one vertex a deal, left to right"
    return [round((y0 - float(y)) / scale) for _, y in pairs]


# --- the SVG chart -------------------------------------------------------------------------------


@pytest.mark.parametrize("case", SHEETS)
def test_svg_plots_each_running_total_and_target(case):
    """One vertex a deal from 0 before deal 1; circles carry the totals; a target line each."""
    data = SHEETS[case]()
    svg = ET.fromstring(chart_svg(data))
    assert svg.tag == f"{SVG}svg"
    assert svg.get("viewBox") and svg.get("width") and svg.get("height")
    deals = plotted(data)
    for p in data["players"]:
        expected = [d["totals"][p] for d in deals]
        assert [int(attr(c, "data-total")) for c in circles(svg, p)] == expected
        assert [int(attr(c, "data-deal")) for c in circles(svg, p)] == [d["number"] for d in deals]
        assert polyline_totals(svg, p) == [0, *expected]
        (target,) = [
            line
            for line in svg.iter(f"{SVG}line")
            if line.get("data-target") and line.get("data-player") == p
        ]
        assert int(attr(target, "data-target")) == data["targets"][p]
        assert target.get("stroke-dasharray")


def test_svg_target_lines_sit_at_the_targets():
    """The dashed lines are drawn at y(target), uphill included (§5: own target)."""
    data = penalised_sheet()
    svg = ET.fromstring(chart_svg(data))
    y0, scale = float(attr(svg, "data-y0")), float(attr(svg, "data-scale"))
    for line in svg.iter(f"{SVG}line"):
        if line.get("data-target"):
            assert round((y0 - float(attr(line, "y1"))) / scale) == int(attr(line, "data-target"))
    assert {int(v) for v in (data["targets"]["Alice"], data["targets"]["Bob"])} == {501, 601}


def test_svg_below_zero_stays_inside_the_plot():
    """A total under 0 (a penalty in deal 1) is drawn within the viewBox, below the 0 line."""
    data = penalised_sheet()
    svg = ET.fromstring(chart_svg(data))
    height = float(attr(svg, "viewBox").split()[3])
    y0 = float(attr(svg, "data-y0"))
    (first,) = [c for c in circles(svg, "Bob") if c.get("data-deal") == "1"]
    assert first.get("data-total") == "-40"
    assert y0 < float(attr(first, "cy")) < height


def test_svg_axis_labels_and_legend():
    svg_ru = ET.fromstring(chart_svg(make_sheet([(90, 60)]), "ru"))
    texts = ["".join(el.itertext()) for el in svg_ru.iter(f"{SVG}text")]
    assert "Сдача" in texts and "Очки" in texts
    svg_en = ET.fromstring(chart_svg(make_sheet([(90, 60)]), "en"))
    texts = ["".join(el.itertext()) for el in svg_en.iter(f"{SVG}text")]
    assert "Deal" in texts and "Points" in texts
    legend = [el for el in svg_en.iter(f"{SVG}text") if el.get("class") == "legend-name"]
    assert [el.get("data-player") for el in legend] == ["Alice", "Bob"]


def test_svg_empty_chart_says_so():
    svg = ET.fromstring(chart_svg(make_sheet([])))
    assert any("no deals yet" in "".join(el.itertext()) for el in svg.iter(f"{SVG}text"))


# --- the HTML page -------------------------------------------------------------------------------


@pytest.mark.parametrize("case", SHEETS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_html_is_one_balanced_document_with_one_svg(case, lang):
    data = SHEETS[case]()
    page = sheet_html(data, lang)
    assert page.startswith("<!DOCTYPE html>")
    parsed = parse_html(page)
    assert parsed.doctype.lower() == "doctype html"
    assert parsed.html_lang == lang
    assert parsed.tags.count("svg") == 1
    # the wide sheet and the compact one of a narrow screen (one shown, by the width)
    assert parsed.tags.count("table") == 2 and page.count('<table class="sheet compact">') == 1
    assert '<meta charset="utf-8">' in page
    assert "@media print" in page
    svg = svg_of(page)
    for p in data["players"]:
        assert [int(attr(c, "data-total")) for c in circles(svg, p)] == [
            d["totals"][p] for d in plotted(data)
        ]
    for body_rows in re.findall(r"<tbody>(.*?)</tbody>", page, flags=re.S):
        assert body_rows.count("<tr") == max(len(data["deals"]), 1)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ["Запись партии в терц", "Сдача", "Сдаёт", "Козырь", "Объявления", "Очки", "Итого"]),
        ("en", ["Terts score sheet", "Deal", "Dealer", "Trump", "Declarations", "Points", "Total"]),
    ],
)
def test_html_headers_in_each_language(lang, words):
    text = "".join(parse_html(sheet_html(penalised_sheet(), lang)).text)
    for word in words:
        assert word in text


def test_html_footer_target_with_uphill_and_the_winner():
    """The target row writes "501 + 100 в гору = 601" (§5, §6); the winner when over."""
    page = sheet_html(penalised_sheet(), "ru")
    text = "".join(parse_html(page).text)
    assert "501 + 100 в гору = 601" in text
    assert "Цель" in text
    assert "партия продолжается" in text
    over = "".join(parse_html(sheet_html(SHEETS["game over"](), "en")).text)
    assert "Winner" in over and "Alice — 550 / 501" in over


def test_html_rows_carry_the_sheet():
    """Trump symbol, the table's declaration names with points, penalties, deal points, total."""
    page = sheet_html(penalised_sheet(), "ru")
    text = "".join(parse_html(page).text)
    assert "♥" in text  # deal 1's trump
    assert "терц от Дамы ♥ 20" in text
    assert "пятьдесят от Туза ♠ 50" in text and "ложное" in text  # struck out, not scored
    assert "-100" in text and "100 в гору" in text
    assert "-40" in text  # Bob's total after deal 1
    en = "".join(parse_html(sheet_html(penalised_sheet(), "en")).text)
    assert "terts from Queen ♥ 20" in en


def test_html_open_deal_is_not_totalled():
    page = sheet_html(SHEETS["open last deal"](), "en")
    rows = re.findall(r"<tr class=\"open\">.*?</tr>", page, flags=re.S)
    assert len(rows) == 2 and all("…" in row for row in rows)  # the wide and the compact


HOSTILE = ("<script>alert(1)</script>", "[bold]Ann & \"Co\" 'x'")


def test_html_escapes_player_names():
    data = make_sheet([(90, 60), (-10, 80)], HOSTILE, finished=True, winner=HOSTILE[1])
    page = sheet_html(data, "en")
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "[bold]Ann &amp; &quot;Co&quot; &#x27;x&#x27;" in page
    parsed = parse_html(page)
    assert "script" not in parsed.tags
    text = "".join(parsed.text)
    assert HOSTILE[0] in text and HOSTILE[1] in text  # shown literally
    svg = svg_of(page)
    for p in HOSTILE:
        assert [int(attr(c, "data-total")) for c in circles(svg, p)] == [
            d["totals"][p] for d in data["deals"]
        ]
        assert polyline_totals(svg, p) == [0, *(d["totals"][p] for d in data["deals"])]


def test_unknown_language_is_refused():
    with raises_verdict(NotationError, "err.lang", "expected en, ru, uk"):
        sheet_html(make_sheet([]), "de")


def test_every_label_is_an_export_word():
    """The labels are the ``export.*`` codes (their words in every language: tests/i18n)."""
    assert LABELS and all(key.startswith("export.") for key in LABELS)


# --- the demo game -------------------------------------------------------------------------------


def test_demo_game_exports(tmp_path):
    """The bundled sample game, through sheet_json: every written total is on the chart."""
    data = demo_sheet(tmp_path)
    page = sheet_html(data, "ru")
    parsed = parse_html(page)
    assert parsed.tags.count("svg") == 1
    svg = svg_of(page)
    deals = plotted(data)
    assert deals
    for p in data["players"]:
        totals = [d["totals"][p] for d in deals]
        assert [int(attr(c, "data-total")) for c in circles(svg, p)] == totals
        assert polyline_totals(svg, p) == [0, *totals]
        (target,) = [
            line
            for line in svg.iter(f"{SVG}line")
            if line.get("data-target") and line.get("data-player") == p
        ]
        assert int(attr(target, "data-target")) == data["targets"][p]
        label = f"{data['target']} + {data['uphill'][p]} в гору = {data['targets'][p]}"
        assert (label if data["uphill"][p] else str(data["targets"][p])) in "".join(parsed.text)
    text = chart_text(data, lang="ru")
    for p in data["players"]:
        assert p in text
        assert f"{data['totals'][p]} / цель" in text


# --- the terminal chart --------------------------------------------------------------------------


@pytest.mark.parametrize("case", SHEETS)
@pytest.mark.parametrize("ascii_only", [False, True])
def test_text_chart_names_players_totals_and_targets(case, ascii_only):
    data = SHEETS[case]()
    text = chart_text(data, ascii_only=ascii_only)
    lines = text.splitlines()
    legend_at = next(i for i, line in enumerate(lines) if data["players"][0] in line)
    assert all(len(line) <= 60 for line in lines[:legend_at]), "the plot keeps to the width"
    for p in data["players"]:
        legend = [line for line in lines if p in line]
        assert legend, p
        assert str(data["targets"][p]) in legend[0]
        final = plotted(data)[-1]["totals"][p] if plotted(data) else 0
        assert f"{p}: {final} /" in legend[0]
    if ascii_only:
        assert text.isascii(), [c for c in text if not c.isascii()]


def test_text_chart_draws_marks_and_target_line():
    text = chart_text(make_sheet([(200, 100), (200, 100)]), width=40, height=10)
    assert "●" in text and "▲" in text and "┄" in text
    plain = chart_text(make_sheet([(200, 100), (200, 100)]), width=40, height=10, ascii_only=True)
    assert "o" in plain and "x" in plain and "-----" in plain
    assert max(len(line) for line in plain.splitlines()[1:12]) <= 40


@pytest.mark.parametrize(
    ("ascii_only", "lang", "line"),
    [
        (False, "en", "◆ both players at one point"),
        (False, "ru", "◆ оба игрока в одной точке"),
        (True, "en", "* both players at one point"),
    ],
)
def test_text_chart_legend_names_the_mark_where_both_meet(ascii_only, lang, line):
    """Where both players' totals fall on one point the chart draws its own mark, and the
    legend says what it means, beside the players' marks; a chart where they never meet has
    no such line."""
    met = chart_text(make_sheet([(100, 100), (200, 50)]), ascii_only=ascii_only, lang=lang)
    lines = met.splitlines()
    assert line[0] in "".join(lines[1:13]) and line in lines, met
    apart = chart_text(make_sheet([(200, 100), (200, 100)]), ascii_only=ascii_only, lang=lang)
    assert line not in apart.splitlines() and line[0] not in apart, apart


def _dashes(line: ET.Element, length: int) -> set[int]:
    """The units of a line's first ``length`` that its dashes cover (``stroke-dasharray`` of
    whole numbers, shifted by ``stroke-dashoffset``)."""
    on, off = (int(v) for v in attr(line, "stroke-dasharray").split())
    offset = int(line.get("stroke-dashoffset") or 0)
    return {x for x in range(length) if (x + offset) % (on + off) < on}


@pytest.mark.parametrize("uphill", [(0, 0), (0, 100)], ids=["equal targets", "apart"])
def test_svg_target_lines_are_drawn_dashed(uphill):
    """The caption says «dashed lines: the targets» («пунктир — цель»): equal targets draw both
    players' dashes on one line, one between the other's, with gaps between them, never end to
    end as one solid line."""
    svg = ET.fromstring(chart_svg(make_sheet([(90, 60), (80, 70)], uphill=uphill)))
    lines = [line for line in svg.iter(f"{SVG}line") if line.get("data-target")]
    assert len(lines) == 2
    first, second = (_dashes(line, 72) for line in lines)
    assert 0 < len(first) <= 36 and 0 < len(second) <= 36  # each one dashed
    if uphill == (0, 0):  # one line: the two players' dashes alternate, gaps between them
        assert not first & second and len(first | second) <= 48, sorted(first | second)


def test_text_chart_uphill_and_below_zero():
    text = chart_text(penalised_sheet(), ascii_only=True)
    assert "501 + 100 uphill = 601" in text
    assert re.search(r"^\s*-40 ", text, flags=re.M) or "-40" in text
    ru = chart_text(penalised_sheet(), lang="ru")
    assert "в гору" in ru and "цель" in ru


def test_text_chart_keeps_names_literal():
    """Markup-looking names stay as written; control characters cannot reach the terminal."""
    data = make_sheet([(90, 60)], ("[bold]Ann", "Bob\x1b[31m\nX"))
    text = chart_text(data, ascii_only=True)
    assert "[bold]Ann: 90" in text
    assert "\x1b" not in text and "Bob\\x1b[31m\\nX: 60" in text


def test_no_typer_or_rich_at_import():
    import subprocess

    code = (
        "import sys, terts_referee.output.export; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
