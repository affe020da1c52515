"""The report tables in a console too narrow for them: the columns of figures never wrap while
the table can hold them (``console.table(numbers=...)``), the text columns take the width left,
and no line is wider than the console. ``console.natural_widths`` gives the widths
(``_narrowed``); a table of the same cells without those hints is still left to rich
(``test_console_widths.py``)."""

from __future__ import annotations

import io
import re
import sys
from datetime import datetime, timedelta

import pytest
from rich.cells import cell_len

from terts_referee.game.demo import play_demo
from terts_referee.game.model import new_game_id
from terts_referee.output import console
from tests.library.games import game_of, put

BOX = "│┃"


def lines_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line]


def rows(text: str) -> list[list[str]]:
    """The body cells of a drawn table, each row's lines, split at the column dividers."""
    return [
        [cell.strip() for cell in line.strip("│").split("│")]
        for line in text.splitlines()
        if line.startswith("│")
    ]


def assert_within(text: str, width: int) -> None:
    wide = [line for line in lines_of(text) if line[0] in "┏┃┡│└" and cell_len(line) > width]
    assert wide == [], "\n".join(wide)


@pytest.fixture
def demo(terts, tmp_path):
    """The bundled sample game (four deals: a player's cell up to «48 +100 +50 → 200»)."""
    _, path = play_demo(tmp_path)
    terts.game = path
    return terts


# --- the sheet --------------------------------------------------------------------------------

