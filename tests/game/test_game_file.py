"""The game API (``game.game_file.GameFile``): records, corrections, undo and the views over one
game file; the lock between two processes and two threads; atomic writes; a kept game that
sees every other writer."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from terts_referee.api import (
    REQUESTS,
    AskRequest,
    ChallengeRequest,
    ClaimRequest,
    CorrectionRefused,
    DealRequest,
    DeclareRequest,
    EventRefused,
    ExchangeRequest,
    GameFile,
    GameFileError,
    NotationError,
    PenaltyRequest,
    ScoreRequest,
    TrickRequest,
    TrumpRequest,
)
from terts_referee.domain.cards import Suit
from terts_referee.domain.events import DealEvent, Declare, Event, Penalty, PenaltyKind, Score
from terts_referee.game.model import Game
from terts_referee.referee.state import State
from tests.helpers import raises_said, said, untimed

A, B = "Аня", "Боря"


@pytest.fixture(params=[False, True], ids=["fresh", "kept"])
def keep(request):
    return request.param


def _new(tmp_path: Path, keep: bool = False, **kw) -> GameFile:
    return GameFile.create(tmp_path / "g.toml", [A, B], keep=keep, **kw)


def _types(file: GameFile) -> list[str]:
    return [e.type for e in file.game().events]


# --- recording --------------------------------------------------------------------------------


def test_a_quick_deal_through_requests(tmp_path, keep):
    file = _new(tmp_path, keep)
    dealt = file.record(DealRequest("7ч"))
    assert dealt.number == 1 and isinstance(dealt.event, DealEvent)
    assert dealt.event.trump_card is not None and dealt.sheet.current is not None
    declared = file.record(DeclareRequest("ан", ["терц:Дч"]))  # a prefix, any case
    assert isinstance(declared.event, Declare)
    assert declared.event == Declare(A, declared.event.combos) and declared.number == 2
    file.record(DeclareRequest(B, ["4К"]))
    done = file.record(ScoreRequest(54, by="бо", last_trick=A))
    assert done.event == Score(B, 54, A)
    assert done.sheet.totals == {A: 120, B: 150}
    assert file.sheet().totals == done.sheet.totals
    status = file.status()
    assert (status.deal, status.phase, status.finished) == (1, "over", False)
    log = file.log()
    assert [e.number for e in log.entries] == [1, 2, 3, 4] and log.corrections is None
    assert all(e.at is not None and e.corrected is None for e in log.entries)


def test_every_request_is_a_command_and_takes_its_fields_by_name():
    assert list(REQUESTS) == [
        "deal",
        "declare",
        "challenge",
        "ask",
        "trump",
        "trick",
        "exchange",
        "score",
        "penalty",
        "claim",
        "note",
    ]
    example = {
        "text": "Аня",
        "number": 54,
        "flag": True,
        "texts": ("Тп", "7п"),
        "line": "терц на червях",  # one text as said, spaces and all
    }
    for action, request in REQUESTS.items():
        assert request.action == action
        given = {f.name: example[f.kind] for f in request.FIELDS}
        made = request(**given)
        assert {f.name: getattr(made, f.name) for f in request.FIELDS} == given
    assert DeclareRequest(A, ["4J"]) == DeclareRequest(A, ("4J",))  # a list kept as a tuple
    assert repr(ScoreRequest(54, B, A)) == "ScoreRequest(points=54, by='Боря', last_trick='Аня')"


def test_a_trick_by_trick_deal_with_every_other_request(tmp_path, keep):
    file = _new(tmp_path, keep, quick=False)
    file.record(DealRequest())  # no trump yet
    file.record(TrumpRequest("8ч"))
    file.record(DeclareRequest(A, ["терц:Дб"]))
    file.record(AskRequest(B))
    file.record(TrickRequest(["Тп", "7п"]))
    file.record(PenaltyRequest(B, "miscount", points=10))
    file.record(ExchangeRequest(B))
    with raises_said(EventRefused, "claim"):
        file.record(ClaimRequest(A))
    assert _types(file) == ["deal", "trump", "declare", "ask", "trick", "penalty", "exchange"]


def test_an_event_is_taken_as_it_is(tmp_path, keep):
    file = _new(tmp_path, keep)
    file.record(DealEvent(None, None, None, True))
    recorded = file.record(Penalty(A, PenaltyKind.MISCOUNT, 10))
    assert recorded.notices and recorded.notices[0].code == "notice.penalty"
    assert "miscount" in said(recorded.notices[0])


@pytest.mark.parametrize(
    ("request_", "error", "reason"),
    [
        (DeclareRequest("Гоша", ["4J"]), NotationError, "not a player"),
        (DeclareRequest(A, ["терц:Zz"]), NotationError, "Zz"),
        (TrickRequest(["Тп"]), NotationError, "two cards"),
        (DealRequest("--color"), NotationError, "--color"),
        (DealRequest("7ч"), EventRefused, "deal 1"),  # a deal is open
        (PenaltyRequest(A, "nonsense"), NotationError, "nonsense"),
        (ScoreRequest(200, B, A), EventRefused, "200"),
    ],
)
def test_a_refusal_leaves_the_file_as_it_was(tmp_path, keep, request_, error, reason):
    file = _new(tmp_path, keep)
    file.record(DealRequest("h"))
    before = file.path.read_bytes()
    with raises_said(error, reason):
        file.record(request_)
    assert file.path.read_bytes() == before
    assert _types(file) == ["deal"]
    file.record(DeclareRequest(A, ["4J"]))  # and the game goes on
    assert _types(file) == ["deal", "declare"]


def test_a_game_file_that_is_not_there(tmp_path):
    file = GameFile(tmp_path / "none.toml")
    with raises_said(GameFileError, "not found"):
        file.sheet()
    with raises_said(GameFileError, "not found"):
        file.record(DealRequest())
    assert not (tmp_path / "none.toml").exists()


def test_create_checks_everything_before_anything_is_moved_or_written(tmp_path):
    moved: list[Path] = []
    with raises_said(NotationError, "Гоша"):
        GameFile.create(tmp_path / "g.toml", [A, B], dealer="Гоша", set_aside=moved.append)
    with pytest.raises(NotationError):
        GameFile.create(tmp_path / "g.toml", [A, A], set_aside=moved.append)
    assert moved == [] and not (tmp_path / "g.toml").exists()
    file = GameFile.create(tmp_path / "g.toml", [A, B], dealer=B, set_aside=moved.append)
    assert moved == [tmp_path / "g.toml"] and file.game().first_dealer == B
    with raises_said(GameFileError, "exists"):
        GameFile.create(tmp_path / "g.toml", [A, B])
    GameFile.create(tmp_path / "g.toml", ["Вика", "Гена"], force=True, rules="short")
    assert GameFile(tmp_path / "g.toml").game().rules.name == "short"


def test_create_replaces_a_game_only_when_set_aside_kept_its_very_bytes(tmp_path):
    """``set_aside`` returning a copy of the file's bytes: the new game is written over the
    file (atomically, never missing); a copy of other bytes, or none, is no reason to."""
    path = tmp_path / "g.toml"
    GameFile.create(path, [A, B])
    old = path.read_bytes()
    other = tmp_path / "other.toml"
    other.write_bytes(old.replace(A.encode(), "Вика".encode()))
    for returned in (None, other, tmp_path / "missing.toml", "not a copy", 42):

        def answers(where: Path, given: object = returned) -> object:
            return given

        with raises_said(GameFileError, "exists"):
            GameFile.create(path, ["Вика", "Гена"], set_aside=answers)
        assert path.read_bytes() == old
    copy = tmp_path / "copy.toml"

    def kept(where: Path) -> Path:
        copy.write_bytes(where.read_bytes())
        return copy

    GameFile.create(path, ["Вика", "Гена"], set_aside=kept)
    assert copy.read_bytes() == old and GameFile(path).game().players == ("Вика", "Гена")


# --- corrections ------------------------------------------------------------------------------


def test_correct_insert_drop_and_undo(tmp_path, keep):
    file = _new(tmp_path, keep)
    for request in [DealRequest("ч"), DeclareRequest(A, ["терц:Дч"]), ScoreRequest(54, B, A)]:
        file.record(request)
    fixed = file.correct(3, ScoreRequest(64, B, A))
    assert fixed.correction.action == "replace" and fixed.correction.number == 3
    assert fixed.sheet.totals == file.sheet().totals == {A: 110, B: 60}
    inserted = file.insert_before(3, DeclareRequest(B, ["4К"]))
    assert inserted.correction.action == "insert" and len(file.log().entries) == 4
    with raises_said(CorrectionRefused, "events 2-4 still stand"):
        file.drop(1)  # the later events need the deal
    dropped = file.drop(3)
    assert dropped.correction.old is not None and dropped.correction.old.type == "declare"
    removed = file.undo()
    assert removed.number == 3 and removed.event.type == "score"
    log = file.log(corrections=True)
    assert [e.event.type for e in log.entries] == ["deal", "declare"]
    assert log.corrections is not None and [c.action for c in log.corrections] == [
        "replace",
        "insert",
        "drop",
        "drop",
    ]
    with raises_said(NotationError, "no event 9"):
        file.correct(9, ScoreRequest(1, A, B))


def test_a_corrected_event_is_read_against_the_game_as_it_stood(tmp_path, keep):
    """A declaration put in before event 3 reads its marriage against the trump of the deal
    open there (hearts), not the deal open now (spades)."""
    file = _new(tmp_path, keep)
    for request in [DealRequest("ч"), DeclareRequest(A, ["4J"]), ScoreRequest(54, B, A)]:
        file.record(request)
    file.record(DealRequest("п"))
    file.insert_before(3, DeclareRequest(B, ["марьяж"]))
    inserted = file.game().events[2]
    assert isinstance(inserted, Declare) and inserted.combos[0].suit is Suit.HEARTS


def test_what_the_api_writes_is_what_the_commands_write(tmp_path, capsys):
    from terts_referee.cli import main

    api = _new(tmp_path, keep=True)
    cli = tmp_path / "cli.toml"
    cli.write_bytes(api.path.read_bytes())
    lines = [
        (DealRequest("7ч"), ["deal", "--trump", "7ч"]),
        (DeclareRequest(A, ["терц:Дч"]), ["declare", A, "терц:Дч"]),
        (ChallengeRequest(B, "терц:Тп"), ["challenge", B, "терц:Тп"]),
        (ScoreRequest(54, B, A), ["score", "54", "--by", B, "--last-trick", A]),
        (PenaltyRequest(B, "miscount", 10), ["penalty", B, "miscount", "--points", "10"]),
    ]
    for request, argv in lines:
        api.record(request)
        assert main([*argv, "--game", str(cli)]) == 0
    api.correct(4, ScoreRequest(64, B, A))
    assert (
        main(["score", "64", "--by", B, "--last-trick", A, "--replace", "4", "--game", str(cli)])
        == 0
    )
    api.undo()
    assert main(["undo", "--game", str(cli)]) == 0
    capsys.readouterr()
    assert untimed(api.path) == untimed(cli)


# --- the kept game ----------------------------------------------------------------------------


def test_a_kept_game_sees_every_other_writer(tmp_path):
    kept = _new(tmp_path, keep=True)
    other = GameFile(kept.path)  # another writer: a terminal, another program
    kept.record(DealRequest("ч"))
    other.record(DeclareRequest(A, ["4J"]))
    assert _types(kept) == ["deal", "declare"]  # read again: the bytes are not its own
    kept.record(DeclareRequest(B, ["4К"]))
    other.record(ScoreRequest(54, B, A))
    assert kept.sheet().totals == other.sheet().totals == {A: 300, B: 150}
    # the same length, the same time and size: the bytes themselves are compared
    data = kept.path.read_bytes()
    kept.path.write_bytes(data.replace(b"points = 54", b"points = 64"))
    assert kept.sheet().totals == {A: 290, B: 160}
    # a damaged file is said, never written over
    kept.path.write_bytes(data.replace(b"quick = true", b"quick = fals"))
    with raises_said(GameFileError, "corrupt"):
        kept.record(DealRequest("п"))
    with raises_said(GameFileError, "corrupt"):
        kept.status()
    assert b"quick = fals" in kept.path.read_bytes()


def test_a_kept_game_judges_each_event_alone(tmp_path, monkeypatch):
    """After its first look, a kept game neither parses the file nor replays the log again
    while the file holds its bytes."""
    file = _new(tmp_path, keep=True)
    file.game()
    reads: list[int] = []
    walks: list[int] = []
    real_from_doc = Game.from_doc  # bound to Game: the class the file's game is

    def from_doc(cls: type[Game], doc: dict[str, Any], origin: str | None = None) -> Game:
        reads.append(1)
        return real_from_doc(doc, origin)

    monkeypatch.setattr(Game, "from_doc", classmethod(from_doc))
    import terts_referee.referee.dispatch as dispatch

    real_apply = dispatch.apply

    def apply(st: State, number: int, ev: Event) -> None:
        walks.append(number)
        real_apply(st, number, ev)

    monkeypatch.setattr(dispatch, "apply", apply)
    for _ in range(2):
        file.record(DealRequest("ч"))
        file.record(DeclareRequest(A, ["4J"]))
        file.record(ScoreRequest(54, B, A))
        file.status()
        file.sheet()
    assert reads == []
    assert walks == list(range(1, 7))  # each event judged once, in order: never a replay


def test_the_sheet_of_a_game_without_keep_stays_as_it_was(tmp_path):
    file = _new(tmp_path)
    first = file.record(DealRequest("ч"))
    file.record(DeclareRequest(A, ["4J"]))
    assert first.sheet.current is not None and not first.sheet.current.declarations


# --- the lock, the atomic write ---------------------------------------------------------------

WRITER = """
import sys
from terts_referee.api import GameFile, PenaltyRequest
file = GameFile(sys.argv[1], keep=sys.argv[3] == "keep")
for _ in range(int(sys.argv[4])):
    file.record(PenaltyRequest(sys.argv[2], "miscount", 10))
