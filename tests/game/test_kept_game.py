"""The kept game (table mode's time per event): a session that records event after event
(``terts table``, ``terts serve``: a ``GameFile`` opened with ``keep=True``) keeps the game it
wrote or read, with the referee's state, and records the next event into it when the file holds
exactly those bytes; otherwise it reads the file as every command does. Nothing a person sees
may differ: a session with the kept game says, exits and writes byte for byte what it says,
exits and writes when every command reads the file again, whoever else writes the file between
two events, whatever is refused."""

from __future__ import annotations

import itertools
import re
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee import i18n
from terts_referee.cli import main
from terts_referee.domain.cards import Suit
from terts_referee.domain.declarations import Declaration
from terts_referee.domain.events import Declare, Penalty, PenaltyKind
from terts_referee.domain.rules import load_ruleset
from terts_referee.errors import RuleError
from terts_referee.game import storage
from terts_referee.game.game_file import GameFile
from terts_referee.game.model import Game
from terts_referee.output.report.sheet import sheet_json
from terts_referee.referee import EventRefused, replay
from terts_referee.table import run_table
from tests.helpers import sample_events, whole_replay_sheet

A, B = "Аня", "Боря"
H, S = Suit.HEARTS, Suit.SPADES
MSK = timezone(timedelta(hours=3), "MSK")  # a named zone, as datetime.now().astimezone() has


@pytest.fixture
def clock(monkeypatch):
    monkeypatch.setattr("terts_referee.game.model.now", _clock())


def _new(path: Path, capsys) -> bytes:
    assert main(["new", A, B, "--game", str(path)]) == 0
    capsys.readouterr()
    return path.read_bytes()


def _session(path: Path, start: bytes, script, capsys, lang: str | None = None):
    """Run the table on a fresh copy of ``start``: (exit code, stdout, stderr, the file's bytes
    after every line). ``script`` holds lines and callables (another writer, between lines)."""
    storage._last_read[0] = None
    path.write_bytes(start)
    path.chmod(0o644)
    files: list[bytes] = []

    def lines():
        for item in script:
            if callable(item):
                item(path)
                continue
            yield item
            files.append(path.read_bytes())  # what the line before left (read at the next one)

    code = run_table(str(path), lang, input=lines())
    files.append(path.read_bytes())
    out, err = capsys.readouterr()
    return code, out, err, files


def _both(tmp_path, capsys, monkeypatch, script, lang=None):
    """The session as it runs, and again with nothing ever kept (every event read afresh),
    each from the same file and the same clock."""
    path = tmp_path / "g.toml"
    path.unlink(missing_ok=True)
    start = _new(path, capsys)
    monkeypatch.setattr("terts_referee.game.model.now", _clock())
    kept = _session(path, start, script, capsys, lang)
    monkeypatch.setattr("terts_referee.game.model.now", _clock())
    with monkeypatch.context() as m:
        m.setattr(GameFile, "_hold", _never_kept)
        fresh = _session(path, start, script, capsys, lang)
    return kept, fresh


def _never_kept(self, data, game):
    """``GameFile._hold`` that keeps nothing: every call reads the file afresh."""


def _clock():
    """Every time the game takes is the next second of a fixed clock."""
    ticks = itertools.count(1)
    start = datetime(2026, 11, 30, 20, 0, tzinfo=MSK)
    return lambda: start + timedelta(seconds=next(ticks))


def _rewrite(old: bytes, new: bytes):
    """Another writer: the file with ``old`` replaced (the same length: mtime and size tell
    nothing)."""

    def write(path: Path) -> None:
        data = path.read_bytes()
        assert old in data and len(old) == len(new)
        path.write_bytes(data.replace(old, new))

    return write


def _same_bytes(path: Path) -> None:
    """Another writer writes the very bytes the file holds (a new mtime, the same game)."""
    path.write_bytes(path.read_bytes())


