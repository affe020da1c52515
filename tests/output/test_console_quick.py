"""Coloured lines without rich (a start-up trick, ``startup.quick_line``): it writes byte for byte
what rich's console writes for the same line, or declines and leaves it to rich."""

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from terts_referee import startup
from terts_referee.output import console


def _quick_line(stream, text: str, style: str | None) -> bool:
    """What ``console.say`` hands the trick: the text with its suits printable on ``stream``."""
    return startup.quick_line(stream, console.plain(text, stream), style)


TEXTS = [
    "deal 12, trick 1 (before the break), stock 14, Аня leads",
    "  Аня may declare: runs, fours",
    "! 50 K♠ is void (false declaration)",
    "",
    "   ",
    "trailing spaces  ",
    "a bell\x07 and a carriage return\r",
    "Дч Q♥ 10♦",
]
STYLES = [None, "", "yellow", "bold", "dim", "bold yellow", "yellow bold", "italic red"]


@pytest.fixture
def colour_terminal(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    console.set_color(True)
    yield
    console.set_color(None)


def rich_writes(monkeypatch, text: str, style: str | None) -> str:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    console.reset()
    console.out().print(Text(console.plain(text), style=style or ""))
    console.reset()
    return stream.getvalue()


LONG = [
    "deal 12 (quick: tricks not recorded), Боря deals, trump ♣: declarations, then the count: "
    "terts score POINTS --by P --last-trick P",
    "x" * 100,
    "x" * 250,
    "word " * 40,
    "  leading spaces and a very long word " + "y" * 130 + " then more words after it",
    "сдача 12 (быстрая: взятки не записываются), сдаёт Боря, козырь ♣ — объявления, потом счёт",
]


@pytest.mark.parametrize("style", [None, "bold", "yellow"])
@pytest.mark.parametrize("text", LONG, ids=range(len(LONG)))
def test_a_line_wider_than_the_console_is_wrapped_as_rich_wraps_it(
    monkeypatch, colour_terminal, text, style
):
    """``terts status`` on a terminal wrote its long first line through rich (15 ms
    of imports) only to have it wrapped; ``quick_line`` wraps one-cell text as rich does."""
    quick = io.StringIO()
    assert _quick_line(quick, text, style)
    assert quick.getvalue() == rich_writes(monkeypatch, text, style)


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list("ab Яё-—♠♥.,:«»   →№⌫…")), max_size=260),
    width=st.integers(min_value=1, max_value=130),
    style=st.sampled_from(STYLES),
)
def test_wrapping_is_rich_s_at_any_width(text, width, style):
    """Property: for one-cell text, any width and any simple style, ``quick_line`` writes
    what rich's console writes, byte for byte."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TERM", "xterm-256color")
        mp.setenv("COLUMNS", str(width))
        mp.delenv("NO_COLOR", raising=False)
        mp.delenv("FORCE_COLOR", raising=False)
        console.set_color(True)
        try:
            quick = io.StringIO()
            assert _quick_line(quick, text, style)
            assert quick.getvalue() == rich_writes(mp, text, style)
        finally:
            console.set_color(None)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("text", TEXTS)
def test_quick_line_is_what_rich_writes(monkeypatch, colour_terminal, text, style):
    quick = io.StringIO()
    assert _quick_line(quick, text, style)
    assert quick.getvalue() == rich_writes(monkeypatch, text, style)


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("a\tb", "yellow"),  # rich expands tabs
        ("two\nlines", "bold"),  # rich styles each line
        ("escape \x1b[31m", None),
        ("漢字", "bold"),  # double-width cells: rich measures them
        ("x" * 99 + "\u0301", "bold"),  # wider than the console with a combining mark
        ("plain", "on red"),  # a background: not one of the simple styles
        ("plain", "bright_red"),
    ],
)
def test_quick_line_leaves_the_rest_to_rich(colour_terminal, text, style):
    stream = io.StringIO()
    assert not _quick_line(stream, text, style)
    assert stream.getvalue() == ""


def test_say_on_a_colour_terminal_does_not_import_rich(monkeypatch, colour_terminal):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    for name in [m for m in sys.modules if m == "rich" or m.startswith("rich.")]:
        monkeypatch.delitem(sys.modules, name)
    console.say("deal 1", "bold")
    assert stream.getvalue() == "\x1b[1mdeal 1\x1b[0m\n"
    assert "rich.console" not in sys.modules


def test_the_narrow_characters_are_not_wide():
    import unicodedata

    from rich.cells import cell_len

    assert all(unicodedata.east_asian_width(c) not in "WF" for c in startup._NARROW)
    assert all(cell_len(c) == 1 for c in startup._NARROW)
