"""Properties of the library over random files: what a warm index answers is what a fresh build
answers, byte for byte, after any additions, removals and edits; and of one game's copies in
random folders under sync tools' names, no event of any copy is ever counted away in silence."""

from __future__ import annotations

import os
import shutil
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.game.model import new_game_id
from terts_referee.game.storage import read_game, write_game
from tests.library.games import game_of

DAY = datetime.fromisoformat("2026-03-01T19:00:00+02:00")
PLAYERS = (("Аня", "Боря"), ("Вася", "Аня"), ("Боря", "Вика"))
IDS = [new_game_id() for _ in range(4)]
FOLDERS = ("", "2026", "phone", "laptop/old")
#: the names sync tools give a conflict copy of X.toml
CONFLICT_NAMES = (
    "{x}.toml",
    "{x}.sync-conflict-20260301-201500-ABCDEFG.toml",
    "{x} (conflicted copy 2026-03-01 201500).toml",
    "{x} (Аня's conflicted copy 2026-03-01).toml",
)
PAST = time.time() - 30 * 86400  # well out of the racy window: kept answers are used
#: Each file written gets a time of its own, across examples too: a file rewritten with other
#: bytes under the same size and time (and a reused inode) is what no index can tell (only a
#: change within one tick of a coarse clock can do that, and that one is re-hashed).
CLOCK = [PAST]


def tick() -> float:
    CLOCK[0] += 61
    return CLOCK[0]


SLOW = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _doc(game: int, moves: int, diverge: int) -> dict:
    """Game ``game`` of the pool after ``moves`` events; ``diverge`` > 0: its last event
    entered at another moment (one game continued differently)."""
    a, b = PLAYERS[game % len(PLAYERS)]
    doc = game_of(a, b, DAY + timedelta(days=game), IDS[game], moves=moves).to_doc()
    if diverge:
        doc["events"][-1]["at"] = doc["events"][-1]["at"] + timedelta(seconds=diverge)
    return doc