def _read_only(path: Path) -> None:
    path.chmod(0o444)


def _writable(path: Path) -> None:
    path.chmod(0o644)


DEALS = ["n h", f"d {A} terts:Qh", f"s 54 {B} {A}", f"p {B} miscount 10"]

SCRIPTS = {
    "another writer between two events": [
        *DEALS,
        "n s",
        _rewrite(b"points = 54", b"points = 64"),  # deal 1 counted again, elsewhere
        f"d {B} terts:Ks",
        "st",
        _same_bytes,
        f"s 70 {A} {B}",
        "n d",
    ],
    "refused events then good ones": [
        "n h",
        f"d {A} terts:Qh",
        f"s 54 {B} {A}",
        f"d {A} marriage",  # refused: the deal is counted
        f"p {B} miscount 10",
        f"s 60 {B} {A}",  # refused: no deal open
        "d Вася marriage",  # refused: no such player
        "n s",
        "n s",  # refused: a deal is open
        f"d {B} terts:Ks",
        f"c {A} terts:As",
        f"s 70 {A} {B}",
    ],
    "corrections between events": [
        *DEALS,
        "n s",
        "fix 3 s 64 Боря Аня",
        f"d {B} terts:Ks",
        "u",
        f"d {B} marriage",
        "drop 5",
        "drop 1",  # refused: later events need the deal
        "n s",
        f"s 70 {A} {B}",
    ],
    "a write that fails, then succeeds": [
        *DEALS,
        "n s",
        _read_only,
        f"d {B} terts:Ks",  # the file cannot be written: nothing recorded
        _writable,
        f"d {B} terts:Ks",
        f"s 70 {A} {B}",
    ],
}