DEMO_CELLS = ("96 +20 → 120", "71 +100 → 170", "48 +100 +50 → 200", "79 +20 → 100", "102 → 100")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sheet_at_80_columns_wraps_no_figure(demo, monkeypatch, lang):
    """At 80 columns the sheet's figures fit on one line each: the short columns (the dealer,
    the trump, the last trick) give way, their headers cut or wrapped."""
    monkeypatch.setenv("COLUMNS", "80")
    out = demo.ok("--lang", lang, "sheet").stdout
    assert_within(out, 80)
    body = [cell for row in rows(out) for cell in row]
    for cell in DEMO_CELLS:
        assert cell in body, (cell, out)
    assert all(not cell.endswith("→") for cell in body), out
    totals = [row[5] for row in rows(out)] + [row[7] for row in rows(out)]
    assert totals == ["120", "290", "490", "540", "50", "150", "250", "250"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sheet_at_60_columns_keeps_each_arrow_with_its_points(demo, monkeypatch, lang):
    """At 60 columns the players' figures cannot all fit: a cell breaks before its arrow («48
    +100 +50» over «→ 200»), never leaving the arrow at a line's end, and every number, the
    totals most of all, stays whole."""
    monkeypatch.setenv("COLUMNS", "60")
    out = demo.ok("--lang", lang, "sheet").stdout
    assert_within(out, 60)
    body = [cell for row in rows(out) for cell in row]
    assert not any(cell.endswith("→") for cell in body), out
    assert "→ 200" in body and "→ 170" in body, out
    numbers = re.findall(r"\d+", " ".join(c for row in rows(out) for c in row[4:]))
    assert {"120", "170", "200", "290", "490", "540", "150", "250"} <= set(numbers)
    totals = [row[5] for row in rows(out) if row[5]] + [row[7] for row in rows(out) if row[7]]
    assert totals == ["120", "290", "490", "540", "50", "150", "250", "250"], out


# --- the library's tables ---------------------------------------------------------------------

DAY = datetime(2026, 3, 2, 20, 0).astimezone()
PAIRS = [("Аня", "Боря"), ("Вика", "Аня"), ("Александра", "Константин"), ("Вика", "Боря")]


@pytest.fixture
def library(tmp_path):
    for n, (a, b) in enumerate(PAIRS):
        put(tmp_path / "library" / f"{n}.toml", game_of(a, b, DAY + timedelta(n), new_game_id()))
    return tmp_path / "library"


@pytest.mark.parametrize("width", [80, 60])
def test_history_keeps_each_score_and_date_on_one_line(terts, library, monkeypatch, width):
    """``history``: the date, the score «650 : 0», the deals and the minutes never wrap; the
    names wrap between words. At 80 columns every Russian header is whole («победитель», not
    «победите…»)."""
    monkeypatch.setenv("COLUMNS", str(width))
    out = terts("--lang", "ru", "history", game=False).stdout
    assert_within(out, width)
    dated = [row for row in rows(out) if row[0]]
    assert len(dated) == len(PAIRS)
    for row in dated:
        assert re.fullmatch(r"0\d\.03\.2026 20:00", row[0]), row  # the Russian way of a date
        assert row[4] == "650 : 0" and row[5] == "2" and row[6] == "18", row
    if width == 80:
        header = next(line for line in out.splitlines() if line.startswith("┃"))
        assert "победитель" in header and "…" not in header.replace("мин…", ""), header
        assert "Александра — Константин" not in out  # wrapped between the words, not cut
        assert "Александра" in out and "Константин" in out


@pytest.mark.parametrize("width", [80, 60])
def test_stats_tables_wrap_no_figure(terts, library, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    out = terts("--lang", "ru", "stats", game=False).stdout
    assert_within(out, width)
    assert "│ 1 : 1 " in out or "│ 0 : 1 " in out  # «wins» in one cell, whole
    # the decimal comma of Russian, the figures whole
    assert re.search(r"│ 6,8 \(μ 30,2 ± 7,8\)|│ -?\d+,\d \(μ \d+,\d ± \d,\d\) ", out)


def test_the_log_at_80_columns_gives_the_width_to_the_event_and_its_notes(terts, monkeypatch):
    """``log``: the time shows its date once (on its own line in a narrow console), then the
    time of day, so that the event and its notes share what is left; the number never wraps."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "50:Тп")
    terts.ok("ask", "Боря")
    monkeypatch.setenv("COLUMNS", "80")
    out = terts.ok("--lang", "ru", "log").stdout
    assert_within(out, 80)
    table = rows(out)
    day, time = table[0][1], table[1][1]
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4}", day) and re.fullmatch(r"[\d:]{8}", time)
    times = [row[1] for row in table[2:] if row[1]]
    assert times and all(re.fullmatch(r"\d\d:\d\d:\d\d", t) for t in times), times
    header = next(line for line in out.splitlines() if line.startswith("┃"))
    widths = [len(cell) for cell in header.strip("┃").split("┃")]
    assert widths[1] == 12  # «01.12.2026» and its padding
    assert abs(widths[2] - widths[3]) <= 1, header  # the event and the notes share the rest
    numbers = [row[0] for row in table if row[0]]
    assert numbers == ["1", "2", "3"]


# --- the fitting itself -----------------------------------------------------------------------

CELLS = [
    ("1", "Аня", "♥", "Боря", "96 +20 → 120", "120", "54 +20 → 70", "70"),
    ("2", "Боря", "♠", "—", "71 +100 → 170", "290", "79 +20 → 100", "170"),
    ("12", "Константин Ёлкин", "♦", "Аня", "? +50", "…", "?", "…"),
]
HEADERS = ("#", "dealer", "trump", "last trick", "Аня", "total", "Боря", "total")
FIGURES = (0, 4, 5, 6, 7)


def draw(monkeypatch, width: int) -> str:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    monkeypatch.setenv("COLUMNS", str(width))
    console.reset()  # a console on this stream, at this width
    tab = console.table(*HEADERS, title="Terts", numbers=FIGURES)
    for row in CELLS:
        tab.add_row(*(console.cell(v) for v in row))
    console.show(console.natural_widths(tab))
    return stream.getvalue()


def test_figures_stay_whole_at_every_width_they_fit(monkeypatch):
    """From the natural width down to the narrowest that holds the figures (and the text's
    words cut to 4 cells), no figure wraps and no line is wider than the console; below, the
    figures wrap between their words, still within the console while any layout fits."""
    whole = [row[i] for row in CELLS for i in FIGURES]
    for width in range(40, 100):
        out = draw(monkeypatch, width)
        cells = [cell for row in rows(out) for cell in row]
        assert_within(out, width)
        if width >= 67:  # the figures (33), the text at 4 cells (9) and the rules (25)
            assert all(cell in cells for cell in whole), (width, out)


def test_a_table_without_hints_is_still_rich_s(monkeypatch):
    """Without ``numbers`` or ``ratios`` a table too wide is left to rich, as before."""
    monkeypatch.setenv("COLUMNS", "50")
    console.reset()
    tab = console.table(*HEADERS)
    for row in CELLS:
        tab.add_row(*(console.cell(v) for v in row))
    assert [c.width for c in console.natural_widths(tab).columns] == [None] * len(HEADERS)
