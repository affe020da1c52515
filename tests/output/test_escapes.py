"""No terminal control reaches the terminal from text that came from a file or
the command line. Ruleset names and descriptions, player names and event fields in a game file,
paths and arguments are made hostile (ESC sequences that set the title and clear the screen,
BEL, C1 CSI, DEL, CR, a bidi override) and run through every command's human output: stdout and
stderr hold no raw control (newlines aside), the exit code is 0 or 2, never a traceback. JSON
output keeps the values exactly (controls as JSON escapes)."""

from __future__ import annotations

import copy
import io
import json
import re
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from terts_referee.output import console
from terts_referee.output.safe_text import UNSAFE, json_escaped, visible

#: What a hostile file or argument holds: set the window title, clear the screen, red, a C1 CSI,
#: DEL, a carriage return (overwrites the line), a right-to-left override, a line separator.
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\x9b1m\x7f\r\u202e\u2066\u2028"
_RAW = re.compile(f"[{UNSAFE}]")
_SGR = re.compile(r"\x1b\[[0-9;]*m")  # rich's own colours, with --color


def raw_controls(text: str, color: bool = False, allowed: str = "\n") -> list[str]:
    """The terminal controls in ``text`` other than newlines (and rich's SGR with --color)."""
    if color:
        text = _SGR.sub("", text)
    text = text.replace("\r\n", "\n")  # CSV's line ends
    return [c for c in _RAW.findall(text) if c not in allowed]


def _rename(value, names: dict[str, str]):
    return names.get(value, value) if isinstance(value, str) else value


@pytest.fixture(params=["rules", "players"])
def hostile(request, terts, tmp_path) -> Path:
    """A game (two deals, the second open) whose ruleset name and description are hostile (and
    with the "players" variant its players too: refused at load, since a name may hold no
    control character, so that the refusal's line is what is checked), and a hostile ruleset
    file ``evil.toml`` beside it."""
    terts.ok("new", "Ann", "Bob")
    terts.ok("deal", "--trump", "h")
    terts.ok("declare", "Ann", "terts:Qh")
    terts.ok("score", "80", "--by", "Ann", "--last-trick", "Bob")
    terts.ok("deal", "--trump", "s")
    terts.ok("declare", "Ann", "terts:Qs")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    names = {"Ann": f"Ann{HOSTILE}", "Bob": f"{HOSTILE}Bob"}
    if request.param == "rules":
        names = {"Ann": "Ann", "Bob": "Bob"}
    doc["players"] = [names[p] for p in doc["players"]]
    for event in doc["events"]:
        for key in ("player", "by", "last_trick", "dealer"):
            if key in event:
                event[key] = _rename(event[key], names)
    doc["rules"]["name"] = f"classic{HOSTILE}"
    doc["rules"]["description"] = f"desc{HOSTILE}"
    terts.game.write_text(tomli_w.dumps(doc), encoding="utf-8")
    (tmp_path / "evil.toml").write_text(
        tomli_w.dumps(
            {"name": f"evil{HOSTILE}", "description": f"bad{HOSTILE}", "extends": "classic"}
        ),
        encoding="utf-8",
    )
    return terts.game


