"""Column widths given to rich (issue 13): ``console.natural_widths`` sets each column's width
to what rich would measure for it, only when the table fits; the table rich draws is the same,
byte for byte, at every console width, whether the widths were given or measured."""

import io
import sys

import pytest

from terts_referee import console

ROWS = [
    ("1", "Аня", "♥", "Боря", "96 +20 → 120", "120", "54 +20 → 70", "70"),
    ("2", "Боря", "♠", "—", "71 +100 → 170", "290", "79 +20 → 100", "170"),
    ("12", "Аня", "♦", "Аня", "? +50", "…", "?", "…"),
    ("3", "王小明", "♣", "Zoë Ångström-Łukasiewicz", "", "", "0", "5000"),
    ("4", "Very Long Player Name Number Two Indeed", "—", "—", "1", "2", "3", "4"),
]
HEADERS = ("#", "dealer", "trump", "last trick", "Аня", "total", "王小明 Боря", "total")


def draw(monkeypatch, width: int, rows, given: bool, **table_options) -> str:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    monkeypatch.setenv("COLUMNS", str(width))
    console.set_color(True)
    try:
        tab = console.table(*HEADERS, title="Terts — classic, to 501", **table_options)
        for row in rows:
            tab.add_row(*(console.cell(v, "bold" if i % 2 else None) for i, v in enumerate(row)))
        if given:
            tab = console.natural_widths(tab)
        console.show(tab)
    finally:
        console.set_color(None)
    return stream.getvalue()


@pytest.mark.parametrize("rows", [ROWS[:3], ROWS, []], ids=["sheet", "wide names", "empty"])
@pytest.mark.parametrize("width", [20, 40, 60, 79, 80, 81, 99, 100, 101, 110, 120, 160])
def test_given_widths_draw_what_rich_measures(monkeypatch, rows, width):
    assert draw(monkeypatch, width, rows, True) == draw(monkeypatch, width, rows, False)


@pytest.mark.parametrize("rows", [ROWS[:3], ROWS], ids=["sheet", "wide names"])
def test_every_width_across_the_fit(monkeypatch, rows):
    """Every width from much too narrow to wide enough, one column at a time: the sheet
    fits from 83 columns on, the wide names from 130."""
    for width in range(30, 171):
        assert draw(monkeypatch, width, rows, True) == draw(monkeypatch, width, rows, False), width


def test_widths_are_given_only_when_the_table_fits(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    tab = console.table("a", "bb")
    tab.add_row(console.cell("xyz"), console.cell(""))
    assert [c.width for c in console.natural_widths(tab).columns] == [3, 2]
    monkeypatch.setenv("COLUMNS", "10")
    console.reset()
    tab = console.table("a", "bb")
    tab.add_row(console.cell("xyz"), console.cell(""))
    assert [c.width for c in console.natural_widths(tab).columns] == [None, None]


@pytest.mark.parametrize(
    "options",
    [
        {"expand": True},
        {"show_footer": True},
        {"show_header": False},
        {"show_edge": False},
        {"padding": (0, 2)},
        {"pad_edge": False},
        {"box": None},
    ],
)
def test_other_tables_are_left_to_rich(options):
    tab = console.table("a", "bb", **options)
    tab.add_row(console.cell("xyz"), console.cell(""))
    assert [c.width for c in console.natural_widths(tab).columns] == [None, None]


def test_a_cell_over_more_than_one_line_is_left_to_rich(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    tab = console.table("a", "b")
    tab.add_row(console.cell("one\ntwo"), console.cell("x"))
    assert [c.width for c in console.natural_widths(tab).columns] == [None, None]
