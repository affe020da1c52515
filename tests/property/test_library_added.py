"""Properties of the answers kept with their tally (``library.kept``): after any games added
(later than every game, earlier, copies), removed or edited, the answer of ``history`` and
``stats`` over a warm index is the answer of a fresh build, byte for byte, in every form and
under every filter; and a game added later than every other is added to the kept answer, the
other games not read again."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import terts_referee.library.kept as kept
from terts_referee.game.model import Game, new_game_id
from terts_referee.game.storage import write_game
from terts_referee.library.answers import Question
from terts_referee.library.index import KeptRatings
from terts_referee.library.kept import answered
from tests.library.games import cache_in, game_of

DAY = datetime.fromisoformat("2026-03-01T19:00:00+02:00")
PLAYERS = ("Аня", "Боря", "Вася", "Вика", "Гоша")
# a folder below another, and names that sort beside its range of rows (``-`` before the
# separator, ``0`` just after it)
FOLDERS = ("", "2026", "2026/club", "2026-old", "20260", "phone")
PAST = time.time() - 30 * 86400  # out of the racy window: kept answers are used
CLOCK = [PAST]


def tick() -> float:
    CLOCK[0] += 61
    return CLOCK[0]


def _indented(document: object) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2)


QUESTIONS = [
    Question(command, wrapped=wrapped, **form, **filters)  # type: ignore[arg-type]
    for command in ("stats", "history")
    for wrapped in (False, True)
    for form in ({}, {"dumps": _indented, "indent": 2})
    for filters in (
        {},
        {"player": "ан"},
        {"since": "2026-03-05"},
        {"until": "2026-03-20", "rules": "classic"},
        {"player": "аня", "vs": "бо"},
    )
    if not (command == "history" and "vs" in filters)
]


def _game(players: tuple[int, int], day: int, moves: int, game_id: str | None = None) -> Game:
    a, b = PLAYERS[players[0]], PLAYERS[players[1]]
    return game_of(a, b, DAY + timedelta(days=day, minutes=day), game_id or new_game_id(), moves)


def _put(path: Path, game: Game) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_game(path, game.to_doc())
    when = tick()
    os.utime(path, (when, when))


def _answer(
    library: Path, cache: Path, question: Question, current: Path | None = None
) -> tuple[str, list, list]:
    """The question's text over ``library`` with its index in ``cache``, and what is told
    beside it (the files skipped, the conflicts)."""
    from terts_referee.errors import RefereeError

    with cache_in(cache):
        try:
            scan, text = answered(
                library,
                repr(question),
                question,
                current=current,
                memos=partial(KeptRatings, library),
            )
        except RefereeError as exc:  # a player not in the library: refused alike
            return repr(exc.verdict), [], []
    return _str(text), scan.skipped, [c.files for c in scan.conflicts]


def _str(text: str | bytes) -> str:
    """An answer's text as worked out, or as kept (its UTF-8 bytes)."""
    return text if isinstance(text, str) else text.decode("utf-8")


class _Spy:
    """Counts the answers ``kept.grown`` gave (a game added to a kept answer)."""

    def __init__(self) -> None:
        self.used = 0
        self.asked = 0
        self._grown = kept.grown

    def __call__(self, *args, **kwargs):
        self.asked += 1
        found = self._grown(*args, **kwargs)
        self.used += found is not None
        return found


PAIR = st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda p: p[0] != p[1])
SPEC = st.tuples(PAIR, st.sampled_from((6, 6, 3)), st.sampled_from(FOLDERS))
STEP = st.one_of(
    st.tuples(st.just("later"), SPEC),
    st.tuples(st.just("later"), SPEC),
    st.tuples(st.just("earlier"), SPEC),
    st.tuples(st.just("remove"), st.integers(0, 50)),
    st.tuples(st.just("edit"), st.integers(0, 50), st.sampled_from((3, 5, 6))),
    st.tuples(st.just("copy"), st.integers(0, 50), st.sampled_from(FOLDERS)),
    st.tuples(st.just("won"), SPEC),  # the game being played, won
    st.tuples(st.just("new"), st.sampled_from(FOLDERS)),  # ``terts new``: moved in
)


@settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    start=st.lists(SPEC, max_size=5),
    steps=st.lists(STEP, min_size=1, max_size=6),
    asks=st.data(),
)
def test_an_answer_kept_and_grown_is_a_fresh_builds_byte_for_byte(
    tmp_path_factory: pytest.TempPathFactory, start, steps, asks
) -> None:
    root = tmp_path_factory.mktemp("added")
    library, warm, cold = root / "library", root / "warm", root / "cold"
    current = root / "terts-game.toml"
    library.mkdir()
    days = [10]
    games: dict[Path, Game] = {}

    def place(spec, day: int) -> None:
        pair, moves, folder = spec
        game = _game(pair, day, moves)
        path = library / folder / f"g{len(games)}.toml"
        _put(path, game)
        games[path] = game

    for spec in start:
        days[0] += 1
        place(spec, days[0])
    spy = _Spy()
    kept.grown = spy
    try:
        asked = asks.draw(st.lists(st.sampled_from(QUESTIONS), min_size=1, max_size=3))
        for question in asked:  # kept before the steps
            _answer(library, warm, question, current)
        for step in steps:
            present = sorted(p for p in games if p.exists())
            if step[0] == "later":
                days[0] += 1
                place(step[1], days[0])
            elif step[0] == "earlier":
                place(step[1], 0)
            elif step[0] == "won":
                days[0] += 1
                _put(current, _game(step[1][0], days[0], 6))
            elif step[0] == "new":
                if current.exists():
                    moved = library / step[1] / f"g{len(games)}.toml"
                    moved.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(current, moved)
                    games[moved] = _game((0, 1), 0, 6)  # a stand-in: edited as any other
                days[0] += 1
                _put(current, _game((2, 3), days[0], 2))
            elif present:
                path = present[step[1] % len(present)]
                if step[0] == "remove":
                    path.unlink()
                elif step[0] == "edit":
                    old = games[path]
                    players = tuple(PLAYERS.index(p) for p in old.players)
                    _put(path, _game(players, 5, step[2], old.id))  # type: ignore[arg-type]
                else:
                    copy = library / step[2] / f"copy-{path.name}"
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, copy)
                    games[copy] = games[path]
            for question in asked:
                got = _answer(library, warm, question, current)
                shutil.rmtree(cold, ignore_errors=True)
                assert got == _answer(library, cold, question, current), question
    finally:
        kept.grown = spy._grown


