"""Column widths given to rich (a start-up trick, ``startup.fit_table``): ``console.natural_widths``
sets each column's width to what rich would measure for it, only when the table fits; the table
rich draws is the same, byte for byte, at every console width, whether the widths were given or
measured."""

import io
import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee import startup
from terts_referee.output import console

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


# The cells ``natural_widths`` hands to rich as ``_Fitted``: any one-line text (Latin,
# Cyrillic, suits, double-width and combining characters, spaces, empty) in any of the styles
# the reports use, at any console width, in colour or not: the same bytes as rich's own Text.
CELL_TEXT = st.text(alphabet=st.sampled_from("aZ9 .,+-→…—♠♥♦♣АяЁё王明Å\u0301 "), max_size=14)
STYLES = st.sampled_from([None, "", "bold", "dim", "bold green", "yellow", "italic", "none"])


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(st.lists(st.tuples(CELL_TEXT, STYLES), min_size=3, max_size=3), max_size=6),
    headers=st.lists(CELL_TEXT, min_size=3, max_size=3),
    width=st.integers(min_value=10, max_value=140),
    color=st.booleans(),
)
def test_fitted_cells_draw_as_rich_draws_text(rows, headers, width, color):
    def draw(given: bool) -> str:
        stream = io.StringIO()
        saved = sys.stdout
        sys.stdout = stream
        os.environ["COLUMNS"] = str(width)
        console.set_color(color)
        try:
            tab = console.table(*headers, title="Терц — classic")
            for row in rows:
                tab.add_row(*(console.cell(text, style) for text, style in row))
            console.show(console.natural_widths(tab) if given else tab)
        finally:
            sys.stdout = saved
            os.environ.pop("COLUMNS")
            console.set_color(None)
        return stream.getvalue()

    assert draw(True) == draw(False)


def test_fitted_cells_are_the_plain_text_cells_of_a_table_that_fits(monkeypatch):
    from rich.text import Text

    monkeypatch.setenv("COLUMNS", "200")
    tab = console.table("a", "b", "c")
    spanned = Text("x")
    spanned.stylize("bold", 0, 1)
    tab.add_row(console.cell("plain", "bold"), spanned, Text("right", justify="right"))
    kinds = [type(c._cells[0]).__name__ for c in console.natural_widths(tab).columns]
    assert kinds == ["_Fitted", "Text", "Text"]


def test_a_fitted_cell_wider_than_its_column_is_drawn_by_text():
    """Never so by ``natural_widths``, but ``_Fitted`` itself stays correct: rich's Text."""
    from rich.console import Console
    from rich.text import Text

    def draw(cell) -> str:
        stream = io.StringIO()
        Console(file=stream, width=6, force_terminal=True, color_system="standard").print(cell)
        return stream.getvalue()

    fitted = startup._Fitted("much too long here", "bold")
    assert draw(fitted) == draw(Text("much too long here", style="bold"))
