"""The start-up tricks (``terts_referee.startup``) change how soon a command answers, never what
it answers: commands run with the tricks on and with ``TERTS_NO_TRICKS=1`` write the same bytes
(stdout, stderr, the game file) in a pipe and on a terminal of a given width, and each trick's
own switch turns that trick, and only that one, off."""

from __future__ import annotations

import gc
import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from terts_referee import startup

SWITCHES = [startup.ALL_OFF, *startup.TRICKS.values()]

#: What a player types to make the game the commands below read: three quick deals, a
#: declaration in each, a correction, and the third deal open.
SCRIPT = [
    ["new", "Аня", "Боря"],
    ["deal", "--trump", "h"],
    ["declare", "Аня", "terts:Qh"],
    ["score", "75", "--by", "Боря", "--last-trick", "Аня"],
    ["deal", "--trump", "s"],
    ["declare", "Боря", "fifty:Ks"],
    ["score", "100", "--by", "Аня", "--last-trick", "Аня"],
    ["score", "90", "--by", "Аня", "--last-trick", "Боря", "--replace", "6"],
    ["deal", "--trump", "d"],
]

READS = [
    pytest.param(["status"], id="status"),
    pytest.param(["sheet"], id="sheet"),
    pytest.param(["sheet", "--json"], id="sheet-json"),
    pytest.param(["log"], id="log"),
    pytest.param(["log", "--all"], id="log-all"),
]
WRITE = ["declare", "Боря", "marriage"]

# The time a write records: the only byte of the file that two runs may differ in.
_TIME = re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?")


@pytest.fixture
def game(terts) -> Path:
    for argv in SCRIPT:
        terts.ok(*argv)
    return terts.game


def _env(switch: str | None, terminal: bool) -> dict[str, str]:
    """The tests' environment (English, no game named) with ``switch`` set; on a terminal, with
    colour and the terminal's own width (no ``NO_COLOR``, no ``COLUMNS``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TERTS_NO_")}
    if terminal:
        env.pop("NO_COLOR", None)
        env.pop("COLUMNS", None)
        env["TERM"] = "xterm-256color"
    if switch is not None:
        env[switch] = "1"
    return env


def _in_pipe(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[int, bytes, bytes]:
    proc = subprocess.run(
        [sys.executable, "-m", "terts_referee", *argv],
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )
    return proc.returncode, proc.stdout, proc.stderr


def _on_terminal(
    argv: list[str], env: dict[str, str], cwd: Path, width: int
) -> tuple[int, bytes, bytes]:
    """``argv`` with stdout and stderr on a new pseudo-terminal ``width`` columns wide (read to
    the end: both streams, as a person sees them)."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, width, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "terts_referee", *argv],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=cwd,
    )
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        assert ready, f"terts {argv} wrote nothing for 120 s"  # a hang guard, not a timing
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child's end of the terminal closed
            break
        if not data:
            break
        seen += data
    os.close(master)
    return proc.wait(timeout=120), seen, b""


def _run(mode: str, argv: list[str], switch: str | None, cwd: Path) -> tuple[int, bytes, bytes]:
    if mode == "pipe":
        return _in_pipe(argv, _env(switch, terminal=False), cwd)
    width = int(mode.removeprefix("tty"))
    return _on_terminal(argv, _env(switch, terminal=True), cwd, width)


MODES = ["pipe", "tty120", "tty44"]


def _mode(mode: str):
    marks = [pytest.mark.slow] if mode.startswith("tty") else []
    return pytest.param(mode, id=mode, marks=marks)


@pytest.mark.parametrize("mode", [_mode(m) for m in MODES])
@pytest.mark.parametrize("argv", READS)
def test_a_read_is_the_same_without_the_tricks(game, mode, argv):
    argv = [*argv, "--game", str(game)]
    with_tricks = _run(mode, argv, None, game.parent)
    assert with_tricks[0] == 0, with_tricks
    assert _run(mode, argv, startup.ALL_OFF, game.parent) == with_tricks


#: The library's reads: tables of more rows than ``startup.QUICK_ROWS_FROM`` (``quick_rows``).
LIBRARY_READS = [
    pytest.param(["history"], id="history"),
    pytest.param(["history", "--lang", "ru"], id="history-ru"),
    pytest.param(["stats", "--lang", "uk"], id="stats-uk"),
]