@pytest.fixture
def spy() -> Iterator[_Spy]:
    watching = _Spy()
    kept.grown = watching
    try:
        yield watching
    finally:
        kept.grown = watching._grown


def _label(q: Question) -> str:
    """A question's test id, the same in every worker (no function's address)."""
    form = ("wrapped-" if q.wrapped else "") + ("indented" if q.indent else "compact")
    filters = [
        f"{k}={v}" for k in ("player", "vs", "since", "until", "rules") if (v := getattr(q, k))
    ]
    return "-".join([q.command, form, *filters])


@pytest.mark.parametrize("question", QUESTIONS, ids=_label)
def test_a_game_played_later_is_added_to_the_kept_answer(
    tmp_path: Path, spy: _Spy, question: Question
) -> None:
    library = tmp_path / "library"
    for day in range(1, 12):
        _put(library / str(2026) / f"g{day}.toml", _game((day % 5, (day + 2) % 5), day, 6))
    _answer(library, tmp_path / "warm", question)
    _put(library / "2026" / "later.toml", _game((0, 1), 30, 6))
    got = _answer(library, tmp_path / "warm", question)
    assert spy.used == 1, "worked out from a scan"
    assert got == _answer(library, tmp_path / "cold", question)
    if question.command == "history":  # the new game first, unless the filter leaves it out
        assert got[0].count("later.toml") == (question.until is None)


def test_a_game_played_earlier_is_worked_out_from_a_scan(tmp_path: Path, spy: _Spy) -> None:
    library = tmp_path / "library"
    for day in range(5, 9):
        _put(library / f"g{day}.toml", _game((0, 1), day, 6))
    question = Question("stats")
    _answer(library, tmp_path / "warm", question)
    _put(library / "earlier.toml", _game((1, 0), 1, 6))
    got = _answer(library, tmp_path / "warm", question)
    assert (spy.asked, spy.used) == (2, 0)  # asked each time; of no use the second
    assert got == _answer(library, tmp_path / "cold", question)


def test_the_game_being_played_counts_once_won_without_a_scan(tmp_path: Path, spy: _Spy) -> None:
    library = tmp_path / "library"
    for day in range(1, 4):
        _put(library / f"g{day}.toml", _game((0, 1), day, 6))
    current = tmp_path / "terts-game.toml"
    _put(current, _game((2, 3), 9, 3))  # being played
    question = Question("history")

    def ask(cache: Path) -> str:
        with cache_in(cache):
            return _str(answered(library, "q", question, current=current)[1])

    assert len(json.loads(ask(tmp_path / "warm"))["games"]) == 3
    _put(current, _game((2, 3), 9, 6))  # won
    got = ask(tmp_path / "warm")
    assert spy.used == 1
    assert got == ask(tmp_path / "cold")
    assert json.loads(got)["games"][0]["file"] == str(current)


def test_a_game_won_then_moved_in_by_terts_new_is_added_without_a_scan(
    tmp_path: Path, spy: _Spy
) -> None:
    """The evening's flow: a game won counts at once (the game being played), then ``terts
    new`` moves it into the library and starts the next one: neither answer reads the
    library's other games again."""
    library = tmp_path / "library"
    for day in range(1, 6):
        _put(library / "2026" / f"g{day}.toml", _game((day % 5, (day + 1) % 5), day, 6))
    current = tmp_path / "terts-game.toml"
    questions = [Question("history"), Question("stats", wrapped=True), Question("stats")]

    def ask(cache: Path, question: Question) -> str:
        with cache_in(cache):
            return _str(answered(library, repr(question), question, current=current)[1])

    def fresh(question: Question) -> str:
        shutil.rmtree(tmp_path / "cold", ignore_errors=True)
        return ask(tmp_path / "cold", question)

    for question in questions:
        ask(tmp_path / "warm", question)
    _put(current, _game((1, 3), 9, 6))  # won
    for question in questions:
        assert ask(tmp_path / "warm", question) == fresh(question)
    assert spy.used == 3
    os.replace(current, library / "2026" / "won.toml")  # moved in
    _put(current, _game((2, 4), 10, 2))  # the next game, just begun
    for question in questions:
        got = ask(tmp_path / "warm", question)
        assert got == fresh(question)
        if question.command == "history":  # the game's file is now the library's copy
            assert "won.toml" in got and str(current) not in got
    assert spy.used == 6