def _check(result, color: bool = False, one_line: bool = True) -> None:
    assert result.code in (0, 2), (result.code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert raw_controls(result.stdout, color) == [], result.stdout
    assert raw_controls(result.stderr, color) == [], result.stderr
    if result.code == 2 and one_line:
        assert result.stderr.count("\n") == 1, result.stderr


GAME_COMMANDS = [
    ("status",),
    ("sheet",),
    ("sheet", "--chart"),
    ("sheet", "--csv"),
    ("sheet", "--as", "evil.toml"),
    ("sheet", "--as", "classic"),
    ("log",),
    ("undo",),
    ("deal", "--trump", "c"),
    ("declare", f"Bob{HOSTILE}", "terts:Kh"),
    ("declare", f"Ann{HOSTILE}", "terts:Kh"),
    ("challenge", f"Ann{HOSTILE}", "50:As"),
    ("score", "70", "--by", f"Ann{HOSTILE}", "--last-trick", f"{HOSTILE}Bob"),
    ("penalty", f"Ann{HOSTILE}", "miscount", "--points", "10"),
    ("export", "--html", "out.html"),
    ("log", "--all"),
    ("drop", "2"),
    ("ask", "Bob"),
    ("deal", "--trump", "c", "--replace", "4"),
    ("archive",),
]


@pytest.mark.parametrize("args", GAME_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("color", [False, True], ids=["plain", "color"])
def test_hostile_game_file_through_every_command(terts, hostile, args, color):
    _check(terts(*(("--color",) if color else ()), *args), color)


RULESET_COMMANDS = [
    ("rules", "check", "evil.toml"),
    ("rules", "show", "evil.toml"),
    ("check", "compare", "terts:Qh", "terts:Kh", "--trump", "s", "--rules", "evil.toml"),
    ("check", "hand", "Qh", "Jh", "10h", "9h", "8h", "7h", "--trump", "s", "--rules", "evil.toml"),
    ("check", "legal", "--hand", "Qh,7s", "--lead", "8h", "--trump", "s", "--rules", "evil.toml"),
]


@pytest.mark.parametrize("args", RULESET_COMMANDS, ids=" ".join)
def test_hostile_ruleset_file(terts, hostile, args):
    _check(terts(*args, game=False))


def test_new_game_with_a_hostile_ruleset_then_its_sheet(terts, hostile):
    other = "other.toml"
    _check(terts("new", "Cy", "Di", "--rules", "evil.toml", "--game", other, game=False))
    _check(terts("sheet", "--game", other, game=False))
    _check(terts("status", "--game", other, game=False))


HOSTILE_ARGS = [
    ("status", "--game", f"no{HOSTILE}dir/g.toml"),
    ("rules", "check", f"{HOSTILE}.toml"),
    ("rules", "show", HOSTILE),
    ("rules", "new", f"nodir{HOSTILE}/r.toml", "--from", "classic"),
    ("export", "--html", f"nodir{HOSTILE}/x.html"),
    ("sheet", f"--{HOSTILE}"),
    (f"{HOSTILE}",),
    ("sheet", "--as", HOSTILE),
    ("declare", HOSTILE, "terts:Qh"),
    ("declare", "Ann", HOSTILE),
    ("deal", "--trump", HOSTILE),
    ("score", HOSTILE, "--by", "Ann", "--last-trick", "Bob"),
    ("penalty", "Ann", HOSTILE),
    ("new", HOSTILE, "Bob", "--game", "x.toml"),
    ("new", "Ann", "Bob", "--rules", HOSTILE, "--game", "y.toml"),
    ("check", "trick", HOSTILE, "7h", "--trump", "s"),
    ("history", "--player", HOSTILE),
    ("stats", "--since", HOSTILE),
    ("stats", "--vs", HOSTILE),
    ("claim", HOSTILE),
    ("claim", "Ann", "--tricks", HOSTILE),
    ("trick", HOSTILE, "7h"),
    ("exchange", HOSTILE),
    ("undo", HOSTILE),
    ("log", "--json", HOSTILE),
    ("table", "--lang", HOSTILE),
    ("archive", "--library", f"no{HOSTILE}/lib", "--game", f"no{HOSTILE}.toml"),
    ("drop", HOSTILE),
    ("ask", HOSTILE),
    ("deal", "--trump", "h", "--replace", HOSTILE),
    ("declare", "Ann", "terts:Qh", "--before", HOSTILE),
]


@pytest.mark.parametrize("args", HOSTILE_ARGS, ids=range(len(HOSTILE_ARGS)))
def test_hostile_arguments_are_echoed_visibly(terts, args):
    terts.ok("new", "Ann", "Bob")
    terts.ok("deal", "--trump", "h")
    result = terts(*args, game=args[0] not in ("status", "new", "archive"))
    _check(result)


def test_an_error_line_shows_the_escape_visibly(terts):
    r = terts("rules", "check", f"x{HOSTILE}.toml", game=False)
    assert r.code == 2
    assert "x\\x1b]0;pwned\\x07\\x1b[2J" in r.stderr
    assert "\\u202e" in r.stderr and "\\r" in r.stderr


def test_damaged_event_field_echoed_by_undo_and_log(terts):
    terts.ok("new", "Ann", "Bob")
    terts.ok("deal", "--trump", "h")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    doc["events"].append({"type": "declare", "player": "Ann", "combos": [f"terts:Qh{HOSTILE}"]})
    doc["events"].append({"type": f"deal{HOSTILE}", "trump": HOSTILE})
    terts.game.write_text(tomli_w.dumps(doc), encoding="utf-8")
    for args in (("log",), ("undo",), ("status",), ("sheet",), ("log", "--json")):
        _check(terts(*args))


def test_library_file_names_in_history_and_stats(terts, tmp_path):
    library = tmp_path / "library"
    library.mkdir()
    (library / f"broken{HOSTILE}.toml").write_text("format = 2\nplayers = [\n", encoding="utf-8")
    for args in (("history",), ("stats",), ("stats", "--chart")):
        _check(terts(*args, game=False))


def test_hostile_game_in_the_library(terts, hostile, tmp_path):
    library = tmp_path / "library"
    library.mkdir(exist_ok=True)
    (library / f"evening{HOSTILE}.toml").write_bytes(hostile.read_bytes())
    for args in (("history",), ("stats",), ("stats", "--chart"), ("history", "--player", "Ann")):
        _check(terts(*args, game=False), one_line=False)  # a skipped file's note, then the error


@pytest.mark.parametrize("hostile", ["rules"], indirect=True)
def test_json_keeps_the_exact_values(terts, hostile):
    r = terts.ok("sheet", "--json")
    assert raw_controls(r.stdout) == []
    data = r.json()
    assert data["rules"] == f"classic{HOSTILE}"
    r = terts.ok("log", "--json")
    assert raw_controls(r.stdout) == []
    r = terts("rules", "check", "evil.toml", "--json", game=False)
    assert r.code == 0 and raw_controls(r.stdout) == []


def test_csv_into_a_pipe_is_exact_and_on_a_terminal_visible(terts, monkeypatch):
    terts.ok("new", "Ann", "Bob")
    terts.ok("deal", "--trump", "h")
    terts.ok("score", "80", "--by", "Ann", "--last-trick", "Bob")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    doc["events"][0]["dealer"] = f"Ann{HOSTILE}"  # damaged: refused at load, or echoed
    r = terts.ok("sheet", "--csv")
    assert "Ann total" in r.stdout  # captured output is a pipe: values exact

    from terts_referee.game.model import Game
    from terts_referee.game.storage import read_game
    from terts_referee.output.report import sheet_csv

    game = Game.from_doc(read_game(terts.game), str(terts.game))
    sheet = game.sheet()
    # a name as a damaged file could hold it, if validation let it through: in the head row
    shown = copy.copy(game)
    shown.players = (f"Ann{HOSTILE}", "Bob")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    buf = Terminal()
    monkeypatch.setattr(sys, "stdout", buf)
    sheet_csv.sheet_csv(shown, sheet)
    assert raw_controls(buf.getvalue()) == []
    assert "Ann\\x1b]0;pwned\\x07" in buf.getvalue()


@pytest.mark.parametrize("hostile", ["rules"], indirect=True)
def test_html_export_escapes_markup(terts, hostile, tmp_path):
    terts.ok("export", "--html", "out.html")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    doc["players"][0] = "<script>alert(1)</script>"
    for event in doc["events"]:
        for key in ("player", "by", "last_trick", "dealer"):
            if event.get(key) == "Ann":
                event[key] = doc["players"][0]
    terts.game.write_text(tomli_w.dumps(doc), encoding="utf-8")
    terts.ok("export", "--html", "out2.html")
    page = (tmp_path / "out2.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- the sanitiser itself ------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("\x1b]0;t\x07", "\\x1b]0;t\\x07"),
        ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
        ("\x9b\x7f\x00", "\\x9b\\x7f\\x00"),
        ("\u202eabc\u2066\u200f\u061c", "\\u202eabc\\u2066\\u200f\\u061c"),
        ("\u2028\u2029", "\\u2028\\u2029"),
        ("name\udcff", "name\\xff"),  # an undecodable byte kept by surrogateescape
        ("\ud800", "\\ud800"),
        ("Аня ♠ Q♥ «ok» \\ path", "Аня ♠ Q♥ «ok» \\ path"),
    ],
)
def test_visible(raw, shown):
    assert visible(raw) == shown