@pytest.fixture
def library(tmp_path) -> Path:
    """A library of more games than ``QUICK_ROWS_FROM``, between three players (the
    ``TERTS_LIBRARY`` of the tests' environment), one of them unfinished (a dim cell)."""
    from tests.library.games import game_of, put

    folder = Path(os.environ["TERTS_LIBRARY"])
    names = ("Аня", "Боря", "Вася Петренко")
    start = datetime(2026, 1, 1, 19, 30, tzinfo=UTC)
    for n in range(startup.QUICK_ROWS_FROM + 6):
        a, b = names[n % 3], names[(n + 1) % 3]
        game = game_of(a, b, start + timedelta(days=n), moves=6 if n != 5 else 3)
        put(folder / f"2026/{n:03d}.toml", game)
    return folder


@pytest.mark.parametrize("mode", [_mode(m) for m in MODES])
@pytest.mark.parametrize("argv", LIBRARY_READS)
def test_a_library_read_is_the_same_without_the_tricks(library, tmp_path, mode, argv):
    _run(mode, argv, None, tmp_path)  # the index built: both runs below answer from it
    with_tricks = _run(mode, argv, None, tmp_path)
    assert with_tricks[0] == 0, with_tricks
    assert with_tricks[1].count(b"\n") > startup.QUICK_ROWS_FROM  # a row a game at least
    assert _run(mode, argv, startup.ALL_OFF, tmp_path) == with_tricks
    assert _run(mode, argv, "TERTS_NO_QUICK_ROWS", tmp_path) == with_tricks
    assert _run(mode, argv, "TERTS_NO_WALK_AHEAD", tmp_path) == with_tricks


@pytest.mark.parametrize("mode", [_mode(m) for m in MODES])
def test_a_write_is_the_same_without_the_tricks(game, mode, tmp_path):
    results = []
    for switch in (None, startup.ALL_OFF):
        copy = tmp_path / f"copy-{switch}" / "game.toml"
        copy.parent.mkdir()
        shutil.copyfile(game, copy)
        code, out, err = _run(mode, [*WRITE, "--game", str(copy)], switch, copy.parent)
        assert code == 0, (out, err)
        results.append((out, err, _TIME.sub(b"TIME", copy.read_bytes())))
    assert results[0] == results[1]
    assert results[0][2] != _TIME.sub(b"TIME", game.read_bytes())  # the event was written


@pytest.mark.slow
@pytest.mark.parametrize("switch", list(startup.TRICKS.values()))
@pytest.mark.parametrize("argv", [["status"], ["sheet"]], ids=["status", "sheet"])
def test_each_switch_alone_leaves_the_output_as_it_is(game, switch, argv):
    argv = [*argv, "--game", str(game)]
    assert _run("tty44", argv, switch, game.parent) == _run("tty44", argv, None, game.parent)


# --- a session: the spliced event and the kept game -------------------------------------------


def _session(path: Path) -> list[tuple[bytes, object]]:
    """Events recorded one after another into one ``GameFile(keep=True)``, as table mode and
    the page record them: the file's bytes and the status after each."""
    from terts_referee.game.game_file import GameFile
    from terts_referee.game.requests import DealRequest, DeclareRequest, ScoreRequest

    session = GameFile(path, keep=True)
    seen: list[tuple[bytes, object]] = []
    for request in (
        DeclareRequest("Боря", ["marriage"]),
        ScoreRequest(60, "Боря", "Боря"),
        DealRequest("c"),
        DeclareRequest("Аня", ["terts:Qc"]),
    ):
        session.record(request)
        seen.append((path.read_bytes(), session.status()))
    return seen


@pytest.mark.parametrize("switch", SWITCHES)
def test_a_session_writes_the_same_without_a_trick(game, tmp_path, monkeypatch, switch):
    from terts_referee.game import model

    start = datetime(2026, 12, 1, 12, tzinfo=UTC)

    def clock():  # the same times in both sessions
        ticks = (start + timedelta(minutes=i) for i in range(99))
        monkeypatch.setattr(model, "now", lambda: next(ticks))

    plain = tmp_path / "plain.toml"
    shutil.copyfile(game, plain)
    clock()
    tricked = _session(game)
    clock()
    monkeypatch.setenv(switch, "1")
    assert _session(plain) == tricked


# --- each switch turns its trick off ------------------------------------------------------------


@pytest.mark.parametrize("value", ["", "0"])
def test_an_empty_or_zero_switch_leaves_the_tricks_on(monkeypatch, value):
    monkeypatch.setenv(startup.ALL_OFF, value)
    for switch in startup.TRICKS.values():
        monkeypatch.setenv(switch, value)
    assert all(startup.on(trick) for trick in startup.TRICKS)


@pytest.mark.parametrize("trick", list(startup.TRICKS))
def test_a_switch_turns_its_own_trick_off_and_no_other(monkeypatch, trick):
    monkeypatch.setenv(startup.TRICKS[trick], "1")
    assert {t for t in startup.TRICKS if not startup.on(t)} == {trick}