def _put(path: Path, doc: dict, when: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_game(path, doc)
    os.utime(path, (when, when))


FILE = st.tuples(
    st.sampled_from(FOLDERS),
    st.sampled_from(("a", "b", "c")),
    st.integers(0, len(IDS) - 1),
    st.integers(1, 6),
    st.sampled_from((0, 0, 7)),
)
STEP = st.one_of(
    st.tuples(st.just("add"), FILE),
    st.tuples(st.just("remove"), st.integers(0, 50)),
    st.tuples(st.just("edit"), st.integers(0, 50), FILE),
    st.tuples(st.just("touch"), st.integers(0, 50)),
)
ASK = st.sampled_from(
    [
        ("stats", "--json"),
        ("history", "--json"),
        ("stats", "--json", "--player", "ан"),
        ("stats", "--json", "--since", "2026-03-02"),
        ("history", "--json", "--until", "2026-03-02"),
        ("stats", "--json", "--player", "аня", "--vs", "бо"),
        ("stats",),
        ("history",),
    ]
)


def _ask(terts, cache: Path, argv: tuple[str, ...]) -> tuple[int, str, str]:
    os.environ["TERTS_CACHE"] = str(cache)
    r = terts(*argv, game=False)
    return r.code, r.stdout, r.stderr


@pytest.mark.slow  # each answer asked of the commands twice, warm and cold: the full run has it
@SLOW
@given(start=st.lists(FILE, max_size=6), steps=st.lists(STEP, max_size=6), asks=st.data())
def test_a_warm_answer_is_a_fresh_builds_answer_byte_for_byte(terts, tmp_path, start, steps, asks):
    library = tmp_path / "library"
    shutil.rmtree(library, ignore_errors=True)
    warm, cold = tmp_path / "warm", tmp_path / "cold"
    shutil.rmtree(warm, ignore_errors=True)

    def place(spec) -> None:
        folder, name, game, moves, diverge = spec
        _put(library / folder / f"{name}{game}.toml", _doc(game, moves, diverge), tick())

    library.mkdir()
    for spec in start:
        place(spec)
    saved = os.environ.get("TERTS_CACHE")
    try:
        for step in [("none",), *steps]:
            files = sorted(library.rglob("*.toml"))
            if step[0] == "add":
                place(step[1])
            elif step[0] in ("remove", "edit", "touch") and files:
                path = files[step[1] % len(files)]
                if step[0] == "remove":
                    path.unlink()
                elif step[0] == "touch":
                    when = tick()
                    os.utime(path, (when, when))
                else:
                    _, _, game, moves, diverge = step[2]
                    _put(path, _doc(game, moves, diverge), tick())
            for _ in range(2):  # the second time from the answer kept
                argv = asks.draw(ASK)
                got = _ask(terts, warm, argv)
                shutil.rmtree(cold, ignore_errors=True)
                fresh = _ask(terts, cold, argv)
                assert got == fresh, argv
    finally:
        if saved is None:
            os.environ.pop("TERTS_CACHE", None)
        else:
            os.environ["TERTS_CACHE"] = saved


def _journal(path: Path) -> tuple[list, list]:
    doc = read_game(path)
    return doc.get("events", []), doc.get("corrections", [])


def _within(earlier: Path, later: Path) -> bool:
    """Every event and correction of ``earlier`` is one of ``later``'s, in place."""
    (e1, c1), (e2, c2) = _journal(earlier), _journal(later)
    return e2[: len(e1)] == e1 and c2[: len(c1)] == c1


COPY = st.tuples(
    st.sampled_from(FOLDERS),
    st.sampled_from(CONFLICT_NAMES),
    st.integers(1, 6),
    st.sampled_from((0, 0, 3, 11)),
    st.booleans(),
)


@SLOW
@given(copies=st.lists(COPY, min_size=1, max_size=5), warm_first=st.booleans())
def test_no_event_of_any_copy_is_counted_away_in_silence(terts, tmp_path, copies, warm_first):
    """One game in random copies (prefixes of it, and copies whose later events went another
    way), in random folders under sync tools' names, with a correction on some: every copy is
    counted, or not counted beside a counted copy that holds all its events and corrections,
    or named in a conflict; and a game in conflict has no copy counted."""
    library = tmp_path / "library"
    shutil.rmtree(library, ignore_errors=True)
    game_id = new_game_id()
    for n, (folder, pattern, moves, diverge, corrected) in enumerate(copies):
        game = game_of("Аня", "Боря", DAY, game_id, moves=moves)
        if corrected and moves >= 2:
            game.correct("drop", moves)
        doc = game.to_doc()
        if diverge:
            doc["events"][-1]["at"] = doc["events"][-1]["at"] + timedelta(seconds=diverge)
        path = library / folder / pattern.format(x=f"game{n}")
        _put(path, doc, tick())
    if warm_first:
        assert terts("history", "--json", game=False).code == 0
    r = terts("stats", "--json", game=False)
    assert r.code == 0, r.stderr
    data = r.json()
    listed = terts("history", "--json", game=False).json()
    counted = {g["file"] for g in listed["games"]}
    copies_of = {c["file"]: c["counted"] for c in data["copies"]}
    in_conflict = {f for c in data["conflicts"] for f in (*c["files"], *c["earlier"])}
    for path in library.rglob("*.toml"):
        name = str(path)
        assert (name in counted) + (name in copies_of) + (name in in_conflict) == 1, name
        if name in copies_of:
            assert _within(path, Path(copies_of[name])), name
    if data["conflicts"]:
        assert counted == set() and copies_of == {}
        (conflict,) = data["conflicts"]
        ways = [Path(f) for f in conflict["files"]]
        assert len(ways) >= 2
        for a in ways:  # the ways it went: none holds another
            assert not any(_within(a, b) for b in ways if b != a)
        for e in conflict["earlier"]:  # each earlier one is within one of the ways
            assert any(_within(Path(e), b) for b in ways)
        said = [line for line in r.stderr.splitlines() if "continued differently" in line]
        assert len(said) == 1 and all(str(w) in said[0] for w in ways)
    else:
        assert len(counted) == 1
        (kept,) = counted
        assert all(_within(path, Path(kept)) for path in library.rglob("*.toml"))