def _another_process(path: Path) -> None:
    """Another ``terts`` writes the file: a penalty recorded, if the rules allow one now (and
    nothing, as ``terts`` would, when the file is damaged)."""
    try:
        game = Game.from_doc(tomllib.loads(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError:
        return
    try:
        game.record(Penalty(A, PenaltyKind.MISCOUNT, points=10), at=datetime(2026, 12, 1))
    except RuleError:
        return
    path.write_text(tomli_w.dumps(game.to_doc()), encoding="utf-8")


def _damage(path: Path) -> None:
    """Another writer leaves the file damaged: every command refused until it is mended."""
    path.write_bytes(path.read_bytes().replace(b"quick = true", b"quick = fals"))


LINES = [
    "n h",
    "n s quick",
    "n d 7",
    f"d {A} terts:Qh",
    f"d {B} marriage",
    f"d {A} 4J",
    f"c {B} terts:Ks",
    f"s 54 {B} {A}",
    f"s 70 {A} {B}",
    f"p {B} miscount 10",
    f"x {A}",
    f"cl {A} 3 40",
    "u",
    f"fix 2 d {B} marriage",
    "drop 1",
    "drop 3",
    f"ins 2 p {A} miscount 10",
    "st",
    "l",
    _same_bytes,
    _another_process,
    _damage,
]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(script=st.lists(st.sampled_from(LINES), max_size=16), lang=st.sampled_from(["en", "ru"]))
def test_any_session_with_the_kept_game_is_a_session_reading_the_file_every_time(
    tmp_path, capsys, monkeypatch, script, lang
):
    kept, fresh = _both(tmp_path, capsys, monkeypatch, [*LINES[:4], *script], lang)
    assert kept == fresh


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(SCRIPTS))
def test_a_session_with_the_kept_game_is_a_session_reading_the_file_every_time(
    tmp_path, capsys, monkeypatch, name, lang
):
    kept, fresh = _both(tmp_path, capsys, monkeypatch, SCRIPTS[name], lang)
    code, out, err, files = kept
    assert code == 0
    refused = "terts: error:" in err or "terts: ошибка:" in err  # the refusal's word, per language
    assert refused or name == "another writer between two events"
    assert len(files) == len([s for s in SCRIPTS[name] if not callable(s)]) + 1
    assert files == fresh[3]  # byte for byte, after every line
    assert (code, out, err) == fresh[:3]


def test_a_file_typed_by_hand_in_the_first_format(tmp_path, capsys, monkeypatch):
    """A format 1 file (no times) with comments and its own layout: the first event writes it
    whole (format 2), the next ones are appended; as when every event reads the file."""
    path = tmp_path / "g.toml"
    text = _new(path, capsys).decode("utf-8")
    text = re.sub(r"(started|id) = .*\n", "", text).replace("format = 4", "# by hand\nformat = 1")
    text = text.replace("events = []\n", "") + (
        '\n[[events]]  # deal 1\ntype = "deal"\ntrump = "hearts"\nquick = true\n'
    )
    start = text.encode("utf-8")
    script = [*DEALS[1:], "n s", f"d {B} terts:Ks", f"s 70 {A} {B}"]
    monkeypatch.setattr("terts_referee.game.model.now", _clock())
    kept = _session(path, start, script, capsys, "en")
    monkeypatch.setattr("terts_referee.game.model.now", _clock())
    with monkeypatch.context() as m:
        m.setattr(GameFile, "_hold", _never_kept)
        fresh = _session(path, start, script, capsys, "en")
    assert kept == fresh
    assert kept[0] == 0 and kept[2] == ""
    assert kept[3][0].startswith(b"format = 2\n") and b"by hand" not in kept[3][0]


def test_the_kept_game_is_not_read_again(tmp_path, capsys, monkeypatch):
    """A session of 12 events reads the game once (the welcome: its summary and every event
    after it are the kept game's); once more after another writer changed it; a refused event
    never."""
    path = tmp_path / "g.toml"
    start = _new(path, capsys)
    reads: list[int] = []
    real = Game.from_doc  # bound to Game: the class the file's game is

    def counted(cls: type[Game], doc: dict[str, Any], origin: str | None = None) -> Game:
        reads.append(len(doc.get("events", [])))
        return real(doc, origin)

    monkeypatch.setattr(Game, "from_doc", classmethod(counted))
    script = [*DEALS, *DEALS[:2], "n s", *DEALS[2:], *DEALS]  # a deal is open: refused
    code, _, err, _ = _session(path, start, script, capsys)
    assert code == 0 and err.count("error") == 1
    assert reads == [0]
    reads.clear()
    script = [*DEALS, _rewrite(b"points = 54", b"points = 64"), *DEALS]
    _session(path, start, script, capsys)
    assert reads == [0, 4]


def test_a_language_or_a_plain_command_between_events(tmp_path, capsys, monkeypatch):
    """A kept game's notices are verdicts, worded when shown: a call in another language (a
    Russian one after English ones, one away from the table) words them in its own, and a plain
    ``terts`` command in this process between two calls is another writer. What the kept game
    says is what a game read afresh for every call says."""
    from terts_referee.cli.remedies import say as terminal
    from terts_referee.game.requests import (
        DealRequest,
        DeclareRequest,
        PenaltyRequest,
        ScoreRequest,
    )
    from terts_referee.i18n.sentences import say
    from terts_referee.output.report.log import log_json
    from terts_referee.table.remedies import say as at_the_table

    def worded(notices) -> list:
        lang = i18n.lang()
        return [(n[0], say(n[1], lang)) if isinstance(n, tuple) else say(n, lang) for n in notices]

    path = tmp_path / "g.toml"
    start = _new(path, capsys)
    first = [DealRequest("h"), DeclareRequest(A, ["terts:Qh"]), ScoreRequest(54, B, A)]
    later = [DealRequest("s"), DeclareRequest(B, ["terts:Ks"])]

    def calls():
        monkeypatch.setattr("terts_referee.game.model.now", _clock())
        storage._last_read[0] = None
        path.write_bytes(start)
        file = GameFile(path, keep=True)
        said: list[object] = []
        i18n.set_lang("en")
        said += [worded(file.record(r).notices) for r in first]
        said.append(worded(file.record(PenaltyRequest(A, "miscount", 10)).notices))
        assert main(["penalty", B, "miscount", "--points", "10", "--game", str(path)]) == 0
        i18n.set_lang("ru")
        said += [worded(file.record(r).notices) for r in later]
        said += [worded(file.snapshot().sheet.notices), log_json(file.log())]
        said.append(refused(file, at_the_table))  # the command in the table's short form
        said.append(refused(file, terminal))  # and as the command to type
        i18n.set_lang("en")
        said.append(worded(file.snapshot().sheet.notices))
        return said, path.read_bytes()

    def refused(file: GameFile, face) -> str:
        with pytest.raises(RuleError) as exc:
            file.record(DealRequest("d"))  # a deal is open
        return face(exc.value.verdict, i18n.lang())

    kept = calls()
    with monkeypatch.context() as m:
        m.setattr(GameFile, "_hold", _never_kept)
        fresh = calls()
    capsys.readouterr()
    assert kept == fresh
    said = kept[0]
    assert "штраф" in said[6][0][1] and "penalty" in said[-1][0][1]
    assert "`s ОЧКИ ИГРОК ИГРОК`" in said[-3] and "`terts score ОЧКИ" in said[-2]


# --- the library: Game.record(keep=True) ----------------------------------------------------

EVENTS = sample_events()
whole = whole_replay_sheet


def test_kept_state_gives_the_sheets_of_whole_replays_refusals_included():
    game = Game((A, B), load_ruleset("classic"))
    late = Declare(B, (Declaration.marriage(H),))
    for i, event in enumerate(EVENTS):
        if i == 3:  # deal 1 is counted: refused on the kept state, then the game goes on
            with pytest.raises(EventRefused) as refused:
                game.record(late, keep=True)
            with pytest.raises(EventRefused) as replayed:
                replay(game.players, [*game.events, late], game.rules)
            assert (refused.value.number, str(refused.value)) == (
                replayed.value.number,
                str(replayed.value),
            )
            assert len(game.events) == 3
        sheet = game.record(event, keep=True)
        assert sheet_json(game, sheet) == whole(game)
        assert game.sheet() is sheet  # kept: no walk
        assert sheet_json(game, game.sheet()) == whole(game)


def test_without_keep_a_recorded_sheet_stays_as_it_was():
    game = Game((A, B), load_ruleset("classic"))
    first = game.record(EVENTS[0])
    before = sheet_json(game, first)
    game.record(EVENTS[1])
    assert sheet_json(game, first) == before
    assert game.sheet() is not game.sheet()


def test_a_kept_state_serves_every_language():
    """Notices are verdicts, worded when they are shown: the state kept while the session spoke
    English is the sheet in Russian too (not walked again), worded as a whole replay words it."""
    game = Game((A, B), load_ruleset("classic"))
    for event in EVENTS:
        game.record(event, keep=True)
    kept = game.sheet()
    english = sheet_json(game, kept)
    assert kept.notices
    i18n.set_lang("ru")
    sheet = game.sheet()
    assert sheet is kept
    assert sheet_json(game, sheet) == whole(game) != english


def test_read_back_last_gives_the_event_and_time_as_the_file_reads_them(tmp_path):
    game = Game((A, B), load_ruleset("classic"), quick=True)
    when = datetime(2026, 11, 30, 20, 0, tzinfo=MSK)
    game.record(EVENTS[0], at=when, keep=True)
    game.record(EVENTS[1], at=when, keep=True)
    last = game.times[-1]
    assert last is not None and last.tzname() == "MSK"
    assert game.read_back_last("g.toml")
    path = tmp_path / "g.toml"
    storage.write_game(path, game.to_doc())
    storage._last_read[0] = None
    again = Game.from_doc(storage.read_game(path), str(path))
    assert game.events == again.events and game.times == again.times
    assert [t and t.tzname() for t in game.times] == ["MSK", "UTC+03:00"]
    declared, read = game.events[-1], again.events[-1]
    assert isinstance(declared, Declare) and isinstance(read, Declare)
    assert type(declared.combos) is type(read.combos)


# --- the completer's descriptions of the events ---------------------------------------------


def test_the_completer_describes_each_event_as_the_game_now_has_it(tmp_path, capsys, monkeypatch):
    """After every line the completer's descriptions are those of every event described anew:
    the events kept from the refresh before (the very same objects, the same language) are
    not described again, a corrected or dropped one is."""
    import terts_referee.table.session as table
    from terts_referee.output.report.events import describe
    from terts_referee.table import TableCompleter

    seen: list[TableCompleter] = []
    checked: list[int] = []

    class Spy(TableCompleter):  # the class the session makes its completer of
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            seen.append(self)

    monkeypatch.setattr(table, "TableCompleter", Spy)
    path = tmp_path / "g.toml"
    _new(path, capsys)

    def check(path: Path) -> None:
        game = Game.from_doc(storage.read_game(path))
        assert seen[0].events == tuple(describe(e) for e in game.events)
        checked.append(len(game.events))

    script = [*DEALS, check, "fix 3 s 64 Боря Аня", check, "drop 4", check, "n s", check]
    script += [f"d {B} terts:Ks", check]
    _session(path, path.read_bytes(), script, capsys, "ru")
    assert checked == [4, 4, 3, 4, 5]
    # the same game in another language: every event described again
    assert run_table(str(path), "en", input=["p Боря miscount 10"]) == 0
    game = Game.from_doc(storage.read_game(path))
    assert seen[-1].events == tuple(describe(e) for e in game.events)
    assert seen[-1].events[0].startswith("deal")


# --- a session's events, a terminal's between them -------------------------------------------


def test_a_sessions_events_and_a_terminal_command_in_another_process(tmp_path, capsys):
    """A kept game (the page's server, table mode): a ``terts`` command in another process
    between two of the session's events is read, never overwritten by the kept game; the file
    is what the plain commands write."""
    import os
    import subprocess
    import sys

    from terts_referee.game.requests import DealRequest, DeclareRequest, ScoreRequest
    from tests.helpers import untimed

    path = tmp_path / "g.toml"
    start = _new(path, capsys)
    file = GameFile(path, keep=True)
    for request in [DealRequest("h"), DeclareRequest(A, ["terts:Qh"]), ScoreRequest(54, B, A)]:
        file.record(request)
    assert file._kept is not None and file._kept[0] == path.read_bytes()
    env = {k: v for k, v in os.environ.items() if k != "TERTS_GAME"}
    game = ["--game", str(path)]
    other = subprocess.run(
        [sys.executable, "-m", "terts_referee", "penalty", B, "miscount", "--points", "10", *game],
        env=env,
        capture_output=True,
        text=True,
    )
    assert other.returncode == 0, other.stderr
    said = [file.record(r).notices for r in [DealRequest("s"), DeclareRequest(B, ["terts:Ks"])]]
    kept = untimed(path)

    path.write_bytes(start)
    for argv in [
        ["deal", "--trump", "h"],
        ["declare", A, "terts:Qh"],
        ["score", "54", "--by", B, "--last-trick", A],
        ["penalty", B, "miscount", "--points", "10"],
        ["deal", "--trump", "s"],
        ["declare", B, "terts:Ks"],
    ]:
        assert main([*argv, *game]) == 0
    capsys.readouterr()
    assert untimed(path) == kept
    assert said == [(), tuple(GameFile(path).log().entries[-1].notices)]
    types = ["deal", "declare", "score", "penalty", "deal", "declare"]
    assert [e["type"] for e in kept["events"]] == types