def test_the_all_off_switch_turns_every_trick_off(monkeypatch):
    monkeypatch.setenv(startup.ALL_OFF, "yes")
    assert not any(startup.on(trick) for trick in startup.TRICKS)


def _off(monkeypatch, trick: str, off: bool) -> None:
    if off:
        monkeypatch.setenv(startup.TRICKS[trick], "1")


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_gc_switch(monkeypatch, off):
    _off(monkeypatch, "gc", off)
    frozen = gc.get_freeze_count()
    try:
        startup.collector_off()
        assert gc.isenabled() is off
        startup.freeze()
        assert (gc.get_freeze_count() == frozen) is off
    finally:
        gc.unfreeze()
        gc.enable()


def test_fast_exit_switch(monkeypatch):
    """Off, the process is left to Python's own shutdown: nothing flushed, nothing ended. (On,
    it ends the process: ``tests/cli/test_dispatch.py`` runs that in a child.)"""
    _off(monkeypatch, "fast_exit", True)
    startup.end_now(3, lambda: pytest.fail("flushed with the trick off"))  # and returns


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_quick_lines_switch(monkeypatch, off):
    monkeypatch.setenv("TERM", "xterm-256color")
    _off(monkeypatch, "quick_lines", off)
    stream = io.StringIO()
    assert startup.quick_line(stream, "deal 3: Аня deals", "bold") is not off
    assert stream.getvalue() == ("" if off else "\x1b[1mdeal 3: Аня deals\x1b[0m\n")


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_fitted_tables_switch(monkeypatch, off):
    from rich.table import Table
    from rich.text import Text

    _off(monkeypatch, "fitted_tables", off)
    table = Table("a", "b")
    table.add_row(Text("one"), Text("two"))
    assert startup.fit_table(table, [3, 3], [True, True]) is not off
    assert (table.columns[0].width == 3) is not off
    startup.fit_columns(table, [3, 3], [True, True])
    assert (type(table.columns[0]._cells[0]) is Text) is off


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_append_event_switch(monkeypatch, off):
    import tomli_w

    _off(monkeypatch, "append_event", off)
    first = {"kind": "deal", "note": "x" * 80}
    doc = {"format": 2, "events": [first]}
    event = {"kind": "deal", "note": "y" * 80}
    spliced = startup.spliced_event(tomli_w.dumps(doc).encode(), doc, event)
    whole = tomli_w.dumps({**doc, "events": [first, event]}).encode()
    assert spliced == (None if off else whole)


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_kept_game_switch(monkeypatch, tmp_path, off):
    from terts_referee.game.game_file import GameFile

    _off(monkeypatch, "kept_game", off)
    assert GameFile(tmp_path / "g.toml", keep=True).keep is not off
    assert GameFile(tmp_path / "g.toml").keep is False


def test_only_the_start_up_module_spells_type_checking_out():
    """``TYPE_CHECKING = False`` (instead of importing it from typing) is a start-up trick of
    the module imported before the collector is off; every other module imports typing's."""
    from tests.architecture.sources import PACKAGE

    spelled = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "\nTYPE_CHECKING = False\n" in path.read_text(encoding="utf-8")
    )
    assert spelled == ["startup.py"]


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_parsed_once_switch(monkeypatch, tmp_path, off):
    from terts_referee.game import storage

    _off(monkeypatch, "parsed_once", off)
    path = tmp_path / "g.toml"
    data = b"format = 2\n"
    storage.parse_game(path, data)
    parsed: list[str] = []

    def parse_toml(text: str) -> dict[str, object]:
        parsed.append(text)
        return {"format": 2}

    monkeypatch.setattr("terts_referee.files.parse_toml", parse_toml)
    assert storage.parse_game(path, data) == {"format": 2}
    assert bool(parsed) is off


