"""Coloured lines without rich (issue 13): ``console._quick_line`` writes byte for byte what
rich's console writes for the same line, or declines and leaves it to rich."""

import io
import sys

import pytest
from rich.text import Text

from terts_referee import console

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


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("text", TEXTS)
def test_quick_line_is_what_rich_writes(monkeypatch, colour_terminal, text, style):
    quick = io.StringIO()
    assert console._quick_line(quick, text, style)
    assert quick.getvalue() == rich_writes(monkeypatch, text, style)


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("a\tb", "yellow"),  # rich expands tabs
        ("two\nlines", "bold"),  # rich styles each line
        ("escape \x1b[31m", None),
        ("x" * 100, "dim"),  # as wide as the console: rich wraps
        ("漢字", "bold"),  # double-width cells: rich measures them
        ("plain", "on red"),  # a background: not one of the simple styles
        ("plain", "bright_red"),
    ],
)
def test_quick_line_leaves_the_rest_to_rich(colour_terminal, text, style):
    stream = io.StringIO()
    assert not console._quick_line(stream, text, style)
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

    assert all(unicodedata.east_asian_width(c) not in "WF" for c in console._NARROW)