def test_every_unsafe_character_is_unprintable():
    """``visible`` returns a printable text untouched without its regular expression: so no
    character it replaces may count as printable (``str.isprintable``)."""
    unsafe = re.compile(f"[{UNSAFE}]")
    assert not [c for c in map(chr, range(0x10000)) if unsafe.match(c) and c.isprintable()]


def test_visible_keeps_what_it_is_told():
    assert visible("a\nb\tc\x1b", keep="\n\t") == "a\nb\tc\\x1b"


@given(st.text())
def test_visible_leaves_no_control_and_changes_nothing_else(text):
    shown = visible(text)
    assert _RAW.search(shown) is None
    if _RAW.search(text) is None:
        assert shown == text
    assert visible(shown) == shown  # idempotent


@given(st.text())
def test_error_line_is_one_clean_line(text):
    buf = io.StringIO()
    old, sys.stderr = sys.stderr, buf
    try:
        console.error_line(text)
    finally:
        sys.stderr = old
    out = buf.getvalue()
    assert out.endswith("\n") and out.count("\n") == 1
    assert raw_controls(out) == []


@given(st.recursive(st.text() | st.integers(), lambda kids: st.lists(kids, max_size=3)))
def test_json_escaped_round_trips(value):
    text = json_escaped(json.dumps({"v": value}, ensure_ascii=False, indent=2))
    assert raw_controls(text) == []
    assert json.loads(text) == {"v": value}