"""


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    file = _new(tmp_path)
    file.record(DealRequest("ч"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TERTS_")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(file.path), who, mode, "15"],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who, mode in ((A, "keep"), (B, "fresh"))
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    events = file.game().events
    assert len(events) == 1 + 30
    assert sum(1 for e in events if getattr(e, "player", None) == A) == 15


def test_two_threads_writing_at_once_lose_nothing(tmp_path):
    first = _new(tmp_path, keep=True)
    first.record(DealRequest("ч"))
    shared = GameFile(first.path, keep=True)  # one object, two threads (the page's server)
    errors: list[BaseException] = []

    def write(file: GameFile, who: str) -> None:
        try:
            for _ in range(10):
                file.record(PenaltyRequest(who, "miscount", 10))
        except BaseException as exc:  # pragma: no cover - the test says what
            errors.append(exc)

    threads = [
        threading.Thread(target=write, args=(first, A)),
        threading.Thread(target=write, args=(shared, B)),
        threading.Thread(target=write, args=(shared, A)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert len(GameFile(first.path).game().events) == 1 + 30


def test_a_write_that_fails_leaves_the_file_and_no_temporary_file(tmp_path, monkeypatch, keep):
    file = _new(tmp_path, keep)
    file.record(DealRequest("ч"))
    before = file.path.read_bytes()

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", broken)  # the os module storage writes through
        with raises_said(GameFileError, "No space left"):
            file.record(DeclareRequest(A, ["4J"]))
    assert file.path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g.toml.lock", "g.toml"]
    file.record(DeclareRequest(A, ["4J"]))  # the next write is whole
    assert _types(file) == ["deal", "declare"]


def test_a_killed_save_s_temporary_file_is_removed_by_the_next_write(tmp_path, keep):
    file = _new(tmp_path, keep)
    stale = tmp_path / ".g.toml.abcd1234.tmp"
    stale.write_bytes(b"half a save")
    file.record(DealRequest("ч"))
    assert not stale.exists()