@pytest.mark.parametrize("off", [False, True], ids=["on", "off"])
def test_quick_rows_switch(monkeypatch, off):
    """On, a long table of fitted plain cells is written by the trick, the same bytes rich
    writes; a table with a styled cell is left to rich either way."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    _off(monkeypatch, "quick_rows", off)

    def made(style: str = "") -> Table:
        table = Table("дата", "игрок", title="Партии")
        for n in range(startup.QUICK_ROWS_FROM + 1):
            table.add_row(Text(f"2026-01-{n % 28 + 1:02d}"), Text("Аня" if n % 2 else "Боря"))
        table.add_row(Text("2026-02-01"), Text("Вася", style=style))
        startup.fit_columns(table, [10, 4], [True, True])
        return table

    def printed(table: Table, quick: bool) -> tuple[bool, str]:
        console = Console(
            file=io.StringIO(), width=60, force_terminal=True, color_system="truecolor"
        )
        done = quick and startup.quick_rows(console, table)
        if not done:
            console.print(table)
        return done, console.file.getvalue()  # type: ignore[attr-defined]

    done, text = printed(made(), quick=True)
    assert done is not off
    assert text == printed(made(), quick=False)[1]
    assert text.count("Аня") == (startup.QUICK_ROWS_FROM + 1) // 2
    assert printed(made("bold"), quick=True)[0] is False  # a styled cell: rich's
    console = Console(file=io.StringIO(), width=60)
    with console.capture() as capture:  # the output held: rich prints it, into the capture
        assert startup.quick_rows(console, made()) is False
    assert capture.get() == "" and console.file.getvalue() == ""  # type: ignore[attr-defined]


#: ``cli.walk_ahead`` and ``cli.library.walk_made_ahead`` in a process of their own (a fork of
#: the tests' process, which runs threads, could hang on a lock one of them held): what the
#: child sent, against the walk made in the process itself.
_AHEAD = """
import json, sys
from pathlib import Path
from terts_referee import cli
from terts_referee.cli.library import walk_made_ahead
from terts_referee.library.kept import walk_state
argv, asked = json.loads(sys.argv[1])
cli.walk_ahead(argv)
found = walk_made_ahead(Path(asked), "stats")
_, here = walk_state(asked)
print(json.dumps(None if found is None else [found[:2] == here[:2], type(found[2]).__name__]))
"""


@pytest.mark.parametrize(
    ("argv", "asked", "sent"),
    [
        (["stats"], None, True),
        (["history", "--json", "--lang", "ru"], None, True),
        (["--lang", "uk", "stats", "--library=elsewhere", "--library", "LIBRARY"], None, True),
        (["stats", "--library", "elsewhere"], None, False),  # walked another library
        (["status"], None, False),  # not a library's command: no child
        (["stats", "--help"], None, False),
        (["stats"], "TERTS_NO_WALK_AHEAD", False),
        (["history"], startup.ALL_OFF, False),
    ],
    ids=["stats", "history", "last-library", "another", "status", "help", "off", "all-off"],
)
def test_walk_ahead_switch(library, tmp_path, argv, asked, sent):
    """On, ``history`` and ``stats`` walk the library the command line names in a child,
    and its hashes are the walk's own; off, or for another command or library, nothing."""
    put_in = [str(library) if word == "LIBRARY" else word for word in argv]
    env = _env(asked, terminal=False)
    script = [sys.executable, "-c", _AHEAD, json.dumps([put_in, str(library)])]
    proc = subprocess.run(script, capture_output=True, env=env, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert json.loads(proc.stdout) == ([True, "int"] if sent else None)


#: ``startup.walked`` awaiting a child whose work takes ``sys.argv[1]`` seconds, ``colorsys``
#: named to import meanwhile: whether it was imported, and what the child's work returned.
_MEANWHILE = """
import json, sys, time
from terts_referee import startup
pause = float(sys.argv[1])
startup.walk_ahead(lambda: time.sleep(pause) or "walked")
time.sleep(0.0 if pause else 1.0)  # a quick child's answer is in by then
found = startup.walked(["colorsys"])
print(json.dumps(["colorsys" in sys.modules, found]))
"""


@pytest.mark.parametrize(("pause", "imported"), [(1.0, True), (0.0, False)], ids=["slow", "quick"])
def test_walked_imports_what_comes_next_only_while_the_walk_is_awaited(pause, imported):
    env = _env(None, terminal=False)
    script = [sys.executable, "-c", _MEANWHILE, str(pause)]
    proc = subprocess.run(script, capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [imported, "walked"]


@pytest.mark.parametrize(
    "first",
    [["", ""], ["  x", " y"], ["│", "│"]],
    ids=["empty", "spaces", "a border's character"],
)
def test_quick_rows_writes_what_rich_does_whatever_the_first_rows_hold(first):
    """The rows are written from the borders' places, not from where a cell's text is found:
    first rows of empty cells, of leading spaces or of a border's character take nothing of
    a border for a cell (the lines after them are what rich draws)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def made() -> Table:
        table = Table("a", "b", "c")
        for n in range(startup.QUICK_ROWS_FROM + 2):
            a = first[n] if n < 2 else f"ab{n}"
            table.add_row(Text(a), Text(f"Аня {n}"), Text("—"))
        startup.fit_columns(table, [5, 6, 1], [True, True, True])
        return table

    quick = Console(file=io.StringIO(), width=40, force_terminal=True, color_system="standard")
    plain = Console(file=io.StringIO(), width=40, force_terminal=True, color_system="standard")
    if not startup.quick_rows(quick, made()):
        quick.print(made())
    plain.print(made())
    assert quick.file.getvalue() == plain.file.getvalue()  # type: ignore[attr-defined]