@given(st.text())
def test_say_and_note_print_no_control(text):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        console.say(text)
        console.note(text)
    finally:
        sys.stdout, sys.stderr = old
    # multi-line output keeps newlines and tabs (harmless); nothing else
    assert raw_controls(out.getvalue(), allowed="\n\t") == []
    assert raw_controls(err.getvalue(), allowed="\n\t") == []


def test_table_mode_echoes_typed_junk_visibly(terts, capsys, tmp_path):
    from terts_referee.table.session import run_table

    terts.ok("new", "Ann", "Bob")
    capsys.readouterr()
    lines = [HOSTILE, f"d {HOSTILE} 4J", f"n {HOSTILE}", f"sh --as {HOSTILE}", "q"]
    assert run_table(str(terts.game), "en", input=lines) == 0
    captured = capsys.readouterr()
    assert raw_controls(captured.out) == [] and raw_controls(captured.err) == []
    assert "\\x1b]0;pwned" in captured.err
    missing = tmp_path / f"none{HOSTILE}.toml"
    assert run_table(str(missing), "en", input=[]) == 2
    captured = capsys.readouterr()
    assert raw_controls(captured.err) == [] and captured.err.count("\n") == 1


@given(st.text(max_size=12).filter(lambda s: s.strip() and s.strip().casefold() != "zz"))
def test_a_name_is_refused_for_a_control_character_exactly_when_unicodedata_says_so(name):
    """``check_names`` looks a name's characters up in unicodedata only when the name is not
    printable (start-up): it refuses exactly the names with a character of category C,
    as looking up every name did."""
    import unicodedata

    from terts_referee.domain.verdicts import Verdict
    from terts_referee.errors import NotationError
    from terts_referee.game.model import check_names

    has_control = any(unicodedata.category(c).startswith("C") for c in name.strip())
    try:
        check_names([name, "Zz"])
    except NotationError as exc:
        assert exc.verdict == Verdict("err.players.control", {"name": name.strip()})
        assert has_control
    else:
        assert not has_control
